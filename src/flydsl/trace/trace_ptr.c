/* trace_ptr.c - pointers inside a traced kernel (fx.Pointer): the iterator of a kernel tensor
 * (fx.get_iter), or a raw-pointer kernel parameter (flyc.from_c_void_p(dtype, address), or a bare device
 * address passed to an fx.Pointer parameter; a !fly.ptr<T, global> argument). A pointer advances by
 * element offsets (p + n, n + p, p - n: fly.add_offset), is viewed as a tensor with a layout
 * (p.view(layout): fly.make_view) and reads / writes single elements (p[i], p[i] = v, p.load(),
 * p.store(v)). Global accesses through it are checked by the emulator against the device buffer the
 * address points into. */
#include <stdio.h>
#include <string.h>

#include "flydsl/api/dsl.h"
#include "flydsl/mlir/mlir.h"
#include "flydsl/trace/trace_int.h"

#define U(x) ((unsigned long long)(x))

static fy_tracer *need_tracer(const char *op) {
    fy_tracer *tr = fy_trace_cur();
    if (!tr) fy_err_format(&fy_RuntimeError, "%s on a kernel pointer is only usable inside its kernel's trace", op);
    return tr;
}

fy_obj *fy_trace_ptr_new(uint64_t ssa, fy_dsl_numeric *et, int reg) {
    if (fy_type_ready(&fy_trace_ptr_type) < 0) return NULL;
    fy_trace_ptr *p = (fy_trace_ptr *)fy_alloc(&fy_trace_ptr_type);
    if (!p) return NULL;
    p->ssa = ssa;
    p->et = et;
    p->reg = reg;
    p->swz = 0;
    return &p->h;
}

/* The pointer's type, !fly.ptr<T, space[, S<b,m,s>]>. */
static const char *ptr_ty(const fy_trace_ptr *p, char *buf, size_t n) {
    char sw[48] = "";
    if (p->swz) {
        sw[0] = ',';
        sw[1] = ' ';
        fly_swizzle_print(&p->sw, sw + 2, sizeof sw - 2);
    }
    snprintf(buf, n, "!fly.ptr<%s, %s%s>", fy_trace_mlir_type(p->et), fy_trace_space_name(p->reg), sw);
    return buf;
}

static fy_obj *ptr_repr(fy_obj *o) {
    fy_trace_ptr *p = (fy_trace_ptr *)o;
    char sw[48] = "";
    if (p->swz) {
        sw[0] = ',';
        sw[1] = ' ';
        fly_swizzle_print(&p->sw, sw + 2, sizeof sw - 2);
    }
    return fy_str_printf("Pointer<%s, %s%s>", fy_trace_mlir_type(p->et), fy_trace_space_name(p->reg), sw);
}

static int is_offset(fy_obj *n) {
    return (FY_INT_CHECK(n) && FY_TYPE(n) != &fy_bool_type) ||
           (FY_DSL_NUM_CHECK(n) && FY_DSL_IS_INTLIKE(((fy_dsl_num *)n)->dt) &&
            ((fy_dsl_num *)n)->dt->kind != FY_DSL_K_BOOL);
}

