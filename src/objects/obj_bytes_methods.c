/* obj_bytes_methods.c - the methods of bytes and bytearray (search, split, replace, strip, case,
 * padding, predicates), bytes.decode / str.encode with error handlers. Results have the type
 * of self's base: bytes for bytes (and its subclasses), bytearray for bytearray. */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include "exec/interp.h"
#include "objects/object.h"
#include "objects/objects_int.h"

#define METH(name) static fy_obj *name(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw)

/* A new bytes or bytearray (like self) holding d[0:n]. */
static fy_obj *like(fy_obj *self, const char *d, int64_t n) {
    fy_obj *b = fy_bytes_from(d, (size_t)n);
    if (!b || FY_BYTES_CHECK(self)) return b;
    fy_obj *r = fy_call1((fy_obj *)&fy_bytearray_type, b);
    FY_DECREF(b);
    return r;
}
static fy_obj *like_sbuf(fy_obj *self, fy_sbuf *s) {
    if (s->oom) {
        fy_sbuf_free(s);
        return fy_err_set(&fy_MemoryError, "");
    }
    fy_obj *r = like(self, s->p ? s->p : "", (int64_t)s->len);
    fy_sbuf_free(s);
    return r;
}

static void self_buf(fy_obj *self, const char **d, int64_t *n) {
    if (!fy_bytes_buf(self, d, n)) {
        *d = "";
        *n = 0;
    }
}

/* A bytes-like argument; TypeError "a bytes-like object is required, not 'T'". */
static int arg_buf(fy_obj *o, const char **d, int64_t *n) {
    if (fy_bytes_buf(o, d, n)) return 0;
    fy_err_format(&fy_TypeError, "a bytes-like object is required, not '%s'", o->type->name);
    return -1;
}

/* The sub argument of find/count/index: bytes-like or an int in range(256). */
static int sub_arg(fy_obj *o, const char **d, int64_t *n, char *one) {
    if (FY_INT_CHECK(o)) {
        int64_t v = FY_INT_IS_BIG(o) ? -1 : FY_INT_VAL(o);
        if (v < 0 || v > 255) {
            fy_err_set(&fy_ValueError, "byte must be in range(0, 256)");
            return -1;
        }
        *one = (char)v;
        *d = one;
        *n = 1;
        return 0;
    }
    if (fy_bytes_buf(o, d, n)) return 0;
    fy_err_format(&fy_TypeError, "argument should be integer or bytes-like object, not '%s'", o->type->name);
    return -1;
}

/* Optional start/end arguments as clamped offsets into [0, n]. */
static int range_args(fy_obj *const *args, size_t nargs, size_t first, int64_t n, int64_t *st, int64_t *en) {
    *st = 0;
    *en = n;
    if (nargs > first && args[first] != fy_None && fy_index(args[first], st) < 0) return -1;
    if (nargs > first + 1 && args[first + 1] != fy_None && fy_index(args[first + 1], en) < 0) return -1;
    if (*st < 0) {
        *st += n;
        if (*st < 0) *st = 0;
    }
    if (*en < 0) {
        *en += n;
        if (*en < 0) *en = 0;
    }
    if (*en > n) *en = n;
    return 0;
}

static int64_t find_in(const char *h, int64_t hn, const char *x, int64_t xn, bool rev) {
    if (xn > hn) return -1;
    if (!rev) {
        if (!xn) return 0;
        const char *p = memmem(h, (size_t)hn, x, (size_t)xn);
        return p ? p - h : -1;
    }
    for (int64_t i = hn - xn; i >= 0; i--)
        if (!memcmp(h + i, x, (size_t)xn)) return i;
    return -1;
}

static fy_obj *find_common(fy_obj *self, fy_obj *const *args, size_t nargs, bool rev, bool raise, const char *name) {
    if (fy_check_nargs(name, nargs, 1, 3) < 0) return NULL;
    const char *d, *x;
    int64_t n, xn, st, en;
    char one;
    self_buf(self, &d, &n);
    if (sub_arg(args[0], &x, &xn, &one) < 0 || range_args(args, nargs, 1, n, &st, &en) < 0) return NULL;
    int64_t r = -1;
    if (st <= n && st <= en) {
        r = find_in(d + st, en - st, x, xn, rev);
        if (r >= 0) r += st;
    }
    if (r < 0 && raise) return fy_err_set(&fy_ValueError, "subsection not found");
    return fy_int_from(r);
}
METH(b_find) { return find_common(self, args, nargs, false, false, "find"); }
METH(b_rfind) { return find_common(self, args, nargs, true, false, "rfind"); }
METH(b_index) { return find_common(self, args, nargs, false, true, "index"); }
METH(b_rindex) { return find_common(self, args, nargs, true, true, "rindex"); }

