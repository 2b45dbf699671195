/* test_small_alloc.c - the small-object allocator on its own (src/objects/small_alloc.c built
 * into this test, with fy_malloc and friends stubbed): every block holds what was written to it
 * while others come and go, sizes and alignment per class, the memory count returns to zero,
 * emptied arenas go back to the system, malloc'd and large blocks are told apart by address,
 * and the memory limit raises instead of allocating. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "objects/small_alloc.h"

size_t fy_mem_used, fy_mem_limit = (size_t)8 << 30;
static int nomem_raised, mallocs, frees;

/* stubs for what small_alloc.c uses from the object layer */
struct fy_obj;
struct fy_obj *fy_err_nomem(void);
void *fy_malloc(size_t n);
void fy_free(void *p);
struct fy_obj *fy_err_nomem(void) {
    nomem_raised++;
    return NULL;
}
void *fy_malloc(size_t n) {
    mallocs++;
    return malloc(n ? n : 1);
}
void fy_free(void *p) {
    if (p) frees++;
    free(p);
}

static int passed, failed;
static void check(int ok, const char *what) {
    if (ok) {
        passed++;
    } else {
        failed++;
        printf("FAIL %s\n", what);
    }
}

#define N 60000
static unsigned char *blk[N];
static size_t sz[N];

static void fill(int i) { memset(blk[i], (unsigned char)(i * 31 + 7), sz[i]); }
static int intact(int i) {
    for (size_t k = 0; k < sz[i]; k++)
        if (blk[i][k] != (unsigned char)(i * 31 + 7)) return 0;
    return 1;
}

int main(void) {
    setenv("FLYI_ARENA", "1", 1); /* on even when this test itself runs under valgrind */
    int maps0 = fy_small_arenas();

    /* every size up to the limit: 16-byte aligned, the bytes asked for are usable */
    int ok_align = 1, ok_count = 1;
    for (size_t n = 0; n <= FY_SMALL_MAX; n++) {
        size_t before = fy_mem_used;
        void *p = fy_small_alloc(n);
        if (!p || ((uintptr_t)p & 15)) ok_align = 0;
        memset(p, 0xab, n);
        size_t cls = n ? (n + 15) & ~(size_t)15 : 16;
        if (fy_mem_used - before != cls) ok_count = 0;
        fy_small_free(p);
        if (fy_mem_used != before) ok_count = 0;
    }
    check(ok_align, "blocks are 16-byte aligned");
    check(ok_count, "fy_mem_used counts each block at its class size");
    check(mallocs == 0, "sizes up to FY_SMALL_MAX never reach fy_malloc");

    /* a mixed pattern: allocate all, free every third, refill, check every block's contents */
    srand(7);
    for (int i = 0; i < N; i++) {
        sz[i] = 1 + (size_t)rand() % FY_SMALL_MAX;
        blk[i] = fy_small_alloc(sz[i]);
        fill(i);
    }
    check(fy_small_arenas() > maps0, "arenas are mapped for many blocks");
    for (int i = 0; i < N; i += 3) fy_small_free(blk[i]);
    for (int i = 0; i < N; i += 3) {
        sz[i] = 1 + (size_t)rand() % 64;
        blk[i] = fy_small_alloc(sz[i]);
        fill(i);
    }
    int all = 1;
    for (int i = 0; i < N; i++) all &= intact(i);
    check(all, "no two live blocks overlap (contents intact after frees and reuse)");
    for (int i = N - 1; i >= 0; i--) fy_small_free(blk[i]);
    check(fy_mem_used == 0, "fy_mem_used is back to zero once everything is freed");
    check(fy_small_arenas() <= maps0 + 1, "emptied arenas go back to the system (one spare kept)");

    /* large blocks and plain malloc'd pointers go to fy_free */
    frees = 0;
    void *big = fy_small_alloc(FY_SMALL_MAX + 1);
    check(mallocs == 1, "a block over FY_SMALL_MAX comes from fy_malloc");
    fy_small_free(big);
    fy_small_free(malloc(24));
    fy_small_free(NULL);
    check(frees == 2, "fy_small_free passes non-arena pointers to fy_free");

    /* the memory limit */
    fy_mem_limit = fy_mem_used + 8;
    check(fy_small_alloc(32) == NULL && nomem_raised == 1, "over the memory limit: NULL and MemoryError");
    fy_mem_limit = (size_t)8 << 30;

    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
