/* autograd.c - the C side of torch.autograd: a tensor's .grad / .grad_fn / .is_leaf / requires_grad,
 * Tensor.backward, torch.nn.Parameter, and torch._C, the few helpers the engine needs (grad mode, setting
 * a result's grad_fn). The engine itself, the derivative formulas, torch.autograd.Function and the
 * grad-mode context managers are Python (_torch_autograd.py); autograd_hook.c decides when it runs. */
#include <string.h>

#include "exec/interp.h"
#include "torch/torch.h"

/* ------------------------------------------------------------------ tensor attributes */

fy_obj *fy_torch_ag_get_grad(fy_obj *o) { return FY_TT(o)->grad ? fy_ref(FY_TT(o)->grad) : fy_none(); }

int fy_torch_ag_set_grad(fy_obj *o, fy_obj *v) {
    fy_torch_tensor *t = FY_TT(o);
    if (!v || v == fy_None) {
        FY_CLEAR(t->grad);
        return 0;
    }
    if (!FY_TORCH_CHECK(v)) {
        fy_err_format(&fy_TypeError, "assigned grad expected to be a Tensor or None but got grad of type %T", v);
        return -1;
    }
    fy_torch_tensor *g = FY_TT(v);
    bool same = g->ndim == t->ndim;
    for (int i = 0; same && i < t->ndim; i++) same = g->shape[i] == t->shape[i];
    if (!same) {
        fy_err_set(&fy_RuntimeError, "assigned grad has data of a different size");
        return -1;
    }
    if (g->dtype != t->dtype) {
        fy_err_set(&fy_RuntimeError, "assigned grad has data of a different type");
        return -1;
    }
    fy_obj *old = t->grad;
    t->grad = fy_ref(v);
    FY_XDECREF(old);
    return 0;
}

fy_obj *fy_torch_ag_get_grad_fn(fy_obj *o) { return FY_TT(o)->grad_fn ? fy_ref(FY_TT(o)->grad_fn) : fy_none(); }
fy_obj *fy_torch_ag_is_leaf(fy_obj *o) { return fy_bool(FY_TT(o)->grad_fn == NULL); }

int fy_torch_ag_set_requires_grad(fy_obj *o, fy_obj *v) {
    if (!v) {
        fy_err_set(&fy_AttributeError, "can't delete requires_grad");
        return -1;
    }
    int b = fy_truthy(v);
    if (b < 0) return -1;
    fy_torch_tensor *t = FY_TT(o);
    if (t->grad_fn) {
        if (b) return 0;
        fy_err_set(&fy_RuntimeError,
                   "you can only change requires_grad flags of leaf variables. If you want to use a computed "
                   "variable in a subgraph that doesn't require differentiation use var_no_grad = var.detach().");
        return -1;
    }
    if (b && !fy_torch_is_float(t->dtype)) {
        fy_err_set(&fy_RuntimeError, "only Tensors of floating point and complex dtype can require gradients");
        return -1;
    }
    t->requires_grad = b;
    return 0;
}

/* Tensor.backward(gradient=None, retain_graph=None, create_graph=False, inputs=None) and friends:
 * forwarded to the Python engine's function of the same role. */
static fy_obj *to_engine(const char *fname, fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    fy_obj *m = fy_import("_torch_autograd");
    if (!m) return NULL;
    fy_obj *f = fy_getattr_cstr(m, fname);
    FY_DECREF(m);
    if (!f) return NULL;
    size_t nk = kw ? FY_TUPLE_N(kw) : 0;
    fy_obj **all = fy_malloc((n + nk + 1) * sizeof *all);
    fy_obj *r = NULL;
    if (all) {
        all[0] = self;
        for (size_t i = 0; i < n + nk; i++) all[i + 1] = a[i];
        r = fy_call(f, all, n + 1, kw);
        fy_free(all);
    }
    FY_DECREF(f);
    return r;
}
static fy_obj *m_backward(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return to_engine("_tensor_backward", self, a, n, kw);
}
static fy_obj *m_retain_grad(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return to_engine("_retain_grad", self, a, n, kw);
}
fy_methoddef fy_torch_ag_methods[] = {
    {"backward", m_backward, 0, "backward(gradient=None, retain_graph=None, create_graph=False, inputs=None)"},
    {"retain_grad", m_retain_grad, 0, "retain_grad(): keep the .grad of a non-leaf tensor"},
    {NULL}};

/* ------------------------------------------------------------------ torch.nn.Parameter */

