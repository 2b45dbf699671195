/* random.c - torch.Generator (xoshiro256** seeded through splitmix64; deterministic per seed,
 * not torch's bit stream), manual_seed, randn/rand/randint/randperm and their _like forms,
 * and the in-place normal_/uniform_ methods. The default generator is the torch module's
 * `default_generator` attribute, so each session has its own. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "torch/torch.h"

typedef struct {
    fy_obj h;
    uint64_t s[4];
    uint64_t seed;
    bool has_spare;
    double spare;
} gen_t;

#define DEFAULT_SEED 67280421310721ULL

static uint64_t splitmix(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
static void gen_seed(gen_t *g, uint64_t seed) {
    uint64_t x = seed;
    for (int i = 0; i < 4; i++) g->s[i] = splitmix(&x);
    g->seed = seed;
    g->has_spare = false;
}
static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
/* One step of xoshiro256** on the state s[4]. */
static inline uint64_t xnext(uint64_t *s) {
    uint64_t r = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return r;
}
static uint64_t gen_next(gen_t *g) { return xnext(g->s); }
/* Uniform double in [0, 1) with 53 random bits. */
static double gen_double(gen_t *g) { return (double)(gen_next(g) >> 11) * 0x1.0p-53; }
static double gen_normal(gen_t *g) {
    if (g->has_spare) {
        g->has_spare = false;
        return g->spare;
    }
    double u1 = 1.0 - gen_double(g), u2 = gen_double(g);
    double r = sqrt(-2.0 * log(u1)), th = 2.0 * M_PI * u2;
    g->spare = r * sin(th);
    g->has_spare = true;
    return r * cos(th);
}
/* Uniform value in [0, 1) representable in dt (no rounding up to 1). */
static double gen_uniform(gen_t *g, int dt) {
    int bits = dt == FY_TORCH_F64    ? 53
               : dt == FY_TORCH_F16  ? 11
               : dt == FY_TORCH_BF16 ? 8
               : fy_torch_is_fp8(dt) ? 3
                                     : 24;
    return (double)(gen_next(g) >> (64 - bits)) * ldexp(1.0, -bits);
}
static uint64_t gen_below(gen_t *g, uint64_t range) {
    if (range == 0) return gen_next(g);
    return (uint64_t)(((unsigned __int128)gen_next(g) * range) >> 64);
}

/* ------------------------------------------------------------------ Generator type */

static fy_obj *gen_new(fy_type *t, fy_obj *const *a, size_t n, fy_obj *kw) {
    gen_t *g = (gen_t *)fy_alloc(&fy_torch_generator_type);
    if (g) gen_seed(g, DEFAULT_SEED);
    return &g->h;
}
static fy_obj *g_manual_seed(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    int64_t s;
    if (fy_check_nargs("manual_seed", n, 1, 1) < 0 || fy_index(a[0], &s) < 0) return NULL;
    gen_seed((gen_t *)self, (uint64_t)s);
    return fy_ref(self);
}
static fy_obj *g_initial_seed(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return fy_int_from((int64_t)((gen_t *)self)->seed);
}
static fy_obj *g_seed(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    gen_t *g = (gen_t *)self;
    uint64_t s = gen_next(g) >> 1;
    gen_seed(g, s);
    return fy_int_from((int64_t)s);
}
static fy_obj *g_device(fy_obj *self) { return fy_torch_device_new(fy_torch_cpu); }
static fy_methoddef gen_methods[] = {{"manual_seed", g_manual_seed, 0, "manual_seed(seed) -> Generator"},
                                     {"initial_seed", g_initial_seed, 0, "initial_seed()"},
                                     {"seed", g_seed, 0, "seed()"},
                                     {NULL}};
static fy_getsetdef gen_getsets[] = {{"device", g_device, NULL, NULL}, {NULL}};
fy_type fy_torch_generator_type = {
    FY_TYPE_INIT("Generator", sizeof(gen_t)),
    .new_ = gen_new,
    .methods = gen_methods,
    .getsets = gen_getsets,
};

