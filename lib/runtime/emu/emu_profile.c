/* emu_profile.c - the profiler: counter calls in the kernels' host code, and what the counts mean.
 *
 * Compiled with FLY_EMU_COMPILE_PROFILE, every global or LDS access, atomic, barrier, MFMA and basic
 * block of a kernel body calls fly_emu_prof(ctx, address, site) first. Threads run one after another
 * (or phase by phase), so a wave's instruction is rebuilt from its lanes: the n-th execution of a site
 * by each lane of wave w is wave instruction (site, w, n), as SIMT hardware issues it (loops included:
 * iteration n of every lane still in the loop). Per worker, each site keeps a slot per (n, w) with the
 * mask of lanes that executed it and their addresses; when the block ends, each slot is one wave
 * instruction: its active lanes give divergence, the union of its lanes' byte ranges and the 64-byte
 * segments they fall in give coalescing, and its LDS offsets, split into the phases the bank model
 * serves at once, give the bank conflicts (the most distinct dwords one bank must deliver in a phase).
 * Barriers record the basic blocks each thread ran since its last barrier, from which the block's
 * imbalance (the work the other waves wait for) follows. Memory for slots is capped per worker; past
 * the cap, executions are still counted but not their lanes (the site says so). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "passes/pass.h"
#include "runtime/emu/emu.h"
#include "runtime/emu/emu_irb.h"
#include "runtime/emu/emu_profile.h"
#include "runtime/profile.h"

#define WAVE FLY_EMU_PROF_WAVE
#define MAX_WAVES_PER_BLOCK 16 /* 1024 threads */
#define SLOT_MEM_CAP ((size_t)256 << 20) /* bytes of slots per worker */

/* ---- instrumentation ---- */

typedef struct prof_ud {
    fly_opvec acc, calls;
} prof_ud;

static bool is_call_to(MlirOperation op, const char *callee) { return fly_emu_irb_is_call(op, callee); }

static MlirWalkResult collect(MlirOperation op, void *user) {
    prof_ud *u = user;
    if (fly_ir_op_is(op, "llvm.load") || fly_ir_op_is(op, "llvm.store") || fly_ir_op_is(op, "llvm.atomicrmw") ||
        fly_ir_op_is(op, "llvm.cmpxchg"))
        fly_opvec_push(&u->acc, op);
    else if (is_call_to(op, "fly_emu_barrier") || is_call_to(op, "fly_emu_shfl")) fly_opvec_push(&u->calls, op);
    return MlirWalkResultAdvance;
}

static int add_psite_str(fly_emu_kernel *k, int kind, int bytes, int mfma, const char *loc) {
    fly_emu_psite *v = realloc(k->psites, sizeof *v * (size_t)(k->npsites + 1));
    if (!v) return -1;
    k->psites = v;
    v[k->npsites] = (fly_emu_psite){kind, bytes, mfma, -1, strdup(loc)};
    return k->npsites++;
}

static int add_psite(fly_emu_kernel *k, int kind, int bytes, int mfma, MlirLocation loc) {
    char buf[256];
    fly_ir_loc_str(loc, buf, sizeof buf);
    return add_psite_str(k, kind, bytes, mfma, buf);
}

/* The length of the "file:line" prefix of a location string (0: no source line in it). */
static size_t line_key(const char *s) {
    for (const char *p = strchr(s, ':'); p; p = strchr(p + 1, ':'))
        if (p[1] >= '0' && p[1] <= '9') {
            const char *e = p + 1;
            while (*e >= '0' && *e <= '9') e++;
            return (size_t)(e - s);
        }
    return 0;
}

/* The source locations of the ops of blk, one per distinct file:line, joined by ';' (in order). */
static void block_lines(MlirBlock blk, char *out, size_t cap) {
    size_t n = 0;
    for (MlirOperation op = mlirBlockGetFirstOperation(blk); !mlirOperationIsNull(op);
         op = mlirOperationGetNextInBlock(op)) {
        char buf[256];
        fly_ir_loc_str(mlirOperationGetLocation(op), buf, sizeof buf);
        size_t key = line_key(buf);
        if (!key || strchr(buf, ';')) continue;
        bool seen = false;
        for (const char *p = out; *p && !seen;) {
            const char *e = strchr(p, ';');
            if (line_key(p) == key && !strncmp(p, buf, key)) seen = true;
            p = e ? e + 1 : p + strlen(p);
        }
        size_t bl = strlen(buf);
        if (seen || n + bl + 2 >= cap) continue;
        if (n) out[n++] = ';';
        memcpy(out + n, buf, bl + 1);
        n += bl;
    }
}

