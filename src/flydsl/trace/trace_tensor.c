/* trace_tensor.c - tensors inside a traced kernel: a tensor argument (a torch tensor, or a
 * flyc.from_dlpack adaptor, src/dsl/dsl_tensor_arg.c) becomes a !fly.memref<T, global, shape:stride>
 * parameter whose layout is static (the kernel is specialised on it) or dynamic (? extents, ?{i64}
 * strides: fly-rewrite-func-signature passes their values in a packed struct beside the pointer). A kernel
 * tensor (fy_ttensor: a memref SSA value plus its layout, global or register) supports element access
 * A[i] / A[i, j] / A[(i, j), k] (fly.make_coord + fly.memref.load / fly.memref.store) with static or
 * dynamic coordinates, slicing with None (fly.slice: the iterator advances by the fixed part's crd2idx),
 * .load() / .store(vec) / .fill(x), .layout / .shape / .stride / .dtype and print() in FlyDSL's
 * Tensor<f32, global, L> form.
 *
 * Dynamic leaves: the tensor's layout types them (handle 0); where values are needed (A.shape.unpack(),
 * a tiled copy's partition) they are read at that point of the trace (fy_trace_bind_layout) and lib/layout
 * computes derived leaves through a hook that emits the arith ops (fy_trace_dyn_begin / end). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flydsl/api/dsl.h"
#include "layout/fly_layout.h"
#include "torch/torch.h"
#include "flydsl/mlir/mlir.h"
#include "flydsl/trace/trace_int.h"

#define U(x) ((unsigned long long)(x))

void *fy_trace_tensor_data(fy_obj *o) {
    fy_dsl_targ_spec sp;
    if (fy_dsl_targ_spec_of(o, 0, &sp) <= 0) {
        fy_err_clear();
        return NULL;
    }
    fy_torch_tensor *t = sp.t;
    return fy_torch_device_data(t);
}

int fy_trace_tensor_on_device(fy_obj *o) {
    fy_dsl_targ_spec sp;
    if (fy_dsl_targ_spec_of(o, 0, &sp) <= 0) {
        fy_err_clear();
        return -1;
    }
    return sp.t->st->dptr != NULL;
}

int fy_trace_tensor_on_cpu(fy_obj *o) {
    fy_dsl_targ_spec sp;
    if (fy_dsl_targ_spec_of(o, 0, &sp) <= 0) {
        fy_err_clear();
        return 0;
    }
    return sp.t->st->dev.type != 1;
}

int fy_trace_tensor_encode(fy_obj *arg, int argi, fy_trace_param *p) {
    fy_dsl_targ_spec sp;
    int r = fy_dsl_targ_spec_of(arg, argi, &sp);
    if (r <= 0) return r;
    if (sp.ndim > FY_TP_MAXDIM) {
        fy_err_format(&fy_NotImplementedError, "kernel argument %d: tensors of more than %d dims are not supported",
                      argi, FY_TP_MAXDIM);
        return -1;
    }
    p->ndim = sp.ndim; /* 0 for a host view (its layout is static and part of the cache key) */
    p->s32 = sp.s32;
    p->dyn = 0;
    for (int i = 0; i < sp.ndim; i++) {
        p->enc[0][i] = sp.shape_div[i] ? -(int64_t)sp.shape_div[i] : sp.t->shape[i];
        p->enc[1][i] = sp.stride_div[i] ? -(int64_t)sp.stride_div[i] : sp.t->stride[i];
        p->dyn |= sp.shape_div[i] || sp.stride_div[i];
    }
    return 1;
}

/* A 0-dim tensor enters as a one-element tensor with the static layout 1:1 (t[0] is its value). */
fy_obj *fy_trace_tensor_param(fy_tracer *tr, int argi, fy_obj *arg, fy_obj *ann) {
    (void)ann;
    fy_dsl_targ_spec sp;
    int ok = fy_dsl_targ_spec_of(arg, argi, &sp);
    if (ok <= 0) return NULL;
    fy_torch_tensor *t = sp.t;
    fy_dsl_numeric *et = fy_dsl_numeric_of_dtype(t->dtype);
    if (!et)
        return fy_err_format(&fy_NotImplementedError, "kernel argument %d: tensors of dtype %s are not supported yet",
                             argi, fy_torch_dtype_name(t->dtype));
    if (t->st->dev.type != 1 && !fy_dsl_compile_only()) /* compiling only, as FlyDSL: any tensor can be traced */
        return fy_err_format(&fy_TypeError,
                             "kernel argument %d: the tensor is on the CPU; create it with device=\"cuda\"", argi);
    fy_trace_param p = {.kind = FY_TP_TENSOR, .argi = argi, .t = et};
    if (fy_trace_tensor_encode(arg, argi, &p) < 0) return NULL;
    fly_layout L;
    fly_error err;
    fy_dsl_targ_layout(&sp, &L); /* a 1-D tensor gives a leaf, not a 1-tuple: 16:1 */
    if (fly_layout_check(&L, &err)) return fy_dsl_raise(&err);
    char ty[640];
    fy_ttensor_type_text(ty, sizeof ty, et, 0, &L);
    uint64_t ssa = fy_trace_add_param(tr, ty, p);
    return fy_ttensor_new(ssa, et, 0, &L);
}

