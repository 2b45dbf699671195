# fly.copy_atom_call_ssa traced and lowered (checked by copy_atom_call_ssa_ir.fc): the call in FlyDSL's generic form
# with operandSegmentSizes on a one-element buffer view of an fp8 tensor (the dualwave attention's V load) and the
# predicated store form; after fly-layout-lowering one raw buffer load of vector<2xi32> at the fp8 byte offset and
# the store under scf.if; on gfx950 buffer_load_dwordx2 / buffer_store_dwordx2.
import os

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir.dialects import fly
from flydsl.expr.typing import Vector as Vec


@flyc.kernel
def k(Q: fx.Tensor, Out: fx.Tensor):
    t = fx.Index(fx.thread_idx.x)
    q_div = fx.logical_divide(fx.rocdl.make_buffer_tensor(Q), fx.make_layout(1, 1))
    o_div = fx.logical_divide(fx.rocdl.make_buffer_tensor(Out), fx.make_layout(1, 1))
    ld64 = fx.make_copy_atom(fx.rocdl.BufferCopy64b(), fx.Int32)
    q2 = fly.copy_atom_call_ssa([Vec.make_type(2, fx.Int32)], ld64, fx.slice(q_div, (None, fx.Int32(t * fx.Index(8)))))
    fly.copy_atom_call_ssa([], ld64, q2, fx.slice(o_div, (None, fx.Int32(t * fx.Index(2)))), pred=fx.Int32(t) < 3)


@flyc.jit
def run(Q, Out):
    k(Q, Out).launch(grid=1, block=4)


os.environ["ARCH"] = "gfx950"
q = torch.zeros(32, dtype=torch.uint8, device="cuda").view(torch.float8_e4m3fn)
c = flyc.compile(run, q, torch.zeros(8, dtype=torch.int32, device="cuda"))
print(c.ir(0))
print(c.ir(3))
print("\n".join(ln.strip() for ln in c.isa.splitlines() if "buffer_" in ln and not ln.strip().startswith(";")))
