/* trace_scf.c - control flow on traced values while a kernel is traced: scf.if, scf.for, select.
 *
 * Design (see also code.h, "Control flow while tracing"). There is no AST rewriting: the interpreter
 * runs the kernel body as ordinary bytecode, and only where a plain value cannot be used does the VM
 * call in here:
 *   - a conditional jump (POP_JUMP_IF_FALSE/TRUE) whose truth test failed on a traced value;
 *   - JUMP_IF_FALSE_OR_POP / JUMP_IF_TRUE_OR_POP (`and`/`or`) and UNARY_NOT on a traced value;
 *   - FOR_RANGE (`for T in range(...)`) while a trace is active.
 * The plain-value fast path is untouched: the hooks sit behind a failed truth test (which raises for
 * traced values) or behind one "is a trace active" test per loop setup.
 *
 * The compiler records a region entry (fy_region) for every `if`, conditional expression and
 * `for ... in range(...)`: the instruction ranges of the branches or of the body, the names the
 * statement assigns (fy_stmt_assigned_names) and the line of any return/break/continue leaving it.
 * A range runs as a nested fy_vm_run of the same frame: REGION_END is patched over the instruction at
 * the range's end for the duration of the run (nested ranges nest like a stack), and the frame's
 * block base hides enclosing try/with blocks from the nested run. While a range runs, the tracer's
 * body buffer is swapped for a fresh one, so each branch's ops are collected apart and then placed
 * into the regions of the scf op, which is emitted after them with fresh SSA numbers.
 *
 * Values (trace_carry.c, trace_scf.h): every branch runs from the same state (the variables the statement
 * assigns or changes in place, and the contents of every list, dict and plain object reachable from the
 * frame's locals); what differs after the branches becomes scf.if results, flattened into leaves
 * (numerics, Python numbers taking FlyDSL's types, Vectors) through tuples, lists, dicts, objects and
 * struct values, and rebuilt in their structure (in place when the same container flows through). A name
 * assigned in only one branch and unbound before, or whose branch values cannot be merged, is unbound
 * after the `if` when the code never reads it later, else it is an error naming it, both kinds and the line.
 *
 * Loops (scf.for over i32 as FlyDSL, scf.while): the variables the body assigns or changes in place that
 * are bound before the loop, and the loop variable when it is read after the loop (Python's value: the
 * last one, or the one before the loop after zero iterations), are loop-carried: their leaves become
 * block arguments, the body is traced once and must leave the same structure and types, and leaves the
 * body gives back unchanged are dropped again (their block arguments replaced by the initial values), so
 * only what changes is an iter_arg. A step that is not a known positive number counts trips (any sign, as
 * Python). Names first assigned in the body are unbound after the loop (they live in its region). While a
 * trace is active every `range` loop of the kernel's own code is a device loop, as FlyDSL makes it inside
 * a kernel; range_constexpr (a plain Python range) unrolls at trace time and `if fx.const_expr(c):` is a
 * plain `if`.
 *
 * A conditional expression `a if c else b` on a traced c evaluates both arms (as FlyDSL) and selects
 * with arith.select (numeric arms without side effects) or becomes an scf.if (any other arms). return/break/continue leaving a traced region is an error with its line. */
#include <stdlib.h>
#include <string.h>

#include "compile/code.h"
#include "exec/interp.h"
#include "flydsl/trace/trace_int.h"
#include "exec/vm.h"
#include "flydsl/trace/trace_scf.h"
#include "flydsl/mlir/mlir.h"

#define U(x) ((unsigned long long)(x))
#define NUM(o) ((fy_dsl_num *)(o))

static int is_traced(fy_obj *v) { return FY_DSL_NUM_CHECK(v) && !NUM(v)->is_static; }

/* Does v hold a value of the trace (a dynamic numeric, Vector, tensor, pointer, ... or a list, tuple or
 * dict holding one)? Such a value made in a region lives only there. */
static int holds_traced(fy_obj *v, int depth) {
    if (is_traced(v) || fy_carry_is_leaf(v)) return 1;
    if (depth > 12) return 0;
    if (FY_TUPLE_CHECK(v) || FY_LIST_CHECK(v)) {
        int64_t n = FY_TUPLE_CHECK(v) ? FY_TUPLE_N(v) : FY_LIST_N(v);
        fy_obj *const *it = FY_TUPLE_CHECK(v) ? FY_TUPLE_ITEMS(v) : FY_LIST_ITEMS(v);
        for (int64_t i = 0; i < n; i++)
            if (holds_traced(it[i], depth + 1)) return 1;
        return 0;
    }
    if (FY_DICT_CHECK(v)) {
        fy_obj *keys = fy_dict_keys_list(v);
        int r = 0;
        for (int64_t i = 0; keys && !r && i < FY_LIST_N(keys); i++) {
            fy_obj *x = fy_dict_get(v, FY_LIST_ITEMS(keys)[i]);
            r = x && holds_traced(x, depth + 1);
        }
        FY_XDECREF(keys);
        return r;
    }
    return 0;
}

/* Does v (or a list, tuple or dict in it) hold a numeric or Vector whose SSA number is in [lo, hi) but
 * not in [xlo, xhi)? The value of a region that has closed: using it would be invalid IR. */
static int holds_region_value(fy_obj *v, uint64_t lo, uint64_t hi, uint64_t xlo, uint64_t xhi, int depth) {
    uint64_t ssa;
    fy_dsl_numeric *et;
    int64_t n;
    if (is_traced(v)) ssa = NUM(v)->ssa;
    else if (fy_tvector_parts(v, &ssa, &et, &n) == 0) {
    } else {
        if (depth > 12) return 0;
        if (FY_TUPLE_CHECK(v) || FY_LIST_CHECK(v)) {
            int64_t m = FY_TUPLE_CHECK(v) ? FY_TUPLE_N(v) : FY_LIST_N(v);
            fy_obj *const *it = FY_TUPLE_CHECK(v) ? FY_TUPLE_ITEMS(v) : FY_LIST_ITEMS(v);
            for (int64_t i = 0; i < m; i++)
                if (holds_region_value(it[i], lo, hi, xlo, xhi, depth + 1)) return 1;
        } else if (FY_DICT_CHECK(v)) {
            fy_obj *keys = fy_dict_keys_list(v);
            int r = 0;
            for (int64_t i = 0; keys && !r && i < FY_LIST_N(keys); i++) {
                fy_obj *x = fy_dict_get(v, FY_LIST_ITEMS(keys)[i]);
                r = x && holds_region_value(x, lo, hi, xlo, xhi, depth + 1);
            }
            FY_XDECREF(keys);
            return r;
        }
        return 0;
    }
    return ssa >= lo && ssa < hi && !(ssa >= xlo && ssa < xhi);
}

/* ------------------------------------------------------------------ the kernel's code */

/* The code of the kernel being traced: only it and the functions defined inside it make `range` loops
 * device loops (FlyDSL rewrites the decorated function and its nested defs, not the helpers it calls). */
static fy_code *kernel_code;

/* Names a traced loop left unbound (its target, names first assigned in its body), for a clear error. */
typedef struct unbound_rec {
    fy_code *co;
    int idx, line;
    char kind;
} unbound_rec;
static unbound_rec unbound[64];
static int nunbound;

fy_code *fy_trace_scf_set_kernel(fy_code *co) {
    fy_code *old = kernel_code;
    kernel_code = co;
    nunbound = 0;
    return old;
}

static int nested_in(const fy_code *outer, const fy_code *co, int depth) {
    if (outer == co) return 1;
    if (!outer || depth > 16 || !outer->consts) return 0;
    for (int64_t i = 0; i < (int64_t)FY_TUPLE_N(outer->consts); i++) {
        fy_obj *c = FY_TUPLE_ITEMS(outer->consts)[i];
        if (FY_TYPE(c) == &fy_code_type && nested_in((const fy_code *)c, co, depth + 1)) return 1;
    }
    return 0;
}
/* The functions ASTRewriter.transform rewrote (strong references, kept for the process): in IR built by hand
 * their loops are device loops, and only theirs. */
static fy_code **rewritten;
static int nrewritten;

int fy_trace_scf_mark_rewritten(fy_code *co) {
    for (int i = 0; i < nrewritten; i++)
        if (rewritten[i] == co) return 0;
    fy_code **n = realloc(rewritten, (size_t)(nrewritten + 1) * sizeof *n);
    if (!n) return fy_err_nomem(), -1;
    rewritten = n;
    rewritten[nrewritten++] = (fy_code *)fy_ref((fy_obj *)co);
    return 0;
}

/* Is co the kernel's code or nested in it? With no kernel recorded: in a module built by hand, a rewritten
 * function's code (or nested in one); in any other trace, everything is. */
static int in_kernel(const fy_code *co) {
    if (kernel_code) return nested_in(kernel_code, co, 0);
    fy_tracer *tr = fy_trace_cur();
    if (!tr || !tr->module) return 1;
    for (int i = 0; i < nrewritten; i++)
        if (nested_in(rewritten[i], co, 0)) return 1;
    return 0;
}

/* Is one of the n values a runtime (traced) numeric? */
static int any_dynamic(fy_obj *const *v, int n) {
    for (int i = 0; i < n; i++)
        if (FY_DSL_NUM_CHECK(v[i]) && !NUM(v[i])->is_static) return 1;
    return 0;
}

