/* trace_kernel.c - tracing a @flyc.kernel at launch and compiling it: the kernel body runs once under
 * the tracer with dynamic parameters (Constexpr parameters stay Python values), the recorded Fly IR goes
 * through the compiler core's pipeline, and the result is a CompiledKernel (.stages, .ir(), .isa, ...). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compile/code.h"
#include "core/core_load.h"
#include "flydsl/api/dsl.h"
#include "modules/mod_ipython.h"
#include "torch/torch.h"
#include "flydsl/trace/trace_int.h"
#include "exec/vm.h"

typedef fy_ckernel ckernel;
#define ckernel_type fy_trace_ckernel_type

typedef struct cstage {
    fy_obj h;
    fy_obj *k;
    int i;
} cstage;

static fy_type cstage_type;

static void ck_dealloc(fy_obj *o) {
    ckernel *k = (ckernel *)o;
    if (k->api) k->api->result_free(&k->r);
    free(k->origin);
    free(k->pmap);
    FY_CLEAR(k->name);
    FY_CLEAR(k->jit);
    FY_CLEAR(k->jit_args);
    FY_CLEAR(k->sources);
}

/* The stages' IR and changed flags (isa = 0), or everything with the ISA, the final IR and stages
 * 19/21 (isa = 1), are made on first use (pipeline/result.h, lazy). */
static int ck_lazy(ckernel *k, int isa) {
    if (!k->api || (!k->r.lazy && (!isa || k->r.isa || !k->r.isa_pending))) return 0;
    if (!isa) {
        k->api->result_stages(&k->r);
        return 0;
    }
    if (k->api->result_isa(&k->r)) return 0;
    fy_err_format(&fy_RuntimeError, "making the ISA of '%s' failed:\n%s", FY_STR_DATA(k->name),
                  k->r.isa_error ? k->r.isa_error : "");
    return -1;
}
static fly_pipeline_stage *stage_of(cstage *s) { return &((ckernel *)s->k)->r.stages[s->i]; }
static fly_pipeline_stage *stage_printed(cstage *s) { /* changed is set once the IR is printed */
    ck_lazy((ckernel *)s->k, 0);
    return stage_of(s);
}
static fy_obj *st_number(fy_obj *o) { return fy_int_from(stage_of((cstage *)o)->number); }
static fy_obj *st_name(fy_obj *o) { return fy_str_from_cstr(stage_of((cstage *)o)->name); }
static fy_obj *st_label(fy_obj *o) { return fy_str_from_cstr(stage_of((cstage *)o)->label); }
static fy_obj *st_time(fy_obj *o) { return fy_float_from(stage_of((cstage *)o)->ms); }
static fy_obj *st_changed(fy_obj *o) { return fy_bool(stage_printed((cstage *)o)->changed); }
static fy_obj *st_repr(fy_obj *o) {
    fly_pipeline_stage *s = stage_printed((cstage *)o);
    return fy_str_printf("Stage(%d, '%s', %s)", s->number, s->name, s->changed ? "changed" : "unchanged");
}
static void st_dealloc(fy_obj *o) { FY_CLEAR(((cstage *)o)->k); }
static fy_getsetdef st_getsets[] = {
    {"number", st_number, NULL, "stage number (0: origin)"}, {"name", st_name, NULL, "the pass name"},
    {"label", st_label, NULL, "the dump file stem"},         {"time", st_time, NULL, "milliseconds"},
    {"changed", st_changed, NULL, "the IR changed"},         {0}};
static fy_type cstage_type = {
    FY_TYPE_INIT("Stage", sizeof(cstage)),
    .flags = FY_TPF_FINAL,
    .dealloc = st_dealloc,
    .repr = st_repr,
    .getsets = st_getsets,
};

static fy_obj *ck_stages(fy_obj *o) {
    ckernel *k = (ckernel *)o;
    fy_obj *l = fy_list_new(0);
    for (int i = 0; l && i < k->r.nstages; i++) {
        cstage *s = (cstage *)fy_alloc(&cstage_type);
        if (!s) {
            FY_DECREF(l);
            return NULL;
        }
        s->k = fy_ref(o);
        s->i = i;
        if (fy_list_append_steal(l, &s->h) < 0) {
            FY_DECREF(l);
            return NULL;
        }
    }
    return l;
}
static fy_obj *opt_str(const char *s) { return s ? fy_str_from_cstr(s) : fy_none(); }
static fy_obj *ck_llvm(fy_obj *o) { return opt_str(((ckernel *)o)->r.llvm_ir); }
static fy_obj *ck_isa(fy_obj *o) { return ck_lazy((ckernel *)o, 1) < 0 ? NULL : opt_str(((ckernel *)o)->r.isa); }
static fy_obj *ck_name(fy_obj *o) { return fy_ref(((ckernel *)o)->name); }
static fy_obj *ck_target(fy_obj *o) { return fy_str_from_cstr(((ckernel *)o)->r.target); }
/* The compile hints of the @flyc.jit function flyc.compile ran for this kernel ({} for a launch outside one). */
static fy_obj *ck_hints(fy_obj *o) {
    ckernel *k = (ckernel *)o;
    return k->jit ? fy_getattr_cstr(k->jit, "compile_hints") : fy_dict_new();
}
static fy_obj *ck_binary(fy_obj *o) {
    ckernel *k = (ckernel *)o;
    return k->r.hsaco ? fy_bytes_from((const char *)k->r.hsaco, k->r.hsaco_size) : fy_none();
}

