import pytest


@pytest.fixture
def base(base):
    return base + 1
