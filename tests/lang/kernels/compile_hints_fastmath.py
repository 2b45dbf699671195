# flyi: run
# flyc.compile[hints], FlyDSL's subscripted compile: the hints merge into the jit function's compile_hints (a dict
# is required); with no arguments it hands back the hinted function. The kernel-level fast-math flags of the
# kernels a jit function launches come from its hints: "fastmath" when given (None: none), else "fast" for
# fast_fp_math; a `with fx.fastmath` block inside the kernel still overrides them, an op's fastmath= overrides
# both, and flags around the launch on the host never reach the kernel (before this, they leaked in and the
# compile cache ignored them, so the same kernel came back with or without flags by call order).
import torch

import flydsl.compiler as flyc
import flydsl.expr as fx


@flyc.kernel
def k(A: fx.Tensor):
    t = fx.thread_idx.x
    x = A[t]
    z = x * x + x
    with fx.fastmath("contract"):
        z = z * x
    A[t] = fx.exp(z, fastmath="none") + fx.exp(z)


def make():
    @flyc.jit
    def launch(A: fx.Tensor):
        k(A).launch(grid=1, block=64)
    return launch


def flags(jit_fn):
    ir = next(iter(jit_fn._mem_cache.values())).source_ir
    out = []
    for ln in ir.splitlines():
        for op in ("arith.mulf", "arith.addf", "math.exp"):
            if op + " " in ln:
                out.append(op.split(".")[1] + ":" + (ln.split("fastmath<")[1].split(">")[0] if "fastmath<" in ln else "-"))
    return " ".join(out)


a = torch.zeros(64, device="cuda")
for hints in (None, {"fastmath": "fast"}, {"fast_fp_math": True}, {"fast_fp_math": True, "fastmath": "nnan,ninf"},
              {"fast_fp_math": True, "fastmath": None}):
    f = make()
    g = f if hints is None else flyc.compile[hints](f)
    assert g is f
    f(a)
    print(hints, "->", f.compile_hints, "|", flags(f))

host = make()
@flyc.jit
def host_fast(A: fx.Tensor):
    with fx.fastmath("fast"):
        k(A).launch(grid=1, block=64)
host_fast(a)
print("host-side fastmath around the launch:", flags(host_fast))
ck = flyc.compile[{"fast_fp_math": True}](make(), a)
print("compile[hints](fn, args) ->", type(ck).__name__, ck.compile_hints)
print("bare compile hints:", flyc.compile(make(), a).compile_hints)
try:
    flyc.compile[["fast"]]
except TypeError as e:
    print("TypeError:", e)
