from . import util


def test_relative_import():
    assert util.VALUE == 42


def test_module_name():
    assert __name__ == "pkg.test_inpkg"
