from collections import Counter, defaultdict, OrderedDict, deque
c = Counter('mississippi')
print(c.most_common(2), c['s'], c['z'], sorted(c.elements())[:4], sum(c.values()))
c.update('ss'); print(c['s'])
dd = defaultdict(list)
for k, v in [('a', 1), ('b', 2), ('a', 3)]:
    dd[k].append(v)
print(dict(dd), dd['new'], len(dd))
od = OrderedDict([('x', 1), ('y', 2)])
od.move_to_end('x'); print(list(od))
dq = deque([1, 2, 3], maxlen=3)
dq.append(4); dq.appendleft(0); print(list(dq))
dq.rotate(1); print(list(dq), dq.pop(), dq.popleft())
