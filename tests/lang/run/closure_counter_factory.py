def make_counter(start=0, step=1):
    count = start
    def next_():
        nonlocal count
        count += step
        return count
    def reset():
        nonlocal count
        count = start
    next_.reset = reset
    return next_
c1, c2 = make_counter(), make_counter(10, 5)
print(c1(), c1(), c2(), c2())
c1.reset(); print(c1())
print(c1.__closure__ is not None, len(c1.__code__.co_freevars) if hasattr(c1, '__code__') else 'n/a')
