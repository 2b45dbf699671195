/* mlir.h - flydsl._mlir, the MLIR Python bindings on flyi's tracer (src/flydsl/mlir/). The bindings are
 * Python modules (py/); mlir_core.c is their C half (module _flyi_mlir) and the bridge for the DSL's C side. */
#ifndef FLYI_MLIR_MLIR_H
#define FLYI_MLIR_MLIR_H

#include <stdint.h>

#include "flydsl/api/dsl_numeric.h"

/* Registers _flyi_mlir and the flydsl._mlir.* modules (call once, with the other flydsl modules). */
void fy_mlir_register(void);
/* The numeric type of scalar MLIR type text ty ("i32" -> Int32, "f16", "index", "i1" -> Boolean), or NULL. */
fy_dsl_numeric *fy_mlir_numeric_of(const char *ty);
/* An ir.Value over handle h of MLIR type ty; NULL with an exception. */
fy_obj *fy_mlir_value_new(uint64_t h, const char *ty);
/* The ir.Value of traced DSL value x (numeric, Vector, tensor, pointer; a static numeric is materialised). */
fy_obj *fy_mlir_ir_value(fy_obj *x);
/* 1 with *h and *ty (borrowed from o) when o is an ir.Value, else 0 (no exception). */
int fy_mlir_value_parts(fy_obj *o, uint64_t *h, const char **ty);
/* The dynamic fx numeric over ir.Value o of a scalar type, or NULL without an exception. */
fy_obj *fy_mlir_as_numeric(fy_obj *o);
/* The same for a scalar or a 1-D vector type (an fx numeric or a Vector), or NULL without an exception. */
fy_obj *fy_mlir_as_dsl_value(fy_obj *o);

/* Vector(x) (the type's constructor): the traced Vector over ir.Value x of a 1-D vector type (or x itself when it
 * is a Vector); NULL with a TypeError otherwise. */
fy_obj *fy_mlir_vector_new(fy_type *t, fy_obj *const *a, size_t na, fy_obj *kw);
/* Serves T / as_ir_value / as_dsl_value (flydsl.expr.typing) or as_ir_value / as_dsl_value (flydsl.expr) in
 * module m through a module __getattr__, loaded on first use (unless m has a __getattr__); 0 or -1. */
int fy_mlir_add_lazy(fy_obj *m);

#endif
