/* mod_ipython.c - IPython's display protocol in C: an object's MIME bundle from its _repr_*_
 * methods, publishing a bundle to the session's sink, and the `_flyi_display` module that
 * src/stdlib/IPython__display.py builds on. The cell's final value goes through the same path
 * (session.c show_result), so a class with _repr_html_ shows as HTML in Jupyter either way. */
#include <stdlib.h>
#include <string.h>
#include "exec/interp.h"
#include "modules/mod_ipython.h"

fy_obj *fy_base64_str(const unsigned char *p, size_t n) {
    static const char tab[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    size_t outn = (n + 2) / 3 * 4;
    char *out = fy_malloc(outn + 1);
    if (!out) return NULL;
    size_t j = 0;
    for (size_t i = 0; i < n; i += 3) {
        unsigned v = (unsigned)p[i] << 16;
        if (i + 1 < n) v |= (unsigned)p[i + 1] << 8;
        if (i + 2 < n) v |= p[i + 2];
        out[j++] = tab[(v >> 18) & 63];
        out[j++] = tab[(v >> 12) & 63];
        out[j++] = i + 1 < n ? tab[(v >> 6) & 63] : '=';
        out[j++] = i + 2 < n ? tab[v & 63] : '=';
    }
    out[j] = 0;
    fy_obj *r = fy_str_from(out, j);
    fy_free(out);
    return r;
}

static bool is_json_mime(const char *m) {
    size_t n = strlen(m);
    return !strcmp(m, "application/json") || (n > 5 && !strcmp(m + n - 5, "+json"));
}

/* The text form of one MIME value: str as is, bytes/bytearray base64, JSON data serialized. */
static fy_obj *mime_text(const char *mime, fy_obj *v) {
    if (FY_STR_CHECK(v)) return fy_ref(v);
    if (FY_BYTES_CHECK(v))
        return fy_base64_str((const unsigned char *)((fy_bytes *)v)->data, (size_t)((fy_bytes *)v)->len);
    if (fy_isinstance_of(v, &fy_bytearray_type))
        return fy_base64_str((const unsigned char *)((fy_bytearray *)v)->data, (size_t)((fy_bytearray *)v)->len);
    if (is_json_mime(mime)) {
        fy_obj *json = fy_import("json");
        if (!json) return NULL;
        fy_obj *r = fy_call_method(json, "dumps", &v, 1);
        FY_DECREF(json);
        return r;
    }
    return fy_err_format(&fy_TypeError, "display data for '%s' must be str or bytes, not %T", mime, v);
}

/* d[mime] = text form of v (None is skipped). */
static int bundle_put(fy_obj *d, fy_obj *mime, fy_obj *v) {
    if (v == fy_None) return 0;
    if (!FY_STR_CHECK(mime)) {
        fy_err_format(&fy_TypeError, "MIME type must be a str, not %T", mime);
        return -1;
    }
    fy_obj *t = mime_text(FY_STR_DATA(mime), v);
    if (!t) return -1;
    int r = fy_dict_set(d, mime, t);
    FY_DECREF(t);
    return r;
}

/* A _repr_*_ result may be data or (data, metadata); the metadata is not carried. */
static fy_obj *repr_data(fy_obj *r) {
    if (FY_TUPLE_CHECK(r) && FY_TUPLE_N(r) == 2) {
        fy_obj *d = fy_ref(FY_TUPLE_ITEMS(r)[0]);
        FY_DECREF(r);
        return d;
    }
    return r;
}

/* Calls obj.<name>() when obj's class defines it: new ref, NULL with exception, or *absent. */
static fy_obj *call_repr(fy_obj *obj, const char *name, fy_obj *const *args, size_t nargs, fy_obj *kwnames,
                         bool *absent) {
    fy_obj *attr = fy_type_lookup_cstr(FY_TYPE(obj), name);
    *absent = !attr || attr == fy_None; /* `_repr_html_ = None` in a class turns it off */
    if (*absent) return NULL;
    fy_obj *m = fy_getattr_cstr(obj, name);
    if (!m) return NULL;
    fy_obj *r = fy_call(m, args, nargs, kwnames);
    FY_DECREF(m);
    return r ? repr_data(r) : NULL;
}

static const struct {
    const char *method, *mime;
} repr_methods[] = {
    {"_repr_html_", "text/html"},
    {"_repr_markdown_", "text/markdown"},
    {"_repr_svg_", "image/svg+xml"},
    {"_repr_png_", "image/png"},
    {"_repr_jpeg_", "image/jpeg"},
    {"_repr_pdf_", "application/pdf"},
    {"_repr_latex_", "text/latex"},
    {"_repr_json_", "application/json"},
    {"_repr_javascript_", "application/javascript"},
};

static int add_mimebundle(fy_obj *d, fy_obj *obj) {
    fy_obj *args[2] = {fy_None, fy_None};
    fy_obj *kw = fy_tuple_pack(2, fy_intern("include"), fy_intern("exclude"));
    if (!kw) return -1;
    bool absent;
    fy_obj *r = call_repr(obj, "_repr_mimebundle_", args, 0, kw, &absent);
    FY_DECREF(kw);
    if (absent) return 0;
    if (!r) return -1;
    int rc = 0;
    if (FY_DICT_CHECK(r)) {
        int64_t pos = 0;
        fy_obj *k, *v;
        while (rc == 0 && fy_dict_next(r, &pos, &k, &v)) rc = bundle_put(d, k, v);
    } else if (r != fy_None) {
        fy_err_format(&fy_TypeError, "_repr_mimebundle_ must return a dict, not %T", r);
        rc = -1;
    }
    FY_DECREF(r);
    return rc;
}

/* text/plain: _repr_pretty_ through IPython.lib.pretty, else repr(). */
static fy_obj *plain_text(fy_obj *obj) {
    if (!fy_type_lookup_cstr(FY_TYPE(obj), "_repr_pretty_")) return fy_repr(obj);
    fy_obj *pm = fy_import("IPython.lib.pretty");
    if (!pm) return NULL;
    fy_obj *r = fy_call_method(pm, "pretty", &obj, 1);
    FY_DECREF(pm);
    if (r && !FY_STR_CHECK(r)) {
        FY_DECREF(r);
        return fy_err_set(&fy_TypeError, "IPython.lib.pretty.pretty() did not return a str");
    }
    return r;
}

fy_obj *fy_display_bundle(fy_obj *obj) {
    fy_obj *d = fy_dict_new();
    if (!d) return NULL;
    if (add_mimebundle(d, obj) < 0) goto fail;
    for (size_t i = 0; i < sizeof repr_methods / sizeof repr_methods[0]; i++) {
        if (fy_dict_get_cstr(d, repr_methods[i].mime)) continue;
        bool absent;
        fy_obj *v = call_repr(obj, repr_methods[i].method, NULL, 0, NULL, &absent);
        if (absent) continue;
        if (!v) goto fail;
        fy_obj *mime = fy_str_from_cstr(repr_methods[i].mime);
        int rc = mime ? bundle_put(d, mime, v) : -1;
        FY_XDECREF(mime);
        FY_DECREF(v);
        if (rc < 0) goto fail;
    }
    if (!fy_dict_get_cstr(d, "text/plain")) {
        fy_obj *t = plain_text(obj);
        if (!t || fy_dict_set_cstr(d, "text/plain", t) < 0) {
            FY_XDECREF(t);
            goto fail;
        }
        FY_DECREF(t);
    }
    return d;
fail:
    FY_DECREF(d);
    return NULL;
}

int fy_display_publish(const flyi_sink *sink, fy_obj *bundle, bool is_result) {
    return fy_display_publish_id(sink, bundle, is_result, NULL, false);
}

int fy_display_publish_id(const flyi_sink *sink, fy_obj *bundle, bool is_result, const char *display_id, bool update) {
    if (!FY_DICT_CHECK(bundle)) {
        fy_err_format(&fy_TypeError, "a display bundle must be a dict, not %T", bundle);
        return -1;
    }
    /* normalize first: every value becomes a str (bytes base64, JSON serialized) */
    fy_obj *d = fy_dict_new();
    if (!d) return -1;
    int64_t pos = 0;
    fy_obj *k, *v;
    while (fy_dict_next(bundle, &pos, &k, &v))
        if (bundle_put(d, k, v) < 0) {
            FY_DECREF(d);
            return -1;
        }
    size_t n = (size_t)((fy_dict *)d)->used, i = 0;
    int rc = 0;
    if (sink && sink->display) {
        const char **mime = fy_calloc(n ? n : 1, sizeof *mime);
        const char **data = fy_calloc(n ? n : 1, sizeof *data);
        if (mime && data) {
            pos = 0;
            while (i < n && fy_dict_next(d, &pos, &k, &v)) {
                mime[i] = FY_STR_DATA(k);
                data[i++] = FY_STR_DATA(v);
            }
            flyi_display disp = {
                .n = i, .mime = mime, .data = data, .display_id = display_id, .update = update && display_id};
            sink->display(sink->user, &disp, is_result);
        } else {
            rc = -1;
        }
        fy_free(mime);
        fy_free(data);
    } else if (!is_result) {
        fy_obj *t = fy_dict_get_cstr(d, "text/plain");
        if (t && (fy_write_stdout(FY_STR_DATA(t), (size_t)FY_STR_LEN(t)) < 0 || fy_write_stdout("\n", 1) < 0)) rc = -1;
    }
    FY_DECREF(d);
    return rc;
}

int fy_display_object(const flyi_sink *sink, fy_obj *obj, bool is_result) {
    fy_obj *b = fy_display_bundle(obj);
    if (!b) return -1;
    int rc = fy_display_publish(sink, b, is_result);
    FY_DECREF(b);
    return rc;
}

/* ------------------------------------------------------------------ the _flyi_display module */

static const flyi_sink *cur_sink(void) { return fy_cur ? fy_cur->sink : NULL; }

/* The is_result, display_id and update arguments of publish() and display(). */
static int publish_opts(const char *fn, fy_obj *const *v, int *res, const char **id, int *update) {
    *res = v[0] ? fy_truthy(v[0]) : 0;
    *update = v[2] ? fy_truthy(v[2]) : 0;
    if (*res < 0 || *update < 0) return -1;
    *id = NULL;
    if (v[1] && v[1] != fy_None) {
        if (!FY_STR_CHECK(v[1])) {
            fy_err_format(&fy_TypeError, "%s(): display_id must be a str or None, not %T", fn, v[1]);
            return -1;
        }
        *id = FY_STR_DATA(v[1]);
    }
    if (*update && !*id) {
        fy_err_format(&fy_ValueError, "%s(): update=True needs a display_id", fn);
        return -1;
    }
    return 0;
}

static fy_obj *m_publish(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    static const char *const names[] = {"data", "is_result", "display_id", "update", NULL};
    fy_obj *v[4];
    if (fy_parse_args("publish", a, na, kw, names, 1, 4, 4, v) < 0) return NULL;
    int res, update;
    const char *id;
    if (publish_opts("publish", v + 1, &res, &id, &update) < 0) return NULL;
    return fy_display_publish_id(cur_sink(), v[0], res, id, update) < 0 ? NULL : fy_none();
}

static fy_obj *m_display(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    static const char *const names[] = {"obj", "is_result", "display_id", "update", NULL};
    fy_obj *v[4];
    if (fy_parse_args("display", a, na, kw, names, 1, 4, 4, v) < 0) return NULL;
    int res, update;
    const char *id;
    if (publish_opts("display", v + 1, &res, &id, &update) < 0) return NULL;
    fy_obj *b = fy_display_bundle(v[0]);
    if (!b) return NULL;
    int rc = fy_display_publish_id(cur_sink(), b, res, id, update);
    FY_DECREF(b);
    return rc < 0 ? NULL : fy_none();
}

static fy_obj *m_clear_output(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    static const char *const names[] = {"wait", NULL};
    fy_obj *v[1];
    if (fy_parse_args("clear_output", a, na, kw, names, 0, 1, 1, v) < 0) return NULL;
    int wait = v[0] ? fy_truthy(v[0]) : 0;
    if (wait < 0) return NULL;
    const flyi_sink *sink = cur_sink();
    if (sink && sink->clear_output) sink->clear_output(sink->user, wait != 0);
    return fy_none();
}

static fy_obj *m_mimebundle(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    if (fy_no_kwargs("mimebundle", kw) < 0 || fy_check_nargs("mimebundle", na, 1, 1) < 0) return NULL;
    return fy_display_bundle(a[0]);
}

static fy_obj *m_b64encode(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    if (fy_no_kwargs("b64encode", kw) < 0 || fy_check_nargs("b64encode", na, 1, 1) < 0) return NULL;
    if (!FY_BYTES_CHECK(a[0]) && !fy_isinstance_of(a[0], &fy_bytearray_type))
        return fy_err_format(&fy_TypeError, "b64encode() argument must be bytes, not %T", a[0]);
    return mime_text("application/octet-stream", a[0]);
}

static fy_obj *m_html_escape(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    if (fy_no_kwargs("html_escape", kw) < 0 || fy_check_nargs("html_escape", na, 1, 1) < 0) return NULL;
    if (!FY_STR_CHECK(a[0])) return fy_err_format(&fy_TypeError, "html_escape() argument must be str, not %T", a[0]);
    return fy_html_escape(FY_STR_DATA(a[0]), (size_t)FY_STR_LEN(a[0]));
}

/* A str argument that may be None: its text, or NULL for None; -1 on a wrong type. */
static int opt_text(fy_obj *v, const char *what, const char **out) {
    *out = NULL;
    if (!v || v == fy_None) return 0;
    if (!FY_STR_CHECK(v)) {
        fy_err_format(&fy_TypeError, "kernel_html(): %s must be a str or None, not %T", what, v);
        return -1;
    }
    *out = FY_STR_DATA(v);
    return 0;
}

/* Fills st from a (name, ms, changed, ir) sequence whose items stay alive in `keep`. */
static int stage_from(fy_obj *item, fy_kstage *st, fy_obj *keep) {
    fy_obj *t = fy_sequence_tuple(item);
    if (!t) return -1;
    int rc = fy_list_append(keep, t);
    FY_DECREF(t);
    if (rc < 0) return -1;
    if (FY_TUPLE_N(t) != 4) {
        fy_err_set(&fy_ValueError, "kernel_html(): a stage is (name, ms, changed, ir)");
        return -1;
    }
    fy_obj **it = FY_TUPLE_ITEMS(t);
    if (opt_text(it[0], "a stage name", &st->name) < 0 || opt_text(it[3], "a stage's IR", &st->ir) < 0) return -1;
    st->ms = -1;
    if (it[1] != fy_None && fy_as_double(it[1], &st->ms) < 0) return -1;
    int c = fy_truthy(it[2]);
    if (c < 0) return -1;
    st->changed = c;
    return 0;
}

/* Fills kv from a (key, value) pair; both are str()'d and kept alive in `keep`. */
static int stat_from(fy_obj *key, fy_obj *val, fy_kstat *kv, fy_obj *keep) {
    fy_obj *ks = fy_str(key), *vs = ks ? fy_str(val) : NULL;
    int rc = vs && fy_list_append(keep, ks) == 0 && fy_list_append(keep, vs) == 0 ? 0 : -1;
    if (rc == 0) {
        kv->key = FY_STR_DATA(ks);
        kv->value = FY_STR_DATA(vs);
    }
    FY_XDECREF(ks);
    FY_XDECREF(vs);
    return rc;
}

static fy_obj *m_kernel_html(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    static const char *const names[] = {"title", "stages", "isa", "stats", "target", NULL};
    fy_obj *v[5];
    if (fy_parse_args("kernel_html", a, na, kw, names, 0, 5, 5, v) < 0) return NULL;
    fy_kernel_view view = {0};
    fy_kstage *stages = NULL;
    fy_kstat *stats = NULL;
    fy_obj *keep = fy_list_new(0), *stl = NULL, *pairs = NULL, *res = NULL;
    if (!keep) return NULL;
    if (opt_text(v[0], "title", &view.title) < 0 || opt_text(v[2], "isa", &view.isa) < 0 ||
        opt_text(v[4], "target", &view.target) < 0)
        goto done;
    if (v[1] && v[1] != fy_None) {
        if (!(stl = fy_sequence_tuple(v[1]))) goto done;
        view.nstages = (size_t)FY_TUPLE_N(stl);
        if (!(stages = fy_calloc(view.nstages + 1, sizeof *stages))) goto done;
        for (size_t i = 0; i < view.nstages; i++)
            if (stage_from(FY_TUPLE_ITEMS(stl)[i], &stages[i], keep) < 0) goto done;
        view.stages = stages;
    }
    if (v[3] && v[3] != fy_None) {
        if (FY_DICT_CHECK(v[3])) {
            if (!(stats = fy_calloc((size_t)((fy_dict *)v[3])->used + 1, sizeof *stats))) goto done;
            int64_t pos = 0;
            fy_obj *k, *val;
            while (fy_dict_next(v[3], &pos, &k, &val))
                if (stat_from(k, val, &stats[view.nstats++], keep) < 0) goto done;
        } else {
            if (!(pairs = fy_sequence_tuple(v[3]))) goto done;
            if (!(stats = fy_calloc((size_t)FY_TUPLE_N(pairs) + 1, sizeof *stats))) goto done;
            for (int64_t i = 0; i < FY_TUPLE_N(pairs); i++) {
                fy_obj *p = FY_TUPLE_ITEMS(pairs)[i];
                if (!FY_TUPLE_CHECK(p) || FY_TUPLE_N(p) != 2) {
                    fy_err_set(&fy_ValueError, "kernel_html(): stats is a dict or a sequence of (key, value) tuples");
                    goto done;
                }
                if (stat_from(FY_TUPLE_ITEMS(p)[0], FY_TUPLE_ITEMS(p)[1], &stats[view.nstats++], keep) < 0) goto done;
            }
        }
        view.stats = stats;
    }
    res = fy_kernel_html(&view);
done:
    fy_free(stages);
    fy_free(stats);
    FY_XDECREF(stl);
    FY_XDECREF(pairs);
    FY_DECREF(keep);
    return res;
}

static fy_methoddef display_funcs[] = {
    {"publish", m_publish, 0,
     "publish(data, is_result=False, display_id=None, update=False): send a {mime: data} bundle to the cell's\n"
     "output; update=True replaces what was shown under display_id"},
    {"display", m_display, 0,
     "display(obj, is_result=False, display_id=None, update=False): show obj through its _repr_*_ methods"},
    {"clear_output", m_clear_output, 0, "clear_output(wait=False): clear the cell's output (wait: at the next output)"},
    {"mimebundle", m_mimebundle, 0, "mimebundle(obj): obj's MIME bundle as a dict"},
    {"b64encode", m_b64encode, 0, "b64encode(data): base64 text of bytes"},
    {"html_escape", m_html_escape, 0, "html_escape(s): s with & < > \" ' escaped"},
    {"kernel_html", m_kernel_html, 0,
     "kernel_html(title=None, stages=(), isa=None, stats=(), target=None): HTML view of a compiled kernel;\n"
     "stages: (name, ms, changed, ir) tuples; stats: dict or (key, value) pairs"},
    {NULL}};

fy_obj *fy_mod_flyi_display_init(void) {
    return fy_module_new_c("_flyi_display", display_funcs, "flyi's display machinery behind IPython.display.");
}
