/* torch_module.c - the `torch` module: dtypes, device, Tensor, the creation / random / math
 * functions, functions that forward to Tensor methods (torch.exp(x) is x.exp()), the
 * submodules torch.nn(.functional), torch.testing and torch.cuda, finfo/iinfo and no_grad.
 * Registered lazily: nothing here runs before `import torch`. */
#include <float.h>
#include <stdio.h>
#include <string.h>
#include "exec/interp.h"
#include "torch/torch.h"

/* ------------------------------------------------------------------ forwarding functions */

/* torch.NAME(t, *args, **kw) -> t.NAME(*args, **kw); self is the interned method name. */
static fy_obj *forward(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (n < 1)
        return fy_err_format(&fy_TypeError, "%s() missing 1 required positional arguments: \"input\"",
                             FY_STR_DATA(self));
    if (!FY_TORCH_CHECK(a[0]))
        return fy_err_format(&fy_TypeError, "%s(): argument 'input' (position 1) must be Tensor, not %T",
                             FY_STR_DATA(self), a[0]);
    fy_obj *m = fy_getattr(a[0], self);
    if (!m) return NULL;
    fy_obj *r = fy_call(m, a + 1, n - 1, kw);
    FY_DECREF(m);
    return r;
}

#define FW(name) {name, forward, 0, "torch." name "(input, ...) -> input." name "(...)"}
static fy_methoddef fwd_defs[] = {FW("exp"),          FW("log"),          FW("sqrt"),
                                  FW("rsqrt"),        FW("tanh"),         FW("sigmoid"),
                                  FW("abs"),          FW("neg"),          FW("negative"),
                                  FW("trunc"),        FW("floor"),        FW("ceil"),
                                  FW("round"),        FW("isnan"),        FW("isfinite"),
                                  FW("isinf"),        FW("sin"),          FW("cos"),
                                  FW("relu"),         FW("sign"),         FW("reciprocal"),
                                  FW("log2"),         FW("exp2"),         FW("clamp"),
                                  FW("clip"),         FW("sum"),          FW("mean"),
                                  FW("max"),          FW("min"),          FW("amax"),
                                  FW("amin"),         FW("argmax"),       FW("argmin"),
                                  FW("prod"),         FW("all"),          FW("any"),
                                  FW("var"),          FW("std"),          FW("reshape"),
                                  FW("transpose"),    FW("permute"),      FW("unsqueeze"),
                                  FW("squeeze"),      FW("flatten"),      FW("t"),
                                  FW("narrow"),       FW("split"),        FW("chunk"),
                                  FW("logical_not"),  FW("logical_and"),  FW("logical_or"),
                                  FW("bitwise_not"),  FW("bitwise_and"),  FW("bitwise_or"),
                                  FW("bitwise_xor"),  FW("floor_divide"), FW("masked_fill"),
                                  FW("clone"),        FW("matmul"),       FW("mm"),
                                  FW("broadcast_to"), FW("subtract"),     FW("multiply"),
                                  FW("divide"),       FW("true_divide"),  FW("clamp_min"),
                                  FW("clamp_max"),    FW("nan_to_num"),   {NULL}};

/* ------------------------------------------------------------------ misc functions */

static fy_obj *f_get_default_dtype(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    return fy_torch_dtype_get(FY_TORCH_F32);
}
static fy_obj *f_is_floating_point(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("is_floating_point", n, 1, 1) < 0) return NULL;
    if (!FY_TORCH_CHECK(a[0]))
        return fy_err_format(&fy_TypeError, "is_floating_point(): argument 'input' must be Tensor, not %T", a[0]);
    return fy_bool(fy_torch_is_float(FY_TT(a[0])->dtype));
}
static fy_obj *f_broadcast_shapes(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    int64_t cur[FY_TORCH_MAXDIM], s[FY_TORCH_MAXDIM], out[FY_TORCH_MAXDIM];
    int nc = 0, ns, no;
    for (size_t i = 0; i < n; i++) {
        if (fy_torch_parse_shape("broadcast_shapes", &a[i], 1, s, &ns) < 0) return NULL;
        if (fy_torch_broadcast_shapes(cur, nc, s, ns, out, &no) < 0) return NULL;
        memcpy(cur, out, sizeof out);
        nc = no;
    }
    return fy_torch_size_new(cur, nc);
}
static fy_obj *f_square(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("square", n, 1, 1) < 0) return NULL;
    return fy_torch_binary(a[0], a[0], FY_TOP_MUL, NULL);
}

