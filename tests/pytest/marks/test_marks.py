import sys

import pytest


@pytest.mark.skip
def test_skip_plain():
    pass


@pytest.mark.skip(reason="explicit reason")
def test_skip_reason():
    pass


@pytest.mark.skipif(sys.platform == "linux", reason="not on linux")
def test_skipif_true():
    pass


@pytest.mark.skipif(False, reason="never")
def test_skipif_false():
    pass


@pytest.mark.skipif("sys.version_info > (3,)")
def test_skipif_string():
    pass


@pytest.mark.xfail
def test_xfail_plain():
    assert False


@pytest.mark.xfail(reason="wrong type", raises=TypeError)
def test_xfail_raises_other():
    raise ValueError("not a TypeError")


@pytest.mark.xfail(raises=ZeroDivisionError)
def test_xfail_raises_match():
    1 / 0


@pytest.mark.xfail(strict=True, reason="must fail")
def test_xpass_strict():
    pass


@pytest.mark.xfail(run=False, reason="do not run")
def test_xfail_norun():
    raise SystemExit(3)


def test_imperative_skip():
    pytest.skip("skipped inside")


def test_imperative_fail():
    pytest.fail("failed on purpose")


def test_imperative_xfail():
    pytest.xfail("xfailed inside")


def test_importorskip_missing():
    pytest.importorskip("no_such_module_anywhere")


def test_importorskip_present():
    m = pytest.importorskip("os")
    assert m.sep == "/"


@pytest.mark.slow
@pytest.mark.net
def test_two_marks():
    pass


@pytest.mark.slow
def test_slow_only():
    pass


class TestMarkedClass:
    pytestmark = [pytest.mark.net]

    def test_in_class(self):
        pass
