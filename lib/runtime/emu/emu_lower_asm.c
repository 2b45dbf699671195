/* emu_lower_asm.c - the inline AMDGPU assembly the emulator's host lowering stands for: empty asm (anchors,
 * optimisation barriers), "s_waitcnt; s_barrier", and the conversions, LDS transpose reads, compares and
 * stagger barriers FlyDSL's kernels write as asm, each as the hardware computes it. Anything else is an error
 * that names the DSL line. Split out of emu_lower.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "passes/pass.h"
#include "runtime/emu/emu_lower_int.h"

/* The conversion instructions FlyDSL writes as inline asm (no ROCDL op has them), as the hardware computes
 * them: "v_cvt_pk_bf16_f32 $0, $1, $2" (two f32 to bf16, to nearest even, packed low / high into an i32) and
 * "v_cvt_off_f32_i4 $0, $1" (the low 4 bits, of byte n with the _sdwa src0_sel:BYTE_n form, as a signed
 * int4 over 16). The replacement value, or a null value for any other asm. */
static MlirValue asm_conversion(fly_emu_lw *w, MlirOperation op, const char *text) {
    MlirValue none = {NULL};
    const char *t = text + strspn(text, " \t");
    intptr_t nops = mlirOperationGetNumOperands(op);
    if (mlirOperationGetNumResults(op) != 1) return none;
    fly_emu_irb b = {w->ctx, mlirOperationGetBlock(op), op, mlirOperationGetLocation(op)};
    MlirType f32 = mlirF32TypeGet(w->ctx), i16 = mlirIntegerTypeGet(w->ctx, 16);
    if (!strncmp(t, "v_cvt_pk_bf16_f32 $0, $1, $2", 28) && nops == 2) {
        MlirValue half[2];
        for (int i = 0; i < 2; i++) {
            MlirValue x = mlirOperationGetOperand(op, i);
            x = fly_emu_irb_val(&b, "arith.truncf", 1, &x, mlirBF16TypeGet(w->ctx), 0, NULL);
            x = fly_emu_irb_val(&b, "arith.bitcast", 1, &x, i16, 0, NULL);
            half[i] = fly_emu_irb_val(&b, "arith.extui", 1, &x, w->i32, 0, NULL);
        }
        MlirValue sh[2] = {half[1], fly_emu_irb_const(&b, 16, w->i32)};
        MlirValue hi = fly_emu_irb_val(&b, "arith.shli", 2, sh, w->i32, 0, NULL);
        MlirValue o[2] = {half[0], hi};
        return fly_emu_irb_val(&b, "arith.ori", 2, o, w->i32, 0, NULL);
    }
    if (!strncmp(t, "v_cvt_off_f32_i4", 16) && nops == 1) {
        int byte = 0;
        const char *sel = strstr(t, "src0_sel:BYTE_");
        if (!strncmp(t, "v_cvt_off_f32_i4_sdwa", 21)) byte = sel ? sel[14] - '0' : 0;
        if (byte < 0 || byte > 3) return none;
        MlirValue x = mlirOperationGetOperand(op, 0);
        /* sign-extend bits [8*byte+3 : 8*byte]: shift them to the top, then arithmetic shift back */
        MlirValue up[2] = {x, fly_emu_irb_const(&b, 28 - 8 * byte, w->i32)};
        MlirValue hi = fly_emu_irb_val(&b, "arith.shli", 2, up, w->i32, 0, NULL);
        MlirValue dn[2] = {hi, fly_emu_irb_const(&b, 28, w->i32)};
        MlirValue v = fly_emu_irb_val(&b, "arith.shrsi", 2, dn, w->i32, 0, NULL);
        v = fly_emu_irb_val(&b, "arith.sitofp", 1, &v, f32, 0, NULL);
        MlirNamedAttribute q = fly_ir_named(w->ctx, "value", mlirFloatAttrDoubleGet(w->ctx, f32, 0.0625));
        MlirValue m[2] = {v, fly_emu_irb_val(&b, "arith.constant", 0, NULL, f32, 1, &q)};
        return fly_emu_irb_val(&b, "arith.mulf", 2, m, f32, 0, NULL);
    }
    return none;
}

