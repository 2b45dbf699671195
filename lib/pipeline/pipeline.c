/* pipeline.c - running passes with per-pass snapshots, then code generation. */
#include "pipeline/pipeline.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir_context.h"
#include "ir/ir_diag.h"
#include "ir/ir_util.h"
#include "passes/pass.h"
#include "pipeline/codegen.h"
#include "pipeline/target.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Pass.h"

#define MAX_STAGES 64

typedef struct stage_spec {
    char name[256];  /* the pass as users see it */
    char label[96];  /* dump stem without the number */
    char text[512];  /* what fly_pass_add receives */
} stage_spec;

/* FlyDSL's ROCm pipeline (flydsl-surface.md 4.2), one entry per dump file. */
static const struct {
    const char *label, *fmt;
} standard[] = {
    {"fly_rewrite_func_signature", "fly-rewrite-func-signature"},
    {"fly_canonicalize", "fly-canonicalize"},
    {"fly_layout_lowering", "fly-layout-lowering"},
    {"fly_int_swizzle_simplify", "fly-int-swizzle-simplify"},
    {"canonicalize", "canonicalize"},
    {"fly_convert_atom_call_to_ssa_form", "fly-convert-atom-call-to-ssa-form"},
    {"fly_promote_regmem_to_vectorssa", "fly-promote-regmem-to-vectorssa"},
    {"convert_fly_to_rocdl", "convert-fly-to-rocdl"},
    {"canonicalize", "canonicalize"},
    {"convert_scf_to_cf_cse_convert_gpu_to_rocdl",
     "gpu.module(convert-scf-to-cf,cse,convert-gpu-to-rocdl{chipset=%1$s index-bitwidth=0 runtime=HIP "
     "use-bare-ptr-memref-call-conv=true})"},
    {"rocdl_attach_target", "rocdl-attach-target{O=2 abi=600 chip=%1$s correct-sqrt=true triple=amdgcn-amd-amdhsa "
                            "wave64=true}"},
    {"convert_scf_to_cf", "convert-scf-to-cf"},
    {"convert_cf_to_llvm", "convert-cf-to-llvm"},
    {"gpu_to_llvm", "gpu-to-llvm{use-bare-pointers-for-host=true use-bare-pointers-for-kernels=true}"},
    {"convert_vector_to_llvm", "convert-vector-to-llvm"},
    {"convert_arith_to_llvm", "convert-arith-to-llvm"},
    {"convert_func_to_llvm", "convert-func-to-llvm"},
    {"reconcile_unrealized_casts", "reconcile-unrealized-casts"},
    {"gpu_module_to_binary", "gpu-module-to-binary{format=isa toolkit=%2$s}"},
};
#define NSTANDARD (int)(sizeof standard / sizeof standard[0])
#define BINARY_STAGE NSTANDARD /* the stage number of gpu-module-to-binary */

int fly_pipeline_stage_count(void) { return NSTANDARD; }
const char *fly_pipeline_stage_label(int i) { return i >= 1 && i <= NSTANDARD ? standard[i - 1].label : NULL; }

static void spec_standard(stage_spec *s, int i, const char *chip, const char *toolkit)
{
    snprintf(s->text, sizeof s->text, standard[i].fmt, chip, toolkit ? toolkit : "");
    snprintf(s->label, sizeof s->label, "%s", standard[i].label);
    /* the name: the pass text without options */
    char *o = s->name;
    size_t cap = sizeof s->name;
    int depth = 0;
    for (const char *p = s->text; *p && cap > 1; p++) {
        if (*p == '{')
            depth++;
        else if (*p == '}')
            depth--;
        else if (!depth) {
            *o++ = *p;
            cap--;
        }
    }
    *o = '\0';
}

/* Splits a comma-separated pass list at top level (outside (), {}). */
static int spec_list(const char *list, stage_spec *out, int max)
{
    int n = 0, depth = 0;
    const char *start = list;
    for (const char *p = list;; p++) {
        if (*p == '(' || *p == '{')
            depth++;
        else if (*p == ')' || *p == '}')
            depth--;
        if ((*p == ',' && depth == 0) || *p == '\0') {
            while (start < p && (*start == ' ' || *start == '\n'))
                start++;
            size_t len = (size_t)(p - start);
            if (len && n < max) {
                stage_spec *s = &out[n++];
                snprintf(s->text, sizeof s->text, "%.*s", (int)len, start);
                snprintf(s->name, sizeof s->name, "%.*s", (int)len, start);
                size_t j = 0;
                for (size_t i = 0; i < len && s->text[i] != '{' && j + 1 < sizeof s->label; i++)
                    s->label[j++] = (char)((s->text[i] >= 'a' && s->text[i] <= 'z') ||
                                                   (s->text[i] >= '0' && s->text[i] <= '9')
                                               ? s->text[i]
                                               : '_');
                s->label[j] = '\0';
            }
            if (!*p)
                break;
            start = p + 1;
        }
    }
    return n;
}

