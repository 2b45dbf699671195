x = 1 + \
    2
if a and \
   b:
    pass
assert x, \
    "m"
