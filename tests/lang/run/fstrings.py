x, y, name = 3.14159, 42, "flyi"
print(f"{x:.2f} {y:5d} {y:<5}| {y:^7}| {name!r} {name:>8} {y:#x} {y:08b} {y:,}")
print(f"{x=}", f"{y = }", f"{1+2}", f"{'nested'}", f"{name.upper()}", f"{{braces}}")
w = 10
print(f"{x:{w}.3f}|", f"{1234567.891:,.2f}", f"{0.5:%}", f"{0.125:.1%}", f"{1e-7:e}", f"{123.456:g}")
print(f"{-5:+d} {5:+d} {5: d} {3.0:.0f} {2.5:.0f} {1/3:.10f}")
print(f"{'a':*^9}", f"{[1, 2]}", f"{ {'k': 1} }", f"{None!s}", f"{True}")
