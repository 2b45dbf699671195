from contextlib import contextmanager, ExitStack, suppress, nullcontext, AbstractContextManager, ContextDecorator
@contextmanager
def no_yield():
    if False:
        yield
try:
    with no_yield():
        pass
except RuntimeError as e:
    print('RuntimeError:', e)
@contextmanager
def two_yields():
    yield 1
    yield 2
try:
    with two_yields():
        pass
except RuntimeError as e:
    print('RuntimeError:', e)
@contextmanager
def resource(name, log):
    log.append('open ' + name)
    yield name
    log.append('close ' + name)
log = []
with ExitStack() as st:
    names = [st.enter_context(resource(n, log)) for n in 'abc']
    print(names)
print(log)
with suppress(KeyError):
    {}['x']
try:
    with suppress(KeyError):
        [][1]
except IndexError:
    print('IndexError passes through')
class Mgr(AbstractContextManager):
    def __exit__(self, *a):
        print('exit', a[0].__name__ if a[0] else None)
with Mgr() as m:
    print(type(m).__name__)
class deco(ContextDecorator):
    def __enter__(self):
        print('enter')
        return self
    def __exit__(self, *a):
        print('leave')
        return False
@deco()
def work(x):
    print('work', x)
    return x * 2
print(work(4))
@contextmanager
def converting():
    try:
        yield
    except ValueError as e:
        raise TypeError('converted ' + str(e))
try:
    with converting():
        raise ValueError('v')
except TypeError as e:
    print('TypeError:', e)
