# A tour of the layout algebra, FlyDSL style, run by flyi with no GPU and no wrappers:
#     flyi examples/layouts.py
import flydsl.expr as fx

# A layout maps coordinates to indices: shape (8,8), row-major strides (8,1).
L = fx.make_layout((8, 8), (8, 1))
print("layout       :", L)
print("size / cosize:", fx.size(L), "/", fx.cosize(L))
print("L(2, 3)      :", L(2, 3), "  (crd2idx)")
print("L(None, 3)   :", L(None, 3), "  (the column through (*, 3))")
fx.utils.print_layout(L)

# Tiling: divide a 64-element vector into tiles of 8, or an (8,8) block into 2x4 tiles.
print("logical_divide(64:1, 8:1)     :", fx.logical_divide(fx.make_layout(64, 1), fx.make_layout(8, 1)))
print("zipped_divide(L, [2|4])       :", fx.zipped_divide(L, fx.make_tile(2, 4)))
print("composition (6,9):(19,69) o (6,3):(3,1):",
      fx.composition(fx.make_layout((6, 9), (19, 69)), fx.make_layout((6, 3), (3, 1))))
print("complement((3,2):(2,1), 12)   :", fx.complement(fx.make_layout((3, 2), (2, 1)), 12))
print("blocked_product               :",
      fx.blocked_product(fx.make_layout((2, 2), (1, 2)), fx.make_layout((2, 3), (3, 1))))

# Thread-value layouts: 4 threads along M, 8 values each along N, as a tiled copy sees them.
tile_mn, tv = fx.make_layout_tv(fx.make_layout((4, 1), (1, 1)), fx.make_layout((1, 8), (1, 1)))
print("TV layout    :", tile_mn, tv)
fx.utils.print_layout(tv)

# Swizzles: the (8,8) layout with S<3,0,3> applied, drawn beside its unswizzled form.
sw = fx.make_composed_layout(fx.static(fx.SwizzleType.get(3, 0, 3)), fx.make_ordered_layout((8, 8), (1, 0)))
print("swizzled     :", sw)
fx.utils.print_layout(sw)
