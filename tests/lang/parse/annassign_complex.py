a: "Optional[tuple[int, int]]" = None
b: str | None = None
