/* dsl_numeric_ops.c - the typed value type (fx.Int32(7), ...): static folding of the operators with
 * FlyDSL's result types and wrap-around, comparisons to Boolean, and the methods .to, .bitcast,
 * .select, .is_static, .dtype/.width/.signed. Operations on a dynamic value go to the tracer. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "flydsl/api/dsl.h"
#include "flydsl/api/dsl_numeric.h"
#include "flydsl/trace/trace.h"
#include "flydsl/mlir/mlir.h"

#define V(o) ((fy_dsl_num *)(o))

/* ------------------------------------------------------------------ bit patterns of floats */

static uint16_t f32_to_half(float f) {
    uint32_t x;
    memcpy(&x, &f, 4);
    uint32_t sign = (x >> 16) & 0x8000u, e = (x >> 23) & 0xffu, m = x & 0x7fffffu;
    if (e == 0xff) return (uint16_t)(sign | 0x7c00u | (m ? 0x200u : 0));
    int ne = (int)e - 127 + 15;
    if (ne >= 31) return (uint16_t)(sign | 0x7c00u);
    if (ne <= 0) {
        if (ne < -10) return (uint16_t)sign;
        m |= 0x800000u;
        int shift = 14 - ne;
        uint32_t hm = m >> shift, rem = m & ((1u << shift) - 1), half = 1u << (shift - 1);
        if (rem > half || (rem == half && (hm & 1))) hm++;
        return (uint16_t)(sign | hm);
    }
    uint32_t hm = m >> 13, rem = m & 0x1fffu;
    uint32_t r = sign | ((uint32_t)ne << 10) | hm;
    if (rem > 0x1000u || (rem == 0x1000u && (hm & 1))) r++;
    return (uint16_t)r;
}

static double half_to_double(uint16_t h) {
    int sign = h >> 15, e = (h >> 10) & 0x1f, m = h & 0x3ff;
    double v;
    if (e == 0) v = ldexp(m, -24);
    else if (e == 31) v = m ? NAN : INFINITY;
    else v = ldexp(m + 1024, e - 25);
    return sign ? -v : v;
}

static uint16_t f32_to_bf16(float f) {
    uint32_t x;
    memcpy(&x, &f, 4);
    if ((x & 0x7fffffffu) > 0x7f800000u) return (uint16_t)((x >> 16) | 0x40u);
    x += 0x7fffu + ((x >> 16) & 1u);
    return (uint16_t)(x >> 16);
}

/* The bits of a static value of a 16/32/64-bit float or any integer type; -1 for unsupported floats. */
static int value_bits(const fy_dsl_num *v, uint64_t *out) {
    const fy_dsl_numeric *t = v->dt;
    if (t->kind != FY_DSL_K_FLOAT) {
        *out = t->width >= 64 ? (uint64_t)v->i : (uint64_t)v->i & (((uint64_t)1 << t->width) - 1);
        return 0;
    }
    if (!strcmp(t->name, "Float64")) memcpy(out, &v->f, 8);
    else if (!strcmp(t->name, "Float32")) {
        float f = (float)v->f;
        uint32_t b;
        memcpy(&b, &f, 4);
        *out = b;
    } else if (!strcmp(t->name, "Float16")) *out = f32_to_half((float)v->f);
    else if (!strcmp(t->name, "BFloat16")) *out = f32_to_bf16((float)v->f);
    else return -1;
    return 0;
}

static fy_obj *from_bits(fy_dsl_numeric *t, uint64_t b) {
    if (t->kind != FY_DSL_K_FLOAT) return fy_dsl_num_int(t, (int64_t)b);
    double d;
    if (!strcmp(t->name, "Float64")) memcpy(&d, &b, 8);
    else if (!strcmp(t->name, "Float32")) {
        uint32_t w = (uint32_t)b;
        float f;
        memcpy(&f, &w, 4);
        d = f;
    } else if (!strcmp(t->name, "Float16")) d = half_to_double((uint16_t)b);
    else if (!strcmp(t->name, "BFloat16")) {
        uint32_t w = (uint32_t)b << 16;
        float f;
        memcpy(&f, &w, 4);
        d = f;
    } else {
        return fy_err_format(&fy_NotImplementedError, "bitcast to %s is not supported for static values", t->name);
    }
    return fy_dsl_num_float(t, d);
}

/* ------------------------------------------------------------------ static folding */

static int is_unsigned64(const fy_dsl_numeric *t) { return t->kind == FY_DSL_K_INT && !t->is_signed && t->width == 64; }

static double py_fmod(double x, double y) {
    double m = fmod(x, y);
    if (m != 0.0) {
        if ((y < 0) != (m < 0)) m += y;
    } else {
        m = copysign(0.0, y);
    }
    return m;
}

