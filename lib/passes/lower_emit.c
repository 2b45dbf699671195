/* fly_lower_emit.c - symbolic index arithmetic for fly-layout-lowering. */
#include <stdarg.h>
#include <stdio.h>

#include "ir/ir_util.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "passes/lower.h"

bool fly_lower_fail(lower_ctx *lc, const char *fmt, ...) {
    if (!lc->failed) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(lc->err.message, sizeof lc->err.message, fmt, ap);
        va_end(ap);
        lc->err.code = FLY_E_INVALID;
        lc->failed = true;
    }
    return false;
}

MlirOperation fly_lower_emit(lower_ctx *lc, const char *name, int nops, const MlirValue *ops, MlirType res, int nattrs,
                             const MlirNamedAttribute *attrs) {
    MlirOperation op = fly_ir_op_create(lc->loc, name, nops, ops, mlirTypeIsNull(res) ? 0 : 1, &res, nattrs, attrs);
    fly_ir_op_insert(lc->block, lc->before, op);
    return op;
}

static MlirValue constant(lower_ctx *lc, int64_t c, MlirType t) {
    MlirNamedAttribute a = fly_ir_named(lc->ctx, "value", mlirIntegerAttrGet(t, c));
    return fly_ir_res0(fly_lower_emit(lc, "arith.constant", 0, NULL, t, 1, &a));
}

static int width_of(MlirType t) { return mlirTypeIsAIndex(t) ? -1 : (int)mlirIntegerTypeGetWidth(t); }

MlirValue fly_sym_value(lower_ctx *lc, sym s, MlirType t) {
    if (sym_static(s)) return constant(lc, s.c, t);
    MlirType from = mlirValueGetType(s.v);
    if (mlirTypeEqual(from, t)) return s.v;
    int wf = width_of(from), wt = width_of(t);
    const char *op = wf < 0 || wt < 0 ? "arith.index_cast" : wf < wt ? "arith.extsi" : "arith.trunci";
    return fly_ir_res0(fly_lower_emit(lc, op, 1, &s.v, t, 0, NULL));
}

static sym binop(lower_ctx *lc, const char *name, sym a, sym b) {
    MlirValue ops[2] = {fly_sym_value(lc, a, lc->ity), fly_sym_value(lc, b, lc->ity)};
    return (sym){0, fly_ir_res0(fly_lower_emit(lc, name, 2, ops, lc->ity, 0, NULL))};
}

sym fly_sym_add(lower_ctx *lc, sym a, sym b) {
    if (sym_static(a) && sym_static(b)) return sym_c(a.c + b.c);
    if (sym_static(a) && a.c == 0) return b;
    if (sym_static(b) && b.c == 0) return a;
    return binop(lc, "arith.addi", a, b);
}

sym fly_sym_mul(lower_ctx *lc, sym a, sym b) {
    if (sym_static(a) && sym_static(b)) return sym_c(a.c * b.c);
    if ((sym_static(a) && a.c == 0) || (sym_static(b) && b.c == 0)) return sym_c(0);
    if (sym_static(a) && a.c == 1) return b;
    if (sym_static(b) && b.c == 1) return a;
    return binop(lc, "arith.muli", a, b);
}

sym fly_sym_div(lower_ctx *lc, sym a, sym b) {
    if (sym_static(b) && b.c == 0) {
        fly_lower_fail(lc, "division by zero");
        return sym_c(0);
    }
    if (sym_static(a) && sym_static(b)) return sym_c(a.c / b.c);
    if (sym_static(b) && b.c == 1) return a;
    if (sym_static(a) && a.c == 0) return a;
    return binop(lc, "arith.divsi", a, b);
}

sym fly_sym_mod(lower_ctx *lc, sym a, sym b) {
    if (sym_static(b) && b.c == 0) {
        fly_lower_fail(lc, "modulo by zero");
        return sym_c(0);
    }
    if (sym_static(a) && sym_static(b)) return sym_c(a.c % b.c);
    if (sym_static(b) && b.c == 1) return sym_c(0);
    if (sym_static(a) && a.c == 0) return a;
    return binop(lc, "arith.remsi", a, b);
}

sym fly_sym_min(lower_ctx *lc, sym a, sym b) {
    if (sym_static(a) && sym_static(b)) return sym_c(a.c < b.c ? a.c : b.c);
    return binop(lc, "arith.minsi", a, b);
}

sym fly_sym_max(lower_ctx *lc, sym a, sym b) {
    if (sym_static(a) && sym_static(b)) return sym_c(a.c > b.c ? a.c : b.c);
    return binop(lc, "arith.maxsi", a, b);
}