/* ------------------------------------------------------------------ finfo / iinfo */

typedef struct {
    fy_obj h;
    int dt;
} info_t;
static double finfo_val(int dt, int which) {
    /* which: 0 eps, 1 max, 2 tiny, 3 bits, 4 resolution */
    static const double tab[][5] = {
        [FY_TORCH_F16] = {0.0009765625, 65504.0, 6.103515625e-05, 16, 0.001},
        [FY_TORCH_BF16] = {0.0078125, 3.3895313892515355e+38, 1.1754943508222875e-38, 16, 0.01},
        [FY_TORCH_F32] = {1.1920928955078125e-07, 3.4028234663852886e+38, 1.1754943508222875e-38, 32, 1e-06},
        [FY_TORCH_F64] = {2.220446049250313e-16, 1.7976931348623157e+308, 2.2250738585072014e-308, 64, 1e-15},
        [FY_TORCH_F8E4M3FN] = {0.125, 448.0, 0.015625, 8, 1.0},
        [FY_TORCH_F8E4M3FNUZ] = {0.125, 240.0, 0.0078125, 8, 1.0},
        [FY_TORCH_F8E5M2] = {0.25, 57344.0, 6.103515625e-05, 8, 1.0},
    };
    return tab[dt][which];
}
#define INF(o) (((info_t *)(o))->dt)
static fy_obj *fi_eps(fy_obj *o) { return fy_float_from(finfo_val(INF(o), 0)); }
static fy_obj *fi_max(fy_obj *o) { return fy_float_from(finfo_val(INF(o), 1)); }
static fy_obj *fi_min(fy_obj *o) { return fy_float_from(-finfo_val(INF(o), 1)); }
static fy_obj *fi_tiny(fy_obj *o) { return fy_float_from(finfo_val(INF(o), 2)); }
static fy_obj *fi_bits(fy_obj *o) { return fy_int_from((int64_t)finfo_val(INF(o), 3)); }
static fy_obj *fi_res(fy_obj *o) { return fy_float_from(finfo_val(INF(o), 4)); }
static fy_obj *fi_dtype(fy_obj *o) { return fy_str_from_cstr(fy_torch_dtype_name(INF(o))); }
static fy_getsetdef finfo_getsets[] = {{"eps", fi_eps, NULL, NULL},
                                       {"max", fi_max, NULL, NULL},
                                       {"min", fi_min, NULL, NULL},
                                       {"tiny", fi_tiny, NULL, NULL},
                                       {"smallest_normal", fi_tiny, NULL, NULL},
                                       {"bits", fi_bits, NULL, NULL},
                                       {"resolution", fi_res, NULL, NULL},
                                       {"dtype", fi_dtype, NULL, NULL},
                                       {NULL}};
static fy_obj *finfo_new(fy_type *t, fy_obj *const *a, size_t n, fy_obj *kw) {
    int dt = n ? fy_torch_dtype_from(a[0]) : FY_TORCH_F32;
    if (dt < 0) return NULL;
    if (!fy_torch_is_float(dt))
        return fy_err_set(
            &fy_TypeError,
            "torch.finfo() requires a floating point input type. Use torch.iinfo to handle 'torch.finfo'");
    info_t *o = (info_t *)fy_alloc(t);
    if (o) o->dt = dt;
    return &o->h;
}
static fy_obj *finfo_repr(fy_obj *o) {
    char e[32], mx[32], tn[32];
    fy_double_repr(finfo_val(INF(o), 0), e, sizeof e);
    fy_double_repr(finfo_val(INF(o), 1), mx, sizeof mx);
    fy_double_repr(finfo_val(INF(o), 2), tn, sizeof tn);
    return fy_str_printf("finfo(resolution=%g, min=-%s, max=%s, eps=%s, smallest_normal=%s, tiny=%s, dtype=%s)",
                         finfo_val(INF(o), 4), mx, mx, e, tn, tn, fy_torch_dtype_name(INF(o)));
}
static fy_type finfo_type = {FY_TYPE_INIT("finfo", sizeof(info_t)), .new_ = finfo_new, .repr = finfo_repr,
                             .getsets = finfo_getsets};

