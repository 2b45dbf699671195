/* dsl_tensor_arg.c - flyc.from_dlpack(t) / flyc.from_torch_tensor(t): a torch tensor adapted as a kernel
 * argument with an explicit layout policy (FlyDSL's TensorAdaptor). By default the layout is STATIC (the
 * kernel is specialised on the shape and strides); .mark_layout_dynamic(leading_dim, divisibility) makes
 * every shape dynamic and every stride but the leading one dynamic with that divisibility. A raw torch
 * tensor passed to a kernel gets the dynamic policy with divisibility 1 (fy_dsl_targ_spec).
 * .mark_shape_dynamic / .mark_stride_dynamic(dims, divisibility) make single dims' extents or strides dynamic
 * (accumulating from the layout the adaptor has); they, __cache_signature__ and __c_abi_spec__ are written in
 * Python (flydsl.compiler.jit_argument._adaptor_*) over _set_dim_div / _layout_divs. Other attributes
 * (shape, dtype, ...) are the tensor's. */
#include <string.h>

#include "flydsl/api/dsl.h"
#include "flydsl/api/dsl_numeric.h"
#include "torch/torch.h"

typedef struct targ {
    fy_obj h;
    fy_obj *t;   /* the torch tensor */
    int dynamic; /* mark_layout_dynamic was called */
    int leading; /* its leading (stride-1) dim */
    int div;     /* divisibility of the dynamic strides */
    int align;   /* assumed_align in bytes, 0: the element size */
    int s32;     /* use_32bit_stride */
    int iter;    /* fx.get_iter(t) on the host: the tensor's start, to be given a layout by fx.make_view */
    int view;    /* fx.make_view(fx.get_iter(t), layout): the kernel sees the tensor's data through L */
    int marked;  /* mark_shape_dynamic / mark_stride_dynamic: per dim, 0 static, else a dynamic one's divisibility */
    int sdiv[16], tdiv[16];
    fly_layout L;
} targ;

static fy_type targ_type;

static void targ_dealloc(fy_obj *o) { FY_CLEAR(((targ *)o)->t); }

/* The first dim with stride 1, or -1. */
static int unit_dim(const fy_torch_tensor *t) {
    for (int i = 0; i < t->ndim; i++)
        if (t->stride[i] == 1) return i;
    return -1;
}

static fy_obj *new_targ(const char *fname, fy_obj *const *a, size_t na, fy_obj *kw) {
    static const char *const names[] = {"tensor", "assumed_align", "use_32bit_stride", NULL};
    fy_obj *v[3] = {NULL, NULL, NULL};
    if (fy_parse_args(fname, a, na, kw, names, 1, 1, 3, v) < 0) return NULL;
    if (!FY_TORCH_CHECK(v[0]))
        return fy_err_format(&fy_TypeError, "%s: expected a torch.Tensor, not '%s'", fname, fy_type_name(v[0]));
    int64_t align = 0;
    if (v[1] && v[1] != fy_None) {
        if (fy_index(v[1], &align) < 0) return NULL;
        if (align < 1 || (align & (align - 1)))
            return fy_err_format(&fy_ValueError, "%s: assumed_align must be a positive power of two, not %lld", fname,
                                 (long long)align);
    }
    int s32 = 0;
    if (v[2] && (s32 = fy_truthy(v[2])) < 0) return NULL;
    if (fy_type_ready(&targ_type) < 0) return NULL;
    targ *o = (targ *)fy_alloc(&targ_type);
    if (!o) return NULL;
    o->t = fy_ref(v[0]);
    o->align = (int)align;
    o->s32 = s32;
    o->div = 1;
    o->leading = -1;
    return &o->h;
}

static fy_obj *f_from_dlpack(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return new_targ("from_dlpack", a, na, kw);
}
static fy_obj *f_from_torch_tensor(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return new_targ("from_torch_tensor", a, na, kw);
}

