/* compile_int.h - the compiler's internal state, shared by compile.c and compile_expr.c. */
#ifndef FLYI_COMPILE_INT_H
#define FLYI_COMPILE_INT_H

#include <stdbool.h>
#include "compile/code.h"
#include "compile/compile_scope.h"
#include "parse/parse.h"

enum { FB_LOOP, FB_FOR, FB_TRY_FINALLY, FB_HANDLER, FB_WITH, FB_FINALLY_BODY, FB_TRY_EXCEPT };

typedef struct fblock {
    int type;
    int start;          /* loop: continue target */
    int *breaks;        /* loop: pending break jumps to patch */
    int nbreaks, capbreaks;
    fy_stmt **finalbody;
    int nfinal; /* FB_TRY_FINALLY */
} fblock;

typedef struct cunit {
    fy_scope *scope;
    struct cunit *parent;
    uint32_t *code;
    fy_loc *locs;
    int n, cap;
    fy_obj *consts;     /* list */
    fy_obj *names;      /* list */
    fy_obj *varnames;   /* list: may grow with hidden temporaries */
    fy_loc loc;
    fblock fb[64];
    int nfb;
    int maxblocks, curblocks;
    fy_obj *qualname;
    const char *name;
    int argcount, posonly, kwonly, flags;
    int ret_slot;       /* hidden local for return through finally, -1 if none */
    int firstline;
    bool module_globals;/* module scope uses LOAD_GLOBAL (locals are the globals) */
    bool interactive;
    fy_region *regions; /* traced control flow (code.h), in emission order */
    int nregions, capregions;
    int esc_min;        /* the smallest fb index a break/continue jumped to (see compile_if) */
    int esc_line, ret_count, ret_line;
    int scf_depth;      /* enclosing `for ... in range(..., init=)` bodies: a yield is SCF_YIELD */
    fy_stmt **scf_body; /* the innermost such body: a yield ending it (fy_c_tail_yield) has SCF_YIELD flag 0 */
    int scf_nbody;
} cunit;

typedef struct compiler {
    cunit *u;
    fy_ast_module *mod;
    fy_obj *filename;
    fy_obj *source;
    fy_scope *root;
    bool error;
    bool rewrite_asserts; /* FY_COMPILE_REWRITE_ASSERTS (compile_assert.c) */
    int mode;
    bool future_annotations; /* `from __future__ import annotations`: annotations are strings */
} compiler;

/* Push an annotation: its value, or its text under `from __future__ import annotations`
 * (compile_expr.c). */
void fy_c_annotation(compiler *c, fy_expr *e);

/* emitting */
/* Push a function's defaults, keyword defaults and annotations (compile_expr.c, for compile.c). */
int fy_c_push_defaults_pub(compiler *c, fy_arguments *a, fy_expr *returns);
int fy_c_emit(compiler *c, int op, int arg);
int fy_c_here(compiler *c);
void fy_c_patch(compiler *c, int at, int target);
int fy_c_const(compiler *c, fy_obj *v);        /* borrows v */
int fy_c_name(compiler *c, const char *name);  /* index in names */
fy_obj *fy_c_str(const char *s);               /* new ref: a (mortal) interned str */
void fy_c_set_loc_expr(compiler *c, fy_expr *e);
void fy_c_error(compiler *c, int line, int col, const char *fmt, ...);
/* expressions (compile_expr.c) */
void fy_c_expr(compiler *c, fy_expr *e);
void fy_c_store(compiler *c, fy_expr *target);  /* store TOS into target */
void fy_c_delete(compiler *c, fy_expr *target);
void fy_c_name_op(compiler *c, const char *name, int ctx);
void fy_c_emit_cmp(compiler *c, fy_cmpop op); /* COMPARE_OP, IS_OP or CONTAINS_OP */
/* An assert statement compiled for a test runner (compile_assert.c). */
void fy_c_assert_rewritten(compiler *c, fy_stmt *s, void (*set_loc)(compiler *, fy_stmt *));
void fy_c_cond_jump(compiler *c, fy_expr *e, bool jump_if, int *patch_list, int *npatch);
fy_obj *fy_c_make_code(compiler *c, cunit *u);
void fy_c_enter_unit(compiler *c, fy_scope *s, const char *name, int firstline);
cunit *fy_c_leave_unit(compiler *c);
void fy_c_make_closure(compiler *c, fy_scope *child, fy_obj *code, fy_obj *qualname, int flags);
fy_obj *fy_c_qualname(compiler *c, const char *name, bool is_func);
/* Appends a region entry (code.h) for the statement at line `line`; names: a new tuple or NULL. */
void fy_c_add_region(compiler *c, fy_region r);
/* Does yield e end statement list body[0..n) (its last statement, or the last of a branch of a last `if`)? */
bool fy_c_tail_yield(fy_stmt **body, int n, const fy_expr *e);
/* statements (compile.c) */
void fy_c_stmts(compiler *c, fy_stmt **s, int n);

#endif
