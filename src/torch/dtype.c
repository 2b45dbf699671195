/* dtype.c - torch dtypes: the torch.dtype objects, promotion, element load/store, and the
 * narrow float formats (fp16, bf16, fp8 e4m3fn / e4m3fnuz / e5m2) with torch's rounding:
 * round to nearest even; fp16/bf16/e5m2 overflow to infinity, e4m3fn overflows to NaN,
 * e4m3fnuz to its single NaN 0x80 (and has no negative zero). */
#include <math.h>
#include <string.h>
#include "torch/torch.h"

static const struct {
    const char *name, *scalar;
    size_t size;
} info[FY_TORCH_NDTYPES] = {
    [FY_TORCH_BOOL] = {"bool", "Bool", 1},
    [FY_TORCH_U8] = {"uint8", "Byte", 1},
    [FY_TORCH_I8] = {"int8", "Char", 1},
    [FY_TORCH_I16] = {"int16", "Short", 2},
    [FY_TORCH_I32] = {"int32", "Int", 4},
    [FY_TORCH_I64] = {"int64", "Long", 8},
    [FY_TORCH_F16] = {"float16", "Half", 2},
    [FY_TORCH_BF16] = {"bfloat16", "BFloat16", 2},
    [FY_TORCH_F32] = {"float32", "Float", 4},
    [FY_TORCH_F64] = {"float64", "Double", 8},
    [FY_TORCH_F8E4M3FN] = {"float8_e4m3fn", "Float8_e4m3fn", 1},
    [FY_TORCH_F8E4M3FNUZ] = {"float8_e4m3fnuz", "Float8_e4m3fnuz", 1},
    [FY_TORCH_F8E5M2] = {"float8_e5m2", "Float8_e5m2", 1},
    [FY_TORCH_F4X2] = {"float4_e2m1fn_x2", "Float4_e2m1fn_x2", 1},
};

size_t fy_torch_itemsize(int dt) { return info[dt].size; }
bool fy_torch_is_float(int dt) { return dt >= FY_TORCH_F16 && dt != FY_TORCH_F4X2; }
bool fy_torch_is_fp8(int dt) { return dt >= FY_TORCH_F8E4M3FN && dt <= FY_TORCH_F8E5M2; }
const char *fy_torch_dtype_name(int dt) { return info[dt].name; }
const char *fy_torch_scalar_name(int dt) { return info[dt].scalar; }

/* ------------------------------------------------------------------ dtype objects */

#define DT(o) (((fy_torch_dtype_obj *)(o))->id)
static fy_obj *dtype_repr(fy_obj *o) { return fy_str_printf("torch.%s", info[DT(o)].name); }
static fy_obj *dtype_itemsize(fy_obj *o) { return fy_int_from((int64_t)info[DT(o)].size); }
static fy_obj *dtype_is_fp(fy_obj *o) { return fy_bool(fy_torch_is_float(DT(o))); }
static fy_obj *dtype_is_signed(fy_obj *o) { return fy_bool(DT(o) != FY_TORCH_BOOL && DT(o) != FY_TORCH_U8); }
static fy_obj *dtype_is_complex(fy_obj *o) { return fy_bool(false); }
static int64_t dtype_hash(fy_obj *o) { return (int64_t)(intptr_t)o >> 4; }
static fy_getsetdef dtype_getsets[] = {{"itemsize", dtype_itemsize, NULL, "size of one element in bytes"},
                                       {"is_floating_point", dtype_is_fp, NULL, NULL},
                                       {"is_signed", dtype_is_signed, NULL, NULL},
                                       {"is_complex", dtype_is_complex, NULL, NULL},
                                       {NULL}};
fy_type fy_torch_dtype_type = {
    FY_TYPE_INIT("dtype", sizeof(fy_torch_dtype_obj)),
    .flags = FY_TPF_FINAL,
    .repr = dtype_repr,
    .hash = dtype_hash,
    .getsets = dtype_getsets,
};
#define DTO(id) {{FY_IMMORTAL_RC, &fy_torch_dtype_type}, id}
fy_torch_dtype_obj fy_torch_dtypes[FY_TORCH_NDTYPES] = {DTO(0), DTO(1), DTO(2), DTO(3),  DTO(4),  DTO(5),  DTO(6),
                                                        DTO(7), DTO(8), DTO(9), DTO(10), DTO(11), DTO(12), DTO(13)};

