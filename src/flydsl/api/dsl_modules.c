/* dsl_modules.c - the built-in modules flydsl, flydsl.expr (fx), flydsl.expr.typing, flydsl.expr.utils
 * and flydsl.compiler (flyc), and their registration.
 *
 * flyc.jit wraps a function; calling the wrapper runs the body (host code, interpreted at every call).
 * flyc.kernel wraps a device function; kernel(args).launch(...) traces, compiles and runs it on the session's
 * runtime (the CPU emulator here), or only compiles it under COMPILE_ONLY=1 / flyc.compile(run=False). */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "flydsl/api/dsl.h"
#include "flydsl/api/dsl_numeric.h"
#include "compile/code.h"
#include "exec/interp.h"
#include "flydsl/trace/trace.h"
#include "flydsl/mlir/mlir.h"
#include "modules/mod_registry.h"

/* ------------------------------------------------------------------ JitFunction / KernelFunction */

typedef struct jitfn {
    fy_obj h;
    fy_obj *fn;  /* the wrapped function, NULL for a pending decorator (jit(...) with options) */
    int kernel;  /* 1: @flyc.kernel */
    long kbs[3]; /* known_block_size=(x, y, z) of @flyc.kernel(...), 0: not declared */
    fy_obj *kname; /* name= of @flyc.kernel(...): the kernel's symbol (str), NULL: the function's name */
    fy_obj *last;  /* _last_compiled: (key, CompiledArtifact) of the latest call, NULL before one */
    fy_obj *cache; /* _mem_cache: key -> CompiledArtifact, NULL before a call */
    fy_obj *hints; /* compile_hints: FlyDSL's per-function dict (kept, not read by flyi's pipeline), NULL until used */
    fy_obj *dict; /* the instance __dict__ (attributes code sets on the function, e.g. a cache of its own) */
    int launches; /* its host-code trace reached a kernel launch: it runs as a launching function from then on */
} jitfn;

/* What a @flyc.jit call compiled (FlyDSL's CompiledArtifact): the source IR, the host function's module
 * when it was traced as host code, else the modules of the kernels it launched, and those kernels. */
typedef struct artifact {
    fy_obj h;
    fy_obj *source_ir; /* str */
    fy_obj *kernels; /* list of CompiledKernel */
    fy_obj *launches; /* the launches, as host_source_ir takes them (a list; NULL: none recorded) */
    fy_obj *host; /* the launching jit function's name (str), with launches */
} artifact;

static fy_type jitfn_type, launcher_type;

static fy_obj *jitfn_new(fy_obj *fn, int kernel) {
    jitfn *j = (jitfn *)fy_alloc(&jitfn_type);
    if (!j) return NULL;
    j->fn = fn ? fy_ref(fn) : NULL;
    j->kernel = kernel;
    j->kbs[0] = j->kbs[1] = j->kbs[2] = 0;
    j->kname = NULL;
    j->last = j->cache = NULL;
    j->hints = NULL;
    j->dict = NULL;
    return &j->h;
}

static void jitfn_dealloc(fy_obj *o) {
    FY_CLEAR(((jitfn *)o)->fn);
    FY_CLEAR(((jitfn *)o)->last);
    FY_CLEAR(((jitfn *)o)->cache);
    FY_CLEAR(((jitfn *)o)->hints);
    FY_CLEAR(((jitfn *)o)->dict);
    FY_CLEAR(((jitfn *)o)->kname);
}
static int jitfn_traverse(fy_obj *o, fy_visitfn v, void *a) {
    jitfn *j = (jitfn *)o;
    return (j->fn && v(j->fn, a)) || (j->last && v(j->last, a)) || (j->cache && v(j->cache, a)) ||
           (j->hints && v(j->hints, a)) || (j->dict && v(j->dict, a));
}
static void jitfn_clear(fy_obj *o) { jitfn_dealloc(o); }

static void artifact_dealloc(fy_obj *o) {
    FY_CLEAR(((artifact *)o)->source_ir);
    FY_CLEAR(((artifact *)o)->kernels);
    FY_CLEAR(((artifact *)o)->launches);
    FY_CLEAR(((artifact *)o)->host);
}
static int artifact_traverse(fy_obj *o, fy_visitfn v, void *a) {
    artifact *r = (artifact *)o;
    return (r->source_ir && v(r->source_ir, a)) || (r->kernels && v(r->kernels, a)) ||
           (r->launches && v(r->launches, a)) || (r->host && v(r->host, a));
}
/* FlyDSL's source IR of a launching call (flydsl.compiler.jit_function._flyi_host_source_ir: the kernels in one
 * gpu.module and a host function with a gpu.launch_func per launch); NULL without an error when that module
 * cannot be made (then the kernels' own modules are the source IR). */
static fy_obj *host_source_ir(artifact *r) {
    if (!r->launches || !r->host || !FY_LIST_N(r->launches)) return NULL;
    fy_obj *m = fy_import("flydsl.compiler.jit_function");
    fy_obj *av[2] = {r->host, r->launches};
    fy_obj *t = m ? fy_call_method(m, "_flyi_host_source_ir", av, 2) : NULL;
    FY_XDECREF(m);
    if (!t || !FY_STR_CHECK(t)) {
        FY_XDECREF(t);
        fy_err_clear();
        return NULL;
    }
    return t;
}
/* The launched kernels' origin IR, joined (made on first use: asking a kernel for it prints every stage
 * kept for later, which costs more than the passes). */
static fy_obj *kernels_source_ir(fy_obj *kernels) {
    fy_obj *parts = fy_list_new(0), *zero = fy_int_from(0);
    for (int64_t i = 0; parts && zero && i < (int64_t)FY_LIST_N(kernels); i++) {
        fy_obj *t = fy_call_method(FY_LIST_ITEMS(kernels)[i], "ir", &zero, 1);
        if (!t || fy_list_append(parts, t) < 0) FY_CLEAR(parts);
        FY_XDECREF(t);
    }
    FY_XDECREF(zero);
    fy_obj *sep = parts ? fy_str_from_cstr("\n") : NULL;
    fy_obj *r = sep ? fy_call_method(sep, "join", &parts, 1) : NULL;
    FY_XDECREF(sep);
    FY_XDECREF(parts);
    return r;
}
static fy_obj *artifact_source_ir(fy_obj *self) {
    artifact *r = (artifact *)self;
    if (!r->source_ir) r->source_ir = host_source_ir(r);
    if (!r->source_ir) r->source_ir = kernels_source_ir(r->kernels);
    return r->source_ir ? fy_ref(r->source_ir) : NULL;
}
static fy_obj *artifact_kernels(fy_obj *self) { return fy_ref(((artifact *)self)->kernels); }

/* Appends bytes b (n) to buf as the contents of an MLIR string literal: printable ASCII as it is, '"', '\\' and the
 * other bytes as \XX (upper-case hex), as MLIR prints a string attribute. */
static void mlir_escaped(fy_sbuf *buf, const unsigned char *b, size_t n) {
    static const char hex[] = "0123456789ABCDEF";
    for (size_t i = 0; i < n; i++) {
        unsigned char c = b[i];
        if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
            fy_sbuf_addc(buf, (char)c);
            continue;
        }
        char e[3] = {'\\', hex[c >> 4], hex[c & 15]};
        fy_sbuf_add(buf, e, 3);
    }
}

/* ir: the compiled module as FlyDSL's CompiledArtifact.ir has it after gpu-module-to-binary, one gpu.binary per
 * kernel holding its code object for its target (flyi's host side is no MLIR, so the module has no host code). */
static fy_obj *artifact_ir(fy_obj *self) {
    artifact *r = (artifact *)self;
    fy_sbuf buf = {0};
    fy_sbuf_adds(&buf, "module attributes {gpu.container_module} {\n");
    for (int64_t i = 0; i < (int64_t)FY_LIST_N(r->kernels); i++) {
        fy_obj *k = FY_LIST_ITEMS(r->kernels)[i];
        fy_obj *bin = fy_getattr_cstr(k, "binary"), *tgt = bin ? fy_getattr_cstr(k, "target") : NULL;
        int ok = bin && tgt && FY_BYTES_CHECK(bin) && FY_STR_CHECK(tgt);
        if (ok) {
            fy_sbuf_printf(&buf, "  gpu.binary @kernels_%lld [#gpu.object<#rocdl.target<chip = \"%s\">, \"",
                           (long long)i, FY_STR_DATA(tgt));
            mlir_escaped(&buf, (const unsigned char *)((fy_bytes *)bin)->data, (size_t)((fy_bytes *)bin)->len);
            fy_sbuf_adds(&buf, "\">]\n");
        } else if (bin && tgt) fy_err_set(&fy_RuntimeError, "CompiledArtifact.ir: a kernel without a code object");
        FY_XDECREF(bin);
        FY_XDECREF(tgt);
        if (!ok) {
            fy_sbuf_free(&buf);
            return NULL;
        }
    }
    fy_sbuf_adds(&buf, "}\n");
    return fy_sbuf_finish(&buf);
}

static fy_getsetdef artifact_getsets[] = {
    {"source_ir", artifact_source_ir, NULL, "the traced (pre-lowering) MLIR text"},
    {"ir", artifact_ir, NULL, "the compiled module: a gpu.binary per kernel with its code object"},
    {"kernels", artifact_kernels, NULL, "the CompiledKernels the call launched"},
    {0}};
