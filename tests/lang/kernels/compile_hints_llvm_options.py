# flyi: run
# LLVM's command-line options (cl::opt) at run time: _mlirDialectsFly.set_llvm_option_bool/_int/_str set one in the
# compiler core and return its previous value; flydsl.compiler.llvm_options.llvm_options sets some for a `with`
# block; a jit function's compile hint "llvm_options" applies them while the kernels it launches compile (the
# options are part of the compile cache key), and every such compile asks the backend for its pipeline_fragments.
import torch

import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl._mlir._mlir_libs import _mlirDialectsFly as fly
from flydsl.compiler.backends import rocm
from flydsl.compiler.llvm_options import llvm_options

print(fly.set_llvm_option_bool("enable-post-misched", False), fly.set_llvm_option_bool("enable-post-misched", True))
print(repr(fly.set_llvm_option_str("module-summary-dot-file", "/tmp/x.dot")),
      repr(fly.set_llvm_option_str("module-summary-dot-file", "")))
for bad in (lambda: fly.set_llvm_option_bool("no-such-llvm-option-xyz", True),
            lambda: fly.set_llvm_option_int("enable-post-misched", 3)):
    try:
        bad()
    except RuntimeError as e:
        print("RuntimeError:", e)

with llvm_options({"enable-post-misched": False}):
    print("inside:", fly.set_llvm_option_bool("enable-post-misched", False))
print("after:", fly.set_llvm_option_bool("enable-post-misched", True))
try:
    with llvm_options({"enable-post-misched": [1]}):
        pass
except TypeError as e:
    print("TypeError:", e)


@flyc.kernel
def add1(A: fx.Tensor):
    t = fx.thread_idx.x
    A[t] = A[t] + 1.0


@flyc.jit
def launch(A: fx.Tensor):
    add1(A).launch(grid=1, block=64)


seen = []
orig = rocm.RocmBackend.pipeline_fragments


def record(self, *, compile_hints):
    # the hint's options are set while the kernel compiles
    seen.append((sorted(compile_hints), fly.set_llvm_option_bool("enable-post-misched", False)))
    return orig(self, compile_hints=compile_hints)


rocm.RocmBackend.pipeline_fragments = record
hinted = flyc.compile[{"llvm_options": {"enable-post-misched": False}, "fast_fp_math": True}](launch)
a = torch.zeros(64, device="cuda")
hinted(a)
hinted(a)
print(a[:4].tolist(), seen)
print("restored:", fly.set_llvm_option_bool("enable-post-misched", True))
rocm.RocmBackend.pipeline_fragments = orig
print(rocm.RocmBackend().pipeline_fragments(compile_hints={"fast_fp_math": True}))
