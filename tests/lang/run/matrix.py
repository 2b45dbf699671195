def matmul(a, b):
    return [[sum(x * y for x, y in zip(row, col)) for col in zip(*b)] for row in a]
A = [[1, 2], [3, 4]]
B = [[5, 6], [7, 8]]
print(matmul(A, B), [list(r) for r in zip(*A)])
I = [[1 if i == j else 0 for j in range(3)] for i in range(3)]
print(I)
grid = [["."] * 4 for _ in range(2)]
grid[0][1] = "#"
print(["".join(r) for r in grid])
