# flyi: run
# A buffer resource made by hand (rocdl.make.buffer.rsrc over the tensor's address, numRecords bytes) and raw
# buffer loads / stores through it, run on the emulator: reads past numRecords give 0 and stores there are
# dropped, the rule fx.rocdl.make_buffer_tensor's resources follow.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir.dialects import arith, llvm, rocdl
from flydsl._mlir.extras import types as T

N, VALID = 16, 10


@flyc.kernel
def k(src: fx.Tensor, dst: fx.Tensor):
    tid = fx.thread_idx.x
    i32 = T.i32()
    c = lambda t, n: arith.constant(t, n)

    def rsrc(t, nbytes):
        p = llvm.inttoptr(llvm.PointerType.get(1), fx.ptrtoint(fx.get_iter(t)).ir_value())
        return rocdl.MakeBufferRsrcOp(llvm.PointerType.get(8), p, c(T.i16(), 0), c(T.i64(), nbytes),
                                      c(i32, 0x00027000)).result

    rs, rd = rsrc(src, VALID * 4), rsrc(dst, (N - 2) * 4)
    off = arith.muli(fx.Int32(tid).ir_value(), c(i32, 4))
    v = rocdl.raw_ptr_buffer_load(i32, rs, off, c(i32, 0), c(i32, 0))
    rocdl.raw_ptr_buffer_store(arith.addi(v, c(i32, 1000)), rd, off, c(i32, 0), c(i32, 0))


@flyc.jit
def run(src, dst):
    k(src, dst).launch(grid=1, block=N)


s = torch.arange(N, dtype=torch.int32, device="cuda") + 1
d = torch.full((N,), -1, dtype=torch.int32, device="cuda")
run(s, d)
print(d.tolist())