METH(b_count) {
    if (fy_check_nargs("count", nargs, 1, 3) < 0) return NULL;
    const char *d, *x;
    int64_t n, xn, st, en;
    char one;
    self_buf(self, &d, &n);
    if (sub_arg(args[0], &x, &xn, &one) < 0 || range_args(args, nargs, 1, n, &st, &en) < 0) return NULL;
    if (st > n || st > en) return fy_int_from(0);
    if (!xn) return fy_int_from(en - st + 1);
    int64_t c = 0;
    for (int64_t i = st; i + xn <= en;) {
        int64_t k = find_in(d + i, en - i, x, xn, false);
        if (k < 0) break;
        c++;
        i += k + xn;
    }
    return fy_int_from(c);
}

static fy_obj *affix(fy_obj *self, fy_obj *const *args, size_t nargs, bool end, const char *name) {
    if (fy_check_nargs(name, nargs, 1, 3) < 0) return NULL;
    const char *d;
    int64_t n, st, en;
    self_buf(self, &d, &n);
    if (range_args(args, nargs, 1, n, &st, &en) < 0) return NULL;
    fy_obj *const *cand = &args[0];
    int64_t nc = 1;
    if (FY_TUPLE_CHECK(args[0])) {
        cand = FY_TUPLE_ITEMS(args[0]);
        nc = FY_TUPLE_N(args[0]);
    }
    for (int64_t i = 0; i < nc; i++) {
        const char *p;
        int64_t pn;
        if (!fy_bytes_buf(cand[i], &p, &pn))
            return fy_err_format(&fy_TypeError, "%s first arg must be bytes or a tuple of bytes, not %s", name,
                                 cand[i]->type->name);
        if (st > n || en - st < pn) continue;
        if (!memcmp(end ? d + en - pn : d + st, p, (size_t)pn)) return fy_bool(true);
    }
    return fy_bool(false);
}
METH(b_startswith) { return affix(self, args, nargs, false, "startswith"); }
METH(b_endswith) { return affix(self, args, nargs, true, "endswith"); }

static void list_reverse(fy_obj *l) {
    fy_obj **it = FY_LIST_ITEMS(l);
    for (int64_t i = 0, j = FY_LIST_N(l) - 1; i < j; i++, j--) {
        fy_obj *t = it[i];
        it[i] = it[j];
        it[j] = t;
    }
}

