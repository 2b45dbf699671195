/* mlir_core.c - the C half of flydsl._mlir (the MLIR Python bindings FlyDSL's kernels build IR with).
 *
 * The bindings themselves are Python (src/flydsl/mlir/py/); this module `_flyi_mlir` gives them the
 * tracer: new SSA handles, op text appended at the running trace's position, marks and cuts of the body
 * (how InsertionPoint of a region's block collects the ops emitted inside it), and the bridge between
 * DSL values (fx numerics, Vectors, tensors, pointers) and (handle, MLIR type) pairs. Outside a kernel
 * trace, begin_module() starts a tracer of its own so that IR built under ir.Context() has one too. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compile/code.h"
#include "core/core_load.h"
#include "exec/interp.h"
#include "flydsl/api/dsl.h"
#include "flydsl/mlir/mlir.h"
#include "modules/mod_registry.h"
#include "flydsl/trace/trace_int.h"

/* ---- the running tracer ---- */

static fy_tracer *need_tracer(void) {
    fy_tracer *t = fy_trace_cur();
    if (!t) fy_err_set(&fy_RuntimeError, "MLIR ops can only be built inside a kernel trace or an ir.Context()");
    return t;
}

static fy_obj *m_tracing(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self, (void)a;
    if (fy_no_kwargs("tracing", kw) < 0 || fy_check_nargs("tracing", na, 0, 0) < 0) return NULL;
    return fy_bool(fy_trace_cur() != NULL);
}

static fy_obj *m_new_ssa(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self, (void)a;
    if (fy_no_kwargs("new_ssa", kw) < 0 || fy_check_nargs("new_ssa", na, 0, 0) < 0) return NULL;
    fy_tracer *t = need_tracer();
    return t ? fy_int_from((int64_t)fy_trace_new_ssa(t)) : NULL;
}

/* " loc("file":line:col)" of the DSL statement running the binding (the innermost frame outside
 * flyi's embedded FlyDSL modules: flydsl._mlir's own and the Python surfaces over them, such as fx.math's
 * wrappers), or "" when there is none. */
static void user_loc(char *buf, size_t cap) {
    buf[0] = 0;
    for (fy_frame *f = fy_cur ? fy_cur->frame : NULL; f; f = f->back) {
        if (!f->code || f->cur < 0 || f->cur >= f->code->ncode) continue;
        const char *file = f->code->filename && FY_STR_CHECK(f->code->filename) ? FY_STR_DATA(f->code->filename) : "?";
        if (!strncmp(file, "<frozen flydsl.", 15)) continue;
        const char *base = strrchr(file, '/');
        fy_loc *l = &f->code->locs[f->cur];
        snprintf(buf, cap, " loc(\"%s\":%d:%d)", base ? base + 1 : file, l->line, l->col + 1);
        return;
    }
}

static fy_obj *m_loc(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self, (void)a;
    if (fy_no_kwargs("loc", kw) < 0 || fy_check_nargs("loc", na, 0, 0) < 0) return NULL;
    char buf[320];
    user_loc(buf, sizeof buf);
    return fy_str_from_cstr(buf);
}

/* emit(text): one op line ("%<handle> = ..."), indented, with the DSL statement's location. */
static fy_obj *m_emit(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    if (fy_no_kwargs("emit", kw) < 0 || fy_check_nargs("emit", na, 1, 2) < 0) return NULL;
    if (!FY_STR_CHECK(a[0])) return fy_err_set(&fy_TypeError, "emit: expected str");
    fy_tracer *t = need_tracer();
    if (!t) return NULL;
    char loc[320] = "";
    if (na < 2 || a[1] != fy_False) user_loc(loc, sizeof loc);
    fy_trace_emit(t, "      %s%s\n", FY_STR_DATA(a[0]), loc);
    if (t->failed) return fy_err_nomem();
    return fy_ref(fy_None);
}

static fy_obj *m_mark(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self, (void)a;
    if (fy_no_kwargs("mark", kw) < 0 || fy_check_nargs("mark", na, 0, 0) < 0) return NULL;
    fy_tracer *t = need_tracer();
    return t ? fy_int_from((int64_t)t->len) : NULL;
}

