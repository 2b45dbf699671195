/* emu_vec.c - the lane-vector form of a synchronising kernel: "<name>__vec" runs a whole block, each phase
 * (the code between two barriers) for one wave of 64 lanes at a time as vector<64 x T> operations.
 *
 * It is built from the structured body "<name>__emu" (emu_lower.c, before the host lowering) beside it;
 * the runtime takes it for 1-D blocks of a multiple of 64 threads (else, and for anything this file does
 * not handle, the phase loop of emu_phase.c runs). Values that depend on the thread id are vectors over
 * the wave's lanes, the others stay scalars; an scf.if on a lane-dependent condition runs both arms under
 * masks (its results are selects, an arm without results is skipped when no lane takes it); scf.for
 * needs uniform bounds; loads and stores with lane-dependent indices are masked vector loads and stores
 * when the lanes' elements are consecutive, else gathers and scatters; an xor butterfly shuffle is a
 * vector shuffle. A barrier may only sit at the top of the body or in uniform scf.for loops there: each
 * run of ops between barriers becomes a loop over the waves, and the values one run defines and a later
 * one uses move through per-wave slots. Uniform ops without side effects run once per run, before its
 * wave loop.
 *
 * Each access checks the lowest and highest address of its active lanes against the range its site last
 * hit (the scalar checks' cache, emu_checks.c); a miss calls fly_emu_vchk, which checks lane by lane in
 * lane order, naming the lane as the running thread, through the scalar slow path (fly_emu_chk): the error
 * names the thread and the DSL line as the phase loop does. The lanes of a wave run in lock step, as on
 * the hardware: a kernel that reads a value another lane writes in the same phase sees the write when it
 * comes earlier in program order; when several threads fault, the one reported is the first lane at the
 * first faulting access of the first wave (the phase loop reports the first thread at its first fault).
 *
 * FLYI_EMU_VEC_OFF=1 (and FLYI_EMU_CORO / FLYI_EMU_FIBERS, profiles) keep the per-thread phase loop. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "passes/pass.h"
#include "runtime/emu/emu.h"
#include "runtime/emu/emu_irb.h"

#define VW 64   /* lanes of a wave */
#define MAXW 16 /* waves of the largest block (1024 threads) */

/* What is known of an old value (of the __emu body). */
typedef struct vent {
    MlirValue nv;    /* its value in the new function, where visible */
    MlirValue cbase; /* lane-dependent and consecutive: the uniform index of lane 0 (index type); else null */
    MlirValue slot;  /* its per-wave slot (a memref), when a later run uses it */
    int vary;        /* depends on the thread id */
    int seg;         /* the run that defines it; -1: visible everywhere (arguments, hoisted uniform ops) */
    int spill;       /* used by another run */
    int reloaded;    /* the run that last reloaded it from its slot, + 1 */
    MlirValue lane0; /* a lane-dependent pointer (nv: the lanes' addresses) of consecutive lanes: lane 0's */
    MlirValue guard; /* and the i1 that says the lanes do not wrap (null: always) */
    int64_t pstride; /* the bytes between lanes of lane0 */
} vent;

typedef struct vx {
    MlirContext ctx;
    fly_emu_kernel *k;
    MlirType idx, i1, i64, i32, ptr;
    const void **keys;
    int *vals;
    size_t cap, n;
    vent *e;
    int ne, cape;
    bool bad;
    char why[160];
    int nseg, cur;                       /* numbering of the runs */
    MlirValue octx, tx, ctxv, nw, iota, wb, w, scratch, scratch2, stval, ones, c0, c1;
    MlirBlock fentry;
    MlirOperation first; /* the new entry's first op: slots go before it */
} vx;

static void bad(vx *x, const char *why, MlirOperation op) {
    if (x->bad) return;
    x->bad = true;
    char nm[64] = "";
    if (!mlirOperationIsNull(op)) fly_ir_op_name(op, nm, sizeof nm);
    snprintf(x->why, sizeof x->why, "%s%s%s", why, nm[0] ? ": " : "", nm);
    const char *w = getenv("FLYI_EMU_VEC_WHY");
    if (w && !strcmp(w, "3") && !mlirOperationIsNull(op)) {
        char *t = fly_ir_op_print(op, true, false);
        fprintf(stderr, "emu: lane-vector form stops at: %s\n", t ? t : "");
        free(t);
    }
}

/* ---- the map of old values ---- */

static size_t vhash(const void *p, size_t cap) {
    return (size_t)(((uintptr_t)p >> 3) * 0x9E3779B97F4A7C15ull) & (cap - 1);
}

static vent *get(vx *x, MlirValue v) {
    if (!x->cap) return NULL;
    for (size_t i = vhash(v.ptr, x->cap);; i = (i + 1) & (x->cap - 1)) {
        if (!x->keys[i]) return NULL;
        if (x->keys[i] == v.ptr) return &x->e[x->vals[i]];
    }
}

static vent *add(vx *x, MlirValue v) {
    vent *old = get(x, v);
    if (old) return old;
    if ((x->n + 1) * 2 > x->cap) {
        size_t nc = x->cap ? x->cap * 2 : 512;
        const void **k = calloc(nc, sizeof *k);
        int *vl = calloc(nc, sizeof *vl);
        if (!k || !vl) {
            free(k);
            free(vl);
            bad(x, "out of memory", (MlirOperation){NULL});
            return NULL;
        }
        for (size_t i = 0; i < x->cap; i++)
            if (x->keys[i]) {
                size_t j = vhash(x->keys[i], nc);
                while (k[j]) j = (j + 1) & (nc - 1);
                k[j] = x->keys[i];
                vl[j] = x->vals[i];
            }
        free(x->keys);
        free(x->vals);
        x->keys = k;
        x->vals = vl;
        x->cap = nc;
    }
    if (x->ne == x->cape) {
        int nc = x->cape ? x->cape * 2 : 512;
        vent *ne = realloc(x->e, sizeof *ne * (size_t)nc);
        if (!ne) {
            bad(x, "out of memory", (MlirOperation){NULL});
            return NULL;
        }
        x->e = ne;
        x->cape = nc;
    }
    size_t i = vhash(v.ptr, x->cap);
    while (x->keys[i]) i = (i + 1) & (x->cap - 1);
    x->keys[i] = v.ptr;
    x->vals[i] = x->ne;
    x->n++;
    x->e[x->ne] = (vent){.seg = -1};
    return &x->e[x->ne++];
}

static bool vary(vx *x, MlirValue v) {
    vent *e = get(x, v);
    return e && e->vary;
}

/* ---- small queries ---- */

static bool is(MlirOperation op, const char *name) { return fly_ir_op_is(op, name); }

static bool prefix(MlirOperation op, const char *p) {
    char nm[64];
    fly_ir_op_name(op, nm, sizeof nm);
    return !strncmp(nm, p, strlen(p));
}

static bool is_call(MlirOperation op, const char *callee) {
    if (!is(op, "func.call")) return false;
    MlirAttribute a = mlirOperationGetAttributeByName(op, fly_ir_sref("callee"));
    return !mlirAttributeIsNull(a) && fly_ir_sref_eq(mlirFlatSymbolRefAttrGetValue(a), callee);
}

static bool scalar_type(MlirType t) { return mlirTypeIsAInteger(t) || mlirTypeIsAFloat(t) || mlirTypeIsAIndex(t); }

static MlirType vec_of(vx *x, MlirType t) {
    (void)x;
    int64_t n = VW;
    return mlirVectorTypeGet(1, &n, t);
}

static bool has_barrier(MlirOperation op) {
    if (is_call(op, "fly_emu_barrier")) return true;
    for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); r++)
        for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b);
             b = mlirBlockGetNextInRegion(b))
            for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o);
                 o = mlirOperationGetNextInBlock(o))
                if (has_barrier(o)) return true;
    return false;
}

/* Memrefs the vector form reads and writes: rank 1, identity layout, scalar elements. */
static bool plain_memref(MlirType t) {
    if (!mlirTypeIsAMemRef(t) || mlirShapedTypeGetRank(t) != 1) return false;
    if (!scalar_type(mlirShapedTypeGetElementType(t)) || !fly_emu_type_bytes(mlirShapedTypeGetElementType(t)))
        return false;
    return mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(t));
}

static bool lds_memref(MlirType t) {
    MlirAttribute s = mlirMemRefTypeGetMemorySpace(t);
    return !mlirAttributeIsNull(s) && mlirAttributeIsAInteger(s) && mlirIntegerAttrGetValueInt(s) == 3;
}

/* A ctx word load (emu_lower's block ids and dims, the LDS pointer): uniform, no side effect. */
static bool ctx_load(vx *x, MlirOperation op, int *word) {
    MlirValue a = mlirOperationGetOperand(op, 0);
    *word = 0;
    if (mlirValueEqual(a, x->octx)) return true;
    if (!mlirValueIsAOpResult(a) || !is(mlirOpResultGetOwner(a), "llvm.getelementptr")) return false;
    MlirOperation g = mlirOpResultGetOwner(a);
    if (mlirOperationGetNumOperands(g) != 1 || !mlirValueEqual(mlirOperationGetOperand(g, 0), x->octx)) return false;
    MlirAttribute ri = mlirOperationGetAttributeByName(g, fly_ir_sref("rawConstantIndices"));
    if (mlirAttributeIsNull(ri) || mlirDenseArrayGetNumElements(ri) != 1) return false;
    *word = mlirDenseI32ArrayGetElement(ri, 0);
    return true;
}

