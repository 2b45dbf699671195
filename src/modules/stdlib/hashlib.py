"""hashlib for flyi: md5, sha1, sha224, sha256, sha384 and sha512 (the hash functions are
written in C, in the _hashlib module)."""

import _hashlib

__all__ = ('md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512', 'new', 'algorithms_guaranteed',
           'algorithms_available', 'file_digest')

algorithms_guaranteed = frozenset(('md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512'))
algorithms_available = set(algorithms_guaranteed)


class HASH:
    """A hash object: update() it with bytes, read digest() or hexdigest()."""

    def __init__(self, name, data=b''):
        self._name, self.digest_size, self.block_size = _hashlib.info(name)
        self._state = _hashlib.init(name)
        if data:
            _hashlib.update(self._state, data)

    @property
    def name(self):
        return self._name

    def update(self, data):
        """Update this hash object's state with the provided bytes."""
        _hashlib.update(self._state, data)

    def digest(self):
        """Return the digest value as a bytes object."""
        return _hashlib.digest(self._state)

    def hexdigest(self):
        """Return the digest value as a string of hexadecimal digits."""
        return _hashlib.digest(self._state).hex()

    def copy(self):
        """Return a copy of the hash object."""
        h = HASH.__new__(HASH)
        h._name, h.digest_size, h.block_size = self._name, self.digest_size, self.block_size
        h._state = bytearray(self._state)
        return h

    def __repr__(self):
        return f'<{self._name} _hashlib.HASH object @ {hex(id(self))}>'


def new(name, data=b'', **kwargs):
    """new(name, data=b'') - Return a new hashing object using the named algorithm."""
    if not isinstance(name, str):
        raise TypeError(f"new() argument 'name' must be str, not {type(name).__name__}")
    return HASH(name, kwargs.get('string', data))


def _maker(algo):
    def make(string=b'', *, usedforsecurity=True):
        return HASH(algo, string)
    make.__name__ = 'openssl_' + algo
    make.__qualname__ = make.__name__
    make.__doc__ = f'Returns a {algo} hash object; optionally initialized with a string'
    return make


md5 = _maker('md5')
sha1 = _maker('sha1')
sha224 = _maker('sha224')
sha256 = _maker('sha256')
sha384 = _maker('sha384')
sha512 = _maker('sha512')


def file_digest(fileobj, digest, /, *, _bufsize=2**18):
    """Hash the contents of a file-like object opened in binary mode."""
    digestobj = new(digest) if isinstance(digest, str) else digest()
    while True:
        data = fileobj.read(_bufsize)
        if not data:
            break
        digestobj.update(data)
    return digestobj