static int pos_arg(fy_tracer *t, fy_obj *o, size_t *out) {
    int64_t v;
    if (fy_int_as_i64(o, &v) < 0) return -1;
    if (v < 0 || (size_t)v > t->len) {
        fy_err_set(&fy_RuntimeError, "InsertionPoint: the trace's body changed under an open block");
        return -1;
    }
    *out = (size_t)v;
    return 0;
}

/* cut(mark): the text emitted since mark, removed from the body. */
static fy_obj *m_cut(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    if (fy_no_kwargs("cut", kw) < 0 || fy_check_nargs("cut", na, 1, 1) < 0) return NULL;
    fy_tracer *t = need_tracer();
    size_t p;
    if (!t || pos_arg(t, a[0], &p) < 0) return NULL;
    fy_obj *r = fy_str_from(t->body ? t->body + p : "", t->len - p);
    if (r) {
        t->len = p;
        if (t->body) t->body[p] = 0;
    }
    return r;
}

/* splice(pos, n, text): replaces the n bytes at pos with text (an op with regions, rendered again). */
static fy_obj *m_splice(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    if (fy_no_kwargs("splice", kw) < 0 || fy_check_nargs("splice", na, 3, 3) < 0) return NULL;
    fy_tracer *t = need_tracer();
    size_t p, n;
    int64_t nn;
    if (!t || pos_arg(t, a[0], &p) < 0 || fy_int_as_i64(a[1], &nn) < 0) return NULL;
    if (!FY_STR_CHECK(a[2])) return fy_err_set(&fy_TypeError, "splice: expected str");
    n = (size_t)nn;
    if (nn < 0 || p + n > t->len) return fy_err_set(&fy_RuntimeError, "splice: range outside the body");
    /* append the text at the end (growing the buffer, rewriting handles), then rotate it into place */
    size_t old = t->len;
    fy_trace_emit(t, "%s", FY_STR_DATA(a[2]));
    if (t->failed) return fy_err_nomem();
    size_t k = t->len - old;
    char *tmp = malloc(k + 1);
    if (!tmp) return fy_err_nomem();
    memcpy(tmp, t->body + old, k);
    t->len = old;
    memmove(t->body + p + k, t->body + p + n, old - p - n);
    memcpy(t->body + p, tmp, k);
    free(tmp);
    t->len = old - n + k;
    t->body[t->len] = 0;
    return fy_int_from((int64_t)k);
}

/* ---- module building outside kernels: a tracer of its own ---- */

typedef struct mod_tracer {
    fy_tracer tr;
    fy_tracer *prev;
    struct mod_tracer *up;
} mod_tracer;
static _Thread_local mod_tracer *mods;

static fy_obj *m_begin_module(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self, (void)a;
    if (fy_no_kwargs("begin_module", kw) < 0 || fy_check_nargs("begin_module", na, 0, 0) < 0) return NULL;
    mod_tracer *m = calloc(1, sizeof *m);
    if (!m) return fy_err_nomem();
    fy_trace_begin(&m->tr, "module");
    m->tr.module = 1;
    m->prev = fy_trace_set(&m->tr);
    m->up = mods;
    mods = m;
    return fy_ref(fy_None);
}

/* end_module(): the module tracer's body; the previous tracer runs again. */
static fy_obj *m_end_module(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self, (void)a;
    if (fy_no_kwargs("end_module", kw) < 0 || fy_check_nargs("end_module", na, 0, 0) < 0) return NULL;
    mod_tracer *m = mods;
    if (!m) return fy_err_set(&fy_RuntimeError, "end_module: no module being built");
    mods = m->up;
    fy_trace_set(m->prev);
    fy_obj *r = fy_str_from(m->tr.body ? m->tr.body : "", m->tr.len);
    fy_trace_free(&m->tr);
    free(m);
    return r;
}

/* ---- DSL values <-> (handle, MLIR type) ---- */

