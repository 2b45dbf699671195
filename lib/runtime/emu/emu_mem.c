/* emu_mem.c - the emulator's host lowering of memory features beyond plain loads and stores:
 * buffer resources (rocdl.make.buffer.rsrc, rocdl.raw.ptr.buffer.load / store / atomics with the
 * hardware's range rule), LDS through memref.global in address space 3 and
 * gpu.dynamic_shared_memory, gpu address-space attributes on memref types, and fp8 conversions
 * (arith.truncf / arith.extf to and from the f8 types, which the LLVM lowering rejects) as calls
 * of C functions with round-to-nearest-even. Called from emu_lower.c. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "passes/pass.h"
#include "runtime/emu/emu.h"
#include "runtime/emu/emu_irb.h"

static MlirType ty(MlirContext c, const char *s) { return fly_emu_irb_type(c, s); }

static MlirValue cast_ptr(fly_emu_irb *b, MlirValue p, const char *to) {
    MlirType t = ty(b->ctx, to);
    if (mlirTypeEqual(mlirValueGetType(p), t)) return p;
    return fly_emu_irb_val(b, "llvm.addrspacecast", 1, &p, t, 0, NULL);
}

static void store(fly_emu_irb *b, MlirValue v, MlirValue p, int64_t align) {
    MlirValue ops[2] = {v, p};
    MlirNamedAttribute a = fly_ir_named(b->ctx, "alignment", mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), align));
    fly_emu_irb_op(b, "llvm.store", 2, ops, fly_ir_type_null(), 1, &a);
}

/* Integer value v widened (zero-extended) or cut to i64. */
static MlirValue to_i64(fly_emu_irb *b, MlirValue v) {
    MlirType t = mlirValueGetType(v), i64 = mlirIntegerTypeGet(b->ctx, 64);
    if (mlirTypeIsAIndex(t)) return fly_emu_irb_val(b, "arith.index_castui", 1, &v, i64, 0, NULL);
    unsigned w = mlirIntegerTypeGetWidth(t);
    if (w == 64) return v;
    return fly_emu_irb_val(b, w < 64 ? "arith.extui" : "arith.trunci", 1, &v, i64, 0, NULL);
}

static MlirBlock func_entry(MlirOperation op) {
    MlirOperation f = op;
    while (!mlirOperationIsNull(f) && !fly_ir_op_is(f, "func.func") && !fly_ir_op_is(f, "llvm.func"))
        f = mlirOperationGetParentOperation(f);
    return mlirOperationIsNull(f) ? (MlirBlock){NULL} : mlirRegionGetFirstBlock(mlirOperationGetRegion(f, 0));
}

/* scf.if cond (with one result of type res, or none when res is null): *yes and *no receive the
 * two region blocks, empty (the caller appends the scf.yield). */
static MlirOperation scf_if(fly_emu_irb *b, MlirValue cond, MlirType res, MlirBlock *yes, MlirBlock *no) {
    MlirRegion r[2] = {mlirRegionCreate(), mlirRegionCreate()};
    *yes = mlirBlockCreate(0, NULL, NULL);
    *no = mlirBlockCreate(0, NULL, NULL);
    mlirRegionAppendOwnedBlock(r[0], *yes);
    mlirRegionAppendOwnedBlock(r[1], *no);
    MlirOperationState st = mlirOperationStateGet(fly_ir_sref("scf.if"), b->loc);
    mlirOperationStateAddOperands(&st, 1, &cond);
    if (!mlirTypeIsNull(res)) mlirOperationStateAddResults(&st, 1, &res);
    mlirOperationStateAddOwnedRegions(&st, 2, r);
    MlirOperation op = mlirOperationCreate(&st);
    fly_ir_op_insert(b->block, b->before, op);
    return op;
}

static void yield(fly_emu_irb *b, MlirValue v) {
    fly_emu_irb_op(b, "scf.yield", mlirValueIsNull(v) ? 0 : 1, &v, fly_ir_type_null(), 0, NULL);
}

/* ---- buffer resources ---- */

/* rocdl.make.buffer.rsrc base, stride, num_records, flags: a host record {base as ptr<1>,
 * num_records as i64} in a stack slot of the enclosing function; the resource is its address. */
static int lower_rsrc(MlirOperation op, char *err, size_t cap) {
    MlirContext c = mlirOperationGetContext(op);
    MlirBlock entry = func_entry(op);
    if (mlirBlockIsNull(entry)) {
        snprintf(err, cap, "rocdl.make.buffer.rsrc outside a function");
        return -1;
    }
    MlirType i64 = mlirIntegerTypeGet(c, 64);
    fly_emu_irb eb = {c, entry, mlirBlockGetFirstOperation(entry), mlirOperationGetLocation(op)};
    MlirValue one = fly_emu_irb_llconst(&eb, 1, i64);
    MlirNamedAttribute aa[2] = {
        fly_ir_named(c, "elem_type", mlirTypeAttrGet(ty(c, "!llvm.array<2 x i64>"))),
        fly_ir_named(c, "alignment", mlirIntegerAttrGet(i64, 16)),
    };
    MlirValue rec = fly_emu_irb_val(&eb, "llvm.alloca", 1, &one, ty(c, "!llvm.ptr"), 2, aa);
    fly_emu_irb b = {c, mlirOperationGetBlock(op), op, mlirOperationGetLocation(op)};
    MlirValue base = mlirOperationGetOperand(op, 0);
    if (fly_emu_ptr_as(mlirValueGetType(base)) < 0) {
        snprintf(err, cap, "rocdl.make.buffer.rsrc: the base must be an !llvm.ptr");
        return -1;
    }
    store(&b, cast_ptr(&b, base, "!llvm.ptr<1>"), rec, 8);
    store(&b, to_i64(&b, mlirOperationGetOperand(op, 2)), fly_emu_irb_gep_const(&b, rec, 1, i64), 8);
    MlirValue r = fly_emu_irb_val(&b, "llvm.addrspacecast", 1, &rec, mlirValueGetType(fly_ir_res0(op)), 0, NULL);
    mlirValueReplaceAllUsesOfWith(fly_ir_res0(op), r);
    mlirOperationDestroy(op);
    return 0;
}

/* The hardware's range rule for raw buffers (stride 0, no swizzle, no index), from AMD's CDNA3 and CDNA4 ISA
 * guides, section 9.1.5.1 "Range Checking":
 *  - "Raw Buffer ... Out of Range if: (InstOffset + (OffEN ? vgpr_offset : 0)) >= NumRecords": the checked
 *    offset is the VGPR offset plus the instruction's offset (rocdl's voffset operand carries both; the
 *    buffer->LDS op has the instruction offset as its own operand). The SGPR offset is not part of it (9.1.5.2:
 *    "the sgpr_offset is not a part of the offset term"), though it is part of the address (base + soffset +
 *    offset), which then goes through the emulator's checks of global memory.
 *  - Notes 1 and 2: out-of-range reads return zero, out-of-range writes write nothing.
 *  - Note 3: atomics are range-checked "all or nothing".
 *  - Note 4: "Load/store-Dword-x{2,3,4} ... range-check per component": each dword of a wider access is in
 *    or out on its own; accesses of 4 bytes or less are one component, all or nothing.
 *  - 9.1.9.1 (buffer loads to LDS): "Memory address clamping follows the same rules as any other buffer fetch".
 * The guides write the test on the component's first byte; here a component is in range when all of it is
 * (offset + size <= num_records), which is the same for dword-aligned offsets and num_records and keeps a
 * component that straddles num_records from reading or writing past it (LLVM's AMDGPUUsage: each 32-bit word is
 * range-checked; RDNA's guide: OOB = offset + payload > NumRecords). */

typedef struct brec {
    MlirValue base; /* the resource's base as a global pointer */
    MlirValue num;  /* num_records, i64 */
} brec;

