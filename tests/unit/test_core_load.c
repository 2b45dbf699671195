/* test_core_load.c - the compiler core loads on demand and speaks MLIR 22. */
#include <stdio.h>
#include <string.h>

#include "core/core_load.h"

static int passed, failed;

static void check(int ok, const char *what, const char *detail) {
    if (ok) {
        passed++;
    } else {
        failed++;
        printf("FAIL %s: %s\n", what, detail);
    }
}

/* Is a library whose path contains `name` mapped into this process? */
static int mapped(const char *name) {
    FILE *f = fopen("/proc/self/maps", "r");
    char line[1024];
    int found = 0;
    while (f && fgets(line, sizeof line, f))
        if (strstr(line, name)) found = 1;
    if (f) fclose(f);
    return found;
}

static void roundtrip(const fly_core_api *api, const char *in, const char *want) {
    char out[512];
    int rc = api->type_roundtrip(in, out, sizeof out);
    char detail[1200];
    snprintf(detail, sizeof detail, "%s -> rc %d, '%s' (want '%s')", in, rc, out, want);
    check(rc == 0 && strcmp(out, want) == 0, "type round trip", detail);
}

int main(void) {
    check(!mapped("libMLIR"), "start-up", "libMLIR is mapped before the core is loaded");
    char err[512] = "";
    const fly_core_api *api = fly_core_load(err, sizeof err);
    check(api != NULL, "load", err);
    if (api) {
        check(mapped("libMLIR"), "load", "libMLIR not mapped after loading the core");
        check(strncmp(api->llvm_version, "22.", 3) == 0, "llvm version", api->llvm_version);
        roundtrip(api, "!fly.layout<(4,8):(1,4)>", "!fly.layout<(4,8):(1,4)>");
        roundtrip(api, "!fly.memref<f32, global, (4,8):(1,4)>", "!fly.memref<f32, global, (4,8):(1,4)>");
        roundtrip(api, "vector<4xf32>", "vector<4xf32>");
        char out[256];
        check(api->type_roundtrip("!fly.layout<(4,8", out, sizeof out) != 0, "bad type",
              "an unterminated type was accepted");
        check(fly_core_load(err, sizeof err) == api, "load", "second load gives another table");
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
