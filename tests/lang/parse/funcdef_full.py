def f(a, b, /, c, d=1, *args, e, f=2, **kwargs) -> None:
    pass
