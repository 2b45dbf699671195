"""HMAC (RFC 2104) for flyi, on top of hashlib."""

import hashlib as _hashlib

digest_size = None


def _digest_cons(digestmod):
    if callable(digestmod):
        return digestmod
    if isinstance(digestmod, str):
        return lambda d=b'': _hashlib.new(digestmod, d)
    return lambda d=b'': digestmod.new(d)


class HMAC:
    """RFC 2104 HMAC class."""
    blocksize = 64

    def __init__(self, key, msg=None, digestmod=''):
        if not isinstance(key, (bytes, bytearray)):
            raise TypeError(f"key: expected bytes or bytearray, but got {type(key).__name__!r}")
        if not digestmod:
            raise TypeError("Missing required parameter 'digestmod'.")
        cons = _digest_cons(digestmod)
        self._outer = cons()
        self._inner = cons()
        self.digest_size = self._inner.digest_size
        blocksize = getattr(self._inner, 'block_size', 64)
        if len(key) > blocksize:
            key = cons(key).digest()
        key = bytes(key) + b'\x00' * (blocksize - len(key))
        self._outer.update(bytes(x ^ 0x5C for x in key))
        self._inner.update(bytes(x ^ 0x36 for x in key))
        self.block_size = blocksize
        if msg is not None:
            self.update(msg)

    @property
    def name(self):
        return "hmac-" + self._inner.name

    def update(self, msg):
        """Feed data from msg into this hashing object."""
        self._inner.update(msg)

    def copy(self):
        """Return a separate copy of this hashing object."""
        other = self.__class__.__new__(self.__class__)
        other.digest_size = self.digest_size
        other.block_size = self.block_size
        other._inner = self._inner.copy()
        other._outer = self._outer.copy()
        return other

    def _current(self):
        h = self._outer.copy()
        h.update(self._inner.digest())
        return h

    def digest(self):
        """Return the hash value of this hashing object."""
        return self._current().digest()

    def hexdigest(self):
        """Like digest(), but returns a string of hexadecimal digits instead."""
        return self._current().hexdigest()


def new(key, msg=None, digestmod=''):
    """Create a new hashing object and return it."""
    return HMAC(key, msg, digestmod)


def digest(key, msg, digest):
    """Fast inline implementation of HMAC."""
    return HMAC(key, msg, digest).digest()


def compare_digest(a, b):
    """Return 'a == b' in a way that does not leak timing information."""
    if isinstance(a, str) and isinstance(b, str):
        a, b = a.encode('ascii'), b.encode('ascii')
    elif isinstance(a, str) or isinstance(b, str):
        raise TypeError(f"unsupported operand types(s) or combination of types: "
                        f"'{type(a).__name__}' and '{type(b).__name__}'")
    if len(a) != len(b):
        return False
    r = 0
    for x, y in zip(a, b):
        r |= x ^ y
    return r == 0
