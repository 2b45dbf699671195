/* test_emu_faults.c - the emulator's safety net: a trap in kernel code that no check covers
 * (SIGFPE from a vector integer division by zero, SIGSEGV from a load through a stray flat pointer,
 * SIGBUS from a load past the end of a file mapping, SIGILL from llvm.intr.trap) stops the launch
 * with an error naming the kernel, block, thread and signal, and the runtime goes on: the next
 * launch of the same module works. Every kind in kernels without barriers (a loop per block) and,
 * through a barrier, in the three ways synchronising kernels run (phase loops, FLYI_EMU_CORO=1,
 * FLYI_EMU_FIBERS=1), on the launching thread (one block) and on the worker pool (32 blocks).
 * Ends with "N passed, N failed". */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../runtime/kernels.h"
#include "core/core_load.h"

static int passed, failed;
static const fly_rt_api *R;

static void check(int ok, const char *what, const char *detail) {
    if (ok) {
        passed++;
    } else {
        failed++;
        printf("FAIL %s: %s\n", what, detail ? detail : "");
    }
}

static char printed[4096];
static size_t nprinted;

static void to_buf(void *user, const char *text, size_t len) {
    (void)user;
    if (nprinted + len >= sizeof printed) len = sizeof printed - 1 - nprinted;
    memcpy(printed + nprinted, text, len);
    nprinted += len;
    printed[nprinted] = '\0';
}

static void ignore(void *user, const char *text, size_t len) { (void)user, (void)text, (void)len; }

/* Thread 5 of every block faults as `kind` says (0: vector division by d, 1: a load from addr,
 * 2: a trap); the others, and thread 5 with kind 0 and d != 0, print nothing but the quotient. */
#define FAULT_BODY(BARRIER) \
    "      %t = gpu.thread_id x\n" \
    "      %ti = arith.index_cast %t : index to i32\n" BARRIER "      %c0 = arith.constant 0 : i32\n" \
    "      %c1 = arith.constant 1 : i32\n" \
    "      %c5 = arith.constant 5 : i32\n" \
    "      %hit = arith.cmpi eq, %ti, %c5 : i32\n" \
    "      scf.if %hit {\n" \
    "        %k0 = arith.cmpi eq, %kind, %c0 : i32\n" \
    "        scf.if %k0 {\n" \
    "          %v = vector.broadcast %ti : i32 to vector<2xi32>\n" \
    "          %dv = vector.broadcast %d : i32 to vector<2xi32>\n" \
    "          %q = arith.divsi %v, %dv : vector<2xi32>\n" \
    "          %e = vector.extract %q[1] : i32 from vector<2xi32>\n" \
    "          \"fly.print\"(%e) {format = \"q={}\"} : (i32) -> ()\n" \
    "        } else {\n" \
    "          %k1 = arith.cmpi eq, %kind, %c1 : i32\n" \
    "          scf.if %k1 {\n" \
    "            %p = llvm.inttoptr %addr : i64 to !llvm.ptr\n" \
    "            %x = llvm.load volatile %p : !llvm.ptr -> i32\n" \
    "            \"fly.print\"(%x) {format = \"x={}\"} : (i32) -> ()\n" \
    "          } else {\n" \
    "            \"llvm.intr.trap\"() : () -> ()\n" \
    "          }\n" \
    "        }\n" \
    "      }\n" \
    "      gpu.return\n" \
    "    }\n"

static const char k_loop[] =
    KMOD_BEGIN "    gpu.func @fl(%kind: i32, %addr: i64, %d: i32) kernel {\n" FAULT_BODY("") KMOD_END;
static const char k_sync[] = KMOD_BEGIN
    "    gpu.func @fs(%kind: i32, %addr: i64, %d: i32) kernel {\n" FAULT_BODY("      gpu.barrier\n") KMOD_END;