static void prof_call(MlirContext ctx, MlirOperation before, MlirValue ctxv, MlirValue addr, int site) {
    MlirType i64 = mlirIntegerTypeGet(ctx, 64), i32 = mlirIntegerTypeGet(ctx, 32);
    fly_emu_irb b = {ctx, mlirOperationGetBlock(before), before, mlirOperationGetLocation(before)};
    if (mlirValueIsNull(addr)) addr = fly_emu_irb_llconst(&b, 0, i64);
    else addr = fly_emu_irb_val(&b, "llvm.ptrtoint", 1, &addr, i64, 0, NULL);
    MlirValue args[3] = {ctxv, addr, fly_emu_irb_llconst(&b, site, i32)};
    fly_emu_irb_llcall(&b, "fly_emu_prof", 3, args);
}

static bool const_value(MlirValue v, int64_t *c);

/* The integer value of a constant operand (llvm.mlir.constant), or -1. */
static int64_t const_operand(MlirOperation op, int i) {
    int64_t c;
    if (mlirOperationGetNumOperands(op) <= i || !const_value(mlirOperationGetOperand(op, i), &c)) return -1;
    return c;
}

/* ---- the hardware compiler's LDS access merging ----
 * LLVM's load/store vectoriser, run by the AMDGPU backend, turns the accesses one thread makes in one basic
 * block to one base at contiguous constant offsets into a wider ds_read/ds_write (up to 16 bytes), and the
 * bank model must see the access the hardware executes: the MFMA operand copy of a 64-bit atom is four
 * 2-byte loads in the host code and one ds_read_b64 on the GPU. A group is such a run of LDS loads (or of
 * stores) with no other LDS access, atomic or call between them; it is split into power-of-two chunks of at
 * most 16 bytes, each counted as one access at its first op. */

typedef struct lds_ref {
    MlirValue base, idx; /* base pointer and the index's variable part (null: none) */
    int64_t off;         /* constant bytes */
} lds_ref;

static bool same_value(MlirValue a, MlirValue b, int depth);

/* The host code is not optimised yet when the profiler instruments it: the same address is recomputed for
 * every access (the thread's values reloaded from its frame, the arithmetic repeated), so "one base" means
 * values computed the same way: the same pure op on the same operands, or a load of a private frame slot. */
static bool same_op(MlirOperation x, MlirOperation y, int depth) {
    MlirIdentifier nx = mlirOperationGetName(x), ny = mlirOperationGetName(y);
    if (!mlirIdentifierEqual(nx, ny)) return false;
    static const char *pure[] = {"llvm.add",           "llvm.sub",           "llvm.mul",      "llvm.shl",
                                 "llvm.lshr",          "llvm.and",           "llvm.or",       "llvm.xor",
                                 "llvm.sext",          "llvm.zext",          "llvm.trunc",    "llvm.getelementptr",
                                 "llvm.mlir.constant", "llvm.addrspacecast", "llvm.ptrtoint", "llvm.inttoptr",
                                 "llvm.load",          "llvm.udiv",          "llvm.sdiv",     "llvm.urem",
                                 "llvm.srem"};
    bool ok = false;
    for (size_t i = 0; i < sizeof pure / sizeof *pure && !ok; i++) ok = fly_ir_op_is(x, pure[i]);
    if (!ok) return false;
    if (fly_ir_op_is(x, "llvm.load") && fly_emu_ptr_as(mlirValueGetType(mlirOperationGetOperand(x, 0))) != 0)
        return false; /* only the thread's own frame slots */
    intptr_t n = mlirOperationGetNumOperands(x);
    if (n != mlirOperationGetNumOperands(y) || mlirOperationGetNumResults(x) != 1 ||
        !mlirTypeEqual(mlirValueGetType(fly_ir_res0(x)), mlirValueGetType(fly_ir_res0(y))))
        return false;
    static const char *attrs[] = {"value", "rawConstantIndices", "elem_type"};
    for (size_t i = 0; i < sizeof attrs / sizeof *attrs; i++) {
        MlirAttribute ax = mlirOperationGetAttributeByName(x, fly_ir_sref(attrs[i]));
        MlirAttribute ay = mlirOperationGetAttributeByName(y, fly_ir_sref(attrs[i]));
        if (mlirAttributeIsNull(ax) != mlirAttributeIsNull(ay)) return false;
        if (!mlirAttributeIsNull(ax) && !mlirAttributeEqual(ax, ay)) return false;
    }
    for (intptr_t i = 0; i < n; i++)
        if (!same_value(mlirOperationGetOperand(x, i), mlirOperationGetOperand(y, i), depth - 1)) return false;
    return true;
}

