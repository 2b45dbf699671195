# The source IR of a @flyc.jit call that launches kernels is FlyDSL's host module: the kernels it emitted in one
# gpu.module @kernels and a host func.func with a gpu.launch_func per launch. A kernel call (KernelLauncher)
# emits a gpu.func per known_block_size (launching it twice with the same block reuses it); symbols are named
# as FlyDSL names them: name= of @flyc.kernel, else <function>_<kernel id>, a repeated one suffixed _<kernel id>.
import torch
import flydsl.compiler as flyc
import flydsl.expr as fx


@flyc.kernel
def fill(x: fx.Tensor, v: fx.Int32):
    x[fx.thread_idx.x] = fx.Float32(v)


@flyc.kernel(name="named_fill")
def fill2(x: fx.Tensor):
    x[fx.thread_idx.x] = fx.Float32(1.0)


@flyc.jit
def same_twice(x: fx.Tensor, v: fx.Int32):
    p = fill(x, v)
    p.launch(grid=(1, 1, 1), block=(64, 1, 1))
    p.launch(grid=(2, 1, 1), block=(64, 1, 1), smem=256)


@flyc.jit
def named_twice(x: fx.Tensor):
    p = fill2(x)
    p.launch(grid=(1, 1, 1), block=(64, 1, 1))
    p.launch(grid=(1, 1, 1), block=(32, 1, 1))
    fill(x, 5).launch(grid=(1, 1, 1), block=(16, 1, 1))


x = torch.zeros(64, device="cuda", dtype=torch.float32)
for f, args in ((same_twice, (x, 3)), (named_twice, (x,))):
    f(*args)
    src = next(iter(f._mem_cache.values())).source_ir
    print(src)
    print(src.count("gpu.launch_func"), src.count("gpu.func @"))
print(x[:3].tolist(), x[20:22].tolist())
