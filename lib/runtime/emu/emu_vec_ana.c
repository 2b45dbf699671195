/* emu_vec_ana.c - the lane-vector form (emu_vec.c), analysis: the map of old values, which values depend on
 * the thread id, and what the form handles (the runs between barriers, the values that cross them). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "runtime/emu/emu.h"
#include "runtime/emu/emu_vec_int.h"

void fly_vx_bad(fly_vx *x, const char *why, MlirOperation op) {
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

fly_vx_ent *fly_vx_get(fly_vx *x, MlirValue v) {
    if (!x->cap) return NULL;
    for (size_t i = vhash(v.ptr, x->cap);; i = (i + 1) & (x->cap - 1)) {
        if (!x->keys[i]) return NULL;
        if (x->keys[i] == v.ptr) return &x->e[x->vals[i]];
    }
}

fly_vx_ent *fly_vx_add(fly_vx *x, MlirValue v) {
    fly_vx_ent *old = fly_vx_get(x, v);
    if (old) return old;
    if ((x->n + 1) * 2 > x->cap) {
        size_t nc = x->cap ? x->cap * 2 : 512;
        const void **k = calloc(nc, sizeof *k);
        int *vl = calloc(nc, sizeof *vl);
        if (!k || !vl) {
            free(k);
            free(vl);
            fly_vx_bad(x, "out of memory", (MlirOperation){NULL});
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
        fly_vx_ent *ne = realloc(x->e, sizeof *ne * (size_t)nc);
        if (!ne) {
            fly_vx_bad(x, "out of memory", (MlirOperation){NULL});
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
    x->e[x->ne] = (fly_vx_ent){.seg = -1};
    return &x->e[x->ne++];
}

bool fly_vx_vary(fly_vx *x, MlirValue v) {
    fly_vx_ent *e = fly_vx_get(x, v);
    return e && e->vary;
}

/* ---- small queries ---- */

bool fly_vx_is(MlirOperation op, const char *name) { return fly_ir_op_is(op, name); }

bool fly_vx_prefix(MlirOperation op, const char *p) {
    char nm[64];
    fly_ir_op_name(op, nm, sizeof nm);
    return !strncmp(nm, p, strlen(p));
}

bool fly_vx_is_call(MlirOperation op, const char *callee) {
    if (!fly_vx_is(op, "func.call")) return false;
    MlirAttribute a = mlirOperationGetAttributeByName(op, fly_ir_sref("callee"));
    return !mlirAttributeIsNull(a) && fly_ir_sref_eq(mlirFlatSymbolRefAttrGetValue(a), callee);
}

bool fly_vx_scalar_type(MlirType t) { return mlirTypeIsAInteger(t) || mlirTypeIsAFloat(t) || mlirTypeIsAIndex(t); }

MlirType fly_vx_vec_of(fly_vx *x, MlirType t) {
    (void)x;
    int64_t k = fly_vx_lane_k(t), n = VW * (k ? k : 1);
    if (k && fly_vx_half_vec(t)) /* held as i16: LLVM's x86 backend selects or merges bf16 vectors element by element */
        return mlirVectorTypeGet(1, &n, mlirIntegerTypeGet(mlirTypeGetContext(t), 16));
    return mlirVectorTypeGet(1, &n, k ? mlirShapedTypeGetElementType(t) : t);
}

bool fly_vx_half_vec(MlirType t) {
    if (!mlirTypeIsAVector(t)) return false;
    MlirType et = mlirShapedTypeGetElementType(t);
    return mlirTypeIsABF16(et) || mlirTypeIsAF16(et);
}

bool fly_vx_lanes_on(void) {
    static int on = -1;
    if (on < 0) { /* per-lane vectors in the lane-vector form: on unless FLYI_EMU_VEC_LANES=0 */
        const char *e = getenv("FLYI_EMU_VEC_LANES");
        on = !(e && !strcmp(e, "0"));
    }
    return on;
}

int64_t fly_vx_lane_k(MlirType t) {
    if (!fly_vx_lanes_on()) return 0;
    if (!mlirTypeIsAVector(t) || mlirShapedTypeGetRank(t) != 1 || !mlirShapedTypeHasStaticShape(t)) return 0;
    MlirType et = mlirShapedTypeGetElementType(t);
    int64_t k = mlirShapedTypeGetDimSize(t, 0);
    if (!fly_vx_scalar_type(et) || mlirTypeIsAIndex(et) || k < 1 || k > 32) return 0;
    /* the element types FlyDSL's layernorm uses, checked against the phase loop; others keep the phase loop */
    if (!(mlirTypeIsABF16(et) || mlirTypeIsAF16(et) || mlirTypeIsAF32(et) ||
          (mlirTypeIsAInteger(et) && (mlirIntegerTypeGetWidth(et) == 1 || mlirIntegerTypeGetWidth(et) == 16 ||
                                      mlirIntegerTypeGetWidth(et) == 32 || mlirIntegerTypeGetWidth(et) == 64))))
        return 0;
    if (!mlirTypeIsAInteger(et) || mlirIntegerTypeGetWidth(et) != 1)
        if (!fly_emu_type_bytes(et) || k * fly_emu_type_bytes(et) > 64) return 0;
    return k;
}

