while x:
# c
x
