/* layout.c - layout construction, validation, canonical form, queries and mode access. */
#include <stdio.h>
#include <string.h>

#include "layout/internal.h"

/* ---- builders and flat modes ---- */

fly_status fly_lb_finish(lbuild *b, fly_error *err) {
    fly_status st = fly_itb_finish(&b->s, err);
    if (!st) st = fly_itb_finish(&b->d, err);
    return st;
}

void fly_lflat_of(lref r, lflat *f) {
    f->n = 0;
    for (int i = 0; i < r.s->span; i++)
        if (r.s[i].kind != FLY_IT_TUPLE) f->s[f->n++] = r.s[i];
    f->n = 0;
    for (int i = 0; i < r.d->span; i++)
        if (r.d[i].kind != FLY_IT_TUPLE) f->d[f->n++] = r.d[i];
}

void fly_lflat_coalesce(lctx *c, lflat *f) {
    int st = 1;
    for (int i = 0; i < f->n && st; i++) st = f->s[i].kind == FLY_IT_INT && f->d[i].kind == FLY_IT_INT;
    f->all_static = st;
    if (st) { /* static fast path */
        int m = 0;
        int64_t rs = 1, rd = 0, end;
        for (int i = 0; i < f->n; i++) {
            int64_t s = f->s[i].v, d = f->d[i].v;
            if (s == 1) continue;
            if (m == 0) {
                rs = s;
                rd = d;
                m = 1;
            } else if (!__builtin_mul_overflow(rs, rd, &end) && end == d) {
                if (__builtin_mul_overflow(rs, s, &rs)) {
                    fly_lctx_fail(c, FLY_E_OVERFLOW, "coalesce: 64-bit overflow in extent");
                    return;
                }
            } else {
                f->s[m - 1] = LF_INT(rs);
                f->d[m - 1] = LF_INT(rd);
                m++;
                rs = s;
                rd = d;
            }
        }
        if (m == 0) m = 1;
        f->s[m - 1] = LF_INT(rs);
        f->d[m - 1] = LF_INT(rd);
        f->n = m;
        return;
    }
    int m = 0; /* result modes; mode 0 starts as 1:0 */
    fly_itnode rs = LF_INT(1), rd = LF_INT(0);
    for (int i = 0; i < f->n; i++) {
        fly_itnode s = f->s[i], d = f->d[i];
        if (lf_isint(&s, 1)) continue;
        if (m == 0 && lf_isint(&rs, 1)) {
            rs = s;
            rd = d;
            m = 1;
            continue;
        }
        fly_itnode prev_end = lf_mul(c, rs, rd);
        if (fly_lf_eq(&prev_end, &d) == 1) {
            rs = lf_mul(c, rs, s);
        } else {
            f->s[m - 1] = rs;
            f->d[m - 1] = rd;
            m++;
            rs = s;
            rd = d;
        }
    }
    if (m == 0) m = 1;
    f->s[m - 1] = rs;
    f->d[m - 1] = rd;
    f->n = m;
}

void fly_lflat_emit(lbuild *b, const lflat *f) {
    if (f->n == 1) {
        lb_leaf(b, f->s[0], f->d[0]);
        return;
    }
    lb_open(b);
    for (int i = 0; i < f->n; i++) lb_leaf(b, f->s[i], f->d[i]);
    lb_close(b);
}

/* ---- validation ---- */

static int check_rec(const fly_itnode *s, const fly_itnode *d, const char **why) {
    if (s->kind == FLY_IT_TUPLE) {
        if (d->kind != FLY_IT_TUPLE || d->n != s->n) {
            *why = "shape and stride are not congruent";
            return 0;
        }
        const fly_itnode *x = s + 1, *y = d + 1;
        for (int i = 0; i < s->n; i++, x += x->span, y += y->span)
            if (!check_rec(x, y, why)) return 0;
        return 1;
    }
    if (d->kind == FLY_IT_TUPLE) {
        *why = "shape and stride are not congruent";
        return 0;
    }
    if (s->kind == FLY_IT_INT && s->v < 1) {
        *why = "an extent is not positive";
        return 0;
    }
    if (s->kind != FLY_IT_INT && s->kind != FLY_IT_DYN) {
        *why = "a shape leaf is not an integer";
        return 0;
    }
    if (d->kind == FLY_IT_NONE) {
        *why = "a stride leaf is '*'";
        return 0;
    }
    return 1;
}

