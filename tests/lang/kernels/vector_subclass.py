# flyi: run
# Subclasses of fx.Vector inside a traced kernel (trace_vector.c: Vector is subclassable, __new__ makes an
# empty instance and __init__ gives it its vector): a user class with its own methods and attributes; what
# each operation returns as FlyDSL's Vector does (arithmetic, .to(), .bitcast(), unary ops: plain Vector;
# the class methods filled / from_elements / filled_like / zeros_like called on the subclass: the subclass;
# .to() of the same dtype, .broadcast_to() of the same size and unary +: the value itself); a subclass value keeps
# its class through scf.if and scf.for results; FlyDSL's aliases (Float32x4, Int32x4) made from a scalar,
# a list, a Vector; their ValueErrors; a subclass whose __init__ never calls Vector.__init__ is an error,
# not a crash. The kernel runs on the emulator and its results are checked.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl.expr.typing import Float32x4, Int32x4


class Lanes(fx.Vector):
    def total(self):
        return self.reduce(fx.ReductionOp.ADD)

    def scaled(self, k):
        return type(self)(self * k)


class Empty(fx.Vector):
    def __init__(self, value):
        self.value = value          # never calls Vector.__init__


def name(v):
    return type(v).__name__


@flyc.kernel
def k(out: fx.Tensor, s: fx.Float32):
    t = fx.thread_idx.x
    tf = t.to(fx.Float32)
    v = Lanes(fx.Vector.from_elements([tf, s, 1.0, 2.0], fx.Float32))
    v.note = "mine"
    print(name(v), v.note, isinstance(v, fx.Vector), isinstance(v, Lanes), v, v.dtype, v.shape)
    print("ops:", name(v + 1.0), name(2.0 * v), name(v * v), name(-v), name(abs(v)), name(v < 1.0),
          name(v.to(fx.Float16)), name(v.bitcast(fx.Int32)), name(v.scaled(3.0)), name(v.total()))
    print("same:", v.to(fx.Float32) is v, v.broadcast_to(4) is v, +v is v)
    print("classmethods:", name(Lanes.filled(4, 0.0, fx.Float32)), name(Lanes.from_elements([1, 2], fx.Int32)),
          name(Lanes.filled_like(v, 1.0)), name(Lanes.zeros_like(v)), name(fx.Vector.filled(4, 0.0, fx.Float32)))
    a = Float32x4(s)                                     # a scalar fills the lanes
    b = Float32x4([1.0, 2.0, tf, s])                     # a list: from_elements
    c = Float32x4(a * b)                                 # a Vector
    i = Int32x4(7)
    print("aliases:", name(a), name(b), name(c), name(a * b), isinstance(a * b, Float32x4), isinstance(c, Float32x4),
          name(i), i.dtype, name(Float32x4.filled(4, 1.0, fx.Float32)))
    for bad in (lambda: Float32x4([1.0, 2.0]), lambda: Float32x4(i), lambda: Float32x4(a, shape=(2, 2))):
        try:
            bad()
        except ValueError as e:
            print("ValueError:", e)
    try:
        Empty(1) + 1.0
    except RuntimeError as e:
        print("RuntimeError:", e)
    if t == 1:
        c = Float32x4(c + 10.0)
    print("after if:", name(c))
    w = v
    for j in range(2):
        w = Lanes(w + c)
    print("after for:", name(w), w)
    r = fx.make_rmem_tensor(4, fx.Float32)
    fx.memref_store_vec(w.scaled(0.5) + i.to(fx.Float32), r)
    dst = fx.logical_divide(out, fx.make_layout(4, 1))
    fx.copy(fx.make_copy_atom(fx.UniversalCopy128b(), fx.Float32), r, fx.slice(dst, (None, t)))


@flyc.jit
def go(out, s: fx.Float32):
    k(out, s).launch(grid=1, block=2)


out = torch.zeros(8, device="cuda")
go(out, 3.0)
print(out.view(2, 4).tolist())
