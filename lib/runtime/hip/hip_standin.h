/* hip_standin.h - the hook between flyi's HIP backend and the test stand-in for libamdhip64
 * (tests/hip/hip_standin.c), which has no GPU to run code objects on.
 *
 * The stand-in exports, besides the HIP API subset, one function ROCm does not have:
 * flyiHipStandinAttach. When the HIP backend finds it in the library it loaded, it hands over a
 * runner (hip_runner.c): the stand-in calls it from its stream threads, with the device memory
 * accessible, to run a launched kernel of a loaded code object. The runner finds the emulator's
 * host version of the kernel by the code object's bytes (the backend registers each module it
 * loads), unpacks the kernarg segment per the code object's metadata, runs the grid on the
 * emulator and writes printf records into the device printf buffer as a GPU would. */
#ifndef FLY_HIP_STANDIN_H
#define FLY_HIP_STANDIN_H

#include <stddef.h>
#include <stdint.h>

#define FLY_HIP_STANDIN_ABI 1

/* One launch as the stand-in runs it. */
typedef struct fly_hip_standin_launch {
    const unsigned char *image; /* the code object (the stand-in's copy from hipModuleLoadData) */
    size_t image_size;
    const char *kernel;
    unsigned grid[3], block[3];
    unsigned smem;
    const unsigned char *kernarg; /* the packed kernarg segment (a copy made at launch) */
    size_t kernarg_size;
    const uintptr_t (*allocs)[2]; /* [lo, hi) of every live device allocation */
    int nallocs;
} fly_hip_standin_launch;

/* What the stand-in learns about a kernel of a code object (hipModuleGetFunction, launch checks). */
typedef struct fly_hip_standin_kinfo {
    int max_flat_workgroup_size;
    int kernarg_segment_size;
    int group_segment_size; /* static LDS bytes */
} fly_hip_standin_kinfo;

typedef struct fly_hip_standin_runner {
    int abi; /* FLY_HIP_STANDIN_ABI */
    void *user;
    /* 0 when the code object has the kernel (info filled), -1 otherwise. */
    int (*describe)(void *user, const unsigned char *image, size_t size, const char *kernel,
                    fly_hip_standin_kinfo *info);
    /* Runs the launch to completion: 0, or -1 with the fault's message (out of bounds, ...) in err. */
    int (*run)(void *user, const fly_hip_standin_launch *l, char *err, size_t cap);
} fly_hip_standin_runner;

/* Exported by the stand-in (not by ROCm): installs the runner (NULL detaches). */
typedef void (*fly_hip_standin_attach_fn)(const fly_hip_standin_runner *r);
#define FLY_HIP_STANDIN_ATTACH "flyiHipStandinAttach"

#endif
