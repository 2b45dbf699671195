/* compile_expr.c - expressions, assignment targets, names, comprehensions, lambdas, calls. */
#include <stdio.h>
#include <string.h>
#include "compile/compile_int.h"
#include "exec/interp.h"

#define EMIT(op, arg) fy_c_emit(c, OP_##op, (arg))

static fy_obj *const_of(compiler *c, fy_constant *k) {
    switch (k->kind) {
    case FY_CONST_NONE: return fy_none();
    case FY_CONST_TRUE: return fy_bool(true);
    case FY_CONST_FALSE: return fy_bool(false);
    case FY_CONST_ELLIPSIS: return fy_ref(fy_Ellipsis);
    case FY_CONST_INT: return fy_int_from(k->i);
    case FY_CONST_BIGINT:
        if (k->i == 10 && fy_int_max_str_digits > 0 && k->len > (size_t)fy_int_max_str_digits) {
            fy_c_error(c, 0, 0,
                       "Exceeds the limit (%lld digits) for integer string conversion: value has %zu digits; "
                       "use sys.set_int_max_str_digits() to increase the limit - Consider hexadecimal for "
                       "huge integer literals to avoid decimal conversion limits.",
                       (long long)fy_int_max_str_digits, k->len);
            return NULL;
        }
        return fy_int_from_string_nolimit(k->s, k->len, 10);
    case FY_CONST_FLOAT: return fy_float_from(k->f);
    case FY_CONST_COMPLEX: return fy_complex_from(0, k->f);
    case FY_CONST_STR: return fy_intern_str(fy_str_from(k->s, k->len));
    case FY_CONST_BYTES: return fy_bytes_from(k->s, k->len);
    }
    return fy_none();
}

static void load_const_obj(compiler *c, fy_obj *v) {
    if (!v) {
        c->error = true;
        return;
    }
    EMIT(LOAD_CONST, fy_c_const(c, v));
    FY_DECREF(v);
}

/* ------------------------------------------------------------------ names */

void fy_c_name_op(compiler *c, const char *name, int ctx) {
    cunit *u = c->u;
    name = fy_scope_mangle(u->scope, name);
    fy_sym *y = fy_scope_lookup(u->scope, name);
    int kind = y ? y->kind : NK_GLOBAL_IMPLICIT;
    if (u->scope->kind == SCOPE_MODULE) {
        if (kind == NK_GLOBAL_EXPLICIT || u->module_globals) kind = NK_GLOBAL_IMPLICIT;
        else kind = NK_NAME;
    }
    int op;
    switch (kind) {
    case NK_LOCAL:
        op = ctx == FY_LOAD ? OP_LOAD_FAST : ctx == FY_STORE ? OP_STORE_FAST : OP_DELETE_FAST;
        fy_c_emit(c, op, y->slot);
        return;
    case NK_CELL:
    case NK_FREE:
        if (u->scope->kind == SCOPE_CLASS && ctx == FY_LOAD) {
            fy_c_emit(c, OP_LOAD_CLASSDEREF, y->slot);
            return;
        }
        op = ctx == FY_LOAD ? OP_LOAD_DEREF : ctx == FY_STORE ? OP_STORE_DEREF : OP_DELETE_DEREF;
        fy_c_emit(c, op, y->slot);
        return;
    case NK_NAME:
        op = ctx == FY_LOAD ? OP_LOAD_NAME : ctx == FY_STORE ? OP_STORE_NAME : OP_DELETE_NAME;
        fy_c_emit(c, op, fy_c_name(c, name));
        return;
    default:
        op = ctx == FY_LOAD ? OP_LOAD_GLOBAL : ctx == FY_STORE ? OP_STORE_GLOBAL : OP_DELETE_GLOBAL;
        fy_c_emit(c, op, fy_c_name(c, name));
        return;
    }
}

/* ------------------------------------------------------------------ stores */

static void store_seq(compiler *c, fy_expr *t) {
    int n = t->v.seq.n_elts, star = -1;
    for (int i = 0; i < n; i++)
        if (t->v.seq.elts[i]->kind == FY_E_STARRED) {
            if (star >= 0) {
                fy_c_error(c, t->line, t->col, "multiple starred expressions in assignment");
                return;
            }
            star = i;
        }
    if (star < 0) EMIT(UNPACK_SEQUENCE, n);
    else EMIT(UNPACK_EX, star | ((n - star - 1) << 12));
    for (int i = 0; i < n; i++) {
        fy_expr *e = t->v.seq.elts[i];
        fy_c_store(c, e->kind == FY_E_STARRED ? e->v.starred.value : e);
    }
}

