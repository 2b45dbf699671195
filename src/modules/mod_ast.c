/* mod_ast.c - the `_ast` module under ast.py: parse source with flyi's own parser; the tree comes
 * out as CPython 3.11's ast.dump(..., include_attributes=True) text (the parser's own dumper),
 * which parse_tree reads back here into node objects of ast.py's classes (linear time, any
 * nesting depth, unlike evaluating the text as Python). */
#include <stdint.h>
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

/* ------------------------------------------------------------------ reading the dump back */

typedef struct rd {
    const char *p, *end;
    fy_obj *ns; /* class name -> callable making the node */
    int depth;
} rd;

static fy_obj *rd_fail(void) { return fy_err_set(&fy_ValueError, "_ast: malformed tree text"); }

static bool is_ident(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (c >= '0' && c <= '9');
}

static int hexval(const char *q, int n, uint32_t *out) {
    uint32_t v = 0;
    for (int i = 0; i < n; i++) {
        char c = q[i];
        int d = c >= '0' && c <= '9'   ? c - '0'
                : c >= 'a' && c <= 'f' ? c - 'a' + 10
                : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                       : -1;
        if (d < 0) return -1;
        v = v * 16 + (uint32_t)d;
    }
    *out = v;
    return 0;
}

/* A str or bytes repr: [b]'...' or [b]"..." with Python's escapes. */
static fy_obj *rd_string(rd *r, bool bytes) {
    char q = *r->p++;
    fy_sbuf b = {0};
    while (r->p < r->end && *r->p != q) {
        char c = *r->p++;
        if (c != '\\') {
            fy_sbuf_addc(&b, c);
            continue;
        }
        if (r->p >= r->end) break;
        char e = *r->p++;
        uint32_t cp;
        int n = e == 'x' ? 2 : e == 'u' ? 4 : e == 'U' ? 8 : 0;
        if (n) {
            if (r->end - r->p < n || hexval(r->p, n, &cp) < 0) break;
            r->p += n;
            if (bytes) fy_sbuf_addc(&b, (char)cp);
            else {
                char u[4];
                int k = fy_utf8_encode(cp, u);
                fy_sbuf_add(&b, u, (size_t)k);
            }
            continue;
        }
        switch (e) {
        case 'n': fy_sbuf_addc(&b, '\n'); break;
        case 'r': fy_sbuf_addc(&b, '\r'); break;
        case 't': fy_sbuf_addc(&b, '\t'); break;
        default: fy_sbuf_addc(&b, e); break; /* \\ \' \" */
        }
    }
    if (r->p >= r->end) {
        fy_sbuf_free(&b);
        return rd_fail();
    }
    r->p++;
    fy_obj *o = bytes ? fy_bytes_from(b.p ? b.p : "", b.len) : fy_str_from_utf8(b.p ? b.p : "", b.len);
    fy_sbuf_free(&b);
    return o;
}

static fy_obj *rd_number(rd *r) {
    const char *st = r->p;
    bool isfloat = false;
    if (r->p < r->end && *r->p == '-') r->p++;
    if (r->end - r->p >= 3 && !strncmp(r->p, "inf", 3)) {
        r->p += 3;
        isfloat = true;
    } else
        while (r->p < r->end && ((*r->p >= '0' && *r->p <= '9') || *r->p == '.' || *r->p == 'e' || *r->p == 'E' ||
                                 ((*r->p == '+' || *r->p == '-') && (r->p[-1] == 'e' || r->p[-1] == 'E')))) {
            if (*r->p == '.' || *r->p == 'e' || *r->p == 'E') isfloat = true;
            r->p++;
        }
    char buf[512];
    size_t n = (size_t)(r->p - st);
    if (n == 0 || n >= sizeof buf) return rd_fail();
    memcpy(buf, st, n);
    buf[n] = 0;
    if (r->p < r->end && *r->p == 'j') {
        r->p++;
        return fy_complex_from(0.0, strtod(buf, NULL));
    }
    if (isfloat) return fy_float_from(strtod(buf, NULL));
    return fy_int_from_string(buf, n, 10);
}

static fy_obj *rd_value(rd *r);