static int launch(fly_rt *rt, fly_rt_module *m, unsigned grid, int32_t kind, int64_t addr, int32_t d) {
    void *args[] = {&kind, &addr, &d};
    fly_rt_launch l = {.grid = {grid, 1, 1}, .block = {64, 1, 1}, .args = args, .nargs = 3};
    int rc = R->launch(rt, m, &l);
    return R->synchronize(rt, NULL) || rc ? -1 : 0;
}

static void run_mode(const char *mode, const char *text, const char *kname, void *bus_addr) {
    if (mode) setenv(mode, "1", 1);
    fly_rt_options o = {.kind = FLY_RT_EMU, .notice = ignore, .printf_sink = to_buf};
    fly_rt *rt = R->create(&o);
    fly_rt_module *m = rt ? R->load(rt, text) : NULL;
    char what[200];
    snprintf(what, sizeof what, "%s: load", mode ? mode : kname);
    check(m != NULL, what, rt && !m ? R->last_error(rt) : NULL);
    if (mode) unsetenv(mode);
    if (!m) {
        if (rt) R->destroy(rt);
        return;
    }
    static const char *const sig[] = {"SIGFPE: integer division by zero",
                                      "SIGSEGV: invalid memory access at address 0x10",
                                      "SIGBUS: bus error at address 0x", "SIGILL: illegal instruction at 0x"};
    for (int grid = 1; grid <= 32; grid += 31)
        for (int kind = 0; kind < 4; kind++) {
            int64_t addr = kind == 1 ? 16 : (int64_t)(uintptr_t)bus_addr;
            int rc = launch(rt, m, (unsigned)grid, kind < 2 ? kind : kind == 2 ? 1 : 2, addr, 0);
            const char *e = R->last_error(rt);
            char want[300], tail[300];
            snprintf(want, sizeof want, "fault: kernel '%s' block (%s", kname, grid == 1 ? "0,0,0)" : "");
            snprintf(tail, sizeof tail, " thread (5,0,0): %s", sig[kind]);
            snprintf(what, sizeof what, "%s, grid %d: %s", mode ? mode : kname, grid, sig[kind]);
            check(rc != 0 && !strncmp(e, want, strlen(want)) && strstr(e, tail) &&
                      strstr(e, "(in code the emulator's checks do not cover)"),
                  what, e);
            if (grid == 1 && kind == 2) {
                char b[64];
                snprintf(b, sizeof b, "0x%lx (", (unsigned long)(uintptr_t)bus_addr);
                check(strstr(e, b) != NULL, "SIGBUS: the address", e);
            }
            /* the runtime goes on: the same module runs again */
            nprinted = 0;
            rc = launch(rt, m, (unsigned)grid, 0, 0, 5);
            snprintf(what, sizeof what, "%s, grid %d: a launch after %s", mode ? mode : kname, grid, sig[kind]);
            char expect[400] = "";
            for (int b = 0; b < grid; b++) strcat(expect, "q=1\n");
            check(rc == 0 && !strcmp(printed, expect), what, rc ? R->last_error(rt) : printed);
        }
    R->destroy(rt);
}

int main(void) {
    char err[512];
    const fly_core_api *api = fly_core_load(err, sizeof err);
    if (!api || !api->rt) {
        printf("FAIL cannot load the compiler core: %s\n0 passed, 1 failed\n", err);
        return 1;
    }
    R = api->rt;
    /* a page past the end of an empty file: reading it raises SIGBUS */
    FILE *f = tmpfile();
    void *bus = f ? mmap(NULL, 4096, PROT_READ, MAP_SHARED, fileno(f), 0) : MAP_FAILED;
    check(bus != MAP_FAILED, "map an empty file", NULL);
    if (bus == MAP_FAILED) bus = NULL;
    run_mode(NULL, k_loop, "fl", bus);
    run_mode(NULL, k_sync, "fs", bus);
    run_mode("FLYI_EMU_CORO", k_sync, "fs", bus);
    run_mode("FLYI_EMU_FIBERS", k_sync, "fs", bus);
    if (bus) munmap(bus, 4096);
    if (f) fclose(f);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
