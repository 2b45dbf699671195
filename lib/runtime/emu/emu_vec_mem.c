/* emu_vec_mem.c - the lane-vector form (emu_vec.c), memory: the loads and stores of the active lanes (one
 * access, vector, masked, gather/scatter) and their checks, lane-dependent addresses. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "runtime/emu/emu.h"
#include "runtime/emu/emu_vec_int.h"

/* The check of one access of the active lanes: [lo, hi + bytes) inside the range the site last hit, else
 * fly_emu_vchk with each lane's address (addrs: the lanes' vector, or first + lane * stride). */
static void check(fly_vx *x, fly_emu_irb *b, MlirLocation loc, MlirValue lo, MlirValue hi, MlirValue addrs,
                  MlirValue first, int64_t stride, MlirValue mask, int64_t bytes, bool lds, bool store,
                  MlirValue guard) {
    int site = fly_emu_add_site(x->k, loc);
    MlirValue hlo, hhi;
    if (lds) {
        hlo = fly_vx_ctx_i64(x, b, FLY_EMU_CTX_LDS_LO);
        hhi = fly_vx_ctx_i64(x, b, FLY_EMU_CTX_LDS_HI);
    } else {
        MlirValue hits = fly_emu_irb_ctx_load(b, x->ctxv, FLY_EMU_CTX_HITS, x->ptr);
        hlo = fly_emu_irb_load(b, fly_emu_irb_gep_const(b, hits, 2 * site, x->i64), x->i64, 8);
        hhi = fly_emu_irb_load(b, fly_emu_irb_gep_const(b, hits, 2 * site + 1, x->i64), x->i64, 8);
    }
    MlirValue e = fly_vx_bin(b, "arith.addi", hi, fly_vx_i64c(x, b, bytes));
    MlirValue ok = fly_vx_bin(b, "arith.andi", fly_vx_cmpi(x, b, CMP_UGE, lo, hlo), fly_vx_cmpi(x, b, CMP_ULE, e, hhi));
    ok = fly_vx_bin(b, "arith.andi", ok, fly_vx_cmpi(x, b, CMP_UGT, e, hi));
    if (!mlirValueIsNull(guard)) ok = fly_vx_bin(b, "arith.andi", ok, guard);
    MlirValue miss = fly_vx_bin(b, "arith.xori", ok, fly_emu_irb_const(b, 1, x->i1));
    fly_emu_irb in = *b;
    fly_vx_open_if(x, &in, miss);
    MlirValue ap = fly_vx_i64c(x, &in, 0);
    if (!mlirValueIsNull(addrs)) {
        MlirValue so[3] = {addrs, x->scratch, x->c0};
        fly_emu_irb_op(&in, "vector.store", 3, so, fly_ir_type_null(), 0, NULL);
        ap = fly_vx_base_addr(x, &in, x->scratch);
        first = fly_vx_i64c(x, &in, 0);
    }
    MlirValue vals = fly_vx_i64c(x, &in, 0);
    if (store && !mlirValueIsNull(x->stval)) { /* the values, so that the lanes before a faulting one store */
        vals = fly_vx_base_addr(x, &in, x->scratch2);
        MlirValue o[2] = {x->stval, fly_vx_cast(&in, "llvm.inttoptr", vals, x->ptr)};
        MlirNamedAttribute al = fly_vx_align_attr(x, 1, x->i64); /* the slot is only 8-byte aligned */
        fly_emu_irb_op(&in, "llvm.store", 2, o, fly_ir_type_null(), 1, &al);
    }
    /* one address for the wave (no vector, stride 0): lane 0 stands for it */
    MlirValue bits = !mlirValueIsNull(mask)                  ? fly_vx_cast(&in, "llvm.bitcast", mask, x->i64)
                     : mlirValueIsNull(addrs) && stride == 0 ? fly_vx_i64c(x, &in, 1)
                                                             : fly_vx_i64c(x, &in, -1);
    MlirValue t0 = fly_vx_cast(&in, "arith.index_cast", x->wb, x->i64);
    int flags = (lds ? FLY_EMU_ACC_LDS : 0) | (store ? FLY_EMU_ACC_STORE : 0) | (stride < 0 ? FLY_EMU_VCHK_CONSEC : 0);
    MlirValue a[10] = {x->ctxv,
                       ap,
                       first,
                       fly_vx_i64c(x, &in, stride < 0 ? 0 : stride),
                       bits,
                       t0,
                       fly_vx_i64c(x, &in, bytes),
                       fly_emu_irb_const(&in, site, x->i32),
                       fly_emu_irb_const(&in, flags, x->i32),
                       vals};
    fly_emu_irb_call(&in, "fly_emu_vchk", 10, a, fly_ir_type_null());
}

