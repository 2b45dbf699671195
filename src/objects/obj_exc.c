/* obj_exc.c - exception objects, the standard hierarchy, and raising/fetching errors. */
#include <stddef.h>
#include <string.h>
#include "exec/interp.h"
#include "objects/object.h"
#include "objects/objects_int.h"
#include "exec/vm.h"

static fy_interp fallback_interp;
#define CUR (fy_cur ? fy_cur : &fallback_interp)

/* ------------------------------------------------------------------ current exception */

fy_obj *fy_err_occurred(void) { return CUR->exc; }
bool fy_err_matches(fy_type *t) { return CUR->exc && fy_isinstance_of(CUR->exc, t); }
fy_obj *fy_err_fetch(void) {
    fy_obj *e = CUR->exc;
    CUR->exc = NULL;
    return e;
}
void fy_err_restore(fy_obj *exc) {
    fy_obj *old = CUR->exc;
    CUR->exc = exc;
    FY_XDECREF(old);
}
void fy_err_clear(void) { fy_err_restore(NULL); }

static fy_obj nomem_placeholder;
fy_obj *fy_err_nomem(void) {
    static fy_exc *prealloc;
    if (!prealloc) {
        prealloc = (fy_exc *)fy_alloc(&fy_MemoryError);
        if (!prealloc) return NULL;
        prealloc->h.rc = FY_IMMORTAL_RC;
        prealloc->args = fy_empty_tuple();
    }
    FY_CLEAR(prealloc->tb);
    FY_CLEAR(prealloc->context);
    fy_err_restore(fy_ref(&prealloc->h));
    (void)nomem_placeholder;
    return NULL;
}

fy_obj *fy_exc_new(fy_type *t, fy_obj *const *args, size_t nargs) { return fy_call((fy_obj *)t, args, nargs, NULL); }

fy_obj *fy_err_set_obj(fy_type *t, fy_obj *value) {
    fy_obj *e = value ? fy_exc_new(t, &value, 1) : fy_exc_new(t, NULL, 0);
    if (!e) return NULL;
    fy_err_restore(e);
    return NULL;
}

fy_obj *fy_err_set(fy_type *t, const char *msg) {
    if (!msg || !*msg) {
        if (t == &fy_KeyboardInterrupt || t == &fy_StopIteration || !msg) return fy_err_set_obj(t, NULL);
    }
    fy_obj *m = fy_str_from_cstr(msg);
    if (!m) return NULL;
    fy_err_set_obj(t, m);
    FY_DECREF(m);
    return NULL;
}

fy_obj *fy_err_vformat(fy_type *t, const char *fmt, va_list ap) {
    fy_sbuf b = {0};
    fy_sbuf_vformat(&b, fmt, ap);
    fy_obj *m = fy_sbuf_finish(&b);
    if (!m) return NULL;
    fy_err_set_obj(t, m);
    FY_DECREF(m);
    return NULL;
}
fy_obj *fy_err_format(fy_type *t, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fy_err_vformat(t, fmt, ap);
    va_end(ap);
    return NULL;
}

void fy_err_raise(fy_obj *e) {
    if (fy_isinstance_of(e, &fy_type_type)) {
        if (!fy_type_is_subtype((fy_type *)e, &fy_BaseException)) {
            fy_err_set(&fy_TypeError, "exceptions must derive from BaseException");
            return;
        }
        fy_obj *inst = fy_call0(e);
        if (!inst) return;
        if (!fy_isinstance_of(inst, &fy_BaseException)) {
            FY_DECREF(inst);
            fy_err_set(&fy_TypeError, "calling exception class did not return an exception instance");
            return;
        }
        fy_err_restore(inst);
        return;
    }
    if (!fy_isinstance_of(e, &fy_BaseException)) {
        fy_err_set(&fy_TypeError, "exceptions must derive from BaseException");
        return;
    }
    fy_err_restore(fy_ref(e));
}

/* ------------------------------------------------------------------ traceback entries */

