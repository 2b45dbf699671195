/* session.c - the session API (session.h): cells, files, errors, history, interrupt, reset. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "compile/code.h"
#include "objects/gc.h"
#include "exec/interp.h"
#include "modules/mod_ipython.h"
#include "modules/mod_registry.h"
#include "modules/stdlib_data.h"
#include "torch/torch.h"
#include "numpy/numpy.h"
#include "flydsl/api/dsl.h"
#include "parse/parse.h"
#include "flyi/session.h"
#include "session/session_int.h"
#include "exec/traceback.h"
#include "exec/vm.h"

/* session_magic.c: %magic lines -> _flyi_magic(...) calls (NULL: none), and that builtin. */

/* The built-in module table (exec/import.c) is filled once per process, here: the session is
 * the one layer that knows every module folder (modules/, torch/, flydsl/). Modules are imported
 * lazily; registering only names them. */
static void register_modules(void) {
    fy_stdlib_register_all(); /* math, random, os, json, IPython, ... (src/modules) */
    fy_torch_register();      /* torch (src/torch) */
    fy_numpy_register();      /* _numpy, the C core of numpy (src/numpy) */
    fy_dsl_register_all();    /* flydsl.* (src/flydsl) */
}

flyi_session *flyi_session_new(int argc, char **argv) {
    static pthread_once_t modules_once = PTHREAD_ONCE_INIT;
    pthread_once(&modules_once, register_modules);
    flyi_session *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->ip = fy_interp_new(argc, argv);
    if (!s->ip) {
        free(s);
        return NULL;
    }
    s->ip->session = s;
    return s;
}

void flyi_session_free(flyi_session *s) {
    if (!s) return;
    fy_interp_free(s->ip);
    for (size_t i = 0; i < s->nhist; i++) free(s->hist[i]);
    free(s->hist);
    free(s);
}

int flyi_session_exit_code(const flyi_session *s) { return s->exit_code; }
int flyi_session_execution_count(const flyi_session *s) { return s->exec_count; }
size_t flyi_session_history_count(const flyi_session *s) { return s->nhist; }
const char *flyi_session_history_get(const flyi_session *s, size_t i) { return i < s->nhist ? s->hist[i] : NULL; }
/* An interrupt counts only while a cell runs (cell_gen odd); one requested while the session
 * is idle is dropped, so it cannot hit the next cell. Front ends (the REPL, the Jupyter kernel)
 * decide themselves what an interrupt means while idle. */
void flyi_session_interrupt(flyi_session *s) {
    if (!s || !s->ip) return;
    unsigned g = atomic_load(&s->cell_gen);
    if (!(g & 1)) return;
    s->ip->interrupt = 1;
    /* the cell ended (and cleared the flag) between the load and the store: drop it again */
    if (atomic_load(&s->cell_gen) != g) s->ip->interrupt = 0;
}

/* A cell starts: interrupts from now on are kept (the flag was cleared when the last cell
 * ended, not here, so one that arrives as the cell starts is not lost). */
static void cell_begin(flyi_session *s) {
    unsigned g = atomic_load(&s->cell_gen);
    if (g & 1) return; /* nested in a running cell: same interrupt state and step budget */
    atomic_store(&s->cell_gen, g + 1);
    fy_steps_reset(s->ip);
    if (atomic_exchange(&s->armed, 0)) s->ip->interrupt = 1;
}

void flyi_session_interrupt_next(flyi_session *s, int on) {
    if (s) atomic_store(&s->armed, on ? 1 : 0);
}

/* A cell ended: the session is idle again and a pending interrupt is dropped. */
static void cell_end(flyi_session *s, unsigned outer) {
    if (outer & 1) return; /* a nested run: the outer cell still runs */
    atomic_store(&s->cell_gen, outer + 2);
    s->ip->interrupt = 0;
}

static void report_error(flyi_session *s, const flyi_sink *sink, fy_obj *exc) {
    fy_tbinfo t;
    if (fy_tb_format(exc, &t) < 0) return;
    flyi_error e = t.err;
    if (e.type && !strcmp(e.type, "UsageError") && e.nlines) { /* a magic's usage error: no traceback */
        e.nframes = 0;
        e.frames = NULL;
        e.lines += e.nlines - 1;
        e.nlines = 1;
    }
    if (sink && sink->error) sink->error(sink->user, &e);
    fy_tb_free(&t);
}

