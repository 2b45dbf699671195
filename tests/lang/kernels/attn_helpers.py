# flyi: run
# The FlyDSL API pieces its attention and MoE kernels use, on the emulator against exact references:
# fx.ptr_store of a Vector (or an ir.Value of a vector type) at a pointer fills its n consecutive elements and
# fx.ptr_load(ptr, result_type=vector type) reads them back; Vector.broadcast_to of one element; fx.rocdl.mfma_*
# given [a, b, c] only (cbsz / abid / blgp default to 0, as FlyDSL's wrappers do); fly.mma_atom_call_ssa
# (one MMA on values); fx.ptrtoint of a host launcher's pointer argument (its address, passed to the kernel as an
# Int64); BufferCopy128b's cache_modifier (accepted, no effect on the data); the sched_group_barrier masks.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir.dialects import fly
from flydsl.expr.typing import Vector as Vec

print(fx.rocdl.mask_mfma, fx.rocdl.mask_vmem_rd, fx.rocdl.mask_dsrd, fx.rocdl.mask_dswr)
print(fx.rocdl.BufferCopy128b(3), fx.rocdl.BufferCopy(32, cache_modifier=1))
try:
    fx.rocdl.BufferCopy64b("nt")
except TypeError as e:
    print("TypeError:", e)


@flyc.kernel
def vec_ptr(X: fx.Tensor, Y: fx.Tensor):
    t = fx.thread_idx.x
    px = fx.get_iter(X) + t * 4
    v = fx.ptr_load(px, result_type=Vec.make_type(4, fx.Float32))   # X[4t : 4t+4]
    s = Vec.from_elements([v[0] + v[3]], fx.Float32).broadcast_to(4)  # (x0 + x3) four times
    fx.ptr_store(v * s, fx.get_iter(Y) + t * 8)                      # Y[8t : 8t+4]
    fx.ptr_store(s.ir_value(), fx.get_iter(Y) + t * 8 + 4)           # an ir.Value: Y[8t+4 : 8t+8]


@flyc.jit
def run_vec_ptr(X, Y):
    vec_ptr(X, Y).launch(grid=1, block=16)


X = torch.arange(64, dtype=torch.float32).cuda()
Y = torch.zeros(128, dtype=torch.float32).cuda()
run_vec_ptr(X, Y)
x = X.cpu().view(16, 4)
s = (x[:, 0] + x[:, 3]).unsqueeze(1)
want = torch.cat([x * s, s.expand(16, 4)], 1).reshape(-1)
print("ptr_load / ptr_store / broadcast_to:", torch.equal(Y.cpu(), want))


@flyc.kernel
def raw_mfma(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, D: fx.Tensor):
    # one 32x32x8 f16 MFMA through the raw ROCDL op and one through mma_atom_call_ssa; lane l holds A's row
    # l % 32, k 4 (l / 32) .. +4 (and B's column likewise), C / D value v of lane l is (4 (l/32) + v%4 + 8 (v/4), l%32)
    t = fx.thread_idx.x
    a = fx.ptr_load(fx.get_iter(A) + t * 4, result_type=Vec.make_type(4, fx.Float16))
    b = fx.ptr_load(fx.get_iter(B) + t * 4, result_type=Vec.make_type(4, fx.Float16))
    z = Vec.filled(16, 0.0, fx.Float32)
    c = fx.rocdl.mfma_f32_32x32x8f16(Vec.make_type(16, fx.Float32), [a.ir_value(), b.ir_value(), z.ir_value()])
    fx.ptr_store(c, fx.get_iter(C) + t * 16)
    atom = fx.make_mma_atom(fx.rocdl.MFMA(32, 32, 8, fx.Float16))
    d = fly.mma_atom_call_ssa([Vec.make_type(16, fx.Float32)], atom, a.ir_value(), b.ir_value(), c)
    fx.ptr_store(d, fx.get_iter(D) + t * 16)


@flyc.jit
def run_raw_mfma(A, B, C, D):
    raw_mfma(A, B, C, D).launch(grid=1, block=64)


