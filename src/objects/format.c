/* format.c - format(): the format-spec mini-language for int/float/str, str.format() and
 * printf-style `%` formatting. */
#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "exec/interp.h"
#include "objects/object.h"
#include "objects/objects_int.h"

typedef struct {
    char fill[5];
    char align; /* <, >, ^, = or 0 */
    char sign;  /* +, -, space */
    bool alt, zero, z;
    int width;
    char grouping; /* , or _ or 0 */
    int prec;      /* -1 none */
    char type;     /* 0 none */
} fspec;

/* Read the decimal digits at s[*i] into *v; -1 when the number does not fit in an int (the caller
 * raises its own ValueError, as CPython does, instead of overflowing into a bogus width). */
static int read_count(const char *s, size_t n, size_t *i, int *v) {
    while (*i < n && isdigit((unsigned char)s[*i])) {
        int d = s[(*i)++] - '0';
        if (*v > (INT_MAX - d) / 10) return -1;
        *v = *v * 10 + d;
    }
    return 0;
}

static int parse_spec(const char *s, size_t n, fspec *f) {
    memset(f, 0, sizeof *f);
    f->prec = -1;
    strcpy(f->fill, " ");
    size_t i = 0;
    /* fill + align: the fill may be a multi-byte character */
    int adv = 1;
    if (n > 0) fy_utf8_decode(s, n, &adv);
    if (n > (size_t)adv && strchr("<>=^", s[adv])) {
        memcpy(f->fill, s, adv);
        f->fill[adv] = 0;
        f->align = s[adv];
        i = adv + 1;
    } else if (n > 0 && strchr("<>=^", s[0])) {
        f->align = s[0];
        i = 1;
    }
    if (i < n && strchr("+- ", s[i])) f->sign = s[i++];
    if (i < n && s[i] == 'z') {
        f->z = true;
        i++;
    }
    if (i < n && s[i] == '#') {
        f->alt = true;
        i++;
    }
    if (i < n && s[i] == '0') {
        f->zero = true;
        i++;
    }
    if (read_count(s, n, &i, &f->width) < 0) goto too_many;
    if (i < n && (s[i] == ',' || s[i] == '_')) f->grouping = s[i++];
    if (i < n && s[i] == '.') {
        i++;
        if (i >= n || !isdigit((unsigned char)s[i])) {
            fy_err_set(&fy_ValueError, "Format specifier missing precision");
            return -1;
        }
        f->prec = 0;
        if (read_count(s, n, &i, &f->prec) < 0) goto too_many;
    }
    if (i < n) f->type = s[i++];
    if (i < n) {
        fy_err_set(&fy_ValueError, "Invalid format specifier");
        return -1;
    }
    if (f->zero && !f->align) {
        strcpy(f->fill, "0");
        f->align = '=';
    }
    return 0;
too_many:
    fy_err_set(&fy_ValueError, "Too many decimal digits in format string");
    return -1;
}

static int64_t u8len(const char *s, size_t n) {
    int64_t c = 0;
    for (size_t i = 0; i < n; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80) c++;
    return c;
}

/* Pad body (with an optional sign/prefix part for '=' alignment) to the width. */
static fy_obj *pad_out(fspec *f, const char *prefix, const char *body, size_t blen, char default_align) {
    size_t plen = strlen(prefix);
    int64_t len = u8len(prefix, plen) + u8len(body, blen);
    char align = f->align ? f->align : default_align;
    int64_t padn = f->width > len ? f->width - len : 0;
    if (!padn && !plen) return fy_str_from_utf8(body, blen); /* nothing to add: no buffer */
    fy_sbuf b = {0};
    int64_t left = 0, right = 0;
    if (align == '<') right = padn;
    else if (align == '>') left = padn;
    else if (align == '^') {
        left = padn / 2;
        right = padn - left;
    }
    if (align == '=') {
        fy_sbuf_adds(&b, prefix);
        for (int64_t i = 0; i < padn && !b.oom; i++) fy_sbuf_adds(&b, f->fill);
        fy_sbuf_add(&b, body, blen);
    } else {
        for (int64_t i = 0; i < left && !b.oom; i++) fy_sbuf_adds(&b, f->fill);
        fy_sbuf_adds(&b, prefix);
        fy_sbuf_add(&b, body, blen);
        for (int64_t i = 0; i < right && !b.oom; i++) fy_sbuf_adds(&b, f->fill);
    }
    if (!b.p) return fy_ref(fy_intern(""));
    return fy_sbuf_finish(&b);
}

