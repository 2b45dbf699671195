/* inttuple_math.c - arithmetic on int tuples: prefix products, inner products, shape_div,
 * ceil_div, elem_scale, elementwise operations, elem_less. */
#include <stdio.h>

#include "layout/internal.h"

static int is_tup(const fly_itnode *p) { return p->kind == FLY_IT_TUPLE; }

static void mismatch(lctx *c, const char *op, const fly_itnode *a, const fly_itnode *b) {
    char x[256], y[256];
    fly_lctx_fail(c, FLY_E_INVALID, "%s: %s and %s do not match", op, fly_itnode_str(a, x), fly_itnode_str(b, y));
}

static fly_status done(lctx *c, fly_itbuilder *b, fly_inttuple *tmp, fly_inttuple *out, const char *op) {
    if (c->st) return c->st;
    if (fly_itb_finish(b, c->err)) return fly_error_wrap(c->err, "%s", op);
    fly_inttuple_copy(out, tmp);
    return FLY_OK;
}

/* ---- prefix product ---- */

static void prefix_rec(lctx *c, fly_itbuilder *b, const fly_itnode *a, const fly_itnode *init) {
    if (c->st) return;
    if (is_tup(a)) {
        itb_open(b);
        if (is_tup(init)) {
            if (init->n != a->n) {
                mismatch(c, "prefix_product", a, init);
                return;
            }
            const fly_itnode *x = a + 1, *y = init + 1;
            for (int i = 0; i < a->n; i++, x += x->span, y += y->span) prefix_rec(c, b, x, y);
        } else {
            fly_itnode cur = *init;
            const fly_itnode *x = a + 1;
            for (int i = 0; i < a->n; i++, x += x->span) {
                prefix_rec(c, b, x, &cur);
                cur = lf_mul(c, cur, fly_it_size(c, x));
            }
        }
        itb_close(b);
    } else {
        if (is_tup(init)) {
            mismatch(c, "prefix_product", a, init);
            return;
        }
        itb_leaf(b, *init);
    }
}

fly_status fly_inttuple_prefix_product(const fly_inttuple *t, const fly_inttuple *init, fly_inttuple *out,
                                       fly_error *err) {
    lctx c = lctx_make(err);
    fly_inttuple tmp;
    fly_itbuilder b;
    fly_itnode one = LF_INT(1);
    fly_itb_init(&b, &tmp);
    prefix_rec(&c, &b, t->n, init ? init->n : &one);
    return done(&c, &b, &tmp, out, "prefix_product");
}

/* ---- inner product ---- */

static fly_itnode inner_rec(lctx *c, const fly_itnode *a, const fly_itnode *b) {
    if (c->st) return LF_INT(0);
    if (is_tup(a) != is_tup(b) || (is_tup(a) && a->n != b->n)) {
        mismatch(c, "inner_product", a, b);
        return LF_INT(0);
    }
    if (!is_tup(a)) return lf_mul(c, *a, *b);
    fly_itnode s = LF_INT(0);
    const fly_itnode *x = a + 1, *y = b + 1;
    for (int i = 0; i < a->n; i++, x += x->span, y += y->span) s = lf_add(c, s, inner_rec(c, x, y));
    return s;
}

fly_status fly_inttuple_inner_product(const fly_inttuple *a, const fly_inttuple *b, fly_inttuple *out, fly_error *err) {
    lctx c = lctx_make(err);
    fly_itnode r = inner_rec(&c, a->n, b->n);
    if (c.st) return c.st;
    fly_inttuple_leaf(out, r);
    return FLY_OK;
}

/* ---- elem_scale ---- */

static void scale_rec(lctx *c, fly_itbuilder *b, const fly_itnode *a, const fly_itnode *s) {
    if (c->st) return;
    if (is_tup(a)) {
        if (!is_tup(s) || s->n != a->n) {
            mismatch(c, "elem_scale", a, s);
            return;
        }
        itb_open(b);
        const fly_itnode *x = a + 1, *y = s + 1;
        for (int i = 0; i < a->n; i++, x += x->span, y += y->span) scale_rec(c, b, x, y);
        itb_close(b);
    } else {
        itb_leaf(b, lf_mul(c, *a, fly_it_size(c, s)));
    }
}

fly_status fly_inttuple_elem_scale(const fly_inttuple *a, const fly_inttuple *b, fly_inttuple *out, fly_error *err) {
    lctx c = lctx_make(err);
    fly_inttuple tmp;
    fly_itbuilder bb;
    fly_itb_init(&bb, &tmp);
    scale_rec(&c, &bb, a->n, b->n);
    return done(&c, &bb, &tmp, out, "elem_scale");
}

/* ---- shape_div / ceil_div ---- */

static fly_itnode sdiv_leaf(lctx *c, fly_itnode a, fly_itnode b, int ceil) {
    if (ceil) return lf_ceil_div(c, a, b);
    if (a.kind == FLY_IT_INT && b.kind == FLY_IT_INT) {
        if (b.v == 0 || a.v == 0) {
            if (b.v == 0) fly_lctx_fail(c, FLY_E_INVALID, "shape_div: division of %lld by zero", (long long)a.v);
            return LF_INT(0);
        }
        if (a.v % b.v == 0) return LF_INT(a.v / b.v);
        if (b.v % a.v == 0) return LF_INT((a.v < 0) != (b.v < 0) ? -1 : 1);
        fly_lctx_fail(c, FLY_E_DOMAIN, "shape_div: %lld and %lld do not divide each other", (long long)a.v,
                      (long long)b.v);
        return LF_INT(0);
    }
    return lf_div(c, a, b); /* dynamic: divisibility is assumed */
}

