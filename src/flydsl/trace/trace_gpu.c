/* trace_gpu.c - cross-lane names of flydsl.expr while tracing: fx.shuffle_xor/up/down/idx(v, offset,
 * width), fx.gpu.shuffle(v, offset, width, mode), the deprecated Numeric methods v.shuffle_xor(offset,
 * width) (and _up/_down/_idx), fx.lane_id() and fx.num_warp_threads(); the fx.gpu submodule (shuffles,
 * barrier, lane_id, thread_idx ..., and gpu.thread_id / block_id("x")); fx.rocdl.ds_swizzle (added to
 * the fx.rocdl of trace_buffer.c). A shuffle records "gpu.shuffle MODE %v, %off, %width : T" (offset
 * and width i32; 32- and 64-bit integers and floats; narrower values are widened and narrowed back). */
#include <string.h>

#include "flydsl/trace/trace_int.h"

#define U(x) ((unsigned long long)(x))

/* The target's wave size (gfx9: 64). */
#define FY_WAVE 64

/* The tracer, or NULL with RuntimeError naming what. */
static fy_tracer *need_trace(const char *what) {
    fy_tracer *tr = fy_trace_cur();
    if (!tr) fy_err_format(&fy_RuntimeError, "fx.%s is only available inside a kernel", what);
    return tr;
}

/* Records a shuffle of value v (any typed value or Python number) in mode (xor, up, down, idx) with
 * offset off and width w (ints or Int32 values; w NULL: the wave size). The shuffled value, same type. */
static fy_obj *do_shuffle(const char *mode, fy_obj *v, fy_obj *off, fy_obj *w) {
    static const char *const modes[] = {"xor", "up", "down", "idx", NULL};
    int ok = 0;
    for (int i = 0; modes[i]; i++) ok |= !strcmp(modes[i], mode);
    if (!ok) return fy_err_format(&fy_ValueError, "shuffle: unknown mode '%s' (xor, up, down, idx)", mode);
    fy_tracer *tr = need_trace("shuffle");
    if (!tr) return NULL;
    fy_obj *nv = fy_dsl_as_numeric(v);
    if (!nv) {
        if (!fy_err_occurred())
            fy_err_format(&fy_TypeError, "shuffle: expected a numeric value, got '%s'", fy_type_name(v));
        return NULL;
    }
    fy_dsl_numeric *t = ((fy_dsl_num *)nv)->dt;
    fy_dsl_numeric *st = t; /* the type shuffled */
    if (t->width < 32 || t->kind == FY_DSL_K_BOOL) st = FY_DSL_IS_FLOAT(t) ? &fy_dsl_t_f32 : &fy_dsl_t_i32;
    else if (t->kind == FY_DSL_K_INDEX) st = &fy_dsl_t_i64;
    if (st->width != 32 && st->width != 64) {
        FY_DECREF(nv);
        return fy_err_format(&fy_TypeError, "shuffle: %s values cannot be shuffled", t->name);
    }
    fy_obj *o = fy_dsl_num_convert(&fy_dsl_t_i32, off ? off : fy_int_from(0));
    fy_obj *wv = w ? fy_dsl_num_convert(&fy_dsl_t_i32, w) : fy_dsl_num_int(&fy_dsl_t_i32, FY_WAVE);
    uint64_t hv = 0, ho = 0, hw = 0;
    int err = !o || !wv || fy_trace_value_as(tr, nv, st, &hv) < 0 || fy_trace_value_as(tr, o, &fy_dsl_t_i32, &ho) < 0 ||
              fy_trace_value_as(tr, wv, &fy_dsl_t_i32, &hw) < 0;
    FY_XDECREF(o);
    FY_XDECREF(wv);
    FY_DECREF(nv);
    if (err) return NULL;
    uint64_t r = fy_trace_new_ssa(tr), valid = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu, %%%llu = gpu.shuffle %s %%%llu, %%%llu, %%%llu : %s", U(r), U(valid), mode, U(hv),
                  U(ho), U(hw), fy_trace_mlir_type(st));
    fy_trace_end_line(tr);
    if (tr->failed) return fy_err_nomem();
    fy_obj *res = fy_dsl_num_dynamic(st, r);
    if (res && st != t) {
        fy_obj *back = fy_dsl_num_convert(t, res);
        FY_DECREF(res);
        res = back;
    }
    return res;
}

