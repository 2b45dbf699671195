import pytest


def test_a():
    pass


def test_b():
    assert 0, "fails"


@pytest.mark.skip(reason="skip here")
def test_c():
    pass


def test_d():
    pass
