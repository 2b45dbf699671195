/* convert_fly_to_rocdl.c - convert-fly-to-rocdl: the last step out of the fly dialect.
 * !fly.ptr function arguments become !llvm.ptr<AS>, pointer casts left by fly-layout-lowering
 * fold away, and any fly op or fly-typed value still present is an error (copy and MMA atom
 * calls are lowered earlier, in fly-layout-lowering: lower_copy.c, lower_mma.c). It also expands the math ops
 * no later lowering handles (expand_math.c). */
#include <stdio.h>
#include <stdlib.h>

#include "ir/ir_types.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "passes/pass.h"

#define PASS "convert-fly-to-rocdl"

static MlirType llvm_ptr(MlirContext ctx, MlirType flyptr) {
    fly_ir_ptr_info p;
    if (fly_ir_decode_ptr(flyptr, &p, NULL)) return fly_ir_type_null();
    char s[32];
    int as = fly_ir_addrspace_llvm(p.as);
    snprintf(s, sizeof s, as ? "!llvm.ptr<%d>" : "!llvm.ptr", as);
    return mlirTypeParseGet(ctx, fly_ir_sref(s));
}

static void retype_func(MlirOperation fn) {
    MlirContext ctx = mlirOperationGetContext(fn);
    MlirAttribute fta = mlirOperationGetAttributeByName(fn, fly_ir_sref("function_type"));
    if (mlirAttributeIsNull(fta) || !mlirAttributeIsAType(fta)) return;
    MlirType ft = mlirTypeAttrGetValue(fta);
    intptr_t nin = mlirFunctionTypeGetNumInputs(ft), nres = mlirFunctionTypeGetNumResults(ft);
    if (nin > 256 || nres > 256) return;
    MlirType ins[256], outs[256];
    bool changed = false;
    MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(fn, 0));
    for (intptr_t i = 0; i < nin; i++) {
        ins[i] = mlirFunctionTypeGetInput(ft, i);
        if (fly_ir_type_kind(ins[i]) != FLY_IR_PTR) continue;
        MlirType lt = llvm_ptr(ctx, ins[i]);
        if (mlirTypeIsNull(lt)) continue;
        ins[i] = lt;
        changed = true;
        if (!mlirBlockIsNull(entry) && i < mlirBlockGetNumArguments(entry))
            mlirBlockArgumentSetType(mlirBlockGetArgument(entry, i), lt);
    }
    for (intptr_t i = 0; i < nres; i++) outs[i] = mlirFunctionTypeGetResult(ft, i);
    if (changed)
        mlirOperationSetAttributeByName(fn, fly_ir_sref("function_type"),
                                        mlirTypeAttrGet(mlirFunctionTypeGet(ctx, nin, ins, nres, outs)));
}

struct walk_ud {
    fly_opvec funcs, casts;
    MlirOperation bad;
};

static MlirWalkResult collect(MlirOperation op, void *user) {
    struct walk_ud *w = user;
    if (fly_ir_op_is(op, "func.func") || fly_ir_op_is(op, "gpu.func")) fly_opvec_push(&w->funcs, op);
    else if (fly_ir_op_is(op, "builtin.unrealized_conversion_cast") && mlirOperationGetNumOperands(op) == 1 &&
             mlirOperationGetNumResults(op) == 1)
        fly_opvec_push(&w->casts, op);
    return MlirWalkResultAdvance;
}

static MlirWalkResult find_fly(MlirOperation op, void *user) {
    struct walk_ud *w = user;
    bool fly = fly_ir_op_is_fly(op);
    for (intptr_t i = 0; !fly && i < mlirOperationGetNumResults(op); i++)
        fly = fly_ir_type_kind(mlirValueGetType(mlirOperationGetResult(op, i))) != FLY_IR_NOT_FLY;
    for (intptr_t i = 0; !fly && i < mlirOperationGetNumOperands(op); i++)
        fly = fly_ir_type_kind(mlirValueGetType(mlirOperationGetOperand(op, i))) != FLY_IR_NOT_FLY;
    if (fly) {
        w->bad = op;
        return MlirWalkResultInterrupt;
    }
    return MlirWalkResultAdvance;
}

void fly_pass_run_convert_fly_to_rocdl(MlirOperation root, MlirExternalPass pass) {
    struct walk_ud w = {0};
    mlirOperationWalk(root, collect, &w, MlirWalkPreOrder);
    for (int i = 0; i < w.funcs.n; i++) retype_func(w.funcs.v[i]);
    /* fold cast chains: x : A -> B -> A gives x, and A -> A gives the operand */
    for (int i = 0; i < w.casts.n; i++) {
        MlirOperation c = w.casts.v[i];
        MlirValue in = mlirOperationGetOperand(c, 0), out = mlirOperationGetResult(c, 0);
        MlirType rt = mlirValueGetType(out);
        if (mlirTypeEqual(mlirValueGetType(in), rt)) {
            mlirValueReplaceAllUsesOfWith(out, in);
        } else if (mlirValueIsAOpResult(in)) {
            MlirOperation d = mlirOpResultGetOwner(in);
            if (fly_ir_op_is(d, "builtin.unrealized_conversion_cast") && mlirOperationGetNumOperands(d) == 1 &&
                mlirTypeEqual(mlirValueGetType(mlirOperationGetOperand(d, 0)), rt))
                mlirValueReplaceAllUsesOfWith(out, mlirOperationGetOperand(d, 0));
        }
    }
    for (int i = w.casts.n - 1; i >= 0; i--)
        if (fly_ir_value_unused(mlirOperationGetResult(w.casts.v[i], 0))) mlirOperationDestroy(w.casts.v[i]);
    fly_pass_erase_dead(root);
    fly_pass_expand_math(root);
    mlirOperationWalk(root, find_fly, &w, MlirWalkPreOrder);
    if (!mlirOperationIsNull(w.bad)) {
        char name[64];
        fly_pass_error(pass, w.bad, PASS, "%s still uses the fly dialect (not lowered)",
                       fly_ir_op_name(w.bad, name, sizeof name));
    }
    fly_opvec_free(&w.funcs);
    fly_opvec_free(&w.casts);
}
