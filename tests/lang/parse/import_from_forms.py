from a import b
from a.b import c as d, e
from . import x
from .. import y
from .a import b
from ...a.b import c
from .... import d
from a import *
from a import (b, c)
from a import (b as c,
    d,
)
from typing import Optional
