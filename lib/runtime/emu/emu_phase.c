/* emu_phase.c - kernels that synchronise become phase loops (after the host LLVM lowering and the
 * access checks): one call of the kernel body runs every ready thread of the block up to its next
 * barrier or cross-lane operation, in a loop over the threads inside generated code.
 *
 * The body "<name>__emu" is rewritten in place. Its blocks are split at each suspension point (after
 * the barrier's site is known, before a cross-lane operation's result is read); the values live
 * across a suspension point (a liveness pass over the split CFG) move to the thread's frame: a
 * store after the definition, a load before every use, which LLVM forwards inside a phase. Static
 * allocas become regions of the frame. A new entry loads what is the same for every thread (ctx
 * words, constants), then loops over the threads: a ready thread dispatches on the suspension index
 * in its frame (0: the start) and runs to its next suspension (index, state and barrier site
 * stored inline) or its end. Thread ids come from the loop. The loop leaves the number of threads
 * that ended and that wait at a barrier in the context (FLY_EMU_CTX_CNT_DONE / CNT_BAR).
 *
 * A cross-lane operation is inline: the lane's operands into the block's arrays before the suspension,
 * its result from them after (FLYI_EMU_SHFL_CALL=1: the runtime calls fly_emu_shfl_put / _get).
 *
 * Kernels this cannot handle (dynamic allocas, nested regions, values of unknown size) are left
 * alone: the caller makes them coroutines (emu_coro.c). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "ir/ir_context.h"
#include "passes/pass.h"
#include "runtime/emu/emu.h"
#include "runtime/emu/emu_irb.h"

/* ---- a map from values to dense indices ---- */

typedef struct vmap {
    const void **key;
    int *val;
    size_t cap, n;
} vmap;

static size_t vhash(const void *p, size_t cap) {
    return (size_t)(((uintptr_t)p >> 3) * 0x9E3779B97F4A7C15ull) & (cap - 1);
}

static int vmap_get(const vmap *m, MlirValue v) {
    if (!m->cap) return -1;
    for (size_t i = vhash(v.ptr, m->cap);; i = (i + 1) & (m->cap - 1)) {
        if (!m->key[i]) return -1;
        if (m->key[i] == v.ptr) return m->val[i];
    }
}

static int vmap_put(vmap *m, MlirValue v, int idx) {
    if ((m->n + 1) * 2 > m->cap) {
        size_t nc = m->cap ? m->cap * 2 : 256;
        const void **k = calloc(nc, sizeof *k);
        int *x = calloc(nc, sizeof *x);
        if (!k || !x) {
            free(k);
            free(x);
            return -1;
        }
        for (size_t i = 0; i < m->cap; i++)
            if (m->key[i]) {
                size_t j = vhash(m->key[i], nc);
                while (k[j]) j = (j + 1) & (nc - 1);
                k[j] = m->key[i];
                x[j] = m->val[i];
            }
        free(m->key);
        free(m->val);
        m->key = k;
        m->val = x;
        m->cap = nc;
    }
    size_t i = vhash(v.ptr, m->cap);
    while (m->key[i] && m->key[i] != v.ptr) i = (i + 1) & (m->cap - 1);
    if (!m->key[i]) m->n++;
    m->key[i] = v.ptr;
    m->val[i] = idx;
    return 0;
}

/* ---- helpers ---- */

typedef struct ph {
    MlirContext ctx;
    MlirType ptr, i64, i32, i8, i1;
    MlirValue ctxv, fr, st, sites, t, nd, nb;
    MlirBlock next; /* NEXT(nd, nb) */
    size_t frame;   /* bytes of the frame so far */
    vmap ids;       /* tracked values -> index */
    MlirValue *vals;
    int nvals, capvals;
} ph;

static bool op_is(MlirOperation op, const char *name) { return fly_ir_op_is(op, name); }

static bool calls(MlirOperation op, const char *callee) { return fly_emu_irb_is_call(op, callee); }

static MlirValue select_v(fly_emu_irb *b, MlirValue c, MlirValue x, MlirValue y) {
    MlirValue ops[3] = {c, x, y};
    return fly_emu_irb_val(b, "llvm.select", 3, ops, mlirValueGetType(x), 0, NULL);
}

/* Bytes of the type spelled at *s (LLVM dialect syntax inside !llvm.struct / !llvm.array), each
 * scalar counted as 8: an upper bound; advances *s; 0 when unknown. */
