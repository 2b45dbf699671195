/* lower_copy.c - copy atoms in fly-layout-lowering.
 *
 * The tracer records copies as FlyDSL does: an atom value (fly.make_copy_atom of type
 * !fly.copy_atom<!fly.universal_copy<N>, W> or !fly.copy_atom<!fly_rocdl.cdna3.buffer_copy<N>, W>) and
 * fly.copy_atom_call(atom, src, dst[, pred]) for one invocation or fly.copy(atom, src, dst[, pred]) for a whole
 * partition. Before the rest of the lowering runs, each call becomes the ops it stands for. Universal atoms: a
 * vector load of the source and a vector store into the destination (fly.memref.load_vec / store_vec, which the
 * lowering turns into one wide access for contiguous views: a 128-bit atom gives global_load_dwordx4). Buffer
 * atoms: per invocation one rocdl.raw.ptr.buffer.load / store of the atom's width on the resource when its
 * values are consecutive (buffer_load_dwordx4 for 128 bits), element accesses otherwise; out of range loads
 * give 0 and stores are dropped (the hardware rule, per access). A buffer memref is fly.make_view over
 * builtin.unrealized_conversion_cast(resource, element offset) (src/flydsl/trace/trace_buffer.c). A predicate operand
 * (a register memref of i1) guards each invocation with scf.if on its element: one element for a single
 * invocation, else one per atom invocation. gfx950's transposing LDS read atoms
 * (!fly_rocdl.cdna4.lds_read_trans<trans = Gb, N>): one rocdl.ds.read.tr<G>.b<N> per invocation (lower_trans).
 * fly.copy_atom_call_ssa(atom, src[, dst][, pred]) (FlyDSL's call on values, buffer atoms only) loads the atom's
 * bits at a buffer view's first element as its result type (a bitcast where the types differ), or without results
 * stores src's bits there; its i1 pred is an scf.if (a load's else yields dst). */
#include "passes/lower_copy.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir_build.h"
#include "ir/ir_ops.h"
#include "ir/ir_types.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "passes/pass.h"

#define PASS "fly-layout-lowering"

typedef struct copy_ctx {
    MlirContext ctx;
    MlirBlock block;
    MlirOperation before;
    MlirLocation loc;
    fly_error err;
    bool failed;
} copy_ctx;

static bool fail(copy_ctx *c, const char *msg) {
    if (!c->failed) fly_error_set(&c->err, FLY_E_INVALID, "%s", msg);
    c->failed = true;
    return false;
}

static void builder(copy_ctx *c, fly_ir_builder *b) {
    fly_ir_builder_init(b, c->ctx, c->block, c->before);
    b->loc = c->loc;
}

/* Checks a builder result; false (with the builder's message) when it failed. */
static bool built(copy_ctx *c, fly_ir_builder *b, bool ok) {
    if (!ok && !c->failed) {
        c->err = b->err;
        c->failed = true;
    }
    return ok;
}

/* A static int tuple value (a coordinate). */
static MlirValue static_index(copy_ctx *c, int64_t i) {
    fly_inttuple t;
    fly_inttuple_int(&t, i);
    fly_ir_builder b;
    builder(c, &b);
    MlirValue v = fly_ir_build_static(&b, fly_ir_int_tuple_type(c->ctx, &t));
    built(c, &b, !mlirValueIsNull(v));
    return v;
}

static MlirOperation emit(copy_ctx *c, const char *name, int nops, const MlirValue *ops, MlirType res, int nattrs,
                          const MlirNamedAttribute *attrs) {
    MlirOperation op = fly_ir_op_create(c->loc, name, nops, ops, mlirTypeIsNull(res) ? 0 : 1, &res, nattrs, attrs);
    fly_ir_op_insert(c->block, c->before, op);
    return op;
}

static MlirValue i32c(copy_ctx *c, int64_t v) {
    MlirType t = mlirIntegerTypeGet(c->ctx, 32);
    MlirNamedAttribute a = fly_ir_named(c->ctx, "value", mlirIntegerAttrGet(t, v));
    return fly_ir_res0(emit(c, "arith.constant", 0, NULL, t, 1, &a));
}

/* A memref operand: its layout (static), element type and, for a #fly_rocdl.buffer_desc memref, the resource
 * and element offset carried by the cast that makes its pointer (src/flydsl/trace/trace_buffer.c). */
typedef struct operand {
    MlirValue m;
    fly_layout L;
    int64_t size;
    MlirType elem;
    int64_t align;    /* the pointer's alignment in bytes, 0: the element's */
    bool buffer;
    int as; /* the address space (FLY_AS_*) */
    MlirValue rsrc, eoff;
    fly_ir_swz swz; /* a swizzled view: the atom's values lie linearly from S(off + L(first)) */
} operand;

