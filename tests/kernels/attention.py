# flyi: run
# flyi.kernels.attention (one wave a query row, online softmax over a runtime loop of keys) on the emulator
# against the float64 softmax(q k^T * scale) v, with and without the causal mask, head_dim 64 and 128,
# float32/float16/bfloat16, a sequence that does not fill the last block, a custom scale; and the errors.
import math

import torch

from flyi.kernels import attention as A

torch.manual_seed(9)
TOL = {torch.float32: 1e-5, torch.float16: 4e-3, torch.bfloat16: 3e-2}


def reference(q, k, v, causal, scale):
    s = (q @ k.transpose(-1, -2)) * scale
    if causal:  # key j > query i is left out
        n = s.shape[-1]
        mask = torch.tensor([[0.0 if j <= i else float("-inf") for j in range(n)] for i in range(n)],
                            dtype=torch.float64)
        s = s + mask
    return torch.softmax(s, -1) @ v


for dtype in (torch.float32, torch.float16, torch.bfloat16):
    for shape, causal, scale in (((1, 2, 10, 64), False, None), ((2, 1, 7, 128), True, None),
                                 ((1, 1, 9, 64), True, 0.3)):
        q, k, v = (torch.randn(shape, device="cuda").to(dtype) for _ in range(3))
        o = A.flash_attention(q, k, v, causal=causal, scale=scale)
        ref = reference(q.double().cpu(), k.double().cpu(), v.double().cpu(), causal,
                        1 / math.sqrt(shape[3]) if scale is None else scale)
        err = (o.double().cpu() - ref).abs().max().item()
        print(str(dtype).ljust(14), shape, "causal" if causal else "full  ", err <= TOL[dtype], o.dtype == dtype)

for args in ((torch.ones(1, 1, 4, 32, device="cuda"),) * 3,
             (torch.ones(1, 1, 4, 64, device="cuda"), torch.ones(1, 1, 5, 64, device="cuda"),
              torch.ones(1, 1, 4, 64, device="cuda"))):
    try:
        A.flash_attention(*args)
    except ValueError as e:
        print("ValueError:", e)