static void iinfo_range(int dt, int64_t *lo, int64_t *hi, int *bits) {
    switch (dt) {
    case FY_TORCH_U8:
        *lo = 0;
        *hi = 255;
        *bits = 8;
        break;
    case FY_TORCH_I8:
        *lo = -128;
        *hi = 127;
        *bits = 8;
        break;
    case FY_TORCH_I16:
        *lo = INT16_MIN;
        *hi = INT16_MAX;
        *bits = 16;
        break;
    case FY_TORCH_I32:
        *lo = INT32_MIN;
        *hi = INT32_MAX;
        *bits = 32;
        break;
    case FY_TORCH_BOOL:
        *lo = 0;
        *hi = 1;
        *bits = 8;
        break;
    default:
        *lo = INT64_MIN;
        *hi = INT64_MAX;
        *bits = 64;
        break;
    }
}
static fy_obj *ii_min(fy_obj *o) {
    int64_t l, h;
    int b;
    iinfo_range(INF(o), &l, &h, &b);
    return fy_int_from(l);
}
static fy_obj *ii_max(fy_obj *o) {
    int64_t l, h;
    int b;
    iinfo_range(INF(o), &l, &h, &b);
    return fy_int_from(h);
}
static fy_obj *ii_bits(fy_obj *o) {
    int64_t l, h;
    int b;
    iinfo_range(INF(o), &l, &h, &b);
    return fy_int_from(b);
}
static fy_getsetdef iinfo_getsets[] = {{"min", ii_min, NULL, NULL},
                                       {"max", ii_max, NULL, NULL},
                                       {"bits", ii_bits, NULL, NULL},
                                       {"dtype", fi_dtype, NULL, NULL},
                                       {NULL}};
static fy_obj *iinfo_new(fy_type *t, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("iinfo", n, 1, 1) < 0) return NULL;
    int dt = fy_torch_dtype_from(a[0]);
    if (dt < 0) return NULL;
    if (fy_torch_is_float(dt))
        return fy_err_set(&fy_TypeError,
                          "torch.iinfo() requires an integer input type. Use torch.finfo to handle 'torch.iinfo'");
    info_t *o = (info_t *)fy_alloc(t);
    if (o) o->dt = dt;
    return &o->h;
}
static fy_obj *iinfo_repr(fy_obj *o) {
    int64_t l, h;
    int b;
    iinfo_range(INF(o), &l, &h, &b);
    return fy_str_printf("iinfo(min=%lld, max=%lld, dtype=%s)", (long long)l, (long long)h,
                         fy_torch_dtype_name(INF(o)));
}
static fy_type iinfo_type = {FY_TYPE_INIT("iinfo", sizeof(info_t)), .new_ = iinfo_new, .repr = iinfo_repr,
                             .getsets = iinfo_getsets};

/* ------------------------------------------------------------------ numpy bridge */

