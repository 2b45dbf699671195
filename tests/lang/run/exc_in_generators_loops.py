def risky():
    yield 1
    raise ValueError('from gen')
try:
    for v in risky():
        print('v', v)
except ValueError as e:
    print('caught', e)
results = []
for x in [1, 0, 2]:
    try:
        results.append(10 // x)
    except ZeroDivisionError:
        results.append(None)
        continue
    finally:
        results.append('f')
print(results)
