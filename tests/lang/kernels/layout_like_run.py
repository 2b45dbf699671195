# flyi: run
# FlyDSL's "like" primitives and fx.to_llvm_ptr in a kernel, on the emulator: a register fragment made with
# make_fragment_layout_like(thread partition) receives the thread's values; make_layout_like and
# int_tuple_product_like of layouts / shapes with a runtime extent compute their runtime leaves in the kernel;
# fx.to_llvm_ptr(ptr) is FlyDSL's fly.to_llvm_ptr (global -> !llvm.ptr<1>), which the llvm dialect ops use.
import re

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir import ir
from flydsl._mlir.dialects import llvm
from flydsl._mlir.extras import types as T


@flyc.kernel
def k(A: fx.Tensor, O: fx.Tensor, n: fx.Int32):
    t = fx.thread_idx.x
    # each of 4 threads views 8 elements of A as (4, 2):(2, 1); its fragment is (4, 2) column-major
    view = fx.make_view(fx.get_iter(A) + t * 8, fx.make_layout((4, 2), (2, 1)))
    fl = fx.make_fragment_layout_like(view)
    frag = fx.make_rmem_tensor(fl, fx.Float32)
    for i in range(4):
        for j in range(2):
            frag[i, j] = view[i, j]
    for i in range(4):
        for j in range(2):
            O[t * 8 + i * 2 + j] = frag[i, j] * 10.0  # row-major out: the fragment's (4,2) in order
    if t == 0:
        print("fragment layout", fl, "layout like", fx.make_layout_like(fx.get_layout(view)))
    # runtime extents: (4, n):(n, 1) like -> strides (n, 1); (n, 2), 3 product like (0, 0) -> (2n, 3)
    L = fx.make_layout_like(fx.make_layout((4, n), (n, 1)))
    O[32 + t] = fx.get_scalar(fx.crd2idx(fx.make_coord(t, 1), L))
    p = fx.int_tuple_product_like(fx.make_shape((n, 2), 3), fx.make_shape(1, 1))
    O[36 + t] = fx.get_scalar(fx.get(p, 0)) + t
    # O[40 + t] = A[t] through the LLVM dialect
    base = fx.to_llvm_ptr(fx.get_iter(A))
    q = llvm.GEPOp(base.type, base, [fx.Int32(t).ir_value()], [-2147483648], T.f32()).result
    v = llvm.load(ir.F32Type.get(), q)
    O[40 + t] = fx.Float32(v)
    if t == 0:
        print("to_llvm_ptr", base.type)


@flyc.jit
def run(A, O, n):
    k(A, O, n).launch(grid=1, block=4)


A = torch.arange(32, dtype=torch.float32).cuda()
O = torch.zeros(44, dtype=torch.float32).cuda()
c = flyc.compile(run, A, O, 5)
torch.cuda.synchronize()
o = O.cpu().tolist()
ref = [A[t * 8 + i * 2 + j].item() * 10.0 for t in range(4) for i in range(4) for j in range(2)]
print("fragments:", o[:32] == ref)
print("layout_like:", o[32:36], "product_like:", o[36:40], "llvm:", o[40:44])
print([re.sub(r"%\d+", "%N", ln.split(" loc(")[0].strip()) for ln in c.ir(0).splitlines() if "to_llvm_ptr" in ln])
