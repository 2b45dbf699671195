# flyi: run
# The hardware's range rule for raw buffer accesses (AMD CDNA3/CDNA4 ISA 9.1.5.1), on resources made by hand:
# the checked offset is voffset (soffset moves the address but is not checked), dwordx2 / x4 loads and stores are
# checked per dword (out-of-range dwords read 0, their stores are dropped), accesses of 4 bytes or less and
# atomics are all or nothing. Each kernel runs in both emulator forms (the lane-vector form where it applies, and
# FLYI_EMU_VEC_OFF=1's phase loop), which must print the same.
import os
import subprocess
import sys

os.environ["ARCH"] = "gfx950"   # 16-byte buffer->LDS loads

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir.dialects import arith, llvm, rocdl
from flydsl._mlir.extras import types as T


def cst(t, n):
    return arith.constant(t, n)


def rsrc(t, nbytes):
    p = llvm.inttoptr(llvm.PointerType.get(1), fx.ptrtoint(fx.get_iter(t)).ir_value())
    return rocdl.MakeBufferRsrcOp(llvm.PointerType.get(8), p, cst(T.i16(), 0), cst(T.i64(), nbytes),
                                  cst(T.i32(), 0x00027000)).result


def i32v(x):
    return fx.Int32(x).ir_value()


@flyc.kernel
def k_scalar(src: fx.Tensor, dst: fx.Tensor):
    """Scalar accesses, lane-dependent offsets (the lane-vector form takes this kernel)."""
    t = fx.thread_idx.x
    i32, z = T.i32(), cst(T.i32(), 0)
    fx.gpu.barrier()
    r39 = rsrc(src, 39)                  # 9 whole dwords and 3 bytes
    wide = rsrc(dst, 64 * 16 * 4)
    four = arith.muli(i32v(t), cst(i32, 4))
    # 1. i32 loads at 4t with soffset 64 bytes (past num_records): checked on 4t alone, read src[16 + t]
    v = rocdl.raw_ptr_buffer_load(i32, r39, four, cst(i32, 64), z)
    rocdl.raw_ptr_buffer_store(v, wide, four, z, z)
    # 2. i16 loads at 2t: the one at 38 straddles byte 39 and reads 0 (all or nothing)
    two = arith.muli(i32v(t), cst(i32, 2))
    h = rocdl.raw_ptr_buffer_load(T.i16(), r39, two, z, z)
    rocdl.raw_ptr_buffer_store(arith.extui(i32, h), wide, arith.addi(four, cst(i32, 256)), z, z)
    # 3. i64 (dwordx2) loads at 4t: the one at 32 keeps its low dword (bytes 32..35), its high one reads 0
    q = rocdl.raw_ptr_buffer_load(T.i64(), r39, four, z, z)
    rocdl.raw_ptr_buffer_store(q, wide, arith.addi(arith.muli(i32v(t), cst(i32, 8)), cst(i32, 512)), z, z)
    # 4. f64 loads: the same rule through a float type
    f = rocdl.raw_ptr_buffer_load(T.f64(), r39, four, z, z)
    rocdl.raw_ptr_buffer_store(f, wide, arith.addi(arith.muli(i32v(t), cst(i32, 8)), cst(i32, 1024)), z, z)
    # 5. i64 stores at 8t + 4 into a 39-byte window of dst's last quarter: dword by dword
    win = arith.addi(arith.muli(i32v(t), cst(i32, 8)), cst(i32, 4))
    big = arith.ori(arith.shli(arith.extui(T.i64(), i32v(t + 100)), cst(T.i64(), 32)),
                    arith.extui(T.i64(), i32v(t + 200)))
    rw = rocdl.MakeBufferRsrcOp(llvm.PointerType.get(8), llvm.inttoptr(
        llvm.PointerType.get(1), (fx.Int64(fx.ptrtoint(fx.get_iter(dst))) + fx.Int64(3072)).ir_value()),
        cst(T.i16(), 0), cst(T.i64(), 40), cst(i32, 0x00027000)).result
    rocdl.raw_ptr_buffer_store(big, rw, win, z, z)


