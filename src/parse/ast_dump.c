/* ast_dump.c - print an AST exactly like CPython 3.11's ast.dump(node) (no indent): optional
 * fields that are None are left out, lists are always shown; with attributes
 * (include_attributes=True, fy_ast_dump_attrs), every node that has a location ends with
 * lineno, col_offset, end_lineno and end_col_offset. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse/lexer.h"
#include "parse/parse.h"

typedef struct out {
    char *s;
    size_t n, cap;
    bool oom;
    bool attrs; /* append the location attributes */
} out;

static void put(out *o, const char *s, size_t n) {
    if (o->oom) return;
    if (o->n + n + 1 > o->cap) {
        size_t nc = o->cap ? o->cap * 2 : 256;
        while (nc < o->n + n + 1) nc *= 2;
        char *ns = realloc(o->s, nc);
        if (!ns) {
            o->oom = true;
            return;
        }
        o->s = ns;
        o->cap = nc;
    }
    memcpy(o->s + o->n, s, n);
    o->n += n;
    o->s[o->n] = 0;
}
static void puts_(out *o, const char *s) { put(o, s, strlen(s)); }

/* The location attributes of a node whose fields started at o->n == start (and its ')'). */
static void loc_close(out *o, size_t start, int line, int col, int end_line, int end_col) {
    if (o->attrs) {
        char buf[96];
        snprintf(buf, sizeof buf, "%slineno=%d, col_offset=%d, end_lineno=%d, end_col_offset=%d",
                 o->n == start ? "" : ", ", line, col, end_line, end_col);
        puts_(o, buf);
    }
    put(o, ")", 1);
}
#define LOC_CLOSE(o, start, node) loc_close(o, start, (node)->line, (node)->col, (node)->end_line, (node)->end_col)

/* ------------------------------------------------------------------ Python reprs */

/* tmp is "[-]d.ddde[+-]XX": replace it by the string one unit up or down in its last digit when
 * that one reads back as v; returns whether it did. */
static bool neighbour_digits(char *tmp, double v) {
    char *e = strchr(tmp, 'e');
    if (!e) return false;
    for (int dir = 1; dir >= -1; dir -= 2) {
        char alt[64];
        snprintf(alt, sizeof alt, "%s", tmp);
        char *q = alt + (e - tmp) - 1;
        char *first = alt[0] == '-' ? alt + 1 : alt;
        bool ok = true;
        for (;; q--) {
            if (*q == '.') continue;
            if (dir > 0 && *q < '9') {
                (*q)++;
                break;
            }
            if (dir < 0 && *q > '0' && !(q == first && *q == '1')) {
                (*q)--;
                break;
            }
            if (q == first) { /* a carry or borrow out of the first digit: not a neighbour we try */
                ok = false;
                break;
            }
            *q = dir > 0 ? '0' : '9';
        }
        if (ok && strtod(alt, NULL) == v) {
            memcpy(tmp, alt, strlen(alt) + 1);
            return true;
        }
    }
    return false;
}

