/* device.c - torch.device, device argument parsing, storages and the backend hooks.
 *
 * fy_torch_alloc_storage() is the single allocation point: device="cuda" storages go through
 * the installed hooks' alloc when a backend installs one, and otherwise live in host memory
 * (which is the emulator's device memory). With a backend whose device memory the host cannot
 * touch (hooks.separate: HIP), a device storage is a device allocation plus a host mirror kept
 * coherent by copies: host code reads and writes the mirror (fy_torch_storage_host copies the device
 * bytes back first when a launch may have changed them), launches upload mirrors host code wrote
 * (fy_torch_device_upload_all) and mark every mirror stale (fy_torch_device_invalidate_all). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif
#include "torch/torch.h"

const fy_torch_device fy_torch_cpu = {0, -1};

static fy_torch_device_hooks hooks;

void fy_torch_set_device_hooks(const fy_torch_device_hooks *h) {
    if (h) hooks = *h;
    else memset(&hooks, 0, sizeof hooks);
}
const fy_torch_device_hooks *fy_torch_hooks(void) { return &hooks; }

static int device_count(void) { return hooks.device_count ? hooks.device_count() : 1; }

/* Live device storages, newest first. */
static fy_torch_storage *live;

/* Bytes of live device storages now and at most since the last fy_torch_device_reset_peak. */
static size_t cur_bytes, peak_bytes;
size_t fy_torch_device_peak(void) { return peak_bytes; }
void fy_torch_device_reset_peak(void) { peak_bytes = cur_bytes; }

/* Host memory, 256-byte aligned. A block of 32 MiB or more (which glibc's malloc maps afresh for every
 * allocation) is aligned to 2 MiB and asks for transparent huge pages, as numpy does for its arrays: first
 * touching a fresh large tensor then takes one page fault per 2 MiB rather than per 4 KiB, which dominated
 * elementwise operations on tensors of hundreds of MiB. Smaller blocks stay plain: malloc reuses them from
 * its heap (already faulted in), which a 2 MiB alignment would defeat. */
#define HUGE_MIN ((size_t)32 << 20)
#define HUGE_ALIGN ((size_t)2 << 20)
static int host_alloc(void **p, size_t n) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (n >= HUGE_MIN) {
        size_t len = (n + HUGE_ALIGN - 1) & ~(HUGE_ALIGN - 1);
        int rc = posix_memalign(p, HUGE_ALIGN, len);
        if (rc == 0 && *p) (void)madvise(*p, len, MADV_HUGEPAGE); /* only advice: failure changes nothing */
        return rc;
    }
#endif
    return posix_memalign(p, 256, (n + 255) & ~(size_t)255);
}

fy_torch_storage *fy_torch_alloc_storage(size_t nbytes, fy_torch_device dev) {
    if (dev.type == 1) {
        int idx = dev.index < 0 ? 0 : dev.index;
        if (idx >= device_count()) {
            fy_err_set(&fy_RuntimeError, "CUDA error: invalid device ordinal");
            return NULL;
        }
    }
    fy_torch_storage *s = calloc(1, sizeof *s);
    if (!s) {
        fy_err_nomem();
        return NULL;
    }
    size_t n = nbytes ? nbytes : 1;
    int separate = dev.type == 1 && hooks.alloc && hooks.separate && hooks.separate();
    if (dev.type == 1 && hooks.alloc) {
        void *d = hooks.alloc(n, dev.index < 0 ? 0 : dev.index);
        if (!d) {
            free(s);
            if (!fy_err_occurred())
                fy_err_format(&fy_RuntimeError, "CUDA out of memory. Tried to allocate %zu bytes.", nbytes);
            return NULL;
        }
        if (separate) s->dptr = d; /* the device copy; data becomes its host mirror below */
        else s->data = d;
    }
    if (!s->data) {
        void *p = NULL;
        if (host_alloc(&p, n) != 0 || !p) {
            if (s->dptr) hooks.free(s->dptr, dev.index < 0 ? 0 : dev.index);
            free(s);
            fy_err_nomem();
            return NULL;
        }
        /* zeroed as the device copy is by the backend; host tensors an operation fills entirely need not be */
        if (!(fy_torch_storage_noinit && dev.type == 0)) memset(p, 0, n);
        s->data = p;
    }
    s->rc = 1;
    s->nbytes = nbytes;
    s->dev = dev;
    s->dtype = -1;
    if (dev.type == 1) {
        if (s->dev.index < 0) s->dev.index = 0;
        cur_bytes += nbytes;
        if (cur_bytes > peak_bytes) peak_bytes = cur_bytes;
        s->next = live;
        if (live) live->prev = s;
        live = s;
    }
    return s;
}

