/* emu_softfloat.c - the compiler-rt conversion helpers the JIT may call.
 *
 * On a CPU without native bf16/f16 conversion instructions (AVX512-BF16, F16C) LLVM lowers
 * arith.truncf/extf to library calls such as __truncsfbf2. The process does not necessarily
 * provide them (libgcc 12 has no bf16 helpers), so the emulator registers its own with every
 * ExecutionEngine. The x86-64 ABI passes and returns half and bfloat16 values in XMM registers,
 * like _Float16, so bit patterns travel in a _Float16. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "runtime/emu/emu.h"

static _Float16 bits_to_h(uint16_t b) {
    _Float16 h;
    memcpy(&h, &b, sizeof h);
    return h;
}

static uint16_t h_to_bits(_Float16 h) {
    uint16_t b;
    memcpy(&b, &h, sizeof b);
    return b;
}

/* float -> bfloat16, round to nearest even, NaN kept quiet. */
static uint16_t f32_to_bf16(float f) {
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    if (isnan(f)) return (uint16_t)((u >> 16) | 0x40);
    u += 0x7fffu + ((u >> 16) & 1u);
    return (uint16_t)(u >> 16);
}

static _Float16 truncsfbf2(float f) { return bits_to_h(f32_to_bf16(f)); }

/* double -> bfloat16 with a single rounding: truncate to float, keep the lost bits as a sticky
 * last bit (round to odd), then round to nearest even; float has 16 more bits than bfloat16,
 * so the two steps round exactly like one. */
static _Float16 truncdfbf2(double d) {
    float f = (float)d;
    if (!isnan(d) && (double)f != d) {
        if (fabs((double)f) > fabs(d)) f = nextafterf(f, 0.0f);
        uint32_t u;
        memcpy(&u, &f, sizeof u);
        u |= 1u;
        memcpy(&f, &u, sizeof f);
    }
    return truncsfbf2(f);
}

