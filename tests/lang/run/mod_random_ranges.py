import random
random.seed(7)
print([random.randrange(10, 0, -2) for _ in range(6)])
print([random.randrange(-5, 5) for _ in range(6)])
print([random.randint(-3, 3) for _ in range(8)])
print([random.choice(range(100, 200)) for _ in range(4)], random.choice((1, 2, 3)), random.choice('xyz'))
words = ['alpha', 'beta', 'gamma', 'delta', 'eps']
random.shuffle(words)
print(words)
print(random.sample(range(10**6), 3), random.sample(['a'] * 3 + ['b'], 2))
print([random.randrange(2**40) for _ in range(3)])
print([random.randrange(0, 2**62, 3) for _ in range(2)])
print([round(random.random(), 6) for _ in range(3)])