static fy_type artifact_type = {
    FY_TYPE_INIT("CompiledArtifact", sizeof(artifact)),
    .doc = "What a @flyc.jit call compiled: source_ir and the kernels it launched.",
    .flags = FY_TPF_GC | FY_TPF_FINAL,
    .dealloc = artifact_dealloc,
    .traverse = artifact_traverse,
    .clear = artifact_dealloc,
    .getsets = artifact_getsets,
};

fy_obj *fy_dsl_kernel_artifact(fy_obj *ck) {
    if (fy_type_ready(&artifact_type) < 0) return NULL;
    artifact *r = (artifact *)fy_alloc(&artifact_type);
    if (!r) return NULL;
    r->launches = r->host = NULL;
    if (!(r->kernels = fy_list_new(0)) || fy_list_append(r->kernels, ck) < 0) FY_CLEAR(r);
    return r ? &r->h : NULL;
}

/* The kernels launched during the running @flyc.jit call (a list), NULL outside one; jit_launches: the same
 * launches as (CompiledKernel, the kernel call's serial, ids of its arguments, grid, block, smem, the kernel's
 * name= or None) tuples. */
static fy_obj *jit_launched, *jit_launches;
static long launcher_serial; /* numbers the kernel calls (KernelLaunchers) */

int fy_dsl_in_launcher(void) { return jit_launched != NULL && !fy_trace_active(); }
/* The compile_hints of the innermost running @flyc.jit call (borrowed), NULL outside one. */
static fy_obj *jit_hints;

/* FlyDSL's kernel-level fastmath from compile hints: hints["fastmath"] when present (None: no flags), else "fast"
 * for a true fast_fp_math, else no flags; as arith bits (0: none). 0 or -1 with an error. */
static int hint_fastmath(fy_obj *hints, int *bits) {
    *bits = 0;
    if (!hints || !FY_DICT_CHECK(hints)) return 0;
    fy_obj *fm = fy_dict_get_cstr(hints, "fastmath");
    if (fm) {
        if (fy_trace_fastmath_parse(fm, bits) < 0) return -1;
        if (*bits < 0) *bits = 0;
        return 0;
    }
    fy_obj *fast = fy_dict_get_cstr(hints, "fast_fp_math");
    int t = fast ? fy_truthy(fast) : 0;
    if (t < 0) return -1;
    if (t) *bits = 127; /* fast */
    return 0;
}

/* The gpu.func attributes of FlyDSL's waves_per_eu and maxnreg compile hints, joined to the call's own (base, a
 * str or NULL): rocdl.waves_per_eu (LLVM's amdgpu-waves-per-eu; 0 or None keeps the kernel's) and an
 * amdgpu-num-vgpr passthrough entry (the VGPR cap FlyDSL's --amdgpu-num-vgpr sets). A new str (NULL: none),
 * or NULL with FlyDSL's TypeError / ValueError for a bad value (*failed set). */
static fy_obj *hint_func_attrs(fy_obj *hints, fy_obj *base, int *failed) {
    *failed = 0;
    const char *b = base && FY_STR_CHECK(base) ? FY_STR_DATA(base) : "";
    int64_t v[2] = {0, 0};
    static const char *names[2] = {"waves_per_eu", "maxnreg"};
    for (int i = 0; hints && FY_DICT_CHECK(hints) && i < 2; i++) {
        fy_obj *x = fy_dict_get_cstr(hints, names[i]);
        if (!x || x == fy_None) continue;
        if (!FY_INT_CHECK(x) || x == fy_True || x == fy_False || fy_int_as_i64(x, &v[i]) < 0) {
            fy_err_clear();
            *failed = 1;
            return fy_err_format(&fy_TypeError, "%s must be a non-negative int, got %R", names[i], x);
        }
        if (v[i] < 0) {
            *failed = 1;
            return fy_err_format(&fy_ValueError, "%s must be >= 0, got %lld", names[i], (long long)v[i]);
        }
    }
    if (!v[0] && !v[1]) return NULL;
    char buf[1024];
    int n = snprintf(buf, sizeof buf, "%s", b);
    if (v[0])
        n += snprintf(buf + n, sizeof buf - (size_t)n, "%srocdl.waves_per_eu = %lld : i32", n ? ", " : "",
                      (long long)v[0]);
    if (v[1]) {
        char entry[64];
        snprintf(entry, sizeof entry, "[\"amdgpu-num-vgpr\", \"%lld\"]", (long long)v[1]);
        char *pt = strstr(buf, "passthrough = [");
        if (pt) { /* the call's own passthrough list gets the entry first */
            char rest[1024];
            pt += strlen("passthrough = [");
            snprintf(rest, sizeof rest, "%s", pt);
            snprintf(pt, sizeof buf - (size_t)(pt - buf), "%s%s%s", entry, *rest == ']' ? "" : ", ", rest);
        } else {
            snprintf(buf + n, sizeof buf - (size_t)n, "%spassthrough = [%s]", n ? ", " : "", entry);
        }
    }
    return fy_str_from_cstr(buf);
}

/* The cache key of a launching jit call: the arguments' type names, and the values of Python scalars. */
static fy_obj *call_key(fy_obj *const *a, size_t n) {
    fy_obj *k = fy_tuple_new(n);
    for (size_t i = 0; k && i < n; i++) {
        fy_obj *x = a[i];
        fy_obj *e = FY_INT_CHECK(x) || FY_FLOAT_CHECK(x) || FY_STR_CHECK(x) || x == fy_None
                        ? fy_ref(x)
                        : fy_str_from_cstr(fy_type_name(x));
        if (!e) FY_CLEAR(k);
        else fy_tuple_set_steal(k, i, e);
    }
    return k;
}

static fy_obj *fn_name(fy_obj *fn);

/* Records what the call of j compiled under cache key hkey (NULL: made from the arguments): the host
 * module text ir (NULL: none) or the launched kernels (and the launches, NULL: not recorded). */
static int record_compiled(jitfn *j, fy_obj *const *a, size_t n, fy_obj *hkey, const char *ir, fy_obj *kernels,
                           fy_obj *launches) {
    if (!ir && (!kernels || !FY_LIST_N(kernels))) return 0;
    fy_obj *kept = hkey && j->cache ? fy_dict_get(j->cache, hkey) : NULL; /* the same key compiled before */
    if (kept) {
        fy_obj *last = fy_tuple_pack(2, hkey, kept);
        if (!last) return -1;
        FY_SETREF(j->last, last);
        return 0;
    }
    fy_err_clear();
    if (fy_type_ready(&artifact_type) < 0) return -1;
    artifact *r = (artifact *)fy_alloc(&artifact_type);
    if (!r) return -1;
    r->kernels = kernels ? fy_ref(kernels) : fy_list_new(0);
    r->launches = launches ? fy_ref(launches) : NULL;
    r->host = launches ? fn_name(j->fn) : NULL;
    if (!r->kernels || (launches && !r->host)) {
        FY_DECREF(r);
        return -1;
    }
    if (ir && !(r->source_ir = fy_str_from_cstr(ir))) {
        FY_DECREF(r);
        return -1;
    } /* else the kernels' origin IR, made when source_ir is read */
    fy_obj *key = hkey ? fy_ref(hkey) : call_key(a, n);
    fy_obj *last = key ? fy_tuple_pack(2, key, &r->h) : NULL;
    if (last && !j->cache) j->cache = fy_dict_new();
    int rc = last && j->cache && fy_dict_set(j->cache, key, &r->h) == 0 ? 0 : -1;
    if (rc == 0) FY_SETREF(j->last, fy_ref(last));
    FY_XDECREF(last);
    FY_XDECREF(key);
    FY_DECREF(r);
    return rc;
}

typedef struct launcher {
    fy_obj h;
    long serial; /* numbers the kernel calls of the session: a launch's specializations are per call */
    fy_obj *kernel;
    fy_obj *args; /* tuple of the kernel call's arguments */
    fy_obj *attrs; /* str: the gpu.func attributes of the call's unit_attrs= / value_attrs= ("" none) */
} launcher;

/* Value v as MLIR attribute text, FlyDSL's conversion: bool, int (i32), str, list / tuple (array), dict, or an
 * ir.Attribute (its text). 0 or -1 with an exception. */
