import torch
import torch.nn.functional as F
# torch.autograd.Function in the graph, used as FlyDSL's norm wrappers use it: a public entry that
# reshapes and makes the input contiguous around Function.apply, a backward returning None for
# non-tensor inputs, several outputs (backward(ctx, dout, *rest)), mark_non_differentiable.
EPS = 1e-5
class LN(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, w, b, eps):
        print("forward grad mode:", torch.is_grad_enabled(), ctx.needs_input_grad)
        mean = x.mean(dim=1, keepdim=True)
        rstd = torch.rsqrt(x.var(dim=1, keepdim=True, unbiased=False) + eps)
        ctx.save_for_backward(x, w, mean, rstd)
        ctx.eps = eps
        return (x - mean) * rstd * w + b
    @staticmethod
    def backward(ctx, dout):
        x, w, mean, rstd = ctx.saved_tensors
        xhat = (x - mean) * rstd
        gh = dout * w
        dx = rstd * (gh - gh.mean(1, keepdim=True) - xhat * (gh * xhat).mean(1, keepdim=True))
        return dx, (dout * xhat).sum(0), dout.sum(0), None
def layernorm(x, w, b, eps=EPS):
    N = w.shape[-1]
    out = LN.apply(x.reshape(-1, N).contiguous(), w.contiguous(), b.contiguous(), eps)
    return out.reshape(x.shape)
torch.manual_seed(1)
D = torch.float64
x = torch.randn(3, 5, dtype=D).requires_grad_(True)
w = torch.rand(5, dtype=D).requires_grad_(True)
b = torch.rand(5, dtype=D).requires_grad_(True)
dy = torch.randn(3, 5, dtype=D)
out = layernorm(x, w, b)
fn = out.grad_fn.next_functions[0][0]   # under the reshape: the Function's node
print(fn.name(), type(fn).__name__, type(fn.next_functions[1][0]).__name__, fn.next_functions[1][0].variable is w)
out.backward(dy)
xr, wr, br = (t.detach().clone().requires_grad_(True) for t in (x, w, b))
ref = F.layer_norm(xr, (5,), wr, br, EPS)
ref.backward(dy)
print("out", (out - ref).abs().max().item() < 1e-12)
for n, g, gr in (("dx", x.grad, xr.grad), ("dw", w.grad, wr.grad), ("db", b.grad, br.grad)):
    print(n, g.shape, g.dtype, (g - gr).abs().max().item() < 1e-12)
dx0, dw0 = x.grad.clone(), w.grad.clone()
# a 3-D input through the reshape: the gradient comes back in the input's shape
x3 = torch.randn(2, 3, 5, dtype=D, requires_grad=True)
layernorm(x3, w, b).sum().backward()
print(x3.grad is not None and tuple(x3.grad.shape) == tuple(x3.shape))
# strided leaves: a slice with step, an expanded bias (stride 0)
xs = torch.randn(6, 5, dtype=D)[::2].detach().requires_grad_(True)
bs = torch.randn(5, dtype=D)[:1].expand(5).detach().requires_grad_(True)
print(xs.is_contiguous(), bs.stride())
layernorm(xs, w.detach(), bs).backward(dy)
xr = xs.detach().clone().requires_grad_(True)
br = bs.detach().clone().requires_grad_(True)
F.layer_norm(xr, (5,), w.detach(), br, EPS).backward(dy)
print((xs.grad - xr.grad).abs().max().item() < 1e-12, (bs.grad - br.grad).abs().max().item() < 1e-12)
# the fp32 reference of FlyDSL's test: autograd.grad through the manual formula
xf = x.detach().to(torch.float32).requires_grad_(True)
wf = w.detach().to(torch.float32).requires_grad_(True)
bf = b.detach().to(torch.float32).requires_grad_(True)
mean = xf.mean(dim=1, keepdim=True)
var = xf.var(dim=1, keepdim=True, unbiased=False)
yr = (xf - mean) * torch.rsqrt(var + EPS) * wf + bf
dxr, dwr, dbr = torch.autograd.grad(yr, [xf, wf, bf], dy.to(torch.float32))
print(dxr.dtype, (dxr.double() - dx0).abs().max().item() < 1e-5, (dwr.double() - dw0).abs().max().item() < 1e-5)
# two outputs; the second one's gradient is optional
class AddNorm(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, res, w, prenorm):
        added = x + res
        rstd = torch.rsqrt((added * added).mean(dim=1, keepdim=True) + 1e-6)
        ctx.save_for_backward(added, w, rstd)
        ctx.prenorm = prenorm
        out = added * rstd * w
        return (out, added) if prenorm else out
    @staticmethod
    def backward(ctx, dout, *args):
        added, w, rstd = ctx.saved_tensors
        gh = dout * w
        dx = rstd * (gh - added * rstd * rstd * (gh * added).mean(1, keepdim=True))
        if ctx.prenorm:
            dx = dx + args[0]
        return dx, dx, (dout * added * rstd).sum(0), None
x = torch.randn(3, 5, dtype=D, requires_grad=True)
r = torch.randn(3, 5, dtype=D, requires_grad=True)
w.grad = None
out, res_out = AddNorm.apply(x, r, w, True)
dres = torch.randn(3, 5, dtype=D)
torch.autograd.backward((out, res_out), (dy, dres))
xm = x.detach().clone().requires_grad_(True)
rm = r.detach().clone().requires_grad_(True)
wm = w.detach().clone().requires_grad_(True)
added = xm + rm
o = F.rms_norm(added, (5,), wm, 1e-6)
gx, gr, gw = torch.autograd.grad([o, added], [xm, rm, wm], [dy, dres])
print((x.grad - gx).abs().max().item() < 1e-12, (r.grad - gr).abs().max().item() < 1e-12,
      (w.grad - gw).abs().max().item() < 1e-12)
x.grad = None
out, res_out = AddNorm.apply(x, r, w.detach(), True)
(out.sum() + res_out.sum()).backward()
print(x.grad.shape)
# only the first output used: the second's gradient is materialized as zeros
x.grad = None
out, res_out = AddNorm.apply(x, r, w.detach(), True)
out.sum().backward()
print(x.grad.shape)
# a wrong number of gradients
class Bad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        return a * b
    @staticmethod
    def backward(ctx, g):
        return g
try:
    Bad.apply(x, r).sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)
# mark_non_differentiable
class Two(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        i = a.argmax().to(a.dtype)
        ctx.mark_non_differentiable(i)
        return a * 2, i
    @staticmethod
    def backward(ctx, g, gi):
        return g * 2
v, i = Two.apply(x)
print(v.requires_grad, i.requires_grad)
# Parameter
p = torch.nn.Parameter(torch.tensor([1.0, -2.0]))
print(p)
print(p.requires_grad, p.is_leaf, isinstance(p, torch.Tensor), type(p).__name__)
(p * p).sum().backward()
print(p.grad)
q = torch.nn.Parameter(torch.ones(2), requires_grad=False)
print(q.requires_grad, type(p * 2).__name__)
