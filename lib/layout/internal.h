/* internal.h - shared helpers of the layout library (not installed, not public API).
 *
 * Leaf arithmetic works on fly_itnode values and folds static operands; operands
 * that cannot be folded give dynamic leaves (handle 0) with a provable divisibility.
 * Errors go to an lctx: the first one sticks, later ones are ignored. */
#ifndef FLY_LAYOUT_INTERNAL_H
#define FLY_LAYOUT_INTERNAL_H

#include <string.h>

#include "layout/algebra.h"
#include "layout/error.h"
#include "layout/inttuple.h"
#include "layout/layout.h"
#include "layout/tile.h"

typedef struct lctx {
    fly_error *err;
    fly_status st;
} lctx;

static inline lctx lctx_make(fly_error *err) {
    lctx c = {err, FLY_OK};
    return c;
}

/* Records the first error; returns its code. */
fly_status fly_lctx_fail(lctx *c, fly_status code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static inline fly_itnode LF_INT(int64_t v) {
    fly_itnode n;
    n.v = v;
    n.aux = 0;
    n.kind = FLY_IT_INT;
    n.flags = 0;
    n.span = 1;
    n.n = 0;
    return n;
}

static inline bool lf_isint(const fly_itnode *a, int64_t v) { return a->kind == FLY_IT_INT && a->v == v; }
static inline bool lf_static(const fly_itnode *a) { return a->kind == FLY_IT_INT; }

/* General leaf arithmetic (leaf.c); the inline wrappers below fold small static cases. */
fly_itnode fly_lf_mul_slow(lctx *c, fly_itnode a, fly_itnode b);
fly_itnode fly_lf_add_slow(lctx *c, fly_itnode a, fly_itnode b);
fly_itnode fly_lf_sub_slow(lctx *c, fly_itnode a, fly_itnode b);
fly_itnode fly_lf_div_slow(lctx *c, fly_itnode a, fly_itnode b);      /* floor division */
fly_itnode fly_lf_ceil_div_slow(lctx *c, fly_itnode a, fly_itnode b); /* ceiling division */
fly_itnode fly_lf_mod_slow(lctx *c, fly_itnode a, fly_itnode b);
fly_itnode fly_lf_min(lctx *c, fly_itnode a, fly_itnode b);
fly_itnode fly_lf_max(lctx *c, fly_itnode a, fly_itnode b);

static inline int lf_both_int(const fly_itnode *a, const fly_itnode *b) {
    return a->kind == FLY_IT_INT && b->kind == FLY_IT_INT;
}
static inline fly_itnode lf_mul(lctx *c, fly_itnode a, fly_itnode b) {
    int64_t r;
    if (lf_both_int(&a, &b) && !__builtin_mul_overflow(a.v, b.v, &r)) return LF_INT(r);
    return fly_lf_mul_slow(c, a, b);
}
static inline fly_itnode lf_add(lctx *c, fly_itnode a, fly_itnode b) {
    int64_t r;
    if (lf_both_int(&a, &b) && !__builtin_add_overflow(a.v, b.v, &r)) return LF_INT(r);
    return fly_lf_add_slow(c, a, b);
}
static inline fly_itnode lf_sub(lctx *c, fly_itnode a, fly_itnode b) {
    int64_t r;
    if (lf_both_int(&a, &b) && !__builtin_sub_overflow(a.v, b.v, &r)) return LF_INT(r);
    return fly_lf_sub_slow(c, a, b);
}
static inline fly_itnode lf_div(lctx *c, fly_itnode a, fly_itnode b) {
    if (lf_both_int(&a, &b) && a.v >= 0 && b.v > 0) return LF_INT(a.v / b.v);
    return fly_lf_div_slow(c, a, b);
}
static inline fly_itnode lf_ceil_div(lctx *c, fly_itnode a, fly_itnode b) {
    if (lf_both_int(&a, &b) && a.v >= 0 && b.v > 0) return LF_INT(a.v / b.v + (a.v % b.v != 0));
    return fly_lf_ceil_div_slow(c, a, b);
}
static inline fly_itnode lf_mod(lctx *c, fly_itnode a, fly_itnode b) {
    if (lf_both_int(&a, &b) && a.v >= 0 && b.v > 0) return LF_INT(a.v % b.v);
    return fly_lf_mod_slow(c, a, b);
}
/* 1 known equal, 0 known different, -1 unknown. */
int fly_lf_eq(const fly_itnode *a, const fly_itnode *b);
/* Divisibility known for a leaf: value for INT (0 -> 0), aux for DYN, 1 otherwise. */
int64_t fly_lf_divisibility(const fly_itnode *a);

/* ---- layout references and builders ---- */

/* A (sub-)layout: pointers to congruent shape and stride subtree roots. */
typedef struct lref {
    const fly_itnode *s;
    const fly_itnode *d;
} lref;

static inline lref lref_of(const fly_layout *L) {
    lref r = {L->shape.n, L->stride.n};
    return r;
}
static inline int lref_rank(lref r) { return r.s->kind == FLY_IT_TUPLE ? r.s->n : 1; }
/* Mode i (an int-shaped layout has only mode 0, itself). */
static inline lref lref_mode(lref r, int i) {
    if (r.s->kind != FLY_IT_TUPLE) return r;
    lref m = {fly_itnode_child(r.s, i), fly_itnode_child(r.d, i)};
    return m;
}

/* Inline builder steps (the public fly_itb_* functions wrap these). */
static inline int itb_room(fly_itbuilder *b, int need) {
    if (b->st) return 0;
    if (b->depth == 0 && b->len > 0) {
        b->st = FLY_E_INVALID; /* a second root */
        return 0;
    }
    if (b->len + need > FLY_IT_MAX_NODES) {
        b->st = FLY_E_CAPACITY;
        return 0;
    }
    if (b->depth > 0) {
        fly_itnode *p = &b->t->n[b->stack[b->depth - 1]];
        if (p->n == 255) {
            b->st = FLY_E_CAPACITY;
            return 0;
        }
        p->n++;
    }
    return 1;
}

static inline void itb_open(fly_itbuilder *b) {
    if (b->depth >= FLY_IT_MAX_DEPTH) {
        if (!b->st) b->st = FLY_E_CAPACITY;
        return;
    }
    if (!itb_room(b, 1)) return;
    fly_itnode *n = &b->t->n[b->len];
    memset(n, 0, sizeof *n);
    n->kind = FLY_IT_TUPLE;
    b->stack[b->depth++] = b->len++;
}

static inline void itb_close(fly_itbuilder *b) {
    if (b->st) return;
    if (b->depth == 0) {
        b->st = FLY_E_INVALID;
        return;
    }
    int at = b->stack[--b->depth];
    b->t->n[at].span = (uint8_t)(b->len - at);
}

static inline void itb_leaf(fly_itbuilder *b, fly_itnode leaf) {
    if (!itb_room(b, 1)) return;
    leaf.span = 1;
    leaf.n = 0;
    b->t->n[b->len++] = leaf;
}

static inline void itb_subtree(fly_itbuilder *b, const fly_itnode *node) {
    if (!itb_room(b, node->span)) return;
    memmove(&b->t->n[b->len], node, sizeof(fly_itnode) * node->span);
    b->len += node->span;
}

typedef struct lbuild {
    fly_itbuilder s, d;
} lbuild;

static inline void lb_init(lbuild *b, fly_layout *L) {
    fly_itb_init(&b->s, &L->shape);
    fly_itb_init(&b->d, &L->stride);
}
static inline void lb_open(lbuild *b) {
    itb_open(&b->s);
    itb_open(&b->d);
}
static inline void lb_close(lbuild *b) {
    itb_close(&b->s);
    itb_close(&b->d);
}
static inline void lb_leaf(lbuild *b, fly_itnode s, fly_itnode d) {
    itb_leaf(&b->s, s);
    itb_leaf(&b->d, d);
}
static inline void lb_sub(lbuild *b, lref r) {
    itb_subtree(&b->s, r.s);
    itb_subtree(&b->d, r.d);
}
fly_status fly_lb_finish(lbuild *b, fly_error *err);

/* Flat leaves of a (sub-)layout. */
#define FLY_FLAT_MAX FLY_IT_MAX_NODES
typedef struct lflat {
    int n;
    int all_static; /* set by fly_lflat_coalesce: every extent and stride is a static integer */
    fly_itnode s[FLY_FLAT_MAX];
    fly_itnode d[FLY_FLAT_MAX];
} lflat;

/* Collects the leaves of r (shape/stride pairs in order). */
void fly_lflat_of(lref r, lflat *f);
/* Coalesces flat modes in place (CuTe coalesce on the leaves); keeps at least one mode (1:0). */
void fly_lflat_coalesce(lctx *c, lflat *f);
/* Writes flat modes as a layout: one mode is a leaf, several a flat tuple. */
void fly_lflat_emit(lbuild *b, const lflat *f);

/* Internal (non-canonical, pycute-shaped) algebra used to build the public operations. */
fly_status fly_alg_composition(lctx *c, lref A, lref B, fly_layout *out);
fly_status fly_alg_composition_tile(lctx *c, lref A, const fly_tile *T, int entry, fly_layout *out);
fly_status fly_alg_complement(lctx *c, lref L, fly_itnode cotarget, fly_layout *out);
fly_status fly_alg_right_inverse(lctx *c, lref L, fly_layout *out);
fly_status fly_alg_coalesce(lctx *c, lref L, fly_layout *out);
fly_status fly_alg_logical_divide(lctx *c, lref A, lref B, fly_layout *out);
fly_status fly_alg_logical_product(lctx *c, lref A, lref B, fly_layout *out);
/* blocked (raked = 0) or raked (raked = 1) product, not canonicalised. */
fly_status fly_alg_blocked_raked(lctx *c, const fly_layout *A, const fly_layout *B, int raked, fly_layout *out);

/* A splitter: a rank-2 operation of a layout by a layout (logical_divide / logical_product). */
typedef fly_status (*alg_splitter)(lctx *c, lref A, lref B, fly_layout *out);
/* By-mode application of a splitter along tile list entry e (the "logical" forms). */
fly_status fly_alg_by_mode(lctx *c, alg_splitter f, lref A, const fly_tile *T, int e, fly_layout *out);
/* hier_unzip: ((tile parts...), (rest parts..., untouched modes...)); T NULL means the layout B. */
fly_status fly_alg_unzip(lctx *c, alg_splitter f, lref A, lref B, const fly_tile *T, int e, fly_layout *out);
/* (Z0, Z1_0, Z1_1, ...) from a zipped result. */
fly_status fly_alg_tiled_from_zipped(lctx *c, const fly_layout *Z, fly_layout *out);
/* (Z0_0, Z0_1, ..., Z1_0, Z1_1, ...) from a zipped result. */
fly_status fly_alg_flat_from_zipped(lctx *c, const fly_layout *Z, fly_layout *out);

enum { ALG_LOGICAL, ALG_ZIPPED, ALG_TILED, ALG_FLAT };
/* Validates operands, runs a divide/product form with a layout B or a tile T, canonicalises. */
fly_status fly_alg_run(int form, alg_splitter f, const char *name, const fly_layout *A, const fly_layout *B,
                       const fly_tile *T, fly_layout *out, fly_error *err);

/* Validation of an input layout reference; name is the operation and role for messages. */
fly_status fly_check_layout(lctx *c, const fly_layout *L, const char *op);
fly_status fly_check_tile(lctx *c, const fly_tile *T, const char *op);

/* size of a subtree as a leaf. */
fly_itnode fly_it_size(lctx *c, const fly_itnode *p);
/* Canonicalises into a temporary, then copies (so out may alias in). */
void fly_layout_canon_out(const fly_layout *in, fly_layout *out);

/* Layout of the tile entry e (INT n -> n:1, LAYOUT -> the layout). */
void fly_tile_entry_layout(const fly_tile *T, int e, fly_layout *out);
/* Index of entry i of list entry e. */
int fly_tile_child(const fly_tile *T, int e, int i);

/* Text of a subtree (for messages). */
const char *fly_itnode_str(const fly_itnode *p, char buf[256]);
const char *fly_lref_str(lref r, char buf[256]);

#endif
