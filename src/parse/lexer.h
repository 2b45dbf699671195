/* lexer.h - Python 3.11 tokenizer: UTF-8 source -> tokens (token.h), with NEWLINE/INDENT/DEDENT,
 * continuation lines, bracket matching and CPython's tokenizer error messages. */
#ifndef FLYI_LEXER_H
#define FLYI_LEXER_H

#include <stdbool.h>

#include "parse/parse.h"
#include "parse/token.h"

enum { FY_MAXINDENT = 100, FY_MAXLEVEL = 200 };

typedef struct fy_lexer {
    const char *src, *end;   /* the text; *end need not be NUL */
    const char *p;           /* next byte to read */
    const char *line_start;  /* start of the current physical line */
    int line;
    bool at_bol;             /* at the start of a logical line: measure indentation */
    bool cont_line;          /* current line continues a backslash-ended one */
    bool eof_newline_done;   /* implicit NEWLINE at end of input was produced */
    bool fmode;              /* f-string replacement field: no NEWLINE/INDENT, ends at end */
    int indent;              /* top of indstack */
    int indstack[FY_MAXINDENT], altstack[FY_MAXINDENT];
    int pending;             /* >0: INDENTs to emit, <0: DEDENTs to emit */
    int level;               /* bracket nesting */
    char parens[FY_MAXLEVEL];
    int paren_line[FY_MAXLEVEL], paren_col[FY_MAXLEVEL];
    fy_tok_kind last;        /* kind of the last token returned */
    bool failed;
    fy_syntax_error err;     /* set when fy_lexer_next returns false */
} fy_lexer;

/* Start tokenizing src[0..len). */
void fy_lexer_init(fy_lexer *lx, const char *src, size_t len);
/* Start tokenizing an f-string replacement field src[0..len) whose first byte sits at
 * (line, col) of the enclosing source; newlines are plain whitespace. */
void fy_lexer_init_fexpr(fy_lexer *lx, const char *src, size_t len, const char *line_start, int line);
/* Produce the next token in *t. false on a tokenizer error (lx->err filled); after an error
 * or ENDMARKER it keeps returning the same result. */
bool fy_lexer_next(fy_lexer *lx, fy_token *t);

/* Validate UTF-8 and reject NUL bytes; fills *err like CPython and returns false if bad. */
bool fy_check_source(const char *src, size_t len, fy_syntax_error *err);
/* Decode one UTF-8 code point at s (valid UTF-8 assumed, n bytes available); sets *nbytes. */
unsigned fy_lex_utf8_decode(const char *s, size_t n, int *nbytes);

#endif