/* The session's default generator (torch.default_generator). Borrowed. */
static gen_t *default_gen(void) {
    fy_obj *m = fy_import("torch");
    if (!m) return NULL;
    fy_obj *g = fy_dict_get_cstr(FY_MODULE_DICT(m), "default_generator");
    FY_DECREF(m);
    if (!g || !FY_IS_TYPE(g, fy_torch_generator_type)) {
        fy_err_set(&fy_RuntimeError, "torch.default_generator is missing");
        return NULL;
    }
    return (gen_t *)g;
}
static gen_t *pick_gen(fy_obj *kwgen) {
    if (kwgen && kwgen != fy_None) {
        if (!FY_IS_TYPE(kwgen, fy_torch_generator_type)) {
            fy_err_format(&fy_TypeError, "generator must be a torch.Generator, not %T", kwgen);
            return NULL;
        }
        return (gen_t *)kwgen;
    }
    return default_gen();
}

static fy_obj *f_manual_seed(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    gen_t *g = default_gen();
    if (!g) return NULL;
    return g_manual_seed(&g->h, a, n, kw);
}
static fy_obj *f_initial_seed(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    gen_t *g = default_gen();
    return g ? fy_int_from((int64_t)g->seed) : NULL;
}
static fy_obj *f_seed(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    gen_t *g = default_gen();
    return g ? g_seed(&g->h, a, n, kw) : NULL;
}

/* ------------------------------------------------------------------ sampling into tensors */

enum { D_NORMAL, D_UNIFORM, D_INT };
typedef struct {
    gen_t *g;
    int kind;
    double p0, p1;
    int64_t lo;
    uint64_t range;
} dist_t;

/* The fast path of sample_into for contiguous float tensors: the same draws in the same order. The
 * generator runs on the calling thread (its stream is sequential); the normal transform (log, sqrt,
 * sin, cos of each pair of draws), the costly part, is split over the worker pool. */
#define SBLK 65536
typedef struct {
    const uint64_t *raw; /* two draws a pair */
    double *out;         /* the pair's two values (cos, then sin) */
    double p0, p1;
} normal_job;

static void normal_task(void *vj, int64_t lo, int64_t hi) {
    normal_job *j = vj;
    for (int64_t q = lo; q < hi; q++) {
        double u1 = 1.0 - (double)(j->raw[2 * q] >> 11) * 0x1.0p-53, u2 = (double)(j->raw[2 * q + 1] >> 11) * 0x1.0p-53;
        double r = sqrt(-2.0 * log(u1)), th = 2.0 * M_PI * u2;
        double sn = r * sin(th), cs = r * cos(th);
        j->out[2 * q] = j->p0 + j->p1 * cs;
        j->out[2 * q + 1] = sn; /* raw: it may become the generator's spare */
    }
}

