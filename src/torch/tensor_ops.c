/* tensor_ops.c - elementwise arithmetic with broadcasting and torch's type promotion: binary
 * operators, comparisons, unary math, where/clamp/maximum/minimum, in-place variants and the
 * operator slots of the Tensor type.
 *
 * Operands are converted to the common dtype first (so a Python float does not upcast a
 * float32 tensor and is rounded to float32), the operation is done in double (floats) or
 * int64 (integers), and the result is rounded once to the output dtype: for + - * / and sqrt
 * this gives exactly the float32 / float16 results torch computes. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "torch/torch.h"

static const char *const op_names[FY_TOP_COUNT] = {"add",       "sub",    "mul",         "div",        "floor_divide",
                                                   "remainder", "pow",    "bitwise_and", "bitwise_or", "bitwise_xor",
                                                   "lshift",    "rshift", "maximum",     "minimum",    "eq",
                                                   "ne",        "lt",     "le",          "gt",         "ge"};

static bool is_cmp(int op) { return op >= FY_TOP_EQ; }

/* ------------------------------------------------------------------ promotion */

static int combine(int higher, int lower) {
    if (higher < 0) return lower;
    if (lower < 0) return higher;
    if (fy_torch_is_float(higher)) return higher;
    if (higher == FY_TORCH_BOOL || fy_torch_is_float(lower)) return fy_torch_promote(higher, lower);
    return higher;
}

static int result_type_n(fy_torch_tensor *const *ts, int n) {
    int dimr = -1, zeror = -1, wrapr = -1;
    for (int i = 0; i < n; i++) {
        fy_torch_tensor *t = ts[i];
        int *slot = t->wrapped ? &wrapr : t->ndim == 0 ? &zeror : &dimr;
        int cur = t->dtype;
        if (t->wrapped && fy_torch_is_float(cur)) cur = FY_TORCH_F32;
        *slot = *slot < 0 ? cur : fy_torch_promote(*slot, cur);
        if (*slot < 0) return -1;
    }
    int low = combine(zeror, wrapr);
    if (low < 0 && zeror >= 0 && wrapr >= 0) return -1;
    return combine(dimr, low);
}

int fy_torch_result_type(fy_torch_tensor *a, fy_torch_tensor *b) {
    fy_torch_tensor *ts[2] = {a, b};
    return result_type_n(ts, 2);
}

/* Common device of operands (0-dim CPU tensors go with anything); -1 with torch's error. */
static int common_device(fy_torch_tensor *const *ts, int n, fy_torch_device *out) {
    int found = -1;
    for (int i = 0; i < n; i++) {
        if (ts[i]->wrapped || (ts[i]->ndim == 0 && ts[i]->st->dev.type == 0)) continue;
        if (found < 0) {
            found = i;
            *out = ts[i]->st->dev;
            continue;
        }
        if (!fy_torch_same_device(*out, ts[i]->st->dev)) {
            char a[32], b[32];
            fy_torch_device_str(*out, a, sizeof a);
            fy_torch_device_str(ts[i]->st->dev, b, sizeof b);
            fy_err_format(&fy_RuntimeError,
                          "Expected all tensors to be on the same device, but found at least two devices, %s and %s!",
                          a, b);
            return -1;
        }
    }
    if (found < 0) {
        *out = fy_torch_cpu;
        for (int i = 0; i < n; i++)
            if (!ts[i]->wrapped) {
                *out = ts[i]->st->dev;
                break;
            }
    }
    return 0;
}

static bool can_cast(int from, int to) {
    if (fy_torch_is_float(from) && !fy_torch_is_float(to)) return false;
    if (from != FY_TORCH_BOOL && to == FY_TORCH_BOOL) return false;
    return true;
}

/* ------------------------------------------------------------------ scalar kernels */

static double fdiv_floor(double a, double b) {
    if (b == 0) return a / b;
    double mod = fmod(a, b);
    double div = (a - mod) / b;
    if (mod != 0 && ((b < 0) != (mod < 0))) div -= 1.0;
    if (div == 0) return copysign(0.0, a / b);
    double fl = floor(div);
    if (div - fl > 0.5) fl += 1.0;
    return fl;
}

static double fop(int op, double x, double y) {
    switch (op) {
    case FY_TOP_ADD: return x + y;
    case FY_TOP_SUB: return x - y;
    case FY_TOP_MUL: return x * y;
    case FY_TOP_DIV: return x / y;
    case FY_TOP_FLOORDIV: return fdiv_floor(x, y);
    case FY_TOP_MOD: {
        double m = fmod(x, y);
        if (m != 0 && ((y < 0) != (m < 0))) m += y;
        return m;
    }
    case FY_TOP_POW: return pow(x, y);
    case FY_TOP_MAX: return isnan(x) || isnan(y) ? NAN : x > y ? x : y;
    case FY_TOP_MIN: return isnan(x) || isnan(y) ? NAN : x < y ? x : y;
    case FY_TOP_EQ: return x == y;
    case FY_TOP_NE: return x != y;
    case FY_TOP_LT: return x < y;
    case FY_TOP_LE: return x <= y;
    case FY_TOP_GT: return x > y;
    case FY_TOP_GE: return x >= y;
    default: return NAN;
    }
}

static int64_t ipow(int64_t b, int64_t e) {
    uint64_t r = 1, x = (uint64_t)b;
    if (e < 0) return b == 1 ? 1 : b == -1 ? ((e & 1) ? -1 : 1) : 0;
    while (e) {
        if (e & 1) r *= x;
        x *= x;
        e >>= 1;
    }
    return (int64_t)r;
}

static int64_t iop(int op, int64_t x, int64_t y, bool *zerodiv) {
    switch (op) {
    case FY_TOP_ADD: return (int64_t)((uint64_t)x + (uint64_t)y);
    case FY_TOP_SUB: return (int64_t)((uint64_t)x - (uint64_t)y);
    case FY_TOP_MUL: return (int64_t)((uint64_t)x * (uint64_t)y);
    case FY_TOP_FLOORDIV: {
        if (y == 0) {
            __atomic_store_n(zerodiv, true, __ATOMIC_RELAXED); /* rows may run on several threads */
            return 0;
        }
        if (y == -1) return (int64_t)(0 - (uint64_t)x);
        int64_t q = x / y;
        if ((x % y != 0) && ((x < 0) != (y < 0))) q--;
        return q;
    }
    case FY_TOP_MOD: {
        if (y == 0) {
            __atomic_store_n(zerodiv, true, __ATOMIC_RELAXED);
            return 0;
        }
        if (y == -1) return 0;
        int64_t m = x % y;
        if (m != 0 && ((m < 0) != (y < 0))) m += y;
        return m;
    }
    case FY_TOP_POW: return ipow(x, y);
    case FY_TOP_AND: return x & y;
    case FY_TOP_OR: return x | y;
    case FY_TOP_XOR: return x ^ y;
    case FY_TOP_LSHIFT: return y >= 64 || y < 0 ? 0 : (int64_t)((uint64_t)x << y);
    case FY_TOP_RSHIFT: return y >= 64 || y < 0 ? (x < 0 ? -1 : 0) : x >> y;
    case FY_TOP_MAX: return x > y ? x : y;
    case FY_TOP_MIN: return x < y ? x : y;
    case FY_TOP_EQ: return x == y;
    case FY_TOP_NE: return x != y;
    case FY_TOP_LT: return x < y;
    case FY_TOP_LE: return x <= y;
    case FY_TOP_GT: return x > y;
    case FY_TOP_GE: return x >= y;
    default: return 0;
    }
}

