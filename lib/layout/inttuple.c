/* inttuple.c - int tuple construction, navigation, queries and structure operations. */
#include <stdio.h>
#include <string.h>

#include "layout/internal.h"

/* ---- leaves ---- */

fly_itnode fly_itnode_int(int64_t v) { return LF_INT(v); }

fly_itnode fly_itnode_dyn(uint64_t handle, int64_t div, int width) {
    fly_itnode n;
    n.v = (int64_t)handle;
    n.aux = div < 1 ? 1 : (div > (int64_t)UINT32_MAX ? (uint32_t)1 << 31 : (uint32_t)div);
    n.kind = FLY_IT_DYN;
    n.flags = width == 64 ? FLY_IT_F_I64 : 0;
    n.span = 1;
    n.n = 0;
    return n;
}

fly_itnode fly_itnode_none(void) {
    fly_itnode n = LF_INT(0);
    n.kind = FLY_IT_NONE;
    return n;
}

fly_status fly_itnode_basis(fly_itnode *out, int64_t coef, const int *path, int npath, fly_error *err) {
    if (npath < 1 || npath > FLY_BASIS_MAX_PATH)
        return fly_error_set(err, FLY_E_CAPACITY, "basis: path length %d outside 1..%d", npath, FLY_BASIS_MAX_PATH);
    fly_itnode n = LF_INT(coef);
    n.kind = FLY_IT_BASIS;
    n.aux = 0;
    for (int i = 0; i < npath; i++) {
        if (path[i] < 0 || path[i] > 255)
            return fly_error_set(err, FLY_E_INVALID, "basis: mode %d outside 0..255", path[i]);
        n.aux |= (uint32_t)path[i] << (8 * i);
    }
    n.flags = (uint8_t)(npath << 4);
    *out = n;
    return FLY_OK;
}

int fly_itnode_basis_path(const fly_itnode *n, int *path) {
    if (n->kind != FLY_IT_BASIS) return 0;
    int len = (n->flags >> 4) & 7;
    for (int i = 0; i < len; i++) path[i] = (int)((n->aux >> (8 * i)) & 0xff);
    return len;
}

/* ---- construction ---- */

void fly_inttuple_int(fly_inttuple *t, int64_t v) { t->n[0] = LF_INT(v); }

void fly_inttuple_leaf(fly_inttuple *t, fly_itnode leaf) {
    leaf.span = 1;
    leaf.n = 0;
    t->n[0] = leaf;
}

void fly_inttuple_copy(fly_inttuple *dst, const fly_inttuple *src) {
    if (dst != src) memcpy(dst->n, src->n, sizeof(fly_itnode) * src->n[0].span);
}

void fly_itb_init(fly_itbuilder *b, fly_inttuple *t) {
    b->t = t;
    b->len = 0;
    b->depth = 0;
    b->st = FLY_OK;
}

void fly_itb_open(fly_itbuilder *b) { itb_open(b); }
void fly_itb_close(fly_itbuilder *b) { itb_close(b); }
void fly_itb_leaf(fly_itbuilder *b, fly_itnode leaf) { itb_leaf(b, leaf); }
void fly_itb_subtree(fly_itbuilder *b, const fly_itnode *node) { itb_subtree(b, node); }

fly_status fly_itb_finish(fly_itbuilder *b, fly_error *err) {
    if (!b->st && (b->depth != 0 || b->len == 0)) b->st = FLY_E_INVALID;
    if (b->st == FLY_E_CAPACITY)
        return fly_error_set(err, b->st, "int tuple exceeds %d nodes or depth %d", FLY_IT_MAX_NODES, FLY_IT_MAX_DEPTH);
    if (b->st) return fly_error_set(err, b->st, "malformed int tuple construction");
    return FLY_OK;
}

