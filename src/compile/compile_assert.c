/* compile_assert.c - assert statements compiled for a test runner (compile mode
 * FY_COMPILE_REWRITE_ASSERTS): on failure the AssertionError's message shows the operands' values,
 * built by the embedded module `_pytest_assert` (`assert 1 == 2`, `assert [1] == [2]`,
 * `assert not True`, `assert 0`, `assert (1 + 1) == 3`, `assert (1 and 0)`, `+  where 3 = f(2)`).
 * Only the failing path differs from a plain assert: the operands are evaluated once and in the
 * same order (a call goes through _pytest_assert._call_t, which keeps its arguments). */
#include "compile/compile_int.h"
#include "exec/interp.h"

#define EMIT(op, arg) fy_c_emit(c, OP_##op, (arg))

/* [... callable-less operands] -> [..., helper]: import the helper module and load `name`. */
static void load_helper(compiler *c, const char *name) {
    EMIT(LOAD_CONST, fy_c_const(c, fy_None));
    EMIT(IMPORT_NAME, fy_c_name(c, "_pytest_assert"));
    EMIT(LOAD_ATTR, fy_c_name(c, name));
}
static void push_msg(compiler *c, fy_stmt *s) {
    if (s->v.assert_.msg) fy_c_expr(c, s->v.assert_.msg);
    else EMIT(LOAD_CONST, fy_c_const(c, fy_None));
}

/* `assert a OP b CMP c` with a plain right side: the failure message shows a and b too. The
 * stack keeps [a b a+b c] until the comparison is decided. */
static void assert_binop_compare(compiler *c, fy_stmt *s, void (*set_loc)(compiler *, fy_stmt *)) {
    fy_expr *t = s->v.assert_.test, *l = t->v.compare.left;
    fy_cmpop op = t->v.compare.ops[0];
    fy_c_expr(c, l->v.binop.left);
    fy_c_expr(c, l->v.binop.right);
    EMIT(DUP_TOP_TWO, 0);
    fy_c_set_loc_expr(c, l);
    EMIT(BINARY_OP, (int)l->v.binop.op);
    fy_c_expr(c, t->v.compare.comparators[0]);
    fy_c_set_loc_expr(c, t);
    EMIT(DUP_TOP_TWO, 0);
    fy_c_emit_cmp(c, op);
    int fail = EMIT(POP_JUMP_IF_FALSE, 0);
    for (int i = 0; i < 4; i++) EMIT(POP_TOP, 0);
    int end = EMIT(JUMP, 0);
    fy_c_patch(c, fail, fy_c_here(c));
    set_loc(c, s);
    /* [a b r c] -> build a tuple, call the helper with it unpacked */
    EMIT(BUILD_TUPLE, 4);
    load_helper(c, "_fail_compare_binop_t"); /* [tuple fn] */
    EMIT(ROT_TWO, 0);                        /* [fn tuple] */
    const char *syms[2] = {fy_cmpop_symbol(op), fy_operator_symbol(l->v.binop.op)};
    for (int i = 0; i < 2; i++) {
        fy_obj *sym = fy_c_str(syms[i]);
        if (sym) {
            EMIT(LOAD_CONST, fy_c_const(c, sym));
            FY_DECREF(sym);
        } else fy_err_clear();
    }
    push_msg(c, s);
    set_loc(c, s);
    EMIT(CALL, 4);
    EMIT(RAISE_VARARGS, 1);
    fy_c_patch(c, end, fy_c_here(c));
}

/* [values of the operands evaluated so far] -> raise _fail_boolop(values, shape, is_or, msg). shape
 * is a constant str with one letter per operand: 'v' (one value) or 'c' (left, right, result of
 * a comparison, whose operator follows in ops). */
