def sieve(n):
    is_p = [True] * (n + 1)
    is_p[0] = is_p[1] = False
    for i in range(2, int(n ** 0.5) + 1):
        if is_p[i]:
            for j in range(i * i, n + 1, i):
                is_p[j] = False
    return [i for i, p in enumerate(is_p) if p]
print(sieve(50))
def bsearch(a, x):
    lo, hi = 0, len(a)
    while lo < hi:
        mid = (lo + hi) // 2
        if a[mid] < x: lo = mid + 1
        else: hi = mid
    return lo
print(bsearch([1, 3, 5, 7, 9], 7), bsearch([1, 3], 4))
def qsort(a):
    if len(a) <= 1: return a
    p = a[0]
    return qsort([x for x in a[1:] if x < p]) + [p] + qsort([x for x in a[1:] if x >= p])
print(qsort([5, 2, 8, 1, 9, 3, 5]))
def gcd(a, b):
    while b:
        a, b = b, a % b
    return a
print(gcd(48, 180), gcd(17, 5))
