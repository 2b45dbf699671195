/* pass_util.c - helpers shared by the fly passes: op lists, static folding, dead-op removal. */
#include <stdlib.h>

#include "ir/ir_ops.h"
#include "ir/ir_types.h"
#include "passes/pass.h"

void fly_opvec_push(fly_opvec *o, MlirOperation op) {
    if (o->n == o->cap) {
        int cap = o->cap ? o->cap * 2 : 64;
        MlirOperation *v = realloc(o->v, sizeof *v * (size_t)cap);
        if (!v) return;
        o->v = v;
        o->cap = cap;
    }
    o->v[o->n++] = op;
}

void fly_opvec_free(fly_opvec *o) {
    free(o->v);
    o->v = NULL;
    o->n = o->cap = 0;
}

struct collect_ud {
    MlirOperation root;
    fly_opvec *out;
};

static MlirWalkResult collect_cb(MlirOperation op, void *user) {
    struct collect_ud *c = user;
    if (!mlirOperationEqual(op, c->root) && fly_ir_op_is_fly(op)) fly_opvec_push(c->out, op);
    return MlirWalkResultAdvance;
}

void fly_pass_collect_fly_ops(MlirOperation root, fly_opvec *out, MlirWalkOrder order) {
    struct collect_ud c = {root, out};
    mlirOperationWalk(root, collect_cb, &c, order);
}

static const fly_ir_opdef *def_of(MlirOperation op) {
    MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
    return fly_ir_opdef_lookup(n.data, n.length);
}

int fly_pass_erase_dead(MlirOperation root) {
    int total = 0;
    for (;;) {
        fly_opvec ops = {0};
        /* post-order: users come after... reversed below, so users are erased before producers */
        fly_pass_collect_fly_ops(root, &ops, MlirWalkPreOrder);
        int erased = 0;
        for (int i = ops.n - 1; i >= 0; i--) {
            MlirOperation op = ops.v[i];
            const fly_ir_opdef *def = def_of(op);
            if (!def || !(def->flags & FLY_OP_ERASABLE)) continue;
            bool used = false;
            for (intptr_t r = 0; r < mlirOperationGetNumResults(op); r++)
                used |= !fly_ir_value_unused(mlirOperationGetResult(op, r));
            if (!used) {
                mlirOperationDestroy(op);
                erased++;
            }
        }
        fly_opvec_free(&ops);
        total += erased;
        if (!erased) return total;
    }
}

int fly_pass_fold_static(MlirOperation root) {
    fly_opvec ops = {0};
    fly_pass_collect_fly_ops(root, &ops, MlirWalkPreOrder);
    int folded = 0;
    for (int i = 0; i < ops.n; i++) {
        MlirOperation op = ops.v[i];
        const fly_ir_opdef *def = def_of(op);
        if (!def || !(def->flags & FLY_OP_FOLDABLE) || mlirOperationGetNumResults(op) != 1) continue;
        MlirValue res = fly_ir_res0(op);
        MlirType t = mlirValueGetType(res);
        if (!fly_ir_type_is_static(t)) continue;
        MlirOperation st = fly_ir_op_create(mlirOperationGetLocation(op), "fly.static", 0, NULL, 1, &t, 0, NULL);
        mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(op), op, st);
        mlirValueReplaceAllUsesOfWith(res, fly_ir_res0(st));
        mlirOperationDestroy(op);
        folded++;
    }
    fly_opvec_free(&ops);
    return folded;
}