/* numpy.NAME(o): numpy (src/numpy) makes arrays whose tensor is this one, so memory is shared both ways. */
static fy_obj *numpy_call(const char *name, fy_obj *o) {
    fy_obj *np = fy_import("numpy");
    if (!np) return NULL;
    fy_obj *f = fy_getattr_cstr(np, name);
    FY_DECREF(np);
    if (!f) return NULL;
    fy_obj *r = fy_call(f, &o, 1, NULL);
    FY_DECREF(f);
    return r;
}
static fy_obj *f_from_numpy(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("from_numpy", kw) < 0 || fy_check_nargs("from_numpy", n, 1, 1) < 0) return NULL;
    return numpy_call("_to_torch", a[0]);
}
static fy_obj *m_numpy(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("numpy", n, 0, 0) < 0) return NULL;
    if (FY_TT(self)->requires_grad)
        return fy_err_set(&fy_RuntimeError,
                          "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead.");
    return numpy_call("_from_torch", self);
}
fy_methoddef fy_torch_numpy_methods[] = {
    {"numpy", m_numpy, 0, "numpy(): a numpy array sharing this CPU tensor's memory"}, {NULL}};

static fy_methoddef misc_funcs[] = {
    {"from_numpy", f_from_numpy, 0, "from_numpy(ndarray): a tensor sharing the array's memory"},
    {"get_default_dtype", f_get_default_dtype, 0, "get_default_dtype() -> torch.float32"},
    {"is_floating_point", f_is_floating_point, 0, "is_floating_point(input)"},
    {"broadcast_shapes", f_broadcast_shapes, 0, "broadcast_shapes(*shapes)"},
    {"square", f_square, 0, "square(input)"},
    {NULL}};

/* ------------------------------------------------------------------ module assembly */

static int add_funcs(fy_obj *m, fy_methoddef *defs, fy_obj *bind_name) {
    for (fy_methoddef *d = defs; d->name; d++) {
        fy_obj *self = bind_name ? fy_intern(d->name) : m;
        fy_cfunction *cf = (fy_cfunction *)fy_cfunction_new(d, self);
        if (!cf) return -1;
        cf->module = fy_str_from_cstr("torch");
        int rc = fy_module_add(m, d->name, &cf->h);
        FY_DECREF(cf);
        if (rc < 0) return -1;
    }
    return 0;
}

static int add_submodule(fy_obj *parent, const char *attr, const char *full, fy_obj *sub) {
    if (!sub) return -1;
    int rc = fy_module_add(parent, attr, sub);
    if (rc == 0 && fy_cur && fy_cur->modules) rc = fy_dict_set_cstr(fy_cur->modules, full, sub);
    FY_DECREF(sub);
    return rc;
}

