/* obj_bytes.c - bytes (basic) and bytearray (minimal). */
#define _GNU_SOURCE
#include <string.h>
#include "exec/interp.h"
#include "objects/object.h"
#include "objects/objects_int.h"

#define B(o) ((fy_bytes *)(o))

fy_obj *fy_bytes_from(const char *s, size_t len) {
    fy_bytes *b = (fy_bytes *)fy_alloc_size(&fy_bytes_type, sizeof(fy_bytes) + len + 1);
    if (!b) return NULL;
    b->len = (int64_t)len;
    b->hash = -1;
    if (len) memcpy(b->data, s, len);
    b->data[len] = 0;
    return &b->h;
}

static fy_obj *bytes_repr_data(const char *d, int64_t n, const char *pre, const char *post) {
    bool sq = memchr(d, '\'', n) != NULL, dq = memchr(d, '"', n) != NULL;
    char q = sq && !dq ? '"' : '\'';
    fy_sbuf b = {0};
    fy_sbuf_adds(&b, pre);
    fy_sbuf_addc(&b, q);
    for (int64_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)d[i];
        if (c == (unsigned char)q || c == '\\') {
            fy_sbuf_addc(&b, '\\');
            fy_sbuf_addc(&b, (char)c);
        } else if (c == '\n') fy_sbuf_adds(&b, "\\n");
        else if (c == '\r') fy_sbuf_adds(&b, "\\r");
        else if (c == '\t') fy_sbuf_adds(&b, "\\t");
        else if (c < 0x20 || c >= 0x7f) fy_sbuf_printf(&b, "\\x%02x", c);
        else fy_sbuf_addc(&b, (char)c);
    }
    fy_sbuf_addc(&b, q);
    fy_sbuf_adds(&b, post);
    return fy_sbuf_finish(&b);
}
static fy_obj *bytes_repr(fy_obj *o) { return bytes_repr_data(B(o)->data, B(o)->len, "b", ""); }
static int64_t bytes_len(fy_obj *o) { return B(o)->len; }
static int64_t bytes_hash(fy_obj *o) {
    if (B(o)->hash != -1) return B(o)->hash;
    uint64_t h = 0xcbf29ce484222325ULL;
    for (int64_t i = 0; i < B(o)->len; i++) {
        h ^= (unsigned char)B(o)->data[i];
        h *= 0x100000001b3ULL;
    }
    int64_t r = (int64_t)(h >> 1);
    B(o)->hash = r;
    return r;
}
/* The data of a bytes or bytearray; false (and an empty buffer) for anything else. */
bool fy_bytes_buf(fy_obj *o, const char **d, int64_t *n) {
    *d = "";
    *n = 0;
    if (FY_BYTES_CHECK(o)) {
        *d = B(o)->data;
        *n = B(o)->len;
        return true;
    }
    if (FY_TYPE(o) == &fy_bytearray_type) {
        *d = ((fy_bytearray *)o)->data;
        *n = ((fy_bytearray *)o)->len;
        return true;
    }
    return false;
}
static fy_obj *bytes_richcmp(fy_obj *a, fy_obj *b, int op) {
    const char *x, *y;
    int64_t nx, ny;
    if (!fy_bytes_buf(a, &x, &nx) || !fy_bytes_buf(b, &y, &ny)) return fy_ref(fy_NotImplemented);
    int64_t m = nx < ny ? nx : ny;
    int c = m ? memcmp(x, y, m) : 0;
    if (!c) c = nx < ny ? -1 : nx > ny;
    switch (op) {
    case FY_EQ_OP: return fy_bool(c == 0);
    case FY_NE_OP: return fy_bool(c != 0);
    case FY_LT_OP: return fy_bool(c < 0);
    case FY_LE_OP: return fy_bool(c <= 0);
    case FY_GT_OP: return fy_bool(c > 0);
    default: return fy_bool(c >= 0);
    }
}
static fy_obj *bytes_getitem(fy_obj *o, fy_obj *k) {
    const char *d;
    int64_t n;
    fy_bytes_buf(o, &d, &n);
    if (FY_TYPE(k) == &fy_slice_type) {
        int64_t st, sp, step, len;
        if (fy_slice_indices(k, n, &st, &sp, &step, &len) < 0) return NULL;
        fy_sbuf b = {0};
        for (int64_t i = 0, j = st; i < len; i++, j += step) fy_sbuf_addc(&b, d[j]);
        fy_obj *r = FY_BYTES_CHECK(o) ? fy_bytes_from(b.p ? b.p : "", b.len) : NULL;
        if (!FY_BYTES_CHECK(o)) {
            fy_obj *bb = fy_bytes_from(b.p ? b.p : "", b.len);
            r = bb ? fy_call1((fy_obj *)&fy_bytearray_type, bb) : NULL;
            FY_XDECREF(bb);
        }
        fy_sbuf_free(&b);
        return r;
    }
    int64_t i;
    if (fy_index(k, &i) < 0) return NULL;
    if (i < 0) i += n;
    if (i < 0 || i >= n)
        return fy_err_set(&fy_IndexError, FY_BYTES_CHECK(o) ? "index out of range" : "bytearray index out of range");
    return fy_int_from((unsigned char)d[i]);
}
static int bytes_contains(fy_obj *o, fy_obj *x) {
    const char *d, *y;
    int64_t n, ny;
    fy_bytes_buf(o, &d, &n);
    if (FY_INT_CHECK(x)) {
        if (FY_INT_IS_BIG(x) || FY_INT_VAL(x) < 0 || FY_INT_VAL(x) > 255) {
            fy_err_set(&fy_ValueError, "byte must be in range(0, 256)");
            return -1;
        }
        return memchr(d, (int)FY_INT_VAL(x), n) != NULL;
    }
    if (!fy_bytes_buf(x, &y, &ny)) {
        fy_err_format(&fy_TypeError, "a bytes-like object is required, not '%s'", x->type->name);
        return -1;
    }
    return ny == 0 || memmem(d, n, y, ny) != NULL;
}
static fy_obj *bytes_add(fy_obj *a, fy_obj *b) {
    const char *x, *y;
    int64_t nx, ny;
    if (!fy_bytes_buf(a, &x, &nx) || !fy_bytes_buf(b, &y, &ny)) return fy_ref(fy_NotImplemented);
    fy_sbuf s = {0};
    fy_sbuf_add(&s, x, nx);
    fy_sbuf_add(&s, y, ny);
    fy_obj *r = fy_bytes_from(s.p ? s.p : "", s.len);
    fy_sbuf_free(&s);
    return r;
}
static fy_obj *bytes_mul(fy_obj *a, fy_obj *b) {
    fy_obj *s = FY_BYTES_CHECK(a) ? a : b, *k = s == a ? b : a;
    int64_t n;
    if (!FY_INT_CHECK(k)) return fy_ref(fy_NotImplemented);
    if (fy_index_msg(k, &n, FY_INDEX_FIT_MSG) < 0) return NULL;
    if (B(s)->len && n > INT64_MAX / B(s)->len) return fy_err_set(&fy_OverflowError, "repeated bytes are too long");
    if (!B(s)->len) n = 0; /* b"" * n: nothing to repeat (and no n-step loop) */
    if (n > 0 && (uint64_t)(n * B(s)->len) > fy_mem_limit) return fy_err_nomem();
    fy_sbuf r = {0};
    for (int64_t i = 0; i < n && !r.oom; i++) fy_sbuf_add(&r, B(s)->data, B(s)->len);
    if (r.oom) {
        fy_sbuf_free(&r);
        return fy_err_nomem();
    }
    fy_obj *o = fy_bytes_from(r.p ? r.p : "", r.len);
    fy_sbuf_free(&r);
    return o;
}
typedef struct {
    fy_obj h;
    fy_obj *b;
    int64_t i;
} bytesiter;
static fy_obj *bytesiter_next(fy_obj *o) {
    bytesiter *it = (bytesiter *)o;
    const char *d;
    int64_t n;
    fy_bytes_buf(it->b, &d, &n);
    if (it->i >= n) return NULL;
    return fy_int_from((unsigned char)d[it->i++]);
}
static void bytesiter_dealloc(fy_obj *o) { FY_XDECREF(((bytesiter *)o)->b); }
static fy_obj *self_iter(fy_obj *o) { return fy_ref(o); }
fy_type fy_bytesiter_type = {FY_TYPE_INIT("bytes_iterator", sizeof(bytesiter)), .dealloc = bytesiter_dealloc,
                             .iter = self_iter, .next = bytesiter_next};
