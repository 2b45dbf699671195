/* tensor_print.c - repr/str of tensors following torch's _tensor_str rules: one formatter
 * for the whole tensor (precision 4; integer mode when every finite value is integral;
 * scientific when max/min > 1000, max > 1e8 or, outside integer mode, min < 1e-4), values
 * right-aligned to a common width, 80-column lines, summarisation (3 edge items and "...")
 * above 1000 elements, and the device= / dtype= / requires_grad= suffixes. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "torch/torch.h"

#define EDGE 3
#define THRESHOLD 1000
#define LINEWIDTH 80

typedef struct {
    bool fl, boolean, int_mode, sci;
    int width;
} fmt_t;

typedef struct {
    fy_torch_tensor *t;
    bool summarize;
} ctx_t;

/* Call fn on every element that will be shown (all, or the summarised edges). */
typedef void (*visit_fn)(const char *p, void *arg);
static void visit(ctx_t *c, int d, const char *p, visit_fn fn, void *arg) {
    fy_torch_tensor *t = c->t;
    if (d == t->ndim) {
        fn(p, arg);
        return;
    }
    int64_t n = t->shape[d], bs = t->stride[d] * (int64_t)fy_torch_itemsize(t->dtype);
    for (int64_t i = 0; i < n; i++) {
        if (c->summarize && n > 2 * EDGE && i == EDGE) i = n - EDGE;
        visit(c, d + 1, p + i * bs, fn, arg);
    }
}

typedef struct {
    fy_torch_tensor *t;
    fmt_t *f;
    double mn, mx;
    bool any;
} scan_t;

static void scan_float(const char *p, void *arg) {
    scan_t *s = arg;
    double v = fy_torch_loadf(p, s->t->dtype);
    if (!isfinite(v) || v == 0) return;
    if (v != ceil(v)) s->f->int_mode = false;
    double a = fabs(v);
    if (!s->any || a < s->mn) s->mn = a;
    if (!s->any || a > s->mx) s->mx = a;
    s->any = true;
}

static int fmt_text(const fmt_t *f, fy_torch_tensor *t, const char *p, char *buf, size_t cap);

static void scan_width(const char *p, void *arg) {
    scan_t *s = arg;
    char buf[64];
    if (s->f->fl) {
        double v = fy_torch_loadf(p, s->t->dtype);
        if (!isfinite(v) || v == 0) return;
        int w = s->f->sci        ? snprintf(buf, sizeof buf, "%.4e", v)
                : s->f->int_mode ? snprintf(buf, sizeof buf, "%.0f", v) + 1
                                 : snprintf(buf, sizeof buf, "%.4f", v);
        if (w > s->f->width) s->f->width = w;
        return;
    }
    fmt_t plain = *s->f;
    plain.width = 0;
    int w = fmt_text(&plain, s->t, p, buf, sizeof buf);
    if (w > s->f->width) s->f->width = w;
}

static void make_formatter(ctx_t *c, fmt_t *f) {
    fy_torch_tensor *t = c->t;
    memset(f, 0, sizeof *f);
    f->fl = fy_torch_is_float(t->dtype);
    f->boolean = t->dtype == FY_TORCH_BOOL;
    f->int_mode = true;
    f->width = 1;
    scan_t s = {t, f, 0, 0, false};
    if (f->fl) {
        visit(c, 0, (char *)fy_torch_data_ro(t), scan_float, &s);
        if (!s.any) return;
        if (s.mx / s.mn > 1000.0 || s.mx > 1.0e8 || (!f->int_mode && s.mn < 1.0e-4)) f->sci = true;
    }
    visit(c, 0, (char *)fy_torch_data_ro(t), scan_width, &s);
}

/* The text of one element, right-aligned to f->width. Returns its length. */
static int fmt_text(const fmt_t *f, fy_torch_tensor *t, const char *p, char *buf, size_t cap) {
    char raw[64];
    if (f->fl) {
        double v = fy_torch_loadf(p, t->dtype);
        if (isnan(v)) strcpy(raw, "nan");
        else if (isinf(v)) strcpy(raw, v > 0 ? "inf" : "-inf");
        else if (f->sci) snprintf(raw, sizeof raw, "%.4e", v);
        else if (f->int_mode) snprintf(raw, sizeof raw, "%.0f.", v);
        else snprintf(raw, sizeof raw, "%.4f", v);
    } else if (f->boolean) {
        strcpy(raw, fy_torch_loadi(p, t->dtype) ? "True" : "False");
    } else {
        snprintf(raw, sizeof raw, "%lld", (long long)fy_torch_loadi(p, t->dtype));
    }
    int len = (int)strlen(raw);
    int pad = f->width > len ? f->width - len : 0;
    return snprintf(buf, cap, "%*s%s", pad, "", raw);
}

