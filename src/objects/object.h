/* object.h - flyi's object model: values, types, reference counting, errors, protocols.
 *
 * EVERY value is a `fy_obj *` whose first two fields are a reference count and a type pointer.
 *
 * Reference counting rules
 *  - Functions that RETURN `fy_obj *` return a NEW reference (caller owns it and must
 *    FY_DECREF it) unless their comment says "borrowed".
 *  - Functions that TAKE `fy_obj *` arguments BORROW them (they FY_INCREF what they keep),
 *    except functions documented as "steals" (e.g. fy_tuple_set_steal, fy_list_append_steal).
 *  - None, True, False, NotImplemented, Ellipsis, small ints (-5..1024), static types and
 *    interned one-character strings are immortal, but still INCREF/DECREF them normally.
 *
 * Errors
 *  - A failing function sets the current exception (fy_err_set / fy_err_format / ...) and
 *    returns NULL (for fy_obj * results) or -1 (for int results). Never both a result and an
 *    exception. Callers propagate by returning NULL/-1 themselves.
 *  - fy_iter_next() returns NULL WITHOUT an exception at exhaustion; check fy_err_occurred().
 *
 * Defining a C type (see also FY_TYPE_INIT below and src/obj_range.c for a small example):
 *
 *     typedef struct { fy_obj h; int64_t n; } counter_obj;
 *     static fy_obj *counter_bump(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {...}
 *     static fy_methoddef counter_methods[] = {{"bump", counter_bump, 0, "bump(k=1)"}, {0}};
 *     fy_type counter_type = { FY_TYPE_INIT("Counter", sizeof(counter_obj)),
 *                              .repr = counter_repr, .methods = counter_methods,
 *                              .nb[FY_NB_ADD] = counter_add, .getitem = counter_getitem };
 *     ... fy_type_ready(&counter_type);   // once, before first use (fills __dict__, MRO, slots)
 *     counter_obj *c = (counter_obj *)fy_alloc(&counter_type);
 *
 * Defining a C module:
 *
 *     static fy_methoddef mod_funcs[] = {{"sqrt", m_sqrt, 0, "sqrt(x)"}, {0}};
 *     fy_obj *m = fy_module_new_c("math", mod_funcs, "doc");   // then fy_module_add(m, "pi", v)
 *     fy_register_builtin_module("math", init_fn);  // imported lazily by `import math`
 *
 * Every callable uses one calling convention (fy_cfunc): positional args in args[0..nargs),
 * then keyword values in args[nargs..nargs+len(kwnames)), kwnames a tuple of str or NULL.
 * fy_parse_args() unpacks that into named C variables with Python's error messages.
 */
#ifndef FLYI_OBJECT_H
#define FLYI_OBJECT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct fy_obj fy_obj;
typedef struct fy_type fy_type;

struct fy_obj {
    intptr_t rc;
    fy_type *type;
};

/* ------------------------------------------------------------------ reference counting */

#define FY_IMMORTAL_RC ((intptr_t)1 << 60)
void fy_dealloc(fy_obj *o); /* called when rc reaches 0; do not call directly */
#define FY_INCREF(o) ((void)(((fy_obj *)(o))->rc++))
#define FY_DECREF(o) \
    do { \
        fy_obj *_fy_o = (fy_obj *)(o); \
        if (--_fy_o->rc == 0) fy_dealloc(_fy_o); \
    } while (0)
#define FY_XINCREF(o) \
    do { \
        fy_obj *_fy_o = (fy_obj *)(o); \
        if (_fy_o) _fy_o->rc++; \
    } while (0)
#define FY_XDECREF(o) \
    do { \
        fy_obj *_fy_o = (fy_obj *)(o); \
        if (_fy_o && --_fy_o->rc == 0) fy_dealloc(_fy_o); \
    } while (0)
#define FY_CLEAR(p) \
    do { \
        fy_obj *_fy_o = (fy_obj *)(p); \
        (p) = NULL; \
        if (_fy_o && --_fy_o->rc == 0) fy_dealloc(_fy_o); \
    } while (0)
/* Return a new reference to o (o must not be NULL). */
static inline fy_obj *fy_ref(fy_obj *o) {
    o->rc++;
    return o;
}
/* Replace *slot by v (new ref taken), releasing the old value. */
#define FY_SETREF(slot, v) \
    do { \
        fy_obj *_fy_old = (fy_obj *)(slot); \
        (slot) = (v); \
        FY_XDECREF(_fy_old); \
    } while (0)

/* ------------------------------------------------------------------ calling convention */

/* Every C-implemented callable: self is the bound object (module or instance, or NULL). */
typedef fy_obj *(*fy_cfunc)(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kwnames);
typedef fy_obj *(*fy_unaryfn)(fy_obj *a);
typedef fy_obj *(*fy_binfn)(fy_obj *a, fy_obj *b);
typedef int (*fy_visitfn)(fy_obj *o, void *arg);

/* Number of keyword arguments given a kwnames tuple (or NULL). */
size_t fy_kwcount(fy_obj *kwnames);

/* ------------------------------------------------------------------ types */

/* Binary number slots, indexed like fy_operator in ast.h. */
enum {
    FY_NB_ADD = 0,
    FY_NB_SUB,
    FY_NB_MUL,
    FY_NB_MATMUL,
    FY_NB_TRUEDIV,
    FY_NB_MOD,
    FY_NB_POW,
    FY_NB_LSHIFT,
    FY_NB_RSHIFT,
    FY_NB_OR,
    FY_NB_XOR,
    FY_NB_AND,
    FY_NB_FLOORDIV,
    FY_NB_COUNT
};
/* Rich comparison ops, indexed like fy_cmpop's first six. */
enum { FY_EQ_OP = 0, FY_NE_OP, FY_LT_OP, FY_LE_OP, FY_GT_OP, FY_GE_OP };

