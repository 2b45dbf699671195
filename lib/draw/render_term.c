/* render_term.c - figures as terminal text: box-drawing grids, coordinates on the borders,
 * optional ANSI background colours, pictures side by side, a note when truncated. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw/draw.h"

/* One rendered line and its width in terminal columns. */
typedef struct tline {
    fly_draw_buf b;
    int width;
} tline;

typedef struct tpic {
    int nlines;
    tline *lines;
    int width;
} tpic;

static int digits(int64_t v) {
    char t[32];
    return snprintf(t, sizeof t, "%lld", (long long)v);
}

static void put(tline *l, const char *s, int w) {
    fly_draw_buf_adds(&l->b, s);
    l->width += w;
}

static void put_rep(tline *l, const char *s, int n) {
    for (int i = 0; i < n; i++) put(l, s, 1);
}

/* Right-aligned text in a field of w columns (text is ASCII). */
static void put_right(tline *l, const char *s, int w) {
    int n = (int)strlen(s);
    for (int i = n; i < w; i++) put(l, " ", 1);
    put(l, s, n);
}

static void border(tline *l, int rw, int cols, int w, const char *left, const char *mid, const char *right) {
    put_rep(l, " ", rw + 1);
    put(l, left, 1);
    for (int c = 0; c < cols; c++) {
        put_rep(l, "\u2500", w + 2);
        put(l, c + 1 < cols ? mid : right, 1);
    }
}

static int render_pic(const fly_draw_pic *p, bool color, tpic *out) {
    int w = 1;
    for (int i = 0; i < p->rows * p->cols; i++) {
        int n = (int)strlen(p->cells[i].label);
        if (n > w) w = n;
    }
    if (digits(p->cols - 1) > w) w = digits(p->cols - 1);
    int rw = digits(p->rows - 1);
    out->nlines = 3 + 2 * p->rows;
    out->lines = calloc((size_t)out->nlines, sizeof *out->lines);
    if (!out->lines) return -1;
    tline *l = out->lines;
    put(l, p->title, (int)strlen(p->title));
    l++;
    put_rep(l, " ", rw + 1);
    for (int c = 0; c < p->cols; c++) {
        char t[32];
        snprintf(t, sizeof t, "%d", c);
        put(l, " ", 1);
        put(l, " ", 1);
        put_right(l, t, w);
        put(l, " ", 1);
    }
    l++;
    border(l++, rw, p->cols, w, "\u250c", "\u252c", "\u2510");
    for (int r = 0; r < p->rows; r++) {
        char t[32];
        snprintf(t, sizeof t, "%d", r);
        put_right(l, t, rw);
        put(l, " ", 1);
        put(l, "\u2502", 1);
        for (int c = 0; c < p->cols; c++) {
            const fly_draw_cell *cell = &p->cells[r * p->cols + c];
            if (color && cell->key >= 0) {
                char esc[32];
                snprintf(esc, sizeof esc, "\033[30;48;5;%dm", fly_draw_color_ansi(cell->key));
                put(l, esc, 0);
            }
            put(l, " ", 1);
            put_right(l, cell->label, w);
            put(l, " ", 1);
            if (color && cell->key >= 0) put(l, "\033[0m", 0);
            put(l, "\u2502", 1);
        }
        l++;
        if (r + 1 < p->rows) border(l++, rw, p->cols, w, "\u251c", "\u253c", "\u2524");
        else border(l++, rw, p->cols, w, "\u2514", "\u2534", "\u2518");
    }
    out->width = 0;
    for (int i = 0; i < out->nlines; i++)
        if (out->lines[i].width > out->width) out->width = out->lines[i].width;
    return 0;
}

static void free_pic(tpic *t) {
    for (int i = 0; i < t->nlines; i++) fly_draw_buf_free(&t->lines[i].b);
    free(t->lines);
}

fly_status fly_draw_render_term(const fly_draw_fig *f, bool color, fly_draw_buf *out, fly_error *err) {
    tpic t[2] = {{0}, {0}};
    int maxl = 0;
    for (int i = 0; i < f->npics; i++) {
        if (render_pic(&f->pic[i], color, &t[i]) < 0) {
            for (int j = 0; j < i; j++) free_pic(&t[j]);
            return fly_error_set(err, FLY_E_CAPACITY, "print_layout: out of memory");
        }
        if (t[i].nlines > maxl) maxl = t[i].nlines;
    }
    for (int ln = 0; ln < maxl; ln++) {
        int pending = 0; /* spaces owed before the next picture's text */
        fly_draw_buf line = {0};
        for (int i = 0; i < f->npics; i++) {
            if (i) pending += 4;
            if (ln < t[i].nlines && t[i].lines[ln].b.len) {
                for (int k = 0; k < pending; k++) fly_draw_buf_add(&line, " ", 1);
                pending = 0;
                fly_draw_buf_add(&line, t[i].lines[ln].b.p, t[i].lines[ln].b.len);
                pending = t[i].width - t[i].lines[ln].width;
            } else {
                pending += t[i].width;
            }
        }
        while (line.len && line.p[line.len - 1] == ' ') line.len--; /* no trailing blanks */
        if (line.len) fly_draw_buf_add(out, line.p, line.len);
        fly_draw_buf_add(out, "\n", 1);
        fly_draw_buf_free(&line);
    }
    for (int i = 0; i < f->npics; i++) {
        const fly_draw_pic *p = &f->pic[i];
        if (p->rows < p->full_rows || p->cols < p->full_cols)
            fly_draw_buf_printf(out, "note: %lld x %lld cells, showing the first %d x %d\n", (long long)p->full_rows,
                                (long long)p->full_cols, p->rows, p->cols);
        if (f->npics > 1) break; /* both pictures of a figure share their size */
    }
    for (int i = 0; i < f->npics; i++) free_pic(&t[i]);
    if (out->oom) return fly_error_set(err, FLY_E_CAPACITY, "print_layout: out of memory");
    return FLY_OK;
}