static bool is_ws(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

static fy_obj *split_common(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw, bool rev) {
    static const char *const names[] = {"sep", "maxsplit", NULL};
    fy_obj *a[2];
    if (fy_parse_args(rev ? "rsplit" : "split", args, nargs, kw, names, 0, 2, 2, a) < 0) return NULL;
    const char *d, *sep = NULL;
    int64_t n, sn = 0, maxs = -1;
    self_buf(self, &d, &n);
    if (a[0] && a[0] != fy_None) {
        if (arg_buf(a[0], &sep, &sn) < 0) return NULL;
        if (!sn) return fy_err_set(&fy_ValueError, "empty separator");
    }
    if (a[1] && fy_index(a[1], &maxs) < 0) return NULL;
    fy_obj *l = fy_list_new(0);
    if (!l) return NULL;
    int64_t count = 0;
    if (!sep) {
        if (!rev) {
            int64_t i = 0;
            while (i < n) {
                while (i < n && is_ws((unsigned char)d[i])) i++;
                if (i >= n) break;
                if (maxs >= 0 && count >= maxs) {
                    fy_list_append_steal(l, like(self, d + i, n - i));
                    break;
                }
                int64_t j = i;
                while (j < n && !is_ws((unsigned char)d[j])) j++;
                fy_list_append_steal(l, like(self, d + i, j - i));
                count++;
                i = j;
            }
        } else {
            int64_t i = n;
            while (i > 0) {
                while (i > 0 && is_ws((unsigned char)d[i - 1])) i--;
                if (i <= 0) break;
                if (maxs >= 0 && count >= maxs) {
                    fy_list_append_steal(l, like(self, d, i));
                    break;
                }
                int64_t j = i;
                while (j > 0 && !is_ws((unsigned char)d[j - 1])) j--;
                fy_list_append_steal(l, like(self, d + j, i - j));
                count++;
                i = j;
            }
            list_reverse(l);
        }
        return l;
    }
    if (!rev) {
        int64_t i = 0;
        for (;;) {
            int64_t k = (maxs >= 0 && count >= maxs) ? -1 : find_in(d + i, n - i, sep, sn, false);
            if (k < 0) {
                fy_list_append_steal(l, like(self, d + i, n - i));
                break;
            }
            fy_list_append_steal(l, like(self, d + i, k));
            count++;
            i += k + sn;
        }
    } else {
        int64_t e = n;
        for (;;) {
            int64_t k = (maxs >= 0 && count >= maxs) ? -1 : find_in(d, e, sep, sn, true);
            if (k < 0) {
                fy_list_append_steal(l, like(self, d, e));
                break;
            }
            fy_list_append_steal(l, like(self, d + k + sn, e - k - sn));
            count++;
            e = k;
        }
        list_reverse(l);
    }
    return l;
}
METH(b_split) { return split_common(self, args, nargs, kw, false); }
METH(b_rsplit) { return split_common(self, args, nargs, kw, true); }

METH(b_splitlines) {
    static const char *const names[] = {"keepends", NULL};
    fy_obj *a[1];
    if (fy_parse_args("splitlines", args, nargs, kw, names, 0, 1, 1, a) < 0) return NULL;
    int keep = a[0] ? fy_truthy(a[0]) : 0;
    if (keep < 0) return NULL;
    const char *d;
    int64_t n;
    self_buf(self, &d, &n);
    fy_obj *l = fy_list_new(0);
    for (int64_t i = 0; l && i < n;) {
        int64_t j = i;
        while (j < n && d[j] != '\n' && d[j] != '\r') j++;
        int64_t e = j;
        if (j < n) j += (d[j] == '\r' && j + 1 < n && d[j + 1] == '\n') ? 2 : 1;
        fy_list_append_steal(l, like(self, d + i, keep ? j - i : e - i));
        i = j;
    }
    return l;
}

METH(b_replace) {
    if (fy_check_nargs("replace", nargs, 2, 3) < 0) return NULL;
    const char *d, *o, *w;
    int64_t n, on, wn, maxc = -1;
    self_buf(self, &d, &n);
    if (arg_buf(args[0], &o, &on) < 0 || arg_buf(args[1], &w, &wn) < 0) return NULL;
    if (nargs > 2 && fy_index(args[2], &maxc) < 0) return NULL;
    fy_sbuf s = {0};
    int64_t count = 0, i = 0;
    if (!on) {
        /* insert w before every byte and at the end */
        for (; i <= n; i++) {
            if (maxc < 0 || count < maxc) {
                fy_sbuf_add(&s, w, (size_t)wn);
                count++;
            }
            if (i < n) fy_sbuf_addc(&s, d[i]);
        }
        return like_sbuf(self, &s);
    }
    while (i < n) {
        int64_t k = (maxc >= 0 && count >= maxc) ? -1 : find_in(d + i, n - i, o, on, false);
        if (k < 0) break;
        fy_sbuf_add(&s, d + i, (size_t)k);
        fy_sbuf_add(&s, w, (size_t)wn);
        i += k + on;
        count++;
    }
    fy_sbuf_add(&s, d + i, (size_t)(n - i));
    return like_sbuf(self, &s);
}

static fy_obj *strip_common(fy_obj *self, fy_obj *const *args, size_t nargs, int which, const char *name) {
    if (fy_check_nargs(name, nargs, 0, 1) < 0) return NULL;
    const char *d, *cs = NULL;
    int64_t n, cn = 0;
    self_buf(self, &d, &n);
    if (nargs && args[0] != fy_None && arg_buf(args[0], &cs, &cn) < 0) return NULL;
    int64_t b = 0, e = n;
#define STRIPPED(c) (cs ? memchr(cs, (c), (size_t)cn) != NULL : is_ws((unsigned char)(c)))
    if (which & 1)
        while (b < e && STRIPPED(d[b])) b++;
    if (which & 2)
        while (e > b && STRIPPED(d[e - 1])) e--;
#undef STRIPPED
    return like(self, d + b, e - b);
}
METH(b_strip) { return strip_common(self, args, nargs, 3, "strip"); }
METH(b_lstrip) { return strip_common(self, args, nargs, 1, "lstrip"); }
METH(b_rstrip) { return strip_common(self, args, nargs, 2, "rstrip"); }

static bool lower_c(unsigned char c) { return c >= 'a' && c <= 'z'; }
static bool upper_c(unsigned char c) { return c >= 'A' && c <= 'Z'; }
static bool alpha_c(unsigned char c) { return lower_c(c) || upper_c(c); }
static bool digit_c(unsigned char c) { return c >= '0' && c <= '9'; }

/* mode: 0 lower, 1 upper, 2 swapcase, 3 capitalize, 4 title */
static fy_obj *case_map(fy_obj *self, size_t nargs, int mode, const char *name) {
    if (fy_check_nargs(name, nargs, 0, 0) < 0) return NULL;
    const char *d;
    int64_t n;
    self_buf(self, &d, &n);
    fy_sbuf s = {0};
    bool prev_alpha = false;
    for (int64_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)d[i];
        bool up;
        switch (mode) {
        case 0: up = false; break;
        case 1: up = true; break;
        case 2: up = lower_c(c); break;
        case 3: up = i == 0; break;
        default: up = !prev_alpha; break;
        }
        if (mode == 2 && !alpha_c(c)) fy_sbuf_addc(&s, (char)c);
        else if (up && lower_c(c)) fy_sbuf_addc(&s, (char)(c - 32));
        else if (!up && upper_c(c)) fy_sbuf_addc(&s, (char)(c + 32));
        else fy_sbuf_addc(&s, (char)c);
        prev_alpha = alpha_c(c);
    }
    return like_sbuf(self, &s);
}
METH(b_lower) { return case_map(self, nargs, 0, "lower"); }
METH(b_upper) { return case_map(self, nargs, 1, "upper"); }
METH(b_swapcase) { return case_map(self, nargs, 2, "swapcase"); }
METH(b_capitalize) { return case_map(self, nargs, 3, "capitalize"); }
METH(b_title) { return case_map(self, nargs, 4, "title"); }

