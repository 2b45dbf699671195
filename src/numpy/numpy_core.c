/* numpy_core.c - `_numpy`, the C loops under numpy.py that torch's tensor operations do not
 * provide: sorting (stable, numpy's order: NaN last) and argsort along the last axis, and the
 * raw bytes of a tensor (tobytes, frombuffer, fromfile/tofile). Arrays are torch tensors here:
 * numpy.py keeps the numpy dtype beside the tensor that holds the bits (uint32 in an int32
 * tensor, ...), and passes `unsigned` where the bits must be compared as unsigned. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "numpy/numpy.h"
#include "torch/torch.h"

/* Sort keys: a double for floats, int64 or uint64 bits for integers. */
typedef struct {
    int64_t idx;
    union {
        double f;
        int64_t i;
        uint64_t u;
    } k;
} sortkey;

static int kind; /* 0 float, 1 signed, 2 unsigned: qsort has no context argument */

static int cmp_key(const void *pa, const void *pb) {
    const sortkey *a = pa, *b = pb;
    int c = 0;
    if (kind == 0) {
        bool na = isnan(a->k.f), nb = isnan(b->k.f);
        c = na || nb ? (na && nb ? 0 : na ? 1 : -1) : (a->k.f < b->k.f ? -1 : a->k.f > b->k.f);
    } else if (kind == 1) c = a->k.i < b->k.i ? -1 : a->k.i > b->k.i;
    else c = a->k.u < b->k.u ? -1 : a->k.u > b->k.u;
    if (c) return c;
    return a->idx < b->idx ? -1 : a->idx > b->idx; /* stable */
}

/* sort(t, unsigned, want_indices): t sorted along its last axis (a new contiguous tensor), or the
 * int64 indices that sort it. */
static fy_obj *sort_impl(fy_obj *const *a, size_t n, bool indices) {
    if (fy_check_nargs(indices ? "argsort" : "sort", n, 2, 2) < 0) return NULL;
    if (!FY_TORCH_CHECK(a[0])) return fy_err_format(&fy_TypeError, "_numpy.sort: a tensor, not %T", a[0]);
    int u = fy_truthy(a[1]);
    if (u < 0) return NULL;
    fy_torch_tensor *t = fy_torch_contiguous(FY_TT(a[0]));
    if (!t) return NULL;
    int64_t shape[FY_TORCH_MAXDIM], one = 1;
    int nd = t->ndim;
    const int64_t *sh = t->shape;
    if (nd == 0) {
        nd = 1;
        sh = &one;
    }
    memcpy(shape, sh, (size_t)nd * sizeof *shape);
    int64_t len = shape[nd - 1], total = fy_torch_numel(t), rows = len ? total / len : 0;
    fy_torch_tensor *out = fy_torch_empty(indices ? FY_TORCH_I64 : t->dtype, nd, shape, fy_torch_cpu);
    sortkey *keys = malloc((size_t)(len ? len : 1) * sizeof *keys);
    if (!out || !keys) {
        free(keys);
        if (out) FY_DECREF(out);
        FY_DECREF(t);
        return out ? fy_err_set(&fy_MemoryError, "sort") : NULL;
    }
    int dt = t->dtype;
    size_t isz = fy_torch_itemsize(dt);
    const char *src = fy_torch_data_ro(t);
    char *dst = fy_torch_data(out);
    kind = fy_torch_is_float(dt) ? 0 : u ? 2 : 1;
    for (int64_t r = 0; r < rows; r++) {
        const char *row = src + (size_t)(r * len) * isz;
        for (int64_t i = 0; i < len; i++) {
            const char *p = row + (size_t)i * isz;
            keys[i].idx = i;
            if (kind == 0) keys[i].k.f = fy_torch_loadf(p, dt);
            else {
                int64_t v = fy_torch_loadi(p, dt);
                if (kind == 2 && isz < 8) v &= (int64_t)((UINT64_C(1) << (isz * 8)) - 1);
                keys[i].k.i = v;
            }
        }
        qsort(keys, (size_t)len, sizeof *keys, cmp_key);
        for (int64_t i = 0; i < len; i++) {
            if (indices) {
                int64_t v = keys[i].idx;
                memcpy(dst + (size_t)(r * len + i) * 8, &v, 8);
            } else memcpy(dst + (size_t)(r * len + i) * isz, row + (size_t)keys[i].idx * isz, isz);
        }
    }
    free(keys);
    FY_DECREF(t);
    return (fy_obj *)out;
}
static fy_obj *f_sort(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) { return sort_impl(a, n, false); }
static fy_obj *f_argsort(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) { return sort_impl(a, n, true); }

