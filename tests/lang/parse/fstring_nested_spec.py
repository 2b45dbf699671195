f'{x:{w}}'
f'{x:{w}.{p}f}'
f'{x!r:>{w}}'