bool fly_vx_has_barrier(MlirOperation op) {
    if (fly_vx_is_call(op, "fly_emu_barrier")) return true;
    for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); r++)
        for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b);
             b = mlirBlockGetNextInRegion(b))
            for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o);
                 o = mlirOperationGetNextInBlock(o))
                if (fly_vx_has_barrier(o)) return true;
    return false;
}

/* Memrefs the vector form reads and writes: rank 1, identity layout, scalar elements. */
static bool plain_memref(MlirType t) {
    if (!mlirTypeIsAMemRef(t) || mlirShapedTypeGetRank(t) != 1) return false;
    if (!fly_vx_scalar_type(mlirShapedTypeGetElementType(t)) || !fly_emu_type_bytes(mlirShapedTypeGetElementType(t)))
        return false;
    return mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(t));
}

bool fly_vx_lds_memref(MlirType t) {
    MlirAttribute s = mlirMemRefTypeGetMemorySpace(t);
    return !mlirAttributeIsNull(s) && mlirAttributeIsAInteger(s) && mlirIntegerAttrGetValueInt(s) == 3;
}

/* A ctx word load (emu_lower's block ids and dims, the LDS pointer): uniform, no side effect. */
bool fly_vx_ctx_load(fly_vx *x, MlirOperation op, int *word) {
    MlirValue a = mlirOperationGetOperand(op, 0);
    *word = 0;
    if (mlirValueEqual(a, x->octx)) return true;
    if (!mlirValueIsAOpResult(a) || !fly_vx_is(mlirOpResultGetOwner(a), "llvm.getelementptr")) return false;
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

/* An op on per-lane vectors (of operands or results) that the form was checked with against the phase loop. */
static bool lvec_arith_ok(MlirOperation op) {
    static const char *const ok[] = {"arith.addf",     "arith.subf",   "arith.mulf",    "arith.divf",   "arith.extf",
                                     "arith.addi",     "arith.subi",   "arith.muli",    "arith.andi",   "arith.ori",
                                     "arith.xori",     "arith.shli",   "arith.shrui",   "arith.shrsi",  "arith.extui",
                                     "arith.extsi",    "arith.trunci", "arith.bitcast", "arith.select", "arith.cmpi",
                                     "arith.constant", "math.exp2",    "arith.truncf",  "arith.cmpf"};
    bool vec = false;
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); i++)
        vec |= mlirTypeIsAVector(mlirValueGetType(mlirOperationGetOperand(op, i)));
    for (intptr_t i = 0; i < mlirOperationGetNumResults(op); i++)
        vec |= mlirTypeIsAVector(mlirValueGetType(mlirOperationGetResult(op, i)));
    if (!vec || (!fly_vx_prefix(op, "arith.") && !fly_vx_prefix(op, "math."))) return true;
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
        if (fly_vx_is(op, ok[i])) return true;
    return false;
}

static bool is_div(MlirOperation op) {
    return fly_vx_is(op, "arith.divui") || fly_vx_is(op, "arith.divsi") || fly_vx_is(op, "arith.remui") ||
           fly_vx_is(op, "arith.remsi") || fly_vx_is(op, "arith.ceildivsi") || fly_vx_is(op, "arith.ceildivui") ||
           fly_vx_is(op, "arith.floordivsi");
}

/* ---- MFMA lane records ---- */

bool fly_vx_mf_ptr(MlirValue p, int64_t *off) {
    *off = 0;
    if (!mlirValueIsAOpResult(p)) return false;
    MlirOperation d = mlirOpResultGetOwner(p);
    if (fly_vx_is(d, "llvm.getelementptr")) {
        MlirAttribute ri = mlirOperationGetAttributeByName(d, fly_ir_sref("rawConstantIndices"));
        MlirAttribute et = mlirOperationGetAttributeByName(d, fly_ir_sref("elem_type"));
        if (mlirOperationGetNumOperands(d) != 1 || mlirAttributeIsNull(ri) || mlirDenseArrayGetNumElements(ri) != 1 ||
            mlirAttributeIsNull(et) || fly_emu_type_bytes(mlirTypeAttrGetValue(et)) != 1)
            return false;
        *off = mlirDenseI32ArrayGetElement(ri, 0);
        p = mlirOperationGetOperand(d, 0);
        if (!mlirValueIsAOpResult(p)) return false;
        d = mlirOpResultGetOwner(p);
    }
    return fly_vx_is_call(d, "fly_emu_mfma_slot");
}

/* Whether use is a load through p or a store to it (of another value). */
static bool mf_access(MlirOperation use, MlirValue p) {
    if (fly_vx_is(use, "llvm.load")) return true;
    return fly_vx_is(use, "llvm.store") && mlirOperationGetNumOperands(use) == 2 &&
           mlirValueEqual(mlirOperationGetOperand(use, 1), p) && !mlirValueEqual(mlirOperationGetOperand(use, 0), p);
}

