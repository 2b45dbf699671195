/* ir_api.h - lib/ir's builders as flycore.so offers them (fly_core_api.ir): the shared object
 * exports nothing but its entry table, so a program outside it reaches the IR builders here.
 * Each entry is the function of the same name without the table (ir_context.h, ir_build.h,
 * ir_types.h, ir_util.h), with the same ownership rules. */
#ifndef FLY_IR_API_H
#define FLY_IR_API_H

#include "ir/ir_build.h"
#include "ir/ir_context.h"
#include "ir/ir_types.h"
#include "ir/ir_util.h"

typedef struct fly_ir_api {
    MlirContext (*context_create)(void);
    void (*context_destroy)(MlirContext ctx);
    void (*builder_init)(fly_ir_builder *b, MlirContext ctx, MlirBlock block, MlirOperation before);
    void (*builder_set_loc)(fly_ir_builder *b, const char *file, unsigned line, unsigned col);
    MlirValue (*build_int_tuple)(fly_ir_builder *b, const char *kind, const fly_inttuple *t, const MlirValue *dyn);
    MlirValue (*build_make_layout)(fly_ir_builder *b, MlirValue shape, MlirValue stride);
    MlirValue (*build_unary)(fly_ir_builder *b, const char *name, MlirValue x);
    MlirValue (*build_binary)(fly_ir_builder *b, const char *name, MlirValue x, MlirValue y);
    MlirValue (*build_static)(fly_ir_builder *b, MlirType t);
    MlirType (*layout_type)(MlirContext ctx, const fly_layout *L);
    MlirType (*tile_type)(MlirContext ctx, const fly_tile *t);
    char *(*type_print)(MlirType t);
    char *(*op_print)(MlirOperation op, bool debuginfo, bool generic);
    /* MLIR's own C API, which flycore.so links statically: an empty module (unknown location), its
     * body and operation, destroying it, and a value's type. */
    MlirModule (*module_create)(MlirContext ctx);
    MlirBlock (*module_body)(MlirModule m);
    MlirOperation (*module_operation)(MlirModule m);
    void (*module_destroy)(MlirModule m);
    MlirType (*value_type)(MlirValue v);
} fly_ir_api;

/* The table (ir_api.c). */
extern const fly_ir_api fly_ir_api_table;

#endif
