import torch
import torch.nn.functional as F
# autograd semantics: leaves, accumulation, grad_fn names, no_grad, autograd.grad, errors
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * x + 2 * x
print(y)
print(y.grad_fn.name(), y.is_leaf, x.is_leaf, x.grad_fn, y.requires_grad)
print([type(f[0]).__name__ if f[0] is not None else None for f in y.grad_fn.next_functions])
s = y.sum()
print(s)
s.backward()
print(x.grad)
(x * 3).sum().backward()          # accumulates into the leaf
print(x.grad)
x.grad = None
(x ** 2).mean().backward()
print(x.grad)
# backward with a gradient, non-scalar
x.grad.zero_()
(x * torch.tensor([1.0, 10.0, 100.0])).backward(torch.tensor([1.0, 1.0, 2.0]))
print(x.grad)
# the graph is freed after backward unless retain_graph=True
z = (x.exp() * 2).sum()
z.backward(retain_graph=True)
z.backward()
try:
    z.backward()
except RuntimeError as e:
    print("RuntimeError:", str(e)[:50])
# implicit gradient only for scalars
try:
    (x * 2).backward()
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.ones(2).sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)
# autograd.grad returns gradients and leaves .grad alone
w = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
v = torch.tensor([0.5, -1.0], requires_grad=True)
out = w @ v
(gw, gv) = torch.autograd.grad(out, [w, v], grad_outputs=torch.tensor([1.0, 2.0]))
print(gw, gv, w.grad)
# gradient with respect to an intermediate tensor
h = w * 2
o = (h * h).sum()
(gh,) = torch.autograd.grad(o, h)
print(gh)
try:
    torch.autograd.grad((w * 2).sum(), [w, v])
except RuntimeError as e:
    print("RuntimeError:", str(e)[:60])
print(torch.autograd.grad((w * 2).sum(), [w, v], allow_unused=True)[1])
# several outputs with their gradients
p = torch.tensor([1.0, 2.0], requires_grad=True)
torch.autograd.backward([p * 2, p * p], [torch.tensor([1.0, 1.0]), torch.tensor([1.0, 0.5])])
print(p.grad)
# no_grad, enable_grad, set_grad_enabled, decorators
with torch.no_grad():
    q = p * 2
    with torch.enable_grad():
        q2 = p * 2
print(q.requires_grad, q.grad_fn, q2.requires_grad, torch.is_grad_enabled())
@torch.no_grad()
def f(t):
    return t * 3, torch.is_grad_enabled()
print(f(p)[0].requires_grad, f(p)[1], f.__name__)
torch.set_grad_enabled(False)
print((p * 2).requires_grad)
torch.set_grad_enabled(True)
with torch.set_grad_enabled(False):
    print((p * 2).requires_grad)
print((p * 2).requires_grad)
# detach, requires_grad_, leaf rules
d = (p * 2).detach()
print(d.requires_grad, d.is_leaf, d.grad_fn)
e = d.requires_grad_()
print(e is d, d.requires_grad)
try:
    (p * 2).requires_grad = False
except RuntimeError as err:
    print("RuntimeError:", str(err)[:60])
try:
    p.add_(1.0)
except RuntimeError as err:
    print("RuntimeError:", err)
try:
    torch.tensor([1, 2]).requires_grad_()
except RuntimeError as err:
    print("RuntimeError:", err)
# in-place on a non-leaf joins the graph
t = p * 1.0
t += 3.0
t.mul_(2.0)
print(t, t.grad_fn.name())
p.grad = None
t.sum().backward()
print(p.grad)
# integer results do not require grad; comparisons neither
print((p > 1).requires_grad, p.argmax().requires_grad, p.max(0).indices.requires_grad)
# dtype casts: the gradient comes back in the leaf's dtype
h16 = torch.tensor([1.0, 2.0], dtype=torch.float16, requires_grad=True)
(h16.float() * torch.tensor([3.0, 4.0])).sum().backward()
print(h16.grad)
# broadcast gradients are summed to the input's shape
bb = torch.ones(3, requires_grad=True)
cc = torch.ones(2, 1, requires_grad=True)
(bb * cc * torch.arange(6.0).reshape(2, 3)).sum().backward()
print(bb.grad, cc.grad)
# names
a = torch.ones(2, 2, requires_grad=True)
for op in [lambda: a + 1, lambda: a - 1, lambda: a * 2, lambda: a / 2, lambda: -a, lambda: a.exp(),
           lambda: a.sum(), lambda: a.sum(1), lambda: a.mean(), lambda: a.max(), lambda: a.max(0)[0],
           lambda: a @ a, lambda: a.t(), lambda: a.reshape(4), lambda: a[0], lambda: a.double(),
           lambda: torch.softmax(a, 1), lambda: F.layer_norm(a, (2,)), lambda: a.pow(2), lambda: torch.rsqrt(a)]:
    print(op().grad_fn.name(), end=" ")
print()
print(repr(torch.ones(2, requires_grad=True) * 2))
print(torch.ones(2, requires_grad=True).sum(0, keepdim=True))
# a backward that disagrees with its forward fails gradcheck
class Wrong(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        return t * 2
    @staticmethod
    def backward(ctx, g):
        return g * 3
print(torch.autograd.gradcheck(Wrong.apply, (torch.ones(2, dtype=torch.float64, requires_grad=True),),
                               raise_exception=False))
# creation functions take requires_grad=
print(torch.randn_like(a, requires_grad=True).requires_grad, torch.zeros_like(a, requires_grad=True).requires_grad,
      torch.rand(2, requires_grad=True).is_leaf)
# retain_grad keeps a non-leaf's gradient
x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x * 3
h.retain_grad()
(h * h).sum().backward()
print(h.grad, x.grad)