/* The record of resource operand rsrc. */
static brec buf_rec(fly_emu_irb *b, MlirValue rsrc) {
    MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
    MlirValue rec = cast_ptr(b, rsrc, "!llvm.ptr");
    return (brec){fly_emu_irb_load(b, rec, ty(b->ctx, "!llvm.ptr<1>"), 8),
                  fly_emu_irb_load(b, fly_emu_irb_gep_const(b, rec, 1, i64), i64, 8)};
}

static MlirValue add64(fly_emu_irb *b, MlirValue x, MlirValue y) {
    MlirValue o[2] = {x, y};
    return fly_emu_irb_val(b, "arith.addi", 2, o, mlirIntegerTypeGet(b->ctx, 64), 0, NULL);
}

/* coff + end <= num (coff a zero-extended 32-bit offset: no overflow in i64). */
static MlirValue in_range(fly_emu_irb *b, MlirValue coff, int64_t end, MlirValue num) {
    MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
    MlirValue cmp[2] = {add64(b, coff, fly_emu_irb_const(b, end, i64)), num};
    MlirNamedAttribute pa = fly_ir_named(b->ctx, "predicate", mlirIntegerAttrGet(i64, 7)); /* ule */
    return fly_emu_irb_val(b, "arith.cmpi", 2, cmp, mlirIntegerTypeGet(b->ctx, 1), 1, &pa);
}

/* base + off + k as a global pointer. */
static MlirValue gep8(fly_emu_irb *b, MlirValue base, MlirValue off, int64_t k) {
    MlirContext c = b->ctx;
    if (k) off = add64(b, off, fly_emu_irb_const(b, k, mlirIntegerTypeGet(c, 64)));
    int32_t dyn = INT32_MIN;
    MlirNamedAttribute ga[2] = {
        fly_ir_named(c, "rawConstantIndices", mlirDenseI32ArrayGet(c, 1, &dyn)),
        fly_ir_named(c, "elem_type", mlirTypeAttrGet(mlirIntegerTypeGet(c, 8))),
    };
    MlirValue gops[2] = {base, off};
    return fly_emu_irb_val(b, "llvm.getelementptr", 2, gops, ty(c, "!llvm.ptr<1>"), 2, ga);
}

/* Whether an access of vt (bytes bytes) is checked per dword (dwordx2 / x3 / x4 and wider). */
static bool per_dword(int64_t bytes) { return bytes > 4 && bytes % 4 == 0; }

/* v (an integer or float scalar, or a vector) as an integer of its width and back: arith.bitcast for scalars (what
 * the lane-vector form handles), llvm.bitcast for vectors. */
static MlirValue bits_cast(fly_emu_irb *b, MlirValue v, MlirType to) {
    MlirType t = mlirValueGetType(v);
    if (mlirTypeEqual(t, to)) return v;
    bool vec = mlirTypeIsAVector(t) || mlirTypeIsAVector(to);
    return fly_emu_irb_val(b, vec ? "llvm.bitcast" : "arith.bitcast", 1, &v, to, 0, NULL);
}

/* A load of vt (bytes bytes) at base + aoff whose checked offset is coff: the whole value when it is all in range,
 * else (per dword) the in-range dwords with zeros for the others, or (4 bytes or less) zero. */
static MlirValue ranged_load(fly_emu_irb *b, brec r, MlirValue aoff, MlirValue coff, MlirType vt, int64_t bytes) {
    MlirContext c = b->ctx;
    MlirBlock yes, no;
    MlirOperation iff = scf_if(b, in_range(b, coff, bytes, r.num), vt, &yes, &no);
    fly_emu_irb yb = {c, yes, {NULL}, b->loc}, nb = {c, no, {NULL}, b->loc};
    yield(&yb, fly_emu_irb_load(&yb, gep8(&yb, r.base, aoff, 0), vt, 1));
    if (!per_dword(bytes)) {
        yield(&nb, fly_emu_irb_val(&nb, "llvm.mlir.zero", 0, NULL, vt, 0, NULL));
        return fly_ir_res0(iff);
    }
    MlirType i32 = mlirIntegerTypeGet(c, 32), iw = mlirIntegerTypeGet(c, (unsigned)(bytes * 8));
    MlirValue acc = fly_emu_irb_const(&nb, 0, iw);
    for (int64_t i = 0; i < bytes / 4; i++) {
        MlirBlock dy, dn;
        MlirOperation d = scf_if(&nb, in_range(&nb, coff, 4 * i + 4, r.num), i32, &dy, &dn);
        fly_emu_irb db = {c, dy, {NULL}, b->loc}, dz = {c, dn, {NULL}, b->loc};
        yield(&db, fly_emu_irb_load(&db, gep8(&db, r.base, aoff, 4 * i), i32, 1));
        yield(&dz, fly_emu_irb_const(&dz, 0, i32));
        MlirValue w = fly_ir_res0(d);
        w = fly_emu_irb_val(&nb, "arith.extui", 1, &w, iw, 0, NULL);
        if (i) {
            MlirValue sh[2] = {w, fly_emu_irb_const(&nb, 32 * i, iw)};
            w = fly_emu_irb_val(&nb, "arith.shli", 2, sh, iw, 0, NULL);
        }
        MlirValue o[2] = {acc, w};
        acc = fly_emu_irb_val(&nb, "arith.ori", 2, o, iw, 0, NULL);
    }
    yield(&nb, bits_cast(&nb, acc, vt));
    return fly_ir_res0(iff);
}

/* A store of v (bytes bytes) at base + aoff whose checked offset is coff: the whole value when it is all in range,
 * else (per dword) the in-range dwords, or (4 bytes or less) nothing. */
static void ranged_store(fly_emu_irb *b, brec r, MlirValue v, MlirValue aoff, MlirValue coff, int64_t bytes) {
    MlirContext c = b->ctx;
    MlirBlock yes, no;
    scf_if(b, in_range(b, coff, bytes, r.num), fly_ir_type_null(), &yes, &no);
    fly_emu_irb yb = {c, yes, {NULL}, b->loc}, nb = {c, no, {NULL}, b->loc};
    store(&yb, v, gep8(&yb, r.base, aoff, 0), 1);
    yield(&yb, (MlirValue){NULL});
    if (per_dword(bytes)) {
        MlirType i32 = mlirIntegerTypeGet(c, 32), iw = mlirIntegerTypeGet(c, (unsigned)(bytes * 8));
        MlirValue all = bits_cast(&nb, v, iw);
        for (int64_t i = 0; i < bytes / 4; i++) {
            MlirBlock dy, dn;
            scf_if(&nb, in_range(&nb, coff, 4 * i + 4, r.num), fly_ir_type_null(), &dy, &dn);
            fly_emu_irb db = {c, dy, {NULL}, b->loc}, dz = {c, dn, {NULL}, b->loc};
            MlirValue w = all;
            if (i) {
                MlirValue sh[2] = {w, fly_emu_irb_const(&db, 32 * i, iw)};
                w = fly_emu_irb_val(&db, "arith.shrui", 2, sh, iw, 0, NULL);
            }
            w = fly_emu_irb_val(&db, "arith.trunci", 1, &w, i32, 0, NULL);
            store(&db, w, gep8(&db, r.base, aoff, 4 * i), 1);
            yield(&db, (MlirValue){NULL});
            yield(&dz, (MlirValue){NULL});
        }
    }
    yield(&nb, (MlirValue){NULL});
}

/* rocdl.raw.ptr.buffer.load / store (rsrc, voffset, soffset, aux after the stored value): the address is
 * base + voffset + soffset, the range rule above on voffset. */
