/* emu.h - the CPU emulator's internals: the compiled program (host code of every kernel of a
 * module, from the MLIR ExecutionEngine), the per-worker context the generated code reads, and
 * the executor that runs a grid with GPU semantics (workgroups on all cores, kernels that
 * synchronise in phases over per-thread frames, access checks, printf records).
 *
 * Generated code and C agree on fly_emu_ctx: the host lowering (emu_lower.c) reads the first
 * FLY_EMU_CTX_IR_FIELDS 64-bit words by index and passes the context to every runtime call. */
#ifndef FLY_EMU_H
#define FLY_EMU_H

#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mlir-c/IR.h"
#include "runtime/emu/emu_exp2f.h"

/* Word indices of fly_emu_ctx that generated code loads. */
enum {
    FLY_EMU_CTX_BLOCK_ID = 0,  /* 3 words: x, y, z */
    FLY_EMU_CTX_BLOCK_DIM = 3, /* 3 words */
    FLY_EMU_CTX_GRID_DIM = 6,  /* 3 words */
    FLY_EMU_CTX_LDS = 9,       /* pointer to the workgroup's LDS */
    FLY_EMU_CTX_PRINTF = 10,   /* pointer to the worker's printf record buffer */
    FLY_EMU_CTX_TID = 11,      /* 3 words: the running thread (fiber mode) */
    FLY_EMU_CTX_HITS = 14,     /* pointer to [lo, hi) pairs: the buffer each global access site last hit */
    FLY_EMU_CTX_LDS_LO = 15,   /* [lo, hi) of the workgroup's LDS allocation */
    FLY_EMU_CTX_LDS_HI = 16,
    FLY_EMU_CTX_INTR = 17,     /* pointer to an int: non-zero asks loops to call fly_emu_poll */
    FLY_EMU_CTX_XVALID = 18,   /* 1 when the last cross-lane read came from a valid lane */
    FLY_EMU_CTX_HANDLE = 19,   /* a coroutine thread's handle (its ramp stores it: the frame escapes) */
    FLY_EMU_CTX_STATE = 20,    /* pointer to the block's thread states (bytes, FLY_EMU_T_*) */
    FLY_EMU_CTX_SITES = 21,    /* pointer to the int32 barrier site each thread waits at */
    FLY_EMU_CTX_CUR = 22,      /* the running thread (linear id in the block) */
    FLY_EMU_CTX_FRAMES = 23,   /* phase loops: the block's thread frames, STRIDE bytes each */
    FLY_EMU_CTX_STRIDE = 24,
    FLY_EMU_CTX_NTHREADS = 25, /* threads in the block */
    FLY_EMU_CTX_CNT_DONE = 26, /* set by a phase loop: threads that ended in it */
    FLY_EMU_CTX_CNT_BAR = 27,  /* and threads that now wait at a barrier */
    FLY_EMU_CTX_SH_VAL = 28,   /* phase loops, inline cross-lane operations: pointers to the block's per-thread */
    FLY_EMU_CTX_SH_OFF = 29,   /* operands (i64 value, i32 offset, width, mode) and results (i64, valid byte) */
    FLY_EMU_CTX_SH_WIDTH = 30,
    FLY_EMU_CTX_SH_MODE = 31,
    FLY_EMU_CTX_SH_RES = 32,
    FLY_EMU_CTX_SH_VALID = 33,
    FLY_EMU_CTX_CNT_WAVE = 34, /* threads that now wait at a cross-lane operation (added to by generated code) */
    FLY_EMU_CTX_IR_FIELDS = 35
};

/* Thread states (bytes of the FLY_EMU_CTX_STATE array). */
enum { FLY_EMU_T_READY, FLY_EMU_T_DONE, FLY_EMU_T_BAR, FLY_EMU_T_WAVE, FLY_EMU_T_DEAD, FLY_EMU_T_RUN };

