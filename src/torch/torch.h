/* torch.h - flyi's torch-compatible host tensor module (`import torch`): shared declarations.
 *
 * A tensor is a view (dtype, shape, strides in elements, offset in elements) on a refcounted
 * storage. Storages of device="cuda" tensors come from fy_torch_alloc_storage(), the one place
 * where a backend's device memory will be plugged in (see fy_torch_set_device_hooks); until
 * then they live in host memory, which is also the emulator's device memory.
 * Errors are Python exceptions carrying torch's messages; nothing here exits or aborts. */
#ifndef FLYI_TORCH_H
#define FLYI_TORCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "objects/object.h"

#define FY_TORCH_MAXDIM 12

/* dtypes, in promotion-table order. */
enum {
    FY_TORCH_BOOL = 0,
    FY_TORCH_U8,
    FY_TORCH_I8,
    FY_TORCH_I16,
    FY_TORCH_I32,
    FY_TORCH_I64,
    FY_TORCH_F16,
    FY_TORCH_BF16,
    FY_TORCH_F32,
    FY_TORCH_F64,
    FY_TORCH_F8E4M3FN,
    FY_TORCH_F8E4M3FNUZ,
    FY_TORCH_F8E5M2,
    FY_TORCH_F4X2, /* float4_e2m1fn_x2: two packed fp4 values a byte; storage only (its bits, as uint8) */
    FY_TORCH_NDTYPES
};

/* torch.dtype objects (static, immortal). */
typedef struct fy_torch_dtype_obj {
    fy_obj h;
    int id;
} fy_torch_dtype_obj;
extern fy_type fy_torch_dtype_type;
extern fy_torch_dtype_obj fy_torch_dtypes[FY_TORCH_NDTYPES];

/* Devices: type 0 = cpu, 1 = cuda; index -1 = unspecified. */
typedef struct fy_torch_device {
    int type;
    int index;
} fy_torch_device;
typedef struct fy_torch_device_obj {
    fy_obj h;
    fy_torch_device d;
} fy_torch_device_obj;
extern fy_type fy_torch_device_type;

/* A refcounted block of element memory. */
typedef struct fy_torch_storage {
    int64_t rc;
    char *data;
    size_t nbytes;
    fy_torch_device dev;
    int dtype;    /* dtype of the tensor it was made for (-1: unknown) */
    /* Backends whose device memory the host cannot touch (HIP): data is a host mirror of the device
     * allocation dptr. host_stale: the device holds newer values (a kernel ran since the last copy
     * back); dev_stale: the host mirror does (host code may have written it since the last upload). */
    char *dptr;
    bool host_stale, dev_stale;
    struct fy_torch_storage *prev, *next; /* live device storages (fy_torch_find_storage) */
} fy_torch_storage;

typedef struct fy_torch_tensor {
    fy_obj h;
    fy_torch_storage *st;
    int dtype;
    int ndim;
    bool requires_grad;
    bool wrapped;             /* a Python scalar turned into a 0-dim tensor (promotion) */
    int64_t offset;           /* elements */
    int64_t shape[FY_TORCH_MAXDIM];
    int64_t stride[FY_TORCH_MAXDIM]; /* elements */
    fy_obj *dict;             /* attributes a program sets on the tensor (x.is_shuffled = True), or NULL */
    /* autograd: the accumulated .grad (or NULL), the graph node that made the tensor (NULL: a leaf) and
     * which of its outputs this tensor is */
    fy_obj *grad, *grad_fn;
    int grad_index;
} fy_torch_tensor;
extern fy_type fy_torch_tensor_type;
extern fy_type fy_torch_size_type;
#define FY_TORCH_CHECK(o) fy_isinstance_of((fy_obj *)(o), &fy_torch_tensor_type)
#define FY_TT(o) ((fy_torch_tensor *)(o))

/* ---------------------------------------------------------------- device memory hooks */

