def test_ok():
    pass

def broken(:
    pass