static void tb_dealloc(fy_obj *o) {
    fy_tb *t = (fy_tb *)o;
    FY_XDECREF((fy_obj *)t->next);
    FY_XDECREF(t->code);
}
static int tb_traverse(fy_obj *o, fy_visitfn v, void *a) {
    fy_tb *t = (fy_tb *)o;
    return (t->next && v(&t->next->h, a)) || (t->code && v(t->code, a));
}
static void tb_clear(fy_obj *o) {
    fy_tb *t = (fy_tb *)o;
    fy_obj *n = (fy_obj *)t->next;
    t->next = NULL;
    FY_XDECREF(n);
}
static fy_obj *tb_lineno(fy_obj *o) { return fy_int_from(fy_code_line_of(((fy_tb *)o)->code, ((fy_tb *)o)->instr)); }
static fy_obj *tb_next(fy_obj *o) {
    fy_tb *t = (fy_tb *)o;
    return fy_ref(t->next ? &t->next->h : fy_None);
}
/* flyi keeps no frame objects in tracebacks: tb_code (flyi's own) stands for tb_frame.f_code */
static fy_obj *tb_code(fy_obj *o) { return fy_ref(((fy_tb *)o)->code); }
static fy_getsetdef tb_getsets[] = {
    {"tb_lineno", tb_lineno, NULL, NULL}, {"tb_next", tb_next, NULL, NULL}, {"tb_code", tb_code, NULL, NULL}, {NULL}};
fy_type fy_tb_type = {FY_TYPE_INIT("traceback", sizeof(fy_tb)),
                      .flags = FY_TPF_GC | FY_TPF_FINAL,
                      .dealloc = tb_dealloc,
                      .traverse = tb_traverse,
                      .clear = tb_clear,
                      .getsets = tb_getsets};

void fy_exc_add_tb(fy_obj *exc, fy_obj *code, int instr) {
    if (!exc || !fy_isinstance_of(exc, &fy_BaseException)) return;
    fy_exc *e = (fy_exc *)exc;
    fy_tb *t = (fy_tb *)fy_alloc(&fy_tb_type);
    if (!t) {
        fy_err_clear();
        return;
    }
    t->code = fy_ref(code);
    t->instr = instr;
    t->next = (fy_tb *)e->tb;
    e->tb = &t->h;
}

/* ------------------------------------------------------------------ BaseException */

#define E(o) ((fy_exc *)(o))

