# flyi: run
# By default a kernel with MFMAs launches in the phase loop, its lane-vector form deferred (its compile costs
# several CPU-seconds): the first launch of at least FLYI_EMU_VEC_MFMA_BLOCKS blocks (256 by default, 4 here)
# compiles the module again with the form and that launch and the later ones run in it. The results keep the
# phase loop's bits (FLYI_EMU_VEC_OFF=1); FLYI_EMU_VEC_MFMA=0 never compiles the form.
import hashlib
import os
import subprocess
import sys

import torch


def digest(t):
    return hashlib.sha256(repr(t.cpu().float().tolist()).encode()).hexdigest()[:16]


def child():
    from flyi.kernels import gemm
    g = torch.Generator().manual_seed(5)
    # 1 block (phase loop), 4 blocks (compiles the form), 1 block again (the form), a K tail, a K loop of 4
    # iterations (its accumulators carried in the loop's slots)
    for m, n, k in [(64, 64, 64), (128, 128, 64), (64, 64, 64), (128, 128, 48), (128, 64, 160)]:
        a = torch.randn((m, k), generator=g).to(torch.bfloat16)
        b = torch.randn((k, n), generator=g).to(torch.bfloat16)
        print("gemm %dx%dx%d: %s" % (m, n, k, digest(gemm.gemm(a.cuda(), b.cuda()))), flush=True)


if len(sys.argv) > 1:
    child()
else:
    exe = os.readlink("/proc/self/exe")
    me = os.path.abspath(__file__)
    outs = []
    for extra in [{}, {"FLYI_EMU_VEC_OFF": "1"}, {"FLYI_EMU_VEC_MFMA": "0"}]:
        env = dict(os.environ)
        env.pop("FLYI_EMU_VEC_MFMA", None)
        env.update(FLYDSL_RUNTIME_ENABLE_CACHE="0", FLYI_EMU_VEC_WHY="1", FLYI_EMU_VEC_MFMA_BLOCKS="4", **extra)
        r = subprocess.run([exe, me, "child"], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        lines = r.stdout.splitlines()
        outs.append([l for l in lines if l.startswith("gemm")])
        if "FLYI_EMU_VEC_OFF" not in extra:  # the forms taken (the compiles' lines in order), then the results
            print("\n".join(l for l in lines if l.startswith("emu: ")))
            print("\n".join(outs[-1]))
        print("exit", r.returncode)
    print("the phase loop gives the same bits:", outs[0] == outs[1] == outs[2])
