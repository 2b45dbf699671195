/* render_typst.c - figures as Typst markup: one table per picture, cells filled by colour key. */
#include <stdio.h>
#include <string.h>

#include "draw/draw.h"

/* A Typst string literal. */
static void add_str(fly_draw_buf *b, const char *s) {
    fly_draw_buf_add(b, "\"", 1);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') fly_draw_buf_add(b, "\\", 1);
        fly_draw_buf_add(b, s, 1);
    }
    fly_draw_buf_add(b, "\"", 1);
}

static void render_pic(fly_draw_buf *b, const fly_draw_pic *p) {
    fly_draw_buf_adds(b, "#figure(\n  table(\n");
    fly_draw_buf_printf(b, "    columns: %d,\n    align: center + horizon,\n    stroke: 0.5pt,\n", p->cols + 1);
    fly_draw_buf_adds(b, "    table.cell(stroke: none)[],");
    for (int c = 0; c < p->cols; c++) fly_draw_buf_printf(b, " table.cell(stroke: none)[%d],", c);
    fly_draw_buf_adds(b, "\n");
    for (int r = 0; r < p->rows; r++) {
        fly_draw_buf_printf(b, "    table.cell(stroke: none)[%d],", r);
        for (int c = 0; c < p->cols; c++) {
            const fly_draw_cell *cell = &p->cells[r * p->cols + c];
            fly_draw_buf_printf(b, " table.cell(fill: rgb(\"%s\"), ", fly_draw_color_hex(cell->key));
            add_str(b, cell->label);
            fly_draw_buf_adds(b, "),");
        }
        fly_draw_buf_adds(b, "\n");
    }
    fly_draw_buf_adds(b, "  ),\n  caption: ");
    add_str(b, p->title);
    fly_draw_buf_adds(b, ",\n)\n");
    if (p->rows < p->full_rows || p->cols < p->full_cols)
        fly_draw_buf_printf(b, "#text(size: 8pt)[note: %lld x %lld cells, showing the first %d x %d]\n",
                            (long long)p->full_rows, (long long)p->full_cols, p->rows, p->cols);
}

fly_status fly_draw_render_typst(const fly_draw_fig *f, fly_draw_buf *out, fly_error *err) {
    fly_draw_buf_adds(out, "#set page(width: auto, height: auto, margin: 12pt)\n#set text(size: 9pt)\n");
    if (f->npics > 1) fly_draw_buf_adds(out, "#grid(columns: 2, gutter: 16pt,\n");
    for (int i = 0; i < f->npics; i++) {
        if (f->npics > 1) fly_draw_buf_adds(out, "[\n");
        render_pic(out, &f->pic[i]);
        if (f->npics > 1) fly_draw_buf_adds(out, "],\n");
    }
    if (f->npics > 1) fly_draw_buf_adds(out, ")\n");
    if (out->oom) return fly_error_set(err, FLY_E_CAPACITY, "print_typst: out of memory");
    return FLY_OK;
}
