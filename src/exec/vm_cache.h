/* vm_cache.h - the attribute and method inline caches of the evaluation loop (vm.c; filled in
 * vm_cache.c). Internal to src/exec/.
 *
 * Inline caches of LOAD_ATTR / STORE_ATTR / LOAD_METHOD: co->cache[i] of such an instruction is
 * a fy_vm_attr_ic (made on first use, freed with the code object) of up to FY_IC_WAYS types seen
 * there (a call site sees a class and its subclasses), valid while fy_type_epoch (bumped by every
 * change to a class, its bases or its slots, and by freeing a class) is the one recorded.
 * An attribute entry records a type and the index of the name in its instances' __dict__ entries
 * (checked by identity of the key before use); it is made only where the class has the generic
 * getattr/setattr, a __dict__ at a fixed offset and no data descriptor for the name, so that a
 * hit in the instance __dict__ is exactly what the generic lookup returns. A method entry
 * records the function or C method descriptor found on the type. */
#ifndef FLYI_VM_CACHE_H
#define FLYI_VM_CACHE_H

#include <stdbool.h>
#include <stdint.h>

#include "compile/code.h"
#include "objects/objects_int.h"

#define FY_IC_WAYS 4
typedef struct {
    uint64_t epoch;
    fy_type *t[FY_IC_WAYS];
    uintptr_t v[FY_IC_WAYS]; /* the __dict__ entry index, or the method */
} fy_vm_attr_ic;

/* The way of ic that holds t, or -1. */
static inline int fy_vm_ic_find(const void *p, fy_type *t) {
    const fy_vm_attr_ic *ic = p;
    if (!ic || ic->epoch != fy_type_epoch) return -1;
    for (int k = 0; k < FY_IC_WAYS; k++)
        if (ic->t[k] == t) return k;
    return -1;
}

/* The instance __dict__ slot of o when its type keeps it at a fixed offset, else NULL. */
static inline fy_obj **fy_vm_fixed_dict_slot(fy_obj *o, fy_type *t) {
    return t->dictoffset && t->dictoffset != FY_DICTOFF_VAR ? (fy_obj **)((char *)o + t->dictoffset) : NULL;
}

/* Records t -> v in the cache of instruction cur of co (the newest entry first, the oldest dropped). */
void fy_vm_ic_put(fy_code *co, int cur, fy_type *t, uintptr_t v);
/* After a slow lookup or store of name on o succeeded: records where it sits, when it may be cached. */
void fy_vm_attr_cache_fill(fy_code *co, int cur, fy_obj *o, fy_obj *name, bool store);

#endif
