# flydsl.expr.utils.print_typst: the module FlyDSL's tests import; its grid helpers size cells from the widest
# content (5pt a character + 4pt, 9.5pt a line + 3pt, at least 18pt; square, 1.5pt taller), labels included,
# each grid on its own; a copy's two grids share a height, an MMA's A and C a height and B and C a width.
# print_typst is fx.utils.print_typst.
import flydsl.expr as fx
import importlib

pt = importlib.import_module("flydsl.expr.utils.print_typst")

cells = {(0, 0): ("#ffffff", "T9 #linebreak() V0"), (0, 1): ("#ffffff", "T10 #linebreak() V0")}
print(pt._typst_content_lines("T9 #linebreak() V0"), pt._typst_content_lines(""))
print(pt._typst_visible_metrics("T100 #linebreak() V12 #linebreak() X"))
print(pt._typst_grid_cell_size(1, 12, cells, row_labels=True, col_labels=True))
print(pt._typst_grid_cell_size(1, 1, {(0, 0): ("#fff", "3")}, row_labels=True, col_labels=True))
print(pt._typst_grid_cell_size(1, 1, {(0, 0): ("#fff", "a #linebreak() b #linebreak() c")}, row_labels=False,
                               col_labels=False))
print(pt._typst_copy_grid_cell_sizes(1, 1, {(0, 0): ("#fff", "1")}, {(0, 0): ("#fff", "T0 #linebreak() V0 #linebreak() X")}))
print(pt._typst_mma_grid_cell_sizes(1, 1, 1, {(0, 0): ("#fff", "T0 #linebreak() V0 #linebreak() X")},
                                    {(0, 0): ("#fff", "T1000 #linebreak() V0")}, {(0, 0): ("#fff", "T0 #linebreak() V0")}))
print(pt._typst_grid_block(1, 2, {(0, 0): ("#afafff", "0")}, title="L"))
print(pt._typst_grid_block(1, 1, {(0, 0): ("#ffffff", "1")}, row_labels=False, col_labels=False, cell_width="30pt",
                           cell_height="40pt"))
print(pt._escape_typst_text("a[1] <b> \\c"), pt._color_bw(9), pt._color_tv(3, 7), repr(pt._typst_header()))
pt.print_typst(fx.make_layout((2, 2), (1, 2)))