/* Insert grouping separators into a run of digits. */
static void group_digits(const char *digits, size_t n, char sep, int every, fy_sbuf *out) {
    for (size_t i = 0; i < n; i++) {
        fy_sbuf_addc(out, digits[i]);
        size_t rem = n - i - 1;
        if (sep && rem > 0 && rem % every == 0) fy_sbuf_addc(out, sep);
    }
}

/* Format the int v (any size) by the spec f. */
static fy_obj *format_int(fy_obj *v, fspec *f) {
    char type = f->type ? f->type : 'd';
    if (f->prec >= 0) return fy_err_set(&fy_ValueError, "Precision not allowed in integer format specifier");
    if (type == 'c') {
        if (FY_INT_IS_BIG(v)) return fy_err_set(&fy_OverflowError, "Python int too large to convert to C long");
        int64_t c = FY_INT_VAL(v);
        if (c < 0 || c >= 0x110000) return fy_err_set(&fy_OverflowError, "%c arg not in range(0x110000)");
        char enc[4];
        int k = fy_utf8_encode((uint32_t)c, enc);
        return pad_out(f, "", enc, k, '<');
    }
    int base = 10;
    const char *pfx = "";
    switch (type) {
    case 'd':
    case 'n': base = 10; break;
    case 'x':
        base = 16;
        pfx = "0x";
        break;
    case 'X':
        base = 16;
        pfx = "0X";
        break;
    case 'o':
        base = 8;
        pfx = "0o";
        break;
    case 'b':
        base = 2;
        pfx = "0b";
        break;
    default:
        return fy_err_format(&fy_ValueError, "Unknown format code '%c' for object of type '%s'", type, v->type->name);
    }
    size_t nd;
    bool neg;
    char *rev = fy_int_digits(v, base, type == 'X', &nd, &neg);
    if (!rev) return NULL;
    char prefix[8] = "";
    int pl = 0;
    if (neg) prefix[pl++] = '-';
    else if (f->sign == '+') prefix[pl++] = '+';
    else if (f->sign == ' ') prefix[pl++] = ' ';
    if (f->alt && base != 10) {
        strcpy(prefix + pl, pfx);
        pl += 2;
    }
    prefix[pl] = 0;
    fy_sbuf body = {0};
    int every = base == 10 ? 3 : 4;
    if (f->grouping && f->zero && f->align == '=' && f->width > 0) {
        /* zero padding participates in grouping */
        int64_t want = f->width - pl;
        int64_t have = (int64_t)nd + ((int64_t)nd - 1) / every;
        fy_sbuf tmp = {0};
        int64_t zeros = 0;
        while (have < want) {
            zeros++;
            have = (int64_t)nd + zeros + ((int64_t)nd + zeros - 1) / every;
        }
        for (int64_t i = 0; i < zeros; i++) fy_sbuf_addc(&tmp, '0');
        fy_sbuf_add(&tmp, rev, nd);
        group_digits(tmp.p, tmp.len, f->grouping, every, &body);
        fy_sbuf_free(&tmp);
    } else {
        group_digits(rev, nd, f->grouping, every, &body);
    }
    fy_free(rev);
    fy_obj *r = pad_out(f, prefix, body.p, body.len, '>');
    fy_sbuf_free(&body);
    return r;
}

/* a (finite, >= 0) with prec digits after the point, correctly rounded (half to even on the exact
 * binary value, as printf and CPython do), into buf; false when it is out of the exact 128-bit
 * range (the caller then asks printf). printf's multi-precision path is the slow part of %.3f. */
