while x:
    x -= 1
    if x == 5:
        break
    continue
else:
    done()
