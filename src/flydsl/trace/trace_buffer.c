/* trace_buffer.c - AMD buffer tensors while tracing (flydsl-surface.md §1.13): the fx.rocdl submodule.
 *
 * fx.rocdl.make_buffer_tensor(t, max_size=True, *, num_records_bytes=None) takes a global kernel tensor
 * and returns a BufferTensor with the same layout over a buffer resource: t's first element as an
 * !llvm.ptr<1> (fly.get_iter + cast), stride 0, num_records (bytes: num_records_bytes when given, else
 * 0xFFFFFFFF with max_size, else cosize(layout) * element bytes) and the CDNA flags (7<<12 | 4<<15),
 * i.e. "rocdl.make.buffer.rsrc". Element access B[crd] / B[crd] = v records fly.make_coord, fly.crd2idx
 * and fly.get_scalar for the element index, scales it to a byte offset and emits
 * rocdl.raw.ptr.buffer.load / store (fp8 elements as their i8 bits): out of range (past num_records) loads give 0
 * and stores are dropped,
 * by the hardware rule the emulator follows. Divides and slices (fx.logical_divide, fx.slice(b, (None, i)))
 * give buffer tensors over the same resource with a moved element offset; fx.rocdl.BufferCopy* atoms copy
 * through it (fx.copy / copy_atom_call, trace_pred.c): on a static layout as fly.copy / fly.copy_atom_call of a
 * !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<bits>, W> on a !fly.memref<T, #fly_rocdl.buffer_desc, L> view
 * (fy_trace_buffer_memref), else element by element. A tiled copy's partition_S /
 * partition_D of a buffer tensor (trace_copy.c) is a buffer tensor again, and make_fragment_like of one is a
 * register tensor of its shape. Whole-tensor .load() / .store(vec) / .fill(x) go element by element (flat index
 * order) through the resource, with the same out-of-range rule. */
#include <stdio.h>
#include <string.h>

#include "flydsl/api/dsl.h"
#include "flydsl/mlir/mlir.h"
#include "flydsl/trace/trace_int.h"

#define U(x) ((unsigned long long)(x))

/* A buffer tensor over a static layout tracks its element offset at trace time (off). One made from a tensor
 * with a dynamic layout (FlyDSL's default for torch arguments) keeps a shadow: the global kernel tensor viewing
 * the same elements, on which divides, slices and partitions are done by the ordinary tensor code (fly ops that
 * handle dynamic leaves); an element's offset is then its shadow's iterator minus the resource's base, plus
 * crd2idx through the shadow's layout. */
typedef struct tbuf {
    fy_obj h;
    uint64_t rsrc;       /* the !llvm.ptr<8> resource */
    fy_dsl_numeric *et;
    fly_layout L;
    fy_obj *off;         /* element offset of a slice (a Python int or a traced Int32), NULL: none */
    fy_obj *shadow;      /* the global tensor viewing the same elements (dynamic origin), else NULL */
    uint64_t base;       /* with a shadow: the resource's first element, an i64 address */
    int ptr;             /* seen as a pointer (fx.get_iter, make_buffer_ptr): .type is !fly.ptr<T, #fly_rocdl...> */
    int align;           /* a pointer's alignment in bytes (0: the element's) */
} tbuf;
static fy_type tbuf_type;
static void tbuf_dealloc(fy_obj *o) {
    FY_CLEAR(((tbuf *)o)->off);
    FY_CLEAR(((tbuf *)o)->shadow);
}

static fy_obj *tbuf_with(tbuf *b, const fly_layout *L, fy_obj *off) {
    if (fy_type_ready(&tbuf_type) < 0) return NULL;
    tbuf *r = (tbuf *)fy_alloc(&tbuf_type);
    if (!r) return NULL;
    r->rsrc = b->rsrc;
    r->et = b->et;
    fly_layout_copy(&r->L, L);
    r->off = off ? fy_ref(off) : NULL;
    r->shadow = b->shadow ? fy_ref(b->shadow) : NULL;
    r->base = b->base;
    r->ptr = 0;
    r->align = b->align;
    return &r->h;
}

/* A buffer tensor like b over shadow view v (a global kernel tensor; its layout becomes the buffer's); steals v. */
static fy_obj *tbuf_over(tbuf *b, fy_obj *v) {
    if (!v) return NULL;
    if (!FY_TTENSOR_CHECK(v)) {
        FY_DECREF(v);
        return fy_err_set(&fy_TypeError, "a buffer tensor's view must be a kernel tensor");
    }
    fy_obj *r = tbuf_with(b, &((fy_ttensor *)v)->L, NULL);
    if (r) FY_SETREF(((tbuf *)r)->shadow, v);
    else FY_DECREF(v);
    return r;
}

int fy_trace_is_buffer(fy_obj *o) { return o && FY_TYPE(o) == &tbuf_type; }
fy_obj *fy_trace_buffer_with_layout(fy_obj *o, const fly_layout *L) {
    return tbuf_with((tbuf *)o, L, ((tbuf *)o)->off);
}
fy_obj *fy_trace_buffer_shadow(fy_obj *o) { return ((tbuf *)o)->shadow; }
fy_obj *fy_trace_buffer_over(fy_obj *o, fy_obj *view) { return tbuf_over((tbuf *)o, view); }
const fly_layout *fy_trace_buffer_layout(fy_obj *o, fy_dsl_numeric **et) {
    if (et) *et = ((tbuf *)o)->et;
    return &((tbuf *)o)->L;
}

static int shadow_origin(fy_tracer *tr, tbuf *b, uint64_t *out);

uint64_t fy_trace_global_base(fy_tracer *tr, uint64_t ssa, const char *ty, const char *et) {
    uint64_t it = fy_trace_new_ssa(tr), p = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = \"fly.get_iter\"(%%%llu) : (%s) -> !fly.ptr<%s, global>", U(it), U(ssa), ty, et);
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = builtin.unrealized_conversion_cast %%%llu : !fly.ptr<%s, global> to !llvm.ptr<1>",
                  U(p), U(it), et);
    fy_trace_end_line(tr);
    return p;
}

uint64_t fy_trace_buffer_rsrc_emit(fy_tracer *tr, uint64_t base, uint64_t stride, uint64_t num, uint64_t flags) {
    if (!stride) {
        stride = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = arith.constant 0 : i16", U(stride));
        fy_trace_end_line(tr);
    }
    if (!flags) {
        flags = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = arith.constant %d : i32", U(flags), (7 << 12) | (4 << 15));
        fy_trace_end_line(tr);
    }
    uint64_t r = fy_trace_new_ssa(tr);
    fy_trace_emit(tr,
                  "      %%%llu = rocdl.make.buffer.rsrc %%%llu, %%%llu, %%%llu, %%%llu : !llvm.ptr<1> to !llvm.ptr<8>",
                  U(r), U(base), U(stride), U(num), U(flags));
    fy_trace_end_line(tr);
    return r;
}

