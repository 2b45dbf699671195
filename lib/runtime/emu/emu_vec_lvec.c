/* emu_vec_lvec.c - the lane-vector form (emu_vec.c), per-lane vectors: a lane-dependent vector<K x T> (a
 * thread's 128-bit load, its 8 floats) is one vector<64*K x T> for the wave, element-major: element k of lane l
 * at k * 64 + l, so that an elementwise op is the same op over the whole vector and element k of every lane is
 * the run [k * 64, k * 64 + 64). This file has the shuffles between the forms, the vector ops (broadcast,
 * shuffle, bitcast, reduction, extract, insert) and the loads and stores of a vector a lane. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "runtime/emu/emu.h"
#include "runtime/emu/emu_vec_int.h"

#define MAXE (VW * 32) /* elements of the widest lane vector (32 x i1) */

static int64_t vlen(MlirValue v) { return mlirShapedTypeGetDimSize(mlirValueGetType(v), 0); }

static MlirType elem_of(MlirValue v) { return mlirShapedTypeGetElementType(mlirValueGetType(v)); }

/* 16-bit floats as i16 (LLVM's x86 backend moves bf16 vector elements through f32 and back, a call each). */
static bool half_float(MlirType t) { return mlirTypeIsABF16(t) || mlirTypeIsAF16(t); }

static MlirValue as_type(fly_emu_irb *b, MlirValue v, MlirType et) {
    int64_t n = mlirShapedTypeGetDimSize(mlirValueGetType(v), 0);
    return fly_vx_cast(b, "arith.bitcast", v, mlirVectorTypeGet(1, &n, et));
}

/* v as type t (a bitcast of the same shape), unless it is one. */
static MlirValue to_type(fly_emu_irb *b, MlirValue v, MlirType t) {
    return mlirTypeEqual(mlirValueGetType(v), t) ? v : fly_vx_cast(b, "arith.bitcast", v, t);
}

/* vector.shuffle p, q with mask m (n entries) */
static MlirValue shuffle(fly_vx *x, fly_emu_irb *b, MlirValue p, MlirValue q, const int64_t *m, int64_t n) {
    MlirType pt = elem_of(p);
    if (half_float(pt)) {
        MlirType i16 = mlirIntegerTypeGet(x->ctx, 16);
        return as_type(b, shuffle(x, b, as_type(b, p, i16), as_type(b, q, i16), m, n), pt);
    }
    MlirValue o[2] = {p, q};
    MlirNamedAttribute a = fly_ir_named(x->ctx, "mask", mlirDenseI64ArrayGet(x->ctx, n, m));
    return fly_emu_irb_val(b, "vector.shuffle", 2, o, mlirVectorTypeGet(1, &n, elem_of(p)), 1, &a);
}

MlirValue fly_vx_widen(fly_vx *x, fly_emu_irb *b, MlirValue v, int64_t k) {
    if (k <= 1) return v;
    static int64_t m[MAXE];
    for (int64_t j = 0; j < k * VW; j++) m[j] = j % VW;
    return shuffle(x, b, v, v, m, k * VW);
}

MlirValue fly_vx_repl(fly_vx *x, fly_emu_irb *b, MlirValue u) {
    int64_t k = vlen(u);
    static int64_t m[MAXE];
    for (int64_t j = 0; j < k * VW; j++) m[j] = j / VW;
    return shuffle(x, b, u, u, m, k * VW);
}

/* Element k of every lane: vector<64 x T>. */
static MlirValue slice(fly_vx *x, fly_emu_irb *b, MlirValue v, int64_t k) {
    int64_t m[VW];
    for (int l = 0; l < VW; l++) m[l] = k * VW + l;
    return shuffle(x, b, v, v, m, VW);
}

/* The n vector<64 x T> s[0..n) as one vector<64*n x T>: pairs of one length at each step (MLIR lowers a shuffle
 * of two lengths element by element), an odd one out doubled and cut back at the end. */
