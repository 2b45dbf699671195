/* obj_bigint.c - the arbitrary-precision half of int: values that do not fit in int64 keep a
 * sign-magnitude array of 32-bit digits (fy_bignum, little-endian, no leading zero digit).
 * Every operation here takes read-only views of its operands (a small int is viewed through a
 * two-digit scratch array), builds a fresh fy_bignum and normalises it: a result that fits in
 * int64 comes back as an ordinary small int, so the rest of the interpreter only meets the big
 * form for values that really need it. Schoolbook algorithms (Knuth D for division): the int
 * max-str-digits limit keeps string conversions, the only quadratic paths users hit, bounded. */
#include <math.h>
#include <string.h>
#include "objects/object.h"
#include "objects/objects_int.h"

#define BN_MAX_DIGITS ((size_t)1 << 27) /* 2**32 bits: beyond that, MemoryError */

/* ------------------------------------------------------------------ views and results */

void fy_bn_view(fy_obj *o, fy_bnview *v) {
    fy_bignum *b = ((fy_int *)o)->big;
    if (b) {
        v->d = b->d;
        v->n = b->n;
        v->neg = (int)b->neg;
        return;
    }
    fy_bn_view_i64(FY_INT_VAL(o), v);
}

void fy_bn_view_i64(int64_t x, fy_bnview *v) {
    uint64_t u = x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x;
    v->tmp[0] = (uint32_t)u;
    v->tmp[1] = (uint32_t)(u >> 32);
    v->d = v->tmp;
    v->n = u == 0 ? 0 : v->tmp[1] ? 2 : 1;
    v->neg = x < 0;
}

fy_bignum *fy_bn_alloc(size_t n) {
    if (n > BN_MAX_DIGITS) {
        fy_err_nomem();
        return NULL;
    }
    fy_bignum *r = fy_calloc(1, sizeof(fy_bignum) + (n ? n : 1) * sizeof(uint32_t));
    if (r) r->n = (uint32_t)n;
    return r;
}

fy_obj *fy_bn_finish(fy_bignum *r, int neg) {
    if (!r) return NULL;
    size_t n = r->n;
    while (n && !r->d[n - 1]) n--;
    r->n = (uint32_t)n;
    if (n <= 2) {
        uint64_t u = n ? r->d[0] | (n > 1 ? (uint64_t)r->d[1] << 32 : 0) : 0;
        if (u <= (uint64_t)INT64_MAX || (neg && u == (uint64_t)INT64_MAX + 1)) {
            fy_free(r);
            return fy_int_from(neg ? (int64_t)(0 - u) : (int64_t)u);
        }
    }
    r->neg = neg ? 1u : 0u;
    fy_obj *o = fy_int_alloc(neg ? INT64_MIN : INT64_MAX); /* v saturates; readers check big */
    if (!o) {
        fy_free(r);
        return NULL;
    }
    ((fy_int *)o)->big = r;
    return o;
}

fy_obj *fy_bn_from_view(const fy_bnview *v) {
    fy_bignum *r = fy_bn_alloc(v->n);
    if (!r) return NULL;
    if (v->n) memcpy(r->d, v->d, v->n * sizeof(uint32_t));
    return fy_bn_finish(r, v->neg);
}

fy_obj *fy_int_from_u64(uint64_t u) {
    if (u <= (uint64_t)INT64_MAX) return fy_int_from((int64_t)u);
    fy_bignum *r = fy_bn_alloc(2);
    if (!r) return NULL;
    r->d[0] = (uint32_t)u;
    r->d[1] = (uint32_t)(u >> 32);
    return fy_bn_finish(r, 0);
}

/* ------------------------------------------------------------------ magnitudes */

int fy_mag_cmp(const uint32_t *a, size_t na, const uint32_t *b, size_t nb) {
    if (na != nb) return na < nb ? -1 : 1;
    while (na--)
        if (a[na] != b[na]) return a[na] < b[na] ? -1 : 1;
    return 0;
}