static bool fixed_digits(double a, int prec, char *buf, size_t cap) {
    static const uint64_t pow10[20] = {1ull,
                                       10ull,
                                       100ull,
                                       1000ull,
                                       10000ull,
                                       100000ull,
                                       1000000ull,
                                       10000000ull,
                                       100000000ull,
                                       1000000000ull,
                                       10000000000ull,
                                       100000000000ull,
                                       1000000000000ull,
                                       10000000000000ull,
                                       100000000000000ull,
                                       1000000000000000ull,
                                       10000000000000000ull,
                                       100000000000000000ull,
                                       1000000000000000000ull,
                                       10000000000000000000ull};
    if (prec < 0 || prec > 19 || cap < 64) return false;
    int e;
    double fr = frexp(a, &e); /* a = fr * 2^e, fr in [0.5, 1) */
    uint64_t m = (uint64_t)ldexp(fr, 53);
    e -= 53; /* a = m * 2^e exactly */
    if (a == 0) m = 0, e = 0;
    if (e > 0 || e < -120) return false;
    unsigned __int128 n = (unsigned __int128)m * pow10[prec]; /* < 2^117 */
    unsigned __int128 q = e ? n >> -e : n;
    if (e) {
        unsigned __int128 rem = n & (((unsigned __int128)1 << -e) - 1);
        unsigned __int128 half = (unsigned __int128)1 << (-e - 1);
        if (rem > half || (rem == half && (q & 1))) q++;
    }
    char tmp[48];
    int nd = 0;
    do {
        tmp[nd++] = (char)('0' + (int)(q % 10));
        q /= 10;
    } while (q);
    while (nd <= prec) tmp[nd++] = '0'; /* at least one digit before the point */
    size_t o = 0;
    for (int i = nd - 1; i >= prec; i--) buf[o++] = tmp[i];
    if (prec) {
        buf[o++] = '.';
        for (int i = prec - 1; i >= 0; i--) buf[o++] = tmp[i];
    }
    buf[o] = 0;
    return true;
}

