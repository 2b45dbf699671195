def test_one():
    pass


def test_two():
    pass
