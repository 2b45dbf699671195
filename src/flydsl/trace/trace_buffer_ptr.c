/* trace_buffer_ptr.c - buffer-descriptor pointers while tracing: pointers in FlyDSL's #fly_rocdl.buffer_desc
 * address space, which stand for an AMD buffer resource (base, stride, num_records bytes, flags) and an offset.
 *
 * fx.rocdl.make_buffer_ptr(ptr, num_records_bytes=None) makes one from a global pointer (0xFFFFFFFF records by
 * default); fx.make_ptr(fx.PointerType.get(T, TargetAddressSpace.BufferDesc, ...), [ptr, stride_i16,
 * num_records_i64, flags_i32]) makes one from explicit fields. Both emit rocdl.make.buffer.rsrc, and the result
 * is the buffer tensor object of trace_buffer.c seen as a pointer (fx.make_view(p, layout) views it,
 * fx.recast_iter changes its element type between types of one width, .type prints !fly.ptr<T,
 * #fly_rocdl.buffer_desc>). fx.rocdl.get_buffer_rsrc(p) is the raw resource, an !llvm.ptr<8> bindings Value for
 * rocdl.raw.ptr.buffer.load / store / atomic.*: like FlyDSL's fly_rocdl.get_buffer_rsrc it drops the pointer's
 * offset. Accesses past num_records read 0 and writes (and atomics) are dropped, on the hardware and the
 * emulator. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flydsl/api/dsl.h"
#include "flydsl/mlir/mlir.h"
#include "flydsl/trace/trace_int.h"

#define U(x) ((unsigned long long)(x))

static fy_tracer *need_tracer(const char *what) {
    fy_tracer *tr = fy_trace_cur();
    if (!tr) fy_err_format(&fy_RuntimeError, "%s is only usable inside a kernel's trace", what);
    return tr;
}

/* The address space of o as FlyDSL's errors print it. */
static const char *space_of(fy_obj *o) {
    if (FY_TYPE(o) == &fy_trace_ptr_type) return fy_trace_space_name(((fy_trace_ptr *)o)->reg);
    if (fy_trace_is_buffer(o)) return "#fly_rocdl.buffer_desc";
    return fy_type_name(o);
}

/* A global kernel pointer as an !llvm.ptr<1> handle; 0 with an exception naming op. */
static uint64_t global_base(fy_tracer *tr, fy_obj *o, const char *op) {
    if (FY_TYPE(o) != &fy_trace_ptr_type || ((fy_trace_ptr *)o)->reg != FY_SP_GLOBAL) {
        fy_err_format(&fy_ValueError, "%s requires a global-address-space pointer, got %s", op, space_of(o));
        return 0;
    }
    fy_trace_ptr *p = (fy_trace_ptr *)o;
    uint64_t l = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = builtin.unrealized_conversion_cast %%%llu : !fly.ptr<%s, global> to !llvm.ptr<1>",
                  U(l), U(p->ssa), fy_trace_mlir_type(p->et));
    fy_trace_end_line(tr);
    return l;
}

/* A scalar buffer pointer over resource rsrc of elements et. */
static fy_obj *new_ptr(uint64_t rsrc, fy_dsl_numeric *et) {
    fly_layout L;
    fy_obj *one = fy_int_from(1);
    int bad = !one || fy_dsl_to_layout(one, &L, 1, "make_buffer_ptr", "layout") < 0;
    FY_XDECREF(one);
    if (bad) return NULL;
    fy_obj *b = fy_trace_buffer_new(rsrc, et, &L);
    fy_obj *r = b ? fy_trace_buffer_as_ptr(b, NULL) : NULL;
    FY_XDECREF(b);
    return r;
}

/* Value x (a DSL integer, an int or a bindings Value) as an SSA handle of type t. */
static int field_as(fy_tracer *tr, fy_obj *x, fy_dsl_numeric *t, uint64_t *out) {
    fy_obj *n = fy_mlir_as_numeric(x);
    if (!n && fy_err_occurred()) return -1;
    int r = fy_trace_value_as(tr, n ? n : x, t, out);
    FY_XDECREF(n);
    return r;
}

