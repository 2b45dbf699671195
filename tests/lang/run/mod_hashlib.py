import hashlib
import hmac

msgs = [b"", b"abc", b"a" * 55, b"a" * 56, b"a" * 64, b"a" * 111, b"a" * 112, b"a" * 128,
        bytes(range(256)) * 5, "héllo wörld".encode()]
for name in ("md5", "sha1", "sha224", "sha256", "sha384", "sha512"):
    for m in msgs:
        h = hashlib.new(name, m)
        print(name, len(m), h.hexdigest())
    h = getattr(hashlib, name)()
    print(h.name, h.digest_size, h.block_size)
    # incremental == one-shot
    for chunk in (1, 3, 63, 64, 65, 127, 200):
        h = hashlib.new(name)
        data = bytes(range(256)) * 3
        for i in range(0, len(data), chunk):
            h.update(data[i:i + chunk])
        assert h.digest() == hashlib.new(name, data).digest(), (name, chunk)
    c = h.copy()
    c.update(b"more")
    print(h.hexdigest() != c.hexdigest(), len(c.digest()))

h = hashlib.sha256(b"hello")
h.update(bytearray(b" world"))
print(h.hexdigest())
print(hashlib.sha256(b"hello world").digest())
print(hashlib.new("SHA256", b"x").name)
print(sorted(hashlib.algorithms_guaranteed & {"md5", "sha1", "sha256"}))
for bad in (lambda: hashlib.sha256("text"), lambda: hashlib.new("nope"), lambda: h.update("s")):
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)

print(hmac.new(b"key", b"The quick brown fox jumps over the lazy dog", "md5").hexdigest())
print(hmac.new(b"key", b"The quick brown fox jumps over the lazy dog", hashlib.sha256).hexdigest())
m = hmac.new(b"k" * 200, digestmod="sha512")
m.update(b"data")
print(m.name, m.digest_size, m.block_size, m.hexdigest())
print(hmac.digest(b"key", b"msg", "sha1").hex())
print(hmac.compare_digest(b"abc", b"abc"), hmac.compare_digest("abc", "abd"))
try:
    hmac.new(b"key", b"msg")
except TypeError as e:
    print("TypeError", e)
