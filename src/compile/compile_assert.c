/* compile_assert.c - assert statements compiled for a test runner (compile mode
 * FY_COMPILE_REWRITE_ASSERTS): on failure the AssertionError's message shows the operands' values,
 * built by the embedded module `_pytest_assert` (`assert 1 == 2`, `assert [1] == [2]`,
 * `assert not True`, `assert 0`). Only the failing path differs from a plain assert: the operands
 * are evaluated once and in the same order. */
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

void fy_c_assert_rewritten(compiler *c, fy_stmt *s, void (*set_loc)(compiler *, fy_stmt *)) {
    fy_expr *t = s->v.assert_.test;
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
