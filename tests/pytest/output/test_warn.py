import warnings


def test_warns_user():
    warnings.warn("careful", UserWarning)


def test_warns_deprecated():
    warnings.warn("old api", DeprecationWarning)


def test_warns_twice():
    for _ in range(2):
        warnings.warn("in a loop", UserWarning)