static fy_obj *torch_init(void) {
    if (fy_torch_types_ready() < 0) return NULL;
    fy_type *types[] = {&finfo_type, &iinfo_type};
    for (size_t i = 0; i < sizeof types / sizeof *types; i++)
        if (fy_type_ready(types[i]) < 0) return NULL;
    /* the differentiable functions go through the autograd hook */
    fy_methoddef *difftabs[] = {fy_torch_create_funcs, fy_torch_ops_funcs, fy_torch_reduce_funcs,
                                fy_torch_scan_funcs,   misc_funcs,         fy_torch_nn_funcs};
    for (size_t i = 0; i < sizeof difftabs / sizeof *difftabs; i++) fy_torch_ag_wrap(difftabs[i], false);
    fy_obj *m =
        fy_module_new_c("torch", fy_torch_create_funcs, "torch: flyi's host tensors (a torch-compatible subset)");
    if (!m) return NULL;
    if (add_funcs(m, fwd_defs, fy_True) < 0 || add_funcs(m, fy_torch_random_funcs, NULL) < 0 ||
        add_funcs(m, fy_torch_ops_funcs, NULL) < 0 || add_funcs(m, fy_torch_reduce_funcs, NULL) < 0 ||
        add_funcs(m, fy_torch_scan_funcs, NULL) < 0 || add_funcs(m, misc_funcs, NULL) < 0)
        goto fail;
    for (int i = 0; i < FY_TORCH_NDTYPES; i++)
        if (fy_module_add(m, fy_torch_dtype_name(i), &fy_torch_dtypes[i].h) < 0) goto fail;
    static const struct {
        const char *alias;
        int dt;
    } aliases[] = {{"float", FY_TORCH_F32}, {"double", FY_TORCH_F64}, {"half", FY_TORCH_F16},
                   {"long", FY_TORCH_I64},  {"int", FY_TORCH_I32},    {"short", FY_TORCH_I16}};
    for (size_t i = 0; i < sizeof aliases / sizeof *aliases; i++)
        if (fy_module_add(m, aliases[i].alias, &fy_torch_dtypes[aliases[i].dt].h) < 0) goto fail;
    struct {
        const char *name;
        fy_type *t;
    } tps[] = {{"Tensor", &fy_torch_tensor_type},
               {"Size", &fy_torch_size_type},
               {"dtype", &fy_torch_dtype_type},
               {"device", &fy_torch_device_type},
               {"Generator", &fy_torch_generator_type},
               {"finfo", &finfo_type},
               {"iinfo", &iinfo_type}};
    for (size_t i = 0; i < sizeof tps / sizeof *tps; i++)
        if (fy_module_add(m, tps[i].name, (fy_obj *)tps[i].t) < 0) goto fail;
    for (size_t i = 0; i < sizeof tps / sizeof *tps; i++)
        if (!tps[i].t->module) tps[i].t->module = fy_str_from_cstr("torch");
    fy_obj *gen = fy_call0((fy_obj *)&fy_torch_generator_type);
    if (fy_module_add_steal(m, "default_generator", gen) < 0) goto fail;
    if (fy_module_add_steal(m, "__version__", fy_str_from_cstr("2.4.0+flyi")) < 0) goto fail;
    /* submodules, placed in sys.modules too so that `import torch.cuda` finds them */
    fy_obj *nn = fy_module_new("torch.nn");
    if (!nn) goto fail;
    fy_obj *F = fy_module_new_c("torch.nn.functional", fy_torch_nn_funcs, "torch.nn.functional");
    if (add_submodule(nn, "functional", "torch.nn.functional", F) < 0) {
        FY_DECREF(nn);
        goto fail;
    }
    if (fy_module_add(nn, "Parameter", (fy_obj *)&fy_torch_parameter_type) < 0) {
        FY_DECREF(nn);
        goto fail;
    }
    if (add_submodule(m, "nn", "torch.nn", nn) < 0) goto fail;
    if (add_submodule(m, "testing", "torch.testing", fy_torch_testing_module()) < 0) goto fail;
    if (add_submodule(m, "cuda", "torch.cuda", fy_torch_cuda_module()) < 0) goto fail;
    /* torch.backends.cudnn: the flags programs set for reproducibility (nothing here reads them) */
    fy_obj *backends = fy_module_new("torch.backends");
    fy_obj *cudnn = backends ? fy_module_new("torch.backends.cudnn") : NULL;
    if (!cudnn || fy_module_add(cudnn, "deterministic", fy_False) < 0 ||
        fy_module_add(cudnn, "benchmark", fy_False) < 0 || fy_module_add(cudnn, "enabled", fy_True) < 0 ||
        fy_module_add(cudnn, "allow_tf32", fy_True) < 0 ||
        add_submodule(backends, "cudnn", "torch.backends.cudnn", fy_ref(cudnn)) < 0) {
        FY_XDECREF(cudnn);
        FY_XDECREF(backends);
        goto fail;
    }
    FY_DECREF(cudnn);
    if (add_submodule(m, "backends", "torch.backends", backends) < 0) goto fail;
    if (!fy_torch_parameter_type.module) fy_torch_parameter_type.module = fy_str_from_cstr("torch.nn.parameter");
    fy_obj *cmod = fy_torch_C_module();
    if (add_submodule(m, "_C", "torch._C", cmod ? fy_ref(cmod) : NULL) < 0) {
        FY_XDECREF(cmod);
        goto fail;
    }
    fy_obj *ag = fy_torch_autograd_module(m, cmod);
    FY_DECREF(cmod);
    if (!ag) goto fail;
    static const char *const grad_modes[] = {"no_grad",          "enable_grad",     "inference_mode",
                                             "set_grad_enabled", "is_grad_enabled", NULL};
    for (const char *const *g = grad_modes; *g; g++) {
        fy_obj *v = fy_getattr_cstr(ag, *g);
        if (!v || fy_module_add_steal(m, *g, v) < 0) {
            FY_DECREF(ag);
            goto fail;
        }
    }
    if (add_submodule(m, "autograd", "torch.autograd", ag) < 0) goto fail;
    /* torch.profiler (Python), reading the kernel launches through torch.cuda */
    fy_obj *prof = fy_import("_torch_profiler");
    fy_obj *cuda = prof ? fy_getattr_cstr(m, "cuda") : NULL;
    fy_obj *br = cuda ? fy_call_method(prof, "_bind", &cuda, 1) : NULL;
    FY_XDECREF(cuda);
    if (!br) {
        FY_XDECREF(prof);
        goto fail;
    }
    FY_DECREF(br);
    fy_obj *devtype = fy_getattr_cstr(prof, "DeviceType");
    if (!devtype || fy_module_add_steal(ag, "DeviceType", devtype) < 0) {
        FY_DECREF(prof);
        goto fail;
    }
    if (add_submodule(m, "profiler", "torch.profiler", prof) < 0) goto fail;
    /* the functions of torch.nn.functional written in Python (_torch_nn_py.py) */
    fy_obj *pynn = fy_import("_torch_nn_py");
    fy_obj *bound = pynn ? fy_call_method(pynn, "_bind", &m, 1) : NULL;
    int ok = bound != NULL;
    FY_XDECREF(bound);
    static const char *const pyfuncs[] = {
        "scaled_dot_product_attention", "cosine_similarity", "conv1d", "conv2d", "conv3d", "pad", NULL};
    for (const char *const *f = pyfuncs; ok && *f; f++) {
        fy_obj *fn = fy_getattr_cstr(pynn, *f);
        ok = fn && fy_module_add_steal(F, *f, fn) == 0;
    }
    static const char *const pytorch[] = {"einsum", "logsumexp", NULL};
    for (const char *const *f = pytorch; ok && *f; f++) {
        fy_obj *fn = fy_getattr_cstr(pynn, *f);
        ok = fn && fy_module_add_steal(m, *f, fn) == 0;
    }
    FY_XDECREF(pynn);
    if (!ok) goto fail;
    return m;
fail:
    FY_DECREF(m);
    return NULL;
}

