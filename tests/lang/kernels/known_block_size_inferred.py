# flyi: run
# fx.known_block_size() inside a kernel: the declared known_block_size, else the launch's block (static in flyi, so
# FlyDSL's inferred size); outside a kernel, FlyDSL's RuntimeError.
import flydsl.compiler as flyc, flydsl.expr as fx, torch
seen = []
@flyc.kernel
def k(x: fx.Tensor):
    seen.append(fx.known_block_size())
@flyc.kernel(known_block_size=[32, 2, 1])
def k2(x: fx.Tensor):
    seen.append(fx.known_block_size())
@flyc.jit
def l(x: fx.Tensor):
    k(x).launch(grid=(1,1,1), block=(96,1,1))
    k2(x).launch(grid=(1,1,1), block=(32,2,1))
x = torch.zeros(64, device="cuda")
l(x)
print(seen)
try:
    fx.known_block_size()
except RuntimeError as e: print("RuntimeError:", e)

# launch dimensions and known_block_size elements given as integer DSL values known at trace time count as ints
@flyc.kernel(known_block_size=[fx.Int32(16), fx.Int64(2), 1])
def k3(x: fx.Tensor):
    seen.append(fx.known_block_size())
print("declared", k3._known_block_size, k._known_block_size)
seen.clear()
@flyc.jit
def l2(x: fx.Tensor):
    k(x).launch(grid=fx.Int64(1), block=fx.Int32(64))
    k(x).launch(grid=(fx.Int32(1), fx.Int64(1), 1), block=(fx.Int64(8), fx.Int32(4), 1))
    k3(x).launch(grid=1, block=(16, 2, 1))
l2(x)
print(seen)
try:
    @flyc.kernel(known_block_size=[fx.Float32(64.0), 1, 1])
    def bad(x: fx.Tensor):
        pass
except TypeError as e:
    print("TypeError:", e)

# FlyDSL's kernels may declare it after the decorator (kernel._known_block_size = [...]): the same checks, and the
# launch then sees the declared size; None clears it
@flyc.kernel
def k4(x: fx.Tensor):
    seen.append(fx.known_block_size())
k4._known_block_size = [32, 1, 1]
print("set", k4._known_block_size)
for v in ([0, 1, 1], (32, 1), "x"):
    try:
        k4._known_block_size = v
    except (TypeError, ValueError) as e:
        print(type(e).__name__ + ":", e)
print("kept", k4._known_block_size)
seen.clear()
@flyc.jit
def l4(x: fx.Tensor):
    k4(x).launch(grid=1, block=32)
l4(x)
print(seen)
k4._known_block_size = None
print("cleared", k4._known_block_size)