static int64_t text_bytes(const char **s) {
    const char *p = *s;
    while (*p == ' ') p++;
    int64_t r = 0;
    if (!strncmp(p, "!llvm.", 6)) p += 6;
    if (!strncmp(p, "struct<(", 8) || !strncmp(p, "struct<packed (", 15)) {
        p = strchr(p, '(') + 1;
        while (*p && *p != ')') {
            int64_t e = text_bytes(&p);
            if (!e) return 0;
            r += e;
            while (*p == ' ' || *p == ',') p++;
        }
        if (strncmp(p, ")>", 2)) return 0;
        p += 2;
        r = r ? r : 8;
    } else if (!strncmp(p, "array<", 6) || !strncmp(p, "vector<", 7)) {
        bool vec = *p == 'v';
        p = strchr(p, '<') + 1;
        char *end;
        long long n = strtoll(p, &end, 10);
        if (end == p || strncmp(end, " x ", 3)) return 0;
        p = end + 3;
        int64_t e = text_bytes(&p);
        if (!e || *p != '>') return 0;
        p++;
        r = n * e;
        r = vec ? (r + 15) / 16 * 16 : r;
    } else if (!strncmp(p, "ptr", 3)) {
        p += 3;
        if (*p == '<') p = strchr(p, '>') + 1;
        r = 8;
    } else if (*p == 'i' || *p == 'f' || !strncmp(p, "bf16", 4) || !strncmp(p, "tf32", 4)) {
        p++;
        while ((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || *p == '_') p++;
        r = 8;
    } else {
        return 0;
    }
    *s = p;
    return r;
}

/* Bytes a value of type t takes in memory (an upper bound, 8-byte granules), 0 when unknown. */
static int64_t slot_bytes(MlirType t) {
    char buf[512];
    size_t n = fly_ir_type_str(t, buf, sizeof buf);
    if (n < sizeof buf && (!strncmp(buf, "!llvm.struct<", 13) || !strncmp(buf, "!llvm.array<", 12))) {
        const char *p = buf;
        int64_t r = text_bytes(&p);
        return *p ? 0 : r;
    }
    int64_t b = fly_emu_type_bytes(t);
    if (!b) return 0;
    return mlirTypeIsAVector(t) ? (b + 15) / 16 * 16 : (b + 7) / 8 * 8;
}

/* ---- liveness ---- */

typedef struct live {
    int nb, words;
    MlirBlock *blk;
    uint64_t *in, *out, *use, *def;
} live;

static int block_pos(const live *L, MlirBlock b) {
    for (int i = 0; i < L->nb; i++)
        if (mlirBlockEqual(L->blk[i], b)) return i;
    return -1;
}

static void bset(uint64_t *s, int i) { s[i >> 6] |= 1ull << (i & 63); }
static bool bget(const uint64_t *s, int i) { return s[i >> 6] >> (i & 63) & 1; }

static int track(ph *p, MlirValue v) {
    if (vmap_get(&p->ids, v) >= 0) return 0;
    if (p->nvals == p->capvals) {
        int nc = p->capvals ? p->capvals * 2 : 256;
        MlirValue *nv = realloc(p->vals, sizeof *nv * (size_t)nc);
        if (!nv) return -1;
        p->vals = nv;
        p->capvals = nc;
    }
    p->vals[p->nvals] = v;
    return vmap_put(&p->ids, v, p->nvals++);
}

/* Numbers every value defined in the body blocks (from `first` on), then computes live-in sets. */
static int liveness(ph *p, MlirRegion r, MlirBlock first, live *L) {
    memset(L, 0, sizeof *L);
    bool on = false;
    for (MlirBlock b = mlirRegionGetFirstBlock(r); !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b)) {
        on |= mlirBlockEqual(b, first);
        if (!on) continue;
        L->nb++;
        for (intptr_t i = 0; i < mlirBlockGetNumArguments(b); i++)
            if (track(p, mlirBlockGetArgument(b, i))) return -1;
        for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op);
             op = mlirOperationGetNextInBlock(op))
            for (intptr_t i = 0; i < mlirOperationGetNumResults(op); i++)
                if (track(p, mlirOperationGetResult(op, i))) return -1;
    }
    L->words = (p->nvals + 63) / 64 + 1;
    L->blk = calloc((size_t)L->nb, sizeof *L->blk);
    size_t w = (size_t)L->nb * (size_t)L->words;
    L->in = calloc(w, 8), L->out = calloc(w, 8), L->use = calloc(w, 8), L->def = calloc(w, 8);
    if (!L->blk || !L->in || !L->out || !L->use || !L->def) return -1;
    int bi = 0;
    on = false;
    for (MlirBlock b = mlirRegionGetFirstBlock(r); !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b)) {
        on |= mlirBlockEqual(b, first);
        if (!on) continue;
        L->blk[bi] = b;
        uint64_t *use = L->use + (size_t)bi * L->words, *def = L->def + (size_t)bi * L->words;
        for (intptr_t i = 0; i < mlirBlockGetNumArguments(b); i++)
            bset(def, vmap_get(&p->ids, mlirBlockGetArgument(b, i)));
        for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op);
             op = mlirOperationGetNextInBlock(op)) {
            for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); i++) {
                int id = vmap_get(&p->ids, mlirOperationGetOperand(op, i));
                if (id >= 0 && !bget(def, id)) bset(use, id);
            }
            for (intptr_t i = 0; i < mlirOperationGetNumResults(op); i++)
                bset(def, vmap_get(&p->ids, mlirOperationGetResult(op, i)));
        }
        bi++;
    }
    /* successors of each block, once */
    int *succ = NULL, *nsucc = calloc((size_t)L->nb + 1, sizeof *nsucc), total = 0;
    for (int b = 0; b < L->nb; b++) {
        MlirOperation term = mlirBlockGetTerminator(L->blk[b]);
        if (!mlirOperationIsNull(term)) total += (int)mlirOperationGetNumSuccessors(term);
    }
    succ = calloc((size_t)total + 1, sizeof *succ);
    if (!succ || !nsucc) {
        free(succ);
        free(nsucc);
        return -1;
    }
    int k = 0;
    for (int b = 0; b < L->nb; b++) {
        MlirOperation term = mlirBlockGetTerminator(L->blk[b]);
        nsucc[b] = k;
        if (!mlirOperationIsNull(term))
            for (intptr_t i = 0; i < mlirOperationGetNumSuccessors(term); i++)
                succ[k++] = block_pos(L, mlirOperationGetSuccessor(term, i));
    }
    nsucc[L->nb] = k;
    for (bool changed = true; changed;) {
        changed = false;
        for (int b = L->nb - 1; b >= 0; b--) {
            uint64_t *in = L->in + (size_t)b * L->words, *out = L->out + (size_t)b * L->words;
            uint64_t *use = L->use + (size_t)b * L->words, *def = L->def + (size_t)b * L->words;
            for (int s = nsucc[b]; s < nsucc[b + 1]; s++) {
                if (succ[s] < 0) continue;
                const uint64_t *sin = L->in + (size_t)succ[s] * L->words;
                for (int w2 = 0; w2 < L->words; w2++) out[w2] |= sin[w2];
            }
            for (int w2 = 0; w2 < L->words; w2++) {
                uint64_t v = use[w2] | (out[w2] & ~def[w2]);
                if (v != in[w2]) {
                    in[w2] = v;
                    changed = true;
                }
            }
        }
    }
    free(succ);
    free(nsucc);
    return 0;
}