static void note_unbound(fy_code *co, int idx, int line, char kind) {
    if (idx < 0) return;
    for (int i = 0; i < nunbound; i++)
        if (unbound[i].co == co && unbound[i].idx == idx) {
            unbound[i].line = line;
            unbound[i].kind = kind;
            return;
        }
    if (nunbound < (int)(sizeof unbound / sizeof *unbound)) unbound[nunbound++] = (unbound_rec){co, idx, line, kind};
}

int fy_trace_scf_unbound(fy_frame *f, int idx) {
    for (int i = 0; i < nunbound; i++)
        if (unbound[i].co == f->code && unbound[i].idx == idx) {
            const char *nm = FY_STR_DATA(FY_TUPLE_ITEMS(f->code->varnames)[idx]);
            if (unbound[i].kind == 'i')
                fy_err_format(&fy_NameError,
                              "'%s' is not defined after the device loop at line %d: it is assigned inside "
                              "a range(..., init=[...]) loop, so its value lives only there; carry it in init= and "
                              "take it from the loop's `yield`",
                              nm, unbound[i].line);
            else if (unbound[i].kind == 't')
                fy_err_format(&fy_NameError,
                              "'%s' is not defined after the device loop at line %d: the loop variable "
                              "of a `for` over range() in a kernel lives only inside the loop (scf.for)",
                              nm, unbound[i].line);
            else
                fy_err_format(&fy_NameError,
                              "'%s' is not defined after the device loop at line %d: it is first assigned "
                              "inside the loop, so it lives only there; assign it before the loop to carry it out",
                              nm, unbound[i].line);
            return 1;
        }
    return 0;
}

/* ------------------------------------------------------------------ running ranges */

/* How many nested runs (regions) are active: a yield must be in its init= loop's own body run. */
static int run_depth;

/* Runs instructions [start, end) of frame f (whose outer run is suspended in the VM's hook) as a
 * nested run. 0: reached end; -2: exception (traceback entry added); -1: the range returned. */
static int run_range(fy_frame *f, int start, int end, int line) {
    fy_code *co = f->code;
    if (end < 0 || end >= co->ncode) {
        fy_err_format(&fy_SystemError, "bad traced region [%d, %d)", start, end);
        return -1;
    }
    uint32_t saved = co->code[end];
    co->code[end] = FY_INSTR(OP_REGION_END, 0);
    fy_frame *back = f->back;
    int base = f->nblock_base;
    f->nblock_base = f->nblock;
    f->ip = start;
    run_depth++;
    /* the nested run links f under the current frame, which is f itself: link it under f's caller
     * instead, or the frame chain would loop (f->back == f) while the range runs */
    fy_cur->frame = back;
    fy_obj *r = fy_vm_run(f, NULL);
    run_depth--;
    co->code[end] = saved;
    f->back = back;
    f->running = true;
    f->nblock_base = base;
    fy_cur->frame = f;
    if (r == &fy_vm_region_end) return 0;
    if (!r) return -2;
    FY_DECREF(r);
    fy_err_format(&fy_RuntimeError, "'return' inside control flow on a dynamic value (line %d) is not supported", line);
    return -1;
}

/* An open range(..., init=) loop (see trace_for_init). */
typedef struct init_loop {
    fy_frame *f;
    int depth;        /* run_depth of the body's run */
    int line, n, yielded;
    fy_carry *cy;     /* the carried value: the init list's leaves */
    int nl;           /* how many */
    fy_obj **init;    /* the init list's items (borrowed) */
    fy_obj *pending;  /* a yield inside an `if` in the body: its values (a list), merged like a variable */
    fy_obj *pname;    /* the name of that pseudo-variable in messages */
    uint64_t r0;      /* the loop's result SSA numbers r0..r0+nl-1 */
} init_loop;
static init_loop *open_loops[32];
static int nopen;
/* run_depth of the innermost traced for/while body: a yield may not leave it */
static int loop_body_depth;

/* The pending-yield pseudo-variable of the innermost init= loop of frame f whose body holds the running
 * `if` (trace_if merges it like a variable), or NULL. */
static init_loop *pending_loop(fy_frame *f) {
    init_loop *L = nopen ? open_loops[nopen - 1] : NULL;
    return L && L->f == f && run_depth >= L->depth && L->depth >= loop_body_depth ? L : NULL;
}

typedef struct tbuf {
    char *body;
    size_t len, cap;
} tbuf;
static tbuf buf_swap(fy_tracer *tr, tbuf nb) {
    tbuf old = {tr->body, tr->len, tr->cap};
    tr->body = nb.body;
    tr->len = nb.len;
    tr->cap = nb.cap;
    return old;
}
/* Puts back the enclosing body `outer` saved by buf_swap (when *swapped), dropping what was traced
 * since; clears *swapped. */
static void buf_restore(fy_tracer *tr, tbuf outer, int *swapped) {
    if (!*swapped) return;
    tbuf mine = buf_swap(tr, outer);
    free(mine.body);
    *swapped = 0;
}
/* Appends buffer b to the tracer's body, two more spaces in. */
static void emit_indented(fy_tracer *tr, const tbuf *b) {
    size_t i = 0;
    while (i < b->len) {
        const char *nl = memchr(b->body + i, '\n', b->len - i);
        size_t n = nl ? (size_t)(nl - (b->body + i)) + 1 : b->len - i;
        fy_trace_emit(tr, "  %.*s", (int)n, b->body + i);
        i += n;
    }
}

/* A loop's leaves the body gives back unchanged (its yield is the leaf's block argument) are not carried:
 * with ys, fills keep and returns how many are kept; then (and with ys NULL, for another region of the
 * loop whose block arguments start at base) the current body's uses of the dropped block arguments
 * base + i become uses of their initial values. SSA names inside string attributes are left alone. */
static int prune(fy_tracer *tr, fy_carry *cy, int nl, uint64_t *ys, uint64_t base, int *keep) {
    int nk = 0;
    if (ys)
        for (int i = 0; i < nl; i++) nk += keep[i] = ys[i] != base + (uint64_t)i;
    else
        for (int i = 0; i < nl; i++) nk += keep[i];
    if (nk == nl) return nk;
    tbuf in = buf_swap(tr, (tbuf){0});
    int quoted = 0;
    for (size_t i = 0; i < in.len;) {
        char ch = in.body[i];
        if (ch == '"' && (i == 0 || in.body[i - 1] != '\\')) quoted = !quoted;
        if (ch == '%' && !quoted && i + 1 < in.len && in.body[i + 1] >= '0' && in.body[i + 1] <= '9') {
            size_t j = i + 1;
            uint64_t v = 0;
            while (j < in.len && in.body[j] >= '0' && in.body[j] <= '9') v = v * 10 + (uint64_t)(in.body[j++] - '0');
            v |= tr->gen << 32; /* the text shows SSA numbers without their trace's generation */
            if (v >= base && v < base + (uint64_t)nl && !keep[v - base]) v = fy_carry_init(cy, (int)(v - base));
            fy_trace_emit(tr, "%%%llu", U(v));
            i = j;
            continue;
        }
        size_t j = i + 1;
        while (j < in.len && in.body[j] != '%' && in.body[j] != '"') j++;
        fy_trace_emit(tr, "%.*s", (int)(j - i), in.body + i);
        i = j;
    }
    free(in.body);
    /* a kept value's yield may be a dropped one's block argument (`a, b = b, a` with one side unchanged):
     * that argument is gone, its value is the dropped variable's initial value */
    for (int i = 0; ys && i < nl; i++)
        if (keep[i] && ys[i] >= base && ys[i] < base + (uint64_t)nl && !keep[ys[i] - base])
            ys[i] = fy_carry_init(cy, (int)(ys[i] - base));
    return nk;
}

/* ------------------------------------------------------------------ names and types */

/* Where name lives in frame f: a fast local or a cell's content; NULL when neither. *fast: its
 * fast-local index, -2 - i for cell i, or -1. */
static fy_obj **slot_of(fy_frame *f, fy_obj *name, int *fast) {
    fy_code *co = f->code;
    *fast = -1;
    if (f->locals) return NULL;
    for (int64_t i = 0; i < (int64_t)FY_TUPLE_N(co->varnames); i++)
        if (fy_str_eq(FY_TUPLE_ITEMS(co->varnames)[i], name)) {
            *fast = (int)i;
            return &f->localsplus[i];
        }
    for (int i = 0; i < co->ncells; i++)
        if (fy_str_eq(FY_TUPLE_ITEMS(co->cellvars)[i], name)) {
            *fast = -2 - i; /* a cell: used_after scans its DEREF ops */
            fy_obj *c = f->localsplus[co->nlocals + i];
            return c ? &((fy_cell *)c)->ref : NULL;
        }
    return NULL;
}

/* Does the code read fast local (or cell) idx at or after instruction `from`? The scan
 * stops at the first later store in code order: code after it (e.g. the other arm of a const_expr `if`
 * that reassigns the name) reads the new value. When that store turns out to be skipped at run time, the
 * read raises Python's unbound-local error instead of the merge message. */
static int used_after(fy_frame *f, int idx, int from) {
    if (idx == -1) return 1;
    int cell = idx < -1; /* cell -2 - idx: read by DEREF ops, or by a closure made later (LOAD_CLOSURE) */
    if (cell) idx = -2 - idx;
    fy_code *co = f->code;
    for (int i = from; i < co->ncode; i++) {
        int op = FY_OPC(co->code[i]);
        if ((int)FY_ARG(co->code[i]) != idx) continue;
        if (cell ? op == OP_LOAD_DEREF || op == OP_DELETE_DEREF || op == OP_LOAD_CLASSDEREF || op == OP_LOAD_CLOSURE
                 : op == OP_LOAD_FAST || op == OP_DELETE_FAST)
            return 1;
        if (op == (cell ? OP_STORE_DEREF : OP_STORE_FAST)) return 0;
    }
    return 0;
}

