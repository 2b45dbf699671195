def make_counter():
    n = 0
    def inc(k):
        nonlocal n
        n += k
        return n
    return inc
c = make_counter()
for i in range(1000000):
    c(1)
adders = [(lambda x, i=i: x + i) for i in range(10)]
t = 0
for j in range(100000):
    for f in adders:
        t = f(t) % 1000003
print(c(0), t)
