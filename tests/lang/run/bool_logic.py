print(True and False, True or False, not True, 0 or "default", "" and 1, [] or [] or 3)
print(1 < 2 < 3, 1 < 3 < 2, 1 == 1.0 == True, 2 > 1 >= 1, None is None, 1 is not None)
def side(v):
    print("eval", v)
    return v
print(side(0) and side(1))
print(side(1) or side(2))
x = None
print(x is None, x == None, not x, bool([0]), bool({}), bool(0.0), bool("0"))
print(True + 1, True * 2, True & False, True | False, True ^ True, -True)