/* ---- dynamic leaves as SSA values ---- */

/* Emits an integer constant of the given width; its SSA handle. */
static uint64_t emit_iconst(fy_tracer *tr, int64_t v, int wide) {
    uint64_t r = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = arith.constant %lld : %s", U(r), (long long)v, wide ? "i64" : "i32");
    fy_trace_end_line(tr);
    return r;
}

/* Leaf n as an SSA value of width wide (constants for static leaves, extsi for narrower ones). */
static uint64_t leaf_value(fy_tracer *tr, const fly_itnode *n, int wide) {
    if (n->kind == FLY_IT_INT) return emit_iconst(tr, n->v, wide);
    int nw = (n->flags & FLY_IT_F_I64) != 0;
    if (nw == wide) return (uint64_t)n->v;
    uint64_t r = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = arith.%s %%%llu : %s to %s", U(r), wide ? "extsi" : "trunci", U(n->v),
                  nw ? "i64" : "i32", wide ? "i64" : "i32");
    fy_trace_end_line(tr);
    return r;
}

/* lib/layout's hook while the tracer computes with bound leaves: arith ops in the kernel body. */
static uint64_t trace_dyn_hook(void *user, fly_dynop op, const fly_itnode *a, const fly_itnode *b,
                               const fly_itnode *res) {
    fy_tracer *tr = user;
    const fly_itnode *ops[2] = {a, b};
    for (int i = 0; i < 2; i++)
        if (ops[i]->kind != FLY_IT_INT && (ops[i]->kind != FLY_IT_DYN || ops[i]->v <= 0)) return 0;
    int wide = (res->flags & FLY_IT_F_I64) != 0;
    const char *ty = wide ? "i64" : "i32";
    uint64_t x = leaf_value(tr, a, wide), y = leaf_value(tr, b, wide), r;
    if (op == FLY_DYN_CEIL_DIV) { /* (x + y - 1) / y: extents are positive */
        uint64_t one = emit_iconst(tr, 1, wide), t1 = fy_trace_new_ssa(tr), t2 = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = arith.addi %%%llu, %%%llu : %s", U(t1), U(x), U(y), ty);
        fy_trace_end_line(tr);
        fy_trace_emit(tr, "      %%%llu = arith.subi %%%llu, %%%llu : %s", U(t2), U(t1), U(one), ty);
        fy_trace_end_line(tr);
        x = t2;
        op = FLY_DYN_DIV;
    }
    static const char *const names[] = {"addi", "subi", "muli", "divsi", "divsi", "remsi", "minsi", "maxsi"};
    r = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = arith.%s %%%llu, %%%llu : %s", U(r), names[op], U(x), U(y), ty);
    fy_trace_end_line(tr);
    return r;
}

void fy_trace_dyn_begin(fy_tracer *tr, fy_trace_dynsave *save) {
    save->fn = fly_layout_set_dyn_hook(trace_dyn_hook, tr, &save->user);
}

void fy_trace_dyn_end(fy_trace_dynsave *save) { fly_layout_set_dyn_hook(save->fn, save->user, NULL); }

