pass
for x in y:
    break
for x in y:
    continue