/* The lanes' addresses of an access at index vector iv (index) of m. */
static MlirValue lane_addrs(fly_vx *x, fly_emu_irb *b, MlirValue base, MlirValue iv, int64_t esz) {
    MlirValue i = fly_vx_cast(b, "arith.index_cast", iv, fly_vx_vec_of(x, x->i64));
    i = fly_vx_bin(b, "arith.muli", i, fly_vx_bcast(x, b, fly_vx_i64c(x, b, esz)));
    return fly_vx_bin(b, "arith.addi", i, fly_vx_bcast(x, b, base));
}

/* lo, hi of the active lanes' addresses (no lane: lo > hi, which passes the check). */
static void lane_range(fly_vx *x, fly_emu_irb *b, MlirValue addrs, MlirValue mask, MlirValue *lo, MlirValue *hi) {
    if (mlirValueIsNull(mask)) {
        *lo = fly_vx_reduce(x, b, "minui", addrs);
        *hi = fly_vx_reduce(x, b, "maxui", addrs);
        return;
    }
    MlirValue s1[3] = {mask, addrs, fly_vx_bcast(x, b, fly_vx_i64c(x, b, -1))};
    *lo = fly_vx_reduce(x, b, "minui", fly_vx_val(b, "arith.select", 3, s1, mlirValueGetType(addrs)));
    MlirValue s2[3] = {mask, addrs, fly_vx_bcast(x, b, fly_vx_i64c(x, b, 0))};
    *hi = fly_vx_reduce(x, b, "maxui", fly_vx_val(b, "arith.select", 3, s2, mlirValueGetType(addrs)));
}

/* lo, hi of the active lanes of a consecutive access whose lane 0 is at lo0 (i64), lanes esz bytes apart: the
 * first and last set bits of mask (null: all lanes) instead of a reduction over the lanes' addresses. No lane:
 * lo > hi, which passes the check. */
static void consec_range(fly_vx *x, fly_emu_irb *b, MlirValue lo0, MlirValue mask, int64_t esz, MlirValue *lo,
                         MlirValue *hi) {
    if (mlirValueIsNull(mask)) {
        *lo = lo0;
        *hi = fly_vx_bin(b, "arith.addi", lo0, fly_vx_i64c(x, b, esz * (VW - 1)));
        return;
    }
    MlirValue bits = fly_vx_cast(b, "llvm.bitcast", mask, x->i64);
    MlirValue first = fly_vx_cast(b, "math.cttz", bits, x->i64), lead = fly_vx_cast(b, "math.ctlz", bits, x->i64);
    MlirValue last = fly_vx_bin(b, "arith.subi", fly_vx_i64c(x, b, VW - 1), lead);
    MlirValue sz = fly_vx_i64c(x, b, esz);
    *lo = fly_vx_bin(b, "arith.addi", lo0, fly_vx_bin(b, "arith.muli", first, sz));
    *hi = fly_vx_bin(b, "arith.addi", lo0, fly_vx_bin(b, "arith.muli", last, sz));
}

