class Countdown:
    def __init__(self, n): self.n = n
    def __iter__(self): return self
    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n + 1
print(list(Countdown(3)), [x * 2 for x in Countdown(2)], sum(Countdown(4)))
class Seq:
    def __getitem__(self, i):
        if i >= 3:
            raise IndexError
        return i * 10
print(list(Seq()), 20 in Seq())
it = iter(range(3))
print(iter(it) is it, list(it), list(it))