fly_status fly_inttuple_from_ints(fly_inttuple *t, const int64_t *v, int n, fly_error *err) {
    fly_itbuilder b;
    fly_inttuple tmp;
    fly_itb_init(&b, &tmp);
    itb_open(&b);
    for (int i = 0; i < n; i++) itb_leaf(&b, LF_INT(v[i]));
    itb_close(&b);
    fly_status st = fly_itb_finish(&b, err);
    if (!st) fly_inttuple_copy(t, &tmp);
    return st;
}

fly_status fly_inttuple_make_tuple(fly_inttuple *t, const fly_inttuple *const *elems, int n, fly_error *err) {
    fly_itbuilder b;
    fly_inttuple tmp;
    fly_itb_init(&b, &tmp);
    itb_open(&b);
    for (int i = 0; i < n; i++) itb_subtree(&b, elems[i]->n);
    itb_close(&b);
    fly_status st = fly_itb_finish(&b, err);
    if (!st) fly_inttuple_copy(t, &tmp);
    return st;
}

/* ---- navigation and queries ---- */

const fly_itnode *fly_itnode_child(const fly_itnode *p, int i) {
    const fly_itnode *c = p + 1;
    while (i-- > 0) c += c->span;
    return c;
}

int fly_inttuple_rank(const fly_inttuple *t) { return t->n[0].kind == FLY_IT_TUPLE ? t->n[0].n : 1; }

static int depth_of(const fly_itnode *p) {
    if (p->kind != FLY_IT_TUPLE) return 0;
    int d = 0;
    const fly_itnode *c = p + 1;
    for (int i = 0; i < p->n; i++, c += c->span) {
        int x = depth_of(c);
        if (x > d) d = x;
    }
    return d + 1;
}

int fly_inttuple_depth(const fly_inttuple *t) { return depth_of(t->n); }

bool fly_inttuple_is_static(const fly_inttuple *t) {
    for (int i = 0; i < t->n[0].span; i++)
        if (t->n[i].kind != FLY_IT_TUPLE && t->n[i].kind != FLY_IT_INT) return false;
    return true;
}

bool fly_inttuple_equal(const fly_inttuple *a, const fly_inttuple *b) {
    if (a->n[0].span != b->n[0].span) return false;
    for (int i = 0; i < a->n[0].span; i++) {
        const fly_itnode *x = &a->n[i], *y = &b->n[i];
        if (x->kind != y->kind || x->span != y->span || x->n != y->n) return false;
        if (x->kind == FLY_IT_TUPLE || x->kind == FLY_IT_NONE) continue;
        if (x->v != y->v || x->aux != y->aux || x->flags != y->flags) return false;
    }
    return true;
}

static bool congruent_rec(const fly_itnode *a, const fly_itnode *b) {
    if ((a->kind == FLY_IT_TUPLE) != (b->kind == FLY_IT_TUPLE)) return false;
    if (a->kind != FLY_IT_TUPLE) return true;
    if (a->n != b->n) return false;
    const fly_itnode *x = a + 1, *y = b + 1;
    for (int i = 0; i < a->n; i++, x += x->span, y += y->span)
        if (!congruent_rec(x, y)) return false;
    return true;
}

bool fly_inttuple_congruent(const fly_inttuple *a, const fly_inttuple *b) { return congruent_rec(a->n, b->n); }

static bool weak_rec(const fly_itnode *a, const fly_itnode *b) {
    if (a->kind != FLY_IT_TUPLE) return true;
    if (b->kind != FLY_IT_TUPLE || a->n != b->n) return false;
    const fly_itnode *x = a + 1, *y = b + 1;
    for (int i = 0; i < a->n; i++, x += x->span, y += y->span)
        if (!weak_rec(x, y)) return false;
    return true;
}

bool fly_inttuple_weakly_congruent(const fly_inttuple *a, const fly_inttuple *b) { return weak_rec(a->n, b->n); }

fly_itnode fly_it_size(lctx *c, const fly_itnode *p) {
    fly_itnode r = LF_INT(1);
    for (int i = 0; i < p->span; i++)
        if (p[i].kind != FLY_IT_TUPLE) r = lf_mul(c, r, p[i]);
    return r;
}