void fly_vx_gen_access(fly_vx *x, fly_emu_irb *b, MlirOperation op, MlirValue mask) {
    bool ld = fly_vx_is(op, "memref.load");
    MlirValue m = fly_vx_use(x, b, mlirOperationGetOperand(op, ld ? 0 : 1), false);
    MlirValue iold = mlirOperationGetOperand(op, ld ? 1 : 2);
    MlirType mt = mlirValueGetType(m), et = mlirShapedTypeGetElementType(mt);
    int64_t esz = fly_emu_type_bytes(et);
    bool lds = fly_vx_lds_memref(mt);
    MlirLocation loc = mlirOperationGetLocation(op);
    MlirValue base = fly_vx_base_addr(x, b, m);
    fly_vx_ent *ie = fly_vx_get(x, iold);
    bool vi = ie && ie->vary, vv = !ld && fly_vx_vary(x, mlirOperationGetOperand(op, 0));
    if (!vi && !vv && mlirValueIsNull(mask)) { /* one access for the whole wave */
        MlirValue i = fly_vx_use(x, b, iold, false);
        MlirValue a = fly_vx_bin(
            b, "arith.addi", base,
            fly_vx_bin(b, "arith.muli", fly_vx_cast(b, "arith.index_cast", i, x->i64), fly_vx_i64c(x, b, esz)));
        x->stval = ld ? (MlirValue){NULL} : fly_vx_use(x, b, mlirOperationGetOperand(op, 0), false);
        check(x, b, loc, a, a, (MlirValue){NULL}, a, 0, (MlirValue){NULL}, esz, lds, !ld, (MlirValue){NULL});
        if (ld) {
            MlirValue o[2] = {m, i};
            fly_vx_put(x, fly_ir_res0(op), fly_vx_val(b, "memref.load", 2, o, et), false, (MlirValue){NULL});
        } else {
            MlirValue o[3] = {fly_vx_use(x, b, mlirOperationGetOperand(op, 0), false), m, i};
            fly_emu_irb_op(b, "memref.store", 3, o, fly_ir_type_null(), 0, NULL);
        }
        return;
    }
    MlirValue iv = fly_vx_use(x, b, iold, true);
    MlirValue cb = vi ? ie->cbase : (MlirValue){NULL};
    MlirValue lo, hi, addrs = {NULL}, first = {NULL};
    int64_t stride = 0;
    if (!mlirValueIsNull(cb)) { /* consecutive lanes, masked or not: first + lane * esz */
        MlirValue off =
            fly_vx_bin(b, "arith.muli", fly_vx_cast(b, "arith.index_cast", cb, x->i64), fly_vx_i64c(x, b, esz));
        first = fly_vx_bin(b, "arith.addi", base, off);
        consec_range(x, b, first, mask, esz, &lo, &hi);
        stride = esz;
    } else if (!vi && !mlirValueIsNull(mask)) { /* one address for the active lanes (a lane 0 store) */
        MlirValue i = fly_vx_cast(b, "arith.index_cast", fly_vx_use(x, b, iold, false), x->i64);
        lo = hi = first = fly_vx_bin(b, "arith.addi", base, fly_vx_bin(b, "arith.muli", i, fly_vx_i64c(x, b, esz)));
    } else {
        addrs = lane_addrs(x, b, base, iv, esz);
        lane_range(x, b, addrs, mask, &lo, &hi);
    }
    x->stval = ld ? (MlirValue){NULL} : fly_vx_use(x, b, mlirOperationGetOperand(op, 0), true);
    check(x, b, loc, lo, hi, addrs, first, stride, mask, esz, lds, !ld, (MlirValue){NULL});
    MlirType vt = fly_vx_vec_of(x, et);
    MlirValue mk = mlirValueIsNull(mask) ? x->ones : mask;
    if (ld) {
        MlirValue r;
        if (!mlirValueIsNull(cb) && mlirValueIsNull(mask)) {
            MlirValue o[2] = {m, cb};
            r = fly_vx_val(b, "vector.load", 2, o, vt);
        } else if (!mlirValueIsNull(cb)) {
            MlirValue o[4] = {m, cb, mk, fly_vx_bcast(x, b, fly_vx_zero_of(x, b, et))};
            r = fly_vx_val(b, "vector.maskedload", 4, o, vt);
        } else {
            MlirValue o[5] = {m, x->c0, iv, mk, fly_vx_bcast(x, b, fly_vx_zero_of(x, b, et))};
            r = fly_vx_val(b, "vector.gather", 5, o, vt);
        }
        fly_vx_put(x, fly_ir_res0(op), r, true, (MlirValue){NULL});
        return;
    }
    MlirValue v = fly_vx_use(x, b, mlirOperationGetOperand(op, 0), true);
    if (!mlirValueIsNull(cb) && mlirValueIsNull(mask)) {
        MlirValue o[3] = {v, m, cb};
        fly_emu_irb_op(b, "vector.store", 3, o, fly_ir_type_null(), 0, NULL);
    } else if (!mlirValueIsNull(cb)) {
        MlirValue o[4] = {m, cb, mk, v};
        fly_emu_irb_op(b, "vector.maskedstore", 4, o, fly_ir_type_null(), 0, NULL);
    } else { /* lanes in order: the last active lane's value wins where addresses repeat (thread order) */
        MlirValue o[5] = {m, x->c0, iv, mk, v};
        fly_emu_irb_op(b, "vector.scatter", 5, o, fly_ir_type_null(), 0, NULL);
    }
}

/* A gather of elements of esz (1 or 2) bytes (vt) at every lane's address (ptrs, addrs): when each half-wave's lanes
 * read consecutive elements (an MFMA's B fragment from LDS: lanes 0-31 32 columns of a k row, lanes 32-63 those of
 * another k), checked at run time, two vector loads; else the gather, which x86 does lane by lane for these widths. */
