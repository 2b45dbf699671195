/* mod_re_match.c - re.Match in C (CPython's Match object: group/groups/groupdict, start/end/
 * span, lastindex/lastgroup, pos/endpos/re/string/regs, [] and repr); expand() calls back into
 * re.py for the template. Made by Program.exec / Program.scan (mod_re.c). */
#include <stdlib.h>
#include <string.h>
#include "modules/mod_re.h"
#include "objects/object.h"

typedef struct {
    fy_obj h;
    fy_obj *pattern;    /* the re.Pattern */
    fy_obj *string;
    fy_obj *groupindex; /* dict name -> group */
    int64_t pos, endpos, lastindex;
    int ngroups;        /* capture groups + 1 */
    int64_t spans[];    /* 2 * ngroups, -1 where a group did not take part */
} match_obj;

#define MO(o) ((match_obj *)(o))

fy_type fy_re_match_type;

fy_obj *fy_re_match_new(fy_obj *pattern, fy_obj *string, fy_obj *groupindex, int64_t pos, int64_t endpos, int ngroups,
                        const int64_t *caps, int64_t lastindex) {
    match_obj *m =
        (match_obj *)fy_alloc_size(&fy_re_match_type, sizeof(match_obj) + 2 * (size_t)ngroups * sizeof(int64_t));
    if (!m) return NULL;
    m->pattern = fy_ref(pattern);
    m->string = fy_ref(string);
    m->groupindex = fy_ref(groupindex);
    m->pos = pos;
    m->endpos = endpos;
    m->lastindex = lastindex;
    m->ngroups = ngroups;
    for (int k = 0; k < 2 * ngroups; k++) {
        int64_t v = caps[k];
        if (v < 0 || caps[k ^ 1] < 0) v = -1; /* a start without an end: not taken part */
        m->spans[k] = v;
    }
    return (fy_obj *)m;
}

static void match_dealloc(fy_obj *o) {
    FY_XDECREF(MO(o)->pattern);
    FY_XDECREF(MO(o)->string);
    FY_XDECREF(MO(o)->groupindex);
}

/* Group number of g (int, name or __index__), or -1 with IndexError. */
static int group_index(match_obj *m, fy_obj *g) {
    int64_t i = -1;
    if (FY_INT_CHECK(g)) {
        i = FY_INT_VAL(g);
    } else if (FY_STR_CHECK(g)) {
        fy_obj *v = fy_dict_get(m->groupindex, g);
        if (v && FY_INT_CHECK(v)) i = FY_INT_VAL(v);
        if (fy_err_occurred()) return -1;
    } else if (fy_hasattr_cstr(g, "__index__")) {
        if (fy_index(g, &i) < 0) {
            fy_err_clear();
            i = -1;
        }
    }
    if (i < 0 || i >= m->ngroups) {
        fy_err_set(&fy_IndexError, "no such group");
        return -1;
    }
    return (int)i;
}

/* The text of group i, or def (borrowed, may be NULL for None) when it did not take part. */
static fy_obj *group_text(match_obj *m, int i, fy_obj *def) {
    int64_t s = m->spans[2 * i], e = m->spans[2 * i + 1];
    if (s < 0) return fy_ref(def ? def : fy_None);
    fy_obj *str = m->string;
    if (FY_STR_CHECK(str) && ((fy_strobj *)str)->ascii) return fy_str_from_utf8(FY_STR_DATA(str) + s, (size_t)(e - s));
    if (FY_BYTES_CHECK(str)) return fy_bytes_from(((fy_bytes *)str)->data + s, (size_t)(e - s));
    if (FY_TYPE(str) == &fy_bytearray_type) /* groups of a bytearray are bytes, as in CPython */
        return fy_bytes_from(((fy_bytearray *)str)->data + s, (size_t)(e - s));
    fy_obj *a = fy_int_from(s), *b = fy_int_from(e), *sl = a && b ? fy_slice_new(a, b, NULL) : NULL;
    FY_XDECREF(a);
    FY_XDECREF(b);
    if (!sl) return NULL;
    fy_obj *r = fy_getitem(str, sl);
    FY_DECREF(sl);
    return r;
}

static fy_obj *m_group(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    match_obj *m = MO(self);
    if (fy_no_kwargs("group", kw) < 0) return NULL;
    if (nargs == 0) return group_text(m, 0, NULL);
    if (nargs == 1) {
        int i = group_index(m, args[0]);
        return i < 0 ? NULL : group_text(m, i, NULL);
    }
    fy_obj *t = fy_tuple_new(nargs);
    if (!t) return NULL;
    for (size_t k = 0; k < nargs; k++) {
        int i = group_index(m, args[k]);
        fy_obj *v = i < 0 ? NULL : group_text(m, i, NULL);
        if (!v) {
            for (size_t j = k; j < nargs; j++) fy_tuple_set_steal(t, j, fy_none());
            FY_DECREF(t);
            return NULL;
        }
        fy_tuple_set_steal(t, k, v);
    }
    return t;
}

