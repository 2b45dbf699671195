def add(a, b):
    return a + b
def kw(a, b=1, *, c=2):
    return a + b + c
def run(n):
    s = 0
    for i in range(n):
        s = add(s, i)
        s = kw(s, c=1)
    return s
print(run(1000000))
