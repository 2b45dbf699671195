/* emu_lower.c - the emulator's host lowering: each gpu.func kernel (after the fly passes)
 * becomes a func.func "<name>__emu"(ctx, tx, ty, tz, args...) callable from C, with
 * thread ids as arguments, block ids / dims read from the context, gpu.barrier and gpu.shuffle
 * turned into calls to runtime symbols, workgroup attributions carved out of the context's LDS,
 * plus an entry point that reads the arguments from a HIP-style argv: for a kernel that never
 * synchronises it runs every thread of a block in a loop, else the threads of a phase
 * (emu_phase.c), or the thread the context names (a coroutine, emu_coro.c, or a fiber). The access
 * checks and interrupt polls are added after the LLVM lowering (emu_checks.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "passes/pass.h"
#include "runtime/emu/emu.h"
#include "runtime/emu/emu_irb.h"
#include "runtime/emu/emu_lower_int.h"

int fly_emu_lw_fail(fly_emu_lw *w, const char *fmt, const char *a) {
    if (!w->failed) snprintf(w->err, w->cap, fmt, a);
    w->failed = true;
    return -1;
}

int fly_emu_add_site(fly_emu_kernel *k, MlirLocation loc) {
    char buf[256];
    fly_ir_loc_str(loc, buf, sizeof buf);
    char **v = realloc(k->sites, sizeof *v * (size_t)(k->nsites + 1));
    if (!v) return 0;
    k->sites = v;
    v[k->nsites] = strdup(buf);
    return k->nsites++;
}

/* The dimension (0..2) of a gpu.thread_id-like op. */
static int dim_of(MlirOperation op) {
    MlirAttribute a = mlirOperationGetAttributeByName(op, fly_ir_sref("dimension"));
    char buf[64] = "";
    if (!mlirAttributeIsNull(a)) {
        fly_ir_buf t = {0};
        mlirAttributePrint(a, fly_ir_buf_callback, &t);
        snprintf(buf, sizeof buf, "%s", t.data ? t.data : "");
        fly_ir_buf_free(&t);
    }
    return strstr(buf, " y>") ? 1 : strstr(buf, " z>") ? 2 : 0;
}

static MlirValue ctx_index(fly_emu_lw *w, fly_emu_irb *b, MlirValue ctxv, int word) {
    MlirValue p = fly_emu_irb_gep_const(b, ctxv, word, w->i64);
    MlirValue v = fly_emu_irb_load(b, p, w->i64, 8);
    return fly_emu_irb_val(b, "arith.index_cast", 1, &v, w->idx, 0, NULL);
}

static MlirValue ctx_word(fly_emu_lw *w, fly_emu_irb *b, MlirValue ctxv, int word) {
    MlirValue p = fly_emu_irb_gep_const(b, ctxv, word, w->i64);
    return fly_emu_irb_load(b, p, w->i64, 8);
}

static MlirValue ctx_ptr(fly_emu_lw *w, fly_emu_irb *b, MlirValue ctxv, int word) {
    MlirValue p = fly_emu_irb_gep_const(b, ctxv, word, w->i64);
    return fly_emu_irb_load(b, p, w->ptr, 8);
}

static MlirValue addrspace_cast(fly_emu_irb *b, MlirValue p, MlirType to) {
    if (mlirTypeEqual(mlirValueGetType(p), to)) return p;
    return fly_emu_irb_val(b, "llvm.addrspacecast", 1, &p, to, 0, NULL);
}

static MlirType ptr_as(fly_emu_lw *w, unsigned as) {
    char s[32];
    snprintf(s, sizeof s, as ? "!llvm.ptr<%u>" : "!llvm.ptr", as);
    return fly_emu_irb_type(w->ctx, s);
}

static unsigned memref_as(MlirType mt) {
    MlirAttribute ms = mlirMemRefTypeGetMemorySpace(mt);
    if (mlirAttributeIsNull(ms) || !mlirAttributeIsAInteger(ms)) return 0;
    return (unsigned)mlirIntegerAttrGetValueInt(ms);
}

/* ---- rewriting the body ---- */

typedef struct body_ud {
    fly_opvec ops;
} body_ud;

/* Is t !llvm.ptr<3> (an LDS pointer)? */
static bool is_lds_ptr(MlirType t) { return mlirTypeEqual(t, fly_emu_irb_type(mlirTypeGetContext(t), "!llvm.ptr<3>")); }

static MlirWalkResult collect_gpu(MlirOperation op, void *user) {
    body_ud *u = user;
    MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
    if ((n.length > 4 && !memcmp(n.data, "gpu.", 4)) || (n.length > 6 && !memcmp(n.data, "rocdl.", 6)))
        fly_opvec_push(&u->ops, op);
    else if (fly_ir_sref_eq(n, "llvm.inline_asm")) /* AMDGPU assembly has no host code either */
        fly_opvec_push(&u->ops, op);
    else if ((fly_ir_sref_eq(n, "llvm.ptrtoint") && is_lds_ptr(mlirValueGetType(mlirOperationGetOperand(op, 0)))) ||
             (fly_ir_sref_eq(n, "llvm.inttoptr") && is_lds_ptr(mlirValueGetType(fly_ir_res0(op)))))
        fly_opvec_push(&u->ops, op); /* LDS addresses are offsets in the workgroup's LDS */
    else if (fly_ir_sref_eq(n, "llvm.call_intrinsic")) { /* AMDGPU intrinsics have no host code */
        MlirAttribute a = mlirOperationGetAttributeByName(op, fly_ir_sref("intrin"));
        if (!mlirAttributeIsNull(a) && mlirAttributeIsAString(a)) {
            MlirStringRef s = mlirStringAttrGetValue(a);
            if (s.length > 12 && !memcmp(s.data, "llvm.amdgcn.", 12)) fly_opvec_push(&u->ops, op);
        }
    }
    return MlirWalkResultAdvance;
}

void fly_emu_lw_replace(MlirOperation op, MlirValue v) {
    mlirValueReplaceAllUsesOfWith(fly_ir_res0(op), v);
    mlirOperationDestroy(op);
}

/* value as i64 bits (integers and floats up to 64 bits, i1 included). */
static MlirValue to_bits(fly_emu_lw *w, fly_emu_irb *b, MlirValue v) {
    MlirType t = mlirValueGetType(v);
    int bits = mlirTypeIsAFloat(t)     ? (int)mlirFloatTypeGetWidth(t)
               : mlirTypeIsAInteger(t) ? (int)mlirIntegerTypeGetWidth(t)
                                       : 0;
    if (!bits || bits > 64) {
        fly_emu_lw_fail(w, "%s",
                        "cross-lane operations: the emulator moves scalar integers and floats of up to 64 bits");
        return v;
    }
    if (mlirTypeIsAFloat(t))
        v = fly_emu_irb_val(b, "arith.bitcast", 1, &v, mlirIntegerTypeGet(w->ctx, (unsigned)bits), 0, NULL);
    return bits == 64 ? v : fly_emu_irb_val(b, "arith.extui", 1, &v, w->i64, 0, NULL);
}

/* The i64 bits r back as type t. */
static MlirValue from_bits(fly_emu_lw *w, fly_emu_irb *b, MlirValue r, MlirType t) {
    int bits = mlirTypeIsAFloat(t) ? (int)mlirFloatTypeGetWidth(t) : (int)mlirIntegerTypeGetWidth(t);
    if (bits < 64) r = fly_emu_irb_val(b, "arith.trunci", 1, &r, mlirIntegerTypeGet(w->ctx, (unsigned)bits), 0, NULL);
    return mlirTypeIsAFloat(t) ? fly_emu_irb_val(b, "arith.bitcast", 1, &r, t, 0, NULL) : r;
}

/* A call of fly_emu_shfl for value v (result of v's type; the ballot mask as i64). */
MlirValue fly_emu_lw_xlane(fly_emu_lw *w, fly_emu_irb *b, MlirValue ctxv, MlirValue v, MlirValue off, MlirValue width,
                           int mode) {
    w->k->syncs = 1;
    MlirType t = mlirValueGetType(v);
    MlirValue a[5] = {ctxv, to_bits(w, b, v), off, width, fly_emu_irb_const(b, mode, w->i32)};
    if (w->failed) return v;
    MlirValue r = fly_ir_res0(fly_emu_irb_call(b, "fly_emu_shfl", 5, a, w->i64));
    return mode == FLY_EMU_X_BALLOT ? r : from_bits(w, b, r, t);
}

bool fly_emu_const_int(MlirValue v, int64_t *out) {
    if (!mlirValueIsAOpResult(v)) return false;
    MlirOperation d = mlirOpResultGetOwner(v);
    if (!fly_ir_op_is(d, "arith.constant") && !fly_ir_op_is(d, "llvm.mlir.constant")) return false;
    MlirAttribute a = mlirOperationGetAttributeByName(d, fly_ir_sref("value"));
    if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a)) return false;
    *out = mlirIntegerAttrGetValueInt(a);
    return true;
}

/* ROCDL ops that only steer the hardware's scheduling or wait for its counters: no-ops here, where every
 * access completes before the next operation starts. */
static bool is_sched_hint(const char *name) {
    static const char *const hints[] = {"rocdl.sched.barrier",   "rocdl.sched.group.barrier",
                                        "rocdl.iglp.opt",        "rocdl.s.waitcnt",
                                        "rocdl.s.wait.dscnt",    "rocdl.s.wait.loadcnt",
                                        "rocdl.s.wait.storecnt", "rocdl.s.wait.expcnt",
                                        "rocdl.s.setprio",       "rocdl.s.sleep",
                                        "rocdl.s.nop",           NULL};
    for (int i = 0; hints[i]; i++)
        if (!strcmp(name, hints[i])) return true;
    return false;
}

/* The lane of thread tid in its wave (as gpu.lane_id), index. */
static MlirValue lane_of(fly_emu_lw *w, fly_emu_irb *b, MlirValue ctxv, const MlirValue *tid) {
    MlirValue bx = ctx_index(w, b, ctxv, FLY_EMU_CTX_BLOCK_DIM), by = ctx_index(w, b, ctxv, FLY_EMU_CTX_BLOCK_DIM + 1);
    MlirValue t1[2] = {tid[2], by};
    MlirValue l = fly_emu_irb_val(b, "arith.muli", 2, t1, w->idx, 0, NULL);
    MlirValue t2[2] = {l, tid[1]};
    l = fly_emu_irb_val(b, "arith.addi", 2, t2, w->idx, 0, NULL);
    MlirValue t3[2] = {l, bx};
    l = fly_emu_irb_val(b, "arith.muli", 2, t3, w->idx, 0, NULL);
    MlirValue t4[2] = {l, tid[0]};
    l = fly_emu_irb_val(b, "arith.addi", 2, t4, w->idx, 0, NULL);
    MlirValue t5[2] = {l, fly_emu_irb_const(b, 64, w->idx)};
    return fly_emu_irb_val(b, "arith.remui", 2, t5, w->idx, 0, NULL);
}

