/* emu_vec_gen.c - the lane-vector form (emu_vec.c), values: small op builders, the new form of an old value,
 * the ops without regions (the same op over vectors, the xor butterfly shuffle) and the dispatch of one op. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "runtime/emu/emu.h"
#include "runtime/emu/emu_vec_int.h"

/* ---- building ---- */

MlirValue fly_vx_val(fly_emu_irb *b, const char *name, int n, const MlirValue *ops, MlirType t) {
    return fly_emu_irb_val(b, name, n, ops, t, 0, NULL);
}

MlirValue fly_vx_bin(fly_emu_irb *b, const char *name, MlirValue p, MlirValue q) {
    MlirValue o[2] = {p, q};
    return fly_vx_val(b, name, 2, o, mlirValueGetType(p));
}

MlirValue fly_vx_cmpi(fly_vx *x, fly_emu_irb *b, int pred, MlirValue p, MlirValue q) {
    MlirValue o[2] = {p, q};
    MlirType t = mlirValueGetType(p);
    MlirType rt = mlirTypeIsAVector(t) ? fly_vx_vec_of(x, x->i1) : x->i1;
    MlirNamedAttribute a = fly_ir_named(x->ctx, "predicate", mlirIntegerAttrGet(x->i64, pred));
    return fly_emu_irb_val(b, "arith.cmpi", 2, o, rt, 1, &a);
}

MlirValue fly_vx_bcast(fly_vx *x, fly_emu_irb *b, MlirValue s) {
    return fly_vx_val(b, "vector.broadcast", 1, &s, fly_vx_vec_of(x, mlirValueGetType(s)));
}

MlirValue fly_vx_cast(fly_emu_irb *b, const char *name, MlirValue v, MlirType t) {
    return fly_vx_val(b, name, 1, &v, t);
}

/* The new form of old value v; as a vector when want_vec. */
MlirValue fly_vx_use(fly_vx *x, fly_emu_irb *b, MlirValue v, bool want_vec) {
    fly_vx_ent *e = fly_vx_get(x, v);
    if (!e || mlirValueIsNull(e->nv)) {
        fly_vx_bad(x, "a value used before it is defined", (MlirOperation){NULL});
        return x->c0;
    }
    if (!want_vec || e->vary) return e->nv;
    if (!fly_vx_lane_k(mlirValueGetType(e->nv))) return fly_vx_bcast(x, b, e->nv);
    MlirValue r = fly_vx_repl(x, b, e->nv);
    MlirType nt = fly_vx_vec_of(x, mlirValueGetType(e->nv));
    return mlirTypeEqual(mlirValueGetType(r), nt) ? r : fly_vx_cast(b, "arith.bitcast", r, nt);
}

void fly_vx_put(fly_vx *x, MlirValue old, MlirValue nv, bool isvec, MlirValue cbase) {
    fly_vx_ent *e = fly_vx_add(x, old);
    if (!e) return;
    e->nv = nv;
    e->vary = isvec;
    e->cbase = cbase;
    e->lane0 = e->guard = (MlirValue){NULL};
    e->pstride = 0;
}

MlirValue fly_vx_reduce(fly_vx *x, fly_emu_irb *b, const char *kind, MlirValue v) {
    char a[48];
    snprintf(a, sizeof a, "#vector.kind<%s>", kind);
    MlirNamedAttribute at = fly_ir_named(x->ctx, "kind", mlirAttributeParseGet(x->ctx, fly_ir_sref(a)));
    MlirType et = mlirShapedTypeGetElementType(mlirValueGetType(v));
    return fly_emu_irb_val(b, "vector.reduction", 1, &v, et, 1, &at);
}

MlirValue fly_vx_any_of(fly_vx *x, fly_emu_irb *b, MlirValue mask) { return fly_vx_reduce(x, b, "or", mask); }

/* scf.if cond without results; b moves into its then block. */
void fly_vx_open_if(fly_vx *x, fly_emu_irb *b, MlirValue cond) {
    MlirRegion r[2] = {mlirRegionCreate(), mlirRegionCreate()};
    MlirBlock t = mlirBlockCreate(0, NULL, NULL);
    mlirRegionAppendOwnedBlock(r[0], t);
    MlirOperation y = fly_ir_op_create(b->loc, "scf.yield", 0, NULL, 0, NULL, 0, NULL);
    mlirBlockAppendOwnedOperation(t, y);
    MlirOperationState st = mlirOperationStateGet(fly_ir_sref("scf.if"), b->loc);
    mlirOperationStateAddOperands(&st, 1, &cond);
    mlirOperationStateAddOwnedRegions(&st, 2, r);
    fly_ir_op_insert(b->block, b->before, mlirOperationCreate(&st));
    (void)x;
    b->block = t;
    b->before = y;
}

