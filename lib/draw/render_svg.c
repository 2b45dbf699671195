/* render_svg.c - figures as standalone SVG documents: one <rect> and one <text> per cell,
 * coordinates along the top and left borders, pictures side by side. */
#include <stdio.h>
#include <string.h>

#include "draw/draw.h"

#define CELL_H 24
#define TITLE_H 22
#define HEAD_H 18
#define GAP 24
#define MARGIN 8

static void add_escaped(fly_draw_buf *b, const char *s) {
    for (; *s; s++) {
        switch (*s) {
        case '<': fly_draw_buf_adds(b, "&lt;"); break;
        case '>': fly_draw_buf_adds(b, "&gt;"); break;
        case '&': fly_draw_buf_adds(b, "&amp;"); break;
        case '"': fly_draw_buf_adds(b, "&quot;"); break;
        default: fly_draw_buf_add(b, s, 1);
        }
    }
}

typedef struct geom {
    int cw, lw, width, height;
} geom;

static geom pic_geom(const fly_draw_pic *p) {
    geom g;
    size_t maxl = 1;
    for (int i = 0; i < p->rows * p->cols; i++) {
        size_t n = strlen(p->cells[i].label);
        if (n > maxl) maxl = n;
    }
    g.cw = (int)maxl * 8 + 12;
    if (g.cw < 32) g.cw = 32;
    char t[32];
    g.lw = snprintf(t, sizeof t, "%d", p->rows - 1) * 8 + 10;
    g.width = g.lw + p->cols * g.cw;
    int tw = (int)strlen(p->title) * 8;
    if (tw > g.width) g.width = tw;
    g.height = TITLE_H + HEAD_H + p->rows * CELL_H;
    return g;
}

static void render_pic(fly_draw_buf *b, const fly_draw_pic *p, const geom *g, int x0, int y0) {
    fly_draw_buf_printf(b, "<g class=\"layout\">\n<text x=\"%d\" y=\"%d\" font-weight=\"bold\">", x0, y0 + 15);
    add_escaped(b, p->title);
    fly_draw_buf_adds(b, "</text>\n");
    int gx = x0 + g->lw, gy = y0 + TITLE_H + HEAD_H;
    for (int c = 0; c < p->cols; c++)
        fly_draw_buf_printf(b, "<text class=\"col\" x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#555\">%d</text>\n",
                            gx + c * g->cw + g->cw / 2, gy - 5, c);
    for (int r = 0; r < p->rows; r++)
        fly_draw_buf_printf(b, "<text class=\"row\" x=\"%d\" y=\"%d\" text-anchor=\"end\" fill=\"#555\">%d</text>\n",
                            gx - 5, gy + r * CELL_H + 16, r);
    for (int r = 0; r < p->rows; r++)
        for (int c = 0; c < p->cols; c++) {
            const fly_draw_cell *cell = &p->cells[r * p->cols + c];
            int x = gx + c * g->cw, y = gy + r * CELL_H;
            fly_draw_buf_printf(b, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"#000\"/>",
                                x, y, g->cw, CELL_H, fly_draw_color_hex(cell->key));
            fly_draw_buf_printf(b, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">", x + g->cw / 2, y + 16);
            add_escaped(b, cell->label);
            fly_draw_buf_adds(b, "</text>\n");
        }
    fly_draw_buf_adds(b, "</g>\n");
}

fly_status fly_draw_render_svg(const fly_draw_fig *f, fly_draw_buf *out, fly_error *err) {
    geom g[2];
    int W = MARGIN, H = 0;
    for (int i = 0; i < f->npics; i++) {
        g[i] = pic_geom(&f->pic[i]);
        W += g[i].width + (i ? GAP : 0);
        if (g[i].height > H) H = g[i].height;
    }
    W += MARGIN;
    H += 2 * MARGIN;
    bool trunc = fly_draw_fig_truncated(f);
    if (trunc) H += 20;
    fly_draw_buf_printf(out,
                        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                        "font-family=\"monospace\" font-size=\"12\">\n"
                        "<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n",
                        W, H, W, H);
    int x = MARGIN;
    for (int i = 0; i < f->npics; i++) {
        render_pic(out, &f->pic[i], &g[i], x, MARGIN);
        x += g[i].width + GAP;
    }
    if (trunc) {
        const fly_draw_pic *p = &f->pic[0];
        fly_draw_buf_printf(
            out, "<text class=\"note\" x=\"%d\" y=\"%d\">note: %lld x %lld cells, showing the first %d x %d</text>\n",
            MARGIN, H - MARGIN, (long long)p->full_rows, (long long)p->full_cols, p->rows, p->cols);
    }
    fly_draw_buf_adds(out, "</svg>\n");
    if (out->oom) return fly_error_set(err, FLY_E_CAPACITY, "show: out of memory");
    return FLY_OK;
}