/* An llvm.load / llvm.store that is neither atomic nor volatile. */
static bool plain_access(MlirOperation op) {
    if (!mlirAttributeIsNull(mlirOperationGetAttributeByName(op, fly_ir_sref("volatile_")))) return false;
    MlirAttribute o = mlirOperationGetAttributeByName(op, fly_ir_sref("ordering"));
    if (mlirAttributeIsNull(o)) return true;
    if (mlirAttributeIsAInteger(o)) return mlirIntegerAttrGetValueInt(o) == 0; /* not_atomic */
    fly_ir_buf t = {0};
    mlirAttributePrint(o, fly_ir_buf_callback, &t);
    bool na = t.data && strstr(t.data, "not_atomic");
    fly_ir_buf_free(&t);
    return na;
}

static bool is_div(MlirOperation op) {
    return is(op, "arith.divui") || is(op, "arith.divsi") || is(op, "arith.remui") || is(op, "arith.remsi") ||
           is(op, "arith.ceildivsi") || is(op, "arith.ceildivui") || is(op, "arith.floordivsi");
}

/* ---- analysis: which values depend on the thread id (a fixed point over loops and branches) ---- */

static bool mark(vx *x, MlirValue v, bool on) {
    vent *e = add(x, v);
    if (!e || !on || e->vary) return false;
    e->vary = 1;
    return true;
}

static bool vary_block(vx *x, MlirBlock b);

static MlirBlock region_block(MlirOperation op, int r) {
    return mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
}

static bool vary_op(vx *x, MlirOperation op) {
    bool ch = false;
    intptr_t nr = mlirOperationGetNumResults(op);
    if (is(op, "scf.if")) {
        bool c = vary(x, mlirOperationGetOperand(op, 0));
        for (int r = 0; r < 2; r++) {
            MlirBlock b = region_block(op, r);
            if (mlirBlockIsNull(b)) continue;
            ch |= vary_block(x, b);
            MlirOperation y = mlirBlockGetTerminator(b);
            for (intptr_t i = 0; i < nr && !mlirOperationIsNull(y); i++)
                ch |= mark(x, mlirOperationGetResult(op, i), c || vary(x, mlirOperationGetOperand(y, i)));
        }
        for (intptr_t i = 0; i < nr; i++) ch |= mark(x, mlirOperationGetResult(op, i), c);
        return ch;
    }
    if (is(op, "scf.for")) {
        MlirBlock b = region_block(op, 0);
        ch |= mark(x, mlirBlockGetArgument(b, 0), false);
        for (intptr_t i = 0; i < nr; i++) {
            bool v = vary(x, mlirOperationGetOperand(op, 3 + i));
            ch |= mark(x, mlirBlockGetArgument(b, 1 + i), v);
        }
        ch |= vary_block(x, b);
        MlirOperation y = mlirBlockGetTerminator(b);
        for (intptr_t i = 0; i < nr; i++) {
            bool v = vary(x, mlirOperationGetOperand(y, i)) || vary(x, mlirBlockGetArgument(b, 1 + i));
            ch |= mark(x, mlirBlockGetArgument(b, 1 + i), v);
            ch |= mark(x, mlirOperationGetResult(op, i), v);
        }
        return ch;
    }
    bool v = false;
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); i++) v |= vary(x, mlirOperationGetOperand(op, i));
    for (intptr_t i = 0; i < nr; i++) ch |= mark(x, mlirOperationGetResult(op, i), v);
    return ch;
}

static bool vary_block(vx *x, MlirBlock b) {
    bool ch = false;
    for (intptr_t i = 0; i < mlirBlockGetNumArguments(b); i++) add(x, mlirBlockGetArgument(b, i));
    for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op);
         op = mlirOperationGetNextInBlock(op))
        ch |= vary_op(x, op);
    return ch;
}

/* ---- analysis: what the vector form handles; the runs and the values that cross them ---- */

static void scan_block(vx *x, MlirBlock b, bool level, bool divergent);

static void note_uses(vx *x, MlirOperation op) {
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); i++) {
        vent *e = get(x, mlirOperationGetOperand(op, i));
        if (e && e->seg >= 0 && e->seg != x->cur) e->spill = 1;
    }
}

static void set_seg(vx *x, MlirOperation op, int seg) {
    for (intptr_t i = 0; i < mlirOperationGetNumResults(op); i++) {
        vent *e = add(x, mlirOperationGetResult(op, i));
        if (e) e->seg = seg;
    }
}

static void scan_op(vx *x, MlirOperation op, bool level, bool divergent) {
    note_uses(x, op);
    for (intptr_t i = 0; i < mlirOperationGetNumResults(op); i++) {
        MlirValue r = mlirOperationGetResult(op, i);
        if (vary(x, r) && !scalar_type(mlirValueGetType(r)) && !is(op, "llvm.getelementptr"))
            bad(x, "a lane-dependent value of non-scalar type", op);
    }
    if (is(op, "scf.if")) {
        if (has_barrier(op)) bad(x, "a barrier under a branch", op);
        bool dv = divergent || vary(x, mlirOperationGetOperand(op, 0));
        for (int r = 0; r < 2; r++)
            if (!mlirBlockIsNull(region_block(op, r))) scan_block(x, region_block(op, r), false, dv);
        return;
    }
    if (is(op, "scf.for")) {
        for (int i = 0; i < 3; i++)
            if (vary(x, mlirOperationGetOperand(op, i))) bad(x, "a loop with lane-dependent bounds", op);
        MlirBlock b = region_block(op, 0);
        bool bar = has_barrier(op);
        if (bar && (!level || mlirOperationGetNumResults(op)))
            bad(x, "a barrier in a nested loop or one with results", op);
        if (bar) {
            for (int i = 0; i < 3; i++) {
                vent *e = get(x, mlirOperationGetOperand(op, i));
                if (!e || e->seg >= 0) bad(x, "a barrier loop whose bounds are computed in a phase", op);
            }
            vent *iv = add(x, mlirBlockGetArgument(b, 0));
            if (iv) iv->seg = -1;
        } else {
            for (intptr_t i = 0; i < mlirBlockGetNumArguments(b); i++) {
                vent *e = add(x, mlirBlockGetArgument(b, i));
                if (e) e->seg = x->cur;
            }
        }
        scan_block(x, b, bar, divergent);
        return;
    }
    if (mlirOperationGetNumRegions(op)) {
        bad(x, "an op with regions", op);
        return;
    }
    if (is_call(op, "fly_emu_barrier")) {
        if (!level) bad(x, "a barrier under a branch", op);
        return;
    }
    if (is_call(op, "fly_emu_shfl")) {
        int64_t off, wd, mode;
        if (divergent) bad(x, "a cross-lane operation under a lane-dependent branch", op);
        if (!fly_emu_const_int(mlirOperationGetOperand(op, 2), &off) ||
            !fly_emu_const_int(mlirOperationGetOperand(op, 3), &wd) ||
            !fly_emu_const_int(mlirOperationGetOperand(op, 4), &mode) || mode != FLY_EMU_X_XOR || wd <= 0 || wd > VW ||
            (wd & (wd - 1)) || off < 0 || off >= wd)
            bad(x, "a cross-lane operation other than an xor butterfly with constant operands", op);
        return;
    }
    if (is(op, "memref.load") || is(op, "memref.store")) {
        bool ld = is(op, "memref.load");
        MlirValue m = mlirOperationGetOperand(op, ld ? 0 : 1);
        if (mlirOperationGetNumOperands(op) != (ld ? 2 : 3) || !plain_memref(mlirValueGetType(m)) || vary(x, m))
            bad(x, "an access to a memref of rank other than 1 or with a layout", op);
        return;
    }
    if (is(op, "llvm.load") || is(op, "llvm.store")) {
        int w;
        bool ld = is(op, "llvm.load");
        if (ld && ctx_load(x, op, &w)) return;
        MlirType vt = ld ? mlirValueGetType(fly_ir_res0(op)) : mlirValueGetType(mlirOperationGetOperand(op, 0));
        if (!scalar_type(vt) || mlirTypeIsAIndex(vt) || !fly_emu_type_bytes(vt) || !plain_access(op) ||
            fly_emu_ptr_as(mlirValueGetType(mlirOperationGetOperand(op, ld ? 0 : 1))) < 0)
            bad(x, "an llvm access of other than a plain scalar", op);
        return;
    }
    if (is(op, "llvm.getelementptr") &&
        (vary(x, mlirOperationGetOperand(op, 0)) ||
         (mlirOperationGetNumOperands(op) > 1 && vary(x, mlirOperationGetOperand(op, 1))))) {
        MlirAttribute ri = mlirOperationGetAttributeByName(op, fly_ir_sref("rawConstantIndices"));
        MlirAttribute et = mlirOperationGetAttributeByName(op, fly_ir_sref("elem_type"));
        bool vb = vary(x, mlirOperationGetOperand(op, 0)),
             one = !mlirAttributeIsNull(ri) && mlirDenseArrayGetNumElements(ri) == 1;
        int32_t k0 = one ? mlirDenseI32ArrayGetElement(ri, 0) : 0;
        bool ok = one && !mlirAttributeIsNull(et) && scalar_type(mlirTypeAttrGetValue(et)) &&
                  fly_emu_type_bytes(mlirTypeAttrGetValue(et)) > 0 &&
                  (vb ? mlirOperationGetNumOperands(op) == 1 && k0 != INT32_MIN
                      : mlirOperationGetNumOperands(op) == 2 && k0 == INT32_MIN &&
                            scalar_type(mlirValueGetType(mlirOperationGetOperand(op, 1))));
        if (!ok) bad(x, "a lane-dependent address other than base[index] of scalars", op);
        return;
    }
    if (is(op, "func.return") || is(op, "scf.yield")) return;
    bool anyv = false;
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); i++) anyv |= vary(x, mlirOperationGetOperand(op, i));
    if (is_div(op)) {
        int64_t d;
        bool sgn =
            is(op, "arith.divsi") || is(op, "arith.remsi") || is(op, "arith.ceildivsi") || is(op, "arith.floordivsi");
        if (!fly_emu_const_int(mlirOperationGetOperand(op, 1), &d) || d == 0 || (sgn && d == -1))
            bad(x, "an integer division by a non-constant", op);
    }
    if (prefix(op, "arith.") || prefix(op, "math.")) {
        if (is(op, "arith.constant") && anyv) bad(x, "?", op);
        return;
    }
    if (anyv) {
        bad(x, "a lane-dependent operand of", op);
        return;
    }
    if (prefix(op, "llvm.mlir.") || is(op, "llvm.getelementptr") || is(op, "llvm.addrspacecast") ||
        is(op, "llvm.insertvalue") || is(op, "llvm.extractvalue") || is(op, "llvm.bitcast") ||
        is(op, "llvm.ptrtoint") || is(op, "llvm.inttoptr") || is(op, "builtin.unrealized_conversion_cast") ||
        is(op, "memref.extract_aligned_pointer_as_index") || is(op, "memref.extract_strided_metadata") ||
        is(op, "memref.reinterpret_cast") || is(op, "memref.cast") || is(op, "memref.view"))
        return;
    bad(x, "unsupported op", op);
}