static MlirValue concat(fly_vx *x, fly_emu_irb *b, const MlirValue *s, int64_t n) {
    static int64_t m[MAXE];
    MlirValue v[32];
    int64_t c = n;
    for (int64_t i = 0; i < n; i++) v[i] = s[i];
    while (c > 1) {
        int64_t len = vlen(v[0]);
        for (int64_t j = 0; j < 2 * len; j++) m[j] = j;
        for (int64_t i = 0; i < c / 2; i++) v[i] = shuffle(x, b, v[2 * i], v[2 * i + 1], m, 2 * len);
        if (c % 2) v[c / 2] = shuffle(x, b, v[c - 1], v[c - 1], m, 2 * len);
        c = c / 2 + c % 2;
    }
    if (vlen(v[0]) == n * VW) return v[0];
    for (int64_t j = 0; j < n * VW; j++) m[j] = j;
    return shuffle(x, b, v[0], v[0], m, n * VW);
}

/* lane-major (lane l's elements at l * k ...) to element-major, or back */
static MlirValue transpose(fly_vx *x, fly_emu_irb *b, MlirValue v, int64_t k, bool to_elem) {
    static int64_t m[MAXE];
    for (int64_t e = 0; e < k; e++)
        for (int64_t l = 0; l < VW; l++) {
            if (to_elem) m[e * VW + l] = l * k + e;
            else m[l * k + e] = e * VW + l;
        }
    return shuffle(x, b, v, v, m, k * VW);
}

MlirValue fly_vx_lane_major(fly_vx *x, fly_emu_irb *b, MlirValue v, int64_t k) { return transpose(x, b, v, k, false); }

/* A lane mask vector<64 x i1> for lane-major data of k elements a lane. */
static MlirValue lane_major_mask(fly_vx *x, fly_emu_irb *b, MlirValue mask, int64_t k) {
    static int64_t m[MAXE];
    for (int64_t j = 0; j < k * VW; j++) m[j] = j / k;
    return shuffle(x, b, mask, mask, m, k * VW);
}

static MlirValue zero_vec(fly_vx *x, fly_emu_irb *b, MlirType vt) {
    MlirType et = mlirShapedTypeGetElementType(vt);
    MlirAttribute z = mlirTypeIsAFloat(et) ? mlirFloatAttrDoubleGet(x->ctx, et, 0.0) : mlirIntegerAttrGet(et, 0);
    MlirNamedAttribute a = fly_ir_named(x->ctx, "value", mlirDenseElementsAttrSplatGet(vt, z));
    return fly_emu_irb_val(b, "arith.constant", 0, NULL, vt, 1, &a);
}

MlirValue fly_vx_zero_vec(fly_vx *x, fly_emu_irb *b, MlirType vt) { return zero_vec(x, b, vt); }

/* An scf.if cond with results of types ts (n); *tb, *eb: builders in its arms (each must end with scf.yield). */
MlirOperation fly_vx_open_if_res(fly_vx *x, fly_emu_irb *b, MlirValue cond, int n, const MlirType *ts, fly_emu_irb *tb,
                                 fly_emu_irb *eb) {
    MlirRegion r[2] = {mlirRegionCreate(), mlirRegionCreate()};
    MlirBlock blk[2] = {mlirBlockCreate(0, NULL, NULL), mlirBlockCreate(0, NULL, NULL)};
    for (int i = 0; i < 2; i++) mlirRegionAppendOwnedBlock(r[i], blk[i]);
    MlirOperationState st = mlirOperationStateGet(fly_ir_sref("scf.if"), b->loc);
    mlirOperationStateAddOperands(&st, 1, &cond);
    mlirOperationStateAddResults(&st, n, ts);
    mlirOperationStateAddOwnedRegions(&st, 2, r);
    MlirOperation op = mlirOperationCreate(&st);
    fly_ir_op_insert(b->block, b->before, op);
    *tb = (fly_emu_irb){x->ctx, blk[0], {NULL}, b->loc};
    *eb = (fly_emu_irb){x->ctx, blk[1], {NULL}, b->loc};
    return op;
}

/* ---- which ops ---- */

static bool static_pos(MlirOperation op, int nops, int64_t *pos) {
    MlirAttribute a = mlirOperationGetAttributeByName(op, fly_ir_sref("static_position"));
    if (mlirAttributeIsNull(a) || mlirDenseArrayGetNumElements(a) != 1 || mlirOperationGetNumOperands(op) != nops)
        return false;
    *pos = mlirDenseI64ArrayGetElement(a, 0);
    return *pos >= 0;
}