static fy_obj *exc_new(fy_type *t, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    fy_obj *o = fy_alloc(t);
    if (!o) return NULL;
    E(o)->args = fy_tuple_from(args, nargs);
    if (!E(o)->args) {
        FY_DECREF(o);
        return NULL;
    }
    return o;
}
static int exc_init(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    if (FY_TYPE(self) == &fy_BaseException || !(FY_TYPE(self)->flags & FY_TPF_HEAP))
        if (kw && FY_TUPLE_N(kw) && !fy_isinstance_of(self, &fy_ImportError) &&
            !fy_isinstance_of(self, &fy_SyntaxError)) {
            fy_err_format(&fy_TypeError, "%s() takes no keyword arguments", self->type->name);
            return -1;
        }
    fy_obj *a = fy_tuple_from(args, nargs);
    if (!a) return -1;
    FY_SETREF(E(self)->args, a);
    return 0;
}
static void exc_dealloc(fy_obj *o) {
    fy_exc *e = E(o);
    FY_XDECREF(e->dict);
    FY_XDECREF(e->args);
    FY_XDECREF(e->tb);
    FY_XDECREF(e->cause);
    FY_XDECREF(e->context);
    FY_XDECREF(e->notes);
}
static int exc_traverse(fy_obj *o, fy_visitfn v, void *a) {
    fy_exc *e = E(o);
    return (e->dict && v(e->dict, a)) || (e->args && v(e->args, a)) || (e->tb && v(e->tb, a)) ||
           (e->cause && v(e->cause, a)) || (e->context && v(e->context, a)) || (e->notes && v(e->notes, a));
}
static void exc_clear(fy_obj *o) {
    fy_exc *e = E(o);
    FY_CLEAR(e->dict);
    FY_CLEAR(e->tb);
    FY_CLEAR(e->cause);
    FY_CLEAR(e->context);
    FY_CLEAR(e->notes);
}
static fy_obj *exc_str(fy_obj *o) {
    fy_obj *a = E(o)->args;
    if (!a || FY_TUPLE_N(a) == 0) return fy_ref(fy_intern(""));
    if (FY_TUPLE_N(a) == 1) return fy_str(FY_TUPLE_ITEMS(a)[0]);
    return fy_str(a);
}
static fy_obj *exc_repr(fy_obj *o) {
    fy_obj *a = E(o)->args;
    const char *n = o->type->name;
    if (!a || FY_TUPLE_N(a) == 0) return fy_str_printf("%s()", n);
    if (FY_TUPLE_N(a) == 1) return fy_str_printf("%s(%R)", n, FY_TUPLE_ITEMS(a)[0]);
    return fy_str_printf("%s%R", n, a);
}
static fy_obj *keyerror_str(fy_obj *o) {
    fy_obj *a = E(o)->args;
    if (a && FY_TUPLE_N(a) == 1) return fy_repr(FY_TUPLE_ITEMS(a)[0]);
    return exc_str(o);
}
static fy_obj *exc_get_args(fy_obj *o) { return fy_ref(E(o)->args ? E(o)->args : fy_empty_tuple()); }
static int exc_set_args(fy_obj *o, fy_obj *v) {
    if (!v) {
        fy_err_set(&fy_TypeError, "args may not be deleted");
        return -1;
    }
    fy_obj *t = fy_sequence_tuple(v);
    if (!t) return -1;
    FY_SETREF(E(o)->args, t);
    return 0;
}
static fy_obj *exc_get_tb(fy_obj *o) { return fy_ref(E(o)->tb ? E(o)->tb : fy_None); }
static int exc_set_tb(fy_obj *o, fy_obj *v) {
    if (v == fy_None) v = NULL;
    FY_SETREF(E(o)->tb, v ? fy_ref(v) : NULL);
    return 0;
}
static fy_obj *exc_get_cause(fy_obj *o) { return fy_ref(E(o)->cause ? E(o)->cause : fy_None); }
static int exc_set_cause(fy_obj *o, fy_obj *v) {
    if (v == fy_None) v = NULL;
    FY_SETREF(E(o)->cause, v ? fy_ref(v) : NULL);
    E(o)->suppress_context = 1;
    return 0;
}
static fy_obj *exc_get_context(fy_obj *o) { return fy_ref(E(o)->context ? E(o)->context : fy_None); }
static int exc_set_context(fy_obj *o, fy_obj *v) {
    if (v == fy_None) v = NULL;
    FY_SETREF(E(o)->context, v ? fy_ref(v) : NULL);
    return 0;
}
static fy_obj *exc_get_suppress(fy_obj *o) { return fy_bool(E(o)->suppress_context); }
static int exc_set_suppress(fy_obj *o, fy_obj *v) {
    E(o)->suppress_context = v && fy_truthy(v) > 0;
    return 0;
}
static fy_obj *exc_get_notes(fy_obj *o) {
    if (!E(o)->notes)
        return fy_err_format(&fy_AttributeError, "'%s' object has no attribute '__notes__'", o->type->name);
    return fy_ref(E(o)->notes);
}
static fy_obj *exc_with_tb(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("with_traceback", n, 1, 1) < 0) return NULL;
    exc_set_tb(self, a[0]);
    return fy_ref(self);
}
static fy_obj *exc_add_note(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_check_nargs("add_note", n, 1, 1) < 0) return NULL;
    if (!FY_STR_CHECK(a[0])) return fy_err_format(&fy_TypeError, "note must be a str, not '%s'", a[0]->type->name);
    if (!E(self)->notes) E(self)->notes = fy_list_new(0);
    if (!E(self)->notes || fy_list_append(E(self)->notes, a[0]) < 0) return NULL;
    return fy_none();
}
static fy_obj *exc_get_dict(fy_obj *o) {
    if (!E(o)->dict) E(o)->dict = fy_dict_new();
    return E(o)->dict ? fy_ref(E(o)->dict) : NULL;
}