/* Cross-lane operations of fly_emu_shfl. */
enum {
    FLY_EMU_X_XOR,
    FLY_EMU_X_UP,
    FLY_EMU_X_DOWN,
    FLY_EMU_X_IDX, /* gpu.shuffle modes (lanes within width) */
    FLY_EMU_X_READLANE,      /* rocdl.readlane: the lane given by offset */
    FLY_EMU_X_READFIRSTLANE, /* rocdl.readfirstlane: the lowest active lane */
    FLY_EMU_X_BPERMUTE,      /* rocdl.ds_bpermute: the lane (offset / 4) mod 64 */
    FLY_EMU_X_BALLOT,        /* rocdl.ballot: bit n set when lane n's value is non-zero */
    FLY_EMU_X_SWIZZLE,       /* rocdl.ds_swizzle: the lane of the offset's pattern (bitmask or quad-permute
                              * mode, checked by the lowering); an inactive source lane gives 0 */
    FLY_EMU_X_DPP,           /* llvm.amdgcn.update.dpp: offset = the dpp_ctrl (gfx9's: quad_perm, row_shl/shr/ror,
                              * wave_shl/rol/shr/ror:1, the mirrors, row_bcast:15/31); the xvalid word says whether the source lane is in the row */
    FLY_EMU_X_MFMA           /* rocdl.mfma.*: offset = the kind (emu_mfma.c); operands deposited before */
};

/* ---- emu_mfma.c: MFMA across the lanes of a wave ---- */
/* A lane's MFMA operands (A and B values packed in a word) and results. */
typedef struct fly_emu_mfma_lane {
    int64_t a, b, a2, b2; /* a2, b2: the high words of 128-bit operands (8 f16 / bf16 or 16 i8 values) */
    float c[16], d[16];   /* i32 for the integer MFMAs (the same 4-byte slots) */
    uint32_t wa[8], wb[8]; /* the scaled MFMA's operands: 32 fp8 / fp6 / fp4 values packed into 8 / 6 / 4 dwords */
    uint32_t sa, sb;       /* and its scale words (E8M0 bytes) */
} fly_emu_mfma_lane;
/* Computes d of the n (<= 64) lanes of a wave whose active[] flag is set, for MFMA `kind`. */
void fly_emu_mfma_wave(int kind, fly_emu_mfma_lane *lanes, const unsigned char *active, int n);
/* The same, lane by lane and product by product (the reference the full-wave matrix product is tested against). */
void fly_emu_mfma_wave_ref(int kind, fly_emu_mfma_lane *lanes, const unsigned char *active, int n);
/* Rewrites a rocdl.mfma.* op into deposit calls, the cross-lane suspension and result reads (ctxv: the
 * context argument; chip: the emulated chip, whose fp8 format the fp8 MFMAs read). 0; 1 when op is no MFMA;
 * -1 with err (an MFMA the emulator does not support). */
int fly_emu_lower_mfma(MlirOperation op, MlirValue ctxv, const char *chip, char *err, size_t cap);
/* ---- emu_mfma_scale.c: gfx950's scaled MFMA (rocdl.mfma.scale.*); its kinds are FLY_EMU_MFMA_SCALED + a code of
 * the op's constants (shape, formats, opsels, unscaled) ---- */
#define FLY_EMU_MFMA_SCALED 4096
/* Nonzero when kind is a scaled MFMA's. */
int fly_emu_mfma_is_scaled(int kind);
/* Computes d of the active lanes of a wave (n <= 64) for scaled kind `kind` (one reference path). */
void fly_emu_mfma_scaled_wave(int kind, fly_emu_mfma_lane *lanes, const unsigned char *active, int n);
/* The flops of one scaled MFMA and the bits of A's values in *bits. */
int64_t fly_emu_mfma_scaled_flops(int kind, int *bits);
/* Rewrites a rocdl.mfma.scale.* op as fly_emu_lower_mfma does; 0, or -1 with err (not a form the emulator runs). */
int fly_emu_lower_mfma_scale(MlirOperation op, MlirValue ctxv, char *err, size_t cap);
/* Runtime (emu_exec.c): the running lane's record (generated code stores a, b and c into it before the
 * suspension and loads d after). */
void *fly_emu_mfma_slot(void *ctx);
/* The lane-vector form's MFMA of a whole wave (emu_mfma.c): operands and results as the wave's lane vectors (ab: the
 * a, b, a2, b2 words, 64 each; c, d: 16 values a lane, element-major), addresses as integers. */
void fly_emu_vmfma(int32_t kind, int64_t ab, int64_t c, int64_t d);

