# The Fly type of a value (IntTuple.type, Layout.type) with FlyDSL's type queries, basis leaves with a
# runtime coefficient, get_leaves(dynamic_only=), fx.static of tuple / layout / tile types, and the
# flydsl._mlir.dialects.fly layout builders.
import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl._mlir.dialects import arith, fly, func
from flydsl._mlir.ir import Context, FunctionType, InsertionPoint, IntegerType, Location, Module

shape = fx.make_int_tuple((6, (2, 5)))
print(shape.type, shape.type.rank, shape.type.depth, shape.type.is_static, shape.type.is_leaf)
print(shape.type.at(1), shape.type.at(1).at(0).get_static_leaf_int)
print(shape[0].get_static_leaf_int, shape[0].type.is_leaf_int, shape[0].type.is_leaf_basis)
try:
    shape.get_static_leaf_int
except ValueError as e:
    print("ValueError:", e)

lay = fx.make_layout((16, 4), (4, 1))
print(lay.type, lay[1].type, fx.coalesce(fx.select(lay, [1, 0])).type)
print(fx.group(lay, 0, 2).type, lay.type.is_static_shape, lay.type == fx.make_layout((16, 4), (4, 1)).type)

b = fx.make_int_tuple(fx.Basis(3, [1, 0]))
print(b.type, b.type.is_leaf_basis, b.type.get_leaf_as_basis, b.type.get_leaf_as_basis.modes,
      b.type.get_leaf_as_basis.value)
print(fx.Basis(fx.Int32(6), [2]), fx.get_leaves(fx.make_stride(fx.E(0), (fx.E(1), 7))))

# fx.static of the types FlyDSL builds from values
print(fx.static(fx.IntTupleType.get((3, (4, 5)))), fx.static(fx.LayoutType.get((2, 8), (8, 1))))
t = fx.static(fx.TileType.get([4, fx.LayoutType.get(8, 2), (2, 3)]))
print(t, t.unpack())
print(fx.TileType.get([fx.make_layout(16, 1), 8]))


@flyc.jit
def dyn(c: fx.Int32, n: fx.Int32):
    leaf = fx.make_int_tuple(fx.Basis(c, [1]))
    print(leaf, leaf.type.is_leaf_basis, leaf.type.is_static, leaf.type.get_leaf_as_basis.modes)
    print(leaf.type.get_leaf_as_basis.is_static, type(fx.get_scalar(leaf).value).__name__)
    st = fx.make_stride(fx.Basis(c, [0]), fx.E(1), n)
    print(fx.get_leaves(st))
    print(fx.get_leaves(st, dynamic_only=True))
    print(fly.coalesce(fx.make_layout((2, (1, 6)), (1, (n, 2)))))


dyn(5, 3)

# layouts of ir.Values (block arguments, op results) in IR built by hand
with Context(), Location.unknown():
    m = Module.create()
    i32 = IntegerType.get_signless(32)
    with InsertionPoint(m.body):
        f = func.FuncOp("sizes", FunctionType.get([i32, i32], [i32]))
        e = f.add_entry_block()
        with InsertionPoint(e):
            x, y = e.arguments
            four = arith.ConstantOp(i32, 4).result
            L = fx.make_layout(fx.make_shape(x, four), fx.make_stride(1, y))
            print(L, fly.make_layout(fly.static(fly.IntTupleType.get((3, 2))), stride=fly.static(
                fly.IntTupleType.get((2, 1)))))
            try:
                fx.make_shape(arith.ConstantOp(fx.T.f32, 1.5).result)
            except TypeError as e:
                print("TypeError:", e)
            func.ReturnOp([fx.get_scalar(fx.size(L)).ir_value()])
    print(m)
try:
    fx.make_shape(2.5)
except TypeError as e:
    print("TypeError:", e)
