/* trace_vector.c - Vector values inside a traced kernel: a dynamic vector<N x T> made by
 * tensor.load() / fx.memref_load_vec or full(n, value, dtype), with elementwise + - * / (and unary -)
 * against another Vector of the same length and type or a scalar (broadcast with vector.broadcast),
 * & | ^ << >> on integer elements, v[i] (vector.extract), v.to(dtype) (arith casts), v.bitcast(dtype),
 * v.shuffle(w, mask) (vector.shuffle), v.reduce(ReductionOp.X) (vector.reduction), the fx.math
 * functions of one float operand (math.* on the vector), stored with tensor.store(vec). fx.Vector is the type, with
 * the static method make_type(n, dtype) (its MLIR text) and the class methods filled(n, v, dtype) and
 * from_elements(values, dtype). Python classes may subclass it (FlyDSL's VectorAlias types do): operations give plain
 * Vectors as FlyDSL's do, the class methods and scf results keep the subclass. */
#include <stdio.h>
#include <string.h>

#include "flydsl/api/dsl.h"
#include "flydsl/api/dsl_numeric.h"
#include "flydsl/trace/trace_int.h"
#include "flydsl/mlir/mlir.h"

#define U(x) ((unsigned long long)(x))

typedef struct tvector {
    fy_obj h;
    uint64_t ssa;
    fy_dsl_numeric *et;
    int64_t n;
    fy_obj *shape; /* the tuple FlyDSL's shape= gave ((4, 1)), NULL for (n,) */
} tvector;
static fy_type tvector_type;
static void vec_dealloc(fy_obj *o) { FY_CLEAR(((tvector *)o)->shape); }

/* o is a Vector (of a subclass too: FlyDSL's VectorAlias types are Python subclasses) that holds a value: a
 * subclass instance has none until its __init__ runs Vector.__init__. */
#define VEC_CHECK(o) (fy_isinstance_of((o), &tvector_type) && ((tvector *)(o))->et)
static fy_obj *uninit_err(fy_obj *o) {
    return fy_err_format(&fy_RuntimeError,
                         "this %s holds no vector: its __init__ must call Vector.__init__(self, value, shape, dtype)",
                         fy_type_name(o));
}
#define NEED_VEC(o) \
    do { \
        if (!VEC_CHECK(o)) return uninit_err(o); \
    } while (0)
#define NEED_VEC2(a, b) \
    do { \
        if (!VEC_CHECK(a) && !VEC_CHECK(b)) return uninit_err(fy_isinstance_of((a), &tvector_type) ? (a) : (b)); \
    } while (0)

fy_obj *fy_tvector_new(uint64_t ssa, fy_dsl_numeric *et, int64_t n) {
    if (fy_type_ready(&tvector_type) < 0) return NULL;
    tvector *v = (tvector *)fy_alloc(&tvector_type);
    if (!v) return NULL;
    v->ssa = ssa;
    v->et = et;
    v->n = n;
    v->shape = NULL;
    return &v->h;
}

/* The shape as a tuple: the one given at construction or (n,). */
static fy_obj *vec_shape(fy_obj *o) {
    NEED_VEC(o);
    tvector *v = (tvector *)o;
    if (v->shape) return fy_ref(v->shape);
    fy_obj *t = fy_tuple_new(1);
    if (t) fy_tuple_set_steal(t, 0, fy_int_from(v->n));
    return t;
}

/* Reads a shape (an int or a tuple of ints, nested ones flattened) into its element count; 0 with the tuple to
 * keep in *keep (NULL for a plain int), -1 with an error. */
static int shape_count(fy_obj *sh, int64_t *n, fy_obj **keep, const char *fn) {
    *keep = NULL;
    if (!FY_TUPLE_CHECK(sh)) return fy_dsl_to_int(sh, n, fn, "shape");
    size_t k;
    fy_obj **it = fy_seq_items(sh, &k);
    int64_t c = 1;
    for (size_t i = 0; i < k; i++) {
        int64_t m;
        fy_obj *dummy;
        if (shape_count(it[i], &m, &dummy, fn) < 0) return -1;
        c *= m;
        if (c > 4096) break;
    }
    *n = c;
    if (k != 1) *keep = sh;
    return 0;
}

/* The vector's SSA handle, element type and length; -1 when v is not a Vector. */
int fy_tvector_parts(fy_obj *v, uint64_t *ssa, fy_dsl_numeric **et, int64_t *n) {
    const char *ty;
    if (v && !VEC_CHECK(v) && fy_mlir_value_parts(v, ssa, &ty)) {
        /* an ir.Value of a 1-D vector type is the Vector it holds (FlyDSL's kernels pass v.ir_value()) */
        long long len;
        char e[32];
        if (sscanf(ty, "vector<%lldx%31[^>]>", &len, e) != 2 || strchr(e, 'x') || !(*et = fy_mlir_numeric_of(e)))
            return -1;
        *n = len;
        return 0;
    }
    if (!v || !VEC_CHECK(v)) return -1;
    tvector *t = (tvector *)v;
    *ssa = t->ssa;
    *et = t->et;
    *n = t->n;
    return 0;
}

static fy_obj *vec_repr(fy_obj *o) {
    if (!VEC_CHECK(o)) return fy_str_printf("<%s without a vector>", fy_type_name(o));
    tvector *v = (tvector *)o;
    if (v->shape)
        return fy_str_printf("Vector(vector<%lldx%s> o %R, %s)", (long long)v->n, fy_trace_mlir_type(v->et), v->shape,
                             v->et->name);
    return fy_str_printf("Vector(vector<%lldx%s> o (%lld,), %s)", (long long)v->n, fy_trace_mlir_type(v->et),
                         (long long)v->n, v->et->name);
}

/* v as a vector operand of x's type: a Vector as is, a scalar broadcast. */
static int operand(fy_tracer *tr, tvector *x, fy_obj *o, uint64_t *out) {
    if (VEC_CHECK(o)) {
        tvector *y = (tvector *)o;
        if (y->n != x->n) {
            fy_err_format(&fy_ValueError, "Vector shape mismatch: %lld elements and %lld elements", (long long)x->n,
                          (long long)y->n);
            return -1;
        }
        if (y->et != x->et) {
            fy_err_format(&fy_TypeError, "Vector element types differ: %s and %s (convert with .to())", x->et->name,
                          y->et->name);
            return -1;
        }
        *out = y->ssa;
        return 0;
    }
    if (!FY_DSL_NUM_CHECK(o) && !FY_INT_CHECK(o) && !FY_FLOAT_CHECK(o)) return 1;
    uint64_t s;
    if (fy_trace_value_as(tr, o, x->et, &s) < 0) return -1;
    const char *et = fy_trace_mlir_type(x->et);
    *out = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = vector.broadcast %%%llu : %s to vector<%lldx%s>", U(*out), U(s), et,
                  (long long)x->n, et);
    fy_trace_end_line(tr);
    return 0;
}

static fy_obj *vec_to(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw);

/* The element type a binary operand o next to a Vector enters with (a Python int as Int32 or Int64, a float
 * as Float32, as FlyDSL types literals), or NULL when o is no number or Vector. */
static fy_dsl_numeric *operand_type(fy_obj *o) {
    if (VEC_CHECK(o)) return ((tvector *)o)->et;
    if (FY_DSL_NUM_CHECK(o)) return ((fy_dsl_num *)o)->dt;
    if (o == fy_True || o == fy_False) return &fy_dsl_t_bool;
    if (FY_FLOAT_CHECK(o)) return &fy_dsl_t_f32;
    if (FY_INT_CHECK(o)) {
        int64_t v;
        if (FY_INT_IS_BIG(o) || fy_int_as_i64(o, &v) < 0) {
            fy_err_clear();
            return &fy_dsl_t_i64;
        }
        return v >= INT32_MIN && v <= INT32_MAX ? &fy_dsl_t_i32 : &fy_dsl_t_i64;
    }
    return NULL;
}

/* FlyDSL's mixed-type Vector operations: *a and *b (new references on success) with their Vector operands
 * converted to the common element type of both (scalars are converted when broadcast). 0; 1 when the
 * other operand is no number or Vector (*a, *b untouched); -1 with an exception. */