bool fly_vx_mf_uses_ok(MlirOperation call) {
    MlirValue r = fly_ir_res0(call);
    int64_t off;
    for (MlirOpOperand u = mlirValueGetFirstUse(r); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
        MlirOperation o = mlirOpOperandGetOwner(u);
        if (fly_vx_is(o, "llvm.getelementptr")) {
            if (!fly_vx_mf_ptr(fly_ir_res0(o), &off)) return false;
            for (MlirOpOperand g = mlirValueGetFirstUse(fly_ir_res0(o)); !mlirOpOperandIsNull(g);
                 g = mlirOpOperandGetNextUse(g))
                if (!mf_access(mlirOpOperandGetOwner(g), fly_ir_res0(o))) return false;
        } else if (!mf_access(o, r)) {
            return false;
        }
    }
    return true;
}

/* Whether an access to an MFMA lane record at offset off of type t is one the form handles: the a, b, a2, b2 words,
 * c (stores) and d (loads) as per-lane vectors of 4 or 16 f32 / i32. */
static bool mf_access_ok(bool ld, int64_t off, MlirType t) {
    if (!ld && (off == 0 || off == 8 || off == 16 || off == 24))
        return mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) == 64;
    if (off != (ld ? 96 : 32) || !fly_vx_lane_k(t)) return false;
    int64_t k = fly_vx_lane_k(t);
    MlirType et = mlirShapedTypeGetElementType(t);
    return (k == 4 || k == 16) && (mlirTypeIsAF32(et) || (mlirTypeIsAInteger(et) && mlirIntegerTypeGetWidth(et) == 32));
}

/* ---- analysis: which values depend on the thread id (a fixed point over loops and branches) ---- */

bool fly_vx_mark(fly_vx *x, MlirValue v, bool on) {
    fly_vx_ent *e = fly_vx_add(x, v);
    if (!e || !on || e->vary) return false;
    e->vary = 1;
    return true;
}

MlirBlock fly_vx_region_block(MlirOperation op, int r) {
    return mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
}

static bool vary_op(fly_vx *x, MlirOperation op) {
    bool ch = false;
    intptr_t nr = mlirOperationGetNumResults(op);
    if (fly_vx_is(op, "scf.if")) {
        bool c = fly_vx_vary(x, mlirOperationGetOperand(op, 0));
        for (int r = 0; r < 2; r++) {
            MlirBlock b = fly_vx_region_block(op, r);
            if (mlirBlockIsNull(b)) continue;
            ch |= fly_vx_vary_block(x, b);
            MlirOperation y = mlirBlockGetTerminator(b);
            for (intptr_t i = 0; i < nr && !mlirOperationIsNull(y); i++)
                ch |= fly_vx_mark(x, mlirOperationGetResult(op, i), c || fly_vx_vary(x, mlirOperationGetOperand(y, i)));
        }
        for (intptr_t i = 0; i < nr; i++) ch |= fly_vx_mark(x, mlirOperationGetResult(op, i), c);
        return ch;
    }
    if (fly_vx_is(op, "scf.for")) {
        MlirBlock b = fly_vx_region_block(op, 0);
        ch |= fly_vx_mark(x, mlirBlockGetArgument(b, 0), false);
        for (intptr_t i = 0; i < nr; i++) {
            bool v = fly_vx_vary(x, mlirOperationGetOperand(op, 3 + i));
            ch |= fly_vx_mark(x, mlirBlockGetArgument(b, 1 + i), v);
        }
        ch |= fly_vx_vary_block(x, b);
        MlirOperation y = mlirBlockGetTerminator(b);
        for (intptr_t i = 0; i < nr; i++) {
            bool v = fly_vx_vary(x, mlirOperationGetOperand(y, i)) || fly_vx_vary(x, mlirBlockGetArgument(b, 1 + i));
            ch |= fly_vx_mark(x, mlirBlockGetArgument(b, 1 + i), v);
            ch |= fly_vx_mark(x, mlirOperationGetResult(op, i), v);
        }
        return ch;
    }
    bool v = false;
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); i++) v |= fly_vx_vary(x, mlirOperationGetOperand(op, i));
    /* each lane has its own register array */
    if (fly_vx_is(op, "llvm.load") && fly_vx_priv_ptr(mlirOperationGetOperand(op, 0))) v = true;
    int64_t mo; /* and its own MFMA results */
    if (fly_vx_is(op, "llvm.load") && fly_vx_mf_ptr(mlirOperationGetOperand(op, 0), &mo)) v = true;
    for (intptr_t i = 0; i < nr; i++) ch |= fly_vx_mark(x, mlirOperationGetResult(op, i), v);
    return ch;
}

bool fly_vx_vary_block(fly_vx *x, MlirBlock b) {
    bool ch = false;
    for (intptr_t i = 0; i < mlirBlockGetNumArguments(b); i++) fly_vx_add(x, mlirBlockGetArgument(b, i));
    for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op);
         op = mlirOperationGetNextInBlock(op))
        ch |= vary_op(x, op);
    return ch;
}

/* ---- analysis: values the same in every lane of a wave (the wave's index, tid / 64) ---- */

