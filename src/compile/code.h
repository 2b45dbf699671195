/* code.h - bytecode, code objects, functions, frames and the VM entry points (internal).
 *
 * Execution model: the compiler (compile*.c) turns an AST into fy_code objects holding
 * 32-bit instructions (8-bit opcode, 24-bit argument), a constant tuple, a name tuple and a
 * per-instruction source location. vm.c runs them with computed-goto dispatch over frames
 * whose locals are resolved to slots at compile time (cells for closures). Statement bodies
 * are contiguous instruction ranges; fy_stmt_assigned_names() gives the names a statement
 * binds (for the DSL tracer's regions). */
#ifndef FLYI_CODE_H
#define FLYI_CODE_H

#include "parse/ast.h"
#include "parse/parse.h"
#include "objects/object.h"

#define FY_OPCODES(X) \
    X(NOP) \
    X(POP_TOP) \
    X(DUP_TOP) \
    X(DUP_TOP_TWO) \
    X(ROT_TWO) \
    X(ROT_THREE) \
    X(ROT_FOUR) \
    X(LOAD_CONST) \
    X(LOAD_FAST) \
    X(STORE_FAST) \
    X(DELETE_FAST) \
    X(LOAD_DEREF) \
    X(STORE_DEREF) \
    X(DELETE_DEREF) \
    X(LOAD_CLOSURE) \
    X(LOAD_CLASSDEREF) \
    X(LOAD_NAME) \
    X(STORE_NAME) \
    X(DELETE_NAME) \
    X(LOAD_GLOBAL) \
    X(STORE_GLOBAL) \
    X(DELETE_GLOBAL) \
    X(LOAD_ATTR) \
    X(STORE_ATTR) \
    X(DELETE_ATTR) \
    X(LOAD_METHOD) \
    X(CALL_METHOD) \
    X(BINARY_OP) \
    X(INPLACE_OP) \
    X(UNARY_NEG) \
    X(UNARY_POS) \
    X(UNARY_INVERT) \
    X(UNARY_NOT) \
    X(COMPARE_OP) \
    X(IS_OP) \
    X(CONTAINS_OP) \
    X(BINARY_SUBSCR) \
    X(STORE_SUBSCR) \
    X(DELETE_SUBSCR) \
    X(BUILD_SLICE) \
    X(BUILD_TUPLE) \
    X(BUILD_LIST) \
    X(BUILD_SET) \
    X(BUILD_MAP) \
    X(BUILD_STRING) \
    X(LIST_APPEND) \
    X(SET_ADD) \
    X(MAP_ADD) \
    X(LIST_EXTEND) \
    X(SET_UPDATE) \
    X(DICT_UPDATE) \
    X(DICT_MERGE) \
    X(LIST_TO_TUPLE) \
    X(FORMAT_VALUE) \
    X(UNPACK_SEQUENCE) \
    X(UNPACK_EX) \
    X(JUMP) \
    X(POP_JUMP_IF_FALSE) \
    X(POP_JUMP_IF_TRUE) \
    X(JUMP_IF_FALSE_OR_POP) \
    X(JUMP_IF_TRUE_OR_POP) \
    X(GET_ITER) \
    X(FOR_ITER) \
    X(CALL) \
    X(CALL_KW) \
    X(CALL_EX) \
    X(MAKE_FUNCTION) \
    X(RETURN_VALUE) \
    X(YIELD_VALUE) \
    X(GET_YIELD_FROM_ITER) \
    X(YIELD_FROM) \
    X(SETUP_FINALLY) \
    X(POP_BLOCK) \
    X(POP_EXCEPT) \
    X(RERAISE) \
    X(RAISE_VARARGS) \
    X(JUMP_IF_NOT_EXC_MATCH) \
    X(SETUP_WITH) \
    X(WITH_EXIT) \
    X(WITH_EXCEPT_START) \
    X(IMPORT_NAME) \
    X(IMPORT_FROM) \
    X(IMPORT_STAR) \
    X(LOAD_BUILD_CLASS) \
    X(LOAD_ASSERTION_ERROR) \
    X(SETUP_ANNOTATIONS) \
    X(PRINT_EXPR) \
    X(CHECK_INTERRUPT) \
    X(FOR_RANGE) \
    X(REGION_END) \
    X(SCF_YIELD) \
    X(EVAL_ANNOTATION)

enum {
#define FY_OP_ENUM(n) OP_##n,
    FY_OPCODES(FY_OP_ENUM)
#undef FY_OP_ENUM
        OP__COUNT
};

#define FY_INSTR(op, arg) ((uint32_t)(op) | ((uint32_t)(arg) << 8))
#define FY_OPC(i) ((i) & 0xff)
#define FY_ARG(i) ((i) >> 8)

