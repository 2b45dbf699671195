/* vm_func.c - code, function, frame and generator objects; argument binding; calls. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "compile/code.h"
#include "exec/interp.h"
#include "exec/vm.h"

/* ------------------------------------------------------------------ code */

static void code_dealloc(fy_obj *o) {
    fy_code *c = (fy_code *)o;
    if (c->zombie) {
        fy_frame *z = c->zombie;
        c->zombie = NULL;
        FY_DECREF(z);
    }
    fy_vm_code_caches_free(c); /* reads the instructions */
    free(c->code);
    free(c->locs);
    free(c->cell2arg);
    free(c->cache);
    free(c->cache_ver);
    for (int i = 0; i < c->nregions; i++) FY_XDECREF(c->regions[i].names);
    free(c->regions);
    FY_XDECREF(c->consts);
    FY_XDECREF(c->names);
    FY_XDECREF(c->varnames);
    FY_XDECREF(c->cellvars);
    FY_XDECREF(c->freevars);
    FY_XDECREF(c->name);
    FY_XDECREF(c->qualname);
    FY_XDECREF(c->filename);
    FY_XDECREF(c->source);
    FY_XDECREF(c->doc);
}
const fy_region *fy_code_region(const fy_code *co, int at) {
    int lo = 0, hi = co->nregions - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (co->regions[mid].at == at) return &co->regions[mid];
        if (co->regions[mid].at < at) lo = mid + 1;
        else hi = mid - 1;
    }
    return NULL;
}

static int code_traverse(fy_obj *o, fy_visitfn v, void *a) {
    fy_code *c = (fy_code *)o;
    return c->consts && v(c->consts, a);
}
static fy_obj *code_repr(fy_obj *o) {
    fy_code *c = (fy_code *)o;
    return fy_str_printf("<code object %S at %p, file %R, line %d>", c->name, (void *)o, c->filename, c->firstline);
}
static fy_obj *code_name(fy_obj *o) { return fy_ref(((fy_code *)o)->name); }
static fy_obj *code_filename(fy_obj *o) { return fy_ref(((fy_code *)o)->filename); }
static fy_obj *code_varnames(fy_obj *o) { return fy_ref(((fy_code *)o)->varnames); }
/* the global and attribute names the code reads or writes (CPython's co_names; FlyDSL's cache keys walk them) */
static fy_obj *code_names(fy_obj *o) {
    fy_code *c = (fy_code *)o;
    return c->names ? fy_ref(c->names) : fy_tuple_new(0);
}
static fy_obj *code_argcount(fy_obj *o) { return fy_int_from(((fy_code *)o)->argcount); }
static fy_obj *code_firstline(fy_obj *o) { return fy_int_from(((fy_code *)o)->firstline); }
/* CPython's CO_* bits (OPTIMIZED|NEWLOCALS for functions, VARARGS 4, VARKEYWORDS 8, NESTED 16,
 * GENERATOR 32), not the internal FY_CO_* ones. */
static fy_obj *code_flags(fy_obj *o) {
    int f = ((fy_code *)o)->flags, r = 0;
    if (!(f & (FY_CO_MODULE | FY_CO_CLASSBODY))) r |= 3;
    if (f & FY_CO_VARARGS) r |= 4;
    if (f & FY_CO_VARKW) r |= 8;
    if (f & FY_CO_NESTED) r |= 16;
    if (f & FY_CO_GENERATOR) r |= 32;
    return fy_int_from(r);
}
static fy_obj *code_qualname(fy_obj *o) { return fy_ref(((fy_code *)o)->qualname); }
static fy_obj *code_cellvars(fy_obj *o) { return fy_ref(((fy_code *)o)->cellvars); }
static fy_obj *code_freevars(fy_obj *o) { return fy_ref(((fy_code *)o)->freevars); }
static fy_obj *code_kwonly(fy_obj *o) { return fy_int_from(((fy_code *)o)->kwonlycount); }
static fy_obj *code_posonly(fy_obj *o) { return fy_int_from(((fy_code *)o)->posonlycount); }
static fy_getsetdef code_getsets[] = {{"co_name", code_name, NULL, NULL},
                                      {"co_filename", code_filename, NULL, NULL},
                                      {"co_varnames", code_varnames, NULL, NULL},
                                      {"co_names", code_names, NULL, NULL},
                                      {"co_argcount", code_argcount, NULL, NULL},
                                      {"co_firstlineno", code_firstline, NULL, NULL},
                                      {"co_flags", code_flags, NULL, NULL},
                                      {"co_qualname", code_qualname, NULL, NULL},
                                      {"co_cellvars", code_cellvars, NULL, NULL},
                                      {"co_freevars", code_freevars, NULL, NULL},
                                      {"co_kwonlyargcount", code_kwonly, NULL, NULL},
                                      {"co_posonlyargcount", code_posonly, NULL, NULL},
                                      {NULL}};
fy_type fy_code_type = {FY_TYPE_INIT("code", sizeof(fy_code)),
                        .flags = FY_TPF_GC | FY_TPF_FINAL,
                        .dealloc = code_dealloc,
                        .traverse = code_traverse,
                        .repr = code_repr,
                        .getsets = code_getsets};