bool fly_vx_is_tid(fly_vx *x, MlirValue v, bool trunc) {
    for (int d = 0; d < 4; d++) {
        if (mlirValueEqual(v, x->tx)) return true;
        if (!mlirValueIsAOpResult(v)) return false;
        MlirOperation o = mlirOpResultGetOwner(v);
        MlirType t = mlirValueGetType(v);
        if (!(fly_vx_is(o, "arith.index_cast") || fly_vx_is(o, "arith.index_castui") || fly_vx_is(o, "arith.extui") ||
              fly_vx_is(o, "arith.extsi") || (trunc && fly_vx_is(o, "arith.trunci"))) ||
            !(mlirTypeIsAIndex(t) || (mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) >= 16)))
            return false;
        v = mlirOperationGetOperand(o, 0);
    }
    return false;
}
static bool tid_like(fly_vx *x, MlirValue v) { return fly_vx_is_tid(x, v, true); }

static MlirOperation def_of(MlirValue v) {
    return mlirValueIsAOpResult(v) ? mlirOpResultGetOwner(v) : (MlirOperation){NULL};
}

static int64_t cmp_pred(MlirOperation o) {
    MlirAttribute a = mlirOperationGetAttributeByName(o, fly_ir_sref("predicate"));
    return mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a) ? -1 : mlirIntegerAttrGetValueInt(a);
}

/* Whether i1 (or integer) old value v is 0 in every lane: "tid < 0" (tid, or tid ^ c for c >= 0, which keeps its
 * sign), an and with such a value, its zero extension. */
static bool known_zero(fly_vx *x, MlirValue v, int depth) {
    MlirOperation o = def_of(v);
    int64_t c;
    if (mlirOperationIsNull(o) || depth > 6) return false;
    if (fly_vx_is(o, "arith.extui")) return known_zero(x, mlirOperationGetOperand(o, 0), depth + 1);
    if (fly_vx_is(o, "arith.andi"))
        return known_zero(x, mlirOperationGetOperand(o, 0), depth + 1) ||
               known_zero(x, mlirOperationGetOperand(o, 1), depth + 1);
    if (fly_vx_is(o, "arith.cmpi") && cmp_pred(o) == 2 /* slt */ &&
        fly_emu_const_int(mlirOperationGetOperand(o, 1), &c) && c == 0) {
        MlirValue l = mlirOperationGetOperand(o, 0);
        MlirOperation lo = def_of(l);
        if (tid_like(x, l)) return true;
        return !mlirOperationIsNull(lo) && fly_vx_is(lo, "arith.xori") && tid_like(x, mlirOperationGetOperand(lo, 0)) &&
               fly_emu_const_int(mlirOperationGetOperand(lo, 1), &c) && c >= 0 && c < 32768;
    }
    return false;
}

bool fly_vx_wave_uniform(fly_vx *x, MlirValue v, int depth) {
    if (!fly_vx_vary(x, v)) return true;
    MlirOperation o = def_of(v);
    int64_t c;
    if (mlirOperationIsNull(o) || depth > 8 || mlirOperationGetNumRegions(o) || mlirOperationGetNumResults(o) != 1 ||
        !fly_vx_prefix(o, "arith."))
        return false;
    if (known_zero(x, v, 0)) return true;
    if ((fly_vx_is(o, "arith.divsi") || fly_vx_is(o, "arith.divui") || fly_vx_is(o, "arith.floordivsi")) &&
        tid_like(x, mlirOperationGetOperand(o, 0)) && fly_emu_const_int(mlirOperationGetOperand(o, 1), &c) && c > 0 &&
        c % VW == 0)
        return true;
    if (fly_vx_is(o, "arith.subi") && known_zero(x, mlirOperationGetOperand(o, 1), 0))
        return fly_vx_wave_uniform(x, mlirOperationGetOperand(o, 0), depth + 1);
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(o); i++)
        if (!fly_vx_wave_uniform(x, mlirOperationGetOperand(o, i), depth + 1)) return false;
    return true;
}

/* ---- analysis: what the vector form handles; the runs and the values that cross them ---- */

static void note_uses(fly_vx *x, MlirOperation op) {
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); i++) {
        fly_vx_ent *e = fly_vx_get(x, mlirOperationGetOperand(op, i));
        if (e && e->seg >= 0 && e->seg != x->cur) e->spill = 1;
    }
}

static void set_seg(fly_vx *x, MlirOperation op, int seg) {
    for (intptr_t i = 0; i < mlirOperationGetNumResults(op); i++) {
        fly_vx_ent *e = fly_vx_add(x, mlirOperationGetResult(op, i));
        if (e) e->seg = seg;
    }
}

