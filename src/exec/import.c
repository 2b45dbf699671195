/* import.c - the import system: built-in (C or embedded) modules registered by name, and .py
 * modules/packages found on sys.path. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "compile/code.h"
#include "exec/interp.h"
#include "parse/parse.h"
#include "exec/vm.h"

typedef struct {
    char *name;
    fy_module_init init;
    fy_module_init_named init_named; /* used when init is NULL */
} regentry;
static regentry *reg;
static size_t nreg, capreg;

static void add_entry(const char *name, fy_module_init init, fy_module_init_named init_named) {
    for (size_t i = 0; i < nreg; i++)
        if (!strcmp(reg[i].name, name)) {
            if (init) reg[i].init = init;
            return;
        }
    if (nreg == capreg) {
        size_t nc = capreg ? capreg * 2 : 32;
        regentry *p = realloc(reg, nc * sizeof *p);
        if (!p) return;
        reg = p;
        capreg = nc;
    }
    reg[nreg].name = strdup(name);
    reg[nreg].init = init;
    reg[nreg].init_named = init_named;
    if (reg[nreg].name) nreg++;
}

void fy_register_builtin_module(const char *name, fy_module_init init) { add_entry(name, init, NULL); }

void fy_register_builtin_module_named(const char *name, fy_module_init_named init) { add_entry(name, NULL, init); }

bool fy_is_builtin_module(const char *name) {
    for (size_t i = 0; i < nreg; i++)
        if (!strcmp(reg[i].name, name)) return true;
    return false;
}

