for (a, b), c in x: pass
for a.b, c[0] in y: pass