static fy_obj *format_float(double v, fspec *f, bool from_int) {
    char type = f->type;
    int prec = f->prec;
    char buf[512];
    bool neg = signbit(v) && !(isnan(v));
    double a = fabs(v);
    if (f->z && a == 0) neg = false;
    char body[600];
    if (!type) {
        if (prec < 0) {
            fy_double_repr(a, buf, sizeof buf);
            if (from_int) { /* format(3, '') handled by int */
            }
        } else if (isfinite(a)) {
            /* like 'g', but scientific from exponent prec-1 on and a fixed result keeps ".0" */
            int p = prec ? prec : 1;
            snprintf(buf, sizeof buf, "%.*e", p - 1, a);
            char *e = strchr(buf, 'e');
            int x = e ? atoi(e + 1) : 0;
            if (x < -4 || x >= p - 1) {
                char exp[16];
                snprintf(exp, sizeof exp, "%s", e);
                *e = 0;
                if (strchr(buf, '.')) {
                    size_t k = strlen(buf);
                    while (k && buf[k - 1] == '0') buf[--k] = 0;
                    if (k && buf[k - 1] == '.') buf[--k] = 0;
                }
                strcat(buf, exp);
            } else {
                snprintf(buf, sizeof buf, "%.*f", p - 1 - x, a);
                if (strchr(buf, '.')) {
                    size_t k = strlen(buf);
                    while (k && buf[k - 1] == '0') buf[--k] = 0;
                    if (k && buf[k - 1] == '.') buf[--k] = 0;
                }
                if (!strchr(buf, '.')) strcat(buf, ".0");
            }
        } else {
            snprintf(buf, sizeof buf, "%g", a);
        }
    } else {
        switch (type) {
        case 'f':
        case 'F':
            if (!isfinite(a) || !fixed_digits(a, prec < 0 ? 6 : prec, buf, sizeof buf))
                snprintf(buf, sizeof buf, type == 'f' ? "%.*f" : "%.*F", prec < 0 ? 6 : prec, a);
            break;
        case 'e':
        case 'E': snprintf(buf, sizeof buf, type == 'e' ? "%.*e" : "%.*E", prec < 0 ? 6 : prec, a); break;
        case 'g':
        case 'G':
        case 'n':
            snprintf(buf, sizeof buf, type == 'G' ? (f->alt ? "%#.*G" : "%.*G") : (f->alt ? "%#.*g" : "%.*g"),
                     prec < 0 ? 6 : (prec == 0 ? 1 : prec), a);
            break;
        case '%': snprintf(buf, sizeof buf, "%.*f%%", prec < 0 ? 6 : prec, a * 100); break;
        default:
            return fy_err_format(&fy_ValueError, "Unknown format code '%c' for object of type '%s'", type,
                                 from_int ? "int" : "float");
        }
    }
    if (isinf(a)) strcpy(buf, (type == 'F' || type == 'E' || type == 'G') ? "INF" : "inf");
    if (isnan(a)) strcpy(buf, (type == 'F' || type == 'E' || type == 'G') ? "NAN" : "nan");
    if (f->alt && type && strchr("fFeE", type) && !strchr(buf, '.') && isfinite(a)) {
        char *e = strpbrk(buf, "eE");
        if (e) {
            memmove(e + 1, e, strlen(e) + 1);
            *e = '.';
        } else strcat(buf, ".");
    }
    /* grouping on the integer part */
    if (f->grouping) {
        char *dot = strpbrk(buf, ".eE%");
        size_t ilen = dot ? (size_t)(dot - buf) : strlen(buf);
        fy_sbuf g = {0};
        group_digits(buf, ilen, f->grouping, 3, &g);
        fy_sbuf_adds(&g, buf + ilen);
        snprintf(body, sizeof body, "%s", g.p ? g.p : "");
        fy_sbuf_free(&g);
    } else {
        char prefix[4] = "";
        if (neg) strcpy(prefix, "-");
        else if (f->sign == '+') strcpy(prefix, "+");
        else if (f->sign == ' ') strcpy(prefix, " ");
        return pad_out(f, prefix, buf, strlen(buf), '>');
    }
    char prefix[4] = "";
    if (neg) strcpy(prefix, "-");
    else if (f->sign == '+') strcpy(prefix, "+");
    else if (f->sign == ' ') strcpy(prefix, " ");
    return pad_out(f, prefix, body, strlen(body), '>');
}

static fy_obj *format_str(fy_obj *s, fspec *f) {
    if (f->type && f->type != 's')
        return fy_err_format(&fy_ValueError, "Unknown format code '%c' for object of type 'str'", f->type);
    if (f->sign) return fy_err_set(&fy_ValueError, "Sign not allowed in string format specifier");
    if (f->align == '=') return fy_err_set(&fy_ValueError, "'=' alignment not allowed in string format specifier");
    const char *d = FY_STR_DATA(s);
    size_t n = FY_STR_LEN(s);
    if (f->prec >= 0)
        n = fy_str_byte_offset(s, f->prec < ((fy_strobj *)s)->nchars ? f->prec : ((fy_strobj *)s)->nchars);
    return pad_out(f, "", d, n, '<');
}