fly_status fly_check_layout(lctx *c, const fly_layout *L, const char *op) {
    const char *why = NULL;
    if (check_rec(L->shape.n, L->stride.n, &why)) return FLY_OK;
    char a[256], b[256];
    return fly_lctx_fail(c, FLY_E_INVALID, "%s: invalid layout %s:%s: %s", op, fly_inttuple_str(&L->shape, a),
                         fly_inttuple_str(&L->stride, b), why);
}

fly_status fly_layout_check(const fly_layout *L, fly_error *err) {
    lctx c = lctx_make(err);
    return fly_check_layout(&c, L, "layout");
}

/* ---- construction ---- */

void fly_layout_copy(fly_layout *dst, const fly_layout *src) {
    if (dst == src) return;
    fly_inttuple_copy(&dst->shape, &src->shape);
    fly_inttuple_copy(&dst->stride, &src->stride);
}

bool fly_layout_equal(const fly_layout *a, const fly_layout *b) {
    return fly_inttuple_equal(&a->shape, &b->shape) && fly_inttuple_equal(&a->stride, &b->stride);
}

bool fly_layout_is_static(const fly_layout *L) {
    return fly_inttuple_is_static(&L->shape) && fly_inttuple_is_static(&L->stride);
}

fly_status fly_layout_make(fly_layout *L, const fly_inttuple *shape, const fly_inttuple *stride, fly_error *err) {
    fly_layout tmp;
    fly_inttuple_copy(&tmp.shape, shape);
    fly_inttuple_copy(&tmp.stride, stride);
    lctx c = lctx_make(err);
    if (fly_check_layout(&c, &tmp, "make_layout")) return c.st;
    fly_layout_copy(L, &tmp);
    return FLY_OK;
}

fly_status fly_layout_make_col_major(fly_layout *L, const fly_inttuple *shape, fly_error *err) {
    fly_layout tmp;
    fly_inttuple_copy(&tmp.shape, shape);
    if (fly_inttuple_prefix_product(shape, NULL, &tmp.stride, err)) return fly_error_wrap(err, "make_layout");
    lctx c = lctx_make(err);
    if (fly_check_layout(&c, &tmp, "make_layout")) return c.st;
    fly_layout_copy(L, &tmp);
    return FLY_OK;
}

fly_status fly_layout_make_ordered(fly_layout *L, const fly_inttuple *shape, const fly_inttuple *order,
                                   fly_error *err) {
    char a[256], b[256];
    if (!fly_inttuple_congruent(shape, order))
        return fly_error_set(err, FLY_E_INVALID, "make_ordered_layout: order %s is not congruent to shape %s",
                             fly_inttuple_str(order, b), fly_inttuple_str(shape, a));
    lctx c = lctx_make(err);
  /* Leaves sorted by order (stable by position); each stride is the product of the extents before it. */
    int n = 0, idx[FLY_IT_MAX_NODES];
    int64_t ord[FLY_IT_MAX_NODES];
    fly_itnode ext[FLY_IT_MAX_NODES], str[FLY_IT_MAX_NODES];
    for (int i = 0; i < shape->n[0].span; i++) {
        if (shape->n[i].kind == FLY_IT_TUPLE) continue;
        if (order->n[i].kind != FLY_IT_INT)
            return fly_error_set(err, FLY_E_INVALID, "make_ordered_layout: order %s must be static",
                                 fly_inttuple_str(order, b));
        ord[n] = order->n[i].v;
        ext[n] = shape->n[i];
        idx[n] = n;
        n++;
    }
    for (int i = 1; i < n; i++) /* insertion sort of positions by order */
        for (int j = i; j > 0 && ord[idx[j - 1]] > ord[idx[j]]; j--) {
            int t = idx[j];
            idx[j] = idx[j - 1];
            idx[j - 1] = t;
        }
    fly_itnode cur = LF_INT(1);
    for (int k = 0; k < n; k++) {
        str[idx[k]] = cur;
        cur = lf_mul(&c, cur, ext[idx[k]]);
    }
    if (c.st) return fly_error_wrap(err, "make_ordered_layout");
    fly_layout tmp;
    fly_inttuple_copy(&tmp.shape, shape);
    fly_inttuple_copy(&tmp.stride, shape);
    for (int i = 0, k = 0; i < shape->n[0].span; i++)
        if (shape->n[i].kind != FLY_IT_TUPLE) {
            fly_itnode x = str[k++];
            x.span = 1;
            x.n = 0;
            tmp.stride.n[i] = x;
        }
    if (fly_check_layout(&c, &tmp, "make_ordered_layout")) return c.st;
    fly_layout_copy(L, &tmp);
    return FLY_OK;
}