int fy_code_line_of(fy_obj *code, int instr) {
    fy_code *c = (fy_code *)code;
    if (instr < 0 || instr >= c->ncode) return c->firstline;
    return c->locs[instr].line;
}

char *fy_code_source_line(fy_code *co, int line) {
    if (!co->source || line <= 0) return NULL;
    const char *s = FY_STR_DATA(co->source), *end = s + FY_STR_LEN(co->source);
    for (int l = 1; l < line && s < end; l++) {
        const char *nl = memchr(s, '\n', end - s);
        if (!nl) return NULL;
        s = nl + 1;
    }
    const char *e = memchr(s, '\n', end - s);
    if (!e) e = end;
    if (e > s && e[-1] == '\r') e--;
    char *r = malloc(e - s + 1);
    if (!r) return NULL;
    memcpy(r, s, e - s);
    r[e - s] = 0;
    return r;
}

/* ------------------------------------------------------------------ frame */

static size_t frame_size(fy_code *co) {
    return sizeof(fy_frame) + (co->nlocals + co->ncells + co->nfrees + co->stacksize) * sizeof(fy_obj *) +
           co->nblocks * sizeof(fy_block);
}

fy_frame *fy_frame_new(fy_code *co, fy_obj *globals, fy_obj *builtins, fy_obj *locals, bool for_gen) {
    fy_frame *f;
    size_t sz = frame_size(co);
    if (!for_gen && co->zombie) {
        f = co->zombie;
        co->zombie = NULL;
        memset(f, 0, sz);
        f->h.rc = 1;
        f->h.type = &fy_frame_type;
    } else {
        f = (fy_frame *)fy_alloc_size(&fy_frame_type, sz);
        if (!f) return NULL;
    }
    f->code = co;
    FY_INCREF(co);
    f->globals = fy_ref(globals);
    f->builtins = fy_ref(builtins);
    f->locals = locals ? fy_ref(locals) : NULL;
    int nlp = co->nlocals + co->ncells + co->nfrees;
    f->stack = f->localsplus + nlp;
    f->blocks = (fy_block *)(f->stack + co->stacksize);
    f->gen = for_gen;
    return f;
}

static void frame_clear_contents(fy_frame *f) {
    fy_code *co = f->code;
    int nlp = co->nlocals + co->ncells + co->nfrees;
    for (int i = 0; i < nlp; i++) FY_CLEAR(f->localsplus[i]);
    for (int i = 0; i < f->sp; i++) FY_CLEAR(f->stack[i]);
    f->sp = 0;
    FY_CLEAR(f->result);
}

static void frame_dealloc(fy_obj *o) {
    fy_frame *f = (fy_frame *)o;
    if (!f->code) return;
    frame_clear_contents(f);
    FY_XDECREF(f->globals);
    FY_XDECREF(f->builtins);
    FY_XDECREF(f->locals);
    FY_XDECREF((fy_obj *)f->func);
    FY_XDECREF((fy_obj *)f->code);
}
static int frame_traverse(fy_obj *o, fy_visitfn v, void *a) {
    fy_frame *f = (fy_frame *)o;
    fy_code *co = f->code;
    if (!co) return 0;
    int nlp = co->nlocals + co->ncells + co->nfrees;
    for (int i = 0; i < nlp; i++)
        if (f->localsplus[i] && v(f->localsplus[i], a)) return 1;
    /* A running frame's stack pointer lives in fy_vm_run's registers: f->sp is the value saved
     * at the last yield and may cover slots popped (and freed) since. Its stack items are held
     * by the running code, so the collector counts them as external references. */
    if (!f->running)
        for (int i = 0; i < f->sp; i++)
            if (f->stack[i] && v(f->stack[i], a)) return 1;
    if (f->locals && v(f->locals, a)) return 1;
    if (f->func && v((fy_obj *)f->func, a)) return 1;
    return f->globals && v(f->globals, a);
}
static void frame_clear(fy_obj *o) {
    if (((fy_frame *)o)->code) frame_clear_contents((fy_frame *)o);
}
/* What sys._getframe() callers read (the warnings module, test runners, inspect). A frame does not own
 * the frame that called it: f_back is that frame only while this one runs (its caller is then alive
 * below it), else None. */
static fy_obj *frame_back(fy_obj *o) {
    fy_frame *f = (fy_frame *)o;
    return f->running && f->back ? fy_ref(&f->back->h) : fy_none();
}
static fy_obj *frame_code(fy_obj *o) { return fy_ref(&((fy_frame *)o)->code->h); }
static fy_obj *frame_lineno(fy_obj *o) {
    fy_frame *f = (fy_frame *)o;
    return fy_int_from(fy_code_line_of(&f->code->h, f->cur));
}
static fy_obj *frame_globals(fy_obj *o) { return fy_ref(((fy_frame *)o)->globals); }
static fy_obj *frame_locals(fy_obj *o) {
    fy_frame *f = (fy_frame *)o;
    if (f->locals) return fy_ref(f->locals);
    fy_obj *d = fy_dict_new();
    fy_code *co = f->code;
    size_t n = 0;
    fy_obj **names = co->varnames ? fy_seq_items(co->varnames, &n) : NULL;
    for (size_t i = 0; d && names && i < n && (int)i < co->nlocals; i++)
        if (f->localsplus[i] && fy_dict_set(d, names[i], f->localsplus[i]) < 0) FY_CLEAR(d);
    return d;
}
static fy_getsetdef frame_getsets[] = {{"f_code", frame_code, NULL, NULL},       {"f_lineno", frame_lineno, NULL, NULL},
                                       {"f_globals", frame_globals, NULL, NULL}, {"f_locals", frame_locals, NULL, NULL},
                                       {"f_back", frame_back, NULL, NULL},       {NULL}};
