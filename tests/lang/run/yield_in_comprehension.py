# `yield` inside a comprehension or generator expression is a SyntaxError (it would turn the
# comprehension's hidden function into a generator); the first iterable is evaluated in the
# enclosing function, so a yield there is fine, and so is one in a lambda.
cases = [
    "def f():\n    return [(yield x) for x in range(2)]\n",
    "def f():\n    return {(yield x) for x in range(2)}\n",
    "def f():\n    return {x: (yield x) for x in range(2)}\n",
    "def f():\n    return list((yield x) for x in range(2))\n",
    "def f():\n    return [y for x in range(2) for y in (yield x)]\n",
    "def f():\n    return [x for x in range(3) if (yield x)]\n",
    "def f():\n    return [[(yield) for z in w] for w in range(2)]\n",
    "def f():\n    return [(yield from x) for x in range(2)]\n",
]
for src in cases:
    try:
        exec(src)
        print("compiled")
    except SyntaxError as e:
        print("SyntaxError:", e.msg, "line", e.lineno)


def ok():
    got = [x * 2 for x in (yield "first")]
    return got


g = ok()
print(next(g))
try:
    g.send([1, 2, 3])
except StopIteration as e:
    print(e.value)
print(list((lambda: (yield 3))()))
print([list(h) for h in [(lambda: (yield k))() for k in range(3)]])
