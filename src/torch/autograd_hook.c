/* autograd_hook.c - where autograd meets the C tensor operations.
 *
 * Every differentiable operation (a Tensor method, a torch / torch.nn.functional function, an
 * operator slot, indexing, .T) is wrapped once, when the types are readied: the wrapper checks the
 * grad mode and whether any tensor argument requires grad, and if not calls the operation directly,
 * so code without autograd pays one flag test and a scan of the arguments. Otherwise it runs the
 * operation with grad mode off and hands the result, the operation's name and its arguments to
 * `_torch_autograd._record` (Python), which builds the graph node from its table of derivative
 * formulas. In-place operations on a leaf that requires grad fail first, with torch's message. */
#include <string.h>

#include "exec/interp.h"
#include "torch/torch.h"

bool fy_torch_grad_enabled = true;

/* The operations with a derivative formula in _torch_autograd.py (one namespace for methods and
 * functions: a method's self is its first input). */
static const char *const diff_names[] = {
    "add", "sub", "mul", "div", "pow", "neg", "negative", "abs", "exp", "exp2", "log", "log2", "sqrt", "rsqrt", "tanh",
    "sigmoid", "relu", "sin", "cos", "reciprocal", "square", "clamp", "clip", "maximum", "minimum", "where",
    "masked_fill", "subtract", "multiply", "divide", "true_divide", "sum", "mean", "var", "std", "max", "min", "amax",
    "amin", "prod", "cumsum", "matmul", "mm", "bmm", "linear", "softmax", "log_softmax", "layer_norm", "rms_norm",
    "silu", "gelu", "reshape", "view", "view_as", "reshape_as", "flatten", "squeeze", "unsqueeze", "expand",
    "expand_as", "broadcast_to", "transpose", "t", "permute", "narrow", "split", "chunk", "cat", "concat", "stack",
    "to", "float", "double", "half", "bfloat16", "type", "cpu", "cuda", "contiguous", "clone", "sign", "floor", "ceil",
    "round", "trunc",
    /* in place: the formula of the name without "_" */
    "add_", "sub_", "mul_", "div_", "neg_", "clamp_", "masked_fill_", "relu_", "exp_", "copy_", "zero_", "fill_", NULL};

static bool is_diff(const char *name) {
    for (const char *const *p = diff_names; *p; p++)
        if (!strcmp(*p, name)) return true;
    return false;
}

static inline bool rg(fy_obj *o) { return FY_TORCH_CHECK(o) && FY_TT(o)->requires_grad; }

static bool seq_rg(fy_obj *o) {
    if (FY_TORCH_CHECK(o)) return FY_TT(o)->requires_grad;
    if (FY_LIST_CHECK(o)) {
        for (int64_t i = 0; i < (int64_t)FY_LIST_N(o); i++)
            if (rg(FY_LIST_ITEMS(o)[i])) return true;
    } else if (FY_TUPLE_CHECK(o)) {
        for (int64_t i = 0; i < (int64_t)FY_TUPLE_N(o); i++)
            if (rg(FY_TUPLE_ITEMS(o)[i])) return true;
    }
    return false;
}

static bool any_rg(fy_obj *self, bool method, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (method && rg(self)) return true;
    size_t tot = n + (kw ? (size_t)FY_TUPLE_N(kw) : 0);
    for (size_t i = 0; i < tot; i++)
        if (seq_rg(a[i])) return true;
    return false;
}

/* _torch_autograd._record(name, result, args, kwargs, inplace) -> result (new reference). */
static fy_obj *record(const char *name, fy_obj *r, fy_obj *args, fy_obj *kwd, bool inplace) {
    fy_obj *m = fy_import("_torch_autograd");
    if (!m) return NULL;
    fy_obj *f = fy_getattr_cstr(m, "_record");
    FY_DECREF(m);
    if (!f) return NULL;
    fy_obj *nm = fy_str_from_cstr(name);
    fy_obj *res = NULL;
    if (nm) {
        fy_obj *cargs[5] = {nm, r, args, kwd ? kwd : fy_None, fy_bool(inplace)};
        res = fy_call(f, cargs, 5, NULL);
        FY_DECREF(cargs[4]);
        FY_DECREF(nm);
    }
    FY_DECREF(f);
    return res;
}

static int leaf_inplace_check(fy_obj *self) {
    if (rg(self) && !FY_TT(self)->grad_fn) {
        fy_err_set(&fy_RuntimeError, "a leaf Variable that requires grad is being used in an in-place operation.");
        return -1;
    }
    return 0;
}