static int promote(fy_obj **a, fy_obj **b, int bitwise) {
    tvector *x = VEC_CHECK(*a) ? (tvector *)*a : (tvector *)*b;
    fy_obj *o = (fy_obj *)x == *a ? *b : *a;
    fy_dsl_numeric *ot = operand_type(o);
    if (!ot) return 1;
    fy_dsl_numeric *ct = fy_dsl_common_type(x->et, ot, bitwise);
    fy_obj *in[2] = {*a, *b}, *outv[2] = {NULL, NULL};
    for (int i = 0; i < 2; i++) {
        if (VEC_CHECK(in[i]) && ((tvector *)in[i])->et != ct) {
            fy_obj *t = &ct->h;
            outv[i] = vec_to(in[i], &t, 1, NULL);
            if (!outv[i]) {
                FY_XDECREF(outv[0]);
                return -1;
            }
        } else {
            outv[i] = fy_ref(in[i]);
        }
    }
    *a = outv[0];
    *b = outv[1];
    return 0;
}

/* The elementwise op on two operands of the same element type (scalars broadcast). */
static fy_obj *binop_same(fy_obj *a, fy_obj *b, const char *fop, const char *iop) {
    NEED_VEC2(a, b);
    tvector *x = VEC_CHECK(a) ? (tvector *)a : (tvector *)b;
    int swapped = (fy_obj *)x != a;
    fy_tracer *tr = fy_trace_cur();
    if (!tr) return fy_err_set(&fy_RuntimeError, "a Vector is only usable inside its kernel's trace");
    uint64_t y;
    int rc = operand(tr, x, swapped ? a : b, &y);
    if (rc < 0) return NULL;
    if (rc > 0) return fy_ref(fy_NotImplemented);
    uint64_t l = swapped ? y : x->ssa, r = swapped ? x->ssa : y;
    uint64_t id = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = %s %%%llu, %%%llu : vector<%lldx%s>", U(id),
                  x->et->kind == FY_DSL_K_FLOAT ? fop : iop, U(l), U(r), (long long)x->n, fy_trace_mlir_type(x->et));
    fy_trace_end_line(tr);
    return tr->failed ? fy_err_nomem() : fy_tvector_new(id, x->et, x->n);
}

/* An elementwise op after promotion to the common type: fop for floats, sop / uop for signed / unsigned
 * integers (fop NULL: float division then math.floor, FlyDSL's float floor division). */
static fy_obj *binop_typed(fy_obj *a, fy_obj *b, const char *fop, const char *sop, const char *uop, int bitwise) {
    NEED_VEC2(a, b);
    if (!fy_trace_cur()) return fy_err_set(&fy_RuntimeError, "a Vector is only usable inside its kernel's trace");
    int rc = promote(&a, &b, bitwise);
    if (rc < 0) return NULL;
    if (rc > 0) return fy_ref(fy_NotImplemented);
    tvector *x = VEC_CHECK(a) ? (tvector *)a : (tvector *)b;
    int sg = x->et->kind != FY_DSL_K_BOOL && x->et->is_signed;
    fy_obj *r;
    if (bitwise && x->et->kind == FY_DSL_K_FLOAT) {
        r = fy_err_format(&fy_TypeError, "bitwise operations and shifts require integer operands, got %s", x->et->name);
    } else if (x->et->kind == FY_DSL_K_FLOAT && !fop) {
        r = binop_same(a, b, "arith.divf", "");
        if (r && VEC_CHECK(r)) {
            fy_tracer *tr = fy_trace_cur();
            tvector *q = (tvector *)r;
            uint64_t id = fy_trace_new_ssa(tr);
            fy_trace_emit(tr, "      %%%llu = math.floor %%%llu : vector<%lldx%s>", U(id), U(q->ssa), (long long)q->n,
                          fy_trace_mlir_type(q->et));
            fy_trace_end_line(tr);
            fy_obj *f = tr->failed ? fy_err_nomem() : fy_tvector_new(id, q->et, q->n);
            FY_DECREF(r);
            r = f;
        }
    } else {
        r = binop_same(a, b, fop ? fop : "", sg || !uop ? sop : uop);
    }
    FY_DECREF(a);
    FY_DECREF(b);
    return r;
}

static fy_obj *binop(fy_obj *a, fy_obj *b, const char *fop, const char *iop) {
    return binop_typed(a, b, fop, iop, NULL, 0);
}

/* fx.max / fx.min / fx.ceildiv / maxnumf with a Vector operand: the elementwise op folded over the operands
 * (scalars broadcast): fop for float elements, sop / uop for signed / unsigned integers. */
fy_obj *fy_trace_vector_fold(fy_obj *const *a, size_t n, const char *fop, const char *sop, const char *uop) {
    size_t first = 0;
    while (first < n && !VEC_CHECK(a[first])) first++;
    if (first == n) return fy_err_set(&fy_TypeError, "expected a Vector operand");
    /* the operands meet in their common element type (FlyDSL's lattice): max(Int32 Vector, Int64) is Int64 */
    fy_dsl_numeric *ct = ((tvector *)a[first])->et;
    for (size_t i = 0; i < n; i++) {
        fy_dsl_numeric *ot = operand_type(a[i]);
        if (ot) ct = fy_dsl_common_type(ct, ot, 1);
    }
    int sg = ct->kind != FY_DSL_K_BOOL && ct->is_signed;
    const char *iop = sg ? sop : uop;
    if (ct->kind == FY_DSL_K_FLOAT ? !fop : !iop)
        return fy_err_format(&fy_TypeError, "this operation does not take %s vectors", ct->name);
    fy_obj *cto = &ct->h;
    fy_obj *acc = ((tvector *)a[first])->et == ct ? fy_ref(a[first]) : vec_to(a[first], &cto, 1, NULL);
    for (size_t i = 0; i < n && acc; i++) {
        if (i == first) continue;
        fy_obj *y = VEC_CHECK(a[i]) && ((tvector *)a[i])->et != ct ? vec_to(a[i], &cto, 1, NULL) : fy_ref(a[i]);
        if (!y) {
            FY_DECREF(acc);
            return NULL;
        }
        fy_obj *r = i < first ? binop_same(y, acc, fop ? fop : "", iop ? iop : "")
                              : binop_same(acc, y, fop ? fop : "", iop ? iop : "");
        FY_DECREF(y);
        FY_DECREF(acc);
        if (r == fy_NotImplemented) {
            FY_DECREF(r);
            return fy_err_format(&fy_TypeError, "expected a Vector or a number, not '%s'", fy_type_name(a[i]));
        }
        acc = r;
    }
    return acc;
}

static fy_obj *vec_add(fy_obj *a, fy_obj *b) { return binop(a, b, "arith.addf", "arith.addi"); }
static fy_obj *vec_floordiv(fy_obj *a, fy_obj *b) {
    return binop_typed(a, b, NULL, "arith.floordivsi", "arith.divui", 0);
}
static fy_obj *vec_mod(fy_obj *a, fy_obj *b) {
    return binop_typed(a, b, "arith.remf", "arith.remsi", "arith.remui", 0);
}
static fy_obj *vec_pow(fy_obj *a, fy_obj *b) { return binop_typed(a, b, "math.powf", "math.ipowi", NULL, 0); }
static fy_obj *vec_sub(fy_obj *a, fy_obj *b) { return binop(a, b, "arith.subf", "arith.subi"); }
static fy_obj *vec_mul(fy_obj *a, fy_obj *b) { return binop(a, b, "arith.mulf", "arith.muli"); }
static fy_obj *vec_div(fy_obj *a, fy_obj *b) {
    NEED_VEC2(a, b);
    tvector *x = VEC_CHECK(a) ? (tvector *)a : (tvector *)b;
    fy_dsl_numeric *ot = operand_type((fy_obj *)x == a ? b : a);
    if (!ot) return fy_ref(fy_NotImplemented);
    fy_dsl_numeric *ct = fy_dsl_common_type(x->et, ot, 0);
    if (ct->kind == FY_DSL_K_FLOAT) return binop(a, b, "arith.divf", "");
    /* integer operands divide as floats (FlyDSL: Float64 above 32 bits, else Float32) */
    fy_obj *t = ct->width > 32 ? &fy_dsl_t_f64.h : &fy_dsl_t_f32.h;
    fy_obj *xf = vec_to(&x->h, &t, 1, NULL);
    if (!xf) return NULL;
    fy_obj *r = (fy_obj *)x == a ? binop(xf, b, "arith.divf", "") : binop(a, xf, "arith.divf", "");
    FY_DECREF(xf);
    return r;
}

