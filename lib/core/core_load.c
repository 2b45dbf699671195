/* core_load.c - find and dlopen flycore.so, so that plain scripts never pay for MLIR/LLVM. */
#include "config.h"

#include "core/core_load.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef FLYI_PKGLIBDIR
#define FLYI_PKGLIBDIR "/usr/local/lib/flyi"
#endif

static const fly_core_api *loaded;

/* Try one path; on failure append dlerror()'s reason to err. */
static const fly_core_api *try_open(const char *path, char *err, size_t cap) {
    if (access(path, R_OK) != 0) return NULL;
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        snprintf(err, cap, "cannot load the compiler core %s: %s", path, dlerror());
        return NULL;
    }
    const fly_core_api *(*get)(void) = (const fly_core_api *(*)(void))dlsym(h, FLY_CORE_ENTRY);
    const fly_core_api *api = get ? get() : NULL;
    if (!api || api->abi != FLY_CORE_ABI) {
        snprintf(err, cap, "%s is not a compatible flyi compiler core (ABI %d, want %d)", path, api ? api->abi : -1,
                 FLY_CORE_ABI);
        dlclose(h);
        return NULL;
    }
    return api;
}

const fly_core_api *fly_core_load(char *err, size_t cap) {
    if (loaded) return loaded;
    snprintf(err, cap, "the compiler core flycore.so was not found (set FLYI_CORE to its path)");
    const char *env = getenv("FLYI_CORE");
    if (env && *env) return loaded = try_open(env, err, cap);

    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    char candidates[3][PATH_MAX + 64];
    int nc = 0;
    snprintf(candidates[nc++], sizeof candidates[0], "%s/flycore.so", FLYI_PKGLIBDIR);
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash) {
            *slash = '\0';
            /* installed elsewhere than configured: PREFIX/bin/flyi -> PREFIX/lib/flyi */
            snprintf(candidates[nc++], sizeof candidates[0], "%s/../lib/flyi/flycore.so", exe);
            /* uninstalled, run from the build tree (also tests/unit/... two levels down) */
            snprintf(candidates[nc++], sizeof candidates[0], "%s/lib/.libs/flycore.so", exe);
        }
    }
    for (int i = 0; i < nc && !loaded; i++) loaded = try_open(candidates[i], err, cap);
    return loaded;
}
