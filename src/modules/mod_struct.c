/* mod_struct.c - the `struct` module: pack/unpack/calcsize/iter_unpack/pack_into/unpack_from
 * and Struct, every format character and byte order, with CPython 3.11's sizes, alignment and
 * error messages (on a little-endian 64-bit host: "<" and "=" use the native range messages for
 * the codes whose standard size equals the native one, as CPython does).
 *
 * flyi ints are 64-bit: unpacking a 'Q'/'L'/'N'/'P' value of 2**63 or more raises OverflowError. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "modules/mod_registry.h"
#include "objects/object.h"

typedef struct {
    char code;
    int64_t count; /* repeat count (for s/p: the length) */
    int64_t offset;
    int size;      /* one item */
} item;

typedef struct {
    char order;    /* '@' native, '<' little, '>' big ('=' -> '<', '!' -> '>') */
    bool native;   /* native sizes and alignment */
    item *items;
    int nitems;
    int64_t size, nargs;
} layout;

typedef struct {
    fy_obj h;
    layout lay;
    fy_obj *format; /* str */
    fy_obj *error;  /* struct.error */
} struct_obj;

static fy_type struct_type;

/* ------------------------------------------------------------------ formats */

static int code_size(char c, bool native) {
    switch (c) {
    case 'x':
    case 'c':
    case 'b':
    case 'B':
    case '?':
    case 's':
    case 'p': return 1;
    case 'h':
    case 'H':
    case 'e': return 2;
    case 'i':
    case 'I':
    case 'f': return 4;
    case 'l':
    case 'L': return native ? 8 : 4;
    case 'q':
    case 'Q':
    case 'd': return 8;
    case 'n':
    case 'N':
    case 'P': return native ? 8 : -1;
    default: return -1;
    }
}

static void layout_free(layout *l) {
    free(l->items);
    l->items = NULL;
}

/* Parse fmt (str or bytes) into l; raises err (struct.error) or TypeError. */
static int layout_parse(fy_obj *fmt, fy_obj *err, layout *l) {
    const char *s;
    int64_t n = 0;
    if (FY_STR_CHECK(fmt)) {
        s = FY_STR_DATA(fmt);
        n = FY_STR_LEN(fmt);
    } else if (FY_BYTES_CHECK(fmt)) {
        s = ((fy_bytes *)fmt)->data;
        n = ((fy_bytes *)fmt)->len;
    } else {
        fy_err_format(&fy_TypeError, "Struct() argument 1 must be a str or bytes object, not %s", fy_type_name(fmt));
        return -1;
    }
    memset(l, 0, sizeof *l);
    int64_t i = 0;
    l->order = '@';
    l->native = true;
    if (n > 0 && strchr("@=<>!", s[0])) {
        char o = s[0];
        l->native = o == '@';
        l->order = o == '=' ? '<' : o == '!' ? '>' : o;
        i = 1;
    }
    int cap = 0;
    int64_t size = 0, nargs = 0;
    while (i < n) {
        char c = s[i++];
        if (c == ' ' || (c >= '\t' && c <= '\r')) continue;
        int64_t num = 1;
        if (c >= '0' && c <= '9') {
            num = c - '0';
            while (i < n && s[i] >= '0' && s[i] <= '9') {
                if (num > (INT64_MAX - 9) / 10 / 16) {
                    fy_err_set((fy_type *)err, "total struct size too long");
                    goto fail;
                }
                num = num * 10 + (s[i++] - '0');
            }
            if (i >= n) {
                fy_err_set((fy_type *)err, "repeat count given without format specifier");
                goto fail;
            }
            c = s[i++];
        }
        int sz = code_size(c, l->native);
        if (sz < 0) {
            fy_err_set((fy_type *)err, "bad char in struct format");
            goto fail;
        }
        if (l->native && sz > 1 && size % sz) size += sz - size % sz;
        if (l->nitems == cap) {
            cap = cap ? cap * 2 : 8;
            item *ni = realloc(l->items, (size_t)cap * sizeof *ni);
            if (!ni) {
                fy_err_nomem();
                goto fail;
            }
            l->items = ni;
        }
        l->items[l->nitems++] = (item){c, num, size, sz};
        if (num > (INT64_MAX / 2 - size) / sz) {
            fy_err_set((fy_type *)err, "total struct size too long");
            goto fail;
        }
        size += num * sz;
        if (c == 's' || c == 'p') nargs++;
        else if (c != 'x') nargs += num;
    }
    l->size = size;
    l->nargs = nargs;
    return 0;
fail:
    layout_free(l);
    return -1;
}

