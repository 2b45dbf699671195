from typing import Optional, Union, List, Dict, Tuple, Callable, Any, Sequence, Iterable, TypeVar, Generic, cast
import typing
def f(x: Optional[int] = None, y: List[int] = [], z: Dict[str, Tuple[int, ...]] = {}) -> Union[int, str]:
    return x or 0
print(f(3), f())
T = TypeVar('T')
print(T, typing.TypeVar('U', bound=int))
class Box(Generic[T]):
    def __init__(self, v: T):
        self.v = v
print(Box(3).v, Box[int](4).v)
print(cast(int, 'x'))
print(Optional[int])
print(Union[int, str])
print(List[int], Dict[str, int], Callable[[int], str])
print(typing.Any, typing.TYPE_CHECKING)
def g(cb: Callable[..., Any], seq: Sequence[int], it: Iterable[str]) -> None:
    pass
print(g.__annotations__['return'])