/* MAKE_FUNCTION flags */
#define FY_MF_DEFAULTS 1
#define FY_MF_KWDEFAULTS 2
#define FY_MF_ANNOTATIONS 4
#define FY_MF_CLOSURE 8
/* FORMAT_VALUE: low 2 bits conversion (0 none, 1 str, 2 repr, 3 ascii), 4: has spec */
/* code flags */
#define FY_CO_VARARGS 1
#define FY_CO_VARKW 2
#define FY_CO_GENERATOR 4
#define FY_CO_NESTED 8
#define FY_CO_CLASSBODY 16
#define FY_CO_MODULE 32

/* Control flow while tracing a kernel (src/trace/trace_scf.c).
 *
 * The compiler records one fy_region entry per `if` statement, conditional expression and
 * `for` loop whose header it can describe, keyed by the offset `at` of the instruction that
 * decides it: the POP_JUMP_IF_FALSE/TRUE of an `if` (a test with `and`/`or` is compiled as a
 * value followed by one jump, so one jump decides), or the FOR_RANGE of `for T in range(...)`.
 * The table costs nothing at run time: the VM consults it only where a plain value cannot be
 * used (a conditional jump whose truth test failed on a traced value; FOR_RANGE while a trace
 * is active), and then hands the frame to the tracer, which runs each instruction range as a
 * nested fy_vm_run of the same frame (REGION_END, patched in at the range's end for the
 * duration, makes that run return fy_vm_region_end) into an open MLIR region and merges.
 *
 * FOR_RANGE n: stack [range, a1..an] -> [iterator]; like CALL n + GET_ITER, except that while a
 * kernel is traced and the callable is the builtin range the loop becomes scf.for.
 * FOR_RANGE (n | FY_FR_INIT): `for T in range(a[, b[, c]], init=X)`, FlyDSL's explicit loop-carried
 * form: stack [range, a1..an, X, ('init',)]; while traced, scf.for with X's values as iter_args, T
 * bound to (iv, [carried values]); otherwise the call with the keyword (range() refuses it).
 * SCF_YIELD flags: a `yield` lexically in the body of such a loop (the function is no generator):
 * [v] -> [loop results]; while traced it ends the loop body with scf.yield of v (a value or a
 * list/tuple). Flag 1: the yield does not end the body (as its last statement or the last of a branch of a
 * last `if`, at any depth): an error when it runs.
 * REGION_END: never emitted; see above. */
#define FY_FR_INIT 0x10
/* WHILE: at = the test's deciding jump; the test is [b_start, at), the body [at+1, a_end) (a_end: the
 * JUMP back), the exit b_end. CHAIN: at = a JUMP_IF_FALSE_OR_POP of a comparison chain; the rest of
 * the chain is [at+1, a_end) (a_end: its JUMP to the end), the end b_end. */
enum { FY_RG_IF = 1, FY_RG_IFEXP = 2, FY_RG_FOR = 3, FY_RG_WHILE = 4, FY_RG_CHAIN = 5 };
typedef struct fy_region {
    int at;           /* the deciding instruction */
    int kind;         /* FY_RG_* */
    int a_end;        /* IF/IFEXP: end of the taken range [at+1, a_end) (the JUMP over the else part, or
                       * the jump target when there is no else); FOR: the body's back JUMP (body is
                       * [at+2, a_end), starting with the store of the target) */
    int b_start, b_end; /* IF/IFEXP: the else range (empty when b_start == b_end); FOR: b_start = exit */
    int line;         /* the statement's line */
    int bad_line;     /* line of a return/break/continue leaving the region, or 0 */
    char bad_kind;    /* 'r', 'b' or 'c' */
    fy_obj *names;    /* tuple of str: names assigned in the region (FOR: the body, not the target), then (FOR,
                       * WHILE) those only changed in place (fy_stmt_mutated_names) */
    int nassigned;    /* FOR, WHILE: how many of names are assigned */
} fy_region;
/* The value fy_vm_run returns when it reaches REGION_END (never a real object; not refcounted). */
extern fy_obj fy_vm_region_end;

/* Source location of one instruction; (a0, a1) is an anchor range for 3.11-style carets:
 * for binary operators the gap between the operands, for subscripts the bracket part. */
typedef struct fy_loc {
    int line, col, end_line, end_col;
    int a0, a1;  /* -1 when none */
    int kind;    /* 0 plain, 1 binop anchor, 2 subscript/call anchor */
} fy_loc;

