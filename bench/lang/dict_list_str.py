words = ("alpha beta gamma delta epsilon zeta eta theta iota kappa " * 20).split()
counts = {}
for rep in range(2000):
    for w in words:
        counts[w] = counts.get(w, 0) + 1
lst = []
for i in range(300000):
    lst.append(i % 1000)
lst.sort()
s = []
for i in range(200000):
    s.append(str(i))
joined = ",".join(s)
parts = joined.split(",")
print(len(counts), sum(lst), len(joined), len(parts), counts["alpha"])
