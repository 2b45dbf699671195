/* traceback.c - format flyi_error frames like IPython does, with ANSI colors. */
#include "traceback.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "utf8.h"

#define RED "\x1b[0;31m"
#define GREEN "\x1b[0;32m"
#define CYAN "\x1b[0;36m"
#define BOLDRED "\x1b[1;31m"
#define RESET "\x1b[0m"

/* A growable string. */
typedef struct sbuf {
    char *s;
    size_t len, cap;
} sbuf;

static void sb_add(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_add(sbuf *b, const char *fmt, ...) {
    va_list ap, ap2;
    va_start(ap, fmt);
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0) {
        va_end(ap2);
        return;
    }
    if (b->len + (size_t)n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 256;
        while (cap < b->len + (size_t)n + 1) cap *= 2;
        char *s = realloc(b->s, cap);
        if (!s) {
            va_end(ap2);
            return;
        }
        b->s = s;
        b->cap = cap;
    }
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap2);
    va_end(ap2);
    b->len += (size_t)n;
}

static void push(json_t *arr, sbuf *b) {
    json_array_append_new(arr, fk_json_strn(b->s ? b->s : "", b->len));
    free(b->s);
    memset(b, 0, sizeof *b);
}

/* "<cell 3>" -> "Cell In [3]"; anything else -> File path */
static void frame_title(sbuf *b, const flyi_frame *f) {
    const char *file = f->file ? f->file : "<unknown>";
    int cell;
    if (sscanf(file, "<cell %d>", &cell) == 1) sb_add(b, "Cell " GREEN "In [%d], line %d" RESET, cell, f->line);
    else sb_add(b, "File " GREEN "%s:%d" RESET, file, f->line);
    if (f->function && strcmp(f->function, "<module>")) sb_add(b, ", in " CYAN "%s" RESET, f->function);
    sb_add(b, "\n");
}

json_t *fk_traceback(const flyi_error *err) {
    json_t *tb = json_array();
    const char *type = err && err->type ? err->type : "Error";
    const char *msg = err && err->message ? err->message : "";
    sbuf b = {0};
    if (err && err->nframes) {
        sb_add(&b, RED "---------------------------------------------------------------------------" RESET);
        push(tb, &b);
        sb_add(&b, RED "%s" RESET "%*sTraceback (most recent call last)", type,
               (int)(strlen(type) < 41 ? 42 - strlen(type) : 1), " ");
        push(tb, &b);
        for (size_t i = 0; i < err->nframes; i++) {
            const flyi_frame *f = &err->frames[i];
            frame_title(&b, f);
            if (f->source_line) {
                sb_add(&b, GREEN "----> %d" RESET " %s", f->line, f->source_line);
                int s = f->col_start, e = f->col_end;
                int len = (int)strlen(f->source_line), lo = 0, hi = len;
                while (lo < len && (f->source_line[lo] == ' ' || f->source_line[lo] == '\t')) lo++;
                while (hi > lo && (f->source_line[hi - 1] == ' ' || f->source_line[hi - 1] == '\t')) hi--;
                /* like CPython, no carets when they would underline the whole line */
                if (s >= 0 && e > s && e <= len && !(s <= lo && e >= hi)) {
                    int lw = snprintf(NULL, 0, "----> %d ", f->line);
                    sb_add(&b, "\n%*s" RED, lw + s, "");
                    for (int j = s; j < e; j++) sb_add(&b, "^");
                    sb_add(&b, RESET);
                }
                sb_add(&b, "\n");
            }
            push(tb, &b);
        }
    } else if (err && err->nlines > 1) {
        /* no frames (e.g. a SyntaxError): the engine's lines, uncolored, minus the last */
        for (size_t i = 0; i + 1 < err->nlines; i++) {
            sb_add(&b, "%s", err->lines[i] ? err->lines[i] : "");
            push(tb, &b);
        }
    }
    sb_add(&b, BOLDRED "%s" RESET ": %s", type, msg);
    push(tb, &b);
    return tb;
}
