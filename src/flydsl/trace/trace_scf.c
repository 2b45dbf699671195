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
 * Merging (scf.if): the values the assigned names hold after each branch are compared; a name whose
 * value differs becomes an scf.if result when both are numeric of one type (a Python literal takes the
 * other branch's type; two literals take their common type). A name assigned in only one branch and
 * unbound before, or whose branch values cannot be merged, is unbound after the `if` when the code
 * never reads it later, else it is an error naming the variable, both types and the line.
 *
 * Loops (scf.for over i32 as FlyDSL): names the body assigns that hold numeric values before the loop
 * are loop-carried (iter_args and results); the body is traced once with block arguments in their
 * place and must leave values of the same types. Names first assigned in the body are unbound after
 * the loop (they live in its region). While a trace is active every `range` loop is a device loop,
 * as FlyDSL makes it inside a kernel; range_constexpr (a plain Python range) unrolls at trace time and
 * `if fx.const_expr(c):` is a plain `if`.
 *
 * A conditional expression `a if c else b` on a traced c evaluates both arms (as FlyDSL) and selects
 * with arith.select. return/break/continue leaving a traced region is an error with its line. */
#include <stdlib.h>
#include <string.h>

#include "compile/code.h"
#include "exec/interp.h"
#include "flydsl/trace/trace_int.h"
#include "exec/vm.h"

#define U(x) ((unsigned long long)(x))
#define NUM(o) ((fy_dsl_num *)(o))

static int is_traced(fy_obj *v) { return FY_DSL_NUM_CHECK(v) && !NUM(v)->is_static; }

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
/* Is co the kernel's code or nested in it (no kernel recorded: everything is)? */
static int in_kernel(const fy_code *co) { return !kernel_code || nested_in(kernel_code, co, 0); }

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
static int region_slots(fy_frame *f, const fy_region *rg, slotp **slots, int **fast, fy_obj ***names) {
    size_t n = FY_TUPLE_N(rg->names);
    *slots = fy_calloc(n + 1, sizeof **slots);
    *fast = fy_calloc(n + 1, sizeof **fast);
    *names = fy_calloc(n + 1, sizeof **names);
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

/* a if c else b: each arm traced apart; pure arms go into the current block and arith.select picks,
 * arms with side effects become an scf.if with one result. */
/* End a loop body: check that every loop-carried variable (ct[k] set) still holds a value of its
 * type, and emit the scf.yield of their SSA values (into ys). 0, or -1 with an exception. */
static int yield_carried(fy_tracer *tr, const fy_region *rg, int n, slotp *slots, fy_obj **names, fy_dsl_numeric **ct,
                         uint64_t *ys) {
    for (int k = 0; k < n; k++) {
        if (!ct[k]) continue;
        fy_obj *v = *slots[k];
        const char *nm = FY_STR_DATA(names[k]);
        if (!v) {
            fy_err_format(&fy_NameError, "variable '%s' is deleted in the body of the loop at line %d", nm, rg->line);
            return -1;
        }
        int lit;
        fy_dsl_numeric *t = type_of(v, &lit);
        if (!t || (is_traced(v) && t != ct[k])) {
            fy_err_format(&fy_TypeError,
                          "variable '%s' is %s before the loop at line %d and %s after its body: a "
                          "loop-carried value must keep its type",
                          nm, ct[k]->name, rg->line, t ? t->name : fy_type_name(v));
            return -1;
        }
        if (as_ssa(tr, v, ct[k], &ys[k]) < 0) return -1;
    }
    fy_trace_emit(tr, "      scf.yield");
    for (int k = 0, i = 0; k < n; k++)
        if (ct[k]) fy_trace_emit(tr, "%s %%%llu", i++ ? "," : "", U(ys[k]));
    for (int k = 0, i = 0; k < n; k++)
        if (ct[k]) fy_trace_emit(tr, "%s %s", i++ ? "," : " :", fy_trace_mlir_type(ct[k]));
    fy_trace_end_line(tr);
    return 0;
}

static int trace_ifexp(fy_frame *f, const fy_region *rg, int at, fy_obj *v, int neg, int *pc) {
    fy_tracer *tr = fy_trace_cur();
    fy_obj *arm[2] = {NULL, NULL};
    tbuf outer = buf_swap(tr, (tbuf){0}), ab[2] = {{0}, {0}};
    int swapped = 1, ret = -1, h = run_range(f, at + 1, rg->a_end, rg->line);
    ab[0] = buf_swap(tr, (tbuf){0});
    if (h < 0) {
        ret = h;
        goto out;
    }
    arm[0] = f->stack[--f->sp];
    h = run_range(f, rg->b_start, rg->b_end, rg->line);
    ab[1] = buf_swap(tr, (tbuf){0});
    if (h < 0) {
        ret = h;
        goto out;
    }
    arm[1] = f->stack[--f->sp];
    f->cur = at;
    buf_restore(tr, outer, &swapped);
    fy_obj *r = NULL;
    if (!impure(&ab[0]) && !impure(&ab[1])) {
        for (int i = 0; i < 2; i++)
            if (ab[i].len) fy_trace_emit(tr, "%.*s", (int)ab[i].len, ab[i].body);
        fy_obj *c = fy_trace_num_convert(&fy_dsl_t_bool, v);
        r = c ? fy_trace_num_select(c, arm[neg], arm[!neg]) : NULL;
        FY_XDECREF(c);
    } else {
        int l1, l2;
        fy_dsl_numeric *t1 = type_of(arm[0], &l1), *t2 = type_of(arm[1], &l2), *t = NULL;
        if (t1 && t2)
            t = t1 == t2 ? t1 : l1 && !l2 ? t2 : l2 && !l1 ? t1 : l1 && l2 ? fy_dsl_common_type(t1, t2, 0) : NULL;
        if (!t) {
            fy_err_format(&fy_TypeError,
                          "the arms of the conditional expression on a dynamic value at line %d have side "
                          "effects and types '%s' and '%s' that cannot be one scf.if result",
                          rg->line, type_name(arm[0]), type_name(arm[1]));
            goto out;
        }
        uint64_t c, y[2];
        if (cond_ssa(tr, v, 0, &c) < 0) goto out;
        for (int i = 0; i < 2; i++) { /* the yields at the end of each arm */
            tbuf keep = buf_swap(tr, ab[i]);
            int bad = as_ssa(tr, arm[i], t, &y[i]) < 0;
            if (!bad) {
                fy_trace_emit(tr, "      scf.yield %%%llu : %s", U(y[i]), fy_trace_mlir_type(t));
                fy_trace_end_line(tr);
            }
            ab[i] = buf_swap(tr, keep);
            if (bad) goto out;
        }
        uint64_t r0 = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = scf.if %%%llu -> (%s) {\n", U(r0), U(c), fy_trace_mlir_type(t));
        emit_indented(tr, &ab[neg]);
        fy_trace_emit(tr, "      } else {\n");
        emit_indented(tr, &ab[!neg]);
        fy_trace_emit(tr, "      }");
        fy_trace_end_line(tr);
        r = fy_dsl_num_dynamic(t, r0);
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
    if (ret < 0 && !fy_err_occurred()) fy_err_nomem();
    return ret;
}

static int trace_while(fy_frame *f, const fy_region *rg, int at, int neg, int *pc);

int fy_trace_scf_branch(fy_frame *f, int at, fy_obj *v, int *pc) {
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
    fy_obj **names = NULL, **v0 = NULL, **v1 = NULL, **v2 = NULL;
    int *fast = NULL, ret = -1;
    fy_dsl_numeric **rt = NULL;
    uint64_t mark = tr->next; /* the branches' values: from here to the results */
    tbuf outer = buf_swap(tr, (tbuf){0}), tb = {0}, eb = {0};
    int swapped = 1;
    int n = region_slots(f, rg, &slots, &fast, &names);
    if (n < 0 || !(v0 = fy_calloc((size_t)n + 1, sizeof *v0)) || !(v1 = fy_calloc((size_t)n + 1, sizeof *v1)) ||
        !(v2 = fy_calloc((size_t)n + 1, sizeof *v2)) || !(rt = fy_calloc((size_t)n + 1, sizeof *rt)))
        goto out;
    for (int k = 0; k < n; k++) v0[k] = *slots[k] ? fy_ref(*slots[k]) : NULL;
    int h = run_range(f, at + 1, rg->a_end, rg->line);
    tb = buf_swap(tr, (tbuf){0});
    if (h < 0) {
        ret = h;
        goto out;
    }
    for (int k = 0; k < n; k++) {
        v1[k] = *slots[k] ? fy_ref(*slots[k]) : NULL;
        set_slot(slots[k], v0[k] ? fy_ref(v0[k]) : NULL);
    }
    if (rg->b_start < rg->b_end && (h = run_range(f, rg->b_start, rg->b_end, rg->line)) < 0) {
        ret = h;
        goto out;
    }
    for (int k = 0; k < n; k++) v2[k] = *slots[k] ? fy_ref(*slots[k]) : NULL;
    f->cur = at;
    /* what each name becomes */
    int nres = 0;
    for (int k = 0; k < n; k++) {
        if (v1[k] == v2[k]) continue;
        int l1 = 0, l2 = 0, used = used_after(f, fast[k], rg->b_end);
        fy_dsl_numeric *t1 = v1[k] ? type_of(v1[k], &l1) : NULL, *t2 = v2[k] ? type_of(v2[k], &l2) : NULL, *t = NULL;
        if (t1 && t2)
            t = t1 == t2 ? t1 : l1 && !l2 ? t2 : l2 && !l1 ? t1 : l1 && l2 ? fy_dsl_common_type(t1, t2, 0) : NULL;
        if (t) {
            rt[k] = t;
            nres++;
            continue;
        }
        if (!used) {
            set_slot(slots[k], NULL); /* a branch-local temporary */
            continue;
        }
        const char *nm = FY_STR_DATA(names[k]);
        if (!v1[k] || !v2[k])
            fy_err_format(&fy_NameError,
                          "variable '%s' is assigned in only one branch of the `if` on a dynamic value at "
                          "line %d and used after it: assign it before the `if`",
                          nm, rg->line);
        else if (t1 && t2)
            fy_err_format(&fy_TypeError,
                          "variable '%s' has type %s in one branch and %s in the other of the `if` on a "
                          "dynamic value at line %d",
                          nm, t1->name, t2->name, rg->line);
        else
            fy_err_format(&fy_TypeError,
                          "variable '%s' cannot be merged after the `if` on a dynamic value at line %d: "
                          "its values are '%s' and '%s' (only numeric values become scf.if results)",
                          nm, rg->line, type_name(v1[k]), type_name(v2[k]));
        goto out;
    }
    /* yields */
    uint64_t *ys = fy_calloc(2 * (size_t)nres + 1, sizeof *ys);
    if (!ys) goto out;
    for (int br = 0; br < 2; br++) {
        tbuf *b = br ? &eb : &tb;
        if (br) eb = buf_swap(tr, (tbuf){0}); /* the else branch's ops are in the current buffer */
        tbuf keep = buf_swap(tr, *b);
        int j = 0;
        for (int k = 0; k < n; k++)
            if (rt[k] && as_ssa(tr, br ? v2[k] : v1[k], rt[k], &ys[br * nres + j++]) < 0) {
                *b = buf_swap(tr, keep);
                fy_free(ys);
                goto out;
            }
        fy_trace_emit(tr, "      scf.yield");
        for (int i = 0; i < nres; i++) fy_trace_emit(tr, "%s %%%llu", i ? "," : "", U(ys[br * nres + i]));
        for (int k = 0, i = 0; k < n; k++)
            if (rt[k]) fy_trace_emit(tr, "%s %s", i++ ? "," : " :", fy_trace_mlir_type(rt[k]));
        fy_trace_end_line(tr);
        *b = buf_swap(tr, keep);
    }
    fy_free(ys);
    /* the scf.if into the enclosing block */
    buf_restore(tr, outer, &swapped);
    uint64_t cl_hi = tr->next; /* after the scf.if is emitted, the branches are closed */
    uint64_t r0 = tr->next;
    tr->next += (uint64_t)nres;
    fy_trace_emit(tr, "      ");
    for (int i = 0; i < nres; i++) fy_trace_emit(tr, "%s%%%llu", i ? ", " : "", U(r0 + (uint64_t)i));
    fy_trace_emit(tr, "%sscf.if %%%llu", nres ? " = " : "", U(c));
    if (nres) {
        fy_trace_emit(tr, " -> (");
        for (int k = 0, i = 0; k < n; k++)
            if (rt[k]) fy_trace_emit(tr, "%s%s", i++ ? ", " : "", fy_trace_mlir_type(rt[k]));
        fy_trace_emit(tr, ")");
    }
    fy_trace_emit(tr, " {\n");
    emit_indented(tr, &tb);
    fy_trace_emit(tr, "      } else {\n");
    emit_indented(tr, &eb);
    fy_trace_emit(tr, "      }");
    fy_trace_end_line(tr);
    for (int k = 0, i = 0; k < n; k++)
        if (rt[k]) {
            fy_obj *r = fy_dsl_num_dynamic(rt[k], r0 + (uint64_t)i++);
            if (!r) goto out;
            set_slot(slots[k], r);
        }
    fy_trace_close_region(tr, mark, cl_hi, "if", rg->line);
    ret = tr->failed ? (fy_err_nomem(), -1) : 1;
    *pc = rg->b_end;
out:
    buf_restore(tr, outer, &swapped);
    free(tb.body);
    free(eb.body);
    for (int k = 0; k < n; k++) {
        if (v1) FY_XDECREF(v1[k]);
        if (v2) FY_XDECREF(v2[k]);
    }
    fy_free(v1);
    fy_free(v2);
    fy_free(rt);
    free_vars(n, slots, fast, names, v0);
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

static int trace_for_init(fy_frame *f, int at, int nargs, int *pc);

int fy_trace_scf_for(fy_frame *f, int at, int nargs, int *pc) {
    if (nargs & FY_FR_INIT) return trace_for_init(f, at, nargs & 0xf, pc);
    fy_tracer *tr = fy_trace_cur();
    fy_obj **base = f->stack + f->sp - nargs - 1;
    if (!tr || base[0] != (fy_obj *)&fy_range_type || !in_kernel(f->code)) return 0;
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
    uint64_t lb = 0, ub = 0, st = 0;
    if (range_bounds(tr, base, nargs, &fy_dsl_t_i32, &lb, &ub, &st) < 0) return -1;
    slotp *slots = NULL;
    fy_obj **names = NULL, **v0 = NULL;
    int *fast = NULL, ret = -1;
    fy_dsl_numeric **ct = NULL;
    uint64_t *init = NULL, *ys = NULL;
    tbuf outer = {0}, body = {0};
    int swapped = 0;
    int n = region_slots(f, rg, &slots, &fast, &names);
    if (n < 0 || !(v0 = fy_calloc((size_t)n + 1, sizeof *v0)) || !(ct = fy_calloc((size_t)n + 1, sizeof *ct)) ||
        !(init = fy_calloc((size_t)n + 1, sizeof *init)) || !(ys = fy_calloc((size_t)n + 1, sizeof *ys)))
        goto out;
    int ncar = 0;
    for (int k = 0; k < n; k++) {
        int lit;
        v0[k] = *slots[k] ? fy_ref(*slots[k]) : NULL;
        if (v0[k] && (ct[k] = type_of(v0[k], &lit)) && as_ssa(tr, v0[k], ct[k], &init[k]) < 0) goto out;
        if (ct[k]) ncar++;
    }
    /* the loop's SSA numbers, then the body with block arguments in place of the carried names */
    uint64_t iv = fy_trace_new_ssa(tr), ba0 = tr->next;
    tr->next += (uint64_t)n;
    for (int k = 0; k < n; k++)
        if (ct[k]) {
            fy_obj *a = fy_dsl_num_dynamic(ct[k], ba0 + (uint64_t)k);
            if (!a) goto out;
            set_slot(slots[k], a);
        }
    fy_obj *ivv = fy_dsl_num_dynamic(&fy_dsl_t_i32, iv);
    if (!ivv) goto out;
    while (f->stack + f->sp > base) FY_DECREF(f->stack[--f->sp]);
    f->stack[f->sp++] = fy_none(); /* in place of the iterator */
    f->stack[f->sp++] = ivv;
    outer = buf_swap(tr, (tbuf){0});
    swapped = 1;
    int h = run_range(f, at + 2, rg->a_end, rg->line);
    if (h < 0) {
        ret = h;
        goto out;
    }
    FY_DECREF(f->stack[--f->sp]); /* the placeholder iterator */
    f->cur = at;
    if (yield_carried(tr, rg, n, slots, names, ct, ys) < 0) goto out;
    body = buf_swap(tr, outer);
    swapped = 0;
    uint64_t cl_hi = tr->next; /* after the scf.for is emitted, the body is closed */
    uint64_t r0 = tr->next;
    tr->next += (uint64_t)ncar;
    fy_trace_emit(tr, "      ");
    for (int i = 0; i < ncar; i++) fy_trace_emit(tr, "%s%%%llu", i ? ", " : "", U(r0 + (uint64_t)i));
    fy_trace_emit(tr, "%sscf.for %%%llu = %%%llu to %%%llu step %%%llu", ncar ? " = " : "", U(iv), U(lb), U(ub), U(st));
    if (ncar) {
        fy_trace_emit(tr, " iter_args(");
        for (int k = 0, i = 0; k < n; k++)
            if (ct[k]) fy_trace_emit(tr, "%s%%%llu = %%%llu", i++ ? ", " : "", U(ba0 + (uint64_t)k), U(init[k]));
        fy_trace_emit(tr, ") -> (");
        for (int k = 0, i = 0; k < n; k++)
            if (ct[k]) fy_trace_emit(tr, "%s%s", i++ ? ", " : "", fy_trace_mlir_type(ct[k]));
        fy_trace_emit(tr, ")");
    }
    fy_trace_emit(tr, " : i32 {\n");
    emit_indented(tr, &body);
    fy_trace_emit(tr, "      }");
    fy_trace_end_line(tr);
    for (int k = 0, i = 0; k < n; k++) {
        if (ct[k]) {
            fy_obj *r = fy_dsl_num_dynamic(ct[k], r0 + (uint64_t)i++);
            if (!r) goto out;
            set_slot(slots[k], r);
        } else if (!v0[k]) {
            set_slot(slots[k], NULL); /* first assigned in the loop: lives in its region */
            note_unbound(f->code, fast[k], rg->line, 'b');
        }
    }
    { /* the target is the body's block argument: unbound after the loop */
        uint32_t st0 = f->code->code[at + 2];
        if (FY_OPC(st0) == OP_STORE_FAST && !f->locals) {
            int ti = (int)FY_ARG(st0);
            set_slot(&f->localsplus[ti], NULL);
            note_unbound(f->code, ti, rg->line, 't');
        }
    }
    fy_trace_close_region(tr, iv, cl_hi, "for", rg->line);
    ret = tr->failed ? (fy_err_nomem(), -1) : 1;
    *pc = rg->b_start;
out:
    buf_restore(tr, outer, &swapped);
    free(body.body);
    free_vars(n, slots, fast, names, v0);
    fy_free(ct);
    fy_free(init);
    fy_free(ys);
    if (ret < 0 && !fy_err_occurred()) fy_err_nomem();
    return ret;
}

/* ------------------------------------------------------------------ for ... in range(..., init=[...]) */

/* FlyDSL's explicit loop-carried form:
 *     for iv, state in range(lo, hi, step, init=[a, b]):
 *         ...
 *         results = yield [a2, b2]
 * is one scf.for over index with iter_args (a, b): the target gets (iv, [carried block arguments]), the
 * body is traced once, and the `yield` (SCF_YIELD, compiled so only when it ends such a body) emits
 * scf.yield and evaluates to the loop results: one value, or a list for several. Only names bound from
 * those results (and plain Python values) survive the loop; other traced values assigned in its body
 * live in its region. Loops nest as a stack (a helper called in the body may trace its own). */
typedef struct init_loop {
    fy_frame *f;
    int depth;              /* run_depth of the body's run */
    int line, n, yielded;
    fy_dsl_numeric **ct;    /* carried types */
    uint64_t r0;            /* the loop's result SSA numbers r0..r0+n-1 */
} init_loop;
static init_loop *open_loops[32];
static int nopen;

/* The first `n` stores of the loop target at instruction `at` (STORE_FAST or UNPACK_SEQUENCE of
 * STORE_FASTs): unbound after the loop. */
static void unbind_target(fy_frame *f, int at, int line) {
    fy_code *co = f->code;
    int k = 1, i = at;
    if (f->locals || i >= co->ncode) return;
    if (FY_OPC(co->code[i]) == OP_UNPACK_SEQUENCE) k = (int)FY_ARG(co->code[i++]);
    for (; k > 0 && i < co->ncode && FY_OPC(co->code[i]) == OP_STORE_FAST; k--, i++) {
        int ti = (int)FY_ARG(co->code[i]);
        set_slot(&f->localsplus[ti], NULL);
        note_unbound(co, ti, line, 't');
    }
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
    int n = (int)ni, ret = -1, swapped = 0, pushed = 0, nn = 0;
    init_loop L = {.f = f, .depth = run_depth + 1, .line = rg->line, .n = n};
    uint64_t *init = NULL;
    slotp *slots = NULL;
    fy_obj **names = NULL, **v0 = NULL, *state = NULL;
    int *fast = NULL;
    tbuf outer = {0}, body = {0};
    if (!(L.ct = fy_calloc((size_t)n + 1, sizeof *L.ct)) || !(init = fy_calloc((size_t)n + 1, sizeof *init))) goto out;
    for (int k = 0; k < n; k++) {
        int lit;
        if (!(L.ct[k] = type_of(items[k], &lit))) {
            fy_err_format(&fy_TypeError,
                          "range(..., init=[...]) at line %d: init value %d is '%s'; loop-carried values "
                          "must be numbers (Int32, Float32, ... or a Python int/float)",
                          rg->line, k, fy_type_name(items[k]));
            goto out;
        }
        if (as_ssa(tr, items[k], L.ct[k], &init[k]) < 0) goto out;
    }
    /* values the body's names hold before it, to tell what the body assigned */
    if ((nn = region_slots(f, rg, &slots, &fast, &names)) < 0 || !(v0 = fy_calloc((size_t)nn + 1, sizeof *v0)))
        goto out;
    for (int k = 0; k < nn; k++) v0[k] = *slots[k] ? fy_ref(*slots[k]) : NULL;
    uint64_t iv = fy_trace_new_ssa(tr), ba0 = tr->next;
    tr->next += (uint64_t)n;
    L.r0 = tr->next;
    tr->next += (uint64_t)n;
    fy_obj *ivv = fy_dsl_num_dynamic(&fy_dsl_t_index, iv);
    if (!ivv || !(state = fy_list_new(0))) {
        FY_XDECREF(ivv);
        goto out;
    }
    for (int k = 0; k < n; k++)
        if (fy_list_append_steal(state, fy_dsl_num_dynamic(L.ct[k], ba0 + (uint64_t)k)) < 0) {
            FY_DECREF(ivv);
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
    int h = run_range(f, at + 2, rg->a_end, rg->line);
    if (h < 0) {
        ret = h;
        goto out;
    }
    FY_DECREF(f->stack[--f->sp]); /* the placeholder iterator */
    f->cur = at;
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
    uint64_t cl_hi = tr->next; /* after the scf.for is emitted, the body is closed */
    fy_trace_emit(tr, "      ");
    for (int k = 0; k < n; k++) fy_trace_emit(tr, "%s%%%llu", k ? ", " : "", U(L.r0 + (uint64_t)k));
    fy_trace_emit(tr, "%sscf.for %%%llu = %%%llu to %%%llu step %%%llu", n ? " = " : "", U(iv), U(lb), U(ub), U(st));
    if (n) {
        fy_trace_emit(tr, " iter_args(");
        for (int k = 0; k < n; k++)
            fy_trace_emit(tr, "%s%%%llu = %%%llu", k ? ", " : "", U(ba0 + (uint64_t)k), U(init[k]));
        fy_trace_emit(tr, ") -> (");
        for (int k = 0; k < n; k++) fy_trace_emit(tr, "%s%s", k ? ", " : "", fy_trace_mlir_type(L.ct[k]));
        fy_trace_emit(tr, ")");
    }
    fy_trace_emit(tr, " {\n");
    emit_indented(tr, &body);
    fy_trace_emit(tr, "      }");
    fy_trace_end_line(tr);
    /* traced values the body assigned live in its region, except the loop results */
    for (int k = 0; k < nn; k++) {
        fy_obj *v = *slots[k];
        if (!v || v == v0[k] || !is_traced(v)) continue;
        if (NUM(v)->ssa >= L.r0 && NUM(v)->ssa < L.r0 + (uint64_t)n) continue;
        set_slot(slots[k], NULL);
        note_unbound(f->code, fast[k], rg->line, 'i');
    }
    unbind_target(f, at + 2, rg->line);
    fy_trace_close_region(tr, iv, L.r0, "for", rg->line); /* the results were numbered before the body */
    fy_trace_close_region(tr, L.r0 + (uint64_t)n, cl_hi, "for", rg->line);
    ret = tr->failed ? (fy_err_nomem(), -1) : 1;
    *pc = rg->b_start;
out:
    if (pushed) nopen--;
    buf_restore(tr, outer, &swapped);
    free(body.body);
    FY_XDECREF(state);
    free_vars(nn, slots, fast, names, v0);
    fy_free(L.ct);
    fy_free(init);
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
    if (run_depth != L->depth)
        return fy_err_format(&fy_SyntaxError,
                             "`yield` at line %d is inside control flow on a dynamic value in the "
                             "range(..., init=[...]) loop at line %d; it must end the loop body itself",
                             line, L->line);
    if (L->yielded)
        return fy_err_format(&fy_SyntaxError,
                             "`yield` at line %d: the range(..., init=[...]) loop at line %d already "
                             "yielded",
                             line, L->line);
    fy_tracer *tr = fy_trace_cur();
    size_t nv = 0;
    fy_obj **vals = v == fy_None ? NULL : FY_LIST_CHECK(v) || FY_TUPLE_CHECK(v) ? fy_seq_items(v, &nv) : &v;
    if (vals == &v) nv = 1;
    if ((int)nv != L->n)
        return fy_err_format(&fy_TypeError,
                             "`yield` at line %d gives %zu value%s but the range(..., init=[...]) loop at "
                             "line %d carries %d",
                             line, nv, nv == 1 ? "" : "s", L->line, L->n);
    uint64_t *ys = fy_calloc(nv + 1, sizeof *ys);
    if (!ys) return NULL;
    for (size_t k = 0; k < nv; k++) {
        int lit;
        fy_dsl_numeric *t = type_of(vals[k], &lit);
        if (!t || (!lit && t != L->ct[k])) { /* only a Python literal converts */
            fy_free(ys);
            return fy_err_format(&fy_TypeError,
                                 "`yield` at line %d: value %zu is %s but the loop at line %d carries %s "
                                 "there (its init= value)",
                                 line, k, t ? t->name : fy_type_name(vals[k]), L->line, L->ct[k]->name);
        }
        if (as_ssa(tr, vals[k], L->ct[k], &ys[k]) < 0) {
            fy_free(ys);
            return NULL;
        }
    }
    fy_trace_emit(tr, "      scf.yield");
    for (size_t k = 0; k < nv; k++) fy_trace_emit(tr, "%s %%%llu", k ? "," : "", U(ys[k]));
    for (size_t k = 0; k < nv; k++) fy_trace_emit(tr, "%s %s", k ? "," : " :", fy_trace_mlir_type(L->ct[k]));
    fy_trace_end_line(tr);
    fy_free(ys);
    L->yielded = 1;
    if (nv == 0) return fy_none();
    if (nv == 1) return fy_dsl_num_dynamic(L->ct[0], L->r0);
    fy_obj *res = fy_list_new(0);
    for (size_t k = 0; res && k < nv; k++)
        if (fy_list_append_steal(res, fy_dsl_num_dynamic(L->ct[k], L->r0 + (uint64_t)k)) < 0) FY_CLEAR(res);
    return res;
}

/* ------------------------------------------------------------------ while */

/* `while c:` whose test met a traced value: scf.while. Names the body assigns that hold numeric values
 * before the loop are carried (the before region's and the body's block arguments, the results); the
 * test is traced again in the before region and the body once in the after region. The test's first
 * evaluation, which decided to come here, stays as dead ops. */
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
    fy_obj **names = NULL, **v0 = NULL;
    int *fast = NULL, ret = -1, swapped = 0;
    fy_dsl_numeric **ct = NULL;
    uint64_t *init = NULL, *ys = NULL;
    tbuf outer = {0}, cb = {0}, body = {0};
    int n = region_slots(f, rg, &slots, &fast, &names);
    if (n < 0 || !(v0 = fy_calloc((size_t)n + 1, sizeof *v0)) || !(ct = fy_calloc((size_t)n + 1, sizeof *ct)) ||
        !(init = fy_calloc((size_t)n + 1, sizeof *init)) || !(ys = fy_calloc((size_t)n + 1, sizeof *ys)))
        goto out;
    int ncar = 0;
    for (int k = 0; k < n; k++) {
        int lit;
        v0[k] = *slots[k] ? fy_ref(*slots[k]) : NULL;
        if (v0[k] && (ct[k] = type_of(v0[k], &lit)) && as_ssa(tr, v0[k], ct[k], &init[k]) < 0) goto out;
        if (ct[k]) ncar++;
    }
    uint64_t ba0 = tr->next, bb0 = tr->next + (uint64_t)n;
    tr->next += 2 * (uint64_t)n;
    /* the before region: the test on block arguments */
    for (int k = 0; k < n; k++)
        if (ct[k]) {
            fy_obj *a = fy_dsl_num_dynamic(ct[k], ba0 + (uint64_t)k);
            if (!a) goto out;
            set_slot(slots[k], a);
        }
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
    fy_trace_emit(tr, "      scf.condition(%%%llu)", U(c));
    for (int k = 0, i = 0; k < n; k++)
        if (ct[k]) fy_trace_emit(tr, "%s %%%llu", i++ ? "," : "", U(ba0 + (uint64_t)k));
    for (int k = 0, i = 0; k < n; k++)
        if (ct[k]) fy_trace_emit(tr, "%s %s", i++ ? "," : " :", fy_trace_mlir_type(ct[k]));
    fy_trace_end_line(tr);
    cb = buf_swap(tr, (tbuf){0});
    /* the after region: the body */
    for (int k = 0; k < n; k++)
        if (ct[k]) {
            fy_obj *a = fy_dsl_num_dynamic(ct[k], bb0 + (uint64_t)k);
            if (!a) goto out;
            set_slot(slots[k], a);
        }
    h = run_range(f, at + 1, rg->a_end, rg->line);
    if (h < 0) {
        ret = h;
        goto out;
    }
    f->cur = at;
    if (yield_carried(tr, rg, n, slots, names, ct, ys) < 0) goto out;
    body = buf_swap(tr, outer);
    swapped = 0;
    uint64_t cl_hi = tr->next; /* after the scf.while is emitted, its regions are closed */
    uint64_t r0 = tr->next;
    tr->next += (uint64_t)ncar;
    fy_trace_emit(tr, "      ");
    for (int i = 0; i < ncar; i++) fy_trace_emit(tr, "%s%%%llu", i ? ", " : "", U(r0 + (uint64_t)i));
    fy_trace_emit(tr, "%sscf.while ", ncar ? " = " : "");
    if (ncar) {
        fy_trace_emit(tr, "(");
        for (int k = 0, i = 0; k < n; k++)
            if (ct[k]) fy_trace_emit(tr, "%s%%%llu = %%%llu", i++ ? ", " : "", U(ba0 + (uint64_t)k), U(init[k]));
        fy_trace_emit(tr, ") ");
    }
    fy_trace_emit(tr, ": (");
    for (int k = 0, i = 0; k < n; k++)
        if (ct[k]) fy_trace_emit(tr, "%s%s", i++ ? ", " : "", fy_trace_mlir_type(ct[k]));
    fy_trace_emit(tr, ") -> (");
    for (int k = 0, i = 0; k < n; k++)
        if (ct[k]) fy_trace_emit(tr, "%s%s", i++ ? ", " : "", fy_trace_mlir_type(ct[k]));
    fy_trace_emit(tr, ") {\n");
    emit_indented(tr, &cb);
    fy_trace_emit(tr, "      } do {\n");
    if (ncar) {
        fy_trace_emit(tr, "      ^bb0(");
        for (int k = 0, i = 0; k < n; k++)
            if (ct[k])
                fy_trace_emit(tr, "%s%%%llu: %s", i++ ? ", " : "", U(bb0 + (uint64_t)k), fy_trace_mlir_type(ct[k]));
        fy_trace_emit(tr, "):\n");
    }
    emit_indented(tr, &body);
    fy_trace_emit(tr, "      }");
    fy_trace_end_line(tr);
    for (int k = 0, i = 0; k < n; k++) {
        if (ct[k]) {
            fy_obj *r = fy_dsl_num_dynamic(ct[k], r0 + (uint64_t)i++);
            if (!r) goto out;
            set_slot(slots[k], r);
        } else if (!v0[k]) {
            set_slot(slots[k], NULL); /* first assigned in the loop: lives in its region */
            note_unbound(f->code, fast[k], rg->line, 'b');
        }
    }
    fy_trace_close_region(tr, ba0, cl_hi, "while", rg->line);
    ret = tr->failed ? (fy_err_nomem(), -1) : 1;
    *pc = rg->b_end;
out:
    buf_restore(tr, outer, &swapped);
    free(cb.body);
    free(body.body);
    free_vars(n, slots, fast, names, v0);
    fy_free(ct);
    fy_free(init);
    fy_free(ys);
    if (ret < 0 && !fy_err_occurred()) fy_err_nomem();
    return ret;
}
