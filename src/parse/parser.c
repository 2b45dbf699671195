/* parser.c - parser core: token buffer, errors, allocation, speculation and the public entry
 * points of parse.h. The grammar lives in parser_expr.c, parser_stmt.c and fstring.c. */
#include "parse/parser.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ tokens */

void fyp_free_tokens(fyp_parser *p) {
    for (int i = 0; i < p->nchunks; i++) free(p->tchunks[i]);
    free(p->tchunks);
    p->tchunks = NULL;
    p->nchunks = p->chunkcap = 0;
}

/* room for token index p->ntoks (token storage never moves: parse code keeps pointers) */
static fy_token *new_slot(fyp_parser *p) {
    if (p->ntoks == p->nchunks * FY_TOK_CHUNK) {
        if (p->nchunks == p->chunkcap) {
            int nc = p->chunkcap ? p->chunkcap * 2 : 16;
            fy_token **n = realloc(p->tchunks, (size_t)nc * sizeof *n);
            if (!n) fyp_fail_memory(p);
            p->tchunks = n;
            p->chunkcap = nc;
        }
        fy_token *c = malloc(FY_TOK_CHUNK * sizeof *c);
        if (!c) fyp_fail_memory(p);
        p->tchunks[p->nchunks++] = c;
    }
    return fyp_tokat(p, p->ntoks);
}

static void fetch(fyp_parser *p) {
    if (p->ntoks > 0 && fyp_tokat(p, p->ntoks - 1)->kind == FY_T_ENDMARKER) {
        /* repeat the end marker */
        fy_token *t = new_slot(p);
        *t = *fyp_tokat(p, p->ntoks - 1);
        p->ntoks++;
        return;
    }
    if (p->lex_failed) goto lexerr;
    fy_token *t = new_slot(p);
    if (!fy_lexer_next(&p->lx, t)) {
        p->lex_failed = true;
    lexerr:
        p->err = p->lx.err;
        p->err.kind = p->lx.err.kind;
        longjmp(*p->jb, 2); /* 2: tokenizer error, never rewound by fyp_try */
    }
    /* tokens at the end of input sit where the last NEWLINE was, as CPython reports them */
    if ((t->kind == FY_T_DEDENT || t->kind == FY_T_ENDMARKER) && !p->in_fexpr && p->ntoks > 0 && p->lx.p >= p->lx.end) {
        const fy_token *prev = fyp_tokat(p, p->ntoks - 1);
        if (prev->kind == FY_T_NEWLINE || prev->kind == FY_T_DEDENT) {
            t->line = t->end_line = prev->line;
            t->col = t->end_col = prev->col;
        }
    }
    p->ntoks++;
}

const fy_token *fyp_tok(fyp_parser *p, int k) {
    int i = p->pos + k;
    while (i >= p->ntoks) fetch(p);
    if (i > p->maxpos) p->maxpos = i;
    return fyp_tokat(p, i);
}

const fy_token *fyp_next(fyp_parser *p) {
    const fy_token *t = fyp_tok(p, 0);
    if (t->kind != FY_T_ENDMARKER) p->pos++;
    return t;
}

bool fyp_at(fyp_parser *p, fy_tok_kind k) { return fyp_tok(p, 0)->kind == k; }

bool fyp_accept(fyp_parser *p, fy_tok_kind k) {
    if (fyp_tok(p, 0)->kind != k) return false;
    p->pos++;
    return true;
}

const fy_token *fyp_expect(fyp_parser *p, fy_tok_kind k) {
    const fy_token *t = fyp_tok(p, 0);
    if (t->kind != k) fyp_fail_generic(p);
    p->pos++;
    return t;
}

const fy_token *fyp_prev(fyp_parser *p) { return fyp_tokat(p, p->pos > 0 ? p->pos - 1 : 0); }

/* ------------------------------------------------------------------ errors */

static void vset_err(fyp_parser *p, fy_error_kind kind, int line, int col, int end_line, int end_col, const char *fmt,
                     va_list ap) {
    vsnprintf(p->err.msg, sizeof p->err.msg, fmt, ap);
    p->err.kind = kind;
    p->err.line = line;
    p->err.offset = col;
    p->err.end_line = end_line;
    p->err.end_offset = end_col;
}

