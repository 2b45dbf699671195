/* fy-parse - debug tool: print the AST dump (CPython ast.dump format) of a file or stdin, or
 * the syntax error as "Type: message (line L, offset O)".
 * usage: fy-parse [-e|-s] [-l] [FILE]   (-e: eval mode, -s: single/interactive mode,
 *        -l: one line per expression/statement in source order: "Kind line col end_line end_col") */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse/parse.h"

static void loc_expr(const fy_expr *e);
static void loc_stmts(fy_stmt *const *v, int n);

static void loc_exprs(fy_expr *const *v, int n) {
    for (int i = 0; i < n; i++)
        if (v[i]) loc_expr(v[i]);
}

static void loc_args(const fy_arguments *a) {
    for (int i = 0; i < a->n_posonlyargs; i++)
        if (a->posonlyargs[i]->annotation) loc_expr(a->posonlyargs[i]->annotation);
    for (int i = 0; i < a->n_args; i++)
        if (a->args[i]->annotation) loc_expr(a->args[i]->annotation);
    if (a->vararg && a->vararg->annotation) loc_expr(a->vararg->annotation);
    for (int i = 0; i < a->n_kwonlyargs; i++)
        if (a->kwonlyargs[i]->annotation) loc_expr(a->kwonlyargs[i]->annotation);
    loc_exprs(a->kw_defaults, a->n_kwonlyargs);
    if (a->kwarg && a->kwarg->annotation) loc_expr(a->kwarg->annotation);
    loc_exprs(a->defaults, a->n_defaults);
}

static void loc_comps(fy_comprehension *const *g, int n) {
    for (int i = 0; i < n; i++) {
        loc_expr(g[i]->target);
        loc_expr(g[i]->iter);
        loc_exprs(g[i]->ifs, g[i]->n_ifs);
    }
}

static void loc_expr(const fy_expr *e) {
    printf("%s %d %d %d %d\n", fy_expr_kind_name(e->kind), e->line, e->col, e->end_line, e->end_col);
    switch (e->kind) {
    case FY_E_BOOLOP: loc_exprs(e->v.boolop.values, e->v.boolop.n_values); break;
    case FY_E_NAMEDEXPR:
        loc_expr(e->v.namedexpr.target);
        loc_expr(e->v.namedexpr.value);
        break;
    case FY_E_BINOP:
        loc_expr(e->v.binop.left);
        loc_expr(e->v.binop.right);
        break;
    case FY_E_UNARYOP: loc_expr(e->v.unaryop.operand); break;
    case FY_E_LAMBDA:
        loc_args(e->v.lambda.args);
        loc_expr(e->v.lambda.body);
        break;
    case FY_E_IFEXP:
        loc_expr(e->v.ifexp.test);
        loc_expr(e->v.ifexp.body);
        loc_expr(e->v.ifexp.orelse);
        break;
    case FY_E_DICT:
        loc_exprs(e->v.dict.keys, e->v.dict.n_keys);
        loc_exprs(e->v.dict.values, e->v.dict.n_keys);
        break;
    case FY_E_SET: loc_exprs(e->v.set.elts, e->v.set.n_elts); break;
    case FY_E_LISTCOMP:
    case FY_E_SETCOMP:
    case FY_E_GENERATOREXP:
        loc_expr(e->v.comp.elt);
        loc_comps(e->v.comp.generators, e->v.comp.n_generators);
        break;
    case FY_E_DICTCOMP:
        loc_expr(e->v.comp.key);
        loc_expr(e->v.comp.value);
        loc_comps(e->v.comp.generators, e->v.comp.n_generators);
        break;
    case FY_E_YIELD:
    case FY_E_YIELDFROM:
        if (e->v.yield.value) loc_expr(e->v.yield.value);
        break;
    case FY_E_COMPARE:
        loc_expr(e->v.compare.left);
        loc_exprs(e->v.compare.comparators, e->v.compare.n_ops);
        break;
    case FY_E_CALL:
        loc_expr(e->v.call.func);
        loc_exprs(e->v.call.args, e->v.call.n_args);
        for (int i = 0; i < e->v.call.n_keywords; i++) loc_expr(e->v.call.keywords[i]->value);
        break;
    case FY_E_FORMATTEDVALUE:
        loc_expr(e->v.formattedvalue.value);
        if (e->v.formattedvalue.format_spec) loc_expr(e->v.formattedvalue.format_spec);
        break;
    case FY_E_JOINEDSTR: loc_exprs(e->v.joinedstr.values, e->v.joinedstr.n_values); break;
    case FY_E_ATTRIBUTE: loc_expr(e->v.attribute.value); break;
    case FY_E_SUBSCRIPT:
        loc_expr(e->v.subscript.value);
        loc_expr(e->v.subscript.slice);
        break;
    case FY_E_STARRED: loc_expr(e->v.starred.value); break;
    case FY_E_LIST:
    case FY_E_TUPLE: loc_exprs(e->v.seq.elts, e->v.seq.n_elts); break;
    case FY_E_SLICE:
        if (e->v.slice.lower) loc_expr(e->v.slice.lower);
        if (e->v.slice.upper) loc_expr(e->v.slice.upper);
        if (e->v.slice.step) loc_expr(e->v.slice.step);
        break;
    default: break;
    }
}