static fy_obj *bytes_iter(fy_obj *o) {
    bytesiter *it = (bytesiter *)fy_alloc(&fy_bytesiter_type);
    if (!it) return NULL;
    it->b = fy_ref(o);
    return &it->h;
}

fy_obj *fy_bytes_hex_m(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    const char *d;
    int64_t n;
    fy_bytes_buf(self, &d, &n);
    fy_sbuf s = {0};
    for (int64_t i = 0; i < n; i++) fy_sbuf_printf(&s, "%02x", (unsigned char)d[i]);
    return s.p ? fy_sbuf_finish(&s) : fy_ref(fy_intern(""));
}
fy_obj *fy_bytes_join_m(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_check_nargs("join", nargs, 1, 1) < 0) return NULL;
    fy_obj *l = fy_sequence_list(args[0]);
    if (!l) return NULL;
    fy_sbuf s = {0};
    for (int64_t i = 0; i < FY_LIST_N(l); i++) {
        const char *d;
        int64_t n;
        if (!fy_bytes_buf(FY_LIST_ITEMS(l)[i], &d, &n)) {
            fy_sbuf_free(&s);
            FY_DECREF(l);
            return fy_err_format(&fy_TypeError, "sequence item %lld: expected a bytes-like object", (long long)i);
        }
        if (i) fy_sbuf_add(&s, B(self)->data, B(self)->len);
        fy_sbuf_add(&s, d, n);
    }
    FY_DECREF(l);
    fy_obj *r = fy_bytes_from(s.p ? s.p : "", s.len);
    fy_sbuf_free(&s);
    return r;
}

