class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def add(self, o):
        return Vec(self.x + o.x, self.y + o.y)
    def dot(self, o):
        return self.x * o.x + self.y * o.y
v = Vec(0, 0)
d = Vec(1, 2)
acc = 0
for i in range(500000):
    v = v.add(d)
    acc += v.dot(d) % 10
    v.x = v.x % 1000
print(v.x, v.y, acc)
