/* pass.c - the registry of fly passes and their creation as MLIR external passes. */
#include "passes/pass.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "mlir-c/Diagnostics.h"
#include "mlir-c/Dialect/Arith.h"

static const fly_pass_def defs[] = {
    {"fly-verify", "FlyVerify", "check every fly op against flyi's op table", fly_pass_run_verify},
    {"fly-rewrite-func-signature", "FlyRewriteFuncSignature",
     "static DSL arguments leave function signatures (re-materialised with fly.static), dynamic ones become "
     "pointers and packed LLVM structs",
     fly_pass_run_rewrite_func_signature},
    {"fly-canonicalize", "FlyCanonicalize", "fold fly ops with static results into fly.static, drop dead ones",
     fly_pass_run_canonicalize},
    {"fly-layout-lowering", "FlyLayoutLowering", "lower layout algebra, views and memory ops to arith/llvm/vector/gpu",
     fly_pass_run_layout_lowering},
    {"fly-layout-lowering-gpu-printf", "FlyLayoutLoweringGpuPrintf",
     "fly-layout-lowering with fly.print lowered as FlyDSL does: gpu.printf in a gpu.func, vector.print elsewhere "
     "(flyi's kernel pipeline records prints in its printf buffer instead)",
     fly_pass_run_layout_lowering_gpu_printf},
    {"fly-int-swizzle-simplify", "FlyIntSwizzleSimplify", "simplify integer swizzles (nothing to do yet)",
     fly_pass_run_nothing},
    {"fly-convert-atom-call-to-ssa-form", "FlyConvertAtomCallToSSAForm",
     "copy/MMA atom calls to SSA form (no atoms yet)", fly_pass_run_nothing},
    {"fly-promote-regmem-to-vectorssa", "FlyPromoteRegMemToVectorSSA",
     "register memrefs to vector SSA (not done yet: register memrefs stay allocas)", fly_pass_run_nothing},
    {"convert-fly-to-rocdl", "ConvertFlyToROCDL", "fly pointers become LLVM pointers; no fly op or type may remain",
     fly_pass_run_convert_fly_to_rocdl},
    {"fly-rocdl-cluster-attr", "FlyROCDLClusterAttr",
     "an llvm.func's rocdl.cluster_dims becomes an amdgpu-cluster-dims passthrough entry",
     fly_pass_run_rocdl_cluster_attr},
};
#define NDEFS (int)(sizeof defs / sizeof defs[0])

const fly_pass_def *fly_pass_lookup(const char *name) {
    for (int i = 0; i < NDEFS; i++)
        if (strcmp(defs[i].name, name) == 0) return &defs[i];
    return NULL;
}

int fly_pass_count(void) { return NDEFS; }
const fly_pass_def *fly_pass_at(int i) { return i >= 0 && i < NDEFS ? &defs[i] : NULL; }

static void ext_run(MlirOperation op, MlirExternalPass pass, void *user) {
    ((const fly_pass_def *)user)->run(op, pass);
}

/* The user data is the static table entry: clones share it. */
static void *ext_clone(void *user) { return user; }

MlirPass fly_pass_create(const fly_pass_def *def) {
    /* One TypeID per pass, allocated once per process (MLIR's pass registry is global too). */
    static MlirTypeIDAllocator alloc;
    static MlirTypeID ids[NDEFS];
    if (!alloc.ptr) {
        alloc = mlirTypeIDAllocatorCreate();
        for (int i = 0; i < NDEFS; i++) ids[i] = mlirTypeIDAllocatorAllocateTypeID(alloc);
    }
    MlirExternalPassCallbacks cb = {0};
    cb.run = ext_run;
    cb.clone = ext_clone;
    MlirDialectHandle deps[] = {mlirGetDialectHandle__arith__()};
    return mlirCreateExternalPass(ids[def - defs], fly_ir_sref(def->class_name), fly_ir_sref(def->name),
                                  fly_ir_sref(def->description), fly_ir_sref(""), 1, deps, cb, (void *)def);
}