/* Numbers the runs of a barrier level (the body, a barrier loop's body); marks hoisted uniform ops. */
static void scan_block(vx *x, MlirBlock b, bool level, bool divergent) {
    if (level) x->cur = x->nseg++;
    for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op) && !x->bad;
         op = mlirOperationGetNextInBlock(op)) {
        bool bar_for = level && is(op, "scf.for") && has_barrier(op);
        if (level && is_call(op, "fly_emu_barrier")) {
            x->cur = x->nseg++;
            continue;
        }
        if (bar_for) {
            note_uses(x, op);
            scan_op(x, op, level, divergent);
            x->cur = x->nseg++;
            continue;
        }
        /* a uniform op without regions or side effects whose operands are visible everywhere: hoisted */
        int cw;
        bool hoist = level && mlirOperationGetNumResults(op) && !mlirOperationGetNumRegions(op) &&
                     !is(op, "memref.load") && !is(op, "func.call") && !(is(op, "llvm.load") && !ctx_load(x, op, &cw));
        for (intptr_t i = 0; hoist && i < mlirOperationGetNumOperands(op); i++) {
            vent *e = get(x, mlirOperationGetOperand(op, i));
            hoist = e && !e->vary && e->seg < 0;
        }
        for (intptr_t i = 0; hoist && i < mlirOperationGetNumResults(op); i++)
            hoist = !vary(x, mlirOperationGetResult(op, i));
        scan_op(x, op, level, divergent);
        set_seg(x, op, hoist ? -1 : x->cur);
    }
}

/* ---- building ---- */

static MlirValue val(fly_emu_irb *b, const char *name, int n, const MlirValue *ops, MlirType t) {
    return fly_emu_irb_val(b, name, n, ops, t, 0, NULL);
}

static MlirValue bin(fly_emu_irb *b, const char *name, MlirValue p, MlirValue q) {
    MlirValue o[2] = {p, q};
    return val(b, name, 2, o, mlirValueGetType(p));
}

static MlirValue cmpi(vx *x, fly_emu_irb *b, int pred, MlirValue p, MlirValue q) {
    MlirValue o[2] = {p, q};
    MlirType t = mlirValueGetType(p);
    MlirType rt = mlirTypeIsAVector(t) ? vec_of(x, x->i1) : x->i1;
    MlirNamedAttribute a = fly_ir_named(x->ctx, "predicate", mlirIntegerAttrGet(x->i64, pred));
    return fly_emu_irb_val(b, "arith.cmpi", 2, o, rt, 1, &a);
}
enum { CMP_EQ = 0, CMP_NE = 1, CMP_ULT = 6, CMP_ULE = 7, CMP_UGT = 8, CMP_UGE = 9 };

static MlirValue bcast(vx *x, fly_emu_irb *b, MlirValue s) {
    return val(b, "vector.broadcast", 1, &s, vec_of(x, mlirValueGetType(s)));
}

static MlirValue cast(fly_emu_irb *b, const char *name, MlirValue v, MlirType t) { return val(b, name, 1, &v, t); }

/* The new form of old value v; as a vector when want_vec. */
static MlirValue use(vx *x, fly_emu_irb *b, MlirValue v, bool want_vec) {
    vent *e = get(x, v);
    if (!e || mlirValueIsNull(e->nv)) {
        bad(x, "a value used before it is defined", (MlirOperation){NULL});
        return x->c0;
    }
    return want_vec && !e->vary ? bcast(x, b, e->nv) : e->nv;
}

static void put(vx *x, MlirValue old, MlirValue nv, bool isvec, MlirValue cbase) {
    vent *e = add(x, old);
    if (!e) return;
    e->nv = nv;
    e->vary = isvec;
    e->cbase = cbase;
    e->lane0 = e->guard = (MlirValue){NULL};
    e->pstride = 0;
}

static MlirValue reduce(vx *x, fly_emu_irb *b, const char *kind, MlirValue v) {
    char a[48];
    snprintf(a, sizeof a, "#vector.kind<%s>", kind);
    MlirNamedAttribute at = fly_ir_named(x->ctx, "kind", mlirAttributeParseGet(x->ctx, fly_ir_sref(a)));
    MlirType et = mlirShapedTypeGetElementType(mlirValueGetType(v));
    return fly_emu_irb_val(b, "vector.reduction", 1, &v, et, 1, &at);
}

static MlirValue any_of(vx *x, fly_emu_irb *b, MlirValue mask) { return reduce(x, b, "or", mask); }

