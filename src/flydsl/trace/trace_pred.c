/* trace_pred.c - predicated copies: fx.copy(atom, src, dst, pred=p) and fx.copy_atom_call(atom, src, dst,
 * pred=None). A copy of n elements with an atom of v values makes n / v atom invocations: invocation k moves
 * the elements whose column-major index is in [k*v, (k+1)*v) (partitions are ((AtomV,RestV),Rest...), so
 * these are one atom's values). The predicate tensor holds either one Boolean per invocation
 * (partition_S(cC)[(0, None), None, None] style) or one per element (partition_S(cC) style). Kernel tensors and
 * buffer tensors with static layouts are copied with the atom value and fly.copy / fly.copy_atom_call (FlyDSL's
 * IR); a register tensor of one Boolean per invocation becomes the call's predicate operand, as in FlyDSL. Other
 * predicates guard pieces with scf.if, so masked elements are never touched: an invocation under a
 * per-invocation predicate is one fly.copy_atom_call on its slices when the tensor's first mode is the atom,
 * element by element otherwise; per-element predicates guard each element. Buffer tensors over dynamic layouts
 * move element by element through the resource; a static piece of one (a thread's partition of a torch argument)
 * is copied with the atom. */
#include <stdio.h>
#include <string.h>

#include "flydsl/api/dsl.h"
#include "flydsl/trace/trace_int.h"

#define U(x) ((unsigned long long)(x))

/* trace_copy.c: the atom value and a copy op over it; trace_buffer.c: a buffer tensor as a memref value. */

/* The copy's atom value (a: 0 when an operand has no memref value: the copy then moves elements). */
typedef struct atomv_ssa {
    uint64_t a;
    char ty[160];
    int one;
} atomv_ssa;

/* Has o a memref value for atom calls: a kernel tensor, or a buffer tensor with a static layout? */
static int has_view(fy_obj *o) {
    if (FY_TTENSOR_CHECK(o)) return 1;
    return fy_trace_is_buffer(o) && fly_layout_is_static(fy_trace_buffer_layout(o, NULL));
}

/* The atom call on src and dst (kernel or buffer tensors with has_view), with FlyDSL's predicate operand when pred
 * is not NULL (a register tensor of one Boolean per invocation); 0 or -1 with an exception. */
static int atom_call(const atomv_ssa *ac, int one, fy_obj *src, fy_obj *dst, fy_ttensor *pred) {
    fy_tracer *tr = fy_trace_cur();
    uint64_t v[2];
    char ty[2][800];
    fy_obj *o[2] = {src, dst};
    for (int i = 0; i < 2; i++) {
        if (FY_TTENSOR_CHECK(o[i])) {
            v[i] = ((fy_ttensor *)o[i])->ssa;
            snprintf(ty[i], sizeof ty[i], "%s", ((fy_ttensor *)o[i])->ty);
        } else {
            int r = fy_trace_buffer_memref(o[i], &v[i], ty[i], sizeof ty[i]);
            if (r <= 0) {
                if (!r) fy_err_set(&fy_RuntimeError, "copy: internal error: a buffer tensor without a memref view");
                return -1;
            }
        }
    }
    if (pred) {
        fy_trace_emit(tr, "      \"fly.%s\"(%%%llu, %%%llu, %%%llu, %%%llu) : (%s, %s, %s, %s) -> ()",
                      one ? "copy_atom_call" : "copy", U(ac->a), U(v[0]), U(v[1]), U(pred->ssa), ac->ty, ty[0], ty[1],
                      pred->ty);
        fy_trace_end_line(tr);
    } else {
        fy_trace_copy_call(tr, ac->a, ac->ty, one, v[0], ty[0], v[1], ty[1]);
    }
    return tr->failed ? (fy_err_nomem(), -1) : 0;
}

static int size_of(const fly_layout *L, int64_t *n) {
    fly_error err;
    if (fly_layout_size_static(L, n, &err)) {
        fy_dsl_raise(&err);
        return -1;
    }
    return 0;
}

