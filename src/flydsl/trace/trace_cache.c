/* trace_cache.c - the session's in-memory compile cache: a launch whose key matches an earlier one reuses
 * its CompiledKernel without tracing again. The key: the kernel's code object (a kernel redefined in a
 * later cell is a new one: never stale), the functions and JitFunctions its code names in its globals
 * (a redefined helper misses), its closure's values, the target, and per argument: Constexpr values
 * with their types, numeric parameter types, tensors' dtype and static layout parts (dynamic extents and
 * strides are not in the key: one kernel serves every size).
 * Unhashable Constexpr values compile without the cache. Kept in flydsl.compiler's namespace
 * (_cache, _cache_hits, _cache_misses, _cache_disk_hits); flyc.cache_info() reports it.
 *
 * Below it, the disk cache (trace_disk.c, on unless FLYDSL_RUNTIME_ENABLE_CACHE=0, off while FlyDSL's dump
 * switches are on so that dumps happen): its key is this key in a form that means the same in every
 * process -- the build (version, executable, compiler core), the target, the kernel's name, the code of the
 * kernel and of the functions it names by file, name, first line and a fingerprint of the whole source
 * text, the plain values (numbers, strings, tuples) it names as globals or holds in its closure, and the
 * argument keys. A kernel depending on anything else (an object's repr) is not cached on disk. The stdout
 * text a trace prints is kept with the kernel and printed again on a disk hit and on a memory hit
 * (_cache_prints: key -> the text, for the kernels whose trace printed), so that a cell prints the same
 * whether or not its kernel was cached. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compile/code.h"
#include "flydsl/api/dsl.h"
#include "exec/interp.h"
#include "flyi/sink.h"
#include "torch/torch.h"
#include "flydsl/trace/trace_int.h"

static fy_obj *compiler_module(void) { return fy_dict_get_cstr(fy_cur->modules, "flydsl.compiler"); }

/* Appends a new reference v (stolen) to list l; -1 on failure. */
static int push(fy_obj *l, fy_obj *v) { return v ? fy_list_append_steal(l, v) : -1; }

static fy_obj *arg_key_of(fy_obj *ann, size_t i, fy_obj *arg);
/* An fx.struct argument: its class (Constexpr values included, flydsl.expr._composite specialises the class on
 * them) and its fields' keys, Constexpr fields by value. */
/* A types.SimpleNamespace argument: its class, its attribute names and their values' keys. */
static fy_obj *struct_key(size_t i, fy_obj *arg) {
    int ns = !fy_trace_pystruct_vals(arg);
    fy_obj *vals = fy_trace_arg_fields(arg), *m = ns ? NULL : fy_type_lookup_cstr(FY_TYPE(arg), "_flyi_cmask");
    if (!vals) return NULL;
    size_t n = FY_TUPLE_N(vals);
    fy_obj *t = fy_tuple_new(n + 1), *head = &FY_TYPE(arg)->h;
    fy_obj *names = t && ns ? fy_trace_ns_names(arg) : NULL;
    if (!t || (ns && !names)) {
        FY_XDECREF(t);
        FY_DECREF(vals);
        return NULL;
    }
    fy_tuple_set_steal(t, 0, ns ? fy_tuple_pack(2, head, names) : fy_ref(head));
    FY_XDECREF(names);
    for (size_t j = 0; j < n; j++) {
        int ce = m && FY_TUPLE_CHECK(m) && (int64_t)j < FY_TUPLE_N(m) && FY_TUPLE_ITEMS(m)[j] == fy_True;
        fy_obj *v = FY_TUPLE_ITEMS(vals)[j], *k;
        if (ce) k = fy_hash(v) == -1 ? (fy_err_clear(), fy_repr(v)) : fy_ref(v);
        else k = arg_key_of(NULL, i, v);
        if (!k) {
            FY_DECREF(t);
            FY_DECREF(vals);
            return NULL;
        }
        fy_tuple_set_steal(t, j + 1, k);
    }
    FY_DECREF(vals);
    return t;
}

