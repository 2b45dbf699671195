"""flydsl.expr.utils.print_typst: FlyDSL's Typst pictures of layouts, MMA atoms and tiled copies/MMAs.

print_typst is fx.utils.print_typst (rendered in C, lib/draw/render_typst.c); the helpers below are the Python
side of the same rules, as FlyDSL's module has them: a grid's cells are squares as wide as the widest content
(labels included, 5pt a character + 4pt, 9.5pt a line + 3pt, at least 18pt), 1.5pt taller than wide; the A and C
grids of an MMA share a height and B and C a width, a copy's source and destination grids a height."""

__all__ = ["print_typst"]

_BW = ("#ffffff", "#999999", "#cccccc", "#666666", "#e5e5e5", "#808080", "#b2b2b2", "#4c4c4c")
_TV = ("#afafff", "#afffaf", "#ffffaf", "#ffafaf", "#d2d2ff", "#d2ffd2", "#ffffd2", "#ffd2d2")


def print_typst(arg, *, color=None, file=None):
    """Typst markup of arg (a layout, TV layout, MMA atom, tiled MMA or tiled copy): to stdout, or appended to
    file (the page settings once, a page break between pictures); color(tid, vid) or color(idx) picks fills."""
    import flydsl.expr.utils as u

    return u.print_typst(arg, color=color, file=file)


def _color_bw(idx):
    """The grey of index idx (CuTe's TikzColor_BWx8)."""
    return _BW[idx % 8]


def _color_tv(tid, vid):
    """The colour of thread tid (CuTe's TikzColor_TV; the value index does not change it)."""
    return _TV[tid % 8]


def _typst_header():
    return ('#set page(width: auto, height: auto, margin: 8pt)\n'
            '#set text(font: ("Ubuntu Mono", "New Computer Modern"), size: 9pt)\n')


def _typst_content_lines(content):
    """The visible lines of a cell's content (#linebreak() splits lines; blank lines drop; at least one)."""
    out = []
    for seg in content.replace("#linebreak()", "\n").splitlines():
        seg = seg.strip()
        if seg:
            out.append(seg)
    return out or [""]


def _typst_visible_metrics(content):
    """(widest line in characters, number of lines) of a cell's content."""
    lines = _typst_content_lines(content)
    return max(len(x) for x in lines), len(lines)


def _typst_format_pt(value):
    return f"{value:g}pt"


def _typst_grid_cell_size_pt(M, N, cells, *, row_labels, col_labels):
    """(width, height) in points of the cells of an M x N grid whose cells map (m, n) to (fill, content)."""
    texts = [c for _, c in cells.values()]
    if row_labels:
        texts += [str(m) for m in range(M)]
    if col_labels:
        texts += [str(n) for n in range(N)]
    chars = lines = 1
    for t in texts:
        c, n = _typst_visible_metrics(t)
        chars, lines = max(chars, c), max(lines, n)
    side = max(18.0, 5.0 * chars + 4.0, 9.5 * lines + 3.0)
    return side, side + 1.5


def _typst_grid_cell_size(M, N, cells, *, row_labels, col_labels):
    """_typst_grid_cell_size_pt as Typst lengths ("23pt", "24.5pt")."""
    w, h = _typst_grid_cell_size_pt(M, N, cells, row_labels=row_labels, col_labels=col_labels)
    return _typst_format_pt(w), _typst_format_pt(h)


def _typst_copy_grid_cell_sizes(M, N, cells_src, cells_dst):
    """The cell sizes of a copy's source and destination grids: each its own width, the taller height."""
    sw, sh = _typst_grid_cell_size_pt(M, N, cells_src, row_labels=True, col_labels=True)
    dw, dh = _typst_grid_cell_size_pt(M, N, cells_dst, row_labels=True, col_labels=True)
    h = _typst_format_pt(max(sh, dh))
    return (_typst_format_pt(sw), h), (_typst_format_pt(dw), h)


def _typst_mma_grid_cell_sizes(M, N, K, cells_A, cells_B, cells_C):
    """The cell sizes of an MMA's A (M x K), B (K x N) and C (M x N) grids: A and C share the taller height
    (one row of the picture), B and C the wider width (one column)."""
    aw, ah = _typst_grid_cell_size_pt(M, K, cells_A, row_labels=True, col_labels=True)
    bw, bh = _typst_grid_cell_size_pt(K, N, cells_B, row_labels=True, col_labels=True)
    cw, ch = _typst_grid_cell_size_pt(M, N, cells_C, row_labels=True, col_labels=True)
    f = _typst_format_pt
    return {"A": (f(aw), f(max(ah, ch))), "B": (f(max(bw, cw)), f(bh)), "C": (f(max(bw, cw)), f(max(ah, ch)))}


def _typst_boxed_cell(content, width, height, *, bold=False):
    weight = ', weight: "bold"' if bold else ""
    return (f"#box(width: {width}, height: {height}, inset: 1pt)"
            f'[#align(center + horizon)[#text(font: "New Computer Modern"{weight})[{content}]]]')


def _typst_grid_block(M, N, cells, *, row_labels=True, col_labels=True, title="", cell_width=None,
                      cell_height=None):
    """A #grid of M x N cells ((m, n) -> (fill, content); a missing cell is white and empty) with row and column
    index labels, every cell cell_width x cell_height (by default the size _typst_grid_cell_size gives)."""
    out = []
    if title:
        out += [f'#align(center, text(font: "New Computer Modern", weight: "bold", size: 11pt)[{title}])', ""]
    dw, dh = _typst_grid_cell_size(M, N, cells, row_labels=row_labels, col_labels=col_labels)
    w, h = cell_width or dw, cell_height or dh
    ncols = N + (1 if row_labels else 0)
    out += ["#grid(", "  columns: (" + ", ".join(["auto"] * ncols) + "),", "  gutter: 0pt,",
            "  stroke: 0.5pt + black,", "  align: center + horizon,", "  inset: 0pt,"]

    def label(text, bold=True):
        return f"  grid.cell(stroke: none)[{_typst_boxed_cell(text, w, h, bold=bold)}],"

    if col_labels:
        if row_labels:
            out.append(label("", bold=False))
        out += [label(str(n)) for n in range(N)]
    for m in range(M):
        if row_labels:
            out.append(label(str(m)))
        for n in range(N):
            fill, content = cells.get((m, n), ("white", ""))
            out.append(f'  grid.cell(fill: rgb("{fill}"))[{_typst_boxed_cell(content, w, h)}],')
    out.append(")")
    return "\n".join(out)


def _escape_typst_text(text):
    """text with Typst's markup characters (\\ [ ] < >) escaped."""
    for ch in "\\[]<>":
        text = text.replace(ch, "\\" + ch)
    return text