fy_type fy_frame_type = {FY_TYPE_INIT("frame", sizeof(fy_frame)),
                         .flags = FY_TPF_GC | FY_TPF_FINAL,
                         .dealloc = frame_dealloc,
                         .traverse = frame_traverse,
                         .clear = frame_clear,
                         .getsets = frame_getsets};

/* Release a non-generator frame after a call, keeping one per code object for reuse. */
static void fy_frame_release(fy_frame *f) {
    if (f->h.rc != 1 || f->gen) {
        FY_DECREF(f);
        return;
    }
    fy_code *co = f->code;
    frame_clear_contents(f);
    FY_CLEAR(f->globals);
    FY_CLEAR(f->builtins);
    FY_CLEAR(f->locals);
    fy_obj *fn = (fy_obj *)f->func;
    f->func = NULL;
    FY_XDECREF(fn);
    if (!co->zombie && co->h.rc > 1) {
        /* park it (it stays tracked with rc 1, which the collector sees as external) */
        co->zombie = f;
        f->code = NULL;
        FY_DECREF(co);
        return;
    }
    FY_DECREF(f);
}

/* ------------------------------------------------------------------ function */

fy_obj *fy_function_new(fy_code *code, fy_obj *globals, fy_obj *qualname) {
    fy_function *f = (fy_function *)fy_alloc(&fy_function_type);
    if (!f) return NULL;
    f->code = code;
    FY_INCREF(code);
    f->globals = fy_ref(globals);
    f->builtins = fy_ref(fy_cur->builtins);
    f->name = fy_ref(code->name);
    f->qualname = fy_ref(qualname ? qualname : code->qualname);
    f->doc = code->doc ? fy_ref(code->doc) : fy_none();
    fy_obj *mn = fy_dict_get_cstr(globals, "__name__");
    f->module = mn ? fy_ref(mn) : NULL;
    return &f->h;
}

static void func_dealloc(fy_obj *o) {
    fy_function *f = (fy_function *)o;
    FY_XDECREF((fy_obj *)f->code);
    FY_XDECREF(f->globals);
    FY_XDECREF(f->builtins);
    FY_XDECREF(f->name);
    FY_XDECREF(f->qualname);
    FY_XDECREF(f->defaults);
    FY_XDECREF(f->kwdefaults);
    FY_XDECREF(f->closure);
    FY_XDECREF(f->doc);
    FY_XDECREF(f->dict);
    FY_XDECREF(f->annotations);
    FY_XDECREF(f->module);
}
static int func_traverse(fy_obj *o, fy_visitfn v, void *a) {
    fy_function *f = (fy_function *)o;
#define V(x) \
    if ((x) && v((fy_obj *)(x), a)) return 1
    V(f->code);
    V(f->globals);
    V(f->defaults);
    V(f->kwdefaults);
    V(f->closure);
    V(f->dict);
    V(f->annotations);
    V(f->doc);
#undef V
    return 0;
}
static void func_clear(fy_obj *o) {
    fy_function *f = (fy_function *)o;
    FY_CLEAR(f->globals);
    FY_CLEAR(f->defaults);
    FY_CLEAR(f->kwdefaults);
    FY_CLEAR(f->closure);
    FY_CLEAR(f->dict);
    FY_CLEAR(f->annotations);
}
static fy_obj *func_repr(fy_obj *o) {
    return fy_str_printf("<function %S at %p>", ((fy_function *)o)->qualname, (void *)o);
}
static fy_obj *func_get(fy_obj *d, fy_obj *obj, fy_type *owner) {
    if (!obj) return fy_ref(d);
    return fy_method_new(d, obj);
}
#define FGET(fn, field, dflt) \
    static fy_obj *fn(fy_obj *o) { \
        fy_obj *x = ((fy_function *)o)->field; \
        return fy_ref(x ? x : (dflt)); \
    }
FGET(func_get_name, name, fy_None)
FGET(func_get_qualname, qualname, fy_None)
FGET(func_get_doc, doc, fy_None)
FGET(func_get_defaults, defaults, fy_None)
FGET(func_get_kwdefaults, kwdefaults, fy_None)
FGET(func_get_globals, globals, fy_None)
FGET(func_get_closure, closure, fy_None)
FGET(func_get_module, module, fy_None)
#define FSET(fn, field) \
    static int fn(fy_obj *o, fy_obj *v) { \
        FY_SETREF(((fy_function *)o)->field, v && v != fy_None ? fy_ref(v) : NULL); \
        return 0; \
    }
