/* session_magic.c - IPython-style line magics (%ir, %isa, %stats, %time, ...) in the session layer.
 *
 * A cell's lines that start with `%` (outside brackets, strings and continuations, like IPython) are
 * rewritten to calls of the builtin `_flyi_magic(name, args)` before the cell is parsed, so magics mix
 * with Python code, report errors as exceptions (UsageError, shown without a traceback) and print
 * through the cell's sink: the REPL and the Jupyter kernel share them. */
#include <dlfcn.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>

#include "compile/code.h"
#include "core/core_load.h"
#include "exec/interp.h"
#include "parse/parse.h"
#include "flyi/session.h"
#include "session/session_int.h"
#include "flydsl/trace/trace.h"
#include "exec/vm.h"
#include "pipeline/stages.h"
#include "modules/mod_ipython.h"

/* ------------------------------------------------------------------ rewriting a cell */

static bool is_space(char c) { return c == ' ' || c == '\t'; }

/* Appends s (n bytes) as a single-quoted Python string literal. */
static void add_literal(fy_sbuf *b, const char *s, size_t n) {
    fy_sbuf_addc(b, '\'');
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\\' || c == '\'') {
            fy_sbuf_addc(b, '\\');
            fy_sbuf_addc(b, (char)c);
        } else if (c < 0x20 || c == 0x7f) {
            fy_sbuf_printf(b, "\\x%02x", c);
        } else {
            fy_sbuf_addc(b, (char)c);
        }
    }
    fy_sbuf_addc(b, '\'');
}

/* The cell with its magic lines turned into _flyi_magic(...) calls (malloc'd), or NULL when it has
 * none. A line is a magic when it starts with `%` at bracket depth 0, outside a string and not after
 * a backslash continuation, so the `%` operator in code is never touched. */
char *fy_magic_transform(const char *cell) {
    int depth = 0, cont = 0;
    char quote = 0;
    bool triple = false, any = false;
    fy_sbuf b = {0};
    const char *p = cell;
    while (*p) {
        const char *line = p;
        const char *eol = strchr(p, '\n');
        if (!eol) eol = p + strlen(p);
        const char *q = line;
        while (q < eol && is_space(*q)) q++;
        if (!quote && depth == 0 && !cont && q < eol && *q == '%' && q + 1 < eol && q[1] != '%') {
            const char *nm = q + 1, *ne = nm;
            while (ne < eol && !is_space(*ne) && *ne != '\r') ne++;
            const char *ar = ne;
            while (ar < eol && is_space(*ar)) ar++;
            const char *ae = eol;
            while (ae > ar && (is_space(ae[-1]) || ae[-1] == '\r')) ae--;
            fy_sbuf_add(&b, line, (size_t)(q - line));
            fy_sbuf_adds(&b, "_flyi_magic(");
            add_literal(&b, nm, (size_t)(ne - nm));
            fy_sbuf_adds(&b, ", ");
            add_literal(&b, ar, (size_t)(ae - ar));
            fy_sbuf_addc(&b, ')');
            any = true;
        } else {
            fy_sbuf_add(&b, line, (size_t)(eol - line));
            /* track strings, brackets and comments through the line */
            cont = 0;
            for (const char *c = line; c < eol; c++) {
                if (quote) {
                    if (*c == '\\') {
                        if (c + 1 < eol) c++;
                        else if (!triple) cont = 1;
                    } else if (*c == quote) {
                        if (!triple) quote = 0;
                        else if (c + 2 < eol && c[1] == quote && c[2] == quote) {
                            quote = 0;
                            c += 2;
                        }
                    }
                    continue;
                }
                if (*c == '#') break;
                if (*c == '\'' || *c == '"') {
                    quote = *c;
                    triple = c + 2 < eol && c[1] == *c && c[2] == *c;
                    if (triple) c += 2;
                } else if (*c == '(' || *c == '[' || *c == '{') {
                    depth++;
                } else if ((*c == ')' || *c == ']' || *c == '}') && depth > 0) {
                    depth--;
                } else if (*c == '\\' && c + 1 == eol) {
                    cont = 1;
                }
            }
            if (quote && !triple && !cont) quote = 0; /* an unterminated one-line string ends here */
        }
        if (*eol == '\n') fy_sbuf_addc(&b, '\n');
        p = *eol ? eol + 1 : eol;
    }
    if (!any || b.oom) {
        fy_sbuf_free(&b);
        return NULL;
    }
    fy_sbuf_addc(&b, 0);
    return b.p;
}

/* ------------------------------------------------------------------ helpers */

/* Raise UsageError (a session-made Exception subclass, shown without a traceback). */
static fy_obj *usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static fy_obj *usage(const char *fmt, ...) {
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fy_obj *t = fy_dict_get_cstr(fy_cur->builtins, "_flyi_UsageError");
    return fy_err_set(t ? (fy_type *)t : &fy_RuntimeError, msg);
}

static int out(const char *s) { return fy_write_stdout(s, strlen(s)); }

