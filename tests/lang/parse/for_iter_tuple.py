for x in 1, 2, 3:
    pass
for iv, state in range(0, 10, init=[a, b]):
    pass
