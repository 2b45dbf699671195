# flyi: run
# torch.profiler: kernel launches are device (CUDA) events with their time, record_function ranges are
# CPU events; key_averages() groups them by name, as FlyDSL's tests/test_common.py reads them.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
import torch.profiler as tpf

@flyc.kernel
def inc(a: fx.Tensor):
    i = fx.block_idx.x * fx.block_dim.x + fx.thread_idx.x
    a[i] = a[i] + 1.0

@flyc.jit
def run(a):
    inc(a).launch(grid=1, block=64)

a = torch.zeros(64, device="cuda")
run(a)
with tpf.profile(activities=[tpf.ProfilerActivity.CPU, tpf.ProfilerActivity.CUDA], profile_memory=False,
                 with_stack=False, with_modules=True) as prof:
    for _ in range(3):
        with tpf.record_function("iter"):
            run(a)
    torch.cuda.synchronize()
evs = prof.events()
print([str(e.device_type) for e in evs])
dev = [e for e in evs if str(e.device_type) == "DeviceType.CUDA"]
print(len(dev), all(e.self_device_time_total > 0 for e in dev), all(e.name == dev[0].name for e in dev))
print(all(e.self_cpu_time_total > 0 for e in evs if e.name == "iter"))
avg = prof.key_averages()
print(sorted((e.key == "iter", e.count) for e in avg))
t = avg.table(sort_by="self_cuda_time_total", row_limit=-1)
print(t.splitlines()[1].split()[:3], "Self CUDA time total:" in t)
print(a[:2].tolist())
# without the CUDA activity no device events are kept
with tpf.profile(activities=[tpf.ProfilerActivity.CPU]) as p2:
    run(a)
print(len(p2.events()))
