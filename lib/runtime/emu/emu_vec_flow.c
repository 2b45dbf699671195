/* emu_vec_flow.c - the lane-vector form (emu_vec.c), control flow: branches under masks, loops, the runs
 * between barriers as loops over the waves, and the per-wave slots of values that cross a barrier. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "passes/pass.h"
#include "runtime/emu/emu.h"
#include "runtime/emu/emu_vec_int.h"

/* The yielded values of old block ob (generated at b), as vectors where res_vary says. */
static void yields(fly_vx *x, fly_emu_irb *b, MlirBlock ob, int n, const bool *res_vary, MlirValue *out) {
    MlirOperation y = mlirBlockGetTerminator(ob);
    for (int i = 0; i < n; i++) out[i] = fly_vx_use(x, b, mlirOperationGetOperand(y, i), res_vary[i]);
}

static MlirType new_type(fly_vx *x, MlirValue old) {
    MlirType t = mlirValueGetType(old);
    return fly_vx_vary(x, old) ? fly_vx_vec_of(x, t) : t;
}

void fly_vx_gen_if(fly_vx *x, fly_emu_irb *b, MlirOperation op, MlirValue mask) {
    int nr = (int)mlirOperationGetNumResults(op);
    MlirValue cold = mlirOperationGetOperand(op, 0);
    MlirBlock ob[2] = {fly_vx_region_block(op, 0), fly_vx_region_block(op, 1)};
    bool rv[16];
    MlirValue yv[2][16];
    if (nr > 16) {
        fly_vx_bad(x, "an scf.if with more than 16 results", op);
        return;
    }
    for (int i = 0; i < nr; i++) rv[i] = fly_vx_vary(x, mlirOperationGetResult(op, i));
    if (!fly_vx_vary(x, cold)) { /* a uniform branch stays a branch */
        MlirRegion r[2] = {mlirRegionCreate(), mlirRegionCreate()};
        MlirBlock nb[2] = {{NULL}, {NULL}};
        for (int k = 0; k < 2; k++)
            if (!mlirBlockIsNull(ob[k])) {
                nb[k] = mlirBlockCreate(0, NULL, NULL);
                mlirRegionAppendOwnedBlock(r[k], nb[k]);
            }
        MlirType rt[16];
        for (int i = 0; i < nr; i++) rt[i] = new_type(x, mlirOperationGetResult(op, i));
        MlirValue c = fly_vx_use(x, b, cold, false);
        MlirOperationState st = mlirOperationStateGet(fly_ir_sref("scf.if"), b->loc);
        mlirOperationStateAddOperands(&st, 1, &c);
        mlirOperationStateAddResults(&st, nr, rt);
        mlirOperationStateAddOwnedRegions(&st, 2, r);
        MlirOperation nif = mlirOperationCreate(&st);
        fly_ir_op_insert(b->block, b->before, nif);
        for (int k = 0; k < 2; k++) {
            if (mlirBlockIsNull(ob[k])) continue;
            fly_emu_irb in = {x->ctx, nb[k], {NULL}, b->loc};
            fly_vx_gen_block(x, &in, ob[k], mask);
            yields(x, &in, ob[k], nr, rv, yv[k]);
            fly_emu_irb_op(&in, "scf.yield", nr, yv[k], fly_ir_type_null(), 0, NULL);
        }
        for (int i = 0; i < nr; i++)
            fly_vx_put(x, mlirOperationGetResult(op, i), mlirOperationGetResult(nif, i), rv[i], (MlirValue){NULL});
        return;
    }
    /* a lane-dependent branch: both arms under masks */
    MlirValue c = fly_vx_use(x, b, cold, true);
    MlirValue nc = fly_vx_bin(b, "arith.xori", c, x->ones);
    MlirValue mk[2] = {mlirValueIsNull(mask) ? c : fly_vx_bin(b, "arith.andi", mask, c),
                       mlirValueIsNull(mask) ? nc : fly_vx_bin(b, "arith.andi", mask, nc)};
    for (int k = 0; k < 2; k++) {
        if (mlirBlockIsNull(ob[k])) continue;
        if (!nr) { /* skipped when no lane takes it */
            fly_emu_irb in = *b;
            fly_vx_open_if(x, &in, fly_vx_any_of(x, b, mk[k]));
            fly_vx_gen_block(x, &in, ob[k], mk[k]);
        } else { /* left out when no lane takes it: its results are then the other arm's in every lane */
            MlirType rt[16];
            for (int i = 0; i < nr; i++) {
                rv[i] = true;
                rt[i] = fly_vx_vec_of(x, mlirValueGetType(mlirOperationGetResult(op, i)));
            }
            fly_emu_irb tb, eb;
            MlirOperation w = fly_vx_open_if_res(x, b, fly_vx_any_of(x, b, mk[k]), nr, rt, &tb, &eb);
            fly_vx_gen_block(x, &tb, ob[k], mk[k]);
            yields(x, &tb, ob[k], nr, rv, yv[k]);
            fly_emu_irb_op(&tb, "scf.yield", nr, yv[k], fly_ir_type_null(), 0, NULL);
            for (int i = 0; i < nr; i++) yv[k][i] = fly_vx_zero_vec(x, &eb, rt[i]);
            fly_emu_irb_op(&eb, "scf.yield", nr, yv[k], fly_ir_type_null(), 0, NULL);
            for (int i = 0; i < nr; i++) yv[k][i] = mlirOperationGetResult(w, i);
        }
    }
    for (int i = 0; i < nr; i++) {
        int64_t lk = fly_vx_lane_k(mlirValueGetType(mlirOperationGetResult(op, i)));
        MlirValue s[3] = {fly_vx_widen(x, b, c, lk), yv[0][i], yv[1][i]};
        fly_vx_put(x, mlirOperationGetResult(op, i), fly_vx_val(b, "arith.select", 3, s, mlirValueGetType(yv[0][i])),
                   true, (MlirValue){NULL});
    }
}

