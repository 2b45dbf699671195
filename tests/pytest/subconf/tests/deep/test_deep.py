import pytest


@pytest.mark.deepmark
def test_deep():
    pass


@pytest.mark.notregistered
def test_unregistered():
    pass
