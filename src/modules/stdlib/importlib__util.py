"""importlib.util: find_spec, spec_from_file_location, module_from_spec, resolve_name."""

import os
import sys
from importlib import _resolve_name
from importlib.machinery import (BuiltinImporter, ModuleSpec, PathFinder, SourceFileLoader,
                                 SOURCE_SUFFIXES)

MAGIC_NUMBER = b"\xa7\r\r\n"


def resolve_name(name, package):
    if not name.startswith("."):
        return name
    elif not package:
        raise ImportError(f"no package specified for {repr(name)} (required for relative module names)")
    level = 0
    for character in name:
        if character != ".":
            break
        level += 1
    return _resolve_name(name[level:], package, level)


def _spec_of_loaded(module, fullname):
    spec = getattr(module, "__spec__", None)
    if spec is not None:
        return spec
    file = getattr(module, "__file__", None)
    path = getattr(module, "__path__", None)
    if isinstance(file, str) and not file.startswith("<frozen"):
        spec = ModuleSpec(fullname, SourceFileLoader(fullname, file), origin=file,
                          is_package=path is not None)
        spec.has_location = True
    elif path is not None and file is None:
        spec = ModuleSpec(fullname, None, is_package=True)
    else:
        spec = ModuleSpec(fullname, BuiltinImporter, origin="built-in")
    if path is not None:
        spec.submodule_search_locations = list(path)
    return spec


def _find_spec(fullname, path):
    spec = BuiltinImporter.find_spec(fullname)
    if spec is not None:
        return spec
    return PathFinder.find_spec(fullname, path)


def find_spec(name, package=None):
    fullname = resolve_name(name, package) if name.startswith(".") else name
    if fullname in sys.modules:
        module = sys.modules[fullname]
        if module is None:
            return None
        return _spec_of_loaded(module, fullname)
    parent_name = fullname.rpartition(".")[0]
    if parent_name:
        parent = __import__(parent_name, fromlist=["__path__"])
        parent = sys.modules.get(parent_name, parent)
        try:
            parent_path = parent.__path__
        except AttributeError as e:
            raise ModuleNotFoundError(f"__path__ attribute not found on {parent_name!r} "
                                      f"while trying to find {fullname!r}", name=fullname) from e
    else:
        parent_path = None
    return _find_spec(fullname, parent_path)


_POPULATE = object()


def spec_from_file_location(name, location=None, *, loader=None, submodule_search_locations=_POPULATE):
    if location is None:
        location = "<unknown>"
    else:
        location = os.fspath(location)
    if loader is None:
        if not any(location.endswith(s) for s in SOURCE_SUFFIXES):
            return None
        loader = SourceFileLoader(name, location)
    spec = ModuleSpec(name, loader, origin=location)
    spec.has_location = True
    if submodule_search_locations is _POPULATE:
        is_package = getattr(loader, "is_package", None)
        if is_package is not None and is_package(name):
            spec.submodule_search_locations = []
    else:
        spec.submodule_search_locations = submodule_search_locations
    if spec.submodule_search_locations == []:
        if location:
            spec.submodule_search_locations.append(os.path.dirname(location))
    return spec


def spec_from_loader(name, loader, *, origin=None, is_package=None):
    if origin is None:
        origin = getattr(loader, "path", None)
    if is_package is None and hasattr(loader, "is_package"):
        try:
            is_package = loader.is_package(name)
        except ImportError:
            is_package = None
    spec = ModuleSpec(name, loader, origin=origin, is_package=is_package)
    if origin is not None and isinstance(loader, SourceFileLoader):
        spec.has_location = True
    return spec


def module_from_spec(spec):
    module = None
    if hasattr(spec.loader, "create_module"):
        module = spec.loader.create_module(spec)
    elif hasattr(spec.loader, "exec_module"):
        raise ImportError("loaders that define exec_module() must also define create_module()")
    if module is None:
        module = type(sys)(spec.name)
        d = module.__dict__
        d["__spec__"] = spec
        d["__loader__"] = spec.loader
        d["__package__"] = spec.parent
        if spec.submodule_search_locations is not None:
            d["__path__"] = spec.submodule_search_locations
        if spec.has_location:
            d["__file__"] = spec.origin
            d["__cached__"] = spec.cached
    return module


def source_hash(source_bytes):
    raise NotImplementedError("source_hash is not supported")


def cache_from_source(path, debug_override=None, *, optimization=None):
    head, tail = os.path.split(path)
    base = tail.rpartition(".")[0]
    return os.path.join(head, "__pycache__", base + ".cpython-311.pyc")


def decode_source(source_bytes):
    return source_bytes.decode("utf-8")