typedef struct {
    int op, adt, bdt, cdt, odt;
    bool fl, zerodiv;
    int fast; /* 0: the generic loop; 1: through float32 blocks; 2: float64 arrays */
} binctx;

/* The fast paths compute in float32 what the generic loop computes in double and rounds once to a format
 * of at most float32's precision: for + - * / the double result rounded to float32 is the float32 result
 * (double has more than twice float32's precision), and the comparisons, maximum and minimum are exact. */
static int fast_kind(int op, const fy_torch_tensor *a, const fy_torch_tensor *b, int cdt, int odt) {
    int adt = a->dtype, bdt = b->dtype;
    bool cmp = is_cmp(op);
    if (!(op <= FY_TOP_DIV || op == FY_TOP_MAX || op == FY_TOP_MIN || cmp)) return 0;
    if (cdt == FY_TORCH_F64)
        return adt == FY_TORCH_F64 && bdt == FY_TORCH_F64 && (odt == FY_TORCH_F64 || (cmp && odt == FY_TORCH_BOOL)) ? 2
                                                                                                                    : 0;
    if (cdt != FY_TORCH_F32 && cdt != FY_TORCH_BF16 && cdt != FY_TORCH_F16) return 0;
    /* other operand dtypes only as one value (a Python scalar, a 0-dim tensor) */
    if ((!fy_torch_cvt_f32_ok(adt, false) && a->ndim) || (!fy_torch_cvt_f32_ok(bdt, false) && b->ndim)) return 0;
    if (odt == FY_TORCH_F64 || !fy_torch_cvt_f32_ok(odt, true) || (odt == FY_TORCH_BOOL && !cmp)) return 0;
    return 1;
}

#define BLK 1024
/* An operand's values for the float32 path: the tensor's own memory when it is float32 and contiguous
 * (or one element), else converted (and rounded to the computation dtype) into buf. */
static const float *f32_operand(const char *p, int64_t bs, int dt, int cdt, int64_t m, float *buf, int *step) {
    *step = bs != 0;
    if (!bs) m = 1;
    if (dt == FY_TORCH_F32 && (bs == 4 || !bs)) return (const float *)(const void *)p;
    if (!fy_torch_cvt_f32_ok(dt, false)) { /* one integer or bool value */
        buf[0] = (float)fy_torch_round_to(fy_torch_loadf(p, dt), cdt);
        return buf;
    }
    fy_torch_cvt_to_f32(p, bs, dt, buf, m);
    if (dt != cdt) fy_torch_round_f32(buf, m, cdt);
    return buf;
}

static void bin_row_f32(binctx *c, char **p, const int64_t *bs, int64_t n) {
    float xa[BLK], xb[BLK], xr[BLK];
    for (int64_t i = 0; i < n; i += BLK) {
        int64_t m = n - i < BLK ? n - i : BLK;
        int sa, sb;
        const float *a = f32_operand(p[1] + i * bs[1], bs[1], c->adt, c->cdt, m, xa, &sa);
        const float *b = f32_operand(p[2] + i * bs[2], bs[2], c->bdt, c->cdt, m, xb, &sb);
        char *o = p[0] + i * bs[0];
        if (c->odt == FY_TORCH_BOOL && bs[0] == 1 && fy_torch_fcmp(c->op, a, sa, b, sb, (uint8_t *)o, m)) continue;
        bool direct = c->odt == FY_TORCH_F32 && bs[0] == 4;
        float *r = direct ? (float *)(void *)o : xr;
        fy_torch_fbin(c->op, a, sa, b, sb, r, m);
        if (!direct) fy_torch_cvt_from_f32(r, o, bs[0], c->odt, m);
    }
}

static void bin_row_f64(binctx *c, char **p, const int64_t *bs, int64_t n) {
    double xa[BLK], xb[BLK], xr[BLK];
    for (int64_t i = 0; i < n; i += BLK) {
        int64_t m = n - i < BLK ? n - i : BLK;
        const double *ab[2];
        double *bufs[2] = {xa, xb};
        int st[2];
        for (int k = 0; k < 2; k++) {
            const char *q = p[k + 1] + i * bs[k + 1];
            st[k] = bs[k + 1] != 0;
            if (bs[k + 1] == 8 || !bs[k + 1]) ab[k] = (const double *)(const void *)q;
            else {
                for (int64_t e = 0; e < m; e++) memcpy(bufs[k] + e, q + e * bs[k + 1], 8);
                ab[k] = bufs[k];
            }
        }
        char *o = p[0] + i * bs[0];
        if (c->odt == FY_TORCH_BOOL && bs[0] == 1 && fy_torch_dcmp(c->op, ab[0], st[0], ab[1], st[1], (uint8_t *)o, m))
            continue;
        bool direct = c->odt == FY_TORCH_F64 && bs[0] == 8;
        double *r = direct ? (double *)(void *)o : xr;
        fy_torch_dbin(c->op, ab[0], st[0], ab[1], st[1], r, m);
        if (!direct) {
            if (c->odt == FY_TORCH_BOOL)
                for (int64_t e = 0; e < m; e++) ((uint8_t *)o)[e * bs[0]] = r[e] != 0;
            else
                for (int64_t e = 0; e < m; e++) memcpy(o + e * bs[0], r + e, 8);
        }
    }
}

static void bin_row(char **p, const int64_t *bs, int64_t n, void *vc) {
    binctx *c = vc;
    char *o = p[0], *a = p[1], *b = p[2];
    if (c->fast == 1) bin_row_f32(c, p, bs, n);
    else if (c->fast == 2) bin_row_f64(c, p, bs, n);
    else if (c->fl) {
        bool ra = c->adt != c->cdt, rb = c->bdt != c->cdt;
        for (int64_t i = 0; i < n; i++, o += bs[0], a += bs[1], b += bs[2]) {
            double x = fy_torch_loadf(a, c->adt), y = fy_torch_loadf(b, c->bdt);
            if (ra) x = fy_torch_round_to(x, c->cdt);
            if (rb) y = fy_torch_round_to(y, c->cdt);
            fy_torch_storef(o, c->odt, fop(c->op, x, y));
        }
    } else {
        for (int64_t i = 0; i < n; i++, o += bs[0], a += bs[1], b += bs[2]) {
            int64_t x = fy_torch_loadi(a, c->adt), y = fy_torch_loadi(b, c->bdt);
            fy_torch_storei(o, c->odt, iop(c->op, x, y, &c->zerodiv));
        }
    }
}

