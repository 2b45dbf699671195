/* test_vectors.c - runs every case of the CuTe layout-algebra test vectors
 * (../shared/layout-vectors: <op>.jsonl and expected_errors.jsonl) against lib/layout.
 *
 * Comparison (README of the vectors): canonical by default; functional for cases tagged
 * nonunique_result / non_injective / stride0_divergent (the defining property for the
 * inverses, pointwise equality otherwise). Where a case carries str.fly, the expected
 * result must print as exactly that text and the text must parse back to the expected
 * result. Error cases must fail; reference_bug cases must give their expected_result.
 * Ends with "N passed, N failed[, N skipped]"; exits non-zero on any failure. */
#include <dirent.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout/fly_layout.h"

#define FAIL_CAP 60

static int npass, nfail, nskip, nshown;

typedef struct opstat {
    char name[32];
    int pass, fail, skip;
} opstat;
static opstat stats[64];
static int nstats;

static opstat *stat_for(const char *op) {
    for (int i = 0; i < nstats; i++)
        if (!strcmp(stats[i].name, op)) return &stats[i];
    if (nstats == 64) return &stats[63];
    snprintf(stats[nstats].name, sizeof stats[nstats].name, "%s", op);
    return &stats[nstats++];
}

/* ---- values ---- */

enum { V_NONE, V_BOOL, V_TUPLE, V_LAYOUT, V_SLICEOFF };

typedef struct value {
    int kind;
    bool b;
    fly_inttuple t; /* V_TUPLE; V_SLICEOFF: the offset */
    fly_layout L;
} value;

static int json_tuple(json_t *j, fly_itbuilder *b) {
    if (json_is_integer(j)) {
        fly_itb_leaf(b, fly_itnode_int(json_integer_value(j)));
        return 1;
    }
    if (json_is_null(j)) {
        fly_itb_leaf(b, fly_itnode_none());
        return 1;
    }
    if (!json_is_array(j)) return 0;
    fly_itb_open(b);
    size_t i;
    json_t *x;
    json_array_foreach(j, i, x) if (!json_tuple(x, b)) return 0;
    fly_itb_close(b);
    return 1;
}

static int to_tuple(json_t *j, fly_inttuple *t) {
    fly_itbuilder b;
    fly_itb_init(&b, t);
    return json_tuple(j, &b) && fly_itb_finish(&b, NULL) == FLY_OK;
}

static int to_layout(json_t *j, fly_layout *L) {
    json_t *s = json_object_get(j, "shape"), *d = json_object_get(j, "stride");
    return s && d && to_tuple(s, &L->shape) && to_tuple(d, &L->stride);
}

static int is_layout(json_t *j) { return json_is_object(j) && json_object_get(j, "shape"); }
static int is_tile(json_t *j) { return json_is_object(j) && json_object_get(j, "tile"); }

static int tile_rec(json_t *arr, fly_tile_builder *b) {
    size_t i;
    json_t *x;
    json_array_foreach(arr, i, x) {
        if (json_is_null(x)) fly_tile_add_none(b);
        else if (json_is_integer(x)) fly_tile_add_int(b, json_integer_value(x));
        else if (is_layout(x)) {
            fly_layout L;
            if (!to_layout(x, &L)) return 0;
            fly_tile_add_layout(b, &L);
        } else if (is_tile(x)) {
            fly_tile_open(b);
            if (!tile_rec(json_object_get(x, "tile"), b)) return 0;
            fly_tile_close(b);
        } else return 0;
    }
    return 1;
}

static int to_tile(json_t *j, fly_tile *T) {
    fly_tile_builder b;
    fly_tile_builder_init(&b, T);
    return tile_rec(json_object_get(j, "tile"), &b) && fly_tile_finish(&b, NULL) == FLY_OK;
}

static int to_value(json_t *j, value *v) {
    memset(v, 0, sizeof *v);
    if (json_is_boolean(j)) {
        v->kind = V_BOOL;
        v->b = json_is_true(j);
        return 1;
    }
    if (is_layout(j)) {
        v->kind = V_LAYOUT;
        return to_layout(j, &v->L);
    }
    if (json_is_object(j) && json_object_get(j, "layout")) {
        v->kind = V_SLICEOFF;
        return to_layout(json_object_get(j, "layout"), &v->L) && to_tuple(json_object_get(j, "offset"), &v->t);
    }
    v->kind = V_TUPLE;
    return to_tuple(j, &v->t);
}