static MlirValue gather_halves(fly_vx *x, fly_emu_irb *b, MlirValue addrs, MlirValue ptrs, MlirType vt, MlirType et,
                               MlirType pt, int64_t esz) {
    int64_t h = VW / 2, offs[VW], idx[VW];
    int first[VW];
    for (int l = 0; l < VW; l++) offs[l] = (l % h) * esz, first[l] = l < h, idx[l] = l;
    MlirType v64 = fly_vx_vec_of(x, x->i64), v1 = fly_vx_vec_of(x, x->i1);
    MlirNamedAttribute oa = fly_ir_named(x->ctx, "value", mlirDenseElementsAttrInt64Get(v64, VW, offs)),
                       fa = fly_ir_named(x->ctx, "value", mlirDenseElementsAttrBoolGet(v1, VW, first)),
                       p0 = fly_ir_named(x->ctx, "static_position", mlirDenseI64ArrayGet(x->ctx, 1, (int64_t[]){0})),
                       p1 = fly_ir_named(x->ctx, "static_position", mlirDenseI64ArrayGet(x->ctx, 1, &h));
    MlirValue a0 = fly_emu_irb_val(b, "vector.extract", 1, &addrs, x->i64, 1, &p0),
              a1 = fly_emu_irb_val(b, "vector.extract", 1, &addrs, x->i64, 1, &p1);
    MlirValue sel[3] = {fly_emu_irb_val(b, "arith.constant", 0, NULL, v1, 1, &fa), fly_vx_bcast(x, b, a0),
                        fly_vx_bcast(x, b, a1)};
    MlirValue exp = fly_vx_bin(b, "arith.addi", fly_vx_val(b, "arith.select", 3, sel, v64),
                               fly_emu_irb_val(b, "arith.constant", 0, NULL, v64, 1, &oa));
    MlirValue ok = fly_vx_reduce(x, b, "and", fly_vx_cmpi(x, b, CMP_EQ, addrs, exp));
    fly_emu_irb tb, eb;
    MlirOperation ifop = fly_vx_open_if_res(x, b, ok, 1, &vt, &tb, &eb);
    MlirType ht = mlirVectorTypeGet(1, &h, et);
    MlirNamedAttribute al = fly_vx_align_attr(x, esz, x->i64);
    MlirValue q0 = fly_vx_cast(&tb, "llvm.inttoptr", a0, pt), q1 = fly_vx_cast(&tb, "llvm.inttoptr", a1, pt);
    MlirValue hv[2] = {fly_emu_irb_val(&tb, "llvm.load", 1, &q0, ht, 1, &al),
                       fly_emu_irb_val(&tb, "llvm.load", 1, &q1, ht, 1, &al)};
    MlirNamedAttribute ma = fly_ir_named(x->ctx, "mask", mlirDenseI64ArrayGet(x->ctx, VW, idx));
    MlirValue cat = fly_emu_irb_val(&tb, "vector.shuffle", 2, hv, vt, 1, &ma);
    fly_emu_irb_op(&tb, "scf.yield", 1, &cat, fly_ir_type_null(), 0, NULL);
    MlirNamedAttribute a32 = fly_vx_align_attr(x, esz, x->i32);
    MlirValue o[3] = {ptrs, x->ones, fly_vx_bcast(x, &eb, fly_vx_zero_of(x, &eb, et))};
    MlirValue g = fly_emu_irb_val(&eb, "llvm.intr.masked.gather", 3, o, vt, 1, &a32);
    fly_emu_irb_op(&eb, "scf.yield", 1, &g, fly_ir_type_null(), 0, NULL);
    return fly_ir_res0(ifop);
}