static bool operand_of(copy_ctx *c, MlirValue m, operand *o) {
    fly_ir_ptr_info p;
    o->m = m;
    if (fly_ir_decode_memref_swz(mlirValueGetType(m), &p, &o->L, &o->swz, &c->err) ||
        fly_layout_size_static(&o->L, &o->size, &c->err)) {
        c->failed = true;
        return false;
    }
    o->elem = p.elem;
    o->align = p.align;
    o->buffer = p.as == FLY_AS_BUFFER_DESC;
    o->as = p.as;
    if (!o->buffer) return true;
    MlirOperation v = mlirValueIsAOpResult(m) ? mlirOpResultGetOwner(m) : (MlirOperation){NULL};
    MlirValue ptr =
        !mlirOperationIsNull(v) && fly_ir_op_is(v, "fly.make_view") ? mlirOperationGetOperand(v, 0) : (MlirValue){NULL};
    MlirOperation cst =
        !mlirValueIsNull(ptr) && mlirValueIsAOpResult(ptr) ? mlirOpResultGetOwner(ptr) : (MlirOperation){NULL};
    if (mlirOperationIsNull(cst) || !fly_ir_op_is(cst, "builtin.unrealized_conversion_cast") ||
        mlirOperationGetNumOperands(cst) != 2 || !fly_layout_is_static(&o->L))
        return fail(c, "a buffer memref must be fly.make_view of a static layout over the cast of (resource, element "
                       "offset)");
    o->rsrc = mlirOperationGetOperand(cst, 0);
    o->eoff = mlirOperationGetOperand(cst, 1);
    return true;
}

/* The offset of column-major element i, and whether elements [first, first+n) are consecutive in memory. */
static int64_t offset_of(const operand *o, int64_t i) {
    int64_t off = 0;
    fly_layout_eval(&o->L, i, &off, NULL);
    return off;
}
static bool consecutive(const operand *o, int64_t first, int64_t n) {
    if (!fly_layout_is_static(&o->L)) return false;
    for (int64_t i = 1; i < n; i++)
        if (offset_of(o, first + i) != offset_of(o, first) + i) return false;
    return true;
}

/* The byte offset (i32) of element i of buffer operand o: (eoff + L(i)) * element bytes. */
static MlirValue buffer_offset(copy_ctx *c, const operand *o, int64_t i) {
    MlirType t = mlirIntegerTypeGet(c->ctx, 32);
    MlirValue a[2] = {o->eoff, i32c(c, offset_of(o, i))};
    MlirValue e = fly_ir_res0(emit(c, "arith.addi", 2, a, t, 0, NULL));
    MlirValue m[2] = {e, i32c(c, fly_ir_elem_bits(o->elem) / 8)};
    return fly_ir_res0(emit(c, "arith.muli", 2, m, t, 0, NULL));
}

/* The type a buffer intrinsic moves t as: 8-bit elements (fp8, which LLVM has no types for, and i8) as i8, and
 * vectors of them as i32 words when whole (the backend splits no <N x i8> buffer access wider than a word); t
 * otherwise. */
static MlirType bits_type(MlirContext ctx, MlirType t) {
    MlirType e = mlirTypeIsAVector(t) ? mlirShapedTypeGetElementType(t) : t;
    if (fly_ir_elem_bits(e) != 8) return t;
    MlirType i8 = mlirIntegerTypeGet(ctx, 8);
    if (!mlirTypeIsAVector(t)) return i8;
    int64_t n = mlirShapedTypeGetDimSize(t, 0), w = n / 4;
    if (n > 4 && n % 4 == 0) return mlirVectorTypeGet(1, &w, mlirIntegerTypeGet(ctx, 32));
    return mlirVectorTypeGet(1, &n, i8);
}

/* v as type t (a bitcast between 8-bit values and their bits), or v when it has that type. */
static MlirValue bits_cast(copy_ctx *c, MlirValue v, MlirType t) {
    if (mlirTypeEqual(mlirValueGetType(v), t)) return v;
    return fly_ir_res0(emit(c, mlirTypeIsAVector(t) ? "vector.bitcast" : "arith.bitcast", 1, &v, t, 0, NULL));
}

/* rocdl.raw.ptr.buffer.load of type t at element i of o (out of range: 0, by the hardware rule); 8-bit elements
 * move as their bits (bits_type). */
static MlirValue buffer_load(copy_ctx *c, const operand *o, int64_t i, MlirType t) {
    MlirValue ops[4] = {o->rsrc, buffer_offset(c, o, i), i32c(c, 0), i32c(c, 0)};
    return bits_cast(c, fly_ir_res0(emit(c, "rocdl.raw.ptr.buffer.load", 4, ops, bits_type(c->ctx, t), 0, NULL)), t);
}
static void buffer_store(copy_ctx *c, const operand *o, int64_t i, MlirValue v) {
    MlirValue ops[5] = {bits_cast(c, v, bits_type(c->ctx, mlirValueGetType(v))), o->rsrc, buffer_offset(c, o, i),
                        i32c(c, 0), i32c(c, 0)};
    emit(c, "rocdl.raw.ptr.buffer.store", 5, ops, fly_ir_type_null(), 0, NULL);
}

