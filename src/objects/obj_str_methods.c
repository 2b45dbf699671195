/* obj_str_methods.c - the methods of str and the str() constructor. */
#define _GNU_SOURCE
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <wctype.h>
#include "exec/interp.h"
#include "objects/object.h"
#include "objects/objects_int.h"

#define S(o) ((fy_strobj *)(o))
#define METH(name) static fy_obj *name(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw)

static int need_str(fy_obj *o, const char *what) {
    if (!FY_STR_CHECK(o)) {
        fy_err_format(&fy_TypeError, "%s arg must be None or str", what);
        return -1;
    }
    return 0;
}

/* Resolve optional start/end code-point args into byte offsets. */
static int byte_range(fy_obj *s, fy_obj *const *args, size_t nargs, size_t first, int64_t *b0, int64_t *b1) {
    int64_t n = S(s)->nchars, st = 0, en = n;
    if (nargs > first && args[first] != fy_None && fy_index(args[first], &st) < 0) return -1;
    if (nargs > first + 1 && args[first + 1] != fy_None && fy_index(args[first + 1], &en) < 0) return -1;
    if (st < 0) {
        st += n;
        if (st < 0) st = 0;
    }
    if (en < 0) {
        en += n;
        if (en < 0) en = 0;
    }
    if (en > n) en = n;
    if (st > n) {
        *b0 = -1;
        *b1 = -1;
        return 0;
    }
    *b0 = fy_str_byte_offset(s, st);
    *b1 = en < st ? *b0 : fy_str_byte_offset(s, en);
    return 0;
}

static int64_t chars_before(fy_obj *s, int64_t boff) {
    if (S(s)->ascii) return boff;
    int64_t c = 0;
    for (int64_t i = 0; i < boff; i++)
        if (((unsigned char)S(s)->data[i] & 0xC0) != 0x80) c++;
    return c;
}

static int64_t find_bytes(const char *h, int64_t hn, const char *n, int64_t nn, bool rev) {
    if (nn > hn) return -1;
    if (!rev) {
        if (!nn) return 0;
        const char *p = memmem(h, hn, n, nn);
        return p ? p - h : -1;
    }
    for (int64_t i = hn - nn; i >= 0; i--)
        if (!memcmp(h + i, n, nn)) return i;
    return -1;
}

static fy_obj *find_common(fy_obj *self, fy_obj *const *args, size_t nargs, bool rev, bool raise, const char *name) {
    if (fy_check_nargs(name, nargs, 1, 3) < 0) return NULL;
    if (!FY_STR_CHECK(args[0])) return fy_err_format(&fy_TypeError, "must be str, not %s", args[0]->type->name);
    int64_t b0, b1;
    if (byte_range(self, args, nargs, 1, &b0, &b1) < 0) return NULL;
    int64_t r = -1;
    if (b0 >= 0) {
        r = find_bytes(S(self)->data + b0, b1 - b0, FY_STR_DATA(args[0]), FY_STR_LEN(args[0]), rev);
        if (r >= 0) r = chars_before(self, b0 + r);
    }
    if (r < 0 && raise) return fy_err_set(&fy_ValueError, "substring not found");
    return fy_int_from(r);
}
METH(str_find) { return find_common(self, args, nargs, false, false, "find"); }
METH(str_rfind) { return find_common(self, args, nargs, true, false, "rfind"); }
METH(str_index) { return find_common(self, args, nargs, false, true, "index"); }
METH(str_rindex) { return find_common(self, args, nargs, true, true, "rindex"); }

METH(str_count) {
    if (fy_check_nargs("count", nargs, 1, 3) < 0) return NULL;
    if (!FY_STR_CHECK(args[0])) return fy_err_format(&fy_TypeError, "must be str, not %s", args[0]->type->name);
    int64_t b0, b1;
    if (byte_range(self, args, nargs, 1, &b0, &b1) < 0) return NULL;
    if (b0 < 0) return fy_int_from(0);
    int64_t nn = FY_STR_LEN(args[0]), c = 0;
    if (!nn) return fy_int_from(chars_before(self, b1) - chars_before(self, b0) + 1);
    const char *h = S(self)->data;
    for (int64_t i = b0; i + nn <= b1;) {
        if (!memcmp(h + i, FY_STR_DATA(args[0]), nn)) {
            c++;
            i += nn;
        } else i++;
    }
    return fy_int_from(c);
}

