# flyi: run
# flyi: emu-only (the profiler counts on the emulator)
# flyc.profile of the kernel library's GEMM (flyi.kernels.gemm) at 128 x 128 x 64 f16: the MFMA flops
# are exactly 2*M*N*K and every global access is coalesced. The LDS sites are counted at the width the
# emulator executes them: the MFMA operand reads are 2-byte loads here, which LLVM's AMDGPU backend merges
# into ds_read_b64 (conflict-free in 16-lane phases with the 36-element row stride); at 2 bytes in 32-lane
# phases rows r and r + 16 share a bank, hence the 2-way the profiler reports (docs/profile.md, Limits).
import torch
import flydsl.compiler as flyc
from flyi.kernels import gemm

torch.manual_seed(0)
M = N = 128
K = 64
a = torch.randn(M, K, dtype=torch.float16, device="cuda")
b = torch.randn(K, N, dtype=torch.float16, device="cuda")
rep = flyc.profile(gemm.gemm, a, b)
c = rep.result
ref = a.cpu().double() @ b.cpu().double()
print("result matches:", bool(torch.allclose(c.cpu().double(), ref, atol=1e-2, rtol=1e-2)))
t = rep.totals
print("flops:", t["flops"], "== 2*M*N*K:", t["flops"] == 2 * M * N * K, "mfma bits:", t["mfma_bits"])
kinds = sorted({r.kind for r in rep.lines})
print("kinds:", kinds)
glob = [r for r in rep.lines if r.kind.startswith("global")]
lds = [r for r in rep.lines if r.kind.startswith("lds")]
print("global sites:", len(glob) > 0, "all coalesced:", all(r.coalescing == 1.0 for r in glob))
for r in sorted(lds, key=lambda r: (r.line, r.kind)):
    print("LDS %s: %d bytes a lane, %d-way" % (r.kind, r.bytes, r.lds_bank_conflict_ways))
mf = [r for r in rep.lines if r.kind == "mfma"]
print("mfma active lanes:", sorted({round(r.active_lane_fraction, 3) for r in mf}))
print(t["bound"] in ("memory", "compute"), t["estimate_s"] > 0)