void fly_vx_gen_for(fly_vx *x, fly_emu_irb *b, MlirOperation op, MlirValue mask) {
    int nr = (int)mlirOperationGetNumResults(op);
    MlirBlock ob = fly_vx_region_block(op, 0);
    if (nr > 16) {
        fly_vx_bad(x, "an scf.for with more than 16 results", op);
        return;
    }
    MlirValue ops[19];
    MlirType rt[17];
    MlirLocation locs[17];
    bool rv[16];
    for (int i = 0; i < 3; i++) ops[i] = fly_vx_use(x, b, mlirOperationGetOperand(op, i), false);
    rt[0] = x->idx;
    locs[0] = b->loc;
    for (int i = 0; i < nr; i++) {
        rv[i] = fly_vx_vary(x, mlirBlockGetArgument(ob, 1 + i));
        ops[3 + i] = fly_vx_use(x, b, mlirOperationGetOperand(op, 3 + i), rv[i]);
        rt[1 + i] = mlirValueGetType(ops[3 + i]);
        locs[1 + i] = b->loc;
    }
    MlirRegion r = mlirRegionCreate();
    MlirBlock nb = mlirBlockCreate(1 + nr, rt, locs);
    mlirRegionAppendOwnedBlock(r, nb);
    MlirOperationState st = mlirOperationStateGet(fly_ir_sref("scf.for"), b->loc);
    mlirOperationStateAddOperands(&st, 3 + nr, ops);
    mlirOperationStateAddResults(&st, nr, rt + 1);
    mlirOperationStateAddOwnedRegions(&st, 1, &r);
    MlirOperation nf = mlirOperationCreate(&st);
    fly_ir_op_insert(b->block, b->before, nf);
    fly_vx_put(x, mlirBlockGetArgument(ob, 0), mlirBlockGetArgument(nb, 0), false, (MlirValue){NULL});
    for (int i = 0; i < nr; i++)
        fly_vx_put(x, mlirBlockGetArgument(ob, 1 + i), mlirBlockGetArgument(nb, 1 + i), rv[i], (MlirValue){NULL});
    fly_emu_irb in = {x->ctx, nb, {NULL}, b->loc};
    fly_vx_gen_block(x, &in, ob, mask);
    MlirValue yv[16];
    yields(x, &in, ob, nr, rv, yv);
    fly_emu_irb_op(&in, "scf.yield", nr, yv, fly_ir_type_null(), 0, NULL);
    for (int i = 0; i < nr; i++)
        fly_vx_put(x, mlirOperationGetResult(op, i), mlirOperationGetResult(nf, i), rv[i], (MlirValue){NULL});
}

