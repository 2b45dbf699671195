/* arena.c - bump allocator for AST nodes. */
#include "parse/arena.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct fy_chunk {
    struct fy_chunk *next;
    size_t size, used;
    _Alignas(max_align_t) unsigned char data[];
} fy_chunk;

struct fy_arena {
    fy_chunk *head;
    size_t total;
};

enum { FY_CHUNK_MIN = 64 * 1024 };

fy_arena *fy_arena_new(void) { return calloc(1, sizeof(fy_arena)); }

void fy_arena_free(fy_arena *a) {
    if (!a) return;
    fy_chunk *c = a->head;
    while (c) {
        fy_chunk *n = c->next;
        free(c);
        c = n;
    }
    free(a);
}

void *fy_arena_alloc(fy_arena *a, size_t n) {
    const size_t al = _Alignof(max_align_t);
    if (n > SIZE_MAX / 2) return NULL;
    n = (n + al - 1) & ~(al - 1);
    if (n == 0) n = al;
    fy_chunk *c = a->head;
    if (!c || c->size - c->used < n) {
        size_t sz = n > FY_CHUNK_MIN ? n : FY_CHUNK_MIN;
        c = malloc(sizeof(fy_chunk) + sz);
        if (!c) return NULL;
        c->size = sz;
        c->used = 0;
        if (a->head && n > FY_CHUNK_MIN) {
            /* a big block: keep the current chunk in front for small allocations */
            c->next = a->head->next;
            a->head->next = c;
        } else {
            c->next = a->head;
            a->head = c;
        }
    }
    void *p = c->data + c->used;
    c->used += n;
    a->total += n;
    memset(p, 0, n);
    return p;
}

char *fy_arena_strndup(fy_arena *a, const char *s, size_t n) {
    char *p = fy_arena_alloc(a, n + 1);
    if (!p) return NULL;
    if (n) memcpy(p, s, n);
    p[n] = 0;
    return p;
}

size_t fy_arena_used(const fy_arena *a) { return a->total; }