static fy_getsetdef exc_getsets[] = {{"args", exc_get_args, exc_set_args, NULL},
                                     {"__traceback__", exc_get_tb, exc_set_tb, NULL},
                                     {"__cause__", exc_get_cause, exc_set_cause, NULL},
                                     {"__context__", exc_get_context, exc_set_context, NULL},
                                     {"__suppress_context__", exc_get_suppress, exc_set_suppress, NULL},
                                     {"__notes__", exc_get_notes, NULL, NULL},
                                     {"__dict__", exc_get_dict, NULL, NULL},
                                     {NULL}};
static fy_methoddef exc_methods[] = {
    {"with_traceback", exc_with_tb, 0, "with_traceback(tb)"}, {"add_note", exc_add_note, 0, "add_note(note)"}, {NULL}};

/* Attribute helpers for subclasses: first arg as attribute (StopIteration.value, SystemExit.code). */
static fy_obj *first_arg_or_none(fy_obj *o) {
    fy_obj *a = E(o)->args;
    if (a && FY_TUPLE_N(a) >= 1) return fy_ref(FY_TUPLE_ITEMS(a)[0]);
    return fy_none();
}
static fy_getsetdef stopiter_getsets[] = {{"value", first_arg_or_none, NULL, NULL}, {NULL}};
static fy_obj *sysexit_code(fy_obj *o) {
    fy_obj *a = E(o)->args;
    if (a && FY_TUPLE_N(a) == 1) return fy_ref(FY_TUPLE_ITEMS(a)[0]);
    if (a && FY_TUPLE_N(a) > 1) return fy_ref(a);
    return fy_none();
}
static fy_getsetdef sysexit_getsets[] = {{"code", sysexit_code, NULL, NULL}, {NULL}};

/* OSError(errno, strerror[, filename]) */
static fy_obj *oserr_arg(fy_obj *o, int i) {
    fy_obj *a = E(o)->args;
    if (a && FY_TUPLE_N(a) >= 2 && FY_TUPLE_N(a) > i) return fy_ref(FY_TUPLE_ITEMS(a)[i]);
    return fy_none();
}
static fy_obj *oserr_errno(fy_obj *o) { return oserr_arg(o, 0); }
static fy_obj *oserr_strerror(fy_obj *o) { return oserr_arg(o, 1); }
static fy_obj *oserr_filename(fy_obj *o) { return oserr_arg(o, 2); }
static fy_obj *oserr_str(fy_obj *o) {
    fy_obj *a = E(o)->args;
    if (a && FY_TUPLE_N(a) >= 3)
        return fy_str_printf("[Errno %S] %S: %R", FY_TUPLE_ITEMS(a)[0], FY_TUPLE_ITEMS(a)[1], FY_TUPLE_ITEMS(a)[2]);
    if (a && FY_TUPLE_N(a) == 2) return fy_str_printf("[Errno %S] %S", FY_TUPLE_ITEMS(a)[0], FY_TUPLE_ITEMS(a)[1]);
    return exc_str(o);
}
static fy_getsetdef oserr_getsets[] = {{"errno", oserr_errno, NULL, NULL},
                                       {"strerror", oserr_strerror, NULL, NULL},
                                       {"filename", oserr_filename, NULL, NULL},
                                       {NULL}};

/* ImportError(msg, name=..., path=...) and NameError/AttributeError name attributes live in
 * the instance dict. */