/* p advanced by n elements (neg: by -n); n an int or a DSL integer (Int64 kept 64-bit). */
static fy_obj *advance(fy_trace_ptr *p, fy_obj *n, int neg) {
    fy_tracer *tr = need_tracer("pointer arithmetic");
    if (!tr) return NULL;
    int wide = FY_DSL_NUM_CHECK(n) ? ((fy_dsl_num *)n)->dt->width == 64 : 0;
    if (FY_INT_CHECK(n)) {
        int64_t v;
        if (fy_index(n, &v) < 0) return NULL;
        wide = v != (int32_t)v;
    }
    uint64_t x, t, r;
    if (fy_trace_value_as(tr, n, wide ? &fy_dsl_t_i64 : &fy_dsl_t_i32, &x) < 0) return NULL;
    const char *ity = wide ? "i64" : "i32";
    if (neg) {
        uint64_t z = fy_trace_new_ssa(tr), d = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = arith.constant 0 : %s", U(z), ity);
        fy_trace_end_line(tr);
        fy_trace_emit(tr, "      %%%llu = arith.subi %%%llu, %%%llu : %s", U(d), U(z), U(x), ity);
        fy_trace_end_line(tr);
        x = d;
    }
    t = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = \"fly.make_int_tuple\"(%%%llu) : (%s) -> !fly.int_tuple<%s>", U(t), U(x), ity,
                  wide ? "?{i64}" : "?");
    fy_trace_end_line(tr);
    r = fy_trace_new_ssa(tr);
    char pt[96];
    ptr_ty(p, pt, sizeof pt);
    fy_trace_emit(tr, "      %%%llu = \"fly.add_offset\"(%%%llu, %%%llu) : (%s, !fly.int_tuple<%s>) -> %s", U(r),
                  U(p->ssa), U(t), pt, wide ? "?{i64}" : "?", pt);
    fy_trace_end_line(tr);
    if (tr->failed) return fy_err_nomem();
    fy_obj *q = fy_trace_ptr_new(r, p->et, p->reg);
    if (q && p->swz) {
        ((fy_trace_ptr *)q)->swz = 1;
        ((fy_trace_ptr *)q)->sw = p->sw;
    }
    return q;
}

static fy_obj *ptr_add(fy_obj *a, fy_obj *b) {
    int swapped = FY_TYPE(a) != &fy_trace_ptr_type;
    fy_obj *n = swapped ? a : b;
    if (!is_offset(n)) return fy_ref(fy_NotImplemented);
    return advance((fy_trace_ptr *)(swapped ? b : a), n, 0);
}

static fy_obj *ptr_sub(fy_obj *a, fy_obj *b) {
    if (FY_TYPE(a) != &fy_trace_ptr_type || !is_offset(b)) return fy_ref(fy_NotImplemented);
    return advance((fy_trace_ptr *)a, b, 1);
}

/* The pointer through which the element at p + idx (idx NULL: at p) is accessed, a new reference: for a swizzled
 * pointer a plain one at the swizzled address (fy_trace_ptr_access); NULL with an exception. */
static fy_obj *elem_at(fy_trace_ptr *p, fy_obj *idx, const char *op) {
    fy_obj *q;
    if (!idx) q = fy_ref(&p->h);
    else if (!is_offset(idx))
        return fy_err_format(&fy_TypeError, "%s: a pointer index must be an integer, not '%s'", op, fy_type_name(idx));
    else if (!(q = advance(p, idx, 0))) return NULL;
    fy_obj *acc = fy_trace_ptr_access(q, (p->et->width + 7) / 8, op);
    FY_DECREF(q);
    return acc;
}

fy_obj *fy_trace_ptr_load(fy_obj *ptr, fy_dsl_numeric *t, int64_t n, int vec) {
    fy_trace_ptr *p = (fy_trace_ptr *)ptr;
    fy_tracer *tr = need_tracer("load");
    if (!tr) return NULL;
    char rt[48];
    if (vec) snprintf(rt, sizeof rt, "vector<%lldx%s>", (long long)n, fy_trace_mlir_type(t));
    else snprintf(rt, sizeof rt, "%s", fy_trace_mlir_type(t));
    uint64_t r = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = \"fly.ptr.load\"(%%%llu) : (!fly.ptr<%s, %s>) -> %s", U(r), U(p->ssa),
                  fy_trace_mlir_type(p->et), fy_trace_space_name(p->reg), rt);
    fy_trace_end_line(tr);
    if (tr->failed) return fy_err_nomem();
    return vec ? fy_tvector_new(r, t, n) : fy_dsl_num_dynamic(t, r);
}

