[[y for y in x] for x in z]
[x for x in [y for y in z]]
{k: [v for v in vs] for k, vs in d.items()}
