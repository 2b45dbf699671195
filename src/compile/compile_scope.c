/* compile_scope.c - build symbol tables over the AST and resolve every name to a local slot,
 * a cell, a free variable, a global or a namespace (class/module) lookup. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "compile/code.h"
#include "compile/compile_scope.h"
#include "exec/interp.h"

typedef struct {
    fy_scope *cur;
    bool oom;
    bool error;
    const char *filename;
    int err_line, err_col;
    char err[200];
} builder;

static void *grow(void *p, int *cap, int need, size_t elt, bool *oom) {
    if (need <= *cap) return p;
    int nc = *cap ? *cap * 2 : 8;
    while (nc < need) nc *= 2;
    void *q = realloc(p, nc * elt);
    if (!q) {
        *oom = true;
        return p;
    }
    *cap = nc;
    return q;
}

const char *fy_scope_mangle(const fy_scope *s, const char *name) {
    const char *cls = s ? s->private_name : NULL;
    if (!cls || name[0] != '_' || name[1] != '_') return name;
    size_t n = strlen(name);
    if ((n >= 4 && name[n - 1] == '_' && name[n - 2] == '_') || strchr(name, '.')) return name;
    while (*cls == '_') cls++;
    if (!*cls) return name; /* a class named only with underscores mangles nothing */
    size_t m = strlen(cls);
    char *buf = malloc(m + n + 2);
    if (!buf) return name;
    buf[0] = '_';
    memcpy(buf + 1, cls, m);
    memcpy(buf + 1 + m, name, n + 1);
    fy_obj *in = fy_intern(buf);
    free(buf);
    return in ? FY_STR_DATA(in) : name;
}

fy_expr *fy_c_init_range(fy_expr *e) {
    if (!e || e->kind != FY_E_CALL || e->v.call.n_keywords != 1 || e->v.call.n_args < 1 || e->v.call.n_args > 3)
        return NULL;
    fy_expr *fn = e->v.call.func;
    fy_keyword *kw = e->v.call.keywords[0];
    if (fn->kind != FY_E_NAME || strcmp(fn->v.name.id, "range") || !kw->arg || strcmp(kw->arg, "init")) return NULL;
    for (int i = 0; i < e->v.call.n_args; i++)
        if (e->v.call.args[i]->kind == FY_E_STARRED) return NULL;
    return kw->value;
}

fy_sym *fy_scope_lookup(fy_scope *s, const char *name) {
    for (int i = 0; i < s->nsyms; i++)
        if (!strcmp(s->syms[i].name, name)) return &s->syms[i];
    return NULL;
}

static fy_sym *add_sym(builder *b, fy_scope *s, const char *name, unsigned flags) {
    fy_sym *y = fy_scope_lookup(s, name);
    if (y) {
        y->flags |= flags;
        return y;
    }
    s->syms = grow(s->syms, &s->cap, s->nsyms + 1, sizeof(fy_sym), &b->oom);
    if (b->oom) return NULL;
    y = &s->syms[s->nsyms++];
    y->name = name;
    y->flags = flags;
    y->kind = NK_NONE;
    y->slot = -1;
    return y;
}

static fy_scope *new_scope(builder *b, int kind, const char *name) {
    fy_scope *s = calloc(1, sizeof(fy_scope));
    if (!s) {
        b->oom = true;
        return NULL;
    }
    s->kind = kind;
    s->name = name;
    s->parent = b->cur;
    s->private_name = kind == SCOPE_CLASS ? name : b->cur ? b->cur->private_name : NULL;
    if (b->cur) {
        fy_scope *p = b->cur;
        p->children = grow(p->children, &p->capchildren, p->nchildren + 1, sizeof(fy_scope *), &b->oom);
        if (!b->oom) p->children[p->nchildren++] = s;
    }
    return s;
}

void fy_scope_free(fy_scope *s) {
    if (!s) return;
    for (int i = 0; i < s->nchildren; i++) fy_scope_free(s->children[i]);
    free(s->children);
    free(s->syms);
    free(s->varnames);
    free(s->cellvars);
    free(s->freevars);
    free(s);
}

static void visit_expr(builder *b, fy_expr *e);
static void visit_stmts(builder *b, fy_stmt **s, int n);

/* A name from the source, as it is written in scope s (mangled there). */
static fy_sym *add_src(builder *b, fy_scope *s, const char *name, unsigned flags) {
    return add_sym(b, s, fy_scope_mangle(s, name), flags);
}
static void use(builder *b, const char *name) { add_src(b, b->cur, name, SYM_USED); }
static void assign(builder *b, const char *name) { add_src(b, b->cur, name, SYM_ASSIGNED); }

static void visit_exprs(builder *b, fy_expr **e, int n) {
    for (int i = 0; i < n; i++)
        if (e[i]) visit_expr(b, e[i]);
}