/* scf.if cond without results; b moves into its then block. */
static void open_if(vx *x, fly_emu_irb *b, MlirValue cond) {
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
static MlirValue open_for(vx *x, fly_emu_irb *b, MlirValue lb, MlirValue ub, MlirValue step) {
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
static MlirValue base_addr(vx *x, fly_emu_irb *b, MlirValue m) {
    MlirValue p = cast(b, "memref.extract_aligned_pointer_as_index", m, x->idx);
    return cast(b, "arith.index_cast", p, x->i64);
}

static MlirValue i64c(vx *x, fly_emu_irb *b, int64_t v) { return fly_emu_irb_const(b, v, x->i64); }

static MlirValue ctx_i64(vx *x, fly_emu_irb *b, int word) {
    return fly_emu_irb_load(b, fly_emu_irb_gep_const(b, x->ctxv, word, x->i64), x->i64, 8);
}

static MlirNamedAttribute align_attr(vx *x, int64_t a, MlirType t) {
    return fly_ir_named(x->ctx, "alignment", mlirIntegerAttrGet(t, a));
}

/* The check of one access of the active lanes: [lo, hi + bytes) inside the range the site last hit, else
 * fly_emu_vchk with each lane's address (addrs: the lanes' vector, or first + lane * stride). */
static void check(vx *x, fly_emu_irb *b, MlirLocation loc, MlirValue lo, MlirValue hi, MlirValue addrs, MlirValue first,
                  int64_t stride, MlirValue mask, int64_t bytes, bool lds, bool store, MlirValue guard) {
    int site = fly_emu_add_site(x->k, loc);
    MlirValue hlo, hhi;
    if (lds) {
        hlo = ctx_i64(x, b, FLY_EMU_CTX_LDS_LO);
        hhi = ctx_i64(x, b, FLY_EMU_CTX_LDS_HI);
    } else {
        MlirValue hits = fly_emu_irb_ctx_load(b, x->ctxv, FLY_EMU_CTX_HITS, x->ptr);
        hlo = fly_emu_irb_load(b, fly_emu_irb_gep_const(b, hits, 2 * site, x->i64), x->i64, 8);
        hhi = fly_emu_irb_load(b, fly_emu_irb_gep_const(b, hits, 2 * site + 1, x->i64), x->i64, 8);
    }
    MlirValue e = bin(b, "arith.addi", hi, i64c(x, b, bytes));
    MlirValue ok = bin(b, "arith.andi", cmpi(x, b, CMP_UGE, lo, hlo), cmpi(x, b, CMP_ULE, e, hhi));
    ok = bin(b, "arith.andi", ok, cmpi(x, b, CMP_UGT, e, hi));
    if (!mlirValueIsNull(guard)) ok = bin(b, "arith.andi", ok, guard);
    MlirValue miss = bin(b, "arith.xori", ok, fly_emu_irb_const(b, 1, x->i1));
    fly_emu_irb in = *b;
    open_if(x, &in, miss);
    MlirValue ap = i64c(x, &in, 0);
    if (!mlirValueIsNull(addrs)) {
        MlirValue so[3] = {addrs, x->scratch, x->c0};
        fly_emu_irb_op(&in, "vector.store", 3, so, fly_ir_type_null(), 0, NULL);
        ap = base_addr(x, &in, x->scratch);
        first = i64c(x, &in, 0);
    }
    MlirValue vals = i64c(x, &in, 0);
    if (store && !mlirValueIsNull(x->stval)) { /* the values, so that the lanes before a faulting one store */
        vals = base_addr(x, &in, x->scratch2);
        MlirValue o[2] = {x->stval, cast(&in, "llvm.inttoptr", vals, x->ptr)};
        MlirNamedAttribute al = align_attr(x, 1, x->i64); /* the slot is only 8-byte aligned */
        fly_emu_irb_op(&in, "llvm.store", 2, o, fly_ir_type_null(), 1, &al);
    }
    /* one address for the wave (no vector, stride 0): lane 0 stands for it */
    MlirValue bits = !mlirValueIsNull(mask)                  ? cast(&in, "llvm.bitcast", mask, x->i64)
                     : mlirValueIsNull(addrs) && stride == 0 ? i64c(x, &in, 1)
                                                             : i64c(x, &in, -1);
    MlirValue t0 = cast(&in, "arith.index_cast", x->wb, x->i64);
    int flags = (lds ? FLY_EMU_ACC_LDS : 0) | (store ? FLY_EMU_ACC_STORE : 0) | (stride < 0 ? FLY_EMU_VCHK_CONSEC : 0);
    MlirValue a[10] = {x->ctxv,
                       ap,
                       first,
                       i64c(x, &in, stride < 0 ? 0 : stride),
                       bits,
                       t0,
                       i64c(x, &in, bytes),
                       fly_emu_irb_const(&in, site, x->i32),
                       fly_emu_irb_const(&in, flags, x->i32),
                       vals};
    fly_emu_irb_call(&in, "fly_emu_vchk", 10, a, fly_ir_type_null());
}

/* The lanes' addresses of an access at index vector iv (index) of m. */
static MlirValue lane_addrs(vx *x, fly_emu_irb *b, MlirValue base, MlirValue iv, int64_t esz) {
    MlirValue i = cast(b, "arith.index_cast", iv, vec_of(x, x->i64));
    i = bin(b, "arith.muli", i, bcast(x, b, i64c(x, b, esz)));
    return bin(b, "arith.addi", i, bcast(x, b, base));
}

/* lo, hi of the active lanes' addresses (no lane: lo > hi, which passes the check). */
static void lane_range(vx *x, fly_emu_irb *b, MlirValue addrs, MlirValue mask, MlirValue *lo, MlirValue *hi) {
    if (mlirValueIsNull(mask)) {
        *lo = reduce(x, b, "minui", addrs);
        *hi = reduce(x, b, "maxui", addrs);
        return;
    }
    MlirValue s1[3] = {mask, addrs, bcast(x, b, i64c(x, b, -1))};
    *lo = reduce(x, b, "minui", val(b, "arith.select", 3, s1, mlirValueGetType(addrs)));
    MlirValue s2[3] = {mask, addrs, bcast(x, b, i64c(x, b, 0))};
    *hi = reduce(x, b, "maxui", val(b, "arith.select", 3, s2, mlirValueGetType(addrs)));
}

static MlirValue zero_of(vx *x, fly_emu_irb *b, MlirType t) {
    MlirAttribute z = mlirTypeIsAFloat(t) ? mlirFloatAttrDoubleGet(x->ctx, t, 0.0) : mlirIntegerAttrGet(t, 0);
    MlirNamedAttribute a = fly_ir_named(x->ctx, "value", z);
    return fly_emu_irb_val(b, "arith.constant", 0, NULL, t, 1, &a);
}

static void gen_access(vx *x, fly_emu_irb *b, MlirOperation op, MlirValue mask) {
    bool ld = is(op, "memref.load");
    MlirValue m = use(x, b, mlirOperationGetOperand(op, ld ? 0 : 1), false);
    MlirValue iold = mlirOperationGetOperand(op, ld ? 1 : 2);
    MlirType mt = mlirValueGetType(m), et = mlirShapedTypeGetElementType(mt);
    int64_t esz = fly_emu_type_bytes(et);
    bool lds = lds_memref(mt);
    MlirLocation loc = mlirOperationGetLocation(op);
    MlirValue base = base_addr(x, b, m);
    vent *ie = get(x, iold);
    bool vi = ie && ie->vary, vv = !ld && vary(x, mlirOperationGetOperand(op, 0));
    if (!vi && !vv && mlirValueIsNull(mask)) { /* one access for the whole wave */
        MlirValue i = use(x, b, iold, false);
        MlirValue a =
            bin(b, "arith.addi", base, bin(b, "arith.muli", cast(b, "arith.index_cast", i, x->i64), i64c(x, b, esz)));
        x->stval = ld ? (MlirValue){NULL} : use(x, b, mlirOperationGetOperand(op, 0), false);
        check(x, b, loc, a, a, (MlirValue){NULL}, a, 0, (MlirValue){NULL}, esz, lds, !ld, (MlirValue){NULL});
        if (ld) {
            MlirValue o[2] = {m, i};
            put(x, fly_ir_res0(op), val(b, "memref.load", 2, o, et), false, (MlirValue){NULL});
        } else {
            MlirValue o[3] = {use(x, b, mlirOperationGetOperand(op, 0), false), m, i};
            fly_emu_irb_op(b, "memref.store", 3, o, fly_ir_type_null(), 0, NULL);
        }
        return;
    }
    MlirValue iv = use(x, b, iold, true);
    MlirValue cb = vi ? ie->cbase : (MlirValue){NULL};
    MlirValue lo, hi, addrs = {NULL}, first = {NULL};
    int64_t stride = 0;
    if (!mlirValueIsNull(cb) && mlirValueIsNull(mask)) {
        lo = bin(b, "arith.addi", base, bin(b, "arith.muli", cast(b, "arith.index_cast", cb, x->i64), i64c(x, b, esz)));
        hi = bin(b, "arith.addi", lo, i64c(x, b, esz * (VW - 1)));
        first = lo;
        stride = esz;
    } else {
        addrs = lane_addrs(x, b, base, iv, esz);
        lane_range(x, b, addrs, mask, &lo, &hi);
    }
    x->stval = ld ? (MlirValue){NULL} : use(x, b, mlirOperationGetOperand(op, 0), true);
    check(x, b, loc, lo, hi, addrs, first, stride, mask, esz, lds, !ld, (MlirValue){NULL});
    MlirType vt = vec_of(x, et);
    MlirValue mk = mlirValueIsNull(mask) ? x->ones : mask;
    if (ld) {
        MlirValue r;
        if (!mlirValueIsNull(cb) && mlirValueIsNull(mask)) {
            MlirValue o[2] = {m, cb};
            r = val(b, "vector.load", 2, o, vt);
        } else if (!mlirValueIsNull(cb)) {
            MlirValue o[4] = {m, cb, mk, bcast(x, b, zero_of(x, b, et))};
            r = val(b, "vector.maskedload", 4, o, vt);
        } else {
            MlirValue o[5] = {m, x->c0, iv, mk, bcast(x, b, zero_of(x, b, et))};
            r = val(b, "vector.gather", 5, o, vt);
        }
        put(x, fly_ir_res0(op), r, true, (MlirValue){NULL});
        return;
    }
    MlirValue v = use(x, b, mlirOperationGetOperand(op, 0), true);
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

/* llvm.load / llvm.store through a pointer (not the context's). */
static void gen_llaccess(vx *x, fly_emu_irb *b, MlirOperation op, MlirValue mask) {
    bool ld = is(op, "llvm.load");
    MlirValue pold = mlirOperationGetOperand(op, ld ? 0 : 1);
    MlirType pt = mlirValueGetType(pold);
    MlirType et = ld ? mlirValueGetType(fly_ir_res0(op)) : mlirValueGetType(mlirOperationGetOperand(op, 0));
    int64_t esz = fly_emu_type_bytes(et);
    bool lds = fly_emu_ptr_as(pt) == 3;
    MlirLocation loc = mlirOperationGetLocation(op);
    vent *pe = get(x, pold);
    bool vp = pe && pe->vary, vv = !ld && vary(x, mlirOperationGetOperand(op, 0));
    if (!vp && !vv && mlirValueIsNull(mask)) { /* one access for the wave */
        MlirValue p = use(x, b, pold, false);
        MlirValue a = cast(b, "llvm.ptrtoint", p, x->i64);
        x->stval = ld ? (MlirValue){NULL} : use(x, b, mlirOperationGetOperand(op, 0), false);
        check(x, b, loc, a, a, (MlirValue){NULL}, a, 0, (MlirValue){NULL}, esz, lds, !ld, (MlirValue){NULL});
        MlirOperation c = mlirOperationClone(op);
        for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); i++)
            mlirOperationSetOperand(c, i, use(x, b, mlirOperationGetOperand(op, i), false));
        fly_ir_op_insert(b->block, b->before, c);
        if (ld) put(x, fly_ir_res0(op), fly_ir_res0(c), false, (MlirValue){NULL});
        return;
    }
    MlirValue addrs = vp ? pe->nv : bcast(x, b, cast(b, "llvm.ptrtoint", use(x, b, pold, false), x->i64));
    bool consec = vp && !mlirValueIsNull(pe->lane0) && pe->pstride == esz;
    MlirValue lane0 = consec ? pe->lane0 : (MlirValue){NULL}, guard = consec ? pe->guard : (MlirValue){NULL};
    MlirValue lo, hi;
    if (consec && mlirValueIsNull(mask)) {
        lo = cast(b, "llvm.ptrtoint", lane0, x->i64);
        hi = bin(b, "arith.addi", lo, i64c(x, b, esz * (VW - 1)));
    } else {
        lane_range(x, b, addrs, mask, &lo, &hi);
    }
    x->stval = ld ? (MlirValue){NULL} : use(x, b, mlirOperationGetOperand(op, 0), true);
    check(x, b, loc, lo, hi, addrs, (MlirValue){NULL}, consec ? -1 : 0, mask, esz, lds, !ld, guard);
    MlirType vt = vec_of(x, et), i32 = x->i32;
    MlirValue mk = mlirValueIsNull(mask) ? x->ones : mask;
    MlirValue ptrs = {NULL};
    if (!consec) {
        int64_t n = VW;
        ptrs = cast(b, "llvm.inttoptr", addrs, mlirVectorTypeGet(1, &n, pt));
    }
    MlirNamedAttribute al64 = align_attr(x, esz, x->i64), al32 = align_attr(x, esz, i32);
    if (ld) {
        MlirValue r;
        if (consec && mlirValueIsNull(mask)) {
            r = fly_emu_irb_val(b, "llvm.load", 1, &lane0, vt, 1, &al64);
        } else if (consec) {
            MlirValue o[3] = {lane0, mk, bcast(x, b, zero_of(x, b, et))};
            r = fly_emu_irb_val(b, "llvm.intr.masked.load", 3, o, vt, 1, &al32);
        } else {
            MlirValue o[3] = {ptrs, mk, bcast(x, b, zero_of(x, b, et))};
            r = fly_emu_irb_val(b, "llvm.intr.masked.gather", 3, o, vt, 1, &al32);
        }
        put(x, fly_ir_res0(op), r, true, (MlirValue){NULL});
        return;
    }
    MlirValue v = use(x, b, mlirOperationGetOperand(op, 0), true);
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
static void gen_gep(vx *x, fly_emu_irb *b, MlirOperation op) {
    MlirType et = mlirTypeAttrGetValue(mlirOperationGetAttributeByName(op, fly_ir_sref("elem_type")));
    int64_t esz = fly_emu_type_bytes(et);
    MlirValue r = fly_ir_res0(op);
    vent *be = get(x, mlirOperationGetOperand(op, 0));
    if (be && be->vary) {
        int64_t k =
            mlirDenseI32ArrayGetElement(mlirOperationGetAttributeByName(op, fly_ir_sref("rawConstantIndices")), 0);
        MlirValue a = bin(b, "arith.addi", be->nv, bcast(x, b, i64c(x, b, k * esz)));
        MlirValue l0 = be->lane0, g = be->guard;
        int64_t ps = be->pstride;
        if (!mlirValueIsNull(l0)) {
            MlirOperation c = mlirOperationClone(op);
            mlirOperationSetOperand(c, 0, l0);
            fly_ir_op_insert(b->block, b->before, c);
            l0 = fly_ir_res0(c);
        }
        put(x, r, a, true, (MlirValue){NULL});
        vent *e = get(x, r);
        e->lane0 = l0, e->guard = g, e->pstride = ps;
        return;
    }
    MlirValue base = use(x, b, mlirOperationGetOperand(op, 0), false);
    MlirValue iold = mlirOperationGetOperand(op, 1);
    MlirType it = mlirValueGetType(iold);
    MlirValue iv = use(x, b, iold, true);
    MlirValue i64v = mlirTypeIsAIndex(it)               ? cast(b, "arith.index_cast", iv, vec_of(x, x->i64))
                     : mlirIntegerTypeGetWidth(it) < 64 ? cast(b, "arith.extsi", iv, vec_of(x, x->i64))
                                                        : iv; /* GEP indices are signed */
    MlirValue a = bin(b, "arith.muli", i64v, bcast(x, b, i64c(x, b, esz)));
    a = bin(b, "arith.addi", a, bcast(x, b, cast(b, "llvm.ptrtoint", base, x->i64)));
    vent *ie = get(x, iold);
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
            g = cmpi(x, b, 3 /* sle */, cb, fly_emu_irb_const(b, mx, it));
        }
    }
    put(x, r, a, true, (MlirValue){NULL});
    vent *e = get(x, r);
    e->lane0 = l0, e->guard = g, e->pstride = mlirValueIsNull(l0) ? 0 : esz;
}