/* ------------------------------------------------------------------ numbers */

static void put_uint(unsigned char *p, uint64_t v, int size, bool little) {
    for (int k = 0; k < size; k++) {
        int idx = little ? k : size - 1 - k;
        p[idx] = (unsigned char)(v & 0xff);
        v >>= 8;
    }
}

static uint64_t get_uint(const unsigned char *p, int size, bool little) {
    uint64_t v = 0;
    for (int k = 0; k < size; k++) {
        int idx = little ? size - 1 - k : k;
        v = (v << 8) | p[idx];
    }
    return v;
}

/* IEEE half precision (round half to even), as CPython's PyFloat_Pack2. */
static int pack_half(double x, uint16_t *out) {
    uint16_t sign = signbit(x) ? 0x8000 : 0;
    if (isnan(x)) {
        *out = sign | 0x7e00;
        return 0;
    }
    double a = fabs(x);
    if (isinf(x)) {
        *out = sign | 0x7c00;
        return 0;
    }
    if (a == 0) {
        *out = sign;
        return 0;
    }
    int e;
    double f = frexp(a, &e); /* a = f * 2**e, 0.5 <= f < 1 */
    if (e < -13) {           /* subnormal: units of 2**-24 */
        double m = ldexp(a, 24);
        double r = nearbyint(m);
        *out = sign | (uint16_t)r;
        return 0;
    }
    /* normal: 11 significant bits */
    double m = ldexp(f, 11); /* in [1024, 2048) */
    double r = nearbyint(m);
    if (r >= 2048) {
        r /= 2;
        e++;
    }
    int be = e - 1 + 15;
    if (be >= 31) return -1;
    *out = sign | (uint16_t)(be << 10) | (uint16_t)((int)r - 1024);
    return 0;
}

static double unpack_half(uint16_t h) {
    int sign = h >> 15, be = (h >> 10) & 31, m = h & 1023;
    double v;
    if (be == 0) v = ldexp(m, -24);
    else if (be == 31) v = m ? NAN : INFINITY;
    else v = ldexp(m + 1024, be - 25);
    return sign ? -v : v;
}

/* ------------------------------------------------------------------ pack / unpack */

static int range_err(fy_obj *err, char code, int size, bool is_unsigned, bool native_style) {
    if (native_style && code == 'b')
        return fy_err_set((fy_type *)err, "byte format requires -128 <= number <= 127"), -1;
    if (native_style && code == 'B') return fy_err_set((fy_type *)err, "ubyte format requires 0 <= number <= 255"), -1;
    if (native_style && code == 'h')
        return fy_err_set((fy_type *)err, "short format requires -32768 <= number <= 32767"), -1;
    if (native_style && code == 'H')
        return fy_err_set((fy_type *)err, "ushort format requires 0 <= number <= 65535"), -1;
    uint64_t ul = size >= 8 ? UINT64_MAX : (((uint64_t)1 << (8 * size)) - 1);
    if (is_unsigned) {
        char buf[128];
        snprintf(buf, sizeof buf, "'%c' format requires 0 <= number <= %llu", code, (unsigned long long)ul);
        fy_err_set((fy_type *)err, buf);
    } else {
        long long lg = (long long)(ul >> 1);
        char buf[128];
        snprintf(buf, sizeof buf, "'%c' format requires %lld <= number <= %lld", code, -lg - 1, lg);
        fy_err_set((fy_type *)err, buf);
    }
    return -1;
}

static bool bytes_view(fy_obj *o, const char **d, int64_t *n) {
    if (FY_BYTES_CHECK(o)) {
        *d = ((fy_bytes *)o)->data;
        *n = ((fy_bytes *)o)->len;
        return true;
    }
    if (FY_TYPE(o) == &fy_bytearray_type) {
        *d = ((fy_bytearray *)o)->data;
        *n = ((fy_bytearray *)o)->len;
        return true;
    }
    return false;
}