/* Leaves of shape in preorder (static sizes); count or -1. */
static int shape_leaves(const fly_inttuple *s, int64_t *out) {
    int n = 0;
    for (int i = 0; i < fly_inttuple_nodes(s); i++) {
        if (s->n[i].kind == FLY_IT_TUPLE) continue;
        if (s->n[i].kind != FLY_IT_INT) {
            fy_err_set(&fy_NotImplementedError, "copy with pred=: tensors with dynamic shapes are not supported yet");
            return -1;
        }
        out[n++] = s->n[i].v;
    }
    return n;
}

/* A Python key shaped like s for column-major element index idx; with none_first the first leaf is None and
 * idx counts over the other leaves. */
static fy_obj *key_node(const fly_inttuple *s, const fly_itnode *nd, int64_t *idx, int *first) {
    if (nd->kind == FLY_IT_TUPLE) {
        fy_obj *t = fy_tuple_new(nd->n);
        if (!t) return NULL;
        for (int i = 0; i < nd->n; i++) {
            fy_obj *c = key_node(s, fly_itnode_child(nd, i), idx, first);
            if (!c) {
                for (int j = i; j < nd->n; j++) fy_tuple_set_steal(t, (size_t)j, fy_none());
                FY_DECREF(t);
                return NULL;
            }
            fy_tuple_set_steal(t, (size_t)i, c);
        }
        return t;
    }
    if (*first) { /* the atom's mode: kept whole */
        *first = 0;
        return fy_none();
    }
    int64_t n = nd->v > 0 ? nd->v : 1;
    int64_t c = *idx % n;
    *idx /= n;
    return fy_int_from(c);
}
static fy_obj *key_for(const fly_inttuple *s, int64_t idx, int none_first) {
    int first = none_first;
    return key_node(s, &s->n[0], &idx, &first);
}

/* The i1 SSA value of predicate element i (pred a register tensor), or of a scalar predicate. 1: a static
 * value (*stat set), 0: *ssa set, -1 error. */
static int pred_value(fy_tracer *tr, fy_obj *pred, int64_t i, uint64_t *ssa, int *stat) {
    fy_obj *v;
    if (FY_TTENSOR_CHECK(pred)) {
        fy_obj *key = key_for(&((fy_ttensor *)pred)->L.shape, i, 0);
        if (!key) return -1;
        v = FY_TYPE(pred)->getitem(pred, key);
        FY_DECREF(key);
        if (!v) return -1;
    } else {
        v = fy_ref(pred);
    }
    int r;
    if (v == fy_True || v == fy_False || FY_INT_CHECK(v) || (FY_DSL_NUM_CHECK(v) && ((fy_dsl_num *)v)->is_static)) {
        int t = fy_truthy(v);
        *stat = t;
        r = t < 0 ? -1 : 1;
    } else if (FY_DSL_NUM_CHECK(v)) {
        r = fy_trace_value_as(tr, v, &fy_dsl_t_bool, ssa) < 0 ? -1 : 0;
    } else {
        fy_err_format(&fy_TypeError, "copy: pred must be a Boolean tensor or value, not '%s'", fy_type_name(v));
        r = -1;
    }
    FY_DECREF(v);
    return r;
}

/* A copy operand: a kernel tensor or a buffer tensor (element access through getitem / setitem). */
typedef struct opnd {
    fy_obj *o;
    const fly_layout *L;
    fy_dsl_numeric *et;
} opnd;

static int opnd_of(fy_obj *o, opnd *r) {
    r->o = o;
    if (FY_TTENSOR_CHECK(o)) {
        r->L = &((fy_ttensor *)o)->L;
        r->et = ((fy_ttensor *)o)->et;
        return 0;
    }
    if (fy_trace_is_buffer(o)) {
        r->L = fy_trace_buffer_layout(o, &r->et);
        return 0;
    }
    fy_err_format(&fy_TypeError, "copy: expected a kernel tensor, not '%s'", fy_type_name(o));
    return -1;
}

/* Moves elements [k*v, (k+1)*v) of src to dst: one atom call on the slices when the first leaf of both shapes is
 * v, else element by element. */
