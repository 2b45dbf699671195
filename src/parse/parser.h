/* parser.h - internals shared by the parser files (parser.c, parser_expr.c, parser_stmt.c,
 * fstring.c). Not a public header: use parse.h. */
#ifndef FLYI_PARSER_H
#define FLYI_PARSER_H

#include <setjmp.h>
#include <stdbool.h>

#include "parse/arena.h"
#include "parse/ast.h"
#include "parse/lexer.h"
#include "parse/parse.h"

enum { FY_TOK_CHUNK = 1024 };
enum { FY_MAX_DEPTH = 1000 }; /* nesting of expressions/blocks, and of trailer/operator chains */

typedef struct fyp_parser {
    fy_lexer lx;
    fy_token **tchunks;    /* tokens read so far, in malloc'd chunks of FY_TOK_CHUNK */
    int nchunks, chunkcap;
    int ntoks;
    int pos;               /* index of the current token */
    int maxpos;            /* furthest token looked at: where "invalid syntax" points */
    bool lex_failed;       /* lx.err holds a tokenizer error for token index ntoks */
    fy_arena *arena;
    jmp_buf *jb;           /* where errors jump to */
    fy_syntax_error err;
    int depth;             /* expression/statement nesting */
    int fdepth;            /* f-string nesting */
    fy_parse_mode mode;
    const char *src;       /* whole source (NUL-terminated copy) */
    size_t src_len;
    bool in_fexpr;         /* parsing an f-string replacement field */
    /* the last statement of the latest one-line statement list when that list ended with ';'
     * (a compound statement ending there ends after the ';', as in CPython), and the ';' end */
    const fy_stmt *semi_stmt;
    int semi_end_line, semi_end_col;
} fyp_parser;

/* A growable pointer array in the arena. */
typedef struct fyp_vec {
    void **items;
    int n, cap;
} fyp_vec;

void fyp_vec_push(fyp_parser *p, fyp_vec *v, void *x);

/* tokens */
static inline fy_token *fyp_tokat(fyp_parser *p, int i) { return &p->tchunks[i / FY_TOK_CHUNK][i % FY_TOK_CHUNK]; }
void fyp_free_tokens(fyp_parser *p);
const fy_token *fyp_tok(fyp_parser *p, int k);            /* k-th token from the current one */
const fy_token *fyp_next(fyp_parser *p);                  /* consume and return the current token */
bool fyp_at(fyp_parser *p, fy_tok_kind k);                /* current token is k */
bool fyp_accept(fyp_parser *p, fy_tok_kind k);            /* consume if current is k */
const fy_token *fyp_expect(fyp_parser *p, fy_tok_kind k); /* consume k or fail "invalid syntax" */
const fy_token *fyp_prev(fyp_parser *p);                  /* the last consumed token */

/* errors: all of these jump out of the parse */
_Noreturn void fyp_fail(fyp_parser *p, fy_error_kind kind, int line, int col, int end_line, int end_col,
                        const char *fmt, ...) __attribute__((format(printf, 7, 8)));
_Noreturn void fyp_fail_at_tok(fyp_parser *p, const fy_token *t, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
_Noreturn void fyp_fail_at_expr(fyp_parser *p, const fy_expr *e, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
_Noreturn void fyp_fail_generic(fyp_parser *p); /* "invalid syntax" at the furthest token */
_Noreturn void fyp_fail_memory(fyp_parser *p);
void fyp_enter(fyp_parser *p); /* nesting guard, pair with fyp_leave */
void fyp_leave(fyp_parser *p);

/* allocation (fails the parse on out of memory) */
void *fyp_alloc(fyp_parser *p, size_t n);
char *fyp_strndup(fyp_parser *p, const char *s, size_t n);
fy_expr *fyp_new_expr(fyp_parser *p, fy_expr_kind k, const fy_token *start);
fy_stmt *fyp_new_stmt(fyp_parser *p, fy_stmt_kind k, const fy_token *start);
void fyp_expr_end(fyp_parser *p, fy_expr *e);   /* end location = end of the previous token */
void fyp_stmt_end(fyp_parser *p, fy_stmt *s);

/* speculative parsing: run fn; on a syntax error rewind and return false (not for tokenizer
 * errors, which stay fatal). */
bool fyp_try(fyp_parser *p, void (*fn)(fyp_parser *, void *), void *ctx);

/* expressions (parser_expr.c) */
fy_expr *fy_p_expression(fyp_parser *p);           /* expression (ternary, lambda) */
fy_expr *fy_p_named_expression(fyp_parser *p);     /* expression or NAME := expression */
fy_expr *fy_p_star_expressions(fyp_parser *p);     /* a, *b, c  (tuple without parens) */
fy_expr *fy_p_star_named_expressions_tuple(fyp_parser *p); /* same with walrus allowed */
fy_expr *fy_p_disjunction(fyp_parser *p);          /* or-test */
fy_expr *fy_p_bitwise_or(fyp_parser *p);
fy_expr *fy_p_yield_expr(fyp_parser *p);           /* current token is 'yield' */
fy_expr *fy_p_star_targets(fyp_parser *p);         /* for-loop / comprehension targets */
fy_expr *fy_p_t_primary_name(fyp_parser *p);
fy_arguments *fy_p_params(fyp_parser *p, bool lambda); /* def/lambda parameter list */
void fy_p_call_args(fyp_parser *p, fy_expr *call); /* after '(' up to and including ')' */
fy_expr *fy_p_atom_string(fyp_parser *p);          /* consecutive STRING tokens */
fy_expr *fy_p_number(fyp_parser *p, const fy_token *t);
/* Check e can be an assignment/del target and set its context (recursively).
 * kind: 0 assignment, 1 del, 2 for/with/comprehension target, 3 augmented. */
void fyp_set_context(fyp_parser *p, fy_expr *e, fy_expr_ctx ctx, int kind);
const char *fyp_expr_describe(const fy_expr *e);   /* "function call", "literal", ... */

/* statements (parser_stmt.c) */
void fy_p_file(fyp_parser *p, fyp_vec *body);
void fy_p_block(fyp_parser *p, fyp_vec *body, const fy_token *kw, const char *what);
void fy_p_statement(fyp_parser *p, fyp_vec *body);

/* fy_parse that also says whether a syntax error was met at the end of the input (the parse
 * wanted more tokens): the REPL completeness check uses it. */
fy_ast_module *fy_parse_ex(const char *src, size_t len, const char *filename, fy_parse_mode mode, fy_syntax_error *err,
                           bool *at_eof);

/* strings (fstring.c): one literal, or implicit concatenation of the tokens [first, last) */
fy_expr *fy_p_strings(fyp_parser *p, int first, int last);

#endif