void fy_c_store(compiler *c, fy_expr *t) {
    fy_loc saved = c->u->loc;
    fy_c_set_loc_expr(c, t);
    switch (t->kind) {
    case FY_E_NAME: fy_c_name_op(c, t->v.name.id, FY_STORE); break;
    case FY_E_ATTRIBUTE:
        fy_c_expr(c, t->v.attribute.value);
        fy_c_set_loc_expr(c, t);
        EMIT(STORE_ATTR, fy_c_name(c, fy_scope_mangle(c->u->scope, t->v.attribute.attr)));
        break;
    case FY_E_SUBSCRIPT:
        fy_c_expr(c, t->v.subscript.value);
        fy_c_expr(c, t->v.subscript.slice);
        fy_c_set_loc_expr(c, t);
        EMIT(STORE_SUBSCR, 0);
        break;
    case FY_E_TUPLE:
    case FY_E_LIST: store_seq(c, t); break;
    case FY_E_STARRED: fy_c_error(c, t->line, t->col, "starred assignment target must be in a list or tuple"); break;
    default: fy_c_error(c, t->line, t->col, "cannot assign to expression"); break;
    }
    c->u->loc = saved;
}

void fy_c_delete(compiler *c, fy_expr *t) {
    fy_c_set_loc_expr(c, t);
    switch (t->kind) {
    case FY_E_NAME: fy_c_name_op(c, t->v.name.id, FY_DEL); break;
    case FY_E_ATTRIBUTE:
        fy_c_expr(c, t->v.attribute.value);
        fy_c_set_loc_expr(c, t);
        EMIT(DELETE_ATTR, fy_c_name(c, fy_scope_mangle(c->u->scope, t->v.attribute.attr)));
        break;
    case FY_E_SUBSCRIPT:
        fy_c_expr(c, t->v.subscript.value);
        fy_c_expr(c, t->v.subscript.slice);
        fy_c_set_loc_expr(c, t);
        EMIT(DELETE_SUBSCR, 0);
        break;
    case FY_E_TUPLE:
    case FY_E_LIST:
        for (int i = 0; i < t->v.seq.n_elts; i++) fy_c_delete(c, t->v.seq.elts[i]);
        break;
    default: fy_c_error(c, t->line, t->col, "cannot delete expression"); break;
    }
}

/* ------------------------------------------------------------------ displays with * */

static bool has_starred(fy_expr **e, int n) {
    for (int i = 0; i < n; i++)
        if (e[i]->kind == FY_E_STARRED) return true;
    return false;
}

/* Build a list from elements possibly containing *x; leaves a list on the stack. */
static void build_list_starred(compiler *c, fy_expr **e, int n) {
    int pending = 0;
    bool built = false;
    for (int i = 0; i < n; i++) {
        if (e[i]->kind == FY_E_STARRED) {
            if (!built) {
                EMIT(BUILD_LIST, pending);
                built = true;
            } else if (pending) {
                EMIT(BUILD_LIST, pending);
                EMIT(LIST_EXTEND, 1);
            }
            pending = 0;
            fy_c_expr(c, e[i]->v.starred.value);
            EMIT(LIST_EXTEND, 1);
        } else {
            fy_c_expr(c, e[i]);
            pending++;
        }
    }
    if (!built) EMIT(BUILD_LIST, pending);
    else if (pending) {
        EMIT(BUILD_LIST, pending);
        EMIT(LIST_EXTEND, 1);
    }
}

/* ------------------------------------------------------------------ calls */