int fy_trace_ptr_store_ssa(fy_obj *ptr, uint64_t v, const char *vty) {
    fy_trace_ptr *p = (fy_trace_ptr *)ptr;
    fy_tracer *tr = need_tracer("store");
    if (!tr) return -1;
    fy_trace_emit(tr, "      \"fly.ptr.store\"(%%%llu, %%%llu) : (%s, !fly.ptr<%s, %s>) -> ()", U(v), U(p->ssa), vty,
                  fy_trace_mlir_type(p->et), fy_trace_space_name(p->reg));
    fy_trace_end_line(tr);
    if (tr->failed) return fy_err_nomem(), -1;
    return 0;
}

/* fly.ptr.load of the element at p + idx (idx NULL: at p). */
static fy_obj *elem_load(fy_trace_ptr *p, fy_obj *idx, const char *op) {
    fy_obj *q = elem_at(p, idx, op);
    fy_obj *r = q ? fy_trace_ptr_load(q, p->et, 1, 0) : NULL;
    FY_XDECREF(q);
    return r;
}

/* fly.ptr.store of val, converted to the element type, at p + idx (idx NULL: at p). */
static int elem_store(fy_trace_ptr *p, fy_obj *idx, fy_obj *val, const char *op) {
    fy_tracer *tr = need_tracer(op);
    if (!tr) return -1;
    fy_obj *asnum = fy_mlir_as_numeric(val); /* an ir.Value (x.ir_value(), flydsl._mlir ops): its numeric */
    if (asnum) {
        int r = elem_store(p, idx, asnum, op);
        FY_DECREF(asnum);
        return r;
    }
    if (fy_err_occurred()) return -1;
    if (!FY_DSL_NUM_CHECK(val) && !FY_INT_CHECK(val) && !FY_FLOAT_CHECK(val) && val != fy_True && val != fy_False) {
        fy_err_format(&fy_TypeError, "%s: cannot store a value of type '%s' through a pointer", op, fy_type_name(val));
        return -1;
    }
    uint64_t x;
    if (fy_trace_value_as(tr, val, p->et, &x) < 0) return -1;
    fy_obj *q = elem_at(p, idx, op);
    int r = q ? fy_trace_ptr_store_ssa(q, x, fy_trace_mlir_type(p->et)) : -1;
    FY_XDECREF(q);
    return r;
}

static fy_obj *ptr_getitem(fy_obj *o, fy_obj *k) { return elem_load((fy_trace_ptr *)o, k, "pointer indexing"); }
static int ptr_setitem(fy_obj *o, fy_obj *k, fy_obj *v) {
    if (!v) return fy_err_set(&fy_TypeError, "kernel pointers do not support item deletion"), -1;
    return elem_store((fy_trace_ptr *)o, k, v, "pointer indexing");
}

static fy_obj *m_view(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    static const char *const names[] = {"layout", NULL};
    fy_obj *v[1] = {NULL};
    if (fy_parse_args("view", a, na, kw, names, 1, 1, 1, v) < 0 || fy_trace_ptr_plain(self, "view") < 0) return NULL;
    fy_tracer *tr = need_tracer("view");
    if (!tr) return NULL;
    fly_layout L;
    if (fy_dsl_to_layout(v[0], &L, 1, "view", "layout") < 0) return NULL;
    fy_trace_ptr *p = (fy_trace_ptr *)self;
    return fy_trace_view_ptr(tr, p->ssa, p->et, p->reg, &L);
}

static fy_obj *m_load(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    static const char *const names[] = {"dtype", NULL};
    fy_obj *v[1] = {NULL};
    if (fy_parse_args("load", a, na, kw, names, 0, 1, 1, v) < 0) return NULL;
    fy_obj *r = elem_load((fy_trace_ptr *)self, NULL, "load");
    if (!r || !v[0] || v[0] == fy_None) return r;
    fy_dsl_numeric *t = fy_dsl_to_numeric_type(v[0], "load");
    fy_obj *c = t ? fy_dsl_num_convert(t, r) : NULL;
    FY_DECREF(r);
    return c;
}

static fy_obj *m_store(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (fy_no_kwargs("store", kw) < 0 || fy_check_nargs("store", na, 1, 1) < 0) return NULL;
    if (elem_store((fy_trace_ptr *)self, NULL, a[0], "store") < 0) return NULL;
    return fy_none();
}