static int attr_text(fy_sbuf *b, fy_obj *v) {
    if (v == fy_True || v == fy_False) {
        fy_sbuf_adds(b, v == fy_True ? "true" : "false");
        return 0;
    }
    if (FY_INT_CHECK(v)) {
        int64_t x;
        if (fy_dsl_to_int(v, &x, "value_attrs", "value") < 0) return -1;
        fy_sbuf_printf(b, "%lld : i32", (long long)x);
        return 0;
    }
    if (FY_STR_CHECK(v)) {
        fy_sbuf_addc(b, '"');
        for (const char *c = FY_STR_DATA(v); *c; c++) {
            if (*c == '"' || *c == '\\') fy_sbuf_addc(b, '\\');
            fy_sbuf_addc(b, *c);
        }
        fy_sbuf_addc(b, '"');
        return 0;
    }
    if (FY_LIST_CHECK(v) || FY_TUPLE_CHECK(v)) {
        size_t n;
        fy_obj **it = fy_seq_items(v, &n);
        fy_sbuf_addc(b, '[');
        for (size_t i = 0; i < n; i++) {
            if (i) fy_sbuf_adds(b, ", ");
            if (attr_text(b, it[i]) < 0) return -1;
        }
        fy_sbuf_addc(b, ']');
        return 0;
    }
    if (FY_DICT_CHECK(v)) {
        int64_t pos = 0;
        fy_obj *k, *x;
        fy_sbuf_addc(b, '{');
        for (int first = 1; fy_dict_next(v, &pos, &k, &x); first = 0) {
            if (!FY_STR_CHECK(k)) return fy_err_set(&fy_TypeError, "attribute dictionary keys must be names"), -1;
            fy_sbuf_printf(b, "%s%s = ", first ? "" : ", ", FY_STR_DATA(k));
            if (attr_text(b, x) < 0) return -1;
        }
        fy_sbuf_addc(b, '}');
        return 0;
    }
    fy_obj *txt = fy_getattr_opt(v, fy_intern("_s")); /* the bindings' attributes carry their text */
    FY_XDECREF(txt);
    if (!txt) {
        fy_err_clear();
        fy_err_format(&fy_TypeError,
                      "unsupported attribute value type %s, expected bool, int, str, list, dict, or ir.Attribute",
                      fy_type_name(v));
        return -1;
    }
    return fy_sbuf_add_str(b, v);
}

/* The attribute entries of unit_attrs (names) and value_attrs (name -> value; None skipped), as a str. */
static fy_obj *call_attrs(fy_obj *unit, fy_obj *value) {
    fy_sbuf b = {0};
    size_t n;
    fy_obj **it = unit && unit != fy_None ? fy_seq_items(unit, &n) : NULL;
    int bad = unit && unit != fy_None && !it;
    for (size_t i = 0; !bad && it && i < n; i++) {
        if (!FY_STR_CHECK(it[i])) bad = 1;
        else fy_sbuf_printf(&b, "%s%s", b.len ? ", " : "", FY_STR_DATA(it[i]));
    }
    if (!bad && value && value != fy_None && !FY_DICT_CHECK(value)) bad = 2;
    if (bad) {
        fy_obj *r = fy_sbuf_finish(&b);
        FY_XDECREF(r);
        return fy_err_set(&fy_TypeError, bad == 1 ? "unit_attrs must be a list of attribute names"
                                                  : "value_attrs must be a dict of attribute names to values");
    }
    int64_t pos = 0;
    fy_obj *k, *x;
    while (value && value != fy_None && fy_dict_next(value, &pos, &k, &x)) {
        if (x == fy_None) continue;
        if (!FY_STR_CHECK(k)) bad = 1;
        else {
            fy_sbuf_printf(&b, "%s%s = ", b.len ? ", " : "", FY_STR_DATA(k));
            if (attr_text(&b, x) < 0) bad = 2;
        }
        if (bad) break;
    }
    fy_obj *r = fy_sbuf_finish(&b);
    if (bad) {
        FY_XDECREF(r);
        return bad == 1 ? fy_err_set(&fy_TypeError, "value_attrs keys must be attribute names") : NULL;
    }
    return r;
}

static fy_obj *fn_name(fy_obj *fn) {
    fy_obj *n = fn ? fy_getattr_opt(fn, fy_intern("__name__")) : NULL;
    if (!n) {
        fy_err_clear();
        return fy_str_from_cstr("?");
    }
    return n;
}

/* A kernel call's positional and keyword arguments as one tuple of positional ones (the parameters' order,
 * defaults filling the gaps), or NULL with Python's TypeError for an unknown, repeated or missing one. */
static fy_obj *bind_kwargs(fy_obj *fnobj, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (FY_TYPE(fnobj) != &fy_function_type)
        return fy_err_set(&fy_TypeError, "kernel(...): keyword arguments need a plain Python function");
    fy_function *fn = (fy_function *)fnobj;
    fy_code *c = fn->code;
    const char *fname = FY_STR_CHECK(fn->name) ? FY_STR_DATA(fn->name) : "kernel";
    if (c->flags & FY_CO_VARARGS || c->kwonlycount)
        return fy_err_format(&fy_TypeError,
                             "%s(): keyword arguments of a kernel with *args or keyword-only "
                             "parameters are not supported",
                             fname);
    size_t n = (size_t)c->argcount;
    if (na > n)
        return fy_err_format(&fy_TypeError, "%s() takes %zu positional argument%s but %zu %s given", fname, n,
                             n == 1 ? "" : "s", na, na == 1 ? "was" : "were");
    fy_obj **v = fy_calloc(n ? n : 1, sizeof *v);
    if (!v) return NULL;
    fy_obj *res = NULL;
    for (size_t i = 0; i < na; i++) v[i] = a[i];
    size_t last = na;
    for (size_t j = 0; j < fy_kwcount(kw); j++) {
        fy_obj *k = FY_TUPLE_ITEMS(kw)[j], *val = a[na + j];
        size_t i = (size_t)c->posonlycount;
        while (i < n && !(FY_STR_CHECK(k) && !strcmp(FY_STR_DATA(FY_TUPLE_ITEMS(c->varnames)[i]), FY_STR_DATA(k)))) i++;
        if (i == n) {
            fy_err_format(&fy_TypeError, "%s() got an unexpected keyword argument '%S'", fname, k);
            goto out;
        }
        if (v[i]) {
            fy_err_format(&fy_TypeError, "%s() got multiple values for argument '%S'", fname, k);
            goto out;
        }
        v[i] = val;
        if (i + 1 > last) last = i + 1;
    }
    size_t ndef = fn->defaults && FY_TUPLE_CHECK(fn->defaults) ? FY_TUPLE_N(fn->defaults) : 0;
    for (size_t i = 0; i < last; i++)
        if (!v[i]) {
            if (i + ndef >= n) {
                v[i] = FY_TUPLE_ITEMS(fn->defaults)[i + ndef - n];
                continue;
            }
            fy_err_format(&fy_TypeError, "%s() missing required argument '%S'", fname, FY_TUPLE_ITEMS(c->varnames)[i]);
            goto out;
        }
    res = fy_tuple_new(last);
    for (size_t i = 0; res && i < last; i++) fy_tuple_set_steal(res, i, fy_ref(v[i]));
out:
    fy_free(v);
    return res;
}

static int compile_only(void);
static int jit_depth; /* @flyc.jit bodies running */
static fy_obj *jitfn_launcher(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw);

/* FlyDSL's checks before a top-level call of jit function self (flydsl.compiler.jit_function._prepare_call: the
 * drift check of the globals it reads, which raises) and the call's cache key: a new reference, None when an
 * argument has no cache signature, NULL with the error. */
static fy_obj *prepare_call(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    fy_obj *m = fy_import("flydsl.compiler.jit_function");
    if (!m) return NULL;
    FY_DECREF(m);
    size_t nkw = fy_kwcount(kw);
    fy_obj *args = fy_tuple_new(na), *kwargs = fy_dict_new();
    for (size_t i = 0; args && i < na; i++) fy_tuple_set_steal(args, i, fy_ref(a[i]));
    for (size_t i = 0; kwargs && i < nkw; i++)
        if (fy_dict_set(kwargs, FY_TUPLE_ITEMS(kw)[i], a[na + i]) < 0) FY_CLEAR(kwargs);
    fy_obj *r = NULL;
    if (args && kwargs) {
        fy_obj *pa[2] = {args, kwargs};
        r = fy_call_method(self, "_prepare_call", pa, 2);
    }
    FY_XDECREF(args);
    FY_XDECREF(kwargs);
    return r;
}

