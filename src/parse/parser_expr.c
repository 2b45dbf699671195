/* parser_expr.c - expressions: precedence climbing over Python 3.11's expression grammar,
 * displays, comprehensions, calls, subscripts, lambda, and assignment-target checking. */
#include "parse/parser.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static fy_expr *p_atom(fyp_parser *p);
static fy_expr *p_primary(fyp_parser *p);
static fy_expr *p_factor(fyp_parser *p);
static fy_expr *p_comparison(fyp_parser *p);
static fy_expr *p_inversion(fyp_parser *p);
static fy_expr *p_star_named_expression(fyp_parser *p);
static void p_for_if_clauses(fyp_parser *p, fy_expr *comp);

/* Node spans follow CPython: from the rule's first token to its last one, so a parenthesized
 * operand makes its parent start/end at the parenthesis (the group itself keeps the inner
 * expression's span). */
static fy_expr *new_from(fyp_parser *p, fy_expr_kind k, const fy_token *start) {
    fy_expr *e = fyp_new_expr(p, k, start);
    fyp_expr_end(p, e);
    return e;
}

/* ------------------------------------------------------------------ descriptions/targets */

const char *fyp_expr_describe(const fy_expr *e) {
    switch (e->kind) {
    case FY_E_ATTRIBUTE: return "attribute";
    case FY_E_SUBSCRIPT: return "subscript";
    case FY_E_STARRED: return "starred";
    case FY_E_NAME: return "name";
    case FY_E_LIST: return "list";
    case FY_E_TUPLE: return "tuple";
    case FY_E_LAMBDA: return "lambda";
    case FY_E_CALL: return "function call";
    case FY_E_BOOLOP:
    case FY_E_BINOP:
    case FY_E_UNARYOP: return "expression";
    case FY_E_GENERATOREXP: return "generator expression";
    case FY_E_YIELD:
    case FY_E_YIELDFROM: return "yield expression";
    case FY_E_AWAIT: return "await expression";
    case FY_E_LISTCOMP: return "list comprehension";
    case FY_E_SETCOMP: return "set comprehension";
    case FY_E_DICTCOMP: return "dict comprehension";
    case FY_E_DICT: return "dict literal";
    case FY_E_SET: return "set display";
    case FY_E_JOINEDSTR:
    case FY_E_FORMATTEDVALUE: return "f-string expression";
    case FY_E_CONSTANT:
        switch (e->v.constant.kind) {
        case FY_CONST_NONE: return "None";
        case FY_CONST_TRUE: return "True";
        case FY_CONST_FALSE: return "False";
        case FY_CONST_ELLIPSIS: return "ellipsis";
        default: return "literal";
        }
    case FY_E_COMPARE: return "comparison";
    case FY_E_IFEXP: return "conditional expression";
    case FY_E_NAMEDEXPR: return "named expression";
    default: return "expression";
    }
}

static bool forbidden_name(const char *id) { return strcmp(id, "__debug__") == 0; }

void fyp_set_context(fyp_parser *p, fy_expr *e, fy_expr_ctx ctx, int kind) {
    const char *verb = kind == 1 ? "delete" : "assign to";
    switch (e->kind) {
    case FY_E_NAME:
        if (ctx == FY_STORE && forbidden_name(e->v.name.id)) fyp_fail_at_expr(p, e, "cannot assign to __debug__");
        if (ctx == FY_DEL && forbidden_name(e->v.name.id)) fyp_fail_at_expr(p, e, "cannot delete __debug__");
        e->v.name.ctx = ctx;
        return;
    case FY_E_ATTRIBUTE:
        if (ctx == FY_STORE && forbidden_name(e->v.attribute.attr))
            fyp_fail_at_expr(p, e, "cannot assign to __debug__");
        e->v.attribute.ctx = ctx;
        return;
    case FY_E_SUBSCRIPT: e->v.subscript.ctx = ctx; return;
    case FY_E_STARRED:
        if (kind == 1) fyp_fail_at_expr(p, e, "cannot delete starred");
        e->v.starred.ctx = ctx;
        fyp_set_context(p, e->v.starred.value, ctx, kind);
        return;
    case FY_E_TUPLE:
    case FY_E_LIST:
        if (kind == 3) break;
        e->v.seq.ctx = ctx;
        for (int i = 0; i < e->v.seq.n_elts; i++) fyp_set_context(p, e->v.seq.elts[i], ctx, kind);
        return;
    default: break;
    }
    if (kind == 3)
        fyp_fail_at_expr(p, e, "'%s' is an illegal expression for augmented assignment", fyp_expr_describe(e));
    fyp_fail_at_expr(p, e, "cannot %s %s", verb, fyp_expr_describe(e));
}

/* ------------------------------------------------------------------ names, numbers */

static fy_expr *make_name(fyp_parser *p, const fy_token *t) {
    fy_expr *e = fyp_new_expr(p, FY_E_NAME, t);
    e->v.name.id = fyp_strndup(p, t->start, t->len);
    e->v.name.ctx = FY_LOAD;
    return e;
}

/* Convert a digit string (no '_') in base 2/8/10/16 to decimal text, or to int64 if it fits. */
static void int_value(fyp_parser *p, fy_expr *e, const char *s, size_t n, int base) {
    uint64_t v = 0;
    bool big = false;
    for (size_t i = 0; i < n; i++) {
        int c = s[i];
        int d = c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
        if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base) {
            big = true;
            break;
        }
        v = v * (uint64_t)base + (uint64_t)d;
    }
    if (!big && v <= (uint64_t)INT64_MAX) {
        e->v.constant.kind = FY_CONST_INT;
        e->v.constant.i = (int64_t)v;
        return;
    }
    /* big: schoolbook conversion into decimal digits (little-endian) */
    size_t cap = n * 2 + 2, len = 1;
    unsigned char *dig = fyp_alloc(p, cap);
    dig[0] = 0;
    for (size_t i = 0; i < n; i++) {
        int c = s[i];
        unsigned carry = (unsigned)(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
        for (size_t k = 0; k < len; k++) {
            unsigned x = dig[k] * (unsigned)base + carry;
            dig[k] = (unsigned char)(x % 10);
            carry = x / 10;
        }
        while (carry) {
            dig[len++] = (unsigned char)(carry % 10);
            carry /= 10;
        }
    }
    char *out = fyp_alloc(p, len + 1);
    for (size_t k = 0; k < len; k++) out[k] = (char)('0' + dig[len - 1 - k]);
    out[len] = 0;
    e->v.constant.kind = FY_CONST_BIGINT;
    e->v.constant.i = base; /* the literal's base: decimal ones obey the int max-str-digits limit */
    e->v.constant.s = out;
    e->v.constant.len = len;
}

