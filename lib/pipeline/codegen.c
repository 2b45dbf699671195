/* codegen.c - LLVM IR and object code for the device module through the LLVM-C API. */
#include "pipeline/codegen.h"

#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "llvm-c/IRReader.h"
#include "llvm-c/Target.h"
#include "llvm-c/TargetMachine.h"
#include "llvm-c/Transforms/PassBuilder.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Dialect/GPU.h"
#include "mlir-c/Target/LLVMIR.h"

#ifndef FLYI_LLVM_BINDIR
#define FLYI_LLVM_BINDIR "/usr/lib/llvm-22/bin"
#endif

#define TRIPLE "amdgcn-amd-amdhsa"

void fly_codegen_init(fly_codegen *cg) { memset(cg, 0, sizeof *cg); }

void fly_codegen_free(fly_codegen *cg) {
    if (cg->mod) LLVMDisposeModule(cg->mod);
    if (cg->llctx) LLVMContextDispose(cg->llctx);
    free(cg->obj);
    if (!mlirOperationIsNull(cg->devlib_clone)) mlirOperationDestroy(cg->devlib_clone);
    memset(cg, 0, sizeof *cg);
}

static bool is_dir(const char *p) {
    struct stat s;
    return stat(p, &s) == 0 && S_ISDIR(s.st_mode);
}

const char *fly_codegen_toolkit_dir(void) {
    static char dir[512];
    static int done;
    if (done) return dir[0] ? dir : NULL;
    done = 1;
    char probe[600];
    const char *rocm = getenv("ROCM_PATH");
    if (rocm && *rocm) {
        snprintf(probe, sizeof probe, "%s/amdgcn/bitcode", rocm);
        if (is_dir(probe)) {
            snprintf(dir, sizeof dir, "%s", rocm);
            return dir;
        }
    }
    static const char *const bitcode[] = {"/usr/lib/x86_64-linux-gnu/amdgcn/bitcode", "/usr/lib/amdgcn/bitcode",
                                          "/opt/rocm/amdgcn/bitcode"};
    const char *bc = NULL;
    for (size_t i = 0; i < sizeof bitcode / sizeof bitcode[0] && !bc; i++)
        if (is_dir(bitcode[i])) bc = bitcode[i];
    if (!bc) return NULL;
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/flyi-toolkit-%d", tmp && *tmp ? tmp : "/tmp", (int)getuid());
    /* DIR/amdgcn/bitcode -> the bitcode, DIR/llvm/bin/ld.lld -> LLVM's lld (made idempotently) */
    char a[600], b[600];
    snprintf(a, sizeof a, "%s/amdgcn", dir);
    snprintf(b, sizeof b, "%s/llvm/bin", dir);
    mkdir(dir, 0700);
    mkdir(a, 0700);
    snprintf(a, sizeof a, "%s/llvm", dir);
    mkdir(a, 0700);
    mkdir(b, 0700);
    snprintf(a, sizeof a, "%s/amdgcn/bitcode", dir);
    if (symlink(bc, a) != 0 && !is_dir(a)) {
        dir[0] = '\0';
        return NULL;
    }
    snprintf(a, sizeof a, "%s/llvm/bin/ld.lld", dir);
    if (symlink(FLYI_LLVM_BINDIR "/ld.lld", a) != 0 && access(a, X_OK) != 0) {
        /* format=isa works without it; only format=bin needs ld.lld */
    }
    return dir;
}

/* The first operation left outside the LLVM and ROCDL dialects (the translation cannot take it). */
static MlirWalkResult find_untranslated(MlirOperation op, void *user) {
    MlirIdentifier id = mlirOperationGetName(op);
    MlirStringRef n = mlirIdentifierStr(id);
    static const char *const ok[] = {"llvm.", "rocdl.", "builtin.", "gpu."};
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
        if (n.length >= strlen(ok[i]) && !strncmp(n.data, ok[i], strlen(ok[i]))) return MlirWalkResultAdvance;
    *(MlirOperation *)user = op;
    return MlirWalkResultInterrupt;
}