void fyp_fail(fyp_parser *p, fy_error_kind kind, int line, int col, int end_line, int end_col, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vset_err(p, kind, line, col, end_line, end_col, fmt, ap);
    va_end(ap);
    longjmp(*p->jb, 1);
}

void fyp_fail_at_tok(fyp_parser *p, const fy_token *t, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vset_err(p, FY_ERR_SYNTAX, t->line, t->col + 1, t->end_line, t->end_col + 1, fmt, ap);
    va_end(ap);
    longjmp(*p->jb, 1);
}

void fyp_fail_at_expr(fyp_parser *p, const fy_expr *e, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vset_err(p, FY_ERR_SYNTAX, e->line, e->col + 1, e->end_line, e->end_col + 1, fmt, ap);
    va_end(ap);
    longjmp(*p->jb, 1);
}

void fyp_fail_generic(fyp_parser *p) {
    if (p->ntoks == 0) fyp_fail(p, FY_ERR_SYNTAX, 1, 1, 1, 1, "invalid syntax");
    if (p->maxpos >= p->ntoks) p->maxpos = p->ntoks - 1;
    const fy_token *t = fyp_tokat(p, p->maxpos < 0 ? 0 : p->maxpos);
    if (t->kind == FY_T_INDENT) fyp_fail(p, FY_ERR_INDENTATION, t->line, t->col, t->line, -1, "unexpected indent");
    p->err.kind = FY_ERR_SYNTAX;
    snprintf(p->err.msg, sizeof p->err.msg, "invalid syntax");
    p->err.line = t->line;
    p->err.offset = t->col + 1;
    p->err.end_line = t->end_line;
    p->err.end_offset = t->end_col + 1;
    longjmp(*p->jb, 3); /* 3: generic */
}

void fyp_fail_memory(fyp_parser *p) {
    p->err.kind = FY_ERR_MEMORY;
    snprintf(p->err.msg, sizeof p->err.msg, "out of memory while parsing");
    p->err.line = p->err.offset = p->err.end_line = p->err.end_offset = 0;
    longjmp(*p->jb, 2);
}

void fyp_enter(fyp_parser *p) {
    if (++p->depth > FY_MAX_DEPTH) {
        const fy_token *t = fyp_tok(p, 0);
        p->err.kind = FY_ERR_RECURSION;
        snprintf(p->err.msg, sizeof p->err.msg, "maximum recursion depth exceeded during parsing");
        p->err.line = t->line;
        p->err.offset = t->col + 1;
        p->err.end_line = t->end_line;
        p->err.end_offset = t->end_col + 1;
        longjmp(*p->jb, 2);
    }
}

void fyp_leave(fyp_parser *p) { p->depth--; }

bool fyp_try(fyp_parser *p, void (*fn)(fyp_parser *, void *), void *ctx) {
    jmp_buf jb, *saved = p->jb;
    int pos = p->pos, depth = p->depth;
    fy_syntax_error saved_err = p->err;
    int r = setjmp(jb);
    if (r == 0) {
        p->jb = &jb;
        fn(p, ctx);
        p->jb = saved;
        return true;
    }
    p->jb = saved;
    if (r == 2) longjmp(*saved, 2);
    p->pos = pos;
    p->depth = depth;
    p->err = saved_err;
    return false;
}

/* ------------------------------------------------------------------ allocation */

void fyp_vec_push(fyp_parser *p, fyp_vec *v, void *x) {
    if (v->n == v->cap) {
        int ncap = v->cap ? v->cap * 2 : 4;
        void **ni = fyp_alloc(p, (size_t)ncap * sizeof *ni);
        if (v->n) memcpy(ni, v->items, (size_t)v->n * sizeof *ni);
        v->items = ni;
        v->cap = ncap;
    }
    v->items[v->n++] = x;
}

void *fyp_alloc(fyp_parser *p, size_t n) {
    void *r = fy_arena_alloc(p->arena, n);
    if (!r) fyp_fail_memory(p);
    return r;
}

char *fyp_strndup(fyp_parser *p, const char *s, size_t n) {
    char *r = fy_arena_strndup(p->arena, s, n);
    if (!r) fyp_fail_memory(p);
    return r;
}

fy_expr *fyp_new_expr(fyp_parser *p, fy_expr_kind k, const fy_token *start) {
    fy_expr *e = fyp_alloc(p, sizeof *e);
    e->kind = k;
    e->line = e->end_line = start->line;
    e->col = start->col;
    e->end_col = start->end_col;
    e->end_line = start->end_line;
    return e;
}

