/* inttuple.h - hierarchical integer tuples (CuTe IntTuple) as fixed-capacity values.
 *
 * A tuple is a flat preorder array of nodes; node 0 is the root and every node
 * records the number of nodes in its subtree (span), so a subtree is a contiguous
 * slice and copying one is a memcpy. No heap allocation anywhere.
 *
 * A leaf is one of:
 *   - a static integer (int64),                                      printed 8
 *   - a dynamic value: opaque 64-bit handle, divisibility, width 32/64, printed ? ?{i64} ?{div=4}
 *   - a scaled basis element: coefficient times unit vector along a mode path, printed 1E0 2E1 1E0E1
 *   - "none" (a kept mode in slice coordinates, an untouched mode in tiles), printed *
 * Dynamic handles are never interpreted; operations on dynamic leaves that cannot be
 * folded produce dynamic leaves with handle 0 and the divisibility that can be proved. */
#ifndef FLY_LAYOUT_INTTUPLE_H
#define FLY_LAYOUT_INTTUPLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "layout/error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FLY_IT_MAX_NODES 64   /* nodes (tuples and leaves) per int tuple */
#define FLY_IT_MAX_DEPTH 16   /* nesting depth accepted by builders and the parser */
#define FLY_BASIS_MAX_PATH 4  /* modes in a basis path (1E0E1E2E3) */

typedef enum fly_itkind {
    FLY_IT_TUPLE = 0, /* inner node; n children follow */
    FLY_IT_INT = 1,   /* static integer v */
    FLY_IT_DYN = 2,   /* dynamic value: handle v, divisibility aux */
    FLY_IT_BASIS = 3, /* coefficient v (static, or a dynamic handle with FLY_IT_F_DYNCOEF) times E<path> */
    FLY_IT_NONE = 4,  /* "*" */
} fly_itkind;

#define FLY_IT_F_I64 0x01     /* dynamic value (or dynamic coefficient) is 64 bits wide */
#define FLY_IT_F_DYNCOEF 0x02 /* basis coefficient is dynamic */

/* One node. For BASIS the path is packed one byte per level in aux (first mode in
 * the low byte) and its length is in bits 4..6 of flags. */
typedef struct fly_itnode {
    int64_t v;     /* INT: value; DYN: handle; BASIS: coefficient or handle */
    uint32_t aux;  /* DYN: divisibility (>= 1); BASIS: packed mode path */
    uint8_t kind;  /* fly_itkind */
    uint8_t flags; /* FLY_IT_F_* and basis path length << 4 */
    uint8_t span;  /* nodes in this subtree, this node included */
    uint8_t n;     /* TUPLE: number of children */
} fly_itnode;

/* A hierarchical int tuple; n[0] is the root, n[0].span the number of used nodes. */
typedef struct fly_inttuple {
    fly_itnode n[FLY_IT_MAX_NODES];
} fly_inttuple;

/* ---- leaf nodes ---- */

/* A static integer leaf node. */
fly_itnode fly_itnode_int(int64_t v);
/* A dynamic leaf node; div < 1 means 1; width 64 gives i64, anything else i32. */
fly_itnode fly_itnode_dyn(uint64_t handle, int64_t div, int width);
/* The "none" leaf node (printed *). */
fly_itnode fly_itnode_none(void);
/* A basis leaf coef*E<path[0]>E<path[1]>...; fails on an empty or too long path or modes > 255. */
fly_status fly_itnode_basis(fly_itnode *out, int64_t coef, const int *path, int npath, fly_error *err);
/* Basis path of a BASIS node: returns its length and stores up to FLY_BASIS_MAX_PATH modes. */
int fly_itnode_basis_path(const fly_itnode *n, int *path);
/* True when the node is a static integer leaf. */
static inline bool fly_itnode_is_int(const fly_itnode *n) { return n->kind == FLY_IT_INT; }

/* ---- construction ---- */

/* Sets t to a single static integer leaf. */
void fly_inttuple_int(fly_inttuple *t, int64_t v);
/* Sets t to a single leaf node (any leaf kind). */
void fly_inttuple_leaf(fly_inttuple *t, fly_itnode leaf);
/* Sets t to the flat tuple (v[0],...,v[n-1]) of static integers; n == 0 gives (). */
fly_status fly_inttuple_from_ints(fly_inttuple *t, const int64_t *v, int n, fly_error *err);
/* Sets t to the tuple whose elements are elems[0..n) (each copied whole). */
fly_status fly_inttuple_make_tuple(fly_inttuple *t, const fly_inttuple *const *elems, int n, fly_error *err);
/* Copies src into dst (only the used nodes). */
void fly_inttuple_copy(fly_inttuple *dst, const fly_inttuple *src);

/* Incremental preorder builder: open/leaf/append/close, then finish. Errors are sticky. */
typedef struct fly_itbuilder {
    fly_inttuple *t;
    int len;
    int depth;
    int stack[FLY_IT_MAX_DEPTH + 1];
    fly_status st;
} fly_itbuilder;