static int pack_int(const layout *l, fy_obj *err, char c, int size, fy_obj *v, unsigned char *p) {
    int64_t x;
    if (!FY_INT_CHECK(v) && !fy_hasattr_cstr(v, "__index__")) {
        fy_err_set((fy_type *)err, "required argument is not an integer");
        return -1;
    }
    if (fy_index(v, &x) < 0) {
        if (fy_err_matches(&fy_OverflowError)) {
            fy_err_clear();
            fy_err_set((fy_type *)err, "argument out of range");
        }
        return -1;
    }
    bool is_unsigned = c == 'B' || c == 'H' || c == 'I' || c == 'L' || c == 'Q' || c == 'N';
    /* CPython's native packers (used for b/B in every order and for "<"/"=" where the sizes
     * agree) read b/B/h/H as a C long and give their own messages; the others read unsigned
     * values as unsigned long ("argument out of range" when negative). */
    bool native_style = l->native || c == 'b' || c == 'B' || (l->order == '<' && c != 'l' && c != 'L');
    if (c == 'P') {
        put_uint(p, (uint64_t)x, size, l->order != '>');
        return 0;
    }
    if (is_unsigned && x < 0 && !(native_style && (c == 'B' || c == 'H'))) {
        fy_err_set((fy_type *)err, "argument out of range");
        return -1;
    }
    if (size < 8) {
        int64_t lo, hi;
        if (is_unsigned) {
            lo = 0;
            hi = ((int64_t)1 << (8 * size)) - 1;
        } else {
            hi = ((int64_t)1 << (8 * size - 1)) - 1;
            lo = -hi - 1;
        }
        if (x < lo || x > hi) return range_err(err, c, size, is_unsigned, native_style);
    }
    put_uint(p, (uint64_t)x, size, l->order != '>');
    return 0;
}

static int pack_one(const layout *l, fy_obj *err, const item *it, fy_obj *v, unsigned char *p) {
    char c = it->code;
    bool little = l->order != '>';
    switch (c) {
    case 'c': {
        const char *d = NULL;
        int64_t n = 0;
        if (!FY_BYTES_CHECK(v) || !bytes_view(v, &d, &n) || n != 1) {
            fy_err_set((fy_type *)err, "char format requires a bytes object of length 1");
            return -1;
        }
        p[0] = (unsigned char)d[0];
        return 0;
    }
    case '?': {
        int t = fy_truthy(v);
        if (t < 0) return -1;
        p[0] = (unsigned char)t;
        return 0;
    }
    case 'e':
    case 'f':
    case 'd': {
        double x;
        if (!FY_FLOAT_CHECK(v) && !FY_INT_CHECK(v) && !fy_hasattr_cstr(v, "__float__") &&
            !fy_hasattr_cstr(v, "__index__")) {
            fy_err_set((fy_type *)err, "required argument is not a float");
            return -1;
        }
        if (fy_as_double(v, &x) < 0) return -1;
        if (c == 'd') {
            uint64_t bits;
            memcpy(&bits, &x, 8);
            put_uint(p, bits, 8, little);
        } else if (c == 'f') {
            float f = (float)x;
            if (isinf(f) && !isinf(x)) {
                fy_err_set(&fy_OverflowError, "float too large to pack with f format");
                return -1;
            }
            uint32_t bits;
            memcpy(&bits, &f, 4);
            put_uint(p, bits, 4, little);
        } else {
            uint16_t h;
            if (pack_half(x, &h) < 0) {
                fy_err_set(&fy_OverflowError, "float too large to pack with e format");
                return -1;
            }
            put_uint(p, h, 2, little);
        }
        return 0;
    }
    case 's':
    case 'p': {
        const char *d = NULL;
        int64_t n = 0;
        if (!bytes_view(v, &d, &n)) {
            fy_err_format((fy_type *)err, "argument for '%c' must be a bytes object", c);
            return -1;
        }
        int64_t room = it->count;
        if (c == 's') {
            int64_t k = n < room ? n : room;
            memcpy(p, d, (size_t)k);
            memset(p + k, 0, (size_t)(room - k));
        } else if (room > 0) {
            int64_t k = n < room - 1 ? n : room - 1;
            if (k > 255) k = 255;
            memset(p, 0, (size_t)room);
            memcpy(p + 1, d, (size_t)k);
            p[0] = (unsigned char)k;
        }
        return 0;
    }
    default: return pack_int(l, err, c, it->size, v, p);
    }
}

