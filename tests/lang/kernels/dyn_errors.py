# Errors around dynamic tensor layouts: mark_layout_dynamic needs a stride-1 dim (the leading one),
# a power-of-two divisibility; operations that need static sizes (a whole-tensor vector load, a
# trace-time loop over the size) say so when the layout is dynamic. (Runs with COMPILE_ONLY=1.)
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

x = torch.zeros(4, 8, device="cuda")
for f in (lambda: flyc.from_dlpack(x[:, ::2]).mark_layout_dynamic(),
          lambda: flyc.from_dlpack(x).mark_layout_dynamic(leading_dim=0),
          lambda: flyc.from_dlpack(x).mark_layout_dynamic(leading_dim=2),
          lambda: flyc.from_dlpack(x).mark_layout_dynamic(divisibility=3),
          lambda: flyc.from_dlpack(x, assumed_align=6),
          lambda: flyc.from_dlpack([1, 2])):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)
print(flyc.from_dlpack(x[:, ::2]), flyc.from_dlpack(x).mark_layout_dynamic(divisibility=8))

@flyc.kernel
def k_load(A: fx.Tensor):
    v = A.load()

@flyc.kernel
def k_range(A: fx.Tensor):
    print(fx.size(A), A.shape)
    for i in fx.range_constexpr(A.shape):
        A[i] = 0.0

@flyc.kernel
def k_frag(A: fx.Tensor):
    r = fx.make_fragment_like(fx.logical_divide(A, fx.make_layout(4, 1))[None, 0])
    print(r)
    r = fx.make_fragment_like(A)

@flyc.jit
def run(k, a):
    k(a).launch(grid=1, block=1)

a = flyc.from_dlpack(torch.zeros(16, device="cuda")).mark_layout_dynamic()
for k in (k_load, k_range, k_frag):
    try:
        run(k, a)
    except Exception as e:
        print(type(e).__name__ + ":", e)
