import pytest
import lib


def verify_add():
    assert lib.add(1, 2) == 3


def test_add_fails():
    assert lib.add(2, 2) == 5


def helper():
    pass


@pytest.mark.xfail(reason="strict from the ini file")
def test_xpass_strict():
    pass


@pytest.mark.xfail(reason="known")
def test_xfail():
    assert lib.add(1, 1) == 3


@pytest.mark.skip(reason="not now")
def test_skip():
    pass
