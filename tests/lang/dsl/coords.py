# Coordinates at the prompt with FlyDSL's meaning (LayoutUtils.h): idx2crd(i, layout) gives mode k as
# (i // stride_k) % shape_k (a mode of extent 1 gives 0 whatever its stride), crd2idx splits an integer
# column-major over a tuple shape, get_flat_coord gives per top-level mode the column-major 1-D coordinate
# of idx2crd's, get_1d_coord the column-major index of idx2crd's. Static DSL integers are coordinates too.
import flydsl.expr as fx

R = fx.make_layout((4, 16), (16, 1))
print("idx2crd", fx.idx2crd(37, R), fx.idx2crd(9, fx.make_layout((4, 8), (1, 4))),
      fx.idx2crd(5, fx.make_layout((4, 8), (8, 1))), fx.idx2crd(200, fx.make_layout((4, 64), (64, 1))))
print("idx2crd extent 1", fx.idx2crd(5, fx.make_layout((1, 8), (0, 1))), fx.idx2crd(7, fx.make_layout(1, 0)))
N = fx.make_layout(((2, 2), 4), ((1, 2), 4))
print("idx2crd nested", fx.idx2crd(3, N), fx.idx2crd(13, N), fx.idx2crd((3, 2), fx.make_layout((4, 8), (8, 1))))
print("idx2crd keywords", fx.idx2crd(index=37, layout=R), fx.idx2crd(37, (4, 16)), fx.idx2crd(37, (4, 16), (16, 1)))
print("idx2crd round trip", all(fx.crd2idx(fx.idx2crd(i, R), R) == i for i in range(64)))
print("crd2idx", fx.crd2idx(37, R), fx.crd2idx((2, 5), R), fx.crd2idx(fx.make_coord(1, 2), fx.make_layout((4, 8), (1, 4))),
      fx.crd2idx(7, fx.make_layout((4, 8), (1, 4))), fx.crd2idx(5, N), fx.crd2idx((3, 1), N))
print("get_flat_coord", fx.get_flat_coord(9, fx.make_layout((4, 8), (1, 4))), fx.get_flat_coord(3, N),
      fx.get_flat_coord(13, N), fx.get_flat_coord(index=37, layout=R))
print("get_1d_coord", fx.get_1d_coord(9, fx.make_layout((4, 8), (1, 4))), fx.get_1d_coord(5, fx.make_layout((4, 8), (8, 1))),
      fx.get_1d_coord(37, R), fx.get_1d_coord(13, N))
print("methods", R.get_hier_coord(37), R.get_flat_coord(37), R.get_1d_coord(37), R.get_hier_coord(index=37), R(37), R(2, 5))
print("numerics", fx.idx2crd(fx.Int32(37), R), fx.crd2idx((fx.Int32(2), 5), R), fx.make_coord(None, fx.Int32(3)),
      fx.get(fx.make_coord(fx.Int32(3), 4), 0))
print("get", fx.get(fx.idx2crd(37, R), 0), fx.get(fx.idx2crd(37, R), 1), fx.get(fx.idx2crd(13, N), 0))
print("slice", fx.slice(R, fx.make_coord(None, 3)), fx.slice(R, (2, None)), fx.slice((4, 8, 16), (None, 3, None)))
print("arith", repr(fx.get(fx.idx2crd(37, R), 0) * 100 + fx.Int32(1)), repr(fx.Int32(7) - fx.get(fx.idx2crd(37, R), 1)),
      repr(fx.get(fx.idx2crd(37, R), 1) // fx.Int32(2)), repr(fx.Int32(13) % fx.get(fx.idx2crd(37, R), 1)))
try:
    fx.idx2crd(3, R, (1, 4))
except TypeError as e:
    print("TypeError:", e)
try:
    fx.idx2crd(3, fx.make_layout((4, 8), (0, 1)))
except ValueError as e:
    print("ValueError:", e)