fy_torch_storage *fy_torch_find_storage(uintptr_t a) {
    for (fy_torch_storage *s = live; s; s = s->next) {
        uintptr_t lo = (uintptr_t)(s->dptr ? s->dptr : s->data);
        if (a >= lo && (a < lo + s->nbytes || a == lo)) return s;
    }
    return NULL;
}

static void host_free(fy_torch_storage *s) { free(s->data); }

bool fy_torch_storage_noinit;

void fy_torch_storage_release(fy_torch_storage *s) {
    if (!s || --s->rc > 0) return;
    if (s->dev.type == 1) {
        cur_bytes -= s->nbytes;
        if (s->prev) s->prev->next = s->next;
        else if (live == s) live = s->next;
        if (s->next) s->next->prev = s->prev;
    }
    if (s->dptr) {
        if (hooks.free) hooks.free(s->dptr, s->dev.index); /* hipFree waits for the work using it */
        host_free(s);
    } else if (s->dev.type == 1 && hooks.alloc && hooks.free) hooks.free(s->data, s->dev.index);
    else if (!(s->dev.type == 1 && hooks.alloc)) host_free(s);
    free(s);
}

/* A failed copy cannot become an exception in the middle of host code that does not check: it is
 * reported on stderr (the values then are the last ones copied) and the next launch raises it. */
static void copy_failed(const char *err) {
    fprintf(stderr, "flyi: %s\n", err);
    fflush(stderr);
}

const char *fy_torch_storage_host_ro(fy_torch_storage *s) {
    if (s->dptr && s->host_stale && hooks.copy) {
        char err[1024];
        if (hooks.copy(s->data, s->dptr, s->nbytes ? s->nbytes : 1, 0, err, sizeof err) < 0) copy_failed(err);
        s->host_stale = false;
    }
    return s->data;
}

char *fy_torch_storage_host(fy_torch_storage *s) {
    if (!s->dptr) return s->data;
    fy_torch_storage_host_ro(s);
    s->dev_stale = true;
    return s->data;
}

int fy_torch_device_upload_all(void) {
    for (fy_torch_storage *s = live; s; s = s->next)
        if (s->dptr && s->dev_stale && hooks.copy) {
            char err[1024];
            if (hooks.copy(s->dptr, s->data, s->nbytes ? s->nbytes : 1, 1, err, sizeof err) < 0) {
                fy_err_format(&fy_RuntimeError, "%s", err);
                return -1;
            }
            s->dev_stale = false;
        }
    return 0;
}

void fy_torch_device_invalidate_all(void) {
    for (fy_torch_storage *s = live; s; s = s->next)
        if (s->dptr) s->host_stale = true;
}

size_t fy_torch_device_bytes(void) {
    size_t n = 0;
    for (fy_torch_storage *s = live; s; s = s->next) n += s->nbytes;
    return n;
}

/* ------------------------------------------------------------------ torch.device */

void fy_torch_device_str(fy_torch_device d, char *buf, size_t cap) {
    const char *t = d.type == 1 ? "cuda" : "cpu";
    if (d.index >= 0) snprintf(buf, cap, "%s:%d", t, d.index);
    else snprintf(buf, cap, "%s", t);
}

bool fy_torch_same_device(fy_torch_device a, fy_torch_device b) {
    if (a.type != b.type) return false;
    return a.type == 0 || (a.index < 0 ? 0 : a.index) == (b.index < 0 ? 0 : b.index);
}

fy_obj *fy_torch_device_new(fy_torch_device d) {
    fy_torch_device_obj *o = (fy_torch_device_obj *)fy_alloc(&fy_torch_device_type);
    if (!o) return NULL;
    o->d = d;
    return &o->h;
}

static int parse_str(const char *s, fy_torch_device *out) {
    const char *colon = strchr(s, ':');
    size_t tl = colon ? (size_t)(colon - s) : strlen(s);
    if (tl == 4 && !strncmp(s, "cuda", 4)) out->type = 1;
    else if (tl == 3 && !strncmp(s, "cpu", 3)) out->type = 0;
    else {
        fy_err_format(&fy_RuntimeError, "Expected one of cpu, cuda device type at start of device string: %s", s);
        return -1;
    }
    out->index = -1;
    if (colon) {
        char *end;
        long v = strtol(colon + 1, &end, 10);
        if (!colon[1] || *end || v < 0) {
            fy_err_format(&fy_RuntimeError, "Invalid device string: '%s'", s);
            return -1;
        }
        out->index = (int)v;
    }
    return 0;
}

