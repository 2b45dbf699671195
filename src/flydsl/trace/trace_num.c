/* trace_num.c - the tracer's state and text emission, and operations on dynamic typed values, recorded
 * as arith/math ops. Outside a trace (where no dynamic values exist) each entry raises RuntimeError. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compile/code.h"
#include "exec/interp.h"
#include "flydsl/trace/trace_int.h"

static _Thread_local fy_tracer *cur_tracer;

fy_tracer *fy_trace_cur(void) { return cur_tracer; }
fy_tracer *fy_trace_set(fy_tracer *t) {
    fy_tracer *old = cur_tracer;
    cur_tracer = t;
    return old;
}
int fy_trace_active(void) { return cur_tracer != NULL; }

/* ---- which trace a value belongs to ---- */

/* The kernel name of each generation (index gen - 1): traces made so far in this process. */
static char **gen_names;
static uint64_t ngen;

void fy_trace_begin(fy_tracer *t, const char *name) {
    char **nn = realloc(gen_names, (size_t)(ngen + 1) * sizeof *nn);
    if (nn) {
        gen_names = nn;
        gen_names[ngen] = strdup(name ? name : "?");
    } else {
        t->failed = 1;
    }
    t->gen = ++ngen;
    t->next = t->gen << 32;
}

static const char *gen_name(uint64_t gen) {
    return gen >= 1 && gen <= ngen && gen_names[gen - 1] ? gen_names[gen - 1] : "?";
}

/* The name of the function that trace t traces (the kernel's). */
const char *fy_trace_name(const fy_tracer *t) { return gen_name(t->gen); }

/* "file:line" of the running DSL statement into buf. */
static void stmt_at(char *buf, size_t cap) {
    fy_frame *f = fy_cur ? fy_cur->frame : NULL;
    buf[0] = 0;
    if (f && f->code && f->cur >= 0 && f->cur < f->code->ncode) {
        const char *file = f->code->filename && FY_STR_CHECK(f->code->filename) ? FY_STR_DATA(f->code->filename) : "?";
        const char *base = strrchr(file, '/');
        snprintf(buf, cap, " at %s:%d", base ? base + 1 : file, f->code->locs[f->cur].line);
    }
}

static int stale_message(uint64_t h, const char *at) {
    fy_tracer *t = cur_tracer;
    if (!t)
        fy_err_format(&fy_RuntimeError,
                      "this value was computed while tracing kernel '%s' and cannot be used outside it (values of a "
                      "kernel live only inside its trace)%s",
                      gen_name(h >> 32), at);
    else
        fy_err_format(&fy_RuntimeError,
                      "this value was computed while tracing kernel '%s' and cannot be used in kernel '%s' (values "
                      "of a kernel live only inside its trace)%s",
                      gen_name(h >> 32), gen_name(t->gen), at);
    return -1;
}

int fy_trace_check_handle(uint64_t h) {
    fy_tracer *t = cur_tracer;
    if (t && h >> 32 == t->gen) return 0;
    char at[160];
    stmt_at(at, sizeof at);
    return stale_message(h, at);
}

int fy_trace_stale_error(fy_tracer *t, const char *name) {
    (void)name;
    fy_tracer *prev = fy_trace_set(t);
    stale_message(t->stale, t->stale_at);
    fy_trace_set(prev);
    return -1;
}

/* Emitted text s (n bytes) with each SSA reference "%<handle>" rewritten to its number (the low 32 bits);
 * the first handle of another trace is recorded in t->stale. The bytes removed. */
static size_t unstamp(fy_tracer *t, char *s, size_t n) {
    char *w = s, *end = s + n;
    const char *r = s;
    while (r < end) {
        const char *pc = memchr(r, '%', (size_t)(end - r));
        if (!pc) pc = end;
        size_t k = (size_t)(pc - r);
        if (w != r) memmove(w, r, k);
        w += k;
        r = pc;
        if (r >= end) break;
        *w++ = *r++; /* the '%' */
        const char *d = r;
        uint64_t v = 0;
        while (d < end && *d >= '0' && *d <= '9' && d - r < 20) v = v * 10 + (uint64_t)(*d++ - '0');
        if (d == r || v >> 32 == 0) continue;
        if (!t->stale && v >> 32 != t->gen) {
            t->stale = v;
            stmt_at(t->stale_at, sizeof t->stale_at);
        }
        char num[24];
        int len = snprintf(num, sizeof num, "%llu", (unsigned long long)(v & 0xffffffffu));
        memcpy(w, num, (size_t)len); /* never longer than the handle's digits */
        w += len;
        r = d;
    }
    *w = 0;
    return n - (size_t)(w - s);
}

