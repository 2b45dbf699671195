def f():
    """Docstring."""
    return 1