/* Is t a 64-bit value a VGPR pair holds: i64, f64, or a vector of 64 bits of integers or floats? */
static bool is_b64(MlirType t) {
    if (mlirTypeIsAVector(t)) {
        MlirType e = mlirShapedTypeGetElementType(t);
        unsigned eb = mlirTypeIsAInteger(e) ? mlirIntegerTypeGetWidth(e)
                      : mlirTypeIsAFloat(e) ? mlirFloatTypeGetWidth(e)
                                            : 0;
        return mlirShapedTypeGetRank(t) == 1 && eb && eb * mlirShapedTypeGetDimSize(t, 0) == 64;
    }
    return (mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) == 64) || mlirTypeIsAF64(t);
}

/* gfx950's LDS transpose reads as FlyDSL's attention kernels write them in inline asm (flash_attn_utils.py's
 * _ds_read_tr16_b64_imm / _ds_read_tr8_b64_imm): exactly "ds_read_b64_tr_b16 $0, $1" or "ds_read_b64_tr_b8 $0, $1",
 * then optionally " offset:N" (a decimal byte offset, 0 to 65535), optionally a line "s_waitcnt lgkmcnt(0)" (the
 * emulator's read is already complete), and only blanks and newlines after; constraints "=v,v" or
 * "=v,v,~{memory}"; one i32 operand (the LDS byte address) and a 64-bit result. The read is the intrinsic's
 * (ds_read_tr) at address $1 + N. 1 when it lowered the op, 0 when the asm is not of this form (the caller's
 * error stands), -1 (fail) when it is but the chip is not gfx950. */
static int asm_ds_read_tr(fly_emu_lw *w, MlirOperation op, MlirValue ctxv, const MlirValue *tid, const char *text) {
    static const char *const forms[2] = {"ds_read_b64_tr_b16 $0, $1", "ds_read_b64_tr_b8 $0, $1"};
    int f = !strncmp(text, forms[0], strlen(forms[0])) ? 0 : !strncmp(text, forms[1], strlen(forms[1])) ? 1 : -1;
    if (f < 0) return 0;
    const char *t = text + strlen(forms[f]);
    long off = 0;
    if (!strncmp(t, " offset:", 8)) {
        t += 8;
        if (*t < '0' || *t > '9') return 0;
        for (; *t >= '0' && *t <= '9'; t++)
            if ((off = off * 10 + (*t - '0')) > 65535) return 0;
    }
    if (*t == '\n' || *t == ';') {
        const char *l = t + 1 + strspn(t + 1, " \t");
        if (!strncmp(l, "s_waitcnt lgkmcnt(0)", 20)) t = l + 20;
    }
    if (t[strspn(t, " \t\n")]) return 0;
    MlirAttribute c = mlirOperationGetAttributeByName(op, fly_ir_sref("constraints"));
    if (mlirAttributeIsNull(c) || !mlirAttributeIsAString(c)) return 0;
    MlirStringRef cs = mlirStringAttrGetValue(c);
    if (!fly_ir_sref_eq(cs, "=v,v") && !fly_ir_sref_eq(cs, "=v,v,~{memory}")) return 0;
    if (mlirOperationGetNumResults(op) != 1 || mlirOperationGetNumOperands(op) != 1) return 0;
    MlirValue addr = mlirOperationGetOperand(op, 0);
    MlirType at = mlirValueGetType(addr), rt = mlirValueGetType(fly_ir_res0(op));
    if (!mlirTypeIsAInteger(at) || mlirIntegerTypeGetWidth(at) != 32 || !is_b64(rt)) return 0;
    if (!w->chip || strncmp(w->chip, "gfx950", 6))
        return fly_emu_lw_fail(w, "inline asm \"%s\": the LDS transpose read needs gfx950 (CDNA4)", forms[f]);
    fly_emu_irb b = {w->ctx, mlirOperationGetBlock(op), op, mlirOperationGetLocation(op)};
    /* the LDS address: $1 + offset (32-bit, as the hardware adds them), an offset in the workgroup's LDS */
    MlirValue ao[2] = {addr, fly_emu_irb_const(&b, off, w->i32)};
    MlirValue x = fly_emu_irb_val(&b, "arith.addi", 2, ao, w->i32, 0, NULL);
    x = fly_emu_irb_val(&b, "arith.extui", 1, &x, w->i64, 0, NULL);
    MlirType p3 = fly_emu_irb_type(w->ctx, "!llvm.ptr<3>");
    MlirValue bp = fly_emu_irb_gep_const(&b, ctxv, FLY_EMU_CTX_LDS, w->i64);
    MlirValue base = fly_emu_irb_load(&b, bp, fly_emu_irb_type(w->ctx, "!llvm.ptr"), 8);
    base = fly_emu_irb_val(&b, "llvm.addrspacecast", 1, &base, p3, 0, NULL);
    int32_t dyn = INT32_MIN;
    MlirNamedAttribute ga[2] = {
        fly_ir_named(w->ctx, "rawConstantIndices", mlirDenseI32ArrayGet(w->ctx, 1, &dyn)),
        fly_ir_named(w->ctx, "elem_type", mlirTypeAttrGet(mlirIntegerTypeGet(w->ctx, 8))),
    };
    MlirValue g[2] = {base, x};
    MlirValue p = fly_emu_irb_val(&b, "llvm.getelementptr", 2, g, p3, 2, ga);
    MlirValue r = fly_emu_lw_ds_read_tr(w, &b, ctxv, tid, p, rt, f == 0 ? 16 : 8);
    if (w->failed) return -1;
    fly_emu_lw_replace(op, r);
    return 1;
}