static void compile_call(compiler *c, fy_expr *e) {
    fy_expr *f = e->v.call.func;
    int na = e->v.call.n_args, nk = e->v.call.n_keywords;
    bool star = has_starred(e->v.call.args, na);
    bool dstar = false;
    for (int i = 0; i < nk; i++)
        if (!e->v.call.keywords[i]->arg) dstar = true;
    if (!star && !dstar && f->kind == FY_E_ATTRIBUTE && nk == 0) {
        fy_c_expr(c, f->v.attribute.value);
        fy_c_set_loc_expr(c, f);
        EMIT(LOAD_METHOD, fy_c_name(c, fy_scope_mangle(c->u->scope, f->v.attribute.attr)));
        for (int i = 0; i < na; i++) fy_c_expr(c, e->v.call.args[i]);
        fy_c_set_loc_expr(c, e);
        EMIT(CALL_METHOD, na);
        return;
    }
    fy_c_expr(c, f);
    if (!star && !dstar) {
        for (int i = 0; i < na; i++) fy_c_expr(c, e->v.call.args[i]);
        if (nk) {
            fy_obj *names = fy_tuple_new(nk);
            if (!names) {
                c->error = true;
                return;
            }
            for (int i = 0; i < nk; i++) {
                fy_c_expr(c, e->v.call.keywords[i]->value);
                fy_tuple_set_steal(names, i, fy_c_str(e->v.call.keywords[i]->arg));
            }
            load_const_obj(c, names);
            fy_c_set_loc_expr(c, e);
            EMIT(CALL_KW, na + nk);
        } else {
            fy_c_set_loc_expr(c, e);
            EMIT(CALL, na);
        }
        return;
    }
    /* general form: positional tuple + keyword dict */
    build_list_starred(c, e->v.call.args, na);
    EMIT(LIST_TO_TUPLE, 0);
    if (nk) {
        int pending = 0;
        bool built = false;
        for (int i = 0; i < nk; i++) {
            fy_keyword *k = e->v.call.keywords[i];
            if (k->arg) {
                load_const_obj(c, fy_c_str(k->arg));
                fy_c_expr(c, k->value);
                pending++;
            } else {
                if (pending || !built) {
                    EMIT(BUILD_MAP, pending);
                    if (built) EMIT(DICT_MERGE, 1);
                    built = true;
                    pending = 0;
                }
                fy_c_expr(c, k->value);
                EMIT(DICT_MERGE, 1);
            }
        }
        if (pending || !built) {
            EMIT(BUILD_MAP, pending);
            if (built) EMIT(DICT_MERGE, 1);
        }
        fy_c_set_loc_expr(c, e);
        EMIT(CALL_EX, 1);
    } else {
        fy_c_set_loc_expr(c, e);
        EMIT(CALL_EX, 0);
    }
}

/* ------------------------------------------------------------------ functions */

/* Byte offset of (1-based line, 0-based byte column) in the module's source. */
static size_t source_offset(const compiler *c, int line, int col) {
    const char *s = c->mod->source;
    size_t n = c->mod->source_len, o = 0;
    for (int l = 1; l < line && o < n; o++)
        if (s[o] == '\n') l++;
    o += (size_t)(col > 0 ? col : 0);
    return o < n ? o : n;
}

/* Under `from __future__ import annotations` (PEP 563) the annotation's source text (lines
 * joined by a space; a string literal is its repr, as CPython's unparse gives), which
 * EVAL_ANNOTATION evaluates where the annotation stands, keeping the text only when that fails
 * (a forward reference): the DSL reads kernel annotations as objects. A string literal stays
 * its repr. Without the future import: its value. */
void fy_c_annotation(compiler *c, fy_expr *e) {
    if (!c->future_annotations || !c->mod->source) {
        fy_c_expr(c, e);
        return;
    }
    if (e->kind == FY_E_CONSTANT && e->v.constant.kind == FY_CONST_STR) {
        fy_obj *v = fy_str_from(e->v.constant.s, e->v.constant.len);
        load_const_obj(c, v ? fy_repr(v) : NULL); /* kept as written, as CPython does */
        FY_XDECREF(v);
        return;
    }
    size_t a = source_offset(c, e->line, e->col), b = source_offset(c, e->end_line, e->end_col);
    const char *s = c->mod->source;
    fy_sbuf t = {0};
    for (size_t i = a; i < b; i++) {
        if (s[i] == '\\' && i + 1 < b && s[i + 1] == '\n') continue;
        if (s[i] == '\n' || s[i] == '\r') {
            while (i + 1 < b && (s[i + 1] == ' ' || s[i + 1] == '\t' || s[i + 1] == '\n' || s[i + 1] == '\r')) i++;
            if (t.len && t.p[t.len - 1] != '(' && t.p[t.len - 1] != '[' && i + 1 < b && s[i + 1] != ')' &&
                s[i + 1] != ']')
                fy_sbuf_add(&t, " ", 1);
            continue;
        }
        fy_sbuf_add(&t, s + i, 1);
    }
    load_const_obj(c, t.oom ? NULL : fy_str_from(t.p ? t.p : "", t.len));
    fy_sbuf_free(&t);
    EMIT(EVAL_ANNOTATION, 0);
}