/* Starts building into t. */
void fly_itb_init(fly_itbuilder *b, fly_inttuple *t);
/* Opens a tuple node as the next element. */
void fly_itb_open(fly_itbuilder *b);
/* Closes the innermost open tuple. */
void fly_itb_close(fly_itbuilder *b);
/* Appends a leaf node as the next element. */
void fly_itb_leaf(fly_itbuilder *b, fly_itnode leaf);
/* Appends a copy of the subtree rooted at node (a pointer into any tuple) as the next element. */
void fly_itb_subtree(fly_itbuilder *b, const fly_itnode *node);
/* Completes the build: exactly one root and no open tuples; returns FLY_OK or the sticky error. */
fly_status fly_itb_finish(fly_itbuilder *b, fly_error *err);

/* ---- navigation and queries ---- */

/* Number of used nodes. */
static inline int fly_inttuple_nodes(const fly_inttuple *t) { return t->n[0].span; }
/* True when the root is a leaf (not a tuple). */
static inline bool fly_inttuple_is_leaf(const fly_inttuple *t) { return t->n[0].kind != FLY_IT_TUPLE; }
/* Pointer to child i of tuple node p (no bounds check). */
const fly_itnode *fly_itnode_child(const fly_itnode *p, int i);
/* Rank: number of top-level elements, 1 for a leaf. */
int fly_inttuple_rank(const fly_inttuple *t);
/* Depth: 0 for a leaf, 1 + max depth of the children for a tuple. */
int fly_inttuple_depth(const fly_inttuple *t);
/* True when every leaf is a static integer. */
bool fly_inttuple_is_static(const fly_inttuple *t);
/* Structural equality (same nesting, same leaves, dynamic leaves by handle, width, divisibility). */
bool fly_inttuple_equal(const fly_inttuple *a, const fly_inttuple *b);
/* Same tree structure (leaves match leaves, tuples of equal length). */
bool fly_inttuple_congruent(const fly_inttuple *a, const fly_inttuple *b);
/* CuTe compatible: a leaf a equals size(b); a tuple a needs a tuple b of equal length, pairwise compatible. */
bool fly_inttuple_compatible(const fly_inttuple *a, const fly_inttuple *b);
/* Weakly congruent: a leaf of a matches any subtree of b; tuples must have equal length. */
bool fly_inttuple_weakly_congruent(const fly_inttuple *a, const fly_inttuple *b);
/* Element i of a tuple (a leaf has only element 0, itself). */
fly_status fly_inttuple_get(const fly_inttuple *t, int i, fly_inttuple *out, fly_error *err);
/* Follows a path of element indices. */
fly_status fly_inttuple_get_path(const fly_inttuple *t, const int *path, int npath, fly_inttuple *out, fly_error *err);
/* Product of all leaves (size of a shape), as a leaf (dynamic if any leaf is). */
fly_status fly_inttuple_product(const fly_inttuple *t, fly_inttuple *out, fly_error *err);
/* Product of all leaves when static; FLY_E_DYNAMIC otherwise. */
fly_status fly_inttuple_product_static(const fly_inttuple *t, int64_t *out, fly_error *err);
/* Product of each top-level element: ((2,3),(4,5)) -> (6,20); a leaf gives itself. */
fly_status fly_inttuple_product_each(const fly_inttuple *t, fly_inttuple *out, fly_error *err);
/* FlyDSL's int_tuple_product_like: t shaped as guide, each guide leaf the product of the sub-tuple of t it
 * covers: ((2,3),(4,5)) like (0,(0,0)) -> (6,(4,5)); a leaf guide gives the product of t (like.c). */
fly_status fly_inttuple_product_like(const fly_inttuple *t, const fly_inttuple *guide, fly_inttuple *out,
                                     fly_error *err);
/* Largest static leaf (dynamic leaves are ignored; FLY_E_DYNAMIC if there is none). */
fly_status fly_inttuple_max(const fly_inttuple *t, int64_t *out, fly_error *err);
/* The leaves, left to right, as a flat tuple (always a tuple: 4 -> (4)). */
fly_status fly_inttuple_flatten(const fly_inttuple *t, fly_inttuple *out, fly_error *err);

/* ---- arithmetic ---- */

/* Exclusive prefix product of t starting at init (NULL = 1); a tuple init must match t's top level. */
fly_status fly_inttuple_prefix_product(const fly_inttuple *t, const fly_inttuple *init, fly_inttuple *out,
                                       fly_error *err);
