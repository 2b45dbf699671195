/* ir_types.c - Fly IR opaque types: construction from lib/layout values and decoding back. */
#include "ir/ir_types.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir_util.h"
#include "mlir-c/BuiltinTypes.h"

static const char *const kind_names[] = {
    [FLY_IR_INT_TUPLE] = "int_tuple",
    [FLY_IR_LAYOUT] = "layout",
    [FLY_IR_COMPOSED] = "composed_layout",
    [FLY_IR_TILE] = "tile",
    [FLY_IR_SWIZZLE] = "swizzle",
    [FLY_IR_PTR] = "ptr",
    [FLY_IR_MEMREF] = "memref",
    [FLY_IR_COORD_TENSOR] = "coord_tensor",
    [FLY_IR_BASIS] = "basis",
    [FLY_IR_COPY_ATOM] = "copy_atom",
};

const char *fly_ir_kind_name(fly_ir_kind k) {
    if (k > FLY_IR_NOT_FLY && k < FLY_IR_OTHER && kind_names[k]) return kind_names[k];
    return k == FLY_IR_OTHER ? "other" : "not-fly";
}

MlirStringRef fly_ir_type_data(MlirType t) {
    if (mlirTypeIsNull(t) || !mlirTypeIsAOpaque(t) || !fly_ir_sref_eq(mlirOpaqueTypeGetDialectNamespace(t), "fly"))
        return mlirStringRefCreate("", 0);
    MlirStringRef d = mlirOpaqueTypeGetData(t);
    if (d.length >= 2 && d.data[0] == '"' && d.data[d.length - 1] == '"')
        d = mlirStringRefCreate(d.data + 1, d.length - 2);
    return d;
}

fly_ir_kind fly_ir_type_kind(MlirType t) {
    MlirStringRef d = fly_ir_type_data(t);
    if (!d.length) return FLY_IR_NOT_FLY;
    size_t n = 0;
    while (n < d.length && d.data[n] != '<') n++;
    for (int k = FLY_IR_INT_TUPLE; k < FLY_IR_OTHER; k++)
        if (strlen(kind_names[k]) == n && memcmp(kind_names[k], d.data, n) == 0) return (fly_ir_kind)k;
    return FLY_IR_OTHER;
}

const char *fly_ir_addrspace_name(fly_ir_addrspace as) {
    switch (as) {
    case FLY_AS_GLOBAL: return "global";
    case FLY_AS_SHARED: return "shared";
    case FLY_AS_REGISTER: return "register";
    case FLY_AS_BUFFER_DESC: return "#fly_rocdl.buffer_desc";
    default: return "generic";
    }
}

int fly_ir_addrspace_llvm(fly_ir_addrspace as) {
    switch (as) {
    case FLY_AS_GLOBAL: return 1;
    case FLY_AS_SHARED: return 3;
    case FLY_AS_REGISTER: return 5;
    case FLY_AS_BUFFER_DESC: return 8;
    default: return 0;
    }
}

int fly_ir_elem_bits(MlirType e) {
    if (mlirTypeIsAInteger(e)) return (int)mlirIntegerTypeGetWidth(e);
    if (mlirTypeIsAIndex(e)) return 64;
    if (mlirTypeIsAFloat(e)) return (int)mlirFloatTypeGetWidth(e);
    return 0;
}

/* ---- construction ---- */

static MlirType make(MlirContext ctx, const char *kind, const char *body) {
    fly_ir_buf b = {0};
    fly_ir_buf_printf(&b, "%s<%s>", kind, body);
    MlirType t =
        b.oom ? fly_ir_type_null() : mlirOpaqueTypeGet(ctx, fly_ir_sref("fly"), mlirStringRefCreate(b.data, b.len));
    fly_ir_buf_free(&b);
    return t;
}

typedef int (*printer)(const void *v, char *buf, size_t cap);

/* Prints v with an snprintf-style printer into a malloc'ed string. */
static char *print_alloc(printer p, const void *v) {
    char small[1024];
    int n = p(v, small, sizeof small);
    if (n < 0) return NULL;
    if ((size_t)n < sizeof small) return strdup(small);
    char *s = malloc((size_t)n + 1);
    if (s) p(v, s, (size_t)n + 1);
    return s;
}

