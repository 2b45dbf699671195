/* dsl_convert.c - Python values to lib/layout values and back, and lib/layout errors as exceptions. */
#include <string.h>

#include "flydsl/api/dsl.h"
#include "flydsl/api/dsl_numeric.h"
#include "flydsl/trace/trace.h"
#include "flydsl/mlir/mlir.h"

fy_obj *fy_dsl_raise(const fly_error *err) {
    fy_type *t = &fy_ValueError;
    if (err->code == FLY_E_OVERFLOW) t = &fy_OverflowError;
    return fy_err_set(t, err->message[0] ? err->message : fly_status_name(err->code));
}

int fy_dsl_int_value(fy_obj *o, int64_t *out, const char *what) {
    if (!FY_INT_IS_BIG(o)) {
        *out = FY_INT_VAL(o);
        return 0;
    }
    fy_obj *bl = fy_call_method(o, "bit_length", NULL, 0);
    if (!bl) return -1;
    fy_err_format(&fy_OverflowError, "%s: Python int too large for a 64-bit integer (a %lld-bit value)", what,
                  (long long)FY_INT_VAL(bl));
    FY_DECREF(bl);
    return -1;
}

static int add_py(fly_itbuilder *b, fy_obj *o, int allow_none, const char *op, const char *what, int depth) {
    fy_obj *iv;
    if (depth > FLY_IT_MAX_DEPTH) {
        fy_err_format(&fy_ValueError, "%s: %s is nested too deeply", op, what);
        return -1;
    }
    if (FY_INT_CHECK(o)) {
        int64_t v;
        if (fy_dsl_int_value(o, &v, op) < 0) return -1;
        fly_itb_leaf(b, fly_itnode_int(v));
    } else if (FY_TUPLE_CHECK(o) || FY_LIST_CHECK(o)) {
        size_t n;
        fy_obj **items = fy_seq_items(o, &n);
        fly_itb_open(b);
        for (size_t i = 0; i < n; i++)
            if (add_py(b, items[i], allow_none, op, what, depth + 1) < 0) return -1;
        fly_itb_close(b);
    } else if (fy_isinstance_of(o, &fy_dsl_inttuple_type)) {
        fly_itb_subtree(b, &((fy_dsl_inttuple *)o)->t.n[0]);
    } else if (fy_isinstance_of(o, &fy_dsl_basis_type)) {
        fly_itb_leaf(b, ((fy_dsl_basis *)o)->n);
    } else if (o == fy_None && allow_none) {
        fly_itb_leaf(b, fly_itnode_none());
    } else if (FY_DSL_NUM_CHECK(o) && FY_DSL_IS_INTLIKE(((fy_dsl_num *)o)->dt)) {
        /* a DSL integer: static, or (inside a kernel trace) a leaf bound to its runtime value */
        fly_itnode leaf;
        int k = fy_trace_num_leaf(o, &leaf);
        if (k < 0) return -1;
        if (k == 0) {
            fy_err_format(&fy_TypeError, "%s: %s: a runtime %s is only usable inside its kernel's trace", op, what,
                          fy_type_name(o));
            return -1;
        }
        fly_itb_leaf(b, leaf);
    } else if (!FY_DSL_NUM_CHECK(o) && (iv = fy_mlir_as_numeric(o)) != NULL) {
        /* an ir.Value of an integer type (flydsl._mlir: a block argument, an op result): its DSL integer */
        int r = FY_DSL_IS_INTLIKE(((fy_dsl_num *)iv)->dt) ? add_py(b, iv, allow_none, op, what, depth) : 1;
        FY_DECREF(iv);
        if (r <= 0) return r;
        fy_err_format(&fy_TypeError, "%s: %s must be an integer value, not a float", op, what);
        return -1;
    } else {
        fy_err_format(&fy_TypeError, "%s: %s must be an int, a tuple of ints%s or an IntTuple, not '%s'", op, what,
                      allow_none ? ", None" : "", fy_type_name(o));
        return -1;
    }
    return 0;
}

int fy_dsl_to_inttuple(fy_obj *o, fly_inttuple *out, int allow_none, const char *op, const char *what) {
    if (fy_isinstance_of(o, &fy_dsl_inttuple_type)) {
        fly_inttuple_copy(out, &((fy_dsl_inttuple *)o)->t);
        return 0;
    }
    fly_itbuilder b;
    fly_error err;
    fly_itb_init(&b, out);
    if (add_py(&b, o, allow_none, op, what, 0) < 0) return -1;
    if (fly_itb_finish(&b, &err)) {
        fy_err_format(&fy_ValueError, "%s: %s: %s", op, what, err.message);
        return -1;
    }
    return 0;
}

int fy_dsl_to_layout(fy_obj *o, fly_layout *out, int allow_int, const char *op, const char *what) {
    if (fy_isinstance_of(o, &fy_dsl_layout_type)) {
        fly_layout_copy(out, &((fy_dsl_layout *)o)->L);
        return 0;
    }
    if (allow_int && FY_INT_CHECK(o)) {
        fly_inttuple s, d;
        fly_error err;
        int64_t v;
        if (fy_dsl_int_value(o, &v, op) < 0) return -1;
        fly_inttuple_int(&s, v);
        fly_inttuple_int(&d, 1);
        if (fly_layout_make(out, &s, &d, &err)) {
            fy_err_format(&fy_ValueError, "%s: %s: %s", op, what, err.message);
            return -1;
        }
        return 0;
    }
    fy_err_format(&fy_TypeError, "%s: %s must be a Layout%s, not '%s'", op, what, allow_int ? " or an int" : "",
                  fy_type_name(o));
    return -1;
}

