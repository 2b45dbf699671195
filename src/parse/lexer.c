/* lexer.c - Python 3.11 tokenizer. */
#include "parse/lexer.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------ basics */

void fy_lexer_init(fy_lexer *lx, const char *src, size_t len) {
    memset(lx, 0, sizeof *lx);
    lx->src = src;
    lx->end = src + len;
    lx->p = src;
    lx->line_start = src;
    lx->line = 1;
    lx->at_bol = true;
    lx->last = FY_T_NEWLINE;
    /* a UTF-8 byte order mark is skipped */
    if (len >= 3 && (unsigned char)src[0] == 0xEF && (unsigned char)src[1] == 0xBB && (unsigned char)src[2] == 0xBF) {
        lx->p += 3;
        lx->line_start = lx->p;
    }
}

void fy_lexer_init_fexpr(fy_lexer *lx, const char *src, size_t len, const char *line_start, int line) {
    fy_lexer_init(lx, src, len);
    lx->p = src;
    lx->line_start = line_start;
    lx->line = line;
    lx->at_bol = false;
    lx->fmode = true;
}

static int peek(const fy_lexer *lx, int k) { return lx->p + k < lx->end ? (unsigned char)lx->p[k] : -1; }

static int col_of(const fy_lexer *lx, const char *q) { return (int)(q - lx->line_start); }

static void newline_at(fy_lexer *lx, const char *after_nl) {
    lx->line++;
    lx->line_start = after_nl;
}

static bool lx_error_kind(fy_lexer *lx, fy_error_kind kind, int line, int offset, int end_line, int end_offset,
                          const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(lx->err.msg, sizeof lx->err.msg, fmt, ap);
    va_end(ap);
    lx->err.kind = kind;
    lx->err.line = line;
    lx->err.offset = offset;
    lx->err.end_line = end_line;
    lx->err.end_offset = end_offset;
    lx->failed = true;
    return false;
}

#define lx_error(lx, line, offset, ...) lx_error_kind(lx, FY_ERR_SYNTAX, line, offset, line, offset, __VA_ARGS__)

/* ------------------------------------------------------------------ UTF-8 */

unsigned fy_lex_utf8_decode(const char *s, size_t n, int *nbytes) {
    const unsigned char *u = (const unsigned char *)s;
    if (n == 0) {
        *nbytes = 0;
        return 0;
    }
    if (u[0] < 0x80) {
        *nbytes = 1;
        return u[0];
    }
    if ((u[0] & 0xE0) == 0xC0 && n >= 2) {
        *nbytes = 2;
        return ((u[0] & 0x1Fu) << 6) | (u[1] & 0x3Fu);
    }
    if ((u[0] & 0xF0) == 0xE0 && n >= 3) {
        *nbytes = 3;
        return ((u[0] & 0x0Fu) << 12) | ((u[1] & 0x3Fu) << 6) | (u[2] & 0x3Fu);
    }
    if ((u[0] & 0xF8) == 0xF0 && n >= 4) {
        *nbytes = 4;
        return ((u[0] & 0x07u) << 18) | ((u[1] & 0x3Fu) << 12) | ((u[2] & 0x3Fu) << 6) | (u[3] & 0x3Fu);
    }
    *nbytes = 1;
    return 0xFFFD;
}