/* r = a + b (na >= nb); r has room for na + 1 digits. */
static void mag_add(const uint32_t *a, size_t na, const uint32_t *b, size_t nb, uint32_t *r) {
    uint64_t c = 0;
    for (size_t i = 0; i < na; i++) {
        c += (uint64_t)a[i] + (i < nb ? b[i] : 0);
        r[i] = (uint32_t)c;
        c >>= 32;
    }
    r[na] = (uint32_t)c;
}

/* r = a - b (a >= b in magnitude); r has room for na digits. */
static void mag_sub(const uint32_t *a, size_t na, const uint32_t *b, size_t nb, uint32_t *r) {
    int64_t br = 0;
    for (size_t i = 0; i < na; i++) {
        int64_t t = (int64_t)a[i] - (i < nb ? (int64_t)b[i] : 0) - br;
        br = t < 0;
        r[i] = (uint32_t)(t + (br ? ((int64_t)1 << 32) : 0));
    }
}

/* r += a * b; r zeroed with room for na + nb digits. */
static void mag_mul(const uint32_t *a, size_t na, const uint32_t *b, size_t nb, uint32_t *r) {
    for (size_t i = 0; i < na; i++) {
        uint64_t c = 0, x = a[i];
        if (!x) continue;
        for (size_t j = 0; j < nb; j++) {
            c += x * b[j] + r[i + j];
            r[i + j] = (uint32_t)c;
            c >>= 32;
        }
        r[i + nb] = (uint32_t)c;
    }
}

/* q = a / d (q may alias a), returns a % d. */
uint32_t fy_mag_divrem1(const uint32_t *a, size_t n, uint32_t d, uint32_t *q) {
    uint64_t rem = 0;
    while (n--) {
        uint64_t cur = (rem << 32) | a[n];
        q[n] = (uint32_t)(cur / d);
        rem = cur % d;
    }
    return (uint32_t)rem;
}

/* Knuth's algorithm D: u (m digits) / v (n digits, n >= 2, m >= n); q gets m - n + 1 digits,
 * r gets n digits. 0, or -1 (MemoryError). */
static int mag_divmod_knuth(const uint32_t *u, size_t m, const uint32_t *v, size_t n, uint32_t *q, uint32_t *r) {
    const uint64_t B = (uint64_t)1 << 32;
    uint32_t *vn = fy_malloc(n * sizeof(uint32_t)), *un = fy_malloc((m + 1) * sizeof(uint32_t));
    if (!vn || !un) {
        fy_free(vn);
        fy_free(un);
        return -1;
    }
    int s = __builtin_clz(v[n - 1]);
    for (size_t i = n - 1; i > 0; i--) vn[i] = (v[i] << s) | (s ? v[i - 1] >> (32 - s) : 0);
    vn[0] = v[0] << s;
    un[m] = s ? u[m - 1] >> (32 - s) : 0;
    for (size_t i = m - 1; i > 0; i--) un[i] = (u[i] << s) | (s ? u[i - 1] >> (32 - s) : 0);
    un[0] = u[0] << s;
    for (size_t jj = m - n + 1; jj-- > 0;) {
        size_t j = jj;
        uint64_t num = ((uint64_t)un[j + n] << 32) | un[j + n - 1];
        uint64_t qhat = num / vn[n - 1], rhat = num % vn[n - 1];
        while (qhat >= B || qhat * vn[n - 2] > ((rhat << 32) | un[j + n - 2])) {
            qhat--;
            rhat += vn[n - 1];
            if (rhat >= B) break;
        }
        int64_t k = 0, t;
        for (size_t i = 0; i < n; i++) {
            uint64_t p = qhat * vn[i];
            t = (int64_t)un[i + j] - k - (int64_t)(p & 0xFFFFFFFFu);
            un[i + j] = (uint32_t)t;
            k = (int64_t)(p >> 32) - (t >> 32);
        }
        t = (int64_t)un[j + n] - k;
        un[j + n] = (uint32_t)t;
        q[j] = (uint32_t)qhat;
        if (t < 0) {
            q[j]--;
            uint64_t c = 0;
            for (size_t i = 0; i < n; i++) {
                c += (uint64_t)un[i + j] + vn[i];
                un[i + j] = (uint32_t)c;
                c >>= 32;
            }
            un[j + n] += (uint32_t)c;
        }
    }
    for (size_t i = 0; i + 1 < n; i++) r[i] = (un[i] >> s) | (s ? un[i + 1] << (32 - s) : 0);
    r[n - 1] = un[n - 1] >> s;
    fy_free(vn);
    fy_free(un);
    return 0;
}