static fy_obj *m_getitem(fy_obj *self, fy_obj *key) {
    int i = group_index(MO(self), key);
    return i < 0 ? NULL : group_text(MO(self), i, NULL);
}

static fy_obj *m_groups(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    static const char *const names[] = {"default", NULL};
    fy_obj *a[1];
    if (fy_parse_args("groups", args, nargs, kw, names, 0, 1, 1, a) < 0) return NULL;
    match_obj *m = MO(self);
    fy_obj *t = fy_tuple_new((size_t)(m->ngroups - 1));
    if (!t) return NULL;
    for (int g = 1; g < m->ngroups; g++) {
        fy_obj *v = group_text(m, g, a[0]);
        if (!v) {
            for (int j = g; j < m->ngroups; j++) fy_tuple_set_steal(t, (size_t)(j - 1), fy_none());
            FY_DECREF(t);
            return NULL;
        }
        fy_tuple_set_steal(t, (size_t)(g - 1), v);
    }
    return t;
}

static fy_obj *m_groupdict(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    static const char *const names[] = {"default", NULL};
    fy_obj *a[1];
    if (fy_parse_args("groupdict", args, nargs, kw, names, 0, 1, 1, a) < 0) return NULL;
    match_obj *m = MO(self);
    fy_obj *d = fy_dict_new();
    int64_t it = 0;
    fy_obj *k, *v;
    while (d && fy_dict_next(m->groupindex, &it, &k, &v)) {
        fy_obj *text = FY_INT_CHECK(v) ? group_text(m, (int)FY_INT_VAL(v), a[0]) : NULL;
        if (!text || fy_dict_set(d, k, text) < 0) {
            FY_XDECREF(text);
            FY_CLEAR(d);
            break;
        }
        FY_DECREF(text);
    }
    return d;
}

static int group_arg(match_obj *m, const char *fname, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_kwcount(kw)) {
        fy_err_format(&fy_TypeError, "Match.%s() takes no keyword arguments", fname);
        return -1;
    }
    if (nargs > 1) {
        fy_err_format(&fy_TypeError, "%s expected at most 1 argument, got %zu", fname, nargs);
        return -1;
    }
    return nargs ? group_index(m, args[0]) : 0;
}

static fy_obj *m_start(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    int i = group_arg(MO(self), "start", args, nargs, kw);
    return i < 0 ? NULL : fy_int_from(MO(self)->spans[2 * i]);
}
static fy_obj *m_end(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    int i = group_arg(MO(self), "end", args, nargs, kw);
    return i < 0 ? NULL : fy_int_from(MO(self)->spans[2 * i + 1]);
}
static fy_obj *span_tuple(match_obj *m, int i) {
    fy_obj *a = fy_int_from(m->spans[2 * i]), *b = fy_int_from(m->spans[2 * i + 1]);
    fy_obj *t = a && b ? fy_tuple_pack(2, a, b) : NULL;
    FY_XDECREF(a);
    FY_XDECREF(b);
    return t;
}
static fy_obj *m_span(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    int i = group_arg(MO(self), "span", args, nargs, kw);
    return i < 0 ? NULL : span_tuple(MO(self), i);
}

/* expand(template): re._match_expand(match, template) does the template work. */
static fy_obj *m_expand(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    static const char *const names[] = {"template", NULL};
    fy_obj *a[1];
    if (fy_parse_args("expand", args, nargs, kw, names, 1, 1, 1, a) < 0) return NULL;
    fy_obj *re = fy_import("re");
    if (!re) return NULL;
    fy_obj *f = fy_getattr_cstr(re, "_match_expand");
    FY_DECREF(re);
    if (!f) return NULL;
    fy_obj *r = fy_call2(f, self, a[0]);
    FY_DECREF(f);
    return r;
}

static fy_obj *m_self(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    (void)args, (void)nargs, (void)kw;
    return fy_ref(self);
}
static fy_obj *m_class_getitem(fy_obj *cls, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    (void)args, (void)nargs, (void)kw;
    return fy_ref(cls);
}

