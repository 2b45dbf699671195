for a in b:
    while c:
        break
    else:
        d
else:
    e
