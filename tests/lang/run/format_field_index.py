# str.format field names: only all-digit names are positional indices; an index past Py_ssize_t
# is CPython's ValueError (flyi used strtoul: IndexError, and "{1a}" meant index 1); int.to_bytes lengths.
for f, a, kw in (("{99999999999999999999}", (1,), {}), ("{1a}", (1, 2), {"1a": 5}), ("{1}", (1, 2), {}),
                 ("{0[1]}", ([7, 8],), {}), ("{9223372036854775807}", (1,), {}), ("{1a}", (1, 2), {})):
    try:
        print(repr(f.format(*a, **kw)))
    except Exception as e:
        print(type(e).__name__, e)

# int.to_bytes with a length too large to allocate: MemoryError (flyi said "must be non-negative")
for n in (-1, 2**40):
    try:
        (1).to_bytes(n, "big")
    except (ValueError, MemoryError) as e:
        print(type(e).__name__, e)
print(len((5).to_bytes(3 * 2**20, "little")))
