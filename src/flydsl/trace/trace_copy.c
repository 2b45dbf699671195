/* trace_copy.c - copy atoms and tiled copies (FlyDSL semantics, flydsl-surface.md §1.9, §2.7):
 * UniversalCopy(bits) / UniversalCopy8b..128b(), make_copy_atom(op, dtype), make_tiled_copy(atom,
 * layout_tv, tile_mn), make_tiled_copy_tv(atom, thr, val), tiled.tile_mn, tiled.get_slice(tid).partition_S(t)
 * / partition_D(t) (kernel tensors, and coordinate tensors at trace time), fx.copy(atom, src, dst, pred=) and
 * fx.copy_atom_call (predicated and buffer copies: trace_pred.c). Atoms and tiled copies are values (equal
 * when they print the same), so a TiledCopy kernel argument (annotated fx.TiledCopy) keys the compile cache.
 * The partitioning is computed at trace time with lib/layout: zipped_divide(t, tile) ->
 * ((TileM,TileN),(RestM,...)); the tile mode composed with the TV layout gives (thr, val); val is split
 * into (AtomV, RestV); the thread's coordinate slices the result, which is
 * ((AtomV,RestV), RestM, RestN) per thread. Copies are recorded as FlyDSL spells them: the atom value
 * (fly.make_copy_atom : !fly.copy_atom<!fly.universal_copy<bits>, value bits>) and fly.copy(atom, src, dst[, pred])
 * or fly.copy_atom_call(atom, src, dst[, pred]); fly-layout-lowering (lib/passes/lower_copy.c) makes them loads and
 * stores of the atom's width. gfx950's fx.rocdl.cdna4.LDSReadTrans atoms (LDS -> registers, transposed across
 * each 16-lane group) record the same way and lower to rocdl.ds.read.tr*; a tiled copy of one partitions its
 * source by the atom's source layout (trans_source_tv), its destination by the TV layout given. */
#include <stdio.h>
#include <string.h>

#include "flydsl/api/dsl.h"
#include "flydsl/api/dsl_numeric.h"
#include "flydsl/mlir/mlir.h"
#include "layout/algebra.h"
#include "layout/tile.h"
#include "flydsl/trace/trace_int.h"

typedef struct copyop {
    fy_obj h;
    int bits;
    int buffer;
    int trans; /* gfx950's LDS transpose read (buffer 4): its element bits, 4, 6, 8 or 16 */
} copyop;      /* buffer: the op's kind (op_name) */
typedef struct catom {
    fy_obj h;
    int bits;
    int buffer;
    int trans;
    fy_dsl_numeric *et;
    int vbits; /* the value bits it prints (make_copy_atom's): et's width, or an LDS DMA's own bits */
    fy_obj *soffset; /* a buffer atom's soffset state (fx.atom_set_value), NULL when unset */
} catom;
typedef struct tcopy {
    fy_obj h;
    catom *atom;
    fly_layout tv;
    fly_tile tile;
    int has_mn;       /* the tile is a tuple of sizes: mn holds it (tile_mn as an IntTuple) */
    fly_inttuple mn;
    int has_stv; /* an atom whose source is laid out apart from its destination (LDSReadTrans): stv */
    fly_layout stv;
} tcopy;
typedef struct thrcopy {
    fy_obj h;
    tcopy *tc;
    fy_obj *tid;
} thrcopy;
static fy_type copyop_type, catom_type, tcopy_type, thrcopy_type;

/* buffer: 0 universal, 1 buffer copy, 2 buffer -> LDS DMA, 3 gfx950's async buffer -> LDS DMA, 4 gfx950's LDS
 * transpose read (FLY_COPY_LDS_TRANS), 5 gfx950's async global -> LDS DMA (FLY_COPY_GLOBAL_LDS) */
static const char *op_name(int buffer) {
    static const char *const names[] = {"!fly.universal_copy",
                                        "!fly_rocdl.cdna3.buffer_copy",
                                        "!fly_rocdl.cdna3.buffer_copy_lds",
                                        "!fly_rocdl.cdna4.buffer_load_async_lds",
                                        "!fly_rocdl.cdna4.lds_read_trans",
                                        "!fly_rocdl.cdna4.global_load_async_lds"};
    return names[buffer >= 0 && buffer < 6 ? buffer : 0];
}
/* The op's type as FlyDSL prints it: "!fly.universal_copy<128>", "!fly_rocdl.cdna4.lds_read_trans<trans = 16b, 64>" */
static void op_text(int buffer, int trans, int bits, char *out, size_t cap) {
    if (buffer == FLY_COPY_LDS_TRANS) snprintf(out, cap, "%s<trans = %db, %d>", op_name(buffer), trans, bits);
    else snprintf(out, cap, "%s<%d>", op_name(buffer), bits);
}
static fy_obj *copyop_repr(fy_obj *o) {
    char t[96];
    op_text(((copyop *)o)->buffer, ((copyop *)o)->trans, ((copyop *)o)->bits, t, sizeof t);
    return fy_str_printf("%s", t);
}
static fy_obj *catom_repr(fy_obj *o) {
    catom *a = (catom *)o;
    char t[96];
    op_text(a->buffer, a->trans, a->bits, t, sizeof t);
    return fy_str_printf("CopyAtom<!fly.copy_atom<%s, %d>>", t, a->vbits ? a->vbits : a->et->width);
}
static void catom_dealloc(fy_obj *o) { FY_CLEAR(((catom *)o)->soffset); }
static fy_obj *tcopy_repr(fy_obj *o) {
    tcopy *t = (tcopy *)o;
    char l[512], tl[256];
    fly_layout_print(&t->tv, l, sizeof l);
    fly_tile_print(&t->tile, tl, sizeof tl);
    char o2[96];
    op_text(t->atom->buffer, t->atom->trans, t->atom->bits, o2, sizeof o2);
    return fy_str_printf("TiledCopy<!fly.copy_atom<%s, %d>, %s, %s>", o2,
                         t->atom->vbits ? t->atom->vbits : t->atom->et->width, l, tl);
}
static void tcopy_dealloc(fy_obj *o) { FY_CLEAR(((tcopy *)o)->atom); }
/* Tiled copies are values: equal when they print the same (the compile cache keys kernels on them). */
static int64_t tcopy_hash(fy_obj *o) {
    fy_obj *r = tcopy_repr(o);
    int64_t h = r ? fy_str_hash(r) : -1;
    FY_XDECREF(r);
    return h;
}
static fy_obj *tcopy_richcmp(fy_obj *a, fy_obj *b, int op) {
    if ((op != FY_EQ_OP && op != FY_NE_OP) || FY_TYPE(b) != FY_TYPE(a)) return fy_ref(fy_NotImplemented);
    fy_obj *x = tcopy_repr(a), *y = x ? tcopy_repr(b) : NULL;
    int eq = y ? !strcmp(FY_STR_DATA(x), FY_STR_DATA(y)) : 0;
    FY_XDECREF(x);
    if (!y) return NULL;
    FY_DECREF(y);
    return fy_bool(op == FY_EQ_OP ? eq : !eq);
}
static fy_obj *tcopy_tile_mn(fy_obj *o) {
    tcopy *t = (tcopy *)o;
    return t->has_mn ? fy_dsl_inttuple_new(&t->mn) : fy_dsl_tile_new(&t->tile);
}
static fy_obj *tcopy_layout_tv(fy_obj *o) { return fy_dsl_layout_new(&((tcopy *)o)->tv); }
static fy_obj *tcopy_layout_src_tv(fy_obj *o) {
    tcopy *t = (tcopy *)o;
    return fy_dsl_layout_new(t->has_stv ? &t->stv : &t->tv);
}
static fy_obj *catom_val_bits(fy_obj *o) { return fy_int_from(((catom *)o)->bits); }
static int64_t catom_hash(fy_obj *o) {
    return fy_hash_i64(((catom *)o)->bits * 1000003 + ((catom *)o)->et->width * 31 + ((catom *)o)->et->kind +
                       ((catom *)o)->trans * 7919);
}
static fy_obj *catom_richcmp(fy_obj *a, fy_obj *b, int op) {
    if ((op != FY_EQ_OP && op != FY_NE_OP) || FY_TYPE(b) != FY_TYPE(a)) return fy_ref(fy_NotImplemented);
    int eq = ((catom *)a)->bits == ((catom *)b)->bits && ((catom *)a)->et == ((catom *)b)->et &&
             ((catom *)a)->buffer == ((catom *)b)->buffer && ((catom *)a)->trans == ((catom *)b)->trans;
    return fy_bool(op == FY_EQ_OP ? eq : !eq);
}
static void thrcopy_dealloc(fy_obj *o) {
    FY_CLEAR(((thrcopy *)o)->tc);
    FY_CLEAR(((thrcopy *)o)->tid);
}

