matrix = [[1, 2, 3], [4, 5, 6]]
print([[row[i] for row in matrix] for i in range(3)], [x for row in matrix for x in row if x % 2])
print(list(zip(*matrix)), [sum(r) for r in matrix], [[0] * 2 for _ in range(2)])
grid = [[0] * 3] * 2
grid[0][0] = 1
print(grid)
