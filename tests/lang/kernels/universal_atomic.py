# flyi: run
# fx.UniversalAtomic copy atoms (FlyDSL's universal atomics): make_copy_atom(fx.UniversalAtomic(op,
# dtype, syncscope=...), dtype) with fx.copy_atom_call from a register tensor into a global tensor
# slice is one atomic per element; a float sum over 4 blocks at each sync scope, an integer max,
# and the type objects' MLIR text.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch


@flyc.kernel
def reduce_k(A: fx.Tensor, Out: fx.Tensor, block_dim: fx.Constexpr[int], scope: fx.Constexpr[str]):
    tid = fx.thread_idx.x
    bid = fx.block_idx.x
    tA = fx.logical_divide(A, fx.make_layout(block_dim, 1))
    tA = fx.slice(tA, (None, bid))
    tA = fx.logical_divide(tA, fx.make_layout(1, 1))
    load = fx.make_copy_atom(fx.UniversalCopy32b(), fx.Float32)
    add = fx.make_copy_atom(fx.UniversalAtomic(fx.AtomicOp.Add, fx.Float32, syncscope=scope), fx.Float32)
    rA = fx.make_rmem_tensor(1, fx.Float32)
    fx.copy_atom_call(load, fx.slice(tA, (None, tid)), rA)
    tOut = fx.logical_divide(Out, fx.make_layout(1, 1))
    fx.copy_atom_call(add, rA, fx.slice(tOut, (None, fx.Int32(0))))


@flyc.jit
def reduce_add(A: fx.Tensor, Out: fx.Tensor, n: fx.Int32, block_dim: fx.Constexpr[int], scope: fx.Constexpr[str]):
    reduce_k(A, Out, block_dim, scope).launch(grid=((n + block_dim - 1) // block_dim, 1, 1), block=(block_dim, 1, 1))


a = (torch.arange(256, dtype=torch.float32) * 0.5).cuda()
for sc in (fx.SyncScope.System, fx.SyncScope.SingleThread, fx.rocdl.SyncScope.Agent, fx.rocdl.SyncScope.Workgroup,
           fx.rocdl.SyncScope.Wavefront):
    o = torch.zeros(1, dtype=torch.float32).cuda()
    reduce_add(a, o, 256, 64, sc)
    print(repr(sc), o.tolist(), float(a.sum()))


@flyc.kernel
def max_k(A: fx.Tensor, Out: fx.Tensor):
    tid = fx.thread_idx.x
    rA = fx.make_rmem_tensor(1, fx.Int32)
    rA[0] = A[tid]
    mx = fx.make_copy_atom(fx.UniversalAtomicMax(fx.Int32), fx.Int32)
    fx.copy_atom_call(mx, rA, fx.slice(fx.logical_divide(Out, fx.make_layout(1, 1)), (None, tid % 2)))


@flyc.jit
def run_max(A: fx.Tensor, Out: fx.Tensor):
    max_k(A, Out).launch(grid=(1,), block=(64,))


vals = [(i * 29) % 61 - 30 for i in range(64)]
ai = torch.tensor(vals, dtype=torch.int32).cuda()
oi = torch.full((2,), -1000, dtype=torch.int32).cuda()
run_max(ai, oi)
print(oi.tolist(), [max(vals[0::2]), max(vals[1::2])])
print(fx.UniversalAtomicAdd(fx.Float32), fx.UniversalAtomic(fx.AtomicOp.Max, fx.Int32, fx.rocdl.SyncScope.Agent))
print(fx.UniversalAtomicAdd(fx.Float32) == fx.UniversalAtomic(fx.AtomicOp.Add, fx.Float32), fx.AtomicOp.Dec, int(fx.AtomicOp.Dec))
try:
    fx.make_copy_atom(fx.UniversalAtomicInc(fx.Int32), fx.Int32).apply(None, None)
except NotImplementedError as e:
    print("NotImplementedError:", e)