fy_expr *fy_p_number(fyp_parser *p, const fy_token *t) {
    fy_expr *e = fyp_new_expr(p, FY_E_CONSTANT, t);
    char *buf = fyp_alloc(p, t->len + 1);
    size_t n = 0;
    for (size_t i = 0; i < t->len; i++)
        if (t->start[i] != '_') buf[n++] = t->start[i];
    buf[n] = 0;
    if (n > 1 && buf[0] == '0' && strchr("xXoObB", buf[1])) {
        int base = (buf[1] | 0x20) == 'x' ? 16 : (buf[1] | 0x20) == 'o' ? 8 : 2;
        int_value(p, e, buf + 2, n - 2, base);
        return e;
    }
    bool imag = buf[n - 1] == 'j' || buf[n - 1] == 'J';
    if (imag) buf[--n] = 0;
    if (!imag && !strpbrk(buf, ".eE")) {
        int_value(p, e, buf, n, 10);
        return e;
    }
    e->v.constant.kind = imag ? FY_CONST_COMPLEX : FY_CONST_FLOAT;
    e->v.constant.f = strtod(buf, NULL);
    return e;
}

/* ------------------------------------------------------------------ arguments */

static bool is_comp_start(fyp_parser *p) { return fyp_at(p, FY_T_KW_FOR) || fyp_at(p, FY_T_KW_ASYNC); }

/* '(' already consumed by the caller; parses up to and including ')'. */
void fy_p_call_args(fyp_parser *p, fy_expr *call) {
    fyp_vec args = {0}, kws = {0};
    bool seen_kw = false, seen_dstar = false;
    const fy_token *open = fyp_prev(p);
    while (!fyp_at(p, FY_T_RPAR)) {
        const fy_token *st = fyp_tok(p, 0);
        if (st->kind == FY_T_STAR) {
            fyp_next(p);
            fy_expr *e = fyp_new_expr(p, FY_E_STARRED, st);
            if (fyp_at(p, FY_T_RPAR) || fyp_at(p, FY_T_COMMA)) fyp_fail_generic(p);
            e->v.starred.value = fy_p_expression(p);
            e->v.starred.ctx = FY_LOAD;
            fyp_expr_end(p, e);
            if (is_comp_start(p)) fyp_fail_at_expr(p, e, "iterable unpacking cannot be used in comprehension");
            if (seen_dstar) fyp_fail_at_expr(p, e, "iterable argument unpacking follows keyword argument unpacking");
            fyp_vec_push(p, seen_kw ? &args : &args, e);
        } else if (st->kind == FY_T_DOUBLESTAR) {
            fyp_next(p);
            if (fyp_at(p, FY_T_RPAR) || fyp_at(p, FY_T_COMMA)) fyp_fail_generic(p);
            fy_keyword *k = fyp_alloc(p, sizeof *k);
            k->value = fy_p_expression(p);
            k->line = st->line;
            k->col = st->col;
            k->end_line = fyp_prev(p)->end_line;
            k->end_col = fyp_prev(p)->end_col;
            fyp_vec_push(p, &kws, k);
            seen_dstar = seen_kw = true;
        } else if (st->kind == FY_T_NAME && fyp_tok(p, 1)->kind == FY_T_EQUAL) {
            fyp_next(p);
            fyp_next(p);
            fy_keyword *k = fyp_alloc(p, sizeof *k);
            k->arg = fyp_strndup(p, st->start, st->len);
            k->value = fy_p_expression(p);
            if (fyp_at(p, FY_T_EQUAL) || fyp_at(p, FY_T_COLONEQUAL)) fyp_fail_generic(p);
            k->line = st->line;
            k->col = st->col;
            k->end_line = fyp_prev(p)->end_line;
            k->end_col = fyp_prev(p)->end_col;
            for (int i = 0; i < kws.n; i++) {
                fy_keyword *o = kws.items[i];
                if (o->arg && strcmp(o->arg, k->arg) == 0)
                    fyp_fail(p, FY_ERR_SYNTAX, k->line, k->col + 1, k->end_line, k->end_col + 1,
                             "keyword argument repeated: %s", k->arg);
            }
            fyp_vec_push(p, &kws, k);
            seen_kw = true;
        } else {
            fy_expr *e = fy_p_named_expression(p);
            if (fyp_at(p, FY_T_EQUAL)) {
                const fy_token *eq = fyp_tok(p, 0);
                if (e->kind == FY_E_CONSTANT &&
                    (e->v.constant.kind == FY_CONST_TRUE || e->v.constant.kind == FY_CONST_FALSE ||
                     e->v.constant.kind == FY_CONST_NONE))
                    fyp_fail(p, FY_ERR_SYNTAX, e->line, e->col + 1, eq->line, eq->end_col + 1 + 1,
                             "cannot assign to %s", fyp_expr_describe(e));
                fyp_next(p);
                if (!fyp_at(p, FY_T_RPAR) && !fyp_at(p, FY_T_COMMA)) {
                    fy_expr *v = fy_p_expression(p);
                    fyp_fail(p, FY_ERR_SYNTAX, e->line, e->col + 1, v->end_line, v->end_col + 1,
                             "expression cannot contain assignment, perhaps you meant \"==\"?");
                }
                fyp_fail_generic(p);
            }
            if (is_comp_start(p)) {
                fy_expr *g = fyp_new_expr(p, FY_E_GENERATOREXP, open);
                g->v.comp.elt = e;
                p_for_if_clauses(p, g);
                if (args.n || kws.n || !fyp_at(p, FY_T_RPAR)) {
                    if (fyp_at(p, FY_T_COMMA) || args.n || kws.n)
                        fyp_fail(p, FY_ERR_SYNTAX, e->line, e->col + 1, fyp_prev(p)->end_line, fyp_prev(p)->end_col + 1,
                                 "Generator expression must be parenthesized");
                    fyp_fail_generic(p);
                }
                fyp_expect(p, FY_T_RPAR);
                fyp_expr_end(p, g);
                fyp_vec_push(p, &args, g);
                goto done;
            }
            if (seen_kw)
                fyp_fail_at_tok(p, fyp_tok(p, 0),
                                seen_dstar ? "positional argument follows keyword argument unpacking"
                                           : "positional argument follows keyword argument");
            fyp_vec_push(p, &args, e);
        }
        if (!fyp_accept(p, FY_T_COMMA)) break;
    }
    if (!fyp_at(p, FY_T_RPAR)) fyp_fail_generic(p);
    fyp_next(p);
done:
    call->v.call.args = (fy_expr **)args.items;
    call->v.call.n_args = args.n;
    call->v.call.keywords = (fy_keyword **)kws.items;
    call->v.call.n_keywords = kws.n;
    fyp_expr_end(p, call);
}