static const struct {
    const char *mlir, *name;
} scalar_names[] = {{"i1", "Boolean"},
                    {"i4", "Int4"},
                    {"i8", "Int8"},
                    {"i16", "Int16"},
                    {"i32", "Int32"},
                    {"i64", "Int64"},
                    {"index", "Index"},
                    {"f16", "Float16"},
                    {"bf16", "BFloat16"},
                    {"f32", "Float32"},
                    {"f64", "Float64"},
                    {"f8E5M2", "Float8E5M2"},
                    {"f8E4M3FN", "Float8E4M3FN"},
                    {"f8E4M3FNUZ", "Float8E4M3FNUZ"},
                    {"f8E5M2FNUZ", "Float8E5M2FNUZ"},
                    {"f8E4M3", "Float8E4M3"},
                    {"f8E8M0FNU", "Float8E8M0FNU"},
                    {NULL, NULL}};

fy_dsl_numeric *fy_mlir_numeric_of(const char *ty) {
    for (int i = 0; scalar_names[i].mlir; i++)
        if (!strcmp(scalar_names[i].mlir, ty)) return fy_dsl_numeric_by_name(scalar_names[i].name);
    return NULL;
}

/* A (handle, type) tuple. */
static fy_obj *pair(uint64_t h, const char *ty) {
    fy_obj *hv = fy_int_from((int64_t)h), *tv = hv ? fy_str_from_cstr(ty) : NULL;
    fy_obj *r = tv ? fy_tuple_pack(2, hv, tv) : NULL;
    FY_XDECREF(hv);
    FY_XDECREF(tv);
    return r;
}

/* The host value (flydsl._mlir.ir._HostValue) of integer v, in a launching jit's body: the launcher's
 * run-time parameters and what is computed from them, whose values flyi knows at the call. */
static fy_obj *host_value(fy_dsl_num *v) {
    fy_obj *ir = fy_import("flydsl._mlir.ir");
    fy_obj *f = ir ? fy_getattr_cstr(ir, "_HostValue") : NULL;
    FY_XDECREF(ir);
    if (!f) return NULL;
    fy_obj *args[2] = {fy_int_from(v->dt->kind == FY_DSL_K_BOOL ? (v->i != 0) : v->i),
                       fy_str_from_cstr(fy_trace_mlir_type(v->dt))};
    fy_obj *r = args[0] && args[1] ? fy_call(f, args, 2, NULL) : NULL;
    FY_XDECREF(args[0]);
    FY_XDECREF(args[1]);
    FY_DECREF(f);
    return r;
}

/* value_of(x): (handle, type text) of a traced DSL value (a static numeric becomes an arith.constant; in a
 * launching jit's host code, an integer one is a _HostValue), None when x is no such value. */
static fy_obj *m_value_of(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    if (fy_no_kwargs("value_of", kw) < 0 || fy_check_nargs("value_of", na, 1, 1) < 0) return NULL;
    fy_obj *x = a[0];
    fy_tracer *t = fy_trace_cur();
    if (FY_DSL_NUM_CHECK(x)) {
        fy_dsl_num *v = (fy_dsl_num *)x;
        if (v->is_static) {
            if (!t && FY_DSL_IS_INTLIKE(v->dt) && fy_dsl_in_launcher()) return host_value(v);
            if (!t)
                return fy_err_set(&fy_RuntimeError, "ir_value() of a constant needs a kernel trace or an ir.Context()");
            uint64_t h;
            if (fy_trace_value_as(t, x, v->dt, &h) < 0) return NULL;
            return pair(h, fy_trace_mlir_type(v->dt));
        }
        return pair(v->ssa, fy_trace_mlir_type(v->dt));
    }
    uint64_t h;
    fy_dsl_numeric *et;
    int64_t n;
    if (fy_trace_is_vector(x) && fy_tvector_parts(x, &h, &et, &n) == 0) {
        char ty[96];
        snprintf(ty, sizeof ty, "vector<%lldx%s>", (long long)n, fy_trace_mlir_type(et));
        return pair(h, ty);
    }
    if (FY_TTENSOR_CHECK(x)) return pair(((fy_ttensor *)x)->ssa, ((fy_ttensor *)x)->ty);
    if (FY_TYPE(x) == &fy_trace_ptr_type) {
        fy_trace_ptr *p = (fy_trace_ptr *)x;
        char ty[96];
        snprintf(ty, sizeof ty, "!fly.ptr<%s, %s>", fy_trace_mlir_type(p->et), fy_trace_space_name(p->reg));
        return pair(p->ssa, ty);
    }
    char ty[640];
    if (fy_trace_buffer_memref(x, &h, ty, sizeof ty) == 1) return pair(h, ty);
    return fy_ref(fy_None);
}

