/* backend.h - running kernels: one interface over the CPU emulator and the HIP runtime.
 *
 * A fly_rt is a session's runtime: the active backend, its device memory, compiled modules and
 * the printf output waiting for the next synchronize. Selection: FLYI_BACKEND=emu|hip (or the
 * options) forces one; otherwise HIP when libamdhip64.so loads and reports an AMD GPU, else the
 * emulator, with one notice to the caller's notice callback saying why. Errors are values: every
 * call that fails returns non-zero (or NULL) and leaves the message in fly_rt_last_error.
 * Nothing here exits, aborts or lets a faulting kernel take the process down. Not thread-safe:
 * one fly_rt per session, used from one thread. */
#ifndef FLY_RT_BACKEND_H
#define FLY_RT_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "runtime/profile.h"

typedef struct fly_rt fly_rt;
typedef struct fly_rt_module fly_rt_module;

/* Receives text (notices to stderr, printf output to stdout): len bytes, not NUL-terminated. */
typedef void (*fly_rt_text_fn)(void *user, const char *text, size_t len);
/* Progress of a long emulated launch: blocks done of total (called from the launching thread). */
typedef void (*fly_rt_progress_fn)(void *user, uint64_t done, uint64_t total);

typedef enum { FLY_RT_AUTO = 0, FLY_RT_EMU = 1, FLY_RT_HIP = 2 } fly_rt_kind;

typedef struct fly_rt_options {
    fly_rt_kind kind;         /* FLY_RT_AUTO: $FLYI_BACKEND, else HIP when usable, else the emulator */
    fly_rt_text_fn notice;    /* backend notices (stderr); NULL: dropped */
    void *notice_user;
    fly_rt_text_fn printf_sink; /* device printf output (stdout); NULL: dropped */
    void *printf_user;
    size_t printf_buffer;     /* record buffer bytes per launch; 0: $FLYI_PRINTF_BUFFER or 1 MiB */
    int threads;              /* emulator worker threads; 0: one per core */
    const char *emu_target;   /* chip the emulator emulates (LDS size, compile target); NULL: gfx942 */
    const char *hip_library;  /* HIP library path to try first (tests); NULL: the standard names */
} fly_rt_options;

typedef struct fly_rt_launch {
    const char *kernel;      /* kernel name; NULL: the module's first kernel */
    unsigned grid[3];        /* blocks; 0 entries count as 1 */
    unsigned block[3];       /* threads per block; 0 entries count as 1 */
    size_t smem;             /* dynamic LDS bytes */
    void *stream;            /* HIP stream (NULL: default); ignored by the emulator (synchronous) */
    void **args;             /* args[i] points to the value of kernel argument i (hipModuleLaunchKernel
                                style), the hidden printf buffer excluded */
    int nargs;
    const char *const *arg_names; /* optional names for error messages ("a", "b", ...) */
    volatile int *interrupt; /* optional: non-zero stops a running launch within a second (emulator) */
    fly_rt_progress_fn progress; /* optional, emulator launches longer than half a second */
    void *progress_user;
    size_t lds_limit;        /* LDS bytes of the chip the kernel was compiled for; 0: the backend's own */
    const char *target; /* the chip the kernel was compiled for (the profiler's bank model); NULL: the backend's */
} fly_rt_launch;

/* A runtime with the backend chosen per the options (NULL: defaults). NULL only on out of memory;
 * the emulator always works. */
fly_rt *fly_rt_create(const fly_rt_options *o);
/* Frees device memory, modules and the backend. */
void fly_rt_destroy(fly_rt *rt);

/* "emulator" or "hip". */
const char *fly_rt_backend_name(const fly_rt *rt);
/* The device name ("AMD Instinct MI300X", "flyi CPU emulator (gfx942, 2 threads)"). */
const char *fly_rt_device_name(const fly_rt *rt);
/* The compile target of the device ("gfx942", "gfx950"). */
const char *fly_rt_arch(const fly_rt *rt);
/* Number of devices of the backend (1 for the emulator). */
int fly_rt_device_count(const fly_rt *rt);
/* The message of the last failed call ("" when none). */
const char *fly_rt_last_error(const fly_rt *rt);

/* Device memory (zeroed on the emulator); NULL on failure. */
void *fly_rt_malloc(fly_rt *rt, size_t bytes);
/* Frees memory from fly_rt_malloc; 0 on success. */
int fly_rt_free(fly_rt *rt, void *p);
/* Copies: host to device, device to host, device to device. 0 on success. */
int fly_rt_memcpy_htod(fly_rt *rt, void *dst, const void *src, size_t n);
int fly_rt_memcpy_dtoh(fly_rt *rt, void *dst, const void *src, size_t n);
int fly_rt_memcpy_dtod(fly_rt *rt, void *dst, const void *src, size_t n);
/* Fills n bytes of device memory with byte v. */
int fly_rt_memset(fly_rt *rt, void *p, int v, size_t n);