static void value_str(const value *v, char *buf, size_t cap) {
    char a[256], b[256];
    switch (v->kind) {
    case V_BOOL: snprintf(buf, cap, "%s", v->b ? "true" : "false"); break;
    case V_TUPLE: fly_inttuple_print(&v->t, buf, cap); break;
    case V_LAYOUT: fly_layout_print(&v->L, buf, cap); break;
    case V_SLICEOFF:
        fly_layout_print(&v->L, a, sizeof a);
        fly_inttuple_print(&v->t, b, sizeof b);
        snprintf(buf, cap, "{layout=%s,offset=%s}", a, b);
        break;
    default: snprintf(buf, cap, "<none>");
    }
}

/* ---- running one operation ---- */

static json_t *arg(json_t *args, size_t i) { return json_array_get(args, i); }

static fly_status set_tuple(value *out, fly_inttuple *t) {
    out->kind = V_TUPLE;
    fly_inttuple_copy(&out->t, t);
    return FLY_OK;
}

static fly_status set_int(value *out, int64_t x) {
    out->kind = V_TUPLE;
    fly_inttuple_int(&out->t, x);
    return FLY_OK;
}

typedef fly_status (*lay_fn)(const fly_layout *, const fly_layout *, fly_layout *, fly_error *);
typedef fly_status (*tile_fn)(const fly_layout *, const fly_tile *, fly_layout *, fly_error *);

/* Tiler argument: layout, int n (n:1) or tile. */
static fly_status with_tiler(json_t *jb, const fly_layout *A, lay_fn f, tile_fn ft, value *out, fly_error *err) {
    static fly_tile T;
    fly_layout B;
    out->kind = V_LAYOUT;
    if (is_tile(jb)) {
        if (!to_tile(jb, &T)) return fly_error_set(err, FLY_E_INVALID, "bad tile in test case");
        return ft(A, &T, &out->L, err);
    }
    if (json_is_integer(jb)) {
        fly_inttuple_int(&B.shape, json_integer_value(jb));
        fly_inttuple_int(&B.stride, 1);
    } else if (!to_layout(jb, &B)) {
        return fly_error_set(err, FLY_E_INVALID, "bad tiler in test case");
    }
    return f(A, &B, &out->L, err);
}

static fly_status composition_tile(const fly_layout *A, const fly_tile *T, fly_layout *o, fly_error *e) {
    return fly_layout_composition_tile(A, T, o, e);
}