/* Backend hooks (process-wide); any may be NULL, meaning host memory / "flyi emulator". */
typedef struct fy_torch_device_hooks {
    void *(*alloc)(size_t nbytes, int device_index); /* NULL result: out of device memory */
    void (*free)(void *p, int device_index);
    const char *(*device_name)(int device_index);
    int (*device_count)(void);
    int (*synchronize)(void); /* 0, or -1 with an exception (a kernel that failed) */
    /* Separate device memory (HIP): 1 when device storages need a host mirror. */
    int (*separate)(void);
    /* Synchronous, stream-ordered copy of n bytes (to_device: host to device, else back); 0, or -1
     * with the message in err. */
    int (*copy)(void *dst, const void *src, size_t n, int to_device, char *err, size_t cap);
    /* Streams and events of the backend (any NULL: host-side stand-ins for the emulator). 0 on success,
     * -1 with an exception set. */
    void *(*stream_create)(void);
    int (*stream_destroy)(void *s);
    int (*stream_sync)(void *s);
    void *(*event_create)(int timing);
    void (*event_destroy)(void *e);
    int (*event_record)(void *e, void *s);
    int (*event_sync)(void *e);
    int (*event_query)(void *e); /* 1 done, 0 not yet, -1 error */
    int (*event_elapsed)(void *start, void *end, double *ms);
    int (*stream_wait_event)(void *s, void *e);
    /* Device properties (gcnArchName, CUs, memory) and free/total memory. */
    int (*props)(int device_index, char *arch, size_t cap, int *cus, size_t *total);
    int (*mem_info)(size_t *free_bytes, size_t *total);
} fy_torch_device_hooks;
/* Install backend hooks (copied); NULL restores the host-memory defaults. */
void fy_torch_set_device_hooks(const fy_torch_device_hooks *h);
/* The installed hooks (never NULL; fields may be NULL). */
const fy_torch_device_hooks *fy_torch_hooks(void);

/* Allocate a zeroed storage of nbytes on dev (rc 1); NULL with MemoryError/RuntimeError. */
fy_torch_storage *fy_torch_alloc_storage(size_t nbytes, fy_torch_device dev);
/* While set, fy_torch_alloc_storage leaves the bytes of host (cpu) storages unset (fy_torch_empty_uninit). */
extern bool fy_torch_storage_noinit;
/* Drop a storage reference, freeing it at zero. */
void fy_torch_storage_release(fy_torch_storage *s);
/* The live device storage whose bytes contain address a (one past the end counts for an empty one), or NULL:
 * how a raw device address (x.data_ptr()) passed to a kernel finds its tensor's element type. */
fy_torch_storage *fy_torch_find_storage(uintptr_t a);

/* ---------------------------------------------------------------- dtypes (dtype.c) */

size_t fy_torch_itemsize(int dt);
bool fy_torch_is_float(int dt);
bool fy_torch_is_fp8(int dt);
/* torch's name ("float32") and C++ scalar name ("Float") of a dtype. */
const char *fy_torch_dtype_name(int dt);
const char *fy_torch_scalar_name(int dt);
/* New reference to the torch.dtype object of dt. */
fy_obj *fy_torch_dtype_get(int dt);
/* dtype id of a torch.dtype object (or Python's float/int/bool type); -1 with TypeError. */
int fy_torch_dtype_from(fy_obj *o);
/* torch.promote_types; -1 with RuntimeError for unsupported float8 mixes. */
int fy_torch_promote(int a, int b);
/* Encode a float into a narrow float format with torch's rounding (RNE, overflow rules). */
uint16_t fy_torch_f32_to_f16(float f);
uint16_t fy_torch_f32_to_bf16(float f);
uint8_t fy_torch_f32_to_fp8(float f, int dt);
/* Decode narrow float bits into a double (exact). */
double fy_torch_f16_to_f64(uint16_t h);
double fy_torch_bf16_to_f64(uint16_t h);
double fy_torch_fp8_to_f64(uint8_t b, int dt);
/* Element access: load as double / int64, store from double / int64 with conversion. */
double fy_torch_loadf(const char *p, int dt);
int64_t fy_torch_loadi(const char *p, int dt);
void fy_torch_storef(char *p, int dt, double v);
void fy_torch_storei(char *p, int dt, int64_t v);
/* Round v to the nearest value representable in float dtype dt (identity for F64). */
double fy_torch_round_to(double v, int dt);

/* ---------------------------------------------------------------- devices (device.c) */

/* Parse a device argument (str, torch.device, int); 0 or -1 with RuntimeError. */
int fy_torch_parse_device(fy_obj *o, fy_torch_device *out);
/* Text of a device ("cuda:0", "cpu"). */
void fy_torch_device_str(fy_torch_device d, char *buf, size_t cap);
/* New torch.device object. */
fy_obj *fy_torch_device_new(fy_torch_device d);
bool fy_torch_same_device(fy_torch_device a, fy_torch_device b);

