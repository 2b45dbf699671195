/* fiber.c - fibers for the emulator (see fiber.h). */
#define _GNU_SOURCE
#include "runtime/emu/fiber.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#if defined(__has_include)
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define FIBER_VALGRIND 1
#endif
#endif

#if defined(__SANITIZE_ADDRESS__)
#define FIBER_ASAN 1
void __sanitizer_start_switch_fiber(void **fake_stack_save, const void *bottom, size_t size);
void __sanitizer_finish_switch_fiber(void *fake_stack_save, const void **bottom_old, size_t *size_old);
void __asan_unpoison_memory_region(void const volatile *addr, size_t size);
#endif

#if !defined(__x86_64__)
#include <ucontext.h>
#endif

struct fly_emu_fiber {
    void *sp;
    char *stack;
    size_t size;
    fly_emu_fiber_fn fn;
    void *arg;
    fly_emu_fiber_home *home;
    void *fake; /* ASan fake stack of this fiber while it is switched out */
    unsigned vg_id;
#if !defined(__x86_64__)
    ucontext_t uc;
#endif
};

static size_t page_size(void) {
    long p = sysconf(_SC_PAGESIZE);
    return p > 0 ? (size_t)p : 4096;
}

fly_emu_fiber *fly_emu_fibers_create(int n, size_t stack_bytes) {
    size_t pg = page_size();
    stack_bytes = (stack_bytes + pg - 1) / pg * pg;
    fly_emu_fiber *f = calloc((size_t)n, sizeof *f);
    if (!f) return NULL;
    size_t each = stack_bytes + pg; /* a guard page below each stack */
    char *m = mmap(NULL, each * (size_t)n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED) {
        free(f);
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        char *base = m + each * (size_t)i;
        mprotect(base, pg, PROT_NONE);
        f[i].stack = base + pg;
        f[i].size = stack_bytes;
#ifdef FIBER_VALGRIND
        f[i].vg_id = VALGRIND_STACK_REGISTER(f[i].stack, f[i].stack + f[i].size);
#endif
    }
    return f;
}

void fly_emu_fibers_destroy(fly_emu_fiber *f, int n) {
    if (!f) return;
    size_t pg = page_size();
#ifdef FIBER_VALGRIND
    for (int i = 0; i < n; i++) VALGRIND_STACK_DEREGISTER(f[i].vg_id);
#endif
    if (n > 0) munmap(f[0].stack - pg, (f[0].size + pg) * (size_t)n);
    free(f);
}

/* First code a fiber runs (on its own stack). */
static void fiber_boot(fly_emu_fiber *self) {
#ifdef FIBER_ASAN
    /* the first fiber a worker runs starts from the scheduler: its stack is the home one */
    const void *bottom;
    size_t size;
    __sanitizer_finish_switch_fiber(NULL, &bottom, &size);
    if (!self->home->stack_bottom) {
        self->home->stack_bottom = bottom;
        self->home->stack_size = size;
    }
#endif
    self->fn(self->arg);
    __builtin_unreachable(); /* fibers end by yielding for good */
}

#if defined(__x86_64__)
/* The MXCSR / x87 control words are not switched: every fiber of a worker and its scheduler run
 * with the same floating-point environment (generated code never changes it), and ldmxcsr /
 * fldcw serialise the pipeline (they were two thirds of a switch's cost). The 8-byte slot stays
 * so that fiber_start's frame keeps its layout. */
void fly_emu_ctx_switch(void **save, void *next);
void fly_emu_fiber_entry(void);
__asm__(".text\n"
        ".globl fly_emu_ctx_switch\n"
        ".hidden fly_emu_ctx_switch\n"
        ".type fly_emu_ctx_switch,@function\n"
        "fly_emu_ctx_switch:\n"
        "  pushq %rbp\n  pushq %rbx\n  pushq %r12\n  pushq %r13\n  pushq %r14\n  pushq %r15\n"
        "  subq $8, %rsp\n"
        "  movq %rsp, (%rdi)\n  movq %rsi, %rsp\n"
        "  addq $8, %rsp\n"
        "  popq %r15\n  popq %r14\n  popq %r13\n  popq %r12\n  popq %rbx\n  popq %rbp\n"
        "  ret\n"
        ".size fly_emu_ctx_switch, .-fly_emu_ctx_switch\n"
        ".globl fly_emu_fiber_entry\n"
        ".hidden fly_emu_fiber_entry\n"
        ".type fly_emu_fiber_entry,@function\n"
        "fly_emu_fiber_entry:\n"
        "  movq %r12, %rdi\n  callq *%r13\n  ud2\n"
        ".size fly_emu_fiber_entry, .-fly_emu_fiber_entry\n"
        ".section .note.GNU-stack,\"\",@progbits\n"
        ".text\n");

