import pytest


def pytest_addoption(parser):
    parser.addoption("--flag", action="store", default="off", help="a project option")
    parser.addoption("--count", type=int, default=1)


def pytest_configure(config):
    config.addinivalue_line("markers", "extra: added by a hook")


@pytest.fixture
def flag(request):
    return request.config.getoption("--flag")


@pytest.fixture
def base():
    return 10