/* The bits of a lane type (a scalar: its width; vector<K x T>: K times T's), 0 when not one. */
static int64_t lane_bits(MlirType t) {
    int64_t k = fly_vx_lane_k(t);
    MlirType et = k ? mlirShapedTypeGetElementType(t) : t;
    if (!k && !(fly_vx_scalar_type(t) && !mlirTypeIsAIndex(t))) return 0;
    int64_t w = mlirTypeIsAInteger(et) ? mlirIntegerTypeGetWidth(et) : 8 * fly_emu_type_bytes(et);
    if (w < 8 || (k ? k : 1) * w > 256) return 0;
    return (k ? k : 1) * w;
}

static const char *combiner(const char *kind, bool flt) {
    static const char *const t[][3] = {
        {"add", "arith.addf", "arith.addi"},  {"mul", "arith.mulf", "arith.muli"}, {"minui", NULL, "arith.minui"},
        {"minsi", NULL, "arith.minsi"},       {"maxui", NULL, "arith.maxui"},      {"maxsi", NULL, "arith.maxsi"},
        {"minnumf", "arith.minnumf", NULL},   {"maxnumf", "arith.maxnumf", NULL},  {"minimumf", "arith.minimumf", NULL},
        {"maximumf", "arith.maximumf", NULL}, {"and", NULL, "arith.andi"},         {"or", NULL, "arith.ori"},
        {"xor", NULL, "arith.xori"},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        if (!strcmp(t[i][0], kind)) return t[i][flt ? 1 : 2];
    return NULL;
}

/* The kind of a vector.reduction ("add") and whether its fastmath flags allow reassociation. */
static bool red_kind(MlirOperation op, char *kind, size_t cap, bool *reassoc) {
    MlirAttribute a = mlirOperationGetAttributeByName(op, fly_ir_sref("kind"));
    *reassoc = false;
    if (mlirAttributeIsNull(a)) return false;
    fly_ir_buf t = {0};
    mlirAttributePrint(a, fly_ir_buf_callback, &t);
    const char *s = t.data ? strchr(t.data, '<') : NULL;
    bool ok = false;
    if (s) {
        size_t n = strcspn(s + 1, ">");
        if (n < cap) {
            memcpy(kind, s + 1, n);
            kind[n] = 0;
            ok = true;
        }
    }
    fly_ir_buf_free(&t);
    MlirAttribute f = mlirOperationGetAttributeByName(op, fly_ir_sref("fastmath"));
    if (!mlirAttributeIsNull(f)) {
        fly_ir_buf u = {0};
        mlirAttributePrint(f, fly_ir_buf_callback, &u);
        *reassoc = u.data && (strstr(u.data, "fast") || strstr(u.data, "reassoc"));
        fly_ir_buf_free(&u);
    }
    return ok;
}

/* The reduction kinds checked against the phase loop: sums and the float max / min (FlyDSL's softmax). */
static bool red_checked(const char *kind) {
    return !strcmp(kind, "add") || !strcmp(kind, "maxnumf") || !strcmp(kind, "minnumf") || !strcmp(kind, "maximumf") ||
           !strcmp(kind, "minimumf");
}

bool fly_vx_lvec_ok(fly_vx *x, MlirOperation op) {
    MlirType rt = mlirOperationGetNumResults(op) ? mlirValueGetType(fly_ir_res0(op)) : fly_ir_type_null();
    int64_t p;
    if (fly_vx_is(op, "vector.broadcast") || fly_vx_is(op, "vector.splat"))
        return fly_vx_lane_k(rt) && fly_vx_scalar_type(mlirValueGetType(mlirOperationGetOperand(op, 0)));
    if (fly_vx_is(op, "vector.shuffle"))
        return fly_vx_lane_k(rt) && fly_vx_lane_k(mlirValueGetType(mlirOperationGetOperand(op, 0))) &&
               fly_vx_lane_k(mlirValueGetType(mlirOperationGetOperand(op, 1)));
    if (fly_vx_is(op, "vector.bitcast") || fly_vx_is(op, "llvm.bitcast") || fly_vx_is(op, "arith.bitcast")) {
        MlirType ft = mlirValueGetType(mlirOperationGetOperand(op, 0));
        int64_t a = lane_bits(ft), c = lane_bits(rt);
        int64_t ka = fly_vx_lane_k(ft), kc = fly_vx_lane_k(rt);
        ka = ka ? ka : 1, kc = kc ? kc : 1;
        return a && a == c && (ka % kc == 0 || kc % ka == 0);
    }
    if (fly_vx_is(op, "vector.reduction")) {
        char kind[32];
        bool re;
        MlirType vt = mlirValueGetType(mlirOperationGetOperand(op, 0));
        return mlirOperationGetNumOperands(op) == 1 && fly_vx_lane_k(vt) && !fly_vx_half_vec(vt) &&
               red_kind(op, kind, sizeof kind, &re) && red_checked(kind) &&
               combiner(kind, mlirTypeIsAFloat(mlirShapedTypeGetElementType(vt)));
    }
    if (fly_vx_is(op, "vector.extract"))
        return static_pos(op, 1, &p) && fly_vx_lane_k(mlirValueGetType(mlirOperationGetOperand(op, 0))) > p &&
               fly_vx_scalar_type(rt);
    if (fly_vx_is(op, "vector.insert"))
        return static_pos(op, 2, &p) && fly_vx_lane_k(rt) > p &&
               fly_vx_scalar_type(mlirValueGetType(mlirOperationGetOperand(op, 0)));
    if (fly_vx_is(op, "vector.from_elements")) {
        if (!fly_vx_lane_k(rt) || mlirOperationGetNumOperands(op) != fly_vx_lane_k(rt)) return false;
        for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); i++)
            if (!fly_vx_scalar_type(mlirValueGetType(mlirOperationGetOperand(op, i)))) return false;
        return true;
    }
    (void)x;
    return false;
}

