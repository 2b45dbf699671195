# flyi: run
# flyi.kernels.transpose (32 x 32 tiles through a swizzled LDS tile) on the emulator: exact for every dtype,
# at shapes that fill whole tiles and ragged ones, a single row and a single column; and the errors (a
# non-contiguous input among them). FLYI_KERNELS_LARGE=1 (make check-kernels) adds larger shapes, which
# print only when they fail.
import os

import torch

from flyi.kernels import transpose as T

torch.manual_seed(3)
SMALL = [(64, 96), (33, 70), (1, 45), (45, 1), (32, 32)]
LARGE = [(1000, 777), (1, 5000), (3000, 1)] if os.environ.get("FLYI_KERNELS_LARGE") == "1" else []
for dtype in (torch.float32, torch.float16, torch.bfloat16):
    for shape in SMALL + LARGE:
        x = torch.randn(shape, device="cuda").to(dtype)
        y = T.transpose(x)
        if shape in SMALL or not torch.equal(y, x.t().contiguous()):
            print(str(dtype).ljust(14), str(shape).ljust(9), torch.equal(y, x.t().contiguous()), tuple(y.shape))
for bad in (torch.ones(2, 3, 4, device="cuda"), torch.ones(4, 6, device="cuda").t()):
    try:
        T.transpose(bad)
    except ValueError as e:
        print("ValueError:", e)
