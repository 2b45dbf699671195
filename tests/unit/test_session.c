/* test_session.c - unit tests of the session API (include/flyi/session.h). Ends with "N passed, N failed". */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "flyi/session.h"

static int passed, failed;
#define CHECK(cond, what) \
    do { \
        if (cond) passed++; \
        else { \
            failed++; \
            printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, what); \
        } \
    } while (0)

/* A sink that records everything. */
typedef struct {
    char out[8192];       /* stdout text */
    char err[8192];       /* stderr text */
    char order[256];      /* 'o'/'e' per stream chunk, 'd' per display, 'x' per error */
    char display[1024];   /* last text/plain result */
    char errtype[128];
    char errlast[512];
    int nerr;
} rec;

static void r_stream(void *u, flyi_stream w, const char *t, size_t n) {
    rec *r = u;
    char *dst = w == FLYI_STDOUT ? r->out : r->err;
    strncat(dst, t, n < 4000 ? n : 4000);
    size_t k = strlen(r->order);
    if (k < 250) {
        r->order[k] = w == FLYI_STDOUT ? 'o' : 'e';
        r->order[k + 1] = 0;
    }
}
static void r_display(void *u, const flyi_display *d, bool is_result) {
    rec *r = u;
    for (size_t i = 0; i < d->n; i++)
        if (!strcmp(d->mime[i], "text/plain")) snprintf(r->display, sizeof r->display, "%s", d->data[i]);
    strcat(r->order, "d");
}
static void r_error(void *u, const flyi_error *e) {
    rec *r = u;
    r->nerr++;
    snprintf(r->errtype, sizeof r->errtype, "%s", e->type);
    snprintf(r->errlast, sizeof r->errlast, "%s", e->nlines ? e->lines[e->nlines - 1] : "");
    strcat(r->order, "x");
}
static flyi_sink make_sink(rec *r) {
    memset(r, 0, sizeof *r);
    flyi_sink s = {.user = r, .stream = r_stream, .display = r_display, .error = r_error};
    return s;
}

static flyi_status run(flyi_session *s, rec *r, const char *code) {
    flyi_sink k = make_sink(r);
    return flyi_session_eval(s, code, NULL, &k);
}

static void test_is_complete(flyi_session *s) {
    char ind[32];
    CHECK(flyi_session_is_complete(s, "x = 1", ind, sizeof ind) == FLYI_COMPLETE, "simple statement complete");
    CHECK(flyi_session_is_complete(s, "def f():", ind, sizeof ind) == FLYI_INCOMPLETE, "def header incomplete");
    CHECK(!strcmp(ind, "    "), "indent suggestion after def");
    CHECK(flyi_session_is_complete(s, "x = (1,", ind, sizeof ind) == FLYI_INCOMPLETE, "open paren incomplete");
    CHECK(flyi_session_is_complete(s, "x = )", ind, sizeof ind) == FLYI_INVALID, "stray paren invalid");
}

static void test_persistence(flyi_session *s) {
    rec r;
    CHECK(run(s, &r, "x = 41") == FLYI_OK, "assign");
    CHECK(r.display[0] == 0, "assignment shows nothing");
    CHECK(run(s, &r, "x + 1") == FLYI_OK && !strcmp(r.display, "42"), "value persists, result displayed");
    CHECK(run(s, &r, "None") == FLYI_OK && r.display[0] == 0, "None not displayed");
    CHECK(run(s, &r, "'s'") == FLYI_OK && !strcmp(r.display, "'s'"), "repr of result");
    run(s, &r, "def f():\n    return 1\n");
    run(s, &r, "def g():\n    return f() * 10\n");
    CHECK(run(s, &r, "g()") == FLYI_OK && !strcmp(r.display, "10"), "call across cells");
    run(s, &r, "def f():\n    return 2\n");
    CHECK(run(s, &r, "g()") == FLYI_OK && !strcmp(r.display, "20"), "redefinition takes effect");
    run(s, &r, "class K:\n    def m(self): return 'k'\n");
    CHECK(run(s, &r, "K().m()") == FLYI_OK && !strcmp(r.display, "'k'"), "class across cells");
}

