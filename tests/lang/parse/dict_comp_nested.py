{(i, j): i * j for i in range(3) for j in range(i)}