/* rocdl.mbcnt.lo / hi (mask, base): base + the set bits of mask for the lanes below this one (lanes 0-31 for
 * lo, 32-63 for hi). */
static MlirValue mbcnt(fly_emu_lw *w, fly_emu_irb *b, MlirValue ctxv, const MlirValue *tid, MlirOperation op, bool hi) {
    MlirValue lane = lane_of(w, b, ctxv, tid);
    lane = fly_emu_irb_val(b, "arith.index_cast", 1, &lane, w->i64, 0, NULL);
    if (hi) { /* max(lane - 32, 0) */
        MlirValue s[2] = {lane, fly_emu_irb_const(b, 32, w->i64)};
        lane = fly_emu_irb_val(b, "arith.subi", 2, s, w->i64, 0, NULL);
        MlirValue m[2] = {lane, fly_emu_irb_const(b, 0, w->i64)};
        lane = fly_emu_irb_val(b, "arith.maxsi", 2, m, w->i64, 0, NULL);
    }
    MlirValue c32[2] = {lane, fly_emu_irb_const(b, 32, w->i64)};
    lane = fly_emu_irb_val(b, "arith.minsi", 2, c32, w->i64, 0, NULL);
    MlirValue sh[2] = {fly_emu_irb_const(b, 1, w->i64), lane};
    MlirValue bit = fly_emu_irb_val(b, "arith.shli", 2, sh, w->i64, 0, NULL);
    MlirValue dec[2] = {bit, fly_emu_irb_const(b, 1, w->i64)};
    MlirValue below = fly_emu_irb_val(b, "arith.subi", 2, dec, w->i64, 0, NULL);
    MlirValue mask = mlirOperationGetOperand(op, 0);
    mask = fly_emu_irb_val(b, "arith.extui", 1, &mask, w->i64, 0, NULL);
    MlirValue an[2] = {mask, below};
    MlirValue n = fly_emu_irb_val(b, "arith.andi", 2, an, w->i64, 0, NULL);
    n = fly_emu_irb_val(b, "math.ctpop", 1, &n, w->i64, 0, NULL);
    n = fly_emu_irb_val(b, "arith.trunci", 1, &n, w->i32, 0, NULL);
    MlirValue ad[2] = {n, mlirOperationGetOperand(op, 1)};
    return fly_emu_irb_val(b, "arith.addi", 2, ad, w->i32, 0, NULL);
}

/* gfx950's rocdl.permlane16.swap / permlane32.swap (old, src) with rows of n = 16 / 32 lanes: each odd row of old
 * trades places with the even row of src below it; the {old', src'} pair as the op's !llvm.struct. */
static MlirValue permlane_swap(fly_emu_lw *w, fly_emu_irb *b, MlirValue ctxv, const MlirValue *tid, MlirOperation op,
                               int n) {
    MlirValue old = mlirOperationGetOperand(op, 0), src = mlirOperationGetOperand(op, 1);
    MlirValue lane = lane_of(w, b, ctxv, tid);
    lane = fly_emu_irb_val(b, "arith.index_cast", 1, &lane, w->i32, 0, NULL);
    MlirValue dv[2] = {lane, fly_emu_irb_const(b, n, w->i32)};
    MlirValue row = fly_emu_irb_val(b, "arith.divui", 2, dv, w->i32, 0, NULL);
    MlirValue an[2] = {row, fly_emu_irb_const(b, 1, w->i32)};
    MlirValue odd = fly_emu_irb_val(b, "arith.andi", 2, an, w->i32, 0, NULL);
    MlirValue cz[2] = {odd, fly_emu_irb_const(b, 0, w->i32)};
    MlirNamedAttribute ne = fly_ir_named(w->ctx, "predicate", mlirIntegerAttrGet(mlirIntegerTypeGet(w->ctx, 64), 1));
    MlirValue is_odd = fly_emu_irb_val(b, "arith.cmpi", 2, cz, mlirIntegerTypeGet(w->ctx, 1), 1, &ne);
    /* the lanes n below and above, as ds_bpermute byte addresses */
    MlirValue four = fly_emu_irb_const(b, 4, w->i32), nn = fly_emu_irb_const(b, n, w->i32);
    MlirValue lo[2] = {lane, nn};
    MlirValue below = fly_emu_irb_val(b, "arith.subi", 2, lo, w->i32, 0, NULL);
    MlirValue above = fly_emu_irb_val(b, "arith.addi", 2, lo, w->i32, 0, NULL);
    MlirValue m1[2] = {below, four}, m2[2] = {above, four};
    below = fly_emu_irb_val(b, "arith.muli", 2, m1, w->i32, 0, NULL);
    above = fly_emu_irb_val(b, "arith.muli", 2, m2, w->i32, 0, NULL);
    MlirValue w64 = fly_emu_irb_const(b, 64, w->i32);
    MlirValue src_below = fly_emu_lw_xlane(w, b, ctxv, src, below, w64, FLY_EMU_X_BPERMUTE);
    MlirValue old_above = fly_emu_lw_xlane(w, b, ctxv, old, above, w64, FLY_EMU_X_BPERMUTE);
    MlirType t = mlirValueGetType(old);
    MlirValue s0[3] = {is_odd, src_below, old}, s1[3] = {is_odd, src, old_above};
    MlirValue r0 = fly_emu_irb_val(b, "arith.select", 3, s0, t, 0, NULL);
    MlirValue r1 = fly_emu_irb_val(b, "arith.select", 3, s1, t, 0, NULL);
    MlirType st = mlirValueGetType(fly_ir_res0(op));
    MlirValue agg = fly_emu_irb_val(b, "llvm.mlir.undef", 0, NULL, st, 0, NULL);
    MlirValue parts[2] = {r0, r1};
    for (int64_t k = 0; k < 2; k++) {
        MlirNamedAttribute pos = fly_ir_named(w->ctx, "position", mlirDenseI64ArrayGet(w->ctx, 1, &k));
        MlirValue iv[2] = {agg, parts[k]};
        agg = fly_emu_irb_val(b, "llvm.insertvalue", 2, iv, st, 1, &pos);
    }
    return agg;
}

/* The transpose reads' 16-lane groups: the first lane of this lane's group (i32), and in *in_group its index there. */
static MlirValue lane_group16(fly_emu_lw *w, fly_emu_irb *b, MlirValue ctxv, const MlirValue *tid,
                              MlirValue *in_group) {
    MlirValue lane = lane_of(w, b, ctxv, tid);
    lane = fly_emu_irb_val(b, "arith.index_cast", 1, &lane, w->i32, 0, NULL);
    MlirValue li[2] = {lane, fly_emu_irb_const(b, 15, w->i32)};
    *in_group = fly_emu_irb_val(b, "arith.andi", 2, li, w->i32, 0, NULL);
    MlirValue gb[2] = {lane, *in_group};
    return fly_emu_irb_val(b, "arith.subi", 2, gb, w->i32, 0, NULL);
}

/* gfx950's rocdl.ds.read.tr16.b64 / tr8.b64 / tr4.b64 (ptr<3>) -> 64 bits: every lane reads the 8 bytes at its own address,
 * then each 16-lane group trades them so that lane i of the group, element j (of n = 64 / e bits) is element i % n
 * of what lane k * j + i / n read (k = 16 / n): the group's 16 reads are a block of n rows of 16 elements (k lanes
 * a row) and lane i gets column i. */
MlirValue fly_emu_lw_ds_read_tr(fly_emu_lw *w, fly_emu_irb *b, MlirValue ctxv, const MlirValue *tid, MlirValue ptr,
                                MlirType rt, int e) {
    int n = 64 / e, k = 16 / n;
    MlirValue raw = fly_emu_irb_load(b, ptr, w->i64, 8);
    MlirValue in_group, group = lane_group16(w, b, ctxv, tid, &in_group);
    MlirValue dv[2] = {in_group, fly_emu_irb_const(b, n, w->i32)};
    MlirValue row_lane = fly_emu_irb_val(b, "arith.divui", 2, dv, w->i32, 0, NULL);
    MlirValue col = fly_emu_irb_val(b, "arith.remui", 2, dv, w->i32, 0, NULL);
    /* the bit position of element col, as i64 */
    MlirValue cm[2] = {col, fly_emu_irb_const(b, e, w->i32)};
    MlirValue sh = fly_emu_irb_val(b, "arith.muli", 2, cm, w->i32, 0, NULL);
    sh = fly_emu_irb_val(b, "arith.extui", 1, &sh, w->i64, 0, NULL);
    MlirValue mask = fly_emu_irb_const(b, (int64_t)((1ULL << e) - 1), w->i64);
    MlirValue acc = fly_emu_irb_const(b, 0, w->i64), w64 = fly_emu_irb_const(b, 64, w->i32);
    for (int j = 0; j < n && !w->failed; j++) {
        MlirValue sa[2] = {group, row_lane};
        MlirValue src = fly_emu_irb_val(b, "arith.addi", 2, sa, w->i32, 0, NULL);
        MlirValue sj[2] = {src, fly_emu_irb_const(b, k * j, w->i32)};
        src = fly_emu_irb_val(b, "arith.addi", 2, sj, w->i32, 0, NULL);
        MlirValue s4[2] = {src, fly_emu_irb_const(b, 4, w->i32)}; /* a ds_bpermute byte address */
        src = fly_emu_irb_val(b, "arith.muli", 2, s4, w->i32, 0, NULL);
        MlirValue got = fly_emu_lw_xlane(w, b, ctxv, raw, src, w64, FLY_EMU_X_BPERMUTE);
        MlirValue gs[2] = {got, sh};
        MlirValue el = fly_emu_irb_val(b, "arith.shrui", 2, gs, w->i64, 0, NULL);
        MlirValue em[2] = {el, mask};
        el = fly_emu_irb_val(b, "arith.andi", 2, em, w->i64, 0, NULL);
        MlirValue ej[2] = {el, fly_emu_irb_const(b, e * j, w->i64)};
        el = fly_emu_irb_val(b, "arith.shli", 2, ej, w->i64, 0, NULL);
        MlirValue ae[2] = {acc, el};
        acc = fly_emu_irb_val(b, "arith.ori", 2, ae, w->i64, 0, NULL);
    }
    return fly_emu_irb_val(b, "llvm.bitcast", 1, &acc, rt, 0, NULL);
}

/* gfx950's rocdl.ds.read.tr6.b96 (ptr<3>) -> vector<3xi32>: every lane reads the 12 bytes (sixteen 6-bit elements) at
 * its own address, and lane i of each 16-lane group gets, as its element j, element i of what lane j of its group
 * read (FlyDSL's ThrBitLayoutSrc (16,96):(96,1) and ThrBitLayoutDst (16,(6,16)):(6,(1,96)): the block of 16 rows of
 * 16 elements transposed). Each read travels as two 64-bit halves (bits 0-63 and 64-95) through the lane exchange. */
