/* trace_tensor.c - tensors inside a traced kernel: a torch tensor argument becomes a
 * !fly.memref<T, global, shape:stride> parameter (static layout, from the tensor's shape and strides;
 * the kernel is specialised on them). A kernel tensor (fy_ttensor: a memref SSA value plus its static
 * layout, global or register) supports element access A[i] / A[i, j] / A[(i, j), k] (fly.make_coord +
 * fly.memref.load / fly.memref.store) with static or dynamic coordinates, slicing with None
 * (fly.slice: the iterator advances by the fixed part's crd2idx), .load() / .store(vec) / .fill(x),
 * .layout / .shape / .stride / .dtype and print() in FlyDSL's Tensor<f32, global, L> form. */
#include <stdio.h>
#include <string.h>

#include "dsl/dsl.h"
#include "torch/torch.h"
#include "trace/trace_int.h"

#define U(x) ((unsigned long long)(x))

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
    fly_layout L;
    fly_inttuple sh, st;
    fly_error err;
    if (fly_inttuple_from_ints(&sh, t->shape, t->ndim, &err) || fly_inttuple_from_ints(&st, t->stride, t->ndim, &err) ||
        fly_layout_make(&L, &sh, &st, &err))
        return fy_dsl_raise(&err);
    if (t->ndim == 1) { /* a leaf, not a 1-tuple: 16:1 */
        fly_inttuple_int(&L.shape, t->shape[0]);
        fly_inttuple_int(&L.stride, t->stride[0]);
    }
    char ty[640];
    fy_ttensor_type_text(ty, sizeof ty, et, 0, &L);
    uint64_t ssa = fy_trace_add_param(tr, ty, (fy_trace_param){FY_TP_TENSOR, argi, et});
    return fy_ttensor_new(ssa, et, 0, &L);
}

const char *fy_trace_space_name(int sp) {
    return sp == FY_SP_REG ? "register" : sp == FY_SP_SHARED ? "shared" : "global";
}

void fy_ttensor_type_text(char *buf, size_t cap, fy_dsl_numeric *et, int reg, const fly_layout *L) {
    char lt[512];
    fly_layout_print(L, lt, sizeof lt);
    snprintf(buf, cap, "!fly.memref<%s, %s, %s>", fy_trace_mlir_type(et), fy_trace_space_name(reg), lt);
}

fy_obj *fy_ttensor_new(uint64_t ssa, fy_dsl_numeric *et, int reg, const fly_layout *L) {
    if (fy_type_ready(&fy_ttensor_type) < 0) return NULL;
    fy_ttensor *v = (fy_ttensor *)fy_alloc(&fy_ttensor_type);
    if (!v) return NULL;
    v->ssa = ssa;
    v->et = et;
    v->reg = reg;
    fly_layout_copy(&v->L, L);
    fy_ttensor_type_text(v->ty, sizeof v->ty, et, reg, L);
    return &v->h;
}

/* Builds coordinate tuple b from a Python key: ints and static numerics are static leaves, dynamic
 * integers dynamic leaves (their i32 SSA handles in dyn[]), None the "*" leaf. */
static int key_build(fy_tracer *tr, fly_itbuilder *b, fy_obj *x, uint64_t *dyn, int *nd, int *nnone, int depth) {
    if (FY_TUPLE_CHECK(x)) {
        size_t n;
        fy_obj **items = fy_seq_items(x, &n);
        if (depth > 8 || n == 0) {
            fy_err_set(&fy_IndexError, "tensor coordinate: empty or too deeply nested tuple");
            return -1;
        }
        fly_itb_open(b);
        for (size_t i = 0; i < n; i++)
            if (key_build(tr, b, items[i], dyn, nd, nnone, depth + 1) < 0) return -1;
        fly_itb_close(b);
        return 0;
    }
    if (x == fy_None) {
        fly_itb_leaf(b, fly_itnode_none());
        ++*nnone;
        return 0;
    }
    if (FY_INT_CHECK(x)) {
        int64_t v;
        if (fy_dsl_to_int(x, &v, "tensor index", "coordinate") < 0) return -1;
        fly_itb_leaf(b, fly_itnode_int(v));
        return 0;
    }
    if (!FY_DSL_NUM_CHECK(x)) {
        fy_err_format(&fy_TypeError, "tensor index must be an integer, None or a tuple, not '%s'", fy_type_name(x));
        return -1;
    }
    fy_dsl_num *v = (fy_dsl_num *)x;
    if (!FY_DSL_IS_INTLIKE(v->dt)) {
        fy_err_set(&fy_TypeError, "tensor index must be an integer value, not a float");
        return -1;
    }
    if (v->is_static) {
        fly_itb_leaf(b, fly_itnode_int(v->i));
        return 0;
    }
    if (*nd >= 32) {
        fy_err_set(&fy_IndexError, "tensor coordinate: too many dynamic leaves");
        return -1;
    }
    if (fy_trace_value_as(tr, x, &fy_dsl_t_i32, &dyn[*nd]) < 0) return -1;
    fly_itb_leaf(b, fly_itnode_dyn(dyn[*nd], 1, 32));
    ++*nd;
    return 0;
}