/* Python's repr(float) */
static void float_repr(char *buf, size_t cap, double x, bool for_complex) {
    if (isnan(x)) {
        snprintf(buf, cap, "nan");
        return;
    }
    if (isinf(x)) {
        snprintf(buf, cap, x > 0 ? "inf" : "-inf");
        return;
    }
    char tmp[64];
    int prec;
    for (prec = 1; prec <= 17; prec++) {
        snprintf(tmp, sizeof tmp, "%.*e", prec - 1, x);
        if (strtod(tmp, NULL) == x) break;
        if (prec >= 2 && prec < 17 && neighbour_digits(tmp, x)) break; /* as repr(float) */
    }
    /* tmp: [-]d[.ddd]e[+-]XX */
    char digits[32];
    int nd = 0;
    const char *q = tmp;
    bool neg = false;
    if (*q == '-') {
        neg = true;
        q++;
    }
    while (*q && *q != 'e') {
        if (*q != '.') digits[nd++] = *q;
        q++;
    }
    while (nd > 1 && digits[nd - 1] == '0') nd--;
    int exp10 = atoi(q + 1);
    int decpt = exp10 + 1;
    size_t n = 0;
    if (neg) buf[n++] = '-';
    if (decpt <= -4 || decpt > 16) {
        buf[n++] = digits[0];
        if (nd > 1) {
            buf[n++] = '.';
            for (int i = 1; i < nd; i++) buf[n++] = digits[i];
        }
        snprintf(buf + n, cap - n, "e%c%02d", exp10 < 0 ? '-' : '+', abs(exp10));
        return;
    }
    if (decpt <= 0) {
        buf[n++] = '0';
        buf[n++] = '.';
        for (int i = 0; i < -decpt; i++) buf[n++] = '0';
        for (int i = 0; i < nd; i++) buf[n++] = digits[i];
    } else {
        for (int i = 0; i < decpt; i++) buf[n++] = i < nd ? digits[i] : '0';
        if (nd > decpt) {
            buf[n++] = '.';
            for (int i = decpt; i < nd; i++) buf[n++] = digits[i];
        } else if (!for_complex) {
            buf[n++] = '.';
            buf[n++] = '0';
        }
    }
    buf[n] = 0;
}

static bool printable(unsigned cp) {
    if (cp < 0x20 || cp == 0x7F) return false;
    if (cp < 0x7F) return true;
    if (cp <= 0xA0 || cp == 0xAD) return false;
    if ((cp >= 0x2000 && cp <= 0x200F) || (cp >= 0x2028 && cp <= 0x202F) || (cp >= 0x205F && cp <= 0x206F) ||
        cp == 0x3000 || cp == 0xFEFF || cp == 0x1680 || (cp >= 0xD800 && cp <= 0xF8FF) ||
        (cp >= 0xFFF9 && cp <= 0xFFFB) || cp == 0xFFFE || cp == 0xFFFF || cp >= 0xE0000 || cp == 0x061C ||
        cp == 0x180E || (cp >= 0x0600 && cp <= 0x0605) || cp == 0x06DD || cp == 0x070F || cp == 0x110BD)
        return false;
    return true;
}

static void str_repr(out *o, const char *s, size_t n, bool bytes) {
    bool has_sq = memchr(s, '\'', n) != NULL, has_dq = memchr(s, '"', n) != NULL;
    char q = (has_sq && !has_dq) ? '"' : '\'';
    if (bytes) put(o, "b", 1);
    put(o, &q, 1);
    size_t i = 0;
    char esc[16];
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        if (c == (unsigned char)q || c == '\\') {
            esc[0] = '\\';
            esc[1] = (char)c;
            put(o, esc, 2);
            i++;
            continue;
        }
        if (c == '\t') {
            put(o, "\\t", 2);
            i++;
            continue;
        }
        if (c == '\n') {
            put(o, "\\n", 2);
            i++;
            continue;
        }
        if (c == '\r') {
            put(o, "\\r", 2);
            i++;
            continue;
        }
        if (c < 0x20 || c == 0x7F || (bytes && c >= 0x80)) {
            snprintf(esc, sizeof esc, "\\x%02x", c);
            put(o, esc, 4);
            i++;
            continue;
        }
        if (c < 0x80) {
            put(o, (const char *)&s[i], 1);
            i++;
            continue;
        }
        int nb;
        unsigned cp = fy_lex_utf8_decode(s + i, n - i, &nb);
        if (nb < 1) nb = 1;
        if (printable(cp)) put(o, s + i, (size_t)nb);
        else {
            if (cp <= 0xFF) snprintf(esc, sizeof esc, "\\x%02x", cp);
            else if (cp <= 0xFFFF) snprintf(esc, sizeof esc, "\\u%04x", cp);
            else snprintf(esc, sizeof esc, "\\U%08x", cp);
            puts_(o, esc);
        }
        i += (size_t)nb;
    }
    put(o, &q, 1);
}