/* An empty asm that pins n values at once (FlyDSL's _anchor_v_o): constraints n times "=v" then "0" .. "n-1", n
 * operands, and the result the literal struct of their types. The struct of the operands, or a null value. */
static MlirValue asm_anchor_struct(fly_emu_lw *w, MlirOperation op) {
    MlirValue none = {NULL};
    intptr_t n = mlirOperationGetNumOperands(op);
    MlirAttribute c = mlirOperationGetAttributeByName(op, fly_ir_sref("constraints"));
    if (n < 1 || n > 64 || mlirOperationGetNumResults(op) != 1 || mlirAttributeIsNull(c) || !mlirAttributeIsAString(c))
        return none;
    char want[512] = "", st[4096] = "!llvm.struct<(";
    for (intptr_t i = 0; i < 2 * n; i++) {
        size_t l = strlen(want);
        snprintf(want + l, sizeof want - l, i < n ? "%s=v" : "%s%d", i ? "," : "", (int)(i - n));
    }
    MlirStringRef cs = mlirStringAttrGetValue(c);
    if (!fly_ir_sref_eq(cs, want)) return none;
    for (intptr_t i = 0; i < n; i++) {
        char *ts = fly_ir_type_print(mlirValueGetType(mlirOperationGetOperand(op, i)));
        size_t l = strlen(st);
        snprintf(st + l, sizeof st - l, "%s%s", i ? ", " : "", ts ? ts : "?");
        free(ts);
    }
    size_t l = strlen(st);
    if (l + 3 >= sizeof st) return none;
    strcat(st, ")>");
    MlirType rt = mlirValueGetType(fly_ir_res0(op));
    MlirType t = fly_emu_irb_type(w->ctx, st);
    if (mlirTypeIsNull(t) || !mlirTypeEqual(t, rt)) return none;
    fly_emu_irb b = {w->ctx, mlirOperationGetBlock(op), op, mlirOperationGetLocation(op)};
    MlirValue agg = fly_emu_irb_val(&b, "llvm.mlir.undef", 0, NULL, rt, 0, NULL);
    for (int64_t k = 0; k < n; k++) {
        MlirNamedAttribute pos = fly_ir_named(w->ctx, "position", mlirDenseI64ArrayGet(w->ctx, 1, &k));
        MlirValue iv[2] = {agg, mlirOperationGetOperand(op, k)};
        agg = fly_emu_irb_val(&b, "llvm.insertvalue", 2, iv, rt, 1, &pos);
    }
    return agg;
}

