from collections import deque
d = deque([1, 2, 3])
d.append(4)
d.appendleft(0)
print(d, len(d), d[0], d[-1], list(d))
print(d.pop(), d.popleft(), d)
d.extend([7, 8])
d.extendleft([-1, -2])
print(d)
d.rotate(2)
print(d)
d.rotate(-3)
print(d)
m = deque(maxlen=3)
for i in range(5):
    m.append(i)
print(m, m.maxlen)
m.appendleft(9)
print(m)
print(deque('abc') == deque('abc'), 2 in deque([1, 2]), list(reversed(deque([1, 2, 3]))))
e = deque()
try:
    e.pop()
except IndexError as ex:
    print('IndexError:', ex)
try:
    e.popleft()
except IndexError as ex:
    print('IndexError:', ex)
q = deque([1, 2, 3, 2])
q.remove(2)
print(q, q.count(2), q.index(3))
q.reverse()
print(q, bool(deque()), bool(q))
q.clear()
print(q)
q[0:0] if False else None
w = deque([1, 2, 3])
w[1] = 20
print(w, w.copy())
