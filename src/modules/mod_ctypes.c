/* mod_ctypes.c - the `_ctypes` module under ctypes.py: raw memory access by address and type
 * code, dlopen/dlsym, and calls of C functions through libffi. ctypes.py keeps every C value in
 * a bytearray (or at a foreign address) and passes plain ints, floats and addresses here.
 *
 * Type codes (struct-module style): b B h H i I l L q Q (integers), f d (floating), ? (bool),
 * c (char, a 1-byte bytes), P (void *, an int or None), z (char *, bytes or None), v (void
 * result only), S (a structure passed by value: the argument is (address, layout) with layout
 * "{...}" listing the member codes, nested structures in braces, arrays as repeated members). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <ffi.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "exec/interp.h"
#include "modules/mod_registry.h"
#include "objects/object.h"

static int64_t as_addr(fy_obj *o, int *err) {
    int64_t v;
    *err = 0;
    if (o == fy_None) return 0;
    if (fy_index(o, &v) < 0) {
        *err = 1;
        return 0;
    }
    return v;
}

static uint64_t as_u64(fy_obj *o, int *err) {
    int64_t v;
    *err = fy_index(o, &v) < 0;
    return (uint64_t)v;
}

/* addr(obj) -> the address of a bytearray's or bytes' data. */
static fy_obj *ct_addr(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("addr", n, 1, 1) < 0) return NULL;
    if (FY_IS_TYPE(a[0], fy_bytearray_type)) return fy_int_from((int64_t)(intptr_t)((fy_bytearray *)a[0])->data);
    if (FY_BYTES_CHECK(a[0])) return fy_int_from((int64_t)(intptr_t)((fy_bytes *)a[0])->data);
    return fy_err_format(&fy_TypeError, "expected bytes or bytearray, not %T", a[0]);
}

static const char *code_of(fy_obj *o) {
    if (!FY_STR_CHECK(o) || FY_STR_LEN(o) != 1) {
        fy_err_set(&fy_TypeError, "bad type code");
        return NULL;
    }
    return FY_STR_DATA(o);
}

/* The value of C type `code` stored at p. */
static fy_obj *value_at(const char *p, char code) {
    switch (code) {
#define GET(ch, T, mk) \
    case ch: { \
        T v; \
        memcpy(&v, p, sizeof v); \
        return mk; \
    }
        GET('b', int8_t, fy_int_from(v))
        GET('B', uint8_t, fy_int_from(v))
        GET('h', int16_t, fy_int_from(v))
        GET('H', uint16_t, fy_int_from(v))
        GET('i', int32_t, fy_int_from(v))
        GET('I', uint32_t, fy_int_from(v))
        GET('l', long, fy_int_from(v))
        GET('q', int64_t, fy_int_from(v))
        GET('f', float, fy_float_from(v))
        GET('d', double, fy_float_from(v))
        GET('?', bool, fy_bool(v))
        GET('c', char, fy_bytes_from(&v, 1))
#undef GET
    case 'L':
    case 'Q': {
        uint64_t v;
        memcpy(&v, p, sizeof v);
        if (v > INT64_MAX) return fy_err_set(&fy_OverflowError, "unsigned 64-bit value too large for flyi's int");
        return fy_int_from((int64_t)v);
    }
    case 'P': {
        void *v;
        memcpy(&v, p, sizeof v);
        return v ? fy_int_from((int64_t)(intptr_t)v) : fy_none();
    }
    case 'z': {
        char *v;
        memcpy(&v, p, sizeof v);
        return v ? fy_bytes_from(v, strlen(v)) : fy_none();
    }
    }
    return fy_err_format(&fy_TypeError, "bad type code %c", code);
}

/* get(addr, code) -> the value stored there. */
static fy_obj *ct_get(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("get", n, 2, 2) < 0) return NULL;
    int err;
    char *p = (char *)(intptr_t)as_addr(a[0], &err);
    const char *c = code_of(a[1]);
    if (err || !c) return NULL;
    if (!p) return fy_err_set(&fy_ValueError, "NULL pointer access");
    return value_at(p, *c);
}