/* Name(field=value, ...) after the name: a node made by ns[name]() with its fields set. */
static fy_obj *rd_node(rd *r, const char *name, size_t nlen) {
    char cname[64];
    if (nlen >= sizeof cname) return rd_fail();
    memcpy(cname, name, nlen);
    cname[nlen] = 0;
    fy_obj *maker = fy_dict_get_cstr(r->ns, cname);
    if (!maker) return fy_err_format(&fy_ValueError, "_ast: unknown node %s", cname);
    fy_obj *node = fy_call0(maker);
    if (!node) return NULL;
    r->p++; /* ( */
    while (r->p < r->end && *r->p != ')') {
        const char *f = r->p;
        while (r->p < r->end && is_ident(*r->p)) r->p++;
        if (r->p >= r->end || *r->p != '=' || r->p == f) {
            FY_DECREF(node);
            return rd_fail();
        }
        fy_obj *key = fy_str_from(f, (size_t)(r->p - f));
        r->p++;
        fy_obj *v = key ? rd_value(r) : NULL;
        int rc = v ? fy_setattr(node, key, v) : -1;
        FY_XDECREF(key);
        FY_XDECREF(v);
        if (rc < 0) {
            FY_DECREF(node);
            return NULL;
        }
        if (r->p < r->end && *r->p == ',') r->p += 2;
    }
    if (r->p >= r->end) {
        FY_DECREF(node);
        return rd_fail();
    }
    r->p++;
    return node;
}

static fy_obj *rd_value(rd *r) {
    if (r->p >= r->end) return rd_fail();
    if (++r->depth > 20000) {
        r->depth--;
        return fy_err_set(&fy_RecursionError, "maximum recursion depth exceeded during ast construction");
    }
    fy_obj *res = NULL;
    char c = *r->p;
    if (c == '[') {
        r->p++;
        res = fy_list_new(0);
        while (res && r->p < r->end && *r->p != ']') {
            fy_obj *v = rd_value(r);
            if (!v || fy_list_append_steal(res, v) < 0) FY_CLEAR(res);
            else if (r->p < r->end && *r->p == ',') r->p += 2;
        }
        if (res && r->p >= r->end) {
            FY_CLEAR(res);
            rd_fail();
        } else if (res) r->p++;
    } else if (c == '\'' || c == '"') res = rd_string(r, false);
    else if (c == 'b' && r->p + 1 < r->end && (r->p[1] == '\'' || r->p[1] == '"')) {
        r->p++;
        res = rd_string(r, true);
    } else if ((c >= '0' && c <= '9') || c == '-' || (c == 'i' && r->end - r->p >= 3 && !strncmp(r->p, "inf", 3)))
        res = rd_number(r);
    else if (is_ident(c)) {
        const char *nm = r->p;
        while (r->p < r->end && is_ident(*r->p)) r->p++;
        size_t n = (size_t)(r->p - nm);
        if (r->p < r->end && *r->p == '(') res = rd_node(r, nm, n);
        else if (n == 4 && !strncmp(nm, "None", 4)) res = fy_none();
        else if (n == 4 && !strncmp(nm, "True", 4)) res = fy_bool(true);
        else if (n == 5 && !strncmp(nm, "False", 5)) res = fy_bool(false);
        else if (n == 8 && !strncmp(nm, "Ellipsis", 8)) res = fy_ref(fy_Ellipsis);
        else res = rd_fail();
    } else res = rd_fail();
    r->depth--;
    return res;
}

/* parse_tree(source, filename, mode, classes) -> the tree as nodes made by classes[name](). */
static fy_obj *ast_parse_tree(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("parse_tree", n, 4, 4) < 0) return NULL;
    if (!FY_IS_TYPE(a[3], fy_dict_type)) return fy_err_set(&fy_TypeError, "classes must be a dict");
    fy_obj *args[4] = {a[0], a[1], a[2], fy_True};
    fy_obj *text = ast_parse_dump(s, args, 4, NULL);
    if (!text) return NULL;
    rd r = {FY_STR_DATA(text), FY_STR_DATA(text) + FY_STR_LEN(text), a[3], 0};
    fy_obj *tree = rd_value(&r);
    FY_DECREF(text);
    return tree;
}

static fy_methoddef ast_funcs[] = {
    {"parse_tree", ast_parse_tree, 0,
     "parse_tree(source, filename, mode, classes)\nThe parse tree as nodes made by classes[name]()."},
    {"parse_dump", ast_parse_dump, 0,
     "parse_dump(source, filename, mode, attrs)\nThe parse tree as ast.dump() text (with attributes if attrs)."},
    {NULL, NULL, 0, NULL}};

fy_obj *fy_mod_ast_init(void) { return fy_module_new_c("_ast", ast_funcs, "The parser under the ast module."); }
