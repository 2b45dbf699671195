/* compile.c - compiler driver: code units, assembly (stack depth), statements. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "compile/compile_int.h"
#include "exec/interp.h"

#define EMIT(op, arg) fy_c_emit(c, OP_##op, (arg))

/* ------------------------------------------------------------------ emitting */

int fy_c_emit(compiler *c, int op, int arg) {
    cunit *u = c->u;
    if (u->n == u->cap) {
        int nc = u->cap ? u->cap * 2 : 64;
        uint32_t *code = realloc(u->code, nc * sizeof(uint32_t));
        fy_loc *locs = code ? realloc(u->locs, nc * sizeof(fy_loc)) : NULL;
        if (!code || !locs) {
            if (code) u->code = code;
            c->error = true;
            fy_err_nomem();
            return 0;
        }
        u->code = code;
        u->locs = locs;
        u->cap = nc;
    }
    if (arg < 0 || arg >= (1 << 24)) {
        fy_c_error(c, u->loc.line, u->loc.col, "too many constants or jumps");
        arg = 0;
    }
    u->code[u->n] = FY_INSTR(op, arg);
    u->locs[u->n] = u->loc;
    return u->n++;
}
int fy_c_here(compiler *c) { return c->u->n; }
void fy_c_patch(compiler *c, int at, int target) {
    if (c->error) return;
    c->u->code[at] = FY_INSTR(FY_OPC(c->u->code[at]), target);
}

int fy_c_const(compiler *c, fy_obj *v) {
    fy_obj *l = c->u->consts;
    for (int64_t i = 0; i < FY_LIST_N(l); i++) {
        fy_obj *x = FY_LIST_ITEMS(l)[i];
        if (x == v) return (int)i;
        if (x->type == v->type && (x->type == &fy_str_type || x->type == &fy_int_type) && fy_eq(x, v) == 1)
            return (int)i;
    }
    if (fy_list_append(l, v) < 0) {
        c->error = true;
        return 0;
    }
    return (int)FY_LIST_N(l) - 1;
}

fy_obj *fy_c_str(const char *s) {
    fy_obj *o = fy_str_from_cstr(s);
    return o ? fy_intern_str(o) : NULL;
}

int fy_c_name(compiler *c, const char *name) {
    fy_obj *n = fy_c_str(name);
    if (!n) {
        c->error = true;
        return 0;
    }
    fy_obj *l = c->u->names;
    for (int64_t i = 0; i < FY_LIST_N(l); i++)
        if (FY_LIST_ITEMS(l)[i] == n) {
            FY_DECREF(n);
            return (int)i;
        }
    if (fy_list_append(l, n) < 0) {
        FY_DECREF(n);
        c->error = true;
        return 0;
    }
    FY_DECREF(n);
    return (int)FY_LIST_N(l) - 1;
}

void fy_c_set_loc_expr(compiler *c, fy_expr *e) {
    fy_loc l = {e->line, e->col, e->end_line, e->end_col, -1, -1, 0};
    c->u->loc = l;
}
static void set_loc_stmt(compiler *c, fy_stmt *s) {
    fy_loc l = {s->line, s->col, s->end_line, s->end_col, -1, -1, 0};
    c->u->loc = l;
}

void fy_c_error(compiler *c, int line, int col, const char *fmt, ...) {
    if (c->error) return;
    c->error = true;
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (!line) {
        line = c->u->loc.line;
        col = c->u->loc.col;
    }
    fy_obj *msg = fy_str_from_cstr(buf);
    fy_obj *ln = fy_int_from(line), *off = fy_int_from(col + 1);
    char *text = NULL;
    size_t tl = 0;
    const char *t = c->mod ? fy_source_line(c->mod->source, c->mod->source_len, line, &tl) : NULL;
    fy_obj *txt = t ? fy_str_from(t, tl) : fy_none();
    (void)text;
    fy_obj *info = fy_tuple_pack(4, c->filename, ln, off, txt);
    fy_obj *args[2] = {msg, info};
    fy_obj *e = fy_exc_new(&fy_SyntaxError, args, 2);
    if (e) fy_err_restore(e);
    FY_XDECREF(msg);
    FY_XDECREF(ln);
    FY_XDECREF(off);
    FY_XDECREF(txt);
    FY_XDECREF(info);
}

/* ------------------------------------------------------------------ units */

void fy_c_enter_unit(compiler *c, fy_scope *s, const char *name, int firstline) {
    cunit *u = calloc(1, sizeof(cunit));
    if (!u) {
        c->error = true;
        return;
    }
    u->scope = s;
    u->parent = c->u;
    u->consts = fy_list_new(0);
    u->names = fy_list_new(0);
    u->varnames = fy_list_new(0);
    u->name = name;
    u->ret_slot = -1;
    u->firstline = firstline;
    if (s->kind == SCOPE_FUNCTION || s->kind == SCOPE_COMPREHENSION) {
        for (int i = 0; i < s->nvar; i++) fy_list_append_steal(u->varnames, fy_c_str(s->varnames[i]));
    }
    if (s->generator) u->flags |= FY_CO_GENERATOR;
    c->u = u;
}

cunit *fy_c_leave_unit(compiler *c) {
    cunit *u = c->u;
    c->u = u->parent;
    return u;
}

static void free_unit(cunit *u) {
    free(u->code);
    free(u->locs);
    FY_XDECREF(u->consts);
    FY_XDECREF(u->names);
    FY_XDECREF(u->varnames);
    FY_XDECREF(u->qualname);
    for (int i = 0; i < u->nfb; i++) free(u->fb[i].breaks);
    for (int i = 0; i < u->nregions; i++) FY_XDECREF(u->regions[i].names);
    free(u->regions);
    free(u);
}

fy_obj *fy_c_qualname(compiler *c, const char *name, bool is_func) {
    cunit *u = c->u;
    if (!u || u->scope->kind == SCOPE_MODULE) return fy_str_from_cstr(name);
    fy_sym *y = fy_scope_lookup(u->scope, fy_scope_mangle(u->scope, name));
    if (y && y->kind == NK_GLOBAL_EXPLICIT) return fy_str_from_cstr(name);
    const char *pq = u->qualname ? FY_STR_DATA(u->qualname) : u->name;
    if (u->scope->kind == SCOPE_FUNCTION || u->scope->kind == SCOPE_COMPREHENSION)
        return fy_str_printf("%s.<locals>.%s", pq, name);
    return fy_str_printf("%s.%s", pq, name);
}

