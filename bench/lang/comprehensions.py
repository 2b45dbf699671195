# comprehensions: list, dict and set comprehensions, nested loops and filters, over ranges,
# lists and strings.
import sys

def run(n):
    out = 0
    words = ["w%d" % i for i in range(200)]
    for rep in range(n):
        squares = [i * i for i in range(100)]
        evens = [x for x in squares if x % 2 == 0]
        grid = [(i, j) for i in range(10) for j in range(i)]
        index = {w: i for i, w in enumerate(words)}
        lens = {len(w) for w in words}
        upper = [w.upper() for w in words if w.endswith("7")]
        matrix = [[i * j for j in range(8)] for i in range(8)]
        out += len(evens) + len(grid) + index["w199"] + len(lens) + len(upper) + matrix[7][7]
    return out

n = 20 if sys.argv[1:] == ["--quick"] else 3000
print(run(n))