static void test_errors(flyi_session *s) {
    rec r;
    CHECK(run(s, &r, "y = 1\n1/0\n") == FLYI_ERROR, "error status");
    CHECK(r.nerr == 1 && !strcmp(r.errtype, "ZeroDivisionError"), "error type");
    CHECK(!strcmp(r.errlast, "ZeroDivisionError: division by zero"), "error last line");
    CHECK(run(s, &r, "y + 1") == FLYI_OK && !strcmp(r.display, "2"), "usable after error; partial cell ran");
    CHECK(run(s, &r, "def (") == FLYI_ERROR && !strcmp(r.errtype, "SyntaxError"), "syntax error reported");
    CHECK(run(s, &r, "undefined_thing") == FLYI_ERROR &&
              !strcmp(r.errlast, "NameError: name 'undefined_thing' is not defined"),
          "NameError message");
    CHECK(run(s, &r, "import sys\nsys.exit(4)") == FLYI_EXIT && flyi_session_exit_code(s) == 4, "sys.exit honoured");
    CHECK(run(s, &r, "1") == FLYI_OK, "usable after exit request");
}

static void test_streams(flyi_session *s) {
    rec r;
    run(s, &r, "import sys\nprint('a')\nprint('b', file=sys.stderr)\nprint('c')\n7");
    CHECK(!strcmp(r.out, "a\nc\n"), "stdout text");
    CHECK(!strcmp(r.err, "b\n"), "stderr text");
    CHECK(!strcmp(r.order, "oeod"), "stream order then display");
}

static int has(const flyi_completions *c, const char *item) {
    for (size_t i = 0; i < c->n; i++)
        if (!strcmp(c->items[i], item)) return 1;
    return 0;
}

static void test_complete(flyi_session *s) {
    rec r;
    run(s, &r,
        "import math\nnumber = 5\nalphabet = {'alpha': 1, 'beta': 2}\nclass Pt:\n    def __init__(self): self.xval = "
        "1\np = Pt()\n");
    flyi_completions c;
    flyi_session_complete(s, "imp", 3, &c);
    CHECK(has(&c, "import") && c.start == 0 && c.end == 3, "keyword completion");
    flyi_completions_free(&c);
    flyi_session_complete(s, "num", 3, &c);
    CHECK(has(&c, "number"), "global name completion");
    flyi_completions_free(&c);
    flyi_session_complete(s, "pri", 3, &c);
    CHECK(has(&c, "print"), "builtin completion");
    flyi_completions_free(&c);
    flyi_session_complete(s, "number.bit_l", 12, &c);
    CHECK(has(&c, "bit_length") && c.start == 7, "attribute completion");
    flyi_completions_free(&c);
    flyi_session_complete(s, "p.xv", 4, &c);
    CHECK(has(&c, "xval"), "instance attribute completion");
    flyi_completions_free(&c);
    flyi_session_complete(s, "alphabet[\"al", 12, &c);
    CHECK(has(&c, "alpha\"]"), "dict key completion");
    flyi_completions_free(&c);
}

static void test_inspect(flyi_session *s) {
    rec r;
    run(s, &r, "def greet(name, punct='!', *, loud=False):\n    'Say hello.'\n    return name\n");
    char *t = flyi_session_inspect(s, "greet(", 6);
    CHECK(t && strstr(t, "greet(name, punct='!', *, loud=False)") && strstr(t, "Say hello."), "inspect function");
    free(t);
    t = flyi_session_inspect(s, "len", 1);
    CHECK(t && strstr(t, "len("), "inspect builtin");
    free(t);
}

static flyi_session *g_s;
static flyi_status g_status;
static rec g_rec;
static void *runner(void *arg) {
    flyi_sink k = make_sink(&g_rec);
    g_status = flyi_session_eval(g_s, "n = 0\nwhile True:\n    n += 1\n", NULL, &k);
    return NULL;
}

static void test_interrupt(flyi_session *s) {
    g_s = s;
    pthread_t th;
    pthread_create(&th, NULL, runner, NULL);
    struct timespec ts = {0, 200 * 1000 * 1000};
    nanosleep(&ts, NULL);
    flyi_session_interrupt(s);
    pthread_join(th, NULL);
    CHECK(g_status == FLYI_ERROR && !strcmp(g_rec.errtype, "KeyboardInterrupt"), "interrupt an endless loop");
    rec r;
    CHECK(run(s, &r, "n > 0") == FLYI_OK && !strcmp(r.display, "True"), "usable after interrupt");
}

/* Interrupts while idle are dropped; one that arrives while the cell runs is kept, wherever it
 * comes from (here the sink's callbacks, which run inside the cell). */
static flyi_session *g_cb_sess;
static void interrupting_stream(void *u, flyi_stream w, const char *t, size_t n) {
    r_stream(u, w, t, n);
    flyi_session_interrupt(g_cb_sess);
}
static char *interrupted_input(void *u, const char *prompt, bool password) {
    (void)u;
    (void)prompt;
    (void)password;
    flyi_session_interrupt(g_cb_sess); /* the front end saw Ctrl-C while reading */
    return NULL;
}
static char *eof_input(void *u, const char *prompt, bool password) {
    (void)u;
    (void)prompt;
    (void)password;
    return NULL;
}