/* wrap(handle, type): the DSL value over it (an fx numeric for a scalar type, a Vector for a 1-D vector of
 * one), else None. */
static fy_obj *m_wrap(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    if (fy_no_kwargs("wrap", kw) < 0 || fy_check_nargs("wrap", na, 2, 2) < 0) return NULL;
    int64_t h;
    if (fy_int_as_i64(a[0], &h) < 0) return NULL;
    if (!FY_STR_CHECK(a[1])) return fy_err_set(&fy_TypeError, "wrap: expected a type text");
    const char *ty = FY_STR_DATA(a[1]);
    fy_dsl_numeric *nt = fy_mlir_numeric_of(ty);
    if (nt) return fy_dsl_num_dynamic(nt, (uint64_t)h);
    long long n;
    char et[32];
    if (sscanf(ty, "vector<%lldx%31[^>]>", &n, et) == 2 && !strchr(et, 'x') && (nt = fy_mlir_numeric_of(et)))
        return fy_tvector_new((uint64_t)h, nt, n);
    return fy_ref(fy_None);
}

/* run_passes(text, passes, loc=False): module text through the compiler core's pass list (comma-separated
 * pipeline elements; "" only parses and verifies): the module printed after it, or RuntimeError with MLIR's
 * diagnostics. What ir.Module's str / verify and PassManager.run use. */
static fy_obj *m_run_passes(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    if (fy_no_kwargs("run_passes", kw) < 0 || fy_check_nargs("run_passes", na, 2, 3) < 0) return NULL;
    if (!FY_STR_CHECK(a[0]) || !FY_STR_CHECK(a[1])) return fy_err_set(&fy_TypeError, "run_passes: expected str");
    char err[512];
    const fly_core_api *api = fly_core_load(err, sizeof err);
    if (!api) return fy_err_format(&fy_RuntimeError, "cannot load the compiler core: %s", err);
    fly_pipeline_options opts = {.passes = FY_STR_DATA(a[1]),
                                 .stop_after = -1,
                                 .no_codegen = 1,
                                 .eager = 1,
                                 .debug_info = na > 2 && a[2] == fy_True};
    fly_pipeline_result r = {0};
    api->compile_ex(FY_STR_DATA(a[0]), &opts, &r);
    fy_obj *res;
    if (!r.ok) {
        res = fy_err_format(&fy_RuntimeError, "MLIR: %s failed:\n%s", r.error_stage ? r.error_stage : "?",
                            r.error ? r.error : "");
    } else {
        const char *t = r.final_ir                                    ? r.final_ir
                        : r.nstages > 0 && r.stages[r.nstages - 1].ir ? r.stages[r.nstages - 1].ir
                                                                      : "";
        res = fy_str_from_cstr(t);
    }
    api->result_free(&r);
    return res;
}

/* mark_rewritten(f): f's loops are device loops in IR built by hand under ir.Context (ASTRewriter.transform). */
static fy_obj *m_mark_rewritten(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    if (fy_no_kwargs("mark_rewritten", kw) < 0 || fy_check_nargs("mark_rewritten", na, 1, 1) < 0) return NULL;
    fy_obj *co = fy_getattr_opt(a[0], fy_intern("__code__"));
    if (!co) {
        fy_err_clear();
        return fy_none();
    }
    int rc = FY_TYPE(co) == &fy_code_type ? fy_trace_scf_mark_rewritten((fy_code *)co) : 0;
    FY_DECREF(co);
    return rc < 0 ? NULL : fy_none();
}

/* translate_llvm(text, chip): a module holding one gpu.module (lowered to the LLVM dialect or not) through the
 * pipeline and LLVM's translation for chip: the device module's LLVM IR (before LLVM's optimiser), or
 * RuntimeError with the failing stage's diagnostics. What llvm's translate_module_to_llvmir uses. */