/* Maximum stack depth by a walk over all paths. STACK_UNKNOWN: an opcode without a listed effect. */
#define STACK_UNKNOWN 0x10000
static int stack_effect(uint32_t ins, bool jump) {
    int op = FY_OPC(ins), a = FY_ARG(ins);
    switch (op) {
    case OP_NOP:
    case OP_ROT_TWO:
    case OP_ROT_THREE:
    case OP_ROT_FOUR:
    case OP_UNARY_NEG:
    case OP_UNARY_POS:
    case OP_UNARY_INVERT:
    case OP_UNARY_NOT:
    case OP_LOAD_ATTR:
    case OP_GET_ITER:
    case OP_JUMP:
    case OP_CHECK_INTERRUPT:
    case OP_GET_YIELD_FROM_ITER:
    case OP_LIST_TO_TUPLE:
    case OP_YIELD_VALUE:
    case OP_POP_BLOCK:
    case OP_FORMAT_VALUE - 1000:
    case OP_SETUP_ANNOTATIONS:
    case OP_DELETE_FAST:
    case OP_DELETE_DEREF:
    case OP_DELETE_NAME:
    case OP_DELETE_GLOBAL: return 0;
    case OP_FORMAT_VALUE: return (a & 4) ? -1 : 0;
    case OP_POP_TOP:
    case OP_STORE_FAST:
    case OP_STORE_DEREF:
    case OP_STORE_NAME:
    case OP_STORE_GLOBAL:
    case OP_BINARY_OP:
    case OP_INPLACE_OP:
    case OP_COMPARE_OP:
    case OP_IS_OP:
    case OP_CONTAINS_OP:
    case OP_BINARY_SUBSCR:
    case OP_LIST_APPEND:
    case OP_SET_ADD:
    case OP_LIST_EXTEND:
    case OP_SET_UPDATE:
    case OP_DICT_UPDATE:
    case OP_DICT_MERGE:
    case OP_RETURN_VALUE:
    case OP_DELETE_ATTR:
    case OP_PRINT_EXPR:
    case OP_IMPORT_STAR:
    case OP_YIELD_FROM:
    case OP_RERAISE: return -1;
    case OP_DUP_TOP:
    case OP_LOAD_CONST:
    case OP_LOAD_FAST:
    case OP_LOAD_DEREF:
    case OP_LOAD_CLOSURE:
    case OP_LOAD_CLASSDEREF:
    case OP_LOAD_NAME:
    case OP_LOAD_GLOBAL:
    case OP_LOAD_METHOD:
    case OP_LOAD_BUILD_CLASS:
    case OP_LOAD_ASSERTION_ERROR:
    case OP_IMPORT_FROM: return 1;
    case OP_DUP_TOP_TWO: return 2;
    case OP_STORE_ATTR:
    case OP_DELETE_SUBSCR:
    case OP_MAP_ADD: return -2;
    case OP_STORE_SUBSCR: return -3;
    case OP_BUILD_SLICE: return 1 - a;
    case OP_BUILD_TUPLE:
    case OP_BUILD_LIST:
    case OP_BUILD_SET:
    case OP_BUILD_STRING: return 1 - a;
    case OP_BUILD_MAP: return 1 - 2 * a;
    case OP_UNPACK_SEQUENCE: return a - 1;
    case OP_UNPACK_EX: return (a & 0xfff) + (a >> 12);
    case OP_POP_JUMP_IF_FALSE:
    case OP_POP_JUMP_IF_TRUE: return -1;
    case OP_JUMP_IF_FALSE_OR_POP:
    case OP_JUMP_IF_TRUE_OR_POP: return jump ? 0 : -1;
    case OP_FOR_ITER: return jump ? -1 : 1;
    case OP_FOR_RANGE: return -(a & 0xf) - ((a & FY_FR_INIT) ? 2 : 0); /* [range, args (, X, kw)] -> [iterator] */
    case OP_CALL: return -a;
    case OP_CALL_KW: return -a - 1;
    case OP_CALL_METHOD: return -a - 1;
    case OP_CALL_EX: return (a & 1) ? -2 : -1;
    case OP_MAKE_FUNCTION: return -1 - ((a & 1) != 0) - ((a & 2) != 0) - ((a & 4) != 0) - ((a & 8) != 0);
    case OP_SETUP_FINALLY: return jump ? 2 : 0;
    case OP_POP_EXCEPT: return -2;
    case OP_RAISE_VARARGS: return -a;
    case OP_JUMP_IF_NOT_EXC_MATCH: return -2;
    case OP_SETUP_WITH: return jump ? 2 : 1;
    case OP_WITH_EXIT: return -1;
    case OP_WITH_EXCEPT_START: return 1;
    case OP_IMPORT_NAME: return 0;
    case OP_SCF_YIELD: return 0; /* [v] -> [loop results] */
    case OP_EVAL_ANNOTATION: return 0; /* [text] -> [value or text] */
    case OP_REGION_END: return 0;
    }
    return STACK_UNKNOWN;
}

static bool is_jump(int op) {
    return op == OP_JUMP || op == OP_POP_JUMP_IF_FALSE || op == OP_POP_JUMP_IF_TRUE || op == OP_JUMP_IF_FALSE_OR_POP ||
           op == OP_JUMP_IF_TRUE_OR_POP || op == OP_FOR_ITER || op == OP_SETUP_FINALLY || op == OP_SETUP_WITH ||
           op == OP_JUMP_IF_NOT_EXC_MATCH;
}

/* The walk also checks the compiler's output: every opcode has a listed effect, no depth goes
 * negative and all paths reach an instruction with one depth. A violation is a compiler bug; it
 * returns -1 - (the offending instruction) instead of running code with a wrong stack size. */
static int max_stack(cunit *u) {
    int n = u->n;
    int *depth = malloc((n + 1) * sizeof(int));
    int *work = malloc((n + 1) * sizeof(int));
    if (!depth || !work) {
        free(depth);
        free(work);
        return 256;
    }
    for (int i = 0; i <= n; i++) depth[i] = -1;
    int nw = 0, maxd = 0, bad = -1;
    depth[0] = 0;
    work[nw++] = 0;
    while (nw && bad < 0) {
        int i = work[--nw];
        int d = depth[i];
        for (; i < n; i++) {
            uint32_t ins = u->code[i];
            int op = FY_OPC(ins);
            if (is_jump(op)) {
                int t = FY_ARG(ins);
                int dj = d + stack_effect(ins, true);
                if (dj > maxd) maxd = dj;
                if (dj < 0 || dj >= STACK_UNKNOWN / 2 || t > n || (depth[t] >= 0 && depth[t] != dj)) {
                    bad = i;
                    break;
                }
                if (depth[t] < 0) {
                    depth[t] = dj;
                    work[nw++] = t;
                }
            }
            d += stack_effect(ins, false);
            if (d > maxd) maxd = d;
            if (d < 0 || d >= STACK_UNKNOWN / 2) {
                bad = i;
                break;
            }
            if (op == OP_JUMP || op == OP_RETURN_VALUE || op == OP_RERAISE || op == OP_RAISE_VARARGS) break;
            if (i + 1 <= n && depth[i + 1] >= 0) {
                if (depth[i + 1] != d) bad = i;
                break;
            }
            if (i + 1 <= n) depth[i + 1] = d;
        }
    }
    free(depth);
    free(work);
    return bad >= 0 ? -1 - bad : maxd + 4;
}

/* ------------------------------------------------------------------ traced-control-flow regions */

void fy_c_add_region(compiler *c, fy_region r) {
    cunit *u = c->u;
    if (u->nregions == u->capregions) {
        int nc = u->capregions ? 2 * u->capregions : 8;
        fy_region *nr = realloc(u->regions, (size_t)nc * sizeof *nr);
        if (!nr) {
            FY_XDECREF(r.names);
            c->error = true;
            return;
        }
        u->regions = nr;
        u->capregions = nc;
    }
    u->regions[u->nregions++] = r;
}

static int region_cmp(const void *a, const void *b) {
    int x = ((const fy_region *)a)->at, y = ((const fy_region *)b)->at;
    return (x > y) - (x < y);
}
static void sort_regions(cunit *u) {
    if (u->nregions > 1) qsort(u->regions, (size_t)u->nregions, sizeof *u->regions, region_cmp);
}

typedef struct {
    fy_obj *list;
    const char *skip;
} names_acc;
static void add_name_cb(const char *name, void *arg) {
    names_acc *a = arg;
    if (!a->list || (a->skip && !strcmp(name, a->skip))) return;
    fy_obj *s = fy_c_str(name);
    if (!s || fy_list_append_steal(a->list, s) < 0) FY_CLEAR(a->list);
}
/* The names statements s[0..n) assign except `skip`, then those they only change in place
 * (fy_stmt_mutated_names; *nassigned: how many come first), as a tuple (NULL when out of memory). */
