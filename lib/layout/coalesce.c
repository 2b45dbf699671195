/* coalesce.c - coalesce and filter, whole-layout and by-mode with a profile. */
#include <stdio.h>

#include "layout/internal.h"

static void coalesce_into(lctx *c, lbuild *b, lref L, int filter) {
    lflat f;
    fly_lflat_of(L, &f);
    if (filter) {
        int k = 0;
        for (int i = 0; i < f.n; i++) {
            if (lf_isint(&f.s[i], 1) || lf_isint(&f.d[i], 0)) continue;
            f.s[k] = f.s[i];
            f.d[k] = f.d[i];
            k++;
        }
        f.n = k;
    }
    fly_lflat_coalesce(c, &f); /* an empty list gives 1:0 */
    fly_lflat_emit(b, &f);
}

fly_status fly_alg_coalesce(lctx *c, lref L, fly_layout *out) {
    lbuild b;
    lb_init(&b, out);
    coalesce_into(c, &b, L, 0);
    if (c->st) return c->st;
    return fly_lb_finish(&b, c->err);
}

static void by_profile(lctx *c, lbuild *b, lref L, const fly_itnode *prof, int filter) {
    if (c->st) return;
    if (prof->kind != FLY_IT_TUPLE) {
        coalesce_into(c, b, L, filter);
        return;
    }
    int r = lref_rank(L);
    if (prof->n > r) {
        char x[256], y[256];
        fly_lctx_fail(c, FLY_E_INVALID, "profile %s has more modes than layout %s", fly_itnode_str(prof, x),
                      fly_lref_str(L, y));
        return;
    }
    lb_open(b);
    const fly_itnode *p = prof + 1;
    for (int i = 0; i < r; i++) {
        if (i < prof->n) {
            by_profile(c, b, lref_mode(L, i), p, filter);
            p += p->span;
        } else {
            lb_sub(b, lref_mode(L, i));
        }
    }
    lb_close(b);
}

static fly_status run(const fly_layout *L, const fly_inttuple *profile, fly_layout *out, fly_error *err, int filter) {
    const char *op = filter ? "filter" : "coalesce";
    lctx c = lctx_make(err);
    if (fly_check_layout(&c, L, op)) return c.st;
    fly_layout tmp;
    lbuild b;
    lb_init(&b, &tmp);
    fly_itnode leaf = LF_INT(1);
    by_profile(&c, &b, lref_of(L), profile ? profile->n : &leaf, filter);
    if (!c.st) c.st = fly_lb_finish(&b, err);
    if (c.st) {
        char x[256];
        if (err && strncmp(err->message, op, strlen(op)) != 0)
            fly_error_wrap(err, "%s of %s", op, fly_layout_str(L, x));
        return c.st;
    }
    fly_layout_canon_out(&tmp, out);
    return FLY_OK;
}

fly_status fly_layout_coalesce(const fly_layout *L, fly_layout *out, fly_error *err) {
    return run(L, NULL, out, err, 0);
}

fly_status fly_layout_coalesce_profile(const fly_layout *L, const fly_inttuple *profile, fly_layout *out,
                                       fly_error *err) {
    return run(L, profile, out, err, 0);
}

fly_status fly_layout_filter(const fly_layout *L, fly_layout *out, fly_error *err) { return run(L, NULL, out, err, 1); }

fly_status fly_layout_filter_profile(const fly_layout *L, const fly_inttuple *profile, fly_layout *out,
                                     fly_error *err) {
    return run(L, profile, out, err, 1);
}
