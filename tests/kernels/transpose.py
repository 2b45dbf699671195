# flyi: run
# flyi.kernels.transpose (32 x 32 tiles through a swizzled LDS tile) on the emulator: exact for every dtype,
# at shapes that fill whole tiles and ragged ones, a single row and a single column; and the errors.
import torch

from flyi.kernels import transpose as T

torch.manual_seed(3)
for dtype in (torch.float32, torch.float16, torch.bfloat16):
    for shape in ((64, 96), (33, 70), (1, 45), (45, 1), (32, 32)):
        x = torch.randn(shape, device="cuda").to(dtype)
        y = T.transpose(x)
        print(str(dtype).ljust(14), str(shape).ljust(9), torch.equal(y, x.t().contiguous()), tuple(y.shape))
try:
    T.transpose(torch.ones(2, 3, 4, device="cuda"))
except ValueError as e:
    print("ValueError:", e)
