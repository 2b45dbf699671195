/* trace_dump.c - a CompiledKernel's stages as files: one writer shared by the `%dump DIR` magic and
 * FlyDSL's switches read when a kernel compiles: FLYDSL_DUMP_IR=1 writes every stage under
 * $FLYDSL_DUMP_DIR/<kernel name>/ (default ~/.flydsl/debug), FLYDSL_DEBUG_PRINT_AFTER_ALL=1 prints
 * each stage to stderr. Files are numbered from 00 without gaps, with FlyDSL's names: 00_origin.mlir,
 * NN_<pass, '-' and other punctuation as '_'>.mlir, then NN_llvm_ir.ll and NN_final_isa.s. Stages are
 * read through the kernel's own accessors (.stages, .ir(n), .llvm_ir, .isa), so lazily made parts
 * (the ISA) are made here when needed. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "exec/interp.h"
#include "flydsl/trace/trace_int.h"

int fy_trace_mkdirs(const char *dir) {
    char p[4096];
    if (!*dir || strlen(dir) >= sizeof p) {
        errno = ENAMETOOLONG;
        return -1;
    }
    snprintf(p, sizeof p, "%s", dir);
    for (char *s = p + 1; *s; s++)
        if (*s == '/') {
            *s = 0;
            if (mkdir(p, 0777) < 0 && errno != EEXIST) return -1;
            *s = '/';
        }
    return mkdir(p, 0777) < 0 && errno != EEXIST ? -1 : 0;
}

/* The string attribute / method result, or NULL (errors cleared: a missing stage is skipped). */
static fy_obj *str_or_null(fy_obj *v) {
    if (v && FY_STR_CHECK(v)) return v;
    FY_XDECREF(v);
    fy_err_clear();
    return NULL;
}

static int ends_with(const char *s, const char *suf) {
    size_t n = strlen(s), m = strlen(suf);
    return n >= m && !strcmp(s + n - m, suf);
}

int fy_trace_dump_each(fy_obj *k, fy_trace_dump_fn cb, void *arg) {
    fy_obj *st = fy_getattr_cstr(k, "stages");
    if (!st || !FY_LIST_CHECK(st)) {
        FY_XDECREF(st);
        return fy_err_occurred() ? -1 : (fy_err_set(&fy_TypeError, "not a compiled kernel"), -1);
    }
    int idx = 0, seen_ll = 0, seen_s = 0, r = 0;
    for (int64_t i = 0; r == 0 && i < FY_LIST_N(st); i++) {
        fy_obj *s = FY_LIST_ITEMS(st)[i];
        fy_obj *num = fy_getattr_cstr(s, "number");
        fy_obj *lab = str_or_null(fy_getattr_cstr(s, "label")), *nm = str_or_null(fy_getattr_cstr(s, "name"));
        fy_obj *ir = num ? str_or_null(fy_call_method(k, "ir", &num, 1)) : NULL;
        fy_err_clear();
        FY_XDECREF(num);
        const char *label = lab ? FY_STR_DATA(lab) : "stage";
        int is_ll = ends_with(label, "llvm_ir"), is_s = ends_with(label, "final_isa");
        if (!ir && (is_ll || is_s)) ir = str_or_null(fy_getattr_cstr(k, is_ll ? "llvm_ir" : "isa"));
        if (ir) {
            const char *stem = label;
            while (*stem >= '0' && *stem <= '9') stem++;
            if (*stem == '_' && stem != label) stem++;
            else stem = label;
            char file[256];
            snprintf(file, sizeof file, "%02d_%s.%s", idx++, stem, is_ll ? "ll" : is_s ? "s" : "mlir");
            seen_ll |= is_ll;
            seen_s |= is_s;
            r = cb(file, nm ? FY_STR_DATA(nm) : stem, FY_STR_DATA(ir), arg);
        }
        FY_XDECREF(ir);
        FY_XDECREF(lab);
        FY_XDECREF(nm);
    }
    FY_DECREF(st);
    /* a pipeline that does not list them as stages: the kernel's LLVM IR and ISA last */
    for (int j = 0; r == 0 && j < 2; j++) {
        if (j == 0 ? seen_ll : seen_s) continue;
        fy_obj *v = str_or_null(fy_getattr_cstr(k, j == 0 ? "llvm_ir" : "isa"));
        if (!v) continue;
        char file[64];
        snprintf(file, sizeof file, "%02d_%s", idx++, j == 0 ? "llvm_ir.ll" : "final_isa.s");
        r = cb(file, j == 0 ? "llvm-ir" : "isa", FY_STR_DATA(v), arg);
        FY_DECREF(v);
    }
    return r;
}

