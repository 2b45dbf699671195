import time
t0 = time.perf_counter()
time.sleep(0.02)
t1 = time.perf_counter()
print(t1 - t0 >= 0.015, t1 - t0 < 2)
n0 = time.perf_counter_ns()
print(type(n0).__name__, time.perf_counter_ns() >= n0)
print(time.time() > 1.6e9, type(time.time_ns()).__name__)
print(time.monotonic() > 0)
try:
    time.sleep(-1)
except ValueError as e:
    print(e)
print(time.strftime('%Y-%m-%d', (2024, 3, 5, 0, 0, 0, 1, 65, 0)))
print(tuple(time.gmtime(0))[:6])
