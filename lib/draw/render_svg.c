/* render_svg.c - figures as standalone SVG documents: one <rect> and one <text> per cell, each with a
 * <title> tooltip (coordinate, index, thread and value, the operand's position), coordinates along the top
 * and left borders, pictures side by side or as an MMA (B above C, A left of C). Hovering a cell of a
 * thread outlines every cell of that thread (CSS :has, no script); the document scales to its container's
 * width (max-width: 100%). */
#include <stdio.h>
#include <string.h>

#include "draw/draw.h"

#define CELL_H 24
#define TITLE_H 22
#define HEAD_H 18
#define LINE_H 15
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
    int cw, lw, width, height, x, y;
} geom;

static geom pic_geom(const fly_draw_pic *p) {
    geom g = {0};
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

/* The tooltip of cell (r, c) of p. */
static void cell_title(fly_draw_buf *b, const fly_draw_pic *p, int r, int c, const fly_draw_cell *cell) {
    if (cell->tid < 0) {
        fly_draw_buf_printf(b, "(%d, %d): ", r, c);
        add_escaped(b, cell->label);
        return;
    }
    /* the element's index in the operand's tile: B (drawn K x N) counts n first */
    long long idx = p->operand == 'B' ? c + (long long)r * p->full_cols : r + (long long)c * p->full_rows;
    if (p->operand)
        fly_draw_buf_printf(b, "%s (%s, %s) = (%d, %d), index %lld: thread %d, value %d",
                            p->operand == 'S'   ? "Src"
                            : p->operand == 'D' ? "Dst"
                            : p->operand == 'A' ? "A"
                            : p->operand == 'B' ? "B"
                                                : "C",
                            p->row_axis, p->col_axis, r, c, idx, (int)cell->tid, (int)cell->vid);
    else fly_draw_buf_printf(b, "(%d, %d), index %lld: thread %d, value %d", r, c, idx, (int)cell->tid, (int)cell->vid);
}

static void render_pic(fly_draw_buf *b, const fly_draw_pic *p, const geom *g) {
    int x0 = g->x, y0 = g->y;
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
            if (cell->tid >= 0) fly_draw_buf_printf(b, "<g class=\"cell t%d\">", (int)cell->tid);
            else fly_draw_buf_adds(b, "<g class=\"cell\">");
            fly_draw_buf_adds(b, "<title>");
            cell_title(b, p, r, c, cell);
            fly_draw_buf_adds(b, "</title>");
            fly_draw_buf_printf(b, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"#000\"/>",
                                x, y, g->cw, CELL_H, fly_draw_color_hex(cell->key));
            fly_draw_buf_printf(b, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">", x + g->cw / 2, y + 16);
            add_escaped(b, cell->label);
            fly_draw_buf_adds(b, "</text></g>\n");
        }
    fly_draw_buf_adds(b, "</g>\n");
}

/* The hover rules: one per thread drawn, scoped to this document's id. */
static void hover_style(fly_draw_buf *b, const fly_draw_fig *f, unsigned id) {
    enum { MAXT = 4096 };
    static unsigned char seen[MAXT];
    memset(seen, 0, sizeof seen);
    int any = 0;
    for (int i = 0; i < f->npics; i++)
        for (int k = 0; k < f->pic[i].rows * f->pic[i].cols; k++) {
            int t = f->pic[i].cells[k].tid;
            if (t >= 0 && t < MAXT) seen[t] = 1, any = 1;
        }
    fly_draw_buf_printf(b, "<style>\n#flyd%u .cell:hover rect{stroke:#c00;stroke-width:3}\n", id);
    if (any)
        for (int t = 0; t < MAXT; t++)
            if (seen[t])
                fly_draw_buf_printf(b, "#flyd%u:has(.t%d:hover) .t%d rect{stroke:#c00;stroke-width:3}\n", id, t, t);
    fly_draw_buf_adds(b, "</style>\n");
}

fly_status fly_draw_render_svg(const fly_draw_fig *f, fly_draw_buf *out, fly_error *err) {
    static unsigned seq; /* ids of the documents made by this process: each scopes its own hover rules */
    geom g[FLY_DRAW_MAX_PICS];
    int nhead = 0, headw = 0;
    if (f->head) {
        const char *s = f->head;
        while (*s) {
            const char *e = strchr(s, '\n');
            int n = e ? (int)(e - s) : (int)strlen(s);
            if (n * 8 > headw) headw = n * 8;
            nhead++;
            s += n + (e != NULL);
        }
    }
    int top = MARGIN + (nhead ? nhead * LINE_H + 10 : 0);
    int W = 0, H = 0;
    for (int i = 0; i < f->npics; i++) g[i] = pic_geom(&f->pic[i]);
    if (f->arrange == FLY_DRAW_MMA && f->npics == 3) {
        int right = g[1].width > g[2].width ? g[1].width : g[2].width;
        g[0].x = MARGIN, g[1].x = g[2].x = MARGIN + g[0].width + GAP;
        g[1].y = top, g[2].y = g[0].y = top + g[1].height + GAP;
        W = g[1].x + right + MARGIN;
        H = g[2].y + (g[0].height > g[2].height ? g[0].height : g[2].height) + MARGIN;
    } else {
        int x = MARGIN, h = 0;
        for (int i = 0; i < f->npics; i++) {
            g[i].x = x, g[i].y = top;
            x += g[i].width + GAP;
            if (g[i].height > h) h = g[i].height;
        }
        W = x - GAP + MARGIN;
        H = top + h + MARGIN;
    }
    if (headw + 2 * MARGIN > W) W = headw + 2 * MARGIN;
    bool trunc = fly_draw_fig_truncated(f);
    if (trunc) H += 20;
    unsigned id = ++seq;
    fly_draw_buf_printf(out,
                        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                        "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"flyd%u\" width=\"%d\" height=\"%d\" "
                        "viewBox=\"0 0 %d %d\" style=\"max-width:100%%;height:auto\" "
                        "font-family=\"monospace\" font-size=\"12\">\n",
                        id, W, H, W, H);
    hover_style(out, f, id);
    fly_draw_buf_adds(out, "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n");
    if (f->head) {
        const char *s = f->head;
        int y = MARGIN + 12;
        fly_draw_buf_adds(out, "<g class=\"head\">\n");
        while (*s) {
            const char *e = strchr(s, '\n');
            size_t n = e ? (size_t)(e - s) : strlen(s);
            char line[512];
            snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line ? n : sizeof line - 1), s);
            fly_draw_buf_printf(out, "<text x=\"%d\" y=\"%d\" xml:space=\"preserve\">", MARGIN, y);
            add_escaped(out, line);
            fly_draw_buf_adds(out, "</text>\n");
            y += LINE_H;
            s += n + (e != NULL);
        }
        fly_draw_buf_adds(out, "</g>\n");
    }
    for (int i = 0; i < f->npics; i++) render_pic(out, &f->pic[i], &g[i]);
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
