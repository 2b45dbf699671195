/* trace_atomic.c - global-memory atomics while tracing: fx.atomic_add(dst, offset, value) (the
 * kernels_common helper's form: dst a kernel tensor in global memory, offset an element offset from
 * its first element, value converted to dst's element type) and atomic_max / atomic_min /
 * atomic_exch. Each records the tensor's pointer (fly.get_iter, cast to !llvm.ptr<1>), a GEP and
 * "llvm.atomicrmw OP ... monotonic" (syncscope "agent"), and returns the old value. */
#include <string.h>

#include "flydsl/trace/trace_int.h"

#define U(x) ((unsigned long long)(x))

/* Records atomic op kind ("add", "max", "min", "exch") of value on dst[offset]; the old value. */
static fy_obj *do_atomic(const char *fname, const char *kind, fy_obj *const *a, size_t na, fy_obj *kw) {
    static const char *const names[] = {"dst", "offset", "value", "syncscope", NULL};
    fy_obj *v[4] = {NULL, NULL, NULL, NULL};
    if (fy_parse_args(fname, a, na, kw, names, 3, 3, 4, v) < 0) return NULL;
    fy_tracer *tr = fy_trace_cur();
    if (!tr) return fy_err_format(&fy_RuntimeError, "fx.%s is only available inside a kernel", fname);
    if (!FY_TTENSOR_CHECK(v[0]))
        return fy_err_format(&fy_TypeError, "%s: dst must be a kernel tensor, got '%s'", fname, fy_type_name(v[0]));
    fy_ttensor *t = (fy_ttensor *)v[0];
    if (t->reg != FY_SP_GLOBAL)
        return fy_err_format(&fy_TypeError, "%s: dst must be in global memory, not a %s tensor", fname,
                             fy_trace_space_name(t->reg));
    fy_dsl_numeric *et = t->et;
    int fl = FY_DSL_IS_FLOAT(et);
    if ((et->width != 32 && et->width != 64) || et->kind == FY_DSL_K_BOOL || et->kind == FY_DSL_K_INDEX)
        return fy_err_format(&fy_TypeError, "%s: atomics on %s elements are not supported (32/64-bit only)", fname,
                             et->name);
    const char *op = NULL;
    if (!strcmp(kind, "add")) op = fl ? "fadd" : "add";
    else if (!strcmp(kind, "max")) op = fl ? "fmax" : et->is_signed ? "max" : "umax";
    else if (!strcmp(kind, "min")) op = fl ? "fmin" : et->is_signed ? "min" : "umin";
    else op = "xchg";
    const char *scope = "agent";
    if (v[3] && v[3] != fy_None) {
        if (!FY_STR_CHECK(v[3])) return fy_err_format(&fy_TypeError, "%s: syncscope must be a str", fname);
        scope = FY_STR_DATA(v[3]);
        /* LLVM's AMDGPU sync scopes (FlyDSL's fx.SyncScope / fx.rocdl.SyncScope strings); "" and "system": system */
        static const char *const scopes[] = {"agent",
                                             "workgroup",
                                             "wavefront",
                                             "singlethread",
                                             "one-as",
                                             "agent-one-as",
                                             "workgroup-one-as",
                                             "wavefront-one-as",
                                             "singlethread-one-as",
                                             "",
                                             "system",
                                             NULL};
        int known = 0;
        for (int i = 0; scopes[i]; i++) known |= !strcmp(scope, scopes[i]);
        if (!known) return fy_err_format(&fy_ValueError, "%s: unknown syncscope '%s'", fname, scope);
        if (!strcmp(scope, "system")) scope = "";
    }
    fy_obj *off = fy_dsl_num_convert(&fy_dsl_t_i32, v[1]);
    if (!off) return NULL;
    uint64_t ho, hv;
    int err = fy_trace_value_as(tr, off, &fy_dsl_t_i32, &ho) < 0;
    FY_DECREF(off);
    if (err) return NULL;
    fy_obj *val =
        FY_DSL_NUM_CHECK(v[2]) || FY_INT_CHECK(v[2]) || FY_FLOAT_CHECK(v[2]) ? fy_dsl_num_convert(et, v[2]) : NULL;
    if (!val) {
        if (!fy_err_occurred())
            fy_err_format(&fy_TypeError, "%s: value must be a number, got '%s'", fname, fy_type_name(v[2]));
        return NULL;
    }
    err = fy_trace_value_as(tr, val, et, &hv) < 0;
    FY_DECREF(val);
    if (err) return NULL;
    const char *ty = fy_trace_mlir_type(et);
    uint64_t p = fy_trace_global_base(tr, t->ssa, t->ty, ty);
    uint64_t g = fy_trace_new_ssa(tr), r = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = llvm.getelementptr %%%llu[%%%llu] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, %s",
                  U(g), U(p), U(ho), ty);
    fy_trace_end_line(tr);
    if (*scope)
        fy_trace_emit(tr,
                      "      %%%llu = llvm.atomicrmw %s %%%llu, %%%llu syncscope(\"%s\") monotonic : !llvm.ptr<1>, %s",
                      U(r), op, U(g), U(hv), scope, ty);
    else
        fy_trace_emit(tr, "      %%%llu = llvm.atomicrmw %s %%%llu, %%%llu monotonic : !llvm.ptr<1>, %s", U(r), op,
                      U(g), U(hv), ty);
    fy_trace_end_line(tr);
    return tr->failed ? fy_err_nomem() : fy_dsl_num_dynamic(et, r);
}

static fy_obj *f_atomic_add(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return do_atomic("atomic_add", "add", a, na, kw);
}
static fy_obj *f_atomic_max(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return do_atomic("atomic_max", "max", a, na, kw);
}
static fy_obj *f_atomic_min(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return do_atomic("atomic_min", "min", a, na, kw);
}
static fy_obj *f_atomic_exch(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return do_atomic("atomic_exch", "exch", a, na, kw);
}

static fy_methoddef atomic_funcs[] = {
    {"atomic_add", f_atomic_add, 0,
     "atomic_add(dst, offset, value, syncscope='agent')\nAtomic dst[offset] += value; the old value."},
    {"atomic_max", f_atomic_max, 0,
     "atomic_max(dst, offset, value, syncscope='agent')\nAtomic max into dst[offset]; the old value."},
    {"atomic_min", f_atomic_min, 0,
     "atomic_min(dst, offset, value, syncscope='agent')\nAtomic min into dst[offset]; the old value."},
    {"atomic_exch", f_atomic_exch, 0,
     "atomic_exch(dst, offset, value, syncscope='agent')\nAtomic exchange; the old value."},
    {0}};

int fy_trace_add_atomic_fx(fy_obj *m) {
    for (fy_methoddef *d = atomic_funcs; d->name; d++) {
        if (fy_dict_get_cstr(FY_MODULE_DICT(m), d->name)) continue;
        fy_obj *f = fy_cfunction_new(d, m);
        if (!f || fy_module_add_steal(m, d->name, f) < 0) return -1;
    }
    return 0;
}
