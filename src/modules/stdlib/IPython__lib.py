"""IPython.lib for flyi: only IPython.lib.pretty."""


def __getattr__(name):
    if name == 'pretty':
        import sys
        __import__('IPython.lib.pretty')
        return sys.modules['IPython.lib.pretty']
    raise AttributeError(f"module 'IPython.lib' has no attribute {name!r}")
