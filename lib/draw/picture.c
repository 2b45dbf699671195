/* picture.c - building figures from layouts, TV layouts and composed layouts; text buffers; colours. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw/draw.h"
#include "draw/draw_int.h"

void fly_draw_buf_add(fly_draw_buf *b, const char *s, size_t n) {
    if (b->oom) return;
    if (b->len + n + 1 > b->cap) {
        size_t nc = b->cap ? b->cap : 256;
        while (nc < b->len + n + 1) nc *= 2;
        char *p = realloc(b->p, nc);
        if (!p) {
            b->oom = true;
            return;
        }
        b->p = p;
        b->cap = nc;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = 0;
}

void fly_draw_buf_adds(fly_draw_buf *b, const char *s) { fly_draw_buf_add(b, s, strlen(s)); }

void fly_draw_buf_printf(fly_draw_buf *b, const char *fmt, ...) {
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if ((size_t)n < sizeof tmp) {
        fly_draw_buf_add(b, tmp, (size_t)n);
        return;
    }
    char *big = malloc((size_t)n + 1);
    if (!big) {
        b->oom = true;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    fly_draw_buf_add(b, big, (size_t)n);
    free(big);
}

void fly_draw_buf_free(fly_draw_buf *b) {
    free(b->p);
    memset(b, 0, sizeof *b);
}

void fly_draw_fig_free(fly_draw_fig *f) {
    for (int i = 0; i < FLY_DRAW_MAX_PICS; i++) {
        free(f->pic[i].cells);
        f->pic[i].cells = NULL;
    }
    free(f->head);
    f->head = NULL;
    f->npics = 0;
}

bool fly_draw_fig_truncated(const fly_draw_fig *f) {
    for (int i = 0; i < f->npics; i++)
        if (f->pic[i].rows < f->pic[i].full_rows || f->pic[i].cols < f->pic[i].full_cols) return true;
    return false;
}

/* 16 light colours, readable with black text. */
static const char *const hex_palette[16] = {"#aec7e8", "#ffbb78", "#98df8a", "#ff9896", "#c5b0d5", "#c49c94",
                                            "#f7b6d2", "#dbdb8d", "#9edae5", "#d9d9d9", "#fdd0a2", "#c7e9c0",
                                            "#dadaeb", "#fcbba1", "#c6dbef", "#e5f5e0"};
static const int ansi_palette[16] = {153, 223, 157, 217, 183, 181, 218, 187, 159, 252, 222, 194, 189, 224, 189, 194};

static int pal_index(int64_t key) {
    int64_t k = key % 16;
    return (int)(k < 0 ? k + 16 : k);
}
const char *fly_draw_color_hex(int64_t key) { return key < 0 ? "#ffffff" : hex_palette[pal_index(key)]; }
int fly_draw_color_ansi(int64_t key) { return key < 0 ? 255 : ansi_palette[pal_index(key)]; }

fly_status fly_draw_pic_init(fly_draw_pic *p, const char *title, int64_t full_rows, int64_t full_cols, fly_error *err) {
    memset(p, 0, sizeof *p);
    snprintf(p->title, sizeof p->title, "%s", title ? title : "");
    p->full_rows = full_rows;
    p->full_cols = full_cols;
    p->rows = (int)(full_rows < FLY_DRAW_MAX_CELLS ? full_rows : FLY_DRAW_MAX_CELLS);
    p->cols = (int)(full_cols < FLY_DRAW_MAX_CELLS ? full_cols : FLY_DRAW_MAX_CELLS);
    if (p->rows < 1) p->rows = 1;
    if (p->cols < 1) p->cols = 1;
    p->cells = calloc((size_t)p->rows * (size_t)p->cols, sizeof *p->cells);
    if (!p->cells) return fly_error_set(err, FLY_E_CAPACITY, "draw: out of memory");
    for (int i = 0; i < p->rows * p->cols; i++) {
        p->cells[i].key = -1;
        p->cells[i].tid = p->cells[i].vid = -1;
    }
    return FLY_OK;
}

/* Rows (size of mode 0) and columns (the rest) of a layout's grid. */
static fly_status grid_dims(const fly_layout *L, const char *op, int64_t *rows, int64_t *cols, fly_error *err) {
    char buf[256];
    int64_t size;
    if (!fly_inttuple_is_static(&L->shape))
        return fly_error_set(err, FLY_E_DYNAMIC, "%s: cannot draw %s: its shape is dynamic", op,
                             fly_layout_str(L, buf));
    if (fly_layout_size_static(L, &size, err)) return fly_error_wrap(err, "%s", op);
    if (fly_layout_rank(L) < 2 || fly_inttuple_is_leaf(&L->shape)) {
        *rows = 1;
        *cols = size;
        return FLY_OK;
    }
    fly_layout m0;
    int64_t r;
    if (fly_layout_get(L, 0, &m0, err) || fly_layout_size_static(&m0, &r, err)) return fly_error_wrap(err, "%s", op);
    *rows = r;
    *cols = r ? size / r : 0;
    return FLY_OK;
}