static MlirValue extract(copy_ctx *c, MlirValue v, int64_t i, MlirType elem) {
    MlirNamedAttribute pos = fly_ir_named(c->ctx, "static_position", mlirDenseI64ArrayGet(c->ctx, 1, &i));
    return fly_ir_res0(emit(c, "vector.extract", 1, &v, elem, 1, &pos));
}

/* A view of n consecutive elements of o from column-major element first (fly.get_iter, fly.add_offset,
 * fly.make_view with layout n:1), or null when o's pointer claims an alignment the offset may break. */
static MlirValue sub_view(copy_ctx *c, const operand *o, int64_t first, int64_t n) {
    int eb = fly_ir_elem_bits(o->elem) / 8;
    if (o->align > eb || eb < 1) return (MlirValue){NULL};
    fly_inttuple off, sh, st;
    fly_inttuple_int(&off, offset_of(o, first));
    fly_inttuple_int(&sh, n);
    fly_inttuple_int(&st, 1);
    fly_layout L;
    fly_error err;
    if (fly_layout_make(&L, &sh, &st, &err)) return (MlirValue){NULL};
    fly_ir_builder b;
    builder(c, &b);
    MlirValue it = fly_ir_build_unary(&b, "fly.get_iter", o->m);
    MlirValue ot = mlirValueIsNull(it) ? it : fly_ir_build_static(&b, fly_ir_int_tuple_type(c->ctx, &off));
    MlirValue p = mlirValueIsNull(ot) ? ot : fly_ir_build_binary(&b, "fly.add_offset", it, ot);
    MlirValue l = mlirValueIsNull(p) ? p : fly_ir_build_static(&b, fly_ir_layout_type(c->ctx, &L));
    MlirValue v = mlirValueIsNull(l) ? l : fly_ir_build_make_view(&b, p, l);
    built(c, &b, !mlirValueIsNull(v));
    return v;
}

/* The n consecutive elements of swizzled o from column-major element first, as FlyDSL's copy atoms see them:
 * fly.decomposition of the view S o (off + L(first)) o n:1 (the swizzle moves the atom's start only). */
static MlirValue swz_sub_view(copy_ctx *c, const operand *o, int64_t first, int64_t n) {
    fly_inttuple at, sh, st;
    fly_inttuple_int(&at, offset_of(o, first));
    fly_inttuple_int(&sh, n);
    fly_inttuple_int(&st, 1);
    fly_layout L;
    if (fly_layout_make(&L, &sh, &st, &c->err)) {
        c->failed = true;
        return (MlirValue){NULL};
    }
    fly_ir_builder b;
    builder(c, &b);
    MlirValue it = fly_ir_build_unary(&b, "fly.get_iter", o->m);
    MlirValue g = mlirValueIsNull(it) ? it : fly_ir_build_unary(&b, "fly.get_layout", o->m);
    MlirValue off = mlirValueIsNull(g) ? g : fly_ir_build_unary(&b, "fly.composed_get_offset", g);
    MlirValue a = mlirValueIsNull(off) ? off : fly_ir_build_static(&b, fly_ir_int_tuple_type(c->ctx, &at));
    MlirValue o2 = mlirValueIsNull(a) ? a : fly_ir_build_binary(&b, "fly.int_tuple_add", off, a);
    MlirValue sw = mlirValueIsNull(o2) ? o2 : fly_ir_build_static(&b, fly_ir_swizzle_type(c->ctx, &o->swz.sw));
    MlirValue l = mlirValueIsNull(sw) ? sw : fly_ir_build_static(&b, fly_ir_layout_type(c->ctx, &L));
    MlirValue cl = {NULL};
    if (!mlirValueIsNull(l)) {
        MlirValue ops[3] = {sw, o2, l};
        MlirOperation op = fly_ir_build_op(&b, "fly.make_composed_layout", 3, ops, 0, NULL, fly_ir_type_null());
        cl = mlirOperationIsNull(op) ? (MlirValue){NULL} : fly_ir_res0(op);
    }
    MlirValue v = mlirValueIsNull(cl) ? cl : fly_ir_build_make_view(&b, it, cl);
    MlirValue d = mlirValueIsNull(v) ? v : fly_ir_build_unary(&b, "fly.decomposition", v);
    built(c, &b, !mlirValueIsNull(d));
    return d;
}

/* Elements [first, first+n) of o as a vector<n x T>: one vector load of the whole memref (fly.memref.load_vec),
 * one buffer load of a consecutive range, else element by element. */