/* Truncating division of magnitudes: *q (na - nb + 1 digits) and *r (nb digits), new arrays. */
static int mag_divmod(const uint32_t *a, size_t na, const uint32_t *b, size_t nb, fy_bignum **q, fy_bignum **r) {
    *q = *r = NULL;
    if (na < nb) {
        *q = fy_bn_alloc(0);
        *r = fy_bn_alloc(na);
        if (!*q || !*r) goto fail;
        if (na) memcpy((*r)->d, a, na * sizeof(uint32_t));
        return 0;
    }
    *q = fy_bn_alloc(na - nb + 1);
    *r = fy_bn_alloc(nb);
    if (!*q || !*r) goto fail;
    if (nb == 1) {
        (*r)->d[0] = fy_mag_divrem1(a, na, b[0], (*q)->d);
        return 0;
    }
    if (mag_divmod_knuth(a, na, b, nb, (*q)->d, (*r)->d) == 0) return 0;
fail:
    fy_free(*q);
    fy_free(*r);
    *q = *r = NULL;
    return -1;
}

/* ------------------------------------------------------------------ signed operations */

static fy_obj *bn_addsub(const fy_bnview *a, const fy_bnview *b, int bneg) {
    if (a->neg == bneg) {
        const fy_bnview *x = a->n >= b->n ? a : b, *y = a->n >= b->n ? b : a;
        fy_bignum *r = fy_bn_alloc(x->n + 1);
        if (!r) return NULL;
        mag_add(x->d, x->n, y->d, y->n, r->d);
        return fy_bn_finish(r, a->neg);
    }
    int c = fy_mag_cmp(a->d, a->n, b->d, b->n);
    if (c == 0) return fy_int_from(0);
    const fy_bnview *x = c > 0 ? a : b, *y = c > 0 ? b : a;
    fy_bignum *r = fy_bn_alloc(x->n);
    if (!r) return NULL;
    mag_sub(x->d, x->n, y->d, y->n, r->d);
    return fy_bn_finish(r, c > 0 ? a->neg : bneg);
}

static fy_obj *bn_mul(const fy_bnview *a, const fy_bnview *b) {
    if (!a->n || !b->n) return fy_int_from(0);
    fy_bignum *r = fy_bn_alloc(a->n + b->n);
    if (!r) return NULL;
    mag_mul(a->d, a->n, b->d, b->n, r->d);
    return fy_bn_finish(r, a->neg ^ b->neg);
}

int fy_bn_divmod(const fy_bnview *a, const fy_bnview *b, fy_obj **qo, fy_obj **ro) {
    fy_bignum *q, *r;
    if (mag_divmod(a->d, a->n, b->d, b->n, &q, &r) < 0) return -1;
    int rz = 1;
    for (uint32_t i = 0; i < r->n; i++)
        if (r->d[i]) rz = 0;
    int qneg = a->neg != b->neg;
    if (qneg && !rz) {
        /* floor: q = -(|q| + 1), r = sign(b) * (|b| - |r|) */
        uint64_t c = 1;
        for (uint32_t i = 0; i < q->n && c; i++) {
            c += q->d[i];
            q->d[i] = (uint32_t)c;
            c >>= 32;
        }
        if (c) {
            fy_bignum *q2 = fy_bn_alloc(q->n + 1);
            if (!q2) goto fail;
            memcpy(q2->d, q->d, q->n * sizeof(uint32_t));
            q2->d[q->n] = 1;
            fy_free(q);
            q = q2;
        }
        fy_bignum *r2 = fy_bn_alloc(b->n);
        if (!r2) goto fail;
        size_t rn = r->n;
        while (rn && !r->d[rn - 1]) rn--;
        mag_sub(b->d, b->n, r->d, rn, r2->d);
        fy_free(r);
        r = r2;
    }
    *qo = *ro = NULL;
    if (!(*qo = fy_bn_finish(q, qneg))) {
        fy_free(r);
        return -1;
    }
    if (!(*ro = fy_bn_finish(r, b->neg))) {
        FY_CLEAR(*qo);
        return -1;
    }
    return 0;
fail:
    fy_free(q);
    fy_free(r);
    return -1;
}