/* Records the call under key in _call_state_cache (FlyDSL's per-key dispatch state; flyi's is the key itself). */
static int note_call_state(fy_obj *self, fy_obj *key) {
    fy_obj *d = fy_getattr_cstr(self, "_call_state_cache");
    int r = d ? fy_setitem(d, key, key) : -1;
    FY_XDECREF(d);
    return r;
}
static fy_obj *jitfn_call(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    jitfn *j = (jitfn *)self;
    if (!j->fn) {
        /* a decorator made by jit(...)/kernel(...) with options: wrap the function now */
        if (fy_kwcount(kw) || na != 1 || !fy_callable(a[0]))
            return fy_err_format(&fy_TypeError, "%s(...) decorator expects one function", j->kernel ? "kernel" : "jit");
        fy_obj *w = jitfn_new(a[0], j->kernel);
        if (w) memcpy(((jitfn *)w)->kbs, j->kbs, sizeof j->kbs);
        if (w && j->kname) ((jitfn *)w)->kname = fy_ref(j->kname);
        return w;
    }
    if (!j->kernel) {
        int failed, nested = fy_trace_active(); /* a jit helper called while a kernel is traced is inlined */
        fy_obj *pkey = nested ? NULL : prepare_call(self, a, na, kw);
        if (!nested && !pkey) return NULL;
        if (pkey == fy_None) FY_CLEAR(pkey);
        int host = !j->launches && fy_trace_host_wanted(j->fn);
        fy_obj **wa = fy_trace_jit_args(j->fn, a, na, kw, !host && !nested, &failed);
        if (failed) {
            FY_XDECREF(pkey);
            return NULL;
        }
        fy_obj *r = NULL, *const *ca = wa ? wa : a;
        if (host) { /* no launches: traced as FlyDSL's host function */
            char *ir = NULL;
            fy_obj *key = NULL;
            int relaunch;
            jit_depth++;
            r = fy_trace_host_call(j->fn, ca, na, kw, &ir, &key, &relaunch);
            jit_depth--;
            if (r && record_compiled(j, ca, na, key, ir, NULL, NULL) < 0) FY_CLEAR(r);
            FY_XDECREF(key);
            free(ir);
            if (relaunch) { /* it reached a launch at run time: from now on a launching function */
                j->launches = 1;
                fy_trace_jit_args_free(wa, na + fy_kwcount(kw));
                wa = fy_trace_jit_args(j->fn, a, na, kw, !nested, &failed);
                if (failed) {
                    FY_XDECREF(pkey);
                    return NULL;
                }
                ca = wa ? wa : a;
                host = 0;
            }
        }
        if (!host) {
            fy_obj *prev = jit_launched, *prev_hints = jit_hints, *prev_launches = jit_launches;
            jit_launched = fy_trace_active() ? NULL : fy_list_new(0);
            jit_launches = jit_launched ? fy_list_new(0) : NULL;
            if (!fy_trace_active()) jit_hints = j->hints; /* a helper inlined into a kernel keeps the kernel's */
            jit_depth++;
            r = fy_call(j->fn, ca, na, kw);
            jit_depth--;
            jit_hints = prev_hints;
            if (r && jit_launched && record_compiled(j, ca, na, pkey, NULL, jit_launched, jit_launches) < 0)
                FY_CLEAR(r);
            if (r && pkey && jit_launched && FY_LIST_N(jit_launched) && note_call_state(self, pkey) < 0) FY_CLEAR(r);
            /* a launching jit function called by another: its kernels are the caller's launches too */
            for (int64_t i = 0; r && prev && jit_launched && i < (int64_t)FY_LIST_N(jit_launched); i++)
                if (fy_list_append(prev, FY_LIST_ITEMS(jit_launched)[i]) < 0) FY_CLEAR(r);
            for (int64_t i = 0; r && prev_launches && jit_launches && i < (int64_t)FY_LIST_N(jit_launches); i++)
                if (fy_list_append(prev_launches, FY_LIST_ITEMS(jit_launches)[i]) < 0) FY_CLEAR(r);
            FY_XDECREF(jit_launched);
            FY_XDECREF(jit_launches);
            jit_launched = prev;
            jit_launches = prev_launches;
        }
        fy_trace_jit_args_free(wa, na + fy_kwcount(kw));
        FY_XDECREF(pkey);
        /* COMPILE_ONLY=1: host jit calls return None (an inlined helper's value is the kernel's) */
        if (r && !nested && compile_only()) FY_SETREF(r, fy_none());
        return r;
    }
    /* FlyDSL's unit_attrs= / value_attrs= (attributes of the kernel's gpu.func) come out of the arguments */
    fy_obj *ua = NULL, *va = NULL, *rest = NULL;
    size_t nkw = fy_kwcount(kw);
    for (size_t i = 0; i < nkw; i++) {
        const char *kn = FY_STR_DATA(FY_TUPLE_ITEMS(kw)[i]);
        if (!strcmp(kn, "unit_attrs")) ua = a[na + i];
        else if (!strcmp(kn, "value_attrs")) va = a[na + i];
    }
    if (ua || va) {
        size_t nrest = nkw - (ua != NULL) - (va != NULL), r = 0;
        rest = nrest ? fy_tuple_new(nrest) : NULL;
        fy_obj **all = fy_calloc(na + nrest + 1, sizeof *all);
        if ((nrest && !rest) || !all) {
            FY_XDECREF(rest);
            fy_free(all);
            return NULL;
        }
        memcpy(all, a, na * sizeof *a);
        for (size_t i = 0; i < nkw; i++)
            if (a[na + i] != ua && a[na + i] != va) {
                fy_tuple_set_steal(rest, r, fy_ref(FY_TUPLE_ITEMS(kw)[i]));
                all[na + r++] = a[na + i];
            }
        fy_obj *lr = jitfn_launcher(self, all, na, rest);
        fy_free(all);
        FY_XDECREF(rest);
        if (lr) {
            fy_obj *t = call_attrs(ua, va);
            if (!t) FY_CLEAR(lr);
            else FY_SETREF(((launcher *)lr)->attrs, t);
        }
        return lr;
    }
    return jitfn_launcher(self, a, na, kw);
}

/* The KernelLauncher of kernel self called with (a, kw). */
static fy_obj *jitfn_launcher(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    jitfn *j = (jitfn *)self;
    fy_obj *args = fy_kwcount(kw) ? bind_kwargs(j->fn, a, na, kw) : NULL;
    if (fy_kwcount(kw) && !args) return NULL;
    launcher *l = (launcher *)fy_alloc(&launcher_type);
    if (!l) {
        FY_XDECREF(args);
        return NULL;
    }
    l->attrs = NULL;
    l->serial = ++launcher_serial;
    l->kernel = fy_ref(self);
    if (args) {
        l->args = args;
        return &l->h;
    }
    l->args = fy_tuple_new(na);
    if (!l->args) {
        FY_DECREF(l);
        return NULL;
    }
    for (size_t i = 0; i < na; i++) fy_tuple_set_steal(l->args, i, fy_ref(a[i]));
    return &l->h;
}

static fy_obj *jitfn_repr(fy_obj *self) {
    jitfn *j = (jitfn *)self;
    fy_obj *n = fn_name(j->fn);
    if (!n) return NULL;
    fy_obj *r =
        fy_str_printf("<%s %s>", j->kernel ? "KernelFunction" : "JitFunction", FY_STR_CHECK(n) ? FY_STR_DATA(n) : "?");
    FY_DECREF(n);
    return r;
}

static fy_obj *jitfn_descr_get(fy_obj *descr, fy_obj *obj, fy_type *owner) {
    (void)owner;
    if (!obj || obj == fy_None) return fy_ref(descr);
    return fy_method_new(descr, obj);
}

static fy_obj *jitfn_wrapped(fy_obj *self) {
    jitfn *j = (jitfn *)self;
    return j->fn ? fy_ref(j->fn) : fy_none();
}
static fy_obj *jitfn_get_name(fy_obj *self) { return fn_name(((jitfn *)self)->fn); }
static fy_obj *jitfn_get_hints(fy_obj *self) {
    jitfn *j = (jitfn *)self;
    if (!j->hints && !(j->hints = fy_dict_new())) return NULL;
    return fy_ref(j->hints);
}
static int jitfn_set_hints(fy_obj *self, fy_obj *v) {
    if (!v || !FY_DICT_CHECK(v)) {
        fy_err_set(&fy_TypeError, "compile_hints must be a dict");
        return -1;
    }
    FY_SETREF(((jitfn *)self)->hints, fy_ref(v));
    return 0;
}

/* FlyDSL's KernelFunction._known_block_size: the declared [x, y, z], None when not declared. */
static fy_obj *jitfn_get_kbs(fy_obj *self) {
    jitfn *j = (jitfn *)self;
    if (!j->kernel || !j->kbs[0]) return fy_none();
    fy_obj *l = fy_list_new(0);
    for (int i = 0; l && i < 3; i++) {
        fy_obj *x = fy_int_from(j->kbs[i]);
        if (!x || fy_list_append(l, x) < 0) FY_CLEAR(l);
        FY_XDECREF(x);
    }
    return l;
}

static int read_known_block_size(fy_obj *v, long kbs[3]);

/* FlyDSL's kernels may set it after the decorator (kernel._known_block_size = [x, 1, 1]): checked as the
 * decorator's argument is; None clears it. */
static int jitfn_set_kbs(fy_obj *self, fy_obj *v) {
    jitfn *j = (jitfn *)self;
    long kbs[3] = {0, 0, 0};
    if (!v) v = fy_None;
    if (read_known_block_size(v, kbs) < 0) return -1;
    memcpy(j->kbs, kbs, sizeof kbs);
    return 0;
}

static fy_obj *jitfn_last(fy_obj *self) {
    jitfn *j = (jitfn *)self;
    return j->last ? fy_ref(j->last) : fy_none();
}
static int jitfn_set_last(fy_obj *self, fy_obj *v) {
    jitfn *j = (jitfn *)self;
    if (!v || v == fy_None) FY_CLEAR(j->last);
    else FY_SETREF(j->last, fy_ref(v));
    return 0;
}
static fy_obj *jitfn_is_kernel(fy_obj *self) { return fy_bool(((jitfn *)self)->kernel); }
static fy_obj *jitfn_cache(fy_obj *self) {
    jitfn *j = (jitfn *)self;
    if (!j->cache) j->cache = fy_dict_new();
    return j->cache ? fy_ref(j->cache) : NULL;
}

