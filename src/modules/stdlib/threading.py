"""Thread module emulating a subset of Java's threading model (flyi).

Threads are real POSIX threads sharing the interpreter. As in CPython, one thread runs Python
code at a time (the interpreter lock): a thread lets go of it while it blocks (time.sleep,
Lock.acquire, Thread.join, Event/Condition waits, subprocess waits, os.read) and every 10,000
interpreter steps (loop iterations and calls) when another thread is waiting for it. At the end
of the program the non-daemon threads are joined; daemon threads are then stopped where they
are. In the REPL, threads run only while a cell runs."""

import _thread
import sys as _sys
from time import monotonic as _time

__all__ = ['get_ident', 'active_count', 'Condition', 'current_thread', 'enumerate', 'main_thread',
           'TIMEOUT_MAX', 'Event', 'Lock', 'RLock', 'Semaphore', 'BoundedSemaphore', 'Thread',
           'Barrier', 'BrokenBarrierError', 'Timer', 'ThreadError', 'ExceptHookArgs', 'excepthook',
           'setprofile', 'settrace', 'local', 'stack_size', 'get_native_id']

_start_new_thread = _thread.start_new_thread
_allocate_lock = _thread.allocate_lock
get_ident = _thread.get_ident
get_native_id = _thread.get_native_id
ThreadError = _thread.error
TIMEOUT_MAX = _thread.TIMEOUT_MAX
Lock = _allocate_lock

_trace_hook = None
_profile_hook = None


def settrace(func):
    """Set a trace function for all threads started from the threading module."""
    global _trace_hook
    _trace_hook = func


def setprofile(func):
    """Set a profile function for all threads started from the threading module."""
    global _profile_hook
    _profile_hook = func


def gettrace():
    return _trace_hook


def getprofile():
    return _profile_hook


def stack_size(size=0):
    """Return the thread stack size used when creating new threads (flyi: 16 MiB, fixed)."""
    return 0


class _RLock:
    """A reentrant lock: the thread that holds it may acquire it again; each acquire needs a
    release."""

    def __init__(self):
        self._block = _allocate_lock()
        self._owner = None
        self._count = 0

    def __repr__(self):
        owner = self._owner
        return "<%s %s.%s object owner=%r count=%d at %s>" % (
            "locked" if self._block.locked() else "unlocked", self.__class__.__module__,
            self.__class__.__qualname__, owner, self._count, hex(id(self)))

    def acquire(self, blocking=True, timeout=-1):
        me = get_ident()
        if self._owner == me:
            self._count += 1
            return True
        rc = self._block.acquire(blocking, timeout)
        if rc:
            self._owner = me
            self._count = 1
        return rc

    __enter__ = acquire

    def release(self):
        if self._owner != get_ident():
            raise RuntimeError("cannot release un-acquired lock")
        self._count = count = self._count - 1
        if not count:
            self._owner = None
            self._block.release()

    def __exit__(self, t, v, tb):
        self.release()

    def _acquire_restore(self, state):
        self._block.acquire()
        self._count, self._owner = state

    def _release_save(self):
        if self._count == 0:
            raise RuntimeError("cannot release un-acquired lock")
        count = self._count
        self._count = 0
        owner = self._owner
        self._owner = None
        self._block.release()
        return (count, owner)

    def _is_owned(self):
        return self._owner == get_ident()


def RLock(*args, **kwargs):
    """Factory function that returns a new reentrant lock."""
    return _RLock(*args, **kwargs)


class Condition:
    """Class that implements a condition variable."""

    def __init__(self, lock=None):
        if lock is None:
            lock = RLock()
        self._lock = lock
        self.acquire = lock.acquire
        self.release = lock.release
        if hasattr(lock, '_release_save'):
            self._release_save = lock._release_save
        if hasattr(lock, '_acquire_restore'):
            self._acquire_restore = lock._acquire_restore
        if hasattr(lock, '_is_owned'):
            self._is_owned = lock._is_owned
        self._waiters = []

    def __enter__(self):
        return self._lock.__enter__()

    def __exit__(self, *args):
        return self._lock.__exit__(*args)

    def __repr__(self):
        return "<Condition(%s, %d)>" % (self._lock, len(self._waiters))

    def _release_save(self):
        self._lock.release()

    def _acquire_restore(self, x):
        self._lock.acquire()

    def _is_owned(self):
        if self._lock.acquire(False):
            self._lock.release()
            return False
        return True

    def wait(self, timeout=None):
        """Wait until notified or until a timeout occurs."""
        if not self._is_owned():
            raise RuntimeError("cannot wait on un-acquired lock")
        waiter = _allocate_lock()
        waiter.acquire()
        self._waiters.append(waiter)
        saved_state = self._release_save()
        gotit = False
        try:
            if timeout is None:
                waiter.acquire()
                gotit = True
            elif timeout > 0:
                gotit = waiter.acquire(True, timeout)
            else:
                gotit = waiter.acquire(False)
            return gotit
        finally:
            self._acquire_restore(saved_state)
            if not gotit:
                try:
                    self._waiters.remove(waiter)
                except ValueError:
                    pass

    def wait_for(self, predicate, timeout=None):
        """Wait until a condition evaluates to True."""
        endtime = None
        waittime = timeout
        result = predicate()
        while not result:
            if waittime is not None:
                if endtime is None:
                    endtime = _time() + waittime
                else:
                    waittime = endtime - _time()
                    if waittime <= 0:
                        break
            self.wait(waittime)
            result = predicate()
        return result

    def notify(self, n=1):
        """Wake up one or more threads waiting on this condition, if any."""
        if not self._is_owned():
            raise RuntimeError("cannot notify on un-acquired lock")
        waiters = self._waiters
        while waiters and n > 0:
            waiter = waiters.pop(0)
            try:
                waiter.release()
            except RuntimeError:
                pass
            n -= 1

    def notify_all(self):
        """Wake up all threads waiting on this condition."""
        self.notify(len(self._waiters))

    notifyAll = notify_all


