import contextlib, io, sys
@contextlib.contextmanager
def tag(name):
    print('<' + name + '>')
    try:
        yield name.upper()
    finally:
        print('</' + name + '>')
with tag('a') as t:
    print('inside', t)
try:
    with tag('b'):
        raise ValueError('boom')
except ValueError as e:
    print('caught', e)
@contextlib.contextmanager
def swallow():
    try:
        yield
    except KeyError:
        print('swallowed')
with swallow():
    raise KeyError('k')
print('after')
buf = io.StringIO()
with contextlib.redirect_stdout(buf):
    print('captured line')
    print('second', 2)
print('got:', repr(buf.getvalue()))
err = io.StringIO()
with contextlib.redirect_stderr(err):
    print('to stderr', file=sys.stderr)
print('err:', repr(err.getvalue()))
with contextlib.nullcontext(5) as v:
    print('null', v)
with contextlib.suppress(ZeroDivisionError, KeyError):
    1 / 0
print('suppressed')
class R:
    def close(self): print('closed')
with contextlib.closing(R()):
    print('using')
with contextlib.ExitStack() as stack:
    stack.callback(print, 'cb1')
    stack.callback(print, 'cb2')
    stack.enter_context(tag('c'))
    print('body')
