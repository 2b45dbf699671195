# flyi: run
# Numeric types' MLIR spelling (T.ir_type: integers are signless) and the static constructors of fx.Vector
# (trace_vector.c): make_type (the MLIR type text), filled and from_elements inside a kernel; v[i] with a
# dynamic or negative index, chains of .to() conversions and unary minus.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

for t in (fx.Uint8, fx.Int16, fx.Uint64, fx.Float16, fx.Float8E5M2, fx.Index, fx.Boolean):
    print(t, "->", t.ir_type, fx.Vector.make_type(3, t))

@flyc.kernel
def build(out: fx.Tensor, base: fx.Float32):
    t = fx.thread_idx.x
    tf = t.to(fx.Float32)
    v = fx.Vector.from_elements([tf, base, tf * base, 7], fx.Float32)
    w = fx.Vector.filled(4, 0.5, fx.Float32)
    u = v * w + v
    print("trace:", u, fx.Vector.make_type(u.numel, u.dtype))
    r = fx.make_rmem_tensor(4, fx.Float32)
    fx.memref_store_vec(u, r)
    dst = fx.logical_divide(out, fx.make_layout(4, 1))
    fx.copy(fx.make_copy_atom(fx.UniversalCopy128b(), fx.Float32), r, fx.slice(dst, (None, t)))

@flyc.jit
def go(out, base: fx.Float32):
    build(out, base).launch(grid=1, block=3)

out = torch.zeros(12, device="cuda")
go(out, 2.0)
print(out.view(3, 4).tolist())
try:
    fx.Vector.make_type(0, fx.Float32)
except ValueError as e:
    print("ValueError:", e)

@flyc.kernel
def pick(dst: fx.Tensor):
    t = fx.thread_idx.x
    v = fx.Vector.from_elements([10.0, 11.5, -12.0, 13.0], fx.Float32)
    dst[t] = v[t] + v[-1]                                  # a dynamic and a negative static index
    h = v.to(fx.BFloat16).to(fx.Float16).to(fx.Int8).to(fx.Float32)
    fx.printf("lane {}: {} {}", t, -h[t], (-(v.to(fx.Int32)))[t])

@flyc.jit
def go2(dst):
    pick(dst).launch(grid=1, block=4)

d = torch.zeros(4, device="cuda")
go2(d)
print(d.tolist())
