# flyi: run
# A copy between views of different sizes (trace_pred.c): FlyDSL's fx.copy hands the atom each view's first
# mode, and the atom moves its whole width from the view's base. So a 1-element slice of a buffer tensor takes
# the 8 halves of a 128-bit BufferCopy atom from an 8-element register fragment (FlyDSL's fp4 GEMM epilogue), a
# 1-element global slice gives a 64-bit universal atom's 2 floats, and a 1-element slice of a buffer tensor is read
# by a 128-bit atom (out of range: 0). Expected values are exact.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch


@flyc.kernel
def mism(src: fx.Tensor, out: fx.Tensor, out2: fx.Tensor, out3: fx.Tensor):
    t = fx.Int32(fx.thread_idx.x)
    reg = fx.make_rmem_tensor(fx.make_layout(8, 1), fx.Float16)
    for i in range(8):
        reg[i] = fx.Float16(t * 8 + i)
    b_out = fx.logical_divide(fx.rocdl.make_buffer_tensor(out), fx.make_layout(1, 1))
    # 8 registers into a 1-element slice: elements t*8 .. t*8+7 of out
    fx.copy(fx.make_copy_atom(fx.rocdl.BufferCopy128b(), fx.Float16), reg, fx.slice(b_out, (None, t * 8)))
    # a 1-element global slice read by a 64-bit atom: 2 floats from element 3*t
    r2 = fx.make_rmem_tensor(fx.make_layout(2, 1), fx.Float32)
    g_src = fx.logical_divide(src, fx.make_layout(1, 1))
    fx.copy(fx.make_copy_atom(fx.UniversalCopy64b(), fx.Float32), fx.slice(g_src, (None, t * 3)), r2)
    o2 = fx.logical_divide(out2, fx.make_layout(2, 1))
    fx.copy(fx.make_copy_atom(fx.UniversalCopy64b(), fx.Float32), r2, fx.slice(o2, (None, t)))
    # a 1-element buffer slice read by a 128-bit atom: 4 floats from element 4*t; records cover 8 floats, so
    # thread 2's and 3's reads (elements 8..11, 12..15) lie past them and give 0
    b_src = fx.logical_divide(fx.rocdl.make_buffer_tensor(src, num_records_bytes=8 * 4), fx.make_layout(1, 1))
    r3 = fx.make_rmem_tensor(fx.make_layout(4, 1), fx.Float32)
    fx.copy(fx.make_copy_atom(fx.rocdl.BufferCopy128b(), fx.Float32), fx.slice(b_src, (None, t * 4)), r3)
    o3 = fx.logical_divide(out3, fx.make_layout(4, 1))
    fx.copy(fx.make_copy_atom(fx.UniversalCopy128b(), fx.Float32), r3, fx.slice(o3, (None, t)))


@flyc.jit
def run(*a):
    mism(*a).launch(grid=1, block=4)


src = torch.arange(16, dtype=torch.float32, device="cuda") + 0.5
out = torch.zeros(32, dtype=torch.float16, device="cuda")
out2 = torch.zeros(8, device="cuda")
out3 = torch.full((16,), -1.0, device="cuda")
run(src, out, out2, out3)
print("8 halves through a 1-element buffer slice:", out.cpu().tolist() == [float(i) for i in range(32)])
print("2 floats from a 1-element slice:", out2.cpu().tolist())
print("4 floats from a 1-element buffer slice (past 8 records: 0):", out3.cpu().tolist())