/* ---- the ops ---- */

/* The k slices of lane value v (k = 1: v itself) as integers of their width. */
static void int_slices(fly_vx *x, fly_emu_irb *b, MlirValue v, int64_t k, int64_t w, MlirValue *out) {
    MlirType it = mlirIntegerTypeGet(x->ctx, (unsigned)w);
    for (int64_t i = 0; i < k; i++) {
        MlirValue s = k == 1 ? v : slice(x, b, v, i);
        if (!mlirTypeIsAInteger(elem_of(s))) s = fly_vx_cast(b, "arith.bitcast", s, fly_vx_vec_of(x, it));
        out[i] = s;
    }
}

static MlirValue gen_bitcast(fly_vx *x, fly_emu_irb *b, MlirOperation op) {
    MlirValue v = fly_vx_use(x, b, mlirOperationGetOperand(op, 0), true);
    MlirType ft = mlirValueGetType(mlirOperationGetOperand(op, 0)), rt = mlirValueGetType(fly_ir_res0(op));
    int64_t ka = fly_vx_lane_k(ft), kc = fly_vx_lane_k(rt);
    ka = ka ? ka : 1, kc = kc ? kc : 1;
    MlirType nrt = fly_vx_vec_of(x, rt);
    if (ka == kc) return to_type(b, v, nrt);
    int64_t wa = lane_bits(ft) / ka, wc = lane_bits(rt) / kc;
    MlirValue in[32], out[32];
    int_slices(x, b, v, ka, wa, in);
    MlirType ict = fly_vx_vec_of(x, mlirIntegerTypeGet(x->ctx, (unsigned)wc));
    if (ka > kc) { /* r narrow elements make one wide one, the first in the low bits */
        int64_t r = ka / kc;
        for (int64_t j = 0; j < kc; j++) {
            MlirValue acc = {NULL};
            for (int64_t i = 0; i < r; i++) {
                MlirValue e = fly_vx_cast(b, "arith.extui", in[j * r + i], ict);
                if (i)
                    e = fly_vx_bin(b, "arith.shli", e,
                                   fly_vx_bcast(x, b, fly_emu_irb_const(b, i * wa, mlirShapedTypeGetElementType(ict))));
                acc = i ? fly_vx_bin(b, "arith.ori", acc, e) : e;
            }
            out[j] = acc;
        }
    } else { /* one wide element makes r narrow ones */
        int64_t r = kc / ka;
        MlirType wt = mlirShapedTypeGetElementType(mlirValueGetType(in[0]));
        for (int64_t j = 0; j < ka; j++)
            for (int64_t i = 0; i < r; i++) {
                MlirValue e = in[j];
                if (i) e = fly_vx_bin(b, "arith.shrui", e, fly_vx_bcast(x, b, fly_emu_irb_const(b, i * wc, wt)));
                out[j * r + i] = fly_vx_cast(b, "arith.trunci", e, ict);
            }
    }
    MlirValue c = concat(x, b, out, kc);
    return mlirTypeEqual(mlirValueGetType(c), nrt) ? c : fly_vx_cast(b, "arith.bitcast", c, nrt);
}

