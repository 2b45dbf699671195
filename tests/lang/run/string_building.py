parts = []
for i in range(5):
    parts.append(str(i) * i)
print("|".join(parts))
s = ""
for c in "abc":
    s += c.upper()
print(s, s * 0 == "", "-" * 10)
table = [[1, 22, 333], [4444, 5, 66]]
for row in table:
    print(" ".join(f"{v:>5}" for v in row))
print("\n".join(["l1", "l2"]))
