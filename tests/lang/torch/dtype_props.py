import torch
for dt in [torch.float32, torch.float16, torch.bfloat16, torch.float64, torch.float8_e4m3fn,
           torch.float8_e4m3fnuz, torch.float8_e5m2, torch.int8, torch.int16, torch.int32,
           torch.int64, torch.uint8, torch.bool]:
    print(dt, dt.itemsize, dt.is_floating_point, torch.zeros(2, dtype=dt).element_size())
print(torch.float is torch.float32, torch.half is torch.float16, torch.long is torch.int64,
      torch.int is torch.int32, torch.double is torch.float64)
print(repr(torch.bfloat16))
print(torch.promote_types(torch.int32, torch.float16), torch.promote_types(torch.uint8, torch.int8),
      torch.promote_types(torch.float16, torch.bfloat16))
print(torch.get_default_dtype(), torch.float32 == torch.float, {torch.int8: 1}[torch.int8])
# nbytes: numel * itemsize (views count their own elements)
x = torch.zeros(3, 5, dtype=torch.bfloat16)
print(x.nbytes, x[1:].nbytes, torch.zeros(0).nbytes, torch.ones(7, dtype=torch.int64).nbytes)