void fly_emu_fiber_start(fly_emu_fiber *f, int i, fly_emu_fiber_fn fn, void *arg) {
    fly_emu_fiber *x = &f[i];
    x->fn = fn;
    x->arg = arg;
#ifdef FIBER_ASAN
    /* stacks are reused from block to block; a finished fiber never unwound its frames, so the
     * sanitizer's redzones from its last run would still be marked */
    __asan_unpoison_memory_region(x->stack, x->size);
#endif
    uintptr_t top = ((uintptr_t)(x->stack + x->size)) & ~(uintptr_t)15;
    uint64_t *sp = (uint64_t *)(top - 80); /* 16-aligned; the return slot at sp+56 is 8 mod 16 */
    uint32_t csr[2];
    __asm__ volatile("stmxcsr %0" : "=m"(csr[0]));
    __asm__ volatile("fnstcw %0" : "=m"(csr[1]));
    memcpy(&sp[0], csr, 8);
    sp[1] = 0;                            /* r15 */
    sp[2] = 0;                            /* r14 */
    sp[3] = (uint64_t)(uintptr_t)fiber_boot; /* r13: called by the entry stub */
    sp[4] = (uint64_t)(uintptr_t)x;       /* r12: its argument */
    sp[5] = 0;                            /* rbx */
    sp[6] = 0;                            /* rbp */
    sp[7] = (uint64_t)(uintptr_t)fly_emu_fiber_entry;
    x->sp = sp;
}

static void do_switch(void **save, void *next) { fly_emu_ctx_switch(save, next); }
#else
static void uc_boot(unsigned hi, unsigned lo) { fiber_boot((fly_emu_fiber *)(((uintptr_t)hi << 32) | lo)); }

void fly_emu_fiber_start(fly_emu_fiber *f, int i, fly_emu_fiber_fn fn, void *arg) {
    fly_emu_fiber *x = &f[i];
    x->fn = fn;
    x->arg = arg;
    getcontext(&x->uc);
    x->uc.uc_stack.ss_sp = x->stack;
    x->uc.uc_stack.ss_size = x->size;
    x->uc.uc_link = NULL;
    uintptr_t p = (uintptr_t)x;
    makecontext(&x->uc, (void (*)(void))uc_boot, 2, (unsigned)(p >> 32), (unsigned)p);
}
#endif

void fly_emu_fiber_resume(fly_emu_fiber_home *h, fly_emu_fiber *f, int i) {
    f[i].home = h;
#ifdef FIBER_ASAN
    void *fake = NULL;
    __sanitizer_start_switch_fiber(&fake, f[i].stack, f[i].size);
#endif
#if defined(__x86_64__)
    do_switch(&h->sp, f[i].sp);
#else
    ucontext_t home;
    h->uctx = &home;
    swapcontext(&home, &f[i].uc);
#endif
#ifdef FIBER_ASAN
    __sanitizer_finish_switch_fiber(fake, NULL, NULL);
#endif
}

void fly_emu_fiber_yield(fly_emu_fiber_home *h, fly_emu_fiber *f, int i) {
#ifdef FIBER_ASAN
    __sanitizer_start_switch_fiber(&f[i].fake, h->stack_bottom, h->stack_size);
#endif
#if defined(__x86_64__)
    do_switch(&f[i].sp, h->sp);
#else
    swapcontext(&f[i].uc, (ucontext_t *)h->uctx);
#endif
#ifdef FIBER_ASAN
    __sanitizer_finish_switch_fiber(f[i].fake, NULL, NULL);
#endif
}

void fly_emu_fiber_switch(fly_emu_fiber *f, int from, int to) {
    f[to].home = f[from].home;
#ifdef FIBER_ASAN
    __sanitizer_start_switch_fiber(&f[from].fake, f[to].stack, f[to].size);
#endif
#if defined(__x86_64__)
    do_switch(&f[from].sp, f[to].sp);
#else
    swapcontext(&f[from].uc, &f[to].uc);
#endif
#ifdef FIBER_ASAN
    __sanitizer_finish_switch_fiber(f[from].fake, NULL, NULL);
#endif
}
