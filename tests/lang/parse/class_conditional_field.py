class S:
    a: int
    if flag:
        b: int
    else:
        c: int
