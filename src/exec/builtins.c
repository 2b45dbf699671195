/* builtins.c - the builtins module: functions (print, len, sorted, min, ...) and names. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "compile/code.h"
#include "exec/interp.h"
#include "objects/object.h"
#include "flyi/sink.h"
#include "objects/objects_int.h"
#include "exec/vm.h"

#define BI(name) static fy_obj *bi_##name(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw)

/* ------------------------------------------------------------------ print and I/O */

static int write_obj(fy_obj *file, fy_obj *s) {
    if (!file) return fy_write_stdout(FY_STR_DATA(s), FY_STR_LEN(s));
    fy_obj *r = fy_call_method(file, "write", &s, 1);
    if (!r) return -1;
    FY_DECREF(r);
    return 0;
}

BI(print) {
    fy_obj *sep = NULL, *end = NULL, *file = NULL, *flush = NULL;
    for (size_t i = 0; i < fy_kwcount(kw); i++) {
        fy_obj *k = FY_TUPLE_ITEMS(kw)[i], *v = args[nargs + i];
        if (fy_str_eq_cstr(k, "sep")) sep = v;
        else if (fy_str_eq_cstr(k, "end")) end = v;
        else if (fy_str_eq_cstr(k, "file")) file = v;
        else if (fy_str_eq_cstr(k, "flush")) flush = v;
        else return fy_err_format(&fy_TypeError, "'%s' is an invalid keyword argument for print()", FY_STR_DATA(k));
    }
    if (sep == fy_None) sep = NULL;
    if (end == fy_None) end = NULL;
    if (file == fy_None) file = NULL;
    if (sep && !FY_STR_CHECK(sep))
        return fy_err_format(&fy_TypeError, "sep must be None or a string, not %s", sep->type->name);
    if (end && !FY_STR_CHECK(end))
        return fy_err_format(&fy_TypeError, "end must be None or a string, not %s", end->type->name);
    if (file && FY_TYPE(file) != &fy_console_type && FY_TYPE(file) != &fy_file_type) {
        /* a Python file object gets each piece with its own write() call, as in CPython;
         * the built-in streams take the whole line at once (one chunk for the sink) */
        fy_obj *space = fy_intern(" "), *nl = fy_intern("\n");
        for (size_t i = 0; i <= nargs; i++) {
            if (i && i < nargs && write_obj(file, sep ? sep : space) < 0) return NULL;
            if (i == nargs) {
                if (write_obj(file, end ? end : nl) < 0) return NULL;
                break;
            }
            fy_obj *piece = fy_str(args[i]);
            int r = piece ? write_obj(file, piece) : -1;
            FY_XDECREF(piece);
            if (r < 0) return NULL;
        }
        if (flush && fy_truthy(flush) > 0) {
            fy_obj *fr = fy_call_method(file, "flush", NULL, 0);
            if (!fr) return NULL;
            FY_DECREF(fr);
        }
        return fy_none();
    }
    fy_sbuf b = {0};
    for (size_t i = 0; i < nargs; i++) {
        if (i) {
            if (sep) fy_sbuf_add(&b, FY_STR_DATA(sep), FY_STR_LEN(sep));
            else fy_sbuf_addc(&b, ' ');
        }
        if (FY_TYPE(args[i]) == &fy_str_type) fy_sbuf_add(&b, FY_STR_DATA(args[i]), FY_STR_LEN(args[i]));
        else if (fy_sbuf_add_str(&b, args[i]) < 0) {
            fy_sbuf_free(&b);
            return NULL;
        }
    }
    if (end) fy_sbuf_add(&b, FY_STR_DATA(end), FY_STR_LEN(end));
    else fy_sbuf_addc(&b, '\n');
    if (b.oom) {
        fy_sbuf_free(&b);
        return fy_err_nomem();
    }
    int r;
    if (!file) r = fy_write_stdout(b.p ? b.p : "", b.len);
    else {
        fy_obj *s = fy_str_from_utf8(b.p ? b.p : "", b.len);
        r = s ? write_obj(file, s) : -1;
        FY_XDECREF(s);
        if (r == 0 && flush && fy_truthy(flush) > 0) {
            fy_obj *fr = fy_call_method(file, "flush", NULL, 0);
            if (!fr) fy_err_clear();
            else FY_DECREF(fr);
        }
    }
    fy_sbuf_free(&b);
    if (r < 0) return NULL;
    return fy_none();
}

int fy_print_obj(fy_obj *o) {
    fy_obj *r = bi_print(NULL, &o, 1, NULL);
    if (!r) return -1;
    FY_DECREF(r);
    return 0;
}

BI(input) {
    if (fy_check_nargs("input", nargs, 0, 1) < 0) return NULL;
    fy_obj *prompt = NULL;
    if (nargs) {
        prompt = fy_str(args[0]);
        if (!prompt) return NULL;
    }
    /* the running cell's sink reads the line (the REPL's readline, Jupyter's input_request) */
    const flyi_sink *sink = fy_cur->sink;
    char *line = sink && sink->input ? sink->input(sink->user, prompt ? FY_STR_DATA(prompt) : "", false) : NULL;
    FY_XDECREF(prompt);
    if (!line) {
        if (fy_err_occurred()) return NULL;
        /* the front end gave up reading because the cell was interrupted */
        if (fy_cur->interrupt && fy_check_interrupt() < 0) return NULL;
        return fy_err_set(&fy_EOFError, "EOF when reading a line");
    }
    fy_obj *r = fy_str_from_cstr(line);
    free(line);
    if (r && fy_cur->interrupt && fy_check_interrupt() < 0) FY_CLEAR(r);
    return r;
}

BI(open) { return fy_open(args, nargs, kw); }

/* ------------------------------------------------------------------ simple functions */

