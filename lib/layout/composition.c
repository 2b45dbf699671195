/* composition.c - functional composition R = A o B of layouts (B a layout, an int n
 * meaning n:1, or a by-mode tile). R keeps B's hierarchy; every leaf s:d of B is
 * composed with the coalesced A, splitting s across A's modes. The CuTe divisibility
 * conditions are checked on static values (dynamic ones are assumed to hold). */
#include <stdio.h>

#include "layout/internal.h"

static void leaf_fail(lctx *c, const lflat *fa, fly_itnode s, fly_itnode d, const char *why, int64_t x, int64_t y) {
    char a[256], buf[64], sd[64];
    lflat tmp = *fa;
    fly_layout L;
    lbuild b;
    lb_init(&b, &L);
    fly_lflat_emit(&b, &tmp);
    if (fly_lb_finish(&b, NULL)) L.shape.n[0] = LF_INT(0), L.stride.n[0] = LF_INT(0);
    fly_itnode_print(&s, buf, sizeof buf);
    fly_itnode_print(&d, sd, sizeof sd);
    fly_lctx_fail(c, FLY_E_DOMAIN, "composition: %s o %s:%s: %s %lld and %lld", fly_layout_str(&L, a), buf, sd, why,
                  (long long)x, (long long)y);
}

/* Composes the coalesced flat A with the leaf layout s:d, appending one leaf or a flat tuple.
 * ext_bad: A's own last leaf has extent 1 and a stride that continues A differently from its
 * coalesced last mode, so B may not reach past A's domain. */
static void comp_leaf(lctx *c, lbuild *b, const lflat *fa, fly_itnode s, fly_itnode d, int ext_bad) {
    if (lf_isint(&d, 0)) {
        lb_leaf(b, s, d);
        return;
    }
    lflat r;
    r.n = 0;
    if (fa->all_static && s.kind == FLY_IT_INT && d.kind == FLY_IT_INT && d.v > 0) {
    /* Static fast path: the same steps on plain integers. */
        int64_t rs = s.v, rd = d.v, prod;
        for (int i = 0; i + 1 < fa->n; i++) {
            int64_t cs = fa->s[i].v;
            if (rd >= cs) {
                if (rd % cs) {
                    leaf_fail(c, fa, s, d, "stride divisibility fails:", rd, cs);
                    return;
                }
                rd /= cs;
                continue;
            }
            if (cs % rd) {
                leaf_fail(c, fa, s, d, "stride divisibility fails:", rd, cs);
                return;
            }
            int64_t q = cs / rd, ns = q < rs ? q : rs;
            if (ns != 1) {
                if (__builtin_mul_overflow(rd, fa->d[i].v, &prod)) {
                    fly_lctx_fail(c, FLY_E_OVERFLOW, "composition: 64-bit overflow in stride %lld * %lld",
                                  (long long)rd, (long long)fa->d[i].v);
                    return;
                }
                r.s[r.n] = LF_INT(ns);
                r.d[r.n] = LF_INT(prod);
                r.n++;
            }
            if (rs % ns) {
                leaf_fail(c, fa, s, d, "shape divisibility fails: extent", rs, ns);
                return;
            }
            rs /= ns;
            rd = 1;
        }
        if (rs != 1 || r.n == 0) {
            int64_t ls = fa->s[fa->n - 1].v;
            if (ext_bad && rs > 1 && (rs - 1) * rd >= ls) {
                leaf_fail(c, fa, s, d, "reaches past the domain of A, whose last mode has extent 1; reached extent",
                          (rs - 1) * rd + 1, ls);
                return;
            }
            if (__builtin_mul_overflow(rd, fa->d[fa->n - 1].v, &prod)) {
                fly_lctx_fail(c, FLY_E_OVERFLOW, "composition: 64-bit overflow in stride %lld * %lld", (long long)rd,
                              (long long)fa->d[fa->n - 1].v);
                return;
            }
            r.s[r.n] = LF_INT(rs);
            r.d[r.n] = LF_INT(prod);
            r.n++;
        }
        fly_lflat_emit(b, &r);
        return;
    }
    fly_itnode rest_s = s, rest_d = d;
    for (int i = 0; i + 1 < fa->n && !c->st; i++) {
        fly_itnode cs = fa->s[i], cd = fa->d[i];
        if (cs.kind == FLY_IT_INT && rest_d.kind == FLY_IT_INT) {
            int64_t x = cs.v, y = rest_d.v < 0 ? -rest_d.v : rest_d.v;
            if (x % y != 0 && y % x != 0) {
                leaf_fail(c, fa, s, d, "stride divisibility fails:", y, x);
                return;
            }
        }
        fly_itnode q = lf_div(c, cs, rest_d);
        fly_itnode ns = fly_lf_min(c, fly_lf_max(c, LF_INT(1), q), rest_s);
        if (!lf_isint(&ns, 1)) {
            if (r.n == FLY_FLAT_MAX) {
                fly_lctx_fail(c, FLY_E_CAPACITY, "composition: too many modes");
                return;
            }
            r.s[r.n] = ns;
            r.d[r.n] = lf_mul(c, rest_d, cd);
            r.n++;
        }
        if (rest_s.kind == FLY_IT_INT && ns.kind == FLY_IT_INT && rest_s.v % ns.v != 0) {
            leaf_fail(c, fa, s, d, "shape divisibility fails: extent", rest_s.v, ns.v);
            return;
        }
        rest_s = lf_div(c, rest_s, ns);
        rest_d = lf_ceil_div(c, rest_d, cs);
    }
    if (!lf_isint(&rest_s, 1) || r.n == 0) {
        const fly_itnode *ls = &fa->s[fa->n - 1];
        if (ext_bad && rest_s.kind == FLY_IT_INT && rest_d.kind == FLY_IT_INT && ls->kind == FLY_IT_INT &&
            rest_s.v > 1 && (rest_s.v - 1) * rest_d.v >= ls->v) {
            leaf_fail(c, fa, s, d, "reaches past the domain of A, whose last mode has extent 1; reached extent",
                      (rest_s.v - 1) * rest_d.v + 1, ls->v);
            return;
        }
        if (r.n == FLY_FLAT_MAX) {
            fly_lctx_fail(c, FLY_E_CAPACITY, "composition: too many modes");
            return;
        }
        r.s[r.n] = rest_s;
        r.d[r.n] = lf_mul(c, rest_d, fa->d[fa->n - 1]);
        r.n++;
    }
    fly_lflat_emit(b, &r);
}