/* ---------------------------------------------------------------- tensors (tensor.c) */

/* New contiguous zeroed tensor. */
fy_torch_tensor *fy_torch_empty(int dtype, int ndim, const int64_t *shape, fy_torch_device dev);
/* The same with the elements left unset (cpu tensors): for the result of an operation that writes every
 * element. */
fy_torch_tensor *fy_torch_empty_uninit(int dtype, int ndim, const int64_t *shape, fy_torch_device dev);
/* New view on base's storage with the given geometry (dtype kept). */
fy_torch_tensor *fy_torch_view_of(fy_torch_tensor *base, int ndim, const int64_t *shape, const int64_t *stride,
                                  int64_t offset);
/* 0-dim tensor holding a Python scalar (bool/int/float), marked wrapped; NULL+TypeError else. */
fy_torch_tensor *fy_torch_from_scalar(fy_obj *v, fy_torch_device dev);
/* o as a tensor: tensors are returned (new ref), Python scalars wrapped; else TypeError. */
fy_torch_tensor *fy_torch_as_tensor(fy_obj *o, fy_torch_device dev);
int64_t fy_torch_numel(const fy_torch_tensor *t);
bool fy_torch_is_contiguous(const fy_torch_tensor *t);
/* The host bytes of a storage for host code to read and write: for a storage in separate device
 * memory, the host mirror, copied back from the device first when a kernel may have changed it
 * (a synchronous copy, ordered after the work queued before it), and then marked as newer than the
 * device copy, which is uploaded before the next launch. */
char *fy_torch_storage_host(fy_torch_storage *s);
/* Address of the first element, for host code (see fy_torch_storage_host). */
static inline char *fy_torch_data(const fy_torch_tensor *t) {
    return (t->st->dptr ? fy_torch_storage_host(t->st) : t->st->data) +
           t->offset * (int64_t)fy_torch_itemsize(t->dtype);
}
/* The same for host code that only reads (printing, tolist, item, allclose, the inputs of host ops):
 * the mirror is copied back when stale but stays as new as the device copy (no upload follows). */
const char *fy_torch_storage_host_ro(fy_torch_storage *s);
static inline const char *fy_torch_data_ro(const fy_torch_tensor *t) {
    return (t->st->dptr ? fy_torch_storage_host_ro(t->st) : t->st->data) +
           t->offset * (int64_t)fy_torch_itemsize(t->dtype);
}
/* The device address of the first element (the host address where device memory is host memory). */
static inline char *fy_torch_device_data(const fy_torch_tensor *t) {
    return (t->st->dptr ? t->st->dptr : t->st->data) + t->offset * (int64_t)fy_torch_itemsize(t->dtype);
}
/* Before a launch: uploads every device storage whose host mirror is newer. 0, or -1 with an exception. */
int fy_torch_device_upload_all(void);
/* After a launch: every device storage's device copy may be newer than its mirror. */
void fy_torch_device_invalidate_all(void);
/* Bytes of live device storages (torch.cuda.memory_allocated). */
size_t fy_torch_device_bytes(void);
/* Their most since the last reset (max_memory_allocated), and the reset (reset_peak_memory_stats). */
size_t fy_torch_device_peak(void);
void fy_torch_device_reset_peak(void);
/* CUDA graphs (cuda_graph.c). While torch.cuda.graph(g) captures, a launcher hands its launch to
 * fy_torch_graph_record instead of running it, as CUDA's stream capture does not run the captured work:
 * run(ctx) is called at each g.replay() (0, or -1 with an exception), drop(ctx) when the graph goes. */
bool fy_torch_graph_capturing(void);
int fy_torch_graph_record(int (*run)(void *ctx), void (*drop)(void *ctx), void *ctx);
/* torch.profiler (_torch_profiler.py): while a profile is active, a launcher reports each kernel it ran
 * and the microseconds it took (an event of device type CUDA). */
extern bool fy_torch_profiling;
void fy_torch_profile_kernel(const char *name, double us);
/* torch.cuda.CUDAGraph and the functions of torch.cuda that go with it (graph, is_current_stream_capturing,
 * graph_pool_handle), added to the torch.cuda module m; 0 or -1. */
int fy_torch_cuda_graph_add(fy_obj *m);
/* The stream launches go to (torch.cuda.current_stream(): a backend handle, NULL: the default). */
void *fy_torch_current_stream(void);
/* The backend stream of a launch's stream= argument: a torch.cuda.Stream, an object with .value (fx.Stream),
 * None (the current stream) or 0 (the default stream). 0, or -1 with TypeError. */
