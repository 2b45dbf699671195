x = 3
assert x == 4, f"x was {x}"
