# Swaps and parallel assignment of 2 to 4 values (compiled without a tuple): order of evaluation
# and of stores, nested targets, subscripts and attributes.
a, b, c, d = 1, 2, 3, 4
a, b = b, a
print(a, b)
a, b, c = c, a, b
print(a, b, c)
a, b, c, d = d, c, b, a
print(a, b, c, d)
[a, b] = [b, a]
print(a, b)
(a, b), c = (c, b), a
print(a, b, c)
x = [0, 1, 2]
i = 0
i, x[i] = 1, 9
print(i, x)
class O: pass
o = O()
o.p, o.q = 1, 2
o.p, o.q = o.q, o.p
print(o.p, o.q)
def order(tag):
    print("eval", tag); return tag
class T:
    def __setattr__(self, k, v): print("set", k, v)
t = T()
t.a, t.b, t.c = order(1), order(2), order(3)
