# fx.utils.print_typst of a TiledCopy (dsl_utils.c) in FlyDSL's form: the text panel, then Src and Dst side by
# side over the tile, one "T<thread> #linebreak() V<value>" cell per element, at the prompt and inside a
# @flyc.jit (the notebook form).
import os
import tempfile

import flydsl.compiler as flyc
import flydsl.expr as fx

tile_mn, tv = fx.make_layout_tv(fx.make_layout((2, 3), (3, 1)), fx.make_layout((2, 1), (1, 1)))
tc = fx.make_tiled_copy(fx.make_copy_atom(fx.UniversalCopy32b(), fx.Float16), tv, tile_mn)
print(tc)
fx.utils.print_typst(tc)

where = tempfile.mkdtemp()

@flyc.jit
def draw():
    t2 = fx.make_tiled_copy_tv(fx.make_copy_atom(fx.UniversalCopy64b(), fx.Float32),
                               fx.make_layout((1, 2), (1, 1)), fx.make_layout((2, 2), (2, 1)))
    fx.utils.print_typst(t2, file=os.path.join(where, "tc.typ"))

draw()
text = open(os.path.join(where, "tc.typ")).read()
print([ln.strip() for ln in text.splitlines() if "V3]" in ln or "(M x N)" in ln])
try:
    fx.utils.print_typst(fx.make_copy_atom(fx.UniversalCopy32b(), fx.Float16))
except TypeError as e:
    print("TypeError:", e)
