"""The cases of bench_torch: one table shared by the flyi side (bench_torch.py, flyi's torch) and the numpy
side (bench_torch_numpy.py, run by CPython with Debian's numpy). Each case: name, the torch expression, the
numpy expression, and a note where numpy has no such dtype or op and the nearest one stands in. The inputs,
made on each side for a size (rows, cols): a, b (float32, normal), row (cols,), col (rows, 1), w, bias (cols,),
ah, bh (bfloat16 on the torch side, float16 on numpy's), a8 (float8_e4m3fnuz / float16), m1, m2 (matmul
operands, MATMUL x MATMUL float32)."""
MATMUL = 1024
CASES = [
    ("add", "a + b", "a + b", ""),
    ("add row bcast", "a + row", "a + row", ""),
    ("mul col bcast", "a * col", "a * col", ""),
    ("add bf16", "ah + bh", "ah + bh", "numpy: float16"),
    ("sum", "a.sum()", "a.sum()", ""),
    ("sum dim=-1", "a.sum(-1)", "a.sum(-1)", ""),
    ("sum dim=0", "a.sum(0)", "a.sum(0)", ""),
    ("mean dim=-1", "a.mean(-1)", "a.mean(-1)", ""),
    ("amax dim=-1", "a.amax(-1)", "a.max(-1)", ""),
    ("amax dim=0", "a.amax(0)", "a.max(0)", ""),
    ("softmax f32", "torch.softmax(a, -1)", "softmax(a)", "numpy: exp(x - max) / sum"),
    ("softmax bf16", "torch.softmax(ah, -1)", "softmax(a)", "numpy: float32"),
    ("layer_norm", "F.layer_norm(a, (a.shape[-1],), w, bias, 1e-5)", "layer_norm(a, w, bias)",
     "numpy: mean/var/normalise"),
    ("matmul f32", "m1 @ m2", "m1 @ m2", "1024^3 whatever the size; numpy: float32 BLAS"),
    ("f32->bf16", "a.to(torch.bfloat16)", "a.astype(np.float16)", "numpy: float32->float16"),
    ("bf16->f32", "ah.float()", "ah.astype(np.float32)", "numpy: float16->float32"),
    ("f32->f16", "a.half()", "a.astype(np.float16)", ""),
    ("f32->e4m3fnuz", "a.to(torch.float8_e4m3fnuz)", "a.astype(np.float16)", "numpy: float32->float16"),
    ("f32->e4m3fn", "a.to(torch.float8_e4m3fn)", "a.astype(np.float16)", "numpy: float32->float16"),
    ("e4m3fnuz->f32", "a8.float()", "a8.astype(np.float32)", "numpy: float16->float32"),
    ("f32->f64", "a.double()", "a.astype(np.float64)", ""),
    ("rand", "torch.rand(a.shape)", "rng.random(a.shape, dtype=np.float32)", ""),
    ("randn", "torch.randn(a.shape)", "rng.standard_normal(a.shape, dtype=np.float32)", ""),
    ("lt", "a < b", "a < b", ""),
    ("eq bcast", "a == row", "a == row", ""),
    ("allclose", "torch.allclose(a, b)", "np.allclose(a, b)", ""),
]
SIZES = {"1M": (1024, 1024), "64M": (8192, 8192)}