static int dset_i(fy_obj *d, const char *k, int64_t v) {
    fy_obj *x = fy_int_from(v);
    int r = x ? fy_dict_set_cstr(d, k, x) : -1;
    FY_XDECREF(x);
    return r;
}
static int dset_f(fy_obj *d, const char *k, double v) {
    fy_obj *x = fy_float_from(v);
    int r = x ? fy_dict_set_cstr(d, k, x) : -1;
    FY_XDECREF(x);
    return r;
}
static int dset_s(fy_obj *d, const char *k, const char *v) {
    fy_obj *x = fy_str_from_cstr(v);
    int r = x ? fy_dict_set_cstr(d, k, x) : -1;
    FY_XDECREF(x);
    return r;
}

static fy_obj *ck_stats(fy_obj *o) {
    fly_pipeline_stats *s = &((ckernel *)o)->r.stats;
    if (!s->valid) return fy_none();
    fy_obj *d = fy_dict_new();
    if (!d || dset_s(d, "kernel", s->kernel) < 0 || dset_i(d, "vgpr", s->vgpr) < 0 || dset_i(d, "agpr", s->agpr) < 0 ||
        dset_i(d, "sgpr", s->sgpr) < 0 || dset_i(d, "vgpr_spill", s->vgpr_spill) < 0 ||
        dset_i(d, "sgpr_spill", s->sgpr_spill) < 0 || dset_i(d, "scratch_bytes", s->scratch_bytes) < 0 ||
        dset_i(d, "lds_bytes", s->lds_bytes) < 0 || dset_i(d, "wave_size", s->wave_size) < 0 ||
        dset_i(d, "max_workgroup_size", s->max_workgroup_size) < 0 || dset_i(d, "occupancy", s->occupancy) < 0 ||
        dset_s(d, "limiter", s->limiter) < 0) {
        FY_XDECREF(d);
        return NULL;
    }
    /* the instruction mix, from the ISA (made now if it was not yet) */
    if (ck_lazy((ckernel *)o, 1) < 0 || fy_trace_isa_mix(((ckernel *)o)->r.isa, d) < 0) {
        FY_DECREF(d);
        return NULL;
    }
    return d;
}

static fy_obj *ck_timings(fy_obj *o) {
    ckernel *k = (ckernel *)o;
    fly_pipeline_timings *t = &k->r.t;
    fy_obj *d = fy_dict_new();
    if (!d || dset_f(d, "parse", t->parse) < 0 || dset_f(d, "passes", t->passes) < 0 ||
        dset_f(d, "translate", t->translate) < 0 || dset_f(d, "codegen", t->codegen) < 0 ||
        dset_f(d, "link", t->link) < 0 || dset_f(d, "total", t->total) < 0) {
        FY_XDECREF(d);
        return NULL;
    }
    for (int i = 0; i < k->r.nstages; i++)
        if (k->r.stages[i].number > 0 && dset_f(d, k->r.stages[i].label, k->r.stages[i].ms) < 0) {
            FY_DECREF(d);
            return NULL;
        }
    return d;
}

static fy_obj *ck_ir(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw) {
    ckernel *k = (ckernel *)o;
    if (fy_no_kwargs("ir", kw) < 0 || fy_check_nargs("ir", na, 0, 1) < 0) return NULL;
    if (na == 0 || a[0] == fy_None) return ck_lazy(k, 1) < 0 ? NULL : opt_str(k->r.final_ir);
    for (int i = 0; i < k->r.nstages; i++) {
        fly_pipeline_stage *s = &k->r.stages[i];
        int hit = FY_INT_CHECK(a[0])   ? !FY_INT_IS_BIG(a[0]) && FY_INT_VAL(a[0]) == s->number
                  : FY_STR_CHECK(a[0]) ? !strcmp(FY_STR_DATA(a[0]), s->name) || !strcmp(FY_STR_DATA(a[0]), s->label)
                                       : 0;
        if (!hit) continue;
        if (ck_lazy(k, 0) < 0 || (!k->r.stages[i].ir && ck_lazy(k, 1) < 0)) return NULL;
        return opt_str(k->r.stages[i].ir);
    }
    return fy_err_format(&fy_KeyError, "no stage %R (see .stages)", a[0]);
}

/* k(*args): made by flyc.compile, runs the jit function with args (kernels come from the compile cache);
 * otherwise launches the kernel itself with the kernel call's arguments and its launch configuration. */
static fy_obj *ck_call(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw) {
    ckernel *k = (ckernel *)o;
    if (fy_no_kwargs(FY_STR_DATA(k->name), kw) < 0) return NULL;
    if (k->jit) {
        if (na == 0 && k->jit_args) {
            size_t n;
            fy_obj **items = fy_seq_items(k->jit_args, &n);
            return fy_call(k->jit, items, n, NULL);
        }
        size_t nm = 0;
        fy_obj **model = k->jit_args ? fy_seq_items(k->jit_args, &nm) : NULL;
        fy_obj **args = fy_calloc(na ? na : 1, sizeof *args);
        if (!args) return NULL;
        size_t made = 0;
        for (; made < na; made++)
            if (!(args[made] = made < nm && model ? fy_dsl_ptr_arg_like(model[made], a[made]) : fy_ref(a[made]))) break;
        fy_obj *r = made == na ? fy_call(k->jit, args, na, NULL) : NULL;
        for (size_t i = 0; i < made; i++) FY_DECREF(args[i]);
        fy_free(args);
        return r;
    }
    return fy_trace_run(k, a, na);
}
static fy_obj *ck_repr(fy_obj *o) {
    ckernel *k = (ckernel *)o;
    return fy_str_printf("<CompiledKernel %s for %s, %d stages>", FY_STR_DATA(k->name), k->r.target, k->r.nstages);
}

