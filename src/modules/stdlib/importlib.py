"""The import machinery's Python face: import_module, reload, invalidate_caches (and the
importlib.util / machinery / resources / metadata submodules).

Imports themselves are done by the interpreter; modules it loads carry no __spec__ or
__loader__ unless they were made through importlib.util.module_from_spec."""

import sys

__all__ = ["__import__", "import_module", "invalidate_caches", "reload"]


def _resolve_name(name, package, level):
    bits = package.rsplit(".", level - 1)
    if len(bits) < level:
        raise ImportError("attempted relative import beyond top-level package")
    base = bits[0]
    return "{}.{}".format(base, name) if name else base


def import_module(name, package=None):
    level = 0
    if name.startswith("."):
        if not package:
            raise TypeError("the 'package' argument is required to perform a relative import for {!r}".format(name))
        for character in name:
            if character != ".":
                break
            level += 1
        name = _resolve_name(name[level:], package, level)
    if not name:
        raise ValueError("Empty module name")
    if name in sys.modules:
        return sys.modules[name]
    __import__(name)
    return sys.modules[name]


def invalidate_caches():
    """Nothing to do: the interpreter keeps no finder caches."""


def reload(module):
    try:
        name = module.__spec__.name
    except AttributeError:
        try:
            name = module.__name__
        except AttributeError:
            raise TypeError("reload() argument must be a module")
    if not isinstance(module, type(sys)):
        raise TypeError("reload() argument must be a module")
    if sys.modules.get(name) is not module:
        raise ImportError(f"module {name} not in sys.modules", name=name)
    spec = getattr(module, "__spec__", None)
    loader = getattr(spec, "loader", None) if spec is not None else None
    if loader is not None and hasattr(loader, "exec_module"):
        loader.exec_module(module)
        return sys.modules[name]
    path = getattr(module, "__file__", None)
    if isinstance(path, str) and not path.startswith("<frozen"):
        with open(path) as f:
            source = f.read()
        exec(compile(source, path, "exec"), module.__dict__)
    return sys.modules[name]