static void live_free(live *L) {
    free(L->blk);
    free(L->in);
    free(L->out);
    free(L->use);
    free(L->def);
}

/* ---- the transformation ---- */

typedef struct susp {
    MlirBlock from, cont; /* the block that ends at the suspension, the one that goes on */
    int32_t site;         /* barrier site; -1: a cross-lane operation */
} susp;

/* Splitting block `from` moved its end into `cont`: a suspension recorded earlier at the end of
 * `from` (a cross-lane put followed in the same block by a barrier, say) now ends `cont`. */
static void moved_end(susp *sp, int nsp, MlirBlock from, MlirBlock cont) {
    for (int i = 0; i < nsp; i++)
        if (mlirBlockEqual(sp[i].from, from)) sp[i].from = cont;
}

/* Stores v into its frame slot right after its definition and loads it before every use. */
static void demote(ph *p, MlirValue v, int64_t off) {
    MlirType t = mlirValueGetType(v);
    /* the uses first (the store added below is a use too) */
    int nu = 0, cap = 8;
    MlirOpOperand *uses = malloc(sizeof *uses * (size_t)cap);
    for (MlirOpOperand u = mlirValueGetFirstUse(v); uses && !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
        if (nu == cap) {
            MlirOpOperand *nw = realloc(uses, sizeof *uses * (size_t)(cap *= 2));
            if (!nw) break;
            uses = nw;
        }
        uses[nu++] = u;
    }
    MlirOperation *owners = calloc((size_t)nu + 1, sizeof *owners);
    unsigned *nums = calloc((size_t)nu + 1, sizeof *nums);
    for (int i = 0; owners && nums && i < nu; i++) {
        owners[i] = mlirOpOperandGetOwner(uses[i]);
        nums[i] = mlirOpOperandGetOperandNumber(uses[i]);
    }
    for (int i = 0; owners && nums && i < nu; i++) {
        fly_emu_irb b = {p->ctx, mlirOperationGetBlock(owners[i]), owners[i], mlirOperationGetLocation(owners[i])};
        MlirValue slot = fly_emu_irb_gep_const(&b, p->fr, (int32_t)off, p->i8);
        MlirValue l = fly_emu_irb_load(&b, slot, t, 1);
        mlirOperationSetOperand(owners[i], nums[i], l);
    }
    free(uses);
    free(owners);
    free(nums);
    MlirOperation after;
    MlirBlock blk;
    if (mlirValueIsABlockArgument(v)) {
        blk = mlirBlockArgumentGetOwner(v);
        after = mlirBlockGetFirstOperation(blk);
    } else {
        MlirOperation d = mlirOpResultGetOwner(v);
        blk = mlirOperationGetBlock(d);
        after = mlirOperationGetNextInBlock(d);
    }
    fly_emu_irb b = {p->ctx, blk, after,
                     mlirValueIsABlockArgument(v) ? mlirOperationGetLocation(after)
                                                  : mlirOperationGetLocation(mlirOpResultGetOwner(v))};
    MlirValue slot = fly_emu_irb_gep_const(&b, p->fr, (int32_t)off, p->i8);
    fly_emu_irb_store(&b, v, slot, 1);
}