static fy_obj *assigned_names(fy_stmt **s, int n, const char *skip, int *nassigned) {
    names_acc a = {fy_list_new(0), skip};
    for (int i = 0; i < n && a.list; i++) fy_stmt_assigned_names(s[i], add_name_cb, &a);
    int na = a.list ? (int)FY_LIST_N(a.list) : 0;
    for (int i = 0; i < n && a.list; i++) fy_stmt_mutated_names(s[i], add_name_cb, &a);
    if (!a.list) {
        fy_err_clear();
        return NULL;
    }
    /* a name also assigned is not "only changed in place" */
    fy_obj *l = fy_list_new(0);
    for (int64_t i = 0; l && i < FY_LIST_N(a.list); i++) {
        fy_obj *nm = FY_LIST_ITEMS(a.list)[i];
        int dup = 0;
        for (int64_t j = 0; j < FY_LIST_N(l) && !dup; j++) dup = fy_str_eq(FY_LIST_ITEMS(l)[j], nm);
        if (dup) continue;
        if (fy_list_append(l, nm) < 0) FY_CLEAR(l);
    }
    int kept_assigned = 0;
    if (l)
        for (int64_t j = 0; j < FY_LIST_N(l); j++)
            for (int64_t i = 0; i < na; i++)
                if (fy_str_eq(FY_LIST_ITEMS(l)[j], FY_LIST_ITEMS(a.list)[i])) {
                    kept_assigned = (int)j + 1;
                    break;
                }
    FY_DECREF(a.list);
    if (!l) {
        fy_err_clear();
        return NULL;
    }
    if (nassigned) *nassigned = kept_assigned;
    fy_obj *t = fy_list_as_tuple(l);
    FY_DECREF(l);
    if (!t) fy_err_clear();
    return t;
}

/* Escape tracking for regions: a return, or a break/continue to a loop at fb index < depth. */
typedef struct {
    int esc_min, ret_count;
} esc_mark;
static esc_mark esc_begin(cunit *u) {
    esc_mark m = {u->esc_min, u->ret_count};
    u->esc_min = 0;
    return m;
}
static void esc_end(cunit *u, esc_mark m, int depth, fy_region *r) {
    if (u->ret_count != m.ret_count) {
        r->bad_line = u->ret_line;
        r->bad_kind = 'r';
    } else if (u->esc_min && u->esc_min - 1 < depth) {
        r->bad_line = u->esc_line;
        r->bad_kind = 'b';
    }
    if (m.esc_min && (!u->esc_min || m.esc_min < u->esc_min)) u->esc_min = m.esc_min;
}

fy_obj *fy_c_make_code(compiler *c, cunit *u) {
    if (c->error) {
        free_unit(u);
        return NULL;
    }
    int ms = max_stack(u);
    if (ms < 0) {
        fy_err_format(&fy_SystemError, "compiler bug: inconsistent stack depth in %s at instruction %d (opcode %d)",
                      u->name ? u->name : "?", -1 - ms, (int)FY_OPC(u->code[-1 - ms]));
        free_unit(u);
        c->error = true;
        return NULL;
    }
    fy_code *co = (fy_code *)fy_alloc(&fy_code_type);
    if (!co) {
        free_unit(u);
        c->error = true;
        return NULL;
    }
    co->stacksize = ms;
    co->code = u->code;
    co->locs = u->locs;
    co->ncode = u->n;
    u->code = NULL;
    u->locs = NULL;
    co->consts = fy_list_as_tuple(u->consts);
    co->names = fy_list_as_tuple(u->names);
    co->varnames = fy_list_as_tuple(u->varnames);
    fy_scope *s = u->scope;
    co->cellvars = fy_tuple_new(s->ncell);
    for (int i = 0; i < s->ncell; i++) fy_tuple_set_steal(co->cellvars, i, fy_c_str(s->cellvars[i]));
    co->freevars = fy_tuple_new(s->nfree);
    for (int i = 0; i < s->nfree; i++) fy_tuple_set_steal(co->freevars, i, fy_c_str(s->freevars[i]));
    co->nlocals = (int)FY_LIST_N(u->varnames);
    co->ncells = s->ncell;
    co->nfrees = s->nfree;
    co->cell2arg = calloc(s->ncell ? s->ncell : 1, sizeof(int));
    int nargs_total = u->argcount + u->kwonly + ((u->flags & FY_CO_VARARGS) != 0) + ((u->flags & FY_CO_VARKW) != 0);
    for (int i = 0; i < s->ncell; i++) {
        co->cell2arg[i] = -1;
        for (int k = 0; k < nargs_total && k < co->nlocals; k++)
            if (!strcmp(FY_STR_DATA(FY_TUPLE_ITEMS(co->varnames)[k]), s->cellvars[i])) co->cell2arg[i] = k;
    }
    co->argcount = u->argcount;
    co->posonlycount = u->posonly;
    co->kwonlycount = u->kwonly;
    co->flags = u->flags;
    co->nblocks = u->maxblocks + 2;
    co->name = fy_str_from_cstr(u->name);
    co->qualname = u->qualname ? fy_ref(u->qualname) : fy_ref(co->name);
    co->filename = fy_ref(c->filename);
    co->source = c->source ? fy_ref(c->source) : NULL;
    co->firstline = u->firstline;
    co->cache = calloc(co->ncode ? co->ncode : 1, sizeof(void *));
    co->cache_ver = calloc(co->ncode ? 2 * co->ncode : 2, sizeof(uint64_t));
    sort_regions(u);
    co->regions = u->regions;
    co->nregions = u->nregions;
    u->regions = NULL;
    u->nregions = 0;
    free_unit(u);
    if (!co->consts || !co->names || !co->varnames || !co->cellvars || !co->freevars || !co->cell2arg || !co->cache ||
        !co->cache_ver) {
        FY_DECREF(co);
        c->error = true;
        return NULL;
    }
    return &co->h;
}

/* ------------------------------------------------------------------ blocks */

static fblock *push_fb(compiler *c, int type) {
    cunit *u = c->u;
    if (u->nfb >= 64) {
        fy_c_error(c, 0, 0, "too many statically nested blocks");
        return NULL;
    }
    fblock *f = &u->fb[u->nfb++];
    memset(f, 0, sizeof *f);
    f->type = type;
    return f;
}
static void pop_fb(compiler *c) {
    cunit *u = c->u;
    fblock *f = &u->fb[--u->nfb];
    free(f->breaks);
    f->breaks = NULL;
}
static void add_break(compiler *c, fblock *f, int at) {
    if (f->nbreaks == f->capbreaks) {
        int nc = f->capbreaks ? f->capbreaks * 2 : 8;
        int *p = realloc(f->breaks, nc * sizeof(int));
        if (!p) {
            c->error = true;
            return;
        }
        f->breaks = p;
        f->capbreaks = nc;
    }
    f->breaks[f->nbreaks++] = at;
}
static void block_depth(compiler *c, int delta) {
    c->u->curblocks += delta;
    if (c->u->curblocks > c->u->maxblocks) c->u->maxblocks = c->u->curblocks;
}

/* Unwind one frame block for a jump out of it (break/continue/return). */
static void unwind_fb(compiler *c, fblock *f, bool for_return) {
    switch (f->type) {
    case FB_FOR: EMIT(POP_TOP, 0); break;
    case FB_TRY_FINALLY: {
        EMIT(POP_BLOCK, 0);
        /* run the finally body inline; it may itself contain jumps */
        fy_stmt **body = f->finalbody;
        int n = f->nfinal;
        int saved_nfb = c->u->nfb;
        int idx = (int)(f - c->u->fb); /* statements in the finally body see only outer blocks */
        fblock saved[64];
        memcpy(saved, &c->u->fb[idx], (saved_nfb - idx) * sizeof(fblock));
        c->u->nfb = idx;
        if (push_fb(c, FB_FINALLY_BODY)) {
            fy_c_stmts(c, body, n);
            pop_fb(c);
        }
        memcpy(&c->u->fb[idx], saved, (saved_nfb - idx) * sizeof(fblock));
        c->u->nfb = saved_nfb;
        break;
    }
    case FB_HANDLER: EMIT(POP_EXCEPT, 0); break;
    case FB_TRY_EXCEPT: EMIT(POP_BLOCK, 0); break;
    case FB_WITH:
        EMIT(POP_BLOCK, 0);
        EMIT(WITH_EXIT, 0);
        break;
    default: break;
    }
}

static int ret_slot(compiler *c) {
    cunit *u = c->u;
    if (u->ret_slot < 0) {
        char name[32];
        snprintf(name, sizeof name, ".ret%d", (int)FY_LIST_N(u->varnames));
        fy_list_append_steal(u->varnames, fy_c_str(name));
        u->ret_slot = (int)FY_LIST_N(u->varnames) - 1;
    }
    return u->ret_slot;
}