/* Compute a OP b into a new tensor or into out (in place). */
/* float4_e2m1fn_x2 holds packed bits: no arithmetic (torch has no kernels for it either). */
static fy_obj *f4_error(const char *op) {
    return fy_err_format(&fy_RuntimeError, "\"%s\" not implemented for 'Float4_e2m1fn_x2'", op);
}

static fy_obj *binary_tt(fy_torch_tensor *a, fy_torch_tensor *b, int op, fy_torch_tensor *out) {
    int cdt = fy_torch_result_type(a, b);
    if (cdt < 0) return NULL;
    if (cdt == FY_TORCH_F4X2) return f4_error(op_names[op]);
    fy_torch_tensor *ts[2] = {a, b};
    fy_torch_device dev;
    if (common_device(ts, 2, &dev) < 0) return NULL;
    if (op == FY_TOP_DIV && !fy_torch_is_float(cdt)) cdt = FY_TORCH_F32;
    if (op == FY_TOP_SUB && a->dtype == FY_TORCH_BOOL && b->dtype == FY_TORCH_BOOL)
        return fy_err_set(&fy_RuntimeError, "Subtraction, the `-` operator, with two bool tensors is not supported. "
                                            "Use the `^` or `logical_xor()` operator instead.");
    if (op >= FY_TOP_AND && op <= FY_TOP_RSHIFT && fy_torch_is_float(cdt))
        return fy_err_format(&fy_RuntimeError, "\"%s_cpu\" not implemented for '%s'", op_names[op],
                             fy_torch_scalar_name(cdt));
    if (op == FY_TOP_POW && !fy_torch_is_float(cdt) && cdt != FY_TORCH_BOOL && !fy_torch_is_float(b->dtype)) {
        /* integer base to a negative integer power */
        if (fy_torch_numel(b) && b->ndim == 0 && fy_torch_loadi(fy_torch_data(b), b->dtype) < 0)
            return fy_err_set(&fy_RuntimeError, "Integers to negative integer powers are not allowed.");
    }
    int odt = is_cmp(op) ? FY_TORCH_BOOL : cdt;
    int64_t shape[FY_TORCH_MAXDIM];
    int nd;
    if (fy_torch_broadcast_shapes(a->shape, a->ndim, b->shape, b->ndim, shape, &nd) < 0) return NULL;
    fy_torch_tensor *r;
    if (out) {
        if (!can_cast(odt, out->dtype))
            return fy_err_format(&fy_RuntimeError, "result type %s can't be cast to the desired output type %s",
                                 fy_torch_scalar_name(odt), fy_torch_scalar_name(out->dtype));
        if (nd != out->ndim || memcmp(shape, out->shape, sizeof(int64_t) * (size_t)nd)) {
            char x[256], y[256];
            fy_torch_shape_str(out->shape, out->ndim, x, sizeof x);
            fy_torch_shape_str(shape, nd, y, sizeof y);
            return fy_err_format(&fy_RuntimeError, "output with shape %s doesn't match the broadcast shape %s", x, y);
        }
        r = (fy_torch_tensor *)fy_ref(&out->h);
        odt = out->dtype;
    } else {
        r = fy_torch_empty_uninit(odt, nd, shape, dev);
        if (!r) return NULL;
    }
    fy_torch_tensor *ea = fy_torch_expand(a, shape, nd), *eb = ea ? fy_torch_expand(b, shape, nd) : NULL;
    if (!eb) {
        FY_XDECREF(ea);
        FY_DECREF(r);
        return NULL;
    }
    binctx c = {op, a->dtype, b->dtype, cdt, odt, fy_torch_is_float(cdt), false, fast_kind(op, a, b, cdt, odt)};
    fy_torch_tensor *ops[3] = {r, ea, eb};
    fy_torch_foreach(3, ops, shape, nd, bin_row, &c);
    FY_DECREF(ea);
    FY_DECREF(eb);
    if (c.zerodiv) {
        FY_DECREF(r);
        return fy_err_set(&fy_RuntimeError, "ZeroDivisionError");
    }
    return (fy_obj *)r;
}

static bool operand_ok(fy_obj *o) { return FY_TORCH_CHECK(o) || FY_INT_CHECK(o) || FY_FLOAT_CHECK(o); }

fy_obj *fy_torch_binary(fy_obj *a, fy_obj *b, int op, fy_torch_tensor *out) {
    if (!operand_ok(a) || !operand_ok(b)) return fy_ref(fy_NotImplemented);
    fy_torch_tensor *ta = fy_torch_as_tensor(a, fy_torch_cpu);
    if (!ta) return NULL;
    fy_torch_tensor *tb = fy_torch_as_tensor(b, fy_torch_cpu);
    if (!tb) {
        FY_DECREF(ta);
        return NULL;
    }
    fy_obj *r = binary_tt(ta, tb, op, out);
    FY_DECREF(ta);
    FY_DECREF(tb);
    return r;
}

/* ------------------------------------------------------------------ unary */

static const char *const un_names[FY_TUN_COUNT] = {
    "neg",   "abs",   "exp",      "log",   "sqrt", "rsqrt", "tanh", "sigmoid", "bitwise_not", "trunc", "floor", "ceil",
    "round", "isnan", "isfinite", "isinf", "sin",  "cos",   "relu", "sign",    "reciprocal",  "log2",  "exp2"};

static double ufop(int op, double x) {
    switch (op) {
    case FY_TUN_NEG: return -x;
    case FY_TUN_ABS: return fabs(x);
    case FY_TUN_EXP: return exp(x);
    case FY_TUN_LOG: return log(x);
    case FY_TUN_SQRT: return sqrt(x);
    case FY_TUN_RSQRT: return 1.0 / sqrt(x);
    case FY_TUN_TANH: return tanh(x);
    case FY_TUN_SIGMOID: return 1.0 / (1.0 + exp(-x));
    case FY_TUN_TRUNC: return trunc(x);
    case FY_TUN_FLOOR: return floor(x);
    case FY_TUN_CEIL: return ceil(x);
    case FY_TUN_ROUND: return nearbyint(x);
    case FY_TUN_ISNAN: return isnan(x);
    case FY_TUN_ISFINITE: return isfinite(x);
    case FY_TUN_ISINF: return isinf(x);
    case FY_TUN_SIN: return sin(x);
    case FY_TUN_COS: return cos(x);
    case FY_TUN_RELU: return isnan(x) ? x : x > 0 ? x : 0.0;
    case FY_TUN_SIGN: return isnan(x) ? x : (x > 0) - (x < 0);
    case FY_TUN_RECIP: return 1.0 / x;
    case FY_TUN_LOG2: return log2(x);
    case FY_TUN_EXP2: return exp2(x);
    default: return x;
    }
}
static int64_t uiop(int op, int64_t x, int dt) {
    switch (op) {
    case FY_TUN_NEG: return (int64_t)(0 - (uint64_t)x);
    case FY_TUN_ABS: return x < 0 ? (int64_t)(0 - (uint64_t)x) : x;
    case FY_TUN_NOT: return dt == FY_TORCH_BOOL ? !x : ~x;
    case FY_TUN_ISNAN:
    case FY_TUN_ISINF: return 0;
    case FY_TUN_ISFINITE: return 1;
    case FY_TUN_RELU: return x > 0 ? x : 0;
    case FY_TUN_SIGN: return (x > 0) - (x < 0);
    default: return x;
    }
}

