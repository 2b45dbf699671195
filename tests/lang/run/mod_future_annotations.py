# `from __future__ import annotations`: forward references in annotations are not errors; the
# annotations that cannot be computed where they stand are kept as their text.
from __future__ import annotations

import dataclasses
import inspect


class Tree:
    def add(self, child: Tree) -> Tree:
        return self

    def walk(self, visit: Callback | None = None, *, depth: Depth = 0) -> list[Tree]:
        return [self]

    @classmethod
    def make(cls, items: Sequence[Tree]) -> Tree:
        return cls()


@dataclasses.dataclass
class Edge:
    src: Vertex
    dst: Vertex
    weight: Weight = 1


x: NotDefinedYet = 3
y: "quoted" = 4
print(Tree.add.__annotations__)
print(Tree.walk.__annotations__)
print(Tree.make.__annotations__)
print(Edge.__annotations__, Edge("a", "b"), Edge("a", "b", 2.5))
print(__annotations__)
print(inspect.signature(Tree.add), inspect.signature(Tree.walk))
print(len(Tree().add(Tree()).walk()), Tree.make([]).__class__.__name__)


def outer():
    def inner(p: Missing[int], q: Also | Missing) -> Nothing:
        return p
    return inner


print(outer().__annotations__)
print(inspect.signature(outer()))
print(x, y)
