def walk(tree, depth=0):
    name, kids = tree
    yield '  ' * depth + name
    for k in kids:
        yield from walk(k, depth + 1)
t = ('root', [('a', [('a1', []), ('a2', [])]), ('b', [])])
print('\n'.join(walk(t)))
def flatten(x):
    for i in x:
        if isinstance(i, list):
            yield from flatten(i)
        else:
            yield i
print(list(flatten([1, [2, [3, [4]], 5]])))
def perms(s):
    if len(s) <= 1:
        yield s
        return
    for i, c in enumerate(s):
        for p in perms(s[:i] + s[i + 1:]):
            yield c + p
print(list(perms('abc')))
