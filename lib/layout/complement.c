/* complement.c - complement, right inverse and left inverse. */
#include <stdio.h>

#include "layout/internal.h"

/* Sorts flat modes by (stride, shape) with static strides; returns 0 on a dynamic stride. */
static int sort_modes(lflat *f, int *order) {
    for (int i = 0; i < f->n; i++) {
        if (f->d[i].kind != FLY_IT_INT) return 0;
        order[i] = i;
    }
    for (int i = 1; i < f->n; i++)
        for (int j = i; j > 0; j--) {
            const fly_itnode *a = &f->d[order[j - 1]], *b = &f->d[order[j]];
            const fly_itnode *sa = &f->s[order[j - 1]], *sb = &f->s[order[j]];
            int gt = a->v > b->v || (a->v == b->v && sa->kind == FLY_IT_INT && sb->kind == FLY_IT_INT && sa->v > sb->v);
            if (!gt) break;
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    return 1;
}

static fly_status complement_impl(lctx *c, lref L, fly_itnode cotarget, lflat *res) {
    lflat f;
    int order[FLY_FLAT_MAX];
    char a[256], t[64];
    fly_lflat_of(L, &f);
    if (!sort_modes(&f, order))
        return fly_lctx_fail(c, FLY_E_DYNAMIC, "complement: layout %s has dynamic strides", fly_lref_str(L, a));
    res->n = 0;
    fly_itnode cur = LF_INT(1);
    for (int k = 0; k < f.n; k++) {
        fly_itnode s = f.s[order[k]], d = f.d[order[k]];
        if (lf_isint(&d, 0) || lf_isint(&s, 1)) continue;
        if (d.v < 0)
            return fly_lctx_fail(c, FLY_E_DOMAIN, "complement: layout %s has a negative stride", fly_lref_str(L, a));
        if (cur.kind == FLY_IT_INT && d.v % cur.v != 0) {
            fly_itnode_print(&cotarget, t, sizeof t);
            return fly_lctx_fail(
                c, FLY_E_DOMAIN,
                "complement: layout %s is not injective into cotarget %s (stride %lld is not a multiple of %lld)",
                fly_lref_str(L, a), t, (long long)d.v, (long long)cur.v);
        }
        res->s[res->n] = lf_div(c, d, cur);
        res->d[res->n] = cur;
        res->n++;
        cur = lf_mul(c, s, d);
    }
    res->s[res->n] = lf_ceil_div(c, cotarget, cur);
    res->d[res->n] = cur;
    res->n++;
    fly_lflat_coalesce(c, res);
    return c->st;
}

fly_status fly_alg_complement(lctx *c, lref L, fly_itnode cotarget, fly_layout *out) {
    lflat r;
    if (complement_impl(c, L, cotarget, &r)) return c->st;
    lbuild b;
    lb_init(&b, out);
    fly_lflat_emit(&b, &r);
    return c->st = fly_lb_finish(&b, c->err);
}

fly_status fly_layout_complement(const fly_layout *L, int64_t cotarget, fly_layout *out, fly_error *err) {
    lctx c = lctx_make(err);
    if (fly_check_layout(&c, L, "complement")) return c.st;
    if (cotarget < 1)
        return fly_error_set(err, FLY_E_INVALID, "complement: cotarget %lld is not positive", (long long)cotarget);
    fly_layout tmp;
    if (fly_alg_complement(&c, lref_of(L), LF_INT(cotarget), &tmp)) return c.st;
    fly_layout_canon_out(&tmp, out);
    return FLY_OK;
}

fly_status fly_alg_right_inverse(lctx *c, lref L, fly_layout *out) {
    lflat f, r;
    fly_itnode rstride[FLY_FLAT_MAX];
    fly_lflat_of(L, &f);
    fly_itnode acc = LF_INT(1);
    for (int i = 0; i < f.n; i++) {
        rstride[i] = acc;
        acc = lf_mul(c, acc, f.s[i]);
    }
    r.n = 0;
    fly_itnode cur = LF_INT(1);
    for (;;) {
        int found = -1;
        for (int i = 0; i < f.n && found < 0; i++)
            if (!lf_isint(&f.s[i], 1) && fly_lf_eq(&f.d[i], &cur) == 1) found = i;
        if (found < 0 || r.n == FLY_FLAT_MAX) break;
        r.s[r.n] = f.s[found];
        r.d[r.n] = rstride[found];
        r.n++;
        cur = lf_mul(c, f.s[found], f.d[found]);
        if (c->st) return c->st;
    }
    fly_lflat_coalesce(c, &r); /* empty gives 1:0 */
    lbuild b;
    lb_init(&b, out);
    fly_lflat_emit(&b, &r);
    if (c->st) return c->st;
    return c->st = fly_lb_finish(&b, c->err);
}

fly_status fly_layout_right_inverse(const fly_layout *L, fly_layout *out, fly_error *err) {
    lctx c = lctx_make(err);
    if (fly_check_layout(&c, L, "right_inverse")) return c.st;
    fly_layout tmp;
    if (fly_alg_right_inverse(&c, lref_of(L), &tmp)) {
        char a[256];
        return fly_error_wrap(err, "right_inverse of %s", fly_layout_str(L, a));
    }
    fly_layout_canon_out(&tmp, out);
    return FLY_OK;
}

fly_status fly_layout_left_inverse(const fly_layout *L, fly_layout *out, fly_error *err) {
    lctx c = lctx_make(err);
    char a[256];
    if (fly_check_layout(&c, L, "left_inverse")) return c.st;
    lflat f;
    fly_lflat_of(lref_of(L), &f);
    for (int i = 0; i < f.n; i++)
        if (lf_isint(&f.d[i], 0) && !lf_isint(&f.s[i], 1))
            return fly_error_set(err, FLY_E_DOMAIN,
                                 "left_inverse: layout %s is not injective (stride-0 mode of size %s)",
                                 fly_layout_str(L, a), f.s[i].kind == FLY_IT_INT ? "> 1" : "?");
    fly_layout comp, both;
    if (fly_alg_complement(&c, lref_of(L), LF_INT(1), &comp)) {
        fly_error_set(err, c.st, "left_inverse: layout %s is not injective (or not complementable)",
                      fly_layout_str(L, a));
        return c.st;
    }
    const fly_layout *parts[2] = {L, &comp};
    if (fly_layout_concat(&both, parts, 2, err)) return fly_error_wrap(err, "left_inverse");
    fly_layout tmp;
    if (fly_alg_right_inverse(&c, lref_of(&both), &tmp))
        return fly_error_wrap(err, "left_inverse of %s", fly_layout_str(L, a));
    fly_layout_canon_out(&tmp, out);
    return FLY_OK;
}
