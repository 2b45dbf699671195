/* expand_math.c - the math ops FlyDSL emits that neither convert-gpu-to-rocdl nor the emulator's host lowering
 * lowers, rewritten into arith / math ops that both do (run by convert-fly-to-rocdl, so the traced IR keeps
 * FlyDSL's ops and every backend sees the same expansion):
 *   math.clampf x, lo, hi   -> minimumf(maximumf(x, lo), hi)   (a clamp; NaN propagates)
 *   math.isinf x            -> |x| == inf
 *   math.isnormal x         -> smallest normal <= |x| < inf    (ordered: NaN is not normal)
 *   math.fpowi x, n         -> powf(|x|, float(n)), with x's sign where n is odd (exact parity for any n)
 *   math.ipowi b, e         -> square-and-multiply over the bits of e; a negative e raises 1/b (0 for |b| > 1)
 *   arith.ceildivsi/ui, floordivsi -> the truncating division and remainder, stepped by one where they round
 *   arith.truncf x <mode>   -> the default (to-nearest-even) truncf, stepped by one unit in the last place where
 *                              the mode rounds the other way (LLVM's constrained fptrunc, what the upstream
 *                              lowering makes of the mode, is ignored by the AMDGPU and host backends)
 * Scalars and vectors alike (constants are splats). */
#include <math.h>
#include <stdbool.h>

#include "ir/ir_util.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "passes/pass.h"

typedef struct xm {
    MlirContext ctx;
    MlirLocation loc;
    MlirBlock block;
    MlirOperation before;
    MlirAttribute fastmath; /* the op's fastmath attribute, or null */
} xm;

static MlirValue emit(xm *x, const char *name, int nops, const MlirValue *ops, MlirType res, bool fm) {
    MlirNamedAttribute a;
    int na = 0;
    if (fm && !mlirAttributeIsNull(x->fastmath)) {
        a = fly_ir_named(x->ctx, "fastmath", x->fastmath);
        na = 1;
    }
    MlirOperation op = fly_ir_op_create(x->loc, name, nops, ops, 1, &res, na, &a);
    fly_ir_op_insert(x->block, x->before, op);
    return fly_ir_res0(op);
}

static MlirValue bin(xm *x, const char *name, MlirValue a, MlirValue b, MlirType t, bool fm) {
    MlirValue ops[2] = {a, b};
    return emit(x, name, 2, ops, t, fm);
}

static MlirType elem_of(MlirType t) { return mlirTypeIsAVector(t) ? mlirShapedTypeGetElementType(t) : t; }

/* t's shape with element e (e itself for a scalar t). */
static MlirType like(MlirType t, MlirType e) {
    if (!mlirTypeIsAVector(t)) return e;
    intptr_t r = mlirShapedTypeGetRank(t);
    int64_t shape[8];
    for (intptr_t i = 0; i < r && i < 8; i++) shape[i] = mlirShapedTypeGetDimSize(t, i);
    return mlirVectorTypeGet(r, shape, e);
}

static MlirValue cst_attr(xm *x, MlirType t, MlirAttribute scalar) {
    MlirAttribute v = mlirTypeIsAVector(t) ? mlirDenseElementsAttrSplatGet(t, scalar) : scalar;
    MlirNamedAttribute a = fly_ir_named(x->ctx, "value", v);
    MlirOperation op = fly_ir_op_create(x->loc, "arith.constant", 0, NULL, 1, &t, 1, &a);
    fly_ir_op_insert(x->block, x->before, op);
    return fly_ir_res0(op);
}

static MlirValue cst_f(xm *x, MlirType t, double v) {
    return cst_attr(x, t, mlirFloatAttrDoubleGet(x->ctx, elem_of(t), v));
}

static MlirValue cst_i(xm *x, MlirType t, int64_t v) { return cst_attr(x, t, mlirIntegerAttrGet(elem_of(t), v)); }

/* arith.cmpf / cmpi predicates are i64 codes: cmpf oeq 1, ogt 2, oge 3, olt 4; cmpi ne 1, slt 2, sge 5. */
enum { F_OEQ = 1, F_OGT = 2, F_OGE = 3, F_OLT = 4, I_NE = 1, I_SLT = 2, I_SGE = 5 };

static MlirAttribute pred_attr(xm *x, int code) { return mlirIntegerAttrGet(mlirIntegerTypeGet(x->ctx, 64), code); }