/* Parses (v, offset, width=None[, mode]) for fname; -1 with an exception. */
static int shuffle_args(const char *fname, fy_obj *const *a, size_t na, fy_obj *kw, int with_mode, fy_obj **out) {
    static const char *const names[] = {"value", "offset", "width", "mode", NULL};
    out[0] = out[1] = out[2] = out[3] = NULL;
    return fy_parse_args(fname, a, na, kw, names, 2, with_mode ? 4 : 3, with_mode ? 4 : 3, out);
}

static fy_obj *shuffle_mode(const char *fname, const char *mode, fy_obj *const *a, size_t na, fy_obj *kw) {
    fy_obj *v[4];
    if (shuffle_args(fname, a, na, kw, 0, v) < 0) return NULL;
    return do_shuffle(mode, v[0], v[1], v[2] == fy_None ? NULL : v[2]);
}

static fy_obj *f_shuffle_xor(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return shuffle_mode("shuffle_xor", "xor", a, na, kw);
}
static fy_obj *f_shuffle_up(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return shuffle_mode("shuffle_up", "up", a, na, kw);
}
static fy_obj *f_shuffle_down(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return shuffle_mode("shuffle_down", "down", a, na, kw);
}
static fy_obj *f_shuffle_idx(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return shuffle_mode("shuffle_idx", "idx", a, na, kw);
}

/* fx.gpu.shuffle(v, offset, width, mode): mode a string ("xor") or a ShuffleMode-like value whose str()
 * ends with the mode name. */
static fy_obj *f_shuffle(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    fy_obj *v[4];
    if (shuffle_args("shuffle", a, na, kw, 1, v) < 0) return NULL;
    if (!v[3] || v[3] == fy_None) return do_shuffle("xor", v[0], v[1], v[2] == fy_None ? NULL : v[2]);
    fy_obj *ms = FY_STR_CHECK(v[3]) ? fy_ref(v[3]) : fy_str(v[3]);
    if (!ms) return NULL;
    const char *m = FY_STR_DATA(ms), *dot = strrchr(m, '.');
    char low[16] = {0};
    const char *src = dot ? dot + 1 : m;
    for (size_t i = 0; i < sizeof low - 1 && src[i]; i++)
        low[i] = (char)(src[i] >= 'A' && src[i] <= 'Z' ? src[i] + 32 : src[i]);
    FY_DECREF(ms);
    return do_shuffle(low, v[0], v[1], v[2] == fy_None ? NULL : v[2]);
}

/* The deprecated Numeric methods: v.shuffle_xor(offset, width). */
static fy_obj *m_shuffle(const char *fname, const char *mode, fy_obj *self, fy_obj *const *a, size_t na, fy_obj *kw) {
    static const char *const names[] = {"offset", "width", NULL};
    fy_obj *v[2] = {NULL, NULL};
    if (fy_parse_args(fname, a, na, kw, names, 1, 2, 2, v) < 0) return NULL;
    return do_shuffle(mode, self, v[0], v[1] == fy_None ? NULL : v[1]);
}
static fy_obj *m_shuffle_xor(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    return m_shuffle("shuffle_xor", "xor", s, a, na, kw);
}
static fy_obj *m_shuffle_up(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    return m_shuffle("shuffle_up", "up", s, a, na, kw);
}
static fy_obj *m_shuffle_down(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    return m_shuffle("shuffle_down", "down", s, a, na, kw);
}
static fy_obj *m_shuffle_idx(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    return m_shuffle("shuffle_idx", "idx", s, a, na, kw);
}

