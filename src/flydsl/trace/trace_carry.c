/* trace_carry.c - the values that flow through control flow on traced values (see trace_scf.h).
 *
 * A leaf is one SSA value: a numeric (or a Python int/float/bool, which takes FlyDSL's type: Int32,
 * Float32, Boolean), a Vector, a kernel tensor or a pointer. Structures are flattened into leaves:
 * tuples and struct values (immutable: rebuilt), lists, dicts and plain objects' attributes (mutable:
 * rebuilt in place when the same object flows through, so that other names for it see the change).
 * Any other value must be the same on every path.
 *
 * `if`: the carry remembers the entry state (the variables and the contents of every container reachable
 * from the frame's locals), each branch runs from it, and the two end states are merged: values that
 * differ become scf.if results. Loops: the carried variables' leaves become block arguments, the body
 * runs once, and its end state must have the entry's structure and types; containers the loop does not
 * carry must come out unchanged. Every mismatch is an error naming the variable, both kinds and the line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flydsl/api/dsl_numeric.h"
#include "flydsl/mlir/mlir.h"
#include "flydsl/trace/trace_scf.h"

#define U(x) ((unsigned long long)(x))
#define MAXDEPTH 12
#define MAXCONT 4096

enum { LK_NUM = 1, LK_VEC, LK_TEN, LK_PTR };
typedef struct leaf {
    int kind, lit, dyn; /* dyn: an SSA value (ssa) */
    fy_dsl_numeric *t;  /* NUM: the type; others: the element type */
    int64_t n;         /* VEC: length */
    int reg;           /* TEN, PTR: address space */
    fy_obj *ex;        /* TEN: a tensor of the type (its layout); VEC: the Vector (its class), NULL for an ir.Value */
    uint64_t ssa;      /* the value's own handle (not NUM) */
    char ty[704];
} leaf;

typedef struct rleaf { /* a result / carried leaf */
    leaf L;
    fy_obj *a, *b;     /* if: the branches' values; loops: a = the value before the loop */
    uint64_t init, res;
    char path[160];    /* loops: the variable (and item) it is, for messages */
} rleaf;

typedef struct cont {
    fy_obj *o;          /* a list or a dict (a plain object's __dict__ when obj) */
    int obj, inplace;
    fy_obj *s0, *s[2];  /* contents at entry, after branch 0 / 1: tuples (lists) or dict copies */
    fy_obj *merged;     /* if: the merged contents, or NULL when unchanged */
    char path[160];
} cont;

/* loop template nodes, in preorder */
enum {
    N_LEAF = 'L',
    N_TUPLE = 'T',
    N_STRUCT = 'S',
    N_LIST = 'l',
    N_FLIST = 'f',
    N_DICT = 'd',
    N_FDICT = 'g',
    N_OBJ = 'o',
    N_FOBJ = 'p',
    N_STATIC = 'c',
    N_REF = 'r'
};
typedef struct tnode {
    char kind;
    int nch, idx;       /* children; LEAF: leaf index; LIST/DICT/OBJ: container index; REF: node index */
    fy_obj *obj;        /* STRUCT: exemplar; OBJ: the instance; STATIC: the value; LIST/DICT: the object */
    fy_obj *keys;       /* dicts and objects: the keys, a tuple */
    fy_obj *val;        /* bind / commit: the value made; yields: the value met */
} tnode;

struct fy_carry {
    fy_frame *f;
    int n, line;
    const char *what;
    fy_obj ***slots;
    fy_obj **names;
    int *fast;
    fy_obj **v0, **v[2], **mv;
    unsigned char *drop, *mode;
    cont *cs;
    int nc, capc;
    rleaf *lv;
    int nl, capl;
    tnode *tn;
    int ntn, captn;
    int *root, vroot;
    int soft; /* the last merge failure is a mismatch (the variable may be unbound instead) */
};

/* ------------------------------------------------------------------ leaves */

static int leaf_info(fy_obj *v, leaf *o) {
    memset(o, 0, sizeof *o);
    int lit;
    fy_dsl_numeric *t = fy_scf_type_of(v, &lit);
    if (t) {
        o->kind = LK_NUM;
        o->t = t;
        o->lit = lit;
        if (FY_DSL_NUM_CHECK(v) && !((fy_dsl_num *)v)->is_static) {
            o->dyn = 1;
            o->ssa = ((fy_dsl_num *)v)->ssa;
        }
        snprintf(o->ty, sizeof o->ty, "%s", fy_trace_mlir_type(t));
        return 1;
    }
    fy_dsl_numeric *et;
    int64_t n;
    uint64_t s;
    if (fy_tvector_parts(v, &s, &et, &n) == 0) {
        o->kind = LK_VEC;
        o->dyn = 1;
        o->ex = fy_trace_is_vector(v) ? v : NULL; /* a Vector (not a raw ir.Value): its class and shape */
        o->t = et;
        o->n = n;
        o->ssa = s;
        snprintf(o->ty, sizeof o->ty, "vector<%lldx%s>", (long long)n, fy_trace_mlir_type(et));
        return 1;
    }
    if (FY_TTENSOR_CHECK(v)) {
        fy_ttensor *x = (fy_ttensor *)v;
        o->kind = LK_TEN;
        o->dyn = 1;
        o->t = x->et;
        o->reg = x->reg;
        o->ex = v;
        o->ssa = x->ssa;
        snprintf(o->ty, sizeof o->ty, "%s", x->ty);
        return 1;
    }
    if (FY_TYPE(v) == &fy_trace_ptr_type && !((fy_trace_ptr *)v)->swz) { /* a swizzled pointer is not carried */
        fy_trace_ptr *p = (fy_trace_ptr *)v;
        o->kind = LK_PTR;
        o->dyn = 1;
        o->t = p->et;
        o->reg = p->reg;
        o->ssa = p->ssa;
        snprintf(o->ty, sizeof o->ty, "!fly.ptr<%s, %s>", fy_trace_mlir_type(p->et), fy_trace_space_name(p->reg));
        return 1;
    }
    return 0;
}

/* The leaf type both a and b can be (numbers: a literal takes the other's type), or 0. */
static int leaf_join(const leaf *a, const leaf *b, leaf *out) {
    if (a->kind != b->kind) return 0;
    *out = *a;
    if (a->kind != LK_NUM) return !strcmp(a->ty, b->ty);
    fy_dsl_numeric *t = a->t == b->t        ? a->t
                        : a->lit && !b->lit ? b->t
                        : b->lit && !a->lit ? a->t
                        : a->lit && b->lit  ? fy_dsl_common_type(a->t, b->t, 0)
                                            : NULL;
    if (!t) return 0;
    out->t = t;
    out->lit = a->lit && b->lit;
    snprintf(out->ty, sizeof out->ty, "%s", fy_trace_mlir_type(t));
    return 1;
}

