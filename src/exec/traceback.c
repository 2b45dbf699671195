/* traceback.c - CPython 3.11-style traceback text: frames, source lines, caret lines, chained
 * exceptions, SyntaxError display. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "compile/code.h"
#include "exec/interp.h"
#include "exec/traceback.h"
#include "exec/vm.h"

static void add_line(fy_tbinfo *t, const char *s) {
    if (t->nlines == t->caplines) {
        size_t nc = t->caplines ? t->caplines * 2 : 16;
        char **p = realloc(t->lines, nc * sizeof(char *));
        if (!p) return;
        t->lines = p;
        t->caplines = nc;
    }
    char *d = strdup(s);
    if (d) t->lines[t->nlines++] = d;
}

static char *type_name_of(fy_obj *exc) {
    fy_type *t = exc->type;
    fy_obj *mod = (t->flags & FY_TPF_HEAP) ? fy_dict_get_cstr(t->dict, "__module__") : NULL;
    const char *qn = t->qualname ? FY_STR_DATA(t->qualname) : t->name;
    char buf[512];
    if (mod && FY_STR_CHECK(mod) && !fy_str_eq_cstr(mod, "builtins") && !fy_str_eq_cstr(mod, "__main__"))
        snprintf(buf, sizeof buf, "%s.%s", FY_STR_DATA(mod), qn);
    else snprintf(buf, sizeof buf, "%s", qn);
    return strdup(buf);
}

static char *message_of(fy_obj *exc) {
    fy_obj *saved = fy_err_fetch();
    fy_obj *s = fy_str(exc);
    char *r;
    if (s) {
        r = strdup(FY_STR_DATA(s));
        FY_DECREF(s);
    } else {
        fy_err_clear();
        r = strdup("<exception str() failed>");
    }
    if (saved) fy_err_restore(saved);
    return r;
}

char *fy_exc_summary(fy_obj *exc) {
    char *t = type_name_of(exc), *m = message_of(exc);
    size_t n = strlen(t) + strlen(m) + 3;
    char *r = malloc(n);
    if (r) {
        if (*m) snprintf(r, n, "%s: %s", t, m);
        else snprintf(r, n, "%s", t);
    }
    free(t);
    free(m);
    return r;
}

/* Draw the 3.11 caret line for a location, or return false when it would be omitted. */
static bool caret_line(const char *src, const fy_loc *l, int indent_strip, char *out, size_t cap) {
    if (l->line != l->end_line || l->col < 0 || l->end_col <= l->col) return false;
    size_t len = strlen(src);
    /* omit when the range covers the whole (stripped) line */
    size_t a = 0;
    while (a < len && (src[a] == ' ' || src[a] == '\t')) a++;
    size_t b = len;
    while (b > a && (src[b - 1] == ' ' || src[b - 1] == '\t' || src[b - 1] == '\r')) b--;
    if ((size_t)l->col <= a && (size_t)l->end_col >= b && l->kind == 0) return false;
    if ((size_t)l->end_col > len) return false;
    size_t o = 0;
    for (int i = 0; i < 4 && o + 1 < cap; i++) out[o++] = ' ';
    for (int i = indent_strip; i < l->col && o + 1 < cap; i++) out[o++] = ' ';
    int p0 = -1, p1 = -1;
    if (l->kind == 1 && l->a0 >= l->col && l->a1 <= l->end_col && l->a1 > l->a0) {
        /* operator between the operands: skip spaces and closing parens */
        p0 = l->a0;
        p1 = l->a1;
        while (p0 < p1 && (src[p0] == ' ' || src[p0] == ')')) p0++;
        while (p1 > p0 && (src[p1 - 1] == ' ' || src[p1 - 1] == '(')) p1--;
    } else if (l->kind == 2 && l->a0 >= l->col && l->a1 <= l->end_col && l->a1 > l->a0) {
        p0 = l->a0;
        p1 = l->a1;
    }
    for (int i = l->col; i < l->end_col && o + 1 < cap; i++) {
        /* count characters, not continuation bytes */
        if (((unsigned char)src[i] & 0xC0) == 0x80) continue;
        out[o++] = (p0 < 0 || (i >= p0 && i < p1)) ? '^' : '~';
    }
    out[o] = 0;
    return true;
}

