/* trace_vector.c - Vector values inside a traced kernel: a dynamic vector<N x T> made by
 * tensor.load() / fx.memref_load_vec, with elementwise + - * against another Vector of the same
 * length and type or a scalar (broadcast with vector.broadcast), stored with tensor.store(vec). */
#include <stdio.h>
#include <string.h>

#include "trace/trace_int.h"

#define U(x) ((unsigned long long)(x))

typedef struct tvector {
    fy_obj h;
    uint64_t ssa;
    fy_dsl_numeric *et;
    int64_t n;
} tvector;
static fy_type tvector_type;

fy_obj *fy_tvector_new(uint64_t ssa, fy_dsl_numeric *et, int64_t n) {
    if (fy_type_ready(&tvector_type) < 0) return NULL;
    tvector *v = (tvector *)fy_alloc(&tvector_type);
    if (!v) return NULL;
    v->ssa = ssa;
    v->et = et;
    v->n = n;
    return &v->h;
}

/* The vector's SSA handle, element type and length; -1 when v is not a Vector. */
int fy_tvector_parts(fy_obj *v, uint64_t *ssa, fy_dsl_numeric **et, int64_t *n) {
    if (!v || FY_TYPE(v) != &tvector_type) return -1;
    tvector *t = (tvector *)v;
    *ssa = t->ssa;
    *et = t->et;
    *n = t->n;
    return 0;
}

static fy_obj *vec_repr(fy_obj *o) {
    tvector *v = (tvector *)o;
    return fy_str_printf("Vector(vector<%lldx%s> o (%lld,), %s)", (long long)v->n, fy_trace_mlir_type(v->et),
                         (long long)v->n, v->et->name);
}

/* v as a vector operand of x's type: a Vector as is, a scalar broadcast. */
static int operand(fy_tracer *tr, tvector *x, fy_obj *o, uint64_t *out) {
    if (FY_TYPE(o) == &tvector_type) {
        tvector *y = (tvector *)o;
        if (y->n != x->n) {
            fy_err_format(&fy_ValueError, "Vector shape mismatch: %lld elements and %lld elements", (long long)x->n,
                          (long long)y->n);
            return -1;
        }
        if (y->et != x->et) {
            fy_err_format(&fy_TypeError, "Vector element types differ: %s and %s (convert with .to())", x->et->name,
                          y->et->name);
            return -1;
        }
        *out = y->ssa;
        return 0;
    }
    if (!FY_DSL_NUM_CHECK(o) && !FY_INT_CHECK(o) && !FY_FLOAT_CHECK(o)) return 1;
    uint64_t s;
    if (fy_trace_value_as(tr, o, x->et, &s) < 0) return -1;
    const char *et = fy_trace_mlir_type(x->et);
    *out = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = vector.broadcast %%%llu : %s to vector<%lldx%s>", U(*out), U(s), et,
                  (long long)x->n, et);
    fy_trace_end_line(tr);
    return 0;
}

static fy_obj *binop(fy_obj *a, fy_obj *b, const char *fop, const char *iop) {
    tvector *x = FY_TYPE(a) == &tvector_type ? (tvector *)a : (tvector *)b;
    int swapped = (fy_obj *)x != a;
    fy_tracer *tr = fy_trace_cur();
    if (!tr) return fy_err_set(&fy_RuntimeError, "a Vector is only usable inside its kernel's trace");
    uint64_t y;
    int rc = operand(tr, x, swapped ? a : b, &y);
    if (rc < 0) return NULL;
    if (rc > 0) return fy_ref(fy_NotImplemented);
    uint64_t l = swapped ? y : x->ssa, r = swapped ? x->ssa : y;
    uint64_t id = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = %s %%%llu, %%%llu : vector<%lldx%s>", U(id),
                  x->et->kind == FY_DSL_K_FLOAT ? fop : iop, U(l), U(r), (long long)x->n, fy_trace_mlir_type(x->et));
    fy_trace_end_line(tr);
    return tr->failed ? fy_err_nomem() : fy_tvector_new(id, x->et, x->n);
}

static fy_obj *vec_add(fy_obj *a, fy_obj *b) { return binop(a, b, "arith.addf", "arith.addi"); }
static fy_obj *vec_sub(fy_obj *a, fy_obj *b) { return binop(a, b, "arith.subf", "arith.subi"); }
static fy_obj *vec_mul(fy_obj *a, fy_obj *b) { return binop(a, b, "arith.mulf", "arith.muli"); }

static fy_obj *vec_len(fy_obj *o) { return fy_int_from(((tvector *)o)->n); }
static fy_obj *vec_dtype(fy_obj *o) { return fy_ref(&((tvector *)o)->et->h); }
static fy_getsetdef vec_getsets[] = {{"dtype", vec_dtype, NULL, "the element type"},
                                     {"numel", vec_len, NULL, "the number of elements"}, {0}};

static fy_type tvector_type = {
    FY_TYPE_INIT("Vector", sizeof(tvector)), .flags = FY_TPF_FINAL, .repr = vec_repr, .getsets = vec_getsets,
    .nb = {[FY_NB_ADD] = vec_add, [FY_NB_SUB] = vec_sub, [FY_NB_MUL] = vec_mul},
};