/* fx.lane_id(): the lane within the wave, linear thread id modulo the wave size (dynamic Int32). */
static fy_obj *f_lane_id(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s, (void)a;
    if (fy_no_kwargs("lane_id", kw) < 0 || fy_check_nargs("lane_id", na, 0, 0) < 0) return NULL;
    fy_tracer *tr = need_trace("lane_id");
    if (!tr) return NULL;
    uint64_t id[9];
    for (int i = 0; i < 9; i++) id[i] = fy_trace_new_ssa(tr);
    static const char *const lines[] = {"      %%%llu = gpu.thread_id x", "      %%%llu = gpu.thread_id y",
                                        "      %%%llu = gpu.thread_id z", "      %%%llu = gpu.block_dim x",
                                        "      %%%llu = gpu.block_dim y"};
    for (int i = 0; i < 5; i++) {
        fy_trace_emit(tr, lines[i], U(id[i]));
        fy_trace_end_line(tr);
    }
    /* lin = (z * by + y) * bx + x; lane = lin % 64 */
    fy_trace_emit(tr, "      %%%llu = arith.muli %%%llu, %%%llu : index", U(id[5]), U(id[2]), U(id[4]));
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = arith.addi %%%llu, %%%llu : index", U(id[6]), U(id[5]), U(id[1]));
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = arith.muli %%%llu, %%%llu : index", U(id[7]), U(id[6]), U(id[3]));
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = arith.addi %%%llu, %%%llu : index", U(id[8]), U(id[7]), U(id[0]));
    fy_trace_end_line(tr);
    uint64_t c = fy_trace_new_ssa(tr), r = fy_trace_new_ssa(tr), q = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = arith.constant %d : index", U(c), FY_WAVE);
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = arith.remui %%%llu, %%%llu : index", U(r), U(id[8]), U(c));
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = arith.index_cast %%%llu : index to i32", U(q), U(r));
    fy_trace_end_line(tr);
    return tr->failed ? fy_err_nomem() : fy_dsl_num_dynamic(&fy_dsl_t_i32, q);
}

/* fx.rocdl.ds_swizzle([res_type,] src, offset): the ds_swizzle_b32 lane pattern of the 16-bit
 * offset (a Python int: the hardware encodes it in the instruction) applied to a 32-bit value
 * (Int32, or Float32 moved as its bits); records "rocdl.ds_swizzle %v, %off : (i32, i32) -> i32".
 * The result has the type of src. */
static fy_obj *f_ds_swizzle(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    if (fy_no_kwargs("ds_swizzle", kw) < 0 || fy_check_nargs("ds_swizzle", na, 2, 3) < 0) return NULL;
    fy_obj *src = a[na - 2], *offo = a[na - 1];
    int64_t off;
    if (!FY_INT_CHECK(offo))
        return fy_err_format(&fy_TypeError, "ds_swizzle: the offset must be a Python int (an instruction immediate)");
    if (fy_int_as_i64(offo, &off) < 0) return NULL;
    if (off < 0 || off > 0xffff)
        return fy_err_format(&fy_ValueError, "ds_swizzle: offset %lld is not a 16-bit value", (long long)off);
    fy_tracer *tr = need_trace("rocdl.ds_swizzle");
    if (!tr) return NULL;
    fy_obj *nv = fy_dsl_as_numeric(src);
    if (!nv) {
        if (!fy_err_occurred())
            fy_err_format(&fy_TypeError, "ds_swizzle: expected a 32-bit value, got '%s'", fy_type_name(src));
        return NULL;
    }
    fy_dsl_numeric *t = ((fy_dsl_num *)nv)->dt;
    int isf = FY_DSL_IS_FLOAT(t);
    if (t->width != 32 || t->kind == FY_DSL_K_BOOL || t->kind == FY_DSL_K_INDEX) {
        FY_DECREF(nv);
        return fy_err_format(&fy_TypeError, "ds_swizzle: expected a 32-bit value (Int32 or Float32), got %s", t->name);
    }
    uint64_t hv = 0;
    int err = fy_trace_value_as(tr, nv, t, &hv) < 0;
    FY_DECREF(nv);
    if (err) return NULL;
    if (isf) {
        uint64_t b = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = arith.bitcast %%%llu : f32 to i32", U(b), U(hv));
        fy_trace_end_line(tr);
        hv = b;
    }
    uint64_t c = fy_trace_new_ssa(tr), r = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = arith.constant %lld : i32", U(c), (long long)off);
    fy_trace_end_line(tr);
    fy_trace_emit(tr, "      %%%llu = rocdl.ds_swizzle %%%llu, %%%llu : (i32, i32) -> i32", U(r), U(hv), U(c));
    fy_trace_end_line(tr);
    if (isf) {
        uint64_t f = fy_trace_new_ssa(tr);
        fy_trace_emit(tr, "      %%%llu = arith.bitcast %%%llu : i32 to f32", U(f), U(r));
        fy_trace_end_line(tr);
        r = f;
    }
    return tr->failed ? fy_err_nomem() : fy_dsl_num_dynamic(t, r);
}

