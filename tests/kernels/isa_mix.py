# CompiledKernel.stats["mix"] and ["loops"] (trace_isa_mix.c): the instruction mix read from the ISA, for
# the whole kernel and for each loop body. The GEMM's K loop holds its MFMAs, its operand loads (two of 16 bytes)
# and one barrier (the last tiles are computed after it); the
# transpose exchanges through LDS around one barrier; the row reduction's loop reads global memory and its
# shuffles are LDS lane exchanges (ds_bpermute); the elementwise kernel moves 16 bytes a load.
import torch

from flyi.kernels import elementwise, gemm, reduce, transpose

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
