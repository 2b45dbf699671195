/* trace_struct_arg.c - fx.struct values (flydsl.expr._composite's classes) as kernel and host-jit arguments, as
 * FlyDSL passes them: each run-time field (a numeric, a tensor or a pointer; those of a nested struct in turn) is a
 * parameter of its own, filled at launch from that field of the argument; Constexpr fields are no parameters and
 * specialise the kernel (the compile cache keys them by value, trace_cache.c). The traced function sees the struct
 * rebuilt over the parameters (its class's _flyi_with). A types.SimpleNamespace kernel argument is split the same way,
 * one parameter per attribute in insertion order (FlyDSL's protocol walks vars(ns)), and rebuilt as a namespace of the
 * same class with the same attribute names. */
#include <stdio.h>
#include <string.h>

#include "flydsl/api/dsl.h"
#include "flydsl/api/dsl_numeric.h"
#include "flydsl/trace/trace_int.h"
#include "flydsl/trace/trace_scf.h"

/* Whether field i of struct value o is a Constexpr field (its class's _flyi_cmask). */
static int field_is_constexpr(fy_obj *o, size_t i) {
    fy_obj *m = fy_type_lookup_cstr(FY_TYPE(o), "_flyi_cmask");
    return m && FY_TUPLE_CHECK(m) && (int64_t)i < FY_TUPLE_N(m) && FY_TUPLE_ITEMS(m)[i] == fy_True;
}

/* Is o a types.SimpleNamespace (or of a subclass)? */
int fy_trace_is_namespace(fy_obj *o) {
    fy_obj *m = o ? fy_dict_get_cstr(fy_cur->modules, "types") : NULL;
    fy_obj *t = m ? fy_dict_get_cstr(FY_MODULE_DICT(m), "SimpleNamespace") : NULL;
    return t && fy_isinstance_of(t, &fy_type_type) && fy_isinstance_of(o, (fy_type *)t);
}

fy_obj *fy_trace_arg_fields(fy_obj *o) {
    fy_obj *v = fy_trace_pystruct_vals(o);
    if (v) return fy_ref(v);
    if (!fy_trace_is_namespace(o)) return NULL;
    fy_obj **d = fy_instance_dict_ptr(o);
    if (!d || !*d) return fy_tuple_new(0);
    fy_obj *t = fy_tuple_new((size_t)((fy_dict *)*d)->used), *k, *val;
    int64_t pos = 0;
    for (size_t i = 0; t && fy_dict_next(*d, &pos, &k, &val); i++) fy_tuple_set_steal(t, i, fy_ref(val));
    return t;
}

fy_obj *fy_trace_ns_names(fy_obj *o) {
    fy_obj **d = fy_instance_dict_ptr(o);
    if (!d || !*d) return fy_tuple_new(0);
    fy_obj *t = fy_tuple_new((size_t)((fy_dict *)*d)->used), *k, *val;
    int64_t pos = 0;
    for (size_t i = 0; t && fy_dict_next(*d, &pos, &k, &val); i++) fy_tuple_set_steal(t, i, fy_ref(k));
    return t;
}

/* Struct or namespace o with its field values replaced by v (declaration / insertion order): a new reference. */
static fy_obj *rebuild(fy_obj *o, fy_obj *const *v) {
    if (fy_trace_pystruct_vals(o)) return fy_trace_struct_with(o, v);
    fy_obj *names = fy_trace_ns_names(o);
    fy_obj *r = names ? fy_call(&FY_TYPE(o)->h, NULL, 0, NULL) : NULL;
    for (size_t i = 0; r && (int64_t)i < FY_TUPLE_N(names); i++)
        if (fy_setattr(r, FY_TUPLE_ITEMS(names)[i], v[i]) < 0) FY_CLEAR(r);
    FY_XDECREF(names);
    return r;
}

