# uuid: the UUID class from hex/bytes/fields, its views, uuid4/uuid1 shapes (values are random).
import uuid

u = uuid.UUID("12345678-1234-5678-1234-567812345678")
print(u, repr(u), u.hex, u.urn, u.version, u.variant)
print(u.bytes, u.bytes_le, u.fields, u.time_low, u.time_mid, u.time_hi_version, u.clock_seq_hi_variant,
      u.clock_seq_low, u.node, u.clock_seq, u.time)
for text in ["{12345678-1234-5678-1234-567812345678}", "12345678123456781234567812345678",
             "urn:uuid:12345678-1234-5678-1234-567812345678"]:
    print(uuid.UUID(text) == u)
print(uuid.UUID(bytes=u.bytes) == u, uuid.UUID(bytes_le=u.bytes_le) == u, uuid.UUID(fields=u.fields) == u)
v = uuid.UUID("12345678-1234-5678-1234-567812345678", version=4)
print(v, v.version, v.variant, v != u, v > u, sorted([v, u])[0] == u, len({u, v, uuid.UUID(str(u))}))
print(uuid.NAMESPACE_DNS, uuid.NAMESPACE_URL, uuid.NAMESPACE_OID, uuid.NAMESPACE_X500, uuid.NAMESPACE_DNS.version)
print(uuid.UUID("00000000-0000-0000-0000-000000000000").variant, uuid.UUID("ffffffff-ffff-ffff-ffff-ffffffffffff").variant,
      uuid.UUID("00000000-0000-0000-c000-000000000000").variant)
for bad in [lambda: uuid.UUID("xyz"), lambda: uuid.UUID(bytes=b"short"), lambda: uuid.UUID("1" * 32, version=9),
            lambda: uuid.UUID(fields=(1, 2, 3)), lambda: uuid.UUID(fields=(1 << 32, 0, 0, 0, 0, 0))]:
    try:
        bad()
    except ValueError as e:
        print("ValueError", e)
try:
    uuid.UUID()
except TypeError as e:
    print("TypeError", e)
try:
    u.x = 1
except TypeError as e:
    print("TypeError", e)
r = uuid.uuid4()
print(type(r).__name__, r.version, r.variant, len(str(r)), str(r).count("-"), r != uuid.uuid4())
t = uuid.uuid1()
print(t.version, t.variant, t != uuid.uuid1())
print(uuid.UUID(str(r)) == r, uuid.UUID(bytes=r.bytes) == r)