static bool same_value(MlirValue a, MlirValue b, int depth) {
    if (mlirValueEqual(a, b)) return true;
    if (depth <= 0 || !mlirValueIsAOpResult(a) || !mlirValueIsAOpResult(b)) return false;
    return same_op(mlirOpResultGetOwner(a), mlirOpResultGetOwner(b), depth);
}

/* The constant operand value of an integer llvm.mlir.constant, in *c. */
static bool const_value(MlirValue v, int64_t *c) {
    if (!mlirValueIsAOpResult(v)) return false;
    MlirOperation d = mlirOpResultGetOwner(v);
    MlirAttribute a = mlirOperationGetAttributeByName(d, fly_ir_sref("value"));
    if (!fly_ir_op_is(d, "llvm.mlir.constant") || mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a)) return false;
    *c = mlirIntegerAttrGetValueInt(a);
    return true;
}

/* p as base + idx * element + constant: a single-index getelementptr, its index split into x + c. */
static lds_ref lds_ref_of(MlirValue p, int depth) {
    lds_ref r = {p, {NULL}, 0};
    if (!mlirValueIsAOpResult(p)) return r;
    MlirOperation g = mlirOpResultGetOwner(p);
    if (!fly_ir_op_is(g, "llvm.getelementptr")) return r;
    MlirAttribute ri = mlirOperationGetAttributeByName(g, fly_ir_sref("rawConstantIndices"));
    MlirAttribute et = mlirOperationGetAttributeByName(g, fly_ir_sref("elem_type"));
    if (mlirAttributeIsNull(ri) || mlirDenseArrayGetNumElements(ri) != 1 || mlirAttributeIsNull(et) ||
        !mlirAttributeIsAType(et))
        return r;
    int64_t eb = fly_emu_type_bytes(mlirTypeAttrGetValue(et));
    int32_t i = mlirDenseI32ArrayGetElement(ri, 0);
    if (eb <= 0) return r;
    MlirValue base = mlirOperationGetOperand(g, 0);
    if (i != INT32_MIN) { /* a constant step from another address: that address's form, moved */
        lds_ref in = depth > 0 ? lds_ref_of(base, depth - 1) : (lds_ref){base, {NULL}, 0};
        in.off += (int64_t)i * eb;
        return in;
    }
    if (mlirOperationGetNumOperands(g) != 2) return r;
    MlirValue idx = mlirOperationGetOperand(g, 1);
    int64_t c = 0;
    if (const_value(idx, &c)) return (lds_ref){base, {NULL}, c * eb};
    if (mlirValueIsAOpResult(idx) && fly_ir_op_is(mlirOpResultGetOwner(idx), "llvm.add")) {
        MlirOperation add = mlirOpResultGetOwner(idx);
        MlirValue x = mlirOperationGetOperand(add, 0), y = mlirOperationGetOperand(add, 1);
        if (const_value(y, &c)) return (lds_ref){base, x, c * eb};
        if (const_value(x, &c)) return (lds_ref){base, y, c * eb};
    }
    return (lds_ref){base, idx, 0};
}

static bool same_base(lds_ref a, lds_ref b) {
    if (mlirValueIsNull(a.idx) != mlirValueIsNull(b.idx)) return false;
    if (!same_value(a.base, b.base, 12)) return false;
    return mlirValueIsNull(a.idx) || same_value(a.idx, b.idx, 12);
}

/* The LDS load or store op's pointer and byte width, or false for any other op. */
static bool lds_access(MlirOperation op, bool *store, MlirValue *ptr, int *bytes) {
    bool st = fly_ir_op_is(op, "llvm.store");
    if (!st && !fly_ir_op_is(op, "llvm.load")) return false;
    MlirValue p = mlirOperationGetOperand(op, st ? 1 : 0);
    if (fly_emu_ptr_as(mlirValueGetType(p)) != 3) return false;
    *store = st;
    *ptr = p;
    *bytes = (int)fly_emu_type_bytes(mlirValueGetType(st ? mlirOperationGetOperand(op, 0) : fly_ir_res0(op)));
    return *bytes > 0;
}