BI(len) {
    if (fy_no_kwargs("len", kw) < 0 || fy_check_nargs("len", nargs, 1, 1) < 0) return NULL;
    int64_t n = fy_len(args[0]);
    return n < 0 ? NULL : fy_int_from(n);
}
BI(repr) {
    if (fy_check_nargs("repr", nargs, 1, 1) < 0) return NULL;
    return fy_repr(args[0]);
}
BI(ascii) {
    if (fy_check_nargs("ascii", nargs, 1, 1) < 0) return NULL;
    return fy_ascii(args[0]);
}
fy_obj *fy_ascii(fy_obj *o) {
    fy_obj *r = fy_repr(o);
    if (!r || ((fy_strobj *)r)->ascii) return r;
    fy_sbuf b = {0};
    const char *d = FY_STR_DATA(r);
    int64_t n = FY_STR_LEN(r);
    for (int64_t i = 0; i < n;) {
        int adv;
        uint32_t cp = fy_utf8_decode(d + i, n - i, &adv);
        if (cp < 128) fy_sbuf_addc(&b, (char)cp);
        else if (cp < 256) fy_sbuf_printf(&b, "\\x%02x", cp);
        else if (cp < 65536) fy_sbuf_printf(&b, "\\u%04x", cp);
        else fy_sbuf_printf(&b, "\\U%08x", cp);
        i += adv;
    }
    FY_DECREF(r);
    return fy_sbuf_finish(&b);
}
BI(format) {
    if (fy_check_nargs("format", nargs, 1, 2) < 0) return NULL;
    if (nargs > 1 && !FY_STR_CHECK(args[1]))
        return fy_err_format(&fy_TypeError, "format() argument 2 must be str, not %s", args[1]->type->name);
    return fy_format(args[0], nargs > 1 ? args[1] : NULL);
}
BI(abs) {
    if (fy_check_nargs("abs", nargs, 1, 1) < 0) return NULL;
    return fy_abs(args[0]);
}
BI(id) {
    if (fy_check_nargs("id", nargs, 1, 1) < 0) return NULL;
    return fy_int_from((int64_t)(uintptr_t)args[0]);
}
BI(hash) {
    if (fy_check_nargs("hash", nargs, 1, 1) < 0) return NULL;
    int64_t h = fy_hash(args[0]);
    return h == -1 && fy_err_occurred() ? NULL : fy_int_from(h);
}
BI(callable) {
    if (fy_check_nargs("callable", nargs, 1, 1) < 0) return NULL;
    return fy_bool(fy_callable(args[0]));
}
BI(chr) {
    if (fy_check_nargs("chr", nargs, 1, 1) < 0) return NULL;
    int64_t c;
    if (fy_index_msg(args[0], &c, "Python int too large to convert to C int") < 0) return NULL;
    if (c < 0 || c > 0x10FFFF) return fy_err_set(&fy_ValueError, "chr() arg not in range(0x110000)");
    char buf[4];
    int k = fy_utf8_encode((uint32_t)c, buf);
    return fy_str_from_utf8(buf, k);
}
BI(ord) {
    if (fy_check_nargs("ord", nargs, 1, 1) < 0) return NULL;
    fy_obj *s = args[0];
    if (FY_BYTES_CHECK(s)) {
        if (((fy_bytes *)s)->len != 1)
            return fy_err_format(&fy_TypeError, "ord() expected a character, but string of length %lld found",
                                 (long long)((fy_bytes *)s)->len);
        return fy_int_from((unsigned char)((fy_bytes *)s)->data[0]);
    }
    if (!FY_STR_CHECK(s))
        return fy_err_format(&fy_TypeError, "ord() expected string of length 1, but %s found", s->type->name);
    if (((fy_strobj *)s)->nchars != 1)
        return fy_err_format(&fy_TypeError, "ord() expected a character, but string of length %lld found",
                             (long long)((fy_strobj *)s)->nchars);
    int adv;
    return fy_int_from(fy_utf8_decode(FY_STR_DATA(s), FY_STR_LEN(s), &adv));
}
static fy_obj *int_base(fy_obj *const *args, size_t nargs, const char *name, int base, const char *pfx) {
    if (fy_check_nargs(name, nargs, 1, 1) < 0) return NULL;
    fy_obj *v = fy_number_index(args[0]);
    if (!v) return NULL;
    size_t n;
    bool neg;
    char *d = fy_int_digits(v, base, false, &n, &neg);
    FY_DECREF(v);
    if (!d) return NULL;
    fy_sbuf b = {0};
    if (neg) fy_sbuf_addc(&b, '-');
    fy_sbuf_adds(&b, pfx);
    fy_sbuf_add(&b, d, n);
    fy_free(d);
    return fy_sbuf_finish(&b);
}
BI(hex) { return int_base(args, nargs, "hex", 16, "0x"); }
BI(oct) { return int_base(args, nargs, "oct", 8, "0o"); }
BI(bin) { return int_base(args, nargs, "bin", 2, "0b"); }

