/* mod_re.c - the `_re` module: the C half of `re` (stdlib/re.py holds Pattern, Match and the
 * functions). _re.compile(pattern, flags) parses and compiles a str or bytes pattern into a
 * Program; Program.exec(string, pos, endpos, mode) runs it and returns the match's spans. */
#include <stdlib.h>
#include <string.h>
#include "modules/mod_re.h"
#include "modules/mod_registry.h"
#include "objects/object.h"

typedef struct {
    fy_obj h;
    fy_re_prog prog;
    bool istext;
    fy_obj *groupindex; /* dict name -> group */
    /* The last non-ASCII str subject decoded to code points (loops that call search with
     * increasing pos use it again); ASCII strs and bytes are matched in place. */
    fy_obj *subj;
    uint32_t *buf;
    int64_t buflen;
    /* The subject of the running call: s8 (bytes in place) or buf, cur_n characters. */
    const uint8_t *s8;
    int64_t cur_n;
} prog_obj;

static fy_type prog_type;

/* Code points of a str/bytes/bytearray pattern or subject into a new array. */
static uint32_t *decode(fy_obj *o, int64_t *n, bool *istext) {
    if (FY_STR_CHECK(o)) {
        fy_strobj *so = (fy_strobj *)o;
        *istext = true;
        *n = so->nchars;
        uint32_t *b = malloc((size_t)(so->nchars + 1) * sizeof *b);
        if (!b) return (uint32_t *)fy_err_nomem();
        if (so->ascii) {
            for (int64_t k = 0; k < so->len; k++) b[k] = (uint8_t)so->data[k];
        } else {
            int64_t j = 0;
            for (int64_t k = 0; k < so->len && j < so->nchars;) {
                int adv = 1;
                b[j++] = fy_utf8_decode(so->data + k, (size_t)(so->len - k), &adv);
                k += adv > 0 ? adv : 1;
            }
            *n = j;
        }
        return b;
    }
    const char *d = NULL;
    int64_t len = 0;
    if (FY_BYTES_CHECK(o)) {
        d = ((fy_bytes *)o)->data;
        len = ((fy_bytes *)o)->len;
    } else if (FY_TYPE(o) == &fy_bytearray_type) {
        d = ((fy_bytearray *)o)->data;
        len = ((fy_bytearray *)o)->len;
    } else {
        fy_err_format(&fy_TypeError, "expected string or bytes-like object, got '%s'", fy_type_name(o));
        return NULL;
    }
    *istext = false;
    *n = len;
    uint32_t *b = malloc((size_t)(len + 1) * sizeof *b);
    if (!b) return (uint32_t *)fy_err_nomem();
    for (int64_t k = 0; k < len; k++) b[k] = (uint8_t)d[k];
    return b;
}

static void prog_dealloc(fy_obj *o) {
    prog_obj *p = (prog_obj *)o;
    fy_re_prog_free(&p->prog);
    FY_XDECREF(p->groupindex);
    FY_XDECREF(p->subj);
    free(p->buf);
}

/* _re.compile(pattern, flags): a Program, or (msg, pos) for a syntax error (re.py raises
 * re.error from it); OverflowError / ValueError as CPython raises them. */
static fy_obj *re_compile(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    (void)self;
    if (fy_no_kwargs("compile", kw) < 0 || fy_check_nargs("compile", nargs, 2, 2) < 0) return NULL;
    int64_t flags;
    if (fy_int_as_i64(args[1], &flags) < 0) return NULL;
    int64_t n;
    bool istext;
    uint32_t *pat = decode(args[0], &n, &istext);
    if (!pat) {
        if (fy_err_matches(&fy_TypeError)) {
            fy_err_clear();
            fy_err_set(&fy_TypeError, "first argument must be string or compiled pattern");
        }
        return NULL;
    }
    fy_re_parse r;
    int rc = fy_re_parse_pattern(pat, n, istext, (int)flags, &r);
    free(pat);
    prog_obj *po = NULL;
    if (rc == 0) {
        po = (prog_obj *)fy_alloc(&prog_type);
        if (!po) {
            fy_re_parse_free(&r);
            return NULL;
        }
        po->istext = istext;
        rc = fy_re_compile(&r, &po->prog);
    }
    if (rc < 0) {
        fy_obj *res = NULL;
        if (r.errkind == 1) fy_err_set(&fy_OverflowError, r.msg);
        else if (r.errkind == 2) fy_err_set(&fy_ValueError, r.msg);
        else if (r.errkind == 3) fy_err_set(&fy_RecursionError, r.msg);
        else {
            fy_obj *msg = fy_str_from_cstr(r.msg);
            fy_obj *pos = r.pos >= 0 ? fy_int_from(r.pos) : fy_none();
            if (msg && pos) res = fy_tuple_pack(2, msg, pos);
            FY_XDECREF(msg);
            FY_XDECREF(pos);
        }
        fy_re_parse_free(&r);
        FY_XDECREF(po);
        return res;
    }
    po->groupindex = fy_dict_new();
    for (int g = 1; po->groupindex && g < r.groups; g++) {
        if (!r.names[g]) continue;
        fy_obj *k = fy_str_from_cstr(r.names[g]), *v = fy_int_from(g);
        int bad = !k || !v || fy_dict_set(po->groupindex, k, v) < 0;
        FY_XDECREF(k);
        FY_XDECREF(v);
        if (bad) FY_CLEAR(po->groupindex);
    }
    fy_re_parse_free(&r);
    if (!po->groupindex) {
        FY_DECREF(po);
        return NULL;
    }
    return (fy_obj *)po;
}

