# flyi: run
# Kernels launched on the emulator: printf from 4 threads (exact lines, in order), scalar arguments,
# grid/block as int, tuple or list, compile-only, calling a CompiledKernel, and fy_trace's launch errors.
import flydsl.compiler as flyc
import flydsl.expr as fx

@flyc.kernel
def hello():
    fx.printf("hello from block {} thread {}", fx.block_idx.x, fx.thread_idx.x)

@flyc.jit
def run_hello():
    hello().launch(grid=1, block=[4])

run_hello()
print("-- after hello")

@flyc.kernel
def scalars(x: fx.Int32, f: fx.Float32, n: fx.Int64, tag: fx.Constexpr[str]):
    t = fx.thread_idx.x
    fx.printf("{} t={} x={} f={} n={} x*t={} 2f={}", tag, t, x, f, n, x * t, f * 2.0)

@flyc.jit
def run_scalars(x, f, n):
    scalars(x, f, n, "s").launch(grid=(1, 1), block=(2,))
    return 7

print(run_scalars(5, 1.5, 2**40))
print("-- compile only")
k = flyc.compile(run_scalars, 1, 2.0, 3, run=False)
print(k)
print("-- call the compiled kernel")
print(k(2, 0.25, 9))
print("-- blocks")

@flyc.kernel
def blocks():
    if_first = fx.thread_idx.x
    fx.printf("b=({},{}) t={}", fx.block_idx.x, fx.block_idx.y, if_first)

@flyc.jit
def run_blocks():
    blocks().launch(grid=(2, 2), block=1)

run_blocks()
try:
    hello().launch(grid=(1, 2, 3, 4))
except TypeError as e:
    print("TypeError:", e)
try:
    hello().launch(block=0)
except ValueError as e:
    print("ValueError:", e)
print(issubclass(flyc.KernelError, RuntimeError))
print("-- signed zero")

@flyc.kernel
def zeros(f: fx.Float32):
    z = f * -1.0
    fx.printf("{} {} {:.3f} {:+.1f} {:e}", f, z, z, f, z)
    fx.printf("{:>4}|{}|{{x}}|{:08.3f}", 7, "a{b}", f)

@flyc.jit
def run_zeros(f):
    zeros(f).launch(grid=1, block=1)

run_zeros(0.0)
run_zeros(-2.5)
