/* cuda_graph.c - torch.cuda.CUDAGraph, torch.cuda.graph(g) and the memory statistics of torch.cuda.
 *
 * As in CUDA's stream capture, the kernel launches issued while a graph captures are recorded, not
 * run; g.replay() runs the recorded launches again, in order, with the arguments (addresses) and the
 * launch configuration they had. Only kernel launches are captured: flyi's tensor operations are host
 * code and run at once, where torch's would be kernels of the graph. */
#include <string.h>

#include "exec/interp.h"
#include "torch/torch.h"

typedef struct {
    int (*run)(void *ctx);
    void (*drop)(void *ctx);
    void *ctx;
} g_entry;

typedef struct {
    fy_obj h;
    g_entry *e;
    size_t n, cap;
    bool captured;
} graph_t;

static graph_t *capturing; /* the graph between capture_begin and capture_end (a reference) */

bool fy_torch_graph_capturing(void) { return capturing != NULL; }

int fy_torch_graph_record(int (*run)(void *ctx), void (*drop)(void *ctx), void *ctx) {
    graph_t *g = capturing;
    if (!g) {
        fy_err_set(&fy_RuntimeError, "no CUDA graph capture is underway");
        return -1;
    }
    if (g->n == g->cap) {
        size_t nc = g->cap ? 2 * g->cap : 8;
        g_entry *ne = fy_realloc(g->e, nc * sizeof *ne);
        if (!ne) return -1;
        g->e = ne;
        g->cap = nc;
    }
    g->e[g->n++] = (g_entry){run, drop, ctx};
    return 0;
}

static void graph_clear(graph_t *g) {
    for (size_t i = 0; i < g->n; i++)
        if (g->e[i].drop) g->e[i].drop(g->e[i].ctx);
    fy_free(g->e);
    g->e = NULL;
    g->n = g->cap = 0;
    g->captured = false;
}

static void graph_dealloc(fy_obj *o) { graph_clear((graph_t *)o); }

static fy_obj *graph_new(fy_type *t, fy_obj *const *a, size_t n, fy_obj *kw) { return fy_alloc(t); }

static fy_obj *g_capture_begin(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    graph_t *g = (graph_t *)self;
    if (capturing)
        return fy_err_set(&fy_RuntimeError, "Cannot begin a CUDA graph capture while another capture is underway");
    if (g->captured)
        return fy_err_set(&fy_RuntimeError, "This CUDAGraph instance already owns a captured graph. To capture a new "
                                            "graph, create a new instance.");
    capturing = (graph_t *)fy_ref(self);
    return fy_none();
}
static fy_obj *g_capture_end(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (capturing != (graph_t *)self)
        return fy_err_set(&fy_RuntimeError, "capture_end() called without a capture_begin() on this graph");
    capturing->captured = true;
    capturing = NULL;
    FY_DECREF(self);
    return fy_none();
}
static fy_obj *g_replay(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    graph_t *g = (graph_t *)self;
    if (!g->captured)
        return fy_err_set(&fy_RuntimeError, "Called CUDAGraph::replay without a preceding successful capture.");
    for (size_t i = 0; i < g->n; i++)
        if (g->e[i].run(g->e[i].ctx) < 0) return NULL;
    return fy_none();
}
static fy_obj *g_reset(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (capturing == (graph_t *)self) return fy_err_set(&fy_RuntimeError, "cannot reset a graph while it captures");
    graph_clear((graph_t *)self);
    return fy_none();
}
static fy_obj *g_pool(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    fy_obj *x = fy_int_from(0), *y = fy_int_from((int64_t)(uintptr_t)self >> 4);
    fy_obj *t = x && y ? fy_tuple_pack(2, x, y) : NULL;
    FY_XDECREF(x);
    FY_XDECREF(y);
    return t;
}
static fy_obj *g_none(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) { return fy_none(); }
/* The number of captured launches (flyi's own, for tests and debugging). */
static fy_obj *g_num_launches(fy_obj *self) { return fy_int_from((int64_t)((graph_t *)self)->n); }