/* FlyDSL's flash-attention _stagger_extra_barrier_if_zero: "s_cmp_eq_u32 $0, 0; s_cbranch_scc0 1f; s_barrier; 1:"
 * (one instruction a line, blanks around them free, no other text), constraint "s", one i32 operand, no result: a
 * workgroup barrier when the operand is 0, as an scf.if around the barrier. 1 when it lowered the op, 0 when the
 * asm is not of this form. */
static int asm_barrier_if_zero(fly_emu_lw *w, MlirOperation op, MlirValue ctxv, const char *text) {
    static const char *const lines[4] = {"s_cmp_eq_u32 $0, 0", "s_cbranch_scc0 1f", "s_barrier", "1:"};
    const char *t = text;
    for (int i = 0; i < 4; i++) {
        t += strspn(t, " \t\n");
        size_t n = strlen(lines[i]);
        if (strncmp(t, lines[i], n) || !strchr(" \t\n", t[n])) return 0; /* (strchr finds the NUL too) */
        t += n;
    }
    if (t[strspn(t, " \t\n")]) return 0;
    MlirAttribute c = mlirOperationGetAttributeByName(op, fly_ir_sref("constraints"));
    if (mlirAttributeIsNull(c) || !mlirAttributeIsAString(c) || !fly_ir_sref_eq(mlirStringAttrGetValue(c), "s"))
        return 0;
    if (mlirOperationGetNumResults(op) != 0 || mlirOperationGetNumOperands(op) != 1) return 0;
    MlirValue x = mlirOperationGetOperand(op, 0);
    MlirType xt = mlirValueGetType(x);
    if (!mlirTypeIsAInteger(xt) || mlirIntegerTypeGetWidth(xt) != 32) return 0;
    fly_emu_irb b = {w->ctx, mlirOperationGetBlock(op), op, mlirOperationGetLocation(op)};
    MlirValue z[2] = {x, fly_emu_irb_const(&b, 0, w->i32)};
    MlirNamedAttribute eq = fly_ir_named(w->ctx, "predicate", mlirIntegerAttrGet(w->i64, 0));
    MlirValue cond = fly_emu_irb_val(&b, "arith.cmpi", 2, z, mlirIntegerTypeGet(w->ctx, 1), 1, &eq);
    MlirRegion regs[2] = {mlirRegionCreate(), mlirRegionCreate()};
    MlirBlock then = mlirBlockCreate(0, NULL, NULL);
    mlirRegionAppendOwnedBlock(regs[0], then);
    fly_emu_irb tb = {w->ctx, then, {NULL}, b.loc};
    w->k->syncs = 1;
    MlirValue a[2] = {ctxv, fly_emu_irb_const(&tb, fly_emu_add_site(w->k, b.loc), w->i32)};
    fly_emu_irb_call(&tb, "fly_emu_barrier", 2, a, fly_ir_type_null());
    fly_emu_irb_op(&tb, "scf.yield", 0, NULL, fly_ir_type_null(), 0, NULL);
    MlirOperationState os = mlirOperationStateGet(fly_ir_sref("scf.if"), b.loc);
    mlirOperationStateAddOperands(&os, 1, &cond);
    mlirOperationStateAddOwnedRegions(&os, 2, regs);
    fly_ir_op_insert(b.block, op, mlirOperationCreate(&os));
    mlirOperationDestroy(op);
    return 1;
}

/* Reads a decimal int (an optional '-', then digits) at *s, stopping at *s's end; false if none or too large. */
static bool asm_int(const char **s, int *v) {
    const char *t = *s;
    bool neg = *t == '-';
    t += neg;
    if (*t < '0' || *t > '9') return false;
    long x = 0;
    for (; *t >= '0' && *t <= '9'; t++)
        if ((x = x * 10 + (*t - '0')) > INT32_MAX) return false;
    *v = (int)(neg ? -x : x);
    *s = t;
    return true;
}

