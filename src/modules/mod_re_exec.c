/* mod_re_exec.c - the backtracking matcher for mod_re.h programs.
 *
 * One explicit stack holds branch points and the undo records of captures, loop registers and
 * lastindex. Lookarounds and atomic groups run their sub-program recursively on the same stack
 * and then cut its branch points. Patterns without backreferences or conditionals memoise the
 * (branch point, position) states already explored, once a search has taken many steps: the
 * outcome of such a state does not depend on how it was reached, so nested quantifiers such
 * as (a*)*b finish in time proportional to program size times subject length. */
#include <stdlib.h>
#include <string.h>
#include "modules/mod_re.h"
#include "objects/object.h"

enum { BT_BRANCH, BT_CAP, BT_REG, BT_LAST, BT_REP, BT_REPL };
typedef struct {
    int kind;
    int pc;
    int64_t a, b;
} bt;

typedef struct {
    const fy_re_prog *p;
    const uint32_t *s32; /* the subject: code points, or */
    const uint8_t *s8;   /* bytes (ASCII str, bytes) */
    int64_t end;
    bool full;
    int64_t noempty; /* a match starting here must not be empty (-1: no such rule) */
    int64_t *caps;
    int64_t *regs;
    int64_t lastindex;
    bt *st;
    size_t sp, cap;
    bt *st_inline; /* st starts as this buffer on fy_re_exec's stack (short matches need no heap) */
    uint64_t steps;
    /* Explored states, once the search is long: per page of MEMO_PAGE positions, nmemo bits
     * for each position (pages allocated when first touched). */
    uint64_t **memo;
    int64_t npages;
    bool memo_tried, memo_oom;
    int depth;
} M;

/* The subject's character i (s8 / s32 are locals of the function using it). */
#define CH(i) (s8 ? (uint32_t)s8[i] : s32[i])

#define MEMO_AFTER 20000u
#define MEMO_SHIFT 10
#define MEMO_PAGE ((int64_t)1 << MEMO_SHIFT)

static int push(M *m, int kind, int pc, int64_t a, int64_t b) {
    if (m->sp == m->cap) {
        size_t cap = m->cap ? m->cap * 2 : 256;
        bt *ns = m->st == m->st_inline ? malloc(cap * sizeof *ns) : realloc(m->st, cap * sizeof *ns);
        if (!ns) {
            fy_err_nomem();
            return -1;
        }
        if (m->st == m->st_inline) memcpy(ns, m->st, m->sp * sizeof *ns);
        m->st = ns;
        m->cap = cap;
    }
    m->st[m->sp++] = (bt){kind, pc, a, b};
    return 0;
}

/* Has state (slot, pos) been explored? Marks it. false when not memoising. */
static bool seen(M *m, int slot, int64_t pos) {
    if (!m->memo || slot < 0) return false;
    uint64_t *page = m->memo[pos >> MEMO_SHIFT];
    if (!page) {
        if (m->memo_oom) return false;
        size_t words = ((size_t)m->p->nmemo * (size_t)MEMO_PAGE + 63) / 64;
        page = m->memo[pos >> MEMO_SHIFT] = calloc(words, sizeof(uint64_t));
        if (!page) {
            m->memo_oom = true; /* go on without */
            return false;
        }
    }
    uint64_t bit = (uint64_t)slot * (uint64_t)MEMO_PAGE + (uint64_t)(pos & (MEMO_PAGE - 1));
    uint64_t w = page[bit >> 6], mask = (uint64_t)1 << (bit & 63);
    if (w & mask) return true;
    page[bit >> 6] = w | mask;
    return false;
}

static void memo_start(M *m) {
    m->memo_tried = true;
    if (!m->p->memo_ok || m->p->nmemo == 0) return;
    m->npages = (m->end >> MEMO_SHIFT) + 1;
    m->memo = calloc((size_t)m->npages, sizeof *m->memo);
}

static void memo_free(M *m) {
    if (!m->memo) return;
    for (int64_t k = 0; k < m->npages; k++) free(m->memo[k]);
    free(m->memo);
}

static bool single(const fy_re_prog *p, const fy_re_ins *in, uint32_t ch) {
    switch (in->op) {
    case RO_CHAR:
    case RO_NOTCHAR: {
        uint32_t c = (uint32_t)in->a;
        bool eq = ch == c;
        if (!eq && in->b) {
            bool asc = in->c != 0;
            eq = fy_re_lower(ch, asc) == fy_re_lower(c, asc) || fy_re_upper(ch, asc) == fy_re_upper(c, asc);
        }
        return in->op == RO_CHAR ? eq : !eq;
    }
    case RO_ANY: return ch != '\n';
    case RO_ANYALL: return true;
    case RO_SET: return fy_re_set_has(&p->sets[in->a], ch);
    default: return false;
    }
}