static fy_obj *fold_float(fy_dsl_numeric *rt, double x, double y, int op) {
    switch (op) {
    case FY_NB_ADD: return fy_dsl_num_float(rt, x + y);
    case FY_NB_SUB: return fy_dsl_num_float(rt, x - y);
    case FY_NB_MUL: return fy_dsl_num_float(rt, x * y);
    case FY_NB_TRUEDIV:
        if (y == 0.0) return fy_err_set(&fy_ZeroDivisionError, "float division by zero");
        return fy_dsl_num_float(rt, x / y);
    case FY_NB_FLOORDIV:
        if (y == 0.0) return fy_err_set(&fy_ZeroDivisionError, "float floor division by zero");
        {
            double mod = fmod(x, y), div = (x - mod) / y;
            if (mod != 0.0 && ((y < 0) != (mod < 0))) div -= 1.0;
            double fd = floor(div);
            if (div - fd > 0.5) fd += 1.0;
            return fy_dsl_num_float(rt, div == 0.0 ? copysign(0.0, x / y) : fd);
        }
    case FY_NB_MOD:
        if (y == 0.0) return fy_err_set(&fy_ZeroDivisionError, "float modulo");
        return fy_dsl_num_float(rt, py_fmod(x, y));
    case FY_NB_POW: return fy_dsl_num_float(rt, pow(x, y));
    default:
        return fy_err_format(&fy_TypeError,
                             "unsupported operand type(s) for %s: operands of type %s (bitwise "
                             "operations need integers)",
                             fy_nb_symbol(op), rt->name);
    }
}

static fy_obj *fold_int(fy_dsl_numeric *rt, int64_t x, int64_t y, int op) {
    int uns = is_unsigned64(rt);
    uint64_t ux = (uint64_t)x, uy = (uint64_t)y;
    switch (op) {
    case FY_NB_ADD: return fy_dsl_num_int(rt, (int64_t)(ux + uy));
    case FY_NB_SUB: return fy_dsl_num_int(rt, (int64_t)(ux - uy));
    case FY_NB_MUL: return fy_dsl_num_int(rt, (int64_t)(ux * uy));
    case FY_NB_AND: return fy_dsl_num_int(rt, x & y);
    case FY_NB_OR: return fy_dsl_num_int(rt, x | y);
    case FY_NB_XOR: return fy_dsl_num_int(rt, x ^ y);
    case FY_NB_FLOORDIV:
    case FY_NB_MOD: {
        if (y == 0)
            return fy_err_set(&fy_ZeroDivisionError,
                              op == FY_NB_MOD ? "integer modulo by zero" : "integer division or modulo by zero");
        if (uns) return fy_dsl_num_int(rt, (int64_t)(op == FY_NB_MOD ? ux % uy : ux / uy));
        if (x == INT64_MIN && y == -1) return fy_dsl_num_int(rt, op == FY_NB_MOD ? 0 : x);
        int64_t q = x / y, r = x % y;
        if (r != 0 && ((r < 0) != (y < 0))) {
            q--;
            r += y;
        }
        return fy_dsl_num_int(rt, op == FY_NB_MOD ? r : q);
    }
    case FY_NB_LSHIFT:
        if (y < 0 && !uns) return fy_err_set(&fy_ValueError, "negative shift count");
        return fy_dsl_num_int(rt, uy >= 64 ? 0 : (int64_t)(ux << uy));
    case FY_NB_RSHIFT:
        if (y < 0 && !uns) return fy_err_set(&fy_ValueError, "negative shift count");
        if (uns || !rt->is_signed) return fy_dsl_num_int(rt, uy >= 64 ? 0 : (int64_t)(ux >> uy));
        return fy_dsl_num_int(rt, uy >= 64 ? (x < 0 ? -1 : 0) : x >> uy);
    case FY_NB_POW: {
        if (y < 0 && !uns) {
            if (x == 0) return fy_err_set(&fy_ZeroDivisionError, "0 cannot be raised to a negative power");
            return fy_dsl_num_float(rt, pow((double)x, (double)y));
        }
        uint64_t r = 1, b = ux, e = uy;
        while (e) {
            if (e & 1) r *= b;
            b *= b;
            e >>= 1;
        }
        return fy_dsl_num_int(rt, (int64_t)r);
    }
    default: return fy_NotImplemented->rc++, fy_NotImplemented;
    }
}

