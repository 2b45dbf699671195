type = 1
_ = 2
print(type, _)