static void visit_args_defaults(builder *b, fy_arguments *a) {
    if (!a) return;
    visit_exprs(b, a->defaults, a->n_defaults);
    for (int i = 0; i < a->n_kwonlyargs; i++)
        if (a->kw_defaults && a->kw_defaults[i]) visit_expr(b, a->kw_defaults[i]);
}
static void visit_arg_annotations(builder *b, fy_arguments *a) {
    if (!a) return;
    for (int i = 0; i < a->n_posonlyargs; i++)
        if (a->posonlyargs[i]->annotation) visit_expr(b, a->posonlyargs[i]->annotation);
    for (int i = 0; i < a->n_args; i++)
        if (a->args[i]->annotation) visit_expr(b, a->args[i]->annotation);
    for (int i = 0; i < a->n_kwonlyargs; i++)
        if (a->kwonlyargs[i]->annotation) visit_expr(b, a->kwonlyargs[i]->annotation);
    if (a->vararg && a->vararg->annotation) visit_expr(b, a->vararg->annotation);
    if (a->kwarg && a->kwarg->annotation) visit_expr(b, a->kwarg->annotation);
}
static void add_param(builder *b, fy_scope *s, const char *name) {
    name = fy_scope_mangle(s, name);
    add_sym(b, s, name, SYM_PARAM | SYM_ASSIGNED);
    s->varnames = grow(s->varnames, &s->capvar, s->nvar + 1, sizeof(char *), &b->oom);
    if (!b->oom) s->varnames[s->nvar++] = name;
    s->nparams++;
}
static void declare_params(builder *b, fy_scope *s, fy_arguments *a) {
    if (!a) return;
    for (int i = 0; i < a->n_posonlyargs; i++) add_param(b, s, a->posonlyargs[i]->arg);
    for (int i = 0; i < a->n_args; i++) add_param(b, s, a->args[i]->arg);
    for (int i = 0; i < a->n_kwonlyargs; i++) add_param(b, s, a->kwonlyargs[i]->arg);
    if (a->vararg) add_param(b, s, a->vararg->arg);
    if (a->kwarg) add_param(b, s, a->kwarg->arg);
}

static void visit_comp(builder *b, fy_expr *e) {
    fy_comprehension **g = e->v.comp.generators;
    int n = e->v.comp.n_generators;
    visit_expr(b, g[0]->iter); /* evaluated in the enclosing scope */
    fy_scope *s = new_scope(b, SCOPE_COMPREHENSION,
                            e->kind == FY_E_LISTCOMP   ? "<listcomp>"
                            : e->kind == FY_E_SETCOMP  ? "<setcomp>"
                            : e->kind == FY_E_DICTCOMP ? "<dictcomp>"
                                                       : "<genexpr>");
    if (!s) return;
    e->v.comp.scope = s;
    fy_scope *saved = b->cur;
    b->cur = s;
    add_param(b, s, ".0");
    if (e->kind == FY_E_GENERATOREXP) s->generator = true;
    for (int i = 0; i < n; i++) {
        visit_expr(b, g[i]->target);
        if (i > 0) visit_expr(b, g[i]->iter);
        visit_exprs(b, g[i]->ifs, g[i]->n_ifs);
    }
    if (e->v.comp.elt) visit_expr(b, e->v.comp.elt);
    if (e->v.comp.key) visit_expr(b, e->v.comp.key);
    if (e->v.comp.value) visit_expr(b, e->v.comp.value);
    b->cur = saved;
}

