# flyi: run
# fx.random: Philox 4x32 draws as pure functions of (seed, offset) in a kernel, against a host
# implementation of the same generator in plain Python: randint / randint4x words bit for bit,
# rand / rand4x in [0, 1), randn / randn4x (Box-Muller) to float32 rounding, 7 rounds as well as 10;
# seed 0 at offset 0 gives Philox4x32-10's published known-answer words.
import math
import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl.expr import gpu
import torch

M32 = 0xFFFFFFFF


def mulhilo(a, b):
    # a * b of 32-bit words as (high, low) words, without products past 2^48
    p, q = (a & 0xFFFF) * b, (a >> 16) * b
    t = p + ((q & 0xFFFF) << 16)
    return (q >> 16) + (t >> 32), t & M32


def philox_ref(seed, c, rounds=10):
    k0, k1 = seed & M32, (seed >> 32) & M32
    c0, c1, c2, c3 = c
    for _ in range(rounds):
        h0, l0 = mulhilo(c0, 0xD2511F53)
        h1, l1 = mulhilo(c2, 0xCD9E8D57)
        c0, c1, c2, c3 = h1 ^ c1 ^ k0, l1, h0 ^ c3 ^ k1, l0
        k0, k1 = (k0 + 0x9E3779B9) & M32, (k1 + 0xBB67AE85) & M32
    return c0, c1, c2, c3


def f32(x):
    return torch.tensor([x], dtype=torch.float32).item()


def uniform_ref(w):
    i = w - (1 << 32) if w >= (1 << 31) else w
    if i < 0:
        i = -i - 1
    return f32(f32(float(i)) * f32(4.6566127342e-10))


@flyc.kernel
def draw(words: fx.Tensor, floats: fx.Tensor, seed: fx.Int64, rounds: fx.Constexpr[int]):
    t = gpu.thread_id("x")
    w = fx.random.randint4x(seed, t, rounds)
    for j in fx.range_constexpr(4):
        words[t * 5 + j] = w[j]
    words[t * 5 + 4] = fx.random.randint(seed, t + 1000, rounds)
    u = fx.random.rand4x(seed, t, rounds)
    n = fx.random.randn4x(seed, t, rounds)
    for j in fx.range_constexpr(4):
        floats[t * 10 + j] = u[j]
        floats[t * 10 + 4 + j] = n[j]
    floats[t * 10 + 8] = fx.random.rand(seed, t, rounds)
    floats[t * 10 + 9] = fx.random.randn(seed, t, rounds)


@flyc.jit
def run(words: fx.Tensor, floats: fx.Tensor, seed: fx.Int64, rounds: fx.Constexpr[int]):
    draw(words, floats, seed, rounds).launch(grid=(1,), block=(32,))


for seed, rounds in ((0, 10), (42, 10), (0x123456789ABC, 10), (7, 7)):
    words = torch.zeros(32 * 5, dtype=torch.int32).cuda()
    floats = torch.zeros(32 * 10, dtype=torch.float32).cuda()
    run(words, floats, seed, rounds)
    wv = [x & M32 for x in words.tolist()]
    fv = floats.tolist()
    ok_words = ok_uni = True
    worst = 0.0
    for t in range(32):
        ref = philox_ref(seed, (t, 0, 0, 0), rounds)
        ok_words &= wv[t * 5:t * 5 + 4] == list(ref)
        ok_words &= wv[t * 5 + 4] == philox_ref(seed, (t + 1000, 0, 0, 0), rounds)[0]
        u = [uniform_ref(x) for x in ref]
        ok_uni &= fv[t * 10:t * 10 + 4] == u and fv[t * 10 + 8] == u[0]
        ok_uni &= all(0.0 <= x < 1.0 for x in u)
        n = []
        for a, b in ((u[0], u[1]), (u[2], u[3])):
            r = math.sqrt(-2.0 * math.log(max(a, 1e-7)))
            n += [r * math.cos(2 * math.pi * b), r * math.sin(2 * math.pi * b)]
        got = fv[t * 10 + 4:t * 10 + 8] + [fv[t * 10 + 9]]
        worst = max([worst] + [abs(g - e) for g, e in zip(got, n + [n[0]])])
    print(hex(seed), rounds, "words", ok_words, "uniform", ok_uni, "normal within 1e-4", worst < 1e-4)
    if seed == 0:  # Random123's known answer for Philox4x32-10, key 0 and counter 0
        print([hex(x) for x in wv[:4]])
