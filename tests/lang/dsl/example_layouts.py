# The README's demo, examples/layouts.py, must keep running with this exact output.
import os
path = os.path.join(os.environ.get("FLYI_SRCDIR", "."), "examples", "layouts.py")
exec(compile(open(path).read(), path, "exec"))