static fy_obj *f_make_buffer_ptr(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    static const char *const names[] = {"ptr", "num_records_bytes", NULL};
    fy_obj *v[2] = {NULL, NULL};
    if (fy_parse_args("make_buffer_ptr", a, na, kw, names, 1, 2, 2, v) < 0) return NULL;
    fy_tracer *tr = need_tracer("fx.rocdl.make_buffer_ptr");
    if (!tr) return NULL;
    uint64_t base = global_base(tr, v[0], "make_buffer_ptr"), num;
    if (!base) return NULL;
    if (v[1] && v[1] != fy_None) {
        if (field_as(tr, v[1], &fy_dsl_t_i64, &num) < 0) return NULL;
    } else {
        num = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = arith.constant 4294967295 : i64", U(num));
        fy_trace_end_line(tr);
    }
    return new_ptr(fy_trace_buffer_rsrc_emit(tr, base, 0, num, 0), ((fy_trace_ptr *)v[0])->et);
}

/* The element type of pointer-type text "!fly.ptr<ELEM, SPACE...>" (*buf: its space is buffer_desc); NULL with a
 * TypeError naming op when t is no such type. */
fy_dsl_numeric *fy_trace_ptr_type_elem(fy_obj *t, int *buf, const char *op) {
    fy_obj *s = fy_str(t);
    if (!s) return NULL;
    char elem[48] = "";
    const char *txt = FY_STR_DATA(s);
    int n = sscanf(txt, "!fly.ptr<%47[^,>]", elem);
    *buf = strstr(txt, "#fly_rocdl.buffer_desc") != NULL;
    FY_DECREF(s);
    fy_dsl_numeric *et = n == 1 ? fy_mlir_numeric_of(elem) : NULL;
    if (!et)
        fy_err_format(&fy_TypeError, "%s: expected a pointer type such as fx.PointerType.get(T.f32, ...), not '%s'", op,
                      fy_type_name(t));
    return et;
}

/* fx.make_ptr(result_type, args): a buffer-descriptor pointer from [global ptr, stride i16, num_records i64,
 * flags i32] (FlyDSL's fly.make_ptr into #fly_rocdl.buffer_desc; other result types are not supported). */
static fy_obj *f_make_ptr(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    static const char *const names[] = {"result_type", "args", "dict_attrs", NULL};
    fy_obj *v[3] = {NULL, NULL, NULL};
    if (fy_parse_args("make_ptr", a, na, kw, names, 2, 2, 3, v) < 0) return NULL;
    fy_tracer *tr = need_tracer("fx.make_ptr");
    if (!tr) return NULL;
    int buf;
    fy_dsl_numeric *et = fy_trace_ptr_type_elem(v[0], &buf, "make_ptr");
    if (!et) return NULL;
    if (!buf)
        return fy_err_set(&fy_NotImplementedError,
                          "make_ptr: flyi makes buffer-descriptor pointers only (address_space="
                          "TargetAddressSpace.BufferDesc)");
    if (!FY_LIST_CHECK(v[1]) && !FY_TUPLE_CHECK(v[1]))
        return fy_err_format(&fy_TypeError, "make_ptr: args must be a list, not '%s'", fy_type_name(v[1]));
    size_t n;
    fy_obj **it = fy_seq_items(v[1], &n);
    if (n != 4)
        return fy_err_format(&fy_ValueError,
                             "make_ptr: a buffer-descriptor pointer takes 4 args [ptr, stride (i16), num_records "
                             "(i64), flags (i32)], got %zu",
                             n);
    uint64_t base = global_base(tr, it[0], "make_ptr"), st, num, fl;
    if (!base || field_as(tr, it[1], &fy_dsl_t_i16, &st) < 0 || field_as(tr, it[2], &fy_dsl_t_i64, &num) < 0 ||
        field_as(tr, it[3], &fy_dsl_t_i32, &fl) < 0)
        return NULL;
    if (((fy_trace_ptr *)it[0])->et->width != et->width)
        return fy_err_format(&fy_NotImplementedError, "make_ptr: a %s pointer from a %s pointer is not supported",
                             et->name, ((fy_trace_ptr *)it[0])->et->name);
    fy_obj *r = new_ptr(fy_trace_buffer_rsrc_emit(tr, base, st, num, fl), et);
    fy_obj *ts = r ? fy_str(v[0]) : NULL;
    const char *al = ts ? strstr(FY_STR_DATA(ts), "align<") : NULL;
    if (al) fy_trace_buffer_set_align(r, atoi(al + 6)); /* the result type's alignment */
    FY_XDECREF(ts);
    return r;
}