static int lower_buffer_access(MlirOperation op, bool is_store, char *err, size_t cap) {
    MlirContext c = mlirOperationGetContext(op);
    MlirType vt = is_store ? mlirValueGetType(mlirOperationGetOperand(op, 0)) : mlirValueGetType(fly_ir_res0(op));
    int64_t bytes = fly_emu_type_bytes(vt);
    if (!bytes) {
        snprintf(err, cap, "buffer %s: the emulator moves scalars and vectors of integers and floats",
                 is_store ? "store" : "load");
        return -1;
    }
    fly_emu_irb b = {c, mlirOperationGetBlock(op), op, mlirOperationGetLocation(op)};
    int o = is_store ? 1 : 0;
    brec r = buf_rec(&b, mlirOperationGetOperand(op, o));
    MlirValue voff = to_i64(&b, mlirOperationGetOperand(op, o + 1));
    MlirValue aoff = add64(&b, voff, to_i64(&b, mlirOperationGetOperand(op, o + 2)));
    if (is_store) {
        ranged_store(&b, r, mlirOperationGetOperand(op, 0), aoff, voff, bytes);
    } else {
        MlirValue v = ranged_load(&b, r, aoff, voff, vt, bytes);
        mlirValueReplaceAllUsesOfWith(fly_ir_res0(op), v);
    }
    mlirOperationDestroy(op);
    return 0;
}

/* rocdl.raw.ptr.buffer.atomic.{fadd,fmax,smax,umin} (no result) and .cmpswap (the old value): all or nothing (note
 * 3 above) on voffset; in range an llvm.atomicrmw / llvm.cmpxchg at base + voffset + soffset as a global pointer,
 * out of range nothing is written and cmpswap returns 0. */
static int lower_buffer_atomic(MlirOperation op, const char *kind, char *err, size_t cap) {
    static const struct {
        const char *k;
        int binop; /* LLVM's AtomicBinOp: fadd 11, fmax 13, max 7, umin 10 */
    } ops[] = {{"fadd", 11}, {"fmax", 13}, {"smax", 7}, {"umin", 10}};
    MlirContext c = mlirOperationGetContext(op);
    MlirType i64 = mlirIntegerTypeGet(c, 64);
    int cas = !strcmp(kind, "cmpswap"), binop = -1;
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (!strcmp(kind, ops[i].k)) binop = ops[i].binop;
    if (!cas && binop < 0) return 1;
    MlirValue v = mlirOperationGetOperand(op, 0);
    MlirType vt = mlirValueGetType(v);
    int64_t bytes = fly_emu_type_bytes(vt);
    if (!bytes) {
        snprintf(err, cap, "buffer atomic %s: the emulator takes scalars and vectors of integers and floats", kind);
        return -1;
    }
    fly_emu_irb b = {c, mlirOperationGetBlock(op), op, mlirOperationGetLocation(op)};
    int o = cas ? 2 : 1;
    brec r = buf_rec(&b, mlirOperationGetOperand(op, o));
    MlirValue voff = to_i64(&b, mlirOperationGetOperand(op, o + 1));
    MlirValue aoff = add64(&b, voff, to_i64(&b, mlirOperationGetOperand(op, o + 2)));
    MlirBlock yes, no;
    MlirOperation iff = scf_if(&b, in_range(&b, voff, bytes, r.num), cas ? vt : fly_ir_type_null(), &yes, &no);
    fly_emu_irb yb = {c, yes, {NULL}, b.loc}, nb = {c, no, {NULL}, b.loc};
    MlirValue p = gep8(&yb, r.base, aoff, 0);
    if (cas) {
        MlirNamedAttribute ca[2] = {fly_ir_named(c, "success_ordering", mlirIntegerAttrGet(i64, 2)),
                                    fly_ir_named(c, "failure_ordering", mlirIntegerAttrGet(i64, 2))};
        MlirValue cops[3] = {p, mlirOperationGetOperand(op, 1), v};
        char st[256];
        fly_ir_buf t = {0};
        mlirTypePrint(vt, fly_ir_buf_callback, &t);
        snprintf(st, sizeof st, "!llvm.struct<(%s, i1)>", t.data ? t.data : "i32");
        fly_ir_buf_free(&t);
        MlirValue pair = fly_emu_irb_val(&yb, "llvm.cmpxchg", 3, cops, ty(c, st), 2, ca);
        int64_t zero = 0;
        MlirNamedAttribute xa = fly_ir_named(c, "position", mlirDenseI64ArrayGet(c, 1, &zero));
        yield(&yb, fly_emu_irb_val(&yb, "llvm.extractvalue", 1, &pair, vt, 1, &xa));
        yield(&nb, fly_emu_irb_val(&nb, "llvm.mlir.zero", 0, NULL, vt, 0, NULL));
        mlirValueReplaceAllUsesOfWith(fly_ir_res0(op), fly_ir_res0(iff));
    } else {
        MlirNamedAttribute ra[2] = {fly_ir_named(c, "bin_op", mlirIntegerAttrGet(i64, binop)),
                                    fly_ir_named(c, "ordering", mlirIntegerAttrGet(i64, 2))}; /* monotonic */
        MlirValue aops[2] = {p, v};
        fly_emu_irb_val(&yb, "llvm.atomicrmw", 2, aops, vt, 2, ra);
        yield(&yb, (MlirValue){NULL});
        yield(&nb, (MlirValue){NULL});
    }
    mlirOperationDestroy(op);
    return 0;
}

/* The value of constant v (arith.constant / llvm.mlir.constant), or -1. */
static int64_t const_of(MlirValue v) {
    int64_t x;
    return fly_emu_const_int(v, &x) ? x : -1;
}

/* The LDS side of an LDS DMA of size bytes (rocdl.raw.ptr.buffer.load.lds, rocdl.global.load.lds): v stored at
 * lds + imm + lane * size, 16 bytes a lane for 12 (ISA 9.1.9: "For loads to LDS with data-size of 3 or 4 dwords, the
 * equation is modified to be: (TIDinWAve * 16)"; x3 skips the 4th dword). */
static void lds_dma_store(fly_emu_irb *b, MlirValue v, MlirValue lds, MlirValue lane, int64_t size, int64_t imm) {
    MlirContext c = b->ctx;
    MlirType i64 = mlirIntegerTypeGet(c, 64);
    MlirValue l64 = fly_emu_irb_val(b, "arith.index_castui", 1, &lane, i64, 0, NULL);
    MlirValue lm[2] = {l64, fly_emu_irb_const(b, size == 12 ? 16 : size, i64)};
    MlirValue loff = fly_emu_irb_val(b, "arith.muli", 2, lm, i64, 0, NULL);
    loff = add64(b, loff, fly_emu_irb_const(b, imm, i64));
    int32_t dyn = INT32_MIN;
    MlirNamedAttribute ga[2] = {
        fly_ir_named(c, "rawConstantIndices", mlirDenseI32ArrayGet(c, 1, &dyn)),
        fly_ir_named(c, "elem_type", mlirTypeAttrGet(mlirIntegerTypeGet(c, 8))),
    };
    MlirValue lops[2] = {lds, loff};
    MlirValue q = fly_emu_irb_val(b, "llvm.getelementptr", 2, lops, ty(c, "!llvm.ptr<3>"), 2, ga);
    store(b, v, q, 1);
}

/* The value type of an LDS DMA of size bytes: i8, i16, vector<1|3|4xi32>; NULL type for other sizes. */
static MlirType lds_dma_type(MlirContext c, int64_t size) {
    if (size != 1 && size != 2 && size != 4 && size != 12 && size != 16) return fly_ir_type_null();
    char vts[32];
    snprintf(vts, sizeof vts, size >= 4 ? "vector<%lldxi32>" : "i%lld", (long long)(size >= 4 ? size / 4 : size * 8));
    return ty(c, vts);
}

/* rocdl.raw.ptr.buffer.load.lds (rsrc, lds, size, voffset, soffset, offset, aux): the buffer side at
 * base + voffset + soffset + offset under the range rule on voffset + offset (per dword for 12 and 16 bytes),
 * the LDS side at lds + offset + lane * size (lane * 16 for 12). */
