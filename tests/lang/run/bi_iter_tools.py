print(list(enumerate('ab', start=5)), list(zip('ab', [1, 2, 3])), list(zip()), list(map(pow, [2, 3], [3, 2])))
print(list(filter(None, [0, 1, '', 'a', None])), list(filter(lambda v: v > 1, [1, 2, 3])), list(reversed([1, 2, 3])))
print(any([]), all([]), any([0, '', 1]), all([1, 'a', []]), sum([1, 2], 10), sum([0.1] * 3), sum([[1], [2]], []))
it = iter([1, 2, 3])
print(next(it), next(it, 'x'), list(it), next(it, 'default'))
class Countdown:
    def __init__(self, n): self.n = n
    def __iter__(self): return self
    def __next__(self):
        if self.n <= 0: raise StopIteration
        self.n -= 1
        return self.n
print(list(Countdown(3)), sorted(Countdown(4)), list(iter(iter([5, 4]).__next__, 4)))
try:
    zip([1], strict=True) if False else list(zip([1, 2], [1], strict=True))
except ValueError as e:
    print('ValueError:', e)
