/* trace_int.h - the tracer's state, internal to src/trace/.
 *
 * While a kernel body runs under the tracer, every op on a dynamic value appends one line of Fly IR
 * (generic MLIR text, with the DSL source location) to the kernel's body; a dynamic value's handle
 * is its SSA number. The finished module text goes to the compiler core (flycore.so). */
#ifndef FLYI_TRACE_INT_H
#define FLYI_TRACE_INT_H

#include <stddef.h>

#include "core/fly_core.h"
#include "flydsl/trace/trace.h"

/* How a kernel parameter is filled at launch from the kernel call's arguments. */
enum { FY_TP_NUM = 0, FY_TP_TENSOR = 1, FY_TP_PTR = 2 };
#define FY_TP_MAXDIM 12
#define FY_TP_MAXPATH 8
typedef struct fy_trace_param {
    int kind;            /* FY_TP_* */
    int argi;            /* index of the kernel call's argument */
    fy_dsl_numeric *t;   /* FY_TP_NUM: the parameter's type; FY_TP_TENSOR / FY_TP_PTR: the element type */
    /* FY_TP_TENSOR: rank, whether the layout has dynamic leaves (then a packed struct of their values
     * follows the pointer at launch), 32-bit dynamic strides, and per dim the static shape / stride or
     * -divisibility for a dynamic one (FlyDSL's cache-signature encoding) */
    int ndim, dyn, s32;
    int64_t enc[2][FY_TP_MAXDIM];
    /* a leaf of an fx.struct argument (trace_struct_arg.c): the field indices (declaration order) that lead
     * to it from args[argi]; npath 0: the argument itself */
    int npath;
    int path[FY_TP_MAXPATH];
} fy_trace_param;

typedef struct fy_tracer {
    char *body;      /* the kernel body's lines */
    size_t len, cap;
    char *params;    /* "%arg0: i32, %arg1: f32" */
    size_t plen, pcap;
    int nparams;
    uint64_t next;   /* next SSA number */
    int failed;      /* out of memory while appending */
    fy_trace_param *pmap; /* what fills each parameter at launch */
    char *prelude;   /* gpu.module-level lines before the kernel */
    size_t prlen, prcap;
    int nlds;        /* LDS allocations (fly.make_ptr {allocBytes}) made so far */
#define FY_TRACE_MAXLDS 1024
    uint64_t lds_ssa[FY_TRACE_MAXLDS]; /* the !fly.ptr<i8, shared> of each */
    int64_t lds_bytes; /* their bytes (each aligned), checked against the target's LDS capacity */
    int nallocators; /* fx.SharedAllocator()s made in this kernel */
    int64_t dyn_lds_bytes; /* what a SharedAllocator(static=False) allocated: the launch's least smem */
    int host;        /* a @flyc.jit function's trace (host code), not a kernel's */
    uint64_t gen;    /* this trace's generation: the high 32 bits of every SSA handle it makes */
    uint64_t stale;  /* the first handle of another trace met in emitted text (0: none) */
    char stale_at[160]; /* "file:line" of the DSL statement that used it */
    int lines;          /* line tables: full file names in the locations, sources recorded */
    fy_obj *sources;    /* with lines: file name -> source text of every DSL file an op came from */
    int host_fn;        /* a @flyc.jit function's trace as host code (trace_host.c) */
    int host_launch;    /* host_fn: the function reached a kernel launch (it is run again as a launching one) */
    int module;         /* IR built by hand under ir.Context (flydsl._mlir): only the loops of functions
                           ASTRewriter.transform rewrote are device loops, as in FlyDSL */
} fy_tracer;

/* The name of the function that trace t traces (trace_num.c). */
const char *fy_trace_name(const fy_tracer *t);