static fy_obj *targ_mark_layout_dynamic(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    static const char *const names[] = {"leading_dim", "divisibility", NULL};
    fy_obj *v[2] = {NULL, NULL};
    if (fy_parse_args("mark_layout_dynamic", a, na, kw, names, 0, 2, 2, v) < 0) return NULL;
    targ *o = (targ *)self;
    fy_torch_tensor *t = FY_TT(o->t);
    int64_t lead = -1, div = 1;
    if (v[0] && v[0] != fy_None && fy_index(v[0], &lead) < 0) return NULL;
    if (v[1] && v[1] != fy_None && fy_index(v[1], &div) < 0) return NULL;
    if (div < 1 || (div & (div - 1)) || div > (1 << 30))
        return fy_err_format(&fy_ValueError, "mark_layout_dynamic: divisibility %lld must be a power of two",
                             (long long)div);
    int given = v[0] && v[0] != fy_None;
    int64_t asked = lead;
    if (!given) {
        lead = unit_dim(t);
        if (lead < 0)
            return fy_err_set(&fy_RuntimeError,
                              "tensor has no axis with stride == 1; layout-dynamic memref requires one");
    } else if (lead < 0) {
        lead += t->ndim;
    }
    if (lead < 0 || lead >= t->ndim)
        return fy_err_format(&fy_RuntimeError, "mark_layout_dynamic: dimension index %lld out of range for rank %d",
                             (long long)asked, t->ndim);
    if (t->stride[lead] != 1) return fy_err_set(&fy_RuntimeError, "Leading dimension must have stride 1");
    o->dynamic = 1;
    o->leading = (int)lead;
    o->div = (int)div;
    o->marked = 0;
    return fy_ref(self);
}

/* _set_dim_div(which, dim, div): dim's shape (which 0) or stride (1) dynamic with divisibility div (0: static);
 * mark_shape_dynamic / mark_stride_dynamic (flydsl.compiler.jit_argument) check their arguments and call it. The
 * marks start from the layout the adaptor has (mark_layout_dynamic's, or static) and accumulate. */
static fy_obj *targ_set_dim_div(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (fy_no_kwargs("_set_dim_div", kw) < 0 || fy_check_nargs("_set_dim_div", na, 3, 3) < 0) return NULL;
    int64_t which, dim, div;
    if (fy_index(a[0], &which) < 0 || fy_index(a[1], &dim) < 0 || fy_index(a[2], &div) < 0) return NULL;
    targ *o = (targ *)self;
    fy_torch_tensor *t = FY_TT(o->t);
    if (t->ndim > 16) return fy_err_set(&fy_ValueError, "per-dimension dynamic layouts take at most 16 dimensions");
    if (dim < 0 || dim >= t->ndim || div < 0 || div > (1 << 30))
        return fy_err_format(&fy_ValueError, "_set_dim_div: dimension %lld or divisibility %lld out of range",
                             (long long)dim, (long long)div);
    if (!o->marked) {
        for (int i = 0; i < t->ndim; i++) {
            o->sdiv[i] = o->dynamic ? 1 : 0;
            o->tdiv[i] = o->dynamic && i != o->leading ? o->div : 0;
        }
        o->marked = 1;
        o->dynamic = 0;
    }
    (which ? o->tdiv : o->sdiv)[dim] = (int)div;
    return fy_none();
}

/* _layout_divs(): (shape divisibilities, stride divisibilities) of the layout the kernel will see, 0 static. */
static fy_obj *targ_layout_divs(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)a;
    if (fy_no_kwargs("_layout_divs", kw) < 0 || fy_check_nargs("_layout_divs", na, 0, 0) < 0) return NULL;
    fy_dsl_targ_spec sp;
    if (fy_dsl_targ_spec_of(self, -1, &sp) <= 0) return NULL;
    fy_obj *r[2] = {fy_tuple_new((size_t)sp.ndim), fy_tuple_new((size_t)sp.ndim)};
    for (int i = 0; r[0] && r[1] && i < sp.ndim; i++) {
        fy_tuple_set_steal(r[0], (size_t)i, fy_int_from(sp.shape_div[i]));
        fy_tuple_set_steal(r[1], (size_t)i, fy_int_from(sp.stride_div[i]));
    }
    fy_obj *res = r[0] && r[1] ? fy_tuple_pack(2, r[0], r[1]) : NULL;
    FY_XDECREF(r[0]);
    FY_XDECREF(r[1]);
    return res;
}

/* FlyDSL's adaptor methods written in Python: flydsl.compiler.jit_argument._adaptor_NAME(self, *args). */
static fy_obj *targ_py(const char *name, fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    fy_obj *m = fy_import("flydsl.compiler.jit_argument");
    fy_obj *f = m ? fy_getattr_cstr(m, name) : NULL;
    FY_XDECREF(m);
    if (!f) return NULL;
    size_t nkw = fy_kwcount(kw);
    fy_obj **all = fy_calloc(na + nkw + 1, sizeof *all);
    if (!all) {
        FY_DECREF(f);
        return NULL;
    }
    all[0] = self;
    if (na + nkw) memcpy(all + 1, a, (na + nkw) * sizeof *a);
    fy_obj *r = fy_call(f, all, na + 1, kw);
    fy_free(all);
    FY_DECREF(f);
    return r;
}
#define TARG_PY(fn, name) \
    static fy_obj *fn(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) { return targ_py(name, self, a, na, kw); }
