class Fn(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x
    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return g
    @property
    def p(self):
        return 1