static int importerr_init(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    fy_obj *a = fy_tuple_from(args, nargs);
    if (!a) return -1;
    FY_SETREF(E(self)->args, a);
    if (!E(self)->dict) E(self)->dict = fy_dict_new();
    fy_dict_set_cstr(E(self)->dict, "name", fy_None);
    fy_dict_set_cstr(E(self)->dict, "path", fy_None);
    fy_dict_set_cstr(E(self)->dict, "msg", nargs ? args[0] : fy_None);
    for (size_t i = 0; i < fy_kwcount(kw); i++) {
        fy_obj *k = FY_TUPLE_ITEMS(kw)[i];
        if (!fy_str_eq_cstr(k, "name") && !fy_str_eq_cstr(k, "path")) {
            fy_err_format(&fy_TypeError, "'%s' is an invalid keyword argument for %s()", FY_STR_DATA(k),
                          self->type->name);
            return -1;
        }
        fy_dict_set(E(self)->dict, k, args[nargs + i]);
    }
    return 0;
}
/* SyntaxError(msg, (filename, lineno, offset, text, end_lineno, end_offset)) */
static int syntaxerr_init(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kw) {
    fy_obj *a = fy_tuple_from(args, nargs);
    if (!a) return -1;
    FY_SETREF(E(self)->args, a);
    if (!E(self)->dict) E(self)->dict = fy_dict_new();
    static const char *fields[] = {"filename", "lineno", "offset", "text", "end_lineno", "end_offset"};
    fy_dict_set_cstr(E(self)->dict, "msg", nargs ? args[0] : fy_None);
    for (int i = 0; i < 6; i++) {
        fy_obj *v = fy_None;
        if (nargs >= 2 && FY_TUPLE_CHECK(args[1]) && FY_TUPLE_N(args[1]) > i) v = FY_TUPLE_ITEMS(args[1])[i];
        fy_dict_set_cstr(E(self)->dict, fields[i], v);
    }
    return 0;
}
static fy_obj *syntaxerr_str(fy_obj *o) {
    fy_obj *d = E(o)->dict;
    fy_obj *msg = d ? fy_dict_get_cstr(d, "msg") : NULL;
    fy_obj *fn = d ? fy_dict_get_cstr(d, "filename") : NULL;
    fy_obj *ln = d ? fy_dict_get_cstr(d, "lineno") : NULL;
    if (!msg || msg == fy_None) return exc_str(o);
    if (fn && fn != fy_None && ln && ln != fy_None) return fy_str_printf("%S (%S, line %S)", msg, fn, ln);
    if (ln && ln != fy_None) return fy_str_printf("%S (line %S)", msg, ln);
    return fy_str(msg);
}

/* ------------------------------------------------------------------ the hierarchy */

#define EXC_BASE_FIELDS(NAME, DOC) \
    FY_TYPE_INIT(NAME, sizeof(fy_exc)), .doc = DOC, .flags = FY_TPF_GC | FY_TPF_EXC_SUB, \
        .dictoffset = offsetof(fy_exc, dict)

fy_type fy_BaseException = {
    EXC_BASE_FIELDS("BaseException", "Common base class for all exceptions"),
    .dealloc = exc_dealloc,
    .traverse = exc_traverse,
    .clear = exc_clear,
    .new_ = exc_new,
    .init = exc_init,
    .str = exc_str,
    .repr = exc_repr,
    .getsets = exc_getsets,
    .methods = exc_methods,
};

#define EXC(var, NAME, BASE, DOC) fy_type var = {EXC_BASE_FIELDS(NAME, DOC), .base = &BASE};
#define EXCX(var, NAME, BASE, DOC, ...) fy_type var = {EXC_BASE_FIELDS(NAME, DOC), .base = &BASE, __VA_ARGS__};

EXC(fy_Exception, "Exception", fy_BaseException, "Common base class for all non-exit exceptions.")
EXC(fy_ArithmeticError, "ArithmeticError", fy_Exception, "Base class for arithmetic errors.")
EXC(fy_ZeroDivisionError, "ZeroDivisionError", fy_ArithmeticError,
    "Second argument to a division or modulo operation was zero.")
EXC(fy_OverflowError, "OverflowError", fy_ArithmeticError, "Result too large to be represented.")
EXC(fy_FloatingPointError, "FloatingPointError", fy_ArithmeticError, "Floating point operation failed.")
EXC(fy_AssertionError, "AssertionError", fy_Exception, "Assertion failed.")
EXC(fy_AttributeError, "AttributeError", fy_Exception, "Attribute not found.")
EXCX(fy_ImportError, "ImportError", fy_Exception, "Import can't find module, or can't find name in module.",
     .init = importerr_init)