/* An uncaught exception goes to sys.excepthook when code replaced it (as CPython): true when that hook ran. A
 * hook that fails is reported, and so is the exception then. */
static bool user_excepthook(fy_obj *exc) {
    fy_obj *sys = fy_dict_get_cstr(fy_cur->modules, "sys");
    fy_obj *hook = sys ? fy_getattr_opt(sys, fy_intern("excepthook")) : NULL;
    fy_obj *orig = sys && hook ? fy_getattr_opt(sys, fy_intern("__excepthook__")) : NULL;
    bool ran = false;
    if (hook && hook != orig) {
        fy_obj *tb = fy_getattr_opt(exc, fy_intern("__traceback__"));
        fy_obj *args[3] = {(fy_obj *)FY_TYPE(exc), exc, tb ? tb : fy_None};
        fy_obj *r = fy_call(hook, args, 3, NULL);
        FY_XDECREF(tb);
        if (r) {
            FY_DECREF(r);
            ran = true;
        } else {
            fy_obj *e = fy_err_fetch();
            fy_write_stderr("Error in sys.excepthook:\n", strlen("Error in sys.excepthook:\n"));
            if (e) {
                char *msg = fy_exc_summary(e);
                if (msg) {
                    fy_write_stderr(msg, strlen(msg));
                    fy_write_stderr("\n\nOriginal exception was:\n", strlen("\n\nOriginal exception was:\n"));
                    free(msg);
                }
                FY_DECREF(e);
            }
        }
    }
    fy_err_clear();
    FY_XDECREF(hook);
    FY_XDECREF(orig);
    return ran;
}

/* Handle the exception left by running code: SystemExit -> exit status, else report. */
static flyi_status finish_error(flyi_session *s, const flyi_sink *sink) {
    fy_obj *exc = fy_err_fetch();
    if (!exc) return FLYI_ERROR;
    if (fy_isinstance_of(exc, &fy_SystemExit)) {
        fy_obj *a = ((fy_exc *)exc)->args;
        fy_obj *code = a && FY_TUPLE_N(a) ? FY_TUPLE_ITEMS(a)[0] : fy_None;
        if (code == fy_None) s->exit_code = 0;
        else if (FY_INT_CHECK(code)) s->exit_code = FY_INT_IS_BIG(code) ? -1 : (int)FY_INT_VAL(code);
        else {
            fy_obj *str = fy_str(code);
            if (str) {
                fy_write_stderr(FY_STR_DATA(str), FY_STR_LEN(str));
                fy_write_stderr("\n", 1);
                FY_DECREF(str);
            }
            fy_err_clear();
            s->exit_code = 1;
        }
        FY_DECREF(exc);
        return FLYI_EXIT;
    }
    if (!user_excepthook(exc)) report_error(s, sink, exc);
    FY_DECREF(exc);
    return FLYI_ERROR;
}

static void show_result(const flyi_sink *sink, fy_obj *v) {
    if (!v || v == fy_None) return;
    /* the MIME bundle from the value's _repr_*_ methods (IPython's protocol) + text/plain */
    if (fy_display_object(sink, v, true) < 0) return;
    /* keep the last result as builtins._ like the Python REPL */
    fy_dict_set_cstr(fy_cur->builtins, "_", v);
}

static flyi_status run_code(flyi_session *s, fy_obj *code, const flyi_sink *sink, bool interactive) {
    fy_obj *result = NULL;
    fy_obj *r = fy_eval_code_ex((fy_code *)code, s->ip->main_dict, s->ip->main_dict, &result);
    flyi_status st = FLYI_OK;
    if (!r) {
        FY_XDECREF(result);
        st = finish_error(s, sink);
    } else {
        FY_DECREF(r);
        if (interactive && result) {
            show_result(sink, result);
            if (fy_err_occurred()) st = finish_error(s, sink);
        }
        FY_XDECREF(result);
    }
    FY_CLEAR(s->ip->handled);
    return st;
}

