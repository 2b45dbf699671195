def compose(*fns):
    def run(x):
        for f in reversed(fns):
            x = f(x)
        return x
    return run
inc = lambda x: x + 1
dbl = lambda x: x * 2
print(compose(inc, dbl)(5), compose(dbl, inc)(5), compose()(7))
def memo(fn):
    cache = {}
    def w(n):
        if n not in cache:
            cache[n] = fn(n)
        return cache[n]
    return w
@memo
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(80))
def apply(f, *args, **kw):
    return f(*args, **kw)
print(apply(sorted, [3, 1, 2], reverse=True), apply(dict, a=1))