bool fy_check_source(const char *src, size_t len, fy_syntax_error *err) {
    const unsigned char *u = (const unsigned char *)src;
    int line = 1;
    size_t i = 0;
    while (i < len) {
        unsigned c = u[i];
        if (c < 0x80) {
            if (c == 0) {
                memset(err, 0, sizeof *err);
                err->kind = FY_ERR_SYNTAX;
                snprintf(err->msg, sizeof err->msg, "source code cannot contain null bytes");
                err->line = line;
                err->offset = 0;
                return false;
            }
            if (c == '\n') line++;
            i++;
            continue;
        }
        int need = 0;
        unsigned min = 0;
        if (c >= 0xC2 && c <= 0xDF) need = 1, min = 0x80;
        else if (c >= 0xE0 && c <= 0xEF) need = 2, min = 0x800;
        else if (c >= 0xF0 && c <= 0xF4) need = 3, min = 0x10000;
        const char *why = "invalid start byte";
        bool ok = need > 0;
        if (ok) {
            unsigned cp = c & (need == 1 ? 0x1F : need == 2 ? 0x0F : 0x07);
            for (int k = 1; k <= need; k++) {
                if (i + (size_t)k >= len) {
                    ok = false;
                    why = "unexpected end of data";
                    break;
                }
                if ((u[i + k] & 0xC0) != 0x80) {
                    ok = false;
                    why = "invalid continuation byte";
                    break;
                }
                cp = (cp << 6) | (u[i + k] & 0x3F);
            }
            if (ok && (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))) {
                ok = false;
                why = "invalid continuation byte";
            }
        }
        if (!ok) {
            memset(err, 0, sizeof *err);
            err->kind = FY_ERR_SYNTAX;
            snprintf(err->msg, sizeof err->msg,
                     "(unicode error) 'utf-8' codec can't decode byte 0x%02x in position %zu: %s", c, i, why);
            err->line = line;
            err->offset = 0;
            return false;
        }
        i += (size_t)need + 1;
    }
    return true;
}

/* Rough Unicode classification for non-ASCII code points (no tables): 0 = identifier
 * character, 1 = printable non-identifier character, 2 = non-printable. */
static int classify_cp(unsigned cp) {
    if (cp < 0xA0 || cp == 0xAD || (cp >= 0x2000 && cp <= 0x200F) || (cp >= 0x2028 && cp <= 0x202F) ||
        (cp >= 0x205F && cp <= 0x206F) || cp == 0xFEFF || cp == 0x3000 || (cp >= 0xE000 && cp <= 0xF8FF) ||
        (cp >= 0xFFF0 && cp <= 0xFFFF) || cp >= 0xF0000 || cp == 0x1680)
        return 2;
    if (cp == 0xA0) return 2;
    if (cp <= 0xBF) return (cp == 0xAA || cp == 0xB5 || cp == 0xBA || cp == 0xB7) ? 0 : 1;
    if (cp == 0xD7 || cp == 0xF7) return 1;
    if ((cp >= 0x2010 && cp <= 0x2027) || (cp >= 0x2030 && cp <= 0x205E)) return 1;
    if (cp >= 0x20A0 && cp <= 0x20CF) return 1;
    if ((cp >= 0x2190 && cp <= 0x23FF) || (cp >= 0x2460 && cp <= 0x24FF) || (cp >= 0x2500 && cp <= 0x27BF) ||
        (cp >= 0x27C0 && cp <= 0x2BFF))
        return 1;
    if (cp >= 0x2E00 && cp <= 0x2E7F) return 1;
    if (cp >= 0x3001 && cp <= 0x3004) return 1;
    if (cp >= 0x3008 && cp <= 0x3020) return 1;
    if ((cp >= 0xFF01 && cp <= 0xFF0F) || (cp >= 0xFF1A && cp <= 0xFF20) || (cp >= 0xFF3B && cp <= 0xFF3E) ||
        cp == 0xFF40 || (cp >= 0xFF5B && cp <= 0xFF65))
        return 1;
    if (cp >= 0x1F000 && cp <= 0x1FAFF) return 1;
    return 0;
}

/* ------------------------------------------------------------------ keywords */

static const struct {
    const char *s;
    fy_tok_kind k;
} keywords[] = {
    {"False", FY_T_KW_FALSE},
    {"None", FY_T_KW_NONE},
    {"True", FY_T_KW_TRUE},
    {"and", FY_T_KW_AND},
    {"as", FY_T_KW_AS},
    {"assert", FY_T_KW_ASSERT},
    {"async", FY_T_KW_ASYNC},
    {"await", FY_T_KW_AWAIT},
    {"break", FY_T_KW_BREAK},
    {"class", FY_T_KW_CLASS},
    {"continue", FY_T_KW_CONTINUE},
    {"def", FY_T_KW_DEF},
    {"del", FY_T_KW_DEL},
    {"elif", FY_T_KW_ELIF},
    {"else", FY_T_KW_ELSE},
    {"except", FY_T_KW_EXCEPT},
    {"finally", FY_T_KW_FINALLY},
    {"for", FY_T_KW_FOR},
    {"from", FY_T_KW_FROM},
    {"global", FY_T_KW_GLOBAL},
    {"if", FY_T_KW_IF},
    {"import", FY_T_KW_IMPORT},
    {"in", FY_T_KW_IN},
    {"is", FY_T_KW_IS},
    {"lambda", FY_T_KW_LAMBDA},
    {"nonlocal", FY_T_KW_NONLOCAL},
    {"not", FY_T_KW_NOT},
    {"or", FY_T_KW_OR},
    {"pass", FY_T_KW_PASS},
    {"raise", FY_T_KW_RAISE},
    {"return", FY_T_KW_RETURN},
    {"try", FY_T_KW_TRY},
    {"while", FY_T_KW_WHILE},
    {"with", FY_T_KW_WITH},
    {"yield", FY_T_KW_YIELD},
};

