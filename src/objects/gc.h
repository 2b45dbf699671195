/* gc.h - the cycle collector's per-object header (internal to src/).
 *
 * Objects of types with FY_TPF_GC carry an fy_gchead just before them and sit on one
 * doubly-linked list. fy_gc_collect() finds groups of objects kept alive only by references
 * among themselves (trial deletion over type->traverse) and breaks them with type->clear. */
#ifndef FLYI_GC_H
#define FLYI_GC_H
#include <stdint.h>
#include "objects/object.h"

typedef struct fy_gchead {
    struct fy_gchead *next, *prev;
    intptr_t refs;
} fy_gchead;
#define FY_AS_GC(o) ((fy_gchead *)(o) - 1)
#define FY_FROM_GC(g) ((fy_obj *)((fy_gchead *)(g) + 1))
extern fy_gchead fy_gc_list;
/* Collect if enough container allocations happened since the last collection. */
void fy_gc_maybe_collect(void);
#endif