static fy_obj *m_translate_llvm(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    if (fy_no_kwargs("translate_llvm", kw) < 0 || fy_check_nargs("translate_llvm", na, 2, 2) < 0) return NULL;
    if (!FY_STR_CHECK(a[0]) || !FY_STR_CHECK(a[1])) return fy_err_set(&fy_TypeError, "translate_llvm: expected str");
    char err[512];
    const fly_core_api *api = fly_core_load(err, sizeof err);
    if (!api) return fy_err_format(&fy_RuntimeError, "cannot load the compiler core: %s", err);
    fly_pipeline_options opts = {.target = FY_STR_DATA(a[1]), .stop_after = -1, .eager = 1, .no_snapshots = 1};
    fly_pipeline_result r = {0};
    api->compile_ex(FY_STR_DATA(a[0]), &opts, &r);
    fy_obj *res;
    if (!r.ok || !r.llvm_ir)
        res = fy_err_format(&fy_RuntimeError, "MLIR: %s failed:\n%s", r.error_stage ? r.error_stage : "translation",
                            r.error ? r.error : "no LLVM IR");
    else res = fy_str_from_cstr(r.llvm_ir);
    api->result_free(&r);
    return res;
}

/* The static numeric of host value o (a _HostValue: _fyhost its value, _fyt its type), or NULL (no error). */
static fy_obj *host_numeric(fy_obj *o) {
    if (FY_DSL_NUM_CHECK(o) || FY_INT_CHECK(o) || FY_FLOAT_CHECK(o) || FY_STR_CHECK(o) || o == fy_None) return NULL;
    fy_obj *hv = fy_getattr_opt(o, fy_intern("_fyhost"));
    if (!hv) {
        fy_err_clear();
        return NULL;
    }
    fy_obj *tv = fy_getattr_opt(o, fy_intern("_fyt")), *r = NULL;
    if (!tv) fy_err_clear();
    fy_dsl_numeric *nt = tv && FY_STR_CHECK(tv) ? fy_mlir_numeric_of(FY_STR_DATA(tv)) : NULL;
    int64_t x;
    if (nt && FY_INT_CHECK(hv) && fy_int_as_i64(hv, &x) == 0) r = fy_dsl_num_int(nt, x);
    if (!r) fy_err_clear();
    FY_DECREF(hv);
    FY_XDECREF(tv);
    return r;
}

/* host_num(v): the static fx numeric of host value v (None: v is none). */
static fy_obj *m_host_num(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    if (fy_no_kwargs("host_num", kw) < 0 || fy_check_nargs("host_num", na, 1, 1) < 0) return NULL;
    fy_obj *r = host_numeric(a[0]);
    return r ? r : fy_none();
}

static fy_obj *m_in_launcher(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self, (void)a;
    if (fy_no_kwargs("in_launcher", kw) < 0 || fy_check_nargs("in_launcher", na, 0, 0) < 0) return NULL;
    return fy_bool(fy_dsl_in_launcher());
}

/* llvm_option(name, kind, value): sets LLVM's cl::opt option name (kind 0 bool, 1 int, 2 str; value its text)
 * through the compiler core; its previous value's text. RuntimeError for an unknown option or one of another kind. */
static fy_obj *m_llvm_option(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    if (fy_no_kwargs("llvm_option", kw) < 0 || fy_check_nargs("llvm_option", na, 3, 3) < 0) return NULL;
    if (!FY_STR_CHECK(a[0]) || !FY_INT_CHECK(a[1]) || !FY_STR_CHECK(a[2]))
        return fy_err_set(&fy_TypeError, "llvm_option(name, kind, value): expected str, int, str");
    int64_t kind;
    if (fy_dsl_to_int(a[1], &kind, "llvm_option", "kind") < 0) return NULL;
    char err[512], old[1024];
    const fly_core_api *api = fly_core_load(err, sizeof err);
    if (!api) return fy_err_format(&fy_RuntimeError, "cannot load the compiler core: %s", err);
    static const char *const kinds[] = {"a bool", "an int", "a string"};
    int rc = api->llvm_option_set(FY_STR_DATA(a[0]), (int)kind, FY_STR_DATA(a[2]), old, sizeof old);
    if (rc == 1) return fy_err_format(&fy_RuntimeError, "Unknown LLVM option: %S", a[0]);
    if (rc == 2)
        return fy_err_format(&fy_RuntimeError, "LLVM option '%S' is not %s option", a[0],
                             kinds[kind >= 0 && kind < 3 ? kind : 0]);
    if (rc) return fy_err_format(&fy_RuntimeError, "LLVM option '%S' does not take the value '%S'", a[0], a[2]);
    return fy_str_from_cstr(old);
}