static fy_tok_kind keyword_kind(const char *s, size_t n) {
    if (n < 2 || n > 8) return FY_T_NAME;
    for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
        if (keywords[i].s[0] == s[0] && strlen(keywords[i].s) == n && memcmp(keywords[i].s, s, n) == 0)
            return keywords[i].k;
    return FY_T_NAME;
}

const char *fy_tok_kind_name(fy_tok_kind k) {
    static const char *names[] = {
        "ENDMARKER", "NAME", "NUMBER", "STRING", "NEWLINE", "INDENT", "DEDENT", "'('",  "')'",  "'['",   "']'",
        "'{'",       "'}'",  "':'",    "','",    "';'",     "'.'",    "'...'",  "'->'", "':='", "'+'",   "'-'",
        "'*'",       "'/'",  "'|'",    "'&'",    "'<'",     "'>'",    "'='",    "'%'",  "'~'",  "'^'",   "'@'",
        "'=='",      "'!='", "'<='",   "'>='",   "'<<'",    "'>>'",   "'**'",   "'//'", "'+='", "'-='",  "'*='",
        "'@='",      "'/='", "'%='",   "'**='",  "'<<='",   "'>>='",  "'|='",   "'^='", "'&='", "'//='", "ERRORTOKEN",
    };
    if ((size_t)k < sizeof names / sizeof names[0]) return names[k];
    for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
        if (keywords[i].k == k) return keywords[i].s;
    return "?";
}

/* ------------------------------------------------------------------ indentation */

/* Measure indentation at the start of a line. Returns false on error. Sets *blank when the
 * line holds no token (only whitespace/comment). */
static bool do_indent(fy_lexer *lx) {
    int col = 0, altcol = 0;
    const char *q = lx->p;
    for (;;) {
        int c = q < lx->end ? (unsigned char)*q : -1;
        if (c == ' ') col++, altcol++;
        else if (c == '\t') {
            col = (col / 8 + 1) * 8;
            altcol++;
        } else if (c == '\f') col = altcol = 0;
        else break;
        q++;
    }
    lx->p = q;
    int c = q < lx->end ? (unsigned char)*q : -1;
    bool blank = c == '#' || c == '\n' || c == '\r' || c == -1;
    if (c == '\\' && lx->level == 0) {
        /* a line holding only a continuation counts by what follows; treat as content */
        blank = false;
    }
    if (blank || lx->level > 0) return true;
    int line = lx->line;
    if (col == lx->indstack[lx->indent]) {
        if (altcol != lx->altstack[lx->indent])
            return lx_error_kind(lx, FY_ERR_TAB, line, 1, line, 0,
                                 "inconsistent use of tabs and spaces in indentation");
    } else if (col > lx->indstack[lx->indent]) {
        if (lx->indent + 1 >= FY_MAXINDENT)
            return lx_error_kind(lx, FY_ERR_INDENTATION, line, 1, line, 0, "too many levels of indentation");
        if (altcol <= lx->altstack[lx->indent])
            return lx_error_kind(lx, FY_ERR_TAB, line, 1, line, 0,
                                 "inconsistent use of tabs and spaces in indentation");
        lx->pending++;
        lx->indent++;
        lx->indstack[lx->indent] = col;
        lx->altstack[lx->indent] = altcol;
    } else {
        while (lx->indent > 0 && col < lx->indstack[lx->indent]) {
            lx->pending--;
            lx->indent--;
        }
        if (col != lx->indstack[lx->indent]) {
            const char *e = q;
            while (e < lx->end && *e != '\n' && *e != '\r') e++;
            return lx_error_kind(lx, FY_ERR_INDENTATION, line, col_of(lx, e) + 1, line, -1,
                                 "unindent does not match any outer indentation level");
        }
        if (altcol != lx->altstack[lx->indent])
            return lx_error_kind(lx, FY_ERR_TAB, line, 1, line, 0,
                                 "inconsistent use of tabs and spaces in indentation");
    }
    return true;
}

