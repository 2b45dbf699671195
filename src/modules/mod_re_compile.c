/* mod_re_compile.c - node tree -> matcher program (mod_re.h), and the character classes.
 *
 * Counted repeats are expanded into copies (a counter register when the copies would be many);
 * an unbounded repeat of something that can match
 * the empty string carries a loop register so that an empty iteration ends the loop (CPython's
 * rule); lookarounds and atomic groups are sub-programs placed after the main program. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wctype.h>
#include "modules/mod_re.h"

#define MAX_CODE (1 << 21)
#define WINF ((int64_t)1 << 40)

/* ------------------------------------------------------------------ character classes */

/* Unicode 14's decimal digits (category Nd) beyond ASCII: what str.isdecimal() accepts. */
static const uint32_t digit_ranges[][2] = {
    {0x660, 0x669},     {0x6f0, 0x6f9},     {0x7c0, 0x7c9},     {0x966, 0x96f},     {0x9e6, 0x9ef},
    {0xa66, 0xa6f},     {0xae6, 0xaef},     {0xb66, 0xb6f},     {0xbe6, 0xbef},     {0xc66, 0xc6f},
    {0xce6, 0xcef},     {0xd66, 0xd6f},     {0xde6, 0xdef},     {0xe50, 0xe59},     {0xed0, 0xed9},
    {0xf20, 0xf29},     {0x1040, 0x1049},   {0x1090, 0x1099},   {0x17e0, 0x17e9},   {0x1810, 0x1819},
    {0x1946, 0x194f},   {0x19d0, 0x19d9},   {0x1a80, 0x1a89},   {0x1a90, 0x1a99},   {0x1b50, 0x1b59},
    {0x1bb0, 0x1bb9},   {0x1c40, 0x1c49},   {0x1c50, 0x1c59},   {0xa620, 0xa629},   {0xa8d0, 0xa8d9},
    {0xa900, 0xa909},   {0xa9d0, 0xa9d9},   {0xa9f0, 0xa9f9},   {0xaa50, 0xaa59},   {0xabf0, 0xabf9},
    {0xff10, 0xff19},   {0x104a0, 0x104a9}, {0x10d30, 0x10d39}, {0x11066, 0x1106f}, {0x110f0, 0x110f9},
    {0x11136, 0x1113f}, {0x111d0, 0x111d9}, {0x112f0, 0x112f9}, {0x11450, 0x11459}, {0x114d0, 0x114d9},
    {0x11650, 0x11659}, {0x116c0, 0x116c9}, {0x11730, 0x11739}, {0x118e0, 0x118e9}, {0x11950, 0x11959},
    {0x11c50, 0x11c59}, {0x11d50, 0x11d59}, {0x11da0, 0x11da9}, {0x16a60, 0x16a69}, {0x16ac0, 0x16ac9},
    {0x16b50, 0x16b59}, {0x1d7ce, 0x1d7ff}, {0x1e140, 0x1e149}, {0x1e2f0, 0x1e2f9}, {0x1e950, 0x1e959},
    {0x1fbf0, 0x1fbf9}};

bool fy_re_is_digit(uint32_t c, bool ascii) {
    if (c < 128) return c >= '0' && c <= '9';
    if (ascii || c < 0x660) return false;
    size_t lo = 0, hi = sizeof digit_ranges / sizeof digit_ranges[0];
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (c < digit_ranges[mid][0]) hi = mid;
        else if (c > digit_ranges[mid][1]) lo = mid + 1;
        else return true;
    }
    return false;
}
bool fy_re_is_word(uint32_t c, bool ascii) {
    if (c < 128) return isalnum((int)c) || c == '_';
    return !ascii && (iswalnum((wint_t)c) || fy_re_is_digit(c, false));
}
/* str.isspace(): ASCII whitespace, U+001C..U+001F and Unicode's separators. */
bool fy_re_is_space(uint32_t c, bool ascii) {
    if (c < 128) return c == ' ' || (c >= 9 && c <= 13) || (!ascii && c >= 28 && c <= 31);
    if (ascii) return false;
    return c == 0x85 || c == 0xa0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200a) || c == 0x2028 || c == 0x2029 ||
           c == 0x202f || c == 0x205f || c == 0x3000;
}
uint32_t fy_re_lower(uint32_t c, bool ascii) {
    if (c < 128) return (c >= 'A' && c <= 'Z') ? c + 32 : c;
    return ascii ? c : (uint32_t)towlower((wint_t)c);
}
uint32_t fy_re_upper(uint32_t c, bool ascii) {
    if (c < 128) return (c >= 'a' && c <= 'z') ? c - 32 : c;
    return ascii ? c : (uint32_t)towupper((wint_t)c);
}