/* tobytes(t): the elements in C order. */
static fy_obj *f_tobytes(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("tobytes", n, 1, 1) < 0) return NULL;
    if (!FY_TORCH_CHECK(a[0])) return fy_err_format(&fy_TypeError, "_numpy.tobytes: a tensor, not %T", a[0]);
    fy_torch_tensor *t = fy_torch_contiguous(FY_TT(a[0]));
    if (!t) return NULL;
    fy_obj *r = fy_bytes_from(fy_torch_data_ro(t), (size_t)fy_torch_numel(t) * fy_torch_itemsize(t->dtype));
    FY_DECREF(t);
    return r;
}

/* frombytes(b, dtype, count, offset): a new 1-D tensor of `count` elements (-1: all) read from the
 * bytes b after `offset` bytes; numpy's ValueError when b is not a whole number of elements. */
static fy_obj *f_frombytes(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("frombytes", n, 4, 4) < 0) return NULL;
    if (!FY_BYTES_CHECK(a[0])) return fy_err_format(&fy_TypeError, "a bytes-like object is required, not '%T'", a[0]);
    int dt = fy_torch_dtype_from(a[1]);
    int64_t count, off;
    if (dt < 0 || fy_int_as_i64(a[2], &count) < 0 || fy_int_as_i64(a[3], &off) < 0) return NULL;
    const fy_bytes *b = (const fy_bytes *)a[0];
    int64_t isz = (int64_t)fy_torch_itemsize(dt), avail = b->len - off;
    if (off < 0 || avail < 0)
        return fy_err_set(&fy_ValueError, "offset must be non-negative and no greater than buffer length");
    if (count < 0) {
        if (avail % isz) return fy_err_set(&fy_ValueError, "buffer size must be a multiple of element size");
        count = avail / isz;
    } else if (count * isz > avail) return fy_err_set(&fy_ValueError, "buffer is smaller than requested size");
    fy_torch_tensor *t = fy_torch_empty(dt, 1, &count, fy_torch_cpu);
    if (!t) return NULL;
    if (count) memcpy(fy_torch_data(t), b->data + off, (size_t)(count * isz));
    return (fy_obj *)t;
}

/* ------------------------------------------------------------------ numpy.random's legacy stream */

/* MT19937 as numpy's RandomState drives it: seeded by init_genrand (np.random.seed(int)), doubles
 * of 53 bits from two words, the polar Gaussian with its cached second value, and randint's masked
 * rejection, so that a seeded program draws the numbers numpy draws. One process-wide state. */
static struct {
    uint32_t key[624];
    int pos;
    bool has_gauss;
    double gauss;
} mt = {.pos = -1};

static void mt_seed(uint32_t s) {
    for (int i = 0; i < 624; i++) {
        mt.key[i] = s;
        s = 1812433253u * (s ^ (s >> 30)) + (uint32_t)i + 1;
    }
    mt.pos = 624;
    mt.has_gauss = false;
    mt.gauss = 0;
}