/* ------------------------------------------------------------------ numbers */

static bool is_digit(int c) { return c >= '0' && c <= '9'; }
static bool is_xdigit(int c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
static bool is_id_start_ascii(int c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 128;
}
static bool is_id_char_ascii(int c) { return is_id_start_ascii(c) || is_digit(c); }

/* After a number: a letter directly following is an error unless it starts one of the
 * keywords CPython 3.11 tolerates there. kind names the literal ("decimal", ...). */
static bool end_of_number(fy_lexer *lx, const char *kind) {
    int c = peek(lx, 0);
    if (!is_id_char_ascii(c)) return true;
    static const char *ok[] = {"and", "else", "for", "if", "in", "is", "not", "or"};
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        size_t n = strlen(ok[i]);
        if ((size_t)(lx->end - lx->p) >= n && memcmp(lx->p, ok[i], n) == 0) return true;
    }
    return lx_error(lx, lx->line, col_of(lx, lx->p), "invalid %s literal", kind);
}

/* digits with single underscores between them; *p at the first digit. Returns false on a
 * bad underscore (error set). */
static bool scan_digits(fy_lexer *lx, bool (*ok)(int), const char *kind) {
    for (;;) {
        while (ok(peek(lx, 0))) lx->p++;
        if (peek(lx, 0) != '_') return true;
        lx->p++;
        if (!ok(peek(lx, 0))) return lx_error(lx, lx->line, col_of(lx, lx->p), "invalid %s literal", kind);
    }
}

static bool is_dec(int c) { return is_digit(c); }
static bool is_hex(int c) { return is_xdigit(c); }
static bool is_oct(int c) { return c >= '0' && c <= '7'; }
static bool is_bin(int c) { return c == '0' || c == '1'; }

static bool scan_exponent_and_imag(fy_lexer *lx) {
    int c = peek(lx, 0);
    if (c == 'e' || c == 'E') {
        const char *e = lx->p;
        lx->p++;
        c = peek(lx, 0);
        if (c == '+' || c == '-') {
            lx->p++;
            if (!is_digit(peek(lx, 0))) return lx_error(lx, lx->line, col_of(lx, lx->p), "invalid decimal literal");
        } else if (!is_digit(c)) {
            lx->p = e;
            return lx_error(lx, lx->line, col_of(lx, e), "invalid decimal literal");
        }
        if (!scan_digits(lx, is_dec, "decimal")) return false;
    }
    c = peek(lx, 0);
    if (c == 'j' || c == 'J') {
        lx->p++;
        return end_of_number(lx, "imaginary");
    }
    return end_of_number(lx, "decimal");
}