static void vappend(fy_tracer *t, char **buf, size_t *len, size_t *cap, const char *fmt, va_list ap) {
    va_list aq;
    va_copy(aq, ap);
    int n = vsnprintf(NULL, 0, fmt, aq);
    va_end(aq);
    if (n < 0) return;
    if (*len + (size_t)n + 1 > *cap) {
        size_t nc = (*cap ? *cap * 2 : 1024) + (size_t)n;
        char *nb = realloc(*buf, nc);
        if (!nb) {
            t->failed = 1;
            return;
        }
        *buf = nb;
        *cap = nc;
    }
    vsnprintf(*buf + *len, (size_t)n + 1, fmt, ap);
    *len += (size_t)n - unstamp(t, *buf + *len, (size_t)n);
}

void fy_trace_emit(fy_tracer *t, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vappend(t, &t->body, &t->len, &t->cap, fmt, ap);
    va_end(ap);
}

void fy_trace_emit_prelude(fy_tracer *t, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vappend(t, &t->prelude, &t->prlen, &t->prcap, fmt, ap);
    va_end(ap);
}

static void emit_param(fy_tracer *t, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vappend(t, &t->params, &t->plen, &t->pcap, fmt, ap);
    va_end(ap);
}

uint64_t fy_trace_new_ssa(fy_tracer *t) { return t->next++; }

uint64_t fy_trace_add_param(fy_tracer *t, const char *ty, fy_trace_param p) {
    uint64_t id = fy_trace_new_ssa(t);
    fy_trace_param *np = realloc(t->pmap, (size_t)(t->nparams + 1) * sizeof *np);
    if (!np) t->failed = 1;
    else {
        t->pmap = np;
        np[t->nparams] = p;
    }
    emit_param(t, "%s%%%llu: %s", t->nparams++ ? ", " : "", (unsigned long long)id, ty);
    return id;
}

/* Is frame f running one of flyi's embedded modules ("<frozen flydsl.expr._surface>")? The kernel library
 * (flyi.kernels) is code like the user's: its lines are its own. */
static int frozen_frame(const fy_frame *f) {
    const char *file = f->code->filename && FY_STR_CHECK(f->code->filename) ? FY_STR_DATA(f->code->filename) : "";
    return !strncmp(file, "<frozen ", 8) && strncmp(file, "<frozen flyi.kernels", 20) != 0;
}

void fy_trace_end_line(fy_tracer *t) {
    fy_frame *f = fy_cur ? fy_cur->frame : NULL;
    /* ops emitted by the DSL's own Python code (fx.coop, fx.random, ...) carry the user's line that called it */
    for (int up = 0; up < 64 && f && f->code && frozen_frame(f) && f->back && f->back != f; up++) f = f->back;
    if (f && f->code && f->cur >= 0 && f->cur < f->code->ncode) {
        fy_loc *l = &f->code->locs[f->cur];
        const char *file = f->code->filename && FY_STR_CHECK(f->code->filename) ? FY_STR_DATA(f->code->filename) : "?";
        const char *base = strrchr(file, '/');
        if (t->lines) { /* line tables: the whole name, and the file's text for isa_source() */
            if (!t->sources) t->sources = fy_dict_new();
            if (t->sources && f->code->source && FY_STR_CHECK(f->code->filename) &&
                !fy_dict_get(t->sources, f->code->filename) &&
                fy_dict_set(t->sources, f->code->filename, f->code->source) < 0)
                fy_err_clear();
            fy_trace_emit(t, " loc(\"%s\":%d:%d)\n", file, l->line, l->col + 1);
        } else {
            fy_trace_emit(t, " loc(\"%s\":%d:%d)\n", base ? base + 1 : file, l->line, l->col + 1);
        }
    } else {
        fy_trace_emit(t, "\n");
    }
}

void fy_trace_free(fy_tracer *t) {
    FY_XDECREF(t->sources);
    free(t->body);
    free(t->params);
    free(t->pmap);
    free(t->prelude);
    memset(t, 0, sizeof *t);
}