static int64_t label_key(const fly_inttuple *v, const char *label) {
    if (v->n[0].kind == FLY_IT_INT) return v->n[0].v;
    uint64_t h = 1469598103934665603ull;
    for (const char *s = label; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return (int64_t)(h >> 2);
}

/* True when some stride leaf of L is a basis element (an identity-like layout: values are coordinates). */
static bool has_basis(const fly_layout *L) {
    for (int i = 0; i < fly_inttuple_nodes(&L->stride); i++)
        if (L->stride.n[i].kind == FLY_IT_BASIS) return true;
    return false;
}

/* The coordinate value of a basis-strided layout at 1-D index idx, densely: every leaf adds
 * coord*coef to the entry of its first basis mode; printed "(c0,c1,...)". */
static fly_status basis_label(const fly_layout *flat, int64_t idx, char *buf, size_t cap, fly_error *err) {
    int64_t vec[16] = {0};
    int nv = 1;
    int r = fly_inttuple_rank(&flat->shape);
    for (int k = 0; k < r; k++) {
        const fly_itnode *sh =
            fly_inttuple_is_leaf(&flat->shape) ? &flat->shape.n[0] : fly_itnode_child(&flat->shape.n[0], k);
        const fly_itnode *st =
            fly_inttuple_is_leaf(&flat->stride) ? &flat->stride.n[0] : fly_itnode_child(&flat->stride.n[0], k);
        if (sh->kind != FLY_IT_INT || sh->v < 1)
            return fly_error_set(err, FLY_E_DYNAMIC, "print_layout: dynamic shape");
        int64_t c = idx % sh->v;
        idx /= sh->v;
        int mode = 0;
        int64_t coef = 0;
        if (st->kind == FLY_IT_BASIS) {
            int path[FLY_BASIS_MAX_PATH];
            fly_itnode_basis_path(st, path);
            mode = path[0] < 16 ? path[0] : 15;
            coef = st->v;
        } else if (st->kind == FLY_IT_INT) {
            coef = st->v;
        }
        vec[mode] += c * coef;
        if (mode + 1 > nv) nv = mode + 1;
    }
    size_t n = (size_t)snprintf(buf, cap, "(");
    for (int i = 0; i < nv && n < cap; i++)
        n += (size_t)snprintf(buf + n, cap - n, "%s%lld", i ? "," : "", (long long)vec[i]);
    if (n < cap) snprintf(buf + n, cap - n, ")");
    return FLY_OK;
}

fly_status fly_draw_layout(const fly_layout *L, const char *title, fly_draw_fig *out, fly_error *err) {
    memset(out, 0, sizeof *out);
    int64_t rows, cols;
    if (grid_dims(L, "print_layout", &rows, &cols, err)) return err ? err->code : FLY_E_INVALID;
    char tbuf[256];
    if (fly_draw_pic_init(&out->pic[0], title ? title : fly_layout_str(L, tbuf), rows, cols, err))
        return FLY_E_CAPACITY;
    out->npics = 1;
    fly_draw_pic *p = &out->pic[0];
    if (has_basis(L)) {
        fly_layout flat;
        if (fly_layout_flatten(L, &flat, err)) {
            fly_draw_fig_free(out);
            return fly_error_wrap(err, "print_layout");
        }
        for (int m = 0; m < p->rows; m++)
            for (int n = 0; n < p->cols; n++) {
                fly_draw_cell *cell = &p->cells[m * p->cols + n];
                if (basis_label(&flat, m + (int64_t)n * rows, cell->label, sizeof cell->label, err)) {
                    fly_draw_fig_free(out);
                    return err ? err->code : FLY_E_INVALID;
                }
                fly_inttuple none;
                fly_inttuple_int(&none, 0);
                none.n[0].kind = FLY_IT_TUPLE; /* never an int: key by the label */
                cell->key = label_key(&none, cell->label);
            }
        return FLY_OK;
    }
    for (int m = 0; m < p->rows; m++)
        for (int n = 0; n < p->cols; n++) {
            fly_inttuple c, v;
            fly_inttuple_int(&c, m + (int64_t)n * rows);
            if (fly_layout_crd2idx(L, &c, &v, err)) {
                fly_draw_fig_free(out);
                return fly_error_wrap(err, "print_layout");
            }
            fly_draw_cell *cell = &p->cells[m * p->cols + n];
            fly_inttuple_print(&v, cell->label, sizeof cell->label);
            cell->key = label_key(&v, cell->label);
        }
    return FLY_OK;
}

fly_status fly_draw_tv(const fly_layout *tv, const fly_inttuple *tile_mn, const char *title, fly_draw_fig *out,
                       fly_error *err) {
    memset(out, 0, sizeof *out);
    char b1[256], b2[256];
    int64_t M = 1, N = 1;
    if (fly_inttuple_is_leaf(tile_mn)) {
        if (fly_inttuple_product_static(tile_mn, &M, err)) return fly_error_wrap(err, "print_layout");
    } else {
        fly_inttuple e;
        if (fly_inttuple_get(tile_mn, 0, &e, err) || fly_inttuple_product_static(&e, &M, err))
            return fly_error_wrap(err, "print_layout");
        int r = fly_inttuple_rank(tile_mn);
        for (int i = 1; i < r; i++) {
            int64_t k;
            if (fly_inttuple_get(tile_mn, i, &e, err) || fly_inttuple_product_static(&e, &k, err))
                return fly_error_wrap(err, "print_layout");
            N *= k;
        }
    }
    int64_t T, V;
    if (fly_draw_tv_dims(tv, &T, &V, err)) return err ? err->code : FLY_E_INVALID;
    if (!title) {
        char t[FLY_DRAW_TITLE_MAX];
        snprintf(t, sizeof t, "TV layout %s over tile %s", fly_layout_str(tv, b1), fly_inttuple_str(tile_mn, b2));
        if (fly_draw_pic_init(&out->pic[0], t, M, N, err)) return FLY_E_CAPACITY;
    } else if (fly_draw_pic_init(&out->pic[0], title, M, N, err)) {
        return FLY_E_CAPACITY;
    }
    out->npics = 1;
    if (fly_draw_tv_fill(tv, M, false, &out->pic[0], err)) {
        fly_draw_fig_free(out);
        return err ? err->code : FLY_E_INVALID;
    }
    return FLY_OK;
}

fly_status fly_draw_composed(const fly_composed *c, const char *title, fly_draw_fig *out, fly_error *err) {
    memset(out, 0, sizeof *out);
    const fly_layout *L = &c->outer;
    int64_t rows, cols;
    if (grid_dims(L, "print_layout", &rows, &cols, err)) return err ? err->code : FLY_E_INVALID;
    char t[FLY_DRAW_TITLE_MAX], lb[256];
    if (!title) {
        fly_composed_print(c, t, sizeof t);
        title = t;
    }
    if (fly_draw_pic_init(&out->pic[0], title, rows, cols, err)) return FLY_E_CAPACITY;
    out->npics = 1;
    const fly_inttuple *off = &c->stage[c->nstages - 1].offset;
    int64_t offv = off->n[0].kind == FLY_IT_INT ? off->n[0].v : 0;
    char t2[FLY_DRAW_TITLE_MAX];
    if (offv)
        snprintf(t2, sizeof t2, "without %s: %lld + %s",
                 c->stage[0].inner_kind == FLY_INNER_SWIZZLE ? "swizzle" : "inner", (long long)offv,
                 fly_layout_str(L, lb));
    else
        snprintf(t2, sizeof t2, "without %s: %s", c->stage[0].inner_kind == FLY_INNER_SWIZZLE ? "swizzle" : "inner",
                 fly_layout_str(L, lb));
    if (fly_draw_pic_init(&out->pic[1], t2, rows, cols, err)) {
        fly_draw_fig_free(out);
        return FLY_E_CAPACITY;
    }
    out->npics = 2;
    for (int m = 0; m < out->pic[0].rows; m++)
        for (int n = 0; n < out->pic[0].cols; n++) {
            fly_inttuple crd, v;
            int64_t sw;
            fly_inttuple_int(&crd, m + (int64_t)n * rows);
            if (fly_composed_crd2idx(c, &crd, &sw, err) || fly_layout_crd2idx(L, &crd, &v, err)) {
                fly_draw_fig_free(out);
                return fly_error_wrap(err, "print_layout");
            }
            fly_draw_cell *a = &out->pic[0].cells[m * out->pic[0].cols + n];
            fly_draw_cell *b = &out->pic[1].cells[m * out->pic[1].cols + n];
            snprintf(a->label, sizeof a->label, "%lld", (long long)sw);
            a->key = sw;
            if (v.n[0].kind == FLY_IT_INT) {
                snprintf(b->label, sizeof b->label, "%lld", (long long)(v.n[0].v + offv));
                b->key = v.n[0].v + offv;
            } else {
                fly_inttuple_print(&v, b->label, sizeof b->label);
                b->key = label_key(&v, b->label);
            }
        }
    return FLY_OK;
}
