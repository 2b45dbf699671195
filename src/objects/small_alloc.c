/* small_alloc.c - the small-object allocator (see small_alloc.h). Single-threaded, as the object model is.
 * A pool's header sits at its 4 KiB-aligned start; whether an address is ours is read from a
 * two-level map of arena addresses, never from the memory itself (so that freeing a malloc'd
 * pointer reads nothing it does not own). Under AddressSanitizer freed and untouched blocks are
 * poisoned; under valgrind the arena is off by default so that its leak and use-after-free checks
 * see every object (FLYI_ARENA=1 forces it on, FLYI_ARENA=0 off). */
#include "objects/small_alloc.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <valgrind/valgrind.h>
#include "objects/object.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#define POISON(p, n) ASAN_POISON_MEMORY_REGION(p, n)
#define UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION(p, n)
#else
#define POISON(p, n) ((void)(p), (void)(n))
#define UNPOISON(p, n) ((void)(p), (void)(n))
#endif

extern size_t fy_mem_used, fy_mem_limit;

#define POOL_SIZE 4096
#define ARENA_SIZE (256 * 1024)
#define ARENA_SHIFT 18
#define POOLS_PER_ARENA (ARENA_SIZE / POOL_SIZE)
#define NCLASSES (FY_SMALL_MAX / 16 + 1)

typedef struct arena arena;
typedef struct pool {
    uint32_t used;           /* blocks handed out */
    uint32_t size;           /* block size in bytes (a multiple of 16) */
    void *freeblock;         /* freed blocks, linked through their first word */
    char *bump;              /* next never-used block; NULL once the pool is carved out */
    struct pool *next, *prev; /* in its class's list of pools with room (or an arena's free list) */
    arena *owner;
} pool; /* 48 bytes: blocks after it stay 16-byte aligned */
#define POOL_HDR ((sizeof(pool) + 15) & ~(size_t)15)

struct arena {
    char *base;
    pool *freepools;         /* emptied pools, linked through next */
    int nfree;               /* pools not in use (emptied + never used) */
    int untouched;           /* index of the first never-used pool */
    arena *next, *prev;      /* in the list of arenas with a free pool */
};

static pool *usable[NCLASSES]; /* per class: pools with a free block */
static arena *avail;           /* arenas with a free pool */
static int narenas;            /* arenas held */
static int mode = -1;          /* -1 not decided, 0 off (fy_malloc), 1 on */

/* Arena addresses: map[top][leaf] is 1 for a 256 KiB arena we own (48-bit addresses). */
#define MAP_LEAF_BITS 14
#define MAP_TOP (1u << (48 - ARENA_SHIFT - MAP_LEAF_BITS))
static uint8_t *map[MAP_TOP];

static int map_has(const void *p) {
    uintptr_t k = (uintptr_t)p >> ARENA_SHIFT, top = k >> MAP_LEAF_BITS;
    if (top >= MAP_TOP || !map[top]) return 0;
    return map[top][k & ((1u << MAP_LEAF_BITS) - 1)];
}
static int map_set(const void *p, uint8_t v) {
    uintptr_t k = (uintptr_t)p >> ARENA_SHIFT, top = k >> MAP_LEAF_BITS;
    if (top >= MAP_TOP) return -1;
    if (!map[top] && !(map[top] = calloc(1u << MAP_LEAF_BITS, 1))) return -1;
    map[top][k & ((1u << MAP_LEAF_BITS) - 1)] = v;
    return 0;
}

static void list_unlink(pool **head, pool *p) {
    if (p->prev) p->prev->next = p->next;
    else *head = p->next;
    if (p->next) p->next->prev = p->prev;
    p->next = p->prev = NULL;
}
static void list_push(pool **head, pool *p) {
    p->prev = NULL;
    p->next = *head;
    if (*head) (*head)->prev = p;
    *head = p;
}
static void arena_unlink(arena *a) {
    if (a->prev) a->prev->next = a->next;
    else avail = a->next;
    if (a->next) a->next->prev = a->prev;
    a->next = a->prev = NULL;
}
static void arena_push(arena *a) {
    a->prev = NULL;
    a->next = avail;
    if (avail) avail->prev = a;
    avail = a;
}