static fly_status run_op(const char *op, json_t *args, value *out, fly_error *err) {
    size_t n = json_array_size(args);
    fly_inttuple a, b, c;
    fly_layout L;
    int64_t x;
    memset(out, 0, sizeof *out);
#define T(i, t) \
    if (!to_tuple(arg(args, i), t)) return fly_error_set(err, FLY_E_INVALID, "bad int tuple argument %d", (int)(i))
#define LAY(i, l) \
    if (!to_layout(arg(args, i), l)) return fly_error_set(err, FLY_E_INVALID, "bad layout argument %d", (int)(i))
    if (!strcmp(op, "product")) {
        T(0, &a);
        if (fly_inttuple_product(&a, &b, err)) return err->code;
        return set_tuple(out, &b);
    }
    if (!strcmp(op, "flatten")) {
        T(0, &a);
        if (fly_inttuple_flatten(&a, &b, err)) return err->code;
        return set_tuple(out, &b);
    }
    if (!strcmp(op, "tuple_max")) {
        T(0, &a);
        if (fly_inttuple_max(&a, &x, err)) return err->code;
        return set_int(out, x);
    }
    if (!strcmp(op, "prefix_product")) {
        T(0, &a);
        if (n > 1) T(1, &c);
        if (fly_inttuple_prefix_product(&a, n > 1 ? &c : NULL, &b, err)) return err->code;
        return set_tuple(out, &b);
    }
    if (!strcmp(op, "inner_product") || !strcmp(op, "shape_div") || !strcmp(op, "elem_scale")) {
        T(0, &a);
        T(1, &b);
        fly_status st = !strcmp(op, "inner_product") ? fly_inttuple_inner_product(&a, &b, &c, err)
                        : !strcmp(op, "shape_div")   ? fly_inttuple_shape_div(&a, &b, &c, err)
                                                     : fly_inttuple_elem_scale(&a, &b, &c, err);
        if (st) return st;
        return set_tuple(out, &c);
    }
    if (!strcmp(op, "congruent") || !strcmp(op, "compatible")) {
        T(0, &a);
        T(1, &b);
        out->kind = V_BOOL;
        out->b = !strcmp(op, "congruent") ? fly_inttuple_congruent(&a, &b) : fly_inttuple_compatible(&a, &b);
        return FLY_OK;
    }
    if (!strcmp(op, "size") || !strcmp(op, "rank") || !strcmp(op, "depth")) {
        if (is_layout(arg(args, 0))) {
            LAY(0, &L);
            if (!strcmp(op, "size")) {
                if (fly_layout_size(&L, &b, err)) return err->code;
                return set_tuple(out, &b);
            }
            return set_int(out, !strcmp(op, "rank") ? fly_layout_rank(&L) : fly_layout_depth(&L));
        }
        T(0, &a);
        if (!strcmp(op, "size")) {
            if (fly_inttuple_product(&a, &b, err)) return err->code;
            return set_tuple(out, &b);
        }
        return set_int(out, !strcmp(op, "rank") ? fly_inttuple_rank(&a) : fly_inttuple_depth(&a));
    }
    if (!strcmp(op, "cosize")) {
        LAY(0, &L);
        if (fly_layout_cosize(&L, &b, err)) return err->code;
        return set_tuple(out, &b);
    }
    if (!strcmp(op, "get_shape") || !strcmp(op, "get_stride")) {
        LAY(0, &L);
        return set_tuple(out, !strcmp(op, "get_shape") ? &L.shape : &L.stride);
    }
    if (!strcmp(op, "get")) {
        LAY(0, &L);
        json_t *p = arg(args, 1);
        int path[32], np = 0;
        size_t i;
        json_t *v;
        json_array_foreach(p, i, v) if (np < 32) path[np++] = (int)json_integer_value(v);
        out->kind = V_LAYOUT;
        return fly_layout_get_path(&L, path, np, &out->L, err);
    }
    if (!strcmp(op, "crd2idx") || !strcmp(op, "idx2crd")) {
        T(0, &a);
        T(1, &b);
        if (n > 2) T(2, &c);
        fly_inttuple r;
        fly_status st = !strcmp(op, "crd2idx") ? fly_inttuple_crd2idx(&a, &b, n > 2 ? &c : NULL, &r, err)
                                               : fly_inttuple_idx2crd(&a, &b, n > 2 ? &c : NULL, &r, err);
        if (st) return st;
        return set_tuple(out, &r);
    }
    if (!strcmp(op, "make_layout")) {
        out->kind = V_LAYOUT;
        if (!is_layout(arg(args, 0))) {
            T(0, &a);
            return fly_layout_make_col_major(&out->L, &a, err);
        }
        static fly_layout parts[16];
        const fly_layout *pp[16];
        if (n > 16) return fly_error_set(err, FLY_E_INVALID, "too many layouts in test case");
        for (size_t i = 0; i < n; i++) {
            LAY(i, &parts[i]);
            pp[i] = &parts[i];
        }
        return fly_layout_concat(&out->L, pp, (int)n, err);
    }
    if (!strcmp(op, "coalesce") || !strcmp(op, "filter")) {
        LAY(0, &L);
        out->kind = V_LAYOUT;
        int co = !strcmp(op, "coalesce");
        if (n > 1) {
            T(1, &a);
            return co ? fly_layout_coalesce_profile(&L, &a, &out->L, err)
                      : fly_layout_filter_profile(&L, &a, &out->L, err);
        }
        return co ? fly_layout_coalesce(&L, &out->L, err) : fly_layout_filter(&L, &out->L, err);
    }
    if (!strcmp(op, "complement")) {
        LAY(0, &L);
        out->kind = V_LAYOUT;
        return fly_layout_complement(&L, n > 1 ? json_integer_value(arg(args, 1)) : 1, &out->L, err);
    }
    if (!strcmp(op, "right_inverse") || !strcmp(op, "left_inverse")) {
        LAY(0, &L);
        out->kind = V_LAYOUT;
        return !strcmp(op, "right_inverse") ? fly_layout_right_inverse(&L, &out->L, err)
                                            : fly_layout_left_inverse(&L, &out->L, err);
    }
    static const struct {
        const char *name;
        lay_fn f;
        tile_fn ft;
    } binops[] = {
        {"composition", fly_layout_composition, composition_tile},
        {"logical_divide", fly_layout_logical_divide, fly_layout_logical_divide_tile},
        {"zipped_divide", fly_layout_zipped_divide, fly_layout_zipped_divide_tile},
        {"tiled_divide", fly_layout_tiled_divide, fly_layout_tiled_divide_tile},
        {"flat_divide", fly_layout_flat_divide, fly_layout_flat_divide_tile},
        {"logical_product", fly_layout_logical_product, fly_layout_logical_product_tile},
        {"zipped_product", fly_layout_zipped_product, fly_layout_zipped_product_tile},
        {"tiled_product", fly_layout_tiled_product, fly_layout_tiled_product_tile},
        {"flat_product", fly_layout_flat_product, fly_layout_flat_product_tile},
        {"blocked_product", fly_layout_blocked_product, NULL},
        {"raked_product", fly_layout_raked_product, NULL},
    };
    for (size_t i = 0; i < sizeof binops / sizeof binops[0]; i++)
        if (!strcmp(op, binops[i].name)) {
            LAY(0, &L);
            if (!binops[i].ft && is_tile(arg(args, 1)))
                return fly_error_set(err, FLY_E_INVALID, "%s takes layouts, not tiles", op);
            return with_tiler(arg(args, 1), &L, binops[i].f, binops[i].ft, out, err);
        }
    if (!strcmp(op, "slice")) {
        LAY(0, &L);
        T(1, &a);
        out->kind = V_LAYOUT;
        return fly_layout_slice(&L, &a, &out->L, err);
    }
    if (!strcmp(op, "slice_and_offset")) {
        T(0, &a);
        LAY(1, &L);
        out->kind = V_SLICEOFF;
        return fly_layout_slice_and_offset(&L, &a, &out->L, &out->t, err);
    }
    if (!strcmp(op, "swizzle")) {
        fly_swizzle s;
        if (fly_swizzle_make(&s, (int)json_integer_value(arg(args, 0)), (int)json_integer_value(arg(args, 1)),
                             (int)json_integer_value(arg(args, 2)), err))
            return err->code;
        return set_int(out, fly_swizzle_apply(&s, json_integer_value(arg(args, 3))));
    }
    return fly_error_set(err, FLY_E_INVALID, "unknown op %s", op);
#undef T
#undef LAY
}

