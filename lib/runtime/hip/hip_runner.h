/* hip_runner.h - the emulator-backed runner the HIP backend hands to a HIP stand-in
 * (hip_standin.h; implemented in hip_runner.c). */
#ifndef FLY_HIP_RUNNER_H
#define FLY_HIP_RUNNER_H

#include <stddef.h>

#include "runtime/backend.h"
#include "runtime/hip/hip_standin.h"

typedef struct fly_hip_runner fly_hip_runner;

/* A runner emulating chip (LDS size); NULL on out of memory. */
fly_hip_runner *fly_hip_runner_create(const char *chip);
void fly_hip_runner_destroy(fly_hip_runner *r);
/* The table to pass to the stand-in's flyiHipStandinAttach. */
const fly_hip_standin_runner *fly_hip_runner_ops(fly_hip_runner *r);
/* Registers a loaded module: its HSACO and the emulator's host version of text. 0 or -1 with err. */
int fly_hip_runner_add(fly_hip_runner *r, const unsigned char *hsaco, size_t size, const char *text, char *err,
                       size_t cap);
void fly_hip_runner_remove(fly_hip_runner *r, const unsigned char *hsaco, size_t size);
/* The message of the last failed run ("" when none), and clearing it. */
const char *fly_hip_runner_last_error(fly_hip_runner *r);
void fly_hip_runner_clear_error(fly_hip_runner *r);

#endif
