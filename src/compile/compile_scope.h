/* compile_scope.h - symbol tables: which names are locals, cells, free or global (internal). */
#ifndef FLYI_COMPILE_SCOPE_H
#define FLYI_COMPILE_SCOPE_H

#include <stdbool.h>
#include "parse/ast.h"

enum { SCOPE_MODULE, SCOPE_FUNCTION, SCOPE_CLASS, SCOPE_COMPREHENSION };
/* how a name is accessed */
enum { NK_NONE, NK_LOCAL, NK_CELL, NK_FREE, NK_GLOBAL_EXPLICIT, NK_GLOBAL_IMPLICIT, NK_NAME };

#define SYM_ASSIGNED 1u
#define SYM_USED 2u
#define SYM_PARAM 4u
#define SYM_GLOBAL 8u
#define SYM_NONLOCAL 16u
#define SYM_ANNOT 32u

typedef struct fy_sym {
    const char *name;
    unsigned flags;
    int kind;   /* NK_* after resolution */
    int slot;   /* local slot, or cell/free index */
} fy_sym;

typedef struct fy_scope {
    int kind;
    const char *name;
    struct fy_scope *parent;
    fy_sym *syms;
    int nsyms, cap;
    const char **varnames;
    int nvar, capvar;
    const char **cellvars;
    int ncell, capcell;
    const char **freevars;
    int nfree, capfree;
    bool generator;
    int scf_depth;         /* building: how many `for ... in range(..., init=...)` bodies enclose */
    bool needs_class_cell; /* class scope: some method uses super()/__class__ */
    bool has_annotations;
    const char *private_name; /* innermost enclosing class's name: __names are mangled with it */
    int nparams;
    struct fy_scope **children;
    int nchildren, capchildren;
} fy_scope;

/* Build and resolve the scopes of a module body. Returns the module scope or NULL with a
 * SyntaxError set (nonlocal without binding, ...). Scopes are stored in the AST's `scope`
 * fields; free them with fy_scope_free(root). */
fy_scope *fy_scope_build(fy_stmt **body, int n, bool is_expr, fy_expr *expr, const char *filename);
void fy_scope_free(fy_scope *s);
/* CPython's name mangling: inside a class C, an identifier __x (not ending in __) stands for
 * _C__x (C's leading underscores stripped). Returns name itself or an interned string. */
const char *fy_scope_mangle(const fy_scope *s, const char *name);
/* The init= argument of `range(a[, b[, c]], init=X)` (FlyDSL's explicit loop-carried loop), else NULL.
 * A `yield` in the body of such a `for` is an scf.yield (SCF_YIELD), not a generator's yield. */
fy_expr *fy_c_init_range(fy_expr *e);
/* Find the resolved symbol of a name in a scope (NULL if the scope never mentions it). */
fy_sym *fy_scope_lookup(fy_scope *s, const char *name);

#endif
