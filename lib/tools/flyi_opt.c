/* flyi_opt.c - flyi-opt: run fly passes, a pass list or the whole pipeline on a .mlir file and
 * print the IR, a stage, LLVM IR, ISA or stats (what the FileCheck tests in tests/ir use).
 * It reaches the compiler core through fly_core_api, like the interpreter. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core_load.h"

static const char usage[] =
    "usage: flyi-opt FILE|- [options]\n"
    "  --pass=P1,P2,...   run these passes (fly pass names or upstream pipeline elements)\n"
    "  --pipeline         run the whole pipeline (the default without --pass)\n"
    "  --stage=N|LABEL    print the IR after stage N (00_origin, 03, fly_layout_lowering, ...)\n"
    "  --stages           list the stages: number, dump name, pass, milliseconds, changed\n"
    "  --llvm             print the device LLVM IR\n"
    "  --isa              print the ISA\n"
    "  --stats            print the kernel's resource usage\n"
    "  --hsaco=FILE       write the code object\n"
    "  --target=CHIP      gfx942 (default) or gfx950\n"
    "  --no-codegen       stop before LLVM IR / ISA / HSACO\n"
    "  --debuginfo        print locations in the IR\n"
    "  --timings          print per-phase timings\n"
    "  --list-passes      list the fly passes\n";

static char *read_input(const char *path) {
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!f) return NULL;
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    size_t n;
    while (buf && (n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += n;
        if (len + 1 == cap) {
            char *b = realloc(buf, cap *= 2);
            if (!b) {
                free(buf);
                buf = NULL;
            }
            buf = b;
        }
    }
    if (f != stdin) fclose(f);
    if (buf) buf[len] = '\0';
    return buf;
}

static const fly_pipeline_stage *find_stage(const fly_pipeline_result *r, const char *sel) {
    char *end;
    long n = strtol(sel, &end, 10);
    bool numeric = *sel && *end == '\0';
    for (int i = 0; i < r->nstages; i++) {
        const fly_pipeline_stage *s = &r->stages[i];
        if (numeric ? s->number == n : (!strcmp(s->label, sel) || !strcmp(s->label + 3, sel) || !strcmp(s->name, sel)))
            return s;
    }
    return NULL;
}

int main(int argc, char **argv) {
    const char *file = NULL, *passes = NULL, *stage = NULL, *target = NULL, *hsaco = NULL;
    int want_llvm = 0, want_isa = 0, want_stats = 0, want_stages = 0, timings = 0, list = 0;
    fly_pipeline_options o = {.stop_after = -1};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strncmp(a, "--pass=", 7)) passes = a + 7;
        else if (!strcmp(a, "--pipeline")) passes = NULL;
        else if (!strncmp(a, "--stage=", 8)) stage = a + 8;
        else if (!strcmp(a, "--stages")) want_stages = 1;
        else if (!strcmp(a, "--llvm")) want_llvm = 1;
        else if (!strcmp(a, "--isa")) want_isa = 1;
        else if (!strcmp(a, "--stats")) want_stats = 1;
        else if (!strncmp(a, "--hsaco=", 8)) hsaco = a + 8;
        else if (!strncmp(a, "--target=", 9)) target = a + 9;
        else if (!strcmp(a, "--no-codegen")) o.no_codegen = 1;
        else if (!strcmp(a, "--debuginfo")) o.debug_info = 1;
        else if (!strcmp(a, "--timings")) timings = 1;
        else if (!strcmp(a, "--list-passes")) list = 1;
        else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            fputs(usage, stdout);
            return 0;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "flyi-opt: unknown option %s\n%s", a, usage);
            return 2;
        } else file = a;
    }
    char err[512];
    const fly_core_api *api = fly_core_load(err, sizeof err);
    if (!api) {
        fprintf(stderr, "flyi-opt: %s\n", err);
        return 2;
    }
    if (list) {
        const char *d;
        for (int i = 0; i < api->pass_count(); i++) {
            const char *n = api->pass_name(i, &d);
            printf("%-36s %s\n", n, d);
        }
        return 0;
    }
    if (!file) {
        fputs(usage, stderr);
        return 2;
    }
    char *text = read_input(file);
    if (!text) {
        fprintf(stderr, "flyi-opt: cannot read %s\n", file);
        return 2;
    }
    o.target = target;
    o.passes = passes;
    if (!passes && stage && !want_llvm && !want_isa && !want_stats && !hsaco) {
        long n = strtol(stage, NULL, 10);
        if (n > 0 && n < 19) o.stop_after = (int)n;
    }
    fly_pipeline_result r;
    int ok = api->compile_ex(text, &o, &r);
    free(text);
    int rc = 0;
    if (!ok) {
        fprintf(stderr, "flyi-opt: error in stage '%s':\n%s", r.error_stage ? r.error_stage : "?",
                r.error ? r.error : "(no message)\n");
        rc = 1;
    }
    bool printed = false;
    /* the ISA (and stages 19, 21, the final IR) are made on first use */
    if (want_stages || stage) api->result_stages(&r);
    if (ok && (r.lazy || r.isa_pending) &&
        (want_isa || stage || (!want_stages && !want_llvm && !want_stats && !hsaco)) && !api->result_isa(&r)) {
        fprintf(stderr, "flyi-opt: no ISA: %s\n", r.isa_error ? r.isa_error : "?");
        rc = 1;
    }
    if (want_stages) {
        for (int i = 0; i < r.nstages; i++)
            printf("%-48s %-40.40s %8.3f ms %s\n", r.stages[i].label, r.stages[i].name, r.stages[i].ms,
                   r.stages[i].changed ? "changed" : "unchanged");
        printed = true;
    }
    if (stage) {
        const fly_pipeline_stage *s = find_stage(&r, stage);
        if (s) fputs(s->ir, stdout);
        else if (ok) {
            fprintf(stderr, "flyi-opt: no stage '%s'\n", stage);
            rc = 1;
        }
        printed = true;
    }
    if (want_llvm && r.llvm_ir) {
        fputs(r.llvm_ir, stdout);
        printed = true;
    }
    if (want_isa && r.isa) {
        fputs(r.isa, stdout);
        printed = true;
    }
    if (want_stats && r.stats.valid) {
        printf("kernel: %s\ntarget: %s\nvgpr: %d\nagpr: %d\nsgpr: %d\nvgpr_spill: %d\nsgpr_spill: %d\n"
               "scratch_bytes: %d\nlds_bytes: %d\nwave_size: %d\nmax_workgroup_size: %d\n"
               "occupancy: %d waves/SIMD (limited by %s)\ncode_object_bytes: %zu\nlinker: %s\n",
               r.stats.kernel, r.target, r.stats.vgpr, r.stats.agpr, r.stats.sgpr, r.stats.vgpr_spill,
               r.stats.sgpr_spill, r.stats.scratch_bytes, r.stats.lds_bytes, r.stats.wave_size,
               r.stats.max_workgroup_size, r.stats.occupancy, r.stats.limiter, r.hsaco_size,
               r.link_method ? r.link_method : "-");
        printed = true;
    }
    if (hsaco && r.hsaco) {
        FILE *f = fopen(hsaco, "wb");
        if (!f || fwrite(r.hsaco, 1, r.hsaco_size, f) != r.hsaco_size) {
            fprintf(stderr, "flyi-opt: cannot write %s\n", hsaco);
            rc = 1;
        }
        if (f) fclose(f);
        printed = true;
    }
    if (!printed && r.final_ir && ok) fputs(r.final_ir, stdout);
    if (timings)
        fprintf(stderr,
                "timings (ms): parse %.3f, passes %.3f (snapshots %.3f), translate %.3f, codegen %.3f, link %.3f, "
                "total %.3f\n",
                r.t.parse, r.t.passes, r.t.snapshots, r.t.translate, r.t.codegen, r.t.link, r.t.total);
    api->result_free(&r);
    return rc;
}
