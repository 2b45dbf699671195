x: list[int]
y: dict[str, "C"]
z: Callable[[int], str]