/* Submodules imported by name first (`import torch.cuda`) import torch, which registers them. */
static fy_obj *sub_init(const char *name) {
    fy_obj *t = fy_import("torch");
    if (!t) return NULL;
    FY_DECREF(t);
    fy_obj *m = fy_cur && fy_cur->modules ? fy_dict_get_cstr(fy_cur->modules, name) : NULL;
    if (!m) return fy_err_format(&fy_ModuleNotFoundError, "No module named '%s'", name);
    return fy_ref(m);
}
static fy_obj *init_nn(void) { return sub_init("torch.nn"); }
static fy_obj *init_nn_functional(void) { return sub_init("torch.nn.functional"); }
static fy_obj *init_testing(void) { return sub_init("torch.testing"); }
static fy_obj *init_cuda(void) { return sub_init("torch.cuda"); }
static fy_obj *init_autograd(void) { return sub_init("torch.autograd"); }
static fy_obj *init_profiler(void) { return sub_init("torch.profiler"); }
static fy_obj *init_backends(void) { return sub_init("torch.backends"); }
static fy_obj *init_backends_cudnn(void) { return sub_init("torch.backends.cudnn"); }

void fy_torch_register(void) {
    fy_register_builtin_module("torch", torch_init);
    fy_register_builtin_module("torch.nn", init_nn);
    fy_register_builtin_module("torch.nn.functional", init_nn_functional);
    fy_register_builtin_module("torch.testing", init_testing);
    fy_register_builtin_module("torch.cuda", init_cuda);
    fy_register_builtin_module("torch.autograd", init_autograd);
    fy_register_builtin_module("torch.profiler", init_profiler);
    fy_register_builtin_module("torch.backends", init_backends);
    fy_register_builtin_module("torch.backends.cudnn", init_backends_cudnn);
}