/* The numeric type value v stands for: its own, or FlyDSL's for a Python literal (Boolean, Int32,
 * Float32; *lit set); NULL for other values. */
static fy_dsl_numeric *type_of(fy_obj *v, int *lit) {
    *lit = 0;
    if (FY_DSL_NUM_CHECK(v)) return NUM(v)->dt;
    *lit = 1;
    if (v == fy_True || v == fy_False) return &fy_dsl_t_bool;
    if (FY_INT_CHECK(v)) return &fy_dsl_t_i32;
    if (FY_FLOAT_CHECK(v)) return &fy_dsl_t_f32;
    *lit = 0;
    return NULL;
}
fy_dsl_numeric *fy_scf_type_of(fy_obj *v, int *lit) { return type_of(v, lit); }
int fy_scf_used_after(fy_frame *f, int idx, int from) { return used_after(f, idx, from); }
static int as_ssa(fy_tracer *tr, fy_obj *v, fy_dsl_numeric *t, uint64_t *out);
int fy_scf_as_ssa(fy_tracer *tr, fy_obj *v, fy_dsl_numeric *t, uint64_t *out) { return as_ssa(tr, v, t, out); }
static const char *type_name(fy_obj *v) {
    int lit;
    fy_dsl_numeric *t = type_of(v, &lit);
    return t && !lit ? t->name : fy_type_name(v);
}

/* v (a typed value or a Python literal) as an SSA handle of type t. */
static int as_ssa(fy_tracer *tr, fy_obj *v, fy_dsl_numeric *t, uint64_t *out) {
    if (FY_DSL_NUM_CHECK(v)) return fy_trace_value_as(tr, v, t, out);
    fy_obj *n = fy_dsl_num_convert(t, v);
    if (!n) return -1;
    int r = fy_trace_value_as(tr, n, t, out);
    FY_DECREF(n);
    return r;
}

/* The condition as an i1 handle (non-Boolean values compare != 0), negated when neg. */
static int cond_ssa(fy_tracer *tr, fy_obj *v, int neg, uint64_t *out) {
    fy_obj *b = fy_trace_num_convert(&fy_dsl_t_bool, v);
    if (!b) return -1;
    *out = NUM(b)->ssa;
    FY_DECREF(b);
    if (neg) {
        uint64_t t = fy_trace_new_ssa(tr), n = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = arith.constant true", U(t));
        fy_trace_end_line(tr);
        fy_trace_emit(tr, "      %%%llu = arith.xori %%%llu, %%%llu : i1", U(n), U(*out), U(t));
        fy_trace_end_line(tr);
        *out = n;
    }
    return tr->failed ? (fy_err_nomem(), -1) : 0;
}

/* *c negated (xori with true) when neg. */
static int cond_ssa_neg(fy_tracer *tr, int neg, uint64_t *c) {
    if (!neg) return 0;
    uint64_t t = fy_trace_new_ssa(tr), n = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = arith.constant true", U(t));
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = arith.xori %%%llu, %%%llu : i1", U(n), U(*c), U(t));
    fy_trace_end_line(tr);
    *c = n;
    return tr->failed ? (fy_err_nomem(), -1) : 0;
}

/* The names of region rg as unique slots of frame f; returns the count (slots/fast: n entries). */
typedef fy_obj **slotp; /* where a local's value lives */
static int region_slots(fy_frame *f, const fy_region *rg, slotp **slots, int **fast, fy_obj ***names, int **asg) {
    size_t n = FY_TUPLE_N(rg->names);
    *slots = fy_calloc(n + 2, sizeof **slots); /* room for a loop's target */
    *fast = fy_calloc(n + 2, sizeof **fast);
    *names = fy_calloc(n + 2, sizeof **names);
    if (asg && !(*asg = fy_calloc(n + 2, sizeof **asg))) return -1;
    if (!*slots || !*fast || !*names) return -1;
    int k = 0;
    for (size_t i = 0; i < n; i++) {
        fy_obj *nm = FY_TUPLE_ITEMS(rg->names)[i];
        int fi;
        fy_obj **s = slot_of(f, nm, &fi);
        int dup = !s;
        for (int j = 0; j < k && !dup; j++) dup = (*slots)[j] == s;
        if (dup) continue;
        (*slots)[k] = s;
        (*fast)[k] = fi;
        (*names)[k] = nm;
        if (asg) (*asg)[k] = (int)i < rg->nassigned;
        k++;
    }
    return k;
}
static void set_slot(fy_obj **s, fy_obj *v) { /* steals v */
    fy_obj *old = *s;
    *s = v;
    FY_XDECREF(old);
}

/* ------------------------------------------------------------------ if / conditional expression */

/* Does buffer b hold an op with side effects (a store, a print, a call, a barrier, an atomic, a copy,
 * or a nested region)? Judged by op name; conservative. */
/* Frees what region_slots made and the snapshot v0 of the n variables' values (a cleanup path's). */
static void free_vars(int n, slotp *slots, int *fast, fy_obj **names, fy_obj **v0) {
    for (int k = 0; v0 && k < n; k++) FY_XDECREF(v0[k]);
    fy_free(v0);
    fy_free(slots);
    fy_free(fast);
    fy_free(names);
}

static int impure(const tbuf *b) {
    static const char *const bad[] = {"store", "print", "call", "barrier", "atomic", "copy", "write", "scf.", "cf."};
    size_t i = 0;
    while (i < b->len) {
        const char *p = b->body + i, *e = memchr(p, '\n', b->len - i);
        size_t n = e ? (size_t)(e - p) + 1 : b->len - i;
        const char *q = p, *end = p + n;
        while (q < end && *q == ' ') q++;
        if (q < end && *q == '%') {
            const char *eq = memchr(q, '=', (size_t)(end - q));
            q = eq ? eq + 1 : end;
            while (q < end && *q == ' ') q++;
        }
        if (q < end && *q == '"') q++; /* generic form: "dialect.op"(...) */
        size_t k = 0;
        while (q + k < end && !strchr(" (<\"{\n", q[k])) k++;
        if (k && *q != '}' && *q != '^')
            for (size_t j = 0; j < sizeof bad / sizeof *bad; j++) {
                size_t bl = strlen(bad[j]);
                for (size_t o = 0; o + bl <= k; o++)
                    if (!memcmp(q + o, bad[j], bl)) return 1;
            }
        i += n;
    }
    return 0;
}

/* a if c else b: each arm traced apart; pure numeric arms go into the current block and arith.select
 * picks; arms with side effects or other values (lists, Vectors, ...) become an scf.if whose results are
 * the arms' leaves (trace_carry.c), merged like a variable. */
static int trace_ifexp(fy_frame *f, const fy_region *rg, int at, fy_obj *v, int neg, int *pc) {
    fy_tracer *tr = fy_trace_cur();
    fy_obj *arm[2] = {NULL, NULL}, *tmp = NULL, *nm = fy_str_from_cstr("the conditional expression");
    fy_obj **sl[1] = {&tmp};
    int fast[1] = {-1}, swapped = 0, ret = -1;
    uint64_t *ys = NULL;
    tbuf outer = {0}, ab[2] = {{0}, {0}};
    fy_carry *cy = nm ? fy_carry_new(f, sl, &nm, fast, 1, rg->line, "`if`") : NULL;
    if (!cy) goto out;
    outer = buf_swap(tr, (tbuf){0});
    swapped = 1;
    int h = run_range(f, at + 1, rg->a_end, rg->line);
    ab[0] = buf_swap(tr, (tbuf){0});
    if (h < 0) {
        ret = h;
        goto out;
    }
    arm[0] = f->stack[--f->sp];
    tmp = fy_ref(arm[0]);
    if (fy_carry_branch_end(cy, 0) < 0) goto out;
    h = run_range(f, rg->b_start, rg->b_end, rg->line);
    ab[1] = buf_swap(tr, (tbuf){0});
    if (h < 0) {
        ret = h;
        goto out;
    }
    arm[1] = f->stack[--f->sp];
    FY_XDECREF(tmp);
    tmp = fy_ref(arm[1]);
    f->cur = at;
    if (fy_carry_branch_end(cy, 1) < 0) goto out;
    buf_restore(tr, outer, &swapped);
    fy_obj *r = NULL;
    int l1, l2;
    if (!impure(&ab[0]) && !impure(&ab[1]) && type_of(arm[0], &l1) && type_of(arm[1], &l2) && !fy_carry_changed(cy)) {
        for (int i = 0; i < 2; i++)
            if (ab[i].len) fy_trace_emit(tr, "%.*s", (int)ab[i].len, ab[i].body);
        fy_obj *c = fy_trace_num_convert(&fy_dsl_t_bool, v);
        r = c ? fy_trace_num_select(c, arm[neg], arm[!neg]) : NULL;
        FY_XDECREF(c);
    } else {
        int nres = fy_carry_merge(cy, rg->b_end);
        uint64_t c;
        if (nres < 0 || !(ys = fy_calloc(2 * (size_t)nres + 1, sizeof *ys)) || cond_ssa(tr, v, 0, &c) < 0) goto out;
        for (int i = 0; i < 2; i++) { /* the yields at the end of each arm */
            tbuf keep = buf_swap(tr, ab[i]);
            int bad = 0;
            for (int k = 0; k < nres && !bad; k++) bad = fy_carry_branch_ssa(cy, tr, i, k, &ys[i * nres + k]) < 0;
            if (!bad) {
                fy_trace_emit(tr, "      scf.yield");
                for (int k = 0; k < nres; k++) fy_trace_emit(tr, "%s %%%llu", k ? "," : "", U(ys[i * nres + k]));
                for (int k = 0; k < nres; k++) fy_trace_emit(tr, "%s %s", k ? "," : " :", fy_carry_type(cy, k));
                fy_trace_end_line(tr);
            }
            ab[i] = buf_swap(tr, keep);
            if (bad) goto out;
        }
        fy_trace_emit(tr, "      ");
        for (int k = 0; k < nres; k++) fy_trace_emit(tr, "%s%%%llu", k ? ", " : "", U(fy_carry_res(cy, k)));
        fy_trace_emit(tr, "%sscf.if %%%llu", nres ? " = " : "", U(c));
        if (nres) {
            fy_trace_emit(tr, " -> (");
            for (int k = 0; k < nres; k++) fy_trace_emit(tr, "%s%s", k ? ", " : "", fy_carry_type(cy, k));
            fy_trace_emit(tr, ")");
        }
        fy_trace_emit(tr, " {\n");
        emit_indented(tr, &ab[neg]);
        fy_trace_emit(tr, "      } else {\n");
        emit_indented(tr, &ab[!neg]);
        fy_trace_emit(tr, "      }");
        fy_trace_end_line(tr);
        if (fy_carry_commit_if(cy) < 0) goto out;
        r = tmp ? fy_ref(tmp) : NULL;
    }
    if (!r) goto out;
    f->stack[f->sp++] = r;
    *pc = rg->b_end;
    ret = tr->failed ? (fy_err_nomem(), -1) : 1;
out:
    buf_restore(tr, outer, &swapped);
    free(ab[0].body);
    free(ab[1].body);
    FY_XDECREF(arm[0]);
    FY_XDECREF(arm[1]);
    FY_XDECREF(tmp);
    FY_XDECREF(nm);
    fy_free(ys);
    fy_carry_free(cy);
    if (ret < 0 && !fy_err_occurred()) fy_err_nomem();
    return ret;
}

