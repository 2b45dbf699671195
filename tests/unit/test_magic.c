/* test_magic.c - the session's %magics (src/session/session_magic.c) through flyi_session_eval with a
 * recording sink. Ends with "N passed, N failed". Kernel magics are skipped when the compiler core
 * (flycore.so, $FLYI_CORE) cannot be loaded. */
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "flyi/session.h"

static int passed, failed, skipped;
#define CHECK(cond, what) \
    do { \
        if (cond) passed++; \
        else { \
            failed++; \
            printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, what); \
        } \
    } while (0)

typedef struct {
    char out[200000];
    char display[4096];
    char errtype[128];
    char errlast[512];
    size_t nerrlines, nframes;
    char next_input[4096];
} rec;
static rec R;

static void r_stream(void *u, flyi_stream w, const char *t, size_t n) {
    rec *r = u;
    (void)w;
    size_t k = strlen(r->out);
    if (k + n < sizeof r->out) {
        memcpy(r->out + k, t, n);
        r->out[k + n] = 0;
    }
}
static void r_display(void *u, const flyi_display *d, bool is_result) {
    rec *r = u;
    (void)is_result;
    for (size_t i = 0; i < d->n; i++)
        if (!strcmp(d->mime[i], "text/plain")) snprintf(r->display, sizeof r->display, "%s", d->data[i]);
}
static void r_error(void *u, const flyi_error *e) {
    rec *r = u;
    snprintf(r->errtype, sizeof r->errtype, "%s", e->type);
    snprintf(r->errlast, sizeof r->errlast, "%s", e->nlines ? e->lines[e->nlines - 1] : "");
    r->nerrlines = e->nlines;
    r->nframes = e->nframes;
}
static void r_next(void *u, const char *text) { snprintf(((rec *)u)->next_input, sizeof R.next_input, "%s", text); }

static flyi_status run(flyi_session *s, const char *code) {
    memset(&R, 0, sizeof R);
    flyi_sink k = {.user = &R, .stream = r_stream, .display = r_display, .error = r_error, .set_next_input = r_next};
    return flyi_session_eval(s, code, NULL, &k);
}

static bool matches(const char *re, const char *text) {
    regex_t x;
    if (regcomp(&x, re, REG_EXTENDED | REG_NEWLINE)) return false;
    bool ok = regexec(&x, text, 0, NULL, 0) == 0;
    regfree(&x);
    return ok;
}

