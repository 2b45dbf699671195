*a, b = c
print(*a)
x = [*a, b]
return_ = (*a, *b)
for x in *a, *b: pass