static float extendbfsf2(_Float16 h) {
    uint32_t u = (uint32_t)h_to_bits(h) << 16;
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

static _Float16 truncsfhf2(float f) { return (_Float16)f; }
static _Float16 truncdfhf2(double d) { return (_Float16)d; }
static float extendhfsf2(_Float16 h) { return (float)h; }

/* float -> half bits rounded toward zero (v_cvt_pkrtz_f16_f32): beyond the largest half, the largest half. */
static uint32_t f32_to_f16_rtz(float f) {
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    uint32_t s = (u >> 16) & 0x8000u;
    if (isnan(f)) return s | 0x7e00u | ((u >> 13) & 0x1ffu);
    if (isinf(f)) return s | 0x7c00u;
    double a = fabs((double)f);
    if (a >= 65536.0) return s | 0x7bffu;
    int e = (int)((u >> 23) & 0xff) - 127;
    if (e >= -14) {
        uint32_t h = (uint32_t)(e + 15) << 10 | ((u >> 13) & 0x3ffu);
        return s | (h > 0x7bffu ? 0x7bffu : h);
    }
    return s | (uint32_t)(a * 16777216.0); /* subnormal: multiples of 2^-24, truncated */
}

static int64_t f32_bits(float f) {
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

/* f -> E2M1 (fp4) bits: to nearest, ties to the even code, beyond the largest value (6) saturating to it; NaN
 * gives the largest magnitude of its sign as well. */
static uint32_t f32_to_fp4(float f) {
    static const float mag[8] = {0.0f, 0.5f, 1.0f, 1.5f, 2.0f, 3.0f, 4.0f, 6.0f};
    uint32_t s = signbit(f) ? 8u : 0u;
    float a = fabsf(f);
    if (isnan(f) || a >= 6.0f) return s | 7u;
    uint32_t c = 0;
    while (c < 7 && mag[c + 1] <= a) c++;
    if (c < 7) {
        float lo = a - mag[c], hi = mag[c + 1] - a;
        if (hi < lo || (hi == lo && (c & 1u))) c++;
    }
    return s | c;
}

static float fp4_to_f32(uint32_t bits) {
    static const float mag[8] = {0.0f, 0.5f, 1.0f, 1.5f, 2.0f, 3.0f, 4.0f, 6.0f};
    float m = mag[bits & 7u];
    return bits & 8u ? -m : m;
}

int64_t fly_emu_cvt(int32_t kind, float a, float b, int32_t old, int32_t sel) {
    uint32_t o = (uint32_t)old;
    switch (kind) {
    case FLY_EMU_CVT_PK_FP4: {
        uint32_t sh = 8u * ((uint32_t)sel & 3u), byte = f32_to_fp4(a) | f32_to_fp4(b) << 4;
        return (int64_t)((o & ~(0xffu << sh)) | byte << sh);
    }
    case FLY_EMU_CVT_F32_FP4: return f32_bits(fp4_to_f32(o >> (4u * ((uint32_t)sel & 7u))));
    case FLY_EMU_CVT_PK_FP8_OCP:
    case FLY_EMU_CVT_PK_BF8_OCP: {
        int fmt = kind == FLY_EMU_CVT_PK_FP8_OCP ? FLY_EMU_F8_E4M3FN : FLY_EMU_F8_E5M2;
        uint32_t w = (uint32_t)(fly_emu_f8_trunc(a, fmt) & 0xff) | (uint32_t)(fly_emu_f8_trunc(b, fmt) & 0xff) << 8;
        return (int64_t)(sel ? (o & 0xffffu) | w << 16 : (o & 0xffff0000u) | w);
    }
    case FLY_EMU_CVT_F32_FP8_OCP:
    case FLY_EMU_CVT_F32_BF8_OCP:
        return f32_bits(fly_emu_f8_ext((int32_t)((o >> (8 * (sel & 3))) & 0xff),
                                       kind == FLY_EMU_CVT_F32_FP8_OCP ? FLY_EMU_F8_E4M3FN : FLY_EMU_F8_E5M2));
    case FLY_EMU_CVT_PKRTZ: return (int64_t)(f32_to_f16_rtz(a) | f32_to_f16_rtz(b) << 16);
    case FLY_EMU_CVT_PK_FP8:
    case FLY_EMU_CVT_PK_BF8: {
        int fmt = kind == FLY_EMU_CVT_PK_FP8 ? FLY_EMU_F8_E4M3FNUZ : FLY_EMU_F8_E5M2FNUZ;
        uint32_t w = (uint32_t)(fly_emu_f8_trunc(a, fmt) & 0xff) | (uint32_t)(fly_emu_f8_trunc(b, fmt) & 0xff) << 8;
        return (int64_t)(sel ? (o & 0xffffu) | w << 16 : (o & 0xffff0000u) | w);
    }
    case FLY_EMU_CVT_F32_FP8:
    case FLY_EMU_CVT_F32_BF8:
        return f32_bits(fly_emu_f8_ext((int32_t)((o >> (8 * (sel & 3))) & 0xff),
                                       kind == FLY_EMU_CVT_F32_FP8 ? FLY_EMU_F8_E4M3FNUZ : FLY_EMU_F8_E5M2FNUZ));
    default: return 0;
    }
}

static const fly_emu_symbol softfloat_symbols[] = {
    {"__truncsfbf2", (void *)truncsfbf2},   {"__truncdfbf2", (void *)truncdfbf2},
    {"__extendbfsf2", (void *)extendbfsf2}, {"__truncsfhf2", (void *)truncsfhf2},
    {"__truncdfhf2", (void *)truncdfhf2},   {"__extendhfsf2", (void *)extendhfsf2},
    {"__gnu_f2h_ieee", (void *)truncsfhf2}, {"__gnu_h2f_ieee", (void *)extendhfsf2},
    {"fly_emu_cvt", (void *)fly_emu_cvt},
};

const fly_emu_symbol *fly_emu_softfloat_symbols(size_t *n) {
    *n = sizeof softfloat_symbols / sizeof softfloat_symbols[0];
    return softfloat_symbols;
}