/* Binds the dynamic leaves of part (the type of SSA value tup, text tty) to values extracted here. */
static void bind_part(fy_tracer *tr, fly_inttuple *part, uint64_t tup, const char *tty) {
    int nodes = fly_inttuple_nodes(part);
    for (int i = 0; i < nodes; i++) {
        fly_itnode *nd = &part->n[i];
        if (nd->kind != FLY_IT_DYN) continue;
        int wide = (nd->flags & FLY_IT_F_I64) != 0;
        uint64_t leaf = tup;
        if (!fly_inttuple_is_leaf(part)) {
            /* a coordinate with "*" at this leaf and 0 elsewhere slices it out */
            fly_inttuple c, r;
            fly_error err;
            fly_inttuple_copy(&c, part);
            for (int j = 0; j < nodes; j++)
                if (c.n[j].kind != FLY_IT_TUPLE) c.n[j] = j == i ? fly_itnode_none() : fly_itnode_int(0);
            if (fly_inttuple_slice(&c, part, &r, &err)) continue;
            char ct[512], rt[64];
            fly_inttuple_print(&c, ct, sizeof ct);
            fly_inttuple_print(&r, rt, sizeof rt);
            uint64_t cv = fy_trace_new_ssa(tr);
            fy_trace_emit(tr, "      %%%llu = \"fly.make_coord\"() : () -> !fly.int_tuple<%s>", U(cv), ct);
            fy_trace_end_line(tr);
            leaf = fy_trace_new_ssa(tr);
            fy_trace_emit(
                tr, "      %%%llu = \"fly.slice\"(%%%llu, %%%llu) : (%s, !fly.int_tuple<%s>) -> !fly.int_tuple<%s>",
                U(leaf), U(tup), U(cv), tty, ct, rt);
            fy_trace_end_line(tr);
            uint64_t v = fy_trace_new_ssa(tr);
            fy_trace_emit(tr, "      %%%llu = \"fly.get_scalar\"(%%%llu) : (!fly.int_tuple<%s>) -> %s", U(v), U(leaf),
                          rt, wide ? "i64" : "i32");
            fy_trace_end_line(tr);
            nd->v = (int64_t)v;
        } else {
            uint64_t v = fy_trace_new_ssa(tr);
            fy_trace_emit(tr, "      %%%llu = \"fly.get_scalar\"(%%%llu) : (%s) -> %s", U(v), U(tup), tty,
                          wide ? "i64" : "i32");
            fy_trace_end_line(tr);
            nd->v = (int64_t)v;
        }
    }
}

/* Emits fly.get_shape / fly.get_stride of t; binds part p (0 shape, 1 stride) of L. */
static void bind_of(fy_tracer *tr, fy_ttensor *t, fly_layout *L, int p) {
    fly_inttuple *part = p ? &L->stride : &L->shape;
    if (fly_inttuple_is_static(part)) return;
    char tt[512];
    fly_inttuple_print(part, tt, sizeof tt);
    char tty[540];
    snprintf(tty, sizeof tty, "!fly.int_tuple<%s>", tt);
    uint64_t tup = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = \"fly.get_%s\"(%%%llu) : (%s) -> %s", U(tup), p ? "stride" : "shape", U(t->ssa),
                  t->ty, tty);
    fy_trace_end_line(tr);
    bind_part(tr, part, tup, tty);
}

int fy_trace_bind_layout(fy_tracer *tr, fy_ttensor *t, fly_layout *out, int parts) {
    fly_layout_copy(out, &t->L);
    if (parts & 1) bind_of(tr, t, out, 0);
    if (parts & 2) bind_of(tr, t, out, 1);
    if (tr->failed) {
        fy_err_nomem();
        return -1;
    }
    return 0;
}

/* fly.make_int_tuple of a tuple whose dynamic leaves are bound (or fly.static); -1 with an exception. */
static int tuple_ssa(fy_tracer *tr, const fly_inttuple *t, uint64_t *out) {
    char tt[512];
    fly_inttuple_print(t, tt, sizeof tt);
    uint64_t vals[FLY_IT_MAX_NODES];
    int n = 0;
    for (int i = 0; i < fly_inttuple_nodes(t); i++)
        if (t->n[i].kind == FLY_IT_DYN) {
            if (t->n[i].v <= 0) {
                fy_err_format(&fy_NotImplementedError,
                              "a dynamic layout (%s) computed here has a leaf the tracer cannot "
                              "compute yet",
                              tt);
                return -1;
            }
            vals[n++] = (uint64_t)t->n[i].v;
        }
    *out = fy_trace_new_ssa(tr);
    if (!n) {
        fy_trace_emit(tr, "      %%%llu = \"fly.static\"() : () -> !fly.int_tuple<%s>", U(*out), tt);
    } else {
        fy_trace_emit(tr, "      %%%llu = \"fly.make_int_tuple\"(", U(*out));
        for (int i = 0; i < n; i++) fy_trace_emit(tr, "%s%%%llu", i ? ", " : "", U(vals[i]));
        fy_trace_emit(tr, ") : (");
        for (int i = 0, k = 0; i < fly_inttuple_nodes(t); i++)
            if (t->n[i].kind == FLY_IT_DYN)
                fy_trace_emit(tr, "%s%s", k++ ? ", " : "", (t->n[i].flags & FLY_IT_F_I64) ? "i64" : "i32");
        fy_trace_emit(tr, ") -> !fly.int_tuple<%s>", tt);
    }
    fy_trace_end_line(tr);
    return 0;
}