/* FlyDSL's flash-attention causal mask (flash_attn_utils.py): "v_cmp_lt_i32_e64 $0, $6, X; v_cmp_lt_i32_e64 $1, $6,
 * Y; v_cndmask_b32_e64 $2, $4, $7, $0; v_cndmask_b32_e64 $3, $5, $7, $1" (one a line, blanks around them free),
 * constraints "=s,=s,=v,=v,2,3,v,v,~{vcc}", operands x, y, rel, fill (i32), result struct<(i64, i64, i32, i32)>:
 * $0 / $1 the wave's masks of rel < X / rel < Y (as ballots), $2 = rel < X ? fill : x, $3 = rel < Y ? fill : y.
 * 1 when it lowered the op, 0 when the asm is not of this form. */
static int asm_cmp_cndmask(fly_emu_lw *w, MlirOperation op, MlirValue ctxv, const char *text) {
    static const char *const pre[4] = {"v_cmp_lt_i32_e64 $0, $6, ", "v_cmp_lt_i32_e64 $1, $6, ",
                                       "v_cndmask_b32_e64 $2, $4, $7, $0", "v_cndmask_b32_e64 $3, $5, $7, $1"};
    int thr[2];
    const char *t = text;
    for (int i = 0; i < 4; i++) {
        t += strspn(t, " \t\n");
        size_t n = strlen(pre[i]);
        if (strncmp(t, pre[i], n)) return 0;
        t += n;
        if (i < 2 && !asm_int(&t, &thr[i])) return 0;
        if (!strchr(" \t\n", *t)) return 0; /* (strchr finds the NUL too) */
    }
    if (t[strspn(t, " \t\n")]) return 0;
    MlirAttribute c = mlirOperationGetAttributeByName(op, fly_ir_sref("constraints"));
    if (mlirAttributeIsNull(c) || !mlirAttributeIsAString(c) ||
        !fly_ir_sref_eq(mlirStringAttrGetValue(c), "=s,=s,=v,=v,2,3,v,v,~{vcc}"))
        return 0;
    if (mlirOperationGetNumResults(op) != 1 || mlirOperationGetNumOperands(op) != 4) return 0;
    for (int i = 0; i < 4; i++)
        if (!mlirTypeEqual(mlirValueGetType(mlirOperationGetOperand(op, i)), w->i32)) return 0;
    MlirType st = mlirValueGetType(fly_ir_res0(op));
    if (!mlirTypeEqual(st, fly_emu_irb_type(w->ctx, "!llvm.struct<(i64, i64, i32, i32)>"))) return 0;
    fly_emu_irb b = {w->ctx, mlirOperationGetBlock(op), op, mlirOperationGetLocation(op)};
    MlirType i1 = mlirIntegerTypeGet(w->ctx, 1);
    MlirNamedAttribute slt = fly_ir_named(w->ctx, "predicate", mlirIntegerAttrGet(w->i64, 2));
    MlirValue parts[4];
    for (int i = 0; i < 2; i++) {
        MlirValue cv[2] = {mlirOperationGetOperand(op, 2), fly_emu_irb_const(&b, thr[i], w->i32)};
        MlirValue lt = fly_emu_irb_val(&b, "arith.cmpi", 2, cv, i1, 1, &slt);
        parts[i] = fly_emu_lw_xlane(w, &b, ctxv, lt, fly_emu_irb_const(&b, 0, w->i32),
                                    fly_emu_irb_const(&b, 64, w->i32), FLY_EMU_X_BALLOT);
        if (w->failed) return -1;
        MlirValue sel[3] = {lt, mlirOperationGetOperand(op, 3), mlirOperationGetOperand(op, i)};
        parts[2 + i] = fly_emu_irb_val(&b, "arith.select", 3, sel, w->i32, 0, NULL);
    }
    MlirValue agg = fly_emu_irb_val(&b, "llvm.mlir.undef", 0, NULL, st, 0, NULL);
    for (int64_t k = 0; k < 4; k++) {
        MlirNamedAttribute pos = fly_ir_named(w->ctx, "position", mlirDenseI64ArrayGet(w->ctx, 1, &k));
        MlirValue iv[2] = {agg, parts[k]};
        agg = fly_emu_irb_val(&b, "llvm.insertvalue", 2, iv, st, 1, &pos);
    }
    fly_emu_lw_replace(op, agg);
    return 1;
}

