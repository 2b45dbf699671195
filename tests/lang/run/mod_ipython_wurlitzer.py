# wurlitzer in flyi: pipes() captures what the block prints; sys_pipes() passes output through.
import sys
import io
import wurlitzer

with wurlitzer.pipes() as (out, err):
    print("to stdout")
    print("to stderr", file=sys.stderr)
print(repr(out.read()), repr(err.read()))

with wurlitzer.pipes(stderr=wurlitzer.STDOUT) as (out, err):
    print("one")
    print("two", file=sys.stderr)
print(repr(out.read()), err)

buf = io.StringIO()
with wurlitzer.pipes(stdout=buf, stderr=None) as (out, err):
    print("into buf")
print(out is buf, err, repr(buf.getvalue()))

with wurlitzer.sys_pipes() as (o, e):
    print("passes through", o is sys.stdout)

try:
    with wurlitzer.pipes() as (out, err):
        print("before error")
        raise ValueError("inside")
except ValueError as e:
    print("caught", e, repr(out.read()))
print("stdout restored", sys.stdout is sys.__stdout__ if hasattr(sys, "__stdout__") else True)
wurlitzer.sys_pipes_forever()
wurlitzer.stop_sys_pipes()
