/* trace_fxcompat.c - names FlyDSL's current examples use around register tensors and launches:
 * fx.Stream (a launch stream placeholder: Stream(None) is the default stream), fx.T (element types:
 * fx.T.f32() is fx.Float32), fx.LayoutType.get(shape, stride) (a static layout), fx.AddressSpace
 * (Global/Shared/Register), fx.MemRefType.get(elem, layout, space) with fx.memref_alloca(type, layout)
 * (a register tensor), the fx.arith module (addf/subf/mulf/divf/addi/subi/muli on scalars and Vectors),
 * fx.FastMathFlags / fx.RoundingMode (also under fx.arith) and `with fx.fastmath(flags)` (flags on the traced float ops, no effect on
 * the emulated results), and fx.printf outside kernels (host code of a @flyc.jit function: printed at once,
 * formatted like device printf). */
#include <stdio.h>
#include <string.h>

#include "flydsl/api/dsl.h"
#include "flydsl/api/dsl_numeric.h"
#include "exec/interp.h"
#include "flydsl/mlir/mlir.h"
#include "flydsl/trace/trace_int.h"

/* ---- fx.Stream ---- */

typedef struct stream {
    fy_obj h;
    fy_obj *v;
} stream;
static void stream_dealloc(fy_obj *o) { FY_CLEAR(((stream *)o)->v); }
static fy_obj *stream_new(fy_type *t, fy_obj *const *a, size_t na, fy_obj *kw) {
    static const char *const names[] = {"stream", NULL};
    fy_obj *v[1] = {NULL};
    if (fy_parse_args("Stream", a, na, kw, names, 0, 1, 1, v) < 0) return NULL;
    stream *s = (stream *)fy_alloc(t);
    if (s) s->v = fy_ref(v[0] ? v[0] : fy_None);
    return &s->h;
}
static fy_obj *stream_repr(fy_obj *o) { return fy_str_printf("Stream(%R)", ((stream *)o)->v); }
/* .value: what the Stream wraps (None, a torch stream, a raw int), as FlyDSL's programs pass to launch() */
static fy_obj *stream_value(fy_obj *o) { return fy_ref(((stream *)o)->v); }
static fy_getsetdef stream_getsets[] = {{"value", stream_value, NULL, "the wrapped stream (None: the default one)"},
                                        {0}};
static fy_type stream_type = {FY_TYPE_INIT("Stream", sizeof(stream)),
                              .flags = FY_TPF_FINAL,
                              .getsets = stream_getsets,
                              .new_ = stream_new,
                              .dealloc = stream_dealloc,
                              .repr = stream_repr,
                              .doc = "Stream(stream=None): the stream a launch goes to (None: the default one)."};

fy_obj *fy_trace_stream_coerce(fy_obj *ann, fy_obj *arg) {
    if (ann != &stream_type.h || FY_TYPE(arg) == &stream_type) return fy_ref(arg);
    if (fy_type_ready(&stream_type) < 0) return NULL;
    stream *s = (stream *)fy_alloc(&stream_type);
    if (s) s->v = fy_ref(arg);
    return &s->h;
}

/* ---- fx.T ---- */

