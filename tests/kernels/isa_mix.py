# CompiledKernel.stats["mix"] and ["loops"] (trace_isa_mix.c): the instruction mix read from the ISA, for
# the whole kernel and for each loop body. The GEMM's K loop holds its MFMAs, its operand loads (two of 16 bytes)
# and one barrier (the last tiles are computed after it); the
# transpose exchanges through LDS around one barrier; the row reduction's loop reads global memory and its
# shuffles are LDS lane exchanges (ds_bpermute); the elementwise kernel moves 16 bytes a load.
import os

import torch

from flyi.kernels import attention, elementwise, gemm, reduce, transpose

h = torch.randn(64, 64, device="cuda").half()
st = gemm.compile(h, h).stats
loop = st["loops"][0]
print("gemm:", set(loop) - set(st["mix"]) == {"label", "instructions"}, loop["mfma"], loop["mfma_ops"],
      loop["vmem_load"], loop["vmem_bytes_per_lane"], loop["vmem_store"], loop["barrier"], st["mix"]["mfma"] > loop["mfma"])
x = torch.randn(8, 512, device="cuda")
m = transpose.compile(x).stats["mix"]
print("transpose:", m["lds_read"] > 0, m["lds_write"] > 0, m["barrier"], m["lds_bytes_per_lane"] % 4 == 0,
      transpose.compile(x).stats["loops"])
r = reduce.compile(x).stats
print("reduce:", len(r["loops"]), r["loops"][0]["vmem_load"] >= 1, r["mix"]["lds_lane"] >= 6, r["mix"]["barrier"] >= 1)
e = elementwise.compile(x.reshape(-1)).stats["mix"]
print("elementwise:", e["vmem_bytes_per_lane"] % 16 == 0 or e["vmem_bytes_per_lane"], e["mfma"], e["mfma_ops"])

# attention's key loop (both targets, head_dim 64 and 128): MFMAs for S^T = K Q^T and O^T = V^T P^T
# (D / 4 a 32-key block) and only 128-bit loads from global memory (buffer_load_dwordx4: K and V, 16
# bytes a load), its V block through LDS; the loop's own text is scanned for any other global load.
def loop_text(isa, label):
    lines = isa.splitlines()
    start = lines.index(label + ":")
    end = next(i for i in range(start + 1, len(lines)) if lines[i].strip().startswith("s_cbranch") and label in lines[i])
    return [ln.split()[0] for ln in lines[start + 1:end + 1] if ln.startswith("\t") and not ln.strip().startswith(";")]


for arch in ("gfx942", "gfx950"):
    os.environ["ARCH"] = arch
    for d in (64, 128):
        k = attention.compile(torch.randn(1, 1, 64, d, device="cuda").half(), causal=True)
        lp = k.stats["loops"]
        ops = loop_text(k.isa, lp[0]["label"])
        loads = sorted(set(o for o in ops if "load" in o and not o.startswith(("ds_", "s_"))))
        print("attention:", arch, d, len(lp), lp[0]["mfma"] == d // 4, lp[0]["mfma_ops"],
              lp[0]["vmem_bytes_per_lane"] == 16 * lp[0]["vmem_load"], loads, lp[0]["lds_read"] > 0)
del os.environ["ARCH"]