/* llvm.load / llvm.store through a pointer (not the context's). */
void fly_vx_gen_llaccess(fly_vx *x, fly_emu_irb *b, MlirOperation op, MlirValue mask) {
    bool ld = fly_vx_is(op, "llvm.load");
    MlirValue pold = mlirOperationGetOperand(op, ld ? 0 : 1);
    MlirType pt = mlirValueGetType(pold);
    MlirType et = ld ? mlirValueGetType(fly_ir_res0(op)) : mlirValueGetType(mlirOperationGetOperand(op, 0));
    int64_t esz = fly_emu_type_bytes(et);
    bool lds = fly_emu_ptr_as(pt) == 3;
    MlirLocation loc = mlirOperationGetLocation(op);
    fly_vx_ent *pe = fly_vx_get(x, pold);
    bool vp = pe && pe->vary, vv = !ld && fly_vx_vary(x, mlirOperationGetOperand(op, 0));
    if (!vp && !vv && mlirValueIsNull(mask)) { /* one access for the wave */
        MlirValue p = fly_vx_use(x, b, pold, false);
        MlirValue a = fly_vx_cast(b, "llvm.ptrtoint", p, x->i64);
        x->stval = ld ? (MlirValue){NULL} : fly_vx_use(x, b, mlirOperationGetOperand(op, 0), false);
        check(x, b, loc, a, a, (MlirValue){NULL}, a, 0, (MlirValue){NULL}, esz, lds, !ld, (MlirValue){NULL});
        MlirOperation c = mlirOperationClone(op);
        for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); i++)
            mlirOperationSetOperand(c, i, fly_vx_use(x, b, mlirOperationGetOperand(op, i), false));
        fly_ir_op_insert(b->block, b->before, c);
        if (ld) fly_vx_put(x, fly_ir_res0(op), fly_ir_res0(c), false, (MlirValue){NULL});
        return;
    }
    MlirValue addrs =
        vp ? pe->nv : fly_vx_bcast(x, b, fly_vx_cast(b, "llvm.ptrtoint", fly_vx_use(x, b, pold, false), x->i64));
    int64_t lk = fly_vx_lane_k(et);
    bool consec = !lk && vp && !mlirValueIsNull(pe->lane0) && pe->pstride == esz;
    MlirValue lane0 = consec ? pe->lane0 : (MlirValue){NULL}, guard = consec ? pe->guard : (MlirValue){NULL};
    MlirValue lo, hi;
    if (consec) {
        consec_range(x, b, fly_vx_cast(b, "llvm.ptrtoint", lane0, x->i64), mask, esz, &lo, &hi);
    } else {
        lane_range(x, b, addrs, mask, &lo, &hi);
    }
    x->stval = ld ? (MlirValue){NULL} : fly_vx_use(x, b, mlirOperationGetOperand(op, 0), true);
    if (lk && !ld) x->stval = fly_vx_lane_major(x, b, x->stval, lk);
    check(x, b, loc, lo, hi, addrs, (MlirValue){NULL}, consec ? -1 : 0, mask, esz, lds, !ld, guard);
    if (lk) { /* a vector a lane */
        fly_vx_gen_lvaccess(x, b, op, mask, addrs, lds);
        return;
    }
    MlirType vt = fly_vx_vec_of(x, et), i32 = x->i32;
    MlirValue mk = mlirValueIsNull(mask) ? x->ones : mask;
    MlirValue ptrs = {NULL};
    if (!consec) {
        int64_t n = VW;
        ptrs = fly_vx_cast(b, "llvm.inttoptr", addrs, mlirVectorTypeGet(1, &n, pt));
    }
    MlirNamedAttribute al64 = fly_vx_align_attr(x, esz, x->i64), al32 = fly_vx_align_attr(x, esz, i32);
    if (ld) {
        MlirValue r;
        if (consec && mlirValueIsNull(mask)) {
            r = fly_emu_irb_val(b, "llvm.load", 1, &lane0, vt, 1, &al64);
        } else if (consec) {
            MlirValue o[3] = {lane0, mk, fly_vx_bcast(x, b, fly_vx_zero_of(x, b, et))};
            r = fly_emu_irb_val(b, "llvm.intr.masked.load", 3, o, vt, 1, &al32);
        } else if (esz <= 2 && mlirValueIsNull(mask)) {
            r = gather_halves(x, b, addrs, ptrs, vt, et, pt, esz);
        } else {
            MlirValue o[3] = {ptrs, mk, fly_vx_bcast(x, b, fly_vx_zero_of(x, b, et))};
            r = fly_emu_irb_val(b, "llvm.intr.masked.gather", 3, o, vt, 1, &al32);
        }
        fly_vx_put(x, fly_ir_res0(op), r, true, (MlirValue){NULL});
        return;
    }
    MlirValue v = fly_vx_use(x, b, mlirOperationGetOperand(op, 0), true);
    if (consec && mlirValueIsNull(mask)) {
        MlirValue o[2] = {v, lane0};
        fly_emu_irb_op(b, "llvm.store", 2, o, fly_ir_type_null(), 1, &al64);
    } else if (consec) {
        MlirValue o[3] = {v, lane0, mk};
        fly_emu_irb_op(b, "llvm.intr.masked.store", 3, o, fly_ir_type_null(), 1, &al32);
    } else { /* lanes in order: the last active lane's value wins where addresses repeat */
        MlirValue o[3] = {v, ptrs, mk};
        fly_emu_irb_op(b, "llvm.intr.masked.scatter", 3, o, fly_ir_type_null(), 1, &al32);
    }
}

/* A lane-dependent address: base[index] over scalars (uniform base), or p[constant] (lane-dependent p). */
void fly_vx_gen_gep(fly_vx *x, fly_emu_irb *b, MlirOperation op) {
    MlirType et = mlirTypeAttrGetValue(mlirOperationGetAttributeByName(op, fly_ir_sref("elem_type")));
    int64_t esz = fly_emu_type_bytes(et);
    MlirValue r = fly_ir_res0(op);
    fly_vx_ent *be = fly_vx_get(x, mlirOperationGetOperand(op, 0));
    if (be && be->vary) {
        int64_t k =
            mlirDenseI32ArrayGetElement(mlirOperationGetAttributeByName(op, fly_ir_sref("rawConstantIndices")), 0);
        MlirValue a = fly_vx_bin(b, "arith.addi", be->nv, fly_vx_bcast(x, b, fly_vx_i64c(x, b, k * esz)));
        MlirValue l0 = be->lane0, g = be->guard;
        int64_t ps = be->pstride;
        if (!mlirValueIsNull(l0)) {
            MlirOperation c = mlirOperationClone(op);
            mlirOperationSetOperand(c, 0, l0);
            fly_ir_op_insert(b->block, b->before, c);
            l0 = fly_ir_res0(c);
        }
        fly_vx_put(x, r, a, true, (MlirValue){NULL});
        fly_vx_ent *e = fly_vx_get(x, r);
        e->lane0 = l0, e->guard = g, e->pstride = ps;
        return;
    }
    MlirValue base = fly_vx_use(x, b, mlirOperationGetOperand(op, 0), false);
    MlirValue iold = mlirOperationGetOperand(op, 1);
    MlirType it = mlirValueGetType(iold);
    MlirValue iv = fly_vx_use(x, b, iold, true);
    MlirValue i64v = mlirTypeIsAIndex(it) ? fly_vx_cast(b, "arith.index_cast", iv, fly_vx_vec_of(x, x->i64))
                     : mlirIntegerTypeGetWidth(it) < 64 ? fly_vx_cast(b, "arith.extsi", iv, fly_vx_vec_of(x, x->i64))
                                                        : iv; /* GEP indices are signed */
    MlirValue a = fly_vx_bin(b, "arith.muli", i64v, fly_vx_bcast(x, b, fly_vx_i64c(x, b, esz)));
    a = fly_vx_bin(b, "arith.addi", a, fly_vx_bcast(x, b, fly_vx_cast(b, "llvm.ptrtoint", base, x->i64)));
    fly_vx_ent *ie = fly_vx_get(x, iold);
    MlirValue l0 = {NULL}, g = {NULL};
    if (ie && !mlirValueIsNull(ie->cbase)) {
        MlirValue cb = ie->cbase;
        MlirOperation c = mlirOperationClone(op);
        mlirOperationSetOperand(c, 0, base);
        mlirOperationSetOperand(c, 1, cb);
        fly_ir_op_insert(b->block, b->before, c);
        l0 = fly_ir_res0(c);
        if (!mlirTypeIsAIndex(it) && mlirIntegerTypeGetWidth(it) < 64) { /* lane 63 still below the sign bit */
            int w = (int)mlirIntegerTypeGetWidth(it);
            int64_t mx = w >= 63 ? INT64_MAX - (VW - 1) : ((int64_t)1 << (w - 1)) - 1 - (VW - 1);
            g = fly_vx_cmpi(x, b, 3 /* sle */, cb, fly_emu_irb_const(b, mx, it));
        }
    }
    fly_vx_put(x, r, a, true, (MlirValue){NULL});
    fly_vx_ent *e = fly_vx_get(x, r);
    e->lane0 = l0, e->guard = g, e->pstride = mlirValueIsNull(l0) ? 0 : esz;
}