static void test_interrupt_semantics(flyi_session *s) {
    rec r;
    g_cb_sess = s;
    flyi_session_interrupt(s); /* idle: dropped */
    CHECK(run(s, &r, "k = 0\nfor i in range(100000):\n    k += 1\nk") == FLYI_OK && !strcmp(r.display, "100000"),
          "interrupt while idle is dropped");
    flyi_sink k = make_sink(&r);
    k.stream = interrupting_stream;
    CHECK(flyi_session_eval(s, "print('go')\nwhile True:\n    pass\n", NULL, &k) == FLYI_ERROR &&
              !strcmp(r.errtype, "KeyboardInterrupt"),
          "interrupt during the cell is kept");
    k = make_sink(&r);
    k.input = interrupted_input;
    CHECK(flyi_session_eval(s, "x = input('? ')", NULL, &k) == FLYI_ERROR && !strcmp(r.errtype, "KeyboardInterrupt"),
          "input() interrupted raises KeyboardInterrupt");
    k = make_sink(&r);
    k.input = eof_input;
    CHECK(flyi_session_eval(s, "x = input('? ')", NULL, &k) == FLYI_ERROR && !strcmp(r.errtype, "EOFError"),
          "input() at EOF raises EOFError");
    CHECK(run(s, &r, "1 + 1") == FLYI_OK && !strcmp(r.display, "2"), "no interrupt left over");
}

/* FLYI_STEP_LIMIT bounds every cell: an endless loop ends with RuntimeError, even one that
 * catches exceptions, and the next cell gets a fresh budget. */
static void test_step_budget(void) {
    setenv("FLYI_STEP_LIMIT", "100000", 1);
    flyi_session *s = flyi_session_new(0, NULL);
    unsetenv("FLYI_STEP_LIMIT");
    rec r;
    CHECK(run(s, &r, "while True:\n    pass\n") == FLYI_ERROR && !strcmp(r.errtype, "RuntimeError") &&
              strstr(r.errlast, "step budget"),
          "step budget ends an endless loop");
    CHECK(run(s, &r, "while True:\n    try:\n        while True: pass\n    except BaseException:\n        pass\n") ==
                  FLYI_ERROR &&
              !strcmp(r.errtype, "RuntimeError"),
          "step budget survives except clauses");
    CHECK(run(s, &r, "def f():\n    try:\n        f()\n    finally:\n        f()\nf()") == FLYI_ERROR,
          "step budget ends exponential recursion");
    CHECK(run(s, &r, "sum(range(10**12))") == FLYI_ERROR && !strcmp(r.errtype, "RuntimeError"),
          "step budget counts items builtins consume");
    CHECK(run(s, &r, "sum(range(1000))") == FLYI_OK && !strcmp(r.display, "499500"), "fresh budget per cell");
    flyi_session_free(s);
}

static void test_history_reset(flyi_session *s) {
    size_t n = flyi_session_history_count(s);
    rec r;
    run(s, &r, "hist_marker = 1");
    CHECK(flyi_session_history_count(s) == n + 1, "history grows");
    CHECK(!strcmp(flyi_session_history_get(s, n), "hist_marker = 1"), "history content");
    flyi_session_reset(s);
    CHECK(run(s, &r, "hist_marker") == FLYI_ERROR, "reset forgets globals");
    CHECK(run(s, &r, "len('abc')") == FLYI_OK && !strcmp(r.display, "3"), "builtins after reset");
}

static void test_many_cells(flyi_session *s) {
    rec r;
    int ok = 1;
    for (int i = 0; i < 2000 && ok; i++) {
        char code[128];
        snprintf(code, sizeof code, "a = [1, 2]\na.append(a)\nd = {'k': a}\nv%d = %d * 2", i % 10, i);
        ok = run(s, &r, code) == FLYI_OK;
    }
    CHECK(ok, "2000 cells with cycles");
}

int main(void) {
    char *argv[] = {"test"};
    flyi_session *s = flyi_session_new(1, argv);
    CHECK(s != NULL, "session created");
    if (!s) return 1;
    test_is_complete(s);
    test_persistence(s);
    test_errors(s);
    test_streams(s);
    test_complete(s);
    test_inspect(s);
    test_interrupt(s);
    test_interrupt_semantics(s);
    test_step_budget();
    test_history_reset(s);
    test_many_cells(s);
    flyi_session *s2 = flyi_session_new(0, NULL);
    rec r;
    CHECK(run(s2, &r, "x") == FLYI_ERROR, "second session is independent");
    flyi_session_free(s2);
    flyi_session_free(s);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
