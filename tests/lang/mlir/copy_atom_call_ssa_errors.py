# flyi: run
# fly.copy_atom_call_ssa refused at trace time with the DSL line: a result type without the atom's bits, a
# predicated load without dst, a dst of another type, a store without dst, a stored value of other bits, a src that
# is no buffer tensor, several results and a universal atom (flyi's SSA form is the buffer atoms').
import traceback

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir.dialects import fly
from flydsl.expr.typing import Vector as Vec

CASES = ["bits", "pred_no_dst", "dst_type", "store_no_dst", "store_bits", "not_buffer", "two_results", "universal"]


def make(case):
    @flyc.kernel
    def k(A: fx.Tensor):
        a_div = fx.logical_divide(fx.rocdl.make_buffer_tensor(A), fx.make_layout(1, 1))
        src = fx.slice(a_div, (None, fx.Int32(0)))
        ld = fx.make_copy_atom(fx.rocdl.BufferCopy128b(), fx.Int32)
        v4, v2 = Vec.make_type(4, fx.Int32), Vec.make_type(2, fx.Int32)
        if case == "bits":
            fly.copy_atom_call_ssa([v2], ld, src)
        elif case == "pred_no_dst":
            fly.copy_atom_call_ssa([v4], ld, src, pred=fx.Int32(fx.thread_idx.x) < 1)
        elif case == "dst_type":
            fly.copy_atom_call_ssa([v4], ld, src, Vec.from_elements([fx.Float32(0.0)] * 4, fx.Float32))
        elif case == "store_no_dst":
            fly.copy_atom_call_ssa([], ld, Vec.from_elements([fx.Int32(1)] * 4, fx.Int32))
        elif case == "store_bits":
            fly.copy_atom_call_ssa([], ld, Vec.from_elements([fx.Int32(1)] * 2, fx.Int32), src)
        elif case == "not_buffer":
            fly.copy_atom_call_ssa([v4], ld, A)
        elif case == "two_results":
            fly.copy_atom_call_ssa([v4, v4], ld, src)
        else:
            fly.copy_atom_call_ssa([v4], fx.make_copy_atom(fx.UniversalCopy128b(), fx.Int32), src)

    @flyc.jit
    def run(A):
        k(A).launch(grid=1, block=1)

    return run


for case in CASES:
    try:
        flyc.compile(make(case), torch.zeros(8, dtype=torch.int32, device="cuda"))
        print(case, "no error")
    except Exception as e:
        line = [f.lineno for f in traceback.extract_tb(e.__traceback__) if f.name == "k"]
        print(f"{case}: line {line[-1] if line else '?'}: {type(e).__name__}: {e}")