static void gen_block(vx *x, fly_emu_irb *b, MlirBlock ob, MlirValue mask);

/* The yielded values of old block ob (generated at b), as vectors where res_vary says. */
static void yields(vx *x, fly_emu_irb *b, MlirBlock ob, int n, const bool *res_vary, MlirValue *out) {
    MlirOperation y = mlirBlockGetTerminator(ob);
    for (int i = 0; i < n; i++) out[i] = use(x, b, mlirOperationGetOperand(y, i), res_vary[i]);
}

static MlirType new_type(vx *x, MlirValue old) {
    MlirType t = mlirValueGetType(old);
    return vary(x, old) ? vec_of(x, t) : t;
}

static void gen_if(vx *x, fly_emu_irb *b, MlirOperation op, MlirValue mask) {
    int nr = (int)mlirOperationGetNumResults(op);
    MlirValue cold = mlirOperationGetOperand(op, 0);
    MlirBlock ob[2] = {region_block(op, 0), region_block(op, 1)};
    bool rv[16];
    MlirValue yv[2][16];
    if (nr > 16) {
        bad(x, "an scf.if with more than 16 results", op);
        return;
    }
    for (int i = 0; i < nr; i++) rv[i] = vary(x, mlirOperationGetResult(op, i));
    if (!vary(x, cold)) { /* a uniform branch stays a branch */
        MlirRegion r[2] = {mlirRegionCreate(), mlirRegionCreate()};
        MlirBlock nb[2] = {{NULL}, {NULL}};
        for (int k = 0; k < 2; k++)
            if (!mlirBlockIsNull(ob[k])) {
                nb[k] = mlirBlockCreate(0, NULL, NULL);
                mlirRegionAppendOwnedBlock(r[k], nb[k]);
            }
        MlirType rt[16];
        for (int i = 0; i < nr; i++) rt[i] = new_type(x, mlirOperationGetResult(op, i));
        MlirValue c = use(x, b, cold, false);
        MlirOperationState st = mlirOperationStateGet(fly_ir_sref("scf.if"), b->loc);
        mlirOperationStateAddOperands(&st, 1, &c);
        mlirOperationStateAddResults(&st, nr, rt);
        mlirOperationStateAddOwnedRegions(&st, 2, r);
        MlirOperation nif = mlirOperationCreate(&st);
        fly_ir_op_insert(b->block, b->before, nif);
        for (int k = 0; k < 2; k++) {
            if (mlirBlockIsNull(ob[k])) continue;
            fly_emu_irb in = {x->ctx, nb[k], {NULL}, b->loc};
            gen_block(x, &in, ob[k], mask);
            yields(x, &in, ob[k], nr, rv, yv[k]);
            fly_emu_irb_op(&in, "scf.yield", nr, yv[k], fly_ir_type_null(), 0, NULL);
        }
        for (int i = 0; i < nr; i++)
            put(x, mlirOperationGetResult(op, i), mlirOperationGetResult(nif, i), rv[i], (MlirValue){NULL});
        return;
    }
    /* a lane-dependent branch: both arms under masks */
    MlirValue c = use(x, b, cold, true);
    MlirValue nc = bin(b, "arith.xori", c, x->ones);
    MlirValue mk[2] = {mlirValueIsNull(mask) ? c : bin(b, "arith.andi", mask, c),
                       mlirValueIsNull(mask) ? nc : bin(b, "arith.andi", mask, nc)};
    for (int k = 0; k < 2; k++) {
        if (mlirBlockIsNull(ob[k])) continue;
        if (!nr) { /* skipped when no lane takes it */
            fly_emu_irb in = *b;
            open_if(x, &in, any_of(x, b, mk[k]));
            gen_block(x, &in, ob[k], mk[k]);
        } else {
            gen_block(x, b, ob[k], mk[k]);
            for (int i = 0; i < nr; i++) rv[i] = true;
            yields(x, b, ob[k], nr, rv, yv[k]);
        }
    }
    for (int i = 0; i < nr; i++) {
        MlirValue s[3] = {c, yv[0][i], yv[1][i]};
        put(x, mlirOperationGetResult(op, i), val(b, "arith.select", 3, s, mlirValueGetType(yv[0][i])), true,
            (MlirValue){NULL});
    }
}

