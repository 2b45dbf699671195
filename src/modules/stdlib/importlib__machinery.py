"""Specs, loaders and finders (importlib.machinery): ModuleSpec, SourceFileLoader,
BuiltinImporter, PathFinder, the suffix lists."""

import os
import sys
import _flyi_rt

SOURCE_SUFFIXES = [".py"]
BYTECODE_SUFFIXES = [".pyc"]
DEBUG_BYTECODE_SUFFIXES = [".pyc"]
OPTIMIZED_BYTECODE_SUFFIXES = [".pyc"]
EXTENSION_SUFFIXES = []


def all_suffixes():
    return SOURCE_SUFFIXES + BYTECODE_SUFFIXES + EXTENSION_SUFFIXES


class ModuleSpec:
    def __init__(self, name, loader, *, origin=None, loader_state=None, is_package=None):
        self.name = name
        self.loader = loader
        self.origin = origin
        self.loader_state = loader_state
        self.submodule_search_locations = [] if is_package else None
        self._set_fileattr = False
        self._cached = None

    def __repr__(self):
        args = ["name={!r}".format(self.name), "loader={!r}".format(self.loader)]
        if self.origin is not None:
            args.append("origin={!r}".format(self.origin))
        if self.submodule_search_locations is not None:
            args.append("submodule_search_locations={}".format(self.submodule_search_locations))
        return "{}({})".format(self.__class__.__name__, ", ".join(args))

    def __eq__(self, other):
        smsl = self.submodule_search_locations
        try:
            return (self.name == other.name and self.loader == other.loader and self.origin == other.origin
                    and smsl == other.submodule_search_locations and self.cached == other.cached
                    and self.has_location == other.has_location)
        except AttributeError:
            return NotImplemented

    @property
    def cached(self):
        return self._cached

    @cached.setter
    def cached(self, cached):
        self._cached = cached

    @property
    def parent(self):
        if self.submodule_search_locations is None:
            return self.name.rpartition(".")[0]
        return self.name

    @property
    def has_location(self):
        return self._set_fileattr

    @has_location.setter
    def has_location(self, value):
        self._set_fileattr = bool(value)


class BuiltinImporter:
    """The modules built into the interpreter (C or embedded Python)."""

    @classmethod
    def find_spec(cls, fullname, path=None, target=None):
        if _flyi_rt.is_builtin_module(fullname):
            return ModuleSpec(fullname, cls, origin="built-in")
        return None

    @staticmethod
    def create_module(spec):
        __import__(spec.name)
        return sys.modules[spec.name]

    @staticmethod
    def exec_module(module):
        pass

    @classmethod
    def is_package(cls, fullname):
        return False

    @classmethod
    def get_source(cls, fullname):
        return None


class FrozenImporter(BuiltinImporter):
    pass


class SourceFileLoader:
    def __init__(self, fullname, path):
        self.name = fullname
        self.path = path

    def __eq__(self, other):
        return self.__class__ == other.__class__ and self.__dict__ == other.__dict__

    def __hash__(self):
        return hash(self.name) ^ hash(self.path)

    def __repr__(self):
        return "<{} object at 0x{:x}>".format(type(self).__name__, id(self))

    def create_module(self, spec):
        return None

    def get_filename(self, fullname=None):
        return self.path

    def get_data(self, path):
        with open(path, "rb") as f:
            return f.read()

    def get_source(self, fullname=None):
        with open(self.path) as f:
            return f.read()

    def is_package(self, fullname):
        return os.path.basename(self.path).rpartition(".")[0] == "__init__"

    def source_to_code(self, data, path):
        if isinstance(data, bytes):
            data = data.decode("utf-8")
        return compile(data, path, "exec")

    def get_code(self, fullname=None):
        return self.source_to_code(self.get_source(fullname), self.path)

    def exec_module(self, module):
        code = self.get_code(module.__name__)
        exec(code, module.__dict__)

    def load_module(self, fullname=None):
        name = fullname or self.name
        import importlib.util as util
        spec = util.spec_from_file_location(name, self.path, loader=self)
        module = util.module_from_spec(spec)
        sys.modules[name] = module
        try:
            self.exec_module(module)
        except BaseException:
            del sys.modules[name]
            raise
        return sys.modules[name]


SourcelessFileLoader = SourceFileLoader


class NamespaceLoader:
    def __init__(self, name, path, path_finder=None):
        self._path = path

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        pass

    def is_package(self, fullname):
        return True


class PathFinder:
    """Finds modules and packages in the directories of a path (sys.path by default)."""

    @classmethod
    def invalidate_caches(cls):
        pass

    @classmethod
    def find_spec(cls, fullname, path=None, target=None):
        if path is None:
            path = sys.path
        last = fullname.rpartition(".")[2]
        namespace = []
        for entry in path:
            if not isinstance(entry, str):
                continue
            base = os.path.join(entry, last) if entry else last
            init = os.path.join(base, "__init__.py")
            isdir = os.path.isdir(base)
            if isdir and os.path.isfile(init):
                loader = SourceFileLoader(fullname, init)
                spec = ModuleSpec(fullname, loader, origin=init, is_package=True)
                spec.submodule_search_locations = [base]
                spec.has_location = True
                return spec
            if os.path.isfile(base + ".py"):
                spec = ModuleSpec(fullname, SourceFileLoader(fullname, base + ".py"), origin=base + ".py")
                spec.has_location = True
                return spec
            if isdir:
                namespace.append(base)
        if namespace:
            spec = ModuleSpec(fullname, NamespaceLoader(fullname, namespace), is_package=True)
            spec.submodule_search_locations = namespace
            return spec
        return None


class FileFinder:
    def __init__(self, path, *loader_details):
        self.path = path or "."

    def find_spec(self, fullname, target=None):
        return PathFinder.find_spec(fullname, [self.path])

    def invalidate_caches(self):
        pass