int fy_torch_stream_handle(fy_obj *o, void **out);
/* New contiguous copy converted to dtype on dev. */
fy_torch_tensor *fy_torch_copy_as(fy_torch_tensor *t, int dtype, fy_torch_device dev);
/* Contiguous tensor with t's values (t itself when already contiguous). */
fy_torch_tensor *fy_torch_contiguous(fy_torch_tensor *t);
/* Copy src into dst, broadcasting src to dst's shape and converting; 0 or -1. */
int fy_torch_copy_into(fy_torch_tensor *dst, fy_torch_tensor *src);
/* Fill every element of t with v (a Python scalar); 0 or -1. */
int fy_torch_fill(fy_torch_tensor *t, fy_obj *v);
/* Value of a one-element tensor as a Python scalar. */
fy_obj *fy_torch_item(fy_torch_tensor *t);
/* Element at linear index i (row-major over t's shape) as a Python scalar. */
fy_obj *fy_torch_elem_obj(fy_torch_tensor *t, const char *p);
/* Normalize dim against ndim (torch's IndexError message); 0 or -1. */
int fy_torch_wrap_dim(int64_t dim, int ndim, int *out);
/* Shape from an argument list: ints, or one sequence of ints (torch.Size, tuple, list). */
int fy_torch_parse_shape(const char *fname, fy_obj *const *args, size_t nargs, int64_t *shape, int *ndim);
/* "[2, 3]" text of a shape into buf. */
void fy_torch_shape_str(const int64_t *shape, int ndim, char *buf, size_t cap);
/* New torch.Size from a shape. */
fy_obj *fy_torch_size_new(const int64_t *shape, int ndim);
/* Keyword lookup: fill out[i] (borrowed) for each kw in names; TypeError for unknown ones. */
int fy_torch_kwargs(const char *fname, fy_obj *const *args, size_t nargs, fy_obj *kwnames, const char *const *names,
                    fy_obj **out);
/* The default device (cpu) and the device of a tensor. */
extern const fy_torch_device fy_torch_cpu;

/* ---------------------------------------------------------------- iteration (tensor_iter.c) */

/* Walk up to 4 operands of one shape (already broadcast: stride 0 on expanded dims), calling
 * fn on each innermost row with byte pointers and byte strides. */
typedef void (*fy_torch_rowfn)(char **p, const int64_t *bstride, int64_t n, void *ctx);
void fy_torch_foreach(int nops, fy_torch_tensor *const *ops, const int64_t *shape, int ndim, fy_torch_rowfn fn,
                      void *ctx);
/* Broadcast shapes a and b into out (torch's RuntimeError on mismatch); 0 or -1. */
int fy_torch_broadcast_shapes(const int64_t *a, int na, const int64_t *b, int nb, int64_t *out, int *nout);
/* Geometry of t expanded to shape (strides 0 on broadcast dims) into stride; 0 or -1. */
int fy_torch_expand_strides(const fy_torch_tensor *t, const int64_t *shape, int ndim, int64_t *stride);
/* New view of t expanded to shape. */
fy_torch_tensor *fy_torch_expand(fy_torch_tensor *t, const int64_t *shape, int ndim);

/* ---------------------------------------------------------------- worker pool (tensor_par.c) */

/* A piece of a split operation: the items [lo, hi). Runs on a pool thread: C only, no interpreter objects. */
typedef void (*fy_torch_task)(void *ctx, int64_t lo, int64_t hi);
/* Threads a large operation is split over (>= 1): the usable CPUs, or $FLYI_TORCH_THREADS. */
int fy_torch_nthreads(void);
/* Run fn over [0, n) in chunks of at least grain items spread over the pool's threads (serially when n is
 * below two grains, or when called while another split operation runs); returns when all are done. */
void fy_torch_parallel(int64_t n, int64_t grain, fy_torch_task fn, void *ctx);
/* Elements below which an operation is not worth splitting, and the smallest piece of one that is. */
#define FY_TORCH_PAR_MIN 262144
#define FY_TORCH_PAR_GRAIN 65536
/* The array loops built twice, for AVX2 and the baseline, the CPU picking one when the program loads (the
 * build targets baseline x86-64: SSE2's two doubles or four floats a vector). AVX2 alone has no fused
 * multiply-add, so the compiler cannot contract an a * b + c: the results are the baseline's, bit for bit. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
#define FY_TORCH_SIMD_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define FY_TORCH_SIMD_CLONES
#endif

/* ---------------------------------------------------------------- array kernels (tensor_kern.c) */