static fy_obj *bn_shift(const fy_bnview *a, int64_t s, int left) {
    if (!a->n) return fy_int_from(0);
    if (left) {
        uint64_t ds = (uint64_t)s / 32, bs = (uint64_t)s % 32;
        if (ds > BN_MAX_DIGITS) return fy_err_nomem();
        fy_bignum *r = fy_bn_alloc(a->n + ds + 1);
        if (!r) return NULL;
        for (size_t i = 0; i < a->n; i++) {
            uint64_t x = (uint64_t)a->d[i] << bs;
            r->d[i + ds] |= (uint32_t)x;
            r->d[i + ds + 1] |= (uint32_t)(x >> 32);
        }
        return fy_bn_finish(r, a->neg);
    }
    /* right shift floors: for negative a, -((|a| - 1) >> s) - 1 */
    uint64_t ds = (uint64_t)s / 32, bs = (uint64_t)s % 32;
    if (ds >= a->n) return fy_int_from(a->neg ? -1 : 0);
    fy_bignum *m = fy_bn_alloc(a->n);
    if (!m) return NULL;
    memcpy(m->d, a->d, a->n * sizeof(uint32_t));
    if (a->neg) {
        uint32_t one = 1;
        mag_sub(m->d, m->n, &one, 1, m->d);
    }
    size_t rn = a->n - ds;
    fy_bignum *r = fy_bn_alloc(rn + 1);
    if (!r) {
        fy_free(m);
        return NULL;
    }
    for (size_t i = 0; i < rn; i++) {
        uint64_t x = m->d[i + ds] | (i + ds + 1 < a->n ? (uint64_t)m->d[i + ds + 1] << 32 : 0);
        r->d[i] = (uint32_t)(x >> bs);
    }
    fy_free(m);
    if (a->neg) {
        uint64_t c = 1;
        for (size_t i = 0; i <= rn && c; i++) {
            c += r->d[i];
            r->d[i] = (uint32_t)c;
            c >>= 32;
        }
    }
    return fy_bn_finish(r, a->neg);
}

/* Two's complement of v over n digits into t. */
static void to_twos(const fy_bnview *v, uint32_t *t, size_t n) {
    uint64_t c = 1;
    for (size_t i = 0; i < n; i++) {
        uint32_t x = i < v->n ? v->d[i] : 0;
        if (v->neg) {
            c += (uint32_t)~x;
            t[i] = (uint32_t)c;
            c >>= 32;
        } else {
            t[i] = x;
        }
    }
}

static fy_obj *bn_bitwise(const fy_bnview *a, const fy_bnview *b, int op) {
    size_t n = (a->n > b->n ? a->n : b->n) + 1;
    fy_bignum *r = fy_bn_alloc(n);
    uint32_t *tb = fy_malloc(n * sizeof(uint32_t));
    if (!r || !tb) {
        fy_free(r);
        fy_free(tb);
        return NULL;
    }
    to_twos(a, r->d, n);
    to_twos(b, tb, n);
    for (size_t i = 0; i < n; i++) {
        if (op == FY_NB_AND) r->d[i] &= tb[i];
        else if (op == FY_NB_OR) r->d[i] |= tb[i];
        else r->d[i] ^= tb[i];
    }
    fy_free(tb);
    int neg = (r->d[n - 1] >> 31) & 1;
    if (neg) { /* back to sign-magnitude */
        uint64_t c = 1;
        for (size_t i = 0; i < n; i++) {
            c += (uint32_t)~r->d[i];
            r->d[i] = (uint32_t)c;
            c >>= 32;
        }
    }
    return fy_bn_finish(r, neg);
}