static fy_methoddef core_funcs[] = {
    {"llvm_option", m_llvm_option, 0,
     "llvm_option(name, kind, value)\nSets an LLVM cl::opt option (kind 0 bool, 1 int, 2 str); its old value."},
    {"run_passes", m_run_passes, 0, "run_passes(text, passes, loc=False)\nThe module after the passes."},
    {"translate_llvm", m_translate_llvm, 0, "translate_llvm(text, chip)\nThe device module's LLVM IR."},
    {"mark_rewritten", m_mark_rewritten, 0, "mark_rewritten(f)\nf's range loops are device loops under ir.Context."},
    {"tracing", m_tracing, 0, "tracing()\nWhether a tracer (kernel or ir.Context module) is running."},
    {"new_ssa", m_new_ssa, 0, "new_ssa()\nA new SSA handle of the running tracer."},
    {"emit", m_emit, 0, "emit(text, loc=True)\nAppends one op line at the running trace's position."},
    {"loc", m_loc, 0, "loc()\nThe location text of the DSL statement running the binding."},
    {"mark", m_mark, 0, "mark()\nThe position of the end of the trace's body."},
    {"cut", m_cut, 0, "cut(mark)\nRemoves and returns the text emitted since mark."},
    {"splice", m_splice, 0, "splice(pos, n, text)\nReplaces n bytes at pos with text; the new length."},
    {"begin_module", m_begin_module, 0, "begin_module()\nStarts a tracer for IR built outside kernels."},
    {"end_module", m_end_module, 0, "end_module()\nEnds it; the text it collected."},
    {"value_of", m_value_of, 0, "value_of(x)\n(handle, type) of a traced DSL value, or None."},
    {"wrap", m_wrap, 0, "wrap(handle, type)\nThe fx numeric or Vector over a handle, or None."},
    {"host_num", m_host_num, 0, "host_num(v)\nThe static fx numeric of a launcher's host value, or None."},
    {"in_launcher", m_in_launcher, 0, "in_launcher()\nIs a launching jit function's host code running?"},
    {0}};

static fy_obj *init_core(void) {
    return fy_module_new_c("_flyi_mlir", core_funcs, "The tracer as seen by flydsl._mlir (internal).");
}

/* ---- ir.Value from C (fx's v.ir_value()) ---- */

fy_obj *fy_mlir_value_new(uint64_t h, const char *ty) {
    fy_obj *ir = fy_import("flydsl._mlir.ir");
    if (!ir) return NULL;
    fy_obj *f = fy_getattr_cstr(ir, "_value_from_handle");
    FY_DECREF(ir);
    if (!f) return NULL;
    fy_obj *args[2] = {fy_int_from((int64_t)h), fy_str_from_cstr(ty)};
    fy_obj *r = args[0] && args[1] ? fy_call(f, args, 2, NULL) : NULL;
    FY_XDECREF(args[0]);
    FY_XDECREF(args[1]);
    FY_DECREF(f);
    return r;
}

fy_obj *fy_mlir_ir_value(fy_obj *x) {
    fy_obj *p = m_value_of(NULL, &x, 1, NULL);
    if (p && !FY_TUPLE_CHECK(p) && p != fy_None) return p; /* a host value */
    if (!p || p == fy_None) {
        if (p == fy_None) {
            FY_DECREF(p);
            return fy_err_format(&fy_TypeError, "ir_value(): '%s' is not a traced value", fy_type_name(x));
        }
        return NULL;
    }
    fy_obj *r = fy_mlir_value_new((uint64_t)FY_INT_VAL(FY_TUPLE_ITEMS(p)[0]), FY_STR_DATA(FY_TUPLE_ITEMS(p)[1]));
    FY_DECREF(p);
    return r;
}

/* Is o an ir.Value (it carries _fyh, its handle, and _fyt, its type text)? A Vector, which has them too (FlyDSL's
 * Vector is an ir.Value), is not one here: C code takes Vectors as they are. */
