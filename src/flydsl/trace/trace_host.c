/* trace_host.c - a @flyc.jit function that launches no kernel, traced as host code.
 *
 * FlyDSL compiles a @flyc.jit function into a host function: its numeric-annotated parameters are run-time
 * values, Vectors and DSL arithmetic made in its body emit IR, and the traced text is kept as the call's
 * source IR. flyi interprets jit functions; one whose code (with the functions defined in it) names no
 * `launch` runs the same way under a tracer of its own, so its values behave as FlyDSL's do. A jit function
 * that launches kernels keeps running as plain Python (its arguments are passed on to the launches); so does one
 * that reaches a launch only at run time (a launching jit function made by a builder it calls): the launch
 * unwinds its host trace and it runs again, once, as a launching function (the function remembers it). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compile/code.h"
#include "flydsl/api/dsl.h"
#include "flydsl/api/dsl_numeric.h"
#include "flydsl/trace/trace.h"
#include "flydsl/trace/trace_int.h"

/* Does code co (or a code object among its constants, recursively) name `launch`? */
static int names_launch(fy_code *co, int depth) {
    if (depth > 16) return 1;
    if (co->names && FY_TUPLE_CHECK(co->names))
        for (int64_t i = 0; i < (int64_t)FY_TUPLE_N(co->names); i++) {
            fy_obj *n = FY_TUPLE_ITEMS(co->names)[i];
            if (FY_STR_CHECK(n) && !strcmp(FY_STR_DATA(n), "launch")) return 1;
        }
    if (co->consts && FY_TUPLE_CHECK(co->consts))
        for (int64_t i = 0; i < (int64_t)FY_TUPLE_N(co->consts); i++) {
            fy_obj *c = FY_TUPLE_ITEMS(co->consts)[i];
            if (FY_TYPE(c) == &fy_code_type && names_launch((fy_code *)c, depth + 1)) return 1;
        }
    return 0;
}

int fy_trace_host_wanted(fy_obj *fnobj) {
    if (fy_trace_cur() || FY_TYPE(fnobj) != &fy_function_type) return 0;
    fy_function *fn = (fy_function *)fnobj;
    if (fn->code->flags & FY_CO_GENERATOR) return 0;
    return !names_launch(fn->code, 0);
}

/* The numeric type annotating positional parameter i of fn, or NULL. */
static fy_dsl_numeric *param_numeric(fy_function *fn, size_t i) {
    if (!fn->annotations || !FY_DICT_CHECK(fn->annotations) || i >= (size_t)fn->code->argcount) return NULL;
    fy_obj *ann = fy_dict_get(fn->annotations, FY_TUPLE_ITEMS(fn->code->varnames)[i]);
    if (!ann || !FY_DSL_IS_NUMERIC_TYPE(ann)) return NULL;
    return (fy_dsl_numeric *)ann;
}

/* The cache key of the call: per argument its numeric type's name when it is a run-time value, else the
 * value itself for Python scalars, strings and None, else its type's name. */
static fy_obj *call_key(fy_obj *const *v, size_t n) {
    fy_obj *k = fy_tuple_new(n);
    for (size_t i = 0; k && i < n; i++) {
        fy_obj *x = v[i], *e;
        if (FY_DSL_NUM_CHECK(x) && !((fy_dsl_num *)x)->is_static) e = fy_str_from_cstr(((fy_dsl_num *)x)->dt->name);
        else if (FY_INT_CHECK(x) || FY_FLOAT_CHECK(x) || FY_STR_CHECK(x) || x == fy_None) e = fy_ref(x);
        else e = fy_str_from_cstr(fy_type_name(x));
        if (!e) FY_CLEAR(k);
        else fy_tuple_set_steal(k, i, e);
    }
    return k;
}

int fy_trace_host_reached_launch(void) {
    fy_tracer *t = fy_trace_cur();
    if (!t || !t->host_fn) return 0;
    t->host_launch = 1;
    fy_err_set(&fy_RuntimeError, "a kernel launch in a @flyc.jit function traced as host code (flyi runs the function "
                                 "again as a launching one)");
    return -1;
}

/* text with each SSA name %<ids[k]> (a parameter's) spelled %arg<k>, as MLIR prints a function's arguments;
 * NULL when out of memory. */
static char *name_params(const char *text, const uint64_t *ids, size_t n) {
    size_t len = strlen(text), cap = len + 8 * n + 1, o = 0;
    char *r = malloc(cap);
    if (!r) return NULL;
    for (const char *p = text; *p;) {
        if (*p == '%' && p[1] >= '0' && p[1] <= '9') {
            char *end;
            unsigned long long id = strtoull(p + 1, &end, 10);
            size_t k = 0;
            while (k < n && (ids[k] & 0xffffffffu) != id) k++; /* the low half: the handle without its trace */
            if (k < n) {
                char buf[32];
                int w = snprintf(buf, sizeof buf, "%%arg%zu", k);
                if (o + (size_t)w + strlen(end) + 1 > cap) {
                    cap = (o + (size_t)w + strlen(end) + 1) * 2;
                    char *g = realloc(r, cap);
                    if (!g) {
                        free(r);
                        return NULL;
                    }
                    r = g;
                }
                memcpy(r + o, buf, (size_t)w);
                o += (size_t)w;
                p = end;
                continue;
            }
        }
        if (o + 2 > cap) {
            char *g = realloc(r, cap *= 2);
            if (!g) {
                free(r);
                return NULL;
            }
            r = g;
        }
        r[o++] = *p++;
    }
    r[o] = 0;
    return r;
}