fy_obj *fy_torch_dtype_get(int dt) { return fy_ref(&fy_torch_dtypes[dt].h); }

int fy_torch_dtype_from(fy_obj *o) {
    if (FY_IS_TYPE(o, fy_torch_dtype_type)) return DT(o);
    if (o == (fy_obj *)&fy_float_type) return FY_TORCH_F64;
    if (o == (fy_obj *)&fy_int_type) return FY_TORCH_I64;
    if (o == (fy_obj *)&fy_bool_type) return FY_TORCH_BOOL;
    fy_err_format(&fy_TypeError, "dtype must be torch.dtype, not %T", o);
    return -1;
}

/* ------------------------------------------------------------------ promotion */

static int rank_int(int dt) { return dt; }

int fy_torch_promote(int a, int b) {
    if (a == b) return a;
    if (a == FY_TORCH_F4X2 || b == FY_TORCH_F4X2) {
        fy_err_format(&fy_RuntimeError, "Promotion for Float4 Types is not supported, attempted to promote %s and %s",
                      info[a].scalar, info[b].scalar);
        return -1;
    }
    if (fy_torch_is_fp8(a) || fy_torch_is_fp8(b)) {
        if (a == FY_TORCH_BOOL) return b;
        if (b == FY_TORCH_BOOL) return a;
        fy_err_format(&fy_RuntimeError, "Promotion for Float8 Types is not supported, attempted to promote %s and %s",
                      info[a].scalar, info[b].scalar);
        return -1;
    }
    if (a == FY_TORCH_BOOL) return b;
    if (b == FY_TORCH_BOOL) return a;
    bool fa = fy_torch_is_float(a), fb = fy_torch_is_float(b);
    if (fa && fb) {
        if ((a == FY_TORCH_F16 && b == FY_TORCH_BF16) || (a == FY_TORCH_BF16 && b == FY_TORCH_F16)) return FY_TORCH_F32;
        return a > b ? a : b;
    }
    if (fa) return a;
    if (fb) return b;
    /* two different integer types */
    if (a == FY_TORCH_U8 || b == FY_TORCH_U8) {
        int o = a == FY_TORCH_U8 ? b : a;
        return o == FY_TORCH_I8 ? FY_TORCH_I16 : o;
    }
    return rank_int(a) > rank_int(b) ? a : b;
}

/* ------------------------------------------------------------------ narrow floats */

/* Round |x| (finite, >= 0) to a format with mbits mantissa bits and exponent bias; returns the
 * unsigned code exp<<mbits | mantissa, which may exceed the format's range (caller decides). */
static uint32_t round_narrow(double x, int mbits, int bias) {
    if (x == 0) return 0;
    int e;
    frexp(x, &e);
    e -= 1; /* x = 1.m * 2^e */
    int emin = 1 - bias;
    if (e < emin) e = emin;
    double n = nearbyint(ldexp(x, mbits - e)); /* significand scaled to an integer, RNE */
    uint32_t one = 1u << mbits;
    if (n >= 2.0 * one) {
        n /= 2;
        e += 1;
    }
    uint32_t ni = (uint32_t)n;
    if (ni < one) return ni; /* subnormal (only possible at emin) */
    return ((uint32_t)(e + bias) << mbits) | (ni - one);
}

uint16_t fy_torch_f32_to_f16(float f) {
    uint32_t sign = signbit(f) ? 0x8000u : 0;
    if (isnan(f)) return (uint16_t)(sign | 0x7E00u);
    if (isinf(f)) return (uint16_t)(sign | 0x7C00u);
    uint32_t c = round_narrow(fabs((double)f), 10, 15);
    if (c >= 0x7C00u) c = 0x7C00u;
    return (uint16_t)(sign | c);
}