/* v as an SSA value of leaf type L (numbers convert; a Python literal takes L's type); 1 when v does not fit. */
static int leaf_ssa(fy_tracer *tr, fy_obj *v, const leaf *L, uint64_t *out) {
    leaf x;
    if (!v || !leaf_info(v, &x) || x.kind != L->kind) return 1;
    if (L->kind == LK_NUM) {
        if (!x.lit && x.t != L->t) return 1;
        return fy_scf_as_ssa(tr, v, L->t, out) < 0 ? -1 : 0;
    }
    if (strcmp(x.ty, L->ty)) return 1;
    *out = x.ssa;
    return 0;
}

static fy_obj *leaf_new(const leaf *L, uint64_t ssa) {
    switch (L->kind) {
    case LK_NUM: return fy_dsl_num_dynamic(L->t, ssa);
    case LK_VEC: return L->ex ? fy_tvector_new_like(ssa, L->ex) : fy_tvector_new(ssa, L->t, L->n);
    case LK_TEN: {
        fy_ttensor *x = (fy_ttensor *)L->ex;
        return fy_ttensor_new_like(ssa, x, &x->L);
    }
    default: return fy_trace_ptr_new(ssa, L->t, L->reg);
    }
}

int fy_carry_is_leaf(fy_obj *v) {
    leaf x;
    return leaf_info(v, &x);
}

/* Why a tensor or pointer cannot be an scf result. */
static const char *no_scf_msg(int kind) {
    return kind == LK_TEN
               ? "a tensor (!fly.memref) cannot be an scf result (fly-layout-lowering lowers only tensors made "
                 "by fly.make_view); choose the elements, or an offset into one tensor, instead"
               : "a pointer (!fly.ptr) cannot be an scf result (the fly passes do not lower it); carry an "
                 "integer offset and add it to one pointer instead";
}

/* What v is, for messages. */
static void describe(fy_obj *v, char *buf, size_t cap) {
    leaf x;
    if (!v) snprintf(buf, cap, "unbound");
    else if (FY_LIST_CHECK(v) || FY_TUPLE_CHECK(v)) {
        long long n = FY_LIST_CHECK(v) ? (long long)FY_LIST_N(v) : (long long)FY_TUPLE_N(v);
        snprintf(buf, cap, "a %s of %lld item%s", FY_LIST_CHECK(v) ? "list" : "tuple", n, n == 1 ? "" : "s");
    } else if (FY_DICT_CHECK(v)) {
        long long n = (long long)((fy_dict *)v)->used;
        snprintf(buf, cap, "a dict of %lld key%s", n, n == 1 ? "" : "s");
    } else if (leaf_info(v, &x) && x.kind == LK_NUM && !x.lit) snprintf(buf, cap, "%s", x.t->name);
    else if (leaf_info(v, &x) && x.kind == LK_VEC) snprintf(buf, cap, "a Vector of %lld %s", (long long)x.n, x.t->name);
    else if (leaf_info(v, &x) && x.kind != LK_NUM)
        snprintf(buf, cap, "%s %.*s", x.kind == LK_TEN ? "a tensor" : "a pointer", (int)(cap > 16 ? cap - 16 : 0),
                 x.ty);
    else {
        fy_obj *r = fy_repr(v);
        if (r && FY_STR_CHECK(r) && FY_STR_LEN(r) < 48)
            snprintf(buf, cap, "%s ('%s')", FY_STR_DATA(r), fy_type_name(v));
        else snprintf(buf, cap, "'%s'", fy_type_name(v));
        FY_XDECREF(r);
        fy_err_clear();
    }
}

/* ------------------------------------------------------------------ containers */

static fy_obj *obj_dict(fy_obj *o) { /* a plain object's attribute dict, or NULL */
    if (!(FY_TYPE(o)->flags & FY_TPF_HEAP) || FY_TYPE(o) == &fy_type_type || (FY_TYPE(o)->flags & FY_TPF_TYPE_SUB))
        return NULL;
    fy_obj **d = fy_instance_dict_ptr(o);
    return d && *d && FY_DICT_CHECK(*d) ? *d : NULL;
}

/* A new plain object of o's class (made without __init__) with the attributes of dict d. */
static fy_obj *obj_like(fy_obj *o, fy_obj *d) {
    fy_type *t = FY_TYPE(o);
    fy_obj *r = t->new_ ? t->new_(t, NULL, 0, NULL) : NULL;
    if (!r) return fy_err_occurred() ? NULL : fy_err_format(&fy_TypeError, "cannot make a '%s'", t->name);
    fy_obj **dp = fy_instance_dict_ptr(r);
    if (dp && !*dp) *dp = fy_dict_new();
    if (!dp || !*dp || fy_dict_update(*dp, d) < 0) {
        FY_DECREF(r);
        return fy_err_occurred() ? NULL : fy_err_format(&fy_TypeError, "cannot make a '%s'", t->name);
    }
    return r;
}

static int cont_find(fy_carry *c, fy_obj *o) {
    for (int i = 0; i < c->nc; i++)
        if (c->cs[i].o == o) return i;
    return -1;
}

static fy_obj *contents(fy_obj *o) { /* a snapshot of a list's or dict's contents */
    return FY_LIST_CHECK(o) ? fy_tuple_from(FY_LIST_ITEMS(o), (size_t)FY_LIST_N(o)) : fy_dict_copy(o);
}

static int set_contents(fy_obj *o, fy_obj *s) {
    if (FY_LIST_CHECK(o)) {
        fy_obj **old = FY_LIST_ITEMS(o);
        int64_t n = FY_LIST_N(o);
        ((fy_list *)o)->items = NULL;
        ((fy_list *)o)->n = ((fy_list *)o)->cap = 0;
        int bad = 0;
        for (int64_t i = 0; i < FY_TUPLE_N(s) && !bad; i++) bad = fy_list_append(o, FY_TUPLE_ITEMS(s)[i]) < 0;
        for (int64_t i = 0; i < n; i++) FY_XDECREF(old[i]);
        fy_free(old);
        return bad ? -1 : 0;
    }
    if (s == o) return 0;
    fy_obj *keep = fy_ref(s);
    fy_dict_clear(o);
    int r = fy_dict_update(o, keep);
    FY_DECREF(keep);
    return r;
}