static fy_obj *starts_ends(fy_obj *self, fy_obj *const *args, size_t nargs, bool ends, const char *name) {
    if (fy_check_nargs(name, nargs, 1, 3) < 0) return NULL;
    int64_t b0, b1;
    if (byte_range(self, args, nargs, 1, &b0, &b1) < 0) return NULL;
    fy_obj *pre = args[0];
    size_t np = 1;
    fy_obj *const *items = &pre;
    if (FY_TUPLE_CHECK(pre)) {
        np = FY_TUPLE_N(pre);
        items = FY_TUPLE_ITEMS(pre);
    } else if (!FY_STR_CHECK(pre))
        return fy_err_format(&fy_TypeError, "%s first arg must be str or a tuple of str, not %s", name,
                             pre->type->name);
    if (b0 < 0) return fy_bool(false);
    for (size_t i = 0; i < np; i++) {
        fy_obj *p = items[i];
        if (!FY_STR_CHECK(p))
            return fy_err_format(&fy_TypeError, "tuple for %s must only contain str, not %s", name, p->type->name);
        int64_t n = FY_STR_LEN(p);
        if (n > b1 - b0) continue;
        const char *at = ends ? S(self)->data + b1 - n : S(self)->data + b0;
        if (!memcmp(at, FY_STR_DATA(p), n)) return fy_bool(true);
    }
    return fy_bool(false);
}
METH(str_startswith) { return starts_ends(self, args, nargs, false, "startswith"); }
METH(str_endswith) { return starts_ends(self, args, nargs, true, "endswith"); }

static bool is_ws(const char *p, int64_t n, int *adv) {
    unsigned char c = (unsigned char)*p;
    if (c < 0x80) {
        *adv = 1;
        return c == ' ' || (c >= 9 && c <= 13) || (c >= 0x1c && c <= 0x1f);
    }
    uint32_t cp = fy_utf8_decode(p, n, adv);
    return cp == 0x85 || cp == 0xA0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 ||
           cp == 0x202F || cp == 0x205F || cp == 0x3000;
}

static fy_obj *strip_common(fy_obj *self, fy_obj *const *args, size_t nargs, int which, const char *name) {
    if (fy_check_nargs(name, nargs, 0, 1) < 0) return NULL;
    const char *d = S(self)->data;
    int64_t a = 0, b = S(self)->len;
    fy_obj *chars = nargs ? args[0] : fy_None;
    if (chars == fy_None) {
        int adv;
        if (which & 1)
            while (a < b && is_ws(d + a, b - a, &adv)) a += adv;
        if (which & 2)
            while (b > a) {
                int64_t k = b - 1;
                while (k > a && ((unsigned char)d[k] & 0xC0) == 0x80) k--;
                if (!is_ws(d + k, b - k, &adv)) break;
                b = k;
            }
    } else {
        if (need_str(chars, name) < 0) return NULL;
        const char *cs = FY_STR_DATA(chars);
        int64_t cn = FY_STR_LEN(chars);
        int adv;
        if (which & 1)
            while (a < b) {
                fy_utf8_decode(d + a, b - a, &adv);
                if (!find_bytes(cs, cn, d + a, adv, false) && cn) {}
                if (find_bytes(cs, cn, d + a, adv, false) < 0) break;
                a += adv;
            }
        if (which & 2)
            while (b > a) {
                int64_t k = b - 1;
                while (k > a && ((unsigned char)d[k] & 0xC0) == 0x80) k--;
                if (find_bytes(cs, cn, d + k, b - k, false) < 0) break;
                b = k;
            }
    }
    if (a == 0 && b == S(self)->len && FY_TYPE(self) == &fy_str_type) return fy_ref(self);
    return fy_str_from_utf8(d + a, b - a);
}
METH(str_strip) { return strip_common(self, args, nargs, 3, "strip"); }
METH(str_lstrip) { return strip_common(self, args, nargs, 1, "lstrip"); }
METH(str_rstrip) { return strip_common(self, args, nargs, 2, "rstrip"); }