static fy_obj *arg_key(fy_function *fn, size_t i, fy_obj *arg) {
    fy_obj *ann = NULL;
    if (fn->annotations && (size_t)fn->code->argcount > i)
        ann = fy_dict_get(fn->annotations, FY_TUPLE_ITEMS(fn->code->varnames)[i]);
    if (fy_trace_is_self_param(fn, i)) { /* the kernel is specialised on the object (its attributes) */
        if (fy_hash(arg) == -1) return NULL;
        fy_obj *s = fy_str_from_cstr("self");
        fy_obj *t = s ? fy_tuple_pack(2, s, arg) : NULL;
        FY_XDECREF(s);
        return t;
    }
    return arg_key_of(ann, i, arg);
}

static fy_obj *arg_key_of(fy_obj *ann, size_t i, fy_obj *arg) {
    if (!fy_trace_is_constexpr(ann) && (fy_trace_pystruct_vals(arg) || fy_trace_is_namespace(arg)))
        return struct_key(i, arg);
    if (fy_trace_is_constexpr(ann)) {
        if (fy_hash(arg) == -1) return NULL;
        fy_obj *t = fy_tuple_new(2);
        if (!t) return NULL;
        fy_tuple_set_steal(t, 0, fy_ref(&FY_TYPE(arg)->h));
        fy_tuple_set_steal(t, 1, fy_ref(arg));
        return t;
    }
    fy_dsl_targ_spec sp;
    fy_trace_param tp = {0};
    int tk = fy_dsl_targ_spec_of(arg, (int)i, &sp);
    if (tk > 0 && fy_trace_tensor_encode(arg, (int)i, &tp) > 0) {
        /* dtype, device, adaptor, alignment and per dim the static extent / stride or -divisibility:
         * dynamic values are not part of the key (FlyDSL's cache signature) */
        char b[512];
        size_t k = (size_t)snprintf(b, sizeof b, "T%d d%d a%d/%d/%d:", sp.t->dtype, sp.t->st->dev.type, sp.adaptor,
                                    sp.align, sp.s32);
        for (int d = 0; d < tp.ndim && k < sizeof b; d++)
            k += (size_t)snprintf(b + k, sizeof b - k, "%lld/%lld,", (long long)tp.enc[0][d], (long long)tp.enc[1][d]);
        if (sp.view && k < sizeof b) fly_layout_print(sp.view, b + k, sizeof b - k);
        return fy_str_from_cstr(b);
    }
    if (tk == 0) { /* pointer arguments: the element type */
        fy_dsl_numeric *et;
        uint64_t addr;
        int pk = fy_dsl_ptr_arg_of(arg, ann && ann == &fy_trace_ptr_type.h, (int)i, &et, &addr);
        if (pk > 0) return fy_str_printf("P%s", et->name);
        if (pk < 0) fy_err_clear(); /* rejected again (with the message) when traced */
    }
    if (tk != 0) {
        fy_err_clear(); /* rejected again (with the message) when traced */
        return fy_str_printf("O%s", fy_type_name(arg));
    }
    if (ann && FY_DSL_IS_NUMERIC_TYPE(ann)) return fy_ref(ann);
    if (fy_trace_is_mma_value(arg) || fy_trace_is_copy_value(arg) || fy_trace_is_static_struct(arg)) {
        /* static: the kernel is specialised on it */
        fy_obj *r = fy_repr(arg);
        if (!r) return NULL;
        fy_obj *k = fy_str_printf("S%S", r);
        FY_DECREF(r);
        return k;
    }
    fy_obj *n = fy_dsl_as_numeric(arg);
    if (!n) {
        fy_err_clear();                                /* rejected again (with the message) when traced */
        return fy_str_printf("O%s", fy_type_name(arg));
    }
    fy_obj *r = fy_ref(&((fy_dsl_num *)n)->dt->h);
    FY_DECREF(n);
    return r;
}