/* scf.for lb..ub step 1 without results; b moves into its body; returns the induction variable. */
MlirValue fly_vx_open_for(fly_vx *x, fly_emu_irb *b, MlirValue lb, MlirValue ub, MlirValue step) {
    MlirValue ops[3] = {lb, ub, step};
    MlirRegion r = mlirRegionCreate();
    MlirBlock body = mlirBlockCreate(1, &x->idx, &b->loc);
    mlirRegionAppendOwnedBlock(r, body);
    MlirOperation y = fly_ir_op_create(b->loc, "scf.yield", 0, NULL, 0, NULL, 0, NULL);
    mlirBlockAppendOwnedOperation(body, y);
    MlirOperationState st = mlirOperationStateGet(fly_ir_sref("scf.for"), b->loc);
    mlirOperationStateAddOperands(&st, 3, ops);
    mlirOperationStateAddOwnedRegions(&st, 1, &r);
    fly_ir_op_insert(b->block, b->before, mlirOperationCreate(&st));
    b->block = body;
    b->before = y;
    return mlirBlockGetArgument(body, 0);
}

/* The i64 address of element 0 of memref m. */
MlirValue fly_vx_base_addr(fly_vx *x, fly_emu_irb *b, MlirValue m) {
    MlirValue p = fly_vx_cast(b, "memref.extract_aligned_pointer_as_index", m, x->idx);
    return fly_vx_cast(b, "arith.index_cast", p, x->i64);
}

MlirValue fly_vx_i64c(fly_vx *x, fly_emu_irb *b, int64_t v) { return fly_emu_irb_const(b, v, x->i64); }

MlirValue fly_vx_ctx_i64(fly_vx *x, fly_emu_irb *b, int word) {
    return fly_emu_irb_load(b, fly_emu_irb_gep_const(b, x->ctxv, word, x->i64), x->i64, 8);
}

MlirNamedAttribute fly_vx_align_attr(fly_vx *x, int64_t a, MlirType t) {
    return fly_ir_named(x->ctx, "alignment", mlirIntegerAttrGet(t, a));
}

MlirValue fly_vx_zero_of(fly_vx *x, fly_emu_irb *b, MlirType t) {
    MlirAttribute z = mlirTypeIsAFloat(t) ? mlirFloatAttrDoubleGet(x->ctx, t, 0.0) : mlirIntegerAttrGet(t, 0);
    MlirNamedAttribute a = fly_ir_named(x->ctx, "value", z);
    return fly_emu_irb_val(b, "arith.constant", 0, NULL, t, 1, &a);
}

static void gen_shfl(fly_vx *x, fly_emu_irb *b, MlirOperation op) {
    MlirValue vold = mlirOperationGetOperand(op, 1);
    if (!fly_vx_vary(x, vold)) { /* every lane holds the same value */
        fly_vx_put(x, fly_ir_res0(op), fly_vx_use(x, b, vold, false), false, (MlirValue){NULL});
        return;
    }
    int64_t off = 0;
    fly_emu_const_int(mlirOperationGetOperand(op, 2), &off);
    int64_t m[VW];
    for (int l = 0; l < VW; l++) m[l] = l ^ off;
    MlirValue v = fly_vx_use(x, b, vold, true);
    MlirValue o[2] = {v, v};
    MlirNamedAttribute a = fly_ir_named(x->ctx, "mask", mlirDenseI64ArrayGet(x->ctx, VW, m));
    fly_vx_put(x, fly_ir_res0(op), fly_emu_irb_val(b, "vector.shuffle", 2, o, mlirValueGetType(v), 1, &a), true,
               (MlirValue){NULL});
}

/* math.exp2 of the lanes' f32 values: through a scratch buffer, fly_emu_vexp2f calls exp2f on each element.
 * LLVM expands the op on a vector into a library call per element in line, every vector register saved around
 * each (2,048 calls a wave, 200 KB of code, for FlyDSL's softmax); a loop in the IR it vectorises back into the
 * same. The function is the one the phase loop's calls reach, on the same elements: the same bits. */
