/* emu_compile.c - module text to native code for the emulator: the fly stages of the AMDGPU
 * pipeline (1-9, up to where it diverges), the host lowering (emu_lower.c), the upstream
 * lowering to the LLVM dialect, access checks, and the MLIR ExecutionEngine at O3 with every
 * runtime symbol registered. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir_context.h"
#include "ir/ir_diag.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/ExecutionEngine.h"
#include "passes/pass.h"
#include "pipeline/pipeline.h"
#include "runtime/emu/emu.h"

/* The stage at which the host path leaves the AMDGPU pipeline (after 09_canonicalize). */
#define FLY_EMU_DIVERGE_STAGE 9

/* The JIT optimisation level. */
#define FLY_EMU_OPT_LEVEL 3

#define HOST_PASSES \
    "convert-scf-to-cf,expand-strided-metadata,lower-affine,finalize-memref-to-llvm,convert-vector-to-llvm," \
    "convert-math-to-llvm,convert-arith-to-llvm,convert-index-to-llvm,convert-func-to-llvm,convert-cf-to-llvm," \
    "reconcile-unrealized-casts"

struct fly_emu_program {
    MlirContext ctx;
    MlirExecutionEngine ee;
    fly_emu_lowered kernels;
    double ms;
    /* the deferred lane-vector forms of kernels with MFMAs (fly_emu_program_run) */
    char *text, *chip;        /* kept when a kernel has one */
    int flags;
    pthread_mutex_t mu;
    double *ran_ms;           /* each kernel's launches so far, milliseconds */
    uint64_t big;             /* blocks of a launch that takes the form at once */
    fly_emu_program *vprog;   /* the second compile, with the forms */
    int vtried;
};

/* A launch this large (blocks) takes a deferred form at once (FLYI_EMU_VEC_MFMA_BLOCKS overrides), and a kernel
 * that has run this long in all (ms) takes it at its next launch: the form's compile, several CPU-seconds, then
 * costs at most about what the phase loop has already spent (a 1024^3 bf16 GEMM: 256 blocks, 0.25 CPU-seconds a
 * launch in the phase loop, about half that in the form). */
#define VEC_MFMA_BLOCKS 256
#define VEC_MFMA_RAN_MS 2000.0

static int run_host_passes(MlirModule m, char *err, size_t cap) {
    MlirContext ctx = mlirModuleGetContext(m);
    fly_ir_diags d;
    fly_ir_diags_attach(&d, ctx);
    MlirPassManager pm = mlirPassManagerCreate(ctx);
    fly_ir_buf e = {0};
    int rc = 0;
    if (!fly_pass_add(mlirPassManagerGetAsOpPassManager(pm), HOST_PASSES, &e)) {
        snprintf(err, cap, "host pipeline: %s", e.data ? e.data : "?");
        rc = -1;
    } else if (mlirLogicalResultIsFailure(mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(m)))) {
        snprintf(err, cap, "host lowering failed: %s", fly_ir_diags_text(&d));
        rc = -1;
    }
    fly_ir_buf_free(&e);
    mlirPassManagerDestroy(pm);
    fly_ir_diags_detach(&d);
    return rc;
}

/* The second compile of a module (FLY_EMU_COMPILE_VEC_MFMA, fly_emu_program_run) runs only the lane-vector forms:
 * the thread entries of the kernels that have one, and their bodies, are left out of the JIT (k->vec_only). */
static void drop_thread_forms(MlirModule m, fly_emu_lowered *ks) {
    for (int i = 0; i < ks->n; i++) {
        fly_emu_kernel *k = &ks->k[i];
        if (!k->vec || !k->syncs || !k->phased) continue;
        char names[3][300];
        snprintf(names[0], sizeof names[0], "__fly_emu_thread_%s", k->name);
        snprintf(names[1], sizeof names[1], "__fly_emu_lanes_%s", k->name);
        snprintf(names[2], sizeof names[2], "%s__emu", k->name);
        for (int j = 0; j < 3; j++)
            for (MlirOperation op = mlirBlockGetFirstOperation(mlirModuleGetBody(m)); !mlirOperationIsNull(op);
                 op = mlirOperationGetNextInBlock(op)) {
                MlirAttribute a = mlirOperationGetAttributeByName(op, fly_ir_sref("sym_name"));
                if (!mlirAttributeIsNull(a) && fly_ir_sref_eq(mlirStringAttrGetValue(a), names[j])) {
                    mlirOperationDestroy(op);
                    break;
                }
            }
        k->vec_only = 1;
    }
}