static bool sample_fast(fy_torch_tensor *t, dist_t *d) {
    int dt = t->dtype;
    if (d->kind == D_INT || !fy_torch_is_contiguous(t) || !fy_torch_cvt_f32_ok(dt, true)) return false;
    int64_t n = fy_torch_numel(t), isz = (int64_t)fy_torch_itemsize(dt);
    double *vals = malloc(sizeof(double) * (SBLK + 2));
    uint64_t *raw = malloc(sizeof(uint64_t) * (SBLK + 2));
    if (!vals || !raw) {
        free(vals);
        free(raw);
        return false;
    }
    char *p = fy_torch_data(t);
    gen_t *g = d->g;
    int bits = dt == FY_TORCH_F64    ? 53
               : dt == FY_TORCH_F16  ? 11
               : dt == FY_TORCH_BF16 ? 8
               : fy_torch_is_fp8(dt) ? 3
                                     : 24;
    double scale = ldexp(1.0, -bits);
    uint64_t st[4]; /* the state in locals while drawing (the compiler keeps it in registers) */
    memcpy(st, g->s, sizeof st);
    for (int64_t i0 = 0; i0 < n; i0 += SBLK) {
        int64_t m = n - i0 < SBLK ? n - i0 : SBLK;
        if (d->kind == D_UNIFORM)
            for (int64_t e = 0; e < m; e++)
                vals[e] = d->p0 + (d->p1 - d->p0) * ((double)(xnext(st) >> (64 - bits)) * scale);
        else {
            int64_t e = 0;
            if (g->has_spare) {
                vals[0] = d->p0 + d->p1 * g->spare;
                g->has_spare = false;
                e = 1;
            }
            int64_t np = (m - e + 1) / 2;
            for (int64_t q = 0; q < 2 * np; q++) raw[q] = xnext(st);
            normal_job j = {raw, vals + e, d->p0, d->p1};
            if (np * 2 < FY_TORCH_PAR_MIN / 8) normal_task(&j, 0, np);
            else fy_torch_parallel(np, 4096, normal_task, &j);
            for (int64_t q = 0; q < np; q++) {
                double sn = vals[e + 2 * q + 1];
                if (e + 2 * q + 1 < m) vals[e + 2 * q + 1] = d->p0 + d->p1 * sn;
                else {
                    g->spare = sn;
                    g->has_spare = true;
                }
            }
        }
        fy_torch_store_f64(vals, p + i0 * isz, isz, dt, m);
    }
    memcpy(g->s, st, sizeof st);
    free(vals);
    free(raw);
    return true;
}

static void sample_into(fy_torch_tensor *t, dist_t *d) {
    if (sample_fast(t, d)) return;
    int64_t n = fy_torch_numel(t);
    int dt = t->dtype;
    size_t isz = fy_torch_itemsize(dt);
    int64_t idx[FY_TORCH_MAXDIM] = {0};
    for (int64_t i = 0; i < n; i++) {
        int64_t off = t->offset;
        for (int k = 0; k < t->ndim; k++) off += idx[k] * t->stride[k];
        char *p = fy_torch_storage_host(t->st) + off * (int64_t)isz;
        switch (d->kind) {
        case D_NORMAL: fy_torch_storef(p, dt, d->p0 + d->p1 * gen_normal(d->g)); break;
        case D_UNIFORM: fy_torch_storef(p, dt, d->p0 + (d->p1 - d->p0) * gen_uniform(d->g, dt)); break;
        default: fy_torch_storei(p, dt, d->lo + (int64_t)gen_below(d->g, d->range)); break;
        }
        for (int k = t->ndim - 1; k >= 0; k--) {
            if (++idx[k] < t->shape[k]) break;
            idx[k] = 0;
        }
    }
}

static const char *const rnames[] = {"dtype",      "device", "requires_grad", "generator",
                                     "pin_memory", "layout", "out",           NULL};

static int opts(fy_obj **k, int *dt, fy_torch_device *dev, int defdt) {
    *dt = defdt;
    *dev = fy_torch_cpu;
    if (k[0] && k[0] != fy_None && (*dt = fy_torch_dtype_from(k[0])) < 0) return -1;
    if (k[1] && k[1] != fy_None && fy_torch_parse_device(k[1], dev) < 0) return -1;
    if (dev->type == 1 && dev->index < 0) dev->index = 0;
    return 0;
}

static fy_obj *sampled(const char *fname, fy_obj *const *a, size_t n, fy_obj *kw, int kind) {
    fy_obj *k[7];
    int64_t shape[FY_TORCH_MAXDIM];
    int nd, dt;
    fy_torch_device dev;
    if (fy_torch_kwargs(fname, a, n, kw, rnames, k) < 0 || fy_torch_parse_shape(fname, a, n, shape, &nd) < 0 ||
        opts(k, &dt, &dev, FY_TORCH_F32) < 0)
        return NULL;
    if (!fy_torch_is_float(dt))
        return fy_err_format(&fy_RuntimeError, "\"%s\" not implemented for '%s'",
                             kind == D_NORMAL ? "normal_kernel_cpu" : "check_uniform_bounds", fy_torch_scalar_name(dt));
    gen_t *g = pick_gen(k[3]);
    if (!g) return NULL;
    fy_torch_tensor *t = fy_torch_empty_uninit(dt, nd, shape, dev);
    if (!t) return NULL;
    dist_t d = {g, kind, kind == D_NORMAL ? 0.0 : 0.0, 1.0, 0, 0};
    sample_into(t, &d);
    if (k[2] && fy_truthy(k[2]) > 0) t->requires_grad = true;
    return (fy_obj *)t;
}
static fy_obj *f_randn(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return sampled("randn", a, n, kw, D_NORMAL);
}
static fy_obj *f_rand(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return sampled("rand", a, n, kw, D_UNIFORM);
}