uint16_t fy_torch_f32_to_bf16(float f) {
    uint32_t sign = signbit(f) ? 0x8000u : 0;
    if (isnan(f)) return 0x7FC0u;
    if (isinf(f)) return (uint16_t)(sign | 0x7F80u);
    uint32_t c = round_narrow(fabs((double)f), 7, 127);
    if (c >= 0x7F80u) c = 0x7F80u;
    return (uint16_t)(sign | c);
}

uint8_t fy_torch_f32_to_fp8(float f, int dt) {
    uint32_t sign = signbit(f) ? 0x80u : 0;
    double a = fabs((double)f);
    switch (dt) {
    case FY_TORCH_F8E4M3FN: {
        if (isnan(f) || isinf(f)) return (uint8_t)(sign | 0x7F);
        uint32_t c = round_narrow(a, 3, 7);
        if (c > 0x7F) c = 0x7F; /* beyond 448: NaN */
        return (uint8_t)(sign | c);
    }
    case FY_TORCH_F8E4M3FNUZ: {
        if (isnan(f) || isinf(f)) return 0x80;
        uint32_t c = round_narrow(a, 3, 8);
        if (c >= 0x80) return 0x80;
        if (c == 0) return 0; /* no negative zero */
        return (uint8_t)(sign | c);
    }
    default: { /* e5m2 */
        if (isnan(f)) return (uint8_t)(sign | 0x7F);
        if (isinf(f)) return (uint8_t)(sign | 0x7C);
        uint32_t c = round_narrow(a, 2, 15);
        if (c >= 0x7C) c = 0x7C;
        return (uint8_t)(sign | c);
    }
    }
}

/* Value of code (without sign) in a format with mbits mantissa bits and bias. */
static double decode_narrow(uint32_t code, int mbits, int bias) {
    uint32_t e = code >> mbits, m = code & ((1u << mbits) - 1);
    if (e == 0) return ldexp((double)m, 1 - bias - mbits);
    return ldexp((double)((1u << mbits) | m), (int)e - bias - mbits);
}

double fy_torch_f16_to_f64(uint16_t h) {
    double s = (h & 0x8000) ? -1.0 : 1.0;
    uint32_t c = h & 0x7FFF;
    if ((c >> 10) == 0x1F) return (c & 0x3FF) ? NAN : s * INFINITY;
    return s * decode_narrow(c, 10, 15);
}

double fy_torch_bf16_to_f64(uint16_t h) {
    uint32_t bits = (uint32_t)h << 16;
    float f;
    memcpy(&f, &bits, 4);
    return f;
}

double fy_torch_fp8_to_f64(uint8_t b, int dt) {
    double s = (b & 0x80) ? -1.0 : 1.0;
    uint32_t c = b & 0x7F;
    switch (dt) {
    case FY_TORCH_F8E4M3FN:
        if (c == 0x7F) return NAN;
        return s * decode_narrow(c, 3, 7);
    case FY_TORCH_F8E4M3FNUZ:
        if (b == 0x80) return NAN;
        return s * decode_narrow(c, 3, 8);
    default:
        if ((c >> 2) == 0x1F) return (c & 3) ? NAN : s * INFINITY;
        return s * decode_narrow(c, 2, 15);
    }
}

/* ------------------------------------------------------------------ element access */

double fy_torch_loadf(const char *p, int dt) {
    switch (dt) {
    case FY_TORCH_BOOL: return *(const uint8_t *)p ? 1.0 : 0.0;
    case FY_TORCH_U8: return *(const uint8_t *)p;
    case FY_TORCH_I8: return *(const int8_t *)p;
    case FY_TORCH_I16: {
        int16_t v;
        memcpy(&v, p, 2);
        return v;
    }
    case FY_TORCH_I32: {
        int32_t v;
        memcpy(&v, p, 4);
        return v;
    }
    case FY_TORCH_I64: {
        int64_t v;
        memcpy(&v, p, 8);
        return (double)v;
    }
    case FY_TORCH_F16: {
        uint16_t v;
        memcpy(&v, p, 2);
        return fy_torch_f16_to_f64(v);
    }
    case FY_TORCH_BF16: {
        uint16_t v;
        memcpy(&v, p, 2);
        return fy_torch_bf16_to_f64(v);
    }
    case FY_TORCH_F32: {
        float v;
        memcpy(&v, p, 4);
        return v;
    }
    case FY_TORCH_F64: {
        double v;
        memcpy(&v, p, 8);
        return v;
    }
    case FY_TORCH_F4X2: return *(const uint8_t *)p;
    default: return fy_torch_fp8_to_f64(*(const uint8_t *)p, dt);
    }
}