static int move_piece(opnd *src, opnd *dst, int64_t k, int64_t v, int vec, const atomv_ssa *ac) {
    if (vec) {
        fy_obj *ks = key_for(&src->L->shape, k, 1), *kd = ks ? key_for(&dst->L->shape, k, 1) : NULL;
        fy_obj *sv = kd ? FY_TYPE(src->o)->getitem(src->o, ks) : NULL;
        fy_obj *dv = sv ? FY_TYPE(dst->o)->getitem(dst->o, kd) : NULL;
        fy_obj *x = NULL, *r = NULL;
        if (dv && ac->a && has_view(sv) && has_view(dv)) {
            r = atom_call(ac, 1, sv, dv, NULL) < 0 ? NULL : fy_none();
        } else {
            x = dv ? fy_trace_tensor_load((fy_ttensor *)sv) : NULL;
            r = x ? fy_trace_tensor_store((fy_ttensor *)dv, x) : NULL;
        }
        FY_XDECREF(ks);
        FY_XDECREF(kd);
        FY_XDECREF(sv);
        FY_XDECREF(dv);
        FY_XDECREF(x);
        if (!r) return -1;
        FY_DECREF(r);
        return 0;
    }
    for (int64_t e = k * v; e < (k + 1) * v; e++) {
        fy_obj *ks = key_for(&src->L->shape, e, 0), *kd = ks ? key_for(&dst->L->shape, e, 0) : NULL;
        fy_obj *x = kd ? FY_TYPE(src->o)->getitem(src->o, ks) : NULL;
        if (x && src->et != dst->et) { /* a copy of bits (same width): reinterpreted, not converted */
            fy_obj *arg = &dst->et->h;
            FY_SETREF(x, fy_call_method(x, "bitcast", &arg, 1));
        }
        int r = x ? FY_TYPE(dst->o)->setitem(dst->o, kd, x) : -1;
        FY_XDECREF(ks);
        FY_XDECREF(kd);
        FY_XDECREF(x);
        if (r < 0) return -1;
    }
    return 0;
}

/* Piece k (elements [k*v, (k+1)*v)) under predicate element pi (-1: no predicate). */
static int guarded_piece(fy_tracer *tr, opnd *src, opnd *dst, fy_obj *pred, int64_t pi, int64_t k, int64_t v, int vec,
                         const atomv_ssa *ac) {
    if (!pred) return move_piece(src, dst, k, v, vec, ac);
    uint64_t p = 0;
    int stat = 0;
    int r = pred_value(tr, pred, pi, &p, &stat);
    if (r < 0) return -1;
    if (r == 1) return stat ? move_piece(src, dst, k, v, vec, ac) : 0;
    fy_trace_emit(tr, "      scf.if %%%llu {\n", U(p));
    if (move_piece(src, dst, k, v, vec, ac) < 0) return -1;
    fy_trace_emit(tr, "      }");
    fy_trace_end_line(tr);
    return tr->failed ? (fy_err_nomem(), -1) : 0;
}

/* Can pieces of v values be sliced as one vector from t (its first shape leaf is v)? */
static int vec_ok(const opnd *t, int64_t v) {
    int64_t lv[FLY_IT_MAX_NODES];
    if (!has_view(t->o)) return 0;
    int n = shape_leaves(&t->L->shape, lv);
    if (n < 0) {
        fy_err_clear();
        return 0;
    }
    return n >= 1 && lv[0] == v && (n > 1 || fly_inttuple_is_leaf(&t->L->shape));
}

/* The whole copy, unguarded: the atom call (fly.copy_atom_call, or fly.copy for several invocations) for kernel
 * tensors, element moves otherwise. */
static fy_obj *move_all(opnd *src, opnd *dst, int64_t n, const atomv_ssa *ac) {
    if (ac->a) return atom_call(ac, ac->one, src->o, dst->o, NULL) < 0 ? NULL : fy_none();
    if (FY_TTENSOR_CHECK(src->o) && FY_TTENSOR_CHECK(dst->o) && src->et == dst->et) {
        fy_obj *x = fy_trace_tensor_load((fy_ttensor *)src->o);
        fy_obj *res = x ? fy_trace_tensor_store((fy_ttensor *)dst->o, x) : NULL;
        FY_XDECREF(x);
        return res;
    }
    return move_piece(src, dst, 0, n, 0, ac) < 0 ? NULL : fy_none();
}

