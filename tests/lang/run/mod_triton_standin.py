# triton is a stand-in: it imports, @triton.jit (bare or with arguments) keeps the function's name, kernel
# signatures with tl.constexpr annotations define, the helpers compute, and launching or calling a kernel is
# NotImplementedError (flyi runs no Triton kernels).
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs))


@triton.jit(do_not_specialize=["n"])
def other(n):
    return n


print(add_kernel.__name__, other.__name__, repr(add_kernel))
print(triton.cdiv(10, 4), triton.next_power_of_2(33), tl.int64 == tl.int64, tl.uint8 == tl.int8, tl.float32)
for call in (lambda: add_kernel[(4,)](1, 2, 3, BLOCK=8), lambda: other(3), lambda: tl.arange(0, 4)):
    try:
        call()
    except NotImplementedError as e:
        print("NotImplementedError:", e)
