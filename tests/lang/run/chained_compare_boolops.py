x = 5
print(1 < x < 10, 1 < x > 10, 1 == 1 < 2, x > 3 == True, 0 < x <= 5 < 6)
print(0 or 'a', '' or 0, 1 and 2, 0 and 1, None or [] or 'last', not 0, not 'x')
calls = []
def t(v):
    calls.append(v)
    return v
print(t(0) and t(1), t(1) or t(2), calls)
print(1 if x else 2, 'yes' if x > 10 else 'no' if x > 3 else 'tiny')
print(x in [1, 5] and x not in (2,), x is not None)