/* fold_int for a 128-bit type rt (Int128, Uint128): x and y are its values' 128 bits. */
static fy_obj *fold_int128(fy_dsl_numeric *rt, fy_dsl_i128 x, fy_dsl_i128 y, int op) {
    int uns = !rt->is_signed;
    fy_dsl_u128 ux = (fy_dsl_u128)x, uy = (fy_dsl_u128)y;
    fy_dsl_i128 min = (fy_dsl_i128)((fy_dsl_u128)1 << 127);
    switch (op) {
    case FY_NB_ADD: return fy_dsl_num_int128(rt, (fy_dsl_i128)(ux + uy));
    case FY_NB_SUB: return fy_dsl_num_int128(rt, (fy_dsl_i128)(ux - uy));
    case FY_NB_MUL: return fy_dsl_num_int128(rt, (fy_dsl_i128)(ux * uy));
    case FY_NB_AND: return fy_dsl_num_int128(rt, x & y);
    case FY_NB_OR: return fy_dsl_num_int128(rt, x | y);
    case FY_NB_XOR: return fy_dsl_num_int128(rt, x ^ y);
    case FY_NB_FLOORDIV:
    case FY_NB_MOD: {
        if (y == 0)
            return fy_err_set(&fy_ZeroDivisionError,
                              op == FY_NB_MOD ? "integer modulo by zero" : "integer division or modulo by zero");
        if (uns) return fy_dsl_num_int128(rt, (fy_dsl_i128)(op == FY_NB_MOD ? ux % uy : ux / uy));
        if (x == min && y == -1) return fy_dsl_num_int128(rt, op == FY_NB_MOD ? 0 : x);
        fy_dsl_i128 q = x / y, r = x % y;
        if (r != 0 && ((r < 0) != (y < 0))) {
            q--;
            r += y;
        }
        return fy_dsl_num_int128(rt, op == FY_NB_MOD ? r : q);
    }
    case FY_NB_LSHIFT:
        if (y < 0 && !uns) return fy_err_set(&fy_ValueError, "negative shift count");
        return fy_dsl_num_int128(rt, uy >= 128 ? 0 : (fy_dsl_i128)(ux << uy));
    case FY_NB_RSHIFT:
        if (y < 0 && !uns) return fy_err_set(&fy_ValueError, "negative shift count");
        if (uns) return fy_dsl_num_int128(rt, uy >= 128 ? 0 : (fy_dsl_i128)(ux >> uy));
        return fy_dsl_num_int128(rt, uy >= 128 ? (x < 0 ? -1 : 0) : x >> uy);
    case FY_NB_POW: {
        if (y < 0 && !uns) {
            if (x == 0) return fy_err_set(&fy_ZeroDivisionError, "0 cannot be raised to a negative power");
            return fy_dsl_num_float(rt, pow((double)x, (double)y));
        }
        fy_dsl_u128 r = 1, b = ux, e = uy;
        while (e) {
            if (e & 1) r *= b;
            b *= b;
            e >>= 1;
        }
        return fy_dsl_num_int128(rt, (fy_dsl_i128)r);
    }
    default: return fy_NotImplemented->rc++, fy_NotImplemented;
    }
}

static int is_bitwise(int op) {
    return op == FY_NB_AND || op == FY_NB_OR || op == FY_NB_XOR || op == FY_NB_LSHIFT || op == FY_NB_RSHIFT;
}

/* Converts a static value to type t (values of t already are returned as is). */
static fy_obj *cast_static(fy_dsl_numeric *t, fy_obj *v) {
    return V(v)->dt == t ? fy_ref(v) : fy_dsl_num_convert(t, v);
}

static fy_obj *fy_dsl_num_binop(fy_obj *a, fy_obj *b, int op) {
    if (op == FY_NB_MATMUL) return fy_ref(fy_NotImplemented);
    fy_obj *na = fy_dsl_as_numeric(a);
    if (!na) return fy_err_occurred() ? NULL : fy_ref(fy_NotImplemented);
    fy_obj *nb = fy_dsl_as_numeric(b);
    if (!nb) {
        FY_DECREF(na);
        return fy_err_occurred() ? NULL : fy_ref(fy_NotImplemented);
    }
    fy_dsl_numeric *ct = fy_dsl_common_type(V(na)->dt, V(nb)->dt, is_bitwise(op)), *rt = ct;
    fy_obj *r = NULL;
    if (is_bitwise(op) && ct->kind == FY_DSL_K_FLOAT) {
        r = fy_err_format(&fy_TypeError,
                          "unsupported operand type(s) for %s: '%s' and '%s' (bitwise operations need "
                          "integers)",
                          fy_nb_symbol(op), V(na)->dt->name, V(nb)->dt->name);
        goto out;
    }
    if (op == FY_NB_TRUEDIV && ct->kind != FY_DSL_K_FLOAT) rt = ct->width <= 32 ? &fy_dsl_t_f32 : &fy_dsl_t_f64;
    if (!V(na)->is_static || !V(nb)->is_static) {
        r = fy_trace_num_binop(op, rt, ct, na, nb);
        goto out;
    }
    fy_obj *ca = cast_static(ct, na), *cb = ca ? cast_static(ct, nb) : NULL;
    if (cb) {
        if (rt->kind == FY_DSL_K_FLOAT)
            r = fold_float(rt, fy_dsl_num_as_double(V(ca)), fy_dsl_num_as_double(V(cb)), op);
        else if (FY_DSL_IS_WIDE(rt)) r = fold_int128(rt, fy_dsl_num_i128(V(ca)), fy_dsl_num_i128(V(cb)), op);
        else r = fold_int(rt, V(ca)->i, V(cb)->i, op);
    }
    FY_XDECREF(ca);
    FY_XDECREF(cb);
out:
    FY_DECREF(na);
    FY_DECREF(nb);
    return r;
}

#define BINOP(NAME, OP) \
    static fy_obj *NAME(fy_obj *a, fy_obj *b) { return fy_dsl_num_binop(a, b, OP); }
BINOP(nb_add, FY_NB_ADD)
BINOP(nb_sub, FY_NB_SUB)
BINOP(nb_mul, FY_NB_MUL)
BINOP(nb_truediv, FY_NB_TRUEDIV)
BINOP(nb_floordiv, FY_NB_FLOORDIV)
BINOP(nb_mod, FY_NB_MOD)
BINOP(nb_pow, FY_NB_POW)
BINOP(nb_lshift, FY_NB_LSHIFT)
BINOP(nb_rshift, FY_NB_RSHIFT)
BINOP(nb_and, FY_NB_AND)
BINOP(nb_or, FY_NB_OR)
BINOP(nb_xor, FY_NB_XOR)

