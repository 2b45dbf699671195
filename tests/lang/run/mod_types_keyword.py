import types, keyword, sys
ns = types.SimpleNamespace(a=1, b='x')
ns.c = [1]
print(ns, ns.a, ns == types.SimpleNamespace(a=1, b='x', c=[1]))
def f(): pass
print(isinstance(f, types.FunctionType), isinstance(len, types.BuiltinFunctionType), isinstance(sys, types.ModuleType))
print(keyword.iskeyword('for'), keyword.iskeyword('foo'), 'lambda' in keyword.kwlist, len(keyword.kwlist))
print(keyword.issoftkeyword('match'))
