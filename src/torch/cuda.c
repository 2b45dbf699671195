/* cuda.c - torch.cuda: the active backend seen through torch's CUDA API. The emulator counts
 * as one device. Streams and events are the backend's (hipStream_t / hipEvent_t under HIP) when the
 * hooks provide them, else host-side stand-ins (events time with the wall clock after a device
 * synchronize); names, counts, properties and synchronisation go through fy_torch_hooks(). */
#include <stdio.h>
#include <time.h>
#include <unistd.h>
#include "torch/torch.h"

static int device_sync(void) {
    const fy_torch_device_hooks *h = fy_torch_hooks();
    return h->synchronize ? h->synchronize() : 0;
}
static int ndevices(void) {
    const fy_torch_device_hooks *h = fy_torch_hooks();
    return h->device_count ? h->device_count() : 1;
}
static const char *device_name(int i) {
    const fy_torch_device_hooks *h = fy_torch_hooks();
    const char *n = h->device_name ? h->device_name(i) : NULL;
    return n ? n : "flyi emulator";
}

/* ------------------------------------------------------------------ Stream */

/* A torch.cuda.Stream: a backend stream (hooks.stream_create, made on first use) when the backend has
 * streams, else a number. handle 0 is the default stream. */
typedef struct stream_t {
    fy_obj h;
    int64_t handle;
    void *hs;              /* the backend's stream; NULL: not made yet or the default stream */
    struct stream_t *prev; /* the current stream before `with torch.cuda.stream(self)` */
    struct stream_t *next_live; /* the live streams, for raw handles (stream=s.cuda_stream) */
    int entered;
} stream_t;
static int64_t next_stream = 1;
static stream_t *cur_stream; /* NULL: the default stream */
static stream_t *live_streams;

/* The live stream whose cuda_stream is handle, NULL: none. */
static stream_t *stream_by_handle(int64_t handle) {
    stream_t *s = live_streams;
    while (s && s->handle != handle) s = s->next_live;
    return s;
}

static void *stream_backend(stream_t *s) {
    const fy_torch_device_hooks *h = fy_torch_hooks();
    if (s->handle && !s->hs && h->stream_create) s->hs = h->stream_create();
    return s->hs;
}

void *fy_torch_current_stream(void) { return cur_stream ? stream_backend(cur_stream) : NULL; }

int fy_torch_stream_handle(fy_obj *o, void **out) {
    *out = NULL;
    for (int depth = 0; o && depth < 4; depth++) {
        if (o == fy_None) {
            *out = fy_torch_current_stream();
            return 0;
        }
        if (FY_IS_TYPE(o, fy_torch_stream_type)) {
            *out = stream_backend((stream_t *)o);
            return 0;
        }
        if (FY_INT_CHECK(o) && !FY_INT_IS_BIG(o) && FY_INT_VAL(o) == 0) return 0;
        if (FY_INT_CHECK(o) && o != fy_True && o != fy_False) { /* a raw handle, as aiter passes cuda_stream */
            int64_t handle;
            if (fy_int_as_i64(o, &handle) < 0) return -1;
            stream_t *s = stream_by_handle(handle);
            if (s) {
                *out = stream_backend(s);
                return 0;
            }
            fy_err_format(&fy_ValueError, "launch(): stream %lld is not the cuda_stream of a live torch.cuda.Stream",
                          (long long)handle);
            return -1;
        }
        fy_obj *v = fy_getattr_cstr(o, "value");
        if (!v) {
            fy_err_clear();
            break;
        }
        FY_DECREF(v); /* fx.Stream keeps it alive */
        if (v == o) break;
        o = v;
    }
    fy_err_format(&fy_TypeError, "launch(): stream must be a torch.cuda.Stream, fx.Stream, None or 0");
    return -1;
}