int fy_mlir_value_parts(fy_obj *o, uint64_t *h, const char **ty) {
    if (FY_DSL_NUM_CHECK(o) || FY_INT_CHECK(o) || FY_FLOAT_CHECK(o) || FY_STR_CHECK(o) || o == fy_None ||
        fy_trace_is_vector(o))
        return 0;
    fy_obj *hv = fy_getattr_opt(o, fy_intern("_fyh"));
    if (!hv) {
        fy_err_clear();
        return 0;
    }
    fy_obj *tv = fy_getattr_opt(o, fy_intern("_fyt"));
    if (!tv) fy_err_clear();
    int ok = FY_INT_CHECK(hv) && tv && FY_STR_CHECK(tv);
    if (ok) {
        *h = (uint64_t)FY_INT_VAL(hv);
        *ty = FY_STR_DATA(tv); /* borrowed from the Value, which holds it */
    }
    FY_DECREF(hv);
    FY_XDECREF(tv);
    return ok;
}

fy_obj *fy_mlir_vector_new(fy_type *t, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)t;
    if (fy_no_kwargs("Vector", kw) < 0 || fy_check_nargs("Vector", na, 1, 1) < 0) return NULL;
    if (fy_trace_is_vector(a[0])) return fy_ref(a[0]);
    uint64_t h;
    const char *ty;
    if (fy_mlir_value_parts(a[0], &h, &ty) && strncmp(ty, "vector<", 7))
        return fy_err_format(&fy_TypeError, "Vector(): expected a value of a vector type, not %s", ty);
    if (fy_mlir_value_parts(a[0], &h, &ty)) {
        fy_obj *args[2] = {fy_int_from((int64_t)h), fy_str_from_cstr(ty)};
        fy_obj *r = args[0] && args[1] ? m_wrap(NULL, args, 2, NULL) : NULL;
        FY_XDECREF(args[0]);
        FY_XDECREF(args[1]);
        if (r != fy_None) return r;
        FY_DECREF(r);
        return fy_err_format(&fy_TypeError, "Vector(): %s is not a 1-D vector of a numeric type", ty);
    }
    return fy_err_format(&fy_TypeError, "Vector(): expected an ir.Value of a vector type, not '%s'",
                         fy_type_name(a[0]));
}

fy_obj *fy_mlir_as_dsl_value(fy_obj *o) {
    uint64_t h;
    const char *ty;
    if (!fy_mlir_value_parts(o, &h, &ty)) return NULL;
    fy_obj *args[2] = {fy_int_from((int64_t)h), fy_str_from_cstr(ty)};
    fy_obj *r = args[0] && args[1] ? m_wrap(NULL, args, 2, NULL) : NULL;
    FY_XDECREF(args[0]);
    FY_XDECREF(args[1]);
    if (r == fy_None) FY_CLEAR(r);
    fy_err_clear();
    return r;
}

fy_obj *fy_mlir_as_numeric(fy_obj *o) {
    uint64_t h;
    const char *ty;
    fy_obj *hn = host_numeric(o);
    if (hn) return hn;
    if (!fy_mlir_value_parts(o, &h, &ty)) return NULL;
    fy_dsl_numeric *nt = fy_mlir_numeric_of(ty);
    return nt ? fy_dsl_num_dynamic(nt, h) : NULL;
}