/* ------------------------------------------------------------------ primary */

static fy_expr *p_slice(fyp_parser *p) {
    const fy_token *st = fyp_tok(p, 0);
    fy_expr *lower = NULL;
    if (!fyp_at(p, FY_T_COLON)) {
        if (fyp_at(p, FY_T_STAR)) return p_star_named_expression(p);
        lower = fy_p_named_expression(p);
        if (!fyp_at(p, FY_T_COLON)) return lower;
    }
    fy_expr *e = fyp_new_expr(p, FY_E_SLICE, st);
    e->v.slice.lower = lower;
    fyp_expect(p, FY_T_COLON);
    if (!fyp_at(p, FY_T_COLON) && !fyp_at(p, FY_T_COMMA) && !fyp_at(p, FY_T_RSQB))
        e->v.slice.upper = fy_p_expression(p);
    if (fyp_accept(p, FY_T_COLON)) {
        if (!fyp_at(p, FY_T_COMMA) && !fyp_at(p, FY_T_RSQB)) e->v.slice.step = fy_p_expression(p);
    }
    fyp_expr_end(p, e);
    return e;
}

static fy_expr *p_slices(fyp_parser *p) {
    const fy_token *st = fyp_tok(p, 0);
    fy_expr *first = p_slice(p);
    if (!fyp_at(p, FY_T_COMMA) && first->kind != FY_E_STARRED) return first;
    fyp_vec elts = {0};
    fyp_vec_push(p, &elts, first);
    while (fyp_accept(p, FY_T_COMMA)) {
        if (fyp_at(p, FY_T_RSQB)) break;
        fyp_vec_push(p, &elts, p_slice(p));
    }
    fy_expr *t = fyp_new_expr(p, FY_E_TUPLE, st);
    t->v.seq.elts = (fy_expr **)elts.items;
    t->v.seq.n_elts = elts.n;
    t->v.seq.ctx = FY_LOAD;
    fyp_expr_end(p, t);
    return t;
}

static fy_expr *p_primary(fyp_parser *p) {
    const fy_token *st = fyp_tok(p, 0);
    fy_expr *e = p_atom(p);
    int chain = 0;
    for (;;) {
        const fy_token *t = fyp_tok(p, 0);
        if (t->kind == FY_T_DOT) {
            fyp_next(p);
            const fy_token *nm = fyp_tok(p, 0);
            if (nm->kind != FY_T_NAME) fyp_fail_generic(p);
            fyp_next(p);
            fy_expr *a = new_from(p, FY_E_ATTRIBUTE, st);
            a->v.attribute.value = e;
            a->v.attribute.attr = fyp_strndup(p, nm->start, nm->len);
            a->v.attribute.ctx = FY_LOAD;
            fyp_expr_end(p, a);
            e = a;
        } else if (t->kind == FY_T_LPAR) {
            fyp_next(p);
            fy_expr *c = new_from(p, FY_E_CALL, st);
            c->v.call.func = e;
            fy_p_call_args(p, c);
            e = c;
        } else if (t->kind == FY_T_LSQB) {
            fyp_next(p);
            fy_expr *s = new_from(p, FY_E_SUBSCRIPT, st);
            s->v.subscript.value = e;
            s->v.subscript.slice = p_slices(p);
            s->v.subscript.ctx = FY_LOAD;
            fyp_expect(p, FY_T_RSQB);
            fyp_expr_end(p, s);
            e = s;
        } else {
            break;
        }
        chain++;
        fyp_enter(p);
    }
    p->depth -= chain;
    return e;
}

/* ------------------------------------------------------------------ operators */

static fy_expr *p_power(fyp_parser *p) {
    const fy_token *st = fyp_tok(p, 0);
    if (st->kind == FY_T_KW_AWAIT) fyp_fail_at_tok(p, st, "'await' is not supported");
    fy_expr *e = p_primary(p);
    if (fyp_accept(p, FY_T_DOUBLESTAR)) {
        fy_expr *b = new_from(p, FY_E_BINOP, st);
        b->v.binop.left = e;
        b->v.binop.op = FY_POW;
        b->v.binop.right = p_factor(p);
        fyp_expr_end(p, b);
        return b;
    }
    return e;
}

static fy_expr *p_factor(fyp_parser *p) {
    const fy_token *t = fyp_tok(p, 0);
    fy_unaryop op;
    switch (t->kind) {
    case FY_T_PLUS: op = FY_UADD; break;
    case FY_T_MINUS: op = FY_USUB; break;
    case FY_T_TILDE: op = FY_INVERT; break;
    default: return p_power(p);
    }
    fyp_next(p);
    fyp_enter(p);
    fy_expr *e = fyp_new_expr(p, FY_E_UNARYOP, t);
    e->v.unaryop.op = op;
    e->v.unaryop.operand = p_factor(p);
    fyp_expr_end(p, e);
    fyp_leave(p);
    return e;
}

