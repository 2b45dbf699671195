counter = 0
def incr():
    global counter
    counter += 1
for _ in range(5):
    incr()
print(counter)
def outer():
    val = []
    def add(v):
        val.append(v)
    def reset():
        nonlocal val
        val = []
    add(1); add(2)
    before = list(val)
    reset(); add(3)
    return before, val
print(outer())
def make():
    global made
    made = "yes"
make()
print(made)