static int outf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int outf(const char *fmt, ...) {
    char buf[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return out(buf);
}

/* Text with a guaranteed final newline. */
static int out_text(const char *s) {
    size_t n = strlen(s);
    if (fy_write_stdout(s, n) < 0) return -1;
    return n && s[n - 1] == '\n' ? 0 : fy_write_stdout("\n", 1);
}

#define MAXTOK 16
typedef struct {
    int n;
    char *v[MAXTOK];
    char buf[4096];
} toks;

/* Splits args at blanks ('...' and "..." group). Returns -1 when there are too many words. */
static int split(const char *args, toks *t) {
    t->n = 0;
    char *o = t->buf, *end = t->buf + sizeof t->buf - 1;
    const char *p = args;
    while (*p) {
        while (is_space(*p)) p++;
        if (!*p) break;
        if (t->n == MAXTOK) return -1;
        t->v[t->n++] = o;
        while (*p && !is_space(*p) && o < end) {
            if (*p == '\'' || *p == '"') {
                char q = *p++;
                while (*p && *p != q && o < end) *o++ = *p++;
                if (*p) p++;
            } else {
                *o++ = *p++;
            }
        }
        if (o < end) *o++ = 0;
        else {
            *end = 0;
            break;
        }
    }
    return 0;
}

static const char *tname(fy_obj *o) { return FY_TYPE(o)->name; }

/* The last compiled kernel (flyc.last_compiled()), borrowed, or NULL. */
static fy_obj *last_kernel(void) {
    fy_obj *m = fy_dict_get_cstr(fy_cur->modules, "flydsl.compiler");
    fy_obj *k = m ? fy_dict_get_cstr(FY_MODULE_DICT(m), "_last_compiled") : NULL;
    return k && k != fy_None ? k : NULL;
}

/* word names a kernel in scope: a CompiledKernel, or a compiled @flyc.kernel/@flyc.jit function
 * (the last compiled kernel when its name matches, or for a jit function). Borrowed; NULL when
 * the word is not such a name; *err set when it names a function that was not compiled. */
static fy_obj *named_kernel(const char *word, bool *err) {
    *err = false;
    fy_obj *v = fy_dict_get_cstr(fy_cur->main_dict, word);
    if (!v) return NULL;
    if (!strcmp(tname(v), "CompiledKernel")) return v;
    if (strcmp(tname(v), "JitFunction")) return NULL;
    fy_obj *last = last_kernel();
    fy_obj *kn = last ? fy_getattr_cstr(last, "name") : NULL;
    fy_obj *fn = fy_getattr_cstr(v, "__name__");
    fy_err_clear();
    bool same = kn && fn && FY_STR_CHECK(kn) && FY_STR_CHECK(fn) && !strcmp(FY_STR_DATA(kn), FY_STR_DATA(fn));
    FY_XDECREF(kn);
    FY_XDECREF(fn);
    if (same) return last;
    /* a host @flyc.jit launcher: its last launch is the last compiled kernel */
    fy_obj *w = fy_getattr_cstr(v, "__wrapped__");
    fy_err_clear();
    FY_XDECREF(w);
    if (last) return last;
    *err = true;
    return NULL;
}

/* Picks the kernel out of the words (removing it): a name in scope, else the last compiled one.
 * Borrowed; NULL with UsageError. */
static fy_obj *pick_kernel(toks *t, const char *magic) {
    for (int i = 0; i < t->n; i++) {
        bool err;
        fy_obj *k = named_kernel(t->v[i], &err);
        if (err) return usage("%%%s: '%s' has not been compiled yet (call flyc.compile first)", magic, t->v[i]);
        if (k) {
            for (int j = i; j + 1 < t->n; j++) t->v[j] = t->v[j + 1];
            t->n--;
            return k;
        }
    }
    fy_obj *k = last_kernel();
    if (!k) return usage("%%%s: no kernel has been compiled yet (flyc.compile(jit_fn, *args) compiles one)", magic);
    return k;
}

/* A str attribute of o as a C string copy into buf (empty when missing). */
static const char *attr_s(fy_obj *o, const char *name, char *buf, size_t cap) {
    fy_obj *v = fy_getattr_cstr(o, name);
    buf[0] = 0;
    if (v && FY_STR_CHECK(v)) snprintf(buf, cap, "%s", FY_STR_DATA(v));
    FY_XDECREF(v);
    fy_err_clear();
    return buf;
}
static int64_t attr_i(fy_obj *o, const char *name) {
    fy_obj *v = fy_getattr_cstr(o, name);
    int64_t r = 0;
    if (v && FY_INT_CHECK(v) && !FY_INT_IS_BIG(v)) r = FY_INT_VAL(v);
    else if (v && v == fy_True) r = 1;
    FY_XDECREF(v);
    fy_err_clear();
    return r;
}
static double attr_f(fy_obj *o, const char *name) {
    fy_obj *v = fy_getattr_cstr(o, name);
    double r = -1;
    if (!v || fy_as_double(v, &r) < 0) r = -1;
    FY_XDECREF(v);
    fy_err_clear();
    return r;
}

/* The stage of k that word names (number, pass name, dump label, or label without "NN_"): a new
 * reference, or NULL with UsageError. */
static fy_obj *find_stage(fy_obj *k, const char *word, const char *magic) {
    fy_obj *st = fy_getattr_cstr(k, "stages");
    if (!st) return NULL;
    char *end;
    long num = strtol(word, &end, 10);
    bool isnum = *word && !*end;
    fy_obj *hit = NULL;
    for (int64_t i = 0; !hit && FY_LIST_CHECK(st) && i < FY_LIST_N(st); i++) {
        fy_obj *s = FY_LIST_ITEMS(st)[i];
        char name[512], label[128];
        attr_s(s, "name", name, sizeof name);
        attr_s(s, "label", label, sizeof label);
        const char *bare = strchr(label, '_') ? strchr(label, '_') + 1 : label;
        if (isnum ? attr_i(s, "number") == num : !strcmp(word, name) || !strcmp(word, label) || !strcmp(word, bare))
            hit = fy_ref(s);
    }
    FY_DECREF(st);
    if (!hit) return usage("%%%s: no stage '%s' (%%ir lists the stages)", magic, word);
    return hit;
}

/* IR text after stage s of k (new str) or NULL with an exception. */
static fy_obj *stage_ir(fy_obj *k, fy_obj *s) {
    fy_obj *n = fy_int_from(attr_i(s, "number"));
    if (!n) return NULL;
    fy_obj *ir = fy_call_method(k, "ir", &n, 1);
    FY_DECREF(n);
    if (ir && !FY_STR_CHECK(ir)) {
        FY_DECREF(ir);
        return usage("the IR of this stage was not captured");
    }
    return ir;
}

/* ------------------------------------------------------------------ kernel magics */

static fy_obj *m_ir(const char *args) {
    toks t;
    if (split(args, &t) < 0) return usage("%%ir: too many arguments");
    fy_obj *k = pick_kernel(&t, "ir");
    if (!k) return NULL;
    if (t.n >= 1 && !strcmp(t.v[0], "--diff")) {
        if (t.n != 3) return usage("%%ir --diff needs two stages: %%ir [kernel] --diff A B");
        fy_obj *sa = find_stage(k, t.v[1], "ir"), *sb = sa ? find_stage(k, t.v[2], "ir") : NULL;
        fy_obj *ia = sb ? stage_ir(k, sa) : NULL, *ib = ia ? stage_ir(k, sb) : NULL;
        fy_obj *r = NULL;
        if (ib) {
            char la[128], lb[128];
            attr_s(sa, "label", la, sizeof la);
            attr_s(sb, "label", lb, sizeof lb);
            fy_obj *d = fy_magic_diff(FY_STR_DATA(ia), FY_STR_DATA(ib), la, lb);
            if (d) {
                if (!FY_STR_LEN(d)) outf("(no differences between %s and %s)\n", la, lb);
                else out_text(FY_STR_DATA(d));
                FY_DECREF(d);
                r = fy_none();
            }
        }
        FY_XDECREF(sa);
        FY_XDECREF(sb);
        FY_XDECREF(ia);
        FY_XDECREF(ib);
        return r;
    }
    if (t.n > 1) return usage("%%ir: expected %%ir [kernel] [stage] or %%ir [kernel] --diff A B");
    if (t.n == 1) {
        fy_obj *s = find_stage(k, t.v[0], "ir");
        fy_obj *ir = s ? stage_ir(k, s) : NULL;
        FY_XDECREF(s);
        if (!ir) return NULL;
        out_text(FY_STR_DATA(ir));
        FY_DECREF(ir);
        return fy_none();
    }
    fy_obj *st = fy_getattr_cstr(k, "stages");
    if (!st || !FY_LIST_CHECK(st)) {
        FY_XDECREF(st);
        return NULL;
    }
    char kn[128], tg[32];
    outf("%s for %s: %lld stages\n", attr_s(k, "name", kn, sizeof kn), attr_s(k, "target", tg, sizeof tg),
         (long long)FY_LIST_N(st));
    outf("%3s  %-44s %9s  %s\n", "#", "stage", "time ms", "changed");
    for (int64_t i = 0; i < FY_LIST_N(st); i++) {
        fy_obj *s = FY_LIST_ITEMS(st)[i];
        char label[128];
        attr_s(s, "label", label, sizeof label);
        int64_t num = attr_i(s, "number");
        double ms = attr_f(s, "time");
        if (num == 0) outf("%3lld  %-44s %9s  %s\n", (long long)num, label, "-", "-");
        else outf("%3lld  %-44s %9.3f  %s\n", (long long)num, label, ms, attr_i(s, "changed") ? "yes" : "no");
    }
    FY_DECREF(st);
    return fy_none();
}

static fy_obj *text_attr_magic(const char *args, const char *magic, const char *attr, const char *what) {
    toks t;
    if (split(args, &t) < 0) return usage("%%%s: too many arguments", magic);
    fy_obj *k = pick_kernel(&t, magic);
    if (!k) return NULL;
    if (t.n) return usage("%%%s: unexpected argument '%s' (expected %%%s [kernel])", magic, t.v[0], magic);
    fy_obj *v = fy_getattr_cstr(k, attr);
    if (!v) return NULL;
    if (!FY_STR_CHECK(v)) {
        FY_DECREF(v);
        return usage("%%%s: the kernel has no %s", magic, what);
    }
    out_text(FY_STR_DATA(v));
    FY_DECREF(v);
    return fy_none();
}
static fy_obj *m_llvm(const char *a) { return text_attr_magic(a, "llvm", "llvm_ir", "LLVM IR"); }
/* %isa [kernel] [--source]: the assembly; with --source each DSL line followed by its instructions. */
static fy_obj *m_isa(const char *a) {
    toks t;
    if (split(a, &t) < 0) return usage("%%isa: too many arguments");
    int source = 0;
    for (int i = 0; i < t.n; i++)
        if (!strcmp(t.v[i], "--source")) {
            source = 1;
            for (int j = i; j + 1 < t.n; j++) t.v[j] = t.v[j + 1];
            t.n--;
            break;
        }
    if (!source) return text_attr_magic(a, "isa", "isa", "ISA");
    fy_obj *k = pick_kernel(&t, "isa");
    if (!k) return NULL;
    if (t.n) return usage("%%isa: unexpected argument '%s' (expected %%isa [kernel] [--source])", t.v[0]);
    fy_obj *v = fy_call_method(k, "isa_source", NULL, 0);
    if (!v) return NULL;
    /* text for the REPL, the side-by-side view for a notebook */
    fy_obj *html = FY_STR_CHECK(v) ? fy_source_isa_html(FY_STR_DATA(v)) : NULL;
    size_t n = FY_STR_CHECK(v) ? strlen(FY_STR_DATA(v)) : 0;
    while (n && FY_STR_DATA(v)[n - 1] == '\n') n--;
    fy_obj *plain = html ? fy_str_from_utf8(FY_STR_DATA(v), n) : NULL, *bundle = plain ? fy_dict_new() : NULL;
    int rc =
        bundle && fy_dict_set_cstr(bundle, "text/plain", plain) == 0 && fy_dict_set_cstr(bundle, "text/html", html) == 0
            ? fy_display_publish_id(fy_cur->sink, bundle, false, NULL, false)
            : -1;
    FY_XDECREF(bundle);
    FY_XDECREF(plain);
    FY_XDECREF(html);
    FY_DECREF(v);
    return rc < 0 ? NULL : fy_none();
}

static int64_t dict_i(fy_obj *d, const char *k) {
    fy_obj *v = fy_dict_get_cstr(d, k);
    return v && FY_INT_CHECK(v) && !FY_INT_IS_BIG(v) ? FY_INT_VAL(v) : 0;
}
static const char *dict_s(fy_obj *d, const char *k) {
    fy_obj *v = fy_dict_get_cstr(d, k);
    return v && FY_STR_CHECK(v) ? FY_STR_DATA(v) : "?";
}

/* One line of an instruction mix ("mix" of CompiledKernel.stats, or one of its "loops"). */
static void out_mix(const char *head, fy_obj *m) {
    if (!m || !FY_DICT_CHECK(m)) return;
    outf("%sVALU %lld, SALU %lld, VMEM %lld loads + %lld stores + %lld atomics (%lld bytes a lane), SMEM %lld,\n", head,
         (long long)dict_i(m, "valu"), (long long)dict_i(m, "salu"), (long long)dict_i(m, "vmem_load"),
         (long long)dict_i(m, "vmem_store"), (long long)dict_i(m, "vmem_atomic"),
         (long long)dict_i(m, "vmem_bytes_per_lane"), (long long)dict_i(m, "smem"));
    outf("            LDS %lld reads + %lld writes (%lld bytes a lane) + %lld lane exchanges, MFMA %lld",
         (long long)dict_i(m, "lds_read"), (long long)dict_i(m, "lds_write"),
         (long long)dict_i(m, "lds_bytes_per_lane"), (long long)dict_i(m, "lds_lane"), (long long)dict_i(m, "mfma"));
    fy_obj *ops = fy_dict_get_cstr(m, "mfma_ops");
    for (int64_t i = 0; ops && FY_LIST_CHECK(ops) && i < FY_LIST_N(ops); i++) {
        fy_obj *o = FY_LIST_ITEMS(ops)[i];
        if (FY_STR_CHECK(o)) outf("%s%s", i ? ", " : " (", FY_STR_DATA(o));
        if (i + 1 == FY_LIST_N(ops)) outf(")");
    }
    outf(",\n            %lld branches, %lld s_waitcnt, %lld barriers\n", (long long)dict_i(m, "branch"),
         (long long)dict_i(m, "waitcnt"), (long long)dict_i(m, "barrier"));
}

static fy_obj *m_stats(const char *args) {
    toks t;
    if (split(args, &t) < 0) return usage("%%stats: too many arguments");
    fy_obj *k = pick_kernel(&t, "stats");
    if (!k) return NULL;
    if (t.n) return usage("%%stats: unexpected argument '%s' (expected %%stats [kernel])", t.v[0]);
    fy_obj *d = fy_getattr_cstr(k, "stats");
    if (!d) return NULL;
    if (!FY_DICT_CHECK(d)) {
        FY_DECREF(d);
        return usage("%%stats: the kernel has no resource stats (no code object)");
    }
    char tg[32];
    outf("kernel:     %s (%s)\n", dict_s(d, "kernel"), attr_s(k, "target", tg, sizeof tg));
    outf("VGPR:       %lld\nAGPR:       %lld\nSGPR:       %lld\n", (long long)dict_i(d, "vgpr"),
         (long long)dict_i(d, "agpr"), (long long)dict_i(d, "sgpr"));
    outf("spills:     %lld VGPR, %lld SGPR\n", (long long)dict_i(d, "vgpr_spill"), (long long)dict_i(d, "sgpr_spill"));
    outf("scratch:    %lld bytes per lane\n", (long long)dict_i(d, "scratch_bytes"));
    outf("LDS:        %lld bytes per workgroup\n", (long long)dict_i(d, "lds_bytes"));
    outf("wave size:  %lld, max workgroup %lld\n", (long long)dict_i(d, "wave_size"),
         (long long)dict_i(d, "max_workgroup_size"));
    outf("occupancy:  %lld waves per SIMD (limited by %s)\n", (long long)dict_i(d, "occupancy"), dict_s(d, "limiter"));
    out_mix("mix:        ", fy_dict_get_cstr(d, "mix"));
    fy_obj *loops = fy_dict_get_cstr(d, "loops");
    for (int64_t i = 0; loops && FY_LIST_CHECK(loops) && i < FY_LIST_N(loops); i++) {
        fy_obj *l = FY_LIST_ITEMS(loops)[i];
        if (!FY_DICT_CHECK(l)) continue;
        outf("loop %s (%lld instructions):\n", dict_s(l, "label"), (long long)dict_i(l, "instructions"));
        out_mix("            ", l);
    }
    if (dict_i(d, "scratch_bytes") > 0)
        outf("warning: the kernel uses %lld bytes of scratch per lane (register spills or private arrays go "
             "to memory)\n",
             (long long)dict_i(d, "scratch_bytes"));
    FY_DECREF(d);
    return fy_none();
}

static fy_obj *m_passes(const char *args) {
    if (*args) return usage("%%passes takes no arguments");
    const char *chip = fy_interp_target(fy_cur);
    if (!chip) chip = "gfx942";
    outf("pipeline for %s (fly-verify runs first):\n", chip);
    for (int i = 0; i < FLY_PIPELINE_NSTAGES; i++) {
        char pass[640];
        snprintf(pass, sizeof pass, fly_pipeline_stages[i].fmt, chip, "<rocm>");
        outf("%3d  %-44s %s\n", i + 1, fly_pipeline_stages[i].label, pass);
    }
    outf("%3d  %-44s %s\n%3d  %-44s %s\n", FLY_PIPELINE_NSTAGES + 1, "llvm_ir", "(LLVM IR of the device module)",
         FLY_PIPELINE_NSTAGES + 2, "final_isa", "(AMDGPU assembly)");
    return fy_none();
}

static fy_obj *m_dump(const char *args) {
    toks t;
    if (split(args, &t) < 0) return usage("%%dump: too many arguments");
    fy_obj *k = pick_kernel(&t, "dump");
    if (!k) return NULL;
    if (t.n != 1) return usage("%%dump needs a folder: %%dump [kernel] DIR");
    char err[4700];
    int files = 0, r = fy_trace_dump_dir(k, t.v[0], &files, err, sizeof err); /* shared with FLYDSL_DUMP_IR */
    if (r == -1) return usage("%%dump: %s", err);
    if (r < 0) return NULL;
    outf("wrote %d files to %s\n", files, t.v[0]);
    return fy_none();
}

/* ------------------------------------------------------------------ session options */

static flyi_session *cur_session(void) { return fy_cur ? (flyi_session *)fy_cur->session : NULL; }

/* %target and %backend set the interpreter's options (exec/interp.h), which the tracer and the
 * launcher read: the session never is called back from below. */
void flyi_session_describe(flyi_session *s, char *buf, size_t cap) {
    const char *target = fy_interp_target(s ? s->ip : NULL);
    const char *want = s && s->ip->opt_backend[0] ? s->ip->opt_backend : getenv("FLYI_BACKEND");
    const char *backend;
    if (want && !strcmp(want, "emu")) {
        backend = "CPU emulator (chosen)";
    } else {
        /* the same library names the HIP backend tries; RTLD_LAZY keeps the probe cheap */
        static const char *const libs[] = {"libamdhip64.so", "libamdhip64.so.7", "libamdhip64.so.6",
                                           "libamdhip64.so.5"};
        void *h = NULL;
        for (size_t i = 0; !h && i < sizeof libs / sizeof libs[0]; i++) h = dlopen(libs[i], RTLD_LAZY | RTLD_LOCAL);
        if (h) dlclose(h);
        backend = h ? "HIP if it reports an AMD GPU at the first launch, else the CPU emulator"
                    : "CPU emulator (no AMD GPU runtime found)";
    }
    snprintf(buf, cap, "target %s, backend: %s", target && *target ? target : "gfx942", backend);
}

static fy_obj *m_target(const char *args) {
    toks t;
    flyi_session *s = cur_session();
    if (split(args, &t) < 0 || t.n > 1 || !s) return usage("%%target: expected %%target [gfx942|gfx950]");
    if (t.n == 0) {
        const char *cur = fy_interp_target(fy_cur);
        outf("%s%s\n", cur ? cur : "gfx942", cur ? "" : " (default)");
        return fy_none();
    }
    if (strcmp(t.v[0], "gfx942") && strcmp(t.v[0], "gfx950"))
        return usage("%%target: unknown target '%s' (gfx942 or gfx950)", t.v[0]);
    snprintf(s->ip->opt_target, sizeof s->ip->opt_target, "%s", t.v[0]);
    outf("target: %s\n", s->ip->opt_target);
    return fy_none();
}

static fy_obj *m_backend(const char *args) {
    toks t;
    flyi_session *s = cur_session();
    if (split(args, &t) < 0 || t.n > 1 || !s) return usage("%%backend: expected %%backend [emu|hip]");
    if (t.n == 0) {
        const char *b = fy_interp_backend(fy_cur);
        outf("%s\n", b ? b : "auto (HIP when usable, else emu)");
        return fy_none();
    }
    if (!strcmp(t.v[0], "hip")) {
        char err[512];
        const fly_core_api *api = fly_core_load(err, sizeof err);
        if (!api) return usage("%%backend hip: cannot load the compiler core: %s", err);
        fly_rt *rt = NULL;
        if (api->rt) {
            fly_rt_options o = {.kind = FLY_RT_HIP};
            rt = api->rt->create(&o);
        }
        if (!rt)
            return usage("%%backend hip: HIP is not available here (no HIP runtime or no AMD GPU); still %s",
                         s->ip->opt_backend[0] ? s->ip->opt_backend : "auto");
        api->rt->destroy(rt);
    } else if (strcmp(t.v[0], "emu")) {
        return usage("%%backend: unknown backend '%s' (emu or hip)", t.v[0]);
    }
    snprintf(s->ip->opt_backend, sizeof s->ip->opt_backend, "%s", t.v[0]);
    outf("backend: %s\n", s->ip->opt_backend);
    return fy_none();
}

/* ------------------------------------------------------------------ running code */

/* Compiles src in the session's globals (interactive: the last expression's value is kept). */
static fy_obj *compile_src(const char *src, const char *filename, int mode) {
    size_t len = strlen(src);
    fy_syntax_error err = {0};
    fy_ast_module *m = fy_parse(src, len, filename, FY_MODE_EXEC, &err);
    if (!m) {
        fy_raise_syntax_error(&err, filename, src, len);
        return NULL;
    }
    fy_obj *code = fy_compile(m, filename, mode);
    fy_ast_module_free(m);
    return code;
}

/* Runs code in __main__'s globals; the final expression's value (new ref, maybe None) or NULL. */
static fy_obj *run_main(fy_obj *code) {
    fy_obj *result = NULL;
    fy_obj *r = fy_eval_code_ex((fy_code *)code, fy_cur->main_dict, fy_cur->main_dict, &result);
    if (!r) {
        FY_XDECREF(result);
        return NULL;
    }
    FY_DECREF(r);
    return result ? result : fy_none();
}

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* IPython's _format_time: 3 significant digits and s/ms/µs/ns. */
static void fmt_time(double t, char *buf, size_t cap) {
    static const char *units[] = {"s", "ms", "\xc2\xb5s", "ns"};
    int u = 0;
    if (t > 0)
        while (u < 3 && t < 1.0) {
            t *= 1000.0;
            u++;
        }
    else u = 3, t = 0;
    snprintf(buf, cap, "%.3g %s", t, units[u]);
}

static void cpu_times(double *user, double *sys) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    *user = ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6;
    *sys = ru.ru_stime.tv_sec + ru.ru_stime.tv_usec * 1e-6;
}