/* Push defaults / kwdefaults / annotations for a function or lambda; returns MAKE_FUNCTION flags. */
static int push_defaults(compiler *c, fy_arguments *a, fy_expr *returns, bool annotations) {
    int flags = 0;
    if (!a) return 0;
    if (a->n_defaults) {
        for (int i = 0; i < a->n_defaults; i++) fy_c_expr(c, a->defaults[i]);
        EMIT(BUILD_TUPLE, a->n_defaults);
        flags |= FY_MF_DEFAULTS;
    }
    int nkw = 0;
    for (int i = 0; i < a->n_kwonlyargs; i++)
        if (a->kw_defaults && a->kw_defaults[i]) {
            load_const_obj(c, fy_c_str(fy_scope_mangle(c->u->scope, a->kwonlyargs[i]->arg)));
            fy_c_expr(c, a->kw_defaults[i]);
            nkw++;
        }
    if (nkw) {
        EMIT(BUILD_MAP, nkw);
        flags |= FY_MF_KWDEFAULTS;
    }
    if (annotations) {
        int nann = 0;
        fy_arg *all[512];
        int n = 0;
        for (int i = 0; i < a->n_posonlyargs && n < 500; i++) all[n++] = a->posonlyargs[i];
        for (int i = 0; i < a->n_args && n < 500; i++) all[n++] = a->args[i];
        if (a->vararg) all[n++] = a->vararg;
        for (int i = 0; i < a->n_kwonlyargs && n < 500; i++) all[n++] = a->kwonlyargs[i];
        if (a->kwarg) all[n++] = a->kwarg;
        for (int i = 0; i < n; i++)
            if (all[i]->annotation) {
                load_const_obj(c, fy_c_str(fy_scope_mangle(c->u->scope, all[i]->arg)));
                fy_c_annotation(c, all[i]->annotation);
                nann++;
            }
        if (returns) {
            load_const_obj(c, fy_ref(fy_intern("return")));
            fy_c_annotation(c, returns);
            nann++;
        }
        if (nann) {
            EMIT(BUILD_MAP, nann);
            flags |= FY_MF_ANNOTATIONS;
        }
    }
    return flags;
}

void fy_c_make_closure(compiler *c, fy_scope *child, fy_obj *code, fy_obj *qualname, int flags) {
    if (child->nfree) {
        for (int i = 0; i < child->nfree; i++) {
            const char *n = child->freevars[i];
            fy_sym *y = fy_scope_lookup(c->u->scope, n);
            int slot = -1;
            fy_scope *cs = c->u->scope;
            if (y && (y->kind == NK_CELL || y->kind == NK_FREE)) slot = y->slot;
            else {
                /* __class__, or a class body's own name that a method takes from the enclosing
                 * function (the class passes the cell through) */
                for (int k = 0; k < cs->ncell; k++)
                    if (!strcmp(cs->cellvars[k], n)) slot = k;
                for (int k = 0; slot < 0 && k < cs->nfree; k++)
                    if (!strcmp(cs->freevars[k], n)) slot = cs->ncell + k;
            }
            if (slot < 0) {
                fy_c_error(c, 0, 0, "internal error: no closure slot for '%s'", n);
                return;
            }
            EMIT(LOAD_CLOSURE, slot);
        }
        EMIT(BUILD_TUPLE, child->nfree);
        flags |= FY_MF_CLOSURE;
    }
    EMIT(LOAD_CONST, fy_c_const(c, code));
    EMIT(LOAD_CONST, fy_c_const(c, qualname));
    EMIT(MAKE_FUNCTION, flags);
}

static void set_args_info(cunit *u, fy_arguments *a) {
    if (!a) return;
    u->posonly = a->n_posonlyargs;
    u->argcount = a->n_posonlyargs + a->n_args;
    u->kwonly = a->n_kwonlyargs;
    if (a->vararg) u->flags |= FY_CO_VARARGS;
    if (a->kwarg) u->flags |= FY_CO_VARKW;
}

static void compile_lambda(compiler *c, fy_expr *e) {
    int flags = push_defaults(c, e->v.lambda.args, NULL, false);
    fy_obj *qn = fy_c_qualname(c, "<lambda>", true);
    fy_scope *s = e->v.lambda.scope;
    fy_c_enter_unit(c, s, "<lambda>", e->line);
    c->u->qualname = qn;
    set_args_info(c->u, e->v.lambda.args);
    fy_c_set_loc_expr(c, e->v.lambda.body);
    fy_c_expr(c, e->v.lambda.body);
    EMIT(RETURN_VALUE, 0);
    cunit *u = fy_c_leave_unit(c);
    fy_obj *code = fy_c_make_code(c, u);
    if (!code) {
        c->error = true;
        return;
    }
    fy_c_set_loc_expr(c, e);
    fy_c_make_closure(c, s, code, qn, flags);
    FY_DECREF(code);
}

/* ------------------------------------------------------------------ comprehensions */

