lambda a=1, *, b, c=2, d: 0
