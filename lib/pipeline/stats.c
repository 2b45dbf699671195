/* stats.c - resource usage from the HSACO's AMDGPU metadata note (msgpack, NT_AMDGPU_METADATA)
 * and the occupancy it allows on the target. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "pipeline/codegen.h"

/* ---- a minimal msgpack reader ---- */

typedef struct mp {
    const unsigned char *p, *end;
    bool bad;
} mp;

static uint64_t be(mp *m, int n) {
    if (m->end - m->p < n) {
        m->bad = true;
        m->p = m->end;
        return 0;
    }
    uint64_t v = 0;
    for (int i = 0; i < n; i++) v = v << 8 | m->p[i];
    m->p += n;
    return v;
}

enum { MP_INT, MP_STR, MP_MAP, MP_ARR, MP_OTHER };

/* Reads one item header: kind, and integer value / string (s, len) / element count. */
static int mp_next(mp *m, int64_t *iv, const char **s, size_t *len) {
    if (m->p >= m->end) {
        m->bad = true;
        return MP_OTHER;
    }
    unsigned c = *m->p++;
    if (c <= 0x7f) {
        *iv = c;
        return MP_INT;
    }
    if (c >= 0xe0) {
        *iv = (int8_t)c;
        return MP_INT;
    }
    if ((c & 0xf0) == 0x80) {
        *len = c & 0x0f;
        return MP_MAP;
    }
    if ((c & 0xf0) == 0x90) {
        *len = c & 0x0f;
        return MP_ARR;
    }
    if ((c & 0xe0) == 0xa0) {
        *len = c & 0x1f;
        goto str;
    }
    switch (c) {
    case 0xcc: *iv = (int64_t)be(m, 1); return MP_INT;
    case 0xcd: *iv = (int64_t)be(m, 2); return MP_INT;
    case 0xce: *iv = (int64_t)be(m, 4); return MP_INT;
    case 0xcf: *iv = (int64_t)be(m, 8); return MP_INT;
    case 0xd0: *iv = (int8_t)be(m, 1); return MP_INT;
    case 0xd1: *iv = (int16_t)be(m, 2); return MP_INT;
    case 0xd2: *iv = (int32_t)be(m, 4); return MP_INT;
    case 0xd3: *iv = (int64_t)be(m, 8); return MP_INT;
    case 0xd9: *len = be(m, 1); goto str;
    case 0xda: *len = be(m, 2); goto str;
    case 0xdb: *len = be(m, 4); goto str;
    case 0xc4: *len = be(m, 1); goto skip;
    case 0xc5: *len = be(m, 2); goto skip;
    case 0xc6: *len = be(m, 4); goto skip;
    case 0xca: be(m, 4); return MP_OTHER;
    case 0xcb: be(m, 8); return MP_OTHER;
    case 0xdc: *len = be(m, 2); return MP_ARR;
    case 0xdd: *len = be(m, 4); return MP_ARR;
    case 0xde: *len = be(m, 2); return MP_MAP;
    case 0xdf: *len = be(m, 4); return MP_MAP;
    default: return MP_OTHER; /* nil, booleans */
    }
str:
    if ((size_t)(m->end - m->p) < *len) {
        m->bad = true;
        return MP_OTHER;
    }
    *s = (const char *)m->p;
    m->p += *len;
    return MP_STR;
skip:
    if ((size_t)(m->end - m->p) < *len) m->bad = true;
    else m->p += *len;
    return MP_OTHER;
}

static void mp_skip(mp *m, int depth) {
    int64_t iv;
    const char *s;
    size_t len = 0;
    int k = mp_next(m, &iv, &s, &len);
    if (depth > 32) {
        m->bad = true;
        return;
    }
    if (k == MP_MAP) len *= 2;
    if (k == MP_MAP || k == MP_ARR)
        for (size_t i = 0; i < len && !m->bad; i++) mp_skip(m, depth + 1);
}

static bool key_is(const char *s, size_t len, const char *k) { return strlen(k) == len && !memcmp(s, k, len); }

/* Reads the first kernel's map from amdhsa.kernels. */
static void read_kernel(mp *m, size_t n, fly_pipeline_stats *st) {
    for (size_t i = 0; i < n && !m->bad; i++) {
        int64_t iv = 0;
        const char *s = NULL, *v = NULL;
        size_t len = 0, vlen = 0;
        if (mp_next(m, &iv, &s, &len) != MP_STR) {
            mp_skip(m, 0);
            continue;
        }
        const mp save = *m;
        int k = mp_next(m, &iv, &v, &vlen);
        if (k == MP_MAP || k == MP_ARR) {
            *m = save;
            mp_skip(m, 0);
            continue;
        }
        if (k == MP_STR && key_is(s, len, ".name")) snprintf(st->kernel, sizeof st->kernel, "%.*s", (int)vlen, v);
        if (k != MP_INT) continue;
        if (key_is(s, len, ".vgpr_count")) st->vgpr = (int)iv;
        else if (key_is(s, len, ".agpr_count")) st->agpr = (int)iv;
        else if (key_is(s, len, ".sgpr_count")) st->sgpr = (int)iv;
        else if (key_is(s, len, ".vgpr_spill_count")) st->vgpr_spill = (int)iv;
        else if (key_is(s, len, ".sgpr_spill_count")) st->sgpr_spill = (int)iv;
        else if (key_is(s, len, ".private_segment_fixed_size")) st->scratch_bytes = (int)iv;
        else if (key_is(s, len, ".group_segment_fixed_size")) st->lds_bytes = (int)iv;
        else if (key_is(s, len, ".wavefront_size")) st->wave_size = (int)iv;
        else if (key_is(s, len, ".max_flat_workgroup_size")) st->max_workgroup_size = (int)iv;
    }
}