static void visit_expr(builder *b, fy_expr *e) {
    if (!e || b->oom) return;
    switch (e->kind) {
    case FY_E_BOOLOP: visit_exprs(b, e->v.boolop.values, e->v.boolop.n_values); break;
    case FY_E_NAMEDEXPR: {
        visit_expr(b, e->v.namedexpr.value);
        const char *n = fy_scope_mangle(b->cur, e->v.namedexpr.target->v.name.id);
        /* binds in the nearest non-comprehension scope */
        fy_scope *s = b->cur;
        if (s->kind == SCOPE_COMPREHENSION) {
            fy_scope *t = s;
            while (t->kind == SCOPE_COMPREHENSION && t->parent) t = t->parent;
            add_sym(b, t, n, SYM_ASSIGNED);
            for (fy_scope *u = s; u != t; u = u->parent) add_sym(b, u, n, SYM_NONLOCAL | SYM_USED);
            if (t->kind == SCOPE_MODULE || t->kind == SCOPE_CLASS)
                for (fy_scope *u = s; u != t; u = u->parent) {
                    fy_sym *y = fy_scope_lookup(u, n);
                    y->flags &= ~SYM_NONLOCAL;
                    y->flags |= SYM_GLOBAL;
                }
        } else {
            assign(b, n);
        }
        break;
    }
    case FY_E_BINOP:
        visit_expr(b, e->v.binop.left);
        visit_expr(b, e->v.binop.right);
        break;
    case FY_E_UNARYOP: visit_expr(b, e->v.unaryop.operand); break;
    case FY_E_LAMBDA: {
        visit_args_defaults(b, e->v.lambda.args);
        fy_scope *s = new_scope(b, SCOPE_FUNCTION, "<lambda>");
        if (!s) return;
        e->v.lambda.scope = s;
        fy_scope *saved = b->cur;
        b->cur = s;
        declare_params(b, s, e->v.lambda.args);
        visit_expr(b, e->v.lambda.body);
        b->cur = saved;
        break;
    }
    case FY_E_IFEXP:
        visit_expr(b, e->v.ifexp.test);
        visit_expr(b, e->v.ifexp.body);
        visit_expr(b, e->v.ifexp.orelse);
        break;
    case FY_E_DICT:
        visit_exprs(b, e->v.dict.keys, e->v.dict.n_keys);
        visit_exprs(b, e->v.dict.values, e->v.dict.n_keys);
        break;
    case FY_E_SET: visit_exprs(b, e->v.set.elts, e->v.set.n_elts); break;
    case FY_E_LISTCOMP:
    case FY_E_SETCOMP:
    case FY_E_DICTCOMP:
    case FY_E_GENERATOREXP: visit_comp(b, e); break;
    case FY_E_AWAIT: visit_expr(b, e->v.await_.value); break;
    case FY_E_YIELD:
    case FY_E_YIELDFROM:
        if (e->v.yield.value) visit_expr(b, e->v.yield.value);
        if (b->cur->kind == SCOPE_COMPREHENSION &&
            !b->error) { /* as CPython: it would make the comprehension a generator */
            const char *nm = b->cur->name;
            b->error = true;
            b->err_line = e->line;
            b->err_col = e->col;
            snprintf(b->err, sizeof b->err, "'yield' inside %s",
                     !strcmp(nm, "<listcomp>")   ? "list comprehension"
                     : !strcmp(nm, "<setcomp>")  ? "set comprehension"
                     : !strcmp(nm, "<dictcomp>") ? "dict comprehension"
                                                 : "generator expression");
            return;
        }
        if (e->kind == FY_E_YIELDFROM || !b->cur->scf_depth) b->cur->generator = true;
        break;
    case FY_E_COMPARE:
        visit_expr(b, e->v.compare.left);
        visit_exprs(b, e->v.compare.comparators, e->v.compare.n_ops);
        break;
    case FY_E_CALL:
        visit_expr(b, e->v.call.func);
        visit_exprs(b, e->v.call.args, e->v.call.n_args);
        for (int i = 0; i < e->v.call.n_keywords; i++) visit_expr(b, e->v.call.keywords[i]->value);
        break;
    case FY_E_FORMATTEDVALUE:
        visit_expr(b, e->v.formattedvalue.value);
        visit_expr(b, e->v.formattedvalue.format_spec);
        break;
    case FY_E_JOINEDSTR: visit_exprs(b, e->v.joinedstr.values, e->v.joinedstr.n_values); break;
    case FY_E_CONSTANT: break;
    case FY_E_ATTRIBUTE: visit_expr(b, e->v.attribute.value); break;
    case FY_E_SUBSCRIPT:
        visit_expr(b, e->v.subscript.value);
        visit_expr(b, e->v.subscript.slice);
        break;
    case FY_E_STARRED: visit_expr(b, e->v.starred.value); break;
    case FY_E_NAME:
        if (e->v.name.ctx == FY_LOAD) {
            use(b, e->v.name.id);
            if (!strcmp(e->v.name.id, "super") && b->cur->kind == SCOPE_FUNCTION) use(b, "__class__");
        } else {
            assign(b, e->v.name.id);
        }
        break;
    case FY_E_LIST:
    case FY_E_TUPLE: visit_exprs(b, e->v.seq.elts, e->v.seq.n_elts); break;
    case FY_E_SLICE:
        visit_expr(b, e->v.slice.lower);
        visit_expr(b, e->v.slice.upper);
        visit_expr(b, e->v.slice.step);
        break;
    }
}

