# flyi: run
# Per-lane vectors in the emulator's lane-vector form (emu_vec_lvec.c): each thread of a 256-thread block
# loads 8 bf16 of its row (a buffer tensor over a pointer) with a 128-bit copy into a register array, widens
# them to f32, squares and sums them (a reassociable vector reduction), reduces the block through a wave
# butterfly, LDS and a second butterfly that only wave 0 runs (a branch on the wave's index, the same in all
# its lanes), then stores each thread's scaled sum. Run as a child process with the lane-vector form and with
# FLYI_EMU_VEC_OFF=1 (the per-thread phase loop): the outputs must be the same, bit for bit; FLYI_EMU_VEC_WHY=1
# says which form the kernel took. FLYI_EMU_VEC_LANES=0 turns per-lane vectors off.
import os
import subprocess
import sys
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl.expr import range_constexpr

T = 256
V = 8


@fx.struct
class Part:
    s: fx.Array[fx.Float32, 4]


@flyc.kernel
def rowsum(a: fx.Pointer, z: fx.Tensor, out: fx.Tensor):
    s = fx.SharedAllocator().allocate(Part).peek().s.view(fx.make_layout(4, 1))
    t = fx.thread_idx.x
    b = fx.block_idx.x
    off = fx.Int64(b) * (T * V)
    row = fx.rocdl.make_buffer_tensor((a + off).view(fx.make_layout(T * V, 1)))
    div = fx.logical_divide(row, fx.make_layout(V, 1))
    atom = fx.make_copy_atom(fx.rocdl.BufferCopy128b(), 16)
    r = fx.make_rmem_tensor(V, fx.BFloat16)
    fx.copy(atom, fx.slice(div, (None, t)), r)
    x = fx.memref_load_vec(r).to(fx.Float32)
    sq = x * x + fx.Float32(0.5)
    v = sq.reduce(fx.ReductionOp.ADD, fastmath=fx.arith.FastMathFlags.fast)
    for k in range_constexpr(6):
        v = v + fx.shuffle_xor(v, 32 >> k, 64)
    if t % 64 == 0:
        s[t // 64] = v
    fx.barrier()
    if t // 64 == 0:
        w = s[t % 4]
        for k in range_constexpr(2):
            w = w + fx.shuffle_xor(w, 2 >> k, 64)
        if t == 0:
            out[b] = w
    tot = s[0] + s[1] + s[2] + s[3]
    z[b * T + t] = (x * tot).reduce(fx.ReductionOp.ADD, fastmath=fx.arith.FastMathFlags.fast)


@flyc.jit
def run(a: fx.Pointer, z: fx.Tensor, out: fx.Tensor, rows: fx.Constexpr[int]):
    rowsum(a, z, out).launch(grid=(rows, 1, 1), block=(T, 1, 1))


def child():
    rows = 6
    a = ((torch.arange(rows * T * V, device="cuda").float() * 0.37 - 100.0).sin() * 3.0).to(torch.bfloat16)
    z = torch.zeros(rows * T, device="cuda")
    out = torch.zeros(rows, device="cuda")
    run(flyc.from_c_void_p(fx.BFloat16, a.data_ptr()), z, out, rows)
    print("sums", [float(v).hex() for v in out.tolist()])
    print("lanes", [float(v).hex() for v in z[::37].tolist()])


if len(sys.argv) > 1:
    child()
else:
    exe = os.readlink("/proc/self/exe")
    outs = []
    for off in (False, True):
        env = dict(os.environ, FLYDSL_RUNTIME_ENABLE_CACHE="0", FLYI_EMU_VEC_LANES="1")
        env.pop("FLYI_EMU_VEC_OFF", None)
        env["FLYI_EMU_VEC_OFF" if off else "FLYI_EMU_VEC_WHY"] = "1"
        r = subprocess.run([exe, os.path.abspath(__file__), "child"], env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL)
        outs.append((r.returncode, r.stdout))
        if not off:
            print("".join(sorted(set(l + "\n" for l in r.stderr.splitlines() if l.startswith("emu:")))), end="")
    print(outs[0][1], end="")
    print("exit", outs[0][0], outs[1][0], "lane vectors the same as the phase loop:", outs[0] == outs[1])
