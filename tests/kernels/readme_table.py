# kernels/README.md's resource table is what the kernels compile to now (scripts/kernels-table.py --check).
import os
import sys

top = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
script = os.path.join(top, "scripts", "kernels-table.py")
sys.argv = [script, "--check", os.path.join(top, "kernels", "README.md")]
exec(compile(open(script).read(), script, "exec"))
