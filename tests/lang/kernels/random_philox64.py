# flyi: run
# fx.random.universal: Philox 4x64 (64-bit words, 128-bit products) statically and in a kernel, against a
# plain-Python implementation of the generator written here; uint_to_uniform_float of 64-bit words at the
# signed edges; 128-bit unsigned constants above 2^63 emitted exactly; the public split (fx.random keeps the
# six draws, fx.random.universal adds philox, philox_impl, uint_to_uniform_float, pair_uniform_to_normal).
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

M64 = (1 << 64) - 1
MUL = (0xD2E7470EE14C6C93, 0xCA5A826395121157)
KEY = (0x9E3779B97F4A7C15, 0xBB67AE8584CAA73B)


def ref(counter, key, rounds=10):
    c0, c1, c2, c3 = counter
    k0, k1 = key
    for _ in range(rounds):
        pa, pb = c0 * MUL[0], c2 * MUL[1]
        c0, c1, c2, c3 = ((pb >> 64) ^ c1 ^ k0) & M64, pb & M64, ((pa >> 64) ^ c3 ^ k1) & M64, pa & M64
        k0, k1 = (k0 + KEY[0]) & M64, (k1 + KEY[1]) & M64
    return c0, c1, c2, c3


U = fx.random.universal
print(fx.random.__all__, hasattr(fx.random, "philox"), U.__all__ == fx.random.__all__,
      [n for n in ("philox", "philox_impl", "uint_to_uniform_float", "pair_uniform_to_normal") if hasattr(U, n)])
counter = (0xFFFFFFFFFFFFFFFF, 0x123456789ABCDEF0, 0x0FEDCBA987654321, 7)
seed = 0x89ABCDEF01234567
words = U.philox(fx.Uint64(seed), *(fx.Uint64(w) for w in counter))
print("static 4x64:", tuple(int(w.value) for w in words) == ref(counter, (seed, 0)), words[0].dtype)
key = (seed, 0x76543210FEDCBA98)
words = U.philox_impl(*(fx.Uint64(w) for w in counter + key), n_rounds=7)
print("static 4x64, 7 rounds, full key:", tuple(int(w.value) for w in words) == ref(counter, key, 7))
for w in (0, 1, 2**63 - 1, 2**63, 2**64 - 1):
    s = w - 2**64 if w >= 2**63 else w
    want = torch.tensor(float(-s - 1 if s < 0 else s), dtype=torch.float32).item() * 1.0842020432385337e-19
    got = U.uint_to_uniform_float(fx.Uint64(w))
    print(hex(w), got.dtype, abs(float(got.value) - want) <= 1e-7 * max(want, 1e-30), float(got.value) < 1.0)


@flyc.kernel
def draw(out: fx.Tensor, seed: fx.Uint64, c0: fx.Uint64):
    z = fx.Uint64(0)
    w = U.philox(seed, c0, fx.Uint64(0xFEDCBA9876543210), z, z)
    for i in fx.range_constexpr(4):
        out[i] = w[i]
    out[4] = fx.Uint64(fx.Uint128(c0) * fx.Uint128(0xD2E7470EE14C6C93) >> fx.Uint128(64))


@flyc.jit
def run(out, seed: fx.Uint64, c0: fx.Uint64):
    draw(out, seed, c0).launch(grid=1, block=1)


out = torch.zeros(5, dtype=torch.int64, device="cuda")
c0 = 0xFFFFFFFFFFFFFFF0
run(out, seed, c0)
got = [v & M64 for v in out.tolist()]
print("kernel 4x64:", tuple(got[:4]) == ref((c0, 0xFEDCBA9876543210, 0, 0), (seed, 0)))
print("128-bit product high word:", hex(got[4]), hex(c0 * 0xD2E7470EE14C6C93 >> 64))