/* A reduction of each lane's k elements: halves (s[i] op s[i + h]) while the count is even, as LLVM reduces a
 * reassociable vector (and any order gives the same for integers and min / max), then the rest in order;
 * element by element from the first for a float sum or product without reassociation. */
static MlirValue gen_reduction(fly_vx *x, fly_emu_irb *b, MlirOperation op) {
    char kind[32];
    bool re;
    MlirValue v = fly_vx_use(x, b, mlirOperationGetOperand(op, 0), true);
    MlirType et = elem_of(v);
    red_kind(op, kind, sizeof kind, &re);
    bool flt = mlirTypeIsAFloat(et);
    const char *cb = combiner(kind, flt);
    int64_t k = vlen(v) / VW;
    MlirValue s[32] = {{NULL}};
    for (int64_t i = 0; i < k && i < 32; i++) s[i] = slice(x, b, v, i);
    bool ordered = flt && !re && (!strcmp(kind, "add") || !strcmp(kind, "mul"));
    int64_t n = k;
    while (!ordered && n > 1 && n % 2 == 0) {
        for (int64_t i = 0; i < n / 2; i++) s[i] = fly_vx_bin(b, cb, s[i], s[i + n / 2]);
        n /= 2;
    }
    MlirValue acc = s[0];
    for (int64_t i = 1; i < n; i++) acc = fly_vx_bin(b, cb, acc, s[i]);
    return acc;
}

void fly_vx_gen_lvec(fly_vx *x, fly_emu_irb *b, MlirOperation op) {
    MlirValue r = fly_ir_res0(op), nv = {NULL};
    MlirType rt = mlirValueGetType(r);
    int64_t p = 0;
    if (fly_vx_is(op, "vector.broadcast") || fly_vx_is(op, "vector.splat")) {
        nv = fly_vx_widen(x, b, fly_vx_use(x, b, mlirOperationGetOperand(op, 0), true), fly_vx_lane_k(rt));
        nv = to_type(b, nv, fly_vx_vec_of(x, rt));
    } else if (fly_vx_is(op, "vector.shuffle")) {
        MlirValue a = fly_vx_use(x, b, mlirOperationGetOperand(op, 0), true),
                  c = fly_vx_use(x, b, mlirOperationGetOperand(op, 1), true);
        MlirAttribute ma = mlirOperationGetAttributeByName(op, fly_ir_sref("mask"));
        int64_t k = fly_vx_lane_k(rt), ka = vlen(a) / VW, kc = vlen(c) / VW, L = (ka > kc ? ka : kc) * VW;
        static int64_t m[MAXE];
        for (int64_t j = 0; j < L; j++) m[j] = j < vlen(a) ? j : 0;
        if (vlen(a) < L) a = shuffle(x, b, a, a, m, L); /* operands of one length (see concat) */
        for (int64_t j = 0; j < L; j++) m[j] = j < vlen(c) ? j : 0;
        if (vlen(c) < L) c = shuffle(x, b, c, c, m, L);
        for (int64_t j = 0; j < k; j++) {
            int64_t s = mlirDenseI64ArrayGetElement(ma, j);
            for (int l = 0; l < VW; l++) m[j * VW + l] = s < 0 ? l : s < ka ? s * VW + l : L + (s - ka) * VW + l;
        }
        nv = shuffle(x, b, a, c, m, k * VW);
    } else if (fly_vx_is(op,
                         "vector.from_elements")) { /* element-major: the elements' lane vectors one after another */
        MlirValue s[32];
        int64_t k = fly_vx_lane_k(rt);
        for (int64_t i = 0; i < k; i++) {
            s[i] = fly_vx_use(x, b, mlirOperationGetOperand(op, i), true);
            if (half_float(elem_of(s[i]))) s[i] = as_type(b, s[i], mlirIntegerTypeGet(x->ctx, 16));
        }
        nv = to_type(b, concat(x, b, s, k), fly_vx_vec_of(x, rt));
    } else if (fly_vx_is(op, "vector.bitcast") || fly_vx_is(op, "llvm.bitcast") || fly_vx_is(op, "arith.bitcast")) {
        nv = gen_bitcast(x, b, op);
    } else if (fly_vx_is(op, "vector.reduction")) {
        nv = gen_reduction(x, b, op);
    } else if (fly_vx_is(op, "vector.extract")) {
        static_pos(op, 1, &p);
        nv = to_type(b, slice(x, b, fly_vx_use(x, b, mlirOperationGetOperand(op, 0), true), p), fly_vx_vec_of(x, rt));
    } else if (fly_vx_is(op, "vector.insert")) {
        static_pos(op, 2, &p);
        MlirValue s = fly_vx_use(x, b, mlirOperationGetOperand(op, 0), true),
                  d = fly_vx_use(x, b, mlirOperationGetOperand(op, 1), true);
        int64_t k = fly_vx_lane_k(rt);
        static int64_t m[MAXE];
        for (int64_t j = 0; j < k * VW; j++) m[j] = j / VW == p ? k * VW + j : j;
        nv = shuffle(x, b, d, to_type(b, fly_vx_widen(x, b, s, k), mlirValueGetType(d)), m, k * VW);
    }
    if (mlirValueIsNull(nv)) {
        fly_vx_bad(x, "a per-lane vector op", op);
        return;
    }
    fly_vx_put(x, r, nv, true, (MlirValue){NULL});
}