typedef struct fy_code {
    fy_obj h;
    uint32_t *code;
    int ncode;
    fy_loc *locs;
    fy_obj *consts;     /* tuple */
    fy_obj *names;      /* tuple of interned str (globals, attributes) */
    fy_obj *varnames;   /* tuple: fast locals (args first) */
    fy_obj *cellvars;   /* tuple */
    fy_obj *freevars;   /* tuple */
    int *cell2arg;      /* ncells entries: argument index held by that cell, or -1 */
    int nlocals, ncells, nfrees;
    int argcount, posonlycount, kwonlycount;
    int flags;
    int stacksize, nblocks;
    fy_obj *name, *qualname, *filename;
    fy_obj *source;     /* the whole source text (str) for tracebacks, or NULL */
    int firstline;
    fy_obj *doc;        /* docstring or NULL */
    void **cache;       /* one slot per instruction for inline caches (lazily used) */
    uint64_t *cache_ver;
    struct fy_frame *zombie; /* a reusable frame (not for generators) */
    fy_region *regions; /* sorted by .at; see above */
    int nregions;
} fy_code;
extern fy_type fy_code_type;

typedef struct fy_function {
    fy_obj h;
    fy_code *code;
    fy_obj *globals;    /* dict */
    fy_obj *builtins;   /* dict */
    fy_obj *name, *qualname;
    fy_obj *defaults;   /* tuple or NULL */
    fy_obj *kwdefaults; /* dict or NULL */
    fy_obj *closure;    /* tuple of cells or NULL */
    fy_obj *doc;
    fy_obj *dict;       /* __dict__ */
    fy_obj *annotations;
    fy_obj *module;
} fy_function;

typedef struct fy_block {
    int type, handler, level;
} fy_block;
#define FY_BLOCK_FINALLY 1
#define FY_BLOCK_HANDLER 2

typedef struct fy_frame {
    fy_obj h;                 /* frames are objects so generators can own them */
    fy_code *code;
    fy_function *func;        /* may be NULL for module code */
    fy_obj *globals, *builtins, *locals; /* locals: dict for module/class code, else NULL */
    struct fy_frame *back;
    int ip;                   /* next instruction */
    int cur;                  /* instruction being executed (for tracebacks) */
    int nblock;
    int sp;                   /* stack depth (when suspended) */
    bool gen;                 /* owned by a generator */
    bool running;
    fy_obj *result;           /* PRINT_EXPR target (session) */
    int nblock_base;          /* blocks below this belong to an enclosing run of the frame (tracing) */
    fy_block *blocks;
    fy_obj **stack;
    fy_obj *localsplus[];     /* nlocals + ncells + nfrees, then the stack */
} fy_frame;
extern fy_type fy_frame_type;

typedef struct fy_gen {
    fy_obj h;
    fy_frame *frame;          /* NULL when finished */
    fy_obj *name, *qualname;
    bool running;
    fy_obj *dict;
} fy_gen;

/* ---------------------------------------------------------------- compiler */

struct fy_ast_module;
/* Compile a parsed module into a code object. mode: 0 exec (module), 1 eval (expression),
 * 2 interactive (the last expression statement's value is kept as the frame result);
 * add 4 to look names up through the locals mapping (exec/eval with separate locals), add
 * FY_COMPILE_REWRITE_ASSERTS for a test runner's asserts that show their operands on failure.
 * Returns NULL with SyntaxError/other exception set. */
#define FY_COMPILE_REWRITE_ASSERTS 8
/* compile()'s flags bit asking for FY_COMPILE_REWRITE_ASSERTS (flyi's own, not a CPython flag). */
#define FY_PYCF_REWRITE_ASSERTS 0x40000000
fy_obj *fy_compile(struct fy_ast_module *m, const char *filename, int mode);
/* Parse + compile source text; SyntaxError raised on bad input. */
fy_obj *fy_compile_source(const char *src, size_t len, const char *filename, int mode);
/* Names a statement assigns (targets of =, augmented =, for, with-as, except-as, import,
 * def, class, walrus, del), not descending into nested functions/classes. Calls cb for each
 * (duplicates possible). */
void fy_stmt_assigned_names(fy_stmt *s, void (*cb)(const char *name, void *arg), void *arg);
/* The names whose values a statement may change in place: roots of subscript / attribute store targets
 * (`a[i] = v`, `a.x = v`, `del a[i]`) and of method callees (`a.append(v)`), for the tracer's regions. */
void fy_stmt_mutated_names(fy_stmt *s, void (*cb)(const char *name, void *arg), void *arg);

/* Raise SyntaxError for err in filename's source src (compile.c; the parser's errors become
 * exceptions here). */
void fy_raise_syntax_error(const fy_syntax_error *err, const char *filename, const char *src, size_t len);

#endif
