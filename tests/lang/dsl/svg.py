# SVG pictures: written to $FLYI_DSL_TMP (the runner checks them with xmllint), with the expected cell
# labels; show() sends image/svg+xml + text/plain (flyi prints the text/plain grid); print_typst.
import os
import flydsl.expr as fx

out = os.environ.get("FLYI_DSL_TMP", "/tmp")
L = fx.make_layout((4, 8), (8, 1))
svg = fx.utils.layout_svg(L)
print(svg.splitlines()[0])
print(svg.count("<rect"), "rects,", svg.count("<text"), "texts")
print(all(f">{i}</text>" in svg for i in range(32)))
print("Layout&lt;(4,8):(8,1)&gt;" in svg)
tile_mn, tv = fx.make_layout_tv(fx.make_layout((4, 1), (1, 1)), fx.make_layout((1, 8), (1, 1)))
tsvg = fx.utils.layout_svg(tv)
print(all(f">T{t}V{v}</text>" in tsvg for t in range(4) for v in range(8)))
csvg = fx.utils.layout_svg(fx.make_composed_layout(fx.static(fx.SwizzleType.get(3, 0, 3)), fx.make_layout((8, 8), (8, 1))))
print(csvg.count('<g class="layout">'), "pictures")
big = fx.utils.layout_svg(fx.make_layout((100, 100), (100, 1)))
print(big.count("<rect") - 1, "cells", "note: 100 x 100 cells, showing the first 64 x 64" in big)
for name, s in [("layout", svg), ("tv", tsvg), ("composed", csvg), ("big", big)]:
    with open(os.path.join(out, name + ".svg"), "w") as f:
        f.write(s)
fx.utils.show(fx.make_layout((2, 2), (1, 2)))
fx.utils.print_typst(fx.make_layout((2, 2), (1, 2)))
path = os.path.join(out, "pics.typ")
fx.utils.print_typst(L, file=path)
fx.utils.print_typst(tv, file=path)
with open(path) as f:
    typ = f.read()
print(typ.count("#pagebreak()"), typ.count("#set page"), typ.count("size: 11pt)[Layout]"), "T3 #linebreak() V7" in typ)
