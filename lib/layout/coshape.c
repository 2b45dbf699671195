/* coshape.c - the codomain of a layout (coshape, coprofile) and tile_to_shape. */
#include <stdio.h>
#include <string.h>

#include "layout/internal.h"
#include "layout/swizzle.h"

/* ---- coshape / coprofile ---- */

/* Accumulated value of L at its largest coordinate: an integer part plus one coefficient per basis path. */
#define CO_MAX_TERMS 32
typedef struct coacc {
    fly_itnode num;
    int nterms;
    uint32_t aux[CO_MAX_TERMS];  /* packed basis path */
    int len[CO_MAX_TERMS];       /* path length */
    fly_itnode coef[CO_MAX_TERMS]; /* INT or DYN coefficient (kept even when 0, so the direction stays) */
} coacc;

static void co_add(lctx *c, coacc *a, fly_itnode ext, fly_itnode d) {
    fly_itnode m1 = lf_sub(c, ext, LF_INT(1));
    if (d.kind == FLY_IT_BASIS) {
        fly_itnode k = (d.flags & FLY_IT_F_DYNCOEF)
                           ? fly_itnode_dyn((uint64_t)d.v, 1, (d.flags & FLY_IT_F_I64) ? 64 : 32)
                           : LF_INT(d.v < 0 ? -d.v : d.v);
        fly_itnode v = lf_mul(c, m1, k);
        int len = (d.flags >> 4) & 7;
        for (int i = 0; i < a->nterms; i++)
            if (a->aux[i] == d.aux && a->len[i] == len) {
                a->coef[i] = lf_add(c, a->coef[i], v);
                return;
            }
        if (a->nterms == CO_MAX_TERMS) {
            fly_lctx_fail(c, FLY_E_CAPACITY, "too many basis directions");
            return;
        }
        a->aux[a->nterms] = d.aux;
        a->len[a->nterms] = len;
        a->coef[a->nterms++] = v;
        return;
    }
    if (d.kind == FLY_IT_INT && d.v < 0) d.v = -d.v; /* as cosize: the extent of the codomain */
    a->num = lf_add(c, a->num, lf_mul(c, m1, d));
}

static int co_path_match(const coacc *a, int i, const int *prefix, int depth) {
    fly_itnode t = LF_INT(0);
    int path[FLY_BASIS_MAX_PATH];
    t.kind = FLY_IT_BASIS;
    t.aux = a->aux[i];
    t.flags = (uint8_t)(a->len[i] << 4);
    int len = fly_itnode_basis_path(&t, path);
    if (len < depth) return -1;
    for (int k = 0; k < depth; k++)
        if (path[k] != prefix[k]) return -1;
    return len == depth ? -2 : path[depth]; /* -2: the path ends here */
}

/* Emits the codomain tuple below prefix[0..depth): position m holds coefficient+1 of path prefix.m. */
static void co_emit(lctx *c, fly_itbuilder *b, const coacc *a, int *prefix, int depth) {
    int maxm = -1;
    for (int i = 0; i < a->nterms; i++) {
        int m = co_path_match(a, i, prefix, depth);
        if (m > maxm) maxm = m;
    }
    itb_open(b);
    for (int m = 0; m <= maxm && !c->st; m++) {
        int here = -1, deeper = 0;
        prefix[depth] = m;
        for (int i = 0; i < a->nterms; i++) {
            int r = co_path_match(a, i, prefix, depth + 1);
            if (r == -2) here = i;
            else if (r >= 0) deeper = 1;
        }
        if (here >= 0 && deeper) {
            fly_lctx_fail(c, FLY_E_INVALID, "basis strides overlap (a path is a prefix of another)");
            return;
        }
        if (deeper) co_emit(c, b, a, prefix, depth + 1);
        else itb_leaf(b, here >= 0 ? lf_add(c, a->coef[here], LF_INT(1)) : LF_INT(1));
    }
    itb_close(b);
}