void fy_re_first_set(fy_re_prog *p) {
    p->first_ok = false;
    memset(p->first, 0, sizeof p->first);
    if (p->main_end <= 0) return;
    /* walk the main program from pc 0 through the instructions that consume nothing; every
     * character instruction reached adds what it accepts; anything else gives up */
    bool *seenpc = calloc((size_t)p->main_end, sizeof *seenpc);
    int *work = malloc((size_t)p->main_end * 2 * sizeof *work);
    if (!seenpc || !work) {
        free(seenpc);
        free(work);
        return;
    }
    int nw = 0;
    bool ok = true;
    work[nw++] = 0;
#define FIRST_GO(t) \
    do { \
        int t_ = (int)(t); \
        if (t_ < 0 || t_ >= p->main_end) ok = false; \
        else if (!seenpc[t_]) { \
            seenpc[t_] = true; \
            work[nw++] = t_; \
        } \
    } while (0)
    seenpc[0] = true;
    while (nw && ok) {
        int pc = work[--nw];
        const fy_re_ins *in = &p->code[pc];
        switch (in->op) {
        case RO_CHAR:
        case RO_NOTCHAR:
        case RO_ANY:
        case RO_ANYALL:
        case RO_SET:
            for (uint32_t ch = 0; ch < 256; ch++)
                if (single(p, in, ch)) p->first[ch >> 5] |= 1u << (ch & 31);
            break;
        case RO_REPCHAR:
            if (pc + 1 >= p->main_end) {
                ok = false;
                break;
            }
            for (uint32_t ch = 0; ch < 256; ch++)
                if (single(p, &p->code[pc + 1], ch)) p->first[ch >> 5] |= 1u << (ch & 31);
            if (in->b == 0) FIRST_GO(pc + 2);
            break;
        case RO_SPLIT:
            FIRST_GO(in->a);
            FIRST_GO(in->b);
            break;
        case RO_JMP: FIRST_GO(in->a); break;
        case RO_LOOPEND:
            FIRST_GO(in->b);
            FIRST_GO(in->c);
            break;
        case RO_SAVE:
        case RO_MARK:
        case RO_AT: /* zero-width: what follows still has to consume the first character */ FIRST_GO(pc + 1); break;
        default: ok = false; /* the match itself (an empty match), lookarounds, backrefs, counters */
        }
    }
#undef FIRST_GO
    free(seenpc);
    free(work);
    p->first_ok = ok;
}

static bool at_ok(M *m, const fy_re_ins *in, int64_t pos) {
    const uint32_t *s32 = m->s32;
    const uint8_t *s8 = m->s8;
    int64_t end = m->end;
    switch (in->a) {
    case RA_BEGIN: return pos == 0 || (in->b && CH(pos - 1) == '\n');
    case RA_END:
        if (in->b) return pos == end || CH(pos) == '\n';
        return pos == end || (pos + 1 == end && CH(pos) == '\n');
    case RA_BEGIN_STR: return pos == 0;
    case RA_END_STR: return pos == end;
    case RA_BOUNDARY:
    case RA_NONBOUNDARY: {
        if (end == 0) return false;
        bool asc = in->c != 0;
        bool before = pos > 0 && fy_re_is_word(CH(pos - 1), asc);
        bool after = pos < end && fy_re_is_word(CH(pos), asc);
        return in->a == RA_BOUNDARY ? before != after : before == after;
    }
    default: return false;
    }
}

/* Drop the branch points above base, keeping the undo records (after an atomic success). */
static void cut(M *m, size_t base) {
    size_t w = base;
    for (size_t k = base; k < m->sp; k++)
        if (m->st[k].kind == BT_CAP || m->st[k].kind == BT_REG || m->st[k].kind == BT_LAST) m->st[w++] = m->st[k];
    m->sp = w;
}

/* Undo everything above base. */
static void unwind(M *m, size_t base) {
    while (m->sp > base) {
        bt e = m->st[--m->sp];
        if (e.kind == BT_CAP) m->caps[e.pc] = e.a;
        else if (e.kind == BT_REG) m->regs[e.pc] = e.a;
        else if (e.kind == BT_LAST) m->lastindex = e.a;
    }
}

static int run(M *m, int pc, int64_t pos, int64_t *out);

/* A sub-program from pos: 1 matched (stack entries left above base), 0 not, -1 error. */
static int sub(M *m, int pc, int64_t pos, int64_t *out) {
    if (++m->depth > 2000) {
        m->depth--;
        fy_err_set(&fy_RecursionError, "maximum recursion limit exceeded");
        return -1;
    }
    int r = run(m, pc, pos, out);
    m->depth--;
    return r;
}