fy_stmt *fyp_new_stmt(fyp_parser *p, fy_stmt_kind k, const fy_token *start) {
    fy_stmt *s = fyp_alloc(p, sizeof *s);
    s->kind = k;
    s->line = start->line;
    s->col = start->col;
    s->end_line = start->end_line;
    s->end_col = start->end_col;
    return s;
}

void fyp_expr_end(fyp_parser *p, fy_expr *e) {
    const fy_token *t = fyp_prev(p);
    e->end_line = t->end_line;
    e->end_col = t->end_col;
}

void fyp_stmt_end(fyp_parser *p, fy_stmt *s) {
    const fy_token *t = fyp_prev(p);
    s->end_line = t->end_line;
    s->end_col = t->end_col;
}

/* ------------------------------------------------------------------ entry points */

const char *fy_error_kind_name(fy_error_kind k) {
    switch (k) {
    case FY_ERR_SYNTAX: return "SyntaxError";
    case FY_ERR_INDENTATION: return "IndentationError";
    case FY_ERR_TAB: return "TabError";
    case FY_ERR_MEMORY: return "MemoryError";
    case FY_ERR_RECURSION: return "RecursionError";
    default: return "Error";
    }
}

/* After a parser error: a tokenizer error later in the source wins, and an unclosed bracket
 * opened on an earlier line than the error is reported instead (CPython 3.11's rules). */
static void check_rest(fyp_parser *p) {
    if (p->lex_failed) return;
    if (p->ntoks > 0 && fyp_tokat(p, p->ntoks - 1)[0].kind == FY_T_ENDMARKER) goto at_end;
    fy_token t;
    for (;;) {
        if (!fy_lexer_next(&p->lx, &t)) {
            p->err = p->lx.err;
            return;
        }
        if (t.kind == FY_T_ENDMARKER) break;
    }
at_end:
    if (p->lx.level > 0) {
        int i = p->lx.level - 1;
        if (p->err.line > p->lx.paren_line[i]) {
            p->err.kind = FY_ERR_SYNTAX;
            snprintf(p->err.msg, sizeof p->err.msg, "'%c' was never closed", p->lx.parens[i]);
            p->err.line = p->lx.paren_line[i];
            p->err.offset = p->lx.paren_col[i] + 1;
            p->err.end_line = p->err.line;
            p->err.end_offset = 0;
        }
    }
}

static void unclosed_at_eof(fyp_parser *p) {
    int i = p->lx.level - 1;
    p->err.kind = FY_ERR_SYNTAX;
    snprintf(p->err.msg, sizeof p->err.msg, "'%c' was never closed", p->lx.parens[i]);
    p->err.line = p->lx.paren_line[i];
    p->err.offset = p->lx.paren_col[i] + 1;
    p->err.end_line = p->err.line;
    p->err.end_offset = 0;
}

