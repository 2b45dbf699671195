/* token.h - token kinds produced by the lexer (lexer.h). */
#ifndef FLYI_TOKEN_H
#define FLYI_TOKEN_H

#include <stddef.h>

typedef enum fy_tok_kind {
    FY_T_ENDMARKER = 0,
    FY_T_NAME,    /* identifier (keywords have their own kinds below) */
    FY_T_NUMBER,  /* int, float or imaginary literal, text as written */
    FY_T_STRING,  /* one string literal with prefix and quotes, f-strings included */
    FY_T_NEWLINE,
    FY_T_INDENT,
    FY_T_DEDENT,
    /* operators and delimiters */
    FY_T_LPAR,
    FY_T_RPAR,
    FY_T_LSQB,
    FY_T_RSQB,
    FY_T_LBRACE,
    FY_T_RBRACE,
    FY_T_COLON,
    FY_T_COMMA,
    FY_T_SEMI,
    FY_T_DOT,
    FY_T_ELLIPSIS,
    FY_T_RARROW,
    FY_T_COLONEQUAL,
    FY_T_PLUS,
    FY_T_MINUS,
    FY_T_STAR,
    FY_T_SLASH,
    FY_T_VBAR,
    FY_T_AMPER,
    FY_T_LESS,
    FY_T_GREATER,
    FY_T_EQUAL,
    FY_T_PERCENT,
    FY_T_TILDE,
    FY_T_CIRCUMFLEX,
    FY_T_AT,
    FY_T_EQEQUAL,
    FY_T_NOTEQUAL,
    FY_T_LESSEQUAL,
    FY_T_GREATEREQUAL,
    FY_T_LEFTSHIFT,
    FY_T_RIGHTSHIFT,
    FY_T_DOUBLESTAR,
    FY_T_DOUBLESLASH,
    /* augmented assignment operators, in fy_operator order (ast.h) */
    FY_T_PLUSEQUAL,
    FY_T_MINEQUAL,
    FY_T_STAREQUAL,
    FY_T_ATEQUAL,
    FY_T_SLASHEQUAL,
    FY_T_PERCENTEQUAL,
    FY_T_DOUBLESTAREQUAL,
    FY_T_LEFTSHIFTEQUAL,
    FY_T_RIGHTSHIFTEQUAL,
    FY_T_VBAREQUAL,
    FY_T_CIRCUMFLEXEQUAL,
    FY_T_AMPEREQUAL,
    FY_T_DOUBLESLASHEQUAL,
    FY_T_ERRORTOKEN, /* a character that starts no token ('$', '?', '!', '`') */
    /* keywords */
    FY_T_KW_FALSE,
    FY_T_KW_NONE,
    FY_T_KW_TRUE,
    FY_T_KW_AND,
    FY_T_KW_AS,
    FY_T_KW_ASSERT,
    FY_T_KW_ASYNC,
    FY_T_KW_AWAIT,
    FY_T_KW_BREAK,
    FY_T_KW_CLASS,
    FY_T_KW_CONTINUE,
    FY_T_KW_DEF,
    FY_T_KW_DEL,
    FY_T_KW_ELIF,
    FY_T_KW_ELSE,
    FY_T_KW_EXCEPT,
    FY_T_KW_FINALLY,
    FY_T_KW_FOR,
    FY_T_KW_FROM,
    FY_T_KW_GLOBAL,
    FY_T_KW_IF,
    FY_T_KW_IMPORT,
    FY_T_KW_IN,
    FY_T_KW_IS,
    FY_T_KW_LAMBDA,
    FY_T_KW_NONLOCAL,
    FY_T_KW_NOT,
    FY_T_KW_OR,
    FY_T_KW_PASS,
    FY_T_KW_RAISE,
    FY_T_KW_RETURN,
    FY_T_KW_TRY,
    FY_T_KW_WHILE,
    FY_T_KW_WITH,
    FY_T_KW_YIELD,
    FY_T__COUNT
} fy_tok_kind;

typedef struct fy_token {
    fy_tok_kind kind;
    int line, col;         /* start: 1-based line, 0-based byte column */
    int end_line, end_col; /* end (exclusive column) */
    const char *start;     /* the token's text in the source */
    size_t len;
    int level;             /* bracket nesting depth where the token starts */
} fy_token;

/* Printable name of a token kind ("NAME", "'('", "'if'", ...). */
const char *fy_tok_kind_name(fy_tok_kind k);

#endif