/* n elements of float dtype sdt (byte stride ss; 0 repeats one element) as float32, with exactly the
 * values (float)fy_torch_loadf() gives; dtypes F16, BF16, F32, F64 and the fp8 formats. */
void fy_torch_cvt_to_f32(const char *src, int64_t ss, int sdt, float *dst, int64_t n);
/* n float32 values stored into dtype ddt (byte stride ds) as fy_torch_storef() would store them; dtypes
 * BOOL, F16, BF16, F32, F64 and the fp8 formats. */
void fy_torch_cvt_from_f32(const float *src, char *dst, int64_t ds, int ddt, int64_t n);
/* Whether the two functions above take dtype dt. */
bool fy_torch_cvt_f32_ok(int dt, bool store);
/* n elements of any dtype dt (byte stride s) as doubles, as fy_torch_loadf gives them; n doubles stored into
 * dtype dt as fy_torch_storef stores them. */
void fy_torch_load_f64(const char *p, int64_t s, int dt, double *out, int64_t n);
void fy_torch_store_f64(const double *v, char *p, int64_t s, int dt, int64_t n);
/* y[i] = exp(x[i]) for n doubles, vectorised, within 3.4 ulp of double (tensor_exp.c; x may equal y): the
 * softmax of float32 / 16-bit results. */
void fy_torch_vexp(const double *x, double *y, int64_t n);
/* The softmax of a row of n doubles in place, for float32 / 16-bit results: max (NaN if any is NaN), v - max,
 * fy_torch_vexp, the sum in order, each value divided by it (tensor_exp.c). */
void fy_torch_softmax_vrow(double *v, int64_t n);
/* Round n float32 values in place to float dtype dt (as fy_torch_round_to). */
void fy_torch_round_f32(float *v, int64_t n, int dt);
/* torch.isclose of n float32 values of float dtype cdt into out (0 / 1), each step of the tolerance rounded to
 * cdt as the generic loop does; rt and at already rounded to cdt; zero_tol: rtol and atol both zero. */
void fy_torch_close_f32(const float *x, const float *y, int64_t n, float rt, float at, bool equal_nan, bool zero_tol,
                        int cdt, uint8_t *out);
/* r = x OP y over n elements (an operand's step 0: one value for all) in float32 / float64, for the ops
 * add sub mul div maximum minimum and the comparisons (1.0 / 0.0); false for other ops. */
bool fy_torch_fbin(int op, const float *x, int xs, const float *y, int ys, float *r, int64_t n);
bool fy_torch_dbin(int op, const double *x, int xs, const double *y, int ys, double *r, int64_t n);
/* comparisons (FY_TOP_EQ..GE) into bool bytes; false for other ops */
bool fy_torch_fcmp(int op, const float *x, int xs, const float *y, int ys, uint8_t *r, int64_t n);
bool fy_torch_dcmp(int op, const double *x, int xs, const double *y, int ys, uint8_t *r, int64_t n);

/* ---------------------------------------------------------------- shape ops (tensor_shape.c) */

fy_torch_tensor *fy_torch_reshape(fy_torch_tensor *t, const int64_t *shape, int ndim, bool view_only);
fy_torch_tensor *fy_torch_transpose(fy_torch_tensor *t, int a, int b);
fy_torch_tensor *fy_torch_unsqueeze(fy_torch_tensor *t, int dim);
fy_torch_tensor *fy_torch_permute(fy_torch_tensor *t, const int *perm);
/* torch.cat / torch.stack over a sequence of tensors. */
fy_obj *fy_torch_cat(fy_obj *seq, int64_t dim, bool stack);
extern fy_methoddef fy_torch_shape_methods[];

/* ---------------------------------------------------------------- indexing (tensor_index.c) */

fy_obj *fy_torch_getitem(fy_obj *self, fy_obj *key);
int fy_torch_setitem(fy_obj *self, fy_obj *key, fy_obj *value);
/* Indices of nonzero elements as an [n, ndim] int64 tensor. */
fy_torch_tensor *fy_torch_nonzero(fy_torch_tensor *t);
/* nonzero(t) as torch returns it: the (n, ndim) int64 indices, or with as_tuple one 1-D tensor a dimension. */
fy_obj *fy_torch_nonzero_obj(fy_torch_tensor *t, bool as_tuple);

