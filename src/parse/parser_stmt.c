/* parser_stmt.c - statements: simple statements, assignments, compound statements and blocks. */
#include "parse/parser.h"

#include <string.h>

static void simple_stmts(fyp_parser *p, fyp_vec *body);

/* ------------------------------------------------------------------ helpers */

static void expect_colon(fyp_parser *p, bool forced) {
    const fy_token *t = fyp_tok(p, 0);
    if (t->kind == FY_T_COLON) {
        fyp_next(p);
        return;
    }
    if (forced || t->kind == FY_T_NEWLINE) fyp_fail_at_tok(p, t, "expected ':'");
    fyp_fail_generic(p);
}

static fy_stmt **vec_stmts(fyp_vec *v, int *n) {
    *n = v->n;
    return (fy_stmt **)v->items;
}

static void stmt_end_at(fyp_parser *p, fy_stmt *s, fy_stmt **body, int n) {
    if (n > 0 && body[n - 1] == p->semi_stmt) {
        s->end_line = p->semi_end_line;
        s->end_col = p->semi_end_col;
    } else if (n > 0) {
        s->end_line = body[n - 1]->end_line;
        s->end_col = body[n - 1]->end_col;
    }
}

static bool is_aug(fy_tok_kind k) { return k >= FY_T_PLUSEQUAL && k <= FY_T_DOUBLESLASHEQUAL; }

static fy_expr *rhs(fyp_parser *p) {
    if (fyp_at(p, FY_T_KW_YIELD)) return fy_p_yield_expr(p);
    return fy_p_star_expressions(p);
}

/* A block after ':' — an indented suite or simple statements on the same line. kw names the
 * compound statement for "expected an indented block after ..." */
void fy_p_block(fyp_parser *p, fyp_vec *body, const fy_token *kw, const char *what) {
    if (!fyp_at(p, FY_T_NEWLINE)) {
        simple_stmts(p, body);
        return;
    }
    fyp_next(p);
    const fy_token *t = fyp_tok(p, 0);
    if (t->kind != FY_T_INDENT) {
        if (what[0] == '\'')
            fyp_fail(p, FY_ERR_INDENTATION, t->line, t->col + 1, t->end_line, t->end_col + 1,
                     "expected an indented block after %s statement on line %d", what, kw->line);
        fyp_fail(p, FY_ERR_INDENTATION, t->line, t->col + 1, t->end_line, t->end_col + 1,
                 "expected an indented block after %s on line %d", what, kw->line);
    }
    fyp_next(p);
    fyp_enter(p);
    while (!fyp_accept(p, FY_T_DEDENT)) {
        if (fyp_at(p, FY_T_ENDMARKER)) fyp_fail_generic(p);
        fy_p_statement(p, body);
    }
    fyp_leave(p);
}

/* ------------------------------------------------------------------ simple statements */