/* The per-wave slot of old value v (made on first use, at the function's start). */
static MlirValue slot_of(fly_vx *x, fly_vx_ent *e, MlirValue old) {
    if (!mlirValueIsNull(e->slot)) return e->slot;
    MlirType t = mlirValueGetType(old);
    int64_t n = MAXW;
    if (!fly_vx_scalar_type(t) && !fly_vx_lane_k(t))
        fly_vx_bad(x, "a pointer that lives across a barrier", (MlirOperation){NULL});
    MlirType et = e->vary ? fly_vx_vec_of(x, t) : t;
    MlirType mt = mlirMemRefTypeContiguousGet(et, 1, &n, mlirAttributeGetNull());
    fly_emu_irb fb = {x->ctx, x->fentry, x->first, mlirLocationUnknownGet(x->ctx)};
    MlirNamedAttribute a =
        fly_ir_named(x->ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(x->ctx, 2, (int32_t[]){0, 0}));
    e->slot = fly_emu_irb_val(&fb, "memref.alloca", 0, NULL, mt, 1, &a);
    return e->slot;
}

/* Whether old value v is an arith op over the thread id and hoisted values (depth-limited): computed again
 * in a later run instead of reloaded, so that the lanes' consecutive indices stay known. */
static bool remat(fly_vx *x, MlirValue v, int depth) {
    fly_vx_ent *e = fly_vx_get(x, v);
    if (!e) return false;
    if (mlirValueEqual(v, x->tx) || e->seg < 0) return true;
    if (depth > 6 || !mlirValueIsAOpResult(v)) return false;
    MlirOperation d = mlirOpResultGetOwner(v);
    if ((!fly_vx_prefix(d, "arith.") && !fly_vx_is(d, "llvm.getelementptr")) || mlirOperationGetNumRegions(d) ||
        mlirOperationGetNumResults(d) != 1)
        return false;
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(d); i++)
        if (!remat(x, mlirOperationGetOperand(d, i), depth + 1)) return false;
    return true;
}

static void regen(fly_vx *x, fly_emu_irb *b, MlirValue v) {
    fly_vx_ent *e = fly_vx_get(x, v);
    if (mlirValueEqual(v, x->tx) || e->seg < 0 || e->reloaded == x->cur + 1) return;
    MlirOperation d = mlirOpResultGetOwner(v);
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(d); i++) regen(x, b, mlirOperationGetOperand(d, i));
    fly_vx_gen_op(x, b, d, (MlirValue){NULL});
    e = fly_vx_get(x, v);
    e->reloaded = x->cur + 1;
}

/* Reloads the values of other runs that ops (nested included) use, at the wave body's start. */
static void reload_uses(fly_vx *x, fly_emu_irb *b, MlirOperation op) {
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); i++) {
        MlirValue o = mlirOperationGetOperand(op, i);
        fly_vx_ent *e = fly_vx_get(x, o);
        if (!e || e->seg < 0 || e->seg == x->cur || e->reloaded == x->cur + 1) continue;
        if (remat(x, o, 0)) {
            regen(x, b, o);
            continue;
        }
        if (mlirValueIsNull(e->slot)) {
            fly_vx_bad(x, "a value of an earlier phase without a slot", op);
            return;
        }
        MlirValue lo[2] = {e->slot, x->w};
        MlirType t = mlirValueGetType(o);
        e->nv = fly_vx_val(b, "memref.load", 2, lo, e->vary ? fly_vx_vec_of(x, t) : t);
        e->cbase = e->lane0 = e->guard = (MlirValue){NULL};
        e->pstride = 0;
        e->reloaded = x->cur + 1;
    }
    for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); r++)
        for (MlirBlock blk = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(blk);
             blk = mlirBlockGetNextInRegion(blk))
            for (MlirOperation o = mlirBlockGetFirstOperation(blk); !mlirOperationIsNull(o);
                 o = mlirOperationGetNextInBlock(o))
                reload_uses(x, b, o);
}