static fy_obj *m_repr(fy_obj *self) {
    match_obj *m = MO(self);
    fy_obj *g = group_text(m, 0, NULL);
    if (!g) return NULL;
    fy_obj *r = fy_repr(g);
    FY_DECREF(g);
    if (!r) return NULL;
    /* %.50R: the repr cut to 50 characters */
    int64_t cut = ((fy_strobj *)r)->nchars > 50 ? fy_str_byte_offset(r, 50) : FY_STR_LEN(r);
    fy_sbuf b = {0};
    fy_sbuf_printf(&b, "<re.Match object; span=(%lld, %lld), match=", (long long)m->spans[0], (long long)m->spans[1]);
    fy_sbuf_add(&b, FY_STR_DATA(r), (size_t)cut);
    fy_sbuf_addc(&b, '>');
    FY_DECREF(r);
    return fy_sbuf_finish(&b);
}

static fy_obj *g_pos(fy_obj *self) { return fy_int_from(MO(self)->pos); }
static fy_obj *g_endpos(fy_obj *self) { return fy_int_from(MO(self)->endpos); }
static fy_obj *g_re(fy_obj *self) { return fy_ref(MO(self)->pattern); }
static fy_obj *g_string(fy_obj *self) { return fy_ref(MO(self)->string); }
static fy_obj *g_lastindex(fy_obj *self) {
    return MO(self)->lastindex >= 0 ? fy_int_from(MO(self)->lastindex) : fy_none();
}
static fy_obj *g_lastgroup(fy_obj *self) {
    match_obj *m = MO(self);
    int64_t it = 0;
    fy_obj *k, *v;
    if (m->lastindex >= 0)
        while (fy_dict_next(m->groupindex, &it, &k, &v))
            if (FY_INT_CHECK(v) && FY_INT_VAL(v) == m->lastindex) return fy_ref(k);
    return fy_none();
}
static fy_obj *g_regs(fy_obj *self) {
    match_obj *m = MO(self);
    fy_obj *t = fy_tuple_new((size_t)m->ngroups);
    if (!t) return NULL;
    for (int g = 0; g < m->ngroups; g++) {
        fy_obj *s = span_tuple(m, g);
        if (!s) {
            for (int j = g; j < m->ngroups; j++) fy_tuple_set_steal(t, (size_t)j, fy_none());
            FY_DECREF(t);
            return NULL;
        }
        fy_tuple_set_steal(t, (size_t)g, s);
    }
    return t;
}

static int match_traverse(fy_obj *o, fy_visitfn visit, void *arg) {
    if (MO(o)->pattern && visit(MO(o)->pattern, arg)) return 1;
    if (MO(o)->string && visit(MO(o)->string, arg)) return 1;
    if (MO(o)->groupindex && visit(MO(o)->groupindex, arg)) return 1;
    return 0;
}

static void match_clear(fy_obj *o) {
    FY_CLEAR(MO(o)->pattern);
    FY_CLEAR(MO(o)->string);
    FY_CLEAR(MO(o)->groupindex);
}

static fy_methoddef match_methods[] = {{"group", m_group, 0, "group([group1, ...])"},
                                       {"groups", m_groups, 0, "groups(default=None)"},
                                       {"groupdict", m_groupdict, 0, "groupdict(default=None)"},
                                       {"start", m_start, 0, "start(group=0)"},
                                       {"end", m_end, 0, "end(group=0)"},
                                       {"span", m_span, 0, "span(group=0)"},
                                       {"expand", m_expand, 0, "expand(template)"},
                                       {"__copy__", m_self, 0, NULL},
                                       {"__deepcopy__", m_self, 0, NULL},
                                       {"__class_getitem__", m_class_getitem, FY_METH_CLASS, NULL},
                                       {0}};
static fy_getsetdef match_getsets[] = {{"pos", g_pos, NULL, NULL},
                                       {"endpos", g_endpos, NULL, NULL},
                                       {"re", g_re, NULL, NULL},
                                       {"string", g_string, NULL, NULL},
                                       {"lastindex", g_lastindex, NULL, NULL},
                                       {"lastgroup", g_lastgroup, NULL, NULL},
                                       {"regs", g_regs, NULL, NULL},
                                       {0}};
fy_type fy_re_match_type = {FY_TYPE_INIT("Match", sizeof(match_obj)),
                            .flags = FY_TPF_FINAL | FY_TPF_GC,
                            .dealloc = match_dealloc,
                            .traverse = match_traverse,
                            .clear = match_clear,
                            .repr = m_repr,
                            .getitem = m_getitem,
                            .methods = match_methods,
                            .getsets = match_getsets};

int fy_re_match_ready(void) {
    if (fy_type_ready(&fy_re_match_type) < 0) return -1;
    if (!fy_re_match_type.module) fy_re_match_type.module = fy_str_from_cstr("re");
    return fy_re_match_type.module ? 0 : -1;
}