/* Traced values remember their trace: an SSA handle is (generation << 32) | number, and only the number
 * is printed. fy_trace_begin gives t a new generation (kernel `name`). Emitted text holding a handle of
 * another generation records it in t->stale (with the line), raised by fy_trace_stale_error at the end
 * of the trace. fy_trace_check_handle: 0 when handle h belongs to the running trace, else -1 with the
 * RuntimeError naming the kernel that made it (and the running one, if any; trace.h). */
void fy_trace_begin(fy_tracer *t, const char *name);
/* The RuntimeError for the stale handle t->stale met in kernel `name`; -1. */
int fy_trace_stale_error(fy_tracer *t, const char *name);

/* The running session's runtime (made on first use; flydsl.compiler must be imported): 0, or -1 with
 * an exception (trace_launch.c). */
int fy_trace_session_rt(const fly_rt_api **R, fly_rt **rt);

/* A compiled kernel (CompiledKernel): the pipeline result, the traced module and how to launch it. */
typedef struct fy_ckernel {
    fy_obj h;
    const fly_core_api *api;
    fly_pipeline_result r;
    fy_obj *name;
    char *origin;          /* the traced module text */
    fy_trace_param *pmap;  /* nparams entries */
    int nparams;
    size_t nargs;          /* arguments of the kernel call */
    unsigned grid[3], block[3]; /* the launch configuration it was compiled for */
    size_t smem;
    size_t dyn_smem; /* the dynamic LDS its SharedAllocator(static=False) allocated: smem is at least that */
    void *stream; /* the backend stream of the last launch (NULL: the default stream) */
    fy_obj *jit;           /* the @flyc.jit function and its arguments when made by flyc.compile, else NULL */
    fy_obj *jit_args;
    fy_obj *sources; /* compiled with line tables: file name -> source text (isa_source), else NULL */
} fy_ckernel;
extern fy_type fy_trace_ckernel_type;
/* A new empty CompiledKernel (its types made ready), or NULL. */
fy_ckernel *fy_trace_ckernel_alloc(void);
/* The on-disk compile cache (trace_disk.c). fy_trace_disk_load: the CompiledKernel stored under key
 * (a text naming everything the kernel depends on), with the stdout text its trace printed in *prints
 * (malloc'd), or NULL for a miss (missing, corrupt, truncated or another key; no exception).
 * fy_trace_disk_store writes k with prints atomically; failures are ignored. The folder:
 * $FLYI_CACHE_DIR or ~/.cache/flyi; off with FLYDSL_RUNTIME_ENABLE_CACHE=0 (fy_trace_disk_enabled). */
int fy_trace_disk_enabled(void);
fy_obj *fy_trace_disk_load(const char *key, char **prints);
void fy_trace_disk_store(const char *key, fy_ckernel *k, const char *prints, size_t plen);
/* The build's identity (version, executable and compiler core) for disk keys: 0, or -1 when unknown. */
int fy_trace_disk_build_id(char *buf, size_t cap);
/* 64-bit FNV-1a of n bytes (a text's fingerprint in disk keys). */
uint64_t fy_trace_disk_hash(const void *p, size_t n);
/* Launches compiled kernel k with the kernel call's arguments on the session's runtime and
 * synchronizes; None, or NULL with flyc.KernelError / KeyboardInterrupt. */
fy_obj *fy_trace_run(fy_ckernel *k, fy_obj *const *args, size_t nargs);