static fy_methoddef rocdl_funcs[] = {
    {"ds_swizzle", f_ds_swizzle, 0,
     "ds_swizzle([res_type,] src, offset)\nLane swizzle of a 32-bit value by the 16-bit pattern offset (bitmask "
     "or quad-permute mode)."},
    {0}};

/* fx.num_warp_threads(): the target's wave size as a Python int. */
static fy_obj *f_num_warp_threads(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s, (void)a;
    if (fy_no_kwargs("num_warp_threads", kw) < 0 || fy_check_nargs("num_warp_threads", na, 0, 0) < 0) return NULL;
    return fy_int_from(FY_WAVE);
}

/* gpu.thread_id(dim) / gpu.block_id(dim) (FlyDSL's preferred spelling; dim "x", "y" or "z"): the index
 * along dim, a dynamic Int32 like fx.thread_idx.x. */
static fy_obj *gpu_id(const char *what, const char *op, fy_obj *const *a, size_t na, fy_obj *kw) {
    static const char *const names[] = {"dimension", NULL};
    fy_obj *v[1];
    if (fy_parse_args(what, a, na, kw, names, 1, 1, 1, v) < 0) return NULL;
    const char *d = FY_STR_CHECK(v[0]) ? FY_STR_DATA(v[0]) : NULL;
    if (!d || (strcmp(d, "x") && strcmp(d, "y") && strcmp(d, "z")))
        return fy_err_format(&fy_ValueError, "gpu.%s: the dimension must be \"x\", \"y\" or \"z\"", what);
    fy_tracer *tr = fy_trace_cur();
    if (!tr) return fy_err_format(&fy_RuntimeError, "gpu.%s is only available inside a kernel", what);
    uint64_t x = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = gpu.%s %s", U(x), op, d);
    fy_trace_end_line(tr);
    uint64_t r = fy_trace_new_ssa(tr);
    fy_trace_emit(tr, "      %%%llu = arith.index_cast %%%llu : index to i32", U(r), U(x));
    fy_trace_end_line(tr);
    return fy_dsl_num_dynamic(&fy_dsl_t_i32, r);
}
static fy_obj *f_thread_id(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return gpu_id("thread_id", "thread_id", a, na, kw);
}
static fy_obj *f_block_id(fy_obj *s, fy_obj *const *a, size_t na, fy_obj *kw) {
    (void)s;
    return gpu_id("block_id", "block_id", a, na, kw);
}

/* Only in fx.gpu (not re-exported by fx, as in FlyDSL). */
static fy_methoddef gpu_only_funcs[] = {
    {"thread_id", f_thread_id, 0,
     "thread_id(dimension)\nThe thread index along \"x\", \"y\" or \"z\" (dynamic Int32)."},
    {"block_id", f_block_id, 0, "block_id(dimension)\nThe block index along \"x\", \"y\" or \"z\" (dynamic Int32)."},
    {0}};

