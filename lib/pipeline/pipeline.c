/* pipeline.c - running passes with per-pass snapshots, then code generation; what is left for later
 * (stage IR, the ISA) is done on first use (lazy.h). */
#include "pipeline/pipeline.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir_context.h"
#include "ir/ir_diag.h"
#include "ir/ir_util.h"
#include "passes/pass.h"
#include "pipeline/buffer_legal.h"
#include "pipeline/codegen.h"
#include "pipeline/lazy.h"
#include "pipeline/lowered.h"
#include "pipeline/rocdl_lower.h"
#include "pipeline/stages.h"
#include "pipeline/target.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Pass.h"

#define MAX_STAGES 64

typedef struct stage_spec {
    char name[256];  /* the pass as users see it */
    char label[96];  /* dump stem without the number */
    char text[512];  /* what fly_pass_add receives */
} stage_spec;

#define NSTANDARD FLY_PIPELINE_NSTAGES
#define BINARY_STAGE NSTANDARD /* the stage number of gpu-module-to-binary */

int fly_pipeline_stage_count(void) { return NSTANDARD; }
const char *fly_pipeline_stage_label(int i) {
    return i >= 1 && i <= NSTANDARD ? fly_pipeline_stages[i - 1].label : NULL;
}

static void spec_standard(stage_spec *s, int i, const char *chip, const char *toolkit, int cov) {
    snprintf(s->text, sizeof s->text, fly_pipeline_stages[i].fmt, chip, toolkit ? toolkit : "");
    char *abi = cov == 5 ? strstr(s->text, "abi=600") : NULL; /* code object v5 for ROCm before 6.2 */
    if (abi) abi[4] = '5';
    snprintf(s->label, sizeof s->label, "%s", fly_pipeline_stages[i].label);
    /* the name: the pass text without options */
    char *o = s->name;
    size_t cap = sizeof s->name;
    int depth = 0;
    for (const char *p = s->text; *p && cap > 1; p++) {
        if (*p == '{') depth++;
        else if (*p == '}') depth--;
        else if (!depth) {
            *o++ = *p;
            cap--;
        }
    }
    *o = '\0';
}

/* The whole pipeline's specs (specs[0..NSTANDARD)). */
static void standard_specs(stage_spec *specs, const char *chip, const char *toolkit, int cov, bool line_tables) {
    for (int i = 0; i < NSTANDARD; i++) {
        spec_standard(&specs[i], i, chip, toolkit, cov);
        /* line tables: FlyDSL's debug-info pass right after the casts are reconciled, in the same stage
         * (so that the stages keep their numbers) */
        if (line_tables && !strcmp(specs[i].label, "reconcile_unrealized_casts"))
            strncat(specs[i].text, ",ensure-debug-info-scope-on-llvm-func{emission-kind=LineTablesOnly}",
                    sizeof specs[i].text - strlen(specs[i].text) - 1);
    }
}

/* The first stage of MLIR's own lowerings (the gpu.module one): the stages before it are the fly
 * passes and canonicalize. */
static int upstream_stage(void) {
    for (int i = 0; i < NSTANDARD; i++)
        if (!strncmp(fly_pipeline_stages[i].fmt, "gpu.module(", 11)) return i + 1;
    return NSTANDARD;
}

/* Splits a comma-separated pass list at top level (outside (), {}). */
static int spec_list(const char *list, stage_spec *out, int max) {
    int n = 0, depth = 0;
    const char *start = list;
    for (const char *p = list;; p++) {
        if (*p == '(' || *p == '{') depth++;
        else if (*p == ')' || *p == '}') depth--;
        if ((*p == ',' && depth == 0) || *p == '\0') {
            while (start < p && (*start == ' ' || *start == '\n')) start++;
            size_t len = (size_t)(p - start);
            if (len && n < max) {
                stage_spec *s = &out[n++];
                snprintf(s->text, sizeof s->text, "%.*s", (int)len, start);
                snprintf(s->name, sizeof s->name, "%.*s", (int)len, start);
                size_t j = 0;
                for (size_t i = 0; i < len && s->text[i] != '{' && j + 1 < sizeof s->label; i++)
                    s->label[j++] =
                        (char)((s->text[i] >= 'a' && s->text[i] <= 'z') || (s->text[i] >= '0' && s->text[i] <= '9')
                                   ? s->text[i]
                                   : '_');
                s->label[j] = '\0';
            }
            if (!*p) break;
            start = p + 1;
        }
    }
    return n;
}

/* ---- snapshots ---- */

typedef struct snap_state {
    fly_pipeline_result *res;
    fly_lazy *lz;    /* where the clones go; NULL: no snapshots */
    double mark;     /* end of the previous snapshot */
    double snap_ms;  /* time spent capturing */
    int last;        /* index in res->stages of the latest pass snapshot, -1 before the first */
    fly_pctx *pc;    /* the pooled context (its pass managers are reused), or NULL */
    bool deferred;   /* record the stages (their times) without clones; verify after the fly stages and
                        after the last one only (a failure is compiled again eagerly, which names its pass) */
    int verify_last; /* with deferred: the last stage number */
} snap_state;

typedef struct snap_ud {
    void **state;    /* -> the snap_state of the run in progress (pass managers outlive a compile) */
    int number;
    stage_spec spec;
} snap_ud;

/* Appends a stage (ir may be NULL: printed later); false when out of memory. changed is set when
 * the IR is printed (fly_lazy_print). */