/* _repr_html_(): the notebook view (mod_ipython.h fy_kernel_html): stages, per-pass IR, ISA, stats. */
static int64_t mix_i(fy_obj *d, const char *k) {
    fy_obj *v = fy_dict_get_cstr(d, k);
    return v && FY_INT_CHECK(v) && !FY_INT_IS_BIG(v) ? FY_INT_VAL(v) : 0;
}

/* "head: VALU n, SALU n, ..." of an instruction mix (stats["mix"] or one of stats["loops"]), a line. */
static void mix_line(fy_sbuf *b, const char *head, fy_obj *m) {
    if (!m || !FY_DICT_CHECK(m)) return;
    fy_sbuf_printf(b,
                   "%s: VALU %lld, SALU %lld, VMEM %lld loads + %lld stores + %lld atomics (%lld bytes a lane), SMEM "
                   "%lld, LDS %lld reads + %lld writes (%lld bytes a lane), MFMA %lld, branches %lld, s_waitcnt %lld",
                   head, (long long)mix_i(m, "valu"), (long long)mix_i(m, "salu"), (long long)mix_i(m, "vmem_load"),
                   (long long)mix_i(m, "vmem_store"), (long long)mix_i(m, "vmem_atomic"),
                   (long long)mix_i(m, "vmem_bytes_per_lane"), (long long)mix_i(m, "smem"),
                   (long long)mix_i(m, "lds_read"), (long long)mix_i(m, "lds_write"),
                   (long long)mix_i(m, "lds_bytes_per_lane"), (long long)mix_i(m, "mfma"),
                   (long long)mix_i(m, "branch"), (long long)mix_i(m, "waitcnt"));
    fy_sbuf_adds(b, "\n");
}

static fy_obj *ck_repr_html(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)a;
    if (fy_no_kwargs("_repr_html_", kw) < 0 || fy_check_nargs("_repr_html_", na, 0, 0) < 0) return NULL;
    ckernel *k = (ckernel *)o;
    if (ck_lazy(k, 1) < 0) return NULL;
    fy_kstage *st = calloc(k->r.nstages ? (size_t)k->r.nstages : 1, sizeof *st);
    if (!st) return fy_err_nomem();
    for (int i = 0; i < k->r.nstages; i++)
        st[i] = (fy_kstage){k->r.stages[i].label, k->r.stages[i].number ? k->r.stages[i].ms : -1,
                            k->r.stages[i].changed || !k->r.stages[i].number, k->r.stages[i].ir};
    fly_pipeline_stats *ps = &k->r.stats;
    char v[8][32];
    const char *keys[8] = {"vgpr", "agpr", "sgpr", "scratch_bytes", "lds_bytes", "occupancy", "limiter", "wave_size"};
    int vals[8] = {ps->vgpr, ps->agpr, ps->sgpr, ps->scratch_bytes, ps->lds_bytes, ps->occupancy, 0, ps->wave_size};
    fy_kstat stats[8];
    for (int i = 0; i < 8; i++) {
        if (i == 6) snprintf(v[i], sizeof v[i], "%s", ps->limiter);
        else snprintf(v[i], sizeof v[i], "%d", vals[i]);
        stats[i] = (fy_kstat){keys[i], v[i]};
    }
    fy_kernel_view view = {
        FY_STR_DATA(k->name), k->r.target, (size_t)k->r.nstages, st, k->r.isa, ps->valid ? 8 : 0, stats, NULL, NULL};
    fy_sbuf mix = {0};
    fy_obj *sd = fy_getattr_cstr(o, "stats");
    if (!sd) fy_err_clear();
    else if (FY_DICT_CHECK(sd)) {
        mix_line(&mix, "kernel", fy_dict_get_cstr(sd, "mix"));
        fy_obj *loops = fy_dict_get_cstr(sd, "loops");
        for (int64_t i = 0; loops && FY_LIST_CHECK(loops) && i < FY_LIST_N(loops); i++) {
            fy_obj *l = FY_LIST_ITEMS(loops)[i], *lab = FY_DICT_CHECK(l) ? fy_dict_get_cstr(l, "label") : NULL;
            char head[96];
            snprintf(head, sizeof head, "loop %s", lab && FY_STR_CHECK(lab) ? FY_STR_DATA(lab) : "?");
            mix_line(&mix, head, l);
        }
    }
    FY_XDECREF(sd);
    if (mix.len && !mix.oom) view.mix = mix.p;
    fy_obj *src = k->sources ? fy_trace_isa_source(k->r.isa, k->sources) : NULL;
    if (!src) fy_err_clear(); /* no line tables: no source view */
    else if (FY_STR_CHECK(src)) view.isa_source = FY_STR_DATA(src);
    fy_obj *r = fy_kernel_html(&view);
    fy_sbuf_free(&mix);
    FY_XDECREF(src);
    free(st);
    return r;
}