fy_obj *fy_trace_buffer_new(uint64_t rsrc, fy_dsl_numeric *et, const fly_layout *L) {
    if (fy_trace_cur() && fy_trace_cur()->failed) return fy_err_nomem();
    if (fy_type_ready(&tbuf_type) < 0) return NULL;
    tbuf *b = (tbuf *)fy_alloc(&tbuf_type);
    if (!b) return NULL;
    b->rsrc = rsrc;
    b->et = et;
    fly_layout_copy(&b->L, L);
    b->off = NULL;
    b->shadow = NULL;
    b->ptr = 0;
    b->align = 0;
    return &b->h;
}

void fy_trace_buffer_set_align(fy_obj *o, int align) { ((tbuf *)o)->align = align; }

uint64_t fy_trace_buffer_rsrc(fy_obj *o) { return ((tbuf *)o)->rsrc; }
int fy_trace_buffer_is_ptr(fy_obj *o) { return fy_trace_is_buffer(o) && ((tbuf *)o)->ptr; }

fy_obj *fy_trace_buffer_as_ptr(fy_obj *o, fy_dsl_numeric *et) {
    tbuf *b = (tbuf *)o;
    if (et && et->width != b->et->width)
        return fy_err_format(&fy_NotImplementedError,
                             "recast_iter of a buffer-descriptor pointer from %s to %s (elements of another width) is "
                             "not supported",
                             b->et->name, et->name);
    fy_obj *r = tbuf_with(b, &b->L, b->off);
    if (!r) return NULL;
    ((tbuf *)r)->ptr = 1;
    if (et) ((tbuf *)r)->et = et;
    return r;
}

/* Buffer tensor o as a !fly.memref<T, #fly_rocdl.buffer_desc, L> value for copy atoms: its resource and element
 * offset carried by one cast to the buffer pointer, viewed with its (static) layout; a static piece of a tensor
 * with a dynamic origin (a thread's partition of a torch argument) starts at its shadow's first element. 1 with
 * *ssa and ty set; 0 when o has no such view (a dynamic layout: copies then go element by element); -1 with an
 * exception. */
int fy_trace_buffer_memref(fy_obj *o, uint64_t *ssa, char *ty, size_t cap) {
    if (FY_TYPE(o) != &tbuf_type) return 0; /* not a buffer tensor (any value reaches here from ir_value) */
    tbuf *b = (tbuf *)o;
    fy_tracer *tr = fy_trace_cur();
    if (!tr || !fly_layout_is_static(&b->L)) return 0;
    uint64_t off;
    if (b->shadow) { /* a static piece (a thread's partition) of a dynamic tensor: its first element's offset */
        if (shadow_origin(tr, b, &off) < 0) return -1;
    } else if (b->off) {
        if (fy_trace_value_as(tr, b->off, &fy_dsl_t_i32, &off) < 0) return -1;
    } else {
        off = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = arith.constant 0 : i32", U(off));
        fy_trace_end_line(tr);
    }
    const char *et = fy_trace_mlir_type(b->et);
    char lt[512];
    fly_layout_print(&b->L, lt, sizeof lt);
    uint64_t p = fy_trace_new_ssa(tr), l = fy_trace_static_layout(tr, &b->L), m = fy_trace_new_ssa(tr);
    fy_trace_emit(tr,
                  "      %%%llu = builtin.unrealized_conversion_cast %%%llu, %%%llu : !llvm.ptr<8>, i32 to "
                  "!fly.ptr<%s, #fly_rocdl.buffer_desc>",
                  U(p), U(b->rsrc), U(off), et);
    fy_trace_end_line(tr);
    snprintf(ty, cap, "!fly.memref<%s, #fly_rocdl.buffer_desc, %s>", et, lt);
    fy_trace_emit(tr,
                  "      %%%llu = \"fly.make_view\"(%%%llu, %%%llu) : (!fly.ptr<%s, #fly_rocdl.buffer_desc>, "
                  "!fly.layout<%s>) -> %s",
                  U(m), U(p), U(l), et, lt, ty);
    fy_trace_end_line(tr);
    *ssa = m;
    return tr->failed ? (fy_err_nomem(), -1) : 1;
}

static fy_tracer *need_tracer(const char *what) {
    fy_tracer *tr = fy_trace_cur();
    if (!tr) fy_err_format(&fy_RuntimeError, "%s is only usable inside a kernel's trace", what);
    return tr;
}

/* Buffer tensor o with every access moved by soff elements (an int or a traced integer: FlyDSL's copy(...,
 * soffset=) of a buffer atom, counted in the atom's values). */
