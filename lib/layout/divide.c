/* divide.c - logical/zipped/tiled/flat divide, and the by-mode and unzip machinery they
 * share with the products (product.c). */
#include <stdio.h>

#include "layout/internal.h"

fly_status fly_alg_logical_divide(lctx *c, lref A, lref B, fly_layout *out) {
    fly_layout comp, both;
    fly_itnode size = fly_it_size(c, A.s);
    if (c->st || fly_alg_complement(c, B, size, &comp)) return c->st;
    lbuild b;
    lb_init(&b, &both);
    lb_open(&b);
    lb_sub(&b, B);
    lb_sub(&b, lref_of(&comp));
    lb_close(&b);
    if ((c->st = fly_lb_finish(&b, c->err))) return c->st;
    return fly_alg_composition(c, A, lref_of(&both), out);
}

fly_status fly_alg_by_mode(lctx *c, alg_splitter f, lref A, const fly_tile *T, int e, fly_layout *out) {
    const fly_tile_entry *x = &T->e[e];
    int r = lref_rank(A);
    if (x->n > r) {
        char a[256], t[256];
        return fly_lctx_fail(c, FLY_E_INVALID, "tile %s has more modes than layout %s", fly_tile_str(T, t),
                             fly_lref_str(A, a));
    }
    lbuild b;
    lb_init(&b, out);
    lb_open(&b);
    int ce = e + 1;
    for (int i = 0; i < r && !c->st; i++) {
        lref Ai = lref_mode(A, i);
        if (i >= x->n) {
            lb_sub(&b, Ai);
            continue;
        }
        const fly_tile_entry *y = &T->e[ce];
        if (y->kind == FLY_TILE_NONE) {
            lb_sub(&b, Ai);
        } else {
            fly_layout part, Bi;
            if (y->kind == FLY_TILE_LIST) {
                fly_alg_by_mode(c, f, Ai, T, ce, &part);
            } else {
                fly_tile_entry_layout(T, ce, &Bi);
                f(c, Ai, lref_of(&Bi), &part);
            }
            if (!c->st) lb_sub(&b, lref_of(&part));
        }
        ce += y->span;
    }
    lb_close(&b);
    if (c->st) return c->st;
    return c->st = fly_lb_finish(&b, c->err);
}

fly_status fly_alg_unzip(lctx *c, alg_splitter f, lref A, lref B, const fly_tile *T, int e, fly_layout *out) {
    if (!T) return f(c, A, B, out);
    const fly_tile_entry *x = &T->e[e];
    int r = lref_rank(A);
    if (x->n > r) {
        char a[256], t[256];
        return fly_lctx_fail(c, FLY_E_INVALID, "tile %s has more modes than layout %s", fly_tile_str(T, t),
                             fly_lref_str(A, a));
    }
    fly_layout split[FLY_TILE_MAX_ENTRIES];
    int ce = e + 1;
    for (int i = 0; i < x->n && !c->st; i++) {
        lref Ai = lref_mode(A, i);
        const fly_tile_entry *y = &T->e[ce];
        if (y->kind == FLY_TILE_NONE) { /* (1:0, A_i) */
            lbuild b;
            lb_init(&b, &split[i]);
            lb_open(&b);
            lb_leaf(&b, LF_INT(1), LF_INT(0));
            lb_sub(&b, Ai);
            lb_close(&b);
            c->st = fly_lb_finish(&b, c->err);
        } else if (y->kind == FLY_TILE_LIST) {
            fly_alg_unzip(c, f, Ai, B, T, ce, &split[i]);
        } else {
            fly_layout Bi;
            fly_tile_entry_layout(T, ce, &Bi);
            f(c, Ai, lref_of(&Bi), &split[i]);
        }
        ce += y->span;
    }
    if (c->st) return c->st;
    lbuild b;
    lb_init(&b, out);
    lb_open(&b);
    lb_open(&b);
    for (int i = 0; i < x->n; i++) lb_sub(&b, lref_mode(lref_of(&split[i]), 0));
    lb_close(&b);
    lb_open(&b);
    for (int i = 0; i < x->n; i++) lb_sub(&b, lref_mode(lref_of(&split[i]), 1));
    for (int i = x->n; i < r; i++) lb_sub(&b, lref_mode(A, i));
    lb_close(&b);
    lb_close(&b);
    return c->st = fly_lb_finish(&b, c->err);
}

