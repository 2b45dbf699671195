/* test_session_soak.c - no memory growth across 10,000 cells: the cells define functions,
 * classes, closures and objects in reference cycles, raise and catch exceptions (with
 * tracebacks and chained contexts), run generators and comprehensions, and fail; the
 * interpreter's own allocation counter (fy_mem_used) must come back to within a small bound of
 * where it stood after a warm-up. Ends with "N passed, N failed". Run it under valgrind with
 *   valgrind --leak-check=full --suppressions=tests/valgrind.supp tests/unit/test_session_soak */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "flyi/session.h"

extern size_t fy_mem_used; /* src/exec/interp.h: bytes the interpreter has allocated */

static int passed, failed;
#define CHECK(cond, what) \
    do { \
        if (cond) passed++; \
        else { \
            failed++; \
            printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, what); \
        } \
    } while (0)

static int nerrors;
static void on_error(void *u, const flyi_error *e) {
    (void)u;
    (void)e;
    nerrors++;
}

/* The cells, run in turn; %d is the cell number. The last ones fail on purpose. */
static const char *const cells[] = {
    "def f(x, *a, k=1, **kw):\n    return x + k + len(a) + len(kw) + %d\nr = f(1, 2, k=3, z=4)",
    "class C:\n    def __init__(self, n):\n        self.n = n\n        self.me = self\n    def __repr__(self):\n"
    "        return 'C(%%d)' %% self.n\nc = C(%d)\nobjs = [c, {'c': c}]\nobjs.append(objs)\nrepr(c)",
    "def make():\n    items = []\n    def add(v):\n        items.append(v)\n        return add\n    items.append(add)\n"
    "    return add\nadder = make()(%d)(2)",
    "try:\n    try:\n        1 / 0\n    except ZeroDivisionError as e:\n        raise ValueError('v%d') from e\n"
    "except ValueError as e:\n    err = e\n    msg = str(e.__cause__)",
    "def gen(n):\n    for i in range(n):\n        x = yield i\n    return n\ng = gen(5)\nnext(g)\ng.send(1)\n"
    "total = sum(gen(%d %% 7)) + len([y for y in range(10) if y %% 2])",
    "d = {i: str(i) for i in range(50)}\ns = {frozenset({i, %d}) for i in range(20)}\n"
    "t = tuple(sorted(d.values(), key=len))\nsq = ''.join(map(str, range(30)))",
    "class Base:\n    def m(self):\n        return 1\nclass Derived(Base):\n    def m(self):\n"
    "        return super().m() + %d\nDerived().m()\nimport functools\n@functools.lru_cache\n"
    "def fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\nfib(20)",
    "import contextlib\nwith contextlib.nullcontext(%d) as v:\n    w = v\n"
    "import collections\ncnt = collections.Counter('abracadabra%d')\nnt = collections.namedtuple('P', 'x y')(1, 2)",
    "l = [%d]\nl.append(l)\nf'{l!r:>10}'",
    "undefined_name_%d",
    "raise RuntimeError('cell %d fails')",
    "def rec(n):\n    return rec(n + 1)\nrec(%d)",
};
#define NCELLS (sizeof cells / sizeof cells[0])

static int only = -1; /* argv[2]: run only this cell (to find a leak) */

static void run_cells(flyi_session *s, int from, int to) {
    flyi_sink sink = {.error = on_error};
    char code[1024];
    for (int i = from; i < to; i++) {
        snprintf(code, sizeof code, cells[only >= 0 ? (size_t)only % NCELLS : i % NCELLS], i, i, i);
        flyi_session_eval(s, code, NULL, &sink);
    }
}

int main(int argc, char **argv) {
    int total = argc > 1 ? atoi(argv[1]) : 10000;
    if (argc > 2) only = atoi(argv[2]);
    flyi_session *s = flyi_session_new(0, NULL);
    CHECK(s != NULL, "session created");
    if (!s) return 1;
    flyi_sink quiet = {0};
    int warm = 600;
    run_cells(s, 0, warm); /* imports, caches, interned names settle */
    flyi_session_eval(s, "import gc\ngc.collect()", NULL, &quiet);
    size_t start = fy_mem_used;
    run_cells(s, warm, total);
    flyi_session_eval(s, "gc.collect()", NULL, &quiet);
    size_t end = fy_mem_used;
    long long growth = (long long)end - (long long)start;
    printf("soak: %d cells, %d errors, fy_mem_used %zu -> %zu (%+lld bytes)\n", total, nerrors, start, end, growth);
    CHECK(only >= 0 || nerrors >= (total / (int)NCELLS) * 3, "the failing cells failed");
    CHECK(growth < 64 * 1024, "no memory growth across the cells");
    flyi_session_free(s);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