/* The tracer of the running kernel trace, or NULL. */
fy_tracer *fy_trace_cur(void);
/* Makes t the running tracer (NULL ends the trace); returns the previous one. */
fy_tracer *fy_trace_set(fy_tracer *t);
/* Appends printf-formatted text to the body; a new SSA number for a result. */
void fy_trace_emit(fy_tracer *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
uint64_t fy_trace_new_ssa(fy_tracer *t);
/* Appends printf-formatted text to the module prelude (gpu.module level, before the kernel). */
void fy_trace_emit_prelude(fy_tracer *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Appends the source location of the running DSL statement (" loc(\"file\":line:col)") and a newline. */
void fy_trace_end_line(fy_tracer *t);
/* Adds a kernel parameter of MLIR type ty filled at launch as p says; its SSA handle. */
uint64_t fy_trace_add_param(fy_tracer *t, const char *ty, fy_trace_param p);
/* The signless MLIR type of a numeric type: i32 for Int32 and Uint32, f16, index, i1. */
const char *fy_trace_mlir_type(const fy_dsl_numeric *t);
/* A typed value as an SSA handle of type t: constants for static values, casts for other types. */
int fy_trace_value_as(fy_tracer *tr, fy_obj *v, fy_dsl_numeric *t, uint64_t *out);
/* Frees the tracer's buffers. */
void fy_trace_free(fy_tracer *t);

/* A torch tensor argument as a traced kernel tensor (a !fly.memref parameter); NULL without an
 * exception when arg is not a tensor. */
fy_obj *fy_trace_tensor_param(fy_tracer *tr, int argi, fy_obj *arg, fy_obj *ann);
/* The device address of a tensor argument's first element (torch tensor or flyc.from_dlpack adaptor),
 * or NULL when o is neither. */
void *fy_trace_tensor_data(fy_obj *o);
/* 1 when the tensor's storage has separate device memory (HIP), 0 when it is host memory, -1 for no tensor. */
int fy_trace_tensor_on_device(fy_obj *o);
/* 1 when tensor argument o lives on the CPU (device="cpu"), else 0 (no error). */
int fy_trace_tensor_on_cpu(fy_obj *o);
/* Fills p's tensor fields (rank, dynamic flag, per-dim encoding) for tensor argument arg: 1; 0 when
 * arg is not a tensor argument; -1 with an exception. */
int fy_trace_tensor_encode(fy_obj *arg, int argi, fy_trace_param *p);

/* fx.thread_idx / block_idx / block_dim / grid_dim, fx.printf, fx.barrier and fx.Constexpr for module m. */
int fy_trace_add_fx(fy_obj *m);
/* fx.Stream, fx.T, fx.LayoutType, fx.AddressSpace, fx.MemRefType, fx.memref_alloca, fx.arith (trace_fxcompat.c). */
int fy_trace_add_compat_fx(fy_obj *m);
/* fx.printf(fmt, *args) outside kernels: writes the line now, formatted like device printf. None or NULL. */
fy_obj *fy_trace_host_printf(fy_obj *const *a, size_t na);
/* Is annotation a the fx.Constexpr marker (or Constexpr[T])? */
int fy_trace_is_constexpr(fy_obj *a);
/* Is parameter i of kernel fn a kernel method's self (the first, unannotated, named self)? It is a Python value of
 * the trace, and the compile cache keys on the object itself (not on disk). */
struct fy_function;
int fy_trace_is_self_param(struct fy_function *fn, size_t i);

/* ---- tensors, layouts, vectors and copies inside kernels (trace_tensor.c, trace_layout.c,
 * trace_vector.c, trace_copy.c) ---- */
#include "layout/layout.h"
#include "layout/swizzle.h"

/* Address spaces of kernel tensors and pointers (fy_ttensor.reg). */
enum { FY_SP_GLOBAL = 0, FY_SP_REG = 1, FY_SP_SHARED = 2 };
/* "global", "register" or "shared". */
const char *fy_trace_space_name(int sp);

/* A kernel tensor: a !fly.memref SSA value with a static layout (global, register or shared memory). A swizzled
 * view (FlyDSL's tensor over the ComposedLayout S<b,m,s> o off o L) has swz set: its element at coordinate c lies
 * at the pointer plus S(off + L(c)); L is the outer layout every divide and partition works on, and a slice keeps
 * the pointer, moving off (a runtime value after a slice by runtime coordinates: offdyn). */
typedef struct fy_ttensor {
    fy_obj h;
    uint64_t ssa;
    fy_dsl_numeric *et;
    int reg;          /* address space: FY_SP_* (0 global, 1 register, 2 shared) */
    fly_layout L;
    int swz, offdyn;  /* a swizzled view; its offset is only known in the kernel */
    fly_swizzle sw;
    int64_t off;      /* the static offset (offdyn 0) */
    char ty[704];     /* "!fly.memref<f32, global, 16:1>", "!fly.memref<f16, shared, S<3,3,3> o 0 o 64:1>" */
} fy_ttensor;
extern fy_type fy_ttensor_type;
#define FY_TTENSOR_CHECK(o) (FY_TYPE(o) == &fy_ttensor_type)
/* A new kernel tensor over SSA value ssa (type text made from et, reg and L). */
fy_obj *fy_ttensor_new(uint64_t ssa, fy_dsl_numeric *et, int reg, const fly_layout *L);
/* A new kernel tensor over ssa with layout L and t's element type, space and swizzle part (t's offset). */
fy_obj *fy_ttensor_new_like(uint64_t ssa, const fy_ttensor *t, const fly_layout *L);
/* A new swizzled view over ssa: S<sw> o off o L (offdyn: the offset is a runtime value); NULL with an exception. */
fy_obj *fy_ttensor_new_swz(uint64_t ssa, fy_dsl_numeric *et, int reg, const fly_layout *L, const fly_swizzle *sw,
                           int64_t off, int offdyn);
/* Swizzled views (trace_swizzle.c). A view of pointer SSA value p with the composed layout c (one swizzle stage over
 * a layout: fly.make_composed_layout + fly.make_view); a swizzle whose blocks do not tile the view's span is a
 * ValueError. NULL with an exception. */
struct fly_composed;
fy_obj *fy_trace_view_composed(fy_tracer *tr, uint64_t p, fy_dsl_numeric *et, int reg, const struct fly_composed *c);
/* A view of swizzled tensor t's iterator with outer layout L, keeping t's swizzle and offset. */
fy_obj *fy_trace_view_swz(fy_tracer *tr, fy_ttensor *t, const fly_layout *L);
/* The layout of swizzled tensor t as FlyDSL gives it: a ComposedLayout S o off o L (a runtime offset read here). */
fy_obj *fy_trace_swz_layout(fy_tracer *tr, fy_ttensor *t);
/* The memref type text for et, reg and L into buf. */
void fy_ttensor_type_text(char *buf, size_t cap, fy_dsl_numeric *et, int reg, const fly_layout *L);
/* Emits "%r = fly.static : !fly.layout<L>"; its SSA handle. */
uint64_t fy_trace_static_layout(fy_tracer *tr, const fly_layout *L);
/* A view of tensor t's iterator with layout L: fly.get_iter + fly.make_view. */
fy_obj *fy_trace_view(fy_tracer *tr, fy_ttensor *t, const fly_layout *L);
/* A view with layout L of the !fly.ptr SSA value p (element type et, address space reg): fly.make_view. */
fy_obj *fy_trace_view_ptr(fy_tracer *tr, uint64_t p, fy_dsl_numeric *et, int reg, const fly_layout *L);
/* Kernel pointers (trace_ptr.c): a !fly.ptr<T, space> SSA value; fx.Pointer is their type. */
typedef struct fy_trace_ptr {
    fy_obj h;
    uint64_t ssa;
    fy_dsl_numeric *et;
    int reg; /* FY_SP_* */
    int swz; /* FlyDSL's apply_swizzle: accesses go to sw(byte address); the type carries sw */
    fly_swizzle sw;
} fy_trace_ptr;
extern fy_type fy_trace_ptr_type;
/* A new kernel pointer over SSA value ssa. */
fy_obj *fy_trace_ptr_new(uint64_t ssa, fy_dsl_numeric *et, int reg);
/* fly.ptr.load of n elements of type t at kernel pointer ptr (any element type): a Vector when vec (even of one
 * element: a vector<1xT> load), else a scalar (n 1). */
fy_obj *fy_trace_ptr_load(fy_obj *ptr, fy_dsl_numeric *t, int64_t n, int vec);
/* fly.ptr.store of SSA value v (MLIR type vty) at kernel pointer ptr; 0, or -1 with an exception. */
int fy_trace_ptr_store_ssa(fy_obj *ptr, uint64_t v, const char *vty);
/* The pointer to access `bytes` bytes at o (new ref): a plain Pointer at the swizzled address for a swizzled
 * Pointer (FlyDSL's ptr.load / ptr.store apply the swizzle to the address), o itself otherwise. */
fy_obj *fy_trace_ptr_access(fy_obj *o, int64_t bytes, const char *op);
/* 0 unless o is a swizzled Pointer, which op does not take: -1 with NotImplementedError. */
int fy_trace_ptr_plain(fy_obj *o, const char *op);
/* A pointer argument (flyc.from_c_void_p adaptor, or a bare address for an fx.Pointer parameter) as a
 * !fly.ptr kernel parameter; NULL without an exception when arg is not one. */
fy_obj *fy_trace_ptr_param(fy_tracer *tr, int argi, fy_obj *arg, fy_obj *ann);
/* fx.Pointer, fx.add_offset and fx.ptrtoint for module m. */
int fy_trace_add_ptr_fx(fy_obj *m);
/* A register tensor (fly.memref.alloca) of element type et and layout L. */
fy_obj *fy_trace_alloca(fy_tracer *tr, fy_dsl_numeric *et, const fly_layout *L);
/* A kernel call's arguments against the kernel's parameters before any trace (trace_kernel.c): their
 * count, and each against its annotation (a tensor for fx.Tensor, a number for fx.Int32 & co, a trace-time
 * value for fx.Constexpr); 0, or -1 with a TypeError naming the kernel, the parameter, what it expects and
 * what came. */
int fy_trace_check_args(fy_obj *fn, const char *name, fy_obj *const *args, size_t nargs);
/* arg for a parameter annotated ann: for fx.Stream, a Stream wrapping arg unless it is one (FlyDSL makes a
 * Stream of what a Stream parameter is given); else arg. A new reference, or NULL. */
fy_obj *fy_trace_stream_coerce(fy_obj *ann, fy_obj *arg);
/* Vector (trace_vector.c): a dynamic vector<N x T> value. */
fy_obj *fy_tvector_new(uint64_t ssa, fy_dsl_numeric *et, int64_t n);
fy_obj *fy_tvector_new_like(uint64_t ssa, fy_obj *like);
/* The SSA handle, element type and length of a Vector; -1 when v is not one. */
int fy_tvector_parts(fy_obj *v, uint64_t *ssa, fy_dsl_numeric **et, int64_t *n);
/* t.load() / t.store(v) / t.fill(x): whole-tensor vector load, store and fill. */
fy_obj *fy_trace_tensor_load(fy_ttensor *t);
fy_obj *fy_trace_tensor_store(fy_ttensor *t, fy_obj *v);
fy_obj *fy_trace_tensor_fill(fy_ttensor *t, fy_obj *x);
/* Copy atoms and tiled copies (trace_copy.c) for module m (flydsl.expr). */
int fy_trace_add_copy_fx(fy_obj *m);
/* fx.copy(atom, src, dst): element moves between two kernel tensors of equal size. */
fy_obj *fy_trace_copy(fy_ttensor *src, fy_ttensor *dst);
/* trace_pred.c: copy of src to dst by atoms of atomv values, each invocation guarded by its element of pred
 * (a Boolean register tensor with one element per invocation or per element, a Boolean value, or NULL);
 * with one, exactly one invocation (copy_atom_call). None or NULL with an exception naming op. */
fy_obj *fy_trace_copy_pred(const char *op, int64_t atomv, fy_obj *src, fy_obj *dst, fy_obj *pred, int one);
/* A copy op of bits (trace_copy.c); buffer: fx.rocdl.BufferCopy (needs a buffer tensor on one side). */
fy_obj *fy_trace_new_copyop(int bits, int buffer);
/* The copy op kind of gfx950's transposing LDS reads (fx.rocdl.cdna4.LDSReadTrans*), and its functions for
 * flydsl.expr.rocdl (trace_copy.c). */
#define FLY_COPY_LDS_TRANS 4
/* The copy op kind of gfx950's async global -> LDS DMA (fx.rocdl.cdna4.GlobalLoadAsyncLDS*, trace_buffer.c). */
#define FLY_COPY_GLOBAL_LDS 5
extern fy_methoddef fy_trace_lds_trans_funcs[];
/* Buffer tensors (trace_buffer.c): is o one; its layout and element type; fx layout calls on them (divides,
 * slice) routed like fy_trace_layout_hook. */
int fy_trace_is_buffer(fy_obj *o);
const fly_layout *fy_trace_buffer_layout(fy_obj *o, fy_dsl_numeric **et);
/* A buffer tensor over the same resource and element offset as buffer tensor b, viewed with layout L. */
fy_obj *fy_trace_buffer_with_layout(fy_obj *b, const fly_layout *L);
/* A buffer tensor made from a dynamic layout keeps a shadow global tensor viewing the same elements: it (borrowed,
 * NULL when none), and a buffer tensor like b over another such view (stolen). */
fy_obj *fy_trace_buffer_shadow(fy_obj *b);
fy_obj *fy_trace_buffer_over(fy_obj *b, fy_obj *view);
/* Buffer tensor b with its accesses moved by soff elements (copy(..., soffset=)); a new reference or NULL. */
fy_obj *fy_trace_buffer_soffset(fy_obj *b, fy_obj *soff);
int fy_trace_buffer_hook(const char *name, fy_obj *const *a, size_t na, fy_obj *kw, fy_obj **res);
/* Emits the base address of global tensor ssa (type ty, elements et): fly.get_iter and its cast to an
 * !llvm.ptr<1>, whose handle it returns. */
uint64_t fy_trace_global_base(fy_tracer *tr, uint64_t ssa, const char *ty, const char *et);
/* Emits rocdl.make.buffer.rsrc of base (an !llvm.ptr<1>), stride (i16), num (i64 bytes) and flags (i32); a 0
 * stride or flags handle stands for FlyDSL's defaults (0, the CDNA flags 7<<12 | 4<<15). The resource's handle. */
uint64_t fy_trace_buffer_rsrc_emit(fy_tracer *tr, uint64_t base, uint64_t stride, uint64_t num, uint64_t flags);
/* A new buffer tensor over resource rsrc with elements et and layout L; NULL with an exception. */
fy_obj *fy_trace_buffer_new(uint64_t rsrc, fy_dsl_numeric *et, const fly_layout *L);
/* The resource (!llvm.ptr<8>) handle of buffer tensor or pointer o. */
uint64_t fy_trace_buffer_rsrc(fy_obj *o);
/* Sets buffer pointer o's alignment (bytes; make_ptr's result type gives it). */
void fy_trace_buffer_set_align(fy_obj *o, int align);
/* Is o a buffer-descriptor pointer (get_iter of a buffer tensor, make_buffer_ptr)? */
int fy_trace_buffer_is_ptr(fy_obj *o);
/* Buffer tensor o seen as a buffer-descriptor pointer, of element type et (NULL: o's; same width only). */
fy_obj *fy_trace_buffer_as_ptr(fy_obj *o, fy_dsl_numeric *et);
/* trace_buffer_ptr.c: make_buffer_ptr, get_buffer_rsrc, make_ptr (fx's) and the raw buffer helpers. */
extern fy_methoddef fy_trace_buffer_ptr_funcs[];
/* The byte offset (an i32 handle) of buffer tensor o's first element in its resource; 0 or -1. */
int fy_trace_buffer_base_offset(fy_obj *o, uint64_t *out);
/* fx.copy with a buffer -> LDS DMA atom of bits (async: gfx950's BufferLoadAsyncLDS): src a buffer tensor, dst a
 * shared tensor (trace_buffer_ptr.c); None or NULL with an exception naming op. */
fy_obj *fy_trace_buffer_lds_copy(const char *op, int bits, int async, fy_obj *src, fy_obj *dst, fy_obj *pred);
/* fx.copy with gfx950's global -> LDS DMA atom of bits (GlobalLoadAsyncLDS): src a global tensor, dst a shared
 * tensor (trace_buffer_ptr.c); None or NULL with an exception naming op. */
fy_obj *fy_trace_global_lds_copy(const char *op, int bits, fy_obj *src, fy_obj *dst, fy_obj *pred);
/* The element type of a pointer type object ("!fly.ptr<ELEM, ...>"); *buf: in #fly_rocdl.buffer_desc. NULL with a
 * TypeError naming op. */
fy_dsl_numeric *fy_trace_ptr_type_elem(fy_obj *t, int *buf, const char *op);
/* A tiled copy of copy atom `atom` with TV layout tv over tile (a tuple of sizes) (trace_copy.c). */
fy_obj *fy_trace_tiled_copy_new(fy_obj *atom, const fly_layout *tv, fy_obj *tile);
/* ThrCopy.retile(frag) (trace_mma.c): register fragment frag viewed as ((AtomV,RestV),Rest...) for copy atoms
 * of atomv values. */
fy_obj *fy_trace_mma_retile(int64_t atomv, fy_obj *frag);
/* Is o a copy atom / tiled copy value (trace_copy.c)? Is a the fx.TiledCopy or fx.CopyAtom type? */
int fy_trace_is_copy_value(fy_obj *o);
/* Is o an MMA op, atom or tiled MMA (trace_mma.c)? Like the copy values, a kernel argument of this kind is
 * static: passed into the kernel as it is, its printed form part of the cache key. */
int fy_trace_is_mma_value(fy_obj *o);
/* Is o a struct value whose fields are all host values (FlyDSL's Constexpr fields: trace_smem.c)? Such a value
 * is a static kernel argument, the kernel specialised on it. */
int fy_trace_is_static_struct(fy_obj *o);
int fy_trace_is_copy_type(fy_obj *a);

/* Coordinate tensors (trace_coord.c): routes fx layout calls on them (make_view of a base coordinate,
 * slice, divides, get_layout, get_iter) like fy_trace_layout_hook; a copy with layout L. */
int fy_trace_coord_hook(const char *name, fy_obj *const *a, size_t na, fy_obj *kw, fy_obj **res);
fy_obj *fy_trace_coord_with_layout(fy_obj *c, const fly_layout *L);
/* The offset of coordinate key (ints, traced integers, None) in layout L with integer strides: a Python int
 * or a traced Int32 (arith ops emitted); with None leaves *S is the sliced layout (*nnone counts them). */
fy_obj *fy_trace_coord_offset(const fly_layout *L, fy_obj *key, fly_layout *S, int *nnone);

/* Dynamic layouts (trace_tensor.c). Trace-time handles of dynamic leaves are SSA numbers of i32 / i64
 * values (0: unknown). fy_trace_bind_layout copies t's layout with the dynamic leaves of the parts
 * asked for (1 shape, 2 stride) read at this point (fly.get_shape / get_stride, slice, get_scalar);
 * 0 or -1 with an exception. */
int fy_trace_bind_layout(fy_tracer *tr, fy_ttensor *t, fly_layout *out, int parts);
/* t.layout / fx.get_layout(t): a Layout whose dynamic leaves are read at this point (bound), so that
 * crd2idx / idx2crd over it compute in the kernel. */
fy_obj *fy_trace_tensor_layout(fy_ttensor *t);
/* Between begin and end, leaves lib/layout computes from bound leaves get values (arith ops). */
typedef struct fy_trace_dynsave {
    fly_dyn_hook fn;
    void *user;
} fy_trace_dynsave;
void fy_trace_dyn_begin(fy_tracer *tr, fy_trace_dynsave *save);
void fy_trace_dyn_end(fy_trace_dynsave *save);
/* Layout L as an SSA value: fly.static when static, else fly.make_int_tuple + fly.make_layout of its
 * bound leaves; 0 or -1 with an exception (a leaf without a value). */
int fy_trace_layout_ssa(fy_tracer *tr, const fly_layout *L, uint64_t *out);
/* fly.make_int_tuple of t's bound dynamic leaves, or fly.static (trace_tensor.c); -1 with an exception. */
int fy_trace_tuple_ssa(fy_tracer *tr, const fly_inttuple *t, uint64_t *out);

/* Emits fly.make_coord for Python key checked against layout L (trace_tensor.c): its SSA handle, type
 * text, tuple and number of None leaves; 0, or -1 with an exception. */
int fy_trace_coord_emit(fy_tracer *tr, const fly_layout *L, fy_obj *key, uint64_t *out, char *ty, size_t cap,
                        fly_inttuple *c, int *nnone);

/* A traced Vector's SSA handle, element type and length (trace_vector.c); 0, or -1 with an exception. */
int fy_tvector_parts(fy_obj *v, uint64_t *ssa, fy_dsl_numeric **et, int64_t *n);
/* A copy atom of `bits` (buffer: a buffer copy) for elements et: its SSA handle, its type text in ty
 * (trace_copy.c); and one copy through it from s to d (one: a single atom call, else fly.copy). */
uint64_t fy_trace_copy_atom(fy_tracer *tr, int bits, int buffer, fy_dsl_numeric *et, char *ty, size_t cap);
void fy_trace_copy_call(fy_tracer *tr, uint64_t atom, const char *aty, int one, uint64_t s, const char *sty, uint64_t d,
                        const char *dty);
/* The memref SSA handle and type text of a buffer tensor o (trace_buffer.c); 1, 0 when o is not one. */
int fy_trace_buffer_memref(fy_obj *o, uint64_t *ssa, char *ty, size_t cap);

/* Adds the instruction mix of the AMDGPU assembly isa to the stats dict: "mix" (counts by kind, bytes a lane
 * moves, the MFMA ops) and "loops" (the same for each loop body: a backward branch to a label). 0, or -1
 * with an exception (trace_isa_mix.c). */
int fy_trace_isa_mix(const char *isa, fy_obj *stats);

/* Line tables for the kernels compiled now: FLYDSL_DEBUG_ENABLE_DEBUG_INFO=1, or inside
 * flyc.compile(..., debug_info=True) (trace_isa_source.c). */
int fy_trace_line_tables(void);
/* The ISA of a kernel compiled with line tables as DSL source lines, each followed by its instructions
 * (sources: file name -> text); a new str, or NULL with a ValueError when isa has no line tables. */
fy_obj *fy_trace_isa_source(const char *isa, fy_obj *sources);

/* fx.struct values as kernel and host-jit arguments (trace_struct_arg.c): a Python struct value's field values
 * (borrowed tuple, declaration order) or NULL; its run-time fields as parameters (constexpr fields stay Python
 * values) and the value rebuilt over them; the argument a parameter is filled from (borrowed; NULL with a
 * TypeError when the launch's argument is not shaped so). */
fy_obj *fy_trace_pystruct_vals(fy_obj *o);
fy_obj *fy_trace_struct_param(fy_tracer *tr, int argi, fy_obj *arg, int host);
fy_obj *fy_trace_param_arg(const fy_trace_param *p, fy_obj *const *args, size_t nargs);
/* types.SimpleNamespace kernel arguments, split as structs are (trace_struct_arg.c): is o one; the field values
 * of a struct value or namespace (a new tuple; NULL, no error, for anything else); a namespace's attribute names
 * (a new tuple, in the order of its fields). */
int fy_trace_is_namespace(fy_obj *o);
fy_obj *fy_trace_arg_fields(fy_obj *o);
fy_obj *fy_trace_ns_names(fy_obj *o);

#endif
