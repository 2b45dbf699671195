/* trace_mma.c - MMA atoms and tiled MMAs (FlyDSL semantics, flydsl-surface.md §1.9, §2.7):
 * fx.rocdl.MFMA(m, n, k, ab, acc=None), make_mma_atom(op), make_tiled_mma(atom, atom_layout, permutation=None),
 * tiled_mma.thr_slice(tid) / get_slice -> partition_A/B/C(t), make_fragment_A/B/C(t), tiled_mma.tile_size_mnk,
 * make_tiled_copy_A/B/C(copy_atom, tiled_mma), fx.gemm(mma, d, a, b, c) and fx.mma_atom_call(atom, d, a, b, c).
 *
 * One CDNA3 MFMA is a wave of 64 lanes; its thread-value layouts map (lane, value) to the column-major index
 * of the atom's (M,K) tile for A, (N,K) for B and (M,N) for C:
 *   A, B: ((MN, 64/MN), KPT) : ((1, MN*KPT), MN)       KPT = K / (64/MN) values per lane
 *   C:    ((N, 64/N), (4, M/4/(64/N))) : ((M, 4), (1, 4*(64/N)))
 * A tiled MMA repeats the atom over an atom layout (AM, AN, AK); its threads are numbered lane fastest, then
 * the atom's number (the partitions work with the column-major number of the atom's m, n, k coordinates; an
 * atom layout numbering them otherwise is mapped onto it through its right inverse). A permutation
 * (FlyDSL's permutation_mnk) logical-divides each mode it sets before the atoms divide the tensor. Partitioning a 2-D tensor for operand X:
 * zipped_divide by the atom tile -> ((s0,s1),(R0,R1)); the atom mode composed with the atom's TV layout
 * gives (lane, value); the rest divided by the atom repeats gives ((r0,r1),(R0',R1')); the thread mode is
 * (lane, m, n, k) with the repeat the operand does not span broadcast (stride 0). Sliced at the thread id the
 * result is (V, R0', R1') per thread. fx.gemm loops k, m, n over those rest modes and emits one
 * fly.mma_atom_call per atom on the register fragments (lowered to rocdl.mfma.* by fly-layout-lowering). */
#include <stdio.h>
#include <string.h>

#include "flydsl/api/dsl.h"
#include "flydsl/api/dsl_numeric.h"
#include "layout/algebra.h"
#include "layout/tile.h"
#include "flydsl/mlir/mlir.h"
#include "flydsl/trace/trace_int.h"

#define U(x) ((unsigned long long)(x))

/* A tuple of n Python ints. */
static fy_obj *int_tuple(int n, const int64_t *v) {
    fy_obj *t = fy_tuple_new((size_t)n);
    for (int i = 0; t && i < n; i++) {
        fy_obj *x = fy_int_from(v[i]);
        if (!x) {
            FY_DECREF(t);
            return NULL;
        }
        fy_tuple_set_steal(t, (size_t)i, x);
    }
    return t;
}

/* The MFMA shapes supported (one output block): f32 accumulators, i32 for the i8 ones; `only`: the one target
 * that has the instruction (NULL: both). */
typedef struct mfma_shape {
    int m, n, k;
    const char *ab;
    int va, vc;
    const char *only;
} mfma_shape;
static const mfma_shape shapes[] = {
    {16, 16, 4, "f32", 1, 4, NULL},
    {32, 32, 2, "f32", 1, 16, NULL},
    {16, 16, 16, "f16", 4, 4, NULL},
    {32, 32, 8, "f16", 4, 16, NULL},
    {16, 16, 16, "bf16", 4, 4, NULL},
    {32, 32, 8, "bf16", 4, 16, NULL},
    /* fp8 x fp8: e4m3 in the target's format (FNUZ on gfx942, OCP on gfx950) */
    {16, 16, 32, "f8E4M3FNUZ", 8, 4, NULL},
    {32, 32, 16, "f8E4M3FNUZ", 8, 16, NULL},
    {16, 16, 32, "f8E4M3FN", 8, 4, NULL},
    {32, 32, 16, "f8E4M3FN", 8, 16, NULL},
    /* gfx950's double-rate f16 / bf16: eight values a lane */
    {16, 16, 32, "f16", 8, 4, "gfx950"},
    {32, 32, 16, "f16", 8, 16, "gfx950"},
    {16, 16, 32, "bf16", 8, 4, "gfx950"},
    {32, 32, 16, "bf16", 8, 16, "gfx950"},
    /* i8 x i8 -> i32: eight values a lane on both, sixteen in gfx950's K=64 / K=32 forms */
    {16, 16, 32, "i8", 8, 4, NULL},
    {32, 32, 16, "i8", 8, 16, NULL},
    {16, 16, 64, "i8", 16, 4, "gfx950"},
    {32, 32, 32, "i8", 16, 16, "gfx950"},
    /* gfx950's scaled MFMA (cdna4.MFMA_Scale): 32 fp8 / fp6 / fp4 values a lane, A's and B's formats apart,
     * each lane's 32 values under one E8M0 scale byte (the atom's scale_a / scale_b words, byte opsel) */
    {16, 16, 128, "scale", 32, 4, "gfx950"},
    {32, 32, 64, "scale", 32, 16, "gfx950"},
};

static int is_scaled(const mfma_shape *s) { return !strcmp(s->ab, "scale"); }

static const char *acc_of(const mfma_shape *s) { return strcmp(s->ab, "i8") ? "f32" : "i32"; }

/* An MMA op and its atom: ab is A's element type, b B's (the same but for the scaled MFMA, whose opsel_a /
 * opsel_b pick the byte of the scale words). */
typedef struct mmaop {
    fy_obj h;
    const mfma_shape *s;
    fy_dsl_numeric *ab, *acc, *b;
    int opsel_a, opsel_b;
} mmaop;
typedef struct matom {
    fy_obj h;
    const mfma_shape *s;
    fy_dsl_numeric *ab, *acc, *b;
    int opsel_a, opsel_b;
    uint64_t scale[2]; /* the scale_a / scale_b state set by fx.atom_set_value (i32 SSA values; 0: unset) */
} matom;
typedef struct tmma {
    fy_obj h;
    matom *atom;
    fly_layout al;   /* the atom layout (AM,AN,AK) */
    int64_t rep[3];  /* AM, AN, AK */
    int cm;          /* the atom layout numbers the atoms column-major (the partitions' own order) */
    fly_layout inv;  /* else its right inverse: atom number -> column-major (m, n, k) index */
    fy_obj *perm;    /* the permutation as given (None, a tuple or a Tile) */
    int pset[3];     /* which of M, N, K the permutation sets */
    fly_layout pl[3]; /* the permutation's layout of each mode it sets (an integer n is n:1) */
} tmma;
typedef struct thrmma {
    fy_obj h;
    tmma *tm;
    fy_obj *tid;
} thrmma;
static fy_type mmaop_type, matom_type, tmma_type, thrmma_type;

/* The op's type as FlyDSL prints it (m: an mmaop or a matom, the same fields). */
static void type_text(char *buf, size_t cap, const matom *m) {
    const mfma_shape *s = m->s;
    if (is_scaled(s))
        snprintf(buf, cap, "!fly_rocdl.cdna4.mfma_scale<%dx%dx%d, (%s, %s) -> f32, opselA = %d, opselB = %d>", s->m,
                 s->n, s->k, fy_trace_mlir_type(m->ab), fy_trace_mlir_type(m->b), m->opsel_a, m->opsel_b);
    else
        snprintf(buf, cap, "!fly_rocdl.cdna3.mfma<%dx%dx%d, (%s, %s) -> %s>", s->m, s->n, s->k, s->ab, s->ab,
                 acc_of(s));
}
static void atom_text(char *buf, size_t cap, const matom *m) {
    char t[128];
    type_text(t, sizeof t, m);
    snprintf(buf, cap, "!fly.mma_atom<%s>", t);
}
static fy_obj *mmaop_repr(fy_obj *o) {
    char t[128];
    type_text(t, sizeof t, (const matom *)o);
    return fy_str_printf("%s", t);
}
static fy_obj *matom_repr(fy_obj *o) {
    char t[160];
    atom_text(t, sizeof t, (matom *)o);
    return fy_str_printf("MmaAtom<%s>", t);
}
static fy_obj *tmma_repr(fy_obj *o) {
    tmma *t = (tmma *)o;
    char a[160], l[256];
    atom_text(a, sizeof a, t->atom);
    fly_layout_print(&t->al, l, sizeof l);
    if (!t->pset[0] && !t->pset[1] && !t->pset[2]) return fy_str_printf("TiledMma<!fly.tiled_mma<%s, %s>>", a, l);
    char pt[256];
    int n = 0;
    n += snprintf(pt + n, sizeof pt - (size_t)n, "[");
    for (int i = 0; i < 3 && n < (int)sizeof pt; i++) {
        char m[96] = "*";
        if (t->pset[i]) fly_layout_print(&t->pl[i], m, sizeof m);
        n += snprintf(pt + n, sizeof pt - (size_t)n, "%s%s", i ? "|" : "", m);
    }
    if (n < (int)sizeof pt) snprintf(pt + n, sizeof pt - (size_t)n, "]");
    return fy_str_printf("TiledMma<!fly.tiled_mma<%s, %s, !fly.tile<%s>>>", a, l, pt);
}
static void tmma_dealloc(fy_obj *o) {
    FY_CLEAR(((tmma *)o)->atom);
    FY_CLEAR(((tmma *)o)->perm);
}
static void thrmma_dealloc(fy_obj *o) {
    FY_CLEAR(((thrmma *)o)->tm);
    FY_CLEAR(((thrmma *)o)->tid);
}
/* Atoms and tiled MMAs are values: equal when they print the same. */
static int64_t repr_hash(fy_obj *o) {
    fy_obj *r = FY_TYPE(o)->repr(o);
    int64_t h = r ? fy_str_hash(r) : -1;
    FY_XDECREF(r);
    return h;
}
static fy_obj *repr_richcmp(fy_obj *a, fy_obj *b, int op) {
    if ((op != FY_EQ_OP && op != FY_NE_OP) || FY_TYPE(b) != FY_TYPE(a)) return fy_ref(fy_NotImplemented);
    fy_obj *x = FY_TYPE(a)->repr(a), *y = x ? FY_TYPE(b)->repr(b) : NULL;
    int eq = y ? !strcmp(FY_STR_DATA(x), FY_STR_DATA(y)) : 0;
    FY_XDECREF(x);
    if (!y) return NULL;
    FY_DECREF(y);
    return fy_bool(op == FY_EQ_OP ? eq : !eq);
}