/* ---- comparison ---- */

static int canon_equal(const value *x, const value *y) {
    if (x->kind != y->kind) return 0;
    fly_inttuple a, b;
    fly_layout p, q;
    switch (x->kind) {
    case V_BOOL: return x->b == y->b;
    case V_TUPLE:
        fly_inttuple_canonical(&x->t, &a);
        fly_inttuple_canonical(&y->t, &b);
        return fly_inttuple_equal(&a, &b);
    case V_SLICEOFF:
        fly_inttuple_canonical(&x->t, &a);
        fly_inttuple_canonical(&y->t, &b);
        if (!fly_inttuple_equal(&a, &b)) return 0;
    /* fall through */
    case V_LAYOUT:
        fly_layout_canonical(&x->L, &p);
        fly_layout_canonical(&y->L, &q);
        return fly_layout_equal(&p, &q);
    }
    return 0;
}

static int64_t size_of(const fly_layout *L) {
    int64_t s = -1;
    fly_layout_size_static(L, &s, NULL);
    return s;
}

/* Functional comparison: pointwise for layouts, or the defining property of the inverses. */
static int functional_equal(const char *op, json_t *args, const value *got, const value *exp) {
    if (got->kind != V_LAYOUT || exp->kind != V_LAYOUT) return canon_equal(got, exp);
    int64_t ng = size_of(&got->L), ne = size_of(&exp->L), v, w;
    if (!strcmp(op, "right_inverse") || !strcmp(op, "left_inverse")) {
        fly_layout L;
        if (!to_layout(arg(args, 0), &L)) return 0;
        if (!strcmp(op, "right_inverse")) { /* L(R(i)) == i on R's domain, and no shorter than the reference */
            if (ng < ne) return 0;
            for (int64_t i = 0; i < ng; i++)
                if (fly_layout_eval(&got->L, i, &v, NULL) || fly_layout_eval(&L, v, &w, NULL) || w != i) return 0;
            return 1;
        }
        int64_t nl = size_of(&L);
        for (int64_t i = 0; i < nl; i++) /* R(L(i)) == i on L's domain */
            if (fly_layout_eval(&L, i, &v, NULL) || fly_layout_eval(&got->L, v, &w, NULL) || w != i) return 0;
        return 1;
    }
    if (ng != ne || ng < 0) return 0;
    for (int64_t i = 0; i < ng; i++)
        if (fly_layout_eval(&got->L, i, &v, NULL) || fly_layout_eval(&exp->L, i, &w, NULL) || v != w) return 0;
    return 1;
}