TARG_PY(targ_mark_shape_dynamic, "_adaptor_mark_shape_dynamic")
TARG_PY(targ_mark_stride_dynamic, "_adaptor_mark_stride_dynamic")
TARG_PY(targ_cache_signature, "_adaptor_cache_signature")
TARG_PY(targ_c_abi_spec, "_adaptor_c_abi_spec")
#undef TARG_PY

/* TensorAdaptor<dtype, layout>: the layout the kernel parameter will have. */
static fy_obj *targ_repr(fy_obj *o) {
    if (((targ *)o)->iter)
        return fy_str_printf("TensorIterator<%s>", fy_torch_dtype_name(FY_TT(((targ *)o)->t)->dtype));
    fy_dsl_targ_spec sp;
    if (fy_dsl_targ_spec_of(o, -1, &sp) <= 0) return NULL;
    char lt[512];
    fy_dsl_targ_layout_text(&sp, lt, sizeof lt);
    return fy_str_printf("TensorAdaptor<%s, %s>", fy_torch_dtype_name(sp.t->dtype), lt);
}

/* .stride: the tensor's strides as a tuple, as FlyDSL's fx.Tensor.stride is (a property, where torch's
 * Tensor.stride is a method): a @flyc.jit function's fx.Tensor parameter reads a.stride[1] on the host. */
static fy_obj *targ_stride(fy_obj *o) {
    targ *a = (targ *)o;
    if (a->view) return fy_dsl_inttuple_new(&a->L.stride);
    fy_torch_tensor *t = FY_TT(a->t);
    fy_obj *r = fy_tuple_new((size_t)t->ndim);
    for (int i = 0; r && i < t->ndim; i++) {
        fy_obj *x = fy_int_from(t->stride[i]);
        if (!x) {
            FY_DECREF(r);
            return NULL;
        }
        fy_tuple_set_steal(r, (size_t)i, x);
    }
    return r;
}

/* Unknown attributes are the tensor's (a.shape, a.dtype, a.device ...). */
static fy_obj *targ_getattr(fy_obj *o, fy_obj *name) {
    if (FY_STR_CHECK(name) && !strcmp(FY_STR_DATA(name), "stride")) return targ_stride(o);
    if (FY_STR_CHECK(name) && !strcmp(FY_STR_DATA(name), "use_32bit_stride")) return fy_bool(((targ *)o)->s32);
    if (FY_STR_CHECK(name) && !strcmp(FY_STR_DATA(name), "_tensor")) return fy_ref(((targ *)o)->t);
    if (FY_STR_CHECK(name) && !strcmp(FY_STR_DATA(name), "assumed_align"))
        return ((targ *)o)->align ? fy_int_from(((targ *)o)->align) : fy_none();
    if (FY_STR_CHECK(name) &&
        (!strcmp(FY_STR_DATA(name), "shape_dyn_indices") || !strcmp(FY_STR_DATA(name), "stride_dyn_indices")))
        return targ_py(FY_STR_DATA(name)[1] == 'h' ? "_adaptor_shape_dyn_indices" : "_adaptor_stride_dyn_indices", o,
                       NULL, 0, NULL);
    fy_obj *r = fy_generic_getattr(o, name);
    if (r || !fy_err_occurred() || !fy_isinstance_of(fy_err_occurred(), &fy_AttributeError)) return r;
    fy_err_clear();
    return fy_getattr(((targ *)o)->t, name);
}

static fy_methoddef targ_methods[] = {
    {"mark_layout_dynamic", targ_mark_layout_dynamic, 0,
     "mark_layout_dynamic(leading_dim=None, divisibility=1)\nEvery shape dynamic, every stride but the leading "
     "(stride-1) dim's dynamic with the divisibility; returns self."},
    {"mark_shape_dynamic", targ_mark_shape_dynamic, 0,
     "mark_shape_dynamic(dims, divisibility=1)\nThose dims' extents dynamic (an int or a list, negative from the "
     "end; divisibility an int or one per dim, powers of two); returns self."},
    {"mark_stride_dynamic", targ_mark_stride_dynamic, 0,
     "mark_stride_dynamic(dims, divisibility=1)\nThose dims' strides dynamic; returns self."},
    {"__cache_signature__", targ_cache_signature, 0,
     "__cache_signature__()\nWhat the compile cache keys the adaptor by: type, dtype, alignment, stride width, "
     "shape and strides (a dynamic one as -divisibility)."},
    {"__c_abi_spec__", targ_c_abi_spec, 0,
     "__c_abi_spec__()\n[(ctypes type, fill)] of the data pointer and, for a dynamic layout, the layout buffer."},
    {"_set_dim_div", targ_set_dim_div, 0, "_set_dim_div(which, dim, div)\nOne dim's shape/stride divisibility."},
    {"_layout_divs", targ_layout_divs, 0, "_layout_divs()\n(shape, stride) divisibilities per dim, 0 static."},
    {0}};

