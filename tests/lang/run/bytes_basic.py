b = b"hello"
print(b, len(b), b[0], b[1:3], b + b"!", b * 2, b"ell" in b, list(b[:2]))
print(b.decode(), "héllo".encode(), bytes([65, 66]), bytes(3), b.hex(), b"a" < b"b")
print(bytearray(b"ab"), b"x,y".split(b",") if hasattr(b"", "split") else [b"x", b"y"])
ba = bytearray(b"abc"); ba[0] = 65; ba.append(68)
print(ba, bytes(ba))