static fy_obj *g_et(fy_obj *o) { return fy_ref(&((fy_trace_ptr *)o)->et->h); }
/* FlyDSL's fx.AddressSpace number of the pointer's space (1 global, 2 shared, 3 register). */
static fy_obj *g_space(fy_obj *o) {
    int r = ((fy_trace_ptr *)o)->reg;
    return fy_int_from(r == FY_SP_SHARED ? 2 : r == FY_SP_REG ? 3 : 1);
}
static fy_obj *g_align(fy_obj *o) { return fy_int_from((((fy_trace_ptr *)o)->et->width + 7) / 8); }

static fy_methoddef ptr_methods[] = {
    {"view", m_view, 0, "view(layout)\nA tensor of this pointer's elements with the layout."},
    {"load", m_load, 0, "load(dtype=None)\nThe element at the pointer."},
    {"store", m_store, 0, "store(v)\nStores v (converted to the element type) at the pointer."},
    {0}};
static fy_obj *g_type(fy_obj *o) {
    char buf[96];
    return fy_dsl_ir_type(ptr_ty((fy_trace_ptr *)o, buf, sizeof buf));
}

/* p.llvm_ptr / fx.to_llvm_ptr(p): the pointer as an !llvm.ptr<N> ir.Value, FlyDSL's fly.to_llvm_ptr with the
 * ROCm backend's address space number (global 1, shared 3); the kernels hand it to llvm ops. */
static fy_obj *to_llvm_ptr(fy_trace_ptr *p, const char *op) {
    if (p->reg == FY_SP_REG) return fy_err_format(&fy_ValueError, "%s: register pointers have no address in flyi", op);
    fy_tracer *tr = need_tracer(op);
    if (!tr) return NULL;
    int as = p->reg == FY_SP_SHARED ? 3 : 1;
    uint64_t l = fy_trace_new_ssa(tr);
    char pt[96];
    fy_trace_emit(tr,
                  "      %%%llu = \"fly.to_llvm_ptr\"(%%%llu) {llvm_address_space = %d : i32} : (%s) -> !llvm.ptr<%d>",
                  U(l), U(p->ssa), as, ptr_ty(p, pt, sizeof pt), as);
    fy_trace_end_line(tr);
    if (tr->failed) return fy_err_nomem();
    char ty[24];
    snprintf(ty, sizeof ty, "!llvm.ptr<%d>", as);
    return fy_mlir_value_new(l, ty);
}
static fy_obj *g_llvm_ptr(fy_obj *o) { return to_llvm_ptr((fy_trace_ptr *)o, "llvm_ptr"); }

static fy_getsetdef ptr_getsets[] = {{"llvm_ptr", g_llvm_ptr, NULL, "the pointer as an !llvm.ptr<N> ir.Value"},
                                     {"element_type", g_et, NULL, "the element type"},
                                     {"type", g_type, NULL, "the MLIR type (!fly.ptr<...>)"},
                                     {"dtype", g_et, NULL, "the element type"},
                                     {"address_space", g_space, NULL, "fx.AddressSpace.Global, Shared or Register"},
                                     {"memspace", g_space, NULL, "the address space (FlyDSL's other name)"},
                                     {"alignment", g_align, NULL, "alignment in bytes"},
                                     {0}};

fy_type fy_trace_ptr_type = {FY_TYPE_INIT("Pointer", sizeof(fy_trace_ptr)),
                             .flags = FY_TPF_FINAL,
                             .repr = ptr_repr,
                             .doc = "A pointer inside a kernel (fx.Pointer: also the annotation of raw-pointer "
                                    "parameters).",
                             .nb = {[FY_NB_ADD] = ptr_add, [FY_NB_SUB] = ptr_sub},
                             .getitem = ptr_getitem,
                             .setitem = ptr_setitem,
                             .methods = ptr_methods,
                             .getsets = ptr_getsets};

/* fx.add_offset(ptr, offset): ptr advanced by offset elements (as ptr + offset). */