static MlirValue cmpf(xm *x, int pred, MlirValue a, MlirValue b) {
    MlirType t = mlirValueGetType(a);
    MlirNamedAttribute p[2] = {
        fly_ir_named(x->ctx, "predicate", pred_attr(x, pred)),
    };
    int np = 1;
    if (!mlirAttributeIsNull(x->fastmath)) p[np++] = fly_ir_named(x->ctx, "fastmath", x->fastmath);
    MlirValue ops[2] = {a, b};
    MlirType rt = like(t, mlirIntegerTypeGet(x->ctx, 1));
    MlirOperation op = fly_ir_op_create(x->loc, "arith.cmpf", 2, ops, 1, &rt, np, p);
    fly_ir_op_insert(x->block, x->before, op);
    return fly_ir_res0(op);
}

static MlirValue cmpi(xm *x, int pred, MlirValue a, MlirValue b) {
    MlirType t = mlirValueGetType(a);
    MlirNamedAttribute p = fly_ir_named(x->ctx, "predicate", pred_attr(x, pred));
    MlirValue ops[2] = {a, b};
    MlirType rt = like(t, mlirIntegerTypeGet(x->ctx, 1));
    MlirOperation op = fly_ir_op_create(x->loc, "arith.cmpi", 2, ops, 1, &rt, 1, &p);
    fly_ir_op_insert(x->block, x->before, op);
    return fly_ir_res0(op);
}

static MlirValue sel(xm *x, MlirValue c, MlirValue a, MlirValue b) {
    MlirValue ops[3] = {c, a, b};
    return emit(x, "arith.select", 3, ops, mlirValueGetType(a), false);
}

/* The smallest normal number of float type e, or 0 when e is not one we know. */
static double smallest_normal(MlirType e) {
    if (mlirTypeIsABF16(e) || mlirTypeIsAF32(e)) return ldexp(1.0, -126);
    if (mlirTypeIsAF16(e)) return ldexp(1.0, -14);
    if (mlirTypeIsAF64(e)) return ldexp(1.0, -1022);
    return 0;
}

static MlirValue abs_f(xm *x, MlirValue v) { return emit(x, "math.absf", 1, &v, mlirValueGetType(v), true); }

static MlirValue expand_fpowi(xm *x, MlirValue b, MlirValue n) {
    MlirType ft = mlirValueGetType(b), it = mlirValueGetType(n);
    /* operands are made one statement at a time: the IR's order does not depend on the C compiler's */
    MlirValue nf = emit(x, "arith.sitofp", 1, &n, ft, false);
    MlirValue mb = abs_f(x, b);
    MlirValue mag = bin(x, "math.powf", mb, nf, ft, true);
    MlirValue one = cst_i(x, it, 1), zero = cst_i(x, it, 0);
    MlirValue low = bin(x, "arith.andi", n, one, it, false);
    MlirValue odd = cmpi(x, I_NE, low, zero);
    MlirValue signed_ = bin(x, "math.copysign", mag, b, ft, true);
    return sel(x, odd, signed_, mag);
}

static MlirValue expand_ipowi(xm *x, MlirValue b, MlirValue e) {
    MlirType t = mlirValueGetType(b);
    unsigned w = mlirIntegerTypeGetWidth(elem_of(t));
    MlirValue zero = cst_i(x, t, 0);
    MlirValue one = cst_i(x, t, 1);
    MlirValue neg = cmpi(x, I_SLT, e, zero);
    /* 1 / b only where e < 0 (divides by 1 elsewhere, so a zero base faults only when it is raised to e < 0) */
    MlirValue den = sel(x, neg, b, one);
    MlirValue inv = bin(x, "arith.divsi", one, den, t, false);
    MlirValue base = sel(x, neg, inv, b);
    MlirValue minus = bin(x, "arith.subi", zero, e, t, false);
    MlirValue ex = sel(x, neg, minus, e); /* its bits, read unsigned (so -INT_MIN is fine) */
    MlirValue r = one;
    for (unsigned i = 0; i < w; i++) {
        MlirValue sh = cst_i(x, t, i);
        MlirValue shifted = bin(x, "arith.shrui", ex, sh, t, false);
        MlirValue bit = bin(x, "arith.andi", shifted, one, t, false);
        MlirValue set = cmpi(x, I_NE, bit, zero);
        MlirValue prod = bin(x, "arith.muli", r, base, t, false);
        r = sel(x, set, prod, r);
        if (i + 1 < w) base = bin(x, "arith.muli", base, base, t, false);
    }
    return r;
}

/* ceildivsi (up: +1 where the remainder is not zero and a, b have the same sign), ceildivui (+1 where it is not
 * zero) and floordivsi (-1 where it is not zero and the signs differ). */