/* Correctly rounded a / b (b != 0) as a double; 0 or -1 with OverflowError. */
static int bn_truediv(const fy_bnview *a, const fy_bnview *b, double *out) {
    if (!a->n) {
        *out = (a->neg != b->neg) ? -0.0 : 0.0;
        return 0;
    }
    int64_t la = (int64_t)fy_mag_bitlen(a->d, a->n), lb = (int64_t)fy_mag_bitlen(b->d, b->n);
    if (la - lb > 1025) goto ovf;
    if (la - lb < -1080) {
        *out = (a->neg != b->neg) ? -0.0 : 0.0;
        return 0;
    }
    /* scale so the integer quotient has 55..56 bits, then a sticky bit for the remainder */
    int64_t e = la - lb - 55;
    fy_bnview x = *a, y = *b;
    fy_obj *xs = NULL, *ys = NULL;
    x.neg = y.neg = 0;
    if (e < 0) xs = bn_shift(&x, -e, 1);
    else ys = bn_shift(&y, e, 1);
    if ((e < 0 && !xs) || (e >= 0 && !ys)) return -1;
    if (xs) fy_bn_view(xs, &x);
    if (ys) fy_bn_view(ys, &y);
    fy_obj *q, *r;
    int rc = fy_bn_divmod(&x, &y, &q, &r);
    FY_XDECREF(xs);
    FY_XDECREF(ys);
    if (rc < 0) return -1;
    fy_bnview qv;
    fy_bn_view(q, &qv);
    uint64_t qu = qv.d[0] | (qv.n > 1 ? (uint64_t)qv.d[1] << 32 : 0);
    if (FY_INT_VAL(r) != 0 || ((fy_int *)r)->big) qu |= 1;
    FY_DECREF(q);
    FY_DECREF(r);
    double d;
    if (e + 63 - __builtin_clzll(qu) < -1022) {
        /* subnormal result: round once, at the subnormal precision */
        int64_t drop = -1074 - e; /* bits below 2**-1074 */
        if (drop >= 64) d = 0;
        else {
            uint64_t keep = qu >> drop, rest = qu & (((uint64_t)1 << drop) - 1), half = (uint64_t)1 << (drop - 1);
            if (rest > half || (rest == half && (keep & 1))) keep++;
            d = ldexp((double)keep, -1074);
        }
    } else {
        d = ldexp((double)qu, (int)e);
    }
    if (isinf(d)) goto ovf;
    *out = (a->neg != b->neg) ? -d : d;
    return 0;
ovf:
    fy_err_set(&fy_OverflowError, "integer division result too large for a float");
    return -1;
}

static fy_obj *bn_pow(fy_obj *a, const fy_bnview *b) {
    fy_bnview av;
    fy_bn_view(a, &av);
    if (av.n == 0) return fy_int_from(b->n ? 0 : 1);
    if (av.n == 1 && av.d[0] == 1) return fy_int_from(av.neg && b->n && (b->d[0] & 1) ? -1 : 1);
    if (b->n > 2) return fy_err_nomem();
    uint64_t e = b->n ? b->d[0] | (b->n > 1 ? (uint64_t)b->d[1] << 32 : 0) : 0;
    if ((uint64_t)fy_mag_bitlen(av.d, av.n) * (e ? e - 1 : 0) > (uint64_t)BN_MAX_DIGITS * 32) return fy_err_nomem();
    fy_obj *acc = fy_int_from(1), *base = fy_ref(a);
    while (e && acc) {
        if (e & 1) FY_SETREF(acc, fy_int_binop_obj(acc, base, FY_NB_MUL));
        e >>= 1;
        if (e && acc) {
            fy_obj *nb = fy_int_binop_obj(base, base, FY_NB_MUL);
            FY_DECREF(base);
            if (!(base = nb)) FY_CLEAR(acc);
        }
    }
    FY_XDECREF(base);
    return acc;
}