/* llvm.inline_asm: what the emulator can stand for without running AMDGPU code: an empty asm (an optimisation
 * barrier) passes its first operand through, a result-less one of scheduling or wait instructions only (s_nop,
 * s_waitcnt, s_setprio, s_sleep) is a no-op, and with s_barrier among them a workgroup barrier; the LDS transpose
 * reads of asm_ds_read_tr and the conversions of asm_conversion run as the hardware's. 0, or -1 (fail) otherwise. */
int fly_emu_lw_inline_asm(fly_emu_lw *w, MlirOperation op, MlirValue ctxv, const MlirValue *tid) {
    MlirAttribute a = mlirOperationGetAttributeByName(op, fly_ir_sref("asm_string"));
    char text[256] = "";
    if (!mlirAttributeIsNull(a) && mlirAttributeIsAString(a)) {
        MlirStringRef s = mlirStringAttrGetValue(a);
        snprintf(text, sizeof text, "%.*s", (int)s.length, s.data);
    }
    intptr_t nres = mlirOperationGetNumResults(op), nops = mlirOperationGetNumOperands(op);
    bool blank = strspn(text, " \t\n;") == strlen(text), hints = nres == 0, barrier = false;
    for (char *l = text; hints && *l; l += strcspn(l, "\n;"), l += *l != 0) {
        l += strspn(l, " \t");
        bool bar = !strncmp(l, "s_barrier", 9) && strchr(" \t\n;", l[9]); /* (strchr finds the NUL too) */
        barrier = barrier || bar; /* FlyDSL's kernels write "s_waitcnt ...; s_barrier" as asm */
        hints = bar || !*l || *l == '\n' || *l == ';' || !strncmp(l, "s_nop", 5) || !strncmp(l, "s_waitcnt", 9) ||
                !strncmp(l, "s_setprio", 9) || !strncmp(l, "s_sleep", 7);
    }
    if (nres == 0 && (blank || hints)) {
        if (barrier) { /* the waits are no-ops; the barrier is the workgroup's */
            fly_emu_irb b = {w->ctx, mlirOperationGetBlock(op), op, mlirOperationGetLocation(op)};
            w->k->syncs = 1;
            MlirValue a[2] = {ctxv, fly_emu_irb_const(&b, fly_emu_add_site(w->k, b.loc), w->i32)};
            fly_emu_irb_call(&b, "fly_emu_barrier", 2, a, fly_ir_type_null());
        }
        mlirOperationDestroy(op);
        return 0;
    }
    if (blank && nres == 1 && nops >= 1 &&
        mlirTypeEqual(mlirValueGetType(fly_ir_res0(op)), mlirValueGetType(mlirOperationGetOperand(op, 0)))) {
        fly_emu_lw_replace(op, mlirOperationGetOperand(op, 0));
        return 0;
    }
    MlirValue an = blank ? asm_anchor_struct(w, op) : (MlirValue){NULL};
    if (!mlirValueIsNull(an)) {
        fly_emu_lw_replace(op, an);
        return 0;
    }
    if (asm_barrier_if_zero(w, op, ctxv, text)) return 0;
    int cm = asm_cmp_cndmask(w, op, ctxv, text);
    if (cm != 0) return cm < 0 ? -1 : 0;
    int tr = asm_ds_read_tr(w, op, ctxv, tid, text);
    if (tr != 0) return tr < 0 ? -1 : 0;
    MlirValue cv = asm_conversion(w, op, text);
    if (!mlirValueIsNull(cv)) {
        fly_emu_lw_replace(op, cv);
        return 0;
    }
    for (char *c = text; *c; c++)
        if (*c == '\n') *c = ' ';
    char at[200], msg[sizeof text + 280];
    fly_ir_loc_str(mlirOperationGetLocation(op), at, sizeof at);
    bool dsl = strchr(at, ':') && !strstr(at, "unknown"); /* the DSL line that wrote the asm, when known */
    snprintf(msg, sizeof msg, "the emulator cannot run AMDGPU inline assembly (llvm.inline_asm \"%s\")%s%s", text,
             dsl ? " at " : "", dsl ? at : "");
    return fly_emu_lw_fail(w, "%s", msg);
}