static bool compat_rec(const fly_itnode *a, const fly_itnode *b) {
    if (a->kind != FLY_IT_TUPLE) {
        lctx c = lctx_make(NULL);
        fly_itnode s = fly_it_size(&c, b);
        return c.st == FLY_OK && fly_lf_eq(a, &s) == 1;
    }
    if (b->kind != FLY_IT_TUPLE || a->n != b->n) return false;
    const fly_itnode *x = a + 1, *y = b + 1;
    for (int i = 0; i < a->n; i++, x += x->span, y += y->span)
        if (!compat_rec(x, y)) return false;
    return true;
}

bool fly_inttuple_compatible(const fly_inttuple *a, const fly_inttuple *b) { return compat_rec(a->n, b->n); }

const char *fly_itnode_str(const fly_itnode *p, char buf[256]) {
    fly_inttuple tmp;
    memcpy(tmp.n, p, sizeof(fly_itnode) * p->span);
    int len = fly_inttuple_print(&tmp, buf, 256);
    if (len >= 256) strcpy(buf + 250, "...");
    return buf;
}

const char *fly_inttuple_str(const fly_inttuple *t, char buf[256]) { return fly_itnode_str(t->n, buf); }

fly_status fly_inttuple_get(const fly_inttuple *t, int i, fly_inttuple *out, fly_error *err) {
    return fly_inttuple_get_path(t, &i, 1, out, err);
}

fly_status fly_inttuple_get_path(const fly_inttuple *t, const int *path, int npath, fly_inttuple *out, fly_error *err) {
    const fly_itnode *p = t->n;
    for (int k = 0; k < npath; k++) {
        int r = p->kind == FLY_IT_TUPLE ? p->n : 1;
        if (path[k] < 0 || path[k] >= r) {
            char b[256];
            return fly_error_set(err, FLY_E_INVALID, "get: index %d out of range for rank %d in %s", path[k], r,
                                 fly_inttuple_str(t, b));
        }
        if (p->kind == FLY_IT_TUPLE) p = fly_itnode_child(p, path[k]);
    }
    memmove(out->n, p, sizeof(fly_itnode) * p->span);
    return FLY_OK;
}

fly_status fly_inttuple_product(const fly_inttuple *t, fly_inttuple *out, fly_error *err) {
    lctx c = lctx_make(err);
    fly_itnode r = fly_it_size(&c, t->n);
    if (c.st) return fly_error_wrap(err, "product");
    fly_inttuple_leaf(out, r);
    return FLY_OK;
}

fly_status fly_inttuple_product_static(const fly_inttuple *t, int64_t *out, fly_error *err) {
    lctx c = lctx_make(err);
    fly_itnode r = fly_it_size(&c, t->n);
    if (c.st) return fly_error_wrap(err, "product");
    if (r.kind != FLY_IT_INT) {
        char b[256];
        return fly_error_set(err, FLY_E_DYNAMIC, "product: %s is not static", fly_inttuple_str(t, b));
    }
    *out = r.v;
    return FLY_OK;
}

fly_status fly_inttuple_product_each(const fly_inttuple *t, fly_inttuple *out, fly_error *err) {
    lctx c = lctx_make(err);
    fly_inttuple tmp;
    if (t->n[0].kind != FLY_IT_TUPLE) {
        fly_inttuple_leaf(&tmp, fly_it_size(&c, t->n));
    } else {
        fly_itbuilder b;
        fly_itb_init(&b, &tmp);
        itb_open(&b);
        const fly_itnode *x = t->n + 1;
        for (int i = 0; i < t->n[0].n; i++, x += x->span) itb_leaf(&b, fly_it_size(&c, x));
        itb_close(&b);
        if (!c.st) fly_itb_finish(&b, err);
        if (b.st) c.st = b.st;
    }
    if (c.st) return fly_error_wrap(err, "product_each");
    fly_inttuple_copy(out, &tmp);
    return FLY_OK;
}