static fy_getsetdef jitfn_getsets[] = {
    {"__wrapped__", jitfn_wrapped, NULL, "the wrapped function"},
    {"_last_compiled", jitfn_last, jitfn_set_last, "(cache key, CompiledArtifact) of the latest call"},
    {"_flyi_kernel", jitfn_is_kernel, NULL, "True for a @flyc.kernel function"},
    {"_mem_cache", jitfn_cache, NULL, "cache key -> CompiledArtifact of the calls so far"},
    {"func", jitfn_wrapped, NULL, "the wrapped function (FlyDSL's name)"},
    {"_func", jitfn_wrapped, NULL,
     "the wrapped function (FlyDSL's KernelFunction._func: its __name__ names the kernel)"},
    {"__name__", jitfn_get_name, NULL, "the wrapped function's name"},
    {"_known_block_size", jitfn_get_kbs, jitfn_set_kbs, "a kernel's declared known_block_size [x, y, z], or None"},
    {"compile_hints", jitfn_get_hints, jitfn_set_hints,
     "FlyDSL's per-function compile hints (a dict; flyi keeps them)"},
    {0}};

static fy_type jitfn_type = {
    FY_TYPE_INIT("JitFunction", sizeof(jitfn)),
    .doc = "A @flyc.jit (or @flyc.kernel) function.",
    .flags = FY_TPF_GC | FY_TPF_FINAL,
    .dealloc = jitfn_dealloc,
    .traverse = jitfn_traverse,
    .clear = jitfn_clear,
    .call = jitfn_call,
    .repr = jitfn_repr,
    .descr_get = jitfn_descr_get,
    .getsets = jitfn_getsets,
    .dictoffset = offsetof(jitfn, dict),
};

static void launcher_dealloc(fy_obj *o) {
    FY_CLEAR(((launcher *)o)->kernel);
    FY_CLEAR(((launcher *)o)->args);
    FY_CLEAR(((launcher *)o)->attrs);
}
static int launcher_traverse(fy_obj *o, fy_visitfn v, void *a) {
    launcher *l = (launcher *)o;
    if (l->kernel && v(l->kernel, a)) return 1;
    return l->args ? v(l->args, a) : 0;
}
static void launcher_clear(fy_obj *o) { launcher_dealloc(o); }

/* Launches compile only: COMPILE_ONLY=1 (or FlyDSL's FLYDSL_COMPILE_ONLY=1), or inside
 * flyc.compile(..., run=False). */
static int compile_only(void) {
    const char *names[] = {"COMPILE_ONLY", "FLYDSL_COMPILE_ONLY"};
    for (int i = 0; i < 2; i++) {
        const char *e = getenv(names[i]);
        if (e && *e && strcmp(e, "0")) return 1;
    }
    fy_obj *m = fy_dict_get_cstr(fy_cur->modules, "flydsl.compiler");
    fy_obj *v = m ? fy_dict_get_cstr(FY_MODULE_DICT(m), "_compile_only") : NULL;
    return v && v == fy_True;
}

int fy_dsl_compile_only(void) { return compile_only(); }

/* Records the compiled kernel as flyc.last_compiled() (an attribute of flydsl.compiler). */
static int set_last_compiled(fy_obj *ck) {
    fy_obj *m = fy_dict_get_cstr(fy_cur->modules, "flydsl.compiler");
    return m ? fy_module_add(m, "_last_compiled", ck) : 0;
}

/* The known_block_size declared on the kernel being traced (NULL: none), for gpu.known_block_size(). Set for the
 * duration of one launch's compile, like the tracer itself. */
static const long *tracing_kbs;
static const unsigned *tracing_known; /* the compile-time block size of that compile (zeros: none) */

static fy_obj *c_known_block_size(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self, (void)a;
    if (fy_no_kwargs("known_block_size", kw) < 0 || fy_check_nargs("known_block_size", na, 0, 0) < 0) return NULL;
    /* none outside a kernel, or for a launch with a run-time block dimension and no declared size */
    if (!tracing_kbs || !tracing_known || !tracing_known[0]) return fy_none();
    fy_obj *t = fy_tuple_new(3);
    for (int i = 0; t && i < 3; i++) fy_tuple_set_steal(t, (size_t)i, fy_int_from((long)tracing_known[i]));
    return t;
}

/* Around the compile and run of a kernel launched by a jit function with compile hints (a non-empty dict):
 * flydsl.compiler.jit_function._compile_hints_enter(hints) (the backend's pipeline_fragments, the llvm_options
 * hint's LLVM options set) returns (token, the options' text for the cache key); _compile_hints_exit(token) puts
 * the options back. 0, or -1 with the error; *token NULL when there is nothing to undo. */
static int hints_enter(fy_obj *hints, fy_obj **token) {
    *token = NULL;
    if (!hints || !FY_DICT_CHECK(hints) || fy_len(hints) <= 0) return 0;
    fy_obj *m = fy_import("flydsl.compiler.jit_function");
    fy_obj *r = m ? fy_call_method(m, "_compile_hints_enter", &hints, 1) : NULL;
    FY_XDECREF(m);
    if (!r) return -1;
    if (!FY_TUPLE_CHECK(r) || FY_TUPLE_N(r) != 2 || !FY_STR_CHECK(FY_TUPLE_ITEMS(r)[1])) {
        FY_DECREF(r);
        fy_err_set(&fy_TypeError, "_compile_hints_enter must return (token, str)");
        return -1;
    }
    fy_trace_set_llvm_opts(FY_STR_DATA(FY_TUPLE_ITEMS(r)[1]));
    *token = fy_ref(FY_TUPLE_ITEMS(r)[0]);
    FY_DECREF(r);
    return 0;
}
/* Undoes hints_enter (token may be NULL); keeps a pending error, else returns -1 with the exit's. */
static int hints_exit(fy_obj *token) {
    fy_trace_set_llvm_opts(NULL);
    if (!token) return 0;
    fy_obj *e = fy_err_fetch();
    fy_obj *m = fy_import("flydsl.compiler.jit_function");
    fy_obj *r = m ? fy_call_method(m, "_compile_hints_exit", &token, 1) : NULL;
    FY_XDECREF(m);
    FY_DECREF(token);
    int rc = r ? 0 : -1;
    FY_XDECREF(r);
    if (e) { /* the compile's or launch's error wins */
        fy_err_clear();
        fy_err_restore(e);
        return -1;
    }
    return rc;
}

/* Appends the launch of ck by kernel call l to jit_launches (see there). */
static int note_launch(fy_obj *ck, launcher *l, const unsigned grid[3], const unsigned block[3], size_t smem) {
    size_t dyn = fy_trace_kernel_dyn_smem(ck); /* the launch gets at least what a dynamic SharedAllocator took */
    if (smem < dyn) smem = dyn;
    size_t n;
    fy_obj **args = fy_seq_items(l->args, &n);
    fy_obj *ids = fy_tuple_new(n), *g = fy_tuple_new(3), *b = fy_tuple_new(3);
    for (size_t i = 0; ids && i < n; i++) fy_tuple_set_steal(ids, i, fy_int_from((int64_t)(intptr_t)args[i]));
    for (size_t i = 0; g && b && i < 3; i++) {
        fy_tuple_set_steal(g, i, fy_int_from(grid[i]));
        fy_tuple_set_steal(b, i, fy_int_from(block[i]));
    }
    fy_obj *sn = fy_int_from(l->serial), *sm = fy_int_from((int64_t)smem);
    fy_obj *kn = ((jitfn *)l->kernel)->kname ? ((jitfn *)l->kernel)->kname : fy_None;
    fy_obj *rec = ids && g && b && sn && sm ? fy_tuple_pack(7, ck, sn, ids, g, b, sm, kn) : NULL;
    int rc = rec ? fy_list_append(jit_launches, rec) : -1;
    FY_XDECREF(ids);
    FY_XDECREF(g);
    FY_XDECREF(b);
    FY_XDECREF(sn);
    FY_XDECREF(sm);
    FY_XDECREF(rec);
    return rc;
}

/* launch(grid=, block=, smem=, stream=): traces and compiles the kernel for its arguments, then runs it
 * on the session's runtime unless compiling only. */
