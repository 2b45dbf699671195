/* codegen.h - from the LLVM-dialect gpu.module to LLVM IR, an object file (LLVM-C
 * TargetMachine), a loadable HSACO (lld in process, else a spawned ld.lld) and resource stats. */
#ifndef FLY_PIPELINE_CODEGEN_H
#define FLY_PIPELINE_CODEGEN_H

#include <stdbool.h>
#include <stddef.h>

#include "ir/ir_util.h"
#include "llvm-c/Core.h"
#include "mlir-c/IR.h"
#include "pipeline/result.h"
#include "pipeline/target.h"

typedef struct fly_codegen {
    LLVMContextRef llctx;
    LLVMModuleRef mod;          /* the translated device module (optimised once the object is made) */
    unsigned char *obj;         /* relocatable object */
    size_t obj_size;
    MlirOperation devlib_clone; /* a copy of the module when ROCm device libraries are needed */
    int code_object_version;    /* 5 or 6 (the amdhsa_code_object_version module flag); 0: LLVM's default */
    char features[48];          /* target features ("+sramecc,-xnack"); "": xnack and sramecc "any" */
} fly_codegen;

void fly_codegen_init(fly_codegen *cg);
void fly_codegen_free(fly_codegen *cg);
/* The "ROCm toolkit" directory gpu-module-to-binary wants (amdgcn/bitcode and llvm/bin/ld.lld as
 * symlinks, made once per process under $TMPDIR), or $ROCM_PATH; NULL when no bitcode is found. */
const char *fly_codegen_toolkit_dir(void);
/* Translates the gpu.module (LLVM dialect) to an LLVM module with the AMDGPU triple set. */
bool fly_codegen_translate(fly_codegen *cg, MlirOperation gpu_module, fly_ir_buf *err);
/* The LLVM IR text of the translated module (malloc'ed). */
char *fly_codegen_llvm_ir(fly_codegen *cg);
/* True when the module calls ROCm device library functions (__ocml_*, __ockl_*). */
bool fly_codegen_needs_devlibs(fly_codegen *cg);
/* Optimises (O2) the module in place (take its LLVM IR text first) and emits the relocatable
 * object into cg->obj. */
bool fly_codegen_object(fly_codegen *cg, const char *chip, fly_ir_buf *err);
/* The floor the pipeline is measured against: LLVM IR text parsed (ms[0]), then the same O2 and
 * object emission as fly_codegen_object (ms[1]) and link (ms[2]) as fly_codegen_link, alone. */
bool fly_codegen_floor(const char *llvm_ir, const char *chip, double ms[3], fly_ir_buf *err);
/* The bytes of the first gpu.binary object under root (ISA text or ELF; malloc'ed, NUL-terminated). */
char *fly_codegen_binary_payload(MlirOperation root, size_t *len);
/* Links cg->obj into a shared code object (HSACO). */
bool fly_codegen_link(fly_codegen *cg, unsigned char **out, size_t *out_size, const char **method, fly_ir_buf *err);
/* Reads resource usage from the HSACO's AMDGPU metadata note and computes occupancy. */
bool fly_codegen_stats(const unsigned char *elf, size_t size, const fly_pipeline_target *tg, fly_pipeline_stats *st);

#endif