const char *fy_trace_mlir_type(const fy_dsl_numeric *t) {
    static const char *ints[] = {"i1", "i4", "i8", "i16", "i32", "i64", "i128"};
    if (t->kind == FY_DSL_K_INDEX) return "index";
    if (t->kind == FY_DSL_K_FLOAT) return t->mlir;
    switch (t->width) {
    case 1: return ints[0];
    case 4: return ints[1];
    case 8: return ints[2];
    case 16: return ints[3];
    case 32: return ints[4];
    case 128: return ints[6];
    default: return ints[5];
    }
}

#define V(o) ((fy_dsl_num *)(o))
#define U(x) ((unsigned long long)(x))

/* The bit pattern of a non-finite d (inf, nan) in float type t for MLIR's hex float literal; 0 when t has
 * no such encoding here. */
static int nonfinite_bits(double d, const fy_dsl_numeric *t, unsigned long long *bits) {
    int neg = signbit(d) != 0, nan = isnan(d);
    const char *m = t->mlir ? t->mlir : "";
    if (!strcmp(m, "f64")) {
        memcpy(bits, &d, sizeof d);
        return 1;
    }
    if (!strcmp(m, "f32")) {
        float f = (float)d;
        uint32_t b;
        memcpy(&b, &f, sizeof b);
        *bits = b;
        return 1;
    }
    if (!strcmp(m, "f16")) *bits = (neg ? 0x8000u : 0) | (nan ? 0x7E00u : 0x7C00u);
    else if (!strcmp(m, "bf16")) *bits = (neg ? 0x8000u : 0) | (nan ? 0x7FC0u : 0x7F80u);
    else return 0;
    return 1;
}

static uint64_t emit_const(fy_tracer *tr, fy_dsl_num *v, fy_dsl_numeric *t) {
    uint64_t id = fy_trace_new_ssa(tr);
    const char *ty = fy_trace_mlir_type(t);
    unsigned long long nb;
    if (t->kind == FY_DSL_K_FLOAT && !isfinite(fy_dsl_num_as_double(v)) &&
        nonfinite_bits(fy_dsl_num_as_double(v), t, &nb))
        fy_trace_emit(tr, "      %%%llu = arith.constant 0x%llX : %s", U(id), nb, ty); /* inf / nan: exact bits */
    else if (t->kind == FY_DSL_K_FLOAT)
        fy_trace_emit(tr, "      %%%llu = arith.constant %.17e : %s", U(id), fy_dsl_num_as_double(v), ty);
    else if (t->kind == FY_DSL_K_BOOL)
        fy_trace_emit(tr, "      %%%llu = arith.constant %s", U(id), v->i ? "true" : "false");
    else if (FY_DSL_IS_WIDE(t)) { /* all 128 bits, as a signed decimal (MLIR's form of an i128 constant) */ char d[48];
        fy_dsl_i128_text(fy_dsl_num_i128(v), 0, d, sizeof d);
        fy_trace_emit(tr, "      %%%llu = arith.constant %s : %s", U(id), d, ty);
    } else fy_trace_emit(tr, "      %%%llu = arith.constant %lld : %s", U(id), (long long)v->i, ty);
    fy_trace_end_line(tr);
    return id;
}

/* The cast op from s to t (NULL: none needed). */
static const char *cast_op(const fy_dsl_numeric *s, const fy_dsl_numeric *t) {
    int sf = s->kind == FY_DSL_K_FLOAT, tf = t->kind == FY_DSL_K_FLOAT;
    int su = s->kind == FY_DSL_K_BOOL || (s->kind == FY_DSL_K_INT && !s->is_signed);
    if (sf && tf) return s->width < t->width ? "arith.extf" : s->width > t->width ? "arith.truncf" : NULL;
    if (sf) return t->kind == FY_DSL_K_INT && !t->is_signed ? "arith.fptoui" : "arith.fptosi";
    if (tf) return su ? "arith.uitofp" : "arith.sitofp";
    if (s->kind == FY_DSL_K_INDEX || t->kind == FY_DSL_K_INDEX)
        return s->kind == t->kind ? NULL : su ? "arith.index_castui" : "arith.index_cast";
    if (s->width == t->width) return NULL;
    return s->width > t->width ? "arith.trunci" : su ? "arith.extui" : "arith.extsi";
}

/* The truth of run-time value o as an i1, as FlyDSL's Boolean(x) and __dsl_bool__ take it: x != 0 (cmpi ne;
 * cmpf une for floats, so NaN is true as in Python), never a truncation (0.5 and 2 are true). An fp8 value is
 * compared as f32 (the targets compare no fp8). */