/* binary levels from loosest to tightest: | ^ & shift arith term */
static int binop_level(fy_tok_kind k, fy_operator *op) {
    switch (k) {
    case FY_T_VBAR: *op = FY_BITOR; return 0;
    case FY_T_CIRCUMFLEX: *op = FY_BITXOR; return 1;
    case FY_T_AMPER: *op = FY_BITAND; return 2;
    case FY_T_LEFTSHIFT: *op = FY_LSHIFT; return 3;
    case FY_T_RIGHTSHIFT: *op = FY_RSHIFT; return 3;
    case FY_T_PLUS: *op = FY_ADD; return 4;
    case FY_T_MINUS: *op = FY_SUB; return 4;
    case FY_T_STAR: *op = FY_MULT; return 5;
    case FY_T_SLASH: *op = FY_DIV; return 5;
    case FY_T_DOUBLESLASH: *op = FY_FLOORDIV; return 5;
    case FY_T_PERCENT: *op = FY_MOD; return 5;
    case FY_T_AT: *op = FY_MATMULT; return 5;
    default: return -1;
    }
}

static fy_expr *p_binary(fyp_parser *p, int level) {
    if (level > 5) return p_factor(p);
    const fy_token *st = fyp_tok(p, 0);
    fy_expr *e = p_binary(p, level + 1);
    int chain = 0;
    for (;;) {
        fy_operator op = FY_ADD;
        if (binop_level(fyp_tok(p, 0)->kind, &op) != level) break;
        fyp_next(p);
        fy_expr *b = new_from(p, FY_E_BINOP, st);
        b->v.binop.left = e;
        b->v.binop.op = op;
        b->v.binop.right = p_binary(p, level + 1);
        fyp_expr_end(p, b);
        e = b;
        chain++;
        fyp_enter(p);
    }
    p->depth -= chain;
    return e;
}

fy_expr *fy_p_bitwise_or(fyp_parser *p) { return p_binary(p, 0); }

static bool cmp_op(fyp_parser *p, fy_cmpop *op) {
    switch (fyp_tok(p, 0)->kind) {
    case FY_T_EQEQUAL: *op = FY_EQ; break;
    case FY_T_NOTEQUAL:
        if (fyp_tok(p, 0)->start[0] == '<') fyp_fail_generic(p);
        *op = FY_NOTEQ;
        break;
    case FY_T_LESS: *op = FY_LT; break;
    case FY_T_LESSEQUAL: *op = FY_LTE; break;
    case FY_T_GREATER: *op = FY_GT; break;
    case FY_T_GREATEREQUAL: *op = FY_GTE; break;
    case FY_T_KW_IN: *op = FY_IN; break;
    case FY_T_KW_IS:
        if (fyp_tok(p, 1)->kind == FY_T_KW_NOT) {
            fyp_next(p);
            *op = FY_ISNOT;
        } else *op = FY_IS;
        break;
    case FY_T_KW_NOT:
        if (fyp_tok(p, 1)->kind != FY_T_KW_IN) return false;
        fyp_next(p);
        *op = FY_NOTIN;
        break;
    default: return false;
    }
    fyp_next(p);
    return true;
}

static fy_expr *p_comparison(fyp_parser *p) {
    const fy_token *st = fyp_tok(p, 0);
    fy_expr *e = fy_p_bitwise_or(p);
    fy_cmpop op;
    if (!cmp_op(p, &op)) return e;
    fy_expr *c = new_from(p, FY_E_COMPARE, st);
    c->v.compare.left = e;
    fyp_vec comps = {0};
    int nops = 0, cap = 4;
    fy_cmpop *ops = fyp_alloc(p, (size_t)cap * sizeof *ops);
    do {
        if (nops == cap) {
            fy_cmpop *n2 = fyp_alloc(p, (size_t)cap * 2 * sizeof *ops);
            memcpy(n2, ops, (size_t)nops * sizeof *ops);
            ops = n2;
            cap *= 2;
        }
        ops[nops++] = op;
        fyp_vec_push(p, &comps, fy_p_bitwise_or(p));
    } while (cmp_op(p, &op));
    c->v.compare.ops = ops;
    c->v.compare.comparators = (fy_expr **)comps.items;
    c->v.compare.n_ops = nops;
    fyp_expr_end(p, c);
    return c;
}

static fy_expr *p_inversion(fyp_parser *p) {
    const fy_token *t = fyp_tok(p, 0);
    if (t->kind != FY_T_KW_NOT) return p_comparison(p);
    fyp_next(p);
    fyp_enter(p);
    fy_expr *e = fyp_new_expr(p, FY_E_UNARYOP, t);
    e->v.unaryop.op = FY_NOT;
    e->v.unaryop.operand = p_inversion(p);
    fyp_expr_end(p, e);
    fyp_leave(p);
    return e;
}

static fy_expr *p_boolop(fyp_parser *p, fy_tok_kind tk, fy_boolop op) {
    const fy_token *st = fyp_tok(p, 0);
    fy_expr *e = tk == FY_T_KW_OR ? p_boolop(p, FY_T_KW_AND, FY_AND) : p_inversion(p);
    if (!fyp_at(p, tk)) return e;
    fyp_vec vals = {0};
    fyp_vec_push(p, &vals, e);
    while (fyp_accept(p, tk))
        fyp_vec_push(p, &vals, tk == FY_T_KW_OR ? p_boolop(p, FY_T_KW_AND, FY_AND) : p_inversion(p));
    fy_expr *b = new_from(p, FY_E_BOOLOP, st);
    b->v.boolop.op = op;
    b->v.boolop.values = (fy_expr **)vals.items;
    b->v.boolop.n_values = vals.n;
    fyp_expr_end(p, b);
    return b;
}

fy_expr *fy_p_disjunction(fyp_parser *p) { return p_boolop(p, FY_T_KW_OR, FY_OR); }

/* ------------------------------------------------------------------ lambda / expression */

static fy_expr *p_lambda(fyp_parser *p) {
    const fy_token *t = fyp_next(p);
    fy_expr *e = fyp_new_expr(p, FY_E_LAMBDA, t);
    e->v.lambda.args = fy_p_params(p, true);
    fyp_expect(p, FY_T_COLON);
    if (fyp_at(p, FY_T_KW_YIELD)) fyp_fail_generic(p);
    e->v.lambda.body = fy_p_expression(p);
    fyp_expr_end(p, e);
    return e;
}