fy_obj *fy_trace_buffer_soffset(fy_obj *o, fy_obj *soff) {
    tbuf *b = (tbuf *)o;
    fy_tracer *tr = need_tracer("copy(soffset=)");
    if (!tr) return NULL;
    if (b->shadow) { /* an element's offset is measured from base: move base back by soff elements */
        uint64_t x, k, by, nb;
        if (fy_trace_value_as(tr, soff, &fy_dsl_t_i64, &x) < 0) return NULL;
        k = fy_trace_new_ssa(tr), by = fy_trace_new_ssa(tr), nb = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = arith.constant %d : i64", U(k), b->et->width / 8);
        fy_trace_end_line(tr);
        fy_trace_emit(tr, "      %%%llu = arith.muli %%%llu, %%%llu : i64", U(by), U(x), U(k));
        fy_trace_end_line(tr);
        fy_trace_emit(tr, "      %%%llu = arith.subi %%%llu, %%%llu : i64", U(nb), U(b->base), U(by));
        fy_trace_end_line(tr);
        if (tr->failed) return fy_err_nomem();
        fy_obj *r = tbuf_with(b, &b->L, b->off);
        if (r) ((tbuf *)r)->base = nb;
        return r;
    }
    fy_obj *off = b->off ? fy_binop(b->off, soff, FY_NB_ADD) : fy_ref(soff);
    if (!off) return NULL;
    fy_obj *r = tbuf_with(b, &b->L, off);
    FY_DECREF(off);
    return r;
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
    if (t->reg)
        return fy_err_set(&fy_TypeError, "make_buffer_tensor: the tensor must be in global memory, not registers");
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
    } else if (!max_size && !fly_layout_is_static(&t->L)) {
        /* cosize(layout) * element bytes, computed in the kernel */
        char lt[512];
        fly_layout_print(&t->L, lt, sizeof lt);
        uint64_t l = fy_trace_new_ssa(tr), c = fy_trace_new_ssa(tr), v = fy_trace_new_ssa(tr), w = fy_trace_new_ssa(tr),
                 k = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = \"fly.get_layout\"(%%%llu) : (%s) -> !fly.layout<%s>", U(l), U(t->ssa), t->ty,
                      lt);
        fy_trace_end_line(tr);
        fy_trace_emit(tr, "      %%%llu = \"fly.cosize\"(%%%llu) : (!fly.layout<%s>) -> !fly.int_tuple<?{i64}>", U(c),
                      U(l), lt);
        fy_trace_end_line(tr);
        fy_trace_emit(tr, "      %%%llu = \"fly.get_scalar\"(%%%llu) : (!fly.int_tuple<?{i64}>) -> i64", U(v), U(c));
        fy_trace_end_line(tr);
        fy_trace_emit(tr, "      %%%llu = arith.constant %lld : i64", U(k), (long long)eb);
        fy_trace_end_line(tr);
        fy_trace_emit(tr, "      %%%llu = arith.muli %%%llu, %%%llu : i64", U(w), U(v), U(k));
        fy_trace_end_line(tr);
        /* clamped to the 32-bit record field, as the static count is */
        uint64_t mx = fy_trace_new_ssa(tr);
        hnr = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = arith.constant 4294967295 : i64", U(mx));
        fy_trace_end_line(tr);
        fy_trace_emit(tr, "      %%%llu = arith.minui %%%llu, %%%llu : i64", U(hnr), U(w), U(mx));
        fy_trace_end_line(tr);
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
    uint64_t p = fy_trace_global_base(tr, t->ssa, t->ty, fy_trace_mlir_type(t->et));
    fy_obj *bo = fy_trace_buffer_new(fy_trace_buffer_rsrc_emit(tr, p, 0, hnr, 0), t->et, &t->L);
    if (!bo) return NULL;
    tbuf *b = (tbuf *)bo;
    if (!fly_layout_is_static(&t->L)) { /* shadow mode: the base address for offsets */
        b->shadow = fy_ref(v[0]);
        b->base = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = llvm.ptrtoint %%%llu : !llvm.ptr<1> to i64", U(b->base), U(p));
        fy_trace_end_line(tr);
        if (tr->failed) {
            FY_DECREF(&b->h);
            return fy_err_nomem();
        }
    }
    return &b->h;
}

/* With a shadow: the element offset (i32) of the shadow's first element, (iter(shadow) - base) / bytes. */
static int shadow_origin(fy_tracer *tr, tbuf *b, uint64_t *out) {
    fy_ttensor *v = (fy_ttensor *)b->shadow;
    const char *ty = fy_trace_mlir_type(v->et); /* the shadow's (a recast pointer's elements are b->et) */
    uint64_t pp = fy_trace_global_base(tr, v->ssa, v->ty, ty);
    uint64_t pi = fy_trace_new_ssa(tr), d = fy_trace_new_ssa(tr), k = fy_trace_new_ssa(tr), q = fy_trace_new_ssa(tr),
             q32 = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = llvm.ptrtoint %%%llu : !llvm.ptr<1> to i64", U(pi), U(pp));
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = arith.subi %%%llu, %%%llu : i64", U(d), U(pi), U(b->base));
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = arith.constant %d : i64", U(k), b->et->width / 8);
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = arith.divsi %%%llu, %%%llu : i64", U(q), U(d), U(k));
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = arith.trunci %%%llu : i64 to i32", U(q32), U(q));
    fy_trace_end_line(tr);
    *out = q32;
    return tr->failed ? (fy_err_nomem(), -1) : 0;
}

/* With a shadow: the element offset (i32) of coordinate key: (iter(shadow) - base) / bytes + crd2idx(key, layout). */
static int shadow_offset(fy_tracer *tr, tbuf *b, fy_obj *key, uint64_t *out) {
    fy_ttensor *v = (fy_ttensor *)b->shadow;
    uint64_t c;
    char cty[300], lt[512];
    fly_inttuple ct;
    int nnone;
    if (fy_trace_coord_emit(tr, &v->L, key, &c, cty, sizeof cty, &ct, &nnone) < 0) return -1;
    if (nnone) {
        fy_err_set(&fy_NotImplementedError, "assigning to a slice of a buffer tensor is not supported");
        return -1;
    }
    fly_layout_print(&v->L, lt, sizeof lt);
    uint64_t q32, l = fy_trace_new_ssa(tr), ix = fy_trace_new_ssa(tr), sc = fy_trace_new_ssa(tr),
                  sum = fy_trace_new_ssa(tr);
    if (shadow_origin(tr, b, &q32) < 0) return -1;
    fy_trace_emit(tr, "      %%%llu = \"fly.get_layout\"(%%%llu) : (%s) -> !fly.layout<%s>", U(l), U(v->ssa), v->ty,
                  lt);
    fy_trace_end_line(tr);
    /* the result type the verifier infers: crd2idx computed here (dynamic leaves stay '?') */
    fly_inttuple idx;
    fly_error err;
    char it2[256];
    if (fly_layout_crd2idx(&v->L, &ct, &idx, &err)) {
        fy_dsl_raise(&err);
        return -1;
    }
    fly_inttuple_print(&idx, it2, sizeof it2);
    int wide = fly_inttuple_is_leaf(&idx) && idx.n[0].kind == FLY_IT_DYN && (idx.n[0].flags & FLY_IT_F_I64);
    fy_trace_emit(tr, "      %%%llu = \"fly.crd2idx\"(%%%llu, %%%llu) : (%s, !fly.layout<%s>) -> !fly.int_tuple<%s>",
                  U(ix), U(c), U(l), cty, lt, it2);
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = \"fly.get_scalar\"(%%%llu) : (!fly.int_tuple<%s>) -> %s", U(sc), U(ix), it2,
                  wide ? "i64" : "i32");
    fy_trace_end_line(tr);
    if (wide) {
        uint64_t n = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = arith.trunci %%%llu : i64 to i32", U(n), U(sc));
        fy_trace_end_line(tr);
        sc = n;
    }
    fy_trace_emit(tr, "      %%%llu = arith.addi %%%llu, %%%llu : i32", U(sum), U(q32), U(sc));
    fy_trace_end_line(tr);
    *out = sum;
    return tr->failed ? (fy_err_nomem(), -1) : 0;
}

