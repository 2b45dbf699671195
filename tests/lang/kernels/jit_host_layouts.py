# flyi: run
# A host @flyc.jit function holds the layout values it makes as FlyDSL's host function does: static int
# tuples and layouts as fly.static of their type, ones with run-time leaves as fly.make_int_tuple /
# fly.make_layout of the parameter values; basis strides print as 1E0, 2E1. A kernel's IR is unchanged.
import flydsl.compiler as flyc
import flydsl.expr as fx


@flyc.jit
def shapes(n: fx.Int32):
    fx.make_int_tuple((5, (3, 7)))
    fx.make_stride(fx.E(1), fx.Basis(2, [0]))
    fx.make_layout((4, n), (n, 1))
    fx.make_identity_layout((2, 6))
    fx.make_ordered_layout((2, 3), order=(1, 0))
    fx.make_coord(n, None)
    fx.make_int_tuple(fx.Basis(n, [0]))  # a runtime basis coefficient: no op


shapes(7)
print(shapes._last_compiled[1].source_ir)