static bool push_stage(fly_pipeline_result *res, int number, const char *name, const char *label, double ms, char *ir) {
    fly_pipeline_stage *v = realloc(res->stages, sizeof *v * (size_t)(res->nstages + 1));
    if (!v) {
        free(ir);
        return false;
    }
    res->stages = v;
    fly_pipeline_stage *s = &v[res->nstages];
    s->number = number;
    s->name = strdup(name);
    char stem[128];
    snprintf(stem, sizeof stem, "%02d_%s", number, label);
    s->label = strdup(stem);
    s->ms = ms;
    s->changed = 1;
    s->ir = ir;
    res->nstages++;
    return true;
}

/* Captures the module after a pass. With snapshots the pass manager's own verifier is off: it
 * would check the module again after every snapshot pass too (an external pass cannot say it
 * preserved the IR); this checks it once per stage instead and fails the run where the pass
 * manager would have. */
static void snap_run(MlirOperation op, MlirExternalPass pass, void *user) {
    snap_ud *u = user;
    snap_state *st = *u->state;
    MlirOperation top = fly_ir_top(op);
    static int upstream;
    if (!upstream) upstream = upstream_stage();
    bool verify = !st->deferred || u->number < upstream || u->number == st->verify_last;
    if (verify && !mlirOperationVerify(top)) {
        mlirExternalPassSignalFailure(pass);
        return;
    }
    double tv = fly_ir_now_ms();
    if (!push_stage(st->res, u->number, u->spec.name, u->spec.label, tv - st->mark, NULL)) {
        /* out of memory: no stage */
    } else if (st->deferred || fly_lazy_put(st->lz, st->res->nstages - 1, mlirOperationClone(top))) {
        st->last = st->res->nstages - 1;
    }
    double t1 = fly_ir_now_ms();
    st->snap_ms += t1 - tv;
    st->mark = t1;
}

static void *snap_clone(void *user) { return user; }
static void snap_destruct(void *user) { free(user); }

static MlirTypeIDAllocator snap_alloc; /* kept: the id lives as long as the process */
static MlirTypeID snap_id;
static void snap_id_init(void) {
    snap_alloc = mlirTypeIDAllocatorCreate();
    snap_id = mlirTypeIDAllocatorAllocateTypeID(snap_alloc);
}

static MlirPass snapshot_pass(void **state, int number, const stage_spec *spec) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, snap_id_init);
    snap_ud *u = malloc(sizeof *u);
    if (!u) return (MlirPass){NULL};
    u->state = state;
    u->number = number;
    u->spec = *spec;
    MlirExternalPassCallbacks cb = {0};
    cb.run = snap_run;
    cb.clone = snap_clone;
    cb.destruct = snap_destruct;
    return mlirCreateExternalPass(snap_id, fly_ir_sref("FlySnapshot"), fly_ir_sref("fly-snapshot"),
                                  fly_ir_sref("capture the IR after a pass"), fly_ir_sref(""), 0, NULL, cb, u);
}

/* Runs specs[0..n) (stage numbers first..) on the module; false with error/error_stage set. */
/* A new pass manager running specs[0..n), each followed by a snapshot pass when snapshots. */
static MlirPassManager make_pm(MlirContext ctx, const stage_spec *specs, int n, int first, bool snapshots, void **state,
                               fly_pipeline_result *res) {
    MlirPassManager pm = mlirPassManagerCreate(ctx);
    MlirOpPassManager top = mlirPassManagerGetAsOpPassManager(pm);
    if (snapshots) mlirPassManagerEnableVerifier(pm, false); /* snap_run verifies */
    fly_ir_buf err = {0};
    for (int i = 0; i < n; i++) {
        if (!fly_pass_add(top, specs[i].text, &err)) {
            res->error = fly_ir_buf_take(&err);
            res->error_stage = strdup(specs[i].name);
            mlirPassManagerDestroy(pm);
            return (MlirPassManager){NULL};
        }
        MlirPass snap = snapshots ? snapshot_pass(state, first + i, &specs[i]) : (MlirPass){NULL};
        if (snapshots && !snap.ptr) {
            res->error = strdup("out of memory");
            res->error_stage = strdup(specs[i].name);
            mlirPassManagerDestroy(pm);
            return (MlirPassManager){NULL};
        }
        if (snapshots) mlirOpPassManagerAddOwnedPass(top, snap);
    }
    return pm;
}

/* The pooled context's pass manager for these passes (made and kept on first use), or NULL
 * with res->error set when one cannot be made; *keep: it belongs to the context. */
static MlirPassManager pooled_pm(fly_pctx *pc, const stage_spec *specs, int n, int first, bool snapshots,
                                 snap_state *st, bool *keep) {
    fly_ir_buf key = {0};
    fly_ir_buf_printf(&key, "%d %d", first, snapshots);
    for (int i = 0; i < n; i++) fly_ir_buf_printf(&key, "\n%s", specs[i].text);
    fly_pm_slot *slots = fly_pctx_pm_slots(pc), *free_slot = NULL;
    for (int i = 0; i < FLY_PM_SLOTS; i++) {
        if (slots[i].pm.ptr && key.data && !strcmp(slots[i].key, key.data)) {
            fly_ir_buf_free(&key);
            *slots[i].state = st;
            *keep = true;
            return slots[i].pm;
        }
        if (!slots[i].pm.ptr && !free_slot) free_slot = &slots[i];
    }
    void **state = free_slot && key.data ? malloc(sizeof *state) : NULL;
    if (!state) { /* no room: a pass manager for this run only */
        fly_ir_buf_free(&key);
        *keep = false;
        return (MlirPassManager){NULL};
    }
    *state = st;
    MlirPassManager pm = make_pm(fly_pctx_context(pc), specs, n, first, snapshots, state, st->res);
    if (!pm.ptr) {
        free(state);
        fly_ir_buf_free(&key);
        *keep = false;
        return pm;
    }
    free_slot->pm = pm;
    free_slot->key = fly_ir_buf_take(&key);
    free_slot->state = state;
    *keep = true;
    return pm;
}