class Semaphore:
    """This class implements semaphore objects."""

    def __init__(self, value=1):
        if value < 0:
            raise ValueError("semaphore initial value must be >= 0")
        self._cond = Condition(Lock())
        self._value = value

    def __repr__(self):
        return f"<{self.__class__.__module__}.{self.__class__.__qualname__} at {id(self):#x}: value={self._value}>"

    def acquire(self, blocking=True, timeout=None):
        """Acquire a semaphore, decrementing the internal counter by one."""
        if not blocking and timeout is not None:
            raise ValueError("can't specify timeout for non-blocking acquire")
        rc = False
        endtime = None
        with self._cond:
            while self._value == 0:
                if not blocking:
                    break
                if timeout is not None:
                    if endtime is None:
                        endtime = _time() + timeout
                    else:
                        timeout = endtime - _time()
                        if timeout <= 0:
                            break
                self._cond.wait(timeout)
            else:
                self._value -= 1
                rc = True
        return rc

    __enter__ = acquire

    def release(self, n=1):
        """Release a semaphore, incrementing the internal counter by one or more."""
        if n < 1:
            raise ValueError('n must be one or more')
        with self._cond:
            self._value += n
            for i in range(n):
                self._cond.notify()

    def __exit__(self, t, v, tb):
        self.release()


class BoundedSemaphore(Semaphore):
    """A bounded semaphore checks that its value never exceeds its initial value."""

    def __init__(self, value=1):
        Semaphore.__init__(self, value)
        self._initial_value = value

    def release(self, n=1):
        if n < 1:
            raise ValueError('n must be one or more')
        with self._cond:
            if self._value + n > self._initial_value:
                raise ValueError("Semaphore released too many times")
            self._value += n
            for i in range(n):
                self._cond.notify()


class Event:
    """Class implementing event objects: a flag that threads can set, clear and wait for."""

    def __init__(self):
        self._cond = Condition(Lock())
        self._flag = False

    def __repr__(self):
        status = 'set' if self._flag else 'unset'
        return f"<{type(self).__module__}.{type(self).__qualname__} at {id(self):#x}: {status}>"

    def is_set(self):
        """Return true if and only if the internal flag is true."""
        return self._flag

    isSet = is_set

    def set(self):
        """Set the internal flag to true, waking every thread that waits for it."""
        with self._cond:
            self._flag = True
            self._cond.notify_all()

    def clear(self):
        """Reset the internal flag to false."""
        with self._cond:
            self._flag = False

    def wait(self, timeout=None):
        """Block until the internal flag is true (or the timeout passes); returns the flag."""
        with self._cond:
            signaled = self._flag
            if not signaled:
                signaled = self._cond.wait(timeout)
            return signaled


class BrokenBarrierError(RuntimeError):
    pass