/* ---- register arrays (llvm.alloca): a slot per wave and element, vector<64 x T> each ---- */

/* The alloca of old value p when p is a register array or p[c] with a constant c, with c in *idx. */
static MlirOperation priv_of(MlirValue p, int64_t *idx) {
    *idx = 0;
    if (!mlirValueIsAOpResult(p)) return (MlirOperation){NULL};
    MlirOperation d = mlirOpResultGetOwner(p);
    if (fly_vx_is(d, "llvm.getelementptr")) {
        MlirAttribute ri = mlirOperationGetAttributeByName(d, fly_ir_sref("rawConstantIndices"));
        if (mlirOperationGetNumOperands(d) != 1 || mlirAttributeIsNull(ri) || mlirDenseArrayGetNumElements(ri) != 1)
            return (MlirOperation){NULL};
        *idx = mlirDenseI32ArrayGetElement(ri, 0);
        p = mlirOperationGetOperand(d, 0);
        if (!mlirValueIsAOpResult(p)) return (MlirOperation){NULL};
        d = mlirOpResultGetOwner(p);
    }
    return fly_vx_is(d, "llvm.alloca") ? d : (MlirOperation){NULL};
}

static MlirType priv_elem(MlirOperation a) {
    MlirAttribute et = mlirOperationGetAttributeByName(a, fly_ir_sref("elem_type"));
    return mlirAttributeIsNull(et) ? fly_ir_type_null() : mlirTypeAttrGetValue(et);
}

/* Whether use is a load or store through old pointer p (element c of a register array of k elements of et) of an
 * element (type et) or of a per-lane vector<K' x et> of elements c .. c + K' - 1. */
static bool priv_use_ok(MlirOperation use, MlirValue p, MlirType et, int64_t c, int64_t k) {
    bool ld = fly_vx_is(use, "llvm.load"), st = fly_vx_is(use, "llvm.store");
    if (!ld && !st) return false;
    if (st && (mlirOperationGetNumOperands(use) != 2 || !mlirValueEqual(mlirOperationGetOperand(use, 1), p) ||
               mlirValueEqual(mlirOperationGetOperand(use, 0), p)))
        return false;
    MlirType vt = ld ? mlirValueGetType(fly_ir_res0(use)) : mlirValueGetType(mlirOperationGetOperand(use, 0));
    if (mlirTypeEqual(vt, et)) return true;
    int64_t kk = fly_vx_lane_k(vt);
    return kk && mlirTypeEqual(mlirShapedTypeGetElementType(vt), et) && c + kk <= k;
}

/* The elements of a register array's slots: i16 for 16-bit floats (as per-lane vectors of them are held). */
static MlirType priv_slot_elem(fly_vx *x, MlirType et) {
    return mlirTypeIsABF16(et) || mlirTypeIsAF16(et) ? mlirIntegerTypeGet(x->ctx, 16) : et;
}