static fy_obj *num_richcmp(fy_obj *a, fy_obj *b, int op) {
    fy_obj *na = fy_dsl_as_numeric(a);
    if (!na) return fy_err_occurred() ? NULL : fy_ref(fy_NotImplemented);
    fy_obj *nb = fy_dsl_as_numeric(b);
    if (!nb) {
        FY_DECREF(na);
        return fy_err_occurred() ? NULL : fy_ref(fy_NotImplemented);
    }
    fy_dsl_numeric *ct = fy_dsl_common_type(V(na)->dt, V(nb)->dt, 0);
    fy_obj *r = NULL;
    if (!V(na)->is_static || !V(nb)->is_static) {
        r = fy_trace_num_cmp(op, ct, na, nb);
    } else {
        fy_obj *ca = cast_static(ct, na), *cb = ca ? cast_static(ct, nb) : NULL;
        if (cb) {
            int c;
            if (ct->kind == FY_DSL_K_FLOAT) {
                double x = V(ca)->f, y = V(cb)->f;
                c = op == FY_EQ_OP   ? x == y
                    : op == FY_NE_OP ? x != y
                    : op == FY_LT_OP ? x < y
                    : op == FY_LE_OP ? x <= y
                    : op == FY_GT_OP ? x > y
                                     : x >= y;
            } else if (FY_DSL_IS_WIDE(ct)) {
                fy_dsl_i128 x = fy_dsl_num_i128(V(ca)), y = fy_dsl_num_i128(V(cb));
                int lt = ct->is_signed ? x < y : (fy_dsl_u128)x < (fy_dsl_u128)y;
                c = op == FY_EQ_OP   ? x == y
                    : op == FY_NE_OP ? x != y
                    : op == FY_LT_OP ? lt
                    : op == FY_LE_OP ? lt || x == y
                    : op == FY_GT_OP ? !lt && x != y
                                     : !lt;
            } else if (is_unsigned64(ct)) {
                uint64_t x = (uint64_t)V(ca)->i, y = (uint64_t)V(cb)->i;
                c = op == FY_EQ_OP   ? x == y
                    : op == FY_NE_OP ? x != y
                    : op == FY_LT_OP ? x < y
                    : op == FY_LE_OP ? x <= y
                    : op == FY_GT_OP ? x > y
                                     : x >= y;
            } else {
                int64_t x = V(ca)->i, y = V(cb)->i;
                c = op == FY_EQ_OP   ? x == y
                    : op == FY_NE_OP ? x != y
                    : op == FY_LT_OP ? x < y
                    : op == FY_LE_OP ? x <= y
                    : op == FY_GT_OP ? x > y
                                     : x >= y;
            }
            r = fy_dsl_num_int(&fy_dsl_t_bool, c);
        }
        FY_XDECREF(ca);
        FY_XDECREF(cb);
    }
    FY_DECREF(na);
    FY_DECREF(nb);
    return r;
}

/* ------------------------------------------------------------------ unary operators */

static fy_obj *num_neg(fy_obj *a) {
    fy_dsl_num *v = V(a);
    if (!v->is_static) return fy_trace_num_unary('-', a);
    if (v->dt->kind == FY_DSL_K_FLOAT) return fy_dsl_num_float(v->dt, -v->f);
    fy_dsl_numeric *t = v->dt->kind == FY_DSL_K_BOOL ? &fy_dsl_t_i32 : v->dt;
    if (FY_DSL_IS_WIDE(t)) return fy_dsl_num_int128(t, (fy_dsl_i128)((fy_dsl_u128)0 - (fy_dsl_u128)fy_dsl_num_i128(v)));
    return fy_dsl_num_int(t, (int64_t)(0 - (uint64_t)v->i));
}
static fy_obj *num_pos(fy_obj *a) { return fy_ref(a); }
static fy_obj *num_invert(fy_obj *a) {
    fy_dsl_num *v = V(a);
    if (v->dt->kind == FY_DSL_K_FLOAT)
        return fy_err_format(&fy_TypeError, "bad operand type for unary ~: '%s'", v->dt->name);
    if (!v->is_static) return fy_trace_num_unary('~', a);
    if (v->dt->kind == FY_DSL_K_BOOL) return fy_dsl_num_int(v->dt, !v->i);
    if (FY_DSL_IS_WIDE(v->dt)) return fy_dsl_num_int128(v->dt, ~fy_dsl_num_i128(v));
    return fy_dsl_num_int(v->dt, ~v->i);
}
static fy_obj *num_abs(fy_obj *a) {
    fy_dsl_num *v = V(a);
    if (v->dt->kind == FY_DSL_K_BOOL) /* FlyDSL: abs is undefined for a Boolean, static or not */
        return fy_err_set(&fy_TypeError, "abs() is not supported for Boolean values");
    if (!v->is_static) return fy_trace_num_unary('a', a);
    if (v->dt->kind == FY_DSL_K_FLOAT) return fy_dsl_num_float(v->dt, fabs(v->f));
    if (FY_DSL_IS_WIDE(v->dt)) {
        fy_dsl_i128 x = fy_dsl_num_i128(v);
        if (!v->dt->is_signed || x >= 0) return fy_ref(a);
        return fy_dsl_num_int128(v->dt, (fy_dsl_i128)((fy_dsl_u128)0 - (fy_dsl_u128)x));
    }
    if (!v->dt->is_signed || v->i >= 0) return fy_ref(a);
    return fy_dsl_num_int(v->dt, (int64_t)(0 - (uint64_t)v->i));
}

