# flyi: run
# An out-of-bounds access through a raw fx.Pointer parameter is caught like one through a tensor: the
# emulator checks the address against the device buffer the pointer points into and raises KernelError
# naming the nearest buffer; in-bounds pointer accesses still run.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

@flyc.kernel
def shift_copy(src: fx.Pointer, dst: fx.Pointer, off: fx.Int32):
    i = fx.thread_idx.x
    dst[i] = src[i + off]

@flyc.jit
def run(src, dst, off: fx.Int32, n: fx.Constexpr):
    shift_copy(src, dst, off).launch(grid=1, block=n)

# 64 floats: 256 bytes, so no allocation padding lies past their end
s = torch.arange(64, dtype=torch.float32, device="cuda")
d = torch.zeros(64, device="cuda")
run(s.data_ptr(), d.data_ptr(), 0, 64)
torch.cuda.synchronize()
print("in bounds", "PASS" if torch.equal(d.cpu(), s.cpu()) else "FAIL")
try:
    run(s.data_ptr(), d.data_ptr(), 4, 64)   # threads 60..63 read past the end of s
    torch.cuda.synchronize()
    print("no error: FAIL")
except flyc.KernelError as e:
    m = str(e)
    print("KernelError raised")
    print("names a load:", "load" in m)
    print("names the buffer:", "buffer of argument 0" in m)
s2 = torch.arange(128, dtype=torch.float32, device="cuda")
e2 = torch.zeros(32, device="cuda")   # 128 bytes, padded to 256: thread 64 stores past the padding
try:
    run(flyc.from_c_void_p(fx.Float32, s2.data_ptr()), flyc.from_c_void_p(fx.Float32, e2.data_ptr()), 0, 128)
    print("no error: FAIL")
except flyc.KernelError as e:
    print("store past the end:", "store" in str(e))
# a null / stray raw pointer: the error says it is in none of the buffers
try:
    run(flyc.from_c_void_p(fx.Float32, 0), d.data_ptr(), 0, 4)
    print("no error: FAIL")
except flyc.KernelError as e:
    print("null pointer:", "in none of the kernel's buffers (a null pointer" in str(e))
try:
    run(2.5, d.data_ptr(), 0, 4)
except TypeError as e:
    print("TypeError:", str(e)[:64])
