# Static Int128 / Uint128 values hold all 128 bits, as FlyDSL's (Python ints) do: construction wraps modulo
# 2**128, narrowing keeps the low bits, the static folds (arithmetic, shifts, comparisons, unary ops) are
# 128-bit, and a static value used in a kernel is an arith.constant of i128 with every bit, which the
# emulator computes with.
import torch
import flydsl.compiler as flyc
import flydsl.expr as fx

a = fx.Uint128(2**100 + 7)
print(repr(a), int(a), hash(a) == hash(2**100 + 7), a.is_static())
print(*map(repr, [fx.Uint64(a), fx.Uint64(fx.Uint128(2**100 + 2**64 + 7)), fx.Int128(-1), fx.Uint128(-1)]))
print(*map(repr, [fx.Uint128(fx.Uint64(2**64 - 1)), fx.Uint128(fx.Int8(-1)), fx.Int128(2**200 + 5)]))
print(*map(repr, [a * 3 >> 64, a // 7, a % 1000, a > fx.Uint128(2**99), a == fx.Uint128(2**100 + 7)]))
print(*map(repr, [-fx.Int128(2**100), ~fx.Uint128(0), abs(fx.Int128(-2**90)), fx.Int128(2**127 - 1) + 1]))
print(float(a), bool(fx.Uint128(2**64)), repr(fx.Uint128(2**64) != 0))

big = 2**100 + 2**64 * 5 + 7


@flyc.kernel
def k(out: fx.Tensor, n: fx.Int32):
    c = fx.Uint128(big) * fx.Uint128(n)
    out[0] = fx.Int64(fx.Uint64(c >> 64))
    out[1] = fx.Int64(fx.Uint64(c))
    out[2] = fx.Int64(fx.Uint64((c >> 96) & 0xFFFF))
    out[3] = fx.Int64(fx.Int128(n) - fx.Int128(2**70) >> 64)


@flyc.jit
def run(out: fx.Tensor, n: fx.Int32):
    k(out, n).launch(grid=(1, 1, 1), block=(1, 1, 1))


o = torch.zeros(4, dtype=torch.int64, device="cuda")
run(o, 3)
c = big * 3
print(o.tolist(), o.tolist() == [c >> 64, c & (2**64 - 1), (c >> 96) & 0xFFFF, (3 - 2**70) >> 64])
src = next(iter(run._mem_cache.values())).source_ir
print([l.strip() for l in src.splitlines() if "i128" in l and "arith.constant" in l])
