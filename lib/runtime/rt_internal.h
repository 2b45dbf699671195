/* rt_internal.h - what runtime.c expects of a backend (the emulator in emu/emu_backend.c, HIP in
 * hip/hip_backend.c). Every operation reports failure with a message in err (cap bytes). */
#ifndef FLY_RT_INTERNAL_H
#define FLY_RT_INTERNAL_H

#include <stddef.h>

#include "runtime/backend.h"

/* A kernel of a loaded module as the runtime sees it. */
typedef struct fly_rt_kinfo {
    char *name;
    int nargs;       /* user arguments (hidden printf buffer excluded) */
    int printf_arg;  /* -1 when the kernel does not print */
    char **formats;  /* printf format table */
    int nformats;
    int max_threads; /* the compiled maximum flat workgroup size (known_block_size); 0: not known */
} fly_rt_kinfo;

/* Called by a backend with the printf records of one launch (in output order). */
typedef void (*fly_rt_records_fn)(void *rt, const unsigned char *rec, size_t len, const fly_rt_kinfo *k, uint64_t lost);

typedef struct fly_rt_dev fly_rt_dev;

typedef struct fly_rt_dev_ops {
    const char *name; /* "emulator", "hip" */
    void (*destroy)(fly_rt_dev *d);
    void *(*malloc)(fly_rt_dev *d, size_t n, char *err, size_t cap);
    int (*free)(fly_rt_dev *d, void *p, char *err, size_t cap);
    /* dir: 0 host to device, 1 device to host, 2 device to device */
    int (*copy)(fly_rt_dev *d, void *dst, const void *src, size_t n, int dir, char *err, size_t cap);
    int (*memset)(fly_rt_dev *d, void *p, int v, size_t n, char *err, size_t cap);
    /* Compiles and loads; fills the kernel table (*kinfo, *nk; the runtime frees it). flags:
     * FLY_RT_LOAD_PROFILE compiles the profiler's counters in (the emulator only). */
    void *(*load)(fly_rt_dev *d, const char *text, int flags, fly_rt_kinfo **kinfo, int *nk, char *err, size_t cap);
    void (*unload)(fly_rt_dev *d, void *mod);
    int (*launch)(fly_rt_dev *d, void *mod, const fly_rt_kinfo *k, const fly_rt_launch *l, size_t printf_cap,
                  fly_rt_records_fn records, void *rt, char *err, size_t cap);
    int (*sync)(fly_rt_dev *d, void *stream, fly_rt_records_fn records, void *rt, char *err, size_t cap);
    void *(*stream_create)(fly_rt_dev *d, char *err, size_t cap);
    int (*stream_destroy)(fly_rt_dev *d, void *s, char *err, size_t cap);
    int (*mem_info)(fly_rt_dev *d, size_t *free_bytes, size_t *total, char *err, size_t cap);
    /* Events: timing 0 makes one that cannot be timed; query: 1 completed, 0 not yet, -1 error. */
    void *(*event_create)(fly_rt_dev *d, int timing, char *err, size_t cap);
    int (*event_destroy)(fly_rt_dev *d, void *e, char *err, size_t cap);
    int (*event_record)(fly_rt_dev *d, void *e, void *stream, char *err, size_t cap);
    int (*event_sync)(fly_rt_dev *d, void *e, char *err, size_t cap);
    int (*event_query)(fly_rt_dev *d, void *e, char *err, size_t cap);
    int (*event_elapsed)(fly_rt_dev *d, void *start, void *end, float *ms, char *err, size_t cap);
    int (*stream_wait_event)(fly_rt_dev *d, void *stream, void *e, char *err, size_t cap);
} fly_rt_dev_ops;

struct fly_rt_dev {
    const fly_rt_dev_ops *ops;
    char name[160];
    char arch[32];
    int count;
    char gcn_arch_name[64];  /* "gfx942:sramecc+:xnack-" */
    int cu_count;
    size_t total_mem;
    int runtime_version;     /* hipRuntimeGetVersion (0: the emulator) */
    int code_object_version; /* what load compiles for */
    int separate_memory;     /* 1: the host cannot touch device memory */
    struct fly_prof *prof;   /* profiling: where launches count (set by the runtime) */
};

enum { FLY_RT_LOAD_PROFILE = 1 };

/* The emulator (always available; NULL only on out of memory). */
fly_rt_dev *fly_emu_backend_create(const fly_rt_options *o, char *err, size_t cap);
/* HIP: NULL with the reason in err when the library is missing or no AMD GPU is present.
 * library: a path to try first (NULL: $FLYI_HIP_LIBRARY, else libamdhip64.so.7, .so.6, .so.5, .so,
 * never a relative path). */
fly_rt_dev *fly_hip_backend_create(const char *library, char *err, size_t cap);

/* Frees a kernel table. */
void fly_rt_kinfo_free(fly_rt_kinfo *k, int n);

#endif
