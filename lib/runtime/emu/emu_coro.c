/* emu_coro.c - kernels that synchronise and that the phase rewrite (emu_phase.c) leaves alone
 * become LLVM coroutines (after the host LLVM lowering and the access checks).
 *
 * A GPU thread of such a kernel is a switched-resume coroutine: the body "<name>__emu" gets a
 * prologue (coro.id, a frame from fly_emu_coro_frame: the worker's slot for the running thread,
 * coro.begin), and each synchronisation point becomes a suspend: at gpu.barrier (after storing
 * the thread's state and site inline: no call), and around a cross-lane operation
 * (fly_emu_shfl_put records the lane's operands, the thread suspends, fly_emu_shfl_get reads the
 * wave's result once the scheduler computed it). LLVM's coroutine passes (in the JIT's O3
 * pipeline) split the body at the suspends and keep what lives across them in the frame, so a
 * block runs as a loop over its threads per phase, each resume a plain call: no stacks, no
 * context switches. "__fly_emu_lanes_<name>" is that loop (see fly_emu_lanes_fn). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "passes/pass.h"
#include "runtime/emu/emu.h"
#include "runtime/emu/emu_irb.h"

typedef struct coro_ud {
    fly_opvec bar, shfl, ret;
} coro_ud;

static bool calls(MlirOperation op, const char *callee) { return fly_emu_irb_is_call(op, callee); }

static MlirWalkResult collect(MlirOperation op, void *user) {
    coro_ud *u = user;
    if (calls(op, "fly_emu_barrier")) fly_opvec_push(&u->bar, op);
    else if (calls(op, "fly_emu_shfl")) fly_opvec_push(&u->shfl, op);
    else if (fly_ir_op_is(op, "llvm.return")) fly_opvec_push(&u->ret, op);
    return MlirWalkResultAdvance;
}

typedef struct coro_fn {
    MlirContext ctx;
    MlirValue hdl;
    MlirBlock end; /* coro.end + return: where a suspend leaves and the thread's end goes */
    MlirType token, i1, i8;
} coro_fn;

/* The call fly_emu_barrier(ctx, site) becomes state[cur] = BAR, sites[cur] = site (inline). */
static MlirOperation inline_barrier(MlirContext ctx, MlirOperation call, MlirValue ctxv) {
    fly_emu_irb b = {ctx, mlirOperationGetBlock(call), call, mlirOperationGetLocation(call)};
    MlirType i64 = mlirIntegerTypeGet(ctx, 64), ptr = fly_emu_irb_type(ctx, "!llvm.ptr");
    MlirType i8 = mlirIntegerTypeGet(ctx, 8), i32 = mlirIntegerTypeGet(ctx, 32);
    MlirValue cur = fly_emu_irb_ctx_load(&b, ctxv, FLY_EMU_CTX_CUR, i64);
    MlirValue st = fly_emu_irb_ctx_load(&b, ctxv, FLY_EMU_CTX_STATE, ptr);
    fly_emu_irb_store(&b, fly_emu_irb_llconst(&b, FLY_EMU_T_BAR, i8), fly_emu_irb_gep_dyn(&b, st, cur, i8), 1);
    MlirValue sites = fly_emu_irb_ctx_load(&b, ctxv, FLY_EMU_CTX_SITES, ptr);
    fly_emu_irb_store(&b, mlirOperationGetOperand(call, 1), fly_emu_irb_gep_dyn(&b, sites, cur, i32), 4);
    MlirOperation next = mlirOperationGetNextInBlock(call);
    mlirOperationDestroy(call);
    return next;
}

/* Splits op's block before op and suspends there: the thread goes on at op when resumed. */
static void suspend_before(coro_fn *cf, MlirOperation op) {
    MlirBlock blk = mlirOperationGetBlock(op);
    MlirBlock cont = fly_emu_irb_split(blk, op);
    fly_emu_irb b = {cf->ctx, blk, {NULL}, mlirOperationGetLocation(op)};
    MlirValue tok = fly_emu_irb_val(&b, "llvm.intr.coro.save", 1, &cf->hdl, cf->token, 0, NULL);
    MlirValue sops[2] = {tok, fly_emu_irb_llconst(&b, 0, cf->i1)};
    MlirValue s = fly_emu_irb_val(&b, "llvm.intr.coro.suspend", 2, sops, cf->i8, 0, NULL);
    /* 0: resumed; 1 (destroyed, never done) and -1 (suspended) leave */
    MlirValue go = fly_emu_irb_icmp(&b, 0, s, fly_emu_irb_llconst(&b, 0, cf->i8));
    fly_emu_irb_cond_br(&b, go, cont, cf->end, 0, 0);
}

/* fly_emu_lanes_fn: for each thread t < n whose state is READY: cur = t, state RUN, resume its
 * frame; RUN afterwards means it ended (DONE); counts the ended and the barrier-waiting ones. */