/* ------------------------------------------------------------------ statements */

static void compile_stmt(compiler *c, fy_stmt *s);

void fy_c_stmts(compiler *c, fy_stmt **s, int n) {
    for (int i = 0; i < n && !c->error; i++) compile_stmt(c, s[i]);
}

static fy_obj *docstring_of(fy_stmt **body, int n) {
    if (n > 0 && body[0]->kind == FY_S_EXPR && body[0]->v.expr.value->kind == FY_E_CONSTANT &&
        body[0]->v.expr.value->v.constant.kind == FY_CONST_STR) {
        fy_constant *k = &body[0]->v.expr.value->v.constant;
        return fy_str_from(k->s, k->len);
    }
    return NULL;
}

static void compile_decorators_apply(compiler *c, int n) {
    for (int i = 0; i < n; i++) EMIT(CALL, 1);
}

static void compile_funcdef(compiler *c, fy_stmt *s) {
    for (int i = 0; i < s->v.functiondef.n_decorators; i++) fy_c_expr(c, s->v.functiondef.decorator_list[i]);
    set_loc_stmt(c, s);
    int flags = fy_c_push_defaults_pub(c, s->v.functiondef.args, s->v.functiondef.returns);
    fy_obj *qn = fy_c_qualname(c, s->v.functiondef.name, true);
    fy_scope *fs = s->v.functiondef.scope;
    /* as CPython: a decorated function's co_firstlineno is its first decorator's line */
    int first = s->v.functiondef.n_decorators ? s->v.functiondef.decorator_list[0]->line : s->line;
    fy_c_enter_unit(c, fs, s->v.functiondef.name, first);
    if (c->error) return;
    c->u->qualname = qn;
    cunit *u = c->u;
    fy_arguments *a = s->v.functiondef.args;
    u->posonly = a->n_posonlyargs;
    u->argcount = a->n_posonlyargs + a->n_args;
    u->kwonly = a->n_kwonlyargs;
    if (a->vararg) u->flags |= FY_CO_VARARGS;
    if (a->kwarg) u->flags |= FY_CO_VARKW;
    fy_obj *doc = docstring_of(s->v.functiondef.body, s->v.functiondef.n_body);
    fy_c_stmts(c, s->v.functiondef.body, s->v.functiondef.n_body);
    fy_loc end = {s->end_line, s->col, s->end_line, s->col, -1, -1, 0};
    c->u->loc = end;
    EMIT(LOAD_CONST, fy_c_const(c, fy_None));
    EMIT(RETURN_VALUE, 0);
    u = fy_c_leave_unit(c);
    fy_obj *code = fy_c_make_code(c, u);
    if (!code) {
        FY_XDECREF(doc);
        return;
    }
    ((fy_code *)code)->doc = doc;
    set_loc_stmt(c, s);
    fy_c_make_closure(c, fs, code, qn, flags);
    FY_DECREF(code);
    compile_decorators_apply(c, s->v.functiondef.n_decorators);
    fy_c_name_op(c, s->v.functiondef.name, FY_STORE);
}

static void compile_classdef(compiler *c, fy_stmt *s) {
    for (int i = 0; i < s->v.classdef.n_decorators; i++) fy_c_expr(c, s->v.classdef.decorator_list[i]);
    set_loc_stmt(c, s);
    fy_scope *cs = s->v.classdef.scope;
    fy_obj *qn = fy_c_qualname(c, s->v.classdef.name, false);
    EMIT(LOAD_BUILD_CLASS, 0);
    fy_c_enter_unit(c, cs, s->v.classdef.name, s->line);
    if (c->error) return;
    c->u->qualname = fy_ref(qn);
    set_loc_stmt(c, s);
    EMIT(LOAD_NAME, fy_c_name(c, "__name__"));
    EMIT(STORE_NAME, fy_c_name(c, "__module__"));
    EMIT(LOAD_CONST, fy_c_const(c, qn));
    EMIT(STORE_NAME, fy_c_name(c, "__qualname__"));
    fy_obj *doc = docstring_of(s->v.classdef.body, s->v.classdef.n_body);
    if (doc) {
        EMIT(LOAD_CONST, fy_c_const(c, doc));
        EMIT(STORE_NAME, fy_c_name(c, "__doc__"));
        FY_DECREF(doc);
    }
    if (cs->has_annotations) EMIT(SETUP_ANNOTATIONS, 0);
    fy_c_stmts(c, s->v.classdef.body, s->v.classdef.n_body);
    if (cs->needs_class_cell) {
        int slot = 0;
        for (int k = 0; k < cs->ncell; k++)
            if (!strcmp(cs->cellvars[k], "__class__")) slot = k;
        EMIT(LOAD_CLOSURE, slot);
    } else {
        EMIT(LOAD_CONST, fy_c_const(c, fy_None));
    }
    EMIT(RETURN_VALUE, 0);
    cunit *u = fy_c_leave_unit(c);
    u->flags |= FY_CO_CLASSBODY;
    fy_obj *code = fy_c_make_code(c, u);
    if (!code) {
        FY_DECREF(qn);
        return;
    }
    set_loc_stmt(c, s);
    fy_c_make_closure(c, cs, code, qn, 0);
    FY_DECREF(code);
    FY_DECREF(qn);
    {
        fy_obj *_s = fy_c_str(s->v.classdef.name);
        EMIT(LOAD_CONST, fy_c_const(c, _s));
        FY_XDECREF(_s);
    }
    /* bases and keywords as a call: __build_class__(func, name, *bases, **kw) */
    int nb = s->v.classdef.n_bases, nk = s->v.classdef.n_keywords;
    bool star = false;
    for (int i = 0; i < nb; i++)
        if (s->v.classdef.bases[i]->kind == FY_E_STARRED) star = true;
    for (int i = 0; i < nk; i++)
        if (!s->v.classdef.keywords[i]->arg) star = true;
    if (!star) {
        for (int i = 0; i < nb; i++) fy_c_expr(c, s->v.classdef.bases[i]);
        if (nk) {
            fy_obj *names = fy_tuple_new(nk);
            for (int i = 0; i < nk; i++) {
                fy_c_expr(c, s->v.classdef.keywords[i]->value);
                fy_tuple_set_steal(names, i, fy_c_str(s->v.classdef.keywords[i]->arg));
            }
            EMIT(LOAD_CONST, fy_c_const(c, names));
            FY_DECREF(names);
            set_loc_stmt(c, s);
            EMIT(CALL_KW, 2 + nb + nk);
        } else {
            set_loc_stmt(c, s);
            EMIT(CALL, 2 + nb);
        }
    } else {
        /* build a call expression on the fly: f, name on stack -> tuple */
        EMIT(BUILD_LIST, 2);
        for (int i = 0; i < nb; i++) {
            fy_expr *b = s->v.classdef.bases[i];
            if (b->kind == FY_E_STARRED) {
                fy_c_expr(c, b->v.starred.value);
                EMIT(LIST_EXTEND, 1);
            } else {
                fy_c_expr(c, b);
                EMIT(BUILD_LIST, 1);
                EMIT(LIST_EXTEND, 1);
            }
        }
        EMIT(LIST_TO_TUPLE, 0);
        EMIT(BUILD_MAP, 0);
        for (int i = 0; i < nk; i++) {
            fy_keyword *k = s->v.classdef.keywords[i];
            if (k->arg) {
                {
                    fy_obj *_s = fy_c_str(k->arg);
                    EMIT(LOAD_CONST, fy_c_const(c, _s));
                    FY_XDECREF(_s);
                }
                fy_c_expr(c, k->value);
                EMIT(BUILD_MAP, 1);
                EMIT(DICT_MERGE, 1);
            } else {
                fy_c_expr(c, k->value);
                EMIT(DICT_MERGE, 1);
            }
        }
        /* the function is below: rearrange: stack is [build_class, tuple, dict] */
        set_loc_stmt(c, s);
        EMIT(CALL_EX, 1);
    }
    compile_decorators_apply(c, s->v.classdef.n_decorators);
    fy_c_name_op(c, s->v.classdef.name, FY_STORE);
}

