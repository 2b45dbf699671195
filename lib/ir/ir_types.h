/* ir_types.h - the Fly IR types (opaque types of the unregistered `fly` dialect, spelled exactly
 * as FlyDSL prints them) built from lib/layout values, and decoded back into them.
 *
 *   !fly.int_tuple<(4,8)>            !fly.layout<(4,8):(1,4)>        !fly.tile<[2:7|4]>
 *   !fly.swizzle<S<3,3,3>>           !fly.composed_layout<S<3,0,3> o 0 o (8,8):(8,1)>
 *   !fly.ptr<f32, global>            !fly.ptr<i8, shared, align<1024>>  !fly.ptr<bf16, shared, S<3,3,3>>
 *   !fly.memref<f32, global, (4,8):(1,4)>   !fly.coord_tensor<(0,0), (4,8):(1E0,1E1)>
 *   !fly.memref<f16, shared, S<3,3,3> o 0 o (128,64):(64,1)>   (a swizzled view: FlyDSL's ComposedLayout)
 *   !fly.universal_copy<64>          !fly.copy_atom<!fly.universal_copy<64>, 16>
 *
 * Decoders read the opaque type's data with lib/layout's parsers; they never abort and report
 * malformed types through the fly_error. */
#ifndef FLY_IR_TYPES_H
#define FLY_IR_TYPES_H

#include <stdbool.h>
#include <stdint.h>

#include "layout/fly_layout.h"
#include "mlir-c/IR.h"

typedef enum fly_ir_kind {
    FLY_IR_NOT_FLY = 0, /* not a fly type */
    FLY_IR_INT_TUPLE,
    FLY_IR_LAYOUT,
    FLY_IR_COMPOSED,
    FLY_IR_TILE,
    FLY_IR_SWIZZLE,
    FLY_IR_PTR,
    FLY_IR_MEMREF,
    FLY_IR_COORD_TENSOR,
    FLY_IR_BASIS,
    FLY_IR_COPY_ATOM,
    FLY_IR_OTHER, /* another fly type (copy/mma ops, tiled copies, ...), kept as text */
} fly_ir_kind;

typedef enum fly_ir_addrspace {
    FLY_AS_GENERIC = 0,
    FLY_AS_GLOBAL,
    FLY_AS_SHARED,
    FLY_AS_REGISTER,
    FLY_AS_BUFFER_DESC, /* #fly_rocdl.buffer_desc */
} fly_ir_addrspace;

/* Element type, address space and the optional alignment / swizzle of a pointer or memref. */
typedef struct fly_ir_ptr_info {
    MlirType elem;
    fly_ir_addrspace as;
    int64_t align;     /* bytes; 0 or the element size means the trivial alignment (not printed) */
    bool swizzled;     /* swizzle below is set (S<0,..> counts as none) */
    fly_swizzle swizzle;
} fly_ir_ptr_info;

/* The kind of a type (FLY_IR_NOT_FLY for non-fly types). */
fly_ir_kind fly_ir_type_kind(MlirType t);
/* The name of a kind as it appears in the type ("layout", "int_tuple", ...). */
const char *fly_ir_kind_name(fly_ir_kind k);
/* The opaque data of a fly type ("layout<(4,8):(1,4)>"), or "" for other types. */
MlirStringRef fly_ir_type_data(MlirType t);
/* True when the type has no dynamic part at all (int tuples and layouts without '?', tiles,
 * swizzles; pointers and memrefs never are, they carry a runtime address). */
bool fly_ir_type_is_static(MlirType t);

/* FlyDSL spelling of an address space ("global", "#fly_rocdl.buffer_desc"). */
const char *fly_ir_addrspace_name(fly_ir_addrspace as);
/* The LLVM address space number on AMDGPU (generic 0, global 1, shared 3, register 5, buffer 8). */
int fly_ir_addrspace_llvm(fly_ir_addrspace as);
/* Width in bits of a scalar element type (integer, float, index as 64); 0 if unknown. */
int fly_ir_elem_bits(MlirType elem);

/* ---- constructors (null type when the value does not print, e.g. capacity) ---- */

