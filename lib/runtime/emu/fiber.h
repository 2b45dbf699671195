/* fiber.h - user-mode threads for the emulator: one fiber per GPU thread, switched at barriers
 * and cross-lane operations. x86-64 uses a hand-written switch (callee-saved registers only; the
 * floating-point control words are shared by all fibers); other machines use ucontext. Stacks are registered with valgrind
 * and the switches annotated for AddressSanitizer when those are present. */
#ifndef FLY_EMU_FIBER_H
#define FLY_EMU_FIBER_H

#include <stddef.h>

typedef struct fly_emu_fiber fly_emu_fiber;
typedef void (*fly_emu_fiber_fn)(void *arg);

/* A scheduler-side context (the thread that resumes fibers). */
typedef struct fly_emu_fiber_home {
    void *sp;      /* saved stack pointer (x86-64) */
    void *uctx;    /* ucontext_t (fallback) */
    const void *stack_bottom; /* ASan bookkeeping */
    size_t stack_size;
} fly_emu_fiber_home;

/* n fibers with stacks of stack_bytes each (one mapping, guard pages between); NULL on failure. */
fly_emu_fiber *fly_emu_fibers_create(int n, size_t stack_bytes);
void fly_emu_fibers_destroy(fly_emu_fiber *f, int n);
/* Prepares fiber i to run fn(arg) on its stack when next resumed. fn must never return: it
 * ends by fly_emu_fiber_yield and is simply never resumed again. */
void fly_emu_fiber_start(fly_emu_fiber *f, int i, fly_emu_fiber_fn fn, void *arg);
/* From the scheduler: run fiber i until it yields. */
void fly_emu_fiber_resume(fly_emu_fiber_home *h, fly_emu_fiber *f, int i);
/* From fiber i: return to the scheduler. */
void fly_emu_fiber_yield(fly_emu_fiber_home *h, fly_emu_fiber *f, int i);
/* From fiber `from`: run fiber `to` (of the same set and scheduler, started or switched out)
 * directly, one switch instead of a yield and a resume; `from` goes on when something resumes or
 * switches to it again. */
void fly_emu_fiber_switch(fly_emu_fiber *f, int from, int to);

#endif