/* add_offset of an offset given in another form: converted by module.fn, then advanced; name_converted: the
 * error names the converted value's type (else the given one's). */
static fy_obj *advance_converted(fy_trace_ptr *p, fy_obj *given, const char *module, const char *fn,
                                 int name_converted) {
    fy_obj *m = fy_import(module), *f = m ? fy_getattr_cstr(m, fn) : NULL;
    fy_obj *off = f ? fy_call(f, &given, 1, NULL) : NULL;
    FY_XDECREF(m);
    FY_XDECREF(f);
    if (!off) return NULL;
    fy_obj *r = is_offset(off) ? advance(p, off, 0)
                               : fy_err_format(&fy_TypeError, "add_offset: the offset must be an integer, not '%s'",
                                               fy_type_name(name_converted ? off : given));
    FY_DECREF(off);
    return r;
}
static fy_obj *f_add_offset(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    static const char *const names[] = {"ptr", "offset", NULL};
    fy_obj *v[2] = {NULL, NULL};
    if (fy_parse_args("add_offset", a, na, kw, names, 2, 2, 2, v) < 0) return NULL;
    if (FY_TYPE(v[0]) != &fy_trace_ptr_type)
        return fy_err_format(&fy_TypeError, "add_offset: expected a kernel Pointer, not '%s'", fy_type_name(v[0]));
    if (fy_isinstance_of(v[1], &fy_dsl_inttuple_type)) /* fx.make_int_tuple(off): its single leaf (FlyDSL's form) */
        return advance_converted((fy_trace_ptr *)v[0], v[1], "flydsl.expr", "get_scalar", 1);
    if (!is_offset(v[1])) /* an ir.Value from the MLIR bindings (an OpResult): as the DSL value of its type */
        return advance_converted((fy_trace_ptr *)v[0], v[1], "flydsl._mlir._dsl", "as_dsl_value", 0);
    return advance((fy_trace_ptr *)v[0], v[1], 0);
}

static fy_obj *f_to_llvm_ptr(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    static const char *const names[] = {"ptr", NULL};
    fy_obj *v[1] = {NULL};
    if (fy_parse_args("to_llvm_ptr", a, na, kw, names, 1, 1, 1, v) < 0) return NULL;
    if (FY_TYPE(v[0]) != &fy_trace_ptr_type)
        return fy_err_format(&fy_TypeError, "to_llvm_ptr: expected a kernel Pointer, not '%s'", fy_type_name(v[0]));
    return to_llvm_ptr((fy_trace_ptr *)v[0], "to_llvm_ptr");
}

int fy_trace_ptr_plain(fy_obj *o, const char *op) {
    if (FY_TYPE(o) != &fy_trace_ptr_type || !((fy_trace_ptr *)o)->swz) return 0;
    fy_err_format(&fy_NotImplementedError,
                  "%s of a swizzled pointer (fx.apply_swizzle) is not supported by flyi yet: load and store through "
                  "the pointer (p[i], p.load(), fx.ptr_load / ptr_store), or view a composed layout",
                  op);
    return -1;
}

/* The swizzled address of p, as FlyDSL's lowering of ptr.load / ptr.store computes it on the LLVM pointer:
 * a ^ ((a & (((1 << bits) - 1) << (base + shift))) >> shift), as a plain pointer. */
