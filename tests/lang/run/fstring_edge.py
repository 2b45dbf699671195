name, n = 'Ann', 3.14159
print(f'{name!r} {name!s} {name!a} {n:.2f} {n=} {n = :.1f} {name=!r:>8}')
print(f'{{braces}} {{{n:.0f}}}', f"{'nested' + f'{1 + 1}'}", f'{"dq"}', f"{'sq'}")
d = {'k': [1, 2]}
print(f'{d["k"][1]}', f'{len(d)}', f'{3 if n > 3 else 4}', f'{(lambda: 5)()}', f'{ {1: 2}[1] }')
w = 8
print(f'{name:>{w}}|', f'{n:{w}.{2}f}|', f'{42:#0{w}x}')
print(f'{"multi"}' f'{"part"}', f"""tri {n:.1f}""", rf'raw\{name}', f'{1_000_000:,}')
print(f'{[1, 2]!r:>10}', f'{None}', f'{True:d}' if False else f'{True}', f'{-5:+d}', f'{b"x"}')
