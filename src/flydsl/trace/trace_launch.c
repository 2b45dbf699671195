/* trace_launch.c - running compiled kernels: the session's runtime (flycore.so's fly_rt, created on the
 * first launch or device allocation), kernel arguments, launch and synchronize, device printf to the
 * session's stdout, runtime errors as flyc.KernelError (KeyboardInterrupt for an interrupt), and torch's
 * device memory hooks (device="cuda" tensors live in runtime memory, so the emulator's bounds checks
 * know them).
 *
 * The torch hooks are process-wide; they find the runtime of the running session (fy_cur). A session's
 * runtime lives in a small record on a process-wide list: the session owns it through an object in
 * flydsl.compiler's namespace, and when the session goes while tensors still hold device memory the
 * record stays (orphaned) until the last of them is freed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "compile/code.h"
#include "flydsl/api/dsl.h"
#include "flydsl/api/dsl_numeric.h"
#include "core/core_load.h"
#include "exec/interp.h"
#include "torch/torch.h"
#include "flydsl/trace/trace_int.h"

fy_type fy_trace_KernelError = {
    FY_TYPE_INIT("KernelError", sizeof(fy_exc)),
    .doc = "A kernel failed on the device (out of bounds, deadlock, ...).",
    .flags = FY_TPF_GC | FY_TPF_EXC_SUB,
    .dictoffset = offsetof(fy_exc, dict),
    .base = &fy_RuntimeError,
};

typedef struct rt_state {
    struct rt_state *next;
    const fly_rt_api *R;
    fly_rt *rt;
    fy_interp *ip; /* owning session; NULL once it is gone */
    size_t live;   /* device allocations outstanding */
    char *failed;  /* HIP: an asynchronous kernel failure seen by a host read, raised by the next launch */
} rt_state;

static rt_state *states;

static void state_unlink_free(rt_state *s) {
    for (rt_state **p = &states; *p; p = &(*p)->next)
        if (*p == s) {
            *p = s->next;
            break;
        }
    if (s->rt) s->R->destroy(s->rt);
    free(s->failed);
    free(s);
}

/* The session-owned handle: its dealloc orphans the record. */
typedef struct rt_handle {
    fy_obj h;
    rt_state *s;
} rt_handle;
static void handle_dealloc(fy_obj *o) {
    rt_state *s = ((rt_handle *)o)->s;
    if (!s) return;
    s->ip = NULL;
    if (!s->live) state_unlink_free(s);
}
static fy_type rt_handle_type = {FY_TYPE_INIT("_Runtime", sizeof(rt_handle)), .flags = FY_TPF_FINAL,
                                 .dealloc = handle_dealloc};

static void printf_text(void *user, const char *text, size_t len) {
    (void)user;
    if (fy_write_stdout(text, len) < 0) fy_err_clear();
}
static void notice_text(void *user, const char *text, size_t len) {
    (void)user;
    fy_write_stderr(text, len);
}

static rt_state *find_state(void) {
    for (rt_state *s = states; s; s = s->next)
        if (s->ip && s->ip == fy_cur) return s;
    return NULL;
}

/* The running session's runtime, created on first use; NULL with an exception. */
static rt_state *session_state(void) {
    rt_state *s = find_state();
    if (s) return s;
    if (!fy_cur) return (rt_state *)fy_err_set(&fy_RuntimeError, "no running session");
    char err[512];
    const fly_core_api *api = fly_core_load(err, sizeof err);
    if (!api) return (rt_state *)fy_err_format(&fy_RuntimeError, "cannot load the compiler core: %s", err);
    if (!api->rt) return (rt_state *)fy_err_set(&fy_RuntimeError, "the compiler core has no runtime");
    fy_obj *m = fy_dict_get_cstr(fy_cur->modules, "flydsl.compiler");
    if (!m) return (rt_state *)fy_err_set(&fy_RuntimeError, "flydsl.compiler is not imported");
    if (fy_type_ready(&rt_handle_type) < 0) return NULL;
    s = calloc(1, sizeof *s);
    if (!s) return (rt_state *)fy_err_nomem();
    /* the emulator emulates the session's target when it starts (%target / $ARCH; e.g. gfx950's LDS and fp8) */
    fly_rt_options o = {.notice = notice_text, .printf_sink = printf_text, .emu_target = fy_interp_target(fy_cur)};
    s->R = api->rt;
    s->rt = s->R->create(&o);
    if (!s->rt) {
        free(s);
        return (rt_state *)fy_err_nomem();
    }
    s->ip = fy_cur;
    s->next = states;
    states = s;
    rt_handle *h = (rt_handle *)fy_alloc(&rt_handle_type);
    if (!h) {
        s->ip = NULL;
        state_unlink_free(s);
        return NULL;
    }
    h->s = s;
    int r = fy_module_add(m, "_runtime", &h->h);
    FY_DECREF(h);
    return r < 0 ? NULL : s;
}

