/* interp.c - process-wide type initialisation, the per-session interpreter state and `sys`. */
#define _GNU_SOURCE
#include <locale.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "compile/code.h"
#include "objects/gc.h"
#include "exec/interp.h"
#include "exec/traceback.h"
#include "objects/objects_int.h"
#include "exec/vm.h"

static bool types_ready;

void fy_types_init(void) {
    if (types_ready) return;
    types_ready = true;
    setlocale(LC_CTYPE, "C.UTF-8");
    /* memory limit: FLYI_MEMORY_LIMIT (MiB), default half the physical memory, at most 8 GiB */
    long pages = sysconf(_SC_PHYS_PAGES), psz = sysconf(_SC_PAGESIZE);
    if (pages > 0 && psz > 0 && (size_t)pages * (size_t)psz / 2 < fy_mem_limit)
        fy_mem_limit = (size_t)pages * (size_t)psz / 2;
    const char *ml = getenv("FLYI_MEMORY_LIMIT");
    if (ml && atol(ml) > 0) fy_mem_limit = (size_t)atol(ml) << 20;
    fy_int_init();
    fy_type *core[] = {&fy_object_type,      &fy_type_type,      &fy_str_type,          &fy_dict_type,
                       &fy_tuple_type,       &fy_list_type,      &fy_int_type,          &fy_bool_type,
                       &fy_float_type,       &fy_complex_type,   &fy_none_type,         &fy_notimpl_type,
                       &fy_ellipsis_type,    &fy_bytes_type,     &fy_bytearray_type,    &fy_set_type,
                       &fy_frozenset_type,   &fy_range_type,     &fy_slice_type,        &fy_function_type,
                       &fy_cfunction_type,   &fy_method_type,    &fy_cell_type,         &fy_code_type,
                       &fy_module_type,      &fy_property_type,  &fy_staticmethod_type, &fy_classmethod_type,
                       &fy_super_type,       &fy_generator_type, &fy_methoddescr_type,  &fy_getsetdescr_type,
                       &fy_slotwrapper_type, &fy_dict_keys_type, &fy_dict_values_type,  &fy_dict_items_type,
                       &fy_tb_type,          &fy_enumerate_type, &fy_zip_type,          &fy_map_type,
                       &fy_filter_type,      &fy_reversed_type,  &fy_calliter_type,     &fy_seqiter_type,
                       &fy_striter_type,     &fy_tupleiter_type, &fy_listiter_type,     &fy_listrevit_type,
                       &fy_dictiter_type,    &fy_setiter_type,   &fy_rangeiter_type,    &fy_bytesiter_type,
                       &fy_console_type,     &fy_file_type,      &fy_frame_type,        NULL};
    /* the dict type must work before any type is ready: dicts need no readiness */
    fy_str_init();
    for (int i = 0; core[i]; i++) fy_type_ready(core[i]);
    for (int i = 0; fy_exception_types[i]; i++) fy_type_ready(fy_exception_types[i]);
}

/* ------------------------------------------------------------------ sys */

