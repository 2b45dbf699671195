# DSL source beside the ISA (trace_isa_source.c): a kernel compiled with line tables
# (flyc.compile(..., debug_info=True) or FlyDSL's FLYDSL_DEBUG_ENABLE_DEBUG_INFO=1) keeps the DSL line of
# every instruction; isa_source() prints each source line followed by its instructions in ISA order (a
# helper's lines under the helper's own line); its instructions are those of the kernel compiled without
# line tables; a kernel without them says how to get them; the library's kernels show their own lines.
import os

import flydsl.compiler as flyc
import flydsl.expr as fx
import torch


def twice(v):
    return v * 2.0


@flyc.kernel
def scale(A: fx.Tensor, n: fx.Int32):
    t = fx.thread_idx.x
    v = A[t]
    w = twice(v)
    A[t] = w + fx.Float32(n)


@flyc.jit
def run(A, n: fx.Int32):
    scale(A, n).launch(grid=1, block=64)


def instructions(isa):
    """The kernel's instruction lines, up to s_endpgm."""
    out = []
    for ln in isa.splitlines():
        if ln.startswith("\t") and not ln.startswith("\t."):
            out.append(ln.strip())
            if ln.strip() == "s_endpgm":
                break
    return out


a = torch.zeros(64, device="cuda")
k = flyc.compile(run, a, 3, debug_info=True)
src = k.isa_source()
print("\n".join(ln for ln in src.splitlines() if not ln.startswith("    ")))
print("instructions listed:", [ln.strip() for ln in src.splitlines() if ln.startswith("    ")] ==
      [i.split(" ;")[0].strip() for i in instructions(k.isa)])
plain = flyc.compile(run, a, 3)
print("same instructions without line tables:", instructions(plain.isa) == instructions(k.isa),
      ".loc" in k.isa, ".loc" in plain.isa)
try:
    plain.isa_source()
except ValueError as e:
    print("ValueError:", e)

os.environ["FLYDSL_DEBUG_ENABLE_DEBUG_INFO"] = "1"
k2 = flyc.compile(run, a, 4)
print("FLYDSL_DEBUG_ENABLE_DEBUG_INFO:", ".loc" in k2.isa, k2.isa_source().splitlines()[0])
del os.environ["FLYDSL_DEBUG_ENABLE_DEBUG_INFO"]

from flyi.kernels import softmax  # noqa: E402

os.environ["FLYDSL_DEBUG_ENABLE_DEBUG_INFO"] = "1"
heads = [ln for ln in softmax.compile(torch.randn(4, 256, device="cuda")).isa_source().splitlines()
         if not ln.startswith("    ")]
del os.environ["FLYDSL_DEBUG_ENABLE_DEBUG_INFO"]
print("softmax lines:", any("fmath.exp" in ln for ln in heads), any(ln.startswith("<frozen flyi.kernels.softmax>:")
                                                                     for ln in heads))
