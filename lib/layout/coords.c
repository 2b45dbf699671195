/* coords.c - coordinates and indices: crd2idx, idx2crd, hierarchical/flat/1-D coordinates,
 * slice, dice and slice-with-offset. */
#include <stdio.h>
#include <string.h>

#include "layout/internal.h"

static int is_tup(const fly_itnode *p) { return p->kind == FLY_IT_TUPLE; }

/* Accumulator of crd2idx: a numeric part plus basis terms (for identity-like strides). */
#define MAX_TERMS 32
typedef struct acc {
    fly_itnode num;
    int nterms;
    fly_itnode term[MAX_TERMS]; /* BASIS leaves, one per distinct path */
} acc;

static void acc_add(lctx *c, acc *a, fly_itnode v) {
    if (v.kind != FLY_IT_BASIS) {
        a->num = lf_add(c, a->num, v);
        return;
    }
    for (int i = 0; i < a->nterms; i++)
        if (a->term[i].aux == v.aux && (a->term[i].flags >> 4) == (v.flags >> 4)) {
            a->term[i] = lf_add(c, a->term[i], v);
            return;
        }
    if (a->nterms == MAX_TERMS) {
        fly_lctx_fail(c, FLY_E_CAPACITY, "crd2idx: too many basis directions");
        return;
    }
    a->term[a->nterms++] = v;
}

static void crd_rec(lctx *c, acc *a, const fly_itnode *crd, const fly_itnode *s, const fly_itnode *d) {
    if (c->st) return;
    if (is_tup(crd)) {
        if (!is_tup(s) || s->n != crd->n || !is_tup(d) || d->n != s->n) {
            char x[256], y[256];
            fly_lctx_fail(c, FLY_E_INVALID, "crd2idx: coordinate %s does not match shape %s", fly_itnode_str(crd, x),
                          fly_itnode_str(s, y));
            return;
        }
        const fly_itnode *x = crd + 1, *y = s + 1, *z = d + 1;
        for (int i = 0; i < crd->n; i++, x += x->span, y += y->span, z += z->span) crd_rec(c, a, x, y, z);
        return;
    }
    fly_itnode v = crd->kind == FLY_IT_NONE ? LF_INT(0) : *crd;
    if (v.kind == FLY_IT_BASIS) {
        fly_lctx_fail(c, FLY_E_INVALID, "crd2idx: a coordinate leaf is a basis element");
        return;
    }
    if (!is_tup(s)) {
        if (is_tup(d)) {
            fly_lctx_fail(c, FLY_E_INVALID, "crd2idx: shape and stride are not congruent");
            return;
        }
        acc_add(c, a, lf_mul(c, v, *d));
        return;
    }
    if (!is_tup(d) || d->n != s->n) {
        fly_lctx_fail(c, FLY_E_INVALID, "crd2idx: shape and stride are not congruent");
        return;
    }
    const fly_itnode *y = s + 1, *z = d + 1;
    for (int i = 0; i < s->n; i++, y += y->span, z += z->span) {
        if (i + 1 == s->n) {
            crd_rec(c, a, &v, y, z);
            break;
        }
        fly_itnode ext = fly_it_size(c, y);
        fly_itnode sub = lf_mod(c, v, ext);
        sub.span = 1;
        crd_rec(c, a, &sub, y, z);
        v = lf_div(c, v, ext);
    }
}