fy_obj *fy_trace_ptr_access(fy_obj *o, int64_t bytes, const char *op) {
    fy_trace_ptr *p = (fy_trace_ptr *)o;
    if (FY_TYPE(o) != &fy_trace_ptr_type || !p->swz) return fy_ref(o);
    if (bytes > 0 && ((int64_t)1 << p->sw.base) % bytes)
        return fy_err_format(&fy_ValueError,
                             "%s: an access of %lld bytes must divide the swizzle's base granularity (%lld bytes)", op,
                             (long long)bytes, (long long)1 << p->sw.base);
    fy_obj *l = to_llvm_ptr(p, op);
    fy_tracer *tr = l ? need_tracer(op) : NULL;
    uint64_t lv;
    const char *lty;
    if (!tr || !fy_mlir_value_parts(l, &lv, &lty)) {
        FY_XDECREF(l);
        return tr ? fy_err_set(&fy_RuntimeError, "apply_swizzle: internal error") : NULL;
    }
    FY_DECREF(l);
    int as = p->reg == FY_SP_SHARED ? 3 : 1;
    int64_t mask = (((int64_t)1 << p->sw.bits) - 1) << (p->sw.base + p->sw.shift);
    uint64_t i = fy_trace_new_ssa(tr), m = fy_trace_new_ssa(tr), an = fy_trace_new_ssa(tr);
    uint64_t sh = fy_trace_new_ssa(tr), hi = fy_trace_new_ssa(tr), x = fy_trace_new_ssa(tr);
    uint64_t q = fy_trace_new_ssa(tr), r = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = llvm.ptrtoint %%%llu : !llvm.ptr<%d> to i64", U(i), U(lv), as);
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = arith.constant %lld : i64", U(m), (long long)mask);
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = arith.andi %%%llu, %%%llu : i64", U(an), U(i), U(m));
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = arith.constant %d : i64", U(sh), p->sw.shift);
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = arith.shrui %%%llu, %%%llu : i64", U(hi), U(an), U(sh));
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = arith.xori %%%llu, %%%llu : i64", U(x), U(i), U(hi));
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = llvm.inttoptr %%%llu : i64 to !llvm.ptr<%d>", U(q), U(x), as);
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = builtin.unrealized_conversion_cast %%%llu : !llvm.ptr<%d> to !fly.ptr<%s, %s>",
                  U(r), U(q), as, fy_trace_mlir_type(p->et), fy_trace_space_name(p->reg));
    fy_trace_end_line(tr);
    if (tr->failed) return fy_err_nomem();
    return fy_trace_ptr_new(r, p->et, p->reg);
}

/* fx.apply_swizzle(ptr, swizzle): FlyDSL's fly.apply_swizzle, the pointer typed with the swizzle; its loads and
 * stores go to the swizzled byte address (fy_trace_ptr_access). */
static fy_obj *f_apply_swizzle(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    static const char *const names[] = {"ptr", "swizzle", NULL};
    fy_obj *v[2] = {NULL, NULL};
    if (fy_parse_args("apply_swizzle", a, na, kw, names, 2, 2, 2, v) < 0) return NULL;
    if (FY_TYPE(v[0]) != &fy_trace_ptr_type)
        return fy_err_format(&fy_TypeError, "apply_swizzle: expected a kernel Pointer, not '%s'", fy_type_name(v[0]));
    if (!fy_isinstance_of(v[1], &fy_dsl_swizzle_type))
        return fy_err_format(&fy_TypeError, "apply_swizzle: expected a Swizzle (fx.make_swizzle), not '%s'",
                             fy_type_name(v[1]));
    fy_trace_ptr *p = (fy_trace_ptr *)v[0];
    const fly_swizzle *sw = &((fy_dsl_swizzle *)v[1])->s;
    if (p->reg == FY_SP_REG) return fy_err_set(&fy_ValueError, "apply_swizzle: register pointers have no address");
    if (sw->shift < 0)
        return fy_err_set(&fy_NotImplementedError, "apply_swizzle: a swizzle with a negative shift is not supported");
    fy_tracer *tr = need_tracer("apply_swizzle");
    if (!tr) return NULL;
    char st[48], in[96], out[96];
    fly_swizzle_print(sw, st, sizeof st);
    ptr_ty(p, in, sizeof in);
    fy_trace_ptr tmp = *p;
    tmp.swz = sw->bits > 0;
    tmp.sw = *sw;
    ptr_ty(&tmp, out, sizeof out);
    uint64_t s = fy_trace_new_ssa(tr), r = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = \"fly.static\"() : () -> !fly.swizzle<%s>", U(s), st);
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = \"fly.apply_swizzle\"(%%%llu, %%%llu) : (%s, !fly.swizzle<%s>) -> %s", U(r),
                  U(p->ssa), U(s), in, st, out);
    fy_trace_end_line(tr);
    if (tr->failed) return fy_err_nomem();
    fy_obj *q = fy_trace_ptr_new(r, p->et, p->reg);
    if (q) {
        ((fy_trace_ptr *)q)->swz = tmp.swz;
        ((fy_trace_ptr *)q)->sw = *sw;
    }
    return q;
}