static bool hoisted(fly_vx *x, MlirOperation op) {
    if (!mlirOperationGetNumResults(op)) return false;
    fly_vx_ent *e = fly_vx_get(x, fly_ir_res0(op));
    return e && e->seg < 0;
}

/* An op of a run that may be left out for a wave none of whose lanes takes the run's guard: arith without
 * side effects (divisions can fault) whose results no later run reads. */
static bool skippable(fly_vx *x, MlirOperation op) {
    static const char *const faults[] = {"arith.divsi",     "arith.divui",     "arith.remsi",     "arith.remui",
                                         "arith.ceildivsi", "arith.ceildivui", "arith.floordivsi"};
    if (!fly_vx_prefix(op, "arith.") || mlirOperationGetNumRegions(op)) return false;
    for (size_t i = 0; i < sizeof faults / sizeof faults[0]; i++)
        if (fly_vx_is(op, faults[i])) return false;
    for (intptr_t r = 0; r < mlirOperationGetNumResults(op); r++) {
        fly_vx_ent *e = fly_vx_get(x, mlirOperationGetResult(op, r));
        if (!e || e->spill) return false;
    }
    return true;
}

/* The waves [*lo, *hi) a run needs, built at b (default: all of them). A run whose effects all sit under
 * scf.if ops without results or else arms, all on one condition "thread id <pred> uniform value" (either
 * side, casts of the thread id that keep its value), with only side-effect-free arith beside them, does
 * nothing in a wave where no lane takes the condition: the loop runs only over the waves holding the
 * active lanes' range (a superset of those with an active lane; the same lanes run, in the same order). */