static int decide_mode(void) {
    const char *e = getenv("FLYI_ARENA");
    if (e && *e) return *e != '0';
    return RUNNING_ON_VALGRIND ? 0 : 1;
}

/* A new arena, aligned to its size (map twice the size, trim the ends). */
static arena *arena_new(void) {
    arena *a = malloc(sizeof *a);
    if (!a) return NULL;
    char *m = mmap(NULL, 2 * ARENA_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) {
        free(a);
        return NULL;
    }
    char *base = (char *)(((uintptr_t)m + ARENA_SIZE - 1) & ~(uintptr_t)(ARENA_SIZE - 1));
    if (base > m) munmap(m, (size_t)(base - m));
    if (m + 2 * ARENA_SIZE > base + ARENA_SIZE)
        munmap(base + ARENA_SIZE, (size_t)(m + 2 * ARENA_SIZE - (base + ARENA_SIZE)));
    if (map_set(base, 1) < 0) {
        munmap(base, ARENA_SIZE);
        free(a);
        return NULL;
    }
    POISON(base, ARENA_SIZE);
    narenas++;
    *a = (arena){.base = base, .nfree = POOLS_PER_ARENA};
    arena_push(a);
    return a;
}

static void arena_release(arena *a) {
    arena_unlink(a);
    map_set(a->base, 0);
    UNPOISON(a->base, ARENA_SIZE);
    munmap(a->base, ARENA_SIZE);
    free(a);
    narenas--;
}

int fy_small_arenas(void) { return narenas; }

/* A pool for blocks of size bytes, linked into its class's list; NULL when out of memory. */
static pool *pool_new(size_t size) {
    arena *a = avail ? avail : arena_new();
    if (!a) return NULL;
    pool *p;
    if (a->freepools) {
        p = a->freepools;
        a->freepools = p->next;
    } else {
        p = (pool *)(a->base + (size_t)a->untouched++ * POOL_SIZE);
        UNPOISON(p, POOL_HDR);
    }
    if (--a->nfree == 0) arena_unlink(a);
    *p = (pool){.size = (uint32_t)size, .bump = (char *)p + POOL_HDR, .owner = a};
    list_push(&usable[size >> 4], p);
    return p;
}

void *fy_small_alloc(size_t n) {
    if (__builtin_expect(mode <= 0, 0)) {
        if (mode < 0) mode = decide_mode();
        if (mode == 0) return fy_malloc(n);
    }
    if (n > FY_SMALL_MAX) return fy_malloc(n);
    size_t c = n ? (n + 15) >> 4 : 1, size = c << 4;
    if (fy_mem_used + size > fy_mem_limit) {
        fy_err_nomem();
        return NULL;
    }
    pool *p = usable[c];
    if (!p && !(p = pool_new(size))) return fy_malloc(n);
    void *b = p->freeblock;
    if (b) {
        UNPOISON(b, size);
        p->freeblock = *(void **)b;
    } else {
        b = p->bump;
        UNPOISON(b, size);
        p->bump += size;
        if (p->bump + size > (char *)p + POOL_SIZE) p->bump = NULL;
    }
    p->used++;
    if (!p->freeblock && !p->bump) list_unlink(&usable[c], p);
    fy_mem_used += size;
    return b;
}

void fy_small_free(void *b) {
    if (!b) return;
    if (!map_has(b)) {
        fy_free(b);
        return;
    }
    pool *p = (pool *)((uintptr_t)b & ~(uintptr_t)(POOL_SIZE - 1));
    size_t size = p->size;
    fy_mem_used -= size;
    if (!p->freeblock && !p->bump) list_push(&usable[size >> 4], p); /* it was full */
    *(void **)b = p->freeblock;
    p->freeblock = b;
    POISON(b, size);
    if (--p->used) return;
    /* empty: back to its arena, and the arena back to the system once all its pools are */
    list_unlink(&usable[size >> 4], p);
    arena *a = p->owner;
    POISON((char *)p + POOL_HDR, POOL_SIZE - POOL_HDR);
    p->next = a->freepools;
    a->freepools = p;
    if (a->nfree++ == 0) arena_push(a);
    /* keep one empty arena as a spare only while no other arena has room */
    if (a->nfree == POOLS_PER_ARENA && (a->next || a->prev)) arena_release(a);
}
