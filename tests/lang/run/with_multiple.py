class CM:
    def __init__(self, name): self.name = name
    def __enter__(self):
        print("enter", self.name)
        return self.name
    def __exit__(self, *exc):
        print("exit", self.name, exc[0].__name__ if exc[0] else None)
        return False
with CM("a") as a, CM("b") as b:
    print("body", a, b)
try:
    with CM("c"):
        raise KeyError("x")
except KeyError:
    print("propagated")
def f():
    with CM("d"):
        return "returned"
print(f())
for i in range(2):
    with CM(f"loop{i}"):
        if i == 0:
            continue
        break
