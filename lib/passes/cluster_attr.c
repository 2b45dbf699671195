/* cluster_attr.c - fly-rocdl-cluster-attr: FlyDSL's bridge for workgroup clusters, run inside gpu.module(...)
 * after convert-gpu-to-rocdl. The ROCDL translation does not turn an llvm.func's `rocdl.cluster_dims` string
 * ("2,2,1") into LLVM's `amdgpu-cluster-dims` function attribute, so the pass moves it into the function's
 * passthrough list (appended after the entries already there) and drops the discardable attribute. Functions
 * without the attribute are left as they are. */
#include <stdlib.h>
#include <string.h>

#include "ir/ir_util.h"
#include "mlir-c/BuiltinAttributes.h"
#include "passes/pass.h"

static MlirWalkResult move_cluster_dims(MlirOperation op, void *user) {
    (void)user;
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
    if (name.length != 9 || strncmp(name.data, "llvm.func", 9) != 0) return MlirWalkResultAdvance;
    MlirAttribute dims = mlirOperationGetAttributeByName(op, fly_ir_sref("rocdl.cluster_dims"));
    if (mlirAttributeIsNull(dims) || !mlirAttributeIsAString(dims)) return MlirWalkResultAdvance;
    MlirContext ctx = mlirOperationGetContext(op);
    MlirAttribute old = mlirOperationGetAttributeByName(op, fly_ir_sref("passthrough"));
    intptr_t n = !mlirAttributeIsNull(old) && mlirAttributeIsAArray(old) ? mlirArrayAttrGetNumElements(old) : 0;
    MlirAttribute *elems = calloc((size_t)n + 1, sizeof *elems);
    if (!elems) return MlirWalkResultInterrupt;
    for (intptr_t i = 0; i < n; i++) elems[i] = mlirArrayAttrGetElement(old, i);
    MlirAttribute entry[2] = {mlirStringAttrGet(ctx, fly_ir_sref("amdgpu-cluster-dims")), dims};
    elems[n] = mlirArrayAttrGet(ctx, 2, entry);
    mlirOperationSetAttributeByName(op, fly_ir_sref("passthrough"), mlirArrayAttrGet(ctx, n + 1, elems));
    mlirOperationRemoveAttributeByName(op, fly_ir_sref("rocdl.cluster_dims"));
    free(elems);
    return MlirWalkResultAdvance;
}

void fly_pass_run_rocdl_cluster_attr(MlirOperation op, MlirExternalPass pass) {
    (void)pass;
    mlirOperationWalk(op, move_cluster_dims, NULL, MlirWalkPreOrder);
}
