/* dsl.h - the FlyDSL layout values of flydsl.expr (internal to src/dsl/).
 *
 * Layout-algebra values at the prompt are evaluated eagerly with lib/layout: each C type wraps
 * one lib/layout value. str() follows FlyDSL's trace-time printing (ClassName<type text>); repr()
 * is the same text, so the REPL echoes what print() shows. */
#ifndef FLYI_DSL_DSL_H
#define FLYI_DSL_DSL_H

#include "layout/fly_layout.h"
#include "objects/object.h"

/* IntTuple<...>: a (possibly nested) int tuple. */
typedef struct fy_dsl_inttuple {
    fy_obj h;
    fly_inttuple t;
} fy_dsl_inttuple;
/* Layout<...>; has_tv marks the TV layout of make_layout_tv (tile_mn then holds its tile). */
typedef struct fy_dsl_layout {
    fy_obj h;
    fly_layout L;
    int has_tv;
    fly_inttuple tile_mn;
} fy_dsl_layout;
/* ComposedLayout<...>. */
typedef struct fy_dsl_composed {
    fy_obj h;
    fly_composed c;
} fy_dsl_composed;
/* Swizzle value (Swizzle<S<..>>) or, with is_type, the type !fly.swizzle<S<..>> of SwizzleType.get. */
typedef struct fy_dsl_swizzle {
    fy_obj h;
    fly_swizzle s;
    int is_type;
} fy_dsl_swizzle;
/* Tile<[...]>. */
typedef struct fy_dsl_tile {
    fy_obj h;
    fly_tile t;
} fy_dsl_tile;
/* A basis element coef*E<m0>E<m1>... (fx.Basis, fx.E), a single basis leaf. */
typedef struct fy_dsl_basis {
    fy_obj h;
    fly_itnode n;
} fy_dsl_basis;
/* Tensor: a coordinate tensor (base + layout) or a register tensor (dtype + layout). */
typedef struct fy_dsl_tensor {
    fy_obj h;
    int is_coord;
    fly_inttuple base;  /* coordinate tensor: the base coordinate */
    fy_obj *dtype;      /* register tensor: the numeric type object */
    fly_layout L;
} fy_dsl_tensor;

extern fy_type fy_dsl_inttuple_type, fy_dsl_layout_type, fy_dsl_composed_type, fy_dsl_swizzle_type, fy_dsl_tile_type,
    fy_dsl_basis_type, fy_dsl_tensor_type, fy_dsl_swizzletype_type;

/* Readies every DSL type (idempotent); -1 with an exception. */
int fy_dsl_types_ready(void);
/* Whether launches only compile: COMPILE_ONLY=1 / FLYDSL_COMPILE_ONLY=1, or inside flyc.compile(..., run=False). */
int fy_dsl_compile_only(void);

/* ---- constructors (new references; NULL with an exception) ---- */
fy_obj *fy_dsl_inttuple_new(const fly_inttuple *t);
fy_obj *fy_dsl_layout_new(const fly_layout *L);
fy_obj *fy_dsl_composed_new(const fly_composed *c);
fy_obj *fy_dsl_swizzle_new(const fly_swizzle *s, int is_type);
fy_obj *fy_dsl_tile_new(const fly_tile *t);
fy_obj *fy_dsl_basis_new(const fly_itnode *n);
fy_obj *fy_dsl_coord_tensor_new(const fly_inttuple *base, const fly_layout *L);
fy_obj *fy_dsl_reg_tensor_new(fy_obj *dtype, const fly_layout *L);

/* ---- conversions from Python values ---- */
/* An int, tuple/list (nested), IntTuple, Basis, or None (a "*" leaf, only when allow_none) to an int tuple.
 * op and what name the operation and the operand in the TypeError. */
int fy_dsl_to_inttuple(fy_obj *o, fly_inttuple *out, int allow_none, const char *op, const char *what);
/* A Layout value (or an int n, meaning n:1, when allow_int) to a layout. */
int fy_dsl_to_layout(fy_obj *o, fly_layout *out, int allow_int, const char *op, const char *what);
/* A Tile, or a tuple/list of ints/layouts/None/nested tuples, to a tile. */
int fy_dsl_to_tile(fy_obj *o, fly_tile *out, const char *op, const char *what);
/* A Python int's value for the DSL: 0, or -1 with OverflowError naming what when it does not fit
 * in 64 bits (ints are arbitrary precision; layouts and kernel constants are not). */
int fy_dsl_int_value(fy_obj *o, int64_t *out, const char *what);
/* A Python int (or IntTuple holding one static leaf) to a C integer. */
int fy_dsl_to_int(fy_obj *o, int64_t *out, const char *op, const char *what);
/* Raises ValueError (or OverflowError / NotImplementedError by code) with lib/layout's message. */
fy_obj *fy_dsl_raise(const fly_error *err);
/* Nested Python tuples/ints of an int tuple (basis leaves become Basis, "*" becomes None). */
fy_obj *fy_dsl_inttuple_to_py(const fly_inttuple *t);

/* ---- the layout API (dsl_layout_api.c) used by the value types ---- */
/* crd2idx of a layout value with a coordinate object. */
fy_obj *fy_dsl_crd2idx_obj(fy_obj *coord, fy_obj *layout);
/* slice of a layout, composed layout, int tuple or tensor by a coordinate with None entries. */
fy_obj *fy_dsl_slice_obj(fy_obj *src, fy_obj *coord);

/* ---- tensor arguments of kernels (dsl_tensor_arg.c) ---- */
struct fy_torch_tensor;
/* How a tensor argument enters a kernel: per dim, 0 for a static extent / stride, else the
 * divisibility of a dynamic one (raw torch tensors: dynamic; flyc.from_dlpack: static unless marked). */