static void gen_for(vx *x, fly_emu_irb *b, MlirOperation op, MlirValue mask) {
    int nr = (int)mlirOperationGetNumResults(op);
    MlirBlock ob = region_block(op, 0);
    if (nr > 16) {
        bad(x, "an scf.for with more than 16 results", op);
        return;
    }
    MlirValue ops[19];
    MlirType rt[17];
    MlirLocation locs[17];
    bool rv[16];
    for (int i = 0; i < 3; i++) ops[i] = use(x, b, mlirOperationGetOperand(op, i), false);
    rt[0] = x->idx;
    locs[0] = b->loc;
    for (int i = 0; i < nr; i++) {
        rv[i] = vary(x, mlirBlockGetArgument(ob, 1 + i));
        ops[3 + i] = use(x, b, mlirOperationGetOperand(op, 3 + i), rv[i]);
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
    put(x, mlirBlockGetArgument(ob, 0), mlirBlockGetArgument(nb, 0), false, (MlirValue){NULL});
    for (int i = 0; i < nr; i++)
        put(x, mlirBlockGetArgument(ob, 1 + i), mlirBlockGetArgument(nb, 1 + i), rv[i], (MlirValue){NULL});
    fly_emu_irb in = {x->ctx, nb, {NULL}, b->loc};
    gen_block(x, &in, ob, mask);
    MlirValue yv[16];
    yields(x, &in, ob, nr, rv, yv);
    fly_emu_irb_op(&in, "scf.yield", nr, yv, fly_ir_type_null(), 0, NULL);
    for (int i = 0; i < nr; i++)
        put(x, mlirOperationGetResult(op, i), mlirOperationGetResult(nf, i), rv[i], (MlirValue){NULL});
}

static void gen_shfl(vx *x, fly_emu_irb *b, MlirOperation op) {
    MlirValue vold = mlirOperationGetOperand(op, 1);
    if (!vary(x, vold)) { /* every lane holds the same value */
        put(x, fly_ir_res0(op), use(x, b, vold, false), false, (MlirValue){NULL});
        return;
    }
    int64_t off = 0;
    fly_emu_const_int(mlirOperationGetOperand(op, 2), &off);
    int64_t m[VW];
    for (int l = 0; l < VW; l++) m[l] = l ^ off;
    MlirValue v = use(x, b, vold, true);
    MlirValue o[2] = {v, v};
    MlirNamedAttribute a = fly_ir_named(x->ctx, "mask", mlirDenseI64ArrayGet(x->ctx, VW, m));
    put(x, fly_ir_res0(op), fly_emu_irb_val(b, "vector.shuffle", 2, o, mlirValueGetType(v), 1, &a), true,
        (MlirValue){NULL});
}

/* An op without regions: a copy (uniform operands) or the same op over vectors. */
static void gen_plain(vx *x, fly_emu_irb *b, MlirOperation op) {
    int w;
    if (is(op, "llvm.load") && ctx_load(x, op, &w) && w == FLY_EMU_CTX_XVALID) {
        /* an xor butterfly inside its width always reads a valid lane */
        put(x, fly_ir_res0(op), fly_emu_irb_llconst(b, 1, mlirValueGetType(fly_ir_res0(op))), false, (MlirValue){NULL});
        return;
    }
    intptr_t no = mlirOperationGetNumOperands(op), nr = mlirOperationGetNumResults(op);
    bool anyv = false;
    for (intptr_t i = 0; i < no; i++) anyv |= vary(x, mlirOperationGetOperand(op, i));
    if (!anyv) {
        MlirOperation c = mlirOperationClone(op);
        for (intptr_t i = 0; i < no; i++)
            mlirOperationSetOperand(c, i, use(x, b, mlirOperationGetOperand(op, i), false));
        fly_ir_op_insert(b->block, b->before, c);
        for (intptr_t i = 0; i < nr; i++)
            put(x, mlirOperationGetResult(op, i), mlirOperationGetResult(c, i), false, (MlirValue){NULL});
        return;
    }
    MlirValue ops[8];
    MlirType rt[4];
    if (no > 8 || nr > 4) {
        bad(x, "an op with too many operands", op);
        return;
    }
    for (intptr_t i = 0; i < no; i++) ops[i] = use(x, b, mlirOperationGetOperand(op, i), true);
    for (intptr_t i = 0; i < nr; i++) rt[i] = vec_of(x, mlirValueGetType(mlirOperationGetResult(op, i)));
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
    if ((is(op, "arith.addi") || is(op, "arith.subi")) && no == 2) {
        vent *p = get(x, mlirOperationGetOperand(op, 0)), *q = get(x, mlirOperationGetOperand(op, 1));
        if (p && q && p->vary && !mlirValueIsNull(p->cbase) && !q->vary)
            cb = bin(b, is(op, "arith.addi") ? "arith.addi" : "arith.subi", p->cbase, q->nv);
        else if (p && q && q->vary && !mlirValueIsNull(q->cbase) && !p->vary && is(op, "arith.addi"))
            cb = bin(b, "arith.addi", p->nv, q->cbase);
    }
    /* index -> narrower integer: lanes stay consecutive modulo 2^width (the address's sign extension is
     * guarded where it happens) */
    if ((is(op, "arith.index_cast") || is(op, "arith.trunci")) && no == 1) {
        vent *p = get(x, mlirOperationGetOperand(op, 0));
        MlirType to = mlirValueGetType(fly_ir_res0(op)), from = mlirValueGetType(mlirOperationGetOperand(op, 0));
        bool narrows = mlirTypeIsAInteger(to) &&
                       (mlirTypeIsAIndex(from) ||
                        (mlirTypeIsAInteger(from) && mlirIntegerTypeGetWidth(from) >= mlirIntegerTypeGetWidth(to)));
        if (p && p->vary && !mlirValueIsNull(p->cbase) && narrows)
            cb = cast(b, is(op, "arith.trunci") ? "arith.trunci" : "arith.index_cast", p->cbase, to);
    }
    for (intptr_t i = 0; i < nr; i++) put(x, mlirOperationGetResult(op, i), mlirOperationGetResult(c, i), true, cb);
}

static void gen_op(vx *x, fly_emu_irb *b, MlirOperation op, MlirValue mask) {
    if (x->bad) return;
    if (is(op, "scf.if")) gen_if(x, b, op, mask);
    else if (is(op, "scf.for")) gen_for(x, b, op, mask);
    else if (is(op, "memref.load") || is(op, "memref.store")) gen_access(x, b, op, mask);
    else if (is_call(op, "fly_emu_shfl")) gen_shfl(x, b, op);
    else if ((is(op, "llvm.load") && !ctx_load(x, op, &(int){0})) || is(op, "llvm.store")) gen_llaccess(x, b, op, mask);
    else if (is(op, "llvm.getelementptr") && vary(x, fly_ir_res0(op))) gen_gep(x, b, op);
    else if (is(op, "func.call")) bad(x, "a call", op);
    else gen_plain(x, b, op);
}

static void gen_block(vx *x, fly_emu_irb *b, MlirBlock ob, MlirValue mask) {
    for (MlirOperation op = mlirBlockGetFirstOperation(ob); !mlirOperationIsNull(op) && !x->bad;
         op = mlirOperationGetNextInBlock(op))
        if (!is(op, "scf.yield") && !is(op, "func.return")) gen_op(x, b, op, mask);
}

/* The per-wave slot of old value v (made on first use, at the function's start). */
static MlirValue slot_of(vx *x, vent *e, MlirValue old) {
    if (!mlirValueIsNull(e->slot)) return e->slot;
    MlirType t = mlirValueGetType(old);
    int64_t n = MAXW;
    if (!scalar_type(t)) bad(x, "a pointer that lives across a barrier", (MlirOperation){NULL});
    MlirType et = e->vary ? vec_of(x, t) : t;
    MlirType mt = mlirMemRefTypeContiguousGet(et, 1, &n, mlirAttributeGetNull());
    fly_emu_irb fb = {x->ctx, x->fentry, x->first, mlirLocationUnknownGet(x->ctx)};
    MlirNamedAttribute a =
        fly_ir_named(x->ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(x->ctx, 2, (int32_t[]){0, 0}));
    e->slot = fly_emu_irb_val(&fb, "memref.alloca", 0, NULL, mt, 1, &a);
    return e->slot;
}

/* Whether old value v is an arith op over the thread id and hoisted values (depth-limited): computed again
 * in a later run instead of reloaded, so that the lanes' consecutive indices stay known. */
static bool remat(vx *x, MlirValue v, int depth) {
    vent *e = get(x, v);
    if (!e) return false;
    if (mlirValueEqual(v, x->tx) || e->seg < 0) return true;
    if (depth > 6 || !mlirValueIsAOpResult(v)) return false;
    MlirOperation d = mlirOpResultGetOwner(v);
    if ((!prefix(d, "arith.") && !is(d, "llvm.getelementptr")) || mlirOperationGetNumRegions(d) ||
        mlirOperationGetNumResults(d) != 1)
        return false;
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(d); i++)
        if (!remat(x, mlirOperationGetOperand(d, i), depth + 1)) return false;
    return true;
}

