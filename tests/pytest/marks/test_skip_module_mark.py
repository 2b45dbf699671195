import pytest

pytestmark = pytest.mark.skipif(True, reason="module mark")


def test_a():
    pass


def test_b():
    pass
