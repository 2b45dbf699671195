for k in ['a', 1, (1, 2), '', None]:
    try:
        {}[k]
    except KeyError as e:
        print(repr(e), str(e), e.args)
