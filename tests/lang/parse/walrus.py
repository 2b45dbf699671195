if (n := len(a)) > 10: pass
while (chunk := f()):
    pass
[y := f(x), y ** 2]
print(x := 1)
(x := 5)