/* fx.ptrtoint(ptr): the address as an Int64. */
static fy_obj *f_ptrtoint(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    if (fy_no_kwargs("ptrtoint", kw) < 0 || fy_check_nargs("ptrtoint", na, 1, 1) < 0) return NULL;
    if (fy_dsl_is_ptr_arg(a[0])) { /* a host launcher's pointer argument (from_c_void_p): its device address */
        fy_dsl_numeric *et;
        uint64_t addr;
        if (fy_dsl_ptr_arg_of(a[0], 0, 0, &et, &addr) < 0) return NULL;
        return fy_dsl_num_int(&fy_dsl_t_i64, (int64_t)addr);
    }
    if (FY_TYPE(a[0]) != &fy_trace_ptr_type)
        return fy_err_format(&fy_TypeError, "ptrtoint: expected a kernel Pointer, not '%s'", fy_type_name(a[0]));
    fy_trace_ptr *p = (fy_trace_ptr *)a[0];
    if (p->reg == FY_SP_REG) return fy_err_set(&fy_ValueError, "ptrtoint is not supported for register pointers");
    if (fy_trace_ptr_plain(a[0], "ptrtoint") < 0) return NULL;
    fy_tracer *tr = need_tracer("ptrtoint");
    if (!tr) return NULL;
    int as = p->reg == FY_SP_SHARED ? 3 : 1;
    uint64_t l = fy_trace_new_ssa(tr), r = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = builtin.unrealized_conversion_cast %%%llu : !fly.ptr<%s, %s> to !llvm.ptr<%d>",
                  U(l), U(p->ssa), fy_trace_mlir_type(p->et), fy_trace_space_name(p->reg), as);
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = llvm.ptrtoint %%%llu : !llvm.ptr<%d> to i64", U(r), U(l), as);
    fy_trace_end_line(tr);
    if (tr->failed) return fy_err_nomem();
    return fy_dsl_num_dynamic(&fy_dsl_t_i64, r);
}

/* The element type and space a pointer type names: a kernel Pointer (p.type's owner), or a type object whose
 * text is "!fly.ptr<ELEM, SPACE[, align<N>]>" (fx.PointerType.get(...)); 0, or -1 with a TypeError. */
static int ptr_type_of(fy_obj *t, fy_dsl_numeric **et, int *reg) {
    if (FY_TYPE(t) == &fy_trace_ptr_type) {
        *et = ((fy_trace_ptr *)t)->et;
        *reg = ((fy_trace_ptr *)t)->reg;
        return 0;
    }
    fy_obj *s = fy_str(t);
    if (!s) return -1;
    char elem[32] = "", space[32] = "";
    int n = sscanf(FY_STR_DATA(s), "!fly.ptr<%31[^,>], %31[^,>]", elem, space);
    FY_DECREF(s);
    *et = n >= 1 ? fy_mlir_numeric_of(elem) : NULL;
    *reg = !strcmp(space, "shared") ? FY_SP_SHARED : !strcmp(space, "register") ? FY_SP_REG : FY_SP_GLOBAL;
    if (!*et || (n == 2 && strcmp(space, "shared") && strcmp(space, "register") && strcmp(space, "global"))) {
        fy_err_format(&fy_TypeError,
                      "inttoptr: expected a pointer type such as fx.PointerType.get(T.f32, ...), not "
                      "'%s'",
                      fy_type_name(t));
        return -1;
    }
    return 0;
}

/* fx.inttoptr(ptr_type, address): the pointer at an integer address (llvm.inttoptr), of ptr_type's element type
 * and address space. */
