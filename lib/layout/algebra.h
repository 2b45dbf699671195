/* algebra.h - the CuTe layout algebra: coalesce, filter, composition, complement,
 * inverses, divides and products.
 *
 * Results are canonicalised like FlyDSL (rank-1 tuples unwrapped, size-1 modes with
 * stride 0). Operations validate their inputs and report, never abort: the message
 * names the operation and the operands. Integer tilers n mean the layout n:1; tile
 * tilers (tile.h) apply by mode. Output pointers may alias inputs. */
#ifndef FLY_LAYOUT_ALGEBRA_H
#define FLY_LAYOUT_ALGEBRA_H

#include "layout/layout.h"
#include "layout/tile.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Merges adjacent modes where shape*stride matches the next stride, drops size-1 modes. */
fly_status fly_layout_coalesce(const fly_layout *L, fly_layout *out, fly_error *err);
/* Coalesce by mode: a tuple profile recurses mode by mode, a leaf coalesces the whole mode; modes
 * beyond the profile are untouched. */
fly_status fly_layout_coalesce_profile(const fly_layout *L, const fly_inttuple *profile, fly_layout *out,
                                       fly_error *err);
/* Drops stride-0 and size-1 leaves, then coalesces; 1:0 when nothing is left. */
fly_status fly_layout_filter(const fly_layout *L, fly_layout *out, fly_error *err);
/* Filter by mode with a profile (as coalesce_profile). */
fly_status fly_layout_filter_profile(const fly_layout *L, const fly_inttuple *profile, fly_layout *out, fly_error *err);

/* R = A o B, R(i) = A(B(i)); B's hierarchy is kept. Needs the CuTe divisibility conditions. */
fly_status fly_layout_composition(const fly_layout *A, const fly_layout *B, fly_layout *out, fly_error *err);
/* A o (n:1). */
fly_status fly_layout_composition_int(const fly_layout *A, int64_t n, fly_layout *out, fly_error *err);
/* By-mode composition with a tile. */
fly_status fly_layout_composition_tile(const fly_layout *A, const fly_tile *T, fly_layout *out, fly_error *err);

/* Complement of L within cotarget (pass 1 for "no cotarget"): (L, complement) is a bijection
 * onto [0, cotarget rounded up). Fails when L is not injective / not complementable. */
fly_status fly_layout_complement(const fly_layout *L, int64_t cotarget, fly_layout *out, fly_error *err);
/* A right inverse R: L(R(i)) == i for i in [0, size(R)); stride-0 modes are skipped (CuTe C++). */
fly_status fly_layout_right_inverse(const fly_layout *L, fly_layout *out, fly_error *err);
/* A left inverse R: R(L(i)) == i for i in [0, size(L)); L must be injective and complementable. */
fly_status fly_layout_left_inverse(const fly_layout *L, fly_layout *out, fly_error *err);

/* logical_divide(A, B) = A o (B, complement(B, size(A))). */
fly_status fly_layout_logical_divide(const fly_layout *A, const fly_layout *B, fly_layout *out, fly_error *err);
/* zipped_divide: ((tile modes...), (rest modes...)). */
fly_status fly_layout_zipped_divide(const fly_layout *A, const fly_layout *B, fly_layout *out, fly_error *err);
/* tiled_divide: ((tile modes...), rest0, rest1, ...). */
fly_status fly_layout_tiled_divide(const fly_layout *A, const fly_layout *B, fly_layout *out, fly_error *err);
/* flat_divide: (tile modes..., rest modes...). */
fly_status fly_layout_flat_divide(const fly_layout *A, const fly_layout *B, fly_layout *out, fly_error *err);
/* Tile-tiler variants of the four divides (a "*" entry keeps that mode; in zipped/tiled/flat
 * forms it moves to the rest part and a 1:0 tile mode is inserted). */
fly_status fly_layout_logical_divide_tile(const fly_layout *A, const fly_tile *T, fly_layout *out, fly_error *err);
fly_status fly_layout_zipped_divide_tile(const fly_layout *A, const fly_tile *T, fly_layout *out, fly_error *err);
fly_status fly_layout_tiled_divide_tile(const fly_layout *A, const fly_tile *T, fly_layout *out, fly_error *err);
fly_status fly_layout_flat_divide_tile(const fly_layout *A, const fly_tile *T, fly_layout *out, fly_error *err);

/* logical_product(A, B) = (A, complement(A, size(A)*cosize(B)) o B). */
fly_status fly_layout_logical_product(const fly_layout *A, const fly_layout *B, fly_layout *out, fly_error *err);
/* zipped_product: ((A modes...), (product modes...)). */
fly_status fly_layout_zipped_product(const fly_layout *A, const fly_layout *B, fly_layout *out, fly_error *err);
/* tiled_product: ((A modes...), p0, p1, ...). */
fly_status fly_layout_tiled_product(const fly_layout *A, const fly_layout *B, fly_layout *out, fly_error *err);
/* flat_product: (A modes..., product modes...). */
fly_status fly_layout_flat_product(const fly_layout *A, const fly_layout *B, fly_layout *out, fly_error *err);
/* Tile-tiler variants of the four products. */
fly_status fly_layout_logical_product_tile(const fly_layout *A, const fly_tile *T, fly_layout *out, fly_error *err);
fly_status fly_layout_zipped_product_tile(const fly_layout *A, const fly_tile *T, fly_layout *out, fly_error *err);
fly_status fly_layout_tiled_product_tile(const fly_layout *A, const fly_tile *T, fly_layout *out, fly_error *err);
fly_status fly_layout_flat_product_tile(const fly_layout *A, const fly_tile *T, fly_layout *out, fly_error *err);
/* blocked_product: operands padded to equal rank with 1:0; mode i = (A_i, P_i) of the logical product. */
fly_status fly_layout_blocked_product(const fly_layout *A, const fly_layout *B, fly_layout *out, fly_error *err);
/* raked_product: as blocked_product with mode i = (P_i, A_i). */
fly_status fly_layout_raked_product(const fly_layout *A, const fly_layout *B, fly_layout *out, fly_error *err);

/* tile_to_shape (CuTe): block padded to rank(target) with 1:0 modes (a block of higher rank is an error);
 * product_shape_i = size(target_i) / size(block_i), which must divide evenly (FLY_E_DOMAIN otherwise);
 * result = coalesce(blocked_product(block, make_ordered_layout(product_shape, order)), product_shape),
 * canonicalised. order NULL = column-major. A leaf target is rank 1 (the result is coalesced whole). */
fly_status fly_layout_tile_to_shape(const fly_layout *block, const fly_inttuple *target, const fly_inttuple *order,
                                    fly_layout *out, fly_error *err);

/* FlyDSL's make_layout_like: L's shape with compact strides ranked as L's strides rank (a stride-0 leaf counts
 * as an extent of 1): (4,8):(8,1) -> (4,8):(8,1), (4,8):(0,1) -> (4,8):(1,1) (like.c). */
fly_status fly_layout_make_like(const fly_layout *L, fly_layout *out, fly_error *err);
/* FlyDSL's make_fragment_layout_like (the layout of make_fragment_like): a static shape; rank 1 compact
 * column-major, else tiled_product(mode 0 compact column-major, the other modes ordered as their strides). */
fly_status fly_layout_make_fragment_like(const fly_layout *L, fly_layout *out, fly_error *err);

/* recast_layout: re-expresses L (static strides) for elements of new_bits instead of old_bits. */
fly_status fly_layout_recast(const fly_layout *L, int old_bits, int new_bits, fly_layout *out, fly_error *err);

#ifdef __cplusplus
}
#endif
#endif
