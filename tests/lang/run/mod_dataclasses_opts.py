from dataclasses import dataclass, FrozenInstanceError, field
@dataclass(frozen=True)
class F:
    a: int
    b: str = 'x'
f = F(1)
print(f, hash(f) == hash(F(1)), {f: 1}[F(1)])
try:
    f.a = 2
except FrozenInstanceError as e:
    print('FrozenInstanceError:', e)
@dataclass(order=True)
class O:
    p: int
    q: int = 0
print(sorted([O(2, 1), O(1, 5), O(1, 2)]), O(1) < O(2), O(1, 1) >= O(1, 0))
@dataclass(eq=False)
class NE:
    v: int
print(NE(1) == NE(1))
@dataclass(repr=False)
class NR:
    v: int
print(repr(NR(1)).startswith('<'))
@dataclass
class U:
    v: int
try:
    hash(U(1))
except TypeError as e:
    print('TypeError:', e)
@dataclass(unsafe_hash=True)
class H:
    v: int
print(hash(H(3)) == hash(H(3)), len({H(3), H(3), H(4)}))
@dataclass
class K:
    a: int
    _: int = field(default=0, compare=False)
print(K(1, 2) == K(1, 3))