static fy_type targ_type = {
    FY_TYPE_INIT("TensorAdaptor", sizeof(targ)),
    .doc = "A torch tensor adapted as a kernel argument (flyc.from_dlpack).",
    .flags = FY_TPF_FINAL,
    .dealloc = targ_dealloc,
    .repr = targ_repr,
    .getattr = targ_getattr,
    .methods = targ_methods,
};

fy_obj *fy_dsl_targ_host_iter(fy_obj *o) {
    if (!FY_TORCH_CHECK(o) && FY_TYPE(o) != &targ_type) return NULL;
    if (fy_type_ready(&targ_type) < 0) return NULL;
    targ *r = (targ *)fy_alloc(&targ_type);
    if (!r) return NULL;
    targ *src = FY_TYPE(o) == &targ_type ? (targ *)o : NULL;
    r->t = fy_ref(src ? src->t : o);
    r->align = src ? src->align : 0;
    r->div = 1;
    r->leading = -1;
    r->iter = 1;
    return &r->h;
}

int fy_dsl_targ_is_iter(fy_obj *o) { return FY_TYPE(o) == &targ_type && ((targ *)o)->iter; }

fy_obj *fy_dsl_targ_view(fy_obj *it, const fly_layout *L) {
    targ *src = (targ *)it;
    targ *r = (targ *)fy_alloc(&targ_type);
    if (!r) return NULL;
    r->t = fy_ref(src->t);
    r->align = src->align;
    r->div = 1;
    r->leading = -1;
    r->view = 1;
    r->L = *L;
    return &r->h;
}

int fy_dsl_targ_is_view(fy_obj *o) { return FY_TYPE(o) == &targ_type && ((targ *)o)->view; }

fy_methoddef fy_dsl_targ_funcs[] = {
    {"from_dlpack", f_from_dlpack, 0,
     "from_dlpack(tensor, *, assumed_align=None, use_32bit_stride=False)\nThe tensor as a kernel argument with a "
     "static layout (see .mark_layout_dynamic)."},
    {"from_torch_tensor", f_from_torch_tensor, 0,
     "from_torch_tensor(tensor, *, assumed_align=None, use_32bit_stride=False)\nSame as from_dlpack."},
    {0}};

fy_dsl_numeric *fy_dsl_numeric_of_dtype(int dtype) {
    switch (dtype) {
    case FY_TORCH_F32: return &fy_dsl_t_f32;
    case FY_TORCH_F64: return &fy_dsl_t_f64;
    case FY_TORCH_F16: return &fy_dsl_t_f16;
    case FY_TORCH_BF16: return fy_dsl_numeric_by_name("BFloat16");
    case FY_TORCH_I64: return &fy_dsl_t_i64;
    case FY_TORCH_I32: return &fy_dsl_t_i32;
    case FY_TORCH_I16: return &fy_dsl_t_i16;
    case FY_TORCH_I8: return &fy_dsl_t_i8;
    case FY_TORCH_U8: return fy_dsl_numeric_by_name("Uint8");
    case FY_TORCH_BOOL: return &fy_dsl_t_bool;
    case FY_TORCH_F8E4M3FN: return fy_dsl_numeric_by_name("Float8E4M3FN");
    case FY_TORCH_F8E4M3FNUZ: return fy_dsl_numeric_by_name("Float8E4M3FNUZ");
    case FY_TORCH_F8E5M2: return fy_dsl_numeric_by_name("Float8E5M2");
    default: return NULL;
    }
}

