class A:
    def __repr__(self): return 'A-repr'
class B(A):
    def __str__(self): return 'B-str'
print(A(), str(A()), repr(B()), str(B()), f'{B()}', f'{B()!r}', [B()], '%s %r' % (B(), B()))
class N:
    pass
print(repr(N())[:10], str(N()) == repr(N()) or True)
