import itertools as it
g = it.groupby([1, 1, 2, 2, 2, 3])
k1, grp1 = next(g)
k2, grp2 = next(g)
print(k1, list(grp1), k2, list(grp2), [(k, list(v)) for k, v in g])
gen = (x * x for x in range(10))
print(list(it.islice(gen, 3)), next(gen), list(it.islice(gen, 1, 3)))
print(list(it.product()), list(it.product('ab', [])), list(it.permutations('ab', 3)), list(it.combinations('', 0)))
print(list(it.cycle([])), list(it.zip_longest()), list(it.islice(it.count(0, 0.5), 4)))
print(list(it.accumulate([3, 1, 4, 1, 5], max)), list(it.accumulate([])), list(it.chain()))
print(list(it.starmap(lambda a, b: a * b, zip([1, 2], [3, 4]))))
print(dict(it.zip_longest('ab', range(3))), list(it.combinations(range(5), 4)))
print(sum(1 for _ in it.permutations(range(5), 3)), sum(1 for _ in it.combinations_with_replacement(range(4), 3)))
try:
    it.islice('abc', -1)
except ValueError as e:
    print('ValueError:', e)
try:
    it.permutations('abc', -1)
except ValueError as e:
    print('ValueError:', e)
a, b, c = it.tee(iter([1, 2, 3]), 3)
print(next(a), list(b), list(a), list(c))
print(list(it.pairwise([])), list(it.pairwise([1])), list(it.takewhile(bool, [])))
