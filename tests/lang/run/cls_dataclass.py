from dataclasses import dataclass, field
@dataclass
class Item:
    name: str
    price: float = 0.0
    tags: list = field(default_factory=list)
a = Item('pen', 1.5)
b = Item('pen', 1.5)
print(a, a == b, a.tags is not b.tags)
@dataclass(frozen=True, order=True)
class V:
    x: int
    y: int = 0
print(sorted([V(2, 1), V(1, 5), V(1, 2)]), V(1) < V(2))
try:
    V(1).x = 5
except Exception as e:
    print(type(e).__name__)
