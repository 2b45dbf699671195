# flyi: run
# More idioms of FlyDSL's kernel library (its attention, conv and fp4 GEMM kernels): a kernel call's
# value_attrs= / unit_attrs= (attributes of its gpu.func, reaching the code object: waves per EU, the flat
# workgroup size), fx.Tensor(fx.make_view(...)), fx.arith.select between two buffer resources (values with no DSL
# type), a range(..., init=[...]) loop carrying raw ir.Values whose `state = yield ...` rebinds the loop's own
# target, and the raw-value helpers of flydsl.expr.arith (andi, xori, shli, sitofp, trunc_f, int_to_fp).
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir.dialects import arith as rarith
from flydsl._mlir.dialects import llvm, rocdl
from flydsl.expr import gpu
from flydsl.expr.typing import T


def rsrc(t, nbytes):
    p = llvm.inttoptr(llvm.PointerType.get(1), fx.ptrtoint(fx.get_iter(t)).ir_value())
    return rocdl.MakeBufferRsrcOp(llvm.PointerType.get(8), p, rarith.constant(T.i16, 0),
                                  rarith.constant(T.i64, nbytes), rarith.constant(T.i32, 0x00027000)).result


@flyc.kernel
def attrs_kernel(x: fx.Tensor, y: fx.Tensor, out: fx.Tensor):
    t = fx.Int32(gpu.thread_idx.x)
    v = fx.Tensor(fx.make_view(fx.get_iter(out), fx.make_layout(64, 1)))
    pick = fx.arith.select(t < fx.Int32(32), rsrc(x, 256), rsrc(y, 256))  # lanes 0-31 read x, the others y
    z = rarith.constant(T.i32, 0)
    got = rocdl.raw_ptr_buffer_load(T.i32, pick, fx.as_ir_value(t * fx.Int32(4)), z, z)
    # raw ir.Values carried by an init= loop: the sum of got * k for k in 1..3, the result named by the target
    one = rarith.constant(T.i32, 1)
    for k, state in range(fx.Index(1), fx.Index(4), fx.Index(1), init=[rarith.constant(T.i32, 0), one]):
        acc, cnt = state
        state = yield [rarith.addi(fx.as_ir_value(acc), rarith.muli(fx.as_ir_value(got), fx.as_ir_value(cnt))),
                       rarith.addi(fx.as_ir_value(cnt), one)]
    acc, cnt = state
    bits = fx.arith.xori(fx.arith.andi(acc, fx.Int32(0xFF)), fx.arith.shli(cnt, fx.Int32(8)))
    f = fx.arith.sitofp(T.f32, bits)
    h = fx.arith.trunc_f(T.f16, f)
    g = fx.arith.int_to_fp(cnt, False, T.f32)
    v[t] = fx.Int32(bits) + fx.Int32(fx.Float16(h).to(fx.Float32) - fx.Float32(f)) + fx.Int32(fx.Float32(g))


@flyc.jit
def run(x: fx.Tensor, y: fx.Tensor, out: fx.Tensor):
    attrs_kernel(x, y, out, value_attrs={"rocdl.waves_per_eu": 2, "rocdl.flat_work_group_size": "64,64",
                                         "skipped": None}, unit_attrs=["fly.test_unit"]).launch(grid=1, block=64)


x = torch.arange(64, dtype=torch.int32, device="cuda")
y = torch.arange(64, dtype=torch.int32, device="cuda") * 10
out = torch.zeros(64, dtype=torch.int32, device="cuda")
run(x, y, out)
want = []
for i in range(64):
    g = i if i < 32 else 10 * i
    acc = g * (1 + 2 + 3)
    want.append(((acc & 0xFF) ^ (4 << 8)) + 4)
print("select / init= / raw helpers:", "PASS" if out.tolist() == want else "FAIL " + str(out.tolist()[:4]))
k = flyc.last_compiled()
src = k.ir(0)
print([ln.strip()[:60] for ln in src.splitlines() if "gpu.func" in ln][0].split(" attributes ")[0])
print("attributes:", [a for a in ("fly.test_unit", "rocdl.waves_per_eu = 2 : i32", 'rocdl.flat_work_group_size = "64,64"')
                      if a in src], "skipped" in src)
print("LLVM function attributes:", '"amdgpu-waves-per-eu"="2"' in k.llvm_ir, '"amdgpu-flat-work-group-size"="64,64"' in k.llvm_ir)
try:
    attrs_kernel(x, y, out, value_attrs={"bad": 1.5})
except TypeError as e:
    print("TypeError:", e)