static fy_obj *f_get_buffer_rsrc(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    static const char *const names[] = {"ptr", NULL};
    fy_obj *v[1] = {NULL};
    if (fy_parse_args("get_buffer_rsrc", a, na, kw, names, 1, 1, 1, v) < 0) return NULL;
    if (!need_tracer("fx.rocdl.get_buffer_rsrc")) return NULL;
    if (fy_trace_is_buffer(v[0]) && !fy_trace_buffer_is_ptr(v[0]))
        return fy_err_set(&fy_ValueError,
                          "get_buffer_rsrc requires a buffer-descriptor pointer, got a buffer tensor (pass "
                          "fx.get_iter(tensor))");
    if (!fy_trace_buffer_is_ptr(v[0]))
        return fy_err_format(&fy_ValueError, "get_buffer_rsrc requires a buffer-descriptor pointer, got %s",
                             space_of(v[0]));
    return fy_mlir_value_new(fy_trace_buffer_rsrc(v[0]), "!llvm.ptr<8>");
}

/* The wave's LDS address of an LDS DMA to shared tensor d: readfirstlane of d's address as an !llvm.ptr<3> (the
 * hardware takes it from M0; lane l writes at M0 + l * bytes, 16 bytes a lane for 12); its handle. */
static uint64_t lds_m0(fy_tracer *tr, fy_ttensor *d) {
    uint64_t it = fy_trace_new_ssa(tr), lp = fy_trace_new_ssa(tr), li = fy_trace_new_ssa(tr), m0 = fy_trace_new_ssa(tr),
             mp = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = \"fly.get_iter\"(%%%llu) : (%s) -> !fly.ptr<%s, shared>", U(it), U(d->ssa), d->ty,
                  fy_trace_mlir_type(d->et));
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = builtin.unrealized_conversion_cast %%%llu : !fly.ptr<%s, shared> to !llvm.ptr<3>",
                  U(lp), U(it), fy_trace_mlir_type(d->et));
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = llvm.ptrtoint %%%llu : !llvm.ptr<3> to i32", U(li), U(lp));
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = rocdl.readfirstlane %%%llu : i32", U(m0), U(li));
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = llvm.inttoptr %%%llu : i32 to !llvm.ptr<3>", U(mp), U(m0));
    fy_trace_end_line(tr);
    return mp;
}

/* The checks of an LDS DMA's destination and predicate (what: "a buffer -> LDS" / "a global -> LDS"); 0 or -1. */
static int lds_dst_check(const char *op, const char *what, fy_obj *dst, fy_obj *pred) {
    if (!FY_TTENSOR_CHECK(dst) || ((fy_ttensor *)dst)->reg != FY_SP_SHARED) {
        fy_err_format(&fy_TypeError, "%s: %s atom writes a shared-memory tensor, not %s", op, what,
                      FY_TTENSOR_CHECK(dst) ? fy_trace_space_name(((fy_ttensor *)dst)->reg) : fy_type_name(dst));
        return -1;
    }
    if (pred) {
        fy_err_format(&fy_NotImplementedError, "%s: pred= with %s atom is not supported yet", op, what);
        return -1;
    }
    return 0;
}

/* fx.copy(BufferCopyLDS / BufferLoadAsyncLDS atom, src, dst): rocdl.raw.ptr.buffer.load.lds of the atom's bytes from
 * src's first element, to the LDS address readfirstlane(dst) — the hardware takes the wave's LDS address from M0 and
 * lane l writes at M0 + l * bytes — with FlyDSL's range rule (past num_records: 0 is written). The async form
 * moves the same bytes; flyi emits the synchronous op for it (its waits are then the compiler's). */