static fy_obj *m_time(const char *args) {
    if (!*args) return usage("%%time needs a statement: %%time stmt");
    fy_obj *code = compile_src(args, "<timed exec>", 2);
    if (!code) return NULL;
    double u0, s0, u1, s1;
    cpu_times(&u0, &s0);
    double w0 = now_s();
    fy_obj *r = run_main(code);
    double w1 = now_s();
    cpu_times(&u1, &s1);
    FY_DECREF(code);
    char a[32], b[32], c[32], d[32];
    fmt_time(u1 - u0, a, sizeof a);
    fmt_time(s1 - s0, b, sizeof b);
    fmt_time(u1 - u0 + s1 - s0, c, sizeof c);
    fmt_time(w1 - w0, d, sizeof d);
    outf("CPU times: user %s, sys: %s, total: %s\nWall time: %s\n", a, b, c, d);
    return r;
}

/* %profile stmt: runs stmt with the emulator's counters; the value is flyi.profile's report (a table in
 * the REPL, HTML in a notebook). */
static fy_obj *m_profile(const char *args) {
    if (!*args) return usage("%%profile needs a statement: %%profile stmt (a call that launches kernels)");
    fy_obj *code = compile_src(args, "<profiled exec>", 2);
    if (!code) return NULL;
    fy_obj *mod = fy_import("flyi.profile"), *rep = NULL;
    fy_obj *st = mod ? fy_call_method(mod, "start", NULL, 0) : NULL;
    if (st) {
        FY_DECREF(st);
        fy_obj *r = run_main(code);
        if (!r) { /* the statement's error wins; profiling goes off */
            fy_obj *exc = fy_err_fetch();
            fy_obj *x = fy_call_method(mod, "stop", NULL, 0);
            FY_XDECREF(x);
            fy_err_clear();
            fy_err_restore(exc);
        } else {
            rep = fy_call_method(mod, "stop", &r, 1);
            FY_DECREF(r);
        }
    }
    FY_XDECREF(mod);
    FY_DECREF(code);
    return rep;
}

