/* trace_fastmath.c - fast-math flags on the float ops the tracer emits: the ambient flags of the innermost
 * `with fx.fastmath(...)` block, an op's explicit fastmath= taking their place, and the text MLIR prints
 * for them (` fastmath<reassoc,contract>`, ` fastmath<fast>` for all of them). The flags reach the IR and
 * LLVM; the emulated arithmetic stays exact IEEE. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "flydsl/trace/trace.h"

#define FM_DEPTH 64
#define FM_FAST 127

static int fm_stack[FM_DEPTH];
static int fm_depth;           /* blocks entered (deeper ones than FM_DEPTH keep the innermost kept) */
static int fm_explicit = -1;   /* an op's explicit fastmath=, or -1 */

static const char *const fm_names[] = {"reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn"};

static int name_bits(const char *s, size_t n, int *bits) {
    if (n == 4 && !strncasecmp(s, "fast", 4)) return *bits |= FM_FAST, 0;
    if (n == 4 && !strncasecmp(s, "none", 4)) return 0;
    for (int i = 0; i < 7; i++)
        if (strlen(fm_names[i]) == n && !strncasecmp(s, fm_names[i], n)) return *bits |= 1 << i, 0;
    return -1;
}

int fy_trace_fastmath_parse(fy_obj *v, int *bits) {
    *bits = -1;
    if (!v || v == fy_None) return 0;
    if (FY_INT_CHECK(v) && !FY_INT_IS_BIG(v) && FY_INT_VAL(v) >= 0 && FY_INT_VAL(v) <= FM_FAST) {
        *bits = (int)FY_INT_VAL(v);
        return 0;
    }
    if (FY_STR_CHECK(v)) {
        const char *s = FY_STR_DATA(v);
        int b = 0;
        while (*s) {
            while (*s == ',' || *s == ' ' || *s == '|') s++;
            size_t n = strcspn(s, ", |");
            if (!n) break;
            if (name_bits(s, n, &b) < 0) {
                char word[32];
                snprintf(word, sizeof word, "%.*s", (int)(n < 31 ? n : 31), s);
                fy_err_format(&fy_ValueError,
                              "fastmath: unknown flag '%s' (reassoc, nnan, ninf, nsz, arcp, "
                              "contract, afn, fast or none)",
                              word);
                return -1;
            }
            s += n;
        }
        *bits = b;
        return 0;
    }
    fy_obj *has_index = fy_getattr_opt(v, fy_intern("__index__"));
    if (has_index) { /* flydsl._mlir's arith.FastMathFlags: its bits */
        FY_DECREF(has_index);
        fy_obj *i = fy_number_index(v);
        if (!i) return -1;
        int r = FY_INT_CHECK(i) && !FY_INT_IS_BIG(i) && FY_INT_VAL(i) >= 0 && FY_INT_VAL(i) <= FM_FAST;
        if (r) *bits = (int)FY_INT_VAL(i);
        FY_DECREF(i);
        if (r) return 0;
    }
    if (fy_err_occurred()) return -1;
    fy_err_format(&fy_TypeError, "fastmath: expected FastMathFlags, an int or a str, not '%s'", fy_type_name(v));
    return -1;
}

void fy_trace_fastmath_push(int bits) {
    if (fm_depth < FM_DEPTH) fm_stack[fm_depth] = bits;
    fm_depth++;
}

void fy_trace_fastmath_pop(void) {
    if (fm_depth > 0) fm_depth--;
}

int fy_trace_fastmath_current(void) {
    if (!fm_depth) return -1;
    return fm_stack[(fm_depth < FM_DEPTH ? fm_depth : FM_DEPTH) - 1];
}

int fy_trace_fastmath_override(int bits) {
    int prev = fm_explicit;
    fm_explicit = bits;
    return prev;
}

const char *fy_trace_fastmath_text(void) {
    static char buf[96];
    int b = fm_explicit >= 0 ? fm_explicit : fy_trace_fastmath_current();
    if (b <= 0) return "";
    if ((b & FM_FAST) == FM_FAST) return " fastmath<fast>";
    size_t n = (size_t)snprintf(buf, sizeof buf, " fastmath<");
    for (int i = 0, first = 1; i < 7; i++)
        if (b & (1 << i)) {
            n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s", first ? "" : ",", fm_names[i]);
            first = 0;
        }
    snprintf(buf + n, sizeof buf - n, ">");
    return buf;
}