static void gen_op(vx *x, fly_emu_irb *b, MlirOperation op, MlirValue mask);

static void regen(vx *x, fly_emu_irb *b, MlirValue v) {
    vent *e = get(x, v);
    if (mlirValueEqual(v, x->tx) || e->seg < 0 || e->reloaded == x->cur + 1) return;
    MlirOperation d = mlirOpResultGetOwner(v);
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(d); i++) regen(x, b, mlirOperationGetOperand(d, i));
    gen_op(x, b, d, (MlirValue){NULL});
    e = get(x, v);
    e->reloaded = x->cur + 1;
}

/* Reloads the values of other runs that ops (nested included) use, at the wave body's start. */
static void reload_uses(vx *x, fly_emu_irb *b, MlirOperation op) {
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); i++) {
        MlirValue o = mlirOperationGetOperand(op, i);
        vent *e = get(x, o);
        if (!e || e->seg < 0 || e->seg == x->cur || e->reloaded == x->cur + 1) continue;
        if (remat(x, o, 0)) {
            regen(x, b, o);
            continue;
        }
        if (mlirValueIsNull(e->slot)) {
            bad(x, "a value of an earlier phase without a slot", op);
            return;
        }
        MlirValue lo[2] = {e->slot, x->w};
        MlirType t = mlirValueGetType(o);
        e->nv = val(b, "memref.load", 2, lo, e->vary ? vec_of(x, t) : t);
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

static bool hoisted(vx *x, MlirOperation op) {
    if (!mlirOperationGetNumResults(op)) return false;
    vent *e = get(x, fly_ir_res0(op));
    return e && e->seg < 0;
}

/* One run of ops (between barriers): the hoisted ones at b, the rest in a loop over the waves. */
static void gen_run(vx *x, fly_emu_irb *b, MlirOperation *ops, int n) {
    bool rest = false;
    for (int i = 0; i < n && !x->bad; i++) {
        if (hoisted(x, ops[i])) gen_op(x, b, ops[i], (MlirValue){NULL});
        else rest = true;
    }
    if (!rest || x->bad) return;
    /* slots first, so that the reloads of later runs find them */
    for (int i = 0; i < n; i++)
        if (!hoisted(x, ops[i]))
            for (intptr_t r = 0; r < mlirOperationGetNumResults(ops[i]); r++) {
                vent *e = get(x, mlirOperationGetResult(ops[i], r));
                if (e && e->spill) slot_of(x, e, mlirOperationGetResult(ops[i], r));
            }
    fly_emu_irb in = *b;
    x->w = open_for(x, &in, x->c0, x->nw, x->c1);
    x->wb = bin(&in, "arith.muli", x->w, fly_emu_irb_const(&in, VW, x->idx));
    put(x, x->tx, bin(&in, "arith.addi", bcast(x, &in, x->wb), x->iota), true, x->wb); /* lanes wb, wb + 1, ... */
    for (int i = 0; i < n; i++)
        if (!hoisted(x, ops[i])) reload_uses(x, &in, ops[i]);
    for (int i = 0; i < n && !x->bad; i++) {
        if (hoisted(x, ops[i])) continue;
        gen_op(x, &in, ops[i], (MlirValue){NULL});
        for (intptr_t r = 0; r < mlirOperationGetNumResults(ops[i]) && !x->bad; r++) {
            vent *e = get(x, mlirOperationGetResult(ops[i], r));
            if (!e || !e->spill) continue;
            MlirValue so[3] = {e->nv, e->slot, x->w};
            fly_emu_irb_op(&in, "memref.store", 3, so, fly_ir_type_null(), 0, NULL);
        }
    }
}

static void gen_level(vx *x, fly_emu_irb *b, MlirBlock ob, MlirValue tx);

/* A barrier level: runs separated by barriers and barrier loops. */
static void gen_level(vx *x, fly_emu_irb *b, MlirBlock ob, MlirValue tx) {
    fly_opvec run = {0};
    x->cur = x->nseg++;
    for (MlirOperation op = mlirBlockGetFirstOperation(ob);; op = mlirOperationGetNextInBlock(op)) {
        bool end = mlirOperationIsNull(op) || is(op, "scf.yield") || is(op, "func.return");
        bool bar = !end && is_call(op, "fly_emu_barrier");
        bool bfor = !end && is(op, "scf.for") && has_barrier(op);
        if (end || bar || bfor) {
            gen_run(x, b, run.v, run.n);
            run.n = 0;
        }
        if (end || x->bad) break;
        if (bar) {
            x->cur = x->nseg++;
        } else if (bfor) {
            fly_emu_irb in = *b;
            MlirValue o[3];
            for (int i = 0; i < 3; i++) o[i] = use(x, b, mlirOperationGetOperand(op, i), false);
            MlirValue iv = open_for(x, &in, o[0], o[1], o[2]);
            MlirBlock body = region_block(op, 0);
            put(x, mlirBlockGetArgument(body, 0), iv, false, (MlirValue){NULL});
            gen_level(x, &in, body, tx);
            x->cur = x->nseg++;
        } else {
            fly_opvec_push(&run, op);
        }
    }
    fly_opvec_free(&run);
}

static int build(vx *x, MlirModule m, MlirOperation f) {
    MlirBlock oentry = mlirRegionGetFirstBlock(mlirOperationGetRegion(f, 0));
    if (mlirBlockIsNull(oentry) || !mlirBlockIsNull(mlirBlockGetNextInRegion(oentry))) {
        bad(x, "a body of more than one block", (MlirOperation){NULL});
        return -1;
    }
    x->octx = mlirBlockGetArgument(oentry, 0);
    MlirValue tx = x->tx = mlirBlockGetArgument(oentry, 1);
    for (intptr_t i = 0; i < mlirBlockGetNumArguments(oentry); i++) add(x, mlirBlockGetArgument(oentry, i));
    mark(x, tx, true);
    for (int it = 0; it < 64 && vary_block(x, oentry); it++) {}
    scan_block(x, oentry, true, false);
    if (x->bad) return -1;
    for (int i = 0; i < x->ne; i++) x->e[i].reloaded = 0;
    /* the new function */
    char name[300];
    snprintf(name, sizeof name, "%s__vec", x->k->name);
    MlirAttribute ft = mlirOperationGetAttributeByName(f, fly_ir_sref("function_type"));
    MlirNamedAttribute fa[3] = {
        fly_ir_named(x->ctx, "sym_name", mlirStringAttrGet(x->ctx, fly_ir_sref(name))),
        fly_ir_named(x->ctx, "function_type", ft),
        fly_ir_named(x->ctx, "sym_visibility", mlirStringAttrGet(x->ctx, fly_ir_sref("private"))),
    };
    MlirLocation loc = mlirOperationGetLocation(f);
    MlirOperationState st = mlirOperationStateGet(fly_ir_sref("func.func"), loc);
    MlirRegion r = mlirRegionCreate();
    mlirOperationStateAddOwnedRegions(&st, 1, &r);
    mlirOperationStateAddAttributes(&st, 3, fa);
    MlirOperation nf = mlirOperationCreate(&st);
    MlirBlock top = mlirModuleGetBody(m);
    fly_ir_op_insert(top, mlirOperationGetNextInBlock(f), nf);
    intptr_t na = mlirBlockGetNumArguments(oentry);
    MlirType *ts = calloc((size_t)na + 1, sizeof *ts);
    MlirLocation *ls = calloc((size_t)na + 1, sizeof *ls);
    if (!ts || !ls) {
        free(ts);
        free(ls);
        bad(x, "out of memory", (MlirOperation){NULL});
        return -1;
    }
    for (intptr_t i = 0; i < na; i++) {
        ts[i] = mlirValueGetType(mlirBlockGetArgument(oentry, i));
        ls[i] = loc;
    }
    x->fentry = mlirBlockCreate(na, ts, ls);
    free(ts);
    free(ls);
    mlirRegionAppendOwnedBlock(mlirOperationGetRegion(nf, 0), x->fentry);
    MlirOperation ret = fly_ir_op_create(loc, "func.return", 0, NULL, 0, NULL, 0, NULL);
    mlirBlockAppendOwnedOperation(x->fentry, ret);
    fly_emu_irb b = {x->ctx, x->fentry, ret, loc};
    MlirValue nctx = mlirBlockGetArgument(x->fentry, 0);
    x->c0 = fly_emu_irb_const(&b, 0, x->idx);
    x->first = mlirOpResultGetOwner(x->c0);
    x->c1 = fly_emu_irb_const(&b, 1, x->idx);
    for (intptr_t i = 0; i < na; i++) {
        MlirValue ov = mlirBlockGetArgument(oentry, i);
        vent *e = get(x, ov);
        e->seg = -1;
        e->nv = i == 2 || i == 3 ? x->c0 : mlirBlockGetArgument(x->fentry, i); /* 1-D blocks: ty = tz = 0 */
        e->vary = i == 1;
    }
    int64_t lanes[VW];
    for (int l = 0; l < VW; l++) lanes[l] = l;
    MlirAttribute ia = mlirDenseElementsAttrInt64Get(vec_of(x, x->i64), VW, lanes);
    MlirNamedAttribute iva = fly_ir_named(x->ctx, "value", ia);
    MlirValue iota64 = fly_emu_irb_val(&b, "arith.constant", 0, NULL, vec_of(x, x->i64), 1, &iva);
    x->iota = cast(&b, "arith.index_cast", iota64, vec_of(x, x->idx));
    MlirNamedAttribute oa = fly_ir_named(x->ctx, "value", mlirDenseElementsAttrBoolSplatGet(vec_of(x, x->i1), true));
    x->ones = fly_emu_irb_val(&b, "arith.constant", 0, NULL, vec_of(x, x->i1), 1, &oa);
    MlirValue bx =
        cast(&b, "arith.index_cast",
             fly_emu_irb_load(&b, fly_emu_irb_gep_const(&b, nctx, FLY_EMU_CTX_BLOCK_DIM, x->i64), x->i64, 8), x->idx);
    x->nw = bin(&b, "arith.divui", bx, fly_emu_irb_const(&b, VW, x->idx));
    int64_t sn = VW;
    MlirType smt = mlirMemRefTypeContiguousGet(x->i64, 1, &sn, mlirAttributeGetNull());
    MlirNamedAttribute sa =
        fly_ir_named(x->ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(x->ctx, 2, (int32_t[]){0, 0}));
    x->scratch = fly_emu_irb_val(&b, "memref.alloca", 0, NULL, smt, 1, &sa);
    x->scratch2 = fly_emu_irb_val(&b, "memref.alloca", 0, NULL, smt, 1, &sa);
    x->ctxv = nctx;
    /* old ctx uses map to the new one already (entry argument 0) */
    x->nseg = 0;
    gen_level(x, &b, oentry, tx);
    if (x->bad) {
        mlirOperationDestroy(nf);
        return -1;
    }
    if (!mlirOperationVerify(nf)) {
        bad(x, "the vector form does not verify", (MlirOperation){NULL});
        mlirOperationDestroy(nf);
        return -1;
    }
    return 0;
}

static void vx_free(vx *x) {
    free(x->keys);
    free(x->vals);
    free(x->e);
}

static MlirWalkResult retarget(MlirOperation op, void *user) {
    const char **names = user;
    if (is_call(op, names[0]))
        mlirOperationSetAttributeByName(op, fly_ir_sref("callee"),
                                        mlirFlatSymbolRefAttrGet(mlirOperationGetContext(op), fly_ir_sref(names[1])));
    return MlirWalkResultAdvance;
}

/* The func.func @name in the module body, or null. */
static MlirOperation find_func(MlirModule m, const char *name) {
    for (MlirOperation op = mlirBlockGetFirstOperation(mlirModuleGetBody(m)); !mlirOperationIsNull(op);
         op = mlirOperationGetNextInBlock(op)) {
        MlirAttribute a = mlirOperationGetAttributeByName(op, fly_ir_sref("sym_name"));
        if (is(op, "func.func") && !mlirAttributeIsNull(a) && fly_ir_sref_eq(mlirStringAttrGetValue(a), name))
            return op;
    }
    return (MlirOperation){NULL};
}

/* The entry "__fly_emu_vec_<name>"(argv, ctx): the thread entry's argument loads, calling <name>__vec. */
static int make_entry(vx *x, MlirModule m) {
    char th[300], ve[300], body[300], vb[300];
    snprintf(th, sizeof th, "__fly_emu_thread_%s", x->k->name);
    snprintf(ve, sizeof ve, "__fly_emu_vec_%s", x->k->name);
    snprintf(body, sizeof body, "%s__emu", x->k->name);
    snprintf(vb, sizeof vb, "%s__vec", x->k->name);
    MlirBlock top = mlirModuleGetBody(m);
    MlirOperation t = find_func(m, th);
    if (mlirOperationIsNull(t)) return -1;
    MlirOperation c = mlirOperationClone(t);
    mlirOperationSetAttributeByName(c, fly_ir_sref("sym_name"), mlirStringAttrGet(x->ctx, fly_ir_sref(ve)));
    const char *names[2] = {body, vb};
    mlirOperationWalk(c, retarget, names, MlirWalkPreOrder);
    fly_ir_op_insert(top, mlirOperationGetNextInBlock(t), c);
    return 0;
}

int fly_emu_make_vector(MlirModule m, fly_emu_lowered *out) {
    static const char *const off_env[] = {"FLYI_EMU_VEC_OFF", "FLYI_EMU_CORO", "FLYI_EMU_FIBERS"};
    for (size_t i = 0; i < sizeof off_env / sizeof off_env[0]; i++)
        if (getenv(off_env[i])) return 0;
    MlirContext ctx = mlirModuleGetContext(m);
    bool declared = false;
    for (int i = 0; i < out->n; i++) {
        fly_emu_kernel *k = &out->k[i];
        if (!k->syncs) continue;
        char fname[300];
        snprintf(fname, sizeof fname, "%s__emu", k->name);
        MlirOperation f = find_func(m, fname);
        if (mlirOperationIsNull(f)) continue;
        if (!declared) {
            MlirType ptr = fly_emu_irb_type(ctx, "!llvm.ptr"), i64 = mlirIntegerTypeGet(ctx, 64),
                     i32 = mlirIntegerTypeGet(ctx, 32);
            MlirType in[10] = {ptr, i64, i64, i64, i64, i64, i64, i32, i32, i64};
            MlirType ft = mlirFunctionTypeGet(ctx, 10, in, 0, NULL);
            MlirNamedAttribute a[3] = {
                fly_ir_named(ctx, "sym_name", mlirStringAttrGet(ctx, fly_ir_sref("fly_emu_vchk"))),
                fly_ir_named(ctx, "function_type", mlirTypeAttrGet(ft)),
                fly_ir_named(ctx, "sym_visibility", mlirStringAttrGet(ctx, fly_ir_sref("private"))),
            };
            MlirOperationState st = mlirOperationStateGet(fly_ir_sref("func.func"), mlirLocationUnknownGet(ctx));
            MlirRegion r = mlirRegionCreate();
            mlirOperationStateAddOwnedRegions(&st, 1, &r);
            mlirOperationStateAddAttributes(&st, 3, a);
            fly_ir_op_insert(mlirModuleGetBody(m), mlirBlockGetFirstOperation(mlirModuleGetBody(m)),
                             mlirOperationCreate(&st));
            declared = true;
        }
        const char *why = getenv("FLYI_EMU_VEC_WHY");
        if (why && !strcmp(why, "2")) {
            char *t = fly_ir_op_print(f, false, false);
            fprintf(stderr, "%s\n", t ? t : "");
            free(t);
        }
        vx x = {.ctx = ctx, .k = k};
        x.idx = mlirIndexTypeGet(ctx);
        x.i1 = mlirIntegerTypeGet(ctx, 1);
        x.i64 = mlirIntegerTypeGet(ctx, 64);
        x.i32 = mlirIntegerTypeGet(ctx, 32);
        x.ptr = fly_emu_irb_type(ctx, "!llvm.ptr");
        if (build(&x, m, f) == 0 && make_entry(&x, m) == 0) {
            k->vec = 1;
            if (getenv("FLYI_EMU_VEC_WHY")) fprintf(stderr, "emu: %s: lane-vector form\n", k->name);
        } else {
            /* the sites this added stay (harmless); say why when asked */
            if (getenv("FLYI_EMU_VEC_WHY"))
                fprintf(stderr, "emu: %s: no lane-vector form (%s)\n", k->name, x.why[0] ? x.why : "no thread entry");
        }
        vx_free(&x);
    }
    return 0;
}
