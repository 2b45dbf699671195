/* layout.h - CuTe layouts (shape + stride), construction, queries, coordinates, slicing,
 * canonical form and text.
 *
 * A layout maps a coordinate congruent to its shape (or a 1-D column-major index) to
 * sum(coord_i * stride_i). Results of the operations here and in algebra.h are
 * returned in FlyDSL's canonical form (rank-1 tuples unwrapped at every level,
 * size-1 modes given stride 0) unless a function says otherwise. Output pointers may
 * alias inputs. */
#ifndef FLY_LAYOUT_LAYOUT_H
#define FLY_LAYOUT_LAYOUT_H

#include "layout/inttuple.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A layout: congruent shape and stride tuples. */
typedef struct fly_layout {
    fly_inttuple shape;
    fly_inttuple stride;
} fly_layout;

/* ---- construction ---- */

/* L = shape:stride, validated (congruent, positive static extents); stored as given, not canonicalised. */
fly_status fly_layout_make(fly_layout *L, const fly_inttuple *shape, const fly_inttuple *stride, fly_error *err);
/* L = shape with compact column-major strides (make_layout(shape)), stored as given. */
fly_status fly_layout_make_col_major(fly_layout *L, const fly_inttuple *shape, fly_error *err);
/* Compact layout whose mode i has rank order[i] from fastest ((8,8),(1,0) -> (8,8):(8,1)). */
fly_status fly_layout_make_ordered(fly_layout *L, const fly_inttuple *shape, const fly_inttuple *order, fly_error *err);
/* Identity layout: strides are unit bases, (4,8) -> (4,8):(1E0,1E1). */
fly_status fly_layout_make_identity(fly_layout *L, const fly_inttuple *shape, fly_error *err);
/* Concatenation make_layout(L0, L1, ...): one mode per argument (n == 1 gives a rank-1 tuple). Not canonicalised. */
fly_status fly_layout_concat(fly_layout *L, const fly_layout *const *modes, int n, fly_error *err);
/* Checks that L is a valid layout (congruent, extents >= 1, stride leaves not "*"). */
fly_status fly_layout_check(const fly_layout *L, fly_error *err);
/* Copies src into dst (used nodes only). */
void fly_layout_copy(fly_layout *dst, const fly_layout *src);
/* Structural equality of shape and stride. */
bool fly_layout_equal(const fly_layout *a, const fly_layout *b);
/* Canonical form: rank-1 tuples unwrapped at every level, size-1 leaves get stride 0. */
void fly_layout_canonical(const fly_layout *in, fly_layout *out);
/* True when every leaf of shape and stride is a static integer. */
bool fly_layout_is_static(const fly_layout *L);

/* ---- queries ---- */

/* Number of top-level modes (1 for an int-shaped layout). */
int fly_layout_rank(const fly_layout *L);
/* Depth of the shape. */
int fly_layout_depth(const fly_layout *L);
/* size = product of the shape, as a leaf tuple (dynamic when unknown). */
fly_status fly_layout_size(const fly_layout *L, fly_inttuple *out, fly_error *err);
/* Static size; FLY_E_DYNAMIC if the shape has dynamic leaves. */
fly_status fly_layout_size_static(const fly_layout *L, int64_t *out, fly_error *err);
/* cosize = L(size-1) + 1 for non-negative strides (max over modes of (s-1)*|d|, plus 1). */
fly_status fly_layout_cosize(const fly_layout *L, fly_inttuple *out, fly_error *err);
/* Static cosize. */
fly_status fly_layout_cosize_static(const fly_layout *L, int64_t *out, fly_error *err);
/* coshape: L at its largest coordinate (every shape leaf minus 1) plus one on every leaf. An integer-strided
 * layout gives an int equal to cosize (negative strides count by magnitude, as in cosize); basis strides give
 * a tuple with one entry per basis direction: coshape((4,8):(1E0,1E1)) = (4,8), unused directions are 1. */
fly_status fly_layout_coshape(const fly_layout *L, fly_inttuple *out, fly_error *err);
/* coprofile: zeros shaped like coshape(L): 0 for integer strides, (0,0) for (4,8):(1E0,1E1). */
fly_status fly_layout_coprofile(const fly_layout *L, fly_inttuple *out, fly_error *err);
/* Evaluates L at 1-D index idx (column-major decomposition, the last mode extends). Static layouts only. */
fly_status fly_layout_eval(const fly_layout *L, int64_t idx, int64_t *out, fly_error *err);

/* ---- modes ---- */