/* Memory view o (size n < atomv values) seen as atomv contiguous values from its first element: what one atom call
 * moves (FlyDSL's copy hands the atom each view's first mode; the atom reads or writes its whole width from the
 * view's base, so a 1-element slice of a buffer or LDS tensor takes a 128-bit atom's 8 halves). A new reference,
 * NULL with an error for a register tensor (its values are only those it holds). */
static fy_obj *widen(fy_tracer *tr, const char *op, fy_obj *o, int64_t n, int64_t atomv) {
    fly_layout W;
    fy_obj *k = fy_int_from(atomv);
    int bad = !k || fy_dsl_to_layout(k, &W, 1, op, "layout") < 0;
    FY_XDECREF(k);
    if (bad) return NULL;
    if (fy_trace_is_buffer(o)) {
        fy_obj *sh = fy_trace_buffer_shadow(o);
        if (!sh) return fy_trace_buffer_with_layout(o, &W);
        return fy_trace_buffer_over(o, fy_trace_view(tr, (fy_ttensor *)sh, &W));
    }
    fy_ttensor *t = (fy_ttensor *)o;
    if (t->reg)
        return fy_err_format(&fy_ValueError, "%s: the atom moves %lld values but the register tensor holds %lld", op,
                             (long long)atomv, (long long)n);
    return fy_trace_view(tr, t, &W);
}

