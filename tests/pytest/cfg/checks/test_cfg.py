def test_one():
    assert 1 == 1


def test_two():
    assert "a" * 3 == "aab"
