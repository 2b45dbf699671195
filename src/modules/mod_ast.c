/* mod_ast.c - the `_ast` module under ast.py: parse source with flyi's own parser and return the
 * tree as CPython 3.11's ast.dump(..., include_attributes=True) text, which ast.py evaluates into
 * node objects. */
#include <stdlib.h>
#include <string.h>
#include "compile/code.h"
#include "modules/mod_registry.h"
#include "objects/object.h"
#include "parse/parse.h"

/* parse_dump(source, filename, mode, attrs) -> str; SyntaxError as compile() raises it. */
static fy_obj *ast_parse_dump(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("parse_dump", kw) < 0 || fy_check_nargs("parse_dump", n, 4, 4) < 0) return NULL;
    const char *src;
    size_t len;
    if (FY_STR_CHECK(a[0])) src = FY_STR_DATA(a[0]), len = (size_t)FY_STR_LEN(a[0]);
    else if (FY_BYTES_CHECK(a[0])) src = ((fy_bytes *)a[0])->data, len = (size_t)((fy_bytes *)a[0])->len;
    else return fy_err_format(&fy_TypeError, "compile() arg 1 must be a string, bytes or AST object");
    if (!FY_STR_CHECK(a[1]) || !FY_STR_CHECK(a[2])) return fy_err_set(&fy_TypeError, "filename and mode must be str");
    const char *m = FY_STR_DATA(a[2]);
    fy_parse_mode mode = !strcmp(m, "exec")     ? FY_MODE_EXEC
                         : !strcmp(m, "eval")   ? FY_MODE_EVAL
                         : !strcmp(m, "single") ? FY_MODE_SINGLE
                                                : (fy_parse_mode)-1;
    if ((int)mode < 0) return fy_err_set(&fy_ValueError, "compile() mode must be 'exec', 'eval' or 'single'");
    if (memchr(src, 0, len)) return fy_err_set(&fy_ValueError, "source code string cannot contain null bytes");
    int attrs = fy_truthy(a[3]);
    if (attrs < 0) return NULL;
    fy_syntax_error err = {0};
    fy_ast_module *mod = fy_parse(src, len, FY_STR_DATA(a[1]), mode, &err);
    if (!mod) {
        if (err.kind == FY_ERR_MEMORY) return fy_err_nomem();
        fy_raise_syntax_error(&err, FY_STR_DATA(a[1]), src, len);
        return NULL;
    }
    char *text = attrs ? fy_ast_dump_attrs(mod) : fy_ast_dump(mod);
    fy_ast_module_free(mod);
    if (!text) return fy_err_nomem();
    fy_obj *r = fy_str_from_cstr(text);
    free(text);
    return r;
}

static fy_methoddef ast_funcs[] = {
    {"parse_dump", ast_parse_dump, 0,
     "parse_dump(source, filename, mode, attrs)\nThe parse tree as ast.dump() text (with attributes if attrs)."},
    {NULL, NULL, 0, NULL}};

fy_obj *fy_mod_ast_init(void) { return fy_module_new_c("_ast", ast_funcs, "The parser under the ast module."); }