int64_t fly_vx_priv_bytes(MlirOperation a) {
    MlirType et = priv_elem(a);
    int64_t k;
    if (mlirTypeIsNull(et) || !fly_vx_scalar_type(et) || mlirTypeIsAIndex(et) || !fly_emu_type_bytes(et) ||
        !fly_emu_const_int(mlirOperationGetOperand(a, 0), &k) || k < 1 || k > 4096)
        return 0;
    MlirValue r = fly_ir_res0(a);
    for (MlirOpOperand u = mlirValueGetFirstUse(r); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
        MlirOperation o = mlirOpOperandGetOwner(u);
        int64_t c;
        if (fly_vx_is(o, "llvm.getelementptr")) {
            MlirAttribute ge = mlirOperationGetAttributeByName(o, fly_ir_sref("elem_type"));
            if (mlirOperationIsNull(priv_of(fly_ir_res0(o), &c)) || c < 0 || c >= k || mlirAttributeIsNull(ge) ||
                !mlirTypeEqual(mlirTypeAttrGetValue(ge), et))
                return 0;
            for (MlirOpOperand g = mlirValueGetFirstUse(fly_ir_res0(o)); !mlirOpOperandIsNull(g);
                 g = mlirOpOperandGetNextUse(g))
                if (!priv_use_ok(mlirOpOperandGetOwner(g), fly_ir_res0(o), et, c, k)) return 0;
        } else if (!priv_use_ok(o, r, et, 0, k)) {
            return 0;
        }
    }
    return k * fly_emu_type_bytes(et);
}

bool fly_vx_priv_ptr(MlirValue p) {
    int64_t c;
    MlirOperation a = priv_of(p, &c);
    return !mlirOperationIsNull(a) && fly_vx_priv_bytes(a) > 0;
}

/* ---- block allocas (a buffer resource: a uniform record the kernel stores once and reads back) ---- */

/* The alloca old pointer p derives from through constant geps and address space casts, when it is not a register
 * array; else null. */
MlirOperation fly_vx_ualloca_of(MlirValue p) {
    for (int d = 0; d < 8 && mlirValueIsAOpResult(p); d++) {
        MlirOperation o = mlirOpResultGetOwner(p);
        if (fly_vx_is(o, "llvm.alloca")) return fly_vx_priv_bytes(o) ? (MlirOperation){NULL} : o;
        if (!(fly_vx_is(o, "llvm.getelementptr") && mlirOperationGetNumOperands(o) == 1) &&
            !fly_vx_is(o, "llvm.addrspacecast"))
            break;
        p = mlirOperationGetOperand(o, 0);
    }
    return (MlirOperation){NULL};
}

/* Whether every use of old pointer p (an alloca's, or derived from it) is a constant gep, an address space cast, a
 * load through it or a store to it (of another value). */
static bool ualloca_uses_ok(MlirValue p, int depth) {
    if (depth > 8) return false;
    for (MlirOpOperand u = mlirValueGetFirstUse(p); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
        MlirOperation o = mlirOpOperandGetOwner(u);
        unsigned i = mlirOpOperandGetOperandNumber(u);
        if ((fly_vx_is(o, "llvm.getelementptr") && mlirOperationGetNumOperands(o) == 1) ||
            fly_vx_is(o, "llvm.addrspacecast")) {
            if (!ualloca_uses_ok(fly_ir_res0(o), depth + 1)) return false;
        } else if (!(fly_vx_is(o, "llvm.load") && i == 0) && !(fly_vx_is(o, "llvm.store") && i == 1)) {
            return false;
        }
    }
    return true;
}

bool fly_vx_ualloca_ok(MlirOperation a) {
    return fly_emu_ptr_as(mlirValueGetType(fly_ir_res0(a))) == 0 && ualloca_uses_ok(fly_ir_res0(a), 0);
}

/* The alloca itself at the function's start (one per block: what it holds is uniform); its loads and stores as they
 * are (the emulator's own stack, not checked, as in the phase loop). */
void fly_vx_gen_ualloca(fly_vx *x, fly_emu_irb *b, MlirOperation op) {
    if (fly_vx_is(op, "llvm.alloca")) {
        fly_emu_irb fb = {x->ctx, x->fentry, x->first, mlirLocationUnknownGet(x->ctx)};
        MlirOperation c = mlirOperationClone(op);
        int64_t n = 1;
        fly_emu_const_int(mlirOperationGetOperand(op, 0), &n);
        mlirOperationSetOperand(c, 0, fly_emu_irb_const(&fb, n, mlirValueGetType(mlirOperationGetOperand(op, 0))));
        fly_ir_op_insert(fb.block, fb.before, c);
        fly_vx_put(x, fly_ir_res0(op), fly_ir_res0(c), false, (MlirValue){NULL});
        return;
    }
    MlirOperation c = mlirOperationClone(op);
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); i++)
        mlirOperationSetOperand(c, i, fly_vx_use(x, b, mlirOperationGetOperand(op, i), false));
    fly_ir_op_insert(b->block, b->before, c);
    if (mlirOperationGetNumResults(op)) fly_vx_put(x, fly_ir_res0(op), fly_ir_res0(c), false, (MlirValue){NULL});
}

/* The alloca: its slots memref<MAXW x 64K x T> at the function's start, element e of lane l at e * 64 + l (so that
 * K' consecutive elements are a per-lane vector<K' x T> in the form's element-major layout); the geps: nothing. */