static void boolop_fail(compiler *c, fy_stmt *s, void (*set_loc)(compiler *, fy_stmt *), int nvals, const char *shape,
                        fy_obj *ops, bool is_or) {
    set_loc(c, s);
    EMIT(BUILD_TUPLE, nvals);
    load_helper(c, "_fail_boolop");
    EMIT(ROT_TWO, 0);
    fy_obj *sh = fy_c_str(shape);
    if (sh) {
        EMIT(LOAD_CONST, fy_c_const(c, sh));
        FY_DECREF(sh);
    } else fy_err_clear();
    EMIT(LOAD_CONST, fy_c_const(c, ops));
    EMIT(LOAD_CONST, fy_c_const(c, is_or ? fy_True : fy_False));
    push_msg(c, s);
    set_loc(c, s);
    EMIT(CALL, 5);
    EMIT(RAISE_VARARGS, 1);
}

/* `assert a and b == c ...`: pytest shows the operands evaluated, "assert (1 and 0)". Every
 * operand's values stay on the stack until the assert is decided. */
static void assert_boolop(compiler *c, fy_stmt *s, void (*set_loc)(compiler *, fy_stmt *)) {
    fy_expr *t = s->v.assert_.test;
    int n = t->v.boolop.n_values;
    bool is_or = t->v.boolop.op == FY_OR;
    char shape[64];
    fy_obj *ops = fy_list_new(0);
    if (!ops) {
        c->error = true;
        return;
    }
    int nvals = 0, pend[64], pend_vals[64], npend = 0;
    for (int i = 0; i < n; i++) {
        fy_expr *v = t->v.boolop.values[i];
        if (v->kind == FY_E_COMPARE && v->v.compare.n_ops == 1) {
            fy_c_expr(c, v->v.compare.left);
            fy_c_expr(c, v->v.compare.comparators[0]);
            fy_c_set_loc_expr(c, v);
            EMIT(DUP_TOP_TWO, 0);
            fy_c_emit_cmp(c, v->v.compare.ops[0]);
            nvals += 3;
            shape[i] = 'c';
            fy_obj *sym = fy_c_str(fy_cmpop_symbol(v->v.compare.ops[0]));
            if (sym) {
                fy_list_append_steal(ops, sym);
            } else fy_err_clear();
        } else {
            fy_c_expr(c, v);
            nvals += 1;
            shape[i] = 'v';
        }
        shape[i + 1] = 0;
        EMIT(DUP_TOP, 0);
        if (i < n - 1) {
            /* short circuit: `and` stops (and fails) at a false value, `or` stops (and passes) at
             * a true one */
            pend[npend] = is_or ? EMIT(POP_JUMP_IF_TRUE, 0) : EMIT(POP_JUMP_IF_FALSE, 0);
            pend_vals[npend++] = nvals;
        } else {
            pend[npend] = EMIT(POP_JUMP_IF_TRUE, 0); /* the last value decides */
            pend_vals[npend++] = nvals;
        }
    }
    fy_obj *opt = fy_list_as_tuple(ops);
    FY_DECREF(ops);
    if (!opt) {
        c->error = true;
        return;
    }
    /* fell through the last test: the assert failed with every operand evaluated */
    boolop_fail(c, s, set_loc, nvals, shape, opt, is_or);
    int ends[64], nend = 0;
    for (int k = 0; k < npend; k++) {
        fy_c_patch(c, pend[k], fy_c_here(c));
        bool passes = k == npend - 1 || is_or;
        if (passes) {
            for (int j = 0; j < pend_vals[k]; j++) EMIT(POP_TOP, 0);
            ends[nend++] = EMIT(JUMP, 0);
        } else {
            char sub[64];
            int m = 0;
            for (int j = 0, vals = 0; shape[j] && vals < pend_vals[k]; j++) {
                sub[m++] = shape[j];
                vals += shape[j] == 'c' ? 3 : 1;
            }
            sub[m] = 0;
            boolop_fail(c, s, set_loc, pend_vals[k], sub, opt, is_or);
        }
    }
    for (int k = 0; k < nend; k++) fy_c_patch(c, ends[k], fy_c_here(c));
    FY_DECREF(opt);
}

