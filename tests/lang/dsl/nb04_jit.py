# A notebook-04-style program written as FlyDSL requires it: every experiment inside a @flyc.jit
# function that launches no kernel; calling it runs the body. Expected lines: flydsl-surface.md 2.8.
import flydsl.compiler as flyc
import flydsl.expr as fx


@flyc.jit
def layout_basics():
    layout = fx.make_layout((8, 8), (8, 1))
    print("layout      :", layout)
    print("shape/stride:", fx.get_shape(layout), "/", fx.get_stride(layout))
    print("size/cosize :", fx.size(layout), "/", fx.cosize(layout))
    print("rank/depth  :", fx.rank(layout), "/", fx.depth(layout))


@flyc.jit
def coord_to_index():
    row_major = fx.make_layout((8, 8), (8, 1))
    col_major = fx.make_layout((8, 8), (1, 8))
    for r, c in [(0, 1), (1, 0), (2, 3)]:
        crd = fx.make_coord(r, c)
        print(f"coord ({r}, {c}): row-major ->", fx.crd2idx(crd, row_major),
              "  column-major ->", fx.crd2idx(crd, col_major))


@flyc.jit
def tiling():
    flat = fx.make_layout(64, 1)
    print(flat)
    tiled = fx.logical_divide(flat, fx.make_layout(8, 1))
    print(tiled)
    print(tiled[0])
    print(fx.rank(tiled))


@flyc.jit
def two_tensors():
    regs = fx.make_rmem_tensor(fx.make_layout((4, 8), (8, 1)), fx.Float32)
    print(regs)
    coords = fx.make_view(fx.make_coord(0, 0), fx.make_identity_layout((4, 8)))
    print(coords)


@flyc.jit
def swizzle():
    base = fx.make_ordered_layout((8, 8), (1, 0))
    print(base)
    sw = fx.SwizzleType.get(3, 0, 3)
    print(sw)
    print(fx.make_composed_layout(fx.static(sw), base))


@flyc.jit
def tv_layout():
    tile_mn, tv = fx.make_layout_tv(fx.make_layout((4, 1), (1, 1)), fx.make_layout((1, 8), (1, 1)))
    print("tile (M, N):", tile_mn)
    print("TV layout  :", tv)


layout_basics()
coord_to_index()
tiling()
two_tensors()
swizzle()
tv_layout()