fy_obj *fy_trace_new_copyop(int bits, int buffer) {
    if (fy_type_ready(&copyop_type) < 0) return NULL;
    copyop *c = (copyop *)fy_alloc(&copyop_type);
    if (!c) return NULL;
    c->bits = bits;
    c->buffer = buffer;
    c->trans = 0;
    return &c->h;
}
static fy_obj *new_copyop(int bits) { return fy_trace_new_copyop(bits, 0); }

/* fx.rocdl.cdna4.LDSReadTrans(trans_granularity, bit_size): gfx950's ds_read_tr ops, the pairs FlyDSL accepts
 * (CopyOpCDNA4LdsReadTransposeType::verify): (4, 64), (8, 64), (6, 96), (16, 64). */
static fy_obj *new_trans(const char *name, int64_t g, int64_t b) {
    if (!((b == 64 && (g == 4 || g == 8 || g == 16)) || (b == 96 && g == 6)))
        return fy_err_format(&fy_ValueError,
                             "%s: unsupported (bitSize, transGranularity) = (%lld, %lld) for LDS read transpose "
                             "(expected (64, 4), (64, 8), (96, 6) or (64, 16))",
                             name, (long long)b, (long long)g);
    copyop *c = (copyop *)fy_trace_new_copyop((int)b, FLY_COPY_LDS_TRANS);
    if (c) c->trans = (int)g;
    return &c->h;
}
static fy_obj *f_ldstr(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    static const char *const names[] = {"trans_granularity", "bit_size", NULL};
    fy_obj *v[2];
    int64_t g, b;
    if (fy_parse_args("LDSReadTrans", a, na, kw, names, 2, 2, 2, v) < 0 ||
        fy_dsl_to_int(v[0], &g, "LDSReadTrans", "trans_granularity") < 0 ||
        fy_dsl_to_int(v[1], &b, "LDSReadTrans", "bit_size") < 0)
        return NULL;
    return new_trans("LDSReadTrans", g, b);
}
#define LDSTR(G, B) \
    static fy_obj *f_ldstr##G##_##B(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) { \
        (void)s, (void)a; \
        const char *n = "LDSReadTrans" #G "_" #B "b"; \
        if (fy_no_kwargs(n, kw) < 0 || fy_check_nargs(n, na, 0, 0) < 0) return NULL; \
        return new_trans(n, G, B); \
    }
LDSTR(4, 64)
LDSTR(8, 64)
LDSTR(6, 96)
LDSTR(16, 64)

fy_methoddef fy_trace_lds_trans_funcs[] = {
    {"LDSReadTrans", f_ldstr, 0,
     "LDSReadTrans(trans_granularity, bit_size)\ngfx950's transposing LDS read copy op (ds_read_tr*): (4, 64), "
     "(8, 64), (6, 96) or (16, 64)."},
    {"LDSReadTrans4_64b", f_ldstr4_64, 0, "LDSReadTrans4_64b()\nds_read_b64_tr_b4 (gfx950)."},
    {"LDSReadTrans8_64b", f_ldstr8_64, 0, "LDSReadTrans8_64b()\nds_read_b64_tr_b8 (gfx950)."},
    {"LDSReadTrans6_96b", f_ldstr6_96, 0, "LDSReadTrans6_96b()\nds_read_b96_tr_b6 (gfx950)."},
    {"LDSReadTrans16_64b", f_ldstr16_64, 0, "LDSReadTrans16_64b()\nds_read_b64_tr_b16 (gfx950)."},
    {0}};