/* At the end of blk: the thread's state byte, then a branch to NEXT with the counters. */
static void leave_thread(ph *p, MlirBlock blk, int state, int32_t site, int32_t index, MlirLocation loc) {
    fly_emu_irb b = {p->ctx, blk, {NULL}, loc};
    if (index >= 0) fly_emu_irb_store(&b, fly_emu_irb_llconst(&b, index, p->i32), p->fr, 4);
    if (state >= 0)
        fly_emu_irb_store(&b, fly_emu_irb_llconst(&b, state, p->i8), fly_emu_irb_gep_dyn(&b, p->st, p->t, p->i8), 1);
    if (site >= 0)
        fly_emu_irb_store(&b, fly_emu_irb_llconst(&b, site, p->i32), fly_emu_irb_gep_dyn(&b, p->sites, p->t, p->i32),
                          4);
    MlirValue one = fly_emu_irb_llconst(&b, 1, p->i64);
    MlirValue nd = state == FLY_EMU_T_DONE ? fly_emu_irb_bin(&b, "llvm.add", p->nd, one) : p->nd;
    MlirValue nbv = state == FLY_EMU_T_BAR ? fly_emu_irb_bin(&b, "llvm.add", p->nb, one) : p->nb;
    MlirValue args[2] = {nd, nbv};
    MlirOperationState os = mlirOperationStateGet(fly_ir_sref("llvm.br"), loc);
    mlirOperationStateAddOperands(&os, 2, args);
    mlirOperationStateAddSuccessors(&os, 1, &p->next);
    fly_ir_op_insert(blk, (MlirOperation){NULL}, mlirOperationCreate(&os));
}

static MlirOperation branch(ph *p, MlirBlock at, const char *name, int nops, const MlirValue *ops, int nsucc,
                            MlirBlock *succ, int nattrs, const MlirNamedAttribute *attrs, MlirLocation loc) {
    (void)p;
    MlirOperationState os = mlirOperationStateGet(fly_ir_sref(name), loc);
    mlirOperationStateAddOperands(&os, nops, ops);
    mlirOperationStateAddSuccessors(&os, nsucc, succ);
    mlirOperationStateAddAttributes(&os, nattrs, attrs);
    MlirOperation op = mlirOperationCreate(&os);
    fly_ir_op_insert(at, (MlirOperation){NULL}, op);
    return op;
}

/* What fly_emu_shfl_put does, inline before b's point: the thread's operands (ops: ctx, value,
 * offset, width, mode) into the block's arrays (sh: the six FLY_EMU_CTX_SH_* pointers), its state
 * T_WAVE, its site -1, one more waiting thread in the ctx's count. */
static void shfl_put_inline(ph *p, fly_emu_irb *b, const MlirValue *ops, const MlirValue *sh) {
    fly_emu_irb_store(b, ops[1], fly_emu_irb_gep_dyn(b, sh[0], p->t, p->i64), 8);
    for (int j = 0; j < 3; j++) fly_emu_irb_store(b, ops[2 + j], fly_emu_irb_gep_dyn(b, sh[1 + j], p->t, p->i32), 4);
    fly_emu_irb_store(b, fly_emu_irb_llconst(b, FLY_EMU_T_WAVE, p->i8), fly_emu_irb_gep_dyn(b, p->st, p->t, p->i8), 1);
    fly_emu_irb_store(b, fly_emu_irb_llconst(b, -1, p->i32), fly_emu_irb_gep_dyn(b, p->sites, p->t, p->i32), 4);
    MlirValue cw = fly_emu_irb_gep_const(b, p->ctxv, FLY_EMU_CTX_CNT_WAVE, p->i64);
    MlirValue n = fly_emu_irb_load(b, cw, p->i64, 8);
    fly_emu_irb_store(b, fly_emu_irb_bin(b, "llvm.add", n, fly_emu_irb_llconst(b, 1, p->i64)), cw, 8);
}

/* What fly_emu_shfl_get does, inline in place of the call op (which goes): the thread's result and
 * the valid flag into the ctx's xvalid word. */
static void shfl_get_inline(ph *p, MlirOperation op, const MlirValue *sh) {
    fly_emu_irb b = {p->ctx, mlirOperationGetBlock(op), op, mlirOperationGetLocation(op)};
    MlirValue r = fly_emu_irb_load(&b, fly_emu_irb_gep_dyn(&b, sh[4], p->t, p->i64), p->i64, 8);
    MlirValue v = fly_emu_irb_load(&b, fly_emu_irb_gep_dyn(&b, sh[5], p->t, p->i8), p->i8, 1);
    v = fly_emu_irb_val(&b, "llvm.zext", 1, &v, p->i64, 0, NULL);
    fly_emu_irb_store(&b, v, fly_emu_irb_gep_const(&b, p->ctxv, FLY_EMU_CTX_XVALID, p->i64), 8);
    mlirValueReplaceAllUsesOfWith(fly_ir_res0(op), r);
    mlirOperationDestroy(op);
}

/* Whether op (in the original entry block) computes the same for every thread of a block from
 * values available before the thread loop: it moves to the new entry. */