static fy_methoddef graph_methods[] = {
    {"capture_begin", g_capture_begin, 0, "capture_begin(pool=None, capture_error_mode='global')"},
    {"capture_end", g_capture_end, 0, "capture_end()"},
    {"replay", g_replay, 0, "replay(): run the captured launches again"},
    {"reset", g_reset, 0, "reset(): drop the captured launches"},
    {"pool", g_pool, 0, "pool(): the memory pool handle"},
    {"enable_debug_mode", g_none, 0, "enable_debug_mode()"},
    {"debug_dump", g_none, 0, "debug_dump(path)"},
    {NULL}};
static fy_getsetdef graph_getsets[] = {{"num_launches", g_num_launches, NULL, "launches captured (flyi)"}, {NULL}};

static fy_type graph_type = {FY_TYPE_INIT("CUDAGraph", sizeof(graph_t)), .new_ = graph_new, .dealloc = graph_dealloc,
                             .methods = graph_methods, .getsets = graph_getsets};

/* torch.cuda.graph(cuda_graph, pool=None, stream=None, capture_error_mode="global"): a context manager
 * capturing into cuda_graph; it synchronizes first, as torch's does. */
typedef struct {
    fy_obj h;
    fy_obj *g;
} gctx_t;
static void gctx_dealloc(fy_obj *o) { FY_CLEAR(((gctx_t *)o)->g); }
static fy_obj *gctx_new(fy_type *t, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"cuda_graph", "pool", "stream", "capture_error_mode", NULL};
    fy_obj *k[4] = {0};
    if (fy_parse_args("graph", a, n, kw, names, 1, 4, 4, k) < 0) return NULL;
    if (FY_TYPE(k[0]) != &graph_type)
        return fy_err_format(&fy_TypeError, "graph(): argument 'cuda_graph' must be torch.cuda.CUDAGraph, not %T",
                             k[0]);
    gctx_t *c = (gctx_t *)fy_alloc(t);
    if (c) c->g = fy_ref(k[0]);
    return &c->h;
}
static fy_obj *gctx_enter(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    const fy_torch_device_hooks *h = fy_torch_hooks();
    if (h->synchronize && h->synchronize() < 0) return NULL;
    return g_capture_begin(((gctx_t *)self)->g, NULL, 0, NULL);
}
static fy_obj *gctx_exit(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    fy_obj *r = g_capture_end(((gctx_t *)self)->g, NULL, 0, NULL);
    if (!r) return NULL;
    FY_DECREF(r);
    return fy_bool(false);
}
static fy_methoddef gctx_methods[] = {{"__enter__", gctx_enter, 0, NULL}, {"__exit__", gctx_exit, 0, NULL}, {NULL}};
static fy_type gctx_type = {FY_TYPE_INIT("graph", sizeof(gctx_t)), .new_ = gctx_new, .dealloc = gctx_dealloc,
                            .methods = gctx_methods};

static fy_obj *c_is_capturing(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return fy_bool(capturing != NULL);
}
static fy_obj *c_pool_handle(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    static int64_t next = 1;
    fy_obj *x = fy_int_from(0), *y = fy_int_from(next++);
    fy_obj *t = x && y ? fy_tuple_pack(2, x, y) : NULL;
    FY_XDECREF(x);
    FY_XDECREF(y);
    return t;
}

/* ------------------------------------------------------------------ profiler events */

bool fy_torch_profiling;
static fy_obj *prof_events; /* list of (name, microseconds) since the last _profiler_take() */

