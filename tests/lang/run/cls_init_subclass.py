class Plugin:
    registry = []
    def __init_subclass__(cls, name=None, **kw):
        super().__init_subclass__(**kw)
        cls.plugin_name = name or cls.__name__.lower()
        Plugin.registry.append(cls.plugin_name)
class A(Plugin): pass
class B(Plugin, name='bee'): pass
print(Plugin.registry, A.plugin_name, B.plugin_name)
class G:
    def __class_getitem__(cls, item): return f'G[{item}]'
print(G[int], G['x'])