static void stream_dealloc(fy_obj *o) {
    stream_t *s = (stream_t *)o;
    const fy_torch_device_hooks *h = fy_torch_hooks();
    if (cur_stream == s) cur_stream = s->prev;
    for (stream_t **p = &live_streams; *p; p = &(*p)->next_live)
        if (*p == s) {
            *p = s->next_live;
            break;
        }
    if (s->hs && h->stream_destroy) h->stream_destroy(s->hs);
}
static fy_obj *stream_make(int64_t handle) {
    stream_t *s = (stream_t *)fy_alloc(&fy_torch_stream_type);
    if (!s) return NULL;
    s->handle = handle;
    s->next_live = live_streams;
    live_streams = s;
    return &s->h;
}
static fy_obj *stream_new(fy_type *t, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"device", "priority", NULL};
    fy_obj *k[2];
    if (fy_parse_args("Stream", a, n, kw, names, 0, 2, 2, k) < 0) return NULL;
    return stream_make((next_stream++) * 16);
}
static fy_obj *s_cuda_stream(fy_obj *o) { return fy_int_from(((stream_t *)o)->handle); }
static fy_obj *s_device(fy_obj *o) {
    fy_torch_device d = {1, 0};
    return fy_torch_device_new(d);
}
static fy_obj *s_sync(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    const fy_torch_device_hooks *h = fy_torch_hooks();
    void *hs = stream_backend((stream_t *)self);
    if (hs && h->stream_sync) return h->stream_sync(hs) < 0 ? NULL : fy_none();
    return device_sync() < 0 ? NULL : fy_none();
}
static fy_obj *s_enter(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    stream_t *s = (stream_t *)self;
    if (!s->entered++) {
        s->prev = cur_stream;
        cur_stream = s->handle ? s : NULL;
        if (!cur_stream) s->entered = 0; /* the default stream: nothing to restore */
    }
    return fy_ref(self);
}
static fy_obj *s_exit(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    stream_t *s = (stream_t *)self;
    if (s->entered && --s->entered == 0) cur_stream = s->prev;
    return fy_bool(false);
}
static fy_obj *stream_repr(fy_obj *o) {
    return fy_str_printf("<torch.cuda.Stream device=cuda:0 cuda_stream=0x%llx>",
                         (unsigned long long)((stream_t *)o)->handle);
}
static fy_obj *stream_richcmp(fy_obj *a, fy_obj *b, int op) {
    if ((op != FY_EQ_OP && op != FY_NE_OP) || !FY_IS_TYPE(b, fy_torch_stream_type)) return fy_ref(fy_NotImplemented);
    bool eq = ((stream_t *)a)->handle == ((stream_t *)b)->handle;
    return fy_bool(op == FY_EQ_OP ? eq : !eq);
}
static int64_t stream_hash(fy_obj *o) { return ((stream_t *)o)->handle + 1; }
static fy_obj *s_record_event(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw);
static fy_obj *s_wait_event(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw);
static fy_obj *s_wait_stream(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw);
static fy_obj *s_query(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw);
static fy_methoddef stream_methods[] = {{"synchronize", s_sync, 0, "synchronize()"},
                                        {"query", s_query, 0, "query()"},
                                        {"wait_stream", s_wait_stream, 0, "wait_stream(stream)"},
                                        {"wait_event", s_wait_event, 0, "wait_event(event)"},
                                        {"record_event", s_record_event, 0, "record_event(event=None)"},
                                        {"__enter__", s_enter, 0, NULL},
                                        {"__exit__", s_exit, 0, NULL},
                                        {NULL}};
static fy_getsetdef stream_getsets[] = {{"cuda_stream", s_cuda_stream, NULL, "the raw stream handle (0: default)"},
                                        {"device", s_device, NULL, NULL},
                                        {NULL}};
fy_type fy_torch_stream_type = {
    FY_TYPE_INIT("Stream", sizeof(stream_t)),
    .new_ = stream_new,
    .dealloc = stream_dealloc,
    .repr = stream_repr,
    .richcmp = stream_richcmp,
    .hash = stream_hash,
    .methods = stream_methods,
    .getsets = stream_getsets,
};