static bool gen_math_loop(fly_vx *x, fly_emu_irb *b, MlirOperation op) {
    if (!fly_vx_is(op, "math.exp2") || mlirOperationGetNumOperands(op) != 1 || mlirOperationGetNumResults(op) != 1)
        return false;
    MlirType ot = mlirValueGetType(mlirOperationGetOperand(op, 0));
    if (!mlirTypeIsAF32(mlirTypeIsAVector(ot) ? mlirShapedTypeGetElementType(ot) : ot)) return false;
    MlirValue v = fly_vx_use(x, b, mlirOperationGetOperand(op, 0), true);
    MlirType vt = mlirValueGetType(v);
    int64_t n = mlirShapedTypeGetDimSize(vt, 0);
    MlirType mt = mlirMemRefTypeContiguousGet(mlirShapedTypeGetElementType(vt), 1, &n, mlirAttributeGetNull());
    fly_emu_irb fb = {x->ctx, x->fentry, x->first, mlirLocationUnknownGet(x->ctx)};
    MlirNamedAttribute sa =
        fly_ir_named(x->ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(x->ctx, 2, (int32_t[]){0, 0}));
    MlirValue m = fly_emu_irb_val(&fb, "memref.alloca", 0, NULL, mt, 1, &sa);
    MlirValue so[3] = {v, m, x->c0};
    fly_emu_irb_op(b, "vector.store", 3, so, fly_ir_type_null(), 0, NULL);
    MlirValue args[2] = {fly_vx_base_addr(x, b, m), fly_vx_i64c(x, b, n)};
    MlirNamedAttribute ca =
        fly_ir_named(x->ctx, "callee", mlirFlatSymbolRefAttrGet(x->ctx, fly_ir_sref("fly_emu_vexp2f")));
    fly_emu_irb_op(b, "func.call", 2, args, fly_ir_type_null(), 1, &ca);
    MlirValue ld[2] = {m, x->c0};
    fly_vx_put(x, fly_ir_res0(op), fly_vx_val(b, "vector.load", 2, ld, vt), true, (MlirValue){NULL});
    return true;
}

/* A wave buffer memref<n x t> at the function's start, made once into *m. */
static MlirValue wave_buf(fly_vx *x, MlirValue *m, int64_t n, MlirType t) {
    if (!mlirValueIsNull(*m)) return *m;
    fly_emu_irb fb = {x->ctx, x->fentry, x->first, mlirLocationUnknownGet(x->ctx)};
    MlirNamedAttribute sa =
        fly_ir_named(x->ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(x->ctx, 2, (int32_t[]){0, 0}));
    MlirType mt = mlirMemRefTypeContiguousGet(t, 1, &n, mlirAttributeGetNull());
    return *m = fly_emu_irb_val(&fb, "memref.alloca", 0, NULL, mt, 1, &sa);
}

/* MFMA suspension op: an fly_emu_shfl call in the MFMA mode. */
static bool is_mfma_susp(MlirOperation op) {
    int64_t mode;
    return fly_vx_is_call(op, "fly_emu_shfl") && fly_emu_const_int(mlirOperationGetOperand(op, 4), &mode) &&
           mode == FLY_EMU_X_MFMA;
}

/* Ops that touch no memory and compute nothing of the lanes' (between an MFMA's parts). */
static bool mf_inert(MlirOperation o) {
    return fly_vx_is_call(o, "fly_emu_mfma_slot") || fly_vx_is(o, "llvm.getelementptr") ||
           fly_vx_is(o, "llvm.mlir.constant") || fly_vx_is(o, "arith.constant");
}

/* Whether an MFMA's c, stored by cst, may be read by the call straight from the register array it was loaded from:
 * the stored value is a load of a register array's 4-byte elements in the same block, and from that load to the
 * MFMA's suspension no op stores to a register array, calls anything but fly_emu_mfma_slot or holds regions. */
static bool mf_c_in_place(MlirOperation cst) {
    MlirValue v = mlirOperationGetOperand(cst, 0);
    if (!mlirValueIsAOpResult(v)) return false;
    MlirOperation ld = mlirOpResultGetOwner(v);
    if (!fly_vx_is(ld, "llvm.load") || !fly_vx_priv_word_ptr(mlirOperationGetOperand(ld, 0)) ||
        !mlirBlockEqual(mlirOperationGetBlock(ld), mlirOperationGetBlock(cst)))
        return false;
    bool seen = false;
    for (MlirOperation o = mlirOperationGetNextInBlock(ld); !mlirOperationIsNull(o);
         o = mlirOperationGetNextInBlock(o)) {
        if (mlirOperationEqual(o, cst)) seen = true;
        if (is_mfma_susp(o)) return seen;
        if (mlirOperationGetNumRegions(o) || (fly_vx_is(o, "func.call") && !fly_vx_is_call(o, "fly_emu_mfma_slot")) ||
            (fly_vx_is(o, "llvm.store") && fly_vx_priv_ptr(mlirOperationGetOperand(o, 1))))
            return false;
    }
    return false;
}

/* The store of an MFMA's d into a register array that its call may make in place (null: none): after suspension
 * sus, only inert ops, then the d load (its one use a store of it to a register array's 4-byte elements), inert ops,
 * and that store. The d load is returned in *ld. */