/* Set up the subject of a call in po (s8 / buf, cur_n). 0 or -1 with TypeError. */
static int prog_subject(prog_obj *po, fy_obj *subj) {
    po->s8 = NULL;
    bool istext = FY_STR_CHECK(subj);
    if (!istext && !FY_BYTES_CHECK(subj) && FY_TYPE(subj) != &fy_bytearray_type) {
        fy_err_format(&fy_TypeError, "expected string or bytes-like object, got '%s'", fy_type_name(subj));
        return -1;
    }
    if (istext != po->istext) {
        fy_err_set(&fy_TypeError, po->istext ? "cannot use a string pattern on a bytes-like object"
                                             : "cannot use a bytes pattern on a string-like object");
        return -1;
    }
    if (!istext) {
        bool b = FY_BYTES_CHECK(subj);
        po->s8 = (const uint8_t *)(b ? ((fy_bytes *)subj)->data : ((fy_bytearray *)subj)->data);
        po->cur_n = b ? ((fy_bytes *)subj)->len : ((fy_bytearray *)subj)->len;
        return 0;
    }
    fy_strobj *so = (fy_strobj *)subj;
    if (so->ascii) {
        po->s8 = (const uint8_t *)so->data;
        po->cur_n = so->len;
        return 0;
    }
    if (subj != po->subj) {
        int64_t n;
        bool t;
        uint32_t *b = decode(subj, &n, &t);
        if (!b) return -1;
        free(po->buf);
        FY_XDECREF(po->subj);
        po->buf = b;
        po->buflen = n;
        po->subj = fy_ref(subj);
    }
    po->cur_n = po->buflen;
    return 0;
}

/* Subject and bounds of exec/findall/scan (pos, endpos clamped as CPython does). */
static int prog_args(prog_obj *po, fy_obj *const *args, int64_t *pos, int64_t *endpos) {
    if (prog_subject(po, args[0]) < 0) return -1;
    if (fy_int_as_i64(args[1], pos) < 0 || fy_int_as_i64(args[2], endpos) < 0) return -1;
    int64_t n = po->cur_n;
    if (*pos < 0) *pos = 0;
    if (*pos > n) *pos = n;
    if (*endpos < 0) *endpos = 0;
    if (*endpos > n) *endpos = n;
    return 0;
}

/* (lastindex or None, start0, end0, start1, ...) with -1 for groups that did not take part. */
static fy_obj *result_tuple(int ng, const int64_t *caps, int64_t last) {
    fy_obj *t = fy_tuple_new((size_t)(1 + 2 * ng));
    if (!t) return NULL;
    fy_tuple_set_steal(t, 0, last >= 0 ? fy_int_from(last) : fy_none());
    for (int k = 0; k < 2 * ng; k++) {
        int64_t v = caps[k], other = caps[k ^ 1];
        if (v < 0 || other < 0) v = -1; /* a start without an end: not taken part */
        fy_obj *o = fy_int_from(v);
        if (!o) {
            for (int j = k; j < 2 * ng; j++) fy_tuple_set_steal(t, (size_t)(1 + j), fy_none());
            FY_DECREF(t);
            return NULL;
        }
        fy_tuple_set_steal(t, (size_t)(1 + k), o);
    }
    return t;
}