fly_status fly_inttuple_max(const fly_inttuple *t, int64_t *out, fly_error *err) {
    int found = 0;
    int64_t m = 0;
    for (int i = 0; i < t->n[0].span; i++)
        if (t->n[i].kind == FLY_IT_INT && (!found || t->n[i].v > m)) {
            m = t->n[i].v;
            found = 1;
        }
    if (!found) {
        char b[256];
        return fly_error_set(err, FLY_E_DYNAMIC, "tuple_max: %s has no static leaf", fly_inttuple_str(t, b));
    }
    *out = m;
    return FLY_OK;
}

fly_status fly_inttuple_flatten(const fly_inttuple *t, fly_inttuple *out, fly_error *err) {
    fly_inttuple tmp;
    fly_itbuilder b;
    fly_itb_init(&b, &tmp);
    itb_open(&b);
    for (int i = 0; i < t->n[0].span; i++)
        if (t->n[i].kind != FLY_IT_TUPLE) itb_leaf(&b, t->n[i]);
    itb_close(&b);
    fly_status st = fly_itb_finish(&b, err);
    if (st) return fly_error_wrap(err, "flatten");
    fly_inttuple_copy(out, &tmp);
    return FLY_OK;
}

/* ---- structure ---- */

static fly_status finish_copy(fly_itbuilder *b, fly_inttuple *tmp, fly_inttuple *out, fly_error *err, const char *op) {
    fly_status st = fly_itb_finish(b, err);
    if (st) return fly_error_wrap(err, "%s", op);
    fly_inttuple_copy(out, tmp);
    return FLY_OK;
}

fly_status fly_inttuple_zip(const fly_inttuple *a, const fly_inttuple *b, fly_inttuple *out, fly_error *err) {
    int ra = fly_inttuple_rank(a), rb = fly_inttuple_rank(b);
    char x[256], y[256];
    if (ra != rb)
        return fly_error_set(err, FLY_E_INVALID, "zip: ranks differ: %s and %s", fly_inttuple_str(a, x),
                             fly_inttuple_str(b, y));
    fly_inttuple tmp;
    fly_itbuilder bb;
    fly_itb_init(&bb, &tmp);
    if (fly_inttuple_is_leaf(a)) {
        itb_open(&bb);
        itb_subtree(&bb, a->n);
        itb_subtree(&bb, b->n);
        itb_close(&bb);
    } else {
        itb_open(&bb);
        const fly_itnode *p = a->n + 1, *q = b->n + 1;
        for (int i = 0; i < ra; i++, p += p->span, q += q->span) {
            itb_open(&bb);
            itb_subtree(&bb, p);
            itb_subtree(&bb, q);
            itb_close(&bb);
        }
        itb_close(&bb);
    }
    return finish_copy(&bb, &tmp, out, err, "zip");
}

static void add_elems(fly_itbuilder *b, const fly_inttuple *t) {
    if (fly_inttuple_is_leaf(t)) {
        itb_subtree(b, t->n);
        return;
    }
    const fly_itnode *p = t->n + 1;
    for (int i = 0; i < t->n[0].n; i++, p += p->span) itb_subtree(b, p);
}

fly_status fly_inttuple_append(const fly_inttuple *t, const fly_inttuple *x, fly_inttuple *out, fly_error *err) {
    fly_inttuple tmp;
    fly_itbuilder b;
    fly_itb_init(&b, &tmp);
    itb_open(&b);
    add_elems(&b, t);
    itb_subtree(&b, x->n);
    itb_close(&b);
    return finish_copy(&b, &tmp, out, err, "append");
}