/* ------------------------------------------------------------------ Event */

/* A torch.cuda.Event: a backend event (made on first record) when the backend has events, else the
 * host time of the record after a device synchronize. */
typedef struct {
    fy_obj h;
    bool timing, recorded;
    double t;
    void *he;
} event_t;
static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
static void event_dealloc(fy_obj *o) {
    event_t *e = (event_t *)o;
    const fy_torch_device_hooks *h = fy_torch_hooks();
    if (e->he && h->event_destroy) h->event_destroy(e->he);
}
static fy_obj *event_new(fy_type *t, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"enable_timing", "blocking", "interprocess", "external", NULL};
    fy_obj *k[4];
    if (fy_parse_args("Event", a, n, kw, names, 0, 4, 4, k) < 0) return NULL;
    event_t *e = (event_t *)fy_alloc(t);
    if (!e) return NULL;
    e->timing = k[0] && fy_truthy(k[0]) > 0;
    return &e->h;
}
/* The stream of an optional stream argument (None / absent: the current stream). */
static int stream_arg(fy_obj *const *a, size_t n, void **hs) {
    *hs = fy_torch_current_stream();
    if (!n || a[0] == fy_None) return 0;
    if (!FY_IS_TYPE(a[0], fy_torch_stream_type)) {
        fy_err_format(&fy_TypeError, "expected a torch.cuda.Stream, got %T", a[0]);
        return -1;
    }
    *hs = stream_backend((stream_t *)a[0]);
    return 0;
}
static fy_obj *e_record(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    event_t *e = (event_t *)self;
    const fy_torch_device_hooks *h = fy_torch_hooks();
    void *hs;
    if (stream_arg(a, n, &hs) < 0) return NULL;
    if (!e->he && h->event_create) e->he = h->event_create(e->timing);
    if (e->he && h->event_record) {
        if (h->event_record(e->he, hs) < 0) return NULL;
        e->recorded = true;
        return fy_none();
    }
    if (device_sync() < 0) return NULL;
    e->t = now_s();
    e->recorded = true;
    return fy_none();
}
static fy_obj *e_sync(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    event_t *e = (event_t *)self;
    const fy_torch_device_hooks *h = fy_torch_hooks();
    if (e->he && h->event_sync) return h->event_sync(e->he) < 0 ? NULL : fy_none();
    return device_sync() < 0 ? NULL : fy_none();
}
static fy_obj *e_query(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    event_t *e = (event_t *)self;
    const fy_torch_device_hooks *h = fy_torch_hooks();
    if (e->he && h->event_query) {
        int r = h->event_query(e->he);
        return r < 0 ? NULL : fy_bool(r == 1);
    }
    return fy_bool(true);
}
static fy_obj *e_wait(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    event_t *e = (event_t *)self;
    const fy_torch_device_hooks *h = fy_torch_hooks();
    void *hs;
    if (stream_arg(a, n, &hs) < 0) return NULL;
    if (e->he && h->stream_wait_event && h->stream_wait_event(hs, e->he) < 0) return NULL;
    return fy_none();
}
static fy_obj *e_elapsed(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("elapsed_time", n, 1, 1) < 0) return NULL;
    if (!FY_IS_TYPE(a[0], fy_torch_event_type))
        return fy_err_format(&fy_TypeError, "elapsed_time(): expected an Event, got %T", a[0]);
    event_t *s = (event_t *)self, *e = (event_t *)a[0];
    if (!s->timing || !e->timing)
        return fy_err_set(&fy_RuntimeError, "Both events must be created with argument 'enable_timing=True'.");
    if (!s->recorded || !e->recorded)
        return fy_err_set(&fy_RuntimeError, "Both events must be recorded before calculating elapsed time.");
    const fy_torch_device_hooks *h = fy_torch_hooks();
    if (s->he && e->he && h->event_elapsed) {
        double ms;
        if (h->event_elapsed(s->he, e->he, &ms) < 0) return NULL;
        return fy_float_from(ms);
    }
    return fy_float_from((e->t - s->t) * 1e3);
}
static fy_methoddef event_methods[] = {{"record", e_record, 0, "record(stream=None)"},
                                       {"synchronize", e_sync, 0, "synchronize()"},
                                       {"query", e_query, 0, "query()"},
                                       {"wait", e_wait, 0, "wait(stream=None)"},
                                       {"elapsed_time", e_elapsed, 0, "elapsed_time(end_event) -> milliseconds"},
                                       {NULL}};
