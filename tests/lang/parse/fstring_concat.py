'a' f'{x}' 'b'
f'{x}' f'{y}'
'a' f''
f'a' 'b' f'c{d}'
