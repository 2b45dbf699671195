"""Abstract base classes of importers (importlib.abc): plain classes to subclass."""


class Loader:
    def create_module(self, spec):
        return None

    def exec_module(self, module):
        raise ImportError("exec_module is not implemented")


class MetaPathFinder:
    def find_spec(self, fullname, path, target=None):
        return None

    def invalidate_caches(self):
        pass


class PathEntryFinder:
    def find_spec(self, fullname, target=None):
        return None

    def invalidate_caches(self):
        pass


class InspectLoader(Loader):
    pass


class ExecutionLoader(InspectLoader):
    pass


class FileLoader(ExecutionLoader):
    pass


class SourceLoader(FileLoader):
    pass


class Traversable:
    pass