#define TY(fn, name) \
    static fy_obj *fn(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) { \
        (void)s, (void)a; \
        if (fy_no_kwargs(#fn, kw) < 0 || fy_check_nargs(#fn, na, 0, 0) < 0) return NULL; \
        fy_dsl_numeric *t = fy_dsl_numeric_by_name(name); \
        return t ? fy_ref(&t->h) : fy_err_format(&fy_NotImplementedError, "fx.T: no type %s", name); \
    }
TY(f32, "Float32")
TY(f16, "Float16")
TY(bf16, "BFloat16")
TY(f64, "Float64")
TY(i1, "Boolean")
TY(i8, "Int8")
TY(i16, "Int16")
TY(i32, "Int32")
TY(i64, "Int64")
TY(t_index, "Index")
static fy_methoddef t_funcs[] = {{"f32", f32, 0, "f32()"},
                                 {"f16", f16, 0, "f16()"},
                                 {"bf16", bf16, 0, "bf16()"},
                                 {"f64", f64, 0, "f64()"},
                                 {"i1", i1, 0, "i1()"},
                                 {"i8", i8, 0, "i8()"},
                                 {"i16", i16, 0, "i16()"},
                                 {"i32", i32, 0, "i32()"},
                                 {"i64", i64, 0, "i64()"},
                                 {"index", t_index, 0, "index()"},
                                 {0}};

/* ---- fx.LayoutType, fx.AddressSpace, fx.MemRefType ---- */

static fy_obj *layouttype_get(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    static const char *const names[] = {"shape", "stride", NULL};
    fy_obj *v[2] = {NULL, NULL};
    fly_inttuple sh, st;
    fly_layout L;
    fly_error err;
    if (fy_parse_args("LayoutType.get", a, na, kw, names, 1, 2, 2, v) < 0 ||
        fy_dsl_to_inttuple(v[0], &sh, 0, "LayoutType.get", "shape") < 0)
        return NULL;
    if (!v[1] || v[1] == fy_None) {
        if (fly_layout_make_col_major(&L, &sh, &err)) return fy_dsl_raise(&err);
    } else if (fy_dsl_to_inttuple(v[1], &st, 0, "LayoutType.get", "stride") < 0) {
        return NULL;
    } else if (fly_layout_make(&L, &sh, &st, &err)) {
        return fy_dsl_raise(&err);
    }
    return fy_dsl_layout_new(&L);
}
static fy_methoddef layouttype_funcs[] = {{"get", layouttype_get, 0, "get(shape, stride=None)\nA static layout."}, {0}};

typedef struct mrtype {
    fy_obj h;
    fy_dsl_numeric *et;
    int sp;
    fly_layout L;
} mrtype;
static fy_obj *mrtype_repr(fy_obj *o) {
    mrtype *m = (mrtype *)o;
    char ty[640];
    fy_ttensor_type_text(ty, sizeof ty, m->et, m->sp, &m->L);
    return fy_str_from_cstr(ty);
}
static fy_type mrtype_type = {FY_TYPE_INIT("MemRefType", sizeof(mrtype)), .flags = FY_TPF_FINAL, .repr = mrtype_repr};

static fy_obj *memreftype_get(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    static const char *const names[] = {"elem_ty", "layout", "address_space", NULL};
    fy_obj *v[3] = {NULL, NULL, NULL};
    if (fy_parse_args("MemRefType.get", a, na, kw, names, 2, 3, 3, v) < 0) return NULL;
    fy_dsl_numeric *et = fy_dsl_to_numeric_type(v[0], "MemRefType.get");
    if (!et) return NULL;
    int64_t fsp = 3; /* FlyDSL's AddressSpace numbers: 1 global, 2 shared, 3 register */
    if (v[2] && v[2] != fy_None && fy_index(v[2], &fsp) < 0) return NULL;
    if (fsp < 1 || fsp > 3)
        return fy_err_format(&fy_ValueError, "MemRefType.get: unknown address space %lld", (long long)fsp);
    int sp = fsp == 1 ? FY_SP_GLOBAL : fsp == 2 ? FY_SP_SHARED : FY_SP_REG;
    if (fy_type_ready(&mrtype_type) < 0) return NULL;
    mrtype *m = (mrtype *)fy_alloc(&mrtype_type);
    if (!m) return NULL;
    m->et = et;
    m->sp = (int)sp;
    if (fy_dsl_to_layout(v[1], &m->L, 1, "MemRefType.get", "layout") < 0) {
        FY_DECREF(&m->h);
        return NULL;
    }
    return &m->h;
}
static fy_methoddef memreftype_funcs[] = {
    {"get", memreftype_get, 0,
     "get(elem_ty, layout, address_space)\nA memref type (fx.memref_alloca's first argument)."},
    {0}};

/* fx.memref_alloca(memref_type, layout): a register tensor. */
static fy_obj *f_memref_alloca(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    static const char *const names[] = {"memref_type", "layout", NULL};
    fy_obj *v[2] = {NULL, NULL};
    if (fy_parse_args("memref_alloca", a, na, kw, names, 1, 2, 2, v) < 0) return NULL;
    fy_tracer *tr = fy_trace_cur();
    if (!tr) return fy_err_set(&fy_RuntimeError, "fx.memref_alloca is only usable inside a kernel");
    if (FY_TYPE(v[0]) != &mrtype_type)
        return fy_err_format(&fy_TypeError, "memref_alloca: expected an fx.MemRefType, not '%s'", fy_type_name(v[0]));
    mrtype *m = (mrtype *)v[0];
    if (m->sp != FY_SP_REG)
        return fy_err_format(&fy_NotImplementedError, "memref_alloca: only register memory is supported, not %s",
                             fy_trace_space_name(m->sp));
    fly_layout L;
    if (v[1] && v[1] != fy_None) {
        if (fy_dsl_to_layout(v[1], &L, 1, "memref_alloca", "layout") < 0) return NULL;
    } else {
        fly_layout_copy(&L, &m->L);
    }
    return fy_trace_alloca(tr, m->et, &L);
}

/* ---- fx.arith ---- */

#define BIN(fn, op) \
    static fy_obj *fn(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) { \
        (void)s; \
        static const char *const names[] = {"lhs", "rhs", NULL}; \
        fy_obj *v[2]; \
        if (fy_parse_args("arith." #fn, a, na, kw, names, 2, 2, 2, v) < 0) return NULL; \
        return fy_binop(v[0], v[1], op); \
    }
/* The float ops take MLIR's fastmath= (flags, an int or a str): it replaces the ambient flags for the op. */
#define BINF(fn, op) \
    static fy_obj *fn(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) { \
        (void)s; \
        static const char *const names[] = {"lhs", "rhs", "fastmath", NULL}; \
        fy_obj *v[3] = {NULL, NULL, NULL}; \
        int bits; \
        if (fy_parse_args("arith." #fn, a, na, kw, names, 2, 3, 3, v) < 0) return NULL; \
        if (fy_trace_fastmath_parse(v[2], &bits) < 0) return NULL; \
        int prev = fy_trace_fastmath_override(bits); \
        fy_obj *r = fy_binop(v[0], v[1], op); \
        fy_trace_fastmath_override(prev); \
        return r; \
    }
BINF(addf, FY_NB_ADD)
BINF(subf, FY_NB_SUB)
BINF(mulf, FY_NB_MUL)
BINF(divf, FY_NB_TRUEDIV)
BIN(addi, FY_NB_ADD)
BIN(subi, FY_NB_SUB)
BIN(muli, FY_NB_MUL)
/* arith.select(condition, true_value, false_value): the condition's .select (a DSL Boolean, static or
 * traced; a scalar or a Vector condition). */
static fy_obj *arith_select(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    static const char *const names[] = {"condition", "true_value", "false_value", NULL};
    fy_obj *v[3];
    if (fy_parse_args("arith.select", a, na, kw, names, 3, 3, 3, v) < 0) return NULL;
    /* an ir.Value (flydsl._mlir, arith.unwrap) is the DSL value of its type */
    fy_obj *w[3];
    for (int i = 0; i < 3; i++) {
        w[i] = fy_mlir_as_numeric(v[i]);
        if (!w[i] && fy_err_occurred()) {
            for (int j = 0; j < i; j++) FY_XDECREF(w[j]);
            return NULL;
        }
    }
    uint64_t h1, h2;
    const char *t1, *t2;
    if (!w[1] && !w[2] && fy_mlir_value_parts(v[1], &h1, &t1) && fy_mlir_value_parts(v[2], &h2, &t2)) {
        /* values with no DSL type (buffer resources, pointers): arith.select through the bindings */
        for (int i = 0; i < 3; i++) FY_XDECREF(w[i]);
        fy_obj *m = fy_import("flydsl._mlir.dialects.arith");
        fy_obj *f = m ? fy_getattr_cstr(m, "select") : NULL;
        FY_XDECREF(m);
        fy_obj *r = f ? fy_call(f, v, 3, NULL) : NULL;
        FY_XDECREF(f);
        return r;
    }
    fy_obj *args[2] = {w[1] ? w[1] : v[1], w[2] ? w[2] : v[2]};
    fy_obj *r = fy_call_method(w[0] ? w[0] : v[0], "select", args, 2);
    for (int i = 0; i < 3; i++) FY_XDECREF(w[i]);
    return r;
}
static fy_methoddef arith_funcs[] = {
    {"addf", addf, 0, "addf(lhs, rhs, fastmath=None)\nlhs + rhs (floats or float Vectors)."},
    {"subf", subf, 0, "subf(lhs, rhs)\nlhs - rhs."},
    {"mulf", mulf, 0, "mulf(lhs, rhs)\nlhs * rhs."},
    {"divf", divf, 0, "divf(lhs, rhs)\nlhs / rhs."},
    {"addi", addi, 0, "addi(lhs, rhs)\nlhs + rhs (integers)."},
    {"subi", subi, 0, "subi(lhs, rhs)\nlhs - rhs."},
    {"muli", muli, 0, "muli(lhs, rhs)\nlhs * rhs."},
    {"select", arith_select, 0,
     "select(condition, true_value, false_value)\ncondition.select(true_value, "
     "false_value)."},
    {0}};

/* ---- fx.printf in host code ---- */

/* The text of one value for "{}" or "{:spec}" (spec NULL for {}), as device printf writes it. */
static fy_obj *host_text(fy_obj *x, const char *spec, size_t n) {
    fy_obj *py = NULL;
    if (FY_DSL_NUM_CHECK(x)) {
        fy_dsl_num *v = (fy_dsl_num *)x;
        if (!v->is_static) return fy_err_set(&fy_RuntimeError, "printf: a traced value outside its kernel");
        if (v->dt->kind == FY_DSL_K_BOOL) py = fy_bool(v->i != 0);
        else if (FY_DSL_IS_FLOAT(v->dt)) {
            if (!spec) return fy_str_printf("%.2f", v->f);
            py = fy_float_from(v->f);
        } else {
            py = fy_int_from(v->i);
        }
    } else {
        py = fy_ref(x);
    }
    if (!py) return NULL;
    fy_obj *r;
    if (!spec) {
        r = FY_TYPE(py) == &fy_type_type ? fy_getattr_cstr(py, "__name__") : fy_str(py);
    } else {
        fy_obj *fmt = fy_dict_get_cstr(fy_cur->builtins, "format");
        fy_obj *sp = fy_str_from(spec, n);
        r = fmt && sp ? fy_call2(fmt, py, sp) : NULL;
        FY_XDECREF(sp);
    }
    FY_DECREF(py);
    return r;
}

fy_obj *fy_trace_host_printf(fy_obj *const *a, size_t na) {
    size_t first = na && FY_STR_CHECK(a[0]) ? 1 : 0, ai = first;
    const char *fmt = first ? FY_STR_DATA(a[0]) : NULL;
    fy_obj *parts = fy_list_new(0);
    if (!parts) return NULL;
    for (size_t i = 0; !fmt && i < na; i++) {
        fy_obj *t = host_text(a[i], NULL, 0);
        if (!t || fy_list_append_steal(parts, t) < 0 ||
            (i + 1 < na && fy_list_append_steal(parts, fy_str_from_cstr(" ")) < 0))
            goto fail;
    }
    for (const char *p = fmt; p && *p; p++) {
        fy_obj *t;
        if ((p[0] == '{' && p[1] == '{') || (p[0] == '}' && p[1] == '}')) {
            t = fy_str_from(p++, 1);
        } else if (p[0] == '{' && strchr(p, '}') && ai < na) {
            const char *e = strchr(p, '}'), *sp = p + 1;
            if (*sp == ':') sp++;
            t = host_text(a[ai++], e == p + 1 ? NULL : sp, (size_t)(e - sp));
            p = e;
        } else {
            t = fy_str_from(p, 1);
        }
        if (!t || fy_list_append_steal(parts, t) < 0) goto fail;
    }
    if (fy_list_append_steal(parts, fy_str_from_cstr("\n")) < 0) goto fail;
    fy_obj *empty = fy_str_from_cstr("");
    fy_obj *s = empty ? fy_call_method(empty, "join", &parts, 1) : NULL;
    FY_XDECREF(empty);
    FY_DECREF(parts);
    if (!s) return NULL;
    int r = fy_write_stdout(FY_STR_DATA(s), strlen(FY_STR_DATA(s)));
    FY_DECREF(s);
    return r < 0 ? NULL : fy_none();
fail:
    FY_DECREF(parts);
    return NULL;
}

/* ---- fast-math flags (accepted everywhere; they do not change the emulated arithmetic) ---- */

typedef struct fmctx {
    fy_obj h;
    int bits;
} fmctx;
static fy_obj *fm_enter(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)a, (void)na, (void)kw;
    fy_trace_fastmath_push(((fmctx *)o)->bits);
    return fy_ref(o);
}
static fy_obj *fm_exit(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)o, (void)a, (void)na, (void)kw;
    fy_trace_fastmath_pop();
    return fy_ref(fy_False);
}
static fy_methoddef fmctx_methods[] = {{"__enter__", fm_enter, 0, NULL}, {"__exit__", fm_exit, 0, NULL}, {0}};
static fy_type fmctx_type = {FY_TYPE_INIT("fastmath", sizeof(fmctx)), .flags = FY_TPF_FINAL, .methods = fmctx_methods};

/* with fx.fastmath(flags): the float ops traced inside carry the flags (FastMathFlags values, an int or a
 * string like "fast" or "reassoc,contract"); None leaves the enclosing block's. */
static fy_obj *f_fastmath(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    static const char *const names[] = {"flags", NULL};
    fy_obj *v[1] = {NULL};
    if (fy_parse_args("fastmath", a, na, kw, names, 0, 1, 1, v) < 0) return NULL;
    int bits;
    if (fy_trace_fastmath_parse(v[0], &bits) < 0) return NULL;
    if (bits < 0) bits = fy_trace_fastmath_current();
    if (fy_type_ready(&fmctx_type) < 0) return NULL;
    fy_obj *o = fy_alloc(&fmctx_type);
    if (o) ((fmctx *)o)->bits = bits;
    return o;
}

/* A namespace of int constants (FastMathFlags bits as in MLIR's arith dialect, RoundingMode values). */
static fy_obj *int_ns(const char *full, const char *const *names, const int *vals, size_t n) {
    fy_obj *ns = fy_module_new(full);
    for (size_t i = 0; ns && i < n; i++)
        if (fy_module_add_steal(ns, names[i], fy_int_from(vals[i])) < 0) {
            FY_DECREF(ns);
            return NULL;
        }
    return ns;
}
static int add_flag_names(fy_obj *m, fy_obj *arith) {
    static const char *const fmn[] = {"none", "reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "fast"};
    static const int fmv[] = {0, 1, 2, 4, 8, 16, 32, 64, 127};
    static const char *const rmn[] = {"to_nearest_even", "downward", "upward", "toward_zero", "to_nearest_away"};
    static const int rmv[] = {0, 1, 2, 3, 4};
    fy_obj *fm = int_ns("FastMathFlags", fmn, fmv, sizeof fmv / sizeof fmv[0]);
    fy_obj *rm = fm ? int_ns("RoundingMode", rmn, rmv, sizeof rmv / sizeof rmv[0]) : NULL;
    int r = rm && fy_module_add(m, "FastMathFlags", fm) == 0 && fy_module_add(m, "RoundingMode", rm) == 0 &&
                    fy_module_add(arith, "FastMathFlags", fm) == 0 && fy_module_add(arith, "RoundingMode", rm) == 0
                ? 0
                : -1;
    FY_XDECREF(fm);
    FY_XDECREF(rm);
    return r;
}

/* ---- the deprecated Numeric methods the norm kernels use: x.addf(y, fastmath=), subf, mulf, divf,
 * x.exp2(fastmath=), x.maximumf(y), x.minimumf(y) (fastmath= in place of the ambient flags) ---- */

/* The methods' arguments; fastmath= takes the ambient flags' place until fm_done(prev, result). */
static int fm_args(const char *fn, fy_obj *const *a, size_t na, fy_obj *kw, int want, fy_obj **other, int *prev) {
    static const char *const n1[] = {"other", "fastmath", NULL}, *const n0[] = {"fastmath", NULL};
    fy_obj *v[2] = {NULL, NULL};
    if (fy_parse_args(fn, a, na, kw, want ? n1 : n0, want, want + 1, want + 1, v) < 0) return -1;
    *other = v[0];
    int bits;
    if (fy_trace_fastmath_parse(v[want], &bits) < 0) return -1;
    *prev = fy_trace_fastmath_override(bits);
    return 0;
}
static fy_obj *fm_done(int prev, fy_obj *r) {
    fy_trace_fastmath_override(prev);
    return r;
}
#define NUM_BINOP(NAME, OP) \
    static fy_obj *m_##NAME(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) { \
        fy_obj *o; \
        int prev; \
        if (fm_args(#NAME, a, na, kw, 1, &o, &prev) < 0) return NULL; \
        return fm_done(prev, fy_binop(self, o, OP)); \
    }
NUM_BINOP(addf, FY_NB_ADD)
NUM_BINOP(subf, FY_NB_SUB)
NUM_BINOP(mulf, FY_NB_MUL)
NUM_BINOP(divf, FY_NB_TRUEDIV)

/* Calls fx.math.NAME / fx.NAME (module mod) on args. */
static fy_obj *call_fx(const char *mod, const char *name, fy_obj *const *args, size_t n) {
    fy_obj *m = fy_import(mod);
    fy_obj *f = m ? fy_getattr_cstr(m, name) : NULL;
    FY_XDECREF(m);
    if (!f) return NULL;
    fy_obj *r = fy_call(f, args, n, NULL);
    FY_DECREF(f);
    return r;
}
static fy_obj *m_exp2(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    fy_obj *o;
    int prev;
    if (fm_args("exp2", a, na, kw, 0, &o, &prev) < 0) return NULL;
    return fm_done(prev, call_fx("flydsl.expr.math", "exp2", &self, 1));
}
static fy_obj *m_maximumf(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    fy_obj *o;
    int prev;
    if (fm_args("maximumf", a, na, kw, 1, &o, &prev) < 0) return NULL;
    fy_obj *args[2] = {self, o};
    return fm_done(prev, call_fx("flydsl.expr", "max", args, 2));
}
static fy_obj *m_minimumf(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    fy_obj *o;
    int prev;
    if (fm_args("minimumf", a, na, kw, 1, &o, &prev) < 0) return NULL;
    fy_obj *args[2] = {self, o};
    return fm_done(prev, call_fx("flydsl.expr", "min", args, 2));
}
/* x.shrui(amount): the logical right shift (fx.arith.shrui); x.rsqrt(fastmath=None): fx.math.rsqrt(x);
 * x.index_cast(T.index / T.i32 ...): between index and integer types, sign-extending or truncating. */
static fy_obj *m_shrui(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (fy_no_kwargs("shrui", kw) < 0 || fy_check_nargs("shrui", na, 1, 1) < 0) return NULL;
    fy_obj *args[2] = {self, a[0]};
    return call_fx("flydsl.expr.arith", "shrui", args, 2);
}
static fy_obj *m_rsqrt(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    fy_obj *o;
    int prev;
    if (fm_args("rsqrt", a, na, kw, 0, &o, &prev) < 0) return NULL;
    return fm_done(prev, call_fx("flydsl.expr.math", "rsqrt", &self, 1));
}
static fy_obj *m_index_cast(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (fy_no_kwargs("index_cast", kw) < 0 || fy_check_nargs("index_cast", na, 1, 1) < 0) return NULL;
    fy_dsl_numeric *t = fy_dsl_to_numeric_type(a[0], "index_cast"), *s = ((fy_dsl_num *)self)->dt;
    if (!t) return NULL;
    if (t->kind == FY_DSL_K_FLOAT || s->kind == FY_DSL_K_FLOAT ||
        (t->kind != FY_DSL_K_INDEX && s->kind != FY_DSL_K_INDEX))
        return fy_err_format(&fy_TypeError, "index_cast: casts between index and an integer type, not %s -> %s",
                             s->name, t->name);
    if (t == s) return fy_ref(self);
    return ((fy_dsl_num *)self)->is_static ? fy_dsl_num_convert(t, self) : fy_trace_num_convert(t, self);
}
static fy_methoddef num_compat_methods[] = {
    {"addf", m_addf, 0, "addf(other, fastmath=None)\nDeprecated: self + other."},
    {"subf", m_subf, 0, "subf(other, fastmath=None)\nDeprecated: self - other."},
    {"mulf", m_mulf, 0, "mulf(other, fastmath=None)\nDeprecated: self * other."},
    {"divf", m_divf, 0, "divf(other, fastmath=None)\nDeprecated: self / other."},
    {"exp2", m_exp2, 0, "exp2(fastmath=None)\nDeprecated: fx.math.exp2(self)."},
    {"maximumf", m_maximumf, 0, "maximumf(other)\nDeprecated: fx.max(self, other)."},
    {"minimumf", m_minimumf, 0, "minimumf(other)\nDeprecated: fx.min(self, other)."},
    {"shrui", m_shrui, 0, "shrui(amount)\nLogical right shift (zero-filled)."},
    {"rsqrt", m_rsqrt, 0, "rsqrt(fastmath=None)\nfx.math.rsqrt(self)."},
    {"index_cast", m_index_cast, 0, "index_cast(target_type)\nBetween index and an integer type."},
    {0}};
static int add_num_methods(void) {
    if (fy_type_ready(&fy_dsl_num_type) < 0) return -1;
    for (fy_methoddef *d = num_compat_methods; d->name; d++) {
        if (fy_dict_get_cstr(fy_dsl_num_type.dict, d->name)) continue;
        fy_obj *md = fy_methoddescr_new(d, &fy_dsl_num_type);
        if (!md) return -1;
        int r = fy_dict_set_cstr(fy_dsl_num_type.dict, d->name, md);
        FY_DECREF(md);
        if (r < 0) return -1;
    }
    return 0;
}

/* ---- registration ---- */

static int add_ns(fy_obj *m, const char *attr, const char *full, fy_methoddef *funcs, const char *doc) {
    fy_obj *ns = fy_module_new_c(full, funcs, doc);
    if (!ns) return -1;
    if (fy_dict_set_cstr(fy_cur->modules, full, ns) < 0) {
        FY_DECREF(ns);
        return -1;
    }
    return fy_module_add_steal(m, attr, ns);
}

static fy_methoddef compat_funcs[] = {
    {"memref_alloca", f_memref_alloca, 0, "memref_alloca(memref_type, layout)\nA register tensor (kernels only)."},
    {"fastmath", f_fastmath, 0,
     "fastmath(flags)\nwith fx.fastmath(flags): fast-math flags for the ops inside (no effect "
     "on the emulated results)."},
    {0}};

int fy_trace_add_compat_fx(fy_obj *m) {
    if (fy_type_ready(&stream_type) < 0 || fy_type_ready(&mrtype_type) < 0 ||
        fy_module_add(m, "Stream", &stream_type.h) < 0)
        return -1;
    for (fy_methoddef *d = compat_funcs; d->name; d++) {
        fy_obj *f = fy_cfunction_new(d, m);
        if (!f || fy_module_add_steal(m, d->name, f) < 0) return -1;
    }
    if (add_ns(m, "T", "flydsl.expr.T", t_funcs, "Element types: T.f32() is fx.Float32.") < 0 ||
        add_ns(m, "LayoutType", "flydsl.expr.LayoutType", layouttype_funcs, "LayoutType.get(shape, stride)") < 0 ||
        add_ns(m, "MemRefType", "flydsl.expr.MemRefType", memreftype_funcs, "MemRefType.get(elem, layout, space)") <
            0 ||
        add_ns(m, "arith", "flydsl.expr.arith", arith_funcs, "fx.arith: arithmetic on scalars and Vectors.") < 0 ||
        add_flag_names(m, fy_dict_get_cstr(FY_MODULE_DICT(m), "arith")) < 0 || add_num_methods() < 0 ||
        fy_trace_add_vector_fx(m) < 0 || fy_trace_add_gather_fx(m) < 0)
        return -1;
    fy_obj *as = fy_module_new("flydsl.expr.AddressSpace");
    if (!as) return -1;
    static const struct {
        const char *n;
        int v;
    } sps[] = {{"Generic", 0}, {"Global", 1}, {"Shared", 2}, {"Register", 3}}; /* FlyDSL's enum values */
    for (size_t i = 0; i < sizeof sps / sizeof sps[0]; i++)
        if (fy_module_add_steal(as, sps[i].n, fy_int_from(sps[i].v)) < 0) {
            FY_DECREF(as);
            return -1;
        }
    return fy_module_add_steal(m, "AddressSpace", as);
}