typedef struct dump_dir {
    const char *dir;
    int files;
    char *err;
    size_t cap;
} dump_dir;

static int write_one(const char *file, const char *stage, const char *text, void *arg) {
    (void)stage;
    dump_dir *d = arg;
    char path[4600];
    snprintf(path, sizeof path, "%s/%s", d->dir, file);
    FILE *f = fopen(path, "wb");
    size_t n = strlen(text);
    int ok = f && fwrite(text, 1, n, f) == n;
    if (f && fclose(f) != 0) ok = 0;
    if (!ok) {
        snprintf(d->err, d->cap, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    d->files++;
    return 0;
}

int fy_trace_dump_dir(fy_obj *k, const char *dir, int *nfiles, char *err, size_t cap) {
    dump_dir d = {dir, 0, err, cap};
    err[0] = 0;
    if (fy_trace_mkdirs(dir) < 0) {
        snprintf(err, cap, "cannot create '%s': %s", dir, strerror(errno));
        return -1;
    }
    int r = fy_trace_dump_each(k, write_one, &d);
    if (nfiles) *nfiles = d.files;
    return r < 0 && err[0] ? -1 : r < 0 ? -2 : 0;
}

static int print_one(const char *file, const char *stage, const char *text, void *arg) {
    (void)arg;
    char head[512];
    size_t n = strlen(text);
    int stem = (int)(strchr(file, '.') ? strchr(file, '.') - file : (ptrdiff_t)strlen(file));
    int hl = strncmp(file, "00_", 3)
                 ? snprintf(head, sizeof head, "// -----// IR Dump After %s (%.*s) //----- //\n", stage, stem, file)
                 : snprintf(head, sizeof head,
                            "// -----// IR Dump Before the pipeline (%.*s) "
                            "//----- //\n",
                            stem, file);
    if (fy_write_stderr(head, (size_t)hl) < 0 || fy_write_stderr(text, n) < 0) return -1;
    return n && text[n - 1] != '\n' ? fy_write_stderr("\n", 1) : 0;
}

static int env_on(const char *name) {
    const char *v = getenv(name);
    return v && *v && strcmp(v, "0") && strcasecmp(v, "false") && strcasecmp(v, "no") && strcasecmp(v, "off");
}

int fy_trace_dump_env_wanted(void) { return env_on("FLYDSL_DUMP_IR") || env_on("FLYDSL_DEBUG_PRINT_AFTER_ALL"); }

int fy_trace_dump_env(fy_obj *k, const char *name) {
    if (env_on("FLYDSL_DEBUG_PRINT_AFTER_ALL") && fy_trace_dump_each(k, print_one, NULL) < 0) return -1;
    if (!env_on("FLYDSL_DUMP_IR")) return 0;
    const char *root = getenv("FLYDSL_DUMP_DIR"), *home = getenv("HOME");
    char dir[4096], err[4700];
    if (root && *root) snprintf(dir, sizeof dir, "%s/%s", root, name);
    else snprintf(dir, sizeof dir, "%s/.flydsl/debug/%s", home && *home ? home : ".", name);
    int r = fy_trace_dump_dir(k, dir, NULL, err, sizeof err);
    if (r == -1) fy_err_format(&fy_OSError, "FLYDSL_DUMP_IR: %s", err);
    return r < 0 ? -1 : 0;
}
