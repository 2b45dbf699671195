# The same notebook-04-style program without @flyc.jit wrappers: plain functions at the prompt.
# Expected output: identical to nb04_jit.out.
import flydsl.compiler as flyc
import flydsl.expr as fx



def layout_basics():
    layout = fx.make_layout((8, 8), (8, 1))
    print("layout      :", layout)
    print("shape/stride:", fx.get_shape(layout), "/", fx.get_stride(layout))
    print("size/cosize :", fx.size(layout), "/", fx.cosize(layout))
    print("rank/depth  :", fx.rank(layout), "/", fx.depth(layout))



def coord_to_index():
    row_major = fx.make_layout((8, 8), (8, 1))
    col_major = fx.make_layout((8, 8), (1, 8))
    for r, c in [(0, 1), (1, 0), (2, 3)]:
        crd = fx.make_coord(r, c)
        print(f"coord ({r}, {c}): row-major ->", fx.crd2idx(crd, row_major),
              "  column-major ->", fx.crd2idx(crd, col_major))



def tiling():
    flat = fx.make_layout(64, 1)
    print(flat)
    tiled = fx.logical_divide(flat, fx.make_layout(8, 1))
    print(tiled)
    print(tiled[0])
    print(fx.rank(tiled))



def two_tensors():
    regs = fx.make_rmem_tensor(fx.make_layout((4, 8), (8, 1)), fx.Float32)
    print(regs)
    coords = fx.make_view(fx.make_coord(0, 0), fx.make_identity_layout((4, 8)))
    print(coords)



def swizzle():
    base = fx.make_ordered_layout((8, 8), (1, 0))
    print(base)
    sw = fx.SwizzleType.get(3, 0, 3)
    print(sw)
    print(fx.make_composed_layout(fx.static(sw), base))



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