/* Writes the basis terms as a coordinate tuple: the term with path p lands at position p. */
static void emit_terms(lctx *c, fly_itbuilder *b, const acc *a, const int *prefix, int depth) {
    int maxm = -1;
    if (depth >= FLY_BASIS_MAX_PATH) return; /* paths are at most FLY_BASIS_MAX_PATH long */
    for (int i = 0; i < a->nterms; i++) {
        int path[FLY_BASIS_MAX_PATH], len = fly_itnode_basis_path(&a->term[i], path), ok = len > depth;
        for (int k = 0; ok && k < depth; k++) ok = path[k] == prefix[k];
        if (ok && path[depth] > maxm) maxm = path[depth];
    }
    itb_open(b);
    for (int m = 0; m <= maxm; m++) {
        int pre[FLY_BASIS_MAX_PATH + 1], deeper = 0;
        fly_itnode leaf = LF_INT(0);
        memcpy(pre, prefix, sizeof(int) * (size_t)depth);
        pre[depth] = m;
        for (int i = 0; i < a->nterms; i++) {
            int path[FLY_BASIS_MAX_PATH], len = fly_itnode_basis_path(&a->term[i], path), ok = len > depth;
            for (int k = 0; ok && k <= depth; k++) ok = path[k] == pre[k];
            if (!ok) continue;
            if (len > depth + 1) {
                deeper = 1;
            } else {
                leaf = a->term[i];
                /* the coefficient of this path; a runtime one keeps its handle (the value computed for it) */
                if (leaf.flags & FLY_IT_F_DYNCOEF)
                    leaf = fly_itnode_dyn((uint64_t)leaf.v, 1, (leaf.flags & FLY_IT_F_I64) ? 64 : 32);
                else leaf = LF_INT(leaf.v);
            }
        }
        if (deeper) emit_terms(c, b, a, pre, depth + 1);
        else itb_leaf(b, leaf);
    }
    itb_close(b);
}

fly_status fly_inttuple_crd2idx(const fly_inttuple *coord, const fly_inttuple *shape, const fly_inttuple *stride,
                                fly_inttuple *out, fly_error *err) {
    lctx c = lctx_make(err);
    fly_inttuple colmajor;
    if (!stride) {
        if (fly_inttuple_prefix_product(shape, NULL, &colmajor, err)) return fly_error_wrap(err, "crd2idx");
        stride = &colmajor;
    }
    acc a;
    a.num = LF_INT(0);
    a.nterms = 0;
    crd_rec(&c, &a, coord->n, shape->n, stride->n);
    if (c.st) return c.st;
    if (a.nterms == 0) {
        fly_inttuple_leaf(out, a.num);
        return FLY_OK;
    }
    if (!lf_isint(&a.num, 0)) return fly_error_set(err, FLY_E_INVALID, "crd2idx: mixes integer and basis strides");
    fly_inttuple tmp;
    fly_itbuilder b;
    fly_itb_init(&b, &tmp);
    int prefix[FLY_BASIS_MAX_PATH + 1];
    emit_terms(&c, &b, &a, prefix, 0);
    if (c.st) return c.st;
    if (fly_itb_finish(&b, err)) return fly_error_wrap(err, "crd2idx");
    fly_inttuple_copy(out, &tmp);
    return FLY_OK;
}

fly_status fly_layout_crd2idx(const fly_layout *L, const fly_inttuple *coord, fly_inttuple *out, fly_error *err) {
    return fly_inttuple_crd2idx(coord, &L->shape, &L->stride, out, err);
}

