cases = ['a, b = [1]', 'a, b = [1, 2, 3]', 'a, *b, c = [1]', 'a, b = 5', '(a, b), c = [1, 2], 3', 'a, b = "xyz"', 'x, = []', '[a] = 1, 2']
for src in cases:
    try:
        exec(src)
        print('ok', src)
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ':', e)
a, *b = range(5); print(a, b)
*c, d = 'xyz'; print(c, d)
(e, f), g = 'ab', 3; print(e, f, g)
[h, [i, *j]] = [1, [2, 3, 4]]; print(h, i, j)
for k, (m, n) in enumerate([(1, 2), (3, 4)]): print(k, m, n)