/* Flags of fly_emu_chk. */
/* FLY_EMU_ACC_REG: a register tensor (private alloca) access; addr is the byte offset and bits 8..31 of flags
 * the alloca's size in bytes. */
enum { FLY_EMU_ACC_STORE = 1, FLY_EMU_ACC_LDS = 2, FLY_EMU_ACC_ATOMIC = 4, FLY_EMU_ACC_REG = 8 };
/* fly_emu_vchk's flag: the access was made as consecutive lanes; lanes whose addresses are not are an error. */
enum { FLY_EMU_VCHK_CONSEC = 1 << 30 };
/* Flags of fly_emu_divchk (bits 8..15: the operands' width in bits). */
enum { FLY_EMU_DIV_SIGNED = 1, FLY_EMU_DIV_REM = 2 };

/* The kind of a kernel argument as the entry function reads it from argv. */
typedef enum { FLY_EMU_ARG_PTR, FLY_EMU_ARG_INT, FLY_EMU_ARG_FLOAT, FLY_EMU_ARG_OTHER } fly_emu_arg_kind;

typedef struct fly_emu_arg {
    fly_emu_arg_kind kind;
    int bytes; /* size of the value argv[i] points to */
} fly_emu_arg;

typedef void (*fly_emu_entry_fn)(void **argv, void *ctx);
/* Resumes every ready thread of the block in order (frames: stride bytes each, n threads);
 * returns the threads that ended (low 32 bits) and that now wait at a barrier (high 32 bits). */
typedef int64_t (*fly_emu_lanes_fn)(void *ctx, void *frames, int64_t stride, int64_t n);

/* A profiled site of a kernel (emu_profile.c): a fly_prof_kind, the access width, the MFMA kind; a basic
 * block holding a profiled op counts through that op's site (proxy; -1: its own counter call). */
typedef struct fly_emu_psite {
    int kind, bytes, mfma, proxy;
    char *loc;
} fly_emu_psite;

/* One kernel of a compiled program. */
typedef struct fly_emu_kernel {
    char *name;
    int nargs;            /* declared arguments (the hidden printf buffer included) */
    fly_emu_arg *args;
    int printf_arg;       /* index of the hidden printf buffer argument, -1 when none */
    char **formats;       /* printf format table ("<kinds>:<text>"), nformats entries */
    int nformats;
    int syncs;            /* uses gpu.barrier or cross-lane operations: needs fibers */
    size_t lds_static;    /* bytes of workgroup attributions */
    char **sites;         /* source location of each checked access / barrier site */
    int nsites;
    fly_emu_entry_fn block_fn;  /* runs every thread of the current block in a loop */
    fly_emu_entry_fn thread_fn; /* runs the thread in ctx's TID words (a coroutine: up to its first
                                 * suspension, in the frame fly_emu_coro_frame gave it) */
    fly_emu_lanes_fn lanes_fn;  /* resumes the ready coroutine threads; NULL: thread_fn runs in a fiber */
    int phased;                 /* thread_fn is a phase loop (emu_phase.c) over frames of frame_bytes */
    int vec;                    /* has a lane-vector form (emu_vec.c): vec_fn runs a whole block */
    int vec_defer;              /* would have one, but it has MFMAs: compiled at a large launch (emu_compile.c) */
    int vec_only;               /* a second compile's kernel: only vec_fn (no thread_fn, lanes_fn) */
    fly_emu_entry_fn vec_fn;    /* for 1-D blocks of a multiple of 64 threads */
    size_t frame_bytes;
    fly_emu_psite *psites;      /* profiled sites (compiled with FLY_EMU_COMPILE_PROFILE), npsites entries */
    int npsites;
} fly_emu_kernel;

typedef struct fly_emu_program fly_emu_program;

/* Kernel information collected while rewriting (emu_lower.c). */
typedef struct fly_emu_lowered {
    fly_emu_kernel *k;
    int n;
} fly_emu_lowered;

/* Rewrites every gpu.func kernel of the module (after the fly passes) into host functions:
 * "<name>__emu" (ctx, tx, ty, tz, args...), "__fly_emu_block_<name>"(argv, ctx) and
 * "__fly_emu_thread_<name>"(argv, ctx); fills out (kernels without function pointers). chip: the emulated
 * chip (it picks the fp8 MFMAs' format).
 * Returns 0, or -1 with a message in err. */
