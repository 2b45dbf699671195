import random
random.seed(42)
print(random.random(), random.randint(1, 100), random.choice('abcdef'), random.uniform(1, 2))
l = list(range(10)); random.shuffle(l); print(l)
random.seed(1)
print([random.randrange(10) for _ in range(5)], random.sample(range(100), 3))
