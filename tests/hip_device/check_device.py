# check_device.py - verifies flyi on a real AMD GPU (MI300X: gfx942, MI355X: gfx950) in a minute:
#   flyi tests/hip_device/check_device.py
# Each check prints "PASS name" or "FAIL name: why"; the last line counts them and the exit status is 1
# when one failed. It runs on the HIP stand-in too (tests/hip/run_hip.sh), which keeps it working;
# what it proves there is only that the script and flyi agree (see docs/amd-gpu.md).
import sys
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

results = []

def check(name, ok, why=""):
    results.append(ok)
    print(("PASS " + name) if ok else ("FAIL " + name + ": " + str(why)))

@flyc.kernel
def vadd(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor):
    i = fx.block_idx.x * fx.block_dim.x + fx.thread_idx.x
    C[i] = A[i] + B[i]

@flyc.jit
def run_vadd(a, b, c, threads: fx.Constexpr[int]):
    vadd(a, b, c).launch(grid=a.shape[0] // threads, block=threads)

@flyc.kernel
def hello(n: fx.Int32):
    fx.printf("device printf {} {}", fx.thread_idx.x, n)

@flyc.jit
def run_hello(n):
    hello(n).launch(grid=1, block=2)

name = torch.cuda.get_device_name()
props = torch.cuda.get_device_properties(0)
arch = props.gcnArchName
check("the HIP backend is active (not the emulator)", "emulator" not in name, name)
check("gcnArchName is gfx942 or gfx950 with features", arch.split(":")[0] in ("gfx942", "gfx950"), arch)
check("multi_processor_count > 0", props.multi_processor_count > 0, props.multi_processor_count)
free, total = torch.cuda.mem_get_info()
check("mem_get_info", 0 < free <= total and total == props.total_memory, (free, total, props.total_memory))
base = torch.cuda.memory_allocated()

torch.manual_seed(0)
for threads in (64, 256, 512, 1024):
    n = threads * 8
    a = torch.randn(n, device="cuda")
    b = torch.randn(n, device="cuda")
    c = torch.empty(n, device="cuda")
    try:
        run_vadd(a, b, c, threads)
        ok = torch.allclose(c, a + b)
        check("vadd with %d-thread blocks" % threads, ok, "mismatch")
        k = flyc.last_compiled()
        check("max flat workgroup %d" % threads, k.stats["max_workgroup_size"] == threads, k.stats)
    except Exception as e:
        check("vadd with %d-thread blocks" % threads, False, e)
check("memory_allocated counts device tensors", torch.cuda.memory_allocated() > base, torch.cuda.memory_allocated())
check("data_ptr is a device address", c.data_ptr() != 0 and c[1:].data_ptr() - c.data_ptr() == 4, c.data_ptr())
x = torch.arange(16, dtype=torch.float32).cuda()
y = torch.ones(16, device="cuda")
z = torch.empty(16, device="cuda")
run_vadd(x, y, z, 16)
check(".cuda(), tolist, item, cpu after a launch", z.tolist()[:3] == [1.0, 2.0, 3.0] and z[15].item() == 16.0 and z.cpu()[2].item() == 3.0, z.tolist())

start = torch.cuda.Event(enable_timing=True)
end = torch.cuda.Event(enable_timing=True)
big = torch.randn(1 << 22, device="cuda")
out = torch.empty(1 << 22, device="cuda")
run_vadd(big, big, out, 256)  # compile first
torch.cuda.synchronize()
start.record()
for _ in range(10):
    run_vadd(big, big, out, 256)
end.record()
end.synchronize()
ms = start.elapsed_time(end)
check("events time 10 launches", ms > 0, ms)
check("the result after the timed launches", torch.allclose(out, big * 2), "mismatch")

s = torch.cuda.Stream()
with torch.cuda.stream(s):
    run_vadd(x, x, z, 16)
torch.cuda.current_stream().wait_stream(s)
s.synchronize()
check("a launch on a stream of one's own", z.tolist()[:3] == [0.0, 2.0, 4.0], z.tolist())

run_hello(7)
torch.cuda.synchronize()
check("device printf (two lines 'device printf 0 7', 'device printf 1 7' above)", True)

try:
    run_vadd(big, big, out, 2048)
    check("a 2048-thread block is refused", False, "no error")
except Exception as e:
    check("a 2048-thread block is refused", "1024" in str(e), e)

print("%d passed, %d failed" % (results.count(True), results.count(False)))
if not all(results):
    sys.exit(1)