#define UC(N) \
    static fy_obj *f_uc##N(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) { \
        (void)s, (void)a; \
        if (fy_no_kwargs("UniversalCopy" #N "b", kw) < 0 || fy_check_nargs("UniversalCopy" #N "b", na, 0, 0) < 0) \
            return NULL; \
        return new_copyop(N); \
    }
UC(8)
UC(16)
UC(32)
UC(64)
UC(128)

static fy_obj *f_uc(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    int64_t b;
    if (fy_no_kwargs("UniversalCopy", kw) < 0 || fy_check_nargs("UniversalCopy", na, 1, 1) < 0 ||
        fy_dsl_to_int(a[0], &b, "UniversalCopy", "bits") < 0)
        return NULL;
    if (b != 8 && b != 16 && b != 32 && b != 64 && b != 128)
        return fy_err_format(&fy_ValueError, "UniversalCopy: bits must be 8, 16, 32, 64 or 128, not %lld",
                             (long long)b);
    return new_copyop((int)b);
}

static fy_obj *f_make_copy_atom(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    if (fy_no_kwargs("make_copy_atom", kw) < 0 || fy_check_nargs("make_copy_atom", na, 2, 2) < 0) return NULL;
    if (FY_TYPE(a[0]) != &copyop_type)
        return fy_err_format(&fy_TypeError,
                             "make_copy_atom: expected a copy op such as fx.UniversalCopy128b(), not '%s'",
                             fy_type_name(a[0]));
    fy_dsl_numeric *et;
    int kind = ((copyop *)a[0])->buffer, lds = kind == 2 || kind == 3 || kind == FLY_COPY_GLOBAL_LDS, vbits = 0;
    if (FY_INT_CHECK(a[1])) { /* a bit width (make_copy_atom(op, 16)): the integer type of that width */
        int64_t w;
        if (fy_dsl_to_int(a[1], &w, "make_copy_atom", "bits") < 0) return NULL;
        et = w == 8 ? &fy_dsl_t_i8 : w == 16 ? &fy_dsl_t_i16 : w == 32 ? &fy_dsl_t_i32 : w == 64 ? &fy_dsl_t_i64 : NULL;
        if (lds && w == ((copyop *)a[0])->bits) { /* an LDS DMA moves raw bytes: its own width */
            et = &fy_dsl_t_i32;
            vbits = (int)w;
        }
        if (!et)
            return fy_err_format(&fy_ValueError, "make_copy_atom: element bits must be 8, 16, 32 or 64, not %lld",
                                 (long long)w);
    } else if (FY_TYPE(a[1]) != FY_TYPE(&fy_dsl_t_f32.h)) {
        return fy_err_format(&fy_TypeError, "make_copy_atom: expected a numeric type such as fx.Float32, not '%s'",
                             fy_type_name(a[1]));
    } else {
        et = (fy_dsl_numeric *)a[1];
    }
    int bits = ((copyop *)a[0])->bits;
    if (bits % et->width)
        return fy_err_format(&fy_ValueError, "make_copy_atom: a %d-bit copy cannot move whole %s values", bits,
                             et->name);
    int trans = ((copyop *)a[0])->trans;
    if (kind == FLY_COPY_LDS_TRANS && et->width != trans)
        return fy_err_format(&fy_ValueError,
                             "make_copy_atom: LDSReadTrans%d_%db transposes %d-bit elements; %s values are %d bits",
                             trans, bits, trans, et->name, et->width);
    if (fy_type_ready(&catom_type) < 0) return NULL;
    catom *c = (catom *)fy_alloc(&catom_type);
    if (!c) return NULL;
    c->bits = bits;
    c->buffer = kind;
    c->trans = trans;
    c->et = et;
    c->vbits = vbits;
    return &c->h;
}

/* The source TV layout of a tiled copy whose atom is gfx950's LDS transpose read with n values a lane (n = 64 / G
 * or 16 for tr6): tv is the destination's (FlyDSL's reference layout, the atom's ThrBitLayoutDst: in a 16-lane
 * group lane t' holds value v' = element t' + 16 v' of the group's block), the source's is ThrBitLayoutSrc (lane
 * t reads elements n t .. n t + n - 1). Source lane t = b + k a (+ 16 r, k = 16 / n), value v_a (+ n q) reads
 * element n t + v_a = (n b + v_a) + 16 a, the destination's lane n b + v_a, value a: so the source TV is
 * tv o ((k, n, T/16), (n, V/n)) : ((n, T, 16), (1, n T)) over tv's T threads and V values (CuTe's
 * tile2thrfrg(ref2src), FlyDSL's make_tiled_copy). */
static int trans_source_tv(const fly_layout *tv, int n, fly_layout *out) {
    fly_error err;
    fly_layout t0, v0;
    int64_t T, V, k = 16 / n;
    if (fly_layout_rank(tv) != 2 || fly_layout_get(tv, 0, &t0, &err) || fly_layout_get(tv, 1, &v0, &err) ||
        fly_layout_size_static(&t0, &T, &err) || fly_layout_size_static(&v0, &V, &err)) {
        fy_err_set(&fy_ValueError, "make_tiled_copy: an LDSReadTrans atom needs a static (threads, values) TV layout");
        return -1;
    }
    if (T % 16 || V % n) {
        fy_err_format(&fy_ValueError,
                      "make_tiled_copy: an LDSReadTrans atom works on groups of 16 threads of %d values each; this TV "
                      "layout has %lld threads of %lld values",
                      n, (long long)T, (long long)V);
        return -1;
    }
    int64_t sh_t[3] = {k, n, T / 16}, st_t[3] = {n, T, 16}, sh_v[2] = {n, V / n}, st_v[2] = {1, n * T};
    fly_inttuple a, b, c, d, sh, st;
    const fly_inttuple *e1[2] = {&a, &c}, *e2[2] = {&b, &d};
    fly_layout P;
    if (fly_inttuple_from_ints(&a, sh_t, 3, &err) || fly_inttuple_from_ints(&b, st_t, 3, &err) ||
        fly_inttuple_from_ints(&c, sh_v, 2, &err) || fly_inttuple_from_ints(&d, st_v, 2, &err) ||
        fly_inttuple_make_tuple(&sh, e1, 2, &err) || fly_inttuple_make_tuple(&st, e2, 2, &err) ||
        fly_layout_make(&P, &sh, &st, &err) || fly_layout_composition(tv, &P, out, &err)) {
        fy_dsl_raise(&err);
        return -1;
    }
    return 0;
}

static fy_obj *f_make_tiled_copy(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    if (fy_no_kwargs("make_tiled_copy", kw) < 0 || fy_check_nargs("make_tiled_copy", na, 3, 3) < 0) return NULL;
    if (FY_TYPE(a[0]) != &catom_type)
        return fy_err_format(&fy_TypeError, "make_tiled_copy: expected a copy atom, not '%s'", fy_type_name(a[0]));
    if (fy_type_ready(&tcopy_type) < 0) return NULL;
    tcopy *t = (tcopy *)fy_alloc(&tcopy_type);
    if (!t) return NULL;
    t->atom = (catom *)fy_ref(a[0]);
    fy_obj *tile = a[2], *py = NULL;
    if (fy_isinstance_of(tile, &fy_dsl_inttuple_type) &&
        !(tile = py = fy_dsl_inttuple_to_py(&((fy_dsl_inttuple *)a[2])->t))) {
        FY_DECREF(&t->h);
        return NULL;
    }
    int bad = fy_dsl_to_layout(a[1], &t->tv, 0, "make_tiled_copy", "layout_tv") < 0 ||
              fy_dsl_to_tile(tile, &t->tile, "make_tiled_copy", "tile_mn") < 0;
    if (!bad && FY_TUPLE_CHECK(tile)) {
        fly_inttuple mn;
        if (fy_dsl_to_inttuple(tile, &mn, 0, "make_tiled_copy", "tile_mn") == 0) {
            t->has_mn = 1;
            fly_inttuple_copy(&t->mn, &mn);
        } else {
            fy_err_clear();
        }
    }
    FY_XDECREF(py);
    catom *at = (catom *)a[0];
    if (!bad && at->buffer == FLY_COPY_LDS_TRANS) {
        bad = trans_source_tv(&t->tv, at->bits / at->et->width, &t->stv) < 0;
        t->has_stv = !bad;
    }
    if (bad) {
        FY_DECREF(&t->h);
        return NULL;
    }
    return &t->h;
}

fy_obj *fy_trace_tiled_copy_new(fy_obj *atom, const fly_layout *tv, fy_obj *tile) {
    fy_obj *lo = fy_dsl_layout_new(tv);
    if (!lo) return NULL;
    fy_obj *args[3] = {atom, lo, tile};
    fy_obj *r = f_make_tiled_copy(NULL, args, 3, NULL);
    FY_DECREF(lo);
    return r;
}

/* make_tiled_copy_tv(atom, thr_layout, val_layout): the TV layout and tile of make_layout_tv. */
static fy_obj *f_make_tiled_copy_tv(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    static const char *const names[] = {"copy_atom", "thr_layout", "val_layout", NULL};
    fy_obj *v[3];
    fly_layout thr, val, tv;
    fly_inttuple mn;
    fly_error err;
    if (fy_parse_args("make_tiled_copy_tv", a, na, kw, names, 3, 3, 3, v) < 0) return NULL;
    if (FY_TYPE(v[0]) != &catom_type)
        return fy_err_format(&fy_TypeError, "make_tiled_copy_tv: expected a copy atom, not '%s'", fy_type_name(v[0]));
    if (fy_dsl_to_layout(v[1], &thr, 1, "make_tiled_copy_tv", "thr_layout") < 0 ||
        fy_dsl_to_layout(v[2], &val, 1, "make_tiled_copy_tv", "val_layout") < 0)
        return NULL;
    if (fly_layout_make_tv(&thr, &val, &mn, &tv, &err)) return fy_dsl_raise(&err);
    fy_obj *py = fy_dsl_inttuple_to_py(&mn);
    if (!py) return NULL;
    fy_obj *lo = fy_dsl_layout_new(&tv);
    if (!lo) {
        FY_DECREF(py);
        return NULL;
    }
    fy_obj *args[3] = {v[0], lo, py};
    fy_obj *r = f_make_tiled_copy(NULL, args, 3, NULL);
    FY_DECREF(lo);
    FY_DECREF(py);
    return r;
}

int fy_trace_is_copy_type(fy_obj *a) { return a == &tcopy_type.h || a == &catom_type.h; }

static fy_obj *tc_get_slice(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (fy_no_kwargs("get_slice", kw) < 0 || fy_check_nargs("get_slice", na, 1, 1) < 0) return NULL;
    if (fy_type_ready(&thrcopy_type) < 0) return NULL;
    thrcopy *t = (thrcopy *)fy_alloc(&thrcopy_type);
    if (!t) return NULL;
    t->tc = (tcopy *)fy_ref(self);
    t->tid = fy_ref(a[0]);
    return &t->h;
}

/* The partition layout of L for tiled copy tc with atomv values per atom: ((AtomV,RestV),RestM,...) after
 * the thread mode (see the file comment); *nmodes: modes of F, the thread mode included. */
static int part_layout(tcopy *tc, const fly_layout *L, int atomv, fly_layout *F, int *nmodes, int src) {
    fly_error err;
    fly_layout Z, T, R, C, Cthr, Cval, A, Vd;
    fly_inttuple one, av;
    fly_inttuple_int(&av, atomv);
    fly_inttuple_int(&one, 1);
    if (fly_layout_zipped_divide_tile(L, &tc->tile, &Z, &err) || fly_layout_get(&Z, 0, &T, &err) ||
        fly_layout_get(&Z, 1, &R, &err) ||
        fly_layout_composition(&T, src && tc->has_stv ? &tc->stv : &tc->tv, &C, &err) ||
        fly_layout_get(&C, 0, &Cthr, &err) || fly_layout_get(&C, 1, &Cval, &err) ||
        fly_layout_make(&A, &av, &one, &err) || fly_layout_logical_divide(&Cval, &A, &Vd, &err)) {
        fy_dsl_raise(&err);
        return -1;
    }
    const fly_layout *modes[FLY_IT_MAX_DEPTH];
    fly_layout rm[FLY_IT_MAX_DEPTH];
    int n = 0;
    modes[n++] = &Cthr;
    modes[n++] = &Vd;
    int rr = fly_layout_rank(&R);
    if (fly_inttuple_is_leaf(&R.shape)) {
        modes[n++] = &R;
    } else {
        for (int i = 0; i < rr && n < FLY_IT_MAX_DEPTH; i++) {
            if (fly_layout_get(&R, i, &rm[i], &err)) {
                fy_dsl_raise(&err);
                return -1;
            }
            modes[n++] = &rm[i];
        }
    }
    if (fly_layout_concat(F, modes, n, &err)) {
        fy_dsl_raise(&err);
        return -1;
    }
    *nmodes = n;
    return 0;
}

/* The thread's partition of tensor t (see the file comment); coordinate tensors are partitioned the same way
 * at trace time (trace_coord.c). */
static fy_obj *partition(thrcopy *th, fy_obj *o, const char *op) {
    int src = !strcmp(op, "partition_S");
    fy_tracer *tr = fy_trace_cur();
    if (!tr) return fy_err_format(&fy_RuntimeError, "%s is only usable inside a kernel", op);
    tcopy *tc = th->tc;
    fly_layout F;
    int n;
    fy_obj *view;
    /* values per atom in the atom's element type: the tensor's own element type does not enter (as in FlyDSL,
     * where an Int8 stand-in tensor's partition gives element offsets); fx.copy checks the types */
    int64_t vals = tc->atom->bits / tc->atom->et->width;
    if (fy_trace_is_coord(o)) {
        if (part_layout(tc, fy_trace_coord_layout(o), vals, &F, &n, src) < 0) return NULL;
        view = fy_trace_coord_with_layout(o, &F);
    } else if (fy_trace_is_buffer(o) && fy_trace_buffer_shadow(o)) { /* dynamic origin: partition the shadow view */
        return fy_trace_buffer_over(o, partition(th, fy_trace_buffer_shadow(o), op));
    } else if (fy_trace_is_buffer(o)) { /* the same resource, the partition's layout (trace_buffer.c) */
        fy_dsl_numeric *bt;
        const fly_layout *BL = fy_trace_buffer_layout(o, &bt);
        (void)bt;
        if (part_layout(tc, BL, vals, &F, &n, src) < 0) return NULL;
        view = fy_trace_buffer_with_layout(o, &F);
    } else {
        if (FY_TYPE(o) == &fy_dsl_tensor_type)
            return fy_err_format(&fy_NotImplementedError,
                                 "%s: this coordinate tensor was made outside the kernel; make it inside the kernel "
                                 "(fx.make_view(base, layout)) to partition it",
                                 op);
        if (!FY_TTENSOR_CHECK(o))
            return fy_err_format(&fy_TypeError, "%s: expected a kernel tensor, not '%s'", op, fy_type_name(o));
        fy_ttensor *t = (fy_ttensor *)o;
        if (fly_layout_is_static(&t->L)) {
            if (part_layout(tc, &t->L, vals, &F, &n, src) < 0) return NULL;
        } else {
            /* a dynamic layout: its leaves read here, the partition's leaves computed with arith ops */
            fly_layout B;
            fy_trace_dynsave sv;
            if (fy_trace_bind_layout(tr, t, &B, 3) < 0) return NULL;
            fy_trace_dyn_begin(tr, &sv);
            int pr = part_layout(tc, &B, vals, &F, &n, src);
            fy_trace_dyn_end(&sv);
            if (pr < 0) return NULL;
        }
        view = fy_trace_view(tr, t, &F);
    }
    if (!view) return NULL;
    fy_obj *key = fy_tuple_new((size_t)n);
    if (!key) {
        FY_DECREF(view);
        return NULL;
    }
    fy_tuple_set_steal(key, 0, fy_ref(th->tid));
    for (int i = 1; i < n; i++) fy_tuple_set_steal(key, (size_t)i, fy_none());
    fy_obj *r = FY_TYPE(view)->getitem(view, key);
    FY_DECREF(key);
    FY_DECREF(view);
    return r;
}

static fy_obj *th_partition_S(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (fy_no_kwargs("partition_S", kw) < 0 || fy_check_nargs("partition_S", na, 1, 1) < 0) return NULL;
    return partition((thrcopy *)self, a[0], "partition_S");
}
static fy_obj *th_partition_D(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (fy_no_kwargs("partition_D", kw) < 0 || fy_check_nargs("partition_D", na, 1, 1) < 0) return NULL;
    return partition((thrcopy *)self, a[0], "partition_D");
}

fy_obj *fy_trace_copy(fy_ttensor *src, fy_ttensor *dst) {
    fly_error err;
    int64_t ns, nd;
    if (fly_layout_size_static(&src->L, &ns, &err) || fly_layout_size_static(&dst->L, &nd, &err))
        return fy_dsl_raise(&err);
    if (ns != nd) {
        char a[256], b[256];
        fly_inttuple_print(&src->L.shape, a, sizeof a);
        fly_inttuple_print(&dst->L.shape, b, sizeof b);
        return fy_err_format(&fy_ValueError,
                             "copy: shape mismatch: source %s (%lld elements) and destination %s (%lld elements)", a,
                             (long long)ns, b, (long long)nd);
    }
    fy_obj *v = fy_trace_tensor_load(src);
    if (!v) return NULL;
    fy_obj *r = fy_trace_tensor_store(dst, v);
    FY_DECREF(v);
    return r;
}

/* The copy atom value for bits per invocation over et values, as FlyDSL spells it:
 * "%a = fly.make_copy_atom {valBits = W} : !fly.copy_atom<!fly.universal_copy<bits>, W>" (buffer:
 * !fly_rocdl.cdna3.buffer_copy<bits>); its handle, and its type
 * text in ty. Emitted per copy (atoms are Python values made anywhere, even outside the kernel); the lowering
 * (lib/passes/lower_copy.c) erases it with its calls. */
static uint64_t atom_value(fy_tracer *tr, const char *optext, fy_dsl_numeric *et, char *ty, size_t cap) {
    snprintf(ty, cap, "!fly.copy_atom<%s, %d>", optext, et->width);
    uint64_t a = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = \"fly.make_copy_atom\"() {valBits = %d : i32} : () -> %s", (unsigned long long)a,
                  et->width, ty);
    fy_trace_end_line(tr);
    return a;
}