static MlirOperation mf_d_in_place(MlirOperation sus, MlirOperation *ld) {
    *ld = (MlirOperation){NULL};
    int64_t off;
    for (MlirOperation o = mlirOperationGetNextInBlock(sus); !mlirOperationIsNull(o);
         o = mlirOperationGetNextInBlock(o)) {
        if (mf_inert(o)) continue;
        if (mlirOperationIsNull(*ld) && fly_vx_is(o, "llvm.load") &&
            fly_vx_mf_ptr(mlirOperationGetOperand(o, 0), &off)) {
            MlirOpOperand u = mlirValueGetFirstUse(fly_ir_res0(o));
            if (mlirOpOperandIsNull(u) || !mlirOpOperandIsNull(mlirOpOperandGetNextUse(u))) break;
            MlirOperation st = mlirOpOperandGetOwner(u);
            if (!fly_vx_is(st, "llvm.store") || mlirOpOperandGetOperandNumber(u) != 0 ||
                !fly_vx_priv_word_ptr(mlirOperationGetOperand(st, 1)) ||
                !mlirBlockEqual(mlirOperationGetBlock(st), mlirOperationGetBlock(o)))
                break;
            *ld = o;
            continue;
        }
        if (!mlirOperationIsNull(*ld) &&
            mlirOperationEqual(mlirOpOperandGetOwner(mlirValueGetFirstUse(fly_ir_res0(*ld))), o))
            return o;
        break;
    }
    *ld = (MlirOperation){NULL};
    return (MlirOperation){NULL};
}

/* An MFMA (emu_mfma.c's lowering: stores into the lane's record, the suspension, a load of d) on the wave's lane
 * vectors: the stores write the wave's vectors of a, b, a2, b2 and c whole, the suspension calls fly_emu_vmfma
 * (which runs the phase loop's full-wave product on them), the load reads the wave's d. The record pointer and its
 * geps generate nothing. The accumulators stay in their register arrays where they can: a c loaded from one is read
 * by the call from its slots (mf_c_in_place), a d only stored into one is written there by the call (mf_d_in_place;
 * the load and the store then generate nothing), so that a chain of MFMAs on one accumulator moves no vectors. */
void fly_vx_gen_mfma(fly_vx *x, fly_emu_irb *b, MlirOperation op) {
    MlirType f32 = mlirF32TypeGet(x->ctx);
    MlirValue ab = wave_buf(x, &x->mfab, 4 * VW, x->i64), c = wave_buf(x, &x->mfc, 16 * VW, f32),
              d = wave_buf(x, &x->mfd, 16 * VW, f32);
    int64_t off = 0;
    if (fly_vx_is(op, "llvm.store")) {
        fly_vx_mf_ptr(mlirOperationGetOperand(op, 1), &off);
        if (off >= 32) x->mfc_at = (MlirValue){NULL};
        if (off >= 32 && mf_c_in_place(op)) {
            MlirOperation ld = mlirOpResultGetOwner(mlirOperationGetOperand(op, 0));
            x->mfc_at = fly_vx_priv_addr(x, b, mlirOperationGetOperand(ld, 0));
            if (!mlirValueIsNull(x->mfc_at)) return;
        }
        MlirValue v = fly_vx_use(x, b, mlirOperationGetOperand(op, 0), true);
        MlirValue m = ab, at = fly_emu_irb_const(b, off / 8 * VW, x->idx);
        if (off >= 32) {
            int64_t n = mlirShapedTypeGetDimSize(mlirValueGetType(v), 0);
            if (!mlirTypeIsAF32(mlirShapedTypeGetElementType(mlirValueGetType(v))))
                v = fly_vx_cast(b, "arith.bitcast", v, mlirVectorTypeGet(1, &n, f32));
            m = c, at = x->c0;
        }
        MlirValue so[3] = {v, m, at};
        fly_emu_irb_op(b, "vector.store", 3, so, fly_ir_type_null(), 0, NULL);
    } else if (fly_vx_is(op, "llvm.load")) {
        if (!mlirOperationIsNull(x->mf_ld) && mlirOperationEqual(op, x->mf_ld)) {
            x->mf_ld = (MlirOperation){NULL}; /* written in place by the call; its store generates nothing */
            return;
        }
        MlirType rt = mlirValueGetType(fly_ir_res0(op)), vt = fly_vx_vec_of(x, rt);
        int64_t n = mlirShapedTypeGetDimSize(vt, 0);
        MlirValue lo[2] = {d, x->c0};
        MlirValue v = fly_vx_val(b, "vector.load", 2, lo, mlirVectorTypeGet(1, &n, f32));
        if (!mlirTypeEqual(mlirValueGetType(v), vt)) v = fly_vx_cast(b, "arith.bitcast", v, vt);
        fly_vx_put(x, fly_ir_res0(op), v, true, (MlirValue){NULL});
    } else if (fly_vx_is_call(op, "fly_emu_shfl")) {
        fly_emu_const_int(mlirOperationGetOperand(op, 2), &off);
        MlirValue ca = mlirValueIsNull(x->mfc_at) ? fly_vx_base_addr(x, b, c) : x->mfc_at, da = (MlirValue){NULL};
        MlirOperation ld, st = mf_d_in_place(op, &ld);
        if (!mlirOperationIsNull(st)) da = fly_vx_priv_addr(x, b, mlirOperationGetOperand(st, 1));
        if (!mlirValueIsNull(da)) x->mf_ld = ld, x->mf_st = st;
        else da = fly_vx_base_addr(x, b, d);
        MlirValue args[4] = {fly_emu_irb_const(b, off, x->i32), fly_vx_base_addr(x, b, ab), ca, da};
        fly_emu_irb_call(b, "fly_emu_vmfma", 4, args, fly_ir_type_null());
        x->mfc_at = (MlirValue){NULL};
        /* the suspension's own value: the source lane's (lane `kind`'s deposit, 0) or the lane's own, 0 either way */
        fly_vx_put(x, fly_ir_res0(op), fly_vx_i64c(x, b, 0), false, (MlirValue){NULL});
    }
}

