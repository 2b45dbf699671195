/* trace.h - the kernel tracer seen from the language: operations on dynamic typed values record IR
 * ops while a kernel body is traced. Outside a trace (no dynamic values exist there) each entry raises
 * RuntimeError. All entries return a new reference or NULL with an exception. */
#ifndef FLYI_TRACE_TRACE_H
#define FLYI_TRACE_TRACE_H

#include "exec/trace_hooks.h"
#include "flydsl/api/dsl_numeric.h"

/* a OP b (FY_NB_*) with operands of common type ct and result type rt; a and b are typed values. */
fy_obj *fy_trace_num_binop(int op, fy_dsl_numeric *rt, fy_dsl_numeric *ct, fy_obj *a, fy_obj *b);
/* a CMP b (FY_EQ_OP...) in common type ct; the result is a dynamic Boolean. */
fy_obj *fy_trace_num_cmp(int op, fy_dsl_numeric *ct, fy_obj *a, fy_obj *b);
/* Unary '-', '~' or 'a' (abs) of a dynamic value. */
fy_obj *fy_trace_num_unary(int op, fy_obj *a);
/* Conversion / same-width bitcast of a dynamic value to t. */
fy_obj *fy_trace_num_convert(fy_dsl_numeric *t, fy_obj *a);
fy_obj *fy_trace_num_bitcast(fy_dsl_numeric *t, fy_obj *a);
/* A float-to-float conversion of a dynamic float value to float type t whose narrowing step (arith.truncf, after
 * an exact extf to f32 for a same-width cast) carries rounding mode `mode` (MLIR's arith RoundingMode, 0..4;
 * a widening is exact and takes none), as FlyDSL's fp_to_fp. */
fy_obj *fy_trace_num_fround(fy_dsl_numeric *t, fy_obj *a, int mode);
/* The name of arith RoundingMode code m ("upward"), or NULL when m is none of them. */
const char *fy_trace_rounding_name(int m);
/* c.select(t, f) with a dynamic condition c. */
fy_obj *fy_trace_num_select(fy_obj *c, fy_obj *t, fy_obj *f);
/* The value as a traced (dynamic) value: a static one becomes an arith.constant. */
fy_obj *fy_trace_num_materialize(fy_obj *a);
/* fx.math.NAME of a dynamic value (result type t). */
fy_obj *fy_trace_num_math(const char *name, fy_dsl_numeric *t, fy_obj *const *args, size_t n);
/* Fast-math flags (trace_fastmath.c), as MLIR's arith bits (reassoc 1 ... afn 64, fast 127).
 * fy_trace_fastmath_parse: v (None, an int, "fast", "reassoc,contract") into *bits (-1 for None); -1 with an
 * error for anything else. push/pop: a `with fx.fastmath(...)` block; current: its flags or -1.
 * override: an op's explicit fastmath= (-1: none) in place of the ambient ones; returns the previous one.
 * text: what the float op being emitted prints after its operands ("" without flags; static storage). */
int fy_trace_fastmath_parse(fy_obj *v, int *bits);
void fy_trace_fastmath_push(int bits);
void fy_trace_fastmath_pop(void);
int fy_trace_fastmath_current(void);
int fy_trace_fastmath_override(int bits);
const char *fy_trace_fastmath_text(void);
/* Traces kernel function fn (a Python function) with args and compiles it for target (NULL: gfx942)
 * as gpu.func @name: a CompiledKernel object, or NULL with an exception. */
/* 0 when traced-value handle h belongs to the running kernel trace; else -1 with a RuntimeError naming the
 * kernel whose trace made it and the DSL line (values of a kernel live only inside its trace). */
int fy_trace_check_handle(uint64_t h);
fy_obj *fy_trace_compile_kernel(fy_obj *fn, const char *name, fy_obj *const *args, size_t nargs, const char *target);
/* fy_trace_compile_kernel through the session's compile cache (trace_cache.c): a hit returns the earlier
 * CompiledKernel without tracing. */
/* @flyc.jit as host code (trace_host.c): fy_trace_host_wanted is 1 when no trace runs and function fn's code
 * launches no kernel; fy_trace_host_call then calls fn under a tracer of its own, its numeric-annotated
 * positional parameters as run-time values, and gives the traced module text in *ir (malloc'd) and the call's
 * cache key in *key (a tuple: the run-time parameters' type names, the other arguments' values or types). */
