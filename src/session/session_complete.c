/* session_complete.c - completion and inspection for the session API. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "compile/code.h"
#include "exec/interp.h"
#include "flyi/session.h"
#include "session/session_int.h"
#include "exec/vm.h"

static const char *keywords[] = {"False",   "None",     "True",     "and",    "as",   "assert", "async",  "await",
                                 "break",   "class",    "continue", "def",    "del",  "elif",   "else",   "except",
                                 "finally", "for",      "from",     "global", "if",   "import", "in",     "is",
                                 "lambda",  "nonlocal", "not",      "or",     "pass", "raise",  "return", "try",
                                 "while",   "with",     "yield",    NULL};

typedef struct {
    char **v;
    size_t n, cap;
} strvec;
static void sv_add(strvec *s, const char *x) {
    for (size_t i = 0; i < s->n; i++)
        if (!strcmp(s->v[i], x)) return;
    if (s->n == s->cap) {
        size_t nc = s->cap ? s->cap * 2 : 32;
        char **p = realloc(s->v, nc * sizeof(char *));
        if (!p) return;
        s->v = p;
        s->cap = nc;
    }
    char *d = strdup(x);
    if (d) s->v[s->n++] = d;
}
static int cmpstr(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static bool ident_char(char c) { return isalnum((unsigned char)c) || c == '_' || (unsigned char)c >= 0x80; }

/* Resolve a plain dotted name (a.b.c) without calling anything but attribute lookup on
 * modules, classes and plain instances. New reference or NULL. */
static fy_obj *resolve_dotted(fy_interp *ip, const char *s, size_t n) {
    size_t i = 0;
    fy_obj *cur = NULL;
    while (i < n) {
        size_t j = i;
        while (j < n && s[j] != '.') j++;
        char name[256];
        size_t k = j - i < sizeof name - 1 ? j - i : sizeof name - 1;
        memcpy(name, s + i, k);
        name[k] = 0;
        if (!k) {
            FY_XDECREF(cur);
            return NULL;
        }
        fy_obj *nx;
        if (!cur) {
            nx = fy_dict_get_cstr(ip->main_dict, name);
            if (!nx) nx = fy_dict_get_cstr(ip->builtins, name);
            if (nx) FY_INCREF(nx);
        } else {
            /* avoid running properties: look in the instance dict and class dicts only */
            fy_obj *in = fy_intern(name);
            nx = NULL;
            if (FY_TYPE(cur) == &fy_module_type) nx = fy_dict_get(FY_MODULE_DICT(cur), in);
            else {
                fy_obj **dp = fy_instance_dict_ptr(cur);
                if (dp && *dp) nx = fy_dict_get(*dp, in);
                if (!nx) {
                    fy_type *t = fy_isinstance_of(cur, &fy_type_type) ? (fy_type *)cur : cur->type;
                    nx = fy_type_lookup(t, in);
                    if (nx && FY_TYPE(nx) == &fy_property_type) nx = NULL;
                }
            }
            if (nx) FY_INCREF(nx);
            FY_DECREF(cur);
        }
        fy_err_clear();
        if (!nx) return NULL;
        cur = nx;
        i = j + 1;
    }
    return cur;
}