static int p_it(const void *v, char *b, size_t c) { return fly_inttuple_print(v, b, c); }
static int p_layout(const void *v, char *b, size_t c) { return fly_layout_print(v, b, c); }
static int p_composed(const void *v, char *b, size_t c) { return fly_composed_print(v, b, c); }
static int p_tile(const void *v, char *b, size_t c) { return fly_tile_print(v, b, c); }
static int p_swizzle(const void *v, char *b, size_t c) { return fly_swizzle_print(v, b, c); }

static MlirType make_printed(MlirContext ctx, const char *kind, printer p, const void *v) {
    char *s = print_alloc(p, v);
    if (!s) return fly_ir_type_null();
    MlirType t = make(ctx, kind, s);
    free(s);
    return t;
}

MlirType fly_ir_int_tuple_type(MlirContext ctx, const fly_inttuple *t) {
    return make_printed(ctx, "int_tuple", p_it, t);
}
MlirType fly_ir_layout_type(MlirContext ctx, const fly_layout *L) { return make_printed(ctx, "layout", p_layout, L); }
MlirType fly_ir_composed_type(MlirContext ctx, const fly_composed *c) {
    return make_printed(ctx, "composed_layout", p_composed, c);
}
MlirType fly_ir_tile_type(MlirContext ctx, const fly_tile *t) { return make_printed(ctx, "tile", p_tile, t); }
MlirType fly_ir_swizzle_type(MlirContext ctx, const fly_swizzle *s) {
    return make_printed(ctx, "swizzle", p_swizzle, s);
}

/* "f32, global[, align<N>][, S<..>]" */
static void ptr_body(fly_ir_buf *b, const fly_ir_ptr_info *p, const char *layout) {
    char *elem = fly_ir_type_print(p->elem);
    fly_ir_buf_printf(b, "%s, %s", elem, fly_ir_addrspace_name(p->as));
    int bits = fly_ir_elem_bits(p->elem);
    if (layout) fly_ir_buf_printf(b, ", %s", layout);
    if (p->align > 0 && !(bits >= 8 && p->align == bits / 8))
        fly_ir_buf_printf(b, ", align<%lld>", (long long)p->align);
    if (p->swizzled && p->swizzle.bits > 0) {
        char s[64];
        fly_swizzle_print(&p->swizzle, s, sizeof s);
        fly_ir_buf_printf(b, ", %s", s);
    }
    free(elem);
}

MlirType fly_ir_ptr_type(MlirContext ctx, const fly_ir_ptr_info *p) {
    if (mlirTypeIsNull(p->elem)) return fly_ir_type_null();
    fly_ir_buf b = {0};
    ptr_body(&b, p, NULL);
    MlirType t = b.oom ? fly_ir_type_null() : make(ctx, "ptr", b.data);
    fly_ir_buf_free(&b);
    return t;
}

MlirType fly_ir_memref_type(MlirContext ctx, const fly_ir_ptr_info *p, const fly_layout *L) {
    if (mlirTypeIsNull(p->elem)) return fly_ir_type_null();
    char *ls = print_alloc(p_layout, L);
    if (!ls) return fly_ir_type_null();
    fly_ir_buf b = {0};
    ptr_body(&b, p, ls);
    free(ls);
    MlirType t = b.oom ? fly_ir_type_null() : make(ctx, "memref", b.data);
    fly_ir_buf_free(&b);
    return t;
}

MlirType fly_ir_memref_swz_type(MlirContext ctx, const fly_ir_ptr_info *p, const fly_layout *L, const fly_ir_swz *swz) {
    if (!swz || !swz->on) return fly_ir_memref_type(ctx, p, L);
    if (mlirTypeIsNull(p->elem)) return fly_ir_type_null();
    fly_composed c;
    if (fly_composed_make_swizzle(&c, &swz->sw, &swz->off, L, NULL)) return fly_ir_type_null();
    char *cs = print_alloc(p_composed, &c);
    if (!cs) return fly_ir_type_null();
    fly_ir_buf b = {0};
    ptr_body(&b, p, cs);
    free(cs);
    MlirType t = b.oom ? fly_ir_type_null() : make(ctx, "memref", b.data);
    fly_ir_buf_free(&b);
    return t;
}

MlirType fly_ir_coord_tensor_type(MlirContext ctx, const fly_inttuple *base, const fly_layout *L) {
    char *bs = print_alloc(p_it, base), *ls = print_alloc(p_layout, L);
    MlirType t = fly_ir_type_null();
    if (bs && ls) {
        fly_ir_buf b = {0};
        fly_ir_buf_printf(&b, "%s, %s", bs, ls);
        if (!b.oom) t = make(ctx, "coord_tensor", b.data);
        fly_ir_buf_free(&b);
    }
    free(bs);
    free(ls);
    return t;
}

