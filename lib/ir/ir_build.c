/* ir_build.c - fly op builders over the op table. */
#include "ir/ir_build.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir_util.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

void fly_ir_builder_init(fly_ir_builder *b, MlirContext ctx, MlirBlock block, MlirOperation before) {
    memset(b, 0, sizeof *b);
    b->ctx = ctx;
    b->block = block;
    b->before = before;
    b->loc = mlirLocationUnknownGet(ctx);
}

void fly_ir_builder_set_loc(fly_ir_builder *b, const char *file, unsigned line, unsigned col) {
    b->loc = fly_ir_loc(b->ctx, file, line, col);
}

/* Prefixes the error with the builder's location. */
static void locate(fly_ir_builder *b) {
    char where[300];
    fly_ir_loc_str(b->loc, where, sizeof where);
    if (strcmp(where, "unknown") != 0) fly_error_wrap(&b->err, "%s", where);
}

MlirOperation fly_ir_build_op(fly_ir_builder *b, const char *name, int nops, const MlirValue *ops, int nattrs,
                              const MlirNamedAttribute *attrs, MlirType result) {
    MlirOperation none = {NULL};
    fly_error_clear(&b->err);
    const fly_ir_opdef *def = fly_ir_opdef_lookup(name, strlen(name));
    if (!def) {
        fly_error_set(&b->err, FLY_E_INVALID, "unknown fly op '%s'", name);
        locate(b);
        return none;
    }
    MlirType small[8];
    MlirType *in = nops <= 8 ? small : malloc(sizeof(MlirType) * (size_t)nops);
    if (!in) {
        fly_error_set(&b->err, FLY_E_CAPACITY, "out of memory");
        return none;
    }
    for (int i = 0; i < nops; i++) in[i] = mlirValueIsNull(ops[i]) ? fly_ir_type_null() : mlirValueGetType(ops[i]);
    MlirType out = fly_ir_type_null();
    fly_status st = fly_ir_op_infer(def, b->ctx, in, nops, attrs, nattrs,
                                    (def->flags & FLY_OP_RESULT_GIVEN) ? result : fly_ir_type_null(), &out, &b->err);
    if (in != small) free(in);
    if (st) {
        locate(b);
        return none;
    }
    int nres = def->num_results >= 0 ? def->num_results : !mlirTypeIsNull(out); /* variadic: the given result, if any */
    MlirOperation op = fly_ir_op_create(b->loc, name, nops, ops, nres, &out, nattrs, attrs);
    fly_ir_op_insert(b->block, b->before, op);
    return op;
}

static MlirValue value_of(MlirOperation op) {
    return mlirOperationIsNull(op) || mlirOperationGetNumResults(op) == 0 ? (MlirValue){NULL} : fly_ir_res0(op);
}

MlirValue fly_ir_build_unary(fly_ir_builder *b, const char *name, MlirValue x) {
    return value_of(fly_ir_build_op(b, name, 1, &x, 0, NULL, fly_ir_type_null()));
}

MlirValue fly_ir_build_binary(fly_ir_builder *b, const char *name, MlirValue x, MlirValue y) {
    MlirValue ops[2] = {x, y};
    return value_of(fly_ir_build_op(b, name, 2, ops, 0, NULL, fly_ir_type_null()));
}

MlirValue fly_ir_build_static(fly_ir_builder *b, MlirType t) {
    return value_of(fly_ir_build_op(b, "fly.static", 0, NULL, 0, NULL, t));
}

MlirValue fly_ir_build_int_tuple(fly_ir_builder *b, const char *kind, const fly_inttuple *t, const MlirValue *dyn) {
    char name[64];
    snprintf(name, sizeof name, "fly.make_%s", kind ? kind : "int_tuple");
    int k = 0;
    for (int i = 0; i < fly_inttuple_nodes(t); i++) k += t->n[i].kind == FLY_IT_DYN;
    MlirType ty = fly_ir_int_tuple_type(b->ctx, t);
    if (mlirTypeIsNull(ty)) {
        fly_error_set(&b->err, FLY_E_CAPACITY, "int tuple does not print");
        return (MlirValue){NULL};
    }
    return value_of(fly_ir_build_op(b, name, k, dyn, 0, NULL, ty));
}

MlirValue fly_ir_build_make_layout(fly_ir_builder *b, MlirValue shape, MlirValue stride) {
    MlirValue ops[2] = {shape, stride};
    int n = mlirValueIsNull(stride) ? 1 : 2;
    return value_of(fly_ir_build_op(b, "fly.make_layout", n, ops, 0, NULL, fly_ir_type_null()));
}

MlirValue fly_ir_build_get_scalar(fly_ir_builder *b, MlirValue t, MlirType result_type) {
    return value_of(fly_ir_build_op(b, "fly.get_scalar", 1, &t, 0, NULL, result_type));
}

MlirValue fly_ir_build_make_view(fly_ir_builder *b, MlirValue ptr, MlirValue layout) {
    return fly_ir_build_binary(b, "fly.make_view", ptr, layout);
}

MlirValue fly_ir_build_make_ptr(fly_ir_builder *b, MlirType ptr_type, int64_t alloc_size) {
    MlirNamedAttribute size =
        fly_ir_named(b->ctx, "allocSize", mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), alloc_size));
    MlirNamedAttribute dict = fly_ir_named(b->ctx, "dictAttrs", mlirDictionaryAttrGet(b->ctx, 1, &size));
    return value_of(fly_ir_build_op(b, "fly.make_ptr", 0, NULL, 1, &dict, ptr_type));
}

MlirValue fly_ir_build_alloca(fly_ir_builder *b, MlirType elem, MlirValue layout) {
    fly_layout L;
    fly_error_clear(&b->err);
    if (mlirValueIsNull(layout) || fly_ir_decode_layout(mlirValueGetType(layout), &L, &b->err)) {
        if (!b->err.code) fly_error_set(&b->err, FLY_E_INVALID, "fly.memref.alloca: null layout");
        locate(b);
        return (MlirValue){NULL};
    }
    fly_ir_ptr_info p = {.elem = elem, .as = FLY_AS_REGISTER};
    MlirType mt = fly_ir_memref_type(b->ctx, &p, &L);
    return value_of(fly_ir_build_op(b, "fly.memref.alloca", 1, &layout, 0, NULL, mt));
}

MlirValue fly_ir_build_load(fly_ir_builder *b, MlirValue mem, MlirValue coord) {
    return fly_ir_build_binary(b, "fly.memref.load", mem, coord);
}

MlirOperation fly_ir_build_store(fly_ir_builder *b, MlirValue value, MlirValue mem, MlirValue coord) {
    MlirValue ops[3] = {value, mem, coord};
    return fly_ir_build_op(b, "fly.memref.store", 3, ops, 0, NULL, fly_ir_type_null());
}

MlirValue fly_ir_build_load_vec(fly_ir_builder *b, MlirValue mem) {
    return fly_ir_build_unary(b, "fly.memref.load_vec", mem);
}

MlirOperation fly_ir_build_store_vec(fly_ir_builder *b, MlirValue vec, MlirValue mem) {
    MlirValue ops[2] = {vec, mem};
    return fly_ir_build_op(b, "fly.memref.store_vec", 2, ops, 0, NULL, fly_ir_type_null());
}

MlirOperation fly_ir_build_print(fly_ir_builder *b, const char *format, int n, const MlirValue *values) {
    MlirNamedAttribute f = fly_ir_named(b->ctx, "format", mlirStringAttrGet(b->ctx, fly_ir_sref(format)));
    return fly_ir_build_op(b, "fly.print", n, values, 1, &f, fly_ir_type_null());
}