/* op on two int objects (any sizes) exactly; NotImplemented for ops ints lack. */
fy_obj *fy_int_binop_obj(fy_obj *a, fy_obj *b, int op) {
    if (FY_INT_BOTH_SMALL(a, b)) return fy_int_binop(FY_INT_VAL(a), FY_INT_VAL(b), op);
    fy_bnview x, y;
    fy_bn_view(a, &x);
    fy_bn_view(b, &y);
    return fy_bn_binop(&x, &y, a, op);
}

fy_obj *fy_bn_binop(const fy_bnview *x, const fy_bnview *y, fy_obj *aobj, int op) {
    switch (op) {
    case FY_NB_ADD: return bn_addsub(x, y, y->neg);
    case FY_NB_SUB: return bn_addsub(x, y, !y->neg && y->n);
    case FY_NB_MUL: return bn_mul(x, y);
    case FY_NB_TRUEDIV: {
        if (!y->n) return fy_err_set(&fy_ZeroDivisionError, "division by zero");
        double d;
        if (bn_truediv(x, y, &d) < 0) return NULL;
        return fy_float_from(d);
    }
    case FY_NB_FLOORDIV:
    case FY_NB_MOD: {
        if (!y->n)
            return fy_err_set(&fy_ZeroDivisionError,
                              op == FY_NB_MOD ? "integer modulo by zero" : "integer division or modulo by zero");
        fy_obj *q, *r;
        if (fy_bn_divmod(x, y, &q, &r) < 0) return NULL;
        if (op == FY_NB_MOD) {
            FY_DECREF(q);
            return r;
        }
        FY_DECREF(r);
        return q;
    }
    case FY_NB_POW: {
        if (y->neg) {
            double fa, fb;
            if (fy_bn_to_double(x, &fa) < 0 || fy_bn_to_double(y, &fb) < 0) return NULL;
            if (fa == 0) return fy_err_set(&fy_ZeroDivisionError, "0.0 cannot be raised to a negative power");
            return fy_float_from(pow(fa, fb));
        }
        fy_obj *tmp = aobj ? fy_ref(aobj) : fy_bn_from_view(x);
        if (!tmp) return NULL;
        fy_obj *r = bn_pow(tmp, y);
        FY_DECREF(tmp);
        return r;
    }
    case FY_NB_LSHIFT:
    case FY_NB_RSHIFT:
        if (y->neg) return fy_err_set(&fy_ValueError, "negative shift count");
        if (y->n > 2 || (y->n == 2 && y->d[1] >> 31)) {
            if (op == FY_NB_RSHIFT || !x->n) return fy_int_from(op == FY_NB_RSHIFT && x->neg ? -1 : 0);
            return fy_err_nomem();
        }
        return bn_shift(x, (int64_t)(y->n ? y->d[0] | (y->n > 1 ? (uint64_t)y->d[1] << 32 : 0) : 0),
                        op == FY_NB_LSHIFT);
    case FY_NB_AND:
    case FY_NB_OR:
    case FY_NB_XOR: return bn_bitwise(x, y, op);
    default: return fy_ref(fy_NotImplemented);
    }
}

/* ------------------------------------------------------------------ queries and conversions */

size_t fy_mag_bitlen(const uint32_t *d, size_t n) {
    if (!n) return 0;
    return (n - 1) * 32 + (32 - (size_t)__builtin_clz(d[n - 1]));
}

int fy_int_cmp(fy_obj *a, fy_obj *b) {
    if (FY_INT_BOTH_SMALL(a, b)) {
        int64_t x = FY_INT_VAL(a), y = FY_INT_VAL(b);
        return x < y ? -1 : x > y;
    }
    fy_bnview x, y;
    fy_bn_view(a, &x);
    fy_bn_view(b, &y);
    if (x.neg != y.neg) return x.neg ? -1 : 1;
    int c = fy_mag_cmp(x.d, x.n, y.d, y.n);
    return x.neg ? -c : c;
}

