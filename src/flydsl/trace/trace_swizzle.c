/* trace_swizzle.c - swizzled tensor views: FlyDSL's tensors over a ComposedLayout S<b,m,s> o offset o layout
 * (fx.make_view(ptr, composed), an LDS array's .view(composed)). The view is traced as FlyDSL's IR has it:
 * fly.make_composed_layout(swizzle, offset, outer) and fly.make_view, typed
 * !fly.memref<f16, shared, S<3,3,3> o 0 o (128,64):(64,1)>. Divides and partitions work on the outer layout and
 * keep the swizzle and the offset (fy_trace_view_swz); slices move the offset (trace_tensor.c); the lowering applies
 * the swizzle to each final offset (lib/passes/layout_lowering.c, lower_copy.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flydsl/api/dsl.h"
#include "flydsl/trace/trace_int.h"
#include "layout/fly_layout.h"

#define U(x) ((unsigned long long)(x))

/* The swizzle moves offsets within blocks of 2^(base+bits) elements (it rewrites bits [base, base+bits) from
 * higher ones), so a view whose span is not a whole number of blocks would reach past its memory. */
static int check_fits(const fly_swizzle *sw, const fly_layout *L) {
    if (sw->bits == 0) return 0;
    int64_t cos, block = (int64_t)1 << (sw->base + sw->bits + (sw->shift < 0 ? -sw->shift : 0));
    fly_error err;
    if (fly_layout_cosize_static(L, &cos, &err)) return 0; /* a dynamic span is not checked */
    if (cos % block == 0) return 0;
    char lt[512];
    fly_layout_print(L, lt, sizeof lt);
    fy_err_format(&fy_ValueError,
                  "make_view: the swizzle S<%d,%d,%d> rewrites offsets within blocks of %lld elements, but the layout "
                  "%s spans %lld elements (not a whole number of blocks): swizzled offsets would fall outside the view",
                  sw->bits, sw->base, sw->shift, (long long)block, lt, (long long)cos);
    return -1;
}

static uint64_t emit_static(fy_tracer *tr, const char *ty) {
    uint64_t r = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = \"fly.static\"() : () -> %s", U(r), ty);
    fy_trace_end_line(tr);
    return r;
}

/* fly.make_composed_layout(sw, off, L) + fly.make_view(p, ...): the view res (already made, its type in res->ty).
 * offv: the SSA handle of the offset int tuple, or 0 for the static offset res->off. */
static fy_obj *emit_view(fy_tracer *tr, uint64_t p, fy_ttensor *res, const fly_layout *L, uint64_t offv) {
    char st[64], lt[512], ot[64];
    fly_swizzle_print(&res->sw, st, sizeof st);
    fly_layout_print(&res->L, lt, sizeof lt);
    if (res->offdyn) snprintf(ot, sizeof ot, "?");
    else snprintf(ot, sizeof ot, "%lld", (long long)res->off);
    char sty[96], oty[96];
    snprintf(sty, sizeof sty, "!fly.swizzle<%s>", st);
    snprintf(oty, sizeof oty, "!fly.int_tuple<%s>", ot);
    uint64_t sv = emit_static(tr, sty), ov = offv ? offv : emit_static(tr, oty);
    uint64_t lv;
    if (fy_trace_layout_ssa(tr, L, &lv) < 0) { /* L: with the handles of its bound dynamic leaves */
        FY_DECREF(&res->h);
        return NULL;
    }
    const char *ct = strchr(res->ty, ',');
    ct = ct ? strchr(ct + 1, ',') : NULL; /* the composed layout's text: after "!fly.memref<T, AS, " */
    char cty[704];
    snprintf(cty, sizeof cty, "!fly.composed_layout<%.*s>", ct ? (int)(strlen(ct + 2) - 1) : 0, ct ? ct + 2 : "");
    uint64_t cl = fy_trace_new_ssa(tr);
    fy_trace_emit(
        tr, "      %%%llu = \"fly.make_composed_layout\"(%%%llu, %%%llu, %%%llu) : (%s, %s, !fly.layout<%s>) -> %s",
        U(cl), U(sv), U(ov), U(lv), sty, oty, lt, cty);
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = \"fly.make_view\"(%%%llu, %%%llu) : (!fly.ptr<%s, %s>, %s) -> %s", U(res->ssa),
                  U(p), U(cl), fy_trace_mlir_type(res->et), fy_trace_space_name(res->reg), cty, res->ty);
    fy_trace_end_line(tr);
    if (tr->failed) {
        FY_DECREF(&res->h);
        return fy_err_nomem();
    }
    return &res->h;
}

