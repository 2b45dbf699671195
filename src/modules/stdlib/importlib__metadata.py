"""Installed distributions' metadata (importlib.metadata), read from *.dist-info / *.egg-info
directories on sys.path."""

import os
import sys

__all__ = ["Distribution", "PackageNotFoundError", "distribution", "distributions", "entry_points", "metadata",
           "packages_distributions", "requires", "version"]


class PackageNotFoundError(ModuleNotFoundError):
    """The package was not found."""

    def __str__(self):
        return f"No package metadata was found for {self.name}"

    @property
    def name(self):
        (name,) = self.args
        return name


def _normalize(name):
    out = []
    for c in name.lower():
        out.append("_" if c in "-." else c)
    return "".join(out)


class _Message(dict):
    def get_all(self, key, failobj=None):
        v = self._all.get(key.lower())
        return list(v) if v else failobj

    def __getitem__(self, key):
        return dict.get(self, key.lower())

    def __contains__(self, key):
        return dict.__contains__(self, key.lower())


def _parse_metadata(text):
    msg = _Message()
    msg._all = {}
    for line in text.splitlines():
        if not line.strip():
            break
        if line[:1] in " \t" or ":" not in line:
            continue
        k, _, v = line.partition(":")
        k = k.strip().lower()
        v = v.strip()
        msg._all.setdefault(k, []).append(v)
        if k not in msg:
            dict.__setitem__(msg, k, v)
    return msg


class Distribution:
    def __init__(self, path):
        self._path = path

    @classmethod
    def from_name(cls, name):
        norm = _normalize(name)
        for entry in sys.path:
            if not isinstance(entry, str) or not os.path.isdir(entry or "."):
                continue
            try:
                names = sorted(os.listdir(entry or "."))
            except OSError:
                continue
            for n in names:
                for suffix in (".dist-info", ".egg-info"):
                    if n.endswith(suffix) and _normalize(n[:-len(suffix)].split("-")[0]) == norm:
                        return cls(os.path.join(entry, n))
        raise PackageNotFoundError(name)

    def read_text(self, filename):
        p = os.path.join(self._path, filename)
        if not os.path.isfile(p):
            return None
        with open(p) as f:
            return f.read()

    @property
    def metadata(self):
        text = self.read_text("METADATA") or self.read_text("PKG-INFO") or ""
        return _parse_metadata(text)

    @property
    def name(self):
        return self.metadata["Name"]

    @property
    def version(self):
        return self.metadata["Version"]

    @property
    def requires(self):
        return self.metadata.get_all("Requires-Dist")

    @property
    def entry_points(self):
        return []


def distribution(distribution_name):
    return Distribution.from_name(distribution_name)


def distributions(**kwargs):
    return iter([])


def metadata(distribution_name):
    return distribution(distribution_name).metadata


def version(distribution_name):
    return distribution(distribution_name).version


def requires(distribution_name):
    return distribution(distribution_name).requires


class EntryPoint:
    def __init__(self, name, value, group):
        self.name = name
        self.value = value
        self.group = group

    def load(self):
        import importlib
        module, _, attr = self.value.partition(":")
        obj = importlib.import_module(module.strip())
        for a in attr.strip().split(".") if attr.strip() else []:
            obj = getattr(obj, a)
        return obj

    @property
    def module(self):
        return self.value.partition(":")[0].strip()

    @property
    def attr(self):
        return self.value.partition(":")[2].strip()

    def matches(self, **params):
        return all(getattr(self, k) == v for k, v in params.items())

    def __repr__(self):
        return "EntryPoint(name=%r, value=%r, group=%r)" % (self.name, self.value, self.group)


class EntryPoints(tuple):
    """The entry points found (none: no installed distribution declares any here)."""

    def __getitem__(self, name):
        if isinstance(name, int):
            return tuple.__getitem__(self, name)
        for ep in self:
            if ep.name == name:
                return ep
        raise KeyError(name)

    def select(self, **params):
        return EntryPoints(ep for ep in self if ep.matches(**params))

    def __repr__(self):
        return repr(list(self))

    @property
    def names(self):
        return {ep.name for ep in self}

    @property
    def groups(self):
        return {ep.group for ep in self}

    def get(self, group, default=None):
        sel = self.select(group=group)
        return sel if sel else default


def entry_points(**params):
    eps = EntryPoints()
    return eps.select(**params) if params else eps


def packages_distributions():
    return {}