/* Type flags. */
#define FY_TPF_HEAP 0x1u      /* created by a class statement / type(name, bases, dict) */
#define FY_TPF_BASETYPE 0x2u  /* informational */
#define FY_TPF_FINAL 0x10u    /* may not be subclassed */
#define FY_TPF_VARSIZE 0x20u  /* items stored inline: subclasses get no instance __dict__ */
#define FY_TPF_GC 0x4u        /* instances take part in cycle collection (need traverse) */
#define FY_TPF_READY 0x8u
#define FY_TPF_INT_SUB 0x100u /* fast subclass checks */
#define FY_TPF_STR_SUB 0x200u
#define FY_TPF_TUPLE_SUB 0x400u
#define FY_TPF_LIST_SUB 0x800u
#define FY_TPF_DICT_SUB 0x1000u
#define FY_TPF_EXC_SUB 0x2000u
#define FY_TPF_TYPE_SUB 0x4000u
#define FY_TPF_ABSTRACT_ITER 0x8000u /* iterator types whose __iter__ returns self */
#define FY_TPF_BYTES_SUB 0x10000u

typedef struct fy_methoddef {
    const char *name;
    fy_cfunc fn;
    int flags; /* 0, FY_METH_STATIC or FY_METH_CLASS (self is then the type) */
    const char *doc; /* first line should be the signature, e.g. "append(object, /)" */
} fy_methoddef;
#define FY_METH_STATIC 1
#define FY_METH_CLASS 2

typedef fy_obj *(*fy_getter)(fy_obj *self);
typedef int (*fy_setter)(fy_obj *self, fy_obj *value); /* value NULL: delete */
typedef struct fy_getsetdef {
    const char *name;
    fy_getter get;
    fy_setter set; /* NULL: read-only attribute */
    const char *doc;
} fy_getsetdef;

struct fy_type {
    fy_obj h;
    const char *name;     /* "int", "Layout"; for heap types points into name_obj */
    const char *doc;
    size_t basicsize;     /* instance size in bytes */
    unsigned flags;
    fy_type *base;        /* primary base (object for most) */
    fy_obj *bases;        /* tuple of types */
    fy_obj *mro;          /* tuple of types, self first */
    fy_obj *dict;         /* attribute dict (methods, class attributes) */
    fy_obj *name_obj;     /* str: __name__ (heap) */
    fy_obj *qualname;     /* str or NULL */
    fy_obj *module;       /* str or NULL: __module__ */
    size_t dictoffset;    /* byte offset of the instance __dict__ pointer, 0 = none,
                             FY_DICTOFF_VAR: after the items of a str/bytes/tuple subclass */
    uint64_t version;     /* bumped when the type or a base changes (attribute caches) */

    /* lifetime */
    void (*dealloc)(fy_obj *o);            /* release what o owns (NOT o itself) */
    int (*traverse)(fy_obj *o, fy_visitfn visit, void *arg); /* GC: visit every fy_obj held */
    void (*clear)(fy_obj *o);              /* GC: drop references to break a cycle */

    /* construction: new(type, args...) creates; init(self, args...) initializes */
    fy_obj *(*new_)(fy_type *t, fy_obj *const *args, size_t nargs, fy_obj *kwnames);
    int (*init)(fy_obj *self, fy_obj *const *args, size_t nargs, fy_obj *kwnames);

    /* text */
    fy_unaryfn repr;
    fy_unaryfn str;

    /* comparison and hashing: richcmp returns a new ref or fy_NotImplemented */
    fy_obj *(*richcmp)(fy_obj *a, fy_obj *b, int op);
    int64_t (*hash)(fy_obj *a);            /* -1 with an exception on error (unhashable) */
    int (*truth)(fy_obj *a);               /* 0/1, -1 error */

    /* attributes: getattr returns NULL with AttributeError set when missing */
    fy_obj *(*getattr)(fy_obj *o, fy_obj *name);
    int (*setattr)(fy_obj *o, fy_obj *name, fy_obj *value); /* value NULL: delete */
    fy_obj *(*descr_get)(fy_obj *descr, fy_obj *obj, fy_type *owner); /* obj NULL: via class */
    int (*descr_set)(fy_obj *descr, fy_obj *obj, fy_obj *value);

    /* calls */
    fy_cfunc call;

    /* containers */
    int64_t (*len)(fy_obj *o);             /* -1 on error */
    fy_binfn getitem;
    int (*setitem)(fy_obj *o, fy_obj *key, fy_obj *value); /* value NULL: delete */
    int (*contains)(fy_obj *o, fy_obj *key);
    fy_unaryfn iter;
    fy_unaryfn next;                       /* NULL result w/o exception: exhausted */

    /* numbers: nb[i](a, b) is called for both a OP b and the reflected form (like CPython);
     * it returns fy_NotImplemented for operand types it does not handle. inb[] is in-place. */
    fy_binfn nb[FY_NB_COUNT];
    fy_binfn inb[FY_NB_COUNT];
    fy_unaryfn neg, pos, invert, abs;
    fy_unaryfn index;   /* __index__: returns an int */
    fy_unaryfn to_int;  /* __int__ */
    fy_unaryfn to_float;/* __float__ */

    /* class definition tables (NULL-name terminated) */
    fy_methoddef *methods;
    fy_getsetdef *getsets;

    /* heap types: subclass list for version bumps is not kept; a global epoch is used */
    void *reserved[4];
};

/* Static type initializer: FY_TYPE_INIT("name", sizeof(instance struct)). */
#define FY_TYPE_INIT(NAME, SIZE) .h = {FY_IMMORTAL_RC, &fy_type_type}, .name = (NAME), .basicsize = (SIZE)

