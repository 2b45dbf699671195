# generators: generator functions resumed in loops, yield from a tree walk, generator
# expressions fed to builtins, and send().
import sys

def count_to(n):
    i = 0
    while i < n:
        yield i
        i += 1

class Tree:
    def __init__(self, left, value, right):
        self.left = left
        self.value = value
        self.right = right

    def __iter__(self):
        if self.left is not None:
            yield from self.left
        yield self.value
        if self.right is not None:
            yield from self.right

def build(lo, hi):
    if lo >= hi:
        return None
    mid = (lo + hi) // 2
    return Tree(build(lo, mid), mid, build(mid + 1, hi))

def accumulator():
    total = 0
    while True:
        x = yield total
        if x is None:
            return total
        total += x

def run(n):
    s = 0
    for i in count_to(n):
        s += i
    tree = build(0, n // 10)
    t = 0
    for rep in range(5):
        for v in tree:
            t += v
    evens = sum(x for x in count_to(n) if x % 2 == 0)
    acc = accumulator()
    next(acc)
    for i in range(n // 2):
        acc.send(i)
    try:
        acc.send(None)
    except StopIteration as e:
        final = e.value
    pairs = list(zip(count_to(n // 4), count_to(n // 4)))
    return s, t, evens, final, len(pairs), max(a + b for a, b in pairs)

n = 5000 if sys.argv[1:] == ["--quick"] else 400000
print(run(n))
