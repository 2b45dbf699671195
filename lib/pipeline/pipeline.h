/* pipeline.h - FlyDSL's pass pipeline, built pass by pass with the IR captured after each pass,
 * then LLVM IR, ISA, a loadable HSACO and resource stats.
 *
 * Stages are numbered and named like FlyDSL's FLYDSL_DUMP_IR files: 00_origin,
 * 01_fly_rewrite_func_signature, ..., 19_gpu_module_to_binary, 20_llvm_ir, 21_final_isa.
 * `fly-verify` runs before stage 1 without a stage of its own. Errors are values: a failing
 * pass leaves its diagnostics and its stage's name in the result. */
#ifndef FLY_PIPELINE_H
#define FLY_PIPELINE_H

#include "mlir-c/IR.h"
#include "pipeline/result.h"

/* Parses `text` in a fresh context and compiles it. Always fills *out (release it with
 * fly_pipeline_result_free, also on failure); returns out->ok. opts may be NULL. */
int fly_pipeline_compile_text(const char *text, const fly_pipeline_options *opts, fly_pipeline_result *out);
/* Compiles an existing module in place (its context should come from fly_ir_context_create). */
int fly_pipeline_compile_module(MlirModule module, const fly_pipeline_options *opts, fly_pipeline_result *out);
/* Frees everything a result owns and zeroes it. */
void fly_pipeline_result_free(fly_pipeline_result *r);

/* Number of MLIR pass stages of the whole pipeline (1..N, not counting origin, LLVM IR and ISA). */
int fly_pipeline_stage_count(void);
/* Name of pass stage i (1-based) as FlyDSL labels its dump file ("fly_layout_lowering"). */
const char *fly_pipeline_stage_label(int i);

#endif