fy_type fy_torch_event_type = {
    FY_TYPE_INIT("Event", sizeof(event_t)),
    .new_ = event_new,
    .dealloc = event_dealloc,
    .methods = event_methods,
};
static fy_obj *s_record_event(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    fy_obj *e = n && a[0] != fy_None ? fy_ref(a[0]) : event_new(&fy_torch_event_type, NULL, 0, NULL);
    if (!e) return NULL;
    if (FY_IS_TYPE(e, fy_torch_event_type)) {
        fy_obj *r = e_record(e, &self, 1, NULL);
        if (!r) {
            FY_DECREF(e);
            return NULL;
        }
        FY_DECREF(r);
    }
    return e;
}
static fy_obj *s_wait_event(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("wait_event", n, 1, 1) < 0) return NULL;
    if (!FY_IS_TYPE(a[0], fy_torch_event_type))
        return fy_err_format(&fy_TypeError, "wait_event(): expected an Event, got %T", a[0]);
    return e_wait(a[0], &self, 1, NULL);
}
/* wait_stream(other): work queued on self after this waits for the work queued on other so far. */
static fy_obj *s_wait_stream(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("wait_stream", n, 1, 1) < 0) return NULL;
    if (!FY_IS_TYPE(a[0], fy_torch_stream_type))
        return fy_err_format(&fy_TypeError, "wait_stream(): expected a Stream, got %T", a[0]);
    fy_obj *e = s_record_event(a[0], NULL, 0, NULL);
    if (!e) return NULL;
    fy_obj *r = s_wait_event(self, &e, 1, NULL);
    FY_DECREF(e);
    return r;
}
static fy_obj *s_query(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    fy_obj *e = s_record_event(self, NULL, 0, NULL);
    if (!e) return NULL;
    fy_obj *r = e_query(e, NULL, 0, NULL);
    FY_DECREF(e);
    return r;
}

/* ------------------------------------------------------------------ device properties */

typedef struct {
    fy_obj h;
    int index;
} props_t;
/* gcnArchName, compute units and memory from the backend (hooks.props), else the host's. */
static void props_of(int index, char *arch, size_t cap, int *cus, size_t *total) {
    const fy_torch_device_hooks *h = fy_torch_hooks();
    if (h->props && h->props(index, arch, cap, cus, total) == 0) return;
    long n = sysconf(_SC_NPROCESSORS_ONLN), pages = sysconf(_SC_PHYS_PAGES), ps = sysconf(_SC_PAGESIZE);
    snprintf(arch, cap, "gfx942");
    *cus = n > 0 ? (int)n : 1;
    *total = pages > 0 && ps > 0 ? (size_t)pages * (size_t)ps : 0;
}
static fy_obj *p_name(fy_obj *o) { return fy_str_from_cstr(device_name(((props_t *)o)->index)); }
static fy_obj *p_mpc(fy_obj *o) {
    char arch[64];
    int cus;
    size_t total;
    props_of(((props_t *)o)->index, arch, sizeof arch, &cus, &total);
    return fy_int_from(cus);
}
static fy_obj *p_mem(fy_obj *o) {
    char arch[64];
    int cus;
    size_t total;
    props_of(((props_t *)o)->index, arch, sizeof arch, &cus, &total);
    return fy_int_from((int64_t)total);
}
static fy_obj *p_arch(fy_obj *o) {
    char arch[64];
    int cus;
    size_t total;
    props_of(((props_t *)o)->index, arch, sizeof arch, &cus, &total);
    return fy_str_from_cstr(arch);
}
static fy_obj *p_zero(fy_obj *o) { return fy_int_from(0); }
static fy_obj *p_warp(fy_obj *o) { return fy_int_from(64); }
static fy_obj *props_repr(fy_obj *o) {
    char arch[64];
    int cus;
    size_t total;
    props_of(((props_t *)o)->index, arch, sizeof arch, &cus, &total);
    return fy_str_printf("_CudaDeviceProperties(name='%s', total_memory=%lldMB, multi_processor_count=%d, "
                         "gcnArchName='%s')",
                         device_name(((props_t *)o)->index), (long long)(total >> 20), cus, arch);
}
static fy_getsetdef props_getsets[] = {
    {"name", p_name, NULL, NULL},        {"multi_processor_count", p_mpc, NULL, NULL},
    {"total_memory", p_mem, NULL, NULL}, {"major", p_zero, NULL, NULL},
    {"minor", p_zero, NULL, NULL},       {"warp_size", p_warp, NULL, NULL},
    {"gcnArchName", p_arch, NULL, NULL}, {NULL}};