static fy_methoddef gpu_funcs[] = {
    {"shuffle_xor", f_shuffle_xor, 0, "shuffle_xor(value, offset, width=64)\nValue of lane (lane ^ offset)."},
    {"shuffle_up", f_shuffle_up, 0, "shuffle_up(value, offset, width=64)\nValue of lane (lane - offset)."},
    {"shuffle_down", f_shuffle_down, 0, "shuffle_down(value, offset, width=64)\nValue of lane (lane + offset)."},
    {"shuffle_idx", f_shuffle_idx, 0, "shuffle_idx(value, offset, width=64)\nValue of lane offset."},
    {"shuffle", f_shuffle, 0, "shuffle(value, offset, width, mode)\nCross-lane move; mode xor, up, down or idx."},
    {"lane_id", f_lane_id, 0, "lane_id()\nLane index within the wave (dynamic Int32)."},
    {"num_warp_threads", f_num_warp_threads, 0, "num_warp_threads()\nThe target's wave size (64 on gfx9)."},
    {0}};

static fy_methoddef num_methods[] = {
    {"shuffle_xor", m_shuffle_xor, 0,
     "shuffle_xor(offset, width=64)\nDeprecated: fx.shuffle_xor(self, offset, width)."},
    {"shuffle_up", m_shuffle_up, 0, "shuffle_up(offset, width=64)\nDeprecated: fx.shuffle_up(self, offset, width)."},
    {"shuffle_down", m_shuffle_down, 0,
     "shuffle_down(offset, width=64)\nDeprecated: fx.shuffle_down(self, offset, width)."},
    {"shuffle_idx", m_shuffle_idx, 0,
     "shuffle_idx(offset, width=64)\nDeprecated: fx.shuffle_idx(self, offset, width)."},
    {0}};

/* Adds fn to module m under its name unless m already has it. */
static int add_func(fy_obj *m, fy_methoddef *d) {
    if (fy_dict_get_cstr(FY_MODULE_DICT(m), d->name)) return 0;
    fy_obj *f = fy_cfunction_new(d, m);
    return !f || fy_module_add_steal(m, d->name, f) < 0 ? -1 : 0;
}

int fy_trace_add_gpu_fx(fy_obj *m) {
    for (fy_methoddef *d = gpu_funcs; d->name; d++)
        if (add_func(m, d) < 0) return -1;
    /* the cross-lane ops of fx.rocdl (the module trace_buffer.c makes; making it is idempotent) */
    if (fy_trace_add_buffer_fx(m) < 0) return -1;
    fy_obj *rm = fy_dict_get_cstr(FY_MODULE_DICT(m), "rocdl");
    for (fy_methoddef *d = rocdl_funcs; rm && d->name; d++)
        if (add_func(rm, d) < 0) return -1;
    /* the deprecated Numeric methods */
    if (fy_type_ready(&fy_dsl_num_type) < 0) return -1;
    for (fy_methoddef *d = num_methods; d->name; d++) {
        if (fy_dict_get_cstr(fy_dsl_num_type.dict, d->name)) continue;
        fy_obj *md = fy_methoddescr_new(d, &fy_dsl_num_type);
        if (!md) return -1;
        int r = fy_dict_set_cstr(fy_dsl_num_type.dict, d->name, md);
        FY_DECREF(md);
        if (r < 0) return -1;
    }
    /* fx.gpu: the shuffles plus the thread/block names and barrier of fx */
    fy_obj *g = fy_dict_get_cstr(FY_MODULE_DICT(m), "gpu");
    if (g) return 0;
    g = fy_module_new("flydsl.expr.gpu");
    if (!g) return -1;
    for (fy_methoddef *d = gpu_funcs; d->name; d++)
        if (add_func(g, d) < 0) goto fail;
    for (fy_methoddef *d = gpu_only_funcs; d->name; d++)
        if (add_func(g, d) < 0) goto fail;
    static const char *const copied[] = {"thread_idx", "block_idx", "block_dim", "grid_dim", "barrier", NULL};
    for (int i = 0; copied[i]; i++) {
        fy_obj *o = fy_dict_get_cstr(FY_MODULE_DICT(m), copied[i]);
        if (o && fy_module_add(g, copied[i], o) < 0) goto fail;
    }
    return fy_module_add_steal(m, "gpu", g);
fail:
    FY_DECREF(g);
    return -1;
}