int fy_trace_tuple_ssa(fy_tracer *tr, const fly_inttuple *t, uint64_t *out) { return tuple_ssa(tr, t, out); }

int fy_trace_layout_ssa(fy_tracer *tr, const fly_layout *L, uint64_t *out) {
    if (fly_layout_is_static(L)) {
        *out = fy_trace_static_layout(tr, L);
        return 0;
    }
    uint64_t s, d;
    if (tuple_ssa(tr, &L->shape, &s) < 0 || tuple_ssa(tr, &L->stride, &d) < 0) return -1;
    char st[512], dt[512], lt[1100];
    fly_inttuple_print(&L->shape, st, sizeof st);
    fly_inttuple_print(&L->stride, dt, sizeof dt);
    fly_layout_print(L, lt, sizeof lt);
    *out = fy_trace_new_ssa(tr);
    fy_trace_emit(tr,
                  "      %%%llu = \"fly.make_layout\"(%%%llu, %%%llu) : (!fly.int_tuple<%s>, !fly.int_tuple<%s>) -> "
                  "!fly.layout<%s>",
                  U(*out), U(s), U(d), st, dt, lt);
    fy_trace_end_line(tr);
    return 0;
}

fy_obj *fy_trace_dyn_size(fy_obj *o) {
    fy_tracer *tr = fy_trace_cur();
    if (!tr || !FY_TTENSOR_CHECK(o) || fly_inttuple_is_static(&((fy_ttensor *)o)->L.shape)) return NULL;
    fy_ttensor *t = (fy_ttensor *)o;
    fly_inttuple n;
    fly_error err;
    if (fly_layout_size(&t->L, &n, &err)) return fy_dsl_raise(&err);
    char nt[64];
    fly_inttuple_print(&n, nt, sizeof nt);
    int wide = n.n[0].kind == FLY_IT_DYN && (n.n[0].flags & FLY_IT_F_I64);
    uint64_t s = fy_trace_new_ssa(tr), v = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = \"fly.size\"(%%%llu) : (%s) -> !fly.int_tuple<%s>", U(s), U(t->ssa), t->ty, nt);
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = \"fly.get_scalar\"(%%%llu) : (!fly.int_tuple<%s>) -> %s", U(v), U(s), nt,
                  wide ? "i64" : "i32");
    fy_trace_end_line(tr);
    if (tr->failed) return fy_err_nomem();
    if (n.n[0].kind == FLY_IT_DYN) n.n[0].v = (int64_t)v;
    return fy_dsl_inttuple_new(&n);
}

/* Handles are values of this trace only: the layout without them, for the tensor object. */
static void strip_handles(fly_layout *L) {
    fly_inttuple *parts[2] = {&L->shape, &L->stride};
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < fly_inttuple_nodes(parts[p]); i++)
            if (parts[p]->n[i].kind == FLY_IT_DYN) parts[p]->n[i].v = 0;
}

const char *fy_trace_space_name(int sp) {
    return sp == FY_SP_REG ? "register" : sp == FY_SP_SHARED ? "shared" : "global";
}

void fy_ttensor_type_text(char *buf, size_t cap, fy_dsl_numeric *et, int reg, const fly_layout *L) {
    char lt[512];
    fly_layout_print(L, lt, sizeof lt);
    snprintf(buf, cap, "!fly.memref<%s, %s, %s>", fy_trace_mlir_type(et), fy_trace_space_name(reg), lt);
}

fy_obj *fy_ttensor_new(uint64_t ssa, fy_dsl_numeric *et, int reg, const fly_layout *L) {
    if (fy_type_ready(&fy_ttensor_type) < 0) return NULL;
    fy_ttensor *v = (fy_ttensor *)fy_alloc(&fy_ttensor_type);
    if (!v) return NULL;
    v->ssa = ssa;
    v->et = et;
    v->reg = reg;
    v->swz = v->offdyn = 0;
    v->off = 0;
    fly_layout_copy(&v->L, L);
    strip_handles(&v->L);
    fy_ttensor_type_text(v->ty, sizeof v->ty, et, reg, L);
    return &v->h;
}

