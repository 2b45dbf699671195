/* pipeline.h - FlyDSL's pass pipeline, built pass by pass with the IR captured after each pass,
 * then LLVM IR, ISA, a loadable HSACO and resource stats.
 *
 * Stages are numbered and named like FlyDSL's FLYDSL_DUMP_IR files: 00_origin,
 * 01_fly_rewrite_func_signature, ..., 19_gpu_module_to_binary, 20_llvm_ir, 21_final_isa.
 * `fly-verify` runs before stage 1 without a stage of its own. Errors are values: a failing
 * pass leaves its diagnostics and its stage's name in the result. The code object is made by one
 * LLVM code generation; the stages' text and the ISA (a second one) are made on first use unless
 * opts->eager (result.h). */
#ifndef FLY_PIPELINE_H
#define FLY_PIPELINE_H

#include "mlir-c/IR.h"
#include "pipeline/result.h"

/* Parses `text` in a fresh context and compiles it. Always fills *out (release it with
 * fly_pipeline_result_free, also on failure); returns out->ok. opts may be NULL. */
int fly_pipeline_compile_text(const char *text, const fly_pipeline_options *opts, fly_pipeline_result *out);
/* Compiles an existing module in place (its context should come from fly_ir_context_create).
 * Everything is made before it returns (nothing is left in the caller's context). */
int fly_pipeline_compile_module(MlirModule module, const fly_pipeline_options *opts, fly_pipeline_result *out);
/* Prints the stages a compile left for later (result.h, lazy): every stage's ir and changed flag,
 * and final_ir unless it waits for the ISA. Does nothing when there is nothing left. */
void fly_pipeline_result_stages(fly_pipeline_result *r);
/* Makes everything left for later, the ISA included (gpu-module-to-binary{format=isa}): isa,
 * final_ir and the IR of stages 19 and 21 as an eager compile has them. Returns r->isa, or NULL
 * (with the reason in r->isa_error) when there is none. */
const char *fly_pipeline_result_isa(fly_pipeline_result *r);
/* Frees everything a result owns and zeroes it. */
void fly_pipeline_result_free(fly_pipeline_result *r);

/* Number of MLIR pass stages of the whole pipeline (1..N, not counting origin, LLVM IR and ISA). */
int fly_pipeline_stage_count(void);
/* Name of pass stage i (1-based) as FlyDSL labels its dump file ("fly_layout_lowering"). */
const char *fly_pipeline_stage_label(int i);

#endif
