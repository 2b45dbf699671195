/* ir_context.c - MLIR context creation and Fly's opaque types. */
#include "ir/ir_context.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/RegisterEverything.h"
#include "pipeline/rocdl_lower.h"

static MlirStringRef str_ref(const char *s) { return mlirStringRefCreate(s, strlen(s)); }

/* Dialects are loaded eagerly: an op built from C for a registered-but-unloaded dialect would
 * silently become an unregistered op that no pass recognises (MLIR-C-API.md, section 1). */
static const char *const loaded_dialects[] = {
    "builtin", "func",   "arith", "math", "memref", "scf",    "cf",
    "gpu",     "vector", "index", "llvm", "rocdl",  "amdgpu", "ub",
};

MlirContext fly_ir_context_create(void) {
    static bool passes_registered;
    if (!passes_registered) {
        mlirRegisterAllPasses();
        fly_rocdl_lower_register();
        passes_registered = true;
    }
    MlirDialectRegistry reg = mlirDialectRegistryCreate();
    mlirRegisterAllDialects(reg);
    MlirContext ctx = mlirContextCreateWithRegistry(reg, /*threadingEnabled=*/false);
    mlirDialectRegistryDestroy(reg);
    if (mlirContextIsNull(ctx)) return ctx;
    mlirRegisterAllLLVMTranslations(ctx);
    mlirContextSetAllowUnregisteredDialects(ctx, true);
    for (size_t i = 0; i < sizeof loaded_dialects / sizeof loaded_dialects[0]; i++)
        mlirContextGetOrLoadDialect(ctx, str_ref(loaded_dialects[i]));
    return ctx;
}

void fly_ir_context_destroy(MlirContext ctx) {
    if (mlirContextIsNull(ctx)) return;
    fly_rocdl_lower_forget(ctx); /* its cached pattern sets live in this context */
    mlirContextDestroy(ctx);
}

MlirType fly_ir_type(MlirContext ctx, const char *kind, const char *body) {
    char data[1024];
    snprintf(data, sizeof data, "%s<%s>", kind, body);
    return mlirOpaqueTypeGet(ctx, str_ref("fly"), str_ref(data));
}

struct strbuf {
    char *buf;
    size_t cap, len;
};

static void strbuf_append(MlirStringRef s, void *user) {
    struct strbuf *b = user;
    if (b->len < b->cap) {
        size_t room = b->cap - b->len;
        size_t n = s.length < room ? s.length : room;
        memcpy(b->buf + b->len, s.data, n);
    }
    b->len += s.length;
}

struct diag_sink {
    char *buf;
    size_t cap;
};

static MlirLogicalResult keep_first_diagnostic(MlirDiagnostic d, void *user) {
    struct diag_sink *sink = user;
    if (sink->cap && sink->buf[0] == '\0') {
        struct strbuf b = {sink->buf, sink->cap - 1, 0};
        mlirDiagnosticPrint(d, strbuf_append, &b);
        sink->buf[b.len < sink->cap - 1 ? b.len : sink->cap - 1] = '\0';
    }
    return mlirLogicalResultSuccess();
}

static void free_diag_sink(void *user) { free(user); }

void fly_ir_capture_diagnostics(MlirContext ctx, char *buf, size_t cap) {
    struct diag_sink *sink = malloc(sizeof *sink);
    if (!sink) return;
    sink->buf = buf;
    sink->cap = cap;
    if (cap) buf[0] = '\0';
    mlirContextAttachDiagnosticHandler(ctx, keep_first_diagnostic, sink, free_diag_sink);
}

size_t fly_ir_type_str(MlirType t, char *buf, size_t cap) {
    struct strbuf b = {buf, cap ? cap - 1 : 0, 0};
    mlirTypePrint(t, strbuf_append, &b);
    if (cap) buf[b.len < cap - 1 ? b.len : cap - 1] = '\0';
    return b.len;
}