@flyc.kernel
def k_vec4(src: fx.Tensor, dst: fx.Tensor):
    """dwordx4 loads and stores (vector values: the phase loop in both forms)."""
    t = fx.thread_idx.x
    i32, z = T.i32(), cst(T.i32(), 0)
    v4 = T.vector(4, i32)
    fx.gpu.barrier()
    r40 = rsrc(src, 40)                  # 10 dwords
    off = arith.muli(i32v(t), cst(i32, 16))
    v = rocdl.raw_ptr_buffer_load(v4, r40, off, z, z)         # t = 2: dwords 8, 9 and two zeros
    wide = rsrc(dst, 64 * 16 * 4)
    rocdl.raw_ptr_buffer_store(v, wide, off, z, z)
    # stores of (t, t, t, t) + 1000 at 16t + 8 into a 32-byte window at dst + 512: t = 0 stores dwords 2..5,
    # t = 1 dwords 6 and 7 (8 and 9 are dropped), t = 2 nothing
    w = rocdl.MakeBufferRsrcOp(llvm.PointerType.get(8), llvm.inttoptr(
        llvm.PointerType.get(1), (fx.Int64(fx.ptrtoint(fx.get_iter(dst))) + fx.Int64(512)).ir_value()),
        cst(T.i16(), 0), cst(T.i64(), 32), cst(i32, 0x00027000)).result
    val = fx.Vector.filled(4, fx.Int32(t) + 1000, fx.Int32).ir_value()
    rocdl.raw_ptr_buffer_store(val, w, arith.addi(off, cst(i32, 8)), z, z)


@flyc.kernel
def k_atomic(acc: fx.Tensor, cs: fx.Tensor, old: fx.Tensor):
    """Atomics, all or nothing: a 4-byte add straddling num_records and an 8-byte cmpswap half inside are dropped."""
    t = fx.thread_idx.x
    i32, z = T.i32(), cst(T.i32(), 0)
    fx.gpu.barrier()
    r = rsrc(acc, 22)                     # 5 dwords and 2 bytes
    rocdl.raw_ptr_buffer_atomic_fadd(fx.Float32(1.0).ir_value(), r, arith.muli(i32v(t % 8), cst(i32, 4)), z, z)
    rocdl.raw_ptr_buffer_atomic_smax(i32v(t), r, cst(i32, 16), cst(i32, 4), z)   # soffset 4: lands in acc[5]
    # 12 bytes: the cmpswap at 0 is in range, the one at 8 (its low dword in range) is dropped and returns 0
    q = rocdl.raw_ptr_buffer_atomic_cmpswap(arith.extui(T.i64(), i32v(t + 7)), cst(T.i64(), 0), rsrc(cs, 12),
                                            arith.muli(i32v(t % 2), cst(i32, 8)), z, z)
    rocdl.raw_ptr_buffer_store(q, rsrc(old, 1024), arith.muli(i32v(t), cst(i32, 8)), z, z)


@flyc.kernel
def k_dma(src: fx.Tensor, out: fx.Tensor):
    """Buffer loads to LDS: 16 bytes a lane checked per dword (voffset + the instruction offset); 12 bytes a lane
    land 16 bytes apart in LDS, the 4th dword untouched."""
    t = fx.Int32(fx.thread_idx.x)
    i32 = T.i32()
    lds = fx.SharedAllocator().allocate(fx.Array[fx.Int32, 128]).peek()
    lds_t = fx.make_view(lds.ptr, fx.make_layout(128, 1))
    for k in range(16):
        lds_t[t * 16 + k] = fx.Int32(-5)
    fx.gpu.barrier()
    base = fx.Int32(fx.ptrtoint(lds.ptr))
    r52 = rsrc(src, 52)                   # 13 dwords
    for r, size in enumerate((16, 12)):
        dst = llvm.inttoptr(llvm.PointerType.get(3), (base + r * 256).ir_value())
        # lane t's source at voffset 16t + the instruction offset 12 (also added to the LDS address): lane 2
        # has dwords 11 and 12 in range, not 13 and 14
        rocdl.raw_ptr_buffer_load_lds(r52, dst, cst(i32, size), (t * 16).ir_value(), cst(i32, 0), cst(i32, 12),
                                      cst(i32, 0))
    fx.gpu.barrier()
    o = fx.Tensor(fx.make_view(fx.get_iter(out), fx.make_layout(128, 1)))
    for k in range(16):
        o[t * 16 + k] = lds_t[t * 16 + k]