static void sdiv_rec(lctx *c, fly_itbuilder *b, const fly_itnode *a, const fly_itnode *d, int ceil) {
    if (c->st) return;
    const char *op = ceil ? "ceil_div" : "shape_div";
    if (is_tup(a)) {
        itb_open(b);
        if (is_tup(d)) {
            if (ceil ? d->n > a->n : d->n != a->n) {
                mismatch(c, op, a, d);
                return;
            }
            const fly_itnode *x = a + 1, *y = d + 1;
            fly_itnode one = LF_INT(1);
            for (int i = 0; i < a->n; i++, x += x->span) {
                sdiv_rec(c, b, x, i < d->n ? y : &one, ceil);
                if (i < d->n) y += y->span;
            }
        } else {
            fly_itnode cur = *d;
            const fly_itnode *x = a + 1;
            for (int i = 0; i < a->n; i++, x += x->span) {
                sdiv_rec(c, b, x, &cur, ceil);
                cur = sdiv_leaf(c, cur, fly_it_size(c, x), ceil);
            }
        }
        itb_close(b);
    } else {
        itb_leaf(b, sdiv_leaf(c, *a, fly_it_size(c, d), ceil));
    }
}

fly_status fly_inttuple_shape_div(const fly_inttuple *a, const fly_inttuple *b, fly_inttuple *out, fly_error *err) {
    lctx c = lctx_make(err);
    fly_inttuple tmp;
    fly_itbuilder bb;
    fly_itb_init(&bb, &tmp);
    sdiv_rec(&c, &bb, a->n, b->n, 0);
    return done(&c, &bb, &tmp, out, "shape_div");
}

fly_status fly_inttuple_ceil_div(const fly_inttuple *a, const fly_inttuple *b, fly_inttuple *out, fly_error *err) {
    lctx c = lctx_make(err);
    fly_inttuple tmp;
    fly_itbuilder bb;
    fly_itb_init(&bb, &tmp);
    sdiv_rec(&c, &bb, a->n, b->n, 1);
    return done(&c, &bb, &tmp, out, "ceil_div");
}

/* ---- elementwise ---- */

static const char *opname(fly_itop op) {
    static const char *const names[] = {"int_tuple_add", "int_tuple_sub", "int_tuple_mul", "int_tuple_div",
                                        "int_tuple_mod"};
    return names[op];
}

static void ew_rec(lctx *c, fly_itbuilder *b, fly_itop op, const fly_itnode *a, const fly_itnode *d) {
    if (c->st) return;
    if (is_tup(a)) {
        if (is_tup(d) && d->n != a->n) {
            mismatch(c, opname(op), a, d);
            return;
        }
        itb_open(b);
        const fly_itnode *x = a + 1, *y = is_tup(d) ? d + 1 : d;
        for (int i = 0; i < a->n; i++, x += x->span) {
            ew_rec(c, b, op, x, y);
            if (is_tup(d)) y += y->span;
        }
        itb_close(b);
        return;
    }
    if (is_tup(d)) {
        mismatch(c, opname(op), a, d);
        return;
    }
    fly_itnode r;
    switch (op) {
    case FLY_ITOP_ADD: r = lf_add(c, *a, *d); break;
    case FLY_ITOP_SUB: r = lf_sub(c, *a, *d); break;
    case FLY_ITOP_MUL: r = lf_mul(c, *a, *d); break;
    case FLY_ITOP_DIV: r = lf_div(c, *a, *d); break;
    default: r = lf_mod(c, *a, *d); break;
    }
    itb_leaf(b, r);
}

fly_status fly_inttuple_elementwise(fly_itop op, const fly_inttuple *a, const fly_inttuple *b, fly_inttuple *out,
                                    fly_error *err) {
    lctx c = lctx_make(err);
    if (op > FLY_ITOP_MOD) return fly_error_set(err, FLY_E_INVALID, "int tuple operation %d unknown", (int)op);
    fly_inttuple tmp;
    fly_itbuilder bb;
    fly_itb_init(&bb, &tmp);
    ew_rec(&c, &bb, op, a->n, b->n);
    if (c.st) {
        char x[256], y[256];
        if (c.err && strncmp(c.err->message, opname(op), strlen(opname(op))) != 0)
            fly_error_wrap(err, "%s(%s, %s)", opname(op), fly_inttuple_str(a, x), fly_inttuple_str(b, y));
        return c.st;
    }
    return done(&c, &bb, &tmp, out, opname(op));
}

/* ---- elem_less ---- */

static int less_rec(lctx *c, const fly_itnode *a, const fly_itnode *b) {
    if (c->st) return 0;
    if (is_tup(a)) {
        if (!is_tup(b) || b->n != a->n) {
            mismatch(c, "elem_less", a, b);
            return 0;
        }
        const fly_itnode *x = a + 1, *y = b + 1;
        int all = 1;
        for (int i = 0; i < a->n; i++, x += x->span, y += y->span) all &= less_rec(c, x, y);
        return all;
    }
    fly_itnode bs = fly_it_size(c, b);
    if (a->kind != FLY_IT_INT || bs.kind != FLY_IT_INT) {
        fly_lctx_fail(c, FLY_E_DYNAMIC, "elem_less: comparison of dynamic values is not static");
        return 0;
    }
    return a->v < bs.v;
}

fly_status fly_inttuple_elem_less(const fly_inttuple *a, const fly_inttuple *b, bool *out, fly_error *err) {
    lctx c = lctx_make(err);
    int r = less_rec(&c, a->n, b->n);
    if (c.st) return c.st;
    *out = r != 0;
    return FLY_OK;
}