static fy_obj *m_timeit(const char *args) {
    long number = 0, repeat = 7;
    const char *p = args;
    while (*p == '-') {
        char opt = p[1];
        char *end;
        p += 2;
        long v = strtol(p, &end, 10);
        if ((opt != 'n' && opt != 'r') || end == p || v <= 0)
            return usage("%%timeit: expected %%timeit [-n N] [-r R] stmt");
        if (opt == 'n') number = v;
        else repeat = v;
        p = end;
        while (is_space(*p)) p++;
    }
    if (!*p) return usage("%%timeit needs a statement: %%timeit [-n N] [-r R] stmt");
    fy_obj *code = compile_src(p, "<magic-timeit>", 0);
    if (!code) return NULL;
    fy_obj *res = NULL;
    double *times = calloc((size_t)repeat, sizeof *times);
    if (!times) {
        FY_DECREF(code);
        return fy_err_nomem();
    }
#define TIME_LOOPS(n, out_t) \
    do { \
        double t0_ = now_s(); \
        for (long i_ = 0; i_ < (n); i_++) { \
            fy_obj *r_ = run_main(code); \
            if (!r_) goto done; \
            FY_DECREF(r_); \
        } \
        (out_t) = now_s() - t0_; \
    } while (0)
    if (!number) {
        number = 1;
        for (int i = 0; i < 10; i++) {
            double t;
            TIME_LOOPS(number, t);
            if (t >= 0.2) break;
            number *= 10;
        }
    }
    for (long r = 0; r < repeat; r++) TIME_LOOPS(number, times[r]);
#undef TIME_LOOPS
    double mean = 0, var = 0, best = INFINITY, worst = 0;
    for (long r = 0; r < repeat; r++) {
        double x = times[r] / number;
        mean += x;
        if (x < best) best = x;
        if (x > worst) worst = x;
    }
    mean /= repeat;
    for (long r = 0; r < repeat; r++) var += (times[r] / number - mean) * (times[r] / number - mean);
    double sd = sqrt(var / repeat);
    char a[32], b[32];
    fmt_time(mean, a, sizeof a);
    fmt_time(sd, b, sizeof b);
    if (worst > 4 * best && best > 0 && worst > 1e-6) {
        char w[32];
        fmt_time(best, w, sizeof w);
        outf("The slowest run took %.2f times longer than the fastest. This could mean that an intermediate "
             "result is being cached.\n",
             worst / best);
    }
    outf("%s \xc2\xb1 %s per loop (mean \xc2\xb1 std. dev. of %ld run%s, %ld loop%s each)\n", a, b, repeat,
         repeat == 1 ? "" : "s", number, number == 1 ? "" : "s");
    res = fy_none();
done:
    free(times);
    FY_DECREF(code);
    return res;
}