static fy_obj *split_common(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw, bool rev) {
    static const char *const names[] = {"sep", "maxsplit", NULL};
    fy_obj *a[2];
    if (fy_parse_args(rev ? "rsplit" : "split", args, nargs, kw, names, 0, 2, 2, a) < 0) return NULL;
    int64_t maxsplit = -1;
    if (a[1] && fy_index(a[1], &maxsplit) < 0) return NULL;
    fy_obj *res = fy_list_new(0);
    if (!res) return NULL;
    const char *d = S(self)->data;
    int64_t n = S(self)->len;
    if (!a[0] || a[0] == fy_None) {
        int adv;
        if (!rev) {
            int64_t i = 0;
            while (1) {
                while (i < n && is_ws(d + i, n - i, &adv)) i += adv;
                if (i >= n) break;
                int64_t j = i;
                if (maxsplit >= 0 && FY_LIST_N(res) >= maxsplit) {
                    /* the rest, trailing whitespace included (as CPython) */
                    if (fy_list_append_steal(res, fy_str_from_utf8(d + j, n - j)) < 0) goto fail;
                    break;
                }
                while (j < n && !is_ws(d + j, n - j, &adv)) j += adv;
                if (fy_list_append_steal(res, fy_str_from_utf8(d + i, j - i)) < 0) goto fail;
                i = j;
            }
        } else {
            int64_t i = n;
            while (1) {
                while (i > 0 && is_ws(d + i - 1, 1, &adv)) i--;
                if (i <= 0) break;
                int64_t j = i;
                if (maxsplit >= 0 && FY_LIST_N(res) >= maxsplit) {
                    if (fy_list_append_steal(res, fy_str_from_utf8(d, j)) < 0) goto fail;
                    break;
                }
                while (j > 0 && !is_ws(d + j - 1, 1, &adv)) j--;
                if (fy_list_append_steal(res, fy_str_from_utf8(d + j, i - j)) < 0) goto fail;
                i = j;
            }
        }
    } else {
        if (need_str(a[0], "sep") < 0) goto fail;
        const char *sp = FY_STR_DATA(a[0]);
        int64_t sn = FY_STR_LEN(a[0]);
        if (!sn) {
            fy_err_set(&fy_ValueError, "empty separator");
            goto fail;
        }
        if (!rev) {
            int64_t i = 0;
            while (1) {
                int64_t f =
                    (maxsplit >= 0 && FY_LIST_N(res) >= maxsplit) ? -1 : find_bytes(d + i, n - i, sp, sn, false);
                if (f < 0) {
                    if (fy_list_append_steal(res, fy_str_from_utf8(d + i, n - i)) < 0) goto fail;
                    break;
                }
                if (fy_list_append_steal(res, fy_str_from_utf8(d + i, f)) < 0) goto fail;
                i += f + sn;
            }
        } else {
            int64_t e = n;
            while (1) {
                int64_t f = (maxsplit >= 0 && FY_LIST_N(res) >= maxsplit) ? -1 : find_bytes(d, e, sp, sn, true);
                if (f < 0) {
                    if (fy_list_append_steal(res, fy_str_from_utf8(d, e)) < 0) goto fail;
                    break;
                }
                if (fy_list_append_steal(res, fy_str_from_utf8(d + f + sn, e - f - sn)) < 0) goto fail;
                e = f;
            }
        }
    }
    if (rev) {
        fy_obj **it = FY_LIST_ITEMS(res);
        for (int64_t i = 0, j = FY_LIST_N(res) - 1; i < j; i++, j--) {
            fy_obj *t = it[i];
            it[i] = it[j];
            it[j] = t;
        }
    }
    return res;
fail:
    FY_DECREF(res);
    return NULL;
}
METH(str_split) { return split_common(self, args, nargs, kw, false); }
METH(str_rsplit) { return split_common(self, args, nargs, kw, true); }

METH(str_splitlines) {
    static const char *const names[] = {"keepends", NULL};
    fy_obj *a[1];
    if (fy_parse_args("splitlines", args, nargs, kw, names, 0, 1, 1, a) < 0) return NULL;
    bool keep = a[0] && fy_truthy(a[0]) > 0;
    fy_obj *res = fy_list_new(0);
    const char *d = S(self)->data;
    int64_t n = S(self)->len, i = 0;
    while (i < n) {
        int64_t j = i;
        while (j < n && d[j] != '\n' && d[j] != '\r' && d[j] != '\v' && d[j] != '\f' && d[j] != 0x1c && d[j] != 0x1d &&
               d[j] != 0x1e)
            j++;
        int64_t e = j;
        if (j < n) {
            e = j + 1;
            if (d[j] == '\r' && j + 1 < n && d[j + 1] == '\n') e++;
        }
        if (fy_list_append_steal(res, fy_str_from_utf8(d + i, (keep ? e : j) - i)) < 0) {
            FY_DECREF(res);
            return NULL;
        }
        i = e;
    }
    return res;
}

METH(str_join) {
    if (fy_check_nargs("join", nargs, 1, 1) < 0) return NULL;
    if (!args[0]->type->iter && !args[0]->type->getitem) return fy_err_set(&fy_TypeError, "can only join an iterable");
    fy_obj *seq = fy_sequence_list(args[0]);
    if (!seq) return NULL;
    fy_sbuf b = {0};
    for (int64_t i = 0; i < FY_LIST_N(seq); i++) {
        fy_obj *x = FY_LIST_ITEMS(seq)[i];
        if (!FY_STR_CHECK(x)) {
            fy_err_format(&fy_TypeError, "sequence item %lld: expected str instance, %s found", (long long)i,
                          x->type->name);
            fy_sbuf_free(&b);
            FY_DECREF(seq);
            return NULL;
        }
        if (i) fy_sbuf_add(&b, S(self)->data, S(self)->len);
        fy_sbuf_add(&b, FY_STR_DATA(x), FY_STR_LEN(x));
    }
    FY_DECREF(seq);
    return fy_sbuf_finish(&b);
}