static bool is_mfma_op(MlirOperation op) {
    int64_t off, mode;
    if (fly_vx_is_call(op, "fly_emu_mfma_slot")) return true;
    if (fly_vx_is_call(op, "fly_emu_shfl"))
        return fly_emu_const_int(mlirOperationGetOperand(op, 4), &mode) && mode == FLY_EMU_X_MFMA;
    if (fly_vx_is(op, "llvm.getelementptr")) return fly_vx_mf_ptr(fly_ir_res0(op), &off);
    if (fly_vx_is(op, "llvm.load")) return fly_vx_mf_ptr(mlirOperationGetOperand(op, 0), &off);
    if (fly_vx_is(op, "llvm.store")) return fly_vx_mf_ptr(mlirOperationGetOperand(op, 1), &off);
    return false;
}

/* Before a uniform integer division by a non-constant: if (d == 0 || (signed && n == MIN && d == -1))
 * fly_emu_vdivchk(ctx, d, site, flags, t0), which reports it as the phase loop's check does (emu_checks.c) for thread
 * t0 (lane 0 of the wave in a wave loop, else the block's first) and leaves the block. */
static void div_check(fly_vx *x, fly_emu_irb *b, MlirOperation op) {
    static const char *const sg[] = {"arith.divsi", "arith.remsi", "arith.ceildivsi", "arith.floordivsi"};
    static const char *const us[] = {"arith.divui", "arith.remui", "arith.ceildivui"};
    bool sgn = false, div = false;
    for (int i = 0; i < 4; i++) sgn |= fly_vx_is(op, sg[i]);
    for (int i = 0; i < 3; i++) div |= fly_vx_is(op, us[i]);
    int64_t c;
    if ((!sgn && !div) || fly_emu_const_int(mlirOperationGetOperand(op, 1), &c)) return;
    MlirValue n = fly_vx_use(x, b, mlirOperationGetOperand(op, 0), false),
              d = fly_vx_use(x, b, mlirOperationGetOperand(op, 1), false);
    MlirType t = mlirValueGetType(d);
    unsigned w = mlirTypeIsAIndex(t) ? 64 : mlirIntegerTypeGetWidth(t);
    MlirValue bad = fly_vx_cmpi(x, b, CMP_EQ, d, fly_emu_irb_const(b, 0, t));
    if (sgn && w > 1) {
        int64_t mn = w >= 64 ? INT64_MIN : -((int64_t)1 << (w - 1));
        MlirValue ovf = fly_vx_bin(b, "arith.andi", fly_vx_cmpi(x, b, CMP_EQ, n, fly_emu_irb_const(b, mn, t)),
                                   fly_vx_cmpi(x, b, CMP_EQ, d, fly_emu_irb_const(b, -1, t)));
        bad = fly_vx_bin(b, "arith.ori", bad, ovf);
    }
    fly_emu_irb in = *b;
    fly_vx_open_if(x, &in, bad);
    MlirValue d64 = mlirTypeIsAIndex(t) ? fly_vx_cast(&in, "arith.index_cast", d, x->i64)
                    : w < 64            ? fly_vx_cast(&in, sgn ? "arith.extsi" : "arith.extui", d, x->i64)
                                        : d;
    int flags = (sgn ? FLY_EMU_DIV_SIGNED : 0) |
                (fly_vx_is(op, "arith.remsi") || fly_vx_is(op, "arith.remui") ? FLY_EMU_DIV_REM : 0) | (int)w << 8;
    fly_vx_ent *re = fly_vx_get(x, fly_ir_res0(op)); /* hoisted (before the wave loop): the block's first thread */
    MlirValue t0 = re && re->seg >= 0 && !mlirValueIsNull(x->wb) ? fly_vx_cast(&in, "arith.index_cast", x->wb, x->i64)
                                                                 : fly_vx_i64c(x, &in, 0);
    MlirValue args[5] = {x->ctxv, d64,
                         fly_emu_irb_const(&in, fly_emu_add_site(x->k, mlirOperationGetLocation(op)), x->i32),
                         fly_emu_irb_const(&in, flags, x->i32), t0};
    fly_emu_irb_call(&in, "fly_emu_vdivchk", 5, args, fly_ir_type_null());
}

