g = 1
def read(): return g
def write():
    global g
    g = 2
def shadow():
    g = 3
    return g
print(read(), shadow(), g); write(); print(g)
def make_global():
    global created
    created = 'yes'
make_global(); print(created)
def nested():
    def inner():
        global g
        g += 10
    inner()
nested(); print(g)
print('g' in globals(), sorted(k for k in locals() if k == 'g'))
def loc():
    a = 1; b = 2
    return sorted(locals().items())
print(loc())