static MlirValue read_range(copy_ctx *c, const operand *o, int64_t first, int64_t n) {
    MlirType vt = mlirVectorTypeGet(1, &n, o->elem);
    if (o->swz.on && consecutive(o, first, n)) {
        MlirValue sv = swz_sub_view(c, o, first, n);
        fly_ir_builder b;
        builder(c, &b);
        MlirValue v = c->failed ? sv : fly_ir_build_load_vec(&b, sv);
        built(c, &b, !mlirValueIsNull(v));
        return v;
    }
    if (!o->swz.on && !o->buffer && first == 0 && n == o->size) {
        fly_ir_builder b;
        builder(c, &b);
        MlirValue v = fly_ir_build_load_vec(&b, o->m);
        built(c, &b, !mlirValueIsNull(v));
        return v;
    }
    if (o->buffer && n > 1 && consecutive(o, first, n)) /* one value: a scalar load (no <1 x T> intrinsic) */
        return buffer_load(c, o, first, vt);
    if (!o->buffer && n > 1 && consecutive(o, first, n)) {
        MlirValue sv = sub_view(c, o, first, n);
        if (c->failed) return sv;
        if (!mlirValueIsNull(sv)) {
            fly_ir_builder b;
            builder(c, &b);
            MlirValue v = fly_ir_build_load_vec(&b, sv);
            built(c, &b, !mlirValueIsNull(v));
            return v;
        }
    }
    MlirValue small[16], *e = n <= 16 ? small : malloc(sizeof *e * (size_t)n);
    if (!e) {
        fail(c, "out of memory");
        return (MlirValue){NULL};
    }
    for (int64_t i = 0; i < n && !c->failed; i++) {
        if (o->buffer) {
            e[i] = buffer_load(c, o, first + i, o->elem);
        } else {
            fly_ir_builder b;
            builder(c, &b);
            e[i] = fly_ir_build_load(&b, o->m, static_index(c, first + i));
            built(c, &b, !mlirValueIsNull(e[i]));
        }
    }
    MlirValue v = c->failed ? (MlirValue){NULL} : fly_ir_res0(emit(c, "vector.from_elements", (int)n, e, vt, 0, NULL));
    if (e != small) free(e);
    return v;
}

/* Writes vector v (n values) into elements [first, first+n) of o, mirroring read_range. */
static void write_range(copy_ctx *c, const operand *o, int64_t first, int64_t n, MlirValue v) {
    if (c->failed) return;
    if (o->swz.on && consecutive(o, first, n)) {
        MlirValue sv = swz_sub_view(c, o, first, n);
        fly_ir_builder b;
        builder(c, &b);
        if (!c->failed) built(c, &b, !mlirOperationIsNull(fly_ir_build_store_vec(&b, v, sv)));
        return;
    }
    if (!o->swz.on && !o->buffer && first == 0 && n == o->size) {
        fly_ir_builder b;
        builder(c, &b);
        built(c, &b, !mlirOperationIsNull(fly_ir_build_store_vec(&b, v, o->m)));
        return;
    }
    if (o->buffer && n > 1 && consecutive(o, first, n)) {
        buffer_store(c, o, first, v);
        return;
    }
    if (!o->buffer && n > 1 && consecutive(o, first, n)) {
        MlirValue sv = sub_view(c, o, first, n);
        if (c->failed) return;
        if (!mlirValueIsNull(sv)) {
            fly_ir_builder b;
            builder(c, &b);
            built(c, &b, !mlirOperationIsNull(fly_ir_build_store_vec(&b, v, sv)));
            return;
        }
    }
    for (int64_t i = 0; i < n && !c->failed; i++) {
        MlirValue x = extract(c, v, i, o->elem);
        if (o->buffer) {
            buffer_store(c, o, first + i, x);
        } else {
            fly_ir_builder b;
            builder(c, &b);
            built(c, &b, !mlirOperationIsNull(fly_ir_build_store(&b, x, o->m, static_index(c, first + i))));
        }
    }
}

/* Elements [first, first+n) of s moved to the same elements of d. */
static void move(copy_ctx *c, const operand *s, const operand *d, int64_t first, int64_t n) {
    MlirValue v = read_range(c, s, first, n);
    if (!c->failed) write_range(c, d, first, n, v);
}

/* Opens an scf.if (no results, no else) on predicate element i of memref p; the insertion point moves into
 * its region (restore c->block / c->before afterwards). */
static bool open_guard_on(copy_ctx *c, MlirValue cond);
static bool open_guard(copy_ctx *c, MlirValue p, int64_t i) {
    MlirValue at = static_index(c, i);
    if (c->failed) return false;
    fly_ir_builder b;
    builder(c, &b);
    MlirValue cond = fly_ir_build_load(&b, p, at);
    if (!built(c, &b, !mlirValueIsNull(cond))) return false;
    return open_guard_on(c, cond);
}

