/* lazy.h - what a compile leaves for later, and the MLIR contexts that makes possible.
 *
 * Printing the module after each pass costs more than the passes (about 0.4 ms per stage for a
 * 30 KB module): a snapshot is a clone of the module instead (a tenth of that), printed when a
 * stage's IR is first asked for. A compile from text keeps no clones at all (deferred snapshots):
 * the stages are made by running the passes again on the text when first asked for. The clones live
 * in the MLIR context of the compile, so results that hold clones keep a reference to it. compile_text reuses one shared context (making one
 * costs about 1 ms), replaced every so often so that what it interns does not grow forever. */
#ifndef FLY_PIPELINE_LAZY_H
#define FLY_PIPELINE_LAZY_H

#include <stdbool.h>

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "pipeline/result.h"

/* A context with a lock (held while MLIR works in it) and a reference count. */
typedef struct fly_pctx fly_pctx;

/* The shared context when no other thread is in it, else a private one; returned locked with a
 * reference for the caller. NULL when no context can be made. */
fly_pctx *fly_pctx_acquire(void);
MlirContext fly_pctx_context(const fly_pctx *c);
void fly_pctx_lock(fly_pctx *c);
void fly_pctx_unlock(fly_pctx *c);
/* Takes / drops a reference (the last one destroys the context; it must not be locked then). */
void fly_pctx_retain(fly_pctx *c);
void fly_pctx_release(fly_pctx *c);

/* A pass manager kept with its context for the next compile that runs the same passes (building
 * one and initialising its passes, canonicalize's pattern sets among them, costs ~0.3 ms). The
 * snapshot passes in it reach the compile in progress through *state. */
typedef struct fly_pm_slot {
    MlirPassManager pm;   /* null when the slot is free */
    char *key;            /* what it runs */
    void **state;         /* where its snapshot passes look for the compile's state */
} fly_pm_slot;
#define FLY_PM_SLOTS 8
/* The context's slots (destroyed with it; use them only while holding its lock). */
fly_pm_slot *fly_pctx_pm_slots(fly_pctx *c);

/* What a result leaves for later (result->lazy). */
typedef struct fly_lazy {
    fly_pctx *ctx;         /* NULL: the clones belong to a context the caller owns (printed before return) */
    MlirOperation *snap;   /* per stage index: the clone to print, or a null op */
    int cap;
    MlirOperation prebin;  /* the module before gpu-module-to-binary, for the ISA; or a null op */
    int prebin_stage;      /* the stage index whose clone is prebin too, or -1 */
    int final_stage;       /* the stage index whose IR is final_ir once printed, or -1 */
    bool debuginfo;        /* print locations */
    bool want_isa;         /* the ISA is still to be made */
    /* Deferred snapshots: the compile kept no clones; the stages are made when first asked for by
     * running the passes again on the traced text (deterministic: the same IR as an eager compile). */
    char *origin;          /* the text compiled, or NULL when the clones were kept */
    int upto;              /* the last standard stage the compile ran */
    int cov;               /* its code object version option */
    bool line_tables;      /* its line_tables option */
} fly_lazy;

/* Records clone as the snapshot of stage index i (taking it). False when out of memory. */
bool fly_lazy_put(fly_lazy *lz, int i, MlirOperation clone);
/* Prints every snapshot still held into r->stages[i].ir (the caller holds the context's lock),
 * then sets the changed flags and, unless the ISA is pending, final_ir. */
void fly_lazy_print(fly_lazy *lz, fly_pipeline_result *r);
/* Destroys the clones still held (lock held) and frees lz, releasing its context reference
 * after the lock is dropped by the caller: returns the context to release, or NULL. */
fly_pctx *fly_lazy_free(fly_lazy *lz);
/* Prints a module that was verified when it was captured (no second check; same text as
 * fly_ir_op_print on valid IR). */
char *fly_lazy_print_verified(MlirOperation op, bool debuginfo);

#endif