static MlirValue ds_read_tr6(fly_emu_lw *w, fly_emu_irb *b, MlirValue ctxv, const MlirValue *tid, MlirOperation op) {
    MlirValue p = mlirOperationGetOperand(op, 0);
    MlirValue lo = fly_emu_irb_load(b, p, w->i64, 4);
    MlirValue hi = fly_emu_irb_load(b, fly_emu_irb_gep_const(b, p, 2, w->i32), w->i32, 4);
    hi = fly_emu_irb_val(b, "arith.extui", 1, &hi, w->i64, 0, NULL);
    MlirValue in_group, group = lane_group16(w, b, ctxv, tid, &in_group);
    /* element in_group of a 96-bit read lies at bit s = 6 * in_group: in lo (s < 64, its top bits from hi when it
     * crosses bit 64) or in hi */
    MlirValue s6[2] = {in_group, fly_emu_irb_const(b, 6, w->i32)};
    MlirValue s = fly_emu_irb_val(b, "arith.muli", 2, s6, w->i32, 0, NULL);
    s = fly_emu_irb_val(b, "arith.extui", 1, &s, w->i64, 0, NULL);
    MlirValue c63 = fly_emu_irb_const(b, 63, w->i64), c64 = fly_emu_irb_const(b, 64, w->i64);
    MlirValue in_lo = fly_emu_irb_icmp(b, 6, s, c64), at0 = fly_emu_irb_icmp(b, 0, s, fly_emu_irb_const(b, 0, w->i64));
    MlirValue sh_lo = fly_emu_irb_bin(b, "llvm.and", s, c63); /* s (s < 64) */
    MlirValue sh_up = fly_emu_irb_bin(b, "llvm.and", fly_emu_irb_bin(b, "llvm.sub", c64, s), c63); /* 64 - s */
    MlirValue sh_hi = fly_emu_irb_bin(b, "llvm.and", fly_emu_irb_bin(b, "llvm.sub", s, c64), c63); /* s - 64 */
    MlirValue acc_lo = fly_emu_irb_const(b, 0, w->i64), acc_hi = fly_emu_irb_const(b, 0, w->i64);
    MlirValue w64 = fly_emu_irb_const(b, 64, w->i32);
    for (int j = 0; j < 16 && !w->failed; j++) {
        MlirValue sj[2] = {group, fly_emu_irb_const(b, j, w->i32)};
        MlirValue src = fly_emu_irb_val(b, "arith.addi", 2, sj, w->i32, 0, NULL);
        MlirValue s4[2] = {src, fly_emu_irb_const(b, 4, w->i32)}; /* a ds_bpermute byte address */
        src = fly_emu_irb_val(b, "arith.muli", 2, s4, w->i32, 0, NULL);
        MlirValue glo = fly_emu_lw_xlane(w, b, ctxv, lo, src, w64, FLY_EMU_X_BPERMUTE);
        MlirValue ghi = fly_emu_lw_xlane(w, b, ctxv, hi, src, w64, FLY_EMU_X_BPERMUTE);
        MlirValue a = fly_emu_irb_bin(b, "llvm.lshr", glo, sh_lo);
        MlirValue up = fly_emu_irb_bin(b, "llvm.shl", ghi, sh_up);
        MlirValue au[2] = {at0, a};
        MlirValue orv = fly_emu_irb_bin(b, "llvm.or", a, up);
        MlirValue sel1[3] = {au[0], a, orv};
        MlirValue low = fly_emu_irb_val(b, "arith.select", 3, sel1, w->i64, 0, NULL);
        MlirValue sel2[3] = {in_lo, low, fly_emu_irb_bin(b, "llvm.lshr", ghi, sh_hi)};
        MlirValue el = fly_emu_irb_val(b, "arith.select", 3, sel2, w->i64, 0, NULL);
        el = fly_emu_irb_bin(b, "llvm.and", el, c63);
        /* element j of the result at bit 6 j: bits 0-63 in acc_lo, 64-95 in acc_hi */
        if (6 * j < 64)
            acc_lo = fly_emu_irb_bin(b, "llvm.or", acc_lo,
                                     fly_emu_irb_bin(b, "llvm.shl", el, fly_emu_irb_const(b, 6 * j, w->i64)));
        if (6 * j + 6 > 64)
            acc_hi = fly_emu_irb_bin(
                b, "llvm.or", acc_hi,
                6 * j >= 64 ? fly_emu_irb_bin(b, "llvm.shl", el, fly_emu_irb_const(b, 6 * j - 64, w->i64))
                            : fly_emu_irb_bin(b, "llvm.lshr", el, fly_emu_irb_const(b, 64 - 6 * j, w->i64)));
    }
    MlirValue sh32 = fly_emu_irb_const(b, 32, w->i64);
    MlirValue words[3] = {fly_emu_irb_val(b, "arith.trunci", 1, &acc_lo, w->i32, 0, NULL),
                          fly_emu_irb_bin(b, "llvm.lshr", acc_lo, sh32),
                          fly_emu_irb_val(b, "arith.trunci", 1, &acc_hi, w->i32, 0, NULL)};
    words[1] = fly_emu_irb_val(b, "arith.trunci", 1, &words[1], w->i32, 0, NULL);
    int64_t three = 3;
    MlirType v3 = mlirVectorTypeGet(1, &three, w->i32);
    MlirValue r = fly_emu_irb_val(b, "vector.from_elements", 3, words, v3, 0, NULL);
    MlirType rt = mlirValueGetType(fly_ir_res0(op));
    return mlirTypeEqual(rt, v3) ? r : fly_emu_irb_val(b, "llvm.bitcast", 1, &r, rt, 0, NULL);
}

/* The integer value of attribute name of op (0 when absent). */
static int64_t int_attr(MlirOperation op, const char *name) {
    MlirAttribute a = mlirOperationGetAttributeByName(op, fly_ir_sref(name));
    if (mlirAttributeIsNull(a)) return 0;
    if (mlirAttributeIsABool(a)) return mlirBoolAttrGetValue(a);
    return mlirAttributeIsAInteger(a) ? mlirIntegerAttrGetValueInt(a) : 0;
}

/* One call of fly_emu_cvt(kind, a, b, old, sel): its i64 result. */
static MlirValue cvt_call(fly_emu_lw *w, fly_emu_irb *b, int kind, MlirValue a, MlirValue bv, MlirValue old,
                          int64_t sel) {
    MlirType f32 = mlirF32TypeGet(w->ctx);
    MlirValue z = fly_emu_irb_const(b, 0, w->i32);
    MlirValue fz = fly_emu_irb_val(b, "arith.bitcast", 1, &z, f32, 0, NULL);
    MlirValue args[5] = {fly_emu_irb_const(b, kind, w->i32), mlirValueIsNull(a) ? fz : a, mlirValueIsNull(bv) ? fz : bv,
                         mlirValueIsNull(old) ? z : old, fly_emu_irb_const(b, sel, w->i32)};
    return fly_ir_res0(fly_emu_irb_call(b, "fly_emu_cvt", 5, args, w->i64));
}

/* The f32 whose bits are the low 32 of i64 r. */
static MlirValue f32_of(fly_emu_lw *w, fly_emu_irb *b, MlirValue r) {
    r = fly_emu_irb_val(b, "arith.trunci", 1, &r, w->i32, 0, NULL);
    return fly_emu_irb_val(b, "arith.bitcast", 1, &r, mlirF32TypeGet(w->ctx), 0, NULL);
}

/* Element k of vector v, as f32. */
static MlirValue elem_f32(fly_emu_lw *w, fly_emu_irb *b, MlirValue v, int64_t k) {
    MlirNamedAttribute pos = fly_ir_named(w->ctx, "static_position", mlirDenseI64ArrayGet(w->ctx, 1, &k));
    MlirType et = mlirShapedTypeGetElementType(mlirValueGetType(v)), f32 = mlirF32TypeGet(w->ctx);
    MlirValue e = fly_emu_irb_val(b, "vector.extract", 1, &v, et, 1, &pos);
    return mlirTypeEqual(et, f32) ? e : fly_emu_irb_val(b, "arith.extf", 1, &e, f32, 0, NULL);
}

/* The exponent part of f32 scale (its sign and mantissa cleared), which the scaled conversions apply. */
static MlirValue scale_pow2(fly_emu_lw *w, fly_emu_irb *b, MlirValue scale) {
    MlirType f32 = mlirF32TypeGet(w->ctx);
    MlirValue u = fly_emu_irb_val(b, "arith.bitcast", 1, &scale, w->i32, 0, NULL);
    MlirValue m[2] = {u, fly_emu_irb_const(b, 0x7f800000, w->i32)};
    u = fly_emu_irb_val(b, "arith.andi", 2, m, w->i32, 0, NULL);
    return fly_emu_irb_val(b, "arith.bitcast", 1, &u, f32, 0, NULL);
}

static MlirValue fscale(fly_emu_lw *w, fly_emu_irb *b, const char *op, MlirValue x, MlirValue p) {
    MlirValue a[2] = {x, p};
    return fly_emu_irb_val(b, op, 2, a, mlirF32TypeGet(w->ctx), 0, NULL);
}

/* An i32 as vector<2xi16> (the fp8 forms' tied operand and result) and back. */
static MlirValue i32_of_v2i16(fly_emu_lw *w, fly_emu_irb *b, MlirValue v) {
    if (!mlirTypeIsAVector(mlirValueGetType(v))) return v;
    MlirValue c = fly_emu_irb_val(b, "vector.bitcast", 1, &v, mlirVectorTypeGet(1, (int64_t[]){1}, w->i32), 0, NULL);
    int64_t z = 0;
    MlirNamedAttribute pos = fly_ir_named(w->ctx, "static_position", mlirDenseI64ArrayGet(w->ctx, 1, &z));
    return fly_emu_irb_val(b, "vector.extract", 1, &c, w->i32, 1, &pos);
}

/* gfx950's rocdl.cvt.scalef32.* packed conversions (fp4 E2M1 and the OCP fp8 / bf8), as calls of fly_emu_cvt: the
 * narrowing forms divide by the exponent part of the scale, the widening forms multiply by it. The replacement
 * value, or a null value for the forms not modelled (stochastic rounding, pk8/pk16/pk32). */