int fy_torch_parse_device(fy_obj *o, fy_torch_device *out) {
    if (FY_IS_TYPE(o, fy_torch_device_type)) {
        *out = ((fy_torch_device_obj *)o)->d;
        return 0;
    }
    if (FY_STR_CHECK(o)) return parse_str(FY_STR_DATA(o), out);
    if (FY_INT_CHECK(o) && !FY_IS_TYPE(o, fy_bool_type)) {
        if (FY_INT_IS_BIG(o) && fy_int_sign(o) > 0) {
            fy_err_set(&fy_RuntimeError, "Overflow when unpacking long");
            return -1;
        }
        if (fy_int_sign(o) < 0) {
            fy_err_format(&fy_RuntimeError, "Device index must not be negative");
            return -1;
        }
        out->type = 1;
        out->index = (int)FY_INT_VAL(o);
        return 0;
    }
    fy_err_format(&fy_TypeError, "device() received an invalid combination of arguments - got (%T)", o);
    return -1;
}

#define DV(o) (((fy_torch_device_obj *)(o))->d)
static fy_obj *device_new(fy_type *t, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    static const char *const names[] = {"type", "index", NULL};
    fy_obj *a[2];
    if (fy_parse_args("device", args, nargs, kw, names, 1, 2, 2, a) < 0) return NULL;
    fy_torch_device d;
    if (fy_torch_parse_device(a[0], &d) < 0) return NULL;
    if (a[1] && a[1] != fy_None) {
        int64_t i;
        if (fy_index(a[1], &i) < 0) return NULL;
        if (d.index >= 0)
            return fy_err_set(&fy_RuntimeError,
                              "type (string) must not include an index because index was passed explicitly");
        d.index = (int)i;
    }
    return fy_torch_device_new(d);
}
static fy_obj *device_repr(fy_obj *o) {
    const char *t = DV(o).type == 1 ? "cuda" : "cpu";
    if (DV(o).index >= 0) return fy_str_printf("device(type='%s', index=%d)", t, DV(o).index);
    return fy_str_printf("device(type='%s')", t);
}
static fy_obj *device_str(fy_obj *o) {
    char buf[32];
    fy_torch_device_str(DV(o), buf, sizeof buf);
    return fy_str_from_cstr(buf);
}
static fy_obj *device_richcmp(fy_obj *a, fy_obj *b, int op) {
    if ((op != FY_EQ_OP && op != FY_NE_OP)) return fy_ref(fy_NotImplemented);
    fy_torch_device db;
    if (FY_IS_TYPE(b, fy_torch_device_type)) db = DV(b);
    else if (FY_STR_CHECK(b)) {
        if (parse_str(FY_STR_DATA(b), &db) < 0) {
            fy_err_clear();
            return fy_bool(op == FY_NE_OP);
        }
    } else return fy_ref(fy_NotImplemented);
    bool eq = DV(a).type == db.type && DV(a).index == db.index;
    return fy_bool(op == FY_EQ_OP ? eq : !eq);
}
static int64_t device_hash(fy_obj *o) { return DV(o).type * 1000 + DV(o).index + 7; }
static fy_obj *device_type_get(fy_obj *o) { return fy_str_from_cstr(DV(o).type == 1 ? "cuda" : "cpu"); }
static fy_obj *device_index_get(fy_obj *o) { return DV(o).index >= 0 ? fy_int_from(DV(o).index) : fy_none(); }
static fy_getsetdef device_getsets[] = {
    {"type", device_type_get, NULL, NULL}, {"index", device_index_get, NULL, NULL}, {NULL}};
/* `with torch.device("cuda"):` is accepted and does nothing. */
static fy_obj *device_enter(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) { return fy_ref(self); }
static fy_obj *device_exit(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) { return fy_bool(false); }
static fy_methoddef device_methods[] = {
    {"__enter__", device_enter, 0, NULL}, {"__exit__", device_exit, 0, NULL}, {NULL}};
fy_type fy_torch_device_type = {
    FY_TYPE_INIT("device", sizeof(fy_torch_device_obj)),
    .flags = FY_TPF_FINAL,
    .new_ = device_new,
    .repr = device_repr,
    .str = device_str,
    .richcmp = device_richcmp,
    .hash = device_hash,
    .getsets = device_getsets,
    .methods = device_methods,
};
