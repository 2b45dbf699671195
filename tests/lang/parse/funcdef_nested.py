def outer(x):
    def inner(y):
        def innermost():
            return x + y
        return innermost
    return inner
