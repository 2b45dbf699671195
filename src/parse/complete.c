/* complete.c - REPL completeness check (fy_parse_is_complete), following Python's REPL and
 * IPython: more input is wanted when the parse fails only because the input ended (open
 * brackets, a triple-quoted string, a trailing backslash, a block header), and after a
 * compound statement until a blank line. */
#include <stdio.h>
#include <string.h>

#include "parse/lexer.h"
#include "parse/parser.h"

/* the leading whitespace of the last non-blank line, and whether that line ends with ':' */
static size_t last_line_indent(const char *text, size_t len, const char **ws, bool *colon) {
    size_t end = len;
    for (;;) {
        while (end > 0 && (text[end - 1] == '\n' || text[end - 1] == '\r')) end--;
        size_t start = end;
        while (start > 0 && text[start - 1] != '\n') start--;
        size_t i = start;
        while (i < end && (text[i] == ' ' || text[i] == '\t')) i++;
        if (i < end || start == 0) {
            *ws = text + start;
            /* last significant char, ignoring a trailing comment (rough: no '#' in strings) */
            size_t e = end;
            const char *hash = memchr(text + i, '#', end - i);
            if (hash) e = (size_t)(hash - text);
            while (e > i && (text[e - 1] == ' ' || text[e - 1] == '\t')) e--;
            *colon = e > i && text[e - 1] == ':';
            return i - start;
        }
        end = start;
    }
}

static void put_indent(char *out, size_t cap, const char *ws, size_t n, int extra) {
    if (!out || cap == 0) return;
    size_t k = 0;
    for (size_t i = 0; i < n && k + 1 < cap; i++) out[k++] = ws[i];
    for (int i = 0; i < extra && k + 1 < cap; i++) out[k++] = ' ';
    out[k] = 0;
}

static bool is_compound(const fy_stmt *s) {
    switch (s->kind) {
    case FY_S_IF:
    case FY_S_FOR:
    case FY_S_WHILE:
    case FY_S_WITH:
    case FY_S_TRY:
    case FY_S_FUNCTIONDEF:
    case FY_S_CLASSDEF: return true;
    default: return false;
    }
}

fy_completeness fy_parse_is_complete(const char *text, char *indent_out, size_t cap) {
    if (indent_out && cap) indent_out[0] = 0;
    if (!text) return FY_COMPLETE;
    size_t len = strlen(text);
    size_t k = 0;
    while (k < len && (text[k] == ' ' || text[k] == '\t' || text[k] == '\n' || text[k] == '\r' || text[k] == '\f')) k++;
    if (k == len) return FY_COMPLETE;

    const char *ws;
    bool colon;
    size_t nws = last_line_indent(text, len, &ws, &colon);

    /* tokenizer pass: strings, brackets, continuation lines */
    fy_syntax_error err;
    if (!fy_check_source(text, len, &err)) return FY_INVALID;
    fy_lexer lx;
    fy_lexer_init(&lx, text, len);
    fy_token t;
    for (;;) {
        if (!fy_lexer_next(&lx, &t)) {
            const char *m = lx.err.msg;
            if (strncmp(m, "unterminated triple-quoted string", 33) == 0) return FY_INCOMPLETE;
            if (strcmp(m, "unexpected EOF while parsing") == 0) {
                put_indent(indent_out, cap, ws, nws, 0);
                return FY_INCOMPLETE;
            }
            return FY_INVALID;
        }
        if (t.kind == FY_T_ENDMARKER) break;
    }

    bool at_eof = false;
    fy_ast_module *m = fy_parse_ex(text, len, "<input>", FY_MODE_EXEC, &err, &at_eof);
    if (!m) {
        if (err.kind == FY_ERR_MEMORY) return FY_INVALID;
        if (at_eof) {
            put_indent(indent_out, cap, ws, nws, (colon || lx.level > 0) ? 4 : 0);
            return FY_INCOMPLETE;
        }
        return FY_INVALID;
    }
    bool compound = m->n_body > 0 && is_compound(m->body[m->n_body - 1]);
    fy_ast_module_free(m);
    if (!compound) return FY_COMPLETE;
    /* a compound statement ends with a blank line */
    size_t e = len;
    while (e > 0 && (text[e - 1] == ' ' || text[e - 1] == '\t')) e--;
    if (e >= 1 && text[e - 1] == '\n') {
        size_t f = e - 1;
        if (f > 0 && text[f - 1] == '\r') f--;
        while (f > 0 && (text[f - 1] == ' ' || text[f - 1] == '\t')) f--;
        if (f > 0 && text[f - 1] == '\n') return FY_COMPLETE;
    }
    put_indent(indent_out, cap, ws, nws, colon ? 4 : 0);
    return FY_INCOMPLETE;
}
