/* swizzle.h - swizzle functions S<B,M,S> and composed layouts (inner o offset o outer).
 *
 * S<bits,base,shift>(x) = x ^ ((x & yyy_mask) >> shift) with yyy_mask = ((1<<bits)-1) << (base + max(0,shift));
 * a negative shift moves the bits left. A composed layout maps a coordinate c to
 * inner(offset + outer(c)); the outer part may itself be composed (printed in brackets). */
#ifndef FLY_LAYOUT_SWIZZLE_H
#define FLY_LAYOUT_SWIZZLE_H

#include "layout/layout.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fly_swizzle {
    int32_t bits;  /* number of bits in the mask (FlyDSL calls it mask) */
    int32_t base;  /* number of least-significant bits kept constant */
    int32_t shift; /* distance to shift the mask; |shift| >= bits */
} fly_swizzle;

/* Validates and sets S<bits,base,shift>: bits, base >= 0, |shift| >= bits, fits 64 bits. */
fly_status fly_swizzle_make(fly_swizzle *s, int bits, int base, int shift, fly_error *err);
/* Applies the swizzle to a non-negative offset. */
int64_t fly_swizzle_apply(const fly_swizzle *s, int64_t x);
/* Prints "S<3,0,3>". */
int fly_swizzle_print(const fly_swizzle *s, char *buf, size_t cap);
/* Parses "S<b,m,s>" (spaces allowed). */
fly_status fly_swizzle_parse(const char *text, fly_swizzle *out, fly_error *err);
/* Parses a swizzle at *pos and advances *pos. */
fly_status fly_swizzle_parse_prefix(const char **pos, fly_swizzle *out, fly_error *err);

#define FLY_COMPOSED_MAX_STAGES 4

typedef enum fly_inner_kind { FLY_INNER_SWIZZLE = 0, FLY_INNER_LAYOUT = 1 } fly_inner_kind;

/* One stage "inner o offset o ...". */
typedef struct fly_composed_stage {
    uint8_t inner_kind; /* fly_inner_kind */
    fly_swizzle swizzle;
    fly_layout inner;
    fly_inttuple offset;
} fly_composed_stage;

/* stage[0].inner o stage[0].offset o [stage[1] ... o outer]. */
typedef struct fly_composed {
    int nstages;
    fly_composed_stage stage[FLY_COMPOSED_MAX_STAGES];
    fly_layout outer;
} fly_composed;

/* Composed layout inner_swizzle o offset o outer (offset NULL = 0). */
fly_status fly_composed_make_swizzle(fly_composed *c, const fly_swizzle *inner, const fly_inttuple *offset,
                                     const fly_layout *outer, fly_error *err);
/* Composed layout inner_layout o offset o outer (offset NULL = 0). */
fly_status fly_composed_make_layout(fly_composed *c, const fly_layout *inner, const fly_inttuple *offset,
                                    const fly_layout *outer, fly_error *err);
/* Wraps an existing composed layout as the outer part of a new stage inner_swizzle o offset o [c]. */
fly_status fly_composed_nest_swizzle(fly_composed *c, const fly_swizzle *inner, const fly_inttuple *offset,
                                     fly_error *err);
/* Wraps an existing composed layout as the outer part of a new stage inner_layout o offset o [c]. */
fly_status fly_composed_nest_layout(fly_composed *c, const fly_layout *inner, const fly_inttuple *offset,
                                    fly_error *err);
/* Evaluates the composed layout at coordinate coord (static values; int results). */
fly_status fly_composed_crd2idx(const fly_composed *c, const fly_inttuple *coord, int64_t *out, fly_error *err);
/* size = size(outer). */
fly_status fly_composed_size(const fly_composed *c, fly_inttuple *out, fly_error *err);
/* coshape of a composed layout: coshape of the inner layout when stage 0's inner is a layout; with a
 * swizzle inner, max over the domain plus one (static layouts of size <= 65536, FLY_E_CAPACITY beyond). */
fly_status fly_composed_coshape(const fly_composed *c, fly_inttuple *out, fly_error *err);
/* coprofile of a composed layout: zeros shaped like its coshape. */
fly_status fly_composed_coprofile(const fly_composed *c, fly_inttuple *out, fly_error *err);
/* C o B: composes the outer layout with B, keeping inner and offsets. */
fly_status fly_composed_composition(const fly_composed *c, const fly_layout *B, fly_composed *out, fly_error *err);
/* Slices the outer layout; the fixed part's offset is added to the innermost stage's offset. */
fly_status fly_composed_slice(const fly_composed *c, const fly_inttuple *coord, fly_composed *out, fly_error *err);
/* Prints "S<3,0,3> o 0 o (8,8):(8,1)" or "32:2 o 5 o [32:1 o 8 o 8:4]". */
int fly_composed_print(const fly_composed *c, char *buf, size_t cap);
/* Parses the composed syntax above (spaces allowed). */
fly_status fly_composed_parse(const char *text, fly_composed *out, fly_error *err);

#ifdef __cplusplus
}
#endif
#endif
