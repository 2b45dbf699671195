x = 3.14159265
print(format(x, '.2f'), format(x, '10.3f'), format(x, '<10.1f') + '|', format(x, 'e'), format(x, '.3E'))
print(format(x, 'g'), format(1e-5, 'g'), format(1e16, 'g'), format(123456789.0, '.3g'), format(0.0001234, '.2g'))
print(format(x, '%'), format(0.5, '.0%'), format(-x, '+.1f'), format(x, '012.4f'), format(1234567.891, ',.2f'))
print(format(float('inf'), 'f'), format(float('nan'), '.2f'), format(-0.0, 'f'), format(2.5, '.0f'), format(3.5, '.0f'))
print(format(x, ''), format(1e20, ''), format(1.0, ''), format(x, '.3'), format(100.0, '.3'))
print(f'{x:^12.2f}|', f'{x:#.0f}', f'{12.0:g}', f'{1.5:#g}')