fy_obj *fy_trace_host_call(fy_obj *fnobj, fy_obj *const *a, size_t na, fy_obj *kw, char **ir, fy_obj **key,
                           int *relaunch) {
    *ir = NULL;
    *key = NULL;
    *relaunch = 0;
    fy_function *fn = (fy_function *)fnobj;
    const char *name = FY_STR_CHECK(fn->name) ? FY_STR_DATA(fn->name) : "jit";
    size_t n = na + fy_kwcount(kw);
    fy_tracer tr = {0};
    tr.host = 1;
    fy_trace_begin(&tr, name);
    tr.host_fn = 1;
    fy_obj **v = fy_calloc(n ? n : 1, sizeof *v), *res = NULL;
    uint64_t *ids = fy_calloc(n ? n : 1, sizeof *ids);
    size_t nids = 0;
    if (!v || !ids) {
        fy_free(v);
        fy_free(ids);
        fy_trace_free(&tr);
        return NULL;
    }
    for (size_t i = 0; i < n; i++) {
        fy_dsl_numeric *t = i < na ? param_numeric(fn, i) : NULL;
        if (!t && i < na && fy_trace_pystruct_vals(a[i])) { /* an fx.struct: a run-time value per field */
            if (!(v[i] = fy_trace_struct_param(&tr, (int)i, a[i], 1))) goto out;
            continue;
        }
        if (!t) {
            v[i] = fy_ref(a[i]);
            continue;
        }
        fy_obj *chk = fy_dsl_num_convert(t, a[i]); /* the argument must convert, as at a launch */
        if (!chk) goto out;
        FY_DECREF(chk);
        ids[nids] =
            fy_trace_add_param(&tr, fy_trace_mlir_type(t), (fy_trace_param){.kind = FY_TP_NUM, .argi = (int)i, .t = t});
        v[i] = fy_dsl_num_dynamic(t, ids[nids++]);
        if (!v[i]) goto out;
    }
    if (!(*key = call_key(v, n))) goto out;
    fy_tracer *prev = fy_trace_set(&tr);
    res = fy_call(fnobj, v, na, kw);
    fy_trace_set(prev);
    if (tr.host_launch) { /* whatever the body did with the RuntimeError that unwound it */
        FY_XDECREF(res);
        res = NULL;
        fy_err_clear();
        *relaunch = 1;
    } else if (res && tr.stale) {
        fy_trace_stale_error(&tr, name);
        FY_CLEAR(res);
    } else if (res && tr.failed) {
        fy_err_nomem();
        FY_CLEAR(res);
    }
    if (res) {
        size_t cap = tr.len + tr.plen + strlen(name) + 128;
        char *text = malloc(cap);
        if (!text) {
            FY_CLEAR(res);
            FY_CLEAR(*key);
            fy_err_nomem();
            goto out;
        }
        snprintf(text, cap, "module {\n  func.func @%s(%s) {\n%s    return\n  }\n}\n", name, tr.params ? tr.params : "",
                 tr.body ? tr.body : "");
        *ir = name_params(text, ids, nids);
        free(text);
        if (!*ir) {
            FY_CLEAR(res);
            FY_CLEAR(*key);
            fy_err_nomem();
        }
    }
out:
    if (!res) FY_CLEAR(*key);
    for (size_t i = 0; i < n; i++) FY_XDECREF(v[i]);
    fy_free(v);
    fy_free(ids);
    fy_trace_free(&tr);
    return res;
}

/* A tuple the host IR can hold: dynamic leaves bound to values, no basis with a runtime coefficient. */
static int host_tuple_ok(const fly_inttuple *t) {
    for (int i = 0; i < fly_inttuple_nodes(t); i++) {
        const fly_itnode *n = &t->n[i];
        if ((n->kind == FLY_IT_DYN && n->v <= 0) || (n->kind == FLY_IT_BASIS && (n->flags & FLY_IT_F_DYNCOEF)))
            return 0;
    }
    return 1;
}

fy_obj *fy_trace_host_value(fy_obj *v) {
    fy_tracer *tr = fy_trace_cur();
    if (!v || !tr || !tr->host) return v;
    uint64_t ssa;
    if (fy_isinstance_of(v, &fy_dsl_inttuple_type)) {
        const fly_inttuple *t = &((fy_dsl_inttuple *)v)->t;
        if (host_tuple_ok(t) && fy_trace_tuple_ssa(tr, t, &ssa) < 0) fy_err_clear();
    } else if (fy_isinstance_of(v, &fy_dsl_layout_type)) {
        const fly_layout *L = &((fy_dsl_layout *)v)->L;
        if (host_tuple_ok(&L->shape) && host_tuple_ok(&L->stride) && fy_trace_layout_ssa(tr, L, &ssa) < 0)
            fy_err_clear();
    }
    return v;
}
