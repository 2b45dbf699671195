"""Subprocesses with accessible I/O streams (flyi): run, Popen, call, check_call, check_output,
getoutput, getstatusoutput. Processes are started with fork/exec (the _subprocess module);
communicate() drains stdout and stderr with poll() while feeding stdin, so large outputs never
deadlock."""

import os
import sys
import _subprocess
import time as _time

__all__ = ["Popen", "PIPE", "STDOUT", "call", "check_call", "getstatusoutput", "getoutput",
           "check_output", "run", "CalledProcessError", "DEVNULL", "SubprocessError",
           "TimeoutExpired", "CompletedProcess"]

PIPE = -1
STDOUT = -2
DEVNULL = -3

_SIGNALS = {1: 'SIGHUP', 2: 'SIGINT', 3: 'SIGQUIT', 4: 'SIGILL', 5: 'SIGTRAP', 6: 'SIGABRT',
            7: 'SIGBUS', 8: 'SIGFPE', 9: 'SIGKILL', 10: 'SIGUSR1', 11: 'SIGSEGV', 12: 'SIGUSR2',
            13: 'SIGPIPE', 14: 'SIGALRM', 15: 'SIGTERM', 17: 'SIGCHLD', 18: 'SIGCONT',
            19: 'SIGSTOP', 20: 'SIGTSTP', 24: 'SIGXCPU', 25: 'SIGXFSZ'}


class SubprocessError(Exception):
    pass


class CalledProcessError(SubprocessError):
    """Raised when run() is called with check=True and the process returns a non-zero exit
    status."""

    def __init__(self, returncode, cmd, output=None, stderr=None):
        super().__init__(returncode, cmd)
        self.returncode = returncode
        self.cmd = cmd
        self.output = output
        self.stderr = stderr

    def __str__(self):
        if self.returncode and self.returncode < 0:
            sig = _SIGNALS.get(-self.returncode)
            if sig is None:
                return "Command '%s' died with unknown signal %d." % (self.cmd, -self.returncode)
            return "Command '%s' died with <Signals.%s: %d>." % (self.cmd, sig, -self.returncode)
        return "Command '%s' returned non-zero exit status %d." % (self.cmd, self.returncode)

    @property
    def stdout(self):
        """Alias for output attribute, to match stderr"""
        return self.output

    @stdout.setter
    def stdout(self, value):
        self.output = value


class TimeoutExpired(SubprocessError):
    """This exception is raised when the timeout expires while waiting for a child process."""

    def __init__(self, cmd, timeout, output=None, stderr=None):
        super().__init__(cmd, timeout)
        self.cmd = cmd
        self.timeout = timeout
        self.output = output
        self.stderr = stderr

    def __str__(self):
        return "Command '%s' timed out after %s seconds" % (self.cmd, self.timeout)

    @property
    def stdout(self):
        return self.output

    @stdout.setter
    def stdout(self, value):
        self.output = value


class CompletedProcess:
    """A process that has finished running (the value run() returns)."""

    def __init__(self, args, returncode, stdout=None, stderr=None):
        self.args = args
        self.returncode = returncode
        self.stdout = stdout
        self.stderr = stderr

    def __repr__(self):
        args = ['args={!r}'.format(self.args), 'returncode={!r}'.format(self.returncode)]
        if self.stdout is not None:
            args.append('stdout={!r}'.format(self.stdout))
        if self.stderr is not None:
            args.append('stderr={!r}'.format(self.stderr))
        return "{}({})".format(type(self).__name__, ', '.join(args))

    def check_returncode(self):
        """Raise CalledProcessError if the exit code is non-zero."""
        if self.returncode:
            raise CalledProcessError(self.returncode, self.args, self.stdout, self.stderr)


def _translate_newlines(s):
    return s.replace('\r\n', '\n').replace('\r', '\n')


