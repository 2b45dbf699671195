# torch.div(input, other, rounding_mode=...) as a function, as the method: "floor" (toward -inf), "trunc" (toward 0),
# None (true division), integer and float inputs, a tensor divisor; a bad mode is torch's error. Checked against
# Python's // and int().
import math

import torch

a = torch.tensor([7, -7, 5, -1, 0])
for mode in ("floor", "trunc", None):
    r = torch.div(a, 2, rounding_mode=mode)
    want = [x // 2 if mode == "floor" else int(x / 2) if mode == "trunc" else x / 2 for x in a.tolist()]
    print(mode, r.dtype, r.tolist(), r.tolist() == want, torch.equal(r, a.div(2, rounding_mode=mode)))
f = torch.tensor([7.5, -7.5, 1e30])
print("float floor:", torch.div(f, torch.tensor(2.0), rounding_mode="floor").tolist(),
      [math.floor(x / 2) for x in (7.5, -7.5)])
print("pages:", torch.div(torch.tensor([1, 64, 65, 130]) + 64 - 1, 64, rounding_mode="floor").int().tolist())
try:
    torch.div(a, 2, rounding_mode="round")
except RuntimeError as e:
    print("RuntimeError:", e)
