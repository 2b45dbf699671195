# flyi: run
# flyi.kernels.attention (MFMA flash attention: a wave a block of 32 queries, S^T = K Q^T and O^T = V^T P^T
# with the 32x32x8 atom, online softmax over a runtime loop of 32-key blocks) on the emulator against the
# float64 softmax(q k^T * scale) v: with and without the causal mask, head_dim 64 and 128, float16 and
# bfloat16, sequences that fill the 32-row blocks and ragged ones (a single query row among them), a custom
# scale; and the errors. FLYI_KERNELS_LARGE=1 (make check-kernels) adds longer sequences and more heads,
# which print only when they fail (the expected output is the same).
import math
import os

import torch

from flyi.kernels import attention as A

torch.manual_seed(9)
TOL = {torch.float16: 4e-3, torch.bfloat16: 3e-2}
LARGE = os.environ.get("FLYI_KERNELS_LARGE") == "1"


def reference(q, k, v, causal, scale):
    s = (q @ k.transpose(-1, -2)) * scale
    if causal:  # key j > query i is left out
        n = s.shape[-1]
        s = s.masked_fill(torch.arange(n).reshape(1, n) > torch.arange(n).reshape(n, 1), float("-inf"))
    return torch.softmax(s, -1) @ v


SMALL = [(torch.float16, (1, 2, 32, 64), False, None), (torch.float16, (2, 1, 40, 64), True, None),
         (torch.float16, (1, 1, 70, 128), False, None), (torch.float16, (1, 2, 33, 128), True, 0.3),
         (torch.float16, (1, 1, 1, 64), True, None), (torch.bfloat16, (1, 2, 45, 64), True, None),
         (torch.bfloat16, (1, 1, 32, 128), False, None)]
BIG = [(dt, (2, 3, n, d), c, None) for dt in (torch.float16, torch.bfloat16) for d in (64, 128)
       for n, c in ((256, True), (200, False))]
for dtype, shape, causal, scale in SMALL + (BIG if LARGE else []):
    q, k, v = (torch.randn(shape, device="cuda").to(dtype) for _ in range(3))
    o = A.flash_attention(q, k, v, causal=causal, scale=scale)
    ref = reference(q.double().cpu(), k.double().cpu(), v.double().cpu(), causal,
                    1 / math.sqrt(shape[3]) if scale is None else scale)
    err = (o.double().cpu() - ref).abs().max().item()
    if (dtype, shape, causal, scale) in SMALL or err > TOL[dtype]:
        print(str(dtype).ljust(14), shape, "causal" if causal else "full  ", err <= TOL[dtype], o.dtype == dtype,
              o.shape == q.shape)


def err(*args, **kw):
    try:
        A.flash_attention(*args, **kw)
        print("no error")
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)


h = torch.ones(1, 1, 4, 64, device="cuda").half()
err(*(torch.ones(1, 1, 4, 32, device="cuda").half(),) * 3)
err(h, torch.ones(1, 1, 5, 64, device="cuda").half(), h)
err(*(torch.ones(1, 1, 4, 64, device="cuda"),) * 3)
err(h, h.bfloat16(), h)
err(torch.ones(1, 1, 64, 4, device="cuda").half().transpose(2, 3), h, h)
print("empty:", A.flash_attention(*(torch.ones(1, 2, 0, 64, device="cuda").half(),) * 3).shape)