class _PipeFile:
    """One end of a pipe to a child (Popen.stdin/stdout/stderr), binary or text."""

    def __init__(self, fd, mode, text, encoding, errors):
        self._fd = fd
        self.mode = mode
        self._text = text
        self.encoding = encoding
        self.errors = errors
        self._buf = b''
        self._eof = False
        self.closed = False

    def fileno(self):
        if self.closed:
            raise ValueError("I/O operation on closed file")
        return self._fd

    def _decode(self, b):
        if not self._text:
            return b
        return _translate_newlines(b.decode(self.encoding, self.errors))

    def _fill(self):
        chunk = os.read(self._fd, 65536)
        if not chunk:
            self._eof = True
        self._buf += chunk

    def read(self, size=-1):
        if self.closed:
            raise ValueError("read of closed file")
        if size is None or size < 0:
            while not self._eof:
                self._fill()
            data, self._buf = self._buf, b''
        else:
            while len(self._buf) < size and not self._eof:
                self._fill()
            data, self._buf = self._buf[:size], self._buf[size:]
        return self._decode(data)

    def readline(self, size=-1):
        if self.closed:
            raise ValueError("readline of closed file")
        while b'\n' not in self._buf and not self._eof:
            self._fill()
        i = self._buf.find(b'\n')
        end = len(self._buf) if i < 0 else i + 1
        if size is not None and size >= 0:
            end = min(end, size)
        data, self._buf = self._buf[:end], self._buf[end:]
        return self._decode(data)

    def readlines(self):
        return list(self)

    def __iter__(self):
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def write(self, data):
        if self.closed:
            raise ValueError("write to closed file")
        b = data.encode(self.encoding, self.errors) if self._text else data
        n = 0
        while n < len(b):
            n += os.write(self._fd, b[n:])
        return len(data)

    def flush(self):
        pass

    def close(self):
        if not self.closed:
            self.closed = True
            os.close(self._fd)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __repr__(self):
        return f"<_io.{'TextIOWrapper' if self._text else 'BufferedIOBase'} fd={self._fd} mode={self.mode!r}>"


def _fileno(f, name):
    if isinstance(f, int):
        return f
    try:
        return f.fileno()
    except AttributeError:
        raise TypeError(f"{name} must be a file object or file descriptor, not {type(f).__name__}") from None