EXC(fy_ModuleNotFoundError, "ModuleNotFoundError", fy_ImportError, "Module not found.")
EXC(fy_LookupError, "LookupError", fy_Exception, "Base class for lookup errors.")
EXC(fy_IndexError, "IndexError", fy_LookupError, "Sequence index out of range.")
EXCX(fy_KeyError, "KeyError", fy_LookupError, "Mapping key not found.", .str = keyerror_str)
EXC(fy_NameError, "NameError", fy_Exception, "Name not found globally.")
EXC(fy_UnboundLocalError, "UnboundLocalError", fy_NameError, "Local name referenced but not bound to a value.")
EXC(fy_TypeError, "TypeError", fy_Exception, "Inappropriate argument type.")
EXC(fy_ValueError, "ValueError", fy_Exception, "Inappropriate argument value (of correct type).")
EXC(fy_RuntimeError, "RuntimeError", fy_Exception, "Unspecified run-time error.")
EXC(fy_RecursionError, "RecursionError", fy_RuntimeError, "Recursion limit exceeded.")
EXC(fy_NotImplementedError, "NotImplementedError", fy_RuntimeError, "Method or function hasn't been implemented yet.")
EXC(fy_ReferenceError, "ReferenceError", fy_Exception, "Weak ref proxy used after referent went away.")
EXCX(fy_StopIteration, "StopIteration", fy_Exception, "Signal the end from iterator.__next__().",
     .getsets = stopiter_getsets)
EXC(fy_StopAsyncIteration, "StopAsyncIteration", fy_Exception, "Signal the end from iterator.__anext__().")
EXC(fy_GeneratorExit, "GeneratorExit", fy_BaseException, "Request that a generator exit.")
EXC(fy_KeyboardInterrupt, "KeyboardInterrupt", fy_BaseException, "Program interrupted by user.")
EXCX(fy_SystemExit, "SystemExit", fy_BaseException, "Request to exit from the interpreter.", .getsets = sysexit_getsets)
EXC(fy_MemoryError, "MemoryError", fy_Exception, "Out of memory.")
EXCX(fy_OSError, "OSError", fy_Exception, "Base class for I/O related errors.", .str = oserr_str,
     .getsets = oserr_getsets)
EXC(fy_FileNotFoundError, "FileNotFoundError", fy_OSError, "File not found.")
EXC(fy_FileExistsError, "FileExistsError", fy_OSError, "File already exists.")
EXC(fy_IsADirectoryError, "IsADirectoryError", fy_OSError, "Operation doesn't work on directories.")
EXC(fy_NotADirectoryError, "NotADirectoryError", fy_OSError, "Operation only works on directories.")
EXC(fy_PermissionError, "PermissionError", fy_OSError, "Not enough permissions.")
EXC(fy_TimeoutError, "TimeoutError", fy_OSError, "Timeout expired.")
EXC(fy_ConnectionError, "ConnectionError", fy_OSError, "Connection error.")
EXC(fy_BrokenPipeError, "BrokenPipeError", fy_ConnectionError, "Broken pipe.")
EXC(fy_ChildProcessError, "ChildProcessError", fy_OSError, "Child process error.")
EXC(fy_EOFError, "EOFError", fy_Exception, "Read beyond end of file.")
EXC(fy_UnicodeError, "UnicodeError", fy_ValueError, "Unicode related error.")
EXC(fy_UnicodeDecodeError, "UnicodeDecodeError", fy_UnicodeError, "Unicode decoding error.")
EXC(fy_UnicodeEncodeError, "UnicodeEncodeError", fy_UnicodeError, "Unicode encoding error.")
EXCX(fy_SyntaxError, "SyntaxError", fy_Exception, "Invalid syntax.", .init = syntaxerr_init, .str = syntaxerr_str)
EXC(fy_IndentationError, "IndentationError", fy_SyntaxError, "Improper indentation.")
EXC(fy_TabError, "TabError", fy_IndentationError, "Improper mixture of spaces and tabs.")
EXC(fy_BufferError, "BufferError", fy_Exception, "Buffer error.")
EXC(fy_SystemError, "SystemError", fy_Exception, "Internal error in the interpreter.")
EXC(fy_Warning, "Warning", fy_Exception, "Base class for warning categories.")
EXC(fy_UserWarning, "UserWarning", fy_Warning, "Base class for warnings generated by user code.")
EXC(fy_DeprecationWarning, "DeprecationWarning", fy_Warning, "Base class for warnings about deprecated features.")
EXC(fy_RuntimeWarning, "RuntimeWarning", fy_Warning, "Base class for warnings about dubious runtime behavior.")
EXC(fy_PendingDeprecationWarning, "PendingDeprecationWarning", fy_Warning,
    "Base class for warnings about features which will be deprecated in the future.")
