import pytest


def it_works():
    assert True


def test_not_collected():
    assert False


@pytest.mark.fast
def it_is_fast():
    pass


@pytest.mark.skipif("1 == 1", reason="string condition with reason")
def it_skips():
    pass