static fy_obj *sys_exit(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_check_nargs("exit", nargs, 0, 1) < 0) return NULL;
    fy_err_set_obj(&fy_SystemExit, nargs && args[0] != fy_None ? args[0] : NULL);
    return NULL;
}
static fy_obj *sys_getrecursionlimit(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    return fy_int_from(fy_cur->recursion_limit);
}
static fy_obj *sys_setrecursionlimit(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    int64_t n;
    if (fy_check_nargs("setrecursionlimit", nargs, 1, 1) < 0 || fy_index(args[0], &n) < 0) return NULL;
    if (n < 1) return fy_err_set(&fy_ValueError, "recursion limit must be greater or equal than 1");
    fy_cur->recursion_limit = n > 100000 ? 100000 : (int)n;
    return fy_none();
}
static fy_obj *sys_getsizeof(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_check_nargs("getsizeof", nargs, 1, 2) < 0) return NULL;
    return fy_int_from((int64_t)args[0]->type->basicsize + 16);
}
static fy_obj *sys_exc_info(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    fy_obj *e = fy_cur->handled;
    if (!e) return fy_tuple_pack(3, fy_None, fy_None, fy_None);
    fy_obj *tb = ((fy_exc *)e)->tb;
    return fy_tuple_pack(3, (fy_obj *)e->type, e, tb ? tb : fy_None);
}
static fy_obj *sys_exception(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    return fy_ref(fy_cur->handled ? fy_cur->handled : fy_None);
}
static fy_obj *sys_intern(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_check_nargs("intern", nargs, 1, 1) < 0) return NULL;
    if (FY_TYPE(args[0]) != &fy_str_type) return fy_err_set(&fy_TypeError, "intern() argument must be str");
    return fy_intern_str(fy_ref(args[0]));
}
static fy_obj *sys_getrefcount(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_check_nargs("getrefcount", nargs, 1, 1) < 0) return NULL;
    return fy_int_from((int64_t)args[0]->rc);
}
static fy_obj *sys_getdefaultencoding(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    return fy_str_from_cstr("utf-8");
}
static fy_obj *sys_gc_collect(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    return fy_int_from(fy_gc_collect());
}
/* sys._getframe(depth=0): the caller's frame, or the one depth calls further out */
static fy_obj *sys_getframe(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    int64_t depth = 0;
    if (fy_check_nargs("_getframe", nargs, 0, 1) < 0 || (nargs && fy_index(args[0], &depth) < 0)) return NULL;
    fy_frame *f = fy_cur->frame;
    while (f && depth-- > 0) f = f->back;
    if (!f) return fy_err_set(&fy_ValueError, "call stack is not deep enough");
    return fy_ref(&f->h);
}
static fy_obj *sys_get_int_max_str_digits(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_check_nargs("get_int_max_str_digits", nargs, 0, 0) < 0) return NULL;
    return fy_int_from(fy_int_max_str_digits);
}
static fy_obj *sys_set_int_max_str_digits(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    static const char *const names[] = {"maxdigits", NULL};
    fy_obj *a[1];
    int64_t n;
    if (fy_parse_args("set_int_max_str_digits", args, nargs, kw, names, 1, 1, 1, a) < 0 || fy_index(a[0], &n) < 0)
        return NULL;
    if (n != 0 && n < 640) return fy_err_set(&fy_ValueError, "maxdigits must be 0 or larger than 640");
    fy_int_max_str_digits = n;
    return fy_none();
}

/* sys.version_info: a tuple with named fields, like CPython's struct sequence. */
static const char *const vi_fields[5] = {"major", "minor", "micro", "releaselevel", "serial"};
static fy_obj *vi_repr(fy_obj *o) {
    fy_sbuf b = {0};
    fy_sbuf_adds(&b, "sys.version_info(");
    for (int i = 0; i < 5; i++) {
        fy_sbuf_printf(&b, "%s%s=", i ? ", " : "", vi_fields[i]);
        if (fy_sbuf_add_repr(&b, FY_TUPLE_ITEMS(o)[i]) < 0) {
            fy_sbuf_free(&b);
            return NULL;
        }
    }
    fy_sbuf_addc(&b, ')');
    return fy_sbuf_finish(&b);
}
#define VI_GET(i, name) \
    static fy_obj *vi_##name(fy_obj *o) { return fy_ref(FY_TUPLE_ITEMS(o)[i]); }
VI_GET(0, major)
VI_GET(1, minor)
VI_GET(2, micro)
VI_GET(3, releaselevel)
VI_GET(4, serial)
static fy_obj *vi_new(fy_type *t, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    return fy_err_set(&fy_TypeError, "cannot create 'sys.version_info' instances");
}
static fy_getsetdef vi_getsets[] = {{"major", vi_major, NULL, NULL},   {"minor", vi_minor, NULL, NULL},
                                    {"micro", vi_micro, NULL, NULL},   {"releaselevel", vi_releaselevel, NULL, NULL},
                                    {"serial", vi_serial, NULL, NULL}, {NULL}};
