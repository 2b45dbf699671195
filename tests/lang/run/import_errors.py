try:
    import no_such_module_xyz
except ModuleNotFoundError as e:
    print(type(e).__name__, e, e.name)
try:
    from helpers import nothing_here
except ImportError as e:
    print(type(e).__name__, str(e).split(" (")[0])
