/* product.c - logical/zipped/tiled/flat/blocked/raked products. */
#include <stdio.h>

#include "layout/internal.h"

static fly_itnode cosize_leaf(lctx *c, lref r) {
    fly_itnode acc = LF_INT(1);
    lflat f;
    fly_lflat_of(r, &f);
    for (int i = 0; i < f.n; i++) {
        fly_itnode d = f.d[i];
        if (d.kind == FLY_IT_INT && d.v < 0) d.v = -d.v;
        acc = lf_add(c, acc, lf_mul(c, lf_sub(c, f.s[i], LF_INT(1)), d));
    }
    return acc;
}

fly_status fly_alg_logical_product(lctx *c, lref A, lref B, fly_layout *out) {
    fly_layout comp, rhs;
    fly_itnode cot = lf_mul(c, fly_it_size(c, A.s), cosize_leaf(c, B));
    if (c->st || fly_alg_complement(c, A, cot, &comp)) return c->st;
    if (fly_alg_composition(c, lref_of(&comp), B, &rhs)) return c->st;
    lbuild b;
    lb_init(&b, out);
    lb_open(&b);
    lb_sub(&b, A);
    lb_sub(&b, lref_of(&rhs));
    lb_close(&b);
    return c->st = fly_lb_finish(&b, c->err);
}

#define PRODUCT(fn, form, name) \
    fly_status fn(const fly_layout *A, const fly_layout *B, fly_layout *out, fly_error *err) { \
        return fly_alg_run(form, fly_alg_logical_product, name, A, B, NULL, out, err); \
    } \
    fly_status fn##_tile(const fly_layout *A, const fly_tile *T, fly_layout *out, fly_error *err) { \
        return fly_alg_run(form, fly_alg_logical_product, name, A, NULL, T, out, err); \
    }

PRODUCT(fly_layout_logical_product, ALG_LOGICAL, "logical_product")
PRODUCT(fly_layout_zipped_product, ALG_ZIPPED, "zipped_product")
PRODUCT(fly_layout_tiled_product, ALG_TILED, "tiled_product")
PRODUCT(fly_layout_flat_product, ALG_FLAT, "flat_product")

/* Pads L to rank R with 1:0 modes (unchanged when already of rank R). */
static void pad(lctx *c, const fly_layout *L, int R, fly_layout *out) {
    lref r = lref_of(L);
    int n = lref_rank(r);
    if (n >= R) {
        fly_layout_copy(out, L);
        return;
    }
    lbuild b;
    lb_init(&b, out);
    lb_open(&b);
    for (int i = 0; i < n; i++) lb_sub(&b, lref_mode(r, i));
    for (int i = n; i < R; i++) lb_leaf(&b, LF_INT(1), LF_INT(0));
    lb_close(&b);
    if (!c->st) c->st = fly_lb_finish(&b, c->err);
}

fly_status fly_alg_blocked_raked(lctx *c, const fly_layout *A, const fly_layout *B, int raked, fly_layout *out) {
    int ra = fly_layout_rank(A), rb = fly_layout_rank(B), R = ra > rb ? ra : rb;
    fly_layout Ap, Bp, P;
    pad(c, A, R, &Ap);
    pad(c, B, R, &Bp);
    if (c->st || fly_alg_logical_product(c, lref_of(&Ap), lref_of(&Bp), &P)) return c->st;
    lref p = lref_of(&P), p0 = lref_mode(p, 0), p1 = lref_mode(p, 1);
    lbuild b;
    lb_init(&b, out);
    lb_open(&b);
    if (R == 1) {
        lb_sub(&b, raked ? p1 : p0);
        lb_sub(&b, raked ? p0 : p1);
    } else {
        for (int i = 0; i < R; i++) {
            lb_open(&b);
            lb_sub(&b, lref_mode(raked ? p1 : p0, i));
            lb_sub(&b, lref_mode(raked ? p0 : p1, i));
            lb_close(&b);
        }
    }
    lb_close(&b);
    return c->st = fly_lb_finish(&b, c->err);
}

static fly_status blocked_raked(const fly_layout *A, const fly_layout *B, fly_layout *out, fly_error *err, int raked) {
    const char *name = raked ? "raked_product" : "blocked_product";
    lctx c = lctx_make(err);
    if (fly_check_layout(&c, A, name) || fly_check_layout(&c, B, name)) return c.st;
    fly_layout tmp;
    if (fly_alg_blocked_raked(&c, A, B, raked, &tmp)) {
        char a[256], x[256];
        fly_error_wrap(err, "%s of %s and %s", name, fly_layout_str(A, a), fly_layout_str(B, x));
        return c.st;
    }
    fly_layout_canon_out(&tmp, out);
    return FLY_OK;
}

fly_status fly_layout_blocked_product(const fly_layout *A, const fly_layout *B, fly_layout *out, fly_error *err) {
    return blocked_raked(A, B, out, err, 0);
}

fly_status fly_layout_raked_product(const fly_layout *A, const fly_layout *B, fly_layout *out, fly_error *err) {
    return blocked_raked(A, B, out, err, 1);
}

/* recast_layout: strides scale by old/new bits; a stride-1 mode's extent scales too. */
fly_status fly_layout_recast(const fly_layout *L, int old_bits, int new_bits, fly_layout *out, fly_error *err) {
    char a[256];
    if (old_bits <= 0 || new_bits <= 0)
        return fly_error_set(err, FLY_E_INVALID, "recast_layout: bit widths %d, %d must be positive", old_bits,
                             new_bits);
    if (!fly_layout_is_static(L))
        return fly_error_set(err, FLY_E_DYNAMIC, "recast_layout: layout %s is not static", fly_layout_str(L, a));
    fly_layout tmp;
    fly_layout_copy(&tmp, L);
    for (int i = 0; i < tmp.shape.n[0].span; i++) {
        fly_itnode *s = &tmp.shape.n[i], *d = &tmp.stride.n[i];
        if (s->kind == FLY_IT_TUPLE) continue;
        if (new_bits < old_bits) { /* upcast: more, smaller elements */
            if (old_bits % new_bits)
                return fly_error_set(err, FLY_E_DOMAIN, "recast_layout: %d bits is not a multiple of %d", old_bits,
                                     new_bits);
            int64_t k = old_bits / new_bits;
            if (d->v == 1) {
                if (__builtin_mul_overflow(s->v, k, &s->v))
                    return fly_error_set(err, FLY_E_OVERFLOW, "recast_layout: overflow");
            } else if (__builtin_mul_overflow(d->v, k, &d->v)) {
                return fly_error_set(err, FLY_E_OVERFLOW, "recast_layout: overflow");
            }
        } else if (new_bits > old_bits) { /* downcast: fewer, larger elements */
            if (new_bits % old_bits)
                return fly_error_set(err, FLY_E_DOMAIN, "recast_layout: %d bits is not a multiple of %d", new_bits,
                                     old_bits);
            int64_t k = new_bits / old_bits;
            if (d->v == 1) {
                if (s->v % k)
                    return fly_error_set(err, FLY_E_DOMAIN,
                                         "recast_layout: contiguous extent %lld of %s is not divisible by %lld",
                                         (long long)s->v, fly_layout_str(L, a), (long long)k);
                s->v /= k;
            } else if (d->v != 0) {
                if (d->v % k)
                    return fly_error_set(err, FLY_E_DOMAIN, "recast_layout: stride %lld of %s is not divisible by %lld",
                                         (long long)d->v, fly_layout_str(L, a), (long long)k);
                d->v /= k;
            }
        }
    }
    fly_layout_canon_out(&tmp, out);
    return FLY_OK;
}