/* ---- a vector a lane: llvm.load / llvm.store of vector<K x T> ---- */

/* Whether the lanes' addresses addrs (vector<64 x i64>) are lane 0's + lane * bytes: an i1. */
static MlirValue consecutive(fly_vx *x, fly_emu_irb *b, MlirValue addrs, int64_t bytes, MlirValue *a0) {
    MlirNamedAttribute pa = fly_ir_named(x->ctx, "static_position", mlirDenseI64ArrayGet(x->ctx, 1, (int64_t[]){0}));
    *a0 = fly_emu_irb_val(b, "vector.extract", 1, &addrs, x->i64, 1, &pa);
    MlirValue lanes = fly_vx_cast(b, "arith.index_cast", x->iota, fly_vx_vec_of(x, x->i64));
    MlirValue exp = fly_vx_bin(b, "arith.muli", lanes, fly_vx_bcast(x, b, fly_vx_i64c(x, b, bytes)));
    exp = fly_vx_bin(b, "arith.addi", exp, fly_vx_bcast(x, b, *a0));
    return fly_vx_reduce(x, b, "and", fly_vx_cmpi(x, b, CMP_EQ, addrs, exp));
}

/* Not consecutive: lane by lane in lane order (as the threads run), each active lane's vector<K x T> (vt) at its
 * address through the scratch buffer, lane-major; a load (lm null) returns the lanes' values element-major (zero in
 * inactive lanes), a store writes lm's. */
static MlirValue lane_loop(fly_vx *x, fly_emu_irb *b, MlirValue addrs, MlirValue mk, MlirType vt, MlirType pt,
                           MlirValue lm) {
    MlirType et = mlirShapedTypeGetElementType(vt), i8 = mlirIntegerTypeGet(x->ctx, 8);
    int64_t k = fly_vx_lane_k(vt), esz = fly_emu_type_bytes(et), bytes = k * esz, n = VW * k;
    MlirType lvt = mlirVectorTypeGet(1, &n, et);
    MlirValue sp = fly_vx_cast(b, "llvm.inttoptr", fly_vx_base_addr(x, b, x->scratch2), x->ptr);
    MlirNamedAttribute al = fly_vx_align_attr(x, esz, x->i64), al1 = fly_vx_align_attr(x, 1, x->i64);
    MlirValue o[2] = {mlirValueIsNull(lm) ? zero_vec(x, b, lvt) : lm, sp};
    fly_emu_irb_op(b, "llvm.store", 2, o, fly_ir_type_null(), 1, &al1);
    fly_emu_irb in = *b;
    MlirValue l = fly_vx_open_for(x, &in, x->c0, fly_emu_irb_const(&in, VW, x->idx), x->c1);
    MlirValue li = fly_vx_cast(&in, "arith.index_cast", l, x->i64);
    MlirValue mo[2] = {mk, li};
    fly_vx_open_if(x, &in, fly_vx_val(&in, "llvm.extractelement", 2, mo, x->i1));
    MlirValue ao[2] = {addrs, li};
    MlirValue ap = fly_vx_cast(&in, "llvm.inttoptr", fly_vx_val(&in, "llvm.extractelement", 2, ao, x->i64), pt);
    MlirValue slot = fly_emu_irb_gep_dyn(&in, sp, fly_vx_bin(&in, "arith.muli", li, fly_vx_i64c(x, &in, bytes)), i8);
    MlirValue from = mlirValueIsNull(lm) ? ap : slot, to = mlirValueIsNull(lm) ? slot : ap;
    MlirValue v = fly_emu_irb_val(&in, "llvm.load", 1, &from, vt, 1, mlirValueIsNull(lm) ? &al : &al1);
    MlirValue so[2] = {v, to};
    fly_emu_irb_op(&in, "llvm.store", 2, so, fly_ir_type_null(), 1, mlirValueIsNull(lm) ? &al1 : &al);
    if (!mlirValueIsNull(lm)) return lm;
    return transpose(x, b, fly_emu_irb_val(b, "llvm.load", 1, &sp, lvt, 1, &al1), k, true);
}

