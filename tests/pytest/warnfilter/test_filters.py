import warnings

import pytest


def test_deprecation_is_error():
    warnings.warn("old api", DeprecationWarning)


def test_ignored_by_message():
    warnings.warn("skipme please", UserWarning)


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_mark_ignores():
    warnings.warn("old api", DeprecationWarning)


def test_user_warning_recorded():
    warnings.warn("recorded", UserWarning)
