/* core_load.h - open the compiler core (flycore.so) on first use. */
#ifndef FLY_CORE_LOAD_H
#define FLY_CORE_LOAD_H

#include <stddef.h>

#include "core/fly_core.h"

/* The compiler core's entry table, loading flycore.so on the first call. Search order: $FLYI_CORE
 * (a file), the installed pkglibdir, then beside the running executable (build tree and
 * relocated installs). Returns NULL with a message in err (cap bytes) when it cannot be opened
 * or its ABI differs. Not thread-safe on the first call. */
const fly_core_api *fly_core_load(char *err, size_t cap);

#endif
