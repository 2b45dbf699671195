/* tv.c - thread-value layouts: make_layout_tv. */
#include <stdio.h>

#include "layout/algebra.h"
#include "layout/internal.h"
#include "layout/tv.h"

fly_status fly_layout_make_tv(const fly_layout *thr, const fly_layout *val, fly_inttuple *tile_mn, fly_layout *tv,
                              fly_error *err) {
    lctx c = lctx_make(err);
    if (fly_check_layout(&c, thr, "make_layout_tv") || fly_check_layout(&c, val, "make_layout_tv")) return c.st;
    fly_layout mn, rinv, tvl, res;
    fly_inttuple tile;
    fly_itnode nt = fly_it_size(&c, thr->shape.n), nv = fly_it_size(&c, val->shape.n);
    if (!c.st && !fly_alg_blocked_raked(&c, thr, val, 1, &mn) && !fly_alg_right_inverse(&c, lref_of(&mn), &rinv)) {
        fly_itbuilder tb;
        fly_itb_init(&tb, &tile);
        lref m = lref_of(&mn);
        itb_open(&tb);
        for (int i = 0; i < lref_rank(m); i++) itb_leaf(&tb, fly_it_size(&c, lref_mode(m, i).s));
        itb_close(&tb);
        lbuild lb;
        lb_init(&lb, &tvl);
        lb_open(&lb);
        lb_leaf(&lb, nt, LF_INT(1));
        lb_leaf(&lb, nv, nt);
        lb_close(&lb);
        if (!c.st) c.st = fly_itb_finish(&tb, err);
        if (!c.st) c.st = fly_lb_finish(&lb, err);
        if (!c.st) fly_alg_composition(&c, lref_of(&rinv), lref_of(&tvl), &res);
    }
    if (c.st) {
        char a[256], b[256];
        return fly_error_wrap(err, "make_layout_tv(%s, %s)", fly_layout_str(thr, a), fly_layout_str(val, b));
    }
    if (tile_mn) fly_inttuple_copy(tile_mn, &tile);
    if (tv) fly_layout_canon_out(&res, tv);
    return FLY_OK;
}