static void scan_op(fly_vx *x, MlirOperation op, bool level, bool divergent) {
    note_uses(x, op);
    for (intptr_t i = 0; i < mlirOperationGetNumResults(op); i++) {
        MlirValue r = mlirOperationGetResult(op, i);
        if (fly_vx_vary(x, r) && !fly_vx_scalar_type(mlirValueGetType(r)) && !fly_vx_lane_k(mlirValueGetType(r)) &&
            !fly_vx_is(op, "llvm.getelementptr") && !fly_vx_is(op, "llvm.inttoptr"))
            fly_vx_bad(x, "a lane-dependent value of non-scalar type", op);
    }
    if (fly_vx_is(op, "scf.if") && fly_vx_has_barrier(op)) {
        /* a barrier under a uniform branch of the top level (a K tail): a level of its own, as a loop's body */
        MlirBlock eb = fly_vx_region_block(op, 1);
        fly_vx_ent *ce = fly_vx_get(x, mlirOperationGetOperand(op, 0));
        if (!level || divergent || mlirOperationGetNumResults(op) || fly_vx_vary(x, mlirOperationGetOperand(op, 0)) ||
            !ce || ce->seg >= 0 || (!mlirBlockIsNull(eb) && !fly_vx_is(mlirBlockGetFirstOperation(eb), "scf.yield"))) {
            fly_vx_bad(x, "a barrier under a branch", op);
            return;
        }
        fly_vx_scan_block(x, fly_vx_region_block(op, 0), true, divergent);
        return;
    }
    if (fly_vx_is(op, "scf.if")) {
        /* a condition the same in all lanes of a wave (on the wave's index) leaves the lanes together */
        MlirValue c = mlirOperationGetOperand(op, 0);
        bool dv = divergent || (fly_vx_vary(x, c) && !(fly_vx_lanes_on() && fly_vx_wave_uniform(x, c, 0)));
        for (int r = 0; r < 2; r++)
            if (!mlirBlockIsNull(fly_vx_region_block(op, r)))
                fly_vx_scan_block(x, fly_vx_region_block(op, r), false, dv);
        return;
    }
    if (fly_vx_is(op, "scf.for")) {
        for (int i = 0; i < 3; i++)
            if (fly_vx_vary(x, mlirOperationGetOperand(op, i))) fly_vx_bad(x, "a loop with lane-dependent bounds", op);
        MlirBlock b = fly_vx_region_block(op, 0);
        bool bar = fly_vx_has_barrier(op);
        if (bar && !level) fly_vx_bad(x, "a barrier in a nested loop", op);
        if (bar) {
            for (int i = 0; i < 3; i++) {
                fly_vx_ent *e = fly_vx_get(x, mlirOperationGetOperand(op, i));
                if (!e || e->seg >= 0) fly_vx_bad(x, "a barrier loop whose bounds are computed in a phase", op);
            }
            fly_vx_ent *iv = fly_vx_add(x, mlirBlockGetArgument(b, 0));
            if (iv) iv->seg = -1;
            /* carried values: per-wave slots (the block argument's, shared by the result), written from the initial
             * values before the loop and from the yielded ones at the end of each iteration (emu_vec_flow.c) */
            for (intptr_t i = 0; i < mlirOperationGetNumResults(op); i++) {
                fly_vx_ent *in = fly_vx_get(x, mlirOperationGetOperand(op, 3 + i));
                if (in && in->seg >= 0) in->spill = 1;
                fly_vx_ent *ba = fly_vx_add(x, mlirBlockGetArgument(b, 1 + i));
                if (ba) ba->seg = FLY_VX_SEG_SLOT, ba->spill = 1;
                fly_vx_ent *re = fly_vx_add(x, mlirOperationGetResult(op, i));
                if (re) re->seg = FLY_VX_SEG_SLOT, re->spill = 1;
            }
        } else {
            for (intptr_t i = 0; i < mlirBlockGetNumArguments(b); i++) {
                fly_vx_ent *e = fly_vx_add(x, mlirBlockGetArgument(b, i));
                if (e) e->seg = x->cur;
            }
        }
        fly_vx_scan_block(x, b, bar, divergent);
        MlirOperation y = mlirBlockGetTerminator(b);
        for (intptr_t i = 0; bar && i < mlirOperationGetNumResults(op); i++) {
            MlirValue yv = mlirOperationGetOperand(y, i);
            fly_vx_ent *e = fly_vx_get(x, yv);
            if (e && e->seg >= 0 && e->seg != FLY_VX_SEG_SLOT) e->spill = 1;
            for (intptr_t j = 0; j < mlirOperationGetNumResults(op); j++)
                if (j != i && mlirValueEqual(yv, mlirBlockGetArgument(b, 1 + j)))
                    fly_vx_bad(x, "a barrier loop that yields one carried value as another", op);
        }
        return;
    }
    if (mlirOperationGetNumRegions(op)) {
        fly_vx_bad(x, "an op with regions", op);
        return;
    }
    if (fly_vx_is_call(op, "fly_emu_barrier")) {
        if (!level) fly_vx_bad(x, "a barrier under a branch", op);
        return;
    }
    if (fly_vx_is_call(op, "fly_emu_mfma_slot")) {
        /* the form of a kernel with MFMAs costs several CPU-seconds to compile (a 256^3 bf16 GEMM's first launch
         * 5.8 s against 0.7 s), which only large launches pay back: unless asked for (x->mfma), it is deferred to
         * a second compile at the first large launch (fly_emu_program_run) */
        x->mf_seen = true;
        if (divergent) fly_vx_bad(x, "an MFMA under a lane-dependent branch", op);
        if (!fly_vx_mf_uses_ok(op)) fly_vx_bad(x, "an MFMA lane record used other than by loads and stores", op);
        return;
    }
    int64_t mfo;
    if ((fly_vx_is(op, "llvm.load") && fly_vx_mf_ptr(mlirOperationGetOperand(op, 0), &mfo)) ||
        (fly_vx_is(op, "llvm.store") && fly_vx_mf_ptr(mlirOperationGetOperand(op, 1), &mfo))) {
        bool ld = fly_vx_is(op, "llvm.load");
        if (!mf_access_ok(ld, mfo, mlirValueGetType(ld ? fly_ir_res0(op) : mlirOperationGetOperand(op, 0))))
            fly_vx_bad(x, "an MFMA operand the form does not handle", op);
        return;
    }
    if (fly_vx_is_call(op, "fly_emu_shfl")) {
        int64_t off, wd, mode;
        if (fly_emu_const_int(mlirOperationGetOperand(op, 4), &mode) && mode == FLY_EMU_X_MFMA) {
            if (divergent) fly_vx_bad(x, "an MFMA under a lane-dependent branch", op);
            if (!fly_emu_const_int(mlirOperationGetOperand(op, 2), &off) || fly_emu_mfma_is_scaled((int)off))
                fly_vx_bad(x, "an MFMA kind the form does not handle", op);
            return;
        }
        if (divergent) fly_vx_bad(x, "a cross-lane operation under a lane-dependent branch", op);
        if (!fly_emu_const_int(mlirOperationGetOperand(op, 2), &off) ||
            !fly_emu_const_int(mlirOperationGetOperand(op, 3), &wd) ||
            !fly_emu_const_int(mlirOperationGetOperand(op, 4), &mode) || mode != FLY_EMU_X_XOR || wd <= 0 || wd > VW ||
            (wd & (wd - 1)) || off < 0 || off >= wd)
            fly_vx_bad(x, "a cross-lane operation other than an xor butterfly with constant operands", op);
        return;
    }
    if (fly_vx_is(op, "memref.load") || fly_vx_is(op, "memref.store")) {
        bool ld = fly_vx_is(op, "memref.load");
        MlirValue m = mlirOperationGetOperand(op, ld ? 0 : 1);
        if (mlirOperationGetNumOperands(op) != (ld ? 2 : 3) || !plain_memref(mlirValueGetType(m)) || fly_vx_vary(x, m))
            fly_vx_bad(x, "an access to a memref of rank other than 1 or with a layout", op);
        return;
    }
    if (fly_vx_lanes_on() && fly_vx_is(op, "llvm.alloca") && !fly_vx_priv_bytes(op) && level && !divergent &&
        fly_vx_ualloca_ok(op))
        return; /* a block alloca */
    if (fly_vx_is(op, "llvm.alloca")) {
        int64_t n = level ? fly_vx_priv_bytes(op) : 0;
        if (!n) fly_vx_bad(x, "an alloca other than a register array of scalars at constant indices", op);
        x->priv += n;
        if (x->priv > 256) /* MAXW waves of slots live on the launching thread's stack: 256 KiB at most */
            fly_vx_bad(x, "register arrays of more than 256 bytes a lane", op);
        return;
    }
    if (fly_vx_is(op, "llvm.load") || fly_vx_is(op, "llvm.store")) {
        int w;
        bool ld = fly_vx_is(op, "llvm.load");
        if (ld && fly_vx_ctx_load(x, op, &w)) return;
        MlirType vt = ld ? mlirValueGetType(fly_ir_res0(op)) : mlirValueGetType(mlirOperationGetOperand(op, 0));
        if (fly_vx_lanes_on() && !mlirOperationIsNull(fly_vx_ualloca_of(mlirOperationGetOperand(op, ld ? 0 : 1)))) {
            if (!ld && (divergent || fly_vx_vary(x, mlirOperationGetOperand(op, 0))))
                fly_vx_bad(x, "a lane-dependent store to a block alloca", op);
            return;
        }
        bool lvec = fly_vx_lane_k(vt) && !mlirTypeIsAInteger(mlirShapedTypeGetElementType(vt))
                        ? true
                        : fly_vx_lane_k(vt) && mlirIntegerTypeGetWidth(mlirShapedTypeGetElementType(vt)) >= 8;
        if (!(fly_vx_scalar_type(vt) || lvec) || mlirTypeIsAIndex(vt) || !fly_emu_type_bytes(vt) || !plain_access(op) ||
            fly_emu_ptr_as(mlirValueGetType(mlirOperationGetOperand(op, ld ? 0 : 1))) < 0)
            fly_vx_bad(x, "an llvm access of other than a plain scalar", op);
        return;
    }
    if (fly_vx_is(op, "llvm.getelementptr") &&
        (fly_vx_vary(x, mlirOperationGetOperand(op, 0)) ||
         (mlirOperationGetNumOperands(op) > 1 && fly_vx_vary(x, mlirOperationGetOperand(op, 1))))) {
        MlirAttribute ri = mlirOperationGetAttributeByName(op, fly_ir_sref("rawConstantIndices"));
        MlirAttribute et = mlirOperationGetAttributeByName(op, fly_ir_sref("elem_type"));
        bool vb = fly_vx_vary(x, mlirOperationGetOperand(op, 0)),
             one = !mlirAttributeIsNull(ri) && mlirDenseArrayGetNumElements(ri) == 1;
        int32_t k0 = one ? mlirDenseI32ArrayGetElement(ri, 0) : 0;
        bool ok = one && !mlirAttributeIsNull(et) && fly_vx_scalar_type(mlirTypeAttrGetValue(et)) &&
                  fly_emu_type_bytes(mlirTypeAttrGetValue(et)) > 0 &&
                  (vb ? mlirOperationGetNumOperands(op) == 1 && k0 != INT32_MIN
                      : mlirOperationGetNumOperands(op) == 2 && k0 == INT32_MIN &&
                            fly_vx_scalar_type(mlirValueGetType(mlirOperationGetOperand(op, 1))));
        if (!ok) fly_vx_bad(x, "a lane-dependent address other than base[index] of scalars", op);
        return;
    }
    if (fly_vx_is(op, "func.return") || fly_vx_is(op, "scf.yield")) return;
    bool anyv = false;
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); i++)
        anyv |= fly_vx_vary(x, mlirOperationGetOperand(op, i));
    if (is_div(op)) {
        int64_t d;
        bool sgn = fly_vx_is(op, "arith.divsi") || fly_vx_is(op, "arith.remsi") || fly_vx_is(op, "arith.ceildivsi") ||
                   fly_vx_is(op, "arith.floordivsi");
        /* a uniform division runs once per run as a scalar (the host lowering's division check covers it) */
        if (anyv && (!fly_emu_const_int(mlirOperationGetOperand(op, 1), &d) || d == 0 || (sgn && d == -1)))
            fly_vx_bad(x, "an integer division by a non-constant", op);
    }
    if (anyv && (fly_vx_prefix(op, "vector.") || fly_vx_is(op, "llvm.bitcast"))) {
        if (!fly_vx_lvec_ok(x, op)) fly_vx_bad(x, "a per-lane vector op the form does not handle", op);
        return;
    }
    if (!anyv &&
        (fly_vx_is(op, "vector.broadcast") || fly_vx_is(op, "vector.splat") || fly_vx_is(op, "vector.shuffle") ||
         fly_vx_is(op, "vector.bitcast") || fly_vx_is(op, "vector.reduction") || fly_vx_is(op, "vector.extract") ||
         fly_vx_is(op, "vector.insert")))
        return;
    if (anyv && !lvec_arith_ok(op)) {
        fly_vx_bad(x, "a per-lane vector op the form does not handle", op);
        return;
    }
    if (fly_vx_prefix(op, "arith.") || fly_vx_prefix(op, "math.")) {
        if (fly_vx_is(op, "arith.constant") && anyv) fly_vx_bad(x, "?", op);
        return;
    }
    if (anyv && (fly_vx_is(op, "llvm.ptrtoint") || fly_vx_is(op, "llvm.inttoptr"))) {
        /* a lane's address as an integer and back: the lanes' i64 addresses (emu_vec_gen.c, gen_ptrint) */
        MlirType it =
            mlirValueGetType(fly_vx_is(op, "llvm.ptrtoint") ? fly_ir_res0(op) : mlirOperationGetOperand(op, 0));
        if (!mlirTypeIsAInteger(it) || mlirIntegerTypeGetWidth(it) > 64)
            fly_vx_bad(x, "a lane-dependent ptrtoint / inttoptr of other than a scalar integer", op);
        return;
    }
    if (anyv) {
        fly_vx_bad(x, "a lane-dependent operand of", op);
        return;
    }
    if (fly_vx_prefix(op, "llvm.mlir.") || fly_vx_is(op, "llvm.getelementptr") || fly_vx_is(op, "llvm.addrspacecast") ||
        fly_vx_is(op, "llvm.insertvalue") || fly_vx_is(op, "llvm.extractvalue") || fly_vx_is(op, "llvm.bitcast") ||
        fly_vx_is(op, "llvm.ptrtoint") || fly_vx_is(op, "llvm.inttoptr") ||
        fly_vx_is(op, "builtin.unrealized_conversion_cast") ||
        fly_vx_is(op, "memref.extract_aligned_pointer_as_index") || fly_vx_is(op, "memref.extract_strided_metadata") ||
        fly_vx_is(op, "memref.reinterpret_cast") || fly_vx_is(op, "memref.cast") || fly_vx_is(op, "memref.view"))
        return;
    fly_vx_bad(x, "unsupported op", op);
}

