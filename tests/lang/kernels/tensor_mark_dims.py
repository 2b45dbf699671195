# flyi: run
# flyc.from_torch_tensor(t).mark_shape_dynamic(dims, divisibility) / .mark_stride_dynamic(...): per-dimension
# dynamic extents and strides (the marks accumulate; divisibilities are powers of two); the kernel parameter's
# layout has those leaves dynamic, one compile serves every value of them, and __cache_signature__ shows them as
# -divisibility. __c_abi_spec__ sizes the layout buffer to the dynamic leaves.
import ctypes

import torch

import flydsl.compiler as flyc
import flydsl.expr as fx


@flyc.kernel
def fill_rows(A: fx.Tensor):
    t = fx.block_idx.x
    for j in range(4):
        A[t, j] = fx.Float32(t * 10 + j)


@flyc.jit
def launch(A: fx.Tensor, rows: fx.Int32):
    fill_rows(A).launch(grid=(rows, 1, 1), block=1)


for rows in (4, 8):
    a = flyc.from_torch_tensor(torch.zeros(rows, 4, device="cuda")).mark_shape_dynamic(0, divisibility=4)
    print(a, a.shape_dyn_indices, a.stride_dyn_indices, a.__cache_signature__()[-2:])
    before = flyc.cache_info()["misses"]
    launch(a, rows)
    print("compiled:", flyc.cache_info()["misses"] - before)
    print(a._tensor[rows - 1].tolist())

b = flyc.from_torch_tensor(torch.zeros(8, 16, 32)).mark_shape_dynamic(0, 16).mark_stride_dynamic([0, 1], [8, 8])
print(b, b.__cache_signature__()[-2:], ctypes.sizeof(b.__c_abi_spec__()[1][0]))
for bad in (lambda: b.mark_shape_dynamic(0, [1, 2]), lambda: b.mark_stride_dynamic([0, 1], [1, 2, 4]),
            lambda: b.mark_shape_dynamic(5), lambda: b.mark_shape_dynamic(0, 3)):
    try:
        bad()
    except ValueError as e:
        print("ValueError:", e)