int fly_emu_lower_buffer_lds(MlirOperation op, MlirValue lane, char *err, size_t cap) {
    MlirContext c = mlirOperationGetContext(op);
    MlirType i64 = mlirIntegerTypeGet(c, 64);
    int64_t size = const_of(mlirOperationGetOperand(op, 2)), imm = const_of(mlirOperationGetOperand(op, 5));
    MlirType vt = lds_dma_type(c, size);
    if (mlirTypeIsNull(vt)) {
        snprintf(err, cap, "rocdl.raw.ptr.buffer.load.lds: the size must be a constant 1, 2, 4, 12 or 16");
        return -1;
    }
    if (imm < 0) {
        snprintf(err, cap, "rocdl.raw.ptr.buffer.load.lds: the offset must be a constant");
        return -1;
    }
    fly_emu_irb b = {c, mlirOperationGetBlock(op), op, mlirOperationGetLocation(op)};
    brec r = buf_rec(&b, mlirOperationGetOperand(op, 0));
    MlirValue coff = add64(&b, to_i64(&b, mlirOperationGetOperand(op, 3)), fly_emu_irb_const(&b, imm, i64));
    MlirValue aoff = add64(&b, coff, to_i64(&b, mlirOperationGetOperand(op, 4)));
    MlirValue v = ranged_load(&b, r, aoff, coff, vt, size);
    lds_dma_store(&b, v, mlirOperationGetOperand(op, 1), lane, size, imm);
    mlirOperationDestroy(op);
    return 0;
}

/* rocdl.global.load.lds (global, lds, size, offset, aux attributes): the lane's size bytes at global + offset (a
 * global access, checked like any other), stored at lds + offset + lane * size (16 a lane for 12). */
int fly_emu_lower_global_lds(MlirOperation op, MlirValue lane, char *err, size_t cap) {
    MlirContext c = mlirOperationGetContext(op);
    MlirAttribute sa = mlirOperationGetAttributeByName(op, fly_ir_sref("size")),
                  oa = mlirOperationGetAttributeByName(op, fly_ir_sref("offset"));
    int64_t size = !mlirAttributeIsNull(sa) && mlirAttributeIsAInteger(sa) ? mlirIntegerAttrGetValueInt(sa) : -1,
            imm = !mlirAttributeIsNull(oa) && mlirAttributeIsAInteger(oa) ? mlirIntegerAttrGetValueInt(oa) : -1;
    MlirType vt = lds_dma_type(c, size);
    if (mlirTypeIsNull(vt) || imm < 0 || mlirOperationGetNumOperands(op) != 2) {
        snprintf(err, cap, "rocdl.global.load.lds: the size must be 1, 2, 4, 12 or 16 and the offset at least 0");
        return -1;
    }
    fly_emu_irb b = {c, mlirOperationGetBlock(op), op, mlirOperationGetLocation(op)};
    MlirValue g = gep8(&b, mlirOperationGetOperand(op, 0), fly_emu_irb_const(&b, imm, mlirIntegerTypeGet(c, 64)), 0);
    lds_dma_store(&b, fly_emu_irb_load(&b, g, vt, 1), mlirOperationGetOperand(op, 1), lane, size, imm);
    mlirOperationDestroy(op);
    return 0;
}

/* llvm.amdgcn.s.buffer.load.<t>(rsrc as vector<4xi32>, offset, cachepolicy): the scalar (SMEM) buffer load, whose
 * resource operand is the !llvm.ptr<8> resource through ptrtoint to i128 and a bitcast (FlyDSL's buffer_ops): here
 * that integer is the host record's address, so its low 64 bits point at the record. The range rule is the raw
 * buffer load's (per dword for the wider forms) on the offset. */
int fly_emu_lower_s_buffer_load(MlirOperation op, char *err, size_t cap) {
    MlirContext c = mlirOperationGetContext(op);
    if (mlirOperationGetNumOperands(op) != 3 || mlirOperationGetNumResults(op) != 1) {
        snprintf(err, cap, "llvm.amdgcn.s.buffer.load takes a resource, an offset and a cache policy");
        return -1;
    }
    MlirType vt = mlirValueGetType(fly_ir_res0(op)), i64 = mlirIntegerTypeGet(c, 64);
    int64_t bytes = fly_emu_type_bytes(vt);
    MlirValue rs = mlirOperationGetOperand(op, 0);
    MlirType rt = mlirValueGetType(rs);
    if (!bytes || !mlirTypeIsAVector(rt) || fly_emu_type_bytes(rt) != 16) {
        snprintf(err, cap,
                 "llvm.amdgcn.s.buffer.load: the emulator takes a vector<4xi32> resource and loads integers "
                 "and floats");
        return -1;
    }
    fly_emu_irb b = {c, mlirOperationGetBlock(op), op, mlirOperationGetLocation(op)};
    MlirValue wide = fly_emu_irb_val(&b, "llvm.bitcast", 1, &rs, mlirIntegerTypeGet(c, 128), 0, NULL);
    MlirValue lo = fly_emu_irb_val(&b, "arith.trunci", 1, &wide, i64, 0, NULL);
    MlirValue rec = fly_emu_irb_val(&b, "llvm.inttoptr", 1, &lo, ty(c, "!llvm.ptr"), 0, NULL);
    brec r = buf_rec(&b, rec);
    MlirValue off = to_i64(&b, mlirOperationGetOperand(op, 1));
    mlirValueReplaceAllUsesOfWith(fly_ir_res0(op), ranged_load(&b, r, off, off, vt, bytes));
    mlirOperationDestroy(op);
    return 0;
}

int fly_emu_lower_buffer_op(MlirOperation op, char *err, size_t cap) {
    if (fly_ir_op_is(op, "rocdl.make.buffer.rsrc")) return lower_rsrc(op, err, cap);
    if (fly_ir_op_is(op, "rocdl.raw.ptr.buffer.load")) return lower_buffer_access(op, false, err, cap);
    if (fly_ir_op_is(op, "rocdl.raw.ptr.buffer.store")) return lower_buffer_access(op, true, err, cap);
    MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
    static const char pre[] = "rocdl.raw.ptr.buffer.atomic.";
    if (n.length > sizeof pre - 1 && n.length < sizeof pre + 16 && !strncmp(n.data, pre, sizeof pre - 1)) {
        char kind[24];
        memcpy(kind, n.data + sizeof pre - 1, n.length - (sizeof pre - 1));
        kind[n.length - (sizeof pre - 1)] = 0;
        return lower_buffer_atomic(op, kind, err, cap);
    }
    return 1;
}

/* ---- LDS ---- */

/* The integer address space a #gpu.address_space attribute stands for (0: not one). */
static int gpu_as(MlirAttribute ms) {
    if (mlirAttributeIsNull(ms) || mlirAttributeIsAInteger(ms)) return 0;
    fly_ir_buf t = {0};
    mlirAttributePrint(ms, fly_ir_buf_callback, &t);
    const char *s = t.data ? t.data : "";
    int as = strstr(s, "workgroup") ? 3 : strstr(s, "private") ? 5 : strstr(s, "global") ? 1 : 0;
    fly_ir_buf_free(&t);
    return as;
}

static MlirType fix_type(MlirType t) {
    if (!mlirTypeIsAMemRef(t)) return t;
    int as = gpu_as(mlirMemRefTypeGetMemorySpace(t));
    if (as != 3 && as != 5) return t;
    MlirContext c = mlirTypeGetContext(t);
    intptr_t rank = mlirShapedTypeGetRank(t);
    int64_t shape[16];
    for (intptr_t i = 0; i < rank && i < 16; i++) shape[i] = mlirShapedTypeGetDimSize(t, i);
    MlirAttribute ms = mlirIntegerAttrGet(mlirIntegerTypeGet(c, 64), as);
    return mlirMemRefTypeGet(mlirShapedTypeGetElementType(t), rank, shape, mlirMemRefTypeGetLayout(t), ms);
}

static void fix_value(MlirValue v) {
    MlirType t = mlirValueGetType(v), n = fix_type(t);
    if (!mlirTypeEqual(t, n)) mlirValueSetType(v, n);
}