METH(str_replace) {
    if (fy_check_nargs("replace", nargs, 2, 3) < 0) return NULL;
    if (!FY_STR_CHECK(args[0]) || !FY_STR_CHECK(args[1]))
        return fy_err_format(&fy_TypeError, "replace() argument must be str, not %s",
                             (!FY_STR_CHECK(args[0]) ? args[0] : args[1])->type->name);
    int64_t count = -1;
    if (nargs > 2 && fy_index(args[2], &count) < 0) return NULL;
    const char *d = S(self)->data, *o = FY_STR_DATA(args[0]), *nw = FY_STR_DATA(args[1]);
    int64_t n = S(self)->len, on = FY_STR_LEN(args[0]), nn = FY_STR_LEN(args[1]);
    fy_sbuf b = {0};
    int64_t i = 0, done = 0;
    if (!on) {
        /* insert between every character */
        int adv;
        while (i <= n) {
            if (count < 0 || done < count) {
                fy_sbuf_add(&b, nw, nn);
                done++;
            }
            if (i == n) break;
            fy_utf8_decode(d + i, n - i, &adv);
            fy_sbuf_add(&b, d + i, adv);
            i += adv;
        }
        return fy_sbuf_finish(&b);
    }
    while (i < n) {
        int64_t f = (count >= 0 && done >= count) ? -1 : find_bytes(d + i, n - i, o, on, false);
        if (f < 0) {
            fy_sbuf_add(&b, d + i, n - i);
            break;
        }
        fy_sbuf_add(&b, d + i, f);
        fy_sbuf_add(&b, nw, nn);
        i += f + on;
        done++;
    }
    if (!b.p) return fy_ref(fy_intern(""));
    return fy_sbuf_finish(&b);
}

/* Map every code point through f. */
static fy_obj *map_chars(fy_obj *self, uint32_t (*f)(uint32_t, void *), void *st) {
    fy_sbuf b = {0};
    const char *d = S(self)->data;
    int64_t n = S(self)->len;
    for (int64_t i = 0; i < n;) {
        int adv;
        uint32_t cp = fy_utf8_decode(d + i, n - i, &adv);
        char enc[4];
        int k = fy_utf8_encode(f(cp, st), enc);
        fy_sbuf_add(&b, enc, k);
        i += adv;
    }
    if (!b.p) return fy_ref(fy_intern(""));
    return fy_sbuf_finish(&b);
}
static uint32_t up(uint32_t c, void *s) { return c < 128 ? (uint32_t)toupper((int)c) : (uint32_t)towupper(c); }
static uint32_t low(uint32_t c, void *s) { return c < 128 ? (uint32_t)tolower((int)c) : (uint32_t)towlower(c); }
static uint32_t swap(uint32_t c, void *s) {
    return iswupper(c) ? (uint32_t)towlower(c) : iswlower(c) ? (uint32_t)towupper(c) : c;
}
static bool is_alpha_cp(uint32_t c) { return c < 128 ? isalpha((int)c) : iswalpha(c); }
static uint32_t title(uint32_t c, void *s) {
    int *prev = s;
    uint32_t r = *prev ? low(c, NULL) : up(c, NULL);
    *prev = is_alpha_cp(c);
    return r;
}
static uint32_t cap(uint32_t c, void *s) {
    int *first = s;
    uint32_t r = *first ? up(c, NULL) : low(c, NULL);
    *first = 0;
    return r;
}
METH(str_upper) { return map_chars(self, up, NULL); }
METH(str_lower) { return map_chars(self, low, NULL); }
METH(str_swapcase) { return map_chars(self, swap, NULL); }
METH(str_title) {
    int prev = 0;
    return map_chars(self, title, &prev);
}
METH(str_capitalize) {
    int first = 1;
    return map_chars(self, cap, &first);
}