static bool set_raw(const fy_re_set *s, uint32_t c) {
    for (int k = 0; k < s->n; k++) {
        const fy_re_setitem *it = &s->items[k];
        switch (it->kind) {
        case RS_LIT:
        case RS_RANGE:
            if (c >= it->lo && c <= it->hi) return true;
            break;
        case RS_DIGIT:
            if (fy_re_is_digit(c, s->ascii)) return true;
            break;
        case RS_NOTDIGIT:
            if (!fy_re_is_digit(c, s->ascii)) return true;
            break;
        case RS_SPACE:
            if (fy_re_is_space(c, s->ascii)) return true;
            break;
        case RS_NOTSPACE:
            if (!fy_re_is_space(c, s->ascii)) return true;
            break;
        case RS_WORD:
            if (fy_re_is_word(c, s->ascii)) return true;
            break;
        case RS_NOTWORD:
            if (!fy_re_is_word(c, s->ascii)) return true;
            break;
        default: break;
        }
    }
    return false;
}

static bool set_slow(const fy_re_set *s, uint32_t c) {
    bool in = set_raw(s, c);
    if (!in && s->icase) {
        uint32_t l = fy_re_lower(c, s->ascii), u = fy_re_upper(c, s->ascii);
        in = (l != c && set_raw(s, l)) || (u != c && set_raw(s, u));
    }
    return in != s->negate;
}

bool fy_re_set_has(const fy_re_set *s, uint32_t c) {
    if (c < 256) return (s->map[c >> 5] >> (c & 31)) & 1;
    return set_slow(s, c);
}

static void set_fill_map(fy_re_set *s) {
    memset(s->map, 0, sizeof s->map);
    for (uint32_t c = 0; c < 256; c++)
        if (set_slow(s, c)) s->map[c >> 5] |= 1u << (c & 31);
}

/* ------------------------------------------------------------------ emitting */

typedef struct {
    fy_re_node *node;
    int flags;
    int pc;
    bool possessive; /* node is a repeat to compile greedy inside the atomic sub-program */
} deferred;

typedef struct {
    fy_re_parse *r;
    fy_re_prog *p;
    deferred *def;
    int ndef, capdef;
    fy_re_node **group_node; /* group number -> its RN_GROUP node */
    bool err;
} C;

static void cerr(C *c, const char *msg) {
    if (c->err) return;
    c->err = true;
    snprintf(c->r->msg, sizeof c->r->msg, "%s", msg);
    c->r->pos = -1;
    c->r->errkind = 0;
}

static int emit(C *c, int op, int64_t a, int64_t b, int64_t x, int64_t d) {
    fy_re_prog *p = c->p;
    if (c->err) return -1;
    if (p->n >= MAX_CODE) {
        cerr(c, "pattern too large (repeats expand beyond the program size limit)");
        c->r->errkind = 1;
        return -1;
    }
    if (p->n == p->cap) {
        int cap = p->cap ? p->cap * 2 : 64;
        fy_re_ins *nc = realloc(p->code, (size_t)cap * sizeof *nc);
        if (!nc) {
            cerr(c, "out of memory");
            return -1;
        }
        p->code = nc;
        p->cap = cap;
    }
    p->code[p->n] = (fy_re_ins){op, -1, a, b, x, d, 0};
    return p->n++;
}

static bool is_ascii(int flags) { return (flags & (FY_RE_ASCII | FY_RE_LOCALE)) || !(flags & FY_RE_UNICODE); }