FSET(func_set_doc, doc)
FSET(func_set_defaults, defaults)
FSET(func_set_kwdefaults, kwdefaults)
FSET(func_set_module, module)
static int func_set_name(fy_obj *o, fy_obj *v) {
    if (!v || !FY_STR_CHECK(v)) {
        fy_err_set(&fy_TypeError, "__name__ must be set to a string object");
        return -1;
    }
    FY_SETREF(((fy_function *)o)->name, fy_ref(v));
    return 0;
}
static int func_set_qualname(fy_obj *o, fy_obj *v) {
    if (!v || !FY_STR_CHECK(v)) {
        fy_err_set(&fy_TypeError, "__qualname__ must be set to a string object");
        return -1;
    }
    FY_SETREF(((fy_function *)o)->qualname, fy_ref(v));
    return 0;
}
static fy_obj *func_get_code(fy_obj *o) { return fy_ref((fy_obj *)((fy_function *)o)->code); }
static fy_obj *func_get_dict(fy_obj *o) {
    fy_function *f = (fy_function *)o;
    if (!f->dict) f->dict = fy_dict_new();
    return f->dict ? fy_ref(f->dict) : NULL;
}
static fy_obj *func_get_annotations(fy_obj *o) {
    fy_function *f = (fy_function *)o;
    if (!f->annotations) f->annotations = fy_dict_new();
    return f->annotations ? fy_ref(f->annotations) : NULL;
}
static int func_set_annotations(fy_obj *o, fy_obj *v) {
    FY_SETREF(((fy_function *)o)->annotations, v ? fy_ref(v) : NULL);
    return 0;
}
static fy_getsetdef func_getsets[] = {{"__name__", func_get_name, func_set_name, NULL},
                                      {"__qualname__", func_get_qualname, func_set_qualname, NULL},
                                      {"__doc__", func_get_doc, func_set_doc, NULL},
                                      {"__defaults__", func_get_defaults, func_set_defaults, NULL},
                                      {"__kwdefaults__", func_get_kwdefaults, func_set_kwdefaults, NULL},
                                      {"__globals__", func_get_globals, NULL, NULL},
                                      {"__closure__", func_get_closure, NULL, NULL},
                                      {"__code__", func_get_code, NULL, NULL},
                                      {"__dict__", func_get_dict, NULL, NULL},
                                      {"__module__", func_get_module, func_set_module, NULL},
                                      {"__annotations__", func_get_annotations, func_set_annotations, NULL},
                                      {NULL}};
static int64_t func_hash(fy_obj *o) { return (int64_t)(((uintptr_t)o) >> 4); }

/* types.FunctionType(code, globals, name=None, argdefs=None, closure=None), with CPython's messages. */
static fy_obj *func_new_slot(fy_type *t, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    (void)t;
    static const char *const names[] = {"code", "globals", "name", "argdefs", "closure", NULL};
    fy_obj *a[5] = {0};
    if (fy_parse_args("function", args, nargs, kw, names, 2, 5, 5, a) < 0) return NULL;
    if (FY_TYPE(a[0]) != &fy_code_type)
        return fy_err_format(&fy_TypeError, "function() argument 'code' must be code, not %s", fy_type_name(a[0]));
    if (!FY_DICT_CHECK(a[1]))
        return fy_err_format(&fy_TypeError, "function() argument 'globals' must be dict, not %s", fy_type_name(a[1]));
    fy_code *co = (fy_code *)a[0];
    fy_obj *name = a[2] && a[2] != fy_None ? a[2] : NULL, *defs = a[3] && a[3] != fy_None ? a[3] : NULL;
    fy_obj *clo = a[4] && a[4] != fy_None ? a[4] : NULL;
    if (name && !FY_STR_CHECK(name)) return fy_err_set(&fy_TypeError, "arg 3 (name) must be None or string");
    if (defs && !FY_TUPLE_CHECK(defs)) return fy_err_set(&fy_TypeError, "arg 4 (defaults) must be None or tuple");
    if (clo && !FY_TUPLE_CHECK(clo)) return fy_err_set(&fy_TypeError, "arg 5 (closure) must be None or tuple");
    if (!clo && co->nfrees) return fy_err_set(&fy_TypeError, "arg 5 (closure) must be tuple");
    size_t ncl = clo ? (size_t)FY_TUPLE_N(clo) : 0;
    if (ncl != (size_t)co->nfrees)
        return fy_err_format(&fy_ValueError, "%s requires closure of length %d, not %zu", FY_STR_DATA(co->name),
                             co->nfrees, ncl);
    for (size_t i = 0; i < ncl; i++)
        if (FY_TYPE(FY_TUPLE_ITEMS(clo)[i]) != &fy_cell_type)
            return fy_err_format(&fy_TypeError, "arg 5 (closure) expected cell, found %s",
                                 fy_type_name(FY_TUPLE_ITEMS(clo)[i]));
    fy_function *f = (fy_function *)fy_function_new(co, a[1], NULL);
    if (!f) return NULL;
    if (name) FY_SETREF(f->name, fy_ref(name)); /* __qualname__ stays the code's, as in CPython */
    if (defs && FY_TUPLE_N(defs)) f->defaults = fy_ref(defs);
    if (clo && ncl) f->closure = fy_ref(clo);
    return &f->h;
}

