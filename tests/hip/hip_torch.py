# Tensors in device memory under the HIP backend (run by run_hip.sh on the HIP stand-in): device
# queries from HIP, device="cuda" storage in hipMalloc'd memory, host reads, writes and torch ops
# through copies, .cuda()/.to("cuda"), data_ptr() as the device address, and 512- and 1024-thread
# blocks (the kernel's maximum workgroup follows the launch).
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

print(torch.cuda.get_device_name())
p = torch.cuda.get_device_properties(0)
print(p.gcnArchName, p.multi_processor_count, p.total_memory)
free, total = torch.cuda.mem_get_info()
print(total, free <= total)
print(torch.cuda.memory_allocated())

@flyc.kernel
def add1(A: fx.Tensor):
    i = fx.block_idx.x * fx.block_dim.x + fx.thread_idx.x
    A[i] = A[i] + 1.0

@flyc.jit
def run(a, threads: fx.Constexpr[int]):
    add1(a).launch(grid=a.shape[0] // threads, block=threads)

a = torch.arange(8, dtype=torch.float32, device="cuda")
print(torch.cuda.memory_allocated())
run(a, 4)
print(a)
print(a.tolist(), a[3].item(), a.cpu().device)
a[0] = 100.0           # a host write: uploaded before the next launch
b = a * 2              # a host op on device tensors: copied back, computed, copied to the device
run(b, 8)
print(b.tolist())
run(a, 2)
print(a.tolist(), a.sum().item(), torch.allclose(a, torch.tensor([101.0, 3, 4, 5, 6, 7, 8, 9], device="cuda")))
c = torch.ones(4).cuda()
d = torch.zeros(4).to("cuda")
run(c, 4)
run(d, 4)
print(c.tolist(), d.tolist(), c.device, d.is_cuda)
print(a.data_ptr() != 0, a[2:].data_ptr() - a.data_ptr())
for n in (512, 1024):
    x = torch.zeros(2 * n, device="cuda")
    run(x, n)
    k = flyc.last_compiled()
    print(n, k.stats["max_workgroup_size"], x.sum().item())
del a, b, x
print(torch.cuda.memory_allocated())