/* ---- snapshots ---- */

typedef struct snap_state {
    fly_pipeline_result *res;
    bool debuginfo;
    double mark;     /* end of the previous snapshot */
    double snap_ms;  /* time spent printing */
} snap_state;

typedef struct snap_ud {
    snap_state *st;
    int number;
    stage_spec spec;
} snap_ud;

static void push_stage(fly_pipeline_result *res, int number, const char *name, const char *label, double ms,
                       char *ir)
{
    fly_pipeline_stage *v = realloc(res->stages, sizeof *v * (size_t)(res->nstages + 1));
    if (!v) {
        free(ir);
        return;
    }
    res->stages = v;
    fly_pipeline_stage *s = &v[res->nstages];
    const char *prev = res->nstages ? v[res->nstages - 1].ir : NULL;
    s->number = number;
    s->name = strdup(name);
    char stem[128];
    snprintf(stem, sizeof stem, "%02d_%s", number, label);
    s->label = strdup(stem);
    s->ms = ms;
    s->changed = !prev || !ir || strcmp(prev, ir) != 0;
    s->ir = ir;
    res->nstages++;
}

static void snap_run(MlirOperation op, MlirExternalPass pass, void *user)
{
    (void)pass;
    snap_ud *u = user;
    double t0 = fly_ir_now_ms();
    char *ir = fly_ir_op_print(fly_ir_top(op), u->st->debuginfo, false);
    push_stage(u->st->res, u->number, u->spec.name, u->spec.label, t0 - u->st->mark, ir);
    double t1 = fly_ir_now_ms();
    u->st->snap_ms += t1 - t0;
    u->st->mark = t1;
}

static void *snap_clone(void *user) { return user; }
static void snap_destruct(void *user) { free(user); }

static MlirPass snapshot_pass(snap_state *st, int number, const stage_spec *spec)
{
    static MlirTypeIDAllocator alloc;
    static MlirTypeID id;
    if (!alloc.ptr) {
        alloc = mlirTypeIDAllocatorCreate();
        id = mlirTypeIDAllocatorAllocateTypeID(alloc);
    }
    snap_ud *u = malloc(sizeof *u);
    u->st = st;
    u->number = number;
    u->spec = *spec;
    MlirExternalPassCallbacks cb = {0};
    cb.run = snap_run;
    cb.clone = snap_clone;
    cb.destruct = snap_destruct;
    return mlirCreateExternalPass(id, fly_ir_sref("FlySnapshot"), fly_ir_sref("fly-snapshot"),
                                  fly_ir_sref("capture the IR after a pass"), fly_ir_sref(""), 0, NULL, cb, u);
}

/* Runs specs[0..n) (stage numbers first..) on the module; false with error/error_stage set. */
static bool run_stages(MlirOperation module, const stage_spec *specs, int n, int first, fly_ir_diags *diags,
                       snap_state *st, bool snapshots)
{
    fly_pipeline_result *res = st->res;
    MlirPassManager pm = mlirPassManagerCreate(mlirOperationGetContext(module));
    MlirOpPassManager top = mlirPassManagerGetAsOpPassManager(pm);
    fly_ir_buf err = {0};
    for (int i = 0; i < n; i++) {
        if (!fly_pass_add(top, specs[i].text, &err)) {
            res->error = fly_ir_buf_take(&err);
            res->error_stage = strdup(specs[i].name);
            mlirPassManagerDestroy(pm);
            return false;
        }
        if (snapshots)
            mlirOpPassManagerAddOwnedPass(top, snapshot_pass(st, first + i, &specs[i]));
    }
    int before = res->nstages;
    double t0 = fly_ir_now_ms();
    st->mark = t0;
    MlirLogicalResult r = mlirPassManagerRunOnOp(pm, module);
    res->t.passes += fly_ir_now_ms() - t0;
    mlirPassManagerDestroy(pm);
    if (mlirLogicalResultIsSuccess(r))
        return true;
    int failed = snapshots ? res->nstages - before : n == 1 ? 0 : -1;
    if (failed >= n)
        failed = n - 1;
    res->error_stage = strdup(failed >= 0 ? specs[failed].name : "pipeline");
    fly_ir_buf msg = {0};
    fly_ir_buf_printf(&msg, "pass '%s' failed", res->error_stage);
    const char *d = fly_ir_diags_text(diags);
    if (*d)
        fly_ir_buf_printf(&msg, ":\n%s", d);
    else
        fly_ir_buf_puts(&msg, "\n");
    res->error = fly_ir_buf_take(&msg);
    return false;
}