static MlirWalkResult fix_op(MlirOperation op, void *user) {
    (void)user;
    for (intptr_t i = 0; i < mlirOperationGetNumResults(op); i++) fix_value(mlirOperationGetResult(op, i));
    for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); r++)
        for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b);
             b = mlirBlockGetNextInRegion(b))
            for (intptr_t i = 0; i < mlirBlockGetNumArguments(b); i++) fix_value(mlirBlockGetArgument(b, i));
    return MlirWalkResultAdvance;
}

void fly_emu_gpu_spaces_to_int(MlirOperation f) { mlirOperationWalk(f, fix_op, NULL, MlirWalkPreOrder); }

bool fly_emu_is_lds_global(MlirOperation op) {
    if (!fly_ir_op_is(op, "memref.global")) return false;
    MlirAttribute ta = mlirOperationGetAttributeByName(op, fly_ir_sref("type"));
    if (mlirAttributeIsNull(ta) || !mlirAttributeIsAType(ta)) return false;
    MlirType t = fix_type(mlirTypeAttrGetValue(ta));
    MlirAttribute ms = mlirMemRefTypeGetMemorySpace(t);
    return !mlirAttributeIsNull(ms) && mlirAttributeIsAInteger(ms) && mlirIntegerAttrGetValueInt(ms) == 3;
}

typedef struct lds_ud {
    fly_opvec uses;
} lds_ud;

static MlirWalkResult collect_lds(MlirOperation op, void *user) {
    lds_ud *u = user;
    if (fly_ir_op_is(op, "memref.get_global") || fly_ir_op_is(op, "gpu.dynamic_shared_memory"))
        fly_opvec_push(&u->uses, op);
    return MlirWalkResultAdvance;
}

static MlirValue lds_base(fly_emu_irb *b, MlirValue ctxv) {
    MlirValue p = fly_emu_irb_gep_const(b, ctxv, FLY_EMU_CTX_LDS, mlirIntegerTypeGet(b->ctx, 64));
    return fly_emu_irb_load(b, p, ty(b->ctx, "!llvm.ptr"), 8);
}

int fly_emu_lower_lds(MlirOperation f, MlirValue ctxv, size_t *lds_static, const char *kname, char *err, size_t cap) {
    MlirContext c = mlirOperationGetContext(f);
    MlirType i64 = mlirIntegerTypeGet(c, 64), i8 = mlirIntegerTypeGet(c, 8);
    lds_ud u = {0};
    mlirOperationWalk(f, collect_lds, &u, MlirWalkPreOrder);
    /* globals first (their offsets fix the static size), then dynamic shared memory after them */
    char **names = calloc((size_t)u.uses.n + 1, sizeof *names);
    size_t *offs = calloc((size_t)u.uses.n + 1, sizeof *offs);
    int nn = 0, rc = 0;
    size_t off = *lds_static;
    for (int pass = 0; pass < 2 && names && offs && !rc; pass++) {
        for (int i = 0; i < u.uses.n && !rc; i++) {
            MlirOperation op = u.uses.v[i];
            if (mlirOperationIsNull(op)) continue; /* rewritten by the first pass */
            bool dyn = fly_ir_op_is(op, "gpu.dynamic_shared_memory");
            MlirType mt = mlirValueGetType(fly_ir_res0(op));
            MlirAttribute ms = mlirMemRefTypeGetMemorySpace(mt);
            /* gpu.dynamic_shared_memory is always workgroup memory (its verifier wants the gpu attribute) */
            bool lds =
                dyn || (!mlirAttributeIsNull(ms) && mlirAttributeIsAInteger(ms) && mlirIntegerAttrGetValueInt(ms) == 3);
            if (dyn != (pass == 1) || !lds) continue;
            fly_emu_irb b = {c, mlirOperationGetBlock(op), op, mlirOperationGetLocation(op)};
            MlirValue base = lds_base(&b, ctxv);
            MlirValue v;
            if (dyn) {
                MlirValue p = fly_emu_irb_gep_const(&b, base, (int32_t)off, i8);
                MlirValue lo = fly_emu_irb_gep_const(&b, ctxv, FLY_EMU_CTX_LDS_LO, i64);
                MlirValue hi = fly_emu_irb_gep_const(&b, ctxv, FLY_EMU_CTX_LDS_HI, i64);
                MlirValue d[2] = {fly_emu_irb_load(&b, hi, i64, 8), fly_emu_irb_load(&b, lo, i64, 8)};
                MlirValue n = fly_emu_irb_val(&b, "arith.subi", 2, d, i64, 0, NULL);
                MlirValue s[2] = {n, fly_emu_irb_const(&b, (int64_t)off, i64)};
                n = fly_emu_irb_val(&b, "arith.subi", 2, s, i64, 0, NULL);
                v = fly_emu_irb_memref_1d(&b, cast_ptr(&b, p, "!llvm.ptr<3>"), n, mt);
            } else {
                if (!mlirShapedTypeHasStaticShape(mt)) {
                    snprintf(err, cap, "%s: LDS globals must have static shapes", kname);
                    rc = -1;
                    break;
                }
                MlirAttribute na = mlirOperationGetAttributeByName(op, fly_ir_sref("name"));
                MlirStringRef sr = mlirFlatSymbolRefAttrGetValue(na);
                int j = 0;
                while (j < nn && !fly_ir_sref_eq(sr, names[j])) j++;
                if (j == nn) {
                    names[nn] = strndup(sr.data, sr.length);
                    offs[nn++] = off;
                    int64_t bytes = fly_emu_type_bytes(mlirShapedTypeGetElementType(mt)) * fly_emu_num_elements(mt);
                    off = (off + (size_t)bytes + 15) & ~(size_t)15;
                }
                MlirValue p = fly_emu_irb_gep_const(&b, base, (int32_t)offs[j], i8);
                v = fly_emu_irb_memref_from_ptr(&b, cast_ptr(&b, p, "!llvm.ptr<3>"), mt);
            }
            mlirValueReplaceAllUsesOfWith(fly_ir_res0(op), v);
            mlirOperationDestroy(op);
            u.uses.v[i] = (MlirOperation){NULL};
        }
    }
    if (!names || !offs) {
        snprintf(err, cap, "out of memory");
        rc = -1;
    }
    for (int i = 0; i < nn; i++) free(names[i]);
    free(names);
    free(offs);
    fly_opvec_free(&u.uses);
    *lds_static = off;
    return rc;
}

/* ---- fp8 ---- */

/* The f8 formats: exponent and mantissa bits, bias, and kind (0: IEEE with infinities and NaNs,
 * 1: "FN", no infinities, S.1111.111 is NaN, 2: "FNUZ", no infinities nor -0, 0x80 is NaN). */
static const struct f8fmt {
    int e, m, bias, kind;
} F8[FLY_EMU_F8_COUNT] = {
    [FLY_EMU_F8_E4M3FN] = {4, 3, 7, 1},    [FLY_EMU_F8_E4M3FNUZ] = {4, 3, 8, 2},     [FLY_EMU_F8_E5M2] = {5, 2, 15, 0},
    [FLY_EMU_F8_E5M2FNUZ] = {5, 2, 16, 2}, [FLY_EMU_F8_E4M3B11FNUZ] = {4, 3, 11, 2}, [FLY_EMU_F8_E4M3] = {4, 3, 7, 0},
    [FLY_EMU_F8_E3M4] = {3, 4, 3, 0},
};