sym fly_sym_swizzle(lower_ctx *lc, sym x, const fly_swizzle *sw) {
    if (sw->bits == 0) return x;
    if (sym_static(x)) return sym_c(fly_swizzle_apply(sw, x.c));
    int64_t msk = ((int64_t)1 << sw->bits) - 1;
    int64_t yyy = sw->shift >= 0 ? msk << (sw->base + sw->shift) : msk << sw->base;
    sym m = binop(lc, "arith.andi", x, sym_c(yyy));
    sym z = binop(lc, sw->shift >= 0 ? "arith.shrui" : "arith.shli", m, sym_c(sw->shift >= 0 ? sw->shift : -sw->shift));
    return binop(lc, "arith.xori", x, z);
}

static bool known_leaf(const lower_ctx *lc, const fly_itnode *n) {
    return n->kind == FLY_IT_INT || (n->kind == FLY_IT_DYN && n->v > 0 && n->v <= lc->ntable);
}

uint64_t fly_lower_dyn_hook(void *user, fly_dynop op, const fly_itnode *a, const fly_itnode *b, const fly_itnode *res) {
    lower_ctx *lc = user;
    (void)res;
    if (lc->failed || !known_leaf(lc, a) || !known_leaf(lc, b) || lc->ntable >= LOWER_MAX_TABLE) return 0;
    sym x = fly_lower_leaf(lc, a), y = fly_lower_leaf(lc, b), r;
    switch (op) {
    case FLY_DYN_ADD: r = fly_sym_add(lc, x, y); break;
    case FLY_DYN_SUB: r = fly_sym_add(lc, x, fly_sym_mul(lc, y, sym_c(-1))); break;
    case FLY_DYN_MUL: r = fly_sym_mul(lc, x, y); break;
    case FLY_DYN_DIV: r = fly_sym_div(lc, x, y); break; /* extents and strides are non-negative here */
    case FLY_DYN_CEIL_DIV: r = fly_sym_div(lc, fly_sym_add(lc, x, fly_sym_add(lc, y, sym_c(-1))), y); break;
    case FLY_DYN_MOD: r = fly_sym_mod(lc, x, y); break;
    case FLY_DYN_MIN: r = fly_sym_min(lc, x, y); break;
    default: r = fly_sym_max(lc, x, y); break;
    }
    if (lc->failed) return 0;
    lc->table[lc->ntable++] = fly_sym_value(lc, r, lc->ity);
    return (uint64_t)lc->ntable;
}

bool fly_lower_bind(lower_ctx *lc, fly_inttuple *t, const MlirValue *dyn, int n) {
    int k = 0;
    for (int i = 0; i < fly_inttuple_nodes(t); i++) {
        fly_itnode *nd = &t->n[i];
        if (nd->kind != FLY_IT_DYN) continue;
        if (k >= n) return fly_lower_fail(lc, "%d values for more dynamic leaves", n);
        if (lc->ntable >= LOWER_MAX_TABLE) return fly_lower_fail(lc, "too many dynamic leaves");
        lc->table[lc->ntable++] = dyn[k++];
        nd->v = lc->ntable;
        if (nd->flags & FLY_IT_F_I64) lc->ity = mlirIntegerTypeGet(lc->ctx, 64);
    }
    if (k != n) return fly_lower_fail(lc, "%d values for %d dynamic leaves", n, k);
    return true;
}

sym fly_lower_leaf(lower_ctx *lc, const fly_itnode *n) {
    switch (n->kind) {
    case FLY_IT_INT: return sym_c(n->v);
    case FLY_IT_NONE: return sym_c(0);
    case FLY_IT_DYN:
        if (n->v <= 0 || n->v > lc->ntable) {
            fly_lower_fail(lc, "a dynamic leaf has no value (computed by an op this lowering cannot follow)");
            return sym_c(0);
        }
        return (sym){0, lc->table[n->v - 1]};
    default: fly_lower_fail(lc, "basis leaves are only supported when everything is static"); return sym_c(0);
    }
}

sym fly_lower_size(lower_ctx *lc, const fly_itnode *p) {
    if (p->kind != FLY_IT_TUPLE) return fly_lower_leaf(lc, p);
    sym r = sym_c(1);
    for (int i = 0; i < p->n; i++) r = fly_sym_mul(lc, r, fly_lower_size(lc, fly_itnode_child(p, i)));
    return r;
}