static int truth_value(fy_tracer *tr, fy_obj *o, uint64_t *out) {
    fy_dsl_numeric *st = V(o)->dt;
    uint64_t x = V(o)->ssa;
    if (st->kind == FY_DSL_K_FLOAT && st->width == 8) {
        if (fy_trace_value_as(tr, o, &fy_dsl_t_f32, &x) < 0) return -1;
        st = &fy_dsl_t_f32;
    }
    int fl = st->kind == FY_DSL_K_FLOAT;
    const char *ty = fy_trace_mlir_type(st);
    uint64_t z = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = arith.constant %s : %s", U(z), fl ? "0.0" : "0", ty);
    fy_trace_end_line(tr);
    *out = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = %s, %%%llu, %%%llu : %s", U(*out), fl ? "arith.cmpf une" : "arith.cmpi ne", U(x),
                  U(z), ty);
    fy_trace_end_line(tr);
    return 0;
}

int fy_trace_value_as(fy_tracer *tr, fy_obj *o, fy_dsl_numeric *t, uint64_t *out) {
    if (!FY_DSL_NUM_CHECK(o)) { /* a Python bool, int or float: its literal type first */
        fy_obj *n = fy_dsl_as_numeric(o);
        if (!n) {
            if (!fy_err_occurred()) fy_err_format(&fy_TypeError, "expected a number, not '%s'", fy_type_name(o));
            return -1;
        }
        int r = fy_trace_value_as(tr, n, t, out);
        FY_DECREF(n);
        return r;
    }
    fy_dsl_num *v = V(o);
    if (v->is_static) {
        fy_obj *c = fy_dsl_num_convert(t, o);
        if (!c) return -1;
        *out = emit_const(tr, V(c), t);
        FY_DECREF(c);
        return 0;
    }
    if (fy_trace_check_handle(v->ssa) < 0) return -1;
    if (t->kind == FY_DSL_K_BOOL && v->dt->kind != FY_DSL_K_BOOL) return truth_value(tr, o, out);
    if ((v->dt->kind == FY_DSL_K_INDEX) != (t->kind == FY_DSL_K_INDEX) &&
        (v->dt->kind == FY_DSL_K_FLOAT || t->kind == FY_DSL_K_FLOAT)) { /* index <-> float: through i64 */
        uint64_t mid;
        if (fy_trace_value_as(tr, o, &fy_dsl_t_i64, &mid) < 0) return -1;
        fy_obj *m = fy_dsl_num_dynamic(&fy_dsl_t_i64, mid);
        if (!m) return -1;
        int r = fy_trace_value_as(tr, m, t, out);
        FY_DECREF(m);
        return r;
    }
    int f8s = v->dt->kind == FY_DSL_K_FLOAT && v->dt->width == 8, f8t = t->kind == FY_DSL_K_FLOAT && t->width == 8;
    if ((f8s && t->kind != FY_DSL_K_FLOAT) || (f8t && v->dt->kind != FY_DSL_K_FLOAT)) {
        /* int <-> fp8: through f32 (the targets convert fp8 to and from f32 only); adding +0.0 (exact: an
         * integer converts to no -0.0) keeps canonicalize from folding truncf(sitofp) back into one sitofp
         * to fp8, which no target lowers */
        uint64_t mid;
        if (fy_trace_value_as(tr, o, &fy_dsl_t_f32, &mid) < 0) return -1;
        if (f8s) {
            fy_obj *m = fy_dsl_num_dynamic(&fy_dsl_t_f32, mid);
            if (!m) return -1;
            int r = fy_trace_value_as(tr, m, t, out);
            FY_DECREF(m);
            return r;
        }
        uint64_t z = fy_trace_new_ssa(tr), sum = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = arith.constant 0.0 : f32", U(z));
        fy_trace_end_line(tr);
        fy_trace_emit(tr, "      %%%llu = arith.addf %%%llu, %%%llu : f32", U(sum), U(mid), U(z));
        fy_trace_end_line(tr);
        *out = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = arith.truncf %%%llu : f32 to %s", U(*out), U(sum), fy_trace_mlir_type(t));
        fy_trace_end_line(tr);
        return 0;
    }
    if (v->dt->kind == FY_DSL_K_FLOAT && t->kind == FY_DSL_K_FLOAT && v->dt != t && v->dt->width == t->width &&
        t->width < 32) { /* f16 <-> bf16 (and between fp8 formats): through f32, as FlyDSL's fp_to_fp */
        uint64_t mid;
        if (fy_trace_value_as(tr, o, &fy_dsl_t_f32, &mid) < 0) return -1;
        fy_obj *m = fy_dsl_num_dynamic(&fy_dsl_t_f32, mid);
        if (!m) return -1;
        int r = fy_trace_value_as(tr, m, t, out);
        FY_DECREF(m);
        return r;
    }
    const char *op = cast_op(v->dt, t);
    if (!op) {
        *out = v->ssa;
        return 0;
    }
    uint64_t id = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = %s %%%llu : %s to %s", U(id), op, U(v->ssa), fy_trace_mlir_type(v->dt),
                  fy_trace_mlir_type(t));
    fy_trace_end_line(tr);
    *out = id;
    return 0;
}