/* The cache key, or NULL (with an exception only for real errors; unhashable values clear it). */
static fy_obj *make_key(fy_function *fn, fy_obj *const *args, size_t nargs, const char *target) {
    fy_obj *l = fy_list_new(0);
    if (!l) return NULL;
    const unsigned *kb = fy_trace_known_block();
    if (push(l, fy_ref(&fn->code->h)) < 0 || push(l, fy_str_from_cstr(target ? target : "gfx942")) < 0 ||
        push(l, fy_str_printf("block %u,%u,%u fastmath %d", kb[0], kb[1], kb[2], fy_trace_fastmath_current())) < 0 ||
        push(l, fy_str_from_cstr(fy_trace_func_attrs())) < 0 || push(l, fy_str_from_cstr(fy_trace_llvm_opts())) < 0)
        goto fail;
    size_t nn;
    fy_obj **names = fy_seq_items(fn->code->names, &nn);
    for (size_t i = 0; names && i < nn; i++) {
        fy_obj *g = fy_dict_get(fn->globals, names[i]);
        if (g && (FY_TYPE(g) == &fy_function_type || !strcmp(FY_TYPE(g)->name, "JitFunction")))
            if (push(l, fy_ref(g)) < 0) goto fail;
    }
    size_t nc = 0;
    fy_obj **cells = fn->closure ? fy_seq_items(fn->closure, &nc) : NULL;
    for (size_t i = 0; cells && i < nc; i++) {
        fy_obj *v = ((fy_cell *)cells[i])->ref;
        if (v && fy_hash(v) == -1) goto fail;
        if (push(l, fy_ref(v ? v : fy_None)) < 0) goto fail;
    }
    for (size_t i = 0; i < nargs; i++)
        if (push(l, arg_key(fn, i, args[i])) < 0) goto fail;
    fy_obj *t = fy_sequence_tuple(l);
    FY_DECREF(l);
    return t;
fail:
    FY_DECREF(l);
    return NULL;
}

/* ------------------------------------------------------------------ the disk key */

/* The key is built in an fy_sbuf; out of memory means no disk key (the MemoryError is dropped). */
static int code_id(fy_sbuf *b, fy_code *co) {
    if (!co->source || !FY_STR_CHECK(co->source)) return -1;
    fy_sbuf_printf(b, "code %s %s %d %016llx\n", co->filename ? FY_STR_DATA(co->filename) : "?",
                   co->qualname ? FY_STR_DATA(co->qualname) : "?", co->firstline,
                   (unsigned long long)fy_trace_disk_hash(FY_STR_DATA(co->source), FY_STR_LEN(co->source)));
    return 0;
}

static int fn_text(fy_sbuf *b, fy_function *fn, int depth);
static int fn_parts(fy_sbuf *b, fy_function *fn, int depth);

/* v as text that means the same in every process (plain values, tuples of them, types and modules by name,
 * functions by their code); -1 for anything else. */
static int stable(fy_sbuf *b, fy_obj *v, int depth) {
    if (depth > 8) return -1;
    if (v == fy_None || v == fy_True || v == fy_False || FY_INT_CHECK(v) || FY_FLOAT_CHECK(v) || FY_STR_CHECK(v)) {
        fy_obj *r = fy_repr(v);
        if (!r) return -1;
        fy_sbuf_printf(b, "%s:%s", fy_type_name(v), FY_STR_DATA(r));
        FY_DECREF(r);
        return 0;
    }
    if (FY_TUPLE_CHECK(v)) {
        fy_sbuf_printf(b, "(");
        for (int64_t i = 0; i < (int64_t)FY_TUPLE_N(v); i++) {
            if (stable(b, FY_TUPLE_ITEMS(v)[i], depth + 1) < 0) return -1;
            fy_sbuf_printf(b, ",");
        }
        fy_sbuf_printf(b, ")");
        return 0;
    }
    if (FY_DSL_IS_NUMERIC_TYPE(v)) {
        fy_sbuf_printf(b, "numeric:%s", ((fy_dsl_numeric *)v)->name);
        return 0;
    }
    if (FY_TYPE(v) == &fy_type_type) {
        fy_sbuf_printf(b, "type:%s", ((fy_type *)v)->name);
        return 0;
    }
    if (FY_TYPE(v) == &fy_function_type) return fn_text(b, (fy_function *)v, depth + 1);
    if (FY_TYPE(v) == &fy_module_type) { /* by name, as the memory key's globals ignore modules */
        fy_obj *n = fy_getattr_cstr(v, "__name__");
        if (n && FY_STR_CHECK(n)) fy_sbuf_printf(b, "module:%s", FY_STR_DATA(n));
        int bad = !n || !FY_STR_CHECK(n);
        FY_XDECREF(n);
        return bad ? -1 : 0;
    }
    return -1;
}