/* Runs specs[0..n) (stage numbers first..) on the module; false with error/error_stage set. */
static bool run_stages(MlirOperation module, const stage_spec *specs, int n, int first, fly_ir_diags *diags,
                       snap_state *st, bool snapshots) {
    fly_pipeline_result *res = st->res;
    void *state = st;
    bool keep = false;
    MlirPassManager pm = st->pc ? pooled_pm(st->pc, specs, n, first, snapshots, st, &keep) : (MlirPassManager){NULL};
    if (!pm.ptr && !res->error) pm = make_pm(mlirOperationGetContext(module), specs, n, first, snapshots, &state, res);
    if (!pm.ptr) return false;
    int before = res->nstages;
    double t0 = fly_ir_now_ms();
    st->mark = t0;
    MlirLogicalResult r = mlirPassManagerRunOnOp(pm, module);
    res->t.passes += fly_ir_now_ms() - t0;
    if (!keep) mlirPassManagerDestroy(pm);
    if (mlirLogicalResultIsSuccess(r)) return true;
    int failed = snapshots ? res->nstages - before : n == 1 ? 0 : -1;
    if (failed >= n) failed = n - 1;
    res->error_stage = strdup(failed >= 0 ? specs[failed].name : "pipeline");
    fly_ir_buf msg = {0};
    fly_ir_buf_printf(&msg, "pass '%s' failed", res->error_stage);
    const char *d = fly_ir_diags_text(diags);
    if (*d) fly_ir_buf_printf(&msg, ":\n%s", d);
    else fly_ir_buf_puts(&msg, "\n");
    res->error = fly_ir_buf_take(&msg);
    return false;
}

static void set_error(fly_pipeline_result *r, const char *stage, const char *msg) {
    free(r->error);
    free(r->error_stage);
    r->error = strdup(msg);
    r->error_stage = strdup(stage);
}

/* The stages after rocdl-attach-target that lowered.h stands in for, by label. */
static bool lowered_label(const char *label) {
    static const char *const labels[] = {"convert_scf_to_cf",         "convert_cf_to_llvm",    "gpu_to_llvm",
                                         "convert_vector_to_llvm",    "convert_arith_to_llvm", "convert_func_to_llvm",
                                         "reconcile_unrealized_casts"};
    for (size_t i = 0; i < sizeof labels / sizeof labels[0]; i++)
        if (!strcmp(label, labels[i])) return true;
    return false;
}

/* A deferred compile's stage 10 runs convert-gpu-to-rocdl as rocdl_lower.h's pass (the same IR, its pattern sets
 * built once per context and options) unless FLYI_PIPELINE_CACHED_ROCDL=0; the stage keeps its name. */
static void use_cached_rocdl(stage_spec *specs, int n) {
    const char *env = getenv("FLYI_PIPELINE_CACHED_ROCDL");
    if (env && !strcmp(env, "0")) return;
    static const char upstream[] = "convert-gpu-to-rocdl{";
    for (int i = 0; i < n; i++) {
        char *at = strstr(specs[i].text, upstream);
        if (!at || (at > specs[i].text && at[-1] != ',' && at[-1] != '(')) continue;
        char text[sizeof specs[i].text];
        int len = snprintf(text, sizeof text, "%.*s%s%s", (int)(at - specs[i].text), specs[i].text,
                           FLY_ROCDL_LOWER_PASS, at + sizeof upstream - 2);
        if (len > 0 && (size_t)len < sizeof text) memcpy(specs[i].text, text, (size_t)len + 1);
    }
}

/* Deferred snapshots (the stages' IR is made again when asked for): stages 1..upto, where those after
 * rocdl-attach-target run as lowered.h says when the module is in the LLVM and ROCDL dialects by then
 * (the same IR without building their pattern sets). False with res->error set; a deferred failure is
 * compiled again eagerly, with every pass run. */
static bool run_deferred(MlirOperation op, const stage_spec *specs, int upto, fly_ir_diags *diags, snap_state *st,
                         bool line_tables) {
    int split = 0;
    for (int i = 0; i < upto; i++)
        if (!strcmp(specs[i].label, "rocdl_attach_target")) split = i + 1;
    bool known = split > 0 && !line_tables; /* line tables add a pass to the last stage */
    for (int i = split; known && i < upto; i++) known = lowered_label(specs[i].label);
    if (!known) return run_stages(op, specs, upto, 1, diags, st, true);
    if (!run_stages(op, specs, split, 1, diags, st, true)) return false;
    if (!fly_pipeline_is_lowered(op)) return run_stages(op, specs + split, upto - split, split + 1, diags, st, true);
    fly_pipeline_result *res = st->res;
    for (int i = split; i < upto; i++) {
        double t0 = fly_ir_now_ms();
        bool ok = true;
        if (!strcmp(specs[i].label, "gpu_to_llvm")) ok = fly_pipeline_fold_lowered(op);
        if (ok && i == upto - 1) ok = mlirOperationVerify(op);
        double ms = fly_ir_now_ms() - t0;
        res->t.passes += ms;
        if (!ok) {
            set_error(res, specs[i].name, "the lowered module's folding or verification failed");
            return false;
        }
        if (push_stage(res, i + 1, specs[i].name, specs[i].label, ms, NULL)) st->last = res->nstages - 1;
    }
    return true;
}

