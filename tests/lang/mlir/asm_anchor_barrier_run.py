# flyi: run
# Two more inline-asm forms of FlyDSL's gfx950 flash-attention kernels, on the emulator: the empty asm that pins
# several values at once ("=v,=v,0,1" into a struct of their types) passes them through; the stagger barrier
# "s_cmp_eq_u32 $0, 0 / s_cbranch_scc0 1f / s_barrier / 1:" ("s") is a workgroup barrier when its operand is 0
# and nothing otherwise. Checked: the pinned values, data written to LDS by the other wave before the barrier
# (all waves at the asm; and the kernel's pairing: wave 0 at the asm with 0, wave 1 at an s_barrier behind an if
# with 1), and that a near-miss of the barrier form keeps the inline-asm error.
import os

os.environ["ARCH"] = "gfx950"
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir import ir
from flydsl._mlir.dialects import arith, llvm, rocdl, vector
from flydsl._mlir.extras import types as T

BAR = "s_cmp_eq_u32 $0, 0\n\ts_cbranch_scc0 1f\n\ts_barrier\n\t1:"
N = 128


@flyc.kernel
def anchor(out: fx.Tensor):
    t = fx.Int32(fx.thread_idx.x)
    v = vector.from_elements(T.vector(2, T.f32()), [fx.Float32(t).ir_value(), fx.Float32(t * 2 + 1).ir_value()])
    st = ir.Type.parse("!llvm.struct<(vector<2xf32>, i32)>")
    r = llvm.inline_asm(st, [v, (t + 100).ir_value()], "", "=v,=v,0,1", has_side_effects=True)
    pv = llvm.extractvalue(T.vector(2, T.f32()), r, [0])
    o = fx.Tensor(fx.make_view(fx.get_iter(out), fx.make_layout(3 * 4, 1)))
    o[t * 3] = fx.Int32(fx.Float32(vector.extract(pv, static_position=[0], dynamic_position=[])))
    o[t * 3 + 1] = fx.Int32(fx.Float32(vector.extract(pv, static_position=[1], dynamic_position=[])))
    o[t * 3 + 2] = fx.Int32(llvm.extractvalue(T.i32(), r, [1]))


@flyc.kernel
def bar(out: fx.Tensor, pair: fx.Int32):
    t = fx.Int32(fx.thread_idx.x)
    wave = t // 64
    lds = fx.SharedAllocator().allocate(fx.Array[fx.Int32, N]).peek()
    lt = fx.make_view(lds.ptr, fx.make_layout(N, 1))
    lt[t] = t * 3 + 1
    stagger = wave * pair  # 0 for every wave, or the wave's index
    s = rocdl.readfirstlane(T.i32(), stagger.ir_value())
    llvm.inline_asm(ir.Type.parse("!llvm.void"), [s], BAR, "s", has_side_effects=True)
    if stagger != fx.Int32(0):
        rocdl.s_barrier()
    o = fx.Tensor(fx.make_view(fx.get_iter(out), fx.make_layout(N, 1)))
    o[t] = fx.Int32(lt[(t + 64) % N])  # the other wave's


@flyc.kernel
def near(out: fx.Tensor):
    s = rocdl.readfirstlane(T.i32(), fx.Int32(fx.thread_idx.x).ir_value())
    llvm.inline_asm(ir.Type.parse("!llvm.void"), [s], BAR.replace("scc0", "scc1"), "s", has_side_effects=True)
    out[0] = fx.Int32(1)


@flyc.jit
def run_anchor(out):
    anchor(out).launch(grid=1, block=4)


@flyc.jit
def run_bar(out, pair: fx.Int32):
    bar(out, pair).launch(grid=1, block=N)


@flyc.jit
def run_near(out):
    near(out).launch(grid=1, block=64)


o = torch.zeros(12, dtype=torch.int32, device="cuda")
run_anchor(o)
print("anchor:", o.tolist())
want = [(t + 64) % N * 3 + 1 for t in range(N)]
for pair in (0, 1):
    ob = torch.zeros(N, dtype=torch.int32, device="cuda")
    run_bar(ob, pair)
    print(f"barrier, stagger = wave * {pair}:", "PASS" if ob.tolist() == want else f"FAIL {ob.tolist()[:8]}")
try:
    run_near(o)
    print("near-miss accepted")
except flyc.KernelError as e:
    print("KernelError:", str(e))