MlirType fly_ir_universal_copy_type(MlirContext ctx, int bits) {
    char body[32];
    snprintf(body, sizeof body, "%d", bits);
    return make(ctx, "universal_copy", body);
}

MlirType fly_ir_copy_atom_type(MlirContext ctx, MlirType op, int value_bits) {
    char *os = fly_ir_type_print(op);
    fly_ir_buf b = {0};
    fly_ir_buf_printf(&b, "%s, %d", os, value_bits);
    MlirType t = b.oom ? fly_ir_type_null() : make(ctx, "copy_atom", b.data);
    fly_ir_buf_free(&b);
    free(os);
    return t;
}

/* ---- decoding ---- */

/* Copies the body of a fly type of kind k (the text between the first '<' and the last '>')
 * into a malloc'ed string. */
static char *body_of(MlirType t, fly_ir_kind k, fly_error *err) {
    if (fly_ir_type_kind(t) != k) {
        char *s = fly_ir_type_print(t);
        fly_error_set(err, FLY_E_INVALID, "expected a !fly.%s type, got %s", fly_ir_kind_name(k), s);
        free(s);
        return NULL;
    }
    MlirStringRef d = fly_ir_type_data(t);
    const char *lt = memchr(d.data, '<', d.length);
    if (!lt || d.data[d.length - 1] != '>') {
        fly_error_set(err, FLY_E_PARSE, "malformed fly type data '%.*s'", (int)d.length, d.data);
        return NULL;
    }
    size_t n = (size_t)(d.data + d.length - 1 - (lt + 1));
    char *s = malloc(n + 1);
    if (!s) {
        fly_error_set(err, FLY_E_CAPACITY, "out of memory");
        return NULL;
    }
    memcpy(s, lt + 1, n);
    s[n] = '\0';
    return s;
}

static fly_status wrap(fly_status st, fly_error *err, MlirType t) {
    if (st != FLY_OK && err) {
        MlirStringRef d = fly_ir_type_data(t);
        fly_error_wrap(err, "in type !fly.%.*s", (int)d.length, d.data);
    }
    return st;
}

fly_status fly_ir_decode_int_tuple(MlirType t, fly_inttuple *out, fly_error *err) {
    char *b = body_of(t, FLY_IR_INT_TUPLE, err);
    if (!b) return err ? err->code : FLY_E_INVALID;
    fly_status st = fly_inttuple_parse(b, out, err);
    free(b);
    return wrap(st, err, t);
}

fly_status fly_ir_decode_layout(MlirType t, fly_layout *out, fly_error *err) {
    char *b = body_of(t, FLY_IR_LAYOUT, err);
    if (!b) return err ? err->code : FLY_E_INVALID;
    fly_status st = fly_layout_parse(b, out, err);
    free(b);
    return wrap(st, err, t);
}

fly_status fly_ir_decode_composed(MlirType t, fly_composed *out, fly_error *err) {
    char *b = body_of(t, FLY_IR_COMPOSED, err);
    if (!b) return err ? err->code : FLY_E_INVALID;
    fly_status st = fly_composed_parse(b, out, err);
    free(b);
    return wrap(st, err, t);
}

fly_status fly_ir_decode_tile(MlirType t, fly_tile *out, fly_error *err) {
    char *b = body_of(t, FLY_IR_TILE, err);
    if (!b) return err ? err->code : FLY_E_INVALID;
    fly_status st = fly_tile_parse(b, out, err);
    free(b);
    return wrap(st, err, t);
}

fly_status fly_ir_decode_swizzle(MlirType t, fly_swizzle *out, fly_error *err) {
    char *b = body_of(t, FLY_IR_SWIZZLE, err);
    if (!b) return err ? err->code : FLY_E_INVALID;
    fly_status st = fly_swizzle_parse(b, out, err);
    free(b);
    return wrap(st, err, t);
}

/* Splits s in place at top-level commas (outside (), <>, []); returns the part count. */
static int split_top(char *s, char **parts, int max) {
    int n = 0, depth = 0;
    char *start = s;
    for (char *p = s;; p++) {
        char c = *p;
        if (c == '(' || c == '<' || c == '[') depth++;
        else if ((c == ')' || c == ']' || (c == '>' && p > s && p[-1] != '-')) && depth > 0) depth--;
        if ((c == ',' && depth == 0) || c == '\0') {
            if (n < max) {
                *p = '\0';
                while (isspace((unsigned char)*start)) start++;
                char *e = start + strlen(start);
                while (e > start && isspace((unsigned char)e[-1])) *--e = '\0';
                parts[n++] = start;
            }
            if (c == '\0') break;
            start = p + 1;
        }
    }
    return n;
}

