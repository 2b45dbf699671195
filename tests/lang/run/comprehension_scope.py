x = "outer"
res = [x for x in range(3)]
print(res, x)
y = 10
print([y * i for i in range(3)])
funcs = {name: (lambda n=name: n.upper()) for name in ["a", "b"]}
print({k: f() for k, f in funcs.items()})
class C:
    vals = [1, 2, 3]
    doubled = [v * 2 for v in vals]
print(C.doubled)
