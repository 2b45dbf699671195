g = (i * i for i in range(5))
print(next(g), next(g), list(g), list(g))
print(max(len(w) for w in ["a", "bbb", "cc"]), "-".join(str(i) for i in range(3)))
print(sum(1 for c in "mississippi" if c == "s"), tuple(x for x in "ab"), set(x % 2 for x in range(5)))
def gen_range(a, b):
    while a < b:
        yield a
        a += 1
print(list(gen_range(3, 7)), [x for x in gen_range(0, 3)], dict(enumerate(gen_range(5, 7))))
nested = ((i, j) for i in range(2) for j in range(2) if i != j)
print(list(nested))