/* Minimum and maximum width of a node (max WINF: unbounded). */
static void width(C *c, fy_re_node *n, int64_t *lo, int64_t *hi) {
    int64_t a, b, a2, b2;
    if (!n) {
        *lo = *hi = 0;
        return;
    }
    switch (n->kind) {
    case RN_LIT:
    case RN_NOTLIT:
    case RN_ANY:
    case RN_SET: *lo = *hi = 1; return;
    case RN_AT:
    case RN_ASSERT: *lo = *hi = 0; return;
    case RN_CAT:
        *lo = *hi = 0;
        for (int k = 0; k < n->nkids; k++) {
            width(c, n->kids[k], &a, &b);
            *lo = *lo + a < WINF ? *lo + a : WINF;
            *hi = *hi + b < WINF ? *hi + b : WINF;
        }
        return;
    case RN_ALT:
        *lo = WINF;
        *hi = 0;
        for (int k = 0; k < n->nkids; k++) {
            width(c, n->kids[k], &a, &b);
            if (a < *lo) *lo = a;
            if (b > *hi) *hi = b;
        }
        return;
    case RN_GROUP:
    case RN_FLAGS:
    case RN_ATOMIC: width(c, n->kids[0], lo, hi); return;
    case RN_REPEAT:
        width(c, n->kids[0], &a, &b);
        *lo = a && n->a > WINF / a ? WINF : a * n->a;
        if (*lo > WINF) *lo = WINF;
        if (b == 0) *hi = 0;
        else if (n->b >= FY_RE_MAXREPEAT || b >= WINF || n->b > WINF / b) *hi = WINF;
        else *hi = b * n->b;
        return;
    case RN_BACKREF:
        if (n->a < c->r->groups && c->group_node[n->a]) {
            width(c, c->group_node[n->a], lo, hi);
        } else {
            *lo = 0;
            *hi = WINF;
        }
        return;
    case RN_COND:
        width(c, n->kids[0], &a, &b);
        width(c, n->kids[1], &a2, &b2);
        *lo = a < a2 ? a : a2;
        *hi = b > b2 ? b : b2;
        return;
    default: *lo = 0, *hi = WINF; return;
    }
}

static void find_groups(C *c, fy_re_node *n) {
    if (!n) return;
    if (n->kind == RN_GROUP && n->a > 0 && n->a < c->r->groups) c->group_node[n->a] = n;
    for (int k = 0; k < n->nkids; k++) find_groups(c, n->kids[k]);
}

static int defer(C *c, fy_re_node *n, int flags, int pc, bool possessive) {
    if (c->ndef == c->capdef) {
        int cap = c->capdef ? c->capdef * 2 : 8;
        deferred *nd = realloc(c->def, (size_t)cap * sizeof *nd);
        if (!nd) {
            cerr(c, "out of memory");
            return -1;
        }
        c->def = nd;
        c->capdef = cap;
    }
    c->def[c->ndef++] = (deferred){n, flags, pc, possessive};
    return 0;
}

static int comp(C *c, fy_re_node *n, int flags);

static int comp_single(C *c, fy_re_node *n, int flags) {
    bool ic = (flags & FY_RE_IGNORECASE) != 0, asc = is_ascii(flags);
    switch (n->kind) {
    case RN_LIT: return emit(c, RO_CHAR, n->c, ic, asc, 0);
    case RN_NOTLIT: return emit(c, RO_NOTCHAR, n->c, ic, asc, 0);
    case RN_ANY: return emit(c, (flags & FY_RE_DOTALL) ? RO_ANYALL : RO_ANY, 0, 0, 0, 0);
    case RN_SET: {
        fy_re_set *s = &c->r->sets[n->set];
        s->icase = ic;
        s->ascii = asc;
        set_fill_map(s);
        return emit(c, RO_SET, n->set, 0, 0, 0);
    }
    default: return -1;
    }
}

/* Repeats whose copies would exceed this many nodes use a counter. */
#define COUNT_LIMIT 20000

/* Nodes in n's subtree, counting up to limit. */
static int64_t node_count(fy_re_node *n, int64_t limit) {
    if (!n) return 0;
    int64_t k = 1;
    for (int i = 0; i < n->nkids && k < limit; i++) k += node_count(n->kids[i], limit - k);
    return k;
}

/* kid{min,max} with a counter register: CNT_INIT; top: CNT_TEST; [MARK]; kid; CNT_INC. */
static int comp_counted(C *c, fy_re_node *kid, int flags, int64_t min, int64_t max, bool lazy, int64_t klo) {
    c->p->memo_ok = false; /* the outcome of a state now depends on the counter */
    int cnt = c->p->nregs++, mark = klo == 0 ? c->p->nregs++ : -1;
    if (emit(c, RO_CNT_INIT, cnt, 0, 0, 0) < 0) return -1;
    int top = emit(c, RO_CNT_TEST, cnt, min, max, 0);
    if (top < 0) return -1;
    c->p->code[top].e = lazy;
    if (mark >= 0 && emit(c, RO_MARK, mark, 0, 0, 0) < 0) return -1;
    if (comp(c, kid, flags) < 0) return -1;
    if (emit(c, RO_CNT_INC, cnt, top, mark, 0) < 0) return -1;
    c->p->code[top].d = c->p->n;
    return 0;
}