fly_status fly_inttuple_prepend(const fly_inttuple *t, const fly_inttuple *x, fly_inttuple *out, fly_error *err) {
    fly_inttuple tmp;
    fly_itbuilder b;
    fly_itb_init(&b, &tmp);
    itb_open(&b);
    itb_subtree(&b, x->n);
    add_elems(&b, t);
    itb_close(&b);
    return finish_copy(&b, &tmp, out, err, "prepend");
}

static fly_status range_check(const fly_inttuple *t, int begin, int end, const char *op, fly_error *err) {
    int r = fly_inttuple_rank(t);
    if (begin < 0 || end > r || begin >= end) {
        char x[256];
        return fly_error_set(err, FLY_E_INVALID, "%s: range [%d,%d) invalid for rank %d in %s", op, begin, end, r,
                             fly_inttuple_str(t, x));
    }
    return FLY_OK;
}

fly_status fly_inttuple_take(const fly_inttuple *t, int begin, int end, fly_inttuple *out, fly_error *err) {
    if (range_check(t, begin, end, "take", err)) return FLY_E_INVALID;
    if (end - begin == 1) return fly_inttuple_get(t, begin, out, err);
    fly_inttuple tmp;
    fly_itbuilder b;
    fly_itb_init(&b, &tmp);
    itb_open(&b);
    for (int i = begin; i < end; i++) itb_subtree(&b, fly_itnode_child(t->n, i));
    itb_close(&b);
    return finish_copy(&b, &tmp, out, err, "take");
}

fly_status fly_inttuple_group(const fly_inttuple *t, int begin, int end, fly_inttuple *out, fly_error *err) {
    if (range_check(t, begin, end, "group", err)) return FLY_E_INVALID;
    fly_inttuple tmp;
    fly_itbuilder b;
    fly_itb_init(&b, &tmp);
    int r = fly_inttuple_rank(t);
    itb_open(&b);
    for (int i = 0; i < r; i++) {
        const fly_itnode *p = fly_inttuple_is_leaf(t) ? t->n : fly_itnode_child(t->n, i);
        if (i == begin) itb_open(&b);
        itb_subtree(&b, p);
        if (i == end - 1) itb_close(&b);
    }
    itb_close(&b);
    return finish_copy(&b, &tmp, out, err, "group");
}

fly_status fly_inttuple_select(const fly_inttuple *t, const int *idx, int n, fly_inttuple *out, fly_error *err) {
    int r = fly_inttuple_rank(t);
    for (int i = 0; i < n; i++)
        if (idx[i] < 0 || idx[i] >= r) {
            char x[256];
            return fly_error_set(err, FLY_E_INVALID, "select: index %d out of range for rank %d in %s", idx[i], r,
                                 fly_inttuple_str(t, x));
        }
    if (n == 1) return fly_inttuple_get(t, idx[0], out, err);
    fly_inttuple tmp;
    fly_itbuilder b;
    fly_itb_init(&b, &tmp);
    itb_open(&b);
    for (int i = 0; i < n; i++) itb_subtree(&b, fly_inttuple_is_leaf(t) ? t->n : fly_itnode_child(t->n, idx[i]));
    itb_close(&b);
    return finish_copy(&b, &tmp, out, err, "select");
}

static void canon_rec(fly_itbuilder *b, const fly_itnode *p) {
    while (p->kind == FLY_IT_TUPLE && p->n == 1) p = p + 1;
    if (p->kind != FLY_IT_TUPLE) {
        itb_leaf(b, *p);
        return;
    }
    itb_open(b);
    const fly_itnode *c = p + 1;
    for (int i = 0; i < p->n; i++, c += c->span) canon_rec(b, c);
    itb_close(b);
}

void fly_inttuple_canonical(const fly_inttuple *t, fly_inttuple *out) {
    fly_inttuple tmp;
    fly_itbuilder b;
    fly_itb_init(&b, &tmp);
    canon_rec(&b, t->n);
    if (fly_itb_finish(&b, NULL) == FLY_OK) fly_inttuple_copy(out, &tmp); /* never grows */
}