/* set(addr, code, value): store value (an int, float, bool, 1-byte bytes, or address). */
static fy_obj *ct_set(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("set", n, 3, 3) < 0) return NULL;
    int err;
    char *p = (char *)(intptr_t)as_addr(a[0], &err);
    const char *c = code_of(a[1]);
    if (err || !c) return NULL;
    if (!p) return fy_err_set(&fy_ValueError, "NULL pointer access");
    fy_obj *v = a[2];
    switch (*c) {
    case 'f':
    case 'd': {
        double d;
        if (fy_as_double(v, &d) < 0) return NULL;
        if (*c == 'f') {
            float f = (float)d;
            memcpy(p, &f, sizeof f);
        } else memcpy(p, &d, sizeof d);
        return fy_none();
    }
    case '?': {
        int t = fy_truthy(v);
        if (t < 0) return NULL;
        *(bool *)p = t;
        return fy_none();
    }
    case 'c': {
        if (FY_BYTES_CHECK(v) && ((fy_bytes *)v)->len == 1) *p = ((fy_bytes *)v)->data[0];
        else if (FY_INT_CHECK(v)) *p = (char)FY_INT_VAL(v);
        else return fy_err_format(&fy_TypeError, "one character bytes, bytearray or integer expected");
        return fy_none();
    }
    }
    uint64_t u = *c == 'P' || *c == 'z' ? (uint64_t)as_addr(v, &err) : as_u64(v, &err);
    if (err) return NULL;
    switch (*c) {
    case 'b':
    case 'B': *(uint8_t *)p = (uint8_t)u; break;
    case 'h':
    case 'H': {
        uint16_t x = (uint16_t)u;
        memcpy(p, &x, 2);
        break;
    }
    case 'i':
    case 'I': {
        uint32_t x = (uint32_t)u;
        memcpy(p, &x, 4);
        break;
    }
    case 'l':
    case 'L':
    case 'q':
    case 'Q':
    case 'P':
    case 'z': memcpy(p, &u, 8); break;
    default: return fy_err_format(&fy_TypeError, "bad type code %s", c);
    }
    return fy_none();
}

/* memmove(dst, src, n); memset(dst, c, n); string_at(addr, n=-1) -> bytes */
static fy_obj *ct_memmove(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    int e1, e2, e3;
    if (fy_check_nargs("memmove", n, 3, 3) < 0) return NULL;
    int64_t d = as_addr(a[0], &e1), src = as_addr(a[1], &e2), k = (int64_t)as_u64(a[2], &e3);
    if (e1 || e2 || e3) return NULL;
    if (k > 0) memmove((void *)(intptr_t)d, (void *)(intptr_t)src, (size_t)k);
    return fy_int_from(d);
}

static fy_obj *ct_memset(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    int e1, e2, e3;
    if (fy_check_nargs("memset", n, 3, 3) < 0) return NULL;
    int64_t d = as_addr(a[0], &e1), c = (int64_t)as_u64(a[1], &e2), k = (int64_t)as_u64(a[2], &e3);
    if (e1 || e2 || e3) return NULL;
    if (k > 0) memset((void *)(intptr_t)d, (int)c, (size_t)k);
    return fy_int_from(d);
}

static fy_obj *ct_string_at(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    int e1, e2 = 0;
    if (fy_check_nargs("string_at", n, 1, 2) < 0) return NULL;
    const char *p = (const char *)(intptr_t)as_addr(a[0], &e1);
    int64_t k = n > 1 ? (int64_t)as_u64(a[1], &e2) : -1;
    if (e1 || e2) return NULL;
    if (!p) return fy_err_set(&fy_ValueError, "NULL pointer access");
    return fy_bytes_from(p, k < 0 ? strlen(p) : (size_t)k);
}

/* dlopen(name or None, mode) -> handle; OSError with dlerror()'s text. */
static fy_obj *ct_dlopen(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    int64_t mode;
    if (fy_check_nargs("dlopen", n, 2, 2) < 0 || fy_index(a[1], &mode) < 0) return NULL;
    if (a[0] != fy_None && !FY_STR_CHECK(a[0])) return fy_err_format(&fy_TypeError, "expected str, not %T", a[0]);
    void *h = dlopen(a[0] == fy_None ? NULL : FY_STR_DATA(a[0]), (int)mode);
    if (!h) {
        const char *e = dlerror();
        return fy_err_set(&fy_OSError, e ? e : "dlopen failed");
    }
    return fy_int_from((int64_t)(intptr_t)h);
}