typedef struct {
    int op, idt, odt;
    bool fl;
} unctx;
static void un_row(char **p, const int64_t *bs, int64_t n, void *vc) {
    unctx *c = vc;
    char *o = p[0], *a = p[1];
    if (c->fl)
        for (int64_t i = 0; i < n; i++, o += bs[0], a += bs[1])
            fy_torch_storef(o, c->odt, ufop(c->op, fy_torch_loadf(a, c->idt)));
    else
        for (int64_t i = 0; i < n; i++, o += bs[0], a += bs[1])
            fy_torch_storei(o, c->odt, uiop(c->op, fy_torch_loadi(a, c->idt), c->idt));
}

static fy_obj *unary_t(fy_torch_tensor *t, int op, fy_torch_tensor *out) {
    int dt = t->dtype, odt = dt;
    if (dt == FY_TORCH_F4X2) return f4_error(un_names[op]);
    bool transcend = op == FY_TUN_EXP || op == FY_TUN_LOG || op == FY_TUN_SQRT || op == FY_TUN_RSQRT ||
                     op == FY_TUN_TANH || op == FY_TUN_SIGMOID || op == FY_TUN_SIN || op == FY_TUN_COS ||
                     op == FY_TUN_RECIP || op == FY_TUN_LOG2 || op == FY_TUN_EXP2;
    if (transcend && !fy_torch_is_float(dt)) odt = FY_TORCH_F32;
    if (op == FY_TUN_ISNAN || op == FY_TUN_ISFINITE || op == FY_TUN_ISINF) odt = FY_TORCH_BOOL;
    if (op == FY_TUN_NEG && dt == FY_TORCH_BOOL)
        return fy_err_set(&fy_RuntimeError,
                          "Negation, the `-` operator, on a bool tensor is not supported. "
                          "If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.");
    if (op == FY_TUN_NOT && fy_torch_is_float(dt))
        return fy_err_format(&fy_RuntimeError, "\"bitwise_not_cpu\" not implemented for '%s'",
                             fy_torch_scalar_name(dt));
    fy_torch_tensor *r;
    if (out) {
        if (!can_cast(odt, out->dtype))
            return fy_err_format(&fy_RuntimeError, "result type %s can't be cast to the desired output type %s",
                                 fy_torch_scalar_name(odt), fy_torch_scalar_name(out->dtype));
        r = (fy_torch_tensor *)fy_ref(&out->h);
        odt = out->dtype;
    } else if (!(r = fy_torch_empty_uninit(odt, t->ndim, t->shape, t->st->dev))) return NULL;
    unctx c = {op, dt, odt, fy_torch_is_float(dt) || transcend};
    fy_torch_tensor *ops[2] = {r, t};
    fy_torch_foreach(2, ops, t->shape, t->ndim, un_row, &c);
    return (fy_obj *)r;
}

fy_obj *fy_torch_unary(fy_obj *a, int op) {
    if (!FY_TORCH_CHECK(a))
        return fy_err_format(&fy_TypeError, "%s(): argument 'input' (position 1) must be Tensor, not %T", un_names[op],
                             a);
    return unary_t(FY_TT(a), op, NULL);
}

/* ------------------------------------------------------------------ where */

typedef struct {
    int cdt, adt, bdt, odt;
    bool fl;
} wherectx;
static void where_row(char **p, const int64_t *bs, int64_t n, void *vc) {
    wherectx *c = vc;
    char *o = p[0], *m = p[1], *a = p[2], *b = p[3];
    for (int64_t i = 0; i < n; i++, o += bs[0], m += bs[1], a += bs[2], b += bs[3]) {
        bool take = fy_torch_loadi(m, c->cdt) != 0;
        if (c->fl) fy_torch_storef(o, c->odt, take ? fy_torch_loadf(a, c->adt) : fy_torch_loadf(b, c->bdt));
        else fy_torch_storei(o, c->odt, take ? fy_torch_loadi(a, c->adt) : fy_torch_loadi(b, c->bdt));
    }
}

fy_obj *fy_torch_where(fy_obj *cond, fy_obj *a, fy_obj *b) {
    if (!FY_TORCH_CHECK(cond))
        return fy_err_format(&fy_TypeError, "where(): argument 'condition' (position 1) must be Tensor, not %T", cond);
    fy_torch_tensor *m = FY_TT(cond);
    if (m->dtype != FY_TORCH_BOOL && m->dtype != FY_TORCH_U8)
        return fy_err_format(&fy_RuntimeError,
                             "where expected condition to be a boolean tensor, but got a tensor with dtype %s",
                             fy_torch_scalar_name(m->dtype));
    fy_torch_tensor *ta = fy_torch_as_tensor(a, m->st->dev), *tb = ta ? fy_torch_as_tensor(b, m->st->dev) : NULL;
    fy_obj *res = NULL;
    fy_torch_tensor *ea = NULL, *eb = NULL, *em = NULL, *r = NULL;
    if (!tb) goto done;
    int odt = fy_torch_result_type(ta, tb);
    if (odt < 0) goto done;
    int64_t s1[FY_TORCH_MAXDIM], shape[FY_TORCH_MAXDIM];
    int n1, nd;
    if (fy_torch_broadcast_shapes(m->shape, m->ndim, ta->shape, ta->ndim, s1, &n1) < 0 ||
        fy_torch_broadcast_shapes(s1, n1, tb->shape, tb->ndim, shape, &nd) < 0)
        goto done;
    fy_torch_tensor *all[3] = {m, ta, tb};
    fy_torch_device dev;
    if (common_device(all, 3, &dev) < 0) goto done;
    if (!(r = fy_torch_empty_uninit(odt, nd, shape, dev))) goto done;
    em = fy_torch_expand(m, shape, nd);
    ea = em ? fy_torch_expand(ta, shape, nd) : NULL;
    eb = ea ? fy_torch_expand(tb, shape, nd) : NULL;
    if (!eb) goto done;
    wherectx c = {m->dtype, ta->dtype, tb->dtype, odt, fy_torch_is_float(odt)};
    fy_torch_tensor *ops[4] = {r, em, ea, eb};
    fy_torch_foreach(4, ops, shape, nd, where_row, &c);
    res = fy_ref(&r->h);
done:
    FY_XDECREF(r);
    FY_XDECREF(em);
    FY_XDECREF(ea);
    FY_XDECREF(eb);
    FY_XDECREF(ta);
    FY_XDECREF(tb);
    return res;
}