fy_obj *fy_trace_view_composed(fy_tracer *tr, uint64_t p, fy_dsl_numeric *et, int reg, const fly_composed *c) {
    if (c->nstages != 1 || c->stage[0].inner_kind != FLY_INNER_SWIZZLE)
        return fy_err_set(&fy_NotImplementedError,
                          "make_view: a tensor over a composed layout needs a swizzle inner over a layout "
                          "(fx.make_composed_layout(fx.static(fx.SwizzleType.get(b, m, s)), layout)); a layout inner "
                          "is not supported yet");
    const fly_inttuple *o = &c->stage[0].offset;
    if (!fly_inttuple_is_leaf(o) || o->n[0].kind != FLY_IT_INT)
        return fy_err_set(&fy_NotImplementedError, "make_view: a swizzled view's offset must be one static integer");
    if (reg == FY_SP_REG)
        return fy_err_set(&fy_NotImplementedError, "make_view: a swizzled view of register memory is not supported");
    if (check_fits(&c->stage[0].swizzle, &c->outer) < 0) return NULL;
    fy_obj *res = fy_ttensor_new_swz(fy_trace_new_ssa(tr), et, reg, &c->outer, &c->stage[0].swizzle, o->n[0].v, 0);
    return res ? emit_view(tr, p, (fy_ttensor *)res, &c->outer, 0) : NULL;
}

fy_obj *fy_trace_view_swz(fy_tracer *tr, fy_ttensor *t, const fly_layout *L) {
    uint64_t it = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = \"fly.get_iter\"(%%%llu) : (%s) -> !fly.ptr<%s, %s>", U(it), U(t->ssa), t->ty,
                  fy_trace_mlir_type(t->et), fy_trace_space_name(t->reg));
    fy_trace_end_line(tr);
    uint64_t offv = 0;
    if (t->offdyn) { /* the runtime offset, read from t's layout */
        const char *ct = strchr(t->ty, ',');
        ct = ct ? strchr(ct + 1, ',') : NULL;
        char cty[704];
        snprintf(cty, sizeof cty, "!fly.composed_layout<%.*s>", ct ? (int)(strlen(ct + 2) - 1) : 0, ct ? ct + 2 : "");
        uint64_t g = fy_trace_new_ssa(tr);
        offv = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = \"fly.get_layout\"(%%%llu) : (%s) -> %s", U(g), U(t->ssa), t->ty, cty);
        fy_trace_end_line(tr);
        fy_trace_emit(tr, "      %%%llu = \"fly.composed_get_offset\"(%%%llu) : (%s) -> !fly.int_tuple<?>", U(offv),
                      U(g), cty);
        fy_trace_end_line(tr);
    }
    fy_obj *res = fy_ttensor_new_like(fy_trace_new_ssa(tr), t, L);
    return res ? emit_view(tr, it, (fy_ttensor *)res, L, offv) : NULL;
}

fy_obj *fy_trace_swz_layout(fy_tracer *tr, fy_ttensor *t) {
    fly_inttuple off;
    fly_inttuple_int(&off, t->off);
    if (t->offdyn) { /* the runtime offset, read here: fly.get_layout, fly.composed_get_offset, fly.get_scalar */
        const char *ct = strchr(t->ty, ',');
        ct = ct ? strchr(ct + 1, ',') : NULL;
        char cty[704];
        snprintf(cty, sizeof cty, "!fly.composed_layout<%.*s>", ct ? (int)(strlen(ct + 2) - 1) : 0, ct ? ct + 2 : "");
        uint64_t g = fy_trace_new_ssa(tr), o = fy_trace_new_ssa(tr), v = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = \"fly.get_layout\"(%%%llu) : (%s) -> %s", U(g), U(t->ssa), t->ty, cty);
        fy_trace_end_line(tr);
        fy_trace_emit(tr, "      %%%llu = \"fly.composed_get_offset\"(%%%llu) : (%s) -> !fly.int_tuple<?>", U(o), U(g),
                      cty);
        fy_trace_end_line(tr);
        fy_trace_emit(tr, "      %%%llu = \"fly.get_scalar\"(%%%llu) : (!fly.int_tuple<?>) -> i32", U(v), U(o));
        fy_trace_end_line(tr);
        if (tr->failed) return fy_err_nomem();
        fly_inttuple_leaf(&off, fly_itnode_dyn(v, 1, 32));
    }
    fly_composed *c = malloc(sizeof *c);
    fly_error err;
    if (!c) return fy_err_nomem();
    fy_obj *r = fly_composed_make_swizzle(c, &t->sw, &off, &t->L, &err) ? fy_dsl_raise(&err) : fy_dsl_composed_new(c);
    free(c);
    return r;
}
