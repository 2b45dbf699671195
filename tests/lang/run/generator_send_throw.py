def g():
    try:
        while True:
            x = yield
            print("got", x)
    except ValueError as e:
        print("handled", e)
        yield "after"
gen = g()
next(gen)
gen.send(1)
gen.send(2)
print(gen.throw(ValueError("boom")))
gen.close()
def h():
    yield 1
hg = h()
print(next(hg), next(hg, "exhausted"))
try:
    next(hg)
except StopIteration:
    print("StopIteration")