uint64_t fy_trace_copy_atom(fy_tracer *tr, int bits, int buffer, fy_dsl_numeric *et, char *ty, size_t cap) {
    char o[96];
    op_text(buffer, 0, bits, o, sizeof o);
    return atom_value(tr, o, et, ty, cap);
}

/* "fly.copy_atom_call"(atom, src, dst) (one: a single invocation) or "fly.copy"(atom, src, dst) over memref values. */
void fy_trace_copy_call(fy_tracer *tr, uint64_t atom, const char *aty, int one, uint64_t s, const char *sty, uint64_t d,
                        const char *dty) {
    fy_trace_emit(tr, "      \"fly.%s\"(%%%llu, %%%llu, %%%llu) : (%s, %s, %s) -> ()", one ? "copy_atom_call" : "copy",
                  (unsigned long long)atom, (unsigned long long)s, (unsigned long long)d, aty, sty, dty);
    fy_trace_end_line(tr);
}

/* fx.copy(atom, src, dst) of kernel tensors without a predicate: the atom and one fly.copy. */
static fy_obj *copy_whole(catom *at, fy_ttensor *src, fy_ttensor *dst) {
    fy_tracer *tr = fy_trace_cur();
    if (!tr) return fy_err_set(&fy_RuntimeError, "fx.copy is only usable inside a kernel");
    fly_error err;
    int64_t ns, nd, av = at->bits / src->et->width;
    if (fly_layout_size_static(&src->L, &ns, &err) || fly_layout_size_static(&dst->L, &nd, &err))
        return fy_dsl_raise(&err);
    if (src->et == dst->et && av > 1 && (ns < av || nd < av)) /* a view smaller than the atom (trace_pred.c) */
        return fy_trace_copy_pred("copy", av, &src->h, &dst->h, NULL, 0);
    if (ns != nd || src->et != dst->et || av < 1 || ns % av) return fy_trace_copy(src, dst); /* its errors */
    char aty[160];
    uint64_t a = fy_trace_copy_atom(tr, at->bits, 0, src->et, aty, sizeof aty);
    fy_trace_copy_call(tr, a, aty, 0, src->ssa, src->ty, dst->ssa, dst->ty);
    return tr->failed ? fy_err_nomem() : fy_none();
}

