# flyi: run
# What flyc.compile returns keeps FlyDSL's CompiledArtifact as _keepalive: source_ir (the traced module, with the
# kernel's known_block_size) and ir (the compiled module: a gpu.binary per kernel whose string is the code object,
# printed as MLIR prints a string attribute, so its AMDHSA metadata, e.g. max_flat_workgroup_size, can be read
# there). A @flyc.jit function whose kernels are launched by a launching jit function it calls (one a builder
# made) records those kernels as its own (_last_compiled). A call that launched two kernels keeps both in its
# artifact.
import re
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch


def build(block):
    @flyc.kernel
    def twice(A: fx.Tensor):
        i = fx.block_idx.x * block + fx.thread_idx.x
        A[i] = A[i] * 2.0

    @flyc.jit
    def launch_twice(A: fx.Tensor, m: fx.Int32, stream: fx.Stream = fx.Stream(None)):
        twice(A).launch(grid=(m, 1, 1), block=(block, 1, 1), stream=stream)

    return launch_twice


@flyc.jit
def outer(A: fx.Tensor, m: fx.Int32, BLOCK: fx.Constexpr[int], stream: fx.Stream = fx.Stream(None)):
    build(BLOCK)(A, m, stream)


a = torch.ones(256).cuda()
compiled = flyc.compile(outer, a, 1, 256)
torch.cuda.synchronize()
print("ran", a.sum().item())
art = compiled._keepalive
print(type(art).__name__, "known_block_size = array<i32: 256, 1, 1>" in art.source_ir)
ir = art.ir
print(ir.splitlines()[0])
print(re.findall(r'gpu\.binary @\w+ \[#gpu\.object<#rocdl\.target<chip = "\w+">', ir))
m = re.search(r"max_flat_workgroup_size\\CD\\([0-9A-F]{2})\\([0-9A-F]{2})", ir)
print("max_flat_workgroup_size", int(m.group(1) + m.group(2), 16))
body = re.search(r', "(.*)">\]', ir).group(1)
decoded = re.sub(rb"\\([0-9A-F]{2})", lambda x: bytes([int(x.group(1), 16)]), body.encode())
print("the code object", decoded == compiled.binary, decoded[:4])
print("outer's kernels", [k.name for k in outer._last_compiled[1].kernels])


@flyc.kernel
def add_one(A: fx.Tensor):
    A[fx.thread_idx.x] = A[fx.thread_idx.x] + 1.0


@flyc.kernel
def negate(A: fx.Tensor):
    A[fx.thread_idx.x] = -A[fx.thread_idx.x]


@flyc.jit
def two_stage(A: fx.Tensor):
    add_one(A).launch(grid=(1, 1, 1), block=(64, 1, 1))
    negate(A).launch(grid=(1, 1, 1), block=(64, 1, 1))


two = flyc.compile(two_stage, a)._keepalive  # the call's artifact: both kernels
print("two kernels", [k.name for k in two.kernels], two.source_ir.count("gpu.func @"), two.ir.count("gpu.binary @"))
