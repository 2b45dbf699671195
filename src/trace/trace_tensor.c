/* trace_tensor.c - tensors inside a traced kernel: a torch tensor argument becomes a
 * !fly.memref<T, global, shape:stride> parameter (static layout, from the tensor's shape and strides;
 * the kernel is specialised on them), and a traced tensor supports element access A[i] / A[i, j] (read:
 * fly.memref.load, write: fly.memref.store) with static or dynamic coordinates. */
#include <stdio.h>
#include <string.h>

#include "torch/torch.h"
#include "trace/trace_int.h"

#define U(x) ((unsigned long long)(x))

typedef struct ttensor {
    fy_obj h;
    uint64_t ssa;
    fy_dsl_numeric *et;
    int ndim;
    int64_t shape[FY_TORCH_MAXDIM], stride[FY_TORCH_MAXDIM];
    char ty[256]; /* "!fly.memref<f32, global, 16:1>" */
} ttensor;

static fy_type ttensor_type;

/* The DSL numeric type of a torch dtype; NULL if kernels cannot take it yet. */
static fy_dsl_numeric *elem_type(int dtype) {
    switch (dtype) {
    case FY_TORCH_F32: return &fy_dsl_t_f32;
    case FY_TORCH_F64: return &fy_dsl_t_f64;
    case FY_TORCH_F16: return &fy_dsl_t_f16;
    case FY_TORCH_BF16: return fy_dsl_numeric_by_name("BFloat16");
    case FY_TORCH_I32: return &fy_dsl_t_i32;
    case FY_TORCH_I64: return &fy_dsl_t_i64;
    case FY_TORCH_I16: return &fy_dsl_t_i16;
    case FY_TORCH_I8: return &fy_dsl_t_i8;
    default: return NULL;
    }
}

void *fy_trace_tensor_data(fy_obj *o) {
    if (!FY_TORCH_CHECK(o)) return NULL;
    fy_torch_tensor *t = FY_TT(o);
    return t->st->data + t->offset * (int64_t)fy_torch_itemsize(t->dtype);
}

/* "a" or "(a,b,...)" of n values. */
static int put_tuple(char *out, size_t cap, const int64_t *v, int n) {
    size_t k = 0;
    if (n == 1) return snprintf(out, cap, "%lld", (long long)v[0]);
    k += (size_t)snprintf(out + k, cap - k, "(");
    for (int i = 0; i < n && k < cap; i++) k += (size_t)snprintf(out + k, cap - k, "%s%lld", i ? "," : "", (long long)v[i]);
    if (k < cap) k += (size_t)snprintf(out + k, cap - k, ")");
    return (int)k;
}

fy_obj *fy_trace_tensor_param(fy_tracer *tr, int argi, fy_obj *arg, fy_obj *ann) {
    (void)ann;
    if (!FY_TORCH_CHECK(arg)) return NULL;
    fy_torch_tensor *t = FY_TT(arg);
    fy_dsl_numeric *et = elem_type(t->dtype);
    if (!et)
        return fy_err_format(&fy_NotImplementedError, "kernel argument %d: tensors of dtype %s are not supported yet", argi,
                             fy_torch_dtype_name(t->dtype));
    if (t->st->dev.type != 1)
        return fy_err_format(&fy_TypeError, "kernel argument %d: the tensor is on the CPU; create it with device=\"cuda\"",
                             argi);
    if (t->ndim == 0) return fy_err_format(&fy_NotImplementedError, "kernel argument %d: 0-dim tensors are not supported", argi);
    if (fy_type_ready(&ttensor_type) < 0) return NULL;
    ttensor *v = (ttensor *)fy_alloc(&ttensor_type);
    if (!v) return NULL;
    v->et = et;
    v->ndim = t->ndim;
    memcpy(v->shape, t->shape, sizeof v->shape);
    memcpy(v->stride, t->stride, sizeof v->stride);
    char sh[96], st[96];
    put_tuple(sh, sizeof sh, t->shape, t->ndim);
    put_tuple(st, sizeof st, t->stride, t->ndim);
    snprintf(v->ty, sizeof v->ty, "!fly.memref<%s, global, %s:%s>", fy_trace_mlir_type(et), sh, st);
    v->ssa = fy_trace_add_param(tr, v->ty, (fy_trace_param){FY_TP_TENSOR, argi, et});
    return &v->h;
}

