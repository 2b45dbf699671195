try:
    import torch
except ImportError:
    torch = None