/* ------------------------------------------------------------------ nodes */

static void expr(out *o, const fy_expr *e);
static void stmts(out *o, fy_stmt *const *v, int n);

static void exprs(out *o, fy_expr *const *v, int n) {
    put(o, "[", 1);
    for (int i = 0; i < n; i++) {
        if (i) put(o, ", ", 2);
        if (v[i]) expr(o, v[i]);
        else puts_(o, "None");
    }
    put(o, "]", 1);
}

static void field(out *o, const char *name, bool first) {
    if (!first) put(o, ", ", 2);
    puts_(o, name);
    put(o, "=", 1);
}

static void ctx(out *o, fy_expr_ctx c) {
    field(o, "ctx", false);
    puts_(o, c == FY_LOAD ? "Load()" : c == FY_STORE ? "Store()" : "Del()");
}

static void ident(out *o, const char *s) { str_repr(o, s, strlen(s), false); }

static void arg(out *o, const fy_arg *a) {
    puts_(o, "arg(arg=");
    ident(o, a->arg);
    if (a->annotation) {
        field(o, "annotation", false);
        expr(o, a->annotation);
    }
    LOC_CLOSE(o, 0, a);
}

static void args_list(out *o, fy_arg *const *v, int n) {
    put(o, "[", 1);
    for (int i = 0; i < n; i++) {
        if (i) put(o, ", ", 2);
        arg(o, v[i]);
    }
    put(o, "]", 1);
}

static void arguments(out *o, const fy_arguments *a) {
    puts_(o, "arguments(posonlyargs=");
    args_list(o, a->posonlyargs, a->n_posonlyargs);
    field(o, "args", false);
    args_list(o, a->args, a->n_args);
    if (a->vararg) {
        field(o, "vararg", false);
        arg(o, a->vararg);
    }
    field(o, "kwonlyargs", false);
    args_list(o, a->kwonlyargs, a->n_kwonlyargs);
    field(o, "kw_defaults", false);
    exprs(o, a->kw_defaults, a->n_kwonlyargs);
    if (a->kwarg) {
        field(o, "kwarg", false);
        arg(o, a->kwarg);
    }
    field(o, "defaults", false);
    exprs(o, a->defaults, a->n_defaults);
    put(o, ")", 1);
}

static void keywords(out *o, fy_keyword *const *v, int n) {
    put(o, "[", 1);
    for (int i = 0; i < n; i++) {
        if (i) put(o, ", ", 2);
        puts_(o, "keyword(");
        if (v[i]->arg) {
            puts_(o, "arg=");
            ident(o, v[i]->arg);
            put(o, ", ", 2);
        }
        puts_(o, "value=");
        expr(o, v[i]->value);
        LOC_CLOSE(o, 0, v[i]);
    }
    put(o, "]", 1);
}

static void comprehensions(out *o, fy_comprehension *const *v, int n) {
    put(o, "[", 1);
    for (int i = 0; i < n; i++) {
        if (i) put(o, ", ", 2);
        puts_(o, "comprehension(target=");
        expr(o, v[i]->target);
        field(o, "iter", false);
        expr(o, v[i]->iter);
        field(o, "ifs", false);
        exprs(o, v[i]->ifs, v[i]->n_ifs);
        puts_(o, v[i]->is_async ? ", is_async=1)" : ", is_async=0)");
    }
    put(o, "]", 1);
}