/* Sum of leafwise products of congruent a and b, as a leaf. */
fly_status fly_inttuple_inner_product(const fly_inttuple *a, const fly_inttuple *b, fly_inttuple *out, fly_error *err);
/* Scales a by b: congruent elementwise; a leaf a with a tuple b multiplies by size(b). */
fly_status fly_inttuple_elem_scale(const fly_inttuple *a, const fly_inttuple *b, fly_inttuple *out, fly_error *err);
/* CuTe shape_div: divides shape a by b (a leaf b is divided out of a's modes left to right). */
fly_status fly_inttuple_shape_div(const fly_inttuple *a, const fly_inttuple *b, fly_inttuple *out, fly_error *err);
/* CuTe ceil_div: like shape_div with rounding up; a leaf b divides a's modes left to right. */
fly_status fly_inttuple_ceil_div(const fly_inttuple *a, const fly_inttuple *b, fly_inttuple *out, fly_error *err);

typedef enum fly_itop { FLY_ITOP_ADD, FLY_ITOP_SUB, FLY_ITOP_MUL, FLY_ITOP_DIV, FLY_ITOP_MOD } fly_itop;
/* Elementwise a op b for congruent a, b (a leaf b is broadcast); DIV/MOD by 0 fail. */
fly_status fly_inttuple_elementwise(fly_itop op, const fly_inttuple *a, const fly_inttuple *b, fly_inttuple *out,
                                    fly_error *err);
/* elem_less: every leaf of a is less than the matching leaf of b (a must be weakly congruent to b). */
fly_status fly_inttuple_elem_less(const fly_inttuple *a, const fly_inttuple *b, bool *out, fly_error *err);

/* ---- structure ---- */

/* Zips tuples a and b of equal rank into ((a0,b0),(a1,b1),...); leaves give (a,b). */
fly_status fly_inttuple_zip(const fly_inttuple *a, const fly_inttuple *b, fly_inttuple *out, fly_error *err);
/* Appends x as a new last element (a leaf t becomes (t,x)). */
fly_status fly_inttuple_append(const fly_inttuple *t, const fly_inttuple *x, fly_inttuple *out, fly_error *err);
/* Prepends x as a new first element (a leaf t becomes (x,t)). */
fly_status fly_inttuple_prepend(const fly_inttuple *t, const fly_inttuple *x, fly_inttuple *out, fly_error *err);
/* Elements [begin,end) as a tuple (a single element is returned as itself). */
fly_status fly_inttuple_take(const fly_inttuple *t, int begin, int end, fly_inttuple *out, fly_error *err);
/* Groups elements [begin,end) into one nested element. */
fly_status fly_inttuple_group(const fly_inttuple *t, int begin, int end, fly_inttuple *out, fly_error *err);
/* Elements idx[0..n) in that order (n == 1 returns the element itself). */
fly_status fly_inttuple_select(const fly_inttuple *t, const int *idx, int n, fly_inttuple *out, fly_error *err);
/* Canonical form: every rank-1 tuple is unwrapped, at every level. */
void fly_inttuple_canonical(const fly_inttuple *t, fly_inttuple *out);

/* ---- dynamic leaf arithmetic hook ----
 * When leaf arithmetic inside the library (sizes, divides, products...) combines two numeric
 * leaves into a dynamic result, an installed hook is asked for the result's handle, so that a
 * client that binds handles to runtime values (a tracer or an IR lowering) can compute it. The
 * hook is per thread; without one (the default) computed dynamic leaves get handle 0. */
typedef enum fly_dynop {
    FLY_DYN_ADD,
    FLY_DYN_SUB,
    FLY_DYN_MUL,
    FLY_DYN_DIV /* floor */,
    FLY_DYN_CEIL_DIV,
    FLY_DYN_MOD,
    FLY_DYN_MIN,
    FLY_DYN_MAX
} fly_dynop;
/* Returns the handle of `res` = a op b (a and b are static or dynamic leaves), or 0 when unknown. */
typedef uint64_t (*fly_dyn_hook)(void *user, fly_dynop op, const fly_itnode *a, const fly_itnode *b,
                                 const fly_itnode *res);
/* Installs fn (NULL removes it) for the calling thread; returns the previous hook and its user data. */
fly_dyn_hook fly_layout_set_dyn_hook(fly_dyn_hook fn, void *user, void **prev_user);

/* ---- text ---- */

/* Prints t in FlyDSL compact syntax, snprintf-style: returns the full length, writes at most cap bytes. */
int fly_inttuple_print(const fly_inttuple *t, char *buf, size_t cap);
/* Prints one leaf node (INT, DYN, BASIS or NONE). */
int fly_itnode_print(const fly_itnode *n, char *buf, size_t cap);
/* Parses an int tuple ("(4, (8,?{div=4}))", "1E0", "*"); the whole text must be consumed. */
fly_status fly_inttuple_parse(const char *text, fly_inttuple *out, fly_error *err);
/* Parses an int tuple at *pos (spaces allowed) and advances *pos past it. */
fly_status fly_inttuple_parse_prefix(const char **pos, fly_inttuple *out, fly_error *err);

/* Prints into a static-free caller buffer of 256 bytes and returns it (for messages). */
const char *fly_inttuple_str(const fly_inttuple *t, char buf[256]);

#ifdef __cplusplus
}
#endif
#endif
