/* trace_rtcoord.c - runtime integers as IntTuple leaves inside a kernel trace. A traced DSL integer given
 * to the layout API (fx.make_coord(tid, None), fx.idx2crd(tid, layout), fx.crd2idx((r, c), layout), ...)
 * becomes a dynamic leaf bound to its SSA value (i64 for 64-bit integer types, else i32); lib/layout
 * computations run between fy_trace_dyn_enter and fy_trace_dyn_leave emit the arith ops of the leaves they
 * derive (the hook dynamic tensor layouts use, trace_tensor.c), so the results hold bound leaves too. */
#include "flydsl/api/dsl.h"
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
