# flyi: run
# The emulator runs a synchronising kernel's block a wave at a time in lane-vector form (emu_vec.c) when
# it can; FLYI_EMU_VEC_OFF=1 keeps the per-thread phase loop. Both give the same output, bit for bit: this
# file's own kernels (an LDS tree reduction with barriers in a loop, a wave butterfly and LDS combine, a
# lane 0 store, a strided gather, a scatter where lanes repeat an address, a masked tail, consecutive lanes
# under a mask with holes at a buffer's end, one address for a wave's active lanes, phases where some waves
# have no active lane (left out of the wave loop), register arrays across barriers, out-of-bounds
# loads and stores in global memory and in LDS whose errors name the thread and the line) and the folder's
# LDS, shuffle, softmax, layernorm and barrier programs, each run as a child process in both modes. The
# child's own kernels must take the lane-vector form (FLYI_EMU_VEC_WHY=1 says which did).
import os
import re
import struct
import subprocess
import sys
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

N = 256


@fx.struct
class Red:
    s: fx.Array[fx.Float32, N]


@flyc.kernel
def tree(a: fx.Tensor, out: fx.Tensor):
    s = fx.SharedAllocator().allocate(Red).peek().s.view(fx.make_layout(N, 1))
    t = fx.thread_idx.x
    b = fx.block_idx.x
    s[t] = a[b * N + t]
    fx.barrier()
    for k in fx.range_constexpr(8):
        h = N >> (k + 1)
        if t < h:
            s[t] = s[t] + s[t + h]
        fx.barrier()
    if t == 0:
        out[b] = s[0]