static int cmp_cstr(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static fy_obj *m_who(const char *args) {
    toks t;
    if (split(args, &t) < 0) return usage("%%who: too many arguments");
    size_t n = 0, cap = 64;
    const char **names = malloc(cap * sizeof *names);
    if (!names) return fy_err_nomem();
    int64_t pos = 0;
    fy_obj *k, *v;
    while (fy_dict_next(fy_cur->main_dict, &pos, &k, &v)) {
        if (!FY_STR_CHECK(k) || FY_STR_DATA(k)[0] == '_') continue;
        bool ok = t.n == 0;
        for (int i = 0; i < t.n && !ok; i++) ok = !strcmp(tname(v), t.v[i]);
        if (!ok) continue;
        if (n == cap) {
            const char **nn = realloc(names, (cap *= 2) * sizeof *names);
            if (!nn) {
                free(names);
                return fy_err_nomem();
            }
            names = nn;
        }
        names[n++] = FY_STR_DATA(k);
    }
    if (!n) out("Interactive namespace is empty.\n");
    else {
        qsort(names, n, sizeof *names, cmp_cstr);
        fy_sbuf b = {0};
        for (size_t i = 0; i < n; i++) {
            fy_sbuf_adds(&b, names[i]);
            fy_sbuf_addc(&b, '\t');
        }
        fy_sbuf_addc(&b, '\n');
        if (!b.oom) fy_write_stdout(b.p, b.len);
        fy_sbuf_free(&b);
    }
    free(names);
    return fy_none();
}

static fy_obj *m_reset(const char *args) {
    toks t;
    if (split(args, &t) < 0 || t.n > 1 || (t.n == 1 && strcmp(t.v[0], "-f")))
        return usage("%%reset: expected %%reset [-f]");
    /* flyi_session_reset without its collection: this cell's frames are running */
    fy_session_forget_names(fy_cur);
    return fy_none();
}

static char *read_text(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fy_sbuf b = {0};
    char buf[8192];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) fy_sbuf_add(&b, buf, n);
    fclose(f);
    fy_sbuf_addc(&b, 0);
    if (b.oom) {
        fy_sbuf_free(&b);
        return NULL;
    }
    return b.p;
}