static void test_general(flyi_session *s) {
    CHECK(run(s, "%help") == FLYI_OK, "%help runs");
    CHECK(!strncmp(R.out,
                   "Magics (kernel defaults to the last compiled one):\n"
                   "  %help                        list the magics\n"
                   "  %ir [kernel] [stage]         stage list (times, changed), or the IR after a stage\n",
                   strlen("Magics (kernel defaults to the last compiled one):\n"
                          "  %help                        list the magics\n"
                          "  %ir [kernel] [stage]         stage list (times, changed), or the IR after a stage\n")),
          "%help's first lines");
    CHECK(strstr(R.out, "%timeit") && strstr(R.out, "%dump"), "%help lists all");
    CHECK(run(s, "%bogus") == FLYI_ERROR && !strcmp(R.errtype, "UsageError"), "unknown magic: UsageError");
    CHECK(strstr(R.errlast, "`%bogus` not found") && R.nerrlines == 1 && R.nframes == 0,
          "usage error without traceback");
    CHECK(run(s, "x = 7 % 3\nx") == FLYI_OK && !strcmp(R.display, "1"), "% operator unaffected");
    CHECK(run(s, "y = (7\n% 4)\ny") == FLYI_OK && !strcmp(R.display, "3"), "% in brackets unaffected");
    CHECK(run(s, "s = '''\n%notmagic\n'''\nlen(s)") == FLYI_OK && !strcmp(R.display, "11"), "% in a string unaffected");
    CHECK(run(s, "a1 = 5\n%who") == FLYI_OK && matches("^a1\t.*s\t.*x\ty\t\n$", R.out), "%who after code");
    CHECK(run(s, "%time sum(range(10))") == FLYI_OK &&
              matches("^CPU times: user [0-9.]+ (s|ms|µs|ns), sys: [0-9.]+ (s|ms|µs|ns), total: [0-9.]+ (s|ms|µs|ns)\n"
                      "Wall time: [0-9.]+ (s|ms|µs|ns)\n$",
                      R.out) &&
              !strcmp(R.display, "45"),
          "%time format and value");
    CHECK(run(s, "%timeit -n 5 -r 3 a1 + 1") == FLYI_OK &&
              matches("^[0-9.]+ (s|ms|µs|ns) ± [0-9.]+ (s|ms|µs|ns) per loop \\(mean ± std. dev. of 3 runs, 5 loops "
                      "each\\)\n$",
                      R.out),
          "%timeit -n -r format");
    CHECK(run(s, "%timeit pass") == FLYI_OK && matches("[0-9.]+ (s|ms|µs|ns) ± [0-9.]+ (s|ms|µs|ns) per loop \\(mean ± "
                                                       "std. dev. of 7 runs, [0-9]+ loops? each\\)\n$",
                                                       R.out),
          "%timeit auto loop count");
    CHECK(run(s, "%timeit") == FLYI_ERROR && !strcmp(R.errtype, "UsageError"), "%timeit without statement");
    CHECK(run(s, "%time 1 +") == FLYI_ERROR && !strcmp(R.errtype, "SyntaxError"), "%time syntax error");
    CHECK(run(s, "%reset -f\n%who") == FLYI_OK && !strcmp(R.out, "Interactive namespace is empty.\n"), "%reset -f");
    CHECK(run(s, "x") == FLYI_ERROR && !strcmp(R.errtype, "NameError"), "names gone after %reset");
    /* %load, %run */
    char path[] = "/tmp/flyi_magic_XXXXXX";
    int fd = mkstemp(path);
    if (fd >= 0) {
        const char *txt = "import sys\nran = __name__ + ' ' + str(len(sys.argv))\n";
        CHECK(write(fd, txt, strlen(txt)) == (ssize_t)strlen(txt), "temp file");
        close(fd);
        char cmd[128];
        snprintf(cmd, sizeof cmd, "%%load %s", path);
        CHECK(run(s, cmd) == FLYI_OK && !strcmp(R.next_input, txt), "%load sets the next input");
        snprintf(cmd, sizeof cmd, "%%run %s a b\nran", path);
        CHECK(run(s, cmd) == FLYI_OK && !strcmp(R.display, "'__main__ 3'"), "%run in __main__ with argv");
        unlink(path);
        CHECK(run(s, cmd) == FLYI_ERROR && !strcmp(R.errtype, "UsageError"), "%run of a missing file");
    }
    CHECK(run(s, "%target gfx999") == FLYI_ERROR && strstr(R.errlast, "gfx999"), "%target rejects unknown");
    CHECK(run(s, "%ir") == FLYI_ERROR && strstr(R.errlast, "no kernel has been compiled"), "%ir before any kernel");
    CHECK(run(s, "%draw") == FLYI_ERROR && !strcmp(R.errtype, "UsageError"), "%draw without argument");
    CHECK(run(s, "import flydsl.expr as fx\nL = fx.make_layout((2, 3), (3, 1))\n%draw L") == FLYI_OK &&
              strstr(R.out, "0") && strstr(R.out, "5"),
          "%draw prints the grid");
    CHECK(run(s, "%backend emu\n%backend") == FLYI_OK && !strcmp(R.out, "backend: emu\nemu\n"), "%backend emu");
    CHECK(run(s, "%passes") == FLYI_OK && strstr(R.out, "fly_layout_lowering") && strstr(R.out, "gfx942"), "%passes");
    /* completion */
    flyi_completions c;
    flyi_session_complete(s, "%ti", 3, &c);
    CHECK(c.n == 2 && c.start == 0 && !strcmp(c.items[0], "%time") && !strcmp(c.items[1], "%timeit"),
          "complete magic names");
    flyi_completions_free(&c);
}

static const char *kernel_src = "import flydsl.compiler as flyc\nimport flydsl.expr as fx\n"
                                "@flyc.kernel\ndef hello(n: fx.Int32, scale: fx.Constexpr[int]):\n"
                                "    fx.printf('hi {}', n * 2 + fx.thread_idx.x)\n"
                                "@flyc.jit\ndef run(n):\n    hello(n, 4).launch(grid=(1, 1, 1), block=(4, 1, 1))\n"
                                "k = flyc.compile(run, 3)\n";