int fy_trace_session_rt(const fly_rt_api **R, fly_rt **rt) {
    rt_state *s = session_state();
    if (!s) return -1;
    *R = s->R;
    *rt = s->rt;
    return 0;
}

/* ------------------------------------------------------------------ torch device hooks */

/* The running session's runtime for a torch hook, created on first use once flydsl.compiler is
 * imported; NULL (no exception) before that. */
static rt_state *hook_state(void) {
    rt_state *s = fy_cur && fy_dict_get_cstr(fy_cur->modules, "flydsl.compiler") ? session_state() : NULL;
    if (!s) fy_err_clear();
    return s;
}

static int is_hip(const rt_state *s) { return s && strcmp(s->R->backend_name(s->rt), "emulator") != 0; }

static void *hook_alloc(size_t n, int dev) {
    (void)dev;
    rt_state *s = hook_state();
    if (!s) { /* no runtime yet: host memory */
        void *p = NULL;
        if (posix_memalign(&p, 256, (n + 255) & ~(size_t)255) != 0) return NULL;
        memset(p, 0, n);
        return p;
    }
    /* the emulator's memory is host memory; HIP's is the device's (the storage keeps a host mirror) */
    void *p = s->R->malloc(s->rt, n);
    if (p) s->live++;
    else
        fy_err_format(&fy_RuntimeError, "CUDA out of memory. Tried to allocate %zu bytes (%s)", n,
                      s->R->last_error(s->rt));
    return p;
}

static void hook_free(void *p, int dev) {
    (void)dev;
    for (rt_state *s = states; s; s = s->next)
        if (s->R->free(s->rt, p) == 0) {
            if (--s->live == 0 && !s->ip) state_unlink_free(s);
            return;
        }
    free(p);
}

static int hook_separate(void) { return is_hip(hook_state()); }

/* A host read first waits for the device (hipDeviceSynchronize), which also delivers the printf
 * output of the kernels that ran, then copies (hipMemcpy). */
static int hook_copy(void *dst, const void *src, size_t n, int to_device, char *err, size_t cap) {
    rt_state *s = find_state();
    if (!s) {
        for (s = states; s && !is_hip(s); s = s->next) {}
    }
    if (!s) {
        snprintf(err, cap, "copy of device memory without a runtime");
        return -1;
    }
    if (!to_device && s->R->synchronize(s->rt, NULL)) {
        snprintf(err, cap, "%s", s->R->last_error(s->rt));
        if (!s->failed) s->failed = strdup(err);
        return -1;
    }
    int rc = to_device ? s->R->memcpy_htod(s->rt, dst, src, n) : s->R->memcpy_dtoh(s->rt, dst, src, n);
    if (rc) snprintf(err, cap, "%s", s->R->last_error(s->rt));
    return rc ? -1 : 0;
}

static const char *hook_name(int dev) {
    (void)dev;
    rt_state *s = hook_state();
    return s ? s->R->device_name(s->rt) : "flyi CPU emulator";
}

/* A kernel's failure seen by a synchronize (or earlier, by a host read): flyc.KernelError, once. */
static int raise_failed(rt_state *s, const char *msg) {
    fy_err_format(&fy_trace_KernelError, "%s", msg ? msg : s->failed);
    free(s->failed);
    s->failed = NULL;
    return -1;
}

