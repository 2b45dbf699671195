# flyi: run
# Values through control flow on dynamic values (trace_carry.c), checked against the interpreter itself:
# the same kernel body runs (a) traced, compiled and launched per thread on the emulator and (b) as plain
# Python per thread with Python ints in place of Int32. Lists, tuples, dicts and plain objects, rebound or
# changed in place (x[i] = v, d[k] = v, o.a = v, append + pop), through if/elif/else, for with runtime
# bounds and a negative step, while, and their nesting; the loop variable is live after the loop with
# Python's value (also after zero iterations); a SimpleNamespace rebound in a while loop; a dict rebuilt
# with its keys in another order.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from types import SimpleNamespace

W = 17

class Obj:
    pass

class Tid:
    x = 0

def make(kernel, I32, T, RC):
    @kernel
    def body(out: fx.Tensor, n: fx.Int32, flag: fx.Int32):
        i = T.x
        lst = [I32(0), I32(100)]
        for j in range(n):
            lst = [lst[0] + 1, lst[1] - i]
        acc = [I32(0), I32(0)]
        for j in range(n):
            acc[0] = acc[0] + j
            acc[1] += i
        d = {"s": I32(1), "p": I32(1)}
        for j in range(1, n + 1):
            d["s"] = d["s"] + j
            if j % 2 == 0:
                d["p"] = d["p"] * 2
        l2 = [I32(1), I32(2)]
        if flag > 0:
            l2[0] = I32(10)
        elif i > 1:
            l2[1] = l2[1] + i
        else:
            l2.append(I32(7))
            l2[0] = l2.pop() + l2[0]
        t = (I32(0), [I32(1), I32(2)])
        k = I32(0)
        while k < n:
            t = (t[0] + k, [t[1][1], t[1][0] + 1])
            if t[0] > 2:
                t[1][0] = t[1][0] + 10
            k = k + 1
        j = I32(-1)
        down = I32(0)
        for j in range(n + i, 0, -2):
            down = down + j
        o = Obj()
        o.a = I32(0)
        for q in range(n):
            if q < i:
                o.a = o.a + 2
        ns = [I32(0), (I32(5), I32(6))]
        if i == flag:
            ns = [ns[0] + 1, (ns[1][1], ns[1][0])]
        sn = SimpleNamespace(cnt=n, acc=I32(0))
        while sn.cnt > i:
            sn = SimpleNamespace(cnt=sn.cnt - 1, acc=sn.acc + sn.cnt)
        kd = {"a": I32(1), "b": I32(2)}
        if flag > i:
            kd = {"b": kd["a"] + 10, "a": kd["b"] + 20}
        vals = [lst[0], lst[1], acc[0], acc[1], d["s"], d["p"], l2[0], l2[1], t[0], t[1][0], t[1][1], down, j, o.a,
                ns[0] * 100 + ns[1][0] * 10 + ns[1][1], sn.cnt * 100 + sn.acc, kd["a"] * 100 + kd["b"]]
        for m in RC(W):
            out[i * W + m] = vals[m]
    return body

kern = make(flyc.kernel, fx.Int32, fx.thread_idx, fx.range_constexpr)
plain = make(lambda f: f, int, Tid, range)

@flyc.jit
def run(out, n, flag):
    kern(out, n, flag).launch(grid=1, block=4)

for n, flag in ((5, 0), (4, 1), (0, 2), (1, 3)):
    out = torch.zeros(4 * W, dtype=torch.int32, device="cuda")
    run(out, n, flag)
    got = out.tolist()
    exp = [0] * (4 * W)
    for tid in range(4):
        Tid.x = tid
        plain(exp, n, flag)
    print("n=%d flag=%d" % (n, flag), "PASS" if got == exp else "FAIL")
    for tid in range(4):
        print("  thread", tid, got[tid * W:(tid + 1) * W])