/* Complete a static type: inherit slots from .base (default object), build MRO and __dict__
 * from .methods/.getsets and slot wrappers. Idempotent. Returns 0, or -1 with an error. */
int fy_type_ready(fy_type *t);
/* Is t a subtype of (or equal to) base? Uses the MRO. */
bool fy_type_is_subtype(fy_type *t, fy_type *base);
/* Look a name up along t's MRO: borrowed reference or NULL (no exception). */
fy_obj *fy_type_lookup(fy_type *t, fy_obj *name);
fy_obj *fy_type_lookup_cstr(fy_type *t, const char *name);
/* Create a class like the class statement does: type(name, bases, dict) incl. __init_subclass__
 * handling; bases may be NULL (object). Returns the new type. */
fy_obj *fy_type_new_heap(fy_obj *name, fy_obj *bases, fy_obj *dict);
/* Set a class attribute on a static C type during module init (steals nothing). */
int fy_type_add(fy_type *t, const char *name, fy_obj *value);
/* Global attribute-cache epoch, bumped whenever any class dict changes. */
extern uint64_t fy_type_epoch;

#define FY_TYPE(o) (((fy_obj *)(o))->type)
#define FY_IS_TYPE(o, T) (FY_TYPE(o) == &(T))
static inline bool fy_isinstance_of(fy_obj *o, fy_type *t) { return o->type == t || fy_type_is_subtype(o->type, t); }

/* ------------------------------------------------------------------ allocation */

/* Allocate a zeroed instance of t (size t->basicsize) with rc 1; GC types are tracked.
 * Returns NULL with MemoryError on failure. */
fy_obj *fy_alloc(fy_type *t);
/* Allocate with an explicit size (variable-sized objects). */
fy_obj *fy_alloc_size(fy_type *t, size_t size);
/* Raw memory helpers that raise MemoryError on failure and respect the memory limit. */
void *fy_malloc(size_t n);
void *fy_realloc(void *p, size_t n);
void *fy_calloc(size_t n, size_t m);
void fy_free(void *p);

/* ------------------------------------------------------------------ singletons and core types */

extern fy_type fy_type_type, fy_object_type, fy_none_type, fy_notimpl_type, fy_ellipsis_type;
extern fy_type fy_int_type, fy_bool_type, fy_float_type, fy_complex_type, fy_str_type, fy_bytes_type, fy_bytearray_type;
extern fy_type fy_list_type, fy_tuple_type, fy_dict_type, fy_set_type, fy_frozenset_type;
extern fy_type fy_range_type, fy_slice_type, fy_function_type, fy_cfunction_type, fy_method_type, fy_cell_type,
    fy_code_type, fy_module_type, fy_property_type, fy_staticmethod_type, fy_classmethod_type, fy_super_type,
    fy_generator_type, fy_methoddescr_type, fy_getsetdescr_type, fy_slotwrapper_type;
extern fy_type fy_dict_keys_type, fy_dict_values_type, fy_dict_items_type;

extern fy_obj fy_None_s, fy_NotImplemented_s, fy_Ellipsis_s;
#define fy_None (&fy_None_s)
#define fy_NotImplemented (&fy_NotImplemented_s)
#define fy_Ellipsis (&fy_Ellipsis_s)
fy_obj *fy_none(void); /* new reference to None */

/* ------------------------------------------------------------------ generic protocols */

fy_obj *fy_repr(fy_obj *o);              /* repr(o): a str */
fy_obj *fy_str(fy_obj *o);               /* str(o): a str */
fy_obj *fy_format(fy_obj *v, fy_obj *spec); /* format(v, spec) (spec NULL: ""): a str */
fy_obj *fy_ascii(fy_obj *o);             /* ascii(o) */
int64_t fy_hash(fy_obj *o);              /* hash(o); -1 on error */
int fy_truthy(fy_obj *o);                /* bool(o): 0/1, -1 error */
fy_obj *fy_getattr(fy_obj *o, fy_obj *name);            /* o.name */
fy_obj *fy_getattr_cstr(fy_obj *o, const char *name);
/* o.name or NULL WITHOUT exception when missing (other errors: NULL with exception). */
fy_obj *fy_getattr_opt(fy_obj *o, fy_obj *name);
int fy_setattr(fy_obj *o, fy_obj *name, fy_obj *v);     /* o.name = v (v NULL: del) */
int fy_setattr_cstr(fy_obj *o, const char *name, fy_obj *v);
int fy_hasattr_cstr(fy_obj *o, const char *name);
/* object.__getattribute__ / object.__setattr__ semantics (descriptors + instance dict). */
fy_obj *fy_generic_getattr(fy_obj *o, fy_obj *name);
int fy_generic_setattr(fy_obj *o, fy_obj *name, fy_obj *v);
/* Address of o's __dict__ slot, or NULL if o has none. */
fy_obj **fy_instance_dict_ptr(fy_obj *o);
#define FY_DICTOFF_VAR ((size_t)-1)
/* Bytes to allocate for an instance of t whose base layout takes n bytes (room for the
 * __dict__ pointer of a subclass of a variable-size type). */
size_t fy_var_alloc_size(fy_type *t, size_t n);
/* The __dict__ slot a heap type added to its built-in base's layout, or NULL. */
fy_obj **fy_heap_dict_ptr(fy_obj *o);

/* Calls: fy_call(f, args, nargs, kwnames) with the convention above. */
fy_obj *fy_call(fy_obj *f, fy_obj *const *args, size_t nargs, fy_obj *kwnames);
fy_obj *fy_call0(fy_obj *f);
fy_obj *fy_call1(fy_obj *f, fy_obj *a);
fy_obj *fy_call2(fy_obj *f, fy_obj *a, fy_obj *b);
/* Call o.name(args...) (positional only). */
fy_obj *fy_call_method(fy_obj *o, const char *name, fy_obj *const *args, size_t nargs);
/* Call with a tuple of positional args and a dict of keywords (either may be NULL). */
fy_obj *fy_call_tuple_dict(fy_obj *f, fy_obj *args, fy_obj *kwargs);
bool fy_callable(fy_obj *o);