sym fly_lower_crd2idx(lower_ctx *lc, const fly_itnode *crd, const fly_itnode *shape, const fly_itnode *stride) {
    if (crd->kind == FLY_IT_TUPLE) {
        if (shape->kind != FLY_IT_TUPLE || shape->n != crd->n) {
            fly_lower_fail(lc, "crd2idx: the coordinate is not congruent with the shape");
            return sym_c(0);
        }
        sym r = sym_c(0);
        for (int i = 0; i < crd->n; i++)
            r = fly_sym_add(lc, r,
                            fly_lower_crd2idx(lc, fly_itnode_child(crd, i), fly_itnode_child(shape, i),
                                              fly_itnode_child(stride, i)));
        return r;
    }
    sym c = fly_lower_leaf(lc, crd);
    if (shape->kind != FLY_IT_TUPLE) return fly_sym_mul(lc, c, fly_lower_leaf(lc, stride));
    /* an integer coordinate over a tuple shape: column-major split, the last mode takes the rest */
    sym r = sym_c(0), rest = c;
    for (int i = 0; i < shape->n; i++) {
        const fly_itnode *s = fly_itnode_child(shape, i), *d = fly_itnode_child(stride, i);
        sym ci = rest;
        if (i + 1 < shape->n) {
            sym sz = fly_lower_size(lc, s);
            ci = fly_sym_mod(lc, rest, sz);
            rest = fly_sym_div(lc, rest, sz);
        }
        fly_itnode leaf = {0};
        leaf.kind = FLY_IT_INT;
        leaf.span = 1;
        if (sym_static(ci)) {
            leaf.v = ci.c;
        } else {
            /* bind the computed coordinate as a fresh dynamic leaf */
            if (lc->ntable >= LOWER_MAX_TABLE) {
                fly_lower_fail(lc, "too many dynamic leaves");
                return sym_c(0);
            }
            lc->table[lc->ntable++] = ci.v;
            leaf.kind = FLY_IT_DYN;
            leaf.v = lc->ntable;
        }
        r = fly_sym_add(lc, r, fly_lower_crd2idx(lc, &leaf, s, d));
    }
    return r;
}

void fly_lower_idx2crd(lower_ctx *lc, sym idx, const fly_itnode *shape, sym *out, int *n, int cap) {
    if (shape->kind != FLY_IT_TUPLE) {
        if (*n < cap) out[(*n)++] = idx;
        else fly_lower_fail(lc, "idx2crd: too many leaves");
        return;
    }
    sym rest = idx;
    for (int i = 0; i < shape->n; i++) {
        const fly_itnode *s = fly_itnode_child(shape, i);
        sym ci = rest;
        if (i + 1 < shape->n) {
            sym sz = fly_lower_size(lc, s);
            ci = fly_sym_mod(lc, rest, sz);
            rest = fly_sym_div(lc, rest, sz);
        }
        fly_lower_idx2crd(lc, ci, s, out, n, cap);
    }
}

/* idx2crd of one integer over a (sub)shape with its strides: (idx / stride) % shape per leaf, 0 for extent 1. */
static void idx2crd_leaf(lower_ctx *lc, sym idx, const fly_itnode *shape, const fly_itnode *stride, sym *out, int *n,
                         int cap) {
    if (*n >= cap) {
        fly_lower_fail(lc, "idx2crd: too many leaves");
        return;
    }
    if (shape->kind == FLY_IT_TUPLE) {
        if (stride->kind != FLY_IT_TUPLE || stride->n != shape->n) {
            fly_lower_fail(lc, "idx2crd: shape and stride are not congruent");
            return;
        }
        for (int i = 0; i < shape->n; i++)
            idx2crd_leaf(lc, idx, fly_itnode_child(shape, i), fly_itnode_child(stride, i), out, n, cap);
        return;
    }
    if (shape->kind == FLY_IT_INT && shape->v == 1) {
        out[(*n)++] = sym_c(0);
        return;
    }
    out[(*n)++] = fly_sym_mod(lc, fly_sym_div(lc, idx, fly_lower_leaf(lc, stride)), fly_lower_leaf(lc, shape));
}

void fly_lower_idx2crd_layout(lower_ctx *lc, const fly_itnode *idx, const fly_itnode *shape, const fly_itnode *stride,
                              sym *out, int *n, int cap) {
    if (idx->kind != FLY_IT_TUPLE) {
        idx2crd_leaf(lc, fly_lower_leaf(lc, idx), shape, stride, out, n, cap);
        return;
    }
    if (shape->kind != FLY_IT_TUPLE || shape->n != idx->n || stride->kind != FLY_IT_TUPLE || stride->n != idx->n) {
        fly_lower_fail(lc, "idx2crd: the index is not congruent with the layout");
        return;
    }
    for (int i = 0; i < idx->n; i++)
        fly_lower_idx2crd_layout(lc, fly_itnode_child(idx, i), fly_itnode_child(shape, i), fly_itnode_child(stride, i),
                                 out, n, cap);
}

sym fly_lower_cosize(lower_ctx *lc, const fly_layout *L) {
    sym r = sym_c(1);
    for (int i = 0; i < fly_inttuple_nodes(&L->shape); i++) {
        const fly_itnode *s = &L->shape.n[i], *d = &L->stride.n[i];
        if (s->kind == FLY_IT_TUPLE) continue;
        r = fly_sym_add(lc, r,
                        fly_sym_mul(lc, fly_sym_add(lc, fly_lower_leaf(lc, s), sym_c(-1)), fly_lower_leaf(lc, d)));
    }
    return r;
}