/* kind: 0 isalpha 1 isdigit 2 isalnum 3 isspace 4 islower 5 isupper 6 isascii */
static fy_obj *predicate(fy_obj *self, int kind) {
    const char *d;
    int64_t n;
    self_buf(self, &d, &n);
    if (kind == 6) {
        for (int64_t i = 0; i < n; i++)
            if ((unsigned char)d[i] >= 0x80) return fy_bool(false);
        return fy_bool(true);
    }
    if (!n) return fy_bool(false);
    bool cased = false;
    for (int64_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)d[i];
        switch (kind) {
        case 0:
            if (!alpha_c(c)) return fy_bool(false);
            break;
        case 1:
            if (!digit_c(c)) return fy_bool(false);
            break;
        case 2:
            if (!alpha_c(c) && !digit_c(c)) return fy_bool(false);
            break;
        case 3:
            if (!is_ws(c)) return fy_bool(false);
            break;
        case 4:
            if (upper_c(c)) return fy_bool(false);
            cased |= lower_c(c);
            break;
        default:
            if (lower_c(c)) return fy_bool(false);
            cased |= upper_c(c);
            break;
        }
    }
    return fy_bool(kind < 4 || cased);
}
METH(b_isalpha) { return predicate(self, 0); }
METH(b_isdigit) { return predicate(self, 1); }
METH(b_isalnum) { return predicate(self, 2); }
METH(b_isspace) { return predicate(self, 3); }
METH(b_islower) { return predicate(self, 4); }
METH(b_isupper) { return predicate(self, 5); }
METH(b_isascii) { return predicate(self, 6); }

