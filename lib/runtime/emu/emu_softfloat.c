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

static const fly_emu_symbol softfloat_symbols[] = {
    {"__truncsfbf2", (void *)truncsfbf2},   {"__truncdfbf2", (void *)truncdfbf2},
    {"__extendbfsf2", (void *)extendbfsf2}, {"__truncsfhf2", (void *)truncsfhf2},
    {"__truncdfhf2", (void *)truncdfhf2},   {"__extendhfsf2", (void *)extendhfsf2},
    {"__gnu_f2h_ieee", (void *)truncsfhf2}, {"__gnu_h2f_ieee", (void *)extendhfsf2},
};

const fly_emu_symbol *fly_emu_softfloat_symbols(size_t *n) {
    *n = sizeof softfloat_symbols / sizeof softfloat_symbols[0];
    return softfloat_symbols;
}