MlirType fly_ir_int_tuple_type(MlirContext ctx, const fly_inttuple *t);
MlirType fly_ir_layout_type(MlirContext ctx, const fly_layout *L);
MlirType fly_ir_composed_type(MlirContext ctx, const fly_composed *c);
MlirType fly_ir_tile_type(MlirContext ctx, const fly_tile *t);
MlirType fly_ir_swizzle_type(MlirContext ctx, const fly_swizzle *s);
MlirType fly_ir_ptr_type(MlirContext ctx, const fly_ir_ptr_info *p);
MlirType fly_ir_memref_type(MlirContext ctx, const fly_ir_ptr_info *p, const fly_layout *L);
MlirType fly_ir_coord_tensor_type(MlirContext ctx, const fly_inttuple *base, const fly_layout *L);
/* !fly.universal_copy<bits>. */
MlirType fly_ir_universal_copy_type(MlirContext ctx, int bits);
/* !fly.copy_atom<op, value_bits>, op being a copy-op type such as universal_copy. */
MlirType fly_ir_copy_atom_type(MlirContext ctx, MlirType op, int value_bits);

/* ---- decoders (FLY_E_INVALID when the type is of another kind) ---- */

fly_status fly_ir_decode_int_tuple(MlirType t, fly_inttuple *out, fly_error *err);
fly_status fly_ir_decode_layout(MlirType t, fly_layout *out, fly_error *err);
fly_status fly_ir_decode_composed(MlirType t, fly_composed *out, fly_error *err);
fly_status fly_ir_decode_tile(MlirType t, fly_tile *out, fly_error *err);
fly_status fly_ir_decode_swizzle(MlirType t, fly_swizzle *out, fly_error *err);
fly_status fly_ir_decode_ptr(MlirType t, fly_ir_ptr_info *out, fly_error *err);
/* A memref's pointer part and layout; a memref over a composed layout is an error here (callers that handle
 * swizzled views use fly_ir_decode_memref_swz). */
fly_status fly_ir_decode_memref(MlirType t, fly_ir_ptr_info *ptr, fly_layout *layout, fly_error *err);

/* The swizzle part of a memref over FlyDSL's swizzled composed layout S<b,m,s> o off o outer: an element at
 * coordinate c is at the pointer plus S(off + outer(c)). off is a leaf (static, or ? when a slice moved it by a
 * runtime amount). */
typedef struct fly_ir_swz {
    bool on; /* false: a plain memref (sw and off unset) */
    fly_swizzle sw;
    fly_inttuple off;
} fly_ir_swz;
/* A memref's pointer part, (outer) layout and swizzle part; composed layouts other than one swizzle stage over a
 * layout are FLY_E_INVALID. swz may be NULL only for plain memrefs. */
fly_status fly_ir_decode_memref_swz(MlirType t, fly_ir_ptr_info *ptr, fly_layout *layout, fly_ir_swz *swz,
                                    fly_error *err);
/* !fly.memref<T, AS, S<b,m,s> o off o outer> (a plain memref when swz is NULL or off). */
MlirType fly_ir_memref_swz_type(MlirContext ctx, const fly_ir_ptr_info *p, const fly_layout *L, const fly_ir_swz *swz);
/* Reads a composed layout into the swizzle part and the outer layout (one swizzle stage, a leaf offset). */
fly_status fly_ir_composed_swz(const fly_composed *c, fly_ir_swz *swz, fly_layout *outer, fly_error *err);
fly_status fly_ir_decode_coord_tensor(MlirType t, fly_inttuple *base, fly_layout *layout, fly_error *err);
/* The layout of a layout, memref or coord_tensor type (the "layout-like" operands of ops); for a swizzled
 * memref its outer layout. */
fly_status fly_ir_decode_layout_of(MlirType t, fly_layout *out, fly_error *err);

/* Re-spells a fly type in canonical form (e.g. "(4, 8) : (1, 4)" -> "(4,8):(1,4)"); other
 * types and types that do not decode are returned unchanged. */
MlirType fly_ir_type_canonical(MlirType t);

#endif