/* mode: 0 ljust, 1 rjust, 2 center */
static fy_obj *pad(fy_obj *self, fy_obj *const *args, size_t nargs, int mode, const char *name) {
    if (fy_check_nargs(name, nargs, 1, 2) < 0) return NULL;
    const char *d, *f = " ";
    int64_t n, w, fn = 1;
    self_buf(self, &d, &n);
    if (fy_index(args[0], &w) < 0) return NULL;
    if (nargs > 1 && (!fy_bytes_buf(args[1], &f, &fn) || fn != 1))
        return fy_err_format(&fy_TypeError, "%s() argument 2 must be a byte string of length 1, not %s", name,
                             args[1]->type->name);
    if (w <= n) return like(self, d, n);
    int64_t total = w - n, left = mode == 0 ? 0 : mode == 1 ? total : total / 2 + (total & w & 1);
    fy_sbuf s = {0};
    for (int64_t i = 0; i < left && !s.oom; i++) fy_sbuf_addc(&s, f[0]);
    fy_sbuf_add(&s, d, (size_t)n);
    for (int64_t i = left; i < total && !s.oom; i++) fy_sbuf_addc(&s, f[0]);
    return like_sbuf(self, &s);
}
METH(b_ljust) { return pad(self, args, nargs, 0, "ljust"); }
METH(b_rjust) { return pad(self, args, nargs, 1, "rjust"); }
METH(b_center) { return pad(self, args, nargs, 2, "center"); }

METH(b_zfill) {
    if (fy_check_nargs("zfill", nargs, 1, 1) < 0) return NULL;
    const char *d;
    int64_t n, w;
    self_buf(self, &d, &n);
    if (fy_index(args[0], &w) < 0) return NULL;
    if (w <= n) return like(self, d, n);
    fy_sbuf s = {0};
    int64_t i = 0;
    if (n && (d[0] == '+' || d[0] == '-')) {
        fy_sbuf_addc(&s, d[0]);
        i = 1;
    }
    for (int64_t k = 0; k < w - n && !s.oom; k++) fy_sbuf_addc(&s, '0');
    fy_sbuf_add(&s, d + i, (size_t)(n - i));
    return like_sbuf(self, &s);
}

static fy_obj *partition(fy_obj *self, fy_obj *const *args, size_t nargs, bool rev) {
    if (fy_check_nargs(rev ? "rpartition" : "partition", nargs, 1, 1) < 0) return NULL;
    const char *d, *x;
    int64_t n, xn;
    self_buf(self, &d, &n);
    if (arg_buf(args[0], &x, &xn) < 0) return NULL;
    if (!xn) return fy_err_set(&fy_ValueError, "empty separator");
    int64_t k = find_in(d, n, x, xn, rev);
    fy_obj *p[3];
    if (k < 0) {
        p[0] = rev ? like(self, "", 0) : like(self, d, n);
        p[1] = like(self, "", 0);
        p[2] = rev ? like(self, d, n) : like(self, "", 0);
    } else {
        p[0] = like(self, d, k);
        p[1] = like(self, x, xn);
        p[2] = like(self, d + k + xn, n - k - xn);
    }
    fy_obj *r = (p[0] && p[1] && p[2]) ? fy_tuple_pack(3, p[0], p[1], p[2]) : NULL;
    for (int i = 0; i < 3; i++) FY_XDECREF(p[i]);
    return r;
}
METH(b_partition) { return partition(self, args, nargs, false); }
METH(b_rpartition) { return partition(self, args, nargs, true); }

static fy_obj *affix_remove(fy_obj *self, fy_obj *const *args, size_t nargs, bool suffix) {
    if (fy_check_nargs(suffix ? "removesuffix" : "removeprefix", nargs, 1, 1) < 0) return NULL;
    const char *d, *x;
    int64_t n, xn;
    self_buf(self, &d, &n);
    if (arg_buf(args[0], &x, &xn) < 0) return NULL;
    if (xn && xn <= n && !memcmp(suffix ? d + n - xn : d, x, (size_t)xn))
        return like(self, suffix ? d : d + xn, n - xn);
    return like(self, d, n);
}
METH(b_removeprefix) { return affix_remove(self, args, nargs, false); }
METH(b_removesuffix) { return affix_remove(self, args, nargs, true); }

