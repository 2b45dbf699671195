import heapq, random
random.seed(11)
data = [random.randint(0, 100) for _ in range(20)]
h = list(data)
heapq.heapify(h)
print(h)
out = []
while h:
    out.append(heapq.heappop(h))
print(out == sorted(data), out[:5])
tasks = []
for pri, name in [(3, 'c'), (1, 'a'), (2, 'b'), (1, 'a2')]:
    heapq.heappush(tasks, (pri, name))
print([heapq.heappop(tasks) for _ in range(4)])
print(heapq.nlargest(3, data), heapq.nsmallest(3, data))
print(heapq.nlargest(2, [{'v': 1}, {'v': 3}, {'v': 2}], key=lambda d: d['v']))
