/* trace_scf.h - control flow while tracing, internal to src/flydsl/trace/: what trace_scf.c (running the
 * branches and bodies, emitting the scf ops) and trace_carry.c (the values that flow through them) share.
 *
 * A carry (fy_carry) follows the variables of one `if`, `for` or `while` on a traced value: it remembers
 * their values and the contents of every list, dict and plain object reachable from the frame's locals,
 * so that branches run from one state and in-place stores (`lst[i] = v`, `d[k] = v`, `o.x = v`) are seen.
 * Values are flattened into leaves, each one SSA value (a numeric or Python int/float/bool, a Vector, a
 * kernel tensor, a pointer), through tuples, lists, dicts, plain objects and struct values, and rebuilt in
 * their structure from the scf op's results. */
#ifndef FLYI_TRACE_SCF_H
#define FLYI_TRACE_SCF_H

#include "compile/code.h"
#include "exec/interp.h"
#include "flydsl/trace/trace_int.h"

/* ---- trace_scf.c ---- */
/* Does frame f read fast local (or cell, -2 - i) idx at or after instruction `from` (before a store)? */
int fy_scf_used_after(fy_frame *f, int idx, int from);
/* The numeric type v stands for (its own, or Int32 / Float32 / Boolean for a Python literal: *lit), or NULL. */
fy_dsl_numeric *fy_scf_type_of(fy_obj *v, int *lit);
/* v (numeric or literal) as an SSA handle of type t; 0 or -1. */
int fy_scf_as_ssa(fy_tracer *tr, fy_obj *v, fy_dsl_numeric *t, uint64_t *out);
/* Is o a struct value (@fx.struct); its fields (borrowed, *n of them); a copy with the fields v (trace_smem.c). */
int fy_trace_struct_fields(fy_obj *o, fy_obj ***v, int *n);
fy_obj *fy_trace_struct_with(fy_obj *o, fy_obj *const *v);
/* A Vector's SSA handle, element type and length; -1 when v is not a Vector (trace_vector.c). */
int fy_tvector_parts(fy_obj *v, uint64_t *ssa, fy_dsl_numeric **et, int64_t *n);

/* ---- trace_carry.c ---- */
typedef struct fy_carry fy_carry;
/* A carry over the n variables slots[k] (names[k] for messages, fast[k] their fast-local index as
 * region_slots gives it) of frame f, for the statement at `line` (what: "`if`", "loop"). NULL on error. */
fy_carry *fy_carry_new(fy_frame *f, fy_obj **const *slots, fy_obj *const *names, const int *fast, int n, int line,
                       const char *what);
void fy_carry_free(fy_carry *c);
/* Is v a leaf (a numeric or Python number, a Vector, a kernel tensor, a pointer)? */
int fy_carry_is_leaf(fy_obj *v);

/* if: after branch br (0, 1) ran, record its state; after branch 0 also put the entry state back. 0 or -1. */
int fy_carry_branch_end(fy_carry *c, int br);
/* Merges the two branches' states: the values that differ become results (leaves), checked to be mergeable;
 * a variable that cannot be merged and is not read after instruction `endpc` is unbound. Returns the number
 * of results, or -1 with an exception naming the variable. */
int fy_carry_merge(fy_carry *c, int endpc);
/* Did a branch change a container's contents? */
int fy_carry_changed(fy_carry *c);
/* The MLIR type of result i, its SSA number; its value in branch br as an SSA handle (emitted into the current body). */
const char *fy_carry_type(fy_carry *c, int i);
uint64_t fy_carry_res(fy_carry *c, int i);
int fy_carry_branch_ssa(fy_carry *c, fy_tracer *tr, int br, int i, uint64_t *out);
/* Gives the variables and containers their merged values (result i is SSA value fy_carry_res(c, i)). 0 or -1. */
int fy_carry_commit_if(fy_carry *c);

/* Loops: mode[k] says how variable k is carried: 0 not, 1 rebound in the body (a fresh copy of its
 * structure is carried), 2 changed only in place (its containers carry their items in place). Builds
 * the leaves with their initial SSA values (emitted into the current body). The number of leaves, or -1. */
int fy_carry_loop_begin(fy_carry *c, fy_tracer *tr, const unsigned char *mode);
uint64_t fy_carry_init(fy_carry *c, int i);
/* Binds the carried variables to block arguments base + i (leaf i). 0 or -1. */
int fy_carry_bind(fy_carry *c, uint64_t base);
/* After the body: the values to yield (ys[i] for leaf i), checking every carried variable kept its
 * structure and types and no other container was changed. 0 or -1 with an exception. */
int fy_carry_loop_yields(fy_carry *c, fy_tracer *tr, uint64_t *ys);
/* Refuses kept leaves that no scf op can carry (tensors, pointers): 0 or -1 naming the variable. */
int fy_carry_check_kept(fy_carry *c, const int *keep);
/* After the loop: leaf i is res[i] when keep[i], else its value before the loop. 0 or -1. */
int fy_carry_loop_commit(fy_carry *c, const int *keep, const uint64_t *res);

/* One value carried by a loop (range(..., init=v)): its template and leaves (initial values emitted), the
 * number of leaves or -1; the value with leaf i block argument / result base + i; the leaves of value v
 * (named path in messages) at the loop's yield, which must have v's structure and types. Make the carry
 * with fy_carry_new(f, NULL, NULL, NULL, 0, line, what). */
int fy_carry_value_begin(fy_carry *c, fy_tracer *tr, fy_obj *v);
/* Refuses tensors and pointers among the leaves (no scf op carries them): 0 or -1. */
int fy_carry_value_check(fy_carry *c);
fy_obj *fy_carry_value_make(fy_carry *c, uint64_t base);
int fy_carry_value_yields(fy_carry *c, fy_tracer *tr, fy_obj *v, const char *path, uint64_t *ys);

#endif