/* An op without regions: a copy (uniform operands) or the same op over vectors. */
static void gen_plain(fly_vx *x, fly_emu_irb *b, MlirOperation op) {
    int w;
    if (fly_vx_is(op, "llvm.load") && fly_vx_ctx_load(x, op, &w) && w == FLY_EMU_CTX_XVALID) {
        /* an xor butterfly inside its width always reads a valid lane */
        fly_vx_put(x, fly_ir_res0(op), fly_emu_irb_llconst(b, 1, mlirValueGetType(fly_ir_res0(op))), false,
                   (MlirValue){NULL});
        return;
    }
    intptr_t no = mlirOperationGetNumOperands(op), nr = mlirOperationGetNumResults(op);
    bool anyv = false;
    for (intptr_t i = 0; i < no; i++) anyv |= fly_vx_vary(x, mlirOperationGetOperand(op, i));
    if (!anyv) {
        div_check(x, b, op);
        MlirOperation c = mlirOperationClone(op);
        for (intptr_t i = 0; i < no; i++)
            mlirOperationSetOperand(c, i, fly_vx_use(x, b, mlirOperationGetOperand(op, i), false));
        fly_ir_op_insert(b->block, b->before, c);
        for (intptr_t i = 0; i < nr; i++)
            fly_vx_put(x, mlirOperationGetResult(op, i), mlirOperationGetResult(c, i), false, (MlirValue){NULL});
        return;
    }
    if (gen_math_loop(x, b, op)) return;
    MlirValue ops[8];
    MlirType rt[4];
    if (no > 8 || nr > 4) {
        fly_vx_bad(x, "an op with too many operands", op);
        return;
    }
    for (intptr_t i = 0; i < no; i++) ops[i] = fly_vx_use(x, b, mlirOperationGetOperand(op, i), true);
    for (intptr_t i = 0; i < nr; i++) rt[i] = fly_vx_vec_of(x, mlirValueGetType(mlirOperationGetResult(op, i)));
    /* a select of per-lane vectors on a lane's i1: the condition for each element */
    if (fly_vx_is(op, "arith.select") && no == 3 &&
        !mlirTypeIsAVector(mlirValueGetType(mlirOperationGetOperand(op, 0))))
        ops[0] = fly_vx_widen(x, b, ops[0], fly_vx_lane_k(mlirValueGetType(fly_ir_res0(op))));
    /* per-lane bf16 / f16 vectors are held as i16: a select or bitcast takes them so, other ops as floats */
    bool raw = fly_vx_is(op, "arith.select");
    if (fly_vx_is(op, "arith.bitcast") && no == 1 && nr == 1) {
        MlirValue v = ops[0];
        if (!mlirTypeEqual(mlirValueGetType(v), rt[0])) v = fly_vx_cast(b, "arith.bitcast", v, rt[0]);
        fly_vx_put(x, fly_ir_res0(op), v, true, (MlirValue){NULL});
        return;
    }
    /* bf16 -> f32 is the bits in the high half: integer ops (LLVM's x86 backend widens a bf16 vector through
     * library calls) */
    MlirType ot0 = no == 1 ? mlirValueGetType(mlirOperationGetOperand(op, 0)) : fly_ir_type_null();
    if (fly_vx_is(op, "arith.extf") && no == 1 && nr == 1 && fly_vx_lane_k(ot0) &&
        mlirTypeIsABF16(mlirShapedTypeGetElementType(ot0)) &&
        mlirTypeIsAF32(mlirShapedTypeGetElementType(mlirValueGetType(fly_ir_res0(op))))) {
        int64_t n = mlirShapedTypeGetDimSize(rt[0], 0);
        MlirType vi32 = mlirVectorTypeGet(1, &n, x->i32);
        MlirValue w = fly_vx_cast(b, "arith.extui", ops[0], vi32);
        MlirNamedAttribute ca =
            fly_ir_named(x->ctx, "value", mlirDenseElementsAttrSplatGet(vi32, mlirIntegerAttrGet(x->i32, 16)));
        w = fly_vx_bin(b, "arith.shli", w, fly_emu_irb_val(b, "arith.constant", 0, NULL, vi32, 1, &ca));
        fly_vx_put(x, fly_ir_res0(op), fly_vx_cast(b, "arith.bitcast", w, rt[0]), true, (MlirValue){NULL});
        return;
    }
    bool half_res[4] = {false};
    for (intptr_t i = 0; i < no && !raw; i++) {
        MlirType ot = mlirValueGetType(mlirOperationGetOperand(op, i));
        if (fly_vx_lane_k(ot) && fly_vx_half_vec(ot)) {
            int64_t n = mlirShapedTypeGetDimSize(mlirValueGetType(ops[i]), 0);
            ops[i] =
                fly_vx_cast(b, "arith.bitcast", ops[i], mlirVectorTypeGet(1, &n, mlirShapedTypeGetElementType(ot)));
        }
    }
    for (intptr_t i = 0; i < nr && !raw; i++) {
        MlirType ot = mlirValueGetType(mlirOperationGetResult(op, i));
        if (fly_vx_lane_k(ot) && fly_vx_half_vec(ot)) {
            int64_t n = mlirShapedTypeGetDimSize(rt[i], 0);
            rt[i] = mlirVectorTypeGet(1, &n, mlirShapedTypeGetElementType(ot));
            half_res[i] = true;
        }
    }
    char nm[64];
    fly_ir_op_name(op, nm, sizeof nm);
    MlirOperationState st = mlirOperationStateGet(fly_ir_sref(nm), mlirOperationGetLocation(op));
    mlirOperationStateAddOperands(&st, no, ops);
    mlirOperationStateAddResults(&st, nr, rt);
    for (intptr_t i = 0; i < mlirOperationGetNumAttributes(op); i++) {
        MlirNamedAttribute a = mlirOperationGetAttribute(op, i);
        mlirOperationStateAddAttributes(&st, 1, &a);
    }
    MlirOperation c = mlirOperationCreate(&st);
    fly_ir_op_insert(b->block, b->before, c);
    /* consecutive lanes: x + uniform, uniform + x, x - uniform */
    MlirValue cb = {NULL};
    if ((fly_vx_is(op, "arith.addi") || fly_vx_is(op, "arith.subi")) && no == 2) {
        fly_vx_ent *p = fly_vx_get(x, mlirOperationGetOperand(op, 0)),
                   *q = fly_vx_get(x, mlirOperationGetOperand(op, 1));
        if (p && q && p->vary && !mlirValueIsNull(p->cbase) && !q->vary)
            cb = fly_vx_bin(b, fly_vx_is(op, "arith.addi") ? "arith.addi" : "arith.subi", p->cbase, q->nv);
        else if (p && q && q->vary && !mlirValueIsNull(q->cbase) && !p->vary && fly_vx_is(op, "arith.addi"))
            cb = fly_vx_bin(b, "arith.addi", p->nv, q->cbase);
    }
    /* index -> narrower integer: lanes stay consecutive modulo 2^width (the address's sign extension is
     * guarded where it happens) */
    if ((fly_vx_is(op, "arith.index_cast") || fly_vx_is(op, "arith.trunci")) && no == 1) {
        fly_vx_ent *p = fly_vx_get(x, mlirOperationGetOperand(op, 0));
        MlirType to = mlirValueGetType(fly_ir_res0(op)), from = mlirValueGetType(mlirOperationGetOperand(op, 0));
        bool narrows = mlirTypeIsAInteger(to) &&
                       (mlirTypeIsAIndex(from) ||
                        (mlirTypeIsAInteger(from) && mlirIntegerTypeGetWidth(from) >= mlirIntegerTypeGetWidth(to)));
        if (p && p->vary && !mlirValueIsNull(p->cbase) && narrows)
            cb = fly_vx_cast(b, fly_vx_is(op, "arith.trunci") ? "arith.trunci" : "arith.index_cast", p->cbase, to);
    }
    for (intptr_t i = 0; i < nr; i++) {
        MlirValue r = mlirOperationGetResult(c, i);
        if (half_res[i])
            r = fly_vx_cast(b, "arith.bitcast", r, fly_vx_vec_of(x, mlirValueGetType(mlirOperationGetResult(op, i))));
        fly_vx_put(x, mlirOperationGetResult(op, i), r, true, cb);
    }
}