/* Opens an scf.if (no results, no else) on i1 value cond, as open_guard. */
static bool open_guard_on(copy_ctx *c, MlirValue cond) {
    MlirRegion r = mlirRegionCreate();
    MlirBlock blk = mlirBlockCreate(0, NULL, NULL);
    mlirRegionAppendOwnedBlock(r, blk);
    MlirOperation end = fly_ir_op_create(c->loc, "scf.yield", 0, NULL, 0, NULL, 0, NULL);
    mlirBlockAppendOwnedOperation(blk, end);
    MlirRegion none = mlirRegionCreate(); /* scf.if always has an else region (empty when unused) */
    MlirRegion regions[2] = {r, none};
    MlirOperationState st = mlirOperationStateGet(fly_ir_sref("scf.if"), c->loc);
    mlirOperationStateAddOperands(&st, 1, &cond);
    mlirOperationStateAddOwnedRegions(&st, 2, regions);
    fly_ir_op_insert(c->block, c->before, mlirOperationCreate(&st));
    c->block = blk;
    c->before = end;
    return true;
}

/* Is the atom of copy op `op` a buffer copy (!fly_rocdl.cdna3.buffer_copy)? Sets *vals to its values, *trans (when
 * not NULL) to the granularity of gfx950's transposing LDS read (!fly_rocdl.cdna4.lds_read_trans<trans = Gb, N>),
 * else 0, and *bits (when not NULL) to the bits of one invocation. */
static bool atom_info(MlirOperation op, int64_t *vals, bool *buffer, int *trans, int *bits) {
    MlirStringRef d = fly_ir_type_data(mlirValueGetType(mlirOperationGetOperand(op, 0)));
    char s[256];
    size_t n = d.length < sizeof s - 1 ? d.length : sizeof s - 1;
    memcpy(s, d.data, n);
    s[n] = '\0';
    *buffer = strstr(s, "buffer_copy<") != NULL;
    const char *tr = strstr(s, "lds_read_trans<");
    if (trans) *trans = 0;
    if (tr) {
        int g = 0, b = 0, v = 0;
        if (sscanf(tr, "lds_read_trans<trans = %db, %d>, %d>", &g, &b, &v) != 3 || v <= 0) return false;
        if (trans) *trans = g;
        if (bits) *bits = b;
        *vals = b / v;
        return true;
    }
    const char *lt = n > 10 ? strchr(s + 10, '<') : NULL; /* past "copy_atom<": the op's "<bits>" */
    int ob = 0, vb = 0;
    if (!lt || sscanf(lt, "<%d>, %d>", &ob, &vb) != 2 || vb <= 0) return false;
    *vals = ob / vb;
    if (bits) *bits = ob;
    return true;
}

/* The elements a copy moves together through swizzled o: the extent of its layout's first leaf, halved until it
 * divides limit (the atom's values, or the other operand's run); limit for a plain operand. */
static int64_t swz_run(const operand *o, int64_t limit) {
    if (!o->swz.on) return limit;
    fly_layout F;
    if (fly_layout_flatten(&o->L, &F, NULL)) return 1;
    const fly_itnode *s0 = fly_inttuple_is_leaf(&F.shape) ? F.shape.n : fly_itnode_child(F.shape.n, 0);
    int64_t r = s0->kind == FLY_IT_INT && s0->v > 0 ? s0->v : 1;
    while (r > 1 && limit % r) r /= 2;
    return r;
}

/* A copy with gfx950's transposing LDS read atom (LDSReadTrans): per invocation, a pointer to the lane's first
 * value in LDS (its vals values must lie consecutively there), one rocdl.ds.read.tr<G>.b<bits> (G = 16: vector<4xi16>;
 * 8, 4: vector<2xi32>; 6: vector<3xi32>, as FlyDSL's CopyOpCDNA4LdsReadTransposeType emits them), its result as
 * vals values of the destination's type, stored into the register destination. */