static fy_obj *launcher_launch(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (na) return fy_err_set(&fy_TypeError, "launch() takes keyword arguments only (grid=, block=, smem=, stream=)");
    if (fy_trace_host_reached_launch() < 0) return NULL;
    unsigned grid[3], block[3], dyn = 0;
    size_t smem;
    fy_obj *stream = NULL;
    if (fy_trace_launch_config(a, na, kw, grid, block, &smem, &stream, &dyn) < 0) return NULL;
    launcher *l = (launcher *)self;
    jitfn *k = (jitfn *)l->kernel;
    fy_obj *n = k->kname ? fy_ref(k->kname) : fn_name(k->fn);
    if (!n) return NULL;
    for (int i = 0; k->kbs[0] && i < 3; i++) /* FlyDSL checks the static dimensions */
        if (!(dyn >> i & 1) && (long)block[i] != k->kbs[i]) {
            fy_err_format(&fy_ValueError,
                          "launch block %c=%u differs from known_block_size %c=%ld declared on kernel '%S'. This "
                          "produces an internally-inconsistent IR and is undefined behavior on AMDGPU.",
                          "xyz"[i], block[i], "xyz"[i], k->kbs[i], n);
            FY_DECREF(n);
            return NULL;
        }
    size_t nargs;
    fy_obj **args = fy_seq_items(l->args, &nargs);
    const char *target = fy_interp_target(fy_cur); /* %target, else $ARCH */
    /* the body is traced under the kernel-level fastmath of the launching jit's compile hints, never the
     * ambient flags around the launch (FlyDSL's rule); the flags are part of the compile cache key */
    int fm_bits;
    if (hint_fastmath(jit_hints, &fm_bits) < 0) {
        FY_DECREF(n);
        return NULL;
    }
    /* known_block_size: the declared one, else the launch's block when every dimension is static (FlyDSL's
     * inference; a run-time dimension leaves none); the compiled maximum workgroup follows it (a cache key) */
    unsigned known[3] = {0, 0, 0};
    for (int i = 0; i < 3; i++) known[i] = k->kbs[0] ? (unsigned)k->kbs[i] : dyn ? 0 : block[i];
    fy_obj *token;
    if (hints_enter(jit_hints, &token) < 0) {
        FY_DECREF(n);
        return NULL;
    }
    const long *prev_kbs = tracing_kbs;
    const unsigned *prev_known = tracing_known;
    tracing_kbs = k->kbs;
    tracing_known = known;
    fy_trace_fastmath_push(fm_bits);
    fy_trace_set_known_block(known);
    int bad_hint;
    fy_obj *fattrs = hint_func_attrs(jit_hints, l->attrs, &bad_hint);
    fy_trace_set_func_attrs(fattrs ? FY_STR_DATA(fattrs) : l->attrs ? FY_STR_DATA(l->attrs) : NULL);
    FY_XDECREF(fattrs);
    fy_obj *ck = bad_hint ? NULL
                          : fy_trace_compile_cached(k->fn, FY_STR_CHECK(n) ? FY_STR_DATA(n) : "kernel", args, nargs,
                                                    target && *target ? target : NULL);
    fy_trace_fastmath_pop();
    fy_trace_set_known_block(NULL);
    fy_trace_set_func_attrs(NULL);
    tracing_kbs = prev_kbs;
    tracing_known = prev_known;
    FY_DECREF(n);
    if (!ck || (jit_launched && fy_list_append(jit_launched, ck) < 0) ||
        (jit_launches && note_launch(ck, l, grid, block, smem) < 0)) {
        FY_XDECREF(ck);
        hints_exit(token);
        return NULL;
    }
    /* the launch makes the code object: still under the hints' LLVM options */
    fy_obj *res =
        set_last_compiled(ck) < 0 ? NULL : fy_trace_launch(ck, args, nargs, grid, block, smem, stream, !compile_only());
    FY_DECREF(ck);
    if (hints_exit(token) < 0) FY_CLEAR(res);
    return res;
}

static fy_methoddef launcher_methods[] = {
    {"launch", launcher_launch, 0, "launch(*, grid=(1,1,1), block=(1,1,1), smem=None, stream=None)"}, {0}};

static fy_type launcher_type = {
    FY_TYPE_INIT("KernelLauncher", sizeof(launcher)),
    .flags = FY_TPF_GC | FY_TPF_FINAL,
    .dealloc = launcher_dealloc,
    .traverse = launcher_traverse,
    .clear = launcher_clear,
    .methods = launcher_methods,
};

/* known_block_size=(x, y, z): FlyDSL's checks (a sequence of 3 positive ints; None: not declared). */
static int read_known_block_size(fy_obj *v, long kbs[3]) {
    if (v == fy_None) return 0;
    size_t n;
    fy_obj **it = FY_LIST_CHECK(v) || FY_TUPLE_CHECK(v) ? fy_seq_items(v, &n) : NULL;
    if (!it) {
        fy_err_format(&fy_TypeError, "known_block_size must be a sequence of 3 positive integers, got %s",
                      fy_type_name(v));
        return -1;
    }
    if (n != 3) {
        fy_err_format(&fy_ValueError, "known_block_size must have exactly 3 elements (x, y, z), got %zu", n);
        return -1;
    }
    for (size_t i = 0; i < 3; i++) {
        /* an int, or an integer DSL value known at trace time (fx.Int32(64)), which FlyDSL takes as its int */
        fy_dsl_num *nv = FY_DSL_NUM_CHECK(it[i]) ? (fy_dsl_num *)it[i] : NULL;
        int static_num = nv && nv->is_static && FY_DSL_IS_INTLIKE(nv->dt) && nv->dt != &fy_dsl_t_bool;
        if (!static_num && (!FY_INT_CHECK(it[i]) || it[i] == fy_True || it[i] == fy_False)) {
            fy_err_format(&fy_TypeError, "known_block_size[%zu] must be an int, got %s", i, fy_type_name(it[i]));
            return -1;
        }
        int64_t x = static_num ? nv->i : 0;
        if (!static_num && fy_dsl_to_int(it[i], &x, "known_block_size", "x") < 0) return -1;
        if (x <= 0) {
            fy_err_format(&fy_ValueError, "known_block_size[%zu] must be positive, got %lld", i, (long long)x);
            return -1;
        }
        kbs[i] = (long)x;
    }
    if (kbs[0] * kbs[1] * kbs[2] > 1024) { /* more than a workgroup can hold on gfx942/gfx950 */
        fy_err_format(&fy_ValueError, "known_block_size (%ld, %ld, %ld) has more than 1024 threads", kbs[0], kbs[1],
                      kbs[2]);
        return -1;
    }
    return 0;
}

static fy_obj *deco(const char *name, int kernel, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (na == 1 && !fy_kwcount(kw) && fy_callable(a[0])) return jitfn_new(a[0], kernel);
    if (na == 0) { /* @flyc.jit(...) / @flyc.kernel(name=..., known_block_size=..., ...) */
        fy_obj *j = jitfn_new(NULL, kernel);
        for (size_t i = 0; j && kernel && i < fy_kwcount(kw); i++)
            if (!strcmp(FY_STR_DATA(FY_TUPLE_ITEMS(kw)[i]), "known_block_size") &&
                read_known_block_size(a[i], ((jitfn *)j)->kbs) < 0)
                FY_CLEAR(j);
            else if (!strcmp(FY_STR_DATA(FY_TUPLE_ITEMS(kw)[i]), "name") && a[i] != fy_None) {
                if (!FY_STR_CHECK(a[i])) {
                    fy_err_format(&fy_TypeError, "kernel name must be a str, got %s", fy_type_name(a[i]));
                    FY_CLEAR(j);
                } else ((jitfn *)j)->kname = fy_ref(a[i]);
            }
        return j;
    }
    return fy_err_format(&fy_TypeError, "%s: expected a function", name);
}
static fy_obj *c_jit(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    return deco("jit", 0, a, na, kw);
}
static fy_obj *c_kernel(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    return deco("kernel", 1, a, na, kw);
}

static fy_obj *c_last_compiled(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)a;
    if (fy_no_kwargs("last_compiled", kw) < 0 || fy_check_nargs("last_compiled", na, 0, 0) < 0) return NULL;
    fy_obj *v = fy_dict_get_cstr(FY_MODULE_DICT(self), "_last_compiled");
    return v ? fy_ref(v) : fy_none();
}

/* compile(jit_fn, *args, run=True): calls the jit function, compiling every kernel it launches and, as FlyDSL's
 * flyc.compile (jit_function.py's _compile_impl calls the function first), running them unless run=False or
 * COMPILE_ONLY / FLYDSL_COMPILE_ONLY is set; returns the last kernel it compiled; calling that runs jit_fn again. */
static fy_obj *c_compile(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    if (na < 1) return fy_err_set(&fy_TypeError, "compile() needs a @flyc.jit function");
    size_t nkw = fy_kwcount(kw);
    int run = 1, dbg = -1;
    for (size_t i = 0; i < nkw; i++) {
        const char *kn = FY_STR_DATA(FY_TUPLE_ITEMS(kw)[i]);
        if (!strcmp(kn, "debug_info")) { /* line tables: CompiledKernel.isa_source(), %isa --source */
            if ((dbg = fy_truthy(a[na + i])) < 0) return NULL;
            continue;
        }
        if (strcmp(kn, "run"))
            return fy_err_format(&fy_TypeError, "compile() got an unexpected keyword argument '%S'",
                                 FY_TUPLE_ITEMS(kw)[i]);
        if ((run = fy_truthy(a[na + i])) < 0) return NULL;
    }
    if (fy_module_add(self, "_debug_info", dbg > 0 ? fy_True : fy_False) < 0) return NULL;
    if (fy_dict_get_cstr(FY_MODULE_DICT(self), "_last_compiled") && fy_module_add(self, "_last_compiled", fy_None) < 0)
        return NULL;
    fy_obj *prev = fy_dict_get_cstr(FY_MODULE_DICT(self), "_compile_only");
    prev = fy_ref(prev ? prev : fy_False);
    if (fy_module_add(self, "_compile_only", run ? fy_False : fy_True) < 0) {
        FY_DECREF(prev);
        return NULL;
    }
    fy_obj *r = fy_call(a[0], a + 1, na - 1, NULL);
    int rr = fy_module_add(self, "_compile_only", prev);
    if (fy_module_add(self, "_debug_info", fy_False) < 0) rr = -1;
    FY_DECREF(prev);
    if (!r || rr < 0) {
        FY_XDECREF(r);
        return NULL;
    }
    FY_DECREF(r);
    fy_obj *v = fy_dict_get_cstr(FY_MODULE_DICT(self), "_last_compiled");
    if (!v || v == fy_None) return fy_err_set(&fy_RuntimeError, "compile(): the function launched no kernel");
    fy_obj *args = fy_tuple_new(na - 1);
    if (!args) return NULL;
    for (size_t i = 1; i < na; i++) fy_tuple_set_steal(args, i - 1, fy_ref(a[i]));
    int sr = fy_trace_set_jit(v, a[0], args);
    FY_DECREF(args);
    return sr < 0 ? NULL : fy_ref(v);
}