typedef struct lds_widths {
    int *v;
    int n, cap;
} lds_widths;

static void widths_push(lds_widths *w, int x) {
    if (w->n == w->cap) {
        int nc = w->cap ? 2 * w->cap : 64;
        int *v = realloc(w->v, sizeof *v * (size_t)nc);
        if (!v) return;
        w->v = v;
        w->cap = nc;
    }
    w->v[w->n++] = x;
}

typedef struct lds_group {
    MlirOperation op[16];
    int bytes[16];
    int n, total;
    bool store;
    lds_ref start;
} lds_group;

/* Chunks of the group: the first op of each gets the chunk's width in widths[], the others -1 (not counted). */
static void flush_group(lds_group *g, fly_opvec *ops, lds_widths *widths) {
    for (int i = 0; i < g->n;) {
        int left = 0;
        for (int j = i; j < g->n; j++) left += g->bytes[j];
        int w = 16;
        while (w > left) w /= 2;
        int j = i, got = 0;
        while (j < g->n && got + g->bytes[j] <= w) got += g->bytes[j++];
        if (j == i) got = g->bytes[j++]; /* an access wider than what is left: itself */
        for (int x = i; x < j; x++) {
            fly_opvec_push(ops, g->op[x]);
            widths_push(widths, x == i ? got : -1);
        }
        i = j;
    }
    g->n = g->total = 0;
}

/* The LDS loads and stores of f's blocks with the width each is counted at (-1: merged into an earlier op). */
static void lds_merge(MlirOperation f, fly_opvec *ops, lds_widths *widths) {
    MlirRegion body = mlirOperationGetRegion(f, 0);
    for (MlirBlock blk = mlirRegionGetFirstBlock(body); !mlirBlockIsNull(blk); blk = mlirBlockGetNextInRegion(blk)) {
        lds_group g = {.n = 0};
        for (MlirOperation op = mlirBlockGetFirstOperation(blk); !mlirOperationIsNull(op);
             op = mlirOperationGetNextInBlock(op)) {
            bool store;
            MlirValue p;
            int bytes;
            if (!lds_access(op, &store, &p, &bytes)) {
                /* accesses to other address spaces do not alias LDS and leave a chain alone */
                bool other = fly_ir_op_is(op, "llvm.call") || fly_ir_op_is(op, "llvm.atomicrmw") ||
                             fly_ir_op_is(op, "llvm.cmpxchg") || mlirOperationGetNumRegions(op) > 0;
                if (other && g.n) flush_group(&g, ops, widths);
                continue;
            }
            lds_ref r = lds_ref_of(p, 8);
            bool extends = g.n && g.n < 16 && store == g.store && same_base(r, g.start) &&
                           r.off == g.start.off + g.total && g.total + bytes <= 16;
            if (!extends && g.n) flush_group(&g, ops, widths);
            if (!g.n) {
                g.store = store;
                g.start = r;
            }
            g.op[g.n] = op;
            g.bytes[g.n++] = bytes;
            g.total += bytes;
        }
        if (g.n) flush_group(&g, ops, widths);
    }
}

/* The width op is counted at under the merging model (0: not an LDS load/store, -1: merged away). */
static int lds_width(const fly_opvec *ops, const lds_widths *widths, MlirOperation op) {
    for (int i = 0; i < ops->n && i < widths->n; i++)
        if (mlirOperationEqual(ops->v[i], op)) return widths->v[i];
    return 0;
}

static int instrument_access(fly_emu_kernel *k, MlirContext ctx, MlirOperation op, MlirValue ctxv, int merged) {
    bool store = fly_ir_op_is(op, "llvm.store");
    bool atomic = fly_ir_op_is(op, "llvm.atomicrmw") || fly_ir_op_is(op, "llvm.cmpxchg");
    MlirValue p = mlirOperationGetOperand(op, store ? 1 : 0);
    int as = fly_emu_ptr_as(mlirValueGetType(p));
    if (as != 1 && as != 3) return 0;
    MlirType vt = store ? mlirValueGetType(mlirOperationGetOperand(op, 0))
                        : mlirValueGetType(atomic ? mlirOperationGetOperand(op, 1) : fly_ir_res0(op));
    int bytes = (int)fly_emu_type_bytes(vt);
    if (bytes <= 0) bytes = 1;
    if (merged < 0) return 0;
    if (merged > 0) bytes = merged;
    int kind = atomic    ? FLY_PROF_ATOMIC
               : as == 1 ? (store ? FLY_PROF_GLOBAL_STORE : FLY_PROF_GLOBAL_LOAD)
                         : (store ? FLY_PROF_LDS_STORE : FLY_PROF_LDS_LOAD);
    int site = add_psite(k, kind, bytes, -1, mlirOperationGetLocation(op));
    if (site < 0) return -1;
    prof_call(ctx, op, ctxv, p, site);
    return 0;
}

