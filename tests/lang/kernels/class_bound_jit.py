# flyi: run
# @flyc.jit and @flyc.kernel defined as methods: program.run(...) binds self (the call's cache key starts with
# ("_self_type_", cls)), self.kernel(...) launches the kernel method, whose self is a Python value of the trace
# (its attributes are compile-time constants there: the compile cache keys on the object, so another instance
# compiles again), and __call__ may be a jit method too.
import flydsl.compiler as flyc
import flydsl.expr as fx


class Program:
    def __init__(self, scale):
        self.scale = scale

    @flyc.kernel
    def kernel(self, value: fx.Int32, bias: fx.Constexpr[int]):
        fx.printf("value={} scaled={}", value, value * self.scale + bias)

    @flyc.jit
    def run(self, value: fx.Int32, bias: fx.Constexpr[int], stream: fx.Stream = fx.Stream(None)):
        self.kernel(value, bias).launch(grid=(1, 1, 1), block=(1, 1, 1), stream=stream)

    @flyc.jit
    def __call__(self, value: fx.Int32, stream: fx.Stream = fx.Stream(None)):
        self.kernel(value, 0).launch(grid=(1, 1, 1), block=(1, 1, 1), stream=stream)


p = Program(3)
p.run(7, 1)
key, art = Program.run._last_compiled
print(key[0] == ("_self_type_", Program), [name for name, _ in key][1:])
p.run(8, 1)
print(len(Program.run._mem_cache), len(Program.run._call_state_cache))
p(5)
print(Program.__call__._last_compiled[0][0][1] is Program)
Program(10).run(2, 0)