static int run(M *m, int pc, int64_t pos, int64_t *out) {
    const fy_re_prog *p = m->p;
    const fy_re_ins *code = p->code;
    const uint32_t *s32 = m->s32;
    const uint8_t *s8 = m->s8;
    const int64_t end = m->end;
    size_t base = m->sp;
    for (;;) {
        const fy_re_ins *in = &code[pc];
        if ((++m->steps & 0x3fff) == 0) {
            if (fy_check_interrupt() < 0) return -1;
            if (!m->memo_tried && m->steps > MEMO_AFTER) memo_start(m);
        }
        switch (in->op) {
        case RO_CHAR:
        case RO_NOTCHAR:
        case RO_ANY:
        case RO_ANYALL:
        case RO_SET:
            if (pos < end && single(p, in, CH(pos))) {
                pos++;
                pc++;
                continue;
            }
            goto fail;
        case RO_SPLIT:
            if (seen(m, in->m, pos)) goto fail;
            if (push(m, BT_BRANCH, (int)in->b, pos, 0) < 0) return -1;
            pc = (int)in->a;
            continue;
        case RO_JMP: pc = (int)in->a; continue;
        case RO_SAVE:
            if (push(m, BT_CAP, (int)in->a, m->caps[in->a], 0) < 0) return -1;
            m->caps[in->a] = pos;
            if (in->a & 1) {
                if (push(m, BT_LAST, 0, m->lastindex, 0) < 0) return -1;
                m->lastindex = in->a / 2;
            }
            pc++;
            continue;
        case RO_MARK:
            if (push(m, BT_REG, (int)in->a, m->regs[in->a], 0) < 0) return -1;
            m->regs[in->a] = pos;
            pc++;
            continue;
        case RO_LOOPEND: pc = (int)(pos == m->regs[in->a] ? in->c : in->b); continue;
        case RO_AT:
            if (!at_ok(m, in, pos)) goto fail;
            pc++;
            continue;
        case RO_BACKREF: {
            int64_t gs = m->caps[2 * in->a], ge = m->caps[2 * in->a + 1];
            if (gs < 0 || ge < 0 || ge < gs) goto fail;
            if (pos + (ge - gs) > end) goto fail;
            bool asc = in->c != 0;
            for (int64_t k = 0; k < ge - gs; k++) {
                uint32_t a = CH(gs + k), b = CH(pos + k);
                if (a == b) continue;
                if (!in->b ||
                    (fy_re_lower(a, asc) != fy_re_lower(b, asc) && fy_re_upper(a, asc) != fy_re_upper(b, asc)))
                    goto fail;
            }
            pos += ge - gs;
            pc++;
            continue;
        }
        case RO_COND: pc = m->caps[2 * in->a] >= 0 && m->caps[2 * in->a + 1] >= 0 ? pc + 1 : (int)in->b; continue;
        case RO_LOOK: {
            int64_t start = in->b < 0 ? pos - in->d : pos, e;
            size_t sb = m->sp;
            int r = 0;
            if (start >= 0) r = sub(m, (int)in->a, start, &e);
            if (r < 0) return -1;
            if (in->c) {
                unwind(m, sb);
                if (r) goto fail;
            } else {
                if (!r) goto fail;
                cut(m, sb);
            }
            pc++;
            continue;
        }
        case RO_ATOMIC: {
            size_t sb = m->sp;
            int64_t e;
            int r = sub(m, (int)in->a, pos, &e);
            if (r < 0) return -1;
            if (!r) goto fail;
            cut(m, sb);
            pos = e;
            pc++;
            continue;
        }
        case RO_SUCCEED: *out = pos; return 1;
        case RO_MATCH:
            if (m->full && pos != end) goto fail;
            if (pos == m->noempty && m->depth == 0) goto fail;
            *out = pos;
            return 1;
        case RO_REPCHAR: {
            const fy_re_ins *item = &code[pc + 1];
            int64_t lo = pos + in->b;
            if (lo > end) goto fail;
            for (int64_t k = pos; k < lo; k++)
                if (!single(p, item, CH(k))) goto fail;
            int64_t lim = in->c >= FY_RE_MAXREPEAT || pos + in->c > end ? end : pos + in->c;
            if (in->d) { /* lazy: the fewest first */
                int64_t q = lo;
                while (seen(m, in->m, q)) {
                    if (q < lim && single(p, item, CH(q))) q++;
                    else goto fail;
                }
                if (push(m, BT_REPL, pc, q, lim) < 0) return -1;
                pos = q;
            } else {
                int64_t q = lo;
                while (q < lim && single(p, item, CH(q))) q++;
                while (q >= lo && seen(m, in->m, q)) q--;
                if (q < lo) goto fail;
                if (q > lo && push(m, BT_REP, pc, q - 1, lo) < 0) return -1;
                pos = q;
            }
            pc += 2;
            continue;
        }
        case RO_CNT_INIT:
            if (push(m, BT_REG, (int)in->a, m->regs[in->a], 0) < 0) return -1;
            m->regs[in->a] = 0;
            pc++;
            continue;
        case RO_CNT_TEST: {
            int64_t n = m->regs[in->a];
            if (n < in->b) {
                pc++;
            } else if (in->c < FY_RE_MAXREPEAT && n >= in->c) {
                pc = (int)in->d;
            } else if (in->e) { /* lazy: the rest first, another iteration on failure */
                if (push(m, BT_BRANCH, pc + 1, pos, 0) < 0) return -1;
                pc = (int)in->d;
            } else {
                if (push(m, BT_BRANCH, (int)in->d, pos, 0) < 0) return -1;
                pc++;
            }
            continue;
        }
        case RO_CNT_INC: {
            if (push(m, BT_REG, (int)in->a, m->regs[in->a], 0) < 0) return -1;
            int64_t n = ++m->regs[in->a];
            const fy_re_ins *test = &code[in->b];
            /* An optional iteration that matched the empty string ends the repeat. */
            if (in->c >= 0 && n > test->b && pos == m->regs[in->c]) pc = (int)test->d;
            else pc = (int)in->b;
            continue;
        }
        default: fy_err_set(&fy_SystemError, "re: bad instruction"); return -1;
        }
    fail:
        for (;;) {
            if (m->sp == base) return 0;
            bt e = m->st[--m->sp];
            if (e.kind == BT_CAP) {
                m->caps[e.pc] = e.a;
            } else if (e.kind == BT_REG) {
                m->regs[e.pc] = e.a;
            } else if (e.kind == BT_LAST) {
                m->lastindex = e.a;
            } else if (e.kind == BT_BRANCH) {
                pc = e.pc;
                pos = e.a;
                break;
            } else if (e.kind == BT_REP) {
                int64_t q = e.a;
                const fy_re_ins *rp = &code[e.pc];
                while (q >= e.b && seen(m, rp->m, q)) q--;
                if (q < e.b) continue;
                if (q > e.b && push(m, BT_REP, e.pc, q - 1, e.b) < 0) return -1;
                pc = e.pc + 2;
                pos = q;
                break;
            } else { /* BT_REPL */
                int64_t q = e.a;
                const fy_re_ins *rp = &code[e.pc], *item = &code[e.pc + 1];
                bool ok = false;
                while (q < e.b && single(p, item, CH(q))) {
                    q++;
                    if (!seen(m, rp->m, q)) {
                        ok = true;
                        break;
                    }
                }
                if (!ok) continue;
                if (push(m, BT_REPL, e.pc, q, e.b) < 0) return -1;
                pc = e.pc + 2;
                pos = q;
                break;
            }
        }
    }
}