static void visit_stmt(builder *b, fy_stmt *s) {
    if (!s || b->oom) return;
    switch (s->kind) {
    case FY_S_FUNCTIONDEF: {
        visit_exprs(b, s->v.functiondef.decorator_list, s->v.functiondef.n_decorators);
        visit_args_defaults(b, s->v.functiondef.args);
        visit_arg_annotations(b, s->v.functiondef.args);
        if (s->v.functiondef.returns) visit_expr(b, s->v.functiondef.returns);
        assign(b, s->v.functiondef.name);
        fy_scope *f = new_scope(b, SCOPE_FUNCTION, s->v.functiondef.name);
        if (!f) return;
        s->v.functiondef.scope = f;
        fy_scope *saved = b->cur;
        b->cur = f;
        declare_params(b, f, s->v.functiondef.args);
        visit_stmts(b, s->v.functiondef.body, s->v.functiondef.n_body);
        b->cur = saved;
        break;
    }
    case FY_S_CLASSDEF: {
        visit_exprs(b, s->v.classdef.decorator_list, s->v.classdef.n_decorators);
        visit_exprs(b, s->v.classdef.bases, s->v.classdef.n_bases);
        for (int i = 0; i < s->v.classdef.n_keywords; i++) visit_expr(b, s->v.classdef.keywords[i]->value);
        assign(b, s->v.classdef.name);
        fy_scope *c = new_scope(b, SCOPE_CLASS, s->v.classdef.name);
        if (!c) return;
        s->v.classdef.scope = c;
        fy_scope *saved = b->cur;
        b->cur = c;
        visit_stmts(b, s->v.classdef.body, s->v.classdef.n_body);
        b->cur = saved;
        break;
    }
    case FY_S_RETURN: visit_expr(b, s->v.return_.value); break;
    case FY_S_DELETE: visit_exprs(b, s->v.delete.targets, s->v.delete.n_targets); break;
    case FY_S_ASSIGN:
        visit_expr(b, s->v.assign.value);
        visit_exprs(b, s->v.assign.targets, s->v.assign.n_targets);
        break;
    case FY_S_AUGASSIGN:
        visit_expr(b, s->v.augassign.value);
        if (s->v.augassign.target->kind == FY_E_NAME) {
            use(b, s->v.augassign.target->v.name.id);
            assign(b, s->v.augassign.target->v.name.id);
        } else {
            visit_expr(b, s->v.augassign.target);
        }
        break;
    case FY_S_ANNASSIGN:
        if (s->v.annassign.value) visit_expr(b, s->v.annassign.value);
        if (s->v.annassign.target->kind == FY_E_NAME) {
            fy_sym *y = add_src(b, b->cur, s->v.annassign.target->v.name.id,
                                SYM_ANNOT | (s->v.annassign.value ? SYM_ASSIGNED : 0));
            (void)y;
            if (b->cur->kind != SCOPE_FUNCTION) b->cur->has_annotations = true;
        } else {
            visit_expr(b, s->v.annassign.target);
        }
        if (b->cur->kind != SCOPE_FUNCTION) visit_expr(b, s->v.annassign.annotation);
        break;
    case FY_S_FOR: {
        visit_expr(b, s->v.for_.iter);
        visit_expr(b, s->v.for_.target);
        int scf = fy_c_init_range(s->v.for_.iter) != NULL;
        b->cur->scf_depth += scf;
        visit_stmts(b, s->v.for_.body, s->v.for_.n_body);
        b->cur->scf_depth -= scf;
        visit_stmts(b, s->v.for_.orelse, s->v.for_.n_orelse);
        break;
    }
    case FY_S_WHILE:
        visit_expr(b, s->v.while_.test);
        visit_stmts(b, s->v.while_.body, s->v.while_.n_body);
        visit_stmts(b, s->v.while_.orelse, s->v.while_.n_orelse);
        break;
    case FY_S_IF:
        visit_expr(b, s->v.if_.test);
        visit_stmts(b, s->v.if_.body, s->v.if_.n_body);
        visit_stmts(b, s->v.if_.orelse, s->v.if_.n_orelse);
        break;
    case FY_S_WITH:
        for (int i = 0; i < s->v.with.n_items; i++) {
            visit_expr(b, s->v.with.items[i]->context_expr);
            visit_expr(b, s->v.with.items[i]->optional_vars);
        }
        visit_stmts(b, s->v.with.body, s->v.with.n_body);
        break;
    case FY_S_RAISE:
        visit_expr(b, s->v.raise.exc);
        visit_expr(b, s->v.raise.cause);
        break;
    case FY_S_TRY:
        visit_stmts(b, s->v.try_.body, s->v.try_.n_body);
        for (int i = 0; i < s->v.try_.n_handlers; i++) {
            fy_excepthandler *h = s->v.try_.handlers[i];
            visit_expr(b, h->type);
            if (h->name) assign(b, h->name);
            visit_stmts(b, h->body, h->n_body);
        }
        visit_stmts(b, s->v.try_.orelse, s->v.try_.n_orelse);
        visit_stmts(b, s->v.try_.finalbody, s->v.try_.n_finalbody);
        break;
    case FY_S_ASSERT:
        visit_expr(b, s->v.assert_.test);
        visit_expr(b, s->v.assert_.msg);
        break;
    case FY_S_IMPORT:
        for (int i = 0; i < s->v.import.n_names; i++) {
            fy_alias *a = s->v.import.names[i];
            if (a->asname) assign(b, a->asname);
            else {
                /* `import a.b` binds `a` */
                const char *dot = strchr(a->name, '.');
                if (!dot) assign(b, a->name);
                else {
                    char buf[256];
                    size_t k = (size_t)(dot - a->name) < sizeof buf - 1 ? (size_t)(dot - a->name) : sizeof buf - 1;
                    memcpy(buf, a->name, k);
                    buf[k] = 0;
                    fy_obj *in = fy_intern(buf);
                    if (in) assign(b, FY_STR_DATA(in));
                }
            }
        }
        break;
    case FY_S_IMPORTFROM:
        for (int i = 0; i < s->v.importfrom.n_names; i++) {
            fy_alias *a = s->v.importfrom.names[i];
            if (!strcmp(a->name, "*")) continue;
            assign(b, a->asname ? a->asname : a->name);
        }
        break;
    case FY_S_GLOBAL:
        for (int i = 0; i < s->v.names.n_names; i++) add_src(b, b->cur, s->v.names.names[i], SYM_GLOBAL);
        break;
    case FY_S_NONLOCAL:
        for (int i = 0; i < s->v.names.n_names; i++) {
            if (b->cur->kind == SCOPE_MODULE) {
                b->error = true;
                b->err_line = s->line;
                b->err_col = s->col;
                snprintf(b->err, sizeof b->err, "nonlocal declaration not allowed at module level");
                return;
            }
            add_src(b, b->cur, s->v.names.names[i], SYM_NONLOCAL);
        }
        break;
    case FY_S_EXPR: visit_expr(b, s->v.expr.value); break;
    case FY_S_PASS:
    case FY_S_BREAK:
    case FY_S_CONTINUE: break;
    }
}