/* The error for an operation outside any trace on a, b (either may be NULL): a value of an ended trace
 * says which kernel made it. */
static fy_obj *no_trace(const char *what, fy_obj *a, fy_obj *b) {
    fy_obj *o = a && FY_DSL_NUM_CHECK(a) && !V(a)->is_static   ? a
                : b && FY_DSL_NUM_CHECK(b) && !V(b)->is_static ? b
                                                               : NULL;
    if (o && V(o)->ssa >> 32) {
        fy_trace_check_handle(V(o)->ssa);
        return NULL;
    }
    return fy_err_format(&fy_RuntimeError, "%s of a dynamic value needs an active kernel trace", what);
}

static fy_obj *emit_result(fy_tracer *tr, fy_dsl_numeric *rt, uint64_t id) {
    fy_trace_end_line(tr);
    return tr->failed ? fy_err_nomem() : fy_dsl_num_dynamic(rt, id);
}

/* x (a typed value) as a value of type t: itself, its static conversion or a traced one. */
static fy_obj *to_type(fy_dsl_numeric *t, fy_obj *x) {
    if (V(x)->dt == t) return fy_ref(x);
    return V(x)->is_static ? fy_dsl_num_convert(t, x) : fy_trace_num_convert(t, x);
}

fy_obj *fy_trace_num_binop(int op, fy_dsl_numeric *rt, fy_dsl_numeric *ct, fy_obj *a, fy_obj *b) {
    fy_tracer *tr = cur_tracer;
    if (!tr) return no_trace("arithmetic", a, b);
    fy_dsl_numeric *ot = op == FY_NB_TRUEDIV ? rt : ct; /* operand type */
    uint64_t x, y;
    if (op == FY_NB_TRUEDIV && ct->kind != FY_DSL_K_FLOAT) {
        /* integers divide as floats after their promotion to the common integer type (as FlyDSL's
         * _coerce_operands): Int32(-5) / Uint64(n) converts -5 to Uint64 first, then uitofp */
        fy_obj *ca = to_type(ct, a), *cb = ca ? to_type(ct, b) : NULL;
        int bad = !cb || fy_trace_value_as(tr, ca, ot, &x) < 0 || fy_trace_value_as(tr, cb, ot, &y) < 0;
        FY_XDECREF(ca);
        FY_XDECREF(cb);
        if (bad) return NULL;
    } else if (fy_trace_value_as(tr, a, ot, &x) < 0 || fy_trace_value_as(tr, b, ot, &y) < 0) return NULL;
    int fl = ot->kind == FY_DSL_K_FLOAT,
        uns = ot->kind == FY_DSL_K_BOOL || (ot->kind == FY_DSL_K_INT && !ot->is_signed);
    const char *name = NULL;
    switch (op) {
    case FY_NB_ADD: name = fl ? "arith.addf" : "arith.addi"; break;
    case FY_NB_SUB: name = fl ? "arith.subf" : "arith.subi"; break;
    case FY_NB_MUL: name = fl ? "arith.mulf" : "arith.muli"; break;
    case FY_NB_TRUEDIV: name = "arith.divf"; break;
    case FY_NB_FLOORDIV: name = fl ? NULL : uns ? "arith.divui" : "arith.floordivsi"; break;
    case FY_NB_MOD: name = fl ? "arith.remf" : uns ? "arith.remui" : "arith.remsi"; break;
    case FY_NB_POW: name = fl ? "math.powf" : "math.ipowi"; break;
    case FY_NB_AND: name = "arith.andi"; break;
    case FY_NB_OR: name = "arith.ori"; break;
    case FY_NB_XOR: name = "arith.xori"; break;
    case FY_NB_LSHIFT: name = "arith.shli"; break;
    case FY_NB_RSHIFT: name = uns ? "arith.shrui" : "arith.shrsi"; break;
    }
    const char *ty = fy_trace_mlir_type(ot);
    uint64_t id = fy_trace_new_ssa(tr);
    if (!name) { /* float floor division: divf then math.floor */
        fy_trace_emit(tr, "      %%%llu = arith.divf %%%llu, %%%llu%s : %s", U(id), U(x), U(y),
                      fy_trace_fastmath_text(), ty);
        fy_trace_end_line(tr);
        uint64_t id2 = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = math.floor %%%llu%s : %s", U(id2), U(id), fy_trace_fastmath_text(), ty);
        return emit_result(tr, rt, id2);
    }
    fy_trace_emit(tr, "      %%%llu = %s %%%llu, %%%llu%s : %s", U(id), name, U(x), U(y),
                  fl ? fy_trace_fastmath_text() : "", ty);
    return emit_result(tr, rt, id);
}