/* Values per atom invocation of copy atom (or tiled copy) o for tensors of et; -1 with an exception. */
static int64_t atom_values(fy_obj *o, fy_dsl_numeric *et, const char *op) {
    catom *a = FY_TYPE(o) == &catom_type ? (catom *)o : FY_TYPE(o) == &tcopy_type ? ((tcopy *)o)->atom : NULL;
    if (!a) {
        fy_err_format(&fy_TypeError, "%s: expected a copy atom, not '%s'", op, fy_type_name(o));
        return -1;
    }
    if (a->buffer == 2 || a->buffer == 3 || a->buffer == FLY_COPY_GLOBAL_LDS)
        return 1; /* an LDS DMA moves bytes (trace_buffer_ptr.c) */
    if (a->et->width != et->width) {
        fy_err_format(&fy_TypeError, "%s: the copy atom moves %s values but the tensors hold %s", op, a->et->name,
                      et->name);
        return -1;
    }
    return a->bits / et->width;
}

/* The element type and layout of a copy operand (kernel or buffer tensor); NULL with TypeError. */
static const fly_layout *operand(fy_obj *o, fy_dsl_numeric **et, const char *op, const char *what) {
    if (FY_TTENSOR_CHECK(o)) {
        *et = ((fy_ttensor *)o)->et;
        return &((fy_ttensor *)o)->L;
    }
    if (fy_trace_is_buffer(o)) return fy_trace_buffer_layout(o, et);
    if (FY_TYPE(o) == &fy_dsl_tensor_type || fy_trace_is_coord(o))
        fy_err_format(&fy_TypeError, "%s: %s is a coordinate tensor; it holds no data to copy", op, what);
    else fy_err_format(&fy_TypeError, "%s: %s must be a kernel tensor, not '%s'", op, what, fy_type_name(o));
    return NULL;
}

static fy_obj *copy_parsed(const char *op, fy_obj **v, int one);
static fy_obj *copy_bits(const char *op, catom *at, fy_obj *src, fy_obj *dst, fy_obj *pred);

/* fx.copy / copy_atom_call with gfx950's LDSReadTrans atom: src an LDS tensor, dst a register tensor of the same
 * element type; recorded as FlyDSL does (the atom and fly.copy / fly.copy_atom_call), lowered in
 * lib/passes/lower_copy.c to one rocdl.ds.read.tr* per invocation (each lane reads its own consecutive values,
 * the 16-lane group trades them). */
static fy_obj *copy_trans(const char *op, catom *at, fy_obj *src, fy_obj *dst, fy_obj *pred, int one) {
    fy_tracer *tr = fy_trace_cur();
    if (!tr) return fy_err_format(&fy_RuntimeError, "%s is only usable inside a kernel", op);
    if (!FY_TTENSOR_CHECK(src) || ((fy_ttensor *)src)->reg != FY_SP_SHARED)
        return fy_err_format(&fy_TypeError, "%s: an LDSReadTrans atom reads a shared-memory (LDS) tensor, not %s", op,
                             FY_TTENSOR_CHECK(src) ? fy_trace_space_name(((fy_ttensor *)src)->reg) : fy_type_name(src));
    if (!FY_TTENSOR_CHECK(dst) || ((fy_ttensor *)dst)->reg != FY_SP_REG)
        return fy_err_format(&fy_TypeError, "%s: an LDSReadTrans atom writes a register tensor, not %s", op,
                             FY_TTENSOR_CHECK(dst) ? fy_trace_space_name(((fy_ttensor *)dst)->reg) : fy_type_name(dst));
    if (pred)
        return fy_err_format(&fy_NotImplementedError, "%s: pred= with an LDSReadTrans atom is not supported yet", op);
    fy_ttensor *s = (fy_ttensor *)src, *d = (fy_ttensor *)dst;
    if (s->et != d->et)
        return fy_err_format(&fy_TypeError, "%s: source holds %s but destination holds %s", op, s->et->name,
                             d->et->name);
    fly_error err;
    int64_t ns, nd, av = at->bits / at->et->width;
    if (fly_layout_size_static(&s->L, &ns, &err) || fly_layout_size_static(&d->L, &nd, &err)) return fy_dsl_raise(&err);
    if (ns != nd || ns % av || (one && ns != av))
        return fy_err_format(&fy_ValueError,
                             "%s: the LDSReadTrans atom moves %lld values a lane; source and destination hold %lld "
                             "and %lld",
                             op, (long long)av, (long long)ns, (long long)nd);
    char o[96], aty[160];
    op_text(at->buffer, at->trans, at->bits, o, sizeof o);
    uint64_t a = atom_value(tr, o, s->et, aty, sizeof aty);
    fy_trace_copy_call(tr, a, aty, one, s->ssa, s->ty, d->ssa, d->ty);
    return tr->failed ? fy_err_nomem() : fy_none();
}

static fy_obj *copy_common(const char *op, fy_obj *const *a, size_t na, fy_obj *kw, int one) {
    static const char *const names[] = {"copy_atom", "src", "dst", "pred", "soffset", NULL};
    fy_obj *v[5] = {NULL, NULL, NULL, NULL, NULL};
    if (fy_parse_args(op, a, na, kw, names, 3, 3, 5, v) < 0) return NULL;
    catom *sa = FY_TYPE(v[0]) == &catom_type   ? (catom *)v[0]
                : FY_TYPE(v[0]) == &tcopy_type ? ((tcopy *)v[0])->atom
                                               : NULL;
    if ((!v[4] || v[4] == fy_None) && sa && sa->soffset) v[4] = sa->soffset; /* the atom's state (atom_set_value) */
    if (!v[4] || v[4] == fy_None) return copy_parsed(op, v, one);
    /* a buffer atom's scalar offset (in its values): the buffer operand moved by it */
    int bs = fy_trace_is_buffer(v[1]), bd = fy_trace_is_buffer(v[2]);
    if (!bs && !bd)
        return fy_err_format(&fy_TypeError, "%s: soffset= needs a buffer tensor as source or destination", op);
    fy_obj *moved = fy_trace_buffer_soffset(bs ? v[1] : v[2], v[4]);
    if (!moved) return NULL;
    v[bs ? 1 : 2] = moved;
    fy_obj *r = copy_parsed(op, v, one);
    FY_DECREF(moved);
    return r;
}