static fy_obj *unpack_one(const layout *l, const item *it, const unsigned char *p) {
    char c = it->code;
    bool little = l->order != '>';
    switch (c) {
    case 'c': return fy_bytes_from((const char *)p, 1);
    case '?': return fy_bool(p[0] != 0);
    case 'e': return fy_float_from(unpack_half((uint16_t)get_uint(p, 2, little)));
    case 'f': {
        uint32_t bits = (uint32_t)get_uint(p, 4, little);
        float f;
        memcpy(&f, &bits, 4);
        return fy_float_from((double)f);
    }
    case 'd': {
        uint64_t bits = get_uint(p, 8, little);
        double d;
        memcpy(&d, &bits, 8);
        return fy_float_from(d);
    }
    case 's': return fy_bytes_from((const char *)p, (size_t)it->count);
    case 'p': {
        int64_t n = it->count ? p[0] : 0;
        if (n >= it->count) n = it->count ? it->count - 1 : 0;
        return fy_bytes_from((const char *)p + 1, (size_t)n);
    }
    default: {
        int size = it->size;
        uint64_t u = get_uint(p, size, little);
        bool is_unsigned = c == 'B' || c == 'H' || c == 'I' || c == 'L' || c == 'Q' || c == 'N' || c == 'P';
        if (is_unsigned) {
            if (u > (uint64_t)INT64_MAX)
                return fy_err_set(&fy_OverflowError, "int too large to convert (flyi ints are 64-bit)");
            return fy_int_from((int64_t)u);
        }
        if (size < 8 && (u >> (8 * size - 1)) & 1) u |= ~(uint64_t)0 << (8 * size);
        return fy_int_from((int64_t)u);
    }
    }
}

/* Pack args into out (l->size bytes). */
static int do_pack(const layout *l, fy_obj *err, fy_obj *const *args, size_t nargs, unsigned char *out,
                   const char *what) {
    if ((int64_t)nargs != l->nargs) {
        fy_err_format((fy_type *)err, "%s expected %lld items for packing (got %zu)", what, (long long)l->nargs, nargs);
        return -1;
    }
    memset(out, 0, (size_t)l->size);
    size_t a = 0;
    for (int k = 0; k < l->nitems; k++) {
        const item *it = &l->items[k];
        if (it->code == 'x') continue;
        if (it->code == 's' || it->code == 'p') {
            if (pack_one(l, err, it, args[a++], out + it->offset) < 0) return -1;
            continue;
        }
        for (int64_t j = 0; j < it->count; j++)
            if (pack_one(l, err, it, args[a++], out + it->offset + j * it->size) < 0) return -1;
    }
    return 0;
}

static fy_obj *do_unpack(const layout *l, const unsigned char *p) {
    fy_obj *t = fy_tuple_new((size_t)l->nargs);
    if (!t) return NULL;
    size_t a = 0;
    for (int k = 0; k < l->nitems; k++) {
        const item *it = &l->items[k];
        if (it->code == 'x') continue;
        int64_t reps = it->code == 's' || it->code == 'p' ? 1 : it->count;
        for (int64_t j = 0; j < reps; j++) {
            fy_obj *v = unpack_one(l, it, p + it->offset + j * it->size);
            if (!v) {
                for (size_t z = a; z < (size_t)l->nargs; z++) fy_tuple_set_steal(t, z, fy_none());
                FY_DECREF(t);
                return NULL;
            }
            fy_tuple_set_steal(t, a++, v);
        }
    }
    return t;
}

/* ------------------------------------------------------------------ the API on a layout */

static fy_obj *api_pack(const layout *l, fy_obj *err, fy_obj *const *args, size_t nargs) {
    unsigned char *tmp = malloc((size_t)l->size + 1);
    if (!tmp) return fy_err_nomem();
    fy_obj *b = NULL;
    if (do_pack(l, err, args, nargs, tmp, "pack") == 0) b = fy_bytes_from((const char *)tmp, (size_t)l->size);
    free(tmp);
    return b;
}

static fy_obj *buffer_arg(fy_obj *o, const char **d, int64_t *n) {
    if (!bytes_view(o, d, n))
        return fy_err_format(&fy_TypeError, "a bytes-like object is required, not '%s'", fy_type_name(o));
    return o;
}

