/* like.c - layouts and tuples made "like" others, as FlyDSL's Fly dialect computes them:
 * int_tuple_product_like (products of the sub-tuples a guide's leaves cover), make_layout_like (a compact layout
 * whose strides rank as the source's do) and make_fragment_layout_like (a register fragment's layout: mode 0
 * compact column-major, the other modes ordered as their strides and tiled after it).
 *
 * The stride order is FlyDSL's make_ordered_layout over an order weakly congruent to the shape: each order leaf
 * covers a sub-shape laid out compact column-major, starting at the product of the sub-shapes whose order is
 * smaller (static orders compare by value, strictly, so equal orders start together; a static order is smaller
 * than a dynamic one; dynamic ones compare by position). */
#include "layout/internal.h"

typedef struct order_leaf {
    const fly_itnode *o; /* the order leaf */
    const fly_itnode *s; /* the sub-shape it covers */
} order_leaf;

typedef struct ordering {
    int n;
    order_leaf k[FLY_IT_MAX_NODES];
    fly_itnode start[FLY_IT_MAX_NODES];
} ordering;

static void collect(lctx *c, ordering *g, const fly_itnode *s, const fly_itnode *o, const char *op) {
    if (c->st) return;
    if (o->kind != FLY_IT_TUPLE) {
        if (o->kind != FLY_IT_INT && o->kind != FLY_IT_DYN) {
            char b[64];
            fly_itnode_print(o, b, sizeof b);
            fly_lctx_fail(c, FLY_E_INVALID, "%s: the order leaf %s is not an integer", op, b);
            return;
        }
        g->k[g->n].o = o;
        g->k[g->n].s = s;
        g->n++;
        return;
    }
    if (s->kind != FLY_IT_TUPLE || s->n != o->n) {
        fly_lctx_fail(c, FLY_E_INVALID, "%s: the order is not weakly congruent to the shape", op);
        return;
    }
    for (int i = 0; i < o->n; i++) collect(c, g, fly_itnode_child(s, i), fly_itnode_child(o, i), op);
}

static bool order_less(const ordering *g, int i, int j) {
    const fly_itnode *a = g->k[i].o, *b = g->k[j].o;
    if (a->kind == FLY_IT_INT && b->kind == FLY_IT_INT) return a->v < b->v;
    if (a->kind == FLY_IT_INT) return true;
    if (b->kind == FLY_IT_INT) return false;
    return i < j;
}

/* Compact column-major strides of sub-shape s from *cur on (advancing *cur past it). */
static void emit_col_major(lctx *c, fly_itbuilder *b, const fly_itnode *s, fly_itnode *cur) {
    if (s->kind != FLY_IT_TUPLE) {
        itb_leaf(b, *cur);
        *cur = lf_mul(c, *cur, *s);
        return;
    }
    itb_open(b);
    for (int i = 0; i < s->n; i++) emit_col_major(c, b, fly_itnode_child(s, i), cur);
    itb_close(b);
}

static void emit_ordered(lctx *c, fly_itbuilder *b, const ordering *g, const fly_itnode *s, const fly_itnode *o,
                         int *k) {
    if (o->kind != FLY_IT_TUPLE) {
        fly_itnode cur = g->start[(*k)++];
        emit_col_major(c, b, s, &cur);
        return;
    }
    itb_open(b);
    for (int i = 0; i < o->n; i++) emit_ordered(c, b, g, fly_itnode_child(s, i), fly_itnode_child(o, i), k);
    itb_close(b);
}

/* The strides of FlyDSL's make_ordered_layout(shape, order) into *out. */
static fly_status ordered_strides(lctx *c, const fly_itnode *shape, const fly_itnode *order, fly_inttuple *out,
                                  const char *op) {
    ordering g;
    g.n = 0;
    collect(c, &g, shape, order, op);
    if (c->st) return c->st;
    for (int j = 0; j < g.n; j++) {
        g.start[j] = LF_INT(1);
        for (int i = 0; i < g.n; i++)
            if (order_less(&g, i, j)) g.start[j] = lf_mul(c, g.start[j], fly_it_size(c, g.k[i].s));
    }
    fly_itbuilder b;
    fly_itb_init(&b, out);
    int k = 0;
    emit_ordered(c, &b, &g, shape, order, &k);
    if (c->st) return c->st;
    return c->st = fly_itb_finish(&b, c->err);
}

