# str_format: f-strings, str.format and % with widths, precisions and conversions.
import sys

def run(n):
    total = 0
    last = ()
    for i in range(n):
        x = i * 0.37
        a = f"{i}:{x:.3f}|{i:>8}|{i:08x}|{'ab':^6}"
        b = "{0}-{1:.2e}-{name!r}".format(i, x, name="k%d" % (i % 10))
        c = "%5d %-6s %.4f %x %%" % (i, "s" * (i % 4), x, i)
        d = str(i) + repr(x) + format(i, ",")
        total += len(a) + len(b) + len(c) + len(d)
        last = (a, b, c, d)
    return total, last

n = 2000 if sys.argv[1:] == ["--quick"] else 60000
total, last = run(n)
print(total)
for s in last:
    print(s)