static bool lower_trans(copy_ctx *c, const operand *S, const operand *D, int trans, int64_t vals, bool pred) {
    if (pred) return fail(c, "a predicated LDSReadTrans copy is not supported yet");
    if (S->as != FLY_AS_SHARED) return fail(c, "an LDSReadTrans atom reads a shared-memory (LDS) source");
    if (D->as != FLY_AS_REGISTER) return fail(c, "an LDSReadTrans atom writes a register destination");
    int64_t bits = trans == 6 ? 96 : 64, n = trans == 16 ? 4 : trans == 6 ? 3 : 2;
    MlirType rt = mlirVectorTypeGet(1, &n, mlirIntegerTypeGet(c->ctx, trans == 16 ? 16 : 32));
    MlirType vt = mlirVectorTypeGet(1, &vals, D->elem);
    MlirType p3 = mlirTypeParseGet(c->ctx, fly_ir_sref("!llvm.ptr<3>"));
    char name[40];
    snprintf(name, sizeof name, "rocdl.ds.read.tr%d.b%lld", trans, (long long)bits);
    for (int64_t k = 0; k < S->size && !c->failed; k += vals) {
        if (!consecutive(S, k, vals))
            return fail(c, "an LDSReadTrans atom reads each lane's values from consecutive LDS elements; this source's "
                           "are not");
        /* the lane's first value: the view's pointer moved by its offset; through a swizzled view the swizzle of
         * that offset (the atom's values lie linearly from it, as the swizzled universal copies take them) */
        MlirValue p;
        fly_ir_builder b;
        if (S->swz.on) {
            MlirValue sv = swz_sub_view(c, S, k, vals);
            if (c->failed) return false;
            builder(c, &b);
            p = fly_ir_build_unary(&b, "fly.get_iter", sv);
        } else {
            fly_inttuple off;
            fly_inttuple_int(&off, offset_of(S, k));
            builder(c, &b);
            MlirValue it = fly_ir_build_unary(&b, "fly.get_iter", S->m);
            MlirValue ot = mlirValueIsNull(it) ? it : fly_ir_build_static(&b, fly_ir_int_tuple_type(c->ctx, &off));
            p = mlirValueIsNull(ot) ? ot : fly_ir_build_binary(&b, "fly.add_offset", it, ot);
        }
        if (!built(c, &b, !mlirValueIsNull(p))) return false;
        MlirValue lp = fly_ir_res0(emit(c, "builtin.unrealized_conversion_cast", 1, &p, p3, 0, NULL));
        MlirValue r = fly_ir_res0(emit(c, name, 1, &lp, rt, 0, NULL));
        if (!mlirTypeEqual(rt, vt)) r = fly_ir_res0(emit(c, "vector.bitcast", 1, &r, vt, 0, NULL));
        write_range(c, D, k, vals, r);
    }
    return !c->failed;
}

/* One copy op: its replacement inserted before it. */
static bool lower_copy_op(copy_ctx *c, MlirOperation op, bool one) {
    if (fly_ir_op_verify(op, &c->err)) {
        c->failed = true;
        return false;
    }
    int64_t vals;
    bool buffer;
    int trans;
    if (!atom_info(op, &vals, &buffer, &trans, NULL)) return fail(c, "cannot read the copy atom's bits");
    operand S, D;
    if (!operand_of(c, mlirOperationGetOperand(op, 1), &S) || !operand_of(c, mlirOperationGetOperand(op, 2), &D))
        return false;
    if (trans) return lower_trans(c, &S, &D, trans, vals, mlirOperationGetNumOperands(op) == 4);
    if (buffer != (S.buffer || D.buffer))
        return fail(c, buffer ? "a buffer copy atom needs a #fly_rocdl.buffer_desc memref as source or destination"
                              : "a universal copy atom cannot access a #fly_rocdl.buffer_desc memref");
    /* through a swizzled view an atom's values move together, from the swizzle of the atom's first offset */
    int64_t run = S.swz.on || D.swz.on ? swz_run(&S, swz_run(&D, vals)) : S.size;
    if (mlirOperationGetNumOperands(op) == 3) {
        /* buffer accesses go atom by atom: the out-of-range rule applies to each access; a swizzled view by runs of
         * its first mode (the atom's values, which the swizzle moves together) */
        int64_t step = buffer ? vals : run;
        for (int64_t k = 0; k < S.size && !c->failed; k += step) move(c, &S, &D, k, step);
        return !c->failed;
    }
    MlirValue p = mlirOperationGetOperand(op, 3);
    fly_ir_ptr_info pi;
    fly_layout PL;
    int64_t np;
    if (fly_ir_decode_memref(mlirValueGetType(p), &pi, &PL, &c->err) || fly_layout_size_static(&PL, &np, &c->err)) {
        c->failed = true;
        return false;
    }
    int64_t natoms = S.size / vals;
    if (np != natoms && !(one && np >= 1)) return fail(c, "the predicate needs one element per atom invocation");
    MlirBlock blk = c->block;
    MlirOperation before = c->before;
    if (one || natoms == 1) {
        if (open_guard(c, p, 0))
            for (int64_t k = 0; k < S.size && !c->failed; k += buffer ? vals : run)
                move(c, &S, &D, k, buffer ? vals : run);
    } else {
        for (int64_t k = 0; k < natoms && !c->failed; k++) {
            if (!open_guard(c, p, k)) break;
            move(c, &S, &D, k * vals, vals);
            c->block = blk;
            c->before = before;
        }
    }
    c->block = blk;
    c->before = before;
    return !c->failed;
}

/* ---- fly.copy_atom_call_ssa(atom, src[, dst][, pred]): FlyDSL's atom call on values ---- */

/* v reinterpreted as type r of the same bits (arith.bitcast, vector.bitcast; a scalar and a one-element vector
 * through vector.from_elements / vector.extract), or v when it has that type. */