static fy_obj *copy_parsed(const char *op, fy_obj **v, int one) {
    fy_dsl_numeric *et, *dt;
    const fly_layout *ls = operand(v[1], &et, op, "src"), *ld = ls ? operand(v[2], &dt, op, "dst") : NULL;
    if (!ld) return NULL;
    catom *at = FY_TYPE(v[0]) == &catom_type   ? (catom *)v[0]
                : FY_TYPE(v[0]) == &tcopy_type ? ((tcopy *)v[0])->atom
                                               : NULL;
    fy_obj *pr = v[3] && v[3] != fy_None ? v[3] : NULL;
    /* a buffer atom moves bits: between a register tensor and a buffer tensor of another element width */
    if (at && at->buffer == 1 && et->width != dt->width && fy_trace_is_buffer(v[1]) != fy_trace_is_buffer(v[2]))
        return copy_bits(op, at, v[1], v[2], pr);
    int64_t av = atom_values(v[0], et, op);
    if (av < 0) return NULL;
    int bufs = fy_trace_is_buffer(v[1]) || fy_trace_is_buffer(v[2]);
    fy_obj *pred = v[3] && v[3] != fy_None ? v[3] : NULL;
    if (at->buffer == FLY_COPY_LDS_TRANS) return copy_trans(op, at, v[1], v[2], pred, one);
    if (at->buffer == FLY_COPY_GLOBAL_LDS) return fy_trace_global_lds_copy(op, at->bits, v[1], v[2], pred);
    if (at->buffer && !bufs)
        return fy_err_format(&fy_TypeError,
                             "%s: a BufferCopy atom needs a buffer tensor (fx.rocdl.make_buffer_tensor) "
                             "as source or destination",
                             op);
    if (at->buffer >= 2) return fy_trace_buffer_lds_copy(op, at->bits, at->buffer == 3, v[1], v[2], pred);
    /* same-width element types differ: the bits move element by element (fy_trace_copy_pred) */
    if (!pred && !one && !bufs && et == dt) return copy_whole(at, (fy_ttensor *)v[1], (fy_ttensor *)v[2]);
    return fy_trace_copy_pred(op, av, v[1], v[2], pred, one);
}

static fy_obj *f_copy(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return copy_common("copy", a, na, kw, 0);
}
static fy_obj *f_copy_atom_call(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return copy_common("copy_atom_call", a, na, kw, 1);
}

/* ---- fly.copy_atom_call_ssa (flydsl._mlir.dialects.fly.copy_atom_call_ssa) ---- */

/* Bits of scalar or 1-D vector type text ty ("vector<4xi32>" 128), or -1. */
static int ssa_type_bits(const char *ty) {
    long long n = 1;
    int used = 0;
    char el[64];
    if (!strncmp(ty, "vector<", 7)) {
        if (sscanf(ty + 7, "%lldx%63[^>]>%n", &n, el, &used) != 2 || ty[7 + used] || n < 1) return -1;
        ty = el;
    }
    fy_dsl_numeric *t = fy_mlir_numeric_of(ty);
    return t && t->width > 0 ? (int)(t->width * n) : -1;
}

/* An SSA operand of copy_atom_call_ssa: an ir.Value, an fx numeric or a Vector: its handle and type text (into
 * ty); 0 or -1 with a TypeError naming what. */
static int ssa_operand(fy_tracer *tr, fy_obj *o, const char *what, uint64_t *h, char *ty, size_t cap) {
    const char *t;
    fy_dsl_numeric *et;
    int64_t n;
    if (fy_mlir_value_parts(o, h, &t)) {
        snprintf(ty, cap, "%s", t);
        return 0;
    }
    if (fy_trace_is_vector(o) && fy_tvector_parts(o, h, &et, &n) == 0) {
        snprintf(ty, cap, "vector<%lldx%s>", (long long)n, fy_trace_mlir_type(et));
        return 0;
    }
    if (FY_DSL_NUM_CHECK(o)) {
        if (fy_trace_value_as(tr, o, ((fy_dsl_num *)o)->dt, h) < 0) return -1;
        snprintf(ty, cap, "%s", fy_trace_mlir_type(((fy_dsl_num *)o)->dt));
        return 0;
    }
    fy_err_format(&fy_TypeError, "copy_atom_call_ssa: %s must be an ir.Value, a numeric or a Vector, not '%s'", what,
                  fy_type_name(o));
    return -1;
}

/* The memref value of buffer tensor o that the atom reads or writes from its first element: o's own view when
 * its layout is static, else a one-element 1:1 view at the same element (the SSA form moves the atom's bits from
 * the view's base, whatever its layout). 0 or -1. */
static int ssa_buffer_view(fy_obj *o, const char *what, uint64_t *h, char *ty, size_t cap) {
    if (!fy_trace_is_buffer(o)) {
        fy_err_format(&fy_TypeError,
                      "copy_atom_call_ssa: %s must be a buffer tensor (fx.rocdl.make_buffer_tensor, or a slice of "
                      "one), not '%s'",
                      what, fy_type_name(o));
        return -1;
    }
    fy_obj *v = fy_ref(o);
    if (!fly_layout_is_static(fy_trace_buffer_layout(o, NULL))) {
        fly_layout W;
        fy_obj *one = fy_int_from(1);
        int bad = !one || fy_dsl_to_layout(one, &W, 1, "copy_atom_call_ssa", "layout") < 0;
        FY_XDECREF(one);
        FY_SETREF(v, bad ? NULL : fy_trace_buffer_with_layout(o, &W));
        if (!v) return -1;
    }
    int r = fy_trace_buffer_memref(v, h, ty, cap);
    FY_DECREF(v);
    if (!r) fy_err_set(&fy_RuntimeError, "copy_atom_call_ssa: internal error: a buffer tensor without a memref view");
    return r > 0 ? 0 : -1;
}

static fy_obj *ssa_call(fy_tracer *tr, catom *at, const char *rty, fy_obj *src, fy_obj *dst, fy_obj *pred);

/* copy_atom_call_ssa(results, copyAtom, src, dst=None, pred=None): FlyDSL's atom call on values. With one result
 * type (a load) src is a buffer tensor and the result (returned as an ir.Value) holds the atom's bits read from
 * src's first element; dst is the value a false pred gives. Without results (a store) src is a value of the atom's
 * bits written at dst's first element. pred: a Boolean guarding the access. Recorded as "fly.copy_atom_call_ssa"
 * with FlyDSL's operandSegmentSizes; lib/passes/lower_copy.c lowers it. */
static fy_obj *f_copy_atom_call_ssa(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    static const char *const names[] = {"results", "copyAtom", "src", "dst", "pred", "loc", "ip", NULL};
    const char *op = "copy_atom_call_ssa";
    fy_obj *v[7] = {NULL};
    if (fy_parse_args(op, a, na, kw, names, 3, 7, 7, v) < 0) return NULL;
    fy_tracer *tr = fy_trace_cur();
    if (!tr) return fy_err_format(&fy_RuntimeError, "%s is only usable inside a kernel", op);
    fy_obj *dst = v[3] && v[3] != fy_None ? v[3] : NULL, *pred = v[4] && v[4] != fy_None ? v[4] : NULL;
    catom *at = FY_TYPE(v[1]) == &catom_type   ? (catom *)v[1]
                : FY_TYPE(v[1]) == &tcopy_type ? ((tcopy *)v[1])->atom
                                               : NULL;
    if (!at) return fy_err_format(&fy_TypeError, "%s: expected a copy atom, not '%s'", op, fy_type_name(v[1]));
    if (at->buffer != 1)
        return fy_err_format(&fy_NotImplementedError,
                             "%s: flyi supports buffer copy atoms (fx.rocdl.BufferCopy*) here, not %s (use "
                             "fx.copy_atom_call)",
                             op, op_name(at->buffer));
    if (!FY_LIST_CHECK(v[0]) && !FY_TUPLE_CHECK(v[0]))
        return fy_err_format(&fy_TypeError, "%s: results must be a list of result types, not '%s'", op,
                             fy_type_name(v[0]));
    size_t nres;
    fy_obj **rt = fy_seq_items(v[0], &nres);
    if (nres > 1)
        return fy_err_format(&fy_ValueError, "%s: a copy atom call gives at most one result, not %zu", op, nres);
    char rty[160] = "";
    if (nres) {
        fy_obj *t = fy_str(rt[0]);
        if (!t) return NULL;
        snprintf(rty, sizeof rty, "%s", FY_STR_DATA(t));
        FY_DECREF(t);
    }
    return ssa_call(tr, at, nres ? rty : NULL, v[2], dst, pred);
}

