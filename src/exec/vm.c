/* vm.c - the bytecode evaluation loop (computed-goto dispatch). */
#include <stdlib.h>
#include <string.h>
#include "compile/code.h"
#include "objects/gc.h"
#include "exec/interp.h"
#include "exec/trace_hooks.h"
#include "objects/objects_int.h"
#include "exec/vm.h"
#include "exec/vm_cache.h"

static fy_obj *name_error(fy_obj *name) {
    return fy_err_format(&fy_NameError, "name '%s' is not defined", FY_STR_DATA(name));
}

static int unpack(fy_obj *seq, int before, int after, bool star, fy_obj **out) {
    size_t n;
    fy_obj **items = fy_seq_items(seq, &n);
    int need = before + after;
    if (items && !star) {
        if ((int)n != need) {
            if ((int)n < need)
                fy_err_format(&fy_ValueError, "not enough values to unpack (expected %d, got %zu)", need, n);
            else fy_err_format(&fy_ValueError, "too many values to unpack (expected %d)", need);
            return -1;
        }
        for (int i = 0; i < need; i++) out[i] = fy_ref(items[i]);
        return 0;
    }
    fy_obj *it = fy_iter(seq);
    if (!it) {
        if (fy_err_matches(&fy_TypeError)) {
            fy_err_clear();
            fy_err_format(&fy_TypeError, "cannot unpack non-iterable %s object", seq->type->name);
        }
        return -1;
    }
    int got = 0;
    for (; got < before; got++) {
        fy_obj *x = fy_iter_next(it);
        if (!x) {
            if (!fy_err_occurred()) {
                if (star)
                    fy_err_format(&fy_ValueError, "not enough values to unpack (expected at least %d, got %d)", need,
                                  got);
                else fy_err_format(&fy_ValueError, "not enough values to unpack (expected %d, got %d)", need, got);
            }
            goto fail;
        }
        out[got] = x;
    }
    if (!star) {
        fy_obj *x = fy_iter_next(it);
        if (x) {
            FY_DECREF(x);
            fy_err_format(&fy_ValueError, "too many values to unpack (expected %d)", need);
            goto fail;
        }
        if (fy_err_occurred()) goto fail;
        FY_DECREF(it);
        return 0;
    }
    fy_obj *rest = fy_sequence_list(it);
    if (!rest) goto fail;
    if (FY_LIST_N(rest) < after) {
        fy_err_format(&fy_ValueError, "not enough values to unpack (expected at least %d, got %lld)", need,
                      (long long)(before + FY_LIST_N(rest)));
        FY_DECREF(rest);
        goto fail;
    }
    int64_t rn = FY_LIST_N(rest);
    for (int i = 0; i < after; i++) { out[before + 1 + i] = FY_LIST_ITEMS(rest)[rn - after + i]; }
    FY_LIST_N(rest) = rn - after;
    out[before] = rest;
    got = before + 1 + after;
    FY_DECREF(it);
    return 0;
fail:
    for (int i = 0; i < got && i < before; i++) FY_DECREF(out[i]);
    FY_DECREF(it);
    return -1;
}

static bool exc_match_ok(fy_obj *t) {
    if (fy_isinstance_of(t, &fy_type_type)) return fy_type_is_subtype((fy_type *)t, &fy_BaseException);
    if (FY_TUPLE_CHECK(t)) {
        for (int64_t i = 0; i < FY_TUPLE_N(t); i++)
            if (!exc_match_ok(FY_TUPLE_ITEMS(t)[i])) return false;
        return true;
    }
    return false;
}
static bool exc_matches(fy_obj *exc, fy_obj *t) {
    if (FY_TUPLE_CHECK(t)) {
        for (int64_t i = 0; i < FY_TUPLE_N(t); i++)
            if (exc_matches(exc, FY_TUPLE_ITEMS(t)[i])) return true;
        return false;
    }
    return fy_isinstance_of(exc, (fy_type *)t);
}

static fy_obj *call_exit(fy_obj *exit, fy_obj *a, fy_obj *b, fy_obj *c) {
    fy_obj *args[3] = {a, b, c};
    return fy_call(exit, args, 3, NULL);
}

/* Fast binary ops on ints/floats; NULL with no error means "not handled". */
static inline fy_obj *fast_binop(fy_obj *a, fy_obj *b, int op) {
    if (FY_INT_EXACT(a) && FY_INT_EXACT(b) && FY_INT_BOTH_SMALL(a, b)) {
        int64_t x = FY_INT_VAL(a), y = FY_INT_VAL(b), r;
        switch (op) {
        case FY_NB_ADD:
            if (!__builtin_add_overflow(x, y, &r)) return fy_int_from(r);
            break;
        case FY_NB_SUB:
            if (!__builtin_sub_overflow(x, y, &r)) return fy_int_from(r);
            break;
        case FY_NB_MUL:
            if (!__builtin_mul_overflow(x, y, &r)) return fy_int_from(r);
            break;
        case FY_NB_MOD: /* the common positive modulus: floor semantics inline */
            if (y > 0) {
                r = x % y;
                return fy_int_from(r < 0 ? r + y : r);
            }
            break;
        case FY_NB_FLOORDIV:
            if (y > 0) {
                r = x / y;
                return fy_int_from(r * y > x ? r - 1 : r);
            }
            break;
        default: break;
        }
        return fy_int_binop(x, y, op);
    }
    if (FY_TYPE(a) == &fy_float_type && FY_TYPE(b) == &fy_float_type) {
        double x = FY_FLOAT_VAL(a), y = FY_FLOAT_VAL(b), r;
        switch (op) {
        case FY_NB_ADD: r = x + y; break;
        case FY_NB_SUB: r = x - y; break;
        case FY_NB_MUL: r = x * y; break;
        case FY_NB_TRUEDIV:
            if (y == 0) return fy_float_binop(x, y, op);
            r = x / y;
            break;
        case FY_NB_MOD:
        case FY_NB_POW: return fy_float_binop(x, y, op); /* what float's own slots do */
        default: return fy_binop(a, b, op);
        }
        /* an operand only the stack holds (a temporary) takes the result: floats are immutable and
         * nothing else can see it; the caller drops the stack's references afterwards */
        if (a->rc == 1) {
            FY_FLOAT_VAL(a) = r;
            return fy_ref(a);
        }
        if (b->rc == 1) {
            FY_FLOAT_VAL(b) = r;
            return fy_ref(b);
        }
        return fy_float_from(r);
    }
    return fy_binop(a, b, op);
}

#define PUSH(v) (*sp++ = (v))
#define POP() (*--sp)
#define TOP() (sp[-1])
#define SECOND() (sp[-2])
#define THIRD() (sp[-3])

fy_obj fy_vm_region_end;

/* A conditional jump met value v whose truth test failed: a traced Boolean makes the tracer run both
 * branches into an scf.if (trace_scf.c); anything else keeps the error. */
