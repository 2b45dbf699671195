# flyi: run
# A kernel call's arguments are checked against the kernel's parameters before anything is traced: the
# count (Python's wording; keyword arguments bind by name), a tensor for fx.Tensor, a number for fx.Int32,
# a supported dtype; launch() checks grid, block (at most 1024 threads) and smem. Each error names the
# kernel and the parameter, what it expects and what came, and points at the line of the kernel call.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

@flyc.kernel
def k(A: fx.Tensor, n: fx.Int32, c: fx.Constexpr[int]):
    A[fx.thread_idx.x] = n + c

@flyc.jit
def run(A, n, c, g=1, b=4, s=0):
    k(A, n, c).launch(grid=g, block=b, smem=s)

@flyc.jit
def run_few(A):
    k(A).launch(grid=1, block=4)

@flyc.jit
def run_many(A):
    k(A, 1, 2, 3).launch(grid=1, block=4)

@flyc.jit
def run_unknown(A):
    k(A, n=1, c=2, d=3).launch(grid=1, block=4)

@flyc.jit
def run_twice(A):
    k(A, 1, n=5).launch(grid=1, block=4)

@flyc.jit
def run_kw(A):
    k(A, c=2, n=5).launch(grid=1, block=4)

def t(f, *args, **kw):
    try:
        f(*args, **kw)
        print("ok")
    except Exception as e:
        tb = e.__traceback__
        while tb.tb_next is not None:
            tb = tb.tb_next
        print("line %d: %s: %s" % (tb.tb_lineno, type(e).__name__, e))

a = torch.zeros(4, device="cuda")
t(run, 5, 1, 2)
t(run, a, a, 2)
t(run, a, "x", 2)
t(run, [1, 2], 1, 2)
t(run, None, 1, 2)
t(run, torch.zeros(4, dtype=torch.float8_e4m3fn, device="cuda"), 1, 2)
t(run_few, a)
t(run_many, a)
t(run_unknown, a)
t(run_twice, a)
t(run_kw, a)
print(a.tolist())
t(run, a, 1, 2, g=0)
t(run, a, 1, 2, b=(0, 1, 1))
t(run, a, 1, 2, b=(64, 32))
t(run, a, 1, 2, g="x")
t(run, a, 1, 2, g=(1, 2, 3, 4))
t(run, a, 1, 2, s=-1)
t(run, a, 1, 2)
print(a.tolist(), fx.Stream(None).value)

# @flyc.jit functions: their annotations are checked the same way; a parameter annotated fx.Stream gets
# an fx.Stream of what it is given (FlyDSL's programs launch with stream=stream.value).
@flyc.jit
def launch(A: fx.Tensor, n: fx.Int32, stream: fx.Stream = fx.Stream(None)):
    print(type(stream).__name__, stream.value)
    k(A, n, c=10).launch(grid=1, block=4, stream=stream.value)

launch(a, 1)
launch(a, 2, stream=torch.cuda.current_stream())
launch(a, 3, fx.Stream(None))
print(a.tolist())
t(launch, 5, 1)
t(launch, a, a)
t(launch, a, n="x")

# what FlyDSL's programs read: flydsl.expr.typing's Constexpr and Stream, a JitFunction's .func
from flydsl.expr.typing import Constexpr, Stream
print(Constexpr is fx.Constexpr, Stream is fx.Stream, launch.func.__name__, k.func.__name__)

# A jit function's fx.Constexpr takes what FlyDSL's Constexpr takes: a tensor or a pointer is refused
# with its wording and the parameter; a plain value specialises the kernel.
@flyc.jit
def launch_c(A: fx.Tensor, c: fx.Constexpr[int]):
    k(A, 1, c).launch(grid=1, block=4)

launch_c(a, 5)
print(a.tolist())
t(launch_c, a, a)
t(launch_c, a, flyc.from_dlpack(a))
t(launch_c, a, flyc.from_c_void_p(fx.Float32, a.data_ptr()))

# A tensor used with a coordinate of another rank than its static layout's is an IndexError at trace
# time, naming the layout; mark_layout_dynamic's dimension must exist.
@flyc.kernel
def k2(A: fx.Tensor):
    A[(fx.thread_idx.x, 0)] = 1.0

@flyc.jit
def launch_2d(A: fx.Tensor):
    k2(A).launch(grid=1, block=2)

t(launch_2d, flyc.from_dlpack(torch.zeros(8, device="cuda")))
b2 = torch.zeros(2, 3, device="cuda")
launch_2d(flyc.from_dlpack(b2))
print(b2.tolist())
t(lambda: flyc.from_dlpack(b2).mark_layout_dynamic(leading_dim=2))
t(lambda: flyc.from_dlpack(b2).mark_layout_dynamic(leading_dim=-3))
t(lambda: flyc.from_dlpack(b2).mark_layout_dynamic(leading_dim=0))
