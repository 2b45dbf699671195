import enum

import pytest

pytestmark = pytest.mark.module_mark


class Color(enum.Enum):
    RED = 1


def helper_func():
    pass


class Plain:
    pass


@pytest.mark.parametrize("v", [0, -1, 2.5, True, None, "text", "with space", "", b"raw", 1j, Plain,
                               helper_func, Plain(), [1], (2,), {"k": 3}, Color.RED, "\u00e9"])
def test_value_ids(v):
    pass


@pytest.mark.parametrize("a", [1, 2])
@pytest.mark.parametrize("b", ["x", "y"])
def test_stacked(a, b):
    pass


@pytest.mark.parametrize(["p", "q"], [(1, 2), (3, 4)], ids=["first", "second"])
def test_ids_list(p, q):
    assert p < q


@pytest.mark.parametrize("n", [1, 2, 3], ids=lambda n: "n%d" % (n * 10))
def test_ids_callable(n):
    pass


@pytest.mark.parametrize("n", [1, 2], ids=["dup", "dup"])
def test_duplicate_ids(n):
    pass


@pytest.mark.parametrize("n", [5, 5, 6])
def test_duplicate_values(n):
    pass


@pytest.mark.parametrize("x,expected", [
    (1, 2),
    pytest.param(2, 3, id="custom-id"),
    pytest.param(3, 5, marks=pytest.mark.xfail(reason="off by one")),
    pytest.param(4, 0, marks=[pytest.mark.skip(reason="skipped param")]),
])
def test_param_objects(x, expected):
    assert x + 1 == expected


@pytest.mark.parametrize("empty", [])
def test_empty(empty):
    pass


@pytest.mark.parametrize("cls_arg", [1, 2])
class TestClassLevel:
    def test_one(self, cls_arg):
        assert cls_arg in (1, 2)

    @pytest.mark.parametrize("inner", ["i"])
    def test_two(self, cls_arg, inner):
        pass


def test_module_mark(request):
    assert request.node.get_closest_marker("module_mark") is not None