/* ---- runs cut at cross-lane operations ---- */

enum { MEM_RL = 1, MEM_WL = 2, MEM_RG = 4, MEM_WG = 8 }; /* reads / writes of the LDS, of other memory */

/* The memory op (nested ones included) reads and writes, as MEM_* bits; a lane's register arrays and the block's
 * uniform records (written once, the same value by every lane) are no memory other waves see. */
static int mem_of(fly_vx *x, MlirOperation op) {
    int m = 0, w;
    bool ld = fly_vx_is(op, "llvm.load") || fly_vx_is(op, "memref.load"),
         st = fly_vx_is(op, "llvm.store") || fly_vx_is(op, "memref.store");
    if (ld || st) {
        MlirValue p = mlirOperationGetOperand(op, ld ? 0 : 1);
        if (fly_vx_is(op, "llvm.load") && fly_vx_ctx_load(x, op, &w)) return 0;
        if (fly_vx_prefix(op, "llvm.") &&
            (fly_vx_priv_ptr(p) || (fly_vx_lanes_on() && !mlirOperationIsNull(fly_vx_ualloca_of(p)))))
            return 0;
        bool lds = fly_vx_prefix(op, "memref.") ? fly_vx_lds_memref(mlirValueGetType(p))
                                                : fly_emu_ptr_as(mlirValueGetType(p)) == 3;
        return ld ? (lds ? MEM_RL : MEM_RG) : (lds ? MEM_WL : MEM_WG);
    }
    if (fly_vx_is(op, "func.call") && !fly_vx_is_call(op, "fly_emu_shfl")) return MEM_RL | MEM_WL | MEM_RG | MEM_WG;
    for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); r++)
        for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b);
             b = mlirBlockGetNextInRegion(b))
            for (MlirOperation o = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(o);
                 o = mlirOperationGetNextInBlock(o))
                m |= mem_of(x, o);
    return m;
}