/* The first operation (pre-order) named names[i], or whose name starts with it (prefix), for each i: one walk
 * for a list of names instead of one per name. */
typedef struct {
    const char *const *names;
    size_t n; /* at most 8 */
    bool prefix;
    MlirOperation first[8];
} op_scan;

static void scan_op(op_scan *s, MlirOperation op) {
    MlirStringRef nm = mlirIdentifierStr(mlirOperationGetName(op));
    for (size_t i = 0; i < s->n; i++) {
        size_t k = strlen(s->names[i]);
        if (mlirOperationIsNull(s->first[i]) && (s->prefix ? nm.length >= k : nm.length == k) &&
            !memcmp(nm.data, s->names[i], k))
            s->first[i] = op;
    }
}

static MlirWalkResult scan_cb(MlirOperation op, void *user) {
    scan_op(user, op);
    return MlirWalkResultAdvance;
}

/* Buffer ops a chip has no instruction for (LLVM's instruction selection would abort): f32 fmax and packed bf16
 * fadd buffer atomics on CDNA3 / CDNA4, 12- and 16-byte LDS DMA (raw.ptr.buffer.load.lds, global.load.lds) before
 * gfx950. The
 * walk stops at the first, its message in msg. */
typedef struct {
    const char *chip;
    char msg[512];
    op_scan scan; /* gfx950's ops, recorded on the way */
} buffer_check;

/* The value of integer constant v (llvm.mlir.constant / arith.constant), or -1. */
static int64_t const_int(MlirValue v) {
    if (!mlirValueIsAOpResult(v)) return -1;
    MlirAttribute a = mlirOperationGetAttributeByName(mlirOpResultGetOwner(v), fly_ir_sref("value"));
    return !mlirAttributeIsNull(a) && mlirAttributeIsAInteger(a) ? mlirIntegerAttrGetValueInt(a) : -1;
}

/* " at FILE:LINE" of op's location (the DSL line the tracer gave it), or "". */
static void op_where(MlirOperation op, char *w, size_t cap) {
    fly_ir_buf t = {0};
    mlirLocationPrint(mlirOperationGetLocation(op), fly_ir_buf_callback, &t);
    const char *s = t.data ? strchr(t.data, '"') : NULL, *e = s ? strchr(s + 1, '"') : NULL;
    int line = 0;
    if (e && sscanf(e + 1, ":%d", &line) == 1) {
        const char *base = s + 1;
        for (const char *q = s + 1; q < e; q++)
            if (*q == '/') base = q + 1;
        snprintf(w, cap, " at %.*s:%d", (int)(e - base), base, line);
    } else {
        w[0] = 0;
    }
    fly_ir_buf_free(&t);
}

static MlirWalkResult no_buffer_op(MlirOperation op, void *data) {
    buffer_check *bc = data;
    scan_op(&bc->scan, op);
    char where[160]; /* the op's DSL line, made only for a message (printing every op's location costs) */
    char name[64], ty[48];
    fly_ir_op_name(op, name, sizeof name);
    if (!strcmp(name, "rocdl.raw.ptr.buffer.load.lds") && !strstr(bc->chip, "gfx950") &&
        mlirOperationGetNumOperands(op) > 2) {
        int64_t n = const_int(mlirOperationGetOperand(op, 2));
        if (n == 12 || n == 16) {
            snprintf(
                bc->msg, sizeof bc->msg,
                "a %lld-byte LDS DMA (rocdl.raw.ptr.buffer.load.lds, BufferCopyLDS%lldb) needs gfx950; %s moves 1, "
                "2 or 4 bytes",
                (long long)n, (long long)n * 8, bc->chip);
            return MlirWalkResultInterrupt;
        }
    }
    /* the global -> LDS DMA (GlobalLoadAsyncLDS) takes its size as an attribute: 12 and 16 bytes are gfx950's
     * global_load_lds_dwordx3 / x4 */
    if (!strcmp(name, "rocdl.global.load.lds") && !strstr(bc->chip, "gfx950")) {
        MlirAttribute sa = mlirOperationGetAttributeByName(op, fly_ir_sref("size"));
        int64_t n = !mlirAttributeIsNull(sa) && mlirAttributeIsAInteger(sa) ? mlirIntegerAttrGetValueInt(sa) : 0;
        if (n == 12 || n == 16) {
            op_where(op, where, sizeof where);
            snprintf(bc->msg, sizeof bc->msg,
                     "a %lld-byte LDS DMA (rocdl.global.load.lds, GlobalLoadAsyncLDS%lldb) needs gfx950; %s moves 1, "
                     "2 or 4 bytes%s",
                     (long long)n, (long long)n * 8, bc->chip, where);
            return MlirWalkResultInterrupt;
        }
    }
    /* gfx950's LDS transpose reads select for these result types only (LLVM's instruction selection aborts on
     * others: "Cannot select"); FlyDSL's copy atoms make the first of each */
    if (!strncmp(name, "rocdl.ds.read.tr", 16) && mlirOperationGetNumResults(op) == 1) {
        fly_ir_buf rt = {0};
        mlirTypePrint(mlirValueGetType(mlirOperationGetResult(op, 0)), fly_ir_buf_callback, &rt);
        const char *r = rt.data ? rt.data : "", *want = NULL;
        bool tr16 = !strcmp(name, "rocdl.ds.read.tr16.b64"), tr6 = !strcmp(name, "rocdl.ds.read.tr6.b96");
        if (tr16 && strcmp(r, "vector<4xi16>") && strcmp(r, "vector<4xf16>") && strcmp(r, "vector<4xbf16>"))
            want = "vector<4xi16>, vector<4xf16> or vector<4xbf16>";
        else if (tr6 && strcmp(r, "vector<3xi32>")) want = "vector<3xi32>";
        else if (!tr16 && !tr6 && strcmp(r, "vector<2xi32>")) want = "vector<2xi32>";
        if (want) {
            op_where(op, where, sizeof where);
            snprintf(bc->msg, sizeof bc->msg, "%s gives %s, not %s (bitcast the result)%s", name, want, r, where);
        }
        fly_ir_buf_free(&rt);
        if (want) return MlirWalkResultInterrupt;
    }
    int fmax = !strcmp(name, "rocdl.raw.ptr.buffer.atomic.fmax"),
        fadd = !strcmp(name, "rocdl.raw.ptr.buffer.atomic.fadd");
    if ((!fmax && !fadd) || mlirOperationGetNumOperands(op) < 1) return MlirWalkResultAdvance;
    fly_ir_buf t = {0};
    mlirTypePrint(mlirValueGetType(mlirOperationGetOperand(op, 0)), fly_ir_buf_callback, &t);
    snprintf(ty, sizeof ty, "%s", t.data ? t.data : "");
    fly_ir_buf_free(&t);
    if ((fmax && !strcmp(ty, "f32")) || (fadd && !strcmp(ty, "vector<2xbf16>"))) {
        op_where(op, where, sizeof where);
        snprintf(bc->msg, sizeof bc->msg, "%s of %s has no instruction on gfx942 or gfx950 (%s)%s", name, ty,
                 fmax ? "CDNA3/CDNA4 have the f64 form" : "use a global atomic: FlyDSL's kernels do on these chips",
                 where);
        return MlirWalkResultInterrupt;
    }
    return MlirWalkResultAdvance;
}

