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
 * vector shuffle; a register array (an llvm.alloca of K scalars whose every use is an element at a
 * constant index) is a slot per wave and element, a vector<64 x T> each (one read and written whole, a slot of
 * its whole vector). A thread's vector<K x T> is one vector<64*K x T>, element-major (emu_vec_lvec.c); an
 * alloca of a uniform record (a buffer resource) stays one per block; a branch on a value the same in all lanes
 * of a wave (the wave's index) may hold cross-lane operations. A barrier may only sit at the
 * top of the body or in uniform scf.for loops there: each run of ops between barriers becomes a loop over
 * the waves, and the values one run defines and a later one uses move through per-wave slots. A run is also
 * cut at a top-level cross-lane operation when the accesses before and after it may conflict (a store and an
 * access of the same memory), as the phase loop runs every thread up to it before any goes on. Uniform
 * ops without side effects run once per run, before its wave loop. A run whose effects all sit under one
 * condition "thread id <cmp> uniform bound" (a tree reduction's `if t < s`, a `t == 0` store) loops only
 * over the waves that hold the lanes taking it.
 *
 * Each access checks the lowest and highest address of its active lanes against the range its site last
 * hit (the scalar checks' cache, emu_checks.c); a miss calls fly_emu_vchk, which checks lane by lane in
 * lane order, naming the lane as the running thread, through the scalar slow path (fly_emu_chk): the error
 * names the thread and the DSL line as the phase loop does. The lanes of a wave run in lock step, as on
 * the hardware: a kernel that reads a value another lane writes in the same phase sees the write when it
 * comes earlier in program order; when several threads fault, the one reported is the first lane at the
 * first faulting access of the first wave (the phase loop reports the first thread at its first fault).
 *
 * FLYI_EMU_VEC_OFF=1 (and FLYI_EMU_CORO / FLYI_EMU_FIBERS, profiles) keep the per-thread phase loop.
 *
 * This file builds the new function and its entry; emu_vec_ana.c (analysis), emu_vec_gen.c (values),
 * emu_vec_mem.c (memory) and emu_vec_flow.c (control flow) do the parts, through emu_vec_int.h. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "runtime/emu/emu.h"
#include "runtime/emu/emu_vec_int.h"

static MlirLogicalResult quiet(MlirDiagnostic d, void *user) {
    (void)d, (void)user;
    return mlirLogicalResultSuccess();
}

static int build(fly_vx *x, MlirModule m, MlirOperation f) {
    MlirBlock oentry = mlirRegionGetFirstBlock(mlirOperationGetRegion(f, 0));
    if (mlirBlockIsNull(oentry) || !mlirBlockIsNull(mlirBlockGetNextInRegion(oentry))) {
        fly_vx_bad(x, "a body of more than one block", (MlirOperation){NULL});
        return -1;
    }
    x->octx = mlirBlockGetArgument(oentry, 0);
    MlirValue tx = x->tx = mlirBlockGetArgument(oentry, 1);
    for (intptr_t i = 0; i < mlirBlockGetNumArguments(oentry); i++) fly_vx_add(x, mlirBlockGetArgument(oentry, i));
    fly_vx_mark(x, tx, true);
    for (int it = 0; it < 64 && fly_vx_vary_block(x, oentry); it++) {}
    fly_vx_scan_block(x, oentry, true, false);
    if (x->bad) return -1;
    if (x->mf_seen && !x->mfma) return 1;
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
        fly_vx_bad(x, "out of memory", (MlirOperation){NULL});
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
        fly_vx_ent *e = fly_vx_get(x, ov);
        e->seg = -1;
        e->nv = i == 2 || i == 3 ? x->c0 : mlirBlockGetArgument(x->fentry, i); /* 1-D blocks: ty = tz = 0 */
        e->vary = i == 1;
    }
    int64_t lanes[VW];
    for (int l = 0; l < VW; l++) lanes[l] = l;
    MlirAttribute ia = mlirDenseElementsAttrInt64Get(fly_vx_vec_of(x, x->i64), VW, lanes);
    MlirNamedAttribute iva = fly_ir_named(x->ctx, "value", ia);
    MlirValue iota64 = fly_emu_irb_val(&b, "arith.constant", 0, NULL, fly_vx_vec_of(x, x->i64), 1, &iva);
    x->iota = fly_vx_cast(&b, "arith.index_cast", iota64, fly_vx_vec_of(x, x->idx));
    MlirNamedAttribute oa =
        fly_ir_named(x->ctx, "value", mlirDenseElementsAttrBoolSplatGet(fly_vx_vec_of(x, x->i1), true));
    x->ones = fly_emu_irb_val(&b, "arith.constant", 0, NULL, fly_vx_vec_of(x, x->i1), 1, &oa);
    MlirValue bx = fly_vx_cast(
        &b, "arith.index_cast",
        fly_emu_irb_load(&b, fly_emu_irb_gep_const(&b, nctx, FLY_EMU_CTX_BLOCK_DIM, x->i64), x->i64, 8), x->idx);
    x->nw = fly_vx_bin(&b, "arith.divui", bx, fly_emu_irb_const(&b, VW, x->idx));
    int64_t sn = VW;
    MlirType smt = mlirMemRefTypeContiguousGet(x->i64, 1, &sn, mlirAttributeGetNull());
    MlirNamedAttribute sa =
        fly_ir_named(x->ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(x->ctx, 2, (int32_t[]){0, 0}));
    x->scratch = fly_emu_irb_val(&b, "memref.alloca", 0, NULL, smt, 1, &sa);
    int64_t sn2 = VW * 8; /* a store's values, lane-major: up to 64 bytes a lane */
    x->scratch2 = fly_emu_irb_val(&b, "memref.alloca", 0, NULL,
                                  mlirMemRefTypeContiguousGet(x->i64, 1, &sn2, mlirAttributeGetNull()), 1, &sa);
    x->ctxv = nctx;
    /* old ctx uses map to the new one already (entry argument 0) */
    x->nseg = 0;
    fly_vx_gen_level(x, &b, oentry, tx);
    if (x->bad) {
        mlirOperationDestroy(nf);
        return -1;
    }
    /* a form that does not verify is a gap of this file, not the kernel's: the phase loop runs it, quietly */
    MlirDiagnosticHandlerID hid = mlirContextAttachDiagnosticHandler(x->ctx, quiet, NULL, NULL);
    bool ok = mlirOperationVerify(nf);
    mlirContextDetachDiagnosticHandler(x->ctx, hid);
    if (!ok) {
        fly_vx_bad(x, "the vector form does not verify", (MlirOperation){NULL});
        mlirOperationDestroy(nf);
        return -1;
    }
    return 0;
}

static MlirWalkResult retarget(MlirOperation op, void *user) {
    const char **names = user;
    if (fly_vx_is_call(op, names[0]))
        mlirOperationSetAttributeByName(op, fly_ir_sref("callee"),
                                        mlirFlatSymbolRefAttrGet(mlirOperationGetContext(op), fly_ir_sref(names[1])));
    return MlirWalkResultAdvance;
}

/* The func.func @name in the module body, or null. */
static MlirOperation find_func(MlirModule m, const char *name) {
    for (MlirOperation op = mlirBlockGetFirstOperation(mlirModuleGetBody(m)); !mlirOperationIsNull(op);
         op = mlirOperationGetNextInBlock(op)) {
        MlirAttribute a = mlirOperationGetAttributeByName(op, fly_ir_sref("sym_name"));
        if (fly_vx_is(op, "func.func") && !mlirAttributeIsNull(a) && fly_ir_sref_eq(mlirStringAttrGetValue(a), name))
            return op;
    }
    return (MlirOperation){NULL};
}

/* The entry "__fly_emu_vec_<name>"(argv, ctx): the thread entry's argument loads, calling <name>__vec. */
static int make_entry(fly_vx *x, MlirModule m) {
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

/* Declares runtime function name (n arguments of types in, no results) at the start of m, as a private func.func
 * the JIT resolves to the symbol emu_compile.c registers. */
static void declare_runtime(MlirModule m, const char *name, intptr_t n, const MlirType *in) {
    MlirContext ctx = mlirModuleGetContext(m);
    MlirNamedAttribute a[3] = {
        fly_ir_named(ctx, "sym_name", mlirStringAttrGet(ctx, fly_ir_sref(name))),
        fly_ir_named(ctx, "function_type", mlirTypeAttrGet(mlirFunctionTypeGet(ctx, n, in, 0, NULL))),
        fly_ir_named(ctx, "sym_visibility", mlirStringAttrGet(ctx, fly_ir_sref("private"))),
    };
    MlirOperationState st = mlirOperationStateGet(fly_ir_sref("func.func"), mlirLocationUnknownGet(ctx));
    MlirRegion r = mlirRegionCreate();
    mlirOperationStateAddOwnedRegions(&st, 1, &r);
    mlirOperationStateAddAttributes(&st, 3, a);
    fly_ir_op_insert(mlirModuleGetBody(m), mlirBlockGetFirstOperation(mlirModuleGetBody(m)), mlirOperationCreate(&st));
}

int fly_emu_make_vector(MlirModule m, fly_emu_lowered *out, int mfma) {
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
            declare_runtime(m, "fly_emu_vchk", 10, (MlirType[]){ptr, i64, i64, i64, i64, i64, i64, i32, i32, i64});
            declare_runtime(m, "fly_emu_vexp2f", 2, (MlirType[]){i64, i64});
            declare_runtime(m, "fly_emu_vdivchk", 5, (MlirType[]){ptr, i64, i32, i32, i64});
            declare_runtime(m, "fly_emu_vmfma", 4, (MlirType[]){i32, i64, i64, i64});
            declared = true;
        }
        const char *why = getenv("FLYI_EMU_VEC_WHY");
        if (why && !strcmp(why, "2")) {
            char *t = fly_ir_op_print(f, false, false);
            fprintf(stderr, "%s\n", t ? t : "");
            free(t);
        }
        fly_vx x = {.ctx = ctx, .k = k, .mfma = mfma > 0};
        x.idx = mlirIndexTypeGet(ctx);
        x.i1 = mlirIntegerTypeGet(ctx, 1);
        x.i64 = mlirIntegerTypeGet(ctx, 64);
        x.i32 = mlirIntegerTypeGet(ctx, 32);
        x.ptr = fly_emu_irb_type(ctx, "!llvm.ptr");
        int rc = build(&x, m, f);
        if (rc == 1) {
            k->vec_defer = mfma == 0;
            if (getenv("FLYI_EMU_VEC_WHY"))
                fprintf(stderr, "emu: %s: %s\n", k->name,
                        mfma ? "no lane-vector form (MFMAs, FLYI_EMU_VEC_MFMA=0)"
                             : "lane-vector form deferred to a large launch (MFMAs)");
        } else if (rc == 0 && make_entry(&x, m) == 0) {
            k->vec = 1;
            if (getenv("FLYI_EMU_VEC_WHY")) fprintf(stderr, "emu: %s: lane-vector form\n", k->name);
        } else {
            /* the sites this added stay (harmless); say why when asked */
            if (getenv("FLYI_EMU_VEC_WHY"))
                fprintf(stderr, "emu: %s: no lane-vector form (%s)\n", k->name, x.why[0] ? x.why : "no thread entry");
        }
        fly_vx_free(&x);
    }
    return 0;
}