class Barrier:
    """A barrier for a fixed number of threads: each wait() blocks until all have called it."""

    def __init__(self, parties, action=None, timeout=None):
        if parties < 1:
            raise ValueError("parties must be > 0")
        self._cond = Condition(Lock())
        self._action = action
        self._timeout = timeout
        self._parties = parties
        self._state = 0   # 0 filling, 1 draining, -1 resetting, -2 broken
        self._count = 0

    def wait(self, timeout=None):
        if timeout is None:
            timeout = self._timeout
        with self._cond:
            self._enter()
            index = self._count
            self._count += 1
            try:
                if index + 1 == self._parties:
                    self._release()
                else:
                    self._wait(timeout)
                return index
            finally:
                self._count -= 1
                self._exit()

    def _enter(self):
        while self._state in (-1, 1):
            self._cond.wait()
        if self._state < 0:
            raise BrokenBarrierError

    def _release(self):
        try:
            if self._action:
                self._action()
            self._state = 1
            self._cond.notify_all()
        except BaseException:
            self._break()
            raise

    def _wait(self, timeout):
        if not self._cond.wait_for(lambda: self._state != 0, timeout):
            self._break()
            raise BrokenBarrierError
        if self._state < 0:
            raise BrokenBarrierError

    def _exit(self):
        if self._count == 0:
            if self._state in (-1, 1):
                self._state = 0
                self._cond.notify_all()

    def reset(self):
        with self._cond:
            if self._count > 0:
                if self._state == 0:
                    self._state = -1
                elif self._state == -2:
                    self._state = -1
            else:
                self._state = 0
            self._cond.notify_all()

    def abort(self):
        with self._cond:
            self._break()

    def _break(self):
        self._state = -2
        self._cond.notify_all()

    @property
    def parties(self):
        return self._parties

    @property
    def n_waiting(self):
        if self._state == 0:
            return self._count
        return 0

    @property
    def broken(self):
        return self._state == -2


_counter = 0


def _newname(name_template):
    global _counter
    _counter += 1
    return name_template % _counter


_active_limbo_lock = RLock()
_active = {}    # ident -> Thread
_limbo = {}     # started, not yet running
_dangling = set()


class Thread:
    """A class that represents a thread of control."""

    _initialized = False

    def __init__(self, group=None, target=None, name=None, args=(), kwargs=None, *, daemon=None):
        assert group is None, "group argument must be None for now"
        if kwargs is None:
            kwargs = {}
        if name:
            name = str(name)
        else:
            name = _newname("Thread-%d")
            if target is not None:
                try:
                    target_name = target.__name__
                    name += f" ({target_name})"
                except AttributeError:
                    pass
        self._target = target
        self._name = name
        self._args = args
        self._kwargs = kwargs
        if daemon is not None:
            self._daemonic = daemon
        else:
            self._daemonic = current_thread().daemon
        self._ident = None
        self._native_id = None
        self._started = Event()
        self._is_stopped = False
        self._done = _allocate_lock()   # held while the thread runs
        self._initialized = True

    def __repr__(self):
        assert self._initialized, "Thread.__init__() was not called"
        status = "initial"
        if self._started.is_set():
            status = "started"
        if self._is_stopped:
            status = "stopped"
        if self._daemonic:
            status += " daemon"
        if self._ident is not None:
            status += " %s" % self._ident
        return "<%s(%s, %s)>" % (self.__class__.__name__, self._name, status)

    def start(self):
        """Start the thread's activity (at most once per thread object)."""
        if not self._initialized:
            raise RuntimeError("thread.__init__() not called")
        if self._started.is_set():
            raise RuntimeError("threads can only be started once")
        with _active_limbo_lock:
            _limbo[self] = self
        self._done.acquire()
        try:
            _start_new_thread(self._bootstrap, ())
        except Exception:
            with _active_limbo_lock:
                del _limbo[self]
            self._done.release()
            raise
        self._started.wait()

    def run(self):
        """Method representing the thread's activity (calls the target by default)."""
        try:
            if self._target is not None:
                self._target(*self._args, **self._kwargs)
        finally:
            del self._target, self._args, self._kwargs

    def _bootstrap(self):
        self._ident = get_ident()
        self._native_id = get_native_id()
        with _active_limbo_lock:
            _active[self._ident] = self
            del _limbo[self]
        self._started.set()
        try:
            self.run()
        except SystemExit:
            pass
        except BaseException as exc:
            excepthook(ExceptHookArgs((type(exc), exc, exc.__traceback__, self)))
        finally:
            self._is_stopped = True
            with _active_limbo_lock:
                _active.pop(self._ident, None)
            self._done.release()

    def join(self, timeout=None):
        """Wait until the thread terminates (or the timeout passes)."""
        if not self._initialized:
            raise RuntimeError("Thread.__init__() not called")
        if not self._started.is_set():
            raise RuntimeError("cannot join thread before it is started")
        if self is current_thread():
            raise RuntimeError("cannot join current thread")
        if self._is_stopped:
            return
        if timeout is None:
            got = self._done.acquire()
        else:
            got = self._done.acquire(True, max(timeout, 0))
        if got:
            self._done.release()

    @property
    def name(self):
        """A string used for identification purposes only."""
        return self._name

    @name.setter
    def name(self, name):
        self._name = str(name)

    @property
    def ident(self):
        """Thread identifier of this thread or None if it has not been started."""
        return self._ident

    @property
    def native_id(self):
        """Native integral thread ID of this thread, or None if it has not been started."""
        return self._native_id

    def is_alive(self):
        """Return whether the thread is alive."""
        return self._started.is_set() and not self._is_stopped

    @property
    def daemon(self):
        """A boolean value indicating whether this thread is a daemon thread."""
        return self._daemonic

    @daemon.setter
    def daemon(self, daemonic):
        if not self._initialized:
            raise RuntimeError("Thread.__init__() not called")
        if self._started.is_set():
            raise RuntimeError("cannot set daemon status of active thread")
        self._daemonic = daemonic

    def isDaemon(self):
        return self.daemon

    def setDaemon(self, daemonic):
        self.daemon = daemonic

    def getName(self):
        return self.name

    def setName(self, name):
        self.name = name


