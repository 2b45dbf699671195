# flyi: run
# What FlyDSL's kernel library leans on around the bindings, run on the emulator: an ir.Value computes with
# Python's operators as the fx value over it (FlyDSL casts op results to ArithValue), a vector ir.Value is a
# Vector where one is stored, a scalar Boolean selects between two whole Vectors, and the raw buffer ops
# take aux= (an attribute, or nothing for 0) for MLIR 22's trailing aux operand.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir import ir
from flydsl._mlir.dialects import arith, llvm, rocdl
from flydsl._mlir.extras import types as T

N = 8


@flyc.kernel
def k(src: fx.Tensor, dst: fx.Tensor, vec_out: fx.Tensor):
    tid = fx.thread_idx.x
    i32 = T.i32()
    p = llvm.inttoptr(llvm.PointerType.get(1), fx.ptrtoint(fx.get_iter(src)).ir_value())
    rs = rocdl.MakeBufferRsrcOp(llvm.PointerType.get(8), p, arith.constant(T.i16(), 0),
                                arith.constant(T.i64(), N * 4), arith.constant(i32, 0x00027000)).result
    off = arith.muli(fx.Int32(tid).ir_value(), arith.constant(i32, 4))
    v = rocdl.raw_ptr_buffer_load(i32, rs, off, arith.constant(i32, 0))          # aux left out: 0
    w = rocdl.RawPtrBufferLoadOp(i32, rs, off, arith.constant(i32, 0),
                                 aux=ir.IntegerAttr.get(ir.IntegerType.get_signless(32), 0)).result
    x = (v + w) * 3 - 1                    # Value + Value, Value * int
    y = 100 - x                            # reflected
    big = x >= 20                          # a comparison gives a Boolean
    dst[tid] = fx.Int32(big.select(y, -x))
    # a scalar condition picks one of two Vectors; the vector ir.Value is stored as the Vector it holds
    a = fx.Vector.filled(4, 1.0, fx.Float32)
    b = fx.Vector.filled(4, 2.0, fx.Float32)
    r = fx.make_rmem_tensor(4, fx.Float32)
    fx.memref_store_vec((tid < 3).select(a, b).ir_value(), r)
    vec_out[tid] = fx.Vector(fx.memref_load_vec(r)).reduce(fx.ReductionOp.ADD)


@flyc.jit
def run(src, dst, vec_out):
    k(src, dst, vec_out).launch(grid=1, block=N)


s = torch.arange(N, dtype=torch.int32, device="cuda")
d = torch.zeros(N, dtype=torch.int32, device="cuda")
o = torch.zeros(N, device="cuda")
run(s, d, o)
print(d.tolist())
print(o.tolist())
k2 = flyc.compile(run, s, d, o)
# both loads carry four operands, the last an i32 constant 0
print([ln.split(" = ", 1)[1].split(" loc(")[0].count(",") for ln in k2.ir(0).splitlines() if "raw.ptr.buffer.load" in ln])