/* Binary operators: op is FY_NB_*; raise TypeError "unsupported operand type(s)". */
fy_obj *fy_binop(fy_obj *a, fy_obj *b, int op);
fy_obj *fy_inplace_op(fy_obj *a, fy_obj *b, int op);
/* Operator symbol for FY_NB_* ("+", "**", ...). */
const char *fy_nb_symbol(int op);
fy_obj *fy_neg(fy_obj *a);
fy_obj *fy_pos(fy_obj *a);
fy_obj *fy_invert(fy_obj *a);
fy_obj *fy_abs(fy_obj *a);
fy_obj *fy_richcmp(fy_obj *a, fy_obj *b, int op);  /* returns any object */
int fy_richcmp_bool(fy_obj *a, fy_obj *b, int op); /* 0/1, -1 error */
int fy_eq(fy_obj *a, fy_obj *b);                    /* a is b or a == b; -1 error */
/* o.__index__() as int64 (TypeError "... cannot be interpreted as an integer"; OverflowError
 * "Python int too large to convert to C ssize_t" for ints beyond int64, as CPython's arguments). */
int fy_index(fy_obj *o, int64_t *out);
/* The same with the OverflowError message for ints that do not fit (FY_INDEX_FIT_MSG: what
 * CPython says for repeat counts and sizes). */
#define FY_INDEX_FIT_MSG "cannot fit 'int' into an index-sized integer"
int fy_index_msg(fy_obj *o, int64_t *out, const char *msg);

/* Containers. */
int64_t fy_len(fy_obj *o);                      /* len(o); -1 error */
fy_obj *fy_getitem(fy_obj *o, fy_obj *key);
int fy_setitem(fy_obj *o, fy_obj *key, fy_obj *v);
int fy_delitem(fy_obj *o, fy_obj *key);
int fy_contains(fy_obj *container, fy_obj *item); /* `item in container`: 0/1, -1 error */
fy_obj *fy_iter(fy_obj *o);                     /* iter(o) */
fy_obj *fy_iter_next(fy_obj *it);               /* NULL w/o exception at the end */
/* Collect any iterable into a new list / tuple. */
fy_obj *fy_sequence_list(fy_obj *iterable);
fy_obj *fy_sequence_tuple(fy_obj *iterable);
/* Borrow an array view of a list or tuple (fast path); NULL if o is neither. */
fy_obj **fy_seq_items(fy_obj *o, size_t *n);

/* ------------------------------------------------------------------ errors */

/* Raise exception type t with a printf-style message (%s, %d, %ld, %lld, %zu, %c, %%, and
 * %R / %S for the repr / str of an fy_obj *, %T for the type name of an fy_obj *). */
fy_obj *fy_err_format(fy_type *t, const char *fmt, ...);
fy_obj *fy_err_vformat(fy_type *t, const char *fmt, va_list ap);
/* Raise t(msg) with a fixed message. Returns NULL for convenience. */
fy_obj *fy_err_set(fy_type *t, const char *msg);
/* Raise t(value) where value is any object (e.g. KeyError(key), StopIteration(v)). */
fy_obj *fy_err_set_obj(fy_type *t, fy_obj *value);
/* Raise an exception instance or class (as the raise statement does). */
void fy_err_raise(fy_obj *exc_or_type);
/* MemoryError without allocating. */
fy_obj *fy_err_nomem(void);
/* The current exception (borrowed) or NULL. */
fy_obj *fy_err_occurred(void);
/* Does the current exception match t (isinstance)? */
bool fy_err_matches(fy_type *t);
/* Take the current exception (new ref) and clear it; NULL if none. */
fy_obj *fy_err_fetch(void);
/* Make exc (stolen) the current exception. */
void fy_err_restore(fy_obj *exc);
void fy_err_clear(void);
/* Create an exception instance of type t with args (borrowed array). */
fy_obj *fy_exc_new(fy_type *t, fy_obj *const *args, size_t nargs);

/* Exception types (instances are fy_exc). */
extern fy_type fy_BaseException, fy_Exception, fy_ArithmeticError, fy_ZeroDivisionError, fy_OverflowError,
    fy_FloatingPointError, fy_AssertionError, fy_AttributeError, fy_ImportError, fy_ModuleNotFoundError, fy_LookupError,
    fy_IndexError, fy_KeyError, fy_NameError, fy_UnboundLocalError, fy_TypeError, fy_ValueError, fy_RuntimeError,
    fy_RecursionError, fy_NotImplementedError, fy_StopIteration, fy_GeneratorExit, fy_KeyboardInterrupt, fy_SystemExit,
    fy_MemoryError, fy_OSError, fy_FileNotFoundError, fy_FileExistsError, fy_IsADirectoryError, fy_NotADirectoryError,
    fy_PermissionError, fy_EOFError, fy_UnicodeError, fy_UnicodeDecodeError, fy_UnicodeEncodeError, fy_SyntaxError,
    fy_IndentationError, fy_TabError, fy_BufferError, fy_SystemError, fy_Warning, fy_UserWarning, fy_DeprecationWarning,
    fy_RuntimeWarning, fy_StopAsyncIteration, fy_TimeoutError, fy_ConnectionError, fy_ChildProcessError,
    fy_BrokenPipeError, fy_ReferenceError;

