# flyi: run
# The kernel library's MFMA GEMM (gemm.gemm, gemm_preshuffled, gemm_fp8) in the emulator's lane-vector form (compiled
# with the module: FLYI_EMU_VEC_MFMA=1; by default only for a large launch, emu_vec_gemm_defer) gives the
# bits of the per-thread phase loop (FLYI_EMU_VEC_OFF=1): register fragments as per-lane slots, buffer loads as wave
# loads, the K loop's carried accumulators in per-wave slots, the K tail's barrier under a uniform branch, and each
# MFMA on the wave's lane vectors (fly_emu_vmfma, the full-wave product on element-major operands). A child process
# runs each case in each mode (and the first with the product capped at AVX2, which packs the lane records);
# the digests of the result bits must be the same. The default run also says which form each kernel took.
import hashlib
import os
import subprocess
import sys

import torch


def digest(t):
    return hashlib.sha256(repr(t.cpu().float().tolist()).encode()).hexdigest()[:16]


def wide(shape, tt, seed):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(shape, generator=g) * torch.pow(2.0, torch.randint(-6, 6, shape, generator=g).float())
    return x.to(tt)


def child(small):
    from flyi.kernels import gemm
    # whole K tiles; a K tail (K % 32) with ragged M and N
    for m, n, k, tt in [(128, 128, 64, torch.bfloat16), (96, 160, 80, torch.bfloat16), (128, 128, 64, torch.float16)]:
        a, b = wide((m, k), tt, m + k), wide((k, n), tt, n + 1)
        print("gemm %dx%dx%d %s: %s" % (m, n, k, str(tt)[6:], digest(gemm.gemm(a.cuda(), b.cuda()))), flush=True)
        if small:
            return
    a, b = wide((64, 64), torch.bfloat16, 3), wide((64, 128), torch.bfloat16, 4)
    print("gemm_preshuffled bf16:", digest(gemm.gemm_preshuffled(a.cuda(), gemm.preshuffle(b.cuda()))), flush=True)
    g = torch.Generator().manual_seed(9)
    a8 = (torch.randn(64, 64, generator=g) * 8).to(gemm.fp8_dtype())
    b8 = (torch.randn(64, 128, generator=g) * 8).to(gemm.fp8_dtype())
    print("gemm_fp8:", digest(gemm.gemm_fp8(a8.cuda(), b8.cuda(), out_dtype=torch.float32)), flush=True)


if len(sys.argv) > 1:
    child(sys.argv[1] == "small")
else:
    exe = os.readlink("/proc/self/exe")
    me = os.path.abspath(__file__)
    outs = []
    # (the AVX2 run: the first GEMM only, a compile of the form being several CPU-seconds)
    for extra in [{}, {"FLYI_EMU_VEC_OFF": "1"}, {"FLYI_EMU_MFMA_ISA": "avx2"}]:
        env = dict(os.environ, FLYDSL_RUNTIME_ENABLE_CACHE="0", FLYI_EMU_VEC_WHY="1", FLYI_EMU_VEC_MFMA="1", **extra)
        arg = "small" if "FLYI_EMU_MFMA_ISA" in extra else "child"
        r = subprocess.run([exe, me, arg], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        outs.append([l for l in r.stdout.splitlines() if l.startswith("gemm")])
        if not extra:  # the default run, with the form each kernel took (the compiles' lines in order, then the results)
            print("\n".join(l for l in r.stdout.splitlines() if l.startswith("emu: ")))
            print("\n".join(l for l in r.stdout.splitlines() if l.startswith("gemm")))
        print("exit", r.returncode)
    print("the phase loop gives the same bits:", outs[0] == outs[1])
    print("the vector form with the AVX2 product gives the same bits:", outs[0][:1] == outs[2])