/* The Python modules (py/NAME.py, embedded with the standard modules). */
#define MLIR_PYMODS(X) \
    X(flydsl__mlir, "flydsl._mlir") \
    X(flydsl__mlir_ir, "flydsl._mlir.ir") \
    X(flydsl__mlir__dsl, "flydsl._mlir._dsl") \
    X(flydsl__mlir__parsed, "flydsl._mlir._parsed") \
    X(flydsl__mlir_extras, "flydsl._mlir.extras") \
    X(flydsl__mlir_extras_types, "flydsl._mlir.extras.types") \
    X(flydsl__mlir_passmanager, "flydsl._mlir.passmanager") \
    X(flydsl__mlir_dialects, "flydsl._mlir.dialects") \
    X(flydsl__mlir_dialects__arith_ops_gen, "flydsl._mlir.dialects._arith_ops_gen") \
    X(flydsl__mlir_dialects_arith, "flydsl._mlir.dialects.arith") \
    X(flydsl__mlir_dialects_builtin, "flydsl._mlir.dialects.builtin") \
    X(flydsl__mlir_dialects_fly, "flydsl._mlir.dialects.fly") \
    X(flydsl__mlir_dialects_fly_rocdl, "flydsl._mlir.dialects.fly_rocdl") \
    X(flydsl__mlir_dialects_func, "flydsl._mlir.dialects.func") \
    X(flydsl__mlir_dialects_gpu, "flydsl._mlir.dialects.gpu") \
    X(flydsl__mlir_dialects_llvm, "flydsl._mlir.dialects.llvm") \
    X(flydsl__mlir_dialects_math, "flydsl._mlir.dialects.math") \
    X(flydsl__mlir_dialects_memref, "flydsl._mlir.dialects.memref") \
    X(flydsl__mlir_dialects_rocdl, "flydsl._mlir.dialects.rocdl") \
    X(flydsl__mlir_dialects_scf, "flydsl._mlir.dialects.scf") \
    X(flydsl__mlir_dialects_vector, "flydsl._mlir.dialects.vector")
#define MLIR_PYINIT(id, name) \
    static fy_obj *pyinit_##id(void) { return fy_stdlib_load_py(name); }
MLIR_PYMODS(MLIR_PYINIT)

/* Module __getattr__ for flydsl.expr and flydsl.expr.typing (self): the names the bindings' DSL side serves
 * (flydsl._mlir._dsl), imported on first use so that `import flydsl.expr` stays light; cached in the module. */
static fy_obj *m_lazy_getattr(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (fy_no_kwargs("__getattr__", kw) < 0 || fy_check_nargs("__getattr__", na, 1, 1) < 0) return NULL;
    /* per module: the names served there */
    static const char *const typing_names[] = {"T", "as_ir_value", "as_dsl_value", NULL};
    static const char *const expr_names[] = {"as_ir_value", "as_dsl_value", NULL};
    static const char *const arith_names[] = {"unwrap", "_to_raw", NULL};
    const char *n = FY_STR_CHECK(a[0]) ? FY_STR_DATA(a[0]) : "";
    fy_obj *mn = fy_dict_get_cstr(FY_MODULE_DICT(self), "__name__");
    const char *mname = mn && FY_STR_CHECK(mn) ? FY_STR_DATA(mn) : "?";
    const char *const *names = !strcmp(mname, "flydsl.expr.typing") ? typing_names
                               : !strcmp(mname, "flydsl.expr")      ? expr_names
                                                                    : arith_names;
    for (int i = 0; names[i]; i++) {
        if (strcmp(names[i], n)) continue;
        fy_obj *d = fy_import("flydsl._mlir._dsl");
        fy_obj *v = d ? fy_getattr_cstr(d, n) : NULL;
        FY_XDECREF(d);
        if (v && fy_module_add(self, n, v) < 0) FY_CLEAR(v);
        return v;
    }
    return fy_err_format(&fy_AttributeError, "module '%s' has no attribute '%s'", mname, n);
}

static fy_methoddef lazy_def = {"__getattr__", m_lazy_getattr, 0, "The names flydsl._mlir serves here."};

int fy_mlir_add_lazy(fy_obj *m) {
    /* fx.arith (a submodule of flydsl.expr made before this is called) serves unwrap and _to_raw */
    fy_obj *ar = fy_dict_get_cstr(FY_MODULE_DICT(m), "arith");
    if (ar && FY_TYPE(ar) == FY_TYPE(m) && ar != m && fy_mlir_add_lazy(ar) < 0) return -1;
    if (fy_dict_get_cstr(FY_MODULE_DICT(m), "__getattr__")) return 0;
    fy_obj *f = fy_cfunction_new(&lazy_def, m);
    return f ? fy_module_add_steal(m, "__getattr__", f) : -1;
}

void fy_mlir_register(void) {
    fy_register_builtin_module("_flyi_mlir", init_core);
#define MLIR_PYREG(id, name) fy_register_builtin_module(name, pyinit_##id);
    MLIR_PYMODS(MLIR_PYREG)
#undef MLIR_PYREG
}
