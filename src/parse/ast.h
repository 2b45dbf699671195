/* ast.h - the abstract syntax tree of flyi's Python 3.11 subset.
 *
 * CONTRACT: this layout is a contract with the compiler/evaluator (src/compile*, src/eval*).
 * From now on fields and kinds are only ADDED, never renamed, reordered in meaning or removed.
 *
 * Shape: modelled on CPython's `ast` module (same node names, same field names, same meaning).
 *  - Two node families with a common header: fy_expr (expressions) and fy_stmt (statements),
 *    each a `kind` tag plus a union of per-kind structs named like the Python class
 *    (e->v.binop.left, s->v.functiondef.body, ...).
 *  - Helper nodes (fy_arguments, fy_arg, fy_keyword, fy_alias, fy_withitem, fy_comprehension,
 *    fy_excepthandler) are separate structs.
 *  - Every array is a (pointer to pointers, int count) pair: `fy_expr **elts; int n_elts;`.
 *    An empty array is (NULL, 0). Optional children are NULL when absent.
 *  - Every node carries its source location: line/end_line are 1-based, col/end_col are
 *    0-based UTF-8 byte offsets into the line (CPython's lineno, col_offset, end_lineno,
 *    end_col_offset). end_col is exclusive.
 *  - Identifiers and strings are NUL-terminated UTF-8 in the arena; str/bytes constants also
 *    carry a byte length because they may contain NUL.
 *  - All nodes live in the arena of the fy_ast_module that the parse returned (parse.h); one call,
 *    fy_ast_module_free(), frees the tree. Nodes are never freed one by one.
 *  - Fields marked "compiler" are zero after parsing and reserved for the compiler to fill
 *    (scope information, cached code); the parser never reads them.
 */
#ifndef FLYI_AST_H
#define FLYI_AST_H

#include <stddef.h>
#include <stdint.h>

typedef struct fy_expr fy_expr;
typedef struct fy_stmt fy_stmt;
typedef struct fy_arguments fy_arguments;
typedef struct fy_arg fy_arg;
typedef struct fy_keyword fy_keyword;
typedef struct fy_alias fy_alias;
typedef struct fy_withitem fy_withitem;
typedef struct fy_comprehension fy_comprehension;
typedef struct fy_excepthandler fy_excepthandler;

/* Common location fields, present (by this macro) at the start of every node struct. */
#define FY_LOC_FIELDS int line, col, end_line, end_col

/* ---------------------------------------------------------------- operators and contexts */

typedef enum fy_expr_ctx { FY_LOAD = 0, FY_STORE, FY_DEL } fy_expr_ctx;

typedef enum fy_boolop { FY_AND = 0, FY_OR } fy_boolop;

typedef enum fy_operator {
    FY_ADD = 0,
    FY_SUB,
    FY_MULT,
    FY_MATMULT,
    FY_DIV,
    FY_MOD,
    FY_POW,
    FY_LSHIFT,
    FY_RSHIFT,
    FY_BITOR,
    FY_BITXOR,
    FY_BITAND,
    FY_FLOORDIV
} fy_operator;

typedef enum fy_unaryop { FY_INVERT = 0, FY_NOT, FY_UADD, FY_USUB } fy_unaryop;

typedef enum fy_cmpop { FY_EQ = 0, FY_NOTEQ, FY_LT, FY_LTE, FY_GT, FY_GTE, FY_IS, FY_ISNOT, FY_IN, FY_NOTIN } fy_cmpop;

/* ---------------------------------------------------------------- constants */

typedef enum fy_const_kind {
    FY_CONST_NONE = 0,
    FY_CONST_TRUE,
    FY_CONST_FALSE,
    FY_CONST_ELLIPSIS,
    FY_CONST_INT,     /* fits int64: value in .i */
    FY_CONST_BIGINT,  /* too big for int64: decimal digits (no sign, no '_') in .s/.len, source base in .i */
    FY_CONST_FLOAT,   /* value in .f */
    FY_CONST_COMPLEX, /* imaginary literal 3j: imaginary part in .f, real part 0 */
    FY_CONST_STR,     /* UTF-8 text in .s/.len (NUL-terminated too; may contain NUL) */
    FY_CONST_BYTES    /* raw bytes in .s/.len */
} fy_const_kind;

