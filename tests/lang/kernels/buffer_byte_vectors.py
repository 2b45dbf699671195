# flyi: run
# Raw buffer loads and stores of byte vectors (vector<2/4/8/16 x i8>, the int8 / fp8 outputs of FlyDSL's quantising
# norms): LLVM's AMDGPU backend aborts on them, so the pipeline moves them as an integer of their width (i16, i32,
# vector<2xi32>, vector<4xi32>). Each kernel compiles for gfx942 and gfx950 and runs on the emulator (values
# against Python); a 3-byte access is a compile error naming the DSL line, and the session goes on.
import os

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir import ir
from flydsl._mlir.dialects import rocdl


def make(nbytes):
    @flyc.kernel
    def copy_bytes(src: fx.Tensor, dst: fx.Tensor):
        t = fx.Int32(fx.thread_idx.x)
        z = fx.Int32(0).ir_value()
        rs = fx.rocdl.get_buffer_rsrc(fx.get_iter(fx.rocdl.make_buffer_tensor(src)))
        rd = fx.rocdl.get_buffer_rsrc(fx.get_iter(fx.rocdl.make_buffer_tensor(dst)))
        off = (t * fx.Int32(nbytes)).ir_value()
        vt = ir.VectorType.get([nbytes], ir.IntegerType.get_signless(8))
        v = rocdl.raw_ptr_buffer_load(vt, rs, off, z, z)
        rocdl.raw_ptr_buffer_store(v, rd, off, z, z)

    @flyc.jit
    def run(src, dst):
        copy_bytes(src, dst).launch(grid=1, block=4)

    return run


for n in (2, 4, 8, 16):
    src = torch.arange(4 * n, dtype=torch.int32, device="cuda").to(torch.int8) * 3 - 50
    dst = torch.zeros(4 * n, dtype=torch.int8, device="cuda")
    run = make(n)
    compiled = []
    for arch in ("gfx942", "gfx950"):
        os.environ["ARCH"] = arch
        compiled.append(flyc.compile(run, src, dst, run=False).stats["vgpr"] > 0)
    del os.environ["ARCH"]
    run(src, dst)
    print(n, "bytes a lane: compiled", compiled, "copied", dst.tolist() == src.tolist())
try:
    make(3)(torch.zeros(12, dtype=torch.int8, device="cuda"), torch.zeros(12, dtype=torch.int8, device="cuda"))
except Exception as e:
    print(type(e).__name__ + ":", str(e).splitlines()[-1][:200])
src = torch.ones(16, dtype=torch.int8, device="cuda")
dst = torch.zeros(16, dtype=torch.int8, device="cuda")
make(4)(src, dst)
print("after the error:", dst.tolist() == src.tolist())
