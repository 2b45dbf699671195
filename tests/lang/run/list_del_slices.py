a = list(range(10))
del a[1]; print(a)
del a[::3]; print(a)
del a[-2:]; print(a)
del a[1:3]; print(a)
del a[::-2]; print(a)
b = [1, 2, 3]
del b[:]; print(b)
d = {'a': 1, 'b': 2}
del d['a']; print(d)
try:
    del d['zz']
except KeyError as e:
    print('KeyError:', e)
try:
    del b[5]
except IndexError as e:
    print('IndexError:', e)
x = 1
del x
try:
    x
except NameError as e:
    print('NameError:', e)
