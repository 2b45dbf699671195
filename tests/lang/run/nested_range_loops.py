# Nested `for ... in range(...)` loops with statements between them (the bytecode compiler once
# looped forever computing the stack depth of this shape: FOR_RANGE's stack effect was missing).
total = 0
for i in range(2):
    for j in range(3):
        v = len("ab") + j
        for t in range(4):
            pass
        for u in range(i, 5, 2):
            total += u * v
    w = [k for k in range(3)]
print(total, t, w)


def deep(n):
    acc = []
    for a in range(n):
        x = a * 2
        for b in range(a):
            y = b + x
            for c in range(1, b + 1):
                for d in range(c, 0, -1):
                    acc.append((a, b, c, d, y))
    return len(acc), acc[-1] if acc else None


print(deep(5))
print(sum(i * j for i in range(10) for j in range(i)))
