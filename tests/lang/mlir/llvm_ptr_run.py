# flyi: run
# Global memory through the LLVM dialect as FlyDSL's kernels reach it: the tensor's address (fx.ptrtoint), then
# llvm.inttoptr, getelementptr, load, store and atomicrmw on !llvm.ptr<1>, run on the emulator.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir import ir
from flydsl._mlir.dialects import arith, llvm
from flydsl._mlir.extras import types as T

N = 8


@flyc.kernel
def k(src: fx.Tensor, dst: fx.Tensor, cnt: fx.Tensor):
    tid = fx.thread_idx.x
    ptr_t = llvm.PointerType.get(1)
    base = llvm.IntToPtrOp(ptr_t, fx.ptrtoint(fx.get_iter(src)).ir_value()).result
    out = llvm.inttoptr(ptr_t, fx.ptrtoint(fx.get_iter(dst)).ir_value())
    i = arith.index_cast(T.i32(), fx.Index(tid).ir_value())
    p = llvm.GEPOp(ptr_t, base, [i], [-2147483648], T.f32()).result
    x = llvm.LoadOp(T.f32(), p, alignment=4).result
    y = arith.mulf(x, arith.constant(T.f32(), 2.0), fastmath=arith.FastMathFlags.fast)
    q = llvm.getelementptr(ptr_t, out, [i], [-2147483648], T.f32())
    llvm.StoreOp(y, q, alignment=4)
    c = llvm.inttoptr(ptr_t, fx.ptrtoint(fx.get_iter(cnt)).ir_value())
    old = llvm.AtomicRMWOp(llvm.AtomicBinOp.add, c, arith.constant(T.i32(), 1), llvm.AtomicOrdering.monotonic,
                           syncscope="agent").result
    print(type(old).__name__, old.type, ir.IntegerType.isinstance(old.type))


@flyc.jit
def run(src, dst, cnt):
    k(src, dst, cnt).launch(grid=1, block=N)


s = torch.arange(N, dtype=torch.float32, device="cuda") + 0.5
d = torch.zeros(N, dtype=torch.float32, device="cuda")
c = torch.zeros(1, dtype=torch.int32, device="cuda")
run(s, d, c)
print(d.tolist())
print(c.tolist())