static fy_obj *pred_all(fy_obj *self, int (*p)(uint32_t), bool empty_ok) {
    const char *d = S(self)->data;
    int64_t n = S(self)->len;
    if (!n) return fy_bool(empty_ok);
    for (int64_t i = 0; i < n;) {
        int adv;
        uint32_t cp = fy_utf8_decode(d + i, n - i, &adv);
        if (!p(cp)) return fy_bool(false);
        i += adv;
    }
    return fy_bool(true);
}
static int p_digit(uint32_t c) { return c < 128 ? isdigit((int)c) : iswdigit(c); }
static int p_alpha(uint32_t c) { return is_alpha_cp(c); }
static int p_alnum(uint32_t c) { return p_digit(c) || p_alpha(c); }
static int p_space(uint32_t c) {
    char b[4];
    int a, k = fy_utf8_encode(c, b);
    return is_ws(b, k, &a);
}
static int p_print(uint32_t c) { return c < 128 ? isprint((int)c) : iswprint(c); }
static int p_ascii(uint32_t c) { return c < 128; }
METH(str_isdigit) { return pred_all(self, p_digit, false); }
METH(str_isalpha) { return pred_all(self, p_alpha, false); }
METH(str_isalnum) { return pred_all(self, p_alnum, false); }
METH(str_isspace) { return pred_all(self, p_space, false); }
METH(str_isprintable) { return pred_all(self, p_print, true); }
METH(str_isascii) { return pred_all(self, p_ascii, true); }
static fy_obj *case_check(fy_obj *self, bool upper) {
    const char *d = S(self)->data;
    int64_t n = S(self)->len;
    bool cased = false;
    for (int64_t i = 0; i < n;) {
        int adv;
        uint32_t cp = fy_utf8_decode(d + i, n - i, &adv);
        i += adv;
        if (iswupper(cp) || (cp < 128 && isupper((int)cp))) {
            if (!upper) return fy_bool(false);
            cased = true;
        } else if (iswlower(cp) || (cp < 128 && islower((int)cp))) {
            if (upper) return fy_bool(false);
            cased = true;
        }
    }
    return fy_bool(cased);
}
METH(str_isupper) { return case_check(self, true); }
METH(str_islower) { return case_check(self, false); }
METH(str_istitle) {
    const char *d = S(self)->data;
    int64_t n = S(self)->len;
    bool prev_cased = false, cased = false;
    for (int64_t i = 0; i < n;) {
        int adv;
        uint32_t cp = fy_utf8_decode(d + i, n - i, &adv);
        i += adv;
        bool u = iswupper(cp) || (cp < 128 && isupper((int)cp)), l = iswlower(cp) || (cp < 128 && islower((int)cp));
        if (u) {
            if (prev_cased) return fy_bool(false);
            prev_cased = cased = true;
        } else if (l) {
            if (!prev_cased) return fy_bool(false);
            prev_cased = cased = true;
        } else prev_cased = false;
    }
    return fy_bool(cased);
}
METH(str_isidentifier) {
    const char *d = S(self)->data;
    int64_t n = S(self)->len;
    if (!n) return fy_bool(false);
    for (int64_t i = 0; i < n;) {
        int adv;
        uint32_t cp = fy_utf8_decode(d + i, n - i, &adv);
        bool ok = cp == '_' || p_alpha(cp) || (i > 0 && p_digit(cp)) || cp >= 128;
        if (!ok) return fy_bool(false);
        i += adv;
    }
    return fy_bool(true);
}

static fy_obj *pad(fy_obj *self, fy_obj *const *args, size_t nargs, int where, const char *name) {
    if (fy_check_nargs(name, nargs, 1, 2) < 0) return NULL;
    int64_t w;
    if (fy_index(args[0], &w) < 0) return NULL;
    const char *fill = " ";
    int64_t fl = 1;
    if (nargs > 1) {
        if (!FY_STR_CHECK(args[1]) || S(args[1])->nchars != 1)
            return fy_err_set(&fy_TypeError, "The fill character must be exactly one character long");
        fill = FY_STR_DATA(args[1]);
        fl = FY_STR_LEN(args[1]);
    }
    int64_t n = S(self)->nchars;
    if (w <= n) return FY_TYPE(self) == &fy_str_type ? fy_ref(self) : fy_str_from_utf8(S(self)->data, S(self)->len);
    if ((uint64_t)(w - n) > fy_mem_limit / (uint64_t)fl) return fy_err_nomem(); /* fail before padding */
    int64_t tot = w - n, left = where == 0 ? 0 : where == 2 ? tot : tot / 2 + (tot & w & 1);
    int64_t right = tot - left;
    fy_sbuf b = {0};
    for (int64_t i = 0; i < left && !b.oom; i++) fy_sbuf_add(&b, fill, fl);
    fy_sbuf_add(&b, S(self)->data, S(self)->len);
    for (int64_t i = 0; i < right && !b.oom; i++) fy_sbuf_add(&b, fill, fl);
    return fy_sbuf_finish(&b);
}
METH(str_ljust) { return pad(self, args, nargs, 0, "ljust"); }
METH(str_rjust) { return pad(self, args, nargs, 2, "rjust"); }
METH(str_center) { return pad(self, args, nargs, 1, "center"); }
METH(str_zfill) {
    if (fy_check_nargs("zfill", nargs, 1, 1) < 0) return NULL;
    int64_t w;
    if (fy_index(args[0], &w) < 0) return NULL;
    int64_t n = S(self)->nchars;
    if (w <= n) return fy_ref(self);
    if ((uint64_t)(w - n) > fy_mem_limit) return fy_err_nomem();
    fy_sbuf b = {0};
    const char *d = S(self)->data;
    int64_t start = 0;
    if (n && (d[0] == '+' || d[0] == '-')) {
        fy_sbuf_addc(&b, d[0]);
        start = 1;
    }
    for (int64_t i = 0; i < w - n && !b.oom; i++) fy_sbuf_addc(&b, '0');
    fy_sbuf_add(&b, d + start, S(self)->len - start);
    return fy_sbuf_finish(&b);
}