/* Integer-only elementwise ops (bitwise and shifts; >> is arithmetic for signed elements, logical else). */
static fy_obj *int_binop(fy_obj *a, fy_obj *b, const char *op, const char *uop) {
    NEED_VEC2(a, b);
    tvector *x = VEC_CHECK(a) ? (tvector *)a : (tvector *)b;
    if (x->et->kind == FY_DSL_K_FLOAT)
        return fy_err_format(&fy_TypeError, "Vector '%s' needs integer elements, not %s (use .bitcast())", op,
                             x->et->name);
    return binop_typed(a, b, "", op, uop ? uop : op, 1);
}
static fy_obj *vec_and(fy_obj *a, fy_obj *b) { return int_binop(a, b, "arith.andi", NULL); }
static fy_obj *vec_or(fy_obj *a, fy_obj *b) { return int_binop(a, b, "arith.ori", NULL); }
static fy_obj *vec_xor(fy_obj *a, fy_obj *b) { return int_binop(a, b, "arith.xori", NULL); }
static fy_obj *vec_shl(fy_obj *a, fy_obj *b) { return int_binop(a, b, "arith.shli", NULL); }
static fy_obj *vec_shr(fy_obj *a, fy_obj *b) { return int_binop(a, b, "arith.shrsi", "arith.shrui"); }

static fy_tracer *need_tracer(void) {
    fy_tracer *tr = fy_trace_cur();
    if (!tr) fy_err_set(&fy_RuntimeError, "a Vector is only usable inside its kernel's trace");
    return tr;
}
static const char *vty(char *buf, size_t cap, const tvector *v, const fy_dsl_numeric *et) {
    snprintf(buf, cap, "vector<%lldx%s>", (long long)v->n, fy_trace_mlir_type(et ? et : v->et));
    return buf;
}

static fy_obj *vec_neg(fy_obj *a) {
    NEED_VEC(a);
    tvector *x = (tvector *)a;
    fy_tracer *tr = need_tracer();
    if (!tr) return NULL;
    char t[64];
    if (x->et->kind == FY_DSL_K_FLOAT) {
        uint64_t id = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = arith.negf %%%llu : %s", U(id), U(x->ssa), vty(t, sizeof t, x, NULL));
        fy_trace_end_line(tr);
        return tr->failed ? fy_err_nomem() : fy_tvector_new(id, x->et, x->n);
    }
    fy_obj *z = fy_int_from(0);
    fy_obj *r = z ? binop_same(z, a, "arith.subf", "arith.subi") : NULL;
    FY_XDECREF(z);
    return r;
}

/* ~v: integer elements xor all ones (a Boolean vector: logical not). */
static fy_obj *vec_invert(fy_obj *a) {
    NEED_VEC(a);
    tvector *x = (tvector *)a;
    if (x->et->kind == FY_DSL_K_FLOAT)
        return fy_err_format(&fy_TypeError, "bitwise NOT requires an integer element type, got %s", x->et->name);
    fy_obj *ones = x->et->kind == FY_DSL_K_BOOL ? fy_ref(fy_True) : fy_int_from(-1);
    fy_obj *r = ones ? binop_same(a, ones, "", "arith.xori") : NULL;
    FY_XDECREF(ones);
    return r;
}

/* +v: v itself (FlyDSL's Vector.__pos__). */
static fy_obj *vec_pos(fy_obj *a) {
    NEED_VEC(a);
    return fy_ref(a);
}

static int64_t vec_hash(fy_obj *a) { return (int64_t)((uintptr_t)a >> 4); }

/* v[i]: element i (a static int, negative from the end, or a dynamic integer). */
static fy_obj *vec_getitem(fy_obj *o, fy_obj *key) {
    NEED_VEC(o);
    tvector *v = (tvector *)o;
    fy_tracer *tr = need_tracer();
    if (!tr) return NULL;
    char t[64];
    uint64_t id;
    if (FY_INT_CHECK(key) || (FY_DSL_NUM_CHECK(key) && ((fy_dsl_num *)key)->is_static)) {
        int64_t i;
        if (fy_dsl_to_int(key, &i, "Vector", "index") < 0) return NULL;
        if (i < 0) i += v->n;
        if (i < 0 || i >= v->n)
            return fy_err_format(&fy_IndexError, "Vector index out of range (%lld elements)", (long long)v->n);
        id = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = vector.extract %%%llu[%lld] : %s from %s", U(id), U(v->ssa), (long long)i,
                      fy_trace_mlir_type(v->et), vty(t, sizeof t, v, NULL));
    } else if (FY_DSL_NUM_CHECK(key) && ((fy_dsl_num *)key)->dt->kind != FY_DSL_K_FLOAT) {
        uint64_t k;
        if (fy_trace_value_as(tr, key, &fy_dsl_t_index, &k) < 0) return NULL;
        id = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = vector.extract %%%llu[%%%llu] : %s from %s", U(id), U(v->ssa), U(k),
                      fy_trace_mlir_type(v->et), vty(t, sizeof t, v, NULL));
    } else {
        return fy_err_format(&fy_TypeError, "Vector indices must be integers, not '%s'", fy_type_name(key));
    }
    fy_trace_end_line(tr);
    return tr->failed ? fy_err_nomem() : fy_dsl_num_dynamic(v->et, id);
}

/* v.to(dtype): an elementwise conversion (the arith cast C's conversion rules pick). */
/* Is o the class flydsl._mlir.ir.Value? */
static int is_ir_value_class(fy_obj *o) {
    if (!fy_isinstance_of(o, &fy_type_type)) return 0; /* its metaclass is ir._ValueMeta */
    fy_obj *m = fy_getattr_opt(o, fy_intern("__module__"));
    fy_obj *n = m ? fy_getattr_opt(o, fy_intern("__name__")) : NULL;
    int r = m && n && FY_STR_CHECK(m) && FY_STR_CHECK(n) && !strcmp(FY_STR_DATA(m), "flydsl._mlir.ir") &&
            !strcmp(FY_STR_DATA(n), "Value");
    FY_XDECREF(m);
    FY_XDECREF(n);
    if (fy_err_occurred()) fy_err_clear();
    return r;
}

static fy_obj *vec_to(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw) {
    NEED_VEC(o);
    tvector *v = (tvector *)o;
    static const char *const names[] = {"dtype", "rounding_mode", NULL};
    fy_obj *p[2] = {NULL, NULL};
    if (fy_parse_args("to", a, na, kw, names, 1, 1, 2, p) < 0) return NULL;
    if (is_ir_value_class(p[0])) { /* FlyDSL's v.to(ir.Value): the Vector itself */
        if (p[1] && p[1] != fy_None)
            return fy_err_set(&fy_TypeError, "rounding_mode is only supported for float-to-float casts");
        return fy_ref(o);
    }
    fy_dsl_numeric *t = fy_dsl_to_numeric_type(p[0], "to");
    if (!t) return NULL;
    if (t == v->et) return fy_ref(o);
    int mode = -1;
    if (p[1] && p[1] != fy_None) {
        if ((mode = fy_dsl_rounding_mode(p[1])) < 0) return NULL;
        if (t->kind != FY_DSL_K_FLOAT || v->et->kind != FY_DSL_K_FLOAT)
            return fy_err_format(&fy_TypeError,
                                 "rounding_mode is only supported for float-to-float casts, got %s -> %s", v->et->name,
                                 t->name);
    }
    fy_tracer *tr = need_tracer();
    if (!tr) return NULL;
    if (mode >= 0 && t->width <= v->et->width) { /* the narrowing step carries the mode (a widening is exact) */
        fy_obj *mid = NULL;
        tvector *src = v;
        if (t->width == v->et->width) { /* same width: the f32 detour is exact */
            if (!(mid = vec_to(o, (fy_obj *[]){&fy_dsl_t_f32.h}, 1, NULL))) return NULL;
            src = (tvector *)mid;
        }
        char s1[64], s2[64];
        uint64_t id = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = arith.truncf %%%llu %s : %s to %s", U(id), U(src->ssa),
                      fy_trace_rounding_name(mode), vty(s1, sizeof s1, src, NULL), vty(s2, sizeof s2, src, t));
        fy_trace_end_line(tr);
        FY_XDECREF(mid);
        return tr->failed ? fy_err_nomem() : fy_tvector_new(id, t, v->n);
    }
    if (t->kind == FY_DSL_K_INDEX || v->et->kind == FY_DSL_K_INDEX)
        return fy_err_format(&fy_TypeError, "Vector.to: %s to %s is not supported", v->et->name, t->name);
    int ff = v->et->kind == FY_DSL_K_FLOAT, tf = t->kind == FY_DSL_K_FLOAT;
    int sgn = v->et->kind != FY_DSL_K_BOOL && v->et->is_signed;
    const char *op;
    if (ff && tf) op = t->width > v->et->width ? "arith.extf" : "arith.truncf";
    else if (!ff && tf) op = sgn ? "arith.sitofp" : "arith.uitofp";
    else if (ff && !tf) op = t->is_signed ? "arith.fptosi" : "arith.fptoui";
    else if (t->width == v->et->width) op = NULL;
    else op = t->width > v->et->width ? (sgn ? "arith.extsi" : "arith.extui") : "arith.trunci";
    int f8 = (ff && !tf && v->et->width == 8) || (!ff && tf && t->width == 8); /* int <-> fp8: through f32 */
    if (f8 || !op || (ff && tf && t->width == v->et->width)) { /* same width: f16 <-> bf16 through f32 */
        if (!op && !ff) return fy_tvector_new(v->ssa, t, v->n);
        fy_obj *mid = vec_to(o, (fy_obj *[]){&fy_dsl_t_f32.h}, 1, NULL);
        if (!mid) return NULL;
        if (f8 && tf) { /* + 0.0 (exact for integers): canonicalize would fold truncf(sitofp) to a sitofp to fp8 */
            char s3[64];
            uint64_t z = fy_trace_new_ssa(tr), sum = fy_trace_new_ssa(tr);
            vty(s3, sizeof s3, v, &fy_dsl_t_f32);
            fy_trace_emit(tr, "      %%%llu = arith.constant dense<0.0> : %s", U(z), s3);
            fy_trace_end_line(tr);
            fy_trace_emit(tr, "      %%%llu = arith.addf %%%llu, %%%llu : %s", U(sum), U(((tvector *)mid)->ssa), U(z),
                          s3);
            fy_trace_end_line(tr);
            FY_DECREF(mid);
            mid = fy_tvector_new(sum, &fy_dsl_t_f32, v->n);
            if (!mid) return NULL;
        }
        fy_obj *r = vec_to(mid, p, 1, NULL);
        FY_DECREF(mid);
        return r;
    }
    char s1[64], s2[64];
    uint64_t id = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = %s %%%llu : %s to %s", U(id), op, U(v->ssa), vty(s1, sizeof s1, v, NULL),
                  vty(s2, sizeof s2, v, t));
    fy_trace_end_line(tr);
    return tr->failed ? fy_err_nomem() : fy_tvector_new(id, t, v->n);
}

