vals = [0.1, 0.2, 0.3, 1/3, 2/3, 100.0, 1e100, 1.5e-7, 123456.789, 1e15, 1e16, 2.0**53, 0.1+0.2, 3.0e-5, -1.25, 9.999999999999999e22]
for v in vals:
    print(repr(v), str(v), f"{v}")
print(float("1e500"), -float("1e500"), float("nan") != float("nan"))
