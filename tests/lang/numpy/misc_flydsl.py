# What FlyDSL's tests do with arrays: top-k mismatches through argpartition/unravel_index, fancy indexing.
import numpy as np
np.random.seed(1)
a = np.random.rand(4, 5).astype(np.float32)
b = a + np.float32(1e-3) * np.arange(20, dtype=np.float32).reshape(4, 5)
diff = np.abs(a - b)
flat = diff.flatten()
k = 3
top = np.argpartition(flat, -k)[-k:]
top = top[np.argsort(-flat[top])]
idx = np.unravel_index(top, diff.shape)
print(top, idx, a[idx], diff[idx])
print(list(zip(*idx)))
print(float((diff / (1.0 + np.abs(b))).max()), int(np.sum(diff >= 0.005)), np.mean([1.5, 2.5]) * 1000)
print(np.argmax(np.array([1.0, np.nan, 3.0])), np.max(np.array([[1, 5], [7, 2]]), axis=1).tolist())
x = np.arange(6).reshape(2, 3)
print(x[(np.array([0, 1]), np.array([2, 0]))], x[np.array([1, 0])][:, ::-1])
print(np.float32(0.1) + np.float32(0.2), np.float16(0.1) * 3, repr(np.array([0.1], np.float32) * 3))
print(np.sum(np.arange(10, dtype=np.float32) / 10), np.mean(np.arange(7, dtype=np.float32)))
print(np.array([[1, 2], [3, 4]]).tolist(), np.zeros((2, 2), dtype=bool))
print(np.prod(np.array([2, 3, 4], np.int32)), type(np.prod([2, 3])).__name__, np.sum(np.ones((3, 3)), axis=0).dtype)
print(repr(np.arange(10).reshape(2, 5)[:, 1:4:2]), repr(np.ones(3) / np.zeros(3)))