/* v.reduce(op, init_val=None, reduction_profile=None, *, fastmath=None): vector.reduction over all elements
 * (combined with init_val when given); op a ReductionOp or its name. max of floats is maxnumf, min minimumf,
 * as FlyDSL's combining kinds are. */
static fy_obj *vec_reduce(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw) {
    NEED_VEC(o);
    tvector *v = (tvector *)o;
    static const char *const names[] = {"op", "init_val", "reduction_profile", "fastmath", NULL};
    fy_obj *p[4] = {NULL, NULL, NULL, NULL};
    if (fy_parse_args("reduce", a, na, kw, names, 1, 3, 4, p) < 0) return NULL;
    fy_obj *nm = FY_STR_CHECK(p[0]) ? fy_ref(p[0]) : fy_getattr_opt(p[0], fy_intern("name"));
    if (!nm || !FY_STR_CHECK(nm)) {
        FY_XDECREF(nm);
        if (fy_err_occurred()) fy_err_clear();
        return fy_err_format(&fy_TypeError, "reduce op must be str, ReductionOp, or CombiningKind, got %s",
                             fy_type_name(p[0]));
    }
    char k[16];
    snprintf(k, sizeof k, "%s", FY_STR_DATA(nm));
    FY_DECREF(nm);
    for (char *c = k; *c; c++) *c = (char)(*c >= 'A' && *c <= 'Z' ? *c + 32 : *c);
    int fl = v->et->kind == FY_DSL_K_FLOAT, sg = v->et->kind != FY_DSL_K_BOOL && v->et->is_signed;
    const char *kind = NULL;
    if (!strcmp(k, "add") || !strcmp(k, "mul")) kind = k;
    else if (!strcmp(k, "max")) kind = fl ? "maxnumf" : sg ? "maxsi" : "maxui";
    else if (!strcmp(k, "min")) kind = fl ? "minimumf" : sg ? "minsi" : "minui";
    else if (!fl && (!strcmp(k, "and") || !strcmp(k, "or") || !strcmp(k, "xor"))) kind = k;
    if (!kind && (!strcmp(k, "and") || !strcmp(k, "or") || !strcmp(k, "xor")))
        return fy_err_format(&fy_ValueError, "reduce: %s is not a reduction of %s vectors", k, v->et->name);
    if (!kind)
        return fy_err_format(&fy_ValueError, "unknown reduction kind %R; expected one of ['add', 'mul', 'max', 'min']",
                             p[0]);
    fy_tracer *tr = need_tracer();
    if (!tr) return NULL;
    int fm = -1; /* fastmath= in place of the ambient flags, on float reductions */
    if (p[3] && fy_trace_fastmath_parse(p[3], &fm) < 0) return NULL;
    int prev = fy_trace_fastmath_override(fm);
    const char *fmt = fl ? fy_trace_fastmath_text() : "";
    char t[64];
    uint64_t id = fy_trace_new_ssa(tr);
    if (p[1] && p[1] != fy_None) { /* the accumulator joins the reduction */
        uint64_t acc;
        if (fy_trace_value_as(tr, p[1], v->et, &acc) < 0) {
            fy_trace_fastmath_override(prev);
            return NULL;
        }
        id = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = vector.reduction <%s>, %%%llu, %%%llu%s : %s into %s", U(id), kind, U(v->ssa),
                      U(acc), fmt, vty(t, sizeof t, v, NULL), fy_trace_mlir_type(v->et));
    } else
        fy_trace_emit(tr, "      %%%llu = vector.reduction <%s>, %%%llu%s : %s into %s", U(id), kind, U(v->ssa), fmt,
                      vty(t, sizeof t, v, NULL), fy_trace_mlir_type(v->et));
    fy_trace_fastmath_override(prev);
    fy_trace_end_line(tr);
    return tr->failed ? fy_err_nomem() : fy_dsl_num_dynamic(v->et, id);
}

/* v.bitcast(dtype): the same bits as elements of dtype (the element width may change when the total does not). */
static fy_obj *vec_bitcast(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw) {
    NEED_VEC(o);
    tvector *v = (tvector *)o;
    if (fy_no_kwargs("bitcast", kw) < 0 || fy_check_nargs("bitcast", na, 1, 1) < 0) return NULL;
    fy_dsl_numeric *t = fy_dsl_to_numeric_type(a[0], "bitcast");
    if (!t) return NULL;
    int64_t bits = v->n * v->et->width;
    if (t->kind == FY_DSL_K_INDEX || bits % t->width)
        return fy_err_format(&fy_TypeError, "bitcast: %lld bits of %s do not make whole %s elements", (long long)bits,
                             v->et->name, t->name);
    fy_tracer *tr = need_tracer();
    if (!tr) return NULL;
    int64_t n = bits / t->width;
    char s1[64];
    uint64_t id = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = vector.bitcast %%%llu : %s to vector<%lldx%s>", U(id), U(v->ssa),
                  vty(s1, sizeof s1, v, NULL), (long long)n, fy_trace_mlir_type(t));
    fy_trace_end_line(tr);
    return tr->failed ? fy_err_nomem() : fy_tvector_new(id, t, n);
}

