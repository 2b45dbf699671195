"""flyi.kernels: prebuilt kernels, each a tool and a lesson.

Each module is one family of kernels written in the FlyDSL style (layout algebra, copy atoms, buffer
tensors, wave shuffles), callable like a torch op on device tensors, and a short read: its docstring
explains the design in the layout algebra's terms.

    elementwise  add, mul, axpy, cast (128-bit copies, predicated tails)
    reduce       sum and max over the last dimension of a 2-D tensor (one wave a row, xor shuffles)
    softmax      softmax over the last dimension (one pass: online max and sum)
    norm         layer_norm and rms_norm over the last dimension
    transpose    2-D transpose through a swizzled LDS tile (no bank conflicts)
    gemm         a @ b with MFMA atoms through LDS (float16, bfloat16, float32; fp8), preshuffled B
    attention    flash_attention forward with MFMA atoms (online softmax), head_dim 64 and 128
    quant        per_token_quant_fp8 and dequant_fp8 (the target's fp8 e4m3 format)

Every module has compile(*example_args): the CompiledKernel(s) the call would launch, for %ir, %isa and
%stats at the prompt.
"""

__all__ = ["elementwise", "reduce", "softmax", "norm", "transpose", "gemm", "attention", "quant"]
