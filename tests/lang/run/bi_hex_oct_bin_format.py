for n in [0, 1, 255, -255, 4096]:
    print(hex(n), oct(n), bin(n), format(n, 'x'), format(n, '#b'), f'{n:#o}')
print(int(hex(255), 16), int(oct(8), 8), int(bin(5), 2))