static int has_tag(json_t *c, const char *tag) {
    json_t *tags = json_object_get(c, "tags");
    size_t i;
    json_t *t;
    json_array_foreach(tags, i, t) if (json_is_string(t) && !strcmp(json_string_value(t), tag)) return 1;
    return 0;
}

/* Checks the printer and parser against str.fly: print(expected) == text, parse(text) == expected. */
static int check_text(const value *exp, const char *text, char *why, size_t cap) {
    char buf[1024];
    value_str(exp, buf, sizeof buf);
    if (strcmp(buf, text)) {
        snprintf(why, cap, "printed expected %s != str.fly %s", buf, text);
        return 0;
    }
    fly_error err;
    if (exp->kind == V_LAYOUT) {
        fly_layout L;
        if (fly_layout_parse(text, &L, &err) || !fly_layout_equal(&L, &exp->L)) {
            snprintf(why, cap, "parse(%s) failed or differs: %s", text, err.message);
            return 0;
        }
    } else if (exp->kind == V_TUPLE) {
        fly_inttuple t;
        if (fly_inttuple_parse(text, &t, &err) || !fly_inttuple_equal(&t, &exp->t)) {
            snprintf(why, cap, "parse(%s) failed or differs", text);
            return 0;
        }
    }
    return 1;
}

static void report(const char *id, const char *args_fly, const char *expected, const char *got) {
    nfail++;
    if (nshown++ < FAIL_CAP) printf("FAIL %s args=%s expected=%s got=%s\n", id, args_fly, expected, got);
}

static void args_text(json_t *c, char *buf, size_t cap) {
    char *s = json_dumps(json_object_get(c, "args_fly"), JSON_COMPACT);
    snprintf(buf, cap, "%s", s ? s : "?");
    free(s);
}