/* isa_source(): each DSL source line followed by the instructions it became (line tables needed). */
static fy_obj *ck_isa_source(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)a;
    if (fy_no_kwargs("isa_source", kw) < 0 || fy_check_nargs("isa_source", na, 0, 0) < 0) return NULL;
    ckernel *k = (ckernel *)o;
    if (ck_lazy(k, 1) < 0) return NULL;
    if (!k->sources)
        return fy_err_set(&fy_ValueError, "isa_source(): the kernel was compiled without line tables (use "
                                          "flyc.compile(..., debug_info=True) or FLYDSL_DEBUG_ENABLE_DEBUG_INFO=1)");
    return fy_trace_isa_source(k->r.isa, k->sources);
}

static fy_methoddef ck_methods[] = {{"ir", ck_ir, 0, "ir(stage=None)\nThe IR after a stage (number or pass name)."},
                                    {"isa_source", ck_isa_source, 0,
                                     "isa_source()\nEach DSL source line followed by the instructions it produced "
                                     "(needs line tables: flyc.compile(..., debug_info=True))."},
                                    {"_repr_html_", ck_repr_html, 0, "_repr_html_()\nThe HTML view of the kernel."},
                                    {0}};
/* _keepalive: the CompiledArtifact of the flyc.compile call that made this kernel (its jit function's latest, when
 * that one holds this kernel: all the kernels the call launched), else one of this kernel alone. */
static fy_obj *ck_keepalive(fy_obj *o) {
    ckernel *k = (ckernel *)o;
    fy_obj *last = k->jit ? fy_getattr_cstr(k->jit, "_last_compiled") : NULL, *art = NULL;
    if (!last) fy_err_clear();
    else if (FY_TUPLE_CHECK(last) && FY_TUPLE_N(last) == 2) {
        fy_obj *ks = fy_getattr_cstr(FY_TUPLE_ITEMS(last)[1], "kernels");
        for (int64_t i = 0; ks && FY_LIST_CHECK(ks) && i < (int64_t)FY_LIST_N(ks); i++)
            if (FY_LIST_ITEMS(ks)[i] == o) art = fy_ref(FY_TUPLE_ITEMS(last)[1]);
        if (!ks) fy_err_clear();
        FY_XDECREF(ks);
    }
    FY_XDECREF(last);
    return art ? art : fy_dsl_kernel_artifact(o);
}
static fy_getsetdef ck_getsets[] = {
    {"stages", ck_stages, NULL, "the pipeline stages"},
    {"llvm_ir", ck_llvm, NULL, "device LLVM IR"},
    {"isa", ck_isa, NULL, "AMDGPU assembly"},
    {"binary", ck_binary, NULL, "the code object"},
    {"stats", ck_stats, NULL, "resource usage"},
    {"timings", ck_timings, NULL, "milliseconds per phase"},
    {"name", ck_name, NULL, "kernel name"},
    {"target", ck_target, NULL, "the GPU target"},
    {"compile_hints", ck_hints, NULL, "the compiling jit function's compile hints"},
    {"_keepalive", ck_keepalive, NULL, "a CompiledArtifact of this kernel (FlyDSL's: source_ir, ir)"},
    {0}};
fy_type fy_trace_ckernel_type = {
    FY_TYPE_INIT("CompiledKernel", sizeof(ckernel)),
    .flags = FY_TPF_FINAL,
    .doc = "What flyc.compile(jit_fn, *args) returns (flydsl.compiler.CompiledFunction): calling it with positional "
           "arguments runs jit_fn again on them (the kernels compiled once); .isa, .binary, .ir(), .stages and "
           "_keepalive (the CompiledArtifact) show what was compiled.",
    .dealloc = ck_dealloc,
    .call = ck_call,
    .repr = ck_repr,
    .methods = ck_methods,
    .getsets = ck_getsets,
};

int fy_trace_add_compiled_type(fy_obj *m) {
    if (fy_type_ready(&ckernel_type) < 0) return -1;
    return fy_module_add(m, "CompiledFunction", &ckernel_type.h);
}

fy_ckernel *fy_trace_ckernel_alloc(void) {
    if (fy_type_ready(&ckernel_type) < 0 || fy_type_ready(&cstage_type) < 0) return NULL;
    return (ckernel *)fy_alloc(&ckernel_type);
}

/* ------------------------------------------------------------------ tracing */

/* ---- the arguments against the annotations, before the trace ---- */

/* What an argument is, for an error: "int (5)", "a tensor (torch.float32, 2-D)", "a runtime Int32". */
static void describe_arg(fy_obj *arg, char *b, size_t n) {
    if (FY_TORCH_CHECK(arg)) {
        fy_torch_tensor *t = (fy_torch_tensor *)arg;
        snprintf(b, n, "a tensor (torch.%s, %d-D)", fy_torch_dtype_name(t->dtype), t->ndim);
    } else if (FY_DSL_NUM_CHECK(arg) && !((fy_dsl_num *)arg)->is_static) {
        snprintf(b, n, "a runtime %s", ((fy_dsl_num *)arg)->dt->name);
    } else if (FY_INT_CHECK(arg) || FY_FLOAT_CHECK(arg) || FY_STR_CHECK(arg) || FY_DSL_NUM_CHECK(arg) ||
               arg == fy_None || arg == fy_True || arg == fy_False) {
        fy_obj *r = fy_repr(arg);
        if (r && FY_STR_CHECK(r) && FY_STR_LEN(r) < 60) snprintf(b, n, "%s (%s)", fy_type_name(arg), FY_STR_DATA(r));
        else snprintf(b, n, "%s", fy_type_name(arg));
        if (!r) fy_err_clear();
        FY_XDECREF(r);
    } else {
        snprintf(b, n, "%s", fy_type_name(arg));
    }
}