/* The byte offset (an i32 SSA handle) of element key of b; 0 or -1 with an exception. */
static int byte_offset(fy_tracer *tr, tbuf *b, fy_obj *key, uint64_t *out) {
    uint64_t c;
    char cty[300];
    fly_inttuple ct, idx;
    int nnone;
    fly_error err;
    if (b->shadow) {
        uint64_t e, k = fy_trace_new_ssa(tr), o = fy_trace_new_ssa(tr);
        if (shadow_offset(tr, b, key, &e) < 0) return -1;
        fy_trace_emit(tr, "      %%%llu = arith.constant %d : i32", U(k), b->et->width / 8);
        fy_trace_end_line(tr);
        fy_trace_emit(tr, "      %%%llu = arith.muli %%%llu, %%%llu : i32", U(o), U(e), U(k));
        fy_trace_end_line(tr);
        *out = o;
        return tr->failed ? (fy_err_nomem(), -1) : 0;
    }
    if (fy_trace_coord_emit(tr, &b->L, key, &c, cty, sizeof cty, &ct, &nnone) < 0) return -1;
    if (nnone) {
        fy_err_set(&fy_NotImplementedError, "assigning to a slice of a buffer tensor is not supported");
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
    fy_trace_emit(tr, "      %%%llu = \"fly.crd2idx\"(%%%llu, %%%llu) : (%s, !fly.layout<%s>) -> !fly.int_tuple<%s>",
                  U(i), U(c), U(l), cty, lt, it);
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = \"fly.get_scalar\"(%%%llu) : (!fly.int_tuple<%s>) -> i32", U(sc), U(i), it);
    fy_trace_end_line(tr);
    if (b->off) { /* a slice's element offset */
        uint64_t so, sum;
        if (fy_trace_value_as(tr, b->off, &fy_dsl_t_i32, &so) < 0) return -1;
        sum = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = arith.addi %%%llu, %%%llu : i32", U(sum), U(sc), U(so));
        fy_trace_end_line(tr);
        sc = sum;
    }
    fy_trace_emit(tr, "      %%%llu = arith.constant %d : i32", U(k), b->et->width / 8);
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = arith.muli %%%llu, %%%llu : i32", U(o), U(sc), U(k));
    fy_trace_end_line(tr);
    *out = o;
    return 0;
}

int fy_trace_buffer_base_offset(fy_obj *o, uint64_t *out) {
    fy_tracer *tr = need_tracer("a buffer tensor");
    fy_obj *k = tr ? fy_int_from(0) : NULL;
    int r = k ? byte_offset(tr, (tbuf *)o, k, out) : -1;
    FY_XDECREF(k);
    return r;
}

/* b[key] with None leaves: the sliced buffer tensor, its element offset moved by the fixed part of key. */
static int has_none(fy_obj *key) {
    if (key == fy_None) return 1;
    if (!FY_TUPLE_CHECK(key)) return 0;
    size_t n;
    fy_obj **it = fy_seq_items(key, &n);
    for (size_t i = 0; i < n; i++)
        if (has_none(it[i])) return 1;
    return 0;
}

static fy_obj *tb_slice(tbuf *b, fy_obj *key, int *done) {
    fly_layout S;
    int nnone;
    *done = 0;
    if (b->shadow) { /* slice the shadow view; element reads are not slices */
        if (!has_none(key)) return NULL;
        *done = 1;
        return tbuf_over(b, FY_TYPE(b->shadow)->getitem(b->shadow, key));
    }
    fy_obj *off = fy_trace_coord_offset(&b->L, key, &S, &nnone);
    if (!off) return (*done = 1), NULL;
    if (!nnone) {
        FY_DECREF(off);
        return NULL;
    }
    *done = 1;
    fy_obj *sum = b->off ? fy_binop(b->off, off, FY_NB_ADD) : fy_ref(off);
    FY_DECREF(off);
    if (!sum) return NULL;
    fy_obj *r = tbuf_with(b, &S, sum);
    FY_DECREF(sum);
    return r;
}

/* An fp8 MLIR element type (f8E4M3FNUZ, f8E4M3FN, f8E5M2...)? */
static int is_f8(const char *ty) { return !strncmp(ty, "f8E", 3); }

static fy_obj *tb_getitem(fy_obj *o, fy_obj *key) {
    tbuf *b = (tbuf *)o;
    fy_tracer *tr = need_tracer("a buffer tensor");
    uint64_t off;
    int done;
    if (tr) {
        fy_obj *sl = tb_slice(b, key, &done);
        if (done) return sl;
    }
    if (!tr || byte_offset(tr, b, key, &off) < 0) return NULL;
    uint64_t z = fy_trace_new_ssa(tr), r = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = arith.constant 0 : i32", U(z));
    fy_trace_end_line(tr);
    const char *ty = fy_trace_mlir_type(b->et);
    int f8 = is_f8(ty); /* fp8 elements move as their i8 bits (LLVM has no fp8 types) */
    fy_trace_emit(tr, "      %%%llu = rocdl.raw.ptr.buffer.load %%%llu, %%%llu, %%%llu, %%%llu : %s", U(r), U(b->rsrc),
                  U(off), U(z), U(z), f8 ? "i8" : ty);
    fy_trace_end_line(tr);
    if (f8) {
        uint64_t c = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = arith.bitcast %%%llu : i8 to %s", U(c), U(r), ty);
        fy_trace_end_line(tr);
        r = c;
    }
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
    fy_obj *asnum = fy_mlir_as_numeric(val); /* an ir.Value: its numeric */
    if (asnum) {
        int r = tb_setitem(o, key, asnum);
        FY_DECREF(asnum);
        return r;
    }
    if (fy_err_occurred()) return -1;
    if (!FY_DSL_NUM_CHECK(val) && !FY_INT_CHECK(val) && !FY_FLOAT_CHECK(val)) {
        fy_err_format(&fy_TypeError, "cannot store a value of type '%s' into a buffer tensor element",
                      fy_type_name(val));
        return -1;
    }
    uint64_t x, off;
    if (fy_trace_value_as(tr, val, b->et, &x) < 0 || byte_offset(tr, b, key, &off) < 0) return -1;
    uint64_t z = fy_trace_new_ssa(tr);
    const char *ty = fy_trace_mlir_type(b->et);
    int f8 = is_f8(ty);
    fy_trace_emit(tr, "      %%%llu = arith.constant 0 : i32", U(z));
    fy_trace_end_line(tr);
    if (f8) {
        uint64_t c = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = arith.bitcast %%%llu : %s to i8", U(c), U(x), ty);
        fy_trace_end_line(tr);
        x = c;
    }
    fy_trace_emit(tr, "      rocdl.raw.ptr.buffer.store %%%llu, %%%llu, %%%llu, %%%llu, %%%llu : %s", U(x), U(b->rsrc),
                  U(off), U(z), U(z), f8 ? "i8" : ty);
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
    if (b->ptr) return fy_str_printf("Pointer<%s, #fly_rocdl.buffer_desc>", fy_trace_mlir_type(b->et));
    fly_layout_print(&b->L, lt, sizeof lt);
    return fy_str_printf("Tensor<%s, #fly_rocdl.buffer_desc, %s>", fy_trace_mlir_type(b->et), lt);
}
/* .type: a pointer's !fly.ptr<T, #fly_rocdl.buffer_desc>, a tensor's !fly.memref<T, #fly_rocdl.buffer_desc, L>
 * (FlyDSL prints no align<> for the element's own alignment) */
