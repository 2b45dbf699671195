/* lld_shim.h - in-process lld (lld_shim.cpp, the one C++ file; built with FLYI_WITH_LLD). */
#ifndef FLY_PIPELINE_LLD_SHIM_H
#define FLY_PIPELINE_LLD_SHIM_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Link object file `in` into the shared code object `out`: 0, or non-zero with lld's messages in
 * err (cap bytes, NUL-terminated); *reusable is cleared when lld cannot run again in this process. */
int fly_pipeline_lld_link(const char *in, const char *out, char *err, size_t cap, int *reusable);

#ifdef __cplusplus
}
#endif
#endif
