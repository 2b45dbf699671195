/* trace_fx.c - kernel-only names of flydsl.expr: thread_idx / block_idx / block_dim / grid_dim (.x .y .z
 * give dynamic Int32), printf (fly.print with FlyDSL's "{}" placeholders; Python values inlined at
 * trace time), barrier, and the Constexpr annotation marker. */
#include <stdio.h>
#include <string.h>

#include "flydsl/mlir/mlir.h"
#include "flydsl/trace/trace_int.h"

#define U(x) ((unsigned long long)(x))

/* ------------------------------------------------------------------ thread_idx and friends */

typedef struct dim3 {
    fy_obj h;
    const char *op;
    const char *name;
} dim3;

static fy_obj *dim_get(dim3 *d, char axis) {
    fy_tracer *tr = fy_trace_cur();
    if (!tr) return fy_err_format(&fy_RuntimeError, "fx.%s.%c is only available inside a kernel", d->name, axis);
    uint64_t a = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = gpu.%s %c", U(a), d->op, axis);
    fy_trace_end_line(tr);
    uint64_t b = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = arith.index_cast %%%llu : index to i32", U(b), U(a));
    fy_trace_end_line(tr);
    return tr->failed ? fy_err_nomem() : fy_dsl_num_dynamic(&fy_dsl_t_i32, b);
}

static fy_obj *g_x(fy_obj *s) { return dim_get((dim3 *)s, 'x'); }
static fy_obj *g_y(fy_obj *s) { return dim_get((dim3 *)s, 'y'); }
static fy_obj *g_z(fy_obj *s) { return dim_get((dim3 *)s, 'z'); }

static fy_obj *dim_iter(fy_obj *s) {
    fy_obj *t = fy_tuple_new(3);
    if (!t) return NULL;
    fy_obj *(*g[3])(fy_obj *) = {g_x, g_y, g_z};
    for (int i = 0; i < 3; i++) {
        fy_obj *v = g[i](s);
        if (!v) {
            for (int j = i; j < 3; j++) fy_tuple_set_steal(t, (size_t)j, fy_none());
            FY_DECREF(t);
            return NULL;
        }
        fy_tuple_set_steal(t, (size_t)i, v);
    }
    fy_obj *it = fy_iter(t);
    FY_DECREF(t);
    return it;
}
static fy_obj *dim_repr(fy_obj *s) { return fy_str_printf("<fx.%s>", ((dim3 *)s)->name); }

static fy_getsetdef dim_getsets[] = {
    {"x", g_x, NULL, "x index (dynamic Int32)"}, {"y", g_y, NULL, "y index"}, {"z", g_z, NULL, "z index"}, {0}};

static fy_type dim3_type = {
    FY_TYPE_INIT("Tuple3D", sizeof(dim3)),
    .flags = FY_TPF_FINAL,
    .repr = dim_repr,
    .iter = dim_iter,
    .getsets = dim_getsets,
};

static dim3 d_tid = {{FY_IMMORTAL_RC, &dim3_type}, "thread_id", "thread_idx"};
static dim3 d_bid = {{FY_IMMORTAL_RC, &dim3_type}, "block_id", "block_idx"};
static dim3 d_bdim = {{FY_IMMORTAL_RC, &dim3_type}, "block_dim", "block_dim"};
static dim3 d_gdim = {{FY_IMMORTAL_RC, &dim3_type}, "grid_dim", "grid_dim"};

/* ------------------------------------------------------------------ printf */

/* fy_sbuf's append, as 0 or -1 (out of memory, MemoryError set). */
static int sb_put(fy_sbuf *b, const char *s, size_t n) {
    fy_sbuf_add(b, s, n);
    return b->oom ? -1 : 0;
}
/* Appends s escaped for an MLIR string literal. */
static int sb_put_esc(fy_sbuf *b, const char *s, size_t n) {
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '"' || c == '\\') {
            if (sb_put(b, "\\", 1) < 0) return -1;
        } else if (c == '\n') {
            if (sb_put(b, "\\0A", 3) < 0) return -1;
            continue;
        }
        if (sb_put(b, &c, 1) < 0) return -1;
    }
    return 0;
}

/* The trace-time text of a Python value inlined into the format: str(), or a class's __name__. */
static fy_obj *inline_text(fy_obj *o) {
    if (FY_TYPE(o) == &fy_type_type || fy_type_is_subtype(FY_TYPE(o), &fy_type_type))
        return fy_getattr_cstr(o, "__name__");
    return fy_str(o);
}