/* "kernel 'k' argument 'A'" for the errors of argument i. */
static void arg_label(const char *kname, fy_function *fn, size_t i, char *b, size_t n) {
    fy_obj *v = fn->code->varnames;
    if (i < (size_t)fn->code->argcount && v && FY_TUPLE_CHECK(v) && i < (size_t)FY_TUPLE_N(v) &&
        FY_STR_CHECK(FY_TUPLE_ITEMS(v)[i]))
        snprintf(b, n, "kernel '%s' argument '%s'", kname, FY_STR_DATA(FY_TUPLE_ITEMS(v)[i]));
    else snprintf(b, n, "kernel '%s' argument %zu", kname, i);
}

/* Checks argument i against its annotation: 0, or -1 with a TypeError naming the parameter, what it
 * expects and what came. */
static int check_arg(const char *label, fy_obj *ann, fy_obj *arg) {
    char got[128];
    describe_arg(arg, got, sizeof got);
    if (fy_trace_is_constexpr(ann)) {
        if (FY_DSL_NUM_CHECK(arg) && !((fy_dsl_num *)arg)->is_static) {
            fy_err_format(&fy_TypeError,
                          "%s is an fx.Constexpr: it takes a value known when the kernel is traced, got %s", label,
                          got);
            return -1;
        }
        if (FY_DSL_NUM_CHECK(arg) && ((fy_dsl_num *)arg)->host_rt) { /* FlyDSL: a dynamic value of the host */
            fy_err_format(&fy_TypeError,
                          "%s is an fx.Constexpr: it takes a value known when the kernel is traced, got the "
                          "launcher's run-time parameter %s (annotate the launcher's parameter fx.Constexpr[int] "
                          "to specialise on its value)",
                          label, got);
            return -1;
        }
        fy_dsl_targ_spec sp;
        int is_tensor = FY_TORCH_CHECK(arg);
        if (!is_tensor) {
            int r = fy_dsl_targ_spec_of(arg, -1, &sp);
            if (r < 0) fy_err_clear();
            is_tensor = r > 0;
        }
        if (is_tensor || fy_dsl_is_ptr_arg(arg)) { /* FlyDSL's Constexpr.value_signature refuses them too */
            fy_err_format(&fy_TypeError,
                          "%s is an fx.Constexpr: Constexpr values support only int, bool, float, str, tuples of "
                          "those scalar values, and lambdas without free variables; got %s",
                          label, got);
            return -1;
        }
        return 0;
    }
    if (ann == &fy_dsl_tensor_type.h) { /* a tensor (or from_dlpack's adaptor), never a scalar or a sequence */
        if (FY_INT_CHECK(arg) || FY_FLOAT_CHECK(arg) || FY_STR_CHECK(arg) || FY_DSL_NUM_CHECK(arg) || arg == fy_None ||
            FY_LIST_CHECK(arg) || FY_TUPLE_CHECK(arg)) {
            fy_err_format(&fy_TypeError,
                          "%s expects a tensor (fx.Tensor: a torch tensor on the device or "
                          "flyc.from_dlpack(t)), got %s",
                          label, got);
            return -1;
        }
        return 0;
    }
    if (ann && FY_DSL_IS_NUMERIC_TYPE(ann)) {
        fy_dsl_numeric *t = (fy_dsl_numeric *)ann;
        if (FY_TORCH_CHECK(arg) || (!FY_INT_CHECK(arg) && !FY_FLOAT_CHECK(arg) && !FY_DSL_NUM_CHECK(arg))) {
            fy_err_format(&fy_TypeError, "%s expects a number (fx.%s), got %s", label, t->name, got);
            return -1;
        }
    }
    return 0;
}

int fy_trace_is_self_param(fy_function *fn, size_t i) {
    if (i != 0 || fn->code->argcount < 1) return 0;
    fy_obj *pname = FY_TUPLE_ITEMS(fn->code->varnames)[0];
    return !strcmp(FY_STR_DATA(pname), "self") && !(fn->annotations && fy_dict_get(fn->annotations, pname));
}

