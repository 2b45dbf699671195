"""IPython compatibility for flyi (flyi's own, not IPython): enough of the package for notebooks
written for a stock Python kernel -- IPython.display, IPython.lib.pretty and get_ipython()."""

__version__ = '8.0.0+flyi'
version_info = (8, 0, 0, 'flyi')


def get_ipython():
    """There is no IPython shell in flyi: None, as in a plain Python process."""
    return None


def __getattr__(name):
    # `import IPython; IPython.display.display(x)` works as in IPython
    if name in ('display', 'lib', 'core'):
        import sys
        __import__('IPython.' + name)
        return sys.modules['IPython.' + name]
    raise AttributeError(f"module 'IPython' has no attribute {name!r}")
