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
    /* The last subject decoded to code points (finditer/sub call exec on it repeatedly). */
    fy_obj *subj;
    uint32_t *buf;
    int64_t buflen;
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

/* Program.exec(string, pos, endpos, mode): None, or (lastindex or None, start0, end0, ...)
 * with -1 for groups that did not take part. mode 0 match, 1 fullmatch, 2 search. */
static fy_obj *prog_exec(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    prog_obj *po = (prog_obj *)self;
    if (fy_no_kwargs("exec", kw) < 0 || fy_check_nargs("exec", nargs, 4, 4) < 0) return NULL;
    fy_obj *subj = args[0];
    if (subj != po->subj) {
        int64_t n;
        bool istext;
        uint32_t *b = decode(subj, &n, &istext);
        if (!b) return NULL;
        if (istext != po->istext) {
            free(b);
            return fy_err_set(&fy_TypeError, po->istext ? "cannot use a string pattern on a bytes-like object"
                                                        : "cannot use a bytes pattern on a string-like object");
        }
        free(po->buf);
        FY_XDECREF(po->subj);
        po->buf = b;
        po->buflen = n;
        /* A bytearray may change between calls: never reuse its decoding. */
        po->subj = FY_TYPE(subj) == &fy_bytearray_type ? NULL : fy_ref(subj);
    }
    int64_t pos, endpos, mode;
    if (fy_int_as_i64(args[1], &pos) < 0 || fy_int_as_i64(args[2], &endpos) < 0 || fy_int_as_i64(args[3], &mode) < 0)
        return NULL;
    int64_t n = po->buflen;
    if (pos < 0) pos = 0;
    if (pos > n) pos = n;
    if (endpos < 0) endpos = 0;
    if (endpos > n) endpos = n;
    if (pos > endpos) return fy_none();
    int ng = po->prog.groups;
    int64_t *caps = malloc((size_t)(2 * ng) * sizeof *caps), last = -1;
    if (!caps) return fy_err_nomem();
    int r = fy_re_exec(&po->prog, po->buf, n, pos, endpos, (int)mode, caps, &last);
    if (r <= 0) {
        free(caps);
        return r < 0 ? NULL : fy_none();
    }
    fy_obj *t = fy_tuple_new((size_t)(1 + 2 * ng));
    if (!t) {
        free(caps);
        return NULL;
    }
    fy_tuple_set_steal(t, 0, last >= 0 ? fy_int_from(last) : fy_none());
    for (int k = 0; k < 2 * ng; k++) {
        /* A group whose end is unset did not take part. */
        int64_t v = caps[k], other = caps[k ^ 1];
        if (v < 0 || other < 0) v = -1;
        fy_obj *o = fy_int_from(v);
        if (!o) {
            free(caps);
            FY_DECREF(t);
            return NULL;
        }
        fy_tuple_set_steal(t, (size_t)(1 + k), o);
    }
    free(caps);
    return t;
}

static fy_obj *prog_groups(fy_obj *self) { return fy_int_from(((prog_obj *)self)->prog.groups - 1); }
static fy_obj *prog_flags(fy_obj *self) { return fy_int_from(((prog_obj *)self)->prog.flags); }
static fy_obj *prog_groupindex(fy_obj *self) { return fy_ref(((prog_obj *)self)->groupindex); }
static fy_obj *prog_istext(fy_obj *self) { return fy_bool(((prog_obj *)self)->istext); }

static fy_methoddef prog_methods[] = {{"exec", prog_exec, 0, "exec(string, pos, endpos, mode)"}, {0}};
static fy_getsetdef prog_getsets[] = {{"groups", prog_groups, NULL, NULL},
                                      {"flags", prog_flags, NULL, NULL},
                                      {"groupindex", prog_groupindex, NULL, NULL},
                                      {"istext", prog_istext, NULL, NULL},
                                      {0}};
static fy_type prog_type = {FY_TYPE_INIT("Program", sizeof(prog_obj)), .dealloc = prog_dealloc, .methods = prog_methods,
                            .getsets = prog_getsets, .flags = FY_TPF_FINAL};

static fy_methoddef re_funcs[] = {{"compile", re_compile, 0, "compile(pattern, flags)"}, {0}};

fy_obj *fy_mod_re_init(void) {
    if (fy_type_ready(&prog_type) < 0) return NULL;
    fy_obj *m = fy_module_new_c("_re", re_funcs, "The regular expression engine behind re.");
    if (!m) return NULL;
    if (fy_module_add(m, "Program", (fy_obj *)&prog_type) < 0 ||
        fy_module_add_steal(m, "MAXREPEAT", fy_int_from(FY_RE_MAXREPEAT)) < 0) {
        FY_DECREF(m);
        return NULL;
    }
    return m;
}
