l = [1, 2]
print(l[5])
