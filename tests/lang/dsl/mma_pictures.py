# Pictures of MMA atoms, tiled MMAs and tiled copies (lib/draw/picture_tv.c, dsl_utils.c): an MMA as B above
# C with A left of C under FlyDSL's text panel, a tiled copy as Src beside Dst; in a terminal fitted to
# COLUMNS (read when drawing) by folding into compact forms, never wrapping; SVG cells with tooltips and
# hover rules per thread; Typst in FlyDSL's form.
import os
import flydsl.expr as fx

atom = fx.make_mma_atom(fx.rocdl.MFMA(16, 16, 4, fx.Float32))
os.environ["COLUMNS"] = "240"
fx.utils.print_layout(atom)
for cols in ("120", "80", "40"):
    os.environ["COLUMNS"] = cols
    text = fx.utils.layout_text(atom, columns=int(cols))
    grid = text.split("\n\n", 1)[1].split("note:")[0].splitlines()  # after the text panel, before the note
    print("--- %s columns: widest grid line %d" % (cols, max(len(ln) for ln in grid)))
    print(text, end="")

os.environ["COLUMNS"] = "80"
tiled = fx.make_tiled_mma(fx.make_mma_atom(fx.rocdl.MFMA(16, 16, 16, fx.Float16)), fx.make_layout((2, 1, 1), (1, 0, 0)))
print(tiled.thr_layout_vmnk, tiled.tv_layout_A_tiled, tiled.tv_layout_C_tiled)
fx.utils.print_layout(tiled)

tc = fx.make_tiled_copy_A(fx.make_copy_atom(fx.UniversalCopy(64), fx.Float16), tiled)
print(tc.layout_src_tv_tiled == tc.layout_dst_tv_tiled)
fx.utils.print_layout(tc)
tile_mn, tv = fx.make_layout_tv(fx.make_layout((2, 3), (3, 1)), fx.make_layout((2, 1), (1, 1)))
small = fx.make_tiled_copy(fx.make_copy_atom(fx.UniversalCopy32b(), fx.Float16), tv, tile_mn)
fx.utils.print_layout(small)

svg = fx.utils.layout_svg(atom)
titles = [p.split("</title>")[0] for p in svg.split("<title>")[1:]]
print(len(titles), "tooltips;", [t for t in titles if t.startswith(("A (m, k) = (3, 2)", "B (k, n) = (1, 7)", "C (m, n) = (5, 9)"))])
print(svg.count(":has(.t"), "thread hover rules;", "max-width:100%" in svg)
lay = fx.utils.layout_svg(fx.make_layout((2, 2), (1, 2)))
print([p.split("</title>")[0] for p in lay.split("<title>")[1:]])

fx.utils.print_typst(atom)

# in a notebook an atom, a tiled MMA and a tiled copy are pictures (inline SVG)
print([type(o).__name__ + ": " + o._repr_svg_()[:4] for o in (atom, tiled, tc)])
