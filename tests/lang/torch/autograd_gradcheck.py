import torch
import torch.nn.functional as F
from torch.autograd import gradcheck
# Every differentiable operation against central finite differences in float64
# (torch.autograd.gradcheck: each element of each output against each input element).
torch.manual_seed(0)
D = torch.float64
def r(*shape, lo=-1.0, hi=1.0):
    return (torch.rand(*shape, dtype=D) * (hi - lo) + lo).requires_grad_(True)
def pos(*shape):
    return r(*shape, lo=0.5, hi=2.0)
a, b = r(3, 4), r(3, 4)
row, col, sc = r(4), r(3, 1), r(())
p, q = pos(3, 4), pos(4)
m1, m2, v = r(2, 3), r(3, 4), r(3)
bm1, bm2 = r(2, 2, 3), r(3, 2)
cases = [
    ("add", lambda x, y: x + y, (a, b)),
    ("add_broadcast", lambda x, y, z: x + y + z, (a, row, col)),
    ("add_alpha", lambda x, y: torch.add(x, y, alpha=2.5), (a, row)),
    ("sub_scalar_left", lambda x: 3.0 - x, (a,)),
    ("sub_method", lambda x, y: x.sub(y, alpha=0.5), (a, col)),
    ("mul", lambda x, y: x * y, (a, row)),
    ("mul_scalar_tensor", lambda x, s: x * s * 2.0, (a, sc)),
    ("div", lambda x, y: x / y, (a, p)),
    ("rdiv", lambda x: 1.5 / x, (p,)),
    ("neg", lambda x: -x, (a,)),
    ("pow_scalar", lambda x: x ** 3, (a,)),
    ("pow_frac", lambda x: x.pow(0.5), (p,)),
    ("pow_tensor", lambda x, y: x ** y, (p, b)),
    ("rpow", lambda x: 2.0 ** x, (a,)),
    ("square", lambda x: torch.square(x) + x.square(), (a,)),
    ("exp", torch.exp, (a,)),
    ("exp2", lambda x: x.exp2(), (a,)),
    ("log", torch.log, (p,)),
    ("log2", lambda x: x.log2(), (p,)),
    ("sqrt", torch.sqrt, (p,)),
    ("rsqrt", torch.rsqrt, (p,)),
    ("tanh", torch.tanh, (a,)),
    ("sigmoid", torch.sigmoid, (a,)),
    ("relu", lambda x: torch.relu(x) + F.relu(x), (a,)),
    ("abs", lambda x: x.abs() + abs(x), (a,)),
    ("sin_cos", lambda x: x.sin() * x.cos(), (a,)),
    ("reciprocal", torch.reciprocal, (p,)),
    ("silu", F.silu, (a,)),
    ("gelu", F.gelu, (a,)),
    ("gelu_tanh", lambda x: F.gelu(x, approximate="tanh"), (a,)),
    ("clamp", lambda x: x.clamp(min=-0.5, max=0.5), (a,)),
    ("maximum", torch.maximum, (a, b)),
    ("minimum", torch.minimum, (a, b)),
    ("where", lambda x, y: torch.where(x > 0, x, y), (a, b)),
    ("masked_fill", lambda x: x.masked_fill(x > 0.3, 0.0), (a,)),
    ("sum_all", lambda x: x.sum(), (a,)),
    ("sum_dim", lambda x: x.sum(dim=1), (a,)),
    ("sum_dims_keep", lambda x: x.sum(dim=(0, 1), keepdim=True), (a,)),
    ("mean_dim", lambda x: x.mean(0), (a,)),
    ("mean_all", lambda x: x.mean(), (a,)),
    ("var_biased", lambda x: x.var(dim=1, keepdim=True, unbiased=False), (a,)),
    ("var_unbiased", lambda x: x.var(0), (a,)),
    ("var_all", lambda x: x.var(), (a,)),
    ("std", lambda x: x.std(dim=1), (a,)),
    ("max_all", lambda x: x.max(), (a,)),
    ("max_dim", lambda x: x.max(dim=1).values, (a,)),
    ("max_dim_keep", lambda x: x.max(0, keepdim=True)[0], (a,)),
    ("min_dim", lambda x: torch.min(x, 1)[0], (a,)),
    ("amax", lambda x: x.amax(dim=1), (a,)),
    ("amin", lambda x: x.amin(dim=0, keepdim=True), (a,)),
    ("prod", lambda x: x.prod(dim=1), (p,)),
    ("cumsum", lambda x: x.cumsum(1), (a,)),
    ("matmul", lambda x, y: x @ y, (m1, m2)),
    ("matmul_vec", lambda x, y: torch.matmul(x, y), (m1, v)),
    ("vec_matmul", lambda y, x: y.matmul(x), (v, m2)),
    ("dot", lambda x, y: x @ y, (v, v.detach().clone().requires_grad_(True))),
    ("matmul_batched", lambda x, y: x @ y, (bm1, bm2)),
    ("mm", lambda x, y: x.mm(y), (m1, m2)),
    ("linear", lambda x, w, c: F.linear(x, w, c), (m1, r(4, 3), r(4))),
    ("softmax", lambda x: torch.softmax(x, dim=1), (a,)),
    ("softmax_dim0", lambda x: F.softmax(x, dim=0), (a,)),
    ("softmax_method", lambda x: x.softmax(-1), (a,)),
    ("log_softmax", lambda x: F.log_softmax(x, dim=1), (a,)),
    ("layer_norm", lambda x, w, c: F.layer_norm(x, (4,), w, c, 1e-5), (a, r(4), r(4))),
    ("layer_norm_noaffine", lambda x: F.layer_norm(x, (4,)), (a,)),
    ("layer_norm_2d", lambda x: F.layer_norm(x, (3, 4)), (r(2, 3, 4),)),
    ("rms_norm", lambda x, w: F.rms_norm(x, (4,), w, 1e-6), (a, r(4))),
    ("rms_norm_noweight", lambda x: F.rms_norm(x, [4]), (a,)),
    ("layernorm_manual", lambda x, w, c: (x - x.mean(dim=1, keepdim=True))
        * torch.rsqrt(x.var(dim=1, keepdim=True, unbiased=False) + 1e-5) * w + c, (a, r(4), r(4))),
    ("rmsnorm_manual", lambda x, w: x * torch.rsqrt((x * x).mean(dim=1, keepdim=True) + 1e-6) * w, (a, r(4))),
    ("reshape", lambda x: x.reshape(2, 6) * torch.arange(12.0, dtype=D).reshape(2, 6), (a,)),
    ("view_flatten", lambda x: x.view(12).flatten() * torch.arange(12.0, dtype=D), (a,)),
    ("squeeze_unsqueeze", lambda x: x.unsqueeze(0).squeeze(0).unsqueeze(2), (a,)),
    ("expand", lambda x: x.expand(3, 4) * torch.arange(12.0, dtype=D).reshape(3, 4), (col,)),
    ("transpose", lambda x: x.transpose(0, 1) @ torch.arange(3.0, dtype=D), (a,)),
    ("t_T_mT", lambda x: x.t() + x.T + x.mT, (a,)),
    ("permute", lambda x: x.permute(2, 0, 1) * torch.arange(4.0, dtype=D).reshape(4, 1, 1), (r(2, 3, 4),)),
    ("narrow", lambda x: x.narrow(1, 1, 2), (a,)),
    ("getitem", lambda x: x[1:, ::2] * 2 + x[0, ::2], (a,)),
    ("getitem_int", lambda x: x[1, 2] * x[:, -1], (a,)),
    ("getitem_index_repeats", lambda x: x[torch.tensor([0, 0, 2])] * torch.arange(1.0, 5.0, dtype=D), (a,)),
    ("getitem_lists", lambda x: x[[1, 1, 0], [0, 3, 3]], (a,)),
    ("getitem_mask", lambda x: x[x > 0] * 2, (a,)),
    ("split", lambda x: x.split(2, dim=1)[1] * 3, (a,)),
    ("chunk", lambda x: x.chunk(2)[0] + x.chunk(2)[1].sum(), (r(4, 2),)),
    ("cat", lambda x, y: torch.cat([x, y], dim=0) * 2, (a, b)),
    ("stack", lambda x, y: torch.stack([x, y], dim=1).sum(dim=2), (a, b)),
    ("contiguous_clone", lambda x: x.t().contiguous().clone(), (a,)),
    ("chain", lambda x, y: ((x * y).exp().sum(dim=0) / (y.abs() + 1.0).sum(dim=0)).log(), (a, b)),
    ("reuse", lambda x: x * x * x + x, (a,)),
]
# through float32: the differences see float32 rounding, so a coarser step and tolerance
print("to_float32", gradcheck(lambda x: x.to(torch.float32).double() * 3.0, (a,), eps=1e-2, atol=1e-3, rtol=1e-3))
for name, fn, inputs in cases:
    try:
        ok = gradcheck(fn, inputs, eps=1e-6, atol=1e-6, rtol=1e-5)
    except Exception as e:
        ok = "%s: %s" % (type(e).__name__, str(e).splitlines()[0])
    print(name, ok)