int fly_emu_insert_profile(MlirModule m, fly_emu_lowered *out, char *err, size_t cap) {
    MlirContext ctx = mlirModuleGetContext(m);
    for (int i = 0; i < out->n; i++) {
        fly_emu_kernel *k = &out->k[i];
        MlirOperation f = fly_emu_irb_kernel_body(m, k->name, err, cap);
        if (mlirOperationIsNull(f)) return -1;
        MlirRegion body = mlirOperationGetRegion(f, 0);
        MlirValue ctxv = mlirBlockGetArgument(mlirRegionGetFirstBlock(body), 0);
        prof_ud u = {0};
        mlirOperationWalk(f, collect, &u, MlirWalkPreOrder);
        int rc = 0;
        fly_opvec lds_ops = {0};
        lds_widths lds_w = {0};
        if (!getenv("FLYI_PROF_LDS_UNMERGED")) lds_merge(f, &lds_ops, &lds_w);
        for (int j = 0; j < u.acc.n && !rc; j++)
            rc = instrument_access(k, ctx, u.acc.v[j], ctxv, lds_width(&lds_ops, &lds_w, u.acc.v[j]));
        fly_opvec_free(&lds_ops);
        free(lds_w.v);
        for (int j = 0; j < u.calls.n && !rc; j++) {
            MlirOperation op = u.calls.v[j];
            int kind = FLY_PROF_BARRIER, mfma = -1;
            if (is_call_to(op, "fly_emu_shfl")) {
                if (const_operand(op, 4) != FLY_EMU_X_MFMA) continue;
                kind = FLY_PROF_MFMA;
                mfma = (int)const_operand(op, 2);
            }
            int site = add_psite(k, kind, 0, mfma, mlirOperationGetLocation(op));
            if (site < 0) rc = -1;
            else prof_call(ctx, op, ctxv, (MlirValue){NULL}, site);
        }
        /* basic blocks, their site naming every source line of the block: a block that holds a profiled op
         * executes as often as that op (its counts), others get a counter call at the top */
        for (MlirBlock blk = mlirRegionGetFirstBlock(body); !mlirBlockIsNull(blk) && !rc;
             blk = mlirBlockGetNextInRegion(blk)) {
            char lines[2048] = "";
            block_lines(blk, lines, sizeof lines);
            if (!lines[0]) continue;
            int proxy = -1;
            for (MlirOperation op = mlirBlockGetFirstOperation(blk); !mlirOperationIsNull(op) && proxy < 0;
                 op = mlirOperationGetNextInBlock(op))
                if (is_call_to(op, "fly_emu_prof")) proxy = (int)const_operand(op, 2);
            int site = add_psite_str(k, FLY_PROF_EXEC, 0, -1, lines);
            if (site < 0) rc = -1;
            else if (proxy >= 0) k->psites[site].proxy = proxy;
            else prof_call(ctx, mlirBlockGetFirstOperation(blk), ctxv, (MlirValue){NULL}, site);
        }
        fly_opvec_free(&u.acc);
        fly_opvec_free(&u.calls);
        if (rc) {
            snprintf(err, cap, "out of memory");
            return -1;
        }
    }
    return 0;
}

/* ---- counting ---- */

void fly_emu_profw_free(fly_emu_profw *w) {
    if (!w) return;
    for (int s = 0; s < w->ns; s++) {
        free(w->sl[s].mask);
        free(w->sl[s].addr);
        free(w->aaddr[s]);
    }
    free(w->sl);
    free(w->aaddr);
    free(w->an);
    free(w->acap);
    free(w->acc);
    free(w->kind);
    free(w->blocks);
    free(w->cnt);
    free(w->work);
    free(w);
}