static bool scan_number(fy_lexer *lx) {
    const char *start = lx->p;
    int c = peek(lx, 0);
    if (c == '0') {
        int x = peek(lx, 1);
        if (x == 'x' || x == 'X' || x == 'o' || x == 'O' || x == 'b' || x == 'B') {
            bool (*ok)(int) = (x == 'x' || x == 'X') ? is_hex : (x == 'o' || x == 'O') ? is_oct : is_bin;
            const char *kind = ok == is_hex ? "hexadecimal" : ok == is_oct ? "octal" : "binary";
            lx->p += 2;
            if (peek(lx, 0) == '_') lx->p++;
            if (!ok(peek(lx, 0))) {
                int d = peek(lx, 0);
                if (ok != is_hex && is_digit(d)) {
                    lx->p++;
                    return lx_error(lx, lx->line, col_of(lx, lx->p), "invalid digit '%c' in %s literal", d, kind);
                }
                return lx_error(lx, lx->line, col_of(lx, lx->p), "invalid %s literal", kind);
            }
            if (!scan_digits(lx, ok, kind)) return false;
            int d = peek(lx, 0);
            if (ok != is_hex && is_digit(d)) {
                lx->p++;
                return lx_error(lx, lx->line, col_of(lx, lx->p), "invalid digit '%c' in %s literal", d, kind);
            }
            return end_of_number(lx, kind);
        }
        /* leading zeros: only all-zero integers, or floats/imaginaries */
        bool nonzero = false;
        const char *zeros_end = NULL;
        for (;;) {
            while (peek(lx, 0) == '0') lx->p++;
            if (peek(lx, 0) == '_' && is_digit(peek(lx, 1))) {
                lx->p++;
                continue;
            }
            break;
        }
        zeros_end = lx->p;
        if (is_digit(peek(lx, 0))) {
            nonzero = true;
            if (!scan_digits(lx, is_dec, "decimal")) return false;
        } else if (peek(lx, 0) == '_') {
            lx->p++;
            return lx_error(lx, lx->line, col_of(lx, lx->p), "invalid decimal literal");
        }
        c = peek(lx, 0);
        if (c == '.') {
            lx->p++;
            if (is_digit(peek(lx, 0)) && !scan_digits(lx, is_dec, "decimal")) return false;
            return scan_exponent_and_imag(lx);
        }
        if (c == 'e' || c == 'E' || c == 'j' || c == 'J') return scan_exponent_and_imag(lx);
        if (nonzero) {
            int sc = col_of(lx, start) + 1;
            return lx_error_kind(lx, FY_ERR_SYNTAX, lx->line, sc, lx->line, col_of(lx, zeros_end) + 1,
                                 "leading zeros in decimal integer literals are not permitted; "
                                 "use an 0o prefix for octal integers");
        }
        return end_of_number(lx, "decimal");
    }
    if (c == '.') { /* .5 */
        lx->p++;
        if (!scan_digits(lx, is_dec, "decimal")) return false;
        return scan_exponent_and_imag(lx);
    }
    if (!scan_digits(lx, is_dec, "decimal")) return false;
    if (peek(lx, 0) == '.') {
        lx->p++;
        if (is_digit(peek(lx, 0)) && !scan_digits(lx, is_dec, "decimal")) return false;
    }
    return scan_exponent_and_imag(lx);
}

/* ------------------------------------------------------------------ strings */

/* Is s[0..n) a valid string prefix (r, u, b, f and legal pairs, any case)? */
static bool string_prefix(const char *s, size_t n) {
    bool r = false, b = false, u = false, f = false;
    if (n > 2) return false;
    for (size_t i = 0; i < n; i++) {
        switch (s[i] | 0x20) {
        case 'r':
            if (r) return false;
            r = true;
            break;
        case 'b':
            if (b) return false;
            b = true;
            break;
        case 'u':
            if (u) return false;
            u = true;
            break;
        case 'f':
            if (f) return false;
            f = true;
            break;
        default: return false;
        }
    }
    if (u && n > 1) return false;
    if (b && f) return false;
    return true;
}

/* Scan a string literal whose opening quote is at lx->p; start is where the prefix began. */
static bool scan_string(fy_lexer *lx, const char *start) {
    int q = peek(lx, 0);
    int sline = lx->line, scol = col_of(lx, start);
    bool triple = peek(lx, 1) == q && peek(lx, 2) == q;
    lx->p += triple ? 3 : 1;
    for (;;) {
        int c = peek(lx, 0);
        if (c < 0) {
            int at = lx->line;
            if (lx->p > lx->src && (lx->p[-1] == '\n' || lx->p[-1] == '\r') && at > sline) at--;
            if (triple)
                return lx_error(lx, sline, scol + 1, "unterminated triple-quoted string literal (detected at line %d)",
                                at);
            return lx_error(lx, sline, scol + 1, "unterminated string literal (detected at line %d)", at);
        }
        if (c == '\\') {
            lx->p++;
            int d = peek(lx, 0);
            if (d < 0) continue;
            lx->p++;
            if (d == '\n') newline_at(lx, lx->p);
            else if (d == '\r') {
                if (peek(lx, 0) == '\n') lx->p++;
                newline_at(lx, lx->p);
            }
            continue;
        }
        if (c == '\n' || c == '\r') {
            if (!triple)
                return lx_error(lx, sline, scol + 1, "unterminated string literal (detected at line %d)", lx->line);
            lx->p++;
            if (c == '\r' && peek(lx, 0) == '\n') lx->p++;
            newline_at(lx, lx->p);
            continue;
        }
        lx->p++;
        if (c == q) {
            if (!triple) return true;
            if (peek(lx, 0) == q && peek(lx, 1) == q) {
                lx->p += 2;
                return true;
            }
        }
    }
}