int64_t fy_torch_loadi(const char *p, int dt) {
    switch (dt) {
    case FY_TORCH_BOOL: return *(const uint8_t *)p != 0;
    case FY_TORCH_U8: return *(const uint8_t *)p;
    case FY_TORCH_I8: return *(const int8_t *)p;
    case FY_TORCH_I16: {
        int16_t v;
        memcpy(&v, p, 2);
        return v;
    }
    case FY_TORCH_I32: {
        int32_t v;
        memcpy(&v, p, 4);
        return v;
    }
    case FY_TORCH_I64: {
        int64_t v;
        memcpy(&v, p, 8);
        return v;
    }
    default: {
        double d = fy_torch_loadf(p, dt);
        if (!(d > -9.3e18 && d < 9.3e18)) return INT64_MIN;
        return (int64_t)d;
    }
    }
}

/* Float to integer as torch does on the CPU: truncation toward zero, wrapped to the width. */
static int64_t f2i(double v) {
    if (isnan(v)) return INT64_MIN;
    if (v >= 9.2233720368547758e18 || v < -9.2233720368547758e18) return INT64_MIN;
    return (int64_t)v;
}

void fy_torch_storei(char *p, int dt, int64_t v) {
    switch (dt) {
    case FY_TORCH_BOOL: *(uint8_t *)p = v != 0; break;
    case FY_TORCH_U8:
    case FY_TORCH_F4X2: *(uint8_t *)p = (uint8_t)v; break;
    case FY_TORCH_I8: *(int8_t *)p = (int8_t)v; break;
    case FY_TORCH_I16: {
        int16_t x = (int16_t)v;
        memcpy(p, &x, 2);
        break;
    }
    case FY_TORCH_I32: {
        int32_t x = (int32_t)v;
        memcpy(p, &x, 4);
        break;
    }
    case FY_TORCH_I64: memcpy(p, &v, 8); break;
    default: fy_torch_storef(p, dt, (double)v); break;
    }
}

void fy_torch_storef(char *p, int dt, double v) {
    switch (dt) {
    case FY_TORCH_BOOL: *(uint8_t *)p = v != 0; break;
    case FY_TORCH_U8:
    case FY_TORCH_I8:
    case FY_TORCH_I16:
    case FY_TORCH_I32:
    case FY_TORCH_I64:
    case FY_TORCH_F4X2: fy_torch_storei(p, dt, f2i(v)); break;
    case FY_TORCH_F16: {
        uint16_t h = fy_torch_f32_to_f16((float)v);
        memcpy(p, &h, 2);
        break;
    }
    case FY_TORCH_BF16: {
        uint16_t h = fy_torch_f32_to_bf16((float)v);
        memcpy(p, &h, 2);
        break;
    }
    case FY_TORCH_F32: {
        float f = (float)v;
        memcpy(p, &f, 4);
        break;
    }
    case FY_TORCH_F64: memcpy(p, &v, 8); break;
    default: *(uint8_t *)p = fy_torch_f32_to_fp8((float)v, dt); break;
    }
}

double fy_torch_round_to(double v, int dt) {
    switch (dt) {
    case FY_TORCH_F64: return v;
    case FY_TORCH_F32: return (float)v;
    case FY_TORCH_F16: return fy_torch_f16_to_f64(fy_torch_f32_to_f16((float)v));
    case FY_TORCH_BF16: return fy_torch_bf16_to_f64(fy_torch_f32_to_bf16((float)v));
    default:
        if (fy_torch_is_fp8(dt)) return fy_torch_fp8_to_f64(fy_torch_f32_to_fp8((float)v, dt), dt);
        return v;
    }
}