/* ------------------------------------------------------------------ methods */

#define SELF FY_TT(self)
#define UNM(name, op) \
    static fy_obj *m_##name(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) { return unary_t(SELF, op, NULL); } \
    static fy_obj *m_##name##_(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) { \
        fy_obj *r = unary_t(SELF, op, SELF); \
        if (!r) return NULL; \
        return r; \
    }
UNM(neg, FY_TUN_NEG)
UNM(abs, FY_TUN_ABS)
UNM(exp, FY_TUN_EXP)
UNM(log, FY_TUN_LOG)
UNM(sqrt, FY_TUN_SQRT)
UNM(rsqrt, FY_TUN_RSQRT)
UNM(tanh, FY_TUN_TANH)
UNM(sigmoid, FY_TUN_SIGMOID)
UNM(trunc, FY_TUN_TRUNC)
UNM(floor, FY_TUN_FLOOR)
UNM(ceil, FY_TUN_CEIL)
UNM(round, FY_TUN_ROUND)
UNM(sin, FY_TUN_SIN)
UNM(cos, FY_TUN_COS)
UNM(relu, FY_TUN_RELU)
UNM(sign, FY_TUN_SIGN)
UNM(reciprocal, FY_TUN_RECIP)
UNM(log2, FY_TUN_LOG2)
UNM(exp2, FY_TUN_EXP2)
UNM(bitwise_not, FY_TUN_NOT)
static fy_obj *m_isnan(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return unary_t(SELF, FY_TUN_ISNAN, NULL);
}
static fy_obj *m_isfinite(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return unary_t(SELF, FY_TUN_ISFINITE, NULL);
}
static fy_obj *m_isinf(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return unary_t(SELF, FY_TUN_ISINF, NULL);
}
static fy_obj *m_logical_not(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    fy_torch_tensor *b = fy_torch_copy_as(SELF, FY_TORCH_BOOL, SELF->st->dev);
    if (!b) return NULL;
    fy_obj *r = unary_t(b, FY_TUN_NOT, b);
    FY_DECREF(b);
    return r;
}

/* Binary method with optional alpha= (add/sub) and rounding_mode= (div). */
static fy_obj *bin_method(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw, int op, bool inplace) {
    static const char *const names[] = {"other", "alpha", "rounding_mode", NULL};
    fy_obj *k[3];
    if (fy_torch_kwargs(op_names[op], a, n, kw, names, k) < 0) return NULL;
    fy_obj *other = n >= 1 ? a[0] : k[0];
    if (!other)
        return fy_err_format(&fy_TypeError, "%s() missing 1 required positional arguments: \"other\"", op_names[op]);
    fy_obj *scaled = NULL;
    if (k[1] && (op == FY_TOP_ADD || op == FY_TOP_SUB)) {
        scaled = fy_torch_binary(other, k[1], FY_TOP_MUL, NULL);
        if (!scaled) return NULL;
        other = scaled;
    }
    if (k[2] && k[2] != fy_None && op == FY_TOP_DIV) {
        if (fy_str_eq_cstr(k[2], "floor")) op = FY_TOP_FLOORDIV;
        else if (fy_str_eq_cstr(k[2], "trunc")) {
            fy_obj *q = fy_torch_binary(self, other, FY_TOP_DIV, NULL);
            FY_XDECREF(scaled);
            if (!q || !FY_TORCH_CHECK(q)) return q;
            int dt = fy_torch_result_type(SELF, FY_TT(q));
            fy_obj *t = unary_t(FY_TT(q), FY_TUN_TRUNC, NULL);
            FY_DECREF(q);
            if (!t) return NULL;
            int want = SELF->dtype;
            (void)dt;
            if (!fy_torch_is_float(want) && FY_TORCH_CHECK(other) && fy_torch_is_float(FY_TT(other)->dtype))
                want = FY_TT(other)->dtype;
            if (!fy_torch_is_float(want) && FY_FLOAT_CHECK(other)) want = FY_TORCH_F32;
            fy_obj *r = (fy_obj *)fy_torch_copy_as(FY_TT(t), want, FY_TT(t)->st->dev);
            FY_DECREF(t);
            return r;
        } else {
            FY_XDECREF(scaled);
            return fy_err_format(&fy_RuntimeError,
                                 "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '%S'",
                                 k[2]);
        }
    }
    fy_obj *r = fy_torch_binary(self, other, op, inplace ? SELF : NULL);
    FY_XDECREF(scaled);
    if (r == fy_NotImplemented) {
        FY_DECREF(r);
        return fy_err_format(&fy_TypeError, "%s(): argument 'other' (position 1) must be Tensor, not %T", op_names[op],
                             other);
    }
    return r;
}
#define BINM(name, op) \
    static fy_obj *m_##name(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) { \
        return bin_method(self, a, n, kw, op, false); \
    } \
    static fy_obj *m_##name##_(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) { \
        return bin_method(self, a, n, kw, op, true); \
    }
BINM(add, FY_TOP_ADD)
BINM(sub, FY_TOP_SUB)
BINM(mul, FY_TOP_MUL)
BINM(div, FY_TOP_DIV)
BINM(pow, FY_TOP_POW)
BINM(remainder, FY_TOP_MOD)
BINM(floor_divide, FY_TOP_FLOORDIV)
BINM(maximum, FY_TOP_MAX)
BINM(minimum, FY_TOP_MIN)
BINM(eq, FY_TOP_EQ)
BINM(ne, FY_TOP_NE)
BINM(lt, FY_TOP_LT)
BINM(le, FY_TOP_LE)
BINM(gt, FY_TOP_GT)
BINM(ge, FY_TOP_GE)
BINM(bitwise_and, FY_TOP_AND)
BINM(bitwise_or, FY_TOP_OR)
BINM(bitwise_xor, FY_TOP_XOR)

static fy_obj *logical2(fy_obj *self, fy_obj *const *a, size_t n, int op) {
    if (fy_check_nargs(op == FY_TOP_AND ? "logical_and" : "logical_or", n, 1, 1) < 0) return NULL;
    if (!FY_TORCH_CHECK(a[0])) return fy_err_format(&fy_TypeError, "expected Tensor, got %T", a[0]);
    fy_torch_tensor *x = fy_torch_copy_as(SELF, FY_TORCH_BOOL, SELF->st->dev);
    fy_torch_tensor *y = x ? fy_torch_copy_as(FY_TT(a[0]), FY_TORCH_BOOL, FY_TT(a[0])->st->dev) : NULL;
    fy_obj *r = y ? binary_tt(x, y, op, NULL) : NULL;
    FY_XDECREF(x);
    FY_XDECREF(y);
    return r;
}
static fy_obj *m_logical_and(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return logical2(self, a, n, FY_TOP_AND);
}
static fy_obj *m_logical_or(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return logical2(self, a, n, FY_TOP_OR);
}