/* dlsym(handle, name) -> address; AttributeError with dlerror()'s text. */
static fy_obj *ct_dlsym(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    int err;
    if (fy_check_nargs("dlsym", n, 2, 2) < 0) return NULL;
    void *h = (void *)(intptr_t)as_addr(a[0], &err);
    if (err) return NULL;
    if (!FY_STR_CHECK(a[1])) return fy_err_format(&fy_TypeError, "expected str, not %T", a[1]);
    dlerror();
    void *p = dlsym(h ? h : RTLD_DEFAULT, FY_STR_DATA(a[1]));
    if (!p) {
        const char *e = dlerror();
        return fy_err_set(&fy_AttributeError, e ? e : "undefined symbol");
    }
    return fy_int_from((int64_t)(intptr_t)p);
}

static ffi_type *ffi_of(char c) {
    switch (c) {
    case 'b': return &ffi_type_sint8;
    case 'B': return &ffi_type_uint8;
    case 'c': return &ffi_type_schar;
    case '?': return &ffi_type_uint8;
    case 'h': return &ffi_type_sint16;
    case 'H': return &ffi_type_uint16;
    case 'i': return &ffi_type_sint32;
    case 'I': return &ffi_type_uint32;
    case 'l': return &ffi_type_slong;
    case 'L': return &ffi_type_ulong;
    case 'q': return &ffi_type_sint64;
    case 'Q': return &ffi_type_uint64;
    case 'f': return &ffi_type_float;
    case 'd': return &ffi_type_double;
    case 'P':
    case 'z': return &ffi_type_pointer;
    case 'v': return &ffi_type_void;
    }
    return NULL;
}

/* The ffi_type of a structure layout "{...}" starting at *p (advanced past it); every type made
 * is recorded in made[] for freeing. NULL on a bad layout. */
typedef struct ffi_arena {
    void *items[256];
    int n;
} ffi_arena;

static void *arena_alloc(ffi_arena *ar, size_t size) {
    if (ar->n >= 256) return NULL;
    void *p = calloc(1, size);
    if (p) ar->items[ar->n++] = p;
    return p;
}

static ffi_type *ffi_of(char c);

static ffi_type *struct_type(const char **p, ffi_arena *ar, int depth) {
    if (**p != '{' || depth > 16) return NULL;
    (*p)++;
    size_t cap = 8, n = 0;
    ffi_type **elems = arena_alloc(ar, (cap + 1) * sizeof *elems);
    while (elems && **p && **p != '}') {
        ffi_type *e = **p == '{' ? struct_type(p, ar, depth + 1) : ffi_of(*(*p)++);
        if (!e || e == &ffi_type_void) return NULL;
        if (n == cap) {
            ffi_type **ne = arena_alloc(ar, (cap * 2 + 1) * sizeof *ne);
            if (!ne) return NULL;
            memcpy(ne, elems, n * sizeof *ne);
            elems = ne, cap *= 2;
        }
        elems[n++] = e;
    }
    if (!elems || **p != '}' || n == 0) return NULL;
    (*p)++;
    elems[n] = NULL;
    ffi_type *t = arena_alloc(ar, sizeof *t);
    if (!t) return NULL;
    t->type = FFI_TYPE_STRUCT;
    t->elements = elems;
    return t;
}

typedef union slot {
    int64_t i;
    double d;
    float f;
    void *p;
    char raw[16];
} slot;

#define MAX_ARGS 64

static fy_obj *result_of(char rc, const slot *res);

/* call(fn_addr, restype_code, arg_codes, args, variadic_from) -> result. Integer and pointer
 * arguments arrive as ints (addresses), floating ones as floats; variadic_from >= 0 marks where
 * the fixed arguments of a variadic function end (printf-style calls). The interpreter lock is
 * let go during the call. */