/* The slow path: run fn with grad mode off, then record. */
static fy_obj *slow(const char *name, fy_cfunc fn, bool method, bool inplace, fy_obj *self, fy_obj *const *a, size_t n,
                    fy_obj *kw) {
    if (inplace && leaf_inplace_check(self) < 0) return NULL;
    fy_torch_grad_enabled = false;
    fy_obj *r = fn(self, a, n, kw);
    fy_obj *args = NULL, *kwd = NULL, *res = NULL;
    if (!r) goto out;
    if (r == fy_NotImplemented) {
        res = r;
        r = NULL;
        goto out;
    }
    size_t off = method ? 1 : 0;
    if (!(args = fy_tuple_new(n + off))) goto out;
    if (method) fy_tuple_set_steal(args, 0, fy_ref(self));
    for (size_t i = 0; i < n; i++) fy_tuple_set_steal(args, i + off, fy_ref(a[i]));
    if (kw && FY_TUPLE_N(kw)) {
        if (!(kwd = fy_dict_new())) goto out;
        for (size_t i = 0; i < (size_t)FY_TUPLE_N(kw); i++)
            if (fy_dict_set(kwd, FY_TUPLE_ITEMS(kw)[i], a[n + i]) < 0) goto out;
    }
    res = record(name, r, args, kwd, inplace);
out:
    fy_torch_grad_enabled = true;
    FY_XDECREF(r);
    FY_XDECREF(args);
    FY_XDECREF(kwd);
    return res;
}

/* ------------------------------------------------------------------ method and function tables */

#define AG_NSLOTS 256
typedef struct {
    fy_methoddef *def;
    fy_cfunc orig;
    bool method, inplace;
} ag_slot;
static ag_slot slots[AG_NSLOTS];
static int nslots;

static fy_obj *dispatch(int k, fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    ag_slot *s = &slots[k];
    if (!fy_torch_grad_enabled || !any_rg(self, s->method, a, n, kw)) return s->orig(self, a, n, kw);
    return slow(s->def->name, s->orig, s->method, s->inplace, self, a, n, kw);
}

/* One wrapper function per slot; slot numbers are written in octal digits: agw0000 .. agw0377. */
// clang-format off
#define W1(K) \
    static fy_obj *agw##K(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) { return dispatch(K, s, a, n, kw); }
#define W8(B) W1(B##0) W1(B##1) W1(B##2) W1(B##3) W1(B##4) W1(B##5) W1(B##6) W1(B##7)
#define W64(B) W8(B##0) W8(B##1) W8(B##2) W8(B##3) W8(B##4) W8(B##5) W8(B##6) W8(B##7)
W64(00) W64(01) W64(02) W64(03)
#define R1(K) agw##K,
#define R8(B) R1(B##0) R1(B##1) R1(B##2) R1(B##3) R1(B##4) R1(B##5) R1(B##6) R1(B##7)
#define R64(B) R8(B##0) R8(B##1) R8(B##2) R8(B##3) R8(B##4) R8(B##5) R8(B##6) R8(B##7)
static const fy_cfunc wrappers[AG_NSLOTS] = {R64(00) R64(01) R64(02) R64(03)};
// clang-format on

void fy_torch_ag_wrap(fy_methoddef *defs, bool method) {
    for (fy_methoddef *d = defs; d->name; d++) {
        if (!is_diff(d->name)) continue;
        bool seen = false;
        for (int i = 0; i < nslots; i++)
            if (slots[i].def == d || wrappers[i] == d->fn) seen = true;
        if (seen || nslots >= AG_NSLOTS) continue;
        size_t len = strlen(d->name);
        slots[nslots] = (ag_slot){d, d->fn, method, len > 1 && d->name[len - 1] == '_'};
        d->fn = wrappers[nslots++];
    }
}

/* ------------------------------------------------------------------ operator slots */

static fy_binfn orig_nb[FY_NB_COUNT], orig_inb[FY_NB_COUNT], orig_getitem;
static fy_unaryfn orig_neg, orig_abs;
static fy_getter orig_T, orig_mT;