static void test_kernels(flyi_session *s) {
    if (run(s, kernel_src) != FLYI_OK) {
        printf("SKIP kernel magics: %s\n", R.errlast);
        skipped++;
        return;
    }
    CHECK(run(s, "%ir") == FLYI_OK &&
              matches("^hello for gfx942: [0-9]+ stages\n  # +stage +time ms  changed\n"
                      "  0  00_origin +- +-\n  1  01_fly_rewrite_func_signature +[0-9.]+  (yes|no)\n",
                      R.out),
          "%ir stage list");
    CHECK(run(s, "%ir 0") == FLYI_OK && strstr(R.out, "gpu.func"), "%ir 0 has gpu.func");
    CHECK(run(s, "%ir hello fly_layout_lowering") == FLYI_OK && strstr(R.out, "gpu.func"), "%ir kernel pass-name");
    CHECK(run(s, "%ir --diff 0 3") == FLYI_OK && !strncmp(R.out, "--- 00_origin\n+++ 03_fly_layout_lowering\n@@ -", 44),
          "%ir --diff headers");
    CHECK(matches("^@@ -[0-9]+(,[0-9]+)? \\+[0-9]+(,[0-9]+)? @@$", R.out) && matches("^-", R.out), "%ir --diff hunks");
    CHECK(run(s, "%ir --diff 2 2") == FLYI_OK && strstr(R.out, "no differences"), "%ir --diff equal stages");
    CHECK(run(s, "%ir 99") == FLYI_ERROR && !strcmp(R.errtype, "UsageError"), "%ir unknown stage");
    CHECK(run(s, "%isa") == FLYI_OK && strstr(R.out, "s_endpgm") && strstr(R.out, "gfx942"), "%isa");
    CHECK(run(s, "%llvm k") == FLYI_OK && strstr(R.out, "define"), "%llvm");
    CHECK(run(s, "%stats") == FLYI_OK && strstr(R.out, "VGPR:") && strstr(R.out, "AGPR:") && strstr(R.out, "SGPR:") &&
              strstr(R.out, "scratch:") && strstr(R.out, "LDS:") &&
              matches("^occupancy: +[0-9]+ waves per SIMD \\(limited by [a-z]+\\)$", R.out) &&
              !strstr(R.out, "warning"),
          "%stats fields");
    flyi_completions c;
    flyi_session_complete(s, "%isa he", 7, &c);
    CHECK(c.n == 1 && c.start == 5 && !strcmp(c.items[0], "hello"), "complete kernel names");
    flyi_completions_free(&c);
    char dir[] = "/tmp/flyi_dump_XXXXXX";
    if (mkdtemp(dir)) {
        char cmd[128], f[256];
        snprintf(cmd, sizeof cmd, "%%dump %s/d", dir);
        CHECK(run(s, cmd) == FLYI_OK && strstr(R.out, "wrote"), "%dump runs");
        struct stat st;
        const char *names[] = {"00_origin.mlir", "01_fly_rewrite_func_signature.mlir", "03_fly_layout_lowering.mlir"};
        for (int i = 0; i < 3; i++) {
            snprintf(f, sizeof f, "%s/d/%s", dir, names[i]);
            CHECK(stat(f, &st) == 0 && st.st_size > 0, names[i]);
        }
        snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
        CHECK(system(cmd) == 0, "cleanup");
    }
    CHECK(run(s, "%target") == FLYI_OK && !strcmp(R.out, "gfx942 (default)\n"), "%target shows default");
    CHECK(run(s, "%target gfx950\nk2 = flyc.compile(run, 3)\n%isa k2") == FLYI_OK && strstr(R.out, "gfx950") &&
              !strstr(R.out, "gfx942"),
          "%target gfx950 compiles for gfx950");
    CHECK(run(s, "%target") == FLYI_OK && !strcmp(R.out, "gfx950\n"), "%target shows the set one");
    CHECK(run(s, "%isa k") == FLYI_OK && strstr(R.out, "gfx942"), "named kernel keeps its target");
    CHECK(run(s, "k.target") == FLYI_OK && !strcmp(R.display, "'gfx942'"), "target of first kernel");
    CHECK(run(s, "'<details' in k._repr_html_() and 's_endpgm' in k._repr_html_()") == FLYI_OK &&
              !strcmp(R.display, "True"),
          "CompiledKernel._repr_html_");
}

int main(void) {
    char *argv[] = {"test"};
    unsetenv("ARCH");
    flyi_session *s = flyi_session_new(1, argv);
    CHECK(s != NULL, "session created");
    if (s) {
        test_general(s);
        test_kernels(s);
        flyi_session_free(s);
    }
    if (skipped) printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
    else printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
