n = 1234567
print(format(n, ','), format(n, '_'), format(n, '>12'), format(n, '<12') + '|', format(n, '^12'))
print(format(255, 'x'), format(255, 'X'), format(255, '#x'), format(255, 'o'), format(255, '#o'), format(5, 'b'), format(5, '#010b'))
print(format(-42, '+'), format(42, '+'), format(42, ' '), format(-42, '=8'), format(42, '08'), format(-42, '08'))
print(format(42, 'c') if False else format(65, 'c'), format(1234, 'n'), format(0xdeadbeef, '_x'))
print(f'{n:*^15,}', f'{n:e}', f'{n:.2%}' if False else f'{0.25:.1%}', f'{7:3d}|{7:<3d}|')
try:
    format(1, 'q')
except ValueError as e:
    print('ValueError:', e)
try:
    format(1.5, 'd')
except ValueError as e:
    print('ValueError:', e)
