# flyi: run
# fx.printf of an fx.Vector prints its elements as "[a, b, ...]" (FlyDSL's form), each with the
# placeholder's format spec; fx.Stream(x).value is x (FlyDSL's programs launch with stream=stream.value).
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

@flyc.kernel
def show(n: fx.Int32):
    t = fx.thread_idx.x
    v = fx.Vector.filled(3, t + n, fx.Int32)
    f = fx.Vector.filled(2, 0.5, fx.Float32)
    fx.printf("t={} v={} f={:.2f} g={}", t, v, f, f * 3.0)

@flyc.jit
def run(n: fx.Int32, stream: fx.Stream = fx.Stream(None)):
    show(n).launch(grid=1, block=2, stream=stream.value)

run(10)
s = fx.Stream(None)
print(s.value, fx.Stream(7).value)
run(20, fx.Stream(None))
