/* dsl_runtime.c - small FlyDSL helper modules that programs import next to flydsl.expr:
 * flydsl.runtime.device (get_rocm_arch, get_warp_size, is_rdna_arch, ...: the emulated or chosen target)
 * flydsl.compiler.protocol (dsl_size_of / dsl_align_of of fx.struct classes, fx.Array and numeric types) and
 * flydsl.expr.vector (full, ReductionOp). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flydsl/api/dsl.h"
#include "exec/interp.h"
#include "flydsl/trace/trace.h"

/* ------------------------------------------------------------------ flydsl.runtime.device */

/* The target: $FLYDSL_GPU_ARCH (or an HSA_OVERRIDE_GFX_VERSION "9.4.2"), else %target / $ARCH, else gfx942. */
static fy_obj *f_get_rocm_arch(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s, (void)a;
    if (fy_no_kwargs("get_rocm_arch", kw) < 0 || fy_check_nargs("get_rocm_arch", na, 0, 0) < 0) return NULL;
    const char *env = getenv("FLYDSL_GPU_ARCH");
    if (!env || !*env) env = getenv("HSA_OVERRIDE_GFX_VERSION");
    if (env && *env) {
        char buf[64];
        size_t n = 0;
        for (; env[n] && n < sizeof buf - 1; n++) buf[n] = (char)tolower((unsigned char)env[n]);
        buf[n] = 0;
        if (!strncmp(buf, "gfx", 3)) return fy_str_from_cstr(buf);
        int x, y, z;
        if (sscanf(buf, "%d.%d.%d", &x, &y, &z) == 3) return fy_str_printf("gfx%d%d%d", x, y, z);
    }
    const char *t = fy_interp_target(fy_cur);
    return fy_str_from_cstr(t && *t ? t : "gfx942");
}

/* The arch argument (lower-cased) or the current one; NULL with an exception. */
static fy_obj *arch_arg(const char *fn, fy_obj *const *a, size_t na, fy_obj *kw) {
    static const char *const names[] = {"arch", NULL};
    fy_obj *v[1] = {NULL};
    if (fy_parse_args(fn, a, na, kw, names, 0, 1, 1, v) < 0) return NULL;
    if (!v[0] || v[0] == fy_None) return f_get_rocm_arch(NULL, NULL, 0, NULL);
    if (!FY_STR_CHECK(v[0]))
        return fy_err_format(&fy_TypeError, "%s: arch must be a str, not '%s'", fn, fy_type_name(v[0]));
    return fy_call_method(v[0], "lower", NULL, 0);
}

static int starts(fy_obj *s, const char *p) { return !strncmp(FY_STR_DATA(s), p, strlen(p)); }

static fy_obj *f_is_rdna_arch(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    fy_obj *x = arch_arg("is_rdna_arch", a, na, kw);
    if (!x) return NULL;
    int r = starts(x, "gfx10") || starts(x, "gfx11") || starts(x, "gfx120");
    FY_DECREF(x);
    return fy_bool(r);
}

static fy_obj *f_get_warp_size(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    fy_obj *x = arch_arg("get_warp_size", a, na, kw);
    if (!x) return NULL;
    int w = starts(x, "gfx10") || starts(x, "gfx11") || starts(x, "gfx12") ? 32 : 64;
    FY_DECREF(x);
    return fy_int_from(w);
}

static fy_obj *f_is_gfx120x_arch(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    if (fy_no_kwargs("is_gfx120x_arch", kw) < 0 || fy_check_nargs("is_gfx120x_arch", na, 1, 1) < 0) return NULL;
    if (!FY_STR_CHECK(a[0])) return fy_bool(0);
    const char *p = FY_STR_DATA(a[0]);
    return fy_bool(!strncmp(p, "gfx120", 6) || !strncmp(p, "GFX120", 6));
}

/* One device: the emulator (or the first HIP device). */
static fy_obj *f_device_count(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s, (void)a;
    if (fy_no_kwargs("get_rocm_device_count", kw) < 0 || fy_check_nargs("get_rocm_device_count", na, 0, 0) < 0)
        return NULL;
    return fy_int_from(1);
}

static fy_methoddef device_funcs[] = {
    {"get_rocm_arch", f_get_rocm_arch, 0,
     "get_rocm_arch()\nThe GPU target: $FLYDSL_GPU_ARCH, else the session's %target ($ARCH), else 'gfx942'."},
    {"get_warp_size", f_get_warp_size, 0, "get_warp_size(arch=None)\nLanes per wave: 32 on gfx10/11/12, else 64."},
    {"is_rdna_arch", f_is_rdna_arch, 0, "is_rdna_arch(arch=None)\nTrue for gfx10, gfx11 and gfx120x."},
    {"is_gfx120x_arch", f_is_gfx120x_arch, 0, "is_gfx120x_arch(arch)\nTrue when arch starts with gfx120."},
    {"get_rocm_device_count", f_device_count, 0, "get_rocm_device_count()\nVisible GPUs (1: the emulator)."},
    {0}};

