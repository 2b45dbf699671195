def test_top():
    pass