/* The kernel's argument i: Constexpr parameters as given, numbers as dynamic parameters. */
static fy_obj *param_value(fy_tracer *tr, fy_function *fn, size_t i, fy_obj *arg, const char *kname) {
    fy_obj *ann = NULL;
    if (fn->annotations && (size_t)fn->code->argcount > i) {
        fy_obj *pname = FY_TUPLE_ITEMS(fn->code->varnames)[i];
        ann = fy_dict_get(fn->annotations, pname);
    }
    (void)kname;
    if (fy_trace_is_constexpr(ann)) return fy_ref(arg);
    /* a kernel method's self (kernel defined in a class, called as self.kernel(...)): the Python object itself */
    if (fy_trace_is_self_param(fn, i)) return fy_ref(arg);
    if (fy_trace_pystruct_vals(arg) || fy_trace_is_namespace(arg))
        return fy_trace_struct_param(tr, (int)i, arg, 0); /* a parameter per field (attribute of a namespace) */
    if (fy_trace_is_mma_value(arg) || fy_trace_is_copy_value(arg) || fy_trace_is_static_struct(arg))
        return fy_ref(arg); /* fx.TiledMma, fx.TiledCopy, a struct of Constexpr fields */
    if (ann && FY_DSL_IS_NUMERIC_TYPE(ann)) {
        fy_dsl_numeric *t = (fy_dsl_numeric *)ann;
        if (t->width > 64)
            return fy_err_format(&fy_NotImplementedError, "kernel argument %zu: %s kernel arguments are not supported",
                                 i, t->name);
        fy_obj *chk = fy_dsl_num_convert(t, arg); /* the argument must convert */
        if (!chk) return NULL;
        FY_DECREF(chk);
        return fy_dsl_num_dynamic(t, fy_trace_add_param(tr, fy_trace_mlir_type(t),
                                                        (fy_trace_param){.kind = FY_TP_NUM, .argi = (int)i, .t = t}));
    }
    fy_obj *tv = fy_trace_tensor_param(tr, (int)i, arg, ann);
    if (tv || fy_err_occurred()) return tv;
    if ((tv = fy_trace_ptr_param(tr, (int)i, arg, ann)) || fy_err_occurred()) return tv;
    fy_obj *n = fy_dsl_as_numeric(arg);
    if (!n) {
        if (!fy_err_occurred())
            fy_err_format(&fy_NotImplementedError, "kernel argument %zu: values of type '%s' are not supported yet", i,
                          fy_type_name(arg));
        return NULL;
    }
    fy_dsl_numeric *t = ((fy_dsl_num *)n)->dt;
    FY_DECREF(n);
    return fy_dsl_num_dynamic(
        t, fy_trace_add_param(tr, fy_trace_mlir_type(t), (fy_trace_param){.kind = FY_TP_NUM, .argi = (int)i, .t = t}));
}

/* An error of argument i that names it by index ("kernel argument 3: ...") names it by kernel and parameter. */
static void relabel(const char *kname, fy_function *fn, size_t i) {
    fy_obj *e = fy_err_occurred();
    if (!e) return;
    fy_obj *msg = fy_str(e);
    char head[48];
    snprintf(head, sizeof head, "kernel argument %zu: ", i);
    if (msg && FY_STR_CHECK(msg) && !strncmp(FY_STR_DATA(msg), head, strlen(head))) {
        char label[200];
        arg_label(kname, fn, i, label, sizeof label);
        fy_type *t = FY_TYPE(e);
        fy_obj *rest = fy_str_from_cstr(FY_STR_DATA(msg) + strlen(head));
        fy_err_clear();
        if (rest) fy_err_format(t, "%s: %S", label, rest);
        FY_XDECREF(rest);
    } else if (!msg) {
        fy_err_clear();
        fy_err_restore(fy_ref(e));
    }
    FY_XDECREF(msg);
}

/* The kernel call's argument count against the kernel's parameters (Python's wording). */
static int fy_trace_bind_check(const char *kname, fy_function *fn, size_t nargs) {
    fy_code *c = fn->code;
    if (c->flags & FY_CO_VARARGS || c->kwonlycount) return 0;
    size_t n = (size_t)c->argcount, ndef = fn->defaults && FY_TUPLE_CHECK(fn->defaults) ? FY_TUPLE_N(fn->defaults) : 0;
    if (nargs > n) {
        fy_err_format(&fy_TypeError, "%s() takes %zu positional argument%s but %zu %s given", kname, n,
                      n == 1 ? "" : "s", nargs, nargs == 1 ? "was" : "were");
        return -1;
    }
    if (nargs + ndef >= n) return 0;
    char names[512] = "";
    size_t miss = n - ndef - nargs;
    for (size_t i = nargs, k = 0; i < n - ndef; i++, k++) {
        fy_obj *v = FY_TUPLE_ITEMS(c->varnames)[i];
        size_t l = strlen(names);
        snprintf(names + l, sizeof names - l, "%s'%s'",
                 !k              ? ""
                 : miss == 2     ? " and "
                 : k + 1 == miss ? ", and "
                                 : ", ",
                 FY_STR_CHECK(v) ? FY_STR_DATA(v) : "?");
    }
    fy_err_format(&fy_TypeError, "%s() missing %zu required positional argument%s: %s", kname, miss,
                  miss == 1 ? "" : "s", names);
    return -1;
}

int fy_trace_check_args(fy_obj *fnobj, const char *name, fy_obj *const *args, size_t nargs) {
    if (FY_TYPE(fnobj) != &fy_function_type) return 0;
    fy_function *fn = (fy_function *)fnobj;
    if (fy_trace_bind_check(name, fn, nargs) < 0) return -1;
    for (size_t i = 0; i < nargs && i < (size_t)fn->code->argcount; i++) {
        fy_obj *ann = fn->annotations ? fy_dict_get(fn->annotations, FY_TUPLE_ITEMS(fn->code->varnames)[i]) : NULL;
        char label[200];
        arg_label(name, fn, i, label, sizeof label);
        if (check_arg(label, ann, args[i]) < 0) return -1;
    }
    return 0;
}

/* What a launching jit function's parameter annotated ann receives for argument arg: for fx.Int32 & co a value
 * of that type holding the argument, marked host_rt (FlyDSL makes it a run-time value of the host function:
 * not part of the cache key, no compile per value); a Stream for fx.Stream; else arg. A new reference. */