fy_obj *fy_trace_num_cmp(int op, fy_dsl_numeric *ct, fy_obj *a, fy_obj *b) {
    fy_tracer *tr = cur_tracer;
    if (!tr) return no_trace("comparison", a, b);
    uint64_t x, y;
    if (fy_trace_value_as(tr, a, ct, &x) < 0 || fy_trace_value_as(tr, b, ct, &y) < 0) return NULL;
    static const char *const fp[] = {"oeq", "une", "olt", "ole", "ogt", "oge"};
    static const char *const sp[] = {"eq", "ne", "slt", "sle", "sgt", "sge"};
    static const char *const up[] = {"eq", "ne", "ult", "ule", "ugt", "uge"};
    int fl = ct->kind == FY_DSL_K_FLOAT,
        uns = ct->kind == FY_DSL_K_BOOL || (ct->kind == FY_DSL_K_INT && !ct->is_signed);
    uint64_t id = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = %s %s, %%%llu, %%%llu : %s", U(id), fl ? "arith.cmpf" : "arith.cmpi",
                  fl    ? fp[op]
                  : uns ? up[op]
                        : sp[op],
                  U(x), U(y), fy_trace_mlir_type(ct));
    return emit_result(tr, &fy_dsl_t_bool, id);
}

fy_obj *fy_trace_num_unary(int op, fy_obj *a) {
    fy_tracer *tr = cur_tracer;
    if (!tr) return no_trace("a unary operation", a, NULL);
    fy_dsl_numeric *t = V(a)->dt;
    if (op == '-' && t->kind == FY_DSL_K_FLOAT) {
        uint64_t id = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = arith.negf %%%llu%s : %s", U(id), U(V(a)->ssa), fy_trace_fastmath_text(),
                      t->mlir);
        return emit_result(tr, t, id);
    }
    if (op == 'a') {
        uint64_t id = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = %s %%%llu : %s", U(id), t->kind == FY_DSL_K_FLOAT ? "math.absf" : "math.absi",
                      U(V(a)->ssa), fy_trace_mlir_type(t));
        return emit_result(tr, t, id);
    }
    /* -x = 0 - x, ~x = x ^ -1 */
    fy_obj *k = fy_dsl_num_int(t->kind == FY_DSL_K_BOOL && op == '-' ? &fy_dsl_t_i32 : t, op == '-' ? 0 : -1);
    if (!k) return NULL;
    fy_dsl_numeric *rt = V(k)->dt;
    fy_obj *r = op == '-' ? fy_trace_num_binop(FY_NB_SUB, rt, rt, k, a) : fy_trace_num_binop(FY_NB_XOR, rt, rt, a, k);
    FY_DECREF(k);
    return r;
}

fy_obj *fy_trace_num_convert(fy_dsl_numeric *t, fy_obj *a) {
    fy_tracer *tr = cur_tracer;
    if (!tr) return no_trace("conversion", a, NULL);
    if (t->kind == FY_DSL_K_BOOL && V(a)->dt->kind != FY_DSL_K_BOOL) {
        fy_obj *z = fy_dsl_num_int(V(a)->dt, 0);
        if (!z) return NULL;
        fy_obj *r = fy_trace_num_cmp(FY_NE_OP, V(a)->dt, a, z);
        FY_DECREF(z);
        return r;
    }
    uint64_t id;
    if (fy_trace_value_as(tr, a, t, &id) < 0) return NULL;
    return tr->failed ? fy_err_nomem() : fy_dsl_num_dynamic(t, id);
}

