"""triton - a stand-in for OpenAI Triton, so that programs importing it for helpers they do not use under flyi
still import (FlyDSL's tests/kernels/utils/gemm_common_utils.py imports it for fp4 quantisation kernels that only
its mxfp4 tests launch). flyi compiles no Triton kernels: calling or launching a @triton.jit function raises
NotImplementedError naming it.
"""

from triton import language

__all__ = ["jit", "autotune", "heuristics", "Config", "cdiv", "next_power_of_2", "language", "JITFunction"]


class JITFunction:
    """A @triton.jit function: kept for its name; it does not run under flyi."""

    def __init__(self, fn):
        self.fn = fn
        self.__name__ = getattr(fn, "__name__", "kernel")
        self.__doc__ = getattr(fn, "__doc__", None)

    def _refuse(self):
        raise NotImplementedError(
            "triton kernel '%s': flyi does not compile or run Triton kernels (triton is a stand-in here)" % self.__name__
        )

    def __getitem__(self, grid):
        self._refuse()

    def __call__(self, *args, **kwargs):
        self._refuse()

    def __repr__(self):
        return "<triton.JITFunction %s (not runnable under flyi)>" % self.__name__


def jit(fn=None, **kwargs):
    """@triton.jit or @triton.jit(...): a JITFunction that refuses to run."""
    if fn is None:
        return JITFunction
    return JITFunction(fn)


class Config:
    def __init__(self, kwargs=None, num_warps=4, num_stages=2, **extra):
        self.kwargs = dict(kwargs or {})
        self.num_warps = num_warps
        self.num_stages = num_stages


def autotune(configs=None, key=None, **kwargs):
    return lambda fn: fn


def heuristics(values):
    return lambda fn: fn


def cdiv(a, b):
    return (a + b - 1) // b


def next_power_of_2(n):
    p = 1
    while p < n:
        p *= 2
    return p