static void comp_generator(compiler *c, fy_expr *e, int gi, int depth) {
    fy_comprehension *g = e->v.comp.generators[gi];
    if (gi == 0) EMIT(LOAD_FAST, 0); /* .0: the iterator passed in */
    else {
        fy_c_expr(c, g->iter);
        EMIT(GET_ITER, 0);
    }
    int top = fy_c_here(c);
    int exit = EMIT(FOR_ITER, 0);
    fy_c_store(c, g->target);
    int skips[64], nskip = 0;
    for (int i = 0; i < g->n_ifs && nskip < 64; i++) { fy_c_cond_jump(c, g->ifs[i], false, skips, &nskip); }
    if (gi + 1 < e->v.comp.n_generators) {
        comp_generator(c, e, gi + 1, depth + 1);
    } else {
        switch (e->kind) {
        case FY_E_LISTCOMP:
            fy_c_expr(c, e->v.comp.elt);
            EMIT(LIST_APPEND, depth + 2);
            break;
        case FY_E_SETCOMP:
            fy_c_expr(c, e->v.comp.elt);
            EMIT(SET_ADD, depth + 2);
            break;
        case FY_E_DICTCOMP:
            fy_c_expr(c, e->v.comp.key);
            fy_c_expr(c, e->v.comp.value);
            EMIT(MAP_ADD, depth + 2);
            break;
        default:
            fy_c_expr(c, e->v.comp.elt);
            EMIT(YIELD_VALUE, 0);
            EMIT(POP_TOP, 0);
            break;
        }
    }
    for (int i = 0; i < nskip; i++) fy_c_patch(c, skips[i], top);
    EMIT(JUMP, top);
    fy_c_patch(c, exit, fy_c_here(c));
}

static void compile_comp(compiler *c, fy_expr *e) {
    fy_scope *s = e->v.comp.scope;
    fy_obj *qn = fy_c_qualname(c, s->name, true);
    fy_c_enter_unit(c, s, s->name, e->line);
    c->u->qualname = qn;
    c->u->argcount = 1;
    fy_c_set_loc_expr(c, e);
    if (e->kind == FY_E_LISTCOMP) EMIT(BUILD_LIST, 0);
    else if (e->kind == FY_E_SETCOMP) EMIT(BUILD_SET, 0);
    else if (e->kind == FY_E_DICTCOMP) EMIT(BUILD_MAP, 0);
    comp_generator(c, e, 0, 0);
    if (e->kind == FY_E_GENERATOREXP) load_const_obj(c, fy_none());
    EMIT(RETURN_VALUE, 0);
    cunit *u = fy_c_leave_unit(c);
    fy_obj *code = fy_c_make_code(c, u);
    if (!code) {
        c->error = true;
        return;
    }
    fy_c_set_loc_expr(c, e);
    fy_c_make_closure(c, s, code, qn, 0);
    FY_DECREF(code);
    fy_c_expr(c, e->v.comp.generators[0]->iter);
    fy_c_set_loc_expr(c, e);
    EMIT(GET_ITER, 0);
    EMIT(CALL, 1);
}

/* ------------------------------------------------------------------ conditions */

/* Emit a jump taken when truth(e) == jump_if; the jumps to patch are appended to patch. */
void fy_c_cond_jump(compiler *c, fy_expr *e, bool jump_if, int *patch, int *npatch) {
    if (e->kind == FY_E_UNARYOP && e->v.unaryop.op == FY_NOT) {
        fy_c_cond_jump(c, e->v.unaryop.operand, !jump_if, patch, npatch);
        return;
    }
    if (e->kind == FY_E_BOOLOP && *npatch < 48) {
        bool is_and = e->v.boolop.op == FY_AND;
        int n = e->v.boolop.n_values;
        if (is_and != jump_if) {
            /* and/jump_if_false or or/jump_if_true: any operand decides */
            for (int i = 0; i < n; i++) fy_c_cond_jump(c, e->v.boolop.values[i], jump_if, patch, npatch);
        } else {
            int local[64], nl = 0;
            for (int i = 0; i < n - 1; i++) fy_c_cond_jump(c, e->v.boolop.values[i], !jump_if, local, &nl);
            fy_c_cond_jump(c, e->v.boolop.values[n - 1], jump_if, patch, npatch);
            for (int i = 0; i < nl; i++) fy_c_patch(c, local[i], fy_c_here(c));
        }
        return;
    }
    fy_c_expr(c, e);
    int j = jump_if ? EMIT(POP_JUMP_IF_TRUE, 0) : EMIT(POP_JUMP_IF_FALSE, 0);
    if (*npatch < 64) patch[(*npatch)++] = j;
}

/* ------------------------------------------------------------------ f-strings */