fy_obj *fy_trace_num_bitcast(fy_dsl_numeric *t, fy_obj *a) {
    fy_tracer *tr = cur_tracer;
    if (!tr) return no_trace("bitcast", a, NULL);
    uint64_t id = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = arith.bitcast %%%llu : %s to %s", U(id), U(V(a)->ssa),
                  fy_trace_mlir_type(V(a)->dt), fy_trace_mlir_type(t));
    return emit_result(tr, t, id);
}

const char *fy_trace_rounding_name(int m) {
    static const char *const names[] = {"to_nearest_even", "downward", "upward", "toward_zero", "to_nearest_away"};
    return m >= 0 && m < 5 ? names[m] : NULL;
}

fy_obj *fy_trace_num_fround(fy_dsl_numeric *t, fy_obj *a, int mode) {
    fy_tracer *tr = cur_tracer;
    if (!tr) return no_trace("conversion", a, NULL);
    fy_dsl_numeric *s = V(a)->dt;
    if (s == t) return fy_ref(a);
    if (t->width > s->width) return fy_trace_num_convert(t, a);
    uint64_t x = V(a)->ssa;
    if (t->width == s->width) { /* f16 <-> bf16: the f32 detour is exact, the mode is the truncf's */
        if (fy_trace_value_as(tr, a, &fy_dsl_t_f32, &x) < 0) return NULL;
        s = &fy_dsl_t_f32;
    }
    uint64_t id = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = arith.truncf %%%llu %s : %s to %s", U(id), U(x), fy_trace_rounding_name(mode),
                  fy_trace_mlir_type(s), fy_trace_mlir_type(t));
    return emit_result(tr, t, id);
}

fy_obj *fy_trace_num_select(fy_obj *c, fy_obj *t, fy_obj *f) {
    fy_tracer *tr = cur_tracer;
    if (!tr) return no_trace("select", c, t);
    uint64_t vt, vf;
    fy_dsl_numeric *et, *ef;
    int64_t nt_, nf_;
    if (fy_tvector_parts(t, &vt, &et, &nt_) == 0 && fy_tvector_parts(f, &vf, &ef, &nf_) == 0) {
        /* a scalar condition picks one of two whole Vectors (arith.select with an i1 condition) */
        if (et != ef || nt_ != nf_)
            return fy_err_format(&fy_TypeError, "select: the Vectors differ (%lld x %s and %lld x %s)", (long long)nt_,
                                 et->name, (long long)nf_, ef->name);
        uint64_t cv;
        if (fy_trace_value_as(tr, c, &fy_dsl_t_bool, &cv) < 0) return NULL;
        uint64_t id = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = arith.select %%%llu, %%%llu, %%%llu : i1, vector<%lldx%s>", U(id), U(cv),
                      U(vt), U(vf), (long long)nt_, fy_trace_mlir_type(et));
        fy_trace_end_line(tr);
        return tr->failed ? fy_err_nomem() : fy_tvector_new(id, et, nt_);
    }
    fy_err_clear();
    fy_obj *nt = fy_dsl_as_numeric(t), *nf = nt ? fy_dsl_as_numeric(f) : NULL;
    if (!nf) {
        FY_XDECREF(nt);
        return fy_err_occurred() ? NULL : fy_err_set(&fy_TypeError, "select: expected numeric values");
    }
    fy_dsl_numeric *rt = fy_dsl_common_type(V(nt)->dt, V(nf)->dt, 1);
    uint64_t cv, x, y;
    fy_obj *r = NULL;
    if (fy_trace_value_as(tr, c, &fy_dsl_t_bool, &cv) == 0 && fy_trace_value_as(tr, nt, rt, &x) == 0 &&
        fy_trace_value_as(tr, nf, rt, &y) == 0) {
        uint64_t id = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = arith.select %%%llu, %%%llu, %%%llu : %s", U(id), U(cv), U(x), U(y),
                      fy_trace_mlir_type(rt));
        r = emit_result(tr, rt, id);
    }
    FY_DECREF(nt);
    FY_DECREF(nf);
    return r;
}

fy_obj *fy_trace_num_materialize(fy_obj *a) {
    fy_tracer *tr = cur_tracer;
    if (!tr) return no_trace("ir_value", a, NULL);
    return fy_trace_num_convert(V(a)->dt, a);
}

/* ceildiv(a, b) of integers, rounded toward +inf: FlyDSL's arith.ceildivsi / ceildivui (by the operands'
 * signedness); convert-fly-to-rocdl expands it for the backends (lib/passes/expand_math.c). A zero divisor is
 * the division's own fault (the emulator reports it). */
