# flyi: run
# An emulator allocation is rounded up to 256 bytes, as hipMalloc's are, and the padding behaves as on a GPU:
# a buffer resource of the largest num_records (FlyDSL's max_size=True) over a 132-byte tensor reads its last
# dword and then zeros past its end (FlyDSL's preshuffle GEMM at M = 33 loads its scales so), a store into the
# padding is kept, and an access past the padding is still a fault that names the kernel's source line.
import re

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir.dialects import arith, llvm, rocdl
from flydsl._mlir.extras import types as T


def cst(t, n):
    return arith.constant(t, n)


def rsrc(t):
    p = llvm.inttoptr(llvm.PointerType.get(1), fx.ptrtoint(fx.get_iter(t)).ir_value())
    return rocdl.MakeBufferRsrcOp(llvm.PointerType.get(8), p, cst(T.i16(), 0), cst(T.i64(), 0xFFFFFFFF),
                                  cst(T.i32(), 0x00027000)).result


@flyc.kernel
def vec4_at(src: fx.Tensor, dst: fx.Tensor, off: fx.Int32):
    z = cst(T.i32(), 0)
    v = rocdl.raw_ptr_buffer_load(T.vector(4, T.f32()), rsrc(src), fx.Int32(off).ir_value(), z, z)
    rocdl.raw_ptr_buffer_store(v, rsrc(dst), z, z, z)


@flyc.kernel
def put_at(dst: fx.Tensor, off: fx.Int32, val: fx.Float32):
    z = cst(T.i32(), 0)
    rocdl.raw_ptr_buffer_store(fx.Float32(val).ir_value(), rsrc(dst), fx.Int32(off).ir_value(), z, z)


@flyc.jit
def run_vec4(src, dst, off: fx.Int32):
    vec4_at(src, dst, off).launch(grid=1, block=1)


@flyc.jit
def run_put(dst, off: fx.Int32, val: fx.Float32):
    put_at(dst, off, val).launch(grid=1, block=1)


src = torch.arange(33, dtype=torch.float32, device="cuda") + 1.0   # 132 bytes, padded to 256
out = torch.full((4,), -1.0, device="cuda")
run_vec4(src, out, 128)
print("vec4 at byte 128 of 132:", out.tolist())
run_put(src, 200, 7.5)                    # into the padding: kept
run_vec4(src, out, 192)
print("store into the padding kept:", out.tolist())
print("the tensor itself unchanged:", torch.equal(src.cpu(), torch.arange(33, dtype=torch.float32) + 1.0))
for off in (240, 244):
    try:
        run_vec4(src, out, off)
        print("vec4 at byte", off, "no fault:", out.tolist())
    except flyc.KernelError as e:
        print("vec4 at byte", off, "fault:", re.sub("0x[0-9a-f]+", "ADDR", str(e)))
try:
    run_put(src, 256, 1.0)
    print("store past the padding: no fault")
except flyc.KernelError as e:
    print("store past the padding:", re.sub("0x[0-9a-f]+", "ADDR", str(e)))