static void compile_if(compiler *c, fy_stmt *s) {
    int p[64], np = 0;
    cunit *u = c->u;
    fy_expr *test = s->v.if_.test;
    if (test->kind == FY_E_BOOLOP) { /* one deciding jump (code.h: regions) */
        fy_c_expr(c, test);
        p[np++] = EMIT(POP_JUMP_IF_FALSE, 0);
    } else {
        fy_c_cond_jump(c, test, false, p, &np);
    }
    fy_region r = {.at = np == 1 ? p[0] : -1, .kind = FY_RG_IF, .line = s->line};
    esc_mark m = esc_begin(u);
    fy_c_stmts(c, s->v.if_.body, s->v.if_.n_body);
    if (s->v.if_.n_orelse) {
        int end = EMIT(JUMP, 0);
        for (int i = 0; i < np; i++) fy_c_patch(c, p[i], fy_c_here(c));
        r.a_end = end;
        r.b_start = fy_c_here(c);
        fy_c_stmts(c, s->v.if_.orelse, s->v.if_.n_orelse);
        fy_c_patch(c, end, fy_c_here(c));
        r.b_end = fy_c_here(c);
    } else {
        for (int i = 0; i < np; i++) fy_c_patch(c, p[i], fy_c_here(c));
        r.a_end = r.b_start = r.b_end = fy_c_here(c);
    }
    esc_end(u, m, u->nfb, &r);
    if (r.at >= 0 && !c->error) {
        fy_obj *n1 = assigned_names(s->v.if_.body, s->v.if_.n_body, NULL, NULL);
        fy_obj *n2 = assigned_names(s->v.if_.orelse, s->v.if_.n_orelse, NULL, NULL);
        if (n1 && n2) {
            fy_obj *both = fy_list_new(0);
            if (both && fy_list_extend(both, n1) == 0 && fy_list_extend(both, n2) == 0)
                r.names = fy_list_as_tuple(both);
            FY_XDECREF(both);
            fy_err_clear();
        }
        FY_XDECREF(n1);
        FY_XDECREF(n2);
        if (r.names) fy_c_add_region(c, r);
    }
}

static void compile_while(compiler *c, fy_stmt *s) {
    int top = fy_c_here(c);
    int p[64], np = 0;
    fy_expr *test = s->v.while_.test;
    if (test->kind == FY_E_BOOLOP) { /* one deciding jump (code.h: regions) */
        fy_c_expr(c, test);
        p[np++] = EMIT(POP_JUMP_IF_FALSE, 0);
    } else {
        fy_c_cond_jump(c, test, false, p, &np);
    }
    int depth = c->u->nfb;
    fblock *f = push_fb(c, FB_LOOP);
    if (!f) return;
    f->start = top;
    esc_mark m = esc_begin(c->u);
    fy_c_stmts(c, s->v.while_.body, s->v.while_.n_body);
    set_loc_stmt(c, s);
    EMIT(CHECK_INTERRUPT, 0);
    int back = EMIT(JUMP, top);
    for (int i = 0; i < np; i++) fy_c_patch(c, p[i], fy_c_here(c));
    /* scf.while while tracing: the test is [top, at), the body [at+1, a_end) */
    fy_region r = {.at = np == 1 ? p[0] : -1,
                   .kind = FY_RG_WHILE,
                   .a_end = back,
                   .b_start = top,
                   .b_end = fy_c_here(c),
                   .line = s->line};
    esc_end(c->u, m, depth + 1, &r);
    if (r.at >= 0 && !c->error) {
        r.names = assigned_names(s->v.while_.body, s->v.while_.n_body, NULL, &r.nassigned);
        if (r.names) fy_c_add_region(c, r);
    }
    f = &c->u->fb[c->u->nfb - 1];
    int nb = f->nbreaks;
    int *br = f->breaks;
    f->breaks = NULL;
    pop_fb(c);
    fy_c_stmts(c, s->v.while_.orelse, s->v.while_.n_orelse);
    for (int i = 0; i < nb; i++) fy_c_patch(c, br[i], fy_c_here(c));
    free(br);
}

/* Is e `range(a[, b[, c]])` with plain positional arguments? */
static bool is_range_call(fy_expr *e) {
    if (e->kind != FY_E_CALL || e->v.call.n_keywords || e->v.call.n_args < 1 || e->v.call.n_args > 3) return false;
    fy_expr *fn = e->v.call.func;
    if (fn->kind != FY_E_NAME || strcmp(fn->v.name.id, "range")) return false;
    for (int i = 0; i < e->v.call.n_args; i++)
        if (e->v.call.args[i]->kind == FY_E_STARRED) return false;
    return true;
}

/* Does yield e end statement list body[0..n): its last statement, or the last of a branch of an `if`
 * (elif, else) that is the last statement, at any depth? */
bool fy_c_tail_yield(fy_stmt **body, int n, const fy_expr *e) {
    fy_stmt *l = n ? body[n - 1] : NULL;
    if (!l) return false;
    if (l->kind == FY_S_IF)
        return fy_c_tail_yield(l->v.if_.body, l->v.if_.n_body, e) ||
               fy_c_tail_yield(l->v.if_.orelse, l->v.if_.n_orelse, e);
    fy_expr *v = l->kind == FY_S_EXPR ? l->v.expr.value : l->kind == FY_S_ASSIGN ? l->v.assign.value : NULL;
    return v == e;
}

static void compile_for(compiler *c, fy_stmt *s) {
    fy_expr *iter = s->v.for_.iter, *init = fy_c_init_range(iter);
    bool rng = init || is_range_call(iter);
    int at = -1;
    if (rng) { /* FOR_RANGE: scf.for while tracing (code.h: regions) */
        fy_c_expr(c, iter->v.call.func);
        for (int i = 0; i < iter->v.call.n_args; i++) fy_c_expr(c, iter->v.call.args[i]);
        if (init) {
            fy_c_expr(c, init);
            fy_obj *kw = fy_tuple_new(1);
            if (!kw) {
                c->error = true;
                return;
            }
            fy_tuple_set_steal(kw, 0, fy_c_str("init"));
            EMIT(LOAD_CONST, fy_c_const(c, kw));
            FY_DECREF(kw);
        }
        set_loc_stmt(c, s);
        fy_c_set_loc_expr(c, iter);
        at = EMIT(FOR_RANGE, iter->v.call.n_args | (init ? FY_FR_INIT : 0));
    } else {
        fy_c_expr(c, iter);
        set_loc_stmt(c, s);
        fy_c_set_loc_expr(c, iter);
        EMIT(GET_ITER, 0);
    }
    int top = fy_c_here(c);
    int exit = EMIT(FOR_ITER, 0);
    int depth = c->u->nfb;
    fblock *f = push_fb(c, FB_FOR);
    if (!f) return;
    f->start = top;
    esc_mark m = esc_begin(c->u);
    fy_c_store(c, s->v.for_.target);
    int scf_depth = c->u->scf_depth;
    fy_stmt **scf_body = c->u->scf_body;
    int scf_nbody = c->u->scf_nbody;
    if (init) {
        c->u->scf_depth++;
        c->u->scf_body = s->v.for_.body;
        c->u->scf_nbody = s->v.for_.n_body;
    }
    fy_c_stmts(c, s->v.for_.body, s->v.for_.n_body);
    c->u->scf_depth = scf_depth;
    c->u->scf_body = scf_body;
    c->u->scf_nbody = scf_nbody;
    set_loc_stmt(c, s);
    int back = EMIT(JUMP, top);
    fy_c_patch(c, exit, fy_c_here(c));
    fy_region r = {.at = at, .kind = FY_RG_FOR, .a_end = back, .b_start = fy_c_here(c), .line = s->line};
    esc_end(c->u, m, depth + 1, &r);
    if (rng && !c->error) {
        fy_expr *t = s->v.for_.target;
        r.names =
            assigned_names(s->v.for_.body, s->v.for_.n_body, t->kind == FY_E_NAME ? t->v.name.id : NULL, &r.nassigned);
        if (r.names) fy_c_add_region(c, r);
    }
    f = &c->u->fb[c->u->nfb - 1];
    int nb = f->nbreaks;
    int *br = f->breaks;
    f->breaks = NULL;
    pop_fb(c);
    fy_c_stmts(c, s->v.for_.orelse, s->v.for_.n_orelse);
    for (int i = 0; i < nb; i++) fy_c_patch(c, br[i], fy_c_here(c));
    free(br);
}