int32_t fly_emu_f8_trunc(double x, int32_t kind) {
    const struct f8fmt *f = &F8[kind >= 0 && kind < FLY_EMU_F8_COUNT ? kind : 0];
    int s = signbit(x) ? 0x80 : 0, emask = (1 << f->e) - 1, mmask = (1 << f->m) - 1;
    int nan = f->kind == 2 ? 0x80 : f->kind == 1 ? s | 0x7f : s | emask << f->m | 1 << (f->m - 1);
    int ovf = f->kind == 0 ? s | emask << f->m : nan;
    if (isnan(x)) return nan;
    if (isinf(x)) return ovf;
    int emax = (f->kind == 0 ? emask - 1 : emask) - f->bias, maxm = f->kind == 1 ? mmask - 1 : mmask;
    int emin = 1 - f->bias, k;
    double a = fabs(x);
    if (a == 0) return f->kind == 2 ? 0 : s;
    frexp(a, &k);
    int e = k - 1 < emin ? emin : k - 1;
    double q = nearbyint(ldexp(a, f->m - e)); /* the default rounding mode: to nearest even */
    if (q >= (double)(2 << f->m)) {
        e++;
        q = ldexp(q, -1);
    }
    if (q == 0) return f->kind == 2 ? 0 : s;
    if (e > emax || (e == emax && (int)q - (1 << f->m) > maxm)) return ovf;
    int mant = (int)q;
    if (mant < 1 << f->m) return s | mant;
    return s | (e + f->bias) << f->m | (mant - (1 << f->m));
}

float fly_emu_f8_ext(int32_t bits, int32_t kind) {
    const struct f8fmt *f = &F8[kind >= 0 && kind < FLY_EMU_F8_COUNT ? kind : 0];
    int emask = (1 << f->e) - 1, mmask = (1 << f->m) - 1;
    bits &= 0xff;
    int s = bits & 0x80, be = bits >> f->m & emask, mant = bits & mmask;
    if ((f->kind == 2 && bits == 0x80) || (f->kind == 1 && be == emask && mant == mmask) ||
        (f->kind == 0 && be == emask && mant))
        return s ? -NAN : NAN;
    double v = f->kind == 0 && be == emask ? INFINITY
               : be                        ? ldexp(1 + ldexp(mant, -f->m), be - f->bias)
                                           : ldexp(mant, 1 - f->bias - f->m);
    return (float)(s ? -v : v);
}

static int f8_kind(MlirType t) {
    return mlirTypeIsAFloat8E4M3FN(t)        ? FLY_EMU_F8_E4M3FN
           : mlirTypeIsAFloat8E4M3FNUZ(t)    ? FLY_EMU_F8_E4M3FNUZ
           : mlirTypeIsAFloat8E5M2(t)        ? FLY_EMU_F8_E5M2
           : mlirTypeIsAFloat8E5M2FNUZ(t)    ? FLY_EMU_F8_E5M2FNUZ
           : mlirTypeIsAFloat8E4M3B11FNUZ(t) ? FLY_EMU_F8_E4M3B11FNUZ
           : mlirTypeIsAFloat8E4M3(t)        ? FLY_EMU_F8_E4M3
           : mlirTypeIsAFloat8E3M4(t)        ? FLY_EMU_F8_E3M4
                                             : -1;
}

static MlirType elem(MlirType t) { return mlirTypeIsAVector(t) ? mlirShapedTypeGetElementType(t) : t; }

typedef struct f8_ud {
    fly_opvec ops;
} f8_ud;

static MlirWalkResult collect_f8(MlirOperation op, void *user) {
    f8_ud *u = user;
    bool tr = fly_ir_op_is(op, "arith.truncf"), ex = fly_ir_op_is(op, "arith.extf");
    if (tr && f8_kind(elem(mlirValueGetType(fly_ir_res0(op)))) >= 0) fly_opvec_push(&u->ops, op);
    else if (ex && f8_kind(elem(mlirValueGetType(mlirOperationGetOperand(op, 0)))) >= 0) fly_opvec_push(&u->ops, op);
    return MlirWalkResultAdvance;
}

/* One scalar conversion of x (from type `from` to type `to`, one of them f8) at b. */
static MlirValue f8_scalar(fly_emu_irb *b, MlirValue x, MlirType to, bool trunc) {
    MlirContext c = b->ctx;
    MlirType i32 = mlirIntegerTypeGet(c, 32), i8 = mlirIntegerTypeGet(c, 8), f32 = mlirF32TypeGet(c);
    MlirType f64 = mlirF64TypeGet(c);
    if (trunc) {
        if (!mlirTypeEqual(mlirValueGetType(x), f64)) x = fly_emu_irb_val(b, "arith.extf", 1, &x, f64, 0, NULL);
        MlirValue a[2] = {x, fly_emu_irb_const(b, f8_kind(to), i32)};
        MlirValue r = fly_ir_res0(fly_emu_irb_call(b, "fly_emu_f8_trunc", 2, a, i32));
        r = fly_emu_irb_val(b, "arith.trunci", 1, &r, i8, 0, NULL);
        return fly_emu_irb_val(b, "arith.bitcast", 1, &r, to, 0, NULL);
    }
    int kind = f8_kind(mlirValueGetType(x));
    MlirValue xi = fly_emu_irb_val(b, "arith.bitcast", 1, &x, i8, 0, NULL);
    xi = fly_emu_irb_val(b, "arith.extui", 1, &xi, i32, 0, NULL);
    MlirValue a[2] = {xi, fly_emu_irb_const(b, kind, i32)};
    MlirValue r = fly_ir_res0(fly_emu_irb_call(b, "fly_emu_f8_ext", 2, a, f32));
    if (mlirTypeEqual(to, f32)) return r;
    /* every f8 value is exact in f16, bf16 and f64 */
    return fly_emu_irb_val(b, mlirFloatTypeGetWidth(to) > 32 ? "arith.extf" : "arith.truncf", 1, &r, to, 0, NULL);
}

int fly_emu_lower_fp8(MlirModule m, char *err, size_t cap) {
    f8_ud u = {0};
    mlirOperationWalk(mlirModuleGetOperation(m), collect_f8, &u, MlirWalkPostOrder);
    int rc = 0;
    for (int i = 0; i < u.ops.n && !rc; i++) {
        MlirOperation op = u.ops.v[i];
        MlirContext c = mlirOperationGetContext(op);
        bool trunc = fly_ir_op_is(op, "arith.truncf");
        MlirValue x = mlirOperationGetOperand(op, 0);
        MlirType rt = mlirValueGetType(fly_ir_res0(op));
        fly_emu_irb b = {c, mlirOperationGetBlock(op), op, mlirOperationGetLocation(op)};
        MlirValue r;
        if (mlirTypeIsAVector(rt)) {
            if (mlirShapedTypeGetRank(rt) != 1 || !mlirShapedTypeHasStaticShape(rt)) {
                snprintf(err, cap, "fp8 conversions: the emulator converts scalars and 1-D vectors");
                rc = -1;
                break;
            }
            MlirType et = mlirShapedTypeGetElementType(rt);
            int64_t n = mlirShapedTypeGetDimSize(rt, 0);
            MlirValue *el = calloc((size_t)n + 1, sizeof *el);
            if (!el) {
                snprintf(err, cap, "out of memory");
                rc = -1;
                break;
            }
            for (int64_t j = 0; j < n; j++) {
                MlirNamedAttribute pa = fly_ir_named(c, "static_position", mlirDenseI64ArrayGet(c, 1, &j));
                MlirValue e = fly_emu_irb_val(&b, "vector.extract", 1, &x,
                                              mlirShapedTypeGetElementType(mlirValueGetType(x)), 1, &pa);
                el[j] = f8_scalar(&b, e, et, trunc);
            }
            r = fly_emu_irb_val(&b, "vector.from_elements", (int)n, el, rt, 0, NULL);
            free(el);
        } else {
            r = f8_scalar(&b, x, rt, trunc);
        }
        mlirValueReplaceAllUsesOfWith(fly_ir_res0(op), r);
        mlirOperationDestroy(op);
    }
    fly_opvec_free(&u.ops);
    return rc;
}

/* ---- f32 -> bf16 truncation inline ---- */

