# flyi: run
# fly.extract_aligned_pointer_as_index of kernel tensors (as !llvm.ptr<1> and as index), then llvm loads and
# stores through those addresses, run on the emulator.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir import ir
from flydsl._mlir.dialects import arith, llvm, fly
from flydsl._mlir.extras import types as T

@flyc.kernel
def k(src: fx.Tensor, dst: fx.Tensor):
    tid = fx.thread_idx.x
    base = fly.extract_aligned_pointer_as_index(ir.Type.parse("!llvm.ptr<1>"), src)
    idx = fly.extract_aligned_pointer_as_index(dst)
    print(base.type, idx.type)
    out = llvm.IntToPtrOp(llvm.PointerType.get(1), arith.index_cast(T.i64(), idx)).result
    i = arith.index_cast(T.i32(), fx.Index(tid).ir_value())
    x = llvm.load(T.f32(), llvm.getelementptr(base.type, base, [i], [-2147483648], T.f32()))
    llvm.store(arith.addf(x, x), llvm.getelementptr(out.type, out, [i], [-2147483648], T.f32()))

@flyc.jit
def run(s, d):
    k(s, d).launch(grid=1, block=4)
s = torch.arange(4, dtype=torch.float32, device="cuda")
d = torch.zeros(4, dtype=torch.float32, device="cuda")
run(s, d)
print(d.tolist())