/* v.shuffle(w, mask): vector.shuffle of v and w (same type) picking mask's positions of their concatenation. */
static fy_obj *vec_shuffle(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw) {
    NEED_VEC(o);
    tvector *v = (tvector *)o;
    static const char *const names[] = {"other", "mask", NULL};
    fy_obj *p[2] = {NULL, NULL};
    if (fy_parse_args("shuffle", a, na, kw, names, 2, 2, 2, p) < 0) return NULL;
    if (!VEC_CHECK(p[0]) || ((tvector *)p[0])->et != v->et || ((tvector *)p[0])->n != v->n)
        return fy_err_format(&fy_TypeError, "shuffle: the other operand must be a Vector like this one, not '%s'",
                             fy_type_name(p[0]));
    size_t m;
    fy_obj **it = FY_LIST_CHECK(p[1]) || FY_TUPLE_CHECK(p[1]) ? fy_seq_items(p[1], &m) : NULL;
    if (!it || m == 0 || m > 1024) return fy_err_set(&fy_TypeError, "shuffle: mask must be a non-empty list of ints");
    fy_tracer *tr = need_tracer();
    if (!tr) return NULL;
    char s1[64], s2[64];
    uint64_t id = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = vector.shuffle %%%llu, %%%llu [", U(id), U(v->ssa), U(((tvector *)p[0])->ssa));
    for (size_t i = 0; i < m; i++) {
        int64_t k;
        if (fy_dsl_to_int(it[i], &k, "shuffle", "mask") < 0) return NULL;
        if (k < 0 || k >= 2 * v->n)
            return fy_err_format(&fy_ValueError, "shuffle: mask index %lld outside 0..%lld", (long long)k,
                                 (long long)(2 * v->n - 1));
        fy_trace_emit(tr, "%s%lld", i ? ", " : "", (long long)k);
    }
    fy_trace_emit(tr, "] : %s, %s", vty(s1, sizeof s1, v, NULL), vty(s2, sizeof s2, v, NULL));
    fy_trace_end_line(tr);
    return tr->failed ? fy_err_nomem() : fy_tvector_new(id, v->et, (int64_t)m);
}

int fy_trace_is_vector(fy_obj *o) { return o && VEC_CHECK(o); }
/* 1 when t is fx.Vector or a subclass of it (a vector alias such as fx.Float32x4). */
int fy_trace_is_vector_type(fy_obj *t) {
    return t &&
           (t == &tvector_type.h || (FY_IS_TYPE(t, fy_type_type) && fy_type_is_subtype((fy_type *)t, &tvector_type)));
}

fy_obj *fy_trace_vector_math(const char *name, fy_obj *o) {
    NEED_VEC(o);
    tvector *v = (tvector *)o;
    if (v->et->kind != FY_DSL_K_FLOAT)
        return fy_err_format(&fy_TypeError, "math.%s expects float elements, got %s", name, v->et->name);
    fy_tracer *tr = need_tracer();
    if (!tr) return NULL;
    char t[64];
    uint64_t id = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = math.%s %%%llu : %s", U(id), name, U(v->ssa), vty(t, sizeof t, v, NULL));
    fy_trace_end_line(tr);
    return tr->failed ? fy_err_nomem() : fy_tvector_new(id, v->et, v->n);
}

/* What FlyDSL's classmethods give when called on a subclass (Float32x4.filled(...)): cls(r, r.shape, r.dtype), so
 * that the subclass's __init__ sees the value; r itself for Vector (or when cls is no type: fx.full). Steals r. */
static fy_obj *as_cls(fy_obj *cls, fy_obj *r) {
    if (!r || !cls || cls == &tvector_type.h || !FY_IS_TYPE(cls, fy_type_type) ||
        !fy_type_is_subtype((fy_type *)cls, &tvector_type))
        return r;
    fy_obj *args[3] = {r, vec_shape(r), &((tvector *)r)->et->h};
    fy_obj *out = args[1] ? fy_call(cls, args, 3, NULL) : NULL;
    FY_XDECREF(args[1]);
    FY_DECREF(r);
    return out;
}

/* math.fma(a, b, c) of three float Vectors of one type and length: one math.fma on the vectors. */
fy_obj *fy_trace_vector_fma(fy_obj *a, fy_obj *b, fy_obj *c) {
    fy_obj *o[3] = {a, b, c};
    for (int i = 0; i < 3; i++)
        if (!VEC_CHECK(o[i]))
            return fy_err_format(&fy_TypeError, "math.fma on Vectors takes three Vectors, not '%s'",
                                 fy_type_name(o[i]));
    tvector *x = (tvector *)a, *y = (tvector *)b, *z = (tvector *)c;
    if (x->et->kind != FY_DSL_K_FLOAT)
        return fy_err_format(&fy_TypeError, "math.fma expects float elements, got %s", x->et->name);
    if (y->et != x->et || z->et != x->et || y->n != x->n || z->n != x->n)
        return fy_err_format(&fy_TypeError, "math.fma: the Vectors must have one element type and length (%lld x %s)",
                             (long long)x->n, x->et->name);
    fy_tracer *tr = need_tracer();
    if (!tr) return NULL;
    char t[64];
    uint64_t id = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = math.fma %%%llu, %%%llu, %%%llu : %s", U(id), U(x->ssa), U(y->ssa), U(z->ssa),
                  vty(t, sizeof t, x, NULL));
    fy_trace_end_line(tr);
    return tr->failed ? fy_err_nomem() : fy_tvector_new(id, x->et, x->n);
}

/* full(n, value, dtype): a Vector of n copies of value. */
static fy_obj *f_full(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    static const char *const names[] = {"shape", "value", "dtype", NULL};
    fy_obj *p[3] = {NULL, NULL, NULL};
    if (fy_parse_args("full", a, na, kw, names, 3, 3, 3, p) < 0) return NULL;
    int64_t n;
    fy_obj *keep;
    if (shape_count(p[0], &n, &keep, "full") < 0) return NULL;
    if (n < 1 || n > 4096)
        return fy_err_format(&fy_ValueError, "full: %lld elements (1..4096 supported)", (long long)n);
    fy_dsl_numeric *t = fy_dsl_to_numeric_type(p[2], "full");
    if (!t) return NULL;
    fy_tracer *tr = need_tracer();
    if (!tr) return NULL;
    uint64_t x, id = 0;
    if (fy_trace_value_as(tr, p[1], t, &x) < 0) return NULL;
    id = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = vector.broadcast %%%llu : %s to vector<%lldx%s>", U(id), U(x),
                  fy_trace_mlir_type(t), (long long)n, fy_trace_mlir_type(t));
    fy_trace_end_line(tr);
    fy_obj *r = tr->failed ? fy_err_nomem() : fy_tvector_new(id, t, n);
    if (r && keep) ((tvector *)r)->shape = fy_ref(keep);
    return as_cls(s, r);
}

static fy_obj *vec_ir_value(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    NEED_VEC(self);
    (void)a;
    if (fy_no_kwargs("ir_value", kw) < 0 || fy_check_nargs("ir_value", na, 0, 0) < 0) return NULL;
    return fy_mlir_ir_value(self);
}
static fy_obj *vec_raw(fy_obj *self) { return VEC_CHECK(self) ? fy_mlir_ir_value(self) : uninit_err(self); }

/* Vector.__new__: an instance of tp (Vector or a Python subclass) that holds no vector yet; Vector.__init__
 * gives it one (FlyDSL's VectorAlias types make their value and then call Vector.__init__). */
static fy_obj *vec_new(fy_type *tp, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)a;
    (void)na;
    (void)kw;
    return fy_alloc(tp);
}

/* Vector.__init__(self, value, shape=None, dtype=None): self holds value (a Vector, or an ir.Value of a 1-D
 * vector type) seen with FlyDSL's checks: shape must hold as many elements, dtype must be its element type. */
static int vec_init(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    static const char *const names[] = {"value", "shape", "dtype", NULL};
    fy_obj *p[3] = {NULL, NULL, NULL};
    if (!fy_isinstance_of(self, &tvector_type)) {
        fy_err_format(&fy_TypeError, "Vector.__init__ needs a Vector, not '%s'", fy_type_name(self));
        return -1;
    }
    if (fy_parse_args("Vector", a, na, kw, names, 1, 3, 3, p) < 0) return -1;
    fy_obj *val = p[0], *raw = NULL;
    int rc = -1;
    if (!VEC_CHECK(val)) { /* Vector(raw, shape, dtype): an ir.Value of a vector type */
        raw = fy_mlir_vector_new(&tvector_type, p, 1, NULL);
        if (!raw) return -1;
        if (!VEC_CHECK(raw)) {
            fy_err_format(&fy_TypeError, "Vector(): expected a Vector or an ir.Value of a vector type, not '%s'",
                          fy_type_name(p[0]));
            goto out;
        }
        val = raw;
    }
    tvector *v = (tvector *)val;
    fy_obj *keep = v->shape;
    if (p[1] && p[1] != fy_None) {
        int64_t n;
        if (shape_count(p[1], &n, &keep, "Vector") < 0) goto out;
        if (n != v->n) {
            fy_err_format(&fy_ValueError, "shape %R has %lld elements, but value has type vector<%lldx%s>", p[1],
                          (long long)n, (long long)v->n, fy_trace_mlir_type(v->et));
            goto out;
        }
    }
    fy_dsl_numeric *et = v->et;
    if (p[2] && p[2] != fy_None) {
        fy_dsl_numeric *t = fy_dsl_to_numeric_type(p[2], "Vector");
        if (!t) goto out;
        /* MLIR's integers are signless: a raw vector<Nxi32> is Int32 or Uint32 as dtype says */
        if (raw && t->kind == et->kind && t->width == et->width) et = t;
        if (t != et) {
            fy_err_format(&fy_ValueError, "dtype %s does not match vector element type %s", t->name,
                          fy_trace_mlir_type(v->et));
            goto out;
        }
    }
    tvector *s = (tvector *)self;
    fy_obj *old = s->shape;
    s->ssa = v->ssa;
    s->n = v->n;
    s->et = et;
    s->shape = keep ? fy_ref(keep) : NULL;
    FY_XDECREF(old);
    rc = 0;
out:
    FY_XDECREF(raw);
    return rc;
}