static int hook_sync(void) {
    rt_state *s = find_state();
    if (!s) return 0;
    if (s->R->synchronize(s->rt, NULL)) return raise_failed(s, s->R->last_error(s->rt));
    return s->failed ? raise_failed(s, NULL) : 0;
}

/* Streams and events: a failure raises RuntimeError with the runtime's message. */
static int rt_fail(rt_state *s) {
    fy_err_format(&fy_RuntimeError, "%s", s->R->last_error(s->rt));
    return -1;
}

static void *hook_stream_create(void) {
    rt_state *s = hook_state();
    return is_hip(s) ? s->R->stream_create(s->rt) : NULL;
}

static int hook_stream_destroy(void *st) {
    rt_state *s = find_state();
    return s && is_hip(s) ? s->R->stream_destroy(s->rt, st) : 0;
}

static int hook_stream_sync(void *st) {
    rt_state *s = find_state();
    if (!s) return 0;
    if (s->R->synchronize(s->rt, st)) return raise_failed(s, s->R->last_error(s->rt));
    return s->failed ? raise_failed(s, NULL) : 0;
}

static void *hook_event_create(int timing) {
    rt_state *s = hook_state();
    return s ? s->R->event_create(s->rt, timing) : NULL;
}

static void hook_event_destroy(void *e) {
    rt_state *s = find_state();
    if (s) s->R->event_destroy(s->rt, e);
}

static int hook_event_record(void *e, void *st) {
    rt_state *s = find_state();
    if (!s) return 0;
    return s->R->event_record(s->rt, e, st) ? rt_fail(s) : 0;
}

static int hook_event_sync(void *e) {
    rt_state *s = find_state();
    if (!s) return 0;
    return s->R->event_synchronize(s->rt, e) ? rt_fail(s) : 0;
}

static int hook_event_query(void *e) {
    rt_state *s = find_state();
    if (!s) return 1;
    int r = s->R->event_query(s->rt, e);
    return r < 0 ? rt_fail(s) : r;
}

static int hook_event_elapsed(void *a, void *b, double *ms) {
    rt_state *s = find_state();
    float f = 0;
    if (!s) return 0;
    if (s->R->event_elapsed(s->rt, a, b, &f)) return rt_fail(s);
    *ms = f;
    return 0;
}

static int hook_stream_wait_event(void *st, void *e) {
    rt_state *s = find_state();
    if (!s) return 0;
    return s->R->stream_wait_event(s->rt, st, e) ? rt_fail(s) : 0;
}

static int hook_props(int dev, char *arch, size_t cap, int *cus, size_t *total) {
    (void)dev;
    rt_state *s = hook_state();
    if (!s) return -1;
    fly_rt_device_info di;
    s->R->device_info(s->rt, &di);
    snprintf(arch, cap, "%s", di.gcn_arch_name);
    *cus = di.multi_processor_count;
    *total = di.total_memory;
    return 0;
}

static int hook_mem_info(size_t *free_bytes, size_t *total) {
    rt_state *s = hook_state();
    if (!s) return 1; /* the host's numbers */
    return s->R->mem_get_info(s->rt, free_bytes, total) ? rt_fail(s) : 0;
}

int fy_trace_install_device_hooks(void) {
    static int done;
    if (done) return 0;
    done = 1;
    fy_torch_device_hooks h = {
        .alloc = hook_alloc,
        .free = hook_free,
        .device_name = hook_name,
        .synchronize = hook_sync,
        .separate = hook_separate,
        .copy = hook_copy,
        .stream_create = hook_stream_create,
        .stream_destroy = hook_stream_destroy,
        .stream_sync = hook_stream_sync,
        .event_create = hook_event_create,
        .event_destroy = hook_event_destroy,
        .event_record = hook_event_record,
        .event_sync = hook_event_sync,
        .event_query = hook_event_query,
        .event_elapsed = hook_event_elapsed,
        .stream_wait_event = hook_stream_wait_event,
        .props = hook_props,
        .mem_info = hook_mem_info,
    };
    fy_torch_set_device_hooks(&h);
    return 0;
}