static bool is_file(const char *p) {
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}
static bool is_dir(const char *p) {
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The modules whose code is running (imports in progress, innermost last): a name missing from one
 * of them is reported as a circular import, as CPython does. */
#define MAX_INITIALIZING 256
static fy_obj *initializing[MAX_INITIALIZING];
static int ninitializing;

static bool is_initializing(fy_obj *m) {
    for (int i = 0; i < ninitializing; i++)
        if (initializing[i] == m) return true;
    return false;
}

/* Run a source file as module `name`. */
static fy_obj *load_file(const char *name, const char *path, bool package, const char *pkgdir) {
    fy_interp *ip = fy_cur;
    FILE *fp = fopen(path, "rb");
    if (!fp) return fy_err_format(&fy_ImportError, "cannot read %s", path);
    fy_sbuf b = {0};
    char buf[65536];
    size_t k;
    while ((k = fread(buf, 1, sizeof buf, fp)) > 0) fy_sbuf_add(&b, buf, k);
    fclose(fp);
    if (b.oom) {
        fy_sbuf_free(&b);
        return fy_err_nomem();
    }
    fy_obj *code = fy_compile_source(b.p ? b.p : "", b.len, path, 0);
    fy_sbuf_free(&b);
    if (!code) return NULL;
    fy_obj *m = fy_module_new(name);
    if (!m) {
        FY_DECREF(code);
        return NULL;
    }
    fy_obj *d = FY_MODULE_DICT(m);
    fy_obj *pf = fy_str_from_cstr(path);
    fy_dict_set_cstr(d, "__file__", pf);
    FY_XDECREF(pf);
    fy_dict_set_cstr(d, "__builtins__", ip->builtins_mod);
    if (package) {
        fy_obj *pd = fy_str_from_cstr(pkgdir);
        fy_obj *pl = fy_list_from(&pd, 1);
        fy_dict_set_cstr(d, "__path__", pl);
        FY_XDECREF(pd);
        FY_XDECREF(pl);
        fy_obj *pn = fy_str_from_cstr(name);
        fy_dict_set_cstr(d, "__package__", pn);
        FY_XDECREF(pn);
    } else {
        const char *dot = strrchr(name, '.');
        fy_obj *pn = dot ? fy_str_from(name, dot - name) : fy_str_from_cstr("");
        fy_dict_set_cstr(d, "__package__", pn);
        FY_XDECREF(pn);
    }
    fy_obj *key = fy_str_from_cstr(name);
    fy_dict_set(ip->modules, key, m);
    bool tracked = ninitializing < MAX_INITIALIZING;
    if (tracked) initializing[ninitializing++] = m;
    fy_obj *r = fy_eval_code((fy_code *)code, d, d);
    if (tracked) ninitializing--;
    FY_DECREF(code);
    if (!r) {
        fy_dict_del(ip->modules, key);
        FY_DECREF(key);
        FY_DECREF(m);
        return NULL;
    }
    FY_DECREF(r);
    /* the module may have replaced itself in sys.modules */
    fy_obj *final = fy_dict_get(ip->modules, key);
    FY_DECREF(key);
    if (final && final != m) {
        FY_DECREF(m);
        return fy_ref(final);
    }
    return m;
}

/* A namespace package (PEP 420): a module with no __file__ whose __path__ lists every
 * directory named `last` (without __init__.py) on the search path. */
static fy_obj *namespace_package(const char *fullname, fy_obj *dirs) {
    fy_obj *m = fy_module_new(fullname);
    if (!m) return NULL;
    fy_obj *d = FY_MODULE_DICT(m);
    fy_obj *pn = fy_str_from_cstr(fullname);
    if (!pn || fy_dict_set_cstr(d, "__path__", dirs) < 0 || fy_dict_set_cstr(d, "__package__", pn) < 0 ||
        fy_dict_set_cstr(d, "__file__", fy_None) < 0) {
        FY_XDECREF(pn);
        FY_DECREF(m);
        return NULL;
    }
    if (fy_dict_set(fy_cur->modules, pn, m) < 0) {
        FY_DECREF(pn);
        FY_DECREF(m);
        return NULL;
    }
    FY_DECREF(pn);
    return m;
}

/* Find `last` (a single component) in the given directories list: a regular package or a
 * module in the first directory that has one, else a namespace package over all directories
 * named `last`. */
static fy_obj *find_in_path(const char *fullname, const char *last, fy_obj *paths) {
    size_t n;
    fy_obj **items = paths ? fy_seq_items(paths, &n) : NULL;
    if (!items) return NULL;
    fy_obj *nsdirs = NULL;
    for (size_t i = 0; i < n; i++) {
        if (!FY_STR_CHECK(items[i])) continue;
        const char *dir = FY_STR_DATA(items[i]);
        char p[4096];
        snprintf(p, sizeof p, "%s%s%s", dir, *dir ? "/" : "", last);
        char init[4200];
        snprintf(init, sizeof init, "%s/__init__.py", p);
        bool isdir = is_dir(p);
        if (isdir && is_file(init)) {
            FY_XDECREF(nsdirs);
            return load_file(fullname, init, true, p);
        }
        char py[4200];
        snprintf(py, sizeof py, "%s.py", p);
        if (is_file(py)) {
            FY_XDECREF(nsdirs);
            return load_file(fullname, py, false, NULL);
        }
        if (isdir) {
            if (!nsdirs && !(nsdirs = fy_list_new(0))) return NULL;
            if (fy_list_append_steal(nsdirs, fy_str_from_cstr(p)) < 0) {
                FY_DECREF(nsdirs);
                return NULL;
            }
        }
    }
    if (!nsdirs) return NULL;
    fy_obj *m = namespace_package(fullname, nsdirs);
    FY_DECREF(nsdirs);
    return m;
}

/* Import one absolute dotted name fully (parents first); returns the module itself. */
static fy_obj *import_abs(const char *name) {
    fy_interp *ip = fy_cur;
    fy_obj *key = fy_str_from_cstr(name);
    if (!key) return NULL;
    fy_obj *m = fy_dict_get(ip->modules, key);
    if (m) {
        FY_DECREF(key);
        return fy_ref(m);
    }
    const char *dot = strrchr(name, '.');
    fy_obj *parent = NULL, *paths = NULL;
    if (dot) {
        char pname[512];
        size_t k = (size_t)(dot - name);
        if (k >= sizeof pname) k = sizeof pname - 1;
        memcpy(pname, name, k);
        pname[k] = 0;
        parent = import_abs(pname);
        if (!parent) {
            FY_DECREF(key);
            return NULL;
        }
        m = fy_dict_get(ip->modules, key);
        if (m) {
            FY_DECREF(key);
            FY_DECREF(parent);
            return fy_ref(m);
        }
        paths = fy_getattr_opt(parent, fy_intern("__path__"));
        if (!paths && fy_err_occurred()) {
            FY_DECREF(key);
            FY_DECREF(parent);
            return NULL;
        }
    }
    /* built-in modules */
    for (size_t i = 0; i < nreg; i++) {
        if (strcmp(reg[i].name, name)) continue;
        m = reg[i].init ? reg[i].init() : reg[i].init_named(reg[i].name);
        if (!m) {
            FY_DECREF(key);
            FY_XDECREF(parent);
            FY_XDECREF(paths);
            return NULL;
        }
        if (!fy_dict_get(ip->modules, key)) fy_dict_set(ip->modules, key, m);
        else {
            FY_DECREF(m);
            m = fy_ref(fy_dict_get(ip->modules, key));
        }
        goto bind;
    }
    m = find_in_path(name, dot ? dot + 1 : name, dot ? paths : ip->path);
    if (!m) {
        if (!fy_err_occurred()) {
            fy_obj *mn = fy_str_from_cstr(name);
            fy_obj *msg = fy_str_printf("No module named %R", mn);
            fy_obj *e = msg ? fy_exc_new(&fy_ModuleNotFoundError, &msg, 1) : NULL;
            if (e) {
                fy_dict_set_cstr(((fy_exc *)e)->dict, "name", mn);
                fy_err_restore(e);
            }
            FY_XDECREF(mn);
            FY_XDECREF(msg);
        }
        FY_DECREF(key);
        FY_XDECREF(parent);
        FY_XDECREF(paths);
        return NULL;
    }
bind:
    if (parent) fy_setattr(parent, fy_intern(dot + 1), m);
    FY_DECREF(key);
    FY_XDECREF(parent);
    FY_XDECREF(paths);
    return m;
}

fy_obj *fy_import(const char *name) { return import_abs(name); }

/* The IMPORT_NAME operation: name may start with dots (relative). With an empty fromlist
 * (None) the top-level package is returned, as `import a.b` binds `a`. */
fy_obj *fy_import_name(fy_obj *nameo, fy_obj *globals, fy_obj *fromlist) {
    const char *name = FY_STR_DATA(nameo);
    int level = 0;
    while (name[level] == '.') level++;
    char full[1024];
    if (level) {
        fy_obj *pkg = fy_dict_get_cstr(globals, "__package__");
        if (!pkg || !FY_STR_CHECK(pkg) || !FY_STR_LEN(pkg)) {
            fy_obj *path = fy_dict_get_cstr(globals, "__path__");
            fy_obj *mn = fy_dict_get_cstr(globals, "__name__");
            if (path && mn) pkg = mn;
            else return fy_err_set(&fy_ImportError, "attempted relative import with no known parent package");
        }
        char base[960];
        snprintf(base, sizeof base, "%s", FY_STR_DATA(pkg));
        for (int i = 1; i < level; i++) {
            char *d = strrchr(base, '.');
            if (!d) return fy_err_set(&fy_ImportError, "attempted relative import beyond top-level package");
            *d = 0;
        }
        if (name[level]) snprintf(full, sizeof full, "%s.%s", base, name + level);
        else snprintf(full, sizeof full, "%s", base);
    } else {
        snprintf(full, sizeof full, "%s", name);
    }
    fy_obj *m = import_abs(full);
    if (!m) return NULL;
    if (fromlist == fy_None && !level) {
        const char *dot = strchr(full, '.');
        if (dot) {
            char top[512];
            size_t k = (size_t)(dot - full);
            if (k >= sizeof top) k = sizeof top - 1;
            memcpy(top, full, k);
            top[k] = 0;
            fy_obj *t = import_abs(top);
            FY_DECREF(m);
            return t;
        }
    }
    return m;
}

/* Whether the pending ModuleNotFoundError is about module `full` (its name attribute). */
static bool missing_is(const char *full) {
    fy_obj *e = fy_err_fetch();
    bool r = false;
    if (e && fy_isinstance_of(e, &fy_BaseException) && ((fy_exc *)e)->dict) {
        fy_obj *n = fy_dict_get_cstr(((fy_exc *)e)->dict, "name");
        r = n && FY_STR_CHECK(n) && !strcmp(FY_STR_DATA(n), full);
    }
    fy_err_restore(e);
    return r;
}

fy_obj *fy_import_from(fy_obj *module, fy_obj *name) {
    fy_obj *v = fy_getattr_opt(module, name);
    if (v || fy_err_occurred()) return v;
    fy_obj *mn = fy_getattr_opt(module, fy_intern("__name__"));
    if (mn && FY_STR_CHECK(mn)) {
        char full[1024];
        snprintf(full, sizeof full, "%s.%s", FY_STR_DATA(mn), FY_STR_DATA(name));
        fy_obj *sub = import_abs(full);
        if (sub) {
            FY_DECREF(mn);
            return sub;
        }
        /* only "No module named 'pkg.sub'" itself means there is no such submodule; an
         * error raised while importing it (an inner ImportError) is the one to show */
        if (!fy_err_matches(&fy_ModuleNotFoundError) || !missing_is(full)) {
            FY_DECREF(mn);
            return NULL;
        }
        fy_err_clear();
    } else fy_err_clear();
    fy_obj *file = fy_getattr_opt(module, fy_intern("__file__"));
    fy_err_clear();
    const char *mname = mn && FY_STR_CHECK(mn) ? FY_STR_DATA(mn) : "?";
    bool has_file = file && FY_STR_CHECK(file);
    fy_obj *msg;
    if (is_initializing(module))
        msg = fy_str_printf("cannot import name '%s' from partially initialized module '%s' (most likely due to a "
                            "circular import) (%s)",
                            FY_STR_DATA(name), mname, has_file ? FY_STR_DATA(file) : "unknown location");
    else if (has_file)
        msg = fy_str_printf("cannot import name '%s' from '%s' (%s)", FY_STR_DATA(name), mname, FY_STR_DATA(file));
    else msg = fy_str_printf("cannot import name '%s' from '%s' (unknown location)", FY_STR_DATA(name), mname);
    /* as CPython's: e.name is the module, e.path its file (None without one) */
    fy_obj *e = msg ? fy_exc_new(&fy_ImportError, &msg, 1) : NULL;
    if (e) {
        if (mn && FY_STR_CHECK(mn)) fy_dict_set_cstr(((fy_exc *)e)->dict, "name", mn);
        if (has_file) fy_dict_set_cstr(((fy_exc *)e)->dict, "path", file);
        fy_err_restore(e);
    }
    FY_XDECREF(msg);
    FY_XDECREF(file);
    FY_XDECREF(mn);
    return NULL;
}

int fy_import_star(fy_obj *module, fy_obj *locals) {
    fy_obj *all = fy_getattr_opt(module, fy_intern("__all__"));
    if (all) {
        fy_obj *it = fy_iter(all);
        FY_DECREF(all);
        if (!it) return -1;
        fy_obj *n;
        while ((n = fy_iter_next(it))) {
            fy_obj *v = FY_STR_CHECK(n) ? fy_getattr(module, n) : NULL;
            int r = v ? fy_setitem(locals, n, v) : -1;
            FY_XDECREF(v);
            FY_DECREF(n);
            if (r < 0) {
                FY_DECREF(it);
                return -1;
            }
        }
        FY_DECREF(it);
        return fy_err_occurred() ? -1 : 0;
    }
    if (fy_err_occurred()) return -1;
    if (FY_TYPE(module) != &fy_module_type) return 0;
    fy_obj *d = FY_MODULE_DICT(module);
    int64_t pos = 0;
    fy_obj *k, *v;
    fy_obj *pairs = fy_list_new(0);
    while (fy_dict_next(d, &pos, &k, &v)) {
        if (FY_STR_CHECK(k) && FY_STR_DATA(k)[0] != '_') fy_list_append_steal(pairs, fy_tuple_pack(2, k, v));
    }
    for (int64_t i = 0; i < FY_LIST_N(pairs); i++) {
        fy_obj *p = FY_LIST_ITEMS(pairs)[i];
        if (fy_setitem(locals, FY_TUPLE_ITEMS(p)[0], FY_TUPLE_ITEMS(p)[1]) < 0) {
            FY_DECREF(pairs);
            return -1;
        }
    }
    FY_DECREF(pairs);
    return 0;
}