static fy_stmt *expr_or_assign(fyp_parser *p) {
    const fy_token *st = fyp_tok(p, 0);
    fy_expr *e = fyp_at(p, FY_T_KW_YIELD) ? fy_p_yield_expr(p) : fy_p_star_expressions(p);
    const fy_token *t = fyp_tok(p, 0);
    if (t->kind == FY_T_COLON) {
        /* annotated assignment */
        if (e->kind == FY_E_TUPLE || e->kind == FY_E_LIST)
            fyp_fail_at_expr(p, e, "only single target (not %s) can be annotated",
                             e->kind == FY_E_TUPLE ? "tuple" : "list");
        if (e->kind != FY_E_NAME && e->kind != FY_E_ATTRIBUTE && e->kind != FY_E_SUBSCRIPT)
            fyp_fail_at_expr(p, e, "illegal target for annotation");
        fyp_set_context(p, e, FY_STORE, 0);
        fyp_next(p);
        fy_stmt *s = fyp_new_stmt(p, FY_S_ANNASSIGN, st);
        s->v.annassign.target = e;
        s->v.annassign.annotation = fy_p_expression(p);
        s->v.annassign.simple = e->kind == FY_E_NAME && st->kind == FY_T_NAME;
        if (fyp_accept(p, FY_T_EQUAL)) s->v.annassign.value = rhs(p);
        fyp_stmt_end(p, s);
        return s;
    }
    if (t->kind == FY_T_EQUAL) {
        fyp_vec targets = {0};
        fy_expr *cur = e;
        const fy_token *first_eq = t;
        int ntargets = 0;
        while (fyp_accept(p, FY_T_EQUAL)) {
            if (cur->kind == FY_E_YIELD || cur->kind == FY_E_YIELDFROM)
                fyp_fail_at_expr(p, cur, "assignment to yield expression not possible");
            if (cur->kind == FY_E_STARRED)
                fyp_fail_at_expr(p, cur, "starred assignment target must be in a list or tuple");
            bool plain = cur->kind != FY_E_NAME && cur->kind != FY_E_ATTRIBUTE && cur->kind != FY_E_SUBSCRIPT &&
                         cur->kind != FY_E_TUPLE && cur->kind != FY_E_LIST && cur->kind != FY_E_STARRED;
            fyp_vec_push(p, &targets, cur);
            ntargets++;
            cur = rhs(p);
            if (plain) {
                /* CPython: "x() = 1" on the first target suggests '==' unless more '=' follow */
                fy_expr *bad = targets.items[targets.n - 1];
                bool hint = ntargets == 1 && !fyp_at(p, FY_T_EQUAL) && !fyp_at(p, FY_T_COLONEQUAL) &&
                            !(bad->kind == FY_E_CONSTANT &&
                              (bad->v.constant.kind == FY_CONST_TRUE || bad->v.constant.kind == FY_CONST_FALSE ||
                               bad->v.constant.kind == FY_CONST_NONE)) &&
                            bad->kind != FY_E_GENERATOREXP && bad->kind != FY_E_BOOLOP && bad->kind != FY_E_NAMEDEXPR &&
                            bad->kind != FY_E_IFEXP && bad->kind != FY_E_LAMBDA && bad->kind != FY_E_COMPARE &&
                            bad->kind != FY_E_YIELD && bad->kind != FY_E_YIELDFROM;
                (void)first_eq;
                if (hint)
                    fyp_fail_at_expr(p, bad, "cannot assign to %s here. Maybe you meant '==' instead of '='?",
                                     fyp_expr_describe(bad));
                if (bad->kind == FY_E_CONSTANT && bad->v.constant.kind <= FY_CONST_FALSE)
                    fyp_fail_at_expr(p, bad, "cannot assign to %s", fyp_expr_describe(bad));
            }
        }
        for (int i = 0; i < targets.n; i++) fyp_set_context(p, targets.items[i], FY_STORE, 0);
        fy_stmt *s = fyp_new_stmt(p, FY_S_ASSIGN, st);
        s->v.assign.targets = (fy_expr **)targets.items;
        s->v.assign.n_targets = targets.n;
        s->v.assign.value = cur;
        fyp_stmt_end(p, s);
        return s;
    }
    if (is_aug(t->kind)) {
        if (e->kind != FY_E_NAME && e->kind != FY_E_ATTRIBUTE && e->kind != FY_E_SUBSCRIPT)
            fyp_fail_at_expr(p, e, "'%s' is an illegal expression for augmented assignment", fyp_expr_describe(e));
        fyp_set_context(p, e, FY_STORE, 3);
        fyp_next(p);
        fy_stmt *s = fyp_new_stmt(p, FY_S_AUGASSIGN, st);
        s->v.augassign.target = e;
        s->v.augassign.op = (fy_operator)(t->kind - FY_T_PLUSEQUAL);
        s->v.augassign.value = rhs(p);
        fyp_stmt_end(p, s);
        return s;
    }
    /* print "x" */
    if (e->kind == FY_E_NAME && (strcmp(e->v.name.id, "print") == 0 || strcmp(e->v.name.id, "exec") == 0) &&
        (t->kind == FY_T_STRING || t->kind == FY_T_NAME || t->kind == FY_T_NUMBER)) {
        fy_expr *arg = fy_p_star_expressions(p);
        fyp_fail(p, FY_ERR_SYNTAX, e->line, e->col + 1, arg->end_line, arg->end_col + 1,
                 "Missing parentheses in call to '%s'. Did you mean %s(...)?", e->v.name.id, e->v.name.id);
    }
    fy_stmt *s = fyp_new_stmt(p, FY_S_EXPR, st);
    s->v.expr.value = e;
    fyp_stmt_end(p, s);
    return s;
}