EXC(fy_FutureWarning, "FutureWarning", fy_Warning,
    "Base class for warnings about constructs that will change semantically in the future.")
EXC(fy_SyntaxWarning, "SyntaxWarning", fy_Warning, "Base class for warnings about dubious syntax.")
EXC(fy_ImportWarning, "ImportWarning", fy_Warning, "Base class for warnings about probable mistakes in module imports")
EXC(fy_UnicodeWarning, "UnicodeWarning", fy_Warning,
    "Base class for warnings about Unicode related problems, mostly related to conversion problems.")
EXC(fy_BytesWarning, "BytesWarning", fy_Warning,
    "Base class for warnings about bytes and buffer related problems, mostly related to conversion from str or "
    "comparing to str.")
EXC(fy_ResourceWarning, "ResourceWarning", fy_Warning, "Base class for warnings about resource usage.")
EXC(fy_EncodingWarning, "EncodingWarning", fy_Warning, "Base class for warnings about encodings.")

fy_type *fy_exception_types[] = {&fy_BaseException,
                                 &fy_Exception,
                                 &fy_ArithmeticError,
                                 &fy_ZeroDivisionError,
                                 &fy_OverflowError,
                                 &fy_FloatingPointError,
                                 &fy_AssertionError,
                                 &fy_AttributeError,
                                 &fy_ImportError,
                                 &fy_ModuleNotFoundError,
                                 &fy_LookupError,
                                 &fy_IndexError,
                                 &fy_KeyError,
                                 &fy_NameError,
                                 &fy_UnboundLocalError,
                                 &fy_TypeError,
                                 &fy_ValueError,
                                 &fy_RuntimeError,
                                 &fy_RecursionError,
                                 &fy_NotImplementedError,
                                 &fy_ReferenceError,
                                 &fy_StopIteration,
                                 &fy_StopAsyncIteration,
                                 &fy_GeneratorExit,
                                 &fy_KeyboardInterrupt,
                                 &fy_SystemExit,
                                 &fy_MemoryError,
                                 &fy_OSError,
                                 &fy_FileNotFoundError,
                                 &fy_FileExistsError,
                                 &fy_IsADirectoryError,
                                 &fy_NotADirectoryError,
                                 &fy_PermissionError,
                                 &fy_TimeoutError,
                                 &fy_ConnectionError,
                                 &fy_BrokenPipeError,
                                 &fy_ChildProcessError,
                                 &fy_EOFError,
                                 &fy_UnicodeError,
                                 &fy_UnicodeDecodeError,
                                 &fy_UnicodeEncodeError,
                                 &fy_SyntaxError,
                                 &fy_IndentationError,
                                 &fy_TabError,
                                 &fy_BufferError,
                                 &fy_SystemError,
                                 &fy_Warning,
                                 &fy_UserWarning,
                                 &fy_DeprecationWarning,
                                 &fy_RuntimeWarning,
                                 &fy_PendingDeprecationWarning,
                                 &fy_FutureWarning,
                                 &fy_SyntaxWarning,
                                 &fy_ImportWarning,
                                 &fy_UnicodeWarning,
                                 &fy_BytesWarning,
                                 &fy_ResourceWarning,
                                 &fy_EncodingWarning,
                                 NULL};