fly_emu_profw *fly_emu_profw_begin(fly_emu_profw *w, const fly_emu_kernel *k, int nthreads, int banks) {
    fly_emu_profw_free(w);
    w = calloc(1, sizeof *w);
    if (!w) return NULL;
    int ns = k->npsites;
    w->k = k;
    w->ns = ns;
    w->nthreads = nthreads;
    w->nwaves = (nthreads + WAVE - 1) / WAVE;
    w->banks = banks == 64 ? 64 : 32;
    size_t n1 = (size_t)(ns ? ns : 1);
    w->cnt = calloc((size_t)nthreads * n1, sizeof *w->cnt);
    w->work = calloc((size_t)nthreads, sizeof *w->work);
    w->sl = calloc(n1, sizeof *w->sl);
    w->acc = calloc(n1, sizeof *w->acc);
    w->aaddr = calloc(n1, sizeof *w->aaddr);
    w->an = calloc(n1, sizeof *w->an);
    w->acap = calloc(n1, sizeof *w->acap);
    w->kind = calloc(n1, 1);
    w->blocks = calloc(n1, 1);
    if (!w->cnt || !w->work || !w->sl || !w->acc || !w->aaddr || !w->an || !w->acap || !w->kind || !w->blocks) {
        fly_emu_profw_free(w);
        return NULL;
    }
    for (int s = 0; s < ns; s++) {
        w->kind[s] = (unsigned char)k->psites[s].kind;
        if (k->psites[s].kind == FLY_PROF_EXEC) {
            int x = k->psites[s].proxy;
            if (x < 0) w->blocks[s]++;
            else if (x < ns && w->blocks[x] < 255) w->blocks[x]++;
        }
        w->acc[s].kind = k->psites[s].kind;
        w->acc[s].bytes = k->psites[s].bytes;
    }
    return w;
}

bool fly_emu_profw_grow(fly_emu_profw *w, fly_emu_slots *sl, size_t idx, bool addr) {
    if (idx < sl->cap) return true;
    size_t nc = sl->cap ? sl->cap : 64;
    while (nc <= idx) nc *= 2;
    size_t per = sizeof(uint64_t) + (addr ? WAVE * sizeof(int64_t) : 0);
    if (w->mem + (nc - sl->cap) * per > SLOT_MEM_CAP) return false;
    uint64_t *m = realloc(sl->mask, nc * sizeof *m);
    if (!m) return false;
    sl->mask = m;
    memset(m + sl->cap, 0, (nc - sl->cap) * sizeof *m);
    if (addr) {
        int64_t *a = realloc(sl->addr, nc * WAVE * sizeof *a);
        if (!a) return false;
        sl->addr = a;
    }
    w->mem += (nc - sl->cap) * per;
    sl->cap = nc;
    return true;
}

void fly_emu_profw_atomic(fly_emu_profw *w, int site, int64_t addr) {
    if (w->an[site] == w->acap[site]) {
        size_t nc = w->acap[site] ? 2 * w->acap[site] : 256;
        int64_t *v = realloc(w->aaddr[site], nc * sizeof *v);
        if (!v) return;
        w->aaddr[site] = v;
        w->acap[site] = nc;
    }
    w->aaddr[site][w->an[site]++] = addr;
}

/* Wave instructions of a slot-less site (basic block, MFMA): wave w issued instruction n when one of its
 * lanes ran the site n + 1 times, so a wave's count is its lanes' most. */
static uint64_t waves_from_counts(const fly_emu_profw *w, int site) {
    uint64_t total = 0;
    for (int v = 0; v < w->nwaves; v++) {
        uint32_t most = 0;
        for (int t = v * WAVE; t < (v + 1) * WAVE && t < w->nthreads; t++) {
            uint32_t c = w->cnt[(size_t)t * (size_t)w->ns + (size_t)site];
            if (c > most) most = c;
        }
        total += most;
    }
    return total;
}

typedef struct range {
    uint64_t lo, hi;
} range;

/* Insertion sorts: a wave's lanes mostly come in address order already. */
static void sort_ranges(range *r, int n) {
    for (int i = 1; i < n; i++) {
        range x = r[i];
        int j = i;
        for (; j > 0 && r[j - 1].lo > x.lo; j--) r[j] = r[j - 1];
        r[j] = x;
    }
}

static void sort_u64(uint64_t *v, int n) {
    for (int i = 1; i < n; i++) {
        uint64_t x = v[i];
        int j = i;
        for (; j > 0 && v[j - 1] > x; j--) v[j] = v[j - 1];
        v[j] = x;
    }
}

