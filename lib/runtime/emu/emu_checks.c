/* emu_checks.c - the emulator's access checks and interrupt polls, added to each kernel body
 * after the host LLVM lowering.
 *
 * A global access becomes: a = ptrtoint p; if (a >= hits[2s] && a + n <= hits[2s+1] && a + n > a)
 * access; else { fly_emu_chk(ctx, a, n, s, flags); access }, where hits (per worker, reset each
 * launch) holds the buffer site s last hit: the common case is two loads and three compares that
 * LLVM can schedule, and the call (which finds the buffer, fills the slot, or reports the error
 * and leaves the thread) runs once per site and buffer. LDS accesses compare against the block's
 * LDS bounds. A private (register tensor) access through getelementptrs of an llvm.alloca compares the
 * byte offset the indices give with the alloca's size (no ptrtoint, so SROA still promotes allocas
 * indexed statically; constant in-range offsets add nothing). A loop back-edge (a branch to a block at or before its own: every cycle has one)
 * loads the interrupt flag and calls fly_emu_poll when it is set. A scalar integer division or
 * remainder whose divisor is 0 (or a signed MIN / -1) calls fly_emu_divchk, which reports it (unless
 * FLYI_EMU_DIVCHECK=0 at compile time: then the CPU traps and the fault handler reports it). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "passes/pass.h"
#include "runtime/emu/emu.h"
#include "runtime/emu/emu_irb.h"

enum { P_NE = 1, P_ULE = 7, P_UGT = 8, P_UGE = 9 };

typedef struct chk_ud {
    fly_opvec acc, br, div;
} chk_ud;

/* Whether op is a scalar integer division or remainder (of up to 64 bits). */
static bool is_scalar_div(MlirOperation op) {
    if (!fly_ir_op_is(op, "llvm.sdiv") && !fly_ir_op_is(op, "llvm.udiv") && !fly_ir_op_is(op, "llvm.srem") &&
        !fly_ir_op_is(op, "llvm.urem"))
        return false;
    MlirType t = mlirValueGetType(fly_ir_res0(op));
    return mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) <= 64;
}

static MlirWalkResult collect(MlirOperation op, void *user) {
    chk_ud *u = user;
    if (fly_ir_op_is(op, "llvm.load") || fly_ir_op_is(op, "llvm.store") || fly_ir_op_is(op, "llvm.atomicrmw") ||
        fly_ir_op_is(op, "llvm.cmpxchg"))
        fly_opvec_push(&u->acc, op);
    else if (is_scalar_div(op)) fly_opvec_push(&u->div, op);
    else if (mlirOperationGetNumSuccessors(op) > 0) fly_opvec_push(&u->br, op);
    return MlirWalkResultAdvance;
}

/* Position of blk in its region. */
static int block_index(MlirBlock blk) {
    int i = 0;
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirBlockGetParentRegion(blk)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b), i++)
        if (mlirBlockEqual(b, blk)) return i;
    return -1;
}

static bool is_back_edge(MlirOperation br) {
    MlirBlock own = mlirOperationGetBlock(br);
    int me = block_index(own);
    for (intptr_t i = 0; i < mlirOperationGetNumSuccessors(br); i++) {
        MlirBlock s = mlirOperationGetSuccessor(br, i);
        if (mlirRegionEqual(mlirBlockGetParentRegion(s), mlirBlockGetParentRegion(own)) && block_index(s) <= me)
            return true;
    }
    return false;
}

/* Before op: if (!ok) call callee(args) (a cold block appended to the region), then op. */
static void guard(fly_emu_irb *b, MlirOperation op, MlirValue ok, const char *callee, int nargs,
                  const MlirValue *args) {
    MlirBlock blk = mlirOperationGetBlock(op);
    MlirBlock cont = fly_emu_irb_split(blk, op);
    MlirBlock slow = mlirBlockCreate(0, NULL, NULL);
    mlirRegionAppendOwnedBlock(mlirBlockGetParentRegion(blk), slow);
    fly_emu_irb sb = {b->ctx, slow, {NULL}, b->loc};
    fly_emu_irb_llcall(&sb, callee, nargs, args);
    fly_emu_irb_br(&sb, cont);
    fly_emu_irb eb = {b->ctx, blk, {NULL}, b->loc};
    fly_emu_irb_cond_br(&eb, ok, cont, slow, 1 << 20, 1);
}