/* The call of buffer atom at (fly.copy_atom_call_ssa): a load of type rty from buffer tensor src (rty NULL: a
 * store of value src into buffer tensor dst), under pred when not NULL. The result as an ir.Value, None for a
 * store, NULL with an exception. */
static fy_obj *ssa_call(fy_tracer *tr, catom *at, const char *rty, fy_obj *src, fy_obj *dst, fy_obj *pred) {
    const char *op = "copy_atom_call_ssa";
    int nres = rty != NULL;
    char aty[160], ty[3][800];
    uint64_t h[3] = {0, 0, 0};
    if (nres) {
        int b = ssa_type_bits(rty);
        if (b < 0)
            return fy_err_format(&fy_TypeError,
                                 "%s: the result type must be an integer, float or vector of them, not %s", op, rty);
        if (b != at->bits)
            return fy_err_format(&fy_ValueError, "%s: the result type %s has %d bits but the atom moves %d", op, rty, b,
                                 at->bits);
        if (pred && !dst)
            return fy_err_format(&fy_ValueError, "%s: a predicated load needs dst (the result when pred is false)", op);
        if (ssa_buffer_view(src, "src", &h[0], ty[0], sizeof ty[0]) < 0) return NULL;
        if (dst && ssa_operand(tr, dst, "dst", &h[1], ty[1], sizeof ty[1]) < 0) return NULL;
        if (dst && strcmp(ty[1], rty))
            return fy_err_format(&fy_TypeError, "%s: dst must have the result type %s, not %s", op, rty, ty[1]);
    } else {
        if (!dst) return fy_err_format(&fy_TypeError, "%s: without results it stores src: it needs dst", op);
        if (ssa_operand(tr, src, "src", &h[0], ty[0], sizeof ty[0]) < 0) return NULL;
        int b = ssa_type_bits(ty[0]);
        if (b != at->bits)
            return fy_err_format(&fy_ValueError, "%s: the stored src (%s) has %d bits but the atom moves %d", op, ty[0],
                                 b, at->bits);
        if (ssa_buffer_view(dst, "dst", &h[1], ty[1], sizeof ty[1]) < 0) return NULL;
    }
    if (pred) {
        const char *pt;
        if (fy_mlir_value_parts(pred, &h[2], &pt)) {
            if (strcmp(pt, "i1")) return fy_err_format(&fy_TypeError, "%s: pred must be an i1, not %s", op, pt);
        } else if (fy_trace_value_as(tr, pred, &fy_dsl_t_bool, &h[2]) < 0) {
            return NULL;
        }
        snprintf(ty[2], sizeof ty[2], "i1");
    }
    uint64_t atom = fy_trace_copy_atom(tr, at->bits, 1, at->et, aty, sizeof aty);
    uint64_t r = nres ? fy_trace_new_ssa(tr) : 0;
    char lhs[32] = "";
    if (nres) snprintf(lhs, sizeof lhs, "%%%llu = ", (unsigned long long)r);
    fy_trace_emit(tr, "      %s\"fly.copy_atom_call_ssa\"(%%%llu, %%%llu", lhs, (unsigned long long)atom,
                  (unsigned long long)h[0]);
    if (dst) fy_trace_emit(tr, ", %%%llu", (unsigned long long)h[1]);
    if (pred) fy_trace_emit(tr, ", %%%llu", (unsigned long long)h[2]);
    fy_trace_emit(tr, ") <{operandSegmentSizes = array<i32: 1, 1, %d, %d>}> : (%s, %s", dst ? 1 : 0, pred ? 1 : 0, aty,
                  ty[0]);
    if (dst) fy_trace_emit(tr, ", %s", ty[1]);
    if (pred) fy_trace_emit(tr, ", i1");
    fy_trace_emit(tr, ") -> %s", nres ? rty : "()");
    fy_trace_end_line(tr);
    if (tr->failed) return fy_err_nomem();
    return nres ? fy_mlir_value_new(r, rty) : fy_none();
}

/* fx.copy / copy_atom_call with a buffer atom between a register tensor and a buffer tensor of another element width
 * (FlyDSL's attention stores packed i32 words into bf16 O): the atom moves bits, so the register tensor's values
 * (all of the atom's bits) go through one fly.copy_atom_call_ssa at the buffer view's first element. */
static fy_obj *copy_bits(const char *op, catom *at, fy_obj *src, fy_obj *dst, fy_obj *pred) {
    fy_tracer *tr = fy_trace_cur();
    if (!tr) return fy_err_format(&fy_RuntimeError, "fx.%s is only usable inside a kernel", op);
    int load = fy_trace_is_buffer(src);
    fy_obj *r = load ? dst : src;
    if (!FY_TTENSOR_CHECK(r) || ((fy_ttensor *)r)->reg != FY_SP_REG)
        return fy_err_format(&fy_TypeError,
                             "%s: a BufferCopy atom between tensors of different element widths needs a register "
                             "tensor on the other side, not '%s'",
                             op, fy_type_name(r));
    fy_ttensor *t = (fy_ttensor *)r;
    int64_t n;
    fly_error err;
    if (fly_layout_size_static(&t->L, &n, &err)) return fy_dsl_raise(&err);
    if (n * t->et->width != at->bits)
        return fy_err_format(&fy_ValueError,
                             "%s: the atom moves %d bits but the register tensor holds %lld x %s (%lld)", op, at->bits,
                             (long long)n, t->et->name, (long long)(n * t->et->width));
    if (pred && (FY_TTENSOR_CHECK(pred) || (pred != fy_True && pred != fy_False && !FY_DSL_NUM_CHECK(pred))))
        return fy_err_format(&fy_NotImplementedError,
                             "%s: a bits copy between element widths takes a Boolean pred, not '%s'", op,
                             fy_type_name(pred));
    if (!load) {
        fy_obj *x = fy_trace_tensor_load(t);
        fy_obj *res = x ? ssa_call(tr, at, NULL, x, dst, pred) : NULL;
        FY_XDECREF(x);
        return res;
    }
    char rty[96];
    snprintf(rty, sizeof rty, "vector<%lldx%s>", (long long)n, fy_trace_mlir_type(t->et));
    fy_obj *old = pred ? fy_trace_tensor_load(t) : NULL;
    if (pred && !old) return NULL;
    fy_obj *v = ssa_call(tr, at, rty, src, old, pred);
    FY_XDECREF(old);
    fy_obj *d = v ? fy_mlir_as_dsl_value(v) : NULL;
    FY_XDECREF(v);
    if (!d) return fy_err_occurred() ? NULL : fy_err_set(&fy_RuntimeError, "copy: internal error: no Vector");
    fy_obj *res = fy_trace_tensor_store(t, d);
    FY_DECREF(d);
    return res;
}

int fy_trace_is_copy_value(fy_obj *o) {
    fy_type *t = FY_TYPE(o);
    return t == &copyop_type || t == &catom_type || t == &tcopy_type || t == &thrcopy_type;
}