static void visit_stmts(builder *b, fy_stmt **s, int n) {
    for (int i = 0; i < n; i++) visit_stmt(b, s[i]);
}

/* ------------------------------------------------------------------ resolution */

static void add_name(builder *b, const char ***arr, int *n, int *cap, const char *name) {
    for (int i = 0; i < *n; i++)
        if (!strcmp((*arr)[i], name)) return;
    *arr = grow(*arr, cap, *n + 1, sizeof(char *), &b->oom);
    if (!b->oom) (*arr)[(*n)++] = name;
}

static bool binds_locally(fy_scope *s, fy_sym *y) {
    return (y->flags & (SYM_ASSIGNED | SYM_PARAM)) && !(y->flags & (SYM_GLOBAL | SYM_NONLOCAL));
}

/* Resolve `name` used in scope s as a free variable; returns true if an enclosing function
 * scope binds it (and marks the chain). */
static bool resolve_free(builder *b, fy_scope *s, const char *name) {
    bool is_class_cell = !strcmp(name, "__class__");
    for (fy_scope *p = s->parent; p; p = p->parent) {
        if (p->kind == SCOPE_MODULE) return false;
        if (p->kind == SCOPE_CLASS) {
            if (is_class_cell) {
                p->needs_class_cell = true;
                add_name(b, &p->cellvars, &p->ncell, &p->capcell, "__class__");
                for (fy_scope *q = s; q != p; q = q->parent) {
                    fy_sym *y = add_sym(b, q, name, SYM_USED);
                    if (y) y->kind = NK_FREE;
                    add_name(b, &q->freevars, &q->nfree, &q->capfree, name);
                }
                return true;
            }
            continue;
        }
        fy_sym *y = fy_scope_lookup(p, name);
        if (!y) continue;
        if (y->flags & SYM_GLOBAL) return false;
        if (binds_locally(p, y) || (y->flags & SYM_NONLOCAL) || y->kind == NK_FREE || y->kind == NK_CELL) {
            if (binds_locally(p, y)) {
                y->kind = NK_CELL;
                add_name(b, &p->cellvars, &p->ncell, &p->capcell, name);
            }
            for (fy_scope *q = s; q != p; q = q->parent) {
                fy_sym *z = add_sym(b, q, name, 0);
                if (!z) return false;
                if (q != s && z->kind == NK_NONE) z->kind = NK_FREE;
                add_name(b, &q->freevars, &q->nfree, &q->capfree, name);
            }
            return true;
        }
    }
    return false;
}

static void resolve(builder *b, fy_scope *s) {
    /* parents first: a parent's locals must be known before children look them up */
    for (int i = 0; i < s->nsyms && !b->error; i++) {
        fy_sym *y = &s->syms[i];
        if (y->kind == NK_FREE || y->kind == NK_CELL) continue;
        if (s->kind == SCOPE_MODULE) {
            y->kind = (y->flags & SYM_GLOBAL) ? NK_GLOBAL_EXPLICIT : NK_NAME;
            continue;
        }
        if (y->flags & SYM_GLOBAL) {
            y->kind = NK_GLOBAL_EXPLICIT;
            continue;
        }
        if (s->kind == SCOPE_CLASS) {
            if (y->flags & (SYM_ASSIGNED | SYM_ANNOT)) {
                y->kind = NK_NAME;
                continue;
            }
            if (y->flags & SYM_NONLOCAL) {
                if (!resolve_free(b, s, y->name)) goto no_binding;
                y->kind = NK_FREE;
                continue;
            }
            y->kind = resolve_free(b, s, y->name) ? NK_FREE : NK_NAME;
            continue;
        }
        if (y->flags & SYM_NONLOCAL) {
            if (!resolve_free(b, s, y->name)) goto no_binding;
            y->kind = NK_FREE;
            continue;
        }
        if (y->flags & (SYM_ASSIGNED | SYM_PARAM)) {
            if (y->kind != NK_CELL) y->kind = NK_LOCAL;
            continue;
        }
        if (y->flags & SYM_ANNOT) {
            y->kind = NK_LOCAL;
            continue;
        }
        y->kind = resolve_free(b, s, y->name) ? NK_FREE : NK_GLOBAL_IMPLICIT;
        continue;
    no_binding:
        b->error = true;
        snprintf(b->err, sizeof b->err, "no binding for nonlocal '%s' found", y->name);
        return;
    }
    for (int i = 0; i < s->nchildren && !b->error; i++) resolve(b, s->children[i]);
}