METH(b_fromhex) {
    if (fy_check_nargs("fromhex", nargs, 1, 1) < 0) return NULL;
    if (!FY_STR_CHECK(args[0]))
        return fy_err_format(&fy_TypeError, "fromhex() argument must be str, not %s", args[0]->type->name);
    const char *s = FY_STR_DATA(args[0]);
    int64_t n = FY_STR_LEN(args[0]);
    fy_sbuf b = {0};
    for (int64_t i = 0; i < n;) {
        if (s[i] == ' ') {
            i++;
            continue;
        }
        int v[2];
        for (int k = 0; k < 2; k++) {
            char c = i + k < n ? s[i + k] : 0;
            v[k] = digit_c((unsigned char)c) ? c - '0'
                   : (c >= 'a' && c <= 'f')  ? c - 'a' + 10
                   : (c >= 'A' && c <= 'F')  ? c - 'A' + 10
                                             : -1;
            if (v[k] < 0) {
                fy_sbuf_free(&b);
                return fy_err_format(&fy_ValueError, "non-hexadecimal number found in fromhex() arg at position %lld",
                                     (long long)(i + k));
            }
        }
        fy_sbuf_addc(&b, (char)(v[0] * 16 + v[1]));
        i += 2;
    }
    fy_obj *r = fy_bytes_from(b.p ? b.p : "", b.len);
    fy_sbuf_free(&b);
    if (r && self != (fy_obj *)&fy_bytes_type) {
        fy_obj *c = fy_call1(self, r);
        FY_DECREF(r);
        r = c;
    }
    return r;
}

/* ------------------------------------------------------------------ codecs */

/* Normalise an encoding name: 0 utf-8, 1 ascii, 2 latin-1, -1 unknown (LookupError set). */
static int codec_of(const char *enc) {
    char n[32];
    size_t k = 0;
    for (const char *p = enc; *p && k < sizeof n - 1; p++)
        n[k++] = (char)(*p == '_' ? '-' : (*p >= 'A' && *p <= 'Z') ? *p + 32 : *p);
    n[k] = 0;
    if (!strcmp(n, "utf-8") || !strcmp(n, "utf8")) return 0;
    if (!strcmp(n, "ascii") || !strcmp(n, "us-ascii")) return 1;
    if (!strcmp(n, "latin-1") || !strcmp(n, "latin1") || !strcmp(n, "iso-8859-1") || !strcmp(n, "iso8859-1")) return 2;
    fy_err_format(&fy_LookupError, "unknown encoding: %s", enc);
    return -1;
}

/* errors: 0 strict, 1 ignore, 2 replace, 3 backslashreplace, -1 unknown (LookupError set). */
static int handler_of(const char *e) {
    if (!strcmp(e, "strict")) return 0;
    if (!strcmp(e, "ignore")) return 1;
    if (!strcmp(e, "replace")) return 2;
    if (!strcmp(e, "backslashreplace")) return 3;
    fy_err_format(&fy_LookupError, "unknown error handler name '%s'", e);
    return -1;
}

/* Length of a valid UTF-8 sequence at d[0..n), or 0 with *why set and *bad the length of the
 * maximal invalid prefix (CPython reports and replaces that much). */
static int utf8_seq(const unsigned char *d, int64_t n, const char **why, int64_t *bad) {
    unsigned char c = d[0];
    int len = c < 0x80                   ? 1
              : (c >= 0xC2 && c <= 0xDF) ? 2
              : (c >= 0xE0 && c <= 0xEF) ? 3
              : (c >= 0xF0 && c <= 0xF4) ? 4
                                         : 0;
    *bad = 1;
    if (!len) {
        *why = "invalid start byte";
        return 0;
    }
    for (int k = 1; k < len; k++) {
        *bad = k;
        if (k >= n) {
            *why = "unexpected end of data";
            return 0;
        }
        unsigned char x = d[k], lo = 0x80, hi = 0xBF;
        if (k == 1) {
            if (c == 0xE0) lo = 0xA0;
            else if (c == 0xED) hi = 0x9F;
            else if (c == 0xF0) lo = 0x90;
            else if (c == 0xF4) hi = 0x8F;
        }
        if (x < lo || x > hi) {
            *why = "invalid continuation byte";
            return 0;
        }
    }
    return len;
}