static bool parse_metadata(const unsigned char *d, size_t n, fly_pipeline_stats *st) {
    mp m = {d, d + n, false};
    int64_t iv;
    const char *s;
    size_t len = 0, klen = 0;
    if (mp_next(&m, &iv, &s, &len) != MP_MAP) return false;
    for (size_t i = 0; i < len && !m.bad; i++) {
        const char *k = NULL;
        if (mp_next(&m, &iv, &k, &klen) != MP_STR) {
            mp_skip(&m, 0);
            continue;
        }
        if (!key_is(k, klen, "amdhsa.kernels")) {
            mp_skip(&m, 0);
            continue;
        }
        size_t nk = 0;
        if (mp_next(&m, &iv, &s, &nk) != MP_ARR || nk == 0) return false;
        size_t nf = 0;
        if (mp_next(&m, &iv, &s, &nf) != MP_MAP) return false;
        read_kernel(&m, nf, st);
        return !m.bad;
    }
    return false;
}

/* ---- ELF notes ---- */

static uint64_t rd(const unsigned char *p, int n) {
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--) v = v << 8 | p[i];
    return v;
}

static bool find_note(const unsigned char *e, size_t size, fly_pipeline_stats *st) {
    if (size < 64 || memcmp(e, "\177ELF", 4) != 0 || e[4] != 2 /* ELFCLASS64 */) return false;
    uint64_t shoff = rd(e + 0x28, 8);
    unsigned shentsize = (unsigned)rd(e + 0x3a, 2), shnum = (unsigned)rd(e + 0x3c, 2);
    if (shoff > size || (uint64_t)shentsize * shnum > size - shoff) return false;
    for (unsigned i = 0; i < shnum; i++) {
        const unsigned char *sh = e + shoff + (size_t)i * shentsize;
        if (rd(sh + 4, 4) != 7 /* SHT_NOTE */) continue;
        uint64_t off = rd(sh + 0x18, 8), len = rd(sh + 0x20, 8);
        if (off > size || len > size - off) continue;
        for (uint64_t p = off; p + 12 <= off + len;) {
            uint32_t namesz = (uint32_t)rd(e + p, 4), descsz = (uint32_t)rd(e + p + 4, 4),
                     type = (uint32_t)rd(e + p + 8, 4);
            uint64_t name = p + 12, desc = name + ((namesz + 3u) & ~3u);
            if (desc + descsz > off + len) break;
            if (type == 32 /* NT_AMDGPU_METADATA */ && namesz >= 6 && !memcmp(e + name, "AMDGPU", 6))
                return parse_metadata(e + desc, descsz, st);
            p = desc + ((descsz + 3u) & ~3u);
        }
    }
    return false;
}

static int align_up(int x, int a) { return (x + a - 1) / a * a; }

bool fly_codegen_stats(const unsigned char *elf, size_t size, const fly_pipeline_target *tg, fly_pipeline_stats *st) {
    memset(st, 0, sizeof *st);
    if (!elf || !find_note(elf, size, st)) return false;
    st->valid = 1;
    int waves = tg->max_waves_per_simd;
    snprintf(st->limiter, sizeof st->limiter, "waves");
    /* CDNA: VGPRs and AGPRs share one file; AGPRs start at a 4-aligned offset, granule 8 */
    int regs = st->agpr ? align_up(st->vgpr > 0 ? st->vgpr : 1, 4) + st->agpr : st->vgpr;
    if (regs > 0) {
        int w = tg->vgprs_per_simd / align_up(regs, 8);
        if (w < waves) {
            waves = w;
            snprintf(st->limiter, sizeof st->limiter, "vgpr");
        }
    }
    /* GFX9 SGPR occupancy steps */
    int sw = st->sgpr <= 80 ? 10 : st->sgpr <= 88 ? 9 : st->sgpr <= 100 ? 8 : 7;
    if (sw < waves) {
        waves = sw;
        snprintf(st->limiter, sizeof st->limiter, "sgpr");
    }
    if (st->lds_bytes > 0) {
        int wg = st->max_workgroup_size > 0 ? st->max_workgroup_size : 256;
        int wave = st->wave_size > 0 ? st->wave_size : tg->wave_size;
        int waves_per_wg = (wg + wave - 1) / wave;
        int wgs = tg->lds_bytes / st->lds_bytes;
        int w = wgs * waves_per_wg / tg->simds_per_cu;
        if (w < waves) {
            waves = w;
            snprintf(st->limiter, sizeof st->limiter, "lds");
        }
    }
    st->occupancy = waves;
    return true;
}