fy_obj *fy_format(fy_obj *v, fy_obj *spec) {
    const char *sp = spec ? FY_STR_DATA(spec) : "";
    size_t sn = spec ? FY_STR_LEN(spec) : 0;
    fy_type *t = v->type;
    bool builtin = t == &fy_int_type || t == &fy_bool_type || t == &fy_float_type || t == &fy_str_type;
    if (!builtin) {
        fy_obj *m = fy_type_lookup(t, fy_intern("__format__"));
        bool is_object_format =
            m && FY_TYPE(m) == &fy_methoddescr_type && fy_type_lookup(&fy_object_type, fy_intern("__format__")) == m;
        if (m && !is_object_format) {
            fy_obj *s = spec ? fy_ref(spec) : fy_ref(fy_intern(""));
            fy_obj *r = fy_call_method(v, "__format__", &s, 1);
            FY_DECREF(s);
            if (r && !FY_STR_CHECK(r)) {
                fy_err_format(&fy_TypeError, "__format__ must return a str, not %s", r->type->name);
                FY_DECREF(r);
                return NULL;
            }
            return r;
        }
        if (FY_INT_CHECK(v) || FY_FLOAT_CHECK(v) || FY_STR_CHECK(v)) builtin = true;
        else {
            if (sn) return fy_err_format(&fy_TypeError, "unsupported format string passed to %s.__format__", t->name);
            return fy_str(v);
        }
    }
    if (!sn) return (t == &fy_bool_type || !FY_STR_CHECK(v)) ? fy_str(v) : fy_ref(v);
    fspec f;
    if (parse_spec(sp, sn, &f) < 0) return NULL;
    if (FY_STR_CHECK(v)) return format_str(v, &f);
    if (FY_INT_CHECK(v)) {
        if (f.type && strchr("eEfFgG%", f.type)) {
            double d;
            if (fy_int_to_double(v, &d) < 0) return NULL;
            return format_float(d, &f, true);
        }
        /* a bool with a non-empty spec formats as its int, like CPython's int.__format__ */
        return format_int(v, &f);
    }
    if (f.type && strchr("dxXobc", f.type))
        return fy_err_format(&fy_ValueError, "Unknown format code '%c' for object of type 'float'", f.type);
    return format_float(FY_FLOAT_VAL(v), &f, false);
}

/* ------------------------------------------------------------------ str.format */

/* A field name made of digits only is a positional index ("{1a}" is a keyword, as in CPython). */
static bool all_digits(const char *s, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (!isdigit((unsigned char)s[i])) return false;
    return n > 0;
}

static fy_obj *field_lookup(const char *s, size_t n, fy_obj *const *args, size_t nargs, fy_obj *kwnames,
                            size_t *auto_idx) {
    size_t i = 0;
    while (i < n && s[i] != '.' && s[i] != '[') i++;
    fy_obj *obj;
    if (i == 0) {
        if (*auto_idx == (size_t)-1)
            return fy_err_set(&fy_ValueError,
                              "cannot switch from manual field specification to automatic field numbering");
        size_t k = (*auto_idx)++;
        if (k >= nargs)
            return fy_err_format(&fy_IndexError, "Replacement index %zu out of range for positional args tuple", k);
        obj = fy_ref(args[k]);
    } else if (all_digits(s, i)) {
        size_t k = 0;
        for (size_t d = 0; d < i; d++) {
            if (k > ((size_t)INT64_MAX - (size_t)(s[d] - '0')) / 10) /* past Py_ssize_t, as CPython says */
                return fy_err_set(&fy_ValueError, "Too many decimal digits in format string");
            k = k * 10 + (size_t)(s[d] - '0');
        }
        if (*auto_idx > 0 && *auto_idx != (size_t)-1)
            return fy_err_set(&fy_ValueError,
                              "cannot switch from automatic field numbering to manual field specification");
        *auto_idx = (size_t)-1;
        if (k >= nargs)
            return fy_err_format(&fy_IndexError, "Replacement index %zu out of range for positional args tuple", k);
        obj = fy_ref(args[k]);
    } else {
        obj = NULL;
        size_t nk = fy_kwcount(kwnames);
        for (size_t k = 0; k < nk; k++) {
            fy_obj *kn = FY_TUPLE_ITEMS(kwnames)[k];
            if ((size_t)FY_STR_LEN(kn) == i && !memcmp(FY_STR_DATA(kn), s, i)) {
                obj = fy_ref(args[nargs + k]);
                break;
            }
        }
        if (!obj) {
            fy_obj *key = fy_str_from(s, i);
            fy_err_set_obj(&fy_KeyError, key);
            FY_XDECREF(key);
            return NULL;
        }
    }
    while (i < n) {
        if (s[i] == '.') {
            size_t j = ++i;
            while (i < n && s[i] != '.' && s[i] != '[') i++;
            fy_obj *name = fy_str_from(s + j, i - j);
            fy_obj *nx = fy_getattr(obj, fy_intern_str(name));
            FY_DECREF(obj);
            if (!nx) return NULL;
            obj = nx;
        } else if (s[i] == '[') {
            size_t j = ++i;
            while (i < n && s[i] != ']') i++;
            fy_obj *key;
            bool digits = i > j;
            for (size_t k = j; k < i; k++)
                if (!isdigit((unsigned char)s[k])) digits = false;
            key = digits ? fy_int_from(strtoll(s + j, NULL, 10)) : fy_str_from(s + j, i - j);
            fy_obj *nx = fy_getitem(obj, key);
            FY_DECREF(key);
            FY_DECREF(obj);
            if (!nx) return NULL;
            obj = nx;
            i++;
        } else break;
    }
    return obj;
}

