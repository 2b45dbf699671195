/* kernarg.c - kernel argument layout from an AMDGPU code object's metadata note (msgpack in the
 * NT_AMDGPU_METADATA note: amdhsa.kernels[].{.name, .kernarg_segment_size, .args[].{.offset,
 * .size, .value_kind}, .max_flat_workgroup_size, .group_segment_fixed_size}) and packing the argument buffer for hipModuleLaunchKernel. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "runtime/backend.h"

typedef struct rd {
    const unsigned char *p, *end;
    bool bad;
} rd;

enum { K_INT, K_STR, K_MAP, K_ARR, K_OTHER };

static uint64_t be(rd *r, int n) {
    if (r->end - r->p < n) {
        r->bad = true;
        r->p = r->end;
        return 0;
    }
    uint64_t v = 0;
    for (int i = 0; i < n; i++) v = v << 8 | r->p[i];
    r->p += n;
    return v;
}

static int next(rd *r, int64_t *iv, const char **s, size_t *len) {
    if (r->p >= r->end) {
        r->bad = true;
        return K_OTHER;
    }
    unsigned c = *r->p++;
    if (c <= 0x7f) {
        *iv = c;
        return K_INT;
    }
    if (c >= 0xe0) {
        *iv = (int8_t)c;
        return K_INT;
    }
    if ((c & 0xf0) == 0x80) {
        *len = c & 0x0f;
        return K_MAP;
    }
    if ((c & 0xf0) == 0x90) {
        *len = c & 0x0f;
        return K_ARR;
    }
    if ((c & 0xe0) == 0xa0) {
        *len = c & 0x1f;
        goto str;
    }
    switch (c) {
    case 0xcc: *iv = (int64_t)be(r, 1); return K_INT;
    case 0xcd: *iv = (int64_t)be(r, 2); return K_INT;
    case 0xce: *iv = (int64_t)be(r, 4); return K_INT;
    case 0xcf: *iv = (int64_t)be(r, 8); return K_INT;
    case 0xd0: *iv = (int8_t)be(r, 1); return K_INT;
    case 0xd1: *iv = (int16_t)be(r, 2); return K_INT;
    case 0xd2: *iv = (int32_t)be(r, 4); return K_INT;
    case 0xd3: *iv = (int64_t)be(r, 8); return K_INT;
    case 0xd9: *len = be(r, 1); goto str;
    case 0xda: *len = be(r, 2); goto str;
    case 0xdb: *len = be(r, 4); goto str;
    case 0xc4: *len = be(r, 1); goto skip;
    case 0xc5: *len = be(r, 2); goto skip;
    case 0xc6: *len = be(r, 4); goto skip;
    case 0xca: be(r, 4); return K_OTHER;
    case 0xcb: be(r, 8); return K_OTHER;
    case 0xdc: *len = be(r, 2); return K_ARR;
    case 0xdd: *len = be(r, 4); return K_ARR;
    case 0xde: *len = be(r, 2); return K_MAP;
    case 0xdf: *len = be(r, 4); return K_MAP;
    default: return K_OTHER;
    }
str:
    if ((size_t)(r->end - r->p) < *len) {
        r->bad = true;
        return K_OTHER;
    }
    *s = (const char *)r->p;
    r->p += *len;
    return K_STR;
skip:
    if ((size_t)(r->end - r->p) < *len) r->bad = true;
    else r->p += *len;
    return K_OTHER;
}

static void skip(rd *r, int depth) {
    int64_t iv;
    const char *s;
    size_t n = 0;
    int k = next(r, &iv, &s, &n);
    if (depth > 32 || r->bad) return;
    if (k == K_MAP) n *= 2;
    if (k == K_MAP || k == K_ARR)
        for (size_t i = 0; i < n && !r->bad; i++) skip(r, depth + 1);
}

static bool is(const char *s, size_t n, const char *k) { return strlen(k) == n && !memcmp(s, k, n); }

static void read_arg(rd *r, size_t n, fly_rt_kernarg *a) {
    for (size_t i = 0; i < n && !r->bad; i++) {
        int64_t iv = 0;
        const char *s = NULL, *v = NULL;
        size_t len = 0, vl = 0;
        if (next(r, &iv, &s, &len) != K_STR) {
            skip(r, 0);
            continue;
        }
        if (is(s, len, ".offset") || is(s, len, ".size")) {
            if (next(r, &iv, &v, &vl) == K_INT) *(is(s, len, ".offset") ? &a->offset : &a->size) = (int)iv;
        } else if (is(s, len, ".value_kind")) {
            if (next(r, &iv, &v, &vl) == K_STR) snprintf(a->kind, sizeof a->kind, "%.*s", (int)vl, v);
        } else {
            skip(r, 0);
        }
    }
}

/* Reads one kernel map; true when it is the one wanted (then out is filled). */
static bool read_kernel(rd *r, size_t n, const char *want, fly_rt_kernarg_layout *out) {
    fly_rt_kernarg_layout l;
    memset(&l, 0, sizeof l);
    char name[256] = "";
    for (size_t i = 0; i < n && !r->bad; i++) {
        int64_t iv = 0;
        const char *s = NULL, *v = NULL;
        size_t len = 0, vl = 0;
        if (next(r, &iv, &s, &len) != K_STR) {
            skip(r, 0);
            continue;
        }
        if (is(s, len, ".name")) {
            if (next(r, &iv, &v, &vl) == K_STR) snprintf(name, sizeof name, "%.*s", (int)vl, v);
        } else if (is(s, len, ".kernarg_segment_size")) {
            if (next(r, &iv, &v, &vl) == K_INT) l.segment_size = (int)iv;
        } else if (is(s, len, ".max_flat_workgroup_size")) {
            if (next(r, &iv, &v, &vl) == K_INT) l.max_flat_workgroup_size = (int)iv;
        } else if (is(s, len, ".group_segment_fixed_size")) {
            if (next(r, &iv, &v, &vl) == K_INT) l.group_segment_size = (int)iv;
        } else if (is(s, len, ".args")) {
            size_t na = 0;
            if (next(r, &iv, &v, &na) != K_ARR) continue;
            for (size_t j = 0; j < na && !r->bad; j++) {
                size_t nf = 0;
                if (next(r, &iv, &v, &nf) != K_MAP) continue;
                fly_rt_kernarg a;
                memset(&a, 0, sizeof a);
                read_arg(r, nf, &a);
                if (l.nargs < 64) {
                    l.args[l.nargs++] = a;
                    if (strncmp(a.kind, "hidden_", 7)) l.nexplicit++;
                }
            }
        } else {
            skip(r, 0);
        }
    }
    if (want && strcmp(want, name)) return false;
    *out = l;
    return true;
}