static fly_status unpack(lctx *c, const fly_layout *Z, fly_layout *out, int flat_first) {
    lref z = lref_of(Z);
    if (lref_rank(z) != 2) return fly_lctx_fail(c, FLY_E_INVALID, "internal: zipped result is not rank 2");
    lref z0 = lref_mode(z, 0), z1 = lref_mode(z, 1);
    lbuild b;
    lb_init(&b, out);
    lb_open(&b);
    if (flat_first)
        for (int i = 0; i < lref_rank(z0); i++) lb_sub(&b, lref_mode(z0, i));
    else lb_sub(&b, z0);
    for (int i = 0; i < lref_rank(z1); i++) lb_sub(&b, lref_mode(z1, i));
    lb_close(&b);
    return c->st = fly_lb_finish(&b, c->err);
}

fly_status fly_alg_tiled_from_zipped(lctx *c, const fly_layout *Z, fly_layout *out) { return unpack(c, Z, out, 0); }
fly_status fly_alg_flat_from_zipped(lctx *c, const fly_layout *Z, fly_layout *out) { return unpack(c, Z, out, 1); }

fly_status fly_alg_run(int form, alg_splitter f, const char *name, const fly_layout *A, const fly_layout *B,
                       const fly_tile *T, fly_layout *out, fly_error *err) {
    lctx c = lctx_make(err);
    if (fly_check_layout(&c, A, name)) return c.st;
    if (B && fly_check_layout(&c, B, name)) return c.st;
    if (T && fly_check_tile(&c, T, name)) return c.st;
    fly_layout tmp, z;
    lref A0 = lref_of(A), B0 = B ? lref_of(B) : A0;
    if (form == ALG_LOGICAL) {
        if (T) fly_alg_by_mode(&c, f, A0, T, 0, &tmp);
        else f(&c, A0, B0, &tmp);
    } else {
        if (!fly_alg_unzip(&c, f, A0, B0, T, 0, &z)) {
            if (form == ALG_ZIPPED) fly_layout_copy(&tmp, &z);
            else if (form == ALG_TILED) fly_alg_tiled_from_zipped(&c, &z, &tmp);
            else fly_alg_flat_from_zipped(&c, &z, &tmp);
        }
    }
    if (c.st) {
        char a[256], t[256];
        if (T) fly_tile_str(T, t);
        else fly_layout_str(B, t);
        fly_error_wrap(err, "%s of %s by %s", name, fly_layout_str(A, a), t);
        return c.st;
    }
    fly_layout_canon_out(&tmp, out);
    return FLY_OK;
}

#define DIVIDE(fn, form, name) \
    fly_status fn(const fly_layout *A, const fly_layout *B, fly_layout *out, fly_error *err) { \
        return fly_alg_run(form, fly_alg_logical_divide, name, A, B, NULL, out, err); \
    } \
    fly_status fn##_tile(const fly_layout *A, const fly_tile *T, fly_layout *out, fly_error *err) { \
        return fly_alg_run(form, fly_alg_logical_divide, name, A, NULL, T, out, err); \
    }

DIVIDE(fly_layout_logical_divide, ALG_LOGICAL, "logical_divide")
DIVIDE(fly_layout_zipped_divide, ALG_ZIPPED, "zipped_divide")
DIVIDE(fly_layout_tiled_divide, ALG_TILED, "tiled_divide")
DIVIDE(fly_layout_flat_divide, ALG_FLAT, "flat_divide")