static MlirValue lower_cvt_scaled(fly_emu_lw *w, fly_emu_irb *b, MlirOperation op, const char *name) {
    MlirValue none = {NULL};
    const char *f = name + strlen("rocdl.cvt.scalef32.");
    if (strncmp(f, "pk.", 3)) return none;
    f += 3;
    MlirType rt = mlirValueGetType(fly_ir_res0(op));
    intptr_t n = mlirOperationGetNumOperands(op);
    bool fp4 = !strncmp(f, "fp4.", 4), f8 = !strncmp(f, "fp8.", 4) || !strncmp(f, "bf8.", 4);
    if (fp4 || f8) { /* narrowing: (old, src0, src1, scale) or (old, vector<2> src, scale) */
        if (n != 3 && n != 4) return none;
        MlirValue old = i32_of_v2i16(w, b, mlirOperationGetOperand(op, 0));
        MlirValue p = scale_pow2(w, b, mlirOperationGetOperand(op, n - 1)), x0, x1;
        if (n == 4) {
            x0 = mlirOperationGetOperand(op, 1), x1 = mlirOperationGetOperand(op, 2);
        } else {
            x0 = elem_f32(w, b, mlirOperationGetOperand(op, 1), 0);
            x1 = elem_f32(w, b, mlirOperationGetOperand(op, 1), 1);
        }
        x0 = fscale(w, b, "arith.divf", x0, p), x1 = fscale(w, b, "arith.divf", x1, p);
        int kind = fp4 ? FLY_EMU_CVT_PK_FP4 : f[0] == 'f' ? FLY_EMU_CVT_PK_FP8_OCP : FLY_EMU_CVT_PK_BF8_OCP;
        int64_t sel = fp4 ? int_attr(op, "dstSelIndex") : int_attr(op, "dstLoHiSel") != 0;
        MlirValue r = cvt_call(w, b, kind, x0, x1, old, sel);
        r = fly_emu_irb_val(b, "arith.trunci", 1, &r, w->i32, 0, NULL);
        if (!mlirTypeIsAVector(rt)) return r;
        MlirValue v =
            fly_emu_irb_val(b, "vector.from_elements", 1, &r, mlirVectorTypeGet(1, (int64_t[]){1}, w->i32), 0, NULL);
        return fly_emu_irb_val(b, "vector.bitcast", 1, &v, rt, 0, NULL);
    }
    /* widening: (src i32, scale) into vector<2 x f32 / bf16 / f16> */
    const char *small = strchr(f, '.');
    if (!small || n != 2 || !mlirTypeIsAVector(rt)) return none;
    small++;
    int kind = !strcmp(small, "fp4")   ? FLY_EMU_CVT_F32_FP4
               : !strcmp(small, "fp8") ? FLY_EMU_CVT_F32_FP8_OCP
               : !strcmp(small, "bf8") ? FLY_EMU_CVT_F32_BF8_OCP
                                       : -1;
    if (kind < 0) return none;
    int64_t base =
        kind == FLY_EMU_CVT_F32_FP4 ? 2 * int_attr(op, "srcSelIndex") : 2 * (int_attr(op, "srcLoHiSel") != 0);
    MlirValue src = mlirOperationGetOperand(op, 0), p = scale_pow2(w, b, mlirOperationGetOperand(op, 1)), e[2];
    MlirType et = mlirShapedTypeGetElementType(rt);
    for (int k = 0; k < 2; k++) {
        e[k] = fscale(w, b, "arith.mulf", f32_of(w, b, cvt_call(w, b, kind, none, none, src, base + k)), p);
        if (!mlirTypeEqual(et, mlirF32TypeGet(w->ctx)))
            e[k] = fly_emu_irb_val(b, "arith.truncf", 1, &e[k], et, 0, NULL);
    }
    return fly_emu_irb_val(b, "vector.from_elements", 2, e, rt, 0, NULL);
}

/* rocdl.cvt.pkrtz / cvt.pk.{fp8,bf8}.f32 / cvt.pk.f32.{fp8,bf8} / cvt.f32.{fp8,bf8} (and the scaled forms above) as
 * calls of fly_emu_cvt: the replacement value, or a null value when op is none of them. The fp8 / bf8 forms convert
 * the chip's formats: gfx942's E4M3FNUZ / E5M2FNUZ, gfx950's OCP E4M3FN / E5M2 (CDNA4 ISA). */
static MlirValue lower_cvt(fly_emu_lw *w, fly_emu_irb *b, MlirOperation op, const char *name) {
    MlirValue none = {NULL};
    if (!strncmp(name, "rocdl.cvt.scalef32.", 19)) return lower_cvt_scaled(w, b, op, name);
    MlirType rt = mlirValueGetType(fly_ir_res0(op));
    if (!strcmp(name, "rocdl.cvt.pkrtz")) {
        MlirValue r =
            cvt_call(w, b, FLY_EMU_CVT_PKRTZ, mlirOperationGetOperand(op, 0), mlirOperationGetOperand(op, 1), none, 0);
        r = fly_emu_irb_val(b, "arith.trunci", 1, &r, w->i32, 0, NULL);
        MlirValue v =
            fly_emu_irb_val(b, "vector.from_elements", 1, &r, mlirVectorTypeGet(1, (int64_t[]){1}, w->i32), 0, NULL);
        return fly_emu_irb_val(b, "vector.bitcast", 1, &v, rt, 0, NULL);
    }
    bool fp8 = strstr(name, "fp8") != NULL, ocp = w->chip && !strncmp(w->chip, "gfx950", 6);
    if (!strcmp(name, "rocdl.cvt.pk.fp8.f32") || !strcmp(name, "rocdl.cvt.pk.bf8.f32")) {
        int k = ocp   ? (fp8 ? FLY_EMU_CVT_PK_FP8_OCP : FLY_EMU_CVT_PK_BF8_OCP)
                : fp8 ? FLY_EMU_CVT_PK_FP8
                      : FLY_EMU_CVT_PK_BF8;
        MlirValue r = cvt_call(w, b, k, mlirOperationGetOperand(op, 0), mlirOperationGetOperand(op, 1),
                               mlirOperationGetOperand(op, 2), int_attr(op, "wordSel") != 0);
        return fly_emu_irb_val(b, "arith.trunci", 1, &r, w->i32, 0, NULL);
    }
    int k = ocp   ? (fp8 ? FLY_EMU_CVT_F32_FP8_OCP : FLY_EMU_CVT_F32_BF8_OCP)
            : fp8 ? FLY_EMU_CVT_F32_FP8
                  : FLY_EMU_CVT_F32_BF8;
    if (!strcmp(name, "rocdl.cvt.pk.f32.fp8") || !strcmp(name, "rocdl.cvt.pk.f32.bf8")) {
        int64_t s = (int_attr(op, "wordSel") != 0) * 2;
        MlirValue src = mlirOperationGetOperand(op, 0);
        MlirValue e[2] = {f32_of(w, b, cvt_call(w, b, k, none, none, src, s)),
                          f32_of(w, b, cvt_call(w, b, k, none, none, src, s + 1))};
        return fly_emu_irb_val(b, "vector.from_elements", 2, e, rt, 0, NULL);
    }
    if (!strcmp(name, "rocdl.cvt.f32.fp8") || !strcmp(name, "rocdl.cvt.f32.bf8"))
        return f32_of(w, b, cvt_call(w, b, k, none, none, mlirOperationGetOperand(op, 0), int_attr(op, "byteSel")));
    return none;
}

static MlirValue ar2(fly_emu_lw *w, fly_emu_irb *b, const char *name, MlirValue x, MlirValue y) {
    MlirValue a[2] = {x, y};
    (void)w;
    return fly_emu_irb_val(b, name, 2, a, mlirValueGetType(x), 0, NULL);
}

static MlirValue sel3(fly_emu_lw *w, fly_emu_irb *b, int pred, MlirValue x, int64_t c, MlirValue yes, MlirValue no) {
    MlirValue cz[2] = {x, fly_emu_irb_const(b, c, mlirValueGetType(x))};
    MlirNamedAttribute p = fly_ir_named(w->ctx, "predicate", mlirIntegerAttrGet(mlirIntegerTypeGet(w->ctx, 64), pred));
    MlirValue t[3] = {fly_emu_irb_val(b, "arith.cmpi", 2, cz, mlirIntegerTypeGet(w->ctx, 1), 1, &p), yes, no};
    return fly_emu_irb_val(b, "arith.select", 3, t, mlirValueGetType(yes), 0, NULL);
}

/* llvm.amdgcn.perm(src0, src1, sel), v_perm_b32: byte i of the result is chosen by byte i of sel from the 8 bytes
 * {src0 (high), src1 (low)}: 0-7 that byte, 8-11 the sign bit of byte 1, 3, 5 or 7 (bits 15, 31, 47, 63) in all 8
 * bits, 12 zero, 13-255 0xff. As arith ops of i64, so that the lane-vector form keeps the kernel. */
static MlirValue lower_perm(fly_emu_lw *w, fly_emu_irb *b, MlirOperation op) {
    MlirValue hi = mlirOperationGetOperand(op, 0), lo = mlirOperationGetOperand(op, 1);
    MlirValue sel = mlirOperationGetOperand(op, 2);
    hi = fly_emu_irb_val(b, "arith.extui", 1, &hi, w->i64, 0, NULL);
    lo = fly_emu_irb_val(b, "arith.extui", 1, &lo, w->i64, 0, NULL);
    sel = fly_emu_irb_val(b, "arith.extui", 1, &sel, w->i64, 0, NULL);
    MlirValue in = ar2(w, b, "arith.ori", ar2(w, b, "arith.shli", hi, fly_emu_irb_const(b, 32, w->i64)), lo);
    MlirValue r = fly_emu_irb_const(b, 0, w->i64), ff = fly_emu_irb_const(b, 0xff, w->i64);
    for (int i = 0; i < 4; i++) {
        MlirValue s = ar2(w, b, "arith.andi", ar2(w, b, "arith.shrui", sel, fly_emu_irb_const(b, 8 * i, w->i64)), ff);
        MlirValue bsh = ar2(w, b, "arith.muli", ar2(w, b, "arith.andi", s, fly_emu_irb_const(b, 7, w->i64)),
                            fly_emu_irb_const(b, 8, w->i64));
        MlirValue byte = ar2(w, b, "arith.andi", ar2(w, b, "arith.shrui", in, bsh), ff);
        MlirValue ssh = ar2(w, b, "arith.addi",
                            ar2(w, b, "arith.muli", ar2(w, b, "arith.andi", s, fly_emu_irb_const(b, 3, w->i64)),
                                fly_emu_irb_const(b, 16, w->i64)),
                            fly_emu_irb_const(b, 15, w->i64));
        MlirValue sgn = ar2(w, b, "arith.andi", ar2(w, b, "arith.shrui", in, ssh), fly_emu_irb_const(b, 1, w->i64));
        sgn = ar2(w, b, "arith.muli", sgn, ff);
        MlirValue v = sel3(w, b, 0, s, 12, fly_emu_irb_const(b, 0, w->i64), ff); /* 12: 0, 13 up: 0xff */
        v = sel3(w, b, 6, s, 12, sgn, v);
        v = sel3(w, b, 6, s, 8, byte, v);
        r = ar2(w, b, "arith.ori", r, ar2(w, b, "arith.shli", v, fly_emu_irb_const(b, 8 * i, w->i64)));
    }
    return fly_emu_irb_val(b, "arith.trunci", 1, &r, mlirValueGetType(fly_ir_res0(op)), 0, NULL);
}

/* The AMDGPU math instructions (rocdl.rcp / exp2 / log / sqrt / rsq / sin / cos / tanh / exp / fmed3, or
 * llvm.call_intrinsic "llvm.amdgcn.<name>.<type>") as host math: name is the bare instruction name. The
 * replacement value, or a null value when name is none of them. v_log and v_exp are base 2; v_sin / v_cos
 * take revolutions. */