/* fn_text's body: the stable globals fn names (functions among them must have a stable text), its closure
 * cells and its defaults; -1 when one has none. */
static int fn_parts(fy_sbuf *b, fy_function *fn, int depth) {
    size_t nn;
    fy_obj **names = fy_seq_items(fn->code->names, &nn);
    for (size_t i = 0; names && i < nn; i++) {
        fy_obj *g = fy_dict_get(fn->globals, names[i]);
        if (!g) continue;
        if (!strcmp(FY_TYPE(g)->name, "JitFunction")) {
            fy_obj *w = fy_getattr_cstr(g, "__wrapped__");
            int bad = !w || FY_TYPE(w) != &fy_function_type || fn_text(b, (fy_function *)w, depth + 1) < 0;
            FY_XDECREF(w);
            if (bad) return -1;
            continue;
        }
        size_t mark = b->len;
        fy_sbuf_printf(b, "global %s = ", FY_STR_DATA(names[i]));
        if (stable(b, g, depth + 1) < 0) {
            if (FY_TYPE(g) == &fy_function_type) return -1;
            b->len = mark; /* modules, classes, objects: not part of the key, as in memory */
            if (b->p) b->p[mark] = 0;
        } else {
            fy_sbuf_printf(b, "\n");
        }
    }
    size_t nc = 0;
    fy_obj **cells = fn->closure ? fy_seq_items(fn->closure, &nc) : NULL;
    for (size_t i = 0; cells && i < nc; i++) {
        fy_obj *v = ((fy_cell *)cells[i])->ref;
        fy_sbuf_printf(b, "cell %zu = ", i);
        if (stable(b, v ? v : fy_None, depth + 1) < 0) return -1;
        fy_sbuf_printf(b, "\n");
    }
    if (fn->defaults) {
        fy_sbuf_printf(b, "defaults ");
        if (stable(b, fn->defaults, depth + 1) < 0) return -1;
        fy_sbuf_printf(b, "\n");
    }
    if (fn->kwdefaults && FY_DICT_CHECK(fn->kwdefaults) && ((fy_dict *)fn->kwdefaults)->used > 0) return -1;
    return 0;
}

/* A function as stable text: its code, the stable globals it names, its defaults and its closure cells (a
 * helper or lambda the kernel calls is another kernel when what it closes over differs); -1 when a default
 * or cell has no stable text. */
static int fn_text(fy_sbuf *b, fy_function *fn, int depth) {
    static fy_function *open_fns[16]; /* the functions being written: a recursive helper names itself once */
    static int nopen;
    for (int i = 0; i < nopen; i++)
        if (open_fns[i] == fn) {
            fy_sbuf_printf(b, "recursive %s\n", fn->code->qualname ? FY_STR_DATA(fn->code->qualname) : "?");
            return 0;
        }
    if (depth > 8 || nopen == 16 || code_id(b, fn->code) < 0) return -1;
    open_fns[nopen++] = fn;
    int r = fn_parts(b, fn, depth);
    nopen--;
    return r;
}

/* The disk key (malloc'd text), or NULL when the kernel depends on something without a stable text. */
static char *disk_key(fy_function *fn, const char *name, fy_obj *const *args, size_t nargs, const char *target) {
    char id[1024];
    fy_sbuf b = {0};
    if (fy_trace_disk_build_id(id, sizeof id) < 0) return NULL;
    const unsigned *kb = fy_trace_known_block();
    fy_sbuf_printf(&b, "%s\ntarget %s\nkernel %s\nblock %u,%u,%u\nfastmath %d\nattrs %s\n", id,
                   target ? target : "gfx942", name, kb[0], kb[1], kb[2], fy_trace_fastmath_current(),
                   fy_trace_func_attrs());
    if (*fy_trace_llvm_opts()) fy_sbuf_printf(&b, "llvm options %s\n", fy_trace_llvm_opts());
    if (fn_text(&b, fn, 0) < 0) goto fail;
    for (size_t i = 0; i < nargs; i++) {
        fy_obj *k = arg_key(fn, i, args[i]);
        fy_sbuf_printf(&b, "arg %zu = ", i);
        int bad = !k || stable(&b, k, 0) < 0;
        FY_XDECREF(k);
        if (bad) goto fail;
        fy_sbuf_printf(&b, "\n");
    }
    if (!b.oom) return b.p;
fail:
    fy_sbuf_free(&b);
    fy_err_clear();
    return NULL;
}