@flyc.jit
def run_dma(src, out):
    k_dma(src, out).launch(grid=1, block=8)


@flyc.jit
def run_scalar(src, dst):
    k_scalar(src, dst).launch(grid=1, block=64)


@flyc.jit
def run_vec4(src, dst):
    k_vec4(src, dst).launch(grid=1, block=4)


@flyc.jit
def run_atomic(acc, cs, old):
    k_atomic(acc, cs, old).launch(grid=1, block=16)


def child():
    src = torch.arange(64, dtype=torch.int32, device="cuda") * 0x30003 + 0x10001   # both halves 3i + 1
    dst = torch.full((1024,), -1, dtype=torch.int32, device="cuda")
    run_scalar(src, dst)
    d = dst.tolist()
    print("soffset not checked", d[0:12])
    print("i16 straddle", [hex(d[64 + t]) for t in range(16, 21)])
    q = dst[128:256].view(torch.int64).tolist()
    print("i64 per dword", [hex(x) for x in q[7:11]])
    f = dst[256:384].view(torch.int64).tolist()
    print("f64 per dword", [hex(x) for x in f[7:11]], f == q)
    print("i64 stores per dword", d[768:782])
    s2 = torch.arange(64, dtype=torch.int32, device="cuda") + 1
    d2 = torch.full((256,), -1, dtype=torch.int32, device="cuda")
    run_vec4(s2, d2)
    v = d2.tolist()
    print("dwordx4 loads", v[0:16])
    print("dwordx4 stores", v[128:140])
    lo = torch.full((128,), -1, dtype=torch.int32, device="cuda")
    run_dma(s2, lo)
    v = lo.tolist()
    print("buffer->LDS 16 bytes", v[0:20])
    print("buffer->LDS 12 bytes", v[64:84])
    acc = torch.zeros(8, dtype=torch.float32, device="cuda")
    cs = torch.zeros(4, dtype=torch.int64, device="cuda")
    old = torch.full((32,), -1, dtype=torch.int64, device="cuda")
    run_atomic(acc, cs, old)
    a = acc.tolist()
    print("atomic fadd", a[0:5], a[6:8])
    print("atomic smax (soffset 4)", acc.view(torch.int32).tolist()[5], "(int bits of acc[5])")
    print("cmpswap", old.tolist()[0:4], cs.tolist())


if len(sys.argv) > 1:
    child()
else:
    exe = os.readlink("/proc/self/exe")
    outs = []
    for off in (False, True):
        env = dict(os.environ, FLYDSL_RUNTIME_ENABLE_CACHE="0")
        env.pop("FLYI_EMU_VEC_OFF", None)
        env["FLYI_EMU_VEC_OFF" if off else "FLYI_EMU_VEC_WHY"] = "1"
        r = subprocess.run([exe, os.path.abspath(__file__), "child"], env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL)
        outs.append((r.returncode, r.stdout))
        if not off:
            print("".join(sorted(set(l + "\n" for l in r.stderr.splitlines() if l.startswith("emu:")))), end="")
    print(outs[0][1], end="")
    print("exit", outs[0][0], outs[1][0], "lane vectors the same as the phase loop:", outs[0] == outs[1])