/* The coordinate of A[key] as a fly.make_coord of i32 values; its SSA handle and type text. */
static int coord_of(fy_tracer *tr, ttensor *v, fy_obj *key, uint64_t *out, char *ty, size_t cap) {
    size_t n = 1;
    fy_obj *one[1] = {key};
    fy_obj **items = one;
    if (FY_TUPLE_CHECK(key)) items = fy_seq_items(key, &n);
    if ((int)n != v->ndim) {
        fy_err_format(&fy_IndexError, "tensor of rank %d indexed with %zu coordinates (slicing is not supported yet)",
                      v->ndim, n);
        return -1;
    }
    uint64_t h[FY_TORCH_MAXDIM];
    for (size_t i = 0; i < n; i++) {
        fy_obj *x = items[i];
        if (!FY_DSL_NUM_CHECK(x) && !FY_INT_CHECK(x)) {
            fy_err_format(&fy_TypeError, "tensor index must be an integer, not '%s'", fy_type_name(x));
            return -1;
        }
        if (FY_DSL_NUM_CHECK(x) && !FY_DSL_IS_INTLIKE(((fy_dsl_num *)x)->dt)) {
            fy_err_set(&fy_TypeError, "tensor index must be an integer value, not a float");
            return -1;
        }
        if (fy_trace_value_as(tr, x, &fy_dsl_t_i32, &h[i]) < 0) return -1;
    }
    *out = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = \"fly.make_coord\"(", U(*out));
    for (size_t i = 0; i < n; i++) fy_trace_emit(tr, "%s%%%llu", i ? ", " : "", U(h[i]));
    fy_trace_emit(tr, ") : (");
    for (size_t i = 0; i < n; i++) fy_trace_emit(tr, "%si32", i ? ", " : "");
    size_t k = (size_t)snprintf(ty, cap, "!fly.int_tuple<%s", n > 1 ? "(" : "");
    for (size_t i = 0; i < n && k < cap; i++) k += (size_t)snprintf(ty + k, cap - k, "%s?", i ? "," : "");
    if (k < cap) snprintf(ty + k, cap - k, "%s>", n > 1 ? ")" : "");
    fy_trace_emit(tr, ") -> %s", ty);
    fy_trace_end_line(tr);
    return 0;
}

static fy_tracer *need_tracer(void) {
    fy_tracer *tr = fy_trace_cur();
    if (!tr) fy_err_set(&fy_RuntimeError, "a kernel tensor is only usable inside its kernel's trace");
    return tr;
}

static fy_obj *tt_getitem(fy_obj *o, fy_obj *key) {
    ttensor *v = (ttensor *)o;
    fy_tracer *tr = need_tracer();
    uint64_t c;
    char cty[128];
    if (!tr || coord_of(tr, v, key, &c, cty, sizeof cty) < 0) return NULL;
    uint64_t r = fy_trace_new_ssa(tr);
    const char *et = fy_trace_mlir_type(v->et);
    fy_trace_emit(tr, "      %%%llu = \"fly.memref.load\"(%%%llu, %%%llu) : (%s, %s) -> %s", U(r), U(v->ssa), U(c), v->ty,
                  cty, et);
    fy_trace_end_line(tr);
    return tr->failed ? fy_err_nomem() : fy_dsl_num_dynamic(v->et, r);
}

static int tt_setitem(fy_obj *o, fy_obj *key, fy_obj *val) {
    ttensor *v = (ttensor *)o;
    if (!val) {
        fy_err_set(&fy_TypeError, "kernel tensors do not support item deletion");
        return -1;
    }
    fy_tracer *tr = need_tracer();
    uint64_t c, x;
    char cty[128];
    if (!tr) return -1;
    if (!FY_DSL_NUM_CHECK(val) && !FY_INT_CHECK(val) && !FY_FLOAT_CHECK(val) && val != fy_True && val != fy_False) {
        fy_err_format(&fy_TypeError, "cannot store a value of type '%s' into a tensor", fy_type_name(val));
        return -1;
    }
    if (fy_trace_value_as(tr, val, v->et, &x) < 0 || coord_of(tr, v, key, &c, cty, sizeof cty) < 0) return -1;
    fy_trace_emit(tr, "      \"fly.memref.store\"(%%%llu, %%%llu, %%%llu) : (%s, %s, %s) -> ()", U(x), U(v->ssa), U(c),
                  fy_trace_mlir_type(v->et), v->ty, cty);
    fy_trace_end_line(tr);
    if (tr->failed) {
        fy_err_nomem();
        return -1;
    }
    return 0;
}

static fy_obj *tt_repr(fy_obj *o) {
    ttensor *v = (ttensor *)o;
    return fy_str_printf("Tensor<%s, %%%llu>", v->ty, U(v->ssa));
}

static fy_obj *tt_shape(fy_obj *o) {
    ttensor *v = (ttensor *)o;
    fy_obj *t = fy_tuple_new((size_t)v->ndim);
    for (int i = 0; t && i < v->ndim; i++) {
        fy_obj *x = fy_int_from(v->shape[i]);
        if (!x) {
            for (int j = i; j < v->ndim; j++) fy_tuple_set_steal(t, (size_t)j, fy_none());
            FY_DECREF(t);
            return NULL;
        }
        fy_tuple_set_steal(t, (size_t)i, x);
    }
    return t;
}
static fy_obj *tt_dtype(fy_obj *o) { return fy_ref(&((ttensor *)o)->et->h); }

static fy_getsetdef tt_getsets[] = {{"shape", tt_shape, NULL, "the static shape"},
                                    {"dtype", tt_dtype, NULL, "the element type"}, {0}};

static fy_type ttensor_type = {
    FY_TYPE_INIT("Tensor", sizeof(ttensor)), .flags = FY_TPF_FINAL, .repr = tt_repr, .getitem = tt_getitem,
    .setitem = tt_setitem, .getsets = tt_getsets,
};
