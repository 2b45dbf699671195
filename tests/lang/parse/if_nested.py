if a:
    if b:
        c
    else:
        d
else:
    if e:
        f
