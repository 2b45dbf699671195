/* canonicalize.c - fly-canonicalize: fly types are re-spelled canonically ("(4, 8) : (1, 4)"
 * becomes "(4,8):(1,4)", so equal types are the same uniqued MLIR type), ops whose result is
 * fully static become fly.static (the value lives in the type), and fly ops without side effects
 * whose results are unused go. */
#include "ir/ir_types.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "passes/pass.h"

static void respell_value(MlirValue v) {
    MlirType t = mlirValueGetType(v);
    if (fly_ir_type_kind(t) == FLY_IR_NOT_FLY) return;
    MlirType c = fly_ir_type_canonical(t);
    if (!mlirTypeEqual(c, t)) mlirValueSetType(v, c);
}

/* A function type with its fly inputs and results re-spelled. */
static MlirType respell_function_type(MlirContext ctx, MlirType ft) {
    intptr_t ni = mlirFunctionTypeGetNumInputs(ft), nr = mlirFunctionTypeGetNumResults(ft);
    if (ni > 256 || nr > 256) return ft;
    MlirType in[256], out[256];
    for (intptr_t i = 0; i < ni; i++) in[i] = fly_ir_type_canonical(mlirFunctionTypeGetInput(ft, i));
    for (intptr_t i = 0; i < nr; i++) out[i] = fly_ir_type_canonical(mlirFunctionTypeGetResult(ft, i));
    return mlirFunctionTypeGet(ctx, ni, in, nr, out);
}

static MlirWalkResult respell(MlirOperation op, void *user) {
    (void)user;
    for (intptr_t i = 0; i < mlirOperationGetNumResults(op); i++) respell_value(mlirOperationGetResult(op, i));
    for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); r++)
        for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b);
             b = mlirBlockGetNextInRegion(b))
            for (intptr_t a = 0; a < mlirBlockGetNumArguments(b); a++) respell_value(mlirBlockGetArgument(b, a));
    MlirAttribute ft = mlirOperationGetAttributeByName(op, fly_ir_sref("function_type"));
    if (!mlirAttributeIsNull(ft) && mlirAttributeIsAType(ft) && mlirTypeIsAFunction(mlirTypeAttrGetValue(ft))) {
        MlirType t = mlirTypeAttrGetValue(ft);
        MlirType c = respell_function_type(mlirOperationGetContext(op), t);
        if (!mlirTypeEqual(c, t)) mlirOperationSetAttributeByName(op, fly_ir_sref("function_type"), mlirTypeAttrGet(c));
    }
    return MlirWalkResultAdvance;
}

void fly_pass_run_canonicalize(MlirOperation root, MlirExternalPass pass) {
    (void)pass;
    mlirOperationWalk(root, respell, NULL, MlirWalkPreOrder);
    fly_pass_fold_static(root);
    fly_pass_erase_dead(root);
}