/* ------------------------------------------------------------------ stdout of a trace */

/* While a kernel traces for the disk cache, the session's sink is a copy of itself whose stream also keeps
 * the stdout text (the copy keeps every other callback and their user pointer as they are). */
typedef struct tee {
    void (*stream)(void *user, flyi_stream which, const char *text, size_t len); /* the sink's own */
    flyi_sink sink;
    fy_sbuf out;
    struct tee *prev;
} tee;
static tee *teeing; /* the innermost trace being teed */

static void tee_stream(void *u, flyi_stream which, const char *text, size_t len) {
    tee *t = teeing;
    if (!t) return;
    if (which == FLYI_STDOUT && !t->out.oom) {
        fy_sbuf_add(&t->out, text, len);
        if (t->out.oom) fy_err_clear(); /* only this copy is lost: the text still reaches the sink */
    }
    if (t->stream) t->stream(u, which, text, len);
}

/* fy_trace_compile_kernel, keeping what the trace printed to stdout in t->out. */
static fy_obj *compile_teed(tee *t, fy_obj *fnobj, const char *name, fy_obj *const *args, size_t nargs,
                            const char *target) {
    fy_interp *ip = fy_cur;
    const flyi_sink *orig = ip->sink;
    if (orig) t->sink = *orig;
    t->stream = orig ? orig->stream : NULL;
    t->sink.stream = tee_stream;
    t->prev = teeing;
    teeing = t;
    ip->sink = &t->sink;
    fy_obj *ck = fy_trace_compile_kernel(fnobj, name, args, nargs, target);
    ip->sink = orig;
    teeing = t->prev;
    return ck;
}

static int bump(fy_obj *m, const char *name) {
    fy_obj *v = fy_dict_get_cstr(FY_MODULE_DICT(m), name);
    fy_obj *n =
        fy_int_from(v && FY_INT_CHECK(v) && !FY_INT_IS_BIG(v) && FY_INT_VAL(v) < INT64_MAX ? FY_INT_VAL(v) + 1 : 1);
    return n ? fy_module_add_steal(m, name, n) : -1;
}

/* Keeps the stdout text of key's trace (when it printed) for the memory hits: 0, or -1 with an error. */
static int keep_prints(fy_obj *m, fy_obj *key, const char *text, size_t n) {
    fy_obj *pd = fy_dict_get_cstr(FY_MODULE_DICT(m), "_cache_prints");
    if (!text || !n) { /* nothing printed: no (stale) text for this key */
        if (pd && FY_DICT_CHECK(pd) && fy_dict_get(pd, key)) return fy_dict_del(pd, key) < 0 ? -1 : 0;
        return fy_err_occurred() ? -1 : 0;
    }
    if (!pd || !FY_DICT_CHECK(pd)) {
        if (fy_module_add_steal(m, "_cache_prints", fy_dict_new()) < 0) return -1;
        pd = fy_dict_get_cstr(FY_MODULE_DICT(m), "_cache_prints");
    }
    fy_obj *s = fy_str_from_utf8(text, n);
    int r = s ? fy_dict_set(pd, key, s) : -1;
    FY_XDECREF(s);
    return r;
}