int fly_emu_lower_kernels(MlirModule m, const char *chip, fly_emu_lowered *out, char *err, size_t cap);
/* After the host LLVM lowering: guards every global (address space 1) and LDS (3) load, store and
 * atomic of the kernels' bodies with an inline range compare (the site's last-hit buffer, or the
 * LDS bounds) that calls fly_emu_chk only on a miss, and puts an interrupt poll (a flag load that
 * calls fly_emu_poll when set) on every loop back-edge (emu_checks.c). Returns 0 or -1 with err. */
int fly_emu_insert_checks(MlirModule m, fly_emu_lowered *out, char *err, size_t cap);
/* ---- emu_mem.c: memory features of the host lowering ---- */

/* Rewrites rocdl.make.buffer.rsrc (a host record {base, num_records} in a stack slot of the
 * enclosing function) and rocdl.raw.ptr.buffer.load / store (in range: an access through the base
 * as a global pointer, checked like any other; out of range: loads give 0, stores are dropped).
 * Returns 0, 1 when op is none of these, -1 with err. */
int fly_emu_lower_buffer_op(MlirOperation op, char *err, size_t cap);
/* llvm.amdgcn.s.buffer.load.<t> (an llvm.call_intrinsic) through the resource its vector<4xi32> operand carries,
 * with the raw buffer load's range rule. 0, or -1 with the message in err. */
int fly_emu_lower_s_buffer_load(MlirOperation op, char *err, size_t cap);
/* rocdl.raw.ptr.buffer.load.lds (rsrc, lds, size, voffset, soffset, offset, aux) for the thread whose lane (index)
 * is lane: size bytes from the resource (0 past num_records) stored at lds + offset + lane * size. 0, or -1 with
 * the message in err. */
int fly_emu_lower_buffer_lds(MlirOperation op, MlirValue lane, char *err, size_t cap);
/* rocdl.global.load.lds (global, lds; size, offset, aux attributes) for the thread whose lane (index) is lane: size
 * bytes at global + offset (a checked global access) stored at lds + offset + lane * size (16 a lane for 12). 0, or
 * -1 with the message in err. */
int fly_emu_lower_global_lds(MlirOperation op, MlirValue lane, char *err, size_t cap);
/* Replaces #gpu.address_space<workgroup|private> memory spaces of the memref values in f (results
 * and block arguments) by the integers 3 and 5. */
void fly_emu_gpu_spaces_to_int(MlirOperation f);
/* Whether op is a memref.global in LDS (address space 3). */
bool fly_emu_is_lds_global(MlirOperation op);
/* The integer value of v when an arith.constant or llvm.mlir.constant defines it (in *out). */
bool fly_emu_const_int(MlirValue v, int64_t *out);
/* In f (a lowered kernel with context argument ctxv): memref.get_global of LDS globals becomes a
 * view of the workgroup's LDS at an offset from *lds_static on (each global once, 16-byte
 * aligned), then gpu.dynamic_shared_memory a view of the rest (the launch's smem bytes);
 * *lds_static grows by the globals. Returns 0 or -1 with err. */
int fly_emu_lower_lds(MlirOperation f, MlirValue ctxv, size_t *lds_static, const char *kname, char *err, size_t cap);
/* arith.truncf to and arith.extf from the f8 types (scalars and 1-D vectors) in m become calls of
 * fly_emu_f8_trunc / fly_emu_f8_ext (declared by the caller). Returns 0 or -1 with err. */
int fly_emu_lower_fp8(MlirModule m, char *err, size_t cap);

/* arith.truncf from f32 to bf16 (scalars and vectors) in m becomes integer arithmetic LLVM inlines (the rounding of
 * the library helper __truncsfbf2, bit for bit; FLYI_EMU_BF16_CALL=1 keeps the calls, for comparisons). Returns 0. */
int fly_emu_lower_bf16(MlirModule m);
/* After the host LLVM lowering: bf16 block arguments (a buffer load's value or zero, say) become i16 with bitcasts
 * around them, so that LLVM's x86 backend does not round every bf16 phi through f32 (a __truncsfbf2 call each). */
