# Import forms, int-tuple helpers and the remaining functions of the surface.
import flydsl
import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl.expr import make_layout, size, range_constexpr, const_expr
from flydsl.expr.typing import Layout, IntTuple, Float32
from flydsl.expr import utils
import flydsl.expr.utils as u2
print(flydsl.__version__, utils is fx.utils, u2 is utils, fx.typing.Layout is Layout, Float32)
L = make_layout((4, 8), (1, 4))
print(isinstance(L, fx.Layout), isinstance(size(L), IntTuple), [i for i in range_constexpr(3)], const_expr(5))
print(fx.make_shape(4, 8), fx.make_stride(1, 4), fx.make_coord(None, 3), fx.make_int_tuple(((2, 3), 4)))
print(fx.make_layout(fx.make_layout(4, 1), fx.make_layout(8, 4)), fx.make_layout((4, 8)))
print(fx.make_ordered_layout((8, 8), (1, 0)), fx.make_ordered_layout((4, 8), (0, 1)))
print(fx.make_identity_layout((4, 8)), fx.make_identity_tensor((4, 8)))
print(fx.int_tuple_add((4, 8), (2, 2)), fx.int_tuple_sub((4, 8), (2, 2)), fx.int_tuple_mul((4, 8), 2),
      fx.int_tuple_div((4, 8), (2, 2)), fx.int_tuple_mod((5, 8), (2, 4)))
print(fx.int_tuple_product((4, 8)), fx.int_tuple_product_each(((2, 3), (4, 5))), fx.shape_div((4, 8), 2),
      fx.ceil_div((5, 8), (2, 3)), fx.elem_less((1, 2), (4, 8)), fx.elem_less((4, 2), (4, 8)))
print(fx.get_leaves(((2, 3), 4)), fx.get_scalar(fx.size(L)), fx.get_((2, (3, 4)), 1, 0), fx.get((2, 3), 1),
      fx.get(fx.make_int_tuple((2, 3)), 1), fx.get(L, 1))
print(fx.zip((2, 3), (4, 5)), fx.zip(fx.make_layout((2, 3), (1, 2)), fx.make_layout((4, 5), (6, 24))))
print(fx.append((2, 3), 4), fx.prepend((2, 3), 1), fx.append(fx.make_layout(4, 1), fx.make_layout(2, 4)),
      fx.append((2,), 1, n=3))
print(fx.select((2, 3, 4), [2, 0]), fx.take((2, 3, 4), 1, 3), fx.group((2, 3, 4), 0, 2))
print(L(2, 3), L((2, 3)), L(14), L(None, 3), L[1], L.shape, L.stride, fx.rank((2, (3, 4))), fx.depth((2, (3, 4))))
print(L.get_hier_coord(14), fx.get_hier_coord(14, L), fx.idx2crd(14, (4, 8)))
print(fx.make_int_tuple((2, 3)) + (1, 1), fx.make_int_tuple((2, 3)) * 2, fx.make_int_tuple(7) == 7,
      fx.make_int_tuple((2, 3))[1], len(fx.make_int_tuple((2, 3))), list(range(fx.make_int_tuple(3))))
c = fx.make_composed_layout(fx.make_layout(32, 2), 0, fx.make_composed_layout(fx.make_layout(32, 1), fx.make_layout((4, 8), (1, 4))))
print(c, fx.size(c), c(5), fx.composed_get_inner(c), fx.composed_get_offset(c), fx.composed_get_outer(c))
sw = fx.make_composed_layout(fx.static(fx.SwizzleType.get(3, 0, 3)), fx.make_layout((8, 8), (8, 1)))
print(sw(1, 1), sw(None, 1), fx.composition(sw, fx.make_layout(4, 8)), fx.static(fx.SwizzleType.get(3, 0, 3))(9))
print(fx.make_fragment_like(fx.make_layout((4, 8), (8, 1)), fx.Float32),
      fx.make_fragment_like(fx.make_rmem_tensor((2, 2), fx.Int32)))
v = fx.make_view(fx.make_coord(0, 0), fx.make_identity_layout((4, 8)))
print(fx.get_layout(v), fx.get_iter(v), fx.slice(v, (None, 2)), fx.size(v), fx.get_shape(v))
print(fx.coalesce(fx.make_layout((2, (1, 6)), (1, (6, 2))), (1, 1)), fx.composition(L, (2, 4)), fx.composition(L, 8))
print(fx.Basis(3, 1) * 2, fx.make_layout((4, 8), (fx.E(0), fx.E(1))))


@flyc.jit
def nested(n):
    return inner(n) + 1


@flyc.jit
def inner(n):
    return fx.get_scalar(fx.size(fx.make_layout((n, 2))))


print(nested(4), nested, flyc.jit(lambda: 3)())


class Holder:
    @flyc.jit
    def method(self, x):
        return x * 2


print(Holder().method(21))
