ns = {"a": 2}
exec("b = a * 21\ndef f(x): return x + b", ns)
print(ns["b"], ns["f"](1), eval("a + b", ns), eval("f(a)", ns))
loc = {}
exec("z = 5", {}, loc)
print(loc)
print(eval("1 + 2 * 3"), eval("[x ** 2 for x in range(4)]"), eval("len('abc')"))
code = compile("3 * 7", "<expr>", "eval")
print(eval(code))
def f():
    y = 10
    return eval("y + 1")
print(f())
print(sorted(k for k in globals() if not k.startswith("__")))
