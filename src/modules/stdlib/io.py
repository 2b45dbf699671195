"""In-memory text and binary streams (flyi): StringIO, BytesIO and the io names."""

import builtins as _builtins

SEEK_SET = 0
SEEK_CUR = 1
SEEK_END = 2
DEFAULT_BUFFER_SIZE = 8192
open = _builtins.open


class UnsupportedOperation(OSError):
    pass


class IOBase:
    """The abstract base class for all I/O classes."""

    def __enter__(self):
        self._checkClosed()
        return self

    def __exit__(self, *args):
        self.close()

    def __iter__(self):
        self._checkClosed()
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def _checkClosed(self):
        if self.closed:
            raise ValueError('I/O operation on closed file.')

    closed = False

    def close(self):
        self.closed = True

    def flush(self):
        self._checkClosed()

    def isatty(self):
        self._checkClosed()
        return False

    def readable(self):
        return False

    def writable(self):
        return False

    def seekable(self):
        return False

    def fileno(self):
        raise UnsupportedOperation('fileno')

    def readlines(self, hint=-1):
        lines = []
        total = 0
        for line in self:
            lines.append(line)
            total += len(line)
            if 0 < hint <= total:
                break
        return lines

    def writelines(self, lines):
        for line in lines:
            self.write(line)


class RawIOBase(IOBase):
    pass


class BufferedIOBase(IOBase):
    pass


class TextIOBase(IOBase):
    pass


class _MemIO(IOBase):
    """Shared buffer logic: a list of chunks joined lazily, and a position."""

    def _flat(self):
        if len(self._chunks) > 1:
            self._chunks = [self._empty.join(self._chunks)]
        return self._chunks[0] if self._chunks else self._empty

    def _size(self):
        return self._len

    def getvalue(self):
        self._checkClosed()
        return self._flat()

    def _write(self, s):
        n = len(s)
        if not n:
            return 0
        if self._pos == self._len:
            self._chunks.append(s)
            self._len += n
        else:
            buf = self._flat()
            if self._pos > self._len:
                buf = buf + self._fill * (self._pos - self._len)
            buf = buf[:self._pos] + s + buf[self._pos + n:]
            self._chunks = [buf]
            self._len = len(buf)
        self._pos += n
        return n

    def read(self, size=-1):
        self._checkClosed()
        if size is None:
            size = -1
        if not isinstance(size, int):
            raise TypeError(f"argument should be integer or None, not '{type(size).__name__}'")
        buf = self._flat()
        if self._pos >= self._len:
            return self._empty
        if size < 0:
            r = buf[self._pos:]
        else:
            r = buf[self._pos:self._pos + size]
        self._pos += len(r)
        return r

    def readline(self, size=-1):
        self._checkClosed()
        if size is None:
            size = -1
        buf = self._flat()
        if self._pos >= self._len:
            return self._empty
        end = self._find_nl(buf, self._pos)
        end = self._len if end < 0 else end + 1
        if size >= 0 and end > self._pos + size:
            end = self._pos + size
        r = buf[self._pos:end]
        self._pos = end
        return r

    def _checkClosed(self):
        if self.closed:
            raise ValueError('I/O operation on closed file')

    def _find_nl(self, buf, start):
        if self._text:
            return buf.find('\n', start)
        for i in range(start, len(buf)):
            if buf[i] == 10:
                return i
        return -1

    def seek(self, pos, whence=0):
        self._checkClosed()
        if not isinstance(pos, int):
            raise TypeError(f"'{type(pos).__name__}' object cannot be interpreted as an integer")
        if whence == 0:
            if pos < 0:
                raise ValueError(f'Negative seek position {pos}')
            self._pos = pos
        elif whence == 1:
            if pos != 0 and self._text:
                raise OSError("Can't do nonzero cur-relative seeks")
            self._pos = max(0, self._pos + pos)
        elif whence == 2:
            if pos != 0 and self._text:
                raise OSError("Can't do nonzero end-relative seeks")
            self._pos = max(0, self._len + pos)
        else:
            raise ValueError(f'Invalid whence ({whence}, should be 0, 1 or 2)')
        return self._pos

    def tell(self):
        self._checkClosed()
        return self._pos

    def truncate(self, size=None):
        self._checkClosed()
        if size is None:
            size = self._pos
        if size < 0:
            raise ValueError(f'Negative size value {size}')
        if size < self._len:
            self._chunks = [self._flat()[:size]]
            self._len = size
        return size

    def readable(self):
        self._checkClosed()
        return True

    def writable(self):
        self._checkClosed()
        return True

    def seekable(self):
        self._checkClosed()
        return True

    def close(self):
        self.closed = True
        self._chunks = []


