/* mod_re.h - the regular expression engine behind the `re` module (shared by mod_re_parse.c,
 * mod_re_compile.c, mod_re_exec.c and mod_re.c; not a public API).
 *
 * A pattern (code points) is parsed into a node tree with CPython's syntax and error messages,
 * compiled into a program of instructions for a backtracking matcher, and run against a subject
 * decoded to code points (str) or bytes. */
#ifndef FLYI_MOD_RE_H
#define FLYI_MOD_RE_H

#include <stdbool.h>
#include <stdint.h>
#include "objects/object.h"

/* Flags, with CPython's values. */
enum {
    FY_RE_TEMPLATE = 1,
    FY_RE_IGNORECASE = 2,
    FY_RE_LOCALE = 4,
    FY_RE_MULTILINE = 8,
    FY_RE_DOTALL = 16,
    FY_RE_UNICODE = 32,
    FY_RE_VERBOSE = 64,
    FY_RE_DEBUG = 128,
    FY_RE_ASCII = 256
};
#define FY_RE_MAXREPEAT 4294967295LL

/* Parse tree. */
enum {
    RN_LIT,    /* c */
    RN_NOTLIT, /* c */
    RN_ANY,
    RN_SET,    /* set (index into the parser's sets) */
    RN_AT,     /* a: RA_* */
    RN_CAT,    /* kids */
    RN_ALT,    /* kids */
    RN_GROUP,  /* a: group number (-1: non-capturing), kids[0] */
    RN_FLAGS,  /* a: flags added, b: flags removed, kids[0] */
    RN_REPEAT, /* a: min, b: max (FY_RE_MAXREPEAT: none), mode 0 greedy 1 lazy 2 possessive */
    RN_BACKREF, /* a: group */
    RN_ASSERT, /* mode: 1 ahead, -1 behind; neg; kids[0] */
    RN_ATOMIC, /* kids[0] */
    RN_COND    /* a: group, kids[0] yes, kids[1] no (may be NULL) */
};
enum { RA_BEGIN, RA_END, RA_BEGIN_STR, RA_END_STR, RA_BOUNDARY, RA_NONBOUNDARY };

typedef struct fy_re_node fy_re_node;
struct fy_re_node {
    int kind;
    uint32_t c;
    int64_t a, b;
    int mode, neg, set;
    fy_re_node **kids;
    int nkids, capkids;
    fy_re_node *next_alloc; /* every node of a parse, for freeing */
};

/* Character set items. */
enum { RS_LIT, RS_RANGE, RS_DIGIT, RS_NOTDIGIT, RS_SPACE, RS_NOTSPACE, RS_WORD, RS_NOTWORD };
typedef struct {
    int kind;
    uint32_t lo, hi;
} fy_re_setitem;
typedef struct {
    fy_re_setitem *items;
    int n, cap;
    bool negate;
    /* Filled by the compiler: flags it was compiled with and a map of code points < 256. */
    bool icase, ascii;
    uint32_t map[8];
} fy_re_set;

/* Parse result. On error msg is set (pos -1: no position); errkind 0 re.error,
 * 1 OverflowError, 2 ValueError, 3 RecursionError. */
typedef struct {
    fy_re_node *root;
    fy_re_node *all;
    fy_re_set *sets;
    int nsets, capsets;
    int flags;   /* the pattern's flags after inline global flags (and UNICODE for str) */
    int groups;  /* capture groups + 1 */
    char **names; /* names[g] (UTF-8) or NULL, g < groups */
    int capnames;
    char msg[256];
    int64_t pos;
    int errkind;
} fy_re_parse;

/* Parse pattern p[0..n) (code points; istext: str pattern). Returns 0, or -1 with r->msg set. */
int fy_re_parse_pattern(const uint32_t *p, int64_t n, bool istext, int flags, fy_re_parse *r);
void fy_re_parse_free(fy_re_parse *r);