static int comp_repeat(C *c, fy_re_node *n, int flags, int mode) {
    fy_re_node *kid = n->kids[0];
    int64_t min = n->a, max = n->b;
    bool lazy = mode == 1;
    if (mode == 2) { /* possessive: an atomic group around the greedy repeat */
        int pc = emit(c, RO_ATOMIC, -1, 0, 0, 0);
        if (pc < 0) return -1;
        return defer(c, n, flags, pc, true);
    }
    if (kid->kind == RN_LIT || kid->kind == RN_NOTLIT || kid->kind == RN_ANY || kid->kind == RN_SET) {
        int pc = emit(c, RO_REPCHAR, 0, min, max, lazy);
        if (pc < 0) return -1;
        c->p->code[pc].a = pc + 1;
        return comp_single(c, kid, flags) < 0 ? -1 : 0;
    }
    int64_t klo, khi;
    width(c, kid, &klo, &khi);
    int64_t copies = max < FY_RE_MAXREPEAT ? max : min;
    if (copies > 1 && (copies > COUNT_LIMIT || node_count(kid, COUNT_LIMIT) * copies > COUNT_LIMIT))
        return comp_counted(c, kid, flags, min, max, lazy, klo);
    for (int64_t k = 0; k < min; k++)
        if (comp(c, kid, flags) < 0) return -1;
    if (max >= FY_RE_MAXREPEAT) {
        int top = emit(c, RO_SPLIT, 0, 0, 0, 0);
        if (top < 0) return -1;
        int body = c->p->n, reg = -1;
        if (klo == 0) {
            reg = c->p->nregs++;
            if (emit(c, RO_MARK, reg, 0, 0, 0) < 0) return -1;
        }
        if (comp(c, kid, flags) < 0) return -1;
        int end = klo == 0 ? emit(c, RO_LOOPEND, reg, top, 0, 0) : emit(c, RO_JMP, top, 0, 0, 0);
        if (end < 0) return -1;
        int out = c->p->n;
        if (klo == 0) c->p->code[end].c = out;
        c->p->code[top].a = lazy ? out : body;
        c->p->code[top].b = lazy ? body : out;
        return 0;
    }
    /* (max - min) optional copies, each only tried after the previous one matched; an empty
     * iteration (klo == 0) ends the repeat as in CPython. */
    int64_t opt = max - min;
    int *splits = malloc((size_t)(opt > 0 ? opt : 1) * 2 * sizeof *splits);
    if (!splits) {
        cerr(c, "out of memory");
        return -1;
    }
    int reg = klo == 0 && opt > 0 ? c->p->nregs++ : -1;
    for (int64_t k = 0; k < opt; k++) {
        splits[2 * k] = emit(c, RO_SPLIT, 0, 0, 0, 0);
        splits[2 * k + 1] = -1;
        if (splits[2 * k] < 0 || (reg >= 0 && emit(c, RO_MARK, reg, 0, 0, 0) < 0) || comp(c, kid, flags) < 0) {
            free(splits);
            return -1;
        }
        if (reg >= 0 && (splits[2 * k + 1] = emit(c, RO_LOOPEND, reg, 0, 0, 0)) < 0) {
            free(splits);
            return -1;
        }
    }
    int out = c->p->n;
    for (int64_t k = 0; k < opt; k++) {
        fy_re_ins *s = &c->p->code[splits[2 * k]];
        s->a = lazy ? out : splits[2 * k] + 1;
        s->b = lazy ? splits[2 * k] + 1 : out;
        if (splits[2 * k + 1] >= 0) {
            fy_re_ins *e = &c->p->code[splits[2 * k + 1]];
            e->b = splits[2 * k + 1] + 1;
            e->c = out;
        }
    }
    free(splits);
    return 0;
}