static fy_obj *ct_call(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    int err;
    if (fy_check_nargs("call", n, 5, 5) < 0) return NULL;
    void *fn = (void *)(intptr_t)as_addr(a[0], &err);
    if (err) return NULL;
    if (!fn) return fy_err_set(&fy_ValueError, "NULL function pointer");
    const char *rc = code_of(a[1]);
    if (!rc) return NULL;
    if (!FY_STR_CHECK(a[2])) return fy_err_set(&fy_TypeError, "arg codes must be str");
    const char *codes = FY_STR_DATA(a[2]);
    size_t nargs = (size_t)FY_STR_LEN(a[2]), nitems;
    fy_obj **items = fy_seq_items(a[3], &nitems);
    int64_t nfixed;
    if (!items || nitems != nargs) return fy_err_set(&fy_TypeError, "argument count mismatch");
    if (nargs > MAX_ARGS) return fy_err_set(&fy_TypeError, "too many arguments");
    if (fy_index(a[4], &nfixed) < 0) return NULL;
    ffi_type *types[MAX_ARGS];
    slot vals[MAX_ARGS];
    void *ptrs[MAX_ARGS];
    ffi_arena ar = {.n = 0};
    fy_obj *res_obj = NULL;
    for (size_t i = 0; i < nargs; i++) {
        char c = codes[i];
        if (c == 'S') {
            size_t k;
            fy_obj **pair = fy_seq_items(items[i], &k);
            const char *lay = pair && k == 2 && FY_STR_CHECK(pair[1]) ? FY_STR_DATA(pair[1]) : NULL;
            int64_t sa = pair && k == 2 ? as_addr(pair[0], &err) : 0;
            if (!lay || err || !sa) {
                if (!err) fy_err_set(&fy_TypeError, "bad structure argument");
                goto out;
            }
            types[i] = struct_type(&lay, &ar, 0);
            if (!types[i] || *lay) {
                fy_err_set(&fy_TypeError, "bad structure layout");
                goto out;
            }
            ptrs[i] = (void *)(intptr_t)sa;
            continue;
        }
        types[i] = ffi_of(c);
        if (!types[i] || c == 'v') {
            fy_err_format(&fy_TypeError, "bad argument type code %c", c);
            goto out;
        }
        memset(&vals[i], 0, sizeof vals[i]);
        if (c == 'f' || c == 'd') {
            double d;
            if (fy_as_double(items[i], &d) < 0) goto out;
            if (c == 'f') vals[i].f = (float)d;
            else vals[i].d = d;
        } else {
            int64_t v = c == 'P' || c == 'z' ? as_addr(items[i], &err) : (int64_t)as_u64(items[i], &err);
            if (err) goto out;
            /* little-endian: the low bytes of the slot are the narrow integer */
            vals[i].i = v;
        }
        ptrs[i] = &vals[i];
    }
    ffi_type *rt = ffi_of(*rc);
    if (!rt) {
        fy_err_format(&fy_TypeError, "bad result type code %s", rc);
        goto out;
    }
    ffi_cif cif;
    ffi_status st = nfixed >= 0 ? ffi_prep_cif_var(&cif, FFI_DEFAULT_ABI, (unsigned)nfixed, (unsigned)nargs, rt, types)
                                : ffi_prep_cif(&cif, FFI_DEFAULT_ABI, (unsigned)nargs, rt, types);
    if (st != FFI_OK) {
        fy_err_set(&fy_TypeError, "ffi_prep_cif failed (bad argument types)");
        goto out;
    }
    slot res;
    memset(&res, 0, sizeof res);
    fy_gil_release();
    ffi_call(&cif, FFI_FN(fn), &res, ptrs);
    fy_gil_acquire();
    res_obj = result_of(*rc, &res);
out:
    for (int i = 0; i < ar.n; i++) free(ar.items[i]);
    return res_obj;
}