static MlirValue lower_amdgpu_math(fly_emu_lw *w, fly_emu_irb *b, MlirOperation op, const char *name) {
    MlirValue none = {NULL};
    if (mlirOperationGetNumResults(op) != 1 || mlirOperationGetNumOperands(op) < 1) return none;
    MlirType t = mlirValueGetType(fly_ir_res0(op));
    if (!mlirTypeIsAFloat(t)) return none;
    MlirValue x = mlirOperationGetOperand(op, 0);
    static const struct {
        const char *amd, *math;
    } direct[] = {{"exp2", "math.exp2"}, {"exp", "math.exp2"},  {"log", "math.log2"}, {"sqrt", "math.sqrt"},
                  {"tanh", "math.tanh"}, {"rsq", "math.rsqrt"}, {NULL, NULL}};
    for (int i = 0; direct[i].amd; i++)
        if (!strcmp(name, direct[i].amd)) return fly_emu_irb_val(b, direct[i].math, 1, &x, t, 0, NULL);
    if (!strcmp(name, "rcp")) {
        MlirNamedAttribute one = fly_ir_named(w->ctx, "value", mlirFloatAttrDoubleGet(w->ctx, t, 1.0));
        MlirValue d[2] = {fly_emu_irb_val(b, "arith.constant", 0, NULL, t, 1, &one), x};
        return fly_emu_irb_val(b, "arith.divf", 2, d, t, 0, NULL);
    }
    if (!strcmp(name, "sin") || !strcmp(name, "cos")) {
        MlirNamedAttribute tau = fly_ir_named(w->ctx, "value", mlirFloatAttrDoubleGet(w->ctx, t, 6.283185307179586));
        MlirValue m[2] = {x, fly_emu_irb_val(b, "arith.constant", 0, NULL, t, 1, &tau)};
        MlirValue r = fly_emu_irb_val(b, "arith.mulf", 2, m, t, 0, NULL);
        return fly_emu_irb_val(b, name[0] == 's' ? "math.sin" : "math.cos", 1, &r, t, 0, NULL);
    }
    if (!strcmp(name, "fmed3") && mlirOperationGetNumOperands(op) == 3) { /* max(min(a, b), min(max(a, b), c)) */
        MlirValue ab[2] = {x, mlirOperationGetOperand(op, 1)};
        MlirValue lo = fly_emu_irb_val(b, "arith.minnumf", 2, ab, t, 0, NULL);
        MlirValue hi = fly_emu_irb_val(b, "arith.maxnumf", 2, ab, t, 0, NULL);
        MlirValue hc[2] = {hi, mlirOperationGetOperand(op, 2)};
        MlirValue m2 = fly_emu_irb_val(b, "arith.minnumf", 2, hc, t, 0, NULL);
        MlirValue r[2] = {lo, m2};
        return fly_emu_irb_val(b, "arith.maxnumf", 2, r, t, 0, NULL);
    }
    return none;
}

/* llvm.amdgcn.update.dpp(old, src, dpp_ctrl, row_mask, bank_mask, bound_ctrl) (and rocdl.update.dpp, whose
 * controls are attributes): src of the lane the control picks (in this lane's row, or across the wave for
 * wave_* and row_bcast); a lane whose row or bank is masked off keeps old, one whose source leaves the row or
 * wave (row 0 for row_bcast:15, rows 0-1 for row_bcast:31, lane 0 for wave_shr:1) gets 0 with bound_ctrl, else
 * old. */
static int lower_dpp(fly_emu_lw *w, fly_emu_irb *b, MlirOperation op, MlirValue ctxv, const MlirValue *tid) {
    bool attrs = mlirOperationGetNumOperands(op) == 2;
    int64_t ctrl = 0;
    if (attrs) ctrl = int_attr(op, "dppCtrl");
    else if (mlirOperationGetNumOperands(op) != 6 || !fly_emu_const_int(mlirOperationGetOperand(op, 2), &ctrl))
        return fly_emu_lw_fail(w, "%s", "update.dpp: the dpp control must be a constant");
    if (!(ctrl <= 0xff || (ctrl >= 0x101 && ctrl <= 0x10f) || (ctrl >= 0x111 && ctrl <= 0x11f) ||
          (ctrl >= 0x121 && ctrl <= 0x12f) || ctrl == 0x130 || ctrl == 0x134 || ctrl == 0x138 || ctrl == 0x13c ||
          (ctrl >= 0x140 && ctrl <= 0x143))) {
        char m[128];
        snprintf(m, sizeof m,
                 "update.dpp: dpp control 0x%llx (gfx9's: quad_perm, row_shl/shr/ror, wave_shl/rol/shr/ror:1, the "
                 "mirrors, row_bcast:15/31)",
                 (unsigned long long)ctrl);
        return fly_emu_lw_fail(w, "%s", m);
    }
    MlirValue old = mlirOperationGetOperand(op, 0), src = mlirOperationGetOperand(op, 1);
    MlirType t = mlirValueGetType(src), i1 = mlirIntegerTypeGet(w->ctx, 1);
    MlirValue rmask, bmask, bound;
    if (attrs) {
        rmask = fly_emu_irb_const(b, int_attr(op, "rowMask"), w->i32);
        bmask = fly_emu_irb_const(b, int_attr(op, "bankMask"), w->i32);
        bound = fly_emu_irb_const(b, int_attr(op, "boundCtrl") != 0, i1);
    } else {
        rmask = mlirOperationGetOperand(op, 3), bmask = mlirOperationGetOperand(op, 4);
        bound = mlirOperationGetOperand(op, 5);
    }
    MlirValue r = fly_emu_lw_xlane(w, b, ctxv, src, fly_emu_irb_const(b, ctrl, w->i32),
                                   fly_emu_irb_const(b, 64, w->i32), FLY_EMU_X_DPP);
    if (w->failed) return -1;
    MlirValue vw = ctx_word(w, b, ctxv, FLY_EMU_CTX_XVALID);
    MlirValue valid = fly_emu_irb_val(b, "arith.trunci", 1, &vw, i1, 0, NULL);
    /* enabled = (row_mask >> lane / 16) & (bank_mask >> lane % 16 / 4) & 1 */
    MlirValue lane = lane_of(w, b, ctxv, tid);
    lane = fly_emu_irb_val(b, "arith.index_cast", 1, &lane, w->i32, 0, NULL);
    MlirValue d16[2] = {lane, fly_emu_irb_const(b, 4, w->i32)};
    MlirValue row = fly_emu_irb_val(b, "arith.shrui", 2, d16, w->i32, 0, NULL);
    MlirValue m15[2] = {lane, fly_emu_irb_const(b, 15, w->i32)};
    MlirValue in_row = fly_emu_irb_val(b, "arith.andi", 2, m15, w->i32, 0, NULL);
    MlirValue d4[2] = {in_row, fly_emu_irb_const(b, 2, w->i32)};
    MlirValue bank = fly_emu_irb_val(b, "arith.shrui", 2, d4, w->i32, 0, NULL);
    MlirValue rs[2] = {rmask, row}, bs[2] = {bmask, bank};
    MlirValue rb = fly_emu_irb_val(b, "arith.shrui", 2, rs, w->i32, 0, NULL);
    MlirValue bb = fly_emu_irb_val(b, "arith.shrui", 2, bs, w->i32, 0, NULL);
    MlirValue both[2] = {rb, bb};
    MlirValue en = fly_emu_irb_val(b, "arith.andi", 2, both, w->i32, 0, NULL);
    en = fly_emu_irb_val(b, "arith.trunci", 1, &en, i1, 0, NULL);
    MlirValue zero = fly_emu_irb_const(
        b, 0, mlirTypeIsAFloat(t) ? mlirIntegerTypeGet(w->ctx, (unsigned)mlirFloatTypeGetWidth(t)) : t);
    if (mlirTypeIsAFloat(t)) zero = fly_emu_irb_val(b, "arith.bitcast", 1, &zero, t, 0, NULL);
    MlirValue fb[3] = {bound, zero, old};
    MlirValue fallback = fly_emu_irb_val(b, "arith.select", 3, fb, t, 0, NULL);
    MlirValue pick[3] = {valid, r, fallback};
    MlirValue v = fly_emu_irb_val(b, "arith.select", 3, pick, t, 0, NULL);
    MlirValue fin[3] = {en, v, old};
    fly_emu_lw_replace(op, fly_emu_irb_val(b, "arith.select", 3, fin, t, 0, NULL));
    return 0;
}