fy_type fy_function_type = {FY_TYPE_INIT("function", sizeof(fy_function)),
                            .flags = FY_TPF_GC | FY_TPF_FINAL,
                            .new_ = func_new_slot,
                            .dealloc = func_dealloc,
                            .traverse = func_traverse,
                            .clear = func_clear,
                            .call = fy_function_call,
                            .repr = func_repr,
                            .descr_get = func_get,
                            .getsets = func_getsets,
                            .hash = func_hash,
                            .dictoffset = offsetof(fy_function, dict)};

/* ------------------------------------------------------------------ argument binding */

static void missing_args(fy_function *fn, fy_obj **slots, int lo, int hi, const char *kind) {
    fy_code *co = fn->code;
    const char *names[64];
    int n = 0;
    for (int i = lo; i < hi && n < 64; i++)
        if (!slots[i]) names[n++] = FY_STR_DATA(FY_TUPLE_ITEMS(co->varnames)[i]);
    fy_sbuf b = {0};
    fy_sbuf_printf(&b, "%s() missing %d required %s argument%s: ", FY_STR_DATA(fn->qualname), n, kind,
                   n == 1 ? "" : "s");
    for (int i = 0; i < n; i++) {
        if (i) fy_sbuf_adds(&b, n == 2 ? " and " : (i == n - 1 ? ", and " : ", "));
        fy_sbuf_printf(&b, "'%s'", names[i]);
    }
    fy_obj *m = fy_sbuf_finish(&b);
    if (m) {
        fy_err_set_obj(&fy_TypeError, m);
        FY_DECREF(m);
    }
}

/* Bind args into f->localsplus. Returns 0 or -1 (TypeError). */
static int bind_args(fy_function *fn, fy_frame *f, fy_obj *const *args, size_t nargs, fy_obj *kwnames) {
    fy_code *co = fn->code;
    fy_obj **slots = f->localsplus;
    int argc = co->argcount, kwonly = co->kwonlycount;
    int total = argc + kwonly;
    size_t nk = fy_kwcount(kwnames);
    fy_obj *kwdict = NULL;
    if (co->flags & FY_CO_VARKW) {
        kwdict = fy_dict_new();
        if (!kwdict) return -1;
        slots[total + ((co->flags & FY_CO_VARARGS) ? 1 : 0)] = kwdict;
    }
    size_t npos = nargs < (size_t)argc ? nargs : (size_t)argc;
    for (size_t i = 0; i < npos; i++) slots[i] = fy_ref(args[i]);
    if (co->flags & FY_CO_VARARGS) {
        fy_obj *t = nargs > (size_t)argc ? fy_tuple_from(args + argc, nargs - argc) : fy_empty_tuple();
        if (!t) return -1;
        slots[total] = t;
    } else if (nargs > (size_t)argc) {
        int ndef = fn->defaults ? (int)FY_TUPLE_N(fn->defaults) : 0;
        int kwgiven = 0;
        for (size_t k = 0; k < nk; k++) {
            fy_obj *name = FY_TUPLE_ITEMS(kwnames)[k];
            for (int i = argc; i < total; i++)
                if (fy_str_eq(FY_TUPLE_ITEMS(co->varnames)[i], name)) kwgiven++;
        }
        char kwpart[96] = "";
        if (kwgiven)
            snprintf(kwpart, sizeof kwpart, " positional argument%s (and %d keyword-only argument%s)",
                     nargs == 1 ? "" : "s", kwgiven, kwgiven == 1 ? "" : "s");
        if (ndef)
            fy_err_format(&fy_TypeError, "%s() takes from %d to %d positional arguments but %zu %s given",
                          FY_STR_DATA(fn->qualname), argc - ndef, argc, nargs, nargs == 1 && !kwgiven ? "was" : "were");
        else if (kwgiven)
            fy_err_format(&fy_TypeError, "%s() takes %d positional argument%s but %zu%s were given",
                          FY_STR_DATA(fn->qualname), argc, argc == 1 ? "" : "s", nargs, kwpart);
        else
            fy_err_format(&fy_TypeError, "%s() takes %d positional argument%s but %zu %s given",
                          FY_STR_DATA(fn->qualname), argc, argc == 1 ? "" : "s", nargs, nargs == 1 ? "was" : "were");
        return -1;
    }
    for (size_t k = 0; k < nk; k++) {
        fy_obj *name = FY_TUPLE_ITEMS(kwnames)[k];
        fy_obj *val = args[nargs + k];
        int idx = -1;
        for (int i = co->posonlycount; i < total; i++) {
            fy_obj *vn = FY_TUPLE_ITEMS(co->varnames)[i];
            if (vn == name || fy_str_eq(vn, name)) {
                idx = i;
                break;
            }
        }
        if (idx < 0) {
            bool posonly = false;
            for (int i = 0; i < co->posonlycount; i++)
                if (fy_str_eq(FY_TUPLE_ITEMS(co->varnames)[i], name)) posonly = true;
            if (kwdict) {
                if (fy_dict_set(kwdict, name, val) < 0) return -1;
                continue;
            }
            if (posonly)
                fy_err_format(&fy_TypeError,
                              "%s() got some positional-only arguments passed as keyword arguments: '%s'",
                              FY_STR_DATA(fn->qualname), FY_STR_DATA(name));
            else
                fy_err_format(&fy_TypeError, "%s() got an unexpected keyword argument '%s'", FY_STR_DATA(fn->qualname),
                              FY_STR_DATA(name));
            return -1;
        }
        if (slots[idx]) {
            fy_err_format(&fy_TypeError, "%s() got multiple values for argument '%s'", FY_STR_DATA(fn->qualname),
                          FY_STR_DATA(name));
            return -1;
        }
        slots[idx] = fy_ref(val);
    }
    if (nargs < (size_t)argc || nk) {
        int ndef = fn->defaults ? (int)FY_TUPLE_N(fn->defaults) : 0;
        int firstdef = argc - ndef;
        bool missing = false;
        for (int i = (int)npos; i < argc; i++) {
            if (slots[i]) continue;
            if (i >= firstdef) slots[i] = fy_ref(FY_TUPLE_ITEMS(fn->defaults)[i - firstdef]);
            else missing = true;
        }
        if (missing) {
            missing_args(fn, slots, 0, argc, "positional");
            return -1;
        }
    }
    if (kwonly) {
        bool missing = false;
        for (int i = argc; i < total; i++) {
            if (slots[i]) continue;
            fy_obj *d = fn->kwdefaults ? fy_dict_get(fn->kwdefaults, FY_TUPLE_ITEMS(co->varnames)[i]) : NULL;
            if (d) slots[i] = fy_ref(d);
            else missing = true;
        }
        if (missing) {
            missing_args(fn, slots, argc, total, "keyword-only");
            return -1;
        }
    }
    return 0;
}

