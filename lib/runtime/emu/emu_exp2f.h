/* emu_exp2f.h - flyi's own float exp2 for the emulator (emu_exp2f.c): correctly rounded, the same bits for
 * one float and for an array, on every clone of the array loop. */
#ifndef FLY_EMU_EXP2F_H
#define FLY_EMU_EXP2F_H
#include <stdint.h>

/* The array loop's builds, lowest first. */
enum { FLY_EMU_EXP2_BASE, FLY_EMU_EXP2_AVX2, FLY_EMU_EXP2_AVX512 };

/* 2^x rounded to the nearest float (ties to even); NaN -> NaN, +inf -> inf, -inf -> 0. The JIT's exp2f. */
float fly_emu_exp2f(float x);
/* fly_emu_exp2f of the n floats at addr, in place, through the best array loop the CPU has (or the one
 * FLYI_EMU_EXP2_ISA=avx2|base names): the lane-vector form's math.exp2. */
void fly_emu_vexp2f(int64_t addr, int64_t n);
/* The same through the build isa (FLY_EMU_EXP2_*); -1 when this CPU or build lacks it (a test hook). */
int fly_emu_vexp2f_isa(float *v, int64_t n, int isa);
/* The array loop's computation on one float (a test hook: fly_emu_exp2f has a shorter fast path of its own). */
float fly_emu_exp2f_array1(float x);
typedef float (*fly_emu_exp2f_fn)(float);
/* fly_emu_exp2f built for isa (FLY_EMU_EXP2_AVX2 and above: the VEX-encoded one, for the JIT's code to call;
 * fly_emu_exp2f_for(fly_emu_exp2_isa()) is the one to register), NULL when the CPU lacks it. */
fly_emu_exp2f_fn fly_emu_exp2f_for(int isa);
/* The build fly_emu_vexp2f uses. */
int fly_emu_exp2_isa(void);
#endif