/* PEP 263 coding cookie on line 1 or 2: 0 UTF-8 (or none), 1 Latin-1, -1 error (err set). */
static int source_encoding(const char *s, size_t len, fy_syntax_error *err) {
    size_t i = 0;
    for (int line = 1; line <= 2 && i < len; line++) {
        size_t e = i;
        while (e < len && s[e] != '\n' && s[e] != '\r') e++;
        size_t j = i;
        if (line == 1 && len >= 3 && (unsigned char)s[0] == 0xEF && (unsigned char)s[1] == 0xBB &&
            (unsigned char)s[2] == 0xBF)
            j = 3;
        while (j < e && (s[j] == ' ' || s[j] == '\t' || s[j] == '\f')) j++;
        if (j < e && s[j] == '#') {
            for (size_t k = j; k + 7 < e; k++) {
                if (memcmp(s + k, "coding", 6) != 0 || (s[k + 6] != ':' && s[k + 6] != '=')) continue;
                size_t a = k + 7;
                while (a < e && (s[a] == ' ' || s[a] == '\t')) a++;
                size_t b = a;
                while (b < e && (isalnum((unsigned char)s[b]) || s[b] == '-' || s[b] == '_' || s[b] == '.')) b++;
                char name[64];
                size_t n = b - a < sizeof name - 1 ? b - a : sizeof name - 1;
                for (size_t q = 0; q < n; q++) {
                    char c = (char)tolower((unsigned char)s[a + q]);
                    name[q] = c == '_' ? '-' : c;
                }
                name[n] = 0;
                if (n == 0) return 0;
                static const char *utf8[] = {"utf-8", "utf8", "utf-8-sig"};
                static const char *latin1[] = {"latin-1", "latin1",      "iso-8859-1",     "iso8859-1",
                                               "l1",      "iso-latin-1", "iso-8859-1-unix"};
                for (size_t q = 0; q < sizeof utf8 / sizeof *utf8; q++)
                    if (strncmp(name, utf8[q], strlen(utf8[q])) == 0 &&
                        (name[strlen(utf8[q])] == 0 || name[strlen(utf8[q])] == '-'))
                        return 0;
                for (size_t q = 0; q < sizeof latin1 / sizeof *latin1; q++)
                    if (strcmp(name, latin1[q]) == 0) return 1;
                if (strcmp(name, "ascii") == 0 || strcmp(name, "us-ascii") == 0) return 0;
                memset(err, 0, sizeof *err);
                err->kind = FY_ERR_SYNTAX;
                snprintf(err->msg, sizeof err->msg, "unknown encoding: %.*s", (int)(b - a), s + a);
                err->line = line;
                err->offset = 0;
                return -1;
            }
        } else if (j < e) {
            return 0; /* a code line: the cookie may only come before code */
        }
        i = e;
        if (i < len && s[i] == '\r') i++;
        if (i < len && s[i] == '\n') i++;
    }
    return 0;
}

/* The parse proper; 0 on success, else the longjmp code (1 specific, 2 fatal, 3 generic). */
static int run_parse(fyp_parser *p, fy_ast_module *m) {
    jmp_buf jb;
    p->jb = &jb;
    int r = setjmp(jb);
    if (r != 0) return r;
    fyp_vec body = {0};
    if (m->mode == FY_MODE_EVAL) {
        while (fyp_at(p, FY_T_NEWLINE)) fyp_next(p);
        m->expr = fy_p_star_expressions(p);
        /* eval input is `expressions`: no top-level starred items */
        fy_expr *e = m->expr;
        if (e->kind == FY_E_TUPLE && e->v.seq.n_elts > 0 && e->line == e->v.seq.elts[0]->line &&
            e->col == e->v.seq.elts[0]->col)
            for (int i = 0; i < e->v.seq.n_elts; i++)
                if (e->v.seq.elts[i]->kind == FY_E_STARRED) {
                    e = e->v.seq.elts[i];
                    break;
                }
        if (e->kind == FY_E_STARRED)
            fyp_fail(p, FY_ERR_SYNTAX, e->line, e->col + 1, e->end_line, e->end_col + 1, "invalid syntax");
        while (fyp_at(p, FY_T_NEWLINE)) fyp_next(p);
        if (!fyp_at(p, FY_T_ENDMARKER)) fyp_fail_generic(p);
    } else {
        fy_p_file(p, &body);
    }
    m->body = (fy_stmt **)body.items;
    m->n_body = body.n;
    return 0;
}

fy_ast_module *fy_parse(const char *src, size_t len, const char *filename, fy_parse_mode mode, fy_syntax_error *err) {
    return fy_parse_ex(src, len, filename, mode, err, NULL);
}

