import random
for seed in (0, 1, 42, 2**32, 123456789, -7):
    random.seed(seed)
    print(seed, [random.random() for _ in range(3)])
    print(' ', [random.randint(1, 100) for _ in range(5)], random.randrange(10), random.randrange(0, 100, 7))
    print(' ', random.getrandbits(1), random.getrandbits(31), random.getrandbits(32), random.getrandbits(50))