int64_t fy_int_hash(fy_obj *o) {
    fy_bignum *b = ((fy_int *)o)->big;
    if (!b) return fy_hash_i64(FY_INT_VAL(o));
    const uint64_t M = ((uint64_t)1 << 61) - 1;
    uint64_t x = 0;
    for (size_t i = b->n; i-- > 0;) {
        x = ((x << 32) & M) | (x >> 29);
        x += b->d[i];
        if (x >= M) x -= M;
    }
    int64_t h = (int64_t)x;
    if (b->neg) h = -h;
    return h == -1 ? -2 : h;
}

int fy_bn_to_double(const fy_bnview *v, double *out) {
    size_t L = fy_mag_bitlen(v->d, v->n);
    double d;
    if (L <= 64) {
        d = (double)(v->n ? v->d[0] | (v->n > 1 ? (uint64_t)v->d[1] << 32 : 0) : 0);
    } else {
        /* top 64 bits plus a sticky bit for everything below: one correct rounding */
        size_t sh = L - 64, ds = sh / 32, bs = sh % 32;
        uint64_t top = 0;
        for (size_t k = 0; k < 3; k++) {
            size_t i = ds + k;
            if (i < v->n && k * 32 < 64 + bs) {
                uint64_t x = v->d[i];
                if (k * 32 >= bs) top |= x << (k * 32 - bs);
                else top |= x >> (bs - k * 32);
            }
        }
        int sticky = 0;
        for (size_t i = 0; i < ds && !sticky; i++) sticky = v->d[i] != 0;
        if (bs && (v->d[ds] & ((1u << bs) - 1))) sticky = 1;
        top |= (uint64_t)sticky;
        d = L > 1100 ? INFINITY : ldexp((double)top, (int)sh);
    }
    if (isinf(d)) {
        fy_err_set(&fy_OverflowError, "int too large to convert to float");
        return -1;
    }
    *out = v->neg ? -d : d;
    return 0;
}

int fy_int_to_double(fy_obj *o, double *out) {
    if (!((fy_int *)o)->big) {
        *out = (double)FY_INT_VAL(o);
        return 0;
    }
    fy_bnview v;
    fy_bn_view(o, &v);
    return fy_bn_to_double(&v, out);
}

fy_obj *fy_int_from_double(double d) {
    if (isnan(d)) return fy_err_set(&fy_ValueError, "cannot convert float NaN to integer");
    if (isinf(d)) return fy_err_set(&fy_OverflowError, "cannot convert float infinity to integer");
    double t = trunc(d);
    if (t < 9223372036854775808.0 && t >= -9223372036854775808.0) return fy_int_from((int64_t)t);
    int e;
    double m = frexp(fabs(t), &e); /* |t| = m * 2**e, 0.5 <= m < 1, e > 63 */
    uint64_t mant = (uint64_t)ldexp(m, 64);
    fy_bnview v;
    fy_bn_view_i64(0, &v);
    v.tmp[0] = (uint32_t)mant;
    v.tmp[1] = (uint32_t)(mant >> 32);
    v.n = 2;
    fy_obj *r = bn_shift(&v, e - 64, 1);
    if (r && t < 0) FY_SETREF(r, fy_int_neg_obj(r));
    return r;
}

fy_obj *fy_int_neg_obj(fy_obj *a) {
    fy_bnview v;
    fy_bn_view(a, &v);
    if (!v.n) return fy_int_from(0);
    v.neg = !v.neg;
    return fy_bn_from_view(&v);
}

/* Exact comparison of an int with a finite double: -1, 0, 1. */
int fy_int_cmp_double(fy_obj *a, double d) {
    if (!((fy_int *)a)->big) return fy_cmp_int_double(FY_INT_VAL(a), d);
    if (isinf(d)) return d > 0 ? -1 : 1;
    int neg = ((fy_int *)a)->big->neg;
    if (fabs(d) < 9223372036854775808.0) return neg ? -1 : 1;
    fy_obj *di = fy_int_from_double(floor(d)); /* exact: |d| >= 2**63 has no fraction */
    if (!di) {
        fy_err_clear();
        return 0;
    }
    int c = fy_int_cmp(a, di);
    FY_DECREF(di);
    return c;
}