fy_obj *fy_trace_compile_cached(fy_obj *fnobj, const char *name, fy_obj *const *args, size_t nargs,
                                const char *target) {
    fy_obj *m = compiler_module();
    if (!m || FY_TYPE(fnobj) != &fy_function_type) return fy_trace_compile_kernel(fnobj, name, args, nargs, target);
    if (fy_trace_check_args(fnobj, name, args, nargs) < 0) return NULL; /* before the key reads them */
    int lines = fy_trace_line_tables();
    char ktarget[48]; /* kernels with line tables are other kernels */
    snprintf(ktarget, sizeof ktarget, "%s%s", target ? target : "gfx942", lines ? "+lines" : "");
    fy_obj *key = make_key((fy_function *)fnobj, args, nargs, ktarget);
    if (!key) {
        fy_obj *e = fy_err_occurred();
        if (e && !fy_isinstance_of(e, &fy_TypeError)) return NULL;
        fy_err_clear(); /* unhashable: no caching */
        return fy_trace_compile_kernel(fnobj, name, args, nargs, target);
    }
    fy_obj *cache = fy_dict_get_cstr(FY_MODULE_DICT(m), "_cache");
    if (!cache || !FY_DICT_CHECK(cache)) {
        if (fy_module_add_steal(m, "_cache", fy_dict_new()) < 0) goto fail;
        cache = fy_dict_get_cstr(FY_MODULE_DICT(m), "_cache");
    }
    fy_obj *hit = fy_dict_get(cache, key);
    if (hit) {
        fy_obj *pd = fy_dict_get_cstr(FY_MODULE_DICT(m), "_cache_prints");
        fy_obj *text = pd && FY_DICT_CHECK(pd) ? fy_dict_get(pd, key) : NULL;
        FY_DECREF(key);
        if (text && FY_STR_CHECK(text) && fy_write_stdout(FY_STR_DATA(text), strlen(FY_STR_DATA(text))) < 0)
            return NULL;
        return bump(m, "_cache_hits") < 0 ? NULL : fy_ref(hit);
    }
    if (fy_err_occurred()) goto fail;
    char *dkey = fy_trace_disk_enabled() && !fy_trace_dump_env_wanted() && !lines /* (sources are not kept) */
                     ? disk_key((fy_function *)fnobj, name, args, nargs, target)
                     : NULL;
    char *prints = NULL;
    fy_obj *ck = dkey ? fy_trace_disk_load(dkey, &prints) : NULL;
    if (ck) { /* a disk hit: what the trace printed, then into the memory cache */
        int bad = (prints && fy_write_stdout(prints, strlen(prints)) < 0) || bump(m, "_cache_disk_hits") < 0 ||
                  fy_dict_set(cache, key, ck) < 0 || keep_prints(m, key, prints, prints ? strlen(prints) : 0) < 0;
        free(prints);
        fy_free(dkey);
        if (bad) FY_CLEAR(ck);
        FY_DECREF(key);
        return ck;
    }
    tee t = {0};
    ck = compile_teed(&t, fnobj, name, args, nargs, target);
    if (ck && dkey && !t.out.oom) fy_trace_disk_store(dkey, (fy_ckernel *)ck, t.out.p, t.out.len);
    fy_free(dkey);
    if (!ck || bump(m, "_cache_misses") < 0 || fy_dict_set(cache, key, ck) < 0 ||
        keep_prints(m, key, t.out.oom ? NULL : t.out.p, t.out.len) < 0) {
        fy_sbuf_free(&t.out);
        FY_XDECREF(ck);
        goto fail;
    }
    fy_sbuf_free(&t.out);
    FY_DECREF(key);
    return ck;
fail:
    FY_DECREF(key);
    return NULL;
}

fy_obj *fy_trace_cache_info(void) {
    fy_obj *m = compiler_module();
    fy_obj *d = fy_dict_new();
    if (!d || !m) return d;
    const char *names[] = {"_cache_hits", "_cache_misses", "_cache_disk_hits"},
               *keys[] = {"hits", "misses", "disk_hits"};
    for (int i = 0; i < 3; i++) {
        fy_obj *v = fy_dict_get_cstr(FY_MODULE_DICT(m), names[i]);
        fy_obj *x = v ? fy_ref(v) : fy_int_from(0);
        int r = x ? fy_dict_set_cstr(d, keys[i], x) : -1;
        FY_XDECREF(x);
        if (r < 0) goto fail;
    }
    fy_obj *c = fy_dict_get_cstr(FY_MODULE_DICT(m), "_cache");
    fy_obj *n = fy_int_from(c && FY_DICT_CHECK(c) ? fy_len(c) : 0);
    if (!n || fy_dict_set_cstr(d, "size", n) < 0) {
        FY_XDECREF(n);
        goto fail;
    }
    FY_DECREF(n);
    return d;
fail:
    FY_DECREF(d);
    return NULL;
}
