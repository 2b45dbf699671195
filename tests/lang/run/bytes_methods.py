# bytes/bytearray methods, decode/encode with error handlers and their messages
b = b'hello world, hello bytes'
print(b.find(b'lo'), b.find(b'lo', 5), b.rfind(b'hello'), b.find(111), b.find(b'zz'), b.find(b''), b.find(b'', 100))
print(b.index(b'world'), b.rindex(b'l'), b.count(b'l'), b.count(b'hello', 1), b.count(b''), b.count(108))
try:
    b.index(b'nope')
except ValueError as e:
    print('ValueError:', e)
try:
    b.find('str')
except TypeError as e:
    print('TypeError:', e)
print(b.split(), b.split(b', '), b.split(b'l', 2), b.rsplit(b'l', 2), b'  a  b  '.split(), b'  a  b  '.rsplit(None, 1))
print(b'a,b,,c'.split(b','), b''.split(), b''.split(b','), b'x y z'.split(maxsplit=1))
try:
    b.split(b'')
except ValueError as e:
    print('ValueError:', e)
print(b.replace(b'hello', b'bye'), b.replace(b'l', b'L', 2), b'abc'.replace(b'', b'-'), b'abc'.replace(b'', b'-', 2))
print(b'  \t pad \n'.strip(), b'xxpadxx'.strip(b'x'), b'  p '.lstrip(), b'  p '.rstrip(), b'abcba'.strip(b'ab'))
print(b'MiXeD 1'.lower(), b'MiXeD 1'.upper(), b'MiXeD'.swapcase(), b'hello world'.title(), b'hELLO'.capitalize())
print(b'abc'.isalpha(), b'ab1'.isalpha(), b'123'.isdigit(), b''.isdigit(), b'ab1'.isalnum(), b' \t'.isspace(), b'abc'.islower(), b'ABC1'.isupper(), b'\xff'.isascii())
print(b'ab'.ljust(5, b'*'), b'ab'.rjust(5), b'ab'.center(7, b'-'), b'abc'.center(6), b'-42'.zfill(6), b'7'.zfill(3))
print(b'k=v=w'.partition(b'='), b'k=v=w'.rpartition(b'='), b'kvw'.partition(b'='), b'kvw'.rpartition(b'='))
print(b'prefix-body'.removeprefix(b'prefix-'), b'body.txt'.removesuffix(b'.txt'), b'x'.removeprefix(b'y'))
print(b.startswith(b'hello'), b.startswith((b'x', b'hel')), b.endswith(b'bytes'), b.startswith(b'world', 6), b.endswith(b'hello', 0, 5))
print(b'line1\nline2\r\nline3'.splitlines(), b'a\nb\n'.splitlines(True))
print(bytes.fromhex('de ad be ef'), b'\xde\xad'.hex(), b'-'.join([b'a', b'b']))
print(b'caf\xc3\xa9'.decode(), b'caf\xc3\xa9'.decode('latin-1'), b'abc'.decode('ascii'))
for bad in (b'\xff', b'ab\xc3', b'\xe2\x82x', b'\xe2\x82', b'a\x80b'):
    try:
        bad.decode()
    except UnicodeDecodeError as e:
        print('UnicodeDecodeError:', e)
    print(bad.decode(errors='replace'), bad.decode('utf-8', 'ignore'), bad.decode(errors='backslashreplace'))
try:
    b'\xe9'.decode('ascii')
except UnicodeDecodeError as e:
    print('UnicodeDecodeError:', e)
try:
    b'x'.decode('nope')
except LookupError as e:
    print('LookupError:', e)
print('café'.encode(), 'café'.encode('latin-1'), 'café'.encode('ascii', 'replace'), 'café'.encode('ascii', 'ignore'), 'caf€'.encode('ascii', 'backslashreplace'))
try:
    'naïve €'.encode('ascii')
except UnicodeEncodeError as e:
    print('UnicodeEncodeError:', e)
ba = bytearray(b'Hello')
print(ba.upper(), ba.find(b'l'), ba.split(b'l'), ba.replace(b'l', b'L'), ba.strip(b'Ho'), type(ba.lower()).__name__)
