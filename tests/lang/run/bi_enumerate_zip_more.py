for i, (a, b) in enumerate(zip('xyz', range(3)), 1):
    print(i, a, b)
print(list(zip(*[(1, 'a'), (2, 'b')])), dict(zip('ab', 'cd')), list(enumerate([])))
e = enumerate('ab')
print(next(e), list(e))
