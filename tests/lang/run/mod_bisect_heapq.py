import bisect, heapq
a = [1, 2, 4, 4, 8]
print(bisect.bisect(a, 4), bisect.bisect_left(a, 4), bisect.bisect_right(a, 0), bisect.bisect_left(a, 9))
bisect.insort(a, 5)
bisect.insort_left(a, 4)
print(a, bisect.bisect(a, 3, lo=3), bisect.bisect_left([(1, 'a'), (3, 'b')], 2, key=lambda t: t[0]))
h = []
for v in [5, 3, 8, 1, 9, 2, 7]:
    heapq.heappush(h, v)
print(h)
print([heapq.heappop(h) for _ in range(3)], h)
x = [9, 8, 7, 6, 5, 4, 3, 2, 1]
heapq.heapify(x)
print(x)
print(heapq.heappushpop(x, 0), heapq.heapreplace(x, 10), x)
print(heapq.nlargest(3, [1, 5, 2, 8, 3]), heapq.nsmallest(2, [4, 1, 3]), heapq.nsmallest(2, ['bb', 'a', 'ccc'], key=len))
print(list(heapq.merge([1, 4, 7], [2, 5], [3])))