static fy_type props_type = {FY_TYPE_INIT("_CudaDeviceProperties", sizeof(props_t)), .repr = props_repr,
                             .getsets = props_getsets};

/* ------------------------------------------------------------------ functions */

static fy_obj *c_is_available(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) { return fy_bool(ndevices() > 0); }
static fy_obj *c_device_count(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) { return fy_int_from(ndevices()); }
static fy_obj *c_current_device(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) { return fy_int_from(0); }
static fy_obj *c_none(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) { return fy_none(); }
static fy_obj *c_true(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) { return fy_bool(true); }
static fy_obj *c_synchronize(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return device_sync() < 0 ? NULL : fy_none();
}
static fy_obj *c_current_stream(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return cur_stream ? fy_ref(&cur_stream->h) : stream_make(0);
}
static fy_obj *c_default_stream(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) { return stream_make(0); }
/* torch.cuda.ExternalStream(stream_ptr, device=None): the stream whose raw handle (cuda_stream) is stream_ptr; a
 * handle that is no live stream's is a ValueError (flyi's raw handles are its own streams'). */
static fy_obj *c_external_stream(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"stream_ptr", "device", NULL};
    fy_obj *k[2];
    if (fy_parse_args("ExternalStream", a, n, kw, names, 1, 2, 2, k) < 0) return NULL;
    int64_t handle;
    if (!FY_INT_CHECK(k[0]) || fy_int_as_i64(k[0], &handle) < 0)
        return fy_err_format(&fy_TypeError, "ExternalStream(): stream_ptr must be an int, got %T", k[0]);
    if (handle == 0) return stream_make(0);
    stream_t *s = stream_by_handle(handle);
    if (!s)
        return fy_err_format(&fy_ValueError,
                             "ExternalStream(): %lld is not the cuda_stream of a live torch.cuda.Stream",
                             (long long)handle);
    return fy_ref(&s->h);
}
static fy_obj *c_stream(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("stream", n, 1, 1) < 0) return NULL;
    if (a[0] == fy_None) return stream_make(0);
    return fy_ref(a[0]);
}
static int dev_index(fy_obj *const *a, size_t n, int *out) {
    *out = 0;
    if (n == 0 || a[0] == fy_None) return 0;
    fy_torch_device d;
    if (fy_torch_parse_device(a[0], &d) < 0) return -1;
    *out = d.index < 0 ? 0 : d.index;
    return 0;
}
static fy_obj *c_get_device_name(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    int i;
    if (dev_index(a, n, &i) < 0) return NULL;
    return fy_str_from_cstr(device_name(i));
}
static fy_obj *c_get_device_properties(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    int i;
    if (dev_index(a, n, &i) < 0 || fy_type_ready(&props_type) < 0) return NULL;
    props_t *p = (props_t *)fy_alloc(&props_type);
    if (p) p->index = i;
    return &p->h;
}
static fy_obj *c_get_device_capability(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    fy_obj *x = fy_int_from(9), *y = fy_int_from(4);
    fy_obj *t = fy_tuple_pack(2, x, y);
    FY_DECREF(x);
    FY_DECREF(y);
    return t;
}
static fy_obj *c_mem_get_info(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    long pages = sysconf(_SC_PHYS_PAGES), avail = sysconf(_SC_AVPHYS_PAGES), ps = sysconf(_SC_PAGESIZE);
    size_t fb = (size_t)avail * (size_t)ps, tb = (size_t)pages * (size_t)ps;
    const fy_torch_device_hooks *h = fy_torch_hooks();
    if (h->mem_info && h->mem_info(&fb, &tb) < 0) return NULL;
    fy_obj *f = fy_int_from((int64_t)fb), *t = fy_int_from((int64_t)tb);
    fy_obj *r = f && t ? fy_tuple_pack(2, f, t) : NULL;
    FY_XDECREF(f);
    FY_XDECREF(t);
    return r;
}
static fy_obj *c_device(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    fy_torch_device d = {1, 0};
    if (n && a[0] != fy_None && fy_torch_parse_device(a[0], &d) < 0) return NULL;
    d.type = 1;
    return fy_torch_device_new(d);
}
static fy_obj *c_manual_seed(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    fy_obj *m = fy_import("torch");
    if (!m) return NULL;
    fy_obj *f = fy_getattr_cstr(m, "manual_seed");
    FY_DECREF(m);
    if (!f) return NULL;
    fy_obj *r = fy_call(f, a, n, kw);
    FY_DECREF(f);
    if (!r) return NULL;
    FY_DECREF(r);
    return fy_none();
}

