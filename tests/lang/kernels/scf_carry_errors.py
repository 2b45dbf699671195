# Values that cannot be merged or carried through control flow on dynamic values (trace_carry.c): each is
# an error naming the variable, both kinds and the line, never a wrong result or invalid IR; the session
# goes on. Lists of different lengths, a tensor on one path and an int on the other, Python-only values
# changed on a runtime path, a list growing in a loop, a change through another name, two different
# tensors or pointers as one result, a yield on one path only, a tensor in init=.
import flydsl.compiler as flyc
import flydsl.expr as fx

@flyc.kernel
def lengths(A: fx.Tensor, x: fx.Int32):
    lst = [fx.Int32(1)]
    if x > 0:
        lst.append(fx.Int32(2))
    A[0] = lst[0]

@flyc.kernel
def rebound_lengths(A: fx.Tensor, x: fx.Int32):
    lst = [fx.Int32(1)]
    if x > 0:
        lst = [x, x]
    A[0] = lst[0]

@flyc.kernel
def tensor_or_int(A: fx.Tensor, x: fx.Int32):
    v = 0
    if x > 0:
        v = A
    A[0] = fx.Float32(1.0) if v == 0 else fx.Float32(2.0)

@flyc.kernel
def python_str(A: fx.Tensor, x: fx.Int32):
    cfg = {"mode": "a", "k": fx.Int32(0)}
    if x > 0:
        cfg["mode"] = "b"
    A[0] = fx.Float32(cfg["k"])

@flyc.kernel
def grows(A: fx.Tensor, x: fx.Int32):
    acc = [fx.Float32(0.0)]
    for i in range(x):
        acc.append(fx.Float32(i))
    A[0] = acc[0]

def add_one(lst):
    lst[0] = lst[0] + 1

@flyc.kernel
def through_helper(A: fx.Tensor, x: fx.Int32):
    lst = [fx.Int32(0)]
    other = lst
    for i in range(x):
        add_one(other)
    A[0] = fx.Float32(lst[0])

@flyc.kernel
def two_tensors(A: fx.Tensor, B: fx.Tensor, x: fx.Int32):
    t = A
    if x > 0:
        t = B
    t[0] = fx.Float32(1.0)

@flyc.kernel
def loop_tensor(A: fx.Tensor, B: fx.Tensor, x: fx.Int32):
    t = A
    for i in range(x):
        t = B
    t[0] = fx.Float32(1.0)

@flyc.kernel
def yield_one_path(A: fx.Tensor, x: fx.Int32):
    for iv, st in range(0, x, 1, init=[fx.Int32(0)]):
        if x > 2:
            r = yield [st[0] + 1]
        else:
            pass
    A[0] = fx.Float32(r)

@flyc.kernel
def init_tensor(A: fx.Tensor, x: fx.Int32):
    for iv, st in range(0, x, 1, init=[A]):
        r = yield [st[0]]
    r[0] = fx.Float32(1.0)

for k in (lengths, rebound_lengths, tensor_or_int, python_str, grows, through_helper, two_tensors, loop_tensor,
          yield_one_path, init_tensor):
    @flyc.jit
    def run(A, B, x):
        if k in (two_tensors, loop_tensor):
            k(A, B, x).launch(grid=1, block=1)
        else:
            k(A, x).launch(grid=1, block=1)
    try:
        import torch
        flyc.compile(run, torch.zeros(4, device="cuda"), torch.zeros(4, device="cuda"), fx.Int32(3))
        print(k.__name__ if hasattr(k, "__name__") else k, "no error")
    except Exception as e:
        print(type(e).__name__ + ":", e)