/* The subject's text from s to e (code point indices) as str or bytes; "" for s < 0. */
static fy_obj *slice(bool istext, const uint32_t *s32, fy_obj *subj, int64_t s, int64_t e) {
    if (s < 0) s = e = 0;
    if (!istext) {
        const char *d = FY_BYTES_CHECK(subj) ? ((fy_bytes *)subj)->data : ((fy_bytearray *)subj)->data;
        return fy_bytes_from(d + s, (size_t)(e - s));
    }
    fy_strobj *so = (fy_strobj *)subj;
    if (so->ascii) return fy_str_from_utf8(so->data + s, (size_t)(e - s));
    fy_sbuf b = {0};
    char u[4];
    for (int64_t k = s; k < e; k++) fy_sbuf_add(&b, u, (size_t)fy_utf8_encode(s32[k], u));
    if (b.oom) {
        fy_sbuf_free(&b);
        return fy_err_nomem();
    }
    if (!b.p) return fy_str_from_utf8("", 0);
    fy_obj *r = fy_str_from_utf8(b.p, b.len);
    fy_sbuf_free(&b);
    return r;
}

/* Program.exec(string, pos, endpos, mode): None or a result tuple (see result_tuple).
 * mode 0 match, 1 fullmatch, 2 search; | 4: no empty match at pos. */
static fy_obj *prog_exec(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    prog_obj *po = (prog_obj *)self;
    if (fy_no_kwargs("exec", kw) < 0 || fy_check_nargs("exec", nargs, 4, 4) < 0) return NULL;
    int64_t pos, endpos, mode;
    if (prog_args(po, args, &pos, &endpos) < 0 || fy_int_as_i64(args[3], &mode) < 0) return NULL;
    if (pos > endpos) return fy_none();
    int ng = po->prog.groups;
    int64_t *caps = malloc((size_t)(2 * ng) * sizeof *caps), last = -1;
    if (!caps) return fy_err_nomem();
    int r = fy_re_exec(&po->prog, po->s8 ? NULL : po->buf, po->s8, pos, endpos, (int)mode, caps, &last);
    fy_obj *t = r < 0 ? NULL : r == 0 ? fy_none() : result_tuple(ng, caps, last);
    free(caps);
    return t;
}

/* Program.match(pattern, string, pos, endpos, mode): None or a re.Match (mode as exec). */
static fy_obj *prog_match(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    prog_obj *po = (prog_obj *)self;
    if (fy_no_kwargs("match", kw) < 0 || fy_check_nargs("match", nargs, 5, 5) < 0) return NULL;
    int64_t pos, endpos, mode;
    if (prog_args(po, args + 1, &pos, &endpos) < 0 || fy_int_as_i64(args[4], &mode) < 0) return NULL;
    if (pos > endpos) return fy_none();
    int ng = po->prog.groups;
    int64_t *caps = malloc((size_t)(2 * ng) * sizeof *caps), last = -1;
    if (!caps) return fy_err_nomem();
    int r = fy_re_exec(&po->prog, po->s8 ? NULL : po->buf, po->s8, pos, endpos, (int)mode, caps, &last);
    fy_obj *m = r < 0    ? NULL
                : r == 0 ? fy_none()
                         : fy_re_match_new(args[0], args[1], po->groupindex, pos, endpos, ng, caps, last);
    free(caps);
    return m;
}

/* Give the decoded buffer of subj back to the cache (if it is still empty) and let subj go. */
static void scan_done(prog_obj *po, fy_obj *subj, uint32_t *own) {
    if (own && !po->buf && !po->subj) {
        po->buf = own;
        po->subj = fy_ref(subj);
    } else {
        free(own);
    }
    FY_DECREF(subj);
}

/* Successive matches from pos with CPython's rule for empty matches (the next search starts
 * where the last match ended; after an empty match a match there must not be empty). With
 * texts, the items are findall's (group 0, group 1, or a tuple of the groups); otherwise
 * result tuples, at most limit of them (0: no limit). */