/* A ctx word loaded at the top of the entry block, marked invariant (constant during a launch). */
static MlirValue ctx_word(fly_emu_irb *eb, MlirValue ctxv, int word, MlirType t) {
    MlirValue p = fly_emu_irb_gep_const(eb, ctxv, word, mlirIntegerTypeGet(eb->ctx, 64));
    MlirValue v = fly_emu_irb_load(eb, p, t, 8);
    mlirOperationSetAttributeByName(mlirOpResultGetOwner(v), fly_ir_sref("invariant"), mlirUnitAttrGet(eb->ctx));
    return v;
}

/* The llvm.alloca that private pointer p is a getelementptr chain (single-index, element types of known
 * size) of, with the chain's byte offset as an i64 value built before op (*off; NULL when constant, in
 * *coff); null when p is not such a pointer. */
static MlirOperation priv_root(fly_emu_irb *b, MlirValue p, MlirValue *off, int64_t *coff) {
    MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
    *off = (MlirValue){NULL};
    *coff = 0;
    for (int depth = 0; depth < 32 && mlirValueIsAOpResult(p); depth++) {
        MlirOperation d = mlirOpResultGetOwner(p);
        if (fly_ir_op_is(d, "llvm.alloca")) return d;
        if (!fly_ir_op_is(d, "llvm.getelementptr")) break;
        MlirAttribute raw = mlirOperationGetAttributeByName(d, fly_ir_sref("rawConstantIndices"));
        MlirAttribute et = mlirOperationGetAttributeByName(d, fly_ir_sref("elem_type"));
        if (mlirAttributeIsNull(raw) || mlirAttributeIsNull(et) || mlirDenseArrayGetNumElements(raw) != 1) break;
        int64_t sz = fly_emu_type_bytes(mlirTypeAttrGetValue(et));
        if (sz <= 0) break;
        int32_t ci = mlirDenseI32ArrayGetElement(raw, 0);
        if (ci != INT32_MIN) {
            *coff += (int64_t)ci * sz;
        } else {
            if (mlirOperationGetNumOperands(d) != 2) break;
            MlirValue ix = mlirOperationGetOperand(d, 1);
            MlirType it = mlirValueGetType(ix);
            if (!mlirTypeIsAInteger(it) || mlirIntegerTypeGetWidth(it) > 64) break;
            if (mlirIntegerTypeGetWidth(it) < 64) ix = fly_emu_irb_val(b, "llvm.sext", 1, &ix, i64, 0, NULL);
            MlirValue t = fly_emu_irb_bin(b, "llvm.mul", ix, fly_emu_irb_llconst(b, sz, i64));
            *off = mlirValueIsNull(*off) ? t : fly_emu_irb_bin(b, "llvm.add", *off, t);
        }
        p = mlirOperationGetOperand(d, 0);
    }
    return (MlirOperation){NULL};
}

/* A private access through an alloca: if (off >u size - n) fly_emu_chk(ctx, off, n, site, REG | size << 8). */
static void check_private(fly_emu_kernel *k, MlirContext ctx, MlirOperation op, MlirValue p, int64_t bytes, bool store,
                          MlirValue ctxv) {
    MlirType i64 = mlirIntegerTypeGet(ctx, 64), i32 = mlirIntegerTypeGet(ctx, 32);
    fly_emu_irb b = {ctx, mlirOperationGetBlock(op), op, mlirOperationGetLocation(op)};
    MlirValue off;
    int64_t coff;
    MlirOperation al = priv_root(&b, p, &off, &coff);
    if (mlirOperationIsNull(al) || mlirOperationGetNumOperands(al) != 1) return;
    MlirValue cnt = mlirOperationGetOperand(al, 0);
    MlirAttribute et = mlirOperationGetAttributeByName(al, fly_ir_sref("elem_type"));
    if (!mlirValueIsAOpResult(cnt) || mlirAttributeIsNull(et)) return;
    MlirOperation cop = mlirOpResultGetOwner(cnt);
    MlirAttribute cv = mlirOperationGetAttributeByName(cop, fly_ir_sref("value"));
    if (!fly_ir_op_is(cop, "llvm.mlir.constant") || mlirAttributeIsNull(cv) || !mlirAttributeIsAInteger(cv)) return;
    int64_t size = mlirIntegerAttrGetValueInt(cv) * fly_emu_type_bytes(mlirTypeAttrGetValue(et));
    if (size <= 0 || size >= ((int64_t)1 << 23)) return;
    int flags = FLY_EMU_ACC_REG | (store ? FLY_EMU_ACC_STORE : 0) | (int)(size << 8);
    int fits = bytes <= size;
    if (mlirValueIsNull(off) && fits && coff >= 0 && coff <= size - bytes) return; /* in range statically */
    int site = fly_emu_add_site(k, b.loc);
    MlirValue o = fly_emu_irb_llconst(&b, coff, i64);
    if (!mlirValueIsNull(off)) o = coff ? fly_emu_irb_bin(&b, "llvm.add", off, o) : off;
    MlirValue ok = fly_emu_irb_icmp(&b, P_ULE, o, fly_emu_irb_llconst(&b, fits ? size - bytes : -1, i64));
    if (!fits) ok = fly_emu_irb_icmp(&b, P_NE, o, o); /* always false */
    MlirValue args[5] = {ctxv, o, fly_emu_irb_llconst(&b, bytes, i64), fly_emu_irb_llconst(&b, site, i32),
                         fly_emu_irb_llconst(&b, flags, i32)};
    guard(&b, op, ok, "fly_emu_chk", 5, args);
}