static MlirWalkResult collect_bf16(MlirOperation op, void *user) {
    if (!fly_ir_op_is(op, "arith.truncf") ||
        !mlirAttributeIsNull(mlirOperationGetAttributeByName(op, fly_ir_sref("roundingmode"))))
        return MlirWalkResultAdvance;
    if (mlirTypeIsABF16(elem(mlirValueGetType(fly_ir_res0(op)))) &&
        mlirTypeIsAF32(elem(mlirValueGetType(mlirOperationGetOperand(op, 0)))))
        fly_opvec_push(user, op);
    return MlirWalkResultAdvance;
}

/* An integer constant v of type t (a scalar, or a vector splat of it). */
static MlirValue int_splat(fly_emu_irb *b, int64_t v, MlirType t) {
    if (!mlirTypeIsAVector(t)) return fly_emu_irb_const(b, v, t);
    MlirAttribute s = mlirDenseElementsAttrSplatGet(t, mlirIntegerAttrGet(mlirShapedTypeGetElementType(t), v));
    MlirNamedAttribute a = fly_ir_named(b->ctx, "value", s);
    return fly_emu_irb_val(b, "arith.constant", 0, NULL, t, 1, &a);
}

/* The type shaped like t (scalar or vector) with element type e. */
static MlirType like(MlirType t, MlirType e) {
    if (!mlirTypeIsAVector(t)) return e;
    intptr_t r = mlirShapedTypeGetRank(t);
    int64_t shape[8];
    if (r > 8) return fly_ir_type_null();
    for (intptr_t i = 0; i < r; i++) shape[i] = mlirShapedTypeGetDimSize(t, i);
    return mlirVectorTypeGet(r, shape, e);
}

int fly_emu_lower_bf16(MlirModule m) {
    if (getenv("FLYI_EMU_BF16_CALL")) return 0;
    fly_opvec ops = {0};
    mlirOperationWalk(mlirModuleGetOperation(m), collect_bf16, &ops, MlirWalkPostOrder);
    for (int i = 0; i < ops.n; i++) {
        MlirOperation op = ops.v[i];
        MlirContext c = mlirOperationGetContext(op);
        MlirValue x = mlirOperationGetOperand(op, 0);
        MlirType xt = mlirValueGetType(x), rt = mlirValueGetType(fly_ir_res0(op));
        MlirType t32 = like(xt, mlirIntegerTypeGet(c, 32)), t16 = like(xt, mlirIntegerTypeGet(c, 16));
        MlirType t1 = like(xt, mlirIntegerTypeGet(c, 1));
        if (mlirTypeIsNull(t32) || mlirTypeIsNull(t16)) continue;
        fly_emu_irb b = {c, mlirOperationGetBlock(op), op, mlirOperationGetLocation(op)};
        /* as emu_softfloat.c's f32_to_bf16: a NaN keeps its high half, made quiet; else
         * (u + 0x7fff + ((u >> 16) & 1)) >> 16, round to nearest even */
        MlirValue u = fly_emu_irb_val(&b, "arith.bitcast", 1, &x, t32, 0, NULL);
        MlirValue c16 = int_splat(&b, 16, t32);
        MlirValue hi[2] = {u, c16};
        MlirValue h = fly_emu_irb_val(&b, "arith.shrui", 2, hi, t32, 0, NULL);
        MlirValue ho[2] = {h, int_splat(&b, 1, t32)};
        MlirValue odd = fly_emu_irb_val(&b, "arith.andi", 2, ho, t32, 0, NULL);
        MlirValue ab[2] = {u, int_splat(&b, 0x7fff, t32)};
        MlirValue s = fly_emu_irb_val(&b, "arith.addi", 2, ab, t32, 0, NULL);
        MlirValue so[2] = {s, odd};
        s = fly_emu_irb_val(&b, "arith.addi", 2, so, t32, 0, NULL);
        MlirValue sh[2] = {s, c16};
        MlirValue rn = fly_emu_irb_val(&b, "arith.shrui", 2, sh, t32, 0, NULL);
        MlirValue hq[2] = {h, int_splat(&b, 0x40, t32)};
        MlirValue qn = fly_emu_irb_val(&b, "arith.ori", 2, hq, t32, 0, NULL);
        MlirNamedAttribute uno = fly_ir_named(c, "predicate", mlirIntegerAttrGet(mlirIntegerTypeGet(c, 64), 14));
        MlirValue xx[2] = {x, x};
        MlirValue nan = fly_emu_irb_val(&b, "arith.cmpf", 2, xx, t1, 1, &uno);
        MlirValue sel[3] = {nan, qn, rn};
        MlirValue r = fly_emu_irb_val(&b, "arith.select", 3, sel, t32, 0, NULL);
        r = fly_emu_irb_val(&b, "arith.trunci", 1, &r, t16, 0, NULL);
        r = fly_emu_irb_val(&b, "arith.bitcast", 1, &r, rt, 0, NULL);
        mlirValueReplaceAllUsesOfWith(fly_ir_res0(op), r);
        mlirOperationDestroy(op);
    }
    fly_opvec_free(&ops);
    return 0;
}

/* ---- bf16 block arguments as i16 ---- */

static bool is_bf16ish(MlirType t) {
    return mlirTypeIsABF16(elem(t)) && (!mlirTypeIsAVector(t) || mlirShapedTypeGetRank(t) <= 8);
}

/* The operands a terminator passes to its successor k: [*lo, *hi); false when the terminator is not llvm.br or
 * llvm.cond_br. */
static bool succ_operands(MlirOperation term, intptr_t k, intptr_t *lo, intptr_t *hi) {
    if (fly_ir_op_is(term, "llvm.br")) {
        *lo = 0, *hi = mlirOperationGetNumOperands(term);
        return true;
    }
    if (!fly_ir_op_is(term, "llvm.cond_br")) return false;
    MlirAttribute seg = mlirOperationGetAttributeByName(term, fly_ir_sref("operandSegmentSizes"));
    if (mlirAttributeIsNull(seg) || mlirDenseArrayGetNumElements(seg) != 3) return false;
    int32_t nt = mlirDenseI32ArrayGetElement(seg, 1), nf = mlirDenseI32ArrayGetElement(seg, 2);
    *lo = k == 0 ? 1 : 1 + nt;
    *hi = k == 0 ? 1 + nt : 1 + nt + nf;
    return true;
}

static bool block_in(const MlirBlock *v, int n, MlirBlock b) {
    for (int i = 0; i < n; i++)
        if (mlirBlockEqual(v[i], b)) return true;
    return false;
}