static void tensor_str(ctx_t *c, const fmt_t *f, int d, const char *p, int indent, fy_sbuf *b) {
    fy_torch_tensor *t = c->t;
    char buf[96];
    if (t->ndim == 0) {
        fmt_text(f, t, p, buf, sizeof buf);
        fy_sbuf_adds(b, buf);
        return;
    }
    int64_t n = t->shape[d], bs = t->stride[d] * (int64_t)fy_torch_itemsize(t->dtype);
    bool cut = c->summarize && n > 2 * EDGE;
    fy_sbuf_addc(b, '[');
    if (d == t->ndim - 1) {
        int per_line = (LINEWIDTH - indent) / (f->width + 2);
        if (per_line < 1) per_line = 1;
        int k = 0;
        for (int64_t i = 0; i < n; i++) {
            if (k > 0) {
                if (k % per_line == 0) {
                    fy_sbuf_adds(b, ",\n");
                    for (int s = 0; s < indent + 1; s++) fy_sbuf_addc(b, ' ');
                } else fy_sbuf_adds(b, ", ");
            }
            if (cut && i == EDGE) {
                fy_sbuf_adds(b, " ...");
                k++;
                i = n - EDGE - 1;
                continue;
            }
            fmt_text(f, t, p + i * bs, buf, sizeof buf);
            fy_sbuf_adds(b, buf);
            k++;
        }
    } else {
        int nl = t->ndim - 1 - d;
        for (int64_t i = 0; i < n; i++) {
            if (i > 0) {
                fy_sbuf_addc(b, ',');
                for (int s = 0; s < nl; s++) fy_sbuf_addc(b, '\n');
                for (int s = 0; s < indent + 1; s++) fy_sbuf_addc(b, ' ');
            }
            if (cut && i == EDGE) {
                fy_sbuf_adds(b, "...");
                i = n - EDGE - 1;
                continue;
            }
            tensor_str(c, f, d + 1, p + i * bs, indent + 1, b);
        }
    }
    fy_sbuf_addc(b, ']');
}

fy_obj *fy_torch_repr(fy_obj *self) {
    fy_torch_tensor *t = FY_TT(self);
    fy_sbuf b = {0};
    char suffix[4][224];
    int ns = 0;
    const int indent = 7;
    fy_sbuf_adds(&b, "tensor(");
    if (t->st->dev.type == 1) {
        char d[32];
        fy_torch_device_str(t->st->dev, d, sizeof d);
        snprintf(suffix[ns++], sizeof suffix[0], "device='%s'", d);
    }
    bool defdt = t->dtype == FY_TORCH_F32 || t->dtype == FY_TORCH_I64 || t->dtype == FY_TORCH_BOOL;
    if (fy_torch_numel(t) == 0) {
        if (t->ndim != 1) {
            char sz[200];
            size_t k = (size_t)snprintf(sz, sizeof sz, "size=(");
            for (int i = 0; i < t->ndim; i++)
                k += (size_t)snprintf(sz + k, sizeof sz - k, "%s%lld", i ? ", " : "", (long long)t->shape[i]);
            snprintf(sz + k, sizeof sz - k, t->ndim == 1 ? ",)" : ")");
            snprintf(suffix[ns++], sizeof suffix[0], "%s", sz);
        }
        if (t->dtype != FY_TORCH_F32)
            snprintf(suffix[ns++], sizeof suffix[0], "dtype=torch.%s", fy_torch_dtype_name(t->dtype));
        fy_sbuf_adds(&b, "[]");
    } else {
        if (!defdt) snprintf(suffix[ns++], sizeof suffix[0], "dtype=torch.%s", fy_torch_dtype_name(t->dtype));
        ctx_t c = {t, fy_torch_numel(t) > THRESHOLD};
        fmt_t f;
        make_formatter(&c, &f);
        tensor_str(&c, &f, 0, (char *)fy_torch_data_ro(t), indent, &b);
    }
    if (t->grad_fn) { /* torch: grad_fn=<MulBackward0> for a non-leaf, requires_grad=True for a leaf */
        fy_obj *nm = fy_call_method(t->grad_fn, "name", NULL, 0);
        if (nm && FY_STR_CHECK(nm)) snprintf(suffix[ns++], sizeof suffix[0], "grad_fn=<%s>", FY_STR_DATA(nm));
        else fy_err_clear();
        FY_XDECREF(nm);
    } else if (t->requires_grad) {
        snprintf(suffix[ns++], sizeof suffix[0], "requires_grad=True");
    }
    /* torch's _add_suffixes, including its count of the last line's length */
    if (b.oom) {
        fy_sbuf_free(&b);
        return fy_err_nomem();
    }
    size_t last_nl = 0;
    bool has_nl = false;
    for (size_t i = 0; i < b.len; i++)
        if (b.p[i] == '\n') {
            last_nl = i;
            has_nl = true;
        }
    int64_t last = has_nl ? (int64_t)(b.len - last_nl) + 1 : (int64_t)b.len + 2;
    for (int i = 0; i < ns; i++) {
        int64_t sl = (int64_t)strlen(suffix[i]);
        if (last + sl + 2 > LINEWIDTH) {
            fy_sbuf_adds(&b, ",\n");
            for (int s = 0; s < indent; s++) fy_sbuf_addc(&b, ' ');
            fy_sbuf_adds(&b, suffix[i]);
            last = indent + sl;
        } else {
            fy_sbuf_adds(&b, ", ");
            fy_sbuf_adds(&b, suffix[i]);
            last += sl + 2;
        }
    }
    fy_sbuf_addc(&b, ')');
    return fy_sbuf_finish(&b);
}