static fy_obj *dyn_python(fy_dsl_num *v, const char *what) {
    return fy_err_format(&fy_RuntimeError, "cannot evaluate dynamic %s as Python %s during tracing", v->dt->name, what);
}

static int num_truth(fy_obj *a) {
    fy_dsl_num *v = V(a);
    if (!v->is_static) {
        dyn_python(v, "bool");
        return -1;
    }
    return v->dt->kind == FY_DSL_K_FLOAT ? v->f != 0.0 : v->i != 0 || (FY_DSL_IS_WIDE(v->dt) && v->hi != 0);
}
static fy_obj *num_to_int(fy_obj *a) {
    fy_dsl_num *v = V(a);
    if (!v->is_static) return dyn_python(v, "int");
    if (v->dt->kind != FY_DSL_K_FLOAT) {
        if (FY_DSL_IS_WIDE(v->dt)) return fy_dsl_i128_to_int(fy_dsl_num_i128(v), !v->dt->is_signed);
        if (is_unsigned64(v->dt)) return fy_int_from_u64((uint64_t)v->i);
        return fy_int_from(v->i);
    }
    return fy_int_from_double(v->f);
}
static fy_obj *num_index(fy_obj *a) {
    fy_dsl_num *v = V(a);
    if (v->dt->kind == FY_DSL_K_FLOAT)
        return fy_err_format(&fy_TypeError, "'%s' object cannot be interpreted as an integer", v->dt->name);
    return num_to_int(a);
}
static fy_obj *num_to_float(fy_obj *a) {
    fy_dsl_num *v = V(a);
    if (!v->is_static) return dyn_python(v, "float");
    return fy_float_from(fy_dsl_num_as_double(v));
}

static int64_t num_hash(fy_obj *a) {
    fy_dsl_num *v = V(a);
    if (!v->is_static) return fy_hash_i64((int64_t)(intptr_t)a);
    if (v->dt->kind == FY_DSL_K_FLOAT) return fy_hash_double(v->f);
    if (FY_DSL_IS_WIDE(v->dt) && v->hi != (v->i < 0 ? -1 : 0)) { /* beyond 64 bits: hash(int(v)) */
        fy_obj *n = fy_dsl_i128_to_int(fy_dsl_num_i128(v), !v->dt->is_signed);
        int64_t h = n ? fy_int_hash(n) : -1;
        FY_XDECREF(n);
        return h;
    }
    return fy_hash_i64(v->i);
}

/* ------------------------------------------------------------------ text */

/* The Python text of a static value: 7, 255, 1.5, True. */
static void value_text(const fy_dsl_num *v, char *buf, size_t cap) {
    if (v->dt->kind == FY_DSL_K_FLOAT) fy_double_repr(v->f, buf, cap);
    else if (v->dt->kind == FY_DSL_K_BOOL) snprintf(buf, cap, "%s", v->i ? "True" : "False");
    else if (FY_DSL_IS_WIDE(v->dt)) fy_dsl_i128_text(fy_dsl_num_i128(v), !v->dt->is_signed, buf, cap);
    else if (is_unsigned64(v->dt)) snprintf(buf, cap, "%llu", (unsigned long long)(uint64_t)v->i);
    else snprintf(buf, cap, "%lld", (long long)v->i);
}

static fy_obj *num_repr(fy_obj *a) {
    fy_dsl_num *v = V(a);
    char buf[64];
    if (!v->is_static) return fy_trace_check_handle(v->ssa) < 0 ? NULL : fy_str_printf("%s(?)", v->dt->name);
    value_text(v, buf, sizeof buf);
    return fy_str_printf("%s(%s)", v->dt->name, buf);
}
static fy_obj *num_str(fy_obj *a) { /* a dynamic value (static ones print their value) */
    if (!V(a)->is_static && fy_trace_check_handle(V(a)->ssa) < 0) return NULL;
    return fy_str_from_cstr("?");
}

/* ------------------------------------------------------------------ methods and attributes */

int fy_dsl_rounding_mode(fy_obj *o) {
    int64_t m = -1;
    if (FY_FLOAT_CHECK(o) || fy_int_as_i64(o, &m) < 0 || m < 0 || m > 4) {
        fy_err_clear();
        fy_err_format(&fy_TypeError, "rounding_mode must be an RoundingMode, got %s", fy_type_name(o));
        return -1;
    }
    return (int)m;
}