static fy_obj *c_cache_info(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self, (void)a;
    if (fy_no_kwargs("cache_info", kw) < 0 || fy_check_nargs("cache_info", na, 0, 0) < 0) return NULL;
    return fy_trace_cache_info();
}

/* _in_jit(): whether a @flyc.jit body is running (fx.struct's Tensor fields take the body's tensor arguments) */
static fy_obj *c_in_jit(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self, (void)a;
    if (fy_no_kwargs("_in_jit", kw) < 0 || fy_check_nargs("_in_jit", na, 0, 0) < 0) return NULL;
    return fy_bool(jit_depth > 0 || fy_trace_active());
}

/* _install_jit_methods(d): puts d's entries (FlyDSL's JitFunction methods, written in flydsl.compiler.jit_function)
 * on the JitFunction type. */
static fy_obj *c_install_jit_methods(fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)self;
    if (fy_no_kwargs("_install_jit_methods", kw) < 0 || fy_check_nargs("_install_jit_methods", na, 1, 1) < 0)
        return NULL;
    if (!FY_DICT_CHECK(a[0])) return fy_err_set(&fy_TypeError, "_install_jit_methods: expected a dict");
    int64_t pos = 0;
    fy_obj *k, *v;
    while (fy_dict_next(a[0], &pos, &k, &v))
        if (!FY_STR_CHECK(k) || fy_type_add(&jitfn_type, FY_STR_DATA(k), v) < 0) return NULL;
    return fy_none();
}

static fy_methoddef compiler_funcs[] = {
    {"_in_jit", c_in_jit, 0, "_in_jit()\nWhether a @flyc.jit body or a kernel is being run or traced."},
    {"_install_jit_methods", c_install_jit_methods, 0,
     "_install_jit_methods(d)\nPuts d's functions on the JitFunction type (flydsl.compiler.jit_function)."},
    {"_known_block_size", c_known_block_size, 0,
     "_known_block_size()\nThe block size of the kernel being traced (declared, else its launch's), or None."},
    {"cache_info", c_cache_info, 0,
     "cache_info()\nThe compile cache: hits (in memory), disk_hits (~/.cache/flyi), misses (traced and compiled) and "
     "size."},
    {"compile", c_compile, 0,
     "compile(jit_fn, *args, run=False, debug_info=False)\nCompiles the kernels jit_fn launches; the last one "
     "(debug_info: with line tables, for isa_source())."},
    {"last_compiled", c_last_compiled, 0, "last_compiled()\nThe most recently compiled kernel (or None)."},
    {"jit", c_jit, 0, "jit(fn)\nA host launcher: calling it runs the function's body."},
    {"kernel", c_kernel, 0, "kernel(fn)\nA device function: kernel(args).launch(grid=, block=, smem=) runs it."},
    {0}};

/* ------------------------------------------------------------------ modules */

static int add_types(fy_obj *m) {
    struct {
        const char *name;
        fy_type *t;
    } ts[] = {{"IntTuple", &fy_dsl_inttuple_type},
              {"Layout", &fy_dsl_layout_type},
              {"ComposedLayout", &fy_dsl_composed_type},
              {"Swizzle", &fy_dsl_swizzle_type},
              {"SwizzleType", &fy_dsl_swizzletype_type},
              {"Tile", &fy_dsl_tile_type},
              {"Basis", &fy_dsl_basis_type},
              {"Tensor", &fy_dsl_tensor_type},
              {NULL, NULL}};
    if (fy_dsl_types_ready() < 0) return -1;
    for (int i = 0; ts[i].name; i++)
        if (fy_module_add(m, ts[i].name, &ts[i].t->h) < 0) return -1;
    return 0;
}

/* Puts a submodule into sys.modules and as an attribute of its parent. */
static int add_submodule(fy_obj *parent, const char *fullname, const char *attr, fy_obj *sub) {
    if (fy_dict_set_cstr(fy_cur->modules, fullname, sub) < 0) return -1;
    return fy_module_add(parent, attr, sub);
}

static fy_obj *set_package(fy_obj *m, const char *name) {
    fy_obj *path = fy_list_new(0);
    if (!path || fy_module_add_steal(m, "__path__", path) < 0 ||
        fy_module_add_steal(m, "__package__", fy_str_from_cstr(name)) < 0) {
        FY_DECREF(m);
        return NULL;
    }
    return m;
}

static fy_obj *init_typing(void) {
    fy_obj *m = fy_module_new("flydsl.expr.typing");
    if (!m) return NULL;
    if (add_types(m) < 0 || fy_dsl_numeric_add(m) < 0 || fy_trace_add_vector_fx(m) < 0 || fy_mlir_add_lazy(m) < 0) {
        FY_DECREF(m);
        return NULL;
    }
    return m;
}

/* Adds the C functions of funcs to module m (bound to m), skipping names m already has. */
static int add_funcs(fy_obj *m, fy_methoddef *funcs) {
    for (fy_methoddef *d = funcs; d->name; d++) {
        if (fy_dict_get_cstr(FY_MODULE_DICT(m), d->name)) continue;
        fy_obj *f = fy_cfunction_new(d, m);
        if (!f || fy_module_add_steal(m, d->name, f) < 0) return -1;
    }
    return 0;
}

static fy_obj *init_math(void) {
    return fy_module_new_c("flydsl.expr.math", fy_dsl_math_funcs, "fx.math: math functions on typed values.");
}

static fy_obj *init_utils(void) {
    return fy_module_new_c("flydsl.expr.utils", fy_dsl_utils_funcs, "Pictures of layouts.");
}

static fy_obj *init_expr(void) {
    fy_obj *m = fy_module_new_c("flydsl.expr", fy_dsl_layout_funcs,
                                "FlyDSL expressions: the layout algebra, evaluated eagerly outside kernels.");
    if (!m) return NULL;
    if (!set_package(m, "flydsl.expr")) return NULL;
    fy_obj *range = fy_dict_get_cstr(fy_cur->builtins, "range");
    if (add_types(m) < 0 || fy_dsl_numeric_add(m) < 0 || (range && fy_module_add(m, "range_constexpr", range) < 0) ||
        fy_trace_add_fx(m) < 0 || fy_trace_add_layout_fx(m) < 0 || fy_trace_add_gpu_fx(m) < 0 ||
        fy_trace_add_atomic_fx(m) < 0 || fy_trace_add_smem_fx(m) < 0 || fy_trace_add_buffer_fx(m) < 0 ||
        fy_trace_add_mma_fx(m) < 0 || fy_mlir_add_lazy(m) < 0)
        goto fail;
    fy_obj *typing = init_typing();
    if (!typing) goto fail;
    /* FlyDSL's typing also holds Constexpr and Stream (fx's, the same objects) */
    static const char *const shared[] = {"Constexpr", "Stream", NULL};
    for (int i = 0; shared[i]; i++) {
        fy_obj *o = fy_dict_get_cstr(FY_MODULE_DICT(m), shared[i]);
        if (o && fy_module_add(typing, shared[i], o) < 0) {
            FY_DECREF(typing);
            goto fail;
        }
    }
    int r = add_submodule(m, "flydsl.expr.typing", "typing", typing);
    FY_DECREF(typing);
    if (r < 0) goto fail;
    fy_obj *utils = init_utils();
    if (!utils) goto fail;
    r = add_submodule(m, "flydsl.expr.utils", "utils", utils);
    FY_DECREF(utils);
    if (r < 0) goto fail;
    fy_obj *math = init_math();
    if (!math) goto fail;
    r = add_submodule(m, "flydsl.expr.math", "math", math);
    FY_DECREF(math);
    if (r < 0 || add_funcs(m, fy_dsl_numeric_funcs) < 0 || add_funcs(m, fy_dsl_math_funcs) < 0) goto fail;
    /* the surface imports flydsl.expr: it is this module from now on */
    if (fy_dict_set_cstr(fy_cur->modules, "flydsl.expr", m) < 0 || fy_dsl_surface_patch(m) < 0) {
        fy_obj *e = fy_err_fetch();
        fy_dict_del(fy_cur->modules, fy_intern("flydsl.expr"));
        fy_err_clear();
        fy_err_restore(e);
        goto fail;
    }
    return m;
fail:
    FY_DECREF(m);
    return NULL;
}

/* ------------------------------------------------------------------ FlyDSL's other module paths
 * The rest of FlyDSL's public surface is written in Python (src/modules/stdlib/flydsl__expr___surface.py): it adds
 * names to the C modules when they are made (surface_patch) and fills the modules below, which exist only there. */