static fy_obj *bytes_new_exact(fy_obj *const *args, size_t nargs, fy_obj *kw);

static fy_obj *bytes_new(fy_type *t, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    fy_obj *r = bytes_new_exact(args, nargs, kw);
    if (!r || t == &fy_bytes_type) return r;
    /* bytes subclass: copy into an instance of t */
    int64_t n = B(r)->len;
    fy_bytes *b = (fy_bytes *)fy_alloc_size(t, fy_var_alloc_size(t, t->basicsize + n + 1));
    if (!b) {
        FY_DECREF(r);
        return NULL;
    }
    b->len = n;
    b->hash = -1;
    memcpy(b->data, B(r)->data, n + 1);
    FY_DECREF(r);
    return &b->h;
}

static fy_obj *bytes_new_exact(fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (nargs == 0) return fy_bytes_from("", 0);
    fy_obj *x = args[0];
    if (FY_STR_CHECK(x)) {
        if (nargs < 2 && !fy_kwcount(kw)) return fy_err_set(&fy_TypeError, "string argument without an encoding");
        return fy_bytes_from(FY_STR_DATA(x), FY_STR_LEN(x));
    }
    if (FY_INT_CHECK(x)) {
        int64_t n;
        if (fy_index_msg(x, &n, FY_INDEX_FIT_MSG) < 0) return NULL;
        if (n < 0) return fy_err_set(&fy_ValueError, "negative count");
        char *z = fy_calloc(n + 1, 1);
        if (!z) return NULL;
        fy_obj *r = fy_bytes_from(z, n);
        fy_free(z);
        return r;
    }
    const char *d;
    int64_t n;
    if (fy_bytes_buf(x, &d, &n)) return fy_bytes_from(d, n);
    fy_obj *l = fy_sequence_list(x);
    if (!l) return NULL;
    fy_sbuf s = {0};
    for (int64_t i = 0; i < FY_LIST_N(l); i++) {
        int64_t v;
        if (fy_index(FY_LIST_ITEMS(l)[i], &v) < 0) {
            fy_sbuf_free(&s);
            FY_DECREF(l);
            return NULL;
        }
        if (v < 0 || v > 255) {
            fy_sbuf_free(&s);
            FY_DECREF(l);
            return fy_err_set(&fy_ValueError, "bytes must be in range(0, 256)");
        }
        fy_sbuf_addc(&s, (char)v);
    }
    FY_DECREF(l);
    fy_obj *r = fy_bytes_from(s.p ? s.p : "", s.len);
    fy_sbuf_free(&s);
    return r;
}

