# repr and str of arrays and scalars, numpy 1.24's format.
import numpy as np

cases = [
    np.array([1.0, 2.5, 3.0]), np.array([0.1, 0.2, 0.3]), np.array([1e-5, 1.0]), np.array([1e8, 1.0]),
    np.array([123456789.0, 1.5]), np.array([1.0, 1000.0]), np.array([1.0, 1001.0]), np.array([0.0, 0.0]),
    np.array([-1.5, 2.25, -3.125]), np.array([1 / 3, 2 / 3]), np.array([np.nan, 1.0, np.inf, -np.inf]),
    np.array([np.nan, np.nan]), np.array([1e-300, 1e300]), np.array([0.5, -0.0]), np.array([3.14159265358979]),
    np.array([1.0, 2.0], np.float32) / 3, np.array([0.1, 0.7], np.float32), np.array([65504, 0.1], np.float16),
    np.array([1e-7, 5.0], np.float32), np.array([[1.5, -2.0], [3.25, 4e-3]]),
    np.array([1, -20, 300]), np.array([[1, 2], [3, 4]], dtype=np.int8), np.array([2 ** 64 - 1], np.uint64),
    np.array([True, False, True]), np.array([[True], [False]]), np.array([], np.float32), np.array([], np.int64),
    np.zeros((2, 0)), np.array(3.5), np.array(7, np.int32), np.array(True), np.array(1.5, np.float16),
    np.arange(24).reshape(2, 3, 4), np.arange(40.0) / 7, np.arange(30), np.arange(100).reshape(10, 10),
    np.arange(2000), np.arange(3000.0).reshape(3, 1000), np.arange(1100).reshape(1100, 1) * 0.5,
    np.linspace(0, 1, 11), np.array([1.123456789, 2.1]), np.array([0.000123, 0.5]), np.array([1e16, 1.0]),
    np.arange(12, dtype=np.uint32).reshape(3, 4) * np.uint32(400000000),
]
for a in cases:
    print(repr(a))
    print(str(a))
for s in [np.float32(0.1), np.float64(0.1), np.float16(0.1), np.float32(1e20), np.float32(1.5e-5), np.float64(1e16),
          np.float32(100.0), np.int8(-3), np.uint64(7), np.bool_(False), np.float32(np.nan), np.float64(-np.inf),
          np.float32(3.4028235e38), np.float16(-2.5), np.float64(123456789012345.6)]:
    print(repr(s), str(s), type(s).__name__)
print(np.array2string(np.array([1, 2, 3]), separator=", "))
print([np.float32(1.5), np.int64(2)], (np.float64(0.25),))