/* A call pytest explains with a "where" line: f(x, 1), names and constants only. */
static bool simple_call(const fy_expr *e) {
    if (e->kind != FY_E_CALL || e->v.call.func->kind != FY_E_NAME || e->v.call.n_keywords || e->v.call.n_args > 8)
        return false;
    for (int i = 0; i < e->v.call.n_args; i++)
        if (e->v.call.args[i]->kind != FY_E_NAME && e->v.call.args[i]->kind != FY_E_CONSTANT) return false;
    return true;
}

/* [f args...] -> [(f, args...)] then the call made by _pytest_assert._call_t, which keeps them. */
static void push_call_tuple(compiler *c, fy_expr *e) {
    fy_c_expr(c, e->v.call.func);
    for (int i = 0; i < e->v.call.n_args; i++) fy_c_expr(c, e->v.call.args[i]);
    fy_c_set_loc_expr(c, e);
    EMIT(BUILD_TUPLE, e->v.call.n_args + 1);
    EMIT(DUP_TOP, 0);
    load_helper(c, "_call_t");
    EMIT(ROT_TWO, 0);
    fy_c_set_loc_expr(c, e);
    EMIT(CALL, 1); /* [t res] */
}

/* The source names of a call, for the "where" line: (func name, arg name or None per arg). */
static fy_obj *call_names(compiler *c, fy_expr *e) {
    fy_obj *t = fy_tuple_new((size_t)e->v.call.n_args + 1);
    if (!t) return NULL;
    FY_TUPLE_ITEMS(t)[0] = fy_c_str(e->v.call.func->v.name.id);
    for (int i = 0; i < e->v.call.n_args; i++) {
        fy_expr *a = e->v.call.args[i];
        FY_TUPLE_ITEMS(t)[i + 1] = a->kind == FY_E_NAME ? fy_c_str(a->v.name.id) : fy_none();
    }
    for (int i = 0; i <= e->v.call.n_args; i++)
        if (!FY_TUPLE_ITEMS(t)[i]) {
            FY_DECREF(t);
            return NULL;
        }
    (void)c;
    return t;
}

/* `assert f(x) == y` or `assert y == f(x)`: on failure pytest adds "+  where 3 = f(2)". The stack
 * keeps [call tuple, left, right] until the comparison is decided. */
static void assert_call_compare(compiler *c, fy_stmt *s, void (*set_loc)(compiler *, fy_stmt *), bool left_call) {
    fy_expr *t = s->v.assert_.test;
    fy_expr *call = left_call ? t->v.compare.left : t->v.compare.comparators[0];
    fy_cmpop op = t->v.compare.ops[0];
    if (left_call) {
        push_call_tuple(c, call);                   /* [t res] */
        fy_c_expr(c, t->v.compare.comparators[0]); /* [t res R] */
    } else {
        fy_c_expr(c, t->v.compare.left); /* [L] */
        push_call_tuple(c, call);        /* [L t res] */
        EMIT(ROT_THREE, 0);              /* [res L t] */
        EMIT(ROT_THREE, 0);              /* [t res L] */
        EMIT(ROT_TWO, 0);                /* [t L res] */
    }
    fy_c_set_loc_expr(c, t);
    EMIT(DUP_TOP_TWO, 0);
    fy_c_emit_cmp(c, op);
    int fail = EMIT(POP_JUMP_IF_FALSE, 0);
    for (int i = 0; i < 3; i++) EMIT(POP_TOP, 0);
    int end = EMIT(JUMP, 0);
    fy_c_patch(c, fail, fy_c_here(c));
    set_loc(c, s);
    EMIT(BUILD_TUPLE, 3);
    load_helper(c, "_fail_compare_call");
    EMIT(ROT_TWO, 0);
    fy_obj *names = call_names(c, call);
    fy_obj *sym = fy_c_str(fy_cmpop_symbol(op));
    if (!names || !sym) {
        FY_XDECREF(names);
        FY_XDECREF(sym);
        c->error = true;
        return;
    }
    EMIT(LOAD_CONST, fy_c_const(c, names));
    EMIT(LOAD_CONST, fy_c_const(c, sym));
    EMIT(LOAD_CONST, fy_c_const(c, left_call ? fy_True : fy_False));
    FY_DECREF(names);
    FY_DECREF(sym);
    push_msg(c, s);
    set_loc(c, s);
    EMIT(CALL, 5);
    EMIT(RAISE_VARARGS, 1);
    fy_c_patch(c, end, fy_c_here(c));
}

