"""IPython.core.display for flyi: the display objects of IPython.display."""
from IPython.display import *  # noqa: F401,F403
from IPython.display import DisplayObject, TextDisplayObject, DisplayHandle  # noqa: F401
