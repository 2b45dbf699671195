# flyi: run
# vector.load / vector.store on flyi's kernel tensors (a global tensor and LDS from fx.get_dyn_shared) through
# the bindings, with one linear element index as FlyDSL's kernels pass it, run on the emulator.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir.dialects import arith, vector, gpu
from flydsl._mlir.extras import types as T
N = 64
@flyc.kernel
def k(src: fx.Tensor, dst: fx.Tensor):
    tid = fx.thread_idx.x
    lds = fx.get_dyn_shared(fx.Float32).view(fx.make_layout(N * 4, 1))
    base = arith.muli(fx.Int32(tid).ir_value(), arith.constant(T.i32(), 4))
    v = vector.load(T.vector(4, T.f32()), src, [base], alignment=16)
    vector.store(arith.addf(v, v), lds, [base])
    fx.barrier()
    rev = arith.muli(arith.subi(arith.constant(T.i32(), N - 1), fx.Int32(tid).ir_value()), arith.constant(T.i32(), 4))
    w = vector.load(T.vector(4, T.f32()), lds, [rev])
    vector.store(w, dst, [base])
@flyc.jit
def run(s, d):
    k(s, d).launch(grid=1, block=N, smem=N * 16)
s = torch.arange(N * 4, dtype=torch.float32, device="cuda")
d = torch.zeros(N * 4, dtype=torch.float32, device="cuda")
run(s, d)
got = d.tolist()
want = [2.0 * ((N - 1 - i // 4) * 4 + i % 4) for i in range(N * 4)]
print(got[:8], "ok" if got == want else "differs")
