/* freelist.h - a cache of freed fixed-size objects (ints, floats), linked through their type
 * pointer, so hot arithmetic reuses memory instead of calling malloc. */
#ifndef FLYI_FREELIST_H
#define FLYI_FREELIST_H

#include "objects/object.h"

typedef struct fy_freelist {
    fy_obj *head;
    int count;
} fy_freelist;

/* A cached object (its rc and type to be set by the caller), or NULL when the list is empty. */
static inline void *fy_freelist_pop(fy_freelist *fl) {
    fy_obj *o = fl->head;
    if (o) {
        fl->head = (fy_obj *)o->type;
        fl->count--;
    }
    return o;
}

/* Keep o for reuse unless max objects are cached already; returns 0 when the caller must free it. */
static inline int fy_freelist_push(fy_freelist *fl, fy_obj *o, int max) {
    if (fl->count >= max) return 0;
    o->type = (fy_type *)fl->head;
    fl->head = o;
    fl->count++;
    return 1;
}

#endif
