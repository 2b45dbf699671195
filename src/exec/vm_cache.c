/* vm_cache.c - filling the evaluation loop's attribute and method inline caches (vm_cache.h), and
 * freeing them with their code object. */
#include <stdlib.h>
#include <string.h>

#include "exec/interp.h"
#include "exec/vm.h"
#include "exec/vm_cache.h"

void fy_vm_code_caches_free(fy_code *co) {
    if (!co->cache || !co->code) return;
    for (int i = 0; i < co->ncode; i++) {
        int op = FY_OPC(co->code[i]);
        if (op == OP_LOAD_ATTR || op == OP_STORE_ATTR || op == OP_LOAD_METHOD) {
            free(co->cache[i]);
            co->cache[i] = NULL;
        }
    }
}

void fy_vm_ic_put(fy_code *co, int cur, fy_type *t, uintptr_t v) {
    fy_vm_attr_ic *ic = co->cache[cur];
    if (!ic && !(ic = co->cache[cur] = calloc(1, sizeof *ic))) return;
    if (ic->epoch != fy_type_epoch) {
        memset(ic, 0, sizeof *ic);
        ic->epoch = fy_type_epoch;
    }
    int k = 0;
    while (k < FY_IC_WAYS - 1 && ic->t[k] && ic->t[k] != t) k++;
    for (; k > 0; k--) {
        ic->t[k] = ic->t[k - 1];
        ic->v[k] = ic->v[k - 1];
    }
    ic->t[0] = t;
    ic->v[0] = v;
}

static bool attr_cacheable(fy_type *t, fy_obj *name, bool store) {
    if (!(t->flags & FY_TPF_HEAP) || !t->dictoffset || t->dictoffset == FY_DICTOFF_VAR) return false;
    if (store ? (t->setattr && t->setattr != fy_generic_setattr) : (t->getattr && t->getattr != fy_generic_getattr))
        return false;
    fy_obj *descr = fy_type_lookup(t, name);
    if (!descr) return true;
    return store ? !descr->type->descr_set : !(descr->type->descr_get && descr->type->descr_set);
}

void fy_vm_attr_cache_fill(fy_code *co, int cur, fy_obj *o, fy_obj *name, bool store) {
    fy_type *t = o->type;
    if (!FY_STR_CHECK(name) || !attr_cacheable(t, name, store)) return;
    fy_obj *d = *fy_vm_fixed_dict_slot(o, t);
    if (!d || !FY_DICT_CHECK(d)) return;
    int64_t ix = fy_dict_find_str(d, name);
    if (ix < 0) return;
    fy_vm_ic_put(co, cur, t, (uintptr_t)ix);
}