static fy_obj *f_inttoptr(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    static const char *const names[] = {"result_type", "src", NULL};
    fy_obj *v[2] = {NULL, NULL};
    if (fy_parse_args("inttoptr", a, na, kw, names, 2, 2, 2, v) < 0) return NULL;
    fy_dsl_numeric *et;
    int reg;
    if (ptr_type_of(v[0], &et, &reg) < 0) return NULL;
    if (reg == FY_SP_REG) return fy_err_set(&fy_ValueError, "inttoptr is not supported for register address space");
    if (!is_offset(v[1]))
        return fy_err_format(&fy_TypeError, "inttoptr: the address must be an integer, not '%s'", fy_type_name(v[1]));
    fy_tracer *tr = need_tracer("inttoptr");
    if (!tr) return NULL;
    int as = reg == FY_SP_SHARED ? 3 : 1;
    fy_dsl_numeric *it = reg == FY_SP_SHARED ? &fy_dsl_t_i32 : &fy_dsl_t_i64;
    uint64_t x, l = 0, r = 0;
    if (fy_trace_value_as(tr, v[1], it, &x) < 0) return NULL;
    l = fy_trace_new_ssa(tr);
    r = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = llvm.inttoptr %%%llu : %s to !llvm.ptr<%d>", U(l), U(x), it->mlir, as);
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = builtin.unrealized_conversion_cast %%%llu : !llvm.ptr<%d> to !fly.ptr<%s, %s>",
                  U(r), U(l), as, fy_trace_mlir_type(et), fy_trace_space_name(reg));
    fy_trace_end_line(tr);
    if (tr->failed) return fy_err_nomem();
    return fy_trace_ptr_new(r, et, reg);
}

static fy_methoddef ptr_funcs[] = {
    {"inttoptr", f_inttoptr, 0, "inttoptr(result_type, src)\nThe pointer of result_type at integer address src."},
    {"add_offset", f_add_offset, 0, "add_offset(ptr, offset)\nThe pointer advanced by offset elements."},
    {"apply_swizzle", f_apply_swizzle, 0,
     "apply_swizzle(ptr, swizzle)\nThe pointer whose loads and stores go to the swizzled byte address."},
    {"to_llvm_ptr", f_to_llvm_ptr, 0,
     "to_llvm_ptr(ptr)\nThe pointer as an !llvm.ptr<N> ir.Value (global 1, shared 3)."},
    {"ptrtoint", f_ptrtoint, 0, "ptrtoint(ptr)\nThe pointer's address as an Int64."},
    {0}};

int fy_trace_add_ptr_fx(fy_obj *m) {
    if (fy_type_ready(&fy_trace_ptr_type) < 0 || fy_module_add(m, "Pointer", &fy_trace_ptr_type.h) < 0) return -1;
    for (fy_methoddef *d = ptr_funcs; d->name; d++) {
        fy_obj *f = fy_cfunction_new(d, m);
        if (!f || fy_module_add_steal(m, d->name, f) < 0) return -1;
    }
    return 0;
}

fy_obj *fy_trace_ptr_param(fy_tracer *tr, int argi, fy_obj *arg, fy_obj *ann) {
    fy_dsl_numeric *et;
    uint64_t addr;
    int annotated = ann == &fy_trace_ptr_type.h;
    int r = fy_dsl_ptr_arg_of(arg, annotated, argi, &et, &addr);
    if (r < 0) return NULL;
    if (!r) {
        if (annotated)
            fy_err_format(&fy_TypeError,
                          "kernel argument %d: an fx.Pointer parameter takes flyc.from_c_void_p(dtype, "
                          "address) or a device address (x.data_ptr()), not '%s'",
                          argi, fy_type_name(arg));
        return NULL;
    }
    char ty[96];
    snprintf(ty, sizeof ty, "!fly.ptr<%s, global>", fy_trace_mlir_type(et));
    uint64_t ssa = fy_trace_add_param(tr, ty, (fy_trace_param){.kind = FY_TP_PTR, .argi = argi, .t = et});
    return fy_trace_ptr_new(ssa, et, FY_SP_GLOBAL);
}
