#!/bin/sh
# Regenerate the expected outputs from CPython 3.11 (the oracle):
#   tests/lang/parse/*.py          -> *.ast  (ast.dump(ast.parse(src)))
#   tests/lang/syntax_errors/*.py  -> *.err  ("Type: msg (line L, offset O)", parser stage only:
#                                             compile(..., ast.PyCF_ONLY_AST))
# Usage: tests/lang/parse/regen.sh   (from anywhere; needs python3 3.11)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
command -v python3 >/dev/null 2>&1 || { echo "regen.sh: python3 not found" >&2; exit 1; }
python3 - "$here" "$here/../syntax_errors" <<'PY'
import ast, glob, os, sys
if sys.version_info[:2] != (3, 11):
    sys.exit("regen.sh: need CPython 3.11, have %s" % sys.version.split()[0])
pdir, edir = sys.argv[1], sys.argv[2]
for path in sorted(glob.glob(os.path.join(pdir, "*.py"))):
    src = open(path, "rb").read()
    try:
        out = ast.dump(ast.parse(src))
    except SyntaxError as e:
        sys.exit("regen.sh: %s does not parse: %s" % (path, e))
    with open(path[:-3] + ".ast", "w", encoding="utf-8") as f:
        f.write(out + "\n")
for path in sorted(glob.glob(os.path.join(edir, "*.py"))):
    data = open(path, "rb").read()
    try:
        compile(data, "<test>", "exec", ast.PyCF_ONLY_AST)
        out = "OK"
    except SyntaxError as e:
        out = "%s: %s (line %s, offset %s)" % (type(e).__name__, e.msg, e.lineno, e.offset)
    except ValueError as e:
        out = "ValueError: %s" % e
    with open(path[:-3] + ".err", "w", encoding="utf-8") as f:
        f.write(out + "\n")
PY
