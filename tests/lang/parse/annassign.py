x: int
y: int = 1
self.z: str = "a"
d["k"]: list[int] = []
(w): int = 3