static void compile_fvalue(compiler *c, fy_expr *e) {
    fy_c_expr(c, e->v.formattedvalue.value);
    int flags = 0;
    switch (e->v.formattedvalue.conversion) {
    case 's': flags = 1; break;
    case 'r': flags = 2; break;
    case 'a': flags = 3; break;
    default: flags = 0;
    }
    if (e->v.formattedvalue.format_spec) {
        fy_c_expr(c, e->v.formattedvalue.format_spec);
        flags |= 4;
    }
    fy_c_set_loc_expr(c, e);
    EMIT(FORMAT_VALUE, flags);
}

/* ------------------------------------------------------------------ main switch */

static int cmp_arg(fy_cmpop op) {
    switch (op) {
    case FY_EQ: return FY_EQ_OP;
    case FY_NOTEQ: return FY_NE_OP;
    case FY_LT: return FY_LT_OP;
    case FY_LTE: return FY_LE_OP;
    case FY_GT: return FY_GT_OP;
    default: return FY_GE_OP;
    }
}
static void emit_cmp(compiler *c, fy_cmpop op) {
    switch (op) {
    case FY_IS: EMIT(IS_OP, 0); break;
    case FY_ISNOT: EMIT(IS_OP, 1); break;
    case FY_IN: EMIT(CONTAINS_OP, 0); break;
    case FY_NOTIN: EMIT(CONTAINS_OP, 1); break;
    default: EMIT(COMPARE_OP, cmp_arg(op)); break;
    }
}

void fy_c_emit_cmp(compiler *c, fy_cmpop op) { emit_cmp(c, op); }