void fly_emu_bf16_block_args(MlirModule m);

/* The f8 formats of fly_emu_f8_trunc / fly_emu_f8_ext. */
enum {
    FLY_EMU_F8_E4M3FN,
    FLY_EMU_F8_E4M3FNUZ,
    FLY_EMU_F8_E5M2,
    FLY_EMU_F8_E5M2FNUZ,
    FLY_EMU_F8_E4M3B11FNUZ,
    FLY_EMU_F8_E4M3,
    FLY_EMU_F8_E3M4,
    FLY_EMU_F8_COUNT
};
/* x rounded to the f8 format kind (to nearest, ties to even; beyond the largest finite value:
 * infinity where the format has one, else NaN; -0 is +0 in the FNUZ formats): the 8 bits. */
int32_t fly_emu_f8_trunc(double x, int32_t kind);
/* The value of the f8 bits (low 8 bits of bits) of format kind (exact). */
float fly_emu_f8_ext(int32_t bits, int32_t kind);

/* The ROCDL packed conversions (emu_softfloat.c), as gfx942 computes them (fp8 / bf8 are E4M3FNUZ / E5M2FNUZ,
 * rounded to nearest even, beyond the largest finite value NaN; gfx950's unscaled forms are the _OCP kinds below
 * with a scale of 1): FLY_EMU_CVT_PKRTZ gives the f16 bits of a | b << 16 rounded toward zero; PK_FP8 /
 * PK_BF8 put the two 8-bit values of a, b into 16-bit word sel of old; F32_FP8 / F32_BF8 give the f32 bits of
 * byte sel of old. */
enum {
    FLY_EMU_CVT_PKRTZ,
    FLY_EMU_CVT_PK_FP8,
    FLY_EMU_CVT_PK_BF8,
    FLY_EMU_CVT_F32_FP8,
    FLY_EMU_CVT_F32_BF8,
       /* gfx950's scaled forms, the scale already applied: PK_FP4 puts the E2M1 nibbles of a (low) and b (high)
        * into byte sel of old (to nearest even, beyond 6 saturating to 6); F32_FP4 gives the f32 bits of nibble sel
        * of old; the _OCP kinds are PK_FP8 .. F32_BF8 in the OCP formats (E4M3FN, E5M2). */
    FLY_EMU_CVT_PK_FP4,
    FLY_EMU_CVT_F32_FP4,
    FLY_EMU_CVT_PK_FP8_OCP,
    FLY_EMU_CVT_PK_BF8_OCP,
    FLY_EMU_CVT_F32_FP8_OCP,
    FLY_EMU_CVT_F32_BF8_OCP
};
int64_t fly_emu_cvt(int32_t kind, float a, float b, int32_t old, int32_t sel);

/* Records loc as a new check/barrier site of k; returns its index. */
int fly_emu_add_site(fly_emu_kernel *k, MlirLocation loc);
/* Frees the strings and arrays of a kernel record. */
void fly_emu_kernel_clear(fly_emu_kernel *k);

/* Before the host lowering: each synchronising kernel the lane-vector form handles gets "<name>__vec" and
 * its entry "__fly_emu_vec_<name>"(argv, ctx) (emu_vec.c), and k->vec set; the others are left alone
 * (FLYI_EMU_VEC_WHY=1 prints why). A kernel with MFMAs gets it when mfma > 0; when mfma == 0 and the form would
 * take it, k->vec_defer is set instead (fly_emu_program_run compiles it for a large launch); mfma < 0: neither. FLYI_EMU_VEC_OFF=1, FLYI_EMU_CORO=1 and FLYI_EMU_FIBERS=1 skip it. Returns 0. */
int fly_emu_make_vector(MlirModule m, fly_emu_lowered *out, int mfma);
/* The slow path of a lane-vector access check: for each lane l set in mask (in lane order), its address
 * (addrs[l] when addrs is not 0, else first + l * stride) checked as thread t0 + l would (fly_emu_chk), and
 * for a store with vals (the lanes' values, bytes each) the lane's value stored, so that the lanes before a
 * faulting one have stored as the threads before it would have. */
