f"{d['k']}"
f'{d["k"]}'
f'''{x + "'"}'''
f"{'a' if x else 'b'}"