size_t flyi_session_complete(flyi_session *s, const char *text, size_t cursor, flyi_completions *out) {
    memset(out, 0, sizeof *out);
    fy_interp *prev = fy_interp_enter(s->ip);
    fy_interp *ip = s->ip;
    strvec v = {0};
    size_t len = strlen(text);
    if (cursor > len) cursor = len;
    if (fy_magic_complete(ip, text, cursor, out)) { /* a %magic line */
        fy_interp_leave(prev);
        return out->n;
    }
    /* dict keys: name["prefix */
    size_t q = cursor;
    while (q > 0 && text[q - 1] != '"' && text[q - 1] != '\'' && text[q - 1] != '[' && ident_char(text[q - 1])) q--;
    if (q >= 2 && (text[q - 1] == '"' || text[q - 1] == '\'') && text[q - 2] == '[') {
        size_t e = q - 2, b = e;
        while (b > 0 && (ident_char(text[b - 1]) || text[b - 1] == '.')) b--;
        fy_obj *d = b < e ? resolve_dotted(ip, text + b, e - b) : NULL;
        if (d && FY_DICT_CHECK(d)) {
            int64_t pos = 0;
            fy_obj *k;
            char quote = text[q - 1];
            while (fy_dict_next(d, &pos, &k, NULL))
                if (FY_STR_CHECK(k) && !strncmp(FY_STR_DATA(k), text + q, cursor - q)) {
                    char buf[512];
                    snprintf(buf, sizeof buf, "%s%c]", FY_STR_DATA(k), quote);
                    sv_add(&v, buf);
                }
            out->start = q;
        }
        FY_XDECREF(d);
        if (v.n) goto done;
    }
    size_t b = cursor;
    while (b > 0 && (ident_char(text[b - 1]) || text[b - 1] == '.')) b--;
    const char *word = text + b;
    size_t wlen = cursor - b;
    const char *dot = NULL;
    for (size_t i = 0; i < wlen; i++)
        if (word[i] == '.') dot = word + i;
    if (dot) {
        fy_obj *o = resolve_dotted(ip, word, dot - word);
        const char *pre = dot + 1;
        size_t pl = cursor - (size_t)(pre - text);
        if (o) {
            fy_obj *names = NULL;
            names = fy_builtin_dir_of(o);
            for (int64_t i = 0; names && i < FY_LIST_N(names); i++) {
                const char *n = FY_STR_DATA(FY_LIST_ITEMS(names)[i]);
                if (!strncmp(n, pre, pl) && (pl || n[0] != '_')) sv_add(&v, n);
            }
            FY_XDECREF(names);
            FY_DECREF(o);
        }
        fy_err_clear();
        out->start = pre - text;
    } else {
        fy_obj *dicts[2] = {ip->main_dict, ip->builtins};
        for (int d = 0; d < 2; d++) {
            int64_t pos = 0;
            fy_obj *k;
            while (fy_dict_next(dicts[d], &pos, &k, NULL))
                if (FY_STR_CHECK(k) && !strncmp(FY_STR_DATA(k), word, wlen) && (wlen || FY_STR_DATA(k)[0] != '_'))
                    sv_add(&v, FY_STR_DATA(k));
        }
        for (int i = 0; keywords[i]; i++)
            if (!strncmp(keywords[i], word, wlen)) sv_add(&v, keywords[i]);
        out->start = b;
    }
done:
    if (v.n) qsort(v.v, v.n, sizeof(char *), cmpstr);
    out->items = v.v;
    out->n = v.n;
    out->end = cursor;
    fy_interp_leave(prev);
    return v.n;
}

void flyi_completions_free(flyi_completions *c) {
    for (size_t i = 0; i < c->n; i++) free(c->items[i]);
    free(c->items);
    memset(c, 0, sizeof *c);
}

/* Text signature of a Python function: name(a, b=1, *args, c, **kw). */
static void func_signature(fy_function *f, fy_sbuf *b) {
    fy_code *co = f->code;
    fy_sbuf_printf(b, "%s(", FY_STR_DATA(f->name));
    int ndef = f->defaults ? (int)FY_TUPLE_N(f->defaults) : 0;
    int k = 0;
    for (int i = 0; i < co->argcount; i++, k++) {
        if (k) fy_sbuf_adds(b, ", ");
        fy_sbuf_adds(b, FY_STR_DATA(FY_TUPLE_ITEMS(co->varnames)[i]));
        if (i >= co->argcount - ndef) {
            fy_sbuf_addc(b, '=');
            fy_sbuf_add_repr(b, FY_TUPLE_ITEMS(f->defaults)[i - (co->argcount - ndef)]);
        }
        if (co->posonlycount && i == co->posonlycount - 1) fy_sbuf_adds(b, ", /");
    }
    int idx = co->argcount + co->kwonlycount;
    if (co->flags & FY_CO_VARARGS) {
        if (k++) fy_sbuf_adds(b, ", ");
        fy_sbuf_printf(b, "*%s", FY_STR_DATA(FY_TUPLE_ITEMS(co->varnames)[idx]));
    } else if (co->kwonlycount) {
        if (k++) fy_sbuf_adds(b, ", ");
        fy_sbuf_addc(b, '*');
    }
    for (int i = co->argcount; i < co->argcount + co->kwonlycount; i++, k++) {
        if (k) fy_sbuf_adds(b, ", ");
        fy_obj *n = FY_TUPLE_ITEMS(co->varnames)[i];
        fy_sbuf_adds(b, FY_STR_DATA(n));
        fy_obj *d = f->kwdefaults ? fy_dict_get(f->kwdefaults, n) : NULL;
        if (d) {
            fy_sbuf_addc(b, '=');
            fy_sbuf_add_repr(b, d);
        }
    }
    if (co->flags & FY_CO_VARKW) {
        if (k) fy_sbuf_adds(b, ", ");
        fy_sbuf_printf(b, "**%s",
                       FY_STR_DATA(FY_TUPLE_ITEMS(co->varnames)[idx + ((co->flags & FY_CO_VARARGS) ? 1 : 0)]));
    }
    fy_sbuf_addc(b, ')');
}

