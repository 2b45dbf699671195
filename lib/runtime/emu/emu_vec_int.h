/* emu_vec_int.h - the lane-vector form's internal interface (emu_vec*.c): what is known of each old value,
 * the builder's state, and the analysis, value, memory and control-flow parts. Not for other modules. */
#ifndef FLY_EMU_VEC_INT_H
#define FLY_EMU_VEC_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "runtime/emu/emu.h"
#include "runtime/emu/emu_irb.h"

#define VW 64   /* lanes of a wave */
#define MAXW 16 /* waves of the largest block (1024 threads) */

/* The run of a barrier loop's carried values (no op's): always reloaded from their slots. */
#define FLY_VX_SEG_SLOT (1 << 30)

/* What is known of an old value (of the __emu body). */
typedef struct fly_vx_ent {
    MlirValue nv;    /* its value in the new function, where visible */
    MlirValue cbase; /* lane-dependent and consecutive: the uniform index of lane 0 (index type); else null */
    MlirValue slot;  /* its per-wave slot (a memref), when a later run uses it */
    int vary;        /* depends on the thread id */
    int seg;         /* the run that defines it; -1: visible everywhere (arguments, hoisted uniform ops) */
    int spill;       /* used by another run */
    int reloaded;    /* the run that last reloaded it from its slot, + 1 */
    MlirValue lane0; /* a lane-dependent pointer (nv: the lanes' addresses) of consecutive lanes: lane 0's */
    MlirValue guard; /* and the i1 that says the lanes do not wrap (null: always) */
    int64_t pstride; /* the bytes between lanes of lane0 */
} fly_vx_ent;

typedef struct fly_vx {
    MlirContext ctx;
    fly_emu_kernel *k;
    MlirType idx, i1, i64, i32, ptr;
    const void **keys;
    int *vals;
    size_t cap, n;
    fly_vx_ent *e;
    int ne, cape;
    bool bad;
    bool mfma, mf_seen; /* build kernels with MFMAs (else defer them: fly_emu_make_vector); one was seen */
    char why[160];
    int nseg, cur;                       /* numbering of the runs */
    int64_t priv;                        /* the bytes of register arrays a lane holds */
    MlirValue octx, tx, ctxv, nw, iota, wb, w, scratch, scratch2, stval, ones, c0, c1;
    MlirOperation *splits;               /* the cross-lane operations that start a run (fly_vx_splits_run) */
    int nsplit, capsplit;
    MlirValue mfab, mfc, mfd; /* the MFMA operands and results of a wave (memrefs), made on first use */
    MlirValue mfc_at;         /* the next MFMA's c: the i64 address of a register array's slots, or null (mfc) */
    MlirOperation mf_ld, mf_st; /* an MFMA's d load and its store to a register array, written in place (skipped) */
    MlirBlock fentry;
    MlirOperation first; /* the new entry's first op: slots go before it */
} fly_vx;

/* arith.cmpi predicates */
enum { CMP_EQ = 0, CMP_NE = 1, CMP_ULT = 6, CMP_ULE = 7, CMP_UGT = 8, CMP_UGE = 9 };

/* ---- analysis (emu_vec_ana.c) ---- */

/* Marks the kernel as not taking the form, with why (the first reason stays); FLYI_EMU_VEC_WHY=3 prints op. */
void fly_vx_bad(fly_vx *x, const char *why, MlirOperation op);
/* The entry of old value v, or null; fly_vx_add makes it (null: out of memory, x->bad set). */
fly_vx_ent *fly_vx_get(fly_vx *x, MlirValue v);
fly_vx_ent *fly_vx_add(fly_vx *x, MlirValue v);
/* Whether old value v depends on the thread id. */
bool fly_vx_vary(fly_vx *x, MlirValue v);
/* Op name queries: the name, its prefix ("arith."), a func.call of callee. */
bool fly_vx_is(MlirOperation op, const char *name);
bool fly_vx_prefix(MlirOperation op, const char *p);
bool fly_vx_is_call(MlirOperation op, const char *callee);
/* Whether v is the thread id (x->tx) through up to four casts that keep its value (to index or integers of 16 bits
 * or more; trunc: arith.trunci too, the id being below 1024) (emu_vec_ana.c). */
bool fly_vx_is_tid(fly_vx *x, MlirValue v, bool trunc);
/* An integer, float or index type. */
bool fly_vx_scalar_type(MlirType t);
/* vector<64 x t>: one element per lane of a wave; for a per-lane vector<K x T>, vector<64*K x T> element-major
 * (element k of lane l at k * 64 + l). */
MlirType fly_vx_vec_of(fly_vx *x, MlirType t);
/* K of a per-lane vector the form holds (rank 1, K x T of at most 64 bytes, T an integer or float): else 0. */
int64_t fly_vx_lane_k(MlirType t);
/* FLYI_EMU_VEC_LANES=1: per-lane vectors, block allocas and wave-uniform branches take the form (experimental: one
 * of FlyDSL's layernorm variants aborts LLVM with them). */