/* ---------------------------------------------------------------- elementwise (tensor_ops.c) */

enum {
    FY_TOP_ADD,
    FY_TOP_SUB,
    FY_TOP_MUL,
    FY_TOP_DIV,
    FY_TOP_FLOORDIV,
    FY_TOP_MOD,
    FY_TOP_POW,
    FY_TOP_AND,
    FY_TOP_OR,
    FY_TOP_XOR,
    FY_TOP_LSHIFT,
    FY_TOP_RSHIFT,
    FY_TOP_MAX,
    FY_TOP_MIN,
    FY_TOP_EQ,
    FY_TOP_NE,
    FY_TOP_LT,
    FY_TOP_LE,
    FY_TOP_GT,
    FY_TOP_GE,
    FY_TOP_COUNT
};
enum {
    FY_TUN_NEG,
    FY_TUN_ABS,
    FY_TUN_EXP,
    FY_TUN_LOG,
    FY_TUN_SQRT,
    FY_TUN_RSQRT,
    FY_TUN_TANH,
    FY_TUN_SIGMOID,
    FY_TUN_NOT,
    FY_TUN_TRUNC,
    FY_TUN_FLOOR,
    FY_TUN_CEIL,
    FY_TUN_ROUND,
    FY_TUN_ISNAN,
    FY_TUN_ISFINITE,
    FY_TUN_ISINF,
    FY_TUN_SIN,
    FY_TUN_COS,
    FY_TUN_RELU,
    FY_TUN_SIGN,
    FY_TUN_RECIP,
    FY_TUN_LOG2,
    FY_TUN_EXP2,
    FY_TUN_COUNT
};
/* Result dtype of a binary op between a and b (torch's promotion incl. scalars); -1 error. */
int fy_torch_result_type(fy_torch_tensor *a, fy_torch_tensor *b);
/* a OP b for Python objects (one at least a tensor); out (may be NULL) receives in place. */
fy_obj *fy_torch_binary(fy_obj *a, fy_obj *b, int op, fy_torch_tensor *out);
fy_obj *fy_torch_unary(fy_obj *a, int op);
/* torch.where(cond, a, b). */
fy_obj *fy_torch_where(fy_obj *cond, fy_obj *a, fy_obj *b);
/* Operator slots installed on the Tensor type. */
void fy_torch_ops_install(fy_type *t);
extern fy_methoddef fy_torch_ops_methods[];
extern fy_methoddef fy_torch_ops_funcs[];

/* ---------------------------------------------------------------- reductions (tensor_reduce.c) */

extern fy_methoddef fy_torch_reduce_methods[];
extern fy_methoddef fy_torch_reduce_funcs[];
/* torch.return_types.NAME (max, min, cummax, cummin): the (values, indices) pair (new; refs taken). */
fy_obj *fy_torch_return_pair(const char *name, fy_obj *values, fy_obj *indices);
/* cumsum, cumprod, cummax, cummin (tensor_scan.c). */
extern fy_methoddef fy_torch_scan_methods[];
extern fy_methoddef fy_torch_scan_funcs[];
/* isclose as a bool tensor (a, b same dtype required). */
fy_torch_tensor *fy_torch_isclose(fy_torch_tensor *a, fy_torch_tensor *b, double rtol, double atol, bool equal_nan);
/* matmul of two tensors (torch.matmul rules). */
fy_obj *fy_torch_matmul(fy_torch_tensor *a, fy_torch_tensor *b);
/* softmax along dim, computed in double, result dtype dt. */
fy_obj *fy_torch_softmax(fy_torch_tensor *x, int dim, int dt);

/* The fast path of float reductions (tensor_redfast.c): t contiguous, its reduced dims (mask) one block;
 * out (and idx, the arg-indices of max/min, or NULL) contiguous. False when it does not apply (nothing
 * written): the caller runs the generic loop. */
enum { FY_TRED_SUM, FY_TRED_MEAN, FY_TRED_MAX, FY_TRED_MIN, FY_TRED_ARGMAX, FY_TRED_ARGMIN };
bool fy_torch_reduce_fast(fy_torch_tensor *t, const bool *mask, int op, fy_torch_tensor *out, fy_torch_tensor *idx);