BI(divmod) {
    if (fy_check_nargs("divmod", nargs, 2, 2) < 0) return NULL;
    fy_obj *q = fy_binop(args[0], args[1], FY_NB_FLOORDIV);
    if (!q) {
        if (fy_err_matches(&fy_ZeroDivisionError) && (FY_FLOAT_CHECK(args[0]) || FY_FLOAT_CHECK(args[1]))) {
            fy_err_clear();
            return fy_err_set(&fy_ZeroDivisionError, "float divmod()");
        }
        if (fy_err_matches(&fy_TypeError)) {
            fy_err_clear();
            return fy_err_format(&fy_TypeError, "unsupported operand type(s) for divmod(): '%s' and '%s'",
                                 args[0]->type->name, args[1]->type->name);
        }
        return NULL;
    }
    fy_obj *r = fy_binop(args[0], args[1], FY_NB_MOD);
    if (!r) {
        FY_DECREF(q);
        return NULL;
    }
    fy_obj *t = fy_tuple_pack(2, q, r);
    FY_DECREF(q);
    FY_DECREF(r);
    return t;
}
BI(pow) {
    static const char *const names[] = {"base", "exp", "mod", NULL};
    fy_obj *a[3];
    if (fy_parse_args("pow", args, nargs, kw, names, 2, 3, 3, a) < 0) return NULL;
    if (!a[2] || a[2] == fy_None) return fy_binop(a[0], a[1], FY_NB_POW);
    if (!FY_INT_CHECK(a[0]) || !FY_INT_CHECK(a[1]) || !FY_INT_CHECK(a[2]))
        return fy_err_set(&fy_TypeError, "pow() 3rd argument not allowed unless all arguments are integers");
    if (FY_INT_IS_BIG(a[0]) || FY_INT_IS_BIG(a[1]) || FY_INT_IS_BIG(a[2])) return fy_int_powmod(a[0], a[1], a[2]);
    int64_t b = FY_INT_VAL(a[0]), e = FY_INT_VAL(a[1]), m = FY_INT_VAL(a[2]);
    if (e == INT64_MIN || m == INT64_MIN) return fy_int_powmod(a[0], a[1], a[2]);
    if (m == 0) return fy_err_set(&fy_ValueError, "pow() 3rd argument cannot be 0");
    __int128 r = 1, mm = m < 0 ? -(__int128)m : m, base = ((b % mm) + mm) % mm;
    if (e < 0) {
        /* modular inverse (extended Euclid), then the positive power of it */
        __int128 g0 = mm, g1 = base, s0 = 0, s1 = 1;
        while (g1) {
            __int128 q = g0 / g1, t = g0 - q * g1;
            g0 = g1;
            g1 = t;
            t = s0 - q * s1;
            s0 = s1;
            s1 = t;
        }
        if (g0 != 1) return fy_err_set(&fy_ValueError, "base is not invertible for the given modulus");
        base = ((s0 % mm) + mm) % mm;
        e = -e;
    }
    r %= mm; /* pow(x, 0, 1) == 0 */
    while (e) {
        if (e & 1) r = (r * base) % mm;
        base = (base * base) % mm;
        e >>= 1;
    }
    int64_t res = (int64_t)r;
    if (m < 0 && res) res += m;
    return fy_int_from(res);
}
/* round(x, n) for an int x and n < 0: to a multiple of 10**-n, ties to even. */
static fy_obj *round_int(fy_obj *x, int64_t n) {
    if (n < -1000000) return fy_int_from(0); /* 10**-n dwarfs any int we can hold */
    fy_obj *ten = fy_int_from(10), *e = fy_int_from(-n), *p = fy_int_binop_obj(ten, e, FY_NB_POW);
    FY_DECREF(ten);
    FY_DECREF(e);
    if (!p) return NULL;
    fy_obj *q = fy_int_binop_obj(x, p, FY_NB_FLOORDIV), *r = q ? fy_int_binop_obj(x, p, FY_NB_MOD) : NULL;
    fy_obj *two = fy_int_from(2), *r2 = r ? fy_int_binop_obj(r, two, FY_NB_MUL) : NULL, *res = NULL;
    if (r2) {
        int c = fy_int_cmp(r2, p);
        fy_bnview qv;
        fy_bn_view(q, &qv);
        if (c > 0 || (c == 0 && qv.n && (qv.d[0] & 1))) {
            fy_obj *one = fy_int_from(1);
            FY_SETREF(q, fy_int_binop_obj(q, one, FY_NB_ADD));
            FY_DECREF(one);
        }
        if (q) res = fy_int_binop_obj(q, p, FY_NB_MUL);
    }
    FY_DECREF(two);
    FY_DECREF(p);
    FY_XDECREF(q);
    FY_XDECREF(r);
    FY_XDECREF(r2);
    return res;
}
BI(round) {
    static const char *const names[] = {"number", "ndigits", NULL};
    fy_obj *a[2];
    if (fy_parse_args("round", args, nargs, kw, names, 1, 2, 2, a) < 0) return NULL;
    fy_obj *x = a[0];
    fy_obj *nd = a[1] && a[1] != fy_None ? a[1] : NULL;
    if (FY_INT_CHECK(x)) {
        if (!nd) return fy_call1((fy_obj *)&fy_int_type, x);
        int64_t n;
        if (fy_index(nd, &n) < 0) return NULL;
        if (n >= 0) return fy_call1((fy_obj *)&fy_int_type, x);
        return round_int(x, n);
    }
    if (FY_FLOAT_CHECK(x)) {
        double v = FY_FLOAT_VAL(x);
        if (!nd) {
            if (isnan(v)) return fy_err_set(&fy_ValueError, "cannot convert float NaN to integer");
            if (isinf(v)) return fy_err_set(&fy_OverflowError, "cannot convert float infinity to integer");
            double r = nearbyint(v); /* ties to even in the default rounding mode */
            return fy_int_from_double(r);
        }
        int64_t n;
        if (fy_index(nd, &n) < 0) return NULL;
        if (!isfinite(v) || v == 0) return fy_float_from(v);
        if (n > 300) return fy_float_from(v);
        if (n < -300) return fy_float_from(0.0 * v);
        /* correctly rounded via decimal text */
        char buf[512];
        if (n >= 0) {
            snprintf(buf, sizeof buf, "%.*f", (int)n, v);
            return fy_float_from(strtod(buf, NULL));
        }
        double p = pow(10.0, (double)-n);
        double y = v / p;
        double z = nearbyint(y);
        if (fabs(y - z) == 0.5) z = 2.0 * nearbyint(y / 2.0);
        return fy_float_from(z * p);
    }
    fy_obj *m = fy_type_lookup(x->type, fy_intern("__round__"));
    if (!m) return fy_err_format(&fy_TypeError, "type %s doesn't define __round__ method", x->type->name);
    return fy_call_method(x, "__round__", nd ? &nd : NULL, nd ? 1 : 0);
}

/* ------------------------------------------------------------------ iteration helpers */

BI(iter) {
    if (fy_check_nargs("iter", nargs, 1, 2) < 0) return NULL;
    if (nargs == 2) {
        if (!fy_callable(args[0])) return fy_err_set(&fy_TypeError, "iter(v, w): v must be callable");
        return fy_calliter_new(args[0], args[1]);
    }
    return fy_iter(args[0]);
}
BI(next) {
    if (fy_check_nargs("next", nargs, 1, 2) < 0) return NULL;
    if (!args[0]->type->next)
        return fy_err_format(&fy_TypeError, "'%s' object is not an iterator", args[0]->type->name);
    fy_obj *v =
        FY_TYPE(args[0]) == &fy_generator_type && nargs == 1 ? fy_gen_next_value(args[0]) : fy_iter_next(args[0]);
    if (v) return v;
    if (fy_err_occurred()) {
        if (nargs > 1 && fy_err_matches(&fy_StopIteration)) {
            fy_err_clear();
            return fy_ref(args[1]);
        }
        return NULL;
    }
    if (nargs > 1) return fy_ref(args[1]);
    return fy_err_set_obj(&fy_StopIteration, NULL);
}
static fy_obj *any_all(fy_obj *const *args, size_t nargs, bool want, const char *name) {
    if (fy_check_nargs(name, nargs, 1, 1) < 0) return NULL;
    fy_obj *it = fy_iter(args[0]);
    if (!it) return NULL;
    fy_obj *x;
    while ((x = fy_iter_next(it))) {
        int t = fy_truthy(x);
        FY_DECREF(x);
        if (t < 0) {
            FY_DECREF(it);
            return NULL;
        }
        if (t == want) {
            FY_DECREF(it);
            return fy_bool(want);
        }
    }
    FY_DECREF(it);
    if (fy_err_occurred()) return NULL;
    return fy_bool(!want);
}
BI(any) { return any_all(args, nargs, true, "any"); }
BI(all) { return any_all(args, nargs, false, "all"); }