/* ptrtoint / inttoptr of a lane-dependent value: a lane-dependent pointer's new form is its lanes' i64 addresses,
 * so ptrtoint is that vector in the result's width (truncated) and inttoptr the integers zero-extended to 64 bits,
 * as LLVM converts them. The lanes' consecutive-pointer facts (lane0, pstride) do not carry over. */
static void gen_ptrint(fly_vx *x, fly_emu_irb *b, MlirOperation op) {
    MlirValue v = fly_vx_use(x, b, mlirOperationGetOperand(op, 0), true);
    unsigned w = mlirIntegerTypeGetWidth(
        mlirValueGetType(fly_vx_is(op, "llvm.ptrtoint") ? fly_ir_res0(op) : mlirOperationGetOperand(op, 0)));
    if (w != 64) {
        MlirType t = fly_vx_vec_of(x, mlirIntegerTypeGet(x->ctx, w));
        v = fly_vx_is(op, "llvm.ptrtoint") ? fly_vx_cast(b, "arith.trunci", v, t)
                                           : fly_vx_cast(b, "arith.extui", v, fly_vx_vec_of(x, x->i64));
    }
    fly_vx_put(x, fly_ir_res0(op), v, true, (MlirValue){NULL});
}

/* A vector op (or bitcast) with a lane-dependent operand, which emu_vec_lvec.c builds. */
static bool fly_vx_lvec_op(fly_vx *x, MlirOperation op) {
    if (!fly_vx_prefix(op, "vector.") && !fly_vx_is(op, "llvm.bitcast") && !fly_vx_is(op, "arith.bitcast"))
        return false;
    bool anyv = false;
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); i++)
        anyv |= fly_vx_vary(x, mlirOperationGetOperand(op, i));
    return anyv && !fly_vx_is(op, "arith.bitcast"); /* arith.bitcast: elementwise, as any arith op */
}