/* Not consecutive, lanes of 4 or 8-byte multiples: a gather (a load, lm null: the lanes' values element-major) or a
 * scatter of lm (lane-major) in words of g bytes at each lane's address + j g, lane-major (a scatter writes its
 * elements in order, so where lanes overlap the later lane's bytes stay, as lane_loop's). Else lane_loop. */
static MlirValue lane_words(fly_vx *x, fly_emu_irb *b, MlirValue addrs, MlirValue mk, MlirType vt, MlirType pt,
                            MlirValue lm) {
    MlirType et = mlirShapedTypeGetElementType(vt);
    int64_t k = fly_vx_lane_k(vt), esz = fly_emu_type_bytes(et), bytes = k * esz;
    int64_t g = bytes % 8 == 0 ? 8 : bytes % 4 == 0 ? 4 : 0, wn = g ? bytes / g : 0, n = VW * wn, ne = VW * k;
    if (!g || esz > g) return lane_loop(x, b, addrs, mk, vt, pt, lm);
    static int64_t m[MAXE], off[MAXE];
    for (int64_t j = 0; j < n; j++) m[j] = j / wn, off[j] = (j % wn) * g;
    MlirType i64v = mlirVectorTypeGet(1, &n, x->i64), gvt = mlirVectorTypeGet(1, &n, mlirIntegerTypeGet(x->ctx, 8 * g));
    MlirNamedAttribute oa = fly_ir_named(x->ctx, "value", mlirDenseElementsAttrInt64Get(i64v, n, off));
    MlirValue wa = fly_vx_bin(b, "arith.addi", shuffle(x, b, addrs, addrs, m, n),
                              fly_emu_irb_val(b, "arith.constant", 0, NULL, i64v, 1, &oa));
    MlirValue ptrs = fly_vx_cast(b, "llvm.inttoptr", wa, mlirVectorTypeGet(1, &n, pt));
    MlirValue wm = lane_major_mask(x, b, mk, wn);
    MlirNamedAttribute al = fly_vx_align_attr(x, esz, x->i32);
    if (mlirValueIsNull(lm)) {
        MlirValue o[3] = {ptrs, wm, zero_vec(x, b, gvt)};
        MlirValue lv = fly_emu_irb_val(b, "llvm.intr.masked.gather", 3, o, gvt, 1, &al);
        lv = fly_vx_cast(b, "vector.bitcast", lv, mlirVectorTypeGet(1, &ne, et));
        return transpose(x, b, lv, k, true);
    }
    MlirValue o[3] = {fly_vx_cast(b, "vector.bitcast", lm, gvt), ptrs, wm};
    fly_emu_irb_op(b, "llvm.intr.masked.scatter", 3, o, fly_ir_type_null(), 1, &al);
    return lm;
}