typedef struct fy_constant {
    fy_const_kind kind;
    int64_t i;
    double f;
    const char *s;
    size_t len;
    int u_prefix; /* string literal had a 'u' prefix (ast.dump shows kind='u') */
} fy_constant;

/* FormattedValue.conversion values (CPython uses the character code). */
#define FY_CONV_NONE (-1)
#define FY_CONV_STR 's'
#define FY_CONV_REPR 'r'
#define FY_CONV_ASCII 'a'

/* ---------------------------------------------------------------- expressions */

typedef enum fy_expr_kind {
    FY_E_BOOLOP = 1,     /* v.boolop */
    FY_E_NAMEDEXPR,      /* v.namedexpr: target := value */
    FY_E_BINOP,          /* v.binop */
    FY_E_UNARYOP,        /* v.unaryop */
    FY_E_LAMBDA,         /* v.lambda */
    FY_E_IFEXP,          /* v.ifexp: body if test else orelse */
    FY_E_DICT,           /* v.dict: keys[i] == NULL means `**values[i]` */
    FY_E_SET,            /* v.set */
    FY_E_LISTCOMP,       /* v.comp (elt) */
    FY_E_SETCOMP,        /* v.comp (elt) */
    FY_E_DICTCOMP,       /* v.comp (key, value) */
    FY_E_GENERATOREXP,   /* v.comp (elt) */
    FY_E_AWAIT,          /* never produced (async is rejected); reserved */
    FY_E_YIELD,          /* v.yield (value may be NULL) */
    FY_E_YIELDFROM,      /* v.yield (value) */
    FY_E_COMPARE,        /* v.compare: left ops[0] comparators[0] ops[1] ... */
    FY_E_CALL,           /* v.call */
    FY_E_FORMATTEDVALUE, /* v.formattedvalue (only inside a JoinedStr) */
    FY_E_JOINEDSTR,      /* v.joinedstr: f-string; values are Constant(str) / FormattedValue */
    FY_E_CONSTANT,       /* v.constant */
    FY_E_ATTRIBUTE,      /* v.attribute */
    FY_E_SUBSCRIPT,      /* v.subscript */
    FY_E_STARRED,        /* v.starred */
    FY_E_NAME,           /* v.name */
    FY_E_LIST,           /* v.seq */
    FY_E_TUPLE,          /* v.seq */
    FY_E_SLICE           /* v.slice (lower/upper/step may be NULL) */
} fy_expr_kind;