static fy_type vi_type = {
    FY_TYPE_INIT("sys.version_info", sizeof(fy_tuple)),
    .doc = "sys.version_info\n\nVersion information as a named tuple.",
    .flags = FY_TPF_FINAL,
    .base = &fy_tuple_type,
    .new_ = vi_new,
    .repr = vi_repr,
    .getsets = vi_getsets,
};
static fy_obj *version_info_new(void) {
    if (fy_type_ready(&vi_type) < 0) return NULL;
    fy_tuple *t = (fy_tuple *)fy_alloc_size(&vi_type, sizeof(fy_tuple) + 5 * sizeof(fy_obj *));
    if (!t) return NULL;
    t->n = 5;
    t->hash = -1;
    t->items[0] = fy_int_from(3);
    t->items[1] = fy_int_from(11);
    t->items[2] = fy_int_from(0);
    t->items[3] = fy_str_from_cstr("final");
    t->items[4] = fy_int_from(0);
    return &t->h;
}

/* sys.excepthook / sys.__excepthook__: exc's traceback, as flyi prints an uncaught one, to sys.stderr. */
static fy_obj *sys_excepthook(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_no_kwargs("excepthook", kw) < 0 || fy_check_nargs("excepthook", nargs, 3, 3) < 0) return NULL;
    fy_sbuf b = {0};
    fy_tbinfo t;
    if (!fy_isinstance_of(args[1], &fy_BaseException) || fy_tb_format(args[1], &t) < 0) {
        /* CPython writes this and returns */
        fy_sbuf_printf(&b, "TypeError: print_exception(): Exception expected for value, %s found\n",
                       fy_type_name(args[1]));
    } else {
        for (size_t i = 0; i < t.nlines; i++) {
            fy_sbuf_adds(&b, t.lines[i]);
            fy_sbuf_addc(&b, '\n');
        }
        fy_tb_free(&t);
    }
    if (!b.p) fy_sbuf_adds(&b, "");
    fy_obj *text = fy_sbuf_finish(&b), *sys = fy_dict_get_cstr(fy_cur->modules, "sys");
    fy_obj *err = text && sys ? fy_getattr_cstr(sys, "stderr") : NULL;
    fy_obj *r = err ? fy_call_method(err, "write", &text, 1) : NULL;
    FY_XDECREF(text);
    FY_XDECREF(err);
    if (!r) return NULL;
    FY_DECREF(r);
    return fy_none();
}

static fy_methoddef sys_funcs[] = {
    {"excepthook", sys_excepthook, 0,
     "excepthook(exctype, value, traceback, /)\nPrint an exception and its traceback."},
    {"_getframe", sys_getframe, 0, NULL},
    {"exit", sys_exit, 0, "exit(status=None, /)\nExit the interpreter by raising SystemExit(status)."},
    {"getrecursionlimit", sys_getrecursionlimit, 0, NULL},
    {"setrecursionlimit", sys_setrecursionlimit, 0, NULL},
    {"getsizeof", sys_getsizeof, 0, NULL},
    {"exc_info", sys_exc_info, 0, NULL},
    {"exception", sys_exception, 0, NULL},
    {"intern", sys_intern, 0, NULL},
    {"getrefcount", sys_getrefcount, 0, NULL},
    {"getdefaultencoding", sys_getdefaultencoding, 0, NULL},
    {"_gc_collect", sys_gc_collect, 0, NULL},
    {"get_int_max_str_digits", sys_get_int_max_str_digits, 0, NULL},
    {"set_int_max_str_digits", sys_set_int_max_str_digits, 0, NULL},
    {NULL}};

