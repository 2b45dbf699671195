/* render_term.c - figures as terminal text: box-drawing grids, coordinates on the borders,
 * optional ANSI background colours, pictures side by side (or as an MMA: B above C, A left of C), a note
 * when truncated. Fitted to a width, a figure folds into compact forms instead of wrapping. */
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

/* The forms, widest first: full labels in boxes; thread numbers in boxes; thread numbers without borders;
 * one character per element. */
enum { FORM_FULL, FORM_THREAD, FORM_BARE, FORM_CHAR, NFORMS };

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

/* The text of a cell in a form. */
static void cell_text(const fly_draw_cell *cell, int form, char *b, size_t n) {
    static const char base36[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    if (form == FORM_FULL || (cell->tid < 0 && form != FORM_CHAR)) {
        snprintf(b, n, "%s", cell->label);
    } else if (form == FORM_CHAR) {
        int64_t k = cell->tid >= 0 ? cell->tid : cell->key;
        if (!cell->label[0]) snprintf(b, n, " ");
        else if (k < 0) snprintf(b, n, "?");
        else snprintf(b, n, "%c", base36[k % 36]);
    } else {
        snprintf(b, n, "%d", (int)cell->tid);
    }
}

static void color_on(tline *l, bool color, const fly_draw_cell *cell) {
    if (!color || cell->key < 0) return;
    char esc[32];
    snprintf(esc, sizeof esc, "\033[30;48;5;%dm", fly_draw_color_ansi(cell->key));
    put(l, esc, 0);
}

static void color_off(tline *l, bool color, const fly_draw_cell *cell) {
    if (color && cell->key >= 0) put(l, "\033[0m", 0);
}

/* Picture p in a form, its first `cols` columns. */
static int render_pic(const fly_draw_pic *p, bool color, int form, int cols, tpic *out) {
    char t[64];
    int w = 1;
    for (int r = 0; r < p->rows; r++)
        for (int c = 0; c < cols; c++) {
            cell_text(&p->cells[r * p->cols + c], form, t, sizeof t);
            int n = (int)strlen(t);
            if (n > w) w = n;
        }
    bool boxed = form < FORM_BARE;
    if (form != FORM_CHAR && digits(cols - 1) > w) w = digits(cols - 1);
    int rw = digits(p->rows - 1);
    out->nlines = boxed ? 3 + 2 * p->rows : 2 + p->rows;
    out->lines = calloc((size_t)out->nlines, sizeof *out->lines);
    if (!out->lines) return -1;
    tline *l = out->lines;
    put(l, p->title, (int)strlen(p->title));
    l++;
    put_rep(l, " ", rw + 1);
    for (int c = 0; c < cols; c++) {
        if (form == FORM_CHAR) {
            snprintf(t, sizeof t, "%d", c % 10); /* a ruler: the last digit of the column */
            put(l, t, 1);
            continue;
        }
        snprintf(t, sizeof t, "%d", c);
        put_rep(l, " ", boxed ? 2 : 1);
        put_right(l, t, w);
        if (boxed) put(l, " ", 1);
    }
    l++;
    if (boxed) border(l++, rw, cols, w, "\u250c", "\u252c", "\u2510");
    for (int r = 0; r < p->rows; r++) {
        snprintf(t, sizeof t, "%d", r);
        put_right(l, t, rw);
        put(l, " ", 1);
        if (boxed) put(l, "\u2502", 1);
        for (int c = 0; c < cols; c++) {
            const fly_draw_cell *cell = &p->cells[r * p->cols + c];
            char txt[64];
            cell_text(cell, form, txt, sizeof txt);
            if (form == FORM_BARE) put(l, " ", 1);
            color_on(l, color, cell);
            if (boxed) put(l, " ", 1);
            put_right(l, txt, form == FORM_CHAR ? 1 : w);
            if (boxed) put(l, " ", 1);
            color_off(l, color, cell);
            if (boxed) put(l, "\u2502", 1);
        }
        l++;
        if (!boxed) continue;
        if (r + 1 < p->rows) border(l++, rw, cols, w, "\u251c", "\u253c", "\u2524");
        else border(l++, rw, cols, w, "\u2514", "\u2534", "\u2518");
    }
    out->width = 0;
    for (int i = 0; i < out->nlines; i++)
        if (out->lines[i].width > out->width) out->width = out->lines[i].width;
    return 0;
}

static void free_pic(tpic *t) {
    for (int i = 0; i < t->nlines; i++) fly_draw_buf_free(&t->lines[i].b);
    free(t->lines);
    memset(t, 0, sizeof *t);
}

/* Lines ln of pictures idx[0..n) side by side (4 columns apart), starting after `indent` blanks; the
 * line's width. */
static int row_line(const tpic *t, const int *idx, int n, int ln, int indent, fly_draw_buf *out) {
    int pending = indent, width = 0;
    fly_draw_buf line = {0};
    for (int j = 0; j < n; j++) {
        const tpic *p = &t[idx[j]];
        if (j) pending += 4;
        if (ln < p->nlines && p->lines[ln].b.len) {
            for (int k = 0; k < pending; k++) fly_draw_buf_add(&line, " ", 1);
            width += pending + p->lines[ln].width;
            fly_draw_buf_add(&line, p->lines[ln].b.p, p->lines[ln].b.len);
            pending = p->width - p->lines[ln].width;
        } else {
            pending += p->width;
        }
    }
    while (line.len && line.p[line.len - 1] == ' ') line.len--; /* no trailing blanks */
    if (line.len) fly_draw_buf_add(out, line.p, line.len);
    fly_draw_buf_add(out, "\n", 1);
    fly_draw_buf_free(&line);
    return width;
}

/* Pictures idx[0..n) side by side after `indent` blanks; the widest line. */
static int put_row(const tpic *t, const int *idx, int n, int indent, fly_draw_buf *out) {
    int maxl = 0, w = 0;
    for (int j = 0; j < n; j++)
        if (t[idx[j]].nlines > maxl) maxl = t[idx[j]].nlines;
    for (int ln = 0; ln < maxl; ln++) {
        int lw = row_line(t, idx, n, ln, indent, out);
        if (lw > w) w = lw;
    }
    return w;
}

/* The figure in a form with at most `cols` grid columns a picture (0: all); its widest line in *width. */
static int render_form(const fly_draw_fig *f, bool color, int form, int cols, fly_draw_buf *out, int *width) {
    tpic t[FLY_DRAW_MAX_PICS];
    memset(t, 0, sizeof t);
    for (int i = 0; i < f->npics; i++) {
        int c = cols && cols < f->pic[i].cols ? cols : f->pic[i].cols;
        if (render_pic(&f->pic[i], color, form, c, &t[i]) < 0) {
            for (int j = 0; j < i; j++) free_pic(&t[j]);
            return -1;
        }
    }
    *width = 0;
    if (f->head) {
        const char *s = f->head;
        while (*s) {
            const char *e = strchr(s, '\n');
            size_t n = e ? (size_t)(e - s) : strlen(s);
            fly_draw_buf_add(out, s, n);
            fly_draw_buf_add(out, "\n", 1); /* (prose: it does not count in the fitting) */
            s += n + (e != NULL);
        }
        fly_draw_buf_add(out, "\n", 1);
    }
    int w;
    if (f->arrange == FLY_DRAW_MMA && f->npics == 3) {
        int b[1] = {1}, ac[2] = {0, 2};
        w = put_row(t, b, 1, t[0].width + 4, out); /* B above C */
        if (w > *width) *width = w;
        w = put_row(t, ac, 2, 0, out);
    } else {
        int idx[FLY_DRAW_MAX_PICS];
        for (int i = 0; i < f->npics; i++) idx[i] = i;
        w = put_row(t, idx, f->npics, 0, out);
    }
    if (w > *width) *width = w;
    for (int i = 0; i < f->npics; i++) free_pic(&t[i]);
    return 0;
}

static bool has_tv(const fly_draw_fig *f) {
    for (int i = 0; i < f->npics; i++)
        for (int k = 0; k < f->pic[i].rows * f->pic[i].cols; k++)
            if (f->pic[i].cells[k].tid >= 0) return true;
    return false;
}

static void truncation_note(const fly_draw_fig *f, fly_draw_buf *out) {
    for (int i = 0; i < f->npics; i++) {
        const fly_draw_pic *p = &f->pic[i];
        if (p->rows < p->full_rows || p->cols < p->full_cols) {
            fly_draw_buf_printf(out, "note: %lld x %lld cells, showing the first %d x %d\n", (long long)p->full_rows,
                                (long long)p->full_cols, p->rows, p->cols);
            if (f->arrange == FLY_DRAW_ROW) break; /* the pictures of a row share their size */
        }
    }
}

static const char *const form_note[NFORMS] = {
    NULL,
    "each cell shows its thread only",
    "each cell shows its thread only, no borders",
    "one character per element, its thread in base 36\n"
    "  (0-9a-z, modulo 36), no borders; the ruler is the column's last digit",
};

fly_status fly_draw_render_term_fit(const fly_draw_fig *f, bool color, int columns, fly_draw_buf *out, fly_error *err) {
    /* a layout's cells hold their values already: its only compact form is the bare one */
    static const int tv_forms[] = {FORM_FULL, FORM_THREAD, FORM_BARE, FORM_CHAR},
                     value_forms[] = {FORM_FULL, FORM_BARE};
    bool tv = has_tv(f);
    const int *forms = tv ? tv_forms : value_forms;
    int nforms = tv ? 4 : 2, k = 0, width = 0, cols = 0, form = FORM_FULL;
    fly_draw_buf b = {0};
    for (;;) {
        form = forms[k];
        b.len = 0;
        if (b.p) b.p[0] = 0;
        if (render_form(f, color, form, cols, &b, &width) < 0 || b.oom) goto oom;
        if (!columns || width <= columns) break;
        if (k + 1 < nforms) {
            k++;
            continue;
        }
        /* still too wide: the columns that fit */
        if (!cols)
            for (int i = 0; i < f->npics; i++)
                if (f->pic[i].cols > cols) cols = f->pic[i].cols;
        if (cols <= 1) break;
        cols--;
    }
    fly_draw_buf_add(out, b.p ? b.p : "", b.len);
    fly_draw_buf_free(&b);
    truncation_note(f, out);
    if (form != FORM_FULL || cols) {
        fly_draw_buf_printf(out, "note: fitted to %d columns", columns);
        if (form == FORM_BARE && !tv) fly_draw_buf_adds(out, ": no borders");
        else if (form_note[form]) fly_draw_buf_printf(out, ": %s", form_note[form]);
        if (cols) fly_draw_buf_printf(out, "\n  showing the first %d columns of each grid", cols);
        fly_draw_buf_adds(out, "\n");
    }
    if (out->oom) goto oom;
    return FLY_OK;
oom:
    fly_draw_buf_free(&b);
    return fly_error_set(err, FLY_E_CAPACITY, "print_layout: out of memory");
}

fly_status fly_draw_render_term(const fly_draw_fig *f, bool color, fly_draw_buf *out, fly_error *err) {
    return fly_draw_render_term_fit(f, color, 0, out, err);
}
