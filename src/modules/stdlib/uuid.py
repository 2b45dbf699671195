"""UUID objects (RFC 4122), after CPython 3.11's uuid: the UUID class, uuid1 (random node),
uuid4 (os.urandom), uuid3/uuid5 (when a hashlib module with md5/sha1 is available), the
NAMESPACE_* constants.

A UUID keeps its 16 bytes; UUID.int and UUID(int=...) need integers wider than 64 bits and raise
OverflowError while the interpreter's ints are 64-bit."""

import os

__all__ = ["UUID", "uuid1", "uuid3", "uuid4", "uuid5", "getnode", "NAMESPACE_DNS", "NAMESPACE_URL", "NAMESPACE_OID",
           "NAMESPACE_X500", "RESERVED_NCS", "RFC_4122", "RESERVED_MICROSOFT", "RESERVED_FUTURE", "SafeUUID"]

RESERVED_NCS, RFC_4122, RESERVED_MICROSOFT, RESERVED_FUTURE = [
    "reserved for NCS compatibility", "specified in RFC 4122",
    "reserved for Microsoft compatibility", "reserved for future definition"]


class SafeUUID:
    safe = 0
    unsafe = -1
    unknown = None


def _be(b):
    n = 0
    for x in b:
        n = (n << 8) | x
    return n


class UUID:
    __slots__ = ("_bytes", "is_safe")

    def __init__(self, hex=None, bytes=None, bytes_le=None, fields=None, int=None, version=None, *, is_safe=None):
        if [hex, bytes, bytes_le, fields, int].count(None) != 4:
            raise TypeError("one of the hex, bytes, bytes_le, fields, or int arguments must be given")
        if hex is not None:
            hex = hex.replace("urn:", "").replace("uuid:", "")
            hex = hex.strip("{}").replace("-", "")
            if len(hex) != 32:
                raise ValueError("badly formed hexadecimal UUID string")
            try:
                raw = _bytes_t.fromhex(hex)
            except ValueError:
                raise ValueError("badly formed hexadecimal UUID string") from None
        elif bytes_le is not None:
            if len(bytes_le) != 16:
                raise ValueError("bytes_le is not a 16-char string")
            raw = (bytes_le[4 - 1::-1] + bytes_le[6 - 1:4 - 1:-1] + bytes_le[8 - 1:6 - 1:-1] + bytes_le[8:])
        elif bytes is not None:
            if len(bytes) != 16:
                raise ValueError("bytes is not a 16-char string")
            raw = _bytes_t(bytes)
        elif fields is not None:
            if len(fields) != 6:
                raise ValueError("fields is not a 6-tuple")
            (time_low, time_mid, time_hi_version, clock_seq_hi_variant, clock_seq_low, node) = fields
            for v, bits, name in [(time_low, 32, "time_low"), (time_mid, 16, "time_mid"),
                                  (time_hi_version, 16, "time_hi_version"),
                                  (clock_seq_hi_variant, 8, "clock_seq_hi_variant"),
                                  (clock_seq_low, 8, "clock_seq_low"), (node, 48, "node")]:
                if not 0 <= v < (1 << bits):
                    raise ValueError("field %d out of range (need a %d-bit value)" %
                                     (["time_low", "time_mid", "time_hi_version", "clock_seq_hi_variant",
                                       "clock_seq_low", "node"].index(name) + 1, bits))
            raw = (time_low.to_bytes(4, "big") + time_mid.to_bytes(2, "big") + time_hi_version.to_bytes(2, "big")
                   + clock_seq_hi_variant.to_bytes(1, "big") + clock_seq_low.to_bytes(1, "big")
                   + node.to_bytes(6, "big"))
        else:
            if int < 0:
                raise ValueError("int is out of range (need a 128-bit value)")
            raw = int.to_bytes(16, "big")
        if version is not None:
            if not 1 <= version <= 5:
                raise ValueError("illegal version number")
            b = bytearray(raw)
            b[8] = (b[8] & 0x3F) | 0x80
            b[6] = (b[6] & 0x0F) | (version << 4)
            raw = _bytes_t(b)
        object.__setattr__(self, "_bytes", raw)
        object.__setattr__(self, "is_safe", is_safe)

    def __setattr__(self, name, value):
        raise TypeError("UUID objects are immutable")

    def __eq__(self, other):
        if isinstance(other, UUID):
            return self._bytes == other._bytes
        return NotImplemented

    def __lt__(self, other):
        if isinstance(other, UUID):
            return self._bytes < other._bytes
        return NotImplemented

    def __gt__(self, other):
        if isinstance(other, UUID):
            return self._bytes > other._bytes
        return NotImplemented

    def __le__(self, other):
        if isinstance(other, UUID):
            return self._bytes <= other._bytes
        return NotImplemented

    def __ge__(self, other):
        if isinstance(other, UUID):
            return self._bytes >= other._bytes
        return NotImplemented

    def __hash__(self):
        return hash(self._bytes)

    def __repr__(self):
        return "%s(%r)" % (self.__class__.__name__, str(self))

    def __str__(self):
        h = self._bytes.hex()
        return "%s-%s-%s-%s-%s" % (h[:8], h[8:12], h[12:16], h[16:20], h[20:])

    @property
    def bytes(self):
        return self._bytes

    @property
    def bytes_le(self):
        b = self._bytes
        return (b[4 - 1::-1] + b[6 - 1:4 - 1:-1] + b[8 - 1:6 - 1:-1] + b[8:])

    @property
    def fields(self):
        return (self.time_low, self.time_mid, self.time_hi_version, self.clock_seq_hi_variant, self.clock_seq_low,
                self.node)

    @property
    def time_low(self):
        return _be(self._bytes[0:4])

    @property
    def time_mid(self):
        return _be(self._bytes[4:6])

    @property
    def time_hi_version(self):
        return _be(self._bytes[6:8])

    @property
    def clock_seq_hi_variant(self):
        return self._bytes[8]

    @property
    def clock_seq_low(self):
        return self._bytes[9]

    @property
    def time(self):
        return (((self.time_hi_version & 0x0fff) << 48) | (self.time_mid << 32) | self.time_low)

    @property
    def clock_seq(self):
        return (((self.clock_seq_hi_variant & 0x3f) << 8) | self.clock_seq_low)

    @property
    def node(self):
        return _be(self._bytes[10:16])

    @property
    def hex(self):
        return self._bytes.hex()

    @property
    def int(self):
        return _int_t(self._bytes.hex(), 16)

    @property
    def urn(self):
        return "urn:uuid:" + str(self)

    @property
    def variant(self):
        b = self._bytes[8]
        if not b & 0x80:
            return RESERVED_NCS
        elif not b & 0x40:
            return RFC_4122
        elif not b & 0x20:
            return RESERVED_MICROSOFT
        else:
            return RESERVED_FUTURE

    @property
    def version(self):
        if self.variant == RFC_4122:
            return self._bytes[6] >> 4
        return None