static fy_obj *m_to(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    static const char *const names[] = {"dtype", "rounding_mode", NULL};
    fy_obj *o[2] = {0};
    if (fy_parse_args("to", a, na, kw, names, 1, 1, 2, o) < 0) return NULL;
    fy_dsl_numeric *t = fy_dsl_to_numeric_type(o[0], "to");
    if (!t) return NULL;
    fy_dsl_num *v = V(self);
    if (v->dt == t) return fy_ref(self);
    if (o[1] && o[1] != fy_None) {
        int mode = fy_dsl_rounding_mode(o[1]);
        if (mode < 0) return NULL;
        if (v->dt->kind != FY_DSL_K_FLOAT || t->kind != FY_DSL_K_FLOAT)
            return fy_err_format(&fy_TypeError,
                                 "rounding_mode is only supported for float-to-float casts, got %s -> %s", v->dt->name,
                                 t->name);
        if (v->is_static) {
            fy_obj *val = fy_float_from(v->f), *vr = val ? fy_repr(val) : NULL;
            if (vr)
                fy_err_format(&fy_ValueError,
                              "rounding_mode requires a run-time value, but this %s holds the compile-time constant %S",
                              v->dt->name, vr);
            FY_XDECREF(val);
            FY_XDECREF(vr);
            return NULL;
        }
        return fy_trace_num_fround(t, self, mode);
    }
    if (!v->is_static && v->dt != t) return fy_trace_num_convert(t, self);
    return fy_dsl_num_convert(t, self);
}

static fy_obj *m_bitcast(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (fy_no_kwargs("bitcast", kw) < 0 || fy_check_nargs("bitcast", na, 1, 1) < 0) return NULL;
    fy_dsl_numeric *t = fy_dsl_to_numeric_type(a[0], "bitcast");
    if (!t) return NULL;
    fy_dsl_num *v = V(self);
    if (t->width != v->dt->width)
        return fy_err_format(&fy_TypeError, "bitcast: %s (%d bits) and %s (%d bits) differ in width", v->dt->name,
                             v->dt->width, t->name, t->width);
    if (!v->is_static) return fy_trace_num_bitcast(t, self);
    if (fy_trace_active()) { /* FlyDSL: arith.bitcast of the value's constant, a run-time value */
        fy_obj *m = fy_trace_num_materialize(self), *r = m ? fy_trace_num_bitcast(t, m) : NULL;
        FY_XDECREF(m);
        return r;
    }
    uint64_t bits;
    if (value_bits(v, &bits) < 0)
        return fy_err_format(&fy_NotImplementedError, "bitcast from %s is not supported for static values",
                             v->dt->name);
    return from_bits(t, bits);
}

/* The value's bits as the integer type of its width with the given signedness (static or traced). */
static fy_obj *as_signedness(fy_obj *self, int is_signed) {
    fy_dsl_num *v = V(self);
    char nm[16];
    snprintf(nm, sizeof nm, "%s%d", is_signed ? "Int" : "Uint", v->dt->width);
    fy_dsl_numeric *t = fy_dsl_numeric_by_name(nm);
    if (!t || t == v->dt) return fy_ref(self);
    if (!v->is_static) return fy_trace_num_bitcast(t, self);
    uint64_t bits;
    if (value_bits(v, &bits) < 0) return fy_err_format(&fy_TypeError, "cannot reinterpret %s", v->dt->name);
    return from_bits(t, bits);
}
static fy_obj *num_to(fy_dsl_numeric *t, fy_obj *x) {
    return !V(x)->is_static && V(x)->dt != t ? fy_trace_num_convert(t, x) : fy_dsl_num_convert(t, x);
}
/* extui / extsi / trunci / extf / truncf (ArithValue's methods, arith's ops): the value widened with zeros or
 * its sign, narrowed (the low bits), or converted to a wider / narrower float; the widths must change as the
 * op says (MLIR's verifier). */
enum { R_EXTUI, R_EXTSI, R_TRUNCI, R_EXTF, R_TRUNCF };
static fy_obj *resize(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw, int mode) {
    static const char *const ops[] = {"extui", "extsi", "trunci", "extf", "truncf"};
    static const char *const names[] = {"target_type", "fastmath", NULL};
    const char *op = ops[mode];
    fy_obj *o[2] = {0};
    if (fy_parse_args(op, a, na, kw, names, 1, mode >= R_EXTF ? 2 : 1, 2, o) < 0) return NULL;
    fy_dsl_numeric *t = fy_dsl_to_numeric_type(o[0], op), *s = V(self)->dt;
    if (!t) return NULL;
    int fl = mode >= R_EXTF, wider = mode != R_TRUNCI && mode != R_TRUNCF;
    if ((s->kind == FY_DSL_K_FLOAT) != fl || (t->kind == FY_DSL_K_FLOAT) != fl)
        return fy_err_format(&fy_TypeError, "%s: expected %s types, not %s -> %s", op, fl ? "float" : "integer",
                             s->name, t->name);
    if (wider ? t->width <= s->width : t->width >= s->width)
        return fy_err_format(&fy_TypeError, "%s: the result type %s must be %s than the operand type %s", op, t->name,
                             wider ? "wider" : "narrower", s->name);
    if (fl || mode == R_TRUNCI) return num_to(t, self);
    if (s->kind == FY_DSL_K_BOOL) { /* i1: 0/1 zero-extended, 0/-1 sign-extended */
        fy_obj *z = num_to(t, self);
        if (!z || mode == R_EXTUI) return z;
        fy_obj *r = fy_neg(z);
        FY_DECREF(z);
        return r;
    }
    fy_obj *x = as_signedness(self, mode == R_EXTSI);
    if (!x) return NULL;
    fy_obj *r = num_to(t, x);
    FY_DECREF(x);
    return r;
}
static fy_obj *m_extui(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    return resize(self, a, na, kw, R_EXTUI);
}
static fy_obj *m_extsi(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    return resize(self, a, na, kw, R_EXTSI);
}
static fy_obj *m_trunci(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    return resize(self, a, na, kw, R_TRUNCI);
}
static fy_obj *m_extf(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) { return resize(self, a, na, kw, R_EXTF); }
static fy_obj *m_truncf(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    return resize(self, a, na, kw, R_TRUNCF);
}