class Popen:
    """Execute a child program in a new process."""

    def __init__(self, args, bufsize=-1, executable=None, stdin=None, stdout=None, stderr=None,
                 preexec_fn=None, close_fds=True, shell=False, cwd=None, env=None,
                 universal_newlines=None, startupinfo=None, creationflags=0,
                 restore_signals=True, start_new_session=False, pass_fds=(), *, group=None,
                 extra_groups=None, user=None, umask=-1, encoding=None, errors=None, text=None,
                 pipesize=-1, process_group=None):
        self.args = args
        self.stdin = self.stdout = self.stderr = None
        self.pid = None
        self.returncode = None
        self.encoding = encoding
        self.errors = errors
        if text is not None and universal_newlines is not None and bool(universal_newlines) != bool(text):
            raise SubprocessError('Cannot disambiguate when both text and universal_newlines are '
                                  'supplied but different. Pass one or the other.')
        self.text_mode = bool(encoding or errors or text or universal_newlines)
        self.universal_newlines = self.text_mode
        if isinstance(args, (str, bytes)) or hasattr(type(args), '__fspath__'):
            argv = [args]
        else:
            argv = list(args)
        argv = [a.decode() if isinstance(a, bytes) else os.fspath(a) if not isinstance(a, str) else a
                for a in argv]
        if shell:
            argv = ['/bin/sh', '-c'] + argv
            if executable:
                argv[0] = executable
        if not argv:
            raise IndexError('list index out of range')
        if executable is None:
            executable = argv[0]
        executable = os.fspath(executable)
        if '/' in executable:
            execs = [executable]
        else:
            path = (env if env is not None else os.environ).get('PATH', os.defpath)
            execs = [os.path.join(d or '.', executable) for d in path.split(os.pathsep)]
        envl = None
        if env is not None:
            envl = []
            for k, v in env.items():
                k, v = os.fspath(k), os.fspath(v)
                if '=' in k:
                    raise ValueError("illegal environment variable name")
                envl.append(k + '=' + v)
        if cwd is not None:
            cwd = os.fspath(cwd)

        to_close = []       # parent's copies of the child's ends
        parent_ends = []    # our ends, closed if the spawn fails
        devnull = None

        def child_end(spec, name, for_input):
            nonlocal devnull
            if spec is None:
                return -1, None
            if spec == PIPE:
                r, w = _subprocess.pipe()
                mine, theirs = (w, r) if for_input else (r, w)
                to_close.append(theirs)
                parent_ends.append(mine)
                return theirs, mine
            if spec == DEVNULL:
                if devnull is None:
                    devnull = os.open(os.devnull, os.O_RDWR)
                    to_close.append(devnull)
                return devnull, None
            if spec == STDOUT and name == 'stderr':
                return -2, None
            return _fileno(spec, name), None

        try:
            fd0, p0 = child_end(stdin, 'stdin', True)
            fd1, p1 = child_end(stdout, 'stdout', False)
            fd2, p2 = child_end(stderr, 'stderr', False)
            self.pid = _subprocess.spawn(execs, argv, envl, cwd, fd0, fd1, fd2, bool(close_fds),
                                         bool(start_new_session), executable)
        except BaseException:
            for fd in parent_ends:
                os.close(fd)
            raise
        finally:
            for fd in to_close:
                os.close(fd)
        enc = encoding or 'utf-8'
        err = errors or 'strict'
        if p0 is not None:
            self.stdin = _PipeFile(p0, 'w' if self.text_mode else 'wb', self.text_mode, enc, err)
        if p1 is not None:
            self.stdout = _PipeFile(p1, 'r' if self.text_mode else 'rb', self.text_mode, enc, err)
        if p2 is not None:
            self.stderr = _PipeFile(p2, 'r' if self.text_mode else 'rb', self.text_mode, enc, err)
        self._comm = None

    def __repr__(self):
        return f"<Popen: returncode: {self.returncode} args: {self.args!r}>"

    def __enter__(self):
        return self

    def __exit__(self, exc_type, value, traceback):
        for f in (self.stdout, self.stderr):
            if f:
                f.close()
        try:
            if self.stdin:
                self.stdin.close()
        finally:
            self.wait()

    def poll(self):
        """Check if child process has terminated. Set and return returncode attribute."""
        if self.returncode is None:
            self.returncode = _subprocess.waitpid(self.pid, 0)
        return self.returncode

    def wait(self, timeout=None):
        """Wait for child process to terminate; returns self.returncode."""
        if self.returncode is None:
            rc = _subprocess.waitpid(self.pid, timeout)
            if rc is None:
                raise TimeoutExpired(self.args, timeout)
            self.returncode = rc
        return self.returncode

    def communicate(self, input=None, timeout=None):
        """Interact with process: send data to stdin and close it, read data from stdout and
        stderr until end-of-file, wait for the process to terminate. Returns (stdout, stderr)."""
        if self._comm is None:
            if input is not None and self.stdin is None:
                raise ValueError("Invalid file object: stdin is not a pipe")  # as CPython's flush
            data = input
            if data is not None and self.text_mode:
                data = data.encode(self.stdin.encoding, self.stdin.errors)
            if self.stdin is not None and not data:
                self.stdin.close()
            self._comm = [data if data else None, 0, [], []]
        data, off, outs, errs = self._comm
        fin = self.stdin.fileno() if self.stdin is not None and not self.stdin.closed else -1
        fout = self.stdout.fileno() if self.stdout is not None and not self.stdout.closed else -1
        ferr = self.stderr.fileno() if self.stderr is not None and not self.stderr.closed else -1
        end = None if timeout is None else _time.monotonic() + timeout
        o, e, off, in_done, out_eof, err_eof, timed_out = _subprocess.communicate(
            fin, data, off, fout, ferr, timeout)
        self._comm[1] = off
        outs.append(o)
        errs.append(e)
        if in_done and fin >= 0:
            self.stdin.closed = True   # _subprocess.communicate closed it
        if out_eof and fout >= 0:
            self.stdout.close()
        if err_eof and ferr >= 0:
            self.stderr.close()
        if timed_out:
            raise TimeoutExpired(self.args, timeout, b''.join(outs) if self.stdout else None,
                                 b''.join(errs) if self.stderr else None)
        if end is None:
            self.wait()
        elif self.returncode is None:
            rc = _subprocess.waitpid(self.pid, max(0, end - _time.monotonic()))
            if rc is None:
                raise TimeoutExpired(self.args, timeout)
            self.returncode = rc
        rout = rerr = None
        if self.stdout is not None:
            rout = self.stdout._buf + b''.join(outs)
            rout = self.stdout._decode(rout)
        if self.stderr is not None:
            rerr = self.stderr._buf + b''.join(errs)
            rerr = self.stderr._decode(rerr)
        return rout, rerr

    def send_signal(self, sig):
        """Send a signal to the process."""
        self.poll()
        if self.returncode is not None:
            return
        try:
            _subprocess.kill(self.pid, sig)
        except ProcessLookupError:
            pass

    def terminate(self):
        """Terminate the process with SIGTERM."""
        self.send_signal(15)

    def kill(self):
        """Kill the process with SIGKILL."""
        self.send_signal(9)


