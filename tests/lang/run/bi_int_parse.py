for s in ['42', ' -17 ', '+5', '1_000', '0', '-0', '007']:
    print(repr(s), int(s))
print(int('ff', 16), int('0xff', 16), int('0xff', 0), int('0o17', 0), int('0b101', 0), int('z', 36), int('11', 2))
print(int(3.9), int(-3.9), int(True), int('  12\n'))
for bad in ['', '1.5', '0x10', '1__0', '_1', 'abc', '12a']:
    try:
        int(bad)
    except ValueError as e:
        print('ValueError:', e)
try:
    int('9', 8)
except ValueError as e:
    print('ValueError:', e)
try:
    int([])
except TypeError as e:
    print('TypeError:', e)
try:
    int('10', 1)
except ValueError as e:
    print('ValueError:', e)
