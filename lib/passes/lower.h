/* lower.h - internals of fly-layout-lowering: symbolic index arithmetic over int-tuple trees.
 *
 * A sym is a static integer or an SSA integer value; operations fold what is static and emit
 * arith ops (in the lowering's integer type) for the rest. Dynamic leaves of lib/layout values
 * are bound to SSA values through their handle: handle h refers to table[h-1]. */
#ifndef FLY_PASSES_LOWER_H
#define FLY_PASSES_LOWER_H

#include <stdbool.h>

#include "layout/fly_layout.h"
#include "mlir-c/IR.h"

#define LOWER_MAX_TABLE 2048

typedef struct sym {
    int64_t c;   /* the value when v is null */
    MlirValue v; /* an SSA integer or index value */
} sym;

typedef struct lower_ctx {
    MlirContext ctx;
    MlirBlock block;
    MlirOperation before; /* emitted ops go before this op */
    MlirLocation loc;
    MlirType ity;         /* integer type of the arithmetic (i32, or i64 when a ?{i64} leaf takes part) */
    MlirValue table[LOWER_MAX_TABLE];
    int ntable;
    fly_error err;
    bool failed;
} lower_ctx;

/* Records the first failure (message printf-style); returns false for convenience. */
bool fly_lower_fail(lower_ctx *lc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static inline sym sym_c(int64_t c) { return (sym){c, {NULL}}; }
static inline bool sym_static(sym s) { return s.v.ptr == NULL; }
sym fly_sym_add(lower_ctx *lc, sym a, sym b);
sym fly_sym_mul(lower_ctx *lc, sym a, sym b);
sym fly_sym_div(lower_ctx *lc, sym a, sym b);
sym fly_sym_mod(lower_ctx *lc, sym a, sym b);
/* Signed minimum / maximum. */
sym fly_sym_min(lower_ctx *lc, sym a, sym b);
sym fly_sym_max(lower_ctx *lc, sym a, sym b);
/* The swizzle S<b,m,s> applied to x: x ^ ((x & yyy) >> s) (arith.andi / shrui / xori for a runtime x). */
sym fly_sym_swizzle(lower_ctx *lc, sym x, const fly_swizzle *sw);
/* lib/layout's hook for computed dynamic leaves (fly_dyn_hook, user = the lower_ctx): emits the
 * arithmetic and binds the result to a new handle. */
uint64_t fly_lower_dyn_hook(void *user, fly_dynop op, const fly_itnode *a, const fly_itnode *b, const fly_itnode *res);
/* The sym as an SSA value of integer or index type t (constants are materialised). */
MlirValue fly_sym_value(lower_ctx *lc, sym s, MlirType t);
/* Inserts an op before lc->before; returns it. */
MlirOperation fly_lower_emit(lower_ctx *lc, const char *name, int nops, const MlirValue *ops, MlirType res, int nattrs,
                             const MlirNamedAttribute *attrs);

/* Binds the dynamic leaves of t (pre-order) to dyn[0..n): their handles index lc->table. */
bool fly_lower_bind(lower_ctx *lc, fly_inttuple *t, const MlirValue *dyn, int n);
/* The sym of a leaf node (static integer, bound dynamic leaf, "*" as 0). */
sym fly_lower_leaf(lower_ctx *lc, const fly_itnode *n);
/* Product of the leaves under node p. */
sym fly_lower_size(lower_ctx *lc, const fly_itnode *p);
/* crd2idx(coord, shape, stride) following CuTe: tuple coords go mode by mode, an integer
 * coordinate is split column-major over a tuple shape. */
sym fly_lower_crd2idx(lower_ctx *lc, const fly_itnode *crd, const fly_itnode *shape, const fly_itnode *stride);
/* idx2crd(idx, shape): one sym per leaf of shape, pre-order, into out (*n counts). */
void fly_lower_idx2crd(lower_ctx *lc, sym idx, const fly_itnode *shape, sym *out, int *n, int cap);
/* FlyDSL's idx2crd(idx, layout): (idx / stride) % shape per leaf (0 for extent 1); a tuple index goes mode
 * by mode. One sym per leaf of shape, pre-order, into out. */
void fly_lower_idx2crd_layout(lower_ctx *lc, const fly_itnode *idx, const fly_itnode *shape, const fly_itnode *stride,
                              sym *out, int *n, int cap);
/* cosize of a layout: 1 + sum over leaves of (shape-1)*stride. */
sym fly_lower_cosize(lower_ctx *lc, const fly_layout *L);

#endif