/* Assign slots once the whole tree is resolved (children may have turned locals into cells). */
static void assign_slots(builder *b, fy_scope *s) {
    if (s->kind == SCOPE_FUNCTION || s->kind == SCOPE_COMPREHENSION) {
        for (int i = 0; i < s->nsyms; i++) {
            fy_sym *y = &s->syms[i];
            if (y->kind == NK_LOCAL || (y->kind == NK_CELL && (y->flags & SYM_PARAM)))
                add_name(b, &s->varnames, &s->nvar, &s->capvar, y->name);
        }
    }
    for (int i = 0; i < s->nsyms; i++) {
        fy_sym *y = &s->syms[i];
        if (y->kind == NK_LOCAL) {
            for (int k = 0; k < s->nvar; k++)
                if (!strcmp(s->varnames[k], y->name)) y->slot = k;
        } else if (y->kind == NK_CELL) {
            for (int k = 0; k < s->ncell; k++)
                if (!strcmp(s->cellvars[k], y->name)) y->slot = k;
        } else if (y->kind == NK_FREE) {
            for (int k = 0; k < s->nfree; k++)
                if (!strcmp(s->freevars[k], y->name)) y->slot = s->ncell + k;
        }
    }
    for (int i = 0; i < s->nchildren; i++) assign_slots(b, s->children[i]);
}

fy_scope *fy_scope_build(fy_stmt **body, int n, bool is_expr, fy_expr *expr, const char *filename) {
    builder b = {0};
    b.filename = filename;
    fy_scope *root = new_scope(&b, SCOPE_MODULE, "<module>");
    if (!root) {
        fy_err_nomem();
        return NULL;
    }
    b.cur = root;
    if (is_expr) visit_expr(&b, expr);
    else visit_stmts(&b, body, n);
    if (!b.oom && !b.error) resolve(&b, root);
    if (!b.oom && !b.error) assign_slots(&b, root);
    if (b.oom) {
        fy_scope_free(root);
        fy_err_nomem();
        return NULL;
    }
    if (b.error) {
        fy_scope_free(root);
        fy_obj *msg = fy_str_from_cstr(b.err);
        fy_obj *fn = fy_str_from_cstr(filename ? filename : "<unknown>");
        fy_obj *ln = fy_int_from(b.err_line ? b.err_line : 1);
        fy_obj *off = fy_int_from(b.err_col + 1);
        fy_obj *info = fy_tuple_pack(4, fn, ln, off, fy_None);
        fy_obj *args[2] = {msg, info};
        fy_obj *e = fy_exc_new(&fy_SyntaxError, args, 2);
        if (e) fy_err_restore(e);
        FY_XDECREF(msg);
        FY_XDECREF(fn);
        FY_XDECREF(ln);
        FY_XDECREF(off);
        FY_XDECREF(info);
        return NULL;
    }
    return root;
}

/* ------------------------------------------------------------------ assigned names */

static void targets_of(fy_expr *e, void (*cb)(const char *, void *), void *arg) {
    if (!e) return;
    switch (e->kind) {
    case FY_E_NAME: cb(e->v.name.id, arg); break;
    case FY_E_TUPLE:
    case FY_E_LIST:
        for (int i = 0; i < e->v.seq.n_elts; i++) targets_of(e->v.seq.elts[i], cb, arg);
        break;
    case FY_E_STARRED: targets_of(e->v.starred.value, cb, arg); break;
    default: break;
    }
}

static void walrus_in(fy_expr *e, void (*cb)(const char *, void *), void *arg);
static void walrus_list(fy_expr **e, int n, void (*cb)(const char *, void *), void *arg) {
    for (int i = 0; i < n; i++) walrus_in(e[i], cb, arg);
}
static void walrus_in(fy_expr *e, void (*cb)(const char *, void *), void *arg) {
    if (!e) return;
    switch (e->kind) {
    case FY_E_NAMEDEXPR:
        cb(e->v.namedexpr.target->v.name.id, arg);
        walrus_in(e->v.namedexpr.value, cb, arg);
        break;
    case FY_E_BOOLOP: walrus_list(e->v.boolop.values, e->v.boolop.n_values, cb, arg); break;
    case FY_E_BINOP:
        walrus_in(e->v.binop.left, cb, arg);
        walrus_in(e->v.binop.right, cb, arg);
        break;
    case FY_E_UNARYOP: walrus_in(e->v.unaryop.operand, cb, arg); break;
    case FY_E_IFEXP:
        walrus_in(e->v.ifexp.test, cb, arg);
        walrus_in(e->v.ifexp.body, cb, arg);
        walrus_in(e->v.ifexp.orelse, cb, arg);
        break;
    case FY_E_COMPARE:
        walrus_in(e->v.compare.left, cb, arg);
        walrus_list(e->v.compare.comparators, e->v.compare.n_ops, cb, arg);
        break;
    case FY_E_CALL:
        walrus_in(e->v.call.func, cb, arg);
        walrus_list(e->v.call.args, e->v.call.n_args, cb, arg);
        break;
    case FY_E_TUPLE:
    case FY_E_LIST: walrus_list(e->v.seq.elts, e->v.seq.n_elts, cb, arg); break;
    case FY_E_LISTCOMP:
    case FY_E_SETCOMP:
    case FY_E_GENERATOREXP:
    case FY_E_DICTCOMP: walrus_in(e->v.comp.elt, cb, arg); break;
    default: break;
    }
}

