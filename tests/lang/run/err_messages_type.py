tests = [
    lambda: 1 + 'a', lambda: 'a' + 1, lambda: [] + (), lambda: len(5), lambda: None(), lambda: 5[0],
    lambda: {}[[]], lambda: 'x' * 'y', lambda: -'a', lambda: abs('a'), lambda: iter(5), lambda: next([]),
    lambda: 1 < 'a', lambda: sorted([None, 1]), lambda: int(None), lambda: (lambda x: x)(),
    lambda: (lambda x: x)(1, 2), lambda: (lambda *, k: k)(), lambda: (lambda x: x)(y=1), lambda: hash([]),
    lambda: 'a'.join(5), lambda: list(1), lambda: dict(1), lambda: object().foo, lambda: setattr(1, 'a', 2),
    lambda: divmod('a', 1), lambda: round('x'), lambda: chr('a'), lambda: ord('ab'), lambda: 3 ** 'x',
]
for t in tests:
    try:
        t()
    except (TypeError, AttributeError, StopIteration) as e:
        print(type(e).__name__ + ':', e)
