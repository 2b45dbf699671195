/* small_alloc.h - the small-object allocator: blocks of up to FY_SMALL_MAX bytes in 16-byte classes,
 * carved from 4 KiB pools of one class inside 256 KiB mmap'd arenas (as CPython's pymalloc), so
 * that the interpreter's many short-lived objects (instances, their dicts, floats) never reach
 * glibc's malloc, whose consolidation dominated programs that free tens of thousands at once. */
#ifndef FLYI_SMALL_ALLOC_H
#define FLYI_SMALL_ALLOC_H

#include <stddef.h>

#define FY_SMALL_MAX 512

/* A block of at least n bytes counted in fy_mem_used, or NULL with MemoryError. Sizes over
 * FY_SMALL_MAX (and every size under valgrind, unless FLYI_ARENA=1) go to fy_malloc. */
void *fy_small_alloc(size_t n);
/* Free p from fy_small_alloc, or from fy_malloc (told apart by address). */
void fy_small_free(void *p);
/* How many arenas are held (for tests). */
int fy_small_arenas(void);

#endif
