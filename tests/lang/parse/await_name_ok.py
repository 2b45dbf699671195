matcher = match = case = 1
match.group(1)
match(x)
match = 2