static void register_symbols(MlirExecutionEngine ee) {
    mlirExecutionEngineRegisterSymbol(ee, fly_ir_sref("fly_emu_barrier"), (void *)fly_emu_barrier);
    mlirExecutionEngineRegisterSymbol(ee, fly_ir_sref("fly_emu_shfl"), (void *)fly_emu_shfl);
    mlirExecutionEngineRegisterSymbol(ee, fly_ir_sref("fly_emu_shfl_put"), (void *)fly_emu_shfl_put);
    mlirExecutionEngineRegisterSymbol(ee, fly_ir_sref("fly_emu_shfl_get"), (void *)fly_emu_shfl_get);
    mlirExecutionEngineRegisterSymbol(ee, fly_ir_sref("fly_emu_coro_frame"), (void *)fly_emu_coro_frame);
    mlirExecutionEngineRegisterSymbol(ee, fly_ir_sref("fly_emu_mfma_slot"), (void *)fly_emu_mfma_slot);
    mlirExecutionEngineRegisterSymbol(ee, fly_ir_sref("fly_emu_chk"), (void *)fly_emu_chk);
    mlirExecutionEngineRegisterSymbol(ee, fly_ir_sref("fly_emu_vchk"), (void *)fly_emu_vchk);
    mlirExecutionEngineRegisterSymbol(ee, fly_ir_sref("fly_emu_vexp2f"), (void *)fly_emu_vexp2f);
    /* llvm.exp2.f32 (and each element of a vector one) becomes a call of exp2f: ours, not libm's, so that the
     * phase loop and the lane-vector form (fly_emu_vexp2f) give the same bits on every machine. */
    mlirExecutionEngineRegisterSymbol(ee, fly_ir_sref("exp2f"), (void *)fly_emu_exp2f_for(fly_emu_exp2_isa()));
    mlirExecutionEngineRegisterSymbol(ee, fly_ir_sref("fly_emu_vmfma"), (void *)fly_emu_vmfma);
    mlirExecutionEngineRegisterSymbol(ee, fly_ir_sref("fly_emu_vdivchk"), (void *)fly_emu_vdivchk);
    mlirExecutionEngineRegisterSymbol(ee, fly_ir_sref("fly_emu_poll"), (void *)fly_emu_poll);
    mlirExecutionEngineRegisterSymbol(ee, fly_ir_sref("fly_emu_prof"), (void *)fly_emu_prof);
    mlirExecutionEngineRegisterSymbol(ee, fly_ir_sref("fly_emu_divchk"), (void *)fly_emu_divchk);
    mlirExecutionEngineRegisterSymbol(ee, fly_ir_sref("fly_emu_f8_trunc"), (void *)fly_emu_f8_trunc);
    mlirExecutionEngineRegisterSymbol(ee, fly_ir_sref("fly_emu_f8_ext"), (void *)fly_emu_f8_ext);
    size_t n;
    const fly_emu_symbol *soft = fly_emu_softfloat_symbols(&n);
    for (size_t i = 0; i < n; i++) mlirExecutionEngineRegisterSymbol(ee, fly_ir_sref(soft[i].name), soft[i].addr);
}

fly_emu_program *fly_emu_compile(const char *text, const char *chip, char *err, size_t cap) {
    return fly_emu_compile_ex(text, chip, 0, err, cap);
}