static fy_obj *tb_type(fy_obj *o) {
    tbuf *b = (tbuf *)o;
    char lt[512], t[700];
    if (b->ptr && b->align && b->align != (b->et->width + 7) / 8) {
        snprintf(t, sizeof t, "!fly.ptr<%s, #fly_rocdl.buffer_desc, align<%d>>", fy_trace_mlir_type(b->et), b->align);
    } else if (b->ptr) {
        snprintf(t, sizeof t, "!fly.ptr<%s, #fly_rocdl.buffer_desc>", fy_trace_mlir_type(b->et));
    } else {
        fly_layout_print(&b->L, lt, sizeof lt);
        snprintf(t, sizeof t, "!fly.memref<%s, #fly_rocdl.buffer_desc, %s>", fy_trace_mlir_type(b->et), lt);
    }
    return fy_dsl_ir_type(t);
}
static fy_obj *tb_align(fy_obj *o) {
    return fy_int_from(((tbuf *)o)->align ? ((tbuf *)o)->align : (((tbuf *)o)->et->width + 7) / 8);
}
static fy_obj *tb_shape(fy_obj *o) { return fy_dsl_inttuple_new(&((tbuf *)o)->L.shape); }
static fy_obj *tb_stride(fy_obj *o) { return fy_dsl_inttuple_new(&((tbuf *)o)->L.stride); }
static fy_obj *tb_layout(fy_obj *o) { return fy_dsl_layout_new(&((tbuf *)o)->L); }
static fy_obj *tb_dtype(fy_obj *o) { return fy_ref(&((tbuf *)o)->et->h); }
static fy_obj *tb_as(fy_obj *o) {
    (void)o;
    return fy_str_from_cstr("buffer_desc");
}

/* The element count of b (static layouts only); -1 with an exception. */
static int64_t tb_size(tbuf *b, const char *op) {
    int64_t n;
    fly_error err;
    if (fly_layout_size_static(&b->L, &n, &err)) {
        fy_dsl_raise(&err);
        return -1;
    }
    if (n < 1 || n > 4096) {
        fy_err_format(&fy_ValueError, "%s: a buffer tensor of %lld elements (1..4096 supported)", op, (long long)n);
        return -1;
    }
    return n;
}

/* b.load(): every element (flat index order) through the resource, as a Vector (out of range: 0). */
static fy_obj *tb_load(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)a;
    tbuf *b = (tbuf *)self;
    if (fy_no_kwargs("load", kw) < 0 || fy_check_nargs("load", na, 0, 0) < 0) return NULL;
    fy_tracer *tr = need_tracer("load()");
    int64_t n = tr ? tb_size(b, "load") : -1;
    if (n < 0) return NULL;
    uint64_t *e = fy_malloc((size_t)n * sizeof *e);
    if (!e) return fy_err_nomem();
    for (int64_t i = 0; i < n; i++) {
        fy_obj *k = fy_int_from(i), *x = k ? tb_getitem(self, k) : NULL;
        FY_XDECREF(k);
        int bad = !x || fy_trace_value_as(tr, x, b->et, &e[i]) < 0;
        FY_XDECREF(x);
        if (bad) {
            fy_free(e);
            return NULL;
        }
    }
    uint64_t id = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = vector.from_elements ", U(id));
    for (int64_t i = 0; i < n; i++) fy_trace_emit(tr, "%s%%%llu", i ? ", " : "", U(e[i]));
    fy_trace_emit(tr, " : vector<%lldx%s>", (long long)n, fy_trace_mlir_type(b->et));
    fy_trace_end_line(tr);
    fy_free(e);
    return tr->failed ? fy_err_nomem() : fy_tvector_new(id, b->et, n);
}

/* b.store(vec) / b.fill(x): every element written through the resource (out of range: dropped). */
static fy_obj *tb_write(fy_obj *self, fy_obj *x, int fill, const char *op) {
    tbuf *b = (tbuf *)self;
    fy_tracer *tr = need_tracer(op);
    int64_t n = tr ? tb_size(b, op) : -1;
    if (n < 0) return NULL;
    uint64_t vs = 0;
    fy_dsl_numeric *vt = NULL;
    int64_t vn = 0;
    if (!fill) {
        if (fy_tvector_parts(x, &vs, &vt, &vn) < 0)
            return fy_err_format(&fy_TypeError, "store: expected a Vector, not '%s'", fy_type_name(x));
        if (vn != n)
            return fy_err_format(&fy_ValueError, "store: a Vector of %lld elements into %lld", (long long)vn,
                                 (long long)n);
        if (vt != b->et)
            return fy_err_format(&fy_TypeError,
                                 "store: a Vector of %s into a buffer tensor of %s (convert with .to(%s))", vt->name,
                                 b->et->name, b->et->name);
    }
    for (int64_t i = 0; i < n; i++) {
        fy_obj *v;
        if (fill) {
            v = fy_ref(x);
        } else {
            uint64_t id = fy_trace_new_ssa(tr);
            fy_trace_emit(tr, "      %%%llu = vector.extract %%%llu[%lld] : %s from vector<%lldx%s>", U(id), U(vs),
                          (long long)i, fy_trace_mlir_type(vt), (long long)vn, fy_trace_mlir_type(vt));
            fy_trace_end_line(tr);
            v = fy_dsl_num_dynamic(vt, id);
        }
        fy_obj *k = v ? fy_int_from(i) : NULL;
        int r = k ? tb_setitem(self, k, v) : -1;
        FY_XDECREF(k);
        FY_XDECREF(v);
        if (r < 0) return NULL;
    }
    return tr->failed ? fy_err_nomem() : fy_none();
}
static fy_obj *tb_store(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (fy_no_kwargs("store", kw) < 0 || fy_check_nargs("store", na, 1, 1) < 0) return NULL;
    return tb_write(self, a[0], 0, "store()");
}
static fy_obj *tb_fill(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (fy_no_kwargs("fill", kw) < 0 || fy_check_nargs("fill", na, 1, 1) < 0) return NULL;
    return tb_write(self, a[0], 1, "fill()");
}

static fy_methoddef tb_methods[] = {
    {"load", tb_load, 0, "load()\nAll elements as a Vector (reads past num_records give 0)."},
    {"store", tb_store, 0, "store(vec)\nWrites every element (writes past num_records are dropped)."},
    {"fill", tb_fill, 0, "fill(x)\nWrites x to every element (writes past num_records are dropped)."},
    {0}};
