def f(x=0):
    return 3 + x


def make():
    return {"k": 1}


LIMIT = 5


def test_no_args():
    assert f() == 4


def test_local_arg():
    x = 2
    assert f(x) == 4


def test_constant_arg():
    assert f(1) < 2


def test_call_on_right():
    assert 7 == f(LIMIT)


def test_custom_explanation_drops_where():
    assert make() == {"k": 2}


def test_passing():
    assert f() == 3
    assert 4 == f(1)
