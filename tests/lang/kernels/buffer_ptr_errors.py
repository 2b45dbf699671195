# flyi: run
# Clear errors for buffer-descriptor pointers and buffer ops used wrongly (each a Python exception naming the
# operation, raised at the kernel's line; the session goes on), including the chips' missing instructions, which
# LLVM's instruction selection would otherwise abort on.
import os
import traceback

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir.dialects import rocdl
from flydsl.expr.typing import T


@flyc.kernel
def bad(a: fx.Tensor, case: fx.Constexpr[int]):
    t = fx.Int32(fx.thread_idx.x)
    z = fx.Int32(0).ir_value()
    if fx.const_expr(case == 0):
        fx.rocdl.get_buffer_rsrc(fx.get_iter(a))                       # a global pointer
    elif fx.const_expr(case == 1):
        fx.rocdl.get_buffer_rsrc(fx.rocdl.make_buffer_tensor(a))       # a tensor, not its iterator
    elif fx.const_expr(case == 2):
        lds = fx.SharedAllocator().allocate(fx.Array[fx.Float32, 4]).peek()
        fx.rocdl.make_buffer_ptr(lds.ptr)                              # not global memory
    elif fx.const_expr(case == 3):
        fx.make_ptr(fx.PointerType.get(T.f32, fx.AddressSpace.Global, 4), [fx.get_iter(a)])
    elif fx.const_expr(case == 4):
        fx.make_ptr(fx.PointerType.get(T.f32, fx.rocdl.enum.TargetAddressSpace.BufferDesc, 4), [fx.get_iter(a)])
    elif fx.const_expr(case == 5):
        fx.rocdl.BufferCopyLDS64b()
    elif fx.const_expr(case == 6):
        r = fx.make_rmem_tensor(1, fx.Float32)
        fx.copy(fx.make_copy_atom(fx.rocdl.BufferCopyLDS32b(), 32), fx.rocdl.make_buffer_tensor(a), r)
    elif fx.const_expr(case == 7):
        r = fx.rocdl.get_buffer_rsrc(fx.get_iter(fx.rocdl.make_buffer_tensor(a)))
        rocdl.raw_ptr_buffer_atomic_fmax(fx.Float32(1.0).ir_value(), r, z, z, z)    # no f32 fmax on CDNA
    elif fx.const_expr(case == 8):
        lds = fx.SharedAllocator().allocate(fx.Array[fx.Float32, 256]).peek()
        src = fx.slice(fx.logical_divide(fx.rocdl.make_buffer_tensor(a), fx.make_layout(1, 1)), (None, t))
        fx.copy(fx.make_copy_atom(fx.rocdl.BufferCopyLDS128b(), 128), src, fx.make_view(lds.ptr, fx.make_layout(1, 1)))
    else:
        r = fx.make_rmem_tensor(2, fx.Float32)
        fx.copy(fx.make_copy_atom(fx.UniversalCopy128b(), fx.Float32), r, fx.slice(
            fx.logical_divide(a, fx.make_layout(1, 1)), (None, t)))    # the register side holds 2 of 4 values


@flyc.jit
def run(a, case: fx.Constexpr[int]):
    bad(a, case).launch(grid=1, block=64)


os.environ["COMPILE_ONLY"] = "1"   # cases 7 and 8 fail when compiled for gfx942
A = torch.zeros(64, device="cuda")
for case in range(10):
    try:
        run(A, case)
        print(case, "no error")
    except Exception as e:
        frames = [f for f in traceback.extract_tb(e.__traceback__) if f.filename.endswith("buffer_ptr_errors.py")]
        print(case, type(e).__name__ + ":", str(e).strip().splitlines()[-1], "| line", frames[-1].lineno)
print("still running")
