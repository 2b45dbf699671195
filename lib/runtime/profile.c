/* profile.c - a profile: the sites of every profiled launch, their counts and the totals (profile.h).
 * Sites are keyed by kernel, source location, kind and width, so that launches of the same kernel
 * (or of recompiled versions of it) add up; atomic target addresses are kept to count them per address. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/profile.h"

typedef struct psite {
    fly_prof_site s;
    int64_t *aaddr; /* atomic target addresses, sorted after each addition */
    size_t an, acap;
} psite;

struct fly_prof {
    psite **v;
    int n, cap;
    fly_prof_totals t;
    uint64_t flops_by_bits[3]; /* 32, 16, 8-bit operands */
};

static const char *const kind_names[FLY_PROF_KINDS] = {"exec",      "global_load", "global_store", "lds_load",
                                                       "lds_store", "atomic",      "barrier",      "mfma"};

const char *fly_prof_kind_name(int kind) { return kind >= 0 && kind < FLY_PROF_KINDS ? kind_names[kind] : "?"; }

fly_prof *fly_prof_create(const char *target) {
    fly_prof *p = calloc(1, sizeof *p);
    if (p) {
        size_t n = strlen(target ? target : "");
        if (n >= sizeof p->t.target) n = sizeof p->t.target - 1;
        memcpy(p->t.target, target ? target : "", n);
    }
    return p;
}

void fly_prof_free(fly_prof *p) {
    if (!p) return;
    for (int i = 0; i < p->n; i++) {
        free(p->v[i]->s.kernel);
        free(p->v[i]->s.loc);
        free(p->v[i]->aaddr);
        free(p->v[i]);
    }
    free(p->v);
    free(p);
}

int fly_prof_count(const fly_prof *p) { return p ? p->n : 0; }

const fly_prof_site *fly_prof_site_at(const fly_prof *p, int i) { return p && i >= 0 && i < p->n ? &p->v[i]->s : NULL; }

void fly_prof_get_totals(const fly_prof *p, fly_prof_totals *t) {
    memset(t, 0, sizeof *t);
    if (!p) return;
    *t = p->t;
    for (int i = 0; i < p->n; i++) {
        const fly_prof_site *s = &p->v[i]->s;
        if (s->kind == FLY_PROF_GLOBAL_LOAD || s->kind == FLY_PROF_GLOBAL_STORE) {
            t->global_bytes += s->bytes_requested;
            t->global_traffic += s->segments * 64;
        } else if (s->kind == FLY_PROF_LDS_LOAD || s->kind == FLY_PROF_LDS_STORE) {
            t->lds_bytes += s->executions * (uint64_t)s->bytes;
        }
    }
    static const int bits[3] = {32, 16, 8};
    uint64_t best = 0;
    for (int i = 0; i < 3; i++)
        if (p->flops_by_bits[i] > best) {
            best = p->flops_by_bits[i];
            t->mfma_bits = bits[i];
        }
}

fly_prof_site *fly_prof_intern(fly_prof *p, const char *kernel, const char *loc, int kind, int bytes) {
    for (int i = 0; i < p->n; i++) {
        fly_prof_site *s = &p->v[i]->s;
        if (s->kind == kind && s->bytes == bytes && !strcmp(s->kernel, kernel) && !strcmp(s->loc, loc)) return s;
    }
    if (p->n == p->cap) {
        int nc = p->cap ? 2 * p->cap : 32;
        psite **v = realloc(p->v, sizeof *v * (size_t)nc);
        if (!v) return NULL;
        p->v = v;
        p->cap = nc;
    }
    psite *ps = calloc(1, sizeof *ps);
    if (!ps || !(ps->s.kernel = strdup(kernel)) || !(ps->s.loc = strdup(loc))) {
        if (ps) free(ps->s.kernel);
        free(ps);
        return NULL;
    }
    ps->s.kind = kind;
    ps->s.bytes = bytes;
    p->v[p->n++] = ps;
    return &ps->s;
}

static int cmp_i64(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

void fly_prof_add_atomics(fly_prof *p, fly_prof_site *s, const int64_t *addr, size_t n) {
    psite *ps = (psite *)s; /* s is the first member */
    (void)p;
    if (!n) return;
    if (ps->an + n > ps->acap) {
        size_t nc = ps->acap ? ps->acap : 1024;
        while (nc < ps->an + n) nc *= 2;
        int64_t *v = realloc(ps->aaddr, nc * sizeof *v);
        if (!v) {
            s->untracked = 1;
            return;
        }
        ps->aaddr = v;
        ps->acap = nc;
    }
    memcpy(ps->aaddr + ps->an, addr, n * sizeof *addr);
    ps->an += n;
    qsort(ps->aaddr, ps->an, sizeof *ps->aaddr, cmp_i64);
    uint64_t distinct = 0, best = 0, run = 0;
    for (size_t i = 0; i < ps->an; i++) {
        if (i == 0 || ps->aaddr[i] != ps->aaddr[i - 1]) {
            distinct++;
            run = 0;
        }
        if (++run > best) best = run;
    }
    s->atomic_addresses = distinct;
    s->atomic_max_per_address = best;
}

void fly_prof_add_launch(fly_prof *p, uint64_t blocks, uint64_t threads) {
    p->t.launches++;
    p->t.blocks += blocks;
    p->t.threads += threads;
}

void fly_prof_add_flops(fly_prof *p, uint64_t flops, int bits) {
    p->t.flops += flops;
    p->flops_by_bits[bits >= 32 ? 0 : bits >= 16 ? 1 : 2] += flops;
}

void fly_prof_set_target(fly_prof *p, const char *target) {
    if (!target || !*target) return;
    if (!p->t.target[0]) snprintf(p->t.target, sizeof p->t.target, "%s", target);
    else if (strcmp(p->t.target, target)) snprintf(p->t.target, sizeof p->t.target, "mixed");
}
