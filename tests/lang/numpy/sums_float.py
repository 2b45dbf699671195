# float32 / float16 sums and means add up as numpy's do (pairwise in memory order, 8192 at a time).
import numpy as np
np.random.seed(3)
for dt in (np.float32, np.float16):
    for n in (5, 8, 100, 128, 129, 1000, 5000):
        x = (np.random.rand(n) * 10).astype(dt)
        print(dt.__name__, n, repr(x.sum()), repr(np.mean(x)))
    m = (np.random.rand(37, 300) * 3).astype(dt)
    print(repr(m.sum(axis=1)[:4]), repr(m.sum(axis=0)[:4]), repr(m.mean(axis=1)[:3]), repr(m.mean(axis=0)[:3]), repr(m.sum()), repr(m.mean()))
    print(repr(m.T.sum()), repr(m[:, ::2].sum()), repr(m.sum(axis=(0, 1))))
for n in (8192, 8193, 11100, 20000, 40000):
    x = (np.random.rand(n) * 3).astype(np.float32)
    print(n, repr(x.sum()), repr(x.mean()), repr(x.astype(np.float16).sum()), repr(x.reshape(-1, 8 if n % 8 == 0 else 1).sum()))