/* ------------------------------------------------------------------ the main loop */

static void set_tok(fy_lexer *lx, fy_token *t, fy_tok_kind k, const char *start, int line, int col) {
    t->kind = k;
    t->start = start;
    t->len = (size_t)(lx->p - start);
    t->line = line;
    t->col = col;
    t->end_line = lx->line;
    t->end_col = col_of(lx, lx->p);
    t->level = lx->level;
    if (k == FY_T_LPAR || k == FY_T_LSQB || k == FY_T_LBRACE) t->level--;
    lx->last = k;
}

static bool op_token(fy_lexer *lx, fy_token *t);

bool fy_lexer_next(fy_lexer *lx, fy_token *t) {
    if (lx->failed) return false;
again:
    if (lx->pending != 0) {
        fy_tok_kind k = lx->pending > 0 ? FY_T_INDENT : FY_T_DEDENT;
        lx->pending += lx->pending > 0 ? -1 : 1;
        set_tok(lx, t, k, lx->p, lx->line, col_of(lx, lx->p));
        if (k == FY_T_DEDENT) t->col = t->end_col = col_of(lx, lx->p);
        return true;
    }
    if (lx->at_bol && !lx->fmode) {
        lx->at_bol = false;
        if (!do_indent(lx)) return false;
        if (lx->pending != 0) goto again;
    }
    /* skip whitespace, comments and continuation lines */
    for (;;) {
        int c = peek(lx, 0);
        if (c == ' ' || c == '\t' || c == '\f') {
            lx->p++;
            continue;
        }
        if (c == '\n' || c == '\r') {
            if (lx->fmode) {
                lx->p++;
                if (c == '\r' && peek(lx, 0) == '\n') lx->p++;
                newline_at(lx, lx->p);
                continue;
            }
            break;
        }
        if (c == '#') {
            while (peek(lx, 0) >= 0 && peek(lx, 0) != '\n' && peek(lx, 0) != '\r') lx->p++;
            continue;
        }
        if (c == '\\') {
            int d = peek(lx, 1);
            const char *bs = lx->p;
            if (d == '\r' && peek(lx, 2) == '\n') {
                lx->p += 3;
            } else if (d == '\n' || d == '\r') {
                lx->p += 2;
            } else if (d < 0 && !lx->fmode) {
                return lx_error(lx, lx->line, col_of(lx, bs) + 2, "unexpected EOF while parsing");
            } else {
                return lx_error_kind(lx, FY_ERR_SYNTAX, lx->line, col_of(lx, bs) + 2, lx->line, 0,
                                     "unexpected character after line continuation character");
            }
            newline_at(lx, lx->p);
            if (peek(lx, 0) < 0 && !lx->fmode)
                return lx_error(lx, lx->line - 1, col_of(lx, bs) + 3 - 1, "unexpected EOF while parsing");
            lx->cont_line = true;
            continue;
        }
        break;
    }
    const char *start = lx->p;
    int line = lx->line, col = col_of(lx, start);
    int c = peek(lx, 0);

    if (c < 0) {
        if (lx->fmode) {
            set_tok(lx, t, FY_T_ENDMARKER, start, line, col);
            return true;
        }
        if (lx->level == 0 && lx->last != FY_T_NEWLINE && lx->last != FY_T_DEDENT && lx->last != FY_T_INDENT &&
            !lx->eof_newline_done) {
            lx->eof_newline_done = true;
            set_tok(lx, t, FY_T_NEWLINE, start, line, col);
            t->end_col = col + 1;
            return true;
        }
        if (lx->indent > 0) {
            lx->indent--;
            set_tok(lx, t, FY_T_DEDENT, start, line, col);
            return true;
        }
        set_tok(lx, t, FY_T_ENDMARKER, start, line, col);
        return true;
    }
    if (c == '\n' || c == '\r') {
        lx->p++;
        if (c == '\r' && peek(lx, 0) == '\n') lx->p++;
        bool blank = lx->last == FY_T_NEWLINE || lx->last == FY_T_INDENT || lx->last == FY_T_DEDENT;
        newline_at(lx, lx->p);
        lx->at_bol = true;
        lx->cont_line = false;
        if (lx->level > 0 || blank) goto again;
        t->kind = FY_T_NEWLINE;
        t->start = start;
        t->len = (size_t)(lx->p - start);
        t->line = line;
        t->col = col;
        t->end_line = line;
        t->end_col = col + 1;
        t->level = 0;
        lx->last = FY_T_NEWLINE;
        return true;
    }
    /* identifiers, keywords, string prefixes */
    if (is_id_start_ascii(c)) {
        while (lx->p < lx->end) {
            int d = (unsigned char)*lx->p;
            if (d < 128) {
                if (!is_id_char_ascii(d)) break;
                lx->p++;
                continue;
            }
            int nb;
            unsigned cp = fy_lex_utf8_decode(lx->p, (size_t)(lx->end - lx->p), &nb);
            int cls = classify_cp(cp);
            if (cls == 2)
                return lx_error(lx, line, col_of(lx, lx->p) + 1, "invalid non-printable character U+%04X", cp);
            if (cls == 1)
                return lx_error(lx, line, col_of(lx, lx->p) + 1, "invalid character '%.*s' (U+%04X)", nb, lx->p, cp);
            lx->p += nb;
        }
        int d = peek(lx, 0);
        if ((d == '"' || d == '\'') && string_prefix(start, (size_t)(lx->p - start))) {
            if (!scan_string(lx, start)) return false;
            set_tok(lx, t, FY_T_STRING, start, line, col);
            return true;
        }
        set_tok(lx, t, keyword_kind(start, (size_t)(lx->p - start)), start, line, col);
        return true;
    }
    if (is_digit(c) || (c == '.' && is_digit(peek(lx, 1)))) {
        if (!scan_number(lx)) return false;
        set_tok(lx, t, FY_T_NUMBER, start, line, col);
        return true;
    }
    if (c == '"' || c == '\'') {
        if (!scan_string(lx, start)) return false;
        set_tok(lx, t, FY_T_STRING, start, line, col);
        return true;
    }
    return op_token(lx, t);
}

