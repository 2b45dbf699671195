/* pass.h - fly passes: C functions run as MLIR external passes, registered here by name so that
 * the pipeline and flyi-opt can add them next to upstream passes.
 *
 * External passes cannot be named in an MLIR pipeline string: fly_pass_add() takes a fly pass name,
 * upstream pipeline text, or a nesting group holding fly passes ("gpu.module(cse,fly-rocdl-cluster-attr)",
 * added element by element under the nested pass manager). Passes report errors
 * as MLIR diagnostics at the offending op's location and signal failure; they never abort. */
#ifndef FLY_PASS_H
#define FLY_PASS_H

#include <stdbool.h>

#include "ir/ir_util.h"
#include "mlir-c/Pass.h"

/* The body of a pass: transform op (the anchor, normally the top-level module); on failure emit
 * diagnostics and call mlirExternalPassSignalFailure(pass). */
typedef void (*fly_pass_run_fn)(MlirOperation op, MlirExternalPass pass);

typedef struct fly_pass_def {
    const char *name;        /* FlyDSL's argument name, "fly-layout-lowering" */
    const char *class_name;  /* "FlyLayoutLowering" */
    const char *description;
    fly_pass_run_fn run;
} fly_pass_def;

/* The fly pass with this name, or NULL. */
const fly_pass_def *fly_pass_lookup(const char *name);
/* Number of fly passes and pass i (for listing). */
int fly_pass_count(void);
const fly_pass_def *fly_pass_at(int i);
/* A new MLIR pass object running def (ownership goes to the pass manager it is added to). */
MlirPass fly_pass_create(const fly_pass_def *def);
/* Adds `text` to pm: a fly pass name, or upstream pipeline elements ("canonicalize",
 * "gpu.module(cse,convert-gpu-to-rocdl{chipset=gfx942})"). False with a message in err. */
bool fly_pass_add(MlirOpPassManager pm, const char *text, fly_ir_buf *err);
/* Emits "error: <pass>: message" at op's location and signals the pass's failure. */
void fly_pass_error(MlirExternalPass pass, MlirOperation at, const char *pass_name, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* The passes (one file each). */
void fly_pass_run_verify(MlirOperation op, MlirExternalPass pass);
void fly_pass_run_rewrite_func_signature(MlirOperation op, MlirExternalPass pass);
void fly_pass_run_canonicalize(MlirOperation op, MlirExternalPass pass);
void fly_pass_run_layout_lowering(MlirOperation op, MlirExternalPass pass);
/* fly-layout-lowering with fly.print lowered as FlyDSL lowers it (gpu.printf / vector.print, layout_lowering.c). */
void fly_pass_run_layout_lowering_gpu_printf(MlirOperation op, MlirExternalPass pass);
void fly_pass_run_convert_fly_to_rocdl(MlirOperation op, MlirExternalPass pass);
void fly_pass_run_rocdl_cluster_attr(MlirOperation op, MlirExternalPass pass);
void fly_pass_run_nothing(MlirOperation op, MlirExternalPass pass);

/* A growable list of operations. */
typedef struct fly_opvec {
    MlirOperation *v;
    int n, cap;
} fly_opvec;
void fly_opvec_push(fly_opvec *o, MlirOperation op);
void fly_opvec_free(fly_opvec *o);
/* Collects the fly ops under root (root excluded) in walk order. */
void fly_pass_collect_fly_ops(MlirOperation root, fly_opvec *out, MlirWalkOrder order);

/* Shared by passes: erase fly ops marked erasable in the op table whose results are unused,
 * repeatedly, under root. Returns the number erased. */
int fly_pass_erase_dead(MlirOperation root);
/* Replaces every foldable fly op under root whose result type is fully static by fly.static.
 * Returns the number replaced. */
int fly_pass_fold_static(MlirOperation root);
/* Rewrites the ops no later lowering handles (math clampf, isinf, isnormal, fpowi, ipowi; arith ceildivsi/ui,
 * floordivsi) under root into
 * arith / math ops that every backend lowers (expand_math.c). */
void fly_pass_expand_math(MlirOperation root);

#endif