static fy_obj *package(const char *name, const char *doc) {
    fy_obj *m = fy_module_new_c(name, NULL, doc);
    if (!m) return NULL;
    fy_obj *path = fy_list_new(0);
    if (!path || fy_module_add_steal(m, "__path__", path) < 0 ||
        fy_module_add_steal(m, "__package__", fy_str_from_cstr(name)) < 0) {
        FY_DECREF(m);
        return NULL;
    }
    return m;
}

static fy_obj *init_runtime(void) {
    fy_obj *m = package("flydsl.runtime", "FlyDSL runtime helpers.");
    if (!m) return NULL;
    /* the device-runtime names (flydsl.expr._surface) need the module visible while they are added */
    if (fy_dict_set_cstr(fy_cur->modules, "flydsl.runtime", m) < 0 || fy_dsl_surface_patch(m) < 0) {
        fy_obj *e = fy_err_fetch();
        fy_dict_del(fy_cur->modules, fy_intern("flydsl.runtime"));
        fy_err_clear();
        fy_err_restore(e);
        FY_DECREF(m);
        return NULL;
    }
    return m;
}

static fy_obj *init_device(void) {
    fy_obj *m = fy_module_new_c("flydsl.runtime.device", device_funcs, "The GPU target and its properties.");
    if (!m) return NULL;
    fy_obj *d = fy_dict_new();
    static const struct {
        const char *k;
        int v;
    } caps[] = {{"gfx942", 65536}, {"gfx950", 163840}};
    for (size_t i = 0; d && i < sizeof caps / sizeof caps[0]; i++) {
        fy_obj *v = fy_int_from(caps[i].v);
        if (!v || fy_dict_set_cstr(d, caps[i].k, v) < 0) {
            FY_XDECREF(v);
            FY_DECREF(d);
            d = NULL;
            break;
        }
        FY_DECREF(v);
    }
    if (!d || fy_module_add_steal(m, "SMEM_CAPACITY_MAP", d) < 0) {
        FY_DECREF(m);
        return NULL;
    }
    return m;
}

/* ------------------------------------------------------------------ flydsl.compiler.protocol */

static fy_obj *size_or_align(const char *fn, fy_obj *const *a, size_t na, fy_obj *kw, int align) {
    int64_t sz, al;
    if (fy_no_kwargs(fn, kw) < 0 || fy_check_nargs(fn, na, 1, 1) < 0) return NULL;
    int r = fy_trace_type_size(a[0], &sz, &al);
    if (r < 0) return NULL;
    if (!r) return fy_err_format(&fy_TypeError, "type %R does not implement the Storable protocol", a[0]);
    return fy_int_from(align ? al : sz);
}
static fy_obj *f_size_of(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return size_or_align("dsl_size_of", a, na, kw, 0);
}
static fy_obj *f_align_of(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return size_or_align("dsl_align_of", a, na, kw, 1);
}

static fy_methoddef protocol_funcs[] = {
    {"dsl_size_of", f_size_of, 0, "dsl_size_of(ty)\nSize in bytes (C layout) of a struct, array or numeric type."},
    {"dsl_align_of", f_align_of, 0, "dsl_align_of(ty)\nAlignment in bytes of a struct, array or numeric type."},
    {0}};

static fy_obj *init_protocol(void) {
    fy_obj *c = fy_import("flydsl.compiler"); /* the parent package first */
    if (!c) return NULL;
    FY_DECREF(c);
    fy_obj *m = fy_module_new_c("flydsl.compiler.protocol", protocol_funcs, "Size and alignment of DSL types.");
    if (m && fy_dsl_surface_patch(m) < 0) FY_CLEAR(m);
    return m;
}

/* flydsl.expr.vector: the Vector helpers of fx under their newer module name. */
static fy_obj *init_vector(void) {
    fy_obj *e = fy_import("flydsl.expr");
    if (!e) return NULL;
    fy_obj *m = fy_module_new_c("flydsl.expr.vector", NULL, "Vector helpers: full, ReductionOp.");
    static const char *const names[] = {"full", "ReductionOp", "Vector", NULL};
    for (int i = 0; m && names[i]; i++) {
        fy_obj *o = fy_dict_get_cstr(FY_MODULE_DICT(e), names[i]);
        if (o && fy_module_add(m, names[i], o) < 0) {
            FY_DECREF(m);
            m = NULL;
        }
    }
    if (m && fy_module_add(e, "vector", m) < 0) {
        FY_DECREF(m);
        m = NULL;
    }
    FY_DECREF(e);
    return m;
}

void fy_dsl_register_runtime(void) {
    fy_register_builtin_module("flydsl.expr.vector", init_vector);
    fy_register_builtin_module("flydsl.runtime", init_runtime);
    fy_register_builtin_module("flydsl.runtime.device", init_device);
    fy_register_builtin_module("flydsl.compiler.protocol", init_protocol);
}