typedef struct fy_exc {
    fy_obj h;
    fy_obj *dict;       /* instance __dict__ (subclasses, attributes) */
    fy_obj *args;       /* tuple */
    fy_obj *tb;         /* fy_tb chain or NULL */
    fy_obj *cause;      /* __cause__ or NULL */
    fy_obj *context;    /* __context__ or NULL */
    int suppress_context;
    fy_obj *notes;      /* reserved */
} fy_exc;

/* Traceback entry: one frame of an exception's path, outermost first via next. */
typedef struct fy_tb {
    fy_obj h;
    struct fy_tb *next;
    fy_obj *code;  /* fy_code */
    int instr;     /* instruction index that raised */
} fy_tb;
extern fy_type fy_tb_type;
/* Prepend a traceback entry for (code, instr) to the current exception. */
void fy_exc_add_tb(fy_obj *exc, fy_obj *code, int instr);

/* ------------------------------------------------------------------ int / bool / float */

/* An int is small (big == NULL: the value is v) or big (the value is *big; v then holds
 * INT64_MAX or INT64_MIN by sign, so code must check FY_INT_IS_BIG before trusting v).
 * Results are normalised: a value that fits in int64 is always small. */
typedef struct fy_bignum {
    uint32_t n;   /* digits in use (the top one is nonzero) */
    uint32_t neg; /* 1 when negative */
    uint32_t d[]; /* magnitude, 32-bit digits, least significant first */
} fy_bignum;
typedef struct fy_int {
    fy_obj h;
    int64_t v;
    fy_bignum *big;
} fy_int;
typedef struct fy_float {
    fy_obj h;
    double v;
} fy_float;

extern fy_int fy_True_s, fy_False_s;
#define fy_True ((fy_obj *)&fy_True_s)
#define fy_False ((fy_obj *)&fy_False_s)
static inline fy_obj *fy_bool(bool b) {
    fy_obj *r = b ? fy_True : fy_False;
    r->rc++;
    return r;
}

#define FY_SMALLINT_MIN (-5)
#define FY_SMALLINT_MAX 1024
extern fy_int fy_small_ints[FY_SMALLINT_MAX - FY_SMALLINT_MIN + 1];
fy_obj *fy_int_alloc(int64_t v);
/* New int from a C integer (small ints come from the cache). */
static inline fy_obj *fy_int_from(int64_t v) {
    if (v >= FY_SMALLINT_MIN && v <= FY_SMALLINT_MAX) {
        fy_obj *o = &fy_small_ints[v - FY_SMALLINT_MIN].h;
        o->rc++;
        return o;
    }
    return fy_int_alloc(v);
}
#define FY_INT_CHECK(o) (FY_TYPE(o) == &fy_int_type || (FY_TYPE(o)->flags & FY_TPF_INT_SUB))
#define FY_INT_EXACT(o) (FY_TYPE(o) == &fy_int_type)
#define FY_INT_VAL(o) (((fy_int *)(o))->v) /* only for !FY_INT_IS_BIG(o) */
#define FY_INT_IS_BIG(o) (((fy_int *)(o))->big != NULL)
#define FY_INT_BOTH_SMALL(a, b) ((((uintptr_t)((fy_int *)(a))->big) | (uintptr_t)((fy_int *)(b))->big) == 0)
/* Convert an int (or __index__ object) to int64: 0, or -1 with TypeError/OverflowError
 * ("Python int too large to convert to C long"). */
int fy_int_as_i64(fy_obj *o, int64_t *out);
/* The int o (exact or subclass) as int64: 0, or -1 with OverflowError carrying msg. */
int fy_int_to_i64_msg(fy_obj *o, int64_t *out, const char *msg);
/* int(d) of a double: ValueError for NaN, OverflowError for infinities. */
fy_obj *fy_int_from_double(double d);
/* int.to_bytes(len, little/big, signed) and int.from_bytes of raw data. */
fy_obj *fy_int_to_bytes(fy_obj *self, int64_t len, bool little, bool sign);
fy_obj *fy_int_from_bytes(const unsigned char *data, int64_t n, bool little, bool sign);
/* New int from an unsigned C integer. */
fy_obj *fy_int_from_u64(uint64_t u);
/* float(o) of an int, correctly rounded: 0, or -1 with "int too large to convert to float". */
int fy_int_to_double(fy_obj *o, double *out);
/* Compare two ints of any size: -1, 0, 1. */
int fy_int_cmp(fy_obj *a, fy_obj *b);
/* Sign of an int: -1, 0, 1. */
int fy_int_sign(fy_obj *o);
/* Exact int operation FY_NB_* on two ints of any size (NotImplemented for ops ints lack). */
fy_obj *fy_int_binop_obj(fy_obj *a, fy_obj *b, int op);
/* pow(b, e, m) for ints of any size, with CPython's errors and signs. */
fy_obj *fy_int_powmod(fy_obj *b, fy_obj *e, fy_obj *m);
/* o as an int (o itself for ints, else o.__index__()): new reference, or NULL with TypeError. */
fy_obj *fy_number_index(fy_obj *o);
/* hash() of an int of any size (CPython's value). */
int64_t fy_int_hash(fy_obj *o);
/* int('...') digit limit (sys.set_int_max_str_digits; 0 = none). */
extern int64_t fy_int_max_str_digits;
/* Parse a Python int literal in base (0 = auto, 2..36); NULL + ValueError on bad input. */
fy_obj *fy_int_from_string(const char *s, size_t len, int base);
/* The same without the max-str-digits limit (the compiler's literals). */
fy_obj *fy_int_from_string_nolimit(const char *s, size_t len, int base);
/* The magnitude of int o in base 2, 8, 10 or 16 as digit text (fy_malloc'd, *n chars, no sign);
 * *neg set. NULL with ValueError past the digit limit (base 10), or MemoryError. */