fly_emu_program *fly_emu_compile_ex(const char *text, const char *chip, int flags, char *err, size_t cap) {
    double t0 = fly_ir_now_ms();
    fly_emu_program *p = calloc(1, sizeof *p);
    if (!p) {
        snprintf(err, cap, "out of memory");
        return NULL;
    }
    pthread_mutex_init(&p->mu, NULL);
    p->ctx = fly_ir_context_create();
    fly_ir_diags d;
    fly_ir_diags_attach(&d, p->ctx);
    MlirModule m = mlirModuleCreateParse(p->ctx, fly_ir_sref(text ? text : ""));
    if (mlirModuleIsNull(m)) {
        snprintf(err, cap, "parse: %s", fly_ir_diags_text(&d));
        fly_ir_diags_detach(&d);
        fly_emu_program_free(p);
        return NULL;
    }
    fly_ir_diags_detach(&d);
    fly_pipeline_options o = {.target = chip, .stop_after = FLY_EMU_DIVERGE_STAGE, .no_codegen = 1, .no_snapshots = 1};
    fly_pipeline_result r;
    memset(&r, 0, sizeof r);
    int ok = fly_pipeline_compile_module(m, &o, &r);
    if (!ok) snprintf(err, cap, "%s: %s", r.error_stage ? r.error_stage : "pipeline", r.error ? r.error : "failed");
    fly_pipeline_result_free(&r);
    if (ok && fly_emu_lower_kernels(m, chip, &p->kernels, err, cap)) ok = 0;
    /* FLYI_EMU_VEC_MFMA=1: kernels with MFMAs get the form in this compile; 0: never */
    const char *mo = getenv("FLYI_EMU_VEC_MFMA");
    int mfma = (flags & FLY_EMU_COMPILE_VEC_MFMA) || (mo && !strcmp(mo, "1")) ? 1 : mo && !strcmp(mo, "0") ? -1 : 0;
    if (ok && !(flags & FLY_EMU_COMPILE_PROFILE)) fly_emu_make_vector(m, &p->kernels, mfma);
    bool defer = false;
    for (int i = 0; ok && i < p->kernels.n; i++) defer |= p->kernels.k[i].vec_defer;
    if (ok && defer) {
        p->text = strdup(text ? text : "");
        p->chip = chip ? strdup(chip) : NULL;
        p->flags = flags;
        p->ran_ms = calloc((size_t)p->kernels.n + 1, sizeof *p->ran_ms);
        const char *bs = getenv("FLYI_EMU_VEC_MFMA_BLOCKS");
        p->big = bs && *bs ? strtoull(bs, NULL, 10) : VEC_MFMA_BLOCKS;
        if (!p->text || (chip && !p->chip) || !p->ran_ms)
            for (int i = 0; i < p->kernels.n; i++) p->kernels.k[i].vec_defer = 0;
    }
    if (ok && run_host_passes(m, err, cap)) ok = 0;
    if (ok && (flags & FLY_EMU_COMPILE_PROFILE) && fly_emu_insert_profile(m, &p->kernels, err, cap)) ok = 0;
    if (ok && fly_emu_insert_checks(m, &p->kernels, err, cap)) ok = 0;
    if (ok) fly_emu_bf16_block_args(m);
    /* kernels that synchronise: phase loops, else coroutines; FLYI_EMU_CORO=1 makes every one a
     * coroutine, FLYI_EMU_FIBERS=1 runs them one fiber per thread (for comparisons) */
    bool fibers = getenv("FLYI_EMU_FIBERS") != NULL, coro = getenv("FLYI_EMU_CORO") != NULL;
    for (int i = 0; ok && !fibers && !coro && i < p->kernels.n; i++) {
        fly_emu_kernel *k = &p->kernels.k[i];
        int rc = k->syncs ? fly_emu_make_phases(m, k, err, cap) : 1;
        if (rc < 0) ok = 0;
        k->phased = rc == 0;
    }
    if (ok && !fibers && fly_emu_make_coroutines(m, &p->kernels, err, cap)) ok = 0;
    if (ok && (flags & FLY_EMU_COMPILE_VEC_MFMA)) drop_thread_forms(m, &p->kernels);
    if (ok && getenv("FLYI_EMU_DUMP")) {
        char *s = fly_ir_op_print(mlirModuleGetOperation(m), false, false);
        fprintf(stderr, "%s\n", s ? s : "");
        free(s);
    }
    if (ok) {
        p->ee = mlirExecutionEngineCreate(m, FLY_EMU_OPT_LEVEL, 0, NULL, false, false);
        if (mlirExecutionEngineIsNull(p->ee)) {
            snprintf(err, cap, "the ExecutionEngine could not translate the host module");
            ok = 0;
        }
    }
    if (ok) {
        register_symbols(p->ee);
        mlirExecutionEngineInitialize(p->ee);
        for (int i = 0; i < p->kernels.n && ok; i++) {
            fly_emu_kernel *k = &p->kernels.k[i];
            char name[300];
            snprintf(name, sizeof name, "__fly_emu_%s_%s", k->syncs ? "thread" : "block", k->name);
            fly_emu_entry_fn fn =
                k->vec_only ? NULL : (fly_emu_entry_fn)mlirExecutionEngineLookup(p->ee, fly_ir_sref(name));
            if (k->syncs) k->thread_fn = fn;
            else k->block_fn = fn;
            if (!fn && !k->vec_only) {
                snprintf(err, cap, "%s: JIT lookup failed", k->name);
                ok = 0;
            }
            if (ok && k->vec) {
                snprintf(name, sizeof name, "__fly_emu_vec_%s", k->name);
                k->vec_fn = (fly_emu_entry_fn)mlirExecutionEngineLookup(p->ee, fly_ir_sref(name));
            }
            if (ok && k->vec_only && !k->vec_fn) {
                snprintf(err, cap, "%s: JIT lookup failed", k->name);
                ok = 0;
            }
            if (ok && k->syncs && !k->phased && !fibers && !k->vec_only) {
                snprintf(name, sizeof name, "__fly_emu_lanes_%s", k->name);
                k->lanes_fn = (fly_emu_lanes_fn)mlirExecutionEngineLookup(p->ee, fly_ir_sref(name));
                if (!k->lanes_fn) {
                    snprintf(err, cap, "%s: JIT lookup failed", k->name);
                    ok = 0;
                }
            }
        }
    }
    mlirModuleDestroy(m);
    p->ms = fly_ir_now_ms() - t0;
    if (!ok) {
        fly_emu_program_free(p);
        return NULL;
    }
    return p;
}

