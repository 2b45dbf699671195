import random
r = random.Random(99)
a = [r.random() for _ in range(3)]
r2 = random.Random(99)
b = [r2.random() for _ in range(3)]
print(a == b, a)
st = r.getstate()
x = [r.randint(0, 1000) for _ in range(5)]
r.setstate(st)
y = [r.randint(0, 1000) for _ in range(5)]
print(x == y, x)
random.seed('hello')
print(random.random())
random.seed(3.5)
print(random.random())
random.seed(10)
print(random.randbytes(5))
def err(f, *a):
    try:
        f(*a)
    except Exception as e:
        print(type(e).__name__ + ':', e)
err(random.choice, [])
err(random.randrange, 0)
err(random.randrange, 5, 5)
err(random.sample, [1, 2], 3)
err(random.sample, {1, 2}, 1)
err(random.randrange, 1, 10, 0)
err(random.getrandbits, -1)