/* LLVM IR, HSACO and stats once the module is in the LLVM dialect (before gpu-module-to-binary). */
static bool prepare_codegen(MlirOperation module, const fly_pipeline_target *tg, fly_codegen *cg,
                            fly_pipeline_result *res) {
    MlirOperation gm = fly_ir_find_first(module, "gpu.module");
    if (mlirOperationIsNull(gm)) {
        set_error(res, "llvm-ir", "the module has no gpu.module to compile");
        return false;
    }
    /* instructions only gfx950 has: LLVM's instruction selection would abort on another chip */
    static const char *const gfx950_only[] = {"rocdl.mfma.f32.16x16x32.f16",  "rocdl.mfma.f32.32x32x16.f16",
                                              "rocdl.mfma.f32.16x16x32.bf16", "rocdl.mfma.f32.32x32x16.bf16",
                                              "rocdl.mfma.i32.16x16x64.i8",   "rocdl.mfma.i32.32x32x32.i8"};
    bool gfx950 = strstr(tg->chip, "gfx950") != NULL;
    op_scan only = {gfx950_only, sizeof gfx950_only / sizeof gfx950_only[0], false, {{NULL}}};
    if (!gfx950) mlirOperationWalk(module, scan_cb, &only, MlirWalkPreOrder);
    for (size_t i = 0; i < only.n; i++) {
        if (!mlirOperationIsNull(only.first[i])) {
            char msg[160];
            snprintf(msg, sizeof msg, "%s needs gfx950; this module compiles for %s", gfx950_only[i], tg->chip);
            set_error(res, "llvm-ir", msg);
            return false;
        }
    }
    char lerr[320];
    if (fly_pipeline_legalize_byte_buffers(module, lerr, sizeof lerr) < 0) {
        set_error(res, "llvm-ir", lerr);
        return false;
    }
    /* gfx950's scaled conversions (fp4, OCP fp8), row swaps, LDS transpose reads and scaled MFMAs
     * (cdna4.MFMA_Scale): LLVM would print the first for gfx942 as well, and abort on the last; looked for in the
     * buffer ops' walk, reported after them */
    static const char *const gfx950_prefixes[] = {"rocdl.cvt.scalef32.", "rocdl.permlane16.swap",
                                                  "rocdl.permlane32.swap", "rocdl.ds.read.tr", "rocdl.mfma.scale."};
    buffer_check bc = {tg->chip, "", {gfx950_prefixes, gfx950 ? 0 : 5, true, {{NULL}}}};
    mlirOperationWalk(module, no_buffer_op, &bc, MlirWalkPreOrder);
    if (bc.msg[0]) {
        set_error(res, "llvm-ir", bc.msg);
        return false;
    }
    MlirOperation sc = {NULL};
    for (size_t i = 0; i < bc.scan.n && mlirOperationIsNull(sc); i++) sc = bc.scan.first[i];
    if (!mlirOperationIsNull(sc)) {
        char name[96], msg[640], at[200];
        fly_ir_op_name(sc, name, sizeof name);
        fly_ir_loc_str(mlirOperationGetLocation(sc), at, sizeof at);
        /* the DSL line that made it (a fx.copy with cdna4.LDSReadTrans makes rocdl.ds.read.tr*), when known */
        bool dsl = strchr(at, ':') && strncmp(at, "-:", 2) && !strstr(at, "unknown");
        snprintf(msg, sizeof msg, "%s%s needs gfx950 (CDNA4); this module compiles for %s%s%s%s", name,
                 !strncmp(name, "rocdl.ds.read.tr", 16) ? " (an LDS transpose read: rocdl.ds_read_tr* or a "
                                                          "cdna4.LDSReadTrans copy atom)"
                                                        : "",
                 tg->chip, dsl ? " (at " : "", dsl ? at : "", dsl ? ")" : "");
        set_error(res, "llvm-ir", msg);
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
                           fly_pipeline_result *res) {
    fly_ir_buf err = {0};
    double t0 = fly_ir_now_ms();
    bool ok;
    if (!mlirOperationIsNull(cg->devlib_clone)) {
        stage_spec bin;
        snprintf(bin.text, sizeof bin.text, "gpu-module-to-binary{format=bin toolkit=%s}", fly_codegen_toolkit_dir());
        snprintf(bin.name, sizeof bin.name, "gpu-module-to-binary");
        snprintf(bin.label, sizeof bin.label, "gpu_module_to_binary");
        snap_state st = {.res = res, .last = -1};
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
            if (!res->error) set_error(res, "link", "gpu-module-to-binary{format=bin} gave no code object");
        }
    } else {
        ok = fly_codegen_link(cg, &res->hsaco, &res->hsaco_size, &res->link_method, &err);
        if (!ok) set_error(res, "link", err.data ? err.data : "linking failed");
    }
    res->t.link = fly_ir_now_ms() - t0;
    fly_ir_buf_free(&err);
    if (ok) fly_codegen_stats(res->hsaco, res->hsaco_size, tg, &res->stats);
    return ok;
}