static fly_status coshape_of(const fly_layout *L, fly_inttuple *out, const char *op, fly_error *err) {
    lctx c = lctx_make(err);
    if (fly_check_layout(&c, L, op)) return c.st;
    coacc a;
    a.num = LF_INT(0);
    a.nterms = 0;
    lflat f;
    fly_lflat_of(lref_of(L), &f);
    for (int i = 0; i < f.n && !c.st; i++) co_add(&c, &a, f.s[i], f.d[i]);
    fly_inttuple tmp;
    if (!c.st && a.nterms == 0) {
        fly_inttuple_leaf(&tmp, lf_add(&c, a.num, LF_INT(1)));
    } else if (!c.st) {
        if (!lf_isint(&a.num, 0)) fly_lctx_fail(&c, FLY_E_INVALID, "layout mixes integer and basis strides");
        fly_itbuilder b;
        fly_itb_init(&b, &tmp);
        int prefix[FLY_BASIS_MAX_PATH + 1] = {0};
        if (!c.st) co_emit(&c, &b, &a, prefix, 0);
        if (!c.st) c.st = fly_itb_finish(&b, err);
    }
    if (c.st) {
        char x[256];
        return fly_error_wrap(err, "%s of %s", op, fly_layout_str(L, x));
    }
    fly_inttuple_copy(out, &tmp);
    return FLY_OK;
}

fly_status fly_layout_coshape(const fly_layout *L, fly_inttuple *out, fly_error *err) {
    return coshape_of(L, out, "coshape", err);
}

static void zero_leaves(fly_inttuple *t) {
    for (int i = 0; i < fly_inttuple_nodes(t); i++)
        if (t->n[i].kind != FLY_IT_TUPLE) {
            fly_itnode z = LF_INT(0);
            z.span = 1;
            t->n[i] = z;
        }
}

fly_status fly_layout_coprofile(const fly_layout *L, fly_inttuple *out, fly_error *err) {
    fly_inttuple t;
    fly_status st = coshape_of(L, &t, "coprofile", err);
    if (st) return st;
    zero_leaves(&t);
    fly_inttuple_copy(out, &t);
    return FLY_OK;
}

#define CO_COMPOSED_MAX_SIZE 65536

static fly_status composed_coshape(const fly_composed *cl, fly_inttuple *out, const char *op, fly_error *err) {
    char x[512];
    if (cl->nstages < 1) return fly_error_set(err, FLY_E_INVALID, "%s: empty composed layout", op);
    if (cl->stage[0].inner_kind == FLY_INNER_LAYOUT) {
    /* The codomain of inner o offset o outer is the codomain of the inner layout (CuTe). */
        if (coshape_of(&cl->stage[0].inner, out, op, err)) return fly_error_wrap(err, "composed layout");
        return FLY_OK;
    }
  /* A swizzle permutes offsets: the extent is max over the (small, static) domain plus one. */
    int64_t n;
    fly_inttuple sz;
    fly_composed_print(cl, x, sizeof x);
    if (fly_composed_size(cl, &sz, err) || sz.n[0].kind != FLY_IT_INT)
        return fly_error_set(err, FLY_E_DYNAMIC, "%s of %s: the size is not static", op, x);
    n = sz.n[0].v;
    if (n > CO_COMPOSED_MAX_SIZE)
        return fly_error_set(err, FLY_E_CAPACITY, "%s of %s: a swizzled layout of size %lld is too large (at most %d)",
                             op, x, (long long)n, CO_COMPOSED_MAX_SIZE);
    int64_t mx = 0;
    for (int64_t i = 0; i < n; i++) {
        fly_inttuple crd;
        int64_t v;
        fly_inttuple_int(&crd, i);
        if (fly_composed_crd2idx(cl, &crd, &v, err)) return fly_error_wrap(err, "%s of %s", op, x);
        if (v > mx) mx = v;
    }
    fly_inttuple_int(out, mx + 1);
    return FLY_OK;
}

fly_status fly_composed_coshape(const fly_composed *c, fly_inttuple *out, fly_error *err) {
    return composed_coshape(c, out, "coshape", err);
}

fly_status fly_composed_coprofile(const fly_composed *c, fly_inttuple *out, fly_error *err) {
    fly_inttuple t;
    if (composed_coshape(c, &t, "coprofile", err)) return err ? err->code : FLY_E_INVALID;
    zero_leaves(&t);
    fly_inttuple_copy(out, &t);
    return FLY_OK;
}

/* ---- tile_to_shape ---- */