static void comp_rec(lctx *c, lbuild *b, const lflat *fa, lref B, int ext_bad) {
    if (c->st) return;
    if (B.s->kind != FLY_IT_TUPLE) {
        comp_leaf(c, b, fa, *B.s, *B.d, ext_bad);
        return;
    }
    lb_open(b);
    for (int i = 0; i < B.s->n; i++) comp_rec(c, b, fa, lref_mode(B, i), ext_bad);
    lb_close(b);
}

static void comp_into(lctx *c, lbuild *b, lref A, lref B) {
    lflat fa;
    fly_lflat_of(A, &fa);
    fly_itnode last_s = fa.s[fa.n - 1], last_d = fa.d[fa.n - 1];
    fly_lflat_coalesce(c, &fa);
    int ext_bad = 0;
    if (lf_isint(&last_s, 1)) {
        fly_itnode cont = lf_mul(c, fa.s[fa.n - 1], fa.d[fa.n - 1]);
        ext_bad = !lf_isint(&last_d, 0) &&
                  fly_lf_eq(&cont, &last_d) != 1; /* stride 0 on extent 1: canonical, no constraint */
    }
    comp_rec(c, b, &fa, B, ext_bad);
}

fly_status fly_alg_composition(lctx *c, lref A, lref B, fly_layout *out) {
    lbuild b;
    lb_init(&b, out);
    comp_into(c, &b, A, B);
    if (c->st) return c->st;
    return c->st = fly_lb_finish(&b, c->err);
}

static void comp_tile_into(lctx *c, lbuild *b, lref A, const fly_tile *T, int e) {
    if (c->st) return;
    const fly_tile_entry *x = &T->e[e];
    int r = lref_rank(A);
    if (x->n > r) {
        char a[256], t[256];
        fly_lctx_fail(c, FLY_E_INVALID, "composition: tile %s has more modes than layout %s", fly_tile_str(T, t),
                      fly_lref_str(A, a));
        return;
    }
    lb_open(b);
    int ce = e + 1;
    for (int i = 0; i < r; i++) {
        lref Ai = lref_mode(A, i);
        if (i >= x->n) {
            lb_sub(b, Ai);
            continue;
        }
        const fly_tile_entry *y = &T->e[ce];
        if (y->kind == FLY_TILE_NONE) {
            lb_sub(b, Ai);
        } else if (y->kind == FLY_TILE_LIST) {
            comp_tile_into(c, b, Ai, T, ce);
        } else {
            fly_layout Bi;
            fly_tile_entry_layout(T, ce, &Bi);
            comp_into(c, b, Ai, lref_of(&Bi));
        }
        ce += y->span;
    }
    lb_close(b);
}

fly_status fly_alg_composition_tile(lctx *c, lref A, const fly_tile *T, int entry, fly_layout *out) {
    lbuild b;
    lb_init(&b, out);
    comp_tile_into(c, &b, A, T, entry);
    if (c->st) return c->st;
    return c->st = fly_lb_finish(&b, c->err);
}

/* ---- public ---- */

fly_status fly_layout_composition(const fly_layout *A, const fly_layout *B, fly_layout *out, fly_error *err) {
    lctx c = lctx_make(err);
    if (fly_check_layout(&c, A, "composition") || fly_check_layout(&c, B, "composition")) return c.st;
    fly_layout tmp;
    if (fly_alg_composition(&c, lref_of(A), lref_of(B), &tmp)) {
        if (c.st == FLY_E_CAPACITY || c.st == FLY_E_OVERFLOW) {
            char a[256], x[256];
            fly_error_wrap(err, "composition of %s with %s", fly_layout_str(A, a), fly_layout_str(B, x));
        }
        return c.st;
    }
    fly_layout_canon_out(&tmp, out);
    return FLY_OK;
}

fly_status fly_layout_composition_int(const fly_layout *A, int64_t n, fly_layout *out, fly_error *err) {
    fly_layout B;
    fly_inttuple_int(&B.shape, n);
    fly_inttuple_int(&B.stride, 1);
    return fly_layout_composition(A, &B, out, err);
}

fly_status fly_layout_composition_tile(const fly_layout *A, const fly_tile *T, fly_layout *out, fly_error *err) {
    lctx c = lctx_make(err);
    if (fly_check_layout(&c, A, "composition") || fly_check_tile(&c, T, "composition")) return c.st;
    fly_layout tmp;
    if (fly_alg_composition_tile(&c, lref_of(A), T, 0, &tmp)) return c.st;
    fly_layout_canon_out(&tmp, out);
    return FLY_OK;
}