/* ------------------------------------------------------------------ launch */

/* An integer or float argument packed as parameter type t into buf (8 bytes). */
static int pack_num(fy_dsl_numeric *t, fy_obj *arg, int i, unsigned char *buf) {
    fy_obj *v = fy_dsl_num_convert(t, arg);
    if (!v) return -1;
    fy_dsl_num *n = (fy_dsl_num *)v;
    if (!n->is_static) {
        FY_DECREF(v);
        fy_err_format(&fy_TypeError, "kernel argument %d: a traced value cannot be passed to a launch", i);
        return -1;
    }
    memset(buf, 0, 8);
    if (t->kind == FY_DSL_K_FLOAT) {
        double d = fy_dsl_num_as_double(n);
        if (t->width == 32) {
            float f = (float)d;
            memcpy(buf, &f, 4);
        } else if (t->width == 64) {
            memcpy(buf, &d, 8);
        } else {
            FY_DECREF(v);
            fy_err_format(&fy_NotImplementedError, "kernel argument %d: %s parameters are not supported yet", i,
                          t->name);
            return -1;
        }
    } else {
        int64_t x = n->i;
        int w = t->kind == FY_DSL_K_INDEX ? 64 : t->width;
        if (w <= 8) buf[0] = (unsigned char)x;
        else if (w <= 16) {
            int16_t y = (int16_t)x;
            memcpy(buf, &y, 2);
        } else if (w <= 32) {
            int32_t y = (int32_t)x;
            memcpy(buf, &y, 4);
        } else memcpy(buf, &x, 8);
    }
    FY_DECREF(v);
    return 0;
}

/* The device address of a tensor argument (emulator memory) into buf, and when the parameter's layout
 * is dynamic the packed values of its dynamic leaves into dbuf (the kernel's next argument, a packed
 * struct: i32 shapes, then i64 strides). The argument must match the layout the kernel was compiled for. */
static int pack_tensor(const fy_trace_param *p, fy_obj *arg, int i, unsigned char *buf, unsigned char *dbuf,
                       size_t dcap, int hip) {
    void *ptr = fy_trace_tensor_data(arg);
    if (!ptr) {
        if (!fy_err_occurred())
            fy_err_format(&fy_TypeError, "kernel argument %d: expected a tensor, not '%s'", i, fy_type_name(arg));
        return -1;
    }
    if (fy_trace_tensor_on_cpu(arg)) { /* traced under COMPILE_ONLY=1 (any tensor can be), launched for real */
        fy_err_format(&fy_TypeError, "kernel argument %d: the tensor is on the CPU; create it with device=\"cuda\"", i);
        return -1;
    }
    if (hip && fy_trace_tensor_on_device(arg) == 0) {
        fy_err_format(&fy_TypeError,
                      "kernel argument %d: the tensor is in host memory (device='cpu', or made before the GPU "
                      "runtime started), which a kernel on the GPU cannot read; pass t.clone()",
                      i);
        return -1;
    }
    memcpy(buf, &ptr, sizeof ptr);
    fy_trace_param q = *p;
    if (fy_trace_tensor_encode(arg, i, &q) < 0) return -1;
    int same = q.ndim == p->ndim && q.dyn == p->dyn && q.s32 == p->s32;
    for (int k = 0; same && k < 2; k++)
        for (int d = 0; d < p->ndim; d++) same &= q.enc[k][d] == p->enc[k][d] || (p->enc[k][d] < 0 && q.enc[k][d] < 0);
    if (!same) {
        fy_err_format(&fy_TypeError,
                      "kernel argument %d: the tensor's layout differs from the one the kernel was "
                      "compiled for",
                      i);
        return -1;
    }
    if (!p->dyn) return 0;
    fy_dsl_targ_spec sp;
    if (fy_dsl_targ_spec_of(arg, i, &sp) <= 0) return -1;
    for (int d = 0; d < sp.ndim; d++) {
        if (sp.stride_div[d] > 1 && sp.t->stride[d] % sp.stride_div[d]) {
            fy_err_format(&fy_ValueError, "kernel argument %d: stride %lld of dim %d is not divisible by %d", i,
                          (long long)sp.t->stride[d], d, sp.stride_div[d]);
            return -1;
        }
        if (sp.shape_div[d] && sp.t->shape[d] > 0x7fffffff) {
            fy_err_format(&fy_OverflowError, "kernel argument %d: dim %d (%lld) does not fit a dynamic Int32 extent", i,
                          d, (long long)sp.t->shape[d]);
            return -1;
        }
    }
    if (fy_dsl_targ_pack(&sp, dbuf, dcap) < 0) {
        fy_err_format(&fy_NotImplementedError, "kernel argument %d: too many dynamic dims", i);
        return -1;
    }
    return 0;
}

