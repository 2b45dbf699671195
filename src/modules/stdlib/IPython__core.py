"""IPython.core for flyi: only IPython.core.display (the same objects as IPython.display)."""


def __getattr__(name):
    if name == 'display':
        import sys
        __import__('IPython.core.display')
        return sys.modules['IPython.core.display']
    raise AttributeError(f"module 'IPython.core' has no attribute {name!r}")