/* The name at the root of an attribute / subscript chain (`a`, `a.b`, `a[i].c`), or NULL. */
static const char *chain_root(fy_expr *e) {
    while (e && (e->kind == FY_E_ATTRIBUTE || e->kind == FY_E_SUBSCRIPT))
        e = e->kind == FY_E_ATTRIBUTE ? e->v.attribute.value : e->v.subscript.value;
    return e && e->kind == FY_E_NAME ? e->v.name.id : NULL;
}

/* Names whose value an expression may change in place: the root of the callee of a method call
 * (`lst.append(x)`, `a.b.m()`); walks every subexpression. */
static void mutated_in(fy_expr *e, void (*cb)(const char *, void *), void *arg);
static void mutated_list(fy_expr **e, int n, void (*cb)(const char *, void *), void *arg) {
    for (int i = 0; i < n; i++) mutated_in(e[i], cb, arg);
}
static void mutated_in(fy_expr *e, void (*cb)(const char *, void *), void *arg) {
    if (!e) return;
    switch (e->kind) {
    case FY_E_NAMEDEXPR: mutated_in(e->v.namedexpr.value, cb, arg); break;
    case FY_E_BOOLOP: mutated_list(e->v.boolop.values, e->v.boolop.n_values, cb, arg); break;
    case FY_E_BINOP:
        mutated_in(e->v.binop.left, cb, arg);
        mutated_in(e->v.binop.right, cb, arg);
        break;
    case FY_E_UNARYOP: mutated_in(e->v.unaryop.operand, cb, arg); break;
    case FY_E_IFEXP:
        mutated_in(e->v.ifexp.test, cb, arg);
        mutated_in(e->v.ifexp.body, cb, arg);
        mutated_in(e->v.ifexp.orelse, cb, arg);
        break;
    case FY_E_COMPARE:
        mutated_in(e->v.compare.left, cb, arg);
        mutated_list(e->v.compare.comparators, e->v.compare.n_ops, cb, arg);
        break;
    case FY_E_CALL: {
        fy_expr *fn = e->v.call.func;
        const char *root = fn->kind == FY_E_ATTRIBUTE ? chain_root(fn->v.attribute.value) : NULL;
        if (root) cb(root, arg);
        mutated_in(fn, cb, arg);
        mutated_list(e->v.call.args, e->v.call.n_args, cb, arg);
        for (int i = 0; i < e->v.call.n_keywords; i++) mutated_in(e->v.call.keywords[i]->value, cb, arg);
        break;
    }
    case FY_E_ATTRIBUTE: mutated_in(e->v.attribute.value, cb, arg); break;
    case FY_E_SUBSCRIPT:
        mutated_in(e->v.subscript.value, cb, arg);
        mutated_in(e->v.subscript.slice, cb, arg);
        break;
    case FY_E_STARRED: mutated_in(e->v.starred.value, cb, arg); break;
    case FY_E_DICT:
        for (int i = 0; i < e->v.dict.n_keys; i++) {
            mutated_in(e->v.dict.keys[i], cb, arg);
            mutated_in(e->v.dict.values[i], cb, arg);
        }
        break;
    case FY_E_TUPLE:
    case FY_E_LIST: mutated_list(e->v.seq.elts, e->v.seq.n_elts, cb, arg); break;
    default: break;
    }
}
/* A store target's in-place part: the root of `a[i] = v` / `a.x = v` (in tuples too). */
static void mutated_target(fy_expr *e, void (*cb)(const char *, void *), void *arg) {
    if (!e) return;
    if (e->kind == FY_E_TUPLE || e->kind == FY_E_LIST) {
        for (int i = 0; i < e->v.seq.n_elts; i++) mutated_target(e->v.seq.elts[i], cb, arg);
        return;
    }
    if (e->kind == FY_E_STARRED) return mutated_target(e->v.starred.value, cb, arg);
    if (e->kind == FY_E_ATTRIBUTE || e->kind == FY_E_SUBSCRIPT) {
        const char *root = chain_root(e);
        if (root) cb(root, arg);
    }
    mutated_in(e, cb, arg);
}