static int setup_cells(fy_function *fn, fy_frame *f) {
    fy_code *co = fn->code;
    fy_obj **cells = f->localsplus + co->nlocals;
    for (int i = 0; i < co->ncells; i++) {
        int a = co->cell2arg[i];
        fy_obj *c = fy_cell_new(a >= 0 ? f->localsplus[a] : NULL);
        if (!c) return -1;
        cells[i] = c;
    }
    for (int i = 0; i < co->nfrees; i++) cells[co->ncells + i] = fy_ref(FY_TUPLE_ITEMS(fn->closure)[i]);
    return 0;
}

fy_obj *fy_function_call(fy_obj *callable, fy_obj *const *args, size_t nargs, fy_obj *kwnames) {
    fy_function *fn = (fy_function *)callable;
    fy_code *co = fn->code;
    fy_interp *ip = fy_cur;
    bool gen = (co->flags & FY_CO_GENERATOR) != 0;
    fy_frame *f = fy_frame_new(co, fn->globals, fn->builtins, NULL, gen);
    if (!f) return NULL;
    f->func = fn;
    FY_INCREF(fn);
    /* fast path: exact positional arguments */
    if (!kwnames && nargs == (size_t)co->argcount && !(co->flags & (FY_CO_VARARGS | FY_CO_VARKW)) && !co->kwonlycount) {
        for (size_t i = 0; i < nargs; i++) f->localsplus[i] = fy_ref(args[i]);
    } else if (bind_args(fn, f, args, nargs, kwnames) < 0) {
        fy_frame_release(f);
        return NULL;
    }
    if ((co->ncells || co->nfrees) && setup_cells(fn, f) < 0) {
        fy_frame_release(f);
        return NULL;
    }
    if (gen) return fy_gen_new(f, fn);
    if (++ip->depth > ip->recursion_limit) {
        ip->depth--;
        fy_frame_release(f);
        return fy_err_set(&fy_RecursionError, "maximum recursion depth exceeded");
    }
    fy_obj *r = fy_vm_run(f, NULL);
    ip->depth--;
    fy_frame_release(f);
    return r;
}

fy_obj *fy_eval_code_ex(fy_code *co, fy_obj *globals, fy_obj *locals, fy_obj **result) {
    fy_interp *ip = fy_cur;
    if (!fy_dict_get_cstr(globals, "__builtins__")) fy_dict_set_cstr(globals, "__builtins__", ip->builtins_mod);
    fy_frame *f = fy_frame_new(co, globals, ip->builtins, locals ? locals : globals, true);
    if (!f) return NULL;
    if (++ip->depth > ip->recursion_limit) {
        ip->depth--;
        FY_DECREF(f);
        return fy_err_set(&fy_RecursionError, "maximum recursion depth exceeded");
    }
    fy_obj *r = fy_vm_run(f, NULL);
    ip->depth--;
    if (result) {
        *result = f->result;
        f->result = NULL;
    }
    FY_DECREF(f);
    return r;
}
fy_obj *fy_eval_code(fy_code *co, fy_obj *globals, fy_obj *locals) {
    return fy_eval_code_ex(co, globals, locals, NULL);
}

/* Run a class body function with a namespace dict as its locals. */
fy_obj *fy_run_class_body(fy_function *fn, fy_obj *ns) {
    fy_code *co = fn->code;
    fy_frame *f = fy_frame_new(co, fn->globals, fn->builtins, ns, true);
    if (!f) return NULL;
    f->func = fn;
    FY_INCREF(fn);
    if (setup_cells(fn, f) < 0) {
        FY_DECREF(f);
        return NULL;
    }
    fy_interp *ip = fy_cur;
    if (++ip->depth > ip->recursion_limit) {
        ip->depth--;
        FY_DECREF(f);
        return fy_err_set(&fy_RecursionError, "maximum recursion depth exceeded");
    }
    fy_obj *r = fy_vm_run(f, NULL);
    ip->depth--;
    FY_DECREF(f);
    return r;
}

