lambda a, b, /, c: 0