void fly_vx_gen_lvaccess(fly_vx *x, fly_emu_irb *b, MlirOperation op, MlirValue mask, MlirValue addrs, bool lds) {
    bool ld = fly_vx_is(op, "llvm.load");
    MlirType vt = ld ? mlirValueGetType(fly_ir_res0(op)) : mlirValueGetType(mlirOperationGetOperand(op, 0));
    MlirType et = mlirShapedTypeGetElementType(vt), pt = mlirValueGetType(mlirOperationGetOperand(op, ld ? 0 : 1));
    int64_t k = fly_vx_lane_k(vt), esz = fly_emu_type_bytes(et), bytes = k * esz, n = VW * k;
    if (half_float(et)) { /* the same bits as i16 (held so, fly_vx_vec_of) */
        et = mlirIntegerTypeGet(x->ctx, 16);
        vt = mlirVectorTypeGet(1, &k, et);
    }
    MlirType wide = fly_vx_vec_of(x, vt);
    MlirValue mk = mlirValueIsNull(mask) ? x->ones : mask;
    MlirValue a0, cons = consecutive(x, b, addrs, bytes, &a0);
    MlirNamedAttribute al64 = fly_vx_align_attr(x, esz, x->i64), al32 = fly_vx_align_attr(x, esz, x->i32);
    fly_emu_irb tb, eb;
    if (ld) {
        MlirOperation ifop = fly_vx_open_if_res(x, b, cons, 1, &wide, &tb, &eb);
        MlirValue p0 = fly_vx_cast(&tb, "llvm.inttoptr", a0, pt), lv;
        if (mlirValueIsNull(mask)) {
            lv = fly_emu_irb_val(&tb, "llvm.load", 1, &p0, mlirVectorTypeGet(1, &n, et), 1, &al64);
        } else { /* masked in words of g bytes (x86 masks 4- and 8-byte elements; narrower ones go one by one) */
            int64_t g = bytes % 8 == 0 ? 8 : bytes % 4 == 0 ? 4 : esz, gn = VW * bytes / g;
            MlirType gt = g == esz ? et : mlirIntegerTypeGet(x->ctx, (unsigned)(8 * g)),
                     gvt = mlirVectorTypeGet(1, &gn, gt);
            MlirNamedAttribute alg = fly_vx_align_attr(x, esz, x->i32);
            MlirValue o[3] = {p0, lane_major_mask(x, &tb, mk, bytes / g), zero_vec(x, &tb, gvt)};
            lv = fly_emu_irb_val(&tb, "llvm.intr.masked.load", 3, o, gvt, 1, &alg);
            if (g != esz) {
                MlirType it = half_float(et) ? mlirIntegerTypeGet(x->ctx, 16) : et;
                lv = fly_vx_cast(&tb, "vector.bitcast", lv, mlirVectorTypeGet(1, &n, it));
                if (!mlirTypeEqual(it, et)) lv = as_type(&tb, lv, et);
            }
        }
        MlirValue tv = transpose(x, &tb, lv, k, true);
        fly_emu_irb_op(&tb, "scf.yield", 1, &tv, fly_ir_type_null(), 0, NULL);
        MlirValue gv = lane_words(x, &eb, addrs, mk, vt, pt, (MlirValue){NULL});
        fly_emu_irb_op(&eb, "scf.yield", 1, &gv, fly_ir_type_null(), 0, NULL);
        fly_vx_put(x, fly_ir_res0(op), fly_ir_res0(ifop), true, (MlirValue){NULL});
        (void)lds;
        return;
    }
    MlirValue v = fly_vx_use(x, b, mlirOperationGetOperand(op, 0), true);
    MlirValue lm = transpose(x, b, v, k, false); /* lane-major: lane l's bytes at l * bytes, as in memory */
    fly_vx_open_if_res(x, b, cons, 0, NULL, &tb, &eb);
    MlirValue p0 = fly_vx_cast(&tb, "llvm.inttoptr", a0, pt);
    if (mlirValueIsNull(mask)) {
        MlirValue o[2] = {lm, p0};
        fly_emu_irb_op(&tb, "llvm.store", 2, o, fly_ir_type_null(), 1, &al64);
    } else {
        int64_t g = bytes % 8 == 0 ? 8 : bytes % 4 == 0 ? 4 : esz, gn = VW * bytes / g;
        MlirValue sv = lm;
        if (g != esz) {
            MlirType gt = mlirIntegerTypeGet(x->ctx, (unsigned)(8 * g));
            if (half_float(et)) sv = as_type(&tb, sv, mlirIntegerTypeGet(x->ctx, 16));
            sv = fly_vx_cast(&tb, "vector.bitcast", sv, mlirVectorTypeGet(1, &gn, gt));
        }
        MlirValue o[3] = {sv, p0, lane_major_mask(x, &tb, mk, bytes / g)};
        fly_emu_irb_op(&tb, "llvm.intr.masked.store", 3, o, fly_ir_type_null(), 1, &al32);
    }
    fly_emu_irb_op(&tb, "scf.yield", 0, NULL, fly_ir_type_null(), 0, NULL);
    lane_words(x, &eb, addrs, mk, vt, pt, lm);
    fly_emu_irb_op(&eb, "scf.yield", 0, NULL, fly_ir_type_null(), 0, NULL);
}