static int trace_while(fy_frame *f, const fy_region *rg, int at, int neg, int *pc);

static int scf_branch(fy_frame *f, int at, fy_obj *v, int *pc);

int fy_trace_scf_branch(fy_frame *f, int at, fy_obj *v, int *pc) {
    uint64_t h;
    const char *ty;
    if (fy_trace_cur() && !is_traced(v) && fy_mlir_value_parts(v, &h, &ty) == 1 && !strcmp(ty, "i1")) {
        /* a bindings Value of i1 (FlyDSL's kernels branch on them): its Boolean */
        fy_obj *n = fy_mlir_as_numeric(v);
        if (!n) return fy_err_occurred() ? -1 : 0;
        int r = scf_branch(f, at, n, pc);
        FY_DECREF(n);
        return r;
    }
    return scf_branch(f, at, v, pc);
}

static int scf_branch(fy_frame *f, int at, fy_obj *v, int *pc) {
    fy_tracer *tr = fy_trace_cur();
    if (!tr || !is_traced(v)) return 0;
    fy_code *co = f->code;
    const fy_region *rg = fy_code_region(co, at);
    int neg = FY_OPC(co->code[at]) == OP_POP_JUMP_IF_TRUE;
    fy_err_clear();
    f->cur = at;
    if (!rg || rg->kind == FY_RG_FOR) {
        fy_err_format(&fy_RuntimeError,
                      "a dynamic value cannot decide this condition (line %d); only `if`, `elif`, "
                      "`a if c else b`, `and`/`or`/`not` are traced (fx.const_expr(...) needs a trace-time value)",
                      fy_code_line_of(&co->h, at));
        return -1;
    }
    if (rg->kind == FY_RG_IFEXP) return trace_ifexp(f, rg, at, v, neg, pc);
    if (rg->kind == FY_RG_WHILE) return trace_while(f, rg, at, neg, pc);
    if (rg->bad_line) {
        fy_err_format(&fy_RuntimeError,
                      "%s inside an `if` on a dynamic value (line %d, the `if` at line %d) is not "
                      "supported: both branches become one scf.if",
                      rg->bad_kind == 'r' ? "'return'" : "'break'/'continue'", rg->bad_line, rg->line);
        return -1;
    }
    uint64_t c;
    if (cond_ssa(tr, v, neg, &c) < 0) return -1;
    slotp *slots = NULL;
    fy_obj **names = NULL;
    int *fast = NULL, *asg = NULL, ret = -1;
    uint64_t *ys = NULL;
    fy_carry *cy = NULL;
    tbuf outer = buf_swap(tr, (tbuf){0}), tb = {0}, eb = {0};
    int swapped = 1;
    int n = region_slots(f, rg, &slots, &fast, &names, &asg);
    init_loop *PL = n < 0 ? NULL : pending_loop(f);
    if (PL) { /* a yield of the enclosing init= loop on the branches' paths: merged like a variable */
        slots[n] = &PL->pending;
        fast[n] = -1;
        names[n] = PL->pname;
        n++;
    }
    if (n < 0 || !(cy = fy_carry_new(f, slots, names, fast, n, rg->line, "`if`"))) goto out;
    int h = run_range(f, at + 1, rg->a_end, rg->line);
    tb = buf_swap(tr, (tbuf){0});
    if (h < 0) {
        ret = h;
        goto out;
    }
    int y0 = PL && PL->pending;
    if (fy_carry_branch_end(cy, 0) < 0) goto out;
    if (rg->b_start < rg->b_end && (h = run_range(f, rg->b_start, rg->b_end, rg->line)) < 0) {
        ret = h;
        goto out;
    }
    f->cur = at;
    if (PL && y0 != (PL->pending != NULL)) {
        fy_err_format(&fy_SyntaxError,
                      "the `if` on a dynamic value at line %d yields on one path only: every path through the body "
                      "of the range(..., init=[...]) loop at line %d must end with its `yield`",
                      rg->line, PL->line);
        goto out;
    }
    if (fy_carry_branch_end(cy, 1) < 0) goto out;
    /* what each name becomes */
    int nres = fy_carry_merge(cy, rg->b_end);
    if (nres < 0 || !(ys = fy_calloc(2 * (size_t)nres + 1, sizeof *ys))) goto out;
    /* yields */
    for (int br = 0; br < 2; br++) {
        tbuf *b = br ? &eb : &tb;
        if (br) eb = buf_swap(tr, (tbuf){0}); /* the else branch's ops are in the current buffer */
        tbuf keep = buf_swap(tr, *b);
        for (int i = 0; i < nres; i++)
            if (fy_carry_branch_ssa(cy, tr, br, i, &ys[br * nres + i]) < 0) {
                *b = buf_swap(tr, keep);
                goto out;
            }
        fy_trace_emit(tr, "      scf.yield");
        for (int i = 0; i < nres; i++) fy_trace_emit(tr, "%s %%%llu", i ? "," : "", U(ys[br * nres + i]));
        for (int i = 0; i < nres; i++) fy_trace_emit(tr, "%s %s", i ? "," : " :", fy_carry_type(cy, i));
        fy_trace_end_line(tr);
        *b = buf_swap(tr, keep);
    }
    /* the scf.if into the enclosing block */
    buf_restore(tr, outer, &swapped);
    fy_trace_emit(tr, "      ");
    for (int i = 0; i < nres; i++) fy_trace_emit(tr, "%s%%%llu", i ? ", " : "", U(fy_carry_res(cy, i)));
    fy_trace_emit(tr, "%sscf.if %%%llu", nres ? " = " : "", U(c));
    if (nres) {
        fy_trace_emit(tr, " -> (");
        for (int i = 0; i < nres; i++) fy_trace_emit(tr, "%s%s", i ? ", " : "", fy_carry_type(cy, i));
        fy_trace_emit(tr, ")");
    }
    fy_trace_emit(tr, " {\n");
    emit_indented(tr, &tb);
    fy_trace_emit(tr, "      } else {\n");
    emit_indented(tr, &eb);
    fy_trace_emit(tr, "      }");
    fy_trace_end_line(tr);
    if (fy_carry_commit_if(cy) < 0) goto out;
    ret = tr->failed ? (fy_err_nomem(), -1) : 1;
    *pc = rg->b_end;
out:
    buf_restore(tr, outer, &swapped);
    free(tb.body);
    free(eb.body);
    fy_free(ys);
    fy_carry_free(cy);
    free_vars(n, slots, fast, names, NULL);
    fy_free(asg);
    if (ret < 0 && !fy_err_occurred()) fy_err_nomem();
    return ret;
}

/* ------------------------------------------------------------------ and / or / not */

/* A Boolean of v: traced values convert (!= 0), others by truthiness as a static Boolean. */
static fy_obj *as_bool(fy_obj *v) {
    if (is_traced(v)) return fy_trace_num_convert(&fy_dsl_t_bool, v);
    int t = fy_truthy(v);
    return t < 0 ? NULL : fy_dsl_num_int(&fy_dsl_t_bool, t);
}