/* Row kernels (tensor_rows.c), split over the worker pool; 0, or -1 with MemoryError. softmax of x along
 * dim into r (same shape); layer_norm (rms: rms_norm) of x read as [outer, inner] into r (contiguous),
 * w / b (inner doubles, or NULL); the float matrix product of nbatch contiguous double matrices
 * A [M, K] and B [K, N], stored into out ([nbatch, M, N], dtype odt). */
int fy_torch_softmax_rows(fy_torch_tensor *x, int dim, fy_torch_tensor *r);
int fy_torch_norm_rows(fy_torch_tensor *x, int64_t outer, int64_t inner, const double *w, const double *b, double eps,
                       bool rms, fy_torch_tensor *r);
int fy_torch_matmul_f64(int64_t nbatch, int64_t M, int64_t N, int64_t K, const double *A, const double *B, char *out,
                        int odt);
/* The same for float32 matrices (inputs of float32, float16, bfloat16), each element a float32 fused multiply-add
 * chain in k order, as PyTorch's CPU matmul accumulates. */
int fy_torch_matmul_f32(int64_t nbatch, int64_t M, int64_t N, int64_t K, const float *A, const float *B, char *out,
                        int odt);

/* ---------------------------------------------------------------- nn (nn.c) */
extern fy_methoddef fy_torch_nn_funcs[];

/* ---------------------------------------------------------------- creation, random */

extern fy_methoddef fy_torch_create_funcs[];
/* torch.tensor(data): nested lists/tuples of numbers or tensors; dtype -1 infers. */
fy_torch_tensor *fy_torch_from_data(fy_obj *data, int dtype, fy_torch_device dev);
/* Build the Tensor method table and ready the torch types (once); 0 or -1. */
int fy_torch_types_ready(void);
extern fy_methoddef fy_torch_random_funcs[];
extern fy_methoddef fy_torch_random_methods[];
extern fy_type fy_torch_generator_type;
/* torch.cuda.Stream and torch.cuda.Event (cuda.c). */
extern fy_type fy_torch_stream_type, fy_torch_event_type;

/* ---------------------------------------------------------------- numpy bridge (torch_module.c) */

/* Tensor.numpy() (an array sharing the tensor's memory, made by the numpy module); torch.from_numpy is
 * among the module's functions. */
extern fy_methoddef fy_torch_numpy_methods[];

/* ---------------------------------------------------------------- printing (tensor_print.c) */

fy_obj *fy_torch_repr(fy_obj *self);

/* ---------------------------------------------------------------- modules */

/* torch.testing, torch.cuda submodules (new modules). */
fy_obj *fy_torch_testing_module(void);
fy_obj *fy_torch_cuda_module(void);
/* ---------------------------------------------------------------- autograd */

/* Grad mode (torch.no_grad / enable_grad / set_grad_enabled); true by default. */
extern bool fy_torch_grad_enabled;
/* Wrap the differentiable entries of a method (method: self is the first input) or function table,
 * and the operator slots, indexing and .T/.mT of a type, with the autograd hook (autograd_hook.c):
 * once each, before the type is readied / the functions are made. */
void fy_torch_ag_wrap(fy_methoddef *defs, bool method);
void fy_torch_ag_wrap_type(fy_type *t);
/* The names of the wrapped operations (a list of str). */
fy_obj *fy_torch_ag_names(void);
/* Tensor attributes and methods of autograd (autograd.c). */
fy_obj *fy_torch_ag_get_grad(fy_obj *o);
int fy_torch_ag_set_grad(fy_obj *o, fy_obj *v);
fy_obj *fy_torch_ag_get_grad_fn(fy_obj *o);
fy_obj *fy_torch_ag_is_leaf(fy_obj *o);
int fy_torch_ag_set_requires_grad(fy_obj *o, fy_obj *v);
extern fy_methoddef fy_torch_ag_methods[];
/* torch._C (the helpers _torch_autograd.py builds on) and torch.autograd (the Python module
 * _torch_autograd, bound to the torch module m); new references. */
fy_obj *fy_torch_C_module(void);
fy_obj *fy_torch_autograd_module(fy_obj *torch_mod, fy_obj *c_mod);
/* torch.nn.Parameter (autograd.c). */
extern fy_type fy_torch_parameter_type;
/* Register `torch` and its submodules as lazily imported built-in modules. */
void fy_torch_register(void);

#endif