static bool uniform_op(MlirOperation op, const vmap *uni) {
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); i++)
        if (vmap_get(uni, mlirOperationGetOperand(op, i)) < 0) return false;
    if (op_is(op, "llvm.mlir.constant") || op_is(op, "llvm.mlir.zero") || op_is(op, "llvm.mlir.undef") ||
        op_is(op, "llvm.mlir.addressof") || op_is(op, "llvm.mlir.poison") || op_is(op, "llvm.getelementptr") ||
        op_is(op, "llvm.addrspacecast") || op_is(op, "llvm.extractvalue") || op_is(op, "llvm.insertvalue") ||
        op_is(op, "llvm.bitcast"))
        return true;
    if (!op_is(op, "llvm.load")) return false;
    /* ctx words that stay the same during a block (not the running thread's) */
    MlirValue a = mlirOperationGetOperand(op, 0);
    if (vmap_get(uni, a) == 0) return true; /* word 0: the block id's x */
    if (!mlirValueIsAOpResult(a) || !op_is(mlirOpResultGetOwner(a), "llvm.getelementptr")) return false;
    MlirOperation g = mlirOpResultGetOwner(a);
    if (mlirOperationGetNumOperands(g) != 1 || vmap_get(uni, mlirOperationGetOperand(g, 0)) != 0)
        return false; /* index 0 of the uniform map: ctx */
    MlirAttribute ri = mlirOperationGetAttributeByName(g, fly_ir_sref("rawConstantIndices"));
    if (mlirAttributeIsNull(ri) || mlirDenseArrayGetNumElements(ri) != 1) return false;
    int32_t w = mlirDenseI32ArrayGetElement(ri, 0);
    return (w >= 0 && w < FLY_EMU_CTX_TID) || (w >= FLY_EMU_CTX_HITS && w <= FLY_EMU_CTX_INTR);
}

