# The GEMM kernels' main loops in the ISA, for FileCheck (gemm_isa.fc): for each kernel (gemm and
# gemm_preshuffled: float16, bfloat16, float32; gemm_fp8: the target's e4m3) and target, the loop body's MFMAs, global loads and barriers,
# in order, one a line, then the kinds of global load the loop has (CompiledKernel.stats["loops"] names the
# loop; its body runs from that label to the branch back to it). The .fc file checks that each loop holds
# MFMAs, that its only global loads are 128-bit ones (buffer_load_dwordx4), and that no kernel uses scratch
# or spills.
import os
import re

import torch

from flyi.kernels import gemm

for arch in ("gfx942", "gfx950"):
    os.environ["ARCH"] = arch
    for dtype in (torch.float16, torch.bfloat16, torch.float32, gemm.fp8_dtype()):
        a = torch.randn(128, 128, device="cuda").to(dtype)
        for shuffled in (False, True) if dtype in gemm.CFG else (False,):
            k = gemm.compile(a, a, shuffled=shuffled)
            st = k.stats
            label = st["loops"][0]["label"]
            body = k.isa.split("\n" + label + ":", 1)[1].split("s_cbranch_scc1 " + label, 1)[0]
            print("LOOP", arch, str(dtype), "preshuffled" if shuffled else "lds", "scratch", st["scratch_bytes"],
                  "spills", st["vgpr_spill"] + st["sgpr_spill"])
            ops = [line.split()[0] for line in body.splitlines() if line.split()]
            for op in ops:
                if re.match(r"(v_mfma|buffer_load|global_load|flat_load|s_barrier)", op):
                    print("  " + op)
            print("  global loads:", " ".join(sorted({op for op in ops if re.match(r"(buffer|global|flat)_load", op)})))
            print("END")
del os.environ["ARCH"]
