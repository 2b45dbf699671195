# Graphs free their memory when their tensors go, with or without backward (no reference cycle through
# a node: arguments and outputs are kept detached, an output saved by a Function too).
import torch
import torch.nn.functional as F
base = torch.cuda.memory_allocated()
class Sq(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = x * x
        ctx.save_for_backward(x, y)
        return y
    @staticmethod
    def backward(ctx, g):
        x, y = ctx.saved_tensors
        return 2 * g * x
for i in range(50):
    x = torch.randn(1000, device="cuda", requires_grad=True)
    w = torch.randn(1000, device="cuda", requires_grad=True)
    y = F.layer_norm((x.exp() * w).reshape(10, 100), (100,)).softmax(1).sum() + Sq.apply(x).sum()
    if i % 2:
        y.backward()
    del x, w, y
print(torch.cuda.memory_allocated() - base)
