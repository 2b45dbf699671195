for x in [0.5, 1.5, 2.5, -0.5, -1.5, 2.675, 1.25, 1.35, 0.125]:
    print(x, round(x), round(x, 1), round(x, 2))
print(round(1234.5678, -2), round(1250, -2), round(1350, -2), round(-1250, -2))
print(round(5), round(7, -1), round(15, -1), round(25, -1), type(round(2.5)), type(round(2.5, 0)))
print(round(1e300, 2), round(0.0), round(-0.0, 1))