static void wave_range(fly_vx *x, fly_emu_irb *b, MlirOperation *ops, int n, MlirValue *lo, MlirValue *hi) {
    *lo = x->c0;
    *hi = x->nw;
    MlirValue cond = {NULL};
    for (int i = 0; i < n; i++) {
        if (hoisted(x, ops[i])) continue;
        if (fly_vx_is(ops[i], "scf.if") && !mlirOperationGetNumResults(ops[i])) {
            MlirBlock eb = fly_vx_region_block(ops[i], 1);
            MlirValue c = mlirOperationGetOperand(ops[i], 0);
            if (!mlirBlockIsNull(eb) && !fly_vx_is(mlirBlockGetFirstOperation(eb), "scf.yield")) return;
            if (!mlirValueIsNull(cond) && !mlirValueEqual(c, cond)) return;
            cond = c;
        } else if (!skippable(x, ops[i])) {
            return;
        }
    }
    if (mlirValueIsNull(cond) || !mlirValueIsAOpResult(cond) || !fly_vx_vary(x, cond)) return;
    MlirOperation cmp = mlirOpResultGetOwner(cond);
    if (!fly_vx_is(cmp, "arith.cmpi")) return;
    MlirAttribute pa = mlirOperationGetAttributeByName(cmp, fly_ir_sref("predicate"));
    if (mlirAttributeIsNull(pa) || !mlirAttributeIsAInteger(pa)) return;
    int pred = (int)mlirIntegerAttrGetValueInt(pa);
    MlirValue l = mlirOperationGetOperand(cmp, 0), r = mlirOperationGetOperand(cmp, 1), u;
    static const int swapped[10] = {0, 1, 4, 5, 2, 3, 8, 9, 6, 7}; /* u <pred> tx is tx <swapped> u */
    if (pred < 0 || pred > 9 || pred == CMP_NE) return;
    if (fly_vx_is_tid(x, l, false)) {
        u = r;
    } else if (fly_vx_is_tid(x, r, false)) {
        u = l;
        pred = swapped[pred];
    } else {
        return;
    }
    fly_vx_ent *ue = fly_vx_get(x, u);
    if (!ue || ue->vary || ue->seg >= 0 || mlirValueIsNull(ue->nv)) return;
    /* v: the bound as an unsigned index; a signed one below zero as zero (a superset) */
    MlirValue v = ue->nv;
    bool sgn = pred >= 2 && pred <= 5;
    if (!mlirTypeIsAIndex(mlirValueGetType(v)))
        v = fly_vx_cast(b, sgn ? "arith.index_cast" : "arith.index_castui", v, x->idx);
    if (sgn) {
        v = fly_vx_bin(b, "arith.maxsi", v, x->c0);
        pred += 4; /* slt -> ult, ... */
    }
    /* the active lanes lie in [L, H) of the block's [0, bdim) */
    MlirValue bdim = fly_vx_bin(b, "arith.muli", x->nw, fly_emu_irb_const(b, VW, x->idx));
    MlirValue vc = fly_vx_bin(b, "arith.minui", v, bdim), L = x->c0, H = bdim;
    switch (pred) {
    case CMP_EQ:
        L = vc;
        H = fly_vx_bin(b, "arith.addi", vc, x->c1);
        break;
    case CMP_ULT: H = vc; break;
    case CMP_ULE:
        H = fly_vx_bin(b, "arith.addi", fly_vx_bin(b, "arith.minui", v, fly_vx_bin(b, "arith.subi", bdim, x->c1)),
                       x->c1);
        break;
    case CMP_UGT: L = fly_vx_bin(b, "arith.addi", vc, x->c1); break;
    case CMP_UGE: L = vc; break;
    default: return;
    }
    MlirValue sh = fly_emu_irb_const(b, 6, x->idx);
    *lo = fly_vx_bin(b, "arith.shrui", L, sh);
    *hi = fly_vx_bin(
        b, "arith.minui",
        fly_vx_bin(b, "arith.shrui", fly_vx_bin(b, "arith.addi", H, fly_emu_irb_const(b, VW - 1, x->idx)), sh), x->nw);
}

/* One run of ops (between barriers): the hoisted ones at b, the rest in a loop over the waves. */
static void gen_run(fly_vx *x, fly_emu_irb *b, MlirOperation *ops, int n) {
    bool rest = false;
    for (int i = 0; i < n && !x->bad; i++) {
        if (hoisted(x, ops[i])) fly_vx_gen_op(x, b, ops[i], (MlirValue){NULL});
        else rest = true;
    }
    if (!rest || x->bad) return;
    /* slots first, so that the reloads of later runs find them */
    for (int i = 0; i < n; i++)
        if (!hoisted(x, ops[i]))
            for (intptr_t r = 0; r < mlirOperationGetNumResults(ops[i]); r++) {
                fly_vx_ent *e = fly_vx_get(x, mlirOperationGetResult(ops[i], r));
                if (e && e->spill) slot_of(x, e, mlirOperationGetResult(ops[i], r));
            }
    MlirValue wlo, whi;
    wave_range(x, b, ops, n, &wlo, &whi);
    fly_emu_irb in = *b;
    x->w = fly_vx_open_for(x, &in, wlo, whi, x->c1);
    x->wb = fly_vx_bin(&in, "arith.muli", x->w, fly_emu_irb_const(&in, VW, x->idx));
    fly_vx_put(x, x->tx, fly_vx_bin(&in, "arith.addi", fly_vx_bcast(x, &in, x->wb), x->iota), true,
               x->wb); /* lanes wb, wb + 1, ... */
    for (int i = 0; i < n; i++)
        if (!hoisted(x, ops[i])) reload_uses(x, &in, ops[i]);
    for (int i = 0; i < n && !x->bad; i++) {
        if (hoisted(x, ops[i])) continue;
        fly_vx_gen_op(x, &in, ops[i], (MlirValue){NULL});
        for (intptr_t r = 0; r < mlirOperationGetNumResults(ops[i]) && !x->bad; r++) {
            fly_vx_ent *e = fly_vx_get(x, mlirOperationGetResult(ops[i], r));
            if (!e || !e->spill) continue;
            MlirValue so[3] = {e->nv, e->slot, x->w};
            fly_emu_irb_op(&in, "memref.store", 3, so, fly_ir_type_null(), 0, NULL);
        }
    }
}