/* A new Vector of the class of like (a subclass instance keeps its class through scf results, as FlyDSL's
 * __construct_from_ir_values__ does) with like's shape, holding the SSA value ssa. */
fy_obj *fy_tvector_new_like(uint64_t ssa, fy_obj *like) {
    if (!fy_isinstance_of(like, &tvector_type)) return fy_err_set(&fy_TypeError, "expected a Vector");
    tvector *l = (tvector *)like, *v = (tvector *)fy_alloc(FY_TYPE(like));
    if (!v) return NULL;
    v->ssa = ssa;
    v->et = l->et;
    v->n = l->n;
    v->shape = l->shape ? fy_ref(l->shape) : NULL;
    return &v->h;
}

static fy_obj *vec_abs(fy_obj *o) {
    NEED_VEC(o);
    tvector *x = (tvector *)o;
    fy_tracer *tr = need_tracer();
    if (!tr) return NULL;
    char t[64];
    uint64_t id = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = %s %%%llu : %s", U(id), x->et->kind == FY_DSL_K_FLOAT ? "math.absf" : "math.absi",
                  U(x->ssa), vty(t, sizeof t, x, NULL));
    fy_trace_end_line(tr);
    return tr->failed ? fy_err_nomem() : fy_tvector_new(id, x->et, x->n);
}

/* Elementwise comparisons: a Vector of Boolean (vector<Nxi1>); floats ordered, integers by signedness. */
fy_obj *fy_trace_vector_cmp(fy_obj *a, fy_obj *b, const char *pred) {
    NEED_VEC2(a, b);
    tvector *x = VEC_CHECK(a) ? (tvector *)a : (tvector *)b;
    int swapped = (fy_obj *)x != a;
    fy_tracer *tr = need_tracer();
    if (!tr) return NULL;
    uint64_t y;
    int rc = operand(tr, x, swapped ? a : b, &y);
    if (rc < 0) return NULL;
    if (rc > 0) return fy_ref(fy_NotImplemented);
    uint64_t l = swapped ? y : x->ssa, r = swapped ? x->ssa : y;
    char t[64];
    uint64_t id = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = %s %s, %%%llu, %%%llu : %s", U(id),
                  x->et->kind == FY_DSL_K_FLOAT ? "arith.cmpf" : "arith.cmpi", pred, U(l), U(r),
                  vty(t, sizeof t, x, NULL));
    fy_trace_end_line(tr);
    return tr->failed ? fy_err_nomem() : fy_tvector_new(id, &fy_dsl_t_bool, x->n);
}

/* A comparison in the common element type of both operands (FlyDSL's lattice, a Boolean not widened). */
static fy_obj *vec_richcmp(fy_obj *a, fy_obj *b, int op) {
    NEED_VEC2(a, b);
    if (!fy_trace_cur()) return fy_err_set(&fy_RuntimeError, "a Vector is only usable inside its kernel's trace");
    int rc = promote(&a, &b, 1);
    if (rc < 0) return NULL;
    if (rc > 0) return fy_ref(fy_NotImplemented);
    tvector *x = VEC_CHECK(a) ? (tvector *)a : (tvector *)b;
    static const char *const fp[] = {"oeq", "une", "olt", "ole", "ogt", "oge"};
    static const char *const sp[] = {"eq", "ne", "slt", "sle", "sgt", "sge"};
    static const char *const up[] = {"eq", "ne", "ult", "ule", "ugt", "uge"};
    const char *const *tab = x->et->kind == FY_DSL_K_FLOAT                       ? fp
                             : x->et->kind == FY_DSL_K_BOOL || !x->et->is_signed ? up
                                                                                 : sp;
    fy_obj *r = fy_trace_vector_cmp(a, b, tab[op]); /* richcmp is called with the Vector first for both forms */
    FY_DECREF(a);
    FY_DECREF(b);
    return r;
}

/* cond.select(t, f): lane-wise arith.select; a non-Boolean cond is compared with zero first. */
static fy_obj *vec_select(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw) {
    NEED_VEC(o);
    tvector *c = (tvector *)o;
    if (fy_no_kwargs("select", kw) < 0 || fy_check_nargs("select", na, 2, 2) < 0) return NULL;
    fy_obj *cond = NULL;
    if (c->et != &fy_dsl_t_bool) {
        fy_obj *z = fy_int_from(0);
        cond = z ? vec_richcmp(o, z, FY_NE_OP) : NULL;
        FY_XDECREF(z);
        if (!cond) return NULL;
    } else cond = fy_ref(o);
    tvector *cv = (tvector *)cond;
    /* the value type: the common type of both branches' element types (FlyDSL's lattice); a Vector branch of
     * another element type is converted, a scalar broadcast in that type */
    fy_dsl_numeric *et = NULL;
    for (int i = 0; i < 2; i++) {
        fy_dsl_numeric *bt = operand_type(a[i]);
        if (bt) et = et ? fy_dsl_common_type(et, bt, 1) : bt;
    }
    fy_obj *r = NULL, *br[2] = {NULL, NULL};
    if (!et) {
        if (!fy_err_occurred())
            fy_err_set(&fy_TypeError, "Vector.select branches must be Vector, Numeric, or numeric literals");
        goto out;
    }
    fy_tracer *tr = need_tracer();
    if (!tr) goto out;
    for (int i = 0; i < 2; i++) {
        fy_obj *t = &et->h;
        br[i] = VEC_CHECK(a[i]) && ((tvector *)a[i])->et != et ? vec_to(a[i], &t, 1, NULL) : fy_ref(a[i]);
        if (!br[i]) goto out;
    }
    tvector shape_of = {.et = et, .n = cv->n};
    uint64_t tv, fv;
    if (operand(tr, &shape_of, br[0], &tv) != 0 || operand(tr, &shape_of, br[1], &fv) != 0) {
        if (!fy_err_occurred())
            fy_err_set(&fy_TypeError, "Vector.select branches must be Vector, Numeric, or numeric literals");
        goto out;
    }
    char s1[64], s2[64];
    uint64_t id = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = arith.select %%%llu, %%%llu, %%%llu : %s, %s", U(id), U(cv->ssa), U(tv), U(fv),
                  vty(s1, sizeof s1, cv, NULL), vty(s2, sizeof s2, cv, et));
    fy_trace_end_line(tr);
    r = tr->failed ? fy_err_nomem() : fy_tvector_new(id, et, cv->n);
out:
    FY_XDECREF(br[0]);
    FY_XDECREF(br[1]);
    FY_DECREF(cond);
    return r;
}

/* The element type a type argument names: a numeric type, T's / the bindings' scalar types, or a vector type
 * (T.vec(4, T.f32), "vector<4xf32>": its element type). */
static fy_dsl_numeric *elem_type_arg(fy_obj *t, const char *op) {
    fy_obj *s = FY_TYPE(t) == FY_TYPE(&fy_dsl_t_f32.h) ? NULL : fy_str(t);
    if (s) {
        long long n;
        char et[32];
        fy_dsl_numeric *r = NULL;
        if (sscanf(FY_STR_DATA(s), "vector<%lldx%31[^>]>", &n, et) == 2) r = fy_mlir_numeric_of(et);
        FY_DECREF(s);
        if (r) return r;
    }
    fy_err_clear();
    return fy_dsl_to_numeric_type(t, op);
}

/* v.extf(type) / v.truncf(type): the float elements widened / narrowed to type's element type (arith.extf /
 * arith.truncf, as the legacy ArithValue methods FlyDSL's kernels call). */
static fy_obj *vec_fcast(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw, int ext) {
    NEED_VEC(o);
    const char *op = ext ? "extf" : "truncf";
    if (fy_no_kwargs(op, kw) < 0 || fy_check_nargs(op, na, 1, 1) < 0) return NULL;
    tvector *v = (tvector *)o;
    fy_dsl_numeric *t = elem_type_arg(a[0], op);
    if (!t) return NULL;
    if (v->et->kind != FY_DSL_K_FLOAT || t->kind != FY_DSL_K_FLOAT ||
        (ext ? t->width <= v->et->width : t->width >= v->et->width))
        return fy_err_format(&fy_TypeError, "Vector.%s: %s to %s is not a float %s", op, v->et->name, t->name,
                             ext ? "extension" : "truncation");
    fy_obj *arg = &t->h;
    return vec_to(o, &arg, 1, NULL);
}
static fy_obj *vec_extf(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw) { return vec_fcast(o, a, na, kw, 1); }
static fy_obj *vec_truncf(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw) { return vec_fcast(o, a, na, kw, 0); }

