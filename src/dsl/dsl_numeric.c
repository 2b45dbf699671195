/* dsl_numeric.c - the numeric type names of flydsl.expr (fx.Float32, fx.Int32, ...) as placeholders:
 * they name an element type (str "Float32", MLIR name "f32") for make_rmem_tensor and friends.
 * Typed scalar values (Float32(1.0) inside kernels) come with the next issue, which extends this file. */
#include <string.h>

#include "dsl/dsl.h"

typedef struct fy_dsl_numeric {
    fy_obj h;
    const char *name; /* "Float32" */
    const char *mlir; /* "f32" */
    int width;        /* bits */
    int is_float;
} fy_dsl_numeric;

static fy_obj *num_str(fy_obj *self) { return fy_str_from_cstr(((fy_dsl_numeric *)self)->name); }

static fy_obj *num_call(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)a;
    (void)na;
    (void)kw;
    return fy_err_format(&fy_NotImplementedError, "%s values are not supported yet (typed scalars come with kernels)",
                         ((fy_dsl_numeric *)self)->name);
}

static fy_obj *num_width(fy_obj *self) { return fy_int_from(((fy_dsl_numeric *)self)->width); }
static fy_obj *num_mlir(fy_obj *self) { return fy_str_from_cstr(((fy_dsl_numeric *)self)->mlir); }
static fy_obj *num_is_float(fy_obj *self) { return fy_bool(((fy_dsl_numeric *)self)->is_float); }

static fy_getsetdef num_getsets[] = {
    {"width", num_width, NULL, "bit width"},
    {"mlir_type", num_mlir, NULL, "the MLIR type name, e.g. f32"},
    {"is_float", num_is_float, NULL, "True for floating-point types"},
    {0}};

static fy_type numeric_type = {
    FY_TYPE_INIT("NumericType", sizeof(fy_dsl_numeric)),
    .doc = "A numeric element type (Float32, Int32, ...).",
    .flags = FY_TPF_FINAL, .repr = num_str, .str = num_str, .call = num_call, .getsets = num_getsets,
};

#define NUM(id, name, mlir, w, f) static fy_dsl_numeric id = {{FY_IMMORTAL_RC, &numeric_type}, name, mlir, w, f};
NUM(n_bool, "Boolean", "i1", 1, 0)
NUM(n_i8, "Int8", "i8", 8, 0)
NUM(n_i16, "Int16", "i16", 16, 0)
NUM(n_i32, "Int32", "i32", 32, 0)
NUM(n_i64, "Int64", "i64", 64, 0)
NUM(n_u8, "Uint8", "ui8", 8, 0)
NUM(n_u16, "Uint16", "ui16", 16, 0)
NUM(n_u32, "Uint32", "ui32", 32, 0)
NUM(n_u64, "Uint64", "ui64", 64, 0)
NUM(n_f16, "Float16", "f16", 16, 1)
NUM(n_bf16, "BFloat16", "bf16", 16, 1)
NUM(n_f32, "Float32", "f32", 32, 1)
NUM(n_f64, "Float64", "f64", 64, 1)
NUM(n_f8e4m3fnuz, "Float8E4M3FNUZ", "f8E4M3FNUZ", 8, 1)
NUM(n_f8e5m2fnuz, "Float8E5M2FNUZ", "f8E5M2FNUZ", 8, 1)
NUM(n_f8e4m3fn, "Float8E4M3FN", "f8E4M3FN", 8, 1)
NUM(n_f8e5m2, "Float8E5M2", "f8E5M2", 8, 1)

static fy_dsl_numeric *const all_numeric[] = {&n_bool, &n_i8, &n_i16, &n_i32, &n_i64, &n_u8, &n_u16, &n_u32, &n_u64,
                                             &n_f16, &n_bf16, &n_f32, &n_f64, &n_f8e4m3fnuz, &n_f8e5m2fnuz,
                                             &n_f8e4m3fn, &n_f8e5m2, NULL};

int fy_dsl_numeric_add(fy_obj *m) {
    if (fy_type_ready(&numeric_type) < 0) return -1;
    for (int i = 0; all_numeric[i]; i++)
        if (fy_module_add(m, all_numeric[i]->name, &all_numeric[i]->h) < 0) return -1;
    return fy_module_add(m, "NumericType", &numeric_type.h);
}

const char *fy_dsl_numeric_mlir_name(fy_obj *o) {
    if (!o || FY_TYPE(o) != &numeric_type) return NULL;
    return ((fy_dsl_numeric *)o)->mlir;
}
