/* ir_api.c - the table of lib/ir's builders that flycore.so hands out (ir_api.h). */
#include "ir/ir_api.h"
#include "mlir-c/BuiltinAttributes.h"

static MlirModule module_create(MlirContext ctx) { return mlirModuleCreateEmpty(mlirLocationUnknownGet(ctx)); }

const fly_ir_api fly_ir_api_table = {
    .context_create = fly_ir_context_create,
    .context_destroy = fly_ir_context_destroy,
    .builder_init = fly_ir_builder_init,
    .builder_set_loc = fly_ir_builder_set_loc,
    .build_int_tuple = fly_ir_build_int_tuple,
    .build_make_layout = fly_ir_build_make_layout,
    .build_unary = fly_ir_build_unary,
    .build_binary = fly_ir_build_binary,
    .build_static = fly_ir_build_static,
    .layout_type = fly_ir_layout_type,
    .tile_type = fly_ir_tile_type,
    .type_print = fly_ir_type_print,
    .op_print = fly_ir_op_print,
    .module_create = module_create,
    .module_body = mlirModuleGetBody,
    .module_operation = mlirModuleGetOperation,
    .module_destroy = mlirModuleDestroy,
    .value_type = mlirValueGetType,
};
