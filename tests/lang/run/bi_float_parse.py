for s in ['1.5', ' -2.25 ', '1e3', '1E-2', 'inf', '-Infinity', 'nan', '1_000.5', '.5', '5.', '+0.0']:
    print(repr(s), float(s))
print(float(3), float(True), float('  7 '))
for bad in ['', '1.2.3', 'abc', '1e', '--1', '1_']:
    try:
        float(bad)
    except ValueError as e:
        print('ValueError:', e)
try:
    float([])
except TypeError as e:
    print('TypeError:', e)
print(0.1 + 0.2, 1 / 3, 1e16, 1e-7, 123456789012345678.0, 2.5e-5, float('1e400'))