/* ------------------------------------------------------------------ pow(b, e, m) */

/* The inverse of a modulo m (0 <= a < m, m > 1), or NULL with ValueError. */
static fy_obj *mod_inverse(fy_obj *a, fy_obj *m) {
    fy_obj *g0 = fy_ref(m), *g1 = fy_ref(a), *s0 = fy_int_from(0), *s1 = fy_int_from(1);
    while (g1 && fy_int_sign(g1) != 0) {
        fy_obj *q = NULL, *r = NULL, *qs = NULL, *t = NULL;
        fy_bnview x, y;
        fy_bn_view(g0, &x);
        fy_bn_view(g1, &y);
        if (fy_bn_divmod(&x, &y, &q, &r) < 0) goto fail;
        qs = fy_int_binop_obj(q, s1, FY_NB_MUL);
        t = qs ? fy_int_binop_obj(s0, qs, FY_NB_SUB) : NULL;
        FY_DECREF(q);
        FY_XDECREF(qs);
        if (!t) {
            FY_DECREF(r);
            goto fail;
        }
        FY_SETREF(g0, g1);
        g1 = r;
        FY_SETREF(s0, s1);
        s1 = t;
    }
    int one = !FY_INT_IS_BIG(g0) && FY_INT_VAL(g0) == 1;
    FY_DECREF(g0);
    FY_DECREF(g1);
    FY_DECREF(s1);
    if (!one) {
        FY_DECREF(s0);
        return fy_err_set(&fy_ValueError, "base is not invertible for the given modulus");
    }
    FY_SETREF(s0, fy_int_binop_obj(s0, m, FY_NB_MOD));
    return s0;
fail:
    FY_DECREF(g0);
    FY_XDECREF(g1);
    FY_DECREF(s0);
    FY_DECREF(s1);
    return NULL;
}

fy_obj *fy_int_powmod(fy_obj *b, fy_obj *e, fy_obj *m) {
    int ms = fy_int_sign(m);
    if (!ms) return fy_err_set(&fy_ValueError, "pow() 3rd argument cannot be 0");
    fy_obj *mm = ms < 0 ? fy_int_neg_obj(m) : fy_ref(m);
    if (!mm) return NULL;
    if (!FY_INT_IS_BIG(mm) && FY_INT_VAL(mm) == 1) {
        FY_DECREF(mm);
        return fy_int_from(0);
    }
    fy_obj *base = fy_int_binop_obj(b, mm, FY_NB_MOD), *exp = NULL, *acc = NULL;
    if (!base) goto done;
    if (fy_int_sign(e) < 0) {
        FY_SETREF(base, mod_inverse(base, mm));
        if (!base) goto done;
        exp = fy_int_neg_obj(e);
    } else {
        exp = fy_ref(e);
    }
    if (!exp) goto done;
    acc = fy_int_from(1);
    fy_bnview ev;
    fy_bn_view(exp, &ev);
    size_t nbits = fy_mag_bitlen(ev.d, ev.n);
    for (size_t i = 0; i < nbits && acc; i++) {
        if ((ev.d[i / 32] >> (i % 32)) & 1) {
            FY_SETREF(acc, fy_int_binop_obj(acc, base, FY_NB_MUL));
            if (acc) FY_SETREF(acc, fy_int_binop_obj(acc, mm, FY_NB_MOD));
        }
        if (acc && i + 1 < nbits) {
            fy_obj *sq = fy_int_binop_obj(base, base, FY_NB_MUL);
            FY_SETREF(base, sq ? fy_int_binop_obj(sq, mm, FY_NB_MOD) : NULL);
            FY_XDECREF(sq);
            if (!base) FY_CLEAR(acc);
        }
    }
    if (acc && ms < 0 && fy_int_sign(acc) != 0) FY_SETREF(acc, fy_int_binop_obj(acc, mm, FY_NB_SUB));
done:
    FY_DECREF(mm);
    FY_XDECREF(base);
    FY_XDECREF(exp);
    return acc;
}