/* A barrier loop's yielded value spilled in the body's last run (no barrier, barrier loop or cutting cross-lane
 * operation after its op), of its carried value's type, yielded once: its spill goes straight into the carried
 * value's slot, which copy_to_slots then leaves alone (one copy of the wave's value less an iteration: a GEMM's
 * accumulators are 4 KB a wave). A later read of the carried value in that run was reloaded at the run's start. */
static void share_yield_slots(fly_vx *x, MlirBlock body, int nr) {
    MlirOperation y = mlirBlockGetTerminator(body);
    for (int i = 0; i < nr; i++) {
        MlirValue yv = mlirOperationGetOperand(y, i), ba = mlirBlockGetArgument(body, 1 + i);
        fly_vx_ent *fe = fly_vx_get(x, yv), *te = fly_vx_get(x, ba);
        if (!fe || !te || mlirValueIsNull(te->slot) || !mlirValueIsNull(fe->slot) || !fe->spill ||
            fe->vary != te->vary || !mlirTypeEqual(mlirValueGetType(yv), mlirValueGetType(ba)) ||
            !mlirValueIsAOpResult(yv))
            continue;
        MlirOperation d = mlirOpResultGetOwner(yv);
        if (!mlirBlockEqual(mlirOperationGetBlock(d), body)) continue;
        bool ok = true;
        for (int j = 0; j < nr && ok; j++) ok = j == i || !mlirValueEqual(mlirOperationGetOperand(y, j), yv);
        for (MlirOperation o = mlirOperationGetNextInBlock(d); ok && !mlirOperationEqual(o, y);
             o = mlirOperationGetNextInBlock(o))
            ok = !fly_vx_is_call(o, "fly_emu_barrier") && !fly_vx_has_barrier(o) &&
                 !(fly_vx_is_call(o, "fly_emu_shfl") && fly_vx_splits_run(x, o));
        if (ok) fe->slot = te->slot;
    }
}

/* Copies the n old values from[] into the per-wave slots of to[] (a barrier loop's carried values), wave by wave:
 * values visible everywhere as they are, the others from their own slots. */
static void copy_to_slots(fly_vx *x, fly_emu_irb *b, int n, const MlirValue *from, const MlirValue *to) {
    fly_emu_irb in = *b;
    MlirValue w = fly_vx_open_for(x, &in, x->c0, x->nw, x->c1);
    for (int i = 0; i < n && !x->bad; i++) {
        if (mlirValueEqual(from[i], to[i])) continue;
        fly_vx_ent *fe = fly_vx_get(x, from[i]), *te = fly_vx_get(x, to[i]);
        if (!fe || !te || mlirValueIsNull(te->slot)) {
            fly_vx_bad(x, "a loop-carried value without a slot", (MlirOperation){NULL});
            return;
        }
        if (fe->seg >= 0 && !mlirValueIsNull(fe->slot) && mlirValueEqual(fe->slot, te->slot)) continue; /* shared */
        MlirValue v;
        if (fe->seg < 0) {
            v = fly_vx_use(x, &in, from[i], te->vary);
        } else if (!mlirValueIsNull(fe->slot)) {
            MlirType t = mlirValueGetType(from[i]);
            MlirValue lo[2] = {fe->slot, w};
            v = fly_vx_val(&in, "memref.load", 2, lo, fe->vary ? fly_vx_vec_of(x, t) : t);
            if (te->vary && !fe->vary) {
                if (fly_vx_lane_k(t)) {
                    fly_vx_bad(x, "a uniform per-lane vector carried by a barrier loop", (MlirOperation){NULL});
                    return;
                }
                v = fly_vx_bcast(x, &in, v);
            }
        } else {
            fly_vx_bad(x, "a loop-carried value of an earlier phase without a slot", (MlirOperation){NULL});
            return;
        }
        MlirValue so[3] = {v, te->slot, w};
        fly_emu_irb_op(&in, "memref.store", 3, so, fly_ir_type_null(), 0, NULL);
    }
}