/* Why the translation failed, where an operation was left unlowered: its name and types; fp8
 * conversions (arith.truncf/extf) lower only to the target's own fp8 formats. */
static void explain_untranslated(MlirOperation gpu_module, fly_ir_buf *err) {
    MlirOperation bad = {NULL};
    mlirOperationWalk(gpu_module, find_untranslated, &bad, MlirWalkPreOrder);
    if (mlirOperationIsNull(bad)) return;
    MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(bad));
    fly_ir_buf_printf(err, ": '%.*s' was not lowered", (int)n.length, n.data);
    if (mlirOperationGetNumOperands(bad) == 1 && mlirOperationGetNumResults(bad) == 1) {
        char *a = fly_ir_type_print(mlirValueGetType(mlirOperationGetOperand(bad, 0)));
        char *b = fly_ir_type_print(mlirValueGetType(mlirOperationGetResult(bad, 0)));
        fly_ir_buf_printf(err, " (%s to %s)", a ? a : "?", b ? b : "?");
        if ((a && strstr(a, "f8E")) || (b && strstr(b, "f8E")))
            fly_ir_buf_puts(err, "; fp8 conversions lower to the target's own fp8 formats only: f8E4M3FNUZ and "
                                 "f8E5M2FNUZ on gfx942, f8E4M3FN and f8E5M2 on gfx950");
        free(a);
        free(b);
    }
}

bool fly_codegen_translate(fly_codegen *cg, MlirOperation gpu_module, fly_ir_buf *err) {
    if (!cg->llctx) cg->llctx = LLVMContextCreate();
    cg->mod = mlirTranslateModuleToLLVMIR(gpu_module, cg->llctx);
    if (!cg->mod) {
        fly_ir_buf_puts(err, "mlirTranslateModuleToLLVMIR failed on the gpu.module");
        explain_untranslated(gpu_module, err);
        return false;
    }
    LLVMSetTarget(cg->mod, TRIPLE);
    return true;
}

char *fly_codegen_llvm_ir(fly_codegen *cg) {
    char *s = LLVMPrintModuleToString(cg->mod);
    char *r = strdup(s);
    LLVMDisposeMessage(s);
    return r;
}

bool fly_codegen_needs_devlibs(fly_codegen *cg) {
    for (LLVMValueRef f = LLVMGetFirstFunction(cg->mod); f; f = LLVMGetNextFunction(f)) {
        size_t n;
        const char *name = LLVMGetValueName2(f, &n);
        if (LLVMIsDeclaration(f) && n > 7 &&
            (!strncmp(name, "__ocml_", 7) || !strncmp(name, "__ockl_", 7) || !strncmp(name, "__oclc_", 7)))
            return true;
    }
    return false;
}

static void init_amdgpu(void) {
    static int done;
    if (done) return;
    /* LLVM's register allocator takes arrays of a few hundred KB per function (one entry per AMDGPU
     * register unit) and gives them back at its end: with glibc's defaults they are mmapped or
     * trimmed off the heap each time, and every compile page-faults them in again (~1.5 ms of a
     * 5 ms vector add). Keep such blocks in the heap and trim it only past 64 MB. */
    mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
    mallopt(M_TRIM_THRESHOLD, 64 * 1024 * 1024);
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTarget();
    LLVMInitializeAMDGPUTargetMC();
    LLVMInitializeAMDGPUAsmPrinter();
    LLVMInitializeAMDGPUAsmParser();
    done = 1;
}

/* ---- target machines ----
 * One TargetMachine per chip for the whole process (making one costs about as much as the
 * optimiser on a small kernel); a TargetMachine is not for two threads at once, so the lock is
 * held while it optimises and emits. */

static pthread_mutex_t tm_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
    char chip[16];
    char features[48]; /* "+sramecc,-xnack"; "": LLVM's default (xnack and sramecc "any") */
    LLVMTargetMachineRef tm;
} tms[8];

