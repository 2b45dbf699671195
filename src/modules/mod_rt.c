/* mod_rt.c - `_flyi_rt`: what the traceback, inspect and importlib modules (written in Python)
 * need from the interpreter: traceback positions and text, the running frames, compiling and
 * running a source file as a module, and the names of the built-in modules. */
#include <string.h>
#include "compile/code.h"
#include "exec/interp.h"
#include "exec/traceback.h"
#include "modules/mod_registry.h"
#include "modules/stdlib_data.h"
#include "objects/object.h"

static fy_obj *rt_tb_entries(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("tb_entries", kw) < 0 || fy_check_nargs("tb_entries", n, 1, 1) < 0) return NULL;
    if (a[0] == fy_None) return fy_list_new(0);
    if (FY_TYPE(a[0]) != &fy_tb_type) return fy_err_set(&fy_TypeError, "tb_entries() expects a traceback");
    return fy_tb_entries(a[0]);
}
static fy_obj *rt_stack(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("stack", kw) < 0 || fy_check_nargs("stack", n, 0, 2) < 0) return NULL;
    int full = n ? fy_truthy(a[0]) : 1, source = n > 1 ? fy_truthy(a[1]) : 1;
    if (full < 0 || source < 0) return NULL;
    return fy_tb_stack(full, source);
}
static fy_obj *rt_format_exception(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("format_exception", kw) < 0 || fy_check_nargs("format_exception", n, 1, 1) < 0) return NULL;
    return fy_tb_lines(a[0]);
}
static fy_obj *rt_is_builtin_module(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("is_builtin_module", kw) < 0 || fy_check_nargs("is_builtin_module", n, 1, 1) < 0) return NULL;
    if (!FY_STR_CHECK(a[0])) return fy_err_set(&fy_TypeError, "is_builtin_module() expects a str");
    return fy_bool(fy_is_builtin_module(FY_STR_DATA(a[0])));
}

/* The whole source text a code object was compiled from (files, cells, exec strings), or None. */
static fy_obj *rt_code_source(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("code_source", kw) < 0 || fy_check_nargs("code_source", n, 1, 1) < 0) return NULL;
    if (FY_TYPE(a[0]) != &fy_code_type) return fy_err_set(&fy_TypeError, "code_source() expects a code object");
    fy_code *co = (fy_code *)a[0];
    return fy_ref(co->source ? co->source : fy_None);
}

/* The text of a REPL or notebook cell by its file name ("<cell 3>"), or of a built-in module written in
 * Python ("<frozen flyi.kernels.gemm>"), or None. */
static fy_obj *rt_cell_source(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("cell_source", kw) < 0 || fy_check_nargs("cell_source", n, 1, 1) < 0) return NULL;
    if (!FY_STR_CHECK(a[0])) return fy_err_set(&fy_TypeError, "cell_source() expects a str");
    const char *name = FY_STR_DATA(a[0]);
    size_t nl = strlen(name);
    if (!strncmp(name, "<frozen ", 8) && nl > 9 && name[nl - 1] == '>') {
        char mod[256];
        const char *text;
        size_t len;
        if (nl - 9 < sizeof mod) {
            memcpy(mod, name + 8, nl - 9);
            mod[nl - 9] = '\0';
            if (fy_stdlib_source(mod, &text, &len)) return fy_str_from_utf8(text, len);
        }
    }
    fy_obj *t = fy_cur->cell_sources ? fy_dict_get(fy_cur->cell_sources, a[0]) : NULL;
    return fy_ref(t ? t : fy_None);
}

static fy_methoddef rt_funcs[] = {
    {"cell_source", rt_cell_source, 0, "cell_source(name) -> the text of cell `name` ('<cell 3>'), or None"},
    {"tb_entries", rt_tb_entries, 0, "tb_entries(tb) -> [(filename, lineno, name, line, caret)], outermost first"},
    {"stack", rt_stack, 0,
     "stack(full=True) -> [((filename, lineno, name, line, caret), globals, locals, code)]; globals and locals are "
     "None without full"},
    {"format_exception", rt_format_exception, 0, "format_exception(exc) -> the traceback's lines"},
    {"code_source", rt_code_source, 0, "code_source(code) -> the source text it was compiled from, or None"},
    {"is_builtin_module", rt_is_builtin_module, 0, "is_builtin_module(name) -> whether name is a built-in module"},
    {NULL, NULL, 0, NULL}};

fy_obj *fy_mod_rt_init(void) {
    return fy_module_new_c("_flyi_rt", rt_funcs, "Interpreter support for the standard modules.");
}