static int add_tile(fly_tile_builder *b, fy_obj *o, const char *op, const char *what, int depth) {
    if (depth > FLY_TILE_MAX_DEPTH) {
        fy_err_format(&fy_ValueError, "%s: %s is nested too deeply", op, what);
        return -1;
    }
    if (FY_INT_CHECK(o)) {
        int64_t v;
        if (fy_dsl_int_value(o, &v, op) < 0) return -1;
        fly_tile_add_int(b, v);
    } else if (o == fy_None) fly_tile_add_none(b);
    else if (fy_isinstance_of(o, &fy_dsl_layout_type)) fly_tile_add_layout(b, &((fy_dsl_layout *)o)->L);
    else if (fy_isinstance_of(o, &fy_dsl_inttuple_type) && fly_inttuple_is_leaf(&((fy_dsl_inttuple *)o)->t) &&
             ((fy_dsl_inttuple *)o)->t.n[0].kind == FLY_IT_INT)
        fly_tile_add_int(b, ((fy_dsl_inttuple *)o)->t.n[0].v);
    else if (FY_TUPLE_CHECK(o) || FY_LIST_CHECK(o)) {
        size_t n;
        fy_obj **items = fy_seq_items(o, &n);
        fly_tile_open(b);
        for (size_t i = 0; i < n; i++)
            if (add_tile(b, items[i], op, what, depth + 1) < 0) return -1;
        fly_tile_close(b);
    } else {
        fy_err_format(&fy_TypeError, "%s: %s entries must be ints, Layouts, None or tuples, not '%s'", op, what,
                      fy_type_name(o));
        return -1;
    }
    return 0;
}

int fy_dsl_to_tile(fy_obj *o, fly_tile *out, const char *op, const char *what) {
    if (fy_isinstance_of(o, &fy_dsl_tile_type)) {
        memcpy(out, &((fy_dsl_tile *)o)->t, sizeof *out);
        return 0;
    }
    if (!FY_TUPLE_CHECK(o) && !FY_LIST_CHECK(o)) {
        fy_err_format(&fy_TypeError, "%s: %s must be a Tile or a tuple, not '%s'", op, what, fy_type_name(o));
        return -1;
    }
    fly_tile_builder b;
    fly_error err;
    fly_tile_builder_init(&b, out);
    size_t n;
    fy_obj **items = fy_seq_items(o, &n);
    for (size_t i = 0; i < n; i++)
        if (add_tile(&b, items[i], op, what, 1) < 0) return -1;
    if (fly_tile_finish(&b, &err)) {
        fy_err_format(&fy_ValueError, "%s: %s: %s", op, what, err.message);
        return -1;
    }
    return 0;
}

int fy_dsl_to_int(fy_obj *o, int64_t *out, const char *op, const char *what) {
    if (FY_INT_CHECK(o)) return fy_dsl_int_value(o, out, op);
    if (fy_isinstance_of(o, &fy_dsl_inttuple_type)) {
        const fly_inttuple *t = &((fy_dsl_inttuple *)o)->t;
        if (t->n[0].kind == FLY_IT_INT) {
            *out = t->n[0].v;
            return 0;
        }
    }
    fy_err_format(&fy_TypeError, "%s: %s must be an int, not '%s'", op, what, fy_type_name(o));
    return -1;
}

static fy_obj *node_to_py(const fly_itnode *n) {
    switch (n->kind) {
    case FLY_IT_TUPLE: {
        fy_obj *t = fy_tuple_new(n->n);
        if (!t) return NULL;
        for (int i = 0; i < n->n; i++) {
            fy_obj *c = node_to_py(fly_itnode_child(n, i));
            if (!c) {
                for (int j = i; j < n->n; j++) fy_tuple_set_steal(t, (size_t)j, fy_none());
                FY_DECREF(t);
                return NULL;
            }
            fy_tuple_set_steal(t, (size_t)i, c);
        }
        return t;
    }
    case FLY_IT_INT: return fy_int_from(n->v);
    case FLY_IT_BASIS: return fy_dsl_basis_new(n);
    case FLY_IT_NONE: return fy_none();
    case FLY_IT_DYN:
        /* a leaf read inside a kernel trace (its handle is the value's SSA number): Int32 / Int64 */
        if (n->v > 0)
            return fy_dsl_num_dynamic((n->flags & FLY_IT_F_I64) ? &fy_dsl_t_i64 : &fy_dsl_t_i32, (uint64_t)n->v);
        /* fall through */
    default: {
        fly_inttuple t;
        fly_inttuple_leaf(&t, *n);
        return fy_dsl_inttuple_new(&t);
    }
    }
}

fy_obj *fy_dsl_inttuple_to_py(const fly_inttuple *t) { return node_to_py(&t->n[0]); }
