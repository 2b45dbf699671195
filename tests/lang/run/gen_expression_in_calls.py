print(sorted((x for x in 'cab'), reverse=True), ''.join(c.upper() for c in 'ab'), tuple(i for i in range(3)))
print(dict((k, len(k)) for k in ['a', 'bb']), set(x % 2 for x in range(5)) == {0, 1}, min(x for x in [4, 2]))
g = (x for x in range(3))
print(3 in g if False else 1 in g, list(g))