void fy_stmt_mutated_names(fy_stmt *s, void (*cb)(const char *, void *), void *arg) {
    if (!s) return;
#define BODY(arr, n) \
    for (int i_ = 0; i_ < (n); i_++) fy_stmt_mutated_names((arr)[i_], cb, arg)
    switch (s->kind) {
    case FY_S_DELETE:
        for (int i = 0; i < s->v.delete.n_targets; i++) mutated_target(s->v.delete.targets[i], cb, arg);
        break;
    case FY_S_ASSIGN:
        for (int i = 0; i < s->v.assign.n_targets; i++) mutated_target(s->v.assign.targets[i], cb, arg);
        mutated_in(s->v.assign.value, cb, arg);
        break;
    case FY_S_AUGASSIGN:
        mutated_target(s->v.augassign.target, cb, arg);
        mutated_in(s->v.augassign.value, cb, arg);
        break;
    case FY_S_ANNASSIGN:
        if (s->v.annassign.value) {
            mutated_target(s->v.annassign.target, cb, arg);
            mutated_in(s->v.annassign.value, cb, arg);
        }
        break;
    case FY_S_FOR:
        mutated_target(s->v.for_.target, cb, arg);
        mutated_in(s->v.for_.iter, cb, arg);
        BODY(s->v.for_.body, s->v.for_.n_body);
        BODY(s->v.for_.orelse, s->v.for_.n_orelse);
        break;
    case FY_S_WHILE:
        mutated_in(s->v.while_.test, cb, arg);
        BODY(s->v.while_.body, s->v.while_.n_body);
        BODY(s->v.while_.orelse, s->v.while_.n_orelse);
        break;
    case FY_S_IF:
        mutated_in(s->v.if_.test, cb, arg);
        BODY(s->v.if_.body, s->v.if_.n_body);
        BODY(s->v.if_.orelse, s->v.if_.n_orelse);
        break;
    case FY_S_WITH:
        for (int i = 0; i < s->v.with.n_items; i++) mutated_in(s->v.with.items[i]->context_expr, cb, arg);
        BODY(s->v.with.body, s->v.with.n_body);
        break;
    case FY_S_TRY:
        BODY(s->v.try_.body, s->v.try_.n_body);
        for (int i = 0; i < s->v.try_.n_handlers; i++) BODY(s->v.try_.handlers[i]->body, s->v.try_.handlers[i]->n_body);
        BODY(s->v.try_.orelse, s->v.try_.n_orelse);
        BODY(s->v.try_.finalbody, s->v.try_.n_finalbody);
        break;
    case FY_S_EXPR: mutated_in(s->v.expr.value, cb, arg); break;
    case FY_S_RETURN: mutated_in(s->v.return_.value, cb, arg); break;
    default: break;
    }
#undef BODY
}

void fy_stmt_assigned_names(fy_stmt *s, void (*cb)(const char *, void *), void *arg) {
    if (!s) return;
#define BODY(arr, n) \
    for (int i_ = 0; i_ < (n); i_++) fy_stmt_assigned_names((arr)[i_], cb, arg)
    switch (s->kind) {
    case FY_S_FUNCTIONDEF: cb(s->v.functiondef.name, arg); break;
    case FY_S_CLASSDEF: cb(s->v.classdef.name, arg); break;
    case FY_S_DELETE:
        for (int i = 0; i < s->v.delete.n_targets; i++) targets_of(s->v.delete.targets[i], cb, arg);
        break;
    case FY_S_ASSIGN:
        for (int i = 0; i < s->v.assign.n_targets; i++) targets_of(s->v.assign.targets[i], cb, arg);
        walrus_in(s->v.assign.value, cb, arg);
        break;
    case FY_S_AUGASSIGN: targets_of(s->v.augassign.target, cb, arg); break;
    case FY_S_ANNASSIGN:
        if (s->v.annassign.value) targets_of(s->v.annassign.target, cb, arg);
        break;
    case FY_S_FOR:
        targets_of(s->v.for_.target, cb, arg);
        BODY(s->v.for_.body, s->v.for_.n_body);
        BODY(s->v.for_.orelse, s->v.for_.n_orelse);
        break;
    case FY_S_WHILE:
        walrus_in(s->v.while_.test, cb, arg);
        BODY(s->v.while_.body, s->v.while_.n_body);
        BODY(s->v.while_.orelse, s->v.while_.n_orelse);
        break;
    case FY_S_IF:
        walrus_in(s->v.if_.test, cb, arg);
        BODY(s->v.if_.body, s->v.if_.n_body);
        BODY(s->v.if_.orelse, s->v.if_.n_orelse);
        break;
    case FY_S_WITH:
        for (int i = 0; i < s->v.with.n_items; i++) targets_of(s->v.with.items[i]->optional_vars, cb, arg);
        BODY(s->v.with.body, s->v.with.n_body);
        break;
    case FY_S_TRY:
        BODY(s->v.try_.body, s->v.try_.n_body);
        for (int i = 0; i < s->v.try_.n_handlers; i++) {
            if (s->v.try_.handlers[i]->name) cb(s->v.try_.handlers[i]->name, arg);
            BODY(s->v.try_.handlers[i]->body, s->v.try_.handlers[i]->n_body);
        }
        BODY(s->v.try_.orelse, s->v.try_.n_orelse);
        BODY(s->v.try_.finalbody, s->v.try_.n_finalbody);
        break;
    case FY_S_IMPORT:
        for (int i = 0; i < s->v.import.n_names; i++)
            cb(s->v.import.names[i]->asname ? s->v.import.names[i]->asname : s->v.import.names[i]->name, arg);
        break;
    case FY_S_IMPORTFROM:
        for (int i = 0; i < s->v.importfrom.n_names; i++)
            cb(s->v.importfrom.names[i]->asname ? s->v.importfrom.names[i]->asname : s->v.importfrom.names[i]->name,
               arg);
        break;
    case FY_S_EXPR: walrus_in(s->v.expr.value, cb, arg); break;
    default: break;
    }
#undef BODY
}
