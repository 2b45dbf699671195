# Golden Fly IR of FlyDSL's explicit loop-carried loop `range(..., init=[...])` with `yield`
# (checked by scf_init_golden.fc): one scf.for over index with iter_args, its body ending in the
# scf.yield the `yield` statement emits, the loop results used after it.
import flydsl.compiler as flyc
import flydsl.expr as fx

@flyc.kernel
def init_golden(n: fx.Int32):
    for iv, state in range(0, n, 2, init=[fx.Float32(0.0), fx.Int32(1)]):
        acc = state[0] + 1.5
        x = state[1] * 3
        results = yield [acc, x]
    fx.printf("{} {}", results[0], results[1])

@flyc.jit
def run(n):
    init_golden(n).launch(grid=1, block=1)

print(flyc.compile(run, fx.Int32(8)).ir(0))