int fy_trace_host_wanted(fy_obj *fn);
/* *relaunch is set (NULL returned, no error) when the function reached a kernel launch at run time (a launching
 * jit function or a launcher it got from a builder): the caller runs it again as a launching function. */
fy_obj *fy_trace_host_call(fy_obj *fn, fy_obj *const *a, size_t na, fy_obj *kw, char **ir, fy_obj **key, int *relaunch);
/* Called at a kernel launch: under a host-code trace of a jit function it marks that trace (host_launch) and
 * raises a RuntimeError to unwind it (-1); else 0. */
int fy_trace_host_reached_launch(void);
/* Inside a host trace, the op FlyDSL's host function holds for IntTuple / Layout v just made by fx.make_*
 * (fly.static, or fly.make_int_tuple / fly.make_layout of its bound leaves), so that the source IR shows its
 * type; elsewhere nothing. Returns v (NULL passes through). */
fy_obj *fy_trace_host_value(fy_obj *v);
fy_obj *fy_trace_compile_cached(fy_obj *fn, const char *name, fy_obj *const *args, size_t nargs, const char *target);
/* The arguments of a call of @flyc.jit function fn (Python's calling convention: na positional, then the
 * values of the kwnames kw) against its annotations: a TypeError naming the parameter, what it expects and
 * what came, for a non-tensor given to fx.Tensor or a non-number to fx.Int32 & co; arguments of fx.Stream
 * parameters wrapped in a Stream; with launching set (a jit function that launches kernels, called from host
 * code), the arguments of numeric-annotated parameters (fx.Int32 & co, not fx.Constexpr) as values of that
 * type that hold the argument (host_rt: FlyDSL's run-time values, computed on the host at each call). NULL with
 * *failed 0: use the arguments as they are; else a new array of na + len(kw) references (free with
 * fy_trace_jit_args_free). */
fy_obj **fy_trace_jit_args(fy_obj *fn, fy_obj *const *a, size_t na, fy_obj *kw, int launching, int *failed);
void fy_trace_jit_args_free(fy_obj **v, size_t n);
/* flyc.cache_info(): {"hits" (memory), "misses" (traced and compiled), "disk_hits", "size" (in memory)}. */
fy_obj *fy_trace_cache_info(void);
/* flyc.KernelError: a kernel failed while running (out of bounds, deadlock, load failure). */
extern fy_type fy_trace_KernelError;
/* Parses launch(grid=, block=, smem=, stream=) keywords: dims default to 1; 0 or -1 with an exception.
 * *dyn_block: bit i set where block dimension i is a run-time value (a launching jit's fx.Int32 parameter or a
 * host ir.Value, which hold the call's value in flyi). */
int fy_trace_launch_config(fy_obj *const *a, size_t na, fy_obj *kw, unsigned grid[3], unsigned block[3], size_t *smem,
                           fy_obj **stream, unsigned *dyn_block);
/* The block the next compile specialises for (known_block_size; NULL or zeros: none), part of the
 * compile cache's keys. */
void fy_trace_set_known_block(const unsigned block[3]);
const unsigned *fy_trace_known_block(void);
/* Extra attribute entries of the next compile's gpu.func (a kernel call's unit_attrs= / value_attrs=, as MLIR
 * text; NULL or "": none), part of the compile cache's keys. */
void fy_trace_set_func_attrs(const char *text);
const char *fy_trace_func_attrs(void);
/* The LLVM options (a compile hint's llvm_options, as text; NULL or "": none) the next compile runs under, part
 * of the compile cache's keys. */
void fy_trace_set_llvm_opts(const char *text);
const char *fy_trace_llvm_opts(void);
/* Records the launch configuration in CompiledKernel ck and, when run, launches it on the session's
 * runtime with the kernel call's arguments (synchronizing: printf lines reach stdout). None or NULL. */
fy_obj *fy_trace_launch(fy_obj *ck, fy_obj *const *args, size_t nargs, const unsigned grid[3], const unsigned block[3],
                        size_t smem, fy_obj *stream, int run);