static void format_one(fy_tbinfo *t, fy_obj *exc, bool record_frames) {
    fy_exc *e = (fy_exc *)exc;
    if (e->tb) add_line(t, "Traceback (most recent call last):");
    size_t nfr = 0;
    for (fy_tb *tb = (fy_tb *)e->tb; tb; tb = tb->next) nfr++;
    if (record_frames && nfr) {
        t->frames = calloc(nfr, sizeof(flyi_frame));
        t->err.nframes = 0;
    }
    int repeat = 0;
    const char *last_file = NULL, *last_func = NULL;
    int last_line = -1;
    for (fy_tb *tb = (fy_tb *)e->tb; tb; tb = tb->next) {
        fy_code *co = (fy_code *)tb->code;
        const fy_loc *l = tb->instr >= 0 && tb->instr < co->ncode ? &co->locs[tb->instr] : NULL;
        int line = l ? l->line : co->firstline;
        const char *file = FY_STR_DATA(co->filename), *func = FY_STR_DATA(co->name);
        if (last_file && !strcmp(file, last_file) && !strcmp(func, last_func) && line == last_line) {
            repeat++;
            if (repeat >= 3) continue;
        } else {
            if (repeat >= 3) {
                char buf[128];
                snprintf(buf, sizeof buf, "  [Previous line repeated %d more time%s]", repeat - 2,
                         repeat - 2 == 1 ? "" : "s");
                add_line(t, buf);
            }
            repeat = 0;
        }
        last_file = file;
        last_func = func;
        last_line = line;
        char buf[1024];
        snprintf(buf, sizeof buf, "  File \"%s\", line %d, in %s", file, line, func);
        add_line(t, buf);
        char *src = fy_code_source_line(co, line);
        if (src) {
            int ind = 0;
            while (src[ind] == ' ' || src[ind] == '\t') ind++;
            size_t bl = strlen(src + ind) + 8;
            char *sl = malloc(bl);
            if (sl) {
                snprintf(sl, bl, "    %s", src + ind);
                size_t k = strlen(sl);
                while (k && (sl[k - 1] == ' ' || sl[k - 1] == '\r')) sl[--k] = 0;
                add_line(t, sl);
                free(sl);
            }
            char caret[1200];
            if (l && caret_line(src, l, ind, caret, sizeof caret)) add_line(t, caret);
        }
        if (record_frames && t->frames) {
            flyi_frame *fr = &t->frames[t->err.nframes++];
            fr->file = strdup(file);
            fr->function = strdup(func);
            fr->line = line;
            fr->col_start = l ? l->col : 0;
            fr->col_end = l ? l->end_col : 0;
            fr->source_line = src ? strdup(src) : NULL;
        }
        free(src);
    }
    if (repeat >= 3) {
        char buf[128];
        snprintf(buf, sizeof buf, "  [Previous line repeated %d more time%s]", repeat - 2, repeat - 2 == 1 ? "" : "s");
        add_line(t, buf);
    }
    /* SyntaxError shows the offending line and a caret */
    if (fy_isinstance_of(exc, &fy_SyntaxError) && e->dict) {
        fy_obj *fn = fy_dict_get_cstr(e->dict, "filename"), *ln = fy_dict_get_cstr(e->dict, "lineno");
        fy_obj *off = fy_dict_get_cstr(e->dict, "offset"), *txt = fy_dict_get_cstr(e->dict, "text");
        fy_obj *eoff = fy_dict_get_cstr(e->dict, "end_offset"), *eln = fy_dict_get_cstr(e->dict, "end_lineno");
        if (fn && FY_STR_CHECK(fn) && ln && FY_INT_CHECK(ln) && !FY_INT_IS_BIG(ln)) {
            char buf[1024];
            snprintf(buf, sizeof buf, "  File \"%s\", line %lld", FY_STR_DATA(fn), (long long)FY_INT_VAL(ln));
            add_line(t, buf);
            if (txt && FY_STR_CHECK(txt)) {
                const char *s = FY_STR_DATA(txt);
                int ind = 0;
                while (s[ind] == ' ' || s[ind] == '\t') ind++;
                char *stripped = strdup(s + ind);
                if (stripped) {
                    size_t k = strlen(stripped);
                    while (k && (stripped[k - 1] == '\n' || stripped[k - 1] == ' ' || stripped[k - 1] == '\r'))
                        stripped[--k] = 0;
                    char line[1200];
                    snprintf(line, sizeof line, "    %s", stripped);
                    add_line(t, line);
                    if (off && FY_INT_CHECK(off) && !FY_INT_IS_BIG(off) && FY_INT_VAL(off) > 0) {
                        int64_t c0 = FY_INT_VAL(off) - 1 - ind;
                        int64_t c1 = c0 + 1;
                        if (eoff && FY_INT_CHECK(eoff) && !FY_INT_IS_BIG(eoff) && FY_INT_VAL(eoff) > FY_INT_VAL(off) &&
                            (!eln || !FY_INT_CHECK(eln) || FY_INT_VAL(eln) == FY_INT_VAL(ln)))
                            c1 = FY_INT_VAL(eoff) - 1 - ind;
                        if (c0 < 0) c0 = 0;
                        if (c0 > (int64_t)k) c0 = (int64_t)k;
                        if (c1 > (int64_t)k + 1) c1 = (int64_t)k + 1;
                        if (c1 <= c0) c1 = c0 + 1;
                        char car[1200];
                        int o = 0;
                        for (int i = 0; i < 4; i++) car[o++] = ' ';
                        for (int64_t i = 0; i < c0 && o < 1100; i++) car[o++] = ' ';
                        for (int64_t i = c0; i < c1 && o < 1190; i++) car[o++] = '^';
                        car[o] = 0;
                        add_line(t, car);
                    }
                    free(stripped);
                }
            }
        }
        fy_obj *msg = fy_dict_get_cstr(e->dict, "msg");
        char *tn = type_name_of(exc);
        char buf[1200];
        snprintf(buf, sizeof buf, "%s: %s", tn, msg && FY_STR_CHECK(msg) ? FY_STR_DATA(msg) : "invalid syntax");
        add_line(t, buf);
        free(tn);
        return;
    }
    char *s = fy_exc_summary(exc);
    if (s) {
        /* multi-line messages become several lines */
        char *p = s;
        for (;;) {
            char *nl = strchr(p, '\n');
            if (nl) *nl = 0;
            add_line(t, p);
            if (!nl) break;
            p = nl + 1;
        }
        free(s);
    }
    if (e->notes && FY_LIST_CHECK(e->notes))
        for (int64_t i = 0; i < FY_LIST_N(e->notes); i++)
            if (FY_STR_CHECK(FY_LIST_ITEMS(e->notes)[i])) add_line(t, FY_STR_DATA(FY_LIST_ITEMS(e->notes)[i]));
}