/* Rewrites one gpu op inside the kernel body; ctxv/tid are the new function's arguments. */
static int rewrite_gpu_op(fly_emu_lw *w, MlirOperation op, MlirValue ctxv, const MlirValue *tid) {
    fly_emu_irb b = {w->ctx, mlirOperationGetBlock(op), op, mlirOperationGetLocation(op)};
    char name[64];
    int brc;
    MlirValue cv;
    fly_ir_op_name(op, name, sizeof name);
    if (!strcmp(name, "gpu.thread_id")) {
        fly_emu_lw_replace(op, tid[dim_of(op)]);
    } else if (!strcmp(name, "gpu.block_id")) {
        fly_emu_lw_replace(op, ctx_index(w, &b, ctxv, FLY_EMU_CTX_BLOCK_ID + dim_of(op)));
    } else if (!strcmp(name, "gpu.block_dim")) {
        fly_emu_lw_replace(op, ctx_index(w, &b, ctxv, FLY_EMU_CTX_BLOCK_DIM + dim_of(op)));
    } else if (!strcmp(name, "gpu.grid_dim")) {
        fly_emu_lw_replace(op, ctx_index(w, &b, ctxv, FLY_EMU_CTX_GRID_DIM + dim_of(op)));
    } else if (!strcmp(name, "gpu.lane_id")) {
        MlirValue bx = ctx_index(w, &b, ctxv, FLY_EMU_CTX_BLOCK_DIM),
                  by = ctx_index(w, &b, ctxv, FLY_EMU_CTX_BLOCK_DIM + 1);
        MlirValue t1[2] = {tid[2], by};
        MlirValue l = fly_emu_irb_val(&b, "arith.muli", 2, t1, w->idx, 0, NULL);
        MlirValue t2[2] = {l, tid[1]};
        l = fly_emu_irb_val(&b, "arith.addi", 2, t2, w->idx, 0, NULL);
        MlirValue t3[2] = {l, bx};
        l = fly_emu_irb_val(&b, "arith.muli", 2, t3, w->idx, 0, NULL);
        MlirValue t4[2] = {l, tid[0]};
        l = fly_emu_irb_val(&b, "arith.addi", 2, t4, w->idx, 0, NULL);
        MlirValue t5[2] = {l, fly_emu_irb_const(&b, 64, w->idx)};
        fly_emu_lw_replace(op, fly_emu_irb_val(&b, "arith.remui", 2, t5, w->idx, 0, NULL));
    } else if (is_sched_hint(name)) {
        mlirOperationDestroy(op); /* scheduling hints, waits and priorities change no result on the emulator */
    } else if (!strcmp(name, "gpu.barrier") || !strcmp(name, "rocdl.s.barrier") || !strcmp(name, "rocdl.barrier")) {
        w->k->syncs = 1;
        MlirValue a[2] = {ctxv, fly_emu_irb_const(&b, fly_emu_add_site(w->k, b.loc), w->i32)};
        fly_emu_irb_call(&b, "fly_emu_barrier", 2, a, fly_ir_type_null());
        mlirOperationDestroy(op);
    } else if (!strcmp(name, "gpu.shuffle")) {
        MlirAttribute ma = mlirOperationGetAttributeByName(op, fly_ir_sref("mode"));
        fly_ir_buf t = {0};
        mlirAttributePrint(ma, fly_ir_buf_callback, &t);
        const char *ms = t.data ? t.data : "";
        int mode = strstr(ms, "xor")    ? FLY_EMU_X_XOR
                   : strstr(ms, "down") ? FLY_EMU_X_DOWN
                   : strstr(ms, "up")   ? FLY_EMU_X_UP
                                        : FLY_EMU_X_IDX;
        fly_ir_buf_free(&t);
        MlirValue r = fly_emu_lw_xlane(w, &b, ctxv, mlirOperationGetOperand(op, 0), mlirOperationGetOperand(op, 1),
                                       mlirOperationGetOperand(op, 2), mode);
        if (!w->failed) {
            MlirValue vw = ctx_word(w, &b, ctxv, FLY_EMU_CTX_XVALID);
            MlirValue valid = fly_emu_irb_val(&b, "arith.trunci", 1, &vw, mlirIntegerTypeGet(w->ctx, 1), 0, NULL);
            mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), r);
            mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 1), valid);
            mlirOperationDestroy(op);
        }
    } else if (!strcmp(name, "rocdl.readlane") || !strcmp(name, "rocdl.readfirstlane") ||
               !strcmp(name, "rocdl.ds_bpermute") || !strcmp(name, "rocdl.ballot")) {
        bool rl = !strcmp(name, "rocdl.readlane"), bp = !strcmp(name, "rocdl.ds_bpermute");
        int mode = rl                              ? FLY_EMU_X_READLANE
                   : bp                            ? FLY_EMU_X_BPERMUTE
                   : !strcmp(name, "rocdl.ballot") ? FLY_EMU_X_BALLOT
                                                   : FLY_EMU_X_READFIRSTLANE;
        MlirValue v = mlirOperationGetOperand(op, bp ? 1 : 0);
        MlirValue off = rl   ? mlirOperationGetOperand(op, 1)
                        : bp ? mlirOperationGetOperand(op, 0)
                             : fly_emu_irb_const(&b, 0, w->i32);
        MlirValue r = fly_emu_lw_xlane(w, &b, ctxv, v, off, fly_emu_irb_const(&b, 64, w->i32), mode);
        if (!w->failed && mode == FLY_EMU_X_BALLOT) {
            MlirType rt = mlirValueGetType(fly_ir_res0(op));
            r = mlirTypeEqual(rt, mlirValueGetType(r)) ? r : fly_emu_irb_val(&b, "arith.trunci", 1, &r, rt, 0, NULL);
        }
        if (!w->failed) fly_emu_lw_replace(op, r);
    } else if (!strcmp(name, "rocdl.permlane16.swap") || !strcmp(name, "rocdl.permlane32.swap")) {
        MlirValue r = permlane_swap(w, &b, ctxv, tid, op, name[14] == '1' ? 16 : 32);
        if (!w->failed) fly_emu_lw_replace(op, r);
    } else if (!strcmp(name, "rocdl.ds.read.tr16.b64") || !strcmp(name, "rocdl.ds.read.tr8.b64") ||
               !strcmp(name, "rocdl.ds.read.tr4.b64")) {
        MlirValue r = fly_emu_lw_ds_read_tr(w, &b, ctxv, tid, mlirOperationGetOperand(op, 0),
                                            mlirValueGetType(fly_ir_res0(op)), name[16] == '1' ? 16 : name[16] - '0');
        if (!w->failed) fly_emu_lw_replace(op, r);
    } else if (!strcmp(name, "rocdl.ds.read.tr6.b96")) {
        MlirValue r = ds_read_tr6(w, &b, ctxv, tid, op);
        if (!w->failed) fly_emu_lw_replace(op, r);
    } else if (!strcmp(name, "rocdl.mbcnt.lo") || !strcmp(name, "rocdl.mbcnt.hi")) {
        fly_emu_lw_replace(op, mbcnt(w, &b, ctxv, tid, op, name[12] == 'h'));
    } else if (!strncmp(name, "rocdl.cvt.", 10) && !mlirValueIsNull(cv = lower_cvt(w, &b, op, name))) {
        fly_emu_lw_replace(op, cv);
    } else if (!strncmp(name, "rocdl.", 6) && !mlirValueIsNull(cv = lower_amdgpu_math(w, &b, op, name + 6))) {
        fly_emu_lw_replace(op, cv);
    } else if (!strcmp(name, "llvm.inline_asm")) {
        return fly_emu_lw_inline_asm(w, op, ctxv, tid);
    } else if (!strcmp(name, "llvm.call_intrinsic")) {
        /* "llvm.amdgcn.<name>.<type suffix>": the bare name */
        char in[96] = "";
        MlirStringRef s = mlirStringAttrGetValue(mlirOperationGetAttributeByName(op, fly_ir_sref("intrin")));
        snprintf(in, sizeof in, "%.*s", (int)s.length, s.data);
        char *bare = in + 12, *dot = strrchr(bare, '.');
        if (dot && dot != bare && (dot[1] == 'f' || dot[1] == 'i' || dot[1] == 'v')) *dot = 0;
        if (!strcmp(bare, "update.dpp")) return lower_dpp(w, &b, op, ctxv, tid);
        if (!strcmp(bare, "perm") && mlirOperationGetNumOperands(op) == 3) {
            fly_emu_lw_replace(op, lower_perm(w, &b, op));
            return 0;
        }
        if (!strcmp(bare, "s.buffer.load")) {
            if (fly_emu_lower_s_buffer_load(op, w->err, w->cap) < 0) w->failed = true;
            return w->failed ? -1 : 0;
        }
        if (!strcmp(bare, "readfirstlane") || !strcmp(bare, "readlane")) {
            bool rl = bare[4] == 'l';
            MlirValue r =
                fly_emu_lw_xlane(w, &b, ctxv, mlirOperationGetOperand(op, 0),
                                 rl ? mlirOperationGetOperand(op, 1) : fly_emu_irb_const(&b, 0, w->i32),
                                 fly_emu_irb_const(&b, 64, w->i32), rl ? FLY_EMU_X_READLANE : FLY_EMU_X_READFIRSTLANE);
            if (!w->failed) fly_emu_lw_replace(op, r);
            return w->failed ? -1 : 0;
        }
        if (mlirValueIsNull(cv = lower_amdgpu_math(w, &b, op, bare)))
            return fly_emu_lw_fail(w, "the emulator does not support the intrinsic %s yet", in);
        fly_emu_lw_replace(op, cv);
    } else if (!strcmp(name, "rocdl.update.dpp")) {
        return lower_dpp(w, &b, op, ctxv, tid);
    } else if (!strcmp(name, "rocdl.ds_swizzle")) {
        int64_t off;
        if (!fly_emu_const_int(mlirOperationGetOperand(op, 1), &off))
            return fly_emu_lw_fail(w, "%s", "rocdl.ds_swizzle: the offset must be a constant");
        off &= 0xffff;
        if ((off & 0x8000) && (off & 0xff00) != 0x8000) {
            char m[160];
            snprintf(m, sizeof m,
                     "rocdl.ds_swizzle: offset 0x%04llx is not a bitmask or quad-permute pattern (the "
                     "emulator does not support the FFT and rotate modes)",
                     (unsigned long long)off);
            return fly_emu_lw_fail(w, "%s", m);
        }
        MlirValue r = fly_emu_lw_xlane(w, &b, ctxv, mlirOperationGetOperand(op, 0), mlirOperationGetOperand(op, 1),
                                       fly_emu_irb_const(&b, 64, w->i32), FLY_EMU_X_SWIZZLE);
        if (!w->failed) fly_emu_lw_replace(op, r);
    } else if (!strncmp(name, "rocdl.mfma.", 11)) {
        w->k->syncs = 1; /* a cross-lane operation */
        if (fly_emu_lower_mfma(op, ctxv, w->chip, w->err, w->cap) < 0) {
            w->failed = true;
            return -1;
        }
    } else if (!strcmp(name, "llvm.ptrtoint") || !strcmp(name, "llvm.inttoptr")) {
        /* an LDS address as an integer is its offset in the workgroup's LDS, as on the hardware (FlyDSL's kernels
         * compute LDS addresses as i32 and turn them back into pointers) */
        MlirType i64 = mlirIntegerTypeGet(w->ctx, 64), p3 = fly_emu_irb_type(w->ctx, "!llvm.ptr<3>");
        MlirValue bp = fly_emu_irb_gep_const(&b, ctxv, FLY_EMU_CTX_LDS, i64);
        MlirValue base = fly_emu_irb_load(&b, bp, fly_emu_irb_type(w->ctx, "!llvm.ptr"), 8);
        base = fly_emu_irb_val(&b, "llvm.addrspacecast", 1, &base, p3, 0, NULL);
        MlirValue x = mlirOperationGetOperand(op, 0);
        MlirType rt = mlirValueGetType(fly_ir_res0(op));
        if (name[5] == 'p') { /* ptrtoint: p - base, in the result's width */
            MlirValue ab[2] = {fly_emu_irb_val(&b, "llvm.ptrtoint", 1, &x, i64, 0, NULL),
                               fly_emu_irb_val(&b, "llvm.ptrtoint", 1, &base, i64, 0, NULL)};
            MlirValue d = fly_emu_irb_val(&b, "arith.subi", 2, ab, i64, 0, NULL);
            if (mlirIntegerTypeGetWidth(rt) != 64) d = fly_emu_irb_val(&b, "arith.trunci", 1, &d, rt, 0, NULL);
            fly_emu_lw_replace(op, d);
        } else { /* inttoptr: base + x (zero-extended) for an LDS offset (below 1 MiB); a host address (the lowering's own
                  * pointer round trips) stays one */
            if (mlirIntegerTypeGetWidth(mlirValueGetType(x)) < 64)
                x = fly_emu_irb_val(&b, "arith.extui", 1, &x, i64, 0, NULL);
            MlirValue host = fly_emu_irb_val(&b, "llvm.inttoptr", 1, &x, p3, 0, NULL);
            MlirValue lim[2] = {x, fly_emu_irb_const(&b, (int64_t)1 << 20, i64)}; /* past any LDS (160 KiB) */
            MlirNamedAttribute pa = fly_ir_named(w->ctx, "predicate", mlirIntegerAttrGet(i64, 6)); /* ult */
            MlirValue small = fly_emu_irb_val(&b, "arith.cmpi", 2, lim, mlirIntegerTypeGet(w->ctx, 1), 1, &pa);
            int32_t dyn = INT32_MIN;
            MlirNamedAttribute ga[2] = {
                fly_ir_named(w->ctx, "rawConstantIndices", mlirDenseI32ArrayGet(w->ctx, 1, &dyn)),
                fly_ir_named(w->ctx, "elem_type", mlirTypeAttrGet(mlirIntegerTypeGet(w->ctx, 8))),
            };
            MlirValue g[2] = {base, x};
            MlirValue sel[3] = {small, fly_emu_irb_val(&b, "llvm.getelementptr", 2, g, p3, 2, ga), host};
            fly_emu_lw_replace(op, fly_emu_irb_val(&b, "arith.select", 3, sel, p3, 0, NULL));
        }
    } else if (!strcmp(name, "rocdl.raw.ptr.buffer.load.lds")) { /* the LDS address moves with the lane */
        if (fly_emu_lower_buffer_lds(op, lane_of(w, &b, ctxv, tid), w->err, w->cap) < 0) {
            w->failed = true;
            return -1;
        }
    } else if (!strcmp(name, "rocdl.global.load.lds")) { /* gfx950's GlobalLoadAsyncLDS: the same LDS side */
        if (fly_emu_lower_global_lds(op, lane_of(w, &b, ctxv, tid), w->err, w->cap) < 0) {
            w->failed = true;
            return -1;
        }
    } else if (!strncmp(name, "rocdl.", 6) && (brc = fly_emu_lower_buffer_op(op, w->err, w->cap)) != 1) {
        if (brc < 0) {
            w->failed = true;
            return -1;
        }
    } else if (!strcmp(name, "gpu.return")) {
        fly_emu_irb_op(&b, "func.return", 0, NULL, fly_ir_type_null(), 0, NULL);
        mlirOperationDestroy(op);
    } else {
        return fly_emu_lw_fail(w, "the emulator does not support %s yet", name);
    }
    return 0;
}