static fy_obj *param_new(fy_type *tp, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {"data", "requires_grad", NULL};
    fy_obj *k[2] = {0};
    if (fy_parse_args("Parameter", a, n, kw, names, 0, 2, 2, k) < 0) return NULL;
    fy_torch_tensor *src;
    if (!k[0] || k[0] == fy_None) {
        int64_t zero = 0;
        src = fy_torch_empty(FY_TORCH_F32, 1, &zero, fy_torch_cpu);
        if (!src) return NULL;
    } else if (FY_TORCH_CHECK(k[0])) {
        src = (fy_torch_tensor *)fy_ref(k[0]);
    } else {
        return fy_err_format(&fy_TypeError, "Parameter(): argument 'data' must be Tensor, not %T", k[0]);
    }
    int req = k[1] ? fy_truthy(k[1]) : 1;
    fy_torch_tensor *p = req < 0 ? NULL : (fy_torch_tensor *)fy_alloc(tp);
    if (p) {
        p->st = src->st;
        p->st->rc++;
        p->dtype = src->dtype;
        p->ndim = src->ndim;
        p->offset = src->offset;
        memcpy(p->shape, src->shape, sizeof p->shape);
        memcpy(p->stride, src->stride, sizeof p->stride);
        if (req && !fy_torch_is_float(p->dtype)) {
            FY_DECREF(p);
            p = NULL;
            fy_err_set(&fy_RuntimeError, "Only Tensors of floating point and complex dtype can require gradients");
        } else {
            p->requires_grad = req;
        }
    }
    FY_DECREF(src);
    return (fy_obj *)p;
}
static fy_obj *param_repr(fy_obj *o) {
    fy_obj *t = fy_torch_repr(o);
    if (!t) return NULL;
    fy_obj *r = fy_str_printf("Parameter containing:\n%S", t);
    FY_DECREF(t);
    return r;
}
fy_type fy_torch_parameter_type = {
    FY_TYPE_INIT("Parameter", sizeof(fy_torch_tensor)),
    .base = &fy_torch_tensor_type,
    .dictoffset = offsetof(fy_torch_tensor, dict),
    .new_ = param_new,
    .repr = param_repr,
};

/* ------------------------------------------------------------------ torch._C */

static fy_obj *c_is_grad_enabled(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return fy_bool(fy_torch_grad_enabled);
}
static fy_obj *c_set_grad_enabled(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("_set_grad_enabled", n, 1, 1) < 0) return NULL;
    int b = fy_truthy(a[0]);
    if (b < 0) return NULL;
    fy_torch_grad_enabled = b;
    return fy_none();
}
/* _attach(tensor, node, index): the tensor is output `index` of node (requires grad, not a leaf). */
static fy_obj *c_attach(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("_attach", n, 3, 3) < 0) return NULL;
    if (!FY_TORCH_CHECK(a[0])) return fy_err_format(&fy_TypeError, "_attach(): expected a Tensor, got %T", a[0]);
    int64_t idx;
    if (fy_index(a[2], &idx) < 0) return NULL;
    fy_torch_tensor *t = FY_TT(a[0]);
    fy_obj *old = t->grad_fn;
    t->grad_fn = a[1] == fy_None ? NULL : fy_ref(a[1]);
    FY_XDECREF(old);
    t->grad_index = (int)idx;
    t->requires_grad = t->grad_fn != NULL || t->requires_grad;
    return fy_none();
}
static fy_obj *c_grad_index(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("_grad_index", n, 1, 1) < 0) return NULL;
    if (!FY_TORCH_CHECK(a[0])) return fy_err_format(&fy_TypeError, "_grad_index(): expected a Tensor, got %T", a[0]);
    return fy_int_from(FY_TT(a[0])->grad_index);
}
/* _vexp(tensor): exp of a float64 tensor by the softmax's vectorised exp (tensor_exp.c), for its tests. */
static fy_obj *c_vexp(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("_vexp", n, 1, 1) < 0) return NULL;
    if (!FY_TORCH_CHECK(a[0])) return fy_err_format(&fy_TypeError, "_vexp(): expected a Tensor, got %T", a[0]);
    if (FY_TT(a[0])->dtype != FY_TORCH_F64)
        return fy_err_format(&fy_TypeError, "_vexp(): expected a float64 Tensor, got dtype %s",
                             fy_torch_scalar_name(FY_TT(a[0])->dtype));
    fy_torch_tensor *c = fy_torch_contiguous(FY_TT(a[0]));
    if (!c) return NULL;
    fy_torch_tensor *r = fy_torch_empty_uninit(FY_TORCH_F64, c->ndim, c->shape, c->st->dev);
    if (r) fy_torch_vexp((const double *)fy_torch_data_ro(c), (double *)fy_torch_data(r), fy_torch_numel(c));
    FY_DECREF(c);
    return (fy_obj *)r;
}
static fy_obj *c_wrapped_names(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) { return fy_torch_ag_names(); }

static fy_methoddef c_funcs[] = {
    {"is_grad_enabled", c_is_grad_enabled, 0, "is_grad_enabled()"},
    {"_set_grad_enabled", c_set_grad_enabled, 0, "_set_grad_enabled(mode)"},
    {"_attach", c_attach, 0, "_attach(tensor, node, index)"},
    {"_grad_index", c_grad_index, 0, "_grad_index(tensor)"},
    {"_vexp", c_vexp, 0, "_vexp(tensor): the softmax's vectorised exp of a float64 tensor"},
    {"_autograd_wrapped_names", c_wrapped_names, 0, "_autograd_wrapped_names(): the recorded operations"},
    {NULL}};

fy_obj *fy_torch_C_module(void) { return fy_module_new_c("torch._C", c_funcs, "torch._C: flyi's autograd helpers"); }

fy_obj *fy_torch_autograd_module(fy_obj *torch_mod, fy_obj *c_mod) {
    if (!c_mod) return NULL;
    fy_obj *m = fy_import("_torch_autograd");
    if (!m) return NULL;
    fy_obj *args[2] = {torch_mod, c_mod};
    fy_obj *r = fy_call_method(m, "_bind", args, 2);
    if (!r) {
        FY_DECREF(m);
        return NULL;
    }
    FY_DECREF(r);
    return m;
}
