# flyi: run
# gfx950's LDS transpose reads have one result type each in LLVM's instruction selection (tr16.b64: 4 x 16-bit;
# tr8.b64 and tr4.b64: vector<2xi32>; tr6.b96: vector<3xi32>); another type is a compile error naming the op, the
# types and the DSL line (before, LLVM aborted the process with "Cannot select"). The right type then runs.
import os

os.environ["ARCH"] = "gfx950"
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir import ir
from flydsl._mlir.dialects import llvm, rocdl, vector
from flydsl._mlir.extras import types as T


@flyc.kernel
def k(out: fx.Tensor, form: fx.Constexpr[int]):
    t = fx.Int32(fx.thread_idx.x)
    lds = fx.SharedAllocator().allocate(fx.Array[fx.Int32, 128]).peek()
    lds_t = fx.make_view(lds.ptr, fx.make_layout(128, 1))
    lds_t[t * 2] = t
    lds_t[t * 2 + 1] = t + 1000
    fx.gpu.barrier()
    addr = fx.Int32(fx.ptrtoint(lds.ptr)) + t * 8
    ptr = llvm.inttoptr(llvm.PointerType.get(3), addr.ir_value())
    if form == 0:
        v = rocdl.ds_read_tr16_b64(T.vector(2, T.i32()), ptr).result  # the wrong type
    elif form == 1:
        v = rocdl.ds_read_tr8_b64(T.vector(4, T.i16()), ptr).result  # the wrong type
    else:
        v = rocdl.ds_read_tr8_b64(T.vector(2, T.i32()), ptr).result
    o = fx.Tensor(fx.make_view(fx.get_iter(out), fx.make_layout(128, 1)))
    for j in range(2):
        o[t * 2 + j] = fx.Int32(vector.extract(v, static_position=[j], dynamic_position=[]))


@flyc.jit
def run(out, form: fx.Constexpr[int]):
    k(out, form).launch(grid=1, block=64)


out = torch.zeros(128, dtype=torch.int32, device="cuda")
for form in (0, 1):
    try:
        run(out, form)
        print("compiled?")
    except Exception as e:
        print(type(e).__name__, e)
run(out, 2)
print("tr8", out[:4].tolist())
