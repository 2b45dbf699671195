# Errors name the operation and the operands (ValueError from the algebra, TypeError for bad arguments).
import flydsl.expr as fx

A = fx.make_layout((4, 8), (1, 4))
cases = [
    ("make_layout profile", lambda: fx.make_layout((4, 8), (1,))),
    ("make_layout type", lambda: fx.make_layout("x")),
    ("make_layout stride type", lambda: fx.make_layout((4, 8), (1.5, 4))),
    ("complement", lambda: fx.complement(fx.make_layout((3, 2), (1, 2)), 12)),
    ("crd2idx", lambda: fx.crd2idx((1, 2, 3), A)),
    ("composition", lambda: fx.composition(A, "tile")),
    ("logical_divide", lambda: fx.logical_divide(A, 3.0)),
    ("make_rmem_tensor", lambda: fx.make_rmem_tensor((4, 8), "f32")),
    ("size", lambda: fx.size("abc")),
    ("swizzle", lambda: fx.SwizzleType.get(3, 0, 1)),
    ("get_scalar", lambda: fx.get_scalar(fx.make_shape(2, 3))),
    ("make_view pointer", lambda: fx.make_view(None, A)),
    ("static", lambda: fx.static(3)),
    ("Layout call", lambda: A()),
    ("select", lambda: fx.select(A, [5])),
]
for name, fn in cases:
    try:
        print(name, "->", fn())
    except (ValueError, TypeError) as e:
        print(name, "->", type(e).__name__ + ":", e)
import flydsl.compiler as flyc


@flyc.kernel
def my_kernel(x):
    pass


my_kernel(1).launch(grid=(1, 1, 1), block=(64, 1, 1))  # compiles (no launch backend yet)
print(flyc.last_compiled())
fx.make_layout((4, 8), (1, 2, 3))
