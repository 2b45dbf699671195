/* parse.h - the front end's entry points: source text -> AST (ast.h), syntax errors as values,
 * the REPL completeness check and the AST dump.
 *
 * Contract with the compiler like ast.h: only additions from now on. */
#ifndef FLYI_PARSE_H
#define FLYI_PARSE_H

#include <stdbool.h>
#include <stddef.h>

#include "parse/ast.h"

typedef struct fy_arena fy_arena;

typedef enum fy_parse_mode {
    FY_MODE_EXEC = 0,   /* a file or a cell: statements (Python's compile(..., 'exec')) */
    FY_MODE_EVAL,       /* one expression (compile(..., 'eval')); result in fy_ast_module.expr */
    FY_MODE_SINGLE      /* one interactive statement (compile(..., 'single')) */
} fy_parse_mode;

/* A parse result (named fy_ast_module: fy_module is the runtime module object of object.h).
 * Owns every node (in `arena`) and a NUL-terminated copy of the source.
 * Free everything with fy_ast_module_free(). */
typedef struct fy_ast_module {
    fy_arena *arena;
    fy_parse_mode mode;
    fy_stmt **body;
    int n_body; /* EXEC/SINGLE: the statements */
    fy_expr *expr;              /* EVAL: the expression */
    const char *source;         /* copy of the source text (NUL-terminated) */
    size_t source_len;
    const char *filename;       /* copy of the filename given, or "<unknown>" */
} fy_ast_module;

typedef enum fy_error_kind {
    FY_ERR_NONE = 0,
    FY_ERR_SYNTAX,      /* SyntaxError */
    FY_ERR_INDENTATION, /* IndentationError (a SyntaxError subclass) */
    FY_ERR_TAB,         /* TabError (an IndentationError subclass) */
    FY_ERR_MEMORY,      /* MemoryError: out of memory while parsing */
    FY_ERR_RECURSION    /* RecursionError-like: nesting too deep (message says so) */
} fy_error_kind;

/* A syntax error as CPython 3.11 reports it: SyntaxError.msg, .lineno, .offset (1-based
 * byte column, so a caret can be drawn under text[offset-1]), .end_lineno, .end_offset.
 * end_line/end_offset are 0 when CPython gives none. */
typedef struct fy_syntax_error {
    fy_error_kind kind;
    char msg[256];
    int line, offset;
    int end_line, end_offset;
} fy_syntax_error;

/* Python exception class name for an error kind ("SyntaxError", "IndentationError", ...). */
const char *fy_error_kind_name(fy_error_kind k);

/* Parse `len` bytes of UTF-8 source (need not be NUL-terminated). filename may be NULL.
 * Returns the tree, or NULL with *err filled (err may be NULL). Never aborts. */
fy_ast_module *fy_parse(const char *src, size_t len, const char *filename, fy_parse_mode mode, fy_syntax_error *err);
/* Parse a NUL-terminated string as a file/cell (FY_MODE_EXEC). */
fy_ast_module *fy_parse_string(const char *src, const char *filename, fy_syntax_error *err);
/* Read and parse a file (FY_MODE_EXEC). An unreadable file gives NULL with err->kind ==
 * FY_ERR_NONE and err->msg holding strerror text. */
fy_ast_module *fy_parse_file(const char *path, fy_syntax_error *err);
/* Free a parse result and all its nodes. NULL is fine. */
void fy_ast_module_free(fy_ast_module *m);
/* Old name of fy_ast_module_free (the type was called fy_module before object.h took that
 * name for module objects); kept until the compiler has switched. */
void fy_module_free(fy_ast_module *m);

/* Allocate n zeroed bytes in the module's arena (for the compiler's per-node data, freed with
 * the module). NULL on out of memory. */
void *fy_ast_module_alloc(fy_ast_module *m, size_t n);

/* Start of line `line` (1-based) in src[0..len), its length in *line_len (no newline);
 * NULL if out of range. For drawing error carets. */
const char *fy_source_line(const char *src, size_t len, int line, size_t *line_len);

typedef enum fy_completeness {
    FY_COMPLETE = 0,   /* run it */
    FY_INCOMPLETE,     /* ask for another line; indent_out holds the suggested indentation */
    FY_INVALID         /* a syntax error no further input can fix; run it to report it */
} fy_completeness;

/* REPL completeness check, like Python's REPL/IPython: a compound statement is complete only
 * after a blank line; open brackets, triple-quoted strings and trailing backslashes are
 * incomplete. indent_out (cap bytes, may be NULL) receives the spaces to prefill. */
fy_completeness fy_parse_is_complete(const char *text, char *indent_out, size_t cap);

/* Write the tree in the exact format of CPython 3.11's ast.dump(ast.parse(src)) (no
 * attributes, no indent). Returns a malloc'd NUL-terminated string (caller frees), or NULL
 * on out of memory. */
char *fy_ast_dump(const fy_ast_module *m);
/* The same with include_attributes=True: lineno, col_offset, end_lineno, end_col_offset on
 * every node that has them (the text the ast module evaluates into node objects). */
char *fy_ast_dump_attrs(const fy_ast_module *m);
/* Same for a single expression (the text ast.dump(expr_node) gives). */
char *fy_ast_dump_expr(const fy_expr *e);

#endif