BI(sum) {
    static const char *const names[] = {"iterable", "start", NULL};
    fy_obj *a[2];
    if (fy_parse_args("sum", args, nargs, kw, names, 1, 2, 2, a) < 0) return NULL;
    fy_obj *acc = a[1] ? fy_ref(a[1]) : fy_int_from(0);
    if (a[1] && FY_STR_CHECK(a[1])) {
        FY_DECREF(acc);
        return fy_err_set(&fy_TypeError, "sum() can't sum strings [use ''.join(seq) instead]");
    }
    fy_obj *it = fy_iter(a[0]);
    if (!it) {
        FY_DECREF(acc);
        return NULL;
    }
    fy_obj *x;
    /* exact float accumulation like CPython's (compensated) */
    while ((x = fy_iter_next(it))) {
        fy_obj *r;
        if (FY_INT_EXACT(acc) && FY_INT_EXACT(x) && FY_INT_BOTH_SMALL(acc, x)) {
            int64_t s;
            if (!__builtin_add_overflow(FY_INT_VAL(acc), FY_INT_VAL(x), &s)) r = fy_int_from(s);
            else r = fy_binop(acc, x, FY_NB_ADD);
        } else r = fy_binop(acc, x, FY_NB_ADD);
        FY_DECREF(x);
        FY_DECREF(acc);
        if (!r) {
            FY_DECREF(it);
            return NULL;
        }
        acc = r;
    }
    FY_DECREF(it);
    if (fy_err_occurred()) {
        FY_DECREF(acc);
        return NULL;
    }
    return acc;
}

static fy_obj *minmax(fy_obj *const *args, size_t nargs, fy_obj *kw, int op, const char *name) {
    fy_obj *key = NULL, *dflt = NULL;
    for (size_t i = 0; i < fy_kwcount(kw); i++) {
        fy_obj *k = FY_TUPLE_ITEMS(kw)[i];
        if (fy_str_eq_cstr(k, "key")) key = args[nargs + i];
        else if (fy_str_eq_cstr(k, "default")) dflt = args[nargs + i];
        else return fy_err_format(&fy_TypeError, "%s() got an unexpected keyword argument '%s'", name, FY_STR_DATA(k));
    }
    if (key == fy_None) key = NULL;
    if (nargs == 0) return fy_err_format(&fy_TypeError, "%s expected at least 1 argument, got 0", name);
    fy_obj *it;
    if (nargs == 1) {
        it = fy_iter(args[0]);
    } else {
        if (dflt)
            return fy_err_format(&fy_TypeError, "Cannot specify a default for %s() with multiple positional arguments",
                                 name);
        fy_obj *t = fy_tuple_from(args, nargs);
        if (!t) return NULL;
        it = fy_iter(t);
        FY_DECREF(t);
    }
    if (!it) return NULL;
    fy_obj *best = NULL, *bestk = NULL, *x;
    while ((x = fy_iter_next(it))) {
        fy_obj *k = key ? fy_call1(key, x) : fy_ref(x);
        if (!k) {
            FY_DECREF(x);
            goto fail;
        }
        if (!best) {
            best = x;
            bestk = k;
            continue;
        }
        int c = fy_richcmp_bool(k, bestk, op);
        if (c < 0) {
            FY_DECREF(x);
            FY_DECREF(k);
            goto fail;
        }
        if (c) {
            FY_DECREF(best);
            FY_DECREF(bestk);
            best = x;
            bestk = k;
        } else {
            FY_DECREF(x);
            FY_DECREF(k);
        }
    }
    if (fy_err_occurred()) goto fail;
    FY_DECREF(it);
    FY_XDECREF(bestk);
    if (!best) {
        if (dflt) return fy_ref(dflt);
        return fy_err_format(&fy_ValueError, "%s() arg is an empty sequence", name);
    }
    return best;
fail:
    FY_DECREF(it);
    FY_XDECREF(best);
    FY_XDECREF(bestk);
    return NULL;
}
BI(min) { return minmax(args, nargs, kw, FY_LT_OP, "min"); }
BI(max) { return minmax(args, nargs, kw, FY_GT_OP, "max"); }

BI(sorted) {
    if (nargs != 1) return fy_err_format(&fy_TypeError, "sorted expected 1 argument, got %zu", nargs);
    fy_obj *l = fy_sequence_list(args[0]);
    if (!l) return NULL;
    fy_obj *key = NULL;
    bool rev = false;
    for (size_t i = 0; i < fy_kwcount(kw); i++) {
        fy_obj *k = FY_TUPLE_ITEMS(kw)[i];
        if (fy_str_eq_cstr(k, "key")) key = args[nargs + i];
        else if (fy_str_eq_cstr(k, "reverse")) rev = fy_truthy(args[nargs + i]) > 0;
        else {
            FY_DECREF(l);
            return fy_err_format(&fy_TypeError, "sort() got an unexpected keyword argument '%s'", FY_STR_DATA(k));
        }
    }
    if (fy_list_sort(l, key, rev) < 0) {
        FY_DECREF(l);
        return NULL;
    }
    return l;
}

/* ------------------------------------------------------------------ types and attributes */