static const char *dotted_name(fyp_parser *p) {
    const fy_token *t = fyp_tok(p, 0);
    if (t->kind != FY_T_NAME) fyp_fail_generic(p);
    fyp_next(p);
    const char *start = t->start;
    const fy_token *last = t;
    size_t total = t->len;
    bool spaced = false;
    while (fyp_at(p, FY_T_DOT) && fyp_tok(p, 1)->kind == FY_T_NAME) {
        fyp_next(p);
        last = fyp_next(p);
        total += 1 + last->len;
    }
    if (last != t && (size_t)(last->start + last->len - start) != total) spaced = true;
    if (!spaced) return fyp_strndup(p, start, total);
    /* "a . b": rebuild without the blanks */
    char *out = fyp_alloc(p, total + 1);
    size_t n = 0;
    for (const char *q = start; q < last->start + last->len; q++)
        if (*q != ' ' && *q != '\t' && *q != '\\' && *q != '\n' && *q != '\r' && *q != '\f') out[n++] = *q;
    out[n] = 0;
    return out;
}

static fy_alias *alias_node(fyp_parser *p, bool dotted) {
    const fy_token *t = fyp_tok(p, 0);
    fy_alias *a = fyp_alloc(p, sizeof *a);
    a->line = t->line;
    a->col = t->col;
    if (dotted) {
        a->name = dotted_name(p);
    } else {
        if (t->kind != FY_T_NAME) fyp_fail_generic(p);
        fyp_next(p);
        a->name = fyp_strndup(p, t->start, t->len);
    }
    if (fyp_accept(p, FY_T_KW_AS)) {
        const fy_token *n = fyp_tok(p, 0);
        if (n->kind != FY_T_NAME) fyp_fail_generic(p);
        fyp_next(p);
        a->asname = fyp_strndup(p, n->start, n->len);
    }
    a->end_line = fyp_prev(p)->end_line;
    a->end_col = fyp_prev(p)->end_col;
    return a;
}

static fy_stmt *import_stmt(fyp_parser *p) {
    const fy_token *kw = fyp_next(p);
    fy_stmt *s = fyp_new_stmt(p, FY_S_IMPORT, kw);
    fyp_vec names = {0};
    do fyp_vec_push(p, &names, alias_node(p, true));
    while (fyp_accept(p, FY_T_COMMA));
    s->v.import.names = (fy_alias **)names.items;
    s->v.import.n_names = names.n;
    fyp_stmt_end(p, s);
    return s;
}

static fy_stmt *from_stmt(fyp_parser *p) {
    const fy_token *kw = fyp_next(p);
    fy_stmt *s = fyp_new_stmt(p, FY_S_IMPORTFROM, kw);
    int level = 0;
    for (;;) {
        if (fyp_accept(p, FY_T_DOT)) level++;
        else if (fyp_accept(p, FY_T_ELLIPSIS)) level += 3;
        else break;
    }
    if (!fyp_at(p, FY_T_KW_IMPORT) || level == 0) s->v.importfrom.module = dotted_name(p);
    if (!fyp_accept(p, FY_T_KW_IMPORT)) fyp_fail_generic(p);
    s->v.importfrom.level = level;
    fyp_vec names = {0};
    const fy_token *t = fyp_tok(p, 0);
    if (t->kind == FY_T_STAR) {
        fyp_next(p);
        fy_alias *a = fyp_alloc(p, sizeof *a);
        a->name = "*";
        a->line = a->end_line = t->line;
        a->col = t->col;
        a->end_col = t->end_col;
        fyp_vec_push(p, &names, a);
    } else if (fyp_accept(p, FY_T_LPAR)) {
        do {
            if (fyp_at(p, FY_T_RPAR) && names.n > 0) break;
            fyp_vec_push(p, &names, alias_node(p, false));
        } while (fyp_accept(p, FY_T_COMMA));
        fyp_expect(p, FY_T_RPAR);
    } else {
        for (;;) {
            fyp_vec_push(p, &names, alias_node(p, false));
            if (!fyp_at(p, FY_T_COMMA)) break;
            const fy_token *c = fyp_next(p);
            fy_tok_kind k = fyp_tok(p, 0)->kind;
            if (k == FY_T_NEWLINE || k == FY_T_SEMI || k == FY_T_ENDMARKER)
                fyp_fail(p, FY_ERR_SYNTAX, c->line, c->end_col + 1, c->line, c->end_col + 1,
                         "trailing comma not allowed without surrounding parentheses");
        }
    }
    s->v.importfrom.names = (fy_alias **)names.items;
    s->v.importfrom.n_names = names.n;
    fyp_stmt_end(p, s);
    return s;
}

