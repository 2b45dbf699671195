if a:
    x
elif b:
    y
elif c:
    z
else:
    w