static fy_obj *launcher_runtime_arg(fy_obj *ann, fy_obj *arg) {
    if (!FY_DSL_IS_NUMERIC_TYPE(ann) || ((fy_dsl_numeric *)ann)->kind == FY_DSL_K_ABSTRACT)
        return fy_trace_stream_coerce(ann, arg);
    if (FY_DSL_NUM_CHECK(arg) && !((fy_dsl_num *)arg)->is_static) return fy_ref(arg);
    fy_obj *w = fy_dsl_num_convert((fy_dsl_numeric *)ann, arg);
    if (w && FY_DSL_NUM_CHECK(w) && ((fy_dsl_num *)w)->is_static) {
        if (w == arg) { /* a typed value given: a copy, so that the caller's value keeps its kind */
            fy_dsl_num *o = (fy_dsl_num *)w;
            FY_DECREF(w);
            w = FY_DSL_IS_FLOAT(o->dt) ? fy_dsl_num_float(o->dt, o->f) : fy_dsl_num_int(o->dt, o->i);
            if (!w) return NULL;
        }
        ((fy_dsl_num *)w)->host_rt = 1;
    }
    return w;
}

fy_obj **fy_trace_jit_args(fy_obj *fnobj, fy_obj *const *a, size_t na, fy_obj *kw, int launching, int *failed) {
    *failed = 0;
    if (FY_TYPE(fnobj) != &fy_function_type) return NULL;
    fy_function *fn = (fy_function *)fnobj;
    if (!fn->annotations || !FY_DICT_CHECK(fn->annotations)) return NULL;
    fy_code *c = fn->code;
    const char *fname = FY_STR_CHECK(fn->name) ? FY_STR_DATA(fn->name) : "?";
    size_t nkw = fy_kwcount(kw), n = na + nkw;
    fy_obj **v = NULL;
    for (size_t i = 0; i < n; i++) {
        fy_obj *pname = NULL;
        if (i < na && i < (size_t)c->argcount) pname = FY_TUPLE_ITEMS(c->varnames)[i];
        else if (i >= na) pname = FY_TUPLE_ITEMS(kw)[i - na];
        fy_obj *ann = pname ? fy_dict_get(fn->annotations, pname) : NULL;
        if (!ann) continue;
        char label[200];
        snprintf(label, sizeof label, "jit function '%s' argument '%s'", fname,
                 FY_STR_CHECK(pname) ? FY_STR_DATA(pname) : "?");
        if (check_arg(label, ann, a[i]) < 0) goto fail;
        fy_obj *w = launching ? launcher_runtime_arg(ann, a[i]) : fy_trace_stream_coerce(ann, a[i]);
        if (!w) goto fail;
        if (w == a[i] && !v) {
            FY_DECREF(w);
            continue;
        }
        if (!v) {
            if (!(v = fy_calloc(n, sizeof *v))) {
                FY_DECREF(w);
                goto fail;
            }
            for (size_t j = 0; j < n; j++) v[j] = fy_ref(a[j]);
        }
        FY_SETREF(v[i], w);
    }
    return v;
fail:
    fy_trace_jit_args_free(v, n);
    *failed = 1;
    return NULL;
}

void fy_trace_jit_args_free(fy_obj **v, size_t n) {
    if (!v) return;
    for (size_t i = 0; i < n; i++) FY_XDECREF(v[i]);
    fy_free(v);
}

static unsigned known_block[3];

void fy_trace_set_known_block(const unsigned block[3]) {
    if (block) memcpy(known_block, block, sizeof known_block);
    else memset(known_block, 0, sizeof known_block);
}

const unsigned *fy_trace_known_block(void) { return known_block; }

static char *func_attrs;

void fy_trace_set_func_attrs(const char *text) {
    free(func_attrs);
    func_attrs = text && *text ? strdup(text) : NULL;
}

const char *fy_trace_func_attrs(void) { return func_attrs ? func_attrs : ""; }

size_t fy_trace_kernel_dyn_smem(fy_obj *ck) {
    return ck && FY_TYPE(ck) == &ckernel_type ? ((fy_ckernel *)ck)->dyn_smem : 0;
}

static char *llvm_opts;

void fy_trace_set_llvm_opts(const char *text) {
    free(llvm_opts);
    llvm_opts = text && *text ? strdup(text) : NULL;
}

const char *fy_trace_llvm_opts(void) { return llvm_opts ? llvm_opts : ""; }

/* FlyDSL's FLYDSL_COMPILE_LLVM_DIR hands device code generation to another LLVM install; flyi's kernels always
 * go through its own LLVM, so say so once instead of ignoring the setting silently. */
static void note_external_llvm(void) {
    static int said;
    const char *d = getenv("FLYDSL_COMPILE_LLVM_DIR");
    if (said || !d || !*d) return;
    said = 1;
    fprintf(stderr,
            "flyi: FLYDSL_COMPILE_LLVM_DIR=%s is set, but flyi compiles kernels with its own LLVM; the external "
            "toolchain is used only by flydsl.compiler.external_llvm.run_external_binary_codegen on IR built by "
            "hand\n",
            d);
}