static void compile_break_continue(compiler *c, fy_stmt *s, bool is_break) {
    cunit *u = c->u;
    int i;
    for (i = u->nfb - 1; i >= 0; i--)
        if (u->fb[i].type == FB_LOOP || u->fb[i].type == FB_FOR) break;
    if (i < 0) {
        fy_c_error(c, s->line, s->col, is_break ? "'break' outside loop" : "'continue' not properly in loop");
        return;
    }
    for (int k = u->nfb - 1; k > i; k--) unwind_fb(c, &u->fb[k], false);
    if (!u->esc_min || i + 1 < u->esc_min) {
        u->esc_min = i + 1;
        u->esc_line = s->line;
    }
    if (is_break) {
        if (u->fb[i].type == FB_FOR) EMIT(POP_TOP, 0);
        int j = EMIT(JUMP, 0);
        add_break(c, &u->fb[i], j);
    } else {
        if (u->fb[i].type == FB_LOOP) EMIT(CHECK_INTERRUPT, 0);
        EMIT(JUMP, u->fb[i].start);
    }
}

static void compile_return(compiler *c, fy_stmt *s) {
    cunit *u = c->u;
    if (u->scope->kind != SCOPE_FUNCTION) {
        fy_c_error(c, s->line, s->col, "'return' outside function");
        return;
    }
    u->ret_count++;
    u->ret_line = s->line;
    if (s->v.return_.value) fy_c_expr(c, s->v.return_.value);
    else EMIT(LOAD_CONST, fy_c_const(c, fy_None));
    set_loc_stmt(c, s);
    bool need_unwind = false;
    for (int k = u->nfb - 1; k >= 0; k--)
        if (u->fb[k].type != FB_LOOP && u->fb[k].type != FB_FINALLY_BODY) need_unwind = true;
    if (need_unwind) {
        int slot = ret_slot(c);
        EMIT(STORE_FAST, slot);
        for (int k = u->nfb - 1; k >= 0; k--) unwind_fb(c, &u->fb[k], true);
        EMIT(LOAD_FAST, slot);
    }
    EMIT(RETURN_VALUE, 0);
}

static void compile_try(compiler *c, fy_stmt *s) {
    bool has_finally = s->v.try_.n_finalbody > 0;
    int fin_setup = -1;
    if (has_finally) {
        fin_setup = EMIT(SETUP_FINALLY, 0);
        block_depth(c, 1);
        fblock *f = push_fb(c, FB_TRY_FINALLY);
        if (!f) return;
        f->finalbody = s->v.try_.finalbody;
        f->nfinal = s->v.try_.n_finalbody;
    }
    if (s->v.try_.n_handlers) {
        int setup = EMIT(SETUP_FINALLY, 0);
        block_depth(c, 1);
        if (!push_fb(c, FB_TRY_EXCEPT)) return;
        fy_c_stmts(c, s->v.try_.body, s->v.try_.n_body);
        pop_fb(c);
        EMIT(POP_BLOCK, 0);
        block_depth(c, -1);
        fy_c_stmts(c, s->v.try_.orelse, s->v.try_.n_orelse);
        int to_end = EMIT(JUMP, 0);
        int ends[128], ne = 0;
        fy_c_patch(c, setup, fy_c_here(c));
        /* stack: prev, exc */
        block_depth(c, 1);
        for (int i = 0; i < s->v.try_.n_handlers; i++) {
            fy_excepthandler *h = s->v.try_.handlers[i];
            fy_loc l = {h->line, h->col, h->end_line, h->end_col, -1, -1, 0};
            c->u->loc = l;
            int next = -1;
            if (h->type) {
                EMIT(DUP_TOP, 0);
                fy_c_expr(c, h->type);
                next = EMIT(JUMP_IF_NOT_EXC_MATCH, 0);
            } else if (i != s->v.try_.n_handlers - 1) {
                fy_c_error(c, h->line, h->col, "default 'except:' must be last");
                return;
            }
            if (h->name) {
                EMIT(DUP_TOP, 0);
                fy_c_name_op(c, h->name, FY_STORE);
            }
            fblock *hf = push_fb(c, FB_HANDLER);
            if (!hf) return;
            fy_c_stmts(c, h->body, h->n_body);
            pop_fb(c);
            EMIT(POP_EXCEPT, 0);
            if (h->name) {
                EMIT(LOAD_CONST, fy_c_const(c, fy_None));
                fy_c_name_op(c, h->name, FY_STORE);
                fy_c_name_op(c, h->name, FY_DEL);
            }
            if (ne < 128) ends[ne++] = EMIT(JUMP, 0);
            if (next >= 0) fy_c_patch(c, next, fy_c_here(c));
        }
        EMIT(RERAISE, 0);
        block_depth(c, -1);
        fy_c_patch(c, to_end, fy_c_here(c));
        for (int i = 0; i < ne; i++) fy_c_patch(c, ends[i], fy_c_here(c));
    } else {
        fy_c_stmts(c, s->v.try_.body, s->v.try_.n_body);
        fy_c_stmts(c, s->v.try_.orelse, s->v.try_.n_orelse);
    }
    if (has_finally) {
        pop_fb(c);
        EMIT(POP_BLOCK, 0);
        block_depth(c, -1);
        fblock *fb = push_fb(c, FB_FINALLY_BODY);
        (void)fb;
        fy_c_stmts(c, s->v.try_.finalbody, s->v.try_.n_finalbody);
        pop_fb(c);
        int end = EMIT(JUMP, 0);
        fy_c_patch(c, fin_setup, fy_c_here(c));
        block_depth(c, 1);
        fblock *hf = push_fb(c, FB_HANDLER);
        (void)hf;
        fy_c_stmts(c, s->v.try_.finalbody, s->v.try_.n_finalbody);
        pop_fb(c);
        EMIT(RERAISE, 0);
        block_depth(c, -1);
        fy_c_patch(c, end, fy_c_here(c));
    }
}

static void compile_with_items(compiler *c, fy_stmt *s, int i) {
    fy_withitem *it = s->v.with.items[i];
    fy_c_expr(c, it->context_expr);
    set_loc_stmt(c, s);
    fy_c_set_loc_expr(c, it->context_expr);
    int setup = EMIT(SETUP_WITH, 0);
    block_depth(c, 1);
    if (it->optional_vars) fy_c_store(c, it->optional_vars);
    else EMIT(POP_TOP, 0);
    fblock *f = push_fb(c, FB_WITH);
    if (!f) return;
    if (i + 1 < s->v.with.n_items) compile_with_items(c, s, i + 1);
    else fy_c_stmts(c, s->v.with.body, s->v.with.n_body);
    pop_fb(c);
    fy_c_set_loc_expr(c, it->context_expr);
    EMIT(POP_BLOCK, 0);
    block_depth(c, -1);
    EMIT(WITH_EXIT, 0);
    int end = EMIT(JUMP, 0);
    fy_c_patch(c, setup, fy_c_here(c));
    /* stack: exit, prev, exc */
    block_depth(c, 1);
    EMIT(WITH_EXCEPT_START, 0);
    int sup = EMIT(POP_JUMP_IF_TRUE, 0);
    EMIT(RERAISE, 0);
    fy_c_patch(c, sup, fy_c_here(c));
    EMIT(POP_EXCEPT, 0);
    EMIT(POP_TOP, 0);
    block_depth(c, -1);
    fy_c_patch(c, end, fy_c_here(c));
}