/* ---- signature and entry points ---- */

static void declare(fly_emu_lw *w, const char *name, int nin, const MlirType *ins, int nres, const MlirType *res) {
    fly_emu_irb b = {w->ctx, w->top, {NULL}, mlirLocationUnknownGet(w->ctx)};
    MlirType ft = mlirFunctionTypeGet(w->ctx, nin, ins, nres, res);
    MlirNamedAttribute a[3] = {
        fly_ir_named(w->ctx, "sym_name", mlirStringAttrGet(w->ctx, fly_ir_sref(name))),
        fly_ir_named(w->ctx, "function_type", mlirTypeAttrGet(ft)),
        fly_ir_named(w->ctx, "sym_visibility", mlirStringAttrGet(w->ctx, fly_ir_sref("private"))),
    };
    MlirOperationState st = mlirOperationStateGet(fly_ir_sref("func.func"), b.loc);
    mlirOperationStateAddAttributes(&st, 3, a);
    MlirRegion r = mlirRegionCreate();
    mlirOperationStateAddOwnedRegions(&st, 1, &r);
    mlirBlockAppendOwnedOperation(w->top, mlirOperationCreate(&st));
}

static MlirOperation new_func(fly_emu_lw *w, const char *name, MlirType ft, bool priv, MlirLocation loc) {
    MlirNamedAttribute a[3] = {
        fly_ir_named(w->ctx, "sym_name", mlirStringAttrGet(w->ctx, fly_ir_sref(name))),
        fly_ir_named(w->ctx, "function_type", mlirTypeAttrGet(ft)),
        fly_ir_named(w->ctx, "sym_visibility", mlirStringAttrGet(w->ctx, fly_ir_sref("private"))),
    };
    MlirOperationState st = mlirOperationStateGet(fly_ir_sref("func.func"), loc);
    mlirOperationStateAddAttributes(&st, priv ? 3 : 2, a);
    MlirRegion r = mlirRegionCreate();
    mlirOperationStateAddOwnedRegions(&st, 1, &r);
    MlirOperation f = mlirOperationCreate(&st);
    mlirBlockAppendOwnedOperation(w->top, f);
    return f;
}

/* scf.for lb..ub step 1 at b; returns the body block (ending in scf.yield, b re-pointed into it). */
static MlirValue open_for(fly_emu_lw *w, fly_emu_irb *b, MlirValue ub) {
    MlirValue ops[3] = {fly_emu_irb_const(b, 0, w->idx), ub, fly_emu_irb_const(b, 1, w->idx)};
    MlirRegion r = mlirRegionCreate();
    MlirLocation loc = b->loc;
    MlirBlock body = mlirBlockCreate(1, &w->idx, &loc);
    mlirRegionAppendOwnedBlock(r, body);
    MlirOperation y = fly_ir_op_create(loc, "scf.yield", 0, NULL, 0, NULL, 0, NULL);
    mlirBlockAppendOwnedOperation(body, y);
    MlirOperationState st = mlirOperationStateGet(fly_ir_sref("scf.for"), loc);
    mlirOperationStateAddOperands(&st, 3, ops);
    mlirOperationStateAddOwnedRegions(&st, 1, &r);
    fly_ir_op_insert(b->block, b->before, mlirOperationCreate(&st));
    b->block = body;
    b->before = y;
    return mlirBlockGetArgument(body, 0);
}

/* The entry "__fly_emu_{block,thread}_<name>"(argv, ctx). */
static void build_entry(fly_emu_lw *w, const char *kname, MlirType kft, bool loop, MlirLocation loc) {
    char name[300], callee[300];
    snprintf(name, sizeof name, "__fly_emu_%s_%s", loop ? "block" : "thread", kname);
    snprintf(callee, sizeof callee, "%s__emu", kname);
    MlirType ins[2] = {w->ptr, w->ptr};
    MlirOperation f = new_func(w, name, mlirFunctionTypeGet(w->ctx, 2, ins, 0, NULL), false, loc);
    MlirLocation locs[2] = {loc, loc};
    MlirBlock blk = mlirBlockCreate(2, ins, locs);
    mlirRegionAppendOwnedBlock(mlirOperationGetRegion(f, 0), blk);
    MlirOperation ret = fly_ir_op_create(loc, "func.return", 0, NULL, 0, NULL, 0, NULL);
    mlirBlockAppendOwnedOperation(blk, ret);
    fly_emu_irb b = {w->ctx, blk, ret, loc};
    MlirValue argv = mlirBlockGetArgument(blk, 0), ctxv = mlirBlockGetArgument(blk, 1);
    intptr_t n = mlirFunctionTypeGetNumInputs(kft);
    MlirValue *cargs = calloc((size_t)n, sizeof *cargs);
    if (!cargs) {
        fly_emu_lw_fail(w, "%s", "out of memory");
        return;
    }
    for (intptr_t i = 4; i < n; i++) {
        MlirType t = mlirFunctionTypeGetInput(kft, i);
        int ai = (int)i - 4;
        if (ai == w->k->printf_arg) {
            cargs[i] = addrspace_cast(&b, ctx_ptr(w, &b, ctxv, FLY_EMU_CTX_PRINTF), t);
            continue;
        }
        MlirValue slot = fly_emu_irb_gep_const(&b, argv, ai, w->ptr);
        MlirValue p = fly_emu_irb_load(&b, slot, w->ptr, 8);
        if (mlirTypeIsAIndex(t)) {
            MlirValue v = fly_emu_irb_load(&b, p, w->i64, 8);
            cargs[i] = fly_emu_irb_val(&b, "arith.index_cast", 1, &v, w->idx, 0, NULL);
        } else if (mlirTypeIsAMemRef(t)) {
            MlirValue q = fly_emu_irb_load(&b, p, w->ptr, 8);
            cargs[i] = fly_emu_irb_memref_from_ptr(&b, addrspace_cast(&b, q, ptr_as(w, memref_as(t))), t);
        } else {
            cargs[i] = fly_emu_irb_load(&b, p, t, 1);
        }
    }
    cargs[0] = ctxv;
    if (loop) {
        MlirValue bz = ctx_index(w, &b, ctxv, FLY_EMU_CTX_BLOCK_DIM + 2);
        MlirValue by = ctx_index(w, &b, ctxv, FLY_EMU_CTX_BLOCK_DIM + 1);
        MlirValue bx = ctx_index(w, &b, ctxv, FLY_EMU_CTX_BLOCK_DIM);
        /* each loop also records its id in the ctx's TID words (one store per thread in the
         * innermost loop), so that an access error names the thread that made it */
        for (int d = 2; d >= 0; d--) {
            cargs[1 + d] = open_for(w, &b, d == 2 ? bz : d == 1 ? by : bx);
            MlirValue id = fly_emu_irb_val(&b, "arith.index_cast", 1, &cargs[1 + d], w->i64, 0, NULL);
            fly_emu_irb_store(&b, id, fly_emu_irb_gep_const(&b, ctxv, FLY_EMU_CTX_TID + d, w->i64), 8);
        }
    } else {
        for (int d = 0; d < 3; d++) cargs[1 + d] = ctx_index(w, &b, ctxv, FLY_EMU_CTX_TID + d);
    }
    fly_emu_irb_call(&b, callee, (int)n, cargs, fly_ir_type_null());
    free(cargs);
}

static int classify_arg(fly_emu_lw *w, MlirType t, fly_emu_arg *a) {
    if (fly_emu_ptr_as(t) >= 0 || mlirTypeIsAMemRef(t)) {
        if (mlirTypeIsAMemRef(t) && !mlirShapedTypeHasStaticShape(t))
            return fly_emu_lw_fail(w, "%s: the emulator needs static shapes for memref kernel arguments", w->k->name);
        *a = (fly_emu_arg){FLY_EMU_ARG_PTR, 8};
    } else if (mlirTypeIsAIndex(t)) {
        *a = (fly_emu_arg){FLY_EMU_ARG_INT, 8};
    } else if (mlirTypeIsAInteger(t)) {
        *a = (fly_emu_arg){FLY_EMU_ARG_INT, (int)fly_emu_type_bytes(t)};
    } else if (mlirTypeIsAFloat(t)) {
        *a = (fly_emu_arg){FLY_EMU_ARG_FLOAT, (int)fly_emu_type_bytes(t)};
    } else {
        int64_t n = fly_emu_type_bytes(t);
        if (!n) return fly_emu_lw_fail(w, "%s: unsupported kernel argument type", w->k->name);
        *a = (fly_emu_arg){FLY_EMU_ARG_OTHER, (int)n};
    }
    return 0;
}