static void format_chain(fy_tbinfo *t, fy_obj *exc, int depth) {
    fy_exc *e = (fy_exc *)exc;
    if (depth < 32) {
        if (e->cause && fy_isinstance_of(e->cause, &fy_BaseException)) {
            format_chain(t, e->cause, depth + 1);
            add_line(t, "");
            add_line(t, "The above exception was the direct cause of the following exception:");
            add_line(t, "");
        } else if (e->context && !e->suppress_context && fy_isinstance_of(e->context, &fy_BaseException)) {
            format_chain(t, e->context, depth + 1);
            add_line(t, "");
            add_line(t, "During handling of the above exception, another exception occurred:");
            add_line(t, "");
        }
    }
    format_one(t, exc, depth == 0);
}

int fy_tb_format(fy_obj *exc, fy_tbinfo *t) {
    memset(t, 0, sizeof *t);
    if (!exc || !fy_isinstance_of(exc, &fy_BaseException)) return -1;
    format_chain(t, exc, 0);
    t->type = type_name_of(exc);
    if (fy_isinstance_of(exc, &fy_SyntaxError) && ((fy_exc *)exc)->dict) {
        fy_obj *msg = fy_dict_get_cstr(((fy_exc *)exc)->dict, "msg");
        t->message = strdup(msg && FY_STR_CHECK(msg) ? FY_STR_DATA(msg) : "invalid syntax");
    } else t->message = message_of(exc);
    t->err.type = t->type;
    t->err.message = t->message;
    t->err.frames = t->frames;
    t->err.lines = (const char *const *)t->lines;
    t->err.nlines = t->nlines;
    return 0;
}

