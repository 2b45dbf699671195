f = lambda x=[1, 2], *a, y={}, **k: (x, a, y, k)
