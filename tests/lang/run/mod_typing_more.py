import typing
from typing import NamedTuple, Literal, Final, ClassVar, Protocol, TYPE_CHECKING, overload, NewType, Set, FrozenSet, Type
UserId = NewType('UserId', int)
print(UserId(5), UserId.__name__ if hasattr(UserId, '__name__') else 'UserId')
P = NamedTuple('P', [('x', int), ('y', int)])
print(P(1, 2), P(1, 2).x)
class Proto(Protocol):
    def meth(self) -> int: ...
class Impl:
    def meth(self) -> int:
        return 1
print(Impl().meth())
def f(mode: Literal['a', 'b'], n: Final[int] = 3, s: Set[int] = None, t: Type[int] = int) -> FrozenSet[str]:
    return frozenset()
print(f('a'), TYPE_CHECKING)
if TYPE_CHECKING:
    import nonexistent_module
print(typing.get_type_hints(f)['n'] is not None, typing.Optional[str] == typing.Optional[str])
print(typing.Union[int, None] == typing.Optional[int], typing.List[int] == typing.List[int])
print(typing.get_origin(typing.List[int]) is not None, typing.get_args(typing.Dict[str, int]))