/* Workgroup attributions (block arguments after the inputs) become views of the context's LDS. */
static int carve_lds(fly_emu_lw *w, MlirBlock entry, int first, int count, MlirValue ctxv) {
    MlirOperation head = mlirBlockGetFirstOperation(entry);
    fly_emu_irb b = {w->ctx, entry, head, mlirLocationUnknownGet(w->ctx)};
    MlirValue base = count ? ctx_ptr(w, &b, ctxv, FLY_EMU_CTX_LDS) : (MlirValue){NULL};
    size_t off = 0;
    for (int i = 0; i < count; i++) {
        MlirValue a = mlirBlockGetArgument(entry, first + i);
        MlirType mt = mlirValueGetType(a);
        if (!mlirTypeIsAMemRef(mt) || !mlirShapedTypeHasStaticShape(mt))
            return fly_emu_lw_fail(w, "%s: workgroup attributions must be static memrefs", w->k->name);
        MlirType et = mlirShapedTypeGetElementType(mt);
        int64_t eb = fly_emu_type_bytes(et), bytes = eb * fly_emu_num_elements(mt);
        MlirValue p = fly_emu_irb_gep_const(&b, base, (int32_t)off, mlirIntegerTypeGet(w->ctx, 8));
        p = addrspace_cast(&b, p, ptr_as(w, memref_as(mt)));
        mlirValueReplaceAllUsesOfWith(a, fly_emu_irb_memref_from_ptr(&b, p, mt));
        off = (off + (size_t)bytes + 15) & ~(size_t)15;
    }
    for (int i = count - 1; i >= 0; i--) mlirBlockEraseArgument(entry, (unsigned)(first + i));
    w->k->lds_static = off;
    return 0;
}

static char *attr_str(MlirAttribute a) {
    MlirStringRef s = mlirStringAttrGetValue(a);
    char *r = malloc(s.length + 1);
    if (r) {
        memcpy(r, s.data, s.length);
        r[s.length] = '\0';
    }
    return r;
}

static int lower_kernel(fly_emu_lw *w, MlirOperation g) {
    fly_emu_kernel *k = w->k;
    MlirStringRef nm = mlirStringAttrGetValue(mlirOperationGetAttributeByName(g, fly_ir_sref("sym_name")));
    k->name = strndup(nm.data, nm.length);
    k->printf_arg = -1;
    MlirAttribute pa = mlirOperationGetAttributeByName(g, fly_ir_sref("fly.printf_arg"));
    if (!mlirAttributeIsNull(pa)) k->printf_arg = (int)mlirIntegerAttrGetValueInt(pa);
    MlirAttribute fa = mlirOperationGetAttributeByName(g, fly_ir_sref("fly.printf"));
    if (!mlirAttributeIsNull(fa)) {
        k->nformats = (int)mlirArrayAttrGetNumElements(fa);
        k->formats = calloc((size_t)k->nformats + 1, sizeof *k->formats);
        for (int i = 0; k->formats && i < k->nformats; i++) k->formats[i] = attr_str(mlirArrayAttrGetElement(fa, i));
    }
    MlirType ft = mlirTypeAttrGetValue(mlirOperationGetAttributeByName(g, fly_ir_sref("function_type")));
    int nin = (int)mlirFunctionTypeGetNumInputs(ft);
    if (mlirFunctionTypeGetNumResults(ft)) return fly_emu_lw_fail(w, "%s: a kernel returns no values", k->name);
    k->nargs = nin;
    k->args = calloc((size_t)nin + 1, sizeof *k->args);
    MlirType *ins = calloc((size_t)nin + 4, sizeof *ins);
    if (!k->args || !ins) {
        free(ins);
        return fly_emu_lw_fail(w, "%s", "out of memory");
    }
    ins[0] = w->ptr;
    ins[1] = ins[2] = ins[3] = w->idx;
    for (int i = 0; i < nin; i++) {
        ins[4 + i] = mlirFunctionTypeGetInput(ft, i);
        if (classify_arg(w, ins[4 + i], &k->args[i])) {
            free(ins);
            return -1;
        }
    }
    MlirAttribute wa = mlirOperationGetAttributeByName(g, fly_ir_sref("workgroup_attributions"));
    int nwg = mlirAttributeIsNull(wa) ? 0 : (int)mlirIntegerAttrGetValueInt(wa);
    char fname[300];
    snprintf(fname, sizeof fname, "%s__emu", k->name);
    MlirType nft = mlirFunctionTypeGet(w->ctx, nin + 4, ins, 0, NULL);
    free(ins);
    MlirLocation loc = mlirOperationGetLocation(g);
    MlirOperation f = new_func(w, fname, nft, true, loc);
    mlirRegionTakeBody(mlirOperationGetRegion(f, 0), mlirOperationGetRegion(g, 0));
    MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(f, 0));
    if ((int)mlirBlockGetNumArguments(entry) != nin + nwg)
        return fly_emu_lw_fail(w, "%s: private attributions are not supported by the emulator", k->name);
    MlirValue ctxv = mlirBlockInsertArgument(entry, 0, w->ptr, loc);
    MlirValue tid[3];
    for (int d = 0; d < 3; d++) tid[d] = mlirBlockInsertArgument(entry, 1 + (intptr_t)d, w->idx, loc);
    fly_emu_gpu_spaces_to_int(f);
    if (carve_lds(w, entry, 4 + nin, nwg, ctxv)) return -1;
    if (fly_emu_lower_lds(f, ctxv, &k->lds_static, k->name, w->err, w->cap)) {
        w->failed = true;
        return -1;
    }
    body_ud u = {0};
    mlirOperationWalk(f, collect_gpu, &u, MlirWalkPostOrder);
    for (int i = 0; i < u.ops.n && !w->failed; i++) rewrite_gpu_op(w, u.ops.v[i], ctxv, tid);
    fly_opvec_free(&u.ops);
    if (w->failed) return -1;
    /* one entry (a single caller: LLVM inlines the body into it) */
    build_entry(w, k->name, nft, !k->syncs, loc);
    return w->failed ? -1 : 0;
}

int fly_emu_lower_kernels(MlirModule m, const char *chip, fly_emu_lowered *out, char *err, size_t cap) {
    fly_emu_lw w = {.ctx = mlirModuleGetContext(m), .top = mlirModuleGetBody(m), .err = err, .cap = cap, .chip = chip};
    w.ptr = fly_emu_irb_type(w.ctx, "!llvm.ptr");
    w.i64 = mlirIntegerTypeGet(w.ctx, 64);
    w.i32 = mlirIntegerTypeGet(w.ctx, 32);
    w.idx = mlirIndexTypeGet(w.ctx);
    memset(out, 0, sizeof *out);
    fly_opvec mods = {0}, kernels = {0};
    for (MlirOperation op = mlirBlockGetFirstOperation(w.top); !mlirOperationIsNull(op);
         op = mlirOperationGetNextInBlock(op))
        if (fly_ir_op_is(op, "gpu.module")) fly_opvec_push(&mods, op);
    for (int i = 0; i < mods.n; i++) {
        MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(mods.v[i], 0));
        for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
             op = mlirOperationGetNextInBlock(op))
            if (fly_ir_op_is(op, "gpu.func") &&
                !mlirAttributeIsNull(mlirOperationGetAttributeByName(op, fly_ir_sref("gpu.kernel"))))
                fly_opvec_push(&kernels, op);
    }
    if (!kernels.n) fly_emu_lw_fail(&w, "%s", "the module has no gpu.func kernel");
    out->k = calloc((size_t)kernels.n + 1, sizeof *out->k);
    if (!out->k) fly_emu_lw_fail(&w, "%s", "out of memory");
    MlirType p5[5] = {w.ptr, w.i32, w.i32, w.i32, w.i32};
    if (!w.failed) {
        declare(&w, "fly_emu_barrier", 2, p5, 0, NULL);
        MlirType s5[5] = {w.ptr, w.i64, w.i32, w.i32, w.i32};
        declare(&w, "fly_emu_shfl", 5, s5, 1, &w.i64);
        declare(&w, "fly_emu_shfl_put", 5, s5, 0, NULL);
        declare(&w, "fly_emu_shfl_get", 5, s5, 1, &w.i64);
        MlirType f2[2] = {w.ptr, w.i64};
        declare(&w, "fly_emu_coro_frame", 2, f2, 1, &w.ptr);
        MlirType c5[5] = {w.ptr, w.i64, w.i64, w.i32, w.i32};
        declare(&w, "fly_emu_chk", 5, c5, 0, NULL);
        declare(&w, "fly_emu_poll", 1, p5, 0, NULL);
        MlirType r3[3] = {w.ptr, w.i64, w.i32};
        declare(&w, "fly_emu_prof", 3, r3, 0, NULL);
        MlirType d4[4] = {w.ptr, w.i64, w.i32, w.i32};
        declare(&w, "fly_emu_divchk", 4, d4, 0, NULL);
        MlirType f64 = mlirF64TypeGet(w.ctx), f32 = mlirF32TypeGet(w.ctx);
        MlirType t2[2] = {f64, w.i32}, e2[2] = {w.i32, w.i32};
        declare(&w, "fly_emu_f8_trunc", 2, t2, 1, &w.i32);
        declare(&w, "fly_emu_f8_ext", 2, e2, 1, &f32);
        MlirType v5[5] = {w.i32, f32, f32, w.i32, w.i32};
        declare(&w, "fly_emu_cvt", 5, v5, 1, &w.i64);
        declare(&w, "fly_emu_mfma_slot", 1, p5, 1, &w.ptr);
    }
    for (int i = 0; i < kernels.n && !w.failed; i++) {
        w.k = &out->k[out->n++];
        if (lower_kernel(&w, kernels.v[i]) == 0) mlirOperationDestroy(kernels.v[i]);
    }
    /* device helpers and globals move to the top module; the gpu.modules go */
    for (int i = 0; i < mods.n && !w.failed; i++) {
        MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(mods.v[i], 0));
        MlirOperation op = mlirBlockGetFirstOperation(body);
        while (!mlirOperationIsNull(op)) {
            MlirOperation next = mlirOperationGetNextInBlock(op);
            if (fly_ir_op_is(op, "gpu.func"))
                fly_emu_lw_fail(&w, "%s", "non-kernel gpu.func is not supported by the emulator");
            if (fly_emu_is_lds_global(op)) { /* each kernel's uses are views of its LDS now */
                mlirOperationDestroy(op);
                op = next;
                continue;
            }
            mlirOperationRemoveFromParent(op);
            mlirBlockAppendOwnedOperation(w.top, op);
            op = next;
        }
        mlirOperationDestroy(mods.v[i]);
    }
    fly_opvec_free(&mods);
    fly_opvec_free(&kernels);
    if (!w.failed && fly_emu_lower_fp8(m, err, cap)) w.failed = true;
    if (!w.failed) fly_emu_lower_bf16(m);
    return w.failed ? -1 : 0;
}

void fly_emu_kernel_clear(fly_emu_kernel *k) {
    free(k->name);
    free(k->args);
    for (int i = 0; i < k->nformats; i++) free(k->formats ? k->formats[i] : NULL);
    free(k->formats);
    for (int i = 0; i < k->nsites; i++) free(k->sites[i]);
    free(k->sites);
    for (int i = 0; i < k->npsites; i++) free(k->psites[i].loc);
    free(k->psites);
    memset(k, 0, sizeof *k);
}
