/* fly_core.c - the entry table of flycore.so. */
#include "core/fly_core.h"

#include <stdio.h>
#include <string.h>

#include "ir/ir_context.h"
#include "passes/pass.h"
#include "pipeline/codegen.h"
#include "pipeline/llvm_opts.h"
#include "pipeline/pipeline.h"
#include "pipeline/rocdl_lower.h"
#include "pipeline/target.h"
#include "llvm/Config/llvm-config.h"
#include "ir/ir_api.h"

static int type_roundtrip(const char *text, char *out, size_t cap) {
    MlirContext ctx = fly_ir_context_create();
    if (mlirContextIsNull(ctx)) {
        snprintf(out, cap, "cannot create an MLIR context");
        return -1;
    }
    char diag[256];
    fly_ir_capture_diagnostics(ctx, diag, sizeof diag);
    MlirType t = mlirTypeParseGet(ctx, mlirStringRefCreate(text, strlen(text)));
    int rc = 0;
    if (mlirTypeIsNull(t)) {
        snprintf(out, cap, "cannot parse type '%s': %s", text, diag);
        rc = -1;
    } else {
        fly_ir_type_str(t, out, cap);
    }
    fly_ir_context_destroy(ctx);
    return rc;
}

static int compile(const char *text, const char *target, fly_pipeline_result *out) {
    fly_pipeline_options o = {.target = target, .stop_after = -1, .eager = 1};
    return fly_pipeline_compile_text(text, &o, out);
}

static int codegen_floor(const char *llvm_ir, const char *target, double ms[3], char *err, size_t cap) {
    const fly_pipeline_target *tg = fly_pipeline_target_get(target);
    fly_ir_buf e = {0};
    bool ok = tg && fly_codegen_floor(llvm_ir, tg->chip, ms, &e);
    if (!ok && err && cap) snprintf(err, cap, "%s", !tg ? "unknown target" : e.data ? e.data : "failed");
    fly_ir_buf_free(&e);
    return ok ? 0 : -1;
}

static const char *pass_name(int i, const char **description) {
    const fly_pass_def *d = fly_pass_at(i);
    if (description) *description = d ? d->description : NULL;
    return d ? d->name : NULL;
}

static const fly_core_api api = {
    .abi = FLY_CORE_ABI,
    .llvm_version = LLVM_VERSION_STRING,
    .type_roundtrip = type_roundtrip,
    .compile = compile,
    .compile_ex = fly_pipeline_compile_text,
    .result_free = fly_pipeline_result_free,
    .pass_count = fly_pass_count,
    .pass_name = pass_name,
    .rt = &fly_rt_api_table,
    .result_isa = fly_pipeline_result_isa,
    .result_stages = fly_pipeline_result_stages,
    .codegen_floor = codegen_floor,
    .ir = &fly_ir_api_table,
    .llvm_option_set = fly_llvm_option_set,
    .rocdl_lower_stats = fly_rocdl_lower_stats,
};

/* The one exported symbol (lib/core/flycore.map). */
__attribute__((visibility("default"))) const fly_core_api *fly_core_api_get(void) { return &api; }
