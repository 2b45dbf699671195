/* fuzz_eval - libFuzzer target over the whole language: each input is a cell that is parsed,
 * compiled and run in a session, under a step budget (every loop back-edge, call and item a
 * builtin consumes counts; a spent budget raises RuntimeError at every later check, so
 * `while True: pass` ends) and a memory limit (MemoryError beyond it). Output is discarded.
 *
 * By default each input runs in a fresh session, so every finding reproduces on its own;
 * FUZZ_REUSE=N keeps one session for N inputs (finds state-dependent bugs, faster).
 * FUZZ_STEPS (default 200000) and FUZZ_MEM_MB (default 256) set the limits.
 *
 * Build (from the top of the tree, after `make` in build/ for the lib/ archives; clang-22). The
 * language sources are compiled in directly, so ASan/UBSan see all of them:
 *   sh src/modules/stdlib/embed.sh /tmp/stdlib_data.c $(ls src/modules/stdlib/[a-z_]*.py)
 *   clang-22 -g -O1 -std=gnu17 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
 *     -DHAVE_CONFIG_H -Iinclude -Isrc -Ilib -Ibuild $(find src -name '[a-z]*.c' \
 *     | grep -v stdlib_data) lib/core/core_load.c /tmp/stdlib_data.c \
 *     tests/fuzz/fuzz_eval.c build/lib/draw/.libs/libflydraw.a build/lib/layout/.libs/libflylayout.a \
 *     -lm -lpthread -ldl -o fuzz_eval
 * (flycore.so is not linked in: it is loaded at run time as in flyi, and without it a launch raises).
 * Run (seeded from the language tests):
 *   mkdir -p corpus && cp tests/lang/run/[a-z]*.py corpus/
 *   ./fuzz_eval -max_len=4096 -timeout=10 -rss_limit_mb=2048 -max_total_time=1800 corpus/
 * Reproduce one finding: ./fuzz_eval crash-XXXX (or FUZZ_REUSE=0 ./fuzz_eval crash-XXXX). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flyi/session.h"

/* Cut the programs off the file system and the process: no open(), and the modules that reach
 * the OS are placeholders (the inputs may not name sys.modules, builtins, posix or __import__). */
static const char g_prelude[] = "import sys, builtins\n"
                                "del builtins.open\n"
                                "for _m in ('os', 'posix', 'shutil', 'tempfile', 'glob', 'os.path', 'posixpath'):\n"
                                "    sys.modules[_m] = None\n"
                                "del sys, builtins, _m\n";

static flyi_session *g_sess;
static long g_uses, g_reuse;

static void drop_stream(void *u, flyi_stream w, const char *t, size_t n) {
    (void)u;
    (void)w;
    (void)t;
    (void)n;
}
static void drop_error(void *u, const flyi_error *e) {
    (void)u;
    /* touch everything the session hands out so ASan sees bad pointers */
    size_t n = strlen(e->type) + strlen(e->message);
    for (size_t i = 0; i < e->nlines; i++) n += strlen(e->lines[i]);
    for (size_t i = 0; i < e->nframes; i++)
        if (e->frames[i].source_line) n += strlen(e->frames[i].source_line);
    (void)n;
}
static void drop_display(void *u, const flyi_display *d, bool is_result) {
    (void)u;
    (void)is_result;
    size_t n = 0;
    for (size_t i = 0; i < d->n; i++) n += strlen(d->data[i]);
    (void)n;
}
static char *no_input(void *u, const char *prompt, bool password) {
    (void)u;
    (void)prompt;
    (void)password;
    return NULL;
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    const char *steps = getenv("FUZZ_STEPS");
    char buf[32];
    snprintf(buf, sizeof buf, "%s", steps ? steps : "200000");
    setenv("FLYI_STEP_LIMIT", buf, 1);
    const char *mem = getenv("FUZZ_MEM_MB");
    setenv("FLYI_MEMORY_LIMIT", mem ? mem : "256", 1);
    const char *reuse = getenv("FUZZ_REUSE");
    g_reuse = reuse ? atol(reuse) : 0;
    /* a program must not touch the fuzzer's files or environment */
    setenv("FLYI_PATH", "/nonexistent", 1);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = malloc(size + 1);
    if (!text) return 0;
    memcpy(text, data, size);
    text[size] = 0;
    if (strlen(text) != size) { /* a NUL inside: the session API takes C strings */
        free(text);
        return -1;
    }
    /* keep programs away from the file system and the process */
    static const char *const banned[] = {"modules", "builtins", "posix", "__import__", "sleep", NULL};
    for (int i = 0; banned[i]; i++)
        if (strstr(text, banned[i])) {
            free(text);
            return -1;
        }
    if (!g_sess) {
        char *argv[] = {"fuzz", NULL};
        g_sess = flyi_session_new(1, argv);
        if (!g_sess) {
            free(text);
            return 0;
        }
        flyi_sink quiet = {0};
        flyi_session_eval(g_sess, g_prelude, "<prelude>", &quiet);
    }
    flyi_sink sink = {.stream = drop_stream, .display = drop_display, .error = drop_error, .input = no_input};
    flyi_session_eval(g_sess, text, NULL, &sink);
    free(text);
    if (++g_uses >= g_reuse) {
        flyi_session_free(g_sess);
        g_sess = NULL;
        g_uses = 0;
    }
    return 0;
}