static void run_case(json_t *c, int error_file) {
    const char *id = json_string_value(json_object_get(c, "id"));
    const char *op = json_string_value(json_object_get(c, "op"));
    json_t *args = json_object_get(c, "args");
    opstat *st = stat_for(op ? op : "?");
    char argsbuf[512], gotbuf[1024], expbuf[1024], why[1200];
    args_text(c, argsbuf, sizeof argsbuf);
    if (!id || !op || !json_is_array(args)) {
        report(id ? id : "?", argsbuf, "well-formed case", "malformed");
        st->fail++;
        return;
    }
  /* negative_shift cases are run, not skipped: fly_swizzle supports a negative shift (bits move left). */
    value got, exp;
    fly_error err;
    fly_error_clear(&err);
    fly_status rc = run_op(op, args, &got, &err);
    if (error_file) {
        json_t *e = json_object_get(c, "error");
        const char *kind = json_string_value(json_object_get(e, "kind"));
        if (kind && !strcmp(kind, "reference_bug")) {
            if (!to_value(json_object_get(e, "expected_result"), &exp)) {
                report(id, argsbuf, "parsable expected_result", "bad case");
                st->fail++;
                return;
            }
            value_str(&exp, expbuf, sizeof expbuf);
            if (rc) {
                snprintf(gotbuf, sizeof gotbuf, "error: %s", err.message);
                report(id, argsbuf, expbuf, gotbuf);
                st->fail++;
            } else if (!canon_equal(&got, &exp)) {
                value_str(&got, gotbuf, sizeof gotbuf);
                report(id, argsbuf, expbuf, gotbuf);
                st->fail++;
            } else {
                npass++;
                st->pass++;
            }
            return;
        }
        if (rc == FLY_OK) {
            value_str(&got, gotbuf, sizeof gotbuf);
            report(id, argsbuf, "an error", gotbuf);
            st->fail++;
        } else if (err.message[0] == 0) {
            report(id, argsbuf, "an error message", "empty message");
            st->fail++;
        } else {
            npass++;
            st->pass++;
        }
        return;
    }
    if (!to_value(json_object_get(c, "result"), &exp)) {
        report(id, argsbuf, "parsable result", "bad case");
        st->fail++;
        return;
    }
    value_str(&exp, expbuf, sizeof expbuf);
    if (rc) {
        snprintf(gotbuf, sizeof gotbuf, "error: %s", err.message);
        report(id, argsbuf, expbuf, gotbuf);
        st->fail++;
        return;
    }
    int functional = has_tag(c, "nonunique_result") || has_tag(c, "non_injective") || has_tag(c, "stride0_divergent");
    int ok = functional ? functional_equal(op, args, &got, &exp) : canon_equal(&got, &exp);
    if (!ok) {
        value_str(&got, gotbuf, sizeof gotbuf);
        report(id, argsbuf, expbuf, gotbuf);
        st->fail++;
        return;
    }
    const char *text = json_string_value(json_object_get(json_object_get(c, "str"), "fly"));
    if (text && !check_text(&exp, text, why, sizeof why)) {
        report(id, argsbuf, text, why);
        st->fail++;
        return;
    }
    npass++;
    st->pass++;
}

static int run_file(const char *path, int error_file) {
    FILE *f = fopen(path, "r");
    if (!f) {
        printf("FAIL cannot open %s\n", path);
        nfail++;
        return 0;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    int lineno = 0;
    while ((len = getline(&line, &cap, f)) > 0) {
        lineno++;
        if (len <= 1) continue;
        json_error_t jerr;
        json_t *c = json_loads(line, 0, &jerr);
        if (!c) {
            printf("FAIL %s:%d: bad JSON: %s\n", path, lineno, jerr.text);
            nfail++;
            continue;
        }
        run_case(c, error_file);
        json_decref(c);
    }
    free(line);
    fclose(f);
    return 1;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

int main(void) {
    char dir[4096];
    const char *env = getenv("FLYI_LAYOUT_VECTORS");
    const char *src = getenv("FLYI_SRCDIR");
    if (env && *env) snprintf(dir, sizeof dir, "%s", env);
    else if (src && *src) snprintf(dir, sizeof dir, "%s/../shared/layout-vectors", src);
    else snprintf(dir, sizeof dir, "../shared/layout-vectors");
    DIR *d = opendir(dir);
    if (!d) {
        printf("skipping: layout vectors not found at %s (set FLYI_LAYOUT_VECTORS)\n", dir);
        printf("0 passed, 0 failed, 1 skipped\n");
        return 0;
    }
    char *names[256];
    int nn = 0;
    struct dirent *e;
    while ((e = readdir(d)) && nn < 256) {
        size_t l = strlen(e->d_name);
        if (l > 6 && !strcmp(e->d_name + l - 6, ".jsonl")) names[nn++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)nn, sizeof names[0], cmp_str);
    int files = 0;
    for (int i = 0; i < nn; i++) {
        char path[8192];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        files += run_file(path, !strcmp(names[i], "expected_errors.jsonl"));
        free(names[i]);
    }
    if (files == 0) {
        printf("FAIL no .jsonl files in %s\n", dir);
        nfail++;
    }
    if (nfail > FAIL_CAP) printf("... %d more failures not shown\n", nfail - FAIL_CAP);
    if (nfail) {
        printf("per-op results with failures:\n");
        for (int i = 0; i < nstats; i++)
            if (stats[i].fail) printf("  %-18s %d passed, %d failed\n", stats[i].name, stats[i].pass, stats[i].fail);
    }
    if (nskip) printf("%d passed, %d failed, %d skipped\n", npass, nfail, nskip);
    else printf("%d passed, %d failed\n", npass, nfail);
    return nfail ? 1 : 0;
}
