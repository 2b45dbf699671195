if x:
    pass
        y