#define TRACED_BRANCH(v) \
    do { \
        f->sp = (int)(sp - f->stack); \
        int to_ = pc; /* a copy: pc itself never has its address taken, so it stays in a register */ \
        int h_ = fy_trace_scf_branch(f, pc - 1, (v), &to_); \
        pc = to_; \
        FY_DECREF(v); \
        sp = f->stack + f->sp; \
        if (h_ <= 0) { \
            reraise = h_ == -2; \
            goto error; \
        } \
        DISPATCH(); \
    } while (0)

/* GCC's global CSE hoists the label table's address out of the dispatch of every handler and then
 * keeps it in a stack slot, a load per instruction; without it the address is a lea in each dispatch
 * (GCC's manual suggests -fno-gcse for computed-goto interpreters). */
#if defined(__GNUC__) && !defined(__clang__)
#define FY_VM_RUN_OPT __attribute__((optimize("no-gcse")))
#else
#define FY_VM_RUN_OPT
#endif

FY_VM_RUN_OPT fy_obj *fy_vm_run(fy_frame *f, fy_obj *throwflag) {
    static void *labels[OP__COUNT] = {
#define FY_OP_LABEL(n) [OP_##n] = &&L_##n,
        FY_OPCODES(FY_OP_LABEL)
#undef FY_OP_LABEL
    };
    fy_interp *ip = fy_cur;
    fy_code *co = f->code;
    const uint32_t *code = co->code;
    fy_obj *const *consts = FY_TUPLE_ITEMS(co->consts);
    fy_obj *const *names = FY_TUPLE_ITEMS(co->names);
    /* fast locals are read as f->localsplus (an array at a fixed offset in the frame), not through a
     * pointer of their own: one register fewer for the loop's hot state (pc, sp, f, arg) */
    fy_obj **cells = f->localsplus + co->nlocals;
    fy_obj **sp = f->stack + f->sp;
    int pc = f->ip;
    uint32_t ins;
    int arg;
    fy_obj *retval = NULL;
    bool reraise = false;
    f->back = ip->frame;
    ip->frame = f;
    f->running = true;
    if (fy_enter_recursive("")) goto error;
    if (throwflag) goto error;
    if (fy_step(ip) < 0) goto error;

#define DISPATCH() \
    do { \
        f->cur = pc; \
        ins = code[pc++]; \
        arg = (int)FY_ARG(ins); \
        goto *labels[FY_OPC(ins)]; \
    } while (0)

    DISPATCH();

L_NOP:
    DISPATCH();
L_POP_TOP: {
    fy_obj *v = POP();
    FY_DECREF(v);
    DISPATCH();
}
L_DUP_TOP: {
    fy_obj *v = TOP();
    PUSH(fy_ref(v));
    DISPATCH();
}
L_DUP_TOP_TWO: {
    fy_obj *a = SECOND(), *b = TOP();
    PUSH(fy_ref(a));
    PUSH(fy_ref(b));
    DISPATCH();
}
L_ROT_TWO: {
    fy_obj *t = TOP();
    sp[-1] = sp[-2];
    sp[-2] = t;
    DISPATCH();
}
L_ROT_THREE: {
    fy_obj *t = TOP();
    sp[-1] = sp[-2];
    sp[-2] = sp[-3];
    sp[-3] = t;
    DISPATCH();
}
L_ROT_FOUR: {
    fy_obj *t = TOP();
    sp[-1] = sp[-2];
    sp[-2] = sp[-3];
    sp[-3] = sp[-4];
    sp[-4] = t;
    DISPATCH();
}
L_LOAD_CONST: {
    fy_obj *v = consts[arg];
    PUSH(fy_ref(v));
    DISPATCH();
}
L_LOAD_FAST: {
    fy_obj *v = f->localsplus[arg];
    if (!v) {
        if (!fy_trace_active() || !fy_trace_scf_unbound(f, (int)arg)) /* a traced loop's name: say why */
            fy_err_format(&fy_UnboundLocalError,
                          "cannot access local variable '%s' where it is not associated with a value",
                          FY_STR_DATA(FY_TUPLE_ITEMS(co->varnames)[arg]));
        goto error;
    }
    PUSH(fy_ref(v));
    DISPATCH();
}
L_STORE_FAST: {
    fy_obj *v = POP();
    fy_obj *old = f->localsplus[arg];
    f->localsplus[arg] = v;
    FY_XDECREF(old);
    DISPATCH();
}
L_DELETE_FAST: {
    fy_obj *old = f->localsplus[arg];
    if (!old) {
        fy_err_format(&fy_UnboundLocalError,
                      "cannot access local variable '%s' where it is not associated with a value",
                      FY_STR_DATA(FY_TUPLE_ITEMS(co->varnames)[arg]));
        goto error;
    }
    f->localsplus[arg] = NULL;
    FY_DECREF(old);
    DISPATCH();
}
L_LOAD_DEREF: {
    fy_obj *v = ((fy_cell *)cells[arg])->ref;
    if (!v) {
        if (arg < co->ncells)
            fy_err_format(&fy_UnboundLocalError,
                          "cannot access local variable '%s' where it is not associated with a value",
                          FY_STR_DATA(FY_TUPLE_ITEMS(co->cellvars)[arg]));
        else
            fy_err_format(&fy_NameError,
                          "cannot access free variable '%s' where it is not associated with a value in enclosing scope",
                          FY_STR_DATA(FY_TUPLE_ITEMS(co->freevars)[arg - co->ncells]));
        goto error;
    }
    PUSH(fy_ref(v));
    DISPATCH();
}
L_STORE_DEREF: {
    fy_obj *v = POP();
    fy_cell *c = (fy_cell *)cells[arg];
    fy_obj *old = c->ref;
    c->ref = v;
    FY_XDECREF(old);
    DISPATCH();
}
L_DELETE_DEREF: {
    fy_cell *c = (fy_cell *)cells[arg];
    if (!c->ref) {
        fy_err_set(&fy_NameError, "free variable referenced before assignment");
        goto error;
    }
    FY_CLEAR(c->ref);
    DISPATCH();
}
L_LOAD_CLOSURE:
    PUSH(fy_ref(cells[arg]));
    DISPATCH();
L_LOAD_CLASSDEREF: {
    fy_obj *name =
        arg < co->ncells ? FY_TUPLE_ITEMS(co->cellvars)[arg] : FY_TUPLE_ITEMS(co->freevars)[arg - co->ncells];
    fy_obj *v = f->locals ? fy_dict_get(f->locals, name) : NULL;
    if (!v) v = ((fy_cell *)cells[arg])->ref;
    if (!v) {
        name_error(name);
        goto error;
    }
    PUSH(fy_ref(v));
    DISPATCH();
}
L_LOAD_NAME: {
    fy_obj *name = names[arg], *v = NULL;
    if (f->locals) {
        if (FY_DICT_CHECK(f->locals)) v = fy_dict_get_str(f->locals, name);
        else {
            v = fy_getitem(f->locals, name);
            if (v) {
                PUSH(v);
                DISPATCH();
            }
            if (!fy_err_matches(&fy_KeyError)) goto error;
            fy_err_clear();
        }
    }
    if (!v) v = fy_dict_get_str(f->globals, name);
    if (!v) v = fy_dict_get_str(f->builtins, name);
    if (!v) {
        name_error(name);
        goto error;
    }
    PUSH(fy_ref(v));
    DISPATCH();
}
L_STORE_NAME: {
    fy_obj *v = POP();
    int r = f->locals ? fy_setitem(f->locals, names[arg], v) : fy_dict_set(f->globals, names[arg], v);
    FY_DECREF(v);
    if (r < 0) goto error;
    DISPATCH();
}
L_DELETE_NAME: {
    fy_obj *target = f->locals ? f->locals : f->globals;
    int r = FY_DICT_CHECK(target) ? fy_dict_del(target, names[arg]) : fy_delitem(target, names[arg]);
    if (r == 1) {
        name_error(names[arg]);
        goto error;
    }
    if (r < 0) goto error;
    DISPATCH();
}
L_LOAD_GLOBAL: {
    fy_dict *g = (fy_dict *)f->globals, *b = (fy_dict *)f->builtins;
    int cur = pc - 1; /* f->cur, from the register */
    if (co->cache_ver[2 * cur] == g->version && co->cache_ver[2 * cur + 1] == b->version && co->cache[cur]) {
        fy_obj *v = co->cache[cur];
        PUSH(fy_ref(v));
        DISPATCH();
    }
    fy_obj *name = names[arg];
    fy_obj *v = fy_dict_get_str(f->globals, name);
    if (!v) v = fy_dict_get_str(f->builtins, name);
    if (!v) {
        name_error(name);
        goto error;
    }
    co->cache[cur] = v;
    co->cache_ver[2 * cur] = g->version;
    co->cache_ver[2 * cur + 1] = b->version;
    PUSH(fy_ref(v));
    DISPATCH();
}
L_STORE_GLOBAL: {
    fy_obj *v = POP();
    int r = fy_dict_set(f->globals, names[arg], v);
    FY_DECREF(v);
    if (r < 0) goto error;
    DISPATCH();
}
L_DELETE_GLOBAL: {
    int r = fy_dict_del(f->globals, names[arg]);
    if (r == 1) {
        name_error(names[arg]);
        goto error;
    }
    if (r < 0) goto error;
    DISPATCH();
}
L_LOAD_ATTR: {
    fy_obj *o = TOP(), *name = names[arg];
    fy_type *t = o->type;
    int cur = pc - 1; /* f->cur, from the register */
    int k = fy_vm_ic_find(co->cache[cur], t);
    if (k >= 0) {
        fy_dict *d = (fy_dict *)*(fy_obj **)((char *)o + t->dictoffset);
        if (d) {
            uintptr_t ix = ((fy_vm_attr_ic *)co->cache[cur])->v[k];
            /* the recorded entry, else a plain lookup (an instance filled in another order) */
            fy_obj *v = (int64_t)ix < d->nentries && d->entries[ix].key == name ? d->entries[ix].value
                                                                                : fy_dict_get_str(&d->h, name);
            if (v) {
                sp[-1] = fy_ref(v);
                FY_DECREF(o);
                DISPATCH();
            }
        }
    }
    fy_obj *v = fy_getattr(o, name);
    if (!v) goto error;
    if (k < 0) fy_vm_attr_cache_fill(co, cur, o, name, false);
    sp[-1] = v;
    FY_DECREF(o);
    DISPATCH();
}
L_STORE_ATTR: {
    fy_obj *o = POP(), *v = POP(), *name = names[arg];
    int cur = pc - 1; /* f->cur, from the register */
    int k = fy_vm_ic_find(co->cache[cur], o->type);
    if (k >= 0) {
        fy_dict *d = (fy_dict *)*(fy_obj **)((char *)o + o->type->dictoffset);
        uintptr_t ix = ((fy_vm_attr_ic *)co->cache[cur])->v[k];
        if (d && (int64_t)ix < d->nentries && d->entries[ix].key == name) {
            fy_obj *old = d->entries[ix].value;
            d->entries[ix].value = v; /* the popped reference moves into the dict */
            d->version = ++fy_dict_version_counter;
            FY_DECREF(old);
            FY_DECREF(o);
            DISPATCH();
        }
        if (d) { /* the class allows a plain store into the instance __dict__ (a new instance) */
            int r = fy_dict_set(&d->h, name, v);
            FY_DECREF(o);
            FY_DECREF(v);
            if (r < 0) goto error;
            DISPATCH();
        }
    }
    int r = fy_setattr(o, name, v);
    if (r == 0 && k < 0) fy_vm_attr_cache_fill(co, cur, o, name, true);
    FY_DECREF(o);
    FY_DECREF(v);
    if (r < 0) goto error;
    DISPATCH();
}
L_DELETE_ATTR: {
    fy_obj *o = POP();
    int r = fy_setattr(o, names[arg], NULL);
    FY_DECREF(o);
    if (r < 0) goto error;
    DISPATCH();
}
L_LOAD_METHOD: {
    fy_obj *o = TOP(), *name = names[arg];
    fy_type *t = o->type;
    int cur = pc - 1; /* f->cur, from the register */
    int k = fy_vm_ic_find(co->cache[cur], t);
    if (k >= 0) {
        fy_obj *m = (fy_obj *)((fy_vm_attr_ic *)co->cache[cur])->v[k];
        fy_obj **dp = t->dictoffset == FY_DICTOFF_VAR ? fy_instance_dict_ptr(o) : fy_vm_fixed_dict_slot(o, t);
        if (!dp || !*dp || !fy_dict_get_str(*dp, name)) {
            sp[-1] = fy_ref(m);
            PUSH(o);
            DISPATCH();
        }
    }
    if (t->getattr == fy_generic_getattr || (t->getattr == NULL)) {
        fy_obj *m = fy_type_lookup(t, name);
        if (k < 0 && m && (FY_TYPE(m) == &fy_function_type || fy_methoddescr_def(m)))
            fy_vm_ic_put(co, cur, t, (uintptr_t)m);
        if (m && (FY_TYPE(m) == &fy_function_type || fy_methoddescr_def(m))) {
            fy_obj **dp = fy_instance_dict_ptr(o);
            if (!dp || !*dp || !fy_dict_get_str(*dp, name)) {
                sp[-1] = fy_ref(m);
                PUSH(o);
                DISPATCH();
            }
        }
    }
    fy_obj *v = fy_getattr(o, name);
    if (!v) goto error;
    sp[-1] = NULL;
    PUSH(v);
    FY_DECREF(o);
    DISPATCH();
}
L_CALL_METHOD: {
    fy_obj **base = sp - arg - 2;
    fy_obj *r;
    if (base[0]) {
        fy_obj *m = base[0];
        fy_methoddef *d = FY_TYPE(m) == &fy_function_type ? NULL : fy_methoddescr_def(m);
        if (d) r = d->fn(base[1], base + 2, arg, NULL);
        else r = fy_call(m, base + 1, arg + 1, NULL);
        for (fy_obj **p = base; p < sp; p++) FY_DECREF(*p);
    } else {
        r = fy_call(base[1], base + 2, arg, NULL);
        for (fy_obj **p = base + 1; p < sp; p++) FY_DECREF(*p);
    }
    sp = base;
    if (!r) goto error;
    PUSH(r);
    DISPATCH();
}
L_BINARY_OP: {
    fy_obj *b = POP(), *a = TOP();
    fy_obj *r = fast_binop(a, b, arg);
    FY_DECREF(a);
    FY_DECREF(b);
    if (!r) {
        sp--;
        goto error;
    }
    sp[-1] = r;
    DISPATCH();
}
L_INPLACE_OP: {
    fy_obj *b = POP(), *a = TOP();
    fy_obj *r;
    if ((FY_INT_EXACT(a) && FY_INT_EXACT(b)) || (FY_TYPE(a) == &fy_float_type && FY_TYPE(b) == &fy_float_type))
        r = fast_binop(a, b, arg); /* neither has in-place methods */
    else if (FY_STR_CHECK(a) && FY_STR_CHECK(b) && arg == FY_NB_ADD && FY_TYPE(a) == &fy_str_type)
        r = fy_str_concat(a, b);
    else r = fy_inplace_op(a, b, arg);
    FY_DECREF(a);
    FY_DECREF(b);
    if (!r) {
        sp--;
        goto error;
    }
    sp[-1] = r;
    DISPATCH();
}
L_UNARY_NEG: {
    fy_obj *a = TOP();
    fy_obj *r = fy_neg(a);
    if (!r) goto error;
    sp[-1] = r;
    FY_DECREF(a);
    DISPATCH();
}
L_UNARY_POS: {
    fy_obj *a = TOP();
    fy_obj *r = fy_pos(a);
    if (!r) goto error;
    sp[-1] = r;
    FY_DECREF(a);
    DISPATCH();
}
L_UNARY_INVERT: {
    fy_obj *a = TOP();
    fy_obj *r = fy_invert(a);
    if (!r) goto error;
    sp[-1] = r;
    FY_DECREF(a);
    DISPATCH();
}
L_UNARY_NOT: {
    fy_obj *a = TOP();
    int t = fy_truthy(a);
    if (t < 0) {
        fy_obj *r = fy_trace_scf_not(a); /* not of a traced Boolean, else the error stays */
        if (!r) goto error;
        sp[-1] = r;
        FY_DECREF(a);
        DISPATCH();
    }
    sp[-1] = fy_bool(!t);
    FY_DECREF(a);
    DISPATCH();
}
L_COMPARE_OP: {
    fy_obj *b = POP(), *a = TOP();
    fy_obj *r;
    if (FY_INT_EXACT(a) && FY_INT_EXACT(b) && FY_INT_BOTH_SMALL(a, b)) {
        int64_t x = FY_INT_VAL(a), y = FY_INT_VAL(b);
        bool c;
        switch (arg) {
        case FY_EQ_OP: c = x == y; break;
        case FY_NE_OP: c = x != y; break;
        case FY_LT_OP: c = x < y; break;
        case FY_LE_OP: c = x <= y; break;
        case FY_GT_OP: c = x > y; break;
        default: c = x >= y; break;
        }
        r = fy_bool(c);
    } else if (FY_TYPE(a) == &fy_float_type && FY_TYPE(b) == &fy_float_type) {
        /* float against float: C's comparisons are IEEE's, as float's own (NaN unordered) */
        double x = FY_FLOAT_VAL(a), y = FY_FLOAT_VAL(b);
        bool c;
        switch (arg) {
        case FY_EQ_OP: c = x == y; break;
        case FY_NE_OP: c = x != y; break;
        case FY_LT_OP: c = x < y; break;
        case FY_LE_OP: c = x <= y; break;
        case FY_GT_OP: c = x > y; break;
        default: c = x >= y; break;
        }
        r = fy_bool(c);
    } else {
        r = fy_richcmp(a, b, arg);
    }
    FY_DECREF(a);
    FY_DECREF(b);
    if (!r) {
        sp--;
        goto error;
    }
    sp[-1] = r;
    DISPATCH();
}
L_IS_OP: {
    fy_obj *b = POP(), *a = TOP();
    bool r = (a == b) != (arg != 0);
    sp[-1] = fy_bool(r);
    FY_DECREF(a);
    FY_DECREF(b);
    DISPATCH();
}
L_CONTAINS_OP: {
    fy_obj *b = POP(), *a = TOP();
    int r = fy_contains(b, a);
    FY_DECREF(a);
    FY_DECREF(b);
    if (r < 0) {
        sp--;
        goto error;
    }
    sp[-1] = fy_bool(r != arg);
    DISPATCH();
}
L_BINARY_SUBSCR: {
    fy_obj *k = POP(), *o = TOP();
    fy_obj *r;
    if (FY_TYPE(o) == &fy_list_type && FY_INT_EXACT(k) && !FY_INT_IS_BIG(k)) {
        int64_t i = FY_INT_VAL(k), n = FY_LIST_N(o);
        if (i < 0) i += n;
        if (i >= 0 && i < n) r = fy_ref(FY_LIST_ITEMS(o)[i]);
        else r = fy_getitem(o, k);
    } else {
        r = fy_getitem(o, k);
    }
    FY_DECREF(o);
    FY_DECREF(k);
    if (!r) {
        sp--;
        goto error;
    }
    sp[-1] = r;
    DISPATCH();
}
L_STORE_SUBSCR: {
    fy_obj *k = POP(), *o = POP(), *v = POP();
    if (FY_TYPE(o) == &fy_list_type && FY_INT_EXACT(k) && !FY_INT_IS_BIG(k)) {
        int64_t i = FY_INT_VAL(k), n = FY_LIST_N(o);
        if (i < 0) i += n;
        if (i >= 0 && i < n) {
            fy_obj *old = FY_LIST_ITEMS(o)[i];
            FY_LIST_ITEMS(o)[i] = v; /* the popped reference moves into the list */
            FY_DECREF(old);
            FY_DECREF(k);
            FY_DECREF(o);
            DISPATCH();
        }
    }
    int r = fy_setitem(o, k, v);
    FY_DECREF(k);
    FY_DECREF(o);
    FY_DECREF(v);
    if (r < 0) goto error;
    DISPATCH();
}
L_DELETE_SUBSCR: {
    fy_obj *k = POP(), *o = POP();
    int r = fy_delitem(o, k);
    FY_DECREF(k);
    FY_DECREF(o);
    if (r < 0) goto error;
    DISPATCH();
}
L_BUILD_SLICE: {
    fy_obj *step = arg == 3 ? POP() : NULL;
    fy_obj *stop = POP(), *start = POP();
    fy_obj *s = fy_slice_new(start, stop, step);
    FY_DECREF(start);
    FY_DECREF(stop);
    FY_XDECREF(step);
    if (!s) goto error;
    PUSH(s);
    DISPATCH();
}
L_BUILD_TUPLE: {
    fy_obj *t = fy_tuple_new(arg);
    if (!t) goto error;
    sp -= arg;
    if (arg) memcpy(FY_TUPLE_ITEMS(t), sp, arg * sizeof(fy_obj *));
    PUSH(t);
    DISPATCH();
}
L_BUILD_LIST: {
    fy_obj *l = fy_list_new(arg);
    if (!l) goto error;
    sp -= arg;
    if (arg) memcpy(FY_LIST_ITEMS(l), sp, arg * sizeof(fy_obj *));
    PUSH(l);
    DISPATCH();
}
L_BUILD_SET: {
    fy_obj *s = fy_set_new(NULL);
    if (!s) goto error;
    int err = 0;
    for (int i = 0; i < arg; i++)
        if (!err && fy_set_add(s, sp[i - arg]) < 0) err = 1;
    for (int i = 0; i < arg; i++) FY_DECREF(sp[i - arg]);
    sp -= arg;
    if (err) {
        FY_DECREF(s);
        goto error;
    }
    PUSH(s);
    DISPATCH();
}
L_BUILD_MAP: {
    fy_obj *d = fy_dict_new();
    if (!d) goto error;
    int err = 0;
    for (int i = 0; i < arg; i++)
        if (!err && fy_dict_set(d, sp[2 * (i - arg)], sp[2 * (i - arg) + 1]) < 0) err = 1;
    for (int i = 0; i < 2 * arg; i++) FY_DECREF(sp[i - 2 * arg]);
    sp -= 2 * arg;
    if (err) {
        FY_DECREF(d);
        goto error;
    }
    PUSH(d);
    DISPATCH();
}
L_BUILD_STRING: {
    fy_sbuf b = {0};
    for (int i = 0; i < arg; i++) {
        fy_obj *s = sp[i - arg];
        fy_sbuf_add(&b, FY_STR_DATA(s), FY_STR_LEN(s));
    }
    for (int i = 0; i < arg; i++) FY_DECREF(sp[i - arg]);
    sp -= arg;
    fy_obj *r = b.p ? fy_sbuf_finish(&b) : fy_ref(fy_intern(""));
    if (!r) goto error;
    PUSH(r);
    DISPATCH();
}
L_LIST_APPEND: {
    fy_obj *v = POP();
    if (fy_list_append_steal(sp[-arg], v) < 0) goto error;
    DISPATCH();
}
L_SET_ADD: {
    fy_obj *v = POP();
    int r = fy_set_add(sp[-arg], v);
    FY_DECREF(v);
    if (r < 0) goto error;
    DISPATCH();
}
L_MAP_ADD: {
    fy_obj *v = POP(), *k = POP();
    int r = fy_dict_set(sp[-arg], k, v);
    FY_DECREF(k);
    FY_DECREF(v);
    if (r < 0) goto error;
    DISPATCH();
}
L_LIST_EXTEND: {
    fy_obj *v = POP();
    int r = fy_list_extend(sp[-arg], v);
    if (r < 0 && fy_err_matches(&fy_TypeError) && !v->type->iter && !v->type->getitem) {
        fy_err_clear();
        fy_err_format(&fy_TypeError, "Value after * must be an iterable, not %s", v->type->name);
    }
    FY_DECREF(v);
    if (r < 0) goto error;
    DISPATCH();
}
L_SET_UPDATE: {
    fy_obj *v = POP();
    int r = fy_set_update(sp[-arg], v);
    FY_DECREF(v);
    if (r < 0) goto error;
    DISPATCH();
}
L_DICT_UPDATE: {
    fy_obj *v = POP();
    int r;
    if (!FY_DICT_CHECK(v) && !fy_hasattr_cstr(v, "keys")) {
        fy_err_format(&fy_TypeError, "'%s' object is not a mapping", v->type->name);
        r = -1;
    } else r = fy_dict_update(sp[-arg], v);
    FY_DECREF(v);
    if (r < 0) goto error;
    DISPATCH();
}
L_DICT_MERGE: {
    fy_obj *v = POP();
    fy_obj *d = sp[-arg];
    int r = 0;
    if (!FY_DICT_CHECK(v)) {
        if (!fy_hasattr_cstr(v, "keys")) {
            fy_err_format(&fy_TypeError, "argument after ** must be a mapping, not %s", v->type->name);
            FY_DECREF(v);
            goto error;
        }
        fy_obj *tmp = fy_dict_new();
        if (!tmp || fy_dict_update(tmp, v) < 0) {
            FY_XDECREF(tmp);
            FY_DECREF(v);
            goto error;
        }
        FY_DECREF(v);
        v = tmp;
    }
    int64_t pos = 0;
    fy_obj *k, *val;
    while (fy_dict_next(v, &pos, &k, &val)) {
        if (fy_dict_get(d, k)) {
            fy_obj *fn = arg == 1 && sp - f->stack >= 3 ? sp[-3] : NULL;
            if (fn && FY_TYPE(fn) == &fy_function_type) {
                fy_function *ff = (fy_function *)fn;
                bool bi = !ff->module || !FY_STR_CHECK(ff->module) || fy_str_eq_cstr(ff->module, "builtins");
                fy_err_format(&fy_TypeError, "%s%s%S() got multiple values for keyword argument '%S'",
                              bi ? "" : FY_STR_DATA(ff->module), bi ? "" : ".", ff->qualname, k);
            } else fy_err_format(&fy_TypeError, "got multiple values for keyword argument '%S'", k);
            r = -1;
            break;
        }
        if (fy_dict_set(d, k, val) < 0) {
            r = -1;
            break;
        }
    }
    FY_DECREF(v);
    if (r < 0) goto error;
    DISPATCH();
}
L_LIST_TO_TUPLE: {
    fy_obj *l = TOP();
    fy_obj *t = fy_list_as_tuple(l);
    if (!t) goto error;
    sp[-1] = t;
    FY_DECREF(l);
    DISPATCH();
}
L_FORMAT_VALUE: {
    fy_obj *spec = (arg & 4) ? POP() : NULL;
    fy_obj *v = POP();
    fy_obj *conv = v;
    int cv = arg & 3;
    if (cv == 1) conv = fy_str(v);
    else if (cv == 2) conv = fy_repr(v);
    else if (cv == 3) conv = fy_ascii(v);
    else FY_INCREF(conv);
    FY_DECREF(v);
    if (!conv) {
        FY_XDECREF(spec);
        goto error;
    }
    fy_obj *r;
    if (!spec && FY_TYPE(conv) == &fy_str_type) r = fy_ref(conv);
    else r = fy_format(conv, spec);
    FY_DECREF(conv);
    FY_XDECREF(spec);
    if (!r) goto error;
    PUSH(r);
    DISPATCH();
}
L_UNPACK_SEQUENCE: {
    fy_obj *seq = POP();
    if (FY_TYPE(seq) == &fy_tuple_type || FY_TYPE(seq) == &fy_list_type) {
        fy_obj **items = FY_TYPE(seq) == &fy_tuple_type ? FY_TUPLE_ITEMS(seq) : FY_LIST_ITEMS(seq);
        int64_t n = FY_TYPE(seq) == &fy_tuple_type ? FY_TUPLE_N(seq) : FY_LIST_N(seq);
        if (n == arg) {
            for (int i = arg - 1; i >= 0; i--) PUSH(fy_ref(items[i]));
            FY_DECREF(seq);
            DISPATCH();
        }
    }
    /* the items go straight into the stack slots they will occupy (the compiler reserved them),
     * first item lowest, then are reversed so that the first one is on top */
    int r = unpack(seq, arg, 0, false, sp);
    FY_DECREF(seq);
    if (r < 0) goto error;
    for (int i = 0, j = arg - 1; i < j; i++, j--) {
        fy_obj *t = sp[i];
        sp[i] = sp[j];
        sp[j] = t;
    }
    sp += arg;
    DISPATCH();
}
L_UNPACK_EX: {
    int before = arg & 0xfff, after = arg >> 12;
    fy_obj *seq = POP();
    int total = before + after + 1;
    int r = unpack(seq, before, after, true, sp);
    FY_DECREF(seq);
    if (r < 0) goto error;
    for (int i = 0, j = total - 1; i < j; i++, j--) {
        fy_obj *t = sp[i];
        sp[i] = sp[j];
        sp[j] = t;
    }
    sp += total;
    DISPATCH();
}
L_JUMP:
    if (arg < pc) {
        if (ip->interrupt) {
            if (fy_check_interrupt() < 0) goto error;
        }
        if (fy_step(ip) < 0) goto error;
        if (ip->gc_allocs > 20000) fy_gc_maybe_collect();
    }
    pc = arg;
    DISPATCH();
L_POP_JUMP_IF_FALSE: {
    fy_obj *v = POP();
    if (v == fy_False) {
        pc = arg;
        FY_DECREF(v);
        DISPATCH();
    }
    if (v == fy_True) {
        FY_DECREF(v);
        DISPATCH();
    }
    int t = fy_truthy(v);
    if (t < 0) TRACED_BRANCH(v);
    FY_DECREF(v);
    if (!t) pc = arg;
    DISPATCH();
}
L_POP_JUMP_IF_TRUE: {
    fy_obj *v = POP();
    if (v == fy_True) {
        pc = arg;
        FY_DECREF(v);
        DISPATCH();
    }
    if (v == fy_False) {
        FY_DECREF(v);
        DISPATCH();
    }
    int t = fy_truthy(v);
    if (t < 0) TRACED_BRANCH(v);
    FY_DECREF(v);
    if (t) pc = arg;
    DISPATCH();
}
L_JUMP_IF_FALSE_OR_POP: {
    int t = fy_truthy(TOP());
    if (t < 0) {
        /* a traced Boolean: the tracer evaluates the rest and combines (trace_scf.c) */
        f->sp = (int)(sp - f->stack);
        int to = pc;
        int h = fy_trace_scf_boolop(f, pc - 1, 1, &to);
        pc = to;
        sp = f->stack + f->sp;
        if (h <= 0) {
            reraise = h == -2;
            goto error;
        }
        DISPATCH();
    }
    if (!t) pc = arg;
    else {
        fy_obj *v = POP();
        FY_DECREF(v);
    }
    DISPATCH();
}
L_JUMP_IF_TRUE_OR_POP: {
    int t = fy_truthy(TOP());
    if (t < 0) {
        /* a traced Boolean: the tracer evaluates the rest and combines (trace_scf.c) */
        f->sp = (int)(sp - f->stack);
        int to = pc;
        int h = fy_trace_scf_boolop(f, pc - 1, 0, &to);
        pc = to;
        sp = f->stack + f->sp;
        if (h <= 0) {
            reraise = h == -2;
            goto error;
        }
        DISPATCH();
    }
    if (t) pc = arg;
    else {
        fy_obj *v = POP();
        FY_DECREF(v);
    }
    DISPATCH();
}
L_GET_ITER: {
    fy_obj *o = TOP();
    fy_obj *it = fy_iter(o);
    if (!it) goto error;
    sp[-1] = it;
    FY_DECREF(o);
    DISPATCH();
}
L_FOR_ITER: {
    fy_obj *it = TOP();
    fy_obj *v = it->type->next(it);
    if (v) {
        PUSH(v);
        DISPATCH();
    }
    if (fy_err_occurred()) {
        if (!fy_err_matches(&fy_StopIteration)) goto error;
        fy_err_clear();
    }
    sp--;
    FY_DECREF(it);
    pc = arg;
    if (ip->interrupt && fy_check_interrupt() < 0) goto error;
    DISPATCH();
}
L_CALL: {
    fy_obj **base = sp - arg - 1;
    fy_obj *fn = base[0];
    fy_obj *r = fy_call(fn, base + 1, arg, NULL);
    for (fy_obj **p = base; p < sp; p++) FY_DECREF(*p);
    sp = base;
    if (!r) goto error;
    PUSH(r);
    DISPATCH();
}
L_CALL_KW: {
    fy_obj *kw = POP();
    fy_obj **base = sp - arg - 1;
    size_t nk = FY_TUPLE_N(kw);
    fy_obj *r = fy_call(base[0], base + 1, arg - nk, kw);
    for (fy_obj **p = base; p < sp; p++) FY_DECREF(*p);
    FY_DECREF(kw);
    sp = base;
    if (!r) goto error;
    PUSH(r);
    DISPATCH();
}
L_CALL_EX: {
    fy_obj *kw = (arg & 1) ? POP() : NULL;
    fy_obj *args = POP(), *fn = POP();
    fy_obj *r = fy_call_tuple_dict(fn, args, kw);
    FY_DECREF(fn);
    FY_DECREF(args);
    FY_XDECREF(kw);
    if (!r) goto error;
    PUSH(r);
    DISPATCH();
}
L_MAKE_FUNCTION: {
    fy_obj *qn = POP(), *cobj = POP();
    fy_function *fn = (fy_function *)fy_function_new((fy_code *)cobj, f->globals, qn);
    FY_DECREF(qn);
    FY_DECREF(cobj);
    if (!fn) goto error;
    if (arg & FY_MF_CLOSURE) fn->closure = POP();
    if (arg & FY_MF_ANNOTATIONS) fn->annotations = POP();
    if (arg & FY_MF_KWDEFAULTS) fn->kwdefaults = POP();
    if (arg & FY_MF_DEFAULTS) fn->defaults = POP();
    PUSH(&fn->h);
    DISPATCH();
}
L_RETURN_VALUE:
    retval = POP();
    goto exit_frame;
L_YIELD_VALUE: {
    retval = POP();
    f->ip = pc;
    f->sp = (int)(sp - f->stack);
    ip->frame = f->back;
    fy_leave_recursive();
    return retval; /* f->running stays true: the caller sees a yield */
}
L_GET_YIELD_FROM_ITER: {
    fy_obj *o = TOP();
    if (FY_TYPE(o) != &fy_generator_type) {
        fy_obj *it = fy_iter(o);
        if (!it) goto error;
        sp[-1] = it;
        FY_DECREF(o);
    }
    DISPATCH();
}
L_YIELD_FROM: {
    fy_obj *v = POP();
    fy_obj *it = TOP();
    fy_obj *r, *rv = NULL;
    if (FY_TYPE(it) == &fy_generator_type) {
        r = fy_gen_send((fy_gen *)it, v, NULL, &rv);
    } else if (v == fy_None) {
        r = fy_iter_next(it);
        if (!r && fy_err_matches(&fy_StopIteration)) {
            fy_obj *e = fy_err_fetch();
            fy_obj *a = ((fy_exc *)e)->args;
            rv = a && FY_TUPLE_N(a) ? fy_ref(FY_TUPLE_ITEMS(a)[0]) : NULL;
            FY_DECREF(e);
        }
    } else {
        r = fy_call_method(it, "send", &v, 1);
        if (!r && fy_err_matches(&fy_StopIteration)) {
            fy_obj *e = fy_err_fetch();
            fy_obj *a = ((fy_exc *)e)->args;
            rv = a && FY_TUPLE_N(a) ? fy_ref(FY_TUPLE_ITEMS(a)[0]) : NULL;
            FY_DECREF(e);
        }
    }
    FY_DECREF(v);
    if (r) {
        /* yield r; resume here with the sent value */
        f->ip = pc - 1;
        f->sp = (int)(sp - f->stack);
        ip->frame = f->back;
        fy_leave_recursive();
        return r;
    }
    if (fy_err_occurred()) goto error;
    sp--;
    FY_DECREF(it);
    PUSH(rv ? rv : fy_none());
    DISPATCH();
}
L_SETUP_FINALLY: {
    fy_block *b = &f->blocks[f->nblock++];
    b->type = FY_BLOCK_FINALLY;
    b->handler = arg;
    b->level = (int)(sp - f->stack);
    DISPATCH();
}
L_POP_BLOCK:
    f->nblock--;
    DISPATCH();
L_POP_EXCEPT: {
    f->nblock--; /* the HANDLER block */
    fy_obj *exc = POP(), *prev = POP();
    FY_DECREF(exc);
    fy_obj *old = ip->handled;
    ip->handled = prev == fy_None ? NULL : prev;
    if (prev == fy_None) FY_DECREF(prev);
    FY_XDECREF(old);
    DISPATCH();
}
L_RERAISE: {
    fy_obj *exc = POP();
    fy_err_restore(exc);
    reraise = true;
    goto error;
}
L_RAISE_VARARGS: {
    if (arg == 0) {
        if (!ip->handled) {
            fy_err_set(&fy_RuntimeError, "No active exception to reraise");
            goto error;
        }
        fy_err_restore(fy_ref(ip->handled));
        reraise = true;
        goto error;
    }
    fy_obj *cause = arg == 2 ? POP() : NULL;
    fy_obj *e = POP();
    /* a cause applies only when e itself could be raised (else the TypeError stands) */
    bool raisable = fy_isinstance_of(e, &fy_BaseException) ||
                    (fy_isinstance_of(e, &fy_type_type) && fy_type_is_subtype((fy_type *)e, &fy_BaseException));
    fy_err_raise(e);
    FY_DECREF(e);
    if (cause) {
        fy_obj *cur = fy_err_occurred();
        if (cur && raisable && fy_isinstance_of(cur, &fy_BaseException)) {
            fy_obj *c = NULL;
            if (cause == fy_None) c = NULL;
            else if (fy_isinstance_of(cause, &fy_type_type)) {
                c = fy_call0(cause);
                if (!c) {
                    FY_DECREF(cause);
                    goto error;
                }
            } else if (fy_isinstance_of(cause, &fy_BaseException)) c = fy_ref(cause);
            else {
                FY_DECREF(cause);
                fy_err_set(&fy_TypeError, "exception causes must derive from BaseException");
                goto error;
            }
            fy_exc *ce = (fy_exc *)fy_err_occurred();
            FY_SETREF(ce->cause, c);
            ce->suppress_context = 1;
        }
        FY_DECREF(cause);
    }
    goto error;
}
L_JUMP_IF_NOT_EXC_MATCH: {
    fy_obj *t = POP(), *exc = POP();
    if (!exc_match_ok(t)) {
        FY_DECREF(t);
        FY_DECREF(exc);
        fy_err_set(&fy_TypeError, "catching classes that do not inherit from BaseException is not allowed");
        goto error;
    }
    bool m = exc_matches(exc, t);
    FY_DECREF(t);
    FY_DECREF(exc);
    if (!m) pc = arg;
    DISPATCH();
}
L_SETUP_WITH: {
    fy_obj *mgr = TOP();
    fy_obj *enter = fy_type_lookup(mgr->type, fy_intern("__enter__"));
    fy_obj *exitd = fy_type_lookup(mgr->type, fy_intern("__exit__"));
    if (!enter || !exitd) {
        fy_err_format(&fy_TypeError, "'%s' object does not support the context manager protocol", mgr->type->name);
        goto error;
    }
    fy_obj *exit = exitd->type->descr_get ? exitd->type->descr_get(exitd, mgr, mgr->type) : fy_ref(exitd);
    if (!exit) goto error;
    fy_obj *en = enter->type->descr_get ? enter->type->descr_get(enter, mgr, mgr->type) : fy_ref(enter);
    if (!en) {
        FY_DECREF(exit);
        goto error;
    }
    fy_obj *res = fy_call0(en);
    FY_DECREF(en);
    if (!res) {
        FY_DECREF(exit);
        goto error;
    }
    sp[-1] = exit;
    FY_DECREF(mgr);
    fy_block *b = &f->blocks[f->nblock++];
    b->type = FY_BLOCK_FINALLY;
    b->handler = arg;
    b->level = (int)(sp - f->stack);
    PUSH(res);
    DISPATCH();
}
L_WITH_EXIT: {
    fy_obj *exit = POP();
    fy_obj *r = call_exit(exit, fy_None, fy_None, fy_None);
    FY_DECREF(exit);
    if (!r) goto error;
    FY_DECREF(r);
    DISPATCH();
}
L_WITH_EXCEPT_START: {
    fy_obj *exc = TOP(), *exit = sp[-3];
    fy_obj *tb = ((fy_exc *)exc)->tb;
    fy_obj *r = call_exit(exit, (fy_obj *)exc->type, exc, tb ? tb : fy_None);
    if (!r) goto error;
    PUSH(r);
    DISPATCH();
}
L_IMPORT_NAME: {
    fy_obj *fromlist = POP();
    fy_obj *m = fy_import_name(names[arg], f->globals, fromlist);
    FY_DECREF(fromlist);
    if (!m) goto error;
    PUSH(m);
    DISPATCH();
}
L_IMPORT_FROM: {
    fy_obj *v = fy_import_from(TOP(), names[arg]);
    if (!v) goto error;
    PUSH(v);
    DISPATCH();
}
L_IMPORT_STAR: {
    fy_obj *m = POP();
    int r = fy_import_star(m, f->locals ? f->locals : f->globals);
    FY_DECREF(m);
    if (r < 0) goto error;
    DISPATCH();
}
L_LOAD_BUILD_CLASS: {
    fy_obj *bc = fy_dict_get_cstr(f->builtins, "__build_class__");
    if (!bc) {
        fy_err_set(&fy_NameError, "__build_class__ not found");
        goto error;
    }
    PUSH(fy_ref(bc));
    DISPATCH();
}
L_LOAD_ASSERTION_ERROR:
    PUSH(fy_ref((fy_obj *)&fy_AssertionError));
    DISPATCH();
L_SETUP_ANNOTATIONS: {
    fy_obj *ns = f->locals ? f->locals : f->globals;
    fy_obj *a = FY_DICT_CHECK(ns) ? fy_dict_get_cstr(ns, "__annotations__") : NULL;
    if (!a) {
        fy_obj *d = fy_dict_new();
        if (!d || fy_setitem(ns, fy_intern("__annotations__"), d) < 0) {
            FY_XDECREF(d);
            goto error;
        }
        FY_DECREF(d);
    }
    DISPATCH();
}
L_EVAL_ANNOTATION: {
    /* the text of an annotation under `from __future__ import annotations`: its value where it
     * stands when that can be computed, else the text itself (see fy_c_annotation) */
    fy_obj *text = TOP();
    fy_obj *ns = f->locals ? f->locals : f->globals;
    fy_obj *acode =
        fy_compile_source(FY_STR_DATA(text), (size_t)FY_STR_LEN(text), "<annotation>", 1 | (ns != f->globals ? 4 : 0));
    fy_obj *v = acode ? fy_eval_code((fy_code *)acode, f->globals, ns) : NULL;
    FY_XDECREF(acode);
    if (v) {
        FY_DECREF(text);
        sp[-1] = v;
    } else fy_err_clear();
    DISPATCH();
}
L_PRINT_EXPR: {
    fy_obj *v = POP();
    FY_SETREF(f->result, v);
    DISPATCH();
}
L_CHECK_INTERRUPT:
    if (ip->interrupt && fy_check_interrupt() < 0) goto error;
    DISPATCH();
L_FOR_RANGE: {
    /* for T in range(...): scf.for while a kernel is traced (trace_scf.c), else CALL + GET_ITER */
    if (fy_trace_active()) {
        f->sp = (int)(sp - f->stack);
        int to = pc;
        int h = fy_trace_scf_for(f, pc - 1, arg, &to);
        pc = to;
        sp = f->stack + f->sp;
        if (h < 0) {
            reraise = h == -2;
            goto error;
        }
        if (h > 0) DISPATCH();
    }
    fy_obj *kw = arg & FY_FR_INIT ? POP() : NULL;
    fy_obj **base = sp - (arg & 0xf) - (kw != NULL) - 1;
    fy_obj *r = fy_call(base[0], base + 1, (size_t)(arg & 0xf), kw);
    FY_XDECREF(kw);
    while (sp > base) {
        fy_obj *v = POP();
        FY_DECREF(v);
    }
    if (!r) goto error;
    fy_obj *it = fy_iter(r);
    FY_DECREF(r);
    if (!it) goto error;
    PUSH(it);
    DISPATCH();
}
L_SCF_YIELD: {
    /* yield in a range(..., init=) loop: scf.yield (trace_scf.c) */
    fy_obj *v = POP();
    f->sp = (int)(sp - f->stack);
    fy_obj *r = fy_trace_scf_yield(f, v, arg);
    FY_DECREF(v);
    if (!r) goto error;
    PUSH(r);
    DISPATCH();
}
L_REGION_END:
    /* the end of an instruction range run by the tracer (patched in; see code.h) */
    pc--;
    retval = &fy_vm_region_end;
    goto exit_frame;

error: {
    fy_obj *exc = fy_err_occurred();
    if (!exc) {
        fy_err_set(&fy_SystemError, "error return without exception set");
        exc = fy_err_occurred();
    }
    if (!reraise) {
        if (ip->handled && ip->handled != exc && fy_isinstance_of(exc, &fy_BaseException)) {
            fy_exc *e = (fy_exc *)exc;
            if (!e->context) {
                /* avoid cycles in the context chain */
                fy_obj *c = ip->handled;
                bool cyc = false;
                int64_t walked = 0;
                for (fy_obj *x = c; x; x = ((fy_exc *)x)->context, walked++)
                    if (x == exc) {
                        cyc = true;
                        break;
                    }
                if (!cyc) e->context = fy_ref(c);
                ip->steps_left -= walked; /* long chains cost steps: the budget bounds the work */
            }
        }
        fy_exc_add_tb(exc, &co->h, f->cur);
    }
    reraise = false;
    while (f->nblock > f->nblock_base) {
        fy_block *b = &f->blocks[--f->nblock];
        fy_obj **lvl = f->stack + b->level;
        if (b->type == FY_BLOCK_HANDLER) {
            while (sp > lvl + 1) {
                fy_obj *v = POP();
                FY_XDECREF(v);
            }
            if (sp > lvl) {
                fy_obj *prev = POP();
                fy_obj *old = ip->handled;
                ip->handled = prev == fy_None ? NULL : prev;
                if (prev == fy_None) FY_DECREF(prev);
                FY_XDECREF(old);
            }
            continue;
        }
        while (sp > lvl) {
            fy_obj *v = POP();
            FY_XDECREF(v);
        }
        int handler = b->handler, level = b->level;
        fy_obj *e = fy_err_fetch();
        PUSH(ip->handled ? ip->handled : fy_ref(fy_None));
        ip->handled = fy_ref(e);
        PUSH(e);
        fy_block *h = &f->blocks[f->nblock++];
        h->type = FY_BLOCK_HANDLER;
        h->handler = 0;
        h->level = level;
        pc = handler;
        DISPATCH();
    }
    while (sp > f->stack) {
        fy_obj *v = POP();
        FY_XDECREF(v);
    }
    retval = NULL;
    goto exit_frame;
}

exit_frame:
    f->sp = (int)(sp - f->stack);
    f->ip = pc;
    f->running = false;
    ip->frame = f->back;
    fy_leave_recursive();
    return retval;
}
