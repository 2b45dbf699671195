# flyi: run
# Inline asm that the AMDGPU assembler rejects (here an operand modifier v_mov_b32 does not take) is a compile error
# with the assembler's message and caret, raised to the caller; LLVM's default handler would print it and exit the
# process. The session goes on: the same kernel with a valid asm string then compiles and runs.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir.dialects import llvm
from flydsl._mlir.extras import types as T


@flyc.kernel
def k(out: fx.Tensor, which: fx.Constexpr[int]):
    t = fx.Int32(fx.thread_idx.x)
    text = "v_mov_b32 $0, $1 glc" if which else ""
    v = llvm.inline_asm(T.i32(), [t.ir_value()], text, "=v,0" if not which else "=v,v", has_side_effects=True)
    o = fx.Tensor(fx.make_view(fx.get_iter(out), fx.make_layout(64, 1)))
    o[t] = fx.Int32(v) * 2


@flyc.jit
def run(out, which: fx.Constexpr[int]):
    k(out, which).launch(grid=1, block=64)


out = torch.zeros(64, dtype=torch.int32, device="cuda")
for attempt in range(2):  # twice: a failed compile leaves nothing cached behind
    try:
        run(out, 1)
        print("compiled?")
    except RuntimeError as e:
        print(type(e).__name__, e)
print("untouched", int(out.abs().sum()))
run(out, 0)
print("valid asm", out[:4].tolist(), int(out.sum()) == 2 * sum(range(64)))