static void set_error(fly_pipeline_result *r, const char *stage, const char *msg)
{
    free(r->error);
    free(r->error_stage);
    r->error = strdup(msg);
    r->error_stage = strdup(stage);
}

/* LLVM IR, HSACO and stats once the module is in the LLVM dialect (before gpu-module-to-binary). */
static bool prepare_codegen(MlirOperation module, const fly_pipeline_target *tg, fly_codegen *cg,
                            fly_pipeline_result *res)
{
    MlirOperation gm = fly_ir_find_first(module, "gpu.module");
    if (mlirOperationIsNull(gm)) {
        set_error(res, "llvm-ir", "the module has no gpu.module to compile");
        return false;
    }
    fly_ir_buf err = {0};
    double t0 = fly_ir_now_ms();
    bool ok = fly_codegen_translate(cg, gm, &err);
    res->t.translate = fly_ir_now_ms() - t0;
    if (!ok) {
        set_error(res, "llvm-ir", err.data ? err.data : "translation to LLVM IR failed");
        fly_ir_buf_free(&err);
        return false;
    }
    res->llvm_ir = fly_codegen_llvm_ir(cg);
    if (fly_codegen_needs_devlibs(cg)) {
        /* ROCm device libraries are linked by gpu-module-to-binary only: keep a copy for format=bin */
        cg->devlib_clone = mlirOperationClone(module);
    } else {
        t0 = fly_ir_now_ms();
        ok = fly_codegen_object(cg, tg->chip, &err);
        res->t.codegen = fly_ir_now_ms() - t0;
        if (!ok) {
            set_error(res, "codegen", err.data ? err.data : "code generation failed");
            fly_ir_buf_free(&err);
            return false;
        }
    }
    (void)res;
    return true;
}

static bool finish_codegen(fly_codegen *cg, const fly_pipeline_target *tg, fly_ir_diags *diags,
                           fly_pipeline_result *res)
{
    fly_ir_buf err = {0};
    double t0 = fly_ir_now_ms();
    bool ok;
    if (!mlirOperationIsNull(cg->devlib_clone)) {
        stage_spec bin;
        snprintf(bin.text, sizeof bin.text, "gpu-module-to-binary{format=bin toolkit=%s}", fly_codegen_toolkit_dir());
        snprintf(bin.name, sizeof bin.name, "gpu-module-to-binary");
        snprintf(bin.label, sizeof bin.label, "gpu_module_to_binary");
        snap_state st = {.res = res};
        int n = res->nstages;
        ok = run_stages(cg->devlib_clone, &bin, 1, BINARY_STAGE, diags, &st, false);
        res->nstages = n;
        size_t len = 0;
        char *bytes = ok ? fly_codegen_binary_payload(cg->devlib_clone, &len) : NULL;
        if (bytes) {
            res->hsaco = (unsigned char *)bytes;
            res->hsaco_size = len;
            res->link_method = "gpu-module-to-binary (device libraries)";
        } else {
            ok = false;
            if (!res->error)
                set_error(res, "link", "gpu-module-to-binary{format=bin} gave no code object");
        }
    } else {
        ok = fly_codegen_link(cg, &res->hsaco, &res->hsaco_size, &res->link_method, &err);
        if (!ok)
            set_error(res, "link", err.data ? err.data : "linking failed");
    }
    res->t.link = fly_ir_now_ms() - t0;
    fly_ir_buf_free(&err);
    if (ok)
        fly_codegen_stats(res->hsaco, res->hsaco_size, tg, &res->stats);
    return ok;
}

