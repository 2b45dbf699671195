/* mod_re_parse.c - regular expression syntax: pattern code points -> node tree, with the
 * positions and messages of CPython 3.11's re parser for malformed patterns. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "modules/mod_re.h"
#include "objects/object.h"

typedef struct {
    const uint32_t *p;
    int64_t n, i;
    bool istext;
    fy_re_parse *r;
    bool *closed;      /* closed[g]: group g has been closed (may be referenced) */
    int capclosed;
    int lookbehind;    /* groups at the start of the innermost lookbehind, -1 outside */
    int64_t *condref;  /* numeric conditional references, checked at the end */
    int64_t *condpos;
    int ncond, capcond;
    int64_t err_at; /* scan position when the error was found */
    int depth;      /* nesting of sequences (groups) */
} P;

/* CPython's recursive parser fails at this group nesting (its recursion limit). */
#define MAX_NESTING 496

#define FAIL(...) \
    do { \
        perr(ps, __VA_ARGS__); \
        return NULL; \
    } while (0)

/* Record an error at position pos (-1 none); kind as fy_re_parse.errkind. */
static void perr_at(P *ps, int kind, int64_t pos, const char *fmt, ...) {
    if (ps->r->msg[0]) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ps->r->msg, sizeof ps->r->msg, fmt, ap);
    va_end(ap);
    if (!ps->r->msg[0]) strcpy(ps->r->msg, "error");
    ps->err_at = ps->i;
    ps->r->pos = pos;
    ps->r->errkind = kind;
}
#define perr(ps, off, ...) perr_at(ps, 0, (ps)->i - (off), __VA_ARGS__)

static bool failed(P *ps) { return ps->r->msg[0] != 0; }

static fy_re_node *node(P *ps, int kind) {
    fy_re_node *n = calloc(1, sizeof *n);
    if (!n) {
        perr_at(ps, 0, -1, "out of memory");
        return NULL;
    }
    n->kind = kind;
    n->set = -1;
    n->next_alloc = ps->r->all;
    ps->r->all = n;
    return n;
}

static int add_kid(P *ps, fy_re_node *n, fy_re_node *k) {
    if (n->nkids == n->capkids) {
        int cap = n->capkids ? n->capkids * 2 : 4;
        fy_re_node **nk = realloc(n->kids, (size_t)cap * sizeof *nk);
        if (!nk) {
            perr_at(ps, 0, -1, "out of memory");
            return -1;
        }
        n->kids = nk;
        n->capkids = cap;
    }
    n->kids[n->nkids++] = k;
    return 0;
}

static int new_set(P *ps) {
    fy_re_parse *r = ps->r;
    if (r->nsets == r->capsets) {
        int cap = r->capsets ? r->capsets * 2 : 8;
        fy_re_set *ns = realloc(r->sets, (size_t)cap * sizeof *ns);
        if (!ns) return -1;
        r->sets = ns;
        r->capsets = cap;
    }
    memset(&r->sets[r->nsets], 0, sizeof r->sets[0]);
    return r->nsets++;
}

static int set_add(P *ps, int si, int kind, uint32_t lo, uint32_t hi) {
    fy_re_set *s = &ps->r->sets[si];
    if (s->n == s->cap) {
        int cap = s->cap ? s->cap * 2 : 8;
        fy_re_setitem *ni = realloc(s->items, (size_t)cap * sizeof *ni);
        if (!ni) {
            perr_at(ps, 0, -1, "out of memory");
            return -1;
        }
        s->items = ni;
        s->cap = cap;
    }
    s->items[s->n++] = (fy_re_setitem){kind, lo, hi};
    return 0;
}

/* ------------------------------------------------------------------ tokens */

