/* fly_core.h - the interface of the compiler core shared object (flycore.so).
 *
 * The interpreter never links MLIR/LLVM (250 MB, ~80 ms to load): it opens flycore.so with
 * dlopen on the first compile and reaches everything through the table below. The table grows
 * as the tracer, pipeline and runtime land; FLY_CORE_ABI changes when an entry changes. */
#ifndef FLY_CORE_H
#define FLY_CORE_H

#include <stddef.h>

#include "pipeline/result.h"
#include "runtime/backend.h"

#define FLY_CORE_ABI 9
#define FLY_CORE_ENTRY "fly_core_api_get"

typedef struct fly_core_api {
    int abi;                 /* FLY_CORE_ABI of the library */
    const char *llvm_version; /* e.g. "22.1.8" */
    /* Round-trip a Fly type through MLIR: parse "!fly.<text>" in a fresh context and print it
     * back into out. Returns 0 on success, -1 with a message in out on failure. */
    int (*type_roundtrip)(const char *text, char *out, size_t cap);
    /* Compile MLIR module text (Fly IR in a gpu.module) for target ("gfx942" when NULL, or
     * "gfx950") through the whole pipeline: stages with per-pass IR, LLVM IR, ISA, HSACO and
     * stats. Always fills *out (free it with result_free); returns out->ok (errors are in
     * out->error with the failing stage in out->error_stage). */
    int (*compile)(const char *module_text, const char *target, fly_pipeline_result *out);
    /* The same with options: a pass list instead of the pipeline, a stage to stop after, no
     * code generation, locations in the stage IR (see pipeline/result.h). */
    int (*compile_ex)(const char *module_text, const fly_pipeline_options *opts, fly_pipeline_result *out);
    /* Frees what a compile result owns. */
    void (*result_free)(fly_pipeline_result *r);
    /* The fly passes: count, and the name and description of pass i (NULL out of range). */
    int (*pass_count)(void);
    const char *(*pass_name)(int i, const char **description);
    /* The runtime (ABI 3): backends, device memory, module load, launch, printf (runtime/backend.h). */
    const fly_rt_api *rt;
    /* ABI 4. compile_ex leaves work for later unless opts->eager (compile does everything at
     * once; see pipeline/result.h): result_stages prints every stage's IR and sets the changed
     * flags (and final_ir unless it waits for the ISA); result_isa does everything left, the ISA
     * included, and returns r->isa (NULL with the reason in r->isa_error). Both are cheap once done. */
    const char *(*result_isa)(fly_pipeline_result *r);
    void (*result_stages)(fly_pipeline_result *r);
    /* The compile benchmark's floor: LLVM IR text alone through LLVM's O2, object emission and
     * link, as the pipeline does them. ms[0] parse, ms[1] optimise + emit, ms[2] link. Returns 0,
     * or -1 with a message in err. */
    int (*codegen_floor)(const char *llvm_ir, const char *target, double ms[3], char *err, size_t cap);
    /* ABI 5. lib/ir's builders (ir/ir_api.h): flycore.so exports only this table's entry point. */
    const struct fly_ir_api *ir;
    /* ABI 8. Sets an LLVM cl::opt option (pipeline/llvm_opts.h: kind FLY_LLVM_OPT_BOOL/INT/STR, the value as
     * text, the previous value's text into old); 0, 1 unknown option, 2 another kind, 3 value rejected. */
    int (*llvm_option_set)(const char *name, int kind, const char *value, char *old, size_t cap);
    /* ABI 9. The deferred compile's cached convert-gpu-to-rocdl (pipeline/rocdl_lower.h): the number of cached
     * entries; counts: runs, pattern sets built, outputs that differed from the upstream pass's (compared only
     * under FLYI_PIPELINE_CHECK_ROCDL=1). */
    int (*rocdl_lower_stats)(unsigned long counts[3]);
} fly_core_api;

/* The entry point flycore.so exports (looked up by the name FLY_CORE_ENTRY). */
const fly_core_api *fly_core_api_get(void);

#endif
