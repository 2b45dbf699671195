/* trace_buffer.c - AMD buffer tensors while tracing (flydsl-surface.md §1.13): the fx.rocdl submodule.
 *
 * fx.rocdl.make_buffer_tensor(t, max_size=True, *, num_records_bytes=None) takes a global kernel tensor
 * and returns a BufferTensor with the same layout over a buffer resource: t's first element as an
 * !llvm.ptr<1> (fly.get_iter + cast), stride 0, num_records (bytes: num_records_bytes when given, else
 * 0xFFFFFFFF with max_size, else cosize(layout) * element bytes) and the CDNA flags (7<<12 | 4<<15),
 * i.e. "rocdl.make.buffer.rsrc". Element access B[crd] / B[crd] = v records fly.make_coord, fly.crd2idx
 * and fly.get_scalar for the element index, scales it to a byte offset and emits
 * rocdl.raw.ptr.buffer.load / store: out of range (past num_records) loads give 0 and stores are dropped,
 * by the hardware rule the emulator follows. Slicing, partitioning, .load()/.store() and fx.copy with the
 * BufferCopy atoms are not supported yet (NotImplementedError). */
#include <stdio.h>
#include <string.h>

#include "dsl/dsl.h"
#include "trace/trace_int.h"

#define U(x) ((unsigned long long)(x))

typedef struct tbuf {
    fy_obj h;
    uint64_t rsrc;       /* the !llvm.ptr<8> resource */
    fy_dsl_numeric *et;
    fly_layout L;
} tbuf;
static fy_type tbuf_type;

static fy_tracer *need_tracer(const char *what) {
    fy_tracer *tr = fy_trace_cur();
    if (!tr) fy_err_format(&fy_RuntimeError, "%s is only usable inside a kernel's trace", what);
    return tr;
}

static fy_obj *f_make_buffer_tensor(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    static const char *const names[] = {"tensor", "max_size", "num_records_bytes", NULL};
    fy_obj *v[3] = {NULL, NULL, NULL};
    if (fy_parse_args("make_buffer_tensor", a, na, kw, names, 1, 2, 3, v) < 0) return NULL;
    fy_tracer *tr = need_tracer("fx.rocdl.make_buffer_tensor");
    if (!tr) return NULL;
    if (!FY_TTENSOR_CHECK(v[0]))
        return fy_err_format(&fy_TypeError, "make_buffer_tensor: expected a kernel tensor in global memory, not '%s'",
                             fy_type_name(v[0]));
    fy_ttensor *t = (fy_ttensor *)v[0];
    if (t->reg) return fy_err_set(&fy_TypeError, "make_buffer_tensor: the tensor must be in global memory, not registers");
    if (t->et->kind == FY_DSL_K_BOOL || t->et->kind == FY_DSL_K_INDEX || t->et->width % 8)
        return fy_err_format(&fy_TypeError, "make_buffer_tensor: %s elements are not supported", t->et->name);
    int max_size = 1;
    if (v[1]) {
        max_size = fy_truthy(v[1]);
        if (max_size < 0) return NULL;
    }
    int64_t eb = t->et->width / 8;
    uint64_t hnr;
    if (v[2] && v[2] != fy_None) {
        fy_obj *n = fy_dsl_num_convert(&fy_dsl_t_i64, v[2]);
        if (!n) return NULL;
        int err = fy_trace_value_as(tr, n, &fy_dsl_t_i64, &hnr) < 0;
        FY_DECREF(n);
        if (err) return NULL;
    } else {
        int64_t nr = 0xFFFFFFFFll;
        if (!max_size) {
            int64_t cs;
            fly_error err;
            if (fly_layout_cosize_static(&t->L, &cs, &err)) return fy_dsl_raise(&err);
            nr = cs * eb;
            if (nr > 0xFFFFFFFFll) nr = 0xFFFFFFFFll;
        }
        hnr = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = arith.constant %lld : i64", U(hnr), (long long)nr);
        fy_trace_end_line(tr);
    }
    const char *ty = fy_trace_mlir_type(t->et);
    uint64_t it = fy_trace_new_ssa(tr), p = fy_trace_new_ssa(tr), st = fy_trace_new_ssa(tr), fl = fy_trace_new_ssa(tr),
             r = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = \"fly.get_iter\"(%%%llu) : (%s) -> !fly.ptr<%s, global>", U(it), U(t->ssa), t->ty, ty);
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = builtin.unrealized_conversion_cast %%%llu : !fly.ptr<%s, global> to !llvm.ptr<1>",
                  U(p), U(it), ty);
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = arith.constant 0 : i16", U(st));
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = arith.constant %d : i32", U(fl), (7 << 12) | (4 << 15));
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = rocdl.make.buffer.rsrc %%%llu, %%%llu, %%%llu, %%%llu : !llvm.ptr<1> to !llvm.ptr<8>",
                  U(r), U(p), U(st), U(hnr), U(fl));
    fy_trace_end_line(tr);
    if (tr->failed) return fy_err_nomem();
    if (fy_type_ready(&tbuf_type) < 0) return NULL;
    tbuf *b = (tbuf *)fy_alloc(&tbuf_type);
    if (!b) return NULL;
    b->rsrc = r;
    b->et = t->et;
    fly_layout_copy(&b->L, &t->L);
    return &b->h;
}

