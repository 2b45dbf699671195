def classify(n):
    return "neg" if n < 0 else "zero" if n == 0 else "small" if n < 10 else "big"
print([classify(n) for n in (-5, 0, 3, 50)])
x = 5
print(0 < x < 10, 0 < x > 3, x == 5 != 6, 1 < 2 < 3 < 4 < 3)
a = b = 0
print(a is b, [] is [], a == b == 0)