static fy_stmt *names_stmt(fyp_parser *p, fy_stmt_kind k) {
    const fy_token *kw = fyp_next(p);
    fy_stmt *s = fyp_new_stmt(p, k, kw);
    fyp_vec names = {0};
    do {
        const fy_token *t = fyp_tok(p, 0);
        if (t->kind != FY_T_NAME) fyp_fail_generic(p);
        fyp_next(p);
        fyp_vec_push(p, &names, fyp_strndup(p, t->start, t->len));
    } while (fyp_accept(p, FY_T_COMMA));
    s->v.names.names = (const char **)names.items;
    s->v.names.n_names = names.n;
    fyp_stmt_end(p, s);
    return s;
}

static fy_stmt *del_stmt(fyp_parser *p) {
    const fy_token *kw = fyp_next(p);
    fy_stmt *s = fyp_new_stmt(p, FY_S_DELETE, kw);
    fyp_vec targets = {0};
    for (;;) {
        const fy_token *t = fyp_tok(p, 0);
        fy_expr *e;
        if (t->kind == FY_T_STAR) {
            fyp_next(p);
            e = fyp_new_expr(p, FY_E_STARRED, t);
            e->v.starred.value = fy_p_bitwise_or(p);
            fyp_expr_end(p, e);
        } else {
            e = fy_p_bitwise_or(p);
        }
        fy_tok_kind nk = fyp_tok(p, 0)->kind;
        if (nk != FY_T_COMMA && nk != FY_T_NEWLINE && nk != FY_T_SEMI && nk != FY_T_ENDMARKER) fyp_fail_generic(p);
        fyp_set_context(p, e, FY_DEL, 1);
        fyp_vec_push(p, &targets, e);
        if (!fyp_accept(p, FY_T_COMMA)) break;
        nk = fyp_tok(p, 0)->kind;
        if (nk == FY_T_NEWLINE || nk == FY_T_SEMI || nk == FY_T_ENDMARKER) break;
    }
    s->v.delete.targets = (fy_expr **)targets.items;
    s->v.delete.n_targets = targets.n;
    fyp_stmt_end(p, s);
    return s;
}

static fy_stmt *simple_stmt(fyp_parser *p) {
    const fy_token *t = fyp_tok(p, 0);
    fy_stmt *s;
    switch (t->kind) {
    case FY_T_KW_PASS: fyp_next(p); return fyp_new_stmt(p, FY_S_PASS, t);
    case FY_T_KW_BREAK: fyp_next(p); return fyp_new_stmt(p, FY_S_BREAK, t);
    case FY_T_KW_CONTINUE: fyp_next(p); return fyp_new_stmt(p, FY_S_CONTINUE, t);
    case FY_T_KW_RETURN: {
        fyp_next(p);
        s = fyp_new_stmt(p, FY_S_RETURN, t);
        fy_tok_kind k = fyp_tok(p, 0)->kind;
        if (k != FY_T_NEWLINE && k != FY_T_SEMI && k != FY_T_ENDMARKER) s->v.return_.value = fy_p_star_expressions(p);
        fyp_stmt_end(p, s);
        return s;
    }
    case FY_T_KW_RAISE: {
        fyp_next(p);
        s = fyp_new_stmt(p, FY_S_RAISE, t);
        fy_tok_kind k = fyp_tok(p, 0)->kind;
        if (k != FY_T_NEWLINE && k != FY_T_SEMI && k != FY_T_ENDMARKER) {
            s->v.raise.exc = fy_p_expression(p);
            if (fyp_accept(p, FY_T_KW_FROM)) s->v.raise.cause = fy_p_expression(p);
        }
        fyp_stmt_end(p, s);
        return s;
    }
    case FY_T_KW_GLOBAL: return names_stmt(p, FY_S_GLOBAL);
    case FY_T_KW_NONLOCAL: return names_stmt(p, FY_S_NONLOCAL);
    case FY_T_KW_DEL: return del_stmt(p);
    case FY_T_KW_IMPORT: return import_stmt(p);
    case FY_T_KW_FROM: return from_stmt(p);
    case FY_T_KW_ASSERT: {
        fyp_next(p);
        s = fyp_new_stmt(p, FY_S_ASSERT, t);
        s->v.assert_.test = fy_p_expression(p);
        if (fyp_accept(p, FY_T_COMMA)) s->v.assert_.msg = fy_p_expression(p);
        fyp_stmt_end(p, s);
        return s;
    }
    default: return expr_or_assign(p);
    }
}

