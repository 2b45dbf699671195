f'{x!r}'
f'{x!s}'
f'{x!a}'