static void ident_rec(lctx *c, fly_itbuilder *b, const fly_itnode *s, int *path, int depth) {
    if (s->kind != FLY_IT_TUPLE) {
        fly_itnode e;
        if (fly_itnode_basis(&e, 1, path, depth, c->err)) {
            fly_lctx_fail(c, FLY_E_CAPACITY, "make_identity_layout: shape nested too deeply for a basis path");
            return;
        }
        itb_leaf(b, e);
        return;
    }
    itb_open(b);
    const fly_itnode *x = s + 1;
    for (int i = 0; i < s->n; i++, x += x->span) {
        if (depth >= FLY_BASIS_MAX_PATH) {
            fly_lctx_fail(c, FLY_E_CAPACITY, "make_identity_layout: shape nested too deeply for a basis path");
            return;
        }
        path[depth] = i;
        ident_rec(c, b, x, path, depth + 1);
    }
    itb_close(b);
}

fly_status fly_layout_make_identity(fly_layout *L, const fly_inttuple *shape, fly_error *err) {
    lctx c = lctx_make(err);
    fly_layout tmp;
    fly_inttuple_copy(&tmp.shape, shape);
    fly_itbuilder b;
    fly_itb_init(&b, &tmp.stride);
    int path[FLY_BASIS_MAX_PATH + 1] = {0};
    if (shape->n[0].kind != FLY_IT_TUPLE) ident_rec(&c, &b, shape->n, path, 1); /* a single mode: 1E0 */
    else ident_rec(&c, &b, shape->n, path, 0);
    if (c.st) return c.st;
    if (fly_itb_finish(&b, err)) return fly_error_wrap(err, "make_identity_layout");
    if (fly_check_layout(&c, &tmp, "make_identity_layout")) return c.st;
    fly_layout_copy(L, &tmp);
    return FLY_OK;
}

fly_status fly_layout_concat(fly_layout *L, const fly_layout *const *modes, int n, fly_error *err) {
    fly_layout tmp;
    lbuild b;
    lb_init(&b, &tmp);
    lb_open(&b);
    for (int i = 0; i < n; i++) lb_sub(&b, lref_of(modes[i]));
    lb_close(&b);
    if (fly_lb_finish(&b, err)) return fly_error_wrap(err, "make_layout");
    fly_layout_copy(L, &tmp);
    return FLY_OK;
}

/* ---- canonical form ---- */

static void canon_rec(lbuild *b, const fly_itnode *s, const fly_itnode *d) {
    while (s->kind == FLY_IT_TUPLE && s->n == 1 && d->kind == FLY_IT_TUPLE) {
        s++;
        d++;
    }
    if (s->kind != FLY_IT_TUPLE) {
        lb_leaf(b, *s, lf_isint(s, 1) ? LF_INT(0) : *d);
        return;
    }
    lb_open(b);
    const fly_itnode *x = s + 1, *y = d + 1;
    for (int i = 0; i < s->n; i++, x += x->span, y += y->span) canon_rec(b, x, y);
    lb_close(b);
}

void fly_layout_canonical(const fly_layout *in, fly_layout *out) {
    fly_layout tmp;
    lbuild b;
    lb_init(&b, &tmp);
    canon_rec(&b, in->shape.n, in->stride.n);
    if (fly_lb_finish(&b, NULL) == FLY_OK) fly_layout_copy(out, &tmp);
}