static fy_obj *api_unpack(const layout *l, fy_obj *err, fy_obj *buf) {
    const char *d = NULL;
    int64_t n = 0;
    if (!buffer_arg(buf, &d, &n)) return NULL;
    if (n != l->size)
        return fy_err_format((fy_type *)err, "unpack requires a buffer of %lld bytes", (long long)l->size);
    return do_unpack(l, (const unsigned char *)d);
}

static fy_obj *api_unpack_from(const layout *l, fy_obj *err, fy_obj *buf, fy_obj *off) {
    const char *d = NULL;
    int64_t n = 0, offset = 0;
    if (!buffer_arg(buf, &d, &n)) return NULL;
    if (off && fy_index(off, &offset) < 0) return NULL;
    if (offset < 0) {
        if (offset + n < 0)
            return fy_err_format((fy_type *)err, "offset %lld out of range for %lld-byte buffer", (long long)offset,
                                 (long long)n);
        offset += n;
    }
    if (n - offset < l->size)
        return fy_err_format((fy_type *)err,
                             "unpack_from requires a buffer of at least %lld bytes for unpacking %lld bytes at offset "
                             "%lld (actual buffer size is %lld)",
                             (long long)(l->size + offset), (long long)l->size, (long long)offset, (long long)n);
    return do_unpack(l, (const unsigned char *)d + offset);
}

static fy_obj *api_pack_into(const layout *l, fy_obj *err, fy_obj *const *args, size_t nargs) {
    if (nargs < 2) return fy_err_format(&fy_TypeError, "pack_into expected buffer argument");
    fy_obj *buf = args[0];
    if (FY_TYPE(buf) != &fy_bytearray_type) {
        if (FY_BYTES_CHECK(buf))
            return fy_err_set(&fy_TypeError, "argument must be read-write bytes-like object, not bytes");
        return fy_err_format(&fy_TypeError, "argument must be read-write bytes-like object, not %s", fy_type_name(buf));
    }
    int64_t offset;
    if (fy_index(args[1], &offset) < 0) return NULL;
    if ((int64_t)nargs - 2 != l->nargs) {
        fy_err_format((fy_type *)err, "pack_into expected %lld items for packing (got %zu)", (long long)l->nargs,
                      nargs - 2);
        return NULL;
    }
    int64_t n = ((fy_bytearray *)buf)->len;
    if (offset < 0) {
        if (offset + l->size > 0)
            return fy_err_format((fy_type *)err, "no space to pack %lld bytes at offset %lld", (long long)l->size,
                                 (long long)offset);
        if (offset + n < 0)
            return fy_err_format((fy_type *)err, "offset %lld out of range for %lld-byte buffer", (long long)offset,
                                 (long long)n);
        offset += n;
    }
    if (n - offset < l->size)
        return fy_err_format((fy_type *)err,
                             "pack_into requires a buffer of at least %lld bytes for packing %lld bytes at offset "
                             "%lld (actual buffer size is %lld)",
                             (long long)(l->size + offset), (long long)l->size, (long long)offset, (long long)n);
    unsigned char *tmp = malloc((size_t)l->size + 1);
    if (!tmp) return fy_err_nomem();
    if (do_pack(l, err, args + 2, nargs - 2, tmp, "pack_into") < 0) {
        free(tmp);
        return NULL;
    }
    memcpy(((fy_bytearray *)buf)->data + offset, tmp, (size_t)l->size);
    free(tmp);
    return fy_none();
}

static fy_obj *api_iter_unpack(const layout *l, fy_obj *err, fy_obj *buf) {
    const char *d = NULL;
    int64_t n = 0;
    if (!buffer_arg(buf, &d, &n)) return NULL;
    if (l->size == 0) return fy_err_set((fy_type *)err, "cannot iteratively unpack with a struct of length 0");
    if (n % l->size)
        return fy_err_format((fy_type *)err, "iterative unpacking requires a buffer of a multiple of %lld bytes",
                             (long long)l->size);
    fy_obj *list = fy_list_new(0);
    if (!list) return NULL;
    for (int64_t off = 0; off < n; off += l->size) {
        fy_obj *t = do_unpack(l, (const unsigned char *)d + off);
        if (!t || fy_list_append_steal(list, t) < 0) {
            FY_DECREF(list);
            return NULL;
        }
    }
    fy_obj *it = fy_iter(list);
    FY_DECREF(list);
    return it;
}