int fly_pipeline_compile_module(MlirModule module, const fly_pipeline_options *opts, fly_pipeline_result *out)
{
    static const fly_pipeline_options defaults = {NULL, NULL, -1, 0, 0, 0};
    if (!opts)
        opts = &defaults;
    double parse_ms = out->t.parse;
    memset(out, 0, sizeof *out);
    out->t.parse = parse_ms;
    double t_start = fly_ir_now_ms();
    const fly_pipeline_target *tg = fly_pipeline_target_get(opts->target);
    if (!tg) {
        char msg[160];
        snprintf(msg, sizeof msg, "unknown target '%s' (supported: %s)", opts->target, fly_pipeline_target_names());
        set_error(out, "target", msg);
        return 0;
    }
    snprintf(out->target, sizeof out->target, "%s", tg->chip);
    MlirOperation op = mlirModuleGetOperation(module);
    MlirContext ctx = mlirOperationGetContext(op);
    fly_ir_diags diags;
    fly_ir_diags_attach(&diags, ctx);
    snap_state st = {.res = out, .debuginfo = opts->debug_info != 0};
    bool snaps = !opts->no_snapshots;
    if (snaps)
        push_stage(out, 0, "origin", "origin", 0, fly_ir_op_print(op, st.debuginfo, false));

    stage_spec *specs = calloc(MAX_STAGES, sizeof *specs);
    fly_codegen cg;
    fly_codegen_init(&cg);
    bool ok = specs != NULL;
    /* fly-verify first, as a check of its own (not a stage) */
    stage_spec verify = {"fly-verify", "fly_verify", "fly-verify"};
    if (ok)
        ok = run_stages(op, &verify, 1, 0, &diags, &st, false);
    if (ok && opts->passes) {
        int n = spec_list(opts->passes, specs, MAX_STAGES);
        ok = run_stages(op, specs, n, 1, &diags, &st, snaps);
    } else if (ok) {
        const char *toolkit = fly_codegen_toolkit_dir();
        int last = opts->stop_after > 0 && opts->stop_after < NSTANDARD ? opts->stop_after : NSTANDARD;
        bool codegen = !opts->no_codegen && last == NSTANDARD;
        if (codegen && !toolkit) {
            set_error(out, "gpu-module-to-binary", "no ROCm device library bitcode directory found (set ROCM_PATH)");
            ok = false;
        }
        for (int i = 0; ok && i < NSTANDARD; i++)
            spec_standard(&specs[i], i, tg->chip, toolkit);
        int upto = codegen ? NSTANDARD - 1 : last;
        if (ok)
            ok = run_stages(op, specs, upto, 1, &diags, &st, snaps);
        if (ok && codegen) {
            ok = prepare_codegen(op, tg, &cg, out);
            if (ok)
                ok = run_stages(op, &specs[NSTANDARD - 1], 1, NSTANDARD, &diags, &st, snaps);
            if (ok) {
                size_t len = 0;
                out->isa = fly_codegen_binary_payload(op, &len);
                if (!out->isa) {
                    set_error(out, "gpu-module-to-binary", "no gpu.binary with ISA text after gpu-module-to-binary");
                    ok = false;
                }
            }
            if (ok && snaps) {
                push_stage(out, NSTANDARD + 1, "llvm-ir", "llvm_ir", out->t.translate, strdup(out->llvm_ir));
                double isa_ms = out->nstages >= 2 ? out->stages[out->nstages - 2].ms : 0;
                push_stage(out, NSTANDARD + 2, "isa", "final_isa", isa_ms, strdup(out->isa));
            }
            if (ok)
                ok = finish_codegen(&cg, tg, &diags, out);
        }
    }
    out->final_ir = fly_ir_op_print(op, opts->debug_info != 0, false);
    fly_codegen_free(&cg);
    free(specs);
    fly_ir_diags_detach(&diags);
    out->t.snapshots = st.snap_ms;
    out->ok = ok;
    out->t.total = fly_ir_now_ms() - t_start;
    return ok;
}

int fly_pipeline_compile_text(const char *text, const fly_pipeline_options *opts, fly_pipeline_result *out)
{
    memset(out, 0, sizeof *out);
    double t0 = fly_ir_now_ms();
    MlirContext ctx = fly_ir_context_create();
    if (mlirContextIsNull(ctx)) {
        set_error(out, "parse", "cannot create an MLIR context");
        return 0;
    }
    fly_ir_diags diags;
    fly_ir_diags_attach(&diags, ctx);
    MlirModule m = mlirModuleCreateParse(ctx, fly_ir_sref(text ? text : ""));
    out->t.parse = fly_ir_now_ms() - t0;
    int ok = 0;
    if (mlirModuleIsNull(m)) {
        const char *d = fly_ir_diags_text(&diags);
        set_error(out, "parse", *d ? d : "cannot parse the module");
        fly_ir_diags_detach(&diags);
    } else {
        fly_ir_diags_detach(&diags);
        ok = fly_pipeline_compile_module(m, opts, out);
        mlirModuleDestroy(m);
    }
    fly_ir_context_destroy(ctx);
    out->t.total = fly_ir_now_ms() - t0;
    return ok;
}

void fly_pipeline_result_free(fly_pipeline_result *r)
{
    if (!r)
        return;
    for (int i = 0; i < r->nstages; i++) {
        free(r->stages[i].name);
        free(r->stages[i].label);
        free(r->stages[i].ir);
    }
    free(r->stages);
    free(r->error);
    free(r->error_stage);
    free(r->final_ir);
    free(r->llvm_ir);
    free(r->isa);
    free(r->hsaco);
    memset(r, 0, sizeof *r);
}