static bool starts_expression(fy_tok_kind k);

static void try_expression(fyp_parser *p, void *ctx) { *(fy_expr **)ctx = fy_p_expression(p); }

/* "a b" inside brackets: CPython 3.11 suggests a missing comma when b parses as an expression */
static void comma_hint(fyp_parser *p, fy_expr *a, const fy_token *a_start) {
    const fy_token *t = fyp_tok(p, 0);
    if (t->level == 0 && !p->in_fexpr) return;
    if (!starts_expression(t->kind) || t->kind == FY_T_STAR || t->kind == FY_T_MINUS || t->kind == FY_T_PLUS ||
        t->kind == FY_T_TILDE || t->kind == FY_T_LPAR || t->kind == FY_T_LSQB)
        return;
    if (a_start->kind == FY_T_NAME && fyp_tok(p, -1) == a_start && t->kind == FY_T_STRING) return;
    if (a_start->kind == FY_T_NAME && a_start->len <= 5 &&
        (memcmp(a_start->start, "match", a_start->len) == 0 || memcmp(a_start->start, "case", a_start->len) == 0 ||
         (a_start->len == 1 && a_start->start[0] == '_')))
        return;
    fy_expr *b = NULL;
    if (!fyp_try(p, try_expression, &b)) return;
    fyp_fail(p, FY_ERR_SYNTAX, a->line, a->col + 1, b->end_line, b->end_col + 1,
             "invalid syntax. Perhaps you forgot a comma?");
}

fy_expr *fy_p_expression(fyp_parser *p) {
    fyp_enter(p);
    const fy_token *t = fyp_tok(p, 0);
    fy_expr *e;
    if (t->kind == FY_T_KW_LAMBDA) {
        e = p_lambda(p);
    } else {
        e = fy_p_disjunction(p);
        comma_hint(p, e, t);
        if (fyp_at(p, FY_T_KW_IF)) {
            fyp_next(p);
            fy_expr *c = new_from(p, FY_E_IFEXP, t);
            c->v.ifexp.body = e;
            c->v.ifexp.test = fy_p_disjunction(p);
            if (!fyp_accept(p, FY_T_KW_ELSE)) {
                const fy_token *n = fyp_tok(p, 0);
                if (n->kind == FY_T_NEWLINE || n->kind == FY_T_RPAR || n->kind == FY_T_RSQB || n->kind == FY_T_COMMA ||
                    n->kind == FY_T_ENDMARKER || n->kind == FY_T_RBRACE || n->kind == FY_T_SEMI ||
                    n->kind == FY_T_COLON)
                    fyp_fail(p, FY_ERR_SYNTAX, e->line, e->col + 1, c->v.ifexp.test->end_line,
                             c->v.ifexp.test->end_col + 1, "expected 'else' after 'if' expression");
                fyp_fail_generic(p);
            }
            c->v.ifexp.orelse = fy_p_expression(p);
            fyp_expr_end(p, c);
            e = c;
        }
    }
    fyp_leave(p);
    return e;
}

fy_expr *fy_p_named_expression(fyp_parser *p) {
    const fy_token *t = fyp_tok(p, 0);
    if (t->kind == FY_T_NAME && fyp_tok(p, 1)->kind == FY_T_COLONEQUAL) {
        fyp_next(p);
        fyp_next(p);
        fy_expr *target = make_name(p, t);
        target->v.name.ctx = FY_STORE;
        fy_expr *e = fyp_new_expr(p, FY_E_NAMEDEXPR, t);
        e->v.namedexpr.target = target;
        e->v.namedexpr.value = fy_p_expression(p);
        fyp_expr_end(p, e);
        return e;
    }
    fy_expr *e = fy_p_expression(p);
    if (fyp_at(p, FY_T_COLONEQUAL)) {
        if (e->kind != FY_E_NAME)
            fyp_fail_at_expr(p, e, "cannot use assignment expressions with %s", fyp_expr_describe(e));
        fyp_fail_generic(p);
    }
    return e;
}

static fy_expr *p_star_named_expression(fyp_parser *p) {
    const fy_token *t = fyp_tok(p, 0);
    if (t->kind == FY_T_STAR) {
        fyp_next(p);
        fy_expr *e = fyp_new_expr(p, FY_E_STARRED, t);
        e->v.starred.value = fy_p_bitwise_or(p);
        e->v.starred.ctx = FY_LOAD;
        fyp_expr_end(p, e);
        return e;
    }
    return fy_p_named_expression(p);
}

static bool starts_expression(fy_tok_kind k) {
    switch (k) {
    case FY_T_NAME:
    case FY_T_NUMBER:
    case FY_T_STRING:
    case FY_T_LPAR:
    case FY_T_LSQB:
    case FY_T_LBRACE:
    case FY_T_MINUS:
    case FY_T_PLUS:
    case FY_T_TILDE:
    case FY_T_ELLIPSIS:
    case FY_T_KW_NONE:
    case FY_T_KW_TRUE:
    case FY_T_KW_FALSE:
    case FY_T_KW_NOT:
    case FY_T_KW_LAMBDA:
    case FY_T_KW_AWAIT:
    case FY_T_STAR: return true;
    default: return false;
    }
}