static fy_obj *vec_type(fy_obj *o) {
    NEED_VEC(o);
    char t[64];
    return fy_dsl_ir_type(vty(t, sizeof t, (tvector *)o, NULL));
}

/* FlyDSL's Vector is an ir.Value (flydsl._mlir.ir.Value counts it as one): a Value's handle, type text and owner. */
static fy_obj *vec_fyh(fy_obj *o) {
    NEED_VEC(o);
    return fy_int_from((int64_t)((tvector *)o)->ssa);
}
static fy_obj *vec_fyt(fy_obj *o) {
    NEED_VEC(o);
    char t[64];
    return fy_str_from_cstr(vty(t, sizeof t, (tvector *)o, NULL));
}
static fy_obj *vec_owner(fy_obj *o) {
    NEED_VEC(o);
    return fy_ref(fy_None);
}

static int64_t vec_length(fy_obj *o) {
    if (VEC_CHECK(o)) return ((tvector *)o)->n;
    uninit_err(o);
    return -1;
}

/* v.broadcast_to(shape): a one-element vector repeated to shape's size (itself when the size is its own). */
static fy_obj *vec_broadcast_to(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    NEED_VEC(self);
    tvector *v = (tvector *)self;
    int64_t n;
    fy_obj *keep;
    if (fy_no_kwargs("broadcast_to", kw) < 0 || fy_check_nargs("broadcast_to", na, 1, 1) < 0 ||
        shape_count(a[0], &n, &keep, "broadcast_to") < 0)
        return NULL;
    if (n == v->n) return fy_ref(self);
    if (v->n != 1)
        return fy_err_format(&fy_ValueError, "cannot broadcast shape (%lld,) to %lld elements", (long long)v->n,
                             (long long)n);
    if (n < 1 || n > 4096)
        return fy_err_format(&fy_ValueError, "broadcast_to: %lld elements (1..4096 supported)", (long long)n);
    fy_tracer *tr = need_tracer();
    if (!tr) return NULL;
    uint64_t x = fy_trace_new_ssa(tr), id = fy_trace_new_ssa(tr);
    const char *t = fy_trace_mlir_type(v->et);
    fy_trace_emit(tr, "      %%%llu = vector.extract %%%llu[0] : %s from vector<1x%s>", U(x), U(v->ssa), t, t);
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = vector.broadcast %%%llu : %s to vector<%lldx%s>", U(id), U(x), t, (long long)n,
                  t);
    fy_trace_end_line(tr);
    fy_obj *r = tr->failed ? fy_err_nomem() : fy_tvector_new(id, v->et, n);
    if (r && keep) ((tvector *)r)->shape = fy_ref(keep);
    return r;
}

/* FlyDSL's DslType protocol: a Vector is one ir.Value, itself. */
static fy_obj *vec_extract(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)a;
    if (fy_no_kwargs("__extract_to_ir_values__", kw) < 0 || fy_check_nargs("__extract_to_ir_values__", na, 0, 0) < 0)
        return NULL;
    NEED_VEC(self);
    fy_obj *l = fy_list_new(0);
    if (l && fy_list_append(l, self) < 0) FY_CLEAR(l);
    return l;
}

static fy_methoddef vec_methods[] = {
    {"__extract_to_ir_values__", vec_extract, 0, "__extract_to_ir_values__()\n[self]: a Vector is one ir.Value."},
    {"broadcast_to", vec_broadcast_to, 0, "broadcast_to(shape)\nA one-element vector repeated to shape's size."},
    {"ir_value", vec_ir_value, 0, "ir_value()\nThe vector as an ir.Value (flydsl._mlir)."},
    {"select", vec_select, 0, "select(true_value, false_value)\nLane-wise choice driven by this condition vector."},
    {"to", vec_to, 0, "to(dtype)\nThe elements converted to dtype."},
    {"extf", vec_extf, 0, "extf(type)\nThe float elements widened to type's element type."},
    {"truncf", vec_truncf, 0, "truncf(type)\nThe float elements narrowed to type's element type."},
    {"reduce", vec_reduce, 0, "reduce(op, fastmath=None)\nAll elements combined with ReductionOp op."},
    {"bitcast", vec_bitcast, 0, "bitcast(dtype)\nThe same bits as a Vector of dtype."},
    {"shuffle", vec_shuffle, 0, "shuffle(other, mask)\nElements of self ++ other at the mask's positions."},
    {0}};

static fy_obj *vec_len(fy_obj *o) { return VEC_CHECK(o) ? fy_int_from(((tvector *)o)->n) : uninit_err(o); }
static fy_obj *vec_dtype(fy_obj *o) { return VEC_CHECK(o) ? fy_ref(&((tvector *)o)->et->h) : uninit_err(o); }
static fy_obj *vec_signed(fy_obj *o) {
    NEED_VEC(o);
    const fy_dsl_numeric *t = ((tvector *)o)->et;
    return fy_bool(t->kind == FY_DSL_K_BOOL || (t->kind != FY_DSL_K_FLOAT && t->is_signed));
}

static fy_getsetdef vec_getsets[] = {{"dtype", vec_dtype, NULL, "the element type"},
                                     {"signed", vec_signed, NULL, "True for signed integer (and Boolean) elements"},
                                     {"element_type", vec_dtype, NULL, "the element type"},
                                     {"numel", vec_len, NULL, "the number of elements"},
                                     {"shape", vec_shape, NULL, "the shape (a tuple)"},
                                     {"type", vec_type, NULL, "the MLIR type (vector<4xf32>)"},
                                     {"_raw", vec_raw, NULL, "the vector as an ir.Value"},
                                     {"_fyh", vec_fyh, NULL, "its SSA handle (as an ir.Value's)"},
                                     {"_fyt", vec_fyt, NULL, "its MLIR type text (as an ir.Value's)"},
                                     {"_owner", vec_owner, NULL, "None (as an ir.Value's owner)"},
                                     {0}};

static fy_type tvector_type = {
    FY_TYPE_INIT("Vector", sizeof(tvector)),
    .dealloc = vec_dealloc,
    .new_ = vec_new,
    .init = vec_init,
    .richcmp = vec_richcmp,
    .len = vec_length,
    .abs = vec_abs,
    .repr = vec_repr,
    .getsets = vec_getsets,
    .methods = vec_methods,
    .getitem = vec_getitem,
    .neg = vec_neg,
    .pos = vec_pos,
    .invert = vec_invert,
    .hash = vec_hash,
    .nb = {[FY_NB_ADD] = vec_add,
           [FY_NB_SUB] = vec_sub,
           [FY_NB_MUL] = vec_mul,
           [FY_NB_TRUEDIV] = vec_div,
           [FY_NB_FLOORDIV] = vec_floordiv,
           [FY_NB_MOD] = vec_mod,
           [FY_NB_POW] = vec_pow,
           [FY_NB_AND] = vec_and,
           [FY_NB_OR] = vec_or,
           [FY_NB_XOR] = vec_xor,
           [FY_NB_LSHIFT] = vec_shl,
           [FY_NB_RSHIFT] = vec_shr},
};

/* Vector.make_type(n, dtype): the type's MLIR text (vector<4xf32>). */
static fy_obj *f_make_type(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    int64_t n;
    if (fy_no_kwargs("make_type", kw) < 0 || fy_check_nargs("make_type", na, 2, 2) < 0 ||
        fy_dsl_to_int(a[0], &n, "make_type", "n") < 0)
        return NULL;
    fy_dsl_numeric *t = fy_dsl_to_numeric_type(a[1], "make_type");
    if (!t) return NULL;
    if (n < 1)
        return fy_err_format(&fy_ValueError, "make_type: a Vector needs at least one element, not %lld", (long long)n);
    return fy_str_printf("vector<%lldx%s>", (long long)n, fy_trace_mlir_type(t));
}