/* clamp(min=None, max=None): maximum then minimum, with min/max scalars or tensors. */
static fy_obj *clamp_impl(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw, bool inplace) {
    static const char *const names[] = {"min", "max", NULL};
    fy_obj *k[2];
    if (fy_parse_args("clamp", a, n, kw, names, 0, 2, 2, k) < 0) return NULL;
    fy_obj *lo = k[0] && k[0] != fy_None ? k[0] : NULL, *hi = k[1] && k[1] != fy_None ? k[1] : NULL;
    if (!lo && !hi) return fy_err_set(&fy_RuntimeError, "torch.clamp: At least one of 'min' or 'max' must not be None");
    fy_obj *cur = fy_ref(self);
    if (lo) {
        fy_obj *r = fy_torch_binary(cur, lo, FY_TOP_MAX, inplace ? SELF : NULL);
        FY_DECREF(cur);
        if (!r) return NULL;
        cur = r;
    }
    if (hi) {
        fy_obj *r = fy_torch_binary(cur, hi, FY_TOP_MIN, inplace ? SELF : NULL);
        FY_DECREF(cur);
        if (!r) return NULL;
        cur = r;
    }
    return cur;
}
static fy_obj *m_clamp(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return clamp_impl(self, a, n, kw, false);
}
static fy_obj *m_clamp_(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return clamp_impl(self, a, n, kw, true);
}

/* clamp_min(min) / clamp_max(max): clamp with one bound. */
static fy_obj *m_clamp_min(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("clamp_min", kw) < 0 || fy_check_nargs("clamp_min", n, 1, 1) < 0) return NULL;
    return fy_torch_binary(self, a[0], FY_TOP_MAX, NULL);
}
static fy_obj *m_clamp_max(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("clamp_max", kw) < 0 || fy_check_nargs("clamp_max", n, 1, 1) < 0) return NULL;
    return fy_torch_binary(self, a[0], FY_TOP_MIN, NULL);
}

/* nan_to_num(nan=0.0, posinf=None, neginf=None): NaN and the infinities replaced (None: the dtype's largest
 * and lowest finite values); integer tensors come back as a copy. */
static fy_obj *m_nan_to_num(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"nan", "posinf", "neginf", NULL};
    fy_obj *k[3] = {NULL, NULL, NULL};
    if (fy_parse_args("nan_to_num", a, n, kw, names, 0, 3, 3, k) < 0) return NULL;
    fy_torch_tensor *t = SELF;
    int dt = t->dtype;
    double big = dt == FY_TORCH_F16    ? 65504.0
                 : dt == FY_TORCH_BF16 ? 3.3895313892515355e38
                 : dt == FY_TORCH_F32  ? 3.4028234663852886e38
                                       : 1.7976931348623157e308;
    double v[3] = {0.0, big, -big};
    for (int i = 0; i < 3; i++)
        if (k[i] && k[i] != fy_None && fy_as_double(k[i], &v[i]) < 0) return NULL;
    fy_torch_tensor *r = fy_torch_copy_as(t, dt, t->st->dev);
    if (!r || !fy_torch_is_float(dt)) return (fy_obj *)r;
    int64_t cnt = 1;
    for (int d = 0; d < r->ndim; d++) cnt *= r->shape[d];
    size_t sz = fy_torch_itemsize(dt);
    char *p = fy_torch_data(r);
    for (int64_t i = 0; i < cnt; i++) {
        double x = fy_torch_loadf(p + i * (int64_t)sz, dt);
        if (isnan(x)) fy_torch_storef(p + i * (int64_t)sz, dt, v[0]);
        else if (isinf(x)) fy_torch_storef(p + i * (int64_t)sz, dt, x > 0 ? v[1] : v[2]);
    }
    return (fy_obj *)r;
}

static fy_obj *m_where(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("where", n, 2, 2) < 0) return NULL;
    return fy_torch_where(a[0], self, a[1]);
}
static fy_obj *masked_fill(fy_obj *self, fy_obj *const *a, size_t n, bool inplace) {
    if (fy_check_nargs("masked_fill", n, 2, 2) < 0) return NULL;
    if (!FY_TORCH_CHECK(a[0]) || FY_TT(a[0])->dtype != FY_TORCH_BOOL)
        return fy_err_set(&fy_RuntimeError, "masked_fill_ only supports boolean masks");
    fy_torch_tensor *v = fy_torch_as_tensor(a[1], SELF->st->dev);
    if (!v) return NULL;
    fy_torch_tensor *vc = fy_torch_copy_as(v, SELF->dtype, SELF->st->dev);
    FY_DECREF(v);
    if (!vc) return NULL;
    fy_obj *r = fy_torch_where(a[0], &vc->h, self);
    FY_DECREF(vc);
    if (!r || !inplace) return r;
    int rc = fy_torch_copy_into(SELF, FY_TT(r));
    FY_DECREF(r);
    return rc < 0 ? NULL : fy_ref(self);
}
static fy_obj *m_masked_fill(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return masked_fill(self, a, n, false);
}
static fy_obj *m_masked_fill_(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return masked_fill(self, a, n, true);
}

static fy_obj *m_square(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("square", n, 0, 0) < 0) return NULL;
    return fy_torch_binary(self, self, FY_TOP_MUL, NULL);
}

#define MD(name, doc) {#name, m_##name, 0, doc}, {#name "_", m_##name##_, 0, doc " (in place)"}
fy_obj *fy_torch_nonzero_obj(fy_torch_tensor *t, bool as_tuple) {
    fy_torch_tensor *nz = fy_torch_nonzero(t);
    if (!nz || !as_tuple) return (fy_obj *)nz;
    int nd = t->ndim;
    fy_obj *tup = fy_tuple_new((size_t)nd);
    for (int d = 0; tup && d < nd; d++) {
        fy_torch_tensor *col = fy_torch_view_of(nz, 1, nz->shape, nz->stride, nz->offset + d);
        fy_tuple_set_steal(tup, (size_t)d, col ? (fy_obj *)fy_torch_contiguous(col) : fy_none());
        FY_XDECREF(col);
    }
    FY_DECREF(nz);
    return tup;
}

/* nonzero(*, as_tuple=False) */
static fy_obj *m_nonzero(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"as_tuple", NULL};
    fy_obj *k[1] = {NULL};
    if (fy_parse_args("nonzero", a, n, kw, names, 0, 0, 1, k) < 0) return NULL;
    int t = k[0] ? fy_truthy(k[0]) : 0;
    return t < 0 ? NULL : fy_torch_nonzero_obj(SELF, t);
}