int fy_trace_scf_boolop(fy_frame *f, int at, int is_and, int *pc) {
    fy_tracer *tr = fy_trace_cur();
    fy_obj *a = f->sp > 0 ? f->stack[f->sp - 1] : NULL;
    if (!tr || !a || !is_traced(a)) return 0;
    fy_err_clear();
    int target = (int)FY_ARG(f->code->code[at]), cont = target;
    const fy_region *rg = fy_code_region(f->code, at);
    if (rg && rg->kind == FY_RG_CHAIN) /* a < b < c: the rest of the chain, then andi; on at its JUMP */
        target = cont = rg->a_end;
    f->sp--;
    int h = run_range(f, at + 1, target, fy_code_line_of(&f->code->h, at));
    if (h < 0) {
        FY_DECREF(a);
        return h;
    }
    fy_obj *b = f->stack[--f->sp];
    f->cur = at;
    fy_obj *x = as_bool(a), *y = x ? as_bool(b) : NULL;
    fy_obj *r = y ? fy_trace_num_binop(is_and ? FY_NB_AND : FY_NB_OR, &fy_dsl_t_bool, &fy_dsl_t_bool, x, y) : NULL;
    FY_XDECREF(x);
    FY_XDECREF(y);
    FY_DECREF(a);
    FY_DECREF(b);
    if (!r) return -1;
    f->stack[f->sp++] = r;
    *pc = cont;
    return 1;
}

fy_obj *fy_trace_scf_not(fy_obj *v) {
    if (!fy_trace_cur() || !is_traced(v)) return NULL;
    fy_err_clear();
    fy_obj *b = fy_trace_num_convert(&fy_dsl_t_bool, v);
    fy_obj *t = b ? fy_dsl_num_int(&fy_dsl_t_bool, 1) : NULL;
    fy_obj *r = t ? fy_trace_num_binop(FY_NB_XOR, &fy_dsl_t_bool, &fy_dsl_t_bool, b, t) : NULL;
    FY_XDECREF(b);
    FY_XDECREF(t);
    return r;
}

/* ------------------------------------------------------------------ for ... in range(...) */

/* A range() bound as an i32 handle (index: t). */
static int bound_ssa_t(fy_tracer *tr, fy_obj *v, fy_dsl_numeric *t, uint64_t *out) {
    if (!FY_DSL_NUM_CHECK(v) && !FY_INT_CHECK(v)) {
        fy_err_format(&fy_TypeError, "range() in a kernel: bounds must be integers, not '%s'", fy_type_name(v));
        return -1;
    }
    if (FY_DSL_NUM_CHECK(v) && NUM(v)->dt->kind == FY_DSL_K_FLOAT) {
        fy_err_format(&fy_TypeError, "range() in a kernel: bounds must be integers, not %s", NUM(v)->dt->name);
        return -1;
    }
    return as_ssa(tr, v, t, out);
}

/* range(a[, b[, c]])'s arguments (base[1..nargs]) as SSA values of type t: start, stop, step. 0 or -1. */
static int range_bounds(fy_tracer *tr, fy_obj **base, int nargs, fy_dsl_numeric *t, uint64_t *lb, uint64_t *ub,
                        uint64_t *st) {
    fy_obj *one = fy_int_from(1), *zero = fy_int_from(0);
    int bad = !one || !zero;
    fy_obj *lo = nargs == 1 ? zero : base[1], *hi = nargs == 1 ? base[1] : base[2], *step = nargs == 3 ? base[3] : one;
    if (!bad && FY_INT_CHECK(step) && fy_truthy(step) == 0) {
        fy_err_set(&fy_ValueError, "range() arg 3 must not be zero");
        bad = 1;
    }
    bad = bad || bound_ssa_t(tr, lo, t, lb) < 0 || bound_ssa_t(tr, hi, t, ub) < 0 || bound_ssa_t(tr, step, t, st) < 0;
    FY_XDECREF(one);
    FY_XDECREF(zero);
    return bad ? -1 : 0;
}

/* An i32 constant. */
static uint64_t trip_const(fy_tracer *tr, int64_t v) {
    uint64_t r = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = arith.constant %lld : i32", U(r), (long long)v);
    fy_trace_end_line(tr);
    return r;
}
static uint64_t trip_op(fy_tracer *tr, const char *op, uint64_t a, uint64_t b) {
    uint64_t r = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = arith.%s %%%llu, %%%llu : i32", U(r), op, U(a), U(b));
    fy_trace_end_line(tr);
    return r;
}
/* The number of iterations of range(lb, ub, st) for a step of any sign, as Python counts them: with
 * a = |st| (1 for 0), st > 0: (ub - lb + a - 1) / a, st < 0: (lb - ub + a - 1) / a, at least 0. Emits the
 * arithmetic; *lo = 0 ... *hi = trips. 0 or -1. */
static int trip_count(fy_tracer *tr, uint64_t lb, uint64_t ub, uint64_t st, uint64_t *lo, uint64_t *hi) {
    uint64_t z = trip_const(tr, 0), one = trip_const(tr, 1);
    uint64_t pos = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = arith.cmpi sgt, %%%llu, %%%llu : i32", U(pos), U(st), U(z));
    fy_trace_end_line(tr);
    uint64_t neg = trip_op(tr, "subi", z, st), a0 = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = arith.select %%%llu, %%%llu, %%%llu : i32", U(a0), U(pos), U(st), U(neg));
    fy_trace_end_line(tr);
    uint64_t a = trip_op(tr, "maxsi", a0, one); /* |st|, 1 for 0 */
    uint64_t d1 = trip_op(tr, "subi", ub, lb), d2 = trip_op(tr, "subi", lb, ub), d = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = arith.select %%%llu, %%%llu, %%%llu : i32", U(d), U(pos), U(d1), U(d2));
    fy_trace_end_line(tr);
    uint64_t e = trip_op(tr, "addi", d, trip_op(tr, "subi", a, one));
    uint64_t q = trip_op(tr, "divsi", e, a);
    *hi = trip_op(tr, "maxsi", q, z);
    *lo = z;
    return tr->failed ? (fy_err_nomem(), -1) : 0;
}

static int trace_for_init(fy_frame *f, int at, int nargs, int *pc);