static void constant(out *o, const fy_constant *c) {
    char buf[64];
    switch (c->kind) {
    case FY_CONST_NONE: puts_(o, "None"); break;
    case FY_CONST_TRUE: puts_(o, "True"); break;
    case FY_CONST_FALSE: puts_(o, "False"); break;
    case FY_CONST_ELLIPSIS: puts_(o, "Ellipsis"); break;
    case FY_CONST_INT:
        snprintf(buf, sizeof buf, "%lld", (long long)c->i);
        puts_(o, buf);
        break;
    case FY_CONST_BIGINT: put(o, c->s, c->len); break;
    case FY_CONST_FLOAT:
        float_repr(buf, sizeof buf, c->f, false);
        puts_(o, buf);
        break;
    case FY_CONST_COMPLEX:
        float_repr(buf, sizeof buf, c->f, true);
        puts_(o, buf);
        put(o, "j", 1);
        break;
    case FY_CONST_STR: str_repr(o, c->s, c->len, false); break;
    case FY_CONST_BYTES: str_repr(o, c->s, c->len, true); break;
    }
}

static void expr(out *o, const fy_expr *e) {
    puts_(o, fy_expr_kind_name(e->kind));
    put(o, "(", 1);
    size_t start = o->n;
    switch (e->kind) {
    case FY_E_BOOLOP:
        puts_(o, "op=");
        puts_(o, fy_boolop_name(e->v.boolop.op));
        puts_(o, "(), values=");
        exprs(o, e->v.boolop.values, e->v.boolop.n_values);
        break;
    case FY_E_NAMEDEXPR:
        puts_(o, "target=");
        expr(o, e->v.namedexpr.target);
        field(o, "value", false);
        expr(o, e->v.namedexpr.value);
        break;
    case FY_E_BINOP:
        puts_(o, "left=");
        expr(o, e->v.binop.left);
        puts_(o, ", op=");
        puts_(o, fy_operator_name(e->v.binop.op));
        puts_(o, "(), right=");
        expr(o, e->v.binop.right);
        break;
    case FY_E_UNARYOP:
        puts_(o, "op=");
        puts_(o, fy_unaryop_name(e->v.unaryop.op));
        puts_(o, "(), operand=");
        expr(o, e->v.unaryop.operand);
        break;
    case FY_E_LAMBDA:
        puts_(o, "args=");
        arguments(o, e->v.lambda.args);
        field(o, "body", false);
        expr(o, e->v.lambda.body);
        break;
    case FY_E_IFEXP:
        puts_(o, "test=");
        expr(o, e->v.ifexp.test);
        field(o, "body", false);
        expr(o, e->v.ifexp.body);
        field(o, "orelse", false);
        expr(o, e->v.ifexp.orelse);
        break;
    case FY_E_DICT:
        puts_(o, "keys=");
        exprs(o, e->v.dict.keys, e->v.dict.n_keys);
        field(o, "values", false);
        exprs(o, e->v.dict.values, e->v.dict.n_keys);
        break;
    case FY_E_SET:
        puts_(o, "elts=");
        exprs(o, e->v.set.elts, e->v.set.n_elts);
        break;
    case FY_E_LISTCOMP:
    case FY_E_SETCOMP:
    case FY_E_GENERATOREXP:
        puts_(o, "elt=");
        expr(o, e->v.comp.elt);
        field(o, "generators", false);
        comprehensions(o, e->v.comp.generators, e->v.comp.n_generators);
        break;
    case FY_E_DICTCOMP:
        puts_(o, "key=");
        expr(o, e->v.comp.key);
        field(o, "value", false);
        expr(o, e->v.comp.value);
        field(o, "generators", false);
        comprehensions(o, e->v.comp.generators, e->v.comp.n_generators);
        break;
    case FY_E_AWAIT:
        puts_(o, "value=");
        expr(o, e->v.await_.value);
        break;
    case FY_E_YIELD:
        if (e->v.yield.value) {
            puts_(o, "value=");
            expr(o, e->v.yield.value);
        }
        break;
    case FY_E_YIELDFROM:
        puts_(o, "value=");
        expr(o, e->v.yield.value);
        break;
    case FY_E_COMPARE:
        puts_(o, "left=");
        expr(o, e->v.compare.left);
        puts_(o, ", ops=[");
        for (int i = 0; i < e->v.compare.n_ops; i++) {
            if (i) put(o, ", ", 2);
            puts_(o, fy_cmpop_name(e->v.compare.ops[i]));
            puts_(o, "()");
        }
        puts_(o, "], comparators=");
        exprs(o, e->v.compare.comparators, e->v.compare.n_ops);
        break;
    case FY_E_CALL:
        puts_(o, "func=");
        expr(o, e->v.call.func);
        field(o, "args", false);
        exprs(o, e->v.call.args, e->v.call.n_args);
        field(o, "keywords", false);
        keywords(o, e->v.call.keywords, e->v.call.n_keywords);
        break;
    case FY_E_FORMATTEDVALUE: {
        char buf[32];
        puts_(o, "value=");
        expr(o, e->v.formattedvalue.value);
        snprintf(buf, sizeof buf, ", conversion=%d", e->v.formattedvalue.conversion);
        puts_(o, buf);
        if (e->v.formattedvalue.format_spec) {
            field(o, "format_spec", false);
            expr(o, e->v.formattedvalue.format_spec);
        }
        break;
    }
    case FY_E_JOINEDSTR:
        puts_(o, "values=");
        exprs(o, e->v.joinedstr.values, e->v.joinedstr.n_values);
        break;
    case FY_E_CONSTANT:
        puts_(o, "value=");
        constant(o, &e->v.constant);
        if (e->v.constant.u_prefix) puts_(o, ", kind='u'");
        break;
    case FY_E_ATTRIBUTE:
        puts_(o, "value=");
        expr(o, e->v.attribute.value);
        field(o, "attr", false);
        ident(o, e->v.attribute.attr);
        ctx(o, e->v.attribute.ctx);
        break;
    case FY_E_SUBSCRIPT:
        puts_(o, "value=");
        expr(o, e->v.subscript.value);
        field(o, "slice", false);
        expr(o, e->v.subscript.slice);
        ctx(o, e->v.subscript.ctx);
        break;
    case FY_E_STARRED:
        puts_(o, "value=");
        expr(o, e->v.starred.value);
        ctx(o, e->v.starred.ctx);
        break;
    case FY_E_NAME:
        puts_(o, "id=");
        ident(o, e->v.name.id);
        ctx(o, e->v.name.ctx);
        break;
    case FY_E_LIST:
    case FY_E_TUPLE:
        puts_(o, "elts=");
        exprs(o, e->v.seq.elts, e->v.seq.n_elts);
        ctx(o, e->v.seq.ctx);
        break;
    case FY_E_SLICE: {
        bool first = true;
        if (e->v.slice.lower) {
            field(o, "lower", first);
            expr(o, e->v.slice.lower);
            first = false;
        }
        if (e->v.slice.upper) {
            field(o, "upper", first);
            expr(o, e->v.slice.upper);
            first = false;
        }
        if (e->v.slice.step) {
            field(o, "step", first);
            expr(o, e->v.slice.step);
        }
        break;
    }
    }
    LOC_CLOSE(o, start, e);
}