fy_methoddef fy_torch_ops_methods[] = {MD(neg, "neg()"),
                                       {"negative", m_neg, 0, "negative()"},
                                       MD(abs, "abs()"),
                                       MD(exp, "exp()"),
                                       MD(log, "log()"),
                                       MD(sqrt, "sqrt()"),
                                       MD(rsqrt, "rsqrt()"),
                                       MD(tanh, "tanh()"),
                                       MD(sigmoid, "sigmoid()"),
                                       MD(trunc, "trunc()"),
                                       MD(floor, "floor()"),
                                       MD(ceil, "ceil()"),
                                       MD(round, "round()"),
                                       MD(sin, "sin()"),
                                       MD(cos, "cos()"),
                                       MD(relu, "relu()"),
                                       MD(sign, "sign()"),
                                       MD(reciprocal, "reciprocal()"),
                                       MD(log2, "log2()"),
                                       MD(exp2, "exp2()"),
                                       MD(bitwise_not, "bitwise_not()"),
                                       {"isnan", m_isnan, 0, "isnan()"},
                                       {"isfinite", m_isfinite, 0, "isfinite()"},
                                       {"isinf", m_isinf, 0, "isinf()"},
                                       {"logical_not", m_logical_not, 0, "logical_not()"},
                                       {"logical_and", m_logical_and, 0, "logical_and(other)"},
                                       {"logical_or", m_logical_or, 0, "logical_or(other)"},
                                       MD(add, "add(other, alpha=1)"),
                                       MD(sub, "sub(other, alpha=1)"),
                                       MD(mul, "mul(other)"),
                                       MD(div, "div(other, rounding_mode=None)"),
                                       MD(pow, "pow(exponent)"),
                                       {"square", m_square, 0, "square()"},
                                       MD(remainder, "remainder(other)"),
                                       MD(floor_divide, "floor_divide(other)"),
                                       MD(maximum, "maximum(other)"),
                                       MD(minimum, "minimum(other)"),
                                       MD(eq, "eq(other)"),
                                       MD(ne, "ne(other)"),
                                       MD(lt, "lt(other)"),
                                       MD(le, "le(other)"),
                                       MD(gt, "gt(other)"),
                                       MD(ge, "ge(other)"),
                                       MD(bitwise_and, "bitwise_and(other)"),
                                       MD(bitwise_or, "bitwise_or(other)"),
                                       MD(bitwise_xor, "bitwise_xor(other)"),
                                       {"subtract", m_sub, 0, "subtract(other)"},
                                       {"multiply", m_mul, 0, "multiply(other)"},
                                       {"divide", m_div, 0, "divide(other)"},
                                       {"true_divide", m_div, 0, "true_divide(other)"},
                                       MD(clamp, "clamp(min=None, max=None)"),
                                       {"clip", m_clamp, 0, "clip(min=None, max=None)"},
                                       {"clamp_min", m_clamp_min, 0, "clamp_min(min)"},
                                       {"nonzero", m_nonzero, 0, "nonzero(*, as_tuple=False)"},
                                       {"clamp_max", m_clamp_max, 0, "clamp_max(max)"},
                                       {"nan_to_num", m_nan_to_num, 0, "nan_to_num(nan=0.0, posinf=None, neginf=None)"},
                                       {"where", m_where, 0, "where(condition, other)"},
                                       MD(masked_fill, "masked_fill(mask, value)"),
                                       {NULL}};

/* torch.where(cond, a, b) / torch.where(cond) */
static fy_obj *f_where(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("where", kw) < 0) return NULL;
    if (n == 1 && FY_TORCH_CHECK(a[0])) {
        fy_torch_tensor *nz = fy_torch_nonzero(FY_TT(a[0]));
        if (!nz) return NULL;
        int nd = FY_TT(a[0])->ndim;
        fy_obj *tup = fy_tuple_new((size_t)nd);
        for (int d = 0; tup && d < nd; d++) {
            fy_torch_tensor *col = fy_torch_view_of(nz, 1, nz->shape, nz->stride, nz->offset + d);
            fy_tuple_set_steal(tup, (size_t)d, col ? (fy_obj *)fy_torch_contiguous(col) : fy_none());
            FY_XDECREF(col);
        }
        FY_DECREF(nz);
        return tup;
    }
    if (fy_check_nargs("where", n, 3, 3) < 0) return NULL;
    return fy_torch_where(a[0], a[1], a[2]);
}
/* torch.add(a, b, out=None) and friends, with a scalar allowed as the first operand. */
/* k: the parsed out= and alpha= */
static fy_obj *f_bin_k(fy_obj *const *a, size_t n, fy_obj *const *k, int op) {
    if (n != 2)
        return fy_err_format(&fy_TypeError, "%s() takes 2 positional arguments but %zu were given", op_names[op], n);
    fy_obj *b = a[1], *scaled = NULL;
    if (k[1]) {
        if (!(scaled = fy_torch_binary(b, k[1], FY_TOP_MUL, NULL))) return NULL;
        b = scaled;
    }
    fy_torch_tensor *out = k[0] && k[0] != fy_None ? (FY_TORCH_CHECK(k[0]) ? FY_TT(k[0]) : NULL) : NULL;
    if (k[0] && k[0] != fy_None && !out) {
        FY_XDECREF(scaled);
        return fy_err_set(&fy_TypeError, "out must be a Tensor");
    }
    fy_obj *r = fy_torch_binary(a[0], b, op, out);
    FY_XDECREF(scaled);
    if (r == fy_NotImplemented) {
        FY_DECREF(r);
        return fy_err_format(&fy_TypeError, "%s(): argument 'input' (position 1) must be Tensor, not %T", op_names[op],
                             a[0]);
    }
    return r;
}
static fy_obj *f_bin(fy_obj *const *a, size_t n, fy_obj *kw, int op) {
    static const char *const names[] = {"out", "alpha", NULL};
    fy_obj *k[2];
    if (fy_torch_kwargs(op_names[op], a, n, kw, names, k) < 0) return NULL;
    return f_bin_k(a, n, k, op);
}
#define FBIN(name, op) \
    static fy_obj *f_##name(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) { return f_bin(a, n, kw, op); }