static fy_obj *m_select(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (fy_no_kwargs("select", kw) < 0 || fy_check_nargs("select", na, 2, 2) < 0) return NULL;
    fy_dsl_num *v = V(self);
    if (!v->is_static) return fy_trace_num_select(self, a[0], a[1]);
    /* a static condition picks one value, converted to the common type of both (as FlyDSL) */
    int c = num_truth(self);
    fy_obj *n[2] = {NULL, NULL}, *r = NULL;
    if (fy_trace_is_vector(a[0]) || fy_trace_is_vector(a[1])) /* FlyDSL's raw select of a constant condition */
        return fy_ref(a[c ? 0 : 1]);
    for (int i = 0; i < 2; i++)
        if (!(n[i] = fy_dsl_as_numeric(a[i]))) {
            if (!fy_err_occurred())
                fy_err_format(&fy_TypeError, "select: expected numeric values, not '%s'", fy_type_name(a[i]));
            goto out;
        }
    fy_dsl_numeric *rt = fy_dsl_common_type(V(n[0])->dt, V(n[1])->dt, 1);
    fy_obj *pick = n[c ? 0 : 1];
    if (!V(pick)->is_static && V(pick)->dt != rt) r = fy_trace_num_convert(rt, pick);
    else r = fy_dsl_num_convert(rt, pick);
out:
    FY_XDECREF(n[0]);
    FY_XDECREF(n[1]);
    return r;
}

static fy_obj *m_is_static(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)a;
    if (fy_no_kwargs("is_static", kw) < 0 || fy_check_nargs("is_static", na, 0, 0) < 0) return NULL;
    return fy_bool(V(self)->is_static && !V(self)->host_rt);
}

static fy_obj *m_ir_value(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)a;
    if (fy_no_kwargs("ir_value", kw) < 0 || fy_check_nargs("ir_value", na, 0, 0) < 0) return NULL;
    return fy_mlir_ir_value(self); /* an ir.Value (flydsl._mlir): the same traced value */
}
static fy_obj *g_raw(fy_obj *self) { return fy_mlir_ir_value(self); }

/* Numeric.from_python_value(x): x's numeric by FlyDSL's literal typing (bool: Boolean, int: Int32 or Int64,
 * float: Float32; a typed value or ir.Value as it is). */
static fy_obj *m_from_python_value(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    if (fy_no_kwargs("from_python_value", kw) < 0 || fy_check_nargs("from_python_value", na, 1, 1) < 0) return NULL;
    fy_obj *r = fy_dsl_as_numeric(a[0]);
    if (!r && !fy_err_occurred())
        fy_err_format(&fy_ValueError, "cannot convert %R (%s) to Numeric", a[0], fy_type_name(a[0]));
    return r;
}
/* Numeric.from_ir_type(t): the numeric type of MLIR scalar type t (T.f32, ir.IntegerType, ...). */
static fy_obj *m_from_ir_type(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    if (fy_no_kwargs("from_ir_type", kw) < 0 || fy_check_nargs("from_ir_type", na, 1, 1) < 0) return NULL;
    if (FY_DSL_IS_NUMERIC_TYPE(a[0])) return fy_ref(a[0]); /* flyi's T.f32() is the numeric type itself */
    fy_obj *text = fy_str(a[0]);
    if (!text) return NULL;
    fy_dsl_numeric *t = FY_STR_CHECK(text) ? fy_mlir_numeric_of(FY_STR_DATA(text)) : NULL;
    fy_obj *r = t ? fy_ref(&t->h) : fy_err_format(&fy_ValueError, "unsupported IR type: %S", text);
    FY_DECREF(text);
    return r;
}

/* __cache_signature__(): what a jit call's cache key holds of a numeric argument (FlyDSL's protocol): its type
 * only, the value being a run-time value. */
static fy_obj *m_cache_signature(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)a;
    if (fy_no_kwargs("__cache_signature__", kw) < 0 || fy_check_nargs("__cache_signature__", na, 0, 0) < 0) return NULL;
    return fy_tuple_pack(1, &V(self)->dt->t.h);
}
/* __c_abi_spec__(): [(ctypes type, fill)] of the packed call's slot (flydsl.compiler.jit_argument). */
static fy_obj *m_c_abi_spec(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)a;
    if (fy_no_kwargs("__c_abi_spec__", kw) < 0 || fy_check_nargs("__c_abi_spec__", na, 0, 0) < 0) return NULL;
    fy_obj *m = fy_import("flydsl.compiler.jit_argument");
    fy_obj *r = m ? fy_call_method(m, "_numeric_c_abi_spec", &self, 1) : NULL;
    FY_XDECREF(m);
    return r;
}

