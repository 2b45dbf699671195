# flyi: run
# The call's stream under flydsl.autotune: a torch.cuda.Stream or a raw handle (an int, as FlyDSL's kernels pass
# stream.cuda_stream) is the current stream while the configs are measured and for the real call
# (torch.cuda.ExternalStream gives the live stream of a raw handle; 0 is the default stream; another number is a
# ValueError). A @flyc.jit function that launches only through a launching jit function a builder gives it (no
# `launch` in its own code) runs as a launching function: its fx.Int32 parameter is the call's value, so the grid
# can take it; the first call finds that out at the launch and runs the body again (the body ran twice, once).
import os
import shutil
import tempfile
import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl.autotune import Config, autotune
import torch
import types

os.environ["FLYDSL_AUTOTUNE_CACHE_DIR"] = tempfile.mkdtemp()
os.environ.pop("FLYDSL_AUTOTUNE", None)
s = torch.cuda.Stream()
print("external", torch.cuda.ExternalStream(s.cuda_stream) is s, torch.cuda.ExternalStream(0).cuda_stream)
try:
    torch.cuda.ExternalStream(s.cuda_stream + 1)
except ValueError as e:
    print("ValueError:", str(e).replace(str(s.cuda_stream + 1), "N"))


@flyc.kernel
def bump(A: fx.Tensor, V: fx.Constexpr[int]):
    i = fx.block_idx.x
    A[i] = A[i] + float(V)


def build(V):
    @flyc.jit
    def launch_bump(A: fx.Tensor, m: fx.Int32, stream: fx.Stream = fx.Stream(None)):
        bump(A, V).launch(grid=(m, 1, 1), block=(1, 1, 1), stream=stream)

    return launch_bump


# the body's runs, recorded in an object (FlyDSL's jit checks that the globals it reads by value do not change)
record = types.SimpleNamespace(body_runs=[])


@flyc.jit
def direct(A: fx.Tensor, m: fx.Int32, V: fx.Constexpr[int], stream: fx.Stream = fx.Stream(None)):
    record.body_runs.append(V)
    build(V)(A, m, stream)


a = torch.zeros(8).cuda()
direct(a, 3, 2)
direct(a, 5, 1)
torch.cuda.synchronize()
print(a.tolist(), "body runs", record.body_runs)

seen = []


def bench(call, warmup, rep):
    seen.append(torch.cuda.current_stream().cuda_stream == s.cuda_stream)
    call()
    return float(len(seen))


tuned = autotune(configs=[Config(V=1), Config(V=2)], key=["m"], reset_to_zero=["A"], do_bench=bench)(direct)
for stream in (s.cuda_stream, s):
    a.zero_()
    tuned.cache.clear()
    tuned(a, 4, stream=stream)
    s.synchronize()
    print(type(stream).__name__, "measured on the call's stream", seen, a.tolist())
    seen.clear()
shutil.rmtree(os.environ["FLYDSL_AUTOTUNE_CACHE_DIR"])