static MlirValue bits_as(copy_ctx *c, MlirValue v, MlirType r) {
    MlirType t = mlirValueGetType(v);
    if (mlirTypeEqual(t, r)) return v;
    bool tv = mlirTypeIsAVector(t), rv = mlirTypeIsAVector(r);
    int64_t one = 1;
    if (!tv && !rv) return fly_ir_res0(emit(c, "arith.bitcast", 1, &v, r, 0, NULL));
    if (!tv) {
        MlirType v1 = mlirVectorTypeGet(1, &one, t);
        v = fly_ir_res0(emit(c, "vector.from_elements", 1, &v, v1, 0, NULL));
        return mlirTypeEqual(v1, r) ? v : fly_ir_res0(emit(c, "vector.bitcast", 1, &v, r, 0, NULL));
    }
    if (!rv) {
        MlirType v1 = mlirVectorTypeGet(1, &one, r);
        if (!mlirTypeEqual(t, v1)) v = fly_ir_res0(emit(c, "vector.bitcast", 1, &v, v1, 0, NULL));
        return extract(c, v, 0, r);
    }
    return fly_ir_res0(emit(c, "vector.bitcast", 1, &v, r, 0, NULL));
}

/* The type one invocation of `bits` moves through memref o: its elements (one: a scalar, else a vector), or
 * other (the value's own type) when the bits are not a whole number of them; then as a buffer intrinsic moves it
 * (bits_type). */
static MlirType moved_type(copy_ctx *c, const operand *o, int bits, MlirType other) {
    int eb = fly_ir_elem_bits(o->elem);
    int64_t n = eb > 0 && bits % eb == 0 ? bits / eb : 0;
    MlirType t = n == 1 ? o->elem : n > 1 ? mlirVectorTypeGet(1, &n, o->elem) : other;
    return bits_type(c->ctx, t);
}

/* The operand segment sizes of a copy_atom_call_ssa (a discardable attribute or FlyDSL's "<{...}>" property). */
static bool ssa_segments(MlirOperation op, int32_t seg[4]) {
    MlirAttribute a = mlirOperationGetAttributeByName(op, fly_ir_sref("operandSegmentSizes"));
    if (mlirAttributeIsNull(a)) a = mlirOperationGetInherentAttributeByName(op, fly_ir_sref("operandSegmentSizes"));
    if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseI32Array(a) || mlirDenseArrayGetNumElements(a) != 4)
        return false;
    for (int i = 0; i < 4; i++) seg[i] = mlirDenseI32ArrayGetElement(a, i);
    return true;
}

/* The load: one rocdl.raw.ptr.buffer.load of the atom's bits at src's first element, as the result type. */
static MlirValue ssa_load(copy_ctx *c, const operand *S, int bits, MlirType r) {
    MlirValue ops[4] = {S->rsrc, buffer_offset(c, S, 0), i32c(c, 0), i32c(c, 0)};
    MlirValue v = fly_ir_res0(emit(c, "rocdl.raw.ptr.buffer.load", 4, ops, moved_type(c, S, bits, r), 0, NULL));
    return bits_as(c, v, r);
}

/* One copy_atom_call_ssa: with a result, a buffer load (under pred: scf.if yielding the load, else dst); without,
 * a buffer store of src into dst (under pred: scf.if). The result's uses take the new value. */
