# flyi: run
# The authoring reference, section 3 "runtime loops with loop-carried values": a software-pipelined
# range(fx.Int64(0), fx.Int64(N - 1), fx.Int64(1), init=[acc, tile...]) with `results = yield [...]`
# and an epilogue on the results; a Vector carried through init=; LDS views built once at the top
# (SharedAllocator().allocate(...).peek() + .view()) read inside the loop and after it.
import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl.expr import gpu
import torch

N = 6


@flyc.kernel
def pipelined(A: fx.Tensor, out: fx.Tensor):
    tid = gpu.thread_id("x")
    base = tid * N

    def prefetch(i):
        return [A[base + i], A[base + i] * 2.0]

    def compute(acc, tile):
        return acc + tile[0] + tile[1]

    tile_0 = prefetch(0)
    init_state = [fx.Float32(0.0)] + tile_0
    _start = fx.Int64(0)
    _stop = fx.Int64(N - 1)
    _step = fx.Int64(1)
    for iv, state in range(_start, _stop, _step, init=init_state):
        acc_in = state[0]
        tile_in = state[1:]
        next_tile = prefetch(iv + 1)
        acc_in = compute(acc_in, tile_in)
        results = yield [acc_in] + next_tile
    acc_final = results[0]
    tile_final = results[1:]
    out[tid] = compute(acc_final, tile_final)


@flyc.jit
def run_pipelined(A: fx.Tensor, out: fx.Tensor):
    pipelined(A, out).launch(grid=(1,), block=(4,))


a = torch.arange(4 * N, dtype=torch.float32).cuda()
o = torch.zeros(4, dtype=torch.float32).cuda()
run_pipelined(a, o)
print(o.tolist(), (a.reshape(4, N).sum(1) * 3).tolist())


@flyc.kernel
def carried_vector(out: fx.Tensor, n: fx.Int32):
    v0 = fx.Vector.filled(4, 1.0, fx.Float32)
    for i, state in range(fx.Int64(0), fx.Int64(n), fx.Int64(1), init=[v0, fx.Int32(0)]):
        v = state[0] * 2.0
        c = state[1] + 1
        res = yield [v, c]
    vec, count = res
    out[0] = vec[3]
    out[1] = fx.Float32(count)


@flyc.jit
def run_cv(out: fx.Tensor, n: fx.Int32):
    carried_vector(out, n).launch(grid=(1,), block=(1,))


o2 = torch.zeros(2, dtype=torch.float32).cuda()
run_cv(o2, 5)
print(o2.tolist())


@flyc.kernel
def lds_top(A: fx.Tensor, out: fx.Tensor):
    tid = gpu.thread_id("x")
    s = fx.SharedAllocator().allocate(fx.Array[fx.Float32, 64]).peek()
    sv = s.view(fx.make_layout((64,), (1,)))
    sv[tid] = A[tid]
    gpu.barrier()
    acc = fx.Float32(0.0)
    for i, st in range(fx.Int64(0), fx.Int64(4), fx.Int64(1), init=[acc]):
        a2 = st[0] + sv[(tid + i) % 64]
        r = yield [a2]
    out[tid] = r + sv[tid]


@flyc.jit
def run_lds(A: fx.Tensor, out: fx.Tensor):
    lds_top(A, out).launch(grid=(1,), block=(64,))


a3 = torch.arange(64, dtype=torch.float32).cuda()
o3 = torch.zeros(64, dtype=torch.float32).cuda()
run_lds(a3, o3)
print(o3.tolist()[:3], o3.tolist()[61:])