static void aliases(out *o, fy_alias *const *v, int n) {
    put(o, "[", 1);
    for (int i = 0; i < n; i++) {
        if (i) put(o, ", ", 2);
        puts_(o, "alias(name=");
        ident(o, v[i]->name);
        if (v[i]->asname) {
            puts_(o, ", asname=");
            ident(o, v[i]->asname);
        }
        LOC_CLOSE(o, 0, v[i]);
    }
    put(o, "]", 1);
}

static void stmt(out *o, const fy_stmt *s) {
    puts_(o, fy_stmt_kind_name(s->kind));
    put(o, "(", 1);
    size_t start = o->n;
    switch (s->kind) {
    case FY_S_FUNCTIONDEF:
        puts_(o, "name=");
        ident(o, s->v.functiondef.name);
        field(o, "args", false);
        arguments(o, s->v.functiondef.args);
        field(o, "body", false);
        stmts(o, s->v.functiondef.body, s->v.functiondef.n_body);
        field(o, "decorator_list", false);
        exprs(o, s->v.functiondef.decorator_list, s->v.functiondef.n_decorators);
        if (s->v.functiondef.returns) {
            field(o, "returns", false);
            expr(o, s->v.functiondef.returns);
        }
        break;
    case FY_S_CLASSDEF:
        puts_(o, "name=");
        ident(o, s->v.classdef.name);
        field(o, "bases", false);
        exprs(o, s->v.classdef.bases, s->v.classdef.n_bases);
        field(o, "keywords", false);
        keywords(o, s->v.classdef.keywords, s->v.classdef.n_keywords);
        field(o, "body", false);
        stmts(o, s->v.classdef.body, s->v.classdef.n_body);
        field(o, "decorator_list", false);
        exprs(o, s->v.classdef.decorator_list, s->v.classdef.n_decorators);
        break;
    case FY_S_RETURN:
        if (s->v.return_.value) {
            puts_(o, "value=");
            expr(o, s->v.return_.value);
        }
        break;
    case FY_S_DELETE:
        puts_(o, "targets=");
        exprs(o, s->v.delete.targets, s->v.delete.n_targets);
        break;
    case FY_S_ASSIGN:
        puts_(o, "targets=");
        exprs(o, s->v.assign.targets, s->v.assign.n_targets);
        field(o, "value", false);
        expr(o, s->v.assign.value);
        break;
    case FY_S_AUGASSIGN:
        puts_(o, "target=");
        expr(o, s->v.augassign.target);
        puts_(o, ", op=");
        puts_(o, fy_operator_name(s->v.augassign.op));
        puts_(o, "(), value=");
        expr(o, s->v.augassign.value);
        break;
    case FY_S_ANNASSIGN:
        puts_(o, "target=");
        expr(o, s->v.annassign.target);
        field(o, "annotation", false);
        expr(o, s->v.annassign.annotation);
        if (s->v.annassign.value) {
            field(o, "value", false);
            expr(o, s->v.annassign.value);
        }
        puts_(o, s->v.annassign.simple ? ", simple=1" : ", simple=0");
        break;
    case FY_S_FOR:
        puts_(o, "target=");
        expr(o, s->v.for_.target);
        field(o, "iter", false);
        expr(o, s->v.for_.iter);
        field(o, "body", false);
        stmts(o, s->v.for_.body, s->v.for_.n_body);
        field(o, "orelse", false);
        stmts(o, s->v.for_.orelse, s->v.for_.n_orelse);
        break;
    case FY_S_WHILE:
    case FY_S_IF:
        puts_(o, "test=");
        expr(o, s->kind == FY_S_IF ? s->v.if_.test : s->v.while_.test);
        field(o, "body", false);
        if (s->kind == FY_S_IF) stmts(o, s->v.if_.body, s->v.if_.n_body);
        else stmts(o, s->v.while_.body, s->v.while_.n_body);
        field(o, "orelse", false);
        if (s->kind == FY_S_IF) stmts(o, s->v.if_.orelse, s->v.if_.n_orelse);
        else stmts(o, s->v.while_.orelse, s->v.while_.n_orelse);
        break;
    case FY_S_WITH:
        puts_(o, "items=[");
        for (int i = 0; i < s->v.with.n_items; i++) {
            if (i) put(o, ", ", 2);
            puts_(o, "withitem(context_expr=");
            expr(o, s->v.with.items[i]->context_expr);
            if (s->v.with.items[i]->optional_vars) {
                field(o, "optional_vars", false);
                expr(o, s->v.with.items[i]->optional_vars);
            }
            put(o, ")", 1);
        }
        puts_(o, "], body=");
        stmts(o, s->v.with.body, s->v.with.n_body);
        break;
    case FY_S_RAISE: {
        bool first = true;
        if (s->v.raise.exc) {
            field(o, "exc", first);
            expr(o, s->v.raise.exc);
            first = false;
        }
        if (s->v.raise.cause) {
            field(o, "cause", first);
            expr(o, s->v.raise.cause);
        }
        break;
    }
    case FY_S_TRY:
        puts_(o, "body=");
        stmts(o, s->v.try_.body, s->v.try_.n_body);
        puts_(o, ", handlers=[");
        for (int i = 0; i < s->v.try_.n_handlers; i++) {
            const fy_excepthandler *h = s->v.try_.handlers[i];
            if (i) put(o, ", ", 2);
            puts_(o, "ExceptHandler(");
            if (h->type) {
                puts_(o, "type=");
                expr(o, h->type);
                put(o, ", ", 2);
            }
            if (h->name) {
                puts_(o, "name=");
                ident(o, h->name);
                put(o, ", ", 2);
            }
            puts_(o, "body=");
            stmts(o, h->body, h->n_body);
            LOC_CLOSE(o, 0, h);
        }
        puts_(o, "], orelse=");
        stmts(o, s->v.try_.orelse, s->v.try_.n_orelse);
        field(o, "finalbody", false);
        stmts(o, s->v.try_.finalbody, s->v.try_.n_finalbody);
        break;
    case FY_S_ASSERT:
        puts_(o, "test=");
        expr(o, s->v.assert_.test);
        if (s->v.assert_.msg) {
            field(o, "msg", false);
            expr(o, s->v.assert_.msg);
        }
        break;
    case FY_S_IMPORT:
        puts_(o, "names=");
        aliases(o, s->v.import.names, s->v.import.n_names);
        break;
    case FY_S_IMPORTFROM: {
        char buf[32];
        if (s->v.importfrom.module) {
            puts_(o, "module=");
            ident(o, s->v.importfrom.module);
            put(o, ", ", 2);
        }
        puts_(o, "names=");
        aliases(o, s->v.importfrom.names, s->v.importfrom.n_names);
        snprintf(buf, sizeof buf, ", level=%d", s->v.importfrom.level);
        puts_(o, buf);
        break;
    }
    case FY_S_GLOBAL:
    case FY_S_NONLOCAL:
        puts_(o, "names=[");
        for (int i = 0; i < s->v.names.n_names; i++) {
            if (i) put(o, ", ", 2);
            ident(o, s->v.names.names[i]);
        }
        put(o, "]", 1);
        break;
    case FY_S_EXPR:
        puts_(o, "value=");
        expr(o, s->v.expr.value);
        break;
    case FY_S_PASS:
    case FY_S_BREAK:
    case FY_S_CONTINUE: break;
    }
    LOC_CLOSE(o, start, s);
}

