# flyi: run
# f32 -> bf16 truncation on the emulator is integer arithmetic LLVM inlines (emu_mem.c), with the rounding of the
# library helper it replaces; FLYI_EMU_BF16_CALL=1 keeps the helper calls. Scalar and 8-wide vector conversions
# of special bit patterns (NaNs with payloads and signs, infinities, the largest floats, ties to even, f32
# subnormals, signed zeros) and random values, in a child process in both modes: the bf16 bits must be
# identical (on a CPU with AVX512-BF16 the helper mode is that instruction, which reads f32 subnormals as zero:
# there only, it may give the signed zero), and equal to torch's conversion for every value but NaNs; bf16 values only moved (loads of a value
# or zero, phis, stores: integers now) keep their bits, and a padded bf16 GEMM gives the same result in both modes.
import os
import subprocess
import sys

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

W = 8


@flyc.kernel
def to_bf16(x: fx.Tensor, ys: fx.Tensor, yv: fx.Tensor):
    t = fx.thread_idx.x
    for j in fx.range_constexpr(W):
        ys[t * W + j] = x[t * W + j].to(fx.BFloat16)
    src = fx.logical_divide(x, fx.make_layout(W, 1))
    dst = fx.logical_divide(yv, fx.make_layout(W, 1))
    r = fx.make_rmem_tensor(W, fx.Float32)
    fx.copy(fx.make_copy_atom(fx.UniversalCopy32b(), fx.Float32), fx.slice(src, (None, t)), r)
    v = fx.memref_load_vec(r).to(fx.BFloat16)
    o = fx.make_rmem_tensor(W, fx.BFloat16)
    fx.memref_store_vec(v, o)
    fx.copy(fx.make_copy_atom(fx.UniversalCopy(16), fx.BFloat16), o, fx.slice(dst, (None, t)))


@flyc.jit
def run(x, ys, yv):
    to_bf16(x, ys, yv).launch(grid=1, block=8)


SPECIAL = [0x7FC00000, 0x7F800001, 0xFFC12345, 0x7FBFFFFF, 0x7F800000, 0xFF800000, 0x7F7FFFFF, 0xFF7FFFFF,
           0x7F7F8000, 0x3F808000, 0x3F818000, 0x3F80FFFF, 0x3F807FFF, 0x00000001, 0x807FFFFF, 0x00008000,
           0x80000000, 0x00000000, 0x3F800000, 0xBF8F8000]


def input_bits():
    g = torch.Generator().manual_seed(11)
    bits = SPECIAL + torch.randint(-2 ** 31, 2 ** 31 - 1, (64 - len(SPECIAL),), generator=g).tolist()
    return [b - 2 ** 32 if b >= 2 ** 31 else b for b in bits]


def child():
    x = torch.tensor(input_bits(), dtype=torch.int32).view(torch.float32)
    ys = torch.zeros(64, dtype=torch.bfloat16, device="cuda")
    yv = torch.zeros(64, dtype=torch.bfloat16, device="cuda")
    run(x.cuda(), ys, yv)
    s = [b & 0xFFFF for b in ys.cpu().view(torch.int16).tolist()]
    v = [b & 0xFFFF for b in yv.cpu().view(torch.int16).tolist()]
    want = [b & 0xFFFF for b in x.to(torch.bfloat16).view(torch.int16).tolist()]
    nan = torch.isnan(x).tolist()
    print("scalar", [hex(b) for b in s])
    print("vector", [hex(b) for b in v])
    print("scalar and vector the same:", s == v)
    print("as torch (NaNs aside):", all(n or a == b for a, b, n in zip(s, want, nan)))
    # bf16 values only moved (buffer loads of value-or-zero, register fragments, stores) as integers: the kernel
    # library's GEMM on bf16 operands, edges padded
    from flyi.kernels import gemm
    a = torch.randn(40, 24).to(torch.bfloat16)
    b = torch.randn(24, 72).to(torch.bfloat16)
    c = gemm.gemm(a.cuda(), b.cuda()).cpu()
    print("gemm bits", hex(sum((v & 0xFFFF) * (i + 1) for i, v in enumerate(c.view(torch.int16).flatten().tolist()))))
    print("gemm near float64:", torch.allclose(c.double(), a.double() @ b.double(), rtol=2e-2, atol=2e-2))


def same_as_helper(inline, call):
    """Whether the two children printed the same bits. On a CPU with AVX512-BF16, LLVM lowers the 'helper'
    mode's truncf to VCVTNEPS2BF16, which reads f32 subnormal inputs as zero: there, and only there, the
    helper mode may give the signed zero (and so differ from torch), where the inline conversion rounds."""
    if inline == call:
        return True
    with open("/proc/cpuinfo") as f:
        if "avx512_bf16" not in f.read().split():
            return False
    bits = [b & 0xFFFFFFFF for b in input_bits()]
    a, b = inline.splitlines(), call.splitlines()
    if len(a) != len(b):
        return False
    for la, lb in zip(a, b):
        if la == lb or la.startswith("as torch"):
            continue
        name = la.split(" ")[0]
        if name not in ("scalar", "vector") or not lb.startswith(name + " "):
            return False
        va, vb = eval(la[len(name) + 1:]), eval(lb[len(name) + 1:])
        for x, p, q in zip(bits, va, vb):
            subnormal = (x >> 23) & 0xFF == 0 and x & 0x7FFFFF
            if p != q and not (subnormal and int(q, 16) == (x >> 16) & 0x8000):
                return False
    return True


if len(sys.argv) > 1:
    child()
else:
    exe = os.readlink("/proc/self/exe")
    outs = []
    for call in (False, True):
        env = dict(os.environ, FLYDSL_RUNTIME_ENABLE_CACHE="0")
        if call:
            env["FLYI_EMU_BF16_CALL"] = "1"
        r = subprocess.run([exe, os.path.abspath(__file__), "child"], env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, text=True)
        outs.append(r.stdout)
        print("exit", r.returncode)
    print(outs[0], end="")
    print("the inline conversion gives the helper's bits:", same_as_helper(outs[0], outs[1]))
