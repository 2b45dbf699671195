print(1 + 2.0, 3 * 1.5, 2 ** -1, 10 / 5, 7 // 2.0, 1 + True, 1.0 + True)
print(int("7") + float("2.5"), complex(1, 2), (1 + 2j) * (3 - 1j), abs(3 + 4j), (2j).imag)
print(max(1, 2.5), min(-1, -1.5), sum([1, 2.5]), round(7 / 3, 4))
print(0.1 + 0.7, 1.1 * 3, 1e-10 + 1, 100 * 1.1, 3.0 * 1e308 > 1e308)
