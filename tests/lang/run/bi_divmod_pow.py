for a, b in [(7, 3), (-7, 3), (7, -3), (-7, -3), (0, 5)]:
    print(a, b, divmod(a, b), a // b, a % b)
print(divmod(7.5, 2), divmod(-7.5, 2), divmod(1, 0.3))
print(pow(2, 10), pow(2, -1), pow(-2, 3), pow(3, 4, 5), pow(-3, 3, 7), pow(2, 0, 1))
print(pow(3, -1, 7), pow(2.0, 0.5), (-8) ** (1 / 3) if False else 'skip', 2 ** -2)
try:
    divmod(1, 0)
except ZeroDivisionError as e:
    print('ZeroDivisionError:', e)
try:
    pow(2, 3, 0)
except ValueError as e:
    print('ValueError:', e)
try:
    pow(2, -1, 4)
except ValueError as e:
    print('ValueError:', e)
print(-7 % 3.0, 7 % -3.0, -0.0 % 5)