static void check_access(fly_emu_kernel *k, MlirContext ctx, MlirOperation op, MlirValue ctxv, MlirValue hits,
                         MlirValue lds_lo, MlirValue lds_hi) {
    MlirType i64 = mlirIntegerTypeGet(ctx, 64), i32 = mlirIntegerTypeGet(ctx, 32);
    bool store = fly_ir_op_is(op, "llvm.store");
    bool atomic = fly_ir_op_is(op, "llvm.atomicrmw") || fly_ir_op_is(op, "llvm.cmpxchg");
    MlirValue p = mlirOperationGetOperand(op, store ? 1 : 0);
    int as = fly_emu_ptr_as(mlirValueGetType(p));
    if (as != 1 && as != 3 && as != 5) return;
    MlirType vt = store ? mlirValueGetType(mlirOperationGetOperand(op, 0))
                        : mlirValueGetType(atomic ? mlirOperationGetOperand(op, 1) : fly_ir_res0(op));
    int64_t bytes = fly_emu_type_bytes(vt);
    if (!bytes) bytes = 1;
    if (as == 5) {
        check_private(k, ctx, op, p, bytes, store || atomic, ctxv);
        return;
    }
    int flags = (store ? FLY_EMU_ACC_STORE : 0) | (as == 3 ? FLY_EMU_ACC_LDS : 0) | (atomic ? FLY_EMU_ACC_ATOMIC : 0);
    fly_emu_irb b = {ctx, mlirOperationGetBlock(op), op, mlirOperationGetLocation(op)};
    int site = fly_emu_add_site(k, b.loc);
    MlirValue a = fly_emu_irb_val(&b, "llvm.ptrtoint", 1, &p, i64, 0, NULL);
    MlirValue nb = fly_emu_irb_llconst(&b, bytes, i64);
    MlirValue e = fly_emu_irb_bin(&b, "llvm.add", a, nb);
    MlirValue lo = lds_lo, hi = lds_hi;
    if (as == 1) {
        lo = fly_emu_irb_load(&b, fly_emu_irb_gep_const(&b, hits, 2 * site, i64), i64, 8);
        hi = fly_emu_irb_load(&b, fly_emu_irb_gep_const(&b, hits, 2 * site + 1, i64), i64, 8);
    }
    MlirValue ok =
        fly_emu_irb_bin(&b, "llvm.and", fly_emu_irb_icmp(&b, P_UGE, a, lo), fly_emu_irb_icmp(&b, P_ULE, e, hi));
    ok = fly_emu_irb_bin(&b, "llvm.and", ok, fly_emu_irb_icmp(&b, P_UGT, e, a));
    MlirValue args[5] = {ctxv, a, nb, fly_emu_irb_llconst(&b, site, i32), fly_emu_irb_llconst(&b, flags, i32)};
    guard(&b, op, ok, "fly_emu_chk", 5, args);
}

/* A division or remainder: if (d == 0 || (signed && n == MIN && d == -1)) fly_emu_divchk(ctx, d, site,
 * flags) (which reports the error and leaves the thread) before it: the CPU would trap (SIGFPE) where
 * the GPU gives a defined value, and the error names the DSL line. */
