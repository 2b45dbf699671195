import torch
# torch.autograd.Function: apply() runs forward with a context that keeps saved tensors and attributes
class Scale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x)
        ctx.k = k
        return x * k
    @staticmethod
    def backward(ctx, g):
        return g * ctx.k, None
y = Scale.apply(torch.tensor([1.0, 2.0]), 3.0)
print(y)
print(issubclass(Scale, torch.autograd.Function))
seen = []
class Keep(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        seen.append(ctx)
        return a + 1
print(Keep.apply(torch.ones(2), torch.zeros(3)))
ctx = seen[0]
print(len(ctx.saved_tensors), ctx.saved_tensors[1].shape, ctx.needs_input_grad)
try:
    torch.autograd.Function.apply(1)
except NotImplementedError as e:
    print("NotImplementedError:", str(e)[:40])
