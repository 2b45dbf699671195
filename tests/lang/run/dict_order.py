d = {}
for w in "the quick brown the lazy the end quick".split():
    d[w] = d.get(w, 0) + 1
print(d, list(d))
del d["quick"]
d["quick"] = 9
print(list(d.items()))
print({k: v for k, v in sorted(d.items(), key=lambda kv: (-kv[1], kv[0]))})
counts = {}
for ch in "abracadabra":
    counts.setdefault(ch, []).append(ch)
print({k: len(v) for k, v in counts.items()})