/* Emits fly.make_coord for key (checked against t's shape); its SSA handle, type text and tuple. */
static int coord_emit_L(fy_tracer *tr, const fly_layout *L, fy_obj *key, uint64_t *out, char *ty, size_t cap,
                        fly_inttuple *c, int *nnone) {
    fly_itbuilder b;
    fly_error err;
    uint64_t dyn[32];
    int nd = 0;
    *nnone = 0;
    fly_itb_init(&b, c);
    if (key_build(tr, &b, key, dyn, &nd, nnone, 0) < 0) return -1;
    if (fly_itb_finish(&b, &err)) {
        fy_dsl_raise(&err);
        return -1;
    }
    char ct[256], lt[512];
    fly_inttuple_print(c, ct, sizeof ct);
    if (!fly_inttuple_is_leaf(c) && !fly_inttuple_weakly_congruent(c, &L->shape)) {
        fly_layout_print(L, lt, sizeof lt);
        fy_err_format(&fy_IndexError, "coordinate %s does not match the tensor's shape (layout %s)", ct, lt);
        return -1;
    }
    if (fly_inttuple_is_leaf(c) && c->n[0].kind == FLY_IT_NONE && !fly_inttuple_is_leaf(&L->shape)) {
        fy_err_set(&fy_IndexError, "tensor[None] keeps every mode: use the tensor itself");
        return -1;
    }
    *out = fy_trace_new_ssa(tr);
    snprintf(ty, cap, "!fly.int_tuple<%s>", ct);
    fy_trace_emit(tr, "      %%%llu = \"fly.make_coord\"(", U(*out));
    for (int i = 0; i < nd; i++) fy_trace_emit(tr, "%s%%%llu", i ? ", " : "", U(dyn[i]));
    fy_trace_emit(tr, ") : (");
    for (int i = 0; i < nd; i++) fy_trace_emit(tr, "%si32", i ? ", " : "");
    fy_trace_emit(tr, ") -> %s", ty);
    fy_trace_end_line(tr);
    return 0;
}

int fy_trace_coord_emit(fy_tracer *tr, const fly_layout *L, fy_obj *key, uint64_t *out, char *ty, size_t cap,
                        fly_inttuple *c, int *nnone) {
    return coord_emit_L(tr, L, key, out, ty, cap, c, nnone);
}

static int coord_emit(fy_tracer *tr, fy_ttensor *t, fy_obj *key, uint64_t *out, char *ty, size_t cap,
                      fly_inttuple *c, int *nnone) {
    return coord_emit_L(tr, &t->L, key, out, ty, cap, c, nnone);
}

static fy_tracer *need_tracer(void) {
    fy_tracer *tr = fy_trace_cur();
    if (!tr) fy_err_set(&fy_RuntimeError, "a kernel tensor is only usable inside its kernel's trace");
    return tr;
}

static fy_obj *tt_getitem(fy_obj *o, fy_obj *key) {
    fy_ttensor *v = (fy_ttensor *)o;
    fy_tracer *tr = need_tracer();
    uint64_t c;
    char cty[300];
    fly_inttuple ct;
    int nnone;
    if (!tr || coord_emit(tr, v, key, &c, cty, sizeof cty, &ct, &nnone) < 0) return NULL;
    uint64_t r = fy_trace_new_ssa(tr);
    if (nnone) {
        fly_layout S;
        fly_error err;
        if (fly_layout_slice(&v->L, &ct, &S, &err)) return fy_dsl_raise(&err);
        fy_obj *res = fy_ttensor_new(r, v->et, v->reg, &S);
        if (!res) return NULL;
        fy_trace_emit(tr, "      %%%llu = \"fly.slice\"(%%%llu, %%%llu) : (%s, %s) -> %s", U(r), U(v->ssa), U(c), v->ty,
                      cty, ((fy_ttensor *)res)->ty);
        fy_trace_end_line(tr);
        if (tr->failed) {
            FY_DECREF(res);
            return fy_err_nomem();
        }
        return res;
    }
    const char *et = fy_trace_mlir_type(v->et);
    fy_trace_emit(tr, "      %%%llu = \"fly.memref.load\"(%%%llu, %%%llu) : (%s, %s) -> %s", U(r), U(v->ssa), U(c), v->ty,
                  cty, et);
    fy_trace_end_line(tr);
    return tr->failed ? fy_err_nomem() : fy_dsl_num_dynamic(v->et, r);
}