static void idx_rec(lctx *c, fly_itbuilder *b, const fly_itnode *idx, const fly_itnode *s, const fly_itnode *d) {
    if (c->st) return;
    char x[256], y[256];
    if (is_tup(s) != is_tup(d) || (is_tup(s) && s->n != d->n)) {
        fly_lctx_fail(c, FLY_E_INVALID, "idx2crd: shape %s and stride %s are not congruent", fly_itnode_str(s, x),
                      fly_itnode_str(d, y));
        return;
    }
    if (is_tup(idx)) {
        if (!is_tup(s) || s->n != idx->n) {
            fly_lctx_fail(c, FLY_E_INVALID, "idx2crd: index %s does not match shape %s", fly_itnode_str(idx, x),
                          fly_itnode_str(s, y));
            return;
        }
        itb_open(b);
        const fly_itnode *p = idx + 1, *q = s + 1, *r = d + 1;
        for (int i = 0; i < s->n; i++, p += p->span, q += q->span, r += r->span) idx_rec(c, b, p, q, r);
        itb_close(b);
        return;
    }
    if (is_tup(s)) {
        itb_open(b);
        const fly_itnode *q = s + 1, *r = d + 1;
        for (int i = 0; i < s->n; i++, q += q->span, r += r->span) idx_rec(c, b, idx, q, r);
        itb_close(b);
        return;
    }
    if (lf_isint(s, 1)) { /* a mode of extent 1: coordinate 0 whatever its stride */
        itb_leaf(b, LF_INT(0));
        return;
    }
    if (lf_isint(d, 0)) {
        fly_lctx_fail(c, FLY_E_INVALID, "idx2crd: stride 0 cannot be inverted");
        return;
    }
    fly_itnode v = idx->kind == FLY_IT_NONE ? LF_INT(0) : *idx;
    itb_leaf(b, lf_mod(c, lf_div(c, v, *d), *s));
}

fly_status fly_inttuple_idx2crd(const fly_inttuple *idx, const fly_inttuple *shape, const fly_inttuple *stride,
                                fly_inttuple *out, fly_error *err) {
    lctx c = lctx_make(err);
    fly_inttuple colmajor, tmp;
    if (!stride) {
        if (fly_inttuple_prefix_product(shape, NULL, &colmajor, err)) return fly_error_wrap(err, "idx2crd");
        stride = &colmajor;
    }
    fly_itbuilder b;
    fly_itb_init(&b, &tmp);
    idx_rec(&c, &b, idx->n, shape->n, stride->n);
    if (c.st) return c.st;
    if (fly_itb_finish(&b, err)) return fly_error_wrap(err, "idx2crd");
    fly_inttuple_copy(out, &tmp);
    return FLY_OK;
}

fly_status fly_layout_get_hier_coord(const fly_layout *L, const fly_inttuple *idx, fly_inttuple *out, fly_error *err) {
    return fly_inttuple_idx2crd(idx, &L->shape, &L->stride, out, err);
}

fly_status fly_layout_get_flat_coord(const fly_layout *L, const fly_inttuple *idx, fly_inttuple *out, fly_error *err) {
    fly_inttuple hier, tmp, one;
    if (fly_layout_get_hier_coord(L, idx, &hier, err)) return err ? err->code : FLY_E_INVALID;
    if (fly_inttuple_is_leaf(&L->shape) || fly_inttuple_is_leaf(&hier))
        return fly_inttuple_crd2idx(&hier, &L->shape, NULL, out, err);
    fly_itbuilder b;
    fly_itb_init(&b, &tmp);
    itb_open(&b);
    const fly_itnode *h = hier.n + 1, *s = L->shape.n + 1;
    for (int i = 0; i < L->shape.n[0].n; i++, h += h->span, s += s->span) {
        fly_inttuple hc, sc;
        memcpy(hc.n, h, sizeof(fly_itnode) * h->span);
        memcpy(sc.n, s, sizeof(fly_itnode) * s->span);
        if (fly_inttuple_crd2idx(&hc, &sc, NULL, &one, err)) return err ? err->code : FLY_E_INVALID;
        itb_leaf(&b, one.n[0]);
    }
    itb_close(&b);
    if (fly_itb_finish(&b, err)) return fly_error_wrap(err, "get_flat_coord");
    fly_inttuple_copy(out, &tmp);
    return FLY_OK;
}

fly_status fly_layout_get_1d_coord(const fly_layout *L, const fly_inttuple *idx, fly_inttuple *out, fly_error *err) {
    fly_inttuple hier;
    if (fly_layout_get_hier_coord(L, idx, &hier, err)) return err ? err->code : FLY_E_INVALID;
    return fly_inttuple_crd2idx(&hier, &L->shape, NULL, out, err);
}

/* ---- slice / dice ---- */