fy_obj *fy_ttensor_new_swz(uint64_t ssa, fy_dsl_numeric *et, int reg, const fly_layout *L, const fly_swizzle *sw,
                           int64_t off, int offdyn) {
    fly_composed *c = malloc(sizeof *c);
    fly_inttuple o;
    fly_error err;
    if (!c) return fy_err_nomem();
    if (offdyn) fly_inttuple_leaf(&o, fly_itnode_dyn(0, 1, 32));
    else fly_inttuple_int(&o, off);
    fly_layout S;
    fly_layout_copy(&S, L);
    strip_handles(&S);
    if (fly_composed_make_swizzle(c, sw, &o, &S, &err)) {
        free(c);
        return fy_dsl_raise(&err);
    }
    char ct[640];
    fly_composed_print(c, ct, sizeof ct);
    free(c);
    fy_ttensor *v = (fy_ttensor *)fy_ttensor_new(ssa, et, reg, L);
    if (!v) return NULL;
    v->swz = 1;
    v->sw = *sw;
    v->off = offdyn ? 0 : off;
    v->offdyn = offdyn;
    snprintf(v->ty, sizeof v->ty, "!fly.memref<%s, %s, %s>", fy_trace_mlir_type(et), fy_trace_space_name(reg), ct);
    return &v->h;
}

fy_obj *fy_ttensor_new_like(uint64_t ssa, const fy_ttensor *t, const fly_layout *L) {
    if (!t->swz) return fy_ttensor_new(ssa, t->et, t->reg, L);
    return fy_ttensor_new_swz(ssa, t->et, t->reg, L, &t->sw, t->off, t->offdyn);
}

/* The result of slicing swizzled tensor v by coordinate ct: the outer sliced, the offset moved by the fixed part
 * (static when both are, as the verifier infers it). */
static fy_obj *slice_swz(fy_ttensor *v, uint64_t r, const fly_inttuple *ct) {
    fly_layout S;
    fly_inttuple o, oc;
    fly_error err;
    if (fly_layout_slice(&v->L, ct, &S, &err)) return fy_dsl_raise(&err);
    int stat = !v->offdyn && fly_layout_slice_and_offset(&v->L, ct, &S, &o, &err) == FLY_OK;
    if (stat) {
        fly_inttuple_canonical(&o, &oc);
        stat = fly_inttuple_is_leaf(&oc) && oc.n[0].kind == FLY_IT_INT;
    }
    return fy_ttensor_new_swz(r, v->et, v->reg, &S, &v->sw, stat ? v->off + oc.n[0].v : 0, !stat);
}

/* Builds coordinate tuple b from a Python key: ints and static numerics are static leaves, dynamic
 * integers dynamic leaves (their i32 SSA handles in dyn[]), None the "*" leaf. */