/* Instructions. */
enum {
    RO_CHAR,     /* a: code point; b: 1 ignore case (c: ascii only) */
    RO_NOTCHAR,  /* same */
    RO_ANY,      /* any but \n */
    RO_ANYALL,   /* anything */
    RO_SET,      /* a: set index */
    RO_SPLIT,    /* try a, then b */
    RO_JMP,      /* a */
    RO_SAVE,     /* a: slot */
    RO_MARK,     /* a: loop register: position at the start of an iteration */
    RO_LOOPEND,  /* a: register; b: loop top; c: exit (taken if the iteration matched empty) */
    RO_AT,       /* a: RA_*; b: multiline; c: ascii (boundaries) */
    RO_BACKREF,  /* a: group; b: ignore case; c: ascii */
    RO_COND,     /* a: group; b: target when the group did not match */
    RO_LOOK,     /* a: sub-program start; b: 1 ahead, -1 behind; c: negated; d: width (behind) */
    RO_ATOMIC,   /* a: sub-program start */
    RO_SUCCEED,  /* end of a sub-program */
    RO_MATCH,
    RO_REPCHAR,  /* single-width item repeated: a: item pc; b: min; c: max; d: 0 greedy 1 lazy */
    /* A large counted repeat with a counter register instead of copies (no memo then): */
    RO_CNT_INIT, /* a: counter = 0 */
    RO_CNT_TEST, /* a: counter; b: min; c: max; d: exit; e: lazy. Body at pc + 1 */
    RO_CNT_INC   /* a: counter; b: its CNT_TEST; c: iteration start register (-1 none) */
};
typedef struct {
    int op;
    int m; /* memo slot (-1 none): SPLIT and REPCHAR of the main program */
    int64_t a, b, c, d, e;
} fy_re_ins;

typedef struct {
    fy_re_ins *code;
    int n, cap;
    int main_end;   /* pcs below it belong to the main program (memoised) */
    int nregs;      /* loop registers */
    int nmemo;      /* memo slots (SPLITs of the main program) */
    bool memo_ok;   /* no backrefs / conditionals: (pc, pos) determines the outcome */
    fy_re_set *sets; /* owned (moved from the parse) */
    int nsets;
    int groups;
    int flags;
    int64_t prefix; /* code point every match starts with, or -1 */
    /* first_ok: every match consumes a first character, and one below 256 is in first[] (bits);
     * a search skips the positions whose character cannot start a match */
    bool first_ok;
    uint32_t first[8];
} fy_re_prog;

/* Compile a parse into prog (takes the sets). 0, or -1 with r->msg set. */
int fy_re_compile(fy_re_parse *r, fy_re_prog *prog);
void fy_re_prog_free(fy_re_prog *prog);
/* Fill prog->first_ok / first (called by fy_re_compile). */
void fy_re_first_set(fy_re_prog *prog);

/* Character classes (shared by the compiler and the matcher). */
bool fy_re_is_word(uint32_t c, bool ascii);
bool fy_re_is_digit(uint32_t c, bool ascii);
bool fy_re_is_space(uint32_t c, bool ascii);
uint32_t fy_re_lower(uint32_t c, bool ascii);
uint32_t fy_re_upper(uint32_t c, bool ascii);
bool fy_re_set_has(const fy_re_set *s, uint32_t c);

/* Run prog on a subject of code points s32 or bytes s8 (the other NULL), from pos to endpos.
 * mode 0 match, 1 fullmatch, 2 search; | 4: a match found at pos must not be empty (the rule
 * for successive matches).
 * caps receives 2*groups slots (-1 unset); *lastindex the last group closed (-1 none).
 * Returns 1 matched, 0 not, -1 with a Python exception (interrupt, memory). */
int fy_re_exec(const fy_re_prog *prog, const uint32_t *s32, const uint8_t *s8, int64_t pos, int64_t endpos, int mode,
               int64_t *caps, int64_t *lastindex);

/* re.Match (mod_re_match.c): a match of pattern (the re.Pattern) on string with caps (2 *
 * ngroups slots, -1 unset) as the matcher left them. */
extern fy_type fy_re_match_type;
fy_obj *fy_re_match_new(fy_obj *pattern, fy_obj *string, fy_obj *groupindex, int64_t pos, int64_t endpos, int ngroups,
                        const int64_t *caps, int64_t lastindex);
int fy_re_match_ready(void);

#endif