/* Vector.from_elements(values, dtype): a Vector of the values converted to dtype (vector.from_elements). */
static fy_obj *f_from_elements(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    static const char *const names[] = {"elements", "dtype", NULL};
    fy_obj *p[2] = {NULL, NULL};
    if (fy_parse_args("from_elements", a, na, kw, names, 1, 2, 2, p) < 0) return NULL;
    size_t n;
    fy_obj **it = FY_LIST_CHECK(p[0]) || FY_TUPLE_CHECK(p[0]) ? fy_seq_items(p[0], &n) : NULL;
    if (!it || n == 0 || n > 4096)
        return fy_err_set(&fy_TypeError, "from_elements: expected a non-empty list of values");
    fy_dsl_numeric *t = NULL;
    if (p[1] && p[1] != fy_None) t = fy_dsl_to_numeric_type(p[1], "from_elements");
    else { /* the first element's type (FlyDSL infers dtype from the elements) */ fy_obj *e0 = fy_dsl_as_numeric(it[0]);
        if (e0) t = ((fy_dsl_num *)e0)->dt;
        FY_XDECREF(e0);
        if (!t && !fy_err_occurred()) fy_err_set(&fy_TypeError, "from_elements: expected numeric elements");
    }
    if (!t) return NULL;
    fy_tracer *tr = need_tracer();
    if (!tr) return NULL;
    uint64_t *v = fy_malloc(n * sizeof *v);
    if (!v) return fy_err_nomem();
    for (size_t i = 0; i < n; i++)
        if (fy_trace_value_as(tr, it[i], t, &v[i]) < 0) {
            fy_free(v);
            return NULL;
        }
    uint64_t id = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = vector.from_elements ", U(id));
    for (size_t i = 0; i < n; i++) fy_trace_emit(tr, "%s%%%llu", i ? ", " : "", U(v[i]));
    fy_trace_emit(tr, " : vector<%zux%s>", n, fy_trace_mlir_type(t));
    fy_trace_end_line(tr);
    fy_free(v);
    return as_cls(s, tr->failed ? fy_err_nomem() : fy_tvector_new(id, t, (int64_t)n));
}

/* Vector.filled_like(template, value, dtype=None) / zeros_like(template, dtype=None): a Vector of template's shape
 * (and dtype unless given) filled with value / zero. */
static fy_obj *like(fy_obj *cls, const char *name, fy_obj *tmpl, fy_obj *value, fy_obj *dtype) {
    if (!fy_trace_is_vector(tmpl))
        return fy_err_format(&fy_TypeError, "%s: the template must be a Vector, not %s", name, fy_type_name(tmpl));
    tvector *v = (tvector *)tmpl;
    fy_dsl_numeric *t = dtype && dtype != fy_None ? fy_dsl_to_numeric_type(dtype, name) : v->et;
    if (!t) return NULL;
    fy_obj *shape = vec_shape(tmpl);
    fy_obj *zero = value ? fy_ref(value) : t->kind == FY_DSL_K_FLOAT ? fy_float_from(0.0) : fy_int_from(0);
    fy_obj *r = NULL;
    if (shape && zero) {
        fy_obj *args[3] = {shape, zero, &t->h};
        r = f_full(cls, args, 3, NULL);
    }
    FY_XDECREF(shape);
    FY_XDECREF(zero);
    return r;
}
static fy_obj *f_filled_like(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    static const char *const names[] = {"template", "fill_value", "dtype", NULL};
    fy_obj *p[3] = {NULL, NULL, NULL};
    if (fy_parse_args("filled_like", a, na, kw, names, 2, 3, 3, p) < 0) return NULL;
    return like(s, "filled_like", p[0], p[1], p[2]);
}
static fy_obj *f_zeros_like(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    static const char *const names[] = {"template", "dtype", NULL};
    fy_obj *p[2] = {NULL, NULL};
    if (fy_parse_args("zeros_like", a, na, kw, names, 1, 2, 2, p) < 0) return NULL;
    return like(s, "zeros_like", p[0], NULL, p[1]);
}

/* Vector.__construct_from_ir_values__(values, exemplar=None) (a class method): cls over values[0], a Vector or an
 * ir.Value of a vector type; with exemplar an instance of cls, cls(value, exemplar.shape, exemplar.dtype). */
static fy_obj *f_construct(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    static const char *const names[] = {"values", "exemplar", NULL};
    fy_obj *p[2] = {NULL, NULL};
    if (fy_parse_args("__construct_from_ir_values__", a, na, kw, names, 1, 2, 2, p) < 0) return NULL;
    size_t n;
    fy_obj **it = FY_LIST_CHECK(p[0]) || FY_TUPLE_CHECK(p[0]) ? fy_seq_items(p[0], &n) : NULL;
    if (!it)
        return fy_err_format(&fy_TypeError, "Vector.__construct_from_ir_values__ expects a list of ir.Values, not '%s'",
                             fy_type_name(p[0]));
    if (n != 1) return fy_err_format(&fy_ValueError, "Vector expects 1 ir.Value, got %zu", n);
    fy_obj *cls = fy_isinstance_of(s, &fy_type_type) ? s : &tvector_type.h;
    fy_obj *ex = p[1] && p[1] != fy_None && fy_isinstance_of(p[1], (fy_type *)cls) && VEC_CHECK(p[1]) ? p[1] : NULL;
    if (!ex) return fy_call(cls, it, 1, NULL);
    fy_obj *args[3] = {it[0], vec_shape(ex), &((tvector *)ex)->et->h};
    fy_obj *r = args[1] ? fy_call(cls, args, 3, NULL) : NULL;
    FY_XDECREF(args[1]);
    return r;
}

/* Vector's class methods (FlyDSL's filled / from_elements / filled_like / zeros_like are classmethods: called on
 * a subclass they give an instance of it) and its static make_type. */
static fy_methoddef vec_static[] = {
    {"filled_like", f_filled_like, FY_METH_CLASS,
     "filled_like(template, fill_value, dtype=None)\nA Vector shaped like template, filled with fill_value."},
    {"zeros_like", f_zeros_like, FY_METH_CLASS,
     "zeros_like(template, dtype=None)\nA Vector of zeros shaped like template."},
    {"make_type", f_make_type, FY_METH_STATIC, "make_type(n, dtype)\nThe MLIR vector type of n dtype elements."},
    {"filled", f_full, FY_METH_CLASS, "filled(n, value, dtype)\nA Vector of n copies of value (as full)."},
    {"from_elements", f_from_elements, FY_METH_CLASS, "from_elements(values, dtype)\nA Vector of the values."},
    {"__construct_from_ir_values__", f_construct, FY_METH_CLASS,
     "__construct_from_ir_values__(values, exemplar=None)\nA Vector over values[0] (exemplar's shape and dtype)."},
    {0}};

/* Adds the class and static methods of fx.Vector to its type (once). */
static int add_static_methods(void) {
    if (fy_type_ready(&tvector_type) < 0) return -1;
    for (fy_methoddef *d = vec_static; d->name; d++) {
        if (fy_dict_get_cstr(tvector_type.dict, d->name)) continue;
        fy_obj *md = fy_methoddescr_new(d, &tvector_type);
        if (!md) return -1;
        int r = fy_dict_set_cstr(tvector_type.dict, d->name, md);
        FY_DECREF(md);
        if (r < 0) return -1;
    }
    return 0;
}

/* ReductionOp members: objects whose .name is the reduction's name. */
static fy_methoddef vector_funcs[] = {
    {"full", f_full, 0, "full(n, value, dtype)\nA Vector of n copies of value (kernels only)."}, {0}};

int fy_trace_add_vector_fx(fy_obj *m) {
    if (fy_dict_get_cstr(FY_MODULE_DICT(m), "ReductionOp")) return 0;
    if (add_static_methods() < 0 ||
        (!fy_dict_get_cstr(FY_MODULE_DICT(m), "Vector") && fy_module_add(m, "Vector", &tvector_type.h) < 0))
        return -1;
    for (fy_methoddef *d = vector_funcs; d->name; d++) {
        if (fy_dict_get_cstr(FY_MODULE_DICT(m), d->name)) continue;
        fy_obj *f = fy_cfunction_new(d, m);
        if (!f || fy_module_add_steal(m, d->name, f) < 0) return -1;
    }
    static const char *const ops[] = {"ADD", "MUL", "MAX", "MIN", "AND", "OR", "XOR", NULL};
    fy_obj *ns = fy_module_new("ReductionOp");
    for (int i = 0; ns && ops[i]; i++) {
        fy_obj *mem = fy_module_new(ops[i]); /* a member: .name is its name */
        if (!mem || fy_module_add_steal(mem, "name", fy_str_from_cstr(ops[i])) < 0 ||
            fy_module_add_steal(ns, ops[i], mem) < 0) {
            FY_XDECREF(mem);
            FY_DECREF(ns);
            return -1;
        }
    }
    return ns ? fy_module_add_steal(m, "ReductionOp", ns) : -1;
}