static fy_obj *partition(fy_obj *self, fy_obj *const *args, size_t nargs, bool rev) {
    if (fy_check_nargs(rev ? "rpartition" : "partition", nargs, 1, 1) < 0) return NULL;
    if (!FY_STR_CHECK(args[0])) return fy_err_format(&fy_TypeError, "must be str, not %s", args[0]->type->name);
    int64_t sn = FY_STR_LEN(args[0]);
    if (!sn) return fy_err_set(&fy_ValueError, "empty separator");
    const char *d = S(self)->data;
    int64_t n = S(self)->len;
    int64_t f = find_bytes(d, n, FY_STR_DATA(args[0]), sn, rev);
    fy_obj *e = fy_intern("");
    if (f < 0) return rev ? fy_tuple_pack(3, e, e, self) : fy_tuple_pack(3, self, e, e);
    fy_obj *a = fy_str_from_utf8(d, f), *c = fy_str_from_utf8(d + f + sn, n - f - sn);
    fy_obj *t = fy_tuple_pack(3, a, args[0], c);
    FY_DECREF(a);
    FY_DECREF(c);
    return t;
}
METH(str_partition) { return partition(self, args, nargs, false); }
METH(str_rpartition) { return partition(self, args, nargs, true); }

METH(str_removeprefix) {
    if (fy_check_nargs("removeprefix", nargs, 1, 1) < 0 || need_str(args[0], "removeprefix") < 0) return NULL;
    int64_t n = FY_STR_LEN(args[0]);
    if (n <= S(self)->len && !memcmp(S(self)->data, FY_STR_DATA(args[0]), n))
        return fy_str_from_utf8(S(self)->data + n, S(self)->len - n);
    return fy_ref(self);
}
METH(str_removesuffix) {
    if (fy_check_nargs("removesuffix", nargs, 1, 1) < 0 || need_str(args[0], "removesuffix") < 0) return NULL;
    int64_t n = FY_STR_LEN(args[0]);
    if (n && n <= S(self)->len && !memcmp(S(self)->data + S(self)->len - n, FY_STR_DATA(args[0]), n))
        return fy_str_from_utf8(S(self)->data, S(self)->len - n);
    return fy_ref(self);
}
METH(str_expandtabs) {
    int64_t ts = 8;
    if (nargs && fy_index(args[0], &ts) < 0) return NULL;
    if (ts > INT_MAX) return fy_err_set(&fy_OverflowError, "Python int too large to convert to C int"); /* as CPython */
    fy_sbuf b = {0};
    int64_t col = 0;
    const char *d = S(self)->data;
    for (int64_t i = 0; i < S(self)->len; i++) {
        if (d[i] == '\t') {
            if (ts > 0) {
                int64_t k = ts - col % ts;
                for (int64_t j = 0; j < k && !b.oom; j++) fy_sbuf_addc(&b, ' ');
                col += k;
            }
        } else {
            fy_sbuf_addc(&b, d[i]);
            if (d[i] == '\n' || d[i] == '\r') col = 0;
            else if (((unsigned char)d[i] & 0xC0) != 0x80) col++;
        }
    }
    return fy_sbuf_finish(&b);
}
METH(str_encode) { return fy_str_encode_method(self, args, nargs, kw); }
METH(str_format) { return fy_str_format_method(self, args, nargs, kw); }
METH(str_format_map) {
    if (fy_check_nargs("format_map", nargs, 1, 1) < 0) return NULL;
    /* pass mapping items as keywords */
    if (!FY_DICT_CHECK(args[0])) return fy_err_set(&fy_TypeError, "format_map() argument must be a dict");
    fy_obj *empty = fy_empty_tuple();
    fy_obj *m = fy_getattr_cstr(self, "format");
    fy_obj *r = m ? fy_call_tuple_dict(m, empty, args[0]) : NULL;
    FY_XDECREF(m);
    FY_DECREF(empty);
    return r;
}
METH(str_maketrans) {
    if (fy_check_nargs("maketrans", nargs, 1, 3) < 0) return NULL;
    fy_obj *d = fy_dict_new();
    if (nargs == 1) {
        if (!FY_DICT_CHECK(args[0])) {
            FY_DECREF(d);
            return fy_err_set(&fy_TypeError, "if you give only one argument to maketrans it must be a dict");
        }
        int64_t pos = 0;
        fy_obj *k, *v;
        while (fy_dict_next(args[0], &pos, &k, &v)) {
            fy_obj *key = k;
            if (FY_STR_CHECK(k)) {
                int adv;
                key = fy_int_from(fy_utf8_decode(FY_STR_DATA(k), FY_STR_LEN(k), &adv));
            } else FY_INCREF(key);
            fy_dict_set(d, key, v);
            FY_DECREF(key);
        }
        return d;
    }
    fy_obj *x = args[0], *y = args[1];
    if (!FY_STR_CHECK(x) || !FY_STR_CHECK(y) || S(x)->nchars != S(y)->nchars) {
        FY_DECREF(d);
        return fy_err_set(&fy_ValueError, "the first two maketrans arguments must have equal length");
    }
    int64_t i = 0, j = 0;
    while (i < S(x)->len) {
        int a1, a2;
        uint32_t c1 = fy_utf8_decode(S(x)->data + i, S(x)->len - i, &a1);
        uint32_t c2 = fy_utf8_decode(S(y)->data + j, S(y)->len - j, &a2);
        fy_obj *k = fy_int_from(c1), *v = fy_int_from(c2);
        fy_dict_set(d, k, v);
        FY_DECREF(k);
        FY_DECREF(v);
        i += a1;
        j += a2;
    }
    if (nargs > 2 && FY_STR_CHECK(args[2])) {
        for (int64_t k2 = 0; k2 < S(args[2])->len;) {
            int a;
            uint32_t c = fy_utf8_decode(S(args[2])->data + k2, S(args[2])->len - k2, &a);
            fy_obj *k = fy_int_from(c);
            fy_dict_set(d, k, fy_None);
            FY_DECREF(k);
            k2 += a;
        }
    }
    return d;
}
METH(str_translate) {
    if (fy_check_nargs("translate", nargs, 1, 1) < 0) return NULL;
    fy_sbuf b = {0};
    const char *d = S(self)->data;
    int64_t n = S(self)->len;
    for (int64_t i = 0; i < n;) {
        int adv;
        uint32_t cp = fy_utf8_decode(d + i, n - i, &adv);
        fy_obj *k = fy_int_from(cp);
        fy_obj *v = fy_getitem(args[0], k);
        FY_DECREF(k);
        if (!v) {
            if (!fy_err_matches(&fy_LookupError)) {
                fy_sbuf_free(&b);
                return NULL;
            }
            fy_err_clear();
            fy_sbuf_add(&b, d + i, adv);
        } else {
            if (FY_STR_CHECK(v)) fy_sbuf_add(&b, FY_STR_DATA(v), FY_STR_LEN(v));
            else if (FY_INT_CHECK(v)) {
                if (FY_INT_IS_BIG(v) || FY_INT_VAL(v) < 0 || FY_INT_VAL(v) > 0x10FFFF) {
                    FY_DECREF(v);
                    fy_sbuf_free(&b);
                    return fy_err_set(&fy_ValueError, "character mapping must be in range(0x110000)");
                }
                char e[4];
                fy_sbuf_add(&b, e, fy_utf8_encode((uint32_t)FY_INT_VAL(v), e));
            }
            FY_DECREF(v);
        }
        i += adv;
    }
    if (!b.p) return fy_ref(fy_intern(""));
    return fy_sbuf_finish(&b);
}