/* ------------------------------------------------------------------ generators */

fy_obj *fy_gen_new(fy_frame *f, fy_function *fn) {
    fy_gen *g = (fy_gen *)fy_alloc(&fy_generator_type);
    if (!g) {
        FY_DECREF(f);
        return NULL;
    }
    g->frame = f;
    g->name = fy_ref(fn->name);
    g->qualname = fy_ref(fn->qualname);
    return &g->h;
}

/* value: sent value (borrowed, NULL = None); exc: exception to throw (borrowed) or NULL */
fy_obj *fy_gen_send(fy_gen *g, fy_obj *value, fy_obj *exc, fy_obj **retval) {
    if (retval) *retval = NULL;
    if (g->running) return fy_err_set(&fy_ValueError, "generator already executing");
    fy_frame *f = g->frame;
    if (!f) {
        if (exc) {
            fy_err_raise(exc);
            return NULL;
        }
        return NULL;
    }
    if (f->ip == 0 && value && value != fy_None && !exc)
        return fy_err_set(&fy_TypeError, "can't send non-None value to a just-started generator");
    if (f->ip > 0 && !exc) f->stack[f->sp++] = fy_ref(value ? value : fy_None);
    fy_interp *ip = fy_cur;
    if (++ip->depth > ip->recursion_limit) {
        ip->depth--;
        return fy_err_set(&fy_RecursionError, "maximum recursion depth exceeded");
    }
    g->running = true;
    if (exc) fy_err_raise(exc);
    fy_obj *r = fy_vm_run(f, exc ? fy_True : NULL);
    g->running = false;
    ip->depth--;
    if (r && f->running) {
        /* yielded */
        f->running = false;
        return r;
    }
    /* finished: returned or raised */
    g->frame = NULL;
    if (r) {
        if (retval) *retval = r;
        else FY_DECREF(r);
        FY_DECREF(f);
        return NULL;
    }
    FY_DECREF(f);
    if (fy_err_matches(&fy_StopIteration)) {
        fy_obj *e = fy_err_fetch();
        fy_obj *ne = fy_exc_new(&fy_RuntimeError, NULL, 0);
        if (ne) {
            fy_obj *m = fy_str_from_cstr("generator raised StopIteration");
            FY_SETREF(((fy_exc *)ne)->args, fy_tuple_pack(1, m));
            FY_DECREF(m);
            ((fy_exc *)ne)->cause = e;
            ((fy_exc *)ne)->suppress_context = 1;
            fy_err_restore(ne);
        } else FY_DECREF(e);
    }
    return NULL;
}

static fy_obj *gen_next(fy_obj *o) {
    fy_obj *rv = NULL;
    fy_obj *r = fy_gen_send((fy_gen *)o, NULL, NULL, &rv);
    FY_XDECREF(rv);
    return r;
}
static fy_obj *self_iter(fy_obj *o) { return fy_ref(o); }

/* next(gen) / gen.__next__(): like the iterator slot, but a `return value` ends with
 * StopIteration(value) (the slot ends silently so loops build no exception). */
