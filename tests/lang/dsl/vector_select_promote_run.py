# flyi: run
# Vectors of different element types meet in their common type, as FlyDSL's lattice says: a comparison of an
# Int32 and a Float32 Vector compares as Float32 (2 < 2.5 holds, as in Python), and cond.select(a, b) converts
# both branches (Vectors converted, scalars broadcast) to the common element type. Run on the emulator and
# checked against Python.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

IV = [2, 3, -1, 0, 7, -4]
FV = [2.5, 2.75, -1.5, 0.0, 7.0, -3.5]
N = len(IV)


@flyc.kernel
def k(xi: fx.Tensor, xf: fx.Tensor, lt: fx.Tensor, sel: fx.Tensor, bc: fx.Tensor, cst: fx.Tensor):
    t = fx.thread_idx.x
    vi = fx.Vector.filled(4, fx.Int32(xi[t]), fx.Int32)
    vf = fx.Vector.filled(4, fx.Float32(xf[t]), fx.Float32)
    c = vi < vf  # in Float32
    lt[t] = fx.Int32(c.to(fx.Int32)[0])
    s = c.select(vf, vi)  # Float32: the float where i < f, else the int as a float
    sel[t] = s[0]
    b = (vi > 0).select(0.25, vi)  # a scalar float branch, broadcast: Float32
    bc[t] = b[1]
    # a constant condition picks one of two Vectors
    w = (fx.Int32(1) < fx.Int32(2)).select(vf * 2.0, vf)
    cst[t] = w[2]


@flyc.jit
def run(*a):
    k(*a).launch(grid=1, block=N)


xi = torch.tensor(IV, dtype=torch.int32, device="cuda")
xf = torch.tensor(FV, dtype=torch.float32, device="cuda")
lt = torch.zeros(N, dtype=torch.int32, device="cuda")
sel, bc, cst = (torch.zeros(N, device="cuda") for _ in range(3))
run(xi, xf, lt, sel, bc, cst)
print("i < f ", lt.tolist(), lt.tolist() == [int(i < f) for i, f in zip(IV, FV)])
print("select", sel.tolist(), sel.tolist() == [f if i < f else float(i) for i, f in zip(IV, FV)])
print("scalar", bc.tolist(), bc.tolist() == [0.25 if i > 0 else float(i) for i in IV])
print("const ", cst.tolist(), cst.tolist() == [2 * f for f in FV])


# fx.max / fx.min of a Vector and a wider scalar fold in the common type (an Int32 Vector and Int64: Int64)
@flyc.jit
def host(a: fx.Int64):
    v = fx.Vector.filled(4, 3, fx.Int32)
    m = fx.max(v, a)
    print("max:", m.dtype.__name__, m.shape, "min:", fx.min(v, 2.5).dtype.__name__)


host(7)
print([ln.split(" loc(")[0].strip() for ln in host._last_compiled[1].source_ir.splitlines() if "arith.max" in ln])