static void loc_stmt(const fy_stmt *s) {
    printf("%s %d %d %d %d\n", fy_stmt_kind_name(s->kind), s->line, s->col, s->end_line, s->end_col);
    switch (s->kind) {
    case FY_S_FUNCTIONDEF:
        loc_args(s->v.functiondef.args);
        loc_stmts(s->v.functiondef.body, s->v.functiondef.n_body);
        loc_exprs(s->v.functiondef.decorator_list, s->v.functiondef.n_decorators);
        if (s->v.functiondef.returns) loc_expr(s->v.functiondef.returns);
        break;
    case FY_S_CLASSDEF:
        loc_exprs(s->v.classdef.bases, s->v.classdef.n_bases);
        for (int i = 0; i < s->v.classdef.n_keywords; i++) loc_expr(s->v.classdef.keywords[i]->value);
        loc_stmts(s->v.classdef.body, s->v.classdef.n_body);
        loc_exprs(s->v.classdef.decorator_list, s->v.classdef.n_decorators);
        break;
    case FY_S_RETURN:
        if (s->v.return_.value) loc_expr(s->v.return_.value);
        break;
    case FY_S_DELETE: loc_exprs(s->v.delete.targets, s->v.delete.n_targets); break;
    case FY_S_ASSIGN:
        loc_exprs(s->v.assign.targets, s->v.assign.n_targets);
        loc_expr(s->v.assign.value);
        break;
    case FY_S_AUGASSIGN:
        loc_expr(s->v.augassign.target);
        loc_expr(s->v.augassign.value);
        break;
    case FY_S_ANNASSIGN:
        loc_expr(s->v.annassign.target);
        loc_expr(s->v.annassign.annotation);
        if (s->v.annassign.value) loc_expr(s->v.annassign.value);
        break;
    case FY_S_FOR:
        loc_expr(s->v.for_.target);
        loc_expr(s->v.for_.iter);
        loc_stmts(s->v.for_.body, s->v.for_.n_body);
        loc_stmts(s->v.for_.orelse, s->v.for_.n_orelse);
        break;
    case FY_S_WHILE:
        loc_expr(s->v.while_.test);
        loc_stmts(s->v.while_.body, s->v.while_.n_body);
        loc_stmts(s->v.while_.orelse, s->v.while_.n_orelse);
        break;
    case FY_S_IF:
        loc_expr(s->v.if_.test);
        loc_stmts(s->v.if_.body, s->v.if_.n_body);
        loc_stmts(s->v.if_.orelse, s->v.if_.n_orelse);
        break;
    case FY_S_WITH:
        for (int i = 0; i < s->v.with.n_items; i++) {
            loc_expr(s->v.with.items[i]->context_expr);
            if (s->v.with.items[i]->optional_vars) loc_expr(s->v.with.items[i]->optional_vars);
        }
        loc_stmts(s->v.with.body, s->v.with.n_body);
        break;
    case FY_S_RAISE:
        if (s->v.raise.exc) loc_expr(s->v.raise.exc);
        if (s->v.raise.cause) loc_expr(s->v.raise.cause);
        break;
    case FY_S_TRY:
        loc_stmts(s->v.try_.body, s->v.try_.n_body);
        for (int i = 0; i < s->v.try_.n_handlers; i++) {
            const fy_excepthandler *h = s->v.try_.handlers[i];
            printf("ExceptHandler %d %d %d %d\n", h->line, h->col, h->end_line, h->end_col);
            if (h->type) loc_expr(h->type);
            loc_stmts(h->body, h->n_body);
        }
        loc_stmts(s->v.try_.orelse, s->v.try_.n_orelse);
        loc_stmts(s->v.try_.finalbody, s->v.try_.n_finalbody);
        break;
    case FY_S_ASSERT:
        loc_expr(s->v.assert_.test);
        if (s->v.assert_.msg) loc_expr(s->v.assert_.msg);
        break;
    case FY_S_EXPR: loc_expr(s->v.expr.value); break;
    default: break;
    }
}

static void loc_stmts(fy_stmt *const *v, int n) {
    for (int i = 0; i < n; i++) loc_stmt(v[i]);
}

int main(int argc, char **argv) {
    int locs = 0;
    fy_parse_mode mode = FY_MODE_EXEC;
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-e") == 0) mode = FY_MODE_EVAL;
        else if (strcmp(argv[i], "-s") == 0) mode = FY_MODE_SINGLE;
        else if (strcmp(argv[i], "-l") == 0) locs = 1;
        else path = argv[i];
    }
    FILE *f = path ? fopen(path, "rb") : stdin;
    if (!f) {
        perror(path);
        return 2;
    }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) buf = realloc(buf, cap *= 2);
    }
    if (path) fclose(f);
    if (!buf) return 2;
    fy_syntax_error err;
    fy_ast_module *m = fy_parse(buf, n, path ? path : "<stdin>", mode, &err);
    free(buf);
    if (!m) {
        printf("%s: %s (line %d, offset %d)\n", fy_error_kind_name(err.kind), err.msg, err.line, err.offset);
        return 1;
    }
    if (locs) {
        if (m->mode == FY_MODE_EVAL) loc_expr(m->expr);
        else loc_stmts(m->body, m->n_body);
        fy_ast_module_free(m);
        return 0;
    }
    char *d = fy_ast_dump(m);
    printf("%s\n", d ? d : "(out of memory)");
    free(d);
    fy_ast_module_free(m);
    return 0;
}