/* ------------------------------------------------------------------ module functions */

static fy_obj *mod_error(fy_obj *mod) { return fy_dict_get_cstr(FY_MODULE_DICT(mod), "error"); }

/* The layout of a format argument (cached per call only). */
static int fmt_layout(fy_obj *mod, fy_obj *fmt, layout *l) { return layout_parse(fmt, mod_error(mod), l); }

static fy_obj *m_pack(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_no_kwargs("pack", kw) < 0) return NULL;
    if (nargs < 1) return fy_err_set(&fy_TypeError, "missing format argument");
    layout l;
    if (fmt_layout(self, args[0], &l) < 0) return NULL;
    fy_obj *r = api_pack(&l, mod_error(self), args + 1, nargs - 1);
    layout_free(&l);
    return r;
}

static fy_obj *m_unpack(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_no_kwargs("unpack", kw) < 0 || fy_check_nargs("unpack", nargs, 2, 2) < 0) return NULL;
    layout l;
    if (fmt_layout(self, args[0], &l) < 0) return NULL;
    fy_obj *r = api_unpack(&l, mod_error(self), args[1]);
    layout_free(&l);
    return r;
}

static fy_obj *m_unpack_from(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    static const char *const names[] = {"format", "buffer", "offset", NULL};
    fy_obj *a[3];
    if (fy_parse_args("unpack_from", args, nargs, kw, names, 2, 3, 3, a) < 0) return NULL;
    layout l;
    if (fmt_layout(self, a[0], &l) < 0) return NULL;
    fy_obj *r = api_unpack_from(&l, mod_error(self), a[1], a[2]);
    layout_free(&l);
    return r;
}

static fy_obj *m_pack_into(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_no_kwargs("pack_into", kw) < 0) return NULL;
    if (nargs < 1) return fy_err_set(&fy_TypeError, "missing format argument");
    layout l;
    if (fmt_layout(self, args[0], &l) < 0) return NULL;
    fy_obj *r = api_pack_into(&l, mod_error(self), args + 1, nargs - 1);
    layout_free(&l);
    return r;
}

static fy_obj *m_iter_unpack(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_no_kwargs("iter_unpack", kw) < 0 || fy_check_nargs("iter_unpack", nargs, 2, 2) < 0) return NULL;
    layout l;
    if (fmt_layout(self, args[0], &l) < 0) return NULL;
    fy_obj *r = api_iter_unpack(&l, mod_error(self), args[1]);
    layout_free(&l);
    return r;
}

static fy_obj *m_calcsize(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_no_kwargs("calcsize", kw) < 0 || fy_check_nargs("calcsize", nargs, 1, 1) < 0) return NULL;
    layout l;
    if (fmt_layout(self, args[0], &l) < 0) return NULL;
    int64_t size = l.size;
    layout_free(&l);
    return fy_int_from(size);
}

/* ------------------------------------------------------------------ Struct */

#define S(o) ((struct_obj *)(o))

static fy_obj *struct_new(fy_type *t, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    static const char *const names[] = {"format", NULL};
    fy_obj *a[1];
    if (fy_parse_args("Struct", args, nargs, kw, names, 1, 1, 1, a) < 0) return NULL;
    fy_obj *mod = fy_import("struct");
    if (!mod) return NULL;
    fy_obj *err = mod_error(mod);
    if (!err) {
        FY_DECREF(mod);
        return fy_err_set(&fy_SystemError, "struct.error is missing");
    }
    struct_obj *so = (struct_obj *)fy_alloc(t);
    if (!so) {
        FY_DECREF(mod);
        return NULL;
    }
    so->error = fy_ref(err);
    FY_DECREF(mod);
    if (layout_parse(a[0], err, &so->lay) < 0) {
        FY_DECREF(so);
        return NULL;
    }
    so->format =
        FY_STR_CHECK(a[0]) ? fy_ref(a[0]) : fy_str_from(((fy_bytes *)a[0])->data, (size_t)((fy_bytes *)a[0])->len);
    if (!so->format) {
        FY_DECREF(so);
        return NULL;
    }
    return (fy_obj *)so;
}