static int phases(MlirModule m, fly_emu_kernel *k, char *err, size_t cap) {
    MlirOperation f = fly_emu_irb_kernel_body(m, k->name, err, cap);
    if (mlirOperationIsNull(f)) return -1;
    MlirContext ctx = mlirModuleGetContext(m);
    MlirRegion r = mlirOperationGetRegion(f, 0);
    MlirBlock entry = mlirRegionGetFirstBlock(r);
    MlirLocation loc = mlirOperationGetLocation(f);
    /* what this cannot handle */
    for (MlirBlock b = entry; !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
        for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op);
             op = mlirOperationGetNextInBlock(op)) {
            if (mlirOperationGetNumRegions(op)) return 1;
            if (op_is(op, "llvm.alloca")) {
                MlirValue n = mlirOperationGetOperand(op, 0);
                if (!mlirValueIsAOpResult(n) || !op_is(mlirOpResultGetOwner(n), "llvm.mlir.constant") ||
                    !slot_bytes(mlirTypeAttrGetValue(mlirOperationGetAttributeByName(op, fly_ir_sref("elem_type")))))
                    return 1;
            }
            for (intptr_t i = 0; i < mlirOperationGetNumResults(op); i++)
                if (!slot_bytes(mlirValueGetType(mlirOperationGetResult(op, i)))) return 1;
            if (op_is(op, "llvm.intr.stacksave") || op_is(op, "llvm.intr.stackrestore")) return 1;
        }
    ph p = {.ctx = ctx};
    p.ptr = fly_emu_irb_type(ctx, "!llvm.ptr");
    p.i64 = mlirIntegerTypeGet(ctx, 64), p.i32 = mlirIntegerTypeGet(ctx, 32);
    p.i8 = mlirIntegerTypeGet(ctx, 8), p.i1 = mlirIntegerTypeGet(ctx, 1);
    p.ctxv = mlirBlockGetArgument(entry, 0);
    int rc = -1;
    live L = {0};
    susp *sp = NULL;
    int nsp = 0;
    fly_opvec allocas = {0}, rets = {0}, bars = {0}, shfls = {0};
    vmap uni = {0};
    /* 1. the original entry's ops move to ORIG; uniform ones (and every constant) to the new entry */
    MlirBlock orig = mlirBlockCreate(0, NULL, NULL);
    mlirRegionInsertOwnedBlockAfter(r, entry, orig);
    for (MlirOperation op = mlirBlockGetFirstOperation(entry); !mlirOperationIsNull(op);) {
        MlirOperation next = mlirOperationGetNextInBlock(op);
        mlirOperationRemoveFromParent(op);
        mlirBlockAppendOwnedOperation(orig, op);
        op = next;
    }
    if (vmap_put(&uni, p.ctxv, 0)) goto out;
    for (intptr_t i = 4; i < mlirBlockGetNumArguments(entry); i++)
        if (vmap_put(&uni, mlirBlockGetArgument(entry, i), 1)) goto out;
    for (MlirOperation op = mlirBlockGetFirstOperation(orig); !mlirOperationIsNull(op);) {
        MlirOperation next = mlirOperationGetNextInBlock(op);
        if (uniform_op(op, &uni)) {
            mlirOperationRemoveFromParent(op);
            mlirBlockAppendOwnedOperation(entry, op);
            for (intptr_t i = 0; i < mlirOperationGetNumResults(op); i++)
                if (vmap_put(&uni, mlirOperationGetResult(op, i), 1)) goto out;
        }
        op = next;
    }
    for (MlirBlock b = mlirBlockGetNextInRegion(orig); !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
        for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op);) {
            MlirOperation next = mlirOperationGetNextInBlock(op);
            if (!mlirOperationGetNumOperands(op) && mlirOperationGetNumResults(op) == 1 && uniform_op(op, &uni)) {
                mlirOperationRemoveFromParent(op);
                mlirBlockAppendOwnedOperation(entry, op);
            }
            op = next;
        }
    /* 2. the thread loop: LANE(t, x, y, z, nd, nb) -> CHECK -> DISPATCH; NEXT(nd, nb); EXIT */
    fly_emu_irb eb = {ctx, entry, {NULL}, loc};
    MlirValue frames = fly_emu_irb_ctx_load(&eb, p.ctxv, FLY_EMU_CTX_FRAMES, p.ptr);
    MlirValue stride = fly_emu_irb_ctx_load(&eb, p.ctxv, FLY_EMU_CTX_STRIDE, p.i64);
    MlirValue n = fly_emu_irb_ctx_load(&eb, p.ctxv, FLY_EMU_CTX_NTHREADS, p.i64);
    p.st = fly_emu_irb_ctx_load(&eb, p.ctxv, FLY_EMU_CTX_STATE, p.ptr);
    p.sites = fly_emu_irb_ctx_load(&eb, p.ctxv, FLY_EMU_CTX_SITES, p.ptr);
    MlirValue bx = fly_emu_irb_ctx_load(&eb, p.ctxv, FLY_EMU_CTX_BLOCK_DIM, p.i64);
    MlirValue by = fly_emu_irb_ctx_load(&eb, p.ctxv, FLY_EMU_CTX_BLOCK_DIM + 1, p.i64);
    MlirValue zero = fly_emu_irb_llconst(&eb, 0, p.i64), one = fly_emu_irb_llconst(&eb, 1, p.i64);
    MlirType lt[6] = {p.i64, p.i64, p.i64, p.i64, p.i64, p.i64};
    MlirLocation ll[6] = {loc, loc, loc, loc, loc, loc};
    MlirBlock lane = mlirBlockCreate(6, lt, ll), check = mlirBlockCreate(0, NULL, NULL);
    MlirBlock dispatch = mlirBlockCreate(0, NULL, NULL), exitb = mlirBlockCreate(0, NULL, NULL);
    p.next = mlirBlockCreate(2, lt, ll);
    mlirRegionInsertOwnedBlockAfter(r, entry, lane);
    mlirRegionInsertOwnedBlockAfter(r, lane, check);
    mlirRegionInsertOwnedBlockAfter(r, check, dispatch);
    mlirRegionAppendOwnedBlock(r, p.next);
    mlirRegionAppendOwnedBlock(r, exitb);
    MlirValue init[6] = {zero, zero, zero, zero, zero, zero};
    branch(&p, entry, "llvm.br", 6, init, 1, &lane, 0, NULL, loc);
    p.t = mlirBlockGetArgument(lane, 0);
    MlirValue x = mlirBlockGetArgument(lane, 1), y = mlirBlockGetArgument(lane, 2), z = mlirBlockGetArgument(lane, 3);
    p.nd = mlirBlockGetArgument(lane, 4), p.nb = mlirBlockGetArgument(lane, 5);
    {
        fly_emu_irb b = {ctx, lane, {NULL}, loc};
        MlirValue more = fly_emu_irb_icmp(&b, 2, p.t, n); /* slt */
        fly_emu_irb_cond_br(&b, more, check, exitb, 0, 0);
        fly_emu_irb c = {ctx, check, {NULL}, loc};
        MlirValue sp8 = fly_emu_irb_gep_dyn(&c, p.st, p.t, p.i8);
        MlirValue s = fly_emu_irb_load(&c, sp8, p.i8, 1);
        MlirValue ready = fly_emu_irb_icmp(&c, 0, s, fly_emu_irb_llconst(&c, FLY_EMU_T_READY, p.i8));
        int32_t seg[3] = {1, 0, 2};
        MlirNamedAttribute sa = fly_ir_named(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 3, seg));
        MlirValue cops[3] = {ready, p.nd, p.nb};
        MlirBlock cs[2] = {dispatch, p.next};
        branch(&p, check, "llvm.cond_br", 3, cops, 2, cs, 1, &sa, loc);
        fly_emu_irb d = {ctx, dispatch, {NULL}, loc};
        fly_emu_irb_store(&d, p.t, fly_emu_irb_gep_const(&d, p.ctxv, FLY_EMU_CTX_CUR, p.i64), 8);
        MlirValue sp8b = fly_emu_irb_gep_dyn(&d, p.st, p.t, p.i8);
        fly_emu_irb_store(&d, fly_emu_irb_llconst(&d, FLY_EMU_T_RUN, p.i8), sp8b, 1);
        MlirValue mul[2] = {p.t, stride};
        MlirValue off = fly_emu_irb_val(&d, "llvm.mul", 2, mul, p.i64, 0, NULL);
        p.fr = fly_emu_irb_gep_dyn(&d, frames, off, p.i8);
        /* NEXT: the next thread's ids without divisions */
        fly_emu_irb nx = {ctx, p.next, {NULL}, loc};
        MlirValue t1 = fly_emu_irb_bin(&nx, "llvm.add", p.t, one);
        MlirValue x1 = fly_emu_irb_bin(&nx, "llvm.add", x, one);
        MlirValue wx = fly_emu_irb_icmp(&nx, 0, x1, bx);
        MlirValue x2 = select_v(&nx, wx, zero, x1);
        MlirValue y1 = select_v(&nx, wx, fly_emu_irb_bin(&nx, "llvm.add", y, one), y);
        MlirValue wy = fly_emu_irb_icmp(&nx, 0, y1, by);
        MlirValue y2 = select_v(&nx, wy, zero, y1);
        MlirValue z2 = select_v(&nx, wy, fly_emu_irb_bin(&nx, "llvm.add", z, one), z);
        MlirValue la[6] = {t1, x2, y2, z2, mlirBlockGetArgument(p.next, 0), mlirBlockGetArgument(p.next, 1)};
        branch(&p, p.next, "llvm.br", 6, la, 1, &lane, 0, NULL, loc);
        fly_emu_irb xb = {ctx, exitb, {NULL}, loc};
        fly_emu_irb_store(&xb, p.nd, fly_emu_irb_gep_const(&xb, p.ctxv, FLY_EMU_CTX_CNT_DONE, p.i64), 8);
        fly_emu_irb_store(&xb, p.nb, fly_emu_irb_gep_const(&xb, p.ctxv, FLY_EMU_CTX_CNT_BAR, p.i64), 8);
        fly_emu_irb_op(&xb, "llvm.return", 0, NULL, fly_ir_type_null(), 0, NULL);
    }
    for (int d = 0; d < 3; d++)
        mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(entry, 1 + d), d == 0 ? x : d == 1 ? y : z);
    p.frame = 8; /* the suspension index */
    /* 3. the body's allocas, suspension points and returns */
    for (MlirBlock b = orig; !mlirBlockIsNull(b) && !mlirBlockEqual(b, p.next); b = mlirBlockGetNextInRegion(b))
        for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op);
             op = mlirOperationGetNextInBlock(op)) {
            if (op_is(op, "llvm.alloca")) fly_opvec_push(&allocas, op);
            else if (op_is(op, "llvm.return")) fly_opvec_push(&rets, op);
            else if (calls(op, "fly_emu_barrier")) fly_opvec_push(&bars, op);
            else if (calls(op, "fly_emu_shfl")) fly_opvec_push(&shfls, op);
        }
    for (int i = 0; i < allocas.n; i++) {
        MlirOperation op = allocas.v[i];
        MlirType et = mlirTypeAttrGetValue(mlirOperationGetAttributeByName(op, fly_ir_sref("elem_type")));
        MlirValue cnt = mlirOperationGetOperand(op, 0);
        int64_t c = mlirIntegerAttrGetValueInt(
            mlirOperationGetAttributeByName(mlirOpResultGetOwner(cnt), fly_ir_sref("value")));
        MlirAttribute aa = mlirOperationGetAttributeByName(op, fly_ir_sref("alignment"));
        size_t al = mlirAttributeIsNull(aa) ? 16 : (size_t)mlirIntegerAttrGetValueInt(aa);
        al = al < 16 ? 16 : al;
        p.frame = (p.frame + al - 1) / al * al;
        fly_emu_irb d = {ctx, dispatch, {NULL}, mlirOperationGetLocation(op)};
        MlirValue q = fly_emu_irb_gep_const(&d, p.fr, (int32_t)p.frame, p.i8);
        MlirType rt = mlirValueGetType(fly_ir_res0(op));
        if (!mlirTypeEqual(rt, p.ptr)) q = fly_emu_irb_val(&d, "llvm.addrspacecast", 1, &q, rt, 0, NULL);
        mlirValueReplaceAllUsesOfWith(fly_ir_res0(op), q);
        mlirOperationDestroy(op);
        p.frame += (size_t)(c > 0 ? c : 1) * (size_t)slot_bytes(et);
    }
    /* a cross-lane operation: fly_emu_shfl_put(operands), suspend, then fly_emu_shfl_get reads the
     * result (its other operands become constants: nothing else needs to live across) */
    sp = calloc((size_t)(bars.n + shfls.n) + 1, sizeof *sp);
    if (!sp) goto out;
    bool shcall = getenv("FLYI_EMU_SHFL_CALL") != NULL;
    MlirValue sh[6];
    fly_emu_irb ent = {ctx, entry, mlirBlockGetTerminator(entry), loc};
    for (int i = 0; !shcall && i < 6; i++) sh[i] = fly_emu_irb_ctx_load(&ent, p.ctxv, FLY_EMU_CTX_SH_VAL + i, p.ptr);
    for (int i = 0; i < shfls.n; i++) {
        MlirOperation op = shfls.v[i];
        MlirValue ops[5];
        for (int j = 0; j < 5; j++) ops[j] = mlirOperationGetOperand(op, j);
        fly_emu_irb pb = {ctx, mlirOperationGetBlock(op), op, mlirOperationGetLocation(op)};
        if (shcall) fly_emu_irb_llcall(&pb, "fly_emu_shfl_put", 5, ops);
        else shfl_put_inline(&p, &pb, ops, sh);
        MlirBlock from = mlirOperationGetBlock(op);
        MlirBlock cont = fly_emu_irb_split(from, op);
        moved_end(sp, nsp, from, cont);
        if (!shcall) {
            shfl_get_inline(&p, op, sh);
            sp[nsp++] = (susp){from, cont, -1};
            continue;
        }
        fly_emu_irb z0 = {ctx, entry, mlirBlockGetTerminator(entry), loc};
        mlirOperationSetOperand(op, 1, fly_emu_irb_llconst(&z0, 0, p.i64));
        for (int j = 2; j < 5; j++) mlirOperationSetOperand(op, j, fly_emu_irb_llconst(&z0, 0, p.i32));
        mlirOperationSetAttributeByName(op, fly_ir_sref("callee"),
                                        mlirFlatSymbolRefAttrGet(ctx, fly_ir_sref("fly_emu_shfl_get")));
        sp[nsp++] = (susp){from, cont, -1};
    }
    for (int i = 0; i < bars.n; i++) {
        MlirOperation op = bars.v[i];
        MlirValue sv = mlirOperationGetOperand(op, 1);
        int32_t site = mlirValueIsAOpResult(sv) && op_is(mlirOpResultGetOwner(sv), "llvm.mlir.constant")
                           ? (int32_t)mlirIntegerAttrGetValueInt(
                                 mlirOperationGetAttributeByName(mlirOpResultGetOwner(sv), fly_ir_sref("value")))
                           : -1;
        MlirBlock from = mlirOperationGetBlock(op);
        MlirBlock cont = fly_emu_irb_split(from, mlirOperationGetNextInBlock(op));
        moved_end(sp, nsp, from, cont);
        mlirOperationDestroy(op);
        sp[nsp++] = (susp){from, cont, site < 0 ? 0 : site};
    }
    /* temporary edges from, cont for the liveness */
    for (int i = 0; i < nsp; i++) {
        fly_emu_irb b = {ctx, sp[i].from, {NULL}, loc};
        fly_emu_irb_br(&b, sp[i].cont);
    }
    if (liveness(&p, r, orig, &L)) goto out;
    /* 4. what lives across a suspension gets a slot */
    uint64_t *across = calloc((size_t)L.words, 8);
    if (!across) goto out;
    for (int i = 0; i < nsp; i++) {
        int bi = block_pos(&L, sp[i].cont);
        for (int w = 0; bi >= 0 && w < L.words; w++) across[w] |= L.in[(size_t)bi * L.words + w];
    }
    for (int id = 0; id < p.nvals; id++) {
        if (!bget(across, id)) continue;
        MlirValue v = p.vals[id];
        int64_t sz = slot_bytes(mlirValueGetType(v));
        size_t al = sz >= 16 ? 16 : 8;
        p.frame = (p.frame + al - 1) / al * al;
        demote(&p, v, (int64_t)p.frame);
        p.frame += (size_t)sz;
    }
    free(across);
    /* 5. the suspensions and the ends leave the thread */
    for (int i = 0; i < nsp; i++) {
        MlirOperation br = mlirBlockGetTerminator(sp[i].from);
        MlirLocation bl = mlirOperationGetLocation(br);
        mlirOperationDestroy(br);
        leave_thread(&p, sp[i].from, sp[i].site >= 0 ? FLY_EMU_T_BAR : -1, sp[i].site, i + 1, bl);
    }
    for (int i = 0; i < rets.n; i++) {
        MlirBlock b = mlirOperationGetBlock(rets.v[i]);
        MlirLocation rl = mlirOperationGetLocation(rets.v[i]);
        mlirOperationDestroy(rets.v[i]);
        leave_thread(&p, b, FLY_EMU_T_DONE, -1, -1, rl);
    }
    /* 6. DISPATCH: index 0 starts the thread, index i + 1 goes on after suspension i */
    {
        fly_emu_irb d = {ctx, dispatch, {NULL}, loc};
        MlirValue idx = fly_emu_irb_load(&d, p.fr, p.i32, 4);
        int32_t *cv = calloc((size_t)nsp + 1, sizeof *cv), *segs = calloc((size_t)nsp + 1, sizeof *segs);
        MlirBlock *succ = calloc((size_t)nsp + 2, sizeof *succ);
        if (!cv || !segs || !succ) {
            free(cv);
            free(segs);
            free(succ);
            goto out;
        }
        succ[0] = orig;
        for (int i = 0; i < nsp; i++) {
            cv[i] = i + 1;
            succ[i + 1] = sp[i].cont;
        }
        int32_t seg[3] = {1, 0, 0};
        MlirType vt = mlirVectorTypeGet(1, (int64_t[]){nsp}, p.i32);
        MlirNamedAttribute sa[3] = {
            fly_ir_named(ctx, "case_values", mlirDenseElementsAttrInt32Get(vt, nsp, cv)),
            fly_ir_named(ctx, "case_operand_segments", mlirDenseI32ArrayGet(ctx, nsp, segs)),
            fly_ir_named(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 3, seg)),
        };
        branch(&p, dispatch, "llvm.switch", 1, &idx, nsp + 1, succ, 3, sa, loc);
        free(cv);
        free(segs);
        free(succ);
    }
    k->frame_bytes = (p.frame + 63) / 64 * 64;
    rc = 0;
out:
    live_free(&L);
    free(sp);
    free(p.vals);
    free(p.ids.key);
    free(p.ids.val);
    free(uni.key);
    free(uni.val);
    fly_opvec_free(&allocas);
    fly_opvec_free(&rets);
    fly_opvec_free(&bars);
    fly_opvec_free(&shfls);
    if (rc) snprintf(err, cap, "%s: out of memory", k->name);
    return rc;
}

int fly_emu_make_phases(MlirModule m, fly_emu_kernel *k, char *err, size_t cap) { return phases(m, k, err, cap); }