/* The byte offset (an i32 SSA handle) of element key of b; 0 or -1 with an exception. */
static int byte_offset(fy_tracer *tr, tbuf *b, fy_obj *key, uint64_t *out) {
    uint64_t c;
    char cty[300];
    fly_inttuple ct, idx;
    int nnone;
    fly_error err;
    if (fy_trace_coord_emit(tr, &b->L, key, &c, cty, sizeof cty, &ct, &nnone) < 0) return -1;
    if (nnone) {
        fy_err_set(&fy_NotImplementedError,
                   "slicing a buffer tensor is not supported yet; slice the global tensor before make_buffer_tensor");
        return -1;
    }
    if (fly_layout_crd2idx(&b->L, &ct, &idx, &err)) {
        fy_dsl_raise(&err);
        return -1;
    }
    char it[256], lt[512];
    fly_inttuple_print(&idx, it, sizeof it);
    fly_layout_print(&b->L, lt, sizeof lt);
    uint64_t l = fy_trace_static_layout(tr, &b->L);
    uint64_t i = fy_trace_new_ssa(tr), sc = fy_trace_new_ssa(tr), k = fy_trace_new_ssa(tr), o = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = \"fly.crd2idx\"(%%%llu, %%%llu) : (%s, !fly.layout<%s>) -> !fly.int_tuple<%s>", U(i),
                  U(c), U(l), cty, lt, it);
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = \"fly.get_scalar\"(%%%llu) : (!fly.int_tuple<%s>) -> i32", U(sc), U(i), it);
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = arith.constant %d : i32", U(k), b->et->width / 8);
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = arith.muli %%%llu, %%%llu : i32", U(o), U(sc), U(k));
    fy_trace_end_line(tr);
    *out = o;
    return 0;
}

static fy_obj *tb_getitem(fy_obj *o, fy_obj *key) {
    tbuf *b = (tbuf *)o;
    fy_tracer *tr = need_tracer("a buffer tensor");
    uint64_t off;
    if (!tr || byte_offset(tr, b, key, &off) < 0) return NULL;
    uint64_t z = fy_trace_new_ssa(tr), r = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = arith.constant 0 : i32", U(z));
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = rocdl.raw.ptr.buffer.load %%%llu, %%%llu, %%%llu, %%%llu : %s", U(r), U(b->rsrc), U(off),
                  U(z), U(z), fy_trace_mlir_type(b->et));
    fy_trace_end_line(tr);
    return tr->failed ? fy_err_nomem() : fy_dsl_num_dynamic(b->et, r);
}

static int tb_setitem(fy_obj *o, fy_obj *key, fy_obj *val) {
    tbuf *b = (tbuf *)o;
    if (!val) {
        fy_err_set(&fy_TypeError, "buffer tensors do not support item deletion");
        return -1;
    }
    fy_tracer *tr = need_tracer("a buffer tensor");
    if (!tr) return -1;
    if (!FY_DSL_NUM_CHECK(val) && !FY_INT_CHECK(val) && !FY_FLOAT_CHECK(val)) {
        fy_err_format(&fy_TypeError, "cannot store a value of type '%s' into a buffer tensor element", fy_type_name(val));
        return -1;
    }
    uint64_t x, off;
    if (fy_trace_value_as(tr, val, b->et, &x) < 0 || byte_offset(tr, b, key, &off) < 0) return -1;
    uint64_t z = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = arith.constant 0 : i32", U(z));
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      rocdl.raw.ptr.buffer.store %%%llu, %%%llu, %%%llu, %%%llu, %%%llu : %s", U(x), U(b->rsrc), U(off),
                  U(z), U(z), fy_trace_mlir_type(b->et));
    fy_trace_end_line(tr);
    if (tr->failed) {
        fy_err_nomem();
        return -1;
    }
    return 0;
}

