"""bench_torch's numpy side, run by CPython with numpy (a benchmark dependency only): prints one line
`name<TAB>size<TAB>ms` a case, best of the repetitions given (argv: size label, reps, names...)."""
import sys
import time

import numpy as np

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from bench_torch_cases import CASES, MATMUL, SIZES  # noqa: E402


def softmax(x):
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def layer_norm(x, w, b, eps=1e-5):
    m = x.mean(-1, keepdims=True)
    d = x - m
    v = (d * d).mean(-1, keepdims=True)
    return d / np.sqrt(v + eps) * w + b


label, reps, names = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
rows, cols = SIZES[label]
rng = np.random.default_rng(0)
env = {"np": np, "rng": rng, "softmax": softmax, "layer_norm": layer_norm}
env["a"] = rng.standard_normal((rows, cols), dtype=np.float32)
env["b"] = rng.standard_normal((rows, cols), dtype=np.float32)
env["row"] = rng.standard_normal(cols, dtype=np.float32)
env["col"] = rng.standard_normal((rows, 1), dtype=np.float32)
env["w"] = rng.standard_normal(cols, dtype=np.float32)
env["bias"] = rng.standard_normal(cols, dtype=np.float32)
env["ah"] = env["a"].astype(np.float16)
env["bh"] = env["b"].astype(np.float16)
env["a8"] = env["ah"]
env["m1"] = rng.standard_normal((MATMUL, MATMUL), dtype=np.float32)
env["m2"] = rng.standard_normal((MATMUL, MATMUL), dtype=np.float32)
for name, _, expr, _ in CASES:
    if name not in names:
        continue
    code = compile(expr, name, "eval")
    best = None
    for _ in range(reps):
        t = time.perf_counter()
        eval(code, env)
        t = time.perf_counter() - t
        best = t if best is None or t < best else best
    print(f"{name}\t{label}\t{best * 1e3:.3f}", flush=True)