/* Appends to the open tuples the sub-trees of t (and u, when non-NULL) kept by coord. */
static void slice_rec(lctx *c, fly_itbuilder *b, fly_itbuilder *b2, const fly_itnode *crd, const fly_itnode *t,
                      const fly_itnode *u, int dice) {
    if (c->st) return;
    if (is_tup(crd)) {
        if (!is_tup(t) || t->n != crd->n) {
            char x[256], y[256];
            fly_lctx_fail(c, FLY_E_INVALID, "%s: coordinate %s does not match %s", dice ? "dice" : "slice",
                          fly_itnode_str(crd, x), fly_itnode_str(t, y));
            return;
        }
        const fly_itnode *x = crd + 1, *y = t + 1, *z = u ? u + 1 : NULL;
        for (int i = 0; i < crd->n; i++, x += x->span, y += y->span) {
            slice_rec(c, b, b2, x, y, z, dice);
            if (z) z += z->span;
        }
        return;
    }
    if ((crd->kind == FLY_IT_NONE) != (dice != 0)) {
        itb_subtree(b, t);
        if (b2) itb_subtree(b2, u);
    }
}

static fly_status slice_tuple(const fly_inttuple *coord, const fly_inttuple *t, fly_inttuple *out, fly_error *err,
                              int dice) {
    lctx c = lctx_make(err);
    fly_inttuple tmp;
    fly_itbuilder b;
    fly_itb_init(&b, &tmp);
    itb_open(&b);
    slice_rec(&c, &b, NULL, coord->n, t->n, NULL, dice);
    itb_close(&b);
    if (c.st) return c.st;
    if (fly_itb_finish(&b, err)) return fly_error_wrap(err, dice ? "dice" : "slice");
    fly_inttuple_copy(out, &tmp);
    return FLY_OK;
}

fly_status fly_inttuple_slice(const fly_inttuple *coord, const fly_inttuple *t, fly_inttuple *out, fly_error *err) {
    return slice_tuple(coord, t, out, err, 0);
}

fly_status fly_inttuple_dice(const fly_inttuple *coord, const fly_inttuple *t, fly_inttuple *out, fly_error *err) {
    return slice_tuple(coord, t, out, err, 1);
}

static fly_status slice_layout(const fly_layout *L, const fly_inttuple *coord, fly_layout *out, fly_error *err,
                               int dice) {
    lctx c = lctx_make(err);
    if (fly_check_layout(&c, L, dice ? "dice" : "slice")) return c.st;
    fly_layout tmp;
    lbuild b;
    lb_init(&b, &tmp);
    lb_open(&b);
    slice_rec(&c, &b.s, &b.d, coord->n, L->shape.n, L->stride.n, dice);
    lb_close(&b);
    if (c.st) {
        char x[256];
        return fly_error_wrap(err, "layout %s", fly_layout_str(L, x));
    }
    if (fly_lb_finish(&b, err)) return fly_error_wrap(err, dice ? "dice" : "slice");
    fly_layout_canon_out(&tmp, out);
    return FLY_OK;
}

fly_status fly_layout_slice(const fly_layout *L, const fly_inttuple *coord, fly_layout *out, fly_error *err) {
    return slice_layout(L, coord, out, err, 0);
}

fly_status fly_layout_dice(const fly_layout *L, const fly_inttuple *coord, fly_layout *out, fly_error *err) {
    return slice_layout(L, coord, out, err, 1);
}

fly_status fly_layout_slice_and_offset(const fly_layout *L, const fly_inttuple *coord, fly_layout *out,
                                       fly_inttuple *offset, fly_error *err) {
    fly_inttuple off;
    if (fly_inttuple_crd2idx(coord, &L->shape, &L->stride, &off, err)) return fly_error_wrap(err, "slice_and_offset");
    if (slice_layout(L, coord, out, err, 0)) return fly_error_wrap(err, "slice_and_offset");
    fly_inttuple_copy(offset, &off);
    return FLY_OK;
}