/* Whether accesses bef (before a point) and aft (after it) may conflict: a write and an access of one memory. */
static bool conflict(int bef, int aft) {
    return ((bef & MEM_WL) && (aft & (MEM_RL | MEM_WL))) || ((bef & MEM_RL) && (aft & MEM_WL)) ||
           ((bef & MEM_WG) && (aft & (MEM_RG | MEM_WG))) || ((bef & MEM_RG) && (aft & MEM_WG));
}

/* The accesses of the ops after op up to the end of its run (a barrier, a barrier loop, the level's end). */
static int mem_after(fly_vx *x, MlirOperation op) {
    int m = 0;
    for (MlirOperation o = mlirOperationGetNextInBlock(op); !mlirOperationIsNull(o);
         o = mlirOperationGetNextInBlock(o)) {
        if (fly_vx_is_call(o, "fly_emu_barrier") || (fly_vx_is(o, "scf.for") && fly_vx_has_barrier(o))) break;
        m |= mem_of(x, o);
    }
    return m;
}

static void add_split(fly_vx *x, MlirOperation op) {
    if (x->nsplit == x->capsplit) {
        int nc = x->capsplit ? 2 * x->capsplit : 16;
        MlirOperation *n = realloc(x->splits, (size_t)nc * sizeof *n);
        if (!n) {
            fly_vx_bad(x, "out of memory", op);
            return;
        }
        x->splits = n, x->capsplit = nc;
    }
    x->splits[x->nsplit++] = op;
}