static void struct_dealloc(fy_obj *o) {
    layout_free(&S(o)->lay);
    FY_XDECREF(S(o)->format);
    FY_XDECREF(S(o)->error);
}

static fy_obj *st_pack(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_no_kwargs("pack", kw) < 0) return NULL;
    return api_pack(&S(self)->lay, S(self)->error, args, nargs);
}
static fy_obj *st_unpack(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_no_kwargs("unpack", kw) < 0 || fy_check_nargs("unpack", nargs, 1, 1) < 0) return NULL;
    return api_unpack(&S(self)->lay, S(self)->error, args[0]);
}
static fy_obj *st_unpack_from(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    static const char *const names[] = {"buffer", "offset", NULL};
    fy_obj *a[2];
    if (fy_parse_args("unpack_from", args, nargs, kw, names, 1, 2, 2, a) < 0) return NULL;
    return api_unpack_from(&S(self)->lay, S(self)->error, a[0], a[1]);
}
static fy_obj *st_pack_into(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_no_kwargs("pack_into", kw) < 0) return NULL;
    return api_pack_into(&S(self)->lay, S(self)->error, args, nargs);
}
static fy_obj *st_iter_unpack(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_no_kwargs("iter_unpack", kw) < 0 || fy_check_nargs("iter_unpack", nargs, 1, 1) < 0) return NULL;
    return api_iter_unpack(&S(self)->lay, S(self)->error, args[0]);
}
static fy_obj *st_format(fy_obj *self) { return fy_ref(S(self)->format); }
static fy_obj *st_size(fy_obj *self) { return fy_int_from(S(self)->lay.size); }

static fy_methoddef struct_methods[] = {{"pack", st_pack, 0, "pack(v1, v2, ...)"},
                                        {"unpack", st_unpack, 0, "unpack(buffer, /)"},
                                        {"unpack_from", st_unpack_from, 0, "unpack_from(buffer, offset=0)"},
                                        {"pack_into", st_pack_into, 0, "pack_into(buffer, offset, v1, v2, ...)"},
                                        {"iter_unpack", st_iter_unpack, 0, "iter_unpack(buffer, /)"},
                                        {0}};
static fy_getsetdef struct_getsets[] = {{"format", st_format, NULL, NULL}, {"size", st_size, NULL, NULL}, {0}};
static fy_type struct_type = {FY_TYPE_INIT("Struct", sizeof(struct_obj)), .dealloc = struct_dealloc, .new_ = struct_new,
                              .methods = struct_methods, .getsets = struct_getsets};

static fy_methoddef struct_funcs[] = {{"pack", m_pack, 0, "pack(format, v1, v2, ...)"},
                                      {"unpack", m_unpack, 0, "unpack(format, buffer, /)"},
                                      {"unpack_from", m_unpack_from, 0, "unpack_from(format, /, buffer, offset=0)"},
                                      {"pack_into", m_pack_into, 0, "pack_into(format, buffer, offset, v1, ...)"},
                                      {"iter_unpack", m_iter_unpack, 0, "iter_unpack(format, buffer, /)"},
                                      {"calcsize", m_calcsize, 0, "calcsize(format, /)"},
                                      {0}};

fy_obj *fy_mod_struct_init(void) {
    if (fy_type_ready(&struct_type) < 0) return NULL;
    fy_obj *m = fy_module_new_c("struct", struct_funcs, "Interpret bytes as packed binary data.");
    if (!m) return NULL;
    fy_obj *name = fy_str_from_cstr("error"), *bases = fy_tuple_pack(1, (fy_obj *)&fy_Exception), *dict = fy_dict_new(),
           *modname = fy_str_from_cstr("struct");
    fy_obj *err = NULL;
    if (name && bases && dict && modname && fy_dict_set_cstr(dict, "__module__", modname) == 0)
        err = fy_type_new_heap(name, bases, dict);
    FY_XDECREF(name);
    FY_XDECREF(bases);
    FY_XDECREF(dict);
    FY_XDECREF(modname);
    if (!err || fy_module_add(m, "error", err) < 0 || fy_module_add(m, "Struct", (fy_obj *)&struct_type) < 0) {
        FY_XDECREF(err);
        FY_DECREF(m);
        return NULL;
    }
    FY_DECREF(err);
    return m;
}
