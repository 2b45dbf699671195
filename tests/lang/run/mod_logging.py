# logging: hierarchy, levels, handlers, formatters, basicConfig; output as CPython's.
import io
import logging
import os
import sys
import tempfile
import time

print(logging.DEBUG, logging.INFO, logging.WARNING, logging.WARN, logging.ERROR, logging.CRITICAL, logging.FATAL)
print(logging.getLevelName(10), logging.getLevelName("ERROR"), logging.getLevelName(25), logging.getLevelName(0))
logging.addLevelName(25, "NOTICE")
print(logging.getLevelName(25), logging.getLevelName("NOTICE"))

root = logging.getLogger()
print(root, root is logging.root, root.name, logging.getLogger("root") is root, root.level)
a = logging.getLogger("app")
ab = logging.getLogger("app.db.pool")
print(a, ab, ab.parent is a, a.parent is root)
mid = logging.getLogger("app.db")
print(ab.parent is mid, mid.parent is a, logging.getLogger("app.db") is mid, a.getChild("db") is mid)
print(a.getEffectiveLevel(), a.isEnabledFor(logging.WARNING), a.isEnabledFor(logging.INFO), a.propagate,
      a.disabled, a.hasHandlers())

out = io.StringIO()
logging.basicConfig(level=logging.INFO, stream=out, format="%(levelname)s:%(name)s:%(message)s")
print(root.level, len(root.handlers), type(root.handlers[0]).__name__)
logging.basicConfig(level=logging.DEBUG)  # no effect: root has a handler
print(root.level)
a.debug("hidden")
a.info("info %s %d", "x", 3)
ab.warning("pool low: %(n)d", {"n": 2})
logging.info("root info")
logging.error("root error")
logging.log(25, "notice level")
a.log(logging.CRITICAL, "crit")
a.critical("crit2")
a.fatal("fatal")
a.warning("warn alias")
print(out.getvalue(), end="")
out.truncate(0)
out.seek(0)

buf = io.StringIO()
logging.basicConfig(force=True, stream=buf, level=logging.WARNING)
logging.warning("default format %s", "here")
logging.info("dropped")
print(repr(buf.getvalue()))

stream = io.StringIO()
h = logging.StreamHandler(stream)
print(h, h.level, h.formatter)
fmt = logging.Formatter("[%(levelname)-8s] %(name)s %(funcName)s:%(lineno)d %(module)s %(filename)s | %(message)s")
h.setFormatter(fmt)
lg = logging.getLogger("custom")
lg.addHandler(h)
lg.setLevel(logging.DEBUG)
lg.propagate = False


def work():
    lg.debug("in work %r", [1, 2])


work()
lg.info("pct %% literal")
lg.setLevel("WARNING")
lg.info("dropped again")
lg.error("kept")
print(stream.getvalue(), end="")
stream.truncate(0)
stream.seek(0)

h.setFormatter(logging.Formatter("{levelname}|{name}|{message}", style="{"))
lg.error("brace %s", "style")
h.setFormatter(logging.Formatter("$levelname/${name}/$message", style="$"))
lg.error("dollar")
h.setFormatter(logging.Formatter())
lg.error("plain")
print(stream.getvalue(), end="")
stream.truncate(0)
stream.seek(0)

h.setFormatter(logging.Formatter("%(levelname)s %(message)s"))
try:
    {}["missing"]
except KeyError:
    lg.exception("lookup failed")
    lg.error("with exc_info", exc_info=True)
lg.error("exc obj", exc_info=ValueError("given"))
text = stream.getvalue().replace(__file__, "FILE").replace(os.path.abspath(__file__), "FILE")
print(text, end="")
stream.truncate(0)
stream.seek(0)

class OnlyShort(logging.Filter):
    def filter(self, record):
        return len(record.getMessage()) < 6


f = OnlyShort()
lg.addFilter(f)
lg.error("short")
lg.error("much longer")
lg.removeFilter(f)
lg.addFilter(lambda r: "skip" not in r.msg)
lg.error("skip me")
lg.error("keep me")
h.addFilter(logging.Filter("other"))
lg.error("filtered by handler")
h.filters.clear()
lg.filters.clear()
lg.disabled = True
lg.error("disabled")
lg.disabled = False
h.setLevel(logging.CRITICAL)
lg.error("below handler level")
lg.critical("at handler level")
h.setLevel(logging.NOTSET)
print(stream.getvalue(), end="")
stream.truncate(0)
stream.seek(0)

ch = logging.getLogger("custom.child")
ch.error("propagates to custom")
lg.removeHandler(h)
print(stream.getvalue(), end="")
print(logging.Filter("a.b").filter(logging.makeLogRecord({"name": "a.b.c"})),
      logging.Filter("a.b").filter(logging.makeLogRecord({"name": "a.bc"})))

rec = logging.LogRecord("fixed", logging.INFO, "/x/y/mod.py", 12, "v=%s", (7,), None, func="fn")
rec.created = 1700000000.25
rec.msecs = 250.0
f1 = logging.Formatter("%(asctime)s %(name)s %(levelname)s %(filename)s %(module)s %(lineno)d %(funcName)s %(message)s")
f1.converter = time.gmtime
print(f1.format(rec))
f2 = logging.Formatter("%(asctime)s - %(message)s", datefmt="%Y/%m/%d %H:%M")
f2.converter = time.gmtime
print(f2.format(rec), f2.usesTime(), f1.formatTime(rec, "%H:%M:%S"))
print(rec.getMessage(), rec.levelname, rec.levelno, rec.pathname, rec.args)
print(repr(rec))

tmp = tempfile.mkdtemp()
path = os.path.join(tmp, "run.log")
fh = logging.FileHandler(path, mode="w")
fh.setFormatter(logging.Formatter("%(name)s - %(levelname)s - %(message)s"))
flog = logging.getLogger("filelog")
flog.propagate = False
flog.addHandler(fh)
flog.warning("to file %d", 1)
flog.error("to file %d", 2)
fh.close()
with open(path) as fp:
    print(fp.read(), end="")
print(os.path.basename(fh.baseFilename))

nl = logging.getLogger("quiet")
nl.addHandler(logging.NullHandler())
nl.propagate = False
nl.error("nothing")
logging.disable(logging.ERROR)
lg2 = logging.getLogger("custom")
print(lg2.isEnabledFor(logging.ERROR), lg2.isEnabledFor(logging.CRITICAL))
logging.disable(logging.NOTSET)
print(lg2.isEnabledFor(logging.ERROR))

sh = logging.StreamHandler(sys.stdout)
logging.basicConfig(force=True, handlers=[sh], format="%(levelname)s:%(message)s", level=logging.DEBUG)
logging.debug("to stdout")
logging.getLogger("x.y").info("child to stdout %s", ("tuple",))
ad = logging.LoggerAdapter(logging.getLogger("adapted"), {"user": "bob"})
ad.info("adapted message")
print(ad)
try:
    logging.basicConfig(force=True, bogus=1)
except ValueError as e:
    print("ValueError", e)
try:
    logging.getLogger("z").setLevel("LOUD")
except ValueError as e:
    print("ValueError", e)
print(sorted(k for k in logging.Logger.manager.loggerDict if k.startswith("app")))