class StringIO(_MemIO, TextIOBase):
    """Text I/O implementation using an in-memory buffer."""
    _empty = ''
    _fill = '\0'
    _nl = '\n'
    _text = True

    def __init__(self, initial_value='', newline='\n'):
        if newline is not None and newline not in ('', '\n', '\r', '\r\n'):
            raise ValueError(f'illegal newline value: {newline!r}')
        if initial_value is None:
            initial_value = ''
        if not isinstance(initial_value, str):
            raise TypeError(f"initial_value must be str or None, not {type(initial_value).__name__}")
        self._newline = newline
        self.closed = False
        self._chunks = []
        self._len = 0
        self._pos = 0
        if initial_value:
            self._write(self._translate(initial_value))
            self._pos = 0

    def _translate(self, s):
        if self._newline is None:
            return s.replace('\r\n', '\n').replace('\r', '\n')
        if self._newline in ('\r', '\r\n'):
            return s.replace('\n', self._newline)
        return s

    def write(self, s):
        self._checkClosed()
        if not isinstance(s, str):
            raise TypeError(f'string argument expected, got {type(s).__name__!r}')
        n = len(s)
        self._write(self._translate(s))
        return n

    @property
    def line_buffering(self):
        return False

    @property
    def newlines(self):
        return None

    encoding = None
    errors = None

    def __repr__(self):
        return f'<_io.StringIO object at {hex(id(self))}>'


class BytesIO(_MemIO, BufferedIOBase):
    """Buffered I/O implementation using an in-memory bytes buffer."""
    _empty = b''
    _fill = b'\0'
    _nl = b'\n'
    _text = False

    def __init__(self, initial_bytes=b''):
        self.closed = False
        self._chunks = []
        self._len = 0
        self._pos = 0
        if initial_bytes:
            self._write(bytes(initial_bytes))
            self._pos = 0

    def write(self, b):
        self._checkClosed()
        if isinstance(b, str) or not isinstance(b, (bytes, bytearray)):
            raise TypeError(f"a bytes-like object is required, not '{type(b).__name__}'")
        return self._write(bytes(b))

    def read1(self, size=-1):
        return self.read(size)

    def getbuffer(self):
        return bytearray(self.getvalue())

    def __repr__(self):
        return f'<_io.BytesIO object at {hex(id(self))}>'


class TextIOWrapper(TextIOBase):
    """A minimal text wrapper over a binary stream."""

    def __init__(self, buffer, encoding=None, errors=None, newline=None, line_buffering=False,
                 write_through=False):
        self.buffer = buffer
        self.encoding = encoding or 'utf-8'
        self.errors = errors or 'strict'
        self.closed = False

    def write(self, s):
        self.buffer.write(s.encode(self.encoding))
        return len(s)

    def read(self, size=-1):
        return self.buffer.read().decode(self.encoding)

    def readline(self, size=-1):
        return self.buffer.readline().decode(self.encoding)

    def flush(self):
        if hasattr(self.buffer, 'flush'):
            self.buffer.flush()

    def close(self):
        self.closed = True
        self.buffer.close()

    def detach(self):
        b = self.buffer
        self.buffer = None
        return b
