/* picture_tv.c - pictures of thread-value layouts: the cells of a TV grid, an MMA's A, B and C operands
 * (B above C, A left of C, as FlyDSL draws them) and a tiled copy's Src and Dst side by side. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw/draw.h"
#include "draw/draw_int.h"

fly_status fly_draw_tv_dims(const fly_layout *tv, int64_t *T, int64_t *V, fly_error *err) {
    char b[256];
    if (fly_layout_rank(tv) != 2 || fly_inttuple_is_leaf(&tv->shape))
        return fly_error_set(err, FLY_E_INVALID, "print_layout: a TV layout has two modes (thread, value), not %s",
                             fly_layout_str(tv, b));
    fly_layout m0;
    int64_t size;
    if (fly_layout_get(tv, 0, &m0, err) || fly_layout_size_static(&m0, T, err) ||
        fly_layout_size_static(tv, &size, err))
        return fly_error_wrap(err, "print_layout");
    *V = *T ? size / *T : 0;
    return FLY_OK;
}

fly_status fly_draw_tv_fill(const fly_layout *tv, int64_t rows, bool b_top, fly_draw_pic *p, fly_error *err) {
    int64_t T, V;
    if (fly_draw_tv_dims(tv, &T, &V, err)) return err ? err->code : FLY_E_INVALID;
    int64_t total = p->full_rows * p->full_cols, budget = (int64_t)1 << 22;
    for (int64_t v = 0; v < V; v++)
        for (int64_t t = 0; t < T; t++) {
            if (--budget < 0) return FLY_OK; /* a huge layout: what was drawn so far */
            int64_t idx;
            if (fly_layout_eval(tv, t + v * T, &idx, err)) return fly_error_wrap(err, "print_layout");
            if (idx < 0 || idx >= total) continue;
            int64_t r = b_top ? idx / rows : idx % rows, c = b_top ? idx % rows : idx / rows;
            if (r >= p->rows || c >= p->cols) continue;
            fly_draw_cell *cell = &p->cells[r * p->cols + c];
            if (cell->label[0]) continue;
            snprintf(cell->label, sizeof cell->label, "T%dV%d", (int)t, (int)v);
            cell->key = t;
            cell->tid = (int32_t)t;
            cell->vid = (int32_t)v;
        }
    return FLY_OK;
}

/* One operand's picture: a rows x cols grid filled from tv. */
static fly_status operand_pic(const fly_layout *tv, char operand, const char *title, int64_t rows, int64_t cols,
                              bool b_top, const char *ra, const char *ca, fly_draw_pic *p, fly_error *err) {
    if (fly_draw_pic_init(p, title, rows, cols, err)) return FLY_E_CAPACITY;
    p->operand = operand;
    snprintf(p->row_axis, sizeof p->row_axis, "%s", ra);
    snprintf(p->col_axis, sizeof p->col_axis, "%s", ca);
    return fly_draw_tv_fill(tv, b_top ? cols : rows, b_top, p, err);
}

static fly_status set_head(fly_draw_fig *f, const char *head, fly_error *err) {
    if (!head) return FLY_OK;
    f->head = strdup(head);
    return f->head ? FLY_OK : fly_error_set(err, FLY_E_CAPACITY, "draw: out of memory");
}

fly_status fly_draw_mma(const fly_layout tv[3], int64_t M, int64_t N, int64_t K, const char *head, fly_draw_fig *out,
                        fly_error *err) {
    memset(out, 0, sizeof *out);
    out->arrange = FLY_DRAW_MMA;
    fly_status st;
    if ((st = operand_pic(&tv[0], 'A', "A (M x K)", M, K, false, "m", "k", &out->pic[0], err)) ||
        (out->npics = 1, st = operand_pic(&tv[1], 'B', "B (K x N)", K, N, true, "k", "n", &out->pic[1], err)) ||
        (out->npics = 2, st = operand_pic(&tv[2], 'C', "C (M x N)", M, N, false, "m", "n", &out->pic[2], err)) ||
        (out->npics = 3, st = set_head(out, head, err))) {
        fly_draw_fig_free(out);
        return st;
    }
    return FLY_OK;
}

fly_status fly_draw_copy(const fly_layout *src, const fly_layout *dst, int64_t M, int64_t N, const char *head,
                         fly_draw_fig *out, fly_error *err) {
    memset(out, 0, sizeof *out);
    fly_status st;
    if ((st = operand_pic(src, 'S', "Src (M x N)", M, N, false, "m", "n", &out->pic[0], err)) ||
        (out->npics = 1, st = operand_pic(dst, 'D', "Dst (M x N)", M, N, false, "m", "n", &out->pic[1], err)) ||
        (out->npics = 2, st = set_head(out, head, err))) {
        fly_draw_fig_free(out);
        return st;
    }
    return FLY_OK;
}