static fy_obj *m_load(const char *args) {
    toks t;
    if (split(args, &t) < 0 || t.n != 1) return usage("%%load needs one file: %%load FILE");
    const flyi_sink *sink = fy_cur->sink;
    if (!sink || !sink->set_next_input) return usage("%%load: this front end cannot fill the next input");
    char *text = read_text(t.v[0]);
    if (!text) return usage("%%load: cannot read '%s': %s", t.v[0], strerror(errno));
    sink->set_next_input(sink->user, text);
    free(text);
    return fy_none();
}

static fy_obj *m_run(const char *args) {
    toks t;
    if (split(args, &t) < 0 || t.n < 1) return usage("%%run needs a file: %%run FILE [args]");
    fy_syntax_error err = {0};
    fy_ast_module *m = fy_parse_file(t.v[0], &err);
    if (!m) {
        if (err.kind == FY_ERR_NONE) return usage("%%run: cannot open '%s': %s", t.v[0], err.msg);
        char *text = read_text(t.v[0]);
        fy_raise_syntax_error(&err, t.v[0], text, text ? strlen(text) : 0);
        free(text);
        return NULL;
    }
    fy_obj *code = fy_compile(m, t.v[0], 0);
    fy_ast_module_free(m);
    if (!code) return NULL;
    fy_interp *ip = fy_cur;
    fy_obj *argv = fy_list_new(0), *old = fy_dict_get_cstr(FY_MODULE_DICT(ip->sysmod), "argv");
    for (int i = 0; argv && i < t.n; i++) {
        fy_obj *a = fy_str_from_cstr(t.v[i]);
        if (a) fy_list_append(argv, a);
        FY_XDECREF(a);
    }
    if (old) FY_INCREF(old);
    if (argv) fy_dict_set_cstr(FY_MODULE_DICT(ip->sysmod), "argv", argv);
    fy_obj *pf = fy_str_from_cstr(t.v[0]);
    if (pf) fy_dict_set_cstr(ip->main_dict, "__file__", pf);
    FY_XDECREF(pf);
    fy_obj *r = run_main(code);
    FY_DECREF(code);
    fy_obj *exc = r ? NULL : fy_err_fetch();
    if (old) {
        fy_dict_set_cstr(FY_MODULE_DICT(ip->sysmod), "argv", old);
        FY_DECREF(old);
    }
    FY_XDECREF(argv);
    if (exc) {
        fy_err_restore(exc);
        return NULL;
    }
    FY_DECREF(r);
    return fy_none();
}