void fly_vx_gen_op(fly_vx *x, fly_emu_irb *b, MlirOperation op, MlirValue mask) {
    if (x->bad) return;
    if (!mlirOperationIsNull(x->mf_st) && mlirOperationEqual(op, x->mf_st)) {
        x->mf_st = (MlirOperation){NULL}; /* an MFMA's d, which its call wrote in place (fly_vx_gen_mfma) */
        return;
    }
    if (is_mfma_op(op)) fly_vx_gen_mfma(x, b, op);
    else if (fly_vx_is(op, "scf.if")) fly_vx_gen_if(x, b, op, mask);
    else if (fly_vx_is(op, "scf.for")) fly_vx_gen_for(x, b, op, mask);
    else if (fly_vx_is(op, "memref.load") || fly_vx_is(op, "memref.store")) fly_vx_gen_access(x, b, op, mask);
    else if (fly_vx_is_call(op, "fly_emu_shfl")) gen_shfl(x, b, op);
    else if ((fly_vx_is(op, "llvm.alloca") && !fly_vx_priv_bytes(op)) ||
             ((fly_vx_is(op, "llvm.load") || fly_vx_is(op, "llvm.store")) &&
              !mlirOperationIsNull(fly_vx_ualloca_of(mlirOperationGetOperand(op, fly_vx_is(op, "llvm.load") ? 0 : 1)))))
        fly_vx_gen_ualloca(x, b, op);
    else if (fly_vx_lvec_op(x, op)) fly_vx_gen_lvec(x, b, op);
    else if (fly_vx_is(op, "llvm.alloca") || (fly_vx_is(op, "llvm.getelementptr") && fly_vx_priv_ptr(fly_ir_res0(op))))
        fly_vx_gen_priv(x, op);
    else if ((fly_vx_is(op, "llvm.load") && fly_vx_priv_ptr(mlirOperationGetOperand(op, 0))) ||
             (fly_vx_is(op, "llvm.store") && fly_vx_priv_ptr(mlirOperationGetOperand(op, 1))))
        fly_vx_gen_priv_access(x, b, op, mask);
    else if ((fly_vx_is(op, "llvm.load") && !fly_vx_ctx_load(x, op, &(int){0})) || fly_vx_is(op, "llvm.store"))
        fly_vx_gen_llaccess(x, b, op, mask);
    else if (fly_vx_is(op, "llvm.getelementptr") && fly_vx_vary(x, fly_ir_res0(op))) fly_vx_gen_gep(x, b, op);
    else if ((fly_vx_is(op, "llvm.ptrtoint") || fly_vx_is(op, "llvm.inttoptr")) &&
             fly_vx_vary(x, mlirOperationGetOperand(op, 0)))
        gen_ptrint(x, b, op);
    else if (fly_vx_is(op, "func.call")) fly_vx_bad(x, "a call", op);
    else gen_plain(x, b, op);
}

void fly_vx_gen_block(fly_vx *x, fly_emu_irb *b, MlirBlock ob, MlirValue mask) {
    for (MlirOperation op = mlirBlockGetFirstOperation(ob); !mlirOperationIsNull(op) && !x->bad;
         op = mlirOperationGetNextInBlock(op))
        if (!fly_vx_is(op, "scf.yield") && !fly_vx_is(op, "func.return")) fly_vx_gen_op(x, b, op, mask);
}
