/* emu_lower_int.h - what the emulator's host lowering (emu_lower.c) shares with its inline-asm half
 * (emu_lower_asm.c): the lowering state and the helpers both use. Internal to lib/runtime/emu. */
#ifndef FLY_EMU_LOWER_INT_H
#define FLY_EMU_LOWER_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "mlir-c/IR.h"
#include "runtime/emu/emu.h"
#include "runtime/emu/emu_irb.h"

/* The state of one module's lowering: the first error wins and is kept in err. */
typedef struct fly_emu_lw {
    MlirContext ctx;
    MlirBlock top;
    char *err;
    size_t cap;
    bool failed;
    fly_emu_kernel *k;
    MlirType ptr, i64, i32, idx;
    const char *chip; /* the emulated chip (the fp8 MFMAs' format) */
} fly_emu_lw;

/* Records the error fmt (with one %s argument a) unless one is already recorded; returns -1. */
int fly_emu_lw_fail(fly_emu_lw *w, const char *fmt, const char *a);
/* Replaces op's single result by v everywhere and destroys op. */
void fly_emu_lw_replace(MlirOperation op, MlirValue v);
/* A cross-lane move of v (fly_emu_shfl with mode FLY_EMU_X_*): v's type back (i64 for a ballot). */
MlirValue fly_emu_lw_xlane(fly_emu_lw *w, fly_emu_irb *b, MlirValue ctxv, MlirValue v, MlirValue off, MlirValue width,
                           int mode);
/* gfx950's ds_read_tr of e-bit elements at LDS pointer ptr, as result type rt. */
MlirValue fly_emu_lw_ds_read_tr(fly_emu_lw *w, fly_emu_irb *b, MlirValue ctxv, const MlirValue *tid, MlirValue ptr,
                                MlirType rt, int e);
/* Lowers one llvm.inline_asm op (emu_lower_asm.c): 0, or -1 with the error recorded. */
int fly_emu_lw_inline_asm(fly_emu_lw *w, MlirOperation op, MlirValue ctxv, const MlirValue *tid);

#endif