static void match_unsupported(fyp_parser *p, void *ctx) {
    fyp_vec *body = ctx;
    simple_stmts(p, body);
}

static void simple_stmts(fyp_parser *p, fyp_vec *body) {
    p->semi_stmt = NULL;
    for (;;) {
        fy_stmt *st = simple_stmt(p);
        fyp_vec_push(p, body, st);
        if (!fyp_accept(p, FY_T_SEMI)) break;
        if (fyp_at(p, FY_T_NEWLINE)) {
            p->semi_stmt = st;
            p->semi_end_line = fyp_prev(p)->end_line;
            p->semi_end_col = fyp_prev(p)->end_col;
            break;
        }
    }
    if (!fyp_accept(p, FY_T_NEWLINE)) {
        if (fyp_at(p, FY_T_ENDMARKER) && p->in_fexpr) return;
        fyp_fail_generic(p);
    }
}

/* ------------------------------------------------------------------ compound statements */

static fy_stmt *if_stmt(fyp_parser *p, const char *what) {
    const fy_token *kw = fyp_next(p);
    fy_stmt *s = fyp_new_stmt(p, FY_S_IF, kw);
    s->v.if_.test = fy_p_named_expression(p);
    if (fyp_at(p, FY_T_EQUAL) && s->v.if_.test->kind == FY_E_NAME) {
        fy_expr *t = s->v.if_.test;
        fyp_next(p);
        fy_expr *v = fy_p_bitwise_or(p);
        fyp_fail(p, FY_ERR_SYNTAX, t->line, t->col + 1, v->end_line, v->end_col + 1,
                 "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
    }
    expect_colon(p, false);
    fyp_vec body = {0}, orelse = {0};
    fy_p_block(p, &body, kw, what);
    s->v.if_.body = vec_stmts(&body, &s->v.if_.n_body);
    if (fyp_at(p, FY_T_KW_ELIF)) {
        fyp_vec_push(p, &orelse, if_stmt(p, "'elif'"));
    } else if (fyp_at(p, FY_T_KW_ELSE)) {
        const fy_token *e = fyp_next(p);
        expect_colon(p, true);
        fy_p_block(p, &orelse, e, "'else'");
    }
    s->v.if_.orelse = vec_stmts(&orelse, &s->v.if_.n_orelse);
    if (orelse.n) stmt_end_at(p, s, s->v.if_.orelse, s->v.if_.n_orelse);
    else stmt_end_at(p, s, s->v.if_.body, s->v.if_.n_body);
    return s;
}

static void else_block(fyp_parser *p, fyp_vec *orelse) {
    if (fyp_at(p, FY_T_KW_ELSE)) {
        const fy_token *e = fyp_next(p);
        expect_colon(p, true);
        fy_p_block(p, orelse, e, "'else'");
    }
}

static fy_stmt *while_stmt(fyp_parser *p) {
    const fy_token *kw = fyp_next(p);
    fy_stmt *s = fyp_new_stmt(p, FY_S_WHILE, kw);
    s->v.while_.test = fy_p_named_expression(p);
    expect_colon(p, false);
    fyp_vec body = {0}, orelse = {0};
    fy_p_block(p, &body, kw, "'while'");
    s->v.while_.body = vec_stmts(&body, &s->v.while_.n_body);
    else_block(p, &orelse);
    s->v.while_.orelse = vec_stmts(&orelse, &s->v.while_.n_orelse);
    if (orelse.n) stmt_end_at(p, s, s->v.while_.orelse, orelse.n);
    else stmt_end_at(p, s, s->v.while_.body, body.n);
    return s;
}

static fy_stmt *for_stmt(fyp_parser *p) {
    const fy_token *kw = fyp_next(p);
    fy_stmt *s = fyp_new_stmt(p, FY_S_FOR, kw);
    s->v.for_.target = fy_p_star_targets(p);
    if (!fyp_accept(p, FY_T_KW_IN)) fyp_fail_generic(p);
    s->v.for_.iter = fy_p_star_expressions(p);
    expect_colon(p, false);
    fyp_vec body = {0}, orelse = {0};
    fy_p_block(p, &body, kw, "'for'");
    s->v.for_.body = vec_stmts(&body, &s->v.for_.n_body);
    else_block(p, &orelse);
    s->v.for_.orelse = vec_stmts(&orelse, &s->v.for_.n_orelse);
    if (orelse.n) stmt_end_at(p, s, s->v.for_.orelse, orelse.n);
    else stmt_end_at(p, s, s->v.for_.body, body.n);
    return s;
}

static fy_withitem *with_item(fyp_parser *p) {
    fy_withitem *w = fyp_alloc(p, sizeof *w);
    w->context_expr = fy_p_expression(p);
    if (fyp_accept(p, FY_T_KW_AS)) {
        const fy_token *st = fyp_tok(p, 0);
        fy_expr *t;
        if (st->kind == FY_T_STAR) {
            t = fy_p_star_targets(p);
        } else {
            t = fy_p_bitwise_or(p);
            if (fyp_at(p, FY_T_COMMA) && 0) t = NULL;
            fyp_set_context(p, t, FY_STORE, 2);
        }
        fy_tok_kind k = fyp_tok(p, 0)->kind;
        if (k != FY_T_COMMA && k != FY_T_COLON && k != FY_T_RPAR && k != FY_T_NEWLINE) fyp_fail_generic(p);
        w->optional_vars = t;
    }
    return w;
}

struct with_ctx {
    fyp_vec items;
};

static void with_paren_items(fyp_parser *p, void *vctx) {
    struct with_ctx *c = vctx;
    fyp_expect(p, FY_T_LPAR);
    do {
        if (fyp_at(p, FY_T_RPAR) && c->items.n > 0) break;
        fyp_vec_push(p, &c->items, with_item(p));
    } while (fyp_accept(p, FY_T_COMMA));
    fyp_expect(p, FY_T_RPAR);
    if (!fyp_at(p, FY_T_COLON)) fyp_fail_generic(p);
}

static fy_stmt *with_stmt(fyp_parser *p) {
    const fy_token *kw = fyp_next(p);
    fy_stmt *s = fyp_new_stmt(p, FY_S_WITH, kw);
    struct with_ctx c = {{0}};
    if (!(fyp_at(p, FY_T_LPAR) && fyp_try(p, with_paren_items, &c))) {
        c.items = (fyp_vec){0};
        do fyp_vec_push(p, &c.items, with_item(p));
        while (fyp_accept(p, FY_T_COMMA));
    }
    expect_colon(p, false);
    s->v.with.items = (fy_withitem **)c.items.items;
    s->v.with.n_items = c.items.n;
    fyp_vec body = {0};
    fy_p_block(p, &body, kw, "'with'");
    s->v.with.body = vec_stmts(&body, &s->v.with.n_body);
    stmt_end_at(p, s, s->v.with.body, body.n);
    return s;
}

static fy_stmt *try_stmt(fyp_parser *p) {
    const fy_token *kw = fyp_next(p);
    fy_stmt *s = fyp_new_stmt(p, FY_S_TRY, kw);
    expect_colon(p, true);
    fyp_vec body = {0}, handlers = {0}, orelse = {0}, fin = {0};
    fy_p_block(p, &body, kw, "'try'");
    s->v.try_.body = vec_stmts(&body, &s->v.try_.n_body);
    while (fyp_at(p, FY_T_KW_EXCEPT)) {
        const fy_token *ek = fyp_next(p);
        if (fyp_at(p, FY_T_STAR)) fyp_fail_at_tok(p, fyp_tok(p, 0), "'except*' is not supported");
        fy_excepthandler *h = fyp_alloc(p, sizeof *h);
        h->line = ek->line;
        h->col = ek->col;
        if (!fyp_at(p, FY_T_COLON)) {
            if (fyp_at(p, FY_T_NEWLINE)) fyp_fail_at_tok(p, fyp_tok(p, 0), "expected ':'");
            h->type = fy_p_expression(p);
            if (fyp_at(p, FY_T_COMMA)) {
                fy_expr *first = h->type;
                fy_expr *last = first;
                while (fyp_accept(p, FY_T_COMMA)) last = fy_p_expression(p);
                if (fyp_at(p, FY_T_COLON) || (fyp_at(p, FY_T_KW_AS)))
                    fyp_fail(p, FY_ERR_SYNTAX, first->line, first->col + 1, last->end_line, last->end_col + 1,
                             "multiple exception types must be parenthesized");
                fyp_fail_generic(p);
            }
            if (fyp_accept(p, FY_T_KW_AS)) {
                const fy_token *n = fyp_tok(p, 0);
                if (n->kind != FY_T_NAME) fyp_fail_generic(p);
                fyp_next(p);
                h->name = fyp_strndup(p, n->start, n->len);
            }
        }
        expect_colon(p, false);
        fyp_vec hb = {0};
        fy_p_block(p, &hb, ek, "'except'");
        h->body = vec_stmts(&hb, &h->n_body);
        bool semi = h->body[hb.n - 1] == p->semi_stmt;
        h->end_line = semi ? p->semi_end_line : h->body[hb.n - 1]->end_line;
        h->end_col = semi ? p->semi_end_col : h->body[hb.n - 1]->end_col;
        fyp_vec_push(p, &handlers, h);
    }
    if (handlers.n) else_block(p, &orelse);
    if (fyp_at(p, FY_T_KW_FINALLY)) {
        const fy_token *fk = fyp_next(p);
        expect_colon(p, true);
        fy_p_block(p, &fin, fk, "'finally'");
    }
    if (handlers.n == 0 && fin.n == 0) fyp_fail_at_tok(p, fyp_tok(p, 0), "expected 'except' or 'finally' block");
    s->v.try_.handlers = (fy_excepthandler **)handlers.items;
    s->v.try_.n_handlers = handlers.n;
    s->v.try_.orelse = vec_stmts(&orelse, &s->v.try_.n_orelse);
    s->v.try_.finalbody = vec_stmts(&fin, &s->v.try_.n_finalbody);
    if (fin.n) stmt_end_at(p, s, s->v.try_.finalbody, fin.n);
    else if (orelse.n) stmt_end_at(p, s, s->v.try_.orelse, orelse.n);
    else {
        fy_excepthandler *h = handlers.items[handlers.n - 1];
        s->end_line = h->end_line;
        s->end_col = h->end_col;
    }
    return s;
}

static fy_stmt *funcdef(fyp_parser *p, fyp_vec *decorators, const fy_token *start) {
    const fy_token *kw = fyp_next(p);
    fy_stmt *s = fyp_new_stmt(p, FY_S_FUNCTIONDEF, start ? start : kw);
    const fy_token *n = fyp_tok(p, 0);
    if (n->kind != FY_T_NAME) fyp_fail_generic(p);
    fyp_next(p);
    s->v.functiondef.name = fyp_strndup(p, n->start, n->len);
    if (!fyp_at(p, FY_T_LPAR)) fyp_fail_at_tok(p, fyp_tok(p, 0), "expected '('");
    fyp_next(p);
    s->v.functiondef.args = fy_p_params(p, false);
    fyp_expect(p, FY_T_RPAR);
    if (fyp_accept(p, FY_T_RARROW)) s->v.functiondef.returns = fy_p_expression(p);
    expect_colon(p, true);
    fyp_vec body = {0};
    fy_p_block(p, &body, kw, "function definition");
    s->v.functiondef.body = vec_stmts(&body, &s->v.functiondef.n_body);
    s->v.functiondef.decorator_list = (fy_expr **)decorators->items;
    s->v.functiondef.n_decorators = decorators->n;
    stmt_end_at(p, s, s->v.functiondef.body, body.n);
    return s;
}

static fy_stmt *classdef(fyp_parser *p, fyp_vec *decorators, const fy_token *start) {
    const fy_token *kw = fyp_next(p);
    fy_stmt *s = fyp_new_stmt(p, FY_S_CLASSDEF, start ? start : kw);
    const fy_token *n = fyp_tok(p, 0);
    if (n->kind != FY_T_NAME) fyp_fail_generic(p);
    fyp_next(p);
    s->v.classdef.name = fyp_strndup(p, n->start, n->len);
    if (fyp_accept(p, FY_T_LPAR)) {
        fy_expr tmp = {0};
        tmp.kind = FY_E_CALL;
        fy_p_call_args(p, &tmp);
        s->v.classdef.bases = tmp.v.call.args;
        s->v.classdef.n_bases = tmp.v.call.n_args;
        s->v.classdef.keywords = tmp.v.call.keywords;
        s->v.classdef.n_keywords = tmp.v.call.n_keywords;
        for (int i = 0; i < tmp.v.call.n_args; i++)
            if (tmp.v.call.args[i]->kind == FY_E_GENERATOREXP) fyp_fail_generic(p);
    }
    expect_colon(p, false);
    fyp_vec body = {0};
    fy_p_block(p, &body, kw, "class definition");
    s->v.classdef.body = vec_stmts(&body, &s->v.classdef.n_body);
    s->v.classdef.decorator_list = (fy_expr **)decorators->items;
    s->v.classdef.n_decorators = decorators->n;
    stmt_end_at(p, s, s->v.classdef.body, body.n);
    return s;
}

static fy_stmt *decorated(fyp_parser *p) {
    fyp_vec decs = {0};
    const fy_token *start = fyp_tok(p, 0);
    while (fyp_accept(p, FY_T_AT)) {
        fyp_vec_push(p, &decs, fy_p_named_expression(p));
        if (!fyp_accept(p, FY_T_NEWLINE)) fyp_fail_generic(p);
    }
    (void)start;
    if (fyp_at(p, FY_T_KW_DEF)) return funcdef(p, &decs, NULL);
    if (fyp_at(p, FY_T_KW_CLASS)) return classdef(p, &decs, NULL);
    if (fyp_at(p, FY_T_KW_ASYNC)) fyp_fail_at_tok(p, fyp_tok(p, 0), "'async def' is not supported");
    fyp_fail_generic(p);
}

void fy_p_statement(fyp_parser *p, fyp_vec *body) {
    const fy_token *t = fyp_tok(p, 0);
    fyp_vec none = {0};
    fyp_enter(p);
    switch (t->kind) {
    case FY_T_KW_IF: fyp_vec_push(p, body, if_stmt(p, "'if'")); break;
    case FY_T_KW_WHILE: fyp_vec_push(p, body, while_stmt(p)); break;
    case FY_T_KW_FOR: fyp_vec_push(p, body, for_stmt(p)); break;
    case FY_T_KW_WITH: fyp_vec_push(p, body, with_stmt(p)); break;
    case FY_T_KW_TRY: fyp_vec_push(p, body, try_stmt(p)); break;
    case FY_T_KW_DEF: fyp_vec_push(p, body, funcdef(p, &none, NULL)); break;
    case FY_T_KW_CLASS: fyp_vec_push(p, body, classdef(p, &none, NULL)); break;
    case FY_T_AT: fyp_vec_push(p, body, decorated(p)); break;
    case FY_T_KW_ASYNC: {
        fy_tok_kind k = fyp_tok(p, 1)->kind;
        if (k == FY_T_KW_DEF || k == FY_T_KW_FOR || k == FY_T_KW_WITH)
            fyp_fail_at_tok(p, t, "'async %s' is not supported", fy_tok_kind_name(k));
        fyp_fail_generic(p);
    }
    case FY_T_NAME:
        if (t->len == 5 && memcmp(t->start, "match", 5) == 0) {
            fy_tok_kind k = fyp_tok(p, 1)->kind;
            if (k != FY_T_EQUAL && k != FY_T_DOT && k != FY_T_NEWLINE && k != FY_T_SEMI && k != FY_T_COMMA &&
                k != FY_T_COLON && !(k >= FY_T_PLUSEQUAL && k <= FY_T_DOUBLESLASHEQUAL)) {
                if (!fyp_try(p, match_unsupported, body)) fyp_fail_at_tok(p, t, "'match' statements are not supported");
                break;
            }
        }
        simple_stmts(p, body);
        break;
    default: simple_stmts(p, body); break;
    }
    fyp_leave(p);
}

void fy_p_file(fyp_parser *p, fyp_vec *body) {
    if (p->mode == FY_MODE_SINGLE) {
        while (fyp_accept(p, FY_T_NEWLINE)) {}
        if (fyp_at(p, FY_T_ENDMARKER)) return;
        fy_p_statement(p, body);
        while (fyp_accept(p, FY_T_NEWLINE)) {}
        if (!fyp_at(p, FY_T_ENDMARKER)) fyp_fail_generic(p);
        return;
    }
    while (!fyp_at(p, FY_T_ENDMARKER)) {
        if (fyp_accept(p, FY_T_NEWLINE)) continue;
        fy_p_statement(p, body);
    }
}
