"""Names for built-in types (flyi)."""

import sys


def _f():
    pass


FunctionType = type(_f)
LambdaType = type(lambda: None)
CodeType = type(_f.__code__) if hasattr(_f, '__code__') else None


def _g():
    yield 1


GeneratorType = type(_g())


class _C:
    def _m(self):
        pass


MethodType = type(_C()._m)
BuiltinFunctionType = type(len)
BuiltinMethodType = type([].append)
ModuleType = type(sys)
NoneType = type(None)
EllipsisType = type(Ellipsis)
NotImplementedType = type(NotImplemented)
del _f, _g, _C


class SimpleNamespace:
    """A simple attribute-based namespace."""

    def __init__(self, mapping_or_iterable=(), /, **kwargs):
        self.__dict__.update(dict(mapping_or_iterable))
        self.__dict__.update(kwargs)

    def __repr__(self):
        items = (f'{k}={v!r}' for k, v in self.__dict__.items())
        return '{}({})'.format('namespace' if type(self) is SimpleNamespace
                               else type(self).__name__, ', '.join(items))

    def __eq__(self, other):
        if isinstance(self, SimpleNamespace) and isinstance(other, SimpleNamespace):
            return self.__dict__ == other.__dict__
        return NotImplemented


def new_class(name, bases=(), kwds=None, exec_body=None):
    ns = {}
    if exec_body is not None:
        exec_body(ns)
    meta = (kwds or {}).get('metaclass', type)
    return meta(name, tuple(bases), ns)


class DynamicClassAttribute(property):
    pass


def coroutine(func):
    return func
