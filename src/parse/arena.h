/* arena.h - bump allocator owning every AST node of one parse (freed in one call). */
#ifndef FLYI_ARENA_H
#define FLYI_ARENA_H

#include <stddef.h>

typedef struct fy_arena fy_arena;

/* A new empty arena, or NULL on out of memory. */
fy_arena *fy_arena_new(void);
/* Free the arena and everything allocated in it. NULL is fine. */
void fy_arena_free(fy_arena *a);
/* n zeroed bytes aligned for any type, or NULL on out of memory. */
void *fy_arena_alloc(fy_arena *a, size_t n);
/* A NUL-terminated copy of s[0..n) in the arena, or NULL on out of memory. */
char *fy_arena_strndup(fy_arena *a, const char *s, size_t n);
/* Bytes allocated so far (for tests and limits). */
size_t fy_arena_used(const fy_arena *a);

#endif