typedef struct fy_dsl_targ_spec {
    struct fy_torch_tensor *t;
    int ndim;
    int shape_div[16], stride_div[16];
    int align;   /* assumed_align bytes, 0: the element size */
    int s32;     /* 32-bit dynamic strides */
    int adaptor; /* made by flyc.from_dlpack */
    const fly_layout *view; /* fx.make_view(fx.get_iter(t), L) on the host: the kernel's layout is *view */
} fy_dsl_targ_spec;
/* _repr_svg_(): the picture fx.utils.layout_svg draws of self, as inline SVG (None when it cannot be drawn);
 * the method of every drawable type (layouts, tensors, MMA atoms, tiled MMAs and copies). */
fy_obj *fy_dsl_repr_svg(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw);
/* Fills sp for a torch tensor or a from_dlpack adaptor: 1; 0 when arg is neither; -1 with an exception
 * (a raw tensor without a stride-1 dim, argi names the kernel argument). */
int fy_dsl_targ_spec_of(fy_obj *arg, int argi, fy_dsl_targ_spec *sp);
/* The parameter layout of sp (dynamic leaves have handle 0; a 1-D tensor gives a leaf, not a 1-tuple). */
void fy_dsl_targ_layout(const fy_dsl_targ_spec *sp, fly_layout *L);
void fy_dsl_targ_layout_text(const fy_dsl_targ_spec *sp, char *buf, size_t cap);
/* Packs the dynamic values of sp (i32 shapes, then i64 or i32 strides, packed) into buf; bytes, -1 if cap is short. */
int fy_dsl_targ_pack(const fy_dsl_targ_spec *sp, unsigned char *buf, size_t cap);
/* Host-side fx.get_iter(t) of a torch tensor or adaptor: an iterator object; NULL (no error) for other objects. */
fy_obj *fy_dsl_targ_host_iter(fy_obj *o);
/* Is o such an iterator? */
int fy_dsl_targ_is_iter(fy_obj *o);
/* fx.make_view(iter, L) on the host: the tensor's data as a kernel argument of the static layout L. */
fy_obj *fy_dsl_targ_view(fy_obj *iter, const fly_layout *L);
/* Is o such a view? */
int fy_dsl_targ_is_view(fy_obj *o);
/* flyc.from_dlpack / flyc.from_torch_tensor. */
extern fy_methoddef fy_dsl_targ_funcs[];

/* ---- raw-pointer kernel arguments (dsl_ptr_arg.c) ---- */
struct fy_dsl_numeric;
/* The DSL element type of torch dtype FY_TORCH_* (what a tensor or pointer argument of that dtype
 * holds in a kernel), or NULL when kernels cannot take it (dsl_tensor_arg.c). */
struct fy_dsl_numeric *fy_dsl_numeric_of_dtype(int dtype);
/* Is o a flyc.from_c_void_p adaptor? */
int fy_dsl_is_ptr_arg(fy_obj *o);
/* The element type and address of pointer argument arg: a from_c_void_p adaptor, or (when annotated, the
 * parameter being fx.Pointer) a bare int address inside a device tensor (its dtype). 1; 0 when arg is
 * neither; -1 with an exception (an address in no tensor; argi names the argument). */
int fy_dsl_ptr_arg_of(fy_obj *arg, int annotated, int argi, struct fy_dsl_numeric **et, uint64_t *addr);
/* arg as a pointer argument like adaptor model (a bare int address re-wrapped with model's element type),
 * else arg itself: how a compiled launcher called with x.data_ptr() keeps the types it was compiled for. */
fy_obj *fy_dsl_ptr_arg_like(fy_obj *model, fy_obj *arg);
/* Is a launching @flyc.jit function's body running as host code (no kernel being traced)? There its numeric
 * values' ir_value() are host values (flydsl._mlir.ir._HostValue), which arith ops fold. */
int fy_dsl_in_launcher(void);
/* A CompiledArtifact (FlyDSL's: source_ir, ir) of the one CompiledKernel ck: CompiledKernel._keepalive. */
fy_obj *fy_dsl_kernel_artifact(fy_obj *ck);
/* flyc.from_c_void_p. */
extern fy_methoddef fy_dsl_ptr_arg_funcs[];

/* Module tables (dsl_layout_api.c, dsl_utils.c, dsl_numeric.c). */
extern fy_methoddef fy_dsl_layout_funcs[];
extern fy_methoddef fy_dsl_utils_funcs[];
/* Adds the numeric type placeholders (Float32, ...) to module m; -1 with an exception. */
int fy_dsl_numeric_add(fy_obj *m);
/* The short MLIR name of a numeric type placeholder ("f32"), or NULL if o is not one. */
const char *fy_dsl_numeric_mlir_name(fy_obj *o);

/* Registers flydsl, flydsl.expr, flydsl.expr.typing, flydsl.expr.utils and flydsl.compiler. */
void fy_dsl_register_all(void);
/* Registers flydsl.runtime(.device) and flydsl.compiler.protocol (dsl_runtime.c); called by fy_dsl_register_all. */
void fy_dsl_register_runtime(void);

/* Adds FlyDSL's names written in Python (flydsl.expr._surface) to the C module m as it is made; 0 or -1. */
int fy_dsl_surface_patch(fy_obj *m);
/* An MLIR type as FlyDSL's values give it (`v.type`): printed as text, equal to T.<name> of the same type. */
fy_obj *fy_dsl_ir_type(const char *text);
/* The same, knowing its scalar numeric type (numeric may be NULL), as T.f32 is. */
fy_obj *fy_dsl_ir_type_of(const char *text, fy_obj *numeric);

#endif
