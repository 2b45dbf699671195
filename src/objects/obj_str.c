/* obj_str.c - str core: creation, UTF-8, interning, hashing, repr, indexing, comparison,
 * plus the fy_sbuf text builder and fy_str_printf. Methods are in obj_str_methods.c. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "exec/interp.h"
#include "objects/object.h"
#include "objects/objects_int.h"

/* ------------------------------------------------------------------ UTF-8 */

int fy_utf8_encode(uint32_t cp, char *o) {
    if (cp < 0x80) {
        o[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        o[0] = (char)(0xC0 | (cp >> 6));
        o[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        o[0] = (char)(0xE0 | (cp >> 12));
        o[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        o[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    o[0] = (char)(0xF0 | (cp >> 18));
    o[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    o[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    o[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

uint32_t fy_utf8_decode(const char *s, size_t n, int *adv) {
    const unsigned char *u = (const unsigned char *)s;
    if (u[0] < 0x80 || n < 1) {
        *adv = 1;
        return u[0];
    }
    int len = u[0] >= 0xF0 ? 4 : u[0] >= 0xE0 ? 3 : u[0] >= 0xC0 ? 2 : 1;
    if (len == 1 || (size_t)len > n) {
        *adv = 1;
        return 0xFFFD;
    }
    uint32_t cp = u[0] & (0x7F >> len);
    for (int i = 1; i < len; i++) {
        if ((u[i] & 0xC0) != 0x80) {
            *adv = 1;
            return 0xFFFD;
        }
        cp = (cp << 6) | (u[i] & 0x3F);
    }
    *adv = len;
    return cp;
}

static bool utf8_valid(const char *s, size_t n, int64_t *nchars, bool *ascii) {
    int64_t c = 0;
    bool a = true;
    for (size_t i = 0; i < n;) {
        unsigned char b = (unsigned char)s[i];
        if (b < 0x80) {
            i++;
            c++;
            continue;
        }
        a = false;
        int len = b >= 0xF8 ? 0 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC2 ? 2 : 0;
        if (!len || i + len > n) return false;
        for (int k = 1; k < len; k++)
            if (((unsigned char)s[i + k] & 0xC0) != 0x80) return false;
        i += len;
        c++;
    }
    *nchars = c;
    *ascii = a;
    return true;
}

/* ------------------------------------------------------------------ creation */

static fy_strobj *str_alloc(size_t len) {
    fy_strobj *s = (fy_strobj *)fy_alloc_size(&fy_str_type, sizeof(fy_strobj) + len + 1);
    if (!s) return NULL;
    s->len = (int64_t)len;
    s->hash = -1;
    s->data[len] = 0;
    return s;
}

static fy_obj *one_char[128]; /* the ASCII one-character strings, "\x00" included */
static fy_obj *empty_str;

fy_obj *fy_str_from_utf8(const char *p, size_t len) {
    if (len == 1 && (unsigned char)p[0] < 128 && one_char[(unsigned char)p[0]])
        return fy_ref(one_char[(unsigned char)p[0]]);
    if (len == 0 && empty_str) return fy_ref(empty_str);
    fy_strobj *s = str_alloc(len);
    if (!s) return NULL;
    memcpy(s->data, p, len);
    int64_t nc = 0;
    bool ascii = true;
    for (size_t i = 0; i < len; i++) {
        unsigned char b = (unsigned char)p[i];
        if (b >= 0x80) ascii = false;
        if ((b & 0xC0) != 0x80) nc++;
    }
    s->nchars = nc;
    s->ascii = ascii;
    return &s->h;
}

fy_obj *fy_str_from(const char *p, size_t len) {
    int64_t nc;
    bool ascii;
    if (utf8_valid(p, len, &nc, &ascii)) return fy_str_from_utf8(p, len);
    fy_sbuf b = {0};
    for (size_t i = 0; i < len;) {
        int adv;
        uint32_t cp = fy_utf8_decode(p + i, len - i, &adv);
        char enc[4];
        int k = fy_utf8_encode(cp, enc);
        fy_sbuf_add(&b, enc, k);
        i += adv;
    }
    return fy_sbuf_finish(&b);
}

fy_obj *fy_str_from_cstr(const char *s) { return fy_str_from(s, strlen(s)); }

/* ------------------------------------------------------------------ hashing, interning */

int64_t fy_str_hash(fy_obj *o) {
    fy_strobj *s = (fy_strobj *)o;
    if (s->hash != -1) return s->hash;
    uint64_t h = 0xcbf29ce484222325ULL;
    for (int64_t i = 0; i < s->len; i++) {
        h ^= (unsigned char)s->data[i];
        h *= 0x100000001b3ULL;
    }
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 32;
    int64_t r = (int64_t)(h >> 1);
    if (r == -1) r = -2;
    s->hash = r;
    return r;
}

static fy_obj **intern_tab;
static size_t intern_cap, intern_n;

static fy_obj *intern_lookup(const char *p, size_t len, int64_t h, size_t *slot) {
    size_t mask = intern_cap - 1, i = (size_t)h & mask;
    while (intern_tab[i]) {
        fy_strobj *s = (fy_strobj *)intern_tab[i];
        if (s->hash == h && (size_t)s->len == len && !memcmp(s->data, p, len)) return intern_tab[i];
        i = (i + 1) & mask;
    }
    *slot = i;
    return NULL;
}

static int intern_grow(void) {
    size_t nc = intern_cap ? intern_cap * 2 : 4096;
    fy_obj **nt = calloc(nc, sizeof *nt);
    if (!nt) return -1;
    for (size_t i = 0; i < intern_cap; i++)
        if (intern_tab[i]) {
            size_t j = (size_t)((fy_strobj *)intern_tab[i])->hash & (nc - 1);
            while (nt[j]) j = (j + 1) & (nc - 1);
            nt[j] = intern_tab[i];
        }
    free(intern_tab);
    intern_tab = nt;
    intern_cap = nc;
    return 0;
}

/* Take a dead mortal interned string out of the table (backward-shift deletion keeps the
 * linear probe sequences intact). The method cache keys on name pointers: invalidate it. */
static void intern_remove(fy_obj *o) {
    size_t mask = intern_cap - 1, i = (size_t)((fy_strobj *)o)->hash & mask;
    while (intern_tab[i] != o) {
        if (!intern_tab[i]) return;
        i = (i + 1) & mask;
    }
    intern_tab[i] = NULL;
    intern_n--;
    for (size_t j = (i + 1) & mask; intern_tab[j]; j = (j + 1) & mask) {
        size_t k = (size_t)((fy_strobj *)intern_tab[j])->hash & mask; /* its home slot */
        bool stays = i <= j ? (k > i && k <= j) : (k > i || k <= j);
        if (!stays) {
            intern_tab[i] = intern_tab[j];
            intern_tab[j] = NULL;
            i = j;
        }
    }
    fy_type_epoch++;
}

static void str_dealloc(fy_obj *o) {
    if (((fy_strobj *)o)->interned == 2) intern_remove(o);
}

fy_obj *fy_intern_str(fy_obj *o) {
    fy_strobj *s = (fy_strobj *)o;
    if (s->interned || FY_TYPE(o) != &fy_str_type) return o;
    if (intern_n * 2 >= intern_cap && intern_grow() < 0) return o;
    int64_t h = fy_str_hash(o);
    size_t slot;
    fy_obj *f = intern_lookup(s->data, s->len, h, &slot);
    if (f) {
        FY_DECREF(o);
        return fy_ref(f);
    }
    s->interned = 2; /* mortal: leaves the table when its last reference goes */
    intern_tab[slot] = o;
    intern_n++;
    return o;
}

fy_obj *fy_intern(const char *c) {
    size_t len = strlen(c);
    if (intern_n * 2 >= intern_cap && intern_grow() < 0) return NULL;
    /* compute hash without allocating */
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < len; i++) {
        h ^= (unsigned char)c[i];
        h *= 0x100000001b3ULL;
    }
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 32;
    int64_t hh = (int64_t)(h >> 1);
    if (hh == -1) hh = -2;
    size_t slot;
    fy_obj *f = intern_lookup(c, len, hh, &slot);
    if (f) {
        /* callers of fy_intern borrow: the string must live for the process from now on */
        if (((fy_strobj *)f)->interned == 2) {
            ((fy_strobj *)f)->interned = 1;
            f->rc = FY_IMMORTAL_RC;
        }
        return f;
    }
    fy_strobj *s = str_alloc(len);
    if (!s) return NULL;
    memcpy(s->data, c, len);
    int64_t nc = 0;
    bool ascii = true;
    utf8_valid(c, len, &nc, &ascii);
    s->nchars = nc;
    s->ascii = ascii;
    s->hash = hh;
    s->interned = 1;
    s->h.rc = FY_IMMORTAL_RC;
    intern_tab[slot] = &s->h;
    intern_n++;
    return &s->h;
}

void fy_str_init(void) {
    char c[2] = {0, 0};
    for (int i = 1; i < 128; i++) {
        c[0] = (char)i;
        one_char[i] = fy_intern(c);
    }
    one_char[0] = fy_intern_str(fy_str_from_utf8("", 1)); /* "\x00" (fy_intern stops at NUL) */
    empty_str = fy_intern("");
}

bool fy_str_eq_cstr(fy_obj *s, const char *c) {
    size_t n = strlen(c);
    return (size_t)FY_STR_LEN(s) == n && !memcmp(FY_STR_DATA(s), c, n);
}

bool fy_str_eq(fy_obj *a, fy_obj *b) {
    if (a == b) return true;
    fy_strobj *x = (fy_strobj *)a, *y = (fy_strobj *)b;
    if (x->len != y->len) return false;
    if (x->hash != -1 && y->hash != -1 && x->hash != y->hash) return false;
    return !memcmp(x->data, y->data, x->len);
}

fy_obj *fy_str_concat(fy_obj *a, fy_obj *b) {
    fy_strobj *x = (fy_strobj *)a, *y = (fy_strobj *)b;
    if (!y->len && FY_TYPE(a) == &fy_str_type) return fy_ref(a);
    if (!x->len && FY_TYPE(b) == &fy_str_type) return fy_ref(b);
    fy_strobj *s = str_alloc(x->len + y->len);
    if (!s) return NULL;
    memcpy(s->data, x->data, x->len);
    memcpy(s->data + x->len, y->data, y->len);
    s->nchars = x->nchars + y->nchars;
    s->ascii = x->ascii && y->ascii;
    return &s->h;
}

int64_t fy_str_byte_offset(fy_obj *o, int64_t i) {
    fy_strobj *s = (fy_strobj *)o;
    if (s->ascii) return i;
    if (i >= s->nchars) return s->len;
    int64_t off = 0, c = 0;
    while (c < i) {
        off++;
        while (off < s->len && ((unsigned char)s->data[off] & 0xC0) == 0x80) off++;
        c++;
    }
    return off;
}

/* ------------------------------------------------------------------ repr */

/* Non-ASCII code points that repr() shows as is (str.isprintable's idea of them: not
 * separators, format or private-use characters, surrogates or unassigned planes). */
static bool repr_printable(uint32_t cp) {
    if (cp <= 0xA0 || cp == 0xAD) return false;
    if ((cp >= 0x2000 && cp <= 0x200F) || (cp >= 0x2028 && cp <= 0x202F) || (cp >= 0x205F && cp <= 0x206F) ||
        cp == 0x3000 || cp == 0xFEFF || cp == 0x1680 || (cp >= 0xD800 && cp <= 0xF8FF) ||
        (cp >= 0xFFF9 && cp <= 0xFFFB) || cp == 0xFFFE || cp == 0xFFFF || cp >= 0xE0000 || cp == 0x061C ||
        cp == 0x180E || (cp >= 0x0600 && cp <= 0x0605) || cp == 0x06DD || cp == 0x070F || cp == 0x110BD)
        return false;
    return true;
}

fy_obj *fy_str_repr(fy_obj *o) {
    fy_strobj *s = (fy_strobj *)o;
    bool has_sq = memchr(s->data, '\'', s->len) != NULL;
    bool has_dq = memchr(s->data, '"', s->len) != NULL;
    char q = (has_sq && !has_dq) ? '"' : '\'';
    fy_sbuf b = {0};
    fy_sbuf_addc(&b, q);
    for (int64_t i = 0; i < s->len;) {
        unsigned char c = (unsigned char)s->data[i];
        if (c < 0x80) {
            if (c == (unsigned char)q || c == '\\') {
                fy_sbuf_addc(&b, '\\');
                fy_sbuf_addc(&b, (char)c);
            } else if (c == '\n') fy_sbuf_adds(&b, "\\n");
            else if (c == '\r') fy_sbuf_adds(&b, "\\r");
            else if (c == '\t') fy_sbuf_adds(&b, "\\t");
            else if (c < 0x20 || c == 0x7f) fy_sbuf_printf(&b, "\\x%02x", c);
            else fy_sbuf_addc(&b, (char)c);
            i++;
            continue;
        }
        int adv;
        uint32_t cp = fy_utf8_decode(s->data + i, s->len - i, &adv);
        if (repr_printable(cp)) fy_sbuf_add(&b, s->data + i, adv);
        else if (cp <= 0xFF) fy_sbuf_printf(&b, "\\x%02x", cp);
        else if (cp <= 0xFFFF) fy_sbuf_printf(&b, "\\u%04x", cp);
        else fy_sbuf_printf(&b, "\\U%08x", cp);
        i += adv;
    }
    fy_sbuf_addc(&b, q);
    return fy_sbuf_finish(&b);
}

/* ------------------------------------------------------------------ sbuf */

static bool sbuf_grow(fy_sbuf *b, size_t need) {
    if (b->oom) return false;
    if (b->len + need + 1 <= b->cap) return true;
    size_t nc = b->cap ? b->cap * 2 : 64;
    while (nc < b->len + need + 1) nc *= 2;
    char *p = fy_realloc(b->p, nc);
    if (!p) {
        b->oom = true;
        return false;
    }
    b->p = p;
    b->cap = nc;
    return true;
}
void fy_sbuf_add(fy_sbuf *b, const char *s, size_t n) {
    if (!sbuf_grow(b, n)) return;
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = 0;
}
void fy_sbuf_adds(fy_sbuf *b, const char *s) { fy_sbuf_add(b, s, strlen(s)); }
void fy_sbuf_addc(fy_sbuf *b, char c) {
    if (b->len + 2 <= b->cap) {
        b->p[b->len++] = c;
        b->p[b->len] = 0;
        return;
    }
    fy_sbuf_add(b, &c, 1);
}
void fy_sbuf_printf(fy_sbuf *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char tmp[256];
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < (int)sizeof tmp) {
        fy_sbuf_add(b, tmp, n);
        return;
    }
    if (!sbuf_grow(b, n)) return;
    va_start(ap, fmt);
    vsnprintf(b->p + b->len, n + 1, fmt, ap);
    va_end(ap);
    b->len += n;
}
int fy_sbuf_add_repr(fy_sbuf *b, fy_obj *o) {
    fy_obj *r = fy_repr(o);
    if (!r) return -1;
    fy_sbuf_add(b, FY_STR_DATA(r), FY_STR_LEN(r));
    FY_DECREF(r);
    return b->oom ? -1 : 0;
}
int fy_sbuf_add_str(fy_sbuf *b, fy_obj *o) {
    fy_obj *r = fy_str(o);
    if (!r) return -1;
    fy_sbuf_add(b, FY_STR_DATA(r), FY_STR_LEN(r));
    FY_DECREF(r);
    return b->oom ? -1 : 0;
}
fy_obj *fy_sbuf_finish(fy_sbuf *b) {
    if (b->oom) {
        fy_sbuf_free(b);
        return fy_err_nomem();
    }
    fy_obj *r = fy_str_from_utf8(b->p ? b->p : "", b->len);
    fy_sbuf_free(b);
    return r;
}
void fy_sbuf_free(fy_sbuf *b) {
    fy_free(b->p);
    b->p = NULL;
    b->len = b->cap = 0;
}

/* Format with %R %S %T extensions into an sbuf. */
void fy_sbuf_vformat(fy_sbuf *b, const char *fmt, va_list ap) {
    for (const char *p = fmt; *p; p++) {
        if (*p != '%') {
            fy_sbuf_addc(b, *p);
            continue;
        }
        p++;
        char spec[16];
        int n = 0;
        spec[n++] = '%';
        while (*p && strchr("-0123456789.lzh", *p) && n < 12) spec[n++] = *p++;
        spec[n++] = *p;
        spec[n] = 0;
        switch (*p) {
        case 'R':
        case 'S': {
            fy_obj *o = va_arg(ap, fy_obj *);
            fy_obj *err = fy_err_fetch();
            fy_obj *r = *p == 'R' ? fy_repr(o) : fy_str(o);
            if (r) {
                fy_sbuf_add(b, FY_STR_DATA(r), FY_STR_LEN(r));
                FY_DECREF(r);
            } else {
                fy_err_clear();
                fy_sbuf_adds(b, "<?>");
            }
            if (err) fy_err_restore(err);
            break;
        }
        case 'T': fy_sbuf_adds(b, va_arg(ap, fy_obj *)->type->name); break;
        case 's': fy_sbuf_printf(b, spec, va_arg(ap, const char *)); break;
        case 'c': fy_sbuf_addc(b, (char)va_arg(ap, int)); break;
        case 'p': fy_sbuf_printf(b, "%p", va_arg(ap, void *)); break;
        case 'd':
        case 'i':
        case 'x':
        case 'u':
            if (strstr(spec, "ll")) fy_sbuf_printf(b, spec, va_arg(ap, long long));
            else if (strchr(spec, 'z')) fy_sbuf_printf(b, spec, va_arg(ap, size_t));
            else if (strchr(spec, 'l')) fy_sbuf_printf(b, spec, va_arg(ap, long));
            else fy_sbuf_printf(b, spec, va_arg(ap, int));
            break;
        case 'f':
        case 'g': fy_sbuf_printf(b, spec, va_arg(ap, double)); break;
        case '%': fy_sbuf_addc(b, '%'); break;
        default: fy_sbuf_add(b, spec, n); break;
        }
        if (!*p) break;
    }
}

fy_obj *fy_str_printf(const char *fmt, ...) {
    fy_sbuf b = {0};
    va_list ap;
    va_start(ap, fmt);
    fy_sbuf_vformat(&b, fmt, ap);
    va_end(ap);
    return fy_sbuf_finish(&b);
}

/* ------------------------------------------------------------------ type slots */

static fy_obj *str_repr_slot(fy_obj *o) { return fy_str_repr(o); }
static fy_obj *str_str(fy_obj *o) {
    if (FY_TYPE(o) == &fy_str_type) return fy_ref(o);
    return fy_str_from_utf8(FY_STR_DATA(o), FY_STR_LEN(o));
}
static int64_t str_hash_slot(fy_obj *o) { return fy_str_hash(o); }
static int64_t str_len(fy_obj *o) { return ((fy_strobj *)o)->nchars; }

static fy_obj *str_richcmp(fy_obj *a, fy_obj *b, int op) {
    if (!FY_STR_CHECK(b)) return fy_ref(fy_NotImplemented);
    if (op == FY_EQ_OP) return fy_bool(fy_str_eq(a, b));
    if (op == FY_NE_OP) return fy_bool(!fy_str_eq(a, b));
    fy_strobj *x = (fy_strobj *)a, *y = (fy_strobj *)b;
    int64_t n = x->len < y->len ? x->len : y->len;
    int c = memcmp(x->data, y->data, n);
    if (!c) c = x->len < y->len ? -1 : x->len > y->len;
    switch (op) {
    case FY_LT_OP: return fy_bool(c < 0);
    case FY_LE_OP: return fy_bool(c <= 0);
    case FY_GT_OP: return fy_bool(c > 0);
    default: return fy_bool(c >= 0);
    }
}

fy_obj *fy_str_substr(fy_obj *o, int64_t start, int64_t stop) {
    int64_t b0 = fy_str_byte_offset(o, start), b1 = fy_str_byte_offset(o, stop);
    return fy_str_from_utf8(FY_STR_DATA(o) + b0, b1 - b0);
}

static fy_obj *str_getitem(fy_obj *o, fy_obj *key) {
    fy_strobj *s = (fy_strobj *)o;
    if (FY_INT_CHECK(key)) {
        if (FY_INT_IS_BIG(key)) return fy_err_set(&fy_IndexError, "cannot fit 'int' into an index-sized integer");
        int64_t i = FY_INT_VAL(key);
        if (i < 0) i += s->nchars;
        if (i < 0 || i >= s->nchars) return fy_err_set(&fy_IndexError, "string index out of range");
        if (s->ascii) return fy_str_from_utf8(s->data + i, 1);
        int64_t off = fy_str_byte_offset(o, i);
        int adv;
        fy_utf8_decode(s->data + off, s->len - off, &adv);
        return fy_str_from_utf8(s->data + off, adv);
    }
    if (FY_TYPE(key) == &fy_slice_type) {
        int64_t start, stop, step, n;
        if (fy_slice_indices(key, s->nchars, &start, &stop, &step, &n) < 0) return NULL;
        if (step == 1) return fy_str_substr(o, start, start + n);
        fy_sbuf b = {0};
        for (int64_t k = 0, i = start; k < n; k++, i += step) {
            int64_t off = fy_str_byte_offset(o, i);
            int adv;
            fy_utf8_decode(s->data + off, s->len - off, &adv);
            fy_sbuf_add(&b, s->data + off, adv);
        }
        return fy_sbuf_finish(&b);
    }
    if (key->type->index) {
        int64_t i;
        if (fy_index(key, &i) < 0) return NULL;
        fy_obj *k = fy_int_from(i);
        fy_obj *r = str_getitem(o, k);
        FY_DECREF(k);
        return r;
    }
    return fy_err_format(&fy_TypeError, "string indices must be integers, not '%s'", key->type->name);
}

static int str_contains(fy_obj *o, fy_obj *x) {
    if (!FY_STR_CHECK(x)) {
        fy_err_format(&fy_TypeError, "'in <string>' requires string as left operand, not %s", x->type->name);
        return -1;
    }
    if (FY_STR_LEN(x) == 0) return 1;
    if (FY_STR_LEN(x) > FY_STR_LEN(o)) return 0;
    return memmem(FY_STR_DATA(o), FY_STR_LEN(o), FY_STR_DATA(x), FY_STR_LEN(x)) != NULL;
}

static fy_obj *str_add(fy_obj *a, fy_obj *b) {
    if (!FY_STR_CHECK(a) || !FY_STR_CHECK(b)) return fy_ref(fy_NotImplemented);
    return fy_str_concat(a, b);
}

static fy_obj *fy_str_repeat(fy_obj *s, int64_t n) {
    if (n <= 0) return fy_ref(fy_intern(""));
    int64_t len = FY_STR_LEN(s);
    if (n == 1 && FY_TYPE(s) == &fy_str_type) return fy_ref(s);
    if (len && n > (int64_t)(fy_mem_limit / len)) return fy_err_nomem();
    fy_strobj *r = str_alloc(len * n);
    if (!r) return NULL;
    for (int64_t i = 0; i < n; i++) memcpy(r->data + i * len, FY_STR_DATA(s), len);
    r->nchars = ((fy_strobj *)s)->nchars * n;
    r->ascii = ((fy_strobj *)s)->ascii;
    return &r->h;
}

static fy_obj *str_mul(fy_obj *a, fy_obj *b) {
    fy_obj *s = FY_STR_CHECK(a) ? a : b, *n = s == a ? b : a;
    if (!FY_INT_CHECK(n)) {
        if (n->type->index) {
            int64_t k;
            if (fy_index_msg(n, &k, FY_INDEX_FIT_MSG) < 0) return NULL;
            return fy_str_repeat(s, k);
        }
        if (!FY_STR_CHECK(n) || 1)
            return fy_err_format(&fy_TypeError, "can't multiply sequence by non-int of type '%s'", n->type->name);
    }
    int64_t k;
    if (fy_index_msg(n, &k, FY_INDEX_FIT_MSG) < 0) return NULL;
    return fy_str_repeat(s, k);
}

static fy_obj *str_mod(fy_obj *a, fy_obj *b) {
    if (!FY_STR_CHECK(a)) return fy_ref(fy_NotImplemented);
    return fy_str_percent(a, b);
}

typedef struct {
    fy_obj h;
    fy_obj *s;
    int64_t off;
} striter;
static fy_obj *striter_next(fy_obj *o) {
    striter *it = (striter *)o;
    fy_strobj *s = (fy_strobj *)it->s;
    if (!s || it->off >= s->len) return NULL;
    int adv = 1;
    if ((unsigned char)s->data[it->off] >= 0x80) fy_utf8_decode(s->data + it->off, s->len - it->off, &adv);
    fy_obj *r = fy_str_from_utf8(s->data + it->off, adv);
    it->off += adv;
    return r;
}
static void striter_dealloc(fy_obj *o) { FY_XDECREF(((striter *)o)->s); }
static fy_obj *self_iter(fy_obj *o) { return fy_ref(o); }
fy_type fy_striter_type = {FY_TYPE_INIT("str_ascii_iterator", sizeof(striter)), .flags = 0, .dealloc = striter_dealloc,
                           .iter = self_iter, .next = striter_next};
static fy_obj *str_iter(fy_obj *o) {
    striter *it = (striter *)fy_alloc(&fy_striter_type);
    if (!it) return NULL;
    it->s = fy_ref(o);
    return &it->h;
}

fy_type fy_str_type = {
    FY_TYPE_INIT("str", sizeof(fy_strobj)),
    .doc = "str(object='') -> str\nstr(bytes_or_buffer[, encoding[, errors]]) -> str",
    .flags = FY_TPF_STR_SUB | FY_TPF_VARSIZE,
    .dealloc = str_dealloc,
    .new_ = fy_str_new_slot,
    .repr = str_repr_slot,
    .str = str_str,
    .hash = str_hash_slot,
    .richcmp = str_richcmp,
    .len = str_len,
    .getitem = str_getitem,
    .contains = str_contains,
    .iter = str_iter,
    .nb = {[FY_NB_ADD] = str_add, [FY_NB_MUL] = str_mul, [FY_NB_MOD] = str_mod},
    .methods = fy_str_methods,
};