fly_status fly_layout_tile_to_shape(const fly_layout *block, const fly_inttuple *target, const fly_inttuple *order,
                                    fly_layout *out, fly_error *err) {
    static const char op[] = "tile_to_shape";
    char a[256], b[256], o[256];
    lctx c = lctx_make(err);
    if (fly_check_layout(&c, block, op)) return c.st;
    int R = fly_inttuple_rank(target), rb = fly_layout_rank(block);
    if (rb > R)
        return fly_error_set(err, FLY_E_INVALID, "%s: block %s has rank %d, more than the rank %d of target shape %s",
                             op, fly_layout_str(block, a), rb, R, fly_inttuple_str(target, b));
  /* The block padded to rank R with 1:0 modes (a rank-1 block against a leaf target stays as it is). */
    fly_layout padded;
    lref br = lref_of(block);
    lbuild lb;
    lb_init(&lb, &padded);
    if (fly_inttuple_is_leaf(target)) {
        lb_sub(&lb, br);
    } else {
        lb_open(&lb);
        for (int i = 0; i < rb; i++) lb_sub(&lb, lref_mode(br, i));
        for (int i = rb; i < R; i++) lb_leaf(&lb, LF_INT(1), LF_INT(0));
        lb_close(&lb);
    }
    if (fly_lb_finish(&lb, err)) return fly_error_wrap(err, "%s", op);
  /* product_shape_i = size(target_i) / size(block_i), which must divide evenly. */
    fly_inttuple pshape;
    fly_itbuilder pb;
    fly_itb_init(&pb, &pshape);
    lref pr = lref_of(&padded);
    if (!fly_inttuple_is_leaf(target)) itb_open(&pb);
    const fly_itnode *tm = fly_inttuple_is_leaf(target) ? target->n : target->n + 1;
    for (int i = 0; i < R; i++, tm += tm->span) {
        fly_itnode t = fly_it_size(&c, tm), k = fly_it_size(&c, lref_mode(pr, i).s);
        if (c.st) return fly_error_wrap(err, "%s", op);
        if (t.kind == FLY_IT_INT && k.kind == FLY_IT_INT && (k.v <= 0 || t.v % k.v != 0)) {
            fly_inttuple bs;
            fly_inttuple_product_each(&padded.shape, &bs, NULL);
            return fly_error_set(
                err, FLY_E_DOMAIN,
                "%s: target shape %s is not a multiple of block shape %s (mode %d: %lld is not divisible "
                "by %lld)",
                op, fly_inttuple_str(target, a), fly_inttuple_str(&bs, b), i, (long long)t.v, (long long)k.v);
        }
        itb_leaf(&pb, lf_ceil_div(&c, t, k));
    }
    if (!fly_inttuple_is_leaf(target)) itb_close(&pb);
    if (c.st) return fly_error_wrap(err, "%s", op);
    if (fly_itb_finish(&pb, err)) return fly_error_wrap(err, "%s", op);
  /* The arrangement of the copies: column-major, or by order. */
    fly_layout P;
    if (order) {
        fly_inttuple ord;
        fly_inttuple_copy(&ord, order);
        if (fly_inttuple_is_leaf(&pshape) && !fly_inttuple_is_leaf(&ord) && fly_inttuple_rank(&ord) == 1)
            fly_inttuple_get(order, 0, &ord, NULL); /* (0) against a rank-1 target */
        if (!fly_inttuple_congruent(&pshape, &ord))
            return fly_error_set(err, FLY_E_INVALID, "%s: order %s does not match the rank %d of target shape %s", op,
                                 fly_inttuple_str(order, o), R, fly_inttuple_str(target, a));
        if (fly_layout_make_ordered(&P, &pshape, &ord, err)) return fly_error_wrap(err, "%s", op);
    } else if (fly_layout_make_col_major(&P, &pshape, err)) {
        return fly_error_wrap(err, "%s", op);
    }
    fly_layout prod, res;
    if (fly_alg_blocked_raked(&c, &padded, &P, 0, &prod))
        return fly_error_wrap(err, "%s of %s to %s", op, fly_layout_str(block, a), fly_inttuple_str(target, b));
  /* Each mode coalesced on its own (a rank-1 target: the whole layout). */
    if (R == 1 ? fly_layout_coalesce(&prod, &res, err) : fly_layout_coalesce_profile(&prod, &pshape, &res, err))
        return fly_error_wrap(err, "%s of %s to %s", op, fly_layout_str(block, a), fly_inttuple_str(target, b));
    fly_layout_canon_out(&res, out);
    return FLY_OK;
}