static void err_cb(MlirStringRef s, void *user) { fly_ir_buf_add(user, s.data, s.length); }

/* The elements of a nesting group "anchor(a,b{x=1},c)" when one of them is a fly pass (which MLIR's pipeline
 * parser does not know): *anchor_len and the inner text's bounds; false for any other text. */
static bool fly_group(const char *text, size_t *anchor_len, const char **inner, size_t *inner_len) {
    const char *open = strchr(text, '(');
    size_t len = strlen(text);
    if (!open || open == text || len < 2 || text[len - 1] != ')' || memchr(text, '{', (size_t)(open - text)))
        return false;
    *anchor_len = (size_t)(open - text);
    *inner = open + 1;
    *inner_len = (size_t)(text + len - 1 - *inner);
    return true;
}

/* Adds the comma-separated elements of list[0..len) to pm, one by one (nesting braces and parentheses kept). */
static bool add_elements(MlirOpPassManager pm, const char *list, size_t len, fly_ir_buf *err) {
    int depth = 0;
    size_t start = 0;
    for (size_t i = 0; i <= len; i++) {
        char c = i < len ? list[i] : ',';
        if (c == '(' || c == '{') depth++;
        else if (c == ')' || c == '}') depth--;
        if (c != ',' || depth != 0) continue;
        while (start < i && list[start] == ' ') start++;
        if (i > start) {
            char elem[1024];
            snprintf(elem, sizeof elem, "%.*s", (int)(i - start), list + start);
            if (!fly_pass_add(pm, elem, err)) return false;
        }
        start = i + 1;
    }
    return true;
}

bool fly_pass_add(MlirOpPassManager pm, const char *text, fly_ir_buf *err) {
    const fly_pass_def *def = fly_pass_lookup(text);
    if (def) {
        mlirOpPassManagerAddOwnedPass(pm, fly_pass_create(def));
        return true;
    }
    /* "gpu.module(cse,fly-rocdl-cluster-attr)": a fly pass inside a nesting group goes under the nested manager */
    size_t alen, ilen;
    const char *inner;
    if (fly_group(text, &alen, &inner, &ilen)) {
        bool has_fly = false;
        for (int i = 0; i < NDEFS && !has_fly; i++) {
            const char *hit = strstr(inner, defs[i].name);
            size_t n = strlen(defs[i].name);
            for (; hit && hit < inner + ilen && !has_fly; hit = strstr(hit + 1, defs[i].name))
                has_fly = (hit == inner || hit[-1] == ',' || hit[-1] == ' ' || hit[-1] == '(') &&
                          (hit[n] == ',' || hit[n] == ')' || hit[n] == '\0');
        }
        if (has_fly) {
            MlirOpPassManager nested = mlirOpPassManagerGetNestedUnder(pm, (MlirStringRef){text, alen});
            return add_elements(nested, inner, ilen, err);
        }
    }
    fly_ir_buf msg = {0};
    MlirLogicalResult r = mlirOpPassManagerAddPipeline(pm, fly_ir_sref(text), err_cb, &msg);
    if (mlirLogicalResultIsFailure(r)) {
        fly_ir_buf_printf(err, "cannot add pass '%s': %s", text, msg.data ? msg.data : "unknown pass");
        fly_ir_buf_free(&msg);
        return false;
    }
    fly_ir_buf_free(&msg);
    return true;
}

void fly_pass_error(MlirExternalPass pass, MlirOperation at, const char *pass_name, const char *fmt, ...) {
    char msg[1024];
    int n = snprintf(msg, sizeof msg, "%s: ", pass_name);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg + n, sizeof msg - (size_t)n, fmt, ap);
    va_end(ap);
    mlirEmitError(mlirOperationGetLocation(at), msg);
    mlirExternalPassSignalFailure(pass);
}

void fly_pass_run_nothing(MlirOperation op, MlirExternalPass pass) {
    (void)op;
    (void)pass;
}