static fy_methoddef num_methods[] = {
    {"__cache_signature__", m_cache_signature, 0,
     "__cache_signature__()\nThe type, as a jit call's cache key holds it."},
    {"__c_abi_spec__", m_c_abi_spec, 0, "__c_abi_spec__()\n[(ctypes type, fill)] of the packed call's slot."},
    {"from_python_value", m_from_python_value, FY_METH_STATIC,
     "from_python_value(x)\nThe numeric of a Python value (bool: Boolean, int: Int32/Int64, float: Float32)."},
    {"from_ir_type", m_from_ir_type, FY_METH_STATIC, "from_ir_type(t)\nThe numeric type of an MLIR scalar type."},
    {"to", m_to, 0, "to(dtype, *, rounding_mode=None)\nConverts to another numeric type."},
    {"bitcast", m_bitcast, 0, "bitcast(dtype)\nReinterprets the bits as another type of the same width."},
    {"select", m_select, 0, "select(t, f)\nt where this condition holds, else f."},
    {"extui", m_extui, 0, "extui(target_type)\nZero-extends to a wider integer type."},
    {"extsi", m_extsi, 0, "extsi(target_type)\nSign-extends to a wider integer type."},
    {"trunci", m_trunci, 0, "trunci(target_type)\nThe low bits as a narrower integer type."},
    {"extf", m_extf, 0, "extf(target_type, *, fastmath=None)\nConverts to a wider float type."},
    {"truncf", m_truncf, 0, "truncf(target_type, *, fastmath=None)\nConverts to a narrower float type."},
    {"is_static", m_is_static, 0, "is_static()\nTrue when the value is known at trace time."},
    {"ir_value", m_ir_value, 0, "ir_value()\nThe traced value as an ir.Value (a constant when static)."},
    {0}};

static fy_obj *g_dtype(fy_obj *self) { return fy_ref(&V(self)->dt->t.h); }
static fy_obj *g_width(fy_obj *self) { return fy_int_from(V(self)->dt->width); }
static fy_obj *g_signed(fy_obj *self) {
    fy_dsl_numeric *t = V(self)->dt;
    return fy_bool(t->kind == FY_DSL_K_FLOAT || t->is_signed);
}
static fy_obj *g_value(fy_obj *self) {
    fy_dsl_num *v = V(self);
    if (!v->is_static) return fy_str_from_cstr("?");
    if (v->dt->kind == FY_DSL_K_FLOAT) return fy_float_from(v->f);
    if (v->dt->kind == FY_DSL_K_BOOL) return fy_bool(v->i != 0);
    return num_to_int(self);
}

static fy_obj *g_type(fy_obj *self) {
    fy_dsl_numeric *t = V(self)->dt;
    return fy_dsl_ir_type(t->kind == FY_DSL_K_INDEX  ? "index"
                          : t->kind == FY_DSL_K_BOOL ? "i1"
                          : t->mlir[0] == 'u'        ? t->mlir + 1
                                                     : t->mlir);
}

static fy_getsetdef num_getsets[] = {{"dtype", g_dtype, NULL, "the numeric type"},
                                     {"type", g_type, NULL, "the MLIR type (T.i32, ...)"},
                                     {"width", g_width, NULL, "bit width of the type"},
                                     {"signed", g_signed, NULL, "True for signed integers and floats"},
                                     {"value", g_value, NULL, "the static Python value"},
                                     {"_raw", g_raw, NULL, "the traced value as an ir.Value"},
                                     {0}};

/* Numeric: the base class of the numeric types; its slots, methods and attributes serve every value. */
fy_dsl_numeric fy_dsl_t_numeric = {.t =
                                       {
                                           .h = {FY_IMMORTAL_RC, &fy_dsl_numeric_type},
                                           .name = "Numeric",
                                           .basicsize = sizeof(fy_dsl_num),
                                           .doc = "A typed scalar of flydsl.expr (static, or dynamic while tracing).",
                                           .flags = FY_TPF_FINAL,
                                           .repr = num_repr,
                                           .str = num_str,
                                           .richcmp = num_richcmp,
                                           .hash = num_hash,
                                           .truth = num_truth,
                                           .nb = {[FY_NB_ADD] = nb_add,
                                                  [FY_NB_SUB] = nb_sub,
                                                  [FY_NB_MUL] = nb_mul,
                                                  [FY_NB_TRUEDIV] = nb_truediv,
                                                  [FY_NB_FLOORDIV] = nb_floordiv,
                                                  [FY_NB_MOD] = nb_mod,
                                                  [FY_NB_POW] = nb_pow,
                                                  [FY_NB_LSHIFT] = nb_lshift,
                                                  [FY_NB_RSHIFT] = nb_rshift,
                                                  [FY_NB_AND] = nb_and,
                                                  [FY_NB_OR] = nb_or,
                                                  [FY_NB_XOR] = nb_xor},
                                           .neg = num_neg,
                                           .pos = num_pos,
                                           .invert = num_invert,
                                           .abs = num_abs,
                                           .index = num_index,
                                           .to_int = num_to_int,
                                           .to_float = num_to_float,
                                           .methods = num_methods,
                                           .getsets = num_getsets,
                                       },
                                   .name = "Numeric",
                                   .width = 8,
                                   .kind = FY_DSL_K_ABSTRACT,
                                   .zero_width = 8};