static int tt_setitem(fy_obj *o, fy_obj *key, fy_obj *val) {
    fy_ttensor *v = (fy_ttensor *)o;
    if (!val) {
        fy_err_set(&fy_TypeError, "kernel tensors do not support item deletion");
        return -1;
    }
    fy_tracer *tr = need_tracer();
    uint64_t c, x;
    char cty[300];
    fly_inttuple ct;
    int nnone;
    if (!tr) return -1;
    if (!FY_DSL_NUM_CHECK(val) && !FY_INT_CHECK(val) && !FY_FLOAT_CHECK(val) && val != fy_True && val != fy_False) {
        fy_err_format(&fy_TypeError, "cannot store a value of type '%s' into a tensor element", fy_type_name(val));
        return -1;
    }
    if (fy_trace_value_as(tr, val, v->et, &x) < 0 || coord_emit(tr, v, key, &c, cty, sizeof cty, &ct, &nnone) < 0)
        return -1;
    if (nnone) {
        fy_err_set(&fy_IndexError, "assigning to a tensor slice is not supported; use .store(vec) or .fill(x) on the slice");
        return -1;
    }
    fy_trace_emit(tr, "      \"fly.memref.store\"(%%%llu, %%%llu, %%%llu) : (%s, %s, %s) -> ()", U(x), U(v->ssa), U(c),
                  fy_trace_mlir_type(v->et), v->ty, cty);
    fy_trace_end_line(tr);
    if (tr->failed) {
        fy_err_nomem();
        return -1;
    }
    return 0;
}

/* FlyDSL's str(): "Tensor" + the type text from the first '<' to the last '>'. */
static fy_obj *tt_repr(fy_obj *o) {
    fy_ttensor *v = (fy_ttensor *)o;
    const char *p = strchr(v->ty, '<');
    return fy_str_printf("Tensor%s", p ? p : v->ty);
}

static fy_obj *tt_shape(fy_obj *o) { return fy_dsl_inttuple_new(&((fy_ttensor *)o)->L.shape); }
static fy_obj *tt_stride(fy_obj *o) { return fy_dsl_inttuple_new(&((fy_ttensor *)o)->L.stride); }
static fy_obj *tt_layout(fy_obj *o) { return fy_dsl_layout_new(&((fy_ttensor *)o)->L); }
static fy_obj *tt_dtype(fy_obj *o) { return fy_ref(&((fy_ttensor *)o)->et->h); }
static fy_obj *tt_as(fy_obj *o) { return fy_str_from_cstr(fy_trace_space_name(((fy_ttensor *)o)->reg)); }

static fy_obj *tt_load(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)a;
    if (fy_no_kwargs("load", kw) < 0 || fy_check_nargs("load", na, 0, 0) < 0) return NULL;
    return fy_trace_tensor_load((fy_ttensor *)self);
}
static fy_obj *tt_store(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (fy_no_kwargs("store", kw) < 0 || fy_check_nargs("store", na, 1, 1) < 0) return NULL;
    return fy_trace_tensor_store((fy_ttensor *)self, a[0]);
}
static fy_obj *tt_fill(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (fy_no_kwargs("fill", kw) < 0 || fy_check_nargs("fill", na, 1, 1) < 0) return NULL;
    return fy_trace_tensor_fill((fy_ttensor *)self, a[0]);
}

static fy_methoddef tt_methods[] = {
    {"load", tt_load, 0, "load()\nThe whole tensor as a Vector (fly.memref.load_vec)."},
    {"store", tt_store, 0, "store(vec)\nStores a Vector of the tensor's size (fly.memref.store_vec)."},
    {"fill", tt_fill, 0, "fill(x)\nSets every element to x."},
    {0}};

static fy_getsetdef tt_getsets[] = {{"shape", tt_shape, NULL, "the shape (IntTuple)"},
                                    {"stride", tt_stride, NULL, "the stride (IntTuple)"},
                                    {"layout", tt_layout, NULL, "the layout"},
                                    {"dtype", tt_dtype, NULL, "the element type"},
                                    {"element_type", tt_dtype, NULL, "the element type"},
                                    {"address_space", tt_as, NULL, "global or register"},
                                    {0}};

fy_type fy_ttensor_type = {
    FY_TYPE_INIT("Tensor", sizeof(fy_ttensor)), .flags = FY_TPF_FINAL, .repr = tt_repr, .getitem = tt_getitem,
    .setitem = tt_setitem, .getsets = tt_getsets, .methods = tt_methods,
};
