# flyi: run
# flyi.kernels.gemm.gemm_fp8 on the emulator (gfx942: FNUZ e4m3, torch.float8_e4m3fnuz) against the float64
# product of the dequantised operands (a * scale_a) @ (b * scale_b): the 32x32x16 fp8 atom, K tiles of 64, the
# same LDS stages, double-buffered loop and predicated edges as gemm; whole tiles, ragged shapes (rows not a
# whole number of 16-byte vectors among them), M = 1, N = 1; output float32, float16, bfloat16 (within a
# rounding of the output plus float32 accumulation); the scales as numbers or 1-element tensors; and the
# errors (the other fp8 format, a scale per row). gemm_fp8_gfx950.py runs the OCP format of gfx950.
import torch

from flyi.kernels import gemm as G

torch.manual_seed(5)
ULP = {torch.float32: 2.0 ** -23, torch.float16: 2.0 ** -10, torch.bfloat16: 2.0 ** -7}
dt = G.fp8_dtype()
print("format:", dt)
for (m, n, k), out_dtype, sa, sb in (((64, 64, 64), torch.float32, 1.0, 1.0), ((128, 96, 192), torch.bfloat16, 0.5, 3.0),
                                     ((70, 33, 100), torch.float16, 0.25, torch.tensor([2.0])),
                                     ((1, 48, 80), torch.float32, 1.5, 1.0), ((65, 1, 20), torch.bfloat16, 1.0, 0.125)):
    a = (torch.randn(m, k) * 4).to(dt).cuda()
    b = (torch.randn(k, n) * 4).to(dt).cuda()
    c = G.gemm_fp8(a, b, sa, sb, out_dtype=out_dtype)
    s = float(sa) * float(sb.item() if isinstance(sb, torch.Tensor) else sb)
    ad, bd = a.cpu().double(), b.cpu().double()
    ref = (ad @ bd) * s
    bound = ref.abs() * ULP[out_dtype] + (ad.abs() @ bd.abs()) * abs(s) * (k * 2.0 ** -23) + 1e-30
    print((m, n, k), out_dtype, bool(((c.cpu().double() - ref).abs() <= bound).all()), c.dtype == out_dtype,
          tuple(c.shape))
other = torch.float8_e4m3fn if dt == torch.float8_e4m3fnuz else torch.float8_e4m3fnuz
for args, kw in (((torch.zeros(4, 4).to(other).cuda(), torch.zeros(4, 4).to(other).cuda()), {}),
                 ((torch.zeros(4, 4).to(dt).cuda(), torch.zeros(4, 4).to(dt).cuda(), torch.ones(4)), {}),
                 ((torch.zeros(4, 4).to(dt).cuda(), torch.zeros(4, 4).to(dt).cuda()), {"out_dtype": torch.int32})):
    try:
        G.gemm_fp8(*args, **kw)
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)