/* A global wave instruction: the distinct bytes its lanes asked for and the 64-byte segments they touch. */
static void eval_global(fly_prof_site *acc, uint64_t mask, const int64_t *addr, int bytes) {
    /* the common case: active lanes at consecutive addresses in lane order */
    int first = -1, prev = -1;
    bool run = true;
    for (int l = 0; l < WAVE && run; l++) {
        if (!(mask >> l & 1)) continue;
        if (first < 0) first = l;
        else if (addr[l] != addr[prev] + bytes) run = false;
        prev = l;
    }
    if (run && first >= 0) {
        uint64_t lo = (uint64_t)addr[first], hi = (uint64_t)addr[prev] + (uint64_t)bytes;
        acc->bytes_requested += hi - lo;
        acc->segments += ((hi - 1) >> 6) - (lo >> 6) + 1;
        return;
    }
    range r[WAVE];
    int n = 0;
    for (int l = 0; l < WAVE; l++)
        if (mask >> l & 1) r[n++] = (range){(uint64_t)addr[l], (uint64_t)addr[l] + (uint64_t)bytes};
    sort_ranges(r, n);
    uint64_t distinct = 0, segs = 0, end = 0, last_seg = UINT64_MAX;
    for (int i = 0; i < n; i++) {
        uint64_t lo = r[i].lo > end ? r[i].lo : end;
        if (r[i].hi > lo) distinct += r[i].hi - lo;
        if (r[i].hi > end) end = r[i].hi;
        for (uint64_t s = r[i].lo >> 6; s <= (r[i].hi - 1) >> 6; s++)
            if (last_seg == UINT64_MAX || s > last_seg) {
                segs++;
                last_seg = s;
            }
    }
    acc->bytes_requested += distinct;
    acc->segments += segs;
}

/* An LDS wave instruction under the bank model: phases of (banks * 4) bytes, each lane's dwords. */
static void eval_lds(fly_prof_site *acc, uint64_t mask, const int64_t *addr, int bytes, uintptr_t lds_lo, int banks) {
    int w = 4;
    while (w < bytes && w < 16) w *= 2;
    int per_phase = banks * 4 / w;
    if (per_phase < 1) per_phase = 1;
    uint32_t worst = 0;
    for (int p0 = 0; p0 < WAVE; p0 += per_phase) {
        uint64_t keys[WAVE * 8];
        int nk = 0;
        for (int l = p0; l < p0 + per_phase && l < WAVE; l++) {
            if (!(mask >> l & 1)) continue;
            uint64_t off = (uint64_t)addr[l] - (uint64_t)lds_lo;
            uint64_t d0 = off >> 2, d1 = (off + (uint64_t)bytes - 1) >> 2;
            for (uint64_t d = d0; d <= d1 && nk < WAVE * 8; d++)
                keys[nk++] = (d & (uint64_t)(banks - 1)) << 40 | (d & (((uint64_t)1 << 40) - 1));
        }
        if (!nk) continue;
        uint64_t seen = 0; /* the common case: every dword in its own bank */
        int i0 = 0;
        for (; i0 < nk; i0++) {
            uint64_t bit = (uint64_t)1 << (keys[i0] >> 40);
            if (seen & bit) break;
            seen |= bit;
        }
        if (i0 == nk) {
            acc->lds_cycles++;
            acc->lds_phases++;
            if (worst < 1) worst = 1;
            continue;
        }
        sort_u64(keys, nk);
        uint32_t ways = 0, run = 0;
        for (int i = 0; i < nk; i++) {
            if (i && keys[i] == keys[i - 1]) continue;          /* the same dword: a broadcast */
            if (i && keys[i] >> 40 == keys[i - 1] >> 40) run++; /* another dword of the same bank */
            else run = 1;
            if (run > ways) ways = run;
        }
        acc->lds_cycles += ways;
        acc->lds_phases++;
        if (ways > worst) worst = ways;
    }
    if (worst > acc->lds_max_ways) acc->lds_max_ways = worst;
}

