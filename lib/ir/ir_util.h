/* ir_util.h - small helpers over the MLIR C API shared by lib/ir, lib/passes and lib/pipeline:
 * growable text buffers, string refs, op creation, printing and lookup. */
#ifndef FLY_IR_UTIL_H
#define FLY_IR_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mlir-c/IR.h"

/* A growable NUL-terminated text buffer; zero-initialise, free with fly_ir_buf_free. */
typedef struct fly_ir_buf {
    char *data;
    size_t len, cap;
    bool oom; /* an allocation failed; the text is truncated */
} fly_ir_buf;

/* Appends n bytes of s. */
void fly_ir_buf_add(fly_ir_buf *b, const char *s, size_t n);
/* Appends a NUL-terminated string. */
void fly_ir_buf_puts(fly_ir_buf *b, const char *s);
/* Appends printf-formatted text. */
void fly_ir_buf_printf(fly_ir_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Takes the text out of the buffer (caller frees; never NULL) and resets the buffer. */
char *fly_ir_buf_take(fly_ir_buf *b);
/* Frees the text and resets the buffer. */
void fly_ir_buf_free(fly_ir_buf *b);
/* An MlirStringCallback appending to the fly_ir_buf passed as user data. */
void fly_ir_buf_callback(MlirStringRef s, void *user);

/* The null type (the C API has no constructor for it). */
static inline MlirType fly_ir_type_null(void) { return (MlirType){NULL}; }

/* A string ref over a NUL-terminated string. */
static inline MlirStringRef fly_ir_sref(const char *s) { return mlirStringRefCreateFromCString(s); }
/* True when the string ref equals the NUL-terminated string s. */
bool fly_ir_sref_eq(MlirStringRef r, const char *s);

/* The location file:line:col of DSL source (a cell name or file path). */
MlirLocation fly_ir_loc(MlirContext ctx, const char *file, unsigned line, unsigned col);
/* A named attribute name = attr. */
MlirNamedAttribute fly_ir_named(MlirContext ctx, const char *name, MlirAttribute attr);

/* Creates an operation (not inserted anywhere). */
MlirOperation fly_ir_op_create(MlirLocation loc, const char *name, intptr_t nops, const MlirValue *ops, intptr_t nres,
                               const MlirType *res, intptr_t nattrs, const MlirNamedAttribute *attrs);
/* Inserts op before `before` (or at the end of block when before is null). */
void fly_ir_op_insert(MlirBlock block, MlirOperation before, MlirOperation op);
/* Result 0 of op. */
static inline MlirValue fly_ir_res0(MlirOperation op) { return mlirOperationGetResult(op, 0); }

/* True when op is named `name`. */
bool fly_ir_op_is(MlirOperation op, const char *name);
/* True when op belongs to the fly dialect ("fly." prefix). */
bool fly_ir_op_is_fly(MlirOperation op);
/* The op name as a NUL-terminated copy into buf. */
const char *fly_ir_op_name(MlirOperation op, char *buf, size_t cap);
/* The first op named `name` nested in root (pre-order), or a null op. */
MlirOperation fly_ir_find_first(MlirOperation root, const char *name);
/* The first op whose name starts with prefix nested in root (pre-order), or a null op. */
MlirOperation fly_ir_find_first_prefix(MlirOperation root, const char *prefix);
/* The outermost ancestor of op (op itself when it has no parent). */
MlirOperation fly_ir_top(MlirOperation op);
/* True when the value has no uses. */
bool fly_ir_value_unused(MlirValue v);

/* Prints op to a malloc'ed string; debuginfo adds loc(...), generic forces the generic form. */
char *fly_ir_op_print(MlirOperation op, bool debuginfo, bool generic);
/* Prints a type into a malloc'ed string. */
char *fly_ir_type_print(MlirType t);
/* Prints a location (without the loc(...) wrapper when it is file:line:col) into buf. */
const char *fly_ir_loc_str(MlirLocation loc, char *buf, size_t cap);

/* Monotonic clock in milliseconds. */
double fly_ir_now_ms(void);

#endif