fy_obj *fy_trace_buffer_lds_copy(const char *op, int bits, int async, fy_obj *src, fy_obj *dst, fy_obj *pred) {
    (void)async;
    fy_tracer *tr = need_tracer("fx.copy of an LDS DMA atom");
    if (!tr) return NULL;
    if (!fy_trace_is_buffer(src))
        return fy_err_format(&fy_TypeError,
                             "%s: a buffer -> LDS atom reads a buffer tensor (fx.rocdl.make_buffer_tensor), not '%s'",
                             op, fy_type_name(src));
    if (lds_dst_check(op, "a buffer -> LDS", dst, pred) < 0) return NULL;
    uint64_t voff;
    if (fy_trace_buffer_base_offset(src, &voff) < 0) return NULL;
    uint64_t mp = lds_m0(tr, (fy_ttensor *)dst), sz = fy_trace_new_ssa(tr), z = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = arith.constant %d : i32", U(sz), bits / 8);
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = arith.constant 0 : i32", U(z));
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      rocdl.raw.ptr.buffer.load.lds %%%llu, %%%llu, %%%llu, %%%llu, %%%llu, %%%llu, %%%llu",
                  U(fy_trace_buffer_rsrc(src)), U(mp), U(sz), U(voff), U(z), U(z), U(z));
    fy_trace_end_line(tr);
    return tr->failed ? fy_err_nomem() : fy_none();
}

/* fx.copy(GlobalLoadAsyncLDS atom, src, dst): FlyDSL's rocdl.global.load.async.lds (src's pointer, dst's, size,
 * offset 0, aux 0) is LLVM's llvm.amdgcn.global.load.async.lds, which flyi's LLVM lacks: flyi emits the synchronous
 * rocdl.global.load.lds of the same operands (the same global_load_lds_dword[x3|x4] instruction, its vmcnt wait then
 * the compiler's), to readfirstlane(dst) as the buffer form does. Lane l reads the atom's bytes at its own address
 * (src's first element) and writes them at the wave's LDS address + l * bytes (16 a lane for 12 bytes). The source
 * view holds at most the atom's bytes (a one-element view or one atom of a tiled copy's partition). */
fy_obj *fy_trace_global_lds_copy(const char *op, int bits, fy_obj *src, fy_obj *dst, fy_obj *pred) {
    fy_tracer *tr = need_tracer("fx.copy of an LDS DMA atom");
    if (!tr) return NULL;
    if (!FY_TTENSOR_CHECK(src) || ((fy_ttensor *)src)->reg != FY_SP_GLOBAL)
        return fy_err_format(&fy_TypeError, "%s: a global -> LDS atom reads a global tensor, not %s", op,
                             fy_trace_is_buffer(src) ? "a buffer tensor (use BufferLoadAsyncLDS)"
                             : FY_TTENSOR_CHECK(src) ? fy_trace_space_name(((fy_ttensor *)src)->reg)
                                                     : fy_type_name(src));
    if (lds_dst_check(op, "a global -> LDS", dst, pred) < 0) return NULL;
    fy_ttensor *s = (fy_ttensor *)src;
    fly_error err;
    int64_t n;
    if (fly_layout_size_static(&s->L, &n, &err)) return fy_dsl_raise(&err);
    if (n * s->et->width > bits)
        return fy_err_format(&fy_ValueError,
                             "%s: a %d-bit global -> LDS atom moves %d bytes a lane; the source view holds %lld %s "
                             "values (copy one atom a call)",
                             op, bits, bits / 8, (long long)n, s->et->name);
    uint64_t gp = fy_trace_global_base(tr, s->ssa, s->ty, fy_trace_mlir_type(s->et));
    uint64_t mp = lds_m0(tr, (fy_ttensor *)dst);
    fy_trace_emit(tr, "      rocdl.global.load.lds %%%llu, %%%llu, %d, 0, 0", U(gp), U(mp), bits / 8);
    fy_trace_end_line(tr);
    return tr->failed ? fy_err_nomem() : fy_none();
}

fy_methoddef fy_trace_buffer_ptr_funcs[] = {
    {"make_buffer_ptr", f_make_buffer_ptr, 0,
     "make_buffer_ptr(ptr, num_records_bytes=None)\nA buffer-descriptor pointer over global pointer ptr "
     "(num_records_bytes: 0xFFFFFFFF when None)."},
    {"get_buffer_rsrc", f_get_buffer_rsrc, 0,
     "get_buffer_rsrc(ptr)\nThe raw buffer resource (!llvm.ptr<8>) of a buffer-descriptor pointer."},
    {"make_ptr", f_make_ptr, 0,
     "make_ptr(result_type, args)\nA buffer-descriptor pointer from [ptr, stride, num_records, flags]."},
    {0}};