int fy_re_exec(const fy_re_prog *prog, const uint32_t *s32, const uint8_t *s8, int64_t pos, int64_t endpos, int mode,
               int64_t *caps, int64_t *lastindex) {
    bool adv = (mode & 4) != 0;
    mode &= 3;
    M m = {.p = prog,
           .s32 = s32,
           .s8 = s8,
           .end = endpos,
           .full = mode == 1,
           .caps = caps,
           .lastindex = -1,
           .noempty = -1};
    int ncaps = 2 * prog->groups;
    for (int k = 0; k < ncaps; k++) caps[k] = -1;
    bt st_buf[64];
    int64_t regs_buf[16];
    m.st = m.st_inline = st_buf;
    m.cap = sizeof st_buf / sizeof st_buf[0];
    if (prog->nregs + 1 <= 16) {
        memset(regs_buf, 0, sizeof regs_buf);
        m.regs = regs_buf;
    } else if (!(m.regs = calloc((size_t)prog->nregs + 1, sizeof *m.regs))) {
        fy_err_nomem();
        return -1;
    }
    int r = 0;
    for (int64_t start = pos; start <= endpos; start++) {
        if (mode == 2 && prog->prefix >= 0) {
            while (start < endpos && CH(start) != (uint32_t)prog->prefix) start++;
            if (start >= endpos) break;
        } else if (mode == 2 && prog->first_ok) {
            while (start < endpos) {
                uint32_t ch = CH(start);
                if (ch >= 256 || (prog->first[ch >> 5] >> (ch & 31)) & 1) break;
                start++;
            }
            if (start >= endpos) break; /* no match is empty */
        }
        int64_t e;
        m.sp = 0;
        m.noempty = adv && start == pos ? start : -1;
        r = run(&m, 0, start, &e);
        if (r != 0) {
            if (r == 1) {
                caps[0] = start;
                caps[1] = e;
                *lastindex = m.lastindex;
            }
            break;
        }
        if (mode != 2) break;
    }
    if (m.regs != regs_buf) free(m.regs);
    if (m.st != m.st_inline) free(m.st);
    memo_free(&m);
    return r;
}
