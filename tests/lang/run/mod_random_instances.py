import random
a = random.Random(5)
b = random.Random(5)
random.seed(5)
x = [a.random() for _ in range(3)]
print(x == [b.random() for _ in range(3)], x == [random.random() for _ in range(3)])
c = random.Random()
c.seed(12345)
print(c.randint(0, 10**9), c.choice('abcdefghij'), c.getrandbits(16))
random.seed(12345)
print(random.randint(0, 10**9), random.choice('abcdefghij'), random.getrandbits(16))
for s in [0, 1, 255, 256, 65535, 2**31 - 1, 2**31, 2**32 - 1, 2**32 + 1, 2**48, 2**62, 10**18]:
    random.seed(s)
    print(s, random.getrandbits(32), random.randrange(1000))
random.seed(b'bytes seed')
print(random.random())
random.seed(bytearray(b'xy'))
print(random.random())
try:
    random.seed([1, 2])
except TypeError as e:
    print('TypeError:', e)