/* Makes calling CompiledKernel ck run jit function jit (args: the tuple it was compiled with). 0 or -1. */
int fy_trace_set_jit(fy_obj *ck, fy_obj *jit, fy_obj *args);
/* Puts torch's device memory on the session runtime (process-wide hooks, installed once). */
int fy_trace_install_device_hooks(void);
/* Adds KernelError to module m (flydsl.compiler). */
int fy_trace_add_errors(fy_obj *m);
/* Adds the type of what flyc.compile returns to module m (flydsl.compiler) as CompiledFunction, FlyDSL's name. */
int fy_trace_add_compiled_type(fy_obj *m);
/* Adds fx's kernel-only names (thread_idx, printf, Constexpr, ...) to module m. */
int fy_trace_add_fx(fy_obj *m);

/* Layout-API hook (dsl_layout_api.c): when fx function name is called inside a kernel trace with
 * arguments the tracer handles (kernel tensors, pointers, register tensors), sets *res (a new
 * reference or NULL with an exception) and returns 1; otherwise returns 0 and the eager path runs. */
int fy_trace_layout_hook(const char *name, fy_obj *const *a, size_t na, fy_obj *kw, fy_obj **res);
/* Runtime integers in the layout API (trace_rtcoord.c). fy_trace_num_leaf: a DSL integer as an IntTuple leaf,
 * static or (inside a trace) dynamic and bound to its SSA value: 1 (*out set), 0 (not one), -1 (exception).
 * fy_trace_dyn_enter / leave bracket a lib/layout computation so that the leaves it derives from bound
 * leaves get values (arith ops); enter returns what leave takes. fy_trace_leaf_value: inside a trace, the
 * DSL integer (Int32 / Int64) of an IntTuple that is one bound dynamic leaf, else NULL without exception. */
struct fly_itnode;
struct fly_inttuple;
int fy_trace_num_leaf(fy_obj *o, struct fly_itnode *out);
int fy_trace_dyn_enter(void);
void fy_trace_dyn_leave(int entered);
fy_obj *fy_trace_leaf_value(const struct fly_inttuple *t);
/* crd2idx of a composed layout (swizzles, offsets, inner layouts) at a coordinate with runtime leaves,
 * inside a trace: IntTuple of one leaf (bound) or NULL with an exception. */
struct fly_composed;
fy_obj *fy_trace_composed_crd2idx(const struct fly_composed *c, const struct fly_inttuple *coord);
/* Adds the kernel-side layout names (memref_load/store, copy atoms, tiled copies, Vector ops) to m. */
int fy_trace_add_layout_fx(fy_obj *m);

/* Cross-lane names (trace_gpu.c): fx.shuffle_xor/up/down/idx, fx.gpu.shuffle, lane_id, num_warp_threads,
 * the fx.gpu submodule and the deprecated Numeric methods v.shuffle_xor(...). For module m (flydsl.expr). */
int fy_trace_add_gpu_fx(fy_obj *m);

/* The kernel whose code (and the functions defined inside it) makes `range` loops device loops; returns
 * the previous one (trace_scf.c). Also forgets the names earlier loops left unbound. */
struct fy_code;
struct fy_code *fy_trace_scf_set_kernel(struct fy_code *co);
/* Records co as rewritten by ASTRewriter.transform: its range loops are device loops in IR built by hand. 0, or -1
 * (no memory). */
int fy_trace_scf_mark_rewritten(struct fy_code *co);
/* The dynamic LDS bytes compiled kernel ck's SharedAllocator(static=False) allocated (0 for none or another
 * object): the least smem its launches get. */
size_t fy_trace_kernel_dyn_smem(fy_obj *ck);
/* ---- a CompiledKernel's stages as files (trace_dump.c) ----
 * fy_trace_dump_each calls fn(file, stage, text, arg) per stage of CompiledKernel k in order, with FlyDSL's
 * dump names numbered from 00 without gaps (00_origin.mlir, NN_<pass>.mlir, NN_llvm_ir.ll, NN_final_isa.s);
 * stage is the pass name. fn returns 0, or -1 to stop (returned). */
typedef int (*fy_trace_dump_fn)(const char *file, const char *stage, const char *text, void *arg);
int fy_trace_dump_each(fy_obj *k, fy_trace_dump_fn fn, void *arg);
/* Writes those files into dir (made with its parents); *nfiles (may be NULL): how many. 0; -1 with the
 * I/O problem in err (no exception); -2 with an exception. */
