print(bool(0), bool(''), bool([]), bool({}), bool(None), bool(0.0), bool('0'), bool([0]), bool(-1))
print(abs(-0.0), abs(True), -abs(-5), int(bool(3)), str(True), repr(False), True & False, True | False, True ^ True)