static fy_methoddef tc_methods[] = {{"get_slice", tc_get_slice, 0, "get_slice(tid)\nThe thread's ThrCopy."},
                                    {"thr_slice", tc_get_slice, 0, "thr_slice(tid)\nThe thread's ThrCopy."},
                                    {"_repr_svg_", fy_dsl_repr_svg, 0, "_repr_svg_()\nThe picture as SVG."},
                                    {0}};
static fy_obj *th_retile(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (fy_no_kwargs("retile", kw) < 0 || fy_check_nargs("retile", na, 1, 1) < 0) return NULL;
    catom *at = ((thrcopy *)self)->tc->atom;
    return fy_trace_mma_retile(at->bits / at->et->width, a[0]);
}

static fy_methoddef th_methods[] = {
    {"retile", th_retile, 0, "retile(t)\nFragment t viewed as ((AtomV,RestV),Rest...) in this copy's value order."},
    {"partition_S", th_partition_S, 0, "partition_S(t)\nThe thread's source view ((AtomV,RestV),RestM,RestN)."},
    {"partition_D", th_partition_D, 0, "partition_D(t)\nThe thread's destination view."},
    {0}};

static fy_type copyop_type = {FY_TYPE_INIT("UniversalCopy", sizeof(copyop)), .flags = FY_TPF_FINAL,
                              .repr = copyop_repr};
static fy_getsetdef tc_getsets[] = {{"tile_mn", tcopy_tile_mn, NULL, "the tile (M, N) it covers"},
                                    {"layout_tv_tiled", tcopy_layout_tv, NULL, "the TV layout"},
                                    /* one thread-value layout for both but LDSReadTrans's (source_tv) */
                                    {"layout_src_tv_tiled", tcopy_layout_src_tv, NULL, "the source TV layout"},
                                    {"layout_dst_tv_tiled", tcopy_layout_tv, NULL, "the destination TV layout"},
                                    {0}};
/* atom._set_value(field, value) (fx.atom_set_value): a copy of the atom with its state field set; the state a
 * copy atom of gfx942 / gfx950 has is a buffer atom's soffset (FlyDSL's AtomStateField), which the copies with
 * it use as fx.copy's soffset= (in the atom's values). */
static fy_obj *catom_set_value(fy_obj *o, fy_obj *const *a, size_t na, fy_obj *kw) {
    const char *op = "atom_set_value";
    if (fy_no_kwargs(op, kw) < 0 || fy_check_nargs(op, na, 2, 2) < 0) return NULL;
    if (!FY_STR_CHECK(a[0]))
        return fy_err_format(&fy_TypeError, "%s: field must be a str, not '%s'", op, fy_type_name(a[0]));
    const char *f = FY_STR_DATA(a[0]);
    catom *at = (catom *)o;
    int buf = at->buffer >= 1 && at->buffer <= 3;
    if (!strcmp(f, "soffset") && buf) {
        catom *c = (catom *)fy_alloc(&catom_type);
        if (!c) return NULL;
        c->bits = at->bits;
        c->buffer = at->buffer;
        c->trans = at->trans;
        c->et = at->et;
        c->soffset = fy_ref(a[1]);
        return &c->h;
    }
    if (!strcmp(f, "workgroup_mask"))
        return fy_err_format(&fy_NotImplementedError,
                             "%s: field workgroup_mask is only available on gfx1250 atoms; flyi compiles for gfx942 "
                             "and gfx950",
                             op);
    if (!strcmp(f, "imm_offset") && at->buffer >= 2 && at->buffer <= 3)
        return fy_err_format(&fy_NotImplementedError,
                             "%s: imm_offset of a BufferCopyLDS atom is not supported by flyi yet", op);
    if (!strcmp(f, "soffset") || !strcmp(f, "imm_offset"))
        return fy_err_format(&fy_ValueError, "%s: the copy atom has no field %s (only buffer copy atoms do)", op, f);
    if (!strcmp(f, "scale_a") || !strcmp(f, "scale_b"))
        return fy_err_format(&fy_ValueError, "%s: the copy atom has no field %s (cdna4.MFMA_Scale atoms do)", op, f);
    return fy_err_format(&fy_ValueError,
                         "%s: unknown atom field '%s' (the fields: soffset, imm_offset, scale_a, scale_b, "
                         "workgroup_mask)",
                         op, f);
}
static fy_methoddef catom_methods[] = {
    {"_set_value", catom_set_value, 0, "_set_value(field, value)\nA copy of the atom with state field set."}, {0}};
static fy_getsetdef catom_getsets[] = {{"val_bits", catom_val_bits, NULL, "bits moved per thread"}, {0}};
static fy_type catom_type = {FY_TYPE_INIT("CopyAtom", sizeof(catom)),
                             .flags = FY_TPF_FINAL,
                             .repr = catom_repr,
                             .dealloc = catom_dealloc,
                             .methods = catom_methods,
                             .hash = catom_hash,
                             .richcmp = catom_richcmp,
                             .getsets = catom_getsets};
static fy_type tcopy_type = {FY_TYPE_INIT("TiledCopy", sizeof(tcopy)),
                             .flags = FY_TPF_FINAL,
                             .repr = tcopy_repr,
                             .dealloc = tcopy_dealloc,
                             .methods = tc_methods,
                             .getsets = tc_getsets,
                             .hash = tcopy_hash,
                             .richcmp = tcopy_richcmp};
static fy_type thrcopy_type = {FY_TYPE_INIT("ThrCopy", sizeof(thrcopy)), .flags = FY_TPF_FINAL,
                               .dealloc = thrcopy_dealloc, .methods = th_methods};

static fy_methoddef copy_funcs[] = {
    {"UniversalCopy", f_uc, 0, "UniversalCopy(bits)\nA target-neutral copy op of bits per thread."},
    {"UniversalCopy8b", f_uc8, 0, "UniversalCopy8b()"},
    {"UniversalCopy16b", f_uc16, 0, "UniversalCopy16b()"},
    {"UniversalCopy32b", f_uc32, 0, "UniversalCopy32b()"},
    {"UniversalCopy64b", f_uc64, 0, "UniversalCopy64b()"},
    {"UniversalCopy128b", f_uc128, 0, "UniversalCopy128b()"},
    {"make_copy_atom", f_make_copy_atom, 0, "make_copy_atom(copy_op, dtype)\nA copy atom."},
    {"make_tiled_copy", f_make_tiled_copy, 0, "make_tiled_copy(atom, layout_tv, tile_mn)\nA tiled copy."},
    {"make_tiled_copy_tv", f_make_tiled_copy_tv, 0,
     "make_tiled_copy_tv(atom, thr_layout, val_layout)\nA tiled copy over make_layout_tv(thr_layout, val_layout)."},
    {"copy", f_copy, 0,
     "copy(atom, src, dst, *, pred=None)\nCopies src into dst, each atom invocation guarded by its "
     "predicate (kernels only)."},
    {"copy_atom_call", f_copy_atom_call, 0,
     "copy_atom_call(atom, src, dst, *, pred=None)\nExactly one atom invocation."},
    {"_copy_atom_call_ssa", f_copy_atom_call_ssa, 0,
     "_copy_atom_call_ssa(results, copyAtom, src, dst=None, pred=None)\nflydsl._mlir.dialects.fly.copy_atom_call_ssa: "
     "one atom invocation on values."},
    {0}};

int fy_trace_add_copy_fx(fy_obj *m) {
    if (fy_type_ready(&catom_type) < 0 || fy_type_ready(&tcopy_type) < 0 || fy_type_ready(&thrcopy_type) < 0 ||
        fy_module_add(m, "TiledCopy", &tcopy_type.h) < 0 || fy_module_add(m, "CopyAtom", &catom_type.h) < 0 ||
        fy_module_add(m, "ThrCopy", &thrcopy_type.h) < 0)
        return -1;
    for (fy_methoddef *d = copy_funcs; d->name; d++) {
        fy_obj *f = fy_cfunction_new(d, m);
        if (!f || fy_module_add_steal(m, d->name, f) < 0) return -1;
    }
    return 0;
}
