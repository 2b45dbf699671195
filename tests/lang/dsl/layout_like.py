# FlyDSL's "like" primitives, evaluated as its Fly dialect infers their types:
# - make_layout_like(ref): ref's shape with compact strides ranked as ref's strides rank (a stride-0 leaf counts
#   as an extent of 1; equal ranks start together);
# - make_fragment_layout_like(t): mode 0 compact column-major, the other modes ordered by their strides and tiled
#   after it (rank 1: compact column-major); the shape must be static; a Layout or a tensor;
# - int_tuple_product_like(lhs, rhs): lhs shaped as rhs, each leaf of rhs the product of the part of lhs it covers;
# - tiled_mma_partition_shape(operand, tiled_mma, shape): (V, Rest...) of a thread's partition of a tensor of shape;
# all under flydsl.expr and flydsl.expr.primitive.
import flydsl.expr as fx
import flydsl.expr.primitive as prim

for s, d in [((4, 8), (8, 1)), ((4, 8), (1, 4)), ((4, 8), (0, 1)), (((2, 2), 8), ((16, 1), 2)),
             ((4, (2, 3)), (2, (1, 8))), ((2, 3, 4), (12, 1, 3)), (8, 2), ((2, 2), (0, 0))]:
    L = fx.make_layout(s, d)
    print(L, "like", fx.make_layout_like(L), "fragment", fx.make_fragment_layout_like(L))
print(fx.make_fragment_layout_like(fx.make_layout(((4, 1), 2, 2), ((1, 0), 16, 4))))
print(fx.make_fragment_layout_like(fx.make_rmem_tensor(fx.make_layout((2, 4), (4, 1)), fx.Float32)))
n = fx.Int32(6)
print(fx.make_layout_like(fx.make_layout((4, n), (n, 1))))

print(fx.int_tuple_product_like(((2, 3), (4, 5)), (0, (0, 0))))
print(fx.int_tuple_product_like(((2, 3), (4, 5)), (0, 0)))
print(fx.int_tuple_product_like(((2, 3), (4, 5)), 0))
print(fx.int_tuple_product_like(fx.make_shape((2, 3), 7), fx.make_shape(1, 1)))

atom = fx.make_mma_atom(fx.rocdl.MFMA(16, 16, 4, fx.Float32))
mma = fx.make_tiled_mma(atom, fx.make_layout((2, 2, 1), (1, 2, 0)))
for op, shape in [(fx.MmaOperand.A, (64, 16)), (fx.MmaOperand.B, (64, 16)), (fx.MmaOperand.C, (64, 64)),
                  (fx.MmaOperand.D, (32, 32))]:
    print(op, shape, fx.tiled_mma_partition_shape(op, mma, shape))


def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)


show(lambda: fx.make_layout_like((4, 8)))
show(lambda: fx.int_tuple_product_like((2, 3), ((1, 1), (1, 1))))
show(lambda: fx.tiled_mma_partition_shape(fx.MmaOperand.A, mma, (48, 16)))
print(all(getattr(prim, k) is getattr(fx, k) for k in ("make_layout_like", "make_fragment_layout_like",
                                                         "int_tuple_product_like", "tiled_mma_partition_shape")))