static fy_getsetdef tb_getsets[] = {{"shape", tb_shape, NULL, "the shape (IntTuple)"},
                                    {"stride", tb_stride, NULL, "the stride (IntTuple)"},
                                    {"layout", tb_layout, NULL, "the layout"},
                                    {"dtype", tb_dtype, NULL, "the element type"},
                                    {"element_type", tb_dtype, NULL, "the element type"},
                                    {"address_space", tb_as, NULL, "buffer_desc"},
                                    {"memspace", tb_as, NULL, "buffer_desc (FlyDSL's other name)"},
                                    {"type", tb_type, NULL, "the MLIR type (!fly.ptr or !fly.memref, buffer_desc)"},
                                    {"alignment", tb_align, NULL, "alignment in bytes (the element's)"},
                                    {0}};
/* ptr + n / n + ptr of a buffer-descriptor pointer: the pointer n elements on (its resource unchanged) */
static fy_obj *tb_add(fy_obj *a, fy_obj *b) {
    fy_obj *p = fy_trace_is_buffer(a) ? a : b, *n = p == a ? b : a;
    if (!((tbuf *)p)->ptr || !(FY_INT_CHECK(n) || (FY_DSL_NUM_CHECK(n) && FY_DSL_IS_INTLIKE(((fy_dsl_num *)n)->dt))))
        return fy_ref(fy_NotImplemented);
    fy_obj *r = fy_trace_buffer_soffset(p, n);
    if (r) ((tbuf *)r)->ptr = 1;
    return r;
}

static fy_type tbuf_type = {FY_TYPE_INIT("BufferTensor", sizeof(tbuf)),
                            .nb = {[FY_NB_ADD] = tb_add},
                            .flags = FY_TPF_FINAL,
                            .repr = tb_repr,
                            .dealloc = tbuf_dealloc,
                            .getitem = tb_getitem,
                            .setitem = tb_setitem,
                            .getsets = tb_getsets,
                            .methods = tb_methods};

/* A buffer copy's cache_modifier (FlyDSL's aux bits: glc / slc / nt): an integer, checked and not kept, since
 * caching does not change what the copy reads or writes. */
static int cache_modifier(const char *op, fy_obj *v) {
    int64_t x;
    return v && v != fy_None ? fy_dsl_to_int(v, &x, op, "cache_modifier") : 0;
}

/* BufferCopyLDS(bits) (32 or 128; kind 2) and gfx950's BufferLoadAsyncLDS(bits) (32, 96 or 128; kind 3): buffer ->
 * LDS DMA ops; gfx950's GlobalLoadAsyncLDS(bits) (32, 96 or 128; kind FLY_COPY_GLOBAL_LDS): the global -> LDS DMA op
 * (FlyDSL's !fly_rocdl.cdna4.global_load_async_lds<bits>, without atom state) */
static fy_obj *lds_op(const char *name, fy_obj *const *a, size_t na, fy_obj *kw, int fixed, int kind) {
    int async = kind != 2;
    int64_t b = fixed;
    if (fy_no_kwargs(name, kw) < 0 || fy_check_nargs(name, na, fixed ? 0 : 1, fixed ? 0 : 1) < 0) return NULL;
    if (!fixed && fy_dsl_to_int(a[0], &b, name, "bit_size") < 0) return NULL;
    if (b != 32 && b != 128 && !(async && b == 96))
        return fy_err_format(&fy_ValueError, "%s: bit_size must be 32%s or 128, not %lld", name, async ? ", 96" : "",
                             (long long)b);
    return fy_trace_new_copyop((int)b, kind);
}
static fy_obj *f_bclds(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return lds_op("BufferCopyLDS", a, na, kw, 0, 2);
}
static fy_obj *f_bclds32(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return lds_op("BufferCopyLDS32b", a, na, kw, 32, 2);
}
static fy_obj *f_bclds128(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return lds_op("BufferCopyLDS128b", a, na, kw, 128, 2);
}
static fy_obj *f_bclds64(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s, (void)a, (void)na, (void)kw;
    return fy_err_set(&fy_ValueError, "BufferCopyLDS64b is deprecated and unsupported: no AMD target has an 8-byte "
                                      "LDS DMA (1/2/4 bytes, and 12/16 bytes on gfx950); use BufferCopyLDS32b, or "
                                      "BufferCopyLDS128b on gfx950");
}
static fy_obj *f_blalds(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return lds_op("BufferLoadAsyncLDS", a, na, kw, 0, 3);
}
static fy_obj *f_blalds32(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return lds_op("BufferLoadAsyncLDS32b", a, na, kw, 32, 3);
}
static fy_obj *f_blalds96(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return lds_op("BufferLoadAsyncLDS96b", a, na, kw, 96, 3);
}
static fy_obj *f_blalds128(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return lds_op("BufferLoadAsyncLDS128b", a, na, kw, 128, 3);
}
static fy_obj *f_glalds(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return lds_op("GlobalLoadAsyncLDS", a, na, kw, 0, FLY_COPY_GLOBAL_LDS);
}
static fy_obj *f_glalds32(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return lds_op("GlobalLoadAsyncLDS32b", a, na, kw, 32, FLY_COPY_GLOBAL_LDS);
}
static fy_obj *f_glalds96(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return lds_op("GlobalLoadAsyncLDS96b", a, na, kw, 96, FLY_COPY_GLOBAL_LDS);
}
static fy_obj *f_glalds128(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return lds_op("GlobalLoadAsyncLDS128b", a, na, kw, 128, FLY_COPY_GLOBAL_LDS);
}