fy_ast_module *fy_parse_ex(const char *src, size_t len, const char *filename, fy_parse_mode mode, fy_syntax_error *err,
                           bool *at_eof) {
    fy_syntax_error dummy;
    if (at_eof) *at_eof = false;
    if (!err) err = &dummy;
    memset(err, 0, sizeof *err);
    fy_arena *arena = fy_arena_new();
    fy_ast_module *m = arena ? fy_arena_alloc(arena, sizeof *m) : NULL;
    char *copy = m ? fy_arena_strndup(arena, src ? src : "", src ? len : 0) : NULL;
    const char *fname =
        copy ? fy_arena_strndup(arena, filename ? filename : "<unknown>", strlen(filename ? filename : "<unknown>"))
             : NULL;
    if (!fname) {
        fy_arena_free(arena);
        err->kind = FY_ERR_MEMORY;
        snprintf(err->msg, sizeof err->msg, "out of memory while parsing");
        return NULL;
    }
    if (!src) len = 0;
    int enc = source_encoding(copy, len, err);
    if (enc < 0) {
        fy_arena_free(arena);
        return NULL;
    }
    if (enc == 1) { /* latin-1 source: recode to UTF-8 */
        size_t n2 = 0;
        for (size_t i = 0; i < len; i++) n2 += ((unsigned char)copy[i] >= 0x80) ? 2 : 1;
        char *u = fy_arena_alloc(arena, n2 + 1);
        if (!u) {
            fy_arena_free(arena);
            err->kind = FY_ERR_MEMORY;
            snprintf(err->msg, sizeof err->msg, "out of memory while parsing");
            return NULL;
        }
        size_t k = 0;
        for (size_t i = 0; i < len; i++) {
            unsigned char c = (unsigned char)copy[i];
            if (c < 0x80) u[k++] = (char)c;
            else {
                u[k++] = (char)(0xC0 | (c >> 6));
                u[k++] = (char)(0x80 | (c & 0x3F));
            }
        }
        u[k] = 0;
        copy = u;
        len = n2;
    }
    m->arena = arena;
    m->mode = mode;
    m->source = copy;
    m->source_len = len;
    m->filename = fname;
    if (!fy_check_source(copy, len, err)) {
        fy_arena_free(arena);
        return NULL;
    }

    fyp_parser *p = calloc(1, sizeof *p);
    if (!p) {
        fy_arena_free(arena);
        err->kind = FY_ERR_MEMORY;
        snprintf(err->msg, sizeof err->msg, "out of memory while parsing");
        return NULL;
    }
    fy_lexer_init(&p->lx, copy, len);
    p->arena = arena;
    p->mode = mode;
    p->src = copy;
    p->src_len = len;
    int r = run_parse(p, m);
    if (r == 0) {
        fyp_free_tokens(p);
        free(p);
        return m;
    }
    /* error */
    if (at_eof && p->ntoks > 0) {
        int i = p->maxpos < p->ntoks ? p->maxpos : p->ntoks - 1;
        const fy_token *t = fyp_tokat(p, i);
        *at_eof = t->kind == FY_T_ENDMARKER || (t->kind == FY_T_DEDENT && p->lx.p >= p->lx.end && i == p->ntoks - 1);
        if (r == 2) *at_eof = false;
    }
    if (r == 3 && p->maxpos < p->ntoks && fyp_tokat(p, p->maxpos)[0].kind == FY_T_ENDMARKER && p->lx.level > 0)
        unclosed_at_eof(p);
    else if (r != 2 && p->err.kind != FY_ERR_MEMORY) check_rest(p);
    *err = p->err;
    fyp_free_tokens(p);
    free(p);
    fy_arena_free(arena);
    return NULL;
}

fy_ast_module *fy_parse_string(const char *src, const char *filename, fy_syntax_error *err) {
    return fy_parse(src, src ? strlen(src) : 0, filename, FY_MODE_EXEC, err);
}

fy_ast_module *fy_parse_file(const char *path, fy_syntax_error *err) {
    fy_syntax_error dummy;
    if (!err) err = &dummy;
    memset(err, 0, sizeof *err);
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err->msg, sizeof err->msg, "%s", strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (!buf) {
            fclose(f);
            err->kind = FY_ERR_MEMORY;
            snprintf(err->msg, sizeof err->msg, "out of memory");
            return NULL;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n < cap) break;
        cap *= 2;
        char *nb = realloc(buf, cap);
        if (!nb) free(buf);
        buf = nb;
    }
    fclose(f);
    fy_ast_module *m = fy_parse(buf, n, path, FY_MODE_EXEC, err);
    free(buf);
    return m;
}

void fy_ast_module_free(fy_ast_module *m) {
    if (m) fy_arena_free(m->arena);
}

void fy_module_free(fy_ast_module *m) { fy_ast_module_free(m); }

void *fy_ast_module_alloc(fy_ast_module *m, size_t n) { return fy_arena_alloc(m->arena, n); }

const char *fy_source_line(const char *src, size_t len, int line, size_t *line_len) {
    if (line < 1) return NULL;
    size_t i = 0;
    for (int l = 1; l < line; l++) {
        while (i < len && src[i] != '\n') i++;
        if (i >= len) return NULL;
        i++;
    }
    size_t j = i;
    while (j < len && src[j] != '\n' && src[j] != '\r') j++;
    if (line_len) *line_len = j - i;
    return src + i;
}
