# FlyDSL's `for iv, st in range(..., init=[...])` loops ending in `yield`, in every statement nesting:
# the bytecode compiler's stack-depth rule must hold for each (FOR_RANGE with init= pops range, the
# bounds, the init value and the keyword names; a yield may end the body or a branch of its last `if`).
# Nothing here runs a loop (plain Python's range takes no init=); each function only has to compile.


def in_if(n, c):
    if c:
        for iv, st in range(0, n, 1, init=[0]):
            r = yield [st[0] + 1]
    elif c > 2:
        for iv, st in range(0, n, 1, init=[0, 1]):
            r = yield [st[0] + 1, st[1]]
        x = r
    else:
        x = 0
    return x


def yield_in_branches(n, c):
    for iv, st in range(n, init=[0]):
        a = st[0]
        if c > 1:
            r = yield [a + 1]
        elif c > 0:
            if c > 5:
                r = yield [a + 2]
            else:
                r = yield [a + 3]
        else:
            r = yield [a]
    return r


def nested(n):
    for i, s in range(n, init=[0, 0.0]):
        for j, t in range(i, init=[s[0]]):
            r1 = yield [t[0] + j]
        r = yield [r1, s[1]]
    return r


def in_loops(n):
    k = 0
    while k < n:
        for i, s in range(n, init=[k]):
            r = yield [s[0] + i]
        for m in range(3):
            try:
                for i, s in range(m, init=[0]):
                    r = yield s
            except ValueError:
                pass
        k += 1
    return k


def in_with(n, cm):
    with cm:
        for i, s in range(n, init=[1]):
            r = yield [s[0] * 2]
    def inner(m):
        for i, s in range(m, init=[0]):
            if m:
                q = yield [s[0]]
            else:
                q = yield [s[0] + 1]
        return q
    return inner


print("compiled:", in_if.__name__, yield_in_branches.__name__, nested.__name__, in_loops.__name__, in_with.__name__)
try:
    in_if(3, 1)
except TypeError as e:
    print("plain Python:", e)