FBIN(add, FY_TOP_ADD)
FBIN(sub, FY_TOP_SUB)
FBIN(mul, FY_TOP_MUL)
/* torch.div(input, other, rounding_mode=...): the method's rounding ("floor", "trunc") for a tensor input */
static fy_obj *f_div(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"out", "alpha", "rounding_mode", NULL};
    fy_obj *k[3];
    (void)self;
    if (fy_torch_kwargs("div", a, n, kw, names, k) < 0) return NULL;
    if (!k[2] || k[2] == fy_None) return f_bin_k(a, n, k, FY_TOP_DIV);
    if (n != 2) return fy_err_format(&fy_TypeError, "div() takes 2 positional arguments but %zu were given", n);
    if (k[0] && k[0] != fy_None) return fy_err_set(&fy_TypeError, "div(): out= with rounding_mode= is not supported");
    if (!FY_TORCH_CHECK(a[0]))
        return fy_err_format(&fy_TypeError, "div(): argument 'input' (position 1) must be Tensor, not %T", a[0]);
    fy_obj *key = fy_str_from_cstr("rounding_mode");
    fy_obj *kn = key ? fy_tuple_pack(1, key) : NULL;
    FY_XDECREF(key);
    if (!kn) return NULL;
    fy_obj *args[2] = {a[1], k[2]};
    fy_obj *r = bin_method(a[0], args, 1, kn, FY_TOP_DIV, false);
    FY_DECREF(kn);
    return r;
}
FBIN(maximum, FY_TOP_MAX)
FBIN(minimum, FY_TOP_MIN)
FBIN(pow, FY_TOP_POW)
FBIN(remainder, FY_TOP_MOD)
FBIN(eq, FY_TOP_EQ)
FBIN(ne, FY_TOP_NE)
FBIN(lt, FY_TOP_LT)
FBIN(le, FY_TOP_LE)
FBIN(gt, FY_TOP_GT)
FBIN(ge, FY_TOP_GE)

fy_methoddef fy_torch_ops_funcs[] = {{"where", f_where, 0, "where(condition, input, other)"},
                                     {"add", f_add, 0, "add(input, other, out=None)"},
                                     {"sub", f_sub, 0, "sub(input, other, out=None)"},
                                     {"mul", f_mul, 0, "mul(input, other, out=None)"},
                                     {"div", f_div, 0, "div(input, other, out=None)"},
                                     {"maximum", f_maximum, 0, "maximum(input, other)"},
                                     {"minimum", f_minimum, 0, "minimum(input, other)"},
                                     {"pow", f_pow, 0, "pow(input, exponent)"},
                                     {"remainder", f_remainder, 0, "remainder(input, other)"},
                                     {"eq", f_eq, 0, "eq(input, other)"},
                                     {"ne", f_ne, 0, "ne(input, other)"},
                                     {"lt", f_lt, 0, "lt(input, other)"},
                                     {"le", f_le, 0, "le(input, other)"},
                                     {"gt", f_gt, 0, "gt(input, other)"},
                                     {"ge", f_ge, 0, "ge(input, other)"},
                                     {NULL}};

/* ------------------------------------------------------------------ slots */

static const int nb_to_top[FY_NB_COUNT] = {[FY_NB_ADD] = FY_TOP_ADD,          [FY_NB_SUB] = FY_TOP_SUB,
                                           [FY_NB_MUL] = FY_TOP_MUL,          [FY_NB_MATMUL] = -1,
                                           [FY_NB_TRUEDIV] = FY_TOP_DIV,      [FY_NB_MOD] = FY_TOP_MOD,
                                           [FY_NB_POW] = FY_TOP_POW,          [FY_NB_LSHIFT] = FY_TOP_LSHIFT,
                                           [FY_NB_RSHIFT] = FY_TOP_RSHIFT,    [FY_NB_OR] = FY_TOP_OR,
                                           [FY_NB_XOR] = FY_TOP_XOR,          [FY_NB_AND] = FY_TOP_AND,
                                           [FY_NB_FLOORDIV] = FY_TOP_FLOORDIV};

#define NBF(id) \
    static fy_obj *nb_##id(fy_obj *a, fy_obj *b) { return fy_torch_binary(a, b, nb_to_top[id], NULL); } \
    static fy_obj *inb_##id(fy_obj *a, fy_obj *b) { \
        if (!FY_TORCH_CHECK(a)) return fy_ref(fy_NotImplemented); \
        return fy_torch_binary(a, b, nb_to_top[id], FY_TT(a)); \
    }
NBF(FY_NB_ADD)
NBF(FY_NB_SUB)
NBF(FY_NB_MUL)
NBF(FY_NB_TRUEDIV)
NBF(FY_NB_MOD)
NBF(FY_NB_POW)
NBF(FY_NB_LSHIFT)
NBF(FY_NB_RSHIFT)
NBF(FY_NB_OR)
NBF(FY_NB_XOR)
NBF(FY_NB_AND)
NBF(FY_NB_FLOORDIV)

static fy_obj *nb_matmul(fy_obj *a, fy_obj *b) {
    if (!FY_TORCH_CHECK(a) || !FY_TORCH_CHECK(b)) return fy_ref(fy_NotImplemented);
    return fy_torch_matmul(FY_TT(a), FY_TT(b));
}
static fy_obj *inb_matmul(fy_obj *a, fy_obj *b) {
    fy_obj *r = nb_matmul(a, b);
    if (!r || r == fy_NotImplemented || !FY_TORCH_CHECK(r)) return r;
    int rc = fy_torch_copy_into(FY_TT(a), FY_TT(r));
    FY_DECREF(r);
    return rc < 0 ? NULL : fy_ref(a);
}

static fy_obj *richcmp(fy_obj *a, fy_obj *b, int op) {
    static const int map[6] = {FY_TOP_EQ, FY_TOP_NE, FY_TOP_LT, FY_TOP_LE, FY_TOP_GT, FY_TOP_GE};
    return fy_torch_binary(a, b, map[op], NULL);
}
static fy_obj *sl_neg(fy_obj *a) { return unary_t(FY_TT(a), FY_TUN_NEG, NULL); }
static fy_obj *sl_pos(fy_obj *a) { return fy_ref(a); }
static fy_obj *sl_abs(fy_obj *a) { return unary_t(FY_TT(a), FY_TUN_ABS, NULL); }
static fy_obj *sl_invert(fy_obj *a) { return unary_t(FY_TT(a), FY_TUN_NOT, NULL); }

void fy_torch_ops_install(fy_type *t) {
#define SET(id) \
    t->nb[id] = nb_##id; \
    t->inb[id] = inb_##id;
    SET(FY_NB_ADD)
    SET(FY_NB_SUB)
    SET(FY_NB_MUL)
    SET(FY_NB_TRUEDIV)
    SET(FY_NB_MOD)
    SET(FY_NB_POW)
    SET(FY_NB_LSHIFT)
    SET(FY_NB_RSHIFT)
    SET(FY_NB_OR)
    SET(FY_NB_XOR)
    SET(FY_NB_AND)
    SET(FY_NB_FLOORDIV)
#undef SET
    t->nb[FY_NB_MATMUL] = nb_matmul;
    t->inb[FY_NB_MATMUL] = inb_matmul;
    t->richcmp = richcmp;
    t->neg = sl_neg;
    t->pos = sl_pos;
    t->abs = sl_abs;
    t->invert = sl_invert;
}
