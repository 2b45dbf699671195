class O: pass
o = O()
setattr(o, 'x', 1)
print(getattr(o, 'x'), getattr(o, 'y', None), hasattr(o, 'x'), hasattr(o, 'y'))
delattr(o, 'x')
print(hasattr(o, 'x'))
try:
    getattr(o, 'y')
except AttributeError as e:
    print('AttributeError:', e)
try:
    getattr(o, 5)
except TypeError as e:
    print('TypeError:', e)
print(getattr([], 'append').__name__, getattr(str, 'upper')('q'))