/* The address of a pointer argument into buf; its element type must be the compiled one. */
static int pack_ptr(const fy_trace_param *p, fy_obj *arg, int i, unsigned char *buf) {
    fy_dsl_numeric *et;
    uint64_t addr;
    int r = fy_dsl_ptr_arg_of(arg, 1, i, &et, &addr);
    if (r < 0) return -1;
    if (!r) {
        fy_err_format(&fy_TypeError,
                      "kernel argument %d: expected a pointer (an address or flyc.from_c_void_p), not '%s'", i,
                      fy_type_name(arg));
        return -1;
    }
    if (et != p->t && fy_dsl_is_ptr_arg(arg)) {
        fy_err_format(&fy_TypeError, "kernel argument %d: a pointer to %s where the kernel was compiled for %s", i,
                      et->name, p->t->name);
        return -1;
    }
    void *v = (void *)(uintptr_t)addr;
    memcpy(buf, &v, sizeof v);
    return 0;
}

/* Progress of a long emulated launch (the runtime calls after half a second, then every quarter):
 * one \r-updated line on a terminal's stderr, cleared when the launch ends. Never on stdout. */
typedef struct progress_line {
    const char *kernel;
    int width; /* columns of the last line written; 0: none shown */
} progress_line;

static void progress_show(void *user, uint64_t done, uint64_t total) {
    progress_line *p = user;
    char buf[160];
    int pct = total ? (int)(done * 100 / total) : 0;
    int n = snprintf(buf, sizeof buf, "\r[%.40s] %llu/%llu blocks (%d%%)", p->kernel, (unsigned long long)done,
                     (unsigned long long)total, pct);
    if (n <= 0) return;
    if ((size_t)n >= sizeof buf) n = (int)sizeof buf - 1;
    fflush(stdout);
    fwrite(buf, 1, (size_t)n, stderr);
    /* a shorter line than the last one: blank out the rest */
    for (int i = n - 1; i < p->width; i++) fputc(' ', stderr);
    fflush(stderr);
    if (n - 1 > p->width) p->width = n - 1;
}

static void progress_clear(progress_line *p) {
    if (!p->width) return;
    fputc('\r', stderr);
    for (int i = 0; i < p->width; i++) fputc(' ', stderr);
    fputc('\r', stderr);
    fflush(stderr);
    p->width = 0;
}

/* A launch captured into a torch.cuda.CUDAGraph: the kernel, its arguments and launch configuration,
 * run again at each replay. */
typedef struct {
    fy_ckernel *k;
    fy_obj *args; /* tuple */
    unsigned grid[3], block[3];
    size_t smem;
    void *stream;
} captured_launch;