static fy_obj *vformat(const char *s, size_t n, fy_obj *const *args, size_t nargs, fy_obj *kwnames, size_t *auto_idx,
                       int depth) {
    if (depth > 2) return fy_err_set(&fy_ValueError, "Max string recursion exceeded");
    fy_sbuf b = {0};
    size_t i = 0;
    while (i < n) {
        char c = s[i];
        if (c == '}') {
            if (i + 1 < n && s[i + 1] == '}') {
                fy_sbuf_addc(&b, '}');
                i += 2;
                continue;
            }
            fy_sbuf_free(&b);
            return fy_err_set(&fy_ValueError, "Single '}' encountered in format string");
        }
        if (c != '{') {
            fy_sbuf_addc(&b, c);
            i++;
            continue;
        }
        if (i + 1 < n && s[i + 1] == '{') {
            fy_sbuf_addc(&b, '{');
            i += 2;
            continue;
        }
        /* find the matching close brace */
        size_t j = i + 1;
        int lvl = 1;
        while (j < n && lvl) {
            if (s[j] == '{') lvl++;
            else if (s[j] == '}') lvl--;
            if (lvl) j++;
        }
        if (j >= n) {
            fy_sbuf_free(&b);
            return fy_err_set(&fy_ValueError, "expected '}' before end of string");
        }
        const char *fld = s + i + 1;
        size_t fl = j - i - 1;
        size_t k = 0;
        while (k < fl && fld[k] != '!' && fld[k] != ':') {
            if (fld[k] == '[')
                while (k < fl && fld[k] != ']') k++;
            k++;
        }
        if (k > fl) k = fl;
        fy_obj *obj = field_lookup(fld, k, args, nargs, kwnames, auto_idx);
        if (!obj) {
            fy_sbuf_free(&b);
            return NULL;
        }
        char conv = 0;
        if (k < fl && fld[k] == '!') {
            conv = k + 1 < fl ? fld[k + 1] : 0;
            k += 2;
            if (conv != 'r' && conv != 's' && conv != 'a') {
                FY_DECREF(obj);
                fy_sbuf_free(&b);
                return fy_err_set(&fy_ValueError, "Unknown conversion specifier");
            }
        }
        fy_obj *spec = NULL;
        if (k < fl && fld[k] == ':') spec = vformat(fld + k + 1, fl - k - 1, args, nargs, kwnames, auto_idx, depth + 1);
        else spec = fy_ref(fy_intern(""));
        if (!spec) {
            FY_DECREF(obj);
            fy_sbuf_free(&b);
            return NULL;
        }
        if (conv) {
            fy_obj *cv = conv == 'r' ? fy_repr(obj) : conv == 'a' ? fy_ascii(obj) : fy_str(obj);
            FY_DECREF(obj);
            obj = cv;
            if (!obj) {
                FY_DECREF(spec);
                fy_sbuf_free(&b);
                return NULL;
            }
        }
        fy_obj *r = fy_format(obj, spec);
        FY_DECREF(obj);
        FY_DECREF(spec);
        if (!r) {
            fy_sbuf_free(&b);
            return NULL;
        }
        fy_sbuf_add(&b, FY_STR_DATA(r), FY_STR_LEN(r));
        FY_DECREF(r);
        i = j + 1;
    }
    if (!b.p) return fy_ref(fy_intern(""));
    return fy_sbuf_finish(&b);
}

fy_obj *fy_str_format_method(fy_obj *fmt, fy_obj *const *args, size_t nargs, fy_obj *kwnames) {
    size_t auto_idx = 0;
    return vformat(FY_STR_DATA(fmt), FY_STR_LEN(fmt), args, nargs, kwnames, &auto_idx, 0);
}