static fly_status parse_ptr_parts(MlirType t, char **parts, int n, bool memref, fly_ir_ptr_info *out,
                                  const char **layout, fly_error *err) {
    memset(out, 0, sizeof *out);
    int need = memref ? 3 : 2;
    if (n < need) return fly_error_set(err, FLY_E_PARSE, "expected <elem, address space%s>", memref ? ", layout" : "");
    MlirContext ctx = mlirTypeGetContext(t);
    out->elem = mlirTypeParseGet(ctx, fly_ir_sref(parts[0]));
    if (mlirTypeIsNull(out->elem)) return fly_error_set(err, FLY_E_PARSE, "bad element type '%s'", parts[0]);
    static const fly_ir_addrspace all[] = {FLY_AS_GENERIC, FLY_AS_GLOBAL, FLY_AS_SHARED, FLY_AS_REGISTER,
                                           FLY_AS_BUFFER_DESC};
    bool found = false;
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (strcmp(parts[1], fly_ir_addrspace_name(all[i])) == 0) {
            out->as = all[i];
            found = true;
        }
    if (!found) return fly_error_set(err, FLY_E_PARSE, "unknown address space '%s'", parts[1]);
    if (layout) *layout = memref ? parts[2] : NULL;
    for (int i = need; i < n; i++) {
        if (strncmp(parts[i], "align<", 6) == 0) {
            out->align = strtoll(parts[i] + 6, NULL, 10);
            if (out->align <= 0) return fly_error_set(err, FLY_E_PARSE, "bad alignment '%s'", parts[i]);
        } else if (parts[i][0] == 'S') {
            fly_status st = fly_swizzle_parse(parts[i], &out->swizzle, err);
            if (st) return st;
            out->swizzled = out->swizzle.bits > 0;
        } else {
            return fly_error_set(err, FLY_E_PARSE, "unexpected '%s'", parts[i]);
        }
    }
    return FLY_OK;
}

fly_status fly_ir_decode_ptr(MlirType t, fly_ir_ptr_info *out, fly_error *err) {
    char *b = body_of(t, FLY_IR_PTR, err);
    if (!b) return err ? err->code : FLY_E_INVALID;
    char *parts[8];
    int n = split_top(b, parts, 8);
    fly_status st = parse_ptr_parts(t, parts, n, false, out, NULL, err);
    free(b);
    return wrap(st, err, t);
}

fly_status fly_ir_composed_swz(const fly_composed *c, fly_ir_swz *swz, fly_layout *outer, fly_error *err) {
    if (c->nstages != 1 || c->stage[0].inner_kind != FLY_INNER_SWIZZLE)
        return fly_error_set(err, FLY_E_INVALID,
                             "a tensor over a composed layout needs a swizzle inner and a layout outer "
                             "(S<b,m,s> o offset o layout)");
    if (!fly_inttuple_is_leaf(&c->stage[0].offset))
        return fly_error_set(err, FLY_E_INVALID, "a swizzled tensor's offset must be one integer");
    swz->on = true;
    swz->sw = c->stage[0].swizzle;
    fly_inttuple_copy(&swz->off, &c->stage[0].offset);
    if (outer) fly_layout_copy(outer, &c->outer);
    return FLY_OK;
}

fly_status fly_ir_decode_memref_swz(MlirType t, fly_ir_ptr_info *ptr, fly_layout *layout, fly_ir_swz *swz,
                                    fly_error *err) {
    char *b = body_of(t, FLY_IR_MEMREF, err);
    if (!b) return err ? err->code : FLY_E_INVALID;
    char *parts[8];
    int n = split_top(b, parts, 8);
    const char *ls = NULL;
    fly_status st = parse_ptr_parts(t, parts, n, true, ptr, &ls, err);
    if (swz) swz->on = false;
    if (st == FLY_OK && strstr(ls, " o ")) {
        fly_composed *c = malloc(sizeof *c);
        fly_ir_swz tmp;
        st = !c ? fly_error_set(err, FLY_E_CAPACITY, "out of memory") : fly_composed_parse(ls, c, err);
        if (st == FLY_OK) st = fly_ir_composed_swz(c, swz ? swz : &tmp, layout, err);
        if (st == FLY_OK && !swz)
            st = fly_error_set(err, FLY_E_INVALID, "this op does not take a memref over a swizzled layout");
        free(c);
    } else if (st == FLY_OK && layout) {
        st = fly_layout_parse(ls, layout, err);
    }
    free(b);
    return wrap(st, err, t);
}