int fy_trace_dump_dir(fy_obj *k, const char *dir, int *nfiles, char *err, size_t cap);
/* `mkdir -p dir`: 0 or -1 with errno. */
int fy_trace_mkdirs(const char *dir);
/* FlyDSL's switches after a kernel compiled: FLYDSL_DEBUG_PRINT_AFTER_ALL prints each stage to stderr,
 * FLYDSL_DUMP_IR writes them to $FLYDSL_DUMP_DIR/name (default ~/.flydsl/debug). 0 or -1 (exception). */
int fy_trace_dump_env(fy_obj *k, const char *name);
/* Is one of those switches on? */
int fy_trace_dump_env_wanted(void);

/* Global atomics (trace_atomic.c): fx.atomic_add/max/min/exch(dst, offset, value) for module m. */
int fy_trace_add_atomic_fx(fy_obj *m);

/* LDS (trace_smem.c): fx.SharedAllocator, fx.struct and fx.Array for module m. */
int fy_trace_add_smem_fx(fy_obj *m);
/* Size and alignment in bytes of an fx.struct class, fx.Array, fx.Align or numeric type: 1 (set), 0 when o is
 * none of them, -1 (an exception) for a struct with a field that is no Storable (a Vector). */
int fy_trace_type_size(fy_obj *o, int64_t *size, int64_t *align);

/* Vectors (trace_vector.c): fx.full and fx.ReductionOp for module m (fx or fx.typing); whether o is a traced
 * Vector; fx.math.NAME (one float operand) applied elementwise to Vector o. */
int fy_trace_add_vector_fx(fy_obj *m);
int fy_trace_is_vector(fy_obj *o);
int fy_trace_is_vector_type(fy_obj *t);
fy_obj *fy_trace_vector_math(const char *name, fy_obj *o);
/* math.fma(a, b, c) elementwise on three float Vectors of one type and length. */
fy_obj *fy_trace_vector_fma(fy_obj *a, fy_obj *b, fy_obj *c);
fy_obj *fy_trace_vector_cmp(fy_obj *a, fy_obj *b, const char *pred);
/* The elementwise op (fop for floats, sop/uop for signed/unsigned integers) folded over operands, one a Vector. */
fy_obj *fy_trace_vector_fold(fy_obj *const *a, size_t n, const char *fop, const char *sop, const char *uop);

/* Indexed copies (trace_gather.c): fx.gather, fx.scatter, fx.ptr_load and fx.ptr_store for module m. */
int fy_trace_add_gather_fx(fy_obj *m);

/* AMD buffer tensors (trace_buffer.c): the fx.rocdl submodule (make_buffer_tensor, BufferCopy*) for module m. */
int fy_trace_add_buffer_fx(fy_obj *m);
/* MMA atoms and tiled MMAs (trace_mma.c): make_mma_atom, make_tiled_mma, gemm, ... and fx.rocdl.MFMA for module m
 * (after fy_trace_add_buffer_fx). */
int fy_trace_add_mma_fx(fy_obj *m);

/* Registers _flyi_profile, the emulator's counters for flyi.profile (trace_profile.c). */
void fy_trace_profile_register(void);

#endif

/* trace_coord.c: raises NotImplementedError (returns -1) when, inside a trace, any of a[] holds a traced
 * value used as a coordinate of an eager coordinate tensor (made outside the kernel); 0 otherwise. */
int fy_trace_coord_check(const char *op, fy_obj *const *a, size_t na);
/* Is o a trace-time coordinate tensor (make_view(base, layout) inside a kernel)? Its static layout. */
int fy_trace_is_coord(fy_obj *o);
const struct fly_layout *fy_trace_coord_layout(fy_obj *o);
/* The layout of a kernel tensor or trace-time coordinate tensor (fx.size, fx.get_shape ...), else NULL. */
const struct fly_layout *fy_trace_layout_of(fy_obj *o);
/* fx.size of a kernel tensor with dynamic extents inside a trace: IntTuple<?> whose leaf is read in the
 * kernel (fly.size + fly.get_scalar, so get_scalar / unpack give an Int32); NULL without an exception when
 * o is not such a tensor (trace_tensor.c). */
fy_obj *fy_trace_dyn_size(fy_obj *o);
/* fx.elem_less(lhs, rhs) inside a trace with traced leaves: sets *res (a Boolean, traced unless folded, or
 * NULL with an exception) and returns 1; 0 when the eager path applies. */
int fy_trace_elem_less_hook(fy_obj *const *a, size_t na, fy_obj *kw, fy_obj **res);