char *fy_int_digits(fy_obj *o, int base, bool upper, size_t *n, bool *neg);
/* The int's decimal text (new str). */
fy_obj *fy_int_repr(fy_obj *o);
/* Python hash of an int64 value. */
int64_t fy_hash_i64(int64_t v);
/* Exact integer arithmetic on two int64 values (the result may be big). */
fy_obj *fy_int_binop(int64_t a, int64_t b, int op);

fy_obj *fy_float_from(double v);
#define FY_FLOAT_CHECK(o) (FY_TYPE(o) == &fy_float_type || fy_type_is_subtype(FY_TYPE(o), &fy_float_type))
#define FY_FLOAT_VAL(o) (((fy_float *)(o))->v)
/* float(o) value for an int/float/__float__ object: 0, or -1 with TypeError. */
int fy_as_double(fy_obj *o, double *out);
/* Python's repr of a double into buf (>= 32 bytes): shortest round-trip text. */
void fy_double_repr(double v, char *buf, size_t cap);
int64_t fy_hash_double(double v);
typedef struct fy_complex {
    fy_obj h;
    double re, im;
} fy_complex;
fy_obj *fy_complex_from(double re, double im);

/* ------------------------------------------------------------------ str / bytes */

typedef struct fy_strobj {
    fy_obj h;
    int64_t len;     /* bytes of UTF-8, not counting the NUL */
    int64_t nchars;  /* code points */
    int64_t hash;    /* -1: not computed */
    uint8_t ascii;   /* 1 if all bytes < 0x80 (indexing is then O(1)) */
    uint8_t interned; /* 0 no, 1 immortal (fy_intern), 2 mortal (fy_intern_str) */
    char data[];     /* NUL-terminated UTF-8 */
} fy_strobj;
#define FY_STR_CHECK(o) (FY_TYPE(o) == &fy_str_type || (FY_TYPE(o)->flags & FY_TPF_STR_SUB))
#define FY_STR_DATA(o) (((fy_strobj *)(o))->data)
#define FY_STR_LEN(o) (((fy_strobj *)(o))->len)
/* New str from UTF-8 bytes (copied; invalid UTF-8 is replaced by U+FFFD). */
fy_obj *fy_str_from(const char *s, size_t len);
fy_obj *fy_str_from_cstr(const char *s);
/* New str from bytes known to be valid UTF-8 (no check). */
fy_obj *fy_str_from_utf8(const char *s, size_t len);
/* printf into a new str. */
fy_obj *fy_str_printf(const char *fmt, ...);
/* Interned str for a C string (immortal, shared, pointer-comparable). Borrowed. */
fy_obj *fy_intern(const char *s);
/* Intern an existing str: returns the canonical object (new ref), consuming s. Such strings are
 * mortal: the table forgets one when its last reference goes (unless fy_intern pinned it). */
fy_obj *fy_intern_str(fy_obj *s);
/* Compare a str with a C string. */
bool fy_str_eq_cstr(fy_obj *s, const char *c);
bool fy_str_eq(fy_obj *a, fy_obj *b);
int64_t fy_str_hash(fy_obj *s);
/* Concatenate two strs. */
fy_obj *fy_str_concat(fy_obj *a, fy_obj *b);
/* Encode a code point as UTF-8 into out (4 bytes max); returns the byte count. */
int fy_utf8_encode(uint32_t cp, char *out);
/* Decode one code point at s (n bytes left); *adv receives its length. */
uint32_t fy_utf8_decode(const char *s, size_t n, int *adv);
/* Byte offset of code point index i in s (0 <= i <= nchars). */
int64_t fy_str_byte_offset(fy_obj *s, int64_t i);
/* repr of a str (quotes and escapes as Python). */
fy_obj *fy_str_repr(fy_obj *s);

typedef struct fy_bytes {
    fy_obj h;
    int64_t len;
    int64_t hash;
    char data[];
} fy_bytes;
fy_obj *fy_bytes_from(const char *s, size_t len);
#define FY_BYTES_CHECK(o) (FY_TYPE(o) == &fy_bytes_type || (FY_TYPE(o)->flags & FY_TPF_BYTES_SUB))
typedef struct fy_bytearray {
    fy_obj h;
    int64_t len, cap;
    char *data;
} fy_bytearray;

/* A growable UTF-8 text buffer for building strings in C. */
typedef struct fy_sbuf {
    char *p;
    size_t len, cap;
    bool oom;
} fy_sbuf;
void fy_sbuf_add(fy_sbuf *b, const char *s, size_t n);
void fy_sbuf_adds(fy_sbuf *b, const char *s);
void fy_sbuf_addc(fy_sbuf *b, char c);
void fy_sbuf_printf(fy_sbuf *b, const char *fmt, ...);
/* Append repr/str of o; -1 on error. */
int fy_sbuf_add_repr(fy_sbuf *b, fy_obj *o);
int fy_sbuf_add_str(fy_sbuf *b, fy_obj *o);
/* Turn the buffer into a str (frees the buffer). */
fy_obj *fy_sbuf_finish(fy_sbuf *b);
void fy_sbuf_free(fy_sbuf *b);

/* ------------------------------------------------------------------ tuple / list */

typedef struct fy_tuple {
    fy_obj h;
    int64_t n;
    int64_t hash;
    fy_obj *items[];
} fy_tuple;
typedef struct fy_list {
    fy_obj h;
    int64_t n, cap;
    fy_obj **items;
} fy_list;
#define FY_TUPLE_CHECK(o) (FY_TYPE(o) == &fy_tuple_type || (FY_TYPE(o)->flags & FY_TPF_TUPLE_SUB))
#define FY_LIST_CHECK(o) (FY_TYPE(o) == &fy_list_type || (FY_TYPE(o)->flags & FY_TPF_LIST_SUB))
#define FY_TUPLE_N(o) (((fy_tuple *)(o))->n)
#define FY_TUPLE_ITEMS(o) (((fy_tuple *)(o))->items)
#define FY_LIST_N(o) (((fy_list *)(o))->n)
#define FY_LIST_ITEMS(o) (((fy_list *)(o))->items)