static fy_obj *m_draw(const char *args) {
    if (!*args) return usage("%%draw needs a layout: %%draw X");
    fy_obj *code = compile_src(args, "<draw>", 2);
    if (!code) return NULL;
    fy_obj *v = run_main(code);
    FY_DECREF(code);
    if (!v) return NULL;
    fy_obj *r = NULL;
    fy_obj *mod = fy_import("flydsl.expr.utils");
    FY_XDECREF(mod);
    fy_obj *u = mod ? fy_dict_get_cstr(fy_cur->modules, "flydsl.expr.utils") : NULL;
    if (u) r = fy_call_method(u, "print_layout", &v, 1);
    FY_DECREF(v);
    if (!r) return NULL;
    FY_DECREF(r);
    return fy_none();
}

/* ------------------------------------------------------------------ the table */

static fy_obj *m_help(const char *args);

typedef struct {
    const char *name, *usage, *help;
    fy_obj *(*fn)(const char *args);
} magic_def;
static const magic_def magics[] = {
    {"help", "%help", "list the magics", m_help},
    {"ir", "%ir [kernel] [stage]", "stage list (times, changed), or the IR after a stage", m_ir},
    {"ir", "%ir [kernel] --diff A B", "unified diff between two stages' IR", NULL},
    {"passes", "%passes", "the pass pipeline for the current target", m_passes},
    {"llvm", "%llvm [kernel]", "the device LLVM IR", m_llvm},
    {"isa", "%isa [kernel] [--source]", "the AMDGPU assembly (--source: beside the DSL lines)", m_isa},
    {"stats", "%stats [kernel]", "registers, scratch, LDS, occupancy and its limit", m_stats},
    {"target", "%target [gfx942|gfx950]", "show or set the GPU target for compiles", m_target},
    {"backend", "%backend [emu|hip]", "show or set the launch backend", m_backend},
    {"time", "%time stmt", "CPU and wall time of one run", m_time},
    {"timeit", "%timeit [-n N] [-r R] stmt", "mean and std. dev. of repeated runs", m_timeit},
    {"profile", "%profile stmt", "run stmt's launches on the emulator with counters: per-line table", m_profile},
    {"who", "%who [type ...]", "the names you defined", m_who},
    {"reset", "%reset [-f]", "forget all names you defined", m_reset},
    {"load", "%load FILE", "put a file's text into the next input", m_load},
    {"run", "%run FILE [args]", "run a file in this session as __main__", m_run},
    {"dump", "%dump [kernel] DIR", "write every stage, LLVM IR and ISA to DIR (FlyDSL's names)", m_dump},
    {"draw", "%draw X", "print layout X as a terminal grid", m_draw},
};
#define NMAGIC (int)(sizeof magics / sizeof magics[0])

