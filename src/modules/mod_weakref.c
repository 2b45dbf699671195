/* mod_weakref.c - `_weakref`: the weak reference type (src/objects/obj_weakref.c) for the
 * weakref module written in Python. */
#include "modules/mod_registry.h"
#include "objects/object.h"

static fy_obj *w_getweakrefcount(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("getweakrefcount", kw) < 0 || fy_check_nargs("getweakrefcount", n, 1, 1) < 0) return NULL;
    return fy_int_from(fy_weakref_count(a[0]));
}
static fy_obj *w_getweakrefs(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("getweakrefs", kw) < 0 || fy_check_nargs("getweakrefs", n, 1, 1) < 0) return NULL;
    return fy_weakref_list(a[0]);
}

static fy_methoddef weakref_funcs[] = {
    {"getweakrefcount", w_getweakrefcount, 0, "getweakrefcount(object, /)\nThe number of weak references to object."},
    {"getweakrefs", w_getweakrefs, 0, "getweakrefs(object, /)\nA list of all weak references to object."},
    {NULL, NULL, 0, NULL}};

fy_obj *fy_mod_weakref_init(void) {
    if (fy_type_ready(&fy_weakref_type) < 0) return NULL;
    if (!fy_weakref_type.module && !(fy_weakref_type.module = fy_str_from_cstr("weakref"))) return NULL;
    fy_obj *m = fy_module_new_c("_weakref", weakref_funcs, "Weak-reference support module.");
    if (!m) return NULL;
    fy_module_add(m, "ref", (fy_obj *)&fy_weakref_type);
    fy_module_add(m, "ReferenceType", (fy_obj *)&fy_weakref_type);
    return m;
}