const fly_emu_kernel *fly_emu_program_kernel(const fly_emu_program *p, const char *name) {
    if (!p || !p->kernels.n) return NULL;
    if (!name || !*name) return &p->kernels.k[0];
    for (int i = 0; i < p->kernels.n; i++)
        if (!strcmp(p->kernels.k[i].name, name)) return &p->kernels.k[i];
    return NULL;
}

int fly_emu_program_kernel_count(const fly_emu_program *p) { return p ? p->kernels.n : 0; }

const fly_emu_kernel *fly_emu_program_kernel_at(const fly_emu_program *p, int i) {
    return p && i >= 0 && i < p->kernels.n ? &p->kernels.k[i] : NULL;
}

double fly_emu_program_compile_ms(const fly_emu_program *p) { return p ? p->ms : 0; }

static int kernel_index(const fly_emu_program *p, const fly_emu_kernel *k) {
    for (int i = 0; i < p->kernels.n; i++)
        if (&p->kernels.k[i] == k) return i;
    return -1;
}

/* The kernel a launch of p's kernel k over g runs: k, or its twin in the second compile (see emu.h). */
static const fly_emu_kernel *pick(fly_emu_program *p, const fly_emu_kernel *k, const fly_emu_grid *g) {
    int i = p && k && k->vec_defer ? kernel_index(p, k) : -1;
    unsigned n = g->block[0] * g->block[1] * g->block[2];
    if (i < 0 || g->block[1] != 1 || g->block[2] != 1 || n % 64 || g->prof) return k;
    uint64_t blocks = (uint64_t)g->grid[0] * g->grid[1] * g->grid[2];
    pthread_mutex_lock(&p->mu);
    if (!p->vtried && (blocks >= p->big || p->ran_ms[i] >= VEC_MFMA_RAN_MS)) {
        p->vtried = 1;
        char e[512];
        p->vprog = fly_emu_compile_ex(p->text, p->chip, p->flags | FLY_EMU_COMPILE_VEC_MFMA, e, sizeof e);
        if (getenv("FLYI_EMU_VEC_WHY"))
            fprintf(stderr, "emu: %s: lane-vector form compiled for a launch of %llu blocks%s%s\n", k->name,
                    (unsigned long long)blocks, p->vprog ? "" : ": ", p->vprog ? "" : e);
    }
    const fly_emu_kernel *v = p->vprog ? fly_emu_program_kernel(p->vprog, k->name) : NULL;
    pthread_mutex_unlock(&p->mu);
    return v && v->vec_fn ? v : k;
}

int fly_emu_program_run(fly_emu_program *p, fly_emu_pool *pool, const fly_emu_kernel *k, const fly_emu_grid *g,
                        fly_emu_printf_out *pf, char *err, size_t cap) {
    const fly_emu_kernel *r = pick(p, k, g);
    double t0 = fly_ir_now_ms();
    int rc = fly_emu_run(pool, r, g, pf, err, cap);
    int i = r == k && k->vec_defer ? kernel_index(p, k) : -1;
    if (i >= 0) {
        pthread_mutex_lock(&p->mu);
        p->ran_ms[i] += fly_ir_now_ms() - t0;
        pthread_mutex_unlock(&p->mu);
    }
    return rc;
}

void fly_emu_program_free(fly_emu_program *p) {
    if (!p) return;
    fly_emu_program_free(p->vprog);
    free(p->text);
    free(p->chip);
    free(p->ran_ms);
    pthread_mutex_destroy(&p->mu);
    if (!mlirExecutionEngineIsNull(p->ee)) mlirExecutionEngineDestroy(p->ee);
    for (int i = 0; i < p->kernels.n; i++) fly_emu_kernel_clear(&p->kernels.k[i]);
    free(p->kernels.k);
    if (!mlirContextIsNull(p->ctx)) fly_ir_context_destroy(p->ctx);
    free(p);
}
