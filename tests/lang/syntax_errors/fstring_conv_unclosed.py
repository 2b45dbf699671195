f'{x!r'