static uint32_t mt_next32(void) {
    if (mt.pos < 0) mt_seed(5489u); /* unseeded: numpy seeds from the OS; a fixed default here */
    if (mt.pos >= 624) {
        for (int i = 0; i < 624; i++) {
            uint32_t y = (mt.key[i] & 0x80000000u) | (mt.key[(i + 1) % 624] & 0x7fffffffu);
            mt.key[i] = mt.key[(i + 397) % 624] ^ (y >> 1) ^ ((y & 1) ? 0x9908b0dfu : 0);
        }
        mt.pos = 0;
    }
    uint32_t y = mt.key[mt.pos++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    return y ^ (y >> 18);
}
static uint64_t mt_next64(void) {
    uint64_t hi = mt_next32();
    return hi << 32 | mt_next32();
}
static double mt_double(void) {
    int32_t a = (int32_t)(mt_next32() >> 5), b = (int32_t)(mt_next32() >> 6);
    return (a * 67108864.0 + b) / 9007199254740992.0;
}
static double mt_gauss(void) {
    if (mt.has_gauss) {
        mt.has_gauss = false;
        return mt.gauss;
    }
    double x1, x2, r2;
    do {
        x1 = 2.0 * mt_double() - 1.0;
        x2 = 2.0 * mt_double() - 1.0;
        r2 = x1 * x1 + x2 * x2;
    } while (r2 >= 1.0 || r2 == 0.0);
    double f = sqrt(-2.0 * log(r2) / r2);
    mt.gauss = f * x1;
    mt.has_gauss = true;
    return f * x2;
}

static fy_obj *f_mt_seed(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    int64_t s;
    if (fy_check_nargs("mt_seed", n, 1, 1) < 0 || fy_int_as_i64(a[0], &s) < 0) return NULL;
    if (s < 0 || s > 0xFFFFFFFFll) return fy_err_set(&fy_ValueError, "Seed must be between 0 and 2**32 - 1");
    mt_seed((uint32_t)s);
    return fy_none();
}

/* mt_draw(kind, count, a, b): a float64 tensor of count uniform doubles (kind 0: a + b*u) or
 * Gaussians (kind 1: a + b*g), or an int64 tensor of a + [0, b] integers (b: the range) drawn as
 * randint draws them for 32/64-bit dtypes (kind 2), 8-bit (3) or 16-bit ones (4). */
static fy_obj *f_mt_draw(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    int64_t k, count;
    if (fy_check_nargs("mt_draw", n, 4, 4) < 0 || fy_int_as_i64(a[0], &k) < 0 || fy_int_as_i64(a[1], &count) < 0)
        return NULL;
    if (count < 0) return fy_err_set(&fy_ValueError, "negative dimensions are not allowed");
    fy_torch_tensor *t = fy_torch_empty(k >= 2 ? FY_TORCH_I64 : FY_TORCH_F64, 1, &count, fy_torch_cpu);
    if (!t) return NULL;
    char *p = fy_torch_data(t);
    if (k >= 2) {
        int64_t lo, rng;
        if (fy_int_as_i64(a[2], &lo) < 0 || fy_int_as_i64(a[3], &rng) < 0) {
            FY_DECREF(t);
            return NULL;
        }
        uint64_t r = (uint64_t)rng, mask = r;
        for (int sh = 1; sh < 64; sh <<= 1) mask |= mask >> sh;
        /* 8- and 16-bit dtypes take their draws from a 32-bit word 8 or 16 bits at a time */
        int bits = k == 3 ? 8 : k == 4 ? 16 : 0, bcnt = 0;
        uint32_t buf = 0;
        for (int64_t i = 0; i < count; i++) {
            uint64_t v = 0;
            if (r == 0) v = 0;
            else if (bits) {
                do {
                    if (!bcnt) {
                        buf = mt_next32();
                        bcnt = 32 / bits - 1;
                    } else {
                        buf >>= bits;
                        bcnt--;
                    }
                    v = (buf & ((1u << bits) - 1)) & mask;
                } while (v > r);
            } else if (r <= 0xFFFFFFFFu) {
                if (r == 0xFFFFFFFFu) v = mt_next32();
                else
                    while ((v = (mt_next32() & (uint32_t)mask)) > r) {}
            } else if (r == UINT64_MAX) v = mt_next64();
            else
                while ((v = (mt_next64() & mask)) > r) {}
            int64_t o = (int64_t)((uint64_t)lo + v);
            memcpy(p + i * 8, &o, 8);
        }
        return (fy_obj *)t;
    }
    double lo, sc;
    if (fy_as_double(a[2], &lo) < 0 || fy_as_double(a[3], &sc) < 0) {
        FY_DECREF(t);
        return NULL;
    }
    for (int64_t i = 0; i < count; i++) {
        double v = lo + sc * (k == 0 ? mt_double() : mt_gauss());
        memcpy(p + i * 8, &v, 8);
    }
    return (fy_obj *)t;
}

/* ------------------------------------------------------------------ float32 / float16 sums */

/* numpy's pairwise summation (8 accumulators, blocks of 128) in float, for rows it reduces in
 * memory order; rows reduced across the iteration (a leading axis) add one element at a time. */
static float pairwise(const char *p, int64_t n, int dt) {
    size_t isz = fy_torch_itemsize(dt);
#define LD(i) ((float)fy_torch_loadf(p + (size_t)(i) * isz, dt))
    if (n < 8) {
        float r = 0.f;
        for (int64_t i = 0; i < n; i++) r += LD(i);
        return r;
    }
    if (n <= 128) {
        float r[8];
        for (int j = 0; j < 8; j++) r[j] = LD(j);
        int64_t i = 8;
        for (; i < n - (n % 8); i += 8)
            for (int j = 0; j < 8; j++) r[j] += LD(i + j);
        float res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for (; i < n; i++) res += LD(i);
        return res;
    }
#undef LD
    int64_t n2 = n / 2;
    n2 -= n2 % 8;
    return pairwise(p, n2, dt) + pairwise(p + (size_t)n2 * isz, n - n2, dt);
}

/* fsum(t, pairwise, acc): the sums of t's rows (last axis) as numpy computes them for float32 and
 * float16: pairwise in float, or (pairwise false) element by element rounded to acc's dtype at each
 * step (float16 arrays reduced along a leading axis). A new tensor of t's dtype without the last axis. */
static fy_obj *f_fsum(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("fsum", n, 2, 2) < 0) return NULL;
    if (!FY_TORCH_CHECK(a[0])) return fy_err_format(&fy_TypeError, "_numpy.fsum: a tensor, not %T", a[0]);
    int pw = fy_truthy(a[1]);
    if (pw < 0) return NULL;
    fy_torch_tensor *t = fy_torch_contiguous(FY_TT(a[0]));
    if (!t) return NULL;
    int dt = t->dtype;
    if (t->ndim == 0 || (dt != FY_TORCH_F32 && dt != FY_TORCH_F16)) {
        FY_DECREF(t);
        return fy_err_set(&fy_TypeError, "_numpy.fsum: a float32 or float16 tensor with an axis");
    }
    int64_t len = t->shape[t->ndim - 1], rows = len ? fy_torch_numel(t) / len : 0;
    if (!len) {
        rows = 1;
        for (int d = 0; d < t->ndim - 1; d++) rows *= t->shape[d];
    }
    fy_torch_tensor *out = fy_torch_empty(dt, t->ndim - 1, t->shape, fy_torch_cpu);
    if (!out) {
        FY_DECREF(t);
        return NULL;
    }
    size_t isz = fy_torch_itemsize(dt);
    const char *src = fy_torch_data_ro(t);
    char *dst = fy_torch_data(out);
    for (int64_t r = 0; r < rows; r++) {
        const char *row = src + (size_t)(r * len) * isz;
        double v;
        if (pw) { /* numpy's reduction buffers: 8192 elements at a time, added up in float */
            float acc = 0.f;
            for (int64_t i = 0; i < len; i += 8192)
                acc += pairwise(row + (size_t)i * isz, len - i < 8192 ? len - i : 8192, dt);
            v = acc;
        } else {
            v = 0;
            for (int64_t i = 0; i < len; i++) v = fy_torch_round_to(v + fy_torch_loadf(row + (size_t)i * isz, dt), dt);
        }
        fy_torch_storef(dst + (size_t)r * isz, dt, v);
    }
    FY_DECREF(t);
    return (fy_obj *)out;
}

static fy_methoddef funcs[] = {
    {"sort", f_sort, 0, "sort(t, unsigned): t sorted along its last axis (stable, NaN last)"},
    {"argsort", f_argsort, 0, "argsort(t, unsigned): int64 indices that sort t along its last axis"},
    {"tobytes", f_tobytes, 0, "tobytes(t): the elements' bytes in C order"},
    {"frombytes", f_frombytes, 0, "frombytes(b, dtype, count, offset): a 1-D tensor of b's bytes"},
    {"fsum", f_fsum, 0, "fsum(t, pairwise): float32/float16 row sums as numpy computes them"},
    {"mt_seed", f_mt_seed, 0, "mt_seed(s): seed the legacy MT19937 stream as np.random.seed(s)"},
    {"mt_draw", f_mt_draw, 0, "mt_draw(kind, count, a, b): uniform / normal doubles or bounded integers"},
    {NULL}};

static fy_obj *numpy_core_init(void) {
    if (fy_torch_types_ready() < 0) return NULL;
    return fy_module_new_c("_numpy", funcs, "C loops under numpy (sorting, raw bytes)");
}

void fy_numpy_register(void) { fy_register_builtin_module("_numpy", numpy_core_init); }