/* Compiles MLIR module text (Fly IR in a gpu.module) for the backend and loads it: the emulator
 * JIT-compiles host code, HIP loads the HSACO. Modules are cached by text: loading the same text
 * again returns the same module. NULL on failure (compile errors in fly_rt_last_error). */
fly_rt_module *fly_rt_load(fly_rt *rt, const char *module_text);
/* Number of kernels and the name of kernel i. */
int fly_rt_module_kernel_count(const fly_rt_module *m);
const char *fly_rt_module_kernel_name(const fly_rt_module *m, int i);
/* Number of arguments of kernel `name` (NULL: the first) without the hidden printf buffer; -1 if unknown. */
int fly_rt_module_kernel_nargs(const fly_rt_module *m, const char *name);
/* Milliseconds the load took (compile and JIT or module load). */
double fly_rt_module_load_ms(const fly_rt_module *m);

/* Launches a kernel. On the emulator it runs to completion before returning: an out-of-bounds
 * access, a deadlock or an interrupt returns non-zero with the message ("out of bounds: kernel
 * 'k' block (b,0,0) thread (t,0,0): ..."). printf output is decoded and kept for the next
 * synchronize. HIP launches are asynchronous. */
int fly_rt_launch_kernel(fly_rt *rt, fly_rt_module *m, const fly_rt_launch *l);
/* Waits for the stream (NULL: all work), then sends pending printf output (and an overflow notice
 * with the number of lost records) to the sinks. 0 on success. */
int fly_rt_synchronize(fly_rt *rt, void *stream);
/* Streams (HIP); the emulator returns a dummy non-NULL handle. */
void *fly_rt_stream_create(fly_rt *rt);
int fly_rt_stream_destroy(fly_rt *rt, void *stream);

/* ---- device properties, memory and events ---- */

typedef struct fly_rt_device_info {
    const char *name; /* "AMD Instinct MI300X" */
    const char *arch; /* compile target: "gfx942" */
    const char *gcn_arch_name; /* with features: "gfx942:sramecc+:xnack-" */
    int multi_processor_count; /* compute units */
    size_t total_memory; /* bytes */
    int runtime_version; /* hipRuntimeGetVersion (60300000: ROCm 6.3); 0 on the emulator */
    int code_object_version; /* what kernels are compiled for (5 or 6) */
    int separate_memory; /* 1: device memory is not host memory (HIP): access it by copies */
} fly_rt_device_info;

void fly_rt_get_device_info(const fly_rt *rt, fly_rt_device_info *out);
/* Free and total device memory (hipMemGetInfo). 0 on success. */
int fly_rt_mem_get_info(fly_rt *rt, size_t *free_bytes, size_t *total);
/* Events (hipEvent_t; the emulator's record the host time, launches being synchronous there).
 * timing 0: an event that cannot be timed. NULL / non-zero on failure with the message. */
void *fly_rt_event_create(fly_rt *rt, int timing);
int fly_rt_event_destroy(fly_rt *rt, void *e);
int fly_rt_event_record(fly_rt *rt, void *e, void *stream);
int fly_rt_event_synchronize(fly_rt *rt, void *e);
/* 1 when the work before the record has completed, 0 when not yet, -1 on error. */
int fly_rt_event_query(fly_rt *rt, void *e);
int fly_rt_event_elapsed(fly_rt *rt, void *start, void *end, float *ms);
/* Work queued on stream after this waits for the event's work. */
int fly_rt_stream_wait_event(fly_rt *rt, void *stream, void *e);

/* ---- profiling (the emulator's counters, profile.h) ---- */

/* Launches from now on are profiled: modules load with the emulator's counters and launches add
 * to a new profile. 0; -1 with the message when the backend is not the emulator. */
int fly_rt_profile_start(fly_rt *rt);
/* Stops profiling and returns the profile (the caller frees it with fly_prof_free; NULL when
 * profiling was not on). */
fly_prof *fly_rt_profile_stop(fly_rt *rt);

/* ---- HIP kernel arguments (exposed for tests and tools) ---- */

/* One argument of a kernel per the code object's metadata. */
typedef struct fly_rt_kernarg {
    int offset, size;
    char kind[32]; /* .value_kind: "global_buffer", "by_value", "hidden_block_count_x", ... */
} fly_rt_kernarg;