static bool make_isa(fly_lazy *lz, fly_pipeline_result *r, MlirContext ctx);

/* Compiles module (its context locked by the caller) into out; pc: the pooled context the module
 * lives in, whose reference a result keeps while it holds clones; NULL for a caller's context, when
 * everything is printed and made before returning. origin (with pc only): the module's text, for
 * deferred snapshots (lazy.h); a successful compile then keeps the module itself for the ISA
 * (lz->prebin is the module's operation: the caller must not destroy it). */
static int compile_module(MlirModule module, const fly_pipeline_options *opts, fly_pipeline_result *out, fly_pctx *pc,
                          const char *origin) {
    static const fly_pipeline_options defaults = {.stop_after = -1};
    if (!opts) opts = &defaults;
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
    fly_lazy *lz = calloc(1, sizeof *lz);
    stage_spec *specs = calloc(MAX_STAGES, sizeof *specs);
    if (!lz || !specs) {
        free(lz);
        free(specs);
        set_error(out, "pipeline", "out of memory");
        return 0;
    }
    lz->prebin_stage = lz->final_stage = -1;
    lz->debuginfo = opts->debug_info != 0;
    out->lazy = lz;
    MlirOperation op = mlirModuleGetOperation(module);
    MlirContext ctx = mlirOperationGetContext(op);
    fly_ir_diags diags;
    fly_ir_diags_attach(&diags, ctx);
    bool snaps = !opts->no_snapshots;
    bool deferred = snaps && pc && origin && !opts->eager && !opts->passes;
    snap_state st = {.res = out, .lz = lz, .last = -1, .pc = pc, .deferred = deferred};
    if (snaps && push_stage(out, 0, "origin", "origin", 0, NULL) && !deferred)
        fly_lazy_put(lz, 0, mlirOperationClone(op));

    fly_codegen cg;
    fly_codegen_init(&cg);
    cg.code_object_version = opts->code_object_version;
    if (opts->target_features) snprintf(cg.features, sizeof cg.features, "%s", opts->target_features);
    bool ok = true;
    if (deferred) {
        lz->cov = opts->code_object_version;
        lz->line_tables = opts->line_tables != 0;
        if (!(lz->origin = strdup(origin))) {
            set_error(out, "pipeline", "out of memory");
            ok = false;
        }
    }
    /* fly-verify first, as a check of its own (not a stage) */
    stage_spec verify = {"fly-verify", "fly_verify", "fly-verify"};
    ok = ok && run_stages(op, &verify, 1, 0, &diags, &st, false);
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
        if (ok) standard_specs(specs, tg->chip, toolkit, opts->code_object_version, opts->line_tables != 0);
        int upto = codegen ? NSTANDARD - 1 : last;
        st.verify_last = lz->upto = upto;
        if (ok && deferred) use_cached_rocdl(specs, upto);
        if (ok)
            ok = deferred ? run_deferred(op, specs, upto, &diags, &st, opts->line_tables != 0)
                          : run_stages(op, specs, upto, 1, &diags, &st, snaps);
        if (ok && codegen) {
            ok = prepare_codegen(op, tg, &cg, out);
            if (ok) {
                /* gpu-module-to-binary{format=isa} waits for fly_pipeline_result_isa: keep its input */
                double t0 = fly_ir_now_ms();
                if (snaps && st.last >= 0 && st.last < lz->cap && !mlirOperationIsNull(lz->snap[st.last])) {
                    lz->prebin = lz->snap[st.last];
                    lz->prebin_stage = st.last;
                } else if (deferred) {
                    lz->prebin = op; /* the module itself (compile_text keeps it) */
                } else {
                    lz->prebin = mlirOperationClone(op);
                }
                lz->want_isa = true;
                st.snap_ms += fly_ir_now_ms() - t0;
                if (snaps) {
                    push_stage(out, NSTANDARD, specs[NSTANDARD - 1].name, specs[NSTANDARD - 1].label, 0, NULL);
                    push_stage(out, NSTANDARD + 1, "llvm-ir", "llvm_ir", out->t.translate, strdup(out->llvm_ir));
                    push_stage(out, NSTANDARD + 2, "isa", "final_isa", 0, NULL);
                }
                ok = finish_codegen(&cg, tg, &diags, out);
            }
        }
    }
    /* the module after the last pass: the last snapshot once printed; else printed now */
    if (ok && !lz->want_isa && st.last >= 0) lz->final_stage = st.last;
    else if (!ok || !lz->want_isa) out->final_ir = fly_ir_op_print(op, opts->debug_info != 0, false);
    if (!ok && lz->want_isa) {
        lz->want_isa = false; /* no ISA for a failed compile */
        if (lz->prebin_stage < 0 && !mlirOperationIsNull(lz->prebin) && lz->prebin.ptr != op.ptr)
            mlirOperationDestroy(lz->prebin);
        lz->prebin = (MlirOperation){NULL};
        lz->prebin_stage = -1;
    }
    fly_codegen_free(&cg);
    free(specs);
    fly_ir_diags_detach(&diags);
    out->t.snapshots = st.snap_ms;
    out->ok = ok;
    out->t.total = fly_ir_now_ms() - t_start;
    /* eager, or a caller's context (nothing may stay behind in it): everything now */
    bool now = !pc || opts->eager;
    if (now) {
        double t0 = fly_ir_now_ms();
        fly_lazy_print(lz, out);
        out->t.snapshots += fly_ir_now_ms() - t0;
        if (lz->want_isa && !make_isa(lz, out, ctx) && ok) {
            set_error(out, "gpu-module-to-binary", out->isa_error ? out->isa_error : "no ISA");
            out->ok = ok = false;
        }
        fly_lazy_free(lz);
        out->lazy = NULL;
        out->t.total = fly_ir_now_ms() - t_start;
    } else {
        lz->ctx = pc;
        fly_pctx_retain(pc);
    }
    return ok;
}

