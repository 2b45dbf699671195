/* fstring.c - string literals: prefixes, escape decoding, implicit concatenation, and f-strings
 * (replacement fields with !conversions, format specs, the `=` debug form) as Python 3.11
 * parses them. */
#include "parse/parser.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* growable byte buffer in the arena */
typedef struct sbuf {
    char *s;
    size_t n, cap;
} sbuf;

static void sb_put(fyp_parser *p, sbuf *b, const char *s, size_t n) {
    if (b->n + n + 1 > b->cap) {
        size_t nc = b->cap ? b->cap * 2 : 32;
        while (nc < b->n + n + 1) nc *= 2;
        char *ns = fyp_alloc(p, nc);
        if (b->n) memcpy(ns, b->s, b->n);
        b->s = ns;
        b->cap = nc;
    }
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = 0;
}

static void sb_cp(fyp_parser *p, sbuf *b, unsigned cp) {
    char u[4];
    size_t n;
    if (cp < 0x80) {
        u[0] = (char)cp;
        n = 1;
    } else if (cp < 0x800) {
        u[0] = (char)(0xC0 | (cp >> 6));
        u[1] = (char)(0x80 | (cp & 0x3F));
        n = 2;
    } else if (cp < 0x10000) {
        u[0] = (char)(0xE0 | (cp >> 12));
        u[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        u[2] = (char)(0x80 | (cp & 0x3F));
        n = 3;
    } else {
        u[0] = (char)(0xF0 | (cp >> 18));
        u[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
        u[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
        u[3] = (char)(0x80 | (cp & 0x3F));
        n = 4;
    }
    sb_put(p, b, u, n);
}

typedef struct strtok_info {
    bool raw, bytes, fstr, u;
    const char *body;    /* between the quotes */
    size_t len;
    int quote_len;       /* 1 or 3 */
} strtok_info;

static void split_token(const fy_token *t, strtok_info *si) {
    memset(si, 0, sizeof *si);
    const char *s = t->start;
    size_t i = 0;
    while (s[i] != '\'' && s[i] != '"') {
        switch (s[i] | 0x20) {
        case 'r': si->raw = true; break;
        case 'b': si->bytes = true; break;
        case 'f': si->fstr = true; break;
        case 'u': si->u = s[i] == 'u'; break;
        }
        i++;
    }
    char q = s[i];
    si->quote_len = (t->len - i >= 6 && s[i + 1] == q && s[i + 2] == q) ? 3 : 1;
    si->body = s + i + si->quote_len;
    si->len = t->len - i - 2 * (size_t)si->quote_len;
}

/* a few \N{...} names (there is no Unicode name table in flyi) */
static const struct {
    const char *name;
    unsigned cp;
} uni_names[] = {
    {"BULLET", 0x2022},
    {"EM DASH", 0x2014},
    {"EN DASH", 0x2013},
    {"DEGREE SIGN", 0xB0},
    {"NO-BREAK SPACE", 0xA0},
    {"HORIZONTAL ELLIPSIS", 0x2026},
    {"MICRO SIGN", 0xB5},
    {"MULTIPLICATION SIGN", 0xD7},
    {"DIVISION SIGN", 0xF7},
    {"PLUS-MINUS SIGN", 0xB1},
    {"GREEK SMALL LETTER ALPHA", 0x3B1},
    {"GREEK SMALL LETTER BETA", 0x3B2},
    {"GREEK SMALL LETTER GAMMA", 0x3B3},
    {"GREEK SMALL LETTER DELTA", 0x3B4},
    {"GREEK SMALL LETTER EPSILON", 0x3B5},
    {"GREEK SMALL LETTER LAMDA", 0x3BB},
    {"GREEK SMALL LETTER MU", 0x3BC},
    {"GREEK SMALL LETTER PI", 0x3C0},
    {"GREEK SMALL LETTER SIGMA", 0x3C3},
    {"GREEK CAPITAL LETTER DELTA", 0x394},
    {"GREEK CAPITAL LETTER SIGMA", 0x3A3},
    {"GREEK CAPITAL LETTER OMEGA", 0x3A9},
    {"INFINITY", 0x221E},
    {"CHECK MARK", 0x2713},
    {"BALLOT X", 0x2717},
    {"RIGHTWARDS ARROW", 0x2192},
    {"LEFTWARDS ARROW", 0x2190},
    {"BLACK STAR", 0x2605},
    {"COPYRIGHT SIGN", 0xA9},
    {"EURO SIGN", 0x20AC},
    {"SPACE", 0x20},
    {"NULL", 0},
    {"LINE FEED", 0x0A},
    {"CARRIAGE RETURN", 0x0D},
    {"CHARACTER TABULATION", 0x09},
    {"ESCAPE", 0x1B},
    {"SNOWMAN", 0x2603},
    {"FULL BLOCK", 0x2588},
    {"BOX DRAWINGS LIGHT HORIZONTAL", 0x2500},
    {"BOX DRAWINGS LIGHT VERTICAL", 0x2502},
};

static bool lookup_name(const char *s, size_t n, unsigned *cp) {
    for (size_t i = 0; i < sizeof uni_names / sizeof uni_names[0]; i++) {
        size_t k = strlen(uni_names[i].name);
        if (k != n) continue;
        bool eq = true;
        for (size_t j = 0; j < n && eq; j++) {
            char c = s[j];
            if (c >= 'a' && c <= 'z') c = (char)(c - 32);
            eq = c == uni_names[i].name[j];
        }
        if (eq) {
            *cp = uni_names[i].cp;
            return true;
        }
    }
    return false;
}

static int hexval(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* CPython 3.11 reports string decoding and f-string scanning errors just after the token */
_Noreturn static void tok_err(fyp_parser *p, const fy_token *t, const char *msg) {
    fyp_fail(p, FY_ERR_SYNTAX, t->end_line, t->end_col + 1, t->end_line, t->end_col + 1, "%s", msg);
}

/* Decode s[0..n) of a (non-f) literal body into b. Newlines are normalised to \n. */
static void decode(fyp_parser *p, sbuf *b, const char *s, size_t n, bool raw, bool bytes, const fy_token *t) {
    size_t i = 0;
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\r') {
            sb_put(p, b, "\n", 1);
            i += (i + 1 < n && s[i + 1] == '\n') ? 2 : 1;
            continue;
        }
        if (bytes && c >= 0x80)
            fyp_fail(p, FY_ERR_SYNTAX, t->line, t->col + 1, t->end_line, t->end_col + 1,
                     "bytes can only contain ASCII literal characters");
        if (c != '\\' || raw) {
            if (raw && c == '\\' && i + 1 < n) {
                /* raw: backslash stays, the next char too (even a quote) */
                if (s[i + 1] == '\r') {
                    sb_put(p, b, "\\\n", 2);
                    i += (i + 2 < n && s[i + 2] == '\n') ? 3 : 2;
                    continue;
                }
                sb_put(p, b, s + i, 1);
                i++;
                c = (unsigned char)s[i];
                if (bytes && c >= 0x80) tok_err(p, t, "bytes can only contain ASCII literal characters");
            }
            size_t j = i + 1;
            while (j < n && s[j] != '\\' && s[j] != '\r' && !(bytes && (unsigned char)s[j] >= 0x80)) j++;
            sb_put(p, b, s + i, j - i);
            i = j;
            continue;
        }
        /* escape */
        if (i + 1 >= n) {
            sb_put(p, b, "\\", 1);
            i++;
            continue;
        }
        char e = s[i + 1];
        size_t pos = (size_t)b->n;
        (void)pos;
        i += 2;
        switch (e) {
        case '\n': break;
        case '\r':
            if (i < n && s[i] == '\n') i++;
            break;
        case '\\': sb_put(p, b, "\\", 1); break;
        case '\'': sb_put(p, b, "'", 1); break;
        case '"': sb_put(p, b, "\"", 1); break;
        case 'a': sb_put(p, b, "\a", 1); break;
        case 'b': sb_put(p, b, "\b", 1); break;
        case 'f': sb_put(p, b, "\f", 1); break;
        case 'n': sb_put(p, b, "\n", 1); break;
        case 'r': sb_put(p, b, "\r", 1); break;
        case 't': sb_put(p, b, "\t", 1); break;
        case 'v': sb_put(p, b, "\v", 1); break;
        case '0':
        case '1':
        case '2':
        case '3':
        case '4':
        case '5':
        case '6':
        case '7': {
            unsigned v = (unsigned)(e - '0');
            for (int k = 0; k < 2 && i < n && s[i] >= '0' && s[i] <= '7'; k++, i++) v = v * 8 + (unsigned)(s[i] - '0');
            if (bytes) {
                char ch = (char)(v & 0xFF);
                sb_put(p, b, &ch, 1);
            } else sb_cp(p, b, v);
            break;
        }
        case 'x':
        case 'u':
        case 'U': {
            if (bytes && e != 'x') {
                sb_put(p, b, s + i - 2, 2);
                break;
            }
            int nd = e == 'x' ? 2 : e == 'u' ? 4 : 8;
            unsigned v = 0;
            for (int k = 0; k < nd; k++) {
                int h = i + (size_t)k < n ? hexval((unsigned char)s[i + k]) : -1;
                if (h < 0) {
                    char msg[160];
                    snprintf(msg, sizeof msg,
                             "(%s error) '%s' codec can't decode bytes in position %zu-%zu: truncated \\%s escape",
                             bytes ? "value" : "unicode", bytes ? "bytes" : "unicodeescape", (size_t)0, (size_t)k + 1,
                             e == 'x'   ? "xXX"
                             : e == 'u' ? "uXXXX"
                                        : "UXXXXXXXX");
                    if (bytes) snprintf(msg, sizeof msg, "(value error) invalid \\x escape at position 0");
                    tok_err(p, t, msg);
                }
                v = v * 16 + (unsigned)h;
            }
            i += (size_t)nd;
            if (bytes) {
                char ch = (char)v;
                sb_put(p, b, &ch, 1);
            } else {
                if (v > 0x10FFFF)
                    tok_err(p, t,
                            "(unicode error) 'unicodeescape' codec can't decode bytes in position 0-9: illegal Unicode "
                            "character");
                sb_cp(p, b, v);
            }
            break;
        }
        case 'N': {
            if (bytes) {
                sb_put(p, b, "\\N", 2);
                break;
            }
            unsigned cp = 0;
            if (i < n && s[i] == '{') {
                size_t j = i + 1;
                while (j < n && s[j] != '}') j++;
                if (j < n && lookup_name(s + i + 1, j - i - 1, &cp)) {
                    sb_cp(p, b, cp);
                    i = j + 1;
                    break;
                }
                if (j < n)
                    tok_err(p, t,
                            "(unicode error) 'unicodeescape' codec can't decode bytes in position 0-1: unknown Unicode "
                            "character name");
            }
            tok_err(p, t,
                    "(unicode error) 'unicodeescape' codec can't decode bytes in position 0-1: malformed \\N character "
                    "escape");
        }
        default:
            /* unknown escape: kept as is (CPython warns) */
            sb_put(p, b, s + i - 2, 1);
            i--;
            break;
        }
    }
}

/* ------------------------------------------------------------------ f-strings */

typedef struct fparts {
    fyp_vec values;  /* fy_expr* : Constant(str) or FormattedValue */
    sbuf lit;       /* pending literal text */
    const fy_token *tok;
} fparts;

static void flush_lit(fyp_parser *p, fparts *fp) {
    if (fp->lit.n == 0) return;
    fy_expr *c = fyp_new_expr(p, FY_E_CONSTANT, fp->tok);
    c->v.constant.kind = FY_CONST_STR;
    c->v.constant.s = fp->lit.s;
    c->v.constant.len = fp->lit.n;
    fyp_vec_push(p, &fp->values, c);
    fp->lit = (sbuf){0};
}

/* line/line_start of position q inside the source */
static void locate(const fy_token *t, const char *q, int *line, const char **ls) {
    int l = t->line;
    const char *start = t->start - t->col;
    for (const char *r = t->start; r < q; r++)
        if (*r == '\n') {
            l++;
            start = r + 1;
        }
    *line = l;
    *ls = start;
}

typedef struct fsub {
    fyp_parser *outer;
    const char *s, *line_start;
    size_t n;
    int line;
    fy_expr *result;
} fsub;

/* the nested parse proper: 0 and *out on success, else the longjmp code */
static int run_sub(fyp_parser *q, fy_expr **out) {
    jmp_buf jb;
    q->jb = &jb;
    int r = setjmp(jb);
    if (r != 0) return r;
    fy_expr *e;
    if (fyp_at(q, FY_T_KW_YIELD)) e = fy_p_yield_expr(q);
    else e = fy_p_star_named_expressions_tuple(q);
    if (!fyp_at(q, FY_T_ENDMARKER)) fyp_fail_generic(q);
    if (e->kind == FY_E_STARRED) fyp_fail_at_expr(q, e, "cannot use starred expression here");
    *out = e;
    return 0;
}

/* Parse the replacement field text as an expression with a nested parser over the same
 * arena; errors come back prefixed "f-string: ". */
static fy_expr *parse_field_expr(fyp_parser *p, const char *s, size_t n, const fy_token *t) {
    int line;
    const char *ls;
    locate(t, s, &line, &ls);
    /* all blank: empty expression */
    size_t k = 0;
    while (k < n && (s[k] == ' ' || s[k] == '\t' || s[k] == '\n' || s[k] == '\r' || s[k] == '\f')) k++;
    if (k == n) tok_err(p, t, "f-string: empty expression not allowed");
    fyp_parser *q = calloc(1, sizeof *q);
    if (!q) fyp_fail_memory(p);
    fy_lexer_init_fexpr(&q->lx, s, n, ls, line);
    q->arena = p->arena;
    q->mode = FY_MODE_EVAL;
    q->src = p->src;
    q->src_len = p->src_len;
    q->in_fexpr = true;
    q->depth = p->depth;
    q->fdepth = p->fdepth;
    fy_expr *e = NULL;
    int r = run_sub(q, &e);
    if (r == 0) {
        fyp_free_tokens(q);
        free(q);
        return e;
    }
    fy_syntax_error err = q->err;
    if (r == 3 && q->lx.level > 0 && q->maxpos < q->ntoks && fyp_tokat(q, q->maxpos)[0].kind == FY_T_ENDMARKER) {
        snprintf(err.msg, sizeof err.msg, "'%c' was never closed", q->lx.parens[q->lx.level - 1]);
    }
    fyp_free_tokens(q);
    free(q);
    p->err = err;
    if (strncmp(err.msg, "f-string", 8) != 0 && err.kind != FY_ERR_MEMORY) {
        char m[sizeof err.msg + 16];
        snprintf(m, sizeof m, "f-string: %s", err.msg);
        snprintf(p->err.msg, sizeof p->err.msg, "%.*s", (int)sizeof p->err.msg - 1, m);
    }
    if (p->err.kind == FY_ERR_INDENTATION || p->err.kind == FY_ERR_TAB) p->err.kind = FY_ERR_SYNTAX;
    if (p->err.line == line && p->err.offset > 0) {
        int base = (int)(s - ls);
        p->err.offset = p->err.offset - base + 1;
        if (p->err.end_line == line && p->err.end_offset > 0) p->err.end_offset = p->err.end_offset - base + 1;
    }
    longjmp(*p->jb, r == 2 ? 2 : 1);
}

static void fstring_body(fyp_parser *p, fparts *fp, const char *s, size_t n, bool raw, int nest, bool spec,
                         size_t *consumed, const char *tok_end);

/* At s[*i] == '{' (not doubled): parse one replacement field up to its '}' */
static void fstring_field(fyp_parser *p, fparts *fp, const char *s, size_t n, size_t *ip, bool raw, int nest) {
    const fy_token *t = fp->tok;
    size_t i = *ip + 1;
    if (nest >= 2) { tok_err(p, t, "f-string: expressions nested too deeply"); }
    size_t start = i;
    int depth = 0;
    char quote = 0;
    int qlen = 0;
    size_t end_expr = 0;
    for (;; i++) {
        if (i >= n) goto expecting;
        char c = s[i];
        if (quote) {
            if (c == quote) {
                if (qlen == 1) quote = 0;
                else if (i + 2 < n && s[i + 1] == quote && s[i + 2] == quote) {
                    quote = 0;
                    i += 2;
                }
            }
            if (c == '\\') goto backslash;
            continue;
        }
        if (c == '\\') {
        backslash:;
            tok_err(p, t, "f-string expression part cannot include a backslash");
        }
        if (c == '\'' || c == '"') {
            quote = c;
            qlen = (i + 2 < n && s[i + 1] == c && s[i + 2] == c) ? 3 : 1;
            i += (size_t)qlen - 1;
            continue;
        }
        if (c == '#') { tok_err(p, t, "f-string expression part cannot include '#'"); }
        if (c == '(' || c == '[' || c == '{') {
            depth++;
            continue;
        }
        if (c == ')' || c == ']') {
            if (depth > 0) depth--;
            continue;
        }
        if (c == '}') {
            if (depth > 0) {
                depth--;
                continue;
            }
            break;
        }
        if (depth > 0) continue;
        if (c == '!' && !(i + 1 < n && s[i + 1] == '=')) break;
        if (c == ':') break;
        if (c == '=') {
            char prev = i > start ? s[i - 1] : 0;
            char next = i + 1 < n ? s[i + 1] : 0;
            if (next == '=') {
                i++;
                continue;
            }
            if (prev == '=' || prev == '!' || prev == '<' || prev == '>') continue;
            break;
        }
    }
    end_expr = i;
    if (quote) goto expecting;
    fy_expr *value = parse_field_expr(p, s + start, end_expr - start, t);
    /* CPython 3.11 parses the field as "(" text ")": a bare tuple then spans the braces */
    if (value->kind == FY_E_TUPLE && value->v.seq.n_elts > 0 && value->v.seq.elts[0]->col == value->col &&
        value->v.seq.elts[0]->line == value->line) {
        int l1, l2;
        const char *ls1, *ls2;
        locate(t, s + start - 1, &l1, &ls1);
        locate(t, s + end_expr, &l2, &ls2);
        value->line = l1, value->col = (int)(s + start - 1 - ls1);
        value->end_line = l2, value->end_col = (int)(s + end_expr - ls2) + 1;
    }
    bool debug = false;
    if (s[i] == '=') {
        debug = true;
        i++;
        while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r' || s[i] == '\f')) i++;
        sb_put(p, &fp->lit, s + start, i - start);
    }
    int conversion = -1;
    if (i < n && s[i] == '!') {
        i++;
        char cc = i < n ? s[i] : 0;
        if (cc != 's' && cc != 'r' && cc != 'a') {
            if (i >= n) goto expecting;
            tok_err(p, t, "f-string: invalid conversion character: expected 's', 'r', or 'a'");
        }
        conversion = cc;
        i++;
        if (i >= n || (s[i] != ':' && s[i] != '}')) goto expecting;
    }
    fy_expr *spec = NULL;
    if (i < n && s[i] == ':') {
        i++;
        fparts sp = {{0}, {0}, t};
        size_t used = 0;
        p->fdepth++;
        fstring_body(p, &sp, s + i, n - i, raw, nest + 1, true, &used, NULL);
        p->fdepth--;
        flush_lit(p, &sp);
        spec = fyp_new_expr(p, FY_E_JOINEDSTR, t);
        spec->v.joinedstr.values = (fy_expr **)sp.values.items;
        spec->v.joinedstr.n_values = sp.values.n;
        i += used;
    }
    if (i >= n || s[i] != '}') goto expecting;
    i++;
    if (debug && conversion == -1 && !spec) conversion = 'r';
    flush_lit(p, fp);
    fy_expr *fv = fyp_new_expr(p, FY_E_FORMATTEDVALUE, t);
    fv->v.formattedvalue.value = value;
    fv->v.formattedvalue.conversion = conversion;
    fv->v.formattedvalue.format_spec = spec;
    fyp_vec_push(p, &fp->values, fv);
    *ip = i;
    return;
expecting:
    tok_err(p, t, "f-string: expecting '}'");
}

/* Literal text and fields of an f-string body (or of a format spec when spec: then it stops
 * at the closing '}' and *consumed says how far it got). */
static void fstring_body(fyp_parser *p, fparts *fp, const char *s, size_t n, bool raw, int nest, bool spec,
                         size_t *consumed, const char *tok_end) {
    (void)tok_end;
    size_t i = 0;
    while (i < n) {
        char c = s[i];
        if (c == '{') {
            if (!spec && i + 1 < n && s[i + 1] == '{') {
                sb_put(p, &fp->lit, "{", 1);
                i += 2;
                continue;
            }
            fstring_field(p, fp, s, n, &i, raw, nest);
            continue;
        }
        if (c == '}') {
            if (spec) break;
            if (i + 1 < n && s[i + 1] == '}') {
                sb_put(p, &fp->lit, "}", 1);
                i += 2;
                continue;
            }
            tok_err(p, fp->tok, "f-string: single '}' is not allowed");
        }
        /* a literal run up to the next brace; \N{...} is one unit */
        size_t j = i;
        while (j < n && s[j] != '{' && s[j] != '}') {
            if (!raw && s[j] == '\\' && j + 1 < n) {
                if (s[j + 1] == 'N' && j + 2 < n && s[j + 2] == '{') {
                    j += 3;
                    while (j < n && s[j] != '}') j++;
                    if (j < n) j++;
                    continue;
                }
                j += (s[j + 1] == '{' || s[j + 1] == '}') ? 1 : 2;
                continue;
            }
            j++;
        }
        decode(p, &fp->lit, s + i, j - i, raw, false, fp->tok);
        i = j;
    }
    if (consumed) *consumed = i;
}

/* ------------------------------------------------------------------ concatenation */

/* CPython 3.11 gives the parts of a concatenated f-string (its Constant and FormattedValue
 * values; format specs keep their own) the location of the whole concatenation. */
static void whole_loc(fy_expr *const *v, int n, const fy_token *t0, const fy_token *tl) {
    for (int i = 0; i < n; i++) {
        fy_expr *e = v[i];
        e->line = t0->line, e->col = t0->col, e->end_line = tl->end_line, e->end_col = tl->end_col;
    }
}

fy_expr *fy_p_strings(fyp_parser *p, int first, int last) {
    const fy_token *t0 = fyp_tokat(p, first);
    const fy_token *tl = fyp_tokat(p, last - 1);
    bool any_f = false, any_bytes = false, any_str = false;
    strtok_info si;
    for (int i = first; i < last; i++) {
        split_token(fyp_tokat(p, i), &si);
        any_f |= si.fstr;
        if (si.bytes) any_bytes = true;
        else any_str = true;
    }
    if (any_bytes && any_str) {
        const fy_token *after = fyp_tok(p, 0); /* CPython points at the token after the strings */
        fyp_fail(p, FY_ERR_SYNTAX, after->line, after->col + 1, after->end_line, after->end_col + 1,
                 "cannot mix bytes and nonbytes literals");
    }
    fy_expr *e;
    if (!any_f) {
        sbuf b = {0};
        for (int i = first; i < last; i++) {
            split_token(fyp_tokat(p, i), &si);
            decode(p, &b, si.body, si.len, si.raw, si.bytes, fyp_tokat(p, i));
        }
        e = fyp_new_expr(p, FY_E_CONSTANT, t0);
        e->v.constant.kind = any_bytes ? FY_CONST_BYTES : FY_CONST_STR;
        e->v.constant.s = b.s ? b.s : "";
        e->v.constant.len = b.n;
        split_token(t0, &si);
        e->v.constant.u_prefix = si.u;
    } else {
        fparts fp = {{0}, {0}, t0};
        for (int i = first; i < last; i++) {
            split_token(fyp_tokat(p, i), &si);
            fp.tok = fyp_tokat(p, i);
            if (si.fstr) fstring_body(p, &fp, si.body, si.len, si.raw, 0, false, NULL, NULL);
            else decode(p, &fp.lit, si.body, si.len, si.raw, false, fp.tok);
        }
        fp.tok = t0;
        flush_lit(p, &fp);
        e = fyp_new_expr(p, FY_E_JOINEDSTR, t0);
        e->v.joinedstr.values = (fy_expr **)fp.values.items;
        e->v.joinedstr.n_values = fp.values.n;
        if (last - first > 1) whole_loc(e->v.joinedstr.values, e->v.joinedstr.n_values, t0, tl);
    }
    e->end_line = tl->end_line;
    e->end_col = tl->end_col;
    return e;
}
