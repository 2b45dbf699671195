"""What the kernels of flyi.kernels share: argument checks, dtypes, launch shapes."""
import torch

import flydsl.expr as fx

WAVE = 64  # lanes of a wave on gfx942/gfx950

# the DSL element type of each torch dtype the kernels take
DSL_TYPE = {torch.float32: fx.Float32, torch.float16: fx.Float16, torch.bfloat16: fx.BFloat16}
FLOAT_TYPES = tuple(DSL_TYPE)


def ceil_div(a, b):
    return (a + b - 1) // b


def check_tensor(name, t, dtypes=FLOAT_TYPES, ndim=None):
    """A device tensor of one of dtypes (and ndim dimensions), contiguous; else a clear error."""
    if not isinstance(t, torch.Tensor):
        raise TypeError("%s must be a torch tensor, not %s" % (name, type(t).__name__))
    if t.device.type != "cuda":
        raise ValueError("%s must be on the device (device='cuda'), not on %s" % (name, t.device))
    if t.dtype not in dtypes:
        raise TypeError("%s: dtype %s is not supported (%s)" % (
            name, t.dtype, ", ".join(str(d) for d in dtypes)))
    if ndim is not None and t.dim() != ndim:
        raise ValueError("%s must be %d-D, got %d-D (shape %s)" % (name, ndim, t.dim(), tuple(t.shape)))
    if not t.is_contiguous():
        raise ValueError("%s must be contiguous (call .contiguous() first)" % name)


def check_same(name, a, ref):
    if tuple(a.shape) != tuple(ref.shape):
        raise ValueError("%s: shape %s does not match %s" % (name, tuple(a.shape), tuple(ref.shape)))
    if a.dtype != ref.dtype:
        raise TypeError("%s: dtype %s does not match %s" % (name, a.dtype, ref.dtype))


def out_like(out, ref, name="out", dtype=None):
    """out checked against ref's shape (and dtype), or a new empty tensor like ref."""
    dtype = dtype or ref.dtype
    if out is None:
        return torch.empty(tuple(ref.shape), dtype=dtype, device="cuda")
    check_tensor(name, out, dtypes=(dtype,))
    if tuple(out.shape) != tuple(ref.shape):
        raise ValueError("%s: shape %s does not match %s" % (name, tuple(out.shape), tuple(ref.shape)))
    return out