int fly_pipeline_compile_module(MlirModule module, const fly_pipeline_options *opts, fly_pipeline_result *out) {
    return compile_module(module, opts, out, NULL, NULL);
}

int fly_pipeline_compile_text(const char *text, const fly_pipeline_options *opts, fly_pipeline_result *out) {
    memset(out, 0, sizeof *out);
    double t0 = fly_ir_now_ms();
    fly_pctx *pc = fly_pctx_acquire();
    if (!pc) {
        set_error(out, "parse", "cannot create an MLIR context");
        return 0;
    }
    MlirContext ctx = fly_pctx_context(pc);
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
        ok = compile_module(m, opts, out, pc, text);
        fly_lazy *lz = out->lazy;
        bool kept = lz && lz->prebin.ptr == mlirModuleGetOperation(m).ptr;
        if (!kept) mlirModuleDestroy(m);
        if (!ok && lz && lz->origin) { /* deferred: compile again with every stage kept, for the failing pass */
            double parse = out->t.parse;
            fly_pctx *c = fly_lazy_free(lz);
            out->lazy = NULL;
            if (c) fly_pctx_release(c); /* not the last reference: this compile holds one */
            fly_pipeline_result_free(out);
            out->t.parse = parse;
            fly_pipeline_options eager = opts ? *opts : (fly_pipeline_options){.stop_after = -1};
            eager.eager = 1;
            m = mlirModuleCreateParse(ctx, fly_ir_sref(text));
            ok = !mlirModuleIsNull(m) && compile_module(m, &eager, out, pc, NULL);
            if (!mlirModuleIsNull(m)) mlirModuleDestroy(m);
        }
    }
    fly_pctx_unlock(pc);
    fly_pctx_release(pc);
    out->t.total = fly_ir_now_ms() - t0;
    return ok;
}

/* Runs gpu-module-to-binary{format=isa} on lz->prebin (the stages printed already): isa, final_ir,
 * the IR of stages 19 and 21. False with r->isa_error set. */
static bool make_isa(fly_lazy *lz, fly_pipeline_result *r, MlirContext ctx) {
    fly_pipeline_result tmp = {0}; /* collects run_stages' error */
    stage_spec bin;
    spec_standard(&bin, NSTANDARD - 1, r->target, fly_codegen_toolkit_dir(), 0);
    fly_ir_diags diags;
    fly_ir_diags_attach(&diags, ctx);
    MlirOperation op = lz->prebin;
    snap_state st = {.res = &tmp, .last = -1};
    double t0 = fly_ir_now_ms();
    bool ok = run_stages(op, &bin, 1, NSTANDARD, &diags, &st, false);
    double ms = fly_ir_now_ms() - t0;
    size_t len = 0;
    char *isa = ok ? fly_codegen_binary_payload(op, &len) : NULL, *ir = NULL;
    if (ok && !isa) tmp.error = strdup("no gpu.binary with ISA text after gpu-module-to-binary");
    if (isa) ir = fly_lazy_print_verified(op, lz->debuginfo);
    fly_ir_diags_detach(&diags);
    mlirOperationDestroy(op);
    lz->prebin = (MlirOperation){NULL};
    lz->prebin_stage = -1;
    lz->want_isa = false;
    free(tmp.error_stage);
    if (!isa || !ir) {
        free(isa);
        free(ir);
        free(r->isa_error);
        r->isa_error = tmp.error ? tmp.error : strdup("out of memory");
        return false;
    }
    free(tmp.error);
    for (int i = 0; i < r->nstages; i++) {
        fly_pipeline_stage *s = &r->stages[i];
        if (s->ir || (s->number != NSTANDARD && s->number != NSTANDARD + 2)) continue;
        s->ir = strdup(s->number == NSTANDARD ? ir : isa);
        s->ms = ms;
    }
    for (int i = 0; i < r->nstages; i++) {
        const char *prev = i ? r->stages[i - 1].ir : NULL, *cur = r->stages[i].ir;
        r->stages[i].changed = !prev || !cur || strcmp(prev, cur) != 0;
    }
    r->t.isa = ms;
    free(r->final_ir);
    r->final_ir = ir;
    r->isa = isa;
    return true;
}