/* Calls flydsl.expr._surface.FN(m); 0, or -1 with the error. */
static int surface_call(const char *fn, fy_obj *m) {
    fy_obj *s = fy_import("flydsl.expr._surface");
    if (!s) return -1;
    fy_obj *f = fy_getattr_cstr(s, fn);
    FY_DECREF(s);
    if (!f) return -1;
    fy_obj *r = fy_call(f, &m, 1, NULL);
    FY_DECREF(f);
    if (!r) return -1;
    FY_DECREF(r);
    return 0;
}
int fy_dsl_surface_patch(fy_obj *m) { return surface_call("patch", m); }

fy_obj *fy_dsl_ir_type_of(const char *text, fy_obj *numeric) {
    fy_obj *s = fy_import("flydsl.expr._surface");
    fy_obj *f = s ? fy_getattr_cstr(s, "IrType") : NULL;
    FY_XDECREF(s);
    fy_obj *a[2] = {f ? fy_str_from_cstr(text) : NULL, numeric};
    fy_obj *r = a[0] ? fy_call(f, a, numeric ? 2 : 1, NULL) : NULL;
    FY_XDECREF(a[0]);
    FY_XDECREF(f);
    return r;
}

fy_obj *fy_dsl_ir_type(const char *text) { return fy_dsl_ir_type_of(text, NULL); }

static fy_obj *init_surface(void) { return fy_stdlib_load_py("flydsl.expr._surface"); }
static fy_obj *init_compiler_surface(void) { return fy_stdlib_load_py("flydsl._compiler_surface"); }
static fy_obj *init_autotune(void) { return fy_stdlib_load_py("flydsl.autotune"); }
static fy_obj *init_coop_impl(void) { return fy_stdlib_load_py("flydsl.extension._coop"); }
static fy_obj *init_random_impl(void) { return fy_stdlib_load_py("flydsl.extension._random"); }
static fy_obj *init_math_impl(void) { return fy_stdlib_load_py("flydsl.expr._math"); }

/* A module of FlyDSL's that only the Python surface fills (a package where pkg). */
static fy_obj *surface_module(const char *name, int pkg) {
    fy_obj *m = fy_module_new(name);
    if (!m || (pkg && !set_package(m, name))) return NULL;
    /* visible while it fills, so that the surface may import it */
    if (fy_dict_set_cstr(fy_cur->modules, name, m) < 0 || surface_call("fill", m) < 0) {
        fy_obj *e = fy_err_fetch();
        fy_dict_del(fy_cur->modules, fy_intern(name));
        fy_err_clear();
        fy_err_restore(e);
        FY_DECREF(m);
        return NULL;
    }
    return m;
}

#define SURFACE_MODULES(X) \
    X(numeric, "flydsl.expr.numeric", 0) \
    X(primitive, "flydsl.expr.primitive", 0) \
    X(derived, "flydsl.expr.derived", 0) \
    X(struct_, "flydsl.expr.struct", 0) \
    X(enum_, "flydsl.expr.enum", 0) \
    X(meta, "flydsl.expr.meta", 0) \
    X(extern_, "flydsl.expr.extern", 0) \
    X(rocdl_cdna3, "flydsl.expr.rocdl.cdna3", 0) \
    X(rocdl_cdna4, "flydsl.expr.rocdl.cdna4", 0) \
    X(rocdl_cdna5, "flydsl.expr.rocdl.cdna5", 0) \
    X(rocdl_rdna3, "flydsl.expr.rocdl.rdna3", 0) \
    X(rocdl_rdna4, "flydsl.expr.rocdl.rdna4", 0) \
    X(rocdl_enum, "flydsl.expr.rocdl.enum", 0) \
    X(rocdl_cluster, "flydsl.expr.rocdl.cluster", 0) \
    X(rocdl_tdm, "flydsl.expr.rocdl.tdm_ops", 0) \
    X(rocdl_universal, "flydsl.expr.rocdl.universal", 0) \
    X(kernel_function, "flydsl.compiler.kernel_function", 0) \
    X(jit_executor, "flydsl.compiler.jit_executor", 0) \
    X(backends, "flydsl.compiler.backends", 1) \
    X(extension, "flydsl.extension", 1) \
    X(coop, "flydsl.extension.coop", 1) \
    X(coop_warp, "flydsl.extension.coop.warp", 1) \
    X(coop_warp_rocdl, "flydsl.extension.coop.warp.rocdl", 0) \
    X(coop_block, "flydsl.extension.coop.block", 1) \
    X(coop_block_spec, "flydsl.extension.coop.block._spec", 0) \
    X(coop_universal, "flydsl.extension.coop.universal", 0) \
    X(random_, "flydsl.extension.random", 1) \
    X(random_universal, "flydsl.extension.random.universal", 0) \
    X(random_rocdl, "flydsl.extension.random.rocdl", 0) \
    X(utils, "flydsl.utils", 1) \
    X(utils_env, "flydsl.utils.env", 0) \
    X(device_runtime, "flydsl.runtime.device_runtime", 1)
#define SURFACE_INIT(id, name, pkg) \
    static fy_obj *surface_init_##id(void) { return surface_module(name, pkg); }
SURFACE_MODULES(SURFACE_INIT)

/* A submodule registered on its own: importing it imports flydsl.expr, which creates it. */
static fy_obj *sub_of_expr(const char *full) {
    fy_obj *e = fy_import("flydsl.expr");
    if (!e) return NULL;
    FY_DECREF(e);
    fy_obj *m = fy_dict_get_cstr(fy_cur->modules, full);
    if (!m) return fy_err_format(&fy_ImportError, "No module named '%s'", full);
    return fy_ref(m);
}
static fy_obj *init_typing_reg(void) { return sub_of_expr("flydsl.expr.typing"); }
static fy_obj *init_utils_reg(void) { return sub_of_expr("flydsl.expr.utils"); }
static fy_obj *init_math_reg(void) { return sub_of_expr("flydsl.expr.math"); }

static fy_obj *init_compiler(void) {
    if (fy_type_ready(&jitfn_type) < 0 || fy_type_ready(&launcher_type) < 0) return NULL;
    fy_obj *m = fy_module_new_c("flydsl.compiler", compiler_funcs, "FlyDSL compiler front end (jit, kernel).");
    if (!m) return NULL;
    if (fy_trace_add_errors(m) < 0 || fy_trace_add_compiled_type(m) < 0 || fy_trace_install_device_hooks() < 0 ||
        add_funcs(m, fy_dsl_targ_funcs) < 0 || add_funcs(m, fy_dsl_ptr_arg_funcs) < 0 ||
        !set_package(m, "flydsl.compiler"))
        return NULL;
    fy_obj *jf = NULL; /* flydsl.compiler.jit_function puts FlyDSL's JitFunction methods on the type */
    if (fy_dict_set_cstr(fy_cur->modules, "flydsl.compiler", m) < 0 || fy_dsl_surface_patch(m) < 0 ||
        !(jf = fy_import("flydsl.compiler.jit_function")) || fy_module_add_steal(m, "jit_function", jf) < 0) {
        fy_obj *e = fy_err_fetch();
        fy_dict_del(fy_cur->modules, fy_intern("flydsl.compiler"));
        fy_err_clear();
        fy_err_restore(e);
        FY_DECREF(m);
        return NULL;
    }
    return m;
}

static fy_obj *init_flydsl(void) {
    fy_obj *m = fy_module_new("flydsl");
    if (!m) return NULL;
    if (!set_package(m, "flydsl")) return NULL;
    if (fy_module_add_steal(m, "__version__", fy_str_from_cstr("0.3.2")) < 0) {
        FY_DECREF(m);
        return NULL;
    }
    return m;
}

void fy_dsl_register_all(void) {
    fy_register_builtin_module("flydsl", init_flydsl);
    fy_register_builtin_module("flydsl.expr", init_expr);
    fy_register_builtin_module("flydsl.expr.typing", init_typing_reg);
    fy_register_builtin_module("flydsl.expr.utils", init_utils_reg);
    fy_register_builtin_module("flydsl.expr.math", init_math_reg);
    fy_register_builtin_module("flydsl.compiler", init_compiler);
    fy_register_builtin_module("flydsl.expr._surface", init_surface);
    fy_register_builtin_module("flydsl._compiler_surface", init_compiler_surface);
    fy_register_builtin_module("flydsl.extension._coop", init_coop_impl);
    fy_register_builtin_module("flydsl.autotune", init_autotune);
    fy_register_builtin_module("flydsl.extension._random", init_random_impl);
    fy_register_builtin_module("flydsl.expr._math", init_math_impl);
#define SURFACE_REG(id, name, pkg) fy_register_builtin_module(name, surface_init_##id);
    SURFACE_MODULES(SURFACE_REG)
#undef SURFACE_REG
    fy_dsl_register_runtime(); /* flydsl.runtime.device, flydsl.compiler.protocol (dsl_runtime.c) */
    fy_mlir_register(); /* flydsl._mlir (src/flydsl/mlir) */
    fy_trace_profile_register(); /* _flyi_profile (trace_profile.c) */
}