void fy_torch_profile_kernel(const char *name, double us) {
    if (!fy_torch_profiling) return;
    if (!prof_events && !(prof_events = fy_list_new(0))) {
        fy_err_clear();
        return;
    }
    fy_obj *n = fy_str_from_cstr(name), *t = fy_float_from(us);
    fy_obj *e = n && t ? fy_tuple_pack(2, n, t) : NULL;
    FY_XDECREF(n);
    FY_XDECREF(t);
    if (!e || fy_list_append_steal(prof_events, e) < 0) fy_err_clear();
}
static fy_obj *c_prof_enable(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("_profiler_enable", n, 1, 1) < 0) return NULL;
    int b = fy_truthy(a[0]);
    if (b < 0) return NULL;
    fy_torch_profiling = b;
    return fy_none();
}
static fy_obj *c_prof_take(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    fy_obj *l = prof_events ? prof_events : fy_list_new(0);
    prof_events = NULL;
    return l;
}

/* ------------------------------------------------------------------ memory statistics */

/* flyi has no caching allocator: what is reserved is what live tensors hold. */
static fy_obj *c_mem_current(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return fy_int_from((int64_t)fy_torch_device_bytes());
}
static fy_obj *c_mem_peak(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return fy_int_from((int64_t)fy_torch_device_peak());
}
static fy_obj *c_reset_peak(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    fy_torch_device_reset_peak();
    return fy_none();
}
static fy_obj *c_empty_cache(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) { return fy_none(); }
static fy_obj *c_memory_stats(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    fy_obj *d = fy_dict_new();
    if (!d) return NULL;
    int64_t cur = (int64_t)fy_torch_device_bytes(), peak = (int64_t)fy_torch_device_peak();
    static const char *const keys[] = {"allocated_bytes.all.current", "allocated_bytes.all.peak",
                                       "reserved_bytes.all.current",  "reserved_bytes.all.peak",
                                       "active_bytes.all.current",    "active_bytes.all.peak"};
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
        fy_obj *v = fy_int_from(i % 2 ? peak : cur);
        int rc = v ? fy_dict_set_cstr(d, keys[i], v) : -1;
        FY_XDECREF(v);
        if (rc < 0) {
            FY_DECREF(d);
            return NULL;
        }
    }
    return d;
}

static fy_methoddef graph_funcs[] = {
    {"is_current_stream_capturing", c_is_capturing, 0, "is_current_stream_capturing()"},
    {"graph_pool_handle", c_pool_handle, 0, "graph_pool_handle()"},
    {"memory_allocated", c_mem_current, 0, "memory_allocated(device=None): bytes of live device tensors"},
    {"memory_reserved", c_mem_current, 0, "memory_reserved(device=None): as memory_allocated (no caching allocator)"},
    {"max_memory_allocated", c_mem_peak, 0, "max_memory_allocated(device=None)"},
    {"max_memory_reserved", c_mem_peak, 0, "max_memory_reserved(device=None)"},
    {"reset_peak_memory_stats", c_reset_peak, 0, "reset_peak_memory_stats(device=None)"},
    {"reset_max_memory_allocated", c_reset_peak, 0, "reset_max_memory_allocated(device=None)"},
    {"empty_cache", c_empty_cache, 0, "empty_cache()"},
    {"memory_stats", c_memory_stats, 0, "memory_stats(device=None)"},
    {"_profiler_enable", c_prof_enable, 0, "_profiler_enable(on): report kernel launches (torch.profiler)"},
    {"_profiler_take", c_prof_take, 0,
     "_profiler_take(): the (kernel name, microseconds) reported since the last call"},
    {NULL}};

int fy_torch_cuda_graph_add(fy_obj *m) {
    if (fy_type_ready(&graph_type) < 0 || fy_type_ready(&gctx_type) < 0) return -1;
    if (!graph_type.module) graph_type.module = fy_str_from_cstr("torch.cuda");
    if (!gctx_type.module) gctx_type.module = fy_str_from_cstr("torch.cuda.graphs");
    if (fy_module_add(m, "CUDAGraph", (fy_obj *)&graph_type) < 0 || fy_module_add(m, "graph", (fy_obj *)&gctx_type) < 0)
        return -1;
    for (fy_methoddef *d = graph_funcs; d->name; d++) {
        fy_obj *f = fy_cfunction_new(d, m);
        if (!f || fy_module_add_steal(m, d->name, f) < 0) return -1;
    }
    return 0;
}
