import torch
print(torch.cuda.is_available(), torch.cuda.device_count(), torch.cuda.current_device())
print(torch.cuda.get_device_name(), torch.cuda.get_device_name(0))
s = torch.cuda.Stream()
print(isinstance(s.cuda_stream, int), s.cuda_stream != 0)
cs = torch.cuda.current_stream()
print(cs.cuda_stream)
torch.cuda.synchronize()
start = torch.cuda.Event(enable_timing=True)
end = torch.cuda.Event(enable_timing=True)
start.record()
x = torch.randn(100, device="cuda").sum()
end.record()
end.synchronize()
ms = start.elapsed_time(end)
print(type(ms).__name__, ms >= 0)
torch.cuda.empty_cache()
with torch.cuda.stream(s):
    pass
import torch.cuda
print(torch.cuda.get_device_properties(0).multi_processor_count > 0)
try:
    torch.cuda.Event().elapsed_time(torch.cuda.Event())
except RuntimeError as e:
    print("RuntimeError:", e)
free, total = torch.cuda.mem_get_info()
print(free <= total)
t = torch.ones(2).cuda()
print(t.device, t.cpu().device, t.to("cpu").device, t.is_cuda, torch.device("cuda"), torch.device("cuda", 0))
print(repr(torch.device("cuda:0")), repr(torch.device("cpu")), torch.device("cuda:0") == t.device)
print(t.device.type, t.device.index, torch.device("cpu").index)
with torch.cuda.device(0):
    print(torch.zeros(1, device="cuda").device)
