/* dsl_ptr_arg.c - raw-pointer kernel arguments: flyc.from_c_void_p(dtype, address) (FlyDSL's pointer
 * adaptor) and bare integer addresses (x.data_ptr()) passed to fx.Pointer parameters. A bare address
 * takes its element type from the device tensor whose storage contains it (or from the adaptor given
 * when the launcher was compiled). Inside the kernel the parameter is a !fly.ptr<T, global>. */
#include <string.h>

#include "flydsl/api/dsl.h"
#include "flydsl/api/dsl_numeric.h"
#include "torch/torch.h"

typedef struct parg {
    fy_obj h;
    fy_dsl_numeric *et;
    uint64_t addr;
    int align; /* assumed_align bytes, 0: the element size */
} parg;

static fy_type parg_type;

static fy_obj *parg_repr(fy_obj *o) {
    parg *p = (parg *)o;
    return fy_str_printf("PointerAdaptor<%s, global, 0x%llx>", p->et->mlir, (unsigned long long)p->addr);
}

static fy_obj *parg_getattr(fy_obj *o, fy_obj *name) {
    parg *p = (parg *)o;
    const char *n = FY_STR_DATA(name);
    if (!strcmp(n, "element_type") || !strcmp(n, "dtype")) return fy_ref(&p->et->h);
    if (!strcmp(n, "pointer") || !strcmp(n, "value")) return fy_int_from((int64_t)p->addr);
    if (!strcmp(n, "alignment")) return fy_int_from(p->align ? p->align : (p->et->width + 7) / 8);
    if (!strcmp(n, "address_space")) return fy_str_from_cstr("global");
    return fy_generic_getattr(o, name);
}

static fy_obj *parg_int(fy_obj *o) { return fy_int_from((int64_t)((parg *)o)->addr); }

static fy_type parg_type = {
    FY_TYPE_INIT("PointerAdaptor", sizeof(parg)),
    .doc = "A raw device address adapted as an fx.Pointer argument "
           "(flyc.from_c_void_p).",
    .flags = FY_TPF_FINAL,
    .repr = parg_repr,
    .getattr = parg_getattr,
    .index = parg_int,
    .to_int = parg_int,
};

/* An address: an int, an object with .value (ctypes.c_void_p) or None (0). */
static int addr_of(fy_obj *o, uint64_t *out) {
    if (o == fy_None) return (*out = 0), 0;
    if (FY_TYPE(o) == &parg_type) return (*out = ((parg *)o)->addr), 0;
    int64_t v;
    if (FY_INT_CHECK(o)) {
        if (fy_index(o, &v) < 0) return -1;
    } else {
        fy_obj *val = fy_getattr_cstr(o, "value");
        if (!val) return -1;
        int r = val == fy_None ? (v = 0, 0) : fy_index(val, &v);
        FY_DECREF(val);
        if (r < 0) return -1;
    }
    *out = (uint64_t)v;
    return 0;
}

static fy_obj *f_from_c_void_p(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    static const char *const names[] = {"element_type", "pointer", "address_space", "assumed_align", NULL};
    fy_obj *v[4] = {NULL, NULL, NULL, NULL};
    if (fy_parse_args("from_c_void_p", a, na, kw, names, 2, 2, 4, v) < 0) return NULL;
    fy_dsl_numeric *et = fy_dsl_to_numeric_type(v[0], "from_c_void_p");
    if (!et) return NULL;
    if (v[2] && v[2] != fy_None) { /* fx.AddressSpace.Global (1) or "global" */
        int64_t sp = -1;
        int global = FY_STR_CHECK(v[2]) ? !strcmp(FY_STR_DATA(v[2]), "global")
                                        : FY_INT_CHECK(v[2]) && fy_index(v[2], &sp) == 0 && sp == 1;
        if (!global)
            return fy_err_set(&fy_NotImplementedError,
                              "from_c_void_p: only global address space pointers are supported");
    }
    int64_t align = 0;
    if (v[3] && v[3] != fy_None) {
        if (fy_index(v[3], &align) < 0) return NULL;
        if (align < 1 || (align & (align - 1)))
            return fy_err_format(&fy_ValueError,
                                 "from_c_void_p: assumed_align must be a positive power of two, not %lld",
                                 (long long)align);
    }
    uint64_t addr;
    if (addr_of(v[1], &addr) < 0) return NULL;
    if (fy_type_ready(&parg_type) < 0) return NULL;
    parg *p = (parg *)fy_alloc(&parg_type);
    if (!p) return NULL;
    p->et = et;
    p->addr = addr;
    p->align = (int)align;
    return &p->h;
}

int fy_dsl_is_ptr_arg(fy_obj *o) { return FY_TYPE(o) == &parg_type; }

int fy_dsl_ptr_arg_of(fy_obj *arg, int annotated, int argi, fy_dsl_numeric **et, uint64_t *addr) {
    if (FY_TYPE(arg) == &parg_type) {
        *et = ((parg *)arg)->et;
        *addr = ((parg *)arg)->addr;
        return 1;
    }
    if (!annotated || !FY_INT_CHECK(arg) || FY_TYPE(arg) == &fy_bool_type) return 0;
    int64_t v;
    if (fy_index(arg, &v) < 0) return -1;
    fy_torch_storage *st = fy_torch_find_storage((uintptr_t)v);
    *et = st && st->dtype >= 0 ? fy_dsl_numeric_of_dtype(st->dtype) : NULL;
    if (!*et) {
        fy_err_format(&fy_TypeError,
                      "kernel argument %d: the address 0x%llx is in no device tensor%s; pass flyc.from_c_void_p(dtype, "
                      "address) to give the pointer's element type",
                      argi, (unsigned long long)v, st ? " of a supported dtype" : "");
        return -1;
    }
    *addr = (uint64_t)v;
    return 1;
}

fy_obj *fy_dsl_ptr_arg_like(fy_obj *model, fy_obj *arg) {
    if (FY_TYPE(model) != &parg_type || FY_TYPE(arg) == &parg_type || arg == fy_None || FY_TYPE(arg) == &fy_bool_type)
        return fy_ref(arg);
    uint64_t addr;
    if (!FY_INT_CHECK(arg)) return fy_ref(arg);
    if (addr_of(arg, &addr) < 0) return NULL;
    parg *p = (parg *)fy_alloc(&parg_type);
    if (!p) return NULL;
    p->et = ((parg *)model)->et;
    p->align = ((parg *)model)->align;
    p->addr = addr;
    return &p->h;
}

fy_methoddef fy_dsl_ptr_arg_funcs[] = {
    {"from_c_void_p", f_from_c_void_p, 0,
     "from_c_void_p(element_type, pointer, *, address_space=Global, assumed_align=None)\nA raw device address as an "
     "fx.Pointer kernel argument."},
    {0}};
