sq = {n: n * n for n in range(5)}
print(sq, {v: k for k, v in sq.items()}, {k: v for k, v in sq.items() if v % 2 == 0})
words = ['apple', 'avocado', 'banana', 'cherry', 'blueberry']
groups = {}
for w in words:
    groups.setdefault(w[0], []).append(w)
print(groups, {k: len(v) for k, v in groups.items()})
print(dict(sorted({'b': 2, 'a': 1}.items())), max(sq.items(), key=lambda kv: kv[1]))
