/* trace_cache.c - the session's in-memory compile cache: a launch whose key matches an earlier one reuses
 * its CompiledKernel without tracing again. The key: the kernel's code object (a kernel redefined in a
 * later cell is a new one: never stale), the functions and JitFunctions its code names in its globals
 * (a redefined helper misses), its closure's values, the target, and per argument: Constexpr values
 * with their types, numeric parameter types, tensors' dtype, shape and strides (static layouts).
 * Unhashable Constexpr values compile without the cache. Kept in flydsl.compiler's namespace
 * (_cache, _cache_hits, _cache_misses); flyc.cache_info() reports it. */
#include <stdio.h>
#include <string.h>

#include "code.h"
#include "interp.h"
#include "torch/torch.h"
#include "trace/trace_int.h"

static fy_obj *compiler_module(void) { return fy_dict_get_cstr(fy_cur->modules, "flydsl.compiler"); }

/* Appends a new reference v (stolen) to list l; -1 on failure. */
static int push(fy_obj *l, fy_obj *v) { return v ? fy_list_append_steal(l, v) : -1; }

static fy_obj *arg_key(fy_function *fn, size_t i, fy_obj *arg) {
    fy_obj *ann = NULL;
    if (fn->annotations && (size_t)fn->code->argcount > i)
        ann = fy_dict_get(fn->annotations, FY_TUPLE_ITEMS(fn->code->varnames)[i]);
    if (fy_trace_is_constexpr(ann)) {
        if (fy_hash(arg) == -1) return NULL;
        fy_obj *t = fy_tuple_new(2);
        if (!t) return NULL;
        fy_tuple_set_steal(t, 0, fy_ref(&FY_TYPE(arg)->h));
        fy_tuple_set_steal(t, 1, fy_ref(arg));
        return t;
    }
    if (FY_TORCH_CHECK(arg)) {
        fy_torch_tensor *x = FY_TT(arg);
        char b[512];
        size_t k = (size_t)snprintf(b, sizeof b, "T%d d%d:", x->dtype, x->st->dev.type);
        for (int d = 0; d < x->ndim && k < sizeof b; d++)
            k += (size_t)snprintf(b + k, sizeof b - k, "%lld/%lld,", (long long)x->shape[d], (long long)x->stride[d]);
        return fy_str_from_cstr(b);
    }
    if (ann && FY_TYPE(ann) == &fy_dsl_numeric_type) return fy_ref(ann);
    fy_obj *n = fy_dsl_as_numeric(arg);
    if (!n) return fy_str_printf("O%s", fy_type_name(arg)); /* rejected when traced */
    fy_obj *r = fy_ref(&((fy_dsl_num *)n)->dt->h);
    FY_DECREF(n);
    return r;
}

/* The cache key, or NULL (with an exception only for real errors; unhashable values clear it). */
static fy_obj *make_key(fy_function *fn, fy_obj *const *args, size_t nargs, const char *target) {
    fy_obj *l = fy_list_new(0);
    if (!l) return NULL;
    if (push(l, fy_ref(&fn->code->h)) < 0 || push(l, fy_str_from_cstr(target ? target : "gfx942")) < 0) goto fail;
    size_t nn;
    fy_obj **names = fy_seq_items(fn->code->names, &nn);
    for (size_t i = 0; names && i < nn; i++) {
        fy_obj *g = fy_dict_get(fn->globals, names[i]);
        if (g && (FY_TYPE(g) == &fy_function_type || !strcmp(FY_TYPE(g)->name, "JitFunction")))
            if (push(l, fy_ref(g)) < 0) goto fail;
    }
    size_t nc = 0;
    fy_obj **cells = fn->closure ? fy_seq_items(fn->closure, &nc) : NULL;
    for (size_t i = 0; cells && i < nc; i++) {
        fy_obj *v = ((fy_cell *)cells[i])->ref;
        if (v && fy_hash(v) == -1) goto fail;
        if (push(l, fy_ref(v ? v : fy_None)) < 0) goto fail;
    }
    for (size_t i = 0; i < nargs; i++)
        if (push(l, arg_key(fn, i, args[i])) < 0) goto fail;
    fy_obj *t = fy_sequence_tuple(l);
    FY_DECREF(l);
    return t;
fail:
    FY_DECREF(l);
    return NULL;
}

static int bump(fy_obj *m, const char *name) {
    fy_obj *v = fy_dict_get_cstr(FY_MODULE_DICT(m), name);
    fy_obj *n = fy_int_from(v && FY_INT_CHECK(v) ? FY_INT_VAL(v) + 1 : 1);
    return n ? fy_module_add_steal(m, name, n) : -1;
}

fy_obj *fy_trace_compile_cached(fy_obj *fnobj, const char *name, fy_obj *const *args, size_t nargs, const char *target) {
    fy_obj *m = compiler_module();
    if (!m || FY_TYPE(fnobj) != &fy_function_type) return fy_trace_compile_kernel(fnobj, name, args, nargs, target);
    fy_obj *key = make_key((fy_function *)fnobj, args, nargs, target);
    if (!key) {
        fy_obj *e = fy_err_occurred();
        if (e && !fy_isinstance_of(e, &fy_TypeError)) return NULL;
        fy_err_clear(); /* unhashable: no caching */
        return fy_trace_compile_kernel(fnobj, name, args, nargs, target);
    }
    fy_obj *cache = fy_dict_get_cstr(FY_MODULE_DICT(m), "_cache");
    if (!cache || !FY_DICT_CHECK(cache)) {
        if (fy_module_add_steal(m, "_cache", fy_dict_new()) < 0) goto fail;
        cache = fy_dict_get_cstr(FY_MODULE_DICT(m), "_cache");
    }
    fy_obj *hit = fy_dict_get(cache, key);
    if (hit) {
        FY_DECREF(key);
        return bump(m, "_cache_hits") < 0 ? NULL : fy_ref(hit);
    }
    if (fy_err_occurred()) goto fail;
    fy_obj *ck = fy_trace_compile_kernel(fnobj, name, args, nargs, target);
    if (!ck || bump(m, "_cache_misses") < 0 || fy_dict_set(cache, key, ck) < 0) {
        FY_XDECREF(ck);
        goto fail;
    }
    FY_DECREF(key);
    return ck;
fail:
    FY_DECREF(key);
    return NULL;
}

fy_obj *fy_trace_cache_info(void) {
    fy_obj *m = compiler_module();
    fy_obj *d = fy_dict_new();
    if (!d || !m) return d;
    const char *names[] = {"_cache_hits", "_cache_misses"}, *keys[] = {"hits", "misses"};
    for (int i = 0; i < 2; i++) {
        fy_obj *v = fy_dict_get_cstr(FY_MODULE_DICT(m), names[i]);
        fy_obj *x = v ? fy_ref(v) : fy_int_from(0);
        int r = x ? fy_dict_set_cstr(d, keys[i], x) : -1;
        FY_XDECREF(x);
        if (r < 0) goto fail;
    }
    fy_obj *c = fy_dict_get_cstr(FY_MODULE_DICT(m), "_cache");
    fy_obj *n = fy_int_from(c && FY_DICT_CHECK(c) ? fy_len(c) : 0);
    if (!n || fy_dict_set_cstr(d, "size", n) < 0) {
        FY_XDECREF(n);
        goto fail;
    }
    FY_DECREF(n);
    return d;
fail:
    FY_DECREF(d);
    return NULL;
}