/* A barrier level: runs separated by barriers and barrier loops. */
void fly_vx_gen_level(fly_vx *x, fly_emu_irb *b, MlirBlock ob, MlirValue tx) {
    fly_opvec run = {0};
    x->cur = x->nseg++;
    for (MlirOperation op = mlirBlockGetFirstOperation(ob);; op = mlirOperationGetNextInBlock(op)) {
        bool end = mlirOperationIsNull(op) || fly_vx_is(op, "scf.yield") || fly_vx_is(op, "func.return");
        bool bar = !end && fly_vx_is_call(op, "fly_emu_barrier");
        bool bif = !end && fly_vx_is(op, "scf.if") && fly_vx_has_barrier(op);
        bool bfor = !end && (fly_vx_is(op, "scf.for") || bif) && fly_vx_has_barrier(op);
        bool cut = !end && !bar && !bfor && fly_vx_is_call(op, "fly_emu_shfl") && fly_vx_splits_run(x, op);
        if (end || bar || bfor || cut) {
            gen_run(x, b, run.v, run.n);
            run.n = 0;
        }
        if (end || x->bad) break;
        if (cut) {
            x->cur = x->nseg++;
            fly_opvec_push(&run, op);
        } else if (bar) {
            x->cur = x->nseg++;
        } else if (bif) { /* a uniform branch holding barriers: its then block as a level */
            fly_emu_irb in = *b;
            fly_vx_open_if(x, &in, fly_vx_use(x, b, mlirOperationGetOperand(op, 0), false));
            fly_vx_gen_level(x, &in, fly_vx_region_block(op, 0), tx);
            x->cur = x->nseg++;
        } else if (bfor) {
            fly_emu_irb in = *b;
            MlirValue o[3];
            for (int i = 0; i < 3; i++) o[i] = fly_vx_use(x, b, mlirOperationGetOperand(op, i), false);
            MlirBlock body = fly_vx_region_block(op, 0);
            int nr = (int)mlirOperationGetNumResults(op);
            MlirValue from[16], to[16];
            if (nr > 16) fly_vx_bad(x, "a barrier loop with more than 16 results", op);
            for (int i = 0; i < nr && !x->bad; i++) {
                MlirValue ba = mlirBlockGetArgument(body, 1 + i);
                fly_vx_ent *be = fly_vx_get(x, ba), *re = fly_vx_get(x, mlirOperationGetResult(op, i));
                if (!be || !re) {
                    fly_vx_bad(x, "a barrier loop's carried value unknown", op);
                    break;
                }
                re->slot = slot_of(x, be, ba);
                from[i] = mlirOperationGetOperand(op, 3 + i);
                to[i] = ba;
            }
            if (nr && !x->bad) copy_to_slots(x, b, nr, from, to);
            share_yield_slots(x, body, nr);
            MlirValue iv = fly_vx_open_for(x, &in, o[0], o[1], o[2]);
            fly_vx_put(x, mlirBlockGetArgument(body, 0), iv, false, (MlirValue){NULL});
            fly_vx_gen_level(x, &in, body, tx);
            MlirOperation y = mlirBlockGetTerminator(body);
            for (int i = 0; i < nr; i++) from[i] = mlirOperationGetOperand(y, i);
            if (nr && !x->bad) copy_to_slots(x, &in, nr, from, to);
            x->cur = x->nseg++;
        } else {
            fly_opvec_push(&run, op);
        }
    }
    fly_opvec_free(&run);
}
