/* verify.c - fly-verify: every fly op must be known to the op table and type-check. */
#include "ir/ir_ops.h"
#include "passes/pass.h"

void fly_pass_run_verify(MlirOperation root, MlirExternalPass pass) {
    fly_opvec ops = {0};
    fly_pass_collect_fly_ops(root, &ops, MlirWalkPreOrder);
    for (int i = 0; i < ops.n; i++) {
        fly_error err;
        if (fly_ir_op_verify(ops.v[i], &err) != FLY_OK) fly_pass_error(pass, ops.v[i], "fly-verify", "%s", err.message);
    }
    fly_opvec_free(&ops);
}
