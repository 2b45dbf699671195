for v in [0, 7, -7, 255, 1234567]:
    print(f"{v:d}|{v:5}|{v:<5}|{v:^7}|{v:+}|{v:x}|{v:X}|{v:o}|{v:b}|{v:,}|{v:_}|{v:e}|{v:.1f}")
for v in [0.0, 3.14159, -2.5, 1234567.891, 1e-8, 1e20]:
    print(f"{v}|{v:.2f}|{v:10.3f}|{v:<10.1f}|{v:e}|{v:.3g}|{v:g}|{v:%}|{v:,.2f}")
print(format(12, "08.3f"), format(-12, "08d"), format(5, "#b"), format(255, "#o"), format(3, "c"))
