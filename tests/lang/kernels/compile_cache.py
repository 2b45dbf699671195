# flyi: run
# The compile cache: a second launch with the same key does not trace again (flyc.cache_info() counts a
# hit), but the trace-time print in the kernel body is replayed, so that a cell prints the same whether
# or not its kernel was cached; a different Constexpr, element type or static layout, or a redefined kernel,
# compiles again. A raw torch tensor has a dynamic layout, so a new shape alone would reuse the compiled
# kernel, but here the block follows the shape and a static block specialises the kernel (its
# known_block_size, as in FlyDSL); flyc.from_dlpack(t) gives a static layout that specialises on the shape.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

@flyc.kernel
def scale(a: fx.Tensor, k: fx.Constexpr[int]):
    print("tracing scale with k =", k)
    i = fx.thread_idx.x
    a[i] = a[i] * k

@flyc.jit
def run(a, k):
    scale(a, k).launch(grid=1, block=a.shape[0])

x = torch.ones(8, device="cuda")
run(x, 2)
run(x, 2)
k1 = flyc.last_compiled()
run(x, 2)
print(flyc.last_compiled() is k1, x.tolist())
run(x, 3)
print(x[0].item())
y = torch.ones(4, device="cuda")
run(y, 2)
print(y.tolist(), flyc.cache_info())
run(flyc.from_dlpack(y), 2)
run(flyc.from_dlpack(y), 2)
run(flyc.from_dlpack(x), 2)
print(y.tolist(), flyc.cache_info())
n = torch.ones(4, dtype=torch.int32, device="cuda")
run(n, 3)
print(n.tolist(), flyc.cache_info())

@flyc.kernel
def scale(a: fx.Tensor, k: fx.Constexpr[int]):
    print("tracing the redefined scale")
    i = fx.thread_idx.x
    a[i] = a[i] + k

run(y, 2)
run(y, 2)
print(y.tolist(), flyc.cache_info())

@flyc.kernel
def show(n: fx.Int32):
    print("tracing show")
    fx.printf("n={}", n)

@flyc.jit
def run_show(n):
    show(n).launch()

for v in range(3):
    run_show(v)
print(flyc.cache_info()["size"])