void fy_tb_free(fy_tbinfo *t) {
    for (size_t i = 0; i < t->nlines; i++) free(t->lines[i]);
    free(t->lines);
    for (size_t i = 0; i < t->err.nframes; i++) {
        free((char *)t->frames[i].file);
        free((char *)t->frames[i].function);
        free((char *)t->frames[i].source_line);
    }
    free(t->frames);
    free(t->type);
    free(t->message);
    memset(t, 0, sizeof *t);
}

/* ------------------------------------------------------------------ for the traceback module */

/* (filename, lineno, name, line, caret) of one position, as a traceback shows it: line is the
 * stripped source line or None, caret the caret line (without its 4-space indent) or None. */
static fy_obj *position(fy_code *co, int instr, bool source) {
    const fy_loc *l = instr >= 0 && instr < co->ncode ? &co->locs[instr] : NULL;
    int line = l ? l->line : co->firstline;
    char *src = source ? fy_code_source_line(co, line) : NULL;
    fy_obj *text = NULL, *caret = NULL;
    if (src) {
        int ind = 0;
        while (src[ind] == ' ' || src[ind] == '\t') ind++;
        size_t k = strlen(src);
        while (k > (size_t)ind && (src[k - 1] == ' ' || src[k - 1] == '\r')) k--;
        text = fy_str_from(src + ind, k - ind);
        char buf[1200];
        if (l && caret_line(src, l, ind, buf, sizeof buf)) caret = fy_str_from_cstr(buf + 4);
        free(src);
    }
    fy_obj *ln = fy_int_from(line);
    fy_obj *r = fy_tuple_pack(5, co->filename, ln, co->name, text ? text : fy_None, caret ? caret : fy_None);
    FY_XDECREF(ln);
    FY_XDECREF(text);
    FY_XDECREF(caret);
    return r;
}

fy_obj *fy_tb_entries(fy_obj *tb) {
    fy_obj *r = fy_list_new(0);
    for (fy_tb *t = (fy_tb *)tb; r && t && FY_TYPE(t) == &fy_tb_type; t = t->next)
        if (fy_list_append_steal(r, position((fy_code *)t->code, t->instr, true)) < 0) FY_CLEAR(r);
    return r;
}

/* A frame's locals as a new dict: its locals dict, or its fast locals and cells by name. */
static fy_obj *frame_locals(fy_frame *f) {
    if (f->locals) return fy_ref(f->locals);
    fy_code *co = f->code;
    fy_obj *d = fy_dict_new();
    for (int i = 0; d && i < co->nlocals + co->ncells + co->nfrees; i++) {
        fy_obj *name, *v = f->localsplus[i];
        if (i < co->nlocals) name = FY_TUPLE_ITEMS(co->varnames)[i];
        else if (i < co->nlocals + co->ncells) name = FY_TUPLE_ITEMS(co->cellvars)[i - co->nlocals];
        else name = FY_TUPLE_ITEMS(co->freevars)[i - co->nlocals - co->ncells];
        if (v && i >= co->nlocals && FY_TYPE(v) == &fy_cell_type) v = ((fy_cell *)v)->ref;
        if (v && fy_dict_set(d, name, v) < 0) FY_CLEAR(d);
    }
    return d;
}

fy_obj *fy_tb_stack(bool full, bool source) {
    fy_obj *r = fy_list_new(0);
    for (fy_frame *f = fy_cur->frame; r && f; f = f->back) {
        fy_obj *p = position(f->code, f->cur, source);
        fy_obj *loc = p ? (full ? frame_locals(f) : fy_ref(fy_None)) : NULL;
        fy_obj *e = loc ? fy_tuple_pack(4, p, full ? f->globals : fy_None, loc, (fy_obj *)f->code) : NULL;
        FY_XDECREF(p);
        FY_XDECREF(loc);
        if (!e || fy_list_insert(r, 0, e) < 0) FY_CLEAR(r);
        FY_XDECREF(e);
    }
    return r;
}

fy_obj *fy_tb_lines(fy_obj *exc) {
    fy_tbinfo t;
    if (fy_tb_format(exc, &t) < 0) return fy_err_set(&fy_TypeError, "an exception instance is required");
    fy_obj *r = fy_list_new(0);
    for (size_t i = 0; r && i < t.nlines; i++)
        if (fy_list_append_steal(r, fy_str_from_cstr(t.lines[i])) < 0) FY_CLEAR(r);
    fy_tb_free(&t);
    return r;
}
