/* testing.c - torch.testing.assert_close: attribute checks (shape, device, dtype), torch's
 * default tolerances per dtype, and its mismatch report (count, greatest absolute and
 * relative difference with their index). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "torch/torch.h"

static void default_tol(int dt, double *rtol, double *atol) {
    switch (dt) {
    case FY_TORCH_F16:
        *rtol = 1e-3;
        *atol = 1e-5;
        break;
    case FY_TORCH_BF16:
        *rtol = 1.6e-2;
        *atol = 1e-5;
        break;
    case FY_TORCH_F32:
        *rtol = 1.3e-6;
        *atol = 1e-5;
        break;
    case FY_TORCH_F64:
        *rtol = 1e-7;
        *atol = 1e-7;
        break;
    default:
        *rtol = 0;
        *atol = 0;
        break;
    }
}

static void add_float(fy_sbuf *b, double v) {
    char buf[64];
    fy_double_repr(v, buf, sizeof buf);
    fy_sbuf_adds(b, buf);
}

static void diff_line(fy_sbuf *b, const char *type, bool is_int, double diff, int64_t idiff, const char *idx,
                      double tol, bool equality) {
    if (idx) fy_sbuf_printf(b, "Greatest %s difference: ", type);
    else fy_sbuf_printf(b, "%c%s difference: ", type[0] - 32, type + 1);
    if (is_int) fy_sbuf_printf(b, "%lld", (long long)idiff);
    else add_float(b, diff);
    if (idx) fy_sbuf_printf(b, " at index %s", idx);
    if (!equality) {
        fy_sbuf_adds(b, " (up to ");
        add_float(b, tol);
        fy_sbuf_adds(b, " allowed)");
    }
    fy_sbuf_addc(b, '\n');
}

static void index_text(const fy_torch_tensor *t, int64_t flat, char *buf, size_t cap) {
    int64_t idx[FY_TORCH_MAXDIM];
    for (int d = t->ndim - 1; d >= 0; d--) {
        idx[d] = t->shape[d] ? flat % t->shape[d] : 0;
        flat = t->shape[d] ? flat / t->shape[d] : 0;
    }
    size_t k = (size_t)snprintf(buf, cap, "(");
    for (int d = 0; d < t->ndim && k < cap; d++)
        k += (size_t)snprintf(buf + k, cap - k, "%s%lld", d ? ", " : "", (long long)idx[d]);
    if (k < cap) snprintf(buf + k, cap - k, t->ndim == 1 ? ",)" : ")");
}

static fy_obj *fail(fy_obj *msg, fy_sbuf *b) {
    fy_obj *text = fy_sbuf_finish(b);
    if (!text) return NULL;
    /* strip the trailing newline, as torch's msg.strip() */
    if (FY_STR_LEN(text) && FY_STR_DATA(text)[FY_STR_LEN(text) - 1] == '\n') {
        fy_obj *t2 = fy_str_from(FY_STR_DATA(text), (size_t)FY_STR_LEN(text) - 1);
        FY_DECREF(text);
        if (!(text = t2)) return NULL;
    }
    if (msg && msg != fy_None) {
        if (FY_STR_CHECK(msg)) {
            FY_DECREF(text);
            return fy_err_set_obj(&fy_AssertionError, msg);
        }
        fy_obj *r = fy_call1(msg, text);
        FY_DECREF(text);
        if (!r) return NULL;
        fy_err_set_obj(&fy_AssertionError, r);
        FY_DECREF(r);
        return NULL;
    }
    fy_err_set_obj(&fy_AssertionError, text);
    FY_DECREF(text);
    return NULL;
}

static fy_obj *scalars(double act, double exp_, bool is_int, double rtol, double atol, bool equal_nan, fy_obj *msg) {
    bool ok = act == exp_ || (equal_nan && isnan(act) && isnan(exp_)) ||
              (isfinite(act) && isfinite(exp_) && fabs(act - exp_) <= atol + rtol * fabs(exp_));
    if (ok) return fy_none();
    bool equality = rtol == 0 && atol == 0;
    fy_sbuf b = {0};
    fy_sbuf_printf(&b, "Scalars are not %s!\n\nExpected ", equality ? "equal" : "close");
    if (is_int) fy_sbuf_printf(&b, "%lld", (long long)exp_);
    else add_float(&b, exp_);
    fy_sbuf_adds(&b, " but got ");
    if (is_int) fy_sbuf_printf(&b, "%lld", (long long)act);
    else add_float(&b, act);
    fy_sbuf_adds(&b, ".\n");
    double ad = fabs(act - exp_);
    diff_line(&b, "absolute", is_int, ad, (int64_t)ad, NULL, atol, equality);
    diff_line(&b, "relative", false, exp_ == 0 ? INFINITY : ad / fabs(exp_), 0, NULL, rtol, equality);
    return fail(msg, &b);
}

