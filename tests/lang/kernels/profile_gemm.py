# flyi: run
# flyi: emu-only (the profiler counts on the emulator)
# flyc.profile of the kernel library's GEMM (flyi.kernels.gemm) at 128 x 128 x 64 f16: the MFMA flops
# are exactly 2*M*N*K, every global access is coalesced and no LDS access has a bank conflict (gfx942: 32
# banks). The A operand reads are four 2-byte loads a lane in the host code, counted as the ds_read_b64 the
# GPU compile makes of them (8 bytes, 16-lane phases); A's rows are padded a pair at a time and B is kept as
# its rows come, which is what makes the A store, the B store and the B reads conflict-free (kernels/gemm.py).
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
# every dtype on both targets, one tile (gfx950's 64 banks: the padding follows the target; float32's 4-byte
# A reads stay 2-way there, see kernels/gemm.py)
import os

for arch in ("gfx942", "gfx950"):
    os.environ["ARCH"] = arch
    for dt in (torch.float16, torch.bfloat16, torch.float32, "fp8"):
        if dt == "fp8":
            f8 = torch.float8_e4m3fnuz if arch == "gfx942" else torch.float8_e4m3fn
            a = torch.randn(64, 64).to(f8).to("cuda")
            b = torch.randn(64, 64).to(f8).to("cuda")
            rep = flyc.profile(gemm.gemm_fp8, a, b, 1.0, 1.0)
        else:
            a = torch.randn(64, 32, dtype=dt, device="cuda")
            b = torch.randn(32, 64, dtype=dt, device="cuda")
            rep = flyc.profile(gemm.gemm, a, b)
        lds = sorted((r.kind, r.bytes, r.lds_bank_conflict_ways) for r in rep.lines if r.kind.startswith("lds"))
        print(arch, str(dt).replace("torch.", ""), " ".join("%s/%dB/%d-way" % x for x in lds))
del os.environ["ARCH"]