torch.manual_seed(0)
Am = torch.randint(-3, 4, (32, 8)).float()
Bm = torch.randint(-3, 4, (32, 8)).float()
lanes = lambda M: torch.stack([M[l % 32, 4 * (l // 32):4 * (l // 32) + 4] for l in range(64)]).half().reshape(-1).cuda()
C = torch.zeros(1024, dtype=torch.float32).cuda()
D = torch.zeros(1024, dtype=torch.float32).cuda()
run_raw_mfma(lanes(Am), lanes(Bm), C, D)
ref = Am.double() @ Bm.double().t()
got_c = torch.zeros(32, 32, dtype=torch.float64)
got_d = torch.zeros(32, 32, dtype=torch.float64)
for l in range(64):
    for v in range(16):
        m, n = 4 * (l // 32) + v % 4 + 8 * (v // 4), l % 32
        got_c[m, n] = C[l * 16 + v].item()
        got_d[m, n] = D[l * 16 + v].item()
print("rocdl.mfma_f32_32x32x8f16 [a, b, c]:", torch.equal(got_c, ref), " mma_atom_call_ssa:", torch.equal(got_d, 2 * ref))


@flyc.kernel
def by_address(xa: fx.Int64, ya: fx.Int64):
    t = fx.thread_idx.x
    px = fx.inttoptr(fx.PointerType.get(fx.Float32.ir_type, fx.AddressSpace.Global), xa)
    py = fx.inttoptr(fx.PointerType.get(fx.Float32.ir_type, fx.AddressSpace.Global), ya)
    fx.ptr_store(fx.ptr_load(px + t) * 2.0, py + t)


@flyc.jit
def run_by_address(x: fx.Pointer, y: fx.Pointer):
    by_address(fx.Int64(fx.ptrtoint(x)), fx.Int64(fx.ptrtoint(y))).launch(grid=1, block=32)


X = torch.arange(32, dtype=torch.float32).cuda()
Y = torch.zeros(32, dtype=torch.float32).cuda()
run_by_address(flyc.from_c_void_p(fx.Float32, X.data_ptr()), flyc.from_c_void_p(fx.Float32, Y.data_ptr()))
print("ptrtoint of a host pointer argument:", torch.equal(Y.cpu(), 2 * X.cpu()))


@flyc.kernel
def llvm_level(X: fx.Tensor, Y: fx.Tensor):
    # Pointer.llvm_ptr and an llvm.getelementptr whose element type is given as T.f32() (a DSL numeric in flyi):
    # Y[t] = X[t + 1] through the LLVM dialect's ops
    from flydsl._mlir import ir
    from flydsl._mlir.dialects import llvm
    from flydsl._mlir.extras import types as T

    t = fx.thread_idx.x
    base = fx.get_iter(X).llvm_ptr
    p = llvm.GEPOp(base.type, base, [fx.Int32(t + 1).ir_value()], [-2147483648], T.f32()).result
    v = llvm.load(ir.F32Type.get(), p)
    fx.ptr_store(fx.Float32(v), fx.get_iter(Y) + t)


@flyc.jit
def run_llvm_level(X, Y):
    llvm_level(X, Y).launch(grid=1, block=16)


X = torch.arange(17, dtype=torch.float32).cuda()
Y = torch.zeros(16, dtype=torch.float32).cuda()
run_llvm_level(X, Y)
print("llvm_ptr + getelementptr (T.f32()):", torch.equal(Y.cpu(), X.cpu()[1:]))


@flyc.kernel
def tuple_offset(X: fx.Tensor, Y: fx.Tensor):
    # fx.add_offset(ptr, fx.make_int_tuple(off)): the pointer moved by the tuple's single leaf
    t = fx.thread_idx.x
    p = fx.add_offset(fx.get_iter(X), fx.make_int_tuple(t * 2))
    fx.ptr_store(fx.ptr_load(p), fx.get_iter(Y) + t)


@flyc.jit
def run_tuple_offset(X, Y):
    tuple_offset(X, Y).launch(grid=1, block=8)


X = torch.arange(16, dtype=torch.float32).cuda()
Y = torch.zeros(8, dtype=torch.float32).cuda()
run_tuple_offset(X, Y)
print("add_offset by an IntTuple:", torch.equal(Y.cpu(), X.cpu()[::2]))