static int key_build(fy_tracer *tr, fly_itbuilder *b, fy_obj *x, uint64_t *dyn, int *nd, int *nnone, int depth) {
    if (FY_TUPLE_CHECK(x)) {
        size_t n;
        fy_obj **items = fy_seq_items(x, &n);
        if (depth > 8 || n == 0) {
            fy_err_set(&fy_IndexError, "tensor coordinate: empty or too deeply nested tuple");
            return -1;
        }
        fly_itb_open(b);
        for (size_t i = 0; i < n; i++)
            if (key_build(tr, b, items[i], dyn, nd, nnone, depth + 1) < 0) return -1;
        fly_itb_close(b);
        return 0;
    }
    if (x == fy_None) {
        fly_itb_leaf(b, fly_itnode_none());
        ++*nnone;
        return 0;
    }
    if (fy_isinstance_of(x, &fy_dsl_inttuple_type)) {
        /* an IntTuple coordinate (fx.idx2crd, fx.make_coord): its leaves as ints and runtime integers */
        fy_obj *py = fy_dsl_inttuple_to_py(&((fy_dsl_inttuple *)x)->t);
        if (!py) return -1;
        int r = -1;
        if (fy_isinstance_of(py, &fy_dsl_inttuple_type)) {
            char buf[256];
            fy_err_format(&fy_TypeError, "tensor index IntTuple<%s> has a dynamic leaf whose value is not known here",
                          fly_inttuple_str(&((fy_dsl_inttuple *)x)->t, buf));
        } else if (FY_TUPLE_CHECK(py) && depth + 1 > 8) {
            fy_err_set(&fy_IndexError, "tensor coordinate: too deeply nested tuple");
        } else {
            r = key_build(tr, b, py, dyn, nd, nnone, depth + 1);
        }
        FY_DECREF(py);
        return r;
    }
    if (FY_INT_CHECK(x)) {
        int64_t v;
        if (fy_dsl_to_int(x, &v, "tensor index", "coordinate") < 0) return -1;
        fly_itb_leaf(b, fly_itnode_int(v));
        return 0;
    }
    if (!FY_DSL_NUM_CHECK(x)) {
        fy_obj *asnum = fy_mlir_as_numeric(x); /* an ir.Value index (flydsl._mlir ops): its numeric */
        if (asnum) {
            int r = key_build(tr, b, asnum, dyn, nd, nnone, depth);
            FY_DECREF(asnum);
            return r;
        }
        if (fy_err_occurred()) return -1;
        fy_err_format(&fy_TypeError, "tensor index must be an integer, None or a tuple, not '%s'", fy_type_name(x));
        return -1;
    }
    fy_dsl_num *v = (fy_dsl_num *)x;
    if (!FY_DSL_IS_INTLIKE(v->dt)) {
        fy_err_set(&fy_TypeError, "tensor index must be an integer value, not a float");
        return -1;
    }
    if (v->is_static) {
        fly_itb_leaf(b, fly_itnode_int(v->i));
        return 0;
    }
    if (*nd >= 32) {
        fy_err_set(&fy_IndexError, "tensor coordinate: too many dynamic leaves");
        return -1;
    }
    if (fy_trace_value_as(tr, x, &fy_dsl_t_i32, &dyn[*nd]) < 0) return -1;
    fly_itb_leaf(b, fly_itnode_dyn(dyn[*nd], 1, 32));
    ++*nd;
    return 0;
}

/* Emits fly.make_coord for key (checked against t's shape); its SSA handle, type text and tuple. */
static int coord_emit_L(fy_tracer *tr, const fly_layout *L, fy_obj *key, uint64_t *out, char *ty, size_t cap,
                        fly_inttuple *c, int *nnone) {
    fly_itbuilder b;
    fly_error err;
    uint64_t dyn[32];
    int nd = 0;
    *nnone = 0;
    fly_itb_init(&b, c);
    if (key_build(tr, &b, key, dyn, &nd, nnone, 0) < 0) return -1;
    if (fly_itb_finish(&b, &err)) {
        fy_dsl_raise(&err);
        return -1;
    }
    char ct[256], lt[512];
    fly_inttuple_print(c, ct, sizeof ct);
    if (!fly_inttuple_is_leaf(c) && !fly_inttuple_weakly_congruent(c, &L->shape)) {
        fly_layout_print(L, lt, sizeof lt);
        fy_err_format(&fy_IndexError, "coordinate %s does not match the tensor's shape (layout %s)", ct, lt);
        return -1;
    }
    if (fly_inttuple_is_leaf(c) && c->n[0].kind == FLY_IT_NONE && !fly_inttuple_is_leaf(&L->shape)) {
        fy_err_set(&fy_IndexError, "tensor[None] keeps every mode: use the tensor itself");
        return -1;
    }
    *out = fy_trace_new_ssa(tr);
    snprintf(ty, cap, "!fly.int_tuple<%s>", ct);
    fy_trace_emit(tr, "      %%%llu = \"fly.make_coord\"(", U(*out));
    for (int i = 0; i < nd; i++) fy_trace_emit(tr, "%s%%%llu", i ? ", " : "", U(dyn[i]));
    fy_trace_emit(tr, ") : (");
    for (int i = 0; i < nd; i++) fy_trace_emit(tr, "%si32", i ? ", " : "");
    fy_trace_emit(tr, ") -> %s", ty);
    fy_trace_end_line(tr);
    return 0;
}

int fy_trace_coord_emit(fy_tracer *tr, const fly_layout *L, fy_obj *key, uint64_t *out, char *ty, size_t cap,
                        fly_inttuple *c, int *nnone) {
    return coord_emit_L(tr, L, key, out, ty, cap, c, nnone);
}

static int coord_emit(fy_tracer *tr, fy_ttensor *t, fy_obj *key, uint64_t *out, char *ty, size_t cap, fly_inttuple *c,
                      int *nnone) {
    return coord_emit_L(tr, &t->L, key, out, ty, cap, c, nnone);
}

static fy_tracer *need_tracer(void) {
    fy_tracer *tr = fy_trace_cur();
    if (!tr) fy_err_set(&fy_RuntimeError, "a kernel tensor is only usable inside its kernel's trace");
    return tr;
}