fy_methoddef fy_str_methods[] = {{"find", str_find, 0, "find(sub[, start[, end]]) -> int"},
                                 {"rfind", str_rfind, 0, "rfind(sub[, start[, end]]) -> int"},
                                 {"index", str_index, 0, "index(sub[, start[, end]]) -> int"},
                                 {"rindex", str_rindex, 0, "rindex(sub[, start[, end]]) -> int"},
                                 {"count", str_count, 0, "count(sub[, start[, end]]) -> int"},
                                 {"startswith", str_startswith, 0, "startswith(prefix[, start[, end]]) -> bool"},
                                 {"endswith", str_endswith, 0, "endswith(suffix[, start[, end]]) -> bool"},
                                 {"strip", str_strip, 0, "strip(chars=None, /)"},
                                 {"lstrip", str_lstrip, 0, "lstrip(chars=None, /)"},
                                 {"rstrip", str_rstrip, 0, "rstrip(chars=None, /)"},
                                 {"split", str_split, 0, "split(sep=None, maxsplit=-1)"},
                                 {"rsplit", str_rsplit, 0, "rsplit(sep=None, maxsplit=-1)"},
                                 {"splitlines", str_splitlines, 0, "splitlines(keepends=False)"},
                                 {"join", str_join, 0, "join(iterable, /)"},
                                 {"replace", str_replace, 0, "replace(old, new, count=-1, /)"},
                                 {"upper", str_upper, 0, "upper()"},
                                 {"lower", str_lower, 0, "lower()"},
                                 {"casefold", str_lower, 0, "casefold()"},
                                 {"swapcase", str_swapcase, 0, "swapcase()"},
                                 {"title", str_title, 0, "title()"},
                                 {"capitalize", str_capitalize, 0, "capitalize()"},
                                 {"isdigit", str_isdigit, 0, NULL},
                                 {"isdecimal", str_isdigit, 0, NULL},
                                 {"isnumeric", str_isdigit, 0, NULL},
                                 {"isalpha", str_isalpha, 0, NULL},
                                 {"isalnum", str_isalnum, 0, NULL},
                                 {"isspace", str_isspace, 0, NULL},
                                 {"isupper", str_isupper, 0, NULL},
                                 {"islower", str_islower, 0, NULL},
                                 {"istitle", str_istitle, 0, NULL},
                                 {"isidentifier", str_isidentifier, 0, NULL},
                                 {"isprintable", str_isprintable, 0, NULL},
                                 {"isascii", str_isascii, 0, NULL},
                                 {"ljust", str_ljust, 0, "ljust(width, fillchar=' ', /)"},
                                 {"rjust", str_rjust, 0, "rjust(width, fillchar=' ', /)"},
                                 {"center", str_center, 0, "center(width, fillchar=' ', /)"},
                                 {"zfill", str_zfill, 0, "zfill(width, /)"},
                                 {"partition", str_partition, 0, "partition(sep, /)"},
                                 {"rpartition", str_rpartition, 0, "rpartition(sep, /)"},
                                 {"removeprefix", str_removeprefix, 0, "removeprefix(prefix, /)"},
                                 {"removesuffix", str_removesuffix, 0, "removesuffix(suffix, /)"},
                                 {"expandtabs", str_expandtabs, 0, "expandtabs(tabsize=8)"},
                                 {"encode", str_encode, 0, "encode(encoding='utf-8', errors='strict')"},
                                 {"format", str_format, 0, "format(*args, **kwargs) -> str"},
                                 {"format_map", str_format_map, 0, "format_map(mapping) -> str"},
                                 {"maketrans", str_maketrans, FY_METH_STATIC, "maketrans(x, y=None, z=None, /)"},
                                 {"translate", str_translate, 0, "translate(table, /)"},
                                 {NULL}};

