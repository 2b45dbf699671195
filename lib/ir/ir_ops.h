/* ir_ops.h - the table of every fly op flyi supports: name, arity, flags and the result-type
 * inference (lib/layout at work) shared by the builders and the verifier.
 *
 * Fly ops live in an unregistered dialect, so MLIR checks nothing about them: this table is
 * what `fly-verify` checks every op against, and builders refuse what it refuses. */
#ifndef FLY_IR_OPS_H
#define FLY_IR_OPS_H

#include <stdbool.h>
#include <stddef.h>

#include "layout/error.h"
#include "mlir-c/IR.h"

enum {
    FLY_OP_ERASABLE = 1, /* no side effect: may be erased once its results are unused */
    FLY_OP_FOLDABLE = 2, /* a fully static result may be replaced by fly.static */
    FLY_OP_RESULT_GIVEN = 4, /* the result type is chosen by the caller (element types, widths) */
};

/* Infers the result type of an op from its operand types and attributes (attrs may be NULL
 * when nattrs is 0). `given` is the caller's result type for FLY_OP_RESULT_GIVEN ops, else
 * null. Returns FLY_OK and *out, or an error whose message names the problem. */
typedef fly_status (*fly_ir_infer_fn)(MlirContext ctx, const MlirType *operands, int n, const MlirNamedAttribute *attrs,
                                      int nattrs, MlirType given, MlirType *out, fly_error *err);

typedef struct fly_ir_opdef {
    const char *name;     /* full name, "fly.make_layout" */
    int min_operands;     /* operand count range; max -1 = variadic */
    int max_operands;
    int num_results;      /* 0 or 1; -1: 0 or 1 (variadic results, the infer function checks them) */
    unsigned flags;       /* FLY_OP_* */
    fly_ir_infer_fn infer; /* NULL: only arity (and the op's own check) is verified */
} fly_ir_opdef;

/* The table entry for an op name (with the "fly." prefix), or NULL when flyi does not know it. */
const fly_ir_opdef *fly_ir_opdef_lookup(const char *name, size_t len);
/* Number of entries and entry i, for listing. */
int fly_ir_opdef_count(void);
const fly_ir_opdef *fly_ir_opdef_at(int i);

/* Checks one existing fly op against the table: known name, arity, operand kinds and the result
 * type against the inferred one. Returns FLY_OK or an error (message without location). */
fly_status fly_ir_op_verify(MlirOperation op, fly_error *err);

/* Infers the result type for op `def` with the given operands; used by the builders. */
fly_status fly_ir_op_infer(const fly_ir_opdef *def, MlirContext ctx, const MlirType *operands, int n,
                           const MlirNamedAttribute *attrs, int nattrs, MlirType given, MlirType *out, fly_error *err);

/* True when two fly types agree up to dynamic-leaf annotations ("?{div=4}" matches "?"). */
bool fly_ir_types_agree(MlirType a, MlirType b);

#endif