int fy_trace_scf_for(fy_frame *f, int at, int nargs, int *pc) {
    if (nargs & FY_FR_INIT) return trace_for_init(f, at, nargs & 0xf, pc);
    fy_tracer *tr = fy_trace_cur();
    fy_obj **base = f->stack + f->sp - nargs - 1;
    if (!tr || base[0] != (fy_obj *)&fy_range_type) return 0;
    /* the kernel's own loops are device loops; a helper's only when a bound is a runtime value (Python's
     * range could not run it; with static bounds it stays a Python loop, unrolled) */
    if (!in_kernel(f->code) && !any_dynamic(base + 1, nargs)) return 0;
    const fy_region *rg = fy_code_region(f->code, at);
    if (!rg || rg->kind != FY_RG_FOR) return 0;
    f->cur = at;
    if (rg->bad_line) {
        fy_err_format(&fy_RuntimeError,
                      "%s inside a `for` over range() in a kernel (line %d, the loop at line %d) is "
                      "not supported: the loop is a device loop (scf.for); use range_constexpr to unroll it",
                      rg->bad_kind == 'r' ? "'return'" : "'break'/'continue'", rg->bad_line, rg->line);
        return -1;
    }
    uint64_t lb = 0, ub = 0, st = 0, st0v = 0, lb0 = 0;
    if (range_bounds(tr, base, nargs, &fy_dsl_t_i32, &lb, &ub, &st) < 0) return -1;
    /* scf.for steps up: any other step (negative, or only known at run time) counts trips instead, k from 0
     * by 1, and the body's iv is lb + k * step */
    int64_t sv = 1;
    fy_obj *so = nargs == 3 ? base[3] : NULL;
    int upward = !so || (FY_INT_CHECK(so) && fy_int_as_i64(so, &sv) == 0 && sv > 0) ||
                 (FY_DSL_NUM_CHECK(so) && NUM(so)->is_static && NUM(so)->i > 0);
    if (fy_err_occurred()) fy_err_clear();
    if (!upward) {
        st0v = st, lb0 = lb;
        if (trip_count(tr, lb0, ub, st0v, &lb, &ub) < 0) return -1;
        st = trip_const(tr, 1);
    }
    slotp *slots = NULL;
    fy_obj **names = NULL;
    int *fast = NULL, *asg = NULL, *keep = NULL, ret = -1, swapped = 0;
    uint64_t *ys = NULL, *res = NULL;
    unsigned char *mode = NULL, *bound = NULL;
    fy_carry *cy = NULL;
    tbuf outer = {0}, body = {0};
    int n = region_slots(f, rg, &slots, &fast, &names, &asg);
    if (n < 0 || !(mode = fy_calloc((size_t)n + 2, 1)) || !(bound = fy_calloc((size_t)n + 2, 1))) goto out;
    /* the target: carried when read after the loop (Python's value: the last one, or as before) */
    int ti = -1, tcar = 0;
    uint32_t st0 = f->code->code[at + 2];
    if (FY_OPC(st0) == OP_STORE_FAST && !f->locals) {
        ti = (int)FY_ARG(st0);
        if (fy_scf_used_after(f, ti, rg->b_start)) {
            int lit;
            fy_obj **ts = &f->localsplus[ti];
            if (!*ts || !fy_scf_type_of(*ts, &lit)) {
                fy_obj *l0 = fy_dsl_num_dynamic(&fy_dsl_t_i32, lb); /* unbound before: the start */
                if (!l0) goto out;
                set_slot(ts, l0);
            }
            slots[n] = ts;
            fast[n] = ti;
            names[n] = FY_TUPLE_ITEMS(f->code->varnames)[ti];
            asg[n] = 1;
            n++;
            tcar = 1;
        }
    }
    for (int k = 0; k < n; k++) {
        bound[k] = *slots[k] != NULL;
        mode[k] = !bound[k] ? 0 : asg[k] ? 1 : 2;
    }
    if (!(cy = fy_carry_new(f, slots, names, fast, n, rg->line, "loop"))) goto out;
    int nl = fy_carry_loop_begin(cy, tr, mode);
    if (nl < 0 || !(ys = fy_calloc((size_t)nl + 1, sizeof *ys)) || !(res = fy_calloc((size_t)nl + 1, sizeof *res)) ||
        !(keep = fy_calloc((size_t)nl + 1, sizeof *keep)))
        goto out;
    /* the loop's SSA numbers, then the body with block arguments in place of the carried values */
    uint64_t iv = fy_trace_new_ssa(tr), ba0 = tr->next;
    tr->next += (uint64_t)nl;
    if (fy_carry_bind(cy, ba0) < 0) goto out;
    outer = buf_swap(tr, (tbuf){0});
    swapped = 1;
    uint64_t ivb = iv;
    if (!upward) { /* iv = start + k * step */
        uint64_t m = fy_trace_new_ssa(tr);
        ivb = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = arith.muli %%%llu, %%%llu : i32", U(m), U(iv), U(st0v));
        fy_trace_end_line(tr);
        fy_trace_emit(tr, "      %%%llu = arith.addi %%%llu, %%%llu : i32", U(ivb), U(lb0), U(m));
        fy_trace_end_line(tr);
    }
    fy_obj *ivv = fy_dsl_num_dynamic(&fy_dsl_t_i32, ivb);
    if (!ivv) goto out;
    while (f->stack + f->sp > base) FY_DECREF(f->stack[--f->sp]);
    f->stack[f->sp++] = fy_none(); /* in place of the iterator */
    f->stack[f->sp++] = ivv;
    int sbd = loop_body_depth;
    loop_body_depth = run_depth + 1;
    int h = run_range(f, at + 2, rg->a_end, rg->line);
    loop_body_depth = sbd;
    if (h < 0) {
        ret = h;
        goto out;
    }
    FY_DECREF(f->stack[--f->sp]); /* the placeholder iterator */
    f->cur = at;
    if (fy_carry_loop_yields(cy, tr, ys) < 0) goto out;
    int nk = prune(tr, cy, nl, ys, ba0, keep);
    if (fy_carry_check_kept(cy, keep) < 0) goto out;
    fy_trace_emit(tr, "      scf.yield");
    for (int i = 0, j = 0; i < nl; i++)
        if (keep[i]) fy_trace_emit(tr, "%s %%%llu", j++ ? "," : "", U(ys[i]));
    for (int i = 0, j = 0; i < nl; i++)
        if (keep[i]) fy_trace_emit(tr, "%s %s", j++ ? "," : " :", fy_carry_type(cy, i));
    fy_trace_end_line(tr);
    body = buf_swap(tr, outer);
    swapped = 0;
    for (int i = 0; i < nl; i++)
        if (keep[i]) res[i] = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      ");
    for (int i = 0, j = 0; i < nl; i++)
        if (keep[i]) fy_trace_emit(tr, "%s%%%llu", j++ ? ", " : "", U(res[i]));
    fy_trace_emit(tr, "%sscf.for %%%llu = %%%llu to %%%llu step %%%llu", nk ? " = " : "", U(iv), U(lb), U(ub), U(st));
    if (nk) {
        fy_trace_emit(tr, " iter_args(");
        for (int i = 0, j = 0; i < nl; i++)
            if (keep[i])
                fy_trace_emit(tr, "%s%%%llu = %%%llu", j++ ? ", " : "", U(ba0 + (uint64_t)i), U(fy_carry_init(cy, i)));
        fy_trace_emit(tr, ") -> (");
        for (int i = 0, j = 0; i < nl; i++)
            if (keep[i]) fy_trace_emit(tr, "%s%s", j++ ? ", " : "", fy_carry_type(cy, i));
        fy_trace_emit(tr, ")");
    }
    fy_trace_emit(tr, " : i32 {\n");
    emit_indented(tr, &body);
    fy_trace_emit(tr, "      }");
    fy_trace_end_line(tr);
    if (fy_carry_loop_commit(cy, keep, res) < 0) goto out;
    for (int k = 0; k < n; k++)
        if (!bound[k]) {
            set_slot(slots[k], NULL); /* first assigned in the loop: lives in its region */
            note_unbound(f->code, fast[k], rg->line, 'b');
        }
    if (ti >= 0 && !tcar) { /* the target is the body's block argument, not read after the loop */
        set_slot(&f->localsplus[ti], NULL);
        note_unbound(f->code, ti, rg->line, 't');
    }
    ret = tr->failed ? (fy_err_nomem(), -1) : 1;
    *pc = rg->b_start;
out:
    buf_restore(tr, outer, &swapped);
    free(body.body);
    fy_carry_free(cy);
    free_vars(n, slots, fast, names, NULL);
    fy_free(asg);
    fy_free(mode);
    fy_free(bound);
    fy_free(ys);
    fy_free(res);
    fy_free(keep);
    if (ret < 0 && !fy_err_occurred()) fy_err_nomem();
    return ret;
}

/* ------------------------------------------------------------------ for ... in range(..., init=[...]) */

/* FlyDSL's explicit loop-carried form:
 *     for iv, state in range(lo, hi, step, init=[a, b]):
 *         ...
 *         results = yield [a2, b2]
 * is one scf.for over index with iter_args (the leaves of a, b: numbers, Vectors, tensors, pointers, or
 * tuples/lists/dicts/struct values of them, trace_carry.c): the target gets (iv, [carried block
 * arguments]), the body is traced once, and the `yield` (SCF_YIELD, compiled so only where it ends such a
 * body: as its last statement or the last of a branch of a last `if`) emits scf.yield and evaluates to
 * the loop results: one value, or a list for several. A yield inside an `if` on a dynamic value is
 * pending until the `if` is merged (every path must yield); the merged values are the scf.yield. Only
 * names bound from the results (and plain Python values) survive the loop; other traced values assigned
 * in its body live in its region. Loops nest as a stack (a helper called in the body may trace its own). */

/* The first `n` stores of the loop target at instruction `at` (STORE_FAST or UNPACK_SEQUENCE of
 * STORE_FASTs): unbound after the loop, except a name the body rebound to the loop's results [r0, r1)
 * (`state = yield ...` with state the loop's own target, as FlyDSL keeps it). */
static void unbind_target(fy_frame *f, int at, int line, uint64_t r0, uint64_t r1) {
    fy_code *co = f->code;
    int k = 1, i = at;
    if (f->locals || i >= co->ncode) return;
    if (FY_OPC(co->code[i]) == OP_UNPACK_SEQUENCE) k = (int)FY_ARG(co->code[i++]);
    for (; k > 0 && i < co->ncode && FY_OPC(co->code[i]) == OP_STORE_FAST; k--, i++) {
        int ti = (int)FY_ARG(co->code[i]);
        fy_obj *v = f->localsplus[ti];
        if (r1 > r0 && v && holds_traced(v, 0) && !holds_region_value(v, 0, UINT64_MAX, r0, r1, 0)) continue;
        set_slot(&f->localsplus[ti], NULL);
        note_unbound(co, ti, line, 't');
    }
}

/* Emits the scf.yield of loop L's values vals (a list of L->n, checked against the init= values). */
static int emit_init_yield(init_loop *L, fy_obj *vals, int line) {
    fy_tracer *tr = fy_trace_cur();
    size_t nv = (size_t)FY_LIST_N(vals);
    for (size_t k = 0; k < nv; k++) {
        int lit, l0;
        fy_dsl_numeric *t0 = type_of(L->init[k], &l0), *t = type_of(FY_LIST_ITEMS(vals)[k], &lit);
        if (t0 && (!t || (!lit && t != t0))) /* only a Python literal converts */
            return fy_err_format(&fy_TypeError,
                                 "`yield` at line %d: value %zu is %s but the loop at line %d carries %s "
                                 "there (its init= value)",
                                 line, k, t ? t->name : type_name(FY_LIST_ITEMS(vals)[k]), L->line, t0->name),
                   -1;
    }
    uint64_t *ys = fy_calloc((size_t)L->nl + 1, sizeof *ys);
    if (!ys) return -1;
    if (fy_carry_value_yields(L->cy, tr, vals, "yield", ys) < 0) {
        fy_free(ys);
        return -1;
    }
    fy_trace_emit(tr, "      scf.yield");
    for (int i = 0; i < L->nl; i++) fy_trace_emit(tr, "%s %%%llu", i ? "," : "", U(ys[i]));
    for (int i = 0; i < L->nl; i++) fy_trace_emit(tr, "%s %s", i ? "," : " :", fy_carry_type(L->cy, i));
    fy_trace_end_line(tr);
    fy_free(ys);
    L->yielded = 1;
    return tr->failed ? (fy_err_nomem(), -1) : 0;
}

