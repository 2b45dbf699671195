# flyi: run
# The internal modules FlyDSL's kernels/ import: flydsl.compiler.ast_rewriter (transform is the function
# itself; scf_if_dispatch on a Python bool picks a branch, on a device value it becomes an scf.if whose
# carried values merge), flydsl.expr.utils.arith (ambient fastmath), flydsl.utils.smem_allocator (the LDS
# capacity check), compile hints per function and per context, autotune's artifact_name rule, and an
# fx.struct of compile-time fields only.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl.compiler.ast_rewriter import ASTRewriter, ReplaceIfWithDispatch
from flydsl.compiler.kernel_function import CompilationContext
from flydsl.expr.utils.arith import ArithValue, current_fastmath, fastmath, resolve_fastmath
from flydsl.utils.smem_allocator import SMEM_CAPACITY_MAP, check_smem_capacity
from flydsl.autotune import Config, autotune

dispatch = ReplaceIfWithDispatch.scf_if_dispatch


def helper(x):
    return x + 1


print(ASTRewriter.transform(helper) is helper, ArithValue is fx.arith.ArithValue)
# host values: the branch taken gets the carried values (with the names first when it takes one more)
print(dispatch(True, lambda a, b: (a + 1, b), lambda a, b: (a, b - 1), state_names=("a", "b"), state_values=(1, 5)))
print(dispatch(False, lambda a, b: (a + 1, b), lambda a, b: (a, b - 1), state_names=("a", "b"), state_values=(1, 5)))
print(dispatch(False, lambda n, a: {"a": a * 10}, None, state_names=("a",), state_values=(7,)))
print(dispatch(True, lambda n, a: {"a": (n, a * 10)}, None, state_names=("a",), state_values=(7,)))
try:
    dispatch(True, lambda a: (1, 2, 3), None, state_names=("a",), state_values=(1,))
except TypeError as e:
    print("TypeError:", e)
try:
    dispatch(True, lambda: 1, state_names=("a", "b"), state_values=(1,))
except ValueError as e:
    print("ValueError:", e)


@flyc.kernel
def k_dispatch(A: fx.Tensor, B: fx.Tensor):
    tid = fx.thread_idx.x
    x = A[tid]
    y = fx.Float32(0.0)
    x, y = dispatch(tid < 3, lambda x, y: (x * 2.0, y + 1.0), lambda x, y: (x - 1.0, y),
                    state_names=("x", "y"), state_values=(x, y))
    B[tid] = x + y * 100.0


@flyc.jit
def run_dispatch(A: fx.Tensor, B: fx.Tensor):
    k_dispatch(A, B).launch(grid=(1, 1, 1), block=(8, 1, 1))


a = torch.arange(8, dtype=torch.float32, device="cuda")
b = torch.zeros(8, device="cuda")
run_dispatch(a, b)
print(b.tolist())

print(current_fastmath(), resolve_fastmath("nnan"))
with fastmath("fast"):
    with fastmath(["nnan", "ninf"]):
        print(current_fastmath())
    print(current_fastmath(), resolve_fastmath("contract"))
print(current_fastmath())

print(SMEM_CAPACITY_MAP["gfx942"], SMEM_CAPACITY_MAP["gfx950"])
check_smem_capacity(163840, "gfx950")
check_smem_capacity(10 ** 9, None)
try:
    check_smem_capacity(65537, "gfx942")
except RuntimeError as e:
    print("RuntimeError:", e)

print(run_dispatch.compile_hints)
run_dispatch.compile_hints["llvm_options"] = {"enable-post-misched": False}
print(run_dispatch.compile_hints)
try:
    run_dispatch.compile_hints = 3
except TypeError as e:
    print("TypeError:", e)
with CompilationContext.compile_hints({"waves_per_eu": 2, "llvm_options": {"a": 1}}):
    with CompilationContext.compile_hints({"llvm_options": {"b": 2}, "fastmath": "contract"}):
        print(sorted(CompilationContext.get_compile_hints().items()))
    print(sorted(CompilationContext.get_compile_hints().items()))
print(CompilationContext.get_compile_hints())

tuned = autotune(configs=[Config(BLOCK=8)], key=["A"], artifact_name=" my_kernel.v1 ")(run_dispatch)
print(tuned.artifact_name)
for bad in ("no spaces", "x" * 65, 3):
    try:
        autotune(configs=[Config(BLOCK=8)], key=["A"], artifact_name=bad)(run_dispatch)
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)


@fx.struct
class Params:
    block_m: fx.Constexpr[int]
    use_bias: fx.Constexpr[bool]


p = Params(block_m=64, use_bias=True)
print(p.block_m, p.use_bias)
