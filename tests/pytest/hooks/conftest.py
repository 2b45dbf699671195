import pytest


def pytest_configure(config):
    config.addinivalue_line("markers", "tagged: registered from a hook")


def pytest_report_header(config):
    return "project header line"


def pytest_generate_tests(metafunc):
    if "gen" in metafunc.fixturenames:
        metafunc.parametrize("gen", [10, 20], ids=["ten", "twenty"])


def pytest_collection_modifyitems(config, items):
    # run the "last" tests at the end
    items.sort(key=lambda it: "last" in it.name)
    for it in items:
        assert it.fspath.basename == "test_hooks.py"


def pytest_sessionfinish(session, exitstatus):
    # an empty selection is not an error here
    if exitstatus == 5:
        session.exitstatus = 0