/* The TargetMachine for chip (tm_lock held), or NULL with a message in err. */
static LLVMTargetMachineRef target_machine(const char *chip, const char *features, fly_ir_buf *err) {
    size_t i = 0;
    if (!features) features = "";
    for (; i < sizeof tms / sizeof tms[0] && tms[i].tm; i++)
        if (!strcmp(tms[i].chip, chip) && !strcmp(tms[i].features, features)) return tms[i].tm;
    init_amdgpu();
    char *msg = NULL;
    LLVMTargetRef T;
    if (LLVMGetTargetFromTriple(TRIPLE, &T, &msg)) {
        fly_ir_buf_printf(err, "AMDGPU target: %s", msg);
        LLVMDisposeMessage(msg);
        return NULL;
    }
    LLVMTargetMachineRef tm =
        LLVMCreateTargetMachine(T, TRIPLE, chip, features, LLVMCodeGenLevelDefault, LLVMRelocPIC, LLVMCodeModelDefault);
    if (!tm) {
        fly_ir_buf_printf(err, "cannot make an AMDGPU target machine for %s", chip);
        return NULL;
    }
    if (i < sizeof tms / sizeof tms[0] && strlen(chip) < sizeof tms[i].chip &&
        strlen(features) < sizeof tms[i].features) {
        snprintf(tms[i].chip, sizeof tms[i].chip, "%s", chip);
        snprintf(tms[i].features, sizeof tms[i].features, "%s", features);
        tms[i].tm = tm;
    } /* else: a target machine that is not cached (it leaks; more than 8 kinds are not expected) */
    return tm;
}

/* emit_object's work, with LLVM's diagnostics going to its sink. */
static bool emit_object_with(fly_codegen *cg, LLVMTargetMachineRef tm, LLVMModuleRef m, fly_ir_buf *err) {
    LLVMTargetDataRef td = LLVMCreateTargetDataLayout(tm);
    LLVMSetModuleDataLayout(m, td);
    LLVMDisposeTargetData(td);
    LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
    LLVMErrorRef e = LLVMRunPasses(m, "default<O2>", tm, po);
    LLVMDisposePassBuilderOptions(po);
    if (e) {
        char *em = LLVMGetErrorMessage(e);
        fly_ir_buf_printf(err, "LLVM optimisation failed: %s", em);
        LLVMDisposeErrorMessage(em);
        return false;
    }
    char *msg = NULL;
    LLVMMemoryBufferRef buf = NULL;
    if (LLVMTargetMachineEmitToMemoryBuffer(tm, m, LLVMObjectFile, &msg, &buf)) {
        fly_ir_buf_printf(err, "object emission failed: %s", msg);
        LLVMDisposeMessage(msg);
        return false;
    }
    bool ok = true;
    free(cg->obj);
    cg->obj_size = LLVMGetBufferSize(buf);
    cg->obj = malloc(cg->obj_size);
    if (cg->obj) memcpy(cg->obj, LLVMGetBufferStart(buf), cg->obj_size);
    else ok = false;
    LLVMDisposeMemoryBuffer(buf);
    return ok;
}

/* LLVM's own errors while optimising and emitting (an inline-asm string the AMDGPU assembler rejects, say). With no
 * handler, LLVMContext::diagnose prints them and exits the process; this one keeps the first few for the caller's
 * error, passes warnings to stderr as LLVM would print them, and drops remarks and notes. */
typedef struct {
    fly_ir_buf *err;
    int errors;
} llvm_diag_sink;

static void on_llvm_diagnostic(LLVMDiagnosticInfoRef di, void *ctx) {
    llvm_diag_sink *sink = ctx;
    LLVMDiagnosticSeverity sev = LLVMGetDiagInfoSeverity(di);
    if (sev != LLVMDSError && sev != LLVMDSWarning) return;
    char *d = LLVMGetDiagInfoDescription(di);
    if (sev == LLVMDSWarning) fprintf(stderr, "warning: %s\n", d ? d : "?");
    else if (sink->errors++ < 4) fly_ir_buf_printf(sink->err, "%s%s", sink->errors > 1 ? "; " : "", d ? d : "?");
    LLVMDisposeMessage(d);
}