static MlirValue expand_div(xm *x, MlirOperation op, int kind) {
    MlirValue a = mlirOperationGetOperand(op, 0), b = mlirOperationGetOperand(op, 1);
    MlirType t = mlirValueGetType(a);
    if (mlirTypeIsAIndex(elem_of(t)) && mlirTypeIsAVector(t)) return (MlirValue){0};
    int sg = kind != 1;
    MlirValue q = bin(x, sg ? "arith.divsi" : "arith.divui", a, b, t, false);
    MlirValue r = bin(x, sg ? "arith.remsi" : "arith.remui", a, b, t, false);
    MlirValue zero = cst_i(x, t, 0);
    MlirValue step = cmpi(x, I_NE, r, zero);
    if (sg) {
        MlirValue ab = bin(x, "arith.xori", a, b, t, false);
        MlirValue signs = cmpi(x, kind == 0 ? I_SGE : I_SLT, ab, zero);
        step = bin(x, "arith.andi", step, signs, mlirValueGetType(step), false);
    }
    MlirValue one = emit(x, mlirTypeIsAIndex(elem_of(t)) ? "arith.index_castui" : "arith.extui", 1, &step, t, false);
    return bin(x, kind == 2 ? "arith.subi" : "arith.addi", q, one, t, false);
}

/* The arith RoundingMode of a truncf (its roundingmode attribute: 0 to_nearest_even, 1 downward, 2 upward,
 * 3 toward_zero, 4 to_nearest_away), or -1 without one. */
static int rounding_mode(MlirOperation op) {
    MlirAttribute a = mlirOperationGetAttributeByName(op, fly_ir_sref("roundingmode"));
    if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a)) return -1;
    return (int)mlirIntegerAttrGetValueInt(a);
}

/* truncf x with rounding mode m (not to_nearest_even): y = truncf x (to nearest even), then y's bits (its
 * magnitude, the sign bit apart) stepped by one where y lies on the wrong side of x for m. The comparisons are
 * ordered, so NaN and exact results stay y; an overflow to inf steps back to the largest finite value where m
 * rounds toward zero, and the largest finite value steps to inf where m rounds away. For to_nearest_away the
 * step is taken where y is below |x| by exactly the distance to the next value up (a tie: both differences are
 * exact, the values being neighbours). */
static MlirValue expand_truncf(xm *x, MlirOperation op, int m) {
    MlirValue a = mlirOperationGetOperand(op, 0);
    MlirType st = mlirValueGetType(a), dt = mlirValueGetType(fly_ir_res0(op));
    unsigned w = mlirFloatTypeGetWidth(elem_of(dt));
    MlirType it = like(dt, mlirIntegerTypeGet(x->ctx, w));
    MlirValue y = emit(x, "arith.truncf", 1, &a, dt, false);
    MlirValue e = emit(x, "arith.extf", 1, &y, st, false);
    MlirValue yi = emit(x, "arith.bitcast", 1, &y, it, false);
    MlirValue one = cst_i(x, it, 1);
    MlirValue up = bin(x, "arith.addi", yi, one, it, false);   /* one step away from zero */
    MlirValue down = bin(x, "arith.subi", yi, one, it, false); /* one step toward zero */
    MlirValue r;
    if (m == 1 || m == 2) { /* downward: where y > x, down in value; upward: where y < x, up in value */
        MlirValue zero = cst_f(x, st, 0.0);
        MlirValue neg = cmpf(x, F_OLT, a, zero);
        MlirValue wrong = cmpf(x, m == 1 ? F_OGT : F_OLT, e, a);
        MlirValue step = m == 1 ? sel(x, neg, up, down) : sel(x, neg, down, up);
        r = sel(x, wrong, step, yi);
    } else if (m == 3) { /* toward_zero: where |y| > |x| */
        MlirValue ae = abs_f(x, e);
        MlirValue ax = abs_f(x, a);
        MlirValue wrong = cmpf(x, F_OGT, ae, ax);
        r = sel(x, wrong, down, yi);
    } else { /* to_nearest_away: a tie that went to the even value below |x| */
        MlirValue ae = abs_f(x, e);
        MlirValue ax = abs_f(x, a);
        MlirValue below = cmpf(x, F_OLT, ae, ax);
        MlirValue n = emit(x, "arith.bitcast", 1, &up, dt, false);
        MlirValue ne = emit(x, "arith.extf", 1, &n, st, false);
        MlirValue an = abs_f(x, ne);
        MlirValue d1 = bin(x, "arith.subf", ax, ae, st, false);
        MlirValue d2 = bin(x, "arith.subf", an, ax, st, false);
        MlirValue tie = cmpf(x, F_OEQ, d1, d2);
        MlirValue wrong = bin(x, "arith.andi", below, tie, mlirValueGetType(tie), false);
        r = sel(x, wrong, up, yi);
    }
    return emit(x, "arith.bitcast", 1, &r, dt, false);
}