/* Do snapshots (or live objects) a and b hold the same objects? */
static int same_contents(fy_obj *a, fy_obj *b) {
    if (FY_TUPLE_CHECK(a) || FY_LIST_CHECK(a)) {
        size_t na, nb;
        fy_obj **ia = fy_seq_items(a, &na), **ib = fy_seq_items(b, &nb);
        if (na != nb) return 0;
        for (size_t i = 0; i < na; i++)
            if (ia[i] != ib[i]) return 0;
        return 1;
    }
    if (((fy_dict *)a)->used != ((fy_dict *)b)->used) return 0;
    int64_t pos = 0;
    fy_obj *k, *v;
    while (fy_dict_next(a, &pos, &k, &v))
        if (fy_dict_get(b, k) != v) return 0;
    fy_err_clear();
    return 1;
}

static void key_text(fy_obj *k, char *buf, size_t cap) {
    fy_obj *r = fy_repr(k);
    if (r && FY_STR_CHECK(r)) snprintf(buf, cap, "%s", FY_STR_DATA(r));
    else snprintf(buf, cap, "...");
    FY_XDECREF(r);
    fy_err_clear();
}

/* Records every container reachable from v (path: how it is reached). 0 or -1. */
static int collect(fy_carry *c, fy_obj *v, const char *path, int depth) {
    if (!v || depth > MAXDEPTH || c->nc >= MAXCONT) return 0;
    char sub[200];
    if (FY_TUPLE_CHECK(v)) {
        for (int64_t i = 0; i < FY_TUPLE_N(v); i++) {
            snprintf(sub, sizeof sub, "%s[%lld]", path, (long long)i);
            if (collect(c, FY_TUPLE_ITEMS(v)[i], sub, depth + 1) < 0) return -1;
        }
        return 0;
    }
    fy_obj **fv;
    int nf;
    if (fy_trace_struct_fields(v, &fv, &nf)) return 0; /* frozen, holding DSL values */
    fy_obj *d = FY_LIST_CHECK(v) || FY_DICT_CHECK(v) ? v : obj_dict(v);
    if (!d || cont_find(c, d) >= 0) return 0;
    if (c->nc == c->capc) {
        int nc = c->capc ? 2 * c->capc : 16;
        cont *n = realloc(c->cs, (size_t)nc * sizeof *n);
        if (!n) {
            fy_err_nomem();
            return -1;
        }
        c->cs = n;
        c->capc = nc;
    }
    cont *k = &c->cs[c->nc];
    memset(k, 0, sizeof *k);
    k->o = fy_ref(d);
    k->obj = d != v;
    snprintf(k->path, sizeof k->path, "%s", path);
    c->nc++;
    if (!(k->s0 = contents(d))) return -1;
    if (FY_LIST_CHECK(d)) {
        for (int64_t i = 0; i < FY_LIST_N(d); i++) {
            snprintf(sub, sizeof sub, "%s[%lld]", path, (long long)i);
            if (collect(c, FY_LIST_ITEMS(d)[i], sub, depth + 1) < 0) return -1;
        }
        return 0;
    }
    int64_t pos = 0;
    fy_obj *kk, *vv;
    int obj = d != v;
    while (fy_dict_next(d, &pos, &kk, &vv)) {
        char kt[96];
        if (obj && FY_STR_CHECK(kk)) snprintf(sub, sizeof sub, "%s.%s", path, FY_STR_DATA(kk));
        else {
            key_text(kk, kt, sizeof kt);
            snprintf(sub, sizeof sub, "%s[%s]", path, kt);
        }
        if (collect(c, vv, sub, depth + 1) < 0) return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ the carry */

fy_carry *fy_carry_new(fy_frame *f, fy_obj **const *slots, fy_obj *const *names, const int *fast, int n, int line,
                       const char *what) {
    fy_carry *c = fy_calloc(1, sizeof *c);
    if (!c) return NULL;
    c->f = f;
    c->n = n;
    c->line = line;
    c->what = what;
    size_t m = (size_t)n + 1;
    c->slots = fy_calloc(m, sizeof *c->slots);
    c->names = fy_calloc(m, sizeof *c->names);
    c->fast = fy_calloc(m, sizeof *c->fast);
    c->v0 = fy_calloc(m, sizeof *c->v0);
    c->v[0] = fy_calloc(m, sizeof *c->v[0]);
    c->v[1] = fy_calloc(m, sizeof *c->v[1]);
    c->mv = fy_calloc(m, sizeof *c->mv);
    c->drop = fy_calloc(m, 1);
    c->mode = fy_calloc(m, 1);
    c->root = fy_calloc(m, sizeof *c->root);
    if (!c->slots || !c->names || !c->fast || !c->v0 || !c->v[0] || !c->v[1] || !c->mv || !c->drop || !c->mode ||
        !c->root) {
        fy_carry_free(c);
        return NULL;
    }
    for (int k = 0; k < n; k++) {
        c->slots[k] = slots[k];
        c->names[k] = names[k];
        c->fast[k] = fast[k];
        c->v0[k] = *slots[k] ? fy_ref(*slots[k]) : NULL;
    }
    c->vroot = -1;
    if (!slots) return c; /* a carry of one value (fy_carry_value_begin) */
    /* every container reachable from the frame's locals (a store through any name is seen) */
    fy_code *co = f->code;
    int nl = co->nlocals + co->ncells + co->nfrees;
    for (int i = 0; i < nl && !f->locals; i++) {
        fy_obj *v = f->localsplus[i];
        const char *nm = "?";
        if (i >= co->nlocals) {
            v = v ? ((fy_cell *)v)->ref : NULL;
            int j = i - co->nlocals;
            fy_obj *t = j < co->ncells ? co->cellvars : co->freevars;
            if (j >= co->ncells) j -= co->ncells;
            if (t && j < (int)FY_TUPLE_N(t)) nm = FY_STR_DATA(FY_TUPLE_ITEMS(t)[j]);
        } else if (i < (int)FY_TUPLE_N(co->varnames)) nm = FY_STR_DATA(FY_TUPLE_ITEMS(co->varnames)[i]);
        if (collect(c, v, nm, 0) < 0) {
            fy_carry_free(c);
            return NULL;
        }
    }
    return c;
}

void fy_carry_free(fy_carry *c) {
    if (!c) return;
    for (int k = 0; k < c->n; k++) {
        if (c->v0) FY_XDECREF(c->v0[k]);
        if (c->v[0]) FY_XDECREF(c->v[0][k]);
        if (c->v[1]) FY_XDECREF(c->v[1][k]);
        if (c->mv) FY_XDECREF(c->mv[k]);
    }
    for (int i = 0; i < c->nc; i++) {
        FY_XDECREF(c->cs[i].o);
        FY_XDECREF(c->cs[i].s0);
        FY_XDECREF(c->cs[i].s[0]);
        FY_XDECREF(c->cs[i].s[1]);
        FY_XDECREF(c->cs[i].merged);
    }
    for (int i = 0; i < c->nl; i++) {
        FY_XDECREF(c->lv[i].a);
        FY_XDECREF(c->lv[i].b);
        FY_XDECREF(c->lv[i].L.ex);
    }
    for (int i = 0; i < c->ntn; i++) {
        FY_XDECREF(c->tn[i].obj);
        FY_XDECREF(c->tn[i].keys);
        FY_XDECREF(c->tn[i].val);
    }
    free(c->cs);
    free(c->lv);
    free(c->tn);
    fy_free(c->slots);
    fy_free(c->names);
    fy_free(c->fast);
    fy_free(c->v0);
    fy_free(c->v[0]);
    fy_free(c->v[1]);
    fy_free(c->mv);
    fy_free(c->drop);
    fy_free(c->mode);
    fy_free(c->root);
    fy_free(c);
}

static void set_slot(fy_obj **s, fy_obj *v) { /* steals v */
    fy_obj *old = *s;
    *s = v;
    FY_XDECREF(old);
}

static int add_leaf(fy_carry *c, const leaf *L) {
    if (c->nl == c->capl) {
        int nc = c->capl ? 2 * c->capl : 16;
        rleaf *n = realloc(c->lv, (size_t)nc * sizeof *n);
        if (!n) {
            fy_err_nomem();
            return -1;
        }
        c->lv = n;
        c->capl = nc;
    }
    rleaf *r = &c->lv[c->nl];
    memset(r, 0, sizeof *r);
    r->L = *L;
    if (r->L.ex) fy_ref(r->L.ex);
    return c->nl++;
}

/* ------------------------------------------------------------------ if */

int fy_carry_branch_end(fy_carry *c, int br) {
    for (int k = 0; k < c->n; k++) c->v[br][k] = *c->slots[k] ? fy_ref(*c->slots[k]) : NULL;
    for (int i = 0; i < c->nc; i++)
        if (!(c->cs[i].s[br] = contents(c->cs[i].o))) return -1;
    if (br) return 0;
    for (int k = 0; k < c->n; k++) set_slot(c->slots[k], c->v0[k] ? fy_ref(c->v0[k]) : NULL);
    for (int i = 0; i < c->nc; i++)
        if (set_contents(c->cs[i].o, c->cs[i].s0) < 0) return -1;
    return 0;
}

/* The contents of container o in branch br's end state (o's own when the branch made it). */
static fy_obj *content_in(fy_carry *c, fy_obj *o, int br) {
    int i = cont_find(c, o);
    return i >= 0 ? c->cs[i].s[br] : o;
}

static fy_obj *mismatch(fy_carry *c, const char *path, fy_obj *a, fy_obj *b, const char *why) {
    char da[160], db[160];
    leaf la, lb;
    c->soft = 1;
    if (leaf_info(a, &la) && leaf_info(b, &lb) && la.kind == LK_NUM && lb.kind == LK_NUM)
        return fy_err_format(&fy_TypeError,
                             "variable '%s' has type %s in one branch and %s in the other of the `if` on a dynamic "
                             "value at line %d",
                             path, la.t->name, lb.t->name, c->line);
    describe(a, da, sizeof da);
    describe(b, db, sizeof db);
    c->soft = 1;
    return fy_err_format(&fy_TypeError,
                         "variable '%s' cannot be merged after the `if` on a dynamic value at line %d: it is %s in "
                         "one branch and %s in the other%s",
                         path, c->line, da, db, why);
}

static fy_obj *merge_val(fy_carry *c, fy_obj *a, fy_obj *b, const char *path, int depth);

static fy_obj *merge_items(fy_carry *c, fy_obj **ia, fy_obj **ib, size_t n, const char *path, int *same) {
    fy_obj *t = fy_tuple_new(n);
    if (!t) return NULL;
    for (size_t i = 0; i < n; i++) FY_TUPLE_ITEMS(t)[i] = NULL;
    *same = 1;
    char sub[200];
    for (size_t i = 0; i < n; i++) {
        snprintf(sub, sizeof sub, "%s[%zu]", path, i);
        fy_obj *m = merge_val(c, ia[i], ib[i], sub, 1);
        if (!m) {
            FY_DECREF(t);
            return NULL;
        }
        if (m != ia[i]) *same = 0;
        FY_TUPLE_ITEMS(t)[i] = m;
    }
    return t;
}

static fy_obj *merge_dicts(fy_carry *c, fy_obj *da, fy_obj *db, const char *path, int obj) {
    if (((fy_dict *)da)->used != ((fy_dict *)db)->used) return NULL;
    fy_obj *r = fy_dict_new();
    int64_t pos = 0;
    fy_obj *k, *v;
    char sub[200], kt[96];
    while (r && fy_dict_next(da, &pos, &k, &v)) {
        fy_obj *w = fy_dict_get(db, k);
        if (!w) {
            FY_DECREF(r);
            fy_err_clear();
            return NULL;
        }
        if (obj && FY_STR_CHECK(k)) snprintf(sub, sizeof sub, "%s.%s", path, FY_STR_DATA(k));
        else {
            key_text(k, kt, sizeof kt);
            snprintf(sub, sizeof sub, "%s[%s]", path, kt);
        }
        fy_obj *m = merge_val(c, v, w, sub, 1);
        if (!m || fy_dict_set(r, k, m) < 0) FY_CLEAR(r);
        FY_XDECREF(m);
        if (!r) return (fy_obj *)-1;
    }
    return r;
}

static fy_obj *merge_val(fy_carry *c, fy_obj *a, fy_obj *b, const char *path, int depth) {
    if (a == b) return fy_ref(a);
    if (!a || !b) {
        c->soft = 1;
        return fy_err_format(&fy_NameError,
                             "variable '%s' is assigned in only one branch of the `if` on a dynamic value at "
                             "line %d and used after it: assign it before the `if`",
                             path, c->line);
    }
    if (depth > MAXDEPTH) return mismatch(c, path, a, b, " (nested too deeply)");
    uint64_t vh;
    const char *vt;
    if (FY_DSL_NUM_CHECK(a) != FY_DSL_NUM_CHECK(b) && fy_mlir_value_parts(FY_DSL_NUM_CHECK(a) ? b : a, &vh, &vt) == 1) {
        /* a raw bindings Value against a DSL numeric: the Value as its numeric (FlyDSL's dispatcher wraps raw
         * ir.Values back the same way) */
        fy_obj *n = fy_mlir_as_numeric(FY_DSL_NUM_CHECK(a) ? b : a);
        if (!n) return fy_err_occurred() ? NULL : mismatch(c, path, a, b, "");
        fy_obj *r = FY_DSL_NUM_CHECK(a) ? merge_val(c, a, n, path, depth + 1) : merge_val(c, n, b, path, depth + 1);
        FY_DECREF(n);
        return r;
    }
    const char *wt;
    if (!FY_DSL_NUM_CHECK(a) && !FY_DSL_NUM_CHECK(b) && fy_mlir_value_parts(a, &vh, &vt) == 1 &&
        fy_mlir_value_parts(b, &vh, &wt) == 1) {
        /* two raw bindings Values (FlyDSL's scf_if_dispatch carries as_mlir_value states): merged as their DSL values
         * (numerics or Vectors), which the result stays, as FlyDSL's dispatcher promotes carried raw Values */
        fy_obj *da = fy_mlir_as_dsl_value(a), *db = da ? fy_mlir_as_dsl_value(b) : NULL;
        if (!db) {
            FY_XDECREF(da);
            return fy_err_occurred() ? NULL : mismatch(c, path, a, b, " (Values of a type the tracer cannot carry)");
        }
        fy_obj *m = merge_val(c, da, db, path, depth + 1);
        FY_DECREF(da);
        FY_DECREF(db);
        return m;
    }
    leaf la, lb, lj;
    int ia = leaf_info(a, &la), ib = leaf_info(b, &lb);
    if (ia && ib) {
        if (la.dyn && lb.dyn && la.ssa == lb.ssa && !strcmp(la.ty, lb.ty)) return fy_ref(a); /* one SSA value */
        if (!leaf_join(&la, &lb, &lj)) return mismatch(c, path, a, b, "");
        if (lj.kind == LK_TEN || lj.kind == LK_PTR) {
            c->soft = 1;
            return fy_err_format(
                &fy_TypeError,
                "variable '%s' is a different %s in each branch of the `if` on a dynamic value at line %d: %s", path,
                lj.kind == LK_TEN ? "tensor" : "pointer", c->line, no_scf_msg(lj.kind));
        }
        int i = add_leaf(c, &lj);
        if (i < 0) return NULL;
        c->lv[i].a = fy_ref(a);
        c->lv[i].b = fy_ref(b);
        c->lv[i].res = fy_trace_new_ssa(fy_trace_cur());
        return leaf_new(&lj, c->lv[i].res);
    }
    if (ia || ib) return mismatch(c, path, a, b, "");
    if (FY_TUPLE_CHECK(a) && FY_TUPLE_CHECK(b)) {
        if (FY_TUPLE_N(a) != FY_TUPLE_N(b)) return mismatch(c, path, a, b, "");
        int same;
        fy_obj *t = merge_items(c, FY_TUPLE_ITEMS(a), FY_TUPLE_ITEMS(b), (size_t)FY_TUPLE_N(a), path, &same);
        if (t && same) {
            FY_DECREF(t);
            return fy_ref(a);
        }
        return t;
    }
    fy_obj **fa, **fb;
    int na, nb;
    if (fy_trace_struct_fields(a, &fa, &na) && fy_trace_struct_fields(b, &fb, &nb)) {
        if (FY_TYPE(a) != FY_TYPE(b) || na != nb) return mismatch(c, path, a, b, "");
        int same;
        fy_obj *t = merge_items(c, fa, fb, (size_t)na, path, &same);
        if (!t) return NULL;
        fy_obj *r = same ? fy_ref(a) : fy_trace_struct_with(a, FY_TUPLE_ITEMS(t));
        FY_DECREF(t);
        return r;
    }
    if (FY_LIST_CHECK(a) && FY_LIST_CHECK(b)) { /* two list objects: a new list */
        fy_obj *sa = content_in(c, a, 0), *sb = content_in(c, b, 1);
        size_t n1, n2;
        fy_obj **i1 = fy_seq_items(sa, &n1), **i2 = fy_seq_items(sb, &n2);
        if (n1 != n2) return mismatch(c, path, a, b, " (lists must have one length on every path)");
        int same;
        fy_obj *t = merge_items(c, i1, i2, n1, path, &same);
        if (!t) return NULL;
        fy_obj *r = fy_list_from(FY_TUPLE_ITEMS(t), n1);
        FY_DECREF(t);
        return r;
    }
    if (FY_DICT_CHECK(a) && FY_DICT_CHECK(b)) {
        fy_obj *r = merge_dicts(c, content_in(c, a, 0), content_in(c, b, 1), path, 0);
        if (!r) return mismatch(c, path, a, b, " (dicts must have the same keys on every path)");
        return r == (fy_obj *)-1 ? NULL : r;
    }
    fy_obj *oa = obj_dict(a), *ob = obj_dict(b);
    if (oa && ob && FY_TYPE(a) == FY_TYPE(b)) { /* two objects of one class: a new one */
        fy_obj *d = merge_dicts(c, content_in(c, oa, 0), content_in(c, ob, 1), path, 1);
        if (!d) return mismatch(c, path, a, b, " (objects must have the same attributes on every path)");
        if (d == (fy_obj *)-1) return NULL;
        fy_obj *r = obj_like(a, d);
        FY_DECREF(d);
        return r;
    }
    int eq = fy_eq(a, b);
    if (eq < 0) fy_err_clear();
    if (eq == 1) return fy_ref(a);
    return mismatch(c, path, a, b, "");
}

int fy_carry_merge(fy_carry *c, int endpc) {
    for (int k = 0; k < c->n; k++) {
        c->soft = 0;
        if (!c->v[0][k] && !c->v[1][k]) continue; /* unbound on both paths */
        fy_obj *m = merge_val(c, c->v[0][k], c->v[1][k], FY_STR_DATA(c->names[k]), 0);
        if (m) {
            c->mv[k] = m;
            continue;
        }
        if (c->soft && !fy_scf_used_after(c->f, c->fast[k], endpc)) { /* a branch-local temporary */
            fy_err_clear();
            c->drop[k] = 1;
            continue;
        }
        return -1;
    }
    for (int i = 0; i < c->nc; i++) {
        cont *k = &c->cs[i];
        if (same_contents(k->s[0], k->s[1])) continue;
        if (FY_TUPLE_CHECK(k->s[0])) {
            size_t n1 = (size_t)FY_TUPLE_N(k->s[0]), n2 = (size_t)FY_TUPLE_N(k->s[1]);
            if (n1 != n2) {
                fy_err_format(&fy_TypeError,
                              "list '%s' has %zu items after one branch of the `if` on a dynamic value at line %d "
                              "and %zu after the other: a list must keep one length on every path",
                              k->path, n1, c->line, n2);
                return -1;
            }
            int same;
            k->merged = merge_items(c, FY_TUPLE_ITEMS(k->s[0]), FY_TUPLE_ITEMS(k->s[1]), n1, k->path, &same);
        } else {
            k->merged = merge_dicts(c, k->s[0], k->s[1], k->path, k->obj);
            if (!k->merged) {
                fy_err_format(&fy_TypeError,
                              "%s '%s' gets different %s in the two branches of the `if` on a dynamic value at "
                              "line %d: they must be the same on every path",
                              k->obj ? "object" : "dict", k->path, k->obj ? "attributes" : "keys", c->line);
                return -1;
            }
            if (k->merged == (fy_obj *)-1) k->merged = NULL;
        }
        if (!k->merged) return -1;
    }
    return c->nl;
}

int fy_carry_changed(fy_carry *c) {
    for (int i = 0; i < c->nc; i++)
        if (!same_contents(c->cs[i].s0, c->cs[i].s[0]) || !same_contents(c->cs[i].s0, c->cs[i].s[1])) return 1;
    return 0;
}

const char *fy_carry_type(fy_carry *c, int i) { return c->lv[i].L.ty; }
uint64_t fy_carry_res(fy_carry *c, int i) { return c->lv[i].res; }

int fy_carry_branch_ssa(fy_carry *c, fy_tracer *tr, int br, int i, uint64_t *out) {
    int r = leaf_ssa(tr, br ? c->lv[i].b : c->lv[i].a, &c->lv[i].L, out);
    if (r > 0) fy_err_format(&fy_SystemError, "scf.if result %d does not fit its type %s", i, c->lv[i].L.ty);
    return r ? -1 : 0;
}

int fy_carry_commit_if(fy_carry *c) {
    for (int k = 0; k < c->n; k++) {
        if (c->drop[k]) set_slot(c->slots[k], NULL);
        else if (c->mv[k]) set_slot(c->slots[k], fy_ref(c->mv[k]));
    }
    for (int i = 0; i < c->nc; i++)
        if (c->cs[i].merged && set_contents(c->cs[i].o, c->cs[i].merged) < 0) return -1;
    return 0;
}

/* ------------------------------------------------------------------ loops */

static int add_node(fy_carry *c, char kind, fy_obj *obj) {
    if (c->ntn == c->captn) {
        int nc = c->captn ? 2 * c->captn : 32;
        tnode *n = realloc(c->tn, (size_t)nc * sizeof *n);
        if (!n) {
            fy_err_nomem();
            return -1;
        }
        c->tn = n;
        c->captn = nc;
    }
    tnode *t = &c->tn[c->ntn];
    memset(t, 0, sizeof *t);
    t->kind = kind;
    t->obj = obj ? fy_ref(obj) : NULL;
    return c->ntn++;
}

/* The template of v (a variable's value before the loop), its leaves' initial SSA values emitted. */
static int build(fy_carry *c, fy_tracer *tr, fy_obj *v, int inplace, int depth) {
    leaf L;
    if (leaf_info(v, &L)) {
        int n = add_node(c, N_LEAF, NULL), i = n < 0 ? -1 : add_leaf(c, &L);
        if (i < 0) return -1;
        c->tn[n].idx = i;
        c->lv[i].a = fy_ref(v);
        if (L.kind == LK_NUM) {
            if (fy_scf_as_ssa(tr, v, L.t, &c->lv[i].init) < 0) return -1;
        } else c->lv[i].init = L.ssa;
        return n;
    }
    for (int j = 0; j < c->ntn; j++) /* a container met before: the same object */
        if (c->tn[j].obj == v && strchr("lfdgop", c->tn[j].kind)) {
            int n = add_node(c, N_REF, NULL);
            if (n >= 0) c->tn[n].idx = j;
            return n;
        }
    fy_obj **items = NULL, **fv;
    size_t ni = 0;
    int nf, n;
    fy_obj *d = NULL;
    if (depth > MAXDEPTH) n = add_node(c, N_STATIC, v);
    else if (FY_TUPLE_CHECK(v) || FY_LIST_CHECK(v)) {
        n = add_node(c, FY_TUPLE_CHECK(v) ? N_TUPLE : inplace ? N_LIST : N_FLIST, v);
        items = fy_seq_items(v, &ni);
    } else if (fy_trace_struct_fields(v, &fv, &nf)) {
        n = add_node(c, N_STRUCT, v);
        items = fv;
        ni = (size_t)nf;
    } else if (FY_DICT_CHECK(v) || (d = obj_dict(v))) {
        n = add_node(c, d ? (inplace ? N_OBJ : N_FOBJ) : inplace ? N_DICT : N_FDICT, v);
        if (!d) d = v;
        if (n >= 0 && !(c->tn[n].keys = fy_dict_keys_list(d))) return -1;
        if (n >= 0) {
            fy_obj *kt = fy_list_as_tuple(c->tn[n].keys);
            FY_DECREF(c->tn[n].keys);
            if (!(c->tn[n].keys = kt)) return -1;
        }
    } else n = add_node(c, N_STATIC, v);
    if (n < 0) return -1;
    char kind = c->tn[n].kind;
    if (kind == N_LIST || kind == N_DICT || kind == N_OBJ) {
        int ci = cont_find(c, d ? d : v);
        if (ci < 0 && collect(c, v, "?", 0) < 0) return -1; /* made after the carry began: cannot be */
        ci = cont_find(c, d ? d : v);
        c->tn[n].idx = ci;
        if (ci >= 0) c->cs[ci].inplace = 1;
    }
    int nch = 0;
    if (items) {
        /* copy: building may grow the list (no: v is not changed here), but items may move with realloc */
        for (size_t i = 0; i < ni; i++, nch++)
            if (build(c, tr, items[i], inplace, depth + 1) < 0) return -1;
    } else if (c->tn[n].keys) {
        fy_obj *dd = d ? d : v;
        for (int64_t i = 0; i < FY_TUPLE_N(c->tn[n].keys); i++, nch++) {
            fy_obj *x = fy_dict_get(dd, FY_TUPLE_ITEMS(c->tn[n].keys)[i]);
            if (!x) return fy_err_occurred() ? -1 : (fy_err_set(&fy_RuntimeError, "dict changed"), -1);
            if (build(c, tr, x, inplace, depth + 1) < 0) return -1;
        }
    }
    c->tn[n].nch = nch;
    return n;
}

int fy_carry_loop_begin(fy_carry *c, fy_tracer *tr, const unsigned char *mode) {
    for (int k = 0; k < c->n; k++) {
        c->mode[k] = mode[k];
        c->root[k] = -1;
        if (!mode[k] || !c->v0[k]) continue;
        if ((c->root[k] = build(c, tr, c->v0[k], mode[k] == 2, 0)) < 0) return -1;
    }
    return tr->failed ? (fy_err_nomem(), -1) : c->nl;
}

uint64_t fy_carry_init(fy_carry *c, int i) { return c->lv[i].init; }

/* The value of node n (and its subtree) with leaf i made by mk: a new reference; *next: the node after. */
typedef fy_obj *(*mkleaf)(fy_carry *c, int i, const void *arg);
static fy_obj *inst(fy_carry *c, int n, int *next, mkleaf mk, const void *arg) {
    tnode *t = &c->tn[n];
    int j = n + 1;
    fy_obj *r = NULL;
    if (t->kind == N_LEAF) r = mk(c, t->idx, arg);
    else if (t->kind == N_STATIC) r = fy_ref(t->obj);
    else if (t->kind == N_REF) r = c->tn[t->idx].val ? fy_ref(c->tn[t->idx].val) : fy_ref(c->tn[t->idx].obj);
    else {
        fy_obj *ch = fy_tuple_new((size_t)t->nch);
        if (!ch) return NULL;
        for (int i = 0; i < t->nch; i++) FY_TUPLE_ITEMS(ch)[i] = NULL;
        for (int i = 0; i < t->nch; i++)
            if (!(FY_TUPLE_ITEMS(ch)[i] = inst(c, j, &j, mk, arg))) {
                FY_DECREF(ch);
                return NULL;
            }
        switch (t->kind) {
        case N_TUPLE: r = fy_ref(ch); break;
        case N_STRUCT: r = fy_trace_struct_with(t->obj, FY_TUPLE_ITEMS(ch)); break;
        case N_FLIST: r = fy_list_from(FY_TUPLE_ITEMS(ch), (size_t)t->nch); break;
        case N_LIST: r = set_contents(t->obj, ch) < 0 ? NULL : fy_ref(t->obj); break;
        default: { /* dicts and objects */
            int fresh = t->kind == N_FDICT || t->kind == N_FOBJ;
            fy_obj *d = t->kind == N_OBJ ? obj_dict(t->obj) : t->kind == N_DICT ? t->obj : fy_dict_new();
            int bad = !d;
            for (int i = 0; i < t->nch && !bad; i++)
                bad = fy_dict_set(d, FY_TUPLE_ITEMS(t->keys)[i], FY_TUPLE_ITEMS(ch)[i]) < 0;
            r = bad ? NULL : t->kind == N_FDICT ? fy_ref(d) : t->kind == N_FOBJ ? obj_like(t->obj, d) : fy_ref(t->obj);
            if (fresh) FY_XDECREF(d);
        }
        }
        FY_DECREF(ch);
    }
    if (r) {
        FY_XDECREF(t->val);
        t->val = fy_ref(r);
    }
    *next = j;
    return r;
}

static int skip(fy_carry *c, int n) { /* the node after n's subtree */
    int j = n + 1;
    for (int i = 0; i < c->tn[n].nch; i++) j = skip(c, j);
    return j;
}

static fy_obj *mk_arg(fy_carry *c, int i, const void *arg) {
    return leaf_new(&c->lv[i].L, *(const uint64_t *)arg + (uint64_t)i);
}

int fy_carry_bind(fy_carry *c, uint64_t base) {
    for (int k = 0; k < c->n; k++) {
        if (c->root[k] < 0) continue;
        int nx;
        fy_obj *v = inst(c, c->root[k], &nx, mk_arg, &base);
        if (!v) return -1;
        set_slot(c->slots[k], v);
    }
    return 0;
}

/* What template node n stood for before the loop, for messages. */
static void describe_node(fy_carry *c, const tnode *t, char *buf, size_t cap) {
    const char *k = t->kind == N_LIST || t->kind == N_FLIST   ? "list"
                    : t->kind == N_TUPLE                      ? "tuple"
                    : t->kind == N_DICT || t->kind == N_FDICT ? "dict"
                                                              : NULL;
    if (k)
        snprintf(buf, cap, "a %s of %d %s%s", k, t->nch, t->kind == N_DICT || t->kind == N_FDICT ? "key" : "item",
                 t->nch == 1 ? "" : "s");
    else if (t->kind == N_LEAF) describe(c->lv[t->idx].a, buf, cap);
    else describe(t->obj, buf, cap);
}

static int changed(fy_carry *c, const tnode *t, const char *path, fy_obj *now, const char *why) {
    char da[160], db[160];
    describe_node(c, t, da, sizeof da);
    describe(now, db, sizeof db);
    fy_err_format(&fy_TypeError,
                  "variable '%s' is %s before the %s at line %d and %s after its body: a loop-carried value "
                  "must keep its structure and types%s",
                  path, da, c->what, c->line, db, why);
    return -1;
}

/* Walks node n against the value v after the body, filling ys; *next: the node after. */
static int walk(fy_carry *c, fy_tracer *tr, int n, fy_obj *v, const char *path, uint64_t *ys, int *next) {
    tnode *t = &c->tn[n];
    int j = n + 1;
    FY_XDECREF(t->val);
    t->val = v ? fy_ref(v) : NULL;
    if (!v) {
        fy_err_format(&fy_NameError, "variable '%s' is deleted in the body of the %s at line %d", path, c->what,
                      c->line);
        return -1;
    }
    char sub[200], kt[96];
    switch (t->kind) {
    case N_LEAF: {
        snprintf(c->lv[t->idx].path, sizeof c->lv[t->idx].path, "%s", path);
        int r = leaf_ssa(tr, v, &c->lv[t->idx].L, &ys[t->idx]);
        if (r > 0) return changed(c, t, path, v, "");
        if (r < 0) return -1;
        break;
    }
    case N_STATIC: {
        int eq = v == t->obj ? 1 : fy_eq(v, t->obj);
        if (eq < 0) fy_err_clear();
        if (eq != 1)
            return changed(c, t, path, v,
                           " (only values made of DSL numerics, Vectors, tensors and pointers "
                           "can change in a device loop)");
        break;
    }
    case N_REF:
        if (v != c->tn[t->idx].val) return changed(c, &c->tn[t->idx], path, v, " (and stay the same object)");
        break;
    case N_TUPLE:
    case N_LIST:
    case N_FLIST:
    case N_STRUCT: {
        fy_obj **items, **fv;
        size_t ni = 0;
        int nf;
        if (t->kind == N_STRUCT) {
            if (FY_TYPE(v) != FY_TYPE(t->obj) || !fy_trace_struct_fields(v, &fv, &nf))
                return changed(c, t, path, v, "");
            items = fv;
            ni = (size_t)nf;
        } else if (t->kind == N_TUPLE ? !FY_TUPLE_CHECK(v) : !FY_LIST_CHECK(v)) return changed(c, t, path, v, "");
        else items = fy_seq_items(v, &ni);
        if ((int)ni != t->nch) return changed(c, t, path, v, " (a list's length must stay the same)");
        fy_obj *hold = fy_tuple_from(items, ni); /* the walk may not change v, but keep the items alive */
        if (!hold) return -1;
        for (size_t i = 0; i < ni; i++) {
            snprintf(sub, sizeof sub, "%s[%zu]", path, i);
            if (walk(c, tr, j, FY_TUPLE_ITEMS(hold)[i], sub, ys, &j) < 0) {
                FY_DECREF(hold);
                return -1;
            }
        }
        FY_DECREF(hold);
        break;
    }
    default: { /* dicts and objects */
        fy_obj *d = t->kind == N_OBJ    ? (v == t->obj ? obj_dict(v) : NULL)
                    : t->kind == N_FOBJ ? (FY_TYPE(v) == FY_TYPE(t->obj) ? obj_dict(v) : NULL)
                    : FY_DICT_CHECK(v)  ? v
                                        : NULL;
        if (!d) return changed(c, t, path, v, t->kind == N_OBJ ? " (and stay the same object)" : "");
        if (((fy_dict *)d)->used != t->nch)
            return changed(c, t, path, v,
                           t->kind == N_OBJ ? " (its attributes must stay the same)"
                                            : " (a dict's keys must stay the same)");
        for (int i = 0; i < t->nch; i++) {
            fy_obj *key = FY_TUPLE_ITEMS(t->keys)[i], *x = fy_dict_get(d, key);
            if ((t->kind == N_OBJ || t->kind == N_FOBJ) && FY_STR_CHECK(key))
                snprintf(sub, sizeof sub, "%s.%s", path, FY_STR_DATA(key));
            else {
                key_text(key, kt, sizeof kt);
                snprintf(sub, sizeof sub, "%s[%s]", path, kt);
            }
            if (!x) {
                fy_err_clear();
                return changed(c, t, path, v, " (a dict's keys must stay the same)");
            }
            if (walk(c, tr, j, x, sub, ys, &j) < 0) return -1;
        }
    }
    }
    *next = j;
    return 0;
}

int fy_carry_loop_yields(fy_carry *c, fy_tracer *tr, uint64_t *ys) {
    for (int k = 0; k < c->n; k++) {
        if (c->root[k] < 0) continue;
        int nx;
        if (walk(c, tr, c->root[k], *c->slots[k], FY_STR_DATA(c->names[k]), ys, &nx) < 0) return -1;
    }
    /* containers the loop does not carry must be as they were */
    for (int i = 0; i < c->nc; i++) {
        cont *k = &c->cs[i];
        if (k->inplace || same_contents(k->s0, k->o)) continue;
        fy_err_format(&fy_TypeError,
                      "'%s' is changed in place in the body of the %s at line %d but the loop does not carry it: "
                      "only variables the body assigns or changes by name (x = ..., x[i] = ..., x.a = ..., "
                      "x.append(...)) are loop-carried; a change through another name or inside a called function "
                      "cannot be",
                      k->path, c->what, c->line);
        return -1;
    }
    (void)skip;
    return tr->failed ? (fy_err_nomem(), -1) : 0;
}

typedef struct commit_arg {
    const int *keep;
    const uint64_t *res;
} commit_arg;
static fy_obj *mk_res(fy_carry *c, int i, const void *arg) {
    const commit_arg *a = arg;
    return a->keep[i] ? leaf_new(&c->lv[i].L, a->res[i]) : fy_ref(c->lv[i].a);
}

int fy_carry_check_kept(fy_carry *c, const int *keep) {
    for (int i = 0; i < c->nl; i++)
        if (keep[i] && (c->lv[i].L.kind == LK_TEN || c->lv[i].L.kind == LK_PTR)) {
            fy_err_format(&fy_TypeError, "variable '%s' is a %s the body of the %s at line %d changes: %s",
                          c->lv[i].path, c->lv[i].L.kind == LK_TEN ? "tensor" : "pointer", c->what, c->line,
                          no_scf_msg(c->lv[i].L.kind));
            return -1;
        }
    return 0;
}

int fy_carry_loop_commit(fy_carry *c, const int *keep, const uint64_t *res) {
    commit_arg a = {keep, res};
    for (int i = 0; i < c->ntn; i++) FY_CLEAR(c->tn[i].val);
    for (int k = 0; k < c->n; k++) {
        if (c->root[k] < 0) continue;
        int nx;
        fy_obj *v = inst(c, c->root[k], &nx, mk_res, &a);
        if (!v) return -1;
        set_slot(c->slots[k], v);
    }
    return 0;
}

/* ------------------------------------------------------------------ one value (range(..., init=)) */

int fy_carry_value_begin(fy_carry *c, fy_tracer *tr, fy_obj *v) {
    if ((c->vroot = build(c, tr, v, 0, 0)) < 0) return -1;
    return tr->failed ? (fy_err_nomem(), -1) : c->nl;
}

int fy_carry_value_check(fy_carry *c) {
    for (int i = 0; i < c->nl; i++)
        if (c->lv[i].L.kind == LK_TEN || c->lv[i].L.kind == LK_PTR) {
            fy_err_format(&fy_TypeError, "range(..., init=[...]) at line %d: the init values hold a %s: %s", c->line,
                          c->lv[i].L.kind == LK_TEN ? "tensor" : "pointer", no_scf_msg(c->lv[i].L.kind));
            return -1;
        }
    return 0;
}

fy_obj *fy_carry_value_make(fy_carry *c, uint64_t base) {
    int nx;
    return inst(c, c->vroot, &nx, mk_arg, &base);
}

int fy_carry_value_yields(fy_carry *c, fy_tracer *tr, fy_obj *v, const char *path, uint64_t *ys) {
    int nx;
    if (walk(c, tr, c->vroot, v, path, ys, &nx) < 0) return -1;
    return tr->failed ? (fy_err_nomem(), -1) : 0;
}
