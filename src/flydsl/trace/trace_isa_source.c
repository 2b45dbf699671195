/* trace_isa_source.c - DSL source beside the ISA: a kernel compiled with line tables (FlyDSL's
 * FLYDSL_DEBUG_ENABLE_DEBUG_INFO, flyc.compile(..., debug_info=True)) has .file/.loc directives in its
 * assembly; this reads them and prints each DSL source line followed by the instructions it produced, in
 * the order of the ISA (a line that comes back later is printed again). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "exec/interp.h"

#include "flydsl/trace/trace_int.h"

#define MAXFILES 64

typedef struct files {
    char name[MAXFILES][512];
} files;

static const char *skip_ws(const char *s, const char *e) {
    while (s < e && (*s == ' ' || *s == '\t')) s++;
    return s;
}

/* A quoted string at s into out (the quotes dropped); the position after it, or NULL. */
static const char *quoted(const char *s, const char *e, char *out, size_t cap) {
    s = skip_ws(s, e);
    if (s >= e || *s != '"') return NULL;
    s++;
    size_t n = 0;
    while (s < e && *s != '"') {
        if (*s == '\\' && s + 1 < e) s++;
        if (n + 1 < cap) out[n++] = *s;
        s++;
    }
    out[n] = 0;
    return s < e ? s + 1 : s;
}

/* `.file N "dir" "name"` or `.file N "name"`. */
static void read_file_directive(const char *s, const char *e, files *f) {
    char *end;
    long n = strtol(s, &end, 10);
    if (end == s || n < 0 || n >= MAXFILES) return;
    char a[256], b[256];
    const char *p = quoted(end, e, a, sizeof a);
    if (!p) return;
    if (quoted(p, e, b, sizeof b)) snprintf(f->name[n], sizeof f->name[n], "%s/%s", a, b);
    else snprintf(f->name[n], sizeof f->name[n], "%s", a);
}

/* The text of line `line` of file `name`: from the kernel's recorded sources (by full name, then by base
 * name), else from the file itself. malloc'd, or NULL. */
static char *source_line(fy_obj *sources, const char *name, int line) {
    fy_obj *src = NULL;
    if (sources && FY_DICT_CHECK(sources)) {
        src = fy_dict_get_cstr(sources, name);
        const char *base = strrchr(name, '/');
        base = base ? base + 1 : name;
        int64_t pos = 0;
        fy_obj *k, *v;
        while (!src && fy_dict_next(sources, &pos, &k, &v)) { /* the same base name */
            if (!FY_STR_CHECK(k)) continue;
            const char *kb = strrchr(FY_STR_DATA(k), '/');
            if (!strcmp(kb ? kb + 1 : FY_STR_DATA(k), base)) src = v;
        }
    }
    const char *s = src && FY_STR_CHECK(src) ? FY_STR_DATA(src) : NULL;
    if (!s) return NULL;
    for (int l = 1; l < line && s; l++) {
        s = strchr(s, '\n');
        if (s) s++;
    }
    if (!s) return NULL;
    const char *e = strchr(s, '\n');
    size_t n = e ? (size_t)(e - s) : strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\r')) n--;
    char *r = malloc(n + 1);
    if (r) {
        memcpy(r, s, n);
        r[n] = 0;
    }
    return r;
}

int fy_trace_line_tables(void) {
    const char *e = getenv("FLYDSL_DEBUG_ENABLE_DEBUG_INFO");
    if (e && *e && strcmp(e, "0") && strcasecmp(e, "false")) return 1;
    fy_obj *m = fy_cur ? fy_dict_get_cstr(fy_cur->modules, "flydsl.compiler") : NULL;
    fy_obj *v = m ? fy_dict_get_cstr(FY_MODULE_DICT(m), "_debug_info") : NULL;
    return v == fy_True;
}

fy_obj *fy_trace_isa_source(const char *isa, fy_obj *sources) {
    if (!isa) return fy_str_from_cstr("");
    files *f = calloc(1, sizeof *f);
    if (!f) return fy_err_nomem();
    fy_sbuf out = {0};
    int cur_file = -1, cur_line = -1, shown_file = -2, shown_line = -2, in_code = 0, any_loc = 0;
    for (const char *s = isa; *s;) {
        const char *e = strchr(s, '\n');
        if (!e) e = s + strlen(s);
        const char *p = skip_ws(s, e);
        size_t n = (size_t)(e - p);
        if (n >= 16 && !strncmp(p, ".amdgpu_metadata", 16)) break; /* the code object's notes follow */
        if (n > 6 && !strncmp(p, ".file", 5) && (p[5] == ' ' || p[5] == '\t')) {
            read_file_directive(p + 6, e, f);
        } else if (n > 5 && !strncmp(p, ".loc", 4) && (p[4] == ' ' || p[4] == '\t')) {
            char *q;
            long fi = strtol(p + 5, &q, 10), li = strtol(q, &q, 10);
            cur_file = fi >= 0 && fi < MAXFILES ? (int)fi : -1;
            cur_line = (int)li;
            any_loc = 1;
        } else if (n && p[n - 1] == ':' && *p != '.' && p == s) {
            in_code = 1; /* the kernel's label: its instructions follow */
        } else if (n && p[n - 1] == ':') {
            /* a local label (.LBB0_1:): nothing to print */
        } else if (in_code && n && *p != '.' && *p != ';') {
            if (cur_file != shown_file || cur_line != shown_line) {
                /* "-" is the traced module's own text: an op the DSL gave no line (the kernel's return) */
                if (cur_line > 0 && cur_file >= 0 && f->name[cur_file][0] && strcmp(f->name[cur_file], "-")) {
                    char *src = source_line(sources, f->name[cur_file], cur_line);
                    const char *base = strrchr(f->name[cur_file], '/');
                    const char *t = src;
                    while (t && (*t == ' ' || *t == '\t')) t++;
                    fy_sbuf_printf(&out, "%s:%d  %s\n", base ? base + 1 : f->name[cur_file], cur_line, t ? t : "");
                    free(src);
                } else {
                    fy_sbuf_printf(&out, "(no source line)\n");
                }
                shown_file = cur_file, shown_line = cur_line;
            }
            const char *c = memchr(p, ';', n); /* the instruction without its comment */
            size_t m = c ? (size_t)(c - p) : n;
            while (m && (p[m - 1] == ' ' || p[m - 1] == '\t')) m--;
            fy_sbuf_printf(&out, "    %.*s\n", (int)m, p);
            if (m >= 8 && !strncmp(p, "s_endpgm", 8)) in_code = 0;
        }
        s = *e ? e + 1 : e;
    }
    free(f);
    if (!any_loc) {
        fy_sbuf_free(&out);
        return fy_err_set(&fy_ValueError,
                          "isa_source(): the kernel was compiled without line tables (use flyc.compile(..., "
                          "debug_info=True) or FLYDSL_DEBUG_ENABLE_DEBUG_INFO=1)");
    }
    if (out.oom) {
        fy_sbuf_free(&out);
        return fy_err_nomem();
    }
    fy_obj *r = fy_str_from(out.p ? out.p : "", out.len);
    fy_sbuf_free(&out);
    return r;
}