/* The expansion of op, or a null value where op is not one of ours (or its type is not handled). */
static MlirValue expand(xm *x, MlirOperation op) {
    intptr_t n = mlirOperationGetNumOperands(op);
    MlirValue a = n > 0 ? mlirOperationGetOperand(op, 0) : (MlirValue){0};
    MlirType t = n > 0 ? mlirValueGetType(a) : (MlirType){0};
    if (fly_ir_op_is(op, "math.clampf") && n == 3) {
        MlirValue lo = bin(x, "arith.maximumf", a, mlirOperationGetOperand(op, 1), t, true);
        return bin(x, "arith.minimumf", lo, mlirOperationGetOperand(op, 2), t, true);
    }
    if (fly_ir_op_is(op, "math.isinf") && n == 1) {
        MlirValue m = abs_f(x, a);
        MlirValue inf = cst_f(x, t, INFINITY);
        return cmpf(x, F_OEQ, m, inf);
    }
    if (fly_ir_op_is(op, "math.isnormal") && n == 1) {
        double lo = smallest_normal(elem_of(t));
        if (lo == 0) return (MlirValue){0};
        MlirValue m = abs_f(x, a);
        MlirValue lo_c = cst_f(x, t, lo);
        MlirValue ge = cmpf(x, F_OGE, m, lo_c);
        MlirValue inf = cst_f(x, t, INFINITY);
        MlirValue lt = cmpf(x, F_OLT, m, inf);
        return bin(x, "arith.andi", ge, lt, mlirValueGetType(ge), false);
    }
    if (fly_ir_op_is(op, "math.fpowi") && n == 2) return expand_fpowi(x, a, mlirOperationGetOperand(op, 1));
    if (fly_ir_op_is(op, "math.ipowi") && n == 2 && mlirTypeIsAInteger(elem_of(t)))
        return expand_ipowi(x, a, mlirOperationGetOperand(op, 1));
    if (n == 2 && fly_ir_op_is(op, "arith.ceildivsi")) return expand_div(x, op, 0);
    if (n == 2 && fly_ir_op_is(op, "arith.ceildivui")) return expand_div(x, op, 1);
    if (n == 2 && fly_ir_op_is(op, "arith.floordivsi")) return expand_div(x, op, 2);
    if (n == 1 && fly_ir_op_is(op, "arith.truncf")) {
        int m = rounding_mode(op);
        if (m == 0) { /* the default: the attribute goes */
            mlirOperationRemoveAttributeByName(op, fly_ir_sref("roundingmode"));
            return (MlirValue){0};
        }
        if (m > 0 && m <= 4 && mlirTypeIsAFloat(elem_of(t))) return expand_truncf(x, op, m);
    }
    return (MlirValue){0};
}

static MlirWalkResult collect(MlirOperation op, void *user) {
    if (fly_ir_op_is(op, "math.clampf") || fly_ir_op_is(op, "math.isinf") || fly_ir_op_is(op, "math.isnormal") ||
        fly_ir_op_is(op, "math.fpowi") || fly_ir_op_is(op, "math.ipowi") || fly_ir_op_is(op, "arith.ceildivsi") ||
        fly_ir_op_is(op, "arith.ceildivui") || fly_ir_op_is(op, "arith.floordivsi") ||
        (fly_ir_op_is(op, "arith.truncf") && rounding_mode(op) >= 0))
        fly_opvec_push(user, op);
    return MlirWalkResultAdvance;
}

void fly_pass_expand_math(MlirOperation root) {
    fly_opvec ops = {0};
    mlirOperationWalk(root, collect, &ops, MlirWalkPreOrder);
    for (int i = 0; i < ops.n; i++) {
        MlirOperation op = ops.v[i];
        xm x = {mlirOperationGetContext(op), mlirOperationGetLocation(op), mlirOperationGetBlock(op), op,
                mlirOperationGetAttributeByName(op, fly_ir_sref("fastmath"))};
        MlirValue r = expand(&x, op);
        if (mlirValueIsNull(r)) continue; /* left for the lowering, which names it */
        mlirValueReplaceAllUsesOfWith(fly_ir_res0(op), r);
        mlirOperationDestroy(op);
    }
    fly_opvec_free(&ops);
}
