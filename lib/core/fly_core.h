/* fly_core.h - the interface of the compiler core shared object (flycore.so).
 *
 * The interpreter never links MLIR/LLVM (250 MB, ~80 ms to load): it opens flycore.so with
 * dlopen on the first compile and reaches everything through the table below. The table grows
 * as the tracer, pipeline and runtime land; FLY_CORE_ABI changes when an entry changes. */
#ifndef FLY_CORE_H
#define FLY_CORE_H

#include <stddef.h>

#define FLY_CORE_ABI 1
#define FLY_CORE_ENTRY "fly_core_api_get"

typedef struct fly_core_api {
    int abi;                 /* FLY_CORE_ABI of the library */
    const char *llvm_version; /* e.g. "22.1.8" */
    /* Round-trip a Fly type through MLIR: parse "!fly.<text>" in a fresh context and print it
     * back into out. Returns 0 on success, -1 with a message in out on failure. */
    int (*type_roundtrip)(const char *text, char *out, size_t cap);
} fly_core_api;

/* The entry point flycore.so exports (looked up by the name FLY_CORE_ENTRY). */
const fly_core_api *fly_core_api_get(void);

#endif