void fly_emu_vchk(void *ctx, int64_t addrs, int64_t first, int64_t stride, int64_t mask, int64_t t0, int64_t bytes,
                  int32_t site, int32_t flags, int64_t vals);

/* After the checks: a kernel that synchronises becomes a phase loop (emu_phase.c): thread_fn runs
 * every ready thread of the block to its next suspension. Returns 0 (k->phased, k->frame_bytes
 * set), 1 when the kernel has what the rewrite cannot handle (left unchanged), -1 with err. */
int fly_emu_make_phases(MlirModule m, fly_emu_kernel *k, char *err, size_t cap);
/* After the checks: every other kernel that synchronises becomes an LLVM coroutine suspended at each
 * barrier and cross-lane operation, plus "__fly_emu_lanes_<name>" (emu_coro.c).
 * Returns 0 or -1 with err. */
int fly_emu_make_coroutines(MlirModule m, fly_emu_lowered *out, char *err, size_t cap);

/* Compiles MLIR module text for the emulator (fly passes as for chip, then the host lowering
 * and the ExecutionEngine at O3). Returns NULL with a message in err. */
fly_emu_program *fly_emu_compile(const char *text, const char *chip, char *err, size_t cap);
/* Flags of fly_emu_compile_ex: FLY_EMU_COMPILE_PROFILE adds the profiler's counter calls. */
enum { FLY_EMU_COMPILE_PROFILE = 1, FLY_EMU_COMPILE_VEC_MFMA = 2 };
fly_emu_program *fly_emu_compile_ex(const char *text, const char *chip, int flags, char *err, size_t cap);

/* ---- emu_profile.c: the profiler's counters ---- */
struct fly_prof;
/* After the host lowering, before the checks: a fly_emu_prof(ctx, address, site) call before every
 * global/LDS access, atomic, barrier and MFMA and at the top of every basic block of the kernels'
 * bodies; the sites go to k->psites. Returns 0 or -1 with err. */
int fly_emu_insert_profile(MlirModule m, fly_emu_lowered *out, char *err, size_t cap);
/* A worker's counters for one launch of k with blocks of nthreads threads, LDS banks banks (w: the
 * worker's previous state to reuse, or NULL). NULL on out of memory (w freed). */
typedef struct fly_emu_profw fly_emu_profw;
fly_emu_profw *fly_emu_profw_begin(fly_emu_profw *w, const fly_emu_kernel *k, int nthreads, int banks);
/* (fly_emu_profw_record, the counter itself, is inline in emu_profile.h) */
/* The block ended (its LDS at lds_lo): groups its executions into wave instructions and counts them. */
void fly_emu_profw_block_end(fly_emu_profw *w, uintptr_t lds_lo);
/* Adds the worker's counts to p and clears them. */
void fly_emu_profw_merge(fly_emu_profw *w, struct fly_prof *p);
void fly_emu_profw_free(fly_emu_profw *w);
/* The runtime symbol: counts an execution of profiled site by the running thread. */
void fly_emu_prof(void *ctx, int64_t addr, int32_t site);
/* Flops (2*M*N*K) of one wave instruction of MFMA kind, and its operand width in bits (*bits). */
int64_t fly_emu_mfma_flops(int kind, int *bits);
/* The kernel named name (NULL: the first one), or NULL. */
const fly_emu_kernel *fly_emu_program_kernel(const fly_emu_program *p, const char *name);
/* Number of kernels, and kernel i. */
int fly_emu_program_kernel_count(const fly_emu_program *p);
const fly_emu_kernel *fly_emu_program_kernel_at(const fly_emu_program *p, int i);
/* Frees a program and its engine. */
void fly_emu_program_free(fly_emu_program *p);
/* Milliseconds the compile took (passes + JIT). */
double fly_emu_program_compile_ms(const fly_emu_program *p);

/* ---- execution ---- */

typedef struct fly_emu_buffer {
    uintptr_t lo, hi; /* [lo, hi): what accesses may touch (an allocation's 256-byte padding included) */
    const char *name; /* "arg 0 'a'" or a caller's name */
    size_t size;      /* the bytes the allocation asked for (0: hi - lo), for reports */
} fly_emu_buffer;