static int comp(C *c, fy_re_node *n, int flags) {
    if (c->err) return -1;
    if (!n) return 0;
    switch (n->kind) {
    case RN_LIT:
    case RN_NOTLIT:
    case RN_ANY:
    case RN_SET: return comp_single(c, n, flags) < 0 ? -1 : 0;
    case RN_AT: return emit(c, RO_AT, n->a, (flags & FY_RE_MULTILINE) != 0, is_ascii(flags), 0) < 0 ? -1 : 0;
    case RN_CAT:
        for (int k = 0; k < n->nkids; k++)
            if (comp(c, n->kids[k], flags) < 0) return -1;
        return 0;
    case RN_ALT: {
        int *jumps = malloc((size_t)n->nkids * sizeof *jumps);
        if (!jumps) {
            cerr(c, "out of memory");
            return -1;
        }
        int nj = 0;
        for (int k = 0; k < n->nkids; k++) {
            int split = -1;
            if (k + 1 < n->nkids) {
                split = emit(c, RO_SPLIT, 0, 0, 0, 0);
                if (split < 0) break;
                c->p->code[split].a = split + 1;
            }
            if (comp(c, n->kids[k], flags) < 0) break;
            if (k + 1 < n->nkids) {
                jumps[nj] = emit(c, RO_JMP, 0, 0, 0, 0);
                if (jumps[nj++] < 0) break;
                c->p->code[split].b = c->p->n;
            }
        }
        for (int k = 0; k < nj && !c->err; k++) c->p->code[jumps[k]].a = c->p->n;
        free(jumps);
        return c->err ? -1 : 0;
    }
    case RN_GROUP:
        if (n->a < 0) return comp(c, n->kids[0], flags);
        if (emit(c, RO_SAVE, 2 * n->a, 0, 0, 0) < 0 || comp(c, n->kids[0], flags) < 0) return -1;
        return emit(c, RO_SAVE, 2 * n->a + 1, 0, 0, 0) < 0 ? -1 : 0;
    case RN_FLAGS: {
        int f = (flags | (int)n->a) & ~(int)n->b;
        if (n->a & FY_RE_ASCII) f &= ~FY_RE_UNICODE;
        if (n->a & (FY_RE_UNICODE | FY_RE_LOCALE)) f &= ~FY_RE_ASCII;
        return comp(c, n->kids[0], f);
    }
    case RN_REPEAT: return comp_repeat(c, n, flags, n->mode);
    case RN_BACKREF:
        c->p->memo_ok = false;
        return emit(c, RO_BACKREF, n->a, (flags & FY_RE_IGNORECASE) != 0, is_ascii(flags), 0) < 0 ? -1 : 0;
    case RN_ASSERT: {
        int64_t lo = 0, hi = 0;
        if (n->mode < 0) {
            width(c, n->kids[0], &lo, &hi);
            if (lo != hi) {
                cerr(c, "look-behind requires fixed-width pattern");
                return -1;
            }
        }
        int pc = emit(c, RO_LOOK, -1, n->mode, n->neg, lo);
        if (pc < 0) return -1;
        return defer(c, n->kids[0], flags, pc, false);
    }
    case RN_ATOMIC: {
        int pc = emit(c, RO_ATOMIC, -1, 0, 0, 0);
        if (pc < 0) return -1;
        return defer(c, n->kids[0], flags, pc, false);
    }
    case RN_COND: {
        c->p->memo_ok = false;
        int cond = emit(c, RO_COND, n->a, 0, 0, 0);
        if (cond < 0 || comp(c, n->kids[0], flags) < 0) return -1;
        int j = emit(c, RO_JMP, 0, 0, 0, 0);
        if (j < 0) return -1;
        c->p->code[cond].b = c->p->n;
        if (comp(c, n->kids[1], flags) < 0) return -1;
        c->p->code[j].a = c->p->n;
        return 0;
    }
    default: cerr(c, "internal error: unknown node"); return -1;
    }
}

int fy_re_compile(fy_re_parse *r, fy_re_prog *p) {
    memset(p, 0, sizeof *p);
    p->memo_ok = true;
    p->groups = r->groups;
    p->flags = r->flags;
    p->prefix = -1;
    C c = {.r = r, .p = p};
    c.group_node = calloc((size_t)r->groups, sizeof *c.group_node);
    if (!c.group_node) {
        cerr(&c, "out of memory");
        return -1;
    }
    find_groups(&c, r->root);
    comp(&c, r->root, r->flags);
    emit(&c, RO_MATCH, 0, 0, 0, 0);
    p->main_end = p->n;
    for (int k = 0; k < c.ndef && !c.err; k++) {
        deferred d = c.def[k];
        p->code[d.pc].a = p->n;
        if (d.possessive) comp_repeat(&c, d.node, d.flags, 0);
        else comp(&c, d.node, d.flags);
        emit(&c, RO_SUCCEED, 0, 0, 0, 0);
    }
    free(c.def);
    free(c.group_node);
    /* The sets move to the program. */
    p->sets = r->sets;
    p->nsets = r->nsets;
    r->sets = NULL;
    r->nsets = 0;
    if (c.err) return -1;
    for (int pc = 0; pc < p->main_end; pc++)
        if (p->code[pc].op == RO_SPLIT || p->code[pc].op == RO_REPCHAR) p->code[pc].m = p->nmemo++;
    if (p->code[0].op == RO_CHAR && !p->code[0].b) p->prefix = p->code[0].a;
    fy_re_first_set(p);
    return 0;
}

void fy_re_prog_free(fy_re_prog *p) {
    free(p->code);
    if (p->sets) {
        for (int k = 0; k < p->nsets; k++) free(p->sets[k].items);
        free(p->sets);
    }
    memset(p, 0, sizeof *p);
}
