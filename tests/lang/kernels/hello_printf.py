# A printf kernel with a dynamic Int32 and a Constexpr parameter: traced, compiled for gfx942, stages inspected.
import flydsl.compiler as flyc
import flydsl.expr as fx

@flyc.kernel
def hello(n: fx.Int32, scale: fx.Constexpr[int]):
    tid = fx.thread_idx.x
    bid = fx.block_idx.x
    fx.printf("hello from block {} thread {} n={} scale={}", bid, tid, n * 2 + tid, scale)

@flyc.jit
def run(n):
    hello(n, 4).launch(grid=(1, 1, 1), block=(4, 1, 1))

k = flyc.compile(run, 3)
print(k)
print([s.name for s in k.stages][:4])
ir0 = k.ir(0)
print("gpu.func" in ir0, "fly.print" in ir0, "loc(" in ir0)
print("s_endpgm" in k.isa, sorted(k.stats.keys())[:4], len(k.binary) > 0)
print(flyc.last_compiled() is k)
print([l.strip().split(" loc(")[0] for l in ir0.splitlines() if "fly.print" in l][0])
print(k.stats["scratch_bytes"], k.stats["kernel"], k.stages[0].number, k.ir("origin") == ir0)