/* ------------------------------------------------------------------ printf-style % */

fy_obj *fy_str_percent(fy_obj *fmt, fy_obj *args) {
    const char *s = FY_STR_DATA(fmt);
    size_t n = FY_STR_LEN(fmt);
    fy_obj *const *items;
    size_t nitems;
    fy_obj *single[1] = {args};
    bool is_map = !FY_TUPLE_CHECK(args) &&
                  (FY_DICT_CHECK(args) || (args->type->getitem && !FY_STR_CHECK(args) && !FY_LIST_CHECK(args)));
    if (FY_TUPLE_CHECK(args)) {
        items = FY_TUPLE_ITEMS(args);
        nitems = FY_TUPLE_N(args);
    } else {
        items = single;
        nitems = 1;
    }
    size_t ai = 0;
    fy_sbuf b = {0};
    bool used_map = false;
    for (size_t i = 0; i < n; i++) {
        if (s[i] != '%') {
            fy_sbuf_addc(&b, s[i]);
            continue;
        }
        i++;
        if (i >= n) {
            fy_sbuf_free(&b);
            return fy_err_set(&fy_ValueError, "incomplete format");
        }
        if (s[i] == '%') {
            fy_sbuf_addc(&b, '%');
            continue;
        }
        fy_obj *val = NULL;
        if (s[i] == '(') {
            size_t j = ++i;
            int lvl = 1;
            while (i < n && lvl) {
                if (s[i] == '(') lvl++;
                else if (s[i] == ')') lvl--;
                if (lvl) i++;
            }
            if (i >= n) {
                fy_sbuf_free(&b);
                return fy_err_set(&fy_ValueError, "incomplete format key");
            }
            fy_obj *key = fy_str_from(s + j, i - j);
            val = fy_getitem(args, key);
            FY_DECREF(key);
            if (!val) {
                fy_sbuf_free(&b);
                return NULL;
            }
            i++;
            used_map = true;
        }
        fspec f;
        memset(&f, 0, sizeof f);
        strcpy(f.fill, " ");
        f.prec = -1;
        bool left = false;
        while (i < n && strchr("-+ #0", s[i])) {
            if (s[i] == '-') left = true;
            else if (s[i] == '+') f.sign = '+';
            else if (s[i] == ' ' && f.sign != '+') f.sign = ' ';
            else if (s[i] == '#') f.alt = true;
            else if (s[i] == '0') f.zero = true;
            i++;
        }
        if (i < n && s[i] == '*') {
            if (ai >= nitems) goto notenough;
            int64_t w;
            if (fy_index(items[ai++], &w) < 0) {
                fy_sbuf_free(&b);
                FY_XDECREF(val);
                return NULL;
            }
            if (w < -INT_MAX || w > INT_MAX) {
                fy_sbuf_free(&b);
                FY_XDECREF(val);
                return fy_err_set(&fy_ValueError, "width too big");
            }
            if (w < 0) {
                left = true;
                w = -w;
            }
            f.width = (int)w;
            i++;
        } else if (read_count(s, n, &i, &f.width) < 0) {
            fy_sbuf_free(&b);
            FY_XDECREF(val);
            return fy_err_set(&fy_ValueError, "width too big");
        }
        if (i < n && s[i] == '.') {
            i++;
            f.prec = 0;
            if (i < n && s[i] == '*') {
                if (ai >= nitems) goto notenough;
                int64_t p;
                if (fy_index(items[ai++], &p) < 0) {
                    fy_sbuf_free(&b);
                    FY_XDECREF(val);
                    return NULL;
                }
                if (p > INT_MAX) {
                    fy_sbuf_free(&b);
                    FY_XDECREF(val);
                    return fy_err_set(&fy_ValueError, "precision too big");
                }
                f.prec = p < 0 ? 0 : (int)p; /* as CPython: a negative precision is 0 */
                i++;
            } else if (read_count(s, n, &i, &f.prec) < 0) {
                fy_sbuf_free(&b);
                FY_XDECREF(val);
                return fy_err_set(&fy_ValueError, "precision too big");
            }
        }
        while (i < n && strchr("hlL", s[i])) i++;
        if (i >= n) {
            fy_sbuf_free(&b);
            FY_XDECREF(val);
            return fy_err_set(&fy_ValueError, "incomplete format");
        }
        char conv = s[i];
        if (!val) {
            if (ai >= nitems) goto notenough;
            val = fy_ref(items[ai++]);
        }
        if (left) f.align = '<';
        else if (f.zero && strchr("diouxXeEfFgG", conv)) {
            f.align = '=';
            strcpy(f.fill, "0");
        } else f.align = '>';
        fy_obj *r = NULL;
        switch (conv) {
        case 's':
        case 'r':
        case 'a': {
            fy_obj *t = conv == 's' ? fy_str(val) : conv == 'r' ? fy_repr(val) : fy_ascii(val);
            if (t) {
                f.type = 0;
                r = format_str(t, &f);
                FY_DECREF(t);
            }
            break;
        }
        case 'd':
        case 'i':
        case 'u': {
            fy_obj *x;
            if (FY_FLOAT_CHECK(val)) {
                x = fy_int_from_double(FY_FLOAT_VAL(val));
            } else if (FY_INT_CHECK(val) || val->type->index || val->type->to_int) {
                if (!FY_INT_CHECK(val) && val->type->to_int) x = val->type->to_int(val);
                else x = fy_number_index(val);
            } else {
                r = fy_err_format(&fy_TypeError, "%%%c format: a real number is required, not %s", conv,
                                  val->type->name);
                break;
            }
            if (!x) break;
            f.type = 'd';
            f.prec = -1;
            r = format_int(x, &f);
            FY_DECREF(x);
            break;
        }
        case 'x':
        case 'X':
        case 'o': {
            if (!FY_INT_CHECK(val) && !val->type->index) {
                r = fy_err_format(&fy_TypeError, "%%%c format: an integer is required, not %s", conv, val->type->name);
                break;
            }
            fy_obj *x = fy_number_index(val);
            if (!x) break;
            f.type = conv;
            f.prec = -1;
            r = format_int(x, &f);
            FY_DECREF(x);
            break;
        }
        case 'e':
        case 'E':
        case 'f':
        case 'F':
        case 'g':
        case 'G': {
            double d;
            if (fy_as_double(val, &d) < 0) {
                if (!fy_err_matches(&fy_TypeError)) break;
                fy_err_clear();
                r = fy_err_format(&fy_TypeError, "must be real number, not %s", val->type->name);
                break;
            }
            f.type = conv;
            if (f.prec < 0) f.prec = 6;
            r = format_float(d, &f, false);
            break;
        }
        case 'c': {
            if (FY_STR_CHECK(val)) {
                f.type = 0;
                r = format_str(val, &f);
            } else {
                fy_obj *x = fy_number_index(val);
                if (!x) break;
                if (FY_INT_IS_BIG(x)) {
                    FY_DECREF(x);
                    r = fy_err_set(&fy_OverflowError, "%c arg not in range(0x110000)");
                    break;
                }
                f.type = 'c';
                r = format_int(x, &f);
                FY_DECREF(x);
            }
            break;
        }
        default:
            r = fy_err_format(&fy_ValueError, "unsupported format character '%c' (0x%x) at index %zu", conv, conv, i);
        }
        FY_DECREF(val);
        if (!r) {
            fy_sbuf_free(&b);
            return NULL;
        }
        fy_sbuf_add(&b, FY_STR_DATA(r), FY_STR_LEN(r));
        FY_DECREF(r);
    }
    if (!used_map && !is_map && ai < nitems) {
        fy_sbuf_free(&b);
        return fy_err_set(&fy_TypeError, "not all arguments converted during string formatting");
    }
    if (!b.p) return fy_ref(fy_intern(""));
    return fy_sbuf_finish(&b);
notenough:
    fy_sbuf_free(&b);
    return fy_err_set(&fy_TypeError, "not enough arguments for format string");
}