static bool parse(const unsigned char *d, size_t n, const char *want, fly_rt_kernarg_layout *out) {
    rd r = {d, d + n, false};
    int64_t iv;
    const char *s;
    size_t len = 0;
    if (next(&r, &iv, &s, &len) != K_MAP) return false;
    for (size_t i = 0; i < len && !r.bad; i++) {
        size_t kl = 0, nk = 0;
        if (next(&r, &iv, &s, &kl) != K_STR || !is(s, kl, "amdhsa.kernels")) {
            skip(&r, 0);
            continue;
        }
        if (next(&r, &iv, &s, &nk) != K_ARR) return false;
        for (size_t k = 0; k < nk && !r.bad; k++) {
            size_t nf = 0;
            if (next(&r, &iv, &s, &nf) != K_MAP) return false;
            if (read_kernel(&r, nf, want, out)) return true;
        }
    }
    return false;
}

static uint64_t le(const unsigned char *p, int n) {
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--) v = v << 8 | p[i];
    return v;
}

int fly_rt_kernarg_layout_get(const unsigned char *e, size_t size, const char *name, fly_rt_kernarg_layout *out,
                              char *err, size_t cap) {
    if (!e || size < 64 || memcmp(e, "\177ELF", 4) || e[4] != 2) {
        snprintf(err, cap, "not a 64-bit ELF code object");
        return -1;
    }
    uint64_t shoff = le(e + 0x28, 8);
    unsigned shentsize = (unsigned)le(e + 0x3a, 2), shnum = (unsigned)le(e + 0x3c, 2);
    for (unsigned i = 0; i < shnum; i++) {
        uint64_t sh = shoff + (uint64_t)i * shentsize;
        if (sh + 64 > size) break;
        if (le(e + sh + 4, 4) != 7) /* SHT_NOTE */
            continue;
        uint64_t off = le(e + sh + 0x18, 8), sz = le(e + sh + 0x20, 8);
        if (off > size || sz > size - off) continue;
        for (uint64_t p = off; p + 12 <= off + sz;) {
            uint32_t nn = (uint32_t)le(e + p, 4), dn = (uint32_t)le(e + p + 4, 4), type = (uint32_t)le(e + p + 8, 4);
            uint64_t desc = p + 12 + ((nn + 3u) & ~3u);
            if (desc + dn > off + sz) break;
            if (type == 32 && nn >= 6 && !memcmp(e + p + 12, "AMDGPU", 6)) {
                if (parse(e + desc, dn, name, out)) return 0;
                snprintf(err, cap, "no kernel '%s' in the code object's metadata", name ? name : "");
                return -1;
            }
            p = desc + ((dn + 3u) & ~3u);
        }
    }
    snprintf(err, cap, "the code object has no AMDGPU metadata note");
    return -1;
}