#define LANES_FN \
    "llvm.func @\"__fly_emu_lanes_%s\"(%%ctx: !llvm.ptr, %%fr: !llvm.ptr, %%stride: i64, %%n: i64) -> i64 {\n" \
    "  %%c0 = llvm.mlir.constant(0 : i64) : i64\n" \
    "  %%c1 = llvm.mlir.constant(1 : i64) : i64\n" \
    "  %%c32 = llvm.mlir.constant(32 : i64) : i64\n" \
    "  %%stp = llvm.getelementptr %%ctx[%d] : (!llvm.ptr) -> !llvm.ptr, i64\n" \
    "  %%st = llvm.load %%stp : !llvm.ptr -> !llvm.ptr\n" \
    "  %%curp = llvm.getelementptr %%ctx[%d] : (!llvm.ptr) -> !llvm.ptr, i64\n" \
    "  %%ready = llvm.mlir.constant(%d : i8) : i8\n" \
    "  %%done = llvm.mlir.constant(%d : i8) : i8\n" \
    "  %%bar = llvm.mlir.constant(%d : i8) : i8\n" \
    "  %%run = llvm.mlir.constant(%d : i8) : i8\n" \
    "  llvm.br ^head(%%c0, %%c0, %%c0 : i64, i64, i64)\n" \
    "^head(%%t: i64, %%nd: i64, %%nb: i64):\n" \
    "  %%more = llvm.icmp \"slt\" %%t, %%n : i64\n" \
    "  llvm.cond_br %%more, ^body, ^exit\n" \
    "^body:\n" \
    "  %%sp = llvm.getelementptr %%st[%%t] : (!llvm.ptr, i64) -> !llvm.ptr, i8\n" \
    "  %%s = llvm.load %%sp : !llvm.ptr -> i8\n" \
    "  %%isr = llvm.icmp \"eq\" %%s, %%ready : i8\n" \
    "  %%t1 = llvm.add %%t, %%c1 : i64\n" \
    "  llvm.cond_br %%isr, ^go, ^head(%%t1, %%nd, %%nb : i64, i64, i64)\n" \
    "^go:\n" \
    "  llvm.store %%t, %%curp : i64, !llvm.ptr\n" \
    "  llvm.store %%run, %%sp : i8, !llvm.ptr\n" \
    "  %%off = llvm.mul %%t, %%stride : i64\n" \
    "  %%f = llvm.getelementptr %%fr[%%off] : (!llvm.ptr, i64) -> !llvm.ptr, i8\n" \
    "  llvm.intr.coro.resume %%f : !llvm.ptr\n" \
    "  %%s2 = llvm.load %%sp : !llvm.ptr -> i8\n" \
    "  %%isrun = llvm.icmp \"eq\" %%s2, %%run : i8\n" \
    "  %%isbar = llvm.icmp \"eq\" %%s2, %%bar : i8\n" \
    "  %%dinc = llvm.zext %%isrun : i1 to i64\n" \
    "  %%binc = llvm.zext %%isbar : i1 to i64\n" \
    "  %%nd2 = llvm.add %%nd, %%dinc : i64\n" \
    "  %%nb2 = llvm.add %%nb, %%binc : i64\n" \
    "  %%ns = llvm.select %%isrun, %%done, %%s2 : i1, i8\n" \
    "  llvm.store %%ns, %%sp : i8, !llvm.ptr\n" \
    "  llvm.br ^head(%%t1, %%nd2, %%nb2 : i64, i64, i64)\n" \
    "^exit:\n" \
    "  %%hi = llvm.shl %%nb, %%c32 : i64\n" \
    "  %%r = llvm.or %%hi, %%nd : i64\n" \
    "  llvm.return %%r : i64\n" \
    "}\n"

