f'{x}'
f"{x} and {y}"
f'plain'
f''
