f = lambda: (yield)