struct fy_expr {
    FY_LOC_FIELDS;
    fy_expr_kind kind;
    unsigned flags; /* compiler */
    void *aux;      /* compiler */
    union {
        struct {
            fy_boolop op;
            fy_expr **values;
            int n_values;
        } boolop;
        struct {
            fy_expr *target;
            fy_expr *value;
        } namedexpr;
        struct {
            fy_expr *left;
            fy_operator op;
            fy_expr *right;
        } binop;
        struct {
            fy_unaryop op;
            fy_expr *operand;
        } unaryop;
        struct {
            fy_arguments *args;
            fy_expr *body;
            void *scope;        /* compiler */
            unsigned scope_flags; /* compiler */
        } lambda;
        struct {
            fy_expr *test;
            fy_expr *body;
            fy_expr *orelse;
        } ifexp;
        struct {
            fy_expr **keys;
            fy_expr **values;
            int n_keys; /* == n of values */
        } dict;
        struct {
            fy_expr **elts;
            int n_elts;
        } set;
        struct {
            fy_expr *elt;   /* ListComp/SetComp/GeneratorExp */
            fy_expr *key;   /* DictComp */
            fy_expr *value; /* DictComp */
            fy_comprehension **generators;
            int n_generators;
            void *scope;          /* compiler */
            unsigned scope_flags; /* compiler */
        } comp;
        struct {
            fy_expr *value;
        } await_;
        struct {
            fy_expr *value;
        } yield;
        struct {
            fy_expr *left;
            fy_cmpop *ops;
            fy_expr **comparators;
            int n_ops;
        } compare;
        struct {
            fy_expr *func;
            fy_expr **args;
            int n_args;               /* Starred entries for `*x` */
            fy_keyword **keywords;
            int n_keywords;    /* keyword.arg NULL for `**x` */
        } call;
        struct {
            fy_expr *value;
            int conversion;       /* FY_CONV_NONE, 's', 'r', 'a' */
            fy_expr *format_spec; /* a JoinedStr, or NULL */
        } formattedvalue;
        struct {
            fy_expr **values;
            int n_values;
        } joinedstr;
        fy_constant constant;
        struct {
            fy_expr *value;
            const char *attr;
            fy_expr_ctx ctx;
        } attribute;
        struct {
            fy_expr *value;
            fy_expr *slice;
            fy_expr_ctx ctx;
        } subscript;
        struct {
            fy_expr *value;
            fy_expr_ctx ctx;
        } starred;
        struct {
            const char *id;
            fy_expr_ctx ctx;
            int scope_slot;       /* compiler */
            unsigned scope_kind;  /* compiler */
        } name;
        struct {
            fy_expr **elts;
            int n_elts;
            fy_expr_ctx ctx;
        } seq; /* List, Tuple */
        struct {
            fy_expr *lower;
            fy_expr *upper;
            fy_expr *step;
        } slice;
    } v;
};

/* ---------------------------------------------------------------- helper nodes */

struct fy_arg {
    FY_LOC_FIELDS;
    const char *arg;
    fy_expr *annotation; /* or NULL */
    int scope_slot;      /* compiler */
    unsigned flags;      /* compiler */
};

struct fy_arguments {
    fy_arg **posonlyargs;
    int n_posonlyargs;
    fy_arg **args;
    int n_args;
    fy_arg *vararg;                 /* *args, or NULL */
    fy_arg **kwonlyargs;
    int n_kwonlyargs;
    fy_expr **kw_defaults;          /* n_kwonlyargs entries, NULL where no default */
    fy_arg *kwarg;                  /* **kwargs, or NULL */
    fy_expr **defaults;
    int n_defaults; /* for the last n_defaults of posonlyargs+args */
};

struct fy_keyword {
    FY_LOC_FIELDS;
    const char *arg; /* NULL for `**value` */
    fy_expr *value;
};

struct fy_alias {
    FY_LOC_FIELDS;
    const char *name;   /* dotted name "a.b.c", or "*" */
    const char *asname; /* or NULL */
};

struct fy_withitem {
    fy_expr *context_expr;
    fy_expr *optional_vars; /* or NULL */
};

struct fy_comprehension {
    fy_expr *target;
    fy_expr *iter;
    fy_expr **ifs;
    int n_ifs;
    int is_async; /* always 0 */
    unsigned flags; /* compiler */
};

struct fy_excepthandler {
    FY_LOC_FIELDS;
    fy_expr *type;    /* or NULL for bare `except:` */
    const char *name; /* `as name`, or NULL */
    fy_stmt **body;
    int n_body;
};

/* ---------------------------------------------------------------- statements */

typedef enum fy_stmt_kind {
    FY_S_FUNCTIONDEF = 1, /* v.functiondef */
    FY_S_CLASSDEF,        /* v.classdef */
    FY_S_RETURN,          /* v.return_ (value may be NULL) */
    FY_S_DELETE,          /* v.delete */
    FY_S_ASSIGN,          /* v.assign: targets[0] = targets[1] = ... = value */
    FY_S_AUGASSIGN,       /* v.augassign */
    FY_S_ANNASSIGN,       /* v.annassign */
    FY_S_FOR,             /* v.for_ */
    FY_S_WHILE,           /* v.while_ */
    FY_S_IF,              /* v.if_ (elif is a nested If as the only orelse statement) */
    FY_S_WITH,            /* v.with */
    FY_S_RAISE,           /* v.raise */
    FY_S_TRY,             /* v.try_ */
    FY_S_ASSERT,          /* v.assert_ */
    FY_S_IMPORT,          /* v.import */
    FY_S_IMPORTFROM,      /* v.importfrom */
    FY_S_GLOBAL,          /* v.names */
    FY_S_NONLOCAL,        /* v.names */
    FY_S_EXPR,            /* v.expr */
    FY_S_PASS,
    FY_S_BREAK,
    FY_S_CONTINUE
} fy_stmt_kind;