static fy_obj *f_printf(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    if (fy_no_kwargs("printf", kw) < 0) return NULL;
    fy_tracer *tr = fy_trace_cur();
    if (!tr) return fy_trace_host_printf(a, na); /* host code: printed now (trace_fxcompat.c) */
    const char *fmt = NULL;
    size_t first = 0;
    if (na && FY_STR_CHECK(a[0])) {
        fmt = FY_STR_DATA(a[0]);
        first = 1;
    }
    fy_sbuf out = {0}, defaultfmt = {0};
    if (!fmt) {
        for (size_t i = 0; i < na; i++)
            if (sb_put(&defaultfmt, i ? " {}" : "{}", i ? 3 : 2) < 0) return NULL;
        fmt = defaultfmt.p ? defaultfmt.p : "";
    }
    uint64_t vals[64];
    const char *types[64];
    int nv = 0;
    size_t ai = first;
    int err = 0;
    uint64_t vssa;
    fy_dsl_numeric *vet;
    int64_t vn;
    fy_obj *held = NULL; /* the DSL value made from an ir.Value argument */
    for (const char *p = fmt; *p && !err; p++) {
        if ((p[0] == '{' || p[0] == '}') && p[1] == p[0]) { /* "{{" / "}}": a literal brace, kept escaped */
            err = sb_put(&out, p, 2) < 0;
            p++;
        } else if (p[0] == '{' && (p[1] == '}' || p[1] == ':') && ai < na) {
            /* "{}" or "{:spec}" (a Python format spec, applied by the runtime's printf decoder) */
            const char *close = strchr(p, '}');
            if (!close) {
                fy_err_set(&fy_ValueError, "printf: '{' without a closing '}' in the format");
                err = 1;
                break;
            }
            size_t speclen = (size_t)(close - p - 1); /* ":spec" or "" */
            fy_obj *arg = a[ai++];
            /* an ir.Value of the bindings (flydsl._mlir): printed as the fx numeric or Vector over it */
            FY_CLEAR(held);
            if (!FY_DSL_NUM_CHECK(arg) && (held = fy_mlir_as_dsl_value(arg))) arg = held;
            if (FY_DSL_NUM_CHECK(arg)) {
                if (nv >= 64) {
                    fy_err_set(&fy_ValueError, "printf: too many arguments");
                    err = 1;
                    break;
                }
                fy_dsl_num *v = (fy_dsl_num *)arg;
                if (fy_trace_value_as(tr, arg, v->dt, &vals[nv]) < 0) {
                    err = 1;
                    break;
                }
                types[nv++] = fy_trace_mlir_type(v->dt);
                err = sb_put(&out, "{", 1) < 0 || sb_put_esc(&out, p + 1, speclen) < 0 || sb_put(&out, "}", 1) < 0;
            } else if (FY_STR_CHECK(arg) || FY_INT_CHECK(arg) || FY_FLOAT_CHECK(arg) || arg == fy_None ||
                       FY_TYPE(arg) == &fy_type_type) {
                /* a Python value: formatted now (with the spec, as format() does) and inlined */
                fy_obj *s = NULL;
                if (speclen) {
                    fy_obj *spec = fy_str_from_utf8(p + 2, speclen - 1);
                    s = spec ? fy_format(arg, spec) : NULL;
                    FY_XDECREF(spec);
                } else {
                    s = inline_text(arg);
                }
                if (!s) {
                    err = 1;
                    break;
                }
                for (const char *c = FY_STR_DATA(s); *c && !err; c++) /* braces in the text stay literal */
                    err = (*c == '{' || *c == '}' ? sb_put(&out, c, 1) < 0 : 0) || sb_put_esc(&out, c, 1) < 0;
                FY_DECREF(s);
            } else if (fy_tvector_parts(arg, &vssa, &vet, &vn) == 0) {
                /* a Vector: "[a, b, ...]", each element with the spec */
                if (nv + vn > 64) {
                    fy_err_set(&fy_ValueError, "printf: too many arguments");
                    err = 1;
                    break;
                }
                char vt[64];
                snprintf(vt, sizeof vt, "vector<%lldx%s>", (long long)vn, fy_trace_mlir_type(vet));
                err = sb_put(&out, "[", 1) < 0;
                for (int64_t e = 0; e < vn && !err; e++) {
                    uint64_t id = fy_trace_new_ssa(tr);
                    fy_trace_emit(tr, "      %%%llu = vector.extract %%%llu[%lld] : %s from %s", U(id), U(vssa),
                                  (long long)e, fy_trace_mlir_type(vet), vt);
                    fy_trace_end_line(tr);
                    vals[nv] = id;
                    types[nv++] = fy_trace_mlir_type(vet);
                    err = (e && sb_put(&out, ", ", 2) < 0) || sb_put(&out, "{", 1) < 0 ||
                          sb_put_esc(&out, p + 1, speclen) < 0 || sb_put(&out, "}", 1) < 0;
                }
                err = err || sb_put(&out, "]", 1) < 0;
            } else {
                fy_err_format(&fy_TypeError, "printf: cannot print a value of type '%s' from a kernel",
                              fy_type_name(arg));
                err = 1;
            }
            p = close;
        } else {
            err = sb_put_esc(&out, p, 1) < 0;
        }
    }
    FY_XDECREF(held);
    fy_sbuf_free(&defaultfmt);
    if (err) {
        fy_sbuf_free(&out);
        return NULL;
    }
    fy_trace_emit(tr, "      \"fly.print\"(");
    for (int i = 0; i < nv; i++) fy_trace_emit(tr, "%s%%%llu", i ? ", " : "", U(vals[i]));
    fy_trace_emit(tr, ") {format = \"%s\"} : (", out.p ? out.p : "");
    for (int i = 0; i < nv; i++) fy_trace_emit(tr, "%s%s", i ? ", " : "", types[i]);
    fy_trace_emit(tr, ") -> ()");
    fy_trace_end_line(tr);
    fy_sbuf_free(&out);
    return tr->failed ? fy_err_nomem() : fy_none();
}

