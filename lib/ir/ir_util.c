/* ir_util.c - text buffers and small MLIR C API helpers. */
#include "ir/ir_util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static bool buf_reserve(fly_ir_buf *b, size_t extra) {
    if (b->oom) return false;
    if (b->len + extra + 1 <= b->cap) return true;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + extra + 1) cap *= 2;
    char *p = realloc(b->data, cap);
    if (!p) {
        b->oom = true;
        return false;
    }
    b->data = p;
    b->cap = cap;
    return true;
}

void fly_ir_buf_add(fly_ir_buf *b, const char *s, size_t n) {
    if (!buf_reserve(b, n)) return;
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void fly_ir_buf_puts(fly_ir_buf *b, const char *s) { fly_ir_buf_add(b, s, strlen(s)); }

void fly_ir_buf_printf(fly_ir_buf *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char small[256];
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if ((size_t)n < sizeof small) {
        fly_ir_buf_add(b, small, (size_t)n);
        return;
    }
    if (!buf_reserve(b, (size_t)n)) return;
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

char *fly_ir_buf_take(fly_ir_buf *b) {
    char *s = b->data;
    if (!s) s = calloc(1, 1);
    memset(b, 0, sizeof *b);
    return s;
}

void fly_ir_buf_free(fly_ir_buf *b) {
    free(b->data);
    memset(b, 0, sizeof *b);
}

void fly_ir_buf_callback(MlirStringRef s, void *user) { fly_ir_buf_add(user, s.data, s.length); }

bool fly_ir_sref_eq(MlirStringRef r, const char *s) {
    size_t n = strlen(s);
    return r.length == n && memcmp(r.data, s, n) == 0;
}

MlirLocation fly_ir_loc(MlirContext ctx, const char *file, unsigned line, unsigned col) {
    return mlirLocationFileLineColGet(ctx, fly_ir_sref(file ? file : "<unknown>"), line, col);
}

MlirNamedAttribute fly_ir_named(MlirContext ctx, const char *name, MlirAttribute attr) {
    return mlirNamedAttributeGet(mlirIdentifierGet(ctx, fly_ir_sref(name)), attr);
}

MlirOperation fly_ir_op_create(MlirLocation loc, const char *name, intptr_t nops, const MlirValue *ops, intptr_t nres,
                               const MlirType *res, intptr_t nattrs, const MlirNamedAttribute *attrs) {
    MlirOperationState st = mlirOperationStateGet(fly_ir_sref(name), loc);
    if (nops) mlirOperationStateAddOperands(&st, nops, ops);
    if (nres) mlirOperationStateAddResults(&st, nres, res);
    if (nattrs) mlirOperationStateAddAttributes(&st, nattrs, attrs);
    return mlirOperationCreate(&st);
}

void fly_ir_op_insert(MlirBlock block, MlirOperation before, MlirOperation op) {
    if (mlirOperationIsNull(before)) mlirBlockAppendOwnedOperation(block, op);
    else mlirBlockInsertOwnedOperationBefore(block, before, op);
}

bool fly_ir_op_is(MlirOperation op, const char *name) {
    return fly_ir_sref_eq(mlirIdentifierStr(mlirOperationGetName(op)), name);
}

bool fly_ir_op_is_fly(MlirOperation op) {
    MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
    return n.length > 4 && memcmp(n.data, "fly.", 4) == 0;
}

const char *fly_ir_op_name(MlirOperation op, char *buf, size_t cap) {
    MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
    snprintf(buf, cap, "%.*s", (int)n.length, n.data);
    return buf;
}

struct find_ud {
    const char *name;
    bool prefix; /* name is a prefix of the op name */
    MlirOperation found;
};

static MlirWalkResult find_cb(MlirOperation op, void *user) {
    struct find_ud *f = user;
    MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
    size_t k = strlen(f->name);
    if (f->prefix ? n.length >= k && !memcmp(n.data, f->name, k) : fly_ir_op_is(op, f->name)) {
        f->found = op;
        return MlirWalkResultInterrupt;
    }
    return MlirWalkResultAdvance;
}

MlirOperation fly_ir_find_first(MlirOperation root, const char *name) {
    struct find_ud f = {name, false, {NULL}};
    mlirOperationWalk(root, find_cb, &f, MlirWalkPreOrder);
    return f.found;
}

MlirOperation fly_ir_find_first_prefix(MlirOperation root, const char *prefix) {
    struct find_ud f = {prefix, true, {NULL}};
    mlirOperationWalk(root, find_cb, &f, MlirWalkPreOrder);
    return f.found;
}

MlirOperation fly_ir_top(MlirOperation op) {
    MlirOperation p;
    while (!mlirOperationIsNull(p = mlirOperationGetParentOperation(op))) op = p;
    return op;
}

bool fly_ir_value_unused(MlirValue v) { return mlirOpOperandIsNull(mlirValueGetFirstUse(v)); }

char *fly_ir_op_print(MlirOperation op, bool debuginfo, bool generic) {
    fly_ir_buf b = {0};
    MlirOpPrintingFlags f = mlirOpPrintingFlagsCreate();
    if (debuginfo) mlirOpPrintingFlagsEnableDebugInfo(f, true, false);
    if (generic) mlirOpPrintingFlagsPrintGenericOpForm(f);
    mlirOperationPrintWithFlags(op, f, fly_ir_buf_callback, &b);
    mlirOpPrintingFlagsDestroy(f);
    return fly_ir_buf_take(&b);
}

char *fly_ir_type_print(MlirType t) {
    fly_ir_buf b = {0};
    mlirTypePrint(t, fly_ir_buf_callback, &b);
    return fly_ir_buf_take(&b);
}

const char *fly_ir_loc_str(MlirLocation loc, char *buf, size_t cap) {
    fly_ir_buf b = {0};
    mlirLocationPrint(loc, fly_ir_buf_callback, &b);
    const char *s = b.data ? b.data : "";
    size_t n = strlen(s);
    /* loc("file":3:5) -> file:3:5 */
    if (n > 5 && strncmp(s, "loc(", 4) == 0 && s[n - 1] == ')') {
        s += 4;
        n -= 5;
    }
    char tmp[512];
    size_t j = 0;
    for (size_t i = 0; i < n && j + 1 < sizeof tmp; i++)
        if (s[i] != '"') tmp[j++] = s[i];
    tmp[j] = '\0';
    snprintf(buf, cap, "%s", tmp);
    fly_ir_buf_free(&b);
    return buf;
}

double fly_ir_now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}