/* A static 1-D index of a register tensor outside it: IndexError at trace time (dynamic ones are checked
 * by the emulator); 0 or -1. */
static int reg_static_check(const fy_ttensor *v, const fly_inttuple *c) {
    int64_t size;
    if (v->reg != FY_SP_REG || !fly_inttuple_is_leaf(c) || c->n[0].kind != FLY_IT_INT ||
        fly_inttuple_product_static(&v->L.shape, &size, NULL))
        return 0;
    if (c->n[0].v >= 0 && c->n[0].v < size) return 0;
    char lt[512];
    fly_layout_print(&v->L, lt, sizeof lt);
    fy_err_format(&fy_IndexError, "index %lld is out of range for a register tensor of %lld elements (layout %s)",
                  (long long)c->n[0].v, (long long)size, lt);
    return -1;
}

static fy_obj *tt_getitem(fy_obj *o, fy_obj *key) {
    fy_ttensor *v = (fy_ttensor *)o;
    fy_tracer *tr = need_tracer();
    uint64_t c;
    char cty[300];
    fly_inttuple ct;
    int nnone;
    if (!tr || coord_emit(tr, v, key, &c, cty, sizeof cty, &ct, &nnone) < 0 || reg_static_check(v, &ct) < 0)
        return NULL;
    uint64_t r = fy_trace_new_ssa(tr);
    if (nnone) {
        fly_layout S;
        fly_error err;
        fy_obj *res;
        if (v->swz) {
            res = slice_swz(v, r, &ct);
        } else {
            if (fly_layout_slice(&v->L, &ct, &S, &err)) return fy_dsl_raise(&err);
            res = fy_ttensor_new(r, v->et, v->reg, &S);
        }
        if (!res) return NULL;
        fy_trace_emit(tr, "      %%%llu = \"fly.slice\"(%%%llu, %%%llu) : (%s, %s) -> %s", U(r), U(v->ssa), U(c), v->ty,
                      cty, ((fy_ttensor *)res)->ty);
        fy_trace_end_line(tr);
        if (tr->failed) {
            FY_DECREF(res);
            return fy_err_nomem();
        }
        return res;
    }
    const char *et = fy_trace_mlir_type(v->et);
    fy_trace_emit(tr, "      %%%llu = \"fly.memref.load\"(%%%llu, %%%llu) : (%s, %s) -> %s", U(r), U(v->ssa), U(c),
                  v->ty, cty, et);
    fy_trace_end_line(tr);
    return tr->failed ? fy_err_nomem() : fy_dsl_num_dynamic(v->et, r);
}

static int tt_setitem(fy_obj *o, fy_obj *key, fy_obj *val) {
    fy_ttensor *v = (fy_ttensor *)o;
    if (!val) {
        fy_err_set(&fy_TypeError, "kernel tensors do not support item deletion");
        return -1;
    }
    fy_tracer *tr = need_tracer();
    uint64_t c, x;
    char cty[300];
    fly_inttuple ct;
    int nnone;
    if (!tr) return -1;
    fy_obj *asnum = fy_mlir_as_numeric(val); /* an ir.Value (x.ir_value(), flydsl._mlir ops): its numeric */
    if (asnum) {
        int r = tt_setitem(o, key, asnum);
        FY_DECREF(asnum);
        return r;
    }
    if (fy_err_occurred()) return -1;
    if (!FY_DSL_NUM_CHECK(val) && !FY_INT_CHECK(val) && !FY_FLOAT_CHECK(val) && val != fy_True && val != fy_False) {
        fy_err_format(&fy_TypeError, "cannot store a value of type '%s' into a tensor element%s", fy_type_name(val),
                      fy_isinstance_of(val, &fy_dsl_inttuple_type) ? " (fx.get_scalar(x) gives an IntTuple's integer)"
                                                                   : "");
        return -1;
    }
    if (fy_trace_value_as(tr, val, v->et, &x) < 0 || coord_emit(tr, v, key, &c, cty, sizeof cty, &ct, &nnone) < 0 ||
        reg_static_check(v, &ct) < 0)
        return -1;
    if (nnone) {
        fy_err_set(&fy_IndexError,
                   "assigning to a tensor slice is not supported; use .store(vec) or .fill(x) on the slice");
        return -1;
    }
    fy_trace_emit(tr, "      \"fly.memref.store\"(%%%llu, %%%llu, %%%llu) : (%s, %s, %s) -> ()", U(x), U(v->ssa), U(c),
                  fy_trace_mlir_type(v->et), v->ty, cty);
    fy_trace_end_line(tr);
    if (tr->failed) {
        fy_err_nomem();
        return -1;
    }
    return 0;
}