/* Barrier instructions n of every wave: each wave waits for the slowest one's work since the last barrier. */
static void eval_barriers(fly_emu_profw *w, fly_prof_site *acc, fly_emu_slots *sl) {
    for (size_t base = 0; base < sl->hi; base += (size_t)w->nwaves) {
        int64_t work[MAX_WAVES_PER_BLOCK];
        int64_t most = 0;
        int nw = 0;
        for (int v = 0; v < w->nwaves && v < MAX_WAVES_PER_BLOCK; v++) {
            uint64_t m = base + (size_t)v < sl->hi ? sl->mask[base + (size_t)v] : 0;
            work[v] = -1;
            if (!m) continue;
            int64_t mx = 0;
            for (int l = 0; l < WAVE; l++)
                if (m >> l & 1 && sl->addr[(base + (size_t)v) * WAVE + (size_t)l] > mx)
                    mx = sl->addr[(base + (size_t)v) * WAVE + (size_t)l];
            work[v] = mx;
            if (mx > most) most = mx;
            nw = v + 1;
        }
        for (int v = 0; v < nw; v++)
            if (work[v] >= 0) acc->wait_blocks += (uint64_t)(most - work[v]);
    }
}

void fly_emu_profw_block_end(fly_emu_profw *w, uintptr_t lds_lo) {
    if (!w) return;
    for (int s = 0; s < w->ns; s++) {
        fly_emu_slots *sl = &w->sl[s];
        fly_prof_site *acc = &w->acc[s];
        const fly_emu_psite *ps = &w->k->psites[s];
        if (ps->kind == FLY_PROF_EXEC && ps->proxy >= 0) continue; /* counted at the merge */
        if (ps->kind == FLY_PROF_EXEC || ps->kind == FLY_PROF_MFMA) {
            uint64_t nw = waves_from_counts(w, s);
            acc->waves += nw;
            if (ps->kind == FLY_PROF_MFMA) {
                int bits;
                acc->flops += nw * (uint64_t)fly_emu_mfma_flops(ps->mfma, &bits);
            }
            continue;
        }
        if (ps->kind == FLY_PROF_BARRIER) eval_barriers(w, acc, sl);
        for (size_t i = 0; i < sl->hi; i++) {
            uint64_t m = sl->mask[i];
            if (!m) continue;
            acc->waves++;
            const int64_t *a = sl->addr ? sl->addr + i * WAVE : NULL;
            switch (ps->kind) {
            case FLY_PROF_GLOBAL_LOAD:
            case FLY_PROF_GLOBAL_STORE: eval_global(acc, m, a, ps->bytes); break;
            case FLY_PROF_LDS_LOAD:
            case FLY_PROF_LDS_STORE: eval_lds(acc, m, a, ps->bytes, lds_lo, w->banks); break;
            default: break;
            }
        }
        if (sl->hi) memset(sl->mask, 0, sl->hi * sizeof *sl->mask);
        sl->hi = 0;
    }
    memset(w->cnt, 0, (size_t)w->nthreads * (size_t)(w->ns ? w->ns : 1) * sizeof *w->cnt);
    memset(w->work, 0, (size_t)w->nthreads * sizeof *w->work);
}

void fly_emu_profw_merge(fly_emu_profw *w, fly_prof *p) {
    if (!w || !p) return;
    for (int s = 0; s < w->ns; s++) { /* blocks counted through one of their ops */
        int x = w->k->psites[s].proxy;
        if (x >= 0 && x < w->ns) {
            w->acc[s].executions = w->acc[x].executions;
            w->acc[s].waves = w->acc[x].waves;
        }
    }
    for (int s = 0; s < w->ns; s++) {
        const fly_emu_psite *ps = &w->k->psites[s];
        fly_prof_site *a = &w->acc[s];
        if (!a->executions) continue;
        fly_prof_site *d = fly_prof_intern(p, w->k->name, ps->loc ? ps->loc : "", ps->kind, ps->bytes);
        if (!d) continue;
        d->executions += a->executions;
        d->waves += a->waves;
        d->bytes_requested += a->bytes_requested;
        d->segments += a->segments;
        d->lds_cycles += a->lds_cycles;
        d->lds_phases += a->lds_phases;
        if (a->lds_max_ways > d->lds_max_ways) d->lds_max_ways = a->lds_max_ways;
        d->flops += a->flops;
        d->wait_blocks += a->wait_blocks;
        d->untracked |= a->untracked;
        if (ps->kind == FLY_PROF_MFMA) {
            int bits;
            fly_emu_mfma_flops(ps->mfma, &bits);
            fly_prof_add_flops(p, a->flops, bits);
        }
        if (w->an[s]) fly_prof_add_atomics(p, d, w->aaddr[s], w->an[s]);
        int kind = a->kind, bytes = a->bytes;
        memset(a, 0, sizeof *a);
        a->kind = kind;
        a->bytes = bytes;
        w->an[s] = 0;
    }
}
