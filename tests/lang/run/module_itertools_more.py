import itertools as it
print(list(it.product('ab', [1, 2])), list(it.permutations('abc', 2))[:4], list(it.combinations(range(4), 2)))
print(list(it.accumulate([1, 2, 3, 4])), list(it.accumulate([1, 2, 3], lambda a, b: a * b)), list(it.chain.from_iterable(['ab', 'c'])))
print([(k, list(g)) for k, g in it.groupby('aabbbc')], list(it.zip_longest('ab', 'xyz', fillvalue='-')))
print(list(it.repeat('x', 3)), list(it.islice(it.count(5, 2), 4)), list(it.starmap(pow, [(2, 3), (3, 2)])))
print(list(it.combinations_with_replacement('ab', 2)), list(it.islice(it.cycle('ab'), 5)), list(it.pairwise([1, 2, 3])) if hasattr(it, 'pairwise') else '')