#define BC(N) \
    static fy_obj *f_bc##N(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) { \
        (void)s; \
        static const char *const names[] = {"cache_modifier", NULL}; \
        fy_obj *v[1] = {NULL}; \
        if (fy_parse_args("BufferCopy" #N "b", a, na, kw, names, 0, 1, 1, v) < 0 || \
            cache_modifier("BufferCopy" #N "b", v[0]) < 0) \
            return NULL; \
        return fy_trace_new_copyop(N, 1); \
    }
BC(8)
BC(16)
BC(32)
BC(64)
BC(128)
static fy_obj *f_bc(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    int64_t b;
    static const char *const names[] = {"bit_size", "cache_modifier", NULL};
    fy_obj *v[2] = {NULL, NULL};
    if (fy_parse_args("BufferCopy", a, na, kw, names, 1, 2, 2, v) < 0 ||
        fy_dsl_to_int(v[0], &b, "BufferCopy", "bit_size") < 0 || cache_modifier("BufferCopy", v[1]) < 0)
        return NULL;
    if (b != 8 && b != 16 && b != 32 && b != 64 && b != 128)
        return fy_err_format(&fy_ValueError, "BufferCopy: bits must be 8, 16, 32, 64 or 128, not %lld", (long long)b);
    return fy_trace_new_copyop((int)b, 1);
}

/* fx.rocdl._buffer_atomic(kind, dst, index, value): rocdl.raw.ptr.buffer.atomic.<kind> (fadd, fmax, smax, umin) of
 * value at element index of buffer tensor dst through its resource, out of range dropped as a store; value a numeric
 * (converted to dst's element type) or a Vector of dst's element type (the packed forms, e.g. two bf16). FlyDSL's
 * BufferAtomic copy atoms (flydsl__expr___surface.py) call it once per atom value. */
static fy_obj *f_buffer_atomic(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    if (fy_no_kwargs("_buffer_atomic", kw) < 0 || fy_check_nargs("_buffer_atomic", na, 4, 4) < 0) return NULL;
    if (!FY_STR_CHECK(a[0])) return fy_err_set(&fy_TypeError, "_buffer_atomic: kind must be a str");
    const char *kind = FY_STR_DATA(a[0]);
    if (strcmp(kind, "fadd") && strcmp(kind, "fmax") && strcmp(kind, "smax") && strcmp(kind, "umin"))
        return fy_err_format(&fy_ValueError, "_buffer_atomic: unknown kind '%s'", kind);
    if (!fy_trace_is_buffer(a[1]))
        return fy_err_format(&fy_TypeError,
                             "a BufferAtomic atom writes a buffer tensor (fx.rocdl.make_buffer_tensor), not '%s'",
                             fy_type_name(a[1]));
    tbuf *b = (tbuf *)a[1];
    fy_tracer *tr = need_tracer("a BufferAtomic copy");
    if (!tr) return NULL;
    uint64_t x, off;
    char ty[64];
    const char *et = fy_trace_mlir_type(b->et);
    uint64_t vs;
    fy_dsl_numeric *vt;
    int64_t vn;
    if (fy_tvector_parts(a[3], &vs, &vt, &vn) == 0) {
        if (vt != b->et)
            return fy_err_format(&fy_TypeError, "a BufferAtomic of %s values into a buffer tensor of %s", vt->name,
                                 b->et->name);
        x = vs;
        snprintf(ty, sizeof ty, "vector<%lldx%s>", (long long)vn, et);
    } else {
        fy_obj *asnum = fy_mlir_as_numeric(a[3]);
        if (!asnum && fy_err_occurred()) return NULL;
        fy_obj *val = asnum ? asnum : fy_ref(a[3]);
        int bad = fy_trace_value_as(tr, val, b->et, &x) < 0;
        FY_DECREF(val);
        if (bad) return NULL;
        snprintf(ty, sizeof ty, "%s", et);
    }
    if (byte_offset(tr, b, a[2], &off) < 0) return NULL;
    uint64_t z = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = arith.constant 0 : i32", U(z));
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      rocdl.raw.ptr.buffer.atomic.%s %%%llu, %%%llu, %%%llu, %%%llu, %%%llu : %s", kind, U(x),
                  U(b->rsrc), U(off), U(z), U(z), ty);
    fy_trace_end_line(tr);
    return tr->failed ? fy_err_nomem() : fy_none();
}

/* make_fragment_like(b, dtype=None): a register tensor of b's shape (column-major) holding b's element type
 * or dtype. */
static int fragment_like(tbuf *b, fy_obj *const *a, size_t na, fy_obj *kw, fy_obj **res) {
    static const char *const names[] = {"src", "dtype", NULL};
    fy_obj *v[2] = {NULL, NULL};
    fly_layout L;
    fly_error err;
    fy_dsl_numeric *et = b->et;
    if (fy_parse_args("make_fragment_like", a, na, kw, names, 1, 2, 2, v) < 0) return 1;
    if (v[1] && v[1] != fy_None) {
        if (FY_TYPE(v[1]) != FY_TYPE(&fy_dsl_t_f32.h)) {
            *res = fy_err_format(&fy_TypeError,
                                 "make_fragment_like: dtype must be a numeric type such as fx.Float32, not '%s'",
                                 fy_type_name(v[1]));
            return 1;
        }
        et = (fy_dsl_numeric *)v[1];
    }
    if (fly_layout_make_col_major(&L, &b->L.shape, &err)) return (*res = fy_dsl_raise(&err)), 1;
    fy_tracer *tr = need_tracer("make_fragment_like");
    if (tr) *res = fy_trace_alloca(tr, et, &L);
    return 1;
}

/* fx.NAME(*args), or NULL with the error. */
static fy_obj *call_fx(const char *name, fy_obj *const *args, size_t n) {
    fy_obj *m = fy_import("flydsl.expr"), *f = m ? fy_getattr_cstr(m, name) : NULL;
    FY_XDECREF(m);
    fy_obj *r = f ? fy_call(f, args, n, NULL) : NULL;
    FY_XDECREF(f);
    return r;
}

/* fx layout calls on buffer tensors (from fy_trace_layout_hook): divides re-shape the layout over the same
 * resource and offset; slice(b, coord) moves the offset. */
int fy_trace_buffer_hook(const char *name, fy_obj *const *a, size_t na, fy_obj *kw, fy_obj **res) {
    *res = NULL;
    if (na < 1 || !fy_trace_is_buffer(a[0])) return 0;
    tbuf *b = (tbuf *)a[0];
    if (!strcmp(name, "make_fragment_like")) return fragment_like(b, a, na, kw, res);
    if (!strcmp(name, "get_layout") && na == 1 && (!kw || !fy_len(kw))) {
        /* a dynamic layout is the shadow's, whose dynamic leaves are traced values */
        *res = b->shadow ? call_fx("get_layout", &b->shadow, 1) : fy_dsl_layout_new(&b->L);
        return 1;
    }
    /* get_iter(b): the buffer tensor seen from its first element; make_view(it, layout) views the same resource
     * from there with another layout (FlyDSL's make_view(get_iter(buf), layout)) */
    if (!strcmp(name, "get_iter") && na == 1 && (!kw || !fy_len(kw))) {
        *res = b->shadow ? tbuf_over(b, fy_ref(b->shadow)) : tbuf_with(b, &b->L, b->off);
        if (*res) ((tbuf *)*res)->ptr = 1;
        return 1;
    }
    if (na < 2) return 0;
    if (kw && fy_len(kw) > 0) return (*res = fy_err_format(&fy_TypeError, "%s: unexpected keyword arguments", name)), 1;
    if (!strcmp(name, "make_view")) {
        fly_layout V;
        if (fy_dsl_to_layout(a[1], &V, 1, name, "layout") < 0) return 1;
        if (!b->shadow) return (*res = tbuf_with(b, &V, b->off)), 1;
        fy_obj *it = call_fx("get_iter", &b->shadow, 1);
        if (!it) return 1;
        fy_obj *args[2] = {it, a[1]};
        *res = tbuf_over(b, call_fx("make_view", args, 2));
        FY_DECREF(it);
        return 1;
    }
    if (!strcmp(name, "slice")) {
        int done;
        *res = tb_slice(b, a[1], &done);
        if (!done)
            *res = fy_err_set(&fy_TypeError, "slice: the coordinate has no None leaf (index the tensor instead)");
        return 1;
    }
    typedef fly_status (*lfn)(const fly_layout *, const fly_layout *, fly_layout *, fly_error *);
    typedef fly_status (*tfn)(const fly_layout *, const fly_tile *, fly_layout *, fly_error *);
    static const struct {
        const char *n;
        lfn l;
        tfn t;
    } divs[] = {{"logical_divide", fly_layout_logical_divide, fly_layout_logical_divide_tile},
                {"zipped_divide", fly_layout_zipped_divide, fly_layout_zipped_divide_tile},
                {"tiled_divide", fly_layout_tiled_divide, fly_layout_tiled_divide_tile},
                {"flat_divide", fly_layout_flat_divide, fly_layout_flat_divide_tile}};
    for (size_t i = 0; i < sizeof divs / sizeof divs[0]; i++) {
        if (strcmp(name, divs[i].n)) continue;
        if (b->shadow) { /* the ordinary tensor divide of the shadow */
            fy_obj *m = fy_import("flydsl.expr"), *f = m ? fy_getattr_cstr(m, name) : NULL;
            FY_XDECREF(m);
            fy_obj *args[2] = {b->shadow, a[1]};
            *res = f ? tbuf_over(b, fy_call(f, args, 2, NULL)) : NULL;
            FY_XDECREF(f);
            return 1;
        }
        fly_layout B, R;
        fly_tile T;
        fly_error err;
        if (FY_TUPLE_CHECK(a[1]) || fy_isinstance_of(a[1], &fy_dsl_tile_type)) {
            if (fy_dsl_to_tile(a[1], &T, name, "tiler") < 0) return 1;
            if (divs[i].t(&b->L, &T, &R, &err)) return (*res = fy_dsl_raise(&err)), 1;
        } else {
            if (fy_dsl_to_layout(a[1], &B, 1, name, "tiler") < 0) return 1;
            if (divs[i].l(&b->L, &B, &R, &err)) return (*res = fy_dsl_raise(&err)), 1;
        }
        *res = tbuf_with(b, &R, b->off);
        return 1;
    }
    *res = fy_err_format(&fy_NotImplementedError, "fx.%s of a buffer tensor is not supported yet", name);
    return 1;
}

static fy_methoddef buffer_funcs[] = {
    {"make_buffer_tensor", f_make_buffer_tensor, 0,
     "make_buffer_tensor(tensor, max_size=True, *, num_records_bytes=None)\nThe tensor over an AMD buffer resource: "
     "out-of-range loads give 0, stores are dropped."},
    {"_buffer_atomic", f_buffer_atomic, 0,
     "_buffer_atomic(kind, dst, index, value)\nA buffer atomic (fadd, fmax, smax, umin) of value at dst[index]."},
    {"BufferCopy", f_bc, 0,
     "BufferCopy(bits)\nA copy op through a buffer resource (out of range: loads 0, stores dropped)."},
    {"BufferCopy8b", f_bc8, 0, "BufferCopy8b()"},
    {"BufferCopy16b", f_bc16, 0, "BufferCopy16b()"},
    {"BufferCopy32b", f_bc32, 0, "BufferCopy32b()"},
    {"BufferCopy64b", f_bc64, 0, "BufferCopy64b()"},
    {"BufferCopy128b", f_bc128, 0, "BufferCopy128b()"},
    {"BufferCopyLDS", f_bclds, 0,
     "BufferCopyLDS(bit_size)\nA buffer -> LDS DMA op (32 or 128 bits; lane l writes at the wave's LDS address + l * "
     "bytes)."},
    {"BufferCopyLDS32b", f_bclds32, 0, "BufferCopyLDS32b()"},
    {"BufferCopyLDS64b", f_bclds64, 0, "BufferCopyLDS64b()\nDeprecated: no 8-byte LDS DMA exists."},
    {"BufferCopyLDS128b", f_bclds128, 0, "BufferCopyLDS128b()\n(gfx950)"},
    {"BufferLoadAsyncLDS", f_blalds, 0,
     "BufferLoadAsyncLDS(bit_size)\ngfx950's async buffer -> LDS DMA op (32, 96 or 128 bits)."},
    {"BufferLoadAsyncLDS32b", f_blalds32, 0, "BufferLoadAsyncLDS32b()"},
    {"BufferLoadAsyncLDS96b", f_blalds96, 0, "BufferLoadAsyncLDS96b()"},
    {"BufferLoadAsyncLDS128b", f_blalds128, 0, "BufferLoadAsyncLDS128b()"},
    {"GlobalLoadAsyncLDS", f_glalds, 0,
     "GlobalLoadAsyncLDS(bit_size)\ngfx950's async global -> LDS DMA op (32, 96 or 128 bits; lane l writes at the "
     "wave's LDS address + l * bytes, 16 bytes a lane for 96)."},
    {"GlobalLoadAsyncLDS32b", f_glalds32, 0, "GlobalLoadAsyncLDS32b()"},
    {"GlobalLoadAsyncLDS96b", f_glalds96, 0, "GlobalLoadAsyncLDS96b()"},
    {"GlobalLoadAsyncLDS128b", f_glalds128, 0, "GlobalLoadAsyncLDS128b()"},
    /* the names of FlyDSL's earlier releases (examples/02-tiledCopy.py still uses them) */
    {"BufferLDST", f_bc, 0, "BufferLDST(bits)\nThe earlier name of BufferCopy(bits)."},
    {"BufferLDST8b", f_bc8, 0, "BufferLDST8b()"},
    {"BufferLDST16b", f_bc16, 0, "BufferLDST16b()"},
    {"BufferLDST32b", f_bc32, 0, "BufferLDST32b()"},
    {"BufferLDST64b", f_bc64, 0, "BufferLDST64b()"},
    {"BufferLDST128b", f_bc128, 0, "BufferLDST128b()"},
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
    for (fy_methoddef *d = fy_trace_lds_trans_funcs; d->name; d++) { /* trace_copy.c */
        fy_obj *f = fy_cfunction_new(d, r);
        if (!f || fy_module_add_steal(r, d->name, f) < 0) {
            FY_DECREF(r);
            return -1;
        }
    }
    for (fy_methoddef *d = fy_trace_buffer_ptr_funcs; d->name; d++) { /* trace_buffer_ptr.c; make_ptr is fx's */
        fy_obj *f = fy_cfunction_new(d, r);
        if (!f || fy_module_add_steal(strcmp(d->name, "make_ptr") ? r : m, d->name, f) < 0) {
            FY_DECREF(r);
            return -1;
        }
    }
    return fy_module_add_steal(m, "rocdl", r);
}
