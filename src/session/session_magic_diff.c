/* session_magic_diff.c - a line diff (Myers' O(ND) algorithm) printed like `diff -u`, for %ir --diff. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "objects/object.h"
#include "session/session_int.h"

typedef struct {
    const char *p;
    size_t n;
    uint64_t h;
} line;

/* Splits text into lines (without their newlines). */
static line *split_lines(const char *s, size_t *count) {
    size_t n = 0, cap = 64;
    line *v = malloc(cap * sizeof *v);
    while (v && *s) {
        const char *e = strchr(s, '\n');
        size_t len = e ? (size_t)(e - s) : strlen(s);
        if (n == cap) {
            line *nv = realloc(v, (cap *= 2) * sizeof *v);
            if (!nv) {
                free(v);
                return NULL;
            }
            v = nv;
        }
        uint64_t h = 1469598103934665603ull;
        for (size_t i = 0; i < len; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
        v[n++] = (line){s, len, h};
        s += len + (e ? 1 : 0);
    }
    *count = n;
    return v;
}

static int eq(const line *a, const line *b) { return a->h == b->h && a->n == b->n && !memcmp(a->p, b->p, a->n); }

/* Edit ops: 0 keep, 1 delete (a), 2 insert (b). */
typedef struct {
    char op;
    size_t ai, bi;
} edit;

#define MAXD 6000 /* beyond this many edits: everything deleted, then inserted (still a valid diff) */

/* Myers' shortest edit script of a[0..n) -> b[0..m). Returns the ops (count in *ne) or NULL. */
static edit *myers(const line *a, size_t n, const line *b, size_t m, size_t *ne) {
    size_t max = n + m, dmax = max < MAXD ? max : MAXD;
    size_t off = dmax + 1, width = 2 * dmax + 3;
    long *v = calloc(width, sizeof *v);
    long **trace = calloc(dmax + 1, sizeof *trace);
    edit *e = malloc((n + m + 1) * sizeof *e);
    long dfound = -1;
    if (!v || !trace || !e) goto fail;
    for (long d = 0; d <= (long)dmax && dfound < 0; d++) {
        for (long k = -d; k <= d; k += 2) {
            long x;
            if (k == -d || (k != d && v[off + k - 1] < v[off + k + 1])) x = v[off + k + 1];
            else x = v[off + k - 1] + 1;
            long y = x - k;
            while (x < (long)n && y < (long)m && eq(&a[x], &b[y])) x++, y++;
            v[off + k] = x;
            if (x >= (long)n && y >= (long)m) {
                dfound = d;
                break;
            }
        }
        trace[d] = malloc(width * sizeof(long));
        if (!trace[d]) goto fail;
        memcpy(trace[d], v, width * sizeof(long));
    }
    size_t cnt = 0;
    if (dfound < 0) { /* too different: delete all, insert all */
        for (size_t i = 0; i < n; i++) e[cnt++] = (edit){1, i, 0};
        for (size_t j = 0; j < m; j++) e[cnt++] = (edit){2, n, j};
    } else {
        /* backtrack from the end, writing ops in reverse */
        long x = (long)n, y = (long)m;
        for (long d = dfound; d >= 0; d--) {
            long k = x - y;
            long pk;
            if (d == 0) pk = 0;
            else {
                long *vp = trace[d - 1];
                pk = (k == -d || (k != d && vp[off + k - 1] < vp[off + k + 1])) ? k + 1 : k - 1;
            }
            long px = d == 0 ? 0 : trace[d - 1][off + pk], py = px - pk;
            while (x > px && y > py) {
                x--, y--;
                e[cnt++] = (edit){0, (size_t)x, (size_t)y};
            }
            if (d > 0) {
                if (x == px) {
                    y--;
                    e[cnt++] = (edit){2, (size_t)x, (size_t)y};
                } else {
                    x--;
                    e[cnt++] = (edit){1, (size_t)x, (size_t)y};
                }
            }
        }
        for (size_t i = 0; i < cnt / 2; i++) {
            edit t = e[i];
            e[i] = e[cnt - 1 - i];
            e[cnt - 1 - i] = t;
        }
    }
    for (size_t d = 0; d <= dmax; d++) free(trace[d]);
    free(trace);
    free(v);
    *ne = cnt;
    return e;
fail:
    if (trace)
        for (size_t d = 0; d <= dmax; d++) free(trace[d]);
    free(trace);
    free(v);
    free(e);
    return NULL;
}

static void range(fy_sbuf *b, size_t start, size_t count) {
    /* diff -u: 1-based start; count 1 omitted; an empty range names the line before it */
    if (count == 1) fy_sbuf_printf(b, "%zu", start + 1);
    else fy_sbuf_printf(b, "%zu,%zu", count ? start + 1 : start, count);
}

/* The unified diff (3 lines of context) from text a to text b as a new str ("" when equal), with
 * `--- aname` / `+++ bname` headers; NULL with MemoryError. */
fy_obj *fy_magic_diff(const char *ta, const char *tb, const char *aname, const char *bname) {
    size_t n, m, ne;
    line *a = split_lines(ta, &n), *b = split_lines(tb, &m);
    edit *e = a && b ? myers(a, n, b, m, &ne) : NULL;
    if (!e) {
        free(a);
        free(b);
        return fy_err_nomem();
    }
    fy_sbuf o = {0};
    const size_t C = 3;
    size_t i = 0;
    bool header = false;
    while (i < ne) {
        while (i < ne && e[i].op == 0) i++;
        if (i >= ne) break;
        /* a hunk: from C keeps before the change to C keeps after the last change within 2C */
        size_t hs = i >= C ? i - C : 0, he = i;
        for (;;) {
            while (he < ne && e[he].op != 0) he++;
            size_t k = he;
            while (k < ne && e[k].op == 0 && k - he < 2 * C + 1) k++;
            if (k < ne && e[k].op != 0 && k - he <= 2 * C) {
                he = k;
                continue;
            }
            he = he + C < ne ? he + C : ne;
            break;
        }
        size_t astart = e[hs].ai, bstart = e[hs].bi, ac = 0, bc = 0;
        for (size_t k = hs; k < he; k++) ac += e[k].op != 2, bc += e[k].op != 1;
        if (!header) {
            fy_sbuf_printf(&o, "--- %s\n+++ %s\n", aname, bname);
            header = true;
        }
        fy_sbuf_adds(&o, "@@ -");
        range(&o, astart, ac);
        fy_sbuf_adds(&o, " +");
        range(&o, bstart, bc);
        fy_sbuf_adds(&o, " @@\n");
        for (size_t k = hs; k < he; k++) {
            const line *l = e[k].op == 2 ? &b[e[k].bi] : &a[e[k].ai];
            fy_sbuf_addc(&o, " -+"[(int)e[k].op]);
            fy_sbuf_add(&o, l->p, l->n);
            fy_sbuf_addc(&o, '\n');
        }
        i = he;
    }
    free(a);
    free(b);
    free(e);
    if (o.oom) {
        fy_sbuf_free(&o);
        return fy_err_nomem();
    }
    return fy_sbuf_finish(&o);
}
