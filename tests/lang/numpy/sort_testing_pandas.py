# sort/argsort/unique/argpartition, numpy.testing's assertions and their messages, and the pandas
# table FlyDSL's test_common prints.
import numpy as np
import pandas as pd

x = np.array([3.0, -1.0, np.nan, 2.0, -1.0, 7.5])
print(repr(np.sort(x)), repr(np.argsort(x)), repr(np.argsort(-x)), repr(np.sort(np.array([[3, 1, 2], [0, -5, 9]]), axis=0)))
print(repr(np.sort(np.array([[3, 1, 2], [0, -5, 9]]))), repr(np.argsort(np.array([[3, 1, 2], [0, -5, 9]]), axis=1)), repr(np.sort(np.array([[2, 1], [0, 3]]), axis=None)))
y = np.array([5, 3, 5, 1, 3, 3, 9], dtype=np.int32)
print(repr(np.unique(y)), np.unique(y, return_counts=True), np.unique(y, return_index=True), np.unique(y, return_inverse=True))
print(repr(np.unique(np.array([2.0, np.nan, 1.0, 2.0]))), np.unique(np.array([[1, 2], [2, 3]])).size, repr(np.unique(np.array([], np.int64))))
d = np.array([0.5, 9.0, 0.1, 4.0, 7.0])
top = np.argpartition(d, -2)[-2:]
print(repr(top[np.argsort(-d[top])]), repr(np.sort(np.partition(d, 2)[:2])))
z = np.array([4, 1, 3])
z.sort()
print(repr(z))
t = np.testing
t.assert_allclose(np.array([1.0, 2.0]), np.array([1.0, 2.0 + 1e-9]))
t.assert_array_equal(np.arange(3), [0, 1, 2])
t.assert_equal(3, 3)
t.assert_almost_equal(1.0, 1.0 + 1e-9)
t.assert_array_almost_equal(np.array([1.0, 2.0]), np.array([1.0, 2.0000001]))
for f in [lambda: t.assert_allclose(np.array([1.0, 2.0, 3.1]), np.array([1.0, 2.0, 3.0])),
          lambda: t.assert_allclose(np.array([1.0, 2.0], np.float32), np.array([1.5, 2.0], np.float32), rtol=1e-6, atol=1e-7),
          lambda: t.assert_array_equal(np.array([1, 2, 3]), np.array([1, 5, 3])),
          lambda: t.assert_array_equal(np.array([1.0, 2.0]), np.array([1.0, 2.5])),
          lambda: t.assert_allclose(np.zeros(3), np.ones(3), atol=0.5),
          lambda: t.assert_allclose(np.zeros(2), np.zeros(3))]:
    try:
        f()
        print("no error")
    except AssertionError as e:
        print("AssertionError:", str(e))
pd.set_option("display.max_rows", 200)
df = pd.DataFrame([{"name": "kern_a", "cnt": 20, "device_time_sum": 12.5}, {"name": "kern_bb", "cnt": 20, "device_time_sum": 3.25}])
print(df)
print(df.columns, len(df), df.empty, df.shape)
print(df["cnt"].sum(), df["device_time_sum"].tolist())
df2 = pd.DataFrame({"shape": ["(1, 2)", "(128, 4096)"], "us": [1.123456789, 20.0], "ok": [True, False]})
print(df2)
df3 = pd.DataFrame([[1, 2.5], [30, 4.0]], columns=["a", "b"])
print(df3)
print(df3[df3.a > 5])
print(df3.sort_values("b", ascending=False))
print(pd.DataFrame([{"x": 1}, {"x": 2, "y": 0.5}]))