fy_obj *fy_str_new_slot(fy_type *t, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    static const char *const names[] = {"object", "encoding", "errors", NULL};
    fy_obj *a[3];
    if (fy_parse_args("str", args, nargs, kw, names, 0, 3, 3, a) < 0) return NULL;
    fy_obj *r;
    if (!a[0]) r = fy_ref(fy_intern(""));
    else if (a[1] || a[2]) {
        if (FY_BYTES_CHECK(a[0]) || FY_TYPE(a[0]) == &fy_bytearray_type)
            r = fy_bytes_decode(a[0], a[1] && FY_STR_CHECK(a[1]) ? FY_STR_DATA(a[1]) : "utf-8");
        else
            return fy_err_format(&fy_TypeError, "decoding to str: need a bytes-like object, %s found",
                                 a[0]->type->name);
    } else r = fy_str(a[0]);
    if (!r || t == &fy_str_type) return r;
    /* str subclass: copy into an instance of t */
    fy_strobj *s = (fy_strobj *)fy_alloc_size(t, fy_var_alloc_size(t, t->basicsize + FY_STR_LEN(r) + 1));
    if (!s) {
        FY_DECREF(r);
        return NULL;
    }
    memcpy(s->data, FY_STR_DATA(r), FY_STR_LEN(r) + 1);
    s->len = FY_STR_LEN(r);
    s->nchars = S(r)->nchars;
    s->ascii = S(r)->ascii;
    s->hash = -1;
    FY_DECREF(r);
    return &s->h;
}