static int isinst(fy_obj *o, fy_obj *cls) {
    if (FY_TUPLE_CHECK(cls)) {
        for (int64_t i = 0; i < FY_TUPLE_N(cls); i++) {
            int r = isinst(o, FY_TUPLE_ITEMS(cls)[i]);
            if (r) return r;
        }
        return 0;
    }
    if (!fy_isinstance_of(cls, &fy_type_type)) {
        /* as CPython: an object that is not a type answers through its __instancecheck__ (the DSL's numeric
         * types, isinstance(v, fx.Float32)) */
        fy_obj *ic = fy_getattr_opt(cls, fy_intern("__instancecheck__"));
        if (ic) {
            fy_obj *r = fy_call(ic, &o, 1, NULL);
            FY_DECREF(ic);
            if (!r) return -1;
            int t = fy_truthy(r);
            FY_DECREF(r);
            return t;
        }
        if (fy_err_occurred()) {
            if (!fy_err_matches(&fy_AttributeError)) return -1;
            fy_err_clear();
        }
        fy_err_set(&fy_TypeError, "isinstance() arg 2 must be a type, a tuple of types, or a union");
        return -1;
    }
    fy_type *meta = cls->type;
    if (meta != &fy_type_type) {
        fy_obj *ic = fy_type_lookup(meta, fy_intern("__instancecheck__"));
        if (ic && FY_TYPE(ic) == &fy_function_type) {
            fy_obj *r = fy_call2(ic, cls, o);
            if (!r) return -1;
            int t = fy_truthy(r);
            FY_DECREF(r);
            return t;
        }
    }
    return fy_isinstance_of(o, (fy_type *)cls);
}
static int issub(fy_obj *c, fy_obj *cls) {
    if (FY_TUPLE_CHECK(cls)) {
        for (int64_t i = 0; i < FY_TUPLE_N(cls); i++) {
            int r = issub(c, FY_TUPLE_ITEMS(cls)[i]);
            if (r) return r;
        }
        return 0;
    }
    if (!fy_isinstance_of(cls, &fy_type_type)) { /* an object that is not a type: its __subclasscheck__ */
        fy_obj *sc = fy_getattr_opt(cls, fy_intern("__subclasscheck__"));
        if (sc) {
            fy_obj *r = fy_call(sc, &c, 1, NULL);
            FY_DECREF(sc);
            if (!r) return -1;
            int t = fy_truthy(r);
            FY_DECREF(r);
            return t;
        }
        if (fy_err_occurred()) return -1;
        fy_err_set(&fy_TypeError, "issubclass() arg 2 must be a class, a tuple of classes, or a union");
        return -1;
    }
    fy_type *meta = cls->type;
    if (meta != &fy_type_type) {
        fy_obj *sc = fy_type_lookup(meta, fy_intern("__subclasscheck__"));
        if (sc && FY_TYPE(sc) == &fy_function_type) {
            fy_obj *r = fy_call2(sc, cls, c);
            if (!r) return -1;
            int t = fy_truthy(r);
            FY_DECREF(r);
            return t;
        }
    }
    if (!fy_isinstance_of(c, &fy_type_type)) { /* (a metaclass's __subclasscheck__ may take other objects) */
        fy_err_set(&fy_TypeError, "issubclass() arg 1 must be a class");
        return -1;
    }
    return fy_type_is_subtype((fy_type *)c, (fy_type *)cls);
}
BI(isinstance) {
    if (fy_check_nargs("isinstance", nargs, 2, 2) < 0) return NULL;
    int r = isinst(args[0], args[1]);
    return r < 0 ? NULL : fy_bool(r);
}
BI(issubclass) {
    if (fy_check_nargs("issubclass", nargs, 2, 2) < 0) return NULL;
    int r = issub(args[0], args[1]);
    return r < 0 ? NULL : fy_bool(r);
}
BI(getattr) {
    if (fy_check_nargs("getattr", nargs, 2, 3) < 0) return NULL;
    if (!FY_STR_CHECK(args[1]))
        return fy_err_format(&fy_TypeError, "attribute name must be string, not '%s'", args[1]->type->name);
    fy_obj *name = fy_intern_str(fy_ref(args[1]));
    fy_obj *r = fy_getattr(args[0], name);
    FY_DECREF(name);
    if (!r && nargs == 3 && fy_err_matches(&fy_AttributeError)) {
        fy_err_clear();
        return fy_ref(args[2]);
    }
    return r;
}
BI(setattr) {
    if (fy_check_nargs("setattr", nargs, 3, 3) < 0) return NULL;
    if (!FY_STR_CHECK(args[1]))
        return fy_err_format(&fy_TypeError, "attribute name must be string, not '%s'", args[1]->type->name);
    fy_obj *name = fy_intern_str(fy_ref(args[1]));
    int r = fy_setattr(args[0], name, args[2]);
    FY_DECREF(name);
    return r < 0 ? NULL : fy_none();
}
BI(delattr) {
    if (fy_check_nargs("delattr", nargs, 2, 2) < 0) return NULL;
    if (!FY_STR_CHECK(args[1]))
        return fy_err_format(&fy_TypeError, "attribute name must be string, not '%s'", args[1]->type->name);
    fy_obj *name = fy_intern_str(fy_ref(args[1]));
    int r = fy_setattr(args[0], name, NULL);
    FY_DECREF(name);
    return r < 0 ? NULL : fy_none();
}
BI(hasattr) {
    if (fy_check_nargs("hasattr", nargs, 2, 2) < 0) return NULL;
    if (!FY_STR_CHECK(args[1]))
        return fy_err_format(&fy_TypeError, "attribute name must be string, not '%s'", args[1]->type->name);
    fy_obj *name = fy_intern_str(fy_ref(args[1]));
    fy_obj *r = fy_getattr(args[0], name);
    FY_DECREF(name);
    if (r) {
        FY_DECREF(r);
        return fy_bool(true);
    }
    if (fy_err_matches(&fy_AttributeError)) {
        fy_err_clear();
        return fy_bool(false);
    }
    return NULL;
}