void fly_vx_gen_priv(fly_vx *x, MlirOperation op) {
    if (fly_vx_is(op, "llvm.getelementptr")) {
        int64_t c;
        fly_vx_ent *a = fly_vx_get(x, fly_ir_res0(priv_of(fly_ir_res0(op), &c)));
        fly_vx_put(x, fly_ir_res0(op), a ? a->nv : x->c0, false, (MlirValue){NULL});
        return;
    }
    int64_t shape[2] = {MAXW, 0};
    fly_emu_const_int(mlirOperationGetOperand(op, 0), &shape[1]);
    shape[1] *= VW;
    MlirType mt = mlirMemRefTypeContiguousGet(priv_slot_elem(x, priv_elem(op)), 2, shape, mlirAttributeGetNull());
    fly_emu_irb fb = {x->ctx, x->fentry, x->first, mlirLocationUnknownGet(x->ctx)};
    MlirNamedAttribute sa =
        fly_ir_named(x->ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(x->ctx, 2, (int32_t[]){0, 0}));
    fly_vx_put(x, fly_ir_res0(op), fly_emu_irb_val(&fb, "memref.alloca", 0, NULL, mt, 1, &sa), false,
               (MlirValue){NULL});
}

bool fly_vx_priv_word_ptr(MlirValue p) {
    int64_t c;
    MlirOperation a = priv_of(p, &c);
    return !mlirOperationIsNull(a) && fly_vx_priv_bytes(a) > 0 && fly_emu_type_bytes(priv_elem(a)) == 4;
}

MlirValue fly_vx_priv_addr(fly_vx *x, fly_emu_irb *b, MlirValue p) {
    int64_t c;
    MlirOperation a = priv_of(p, &c);
    fly_vx_ent *ae = mlirOperationIsNull(a) ? NULL : fly_vx_get(x, fly_ir_res0(a));
    if (!ae || mlirValueIsNull(ae->nv) || !mlirTypeIsAMemRef(mlirValueGetType(ae->nv))) return (MlirValue){NULL};
    int64_t row = mlirShapedTypeGetDimSize(mlirValueGetType(ae->nv), 1);
    MlirValue at = fly_vx_bin(b, "arith.addi", fly_vx_bin(b, "arith.muli", x->w, fly_emu_irb_const(b, row, x->idx)),
                              fly_emu_irb_const(b, c * VW, x->idx));
    MlirValue by = fly_vx_bin(b, "arith.muli", fly_vx_cast(b, "arith.index_cast", at, x->i64), fly_vx_i64c(x, b, 4));
    return fly_vx_bin(b, "arith.addi", fly_vx_base_addr(x, b, ae->nv), by);
}

/* A load or store of a register array's element or elements: the wave's slots, the active lanes' (mask). */
void fly_vx_gen_priv_access(fly_vx *x, fly_emu_irb *b, MlirOperation op, MlirValue mask) {
    bool ld = fly_vx_is(op, "llvm.load");
    int64_t c;
    MlirOperation a = priv_of(mlirOperationGetOperand(op, ld ? 0 : 1), &c);
    fly_vx_ent *ae = fly_vx_get(x, fly_ir_res0(a));
    if (!ae || mlirValueIsNull(ae->nv) || !mlirTypeIsAMemRef(mlirValueGetType(ae->nv))) {
        fly_vx_bad(x, "a register array used before its alloca", op);
        return;
    }
    MlirType ot = ld ? mlirValueGetType(fly_ir_res0(op)) : mlirValueGetType(mlirOperationGetOperand(op, 0));
    int64_t kk = mlirTypeIsAVector(ot) ? fly_vx_lane_k(ot) : 1, n = VW * kk;
    MlirType se = priv_slot_elem(x, priv_elem(a));
    MlirType mv = mlirVectorTypeGet(1, &n, se); /* the slots' vector */
    MlirType vt = fly_vx_vec_of(x, ot);         /* the value's form */
    MlirValue at[3] = {ae->nv, x->w, fly_emu_irb_const(b, c * VW, x->idx)};
    if (ld) {
        MlirValue v = fly_vx_val(b, "vector.load", 3, at, mv);
        if (!mlirTypeEqual(mv, vt)) v = fly_vx_cast(b, "arith.bitcast", v, vt);
        fly_vx_put(x, fly_ir_res0(op), v, true, (MlirValue){NULL});
        return;
    }
    MlirValue v = fly_vx_use(x, b, mlirOperationGetOperand(op, 0), true);
    if (!mlirTypeEqual(mv, vt)) v = fly_vx_cast(b, "arith.bitcast", v, mv);
    if (!mlirValueIsNull(mask)) {
        MlirValue s[3] = {fly_vx_widen(x, b, mask, kk), v, fly_vx_val(b, "vector.load", 3, at, mv)};
        v = fly_vx_val(b, "arith.select", 3, s, mv);
    }
    MlirValue so[4] = {v, at[0], at[1], at[2]};
    fly_emu_irb_op(b, "vector.store", 4, so, fly_ir_type_null(), 0, NULL);
}
