def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
print(fact(20))
def hanoi(n, a, b, c, moves):
    if n:
        hanoi(n - 1, a, c, b, moves)
        moves.append((a, c))
        hanoi(n - 1, b, a, c, moves)
    return moves
print(len(hanoi(10, "A", "B", "C", [])))
def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)
print(depth(900))
def inf(n):
    return inf(n + 1)
try:
    inf(0)
except RecursionError as e:
    print("RecursionError", "maximum recursion depth exceeded" in str(e))