bool fly_vx_lanes_on(void);
/* A vector of bf16 or f16: a per-lane one is held as i16 in the lanes' form (fly_vx_vec_of). */
bool fly_vx_half_vec(MlirType t);
/* Whether op is, or holds, a fly_emu_barrier call. */
bool fly_vx_has_barrier(MlirOperation op);
/* A memref in address space 3 (the LDS). */
bool fly_vx_lds_memref(MlirType t);
/* A ctx word load (emu_lower's block ids and dims, the LDS pointer): uniform, no side effect. */
bool fly_vx_ctx_load(fly_vx *x, MlirOperation op, int *word);
/* Marks v lane-dependent when on; whether that changed anything (the fixed point's step). */
bool fly_vx_mark(fly_vx *x, MlirValue v, bool on);
/* The first block of region r of op. */
MlirBlock fly_vx_region_block(MlirOperation op, int r);
/* One pass of the lane-dependence analysis over block b; whether anything changed. */
bool fly_vx_vary_block(fly_vx *x, MlirBlock b);
/* Whether old value v is the same in every lane of a wave (uniform, or computed from the wave's index tid / 64). */
bool fly_vx_wave_uniform(fly_vx *x, MlirValue v, int depth);
/* Numbers the runs of a barrier level (the body, a barrier loop's body); marks hoisted uniform ops. */
void fly_vx_scan_block(fly_vx *x, MlirBlock b, bool level, bool divergent);
/* Whether cross-lane operation op, at a barrier level, starts a new run (the scan decided so): the phase loop
 * runs every thread up to a cross-lane operation before any goes on, so memory accesses of different waves on
 * either side of it that may conflict (a store on one side, an access of the same memory on the other) keep
 * that order when the wave loop is cut there. */
bool fly_vx_splits_run(fly_vx *x, MlirOperation op);
/* An MFMA's lane record (emu_mfma.c's lowering): whether old pointer p is fly_emu_mfma_slot's result or a constant
 * byte offset from it (in *off); whether op (the call) has only such uses, loads and stores. */
bool fly_vx_mf_ptr(MlirValue p, int64_t *off);
bool fly_vx_mf_uses_ok(MlirOperation call);

/* Frees the map of old values. */
void fly_vx_free(fly_vx *x);

/* ---- values (emu_vec_gen.c) ---- */

/* Builders at b: an op with one result; a binary op of p's type; arith.cmpi (i1 or a vector of i1); a
 * broadcast to the lanes; a one-operand conversion. */
MlirValue fly_vx_val(fly_emu_irb *b, const char *name, int n, const MlirValue *ops, MlirType t);
MlirValue fly_vx_bin(fly_emu_irb *b, const char *name, MlirValue p, MlirValue q);
MlirValue fly_vx_cmpi(fly_vx *x, fly_emu_irb *b, int pred, MlirValue p, MlirValue q);
MlirValue fly_vx_bcast(fly_vx *x, fly_emu_irb *b, MlirValue s);
MlirValue fly_vx_cast(fly_emu_irb *b, const char *name, MlirValue v, MlirType t);
/* The new form of old value v; as a vector when want_vec. */
MlirValue fly_vx_use(fly_vx *x, fly_emu_irb *b, MlirValue v, bool want_vec);
/* Records nv as the new form of old value v (a vector when isvec; cbase: see fly_vx_ent). */
void fly_vx_put(fly_vx *x, MlirValue old, MlirValue nv, bool isvec, MlirValue cbase);
/* vector.reduction of kind ("or", "minui") over the lanes; any_of: whether any lane of mask is set. */
MlirValue fly_vx_reduce(fly_vx *x, fly_emu_irb *b, const char *kind, MlirValue v);
MlirValue fly_vx_any_of(fly_vx *x, fly_emu_irb *b, MlirValue mask);
/* scf.if cond without results; b moves into its then block. */
void fly_vx_open_if(fly_vx *x, fly_emu_irb *b, MlirValue cond);
/* scf.for lb..ub step 1 without results; b moves into its body; returns the induction variable. */
MlirValue fly_vx_open_for(fly_vx *x, fly_emu_irb *b, MlirValue lb, MlirValue ub, MlirValue step);
/* The i64 address of element 0 of memref m. */
MlirValue fly_vx_base_addr(fly_vx *x, fly_emu_irb *b, MlirValue m);
/* An i64 constant; the i64 word of the context; an "alignment" attribute of type t; zero of type t. */
MlirValue fly_vx_i64c(fly_vx *x, fly_emu_irb *b, int64_t v);
MlirValue fly_vx_ctx_i64(fly_vx *x, fly_emu_irb *b, int word);
MlirNamedAttribute fly_vx_align_attr(fly_vx *x, int64_t a, MlirType t);
MlirValue fly_vx_zero_of(fly_vx *x, fly_emu_irb *b, MlirType t);
/* The new form of old op (or of block ob's ops) under mask (null: all lanes). */
void fly_vx_gen_op(fly_vx *x, fly_emu_irb *b, MlirOperation op, MlirValue mask);
void fly_vx_gen_block(fly_vx *x, fly_emu_irb *b, MlirBlock ob, MlirValue mask);