/* New tuple of n NULL items (fill with fy_tuple_set_steal before anyone sees it). */
fy_obj *fy_tuple_new(size_t n);
/* New tuple from a borrowed array. */
fy_obj *fy_tuple_from(fy_obj *const *items, size_t n);
fy_obj *fy_tuple_pack(size_t n, ...); /* borrowed fy_obj * varargs */
static inline void fy_tuple_set_steal(fy_obj *t, size_t i, fy_obj *v) { FY_TUPLE_ITEMS(t)[i] = v; }
fy_obj *fy_empty_tuple(void); /* new ref to () */

fy_obj *fy_list_new(size_t n); /* n None items... no: n NULL slots, fill with set_steal */
fy_obj *fy_list_from(fy_obj *const *items, size_t n);
int fy_list_append(fy_obj *l, fy_obj *v);       /* borrows v */
int fy_list_append_steal(fy_obj *l, fy_obj *v);  /* steals v (even on failure) */
int fy_list_extend(fy_obj *l, fy_obj *iterable);
int fy_list_insert(fy_obj *l, int64_t i, fy_obj *v);
int fy_list_sort(fy_obj *l, fy_obj *key, bool reverse); /* stable merge sort */
fy_obj *fy_list_as_tuple(fy_obj *l);

/* ------------------------------------------------------------------ dict */

typedef struct fy_dict_entry {
    int64_t hash;
    fy_obj *key;
    fy_obj *value;
} fy_dict_entry;
typedef struct fy_dict {
    fy_obj h;
    int64_t used;        /* live entries */
    int64_t nentries;    /* entries used incl. deleted (key NULL) */
    int64_t ecap;        /* entries capacity */
    int64_t isize;       /* index table size (power of 2) */
    int32_t *index;      /* -1 empty, -2 dummy, else entry index */
    fy_dict_entry *entries;
    uint64_t version;    /* changes on every mutation (inline caches) */
} fy_dict;
#define FY_DICT_CHECK(o) (FY_TYPE(o) == &fy_dict_type || (FY_TYPE(o)->flags & FY_TPF_DICT_SUB))
fy_obj *fy_dict_new(void);
/* Borrowed value or NULL (no exception unless hashing/comparison failed: check occurred). */
fy_obj *fy_dict_get(fy_obj *d, fy_obj *key);
fy_obj *fy_dict_get_cstr(fy_obj *d, const char *key);
/* Fast path for interned str keys with known hash. Borrowed. */
fy_obj *fy_dict_get_str(fy_obj *d, fy_obj *key);
/* The entry index of str key in d (for inline caches: d->entries[i]), or -1 when absent. */
int64_t fy_dict_find_str(fy_obj *d, fy_obj *key);
int fy_dict_set(fy_obj *d, fy_obj *key, fy_obj *value);   /* borrows both */
int fy_dict_set_cstr(fy_obj *d, const char *key, fy_obj *value);
/* Delete key: 0 deleted, 1 missing (no exception), -1 error. */
int fy_dict_del(fy_obj *d, fy_obj *key);
/* Iterate: pos starts at 0; borrowed key/value; returns false at the end. */
bool fy_dict_next(fy_obj *d, int64_t *pos, fy_obj **key, fy_obj **value);
int fy_dict_update(fy_obj *d, fy_obj *other); /* other: dict, mapping with keys(), or pairs */
fy_obj *fy_dict_copy(fy_obj *d);
void fy_dict_clear(fy_obj *d);
fy_obj *fy_dict_keys_list(fy_obj *d);
extern uint64_t fy_dict_version_counter;

/* ------------------------------------------------------------------ set / frozenset */

typedef struct fy_set_entry {
    int64_t hash;
    fy_obj *key;
} fy_set_entry;
typedef struct fy_set {
    fy_obj h;
    int64_t fill, used, mask;
    fy_set_entry *table;
    int64_t hash; /* frozenset */
} fy_set;
#define FY_ANYSET_CHECK(o) (fy_isinstance_of(o, &fy_set_type) || fy_isinstance_of(o, &fy_frozenset_type))
fy_obj *fy_set_new(fy_obj *iterable);        /* iterable may be NULL */
fy_obj *fy_frozenset_new(fy_obj *iterable);
int fy_set_add(fy_obj *s, fy_obj *key);
int fy_set_contains(fy_obj *s, fy_obj *key);
int fy_set_discard(fy_obj *s, fy_obj *key);  /* 1 removed, 0 missing, -1 error */
bool fy_set_next(fy_obj *s, int64_t *pos, fy_obj **key);

/* ------------------------------------------------------------------ range / slice */

typedef struct fy_range {
    fy_obj h;
    int64_t start, stop, step, len;
    fy_obj *big; /* NULL, or (start, stop, step, len) as ints when one does not fit in int64 */
} fy_range;
typedef struct fy_slice {
    fy_obj h;
    fy_obj *start, *stop, *step;
} fy_slice;
fy_obj *fy_slice_new(fy_obj *start, fy_obj *stop, fy_obj *step); /* NULL means None */
/* Resolve a slice against a sequence length: 0 ok, -1 error; *slicelen gets the count. */
int fy_slice_indices(fy_obj *slice, int64_t length, int64_t *start, int64_t *stop, int64_t *step, int64_t *slicelen);
fy_obj *fy_range_new(int64_t start, int64_t stop, int64_t step);

/* ------------------------------------------------------------------ functions, methods */