static fy_obj *trace_ceildiv(fy_tracer *tr, fy_dsl_numeric *t, fy_obj *const *args) {
    uint64_t a, b;
    if (fy_trace_value_as(tr, args[0], t, &a) < 0 || fy_trace_value_as(tr, args[1], t, &b) < 0) return NULL;
    uint64_t id = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = arith.ceildiv%ci %%%llu, %%%llu : %s", U(id), t->is_signed ? 's' : 'u', U(a),
                  U(b), fy_trace_mlir_type(t));
    return emit_result(tr, t, id);
}

fy_obj *fy_trace_num_math(const char *name, fy_dsl_numeric *t, fy_obj *const *args, size_t n) {
    fy_tracer *tr = cur_tracer;
    if (!tr) return fy_err_format(&fy_RuntimeError, "fx.math.%s of a dynamic value needs an active kernel trace", name);
    static const char *const simple[] = {"absf",     "ceil",  "floor", "trunc", "round", "roundeven", "exp",   "exp2",
                                         "expm1",    "log",   "log2",  "log10", "log1p", "sqrt",      "rsqrt", "cbrt",
                                         "sin",      "cos",   "tan",   "asin",  "acos",  "atan",      "sinh",  "cosh",
                                         "tanh",     "asinh", "acosh", "atanh", "erf",   "erfc",      "powf",  "atan2",
                                         "copysign", "fma",   "absi",  "ctlz",  "cttz",  "ctpop",     NULL};
    if ((!strcmp(name, "max") || !strcmp(name, "min")) && n >= 1) {
        /* fx.max / fx.min: a left fold; floats propagate NaN (maximumf / minimumf) */
        int mx = name[1] == 'a';
        const char *op = t->kind == FY_DSL_K_FLOAT                  ? (mx ? "maximumf" : "minimumf")
                         : t->is_signed || t->kind == FY_DSL_K_BOOL ? (mx ? "maxsi" : "minsi")
                                                                    : (mx ? "maxui" : "minui");
        uint64_t acc, x;
        if (fy_trace_value_as(tr, args[0], t, &acc) < 0) return NULL;
        for (size_t i = 1; i < n; i++) {
            if (fy_trace_value_as(tr, args[i], t, &x) < 0) return NULL;
            uint64_t id = fy_trace_new_ssa(tr);
            fy_trace_emit(tr, "      %%%llu = arith.%s %%%llu, %%%llu%s : %s", U(id), op, U(acc), U(x),
                          t->kind == FY_DSL_K_FLOAT ? fy_trace_fastmath_text() : "", fy_trace_mlir_type(t));
            fy_trace_end_line(tr);
            acc = id;
        }
        return tr->failed ? fy_err_nomem() : fy_dsl_num_dynamic(t, acc);
    }
    if (!strcmp(name, "ceildiv") && n == 2) return trace_ceildiv(tr, t, args);
    if ((!strcmp(name, "maxnumf") || !strcmp(name, "minnumf")) && n == 2) {
        uint64_t x, y;
        if (fy_trace_value_as(tr, args[0], t, &x) < 0 || fy_trace_value_as(tr, args[1], t, &y) < 0) return NULL;
        uint64_t id = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = arith.%s %%%llu, %%%llu%s : %s", U(id), name, U(x), U(y),
                      fy_trace_fastmath_text(), fy_trace_mlir_type(t));
        return emit_result(tr, t, id);
    }
    int ok = 0;
    for (int i = 0; simple[i]; i++) ok |= !strcmp(simple[i], name);
    if (!ok || n > 3) return fy_err_format(&fy_NotImplementedError, "fx.%s of dynamic values is not traced yet", name);
    uint64_t v[3];
    for (size_t i = 0; i < n; i++)
        if (fy_trace_value_as(tr, args[i], t, &v[i]) < 0) return NULL;
    uint64_t id = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = math.%s ", U(id), name);
    for (size_t i = 0; i < n; i++) fy_trace_emit(tr, "%s%%%llu", i ? ", " : "", U(v[i]));
    int fl_op = t->kind == FY_DSL_K_FLOAT && strcmp(name, "absi") && strncmp(name, "ct", 2);
    fy_trace_emit(tr, "%s : %s", fl_op ? fy_trace_fastmath_text() : "", fy_trace_mlir_type(t));
    return emit_result(tr, t, id);
}