char *flyi_session_inspect(flyi_session *s, const char *text, size_t cursor) {
    fy_interp *prev = fy_interp_enter(s->ip);
    size_t len = strlen(text);
    if (cursor > len) cursor = len;
    size_t e = cursor;
    while (e < len && ident_char(text[e])) e++;
    size_t b = e;
    while (b > 0 && (ident_char(text[b - 1]) || text[b - 1] == '.')) b--;
    if (b == e && b > 0 && text[b - 1] == '(') {
        /* cursor just after "f(": inspect f */
        e = b - 1;
        b = e;
        while (b > 0 && (ident_char(text[b - 1]) || text[b - 1] == '.')) b--;
    }
    char *res = NULL;
    fy_obj *o = b < e ? resolve_dotted(s->ip, text + b, e - b) : NULL;
    if (o) {
        fy_sbuf sb = {0};
        fy_obj *target = o;
        if (FY_TYPE(o) == &fy_method_type) target = ((fy_method *)o)->func;
        if (FY_TYPE(target) == &fy_staticmethod_type || FY_TYPE(target) == &fy_classmethod_type)
            target = ((fy_wrapper *)target)->callable;
        fy_obj *doc = NULL;
        if (FY_TYPE(target) == &fy_function_type) {
            func_signature((fy_function *)target, &sb);
            doc = ((fy_function *)target)->doc;
            if (doc && FY_STR_CHECK(doc)) {
                fy_sbuf_adds(&sb, "\n\n");
                fy_sbuf_adds(&sb, FY_STR_DATA(doc));
            }
        } else if (FY_TYPE(target) == &fy_cfunction_type) {
            const char *d = ((fy_cfunction *)target)->def->doc;
            fy_sbuf_adds(&sb, d ? d : ((fy_cfunction *)target)->def->name);
        } else if (fy_isinstance_of(target, &fy_type_type)) {
            fy_type *t = (fy_type *)target;
            fy_obj *init = fy_type_lookup(t, fy_intern("__init__"));
            if (init && FY_TYPE(init) == &fy_function_type) {
                fy_sbuf_printf(&sb, "class %s", t->name);
                fy_sbuf b2 = {0};
                func_signature((fy_function *)init, &b2);
                const char *p = b2.p ? strchr(b2.p, '(') : NULL;
                if (p) {
                    /* drop self */
                    const char *q = strchr(p, ',');
                    if (q) fy_sbuf_printf(&sb, "(%s", q + 2);
                    else fy_sbuf_adds(&sb, "()");
                }
                fy_sbuf_free(&b2);
            } else fy_sbuf_printf(&sb, "class %s", t->name);
            fy_obj *d = fy_dict_get_cstr(t->dict, "__doc__");
            if (d && FY_STR_CHECK(d)) {
                fy_sbuf_adds(&sb, "\n\n");
                fy_sbuf_adds(&sb, FY_STR_DATA(d));
            }
        } else {
            fy_sbuf_printf(&sb, "%s object", target->type->name);
            fy_obj *r = fy_repr(target);
            if (r) {
                fy_sbuf_adds(&sb, ": ");
                fy_sbuf_add(&sb, FY_STR_DATA(r), FY_STR_LEN(r));
                FY_DECREF(r);
            }
            fy_obj *d = fy_dict_get_cstr(target->type->dict, "__doc__");
            if (d && FY_STR_CHECK(d)) {
                fy_sbuf_adds(&sb, "\n\n");
                fy_sbuf_adds(&sb, FY_STR_DATA(d));
            }
        }
        fy_err_clear();
        if (sb.p) res = strdup(sb.p);
        fy_sbuf_free(&sb);
        FY_DECREF(o);
    }
    fy_err_clear();
    fy_interp_leave(prev);
    return res;
}