static fy_obj *tb_repr(fy_obj *o) {
    tbuf *b = (tbuf *)o;
    char lt[512];
    fly_layout_print(&b->L, lt, sizeof lt);
    return fy_str_printf("Tensor<%s, #fly_rocdl.buffer_desc, %s>", fy_trace_mlir_type(b->et), lt);
}
static fy_obj *tb_shape(fy_obj *o) { return fy_dsl_inttuple_new(&((tbuf *)o)->L.shape); }
static fy_obj *tb_stride(fy_obj *o) { return fy_dsl_inttuple_new(&((tbuf *)o)->L.stride); }
static fy_obj *tb_layout(fy_obj *o) { return fy_dsl_layout_new(&((tbuf *)o)->L); }
static fy_obj *tb_dtype(fy_obj *o) { return fy_ref(&((tbuf *)o)->et->h); }
static fy_obj *tb_as(fy_obj *o) {
    (void)o;
    return fy_str_from_cstr("buffer_desc");
}

static fy_obj *tb_unsupported(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self, (void)a, (void)na, (void)kw;
    return fy_err_set(&fy_NotImplementedError,
                      "whole-tensor load/store/fill of a buffer tensor is not supported yet; index its elements");
}

static fy_methoddef tb_methods[] = {
    {"load", tb_unsupported, 0, "load()\nNot supported yet for buffer tensors."},
    {"store", tb_unsupported, 0, "store(vec)\nNot supported yet for buffer tensors."},
    {"fill", tb_unsupported, 0, "fill(x)\nNot supported yet for buffer tensors."},
    {0}};
static fy_getsetdef tb_getsets[] = {{"shape", tb_shape, NULL, "the shape (IntTuple)"},
                                    {"stride", tb_stride, NULL, "the stride (IntTuple)"},
                                    {"layout", tb_layout, NULL, "the layout"},
                                    {"dtype", tb_dtype, NULL, "the element type"},
                                    {"element_type", tb_dtype, NULL, "the element type"},
                                    {"address_space", tb_as, NULL, "buffer_desc"},
                                    {0}};
static fy_type tbuf_type = {FY_TYPE_INIT("BufferTensor", sizeof(tbuf)), .flags = FY_TPF_FINAL, .repr = tb_repr,
                            .getitem = tb_getitem, .setitem = tb_setitem, .getsets = tb_getsets, .methods = tb_methods};

static fy_obj *f_buffer_copy(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s, (void)a, (void)na, (void)kw;
    return fy_err_set(&fy_NotImplementedError,
                      "fx.rocdl.BufferCopy atoms are not supported yet: index the buffer tensor's elements "
                      "(B[i] = A[i]) or use fx.UniversalCopy on global tensors");
}

static fy_methoddef buffer_funcs[] = {
    {"make_buffer_tensor", f_make_buffer_tensor, 0,
     "make_buffer_tensor(tensor, max_size=True, *, num_records_bytes=None)\nThe tensor over an AMD buffer resource: "
     "out-of-range loads give 0, stores are dropped."},
    {"BufferCopy", f_buffer_copy, 0, "BufferCopy(bits)\nNot supported yet."},
    {"BufferCopy8b", f_buffer_copy, 0, "BufferCopy8b()\nNot supported yet."},
    {"BufferCopy16b", f_buffer_copy, 0, "BufferCopy16b()\nNot supported yet."},
    {"BufferCopy32b", f_buffer_copy, 0, "BufferCopy32b()\nNot supported yet."},
    {"BufferCopy64b", f_buffer_copy, 0, "BufferCopy64b()\nNot supported yet."},
    {"BufferCopy128b", f_buffer_copy, 0, "BufferCopy128b()\nNot supported yet."},
    {0}};

int fy_trace_add_buffer_fx(fy_obj *m) {
    if (fy_dict_get_cstr(FY_MODULE_DICT(m), "rocdl")) return 0;
    fy_obj *r = fy_module_new("flydsl.expr.rocdl");
    if (!r) return -1;
    for (fy_methoddef *d = buffer_funcs; d->name; d++) {
        fy_obj *f = fy_cfunction_new(d, r);
        if (!f || fy_module_add_steal(r, d->name, f) < 0) {
            FY_DECREF(r);
            return -1;
        }
    }
    return fy_module_add_steal(m, "rocdl", r);
}
