from dataclasses import dataclass, field, fields, asdict, astuple, replace, make_dataclass, FrozenInstanceError
@dataclass
class Item:
    name: str
    price: float = 0.0
    tags: list = field(default_factory=list, metadata={'unit': 'none'})
    hidden: int = field(default=0, repr=False, compare=False)
i = Item('pen', 1.5)
print(i, [(f.name, f.default if f.default is not f.default_factory else None) for f in fields(Item)][:2])
print(fields(Item)[2].metadata['unit'], astuple(i), Item('a') == Item('a', hidden=5))
@dataclass(kw_only=True)
class KW:
    a: int
    b: int = 2
print(KW(a=1), KW(b=3, a=0))
try:
    KW(1)
except TypeError as e:
    print('TypeError:', e)
@dataclass
class Node:
    val: int
    children: list = field(default_factory=list)
tree = Node(1, [Node(2), Node(3, [Node(4)])])
print(asdict(tree))
print(replace(tree, val=9).val, tree.val)
P = make_dataclass('P', [('x', int), ('y', int, field(default=5))])
print(P(1), P(1, 2) == P(1, 2))
@dataclass
class WithClassVar:
    from typing import ClassVar
    count: ClassVar[int] = 0
    x: int = 1
print(WithClassVar(), [f.name for f in fields(WithClassVar)])
@dataclass(frozen=True, order=True)
class Ver:
    major: int
    minor: int = 0
print(sorted([Ver(1, 2), Ver(0, 9), Ver(1, 0)]), max(Ver(2), Ver(1, 5)))
try:
    del Ver(1).major
except FrozenInstanceError as e:
    print('FrozenInstanceError:', e)
print(Ver.__match_args__, Item.__eq__(i, 3))
