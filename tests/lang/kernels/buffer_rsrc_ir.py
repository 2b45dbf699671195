# Origin IR and ISA of buffer-descriptor pointers (checked by buffer_rsrc_ir.fc): fx.rocdl.make_buffer_ptr and
# fx.make_ptr into #fly_rocdl.buffer_desc are rocdl.make.buffer.rsrc of the pointer, 0xFFFFFFFF / the given
# records and FlyDSL's flags; fx.rocdl.get_buffer_rsrc is that !llvm.ptr<8>, fed to the raw buffer ops; a
# BufferCopyLDS32b copy is rocdl.raw.ptr.buffer.load.lds to readfirstlane of the LDS address. Their pointer types
# print as FlyDSL prints them. The gfx942 ISA has buffer_load_dword, buffer_atomic_add_f32, the LDS DMA
# (buffer_load_dword ... lds) and buffer_atomic_cmpswap.
import os

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir.dialects import rocdl
from flydsl._mlir.dialects.fly_rocdl import TargetAddressSpace
from flydsl.expr.typing import T


@flyc.kernel
def rsrc_ir(a: fx.Tensor, b: fx.Tensor):
    t = fx.Int32(fx.thread_idx.x)
    z = fx.Int32(0).ir_value()
    p = fx.rocdl.make_buffer_ptr(fx.get_iter(a))
    print("make_buffer_ptr:", p, p.type)
    q = fx.make_ptr(fx.PointerType.get(T.f32, TargetAddressSpace.BufferDesc, 16),
                    [fx.get_iter(b), fx.Int16(0).ir_value(), fx.Int64(256).ir_value(), fx.Int32(0x27000).ir_value()])
    print("make_ptr:", q.type, fx.PointerType(q.type).alignment)
    ra, rb = fx.rocdl.get_buffer_rsrc(p), fx.rocdl.get_buffer_rsrc(q)
    print("get_buffer_rsrc:", ra.type)
    off = (t * fx.Int32(4)).ir_value()
    v = rocdl.raw_ptr_buffer_load(T.f32, ra, off, z, z)
    rocdl.raw_ptr_buffer_atomic_fadd(v, rb, off, z, z)
    rocdl.raw_ptr_buffer_atomic_cmpswap(t.ir_value(), z, rb, off, z, z)
    lds = fx.SharedAllocator().allocate(fx.Array[fx.Float32, 64]).peek()
    dst = fx.make_view(lds.ptr, fx.make_layout(1, 1))
    src = fx.slice(fx.logical_divide(fx.Tensor(fx.make_view(p, fx.make_layout(64, 1))), fx.make_layout(1, 1)),
                   (None, t))
    fx.copy(fx.make_copy_atom(fx.rocdl.BufferCopyLDS32b(), 32), src, dst)


@flyc.jit
def run(a, b):
    rsrc_ir(a, b).launch(grid=1, block=64)


os.environ["COMPILE_ONLY"] = "1"
a, b = (torch.zeros(64, device="cuda") for _ in range(2))
k = flyc.compile(run, a, b)
print(k.ir(0))
isa = k.isa
print("ISA", k.target, "buffer_load_dword " in isa, "buffer_atomic_add_f32" in isa, "buffer_atomic_cmpswap" in isa,
      any(" lds" in ln for ln in isa.splitlines() if "buffer_load_dword" in ln))
