# flyi: run
# flyi.kernels.gemm.gemm_fp8 with the emulator emulating gfx950 (ARCH set before the first launch): the same
# v_mfma_f32_32x32x16_fp8_fp8 reads OCP e4m3 there (torch.float8_e4m3fn, largest value 448), against the float64
# product of the dequantised operands; the FNUZ format is refused.
import os

os.environ["ARCH"] = "gfx950"
import torch

from flyi.kernels import gemm as G

torch.manual_seed(6)
dt = G.fp8_dtype()
print("format:", dt)
for m, n, k in ((64, 64, 128), (37, 50, 70)):
    af = torch.randn(m, k) * 8
    af[0, 0] = 448.0  # OCP's largest value (past FNUZ's 240)
    a = af.to(dt).cuda()
    b = (torch.randn(k, n) * 8).to(dt).cuda()
    c = G.gemm_fp8(a, b, 0.5, 0.25, out_dtype=torch.float32)
    ad, bd = a.cpu().double(), b.cpu().double()
    ref = (ad @ bd) * 0.125
    bound = (ad.abs() @ bd.abs()) * 0.125 * (k * 2.0 ** -23) + ref.abs() * 2.0 ** -23 + 1e-30
    print((m, n, k), bool(((c.cpu().double() - ref).abs() <= bound).all()), ad.abs().max().item())
try:
    G.gemm_fp8(torch.zeros(4, 4).to(torch.float8_e4m3fnuz).cuda(), torch.zeros(4, 4).to(torch.float8_e4m3fnuz).cuda())
except TypeError as e:
    print("TypeError:", e)