/* Makes the ISA from r->isa_pending (a result whose stages were printed, or restored from text). */
static bool isa_from_text(fly_pipeline_result *r) {
    fly_pctx *pc = fly_pctx_acquire();
    if (!pc) {
        free(r->isa_error);
        r->isa_error = strdup("cannot create an MLIR context");
        return false;
    }
    MlirContext ctx = fly_pctx_context(pc);
    fly_ir_diags diags;
    fly_ir_diags_attach(&diags, ctx);
    MlirModule m = mlirModuleCreateParse(ctx, fly_ir_sref(r->isa_pending));
    bool ok = false;
    if (mlirModuleIsNull(m)) {
        free(r->isa_error);
        const char *d = fly_ir_diags_text(&diags);
        r->isa_error = strdup(*d ? d : "cannot parse the module before gpu-module-to-binary");
    }
    fly_ir_diags_detach(&diags);
    if (!mlirModuleIsNull(m)) {
        /* make_isa takes the module (and destroys it) */
        fly_lazy lz = {.prebin = mlirModuleGetOperation(m),
                       .prebin_stage = -1,
                       .final_stage = -1,
                       .debuginfo = r->isa_debuginfo != 0,
                       .want_isa = true};
        ok = make_isa(&lz, r, ctx);
        free(r->isa_pending);
        r->isa_pending = NULL;
    }
    fly_pctx_unlock(pc);
    fly_pctx_release(pc);
    return ok;
}

/* Deferred snapshots: runs the passes again on lz->origin (in the pooled context, locked), keeping a
 * clone after each stage as an eager compile does; the stages' times stay those of the compile. */
static void rerun_stages(fly_lazy *lz, fly_pipeline_result *r, fly_pctx *pc) {
    MlirContext ctx = fly_pctx_context(pc);
    fly_ir_diags diags;
    fly_ir_diags_attach(&diags, ctx);
    MlirModule m = mlirModuleCreateParse(ctx, fly_ir_sref(lz->origin));
    stage_spec *specs = mlirModuleIsNull(m) ? NULL : calloc(NSTANDARD, sizeof *specs);
    if (specs) {
        fly_pipeline_result tmp = {0};
        snap_state st = {.res = &tmp, .lz = lz, .last = -1, .pc = pc};
        MlirOperation op = mlirModuleGetOperation(m);
        if (push_stage(&tmp, 0, "origin", "origin", 0, NULL)) fly_lazy_put(lz, 0, mlirOperationClone(op));
        stage_spec verify = {"fly-verify", "fly_verify", "fly-verify"};
        standard_specs(specs, r->target, fly_codegen_toolkit_dir(), lz->cov, lz->line_tables);
        if (run_stages(op, &verify, 1, 0, &diags, &st, false)) run_stages(op, specs, lz->upto, 1, &diags, &st, true);
        for (int i = 0; i < tmp.nstages; i++) {
            free(tmp.stages[i].name);
            free(tmp.stages[i].label);
        }
        free(tmp.stages);
        free(tmp.error);
        free(tmp.error_stage);
        free(specs);
    }
    if (!mlirModuleIsNull(m)) mlirModuleDestroy(m);
    fly_ir_diags_detach(&diags);
    free(lz->origin);
    lz->origin = NULL;
}

/* Does what is left in the clones: prints the stages, then makes the ISA (want_isa) or keeps the
 * text it is made from (isa_pending); the clones and the context reference are dropped. */
static void complete(fly_pipeline_result *r, bool want_isa) {
    fly_lazy *lz = r->lazy;
    if (!lz) return;
    fly_pctx *pc = lz->ctx;
    fly_pctx_lock(pc);
    double t0 = fly_ir_now_ms();
    if (lz->origin) rerun_stages(lz, r, pc);
    fly_lazy_print(lz, r);
    r->t.snapshots += fly_ir_now_ms() - t0;
    if (lz->want_isa && want_isa) {
        make_isa(lz, r, fly_pctx_context(pc));
    } else if (lz->want_isa) {
        r->isa_pending = lz->prebin_stage >= 0 && r->stages[lz->prebin_stage].ir
                             ? strdup(r->stages[lz->prebin_stage].ir)
                             : fly_lazy_print_verified(lz->prebin, lz->debuginfo);
        r->isa_debuginfo = lz->debuginfo;
    }
    fly_lazy_free(lz);
    r->lazy = NULL;
    fly_pctx_unlock(pc);
    fly_pctx_release(pc);
}

void fly_pipeline_result_stages(fly_pipeline_result *r) {
    if (r) complete(r, false);
}

const char *fly_pipeline_result_isa(fly_pipeline_result *r) {
    if (!r) return NULL;
    complete(r, true);
    if (!r->isa && r->isa_pending) isa_from_text(r);
    return r->isa;
}

void fly_pipeline_result_free(fly_pipeline_result *r) {
    if (!r) return;
    fly_lazy *lz = r->lazy;
    if (lz) {
        fly_pctx *pc = lz->ctx;
        if (pc) fly_pctx_lock(pc);
        fly_lazy_free(lz);
        if (pc) {
            fly_pctx_unlock(pc);
            fly_pctx_release(pc);
        }
    }
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
    free(r->isa_pending);
    free(r->isa_error);
    memset(r, 0, sizeof *r);
}
