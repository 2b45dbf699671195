import warnings

import pytest


def value():
    return 3


class Point:
    def __init__(self, x):
        self.x = x

    def __repr__(self):
        return "Point(%d)" % self.x

    def __eq__(self, other):
        return isinstance(other, Point) and other.x == self.x


def test_int_eq():
    assert 1 + 1 == 3


def test_call_operand():
    assert value() == 4


def test_list_eq():
    assert [1, 2] == [1, 3]


def test_list_longer():
    assert [1, 2, 3] == [1, 2]


def test_long_lists():
    assert list(range(30)) == list(range(29)) + [99]


def test_tuple_eq():
    assert (1, "a") == (1, "b")


def test_str_eq():
    assert "hello" == "help"


def test_dict_eq():
    assert {"a": 1, "b": 2} == {"a": 1, "b": 3}


def test_set_eq():
    assert {1, 2} == {2, 3}


def test_objects():
    assert Point(1) == Point(2)


def test_not_eq():
    assert 5 != 5


def test_less():
    assert 7 < 3


def test_in():
    assert 4 in [1, 2, 3]


def test_not_in():
    assert "b" not in "abc"


def test_is():
    x = None
    assert x is not None


def test_truthy():
    x = []
    assert x


def test_not():
    assert not "nonempty"


def test_message():
    assert 2 == 3, "two is not three"


def test_passing_asserts():
    assert 1 == 1
    assert [1] == [1]
    assert not []
    x = 3
    assert x > 2, "msg"


VALUE = 11


def helper_check():
    assert VALUE == 10


def test_nested_call():
    helper_check()


def test_raises_ok():
    with pytest.raises(ZeroDivisionError):
        1 / 0


def test_raises_excinfo():
    with pytest.raises(ValueError) as excinfo:
        int("x")
    assert excinfo.type is ValueError
    assert "invalid literal" in str(excinfo.value)


def test_raises_match():
    with pytest.raises(KeyError, match="missing"):
        raise KeyError("missing key")


def test_raises_match_fails():
    with pytest.raises(ValueError, match="expected text"):
        raise ValueError("other text")


def test_raises_tuple():
    with pytest.raises((TypeError, ValueError)):
        raise TypeError("t")


def test_raises_not_raised():
    with pytest.raises(IndexError):
        pass


def test_raises_wrong_type():
    with pytest.raises(IndexError):
        raise KeyError("k")


def test_raises_callable():
    info = pytest.raises(ZeroDivisionError, lambda: 1 / 0)
    assert info.type is ZeroDivisionError


def test_warns_ok():
    with pytest.warns(UserWarning, match="hot"):
        warnings.warn("too hot", UserWarning)


def test_warns_missing():
    with pytest.warns(DeprecationWarning):
        pass


def test_approx_scalar():
    assert 0.1 + 0.2 == pytest.approx(0.3)
    assert 100 == pytest.approx(101, rel=0.02)
    assert 1.0 == pytest.approx(1.5, abs=0.6)


def test_approx_sequences():
    assert [0.1 + 0.2, 1.0] == pytest.approx([0.3, 1.0])
    assert (1.0, 2.0) == pytest.approx((1.0, 2.0000001))
    assert {"a": 0.1 + 0.2} == pytest.approx({"a": 0.3})


def test_approx_repr():
    assert repr(pytest.approx(2.0)) == "2.0 \u00b1 2.0e-06"
    assert repr(pytest.approx([1.0, 2.0])) == "approx([1.0 \u00b1 1.0e-06, 2.0 \u00b1 2.0e-06])"
    assert repr(pytest.approx({"k": 4})) == "approx({'k': 4 \u00b1 4.0e-06})"
    assert repr(pytest.approx(1.0, abs=0.5)) == "1.0 \u00b1 5.0e-01"


def test_approx_fails():
    assert 1.5 == pytest.approx(2.0)


def test_exception_in_test():
    d = {}
    d["missing"]


class CustomError(Exception):
    pass


def test_custom_exception():
    raise CustomError("custom message")


def test_and():
    a, b = 1, 0
    assert a and b


def test_and_short_circuit():
    a, b = 0, 1
    assert a and b


def test_or():
    a, b = 0, []
    assert a or b


def test_bool_comparisons():
    x, y = 1, 5
    assert x > 0 and y < 3


def test_bool_passes():
    assert 0 or 2
    assert 1 and 2 and 3


def test_binop_operand():
    a = 2
    assert a * 3 == 7
