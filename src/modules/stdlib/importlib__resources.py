"""Package resources (importlib.resources) for packages that are directories: files() gives a
pathlib.Path of the package's directory."""

import contextlib
import os
import sys
import pathlib

__all__ = ["as_file", "contents", "files", "is_resource", "open_binary", "open_text", "path", "read_binary",
           "read_text"]


def _module(anchor):
    if isinstance(anchor, str):
        __import__(anchor)
        return sys.modules[anchor]
    return anchor


def files(anchor=None):
    if anchor is None:
        anchor = sys._getframe(1).f_globals["__name__"] if hasattr(sys, "_getframe") else "__main__"
    mod = _module(anchor)
    path = getattr(mod, "__path__", None)
    if path:
        return pathlib.Path(list(path)[0])
    file = getattr(mod, "__file__", None)
    if isinstance(file, str) and not file.startswith("<frozen"):
        return pathlib.Path(file).parent
    raise TypeError("{!r} is not a package".format(getattr(mod, "__name__", mod)))


@contextlib.contextmanager
def as_file(path):
    yield pathlib.Path(path)


def read_text(package, resource, encoding="utf-8", errors="strict"):
    return (files(package) / resource).read_text(encoding=encoding)


def read_binary(package, resource):
    return (files(package) / resource).read_bytes()


def open_text(package, resource, encoding="utf-8", errors="strict"):
    return (files(package) / resource).open("r")


def open_binary(package, resource):
    return (files(package) / resource).open("rb")


def is_resource(package, name):
    return (files(package) / name).is_file()


def contents(package):
    return [p.name for p in files(package).iterdir()]


def path(package, resource):
    return as_file(files(package) / resource)
