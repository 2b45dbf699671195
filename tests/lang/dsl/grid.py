# Terminal grids (run with NO_COLOR and stdout piped: no colours): a rank-2 layout, a hierarchical
# one, a rank-1 and a rank-3 (flattened) layout, an identity layout, a TV layout (T<t>V<v> cells),
# a swizzled layout beside its unswizzled form, a register tensor, and a truncated 80x3 layout.
import flydsl.expr as fx

fx.utils.print_layout(fx.make_layout((4, 8), (8, 1)))
fx.utils.print_layout(fx.make_layout((2, (2, 2)), (1, (4, 2))))
fx.utils.print_layout(fx.make_layout(6, 2))
fx.utils.print_layout(fx.make_layout((2, 2, 2), (4, 2, 1)))
fx.utils.print_layout(fx.make_identity_layout((2, 3)))
tile_mn, tv = fx.make_layout_tv(fx.make_layout((2, 2), (2, 1)), fx.make_layout((1, 2), (1, 1)))
print(tile_mn, tv)
fx.utils.print_layout(tv)
fx.utils.print_layout(fx.make_layout((4, 2), (1, 4)), tile_mn=(2, 4))
fx.utils.print_layout(fx.make_composed_layout(fx.static(fx.SwizzleType.get(2, 0, 2)), fx.make_ordered_layout((4, 4), (1, 0))))
fx.utils.print_layout(fx.make_rmem_tensor((2, 3), fx.Float32))
text = fx.utils.layout_text(fx.make_layout((80, 3), (3, 1)))
lines = text.splitlines()
print(len(lines), "lines")
print(lines[0])
print(lines[-1])
big = fx.utils.layout_text(fx.make_layout((1024, 1024), (1024, 1)))
print(big.splitlines()[-1], len(big.splitlines()))
colored = fx.utils.layout_text(fx.make_layout((2, 2), (2, 1)), color=True)
print("\x1b[30;48;5;" in colored, "\x1b[0m" in colored)