static int trace_for_init(fy_frame *f, int at, int nargs, int *pc) {
    fy_tracer *tr = fy_trace_cur();
    fy_obj **base = f->stack + f->sp - nargs - 3; /* range, args, init value, ('init',) */
    if (!tr || base[0] != (fy_obj *)&fy_range_type) return 0;
    const fy_region *rg = fy_code_region(f->code, at);
    if (!rg || rg->kind != FY_RG_FOR) return 0;
    f->cur = at;
    if (rg->bad_line) {
        fy_err_format(&fy_RuntimeError,
                      "%s inside a `for` over range(..., init=[...]) (line %d, the loop at line %d) is "
                      "not supported: the loop is a device loop (scf.for)",
                      rg->bad_kind == 'r' ? "'return'" : "'break'/'continue'", rg->bad_line, rg->line);
        return -1;
    }
    if (nopen >= (int)(sizeof open_loops / sizeof *open_loops)) {
        fy_err_format(&fy_RuntimeError, "range(..., init=[...]) loops nested too deeply (line %d)", rg->line);
        return -1;
    }
    fy_obj *iv0 = base[nargs + 1];
    if (!FY_LIST_CHECK(iv0) && !FY_TUPLE_CHECK(iv0)) {
        fy_err_format(&fy_TypeError, "range(..., init=...) at line %d: init must be a list of values, not '%s'",
                      rg->line, type_name(iv0));
        return -1;
    }
    uint64_t lb = 0, ub = 0, st = 0;
    if (range_bounds(tr, base, nargs, &fy_dsl_t_index, &lb, &ub, &st) < 0) return -1;
    size_t ni;
    fy_obj **items = fy_seq_items(iv0, &ni);
    /* raw ir.Values (flydsl._mlir results) carry as the DSL values of their types */
    fy_obj *conv = NULL;
    for (size_t k = 0; k < ni; k++) {
        fy_obj *d = fy_mlir_as_dsl_value(items[k]);
        if (!d) continue;
        if (!conv && !(conv = fy_list_from(items, ni))) {
            FY_DECREF(d);
            return -1;
        }
        FY_SETREF(FY_LIST_ITEMS(conv)[k], d);
    }
    if (conv) items = FY_LIST_ITEMS(conv);
    int n = (int)ni, ret = -1, swapped = 0, pushed = 0, nn = 0, sbd = loop_body_depth;
    init_loop L = {.f = f, .depth = run_depth + 1, .line = rg->line, .n = n};
    slotp *slots = NULL;
    fy_obj **names = NULL, **v0 = NULL, *state = NULL, *ilist = NULL;
    int *fast = NULL;
    tbuf outer = {0}, body = {0};
    for (int k = 0; k < n; k++) {
        fy_obj **fv;
        int nf, lit;
        fy_obj *x = items[k];
        if (!type_of(x, &lit) && !fy_carry_is_leaf(x) && !FY_LIST_CHECK(x) && !FY_TUPLE_CHECK(x) && !FY_DICT_CHECK(x) &&
            !fy_trace_struct_fields(x, &fv, &nf)) {
            fy_err_format(&fy_TypeError,
                          "range(..., init=[...]) at line %d: init value %d is '%s'; loop-carried values "
                          "must be numbers (Int32, Float32, ... or a Python int/float), Vectors, tensors, pointers "
                          "or tuples/lists/dicts of them",
                          rg->line, k, fy_type_name(x));
            goto out;
        }
    }
    if (!(ilist = fy_list_from(items, ni)) || !(L.pname = fy_str_from_cstr("yield"))) goto out;
    L.init = FY_LIST_ITEMS(ilist);
    if (!(L.cy = fy_carry_new(f, NULL, NULL, NULL, 0, rg->line, "loop")) ||
        (L.nl = fy_carry_value_begin(L.cy, tr, ilist)) < 0 || fy_carry_value_check(L.cy) < 0)
        goto out;
    /* values the body's names hold before it, to tell what the body assigned */
    if ((nn = region_slots(f, rg, &slots, &fast, &names, NULL)) < 0 || !(v0 = fy_calloc((size_t)nn + 1, sizeof *v0)))
        goto out;
    for (int k = 0; k < nn; k++) v0[k] = *slots[k] ? fy_ref(*slots[k]) : NULL;
    uint64_t iv = fy_trace_new_ssa(tr), ba0 = tr->next;
    tr->next += (uint64_t)L.nl;
    L.r0 = tr->next;
    tr->next += (uint64_t)L.nl;
    fy_obj *ivv = fy_dsl_num_dynamic(&fy_dsl_t_index, iv);
    if (!ivv || !(state = fy_carry_value_make(L.cy, ba0))) {
        FY_XDECREF(ivv);
        goto out;
    }
    fy_obj *target = fy_tuple_pack(2, ivv, state);
    FY_DECREF(ivv);
    if (!target) goto out;
    while (f->stack + f->sp > base) FY_DECREF(f->stack[--f->sp]);
    f->stack[f->sp++] = fy_none(); /* in place of the iterator */
    f->stack[f->sp++] = target;
    open_loops[nopen++] = &L;
    pushed = 1;
    outer = buf_swap(tr, (tbuf){0});
    swapped = 1;
    loop_body_depth = run_depth + 1;
    int h = run_range(f, at + 2, rg->a_end, rg->line);
    loop_body_depth = sbd;
    if (h < 0) {
        ret = h;
        goto out;
    }
    FY_DECREF(f->stack[--f->sp]); /* the placeholder iterator */
    f->cur = at;
    if (!L.yielded && L.pending && emit_init_yield(&L, L.pending, rg->line) < 0) goto out;
    if (!L.yielded) {
        if (n) {
            fy_err_format(&fy_SyntaxError,
                          "the body of the range(..., init=[...]) loop at line %d must end with "
                          "`yield [...]` giving its %d loop-carried value%s",
                          rg->line, n, n == 1 ? "" : "s");
            goto out;
        }
        fy_trace_emit(tr, "      scf.yield");
        fy_trace_end_line(tr);
    }
    body = buf_swap(tr, outer);
    swapped = 0;
    fy_trace_emit(tr, "      ");
    for (int k = 0; k < L.nl; k++) fy_trace_emit(tr, "%s%%%llu", k ? ", " : "", U(L.r0 + (uint64_t)k));
    fy_trace_emit(tr, "%sscf.for %%%llu = %%%llu to %%%llu step %%%llu", L.nl ? " = " : "", U(iv), U(lb), U(ub), U(st));
    if (L.nl) {
        fy_trace_emit(tr, " iter_args(");
        for (int k = 0; k < L.nl; k++)
            fy_trace_emit(tr, "%s%%%llu = %%%llu", k ? ", " : "", U(ba0 + (uint64_t)k), U(fy_carry_init(L.cy, k)));
        fy_trace_emit(tr, ") -> (");
        for (int k = 0; k < L.nl; k++) fy_trace_emit(tr, "%s%s", k ? ", " : "", fy_carry_type(L.cy, k));
        fy_trace_emit(tr, ")");
    }
    fy_trace_emit(tr, " {\n");
    emit_indented(tr, &body);
    fy_trace_emit(tr, "      }");
    fy_trace_end_line(tr);
    /* traced values the body assigned live in its region, except the loop results */
    for (int k = 0; k < nn; k++) {
        fy_obj *v = *slots[k];
        if (!v || v == v0[k] || !holds_traced(v, 0)) continue;
        /* the loop's results (what `yield` gave back) live on; anything else the body assigned does not */
        if (!holds_region_value(v, 0, UINT64_MAX, L.r0, L.r0 + (uint64_t)L.nl, 0)) continue;
        set_slot(slots[k], NULL);
        note_unbound(f->code, fast[k], rg->line, 'i');
    }
    unbind_target(f, at + 2, rg->line, L.r0, L.r0 + (uint64_t)L.nl);
    /* a container the body changed in place (lst[i] = v) that still holds a value of the body: an
     * init= loop carries only its state, so say so instead of writing invalid IR */
    for (int k = 0; k < f->code->nlocals; k++) {
        fy_obj *v = f->localsplus[k];
        if (!v || FY_DSL_NUM_CHECK(v) || !holds_region_value(v, iv, tr->next, L.r0, L.r0 + (uint64_t)L.nl, 0)) continue;
        fy_err_format(&fy_NameError,
                      "'%s' was changed inside the range(..., init=[...]) loop at line %d and holds a value that lives "
                      "only there; carry it in init= and take it from the loop's `yield`",
                      FY_STR_DATA(FY_TUPLE_ITEMS(f->code->varnames)[k]), rg->line);
        goto out;
    }
    ret = tr->failed ? (fy_err_nomem(), -1) : 1;
    *pc = rg->b_start;
out:
    loop_body_depth = sbd;
    if (pushed) nopen--;
    buf_restore(tr, outer, &swapped);
    free(body.body);
    FY_XDECREF(state);
    FY_XDECREF(ilist);
    FY_XDECREF(conv);
    FY_XDECREF(L.pending);
    FY_XDECREF(L.pname);
    fy_carry_free(L.cy);
    free_vars(nn, slots, fast, names, v0);
    if (ret < 0 && !fy_err_occurred()) fy_err_nomem();
    return ret;
}