void fy_c_assert_rewritten(compiler *c, fy_stmt *s, void (*set_loc)(compiler *, fy_stmt *)) {
    fy_expr *t = s->v.assert_.test;
    if (t->kind == FY_E_COMPARE && t->v.compare.n_ops == 1) {
        fy_expr *l = t->v.compare.left, *r = t->v.compare.comparators[0];
        bool lc = simple_call(l), rc = simple_call(r);
        bool plain_l = l->kind != FY_E_CALL && l->kind != FY_E_BINOP,
             plain_r = r->kind != FY_E_CALL && r->kind != FY_E_BINOP;
        if ((lc && plain_r) || (rc && plain_l)) {
            assert_call_compare(c, s, set_loc, lc);
            return;
        }
    }
    if (t->kind == FY_E_BOOLOP && t->v.boolop.n_values < 21) {
        assert_boolop(c, s, set_loc);
        return;
    }
    if (t->kind == FY_E_COMPARE && t->v.compare.n_ops == 1 && t->v.compare.left->kind == FY_E_BINOP &&
        t->v.compare.comparators[0]->kind != FY_E_BINOP) {
        assert_binop_compare(c, s, set_loc);
        return;
    }
    if (t->kind == FY_E_COMPARE && t->v.compare.n_ops == 1) {
        fy_cmpop op = t->v.compare.ops[0];
        fy_c_expr(c, t->v.compare.left);
        fy_c_expr(c, t->v.compare.comparators[0]);
        fy_c_set_loc_expr(c, t);
        EMIT(DUP_TOP_TWO, 0);
        fy_c_emit_cmp(c, op);
        int fail = EMIT(POP_JUMP_IF_FALSE, 0);
        EMIT(POP_TOP, 0);
        EMIT(POP_TOP, 0);
        int end = EMIT(JUMP, 0);
        fy_c_patch(c, fail, fy_c_here(c));
        set_loc(c, s);
        load_helper(c, "_fail_compare"); /* [a b fn] */
        EMIT(ROT_THREE, 0);              /* [fn a b] */
        fy_obj *sym = fy_c_str(fy_cmpop_symbol(op));
        if (sym) {
            EMIT(LOAD_CONST, fy_c_const(c, sym));
            FY_DECREF(sym);
        } else fy_err_clear();
        push_msg(c, s);
        set_loc(c, s);
        EMIT(CALL, 4);
        EMIT(RAISE_VARARGS, 1);
        fy_c_patch(c, end, fy_c_here(c));
        return;
    }
    bool neg = t->kind == FY_E_UNARYOP && t->v.unaryop.op == FY_NOT;
    fy_c_expr(c, neg ? t->v.unaryop.operand : t);
    EMIT(DUP_TOP, 0);
    int ok = neg ? EMIT(POP_JUMP_IF_FALSE, 0) : EMIT(POP_JUMP_IF_TRUE, 0);
    set_loc(c, s);
    load_helper(c, neg ? "_fail_not" : "_fail_value"); /* [v fn] */
    EMIT(ROT_TWO, 0);                                   /* [fn v] */
    push_msg(c, s);
    set_loc(c, s);
    EMIT(CALL, 2);
    EMIT(RAISE_VARARGS, 1);
    fy_c_patch(c, ok, fy_c_here(c));
    EMIT(POP_TOP, 0);
}
