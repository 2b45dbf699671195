f'\n{x}\t'
f'\{x}'
f'\N{BULLET} {x}'