def run(*popenargs, input=None, capture_output=False, timeout=None, check=False, **kwargs):
    """Run command with arguments and return a CompletedProcess instance."""
    if input is not None:
        if kwargs.get('stdin') is not None:
            raise ValueError('stdin and input arguments may not both be used.')
        kwargs['stdin'] = PIPE
    if capture_output:
        if kwargs.get('stdout') is not None or kwargs.get('stderr') is not None:
            raise ValueError('stdout and stderr arguments may not be used with capture_output.')
        kwargs['stdout'] = PIPE
        kwargs['stderr'] = PIPE
    with Popen(*popenargs, **kwargs) as process:
        try:
            stdout, stderr = process.communicate(input, timeout=timeout)
        except TimeoutExpired:
            process.kill()
            process.wait()
            raise
        except BaseException:
            process.kill()
            raise
        retcode = process.poll()
        if check and retcode:
            raise CalledProcessError(retcode, process.args, output=stdout, stderr=stderr)
    return CompletedProcess(process.args, retcode, stdout, stderr)


def call(*popenargs, timeout=None, **kwargs):
    """Run command with arguments. Wait for command to complete or timeout, then return the
    returncode attribute."""
    with Popen(*popenargs, **kwargs) as p:
        try:
            return p.wait(timeout=timeout)
        except BaseException:
            p.kill()
            raise


def check_call(*popenargs, **kwargs):
    """Run command with arguments. Wait for command to complete. If the exit code was zero then
    return, otherwise raise CalledProcessError."""
    retcode = call(*popenargs, **kwargs)
    if retcode:
        cmd = kwargs.get("args")
        if cmd is None:
            cmd = popenargs[0]
        raise CalledProcessError(retcode, cmd)
    return 0


def check_output(*popenargs, timeout=None, **kwargs):
    """Run command with arguments and return its output."""
    for kw in ('stdout', 'check'):
        if kw in kwargs:
            raise ValueError(f'{kw} argument not allowed, it will be overridden.')
    if 'input' in kwargs and kwargs['input'] is None:
        if kwargs.get('universal_newlines') or kwargs.get('text') or kwargs.get('encoding') \
                or kwargs.get('errors'):
            empty = ''
        else:
            empty = b''
        kwargs['input'] = empty
    return run(*popenargs, stdout=PIPE, timeout=timeout, check=True, **kwargs).stdout


def getstatusoutput(cmd, *, encoding=None, errors=None):
    """Return (exitcode, output) of executing cmd in a shell."""
    try:
        data = check_output(cmd, shell=True, text=True, stderr=STDOUT, encoding=encoding,
                            errors=errors)
        exitcode = 0
    except CalledProcessError as ex:
        data = ex.output
        exitcode = ex.returncode
    if data[-1:] == '\n':
        data = data[:-1]
    return exitcode, data


def getoutput(cmd, *, encoding=None, errors=None):
    """Return output (stdout or stderr) of executing cmd in a shell."""
    return getstatusoutput(cmd, encoding=encoding, errors=errors)[1]


def list2cmdline(seq):
    """Translate a sequence of arguments into a command line string (MS C runtime rules)."""
    result = []
    for arg in map(os.fspath, seq):
        bs_buf = []
        if result:
            result.append(' ')
        needquote = (" " in arg) or ("\t" in arg) or not arg
        if needquote:
            result.append('"')
        for c in arg:
            if c == '\\':
                bs_buf.append(c)
            elif c == '"':
                result.append('\\' * len(bs_buf) * 2)
                bs_buf = []
                result.append('\\"')
            else:
                if bs_buf:
                    result.extend(bs_buf)
                    bs_buf = []
                result.append(c)
        if bs_buf:
            result.extend(bs_buf)
        if needquote:
            result.extend(bs_buf)
            result.append('"')
    return ''.join(result)
