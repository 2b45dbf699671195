# flyi: run
# Per-lane pointers through ptrtoint in the emulator's lane-vector form: each 256-thread block takes a row of a
# 2-D bf16 tensor through a buffer tensor (a slice of the row, whose 128-bit copies turn each lane's element
# pointer into a byte offset from the tensor's base: ptrtoint of a per-lane pointer), over TILES tiles a lane,
# then reduces the row to its max and its sum of exp2 across the block (xor butterflies, one LDS slot a wave
# and a second butterfly in wave 0 over the waves' slots, lanes past the slots masked by a select) and writes
# exp2(x - max) / sum back as bf16. A second kernel round-trips lane addresses through inttoptr. Run as a child
# process with the lane-vector form and with FLYI_EMU_VEC_OFF=1 (the per-thread phase loop): outputs the same,
# bit for bit; FLYI_EMU_VEC_WHY=1 says which form each kernel took.
import os
import subprocess
import sys
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl.expr import range_constexpr

T = 256
V = 8
TILES = 3
N = T * V * TILES
W = T // 64
FAST = fx.arith.FastMathFlags.fast


@fx.struct
class Red:
    s: fx.Array[fx.Float32, W]


@flyc.kernel
def rowsoft(a: fx.Tensor, c: fx.Tensor):
    s = fx.SharedAllocator().allocate(Red).peek().s.view(fx.make_layout(W, 1))
    t = fx.thread_idx.x
    b = fx.block_idx.x
    ra = fx.logical_divide(fx.slice(fx.rocdl.make_buffer_tensor(a), (b, None)), fx.make_layout(V, 1))
    rc = fx.logical_divide(fx.slice(fx.rocdl.make_buffer_tensor(c), (b, None)), fx.make_layout(V, 1))
    atom = fx.make_copy_atom(fx.rocdl.BufferCopy128b(), 16)

    def block(v, op, neutral):
        for k in range_constexpr(6):
            v = op(v, fx.shuffle_xor(v, 32 >> k, 64))
        if t % 64 == 0:
            s[t // 64] = v
        fx.barrier()
        if t // 64 == 0:
            ok = t % 64 < W
            w = ok.select(s[ok.select(t % 64, 0)], neutral)
            for k in range_constexpr(2):
                w = op(w, fx.shuffle_xor(w, 2 >> k, 64))
            if t % 64 == 0:
                s[0] = w
        fx.barrier()
        return s[0]

    xs = []
    m = fx.Float32(float("-inf"))
    for i in range_constexpr(TILES):
        r = fx.make_rmem_tensor(V, fx.BFloat16)
        fx.copy(atom, fx.slice(ra, (None, t + i * T)), r)
        x = fx.memref_load_vec(r).to(fx.Float32)
        xs.append(x)
        m = fx.max(m, x.reduce(fx.ReductionOp.MAX))
    m = block(m, fx.max, fx.Float32(float("-inf")))
    tot = fx.Float32(0.0)
    for i in range_constexpr(TILES):
        xs[i] = fx.math.exp2((xs[i] - m) * 1.4426950408889634, fastmath=FAST)
        tot = tot + xs[i].reduce(fx.ReductionOp.ADD, fastmath=FAST)
    tot = block(tot, lambda p, q: p + q, fx.Float32(0.0))
    inv = 1.0 / tot
    fx.barrier()
    for i in range_constexpr(TILES):
        r = fx.make_rmem_tensor(V, fx.BFloat16)
        fx.memref_store_vec((xs[i] * inv).to(fx.BFloat16), r)
        fx.copy(atom, r, fx.slice(rc, (None, t + i * T)))


@flyc.kernel
def addr_trip(x: fx.Pointer, y: fx.Pointer):
    s = fx.SharedAllocator().allocate(fx.Array[fx.Float32, T]).peek()
    sv = fx.make_view(s.ptr, fx.make_layout(T, 1))
    t = fx.thread_idx.x
    pt = fx.PointerType.get(fx.Float32.ir_type, fx.AddressSpace.Global)
    a = fx.Int64(fx.ptrtoint(x + t * 3))  # a lane's address, lanes 12 bytes apart
    v = fx.ptr_load(fx.inttoptr(pt, a + 4)) * 2.0 + fx.ptr_load(fx.inttoptr(pt, a))
    sv[t] = v
    fx.barrier()
    fx.ptr_store(sv[T - 1 - t] + fx.Float32(fx.Int32(a - fx.Int64(fx.ptrtoint(x)))), y + t)


@flyc.jit
def run(a: fx.Tensor, c: fx.Tensor, rows: fx.Constexpr[int]):
    rowsoft(a, c).launch(grid=(rows, 1, 1), block=(T, 1, 1))


@flyc.jit
def run_trip(x: fx.Pointer, y: fx.Pointer):
    addr_trip(x, y).launch(grid=(1, 1, 1), block=(T, 1, 1))


def child():
    rows = 3
    a = ((torch.arange(rows * N, device="cuda").float() * 0.37 - 100.0).sin() * 3.0).to(torch.bfloat16)
    a = a.view(rows, N)
    c = torch.zeros(rows, N, device="cuda", dtype=torch.bfloat16)
    run(a, c, rows)
    bits = c.cpu().view(torch.int16).to(torch.int64).view(-1)
    ref = torch.softmax(a.float(), dim=1)
    print("max error vs torch below 1e-4:", float((c.float() - ref).abs().max()) < 1e-4)
    print("row sums", [round(float(v), 3) for v in c.float().sum(dim=1)])
    print("digest", int(bits.sum()), int((bits * (torch.arange(bits.numel()) % 7919)).sum()))
    x = torch.arange(3 * T, device="cuda").float() * 0.25
    y = torch.zeros(T, device="cuda")
    run_trip(flyc.from_c_void_p(fx.Float32, x.data_ptr()), flyc.from_c_void_p(fx.Float32, y.data_ptr()))
    u = T - 1 - torch.arange(T)
    ref = (x.cpu()[u * 3 + 1] * 2.0 + x.cpu()[u * 3]) + torch.arange(T) * 12.0
    print("inttoptr round trip:", torch.equal(y.cpu(), ref), y[:4].tolist())


if len(sys.argv) > 1:
    child()
else:
    exe = os.readlink("/proc/self/exe")
    outs = []
    for off in (False, True):
        env = dict(os.environ, FLYDSL_RUNTIME_ENABLE_CACHE="0")
        env.pop("FLYI_EMU_VEC_OFF", None)
        env.pop("FLYI_EMU_VEC_LANES", None)
        env["FLYI_EMU_VEC_OFF" if off else "FLYI_EMU_VEC_WHY"] = "1"
        r = subprocess.run([exe, os.path.abspath(__file__), "child"], env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL)
        outs.append((r.returncode, r.stdout))
        if not off:
            print("".join(sorted(set(l + "\n" for l in r.stderr.splitlines() if l.startswith("emu:")))), end="")
    print(outs[0][1], end="")
    print("exit", outs[0][0], outs[1][0], "lane vectors the same as the phase loop:", outs[0] == outs[1])