/* The parameters of one leaf v (path: its place in the argument); its DSL value over them. */
static fy_obj *leaf_param(fy_tracer *tr, int argi, fy_obj *v, const int *path, int np, int host) {
    int n0 = tr->nparams;
    fy_obj *r = NULL;
    if (!host) {
        r = fy_trace_tensor_param(tr, argi, v, NULL);
        if (!r && !fy_err_occurred()) r = fy_trace_ptr_param(tr, argi, v, NULL);
    }
    if (!r && !fy_err_occurred()) {
        fy_obj *n = fy_dsl_as_numeric(v);
        if (!n) {
            if (!fy_err_occurred())
                fy_err_format(&fy_NotImplementedError,
                              "kernel argument %d: a struct field of type '%s' cannot be a kernel parameter", argi,
                              fy_type_name(v));
            return NULL;
        }
        fy_dsl_numeric *t = ((fy_dsl_num *)n)->dt;
        FY_DECREF(n);
        fy_trace_param p = {.kind = FY_TP_NUM, .argi = argi, .t = t};
        r = fy_dsl_num_dynamic(t, fy_trace_add_param(tr, fy_trace_mlir_type(t), p));
    }
    for (int k = n0; r && k < tr->nparams; k++) {
        tr->pmap[k].npath = np;
        memcpy(tr->pmap[k].path, path, (size_t)np * sizeof *path);
    }
    return r;
}

static fy_obj *split(fy_tracer *tr, int argi, fy_obj *arg, int *path, int np, int host) {
    if (np >= FY_TP_MAXPATH)
        return fy_err_format(&fy_NotImplementedError, "kernel argument %d: structs nested more than %d deep", argi,
                             FY_TP_MAXPATH);
    fy_obj *vals = fy_trace_arg_fields(arg);
    if (!vals) return NULL;
    size_t n = FY_TUPLE_N(vals);
    fy_obj *nv = fy_tuple_new(n);
    if (!nv) {
        FY_DECREF(vals);
        return NULL;
    }
    for (size_t j = 0; j < n; j++) {
        fy_obj *v = FY_TUPLE_ITEMS(vals)[j], *r;
        path[np] = (int)j;
        if (field_is_constexpr(arg, j)) r = fy_ref(v);
        else if (fy_trace_pystruct_vals(v) || (!host && fy_trace_is_namespace(v)))
            r = split(tr, argi, v, path, np + 1, host);
        else r = leaf_param(tr, argi, v, path, np + 1, host);
        if (!r) {
            FY_DECREF(nv);
            FY_DECREF(vals);
            return NULL;
        }
        fy_tuple_set_steal(nv, j, r);
    }
    fy_obj *res = rebuild(arg, FY_TUPLE_ITEMS(nv));
    FY_DECREF(nv);
    FY_DECREF(vals);
    return res;
}

fy_obj *fy_trace_struct_param(fy_tracer *tr, int argi, fy_obj *arg, int host) {
    int path[FY_TP_MAXPATH];
    return split(tr, argi, arg, path, 0, host);
}

fy_obj *fy_trace_param_arg(const fy_trace_param *p, fy_obj *const *args, size_t nargs) {
    if ((size_t)p->argi >= nargs) return fy_err_format(&fy_TypeError, "missing argument %d", p->argi), NULL;
    fy_obj *a = args[p->argi];
    for (int k = 0; k < p->npath; k++) {
        fy_obj *vals = fy_trace_arg_fields(a);
        if (!vals || p->path[k] >= FY_TUPLE_N(vals)) {
            FY_XDECREF(vals);
            return fy_err_format(&fy_TypeError,
                                 "kernel argument %d: expected the struct value the kernel was compiled for, got %s",
                                 p->argi, fy_type_name(a)),
                   NULL;
        }
        a = FY_TUPLE_ITEMS(vals)[p->path[k]]; /* held by the argument (its _flyi_vals or its __dict__) */
        FY_DECREF(vals);
    }
    return a;
}