static void stmts(out *o, fy_stmt *const *v, int n) {
    put(o, "[", 1);
    for (int i = 0; i < n; i++) {
        if (i) put(o, ", ", 2);
        stmt(o, v[i]);
    }
    put(o, "]", 1);
}

static char *dump(const fy_ast_module *m, bool attrs) {
    out o = {0};
    o.attrs = attrs;
    if (m->mode == FY_MODE_EVAL) {
        puts_(&o, "Expression(body=");
        expr(&o, m->expr);
        put(&o, ")", 1);
    } else {
        puts_(&o, m->mode == FY_MODE_SINGLE ? "Interactive(body=" : "Module(body=");
        stmts(&o, m->body, m->n_body);
        puts_(&o, m->mode == FY_MODE_SINGLE ? ")" : ", type_ignores=[])");
    }
    if (o.oom) {
        free(o.s);
        return NULL;
    }
    return o.s;
}

char *fy_ast_dump(const fy_ast_module *m) { return dump(m, false); }
char *fy_ast_dump_attrs(const fy_ast_module *m) { return dump(m, true); }

char *fy_ast_dump_expr(const fy_expr *e) {
    out o = {0};
    expr(&o, e);
    if (o.oom) {
        free(o.s);
        return NULL;
    }
    return o.s;
}
