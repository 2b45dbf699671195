/* test_exp2f.c - the emulator's own float exp2 (lib/runtime/emu/emu_exp2f.c): fly_emu_exp2f is the correctly
 * rounded 2^x (against libm's exp2l in x87 extended precision rounded to float, 11 more bits than double)
 * on every 257th float bit pattern, on the specials and on the boundaries (-150, -149, -126, 128, the
 * subnormal results, the overflow threshold), and on inputs near a rounding midpoint that the exhaustive
 * sweep found (where the double 2^x rounded to float, or glibc's exp2f, is wrong). The array form gives the
 * scalar's bits on the same inputs through each build of its loop this CPU has (AVX-512, AVX2, baseline),
 * over arrays of odd lengths. FLYI_EXP2F_FULL=1 sweeps all 2^32 inputs instead and prints how many differ
 * from exp2l, from (float)exp2 and from glibc's exp2f, and the first of each, and whether the scalar (which
 * has a shorter fast path of its own) gives the array loop's bits on all of them (FLYI_EXP2F_FULL=2: only
 * that, a minute). Ends with "N passed, N failed". */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/emu/emu_exp2f.h"

static int passed, failed;

static uint32_t fbits(float f) {
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
static float bitsf(uint32_t u) {
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* The reference: exp2l (64-bit significand) rounded to float. */
static float ref(float x) { return (float)exp2l((long double)x); }

static int same(float a, float b) { return fbits(a) == fbits(b) || (a != a && b != b); }

static void check(int ok, const char *what, uint32_t x, float got, float want) {
    if (ok) {
        passed++;
        return;
    }
    if (failed++ < 20)
        printf("FAIL %s: x=0x%08" PRIx32 " (%a) got 0x%08" PRIx32 " want 0x%08" PRIx32 "\n", what, x, (double)bitsf(x),
               fbits(got), fbits(want));
}

/* Inputs whose 2^x lies near a float rounding midpoint, with the correctly rounded result (mpmath at 200
 * bits): the double 2^x or glibc's exp2f rounds these the other way. */
static const uint32_t near_mid[][2] = {
    {0x3b429d37u, 0x3f804385u}, {0xbcf3a937u, 0x3f7ac6b1u}, /* (float)exp2((double)x) is wrong */
    {0x37e338ebu, 0x3f80009du}, {0x38baa496u, 0x3f800205u}, /* glibc 2.36's exp2f is wrong */
    {0x3912e094u, 0x3f80032eu}, {0x39389044u, 0x3f8003ffu}, {0x398c2763u, 0x3f800612u},
};

static void test_specials(void) {
    static const uint32_t sp[] = {
        0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00000u, 0x7f800001u, 0x7fa00000u,
        0x00000001u, 0x80000001u, 0x007fffffu, 0x807fffffu, 0x00800000u, 0x7f7fffffu, 0xff7fffffu, 0x3f800000u,
        0xbf800000u, 0x3f000000u, 0xbf000000u, 0x43000000u, 0x42ffffffu, 0x43000001u, 0xc3160000u, 0xc3160001u,
        0xc315ffffu, 0xc3150000u, 0xc3150001u, 0xc314ffffu, 0xc2fc0000u, 0xc2fc0001u, 0xc2fbffffu, 0xc2fe0000u,
        0x33000000u, 0xb3000000u, 0x33800000u, 0xb2800000u, 0x3c800000u, 0xbc800000u, 0x3c7fffffu, 0xbc7fffffu,
    };
    for (size_t i = 0; i < sizeof sp / sizeof sp[0]; i++) {
        float x = bitsf(sp[i]), g = fly_emu_exp2f(x), w = ref(x);
        check(same(g, w), "special", sp[i], g, w);
    }
    check(fbits(fly_emu_exp2f(INFINITY)) == 0x7f800000u, "+inf -> inf", 0x7f800000u, 0, 0);
    check(fbits(fly_emu_exp2f(-INFINITY)) == 0, "-inf -> +0", 0xff800000u, 0, 0);
    check(fbits(fly_emu_exp2f(-150.0f)) == 0, "-150 -> +0 (ties to even)", 0xc3160000u, 0, 0);
    check(fbits(fly_emu_exp2f(-149.0f)) == 1, "-149 -> least subnormal", 0xc3150000u, 0, 0);
    check(fbits(fly_emu_exp2f(128.0f)) == 0x7f800000u, "128 -> inf", 0x43000000u, 0, 0);
    float n = fly_emu_exp2f(bitsf(0x7fc01234u));
    check(n != n, "NaN -> NaN", 0x7fc01234u, n, NAN);
    for (size_t i = 0; i < sizeof near_mid / sizeof near_mid[0]; i++) {
        float g = fly_emu_exp2f(bitsf(near_mid[i][0]));
        check(fbits(g) == near_mid[i][1], "near a midpoint", near_mid[i][0], g, bitsf(near_mid[i][1]));
    }
}

/* Every stride-th bit pattern from start: the scalar against the reference, and each build of the array loop
 * against the scalar in arrays of 1021 floats (a tail the vector loop does not cover). */
static void test_sweep(uint32_t stride) {
    enum { N = 1021 };
    float in[N], sc[N], ar[N];
    int isas[] = {FLY_EMU_EXP2_BASE, FLY_EMU_EXP2_AVX2, FLY_EMU_EXP2_AVX512}, have[3];
    for (int i = 0; i < 3; i++) have[i] = fly_emu_vexp2f_isa(ar, 0, isas[i]) == 0;
    uint64_t bad = 0, badv[3] = {0, 0, 0};
    fly_emu_exp2f_fn avx2 = fly_emu_exp2f_for(FLY_EMU_EXP2_AVX2);
    uint64_t u = 0;
    while (u <= 0xffffffffu) {
        int m = 0;
        for (; m < N && u <= 0xffffffffu; m++, u += stride) in[m] = bitsf((uint32_t)u);
        for (int i = 0; i < m; i++) {
            sc[i] = fly_emu_exp2f(in[i]);
            float s2 = avx2 ? avx2(in[i]) : sc[i];
            if (!same(s2, sc[i])) check(0, "sweep: the scalar's AVX2 build", fbits(in[i]), s2, sc[i]), bad++;
            float w = ref(in[i]), a1 = fly_emu_exp2f_array1(in[i]);
            if (!same(a1, w))
                check(0, "sweep: the array's path on one float against exp2l", fbits(in[i]), a1, w), bad++;
            if (!same(sc[i], w)) check(0, "sweep: scalar against exp2l", fbits(in[i]), sc[i], w), bad++;
        }
        for (int k = 0; k < 3; k++) {
            if (!have[k]) continue;
            memcpy(ar, in, sizeof(float) * (size_t)m);
            fly_emu_vexp2f_isa(ar, m, isas[k]);
            for (int i = 0; i < m; i++)
                if (fbits(ar[i]) != fbits(sc[i]))
                    check(0, "sweep: array against scalar", fbits(in[i]), ar[i], sc[i]), badv[k]++;
        }
    }
    check(bad == 0, "sweep: scalar correctly rounded", 0, 0, 0);
    for (int k = 0; k < 3; k++)
        if (have[k])
            check(badv[k] == 0, k == 0 ? "sweep: baseline" : k == 1 ? "sweep: AVX2" : "sweep: AVX-512", 0, 0, 0);
    printf("sweep every %" PRIu32 "th input: builds base %d avx2 %d avx512 %d, chosen %d; scalar avx2 %d\n", stride,
           have[0], have[1], have[2], fly_emu_exp2_isa(), avx2 != NULL);
}

/* All 2^32 inputs: the scalar against the array loop chosen for this CPU, and (full) both against exp2l,
 * (float)exp2 and glibc's exp2f. */
static void full_sweep(int full) {
    enum { N = 4096 };
    static float in[N], ar[N];
    uint64_t sa = 0, dl = 0, dd = 0, dg = 0, gl = 0;
    fly_emu_exp2f_fn scalar = fly_emu_exp2f_for(fly_emu_exp2_isa());
    for (uint64_t u = 0; u <= 0xffffffffu; u += N) {
        for (int i = 0; i < N; i++) in[i] = ar[i] = bitsf((uint32_t)(u + i));
        fly_emu_vexp2f((int64_t)(intptr_t)ar, N);
        for (int i = 0; i < N; i++) {
            float x = in[i], s = scalar(x);
            if (!same(s, ar[i]) && sa++ < 10)
                printf("scalar differs from array: x=0x%08" PRIx32 " scalar 0x%08" PRIx32 " array 0x%08" PRIx32 "\n",
                       fbits(x), fbits(s), fbits(ar[i]));
            if (!full) continue;
            float l = ref(x), d = (float)exp2((double)x), g = exp2f(x);
            if (!same(ar[i], l) && dl++ < 10)
                printf("exp2l differs: x=0x%08" PRIx32 " ours 0x%08" PRIx32 " exp2l 0x%08" PRIx32 "\n", fbits(x),
                       fbits(ar[i]), fbits(l));
            if (!same(ar[i], d) && dd++ < 10)
                printf("(float)exp2 differs: x=0x%08" PRIx32 " ours 0x%08" PRIx32 " exp2 0x%08" PRIx32 "\n", fbits(x),
                       fbits(ar[i]), fbits(d));
            if (!same(ar[i], g) && dg++ < 10)
                printf("exp2f differs: x=0x%08" PRIx32 " ours 0x%08" PRIx32 " exp2f 0x%08" PRIx32 "\n", fbits(x),
                       fbits(ar[i]), fbits(g));
            if (!same(g, l)) gl++;
        }
    }
    printf("all 2^32: scalar differs from array %" PRIu64 "\n", sa);
    if (full)
        printf("all 2^32: array differs from (float)exp2l %" PRIu64 ", from (float)exp2 %" PRIu64
               ", from glibc exp2f %" PRIu64 " (glibc exp2f from exp2l: %" PRIu64 ")\n",
               dl, dd, dg, gl);
}

int main(void) {
    const char *full = getenv("FLYI_EXP2F_FULL");
    if (full) {
        full_sweep(strcmp(full, "2") != 0);
        return 0;
    }
    test_specials();
    test_sweep(257);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