static fy_obj *m_help(const char *args) {
    (void)args;
    out("Magics (kernel defaults to the last compiled one):\n");
    for (int i = 0; i < NMAGIC; i++) outf("  %-28s %s\n", magics[i].usage, magics[i].help);
    return fy_none();
}

static fy_obj *b_magic(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    if (fy_no_kwargs("_flyi_magic", kw) < 0 || fy_check_nargs("_flyi_magic", na, 2, 2) < 0) return NULL;
    if (!FY_STR_CHECK(a[0]) || !FY_STR_CHECK(a[1])) return fy_err_set(&fy_TypeError, "_flyi_magic(name, args)");
    const char *name = FY_STR_DATA(a[0]);
    for (int i = 0; i < NMAGIC; i++)
        if (magics[i].fn && !strcmp(magics[i].name, name)) return magics[i].fn(FY_STR_DATA(a[1]));
    return usage("Line magic function `%%%s` not found (%%help lists them).", name);
}

static fy_methoddef magic_def_fn = {"_flyi_magic", b_magic, 0, "_flyi_magic(name, args)\nRuns a %magic line."};

/* Makes _flyi_magic and UsageError available (idempotent). Returns 0, or -1 with an exception. */
int fy_magic_install(fy_interp *ip) {
    if (fy_dict_get_cstr(ip->builtins, "_flyi_magic")) return 0;
    fy_obj *name = fy_str_from_cstr("UsageError"), *bases = fy_tuple_pack(1, &fy_Exception.h), *d = fy_dict_new();
    fy_obj *t = name && bases && d ? fy_type_new_heap(name, bases, d) : NULL;
    FY_XDECREF(name);
    FY_XDECREF(bases);
    FY_XDECREF(d);
    if (!t || fy_dict_set_cstr(ip->builtins, "_flyi_UsageError", t) < 0) {
        FY_XDECREF(t);
        return -1;
    }
    FY_DECREF(t);
    fy_obj *f = fy_cfunction_new(&magic_def_fn, NULL);
    int r = f ? fy_dict_set_cstr(ip->builtins, "_flyi_magic", f) : -1;
    FY_XDECREF(f);
    return r;
}

/* ------------------------------------------------------------------ completion */

static void add_item(flyi_completions *c, size_t *cap, const char *s) {
    if (c->n == *cap) {
        size_t nc = *cap ? *cap * 2 : 16;
        char **p = realloc(c->items, nc * sizeof *p);
        if (!p) return;
        c->items = p;
        *cap = nc;
    }
    char *d = strdup(s);
    if (d) c->items[c->n++] = d;
}

/* Completion on a magic line: magic names after `%`, kernel names after %ir/%isa/%llvm/%stats/%dump.
 * Returns true when the cursor's line is a magic line (out filled, maybe empty: front ends then
 * complete file names, e.g. after %load/%run). */
bool fy_magic_complete(fy_interp *ip, const char *text, size_t cursor, flyi_completions *out) {
    size_t ls = cursor;
    while (ls > 0 && text[ls - 1] != '\n') ls--;
    size_t p = ls;
    while (p < cursor && is_space(text[p])) p++;
    if (p >= cursor || text[p] != '%') return false;
    size_t cap = 0, ne = p + 1;
    while (ne < cursor && !is_space(text[ne])) ne++;
    if (ne == cursor) { /* the magic's name */
        for (int i = 0; i < NMAGIC; i++) {
            if (i && !strcmp(magics[i].name, magics[i - 1].name)) continue;
            if (!strncmp(magics[i].name, text + p + 1, cursor - p - 1)) {
                char buf[32];
                snprintf(buf, sizeof buf, "%%%s", magics[i].name);
                add_item(out, &cap, buf);
            }
        }
        out->start = p;
        out->end = cursor;
        return true;
    }
    static const char *kmag[] = {"ir", "isa", "llvm", "stats", "dump", "draw", NULL};
    size_t nl = ne - p - 1;
    int which = -1;
    for (int i = 0; kmag[i]; i++)
        if (strlen(kmag[i]) == nl && !strncmp(kmag[i], text + p + 1, nl)) which = i;
    size_t ws = cursor;
    while (ws > ne && !is_space(text[ws - 1])) ws--;
    out->start = ws;
    out->end = cursor;
    if (which < 0) return true;
    int64_t pos = 0;
    fy_obj *k, *v;
    while (fy_dict_next(ip->main_dict, &pos, &k, &v)) {
        if (!FY_STR_CHECK(k) || strncmp(FY_STR_DATA(k), text + ws, cursor - ws) || FY_STR_DATA(k)[0] == '_') continue;
        bool kern = !strcmp(tname(v), "CompiledKernel") || !strcmp(tname(v), "JitFunction");
        if (which == 5
                ? !strcmp(tname(v), "Layout") || !strcmp(tname(v), "ComposedLayout") || !strcmp(tname(v), "Tensor")
                : kern)
            add_item(out, &cap, FY_STR_DATA(k));
    }
    if (out->n) qsort(out->items, out->n, sizeof(char *), cmp_cstr);
    return true;
}
