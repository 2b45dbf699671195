x = y = z = []
x = not a
x = -a ** -b
x = a[b](c).d
x = {**a, **b}
x = [*range(3)]
x = a if b else (c if d else e)
