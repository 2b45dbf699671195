/* stages.h - FlyDSL's ROCm pass pipeline, one entry per stage (and dump file): data only, read by
 * the pipeline that runs it (pipeline.c) and by the session's %passes, which lists it without
 * loading the compiler core. label: the stage's dump stem; fmt: the pass text, with %1$s the chip
 * and %2$s the toolkit path. */
#ifndef FLY_PIPELINE_STAGES_H
#define FLY_PIPELINE_STAGES_H

typedef struct fly_pipeline_pass_spec {
    const char *label, *fmt;
} fly_pipeline_pass_spec;

static const fly_pipeline_pass_spec fly_pipeline_stages[] = {
    {"fly_rewrite_func_signature", "fly-rewrite-func-signature"},
    {"fly_canonicalize", "fly-canonicalize"},
    {"fly_layout_lowering", "fly-layout-lowering"},
    {"fly_int_swizzle_simplify", "fly-int-swizzle-simplify"},
    {"canonicalize", "canonicalize"},
    {"fly_convert_atom_call_to_ssa_form", "fly-convert-atom-call-to-ssa-form"},
    {"fly_promote_regmem_to_vectorssa", "fly-promote-regmem-to-vectorssa"},
    {"convert_fly_to_rocdl", "convert-fly-to-rocdl"},
    {"canonicalize", "canonicalize"},
    {"convert_scf_to_cf_cse_convert_gpu_to_rocdl",
     "gpu.module(convert-scf-to-cf,cse,convert-arith-to-amdgpu{chipset=%1$s},"
     "convert-gpu-to-rocdl{chipset=%1$s index-bitwidth=0 runtime=HIP "
     "use-bare-ptr-memref-call-conv=true})"},
    {"rocdl_attach_target", "rocdl-attach-target{O=2 abi=600 chip=%1$s correct-sqrt=true triple=amdgcn-amd-amdhsa "
                            "wave64=true}"},
    {"convert_scf_to_cf", "convert-scf-to-cf"},
    {"convert_cf_to_llvm", "convert-cf-to-llvm"},
    {"gpu_to_llvm", "gpu-to-llvm{use-bare-pointers-for-host=true use-bare-pointers-for-kernels=true}"},
    {"convert_vector_to_llvm", "convert-vector-to-llvm"},
    {"convert_arith_to_llvm", "convert-arith-to-llvm"},
    {"convert_func_to_llvm", "convert-func-to-llvm"},
    {"reconcile_unrealized_casts", "reconcile-unrealized-casts"},
    {"gpu_module_to_binary", "gpu-module-to-binary{format=isa toolkit=%2$s}"},
};
#define FLY_PIPELINE_NSTAGES (int)(sizeof fly_pipeline_stages / sizeof fly_pipeline_stages[0])

#endif