static int captured_run(void *ctx) {
    captured_launch *c = ctx;
    fy_ckernel *k = c->k;
    memcpy(k->grid, c->grid, sizeof k->grid);
    memcpy(k->block, c->block, sizeof k->block);
    k->smem = c->smem;
    k->stream = c->stream;
    fy_obj *r = fy_trace_run(k, FY_TUPLE_ITEMS(c->args), (size_t)FY_TUPLE_N(c->args));
    if (!r) return -1;
    FY_DECREF(r);
    return 0;
}
static void captured_drop(void *ctx) {
    captured_launch *c = ctx;
    FY_DECREF(c->k);
    FY_DECREF(c->args);
    free(c);
}
static fy_obj *capture_launch(fy_ckernel *k, fy_obj *const *args, size_t nargs) {
    captured_launch *c = calloc(1, sizeof *c);
    fy_obj *t = c ? fy_tuple_new(nargs) : NULL;
    if (!t) {
        free(c);
        return fy_err_nomem();
    }
    for (size_t i = 0; i < nargs; i++) fy_tuple_set_steal(t, i, fy_ref(args[i]));
    c->k = (fy_ckernel *)fy_ref(&k->h);
    c->args = t;
    memcpy(c->grid, k->grid, sizeof c->grid);
    memcpy(c->block, k->block, sizeof c->block);
    c->smem = k->smem;
    c->stream = k->stream;
    if (fy_torch_graph_record(captured_run, captured_drop, c) < 0) {
        captured_drop(c);
        return NULL;
    }
    return fy_none();
}

fy_obj *fy_trace_run(fy_ckernel *k, fy_obj *const *args, size_t nargs) {
    if (nargs != k->nargs)
        return fy_err_format(&fy_TypeError, "kernel '%S' takes %zu arguments (%zu given)", k->name, k->nargs, nargs);
    /* under torch.cuda.graph(g): recorded for g.replay(), not run (CUDA's stream capture) */
    if (fy_torch_graph_capturing()) return capture_launch(k, args, nargs);
    rt_state *s = session_state();
    if (!s) return NULL;
    if (s->failed) { /* an earlier asynchronous launch failed (HIP): the session goes on after this */
        fy_err_format(&fy_trace_KernelError, "an earlier launch failed: %s", s->failed);
        free(s->failed);
        s->failed = NULL;
        return NULL;
    }
    int hip = is_hip(s);
    fly_rt_module *m = s->R->load(s->rt, k->origin);
    if (!m)
        return fy_err_format(&fy_trace_KernelError, "cannot load kernel '%S': %s", k->name, s->R->last_error(s->rt));
    /* one argument slot per parameter, plus one after each tensor with a dynamic layout (the packed
     * struct of its dynamic leaves, as fly-rewrite-func-signature made the signature) */
    int np = 0;
    for (int i = 0; i < k->nparams; i++) np += 1 + (k->pmap[i].kind == FY_TP_TENSOR && k->pmap[i].dyn);
    enum { SLOT = 16 * FY_TP_MAXDIM };
    unsigned char (*vals)[SLOT] = calloc((size_t)(np ? np : 1), SLOT);
    void **ptrs = calloc((size_t)(np ? np : 1), sizeof *ptrs);
    fy_obj *res = NULL;
    if (!vals || !ptrs) {
        fy_err_nomem();
        goto out;
    }
    for (int i = 0, slot = 0; i < k->nparams; i++) {
        fy_trace_param *p = &k->pmap[i];
        if ((size_t)p->argi >= nargs) {
            fy_err_format(&fy_TypeError, "kernel '%S': missing argument %d", k->name, p->argi);
            goto out;
        }
        int dyn = p->kind == FY_TP_TENSOR && p->dyn;
        fy_obj *pa = fy_trace_param_arg(p, args, nargs); /* the argument, or a field of a struct argument */
        if (!pa) goto out;
        int r = p->kind == FY_TP_NUM ? pack_num(p->t, pa, p->argi, vals[slot])
                : p->kind == FY_TP_PTR
                    ? pack_ptr(p, pa, p->argi, vals[slot])
                    : pack_tensor(p, pa, p->argi, vals[slot], dyn ? vals[slot + 1] : NULL, SLOT, hip);
        if (r < 0) goto out;
        ptrs[slot] = vals[slot];
        if (dyn) {
            slot++;
            ptrs[slot] = vals[slot];
        }
        slot++;
    }
    if (hip && fy_torch_device_upload_all() < 0) goto out; /* host writes reach the device first */
    fly_rt_launch l = {
        .kernel = FY_STR_DATA(k->name),
        .stream = k->stream,
        .grid = {k->grid[0], k->grid[1], k->grid[2]},
        .block = {k->block[0], k->block[1], k->block[2]},
        .smem = k->smem,
        .args = ptrs,
        .nargs = np,
        .interrupt = (volatile int *)&fy_cur->interrupt,
        /* the compiled-for chip's LDS (gfx950: 160 KiB), whatever chip the emulator was opened for */
        .lds_limit = strstr(k->r.target, "gfx950") ? 163840 : 65536,
        .target = k->r.target,
    };
    progress_line prog = {.kernel = FY_STR_DATA(k->name)};
    if (isatty(STDERR_FILENO) == 1) {
        l.progress = progress_show;
        l.progress_user = &prog;
    }
    struct timespec t0 = {0}, t1 = {0};
    if (fy_torch_profiling) clock_gettime(CLOCK_MONOTONIC, &t0);
    int rc = s->R->launch(s->rt, m, &l);
    progress_clear(&prog);
    /* HIP launches are asynchronous: the kernel may change any device tensor, whose host mirror is
     * copied back on its next host access. The emulator runs launches to completion: flush printf now
     * so output keeps program order. */
    if (hip) fy_torch_device_invalidate_all();
    /* a kernel that prints is waited for (its stream), so its output comes where the launch is */
    int src = !hip || (!rc && strstr(k->origin, "fly.print")) ? s->R->synchronize(s->rt, hip ? k->stream : NULL) : 0;
    if (rc) {
        if (fy_cur->interrupt) {
            fy_cur->interrupt = 0;
            fy_err_set(&fy_KeyboardInterrupt, NULL);
        } else {
            fy_err_format(&fy_trace_KernelError, "%s", s->R->last_error(s->rt));
        }
        goto out;
    }
    if (src) {
        fy_err_format(&fy_trace_KernelError, "%s", s->R->last_error(s->rt));
        goto out;
    }
    if (fy_torch_profiling) { /* torch.profiler: the launch's wall time, as the kernel's device time */
        clock_gettime(CLOCK_MONOTONIC, &t1);
        fy_torch_profile_kernel(FY_STR_DATA(k->name),
                                (double)(t1.tv_sec - t0.tv_sec) * 1e6 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e3);
    }
    res = fy_none();
out:
    free(vals);
    free(ptrs);
    return res;
}

