import pytest
from helper import double


def check_double():
    assert double(2) == 4


def test_flag(flag):
    assert flag == "off"


def test_count(request):
    assert request.config.getoption("count") == 1


@pytest.mark.slow
def test_slow():
    assert True


@pytest.mark.gpu("gfx942")
def test_gpu_mark(request):
    assert request.node.get_closest_marker("gpu").args == ("gfx942",)


def helper_not_collected():
    raise AssertionError("never")


class TestGroup:
    def test_a(self, base):
        assert base == 10

    def check_b(self):
        assert double(3) == 7

    @pytest.mark.slow
    def test_slow_method(self):
        pass


class SuiteOther:
    def test_in_suite(self):
        pass


class TestWithInit:
    def __init__(self):
        pass

    def test_never(self):
        pass


class NotATest:
    def test_skipped_class(self):
        pass