static fy_obj *sampled_like(const char *fname, fy_obj *const *a, size_t n, fy_obj *kw, int kind) {
    fy_obj *k[7];
    if (fy_torch_kwargs(fname, a, n, kw, rnames, k) < 0) return NULL;
    if (n != 1 || !FY_TORCH_CHECK(a[0]))
        return fy_err_format(&fy_TypeError, "%s(): argument 'input' (position 1) must be Tensor", fname);
    fy_torch_tensor *s = FY_TT(a[0]);
    int dt;
    fy_torch_device dev;
    if (opts(k, &dt, &dev, s->dtype) < 0) return NULL;
    if (!(k[1] && k[1] != fy_None)) dev = s->st->dev;
    gen_t *g = pick_gen(k[3]);
    if (!g) return NULL;
    fy_torch_tensor *t = fy_torch_empty_uninit(dt, s->ndim, s->shape, dev);
    if (!t) return NULL;
    dist_t d = {g, kind, 0.0, 1.0, 0, 0};
    sample_into(t, &d);
    if (k[2] && fy_truthy(k[2]) > 0) t->requires_grad = true;
    return (fy_obj *)t;
}
static fy_obj *f_randn_like(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return sampled_like("randn_like", a, n, kw, D_NORMAL);
}
static fy_obj *f_rand_like(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return sampled_like("rand_like", a, n, kw, D_UNIFORM);
}

/* randint(high, size) / randint(low, high, size) */
static fy_obj *f_randint(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"low", "high", "size", "dtype", "device", "requires_grad", "generator", NULL};
    fy_obj *k[7];
    if (fy_torch_kwargs("randint", a, n, kw, names, k) < 0) return NULL;
    fy_obj *pos[3] = {NULL, NULL, NULL};
    if (n == 2 && k[2]) {
        pos[0] = a[0];
        pos[1] = a[1];
    } else if (n == 2) {
        pos[1] = a[0];
        pos[2] = a[1];
    } else if (n == 3) {
        pos[0] = a[0];
        pos[1] = a[1];
        pos[2] = a[2];
    } else if (n == 1) {
        pos[1] = a[0];
    } else if (n > 3) return fy_err_set(&fy_TypeError, "randint() takes at most 3 positional arguments");
    for (int i = 0; i < 3; i++)
        if (k[i]) pos[i] = k[i];
    if (!pos[1] || !pos[2]) return fy_err_set(&fy_TypeError, "randint() missing required arguments 'high' and 'size'");
    int64_t lo = 0, hi;
    if ((pos[0] && fy_index(pos[0], &lo) < 0) || fy_index(pos[1], &hi) < 0) return NULL;
    if (lo >= hi)
        return fy_err_format(&fy_RuntimeError,
                             "random_ expects 'from' to be less than 'to', but got from=%lld >= to=%lld", (long long)lo,
                             (long long)hi);
    int64_t shape[FY_TORCH_MAXDIM];
    int nd, dt;
    fy_torch_device dev;
    if (fy_torch_parse_shape("randint", &pos[2], 1, shape, &nd) < 0) return NULL;
    fy_obj *ok[2] = {k[3], k[4]};
    if (opts(ok, &dt, &dev, FY_TORCH_I64) < 0) return NULL;
    gen_t *g = pick_gen(k[6]);
    if (!g) return NULL;
    fy_torch_tensor *t = fy_torch_empty_uninit(dt, nd, shape, dev);
    if (!t) return NULL;
    dist_t d = {g, D_INT, 0, 0, lo, (uint64_t)hi - (uint64_t)lo};
    sample_into(t, &d);
    return (fy_obj *)t;
}