static fy_obj *slow_bin(const char *name, fy_binfn fn, bool inplace, fy_obj *a, fy_obj *b) {
    if (inplace && leaf_inplace_check(a) < 0) return NULL;
    fy_torch_grad_enabled = false;
    fy_obj *r = fn(a, b);
    fy_obj *res = NULL;
    if (!r || r == fy_NotImplemented) {
        fy_torch_grad_enabled = true;
        return r;
    }
    fy_obj *args = fy_tuple_new(b ? 2 : 1);
    if (args) {
        fy_tuple_set_steal(args, 0, fy_ref(a));
        if (b) fy_tuple_set_steal(args, 1, fy_ref(b));
        res = record(name, r, args, NULL, inplace);
        FY_DECREF(args);
    }
    fy_torch_grad_enabled = true;
    FY_DECREF(r);
    return res;
}

#define AGNB(ID, NAME) \
    static fy_obj *ag_nb_##ID(fy_obj *a, fy_obj *b) { \
        if (!fy_torch_grad_enabled || !(rg(a) || rg(b))) return orig_nb[ID](a, b); \
        return slow_bin(NAME, orig_nb[ID], false, a, b); \
    } \
    static fy_obj *ag_inb_##ID(fy_obj *a, fy_obj *b) { \
        if (!fy_torch_grad_enabled || !(rg(a) || rg(b))) return orig_inb[ID](a, b); \
        return slow_bin(NAME "_", orig_inb[ID], true, a, b); \
    }
AGNB(FY_NB_ADD, "add")
AGNB(FY_NB_SUB, "sub")
AGNB(FY_NB_MUL, "mul")
AGNB(FY_NB_TRUEDIV, "div")
AGNB(FY_NB_POW, "pow")
AGNB(FY_NB_MATMUL, "matmul")

static fy_obj *ag_getitem(fy_obj *a, fy_obj *key) {
    if (!fy_torch_grad_enabled || !rg(a)) return orig_getitem(a, key);
    return slow_bin("__getitem__", orig_getitem, false, a, key);
}
static fy_obj *un_neg(fy_obj *a, fy_obj *unused) { return orig_neg(a); }
static fy_obj *un_abs(fy_obj *a, fy_obj *unused) { return orig_abs(a); }
static fy_obj *un_T(fy_obj *a, fy_obj *unused) { return orig_T(a); }
static fy_obj *un_mT(fy_obj *a, fy_obj *unused) { return orig_mT(a); }
static fy_obj *ag_neg(fy_obj *a) {
    if (!fy_torch_grad_enabled || !rg(a)) return orig_neg(a);
    return slow_bin("neg", un_neg, false, a, NULL);
}
static fy_obj *ag_abs(fy_obj *a) {
    if (!fy_torch_grad_enabled || !rg(a)) return orig_abs(a);
    return slow_bin("abs", un_abs, false, a, NULL);
}
static fy_obj *ag_T(fy_obj *a) {
    if (!fy_torch_grad_enabled || !rg(a)) return orig_T(a);
    return slow_bin("T", un_T, false, a, NULL);
}
static fy_obj *ag_mT(fy_obj *a) {
    if (!fy_torch_grad_enabled || !rg(a)) return orig_mT(a);
    return slow_bin("mT", un_mT, false, a, NULL);
}

void fy_torch_ag_wrap_type(fy_type *t) {
    if (t->getitem == ag_getitem) return;
#define SETNB(ID) \
    orig_nb[ID] = t->nb[ID]; \
    orig_inb[ID] = t->inb[ID]; \
    t->nb[ID] = ag_nb_##ID; \
    t->inb[ID] = ag_inb_##ID;
    SETNB(FY_NB_ADD)
    SETNB(FY_NB_SUB)
    SETNB(FY_NB_MUL)
    SETNB(FY_NB_TRUEDIV)
    SETNB(FY_NB_POW)
    SETNB(FY_NB_MATMUL)
#undef SETNB
    orig_getitem = t->getitem;
    t->getitem = ag_getitem;
    orig_neg = t->neg;
    t->neg = ag_neg;
    orig_abs = t->abs;
    t->abs = ag_abs;
    for (fy_getsetdef *g = t->getsets; g && g->name; g++) {
        if (!strcmp(g->name, "T")) {
            orig_T = g->get;
            g->get = ag_T;
        } else if (!strcmp(g->name, "mT")) {
            orig_mT = g->get;
            g->get = ag_mT;
        }
    }
}

fy_obj *fy_torch_ag_names(void) {
    size_t n = 0;
    while (diff_names[n]) n++;
    fy_obj *l = fy_list_new(0);
    for (size_t i = 0; l && i < n; i++) {
        fy_obj *s = fy_str_from_cstr(diff_names[i]);
        if (!s || fy_list_append_steal(l, s) < 0) {
            FY_DECREF(l);
            return NULL;
        }
    }
    return l;
}
