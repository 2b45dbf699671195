/* leaf.c - arithmetic on int-tuple leaves with static folding and dynamic results. */
#include <stdio.h>

#include "layout/internal.h"

fly_status fly_lctx_fail(lctx *c, fly_status code, const char *fmt, ...) {
    if (c->st == FLY_OK) {
        c->st = code;
        if (c->err) {
            va_list ap;
            va_start(ap, fmt);
            c->err->code = code;
            vsnprintf(c->err->message, sizeof c->err->message, fmt, ap);
            va_end(ap);
        }
    }
    return c->st;
}

static int64_t gcd64(int64_t a, int64_t b) {
    if (a < 0) a = -a;
    if (b < 0) b = -b;
    while (b) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

int64_t fly_lf_divisibility(const fly_itnode *a) {
    if (a->kind == FLY_IT_INT) return a->v < 0 ? -a->v : a->v;
    if (a->kind == FLY_IT_DYN) return a->aux ? a->aux : 1;
    return 1;
}

static uint32_t clamp_div(int64_t d) {
    if (d <= 0) return 1;
    while (d > (int64_t)UINT32_MAX) d /= 2; /* stays a divisor only for powers of 2; fall back below */
    return (uint32_t)d;
}

static fly_itnode mkdyn(int64_t div, int wide) {
    fly_itnode n = fly_itnode_dyn(0, 1, wide ? 64 : 32);
    n.aux = clamp_div(div);
    return n;
}

static _Thread_local fly_dyn_hook dyn_hook;
static _Thread_local void *dyn_hook_user;

fly_dyn_hook fly_layout_set_dyn_hook(fly_dyn_hook fn, void *user, void **prev_user) {
    fly_dyn_hook prev = dyn_hook;
    if (prev_user) *prev_user = dyn_hook_user;
    dyn_hook = fn;
    dyn_hook_user = user;
    return prev;
}

/* A computed dynamic leaf a op b: its handle from the hook when one is installed. */
static fly_itnode dynres(fly_dynop op, const fly_itnode *a, const fly_itnode *b, int64_t div) {
    fly_itnode r = mkdyn(div, (a->flags & FLY_IT_F_I64) || (b->flags & FLY_IT_F_I64));
    if (dyn_hook) r.v = (int64_t)dyn_hook(dyn_hook_user, op, a, b, &r);
    return r;
}

static int wide_of(const fly_itnode *a) { return (a->flags & FLY_IT_F_I64) != 0; }

static int is_num(const fly_itnode *a) { return a->kind == FLY_IT_INT || a->kind == FLY_IT_DYN; }

static fly_itnode bad(lctx *c, const char *what, const fly_itnode *a, const fly_itnode *b) {
    char x[64], y[64];
    fly_itnode_print(a, x, sizeof x);
    fly_itnode_print(b, y, sizeof y);
    fly_lctx_fail(c, FLY_E_INVALID, "cannot %s %s and %s", what, x, y);
    return LF_INT(0);
}

static fly_itnode overflow(lctx *c, const char *what, int64_t a, int64_t b) {
    fly_lctx_fail(c, FLY_E_OVERFLOW, "64-bit overflow in %lld %s %lld", (long long)a, what, (long long)b);
    return LF_INT(0);
}

/* The coefficient of basis leaf b as a number: INT, or DYN holding the runtime coefficient's handle. */
static fly_itnode coef_of(const fly_itnode *b) {
    return (b->flags & FLY_IT_F_DYNCOEF) ? fly_itnode_dyn((uint64_t)b->v, 1, wide_of(b) ? 64 : 32) : LF_INT(b->v);
}

/* Basis leaf b (its modes) with coefficient k (INT, or DYN: a runtime coefficient, its handle kept). */
static fly_itnode with_coef(fly_itnode b, fly_itnode k) {
    b.flags &= (uint8_t)~(FLY_IT_F_DYNCOEF | FLY_IT_F_I64);
    b.v = k.v;
    if (k.kind == FLY_IT_DYN) b.flags |= FLY_IT_F_DYNCOEF | (k.flags & FLY_IT_F_I64);
    return b;
}

fly_itnode fly_lf_mul_slow(lctx *c, fly_itnode a, fly_itnode b) {
    if (a.kind == FLY_IT_INT && b.kind == FLY_IT_INT) {
        int64_t r;
        if (__builtin_mul_overflow(a.v, b.v, &r)) return overflow(c, "*", a.v, b.v);
        return LF_INT(r);
    }
    if (lf_isint(&a, 0) || lf_isint(&b, 0)) {
        if (a.kind == FLY_IT_NONE || b.kind == FLY_IT_NONE) return bad(c, "multiply", &a, &b);
        return LF_INT(0);
    }
    if (lf_isint(&a, 1) && b.kind != FLY_IT_NONE) return b;
    if (lf_isint(&b, 1) && a.kind != FLY_IT_NONE) return a;
    if (is_num(&a) && is_num(&b)) {
        int64_t da = fly_lf_divisibility(&a), db = fly_lf_divisibility(&b), d;
        if (__builtin_mul_overflow(da, db, &d)) d = da > db ? da : db;
        return dynres(FLY_DYN_MUL, &a, &b, d);
    }
    if (a.kind == FLY_IT_BASIS && is_num(&b)) {
        fly_itnode t = a;
        a = b;
        b = t;
    }
    if (b.kind == FLY_IT_BASIS && is_num(&a)) {
        fly_itnode r = b;
        if (!(b.flags & FLY_IT_F_DYNCOEF) && a.kind == FLY_IT_INT) {
            if (__builtin_mul_overflow(a.v, b.v, &r.v)) return overflow(c, "*", a.v, b.v);
            return r;
        }
        /* a runtime coefficient: the product of the coefficients, computed (a handle) when a hook is installed */
        return with_coef(b, fly_lf_mul_slow(c, a, coef_of(&b)));
    }
    return bad(c, "multiply", &a, &b);
}

static fly_itnode addsub(lctx *c, fly_itnode a, fly_itnode b, int sub) {
    if (a.kind == FLY_IT_INT && b.kind == FLY_IT_INT) {
        int64_t r;
        if (sub ? __builtin_sub_overflow(a.v, b.v, &r) : __builtin_add_overflow(a.v, b.v, &r))
            return overflow(c, sub ? "-" : "+", a.v, b.v);
        return LF_INT(r);
    }
    if (lf_isint(&b, 0) && a.kind != FLY_IT_NONE) return a;
    if (!sub && lf_isint(&a, 0) && b.kind != FLY_IT_NONE) return b;
    if (is_num(&a) && is_num(&b))
        return dynres(sub ? FLY_DYN_SUB : FLY_DYN_ADD, &a, &b, gcd64(fly_lf_divisibility(&a), fly_lf_divisibility(&b)));
    if (a.kind == FLY_IT_BASIS && b.kind == FLY_IT_BASIS && a.aux == b.aux && (a.flags >> 4) == (b.flags >> 4)) {
        fly_itnode r = a;
        if (!((a.flags | b.flags) & FLY_IT_F_DYNCOEF)) {
            if (sub ? __builtin_sub_overflow(a.v, b.v, &r.v) : __builtin_add_overflow(a.v, b.v, &r.v))
                return overflow(c, sub ? "-" : "+", a.v, b.v);
            return r;
        }
        return with_coef(r, addsub(c, coef_of(&a), coef_of(&b), sub));
    }
    return bad(c, sub ? "subtract" : "add", &a, &b);
}

fly_itnode fly_lf_add_slow(lctx *c, fly_itnode a, fly_itnode b) { return addsub(c, a, b, 0); }
fly_itnode fly_lf_sub_slow(lctx *c, fly_itnode a, fly_itnode b) { return addsub(c, a, b, 1); }

static int64_t floordiv(int64_t a, int64_t b) {
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
    return q;
}

fly_itnode fly_lf_div_slow(lctx *c, fly_itnode a, fly_itnode b) {
    if (lf_isint(&b, 0)) {
        fly_lctx_fail(c, FLY_E_INVALID, "division by zero");
        return LF_INT(0);
    }
    if (a.kind == FLY_IT_INT && b.kind == FLY_IT_INT) {
        if (a.v == INT64_MIN && b.v == -1) return overflow(c, "/", a.v, b.v);
        return LF_INT(floordiv(a.v, b.v));
    }
    if (lf_isint(&b, 1) && a.kind != FLY_IT_NONE) return a;
    if (lf_isint(&a, 0) && is_num(&b)) return LF_INT(0);
    if (is_num(&a) && is_num(&b)) {
        int64_t da = fly_lf_divisibility(&a);
        int64_t d = (b.kind == FLY_IT_INT && b.v > 0 && da % b.v == 0) ? da / b.v : 1;
        return dynres(FLY_DYN_DIV, &a, &b, d);
    }
    if (a.kind == FLY_IT_BASIS && b.kind == FLY_IT_INT && !(a.flags & FLY_IT_F_DYNCOEF)) {
        fly_itnode r = a;
        r.v = floordiv(a.v, b.v);
        return r;
    }
    return bad(c, "divide", &a, &b);
}

fly_itnode fly_lf_ceil_div_slow(lctx *c, fly_itnode a, fly_itnode b) {
    if (lf_isint(&b, 0)) {
        fly_lctx_fail(c, FLY_E_INVALID, "division by zero");
        return LF_INT(0);
    }
    if (a.kind == FLY_IT_INT && b.kind == FLY_IT_INT) {
        if (a.v == INT64_MIN && b.v == -1) return overflow(c, "/", a.v, b.v);
        return LF_INT(-floordiv(-a.v, b.v));
    }
    if (lf_isint(&b, 1) && a.kind != FLY_IT_NONE) return a;
    if (is_num(&a) && is_num(&b)) {
        int64_t da = fly_lf_divisibility(&a);
        int64_t d = (b.kind == FLY_IT_INT && b.v > 0 && da % b.v == 0) ? da / b.v : 1;
        return dynres(FLY_DYN_CEIL_DIV, &a, &b, d);
    }
    return bad(c, "divide", &a, &b);
}

fly_itnode fly_lf_mod_slow(lctx *c, fly_itnode a, fly_itnode b) {
    if (lf_isint(&b, 0)) {
        fly_lctx_fail(c, FLY_E_INVALID, "modulo by zero");
        return LF_INT(0);
    }
    if (a.kind == FLY_IT_INT && b.kind == FLY_IT_INT) {
        if (b.v == -1) return LF_INT(0);
        return LF_INT(a.v - floordiv(a.v, b.v) * b.v);
    }
    if (lf_isint(&b, 1) && is_num(&a)) return LF_INT(0);
    if (is_num(&a) && is_num(&b)) {
        int64_t da = fly_lf_divisibility(&a);
        if (b.kind == FLY_IT_INT && da % b.v == 0) return LF_INT(0);
        return dynres(FLY_DYN_MOD, &a, &b, gcd64(da, fly_lf_divisibility(&b)));
    }
    return bad(c, "take the modulo of", &a, &b);
}

static fly_itnode minmax(lctx *c, fly_itnode a, fly_itnode b, int mx) {
    if (a.kind == FLY_IT_INT && b.kind == FLY_IT_INT)
        return LF_INT(mx ? (a.v > b.v ? a.v : b.v) : (a.v < b.v ? a.v : b.v));
    if (fly_lf_eq(&a, &b) == 1) return a;
    if (is_num(&a) && is_num(&b)) {
        /* Dynamic extents are >= 1: min(1, x) = 1 and max(1, x) = x. */
        if (lf_isint(&a, 1)) return mx ? b : a;
        if (lf_isint(&b, 1)) return mx ? a : b;
        return dynres(mx ? FLY_DYN_MAX : FLY_DYN_MIN, &a, &b, gcd64(fly_lf_divisibility(&a), fly_lf_divisibility(&b)));
    }
    return bad(c, mx ? "take the max of" : "take the min of", &a, &b);
}

fly_itnode fly_lf_min(lctx *c, fly_itnode a, fly_itnode b) { return minmax(c, a, b, 0); }
fly_itnode fly_lf_max(lctx *c, fly_itnode a, fly_itnode b) { return minmax(c, a, b, 1); }

int fly_lf_eq(const fly_itnode *a, const fly_itnode *b) {
    if (a->kind == FLY_IT_INT && b->kind == FLY_IT_INT) return a->v == b->v;
    if (a->kind == FLY_IT_DYN && b->kind == FLY_IT_DYN && a->v != 0 && a->v == b->v) return 1;
    if (a->kind == FLY_IT_BASIS && b->kind == FLY_IT_BASIS) {
        if (a->aux != b->aux || (a->flags >> 4) != (b->flags >> 4)) return (a->v == 0 && b->v == 0) ? -1 : 0;
        if ((a->flags | b->flags) & FLY_IT_F_DYNCOEF) return -1;
        return a->v == b->v;
    }
    if (a->kind == FLY_IT_NONE || b->kind == FLY_IT_NONE) return a->kind == b->kind;
    if (a->kind == FLY_IT_INT && b->kind == FLY_IT_DYN) return (b->aux > 1 && a->v % (int64_t)b->aux != 0) ? 0 : -1;
    if (b->kind == FLY_IT_INT && a->kind == FLY_IT_DYN) return (a->aux > 1 && b->v % (int64_t)a->aux != 0) ? 0 : -1;
    return -1;
}
