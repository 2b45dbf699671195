/* mod_registry.c - registration of the standard modules and the loader for the ones written
 * in Python (embedded source executed into a fresh module's dict with the `exec` builtin). */
#include <stdio.h>
#include <string.h>
#include "compile/code.h"
#include "exec/interp.h"
#include "modules/mod_ipython.h"
#include "modules/mod_registry.h"
#include "objects/object.h"
#include "modules/stdlib_data.h"
#include "exec/vm.h"

fy_obj *fy_stdlib_load_py(const char *name) {
    const char *text;
    size_t len;
    if (!fy_stdlib_source(name, &text, &len))
        return fy_err_format(&fy_ModuleNotFoundError, "No module named '%s'", name);
    char filename[128];
    snprintf(filename, sizeof filename, "<frozen %s>", name);
    fy_obj *code = fy_compile_source(text, len, filename, 0);
    if (!code) return NULL;
    fy_obj *m = fy_module_new(name);
    if (!m) {
        FY_DECREF(code);
        return NULL;
    }
    fy_obj *d = FY_MODULE_DICT(m);
    fy_obj *file = fy_str_from_cstr(filename);
    if (!file || fy_dict_set_cstr(d, "__file__", file) < 0) {
        FY_XDECREF(file);
        FY_DECREF(m);
        FY_DECREF(code);
        return NULL;
    }
    FY_DECREF(file);
    if (fy_cur->builtins_mod && fy_dict_set_cstr(d, "__builtins__", fy_cur->builtins_mod) < 0) {
        FY_DECREF(m);
        FY_DECREF(code);
        return NULL;
    }
    /* Visible in sys.modules while it runs, so that modules importing each other work. */
    fy_obj *key = fy_str_from_cstr(name);
    if (!key || (fy_cur->modules && fy_dict_set(fy_cur->modules, key, m) < 0)) {
        FY_XDECREF(key);
        FY_DECREF(m);
        FY_DECREF(code);
        return NULL;
    }
    fy_obj *r = fy_eval_code((fy_code *)code, d, d);
    FY_DECREF(code);
    code = NULL;
    if (!r) {
        if (fy_cur->modules) {
            fy_obj *exc = fy_err_fetch();
            if (fy_dict_del(fy_cur->modules, key) < 0) fy_err_clear();
            fy_err_restore(exc);
        }
        FY_DECREF(key);
        FY_DECREF(m);
        return NULL;
    }
    FY_DECREF(r);
    FY_DECREF(key);
    return m;
}

/* `import os.path` gives the posixpath module, as in CPython. */
static fy_obj *init_os_path(void) { return fy_import("posixpath"); }

void fy_stdlib_register_all(void) {
    static int done;
    if (done) return;
    done = 1;
    fy_register_builtin_module("math", fy_mod_math_init);
    fy_register_builtin_module("time", fy_mod_time_init);
    fy_register_builtin_module("random", fy_mod_random_init);
    fy_register_builtin_module("posix", fy_mod_posix_init);
    fy_register_builtin_module("_flyi_rt", fy_mod_rt_init);
    fy_register_builtin_module("_weakref", fy_mod_weakref_init);
    fy_register_builtin_module("_re", fy_mod_re_init);
    fy_register_builtin_module("struct", fy_mod_struct_init);
    fy_register_builtin_module("_hashlib", fy_mod_hashlib_init);
    fy_register_builtin_module("_subprocess", fy_mod_subprocess_init);
    fy_register_builtin_module("_ast", fy_mod_ast_init);
    fy_register_builtin_module("_thread", fy_mod_thread_init);
    fy_register_builtin_module("_ctypes", fy_mod_ctypes_init);
    fy_register_builtin_module("_flyi_display", fy_mod_flyi_display_init);
    fy_register_builtin_module("os.path", init_os_path);
    /* the modules written in Python (stdlib/, and flyi's own package flyi, flyi.kernels.*), by name */
    for (size_t i = 0; fy_stdlib_name(i); i++) fy_register_builtin_module_named(fy_stdlib_name(i), fy_stdlib_load_py);
}