fy_type fy_bytes_type = {FY_TYPE_INIT("bytes", sizeof(fy_bytes)),
                         .flags = FY_TPF_VARSIZE | FY_TPF_BYTES_SUB,
                         .doc = "bytes(iterable_of_ints) -> bytes\nbytes(string, encoding[, errors]) -> bytes",
                         .new_ = bytes_new,
                         .repr = bytes_repr,
                         .len = bytes_len,
                         .hash = bytes_hash,
                         .richcmp = bytes_richcmp,
                         .getitem = bytes_getitem,
                         .contains = bytes_contains,
                         .iter = bytes_iter,
                         .nb = {[FY_NB_ADD] = bytes_add, [FY_NB_MUL] = bytes_mul},
                         .methods = fy_bytes_methods};

/* ------------------------------------------------------------------ bytearray */

#define BA(o) ((fy_bytearray *)(o))
static void ba_dealloc(fy_obj *o) { fy_free(BA(o)->data); }
static int ba_append_byte(fy_obj *o, int c) {
    if (BA(o)->len + 1 >= BA(o)->cap) {
        int64_t nc = BA(o)->cap ? BA(o)->cap * 2 : 16;
        char *p = fy_realloc(BA(o)->data, nc);
        if (!p) return -1;
        BA(o)->data = p;
        BA(o)->cap = nc;
    }
    BA(o)->data[BA(o)->len++] = (char)c;
    return 0;
}
static fy_obj *ba_new(fy_type *t, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    fy_obj *o = fy_alloc(t);
    if (!o || !nargs) return o;
    fy_obj *b = bytes_new_exact(args, nargs, kw);
    if (!b) {
        FY_DECREF(o);
        return NULL;
    }
    for (int64_t i = 0; i < B(b)->len; i++) ba_append_byte(o, (unsigned char)B(b)->data[i]);
    FY_DECREF(b);
    return o;
}
static fy_obj *ba_repr(fy_obj *o) {
    return bytes_repr_data(BA(o)->data ? BA(o)->data : "", BA(o)->len, "bytearray(b", ")");
}
static int64_t ba_len(fy_obj *o) { return BA(o)->len; }
static int ba_setitem(fy_obj *o, fy_obj *k, fy_obj *v) {
    int64_t i, x;
    if (fy_index(k, &i) < 0) return -1;
    if (i < 0) i += BA(o)->len;
    if (i < 0 || i >= BA(o)->len) {
        fy_err_set(&fy_IndexError, "bytearray index out of range");
        return -1;
    }
    if (!v) {
        memmove(BA(o)->data + i, BA(o)->data + i + 1, BA(o)->len - i - 1);
        BA(o)->len--;
        return 0;
    }
    if (fy_index(v, &x) < 0) return -1;
    if (x < 0 || x > 255) {
        fy_err_set(&fy_ValueError, "byte must be in range(0, 256)");
        return -1;
    }
    BA(o)->data[i] = (char)x;
    return 0;
}
fy_obj *fy_bytearray_append_m(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    int64_t x;
    if (fy_check_nargs("append", nargs, 1, 1) < 0 || fy_index(args[0], &x) < 0) return NULL;
    if (x < 0 || x > 255) return fy_err_set(&fy_ValueError, "byte must be in range(0, 256)");
    if (ba_append_byte(self, (int)x) < 0) return NULL;
    return fy_none();
}
fy_obj *fy_bytearray_extend_m(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_check_nargs("extend", nargs, 1, 1) < 0) return NULL;
    fy_obj *b = bytes_new_exact(args, 1, NULL);
    if (!b) return NULL;
    for (int64_t i = 0; i < B(b)->len; i++) ba_append_byte(self, (unsigned char)B(b)->data[i]);
    FY_DECREF(b);
    return fy_none();
}

fy_type fy_bytearray_type = {FY_TYPE_INIT("bytearray", sizeof(fy_bytearray)),
                             .dealloc = ba_dealloc,
                             .new_ = ba_new,
                             .repr = ba_repr,
                             .len = ba_len,
                             .richcmp = bytes_richcmp,
                             .getitem = bytes_getitem,
                             .setitem = ba_setitem,
                             .contains = bytes_contains,
                             .iter = bytes_iter,
                             .methods = fy_bytearray_methods};