typedef struct fly_rt_kernarg_layout {
    int segment_size; /* .kernarg_segment_size */
    int nargs; /* all arguments, hidden ones included */
    int nexplicit; /* arguments that are not hidden_* */
    int max_flat_workgroup_size; /* .max_flat_workgroup_size (0: not in the metadata) */
    int group_segment_size; /* .group_segment_fixed_size: static LDS bytes */
    fly_rt_kernarg args[64];
} fly_rt_kernarg_layout;

/* Reads the kernarg layout of kernel `name` (NULL: the first) from an AMDGPU code object's
 * metadata note. 0 on success, -1 with a message in err. */
int fly_rt_kernarg_layout_get(const unsigned char *elf, size_t size, const char *name, fly_rt_kernarg_layout *out,
                              char *err, size_t cap);
/* Packs args (hipModuleLaunchKernel style: args[i] points to explicit argument i; the hidden printf
 * buffer, when the kernel has one, is explicit argument printf_arg and takes printf_buf) into buf
 * (layout->segment_size bytes, zeroed first), filling hidden_block_count_* and hidden_group_size_*
 * and hidden_grid_dims from grid and block (other hidden arguments stay zero). Returns 0, or -1 with err when nargs does not match. */
int fly_rt_kernarg_pack(const fly_rt_kernarg_layout *layout, void *const *args, int nargs, int printf_arg,
                        void *printf_buf, const unsigned grid[3], const unsigned block[3], unsigned char *buf,
                        char *err, size_t cap);

/* The runtime through flycore.so's table (fly_core_api.rt), for programs that dlopen the core. */
typedef struct fly_rt_api {
    fly_rt *(*create)(const fly_rt_options *o);
    void (*destroy)(fly_rt *rt);
    const char *(*backend_name)(const fly_rt *rt);
    const char *(*device_name)(const fly_rt *rt);
    const char *(*arch)(const fly_rt *rt);
    int (*device_count)(const fly_rt *rt);
    const char *(*last_error)(const fly_rt *rt);
    void *(*malloc)(fly_rt *rt, size_t bytes);
    int (*free)(fly_rt *rt, void *p);
    int (*memcpy_htod)(fly_rt *rt, void *dst, const void *src, size_t n);
    int (*memcpy_dtoh)(fly_rt *rt, void *dst, const void *src, size_t n);
    int (*memcpy_dtod)(fly_rt *rt, void *dst, const void *src, size_t n);
    int (*memset)(fly_rt *rt, void *p, int v, size_t n);
    fly_rt_module *(*load)(fly_rt *rt, const char *module_text);
    int (*module_kernel_count)(const fly_rt_module *m);
    const char *(*module_kernel_name)(const fly_rt_module *m, int i);
    int (*module_kernel_nargs)(const fly_rt_module *m, const char *name);
    double (*module_load_ms)(const fly_rt_module *m);
    int (*launch)(fly_rt *rt, fly_rt_module *m, const fly_rt_launch *l);
    int (*synchronize)(fly_rt *rt, void *stream);
    void *(*stream_create)(fly_rt *rt);
    int (*stream_destroy)(fly_rt *rt, void *stream);
    int (*kernarg_layout_get)(const unsigned char *elf, size_t size, const char *name, fly_rt_kernarg_layout *out,
                              char *err, size_t cap);
    int (*kernarg_pack)(const fly_rt_kernarg_layout *layout, void *const *args, int nargs, int printf_arg,
                        void *printf_buf, const unsigned grid[3], const unsigned block[3], unsigned char *buf,
                        char *err, size_t cap);
    void (*device_info)(const fly_rt *rt, fly_rt_device_info *out);
    int (*mem_get_info)(fly_rt *rt, size_t *free_bytes, size_t *total);
    void *(*event_create)(fly_rt *rt, int timing);
    int (*event_destroy)(fly_rt *rt, void *e);
    int (*event_record)(fly_rt *rt, void *e, void *stream);
    int (*event_synchronize)(fly_rt *rt, void *e);
    int (*event_query)(fly_rt *rt, void *e);
    int (*event_elapsed)(fly_rt *rt, void *start, void *end, float *ms);
    int (*stream_wait_event)(fly_rt *rt, void *stream, void *e);
    int (*profile_start)(fly_rt *rt);
    fly_prof *(*profile_stop)(fly_rt *rt);
    int (*prof_count)(const fly_prof *p);
    const fly_prof_site *(*prof_site_at)(const fly_prof *p, int i);
    void (*prof_get_totals)(const fly_prof *p, fly_prof_totals *t);
    void (*prof_free)(fly_prof *p);
    const char *(*prof_kind_name)(int kind);
} fly_rt_api;

/* The table above (defined in runtime.c). */
extern const fly_rt_api fly_rt_api_table;
const fly_rt_api *fly_rt_api_get(void);

#endif