/* A launch dimension that is an integer DSL value known at trace time (fx.Int32(64)): FlyDSL takes it as the int. */
static int static_dim(fy_obj *o) {
    return FY_DSL_NUM_CHECK(o) && ((fy_dsl_num *)o)->is_static && FY_DSL_IS_INTLIKE(((fy_dsl_num *)o)->dt);
}

/* Has o an __index__ method? */
static int has_index(fy_obj *o) {
    fy_obj *m = fy_getattr_opt(o, fy_intern("__index__"));
    if (!m) {
        fy_err_clear();
        return 0;
    }
    FY_DECREF(m);
    return 1;
}

/* One of grid=/block=: an int (or a static integer DSL value, or a launcher's host ir.Value), or a tuple/list of
 * up to 3 (missing dims 1). */
static int dims_of(const char *what, fy_obj *o, unsigned out[3], unsigned *dyn) {
    out[0] = out[1] = out[2] = 1;
    if (dyn) *dyn = 0;
    if (!o || o == fy_None) return 0;
    size_t n = 1;
    fy_obj *one[1] = {o};
    fy_obj **items = one;
    /* one dimension: an int, a static integer DSL value, or an object with __index__ that is no sequence (a
     * launching jit's host ir.Value: its run-time parameter's ir_value()) */
    int one_index = !FY_INT_CHECK(o) && !static_dim(o) && !FY_TUPLE_CHECK(o) && !FY_LIST_CHECK(o) &&
                    !FY_DSL_NUM_CHECK(o) && has_index(o);
    if (!FY_INT_CHECK(o) && !static_dim(o) && !one_index) {
        items = fy_seq_items(o, &n);
        if (!items || n > 3) {
            fy_err_clear();
            if (items)
                fy_err_format(&fy_TypeError,
                              "launch(): %s must be an int or a tuple/list of up to 3 ints, got %zu items", what, n);
            else
                fy_err_format(&fy_TypeError, "launch(): %s must be an int or a tuple/list of up to 3 ints, got %s",
                              what, fy_type_name(o));
            return -1;
        }
    }
    for (size_t i = 0; i < n; i++) {
        int64_t v;
        /* a launching jit's run-time parameter (its value here) or a host ir.Value: FlyDSL's dynamic dimension */
        if (dyn && !FY_INT_CHECK(items[i]) && (!static_dim(items[i]) || ((fy_dsl_num *)items[i])->host_rt))
            *dyn |= 1u << i;
        if (static_dim(items[i])) v = ((fy_dsl_num *)items[i])->i;
        else if (FY_DSL_NUM_CHECK(items[i])) {
            fy_err_format(&fy_TypeError,
                          "launch(): %s dimension %zu is a run-time %s; flyi launches need dimensions known when the "
                          "launch is traced",
                          what, i, fy_type_name(items[i]));
            return -1;
        } else if (fy_index(items[i], &v) < 0) return -1;
        if (v < 1 || v > 0x7fffffff) {
            fy_err_format(&fy_ValueError, "launch(): %s dimension %zu is %lld (must be 1..2^31-1)", what, i,
                          (long long)v);
            return -1;
        }
        out[i] = (unsigned)v;
    }
    return 0;
}