static void compile_import(compiler *c, fy_stmt *s) {
    for (int i = 0; i < s->v.import.n_names; i++) {
        fy_alias *a = s->v.import.names[i];
        EMIT(LOAD_CONST, fy_c_const(c, fy_None)); /* fromlist */
        EMIT(IMPORT_NAME, fy_c_name(c, a->name));
        /* arg encodes level 0 in the name op; IMPORT_NAME pops fromlist, pushes module */
        if (a->asname) {
            /* import a.b.c as x: bind the submodule */
            const char *p = strchr(a->name, '.');
            while (p) {
                const char *q = strchr(p + 1, '.');
                char buf[256];
                size_t k = q ? (size_t)(q - p - 1) : strlen(p + 1);
                if (k >= sizeof buf) k = sizeof buf - 1;
                memcpy(buf, p + 1, k);
                buf[k] = 0;
                EMIT(IMPORT_FROM, fy_c_name(c, buf));
                EMIT(ROT_TWO, 0);
                EMIT(POP_TOP, 0);
                p = q;
            }
            fy_c_name_op(c, a->asname, FY_STORE);
        } else {
            const char *dot = strchr(a->name, '.');
            if (dot) {
                char buf[256];
                size_t k = (size_t)(dot - a->name);
                if (k >= sizeof buf) k = sizeof buf - 1;
                memcpy(buf, a->name, k);
                buf[k] = 0;
                fy_c_name_op(c, FY_STR_DATA(fy_intern(buf)), FY_STORE);
            } else {
                fy_c_name_op(c, a->name, FY_STORE);
            }
        }
    }
}

static void compile_importfrom(compiler *c, fy_stmt *s) {
    int n = s->v.importfrom.n_names;
    fy_obj *fl = fy_tuple_new(n);
    for (int i = 0; i < n; i++) fy_tuple_set_steal(fl, i, fy_c_str(s->v.importfrom.names[i]->name));
    EMIT(LOAD_CONST, fy_c_const(c, fl));
    FY_DECREF(fl);
    /* module name with leading dots for relative imports */
    char buf[512];
    int lvl = s->v.importfrom.level;
    if (lvl > 100) lvl = 100;
    for (int i = 0; i < lvl; i++) buf[i] = '.';
    snprintf(buf + lvl, sizeof buf - lvl, "%s", s->v.importfrom.module ? s->v.importfrom.module : "");
    EMIT(IMPORT_NAME, fy_c_name(c, buf));
    if (n == 1 && !strcmp(s->v.importfrom.names[0]->name, "*")) {
        EMIT(IMPORT_STAR, 0);
        return;
    }
    for (int i = 0; i < n; i++) {
        fy_alias *a = s->v.importfrom.names[i];
        EMIT(IMPORT_FROM, fy_c_name(c, a->name));
        fy_c_name_op(c, a->asname ? a->asname : a->name, FY_STORE);
    }
    EMIT(POP_TOP, 0);
}

static bool seq_has_star(fy_expr *e) {
    for (int i = 0; i < e->v.seq.n_elts; i++)
        if (e->v.seq.elts[i]->kind == FY_E_STARRED) return true;
    return false;
}

/* `a, b = b, a` (2 to 4 names or other targets on both sides, no starred item): the values are
 * left on the stack and reordered with ROT_n ... ROT_TWO instead of going through a tuple that
 * UNPACK_SEQUENCE takes apart again (the order of evaluation and of stores is the same). */
static bool swap_assign(compiler *c, fy_stmt *s) {
    if (s->v.assign.n_targets != 1) return false;
    fy_expr *t = s->v.assign.targets[0], *v = s->v.assign.value;
    if ((t->kind != FY_E_TUPLE && t->kind != FY_E_LIST) || (v->kind != FY_E_TUPLE && v->kind != FY_E_LIST))
        return false;
    int n = t->v.seq.n_elts;
    if (n < 2 || n > 4 || v->v.seq.n_elts != n || seq_has_star(t) || seq_has_star(v)) return false;
    for (int i = 0; i < n; i++) fy_c_expr(c, v->v.seq.elts[i]);
    static const int rot[5] = {0, 0, OP_ROT_TWO, OP_ROT_THREE, OP_ROT_FOUR};
    for (int k = n; k >= 2; k--) fy_c_emit(c, rot[k], 0);
    for (int i = 0; i < n; i++) fy_c_store(c, t->v.seq.elts[i]);
    return true;
}

static void compile_stmt(compiler *c, fy_stmt *s) {
    if (c->error) return;
    set_loc_stmt(c, s);
    switch (s->kind) {
    case FY_S_FUNCTIONDEF: compile_funcdef(c, s); break;
    case FY_S_CLASSDEF: compile_classdef(c, s); break;
    case FY_S_RETURN: compile_return(c, s); break;
    case FY_S_DELETE:
        for (int i = 0; i < s->v.delete.n_targets; i++) fy_c_delete(c, s->v.delete.targets[i]);
        break;
    case FY_S_ASSIGN: {
        if (swap_assign(c, s)) break;
        fy_c_expr(c, s->v.assign.value);
        int n = s->v.assign.n_targets;
        for (int i = 0; i < n; i++) {
            if (i < n - 1) EMIT(DUP_TOP, 0);
            fy_c_store(c, s->v.assign.targets[i]);
        }
        break;
    }
    case FY_S_AUGASSIGN: {
        fy_expr *t = s->v.augassign.target;
        fy_loc l;
        switch (t->kind) {
        case FY_E_NAME:
            fy_c_name_op(c, t->v.name.id, FY_LOAD);
            fy_c_expr(c, s->v.augassign.value);
            set_loc_stmt(c, s);
            EMIT(INPLACE_OP, (int)s->v.augassign.op);
            fy_c_name_op(c, t->v.name.id, FY_STORE);
            break;
        case FY_E_ATTRIBUTE:
            fy_c_expr(c, t->v.attribute.value);
            EMIT(DUP_TOP, 0);
            fy_c_set_loc_expr(c, t);
            EMIT(LOAD_ATTR, fy_c_name(c, fy_scope_mangle(c->u->scope, t->v.attribute.attr)));
            fy_c_expr(c, s->v.augassign.value);
            set_loc_stmt(c, s);
            EMIT(INPLACE_OP, (int)s->v.augassign.op);
            EMIT(ROT_TWO, 0);
            fy_c_set_loc_expr(c, t);
            EMIT(STORE_ATTR, fy_c_name(c, fy_scope_mangle(c->u->scope, t->v.attribute.attr)));
            break;
        case FY_E_SUBSCRIPT:
            fy_c_expr(c, t->v.subscript.value);
            fy_c_expr(c, t->v.subscript.slice);
            EMIT(DUP_TOP_TWO, 0);
            fy_c_set_loc_expr(c, t);
            EMIT(BINARY_SUBSCR, 0);
            fy_c_expr(c, s->v.augassign.value);
            set_loc_stmt(c, s);
            EMIT(INPLACE_OP, (int)s->v.augassign.op);
            EMIT(ROT_THREE, 0);
            fy_c_set_loc_expr(c, t);
            EMIT(STORE_SUBSCR, 0);
            break;
        default:
            l = c->u->loc;
            (void)l;
            fy_c_error(c, t->line, t->col, "'%s' is an illegal expression for augmented assignment",
                       t->kind == FY_E_TUPLE  ? "tuple"
                       : t->kind == FY_E_LIST ? "list"
                                              : "expression");
        }
        break;
    }
    case FY_S_ANNASSIGN: {
        fy_expr *t = s->v.annassign.target;
        if (s->v.annassign.value) {
            fy_c_expr(c, s->v.annassign.value);
            fy_c_store(c, t);
        }
        if (t->kind == FY_E_NAME && s->v.annassign.simple && c->u->scope->kind != SCOPE_FUNCTION) {
            fy_c_annotation(c, s->v.annassign.annotation);
            EMIT(LOAD_NAME, fy_c_name(c, "__annotations__"));
            {
                fy_obj *_s = fy_c_str(t->v.name.id);
                EMIT(LOAD_CONST, fy_c_const(c, _s));
                FY_XDECREF(_s);
            }
            EMIT(STORE_SUBSCR, 0);
        } else if (t->kind != FY_E_NAME && !s->v.annassign.value) {
            /* evaluate the target's subexpressions like CPython */
            if (t->kind == FY_E_ATTRIBUTE) {
                fy_c_expr(c, t->v.attribute.value);
                EMIT(POP_TOP, 0);
            }
        }
        break;
    }
    case FY_S_FOR: compile_for(c, s); break;
    case FY_S_WHILE: compile_while(c, s); break;
    case FY_S_IF: compile_if(c, s); break;
    case FY_S_WITH: compile_with_items(c, s, 0); break;
    case FY_S_RAISE:
        if (s->v.raise.exc) {
            fy_c_expr(c, s->v.raise.exc);
            if (s->v.raise.cause) fy_c_expr(c, s->v.raise.cause);
        }
        set_loc_stmt(c, s);
        EMIT(RAISE_VARARGS, s->v.raise.exc ? (s->v.raise.cause ? 2 : 1) : 0);
        break;
    case FY_S_TRY: compile_try(c, s); break;
    case FY_S_ASSERT: {
        if (c->rewrite_asserts) {
            fy_c_assert_rewritten(c, s, set_loc_stmt);
            break;
        }
        int p[64], np = 0;
        fy_c_cond_jump(c, s->v.assert_.test, true, p, &np);
        set_loc_stmt(c, s);
        EMIT(LOAD_ASSERTION_ERROR, 0);
        if (s->v.assert_.msg) {
            fy_c_expr(c, s->v.assert_.msg);
            set_loc_stmt(c, s);
            EMIT(CALL, 1);
        }
        EMIT(RAISE_VARARGS, 1);
        for (int i = 0; i < np; i++) fy_c_patch(c, p[i], fy_c_here(c));
        break;
    }
    case FY_S_IMPORT: compile_import(c, s); break;
    case FY_S_IMPORTFROM: compile_importfrom(c, s); break;
    case FY_S_GLOBAL:
    case FY_S_NONLOCAL:
    case FY_S_PASS: break;
    case FY_S_EXPR:
        fy_c_expr(c, s->v.expr.value);
        set_loc_stmt(c, s);
        if (c->u->interactive && c->u->scope->kind == SCOPE_MODULE && c->u->nfb == 0 && s->flags == 1)
            EMIT(PRINT_EXPR, 0);
        else EMIT(POP_TOP, 0);
        break;
    case FY_S_BREAK: compile_break_continue(c, s, true); break;
    case FY_S_CONTINUE: compile_break_continue(c, s, false); break;
    }
}