static fy_obj *f_mfma(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    static const char *const names[] = {"m", "n", "k", "elem_ab", "elem_acc", NULL};
    fy_obj *v[5] = {NULL, NULL, NULL, NULL, NULL};
    int64_t mnk[3];
    if (fy_parse_args("MFMA", a, na, kw, names, 4, 5, 5, v) < 0) return NULL;
    for (int i = 0; i < 3; i++)
        if (fy_dsl_to_int(v[i], &mnk[i], "MFMA", names[i]) < 0) return NULL;
    for (int i = 3; i < 5; i++)
        if (v[i] && v[i] != fy_None && FY_TYPE(v[i]) != FY_TYPE(&fy_dsl_t_f32.h))
            return fy_err_format(&fy_TypeError, "MFMA: %s must be a numeric type such as fx.Float32, not '%s'",
                                 names[i], fy_type_name(v[i]));
    fy_dsl_numeric *ab = (fy_dsl_numeric *)v[3];
    int is_int = !strcmp(fy_trace_mlir_type(ab), "i8");
    fy_dsl_numeric *want = is_int ? &fy_dsl_t_i32 : &fy_dsl_t_f32;
    fy_dsl_numeric *acc = v[4] && v[4] != fy_None ? (fy_dsl_numeric *)v[4] : want;
    if (acc != want)
        return fy_err_format(&fy_ValueError, "MFMA: the accumulator type of %s inputs must be %s, not %s", ab->name,
                             want->name, acc->name);
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        const mfma_shape *sh = &shapes[i];
        if (sh->m == mnk[0] && sh->n == mnk[1] && sh->k == mnk[2] && !strcmp(sh->ab, fy_trace_mlir_type(ab))) {
            if (fy_type_ready(&mmaop_type) < 0) return NULL;
            mmaop *o = (mmaop *)fy_alloc(&mmaop_type);
            if (!o) return NULL;
            o->s = sh;
            o->ab = o->b = ab;
            o->acc = acc;
            o->opsel_a = o->opsel_b = 0;
            return &o->h;
        }
    }
    return fy_err_format(
        &fy_ValueError,
        "MFMA: unsupported shape %lldx%lldx%lld with %s inputs (supported: 16x16x4 and 32x32x2 Float32, "
        "16x16x16 and 32x32x8 Float16 / BFloat16, 16x16x32 and 32x32x16 Float8E4M3FNUZ / Float8E4M3FN / Int8 "
        "(Int32 accumulators) and on gfx950 Float16 / BFloat16, 16x16x64 and 32x32x32 Int8)",
        (long long)mnk[0], (long long)mnk[1], (long long)mnk[2], ab->name);
}

/* The scaled MFMA's format code of an element type (cbsz for A, blgp for B: FlyDSL's encoding, LLVM's
 * MatrixFormat), or -1. */
static int scale_format(const fy_dsl_numeric *t) {
    static const char *const fmt[] = {"f8E4M3FN", "f8E5M2", "f6E2M3FN", "f6E3M2FN", "f4E2M1FN"};
    for (int i = 0; i < 5; i++)
        if (!strcmp(fy_trace_mlir_type(t), fmt[i])) return i;
    return -1;
}