class ExceptHookArgs:
    """The argument of threading.excepthook: exc_type, exc_value, exc_traceback, thread."""

    def __init__(self, t):
        self.exc_type, self.exc_value, self.exc_traceback, self.thread = t


def excepthook(args):
    """Handle an uncaught exception raised by Thread.run(): print it to stderr."""
    if args.exc_type == SystemExit:
        return
    name = args.thread.name if args.thread is not None else get_ident()
    text = _format_exception(args.exc_value)
    stderr = _sys.stderr
    if stderr is not None:
        stderr.write(f"Exception in thread {name}:\n{text}")
        stderr.flush()


def _format_exception(exc):
    return _thread._format_exc(exc)


__excepthook__ = excepthook


class Timer(Thread):
    """Call a function after a specified number of seconds (cancel() stops it before then)."""

    def __init__(self, interval, function, args=None, kwargs=None):
        Thread.__init__(self)
        self.interval = interval
        self.function = function
        self.args = args if args is not None else []
        self.kwargs = kwargs if kwargs is not None else {}
        self.finished = Event()

    def cancel(self):
        """Stop the timer if it hasn't finished yet."""
        self.finished.set()

    def run(self):
        self.finished.wait(self.interval)
        if not self.finished.is_set():
            self.function(*self.args, **self.kwargs)
        self.finished.set()


class _MainThread(Thread):

    def __init__(self):
        Thread.__init__(self, name="MainThread", daemon=False)
        self._started.set()
        self._ident = get_ident()
        self._native_id = get_native_id()
        with _active_limbo_lock:
            _active[self._ident] = self


class _DummyThread(Thread):

    def __init__(self):
        Thread.__init__(self, name=_newname("Dummy-%d"), daemon=True)
        self._started.set()
        self._ident = get_ident()
        self._native_id = get_native_id()
        with _active_limbo_lock:
            _active[self._ident] = self

    def is_alive(self):
        return True

    def join(self, timeout=None):
        raise RuntimeError("cannot join a dummy thread")


def current_thread():
    """Return the current Thread object, corresponding to the caller's thread of control."""
    try:
        return _active[get_ident()]
    except KeyError:
        return _DummyThread()


currentThread = current_thread


def active_count():
    """Return the number of Thread objects currently alive."""
    with _active_limbo_lock:
        return len(_active) + len(_limbo)


activeCount = active_count


def enumerate():
    """Return a list of all Thread objects currently alive."""
    with _active_limbo_lock:
        return list(_active.values()) + list(_limbo.values())


_main_thread = _MainThread()


def main_thread():
    """Return the main thread object."""
    return _main_thread


def _shutdown():
    """Wait until all non-daemon threads are done (the interpreter calls this at the end)."""
    while True:
        with _active_limbo_lock:
            pending = [t for t in list(_active.values()) + list(_limbo.values())
                       if not t.daemon and t is not _main_thread and t.is_alive()]
        if not pending:
            break
        for t in pending:
            t.join()


class local:
    """Thread-local data: each thread sees its own attributes on the same object."""

    def __new__(cls, *args, **kw):
        if (args or kw) and cls.__init__ is object.__init__:
            raise TypeError("Initialization arguments are not supported")
        self = object.__new__(cls)
        d = object.__getattribute__(self, '__dict__')
        d['_local__impl'] = ({get_ident(): {}}, args, kw)
        return self

    def _local__dict(self):
        dicts, args, kw = object.__getattribute__(self, '__dict__')['_local__impl']
        me = get_ident()
        d = dicts.get(me)
        if d is None:
            d = dicts[me] = {}
            init = type(self).__init__
            if init is not object.__init__:
                init(self, *args, **kw)
        return d

    def __getattribute__(self, name):
        if name in ('__dict__',):
            return local._local__dict(self)
        if name.startswith('_local__'):
            return object.__getattribute__(self, name)
        d = local._local__dict(self)
        if name in d:
            return d[name]
        return object.__getattribute__(self, name)

    def __setattr__(self, name, value):
        if name == '__dict__':
            raise AttributeError("%r object attribute '__dict__' is read-only" % self.__class__.__name__)
        local._local__dict(self)[name] = value

    def __delattr__(self, name):
        d = local._local__dict(self)
        try:
            del d[name]
        except KeyError:
            raise AttributeError(name) from None