fy_obj *fy_sys_new(fy_interp *ip, int argc, char **argv) {
    fy_obj *m = fy_module_new_c("sys", sys_funcs, "System-specific parameters and functions.");
    if (!m) return NULL;
    fy_obj *av = fy_list_new(0);
    for (int i = 0; i < argc; i++) fy_list_append_steal(av, fy_str_from_cstr(argv[i]));
    if (!argc) fy_list_append_steal(av, fy_str_from_cstr(""));
    fy_module_add_steal(m, "argv", av);
    fy_module_add(m, "path", ip->path);
    fy_module_add(m, "modules", ip->modules);
    fy_obj *hook = fy_getattr_cstr(m, "excepthook"); /* sys.__excepthook__ is the original sys.excepthook */
    if (hook) fy_module_add_steal(m, "__excepthook__", hook);
    fy_module_add(m, "stdout", ip->stdout_override);
    fy_module_add(m, "stderr", ip->stderr_override);
    fy_module_add(m, "__stdout__", ip->stdout_override);
    fy_module_add(m, "__stderr__", ip->stderr_override);
    fy_module_add_steal(m, "version", fy_str_from_cstr("3.11.0 (flyi)"));
    fy_module_add_steal(m, "version_info", version_info_new());
    fy_module_add_steal(m, "hexversion", fy_int_from(0x030B00F0));
    fy_module_add_steal(m, "platform", fy_str_from_cstr("linux"));
    fy_module_add_steal(m, "byteorder", fy_str_from_cstr("little"));
    fy_module_add_steal(m, "maxsize", fy_int_from(INT64_MAX));
    {
        /* the running binary's absolute path, as CPython gives (subprocess runs [sys.executable, ...]) */
        char exe[4096];
        ssize_t k = readlink("/proc/self/exe", exe, sizeof exe - 1);
        if (k > 0) exe[k] = 0;
        fy_module_add_steal(m, "executable", fy_str_from_cstr(k > 0 ? exe : "flyi"));
    }
    fy_module_add_steal(m, "implementation_name", fy_str_from_cstr("flyi"));
    fy_module_add_steal(m, "flags", fy_tuple_new(0));
    fy_module_add_steal(m, "dont_write_bytecode", fy_bool(true));
    fy_module_add_steal(m, "builtin_module_names", fy_tuple_new(0));
    return m;
}

/* ------------------------------------------------------------------ interpreter */

void (*fy_steps_reset_hook)(fy_interp *ip);

void fy_steps_reset(fy_interp *ip) {
    ip->steps_left = ip->step_limit > 0 ? ip->step_limit : INT64_MAX;
    if (fy_steps_reset_hook) fy_steps_reset_hook(ip); /* threads: cut the new budget into slices */
}

const char *fy_interp_target(const fy_interp *ip) {
    if (ip && ip->opt_target[0]) return ip->opt_target;
    const char *a = getenv("FLYDSL_COMPILE_ARCH");
    if (!a || !*a) a = getenv("ARCH");
    return a && *a ? a : NULL;
}

const char *fy_interp_backend(const fy_interp *ip) { return ip && ip->opt_backend[0] ? ip->opt_backend : NULL; }

int (*fy_step_slice_hook)(fy_interp *ip);
void (*fy_thread_shutdown_hook)(fy_interp *ip, int final);

int fy_step_exhausted(void) {
    fy_interp *ip = fy_cur;
    if (ip && fy_step_slice_hook && fy_step_slice_hook(ip)) return 0;
    if (ip) ip->steps_left = 0; /* stay exhausted: every later check raises too */
    fy_err_set(&fy_RuntimeError, "step budget exhausted");
    return -1;
}