static void dir_add_dict(fy_obj *set, fy_obj *d) {
    int64_t pos = 0;
    fy_obj *k;
    while (d && fy_dict_next(d, &pos, &k, NULL))
        if (FY_STR_CHECK(k)) fy_set_add(set, k);
}
fy_obj *fy_builtin_dir_of(fy_obj *o) {
    fy_obj *s = fy_set_new(NULL);
    if (!s) return NULL;
    if (FY_TYPE(o) == &fy_module_type) dir_add_dict(s, FY_MODULE_DICT(o));
    else {
        fy_obj **dp = fy_instance_dict_ptr(o);
        if (dp && *dp) dir_add_dict(s, *dp);
        fy_type *t = fy_isinstance_of(o, &fy_type_type) ? (fy_type *)o : o->type;
        for (int64_t i = 0; t->mro && i < FY_TUPLE_N(t->mro); i++)
            dir_add_dict(s, ((fy_type *)FY_TUPLE_ITEMS(t->mro)[i])->dict);
        if (t != o->type)
            for (int64_t i = 0; i < FY_TUPLE_N(o->type->mro); i++) {
                (void)i;
                break;
            }
    }
    fy_obj *l = fy_sequence_list(s);
    FY_DECREF(s);
    if (l && fy_list_sort(l, NULL, false) < 0) {
        FY_DECREF(l);
        return NULL;
    }
    return l;
}
BI(dir) {
    if (fy_check_nargs("dir", nargs, 0, 1) < 0) return NULL;
    if (!nargs) {
        fy_frame *f = fy_cur->frame;
        fy_obj *d = f && f->locals ? f->locals : (f ? f->globals : fy_cur->main_dict);
        fy_obj *l = fy_dict_keys_list(d);
        if (l) fy_list_sort(l, NULL, false);
        return l;
    }
    fy_obj *m = fy_type_lookup(args[0]->type, fy_intern("__dir__"));
    if (m && FY_TYPE(m) == &fy_function_type) {
        fy_obj *r = fy_call1(m, args[0]);
        if (!r) return NULL;
        fy_obj *l = fy_sequence_list(r);
        FY_DECREF(r);
        if (l) fy_list_sort(l, NULL, false);
        return l;
    }
    return fy_builtin_dir_of(args[0]);
}
BI(vars) {
    if (fy_check_nargs("vars", nargs, 0, 1) < 0) return NULL;
    if (!nargs) {
        fy_frame *f = fy_cur->frame;
        return fy_ref(f && f->locals ? f->locals : f->globals);
    }
    fy_obj *d = fy_getattr_opt(args[0], fy_intern("__dict__"));
    if (!d) {
        if (!fy_err_occurred()) fy_err_set(&fy_TypeError, "vars() argument must have __dict__ attribute");
        return NULL;
    }
    return d;
}
BI(globals) {
    fy_frame *f = fy_cur->frame;
    return fy_ref(f ? f->globals : fy_cur->main_dict);
}
BI(locals) {
    fy_frame *f = fy_cur->frame;
    if (!f) return fy_ref(fy_cur->main_dict);
    if (f->locals) return fy_ref(f->locals);
    fy_obj *d = fy_dict_new();
    fy_code *co = f->code;
    for (int i = 0; d && i < co->nlocals; i++)
        if (f->localsplus[i]) fy_dict_set(d, FY_TUPLE_ITEMS(co->varnames)[i], f->localsplus[i]);
    for (int i = 0; d && i < co->ncells + co->nfrees; i++) {
        fy_cell *c = (fy_cell *)f->localsplus[co->nlocals + i];
        fy_obj *n = i < co->ncells ? FY_TUPLE_ITEMS(co->cellvars)[i] : FY_TUPLE_ITEMS(co->freevars)[i - co->ncells];
        if (c && c->ref) fy_dict_set(d, n, c->ref);
    }
    return d;
}

static fy_obj *exec_eval(fy_obj *const *args, size_t nargs, fy_obj *kw, int mode, const char *name) {
    static const char *const names[] = {"source", "globals", "locals", NULL};
    fy_obj *a[3];
    if (fy_parse_args(name, args, nargs, kw, names, 1, 3, 3, a) < 0) return NULL;
    fy_obj *g = a[1] && a[1] != fy_None ? a[1] : NULL;
    fy_obj *l = a[2] && a[2] != fy_None ? a[2] : NULL;
    fy_frame *f = fy_cur->frame;
    if (!g) {
        g = f ? f->globals : fy_cur->main_dict;
        if (!l) l = f && f->locals ? f->locals : NULL;
        if (!l && f && !f->locals) {
            /* inside a function: use a snapshot of the locals */
            fy_obj *snap = bi_locals(NULL, NULL, 0, NULL);
            if (!snap) return NULL;
            fy_obj *r = exec_eval((fy_obj *[]){a[0], g, snap}, 3, NULL, mode, name);
            FY_DECREF(snap);
            return r;
        }
    }
    if (!FY_DICT_CHECK(g))
        return fy_err_format(&fy_TypeError, "%s() globals must be a dict, not %s", name, g->type->name);
    if (!l) l = g;
    fy_obj *code;
    fy_obj *src = a[0];
    if (FY_TYPE(src) == &fy_code_type) code = fy_ref(src);
    else if (FY_STR_CHECK(src) || FY_BYTES_CHECK(src)) {
        const char *s = FY_STR_CHECK(src) ? FY_STR_DATA(src) : ((fy_bytes *)src)->data;
        size_t n = FY_STR_CHECK(src) ? (size_t)FY_STR_LEN(src) : (size_t)((fy_bytes *)src)->len;
        if (mode == 1)
            while (n && (*s == ' ' || *s == '\t')) {
                s++;
                n--;
            }
        code = fy_compile_source(s, n, "<string>", mode | (l != g ? 4 : 0));
    } else {
        return fy_err_format(&fy_TypeError, "%s() arg 1 must be a string, bytes or code object", name);
    }
    if (!code) return NULL;
    if (!fy_dict_get_cstr(g, "__builtins__")) fy_dict_set_cstr(g, "__builtins__", fy_cur->builtins_mod);
    fy_obj *r = fy_eval_code((fy_code *)code, g, l);
    FY_DECREF(code);
    if (!r) return NULL;
    if (mode == 0) {
        FY_DECREF(r);
        return fy_none();
    }
    return r;
}
BI(exec) { return exec_eval(args, nargs, kw, 0, "exec"); }
BI(eval) { return exec_eval(args, nargs, kw, 1, "eval"); }
BI(compile) {
    static const char *const names[] = {"source", "filename", "mode", "flags", "dont_inherit", "optimize", NULL};
    fy_obj *a[6];
    if (fy_parse_args("compile", args, nargs, kw, names, 3, 6, 6, a) < 0) return NULL;
    if (!FY_STR_CHECK(a[1]) || !FY_STR_CHECK(a[2])) return fy_err_set(&fy_TypeError, "compile() arguments must be str");
    if (!fy_str_eq_cstr(a[2], "exec") && !fy_str_eq_cstr(a[2], "eval") && !fy_str_eq_cstr(a[2], "single"))
        return fy_err_set(&fy_ValueError, "compile() mode must be 'exec', 'eval' or 'single'");
    int64_t flags = a[3] && FY_INT_CHECK(a[3]) ? FY_INT_VAL(a[3]) : 0;
    /* flags & PyCF_ONLY_AST: the tree, as ast.parse gives it */
    if (flags & 0x400) {
        fy_obj *ast = fy_import("ast");
        fy_obj *r = ast ? fy_call_method(ast, "parse", a, 3) : NULL;
        FY_XDECREF(ast);
        return r;
    }
    /* bytes are UTF-8 source; an AST object is compiled from its source, each statement on its own line */
    fy_obj *src = NULL;
    if (FY_BYTES_CHECK(a[0])) {
        src = fy_str_from(((fy_bytes *)a[0])->data, (size_t)((fy_bytes *)a[0])->len);
    } else if (!FY_STR_CHECK(a[0])) {
        fy_obj *m = fy_import("_ast_unparse");
        src = m ? fy_call_method(m, "source_for_compile", a, 1) : NULL;
        FY_XDECREF(m);
        if (src && !FY_STR_CHECK(src)) FY_CLEAR(src);
    } else {
        src = fy_ref(a[0]);
    }
    if (!src) return NULL;
    int mode = fy_str_eq_cstr(a[2], "eval") ? 1 : fy_str_eq_cstr(a[2], "single") ? 2 : 0;
    if (flags & FY_PYCF_REWRITE_ASSERTS) mode |= FY_COMPILE_REWRITE_ASSERTS;
    fy_obj *r = fy_compile_source(FY_STR_DATA(src), FY_STR_LEN(src), FY_STR_DATA(a[1]), mode);
    FY_DECREF(src);
    return r;
}