static fy_obj *attr_mismatch(const char *attr, fy_obj *a, fy_obj *b, fy_obj *msg) {
    fy_sbuf s = {0};
    fy_sbuf_printf(&s, "The values for attribute '%s' do not match: ", attr);
    if (fy_sbuf_add_str(&s, a) < 0) {
        fy_sbuf_free(&s);
        return NULL;
    }
    fy_sbuf_adds(&s, " != ");
    if (fy_sbuf_add_str(&s, b) < 0) {
        fy_sbuf_free(&s);
        return NULL;
    }
    fy_sbuf_adds(&s, ".");
    return fail(msg, &s);
}

static fy_obj *f_assert_close(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    static const char *const names[] = {
        "actual",       "expected",    "allow_subclasses", "rtol",         "atol", "equal_nan",
        "check_device", "check_dtype", "check_layout",     "check_stride", "msg",  NULL};
    fy_obj *k[11];
    if (fy_parse_args("assert_close", a, n, kw, names, 2, 2, 11, k) < 0) return NULL;
    fy_obj *ao = k[0], *eo = k[1], *msg = k[10];
    bool has_r = k[3] && k[3] != fy_None, has_a = k[4] && k[4] != fy_None;
    if (has_r != has_a)
        return fy_err_format(&fy_ValueError,
                             "Both 'rtol' and 'atol' must be either specified or omitted, but got no %s.",
                             has_r ? "atol" : "rtol");
    double rtol = 0, atol = 0;
    if (has_r && (fy_as_double(k[3], &rtol) < 0 || fy_as_double(k[4], &atol) < 0)) return NULL;
    bool equal_nan = k[5] && fy_truthy(k[5]) > 0;
    bool check_device = !k[6] || fy_truthy(k[6]) > 0, check_dtype = !k[7] || fy_truthy(k[7]) > 0;
    if (!FY_TORCH_CHECK(ao) && !FY_TORCH_CHECK(eo)) {
        double x, y;
        if (fy_as_double(ao, &x) < 0 || fy_as_double(eo, &y) < 0) return NULL;
        bool is_int = FY_INT_CHECK(ao) && FY_INT_CHECK(eo);
        if (!has_r) default_tol(is_int ? FY_TORCH_I64 : FY_TORCH_F64, &rtol, &atol);
        return scalars(x, y, is_int, rtol, atol, equal_nan, msg);
    }
    if (!FY_TORCH_CHECK(ao) || !FY_TORCH_CHECK(eo))
        return fy_err_format(&fy_TypeError, "No comparison pair was able to handle inputs of type %s and %s.",
                             FY_TORCH_CHECK(ao) ? "<class 'torch.Tensor'>" : ao->type->name,
                             FY_TORCH_CHECK(eo) ? "<class 'torch.Tensor'>" : eo->type->name);
    fy_torch_tensor *x = FY_TT(ao), *y = FY_TT(eo);
    if (x->ndim != y->ndim || memcmp(x->shape, y->shape, sizeof(int64_t) * (size_t)x->ndim)) {
        fy_obj *s1 = fy_torch_size_new(x->shape, x->ndim), *s2 = fy_torch_size_new(y->shape, y->ndim);
        fy_obj *r = s1 && s2 ? attr_mismatch("shape", s1, s2, msg) : NULL;
        FY_XDECREF(s1);
        FY_XDECREF(s2);
        return r;
    }
    if (check_device && !fy_torch_same_device(x->st->dev, y->st->dev)) {
        fy_obj *d1 = fy_torch_device_new(x->st->dev), *d2 = fy_torch_device_new(y->st->dev);
        fy_obj *r = d1 && d2 ? attr_mismatch("device", d1, d2, msg) : NULL;
        FY_XDECREF(d1);
        FY_XDECREF(d2);
        return r;
    }
    if (check_dtype && x->dtype != y->dtype)
        return attr_mismatch("dtype", fy_torch_dtype_get(x->dtype), fy_torch_dtype_get(y->dtype), msg);
    if (!has_r) {
        double r1, a1, r2, a2;
        default_tol(x->dtype, &r1, &a1);
        default_tol(y->dtype, &r2, &a2);
        rtol = r1 > r2 ? r1 : r2;
        atol = a1 > a2 ? a1 : a2;
    }
    int dt = x->dtype;
    if (x->dtype != y->dtype && (dt = fy_torch_promote(x->dtype, y->dtype)) < 0) return NULL;
    fy_torch_tensor *cx = fy_torch_copy_as(x, dt, fy_torch_cpu),
                    *cy = cx ? fy_torch_copy_as(y, dt, fy_torch_cpu) : NULL;
    fy_torch_tensor *m = cy ? fy_torch_isclose(cx, cy, rtol, atol, equal_nan) : NULL;
    if (!m) {
        FY_XDECREF(cx);
        FY_XDECREF(cy);
        return NULL;
    }
    int64_t total = fy_torch_numel(m), bad = 0;
    const uint8_t *mm = (const uint8_t *)fy_torch_data_ro(m);
    for (int64_t i = 0; i < total; i++) bad += !mm[i];
    if (bad == 0) {
        FY_DECREF(cx);
        FY_DECREF(cy);
        FY_DECREF(m);
        return fy_none();
    }
    bool equality = rtol == 0 && atol == 0;
    fy_obj *res;
    if (x->ndim == 0) {
        bool isint = !fy_torch_is_float(dt);
        res = scalars(fy_torch_loadf(fy_torch_data_ro(cx), dt), fy_torch_loadf(fy_torch_data_ro(cy), dt), isint, rtol,
                      atol, equal_nan, msg);
    } else {
        bool fl = fy_torch_is_float(dt);
        size_t isz = fy_torch_itemsize(dt);
        double best_a = 0, best_r = 0;
        int64_t ia = 0, ir = 0, best_ai = 0;
        bool first = true;
        for (int64_t i = 0; i < total; i++) {
            double ad, rd;
            int64_t adi = 0;
            if (mm[i]) {
                ad = 0;
                rd = 0;
            } else if (fl) {
                double p = fy_torch_loadf(fy_torch_data_ro(cx) + i * (int64_t)isz, dt),
                       q = fy_torch_loadf(fy_torch_data_ro(cy) + i * (int64_t)isz, dt);
                ad = fy_torch_round_to(fabs(fy_torch_round_to(p - q, dt)), dt);
                rd = fy_torch_round_to(ad / fy_torch_round_to(fabs(q), dt), dt);
            } else {
                int64_t p = fy_torch_loadi(fy_torch_data_ro(cx) + i * (int64_t)isz, dt),
                        q = fy_torch_loadi(fy_torch_data_ro(cy) + i * (int64_t)isz, dt);
                adi = p > q ? p - q : q - p;
                ad = (double)adi;
                rd = (float)((float)adi / (float)(q < 0 ? -q : q));
            }
            if (first || (!isnan(best_a) && (ad > best_a || isnan(ad)))) {
                best_a = ad;
                ia = i;
                best_ai = adi;
            }
            if (first || (!isnan(best_r) && (rd > best_r || isnan(rd)))) {
                best_r = rd;
                ir = i;
            }
            first = false;
        }
        fy_sbuf b = {0};
        fy_sbuf_printf(&b, "Tensor-likes are not %s!\n\n", equality ? "equal" : "close");
        fy_sbuf_printf(&b, "Mismatched elements: %lld / %lld (%.1f%%)\n", (long long)bad, (long long)total,
                       (double)bad / (double)total * 100.0);
        char ixa[200], ixr[200];
        index_text(cx, ia, ixa, sizeof ixa);
        index_text(cx, ir, ixr, sizeof ixr);
        diff_line(&b, "absolute", !fl, best_a, best_ai, ixa, atol, equality);
        diff_line(&b, "relative", false, best_r, 0, ixr, rtol, equality);
        res = fail(msg, &b);
    }
    FY_DECREF(cx);
    FY_DECREF(cy);
    FY_DECREF(m);
    return res;
}

static fy_methoddef testing_funcs[] = {
    {"assert_close", f_assert_close, 0,
     "assert_close(actual, expected, *, rtol=None, atol=None, equal_nan=False, check_device=True, check_dtype=True, "
     "msg=None)"},
    {"assert_allclose", f_assert_close, 0, "assert_allclose(actual, expected, rtol=None, atol=None)"},
    {NULL}};

fy_obj *fy_torch_testing_module(void) {
    return fy_module_new_c("torch.testing", testing_funcs, "torch.testing: assert_close");
}