/* exported wrapper for compile_expr.c's static helper */

/* ------------------------------------------------------------------ entry points */

fy_obj *fy_compile(fy_ast_module *m, const char *filename, int mode) {
    compiler cc = {0}, *c = &cc;
    c->mod = m;
    c->mode = mode;
    c->filename = fy_str_from_cstr(filename ? filename : m->filename);
    c->source = fy_str_from(m->source, m->source_len);
    if (!c->filename || !c->source) {
        FY_XDECREF(c->filename);
        FY_XDECREF(c->source);
        return NULL;
    }
    bool is_expr = m->mode == FY_MODE_EVAL;
    fy_scope *root = fy_scope_build(m->body, m->n_body, is_expr, m->expr, FY_STR_DATA(c->filename));
    if (!root) {
        FY_DECREF(c->filename);
        FY_DECREF(c->source);
        return NULL;
    }
    c->root = root;
    for (int i = 0; !is_expr && i < m->n_body; i++) {
        fy_stmt *st = m->body[i];
        if (st->kind != FY_S_IMPORTFROM || !st->v.importfrom.module || strcmp(st->v.importfrom.module, "__future__"))
            continue;
        for (int k = 0; k < st->v.importfrom.n_names; k++)
            if (!strcmp(st->v.importfrom.names[k]->name, "annotations")) c->future_annotations = true;
    }
    fy_c_enter_unit(c, root, "<module>", 1);
    c->u->module_globals = !(mode & 4);
    c->rewrite_asserts = (mode & FY_COMPILE_REWRITE_ASSERTS) != 0;
    mode &= 3;
    c->mode = mode;
    c->u->interactive = mode == 2;
    c->u->flags |= FY_CO_MODULE;
    if (is_expr) {
        fy_c_expr(c, m->expr);
        EMIT(RETURN_VALUE, 0);
    } else {
        if (mode == 2 && m->n_body > 0 && m->body[m->n_body - 1]->kind == FY_S_EXPR) m->body[m->n_body - 1]->flags = 1;
        fy_obj *doc = mode == 0 ? docstring_of(m->body, m->n_body) : NULL;
        if (doc) {
            EMIT(LOAD_CONST, fy_c_const(c, doc));
            EMIT(STORE_GLOBAL, fy_c_name(c, "__doc__"));
            FY_DECREF(doc);
        }
        if (root->has_annotations) EMIT(SETUP_ANNOTATIONS, 0);
        fy_c_stmts(c, m->body, m->n_body);
        EMIT(LOAD_CONST, fy_c_const(c, fy_None));
        EMIT(RETURN_VALUE, 0);
    }
    cunit *u = fy_c_leave_unit(c);
    fy_obj *code = fy_c_make_code(c, u);
    while (c->u) free_unit(fy_c_leave_unit(c));
    fy_scope_free(root);
    FY_DECREF(c->filename);
    FY_DECREF(c->source);
    if (c->error) {
        FY_XDECREF(code);
        if (!fy_err_occurred()) fy_err_set(&fy_SystemError, "compilation failed");
        return NULL;
    }
    return code;
}

/* Raise a SyntaxError from a parser error record. */
void fy_raise_syntax_error(const fy_syntax_error *err, const char *filename, const char *src, size_t len) {
    fy_type *t = err->kind == FY_ERR_INDENTATION ? &fy_IndentationError
                 : err->kind == FY_ERR_TAB       ? &fy_TabError
                 : err->kind == FY_ERR_MEMORY    ? &fy_MemoryError
                 : err->kind == FY_ERR_RECURSION ? &fy_RecursionError
                                                 : &fy_SyntaxError;
    if (t == &fy_MemoryError || t == &fy_RecursionError) {
        fy_err_set(t, err->msg);
        return;
    }
    fy_obj *msg = fy_str_from_cstr(err->msg);
    fy_obj *fn = fy_str_from_cstr(filename ? filename : "<unknown>");
    fy_obj *ln = fy_int_from(err->line), *off = fy_int_from(err->offset);
    size_t tl = 0;
    const char *t0 = src ? fy_source_line(src, len, err->line, &tl) : NULL;
    fy_obj *txt = t0 ? fy_str_from(t0, tl) : fy_none();
    fy_obj *el = fy_int_from(err->end_line), *eo = fy_int_from(err->end_offset);
    fy_obj *info = fy_tuple_pack(6, fn, ln, off, txt, el, eo);
    fy_obj *args[2] = {msg, info};
    fy_obj *e = fy_exc_new(t, args, 2);
    if (e) fy_err_restore(e);
    FY_XDECREF(msg);
    FY_XDECREF(fn);
    FY_XDECREF(ln);
    FY_XDECREF(off);
    FY_XDECREF(txt);
    FY_XDECREF(el);
    FY_XDECREF(eo);
    FY_XDECREF(info);
}

fy_obj *fy_compile_source(const char *src, size_t len, const char *filename, int mode) {
    fy_syntax_error err = {0};
    fy_ast_module *m = fy_parse(src, len, filename, (mode & 3) == 1 ? FY_MODE_EVAL : FY_MODE_EXEC, &err);
    if (!m) {
        fy_raise_syntax_error(&err, filename, src, len);
        return NULL;
    }
    fy_obj *code = fy_compile(m, filename, mode);
    fy_ast_module_free(m);
    return code;
}