void fly_layout_canon_out(const fly_layout *in, fly_layout *out) {
    if (in == out) {
        fly_layout_canonical(in, out);
        return;
    }
    lbuild b; /* canonical form never grows, so building straight into out cannot fail */
    lb_init(&b, out);
    canon_rec(&b, in->shape.n, in->stride.n);
}

/* ---- queries ---- */

int fly_layout_rank(const fly_layout *L) { return fly_inttuple_rank(&L->shape); }
int fly_layout_depth(const fly_layout *L) { return fly_inttuple_depth(&L->shape); }

fly_status fly_layout_size(const fly_layout *L, fly_inttuple *out, fly_error *err) {
    lctx c = lctx_make(err);
    fly_itnode s = fly_it_size(&c, L->shape.n);
    if (c.st) return fly_error_wrap(err, "size");
    fly_inttuple_leaf(out, s);
    return FLY_OK;
}

fly_status fly_layout_size_static(const fly_layout *L, int64_t *out, fly_error *err) {
    return fly_inttuple_product_static(&L->shape, out, err);
}

static fly_itnode cosize_of(lctx *c, lref r) {
    fly_itnode acc = LF_INT(1);
    for (int i = 0, j = 0; i < r.s->span; i++) {
        if (r.s[i].kind == FLY_IT_TUPLE) continue;
        while (r.d[j].kind == FLY_IT_TUPLE) j++;
        fly_itnode d = r.d[j++];
        if (d.kind == FLY_IT_INT && d.v < 0) d.v = -d.v;
        acc = lf_add(c, acc, lf_mul(c, lf_sub(c, r.s[i], LF_INT(1)), d));
    }
    return acc;
}

fly_status fly_layout_cosize(const fly_layout *L, fly_inttuple *out, fly_error *err) {
    lctx c = lctx_make(err);
    fly_itnode s = cosize_of(&c, lref_of(L));
    if (c.st) {
        char a[256];
        return fly_error_wrap(err, "cosize of %s", fly_layout_str(L, a));
    }
    fly_inttuple_leaf(out, s);
    return FLY_OK;
}

fly_status fly_layout_cosize_static(const fly_layout *L, int64_t *out, fly_error *err) {
    fly_inttuple t;
    if (fly_layout_cosize(L, &t, err)) return err ? err->code : FLY_E_INVALID;
    if (t.n[0].kind != FLY_IT_INT) {
        char a[256];
        return fly_error_set(err, FLY_E_DYNAMIC, "cosize: %s is not static", fly_layout_str(L, a));
    }
    *out = t.n[0].v;
    return FLY_OK;
}

fly_status fly_layout_eval(const fly_layout *L, int64_t idx, int64_t *out, fly_error *err) {
    lflat f;
    fly_lflat_of(lref_of(L), &f);
    int64_t r = 0;
    for (int i = 0; i < f.n; i++) {
        if (f.s[i].kind != FLY_IT_INT || f.d[i].kind != FLY_IT_INT) {
            char a[256];
            return fly_error_set(err, FLY_E_DYNAMIC, "eval: layout %s is not static", fly_layout_str(L, a));
        }
        int64_t c = i + 1 < f.n ? idx % f.s[i].v : idx, t;
        idx = i + 1 < f.n ? idx / f.s[i].v : 0;
        if (__builtin_mul_overflow(c, f.d[i].v, &t) || __builtin_add_overflow(r, t, &r))
            return fly_error_set(err, FLY_E_OVERFLOW, "eval: 64-bit overflow");
    }
    *out = r;
    return FLY_OK;
}

/* ---- modes ---- */

static fly_status out_of_range(const fly_layout *L, int i, const char *op, fly_error *err) {
    char a[256];
    return fly_error_set(err, FLY_E_INVALID, "%s: mode %d out of range for rank %d layout %s", op, i,
                         fly_layout_rank(L), fly_layout_str(L, a));
}

fly_status fly_layout_get(const fly_layout *L, int i, fly_layout *out, fly_error *err) {
    return fly_layout_get_path(L, &i, 1, out, err);
}

