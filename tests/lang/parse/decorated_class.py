@fx.struct
class S:
    a: int
    b: float = 1.0
@dataclass(frozen=True)
class P:
    x: int