/* fx.rocdl.cdna4.MFMA_Scale(m, n, k, elem_ty_a, elem_ty_b=None, elem_ty_acc=None, *, opsel_a=0, opsel_b=0) */
static fy_obj *f_mfma_scale(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    static const char *const names[] = {"m",           "n",       "k",       "elem_ty_a", "elem_ty_b",
                                        "elem_ty_acc", "opsel_a", "opsel_b", NULL};
    fy_obj *v[8] = {NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
    int64_t x[3], op[2] = {0, 0};
    if (fy_parse_args("MFMA_Scale", a, na, kw, names, 4, 6, 8, v) < 0) return NULL;
    for (int i = 0; i < 3; i++)
        if (fy_dsl_to_int(v[i], &x[i], "MFMA_Scale", names[i]) < 0) return NULL;
    for (int i = 0; i < 2; i++)
        if (v[6 + i] && fy_dsl_to_int(v[6 + i], &op[i], "MFMA_Scale", names[6 + i]) < 0) return NULL;
    for (int i = 3; i < 6; i++)
        if (v[i] && v[i] != fy_None && FY_TYPE(v[i]) != FY_TYPE(&fy_dsl_t_f32.h))
            return fy_err_format(&fy_TypeError,
                                 "MFMA_Scale: %s must be a numeric type such as fx.Float8E4M3FN, not '%s'", names[i],
                                 fy_type_name(v[i]));
    fy_dsl_numeric *ta = (fy_dsl_numeric *)v[3];
    fy_dsl_numeric *tb = v[4] && v[4] != fy_None ? (fy_dsl_numeric *)v[4] : ta;
    fy_dsl_numeric *acc = v[5] && v[5] != fy_None ? (fy_dsl_numeric *)v[5] : &fy_dsl_t_f32;
    const mfma_shape *sh = NULL;
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
        if (is_scaled(&shapes[i]) && shapes[i].m == x[0] && shapes[i].n == x[1] && shapes[i].k == x[2]) sh = &shapes[i];
    if (!sh)
        return fy_err_format(&fy_ValueError,
                             "unsupported MNK for CDNA4 MFMA_Scale: %lldx%lldx%lld (expected 16x16x128 or 32x32x64)",
                             (long long)x[0], (long long)x[1], (long long)x[2]);
    if (acc != &fy_dsl_t_f32)
        return fy_err_format(&fy_ValueError, "MFMA_Scale: elemTyAcc must be f32, got %s", fy_trace_mlir_type(acc));
    for (int i = 0; i < 2; i++) {
        fy_dsl_numeric *t = i ? tb : ta;
        if (scale_format(t) < 0)
            return fy_err_format(&fy_ValueError,
                                 "MFMA_Scale: elemTy%c must be one of f8E4M3FN, f8E5M2, f6E2M3FN, f6E3M2FN, f4E2M1FN, "
                                 "got %s",
                                 i ? 'B' : 'A', fy_trace_mlir_type(t));
        if (op[i] < 0 || op[i] > 3)
            return fy_err_format(&fy_ValueError, "MFMA_Scale: opsel%c must be in [0, 3], got %lld", i ? 'B' : 'A',
                                 (long long)op[i]);
    }
    if (fy_type_ready(&mmaop_type) < 0) return NULL;
    mmaop *o = (mmaop *)fy_alloc(&mmaop_type);
    if (!o) return NULL;
    o->s = sh;
    o->ab = ta;
    o->b = tb;
    o->acc = acc;
    o->opsel_a = (int)op[0];
    o->opsel_b = (int)op[1];
    return &o->h;
}

static fy_obj *f_make_mma_atom(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    if (fy_no_kwargs("make_mma_atom", kw) < 0 || fy_check_nargs("make_mma_atom", na, 1, 1) < 0) return NULL;
    if (FY_TYPE(a[0]) != &mmaop_type)
        return fy_err_format(&fy_TypeError,
                             "make_mma_atom: expected an MMA op such as fx.rocdl.MFMA(16, 16, 4, fx.Float32), "
                             "not '%s'",
                             fy_type_name(a[0]));
    if (fy_type_ready(&matom_type) < 0) return NULL;
    matom *m = (matom *)fy_alloc(&matom_type);
    if (!m) return NULL;
    m->s = ((mmaop *)a[0])->s;
    m->ab = ((mmaop *)a[0])->ab;
    m->acc = ((mmaop *)a[0])->acc;
    m->b = ((mmaop *)a[0])->b;
    m->opsel_a = ((mmaop *)a[0])->opsel_a;
    m->opsel_b = ((mmaop *)a[0])->opsel_b;
    return &m->h;
}

/* The modes a permutation (FlyDSL's permutation_mnk: a Tile or a tuple of None / int / Layout per M, N, K) sets:
 * pset[i] and its layout pl[i] (an integer n is the layout n:1). */
static int perm_modes(fy_obj *p, int pset[3], fly_layout pl[3]) {
    fly_tile t;
    fly_error err;
    if (fy_dsl_to_tile(p, &t, "make_tiled_mma", "permutation") < 0) return -1;
    int n = fly_tile_rank(&t);
    if (n > 3) {
        fy_err_format(&fy_ValueError, "make_tiled_mma: the permutation has %d modes, not at most 3 (M, N, K)", n);
        return -1;
    }
    for (int i = 0, e = 1; i < n; i++) {
        const fly_tile_entry *x = &t.e[e];
        if (x->kind == FLY_TILE_INT) {
            char s[32];
            snprintf(s, sizeof s, "%lld:1", (long long)x->v);
            if (fly_layout_parse(s, &pl[i], &err)) return fy_dsl_raise(&err), -1;
            pset[i] = 1;
        } else if (x->kind == FLY_TILE_LAYOUT) {
            pl[i] = t.layouts[x->layout];
            pset[i] = 1;
        } else if (x->kind != FLY_TILE_NONE) {
            return fy_err_set(&fy_NotImplementedError,
                              "make_tiled_mma: a nested tile as a permutation mode is not supported"),
                   -1;
        }
        if (pset[i] && !fly_layout_is_static(&pl[i]))
            return fy_err_set(&fy_ValueError, "make_tiled_mma: the permutation must be static"), -1;
        e += x->span;
    }
    return 0;
}

static fy_obj *f_make_tiled_mma(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    static const char *const names[] = {"mma_atom", "atom_layout", "permutation", NULL};
    fy_obj *v[3] = {NULL, NULL, NULL};
    fly_error err;
    if (fy_parse_args("make_tiled_mma", a, na, kw, names, 1, 3, 3, v) < 0) return NULL;
    if (FY_TYPE(v[0]) != &matom_type)
        return fy_err_format(&fy_TypeError, "make_tiled_mma: expected an MMA atom (fx.make_mma_atom), not '%s'",
                             fy_type_name(v[0]));
    fly_layout al;
    if (!v[1] || v[1] == fy_None) {
        if (fly_layout_parse("(1,1,1):(0,0,0)", &al, &err)) return fy_dsl_raise(&err);
    } else if (fy_dsl_to_layout(v[1], &al, 0, "make_tiled_mma", "atom_layout") < 0) {
        return NULL;
    }
    int pset[3] = {0, 0, 0};
    fly_layout pl[3];
    if (v[2] && v[2] != fy_None && perm_modes(v[2], pset, pl) < 0) return NULL;
    /* the partitions number the atoms column-major in (m, n, k); another numbering (e.g. row-major
     * (2,2,1):(2,1,0)) is mapped onto it through the layout's right inverse (thr_slice, the tiled copies) */
    fly_layout F, inv;
    int64_t rep[3] = {1, 1, 1}, expect = 1, total = 1, ninv = 0;
    int cm = 1;
    if (!fly_layout_is_static(&al) || fly_layout_flatten(&al, &F, &err) || fly_layout_rank(&F) > 3) goto bad;
    int r = fly_inttuple_is_leaf(&F.shape) ? 1 : fly_layout_rank(&F);
    for (int i = 0; i < r; i++) {
        const fly_itnode *sh = r == 1 ? F.shape.n : fly_itnode_child(F.shape.n, i);
        const fly_itnode *st = r == 1 ? F.stride.n : fly_itnode_child(F.stride.n, i);
        if (sh->kind != FLY_IT_INT || st->kind != FLY_IT_INT || sh->v < 1) goto bad;
        rep[i] = sh->v;
        if (sh->v > 1 && st->v != expect) cm = 0;
        expect *= sh->v;
        total *= sh->v;
    }
    if (!cm &&
        (fly_layout_right_inverse(&al, &inv, &err) || fly_layout_size_static(&inv, &ninv, &err) || ninv != total))
        goto bad; /* not a bijection onto 0 .. AM*AN*AK-1 */
    if (fy_type_ready(&tmma_type) < 0) return NULL;
    tmma *t = (tmma *)fy_alloc(&tmma_type);
    if (!t) return NULL;
    t->atom = (matom *)fy_ref(v[0]);
    t->al = al;
    memcpy(t->rep, rep, sizeof rep);
    t->cm = cm;
    if (!cm) t->inv = inv;
    t->perm = fy_ref(v[2] ? v[2] : fy_None);
    memcpy(t->pset, pset, sizeof pset);
    memcpy(t->pl, pl, sizeof pl);
    return &t->h;
bad:;
    char l[256];
    fly_layout_print(&al, l, sizeof l);
    return fy_err_format(
        &fy_NotImplementedError,
        "make_tiled_mma: atom_layout %s is not supported: it must be a static (M,N,K) layout numbering "
        "its atoms 0 .. M*N*K-1 once each, such as (2,2,1):(1,2,0)",
        l);
}

/* ---- layouts ---- */

/* Operand 0 = A (M,K), 1 = B (N,K), 2 = C (M,N): the atom's TV layout and tile extents. */
static int atom_tv(const mfma_shape *s, int which, fly_layout *tv, int64_t ext[2]) {
    char t[128];
    fly_error err;
    if (which < 2) {
        int mn = which == 0 ? s->m : s->n, gk = 64 / mn, kpt = s->k / gk;
        snprintf(t, sizeof t, "((%d,%d),%d):((1,%d),%d)", mn, gk, kpt, mn * kpt, mn);
        ext[0] = mn, ext[1] = s->k;
    } else {
        int gm = 64 / s->n, v1 = s->m / 4 / gm;
        snprintf(t, sizeof t, "((%d,%d),(4,%d)):((%d,4),(1,%d))", s->n, gm, v1, s->m, 4 * gm);
        ext[0] = s->m, ext[1] = s->n;
    }
    if (fly_layout_parse(t, tv, &err)) {
        fy_dsl_raise(&err);
        return -1;
    }
    return 0;
}

/* The repeats of the atom layout along the operand's two modes and the one it does not span: m n k. */
static void operand_reps(const tmma *tm, int which, int idx[3]) {
    /* idx[j]: which of the operand's rest modes (0, 1) gives thread-mode j (m, n, k), -1 broadcast */
    idx[0] = which == 1 ? -1 : 0;
    idx[1] = which == 0 ? -1 : which == 1 ? 0 : 1;
    idx[2] = which == 2 ? -1 : 1;
    (void)tm;
}

static int tile2(int64_t a, int64_t b, fly_tile *t) {
    char s[64];
    fly_error err;
    snprintf(s, sizeof s, "[%lld:1|%lld:1]", (long long)a, (long long)b);
    if (fly_tile_parse(s, t, &err)) {
        fy_dsl_raise(&err);
        return -1;
    }
    return 0;
}

#define LCHK(x) \
    do { \
        if (x) { \
            fy_dsl_raise(&err); \
            return -1; \
        } \
    } while (0)

/* The M/N/K index of operand which's modes 0 and 1 (A: M K, B: N K, C: M N). */
static void operand_mnk(int which, int j[2]) {
    j[0] = which == 1 ? 1 : 0;
    j[1] = which == 2 ? 1 : 2;
}

/* The extent one tiling step covers along mode d of operand which: the permutation's size where it sets the
 * mode, else the atom's extent times its repeats (FlyDSL's tile_size_mnk). */
static int64_t step_extent(const tmma *tm, int which, int d, const int64_t ext[2], const int64_t r[2]) {
    int j[2];
    operand_mnk(which, j);
    int64_t n = ext[d] * r[d];
    fly_error err;
    if (tm->pset[j[d]] && fly_layout_size_static(&tm->pl[j[d]], &n, &err)) n = ext[d] * r[d];
    return n;
}

/* The partition layout (thread, V, R0', R1', extra modes...) of a layout L of rank >= 2 for operand `which`
 * (see the file comment): the first two modes are first divided by the permutation (FlyDSL's thrfrg: a
 * logical_divide of each mode the permutation sets by its layout), modes past the second are kept. */
static int part_layout(tmma *tm, int which, const fly_layout *L, fly_layout *F, const char *op) {
    fly_error err;
    fly_layout AT, Z, Za, Zr, C, Cthr, Cval, Y, Yt, Yr, yt[2], yr[2], bc, T, L2, P, xm[8];
    fly_tile t1, t2;
    int64_t ext[2];
    int idx[3], j[2];
    int rank = fly_inttuple_is_leaf(&L->shape) ? 1 : fly_layout_rank(L);
    if (rank < 2 || rank > 6) return fy_err_format(&fy_ValueError, "%s: expected a tensor of at least 2 modes", op), -1;
    if (atom_tv(tm->atom->s, which, &AT, ext) < 0) return -1;
    operand_reps(tm, which, idx);
    operand_mnk(which, j);
    int64_t r[2];
    for (int q = 0, i = 0; q < 3; q++)
        if (idx[q] >= 0) r[i++] = tm->rep[q];
    /* the tensor must hold a whole number of tiling steps */
    fly_layout md[2];
    for (int d = 0; d < 2; d++) {
        int64_t n, step = step_extent(tm, which, d, ext, r);
        LCHK(fly_layout_get(L, d, &md[d], &err));
        if (fly_layout_size_static(&md[d], &n, &err) == 0 && n % step)
            return fy_err_format(&fy_ValueError,
                                 "%s: mode %d of the tensor has %lld elements, not a multiple of the "
                                 "tiled MMA's %lld",
                                 op, d, (long long)n, (long long)step),
                   -1;
    }
    const fly_layout *two[2] = {&md[0], &md[1]};
    LCHK(fly_layout_concat(&L2, two, 2, &err));
    if (tm->pset[j[0]] || tm->pset[j[1]]) {
        const fly_layout *pm[2] = {tm->pset[j[0]] ? &tm->pl[j[0]] : NULL, tm->pset[j[1]] ? &tm->pl[j[1]] : NULL};
        fly_tile pt;
        LCHK(fly_tile_from_layouts(&pt, pm, 2, &err) || fly_layout_logical_divide_tile(&L2, &pt, &P, &err));
    } else {
        P = L2;
    }
    if (tile2(ext[0], ext[1], &t1) < 0 || tile2(r[0], r[1], &t2) < 0) return -1;
    LCHK(fly_layout_zipped_divide_tile(&P, &t1, &Z, &err) || fly_layout_get(&Z, 0, &Za, &err) ||
         fly_layout_get(&Z, 1, &Zr, &err) || fly_layout_composition(&Za, &AT, &C, &err) ||
         fly_layout_get(&C, 0, &Cthr, &err) || fly_layout_get(&C, 1, &Cval, &err) ||
         fly_layout_zipped_divide_tile(&Zr, &t2, &Y, &err) || fly_layout_get(&Y, 0, &Yt, &err) ||
         fly_layout_get(&Y, 1, &Yr, &err));
    for (int d = 0; d < 2; d++) LCHK(fly_layout_get(&Yt, d, &yt[d], &err) || fly_layout_get(&Yr, d, &yr[d], &err));
    int bj = idx[0] < 0 ? 0 : idx[1] < 0 ? 1 : 2;
    fly_inttuple bs, bz;
    fly_inttuple_int(&bs, tm->rep[bj]);
    fly_inttuple_int(&bz, 0);
    LCHK(fly_layout_make(&bc, &bs, &bz, &err));
    const fly_layout *tm4[4] = {&Cthr, NULL, NULL, NULL};
    for (int q = 0; q < 3; q++) tm4[q + 1] = idx[q] < 0 ? &bc : &yt[idx[q]];
    LCHK(fly_layout_concat(&T, tm4, 4, &err));
    const fly_layout *all[8] = {&T, &Cval, &yr[0], &yr[1]};
    for (int d = 2; d < rank; d++) {
        LCHK(fly_layout_get(L, d, &xm[d], &err));
        all[d + 2] = &xm[d];
    }
    LCHK(fly_layout_concat(F, all, rank + 2, &err));
    return 0;
}

/* The layout and element type of a tensor argument (kernel, buffer or coordinate tensor); NULL with TypeError. */
static const fly_layout *tensor_layout(fy_obj *o, fy_dsl_numeric **et, const char *op) {
    *et = NULL;
    if (FY_TTENSOR_CHECK(o)) {
        *et = ((fy_ttensor *)o)->et;
        return &((fy_ttensor *)o)->L;
    }
    if (fy_trace_is_buffer(o)) return fy_trace_buffer_layout(o, et);
    if (fy_trace_is_coord(o)) return fy_trace_coord_layout(o);
    fy_err_format(&fy_TypeError, "%s: expected a tensor made inside the kernel, not '%s'", op, fy_type_name(o));
    return NULL;
}

/* The thread's partition of tensor o for operand which (modelled on the tiled copy's partition). */
static fy_obj *partition(thrmma *th, int which, fy_obj *o, const char *op) {
    fy_tracer *tr = fy_trace_cur();
    if (!tr) return fy_err_format(&fy_RuntimeError, "%s is only usable inside a kernel", op);
    fly_layout F;
    fy_obj *view;
    if (fy_trace_is_coord(o)) {
        if (part_layout(th->tm, which, fy_trace_coord_layout(o), &F, op) < 0) return NULL;
        view = fy_trace_coord_with_layout(o, &F);
    } else if (fy_trace_is_buffer(o) && fy_trace_buffer_shadow(o)) {
        return fy_trace_buffer_over(o, partition(th, which, fy_trace_buffer_shadow(o), op));
    } else if (fy_trace_is_buffer(o)) {
        fy_dsl_numeric *bt;
        if (part_layout(th->tm, which, fy_trace_buffer_layout(o, &bt), &F, op) < 0) return NULL;
        view = fy_trace_buffer_with_layout(o, &F);
    } else if (FY_TTENSOR_CHECK(o)) {
        fy_ttensor *t = (fy_ttensor *)o;
        if (fly_layout_is_static(&t->L)) {
            if (part_layout(th->tm, which, &t->L, &F, op) < 0) return NULL;
        } else {
            fly_layout B;
            fy_trace_dynsave sv;
            if (fy_trace_bind_layout(tr, t, &B, 3) < 0) return NULL;
            fy_trace_dyn_begin(tr, &sv);
            int pr = part_layout(th->tm, which, &B, &F, op);
            fy_trace_dyn_end(&sv);
            if (pr < 0) return NULL;
        }
        view = fy_trace_view(tr, t, &F);
    } else {
        return fy_err_format(&fy_TypeError, "%s: expected a kernel tensor, not '%s'", op, fy_type_name(o));
    }
    if (!view) return NULL;
    int nk = fly_layout_rank(&F); /* (thread, V, R0, R1, the tensor's modes past two...) */
    fy_obj *key = fy_tuple_new((size_t)nk);
    if (!key) {
        FY_DECREF(view);
        return NULL;
    }
    fy_tuple_set_steal(key, 0, fy_ref(th->tid));
    for (int i = 1; i < nk; i++) fy_tuple_set_steal(key, (size_t)i, fy_none());
    fy_obj *r = FY_TYPE(view)->getitem(view, key);
    FY_DECREF(key);
    FY_DECREF(view);
    return r;
}

/* Size-1 leaves get stride 0 (how FlyDSL prints MMA fragments: (4,1,1):(1,0,0)). */
static void zero_unit_strides(fly_layout *L) {
    for (int i = 0; i < fly_inttuple_nodes(&L->shape) && i < fly_inttuple_nodes(&L->stride); i++)
        if (L->shape.n[i].kind == FLY_IT_INT && L->shape.n[i].v == 1 && L->stride.n[i].kind == FLY_IT_INT)
            L->stride.n[i].v = 0;
}

/* make_fragment_X(t, stages=None): a register fragment shaped like t's partition (t already partitioned: rank 3);
 * with stages, FlyDSL's staged fragment: t's first two modes partitioned, then a mode of `stages` copies. */
static fy_obj *fragment(thrmma *th, int which, fy_obj *o, const char *op, int64_t stages) {
    fy_tracer *tr = fy_trace_cur();
    if (!tr) return fy_err_format(&fy_RuntimeError, "%s is only usable inside a kernel", op);
    fy_dsl_numeric *et;
    const fly_layout *L = tensor_layout(o, &et, op);
    if (!L) return NULL;
    fly_layout P, S, FL, T2;
    fly_error err;
    if (stages > 0) {
        if (fly_layout_rank(L) < 2)
            return fy_err_format(&fy_ValueError, "%s: stages requires an input layout with at least two modes", op);
        const fly_layout *m[2];
        fly_layout g[2];
        for (int i = 0; i < 2; i++) {
            if (fly_layout_get(L, i, &g[i], &err)) return fy_dsl_raise(&err);
            m[i] = &g[i];
        }
        if (fly_layout_concat(&T2, m, 2, &err)) return fy_dsl_raise(&err);
        L = &T2;
    }
    if (fly_layout_rank(L) == 2 && !fly_inttuple_is_leaf(&L->shape)) {
        fly_layout F;
        if (part_layout(th->tm, which, L, &F, op) < 0) return NULL;
        const fly_layout *m[3];
        fly_layout g[3];
        for (int i = 0; i < 3; i++) {
            if (fly_layout_get(&F, i + 1, &g[i], &err)) return fy_dsl_raise(&err);
            m[i] = &g[i];
        }
        if (fly_layout_concat(&P, m, 3, &err)) return fy_dsl_raise(&err);
        L = &P;
    } else if (fly_layout_rank(L) != 3) {
        char s[256];
        fly_inttuple_print(&L->shape, s, sizeof s);
        return fy_err_format(&fy_ValueError,
                             "%s: expected a 2-D tensor or its partition (V, Rest0, Rest1), not shape %s", op, s);
    }
    if (!fly_inttuple_is_static(&L->shape))
        return fy_err_format(&fy_ValueError, "%s: the partition must have a static shape", op);
    fly_inttuple shape = L->shape;
    if (stages > 0) { /* (V, Rest0, Rest1, stages) */
        fly_layout st, g[4];
        const fly_layout *m[4];
        fly_inttuple a, b;
        fly_inttuple_int(&a, stages);
        fly_inttuple_int(&b, 0);
        if (fly_layout_make(&st, &a, &b, &err)) return fy_dsl_raise(&err);
        for (int i = 0; i < 3; i++) {
            if (fly_layout_get(L, i, &g[i], &err)) return fy_dsl_raise(&err);
            m[i] = &g[i];
        }
        m[3] = &st;
        if (fly_layout_concat(&P, m, 4, &err)) return fy_dsl_raise(&err);
        shape = P.shape;
    }
    if (fly_layout_make_col_major(&S, &shape, &err)) return fy_dsl_raise(&err);
    FL = S;
    zero_unit_strides(&FL);
    matom *at = th->tm->atom;
    fy_obj *r = fy_trace_alloca(tr, which == 2 ? at->acc : which == 1 ? at->b : at->ab, &FL);
    /* fragments start at zero (as registers promoted to SSA vectors do), so gemm(C, A, B, C) on a fresh C
     * fragment computes A*B */
    fy_obj *zero = r ? fy_float_from(0.0) : NULL, *f = zero ? fy_trace_tensor_fill((fy_ttensor *)r, zero) : NULL;
    FY_XDECREF(zero);
    if (!f) {
        FY_XDECREF(r);
        return NULL;
    }
    FY_DECREF(f);
    return r;
}

/* make_fragment_X's arguments: the tensor, and stages= (None or a positive int; 0 in *stages when absent). */
static int fragment_args(const char *op, fy_obj *const *a, size_t na, fy_obj *kw, int64_t *stages) {
    static const char *const names[] = {"t", "stages", NULL};
    fy_obj *v[2] = {NULL, NULL};
    *stages = 0;
    if (na > 1) return fy_check_nargs(op, na, 1, 1);
    if (fy_parse_args(op, a, na, kw, names, 1, 1, 2, v) < 0) return -1;
    if (!v[1] || v[1] == fy_None) return 0;
    if (fy_dsl_to_int(v[1], stages, op, "stages") < 0) return -1;
    if (*stages <= 0) {
        fy_err_format(&fy_ValueError, "%s: stages must be positive, got %lld", op, (long long)*stages);
        return -1;
    }
    return 0;
}

#define PART(X, W) \
    static fy_obj *th_partition_##X(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) { \
        if (fy_no_kwargs("partition_" #X, kw) < 0 || fy_check_nargs("partition_" #X, na, 1, 1) < 0) return NULL; \
        return partition((thrmma *)self, W, a[0], "partition_" #X); \
    } \
    static fy_obj *th_fragment_##X(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) { \
        int64_t stages; \
        if (fragment_args("make_fragment_" #X, a, na, kw, &stages) < 0) return NULL; \
        return fragment((thrmma *)self, W, a[0], "make_fragment_" #X, stages); \
    }
PART(A, 0)
PART(B, 1)
PART(C, 2)

/* tiled_mma.make_fragment_X(t, stages=None): FlyDSL's TiledMma form; the fragment depends on the tiled MMA
 * alone, not on a thread, so it is the thread slice's. */
#define TMFRAG(X, W) \
    static fy_obj *tm_fragment_##X(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) { \
        int64_t stages; \
        if (fragment_args("make_fragment_" #X, a, na, kw, &stages) < 0) return NULL; \
        thrmma th = {.tm = (tmma *)self}; \
        return fragment(&th, W, a[0], "make_fragment_" #X, stages); \
    }
TMFRAG(A, 0)
TMFRAG(B, 1)
TMFRAG(C, 2)

/* The column-major thread number of thread tid (an int or a traced value) for an atom layout with right inverse
 * inv: tid % 64 + 64 * inv(tid // 64). */
static fy_obj *colmajor_tid(const fly_layout *inv, fy_obj *tid) {
    fly_layout F;
    fly_error err;
    if (fly_layout_flatten(inv, &F, &err)) return fy_dsl_raise(&err);
    int r = fly_inttuple_is_leaf(&F.shape) ? 1 : fly_layout_rank(&F);
    fy_obj *c64 = fy_int_from(64), *q = fy_binop(tid, c64, FY_NB_FLOORDIV),
           *lane = q ? fy_binop(tid, c64, FY_NB_MOD) : NULL;
    fy_obj *acc = lane ? fy_int_from(0) : NULL;
    int64_t below = 1;
    for (int i = 0; acc && i < r; i++) {
        const fly_itnode *sh = r == 1 ? F.shape.n : fly_itnode_child(F.shape.n, i);
        const fly_itnode *st = r == 1 ? F.stride.n : fly_itnode_child(F.stride.n, i);
        fy_obj *b = fy_int_from(below), *s = fy_int_from(sh->v), *d = fy_int_from(st->v * 64);
        fy_obj *x = b && s && d ? fy_binop(q, b, FY_NB_FLOORDIV) : NULL, *y = x ? fy_binop(x, s, FY_NB_MOD) : NULL;
        fy_obj *z = y ? fy_binop(y, d, FY_NB_MUL) : NULL, *n = z ? fy_binop(acc, z, FY_NB_ADD) : NULL;
        FY_XDECREF(b);
        FY_XDECREF(s);
        FY_XDECREF(d);
        FY_XDECREF(x);
        FY_XDECREF(y);
        FY_XDECREF(z);
        FY_DECREF(acc);
        acc = n;
        below *= sh->v;
    }
    fy_obj *res = acc ? fy_binop(lane, acc, FY_NB_ADD) : NULL;
    FY_XDECREF(acc);
    FY_XDECREF(lane);
    FY_XDECREF(q);
    FY_XDECREF(c64);
    return res;
}

static fy_obj *tm_thr_slice(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (fy_no_kwargs("thr_slice", kw) < 0 || fy_check_nargs("thr_slice", na, 1, 1) < 0) return NULL;
    if (fy_type_ready(&thrmma_type) < 0) return NULL;
    thrmma *t = (thrmma *)fy_alloc(&thrmma_type);
    if (!t) return NULL;
    t->tm = (tmma *)fy_ref(self);
    t->tid = ((tmma *)self)->cm ? fy_ref(a[0]) : colmajor_tid(&((tmma *)self)->inv, a[0]);
    if (!t->tid) {
        FY_DECREF(&t->h);
        return NULL;
    }
    return &t->h;
}

static fy_obj *tm_tile_size_mnk(fy_obj *o) {
    tmma *t = (tmma *)o;
    const mfma_shape *s = t->atom->s;
    int64_t v[3] = {s->m * t->rep[0], s->n * t->rep[1], s->k * t->rep[2]};
    fly_error err;
    for (int i = 0; i < 3; i++)
        if (t->pset[i] && fly_layout_size_static(&t->pl[i], &v[i], &err)) return fy_dsl_raise(&err);
    return int_tuple(3, v);
}
static fy_obj *tm_atom_layout(fy_obj *o) { return fy_dsl_layout_new(&((tmma *)o)->al); }
static fy_obj *tm_permutation(fy_obj *o) { return fy_ref(((tmma *)o)->perm); }
static fy_obj *matom_shape_mnk(fy_obj *o) {
    const mfma_shape *s = ((matom *)o)->s;
    int64_t v[3] = {s->m, s->n, s->k};
    return int_tuple(3, v);
}
static fy_obj *matom_tv(fy_obj *o, int which) {
    fly_layout tv;
    int64_t ext[2];
    if (atom_tv(((matom *)o)->s, which, &tv, ext) < 0) return NULL;
    return fy_dsl_layout_new(&tv);
}
static fy_obj *matom_tv_a(fy_obj *o) { return matom_tv(o, 0); }
static fy_obj *matom_tv_b(fy_obj *o) { return matom_tv(o, 1); }
static fy_obj *matom_tv_c(fy_obj *o) { return matom_tv(o, 2); }
static fy_obj *matom_thr_layout(fy_obj *o) {
    (void)o;
    fly_layout L;
    fly_error err;
    if (fly_layout_parse("64:1", &L, &err)) return fy_dsl_raise(&err);
    return fy_dsl_layout_new(&L);
}

/* ---- tiled copies matched to an MMA operand ---- */

/* The MMA's TV layout of operand which over its tile (T0,T1) (thread = (lane, m, n, k) column-major). */
static int tiled_tv_cm(tmma *tm, int which, fly_layout *TV, int64_t tile[2]) {
    fly_error err;
    fly_layout AT, E, ATE, a0, a1, rm[3], T;
    int64_t ext[2];
    int idx[3];
    if (atom_tv(tm->atom->s, which, &AT, ext) < 0) return -1;
    operand_reps(tm, which, idx);
    int64_t r[2];
    for (int j = 0, i = 0; j < 3; j++)
        if (idx[j] >= 0) r[i++] = tm->rep[j];
    tile[0] = step_extent(tm, which, 0, ext, r), tile[1] = step_extent(tm, which, 1, ext, r);
    int jm[2];
    operand_mnk(which, jm);
    if (tm->pset[jm[0]] || tm->pset[jm[1]]) {
        /* permuted: the partition of the tile's own column-major layout, (thread, (V, R0', R1')) */
        fly_layout ref, F, th, vm[3];
        char rs[64];
        snprintf(rs, sizeof rs, "(%lld,%lld):(1,%lld)", (long long)tile[0], (long long)tile[1], (long long)tile[0]);
        LCHK(fly_layout_parse(rs, &ref, &err));
        if (part_layout(tm, which, &ref, &F, "make_tiled_copy") < 0) return -1;
        LCHK(fly_layout_get(&F, 0, &th, &err));
        for (int i = 0; i < 3; i++) LCHK(fly_layout_get(&F, i + 1, &vm[i], &err));
        const fly_layout *vv[3] = {&vm[0], &vm[1], &vm[2]};
        fly_layout V;
        LCHK(fly_layout_concat(&V, vv, 3, &err));
        const fly_layout *tv2[2] = {&th, &V};
        LCHK(fly_layout_concat(TV, tv2, 2, &err));
        return 0;
    }
    char s[96];
    snprintf(s, sizeof s, "(%lld,%lld):(1,%lld)", (long long)ext[0], (long long)ext[1], (long long)tile[0]);
    LCHK(fly_layout_parse(s, &E, &err) || fly_layout_composition(&E, &AT, &ATE, &err) ||
         fly_layout_get(&ATE, 0, &a0, &err) || fly_layout_get(&ATE, 1, &a1, &err));
    for (int j = 0; j < 3; j++) {
        int64_t st = idx[j] < 0 ? 0 : idx[j] == 0 ? ext[0] : ext[1] * tile[0];
        snprintf(s, sizeof s, "%lld:%lld", (long long)tm->rep[j], (long long)st);
        LCHK(fly_layout_parse(s, &rm[j], &err));
    }
    const fly_layout *tmodes[4] = {&a0, &rm[0], &rm[1], &rm[2]};
    LCHK(fly_layout_concat(&T, tmodes, 4, &err));
    const fly_layout *both[2] = {&T, &a1};
    LCHK(fly_layout_concat(TV, both, 2, &err));
    return 0;
}

/* The tiled TV layout by thread number: for an atom layout that is not column-major, the thread mode composed
 * with thread number -> column-major thread (lane stays, the atom number through the inverse). */
static int tiled_tv(tmma *tm, int which, fly_layout *TV, int64_t tile[2]) {
    if (tiled_tv_cm(tm, which, TV, tile) < 0) return -1;
    if (tm->cm) return 0;
    fly_error err;
    fly_layout th, val, lanes, sc, Lt, th2;
    sc = tm->inv;
    for (int i = 0; i < fly_inttuple_nodes(&sc.stride); i++)
        if (sc.stride.n[i].kind == FLY_IT_INT) sc.stride.n[i].v *= 64;
    LCHK(fly_layout_parse("64:1", &lanes, &err));
    const fly_layout *two[2] = {&lanes, &sc};
    LCHK(fly_layout_concat(&Lt, two, 2, &err) || fly_layout_get(TV, 0, &th, &err) ||
         fly_layout_get(TV, 1, &val, &err) || fly_layout_composition(&th, &Lt, &th2, &err));
    const fly_layout *tv2[2] = {&th2, &val};
    LCHK(fly_layout_concat(TV, tv2, 2, &err));
    return 0;
}

static fy_obj *tiled_copy_for(const char *op, int which, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (fy_no_kwargs(op, kw) < 0 || fy_check_nargs(op, na, 2, 2) < 0) return NULL;
    if (FY_TYPE(a[1]) != &tmma_type)
        return fy_err_format(&fy_TypeError, "%s: expected a tiled MMA (fx.make_tiled_mma), not '%s'", op,
                             fy_type_name(a[1]));
    fly_layout TV;
    int64_t tile[2];
    if (tiled_tv((tmma *)a[1], which, &TV, tile) < 0) return NULL;
    fy_obj *mn = int_tuple(2, tile);
    if (!mn) return NULL;
    fy_obj *r = fy_trace_tiled_copy_new(a[0], &TV, mn);
    FY_DECREF(mn);
    return r;
}
static fy_obj *f_tc_a(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return tiled_copy_for("make_tiled_copy_A", 0, a, na, kw);
}
static fy_obj *f_tc_b(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return tiled_copy_for("make_tiled_copy_B", 1, a, na, kw);
}
static fy_obj *f_tc_c(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return tiled_copy_for("make_tiled_copy_C", 2, a, na, kw);
}

fy_obj *fy_trace_mma_retile(int64_t atomv, fy_obj *frag) {
    fy_tracer *tr = fy_trace_cur();
    if (!tr) return fy_err_format(&fy_RuntimeError, "retile is only usable inside a kernel");
    if (!FY_TTENSOR_CHECK(frag) || ((fy_ttensor *)frag)->reg != FY_SP_REG)
        return fy_err_format(&fy_TypeError, "retile: expected a register fragment, not '%s'", fy_type_name(frag));
    fy_ttensor *t = (fy_ttensor *)frag;
    fly_error err;
    fly_layout m0, S, R;
    int64_t v;
    int rank = fly_inttuple_is_leaf(&t->L.shape) ? 1 : fly_layout_rank(&t->L);
    if ((rank > 1 && fly_layout_get(&t->L, 0, &m0, &err)) || fly_layout_size_static(rank == 1 ? &t->L : &m0, &v, &err))
        return fy_dsl_raise(&err);
    if (atomv > v && v > 0 && atomv % v == 0 && rank > 1) {
        /* a permuted tiled MMA: one copy covers several atoms' values, the first leaf of a rest mode (the
         * permutation's split of K, say (V, M, (2, K/32)) for 8-value copies of 4-value atoms); that leaf
         * joins the value mode: ((V, 2), M, K/32) */
        for (int i = 1; i < rank; i++) {
            fly_layout mi, f, rest, m0n, L2, parts[6];
            int64_t fs;
            if (fly_layout_get(&t->L, i, &mi, &err)) return fy_dsl_raise(&err);
            int ri = fly_inttuple_is_leaf(&mi.shape) ? 1 : fly_layout_rank(&mi);
            if (ri < 2 || ri > 6 || rank > 6 || fly_layout_get(&mi, 0, &f, &err) ||
                fly_layout_size_static(&f, &fs, &err) || (v * fs) % atomv)
                continue;
            const fly_layout *rp[6];
            for (int j = 1; j < ri && j < 6; j++) {
                if (fly_layout_get(&mi, j, &parts[j], &err)) return fy_dsl_raise(&err);
                rp[j - 1] = &parts[j];
            }
            if (ri == 2) rest = parts[1];
            else if (fly_layout_concat(&rest, rp, ri - 1, &err)) return fy_dsl_raise(&err);
            const fly_layout *vm[2] = {&m0, &f};
            if (fly_layout_concat(&m0n, vm, 2, &err)) return fy_dsl_raise(&err);
            fly_layout modes[6];
            const fly_layout *mp[6];
            for (int j = 0; j < rank && j < 6; j++) {
                if (j == 0) modes[j] = m0n;
                else if (j == i) modes[j] = rest;
                else if (fly_layout_get(&t->L, j, &modes[j], &err)) return fy_dsl_raise(&err);
                mp[j] = &modes[j];
            }
            if (fly_layout_concat(&L2, mp, rank, &err)) return fy_dsl_raise(&err);
            fy_obj *w = fy_trace_view(tr, t, &L2);
            if (!w) return NULL;
            fy_obj *r = fy_trace_mma_retile(atomv, w);
            FY_DECREF(w);
            return r;
        }
    }
    if (atomv < 1 || v % atomv)
        return fy_err_format(&fy_ValueError,
                             "retile: the fragment's %lld values per MMA atom are not a whole number of "
                             "the copy atom's %lld",
                             (long long)v, (long long)atomv);
    /* ((AtomV, RestV), rest modes...) over the fragment's elements in their column-major order */
    fly_inttuple sh, av, tmp[FLY_IT_MAX_DEPTH];
    const fly_inttuple *el[FLY_IT_MAX_DEPTH];
    int64_t ab[2] = {atomv, v / atomv};
    if (fly_inttuple_from_ints(&av, ab, 2, &err)) return fy_dsl_raise(&err);
    int n = 0;
    el[n++] = &av;
    for (int i = 1; i < rank && n < FLY_IT_MAX_DEPTH; i++) {
        if (fly_inttuple_get(&t->L.shape, i, &tmp[i], &err)) return fy_dsl_raise(&err);
        el[n++] = &tmp[i];
    }
    if (fly_inttuple_make_tuple(&sh, el, n, &err) || fly_layout_make_col_major(&S, &sh, &err) ||
        fly_layout_composition(&t->L, &S, &R, &err))
        return fy_dsl_raise(&err);
    return fy_trace_view(tr, t, &R);
}

/* ---- gemm ---- */

static const mfma_shape *mma_shape(fy_obj *o, matom **at) {
    *at = FY_TYPE(o) == &matom_type ? (matom *)o : FY_TYPE(o) == &tmma_type ? ((tmma *)o)->atom : NULL;
    return *at ? (*at)->s : NULL;
}

/* Emits one atom call on register tensors d, a, b, c (each exactly one atom's values); scale[i] (0: unset) the
 * i32 values of the atom's scale_a / scale_b state, set on the atom by fly.atom.set_value as FlyDSL does. */
static int emit_call(fy_tracer *tr, matom *at, fy_ttensor *d, fy_ttensor *a, fy_ttensor *b, fy_ttensor *c,
                     const uint64_t scale[2]) {
    char ty[160];
    atom_text(ty, sizeof ty, at);
    uint64_t r = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = \"fly.make_mma_atom\"() : () -> %s", U(r), ty);
    fy_trace_end_line(tr);
    for (int i = 0; i < 2; i++) {
        if (!scale[i]) continue;
        uint64_t x = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = \"fly.atom.set_value\"(%%%llu, %%%llu) {field = \"%s\"} : (%s, i32) -> %s",
                      U(x), U(r), U(scale[i]), i ? "scale_b" : "scale_a", ty, ty);
        fy_trace_end_line(tr);
        r = x;
    }
    fy_trace_emit(tr,
                  "      \"fly.mma_atom_call\"(%%%llu, %%%llu, %%%llu, %%%llu, %%%llu) : (%s, %s, %s, %s, %s) -> ()",
                  U(r), U(d->ssa), U(a->ssa), U(b->ssa), U(c->ssa), ty, d->ty, a->ty, b->ty, c->ty);
    fy_trace_end_line(tr);
    if (tr->failed) {
        fy_err_nomem();
        return -1;
    }
    return 0;
}

/* Checks operand o of an MMA: a register tensor of element type et; its rank-3 shape (V, R0, R1) in ext
 * (a rank-1 tensor is (V, 1, 1)). The scaled MFMA's a and b (bits) take any element type whose V values hold
 * the atom's v values' bits (FlyDSL bitcasts them: eight Int32 for 32 fp8, four for 32 fp4). */
static int check_operand(fy_obj *o, const char *name, fy_dsl_numeric *et, int64_t v, int64_t ext[3], const char *op,
                         const mfma_shape *sh, int bits) {
    fly_error err;
    if (!FY_TTENSOR_CHECK(o) || ((fy_ttensor *)o)->reg != FY_SP_REG) {
        fy_err_format(&fy_TypeError, "%s: %s must be a register fragment (make_fragment_%c), not '%s'", op, name,
                      name[0] == 'd' ? 'C' : name[0] - 32, fy_type_name(o));
        return -1;
    }
    fy_ttensor *t = (fy_ttensor *)o;
    if (!bits && (t->et->width != et->width || t->et->kind != et->kind)) {
        fy_err_format(&fy_TypeError, "%s: %s holds %s values but the MMA atom takes %s", op, name, t->et->name,
                      et->name);
        return -1;
    }
    int rank = fly_inttuple_is_leaf(&t->L.shape) ? 1 : fly_layout_rank(&t->L);
    ext[1] = ext[2] = 1;
    fly_layout m;
    char s[256];
    fly_inttuple_print(&t->L.shape, s, sizeof s);
    if (rank < 1 || rank > 3) {
        fy_err_format(&fy_ValueError, "%s: %s has shape %s; expected (V, Rest0, Rest1) with V = %lld values per atom",
                      op, name, s, (long long)v);
        return -1;
    }
    for (int i = 0; i < rank; i++) {
        if ((rank == 1 ? (m = t->L, 0) : fly_layout_get(&t->L, i, &m, &err)) ||
            fly_layout_size_static(&m, &ext[i], &err)) {
            fy_dsl_raise(&err);
            return -1;
        }
    }
    if (bits && ext[0] * t->et->width == v * et->width) ext[0] = v;
    if (ext[0] != v) {
        fy_err_format(&fy_ValueError,
                      "%s: %s has shape %s: its first mode holds %lld values, but one %dx%dx%d MMA atom "
                      "takes %lld per thread%s",
                      op, name, s, (long long)ext[0], sh->m, sh->n, sh->k, (long long)v,
                      bits ? " (or as many bits in other values)" : "");
        return -1;
    }
    return 0;
}

/* The atom-sized slice (None, i, j) of a rank-3 fragment (itself for rank 1). */
static fy_obj *sub(fy_obj *o, int64_t i, int64_t j) {
    fy_ttensor *t = (fy_ttensor *)o;
    if (fly_inttuple_is_leaf(&t->L.shape) || fly_layout_rank(&t->L) == 1) return fy_ref(o);
    int n = fly_layout_rank(&t->L) == 2 ? 2 : 3; /* (V, R0): one atom along the other mode */
    int64_t ij[3] = {0, i, j};
    fy_obj *key = int_tuple(n, ij);
    if (!key) return NULL;
    FY_DECREF(FY_TUPLE_ITEMS(key)[0]);
    fy_tuple_set_steal(key, 0, fy_none());
    fy_obj *r = FY_TYPE(o)->getitem(o, key);
    FY_DECREF(key);
    return r;
}

/* The i32 value of a scale word (an Int32 / Uint32 / int, or a vector of 32 bits, bitcast) into *ssa. */
static int scale_word(fy_tracer *tr, fy_obj *o, const char *op, const char *name, uint64_t *ssa) {
    uint64_t vs;
    fy_dsl_numeric *et;
    int64_t n;
    if (fy_tvector_parts(o, &vs, &et, &n) == 0) {
        if (n * et->width != 32)
            return fy_err_format(&fy_ValueError, "%s: %s must be 32 bits, not a vector of %lld %s", op, name,
                                 (long long)n, et->name),
                   -1;
        *ssa = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = \"llvm.bitcast\"(%%%llu) : (vector<%lldx%s>) -> i32", U(*ssa), U(vs),
                      (long long)n, fy_trace_mlir_type(et));
        fy_trace_end_line(tr);
        return 0;
    }
    if (fy_err_occurred()) fy_err_clear();
    const char *ty;
    if (!FY_DSL_NUM_CHECK(o) && fy_mlir_value_parts(o, &vs, &ty) && !strcmp(ty, "i32")) { /* a bindings i32 Value */
        *ssa = vs;
        return 0;
    }
    if (FY_DSL_NUM_CHECK(o) && (((fy_dsl_num *)o)->dt->kind == FY_DSL_K_FLOAT || ((fy_dsl_num *)o)->dt->width != 32))
        return fy_err_format(&fy_TypeError, "%s: %s must be a 32-bit integer (the packed E8M0 scale bytes), not %s", op,
                             name, ((fy_dsl_num *)o)->dt->name),
               -1;
    return fy_trace_value_as(tr, o, &fy_dsl_t_i32, ssa);
}

static fy_obj *mma_common(const char *op, fy_obj *const *a, size_t na, fy_obj *kw, int one) {
    /* traversal_order / traversal_layout choose the loop order on hardware; the result is the same; scale_a /
     * scale_b set the scaled MFMA's state (FlyDSL's gemm(..., **kwargs) sets atom fields) */
    static const char *const names[] = {"mma",     "d",       "a", "b", "c", "traversal_order", "traversal_layout",
                                        "scale_a", "scale_b", NULL};
    fy_obj *v[9] = {NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
    if (fy_parse_args(op, a, na, kw, names, 5, 5, 9, v) < 0) return NULL;
    if (one && (v[5] || v[6]))
        return fy_err_format(&fy_TypeError, "%s() got an unexpected keyword argument '%s'", op,
                             v[5] ? "traversal_order" : "traversal_layout");
    fy_tracer *tr = fy_trace_cur();
    if (!tr) return fy_err_format(&fy_RuntimeError, "%s is only usable inside a kernel", op);
    matom *at;
    const mfma_shape *s = mma_shape(v[0], &at);
    if (!s)
        return fy_err_format(&fy_TypeError, "%s: expected an MMA atom or tiled MMA, not '%s'", op, fy_type_name(v[0]));
    if (one && FY_TYPE(v[0]) != &matom_type)
        return fy_err_format(&fy_TypeError, "%s: expected an MMA atom, not '%s'", op, fy_type_name(v[0]));
    int64_t vb = s->va, vc = s->vc;
    int64_t ed[3], ea[3], eb[3], ec[3];
    int scaled = is_scaled(s);
    if (check_operand(v[1], "d", at->acc, vc, ed, op, s, 0) < 0 ||
        check_operand(v[2], "a", at->ab, s->va, ea, op, s, scaled) < 0 ||
        check_operand(v[3], "b", at->b, vb, eb, op, s, scaled) < 0 ||
        check_operand(v[4], "c", at->acc, vc, ec, op, s, 0) < 0)
        return NULL;
    uint64_t scale[2] = {at->scale[0], at->scale[1]}; /* the atom's state (fx.atom_set_value), then kwargs */
    for (int i = 0; i < 2; i++) {
        if (!v[7 + i] || v[7 + i] == fy_None) continue;
        if (!scaled)
            return fy_err_format(&fy_ValueError, "%s: the MMA atom has no field %s (only cdna4.MFMA_Scale atoms do)",
                                 op, names[7 + i]);
        if (scale_word(tr, v[7 + i], op, names[7 + i], &scale[i]) < 0) return NULL;
    }
    /* D (V,M,N) = A (V,M,K) * B (V,N,K) + C (V,M,N) */
    if (ed[1] != ec[1] || ed[2] != ec[2] || ea[1] != ed[1] || eb[1] != ed[2] || ea[2] != eb[2]) {
        char sd[128], sa[128], sb[128], sc[128];
        fly_inttuple_print(&((fy_ttensor *)v[1])->L.shape, sd, sizeof sd);
        fly_inttuple_print(&((fy_ttensor *)v[2])->L.shape, sa, sizeof sa);
        fly_inttuple_print(&((fy_ttensor *)v[3])->L.shape, sb, sizeof sb);
        fly_inttuple_print(&((fy_ttensor *)v[4])->L.shape, sc, sizeof sc);
        return fy_err_format(&fy_ValueError,
                             "%s: fragment shapes do not match: d %s, a %s, b %s, c %s (expected d, c "
                             "(V,M,N), a (V,M,K), b (V,N,K))",
                             op, sd, sa, sb, sc);
    }
    if (one && (ed[1] != 1 || ed[2] != 1 || ea[2] != 1))
        return fy_err_format(&fy_ValueError, "%s: each operand must hold exactly one atom's values", op);
    /* k outermost: D accumulates over k (the first k step reads C) */
    for (int64_t k = 0; k < ea[2]; k++)
        for (int64_t m = 0; m < ed[1]; m++)
            for (int64_t n = 0; n < ed[2]; n++) {
                fy_obj *sd = sub(v[1], m, n), *sa = sd ? sub(v[2], m, k) : NULL, *sb = sa ? sub(v[3], n, k) : NULL;
                fy_obj *sc = sb ? sub(k == 0 ? v[4] : v[1], m, n) : NULL;
                int rc = sc ? emit_call(tr, at, (fy_ttensor *)sd, (fy_ttensor *)sa, (fy_ttensor *)sb, (fy_ttensor *)sc,
                                        scale)
                            : -1;
                FY_XDECREF(sd);
                FY_XDECREF(sa);
                FY_XDECREF(sb);
                FY_XDECREF(sc);
                if (rc < 0) return NULL;
            }
    return fy_none();
}

static fy_obj *f_gemm(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return mma_common("gemm", a, na, kw, 0);
}
static fy_obj *f_mma_atom_call(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return mma_common("mma_atom_call", a, na, kw, 1);
}

/* _partition_shape(which, shape): the shape (V, Rest...) of a thread's partition of operand which (0 A, 1 B, 2 C)
 * of a compact tensor of shape (FlyDSL's fly.tiled_mma.partition_shape); no kernel needed. */
static fy_obj *tm_partition_shape(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw) {
    static const char *const names[] = {"which", "shape", NULL};
    fy_obj *v[2];
    if (fy_parse_args("tiled_mma_partition_shape", a, na, kw, names, 2, 2, 2, v) < 0) return NULL;
    int64_t which;
    if (fy_int_as_i64(v[0], &which) < 0) return NULL;
    if (which < 0 || which > 2) return fy_err_set(&fy_ValueError, "tiled_mma_partition_shape: operand out of range");
    fly_inttuple sh, res;
    fly_layout L, F;
    fly_error err;
    if (fy_dsl_to_inttuple(v[1], &sh, 0, "tiled_mma_partition_shape", "shape") < 0) return NULL;
    if (fly_layout_make_col_major(&L, &sh, &err)) return fy_dsl_raise(&err);
    if (part_layout((tmma *)o, (int)which, &L, &F, "tiled_mma_partition_shape") < 0) return NULL;
    int n = fly_layout_rank(&F);
    fly_inttuple modes[8];
    const fly_inttuple *mp[8];
    for (int i = 1; i < n; i++) {
        fly_layout m;
        if (fly_layout_get(&F, i, &m, &err)) return fy_dsl_raise(&err);
        fly_inttuple_copy(&modes[i - 1], &m.shape);
        mp[i - 1] = &modes[i - 1];
    }
    if (fly_inttuple_make_tuple(&res, mp, n - 1, &err)) return fy_dsl_raise(&err);
    return fy_dsl_inttuple_new(&res);
}

static fy_methoddef tm_methods[] = {
    {"_partition_shape", tm_partition_shape, 0,
     "_partition_shape(which, shape)\nThe shape of a thread's partition of operand which (0 A, 1 B, 2 C)."},
    {"thr_slice", tm_thr_slice, 0, "thr_slice(tid)\nThe thread's ThrMma."},
    {"get_slice", tm_thr_slice, 0, "get_slice(tid)\nThe thread's ThrMma."},
    {"make_fragment_A", tm_fragment_A, 0,
     "make_fragment_A(t, stages=None)\nA register fragment for A shaped like a thread's partition of t."},
    {"make_fragment_B", tm_fragment_B, 0, "make_fragment_B(t, stages=None)\nA register fragment for B."},
    {"make_fragment_C", tm_fragment_C, 0,
     "make_fragment_C(t, stages=None)\nA register fragment for C (the accumulators)."},
    {"_repr_svg_", fy_dsl_repr_svg, 0, "_repr_svg_()\nThe picture as SVG."},
    {0}};
static fy_methoddef th_methods[] = {
    {"partition_A", th_partition_A, 0, "partition_A(t)\nThe thread's A view (V, RestM, RestK)."},
    {"partition_B", th_partition_B, 0, "partition_B(t)\nThe thread's B view (V, RestN, RestK)."},
    {"partition_C", th_partition_C, 0, "partition_C(t)\nThe thread's C view (V, RestM, RestN)."},
    {"make_fragment_A", th_fragment_A, 0, "make_fragment_A(t)\nA register fragment for A shaped like t's partition."},
    {"make_fragment_B", th_fragment_B, 0, "make_fragment_B(t)\nA register fragment for B."},
    {"make_fragment_C", th_fragment_C, 0, "make_fragment_C(t)\nA register fragment for C (the accumulators)."},
    {0}};
/* The tiled TV layout of operand which over its tile (A: (M,K), B: (N,K), C: (M,N) of tile_size_mnk). */
static fy_obj *tm_tiled_tv(fy_obj *o, int which) {
    fly_layout TV;
    int64_t tile[2];
    if (tiled_tv((tmma *)o, which, &TV, tile) < 0) return NULL;
    return fy_dsl_layout_new(&TV);
}
static fy_obj *tm_tv_a(fy_obj *o) { return tm_tiled_tv(o, 0); }
static fy_obj *tm_tv_b(fy_obj *o) { return tm_tiled_tv(o, 1); }
static fy_obj *tm_tv_c(fy_obj *o) { return tm_tiled_tv(o, 2); }
/* The threads of the tiled MMA: the atom's 64 lanes, then the atom layout's (M, N, K) repeats. */
static fy_obj *tm_thr_vmnk(fy_obj *o) {
    const fly_layout *al = &((tmma *)o)->al;
    fly_layout lanes, R;
    fly_error err;
    if (fly_layout_parse("64:1", &lanes, &err) || fly_layout_tiled_product(&lanes, al, &R, &err))
        return fy_dsl_raise(&err);
    return fy_dsl_layout_new(&R);
}
static fy_getsetdef tm_getsets[] = {{"tile_size_mnk", tm_tile_size_mnk, NULL, "the (M, N, K) one tiling step covers"},
                                    {"atom_layout", tm_atom_layout, NULL, "the atom layout"},
                                    {"permutation_mnk", tm_permutation, NULL, "the permutation (None)"},
                                    {"thr_layout_vmnk", tm_thr_vmnk, NULL, "(lane, M, N, K repeats) -> thread"},
                                    {"tv_layout_A_tiled", tm_tv_a, NULL, "(thread, value) -> (M,K) index of A's tile"},
                                    {"tv_layout_B_tiled", tm_tv_b, NULL, "(thread, value) -> (N,K) index of B's tile"},
                                    {"tv_layout_C_tiled", tm_tv_c, NULL, "(thread, value) -> (M,N) index of C's tile"},
                                    {0}};
static fy_getsetdef matom_getsets[] = {{"shape_mnk", matom_shape_mnk, NULL, "(M, N, K)"},
                                       {"thr_layout", matom_thr_layout, NULL, "the 64 lanes of a wave"},
                                       {"layout_A_tv", matom_tv_a, NULL, "(lane, value) -> (M,K) index of A"},
                                       {"layout_B_tv", matom_tv_b, NULL, "(lane, value) -> (N,K) index of B"},
                                       {"layout_C_tv", matom_tv_c, NULL, "(lane, value) -> (M,N) index of C"},
                                       {0}};

static fy_type mmaop_type = {FY_TYPE_INIT("MFMA", sizeof(mmaop)), .flags = FY_TPF_FINAL, .repr = mmaop_repr,
                             .hash = repr_hash, .richcmp = repr_richcmp};
/* atom._set_value(field, value) (fx.atom_set_value): a copy of the atom with its state field set; the state an MMA
 * atom of gfx942 / gfx950 has is the scaled MFMA's scale_a / scale_b (FlyDSL's AtomStateField). */
static fy_obj *matom_set_value(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw) {
    const char *op = "atom_set_value";
    if (fy_no_kwargs(op, kw) < 0 || fy_check_nargs(op, na, 2, 2) < 0) return NULL;
    if (!FY_STR_CHECK(a[0]))
        return fy_err_format(&fy_TypeError, "%s: field must be a str, not '%s'", op, fy_type_name(a[0]));
    const char *f = FY_STR_DATA(a[0]);
    matom *at = (matom *)o;
    int i = !strcmp(f, "scale_a") ? 0 : !strcmp(f, "scale_b") ? 1 : -1;
    if (i < 0) {
        if (!strcmp(f, "workgroup_mask"))
            return fy_err_format(
                &fy_NotImplementedError,
                "%s: field workgroup_mask is only available on gfx1250 atoms; flyi compiles for gfx942 "
                "and gfx950",
                op);
        if (!strcmp(f, "soffset") || !strcmp(f, "imm_offset"))
            return fy_err_format(&fy_ValueError, "%s: the MMA atom has no field %s (buffer copy atoms do)", op, f);
        return fy_err_format(&fy_ValueError,
                             "%s: unknown atom field '%s' (the fields: soffset, imm_offset, scale_a, scale_b, "
                             "workgroup_mask)",
                             op, f);
    }
    if (!is_scaled(at->s))
        return fy_err_format(&fy_ValueError, "%s: the MMA atom has no field %s (only cdna4.MFMA_Scale atoms do)", op,
                             f);
    fy_tracer *tr = fy_trace_cur();
    if (!tr) return fy_err_format(&fy_RuntimeError, "%s is only usable inside a kernel", op);
    uint64_t ssa;
    if (scale_word(tr, a[1], op, f, &ssa) < 0) return NULL;
    matom *m = (matom *)fy_alloc(&matom_type);
    if (!m) return NULL;
    m->s = at->s;
    m->ab = at->ab;
    m->acc = at->acc;
    m->b = at->b;
    m->opsel_a = at->opsel_a;
    m->opsel_b = at->opsel_b;
    m->scale[0] = at->scale[0];
    m->scale[1] = at->scale[1];
    m->scale[i] = ssa;
    return &m->h;
}
static fy_methoddef matom_methods[] = {
    {"_repr_svg_", fy_dsl_repr_svg, 0, "_repr_svg_()\nThe picture as SVG."},
    {"_set_value", matom_set_value, 0, "_set_value(field, value)\nA copy of the atom with state field set."},
    {0}};
static fy_type matom_type = {FY_TYPE_INIT("MmaAtom", sizeof(matom)),
                             .flags = FY_TPF_FINAL,
                             .methods = matom_methods,
                             .repr = matom_repr,
                             .hash = repr_hash,
                             .richcmp = repr_richcmp,
                             .getsets = matom_getsets};
static fy_type tmma_type = {FY_TYPE_INIT("TiledMma", sizeof(tmma)),
                            .flags = FY_TPF_FINAL,
                            .repr = tmma_repr,
                            .dealloc = tmma_dealloc,
                            .hash = repr_hash,
                            .richcmp = repr_richcmp,
                            .methods = tm_methods,
                            .getsets = tm_getsets};
static fy_type thrmma_type = {FY_TYPE_INIT("ThrMma", sizeof(thrmma)), .flags = FY_TPF_FINAL, .dealloc = thrmma_dealloc,
                              .methods = th_methods};

static fy_methoddef mma_funcs[] = {
    {"make_mma_atom", f_make_mma_atom, 0, "make_mma_atom(mma_op)\nAn MMA atom."},
    {"make_tiled_mma", f_make_tiled_mma, 0, "make_tiled_mma(mma_atom, atom_layout, permutation=None)\nA tiled MMA."},
    {"make_tiled_copy_A", f_tc_a, 0, "make_tiled_copy_A(copy_atom, tiled_mma)\nA tiled copy matched to the MMA's A."},
    {"make_tiled_copy_B", f_tc_b, 0, "make_tiled_copy_B(copy_atom, tiled_mma)\nA tiled copy matched to the MMA's B."},
    {"make_tiled_copy_C", f_tc_c, 0, "make_tiled_copy_C(copy_atom, tiled_mma)\nA tiled copy matched to the MMA's C."},
    {"gemm", f_gemm, 0, "gemm(mma, d, a, b, c)\nD = A * B + C over the fragments' rest modes (kernels only)."},
    {"mma_atom_call", f_mma_atom_call, 0, "mma_atom_call(atom, d, a, b, c)\nExactly one MMA instruction."},
    {0}};
static fy_methoddef rocdl_funcs[] = {
    {"MFMA", f_mfma, 0, "MFMA(m, n, k, elem_ab, elem_acc=None)\nA CDNA MFMA op (accumulator Float32)."},
    {"MFMA_Scale", f_mfma_scale, 0,
     "MFMA_Scale(m, n, k, elem_ty_a, elem_ty_b=None, elem_ty_acc=None, *, opsel_a=0, opsel_b=0)\n"
     "gfx950's scaled MFMA op (fp8 / fp6 / fp4 inputs under E8M0 block scales; state scale_a, scale_b)."},
    {"MFMAScale", f_mfma_scale, 0, "MFMAScale(...)\nThe same as MFMA_Scale."},
    {0}};

static int add_funcs(fy_obj *m, fy_methoddef *d) {
    for (; d->name; d++) {
        fy_obj *f = fy_cfunction_new(d, m);
        if (!f || fy_module_add_steal(m, d->name, f) < 0) return -1;
    }
    return 0;
}

int fy_trace_is_mma_value(fy_obj *o) {
    fy_type *t = FY_TYPE(o);
    return t == &mmaop_type || t == &matom_type || t == &tmma_type;
}

int fy_trace_add_mma_fx(fy_obj *m) {
    if (fy_type_ready(&mmaop_type) < 0 || fy_type_ready(&matom_type) < 0 || fy_type_ready(&tmma_type) < 0 ||
        fy_type_ready(&thrmma_type) < 0 || fy_module_add(m, "TiledMma", &tmma_type.h) < 0 ||
        fy_module_add(m, "ThrMma", &thrmma_type.h) < 0 || fy_module_add(m, "MmaAtom", &matom_type.h) < 0 ||
        add_funcs(m, mma_funcs) < 0)
        return -1;
    fy_obj *r = fy_dict_get_cstr(FY_MODULE_DICT(m), "rocdl");
    return r ? add_funcs(r, rocdl_funcs) : 0;
}