int fy_dsl_targ_spec_of(fy_obj *arg, int argi, fy_dsl_targ_spec *sp) {
    memset(sp, 0, sizeof *sp);
    fy_torch_tensor *t;
    int dynamic, leading, div;
    if (FY_TORCH_CHECK(arg)) {
        t = FY_TT(arg);
        /* FlyDSL's default: every extent ?, every stride but the unit one ?{i64}, so one compiled kernel
         * serves every shape; flyc.from_dlpack(t) is the way to a static layout */
        dynamic = 1;
        leading = unit_dim(t);
        div = 1;
        if (leading < 0 && t->ndim > 0) {
            fy_err_format(&fy_RuntimeError,
                          "kernel argument %d: tensor has no axis with stride == 1; layout-dynamic memref requires one "
                          "(pass flyc.from_dlpack(t) for a static layout)",
                          argi);
            return -1;
        }
    } else if (FY_TYPE(arg) == &targ_type) {
        targ *o = (targ *)arg;
        t = FY_TT(o->t);
        if (o->iter) {
            fy_err_format(&fy_TypeError,
                          "kernel argument %d: an iterator (fx.get_iter) is not a tensor; give it a layout with "
                          "fx.make_view(iter, layout)",
                          argi);
            return -1;
        }
        if (o->view) { /* a static layout over the tensor's data: no per-dim encoding */
            sp->t = t;
            sp->view = &o->L;
            sp->adaptor = 1;
            return 1;
        }
        dynamic = o->dynamic;
        leading = o->leading;
        div = o->div;
        sp->align = o->align;
        sp->s32 = o->s32;
        sp->adaptor = 1;
        if (o->marked) { /* per-dim marks */
            sp->t = t;
            sp->ndim = t->ndim;
            memcpy(sp->shape_div, o->sdiv, sizeof sp->shape_div);
            memcpy(sp->stride_div, o->tdiv, sizeof sp->stride_div);
            return 1;
        }
        if (dynamic && (leading >= t->ndim || t->stride[leading] != 1)) {
            fy_err_format(&fy_RuntimeError, "kernel argument %d: the leading dimension must have stride 1", argi);
            return -1;
        }
    } else {
        return 0;
    }
    sp->t = t;
    sp->ndim = t->ndim;
    for (int i = 0; i < t->ndim; i++) {
        sp->shape_div[i] = dynamic ? 1 : 0;
        sp->stride_div[i] = dynamic && i != leading ? div : 0;
    }
    return 1;
}

void fy_dsl_targ_layout_text(const fy_dsl_targ_spec *sp, char *buf, size_t cap) {
    fly_layout L;
    fy_dsl_targ_layout(sp, &L);
    fly_layout_print(&L, buf, cap);
}

void fy_dsl_targ_layout(const fy_dsl_targ_spec *sp, fly_layout *L) {
    if (sp->view) {
        *L = *sp->view;
        return;
    }
    fly_itbuilder b;
    fly_error err;
    const fy_torch_tensor *t = sp->t;
    fly_inttuple *parts[2] = {&L->shape, &L->stride};
    for (int p = 0; p < 2; p++) {
        fly_itb_init(&b, parts[p]);
        if (t->ndim == 0) { /* a 0-dim tensor: one element, 1:1 */
            fly_itb_leaf(&b, fly_itnode_int(1));
            fly_itb_finish(&b, &err);
            continue;
        }
        if (t->ndim != 1) fly_itb_open(&b);
        for (int i = 0; i < t->ndim; i++) {
            int d = p ? sp->stride_div[i] : sp->shape_div[i];
            int64_t v = p ? t->stride[i] : t->shape[i];
            fly_itb_leaf(&b, d ? fly_itnode_dyn(0, d, p && !sp->s32 ? 64 : 32) : fly_itnode_int(v));
        }
        if (t->ndim != 1) fly_itb_close(&b);
        fly_itb_finish(&b, &err);
    }
}

int fy_dsl_targ_pack(const fy_dsl_targ_spec *sp, unsigned char *buf, size_t cap) {
    size_t k = 0;
    const fy_torch_tensor *t = sp->t;
    for (int i = 0; i < t->ndim; i++)
        if (sp->shape_div[i]) {
            if (k + 4 > cap) return -1;
            int32_t v = (int32_t)t->shape[i];
            memcpy(buf + k, &v, 4);
            k += 4;
        }
    for (int i = 0; i < t->ndim; i++)
        if (sp->stride_div[i]) {
            if (sp->s32) {
                if (k + 4 > cap) return -1;
                int32_t v = (int32_t)t->stride[i];
                memcpy(buf + k, &v, 4);
                k += 4;
            } else {
                if (k + 8 > cap) return -1;
                memcpy(buf + k, &t->stride[i], 8);
                k += 8;
            }
        }
    return (int)k;
}