@flyc.kernel
def wave_then_lds(a: fx.Tensor, out: fx.Tensor, y: fx.Tensor):
    s = fx.SharedAllocator().allocate(Red).peek().s.view(fx.make_layout(N, 1))
    t = fx.thread_idx.x
    g = fx.block_idx.x * N + t
    v = a[g] * fx.Float32(1.5)
    for k in fx.range_constexpr(6):
        v = v + fx.shuffle_xor(v, 32 >> k, 64)
    if t % 64 == 0:
        s[t // 64] = v
    fx.barrier()
    tot = s[0] + s[1] + s[2] + s[3]
    y[g] = a[g] - tot
    if t == 0:
        out[fx.block_idx.x] = tot


@flyc.kernel
def strided(a: fx.Tensor, out: fx.Tensor, last: fx.Tensor, n: fx.Int32):
    s = fx.SharedAllocator().allocate(Red).peek().s.view(fx.make_layout(N, 1))
    t = fx.thread_idx.x
    s[t] = a[(t * 7) % 256]
    fx.barrier()
    if t < n:
        out[t] = s[255 - t] + a[t * 3]
    last[t // 16] = fx.Float32(t)


@flyc.kernel
def oob_global(a: fx.Tensor, out: fx.Tensor, k: fx.Int32):
    t = fx.thread_idx.x
    out[t] = a[t]
    fx.barrier()
    out[t + k] = a[t] + fx.Float32(1.0)


@flyc.kernel
def oob_gather(a: fx.Tensor, out: fx.Tensor, k: fx.Int32):
    t = fx.thread_idx.x
    fx.barrier()
    out[t] = a[(t * k) % 1000]


@flyc.kernel
def oob_lds(a: fx.Tensor, out: fx.Tensor, k: fx.Int32):
    s = fx.SharedAllocator().allocate(Red).peek().s.view(fx.make_layout(N, 1))
    t = fx.thread_idx.x
    s[t] = a[t]
    fx.barrier()
    if t > 190:
        s[t + k] = fx.Float32(2.0)
    fx.barrier()
    out[t] = s[t]


@flyc.kernel
def lds_past(a: fx.Tensor, out: fx.Tensor, k: fx.Int32):
    s = fx.SharedAllocator().allocate(Red).peek().s.view(fx.make_layout(N, 1))
    t = fx.thread_idx.x
    s[t] = a[t]
    fx.barrier()
    s[t + k] = fx.Float32(5.0)
    fx.barrier()
    out[t] = s[t + k]


@flyc.kernel
def masked_edge(a: fx.Tensor, out: fx.Tensor, n: fx.Int32, k: fx.Int32):
    t = fx.thread_idx.x
    fx.barrier()
    if t % 3 != 1:
        if t < n:
            out[t + k] = a[t + k] + fx.Float32(3.0)


@flyc.kernel
def lane_store(a: fx.Tensor, out: fx.Tensor, k: fx.Int32):
    t = fx.thread_idx.x
    fx.barrier()
    if t % 64 == 5:
        out[k] = a[k] + fx.Float32(t)


@flyc.kernel
def skip_waves(a: fx.Tensor, out: fx.Tensor, n: fx.Int32, m: fx.Int32):
    t = fx.thread_idx.x
    out[t] = a[t]
    fx.barrier()
    if t >= n:
        out[t] = out[t] + fx.Float32(1.0)
    fx.barrier()
    if n > t:
        out[t] = out[t] * fx.Float32(2.0)
    fx.barrier()
    if t == m:
        out[t] = out[t] - fx.Float32(5.0)
    fx.barrier()
    if t <= m:
        out[t + 256] = out[t] + fx.Float32(0.5)
    fx.barrier()
    if t < n:
        out[t + 512] = fx.Float32(3.0)
    else:
        out[t + 512] = fx.Float32(4.0)
    fx.barrier()
    if t > m:
        out[t + 768] = fx.Float32(7.0)


@flyc.kernel
def reg_arrays(a: fx.Tensor, out: fx.Tensor, oi: fx.Tensor, n: fx.Int32):
    t = fx.thread_idx.x
    r = fx.make_rmem_tensor(4, fx.Float32)
    q = fx.make_rmem_tensor(3, fx.Int32)
    for i in fx.range_constexpr(4):
        r[i] = a[t] * float(i + 1)
    for i in fx.range_constexpr(3):
        q[i] = t * (i + 2)
    fx.barrier()
    if t < n:
        r[1] = r[0] + r[3]
        q[2] = q[0] - 7
    if t % 3 == 0:
        r[2] = fx.Float32(-1.5)
    fx.barrier()
    out[t] = r[0] + r[1] + r[2] + r[3]
    oi[t] = q[2] + q[1]


@flyc.kernel
def big_regs(a: fx.Tensor, out: fx.Tensor):
    t = fx.thread_idx.x
    r = fx.make_rmem_tensor(80, fx.Float32)
    for i in fx.range_constexpr(80):
        r[i] = a[t] + float(i)
    fx.barrier()
    acc = fx.Float32(0.0)
    for i in fx.range_constexpr(80):
        acc = acc + r[i]
    out[t] = acc


@flyc.jit
def run_tree(a, out):
    tree(a, out).launch(grid=6, block=N)


@flyc.jit
def run_wave(a, out, y):
    wave_then_lds(a, out, y).launch(grid=3, block=N)


@flyc.jit
def run_strided(a, out, last, n):
    strided(a, out, last, n).launch(grid=1, block=N)


@flyc.jit
def run_edge(a, out, n, k):
    masked_edge(a, out, n, k).launch(grid=2, block=N)


@flyc.jit
def run_lane(a, out, k):
    lane_store(a, out, k).launch(grid=2, block=N)


@flyc.jit
def run_skip(a, out, n, m):
    skip_waves(a, out, n, m).launch(grid=1, block=N)


@flyc.jit
def run_regs(a, out, oi, n):
    reg_arrays(a, out, oi, n).launch(grid=1, block=N)


@flyc.jit
def run_big_regs(a, out):
    big_regs(a, out).launch(grid=1, block=N)


@flyc.jit
def run_oob(kern, a, out, k):
    kern(a, out, k).launch(grid=2, block=N)


PROGRAMS = ["lds_reduce.py", "row_softmax.py", "row_layernorm.py", "gpu_shuffle.py", "dyn_smem.py",
            "emu_barrier_phases.py", "emu_barrier_shuffle.py", "ref_basic.py", "struct_union.py", "smem_arena.py",
            "kernel_lib_idioms.py", "ref_init_loops.py"]


def fault(f):
    try:
        f()
        print("no fault")
    except flyc.KernelError as e:
        print("fault:", re.sub("0x[0-9a-f]+", "ADDR", str(e)))


def child():
    a = (torch.arange(6 * N, device="cuda").float() * 0.37 - 100.0).sin()
    out = torch.zeros(6 * N, device="cuda")
    run_tree(a, out)
    print("tree", [float(v).hex() for v in out[:6].tolist()])
    y = torch.zeros(6 * N, device="cuda")
    run_wave(a, out, y)
    print("wave", [float(v).hex() for v in out[:3].tolist()], [float(v).hex() for v in y[::37].tolist()])
    last = torch.zeros(16, device="cuda")
    out.zero_()
    run_strided(a, out, last, 200)
    print("strided", [float(v).hex() for v in out[:256:5].tolist()], last.tolist())
    small = torch.zeros(320, device="cuda")  # 1280 bytes: no allocation padding past its end
    fault(lambda: run_oob(oob_global, a, small, 70))
    print("after", small[260:320].tolist())
    fault(lambda: run_oob(oob_global, a, small, 64))
    fault(lambda: run_oob(oob_gather, a, small, 5))
    fault(lambda: run_oob(oob_gather, small, out, 3))
    # LDS past the workgroup's allocation: by default the hardware's rule (the stores are dropped, no fault; the
    # one at 255 is in range), with FLYI_EMU_LDS_CHECK=1 a fault
    fault(lambda: run_oob(oob_lds, a, small, 64))
    print("lds past the end dropped", small[250:256].tolist() == a[250:255].tolist() + [2.0])
    os.putenv("FLYI_EMU_LDS_CHECK", "1")
    fault(lambda: run_oob(oob_lds, a, small, 65))
    fault(lambda: run_oob(oob_lds, a, small, 64))
    os.putenv("FLYI_EMU_LDS_CHECK", "0")
    print("lds", small[180:200].tolist())
    # reads past the workgroup's LDS give 0 (lanes 200.. of each block; the stores there were dropped)
    small.fill_(-1.0)
    fault(lambda: run_oob(lds_past, a, small, 56))
    print("lds reads past the end", small[195:205].tolist())
    # consecutive lanes under a mask with holes: only the active lanes' addresses are checked (an inactive lane
    # past the end is no fault), and an active one past the end faults after the lanes before it stored
    small.zero_()
    fault(lambda: run_edge(a, small, 256, 64))
    fault(lambda: run_edge(a, small, 255, 65))
    fault(lambda: run_edge(small, out, 254, 67))
    print("edge", [float(v).hex() for v in small[260:320:3].tolist()])
    small.zero_()
    fault(lambda: run_edge(a, small, 256, 65))
    print("edge after", [float(v).hex() for v in small[300:320].tolist()])
    fault(lambda: run_edge(small, out, 256, 66))
    # one address for a wave's active lanes (lane 5 of each wave): the last wave's value stays; past the end,
    # the first active lane faults
    small.zero_()
    fault(lambda: run_lane(a, small, 319))
    print("lane", float(small[319]).hex(), float(a[319] + 197).hex())
    fault(lambda: run_lane(a, small, 320))
    fault(lambda: run_lane(small, out, 320))


def f32(v):
    return struct.unpack("f", struct.pack("f", v))[0]


def skip_ref(a, n, m):
    o = [0.0] * 1024
    for t in range(N):
        o[t] = a[t]
        if t >= n:
            o[t] = f32(o[t] + 1.0)
        if n > t:
            o[t] = f32(o[t] * 2.0)
        if t == m:
            o[t] = f32(o[t] - 5.0)
        if t <= m:
            o[t + 256] = f32(o[t] + 0.5)
        o[t + 512] = 3.0 if t < n else 4.0
        if t > m:
            o[t + 768] = 7.0
    return o


def skip_child(a):
    # waves with no active lane in a phase are left out (thread id against a uniform bound, both sides, signed
    # bounds below zero, one lane, none, an else arm that keeps every wave); a fault in the last wave stops it
    # at the same thread with the lanes before it stored
    av = [float(v) for v in a[:N].tolist()]
    for n, m in ((130, 70), (-3, -1), (300, 1000), (0, 255), (64, 63), (256, 128)):
        out = torch.zeros(1024, device="cuda")
        run_skip(a, out, n, m)
        got = out.tolist()
        want = skip_ref(av, n, m)
        print("skip", n, m, got == want, [float(v).hex() for v in got[60:70] + got[190:200] + got[318:330]])
    small = torch.zeros(960, device="cuda")  # 3840 bytes: a multiple of 256, so no allocation padding follows it
    fault(lambda: run_skip(a, small, 600, 150))
    print("skip after", small[910:960].tolist())


def regs_child(a):
    # register arrays (fx.make_rmem_tensor) as a slot per wave and element: across barriers, stores under
    # lane-dependent branches (only the active lanes' elements change), in a phase some waves leave out
    av = [float(v) for v in a[:N].tolist()]
    for n in (100, 0, 256):
        out = torch.zeros(N, device="cuda")
        oi = torch.zeros(N, dtype=torch.int32, device="cuda")
        run_regs(a, out, oi, n)
        want, wanti = [], []
        for t in range(N):
            r = [f32(av[t] * float(i + 1)) for i in range(4)]
            q = [t * (i + 2) for i in range(3)]
            if t < n:
                r[1] = f32(r[0] + r[3])
                q[2] = q[0] - 7
            if t % 3 == 0:
                r[2] = -1.5
            want.append(f32(f32(f32(r[0] + r[1]) + r[2]) + r[3]))
            wanti.append(q[2] + q[1])
        print("regs", n, out.tolist() == want, oi.tolist() == wanti, [float(v).hex() for v in out[95:105].tolist()],
              oi[95:105].tolist())
    # more than 256 bytes of register arrays a lane: the phase loop runs it (FLYI_EMU_VEC_WHY says why)
    out = torch.zeros(N, device="cuda")
    run_big_regs(a, out)
    print("big regs", [float(v).hex() for v in out[::51].tolist()])


if len(sys.argv) > 1:
    child()
    skip_child((torch.arange(6 * N, device="cuda").float() * 0.37 - 100.0).sin())
    regs_child((torch.arange(6 * N, device="cuda").float() * 0.37 - 100.0).sin())
else:
    exe = os.readlink("/proc/self/exe")
    here = os.path.dirname(os.path.abspath(__file__))
    for prog in [None] + PROGRAMS:
        outs = []
        for off in (False, True):
            env = dict(os.environ, FLYDSL_RUNTIME_ENABLE_CACHE="0")
            env.pop("FLYI_EMU_VEC_OFF", None)
            if off:
                env["FLYI_EMU_VEC_OFF"] = "1"
            elif prog is None:
                env["FLYI_EMU_VEC_WHY"] = "1"
            args = [exe, os.path.abspath(__file__), "child"] if prog is None else [exe, prog]
            r = subprocess.run(args, env=env, cwd=here, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               stdin=subprocess.DEVNULL)
            outs.append((r.returncode, r.stdout))
            if prog is None and not off:
                print("".join(sorted(set(l + "\n" for l in r.stderr.splitlines() if l.startswith("emu:")))), end="")
        if prog is None:
            print(outs[0][1], end="")
        print(prog or "this file", "exit", outs[0][0], outs[1][0], "lane vectors the same as the phase loop:",
              outs[0] == outs[1])