BI(build_class) {
    if (nargs < 2) return fy_err_set(&fy_TypeError, "__build_class__: not enough arguments");
    fy_obj *func = args[0], *name = args[1];
    if (FY_TYPE(func) != &fy_function_type)
        return fy_err_set(&fy_TypeError, "__build_class__: func must be a function");
    fy_obj *bases = fy_tuple_from(args + 2, nargs - 2);
    if (!bases) return NULL;
    fy_obj *meta = NULL;
    size_t nk = fy_kwcount(kw);
    fy_obj *kwnames = NULL;
    fy_obj *kwvals[32];
    size_t nkv = 0;
    fy_obj *kwn[32];
    for (size_t i = 0; i < nk && i < 32; i++) {
        fy_obj *k = FY_TUPLE_ITEMS(kw)[i];
        if (fy_str_eq_cstr(k, "metaclass")) meta = args[nargs + i];
        else {
            kwn[nkv] = k;
            kwvals[nkv++] = args[nargs + i];
        }
    }
    if (nkv) kwnames = fy_tuple_from(kwn, nkv);
    if (!meta) {
        meta = (fy_obj *)&fy_type_type;
        for (int64_t i = 0; i < FY_TUPLE_N(bases); i++) {
            fy_obj *b = FY_TUPLE_ITEMS(bases)[i];
            fy_type *bt = b->type;
            if (fy_type_is_subtype(bt, (fy_type *)meta)) meta = (fy_obj *)bt;
        }
    }
    fy_obj *ns = NULL;
    fy_obj *prep = fy_isinstance_of(meta, &fy_type_type) ? fy_getattr_opt(meta, fy_intern("__prepare__")) : NULL;
    if (prep) {
        fy_obj *pa[2] = {name, bases};
        ns = fy_call(prep, pa, 2, NULL);
        FY_DECREF(prep);
    } else {
        fy_err_clear();
        ns = fy_dict_new();
    }
    if (!ns) {
        FY_DECREF(bases);
        FY_XDECREF(kwnames);
        return NULL;
    }
    fy_obj *cell = fy_run_class_body((fy_function *)func, ns);
    if (!cell) {
        FY_DECREF(ns);
        FY_DECREF(bases);
        FY_XDECREF(kwnames);
        return NULL;
    }
    fy_obj *cls;
    if (meta == (fy_obj *)&fy_type_type) {
        cls = fy_type_new_meta(&fy_type_type, name, bases, ns);
        if (cls && fy_type_init_subclass(cls, kwnames, kwvals) < 0) FY_CLEAR(cls);
    } else {
        fy_obj *ca[3 + 32] = {name, bases, ns};
        for (size_t i = 0; i < nkv; i++) ca[3 + i] = kwvals[i];
        cls = fy_call(meta, ca, 3, kwnames);
    }
    if (cls && FY_TYPE(cell) == &fy_cell_type) {
        fy_cell *c = (fy_cell *)cell;
        FY_SETREF(c->ref, fy_ref(cls));
    }
    FY_DECREF(cell);
    FY_DECREF(ns);
    FY_DECREF(bases);
    FY_XDECREF(kwnames);
    return cls;
}

BI(import) {
    static const char *const names[] = {"name", "globals", "locals", "fromlist", "level", NULL};
    fy_obj *a[5];
    if (fy_parse_args("__import__", args, nargs, kw, names, 1, 5, 5, a) < 0) return NULL;
    if (!FY_STR_CHECK(a[0])) return fy_err_set(&fy_TypeError, "__import__() argument 1 must be str");
    fy_obj *g = a[1] && FY_DICT_CHECK(a[1]) ? a[1] : fy_cur->main_dict;
    fy_obj *fl = a[3] && fy_truthy(a[3]) > 0 ? a[3] : fy_None;
    return fy_import_name(a[0], g, fl);
}

BI(exit) {
    fy_obj *code = nargs ? args[0] : fy_None;
    fy_err_set_obj(&fy_SystemExit, code == fy_None ? NULL : code);
    return NULL;
}