int fy_trace_launch_config(fy_obj *const *a, size_t na, fy_obj *kw, unsigned grid[3], unsigned block[3], size_t *smem,
                           fy_obj **stream, unsigned *dyn_block) {
    static const char *const names[] = {"grid", "block", "smem", "stream", NULL};
    fy_obj *v[4] = {0};
    if (fy_parse_args("launch", a, na, kw, names, 0, 0, 4, v) < 0) return -1;
    if (dims_of("grid", v[0], grid, NULL) < 0 || dims_of("block", v[1], block, dyn_block) < 0) return -1;
    *stream = v[3];
    uint64_t threads = (uint64_t)block[0] * block[1] * block[2];
    if (threads > 1024) {
        fy_err_format(&fy_ValueError, "launch(): block (%u,%u,%u) has %llu threads; a block has at most 1024", block[0],
                      block[1], block[2], (unsigned long long)threads);
        return -1;
    }
    *smem = 0;
    if (v[2] && v[2] != fy_None) {
        int64_t x;
        if (fy_index(v[2], &x) < 0) return -1;
        if (x < 0) {
            fy_err_set(&fy_ValueError, "launch(): smem must be >= 0");
            return -1;
        }
        *smem = (size_t)x;
    }
    return 0;
}

fy_obj *fy_trace_launch(fy_obj *ck, fy_obj *const *args, size_t nargs, const unsigned grid[3], const unsigned block[3],
                        size_t smem, fy_obj *stream, int run) {
    if (FY_TYPE(ck) != &fy_trace_ckernel_type) return fy_err_set(&fy_TypeError, "launch: not a CompiledKernel");
    fy_ckernel *k = (fy_ckernel *)ck;
    if (fy_torch_stream_handle(stream ? stream : fy_None, &k->stream) < 0) return NULL;
    memcpy(k->grid, grid, sizeof k->grid);
    memcpy(k->block, block, sizeof k->block);
    k->smem = smem > k->dyn_smem ? smem : k->dyn_smem; /* FlyDSL: at least what SharedAllocator(static=False) took */
    if (!run) return fy_none();
    return fy_trace_run(k, args, nargs);
}

int fy_trace_set_jit(fy_obj *ck, fy_obj *jit, fy_obj *args) {
    if (FY_TYPE(ck) != &fy_trace_ckernel_type) return 0;
    fy_ckernel *k = (fy_ckernel *)ck;
    FY_SETREF(k->jit, fy_ref(jit));
    FY_SETREF(k->jit_args, fy_ref(args));
    return 0;
}

int fy_trace_add_errors(fy_obj *m) {
    if (fy_type_ready(&fy_trace_KernelError) < 0) return -1;
    return fy_module_add(m, "KernelError", &fy_trace_KernelError.h);
}