static void add_history(flyi_session *s, const char *cell) {
    if (s->nhist == s->caphist) {
        size_t nc = s->caphist ? s->caphist * 2 : 32;
        char **p = realloc(s->hist, nc * sizeof(char *));
        if (!p) return;
        s->hist = p;
        s->caphist = nc;
    }
    char *d = strdup(cell);
    if (d) s->hist[s->nhist++] = d;
}

/* Cells whose text linecache can still read (the most recent ones: memory stays flat over long sessions). */
#define CELL_SOURCES_KEPT 200

flyi_status flyi_session_eval(flyi_session *s, const char *cell, const char *filename, const flyi_sink *sink) {
    unsigned outer = atomic_load(&s->cell_gen);
    cell_begin(s);
    fy_interp *prev = fy_interp_enter(s->ip);
    s->ip->sink = sink;
    s->exec_count++;
    add_history(s, cell);
    char name[64];
    if (!filename) {
        snprintf(name, sizeof name, "<cell %d>", s->exec_count);
        filename = name;
    }
    /* the cell's text, for linecache (tracebacks, inspect, the profiler's source column) */
    if (!s->ip->cell_sources) s->ip->cell_sources = fy_dict_new();
    fy_obj *text = s->ip->cell_sources ? fy_str_from_cstr(cell) : NULL;
    fy_obj *key = text ? fy_str_from_cstr(filename) : NULL; /* not interned: names are many */
    if (!key || fy_dict_set(s->ip->cell_sources, key, text) < 0) fy_err_clear();
    FY_XDECREF(key);
    FY_XDECREF(text);
    if (s->ip->cell_sources && ((fy_dict *)s->ip->cell_sources)->used > 2 * CELL_SOURCES_KEPT) {
        /* keep the newest cells in a new dict (deleting from the old one would leave its table growing) */
        fy_obj *d = fy_dict_new(), *k, *v;
        int64_t pos = 0, i = 0, skip = ((fy_dict *)s->ip->cell_sources)->used - CELL_SOURCES_KEPT;
        while (d && fy_dict_next(s->ip->cell_sources, &pos, &k, &v))
            if (i++ >= skip && fy_dict_set(d, k, v) < 0) FY_CLEAR(d);
        if (d) {
            FY_DECREF(s->ip->cell_sources);
            s->ip->cell_sources = d;
        } else {
            fy_err_clear();
        }
    }
    char *magic = fy_magic_transform(cell);
    if (magic && fy_magic_install(s->ip) < 0) fy_err_clear();
    const char *src = magic ? magic : cell;
    size_t len = strlen(src);
    fy_syntax_error err = {0};
    flyi_status st;
    fy_ast_module *m = fy_parse(src, len, filename, FY_MODE_EXEC, &err);
    if (!m) {
        fy_raise_syntax_error(&err, filename, src, len);
        st = finish_error(s, sink);
    } else {
        fy_obj *code = fy_compile(m, filename, 2);
        fy_ast_module_free(m);
        if (!code) st = finish_error(s, sink);
        else {
            st = run_code(s, code, sink, true);
            FY_DECREF(code);
        }
    }
    free(magic);
    fy_err_clear();
    if (s->ip->gc_allocs > 1000) fy_gc_collect();
    s->ip->sink = NULL;
    fy_interp_leave(prev);
    cell_end(s, outer);
    return st;
}