/* In one llvm.func: blocks whose bf16 arguments can become i16 (every predecessor an llvm.br / llvm.cond_br). */
static void bf16_args_func(MlirOperation f) {
    MlirRegion r = mlirOperationGetRegion(f, 0);
    int n = 0, cap = 0;
    MlirBlock *cand = NULL;
    for (MlirBlock b = mlirRegionGetFirstBlock(r); !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b)) {
        if (mlirBlockEqual(b, mlirRegionGetFirstBlock(r))) continue;
        bool any = false;
        for (intptr_t i = 0; i < mlirBlockGetNumArguments(b); i++)
            any |= is_bf16ish(mlirValueGetType(mlirBlockGetArgument(b, i)));
        if (!any) continue;
        if (n == cap) {
            MlirBlock *nv = realloc(cand, sizeof *nv * (size_t)(cap = cap ? 2 * cap : 16));
            if (!nv) break;
            cand = nv;
        }
        cand[n++] = b;
    }
    /* a candidate with another kind of predecessor keeps its types */
    for (MlirBlock b = mlirRegionGetFirstBlock(r); n && !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b)) {
        MlirOperation t = mlirBlockGetTerminator(b);
        if (mlirOperationIsNull(t)) continue;
        for (intptr_t k = 0; k < mlirOperationGetNumSuccessors(t); k++) {
            MlirBlock s = mlirOperationGetSuccessor(t, k);
            intptr_t lo, hi;
            if (block_in(cand, n, s) && !succ_operands(t, k, &lo, &hi))
                for (int i = 0; i < n; i++)
                    if (mlirBlockEqual(cand[i], s)) cand[i--] = cand[--n];
        }
    }
    MlirContext c = mlirOperationGetContext(f);
    MlirType i16 = mlirIntegerTypeGet(c, 16);
    for (MlirBlock b = mlirRegionGetFirstBlock(r); n && !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b)) {
        MlirOperation t = mlirBlockGetTerminator(b);
        if (mlirOperationIsNull(t)) continue;
        for (intptr_t k = 0; k < mlirOperationGetNumSuccessors(t); k++) {
            MlirBlock s = mlirOperationGetSuccessor(t, k);
            intptr_t lo, hi;
            if (!block_in(cand, n, s) || !succ_operands(t, k, &lo, &hi)) continue;
            for (intptr_t i = 0; i < hi - lo && i < mlirBlockGetNumArguments(s); i++) {
                MlirType at = mlirValueGetType(mlirBlockGetArgument(s, i));
                if (!is_bf16ish(at)) continue;
                fly_emu_irb ib = {c, b, t, mlirOperationGetLocation(t)};
                MlirValue x = mlirOperationGetOperand(t, lo + i);
                mlirOperationSetOperand(t, lo + i, fly_emu_irb_val(&ib, "llvm.bitcast", 1, &x, like(at, i16), 0, NULL));
            }
        }
    }
    for (int j = 0; j < n; j++) {
        MlirBlock b = cand[j];
        for (intptr_t i = 0; i < mlirBlockGetNumArguments(b); i++) {
            MlirValue a = mlirBlockGetArgument(b, i);
            MlirType at = mlirValueGetType(a);
            if (!is_bf16ish(at)) continue;
            fly_opvec owners = {0};
            int nu = 0, capu = 0;
            unsigned *nums = NULL;
            for (MlirOpOperand u = mlirValueGetFirstUse(a); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
                if (nu == capu) {
                    unsigned *nv = realloc(nums, sizeof *nv * (size_t)(capu = capu ? 2 * capu : 8));
                    if (!nv) break;
                    nums = nv;
                }
                fly_opvec_push(&owners, mlirOpOperandGetOwner(u));
                nums[nu++] = mlirOpOperandGetOperandNumber(u);
            }
            mlirValueSetType(a, like(at, i16));
            MlirOperation first = mlirBlockGetFirstOperation(b);
            fly_emu_irb ib = {c, b, first, mlirOperationGetLocation(first)};
            MlirValue v = fly_emu_irb_val(&ib, "llvm.bitcast", 1, &a, at, 0, NULL);
            for (int u = 0; u < nu && u < owners.n; u++) mlirOperationSetOperand(owners.v[u], nums[u], v);
            fly_opvec_free(&owners);
            free(nums);
        }
    }
    free(cand);
}

/* op's bf16-typed result becomes the same shape of i16, with one bitcast back to the old type after op that
 * every former user now reads. */
static void result_as_i16(MlirContext c, MlirOperation op, MlirType i16) {
    MlirValue r = fly_ir_res0(op);
    MlirType t = mlirValueGetType(r);
    fly_opvec owners = {0};
    int nu = 0, capu = 0;
    unsigned *nums = NULL;
    for (MlirOpOperand u = mlirValueGetFirstUse(r); !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u)) {
        if (nu == capu) {
            unsigned *nv = realloc(nums, sizeof *nv * (size_t)(capu = capu ? 2 * capu : 8));
            if (!nv) break;
            nums = nv;
        }
        fly_opvec_push(&owners, mlirOpOperandGetOwner(u));
        nums[nu++] = mlirOpOperandGetOperandNumber(u);
    }
    mlirValueSetType(r, like(t, i16));
    fly_emu_irb a = {c, mlirOperationGetBlock(op), mlirOperationGetNextInBlock(op), mlirOperationGetLocation(op)};
    MlirValue v = fly_emu_irb_val(&a, "llvm.bitcast", 1, &r, t, 0, NULL);
    for (int u = 0; u < nu && u < owners.n; u++) mlirOperationSetOperand(owners.v[u], nums[u], v);
    fly_opvec_free(&owners);
    free(nums);
}

/* bf16 loads and stores of f become i16 ones with bitcasts (LLVM folds the pairs: a value that is only moved
 * stays an integer). */
static void bf16_mem_func(MlirOperation f) {
    MlirContext c = mlirOperationGetContext(f);
    MlirType i16 = mlirIntegerTypeGet(c, 16);
    fly_opvec ops = {0};
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(f, 0)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b))
        for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op);
             op = mlirOperationGetNextInBlock(op))
            if ((fly_ir_op_is(op, "llvm.load") && is_bf16ish(mlirValueGetType(fly_ir_res0(op)))) ||
                (fly_ir_op_is(op, "llvm.store") && is_bf16ish(mlirValueGetType(mlirOperationGetOperand(op, 0)))))
                fly_opvec_push(&ops, op);
    for (int i = 0; i < ops.n; i++) {
        MlirOperation op = ops.v[i];
        fly_emu_irb b = {c, mlirOperationGetBlock(op), op, mlirOperationGetLocation(op)};
        if (fly_ir_op_is(op, "llvm.store")) {
            MlirValue v = mlirOperationGetOperand(op, 0);
            mlirOperationSetOperand(
                op, 0, fly_emu_irb_val(&b, "llvm.bitcast", 1, &v, like(mlirValueGetType(v), i16), 0, NULL));
            continue;
        }
        result_as_i16(c, op, i16);
    }
    fly_opvec_free(&ops);
}

/* bf16 vectors built or taken apart lane by lane (llvm.insertelement / extractelement / shufflevector, as an MFMA
 * operand gathered from LDS one value at a time) become i16 ones with bitcasts around them: LLVM's x86 backend
 * promotes a bf16 vector element operation through f32 and back, a __truncsfbf2 call per element. */
static MlirValue as_i16(fly_emu_irb *b, MlirValue v, MlirType i16) {
    return fly_emu_irb_val(b, "llvm.bitcast", 1, &v, like(mlirValueGetType(v), i16), 0, NULL);
}

static void bf16_vec_func(MlirOperation f) {
    MlirContext c = mlirOperationGetContext(f);
    MlirType i16 = mlirIntegerTypeGet(c, 16);
    fly_opvec ops = {0};
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(f, 0)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b))
        for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op);
             op = mlirOperationGetNextInBlock(op))
            if ((fly_ir_op_is(op, "llvm.insertelement") || fly_ir_op_is(op, "llvm.shufflevector") ||
                 fly_ir_op_is(op, "llvm.extractelement")) &&
                mlirOperationGetNumResults(op) == 1 && is_bf16ish(mlirValueGetType(mlirOperationGetOperand(op, 0))))
                fly_opvec_push(&ops, op);
    for (int i = 0; i < ops.n; i++) {
        MlirOperation op = ops.v[i];
        fly_emu_irb b = {c, mlirOperationGetBlock(op), op, mlirOperationGetLocation(op)};
        /* the bf16 operands: the vector(s), and an inserted element */
        intptr_t nb = fly_ir_op_is(op, "llvm.extractelement") ? 1 : 2;
        for (intptr_t k = 0; k < nb && k < mlirOperationGetNumOperands(op); k++) {
            MlirValue v = mlirOperationGetOperand(op, k);
            if (is_bf16ish(mlirValueGetType(v))) mlirOperationSetOperand(op, k, as_i16(&b, v, i16));
        }
        result_as_i16(c, op, i16);
    }
    fly_opvec_free(&ops);
}

void fly_emu_bf16_block_args(MlirModule m) {
    if (getenv("FLYI_EMU_BF16_CALL")) return;
    for (MlirOperation op = mlirBlockGetFirstOperation(mlirModuleGetBody(m)); !mlirOperationIsNull(op);
         op = mlirOperationGetNextInBlock(op))
        if (fly_ir_op_is(op, "llvm.func") && mlirOperationGetNumRegions(op) &&
            !mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)))) {
            bf16_mem_func(op);
            bf16_vec_func(op);
            bf16_args_func(op);
        }
}