int fly_rt_kernarg_pack(const fly_rt_kernarg_layout *l, void *const *args, int nargs, int printf_arg, void *printf_buf,
                        const unsigned grid[3], const unsigned block[3], unsigned char *buf, char *err, size_t cap) {
    int want = l->nexplicit - (printf_arg >= 0);
    if (nargs != want) {
        snprintf(err, cap, "the kernel takes %d arguments, %d given", want, nargs);
        return -1;
    }
    memset(buf, 0, (size_t)l->segment_size);
    int ex = 0, ui = 0;
    for (int i = 0; i < l->nargs; i++) {
        const fly_rt_kernarg *a = &l->args[i];
        if (a->offset < 0 || a->size < 0 || a->offset + a->size > l->segment_size) {
            snprintf(err, cap, "argument %d lies outside the kernarg segment", i);
            return -1;
        }
        unsigned char *dst = buf + a->offset;
        if (strncmp(a->kind, "hidden_", 7)) {
            if (ex == printf_arg) {
                memcpy(dst, &printf_buf, a->size < 8 ? (size_t)a->size : 8);
            } else {
                if (!args[ui]) {
                    snprintf(err, cap, "argument %d is NULL", ui);
                    return -1;
                }
                memcpy(dst, args[ui], (size_t)a->size);
                ui++;
            }
            ex++;
            continue;
        }
        uint64_t v = 0;
        const char *h = a->kind + 7;
        if (!strncmp(h, "block_count_", 12) && h[12] >= 'x' && h[12] <= 'z') v = grid[h[12] - 'x'];
        else if (!strncmp(h, "group_size_", 11) && h[11] >= 'x' && h[11] <= 'z') v = block[h[11] - 'x'];
        else if (!strcmp(h, "grid_dims")) /* the dispatch's dimensions, as ROCm sets them */
            v = (uint64_t)grid[2] * block[2] > 1 ? 3 : (uint64_t)grid[1] * block[1] > 1 ? 2 : 1;
        else continue; /* hidden_remainder_* (whole blocks: 0) and the rest stay zero */
        memcpy(dst, &v, a->size < 8 ? (size_t)a->size : 8);
    }
    return 0;
}