/* Mode i (an int-shaped layout has only mode 0, itself). Not canonicalised. */
fly_status fly_layout_get(const fly_layout *L, int i, fly_layout *out, fly_error *err);
/* Mode path[0], then its mode path[1], ... (the get_ of FlyDSL). Not canonicalised. */
fly_status fly_layout_get_path(const fly_layout *L, const int *path, int npath, fly_layout *out, fly_error *err);
/* Modes idx[0..n) in that order; n == 1 returns the mode itself. */
fly_status fly_layout_select(const fly_layout *L, const int *idx, int n, fly_layout *out, fly_error *err);
/* Modes [begin,end); a single mode is returned as itself. */
fly_status fly_layout_take(const fly_layout *L, int begin, int end, fly_layout *out, fly_error *err);
/* Groups modes [begin,end) into one mode: group((128,64):(1,128),0,2) -> ((128,64)):((1,128)). */
fly_status fly_layout_group(const fly_layout *L, int begin, int end, fly_layout *out, fly_error *err);
/* Appends layout x as a new last mode. */
fly_status fly_layout_append(const fly_layout *L, const fly_layout *x, fly_layout *out, fly_error *err);
/* Prepends layout x as a new first mode. */
fly_status fly_layout_prepend(const fly_layout *L, const fly_layout *x, fly_layout *out, fly_error *err);
/* Flattens shape and stride to their leaves (an int-shaped layout stays as it is). */
fly_status fly_layout_flatten(const fly_layout *L, fly_layout *out, fly_error *err);

/* ---- coordinates ---- */

/* crd2idx(coord, shape, stride): coord may be an int (1-D), a tuple, or mixed; stride NULL = compact
 * column-major. A "*" leaf counts as 0. Basis strides produce a coordinate tuple. */
fly_status fly_inttuple_crd2idx(const fly_inttuple *coord, const fly_inttuple *shape, const fly_inttuple *stride,
                                fly_inttuple *out, fly_error *err);
/* crd2idx with a layout: L(coord). */
fly_status fly_layout_crd2idx(const fly_layout *L, const fly_inttuple *coord, fly_inttuple *out, fly_error *err);
/* idx2crd(idx, shape, stride): stride NULL = column-major inverse (each leaf mod its extent);
 * with a stride each leaf is (idx / stride) % shape. A tuple idx must be congruent to shape at the top. */
fly_status fly_inttuple_idx2crd(const fly_inttuple *idx, const fly_inttuple *shape, const fly_inttuple *stride,
                                fly_inttuple *out, fly_error *err);
/* Hierarchical coordinate of codomain index idx: idx2crd(idx, shape, stride). */
fly_status fly_layout_get_hier_coord(const fly_layout *L, const fly_inttuple *idx, fly_inttuple *out, fly_error *err);
/* Flat coordinate (one 1-D coordinate per top-level mode) of codomain index idx. */
fly_status fly_layout_get_flat_coord(const fly_layout *L, const fly_inttuple *idx, fly_inttuple *out, fly_error *err);
/* 1-D column-major coordinate of codomain index idx: get_1d_coord(5,(4,8):(8,1)) = 20. */
fly_status fly_layout_get_1d_coord(const fly_layout *L, const fly_inttuple *idx, fly_inttuple *out, fly_error *err);

/* ---- slicing ---- */

/* slice of a tuple: the sub-trees of t where coord has "*", concatenated into one tuple. */
fly_status fly_inttuple_slice(const fly_inttuple *coord, const fly_inttuple *t, fly_inttuple *out, fly_error *err);
/* dice of a tuple: the sub-trees where coord is not "*", concatenated into one tuple. */
fly_status fly_inttuple_dice(const fly_inttuple *coord, const fly_inttuple *t, fly_inttuple *out, fly_error *err);
/* Keeps the modes of L where coord has "*": slice((4,8,16):..,(*,3,*)) -> (4,16):.. (canonicalised). */
fly_status fly_layout_slice(const fly_layout *L, const fly_inttuple *coord, fly_layout *out, fly_error *err);
/* Keeps the modes of L where coord is not "*" (canonicalised). */
fly_status fly_layout_dice(const fly_layout *L, const fly_inttuple *coord, fly_layout *out, fly_error *err);
/* Slice plus the offset crd2idx(coord with * -> 0); the layout is canonicalised. */
fly_status fly_layout_slice_and_offset(const fly_layout *L, const fly_inttuple *coord, fly_layout *out,
                                       fly_inttuple *offset, fly_error *err);

/* ---- text ---- */

/* Prints "shape:stride" in FlyDSL compact syntax (snprintf semantics). */
int fly_layout_print(const fly_layout *L, char *buf, size_t cap);
/* Parses "shape:stride" (spaces allowed) and validates it; the whole text must be consumed. */
fly_status fly_layout_parse(const char *text, fly_layout *out, fly_error *err);
/* Parses a layout at *pos and advances *pos. */
fly_status fly_layout_parse_prefix(const char **pos, fly_layout *out, fly_error *err);
/* Prints into a 256-byte caller buffer (truncated with "...") and returns it. */
const char *fly_layout_str(const fly_layout *L, char buf[256]);

#ifdef __cplusplus
}
#endif
#endif