static bool lower_copy_ssa_op(copy_ctx *c, MlirOperation op) {
    if (fly_ir_op_verify(op, &c->err)) {
        c->failed = true;
        return false;
    }
    int64_t vals;
    bool buffer;
    int bits;
    int32_t seg[4];
    if (!atom_info(op, &vals, &buffer, NULL, &bits)) return fail(c, "cannot read the copy atom's bits");
    if (!buffer) return fail(c, "flyi lowers copy_atom_call_ssa for buffer copy atoms (fx.rocdl.BufferCopy*) only");
    if (!ssa_segments(op, seg)) return fail(c, "needs operandSegmentSizes");
    MlirValue src = mlirOperationGetOperand(op, 1);
    MlirValue dst = seg[2] ? mlirOperationGetOperand(op, 2) : (MlirValue){NULL};
    MlirValue pred = seg[3] ? mlirOperationGetOperand(op, 2 + seg[2]) : (MlirValue){NULL};
    MlirBlock blk = c->block;
    MlirOperation before = c->before;
    operand M;
    if (mlirOperationGetNumResults(op) == 0) { /* the store */
        if (!operand_of(c, dst, &M)) return false;
        if (!mlirValueIsNull(pred) && !open_guard_on(c, pred)) return false;
        MlirValue v = bits_as(c, src, moved_type(c, &M, bits, mlirValueGetType(src)));
        MlirValue ops[5] = {v, M.rsrc, buffer_offset(c, &M, 0), i32c(c, 0), i32c(c, 0)};
        emit(c, "rocdl.raw.ptr.buffer.store", 5, ops, fly_ir_type_null(), 0, NULL);
        c->block = blk;
        c->before = before;
        return !c->failed;
    }
    MlirValue res = fly_ir_res0(op);
    MlirType r = mlirValueGetType(res);
    if (!operand_of(c, src, &M)) return false;
    MlirValue v;
    if (mlirValueIsNull(pred)) {
        v = ssa_load(c, &M, bits, r);
    } else { /* scf.if %pred -> (R) { load } else { dst } */
        MlirRegion regions[2];
        MlirBlock blocks[2];
        for (int i = 0; i < 2; i++) {
            regions[i] = mlirRegionCreate();
            blocks[i] = mlirBlockCreate(0, NULL, NULL);
            mlirRegionAppendOwnedBlock(regions[i], blocks[i]);
        }
        MlirOperationState st = mlirOperationStateGet(fly_ir_sref("scf.if"), c->loc);
        mlirOperationStateAddOperands(&st, 1, &pred);
        mlirOperationStateAddResults(&st, 1, &r);
        mlirOperationStateAddOwnedRegions(&st, 2, regions);
        MlirOperation sif = mlirOperationCreate(&st);
        fly_ir_op_insert(blk, before, sif);
        c->block = blocks[0];
        c->before = (MlirOperation){NULL};
        MlirValue loaded = ssa_load(c, &M, bits, r);
        emit(c, "scf.yield", 1, &loaded, fly_ir_type_null(), 0, NULL);
        c->block = blocks[1];
        emit(c, "scf.yield", 1, &dst, fly_ir_type_null(), 0, NULL);
        c->block = blk;
        c->before = before;
        v = fly_ir_res0(sif);
    }
    if (!c->failed) mlirValueReplaceAllUsesOfWith(res, v);
    return !c->failed;
}

bool fly_lower_copy_ops(MlirOperation root, MlirExternalPass pass) {
    fly_opvec ops = {0}, atoms = {0}, views = {0};
    fly_pass_collect_fly_ops(root, &ops, MlirWalkPreOrder);
    copy_ctx c;
    bool ok = true;
    for (int i = 0; i < ops.n && ok; i++) {
        MlirOperation op = ops.v[i];
        if (fly_ir_op_is(op, "fly.make_copy_atom")) {
            fly_opvec_push(&atoms, op);
            continue;
        }
        if (fly_ir_op_is(op, "fly.make_view") && mlirOperationGetNumOperands(op) == 2 &&
            fly_ir_type_kind(mlirValueGetType(mlirOperationGetOperand(op, 0))) == FLY_IR_PTR) {
            fly_ir_ptr_info p;
            fly_error e;
            if (!fly_ir_decode_ptr(mlirValueGetType(mlirOperationGetOperand(op, 0)), &p, &e) &&
                p.as == FLY_AS_BUFFER_DESC)
                fly_opvec_push(&views, op);
            continue;
        }
        bool call = fly_ir_op_is(op, "fly.copy_atom_call"), ssa = fly_ir_op_is(op, "fly.copy_atom_call_ssa");
        if (!call && !ssa && !fly_ir_op_is(op, "fly.copy")) continue;
        memset(&c, 0, sizeof c);
        c.ctx = mlirOperationGetContext(op);
        c.block = mlirOperationGetBlock(op);
        c.before = op;
        c.loc = mlirOperationGetLocation(op);
        if (!(ssa ? lower_copy_ssa_op(&c, op) : lower_copy_op(&c, op, call))) {
            char name[64];
            fly_pass_error(pass, op, PASS, "%s: %s", fly_ir_op_name(op, name, sizeof name), c.err.message);
            ok = false;
            break;
        }
        mlirOperationDestroy(op);
    }
    /* the atoms, now unused (an atom still used elsewhere is left for the lowering to report) */
    for (int i = 0; ok && i < atoms.n; i++)
        if (fly_ir_value_unused(fly_ir_res0(atoms.v[i]))) mlirOperationDestroy(atoms.v[i]);
    /* buffer views made for the calls, and the casts giving their pointers */
    for (int i = 0; ok && i < views.n; i++) {
        if (!fly_ir_value_unused(fly_ir_res0(views.v[i]))) continue;
        MlirValue p = mlirOperationGetOperand(views.v[i], 0);
        mlirOperationDestroy(views.v[i]);
        if (mlirValueIsAOpResult(p) && fly_ir_value_unused(p) &&
            fly_ir_op_is(mlirOpResultGetOwner(p), "builtin.unrealized_conversion_cast"))
            mlirOperationDestroy(mlirOpResultGetOwner(p));
    }
    fly_opvec_free(&views);
    fly_opvec_free(&atoms);
    fly_opvec_free(&ops);
    return ok;
}
