# flyi: run
# rocdl.raw_ptr_buffer_load_lds through flydsl._mlir with MLIR 22's operands (rsrc, lds, size, voffset, soffset,
# offset, aux): each lane's 4 bytes at voffset land in LDS at the wave's address (lane 0's, the hardware's M0) +
# lane * 4; past numRecords the DMA writes 0. aux given as an i32 operand, as an int and as FlyDSL's
# IntegerAttr. Run on the emulator.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir import ir
from flydsl._mlir.dialects import arith, llvm, rocdl
from flydsl._mlir.extras import types as T

N, VALID = 64, 50


@flyc.kernel
def k(src: fx.Tensor, out: fx.Tensor):
    t = fx.Int32(fx.thread_idx.x)
    i32 = T.i32()
    c = lambda n: arith.constant(i32, n)
    lds = fx.SharedAllocator().allocate(fx.Array[fx.Int32, 3 * N]).peek()
    lds_t = fx.make_view(lds.ptr, fx.make_layout(3 * N, 1))
    p = llvm.inttoptr(llvm.PointerType.get(1), fx.ptrtoint(fx.get_iter(src)).ir_value())
    rs = rocdl.MakeBufferRsrcOp(llvm.PointerType.get(8), p, arith.constant(T.i16(), 0),
                                arith.constant(T.i64(), VALID * 4), c(0x00027000)).result
    base = fx.Int32(fx.ptrtoint(lds.ptr))
    voff = ((fx.Int32(N - 1) - t) * 4).ir_value()
    for r, aux in enumerate((c(0), 0, ir.IntegerAttr.get(i32, 0))):
        dst = llvm.inttoptr(llvm.PointerType.get(3), (base + r * N * 4).ir_value())
        rocdl.raw_ptr_buffer_load_lds(rs, dst, c(4), voff, c(0), c(0), aux=aux)
    fx.gpu.barrier()
    o = fx.Tensor(fx.make_view(fx.get_iter(out), fx.make_layout(3 * N, 1)))
    for r in range(3):
        o[t + r * N] = lds_t[t + r * N]


@flyc.jit
def run(src, out):
    k(src, out).launch(grid=1, block=N)


src = torch.arange(N, dtype=torch.int32, device="cuda") * 5 + 2
out = torch.full((3 * N,), -1, dtype=torch.int32, device="cuda")
run(src, out)
s = src.tolist()
want = [s[N - 1 - t] if N - 1 - t < VALID else 0 for t in range(N)]
got = out.tolist()
for r in range(3):
    print("aux form", r, "PASS" if got[r * N:(r + 1) * N] == want else "FAIL", got[r * N:r * N + 4], got[r * N + 60:(r + 1) * N])
