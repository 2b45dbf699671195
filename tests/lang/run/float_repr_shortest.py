# repr(float) is the shortest text that reads back as the same float, even where the correctly
# rounded digits at that length do not (then the neighbour one unit up or down does).
print(2.0 ** -24, 5.960464477539063e-08, [2.0 ** k for k in range(-30, -20)])
print(2.0 ** -1074, 2.0 ** 1023, 1e23, 9007199254740993.0, 0.1 + 0.2, 1 / 3)
x = 1.0
for i in range(40):
    x = x * 1.7 + 0.1
    print(repr(x), repr(-x / 3e10), repr(x ** -3))