fly_status fly_ir_decode_memref(MlirType t, fly_ir_ptr_info *ptr, fly_layout *layout, fly_error *err) {
    return fly_ir_decode_memref_swz(t, ptr, layout, NULL, err);
}

fly_status fly_ir_decode_coord_tensor(MlirType t, fly_inttuple *base, fly_layout *layout, fly_error *err) {
    char *b = body_of(t, FLY_IR_COORD_TENSOR, err);
    if (!b) return err ? err->code : FLY_E_INVALID;
    char *parts[4];
    int n = split_top(b, parts, 4);
    fly_status st = n == 2 ? FLY_OK : fly_error_set(err, FLY_E_PARSE, "expected <base, layout>");
    if (st == FLY_OK && base) st = fly_inttuple_parse(parts[0], base, err);
    if (st == FLY_OK && layout) st = fly_layout_parse(parts[1], layout, err);
    free(b);
    return wrap(st, err, t);
}

fly_status fly_ir_decode_layout_of(MlirType t, fly_layout *out, fly_error *err) {
    fly_ir_ptr_info p;
    switch (fly_ir_type_kind(t)) {
    case FLY_IR_LAYOUT: return fly_ir_decode_layout(t, out, err);
    case FLY_IR_MEMREF: {
        fly_ir_swz swz;
        return fly_ir_decode_memref_swz(t, &p, out, &swz, err);
    }
    case FLY_IR_COORD_TENSOR: return fly_ir_decode_coord_tensor(t, NULL, out, err);
    case FLY_IR_COMPOSED: {
        fly_composed *c = malloc(sizeof *c);
        fly_ir_swz swz;
        fly_status st = c ? fly_ir_decode_composed(t, c, err) : fly_error_set(err, FLY_E_CAPACITY, "out of memory");
        if (!st) st = fly_ir_composed_swz(c, &swz, out, err);
        free(c);
        return st;
    }
    default: {
        char *s = fly_ir_type_print(t);
        fly_status st = fly_error_set(err, FLY_E_INVALID, "expected a layout, memref or coord_tensor, got %s", s);
        free(s);
        return st;
    }
    }
}

bool fly_ir_type_is_static(MlirType t) {
    fly_ir_kind k = fly_ir_type_kind(t);
    if (k == FLY_IR_PTR || k == FLY_IR_MEMREF || k == FLY_IR_NOT_FLY) return false;
    MlirStringRef d = fly_ir_type_data(t);
    return memchr(d.data, '?', d.length) == NULL;
}

MlirType fly_ir_type_canonical(MlirType t) {
    MlirContext ctx = mlirTypeGetContext(t);
    MlirType r = t;
    switch (fly_ir_type_kind(t)) {
    case FLY_IR_INT_TUPLE: {
        fly_inttuple v;
        if (fly_ir_decode_int_tuple(t, &v, NULL) == FLY_OK) r = fly_ir_int_tuple_type(ctx, &v);
        break;
    }
    case FLY_IR_LAYOUT: {
        fly_layout L;
        if (fly_ir_decode_layout(t, &L, NULL) == FLY_OK) r = fly_ir_layout_type(ctx, &L);
        break;
    }
    case FLY_IR_PTR: {
        fly_ir_ptr_info p;
        if (fly_ir_decode_ptr(t, &p, NULL) == FLY_OK) r = fly_ir_ptr_type(ctx, &p);
        break;
    }
    case FLY_IR_MEMREF: {
        fly_ir_ptr_info p;
        fly_layout L;
        fly_ir_swz swz;
        if (fly_ir_decode_memref_swz(t, &p, &L, &swz, NULL) == FLY_OK) r = fly_ir_memref_swz_type(ctx, &p, &L, &swz);
        break;
    }
    case FLY_IR_TILE: {
        fly_tile *tl = malloc(sizeof *tl);
        if (tl && fly_ir_decode_tile(t, tl, NULL) == FLY_OK) r = fly_ir_tile_type(ctx, tl);
        free(tl);
        break;
    }
    default: break;
    }
    return mlirTypeIsNull(r) ? t : r;
}
