/* result.h - what a compilation produces, in plain C (no MLIR types): the interpreter sees these
 * structures through fly_core_api, so they must not change layout without bumping FLY_CORE_ABI. */
#ifndef FLY_PIPELINE_RESULT_H
#define FLY_PIPELINE_RESULT_H

#include <stddef.h>

/* One stage: the IR after a pass, numbered and named like FlyDSL's dump files. */
typedef struct fly_pipeline_stage {
    int number;    /* 0 for "origin" */
    char *name;    /* the pass ("origin", "fly-layout-lowering", "gpu.module(convert-scf-to-cf,...)") */
    char *label;   /* the dump file stem, "03_fly_layout_lowering" */
    double ms;     /* wall time of the pass, snapshot printing excluded */
    int changed;   /* the IR text differs from the previous stage */
    char *ir;      /* the whole module after the pass */
} fly_pipeline_stage;

/* Resource usage of the (first) kernel, from the code object's metadata note. */
typedef struct fly_pipeline_stats {
    int valid;                 /* 0 when there was no code object to read */
    char kernel[128];
    int vgpr, agpr, sgpr;      /* registers per lane (VGPR, AGPR) and per wave (SGPR) */
    int vgpr_spill, sgpr_spill;
    int scratch_bytes;         /* private segment per lane */
    int lds_bytes;             /* group segment (LDS) per workgroup */
    int wave_size;
    int max_workgroup_size;
    int occupancy;             /* waves per SIMD */
    char limiter[16];          /* what bounds occupancy: "vgpr", "sgpr", "lds" or "waves" (the maximum) */
} fly_pipeline_stats;

/* Wall time of each phase in milliseconds. */
typedef struct fly_pipeline_timings {
    double parse;     /* MLIR text -> module */
    double passes;    /* all passes but gpu-module-to-binary (see isa), snapshots included */
    double snapshots; /* capturing the IR after each pass (clones), and printing it once done */
    double translate; /* gpu.module -> LLVM IR */
    double codegen;   /* LLVM-C O2 + object emission */
    double link;      /* object -> HSACO */
    double total;
    double isa;       /* making the ISA (gpu-module-to-binary{format=isa}): 0 until it is made; never in
                         passes, in total only when the compile made it (opts->eager) */
} fly_pipeline_timings;

typedef struct fly_pipeline_result {
    int ok;               /* 1 on success */
    char *error;          /* diagnostics ("file:3:5: error: ...") when !ok */
    char *error_stage;    /* the pass that failed (or "parse", "codegen", "link") */
    int nstages;
    fly_pipeline_stage *stages;
    char *final_ir;       /* the module after the last pass that ran */
    char *llvm_ir;        /* the device module translated to LLVM IR (before LLVM's optimiser) */
    char *isa;            /* AMDGPU assembly */
    unsigned char *hsaco; /* the loadable code object (ELF) */
    size_t hsaco_size;
    const char *link_method; /* "lld (in process)", "ld.lld (spawned)", "gpu-module-to-binary" */
    char target[16];
    fly_pipeline_stats stats;
    fly_pipeline_timings t;
    /* On first use (unless opts->eager): a compile keeps each stage as a clone of the module (a
     * compile from text keeps only the text, and runs the passes again for the stages) and
     * prints it when asked (fly_pipeline_result_stages: every stage's ir and changed flag, and
     * final_ir unless it waits for the ISA), and makes the ISA when asked
     * (fly_pipeline_result_isa: isa, final_ir and the IR of 19_gpu_module_to_binary and
     * 21_final_isa; gpu-module-to-binary runs its own LLVM code generation). Until then those
     * fields are NULL and the changed flags are not set. */
    void *lazy;           /* the clones (pipeline/lazy.h); NULL once printed */
    char *isa_pending;    /* once the stages are printed and until the ISA is made: the text of the
                             module before gpu-module-to-binary, which fly_pipeline_result_isa starts
                             from (a result can be saved and restored as text with it) */
    int isa_debuginfo;    /* print locations in the IR made with the ISA */
    char *isa_error;      /* why the ISA could not be made */
} fly_pipeline_result;

typedef struct fly_pipeline_options {
    const char *target; /* "gfx942" (default) or "gfx950" */
    const char *passes; /* NULL: the whole pipeline; else a comma-separated list of passes (fly pass names
                           or upstream pipeline elements) run on the module */
    int stop_after;     /* whole pipeline: stop after stage N (-1 or 0 with codegen: run everything) */
    int no_codegen;     /* whole pipeline: skip LLVM IR, ISA, HSACO and stats */
    int no_snapshots;   /* do not keep the IR of each stage */
    int debug_info;     /* print locations (loc(...)) in stage IR */
    int eager;          /* print every stage and make the ISA during the compile, not on first use */
    int line_tables;    /* keep the DSL line of every instruction: FlyDSL's FLYDSL_DEBUG_ENABLE_DEBUG_INFO
                           (ensure-debug-info-scope-on-llvm-func in the reconcile-unrealized-casts stage;
                           the ISA then carries .file/.loc) */
    int code_object_version; /* AMDHSA code object version: 5 or 6 (0: 6) */
    const char *target_features; /* "+sramecc,-xnack" (a device's gcnArchName flags); NULL: both "any" */
} fly_pipeline_options;

#endif