typedef struct fly_emu_grid {
    unsigned grid[3], block[3];
    size_t lds_dynamic;
    size_t lds_limit;             /* the target's LDS per workgroup */
    void **args;                  /* argv[i] points to argument i (the printf slot is ignored) */
    const fly_emu_buffer *bufs;   /* buffers global accesses may touch */
    int nbufs;
    volatile int *interrupt;      /* polled; non-zero stops the launch */
    void (*progress)(void *user, uint64_t done, uint64_t total);
    void *progress_user;
    size_t printf_cap;            /* bytes of printf records per launch */
    struct fly_prof *prof;        /* profiling: counts go there (the kernel was compiled with counters) */
    int lds_banks;                /* profiling: the target's LDS banks (32 gfx942, 64 gfx950) */
} fly_emu_grid;

/* Decoded printf output and counts of one launch. */
typedef struct fly_emu_printf_out {
    unsigned char *records; /* the records of all blocks in block order (without headers) */
    size_t len;
    uint64_t lost;          /* records that did not fit */
} fly_emu_printf_out;

typedef struct fly_emu_pool fly_emu_pool;

/* A pool of worker threads (nthreads 0: one per core). NULL on failure. */
fly_emu_pool *fly_emu_pool_create(int nthreads);
void fly_emu_pool_destroy(fly_emu_pool *p);
/* Runs the grid; returns 0, or -1 with the error text (out of bounds, deadlock, interrupted, ...)
 * in err. printf records are appended to pf (when the kernel prints). */
int fly_emu_run(fly_emu_pool *pool, const fly_emu_kernel *k, const fly_emu_grid *g, fly_emu_printf_out *pf, char *err,
                size_t cap);
/* fly_emu_run of p's kernel k, or, when k's lane-vector form was deferred (k->vec_defer: it has MFMAs) and the
 * launch is large (256 blocks or more, FLYI_EMU_VEC_MFMA_BLOCKS overrides, of 1-D blocks of whole waves) or k's
 * launches have run 2 s in all, of the same kernel of a second compile of p's text with the form (made once, at
 * that launch, and freed with p). */
int fly_emu_program_run(fly_emu_program *p, fly_emu_pool *pool, const fly_emu_kernel *k, const fly_emu_grid *g,
                        fly_emu_printf_out *pf, char *err, size_t cap);

/* Runtime functions the generated code calls (registered with the ExecutionEngine). */
void fly_emu_barrier(void *ctx, int32_t site);
/* A cross-lane operation (FLY_EMU_X_*) on up to 64 bits of value; the wave's result for this lane,
 * with ctx word FLY_EMU_CTX_XVALID saying whether the source lane was valid. */
int64_t fly_emu_shfl(void *ctx, int64_t value, int32_t offset, int32_t width, int32_t mode);
/* Coroutine kernels: the frame of the running thread (size bytes, the same for every thread);
 * the operands of a cross-lane operation before the thread suspends, and its result after. */
void *fly_emu_coro_frame(void *ctx, int64_t size);
void fly_emu_shfl_put(void *ctx, int64_t value, int32_t offset, int32_t width, int32_t mode);
int64_t fly_emu_shfl_get(void *ctx, int64_t value, int32_t offset, int32_t width, int32_t mode);
void fly_emu_chk(void *ctx, int64_t addr, int64_t bytes, int32_t site, int32_t flags);
void fly_emu_poll(void *ctx);
/* The slow path of a division check: divisor d is 0 (or the division is signed MIN / -1): reports it
 * and leaves the thread. */
void fly_emu_divchk(void *ctx, int64_t d, int32_t site, int32_t flags);
/* The same from the lane-vector form, for a uniform division (as thread t0, the first to run it). */
void fly_emu_vdivchk(void *ctx, int64_t d, int32_t site, int32_t flags, int64_t t0);

/* A symbol the JIT-compiled kernels may call, registered with every ExecutionEngine. */
typedef struct fly_emu_symbol {
    const char *name;
    void *addr;
} fly_emu_symbol;
/* The compiler-rt half/bfloat16 conversion helpers (LLVM calls them on CPUs without native
 * conversion instructions); *n receives the count. */
const fly_emu_symbol *fly_emu_softfloat_symbols(size_t *n);

#endif