bool fly_vx_splits_run(fly_vx *x, MlirOperation op) {
    for (int i = 0; i < x->nsplit; i++)
        if (mlirOperationEqual(x->splits[i], op)) return true;
    return false;
}

/* Numbers the runs of a barrier level (the body, a barrier loop's body); marks hoisted uniform ops. */
void fly_vx_scan_block(fly_vx *x, MlirBlock b, bool level, bool divergent) {
    if (level) x->cur = x->nseg++;
    int bef = 0; /* the accesses of the run so far */
    for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op) && !x->bad;
         op = mlirOperationGetNextInBlock(op)) {
        bool bar_for = level && (fly_vx_is(op, "scf.for") || fly_vx_is(op, "scf.if")) && fly_vx_has_barrier(op);
        if (level && fly_vx_is_call(op, "fly_emu_barrier")) {
            x->cur = x->nseg++;
            bef = 0;
            continue;
        }
        if (bar_for) {
            note_uses(x, op);
            scan_op(x, op, level, divergent);
            x->cur = x->nseg++;
            bef = 0;
            continue;
        }
        /* not at an MFMA's suspension: its operands go through one wave buffer from the stores before it to the
         * call (fly_vx_gen_mfma), which a cut would let the next wave overwrite; an MFMA touches no memory */
        int64_t xm;
        bool mfma = fly_vx_is_call(op, "fly_emu_shfl") && fly_emu_const_int(mlirOperationGetOperand(op, 4), &xm) &&
                    xm == FLY_EMU_X_MFMA;
        if (level && !mfma && fly_vx_is_call(op, "fly_emu_shfl") && conflict(bef, mem_after(x, op))) {
            add_split(x, op);
            x->cur = x->nseg++;
            bef = 0;
        }
        if (level) bef |= mem_of(x, op);
        /* a uniform op without regions or side effects whose operands are visible everywhere: hoisted */
        int cw;
        bool hoist = level && mlirOperationGetNumResults(op) && !mlirOperationGetNumRegions(op) &&
                     !fly_vx_is(op, "memref.load") && !fly_vx_is(op, "func.call") &&
                     !(fly_vx_is(op, "llvm.load") && !fly_vx_ctx_load(x, op, &cw));
        for (intptr_t i = 0; hoist && i < mlirOperationGetNumOperands(op); i++) {
            fly_vx_ent *e = fly_vx_get(x, mlirOperationGetOperand(op, i));
            hoist = e && !e->vary && e->seg < 0;
        }
        for (intptr_t i = 0; hoist && i < mlirOperationGetNumResults(op); i++)
            hoist = !fly_vx_vary(x, mlirOperationGetResult(op, i));
        scan_op(x, op, level, divergent);
        set_seg(x, op, hoist ? -1 : x->cur);
    }
}

void fly_vx_free(fly_vx *x) {
    free(x->splits);
    free(x->keys);
    free(x->vals);
    free(x->e);
}
