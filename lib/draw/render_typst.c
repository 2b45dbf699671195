/* render_typst.c - figures as Typst markup in the form FlyDSL's print_typst writes: a text panel, then
 * one grid block per picture (bold title, column and row labels, square boxed cells), a layout's cells
 * grey by index, a TV picture's pastel by thread; an MMA as B above C with A left of C, a copy as Src
 * and Dst side by side. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw/draw.h"

const char *fly_draw_typst_header(void) {
    return "#set page(width: auto, height: auto, margin: 8pt)\n"
           "#set text(font: (\"Ubuntu Mono\", \"New Computer Modern\"), size: 9pt)\n";
}

/* The default colours: eight greys by a layout's index, eight pastels by a TV cell's thread. */
static const char *const grey8[8] = {"#ffffff", "#999999", "#cccccc", "#666666",
                                     "#e5e5e5", "#808080", "#b2b2b2", "#4c4c4c"};
static const char *const pastel8[8] = {"#afafff", "#afffaf", "#ffffaf", "#ffafaf",
                                       "#d2d2ff", "#d2ffd2", "#ffffd2", "#ffd2d2"};

typedef struct tctx {
    fly_draw_colorfn color;
    void *user;
    fly_status st;
    fly_error *err;
} tctx;

/* The fill of a cell: the user's function, else the defaults; "white" for an empty cell. */
static void cell_fill(tctx *x, const fly_draw_cell *cell, char *buf, size_t n) {
    if (!cell->label[0]) {
        snprintf(buf, n, "white");
        return;
    }
    bool tv = cell->tid >= 0;
    int64_t a = tv ? cell->tid : cell->key, b = tv ? cell->vid : -1;
    if (x->color && x->st == FLY_OK) {
        x->st = x->color(x->user, tv, a, b, buf, n, x->err);
        if (x->st == FLY_OK) return;
    }
    int64_t k = a < 0 ? 0 : a % 8;
    snprintf(buf, n, "%s", tv ? pastel8[k] : grey8[k]);
}

/* A cell's text: "T<t> #linebreak() V<v>" for a TV cell, else its label. */
static void cell_content(const fly_draw_cell *cell, char *buf, size_t n) {
    if (cell->tid >= 0) snprintf(buf, n, "T%d #linebreak() V%d", (int)cell->tid, (int)cell->vid);
    else snprintf(buf, n, "%s", cell->label);
}

/* The widest line (characters) and the line count of a cell text. */
static void metrics(const char *s, int *chars, int *lines) {
    *chars = 0, *lines = 0;
    while (*s) {
        const char *e = strstr(s, "#linebreak()");
        size_t n = e ? (size_t)(e - s) : strlen(s);
        while (n && s[0] == ' ') s++, n--;
        while (n && s[n - 1] == ' ') n--;
        if (n) {
            if ((int)n > *chars) *chars = (int)n;
            ++*lines;
        }
        if (!e) break;
        s = e + strlen("#linebreak()");
    }
    if (!*lines) *lines = 1;
}

/* The cell box of a picture: a square side from its widest content (labels included), height + 1.5. */
static void cell_size(const fly_draw_pic *p, double *w, double *h) {
    int maxc = 1, maxl = 1, c, l;
    char t[64];
    for (int i = 0; i < p->rows * p->cols; i++) {
        if (!p->cells[i].label[0]) continue;
        cell_content(&p->cells[i], t, sizeof t);
        metrics(t, &c, &l);
        if (c > maxc) maxc = c;
        if (l > maxl) maxl = l;
    }
    for (int i = 0; i < (p->rows > p->cols ? p->rows : p->cols); i++) {
        c = snprintf(t, sizeof t, "%d", i);
        if (c > maxc) maxc = c;
    }
    double cw = 5.0 * maxc + 4.0, ch = 9.5 * maxl + 3.0;
    if (cw < 18.0) cw = 18.0;
    if (ch < 18.0) ch = 18.0;
    *w = cw > ch ? cw : ch;
    *h = *w + 1.5;
}

static void boxed(fly_draw_buf *b, const char *content, const char *w, const char *h, bool bold) {
    fly_draw_buf_printf(b,
                        "#box(width: %s, height: %s, inset: 1pt)[#align(center + horizon)[#text(font: \"New "
                        "Computer Modern\"%s)[%s]]]",
                        w, h, bold ? ", weight: \"bold\"" : "", content);
}

static void pt(double v, char *buf, size_t n) { snprintf(buf, n, "%gpt", v); }

static void grid_block(fly_draw_buf *b, tctx *x, const fly_draw_pic *p, double cw, double ch) {
    char w[32], h[32], t[64], fill[64];
    pt(cw, w, sizeof w);
    pt(ch, h, sizeof h);
    fly_draw_buf_printf(b, "#align(center, text(font: \"New Computer Modern\", weight: \"bold\", size: 11pt)[%s])\n\n",
                        p->title);
    fly_draw_buf_adds(b, "#grid(\n  columns: (");
    for (int c = 0; c <= p->cols; c++) fly_draw_buf_adds(b, c ? ", auto" : "auto");
    fly_draw_buf_adds(b, "),\n  gutter: 0pt,\n  stroke: 0.5pt + black,\n  align: center + horizon,\n  inset: 0pt,\n");
    fly_draw_buf_adds(b, "  grid.cell(stroke: none)[");
    boxed(b, "", w, h, false);
    fly_draw_buf_adds(b, "],\n");
    for (int c = 0; c < p->cols; c++) {
        snprintf(t, sizeof t, "%d", c);
        fly_draw_buf_adds(b, "  grid.cell(stroke: none)[");
        boxed(b, t, w, h, true);
        fly_draw_buf_adds(b, "],\n");
    }
    for (int r = 0; r < p->rows; r++) {
        snprintf(t, sizeof t, "%d", r);
        fly_draw_buf_adds(b, "  grid.cell(stroke: none)[");
        boxed(b, t, w, h, true);
        fly_draw_buf_adds(b, "],\n");
        for (int c = 0; c < p->cols; c++) {
            const fly_draw_cell *cell = &p->cells[r * p->cols + c];
            cell_fill(x, cell, fill, sizeof fill);
            cell_content(cell, t, sizeof t);
            fly_draw_buf_printf(b, "  grid.cell(fill: rgb(\"%s\"))[", fill);
            boxed(b, cell->label[0] ? t : "", w, h, false);
            fly_draw_buf_adds(b, "],\n");
        }
    }
    fly_draw_buf_adds(b, ")");
}