/* Optimises (O2) module m in place and emits its object into cg->obj; tm_lock held. */
static bool emit_object(fly_codegen *cg, LLVMTargetMachineRef tm, LLVMModuleRef m, fly_ir_buf *err) {
    llvm_diag_sink sink = {err, 0};
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    LLVMContextSetDiagnosticHandler(ctx, on_llvm_diagnostic, &sink);
    bool ok = emit_object_with(cg, tm, m, err) && sink.errors == 0;
    LLVMContextSetDiagnosticHandler(ctx, NULL, NULL);
    return ok;
}

bool fly_codegen_object(fly_codegen *cg, const char *chip, fly_ir_buf *err) {
    static const char flag[] = "amdhsa_code_object_version";
    if (cg->code_object_version && cg->mod && !LLVMGetModuleFlag(cg->mod, flag, sizeof flag - 1)) {
        LLVMValueRef v = LLVMConstInt(LLVMInt32TypeInContext(cg->llctx), (unsigned)cg->code_object_version * 100, 0);
        LLVMAddModuleFlag(cg->mod, LLVMModuleFlagBehaviorError, flag, sizeof flag - 1, LLVMValueAsMetadata(v));
    }
    pthread_mutex_lock(&tm_lock);
    LLVMTargetMachineRef tm = target_machine(chip, cg->features[0] ? cg->features : NULL, err);
    bool ok = false;
    if (tm) ok = emit_object(cg, tm, cg->mod, err);
    pthread_mutex_unlock(&tm_lock);
    return ok;
}

bool fly_codegen_floor(const char *llvm_ir, const char *chip, double ms[3], fly_ir_buf *err) {
    ms[0] = ms[1] = ms[2] = 0;
    fly_codegen cg;
    fly_codegen_init(&cg);
    double t0 = fly_ir_now_ms();
    cg.llctx = LLVMContextCreate();
    LLVMMemoryBufferRef buf =
        LLVMCreateMemoryBufferWithMemoryRangeCopy(llvm_ir ? llvm_ir : "", llvm_ir ? strlen(llvm_ir) : 0, "llvm_ir");
    char *msg = NULL;
    bool ok = !LLVMParseIRInContext(cg.llctx, buf, &cg.mod, &msg); /* takes buf */
    if (!ok) {
        fly_ir_buf_printf(err, "cannot parse the LLVM IR: %s", msg ? msg : "?");
        LLVMDisposeMessage(msg);
        cg.mod = NULL;
    }
    double t1 = fly_ir_now_ms();
    ms[0] = t1 - t0;
    if (ok) {
        pthread_mutex_lock(&tm_lock);
        LLVMTargetMachineRef tm = target_machine(chip, NULL, err);
        ok = tm && emit_object(&cg, tm, cg.mod, err);
        pthread_mutex_unlock(&tm_lock);
    }
    double t2 = fly_ir_now_ms();
    ms[1] = t2 - t1;
    unsigned char *hsaco = NULL;
    size_t n = 0;
    const char *method = NULL;
    if (ok) ok = fly_codegen_link(&cg, &hsaco, &n, &method, err);
    ms[2] = fly_ir_now_ms() - t2;
    free(hsaco);
    fly_codegen_free(&cg);
    return ok;
}

char *fly_codegen_binary_payload(MlirOperation root, size_t *len) {
    MlirOperation bin = fly_ir_find_first(root, "gpu.binary");
    if (mlirOperationIsNull(bin)) return NULL;
    MlirAttribute objs = mlirOperationGetAttributeByName(bin, fly_ir_sref("objects"));
    if (mlirAttributeIsNull(objs) || !mlirAttributeIsAArray(objs) || mlirArrayAttrGetNumElements(objs) < 1) return NULL;
    MlirAttribute obj = mlirArrayAttrGetElement(objs, 0);
    if (!mlirAttributeIsAGPUObjectAttr(obj)) return NULL;
    MlirStringRef s = mlirGPUObjectAttrGetObject(obj);
    char *copy = malloc(s.length + 1);
    if (!copy) return NULL;
    memcpy(copy, s.data, s.length);
    copy[s.length] = '\0';
    *len = s.length;
    return copy;
}