_bytes_t = bytes
_int_t = int

_node = None


def getnode():
    """A random 48-bit node with the multicast bit set (no hardware address is read)."""
    global _node
    if _node is None:
        _node = _be(os.urandom(6)) | (1 << 40)
    return _node


_last_timestamp = None


def uuid1(node=None, clock_seq=None):
    global _last_timestamp
    import time
    nanoseconds = time.time_ns()
    timestamp = nanoseconds // 100 + 0x01b21dd213814000
    if _last_timestamp is not None and timestamp <= _last_timestamp:
        timestamp = _last_timestamp + 1
    _last_timestamp = timestamp
    if clock_seq is None:
        clock_seq = _be(os.urandom(2)) & 0x3FFF
    time_low = timestamp & 0xffffffff
    time_mid = (timestamp >> 32) & 0xffff
    time_hi_version = (timestamp >> 48) & 0x0fff
    clock_seq_low = clock_seq & 0xff
    clock_seq_hi_variant = (clock_seq >> 8) & 0x3f
    if node is None:
        node = getnode()
    return UUID(fields=(time_low, time_mid, time_hi_version, clock_seq_hi_variant, clock_seq_low, node), version=1)


def _hashed(name_space, name, algo, version):
    try:
        import hashlib
        h = getattr(hashlib, algo)
    except (ImportError, AttributeError):
        raise NotImplementedError("uuid%d needs hashlib.%s, which is not available" % (version, algo)) from None
    if isinstance(name, str):
        name = name.encode("utf-8")
    digest = h(name_space.bytes + name).digest()
    return UUID(bytes=digest[:16], version=version)


def uuid3(namespace, name):
    return _hashed(namespace, name, "md5", 3)


def uuid4():
    return UUID(bytes=os.urandom(16), version=4)


def uuid5(namespace, name):
    return _hashed(namespace, name, "sha1", 5)


NAMESPACE_DNS = UUID("6ba7b810-9dad-11d1-80b4-00c04fd430c8")
NAMESPACE_URL = UUID("6ba7b811-9dad-11d1-80b4-00c04fd430c8")
NAMESPACE_OID = UUID("6ba7b812-9dad-11d1-80b4-00c04fd430c8")
NAMESPACE_X500 = UUID("6ba7b814-9dad-11d1-80b4-00c04fd430c8")