struct fy_stmt {
    FY_LOC_FIELDS;
    fy_stmt_kind kind;
    unsigned flags; /* compiler */
    void *aux;      /* compiler */
    union {
        struct {
            const char *name;
            fy_arguments *args;
            fy_stmt **body;
            int n_body;
            fy_expr **decorator_list;
            int n_decorators;
            fy_expr *returns;     /* or NULL */
            void *scope;          /* compiler */
            unsigned scope_flags; /* compiler */
        } functiondef;
        struct {
            const char *name;
            fy_expr **bases;
            int n_bases;
            fy_keyword **keywords;
            int n_keywords;
            fy_stmt **body;
            int n_body;
            fy_expr **decorator_list;
            int n_decorators;
            void *scope;          /* compiler */
            unsigned scope_flags; /* compiler */
        } classdef;
        struct {
            fy_expr *value;
        } return_;
        struct {
            fy_expr **targets;
            int n_targets;
        } delete;
        struct {
            fy_expr **targets;
            int n_targets;
            fy_expr *value;
        } assign;
        struct {
            fy_expr *target;
            fy_operator op;
            fy_expr *value;
        } augassign;
        struct {
            fy_expr *target;
            fy_expr *annotation;
            fy_expr *value; /* or NULL */
            int simple;     /* 1 for a plain unparenthesized Name target */
        } annassign;
        struct {
            fy_expr *target;
            fy_expr *iter;
            fy_stmt **body;
            int n_body;
            fy_stmt **orelse;
            int n_orelse;
        } for_;
        struct {
            fy_expr *test;
            fy_stmt **body;
            int n_body;
            fy_stmt **orelse;
            int n_orelse;
        } while_;
        struct {
            fy_expr *test;
            fy_stmt **body;
            int n_body;
            fy_stmt **orelse;
            int n_orelse;
        } if_;
        struct {
            fy_withitem **items;
            int n_items;
            fy_stmt **body;
            int n_body;
        } with;
        struct {
            fy_expr *exc;
            fy_expr *cause;
        } raise; /* both may be NULL */
        struct {
            fy_stmt **body;
            int n_body;
            fy_excepthandler **handlers;
            int n_handlers;
            fy_stmt **orelse;
            int n_orelse;
            fy_stmt **finalbody;
            int n_finalbody;
        } try_;
        struct {
            fy_expr *test;
            fy_expr *msg;
        } assert_;
        struct {
            fy_alias **names;
            int n_names;
        } import;
        struct {
            const char *module; /* dotted name, or NULL for `from . import x` */
            fy_alias **names;
            int n_names;
            int level;          /* number of leading dots */
        } importfrom;
        struct {
            const char **names;
            int n_names;
        } names; /* Global, Nonlocal */
        struct {
            fy_expr *value;
        } expr;
    } v;
};

/* ---------------------------------------------------------------- names for debugging */

/* CPython class name of an expression / statement kind ("BinOp", "FunctionDef", ...). */
const char *fy_expr_kind_name(fy_expr_kind k);
const char *fy_stmt_kind_name(fy_stmt_kind k);
/* CPython class name of an operator ("Add", "USub", "NotIn", "And", ...). */
const char *fy_operator_name(fy_operator op);
const char *fy_unaryop_name(fy_unaryop op);
const char *fy_cmpop_name(fy_cmpop op);
const char *fy_boolop_name(fy_boolop op);
/* Python source spelling of an operator ("+", "not", "is not", "and", ...). */
const char *fy_operator_symbol(fy_operator op);
const char *fy_unaryop_symbol(fy_unaryop op);
const char *fy_cmpop_symbol(fy_cmpop op);

#endif
