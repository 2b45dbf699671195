with a: pass
with a as b: pass
with a as b, c as d: pass
with a as (b, c), d:
    pass
with wurlitzer.pipes() as (out, _err):
    pass
with contextlib.redirect_stdout(io.StringIO()):
    pass
with a as b.c, d as e[0]: pass