static fy_obj *decode(const char *d, int64_t n, const char *enc, const char *errors) {
    int codec = codec_of(enc), h = codec < 0 ? 0 : handler_of(errors);
    if (codec < 0 || h < 0) return NULL;
    const char *cname = codec == 0 ? "utf-8" : codec == 1 ? "ascii" : "latin-1";
    fy_sbuf s = {0};
    for (int64_t i = 0; i < n;) {
        unsigned char c = (unsigned char)d[i];
        if (codec == 2 || c < 0x80) {
            char e[4];
            fy_sbuf_add(&s, e, (size_t)fy_utf8_encode(c, e));
            i++;
            continue;
        }
        const char *why = "ordinal not in range(128)";
        int64_t bad = 1;
        int len = codec == 0 ? utf8_seq((const unsigned char *)d + i, n - i, &why, &bad) : 0;
        if (len) {
            fy_sbuf_add(&s, d + i, (size_t)len);
            i += len;
            continue;
        }
        if (h == 0) {
            fy_sbuf_free(&s);
            if (bad > 1)
                return fy_err_format(&fy_UnicodeDecodeError, "'%s' codec can't decode bytes in position %lld-%lld: %s",
                                     cname, (long long)i, (long long)(i + bad - 1), why);
            return fy_err_format(&fy_UnicodeDecodeError, "'%s' codec can't decode byte 0x%02x in position %lld: %s",
                                 cname, c, (long long)i, why);
        }
        if (h == 2) fy_sbuf_adds(&s, "\xEF\xBF\xBD");
        else if (h == 3)
            for (int64_t k = 0; k < bad; k++) fy_sbuf_printf(&s, "\\x%02x", (unsigned char)d[i + k]);
        i += bad;
    }
    if (s.oom) {
        fy_sbuf_free(&s);
        return fy_err_set(&fy_MemoryError, "");
    }
    return s.p ? fy_sbuf_finish(&s) : fy_ref(fy_intern(""));
}

fy_obj *fy_bytes_decode(fy_obj *b, const char *enc) {
    const char *d;
    int64_t n;
    self_buf(b, &d, &n);
    return decode(d, n, enc, "strict");
}

static int codec_args(const char *fname, fy_obj *const *args, size_t nargs, fy_obj *kw, const char **enc,
                      const char **errors) {
    static const char *const names[] = {"encoding", "errors", NULL};
    fy_obj *a[2];
    if (fy_parse_args(fname, args, nargs, kw, names, 0, 2, 2, a) < 0) return -1;
    for (int i = 0; i < 2; i++)
        if (a[i] && !FY_STR_CHECK(a[i])) {
            fy_err_format(&fy_TypeError, "%s() argument '%s' must be str, not %s", fname, names[i], a[i]->type->name);
            return -1;
        }
    *enc = a[0] ? FY_STR_DATA(a[0]) : "utf-8";
    *errors = a[1] ? FY_STR_DATA(a[1]) : "strict";
    return 0;
}

METH(b_decode) {
    const char *enc, *errors, *d;
    int64_t n;
    if (codec_args("decode", args, nargs, kw, &enc, &errors) < 0) return NULL;
    self_buf(self, &d, &n);
    return decode(d, n, enc, errors);
}

/* str.encode(encoding='utf-8', errors='strict') */
fy_obj *fy_str_encode_method(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    const char *enc, *errors;
    if (codec_args("encode", args, nargs, kw, &enc, &errors) < 0) return NULL;
    int codec = codec_of(enc), h = handler_of(errors);
    if (codec < 0 || h < 0) return NULL;
    const char *d = FY_STR_DATA(self);
    int64_t n = FY_STR_LEN(self);
    if (codec == 0) return fy_bytes_from(d, (size_t)n);
    fy_sbuf s = {0};
    int64_t pos = 0;
    for (int64_t i = 0; i < n; pos++) {
        int adv;
        uint32_t cp = fy_utf8_decode(d + i, (size_t)(n - i), &adv);
        uint32_t lim = codec == 1 ? 0x80 : 0x100;
        if (cp < lim) fy_sbuf_addc(&s, (char)cp);
        else if (h == 0) {
            fy_sbuf_free(&s);
            int64_t end = pos + 1;
            for (int64_t j = i + adv; j < n;) {
                int a2;
                if (fy_utf8_decode(d + j, (size_t)(n - j), &a2) < lim) break;
                j += a2;
                end++;
            }
            const char *cn = codec == 1 ? "ascii" : "latin-1";
            const char *why = codec == 1 ? "ordinal not in range(128)" : "ordinal not in range(256)";
            if (end - pos > 1)
                return fy_err_format(&fy_UnicodeEncodeError,
                                     "'%s' codec can't encode characters in position %lld-%lld: %s", cn, (long long)pos,
                                     (long long)(end - 1), why);
            char esc[16];
            snprintf(esc, sizeof esc, cp < 0x100 ? "\\x%02x" : cp < 0x10000 ? "\\u%04x" : "\\U%08x", (unsigned)cp);
            return fy_err_format(&fy_UnicodeEncodeError, "'%s' codec can't encode character '%s' in position %lld: %s",
                                 cn, esc, (long long)pos, why);
        } else if (h == 2) fy_sbuf_addc(&s, '?');
        else if (h == 3) {
            if (cp < 0x100) fy_sbuf_printf(&s, "\\x%02x", (unsigned)cp);
            else if (cp < 0x10000) fy_sbuf_printf(&s, "\\u%04x", (unsigned)cp);
            else fy_sbuf_printf(&s, "\\U%08x", (unsigned)cp);
        }
        i += adv;
    }
    fy_obj *r = s.oom ? fy_err_set(&fy_MemoryError, "") : fy_bytes_from(s.p ? s.p : "", s.len);
    fy_sbuf_free(&s);
    return r;
}