/* star_expressions: one expression, or a Tuple (no parens) if there is a comma */
static fy_expr *p_star_list(fyp_parser *p, bool named) {
    const fy_token *st = fyp_tok(p, 0);
    fy_expr *first;
    if (st->kind == FY_T_STAR) {
        fyp_next(p);
        first = fyp_new_expr(p, FY_E_STARRED, st);
        first->v.starred.value = fy_p_bitwise_or(p);
        first->v.starred.ctx = FY_LOAD;
        fyp_expr_end(p, first);
    } else {
        first = named ? fy_p_named_expression(p) : fy_p_expression(p);
    }
    if (!fyp_at(p, FY_T_COMMA)) return first;
    fyp_vec elts = {0};
    fyp_vec_push(p, &elts, first);
    while (fyp_accept(p, FY_T_COMMA)) {
        if (!starts_expression(fyp_tok(p, 0)->kind)) break;
        if (fyp_at(p, FY_T_STAR)) {
            const fy_token *s = fyp_next(p);
            fy_expr *e = fyp_new_expr(p, FY_E_STARRED, s);
            e->v.starred.value = fy_p_bitwise_or(p);
            e->v.starred.ctx = FY_LOAD;
            fyp_expr_end(p, e);
            fyp_vec_push(p, &elts, e);
        } else {
            fyp_vec_push(p, &elts, named ? fy_p_named_expression(p) : fy_p_expression(p));
        }
    }
    fy_expr *t = new_from(p, FY_E_TUPLE, st);
    t->v.seq.elts = (fy_expr **)elts.items;
    t->v.seq.n_elts = elts.n;
    t->v.seq.ctx = FY_LOAD;
    fyp_expr_end(p, t);
    return t;
}

fy_expr *fy_p_star_expressions(fyp_parser *p) { return p_star_list(p, false); }
fy_expr *fy_p_star_named_expressions_tuple(fyp_parser *p) { return p_star_list(p, true); }

fy_expr *fy_p_yield_expr(fyp_parser *p) {
    const fy_token *t = fyp_next(p);
    if (fyp_accept(p, FY_T_KW_FROM)) {
        fy_expr *e = fyp_new_expr(p, FY_E_YIELDFROM, t);
        e->v.yield.value = fy_p_expression(p);
        fyp_expr_end(p, e);
        return e;
    }
    fy_expr *e = fyp_new_expr(p, FY_E_YIELD, t);
    if (starts_expression(fyp_tok(p, 0)->kind)) {
        e->v.yield.value = fy_p_star_expressions(p);
        fyp_expr_end(p, e);
    }
    return e;
}

/* targets of for / comprehensions: star_targets, parsed at bitwise_or level */
fy_expr *fy_p_star_targets(fyp_parser *p) {
    const fy_token *st = fyp_tok(p, 0);
    fyp_vec elts = {0};
    bool tuple = false;
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
        fyp_vec_push(p, &elts, e);
        if (!fyp_accept(p, FY_T_COMMA)) break;
        tuple = true;
        t = fyp_tok(p, 0);
        if (t->kind == FY_T_KW_IN || t->kind == FY_T_EQUAL) break;
    }
    fy_expr *r;
    if (!tuple) {
        r = elts.items[0];
        if (r->kind == FY_E_STARRED) fyp_fail_at_expr(p, r, "starred assignment target must be in a list or tuple");
    } else {
        r = fyp_new_expr(p, FY_E_TUPLE, st);
        r->v.seq.elts = (fy_expr **)elts.items;
        r->v.seq.n_elts = elts.n;
        fyp_expr_end(p, r);
    }
    fyp_set_context(p, r, FY_STORE, 2);
    return r;
}

static void p_for_if_clauses(fyp_parser *p, fy_expr *comp) {
    fyp_vec gens = {0};
    while (fyp_at(p, FY_T_KW_FOR) || fyp_at(p, FY_T_KW_ASYNC)) {
        if (fyp_at(p, FY_T_KW_ASYNC))
            fyp_fail_at_tok(p, fyp_tok(p, 0), "asynchronous comprehensions are not supported");
        fyp_next(p);
        fy_comprehension *c = fyp_alloc(p, sizeof *c);
        c->target = fy_p_star_targets(p);
        if (!fyp_accept(p, FY_T_KW_IN)) fyp_fail_generic(p);
        c->iter = fy_p_disjunction(p);
        fyp_vec ifs = {0};
        while (fyp_accept(p, FY_T_KW_IF)) fyp_vec_push(p, &ifs, fy_p_disjunction(p));
        c->ifs = (fy_expr **)ifs.items;
        c->n_ifs = ifs.n;
        fyp_vec_push(p, &gens, c);
    }
    comp->v.comp.generators = (fy_comprehension **)gens.items;
    comp->v.comp.n_generators = gens.n;
}

/* ------------------------------------------------------------------ atoms */

static fy_expr *const_expr(fyp_parser *p, const fy_token *t, fy_const_kind k) {
    fy_expr *e = fyp_new_expr(p, FY_E_CONSTANT, t);
    e->v.constant.kind = k;
    return e;
}