flyi_status flyi_session_run_file(flyi_session *s, const char *path, const flyi_sink *sink) {
    unsigned outer = atomic_load(&s->cell_gen);
    cell_begin(s);
    fy_interp *prev = fy_interp_enter(s->ip);
    s->ip->sink = sink;
    flyi_status st;
    /* as CPython (3.9+): the script's name made absolute (the current folder in front, not normalised) for
     * __file__, tracebacks and the search path; sys.argv[0] stays as given */
    char absbuf[8200], cwd[4096];
    size_t lc, lp = strlen(path);
    if (path[0] != '/' && getcwd(cwd, sizeof cwd) && (lc = strlen(cwd)) + lp + 2 < sizeof absbuf) {
        memcpy(absbuf, cwd, lc);
        absbuf[lc] = '/';
        memcpy(absbuf + lc + 1, path, lp + 1);
        path = absbuf;
    }
    /* the script's folder goes first on the search path */
    char dir[8200];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash) *slash = 0;
    else strcpy(dir, ".");
    fy_obj *d = fy_str_from_cstr(dir);
    if (d) {
        fy_list_insert(s->ip->path, 0, d);
        FY_DECREF(d);
    }
    fy_syntax_error err = {0};
    fy_ast_module *m = fy_parse_file(path, &err);
    if (!m) {
        if (err.kind == FY_ERR_NONE) {
            char msg[8600];
            snprintf(msg, sizeof msg, "flyi: can't open file '%s': %s\n", path, err.msg);
            if (sink && sink->stream) sink->stream(sink->user, FLYI_STDERR, msg, strlen(msg));
            s->exit_code = 2;
            s->ip->sink = NULL;
            fy_interp_leave(prev);
            cell_end(s, outer);
            return FLYI_EXIT;
        }
        char *text = NULL;
        size_t tlen = 0;
        FILE *fp = fopen(path, "rb");
        if (fp) {
            fseek(fp, 0, SEEK_END);
            long sz = ftell(fp);
            fseek(fp, 0, SEEK_SET);
            text = sz >= 0 ? malloc((size_t)sz + 1) : NULL;
            if (text) {
                tlen = fread(text, 1, (size_t)sz, fp);
                text[tlen] = 0;
            }
            fclose(fp);
        }
        fy_raise_syntax_error(&err, path, text, tlen);
        free(text);
        st = finish_error(s, sink);
    } else {
        fy_obj *pf = fy_str_from_cstr(path);
        fy_dict_set_cstr(s->ip->main_dict, "__file__", pf);
        FY_XDECREF(pf);
        fy_obj *code = fy_compile(m, path, 0);
        fy_ast_module_free(m);
        if (!code) st = finish_error(s, sink);
        else {
            st = run_code(s, code, sink, false);
            FY_DECREF(code);
        }
    }
    fy_err_clear();
    s->ip->sink = NULL;
    fy_interp_leave(prev);
    cell_end(s, outer);
    return st;
}

/* Where `python -m name` would find name: an embedded module (*text set) or a file on the
 * search path (a package runs its __main__.py). Fills path; false when there is none. */
static bool find_main_module(fy_interp *ip, const char *name, char *path, size_t cap, const char **text, size_t *len) {
    *text = NULL;
    if (fy_stdlib_source(name, text, len)) {
        snprintf(path, cap, "<frozen %s>", name);
        return true;
    }
    char rel[1024];
    snprintf(rel, sizeof rel, "%s", name);
    for (char *p = rel; *p; p++)
        if (*p == '.') *p = '/';
    for (int64_t i = 0; i < FY_LIST_N(ip->path); i++) {
        fy_obj *d = FY_LIST_ITEMS(ip->path)[i];
        if (!FY_STR_CHECK(d)) continue;
        const char *dir = FY_STR_DATA(d);
        const char *fmt[] = {"%s%s%s.py", "%s%s%s/__main__.py"};
        for (int k = 0; k < 2; k++) {
            snprintf(path, cap, fmt[k], dir, *dir ? "/" : "", rel);
            FILE *f = fopen(path, "rb");
            if (f) {
                fclose(f);
                return true;
            }
        }
    }
    return false;
}

