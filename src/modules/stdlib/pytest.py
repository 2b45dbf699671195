"""pytest - flyi's test runner, compatible with pytest's command line and API: `flyi -m pytest
[options] [paths]` collects and runs tests as pytest does; test files `import pytest` for
fixtures, marks, parametrize, raises, approx, skip/xfail. The work is done in the _pytest_*
modules (one copy of them serves both this module and `import pytest` in tests)."""

import sys

from _pytest_api import (Mark, MarkDecorator, MarkGenerator, ParameterSet, ExceptionInfo, deprecated_call,
                         fail, fixture, importorskip, mark, param, raises, skip, warns, xfail, exit,
                         yield_fixture)
from _pytest_api import WarningsChecker as WarningsRecorder
from _pytest_approx import approx
from _pytest_config import Parser, UsageError
from _pytest_fixtures import MonkeyPatch, TempPathFactory, CaptureFixture, LogCaptureFixture
from _pytest_fixtures import SubRequest as FixtureRequest
from _pytest_main import Config, Session
from _pytest_nodes import Metafunc, Function, Module, Class, Node
from _pytest_terminal import main as _main


class ExitCode:
    OK = 0
    TESTS_FAILED = 1
    INTERRUPTED = 2
    INTERNAL_ERROR = 3
    USAGE_ERROR = 4
    NO_TESTS_COLLECTED = 5


class PytestWarning(UserWarning):
    pass


class PytestDeprecationWarning(DeprecationWarning):
    pass


class PytestUnknownMarkWarning(PytestWarning):
    pass


class PytestCollectionWarning(PytestWarning):
    pass


version_tuple = (7, 2, 1)
__version__ = "7.2.1"
Item = Function


def hookimpl(*args, **kwargs):
    if args and callable(args[0]) and not kwargs:
        return args[0]
    return lambda f: f


hookspec = hookimpl


def main(args=None, plugins=None):
    return _main(args, plugins)


def console_main():
    return main()


if __name__ == "__main__":
    sys.exit(main())