static fy_obj *f_barrier(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self, (void)a;
    if (fy_no_kwargs("barrier", kw) < 0 || fy_check_nargs("barrier", na, 0, 0) < 0) return NULL;
    fy_tracer *tr = fy_trace_cur();
    if (!tr) return fy_err_set(&fy_RuntimeError, "fx.barrier is only available inside a kernel");
    fy_trace_emit(tr, "      gpu.barrier");
    fy_trace_end_line(tr);
    return fy_none();
}

static fy_methoddef fx_funcs[] = {
    {"printf", f_printf, 0, "printf(fmt, *args)\nDevice printf with {} placeholders (kernels only)."},
    {"barrier", f_barrier, 0, "barrier()\nWorkgroup barrier (kernels only)."},
    {0}};

/* ------------------------------------------------------------------ Constexpr */

/* fx.Constexpr, and fx.Constexpr[T]: a new one remembering T (its _inner: the Python type a struct's Constexpr
 * field takes, flydsl.expr._composite); both contribute no ir.Values (FlyDSL's DslType of no values). */
typedef struct cexpr {
    fy_obj h;
    fy_obj *inner;
} cexpr;
static fy_type cexpr_type;
static fy_obj *cexpr_getitem(fy_obj *s, fy_obj *k) {
    (void)s;
    cexpr *c = (cexpr *)fy_alloc(&cexpr_type);
    if (c) c->inner = fy_ref(k);
    return c ? &c->h : NULL;
}
static void cexpr_dealloc(fy_obj *s) { FY_CLEAR(((cexpr *)s)->inner); }
static fy_obj *cexpr_repr(fy_obj *s) {
    (void)s;
    return fy_str_from_cstr("Constexpr");
}
static fy_obj *cexpr_inner(fy_obj *s) { return fy_ref(((cexpr *)s)->inner ? ((cexpr *)s)->inner : fy_None); }
static fy_obj *cexpr_no_values(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s, (void)a;
    if (fy_no_kwargs("Constexpr", kw) < 0 || fy_check_nargs("Constexpr", na, 0, 0) < 0) return NULL;
    return fy_list_new(0);
}
static fy_methoddef cexpr_methods[] = {
    {"__extract_to_ir_values__", cexpr_no_values, 0, "__extract_to_ir_values__()\nNo values: []."},
    {"__get_ir_types__", cexpr_no_values, 0, "__get_ir_types__()\nNo types: []."},
    {0}};
static fy_getsetdef cexpr_gs[] = {{"_inner", cexpr_inner, NULL, "T of Constexpr[T], else None"}, {0}};
static fy_type cexpr_type = {
    FY_TYPE_INIT("ConstexprType", sizeof(cexpr)),
    .flags = FY_TPF_FINAL,
    .repr = cexpr_repr,
    .dealloc = cexpr_dealloc,
    .getitem = cexpr_getitem,
    .methods = cexpr_methods,
    .getsets = cexpr_gs,
};
static cexpr the_constexpr = {{FY_IMMORTAL_RC, &cexpr_type}, NULL};

/* A TiledCopy / CopyAtom annotation also marks a trace-time value: it specialises the kernel like a Constexpr. */
int fy_trace_is_constexpr(fy_obj *a) { return a && (FY_TYPE(a) == &cexpr_type || fy_trace_is_copy_type(a)); }

int fy_trace_add_fx(fy_obj *m) {
    if (fy_type_ready(&dim3_type) < 0 || fy_type_ready(&cexpr_type) < 0) return -1;
    if (fy_module_add(m, "thread_idx", &d_tid.h) < 0 || fy_module_add(m, "block_idx", &d_bid.h) < 0 ||
        fy_module_add(m, "block_dim", &d_bdim.h) < 0 || fy_module_add(m, "grid_dim", &d_gdim.h) < 0 ||
        fy_module_add(m, "Constexpr", &the_constexpr.h) < 0)
        return -1;
    for (fy_methoddef *d = fx_funcs; d->name; d++) {
        fy_obj *f = fy_cfunction_new(d, m);
        if (!f || fy_module_add_steal(m, d->name, f) < 0) return -1;
    }
    return fy_trace_add_compat_fx(m);
}