fy_obj *fy_trace_copy_pred(const char *op, int64_t atomv, fy_obj *so, fy_obj *dobj, fy_obj *pred, int one) {
    fy_tracer *tr = fy_trace_cur();
    if (!tr) return fy_err_format(&fy_RuntimeError, "fx.%s is only usable inside a kernel", op);
    opnd S, D, *src = &S, *dst = &D;
    if (opnd_of(so, &S) < 0 || opnd_of(dobj, &D) < 0) return NULL;
    int64_t ns, nd, np = 0, lv[FLY_IT_MAX_NODES];
    if (size_of(src->L, &ns) < 0 || size_of(dst->L, &nd) < 0) return NULL;
    if (atomv > 1 && (ns < atomv || nd < atomv) && (ns == atomv || ns < atomv) && (nd == atomv || nd < atomv) &&
        !(pred && FY_TTENSOR_CHECK(pred) && ns != nd)) {
        /* a view smaller than the atom: the atom moves its width from the view's base */
        fy_obj *ws = ns < atomv ? widen(tr, op, so, ns, atomv) : fy_ref(so);
        fy_obj *wd = ws && nd < atomv ? widen(tr, op, dobj, nd, atomv) : ws ? fy_ref(dobj) : NULL;
        fy_obj *r = wd ? fy_trace_copy_pred(op, atomv, ws, wd, pred, one) : NULL;
        FY_XDECREF(ws);
        FY_XDECREF(wd);
        return r;
    }
    if (ns != nd) {
        char a[256], b[256];
        fly_inttuple_print(&src->L->shape, a, sizeof a);
        fly_inttuple_print(&dst->L->shape, b, sizeof b);
        return fy_err_format(&fy_ValueError,
                             "%s: shape mismatch: source %s (%lld elements) and destination %s (%lld elements)", op, a,
                             (long long)ns, b, (long long)nd);
    }
    /* an atom copies bits: same-width element types of two views move through the atom unconverted (FlyDSL's
     * kernels store i32 bits from an f32 register tensor) */
    int bits_only = src->et != dst->et && src->et->width == dst->et->width;
    if (src->et != dst->et && !bits_only)
        return fy_err_format(&fy_TypeError, "%s: source holds %s but destination holds %s", op, src->et->name,
                             dst->et->name);
    if (atomv < 1 || ns % atomv)
        return fy_err_format(&fy_ValueError, "%s: %lld elements are not a whole number of %lld-value atoms", op,
                             (long long)ns, (long long)atomv);
    if (one && ns != atomv)
        return fy_err_format(&fy_ValueError,
                             "copy_atom_call: the atom moves %lld value%s but the tensors hold %lld (use fx.copy for "
                             "several atoms)",
                             (long long)atomv, atomv == 1 ? "" : "s", (long long)ns);
    if (shape_leaves(&src->L->shape, lv) < 0 || shape_leaves(&dst->L->shape, lv) < 0) return NULL;
    int64_t natoms = ns / atomv;
    int per_elem = 0;
    if (pred && FY_TTENSOR_CHECK(pred)) {
        if (size_of(&((fy_ttensor *)pred)->L, &np) < 0) return NULL;
        if (np == ns && np != natoms) per_elem = 1;
        else if (np != natoms && natoms == ns)
            return fy_err_format(&fy_ValueError, "%s: pred has %lld elements; expected one per atom (%lld)", op,
                                 (long long)np, (long long)natoms);
        else if (np != natoms)
            return fy_err_format(&fy_ValueError,
                                 "%s: pred has %lld elements; expected one per atom (%lld) or one per element (%lld)",
                                 op, (long long)np, (long long)natoms, (long long)ns);
    } else if (pred && natoms != 1 && !(pred == fy_True || pred == fy_False || FY_DSL_NUM_CHECK(pred))) {
        return fy_err_format(&fy_TypeError, "%s: pred must be a Boolean tensor, not '%s'", op, fy_type_name(pred));
    }
    int scalar_pred = pred && !FY_TTENSOR_CHECK(pred);
    int vec = atomv > 1 && src->et == dst->et && vec_ok(src, atomv) && vec_ok(dst, atomv);
    /* FlyDSL's form: a register tensor of one Boolean per invocation is the call's predicate operand */
    fy_ttensor *pt = pred && !scalar_pred && !per_elem && np == natoms ? (fy_ttensor *)pred : NULL;
    if (pt && !(pt->et == &fy_dsl_t_bool && pt->reg == FY_SP_REG && fly_layout_is_static(&pt->L))) pt = NULL;
    atomv_ssa ac = {0, "", one};
    /* the atom value, made only when a call will use it (before any scf.if, so every guard sees it) */
    int need = !pred || scalar_pred || (!per_elem && (natoms == 1 || pt || vec));
    if (need && !bits_only && has_view(so) && has_view(dobj)) /* buffer tensors make it a buffer atom */
        ac.a = fy_trace_copy_atom(tr, (int)(atomv * src->et->width), fy_trace_is_buffer(so) || fy_trace_is_buffer(dobj),
                                  src->et, ac.ty, sizeof ac.ty);
    if (ac.a && pt) return atom_call(&ac, one, so, dobj, pt) < 0 ? NULL : fy_none();
    if (scalar_pred || (pred && natoms == 1 && !per_elem)) {
        /* one guard around the whole copy */
        uint64_t p = 0;
        int stat = 0, r = pred_value(tr, pred, 0, &p, &stat);
        if (r < 0) return NULL;
        if (r == 1 && !stat) return fy_none();
        if (r == 0) fy_trace_emit(tr, "      scf.if %%%llu {\n", U(p));
        fy_obj *res = move_all(src, dst, ns, &ac);
        if (!res) return NULL;
        if (r == 0) {
            fy_trace_emit(tr, "      }");
            fy_trace_end_line(tr);
        }
        return res;
    }
    if (!pred) return move_all(src, dst, ns, &ac);
    for (int64_t k = 0; k < natoms; k++) {
        if (per_elem) {
            for (int64_t e = 0; e < atomv; e++)
                if (guarded_piece(tr, src, dst, pred, k * atomv + e, k * atomv + e, 1, 0, &ac) < 0) return NULL;
        } else if (guarded_piece(tr, src, dst, pred, k, k, atomv, vec, &ac) < 0) {
            return NULL;
        }
    }
    return tr->failed ? fy_err_nomem() : fy_none();
}
