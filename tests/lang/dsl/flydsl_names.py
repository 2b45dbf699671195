# Every name of FlyDSL's __all__ lists (flydsl_all_names.txt) resolves from FlyDSL's own module
# path (`from flydsl.expr.numeric import Float32`, `import flydsl.compiler.backends`, ...).
# Names flyi keeps as placeholders (their use raises NotImplementedError naming why, e.g. a
# target flyi does not compile for) are counted apart.
import sys

counts = {}
missing = []
placeholders = []
target_only = []
for line in open("flydsl_all_names.txt"):
    line = line.strip()
    if not line or line.startswith("#"):
        continue
    mod, name = line.split()
    __import__(mod)
    m = sys.modules[mod]
    c = counts.setdefault(mod, [0, 0])
    c[1] += 1
    if not hasattr(m, name):
        missing.append(mod + "." + name)
        continue
    c[0] += 1
    doc = getattr(getattr(m, name), "__doc__", None) or ""
    if "only (flyi compiles for" in doc:
        target_only.append(mod + "." + name)
    elif doc.endswith("not supported by flyi yet.") or "not supported by flyi (" in doc or "in flyi (a" in doc:
        placeholders.append(mod + "." + name)
for mod, (ok, n) in counts.items():
    print(f"{mod}: {ok}/{n}")
total = sum(n for _, n in counts.values())
print("resolved:", total - len(missing), "of", total)
print("missing:", missing)
print("target-only:", len(target_only), target_only)
print("placeholders:", len(placeholders))
for p in placeholders:
    print("  ", p)
