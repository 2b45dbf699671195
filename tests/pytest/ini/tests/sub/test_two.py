import pytest


def test_base_overridden(base):
    assert base == 11


@pytest.mark.parametrize("x,y", [(1, 2), (3, 4)])
def test_pairs(x, y):
    assert x + 1 == y


def test_fails():
    assert [1, 2, 3] == [1, 2, 4]


def test_also_fails():
    x = {"k": 1}
    assert x == {"k": 2}
