# flyi: run
# known_block_size as FlyDSL sets it: the declared one, else the launch's block when every dimension is static.
# A block dimension from a launching jit's fx.Int32 parameter is a run-time value: the kernel gets no
# known_block_size, fx.known_block_size() has no compile-time size to give, and a declared size is checked
# only against the static dimensions. Run on the emulator: the launch still uses the call's block.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

seen = []


@flyc.kernel
def fill(out: fx.Tensor):
    try:
        seen.append(fx.known_block_size())
    except RuntimeError as e:
        seen.append(str(e))
    t = fx.thread_idx.x
    out[t] = t + 1


@flyc.kernel(known_block_size=[8, 1, 1])
def fill8(out: fx.Tensor):
    seen.append(fx.known_block_size())
    out[fx.thread_idx.x] = 7


@flyc.jit
def dynamic(out: fx.Tensor, n: fx.Int32):
    fill(out).launch(grid=1, block=(n, 1, 1))


@flyc.jit
def static(out: fx.Tensor):
    fill(out).launch(grid=1, block=(4, 1, 1))


@flyc.jit
def declared(out: fx.Tensor, n: fx.Int32):
    fill8(out).launch(grid=1, block=(n, 1, 1))


@flyc.jit
def wrong(out: fx.Tensor):
    fill8(out).launch(grid=1, block=(16, 1, 1))


def attr(fn):
    ir = fn._last_compiled[1].source_ir
    return [ln.split("attributes ")[1].split("}")[0] + "}" for ln in ir.splitlines() if "known_block_size =" in ln]


o = torch.zeros(8, dtype=torch.int32, device="cuda")
dynamic(o, 6)
print(o.tolist(), seen[-1], attr(dynamic))
static(o)
print(o.tolist(), seen[-1], attr(static))
declared(o, 8)
print(o.tolist(), seen[-1], attr(declared))
try:
    wrong(o)
except ValueError as e:
    print("ValueError:", str(e).split(".")[0])