static fy_expr *p_paren(fyp_parser *p) {
    const fy_token *open = fyp_next(p);
    if (fyp_accept(p, FY_T_RPAR)) {
        fy_expr *t = fyp_new_expr(p, FY_E_TUPLE, open);
        t->v.seq.ctx = FY_LOAD;
        fyp_expr_end(p, t);
        return t;
    }
    if (fyp_at(p, FY_T_KW_YIELD)) {
        fy_expr *y = fy_p_yield_expr(p);
        fyp_expect(p, FY_T_RPAR);
        return y;
    }
    fy_expr *first = p_star_named_expression(p);
    if (is_comp_start(p)) {
        if (first->kind == FY_E_STARRED)
            fyp_fail_at_expr(p, first, "iterable unpacking cannot be used in comprehension");
        fy_expr *g = fyp_new_expr(p, FY_E_GENERATOREXP, open);
        g->v.comp.elt = first;
        p_for_if_clauses(p, g);
        fyp_expect(p, FY_T_RPAR);
        fyp_expr_end(p, g);
        return g;
    }
    if (fyp_accept(p, FY_T_RPAR)) {
        if (first->kind == FY_E_STARRED) fyp_fail_at_expr(p, first, "cannot use starred expression here");
        return first; /* a group keeps the inner expression's location */
    }
    if (!fyp_at(p, FY_T_COMMA)) {
        const fy_token *t = fyp_tok(p, 0);
        if (t->kind == FY_T_EQUAL && first->kind == FY_E_NAME) {
            fyp_next(p);
            if (starts_expression(fyp_tok(p, 0)->kind) && fyp_tok(p, 0)->kind != FY_T_STAR) {
                fy_expr *v = fy_p_bitwise_or(p);
                if (!fyp_at(p, FY_T_EQUAL) && !fyp_at(p, FY_T_COLONEQUAL))
                    fyp_fail(p, FY_ERR_SYNTAX, first->line, first->col + 1, v->end_line, v->end_col + 1,
                             "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
            }
        }
        fyp_fail_generic(p);
    }
    fyp_vec elts = {0};
    fyp_vec_push(p, &elts, first);
    while (fyp_accept(p, FY_T_COMMA)) {
        if (fyp_at(p, FY_T_RPAR)) break;
        fyp_vec_push(p, &elts, p_star_named_expression(p));
    }
    fyp_expect(p, FY_T_RPAR);
    fy_expr *t = fyp_new_expr(p, FY_E_TUPLE, open);
    t->v.seq.elts = (fy_expr **)elts.items;
    t->v.seq.n_elts = elts.n;
    t->v.seq.ctx = FY_LOAD;
    fyp_expr_end(p, t);
    return t;
}

static fy_expr *p_list(fyp_parser *p) {
    const fy_token *open = fyp_next(p);
    fyp_vec elts = {0};
    if (!fyp_at(p, FY_T_RSQB)) {
        fy_expr *first = p_star_named_expression(p);
        if (is_comp_start(p)) {
            if (first->kind == FY_E_STARRED)
                fyp_fail_at_expr(p, first, "iterable unpacking cannot be used in comprehension");
            fy_expr *g = fyp_new_expr(p, FY_E_LISTCOMP, open);
            g->v.comp.elt = first;
            p_for_if_clauses(p, g);
            fyp_expect(p, FY_T_RSQB);
            fyp_expr_end(p, g);
            return g;
        }
        fyp_vec_push(p, &elts, first);
        while (fyp_accept(p, FY_T_COMMA)) {
            if (fyp_at(p, FY_T_RSQB)) break;
            fyp_vec_push(p, &elts, p_star_named_expression(p));
        }
    }
    fyp_expect(p, FY_T_RSQB);
    fy_expr *l = fyp_new_expr(p, FY_E_LIST, open);
    l->v.seq.elts = (fy_expr **)elts.items;
    l->v.seq.n_elts = elts.n;
    l->v.seq.ctx = FY_LOAD;
    fyp_expr_end(p, l);
    return l;
}

static fy_expr *p_brace(fyp_parser *p) {
    const fy_token *open = fyp_next(p);
    if (fyp_accept(p, FY_T_RBRACE)) {
        fy_expr *d = fyp_new_expr(p, FY_E_DICT, open);
        fyp_expr_end(p, d);
        return d;
    }
    fy_expr *k0 = NULL, *v0 = NULL;
    const fy_token *t = fyp_tok(p, 0);
    if (t->kind == FY_T_DOUBLESTAR) {
        fyp_next(p);
        v0 = fy_p_bitwise_or(p);
        if (is_comp_start(p))
            fyp_fail(p, FY_ERR_SYNTAX, t->line, t->col + 1, v0->end_line, v0->end_col + 1,
                     "dict unpacking cannot be used in dict comprehension");
    } else {
        k0 = p_star_named_expression(p);
        if (fyp_accept(p, FY_T_COLON)) {
            if (k0->kind == FY_E_STARRED) fyp_fail_generic(p);
            v0 = fy_p_expression(p);
        }
    }
    if (v0) { /* dict */
        if (k0 && is_comp_start(p)) {
            fy_expr *g = fyp_new_expr(p, FY_E_DICTCOMP, open);
            g->v.comp.key = k0;
            g->v.comp.value = v0;
            p_for_if_clauses(p, g);
            fyp_expect(p, FY_T_RBRACE);
            fyp_expr_end(p, g);
            return g;
        }
        fyp_vec keys = {0}, vals = {0};
        fyp_vec_push(p, &keys, k0);
        fyp_vec_push(p, &vals, v0);
        while (fyp_accept(p, FY_T_COMMA)) {
            if (fyp_at(p, FY_T_RBRACE)) break;
            if (fyp_accept(p, FY_T_DOUBLESTAR)) {
                fyp_vec_push(p, &keys, NULL);
                fyp_vec_push(p, &vals, fy_p_bitwise_or(p));
                continue;
            }
            fy_expr *k = fy_p_expression(p);
            if (!fyp_at(p, FY_T_COLON)) {
                if (fyp_at(p, FY_T_RBRACE) || fyp_at(p, FY_T_COMMA))
                    fyp_fail(p, FY_ERR_SYNTAX, k->line, k->col + 1, k->end_line, 0,
                             "':' expected after dictionary key");
                fyp_fail_generic(p);
            }
            fyp_next(p);
            fyp_vec_push(p, &keys, k);
            fyp_vec_push(p, &vals, fy_p_expression(p));
        }
        fyp_expect(p, FY_T_RBRACE);
        fy_expr *d = fyp_new_expr(p, FY_E_DICT, open);
        d->v.dict.keys = (fy_expr **)keys.items;
        d->v.dict.values = (fy_expr **)vals.items;
        d->v.dict.n_keys = keys.n;
        fyp_expr_end(p, d);
        return d;
    }
    /* set */
    if (is_comp_start(p)) {
        if (k0->kind == FY_E_STARRED) fyp_fail_at_expr(p, k0, "iterable unpacking cannot be used in comprehension");
        fy_expr *g = fyp_new_expr(p, FY_E_SETCOMP, open);
        g->v.comp.elt = k0;
        p_for_if_clauses(p, g);
        fyp_expect(p, FY_T_RBRACE);
        fyp_expr_end(p, g);
        return g;
    }
    fyp_vec elts = {0};
    fyp_vec_push(p, &elts, k0);
    while (fyp_accept(p, FY_T_COMMA)) {
        if (fyp_at(p, FY_T_RBRACE)) break;
        fyp_vec_push(p, &elts, p_star_named_expression(p));
    }
    fyp_expect(p, FY_T_RBRACE);
    fy_expr *s = fyp_new_expr(p, FY_E_SET, open);
    s->v.set.elts = (fy_expr **)elts.items;
    s->v.set.n_elts = elts.n;
    fyp_expr_end(p, s);
    return s;
}

static fy_expr *p_atom(fyp_parser *p) {
    const fy_token *t = fyp_tok(p, 0);
    switch (t->kind) {
    case FY_T_NAME: fyp_next(p); return make_name(p, t);
    case FY_T_NUMBER: fyp_next(p); return fy_p_number(p, t);
    case FY_T_STRING: {
        int first = p->pos;
        while (fyp_at(p, FY_T_STRING)) fyp_next(p);
        return fy_p_strings(p, first, p->pos);
    }
    case FY_T_KW_NONE: fyp_next(p); return const_expr(p, t, FY_CONST_NONE);
    case FY_T_KW_TRUE: fyp_next(p); return const_expr(p, t, FY_CONST_TRUE);
    case FY_T_KW_FALSE: fyp_next(p); return const_expr(p, t, FY_CONST_FALSE);
    case FY_T_ELLIPSIS: fyp_next(p); return const_expr(p, t, FY_CONST_ELLIPSIS);
    case FY_T_LPAR: return p_paren(p);
    case FY_T_LSQB: return p_list(p);
    case FY_T_LBRACE: return p_brace(p);
    case FY_T_STAR: fyp_fail_generic(p);
    default: fyp_fail_generic(p);
    }
}

/* ------------------------------------------------------------------ parameters */

static fy_arg *p_param(fyp_parser *p, bool lambda, bool star_annot) {
    const fy_token *t = fyp_tok(p, 0);
    if (t->kind != FY_T_NAME) fyp_fail_generic(p);
    fyp_next(p);
    fy_arg *a = fyp_alloc(p, sizeof *a);
    a->arg = fyp_strndup(p, t->start, t->len);
    a->line = t->line;
    a->col = t->col;
    a->end_line = t->end_line;
    a->end_col = t->end_col;
    if (!lambda && fyp_accept(p, FY_T_COLON)) {
        if (star_annot && fyp_at(p, FY_T_STAR)) {
            const fy_token *s = fyp_next(p);
            fy_expr *e = fyp_new_expr(p, FY_E_STARRED, s);
            e->v.starred.value = fy_p_expression(p);
            fyp_expr_end(p, e);
            a->annotation = e;
        } else {
            a->annotation = fy_p_expression(p);
        }
        a->end_line = fyp_prev(p)->end_line;
        a->end_col = fyp_prev(p)->end_col;
    }
    return a;
}

static void check_dup(fyp_parser *p, fyp_vec *all, fy_arg *a) {
    (void)p;
    fyp_vec_push(p, all, a);
}

fy_arguments *fy_p_params(fyp_parser *p, bool lambda) {
    fy_arguments *A = fyp_alloc(p, sizeof *A);
    fy_tok_kind close = lambda ? FY_T_COLON : FY_T_RPAR;
    fyp_vec pos = {0}, defaults = {0}, kwonly = {0}, kwdef = {0}, all = {0};
    bool seen_slash = false, seen_star = false, seen_default = false;
    while (!fyp_at(p, close)) {
        const fy_token *t = fyp_tok(p, 0);
        if (A->kwarg) fyp_fail_at_tok(p, t, "arguments cannot follow var-keyword argument");
        if (t->kind == FY_T_SLASH) {
            if (seen_slash) fyp_fail_at_tok(p, t, "/ may appear only once");
            if (seen_star) fyp_fail_at_tok(p, t, "/ must be ahead of *");
            if (pos.n == 0) fyp_fail_generic(p);
            fyp_next(p);
            seen_slash = true;
            A->posonlyargs = (fy_arg **)pos.items;
            A->n_posonlyargs = pos.n;
            pos = (fyp_vec){0};
        } else if (t->kind == FY_T_STAR) {
            if (seen_star) fyp_fail_at_tok(p, t, "* argument may appear only once");
            fyp_next(p);
            seen_star = true;
            if (fyp_at(p, FY_T_COMMA)) {
                const fy_token *n = fyp_tok(p, 1);
                if (n->kind == close || n->kind == FY_T_DOUBLESTAR)
                    fyp_fail_at_tok(p, t, "named arguments must follow bare *");
            } else if (fyp_at(p, close)) {
                fyp_fail_at_tok(p, t, "named arguments must follow bare *");
            } else {
                A->vararg = p_param(p, lambda, true);
                check_dup(p, &all, A->vararg);
                if (fyp_at(p, FY_T_EQUAL))
                    fyp_fail_at_tok(p, fyp_tok(p, 0), "var-positional argument cannot have default value");
            }
        } else if (t->kind == FY_T_DOUBLESTAR) {
            fyp_next(p);
            A->kwarg = p_param(p, lambda, false);
            check_dup(p, &all, A->kwarg);
            if (fyp_at(p, FY_T_EQUAL))
                fyp_fail_at_tok(p, fyp_tok(p, 0), "var-keyword argument cannot have default value");
        } else {
            fy_arg *a = p_param(p, lambda, false);
            check_dup(p, &all, a);
            fy_expr *def = NULL;
            if (fyp_accept(p, FY_T_EQUAL)) def = fy_p_expression(p);
            if (seen_star) {
                fyp_vec_push(p, &kwonly, a);
                fyp_vec_push(p, &kwdef, def);
            } else {
                if (def) {
                    fyp_vec_push(p, &defaults, def);
                    seen_default = true;
                } else if (seen_default) {
                    fyp_fail(p, FY_ERR_SYNTAX, a->line, a->col + 1, a->end_line, a->end_col + 1,
                             "non-default argument follows default argument");
                }
                fyp_vec_push(p, &pos, a);
            }
        }
        if (!fyp_accept(p, FY_T_COMMA)) break;
    }
    if (!fyp_at(p, close)) {
        if (!lambda && fyp_at(p, FY_T_LPAR) == false && A->kwarg == NULL) fyp_fail_generic(p);
        fyp_fail_generic(p);
    }
    A->args = (fy_arg **)pos.items;
    A->n_args = pos.n;
    A->kwonlyargs = (fy_arg **)kwonly.items;
    A->n_kwonlyargs = kwonly.n;
    A->kw_defaults = (fy_expr **)kwdef.items;
    A->defaults = (fy_expr **)defaults.items;
    A->n_defaults = defaults.n;
    return A;
}