/* An MFMA's deposit (a store to its lane record), its product (the MFMA suspension) and its result (a load). */
void fly_vx_gen_mfma(fly_vx *x, fly_emu_irb *b, MlirOperation op);

/* ---- memory (emu_vec_mem.c) ---- */

/* memref.load / memref.store of a rank-1 memref under mask. */
void fly_vx_gen_access(fly_vx *x, fly_emu_irb *b, MlirOperation op, MlirValue mask);
/* llvm.load / llvm.store through a pointer (not the context's). */
void fly_vx_gen_llaccess(fly_vx *x, fly_emu_irb *b, MlirOperation op, MlirValue mask);
/* A lane-dependent address: base[index] over scalars (uniform base), or p[constant] (lane-dependent p). */
void fly_vx_gen_gep(fly_vx *x, fly_emu_irb *b, MlirOperation op);

/* Register arrays (llvm.alloca of K scalars, every use a load or store of an element at a constant index in
 * range): whether alloca a is one; whether old pointer p is one or one's element; the slots of an alloca
 * (or nothing, for an element's gep); a load or store of an element under mask. */
int64_t fly_vx_priv_bytes(MlirOperation a);
bool fly_vx_priv_ptr(MlirValue p);
void fly_vx_gen_priv(fly_vx *x, MlirOperation op);
void fly_vx_gen_priv_access(fly_vx *x, fly_emu_irb *b, MlirOperation op, MlirValue mask);

/* Whether old pointer p is a register array's element of 4 bytes; the i64 address of the wave's slots of that element
 * (value v of lane l at 4 (v * 64 + l) bytes from it, as an MFMA's c and d), null when p is not one. */
bool fly_vx_priv_word_ptr(MlirValue p);
MlirValue fly_vx_priv_addr(fly_vx *x, fly_emu_irb *b, MlirValue p);

/* Block allocas (not register arrays; a buffer resource record): the alloca old pointer p derives from, or null;
 * whether all of an alloca's uses are loads, stores, constant geps and casts; the alloca (at the function's
 * start) or an access through it, as it is. */
MlirOperation fly_vx_ualloca_of(MlirValue p);
bool fly_vx_ualloca_ok(MlirOperation a);
void fly_vx_gen_ualloca(fly_vx *x, fly_emu_irb *b, MlirOperation op);

/* ---- per-lane vectors (emu_vec_lvec.c) ---- */

/* A lane value vector<64 x T> as each of k elements (vector<64*k x T>), k <= 1: itself; a uniform vector<K x T>
 * for every lane; element-major to lane-major (lane l's k elements at l * k, as in memory); zero of a vector type. */
MlirValue fly_vx_widen(fly_vx *x, fly_emu_irb *b, MlirValue v, int64_t k);
MlirValue fly_vx_repl(fly_vx *x, fly_emu_irb *b, MlirValue u);
MlirValue fly_vx_lane_major(fly_vx *x, fly_emu_irb *b, MlirValue v, int64_t k);
MlirValue fly_vx_zero_vec(fly_vx *x, fly_emu_irb *b, MlirType vt);
/* scf.if cond with n results of types ts; tb, eb: builders at the ends of its arms (the caller adds the yields). */
MlirOperation fly_vx_open_if_res(fly_vx *x, fly_emu_irb *b, MlirValue cond, int n, const MlirType *ts, fly_emu_irb *tb,
                                 fly_emu_irb *eb);
/* Whether the form handles vector op op with lane-dependent operands; its new form. */
bool fly_vx_lvec_ok(fly_vx *x, MlirOperation op);
void fly_vx_gen_lvec(fly_vx *x, fly_emu_irb *b, MlirOperation op);
/* A load or store of a vector a lane at the lanes' addresses addrs (checked by the caller), under mask. */
void fly_vx_gen_lvaccess(fly_vx *x, fly_emu_irb *b, MlirOperation op, MlirValue mask, MlirValue addrs, bool lds);

/* ---- control flow (emu_vec_flow.c) ---- */

/* scf.if (uniform: a branch; lane-dependent: both arms under masks) and scf.for (uniform bounds). */
void fly_vx_gen_if(fly_vx *x, fly_emu_irb *b, MlirOperation op, MlirValue mask);
void fly_vx_gen_for(fly_vx *x, fly_emu_irb *b, MlirOperation op, MlirValue mask);
/* A barrier level: runs separated by barriers and barrier loops. */
void fly_vx_gen_level(fly_vx *x, fly_emu_irb *b, MlirBlock ob, MlirValue tx);

#endif
