raise
raise E
raise E("x")
raise E from e
raise E from None
raise ValueError(f"bad {x}")