fy_obj *fy_trace_scf_yield(fy_frame *f, fy_obj *v, int flags) {
    int line = fy_code_line_of(&f->code->h, f->cur);
    init_loop *L = nopen ? open_loops[nopen - 1] : NULL;
    if (!fy_trace_cur() || !L || L->f != f)
        return fy_err_format(&fy_RuntimeError,
                             "`yield` in a `for ... in range(..., init=[...])` loop (line %d) works only "
                             "while a kernel is traced: it is the loop's scf.yield",
                             line);
    if (flags & 1)
        return fy_err_format(&fy_SyntaxError,
                             "`yield` at line %d must be the last statement of the body of the "
                             "range(..., init=[...]) loop at line %d (it is the loop's scf.yield)",
                             line, L->line);
    if (run_depth != L->depth && L->depth < loop_body_depth)
        return fy_err_format(&fy_SyntaxError,
                             "`yield` at line %d is inside a device loop in the body of the "
                             "range(..., init=[...]) loop at line %d; it must end the loop body itself",
                             line, L->line);
    if (L->yielded || (run_depth != L->depth && L->pending))
        return fy_err_format(&fy_SyntaxError,
                             "`yield` at line %d: the range(..., init=[...]) loop at line %d already "
                             "yielded",
                             line, L->line);
    size_t nv = 0;
    fy_obj **vals = v == fy_None ? NULL : FY_LIST_CHECK(v) || FY_TUPLE_CHECK(v) ? fy_seq_items(v, &nv) : &v;
    if (vals == &v) nv = 1;
    if ((int)nv != L->n)
        return fy_err_format(&fy_TypeError,
                             "`yield` at line %d gives %zu value%s but the range(..., init=[...]) loop at "
                             "line %d carries %d",
                             line, nv, nv == 1 ? "" : "s", L->line, L->n);
    fy_obj *lv = fy_list_from(vals, nv);
    if (!lv) return NULL;
    for (size_t k = 0; k < nv; k++) { /* raw ir.Values as the DSL values of their types, as init= takes them */
        fy_obj *d = fy_mlir_as_dsl_value(FY_LIST_ITEMS(lv)[k]);
        if (d) FY_SETREF(FY_LIST_ITEMS(lv)[k], d);
    }
    if (run_depth != L->depth) { /* inside an `if`: merged with the other paths' yields */
        L->pending = lv;
    } else {
        int bad = emit_init_yield(L, lv, line) < 0;
        FY_DECREF(lv);
        if (bad) return NULL;
    }
    fy_obj *res = fy_carry_value_make(L->cy, L->r0);
    if (!res || nv != 1) return res;
    fy_obj *r = fy_ref(FY_LIST_ITEMS(res)[0]);
    FY_DECREF(res);
    return r;
}

/* ------------------------------------------------------------------ while */
/* `while c:` whose test met a traced value: scf.while. The variables the body assigns or changes in place
 * that are bound before the loop are carried (trace_carry.c): the before region's and the body's block
 * arguments, the results; the test is traced again in the before region and the body once in the after
 * region. The test's first evaluation, which decided to come here, stays as dead ops. */
static int trace_while(fy_frame *f, const fy_region *rg, int at, int neg, int *pc) {
    fy_tracer *tr = fy_trace_cur();
    if (rg->bad_line) {
        fy_err_format(&fy_RuntimeError,
                      "%s inside a `while` on a dynamic value (line %d, the loop at line %d) is not "
                      "supported: the loop is a device loop (scf.while)",
                      rg->bad_kind == 'r' ? "'return'" : "'break'/'continue'", rg->bad_line, rg->line);
        return -1;
    }
    slotp *slots = NULL;
    fy_obj **names = NULL;
    int *fast = NULL, *asg = NULL, *keep = NULL, ret = -1, swapped = 0;
    uint64_t *ys = NULL, *res = NULL;
    unsigned char *mode = NULL, *bound = NULL;
    fy_carry *cy = NULL;
    tbuf outer = {0}, cb = {0}, body = {0};
    int n = region_slots(f, rg, &slots, &fast, &names, &asg);
    if (n < 0 || !(mode = fy_calloc((size_t)n + 1, 1)) || !(bound = fy_calloc((size_t)n + 1, 1))) goto out;
    for (int k = 0; k < n; k++) {
        bound[k] = *slots[k] != NULL;
        mode[k] = !bound[k] ? 0 : asg[k] ? 1 : 2;
    }
    if (!(cy = fy_carry_new(f, slots, names, fast, n, rg->line, "loop"))) goto out;
    int nl = fy_carry_loop_begin(cy, tr, mode);
    if (nl < 0 || !(ys = fy_calloc((size_t)nl + 1, sizeof *ys)) || !(res = fy_calloc((size_t)nl + 1, sizeof *res)) ||
        !(keep = fy_calloc((size_t)nl + 1, sizeof *keep)))
        goto out;
    uint64_t ba0 = tr->next, bb0 = tr->next + (uint64_t)nl;
    tr->next += 2 * (uint64_t)nl;
    /* the before region: the test on block arguments */
    if (fy_carry_bind(cy, ba0) < 0) goto out;
    outer = buf_swap(tr, (tbuf){0});
    swapped = 1;
    int h = run_range(f, rg->b_start, at, rg->line);
    if (h < 0) {
        ret = h;
        goto out;
    }
    fy_obj *cv = f->stack[--f->sp];
    f->cur = at;
    uint64_t c;
    fy_obj *cb1 = as_bool(cv);
    FY_DECREF(cv);
    if (!cb1) goto out;
    int bad = fy_trace_value_as(tr, cb1, &fy_dsl_t_bool, &c) < 0;
    FY_DECREF(cb1);
    if (bad || cond_ssa_neg(tr, neg, &c) < 0) goto out;
    cb = buf_swap(tr, (tbuf){0});
    /* the after region: the body */
    if (fy_carry_bind(cy, bb0) < 0) goto out;
    int sbd = loop_body_depth;
    loop_body_depth = run_depth + 1;
    h = run_range(f, at + 1, rg->a_end, rg->line);
    loop_body_depth = sbd;
    if (h < 0) {
        ret = h;
        goto out;
    }
    f->cur = at;
    if (fy_carry_loop_yields(cy, tr, ys) < 0) goto out;
    int nk = prune(tr, cy, nl, ys, bb0, keep);
    if (fy_carry_check_kept(cy, keep) < 0) goto out;
    fy_trace_emit(tr, "      scf.yield");
    for (int i = 0, j = 0; i < nl; i++)
        if (keep[i]) fy_trace_emit(tr, "%s %%%llu", j++ ? "," : "", U(ys[i]));
    for (int i = 0, j = 0; i < nl; i++)
        if (keep[i]) fy_trace_emit(tr, "%s %s", j++ ? "," : " :", fy_carry_type(cy, i));
    fy_trace_end_line(tr);
    body = buf_swap(tr, cb); /* the test's region: its unchanged values are the initial ones too */
    prune(tr, cy, nl, NULL, ba0, keep);
    fy_trace_emit(tr, "      scf.condition(%%%llu)", U(c));
    for (int i = 0, j = 0; i < nl; i++)
        if (keep[i]) fy_trace_emit(tr, "%s %%%llu", j++ ? "," : "", U(ba0 + (uint64_t)i));
    for (int i = 0, j = 0; i < nl; i++)
        if (keep[i]) fy_trace_emit(tr, "%s %s", j++ ? "," : " :", fy_carry_type(cy, i));
    fy_trace_end_line(tr);
    cb = buf_swap(tr, outer);
    swapped = 0;
    for (int i = 0; i < nl; i++)
        if (keep[i]) res[i] = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      ");
    for (int i = 0, j = 0; i < nl; i++)
        if (keep[i]) fy_trace_emit(tr, "%s%%%llu", j++ ? ", " : "", U(res[i]));
    fy_trace_emit(tr, "%sscf.while ", nk ? " = " : "");
    if (nk) {
        fy_trace_emit(tr, "(");
        for (int i = 0, j = 0; i < nl; i++)
            if (keep[i])
                fy_trace_emit(tr, "%s%%%llu = %%%llu", j++ ? ", " : "", U(ba0 + (uint64_t)i), U(fy_carry_init(cy, i)));
        fy_trace_emit(tr, ") ");
    }
    fy_trace_emit(tr, ": (");
    for (int i = 0, j = 0; i < nl; i++)
        if (keep[i]) fy_trace_emit(tr, "%s%s", j++ ? ", " : "", fy_carry_type(cy, i));
    fy_trace_emit(tr, ") -> (");
    for (int i = 0, j = 0; i < nl; i++)
        if (keep[i]) fy_trace_emit(tr, "%s%s", j++ ? ", " : "", fy_carry_type(cy, i));
    fy_trace_emit(tr, ") {\n");
    emit_indented(tr, &cb);
    fy_trace_emit(tr, "      } do {\n");
    if (nk) {
        fy_trace_emit(tr, "      ^bb0(");
        for (int i = 0, j = 0; i < nl; i++)
            if (keep[i]) fy_trace_emit(tr, "%s%%%llu: %s", j++ ? ", " : "", U(bb0 + (uint64_t)i), fy_carry_type(cy, i));
        fy_trace_emit(tr, "):\n");
    }
    emit_indented(tr, &body);
    fy_trace_emit(tr, "      }");
    fy_trace_end_line(tr);
    if (fy_carry_loop_commit(cy, keep, res) < 0) goto out;
    for (int k = 0; k < n; k++)
        if (!bound[k]) {
            set_slot(slots[k], NULL); /* first assigned in the loop: lives in its region */
            note_unbound(f->code, fast[k], rg->line, 'b');
        }
    ret = tr->failed ? (fy_err_nomem(), -1) : 1;
    *pc = rg->b_end;
out:
    buf_restore(tr, outer, &swapped);
    free(cb.body);
    free(body.body);
    fy_carry_free(cy);
    free_vars(n, slots, fast, names, NULL);
    fy_free(asg);
    fy_free(mode);
    fy_free(bound);
    fy_free(ys);
    fy_free(res);
    fy_free(keep);
    if (ret < 0 && !fy_err_occurred()) fy_err_nomem();
    return ret;
}