/* FlyDSL's str(): "Tensor" + the type text from the first '<' to the last '>'. */
static fy_obj *tt_repr(fy_obj *o) {
    fy_ttensor *v = (fy_ttensor *)o;
    const char *p = strchr(v->ty, '<');
    return fy_str_printf("Tensor%s", p ? p : v->ty);
}

/* .shape / .stride: dynamic leaves are read at this point of the trace (fly.get_shape ...), so that
 * .unpack() gives Int32 / Int64 values for them and ints for static ones. */
static fy_obj *tt_part(fy_obj *o, int p) {
    fy_ttensor *t = (fy_ttensor *)o;
    const fly_inttuple *part = p ? &t->L.stride : &t->L.shape;
    fy_tracer *tr = fy_trace_cur();
    if (fly_inttuple_is_static(part) || !tr) return fy_dsl_inttuple_new(part);
    fly_layout B;
    if (fy_trace_bind_layout(tr, t, &B, p ? 2 : 1) < 0) return NULL;
    return fy_dsl_inttuple_new(p ? &B.stride : &B.shape);
}
static fy_obj *tt_shape(fy_obj *o) { return tt_part(o, 0); }
static fy_obj *tt_stride(fy_obj *o) { return tt_part(o, 1); }
fy_obj *fy_trace_tensor_layout(fy_ttensor *t) {
    fy_tracer *tr = fy_trace_cur();
    if (t->swz && tr) return fy_trace_swz_layout(tr, t);
    if (fly_layout_is_static(&t->L) || !tr) return fy_dsl_layout_new(&t->L);
    fly_layout B;
    if (fy_trace_bind_layout(tr, t, &B, 3) < 0) return NULL;
    return fy_dsl_layout_new(&B);
}
static fy_obj *tt_layout(fy_obj *o) { return fy_trace_tensor_layout((fy_ttensor *)o); }
static fy_obj *tt_dtype(fy_obj *o) { return fy_ref(&((fy_ttensor *)o)->et->h); }
static fy_obj *tt_as(fy_obj *o) { return fy_str_from_cstr(fy_trace_space_name(((fy_ttensor *)o)->reg)); }

static fy_obj *tt_load(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)a;
    if (fy_no_kwargs("load", kw) < 0 || fy_check_nargs("load", na, 0, 0) < 0) return NULL;
    return fy_trace_tensor_load((fy_ttensor *)self);
}
static fy_obj *tt_store(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (fy_no_kwargs("store", kw) < 0 || fy_check_nargs("store", na, 1, 1) < 0) return NULL;
    return fy_trace_tensor_store((fy_ttensor *)self, a[0]);
}
static fy_obj *tt_fill(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (fy_no_kwargs("fill", kw) < 0 || fy_check_nargs("fill", na, 1, 1) < 0) return NULL;
    return fy_trace_tensor_fill((fy_ttensor *)self, a[0]);
}

static fy_methoddef tt_methods[] = {
    {"load", tt_load, 0, "load()\nThe whole tensor as a Vector (fly.memref.load_vec)."},
    {"store", tt_store, 0, "store(vec)\nStores a Vector of the tensor's size (fly.memref.store_vec)."},
    {"fill", tt_fill, 0, "fill(x)\nSets every element to x."},
    {0}};

static fy_obj *tt_type(fy_obj *o) { return fy_dsl_ir_type(((fy_ttensor *)o)->ty); }

static fy_getsetdef tt_getsets[] = {
    {"shape", tt_shape, NULL, "the shape (IntTuple)"},    {"type", tt_type, NULL, "the MLIR type (!fly.memref<...>)"},
    {"stride", tt_stride, NULL, "the stride (IntTuple)"}, {"layout", tt_layout, NULL, "the layout"},
    {"dtype", tt_dtype, NULL, "the element type"},        {"element_type", tt_dtype, NULL, "the element type"},
    {"address_space", tt_as, NULL, "global or register"}, {0}};

fy_type fy_ttensor_type = {
    FY_TYPE_INIT("Tensor", sizeof(fy_ttensor)),
    .flags = FY_TPF_FINAL,
    .repr = tt_repr,
    .getitem = tt_getitem,
    .setitem = tt_setitem,
    .getsets = tt_getsets,
    .methods = tt_methods,
};