/* The text panel: one line per line of head, Typst-escaped, spaces as no-break spaces. */
static void panel(fly_draw_buf *b, const char *head) {
    fly_draw_buf_adds(b, "#box(\n  inset: 6pt,\n  stroke: 0.5pt + black,\n  radius: 2pt,\n)[\n");
    const char *s = head;
    for (int i = 0; *s || i == 0; i++) {
        const char *e = strchr(s, '\n');
        size_t n = e ? (size_t)(e - s) : strlen(s);
        if (i) fly_draw_buf_adds(b, "  #linebreak()\n");
        fly_draw_buf_adds(b, "  #text(font: (\"Ubuntu Mono\", \"New Computer Modern\"))[");
        for (size_t k = 0; k < n; k++) {
            char ch = s[k];
            if (ch == '\\' || ch == '[' || ch == ']' || ch == '<' || ch == '>') fly_draw_buf_add(b, "\\", 1);
            if (ch == ' ') fly_draw_buf_add(b, "~", 1);
            else fly_draw_buf_add(b, &ch, 1);
        }
        fly_draw_buf_adds(b, "]\n");
        if (!e) break;
        s = e + 1;
    }
    fly_draw_buf_adds(b, "]");
}

fly_status fly_draw_render_typst_body(const fly_draw_fig *f, fly_draw_colorfn color, void *user, fly_draw_buf *out,
                                      fly_error *err) {
    tctx x = {color, user, FLY_OK, err};
    double w[FLY_DRAW_MAX_PICS], h[FLY_DRAW_MAX_PICS];
    for (int i = 0; i < f->npics; i++) cell_size(&f->pic[i], &w[i], &h[i]);
    if (f->arrange == FLY_DRAW_MMA && f->npics == 3) {
        /* A and C share their rows' height, B and C their columns' width */
        double hac = h[0] > h[2] ? h[0] : h[2], wbc = w[1] > w[2] ? w[1] : w[2];
        panel(out, f->head ? f->head : "");
        fly_draw_buf_adds(out, "\n\n#grid(\n  columns: (auto, auto, auto),\n  rows: (auto, auto),\n  gutter: 12pt,\n"
                               "  align: center + horizon,\n  [],\n  [\n");
        grid_block(out, &x, &f->pic[1], wbc, h[1]);
        fly_draw_buf_adds(out, "\n  ],\n  [],\n  [\n");
        grid_block(out, &x, &f->pic[0], w[0], hac);
        fly_draw_buf_adds(out, "\n  ],\n  [\n");
        grid_block(out, &x, &f->pic[2], wbc, hac);
        fly_draw_buf_adds(out, "\n  ],\n  [],\n)\n");
    } else if (f->npics == 2 && f->pic[0].operand == 'S') {
        double hh = h[0] > h[1] ? h[0] : h[1];
        panel(out, f->head ? f->head : "");
        fly_draw_buf_adds(out, "\n\n#grid(\n  columns: (auto, 20pt, auto),\n  gutter: 0pt,\n  [\n");
        grid_block(out, &x, &f->pic[0], w[0], hh);
        fly_draw_buf_adds(out, "\n  ],\n  [],\n  [\n");
        grid_block(out, &x, &f->pic[1], w[1], hh);
        fly_draw_buf_adds(out, "\n  ],\n)\n");
    } else {
        /* a layout (a swizzled one as its swizzled grid, as FlyDSL draws it) */
        const fly_draw_pic *p = &f->pic[0];
        fly_draw_pic named = *p;
        snprintf(named.title, sizeof named.title, "Layout");
        panel(out, f->head ? f->head : p->title);
        fly_draw_buf_adds(out, "\n\n");
        grid_block(out, &x, &named, w[0], h[0]);
        fly_draw_buf_adds(out, "\n");
        if (p->rows < p->full_rows || p->cols < p->full_cols)
            fly_draw_buf_printf(out, "#text(size: 8pt)[note: %lld x %lld cells, showing the first %d x %d]\n",
                                (long long)p->full_rows, (long long)p->full_cols, p->rows, p->cols);
    }
    if (x.st) return x.st;
    if (out->oom) return fly_error_set(err, FLY_E_CAPACITY, "print_typst: out of memory");
    return FLY_OK;
}

fly_status fly_draw_render_typst(const fly_draw_fig *f, fly_draw_buf *out, fly_error *err) {
    fly_draw_buf_adds(out, fly_draw_typst_header());
    return fly_draw_render_typst_body(f, NULL, NULL, out, err);
}