fy_interp *fy_interp_new(int argc, char **argv) {
    fy_types_init();
    fy_interp *ip = calloc(1, sizeof(fy_interp));
    if (!ip) return NULL;
    fy_interp *prev = fy_interp_enter(ip);
    ip->recursion_limit = 1000;
    const char *sl = getenv("FLYI_STEP_LIMIT");
    if (sl && atoll(sl) > 0) ip->step_limit = atoll(sl);
    fy_steps_reset(ip);
    ip->repr_stack = fy_list_new(0);
    ip->modules = fy_dict_new();
    ip->path = fy_list_new(0);
    ip->stdout_override = fy_console_new(1);
    ip->stderr_override = fy_console_new(2);
    ip->builtins_mod = fy_builtins_new(ip);
    if (!ip->repr_stack || !ip->modules || !ip->path || !ip->builtins_mod) {
        fy_interp_leave(prev);
        return NULL;
    }
    ip->builtins = fy_ref(FY_MODULE_DICT(ip->builtins_mod));
    const char *fp = getenv("FLYI_PATH");
    if (fp && *fp) {
        char *dup = strdup(fp), *save = NULL;
        for (char *t = dup ? strtok_r(dup, ":", &save) : NULL; t; t = strtok_r(NULL, ":", &save))
            fy_list_append_steal(ip->path, fy_str_from_cstr(t));
        free(dup);
    }
    ip->sysmod = fy_sys_new(ip, argc, argv);
    fy_dict_set_cstr(ip->modules, "sys", ip->sysmod);
    fy_dict_set_cstr(ip->modules, "builtins", ip->builtins_mod);
    ip->main_mod = fy_module_new("__main__");
    ip->main_dict = fy_ref(FY_MODULE_DICT(ip->main_mod));
    fy_dict_set_cstr(ip->main_dict, "__builtins__", ip->builtins_mod);
    fy_dict_set_cstr(ip->modules, "__main__", ip->main_mod);
    fy_interp_leave(prev);
    return ip;
}

void fy_interp_free(fy_interp *ip) {
    if (!ip) return;
    fy_interp *prev = fy_interp_enter(ip);
    if (fy_thread_shutdown_hook) fy_thread_shutdown_hook(ip, 1);
    fy_err_clear();
    FY_CLEAR(ip->handled);
    if (ip->main_dict) fy_dict_clear(ip->main_dict);
    if (ip->modules) {
        int64_t pos = 0;
        fy_obj *k, *v;
        while (fy_dict_next(ip->modules, &pos, &k, &v))
            if (FY_TYPE(v) == &fy_module_type && ((fy_module *)v)->dict && v != ip->builtins_mod && v != ip->sysmod)
                fy_dict_clear(((fy_module *)v)->dict);
        fy_dict_clear(ip->modules);
    }
    FY_CLEAR(ip->main_dict);
    FY_CLEAR(ip->main_mod);
    if (ip->sysmod) fy_dict_clear(FY_MODULE_DICT(ip->sysmod));
    FY_CLEAR(ip->sysmod);
    FY_CLEAR(ip->modules);
    FY_CLEAR(ip->cell_sources);
    FY_CLEAR(ip->path);
    FY_CLEAR(ip->builtins);
    if (ip->builtins_mod) fy_dict_clear(FY_MODULE_DICT(ip->builtins_mod));
    FY_CLEAR(ip->builtins_mod);
    FY_CLEAR(ip->repr_stack);
    FY_CLEAR(ip->stdout_override);
    FY_CLEAR(ip->stderr_override);
    fy_gc_collect();
    fy_err_clear();
    fy_interp_leave(prev);
    free(ip);
}

fy_interp *fy_interp_enter(fy_interp *ip) {
    fy_interp *prev = fy_cur;
    fy_cur = ip;
    if (ip) {
        pthread_attr_t attr;
        void *addr;
        size_t size;
        if (pthread_getattr_np(pthread_self(), &attr) == 0) {
            if (pthread_attr_getstack(&attr, &addr, &size) == 0) {
                size_t margin = size / 8 > (256u << 10) ? (256u << 10) : size / 8;
                ip->stack_limit = (char *)addr + margin + (64u << 10);
            }
            pthread_attr_destroy(&attr);
        }
    }
    return prev;
}
void fy_interp_leave(fy_interp *prev) { fy_cur = prev; }