flyi_status flyi_session_run_module(flyi_session *s, const char *name, const flyi_sink *sink) {
    unsigned outer = atomic_load(&s->cell_gen);
    cell_begin(s);
    fy_interp *prev = fy_interp_enter(s->ip);
    s->ip->sink = sink;
    flyi_status st;
    /* as `python -m`: the current folder goes first on the search path */
    char cwd[4096];
    fy_obj *d = fy_str_from_cstr(getcwd(cwd, sizeof cwd) ? cwd : "");
    if (d) {
        fy_list_insert(s->ip->path, 0, d);
        FY_DECREF(d);
    }
    char path[4200];
    const char *text;
    size_t len;
    if (!find_main_module(s->ip, name, path, sizeof path, &text, &len)) {
        char msg[1200];
        snprintf(msg, sizeof msg, "flyi: No module named %s\n", name);
        if (sink && sink->stream) sink->stream(sink->user, FLYI_STDERR, msg, strlen(msg));
        s->exit_code = 1;
        st = FLYI_EXIT;
    } else {
        fy_obj *pf = fy_str_from_cstr(path);
        fy_dict_set_cstr(s->ip->main_dict, "__file__", pf);
        /* sys.argv[0] is the module's file, as in CPython */
        fy_obj *argv = fy_dict_get_cstr(FY_MODULE_DICT(s->ip->sysmod), "argv");
        if (pf && argv && FY_TYPE(argv) == &fy_list_type && FY_LIST_N(argv) > 0) {
            FY_DECREF(FY_LIST_ITEMS(argv)[0]);
            FY_LIST_ITEMS(argv)[0] = fy_ref(pf);
        }
        FY_XDECREF(pf);
        fy_obj *code = NULL;
        if (text) code = fy_compile_source(text, len, path, 0);
        else {
            FILE *fp = fopen(path, "rb");
            fy_sbuf b = {0};
            char buf[65536];
            size_t k;
            while (fp && (k = fread(buf, 1, sizeof buf, fp)) > 0) fy_sbuf_add(&b, buf, k);
            if (fp) fclose(fp);
            code = fy_compile_source(b.p ? b.p : "", b.len, path, 0);
            fy_sbuf_free(&b);
        }
        if (!code) st = finish_error(s, sink);
        else {
            st = run_code(s, code, sink, false);
            FY_DECREF(code);
        }
    }
    fy_err_clear();
    s->ip->sink = NULL;
    fy_interp_leave(prev);
    cell_end(s, outer);
    return st;
}

void flyi_session_finish(flyi_session *s, const flyi_sink *sink) {
    if (!s || !fy_thread_shutdown_hook) return;
    unsigned outer = atomic_load(&s->cell_gen);
    cell_begin(s);
    fy_interp *prev = fy_interp_enter(s->ip);
    s->ip->sink = sink;
    fy_thread_shutdown_hook(s->ip, 0);
    fy_err_clear();
    s->ip->sink = NULL;
    fy_interp_leave(prev);
    cell_end(s, outer);
}

flyi_completeness flyi_session_is_complete(flyi_session *s, const char *text, char *indent, size_t cap) {
    fy_completeness c = fy_parse_is_complete(text, indent, cap);
    return c == FY_COMPLETE ? FLYI_COMPLETE : c == FY_INCOMPLETE ? FLYI_INCOMPLETE : FLYI_INVALID;
}

void fy_session_forget_names(fy_interp *ip) {
    fy_dict_clear(ip->main_dict);
    fy_obj *n = fy_str_from_cstr("__main__");
    fy_dict_set_cstr(ip->main_dict, "__name__", n);
    FY_XDECREF(n);
    fy_dict_set_cstr(ip->main_dict, "__builtins__", ip->builtins_mod);
    /* drop user modules (those loaded from files) */
    fy_obj *keys = fy_dict_keys_list(ip->modules);
    for (int64_t i = 0; keys && i < FY_LIST_N(keys); i++) {
        fy_obj *k = FY_LIST_ITEMS(keys)[i];
        fy_obj *m = fy_dict_get(ip->modules, k);
        if (m && FY_TYPE(m) == &fy_module_type && m != ip->main_mod && fy_dict_get_cstr(FY_MODULE_DICT(m), "__file__"))
            fy_dict_del(ip->modules, k);
    }
    FY_XDECREF(keys);
    fy_obj *u = fy_intern("_");
    if (fy_dict_get(ip->builtins, u)) fy_dict_del(ip->builtins, u);
    /* the magics' "last compiled kernel" (%ir, %isa without a name) */
    fy_obj *cm = fy_dict_get_cstr(ip->modules, "flydsl.compiler");
    if (cm && fy_dict_get_cstr(FY_MODULE_DICT(cm), "_last_compiled"))
        fy_dict_set_cstr(FY_MODULE_DICT(cm), "_last_compiled", fy_None);
    fy_err_clear();
}

void flyi_session_reset(flyi_session *s) {
    fy_interp *prev = fy_interp_enter(s->ip);
    fy_session_forget_names(s->ip);
    fy_gc_collect();
    fy_interp_leave(prev);
}
