# Errors of FlyDSL's `range(..., init=[...])` loops and their `yield` in kernels: a yield outside
# such a loop, a yield that is not the body's last statement, wrong count or type of yielded values,
# a body without yield, a bad init=, a traced name used after the loop; each names the line and the
# session goes on. Plain Python keeps CPython's meaning (range() takes no keyword arguments).
import flydsl.compiler as flyc
import flydsl.expr as fx

@flyc.kernel
def outside(x: fx.Int32):
    yield x

@flyc.kernel
def not_last(x: fx.Int32):
    for k, st in range(x, init=[0]):
        y = yield [st[0] + 1]
        fx.printf("{}", y)

@flyc.kernel
def count(x: fx.Int32):
    for k, st in range(x, init=[0, 1.0]):
        r = yield [st[0] + 1]

@flyc.kernel
def dtype(x: fx.Int32):
    for k, st in range(x, init=[fx.Int32(0)]):
        r = yield [fx.Float32(1.0)]

@flyc.kernel
def missing(x: fx.Int32):
    for k, st in range(x, init=[x]):
        y = st[0] + 1

@flyc.kernel
def bad_init(x: fx.Int32):
    for k, st in range(x, init=["a"]):
        r = yield ["b"]

@flyc.kernel
def not_list(x: fx.Int32):
    for k, st in range(x, init=x):
        r = yield x

@flyc.kernel
def in_region(x: fx.Int32):
    acc = fx.Int32(0)
    for k, st in range(x, init=[acc]):
        acc = st[0] + 1
        r = yield acc
    fx.printf("{} {}", r, acc)

@flyc.kernel
def brk(x: fx.Int32):
    for k, st in range(x, init=[x]):
        if k > 2:
            break
        r = yield [st[0]]

for kern in (outside, not_last, count, dtype, missing, bad_init, not_list, in_region, brk):
    @flyc.jit
    def run(x):
        kern(x).launch(grid=1, block=1)
    try:
        flyc.compile(run, fx.Int32(3))
        print("no error")
    except Exception as e:
        print(type(e).__name__ + ":", e)

def plain(n):
    for k, st in range(n, init=[0]):
        yield [st[0] + k]

try:
    plain(3)
except TypeError as e:
    print("plain Python:", e)

def gen(n):
    for i in range(n):
        got = yield i * 2
        if got:
            print("sent", got)
g = gen(3)
print(next(g), g.send("x"), list(g))