static fy_methoddef builtin_funcs[] = {
    {"print", bi_print, 0,
     "print(*args, sep=' ', end='\\n', file=None, flush=False)\nPrints the values to a stream, or to sys.stdout by "
     "default."},
    {"input", bi_input, 0, "input(prompt='', /)\nRead a string from standard input. The trailing newline is stripped."},
    {"open", bi_open, 0,
     "open(file, mode='r', buffering=-1, encoding=None, errors=None, newline=None, closefd=True, opener=None)\nOpen "
     "file and return a stream."},
    {"len", bi_len, 0, "len(obj, /)\nReturn the number of items in a container."},
    {"repr", bi_repr, 0, "repr(obj, /)\nReturn the canonical string representation of the object."},
    {"ascii", bi_ascii, 0, "ascii(obj, /)"},
    {"format", bi_format, 0, "format(value, format_spec='', /)\nReturn value.__format__(format_spec)"},
    {"abs", bi_abs, 0, "abs(x, /)\nReturn the absolute value of the argument."},
    {"id", bi_id, 0, "id(obj, /)\nReturn the identity of an object."},
    {"hash", bi_hash, 0, "hash(obj, /)\nReturn the hash value for the given object."},
    {"callable", bi_callable, 0, "callable(obj, /)\nReturn whether the object is callable."},
    {"chr", bi_chr, 0, "chr(i, /)\nReturn a Unicode string of one character with ordinal i."},
    {"ord", bi_ord, 0, "ord(c, /)\nReturn the Unicode code point for a one-character string."},
    {"hex", bi_hex, 0, "hex(number, /)\nReturn the hexadecimal representation of an integer."},
    {"oct", bi_oct, 0, "oct(number, /)\nReturn the octal representation of an integer."},
    {"bin", bi_bin, 0, "bin(number, /)\nReturn the binary representation of an integer."},
    {"divmod", bi_divmod, 0, "divmod(x, y, /)\nReturn the tuple (x//y, x%y)."},
    {"pow", bi_pow, 0,
     "pow(base, exp, mod=None)\nEquivalent to base**exp with 2 arguments or base**exp % mod with 3 arguments"},
    {"round", bi_round, 0, "round(number, ndigits=None)\nRound a number to a given precision in decimal digits."},
    {"iter", bi_iter, 0, "iter(iterable) -> iterator\niter(callable, sentinel) -> iterator"},
    {"next", bi_next, 0, "next(iterator[, default])\nReturn the next item from the iterator."},
    {"any", bi_any, 0, "any(iterable, /)\nReturn True if bool(x) is True for any x in the iterable."},
    {"all", bi_all, 0, "all(iterable, /)\nReturn True if bool(x) is True for all values x in the iterable."},
    {"sum", bi_sum, 0,
     "sum(iterable, /, start=0)\nReturn the sum of a 'start' value (default: 0) plus an iterable of numbers"},
    {"min", bi_min, 0,
     "min(iterable, *[, default=obj, key=func]) -> value\nmin(arg1, arg2, *args, *[, key=func]) -> value"},
    {"max", bi_max, 0,
     "max(iterable, *[, default=obj, key=func]) -> value\nmax(arg1, arg2, *args, *[, key=func]) -> value"},
    {"sorted", bi_sorted, 0,
     "sorted(iterable, /, *, key=None, reverse=False)\nReturn a new list containing all items from the iterable in "
     "ascending order."},
    {"isinstance", bi_isinstance, 0,
     "isinstance(obj, class_or_tuple, /)\nReturn whether an object is an instance of a class or of a subclass "
     "thereof."},
    {"issubclass", bi_issubclass, 0,
     "issubclass(cls, class_or_tuple, /)\nReturn whether 'cls' is derived from another class or is the same class."},
    {"getattr", bi_getattr, 0, "getattr(object, name[, default]) -> value\nGet a named attribute from an object."},
    {"setattr", bi_setattr, 0,
     "setattr(obj, name, value, /)\nSets the named attribute on the given object to the specified value."},
    {"delattr", bi_delattr, 0, "delattr(obj, name, /)\nDeletes the named attribute from the given object."},
    {"hasattr", bi_hasattr, 0,
     "hasattr(obj, name, /)\nReturn whether the object has an attribute with the given name."},
    {"dir", bi_dir, 0, "dir([object]) -> list of strings"},
    {"vars", bi_vars, 0, "vars([object]) -> dictionary"},
    {"globals", bi_globals, 0, "globals()\nReturn the dictionary containing the current scope's global variables."},
    {"locals", bi_locals, 0, "locals()\nReturn a dictionary containing the current scope's local variables."},
    {"exec", bi_exec, 0,
     "exec(source, globals=None, locals=None, /)\nExecute the given source in the context of globals and locals."},
    {"eval", bi_eval, 0,
     "eval(source, globals=None, locals=None, /)\nEvaluate the given source in the context of globals and locals."},
    {"compile", bi_compile, 0, "compile(source, filename, mode)"},
    {"__build_class__", bi_build_class, 0, NULL},
    {"__import__", bi_import, 0, "__import__(name, globals=None, locals=None, fromlist=(), level=0) -> module"},
    {"exit", bi_exit, 0, "exit(code=None)"},
    {"quit", bi_exit, 0, "quit(code=None)"},
    {NULL}};

fy_obj *fy_builtins_new(fy_interp *ip) {
    fy_obj *m = fy_module_new_c("builtins", builtin_funcs, "Built-in functions, exceptions, and other objects.");
    if (!m) return NULL;
    fy_obj *d = FY_MODULE_DICT(m);
    struct {
        const char *n;
        fy_type *t;
    } types[] = {{"object", &fy_object_type},
                 {"type", &fy_type_type},
                 {"int", &fy_int_type},
                 {"bool", &fy_bool_type},
                 {"float", &fy_float_type},
                 {"complex", &fy_complex_type},
                 {"str", &fy_str_type},
                 {"bytes", &fy_bytes_type},
                 {"bytearray", &fy_bytearray_type},
                 {"list", &fy_list_type},
                 {"tuple", &fy_tuple_type},
                 {"dict", &fy_dict_type},
                 {"set", &fy_set_type},
                 {"frozenset", &fy_frozenset_type},
                 {"range", &fy_range_type},
                 {"slice", &fy_slice_type},
                 {"property", &fy_property_type},
                 {"staticmethod", &fy_staticmethod_type},
                 {"classmethod", &fy_classmethod_type},
                 {"super", &fy_super_type},
                 {"enumerate", &fy_enumerate_type},
                 {"zip", &fy_zip_type},
                 {"map", &fy_map_type},
                 {"filter", &fy_filter_type},
                 {"reversed", &fy_reversed_type},
                 {NULL, NULL}};
    for (int i = 0; types[i].n; i++) fy_dict_set_cstr(d, types[i].n, (fy_obj *)types[i].t);
    for (int i = 0; fy_exception_types[i]; i++)
        fy_dict_set_cstr(d, fy_exception_types[i]->name, (fy_obj *)fy_exception_types[i]);
    fy_dict_set_cstr(d, "IOError", (fy_obj *)&fy_OSError);
    fy_dict_set_cstr(d, "EnvironmentError", (fy_obj *)&fy_OSError);
    fy_dict_set_cstr(d, "None", fy_None);
    fy_dict_set_cstr(d, "True", fy_True);
    fy_dict_set_cstr(d, "False", fy_False);
    fy_dict_set_cstr(d, "Ellipsis", fy_Ellipsis);
    fy_dict_set_cstr(d, "NotImplemented", fy_NotImplemented);
    fy_dict_set_cstr(d, "__debug__", fy_True);
    (void)ip;
    return m;
}
