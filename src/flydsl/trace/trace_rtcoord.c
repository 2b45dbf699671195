/* trace_rtcoord.c - runtime integers as IntTuple leaves inside a kernel trace. A traced DSL integer given
 * to the layout API (fx.make_coord(tid, None), fx.idx2crd(tid, layout), fx.crd2idx((r, c), layout), ...)
 * becomes a dynamic leaf bound to its SSA value (i64 for 64-bit integer types, else i32); lib/layout
 * computations run between fy_trace_dyn_enter and fy_trace_dyn_leave emit the arith ops of the leaves they
 * derive (the hook dynamic tensor layouts use, trace_tensor.c), so the results hold bound leaves too. */
#include "flydsl/api/dsl.h"
#include "layout/swizzle.h"
#include "flydsl/trace/trace_int.h"

int fy_trace_num_leaf(fy_obj *o, fly_itnode *out) {
    if (!FY_DSL_NUM_CHECK(o)) return 0;
    fy_dsl_num *n = (fy_dsl_num *)o;
    if (!FY_DSL_IS_INTLIKE(n->dt)) return 0;
    if (n->is_static) {
        *out = fly_itnode_int(n->i);
        return 1;
    }
    fy_tracer *tr = fy_trace_cur();
    if (!tr) return 0;
    int wide = n->dt->kind == FY_DSL_K_INT && n->dt->width == 64;
    uint64_t h;
    if (fy_trace_value_as(tr, o, wide ? &fy_dsl_t_i64 : &fy_dsl_t_i32, &h) < 0) return -1;
    *out = fly_itnode_dyn(h, 1, wide ? 64 : 32);
    return 1;
}

#define MAX_SCOPES 16
static _Thread_local fy_trace_dynsave scopes[MAX_SCOPES];
static _Thread_local int nscopes;

int fy_trace_dyn_enter(void) {
    fy_tracer *tr = fy_trace_cur();
    if (!tr || nscopes == MAX_SCOPES) return 0;
    fy_trace_dyn_begin(tr, &scopes[nscopes++]);
    return 1;
}

void fy_trace_dyn_leave(int entered) {
    if (entered && nscopes > 0) fy_trace_dyn_end(&scopes[--nscopes]);
}

fy_obj *fy_trace_leaf_value(const fly_inttuple *t) {
    if (!fy_trace_cur() || !fly_inttuple_is_leaf(t) || t->n[0].kind != FLY_IT_DYN || t->n[0].v <= 0) return NULL;
    return fy_dsl_num_dynamic((t->n[0].flags & FLY_IT_F_I64) ? &fy_dsl_t_i64 : &fy_dsl_t_i32, (uint64_t)t->n[0].v);
}

/* One-leaf tuple t as a scalar object: a Python int or a bound leaf's DSL integer; NULL with an exception. */
static fy_obj *leaf_obj(const fly_inttuple *t, const char *what) {
    if (fly_inttuple_is_leaf(t) && t->n[0].kind == FLY_IT_INT) return fy_int_from(t->n[0].v);
    fy_obj *x = fy_trace_leaf_value(t);
    if (!x) {
        char buf[256];
        fy_err_format(&fy_ValueError, "composed crd2idx: %s IntTuple<%s> is not one integer known in this kernel", what,
                      fly_inttuple_str(t, buf));
    }
    return x;
}

/* x op y for objects (either may be a Python int); steals x. */
static fy_obj *op_steal(fy_obj *x, fy_obj *y, int op) {
    if (!x || !y) {
        FY_XDECREF(x);
        return NULL;
    }
    fy_obj *r = fy_binop(x, y, op);
    FY_DECREF(x);
    return r;
}

static fy_obj *op_int(fy_obj *x, int64_t c, int op) {
    fy_obj *k = fy_int_from(c);
    fy_obj *r = op_steal(x, k, op);
    FY_XDECREF(k);
    return r;
}

/* S<bits,base,shift>(x) = x ^ ((x & yyy) >> shift) (<< -shift for a negative shift); new reference. */
static fy_obj *swizzle_obj(const fly_swizzle *s, fy_obj *x) {
    if (s->bits == 0) return fy_ref(x);
    int64_t msk = ((int64_t)1 << s->bits) - 1;
    fy_obj *m = op_int(fy_ref(x), s->shift >= 0 ? msk << (s->base + s->shift) : msk << s->base, FY_NB_AND);
    m = s->shift >= 0 ? op_int(m, s->shift, FY_NB_RSHIFT) : op_int(m, -s->shift, FY_NB_LSHIFT);
    if (!m) return NULL;
    fy_obj *r = fy_binop(x, m, FY_NB_XOR);
    FY_DECREF(m);
    return r;
}

/* A scalar object as a one-leaf IntTuple (a bound leaf inside a trace). */
static int obj_leaf(fy_obj *x, fly_inttuple *out) {
    if (FY_INT_CHECK(x)) {
        int64_t v;
        if (fy_dsl_int_value(x, &v, "composed crd2idx") < 0) return -1;
        fly_inttuple_int(out, v);
        return 0;
    }
    fly_itnode n;
    int k = fy_trace_num_leaf(x, &n);
    if (k <= 0) {
        if (k == 0) fy_err_format(&fy_TypeError, "composed crd2idx: expected an integer, not '%s'", fy_type_name(x));
        return -1;
    }
    fly_inttuple_leaf(out, n);
    return 0;
}

fy_obj *fy_trace_composed_crd2idx(const fly_composed *c, const fly_inttuple *coord) {
    fly_inttuple v, r;
    fly_error err;
    int on = fy_trace_dyn_enter();
    fly_status st = fly_layout_crd2idx(&c->outer, coord, &v, &err);
    fy_trace_dyn_leave(on);
    if (st) return fy_dsl_raise(&err);
    fy_obj *x = leaf_obj(&v, "the outer layout's value");
    for (int i = c->nstages - 1; x && i >= 0; i--) {
        const fly_composed_stage *s = &c->stage[i];
        if (!(fly_inttuple_is_leaf(&s->offset) && s->offset.n[0].kind == FLY_IT_INT && s->offset.n[0].v == 0)) {
            fy_obj *off = leaf_obj(&s->offset, "the offset");
            x = op_steal(x, off, FY_NB_ADD);
            FY_XDECREF(off);
        }
        if (!x) return NULL;
        if (s->inner_kind == FLY_INNER_SWIZZLE) {
            fy_obj *y = swizzle_obj(&s->swizzle, x);
            FY_DECREF(x);
            x = y;
            continue;
        }
        fly_inttuple xi;
        if (obj_leaf(x, &xi) < 0) {
            FY_DECREF(x);
            return NULL;
        }
        FY_DECREF(x);
        on = fy_trace_dyn_enter();
        st = fly_layout_crd2idx(&s->inner, &xi, &v, &err);
        fy_trace_dyn_leave(on);
        if (st) return fy_dsl_raise(&err);
        x = leaf_obj(&v, "the inner layout's value");
    }
    if (!x) return NULL;
    int rc = obj_leaf(x, &r);
    FY_DECREF(x);
    return rc < 0 ? NULL : fy_dsl_inttuple_new(&r);
}
