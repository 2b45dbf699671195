# struct: pack/unpack/calcsize/iter_unpack/pack_into/unpack_from and Struct for every format
# character and byte order, with the errors CPython 3.11 raises (x86-64 sizes and alignment).
import struct


def err(f):
    try:
        return f()
    except Exception as e:
        return '%s: %s' % (type(e).__name__, e)


VALUES = {'b': [-128, -1, 0, 127], 'B': [0, 200, 255], 'h': [-32768, 12345, 32767], 'H': [0, 65535],
          'i': [-2 ** 31, 7, 2 ** 31 - 1], 'I': [0, 2 ** 32 - 1], 'l': [-2 ** 31, 2 ** 31 - 1], 'L': [2 ** 32 - 1],
          'q': [-2 ** 62 * 2, 2 ** 62 - 1 + 2 ** 62, -5], 'Q': [0, 2 ** 62 - 1 + 2 ** 62], '?': [True, False, 0, 5, [], 'x'],
          'e': [0.0, -0.0, 1.5, 65504.0, 6.1e-5, 1e-8, 0.1, 1 / 3, float('inf'), -float('inf')],
          'f': [0.0, 1.5, -2.25, 0.1, 3.4e38, 1e-45, float('inf')], 'd': [0.0, -1.0, 0.1, 1e308, 5e-324, 2]}
for order in '@=<>!':
    for code, vals in VALUES.items():
        fmt = order + code
        for v in vals:
            b = err(lambda: struct.pack(fmt, v))
            print(fmt, repr(v), b, err(lambda: struct.unpack(fmt, b)) if isinstance(b, bytes) else '')
for code in 'nNP':
    print(code, struct.pack(code, 5), struct.unpack(code, struct.pack(code, 5)), err(lambda: struct.pack('<' + code, 1)))
print(struct.pack('P', -1), struct.pack('n', -3), err(lambda: struct.pack('N', -3)))
print(struct.unpack('<e', b'\x00\x7e')[0] != struct.unpack('<e', b'\x00\x7e')[0], struct.pack('<e', float('nan')))
# sizes and alignment
for fmt in ['', 'x', 'c', 'bi', '@bi', '=bi', '<bi', 'ib', 'bq', 'bhb', 'b0i', 'bq0i', '3s', '10p', '2h3x?', '@cd',
            '<cd', 'bl', '<bl', 'iiid', 'e', 'ef', '5x', 'bP', 'b e', '4s4i', 'b\tH', ' i ']:
    print(repr(fmt), struct.calcsize(fmt))
# strings and chars
print(struct.pack('3s', b'abcdef'), struct.pack('5s', b'ab'), struct.pack('0s', b'a'), struct.pack('s', b''))
print(struct.pack('5p', b'abcdefgh'), struct.pack('3p', b''), struct.pack('p', b'abc'), struct.unpack('3p', b'\x05ab'))
print(struct.pack('c', b'a'), err(lambda: struct.pack('cc', b'a', bytearray(b'b'))), struct.unpack('c2s', b'xyz'))
print(struct.pack('<2h3x?', 1, 2, 1), struct.pack('>ihc', 1, 2, b'z'), struct.unpack('>ihc', struct.pack('>ihc', 1, 2, b'z')))
print(struct.pack(b'<i', 1), struct.unpack(b'<i', bytearray(b'\x01\x00\x00\x00')), struct.pack('< i h', 1, 2))
# Struct objects
s = struct.Struct('<hhl')
print(s.format, s.size, s.pack(1, 2, 3), s.unpack(b'\x01\x00\x02\x00\x03\x00\x00\x00'))
print(list(s.iter_unpack(s.pack(1, 2, 3) * 3)), s.unpack_from(b'xx' + s.pack(4, 5, 6), 2), s.unpack_from(b'x' * 8))
buf = bytearray(12)
print(s.pack_into(buf, 2, 7, 8, 9), buf, struct.pack_into('<h', buf, -2, -1), buf)
print(struct.Struct(b'>d').format, struct.Struct('x').size, struct.Struct(format='i').size)
print(list(struct.iter_unpack('<h', b'\x01\x00\x02\x00')), struct.unpack_from('<h', b'\x00\x01\x02', offset=1))
print(struct.unpack_from('<h', b'\x00\x01\x02', -2))
# errors
for f in [lambda: struct.pack('b', 200), lambda: struct.pack('B', -1), lambda: struct.pack('h', 70000),
          lambda: struct.pack('H', -1), lambda: struct.pack('i', 2 ** 31), lambda: struct.pack('<i', 2 ** 31),
          lambda: struct.pack('I', -1), lambda: struct.pack('<I', -1), lambda: struct.pack('<l', 2 ** 31),
          lambda: struct.pack('<Q', -1), lambda: struct.pack('Q', -1), lambda: struct.pack('<I', 2 ** 32),
          lambda: struct.pack('>H', 70000), lambda: struct.pack('>B', 256), lambda: struct.pack('>B', -1),
          lambda: struct.pack('>b', 200), lambda: struct.pack('!h', -40000), lambda: struct.pack('>l', 2 ** 31),
          lambda: struct.pack('>L', 2 ** 32), lambda: struct.pack('=H', 70000), lambda: struct.pack('<L', -1),
          lambda: struct.pack('<h', 1.5), lambda: struct.pack('<i', '1'), lambda: struct.pack('<i', None),
          lambda: struct.pack('<f', 'x'), lambda: struct.pack('<d', None), lambda: struct.pack('c', b'ab'),
          lambda: struct.pack('c', 5), lambda: struct.pack('s', 'x'), lambda: struct.pack('p', 5),
          lambda: struct.pack('<e', 1e6), lambda: struct.pack('<e', 65520.0), lambda: struct.pack('<f', 1e300),
          lambda: struct.pack('ii', 1), lambda: struct.pack('<x', 1), lambda: struct.pack('z', 1),
          lambda: struct.pack('<n', 1), lambda: struct.pack('3', 1), lambda: struct.calcsize('99999999999999999999i'),
          lambda: struct.unpack('<i', b'abc'), lambda: struct.unpack('<i', 'abcd'), lambda: struct.iter_unpack('<i', b'abcde'),
          lambda: struct.iter_unpack('', b''), lambda: struct.unpack_from('<i', b'abc', 2),
          lambda: struct.unpack_from('<i', b'abcdef', -10), lambda: struct.pack_into('<i', bytearray(3), 1, 5),
          lambda: struct.pack_into('<i', bytearray(8), -2, 5), lambda: struct.pack_into('<i', bytearray(8), -20, 5),
          lambda: struct.pack_into('<i', bytearray(8), 0), lambda: struct.Struct(5), lambda: struct.pack(),
          lambda: struct.pack('<i', 2.0), lambda: struct.calcsize('<P'), lambda: struct.Struct('<i').unpack(b'')]:
    print(err(f))
print(err(lambda: struct.pack_into('<i', b'abcd', 0, 1)), err(lambda: struct.pack_into('<i', [], 0, 1)))
print([struct.unpack('<e', struct.pack('<e', v))[0] for v in (65519.0, 2049.0, 2051.0, 1.0009765625, 1 + 2 ** -11, 3e-5, 1e-7, -7e-5)])
print(struct.unpack('>e', b'\x7c\x01')[0] != 0, struct.unpack('<d', struct.pack('<d', float('nan')))[0] != 0)
print(struct.error.__name__, struct.error.__module__, issubclass(struct.error, Exception))
