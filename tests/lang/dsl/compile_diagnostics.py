# flydsl.compiler.diagnostics: a DSLCompileError of DiagRecords renders each message with its DSL traceback,
# outermost frame first, the source line stripped and a caret under the frame's columns; records without a
# message are left out (none left: the plain message). install_excepthook prints an uncaught DSLCompileError
# with the user's frames only, a rule, then the error; other exceptions and FLYDSL_DEBUG_SHOW_STACKTRACE=1 go
# to the previous hook. flyc.DSLCompileError is the same class.
import io
import os
import sys
import tempfile

import flydsl.compiler as flyc
import flydsl.compiler.diagnostics as diagnostics
from flydsl.compiler.diagnostics import DiagRecord, DSLCompileError, SourceFrame, install_excepthook

print(flyc.DSLCompileError is DSLCompileError, issubclass(DSLCompileError, RuntimeError))
print(str(DSLCompileError("pipeline failed")))
print(str(DSLCompileError("verification failed", diagnostics=[DiagRecord(message="", chain=[])])))
d = tempfile.mkdtemp()
src = os.path.join(d, "user_kernel.py")
with open(src, "w") as f:
    f.write("def k():\n    x = compute(a, b)\n    y = 1\n")
inner = SourceFrame(src, 2, col=8, end_col=21)
outer = SourceFrame(src, 3, col=4)
err = DSLCompileError("op failed", diagnostics=[DiagRecord("bad op", [inner, outer]), DiagRecord("second")])
print(str(err).replace(d, "DIR"))
print(DiagRecord("m") == DiagRecord("m", []), SourceFrame("f", 1), len(err.diagnostics))
print(diagnostics.diag_records_from_mlir_error(ValueError("x")), diagnostics.location_chain(None))
with diagnostics.dsl_ir_diagnostics(None) as recs:
    print("records:", recs)

g = {"err": DSLCompileError("boom")}
exec(compile("def framework_call():\n    raise err\n", "/fake/framework/lib.py", "exec"), g)
exec(compile("def user_entry():\n    framework_call()\n", "/fake/user/app.py", "exec"), g)
try:
    g["user_entry"]()
except DSLCompileError as e:
    tb = e.__traceback__
diagnostics._is_framework_file = lambda fn: "/fake/framework/" in fn or fn.startswith("<") or fn == __file__
seen = []
saved_hook, saved_err = sys.excepthook, sys.stderr
sys.excepthook = lambda *a: seen.append(a[0].__name__)
install_excepthook()
install_excepthook()  # once
hook = sys.excepthook
sys.stderr = buf = io.StringIO()
os.environ["FLYDSL_DEBUG_SHOW_STACKTRACE"] = "0"
hook(DSLCompileError, g["err"], tb)
hook(ValueError, ValueError("not a dsl error"), None)
os.environ["FLYDSL_DEBUG_SHOW_STACKTRACE"] = "1"
hook(DSLCompileError, g["err"], tb)
sys.stderr, sys.excepthook = saved_err, saved_hook
print(buf.getvalue(), end="")
print("previous hook got:", seen)
