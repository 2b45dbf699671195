import sys


def test_prints_and_passes():
    print("visible with -s or -rP")


def test_prints_and_fails():
    print("stdout of a failing test")
    sys.stderr.write("stderr of a failing test\n")
    assert False


def test_quiet():
    pass


class TestInClass:
    def test_method(self):
        assert 1
