# flyi: run
# Register tensors inside kernels: make_rmem_tensor, fill, element access, Vector arithmetic with
# scalars and vectors, memref_load/memref_store, and shape-mismatch errors reported at trace time. The
# tensor is passed with a static layout (flyc.from_dlpack), as make_fragment_like needs a static shape;
# a raw torch tensor's layout is dynamic, so a whole-tensor access to its column is an error.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

@flyc.kernel
def arith(A: fx.Tensor, k: fx.Float32):
    tid = fx.thread_idx.x
    row = A[tid, None]
    r = fx.make_fragment_like(row)
    r.fill(1.0)
    r[1] = row[1]
    s = fx.make_rmem_tensor((2, 2), fx.Float32)
    s.store(row.load() * k + r.load() - 0.5)
    fx.memref_store(fx.memref_load(s, 3) + 100.0, s, 3)
    print(row, s, r.load())
    row.store(s.load())

@flyc.jit
def run(a):
    arith(a, 2.0).launch(grid=1, block=a.shape[0])

a = torch.arange(8, dtype=torch.float32, device="cuda").reshape(2, 4)
exp = a * 2 + 0.5
exp[:, 1] = a[:, 1] * 2 + a[:, 1] - 0.5
exp[:, 3] += 100
run(flyc.from_dlpack(a))
print("rmem arith", "PASS" if torch.equal(a, exp) else "FAIL")

@flyc.kernel
def bad(A: fx.Tensor):
    r = fx.make_rmem_tensor(3, fx.Float32)
    A[None, 0].store(r.load())

@flyc.jit
def run_bad(a):
    bad(a).launch(grid=1, block=1)

try:
    run_bad(flyc.from_dlpack(a))
except ValueError as e:
    print("ValueError:", e)
try:
    run_bad(a)
except ValueError as e:
    print("ValueError:", e)

@flyc.kernel
def bad2(A: fx.Tensor):
    A[0, 1, 2] = 1.0

@flyc.jit
def run_bad2(a):
    bad2(a).launch(grid=1, block=1)

try:
    run_bad2(a)
except IndexError as e:
    print("IndexError:", e)
print("still running")
