/* trace_int.h - the tracer's state, internal to src/trace/.
 *
 * While a kernel body runs under the tracer, every op on a dynamic value appends one line of Fly IR
 * (generic MLIR text, with the DSL source location) to the kernel's body; a dynamic value's handle
 * is its SSA number. The finished module text goes to the compiler core (flycore.so). */
#ifndef FLYI_TRACE_INT_H
#define FLYI_TRACE_INT_H

#include <stddef.h>

#include "core/fly_core.h"
#include "trace/trace.h"

/* How a kernel parameter is filled at launch from the kernel call's arguments. */
enum { FY_TP_NUM = 0, FY_TP_TENSOR = 1 };
typedef struct fy_trace_param {
    int kind;            /* FY_TP_* */
    int argi;            /* index of the kernel call's argument */
    fy_dsl_numeric *t;   /* FY_TP_NUM: the parameter's type; FY_TP_TENSOR: the element type */
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
    char *prelude;   /* gpu.module-level lines before the kernel (LDS memref.globals) */
    size_t prlen, prcap;
    int nlds;        /* LDS globals made so far */
    int nallocators; /* fx.SharedAllocator()s made in this kernel */
} fy_tracer;

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
    fy_obj *jit;           /* the @flyc.jit function and its arguments when made by flyc.compile, else NULL */
    fy_obj *jit_args;
} fy_ckernel;
extern fy_type fy_trace_ckernel_type;
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
/* The device address of a torch tensor's first element, or NULL when o is not a tensor. */
void *fy_trace_tensor_data(fy_obj *o);

/* fx.thread_idx / block_idx / block_dim / grid_dim, fx.printf, fx.barrier and fx.Constexpr for module m. */
int fy_trace_add_fx(fy_obj *m);
/* Is annotation a the fx.Constexpr marker (or Constexpr[T])? */
int fy_trace_is_constexpr(fy_obj *a);

/* ---- tensors, layouts, vectors and copies inside kernels (trace_tensor.c, trace_layout.c,
 * trace_vector.c, trace_copy.c) ---- */
#include "layout/layout.h"

/* Address spaces of kernel tensors and pointers (fy_ttensor.reg). */
enum { FY_SP_GLOBAL = 0, FY_SP_REG = 1, FY_SP_SHARED = 2 };
/* "global", "register" or "shared". */
const char *fy_trace_space_name(int sp);

/* A kernel tensor: a !fly.memref SSA value with a static layout (global, register or shared memory). */
typedef struct fy_ttensor {
    fy_obj h;
    uint64_t ssa;
    fy_dsl_numeric *et;
    int reg;          /* address space: FY_SP_* (0 global, 1 register, 2 shared) */
    fly_layout L;
    char ty[640];     /* "!fly.memref<f32, global, 16:1>" */
} fy_ttensor;
extern fy_type fy_ttensor_type;
#define FY_TTENSOR_CHECK(o) (FY_TYPE(o) == &fy_ttensor_type)
/* A new kernel tensor over SSA value ssa (type text made from et, reg and L). */
fy_obj *fy_ttensor_new(uint64_t ssa, fy_dsl_numeric *et, int reg, const fly_layout *L);
/* The memref type text for et, reg and L into buf. */
void fy_ttensor_type_text(char *buf, size_t cap, fy_dsl_numeric *et, int reg, const fly_layout *L);
/* Emits "%r = fly.static : !fly.layout<L>"; its SSA handle. */
uint64_t fy_trace_static_layout(fy_tracer *tr, const fly_layout *L);
/* A view of tensor t's iterator with layout L: fly.get_iter + fly.make_view. */
fy_obj *fy_trace_view(fy_tracer *tr, fy_ttensor *t, const fly_layout *L);
/* A register tensor (fly.memref.alloca) of element type et and layout L. */
fy_obj *fy_trace_alloca(fy_tracer *tr, fy_dsl_numeric *et, const fly_layout *L);
/* Vector (trace_vector.c): a dynamic vector<N x T> value. */
fy_obj *fy_tvector_new(uint64_t ssa, fy_dsl_numeric *et, int64_t n);
/* t.load() / t.store(v) / t.fill(x): whole-tensor vector load, store and fill. */
fy_obj *fy_trace_tensor_load(fy_ttensor *t);
fy_obj *fy_trace_tensor_store(fy_ttensor *t, fy_obj *v);
fy_obj *fy_trace_tensor_fill(fy_ttensor *t, fy_obj *x);
/* Copy atoms and tiled copies (trace_copy.c) for module m (flydsl.expr). */
int fy_trace_add_copy_fx(fy_obj *m);
/* fx.copy(atom, src, dst): element moves between two kernel tensors of equal size. */
fy_obj *fy_trace_copy(fy_ttensor *src, fy_ttensor *dst);
/* Is o a copy atom / tiled copy value (trace_copy.c)? */
int fy_trace_is_copy_value(fy_obj *o);

/* Emits fly.make_coord for Python key checked against layout L (trace_tensor.c): its SSA handle, type
 * text, tuple and number of None leaves; 0, or -1 with an exception. */
int fy_trace_coord_emit(fy_tracer *tr, const fly_layout *L, fy_obj *key, uint64_t *out, char *ty, size_t cap,
                        fly_inttuple *c, int *nnone);

#endif