/* shape with 1 for every leaf whose stride is a static 0 (stride congruent to shape). */
static void filter_zero(const fly_itnode *shape, const fly_itnode *stride, fly_inttuple *out) {
    memmove(out->n, shape, sizeof(fly_itnode) * shape->span);
    for (int i = 0; i < shape->span; i++)
        if (out->n[i].kind != FLY_IT_TUPLE && lf_isint(&stride[i], 0)) {
            uint8_t span = out->n[i].span, n = out->n[i].n;
            out->n[i] = LF_INT(1);
            out->n[i].span = span;
            out->n[i].n = n;
        }
}

static fly_status product_like_rec(lctx *c, fly_itbuilder *b, const fly_itnode *t, const fly_itnode *guide) {
    if (guide->kind != FLY_IT_TUPLE) {
        itb_leaf(b, fly_it_size(c, t));
        return c->st;
    }
    if (t->kind != FLY_IT_TUPLE || t->n < guide->n)
        return fly_lctx_fail(c, FLY_E_INVALID, "int_tuple_product_like: the tuple has fewer modes than the guide");
    itb_open(b);
    for (int i = 0; i < guide->n && !c->st; i++)
        product_like_rec(c, b, fly_itnode_child(t, i), fly_itnode_child(guide, i));
    itb_close(b);
    return c->st;
}

fly_status fly_inttuple_product_like(const fly_inttuple *t, const fly_inttuple *guide, fly_inttuple *out,
                                     fly_error *err) {
    lctx c = lctx_make(err);
    fly_inttuple tmp;
    fly_itbuilder b;
    fly_itb_init(&b, &tmp);
    if (product_like_rec(&c, &b, t->n, guide->n)) return c.st;
    if (fly_itb_finish(&b, err)) return fly_error_wrap(err, "int_tuple_product_like");
    fly_inttuple_copy(out, &tmp);
    return FLY_OK;
}

fly_status fly_layout_make_like(const fly_layout *L, fly_layout *out, fly_error *err) {
    lctx c = lctx_make(err);
    fly_inttuple filtered, stride;
    filter_zero(L->shape.n, L->stride.n, &filtered);
    if (ordered_strides(&c, filtered.n, L->stride.n, &stride, "make_layout_like")) return c.st;
    fly_inttuple shape;
    fly_inttuple_copy(&shape, &L->shape);
    return fly_layout_make(out, &shape, &stride, err);
}

/* The layout of rest modes [1, R) of L: mode 1 itself when R == 2, else a tuple of them. */
static fly_status rest_modes(lctx *c, const fly_layout *L, int R, fly_layout *out) {
    lref r = lref_of(L);
    lbuild b;
    lb_init(&b, out);
    if (R == 2) {
        lb_sub(&b, lref_mode(r, 1));
    } else {
        lb_open(&b);
        for (int i = 1; i < R; i++) lb_sub(&b, lref_mode(r, i));
        lb_close(&b);
    }
    return c->st = fly_lb_finish(&b, c->err);
}

fly_status fly_layout_make_fragment_like(const fly_layout *L, fly_layout *out, fly_error *err) {
    lctx c = lctx_make(err);
    char buf[512];
    if (!fly_inttuple_is_static(&L->shape)) {
        fly_layout_print(L, buf, sizeof buf);
        return fly_error_set(err, FLY_E_DYNAMIC, "make_fragment_layout_like: expected a static shape, got %s", buf);
    }
    int R = fly_layout_rank(L);
    if (R <= 1) return fly_layout_make_col_major(out, &L->shape, err);
    lref r = lref_of(L), m0 = lref_mode(r, 0);
    fly_layout mode0, rest, ordered;
    fly_inttuple filtered;
    filter_zero(m0.s, m0.d, &filtered);
    fly_itbuilder sb;
    fly_itb_init(&sb, &mode0.stride);
    fly_itnode cur = LF_INT(1);
    emit_col_major(&c, &sb, filtered.n, &cur);
    if (c.st || fly_itb_finish(&sb, err)) return fly_error_wrap(err, "make_fragment_layout_like");
    memmove(mode0.shape.n, m0.s, sizeof(fly_itnode) * m0.s->span);
    if (rest_modes(&c, L, R, &rest)) return fly_error_wrap(err, "make_fragment_layout_like");
    ordered.shape = rest.shape;
    if (ordered_strides(&c, rest.shape.n, rest.stride.n, &ordered.stride, "make_fragment_layout_like")) return c.st;
    return fly_layout_tiled_product(&mode0, &ordered, out, err);
}