static void check_div(fly_emu_kernel *k, MlirContext ctx, MlirOperation op, MlirValue ctxv) {
    MlirType i64 = mlirIntegerTypeGet(ctx, 64), i32 = mlirIntegerTypeGet(ctx, 32);
    bool sgn = fly_ir_op_is(op, "llvm.sdiv") || fly_ir_op_is(op, "llvm.srem");
    bool rem = fly_ir_op_is(op, "llvm.srem") || fly_ir_op_is(op, "llvm.urem");
    MlirValue n = mlirOperationGetOperand(op, 0), d = mlirOperationGetOperand(op, 1);
    MlirType t = mlirValueGetType(d);
    unsigned w = mlirIntegerTypeGetWidth(t);
    fly_emu_irb b = {ctx, mlirOperationGetBlock(op), op, mlirOperationGetLocation(op)};
    int site = fly_emu_add_site(k, b.loc);
    MlirValue ok = fly_emu_irb_icmp(&b, P_NE, d, fly_emu_irb_llconst(&b, 0, t));
    if (sgn && w > 1) {
        int64_t min = w == 64 ? INT64_MIN : -((int64_t)1 << (w - 1));
        MlirValue no_ovf =
            fly_emu_irb_bin(&b, "llvm.or", fly_emu_irb_icmp(&b, P_NE, n, fly_emu_irb_llconst(&b, min, t)),
                            fly_emu_irb_icmp(&b, P_NE, d, fly_emu_irb_llconst(&b, -1, t)));
        ok = fly_emu_irb_bin(&b, "llvm.and", ok, no_ovf);
    }
    MlirValue d64 = d;
    if (w < 64) d64 = fly_emu_irb_val(&b, sgn ? "llvm.sext" : "llvm.zext", 1, &d, i64, 0, NULL);
    int flags = (sgn ? FLY_EMU_DIV_SIGNED : 0) | (rem ? FLY_EMU_DIV_REM : 0) | (int)w << 8;
    MlirValue args[4] = {ctxv, d64, fly_emu_irb_llconst(&b, site, i32), fly_emu_irb_llconst(&b, flags, i32)};
    guard(&b, op, ok, "fly_emu_divchk", 4, args);
}

static void poll_edge(MlirContext ctx, MlirOperation br, MlirValue ctxv, MlirValue flagp) {
    MlirType i32 = mlirIntegerTypeGet(ctx, 32);
    fly_emu_irb b = {ctx, mlirOperationGetBlock(br), br, mlirOperationGetLocation(br)};
    MlirValue f = fly_emu_irb_load(&b, flagp, i32, 4);
    mlirOperationSetAttributeByName(mlirOpResultGetOwner(f), fly_ir_sref("volatile_"), mlirUnitAttrGet(ctx));
    MlirValue ok = fly_emu_irb_icmp(&b, 0, f, fly_emu_irb_llconst(&b, 0, i32));
    guard(&b, br, ok, "fly_emu_poll", 1, &ctxv);
}

int fly_emu_insert_checks(MlirModule m, fly_emu_lowered *out, char *err, size_t cap) {
    MlirContext ctx = mlirModuleGetContext(m);
    MlirType i64 = mlirIntegerTypeGet(ctx, 64), ptr = fly_emu_irb_type(ctx, "!llvm.ptr");
    for (int i = 0; i < out->n; i++) {
        fly_emu_kernel *k = &out->k[i];
        MlirOperation f = fly_emu_irb_kernel_body(m, k->name, err, cap);
        if (mlirOperationIsNull(f)) return -1;
        MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(f, 0));
        MlirValue ctxv = mlirBlockGetArgument(entry, 0);
        chk_ud u = {0};
        mlirOperationWalk(f, collect, &u, MlirWalkPreOrder);
        fly_emu_irb eb = {ctx, entry, mlirBlockGetFirstOperation(entry), mlirOperationGetLocation(f)};
        MlirValue hits = ctx_word(&eb, ctxv, FLY_EMU_CTX_HITS, ptr);
        MlirValue lds_lo = ctx_word(&eb, ctxv, FLY_EMU_CTX_LDS_LO, i64);
        MlirValue lds_hi = ctx_word(&eb, ctxv, FLY_EMU_CTX_LDS_HI, i64);
        MlirValue flagp = ctx_word(&eb, ctxv, FLY_EMU_CTX_INTR, ptr);
        /* back-edges first (block positions are those of the lowering), then the accesses in
         * reverse so that each split moves only the ops up to the previous one */
        fly_opvec back = {0};
        for (int j = 0; j < u.br.n; j++)
            if (is_back_edge(u.br.v[j])) fly_opvec_push(&back, u.br.v[j]);
        for (int j = 0; j < back.n; j++) poll_edge(ctx, back.v[j], ctxv, flagp);
        for (int j = u.acc.n - 1; j >= 0; j--) check_access(k, ctx, u.acc.v[j], ctxv, hits, lds_lo, lds_hi);
        /* FLYI_EMU_DIVCHECK=0: no division checks (the CPU's trap reaches the fault handler) */
        const char *dc = getenv("FLYI_EMU_DIVCHECK");
        for (int j = u.div.n - 1; j >= 0 && !(dc && !strcmp(dc, "0")); j--) check_div(k, ctx, u.div.v[j], ctxv);
        fly_opvec_free(&u.div);
        fly_opvec_free(&back);
        fly_opvec_free(&u.acc);
        fly_opvec_free(&u.br);
    }
    return 0;
}