static fy_obj *scan(prog_obj *po, fy_obj *const *args, bool texts, int64_t limit, fy_obj *pattern) {
    int64_t pos, endpos;
    if (prog_args(po, args, &pos, &endpos) < 0) return NULL;
    fy_obj *subj = args[0];
    FY_INCREF(subj); /* s8 points into it */
    /* Allocations below may run the collector and so Python code that uses this pattern on
     * another subject: the decoded buffer is taken out of the cache while the scan runs. */
    const uint8_t *s8 = po->s8;
    uint32_t *own = NULL;
    if (!s8) {
        own = po->buf;
        po->buf = NULL;
        FY_CLEAR(po->subj);
    }
    const uint32_t *s32 = own;
    fy_obj *list = fy_list_new(0);
    int ng = po->prog.groups;
    int64_t *caps = malloc((size_t)(2 * ng) * sizeof *caps), last;
    if (!caps || !list) goto fail;
    int mode = 2;
    int64_t count = 0, p0 = pos;
    while (pos <= endpos && (!limit || count < limit)) {
        int r = fy_re_exec(&po->prog, s32, s8, pos, endpos, mode, caps, &last);
        if (r < 0) goto fail;
        if (r == 0) break;
        fy_obj *item;
        if (pattern) {
            item = fy_re_match_new(pattern, subj, po->groupindex, p0, endpos, ng, caps, last);
        } else if (!texts) {
            item = result_tuple(ng, caps, last);
        } else if (ng <= 2) {
            int g = ng == 1 ? 0 : 1;
            item = slice(po->istext, s32, subj, caps[2 * g + 1] < 0 ? -1 : caps[2 * g], caps[2 * g + 1]);
        } else {
            item = fy_tuple_new((size_t)(ng - 1));
            for (int g = 1; item && g < ng; g++) {
                fy_obj *v = slice(po->istext, s32, subj, caps[2 * g + 1] < 0 ? -1 : caps[2 * g], caps[2 * g + 1]);
                if (!v) {
                    for (int j = g; j < ng; j++) fy_tuple_set_steal(item, (size_t)(j - 1), fy_none());
                    FY_CLEAR(item);
                    break;
                }
                fy_tuple_set_steal(item, (size_t)(g - 1), v);
            }
        }
        if (!item || fy_list_append_steal(list, item) < 0) goto fail;
        count++;
        mode = caps[0] == caps[1] ? 6 : 2;
        pos = caps[1];
    }
    scan_done(po, subj, own);
    free(caps);
    return list;
fail:
    scan_done(po, subj, own);
    free(caps);
    FY_XDECREF(list);
    return NULL;
}

/* Program.findall(string, pos, endpos): findall's list. */
static fy_obj *prog_findall(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_no_kwargs("findall", kw) < 0 || fy_check_nargs("findall", nargs, 3, 3) < 0) return NULL;
    return scan((prog_obj *)self, args, true, 0, NULL);
}

/* Program.scan(string, pos, endpos, limit[, pattern]): the result tuples of successive
 * matches, or re.Match objects of pattern. */
static fy_obj *prog_scan(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (fy_no_kwargs("scan", kw) < 0 || fy_check_nargs("scan", nargs, 4, 5) < 0) return NULL;
    int64_t limit;
    if (fy_int_as_i64(args[3], &limit) < 0) return NULL;
    return scan((prog_obj *)self, args, false, limit, nargs == 5 && args[4] != fy_None ? args[4] : NULL);
}

static fy_obj *prog_groups(fy_obj *self) { return fy_int_from(((prog_obj *)self)->prog.groups - 1); }
static fy_obj *prog_flags(fy_obj *self) { return fy_int_from(((prog_obj *)self)->prog.flags); }
static fy_obj *prog_groupindex(fy_obj *self) { return fy_ref(((prog_obj *)self)->groupindex); }
static fy_obj *prog_istext(fy_obj *self) { return fy_bool(((prog_obj *)self)->istext); }

static fy_methoddef prog_methods[] = {{"exec", prog_exec, 0, "exec(string, pos, endpos, mode)"},
                                      {"findall", prog_findall, 0, "findall(string, pos, endpos)"},
                                      {"scan", prog_scan, 0, "scan(string, pos, endpos, limit[, pattern])"},
                                      {"match", prog_match, 0, "match(pattern, string, pos, endpos, mode)"},
                                      {0}};
static fy_getsetdef prog_getsets[] = {{"groups", prog_groups, NULL, NULL},
                                      {"flags", prog_flags, NULL, NULL},
                                      {"groupindex", prog_groupindex, NULL, NULL},
                                      {"istext", prog_istext, NULL, NULL},
                                      {0}};
static fy_type prog_type = {FY_TYPE_INIT("Program", sizeof(prog_obj)), .dealloc = prog_dealloc, .methods = prog_methods,
                            .getsets = prog_getsets, .flags = FY_TPF_FINAL};

static fy_methoddef re_funcs[] = {{"compile", re_compile, 0, "compile(pattern, flags)"}, {0}};

fy_obj *fy_mod_re_init(void) {
    if (fy_type_ready(&prog_type) < 0 || fy_re_match_ready() < 0) return NULL;
    fy_obj *m = fy_module_new_c("_re", re_funcs, "The regular expression engine behind re.");
    if (!m) return NULL;
    if (fy_module_add(m, "Program", (fy_obj *)&prog_type) < 0 ||
        fy_module_add(m, "Match", (fy_obj *)&fy_re_match_type) < 0 ||
        fy_module_add_steal(m, "MAXREPEAT", fy_int_from(FY_RE_MAXREPEAT)) < 0) {
        FY_DECREF(m);
        return NULL;
    }
    return m;
}
