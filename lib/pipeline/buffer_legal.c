/* buffer_legal.c - raw buffer loads and stores of byte vectors, before code generation.
 *
 * LLVM's AMDGPU instruction selection aborts the process on rocdl.raw.ptr.buffer.load / store of a vector of i8
 * ("Do not know how to split this operator's operand"): <2 x i8>, <4 x i8>, <8 x i8> and <16 x i8> alike (LLVM 22),
 * which FlyDSL's kernels make (the int8 / fp8 outputs of its quantising norms store 4 or 8 bytes a lane). The
 * bytes move the same as an integer of their width, which it selects: a 2-byte vector goes as i16, 4 as i32, 8 as
 * vector<2xi32>, 16 as vector<4xi32>, with llvm.bitcast on either side. Other byte counts (3, 5, ...) have no
 * such access and are a compile error naming the op and the DSL line. */
#include "pipeline/buffer_legal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir_context.h"
#include "ir/ir_util.h"
#include "mlir-c/BuiltinTypes.h"

typedef struct {
    MlirOperation *ops;
    size_t n, cap;
    bool oom;
} op_list;

/* The number of i8 elements of vector type t, or 0 when t is no 1-D vector of i8. */
static int64_t byte_vector(MlirType t) {
    if (!mlirTypeIsAVector(t) || mlirShapedTypeGetRank(t) != 1) return 0;
    MlirType e = mlirShapedTypeGetElementType(t);
    return mlirTypeIsAInteger(e) && mlirIntegerTypeGetWidth(e) == 8 ? mlirShapedTypeGetDimSize(t, 0) : 0;
}

/* The type that moves n bytes (null for a count no buffer access has). */
static MlirType carrier(MlirContext c, int64_t n) {
    MlirType i32 = mlirIntegerTypeGet(c, 32);
    if (n == 1) return mlirIntegerTypeGet(c, 8);
    if (n == 2) return mlirIntegerTypeGet(c, 16);
    if (n == 4) return i32;
    if (n == 8 || n == 16) {
        int64_t k = n / 4;
        return mlirVectorTypeGet(1, &k, i32);
    }
    return (MlirType){NULL};
}

static MlirWalkResult collect(MlirOperation op, void *data) {
    op_list *l = data;
    bool ld = fly_ir_op_is(op, "rocdl.raw.ptr.buffer.load"), st = fly_ir_op_is(op, "rocdl.raw.ptr.buffer.store");
    if (!ld && !st) return MlirWalkResultAdvance;
    if (ld ? mlirOperationGetNumResults(op) != 1 : mlirOperationGetNumOperands(op) < 1) return MlirWalkResultAdvance;
    MlirType t = ld ? mlirValueGetType(fly_ir_res0(op)) : mlirValueGetType(mlirOperationGetOperand(op, 0));
    if (!byte_vector(t)) return MlirWalkResultAdvance;
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 16;
        MlirOperation *g = realloc(l->ops, cap * sizeof *g);
        if (!g) {
            l->oom = true;
            return MlirWalkResultInterrupt;
        }
        l->ops = g, l->cap = cap;
    }
    l->ops[l->n++] = op;
    return MlirWalkResultAdvance;
}

static MlirValue bitcast(MlirOperation before, MlirValue v, MlirType to) {
    MlirOperation c = fly_ir_op_create(mlirOperationGetLocation(before), "llvm.bitcast", 1, &v, 1, &to, 0, NULL);
    fly_ir_op_insert(mlirOperationGetBlock(before), before, c);
    return fly_ir_res0(c);
}

/* The load op as one of type to, in its place: same operands and attributes. */
static MlirOperation load_as(MlirOperation op, MlirType to) {
    intptr_t no = mlirOperationGetNumOperands(op), na = mlirOperationGetNumAttributes(op);
    MlirValue *ops = calloc((size_t)no + 1, sizeof *ops);
    MlirNamedAttribute *as = calloc((size_t)na + 1, sizeof *as);
    if (!ops || !as) {
        free(ops);
        free(as);
        return (MlirOperation){NULL};
    }
    for (intptr_t i = 0; i < no; i++) ops[i] = mlirOperationGetOperand(op, i);
    for (intptr_t i = 0; i < na; i++) as[i] = mlirOperationGetAttribute(op, i);
    MlirOperation r =
        fly_ir_op_create(mlirOperationGetLocation(op), "rocdl.raw.ptr.buffer.load", no, ops, 1, &to, na, as);
    free(ops);
    free(as);
    fly_ir_op_insert(mlirOperationGetBlock(op), op, r);
    return r;
}

int fly_pipeline_legalize_byte_buffers(MlirOperation module, char *err, size_t cap) {
    op_list l = {0};
    mlirOperationWalk(module, collect, &l, MlirWalkPreOrder);
    int rc = l.oom ? -1 : 0;
    if (l.oom) snprintf(err, cap, "out of memory");
    for (size_t i = 0; !rc && i < l.n; i++) {
        MlirOperation op = l.ops[i];
        bool ld = fly_ir_op_is(op, "rocdl.raw.ptr.buffer.load");
        MlirType t = ld ? mlirValueGetType(fly_ir_res0(op)) : mlirValueGetType(mlirOperationGetOperand(op, 0));
        int64_t n = byte_vector(t);
        MlirType ct = carrier(mlirOperationGetContext(op), n);
        if (mlirTypeIsNull(ct)) {
            char at[200];
            fly_ir_loc_str(mlirOperationGetLocation(op), at, sizeof at);
            snprintf(err, cap,
                     "a buffer %s of %lld bytes (vector<%lldxi8>) has no AMDGPU instruction (1, 2, 4, 8 or 16 bytes "
                     "do) at %s",
                     ld ? "load" : "store", (long long)n, (long long)n, at);
            rc = -1;
            break;
        }
        if (!ld) {
            mlirOperationSetOperand(op, 0, bitcast(op, mlirOperationGetOperand(op, 0), ct));
            continue;
        }
        MlirOperation nl = load_as(op, ct);
        if (mlirOperationIsNull(nl)) {
            snprintf(err, cap, "out of memory");
            rc = -1;
            break;
        }
        MlirValue back = bitcast(op, fly_ir_res0(nl), t);
        mlirValueReplaceAllUsesOfWith(fly_ir_res0(op), back);
        mlirOperationDestroy(op);
    }
    free(l.ops);
    return rc;
}
