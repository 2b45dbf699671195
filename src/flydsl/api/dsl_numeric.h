/* dsl_numeric.h - FlyDSL's typed scalars (flydsl.expr.numeric), internal to src/dsl/.
 *
 * A numeric type (fx.Int32, fx.Float16, fx.Boolean, ...) is a class, as in FlyDSL: a static type whose
 * metaclass is NumericMeta (fy_dsl_numeric_type), under the abstract classes Numeric, Integer and Float
 * (Boolean and Index are Integers); calling it builds a value, an instance of it. A value is static (holds a C integer or double, folded at trace time
 * as FlyDSL folds Python values) or dynamic (holds an opaque SSA handle of the tracer). */
#ifndef FLYI_DSL_NUMERIC_H
#define FLYI_DSL_NUMERIC_H

#include <stdint.h>

#include "objects/object.h"

enum { FY_DSL_K_INT = 0, FY_DSL_K_FLOAT, FY_DSL_K_BOOL, FY_DSL_K_INDEX, FY_DSL_K_ABSTRACT };

typedef struct fy_dsl_numeric {
    union {
        fy_type t; /* the class (its instances are fy_dsl_num) */
        fy_obj h;  /* its object header */
    };
    const char *name; /* "Float32" */
    const char *mlir; /* "f32" (signless MLIR name for ints is "i32"; "ui32" marks unsigned here) */
    int width;        /* bits */
    int kind;         /* FY_DSL_K_* */
    int is_signed;    /* integers: C-cast sign semantics */
    int zero_width;   /* FY_DSL_K_ABSTRACT: FlyDSL's width of the abstract class (Numeric 8, Integer/Float 32) */
} fy_dsl_numeric;

/* A typed value. Static: i (integers, Boolean 0/1, bits as int64 for unsigned) or f (floats). */
typedef struct fy_dsl_num {
    fy_obj h;
    fy_dsl_numeric *dt;
    int is_static;
    int64_t i;
    int64_t hi; /* a static integer of a type wider than 64 bits (Int128, Uint128): its upper 64 bits (i the lower) */
    double f;
    uint64_t ssa; /* dynamic: the tracer's value handle */
    int host_rt;  /* static here, but a launching @flyc.jit's run-time parameter (FlyDSL: a dynamic value); flyi
                   * runs the launcher at every call, so it holds that call's argument: is_static() is False and an
                   * fx.Constexpr parameter refuses it (fy_trace_jit_args makes it) */
} fy_dsl_num;

extern fy_type fy_dsl_numeric_type;
/* Numeric, the base class of every value (its slots and methods serve them all), and the numeric types. */
extern fy_dsl_numeric fy_dsl_t_numeric, fy_dsl_t_integer, fy_dsl_t_float;
#define fy_dsl_num_type (fy_dsl_t_numeric.t)
extern fy_dsl_numeric fy_dsl_t_bool, fy_dsl_t_i8, fy_dsl_t_i16, fy_dsl_t_i32, fy_dsl_t_i64, fy_dsl_t_u32, fy_dsl_t_f16,
    fy_dsl_t_f32, fy_dsl_t_f64, fy_dsl_t_index;

/* o is a DSL value (its class's metaclass is NumericMeta). */
#define FY_DSL_NUM_CHECK(o) (FY_TYPE(FY_TYPE(o)) == &fy_dsl_numeric_type)
/* o is a concrete numeric type (fx.Int32; not the abstract Numeric, Integer or Float). */
#define FY_DSL_IS_NUMERIC_TYPE(o) \
    (FY_TYPE(o) == &fy_dsl_numeric_type && ((const fy_dsl_numeric *)(o))->kind != FY_DSL_K_ABSTRACT)
#define FY_DSL_IS_FLOAT(t) ((t)->kind == FY_DSL_K_FLOAT)
#define FY_DSL_IS_INTLIKE(t) ((t)->kind != FY_DSL_K_FLOAT)

/* Wraps v modulo 2^width of integer type t with t's sign semantics (Boolean: v != 0). */
int64_t fy_dsl_wrap(const fy_dsl_numeric *t, int64_t v);
/* 128-bit integers, for the static values of Int128 / Uint128. */
typedef __int128 fy_dsl_i128;
typedef unsigned __int128 fy_dsl_u128;
/* t is an integer type wider than 64 bits (its static values use hi). */
#define FY_DSL_IS_WIDE(t) ((t)->kind == FY_DSL_K_INT && (t)->width > 64)
/* The static integer (or Boolean) v as 128 bits: sign-extended for a signed type, zero-extended otherwise. */
fy_dsl_i128 fy_dsl_num_i128(const fy_dsl_num *v);
/* A new static value of integer type t from x, wrapped modulo 2^width (the low 64 bits for narrower types). */
fy_obj *fy_dsl_num_int128(fy_dsl_numeric *t, fy_dsl_i128 x);
/* x as a Python int, read unsigned when uns. */
fy_obj *fy_dsl_i128_to_int(fy_dsl_i128 x, int uns);
/* x in decimal (read unsigned when uns) into buf (cap >= 41). */
void fy_dsl_i128_text(fy_dsl_i128 x, int uns, char *buf, size_t cap);
/* A new static value of type t (integers are wrapped; floats kept as doubles). */
fy_obj *fy_dsl_num_int(fy_dsl_numeric *t, int64_t v);
fy_obj *fy_dsl_num_float(fy_dsl_numeric *t, double v);
/* A new dynamic value of type t holding the tracer handle ssa. */
fy_obj *fy_dsl_num_dynamic(fy_dsl_numeric *t, uint64_t ssa);
/* Converts any Python int/float/bool or typed value to a typed value of type t (T(x) semantics). */
fy_obj *fy_dsl_num_convert(fy_dsl_numeric *t, fy_obj *x);
/* A typed value for o: itself if typed, else literal typing (int -> Int32/Int64, float -> Float32,
 * bool -> Boolean); NULL without exception when o is none of these. New reference. */
fy_obj *fy_dsl_as_numeric(fy_obj *o);
/* FlyDSL's common type of a and b: for arithmetic (bitwise 0) a Boolean counts as Int32; with bitwise 1
 * (bitwise operations, select) as a signed 1-bit integer, as FlyDSL's _resolve_numeric_type. */
fy_dsl_numeric *fy_dsl_common_type(fy_dsl_numeric *a, fy_dsl_numeric *b, int bitwise);
/* The static value as a double / as an unsigned-aware int64 (for Uint64 the bits). */
double fy_dsl_num_as_double(const fy_dsl_num *v);
/* Looks a numeric type up by name ("Int32"); NULL if none. */
fy_dsl_numeric *fy_dsl_numeric_by_name(const char *name);
/* A numeric type object from o (a concrete numeric class), or NULL with TypeError naming op. */
fy_dsl_numeric *fy_dsl_to_numeric_type(fy_obj *o, const char *op);
/* rounding_mode= of a cast: an arith RoundingMode (fx.RoundingMode.upward; its int code 0..4) as that code, or
 * -1 with TypeError. */
int fy_dsl_rounding_mode(fy_obj *o);
/* Raises the error for an operation on a dynamic value outside a kernel trace. */
fy_obj *fy_dsl_num_dynamic_unsupported(const char *what);

/* Readies NumericMeta and the numeric classes (idempotent); -1 with an exception. */
int fy_dsl_numeric_ready(void);
/* Module functions of fx: max, min, ceildiv (dsl_numeric_math.c); the fx.math module table. */
extern fy_methoddef fy_dsl_numeric_funcs[];
extern fy_methoddef fy_dsl_math_funcs[];

#endif