static fy_methoddef cuda_funcs[] = {
    {"is_available", c_is_available, 0, "is_available() -> bool (the emulator counts as a device)"},
    {"is_initialized", c_true, 0, "is_initialized()"},
    {"init", c_none, 0, "init()"},
    {"device_count", c_device_count, 0, "device_count()"},
    {"current_device", c_current_device, 0, "current_device()"},
    {"set_device", c_none, 0, "set_device(device)"},
    {"synchronize", c_synchronize, 0, "synchronize(device=None)"},
    {"current_stream", c_current_stream, 0, "current_stream(device=None)"},
    {"default_stream", c_default_stream, 0, "default_stream(device=None)"},
    {"stream", c_stream, 0, "stream(stream): context manager selecting a stream"},
    {"ExternalStream", c_external_stream, 0, "ExternalStream(stream_ptr, device=None): the stream of a raw handle"},
    {"get_device_name", c_get_device_name, 0, "get_device_name(device=None)"},
    {"get_device_properties", c_get_device_properties, 0, "get_device_properties(device)"},
    {"get_device_capability", c_get_device_capability, 0, "get_device_capability(device=None)"},
    {"mem_get_info", c_mem_get_info, 0, "mem_get_info(device=None) -> (free, total)"},
    {"device", c_device, 0, "device(index): context manager"},
    {"manual_seed", c_manual_seed, 0, "manual_seed(seed)"},
    {"manual_seed_all", c_manual_seed, 0, "manual_seed_all(seed)"},
    {NULL}};

fy_obj *fy_torch_cuda_module(void) {
    if (fy_type_ready(&fy_torch_stream_type) < 0 || fy_type_ready(&fy_torch_event_type) < 0) return NULL;
    fy_obj *m = fy_module_new_c("torch.cuda", cuda_funcs, "torch.cuda on flyi's active backend");
    if (!m) return NULL;
    if (fy_module_add(m, "Stream", (fy_obj *)&fy_torch_stream_type) < 0 ||
        fy_module_add(m, "Event", (fy_obj *)&fy_torch_event_type) < 0 || fy_torch_cuda_graph_add(m) < 0) {
        FY_DECREF(m);
        return NULL;
    }
    return m;
}
