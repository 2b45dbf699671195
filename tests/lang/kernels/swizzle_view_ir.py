# Swizzled views in the IR (checked by swizzle_view_ir.fc): a view of fx.get_dyn_shared over the ComposedLayout
# S<3,3,3> o 0 o (16,64):(64,1) is fly.make_composed_layout + fly.make_view typed
# !fly.memref<f16, shared, S<3,3,3> o 0 o (16,64):(64,1)>; a slice at a runtime row keeps the swizzle with a runtime
# offset (o ? o 64:1), and a divide of it keeps that offset (fly.composed_get_offset). fly-layout-lowering applies the
# swizzle to each final offset: x ^ ((x & 448) >> 3) as arith.andi / shrui / xori before the getelementptr, and the
# 128-bit copy moves its 8 halves as one vector load from the swizzle of the atom's first offset (ds_read_b128 in
# the gfx942 ISA). This program runs with COMPILE_ONLY=1.
import re

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch


@flyc.kernel
def swizzled(A: fx.Tensor, out: fx.Tensor):
    t = fx.thread_idx.x
    layout = fx.make_composed_layout(fx.static(fx.SwizzleType.get(3, 3, 3)), fx.make_layout((16, 64), (64, 1)))
    s = fx.make_view(fx.get_dyn_shared(fx.Float16), layout)
    s[t % 16, t // 16] = A[t]
    fx.barrier()
    row = s[t % 16, None]
    atom = fx.make_copy_atom(fx.UniversalCopy128b(), fx.Float16)
    frag = fx.make_rmem_tensor(fx.make_layout(8, 1), fx.Float16)
    fx.copy(atom, fx.logical_divide(row, fx.make_layout(8, 1))[None, 2], frag)
    out[t] = frag[0]


@flyc.jit
def run(A, out):
    swizzled(A, out).launch(grid=1, block=64, smem=16 * 64 * 2)


a = torch.zeros(64, dtype=torch.float16, device="cuda")
k = flyc.compile(run, a, a)
print(k.ir(0))
print("LOWERED")
print(k.ir("fly-layout-lowering"))
print("LDS", sorted(set(re.findall(r"\b(ds_\w+)", k.isa))))
