for x in y:
    pass
for a, b in c:
    pass
for a, (b, c) in x:
    pass
for i in range(10):
    pass
else:
    pass
for x, in y: pass
for [a, b] in c: pass
for *a, b in c: pass
for x.y in z: pass
for x[0] in z: pass
