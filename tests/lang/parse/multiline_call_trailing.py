result = f(
    a,
    b=2,
    *c,
    **d,
)