fy_obj *fy_trace_compile_kernel(fy_obj *fnobj, const char *name, fy_obj *const *args, size_t nargs,
                                const char *target) {
    note_external_llvm();
    if (FY_TYPE(fnobj) != &fy_function_type)
        return fy_err_format(&fy_TypeError, "kernel: expected a Python function, not '%s'", fy_type_name(fnobj));
    if (fy_type_ready(&ckernel_type) < 0 || fy_type_ready(&cstage_type) < 0) return NULL;
    fy_function *fn = (fy_function *)fnobj;
    if (fn->code->flags & FY_CO_GENERATOR) { /* a yield that is no loop's scf.yield */
        int at = 0;
        while (at < fn->code->ncode && FY_OPC(fn->code->code[at]) != OP_YIELD_VALUE &&
               FY_OPC(fn->code->code[at]) != OP_YIELD_FROM)
            at++;
        return fy_err_format(&fy_SyntaxError,
                             "kernel '%s': `yield` at line %d is outside a `for ... in range(..., "
                             "init=[...])` loop; in a kernel, yield only ends such a loop's body (scf.yield)",
                             name, fy_code_line_of(&fn->code->h, at < fn->code->ncode ? at : 0));
    }
    fy_tracer tr = {0};
    fy_trace_begin(&tr, name);
    tr.lines = fy_trace_line_tables();
    fy_obj **vals = fy_calloc(nargs ? nargs : 1, sizeof *vals);
    if (!vals) return NULL;
    fy_obj *res = NULL;
    size_t made = 0;
    if (fy_trace_check_args(fnobj, name, args, nargs) < 0) goto out;
    for (; made < nargs; made++)
        if (!(vals[made] = param_value(&tr, fn, made, args[made], name))) {
            relabel(name, fn, made);
            goto out;
        }
    fy_tracer *prev = fy_trace_set(&tr);
    struct fy_code *prevk = fy_trace_scf_set_kernel(fn->code);
    res = fy_call(fnobj, vals, nargs, NULL);
    fy_trace_scf_set_kernel(prevk);
    fy_trace_set(prev);
    if (!res) goto out;
    FY_CLEAR(res);
    if (tr.stale) {
        fy_trace_stale_error(&tr, name);
        goto out;
    }
    if (tr.failed) {
        fy_err_nomem();
        goto out;
    }
    { /* FlyDSL's capacity check of the static LDS allocations (64 KiB on gfx942, 160 KiB on gfx950) */
        const char *arch = target && *target ? target : "gfx942";
        int64_t limit = strstr(arch, "gfx950") ? 163840 : 65536;
        if (tr.lds_bytes > limit) {
            fy_err_format(&fy_RuntimeError,
                          "Shared Memory Overflow: Requested %lld bytes, but device %s limit is %lld bytes.",
                          (long long)tr.lds_bytes, arch, (long long)limit);
            goto out;
        }
    }
    char err[512];
    const fly_core_api *api = fly_core_load(err, sizeof err);
    if (!api) {
        fy_err_format(&fy_RuntimeError, "cannot load the compiler core: %s", err);
        goto out;
    }
    /* the launch's block as known_block_size (FlyDSL's specialisation): the code object's maximum
     * flat workgroup size follows it */
    char kbs[96] = "";
    if (known_block[0])
        snprintf(kbs, sizeof kbs, "known_block_size = array<i32: %u, %u, %u>", known_block[0], known_block[1],
                 known_block[2]);
    const char *fa = fy_trace_func_attrs();
    size_t alen = strlen(kbs) + strlen(fa) + 32;
    char *attrs = malloc(alen);
    if (!attrs) {
        fy_err_nomem();
        goto out;
    }
    if (*kbs || *fa) snprintf(attrs, alen, " attributes {%s%s%s}", kbs, *kbs && *fa ? ", " : "", fa);
    else attrs[0] = 0;
    size_t cap = tr.len + tr.plen + tr.prlen + strlen(name) + alen + 256;
    char *text = malloc(cap);
    if (!text) {
        free(attrs);
        fy_err_nomem();
        goto out;
    }
    snprintf(
        text, cap,
        "module attributes {gpu.container_module} {\n  gpu.module @kernels {\n%s    gpu.func @%s(%s) kernel%s {\n%s"
        "      gpu.return\n    }\n  }\n}\n",
        tr.prelude ? tr.prelude : "", name, tr.params ? tr.params : "", attrs, tr.body ? tr.body : "");
    free(attrs);
    ckernel *k = (ckernel *)fy_alloc(&ckernel_type);
    if (!k) {
        free(text);
        goto out;
    }
    k->origin = text;
    k->name = fy_str_from_cstr(name);
    k->pmap = tr.pmap;
    k->nparams = tr.nparams;
    k->nargs = nargs;
    k->dyn_smem = (size_t)tr.dyn_lds_bytes;
    tr.pmap = NULL;
    fly_pipeline_options opts = {.target = target, .stop_after = -1, .debug_info = 1, .line_tables = tr.lines};
    if (tr.lines) k->sources = tr.sources ? fy_ref(tr.sources) : fy_dict_new();
    api->compile_ex(text, &opts, &k->r);
    k->api = api;
    if (!k->r.ok) {
        fy_err_format(&fy_RuntimeError, "compiling kernel '%s' failed in %s:\n%s", name,
                      k->r.error_stage ? k->r.error_stage : "?", k->r.error ? k->r.error : "");
        FY_DECREF(k);
        goto out;
    }
    if (fy_trace_dump_env_wanted() && fy_trace_dump_env(&k->h, name) < 0) { /* FLYDSL_DUMP_IR & co (trace_dump.c) */
        FY_DECREF(k);
        goto out;
    }
    res = &k->h;
out:
    for (size_t i = 0; i < made; i++) FY_DECREF(vals[i]);
    fy_free(vals);
    fy_trace_free(&tr);
    return res;
}