/* A C function / method object: wraps an fy_methoddef with its self (module or instance). */
typedef struct fy_cfunction {
    fy_obj h;
    fy_methoddef *def;
    fy_obj *self;
    fy_obj *module;
} fy_cfunction;
/* New builtin function object from def, bound to self (may be NULL). */
fy_obj *fy_cfunction_new(fy_methoddef *def, fy_obj *self);
/* A method descriptor for def on type owner (what a type's method table becomes in its dict), and the
 * definition behind such a descriptor, or NULL when o is not one (obj_descr.c). */
/* set.update(iterable) in place (obj_set.c); 0, or -1 with an exception. */
int fy_set_update(fy_obj *o, fy_obj *iterable);
/* Every built-in exception type, NULL-terminated (obj_exc.c). */
extern fy_type *fy_exception_types[];
fy_obj *fy_methoddescr_new(fy_methoddef *def, fy_type *owner);
fy_methoddef *fy_methoddescr_def(fy_obj *o);
/* A bound method: func called with self prepended. */
typedef struct fy_method {
    fy_obj h;
    fy_obj *func;
    fy_obj *self;
} fy_method;
fy_obj *fy_method_new(fy_obj *func, fy_obj *self);
typedef struct fy_cell {
    fy_obj h;
    fy_obj *ref;
} fy_cell;
fy_obj *fy_cell_new(fy_obj *v); /* v may be NULL (empty cell) */
typedef struct fy_property {
    fy_obj h;
    fy_obj *fget, *fset, *fdel, *doc, *name;
} fy_property;
typedef struct fy_wrapper {
    fy_obj h;
    fy_obj *callable;
} fy_wrapper; /* staticmethod, classmethod */

/* Parse call arguments into out[] (borrowed refs; NULL where an optional arg is absent).
 *   fname: for messages; names: parameter names (NULL-terminated list, may be NULL when
 *   keywords are not accepted); nreq: number of required parameters; npos: how many may be
 *   given positionally (the rest are keyword-only); nparams: total parameters.
 * Raises TypeError with Python's messages. Returns 0 or -1. */
int fy_parse_args(const char *fname, fy_obj *const *args, size_t nargs, fy_obj *kwnames, const char *const *names,
                  int nreq, int npos, int nparams, fy_obj **out);
/* Check that no keywords were passed / nargs is in [min,max]; TypeError otherwise. */
int fy_no_kwargs(const char *fname, fy_obj *kwnames);
int fy_check_nargs(const char *fname, size_t nargs, size_t min, size_t max);

/* ------------------------------------------------------------------ modules */

typedef struct fy_module {
    fy_obj h;
    fy_obj *dict;
    fy_obj *name;
} fy_module;
/* New empty module with __name__ set. */
fy_obj *fy_module_new(const char *name);
/* New module with C functions from funcs (NULL-name terminated) and a docstring. */
fy_obj *fy_module_new_c(const char *name, fy_methoddef *funcs, const char *doc);
/* Set module attribute (borrows v). */
int fy_module_add(fy_obj *m, const char *name, fy_obj *v);
/* Same but steals v (convenient with constructors: fy_module_add_steal(m, "pi", fy_float_from(..))). */
int fy_module_add_steal(fy_obj *m, const char *name, fy_obj *v);
#define FY_MODULE_DICT(m) (((fy_module *)(m))->dict)
/* A C module factory: returns a new module or NULL with an exception. */
typedef fy_obj *(*fy_module_init)(void);
/* Register a built-in module importable by name (process-wide table; call before use). */
void fy_register_builtin_module(const char *name, fy_module_init init);
/* A factory that makes the module it is given the name of (the embedded Python modules' loader). */
typedef fy_obj *(*fy_module_init_named)(const char *name);
/* Register a built-in module made by init(name) (process-wide; an earlier registration by name wins). */
void fy_register_builtin_module_named(const char *name, fy_module_init_named init);
bool fy_is_builtin_module(const char *name); /* registered with fy_register_builtin_module */

/* Weak references (obj_weakref.c). fy_weakref_new: a new reference to o (callback NULL/None or
 * called with the reference when o dies); TypeError for objects that cannot have one.
 * fy_weakref_get: the referent (borrowed) or NULL when dead. */
typedef struct fy_weakref fy_weakref;
extern fy_type fy_weakref_type;
fy_obj *fy_weakref_new(fy_obj *o, fy_obj *callback);
fy_obj *fy_weakref_get(fy_obj *ref);
int64_t fy_weakref_count(fy_obj *o); /* how many weak references o has */
fy_obj *fy_weakref_list(fy_obj *o);  /* a new list of them */
/* Import a module by dotted name (as `import name`): returns the top... no: the module itself. */
fy_obj *fy_import(const char *name);

/* ------------------------------------------------------------------ output */

/* Write text to the session's stdout/stderr (sys.stdout unless redirected). -1 on error. */
int fy_write_stdout(const char *s, size_t n);
int fy_write_stderr(const char *s, size_t n);
/* print(o) as the builtin does, to sys.stdout. */
int fy_print_obj(fy_obj *o);

/* ------------------------------------------------------------------ misc */

/* Type name for messages ("int", "MyClass"). */
static inline const char *fy_type_name(fy_obj *o) { return o->type->name; }
/* Recursion guard for repr of containers: 1 if o is already being repr'd (then print [...]). */
int fy_repr_enter(fy_obj *o);
void fy_repr_leave(fy_obj *o);
/* Check interrupts / C stack depth; -1 with KeyboardInterrupt / RecursionError set. */
int fy_check_interrupt(void);
int fy_enter_recursive(const char *where);
void fy_leave_recursive(void);
/* Run the cycle collector now; returns the number of objects freed. */
int64_t fy_gc_collect(void);
/* Is o tracked by the cycle collector? */
bool fy_gc_is_tracked(fy_obj *o);

#endif