static fy_obj *result_of(char rc, const slot *rp) {
    slot res = *rp;
    switch (rc) {
    case 'v': return fy_none();
    case 'b': return fy_int_from((int8_t)res.i);
    case 'B': return fy_int_from((uint8_t)res.i);
    case 'c': {
        char ch = (char)res.i;
        return fy_bytes_from(&ch, 1);
    }
    case '?': return fy_bool((uint8_t)res.i != 0);
    case 'h': return fy_int_from((int16_t)res.i);
    case 'H': return fy_int_from((uint16_t)res.i);
    case 'i': return fy_int_from((int32_t)res.i);
    case 'I': return fy_int_from((uint32_t)res.i);
    case 'l':
    case 'q': return fy_int_from(res.i);
    case 'L':
    case 'Q':
        if ((uint64_t)res.i > INT64_MAX)
            return fy_err_set(&fy_OverflowError, "unsigned 64-bit value too large for flyi's int");
        return fy_int_from(res.i);
    case 'f': return fy_float_from(res.f);
    case 'd': return fy_float_from(res.d);
    case 'P': return res.p ? fy_int_from((int64_t)(intptr_t)res.p) : fy_none();
    case 'z': return res.p ? fy_bytes_from(res.p, strlen(res.p)) : fy_none();
    }
    return fy_none();
}

static fy_obj *ct_errno(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) { return fy_int_from(errno); }

/* ------------------------------------------------------------------ callbacks (CFUNCTYPE) */

typedef struct cb_obj {
    fy_obj h;
    ffi_closure *closure;
    void *code;
    ffi_cif cif;
    ffi_type *types[MAX_ARGS];
    char codes[MAX_ARGS + 1];
    char rc;
    fy_obj *func;
} cb_obj;

static void cb_dealloc(fy_obj *o) {
    cb_obj *cb = (cb_obj *)o;
    if (cb->closure) ffi_closure_free(cb->closure);
    FY_CLEAR(cb->func);
}

static fy_type cb_type = {FY_TYPE_INIT("CThunkObject", sizeof(cb_obj)), .doc = "A C callback around a Python callable.",
                          .dealloc = cb_dealloc};

/* libffi runs this when C calls the callback: take the interpreter lock back (the call into
 * C let go of it), call the Python function, store its result. Exceptions are printed and
 * give 0, as CPython does. Only calls on a thread that runs this interpreter are served. */
static void cb_handler(ffi_cif *cif, void *ret, void **args, void *user) {
    cb_obj *cb = user;
    memset(ret, 0, cif->rtype->size > sizeof(ffi_arg) ? cif->rtype->size : sizeof(ffi_arg));
    if (!fy_cur) return;
    fy_gil_acquire();
    size_t n = strlen(cb->codes);
    fy_obj *argv[MAX_ARGS], *r = NULL;
    size_t got = 0;
    for (; got < n; got++)
        if (!(argv[got] = value_at(args[got], cb->codes[got]))) break;
    if (got == n) r = fy_call(cb->func, argv, n, NULL);
    for (size_t i = 0; i < got; i++) FY_DECREF(argv[i]);
    if (r && cb->rc != 'v') {
        double d = 0;
        int64_t v = 0;
        int err = 0;
        if (cb->rc == 'f' || cb->rc == 'd') err = fy_as_double(r, &d) < 0;
        else if (r == fy_None) v = 0;
        else err = fy_index(r, &v) < 0;
        if (err) FY_CLEAR(r);
        else if (cb->rc == 'f') *(float *)ret = (float)d;
        else if (cb->rc == 'd') *(double *)ret = d;
        else if (strchr("bhilq", cb->rc)) *(ffi_sarg *)ret = (ffi_sarg)v;
        else *(ffi_arg *)ret = (ffi_arg)v;
    }
    if (!r) {
        fy_obj *exc = fy_err_fetch();
        fy_obj *s = exc ? fy_repr(exc) : NULL;
        if (!s) fy_err_clear();
        fy_sbuf b = {0};
        fy_sbuf_printf(&b, "Exception ignored on calling ctypes callback function: %s\n", s ? FY_STR_DATA(s) : "?");
        fy_write_stderr(b.p, b.len);
        fy_sbuf_free(&b);
        FY_XDECREF(s);
        FY_XDECREF(exc);
    } else FY_DECREF(r);
    fy_gil_release();
}

/* callback(func, restype_code, arg_codes) -> (address, thunk): a C function pointer that calls
 * func; it lives as long as thunk does. */