/* The methods bytes and bytearray share. */
#define COMMON_METHODS \
    {"hex", fy_bytes_hex_m, 0, "hex()"}, {"join", fy_bytes_join_m, 0, "join(iterable_of_bytes, /)"}, \
        {"decode", b_decode, 0, "decode(encoding='utf-8', errors='strict')"}, \
        {"find", b_find, 0, "find(sub[, start[, end]]) -> int"}, \
        {"rfind", b_rfind, 0, "rfind(sub[, start[, end]]) -> int"}, \
        {"index", b_index, 0, "index(sub[, start[, end]]) -> int"}, \
        {"rindex", b_rindex, 0, "rindex(sub[, start[, end]]) -> int"}, \
        {"count", b_count, 0, "count(sub[, start[, end]]) -> int"}, \
        {"startswith", b_startswith, 0, "startswith(prefix[, start[, end]]) -> bool"}, \
        {"endswith", b_endswith, 0, "endswith(suffix[, start[, end]]) -> bool"}, \
        {"split", b_split, 0, "split(sep=None, maxsplit=-1)"}, \
        {"rsplit", b_rsplit, 0, "rsplit(sep=None, maxsplit=-1)"}, \
        {"splitlines", b_splitlines, 0, "splitlines(keepends=False)"}, \
        {"replace", b_replace, 0, "replace(old, new, count=-1, /)"}, {"strip", b_strip, 0, "strip(bytes=None, /)"}, \
        {"lstrip", b_lstrip, 0, "lstrip(bytes=None, /)"}, {"rstrip", b_rstrip, 0, "rstrip(bytes=None, /)"}, \
        {"lower", b_lower, 0, NULL}, {"upper", b_upper, 0, NULL}, {"swapcase", b_swapcase, 0, NULL}, \
        {"capitalize", b_capitalize, 0, NULL}, {"title", b_title, 0, NULL}, {"isalpha", b_isalpha, 0, NULL}, \
        {"isdigit", b_isdigit, 0, NULL}, {"isalnum", b_isalnum, 0, NULL}, {"isspace", b_isspace, 0, NULL}, \
        {"islower", b_islower, 0, NULL}, {"isupper", b_isupper, 0, NULL}, {"isascii", b_isascii, 0, NULL}, \
        {"ljust", b_ljust, 0, "ljust(width, fillchar=b' ', /)"}, \
        {"rjust", b_rjust, 0, "rjust(width, fillchar=b' ', /)"}, \
        {"center", b_center, 0, "center(width, fillchar=b' ', /)"}, {"zfill", b_zfill, 0, "zfill(width, /)"}, \
        {"partition", b_partition, 0, "partition(sep, /)"}, {"rpartition", b_rpartition, 0, "rpartition(sep, /)"}, \
        {"removeprefix", b_removeprefix, 0, "removeprefix(prefix, /)"}, \
        {"removesuffix", b_removesuffix, 0, "removesuffix(suffix, /)"}, \
        {"fromhex", b_fromhex, FY_METH_CLASS, "fromhex(string, /)"},

fy_methoddef fy_bytes_methods[] = {COMMON_METHODS{NULL}};
fy_methoddef fy_bytearray_methods[] = {{"append", fy_bytearray_append_m, 0, "append(item, /)"},
                                       {"extend", fy_bytearray_extend_m, 0, "extend(iterable_of_ints, /)"},
                                       COMMON_METHODS{NULL}};