fly_status fly_layout_get_path(const fly_layout *L, const int *path, int npath, fly_layout *out, fly_error *err) {
    lref r = lref_of(L);
    for (int k = 0; k < npath; k++) {
        if (path[k] < 0 || path[k] >= lref_rank(r)) {
            char a[256], b[256];
            return fly_error_set(err, FLY_E_INVALID, "get: index %d out of range for rank %d mode %s of %s", path[k],
                                 lref_rank(r), fly_lref_str(r, a), fly_layout_str(L, b));
        }
        r = lref_mode(r, path[k]);
    }
    fly_layout tmp;
    memcpy(tmp.shape.n, r.s, sizeof(fly_itnode) * r.s->span);
    memcpy(tmp.stride.n, r.d, sizeof(fly_itnode) * r.d->span);
    fly_layout_copy(out, &tmp);
    return FLY_OK;
}

fly_status fly_layout_select(const fly_layout *L, const int *idx, int n, fly_layout *out, fly_error *err) {
    lref r = lref_of(L);
    for (int i = 0; i < n; i++)
        if (idx[i] < 0 || idx[i] >= lref_rank(r)) return out_of_range(L, idx[i], "select", err);
    if (n == 1) return fly_layout_get(L, idx[0], out, err);
    fly_layout tmp;
    lbuild b;
    lb_init(&b, &tmp);
    lb_open(&b);
    for (int i = 0; i < n; i++) lb_sub(&b, lref_mode(r, idx[i]));
    lb_close(&b);
    if (fly_lb_finish(&b, err)) return fly_error_wrap(err, "select");
    fly_layout_copy(out, &tmp);
    return FLY_OK;
}

fly_status fly_layout_take(const fly_layout *L, int begin, int end, fly_layout *out, fly_error *err) {
    int r = fly_layout_rank(L);
    if (begin < 0 || end > r || begin >= end) {
        char a[256];
        return fly_error_set(err, FLY_E_INVALID, "take: range [%d,%d) invalid for rank %d layout %s", begin, end, r,
                             fly_layout_str(L, a));
    }
    int idx[256];
    for (int i = begin; i < end; i++) idx[i - begin] = i;
    return fly_layout_select(L, idx, end - begin, out, err);
}

fly_status fly_layout_group(const fly_layout *L, int begin, int end, fly_layout *out, fly_error *err) {
    fly_layout tmp;
    if (fly_inttuple_group(&L->shape, begin, end, &tmp.shape, err) ||
        fly_inttuple_group(&L->stride, begin, end, &tmp.stride, err)) {
        char a[256];
        return fly_error_wrap(err, "layout %s", fly_layout_str(L, a));
    }
    fly_layout_copy(out, &tmp);
    return FLY_OK;
}

static fly_status join(const fly_layout *L, const fly_layout *x, fly_layout *out, fly_error *err, int front) {
    fly_layout tmp;
    lbuild b;
    lb_init(&b, &tmp);
    lb_open(&b);
    if (front) lb_sub(&b, lref_of(x));
    lref r = lref_of(L);
    for (int i = 0; i < lref_rank(r); i++) lb_sub(&b, lref_mode(r, i));
    if (!front) lb_sub(&b, lref_of(x));
    lb_close(&b);
    if (fly_lb_finish(&b, err)) return fly_error_wrap(err, front ? "prepend" : "append");
    fly_layout_copy(out, &tmp);
    return FLY_OK;
}

fly_status fly_layout_append(const fly_layout *L, const fly_layout *x, fly_layout *out, fly_error *err) {
    return join(L, x, out, err, 0);
}

fly_status fly_layout_prepend(const fly_layout *L, const fly_layout *x, fly_layout *out, fly_error *err) {
    return join(L, x, out, err, 1);
}

fly_status fly_layout_flatten(const fly_layout *L, fly_layout *out, fly_error *err) {
    if (fly_inttuple_is_leaf(&L->shape)) {
        fly_layout_copy(out, L);
        return FLY_OK;
    }
    fly_layout tmp;
    if (fly_inttuple_flatten(&L->shape, &tmp.shape, err) || fly_inttuple_flatten(&L->stride, &tmp.stride, err))
        return err ? err->code : FLY_E_INVALID;
    fly_layout_copy(out, &tmp);
    return FLY_OK;
}