static fy_obj *f_randperm(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    fy_obj *k[7];
    int64_t m;
    int dt;
    fy_torch_device dev;
    if (fy_torch_kwargs("randperm", a, n, kw, rnames, k) < 0) return NULL;
    if (n != 1) return fy_err_set(&fy_TypeError, "randperm() takes 1 positional argument");
    if (fy_index(a[0], &m) < 0 || opts(k, &dt, &dev, FY_TORCH_I64) < 0) return NULL;
    if (m < 0) return fy_err_format(&fy_RuntimeError, "n must be non-negative, got%lld", (long long)m);
    gen_t *g = pick_gen(k[3]);
    if (!g) return NULL;
    int64_t *perm = fy_malloc(sizeof(int64_t) * (size_t)(m ? m : 1));
    if (!perm) return NULL;
    for (int64_t i = 0; i < m; i++) perm[i] = i;
    for (int64_t i = m - 1; i > 0; i--) {
        int64_t j = (int64_t)gen_below(g, (uint64_t)i + 1);
        int64_t x = perm[i];
        perm[i] = perm[j];
        perm[j] = x;
    }
    fy_torch_tensor *t = fy_torch_empty(dt, 1, &m, dev);
    if (t) {
        size_t isz = fy_torch_itemsize(dt);
        for (int64_t i = 0; i < m; i++) fy_torch_storei(fy_torch_storage_host(t->st) + i * (int64_t)isz, dt, perm[i]);
    }
    fy_free(perm);
    return (fy_obj *)t;
}

fy_methoddef fy_torch_random_funcs[] = {
    {"manual_seed", f_manual_seed, 0, "manual_seed(seed) -> Generator"},
    {"initial_seed", f_initial_seed, 0, "initial_seed()"},
    {"seed", f_seed, 0, "seed()"},
    {"randn", f_randn, 0, "randn(*size, dtype=None, device=None, generator=None)"},
    {"rand", f_rand, 0, "rand(*size, dtype=None, device=None, generator=None)"},
    {"randn_like", f_randn_like, 0, "randn_like(input, dtype=None, device=None)"},
    {"rand_like", f_rand_like, 0, "rand_like(input, dtype=None, device=None)"},
    {"randint", f_randint, 0, "randint(low=0, high, size, dtype=torch.int64, device=None)"},
    {"randperm", f_randperm, 0, "randperm(n, dtype=torch.int64, device=None)"},
    {NULL}};

/* ------------------------------------------------------------------ in-place methods */

static fy_obj *inplace(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw, int kind) {
    static const char *const nn[] = {"mean", "std", "generator", NULL};
    static const char *const un[] = {"from", "to", "generator", NULL};
    fy_obj *k[3];
    if (fy_parse_args(kind == D_NORMAL ? "normal_" : "uniform_", a, n, kw, kind == D_NORMAL ? nn : un, 0, 2, 3, k) < 0)
        return NULL;
    double p0 = 0, p1 = 1;
    if ((k[0] && fy_as_double(k[0], &p0) < 0) || (k[1] && fy_as_double(k[1], &p1) < 0)) return NULL;
    gen_t *g = pick_gen(k[2]);
    if (!g) return NULL;
    dist_t d = {g, kind, p0, p1, 0, 0};
    sample_into(FY_TT(self), &d);
    return fy_ref(self);
}
static fy_obj *m_normal_(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return inplace(self, a, n, kw, D_NORMAL);
}
static fy_obj *m_uniform_(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return inplace(self, a, n, kw, D_UNIFORM);
}

fy_methoddef fy_torch_random_methods[] = {{"normal_", m_normal_, 0, "normal_(mean=0, std=1, generator=None)"},
                                          {"uniform_", m_uniform_, 0, "uniform_(from=0, to=1, generator=None)"},
                                          {NULL}};
