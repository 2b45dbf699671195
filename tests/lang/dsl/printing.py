# The printing forms of flydsl-surface.md section 2.3 (str and repr are the same text).
import flydsl.expr as fx

L = fx.make_layout((8, 8), (8, 1))
print(L)
print(fx.size(L))
print(fx.crd2idx(fx.make_coord(2, 3), L))
print(fx.crd2idx(fx.make_coord(2, 3), fx.make_identity_layout((4, 8))))
print(fx.make_rmem_tensor(fx.make_layout((4, 8), (8, 1)), fx.Float32))
print(fx.make_rmem_tensor((4, 8), fx.Float16))
print(fx.make_view(fx.make_coord(0, 0), fx.make_identity_layout((4, 8))))
sw_t = fx.SwizzleType.get(3, 0, 3)
print(sw_t)
print(fx.static(sw_t))
print(fx.make_composed_layout(fx.static(sw_t), fx.make_layout((8, 8), (8, 1))))
print(fx.make_composed_layout(fx.static(fx.SwizzleType.get(3, 3, 3)), 0, fx.make_layout((8, 8), (8, 1))))
print(fx.rank(L), fx.depth(L))
print(fx.make_layout_tv(fx.make_layout((4, 1), (1, 1)), fx.make_layout((1, 8), (1, 1)))[0])
print(fx.make_int_tuple((4, 8)).unpack())
print(fx.Float32, fx.Int32, fx.BFloat16)
print(fx.Basis(2, [0]), fx.E(0), fx.E(0, 1))
print(fx.make_tile(4, 8), fx.make_tile(fx.make_layout(2, 7), fx.make_layout((3, 6), (1, 3))))
print(fx.make_layout(64, 1), fx.make_layout((16,), (1,)), fx.make_int_tuple(42), fx.make_int_tuple((16,)))
print(repr(L), repr(fx.size(L)), repr(sw_t), repr(fx.E(1)))
print([fx.make_layout(4, 1), fx.make_shape(2, 3)])
print(f"{L} / {fx.get_shape(L)}")
coord = fx.make_view(fx.make_coord(0, 0), fx.make_identity_layout((4, 8)))
try:
    coord.element_type
except TypeError as e:
    print("TypeError:", e)
t = fx.make_rmem_tensor(fx.make_layout((4, 8), (8, 1)), fx.Float32)
print(t.element_type, t.layout, t.shape, t.stride)
print(coord[(2, 3)], coord[(None, 3)], coord.layout)