fy_obj *fy_gen_next_value(fy_obj *o) {
    fy_obj *rv = NULL;
    fy_obj *r = fy_gen_send((fy_gen *)o, NULL, NULL, &rv);
    if (!r && !fy_err_occurred()) fy_err_set_obj(&fy_StopIteration, rv && rv != fy_None ? rv : NULL);
    FY_XDECREF(rv);
    return r;
}
static fy_obj *gen_send_m(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("send", n, 1, 1) < 0) return NULL;
    fy_obj *rv = NULL;
    fy_obj *r = fy_gen_send((fy_gen *)self, a[0], NULL, &rv);
    if (!r && !fy_err_occurred()) {
        fy_err_set_obj(&fy_StopIteration, rv && rv != fy_None ? rv : NULL);
        FY_XDECREF(rv);
    }
    return r;
}
static fy_obj *gen_throw_m(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("throw", n, 1, 3) < 0) return NULL;
    fy_obj *e = a[0];
    fy_obj *inst = NULL;
    if (fy_isinstance_of(e, &fy_type_type)) {
        inst = n > 1 && a[1] != fy_None ? fy_call1(e, a[1]) : fy_call0(e);
        if (!inst) return NULL;
    } else inst = fy_ref(e);
    fy_obj *rv = NULL;
    fy_obj *r = fy_gen_send((fy_gen *)self, NULL, inst, &rv);
    FY_DECREF(inst);
    if (!r && !fy_err_occurred()) {
        fy_err_set_obj(&fy_StopIteration, rv && rv != fy_None ? rv : NULL);
        FY_XDECREF(rv);
    }
    return r;
}
static fy_obj *gen_close_m(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    fy_gen *g = (fy_gen *)self;
    if (!g->frame) return fy_none();
    if (g->frame->ip == 0) {
        fy_frame *f = g->frame;
        g->frame = NULL;
        FY_DECREF(f);
        return fy_none();
    }
    fy_obj *ge = fy_exc_new(&fy_GeneratorExit, NULL, 0);
    if (!ge) return NULL;
    fy_obj *rv = NULL;
    fy_obj *r = fy_gen_send(g, NULL, ge, &rv);
    FY_DECREF(ge);
    FY_XDECREF(rv);
    if (r) {
        FY_DECREF(r);
        return fy_err_set(&fy_RuntimeError, "generator ignored GeneratorExit");
    }
    if (fy_err_matches(&fy_GeneratorExit) || fy_err_matches(&fy_StopIteration)) fy_err_clear();
    if (fy_err_occurred()) return NULL;
    return fy_none();
}
static void gen_dealloc(fy_obj *o) {
    fy_gen *g = (fy_gen *)o;
    if (g->frame && g->frame->ip > 0 && fy_cur) {
        /* run finally blocks: close() */
        o->rc++;
        fy_obj *saved = fy_err_fetch();
        fy_obj *r = gen_close_m(o, NULL, 0, NULL);
        FY_XDECREF(r);
        fy_err_clear();
        if (saved) fy_err_restore(saved);
        o->rc--;
    }
    FY_XDECREF((fy_obj *)g->frame);
    FY_XDECREF(g->name);
    FY_XDECREF(g->qualname);
    FY_XDECREF(g->dict);
}
static int gen_traverse(fy_obj *o, fy_visitfn v, void *a) {
    fy_gen *g = (fy_gen *)o;
    return g->frame && v(&g->frame->h, a);
}
static void gen_clear(fy_obj *o) {
    fy_gen *g = (fy_gen *)o;
    fy_frame *f = g->frame;
    g->frame = NULL;
    FY_XDECREF((fy_obj *)f);
}
static fy_obj *gen_repr(fy_obj *o) {
    return fy_str_printf("<generator object %S at %p>", ((fy_gen *)o)->qualname, (void *)o);
}
static fy_obj *gen_name(fy_obj *o) { return fy_ref(((fy_gen *)o)->name); }
static fy_obj *gen_qualname(fy_obj *o) { return fy_ref(((fy_gen *)o)->qualname); }
static fy_obj *gen_running(fy_obj *o) { return fy_bool(((fy_gen *)o)->running); }
static fy_obj *gen_frame(fy_obj *o) {
    fy_gen *g = (fy_gen *)o;
    return fy_ref(g->frame ? &g->frame->h : fy_None);
}
static fy_methoddef gen_methods[] = {{"send", gen_send_m, 0, "send(arg) -> send 'arg' into generator"},
                                     {"throw", gen_throw_m, 0, "throw(typ[,val[,tb]])"},
                                     {"close", gen_close_m, 0, "close() -> raise GeneratorExit inside generator."},
                                     {NULL}};
static fy_getsetdef gen_getsets[] = {{"__name__", gen_name, NULL, NULL},
                                     {"__qualname__", gen_qualname, NULL, NULL},
                                     {"gi_running", gen_running, NULL, NULL},
                                     {"gi_frame", gen_frame, NULL, NULL},
                                     {NULL}};
fy_type fy_generator_type = {FY_TYPE_INIT("generator", sizeof(fy_gen)),
                             .flags = FY_TPF_GC | FY_TPF_FINAL,
                             .dealloc = gen_dealloc,
                             .traverse = gen_traverse,
                             .clear = gen_clear,
                             .iter = self_iter,
                             .next = gen_next,
                             .repr = gen_repr,
                             .methods = gen_methods,
                             .getsets = gen_getsets};

fy_obj *fy_frame_globals(void) {
    fy_interp *ip = fy_cur;
    return ip && ip->frame ? ip->frame->globals : NULL;
}

/* super() without arguments: __class__ cell and the first argument of the running frame. */
int fy_super_zero_args(fy_type **type, fy_obj **obj) {
    fy_frame *f = fy_cur ? fy_cur->frame : NULL;
    if (!f) {
        fy_err_set(&fy_RuntimeError, "super(): no current frame");
        return -1;
    }
    fy_code *co = f->code;
    if (co->argcount == 0 && !(co->flags & FY_CO_VARARGS)) {
        fy_err_set(&fy_RuntimeError, "super(): no arguments");
        return -1;
    }
    fy_obj *first = f->localsplus[0];
    for (int i = 0; i < co->ncells; i++)
        if (co->cell2arg[i] == 0) first = ((fy_cell *)f->localsplus[co->nlocals + i])->ref;
    if (!first) {
        fy_err_set(&fy_RuntimeError, "super(): arg[0] deleted");
        return -1;
    }
    for (int i = 0; i < co->nfrees; i++) {
        if (fy_str_eq_cstr(FY_TUPLE_ITEMS(co->freevars)[i], "__class__")) {
            fy_cell *c = (fy_cell *)f->localsplus[co->nlocals + co->ncells + i];
            if (!c->ref) {
                fy_err_set(&fy_RuntimeError, "super(): empty __class__ cell");
                return -1;
            }
            if (!fy_isinstance_of(c->ref, &fy_type_type)) {
                fy_err_set(&fy_RuntimeError, "super(): __class__ is not a type");
                return -1;
            }
            *type = (fy_type *)c->ref;
            *obj = first;
            return 0;
        }
    }
    fy_err_set(&fy_RuntimeError, "super(): __class__ cell not found");
    return -1;
}