static bool op_token(fy_lexer *lx, fy_token *t) {
    const char *start = lx->p;
    int line = lx->line, col = col_of(lx, start);
    int c = peek(lx, 0), c1 = peek(lx, 1), c2 = peek(lx, 2);
    fy_tok_kind k;
    int n = 1;
    switch (c) {
    case '(': k = FY_T_LPAR; break;
    case ')': k = FY_T_RPAR; break;
    case '[': k = FY_T_LSQB; break;
    case ']': k = FY_T_RSQB; break;
    case '{': k = FY_T_LBRACE; break;
    case '}': k = FY_T_RBRACE; break;
    case ',': k = FY_T_COMMA; break;
    case ';': k = FY_T_SEMI; break;
    case '~': k = FY_T_TILDE; break;
    case ':':
        if (c1 == '=') k = FY_T_COLONEQUAL, n = 2;
        else k = FY_T_COLON;
        break;
    case '.':
        if (c1 == '.' && c2 == '.') k = FY_T_ELLIPSIS, n = 3;
        else k = FY_T_DOT;
        break;
    case '+':
        if (c1 == '=') k = FY_T_PLUSEQUAL, n = 2;
        else k = FY_T_PLUS;
        break;
    case '-':
        if (c1 == '=') k = FY_T_MINEQUAL, n = 2;
        else if (c1 == '>') k = FY_T_RARROW, n = 2;
        else k = FY_T_MINUS;
        break;
    case '*':
        if (c1 == '*') {
            if (c2 == '=') k = FY_T_DOUBLESTAREQUAL, n = 3;
            else k = FY_T_DOUBLESTAR, n = 2;
        } else if (c1 == '=') k = FY_T_STAREQUAL, n = 2;
        else k = FY_T_STAR;
        break;
    case '/':
        if (c1 == '/') {
            if (c2 == '=') k = FY_T_DOUBLESLASHEQUAL, n = 3;
            else k = FY_T_DOUBLESLASH, n = 2;
        } else if (c1 == '=') k = FY_T_SLASHEQUAL, n = 2;
        else k = FY_T_SLASH;
        break;
    case '|':
        if (c1 == '=') k = FY_T_VBAREQUAL, n = 2;
        else k = FY_T_VBAR;
        break;
    case '&':
        if (c1 == '=') k = FY_T_AMPEREQUAL, n = 2;
        else k = FY_T_AMPER;
        break;
    case '^':
        if (c1 == '=') k = FY_T_CIRCUMFLEXEQUAL, n = 2;
        else k = FY_T_CIRCUMFLEX;
        break;
    case '%':
        if (c1 == '=') k = FY_T_PERCENTEQUAL, n = 2;
        else k = FY_T_PERCENT;
        break;
    case '@':
        if (c1 == '=') k = FY_T_ATEQUAL, n = 2;
        else k = FY_T_AT;
        break;
    case '=':
        if (c1 == '=') k = FY_T_EQEQUAL, n = 2;
        else k = FY_T_EQUAL;
        break;
    case '!':
        if (c1 == '=') k = FY_T_NOTEQUAL, n = 2;
        else k = FY_T_ERRORTOKEN;
        break;
    case '<':
        if (c1 == '<') {
            if (c2 == '=') k = FY_T_LEFTSHIFTEQUAL, n = 3;
            else k = FY_T_LEFTSHIFT, n = 2;
        } else if (c1 == '=') k = FY_T_LESSEQUAL, n = 2;
        else if (c1 == '>') k = FY_T_NOTEQUAL, n = 2; /* '<>' : rejected by the parser */
        else k = FY_T_LESS;
        break;
    case '>':
        if (c1 == '>') {
            if (c2 == '=') k = FY_T_RIGHTSHIFTEQUAL, n = 3;
            else k = FY_T_RIGHTSHIFT, n = 2;
        } else if (c1 == '=') k = FY_T_GREATEREQUAL, n = 2;
        else k = FY_T_GREATER;
        break;
    case '$':
    case '?':
    case '`': k = FY_T_ERRORTOKEN; break;
    default: {
        if (c >= 128) {
            int nb;
            unsigned cp = fy_lex_utf8_decode(lx->p, (size_t)(lx->end - lx->p), &nb);
            if (classify_cp(cp) == 1)
                return lx_error(lx, line, col + 1, "invalid character '%.*s' (U+%04X)", nb, lx->p, cp);
            return lx_error(lx, line, col + 1, "invalid non-printable character U+%04X", cp);
        }
        return lx_error(lx, line, col + 1, "invalid non-printable character U+%04X", (unsigned)c);
    }
    }
    /* bracket matching */
    if (k == FY_T_LPAR || k == FY_T_LSQB || k == FY_T_LBRACE) {
        if (lx->level >= FY_MAXLEVEL) return lx_error(lx, line, col + 1, "too many nested parentheses");
        lx->parens[lx->level] = (char)c;
        lx->paren_line[lx->level] = line;
        lx->paren_col[lx->level] = col;
        lx->level++;
    } else if (k == FY_T_RPAR || k == FY_T_RSQB || k == FY_T_RBRACE) {
        if (lx->level == 0) {
            if (!lx->fmode) return lx_error(lx, line, col + 1, "unmatched '%c'", c);
        } else {
            lx->level--;
            int o = lx->parens[lx->level];
            if (!((o == '(' && c == ')') || (o == '[' && c == ']') || (o == '{' && c == '}'))) {
                if (lx->paren_line[lx->level] != line)
                    return lx_error(lx, line, col + 1,
                                    "closing parenthesis '%c' does not match opening parenthesis '%c' on line %d", c, o,
                                    lx->paren_line[lx->level]);
                return lx_error(lx, line, col + 1, "closing parenthesis '%c' does not match opening parenthesis '%c'",
                                c, o);
            }
        }
    }
    lx->p += n;
    set_tok(lx, t, k, start, line, col);
    return true;
}
