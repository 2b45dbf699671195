for x in range(3):
print(x)