static fy_obj *ct_callback(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("callback", n, 3, 3) < 0) return NULL;
    const char *rc = code_of(a[1]);
    if (!rc) return NULL;
    if (!FY_STR_CHECK(a[2]) || FY_STR_LEN(a[2]) > MAX_ARGS) return fy_err_set(&fy_TypeError, "bad argument codes");
    cb_obj *cb = (cb_obj *)fy_alloc(&cb_type);
    if (!cb) return NULL;
    cb->closure = NULL;
    cb->func = fy_ref(a[0]);
    cb->rc = *rc;
    size_t na = (size_t)FY_STR_LEN(a[2]);
    memcpy(cb->codes, FY_STR_DATA(a[2]), na + 1);
    for (size_t i = 0; i < na; i++)
        if (!(cb->types[i] = ffi_of(cb->codes[i])) || cb->codes[i] == 'v') {
            FY_DECREF(cb);
            return fy_err_set(&fy_TypeError, "bad callback argument type");
        }
    ffi_type *rt = ffi_of(*rc);
    if (!rt || ffi_prep_cif(&cb->cif, FFI_DEFAULT_ABI, (unsigned)na, rt, cb->types) != FFI_OK) {
        FY_DECREF(cb);
        return fy_err_set(&fy_TypeError, "bad callback type");
    }
    cb->closure = ffi_closure_alloc(sizeof(ffi_closure), &cb->code);
    if (!cb->closure || ffi_prep_closure_loc(cb->closure, &cb->cif, cb_handler, cb, cb->code) != FFI_OK) {
        FY_DECREF(cb);
        return fy_err_set(&fy_MemoryError, "cannot allocate a callback");
    }
    fy_obj *addr = fy_int_from((int64_t)(intptr_t)cb->code);
    fy_obj *t = addr ? fy_tuple_pack(2, addr, (fy_obj *)cb) : NULL;
    FY_XDECREF(addr);
    FY_DECREF(cb);
    return t;
}

static fy_methoddef ctypes_funcs[] = {
    {"addr", ct_addr, 0, "addr(buffer)\nThe address of a bytearray's or bytes' data."},
    {"get", ct_get, 0, "get(addr, code)\nRead a C value."},
    {"set", ct_set, 0, "set(addr, code, value)\nWrite a C value."},
    {"memmove", ct_memmove, 0, "memmove(dst, src, count)"},
    {"memset", ct_memset, 0, "memset(dst, c, count)"},
    {"string_at", ct_string_at, 0, "string_at(addr, size=-1)\nThe bytes at addr (to the NUL if size is -1)."},
    {"dlopen", ct_dlopen, 0, "dlopen(name, mode)\nLoad a shared library; its handle."},
    {"dlsym", ct_dlsym, 0, "dlsym(handle, name)\nThe address of a symbol."},
    {"call", ct_call, 0, "call(fn, restype, argcodes, args, variadic_from)\nCall a C function through libffi."},
    {"errno", ct_errno, 0, "errno()\nThe C errno."},
    {"callback", ct_callback, 0, "callback(func, restype, argcodes)\n(address, thunk) of a C function calling func."},
    {NULL, NULL, 0, NULL}};

fy_obj *fy_mod_ctypes_init(void) {
    if (fy_type_ready(&cb_type) < 0) return NULL;
    fy_obj *m = fy_module_new_c("_ctypes", ctypes_funcs, "C memory and calls under the ctypes module.");
    if (!m) return NULL;
    static const struct {
        const char *name;
        int64_t v;
    } consts[] = {{"RTLD_LOCAL", RTLD_LOCAL},
                  {"RTLD_GLOBAL", RTLD_GLOBAL},
                  {"RTLD_NOW", RTLD_NOW},
                  {"RTLD_LAZY", RTLD_LAZY},
                  {"sizeof_long", sizeof(long)},
                  {"sizeof_ptr", sizeof(void *)},
                  {NULL, 0}};
    for (int i = 0; consts[i].name; i++) {
        fy_obj *v = fy_int_from(consts[i].v);
        if (!v || fy_module_add_steal(m, consts[i].name, v) < 0) {
            FY_DECREF(m);
            return NULL;
        }
    }
    return m;
}
