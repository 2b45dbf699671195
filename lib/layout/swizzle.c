/* swizzle.c - swizzle functions and composed layouts (inner o offset o outer). */
#include <stdio.h>
#include <string.h>

#include "layout/internal.h"
#include "layout/swizzle.h"

fly_status fly_swizzle_make(fly_swizzle *s, int bits, int base, int shift, fly_error *err) {
    int ashift = shift < 0 ? -shift : shift;
    if (bits < 0 || base < 0 || ashift < bits || bits + base + ashift > 62)
        return fly_error_set(err, FLY_E_INVALID,
                             "swizzle: S<%d,%d,%d> is invalid (needs bits >= 0, base >= 0, |shift| >= bits, "
                             "bits+base+|shift| <= 62)",
                             bits, base, shift);
    s->bits = bits;
    s->base = base;
    s->shift = shift;
    return FLY_OK;
}

int64_t fly_swizzle_apply(const fly_swizzle *s, int64_t x) {
    if (s->bits == 0) return x;
    uint64_t msk = ((uint64_t)1 << s->bits) - 1;
    uint64_t ux = (uint64_t)x;
    if (s->shift >= 0) {
        uint64_t yyy = msk << (s->base + s->shift);
        return (int64_t)(ux ^ ((ux & yyy) >> s->shift));
    }
    uint64_t yyy = msk << s->base;
    return (int64_t)(ux ^ ((ux & yyy) << -s->shift));
}

static void default_offset(const fly_layout *outer, const fly_inttuple *offset, fly_inttuple *out) {
    if (offset) {
        fly_inttuple_copy(out, offset);
        return;
    }
    int maxm = -1;
    for (int i = 0; i < outer->stride.n[0].span; i++) {
        int path[FLY_BASIS_MAX_PATH];
        if (fly_itnode_basis_path(&outer->stride.n[i], path) > 0 && path[0] > maxm) maxm = path[0];
    }
    if (maxm < 0) {
        fly_inttuple_int(out, 0);
        return;
    }
    int64_t zeros[256] = {0};
    fly_inttuple_from_ints(out, zeros, maxm + 1, NULL);
}

static fly_status make_stage(fly_composed *c, int kind, const fly_swizzle *sw, const fly_layout *inner,
                             const fly_inttuple *offset, const fly_layout *outer, fly_error *err) {
    lctx x = lctx_make(err);
    if (fly_check_layout(&x, outer, "make_composed_layout")) return x.st;
    if (inner && fly_check_layout(&x, inner, "make_composed_layout")) return x.st;
    c->nstages = 1;
    fly_composed_stage *s = &c->stage[0];
    s->inner_kind = (uint8_t)kind;
    if (sw) s->swizzle = *sw;
    if (inner) fly_layout_copy(&s->inner, inner);
    default_offset(outer, offset, &s->offset);
    fly_layout_copy(&c->outer, outer);
    return FLY_OK;
}

fly_status fly_composed_make_swizzle(fly_composed *c, const fly_swizzle *inner, const fly_inttuple *offset,
                                     const fly_layout *outer, fly_error *err) {
    return make_stage(c, FLY_INNER_SWIZZLE, inner, NULL, offset, outer, err);
}

fly_status fly_composed_make_layout(fly_composed *c, const fly_layout *inner, const fly_inttuple *offset,
                                    const fly_layout *outer, fly_error *err) {
    return make_stage(c, FLY_INNER_LAYOUT, NULL, inner, offset, outer, err);
}

static fly_status nest(fly_composed *c, int kind, const fly_swizzle *sw, const fly_layout *inner,
                       const fly_inttuple *offset, fly_error *err) {
    if (c->nstages >= FLY_COMPOSED_MAX_STAGES)
        return fly_error_set(err, FLY_E_CAPACITY, "make_composed_layout: more than %d nested stages",
                             FLY_COMPOSED_MAX_STAGES);
    if (inner) {
        lctx x = lctx_make(err);
        if (fly_check_layout(&x, inner, "make_composed_layout")) return x.st;
    }
    memmove(&c->stage[1], &c->stage[0], sizeof(c->stage[0]) * (size_t)c->nstages);
    c->nstages++;
    fly_composed_stage *s = &c->stage[0];
    s->inner_kind = (uint8_t)kind;
    if (sw) s->swizzle = *sw;
    if (inner) fly_layout_copy(&s->inner, inner);
    if (offset) fly_inttuple_copy(&s->offset, offset);
    else fly_inttuple_int(&s->offset, 0);
    return FLY_OK;
}

fly_status fly_composed_nest_swizzle(fly_composed *c, const fly_swizzle *inner, const fly_inttuple *offset,
                                     fly_error *err) {
    return nest(c, FLY_INNER_SWIZZLE, inner, NULL, offset, err);
}

fly_status fly_composed_nest_layout(fly_composed *c, const fly_layout *inner, const fly_inttuple *offset,
                                    fly_error *err) {
    return nest(c, FLY_INNER_LAYOUT, NULL, inner, offset, err);
}

fly_status fly_composed_crd2idx(const fly_composed *c, const fly_inttuple *coord, int64_t *out, fly_error *err) {
    fly_inttuple v;
    if (fly_layout_crd2idx(&c->outer, coord, &v, err)) return fly_error_wrap(err, "composed crd2idx");
    if (v.n[0].kind != FLY_IT_INT)
        return fly_error_set(err, FLY_E_DYNAMIC, "composed crd2idx: the outer layout's value is not a static integer");
    int64_t x = v.n[0].v;
    for (int i = c->nstages - 1; i >= 0; i--) {
        const fly_composed_stage *s = &c->stage[i];
        if (s->offset.n[0].kind != FLY_IT_INT)
            return fly_error_set(err, FLY_E_DYNAMIC, "composed crd2idx: offset is not a static integer");
        if (__builtin_add_overflow(x, s->offset.n[0].v, &x))
            return fly_error_set(err, FLY_E_OVERFLOW, "composed crd2idx: 64-bit overflow");
        if (s->inner_kind == FLY_INNER_SWIZZLE) x = fly_swizzle_apply(&s->swizzle, x);
        else if (fly_layout_eval(&s->inner, x, &x, err)) return fly_error_wrap(err, "composed crd2idx");
    }
    *out = x;
    return FLY_OK;
}

fly_status fly_composed_size(const fly_composed *c, fly_inttuple *out, fly_error *err) {
    return fly_layout_size(&c->outer, out, err);
}

fly_status fly_composed_composition(const fly_composed *c, const fly_layout *B, fly_composed *out, fly_error *err) {
    fly_layout r;
    if (fly_layout_composition(&c->outer, B, &r, err)) return err ? err->code : FLY_E_INVALID;
    if (out != c) memcpy(out, c, sizeof *out);
    fly_layout_copy(&out->outer, &r);
    return FLY_OK;
}

fly_status fly_composed_slice(const fly_composed *c, const fly_inttuple *coord, fly_composed *out, fly_error *err) {
    fly_layout r;
    fly_inttuple off, sum;
    if (fly_layout_slice_and_offset(&c->outer, coord, &r, &off, err)) return fly_error_wrap(err, "composed slice");
    const fly_inttuple *old = &c->stage[c->nstages - 1].offset;
    if (fly_inttuple_elementwise(FLY_ITOP_ADD, old, &off, &sum, err)) return fly_error_wrap(err, "composed slice");
    if (out != c) memcpy(out, c, sizeof *out);
    fly_layout_copy(&out->outer, &r);
    fly_inttuple_copy(&out->stage[out->nstages - 1].offset, &sum);
    return FLY_OK;
}