void fy_c_expr(compiler *c, fy_expr *e) {
    if (c->error || !e) return;
    fy_loc saved = c->u->loc;
    fy_c_set_loc_expr(c, e);
    switch (e->kind) {
    case FY_E_CONSTANT: load_const_obj(c, const_of(c, &e->v.constant)); break;
    case FY_E_NAME: fy_c_name_op(c, e->v.name.id, FY_LOAD); break;
    case FY_E_BOOLOP: {
        int ends[256], ne = 0;
        int n = e->v.boolop.n_values;
        for (int i = 0; i < n; i++) {
            fy_c_expr(c, e->v.boolop.values[i]);
            if (i < n - 1 && ne < 256)
                ends[ne++] = e->v.boolop.op == FY_AND ? EMIT(JUMP_IF_FALSE_OR_POP, 0) : EMIT(JUMP_IF_TRUE_OR_POP, 0);
        }
        for (int i = 0; i < ne; i++) fy_c_patch(c, ends[i], fy_c_here(c));
        break;
    }
    case FY_E_NAMEDEXPR:
        fy_c_expr(c, e->v.namedexpr.value);
        EMIT(DUP_TOP, 0);
        fy_c_store(c, e->v.namedexpr.target);
        break;
    case FY_E_BINOP:
        fy_c_expr(c, e->v.binop.left);
        fy_c_expr(c, e->v.binop.right);
        fy_c_set_loc_expr(c, e);
        c->u->loc.kind = 1;
        if (e->v.binop.left->end_line == e->line && e->v.binop.right->line == e->line) {
            c->u->loc.a0 = e->v.binop.left->end_col;
            c->u->loc.a1 = e->v.binop.right->col;
        }
        EMIT(BINARY_OP, (int)e->v.binop.op);
        break;
    case FY_E_UNARYOP:
        fy_c_expr(c, e->v.unaryop.operand);
        fy_c_set_loc_expr(c, e);
        switch (e->v.unaryop.op) {
        case FY_INVERT: EMIT(UNARY_INVERT, 0); break;
        case FY_NOT: EMIT(UNARY_NOT, 0); break;
        case FY_UADD: EMIT(UNARY_POS, 0); break;
        case FY_USUB: EMIT(UNARY_NEG, 0); break;
        }
        break;
    case FY_E_LAMBDA: compile_lambda(c, e); break;
    case FY_E_IFEXP: {
        int p[64], np = 0;
        if (e->v.ifexp.test->kind == FY_E_BOOLOP) { /* one deciding jump (code.h: regions) */
            fy_c_expr(c, e->v.ifexp.test);
            p[np++] = EMIT(POP_JUMP_IF_FALSE, 0);
        } else {
            fy_c_cond_jump(c, e->v.ifexp.test, false, p, &np);
        }
        fy_c_expr(c, e->v.ifexp.body);
        int end = EMIT(JUMP, 0);
        for (int i = 0; i < np; i++) fy_c_patch(c, p[i], fy_c_here(c));
        int b_start = fy_c_here(c);
        fy_c_expr(c, e->v.ifexp.orelse);
        fy_c_patch(c, end, fy_c_here(c));
        if (np == 1 && !c->error) {
            fy_region r = {.at = p[0],
                           .kind = FY_RG_IFEXP,
                           .a_end = end,
                           .b_start = b_start,
                           .b_end = fy_c_here(c),
                           .line = e->line,
                           .names = fy_tuple_new(0)};
            if (r.names) fy_c_add_region(c, r);
            else fy_err_clear();
        }
        break;
    }
    case FY_E_DICT: {
        int n = e->v.dict.n_keys, pending = 0;
        bool built = false;
        for (int i = 0; i < n; i++) {
            if (e->v.dict.keys[i]) {
                fy_c_expr(c, e->v.dict.keys[i]);
                fy_c_expr(c, e->v.dict.values[i]);
                pending++;
            } else {
                if (!built) {
                    EMIT(BUILD_MAP, pending);
                    built = true;
                } else if (pending) {
                    EMIT(BUILD_MAP, pending);
                    EMIT(DICT_UPDATE, 1);
                }
                pending = 0;
                fy_c_expr(c, e->v.dict.values[i]);
                EMIT(DICT_UPDATE, 1);
            }
        }
        if (!built) EMIT(BUILD_MAP, pending);
        else if (pending) {
            EMIT(BUILD_MAP, pending);
            EMIT(DICT_UPDATE, 1);
        }
        break;
    }
    case FY_E_SET:
        if (has_starred(e->v.set.elts, e->v.set.n_elts)) {
            EMIT(BUILD_SET, 0);
            for (int i = 0; i < e->v.set.n_elts; i++) {
                fy_expr *x = e->v.set.elts[i];
                if (x->kind == FY_E_STARRED) {
                    fy_c_expr(c, x->v.starred.value);
                    EMIT(SET_UPDATE, 1);
                } else {
                    fy_c_expr(c, x);
                    EMIT(SET_ADD, 1);
                }
            }
        } else {
            for (int i = 0; i < e->v.set.n_elts; i++) fy_c_expr(c, e->v.set.elts[i]);
            EMIT(BUILD_SET, e->v.set.n_elts);
        }
        break;
    case FY_E_LISTCOMP:
    case FY_E_SETCOMP:
    case FY_E_DICTCOMP:
    case FY_E_GENERATOREXP: compile_comp(c, e); break;
    case FY_E_AWAIT: fy_c_error(c, e->line, e->col, "'await' outside async function"); break;
    case FY_E_YIELD:
        if (c->u->scope->kind == SCOPE_MODULE || c->u->scope->kind == SCOPE_CLASS) {
            fy_c_error(c, e->line, e->col, "'yield' outside function");
            break;
        }
        if (e->v.yield.value) fy_c_expr(c, e->v.yield.value);
        else load_const_obj(c, fy_none());
        if (c->u->scf_depth) { /* scf.yield of a range(..., init=) loop (code.h) */
            fy_c_set_loc_expr(c, e);
            EMIT(SCF_YIELD, !fy_c_tail_yield(c->u->scf_body, c->u->scf_nbody, e));
        } else {
            EMIT(YIELD_VALUE, 0);
        }
        break;
    case FY_E_YIELDFROM:
        if (c->u->scope->kind == SCOPE_MODULE || c->u->scope->kind == SCOPE_CLASS) {
            fy_c_error(c, e->line, e->col, "'yield' outside function");
            break;
        }
        fy_c_expr(c, e->v.yield.value);
        EMIT(GET_YIELD_FROM_ITER, 0);
        load_const_obj(c, fy_none());
        EMIT(YIELD_FROM, 0);
        break;
    case FY_E_COMPARE: {
        int n = e->v.compare.n_ops;
        fy_c_expr(c, e->v.compare.left);
        if (n == 1) {
            fy_c_expr(c, e->v.compare.comparators[0]);
            fy_c_set_loc_expr(c, e);
            emit_cmp(c, e->v.compare.ops[0]);
            break;
        }
        int cleanups[64], nc = 0;
        for (int i = 0; i < n; i++) {
            fy_c_expr(c, e->v.compare.comparators[i]);
            fy_c_set_loc_expr(c, e);
            if (i < n - 1) {
                EMIT(DUP_TOP, 0);
                EMIT(ROT_THREE, 0);
                emit_cmp(c, e->v.compare.ops[i]);
                if (nc < 64) cleanups[nc++] = EMIT(JUMP_IF_FALSE_OR_POP, 0);
            } else {
                emit_cmp(c, e->v.compare.ops[i]);
            }
        }
        int end = EMIT(JUMP, 0);
        int cl = fy_c_here(c);
        for (int i = 0; i < nc; i++) fy_c_patch(c, cleanups[i], cl);
        EMIT(ROT_TWO, 0);
        EMIT(POP_TOP, 0);
        fy_c_patch(c, end, fy_c_here(c));
        for (int i = 0; i < nc && !c->error; i++) { /* a traced link: the rest up to `end`, then andi */
            fy_region r = {.at = cleanups[i],
                           .kind = FY_RG_CHAIN,
                           .a_end = end,
                           .b_start = cl,
                           .b_end = fy_c_here(c),
                           .line = e->line,
                           .names = fy_tuple_new(0)};
            if (r.names) fy_c_add_region(c, r);
            else fy_err_clear();
        }
        break;
    }
    case FY_E_CALL: compile_call(c, e); break;
    case FY_E_FORMATTEDVALUE: compile_fvalue(c, e); break;
    case FY_E_JOINEDSTR: {
        int n = e->v.joinedstr.n_values;
        if (n == 1 && e->v.joinedstr.values[0]->kind == FY_E_CONSTANT) {
            fy_c_expr(c, e->v.joinedstr.values[0]);
            break;
        }
        for (int i = 0; i < n; i++) fy_c_expr(c, e->v.joinedstr.values[i]);
        EMIT(BUILD_STRING, n);
        break;
    }
    case FY_E_ATTRIBUTE:
        fy_c_expr(c, e->v.attribute.value);
        fy_c_set_loc_expr(c, e);
        EMIT(LOAD_ATTR, fy_c_name(c, fy_scope_mangle(c->u->scope, e->v.attribute.attr)));
        break;
    case FY_E_SUBSCRIPT:
        fy_c_expr(c, e->v.subscript.value);
        fy_c_expr(c, e->v.subscript.slice);
        fy_c_set_loc_expr(c, e);
        if (e->v.subscript.value->end_line == e->line) {
            c->u->loc.kind = 2;
            c->u->loc.a0 = e->v.subscript.value->end_col;
            c->u->loc.a1 = e->end_col;
        }
        EMIT(BINARY_SUBSCR, 0);
        break;
    case FY_E_STARRED: fy_c_error(c, e->line, e->col, "can't use starred expression here"); break;
    case FY_E_LIST:
        if (has_starred(e->v.seq.elts, e->v.seq.n_elts)) build_list_starred(c, e->v.seq.elts, e->v.seq.n_elts);
        else {
            for (int i = 0; i < e->v.seq.n_elts; i++) fy_c_expr(c, e->v.seq.elts[i]);
            EMIT(BUILD_LIST, e->v.seq.n_elts);
        }
        break;
    case FY_E_TUPLE:
        if (has_starred(e->v.seq.elts, e->v.seq.n_elts)) {
            build_list_starred(c, e->v.seq.elts, e->v.seq.n_elts);
            EMIT(LIST_TO_TUPLE, 0);
        } else {
            bool all_const = e->v.seq.n_elts > 0;
            for (int i = 0; i < e->v.seq.n_elts; i++)
                if (e->v.seq.elts[i]->kind != FY_E_CONSTANT) all_const = false;
            if (all_const) {
                fy_obj *t = fy_tuple_new(e->v.seq.n_elts);
                if (!t) {
                    c->error = true;
                    break;
                }
                for (int i = 0; i < e->v.seq.n_elts; i++) {
                    fy_obj *k = const_of(c, &e->v.seq.elts[i]->v.constant);
                    if (!k) {
                        FY_DECREF(t);
                        c->error = true;
                        break;
                    }
                    fy_tuple_set_steal(t, i, k);
                }
                if (!c->error) load_const_obj(c, t);
                break;
            }
            for (int i = 0; i < e->v.seq.n_elts; i++) fy_c_expr(c, e->v.seq.elts[i]);
            EMIT(BUILD_TUPLE, e->v.seq.n_elts);
        }
        break;
    case FY_E_SLICE: {
        int n = 2;
        if (e->v.slice.lower) fy_c_expr(c, e->v.slice.lower);
        else load_const_obj(c, fy_none());
        if (e->v.slice.upper) fy_c_expr(c, e->v.slice.upper);
        else load_const_obj(c, fy_none());
        if (e->v.slice.step) {
            fy_c_expr(c, e->v.slice.step);
            n = 3;
        }
        EMIT(BUILD_SLICE, n);
        break;
    }
    }
    c->u->loc = saved;
}

int fy_c_push_defaults_pub(compiler *c, fy_arguments *a, fy_expr *returns) {
    return push_defaults(c, a, returns, true);
}
