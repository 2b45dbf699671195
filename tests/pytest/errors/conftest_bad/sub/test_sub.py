def test_sub():
    pass