static int64_t peek(P *ps) { return ps->i < ps->n ? (int64_t)ps->p[ps->i] : -1; }
static bool match(P *ps, uint32_t c) {
    if (ps->i < ps->n && ps->p[ps->i] == c) {
        ps->i++;
        return true;
    }
    return false;
}
static bool is_digit(int64_t c) { return c >= '0' && c <= '9'; }
static bool is_oct(int64_t c) { return c >= '0' && c <= '7'; }
static bool is_hex(int64_t c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
static bool is_alpha_ascii(int64_t c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static int hexval(uint32_t c) { return is_digit(c) ? (int)c - '0' : (int)(c | 32) - 'a' + 10; }

/* The text of p[a..b) as UTF-8 into buf (for messages). */
static const char *text(P *ps, int64_t a, int64_t b, char *buf, size_t cap) {
    size_t k = 0;
    for (int64_t j = a; j < b && k + 5 < cap; j++) {
        uint32_t c = ps->p[j];
        if (!ps->istext && c >= 128) {
            k += (size_t)snprintf(buf + k, cap - k, "\\x%02x", c);
            continue;
        }
        k += (size_t)fy_utf8_encode(c, buf + k);
    }
    buf[k] = 0;
    return buf;
}

/* repr() of a name for messages ('name'). */
static const char *repr_of(P *ps, int64_t a, int64_t b, char *buf, size_t cap) {
    char t[200];
    text(ps, a, b, t, sizeof t);
    bool sq = strchr(t, '\'') != NULL, dq = strchr(t, '"') != NULL;
    char q = sq && !dq ? '"' : '\'';
    size_t k = 0;
    buf[k++] = q;
    for (const char *s = t; *s && k + 4 < cap; s++) {
        if (*s == q || *s == '\\') buf[k++] = '\\';
        buf[k++] = *s;
    }
    buf[k++] = q;
    buf[k] = 0;
    return buf;
}

/* Is p[a..b) a Python identifier (ASCII letters, digits, _, and any non-ASCII letter)? */
static bool is_ident(P *ps, int64_t a, int64_t b) {
    if (a >= b) return false;
    for (int64_t j = a; j < b; j++) {
        uint32_t c = ps->p[j];
        bool ok = c == '_' || is_alpha_ascii(c) || (j > a && is_digit(c)) || (c >= 128 && fy_re_is_word(c, false));
        if (!ok) return false;
    }
    return true;
}

/* Read up to a terminator (CPython's getuntil): sets [*a, *b) to the name. */
static int getuntil(P *ps, uint32_t term, const char *what, int64_t *a, int64_t *b) {
    int64_t start = ps->i;
    for (;;) {
        int64_t c = peek(ps);
        if (c < 0) {
            if (ps->i == start) {
                perr(ps, 0, "missing %s", what);
            } else {
                perr(ps, ps->i - start, "missing %c, unterminated name", (char)term);
            }
            return -1;
        }
        ps->i++;
        if (c == '\\' && ps->i < ps->n) { /* an escape is one token, never the terminator */
            ps->i++;
            continue;
        }
        if (c == term) {
            if (ps->i - 1 == start) {
                perr(ps, 1, "missing %s", what);
                return -1;
            }
            *a = start;
            *b = ps->i - 1;
            return 0;
        }
    }
}

static int check_name(P *ps, int64_t a, int64_t b, int offset) {
    if (!is_ident(ps, a, b)) {
        char buf[256];
        perr(ps, (b - a) + offset, "bad character in group name %s", repr_of(ps, a, b, buf, sizeof buf));
        return -1;
    }
    return 0;
}

static int find_name(P *ps, int64_t a, int64_t b) {
    char buf[200];
    text(ps, a, b, buf, sizeof buf);
    for (int g = 1; g < ps->r->groups; g++)
        if (ps->r->names[g] && strcmp(ps->r->names[g], buf) == 0) return g;
    return -1;
}

static bool group_closed(P *ps, int64_t g) { return g < ps->r->groups && ps->closed[g]; }

static int check_lookbehind_group(P *ps, int64_t g) {
    if (ps->lookbehind < 0) return 0;
    if (!group_closed(ps, g)) {
        perr(ps, 0, "cannot refer to an open group");
        return -1;
    }
    if (g >= ps->lookbehind) {
        perr(ps, 0, "cannot refer to group defined in the same lookbehind subpattern");
        return -1;
    }
    return 0;
}

/* Open a capture group (name [a, b) or a == b for none): its number, or -1. */
static int open_group(P *ps, int64_t a, int64_t b) {
    fy_re_parse *r = ps->r;
    int gid = r->groups;
    if (gid >= r->capnames || gid >= ps->capclosed) {
        int cap = r->capnames ? r->capnames * 2 : 16;
        char **nn = realloc(r->names, (size_t)cap * sizeof *nn);
        if (!nn) return -1;
        r->names = nn;
        for (int k = r->capnames; k < cap; k++) nn[k] = NULL;
        r->capnames = cap;
        bool *nc = realloc(ps->closed, (size_t)cap * sizeof *nc);
        if (!nc) return -1;
        ps->closed = nc;
        ps->capclosed = cap;
    }
    ps->closed[gid] = false;
    if (a < b) {
        int og = find_name(ps, a, b);
        if (og >= 0) {
            char buf[256];
            perr(ps, (b - a) + 1, "redefinition of group name %s as group %d; was group %d",
                 repr_of(ps, a, b, buf, sizeof buf), gid, og);
            return -1;
        }
        char t[200];
        text(ps, a, b, t, sizeof t);
        r->names[gid] = strdup(t);
    }
    r->groups++;
    return gid;
}

/* ------------------------------------------------------------------ escapes */

/* An escape (the backslash at ps->i - 2, the letter at ps->i - 1). Returns a node: RN_LIT,
 * RN_SET (categories), RN_AT or RN_BACKREF. In a class only literals and categories. */
static fy_re_node *category(P *ps, int kind) {
    fy_re_node *n = node(ps, RN_SET);
    if (!n) return NULL;
    n->set = new_set(ps);
    if (n->set < 0 || set_add(ps, n->set, kind, 0, 0) < 0) FAIL(0, "out of memory");
    return n;
}

static fy_re_node *lit(P *ps, uint32_t c) {
    fy_re_node *n = node(ps, RN_LIT);
    if (n) n->c = c;
    return n;
}

static fy_re_node *escape(P *ps, bool inclass) {
    int64_t start = ps->i - 2; /* the backslash */
    uint32_t c = ps->p[ps->i - 1];
    char buf[64];
#define ESCLEN() (ps->i - start)
#define ESCTEXT() text(ps, start, ps->i, buf, sizeof buf)
    switch (c) {
    case 'd': return category(ps, RS_DIGIT);
    case 'D': return category(ps, RS_NOTDIGIT);
    case 's': return category(ps, RS_SPACE);
    case 'S': return category(ps, RS_NOTSPACE);
    case 'w': return category(ps, RS_WORD);
    case 'W': return category(ps, RS_NOTWORD);
    case 'a': return lit(ps, 7);
    case 'f': return lit(ps, 12);
    case 'n': return lit(ps, 10);
    case 'r': return lit(ps, 13);
    case 't': return lit(ps, 9);
    case 'v': return lit(ps, 11);
    case '\\': return lit(ps, '\\');
    default: break;
    }
    if (!inclass && (c == 'A' || c == 'Z' || c == 'b' || c == 'B')) {
        fy_re_node *n = node(ps, RN_AT);
        if (n) n->a = c == 'A' ? RA_BEGIN_STR : c == 'Z' ? RA_END_STR : c == 'b' ? RA_BOUNDARY : RA_NONBOUNDARY;
        return n;
    }
    if (inclass && c == 'b') return lit(ps, 8);
    if (c == 'x' || (ps->istext && (c == 'u' || c == 'U'))) {
        int want = c == 'x' ? 2 : c == 'u' ? 4 : 8;
        uint32_t v = 0;
        int got = 0;
        while (got < want && is_hex(peek(ps))) {
            v = v * 16 + (uint32_t)hexval(ps->p[ps->i++]);
            got++;
        }
        if (got != want) FAIL(ESCLEN(), "incomplete escape %s", ESCTEXT());
        if (c == 'U' && v > 0x10ffff) FAIL(ESCLEN(), "bad escape %s", ESCTEXT());
        return lit(ps, v);
    }
    if (c == 'N' && ps->istext) {
        if (!match(ps, '{')) FAIL(0, "missing {");
        int64_t a, b;
        if (getuntil(ps, '}', "character name", &a, &b) < 0) return NULL;
        char nb[256];
        FAIL((b - a) + 4, "undefined character name %s", repr_of(ps, a, b, nb, sizeof nb));
    }
    if (inclass && is_oct(c)) {
        uint32_t v = c - '0';
        for (int k = 0; k < 2 && is_oct(peek(ps)); k++) v = v * 8 + (ps->p[ps->i++] - '0');
        if (v > 0377) FAIL(ESCLEN(), "octal escape value %s outside of range 0-0o377", ESCTEXT());
        return lit(ps, v);
    }
    if (!inclass && c == '0') {
        uint32_t v = 0;
        for (int k = 0; k < 2 && is_oct(peek(ps)); k++) v = v * 8 + (ps->p[ps->i++] - '0');
        return lit(ps, v);
    }
    if (is_digit(c)) {
        if (inclass) FAIL(ESCLEN(), "bad escape %s", ESCTEXT());
        if (is_digit(peek(ps))) {
            ps->i++;
            if (is_oct(c) && is_oct(ps->p[ps->i - 1]) && is_oct(peek(ps))) {
                ps->i++;
                uint32_t v = (c - '0') * 64 + (ps->p[ps->i - 2] - '0') * 8 + (ps->p[ps->i - 1] - '0');
                if (v > 0377) FAIL(ESCLEN(), "octal escape value %s outside of range 0-0o377", ESCTEXT());
                return lit(ps, v);
            }
        }
        int64_t g = 0;
        for (int64_t j = start + 1; j < ps->i; j++) g = g * 10 + (ps->p[j] - '0');
        if (g < ps->r->groups) {
            if (!group_closed(ps, g)) FAIL(ESCLEN(), "cannot refer to an open group");
            if (check_lookbehind_group(ps, g) < 0) return NULL;
            fy_re_node *n = node(ps, RN_BACKREF);
            if (n) n->a = g;
            return n;
        }
        FAIL(ESCLEN() - 1, "invalid group reference %d", (int)g);
    }
    if (is_alpha_ascii(c)) FAIL(ESCLEN(), "bad escape %s", ESCTEXT());
    return lit(ps, c);
#undef ESCLEN
#undef ESCTEXT
}

/* Read the next token's escape: ps->i at the backslash. */
static fy_re_node *escape_token(P *ps, bool inclass) {
    if (ps->i + 1 >= ps->n) {
        perr_at(ps, 0, ps->n - 1, "bad escape (end of pattern)");
        return NULL;
    }
    ps->i += 2;
    return escape(ps, inclass);
}

/* ------------------------------------------------------------------ character sets */

static fy_re_node *parse_set(P *ps) {
    int64_t here = ps->i - 1;
    fy_re_node *n = node(ps, RN_SET);
    if (!n) return NULL;
    int si = new_set(ps);
    if (si < 0) FAIL(0, "out of memory");
    n->set = si;
    bool negate = match(ps, '^');
    int nitems = 0;
    for (;;) {
        int64_t tstart = ps->i;
        if (ps->i >= ps->n) FAIL(ps->i - here, "unterminated character set");
        if (ps->p[ps->i] == '\\' && ps->i + 1 >= ps->n) {
            perr_at(ps, 0, ps->n - 1, "bad escape (end of pattern)");
            return NULL;
        }
        uint32_t c = ps->p[ps->i];
        if (c == ']' && nitems > 0) {
            ps->i++;
            break;
        }
        fy_re_node *e1 = NULL;
        uint32_t v1 = c;
        if (c == '\\') {
            e1 = escape_token(ps, true);
            if (!e1) return NULL;
            if (e1->kind == RN_LIT) v1 = e1->c;
        } else {
            ps->i++;
        }
        int64_t tend = ps->i;
        bool is_cat = e1 && e1->kind == RN_SET;
        if (match(ps, '-')) {
            if (ps->i >= ps->n) FAIL(ps->i - here, "unterminated character set");
            if (ps->p[ps->i] == '\\' && ps->i + 1 >= ps->n) {
                perr_at(ps, 0, ps->n - 1, "bad escape (end of pattern)");
                return NULL;
            }
            uint32_t c2 = ps->p[ps->i];
            if (c2 == ']') {
                ps->i++;
                if (is_cat) {
                    if (set_add(ps, si, ps->r->sets[e1->set].items[0].kind, 0, 0) < 0) return NULL;
                } else if (set_add(ps, si, RS_LIT, v1, v1) < 0) {
                    return NULL;
                }
                if (set_add(ps, si, RS_LIT, '-', '-') < 0) return NULL;
                nitems += 2;
                break;
            }
            int64_t t2 = ps->i;
            fy_re_node *e2 = NULL;
            uint32_t v2 = c2;
            if (c2 == '\\') {
                e2 = escape_token(ps, true);
                if (!e2) return NULL;
                if (e2->kind == RN_LIT) v2 = e2->c;
            } else {
                ps->i++;
            }
            if (is_cat || (e2 && e2->kind != RN_LIT) || v2 < v1) {
                char b1[64], b2[64];
                text(ps, tstart, tend, b1, sizeof b1);
                text(ps, t2, ps->i, b2, sizeof b2);
                FAIL(ps->i - tstart, "bad character range %s-%s", b1, b2);
            }
            if (set_add(ps, si, RS_RANGE, v1, v2) < 0) return NULL;
        } else if (is_cat) {
            if (set_add(ps, si, ps->r->sets[e1->set].items[0].kind, 0, 0) < 0) return NULL;
        } else if (set_add(ps, si, RS_LIT, v1, v1) < 0) {
            return NULL;
        }
        nitems++;
    }
    fy_re_set *s = &ps->r->sets[si];
    if (s->n == 1 && s->items[0].kind == RS_LIT) {
        n->kind = negate ? RN_NOTLIT : RN_LIT;
        n->c = s->items[0].lo;
        return n;
    }
    s->negate = negate;
    return n;
}

/* ------------------------------------------------------------------ the grammar */

static fy_re_node *parse_alt(P *ps, bool verbose, int nested);
static fy_re_node *parse_seq(P *ps, bool verbose, int nested, bool first);
static fy_re_node *parse_seq_items(P *ps, bool verbose, int nested, bool first);

/* Inline flags after "(?" with the first flag character c consumed. Returns 1 for global
 * flags "(?i)", 0 for scoped "(?i:" (add/del set), -1 on error. */
static int parse_flags(P *ps, uint32_t c, int *add, int *del) {
    static const char letters[] = "iLmsxatu";
    static const int values[] = {FY_RE_IGNORECASE, FY_RE_LOCALE, FY_RE_MULTILINE, FY_RE_DOTALL,
                                 FY_RE_VERBOSE,    FY_RE_ASCII,  FY_RE_TEMPLATE,  FY_RE_UNICODE};
    const int typeflags = FY_RE_ASCII | FY_RE_LOCALE | FY_RE_UNICODE;
    *add = *del = 0;
#define FLAGOF(ch) (values[strchr(letters, (int)(ch)) - letters])
#define ISFLAG(ch) ((ch) > 0 && (ch) < 128 && strchr(letters, (int)(ch)))
    int64_t ch = c;
    if (ch != '-') {
        for (;;) {
            int f = FLAGOF(ch);
            if (ps->istext && ch == 'L') {
                perr(ps, 0, "bad inline flags: cannot use 'L' flag with a str pattern");
                return -1;
            }
            if (!ps->istext && ch == 'u') {
                perr(ps, 0, "bad inline flags: cannot use 'u' flag with a bytes pattern");
                return -1;
            }
            *add |= f;
            if ((f & typeflags) && (*add & typeflags) != f) {
                perr(ps, 0, "bad inline flags: flags 'a', 'u' and 'L' are incompatible");
                return -1;
            }
            ch = peek(ps);
            if (ch < 0) {
                perr(ps, 0, "missing -, : or )");
                return -1;
            }
            ps->i++;
            if (ch == ')' || ch == '-' || ch == ':') break;
            if (!ISFLAG(ch)) {
                bool alpha = ch < 128 ? is_alpha_ascii(ch) : fy_re_is_word((uint32_t)ch, false);
                perr(ps, 1, alpha ? "unknown flag" : "missing -, : or )");
                return -1;
            }
        }
    }
    if (ch == ')') return 1;
    if (*add & FY_RE_TEMPLATE) {
        perr(ps, 1, "bad inline flags: cannot turn on global flag");
        return -1;
    }
    if (ch == '-') {
        ch = peek(ps);
        if (ch < 0) {
            perr(ps, 0, "missing flag");
            return -1;
        }
        ps->i++;
        if (!ISFLAG(ch)) {
            bool alpha = ch < 128 ? is_alpha_ascii(ch) : fy_re_is_word((uint32_t)ch, false);
            perr(ps, 1, alpha ? "unknown flag" : "missing flag");
            return -1;
        }
        for (;;) {
            int f = FLAGOF(ch);
            if (f & typeflags) {
                perr(ps, 0, "bad inline flags: cannot turn off flags 'a', 'u' and 'L'");
                return -1;
            }
            *del |= f;
            ch = peek(ps);
            if (ch < 0) {
                perr(ps, 0, "missing :");
                return -1;
            }
            ps->i++;
            if (ch == ':') break;
            if (!ISFLAG(ch)) {
                bool alpha = ch < 128 ? is_alpha_ascii(ch) : fy_re_is_word((uint32_t)ch, false);
                perr(ps, 1, alpha ? "unknown flag" : "missing :");
                return -1;
            }
        }
    }
    if (*del & FY_RE_TEMPLATE) {
        perr(ps, 1, "bad inline flags: cannot turn off global flag");
        return -1;
    }
    if (*add & *del) {
        perr(ps, 1, "bad inline flags: flag turned on and off");
        return -1;
    }
    return 0;
#undef FLAGOF
#undef ISFLAG
}

static bool is_ws(uint32_t c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

/* Parse a decimal number from p[a..b) with overflow clamp. */
static int64_t number(P *ps, int64_t a, int64_t b) {
    int64_t v = 0;
    for (int64_t j = a; j < b; j++) {
        v = v * 10 + (ps->p[j] - '0');
        if (v > (int64_t)1 << 40) v = (int64_t)1 << 40;
    }
    return v;
}

/* One group "(...)" after the "(" at start. Returns the node to append, NULL with an error,
 * or sets *skip for items that append nothing (comments, global flags). */
static fy_re_node *parse_group(P *ps, int64_t start, bool *verbose, int nested, bool first, bool empty_so_far,
                               bool *skip) {
    bool capture = true, atomic = false;
    int64_t na = 0, nb = 0;
    int add = 0, del = 0;
    *skip = false;
    if (match(ps, '?')) {
        int64_t ch = peek(ps);
        if (ch < 0) FAIL(0, "unexpected end of pattern");
        int64_t tok = ps->i;
        ps->i++;
        if (ch == '\\' && ps->i < ps->n) ps->i++; /* CPython's tokens: an escape is one */
        if (ch == 'P') {
            if (match(ps, '<')) {
                if (getuntil(ps, '>', "group name", &na, &nb) < 0) return NULL;
                if (check_name(ps, na, nb, 1) < 0) return NULL;
            } else if (match(ps, '=')) {
                if (getuntil(ps, ')', "group name", &na, &nb) < 0) return NULL;
                if (check_name(ps, na, nb, 1) < 0) return NULL;
                int g = find_name(ps, na, nb);
                char buf[256];
                if (g < 0) FAIL((nb - na) + 1, "unknown group name %s", repr_of(ps, na, nb, buf, sizeof buf));
                if (!group_closed(ps, g)) FAIL((nb - na) + 1, "cannot refer to an open group");
                if (check_lookbehind_group(ps, g) < 0) return NULL;
                fy_re_node *n = node(ps, RN_BACKREF);
                if (n) n->a = g;
                return n;
            } else {
                int64_t c2 = peek(ps), t2 = ps->i;
                if (c2 < 0) FAIL(0, "unexpected end of pattern");
                ps->i++;
                if (c2 == '\\' && ps->i < ps->n) ps->i++;
                char buf[16];
                FAIL(ps->i - t2 + 2, "unknown extension ?P%s", text(ps, t2, ps->i, buf, sizeof buf));
            }
        } else if (ch == ':') {
            capture = false;
        } else if (ch == '#') {
            for (;;) {
                if (ps->i >= ps->n) FAIL(ps->i - start, "missing ), unterminated comment");
                if (ps->p[ps->i++] == ')') break;
            }
            *skip = true;
            return NULL;
        } else if (ch == '=' || ch == '!' || ch == '<') {
            int dir = 1;
            int saved_lb = ps->lookbehind;
            if (ch == '<') {
                int64_t c2 = peek(ps), t2 = ps->i;
                if (c2 < 0) FAIL(0, "unexpected end of pattern");
                ps->i++;
                if (c2 == '\\' && ps->i < ps->n) ps->i++;
                if (c2 != '=' && c2 != '!') {
                    char buf[16];
                    FAIL(ps->i - t2 + 2, "unknown extension ?<%s", text(ps, t2, ps->i, buf, sizeof buf));
                }
                ch = c2;
                dir = -1;
                if (ps->lookbehind < 0) ps->lookbehind = ps->r->groups;
            }
            fy_re_node *p = parse_alt(ps, *verbose, nested + 1);
            ps->lookbehind = saved_lb;
            if (!p) return NULL;
            if (!match(ps, ')')) FAIL(ps->i - start, "missing ), unterminated subpattern");
            fy_re_node *n = node(ps, RN_ASSERT);
            if (!n || add_kid(ps, n, p) < 0) return NULL;
            n->mode = dir;
            n->neg = ch == '!';
            return n;
        } else if (ch == '(') {
            int64_t a, b;
            if (getuntil(ps, ')', "group name", &a, &b) < 0) return NULL;
            int64_t g;
            char buf[256];
            if (is_ident(ps, a, b)) {
                g = find_name(ps, a, b);
                if (g < 0) FAIL((b - a) + 1, "unknown group name %s", repr_of(ps, a, b, buf, sizeof buf));
            } else {
                bool digits = true;
                for (int64_t j = a; j < b; j++) digits = digits && is_digit(ps->p[j]);
                if (!digits) FAIL((b - a) + 1, "bad character in group name %s", repr_of(ps, a, b, buf, sizeof buf));
                g = number(ps, a, b);
                if (g == 0) FAIL((b - a) + 1, "bad group number");
                if (g >= 1073741823) FAIL((b - a) + 1, "invalid group reference %lld", (long long)g);
                if (ps->ncond == ps->capcond) {
                    int cap = ps->capcond ? ps->capcond * 2 : 8;
                    int64_t *nr = realloc(ps->condref, (size_t)cap * sizeof *nr);
                    if (nr) ps->condref = nr;
                    int64_t *np = realloc(ps->condpos, (size_t)cap * sizeof *np);
                    if (np) ps->condpos = np;
                    if (!nr || !np) FAIL(0, "out of memory");
                    ps->capcond = cap;
                }
                ps->condref[ps->ncond] = g;
                ps->condpos[ps->ncond++] = ps->i - (b - a) - 1;
            }
            if (check_lookbehind_group(ps, g) < 0) return NULL;
            fy_re_node *yes = NULL, *no = NULL;
            /* The branches are parsed as simple sequences (no alternation inside). */
            yes = parse_seq(ps, *verbose, nested + 1, false);
            if (!yes) return NULL;
            if (match(ps, '|')) {
                no = parse_seq(ps, *verbose, nested + 1, false);
                if (!no) return NULL;
                if (peek(ps) == '|') FAIL(0, "conditional backref with more than two branches");
            }
            if (!match(ps, ')')) FAIL(ps->i - start, "missing ), unterminated subpattern");
            fy_re_node *n = node(ps, RN_COND);
            if (!n || add_kid(ps, n, yes) < 0 || add_kid(ps, n, no) < 0) return NULL;
            n->a = g;
            return n;
        } else if (ch == '>') {
            capture = false;
            atomic = true;
        } else if (ch == '-' || (ch < 128 && strchr("iLmsxatu", (int)ch))) {
            int k = parse_flags(ps, (uint32_t)ch, &add, &del);
            if (k < 0) return NULL;
            if (k == 1) {
                if (!first || !empty_so_far) FAIL(ps->i - start, "global flags not at the start of the expression");
                ps->r->flags |= add;
                *verbose = (ps->r->flags & FY_RE_VERBOSE) != 0;
                *skip = true;
                return NULL;
            }
            capture = false;
        } else {
            char buf[16];
            FAIL(ps->i - tok + 1, "unknown extension ?%s", text(ps, tok, ps->i, buf, sizeof buf));
        }
    }
    int gid = -1;
    if (capture) {
        gid = open_group(ps, na, nb);
        if (gid < 0) return NULL;
    }
    bool sub_verbose = (*verbose || (add & FY_RE_VERBOSE)) && !(del & FY_RE_VERBOSE);
    fy_re_node *p = parse_alt(ps, sub_verbose, nested + 1);
    if (!p) return NULL;
    if (!match(ps, ')')) FAIL(ps->i - start, "missing ), unterminated subpattern");
    if (gid >= 0) ps->closed[gid] = true;
    fy_re_node *n = node(ps, atomic ? RN_ATOMIC : add || del ? RN_FLAGS : RN_GROUP);
    if (!n || add_kid(ps, n, p) < 0) return NULL;
    n->a = atomic ? 0 : add || del ? add : gid;
    n->b = del;
    return n;
}

/* A quantifier at ps->i - 1 (this = *, +, ? or {) applied to the last item of seq. Returns
 * 1 applied, 0 not a quantifier (a literal "{"), -1 error. */
static int parse_repeat(P *ps, fy_re_node *seq, uint32_t this) {
    int64_t here = ps->i; /* after the quantifier character */
    int64_t min = 0, max = FY_RE_MAXREPEAT;
    if (this == '?') {
        max = 1;
    } else if (this == '+') {
        min = 1;
    } else if (this == '{') {
        if (peek(ps) == '}') return 0;
        int64_t la = ps->i;
        while (is_digit(peek(ps))) ps->i++;
        int64_t lb = ps->i, ha = lb, hb = lb;
        if (match(ps, ',')) {
            ha = ps->i;
            while (is_digit(peek(ps))) ps->i++;
            hb = ps->i;
        } else {
            ha = la;
            hb = lb;
        }
        if (!match(ps, '}')) {
            ps->i = here;
            return 0;
        }
        if (la < lb) {
            min = number(ps, la, lb);
            if (min >= FY_RE_MAXREPEAT) {
                perr_at(ps, 1, -1, "the repetition number is too large");
                return -1;
            }
        }
        if (ha < hb) {
            max = number(ps, ha, hb);
            if (max >= FY_RE_MAXREPEAT) {
                perr_at(ps, 1, -1, "the repetition number is too large");
                return -1;
            }
            if (max < min) {
                perr(ps, ps->i - here, "min repeat greater than max repeat");
                return -1;
            }
        }
    }
    fy_re_node *item = seq->nkids ? seq->kids[seq->nkids - 1] : NULL;
    if (!item || item->kind == RN_AT) {
        perr(ps, ps->i - here + 1, "nothing to repeat");
        return -1;
    }
    if (item->kind == RN_REPEAT) {
        perr(ps, ps->i - here + 1, "multiple repeat");
        return -1;
    }
    fy_re_node *r = node(ps, RN_REPEAT);
    if (!r || add_kid(ps, r, item) < 0) return -1;
    r->a = min;
    r->b = max;
    r->mode = match(ps, '?') ? 1 : match(ps, '+') ? 2 : 0;
    seq->kids[seq->nkids - 1] = r;
    return 1;
}

/* A sequence of items up to "|", ")" or the end (CPython's _parse). */
static fy_re_node *parse_seq(P *ps, bool verbose, int nested, bool first) {
    if (ps->depth >= MAX_NESTING) {
        perr_at(ps, 3, -1, "maximum recursion depth exceeded");
        return NULL;
    }
    ps->depth++;
    fy_re_node *seq = parse_seq_items(ps, verbose, nested, first);
    ps->depth--;
    return seq;
}

static fy_re_node *parse_seq_items(P *ps, bool verbose, int nested, bool first) {
    fy_re_node *seq = node(ps, RN_CAT);
    if (!seq) return NULL;
    for (;;) {
        int64_t c = peek(ps);
        if (c < 0 || c == '|' || c == ')') break;
        if (c == '\\') {
            fy_re_node *e = escape_token(ps, false);
            if (!e || add_kid(ps, seq, e) < 0) return NULL;
            continue;
        }
        ps->i++;
        if (verbose) {
            if (is_ws((uint32_t)c)) continue;
            if (c == '#') {
                while (ps->i < ps->n && ps->p[ps->i++] != '\n') {}
                continue;
            }
        }
        fy_re_node *n = NULL;
        switch (c) {
        case '[': n = parse_set(ps); break;
        case '*':
        case '+':
        case '?':
        case '{': {
            int k = parse_repeat(ps, seq, (uint32_t)c);
            if (k < 0) return NULL;
            if (k == 1) continue;
            n = lit(ps, '{');
            break;
        }
        case '.': n = node(ps, RN_ANY); break;
        case '(': {
            bool skip;
            n = parse_group(ps, ps->i - 1, &verbose, nested, first, seq->nkids == 0, &skip);
            if (skip && !failed(ps)) continue;
            break;
        }
        case '^':
        case '$':
            n = node(ps, RN_AT);
            if (n) n->a = c == '^' ? RA_BEGIN : RA_END;
            break;
        default: n = lit(ps, (uint32_t)c); break;
        }
        if (!n || add_kid(ps, seq, n) < 0) return NULL;
    }
    return seq;
}

/* Alternatives separated by "|" (CPython's _parse_sub). */
static fy_re_node *parse_alt(P *ps, bool verbose, int nested) {
    fy_re_node *alt = NULL, *first_item = NULL;
    for (;;) {
        fy_re_node *item = parse_seq(ps, verbose, nested + 1, nested == 0 && !first_item);
        if (!item) return NULL;
        if (!first_item) {
            first_item = item;
        } else {
            if (!alt) {
                alt = node(ps, RN_ALT);
                if (!alt || add_kid(ps, alt, first_item) < 0) return NULL;
            }
            if (add_kid(ps, alt, item) < 0) return NULL;
        }
        if (!match(ps, '|')) break;
        if (nested == 0) verbose = (ps->r->flags & FY_RE_VERBOSE) != 0;
    }
    return alt ? alt : first_item;
}

int fy_re_parse_pattern(const uint32_t *p, int64_t n, bool istext, int flags, fy_re_parse *r) {
    memset(r, 0, sizeof *r);
    r->flags = flags;
    r->groups = 1;
    r->pos = -1;
    P ps = {.p = p, .n = n, .istext = istext, .r = r, .lookbehind = -1};
    ps.capclosed = 16;
    ps.closed = calloc(16, sizeof(bool));
    r->capnames = 16;
    r->names = calloc(16, sizeof(char *));
    int rc = -1;
    if (!ps.closed || !r->names) {
        perr_at(&ps, 0, -1, "out of memory");
        goto done;
    }
    r->root = parse_alt(&ps, (flags & FY_RE_VERBOSE) != 0, 0);
    if (!r->root) goto done;
    /* fix_flags */
    int f = r->flags;
    if (istext) {
        if (f & FY_RE_LOCALE) {
            perr_at(&ps, 2, -1, "cannot use LOCALE flag with a str pattern");
            goto done;
        }
        if (!(f & FY_RE_ASCII)) {
            f |= FY_RE_UNICODE;
        } else if (f & FY_RE_UNICODE) {
            perr_at(&ps, 2, -1, "ASCII and UNICODE flags are incompatible");
            goto done;
        }
    } else {
        if (f & FY_RE_UNICODE) {
            perr_at(&ps, 2, -1, "cannot use UNICODE flag with a bytes pattern");
            goto done;
        }
        if ((f & FY_RE_LOCALE) && (f & FY_RE_ASCII)) {
            perr_at(&ps, 2, -1, "ASCII and LOCALE flags are incompatible");
            goto done;
        }
    }
    r->flags = f;
    if (ps.i < ps.n) {
        perr(&ps, 0, "unbalanced parenthesis");
        goto done;
    }
    for (int k = 0; k < ps.ncond; k++) {
        if (ps.condref[k] >= r->groups) {
            perr_at(&ps, 0, ps.condpos[k], "invalid group reference %lld", (long long)ps.condref[k]);
            goto done;
        }
    }
    rc = 0;
done:
    if (rc < 0 && r->errkind == 0) {
        /* CPython's tokenizer reads one token ahead: a lone backslash at the end is reported as
         * soon as the parser reaches the token before it. */
        int64_t k = n;
        while (k > 0 && p[k - 1] == '\\') k--;
        if ((n - k) % 2 == 1 && ps.err_at >= n - 1) {
            snprintf(r->msg, sizeof r->msg, "bad escape (end of pattern)");
            r->pos = n - 1;
        }
    }
    free(ps.closed);
    free(ps.condref);
    free(ps.condpos);
    return rc;
}

void fy_re_parse_free(fy_re_parse *r) {
    for (fy_re_node *n = r->all, *next; n; n = next) {
        next = n->next_alloc;
        free(n->kids);
        free(n);
    }
    r->all = r->root = NULL;
    if (r->sets) {
        for (int k = 0; k < r->nsets; k++) free(r->sets[k].items);
        free(r->sets);
    }
    r->sets = NULL;
    r->nsets = 0;
    if (r->names) {
        for (int k = 0; k < r->capnames; k++) free(r->names[k]);
        free(r->names);
    }
    r->names = NULL;
}
