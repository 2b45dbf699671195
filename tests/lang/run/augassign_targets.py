class O:
    def __init__(self): self.v = 1
o = O()
o.v += 5
l = [1, 2, 3]
l[1] *= 10
d = {"k": "a"}
d["k"] += "b"
s = "x"
s *= 3
n = 10
n //= 3
n **= 2
n -= 1
n %= 5
b = 6
b &= 3
b |= 8
b ^= 1
b <<= 2
b >>= 1
print(o.v, l, d, s, n, b)
t = (1,)
t += (2,)
print(t)