static int make_coroutine(MlirModule m, fly_emu_kernel *k, char *err, size_t cap) {
    MlirContext ctx = mlirModuleGetContext(m);
    MlirOperation f = fly_emu_irb_kernel_body(m, k->name, err, cap);
    if (mlirOperationIsNull(f)) return -1;
    coro_ud u = {0};
    mlirOperationWalk(f, collect, &u, MlirWalkPreOrder);
    MlirType ptr = fly_emu_irb_type(ctx, "!llvm.ptr"), i64 = mlirIntegerTypeGet(ctx, 64);
    coro_fn cf = {.ctx = ctx,
                  .token = fly_emu_irb_type(ctx, "!llvm.token"),
                  .i1 = mlirIntegerTypeGet(ctx, 1),
                  .i8 = mlirIntegerTypeGet(ctx, 8)};
    MlirRegion body = mlirOperationGetRegion(f, 0);
    MlirBlock entry = mlirRegionGetFirstBlock(body);
    MlirValue ctxv = mlirBlockGetArgument(entry, 0);
    MlirLocation loc = mlirOperationGetLocation(f);
    /* prologue */
    fly_emu_irb eb = {ctx, entry, mlirBlockGetFirstOperation(entry), loc};
    MlirValue z = fly_emu_irb_val(&eb, "llvm.mlir.zero", 0, NULL, ptr, 0, NULL);
    MlirValue idops[4] = {fly_emu_irb_llconst(&eb, 0, mlirIntegerTypeGet(ctx, 32)), z, z, z};
    MlirValue id = fly_emu_irb_val(&eb, "llvm.intr.coro.id", 4, idops, cf.token, 0, NULL);
    MlirValue sz = fly_emu_irb_val(&eb, "llvm.intr.coro.size", 0, NULL, i64, 0, NULL);
    MlirValue fops[2] = {ctxv, sz};
    MlirValue mem = fly_emu_irb_llcall_val(&eb, "fly_emu_coro_frame", 2, fops, ptr);
    MlirValue bops[2] = {id, mem};
    cf.hdl = fly_emu_irb_val(&eb, "llvm.intr.coro.begin", 2, bops, ptr, 0, NULL);
    /* the handle must escape, or LLVM finds the frame unreachable and drops the resume paths */
    fly_emu_irb_store(&eb, cf.hdl, fly_emu_irb_gep_const(&eb, ctxv, FLY_EMU_CTX_HANDLE, i64), 8);
    /* the end block */
    cf.end = mlirBlockCreate(0, NULL, NULL);
    mlirRegionAppendOwnedBlock(body, cf.end);
    fly_emu_irb xb = {ctx, cf.end, {NULL}, loc};
    MlirValue none = fly_emu_irb_val(&xb, "llvm.mlir.none", 0, NULL, cf.token, 0, NULL);
    MlirValue eops[3] = {cf.hdl, fly_emu_irb_llconst(&xb, 0, cf.i1), none};
    fly_emu_irb_val(&xb, "llvm.intr.coro.end", 3, eops, cf.i1, 0, NULL);
    fly_emu_irb_op(&xb, "llvm.return", 0, NULL, fly_ir_type_null(), 0, NULL);
    for (int i = 0; i < u.ret.n; i++) {
        fly_emu_irb rb = {ctx, mlirOperationGetBlock(u.ret.v[i]), u.ret.v[i], mlirOperationGetLocation(u.ret.v[i])};
        fly_emu_irb_br(&rb, cf.end);
        mlirOperationDestroy(u.ret.v[i]);
    }
    /* suspension points */
    for (int i = 0; i < u.bar.n; i++) suspend_before(&cf, inline_barrier(ctx, u.bar.v[i], ctxv));
    for (int i = 0; i < u.shfl.n; i++) {
        MlirOperation op = u.shfl.v[i];
        intptr_t n = mlirOperationGetNumOperands(op);
        MlirValue ops[8];
        for (intptr_t j = 0; j < n && j < 8; j++) ops[j] = mlirOperationGetOperand(op, j);
        fly_emu_irb pb = {ctx, mlirOperationGetBlock(op), op, mlirOperationGetLocation(op)};
        fly_emu_irb_llcall(&pb, "fly_emu_shfl_put", (int)n, ops);
        suspend_before(&cf, op);
        mlirOperationSetAttributeByName(op, fly_ir_sref("callee"),
                                        mlirFlatSymbolRefAttrGet(ctx, fly_ir_sref("fly_emu_shfl_get")));
    }
    fly_opvec_free(&u.bar);
    fly_opvec_free(&u.shfl);
    fly_opvec_free(&u.ret);
    MlirAttribute pre = mlirStringAttrGet(ctx, fly_ir_sref("presplitcoroutine"));
    mlirOperationSetAttributeByName(f, fly_ir_sref("passthrough"), mlirArrayAttrGet(ctx, 1, &pre));
    /* the loop over the lanes */
    char text[4096];
    snprintf(text, sizeof text, LANES_FN, k->name, FLY_EMU_CTX_STATE, FLY_EMU_CTX_CUR, FLY_EMU_T_READY, FLY_EMU_T_DONE,
             FLY_EMU_T_BAR, FLY_EMU_T_RUN);
    MlirOperation rf = mlirOperationCreateParse(ctx, fly_ir_sref(text), fly_ir_sref("emu"));
    if (mlirOperationIsNull(rf)) {
        snprintf(err, cap, "%s: cannot build the coroutine lane loop", k->name);
        return -1;
    }
    mlirBlockAppendOwnedOperation(mlirModuleGetBody(m), rf);
    return 0;
}

int fly_emu_make_coroutines(MlirModule m, fly_emu_lowered *out, char *err, size_t cap) {
    for (int i = 0; i < out->n; i++)
        if (out->k[i].syncs && !out->k[i].phased && make_coroutine(m, &out->k[i], err, cap)) return -1;
    return 0;
}
